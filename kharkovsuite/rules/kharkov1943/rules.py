"""The object the engine's ``GameState`` delegates to for a Kharkov 1943 game: sequence,
activations, ZoC, stacking, movement; supply and command, fog of war, reinforcements,
replacements, detachments, HQs and victory; combat and defensive works.  The package stays
``PLAYABLE = False`` until the lead turns it on, and games are built with :func:`new_game` directly.
"""
from __future__ import annotations

from ...engine.actions import Move, RailMove
from ...engine.errors import IllegalAction
from ...engine.legal import LegalActions
from ...engine.state import GameState, Phase, Reach, SequencedRules, game_from_setup
from . import activation, combat, command, control, detachments, fog, hq, hqboxes, movement, rail, reaction, reinforcements
from . import replacements, sequence, stacking, supply, victory, works, zoc
from .actions import (Activate, Assault, BuildPosition, Combine, Detach, EndActivation, Enter, IntoHQBox, LeaveMap, LeavePosition,
                      MoveSupplyHead, OutOfHQBox, Pass, Reattach, Reconnoitre, ReduceFatigue, SetTop)
from .board import Board, board_for

DECISIONS = {stacking.DECISION: stacking, reaction.DECISION: reaction, hq.DECISION: hq, replacements.DECISION: replacements,
             **{kind: combat for kind in combat.DECISIONS}}


class Kharkov1943Rules(SequencedRules):
    sequence = sequence
    id = "kharkov1943"
    phases: tuple[Phase, ...] = sequence.PHASES

    def board(self, scenario) -> Board:
        return board_for(scenario)

    def new_game(self, scenario, seed: int, setup_name: str = "historical", scenario_path: str | None = None,
                 options: dict | None = None) -> GameState:
        if setup_name != "historical":
            raise ValueError(f"unknown set-up {setup_name!r} for kharkov1943 (known: historical)")
        return game_from_setup(self, scenario, seed, setup_name, scenario_path, lost=lambda info: info.steps_lost,
                               prepare=control.init, start=lambda state, events: sequence.enter_phase(state, 0, events), options=options)

    # ---------------------------------------------------------------- reading
    def observation(self, state: GameState, side: str) -> dict:
        """10: the position without the dice generator and the enemy units ``side`` may not see;
        13.1: nor the air points the enemy put on a combat before its roll."""
        out = fog.observation(state, side)
        combat.conceal(state, side, out)
        return out

    def result(self, state: GameState):
        """18: the victory levels reached if play ended now."""
        return victory.result(state)

    def rail_reason(self, state: GameState, unit: str) -> str:
        """Why a unit may not move by rail now, with the case; "" when it may (:mod:`.describe`)."""
        from .describe import rail_reason

        return rail_reason(state, unit)

    def unit_notes(self, state: GameState, unit: str) -> list[str]:
        """A unit's supply, command, fatigue and activations in a player's words (:mod:`.describe`)."""
        from .describe import unit_notes

        return unit_notes(state, unit)

    def copy_cache(self, cache: dict) -> dict:
        return {}

    def check_caches(self, state: GameState) -> None:
        """Debug mode: the kept movement steps and searches (with the ZoC map they rest on)
        recomputed; :class:`~...engine.errors.CacheMismatch` on a difference."""
        movement.check_cache(state)

    def unit_moved(self, state: GameState, unit_id: str, old: str | None, new: str | None) -> None:
        zoc.unit_moved(state, unit_id)
        command.unit_moved(state)
        supply.drop_caches(state)
        works.unit_moved(state, unit_id, old, new)

    # ---------------------------------------------------------------- legal actions
    def legal_actions(self, state: GameState) -> LegalActions:
        legal = LegalActions()
        if state.terminal:
            return legal
        if state.pending:
            decision = state.pending[-1]
            legal.add_list(DECISIONS[decision.kind].legal(state, decision))
            return legal
        phase = sequence.current(state)
        if phase.id != sequence.OPS:
            return legal
        side = phase.side
        act = activation.current(state)
        if act is None:
            legal.add_list([Activate(hq=h) for h in command.hqs(state, side) if activation.open_refusal(state, side, h) is None])
            if not activation.out_of_units(state, side):
                legal.add_list([Activate()])
            legal.add_list([Pass()])
            legal.add_list(supply.head_moves(state, side) + fog.legal(state, side))
            return legal
        self._moves(state, side, legal)
        legal.add_list([ReduceFatigue(unit=u) for u in self._own(state, side) if combat.reduce_refusal(state, u) is None])
        legal.add_list(reinforcements.legal(state, side) + reinforcements.rail_entries(state, side)
                       + detachments.legal(state, side) + self._exits(state, side)
                       + hqboxes.legal(state, side))
        legal.add_list(combat.legal_attacks(state))
        legal.add_list(self._works(state, side))
        if act["units"] and not combat.owing(state):
            legal.add_list([EndActivation()])
        if not len(legal):
            legal.add_list([Pass()])  # 2.2: an activation in which no unit can do anything is a pass
        return legal

    def _exits(self, state: GameState, side: str) -> list:
        """18.2: each unit under an exit order standing on its edge, alone."""
        return [LeaveMap(units=(u,)) for u in self._own(state, side) if (rule := reinforcements.exit_for(state, u)) is not None
                and state.units[u].hex in state.board.edge_hexes(rule.edge) and movement.movable(state, u)]

    def _works(self, state: GameState, side: str) -> list:
        """11: digging in, every stack that can, and leaving positions."""
        out: list = []
        stacks: dict[str, list[str]] = {}
        for uid in self._own(state, side):
            if state.board.units[uid].values.kind != "supply_head":
                stacks.setdefault(state.units[uid].hex, []).append(uid)
        for units in stacks.values():
            for kind in works.BUILD_COST:
                if works.build_refusal(state, units, kind) is None:
                    out.append(BuildPosition(units=tuple(sorted(units)), posture=kind))
        out.extend(LeavePosition(unit=u) for u in self._own(state, side) if works.leave_refusal(state, u) is None)
        return out

    def combat_preview(self, state: GameState, attackers, hex_id: str, attack_type="normal", air_points=None, support=None):
        """7.4: the odds, every shift and die modifier with its case, and the chance of each
        result of a proposed attack before the roll (checked like the attack: IllegalAction
        with its case when the rules forbid it)."""
        from .odds import preview

        types = (attack_type,) if isinstance(attack_type, str) else tuple(attack_type)
        if combat.current(state) is None:
            combat.check_attack(state, Assault(attackers=tuple(attackers), target=hex_id, types=types,
                                               support=(support or {}).get("attacker") or ""))
        return preview(state, attackers, hex_id, types, air_points, support)

    def describe(self, state: GameState, action, quick: bool = False):
        """The action in a player's words (:mod:`.describe`)."""
        from .describe import describe

        return describe(state, action, quick)

    def _own(self, state: GameState, side: str) -> list[str]:
        return [u for u, rec in state.units.items() if rec.side == side and rec.hex is not None]

    def _moves(self, state: GameState, side: str, legal: LegalActions) -> None:
        """Every unit alone, and every hex's whole group of units able to move (never subsets), on
        foot and (German) by rail: each listed once, as a :class:`~...engine.legal.Choices` of its
        destinations (``legal_actions().actions()`` opens them up)."""
        able = [u for u in self._own(state, side) if movement.movable(state, u)]
        by_hex: dict[str, list[str]] = {}
        for uid in able:
            by_hex.setdefault(state.units[uid].hex, []).append(uid)
        groups = [(u,) for u in able] + [tuple(g) for g in by_hex.values() if len(g) > 1 and _may_join_all(state, g)]
        net = rail.network(state) if side == rail.SIDE else None  # one railroad for every group of this position
        for group in groups:
            found = movement.search(state, group)  # kept while no enemy unit moves: see movement.StepRule
            hexes = found.hexes()

            def make(i: int, group=group, found=found, hexes=hexes) -> Move:
                return Move(units=group, path=found.path(hexes[i]))

            legal.add_choices("Move", group, len(hexes), make, hexes)  # one entry a unit or stack: the hex is picked after
            if side == rail.SIDE:
                stations = sorted(rail.reach(state, group, net).items())

                def make_rail(i: int, group=group, stations=stations) -> RailMove:
                    return RailMove(units=group, path=stations[i][1].path)

                legal.add_choices("RailMove", group, len(stations), make_rail, [h for h, _reach in stations])

    def legal_moves(self, state: GameState, units) -> dict[str, Reach]:
        units = tuple(units)
        if state.pending or state.terminal or sequence.current(state).id != sequence.OPS or not units:
            return {}
        if not all(movement.movable(state, u) for u in units) or len({state.units[u].hex for u in units}) != 1:
            return {}
        if not _may_join_all(state, units):
            return {}
        return movement.reach(state, units)

    # ---------------------------------------------------------------- applying
    def apply(self, state: GameState, action) -> list:
        if state.terminal:
            raise IllegalAction("18", "the game is over")
        events: list = []
        if state.pending:
            decision = state.pending[-1]
            DECISIONS[decision.kind].apply(state, decision, action, events)
        else:
            phase = sequence.current(state)
            if action.kind not in phase.actions:
                raise IllegalAction(phase.case, f"{action.kind} is not allowed in the {phase.name} Phase")
            side = phase.side
            act = activation.current(state)
            undo = combat.keep_going(state, action)  # 3.4
            try:
                self._operations_action(state, action, side, act, events)
            except IllegalAction:
                undo()  # a refused action changes nothing: a stack freed by a won mobile attack may still go on
                raise
        combat.proceed(state, events)
        self.settle(state, events)
        return events

    def _operations_action(self, state: GameState, action, side: str, act: dict | None, events: list) -> None:
        """An action of the operations phase (no decision pending), refused with its case."""
        if isinstance(action, Activate):
            activation.open_activation(state, side, action.hq, events)
        elif isinstance(action, Pass):
            if act is not None:
                if act["units"] or list(self.legal_actions(state).actions()) != [Pass()]:
                    raise IllegalAction("2.2", "an activation is open: end it rather than pass")
                activation.close(state)  # 2.2: no unit could act in it
            sequence.end_segment(state, True, events)
        elif isinstance(action, EndActivation):
            if act is None:
                raise IllegalAction("3.1", "no activation is open")
            if not act["units"]:
                raise IllegalAction("3.3", "the activation has activated no unit yet: activate one or pass (2.2)")
            owing = combat.owing(state)
            if owing:
                raise IllegalAction("4.3", f"{', '.join(owing)} entered an enemy ZoC and must attack before the activation ends")
            activation.close(state)
            sequence.end_segment(state, False, events)
        elif isinstance(action, ReduceFatigue):
            refusal = combat.reduce_refusal(state, action.unit)
            if refusal:
                raise IllegalAction(*refusal)
            activation.apply_reduce(state, action.unit, events)
        else:
            handler = next((h for kind, h in _OPERATIONS if isinstance(action, kind)), None)
            if handler is None:
                raise IllegalAction("2.2", f"{action.kind} is not an action of the operations phase")
            handler(state, side, action, events)

    def settle(self, state: GameState, events: list) -> None:
        """Run automatic phases, and skip or end segments nobody can use."""
        while not state.terminal and not state.pending:
            phase = sequence.current(state)
            if phase.automatic:
                sequence.run_automatic(state, events)
                continue
            if phase.id == sequence.OPS and activation.current(state) is None:
                side = phase.side
                if activation.out_of_units(state, side):
                    if activation.out_of_units(state, sequence.other(side)):
                        sequence.end_operations(state, events)  # 2.1
                    else:
                        state.turn_data["segment"] = sequence.other(side)
                    continue
            break


def _may_join_all(state: GameState, units) -> bool:
    return activation.group_refusal(state, units) is None


def _move_by_rail(state: GameState, side: str, action, events: list) -> None:
    if reinforcements.is_rail_entry(state, action):
        reinforcements.apply_rail_entry(state, action, events)  # 15.2
    else:
        rail.apply_rail(state, action, events)


# The operations phase's actions besides activating, passing and ending, each with what carries it out.
_OPERATIONS = (
    (Move, lambda state, side, action, events: movement.apply_move(state, action, events)),
    (RailMove, _move_by_rail),
    (Enter, lambda state, side, action, events: reinforcements.apply_enter(state, action, events)),
    (LeaveMap, lambda state, side, action, events: reinforcements.apply_leave(state, action, events)),
    (MoveSupplyHead, supply.apply_head_move),
    (Detach, lambda state, side, action, events: detachments.apply_detach(state, action, events)),
    (Reattach, lambda state, side, action, events: detachments.apply_reattach(state, action, events)),
    (Combine, lambda state, side, action, events: detachments.apply_combine(state, action, events)),
    (Reconnoitre, fog.apply_recon),
    (SetTop, fog.apply_top),
    (IntoHQBox, lambda state, side, action, events: hqboxes.apply_into(state, action, events)),
    (OutOfHQBox, lambda state, side, action, events: hqboxes.apply_out(state, action, events)),
    (Assault, lambda state, side, action, events: combat.declare(state, action, events)),
    (BuildPosition, lambda state, side, action, events: works.build(state, action.units, action.posture, events)),
    (LeavePosition, lambda state, side, action, events: works.leave(state, action.unit, events)),
)


RULES = Kharkov1943Rules()


def new_game(scenario, seed: int = 0, setup_name: str = "historical", scenario_path: str | None = None, options: dict | None = None) -> GameState:
    """A game of ``scenario`` (a loaded Scenario) for tests and tools: the registry refuses to
    start one while the system is not playable."""
    return RULES.new_game(scenario, seed, setup_name, scenario_path, options)

"""Rule system ``kharkov1942``: SPI's *Kharkov* (1978), rules engine part 1.

Modules follow the rulebook: :mod:`.sequence` (4.0), :mod:`.movement` (6.1-6.3),
:mod:`.rail` (6.4), :mod:`.disengagement` (6.6), :mod:`.breakout` (6.8), :mod:`.stacking`
(8.1), :mod:`.zoc` (8.2), :mod:`.combat` (9.1-9.4, 9.8, 9.9), :mod:`.results` (9.5),
:mod:`.retreat` (9.6), :mod:`.advance` (9.7), :mod:`.air` (13.1), :mod:`.units` (steps and
untried units, 9.5, 12.0), :mod:`.setup` (5.0), :mod:`.reinforcements` (16.0),
:mod:`.victory` (17.0, simple) and the part-2 seams :mod:`.supply` (11.0), :mod:`.hq` (10.0)
and :mod:`.overrun` (7.0).

:data:`RULES` is the object the engine's ``GameState`` delegates to.
"""
from __future__ import annotations

from ...engine.actions import EndPhase, Move, RailMove
from ...engine.errors import IllegalAction
from ...engine.legal import LegalActions
from ...engine.state import GameState, Phase, Reach, Result
from . import (
    advance,
    air,
    breakdown,
    combat,
    disengagement,
    fredericus,
    hq,
    movement,
    observation,
    overrun,
    rail,
    reserves,
    results,
    sequence,
    setup,
    stacking,
    supply,
    strongpoints,
    victory,
    zoc,
)
from .odds import attack_preview  # noqa: F401 - the odds query computer players ask (kharkovsuite.ai.core.preview)
from .board import Board, board_for
from .checks import scenario_checks  # noqa: F401 - found by the registry (rules.scenario_checks)

victory_defaults = victory.defaults  # found by the registry (rules.victory_defaults)

#: pending decision kind -> module with ``legal(state, decision)`` and ``apply(state, decision, action, events)``
DECISIONS = {
    "air": air,
    "loss_or_retreat": results,
    "advance": advance,
    "chase": disengagement,
    "overstack": stacking,
    reserves.RELEASE: reserves.Release,  # 6.75
    hq.DECISION: hq,  # 10.17
}

#: action kind -> handler ``(state, action, events)`` in a phase without a pending decision
HANDLERS = {
    "Move": movement.apply_move,
    "RailMove": lambda state, action, events: (rail.apply_rail(state, action, events), fredericus.railed(state, action.units)),
    "CommitReserve": reserves.apply_commit,
    "Overrun": overrun.apply_overrun,
    "Attack": lambda state, action, events: (strongpoints.attacked(state, action.attackers), combat.apply_attack(state, action, events)),
    "BreakDown": breakdown.apply_break_down,
    "ReformDivision": breakdown.apply_reform,
    "FormStrongpoint": strongpoints.apply_form,
    "EndPhase": lambda state, action, events: sequence.request_end(state, events),
    "AirSupply": lambda state, action, events: supply.apply_air_supply(state, action.hex, events),  # 13.2
}


class Kharkov1942Rules:
    id = "kharkov1942"
    phases: tuple[Phase, ...] = sequence.PHASES

    # ---------------------------------------------------------------- set-up
    def board(self, scenario) -> Board:
        return board_for(scenario)

    def new_game(self, scenario, seed: int, setup_name: str = "historical", scenario_path: str | None = None,
                 options: dict | None = None) -> GameState:
        return setup.new_game(self, scenario, seed, setup_name, scenario_path, options)

    # ---------------------------------------------------------------- reading
    def phase(self, state: GameState) -> Phase:
        if setup.in_setup(state):
            return setup.setup_phase(state)  # 5.0: set-up by hand
        return sequence.current(state)

    def to_act(self, state: GameState) -> str | None:
        if state.terminal:
            return None
        if setup.in_setup(state):
            return setup.setup_phase(state).side
        if state.pending:
            return state.pending[-1].side
        return sequence.current(state).side

    def date(self, state: GameState) -> str:
        return state.scenario.date_of(state.turn)

    def observation(self, state: GameState, side: str) -> dict:
        return observation.observation(state, side)

    def result(self, state: GameState) -> Result:
        return victory.result(state)

    def describe(self, state: GameState, action, quick: bool = False):
        """The action in a player's words, with the question to ask before it when it may cost a unit (:mod:`.describe`)."""
        from .describe import describe

        return describe(state, action, quick)

    def rail_reason(self, state: GameState, unit: str) -> str:
        """Why a unit cannot move by rail now, in a player's words ("" when it can, 6.4)."""
        from .describe import rail_reason

        return rail_reason(state, unit)

    def unit_notes(self, state: GameState, unit: str) -> list[str]:
        """A unit's supply and HQ activation, in a player's words (:mod:`.describe`)."""
        from .describe import unit_notes

        return unit_notes(state, unit)

    def copy_cache(self, cache: dict) -> dict:
        # Cached searches are immutable and may be shared; the derived counts are updated in
        # place, so a clone rebuilds its own.
        return {k: dict(v) for k, v in cache.items() if k in ("reach", "rail")}

    def check_caches(self, state: GameState) -> None:
        """Debug mode: recompute every cached result and raise :class:`CacheMismatch` on a difference."""
        zoc.check_cache(state)
        movement.check_cache(state)
        rail.check_cache(state)

    def unit_moved(self, state: GameState, unit_id: str, old: str | None, new: str | None) -> None:
        zoc.unit_moved(state, unit_id, old, new)
        movement.unit_moved(state, unit_id, old, new)  # its cached searches start elsewhere now
        fredericus.unit_moved(state, unit_id, old, new)  # 6.53
        reserves.unit_moved(state, unit_id, old, new)  # 6.75
        supply.unit_moved(state, unit_id, old, new)  # 11.0 cache, 16.0 arrivals
        strongpoints.unit_moved(state, unit_id, old, new)  # 15.23

    # ---------------------------------------------------------------- legal actions
    def legal_actions(self, state: GameState) -> LegalActions:
        legal = LegalActions()
        if state.terminal:
            return legal
        if state.pending:
            decision = state.pending[-1]
            legal.add_list(DECISIONS[decision.kind].legal(state, decision))
            return legal
        if setup.in_setup(state):
            setup.setup_legal(state, legal)
            return legal
        phase = sequence.current(state)
        if "Move" in phase.actions:
            self._movement_actions(state, legal)
        if "Attack" in phase.actions:
            combat.legal_attacks(state, legal)
        if "CommitReserve" in phase.actions:
            legal.add_list(reserves.legal(state))
        if "AirSupply" in phase.actions:
            from ...engine.actions import AirSupply

            legal.add_list([AirSupply(hex=h) for h in supply.air_supply_legal(state)])  # 13.2
        if "BreakDown" in phase.actions:
            legal.add_list(breakdown.legal(state))
            legal.add_list(breakdown.reform_legal(state))  # 15.12
            legal.add_list(strongpoints.legal(state))
        legal.add_list([EndPhase()])
        return legal

    def _movement_actions(self, state: GameState, legal: LegalActions) -> None:
        units = movement.movable_units(state)
        for uid in units:
            entry = movement.reach(state, uid)

            def make(i: int, uid=uid, entry=entry) -> Move:
                return Move(units=(uid,), path=movement.entry_paths(state, entry)[entry.dests[i]])

            legal.add_choices("Move", (uid,), len(entry.dests), make)  # one entry a unit: the hex is picked after
        for group in movement.stacks(state, units):  # 6.0: a whole stack moving together
            entry = movement.reach(state, group)

            def make_stack(i: int, group=group, entry=entry) -> Move:
                return Move(units=group, path=movement.entry_paths(state, entry)[entry.dests[i]])

            legal.add_choices("Move", group, len(entry.dests), make_stack)
        for uid in units if state.phase_data.get("rail_allowed") else ():  # 6.4: no rail move otherwise
            if rail.may_use_rail(state, uid, movable=True):
                dests = rail.rail_reach(state, uid)[2]

                def make_rail(i: int, uid=uid, dests=dests) -> RailMove:
                    return RailMove(units=(uid,), path=rail.rail_path(state, uid, dests[i]))

                legal.add_choices("RailMove", (uid,), len(dests), make_rail)
        legal.add_list(overrun.legal_overruns(state))

    def legal_moves(self, state: GameState, units) -> dict[str, Reach]:
        if state.pending or state.terminal or setup.in_setup(state) or "Move" not in sequence.current(state).actions:
            return {}
        return movement.legal_moves(state, units)

    # ---------------------------------------------------------------- applying
    def apply(self, state: GameState, action) -> list:
        if state.terminal:
            raise IllegalAction("17.0", "the game is over")
        events: list = []
        if setup.in_setup(state):
            setup.setup_apply(state, action, events)  # 5.0-5.3
            return events
        if state.pending:
            decision = state.pending[-1]
            DECISIONS[decision.kind].apply(state, decision, action, events)
        else:
            phase = sequence.current(state)
            if action.kind not in phase.actions:
                case = sequence.REFUSED.get((phase.id, action.kind), phase.case)
                raise IllegalAction(case, f"{action.kind} is not allowed in the {phase.side or ''} {phase.name} Phase".replace("  ", " "))
            HANDLERS[action.kind](state, action, events)
        hq.offer_displacements(state, events)  # 10.17: after the action, before anything else
        self.settle(state, events)
        return events

    def settle(self, state: GameState, events: list) -> None:
        """Run automatic phases and pass idle ones until a player has something to decide."""
        fredericus.flush(state, events)
        while not state.terminal and not state.pending:
            if reserves.offer_release(state, events):
                break  # 6.75: the Soviet player may commit the released reserve at once
            phase = sequence.current(state)
            if phase.automatic or (phase.skip_if_idle and len(self.legal_actions(state)) <= 1):
                sequence.next_phase(state, events)
                fredericus.flush(state, events)
                continue
            break


RULES = Kharkov1942Rules()


def new_game(scenario, seed: int = 0, setup_name: str = "historical", scenario_path: str | None = None,
             options: dict | None = None) -> GameState:
    return RULES.new_game(scenario, seed, setup_name, scenario_path, options)


# Part 2 (Fredericus 6.54/6.56): start-of-phase and start-of-turn hooks.
sequence.PHASE_HOOKS.setdefault("soviet-disruption", []).append(fredericus.end_of_soviet_turn)
sequence.TURN_HOOKS.append(fredericus.begin_turn)
overrun.hook_phases()  # 7.17: the HQs at the start of a movement phase

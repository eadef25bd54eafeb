"""The object the engine's ``GameState`` delegates to for a Kirovograd game (part 1: sequence,
weather, orders, initiative, supply, stacking, terrain, movement, reserves, ZOC, night).

Combat (14-22) is fought in the combat rounds by :mod:`.fight`.  Reinforcements and replacements
(24, 25: :mod:`.reinforcements`, :mod:`.replacements`) come in their phases, and :meth:`result`
scores the game by 27 (31.1E-H in Opening Moves, :mod:`.victory`).  ``HEADLESS = True`` lets self-play and tracing run it (the
registry's ``headless`` switch), and tests build games with :func:`new_game`.

Hidden information: each side's display (2.3) is its own: :meth:`observation` leaves out the
other side's supply tracks, its orders decision and its sealed orders until both sides have
handed theirs in (3.3), and the dice generator's state.
"""
from __future__ import annotations

from ...engine.actions import CommitReserve, DeclineReserve, EndPhase, Move
from ...engine.errors import CacheMismatch, IllegalAction
from ...engine.events import FlagChanged
from ...engine.legal import LegalActions
from ...engine.state import GameState, Phase, Reach, Result, SequencedRules, game_from_setup
from . import air, counters, fight, fog, hq_support, movement, orders, reinforcements, replacements, reserves, seen, sequence, stacking, supply, victory, zoc
from .actions import (AssignFormation, AttachUnit, DummyForReinforcement, ExitOffMap, FlipArtillery, HideHQ, PlaceDummy, PlaceReserve, ArmoredRecon, RevealUnit,
                      SetOrder, SubmitOrders, TakeReplacements, TransferSupply, UseRetreatOrders)
from .board import Board, board_for, other
from .boardview import StateBoard


class KirovogradRules(SequencedRules):
    sequence = sequence
    id = "kirovograd"
    phases: tuple[Phase, ...] = sequence.PHASES

    def combat_preview(self, state: GameState, attackers, targets, guns=(), hqs=(), flights=()):
        """15.6-15.8 before the roll (:func:`.fight.combat_preview`): the odds column, every
        shift with its case and the chance of each result of a proposed attack (``flights``: the
        first units of its ground attack flights, 28.4.1A)."""
        return fight.combat_preview(state, attackers, targets, guns, hqs, flights)

    def board(self, scenario) -> Board:
        return board_for(scenario)

    def new_game(self, scenario, seed: int, setup_name: str = "historical", scenario_path: str | None = None,
                 options: dict | None = None) -> GameState:
        if setup_name != "historical":
            raise ValueError(f"unknown set-up {setup_name!r} for kirovograd (known: historical)")
        return game_from_setup(self, scenario, seed, setup_name, scenario_path, lost=lambda info: info.sp_lost,
                               prepare=self._prepare, start=self._start,
                               options=options)

    def _start(self, state: GameState, events: list) -> None:
        fog.start(state, events)  # 26.3B-C, 30.1 (advanced rules 29, 30)
        sequence.enter_phase(state, 0, events)

    def _prepare(self, state: GameState) -> None:
        supply.init(state)
        air.start(state)  # 28.1, 26.3D (advanced rule 28)
        state.game["higher"] = {}
        victory.start(state)
        reinforcements.start(state)

    # ---------------------------------------------------------------- reading
    def observation(self, state: GameState, side: str) -> dict:
        """The position as ``side`` may see it (see the module docstring)."""
        out = state.to_dict(with_log=False)
        del out["rng"]
        out["units"] = {u.pop("id"): u for u in out["units"]}  # unit id -> record, as every system's observation
        foe = other(side)
        out["pending"] = [d for d in out["pending"] if not (d["kind"] == orders.DECISION and d["side"] == foe)]
        sealed = out["turn_data"].get("sealed")
        if isinstance(sealed, dict):
            sealed.pop(foe, None)
        if side != "german":
            out["game"].pop("arrivals", None)  # 24.1A: Germany rolls in secret
            out["game"].pop("struck_off", None)  # 24.3: which division went tells what is still to come
        tracks = out["game"].get("supply")
        if isinstance(tracks, dict):
            out["game"]["supply"] = {t: v for t, v in tracks.items() if t.split(":")[0] == side}
        fought = (out.get("phase_data") or {}).get("fight")
        if isinstance(fought, dict):  # 2.3: which of the enemy's tracks paid a gun's shot (8.1E) is its own
            for a in list(fought.get("attacks") or ()) + ([fought["draft"]] if fought.get("draft") else []):
                if isinstance(a.get("paid"), dict):
                    a["paid"] = {g: t for g, t in a["paid"].items() if t.split(":")[0] == side}
        return fog.observation(state, side, air.observation(state, side, out))

    def events_for(self, state: GameState, side: str) -> list:
        """The log as ``side`` may read it: all of it in the basic game but the other side's share of
        each supply delivery (2.3: its tracks are its own, as :meth:`observation` keeps them), the
        other side's cut supply lines and the supply markers of its face-down counters
        (:func:`.supply.seen_by`), and, with hidden units, the airstrip of a German transfer or
        landing (30.7, :func:`.air.seen_by`); with the advanced rules 29 and 30 each event with the masks of
        its moment (:func:`.fog.events_for`)."""
        log = fog.events_for(state, side) if fog.in_play(state) else state.log
        return [e for e in (supply.seen_by(sequence.delivery_seen_by(air.seen_by(e, side), side), side, state.units) for e in log)
                if e is not None]

    def result(self, state: GameState) -> Result:
        """27 (31.1E-H in Opening Moves): the victory level reached if play ended now."""
        return victory.result(state)

    def describe(self, state: GameState, action, quick: bool = False):
        """The action in a player's words (:mod:`.describe`)."""
        from .describe import describe

        return describe(state, action, quick)

    def unit_notes(self, state: GameState, unit: str) -> list[str]:
        """A unit's formation, orders, reserve and supply markers in a player's words (:mod:`.describe`)."""
        from .describe import unit_notes

        return unit_notes(state, unit)

    def rail_reason(self, state: GameState, unit: str) -> str:
        from .describe import rail_reason

        return rail_reason(state, unit)

    def copy_cache(self, cache: dict) -> dict:
        return {}

    def check_caches(self, state: GameState) -> None:
        """Debug mode: every kept ZOC table, masked set, list of units on the map and movement-round
        search against a fresh one."""
        held = state.cache.pop("derived", {})
        for key, value in held.items():
            if key[0] == "masked" and value != seen._masked(state, key[1], key[2]):
                raise CacheMismatch(f"{key} differs from a fresh computation")
            if key[0] == "on_map" and value != counters._on_map(state, key[1]):
                raise CacheMismatch(f"{key} differs from a fresh computation")
            if key[0] != "zoc":
                continue
            if key[2] == "near":
                fresh = movement.enemy_distance(state, other(key[1]))
            elif key[2] == "seen":
                fresh = seen._enemy_hexes(state, other(key[1]))
            elif key[2] == "attackable":
                fresh = frozenset(fight._enemy_hexes(state, other(key[1])))
            elif key[2] == "in_range":
                fresh = frozenset(t for t in fight._enemy_hexes(state, other(key[1])) if state.board.distance(key[3], t) <= key[4])
            elif key[2] == "hq_line":
                fresh = hq_support.support_path(StateBoard(state, key[5]), other(key[1]), key[3], key[4]) is not None
            elif key[2] == "links":
                fresh = supply.links(state, other(key[1]), key[3], key[4])
            elif key[2] == "blocked":
                fresh = supply._blocked(state, other(key[1]), key[3])
            elif key[2] == "line":
                fresh, value = supply.search(state, other(key[1]), *key[3:]).cost, value.cost
            elif len(key) == 3 or key[2] == "known":
                fresh = zoc.zoc_of(state, key[1], key[2] == "known")
            elif key[2] in ("all", "known_all"):
                fresh = zoc.zocs_against(state, key[1], key[3], key[2] == "known_all")
            else:
                fresh = {h: zoc.zoc_at(state, key[1], h, key[3], key[2] == "known_at") for h in value}
            if fresh != value:
                raise CacheMismatch(f"{key} differs from a fresh computation")
        kept = state.cache.get("round")
        if kept and kept[0] == (state.turn, state.phase_index):
            rnd = sequence.round_of(sequence.current(state).id)
            moved = state.phase_data.get("moved", ())
            for units, entry in kept[1].items():
                if all(state.units[u].hex == entry.ctx.start and u not in moved for u in units):
                    if entry.ok != sorted(movement.reach(state, units, rnd).items()):
                        raise CacheMismatch(f"the kept moves of {units} differ from a fresh search")

    def unit_moved(self, state: GameState, unit_id: str, old: str | None, new: str | None) -> None:
        side = state.units[unit_id].side
        victory.note_entry(state, unit_id, new)
        supply.note_edge(state, side, new)
        zoc.unit_moved(state, side)
        if side == sequence.current(state).side and not state.pending:
            movement.friendly_moved(state, [h for h in (old, new) if h is not None])
        else:
            movement.forget_round(state)

    # ---------------------------------------------------------------- legal actions
    def legal_actions(self, state: GameState) -> LegalActions:
        legal = LegalActions()
        if state.terminal:
            return legal
        if state.pending:
            decision = state.pending[-1]
            if decision.kind == orders.DECISION:
                self._orders(state, decision, legal)
            elif decision.kind == reserves.DECISION:
                moves = reserves.defensive_moves(state, decision.side)
                legal.add(len(moves), lambda i, m=moves: CommitReserve(units=(m[i][0],), hexes=m[i][1]))
                legal.add_list([DeclineReserve()])
            elif decision.kind in fight.DECISIONS:
                fight.legal_decision(state, decision, legal)
            elif decision.kind == air.DECISION:
                air.legal(state, decision, legal)
            elif decision.kind == air.LOSS:
                air.legal_loss(state, decision, legal)
            elif decision.kind == air.RETURN:
                air.legal_return(state, decision, legal)
            return legal
        phase = sequence.current(state)
        if phase.id.startswith("combat_"):
            fight.legal_declare(state, legal)
            return legal
        rnd = sequence.round_of(phase.id)
        if rnd is None:
            return legal
        side = phase.side
        moved = state.phase_data.get("moved", [])  # read only: a listing leaves the position as it was
        if self._may_assign(state):
            legal.add_list([AssignFormation(formation=f, higher=h) for f, h in self._assignments(state, side)])
        for group in self._groups(state, side, rnd):
            found = movement.round_reach(state, group, rnd)
            legal.add(len(found), lambda i, g=group, f=found: Move(units=g, path=f[i][1].path))
        for u in self._due(state, side):
            legal.add_list([Move(units=(u,), path=(h,)) for h in reinforcements.entry_options(state, u)[0]
                            if stacking.refusal(state, h, (u,)) is None])
        legal.add_list([TakeReplacements(unit=u, points=n) for u, n in replacements.candidates(state, side, moved)])
        if side == "soviet":
            legal.add_list([ExitOffMap(unit=u) for u in reinforcements.exit_options(state, lambda u: self._movable(state, side, u, rnd))])
        legal.add_list([PlaceReserve(units=u) for u in reserves.options(state, side, moved)])
        in_reserve = sorted(u for u in counters.on_map(state, side) if counters.has(state, u, counters.RESERVE))
        legal.add_list([CommitReserve(units=(u,), hexes=()) for u in in_reserve])
        legal.add_list([FlipArtillery(unit=u) for u in counters.on_map(state, side) if self._flip_refusal(state, side, u) is None])
        legal.add_list(self._transfers(state, side))
        if fog.in_play(state):
            legal.add_list([PlaceDummy(unit=u, hex=h) for u, h in fog.dummies_to_place(state, side)])
            legal.add_list([RevealUnit(unit=u) for u in fog.revealable(state, side)])
            legal.add_list([ArmoredRecon(units=g, hex=h) for g, h in fog.recon_targets(state, side, moved) if fight.recon_refusal(state, g) is None])
            legal.add_list([HideHQ(unit=u, hex=h) for u, h in fog.hide_options(state, side, rnd, moved)])
            legal.add_list([DummyForReinforcement(unit=u, hex=h) for u, h in fog.dummies_for_reinforcements(state, side, self._due(state, side))])
            barred = fog.dummy_barred(state, side)
            for d in [u for u in self._dummies(state, side) if self._movable(state, side, u, rnd)]:
                ok = [(h, r) for h, r in movement.round_reach(state, (d,), rnd) if fog.dummy_zoc_refusal(state, (d,), r.path, barred) is None]
                legal.add(len(ok), lambda i, d=d, f=ok: Move(units=(d,), path=f[i][1].path))
        if self._overstack_refusal(state, side, rnd) is None:
            legal.add_list([EndPhase()])
        return legal

    def _overstack_refusal(self, state: GameState, side: str, rnd: int) -> tuple[str, str] | None:
        """9.2C: the side's movement round does not end while a hex it overstacked by a retreat is
        still over the limit and a unit there may still move out of it."""
        for h in sorted({state.units[u].hex for u in counters.on_map(state, side) if counters.has(state, u, fight.OVERSTACKED)}):
            if stacking.refusal(state, h, ()) is None:
                continue
            for u in state.units_at(h):
                if self._movable(state, side, u, rnd) and any(dest != h for dest, _ in movement.round_reach(state, (u,), rnd)):
                    return "9.2C", f"{h} is overstacked since a retreat: move units out of it first ({u} can go)"
        return None

    def _transfers(self, state: GameState, side: str) -> list[TransferSupply]:
        """8.5.1D: one point, or all of them, from a dump to a linked one."""
        out = []
        for a in sorted(state.game["dumps"]):
            have = supply.points(state, f"german:{a}")
            for b in sorted(state.game["dumps"]):
                for n in sorted({1, have}):
                    if supply.transfer_refusal(state, side, a, b, n) is None:
                        out.append(TransferSupply(source=a, dest=b, points=n))
        return out

    def _orders(self, state: GameState, decision, legal: LegalActions) -> None:
        draft = decision.data["draft"]
        todo = [f for f in decision.data["tracks"] if f not in draft]
        for f in todo:
            legal.add_list([SetOrder(formation=f, order=o) for o in orders.ORDERS if orders.order_refusal(state, decision, f, o) is None])
        for u in counters.on_map(state, decision.side):
            if orders.independent(state, u) and u not in decision.data.get("attach", {}):
                legal.add_list([AttachUnit(unit=u, formation=f) for f in orders.attach_options(state, u)])
        oos = [u for u in counters.on_map(state, decision.side) if orders.retreat_refusal(state, decision, u) is None]
        legal.add_list([UseRetreatOrders(unit=u) for u in oos])
        if not todo:
            legal.add_list([SubmitOrders()])

    def _due(self, state: GameState, side: str) -> list[str]:
        """24.5A-B: the reinforcements that may enter now (none withheld for a dummy this turn)."""
        return [u for u in reinforcements.due(state, side) if u not in fog.withheld_for_dummies(state)]

    def _dummies(self, state: GameState, side: str) -> list[str]:
        """29.1: the side's dummies on the map, each moving alone."""
        return [u for u, rec in state.units.items() if rec.side == side and rec.hex is not None and fog.is_dummy(state, u)]

    def _movable(self, state: GameState, side: str, unit_id: str, rnd: int) -> bool:
        if unit_id in state.phase_data.get("moved", ()):
            return False
        ma, _ = movement.allowance(state, unit_id, rnd)
        return ma > 0

    def _groups(self, state: GameState, side: str, rnd: int) -> list[tuple[str, ...]]:
        """Every unit alone and every hex's whole group of units able to move (never subsets)."""
        able = [u for u in counters.on_map(state, side) if self._movable(state, side, u, rnd)]
        by_hex: dict[str, list[str]] = {}
        for u in able:
            by_hex.setdefault(state.units[u].hex, []).append(u)
        return [(u,) for u in able] + [tuple(g) for g in by_hex.values() if len(g) > 1]

    def legal_moves(self, state: GameState, units) -> dict[str, Reach]:
        units = tuple(units)
        if state.pending or state.terminal or not units:
            return {}
        phase = sequence.current(state)
        rnd = sequence.round_of(phase.id)
        if rnd is None or any(u not in state.units for u in units):
            return {}
        if len(units) == 1 and state.units[units[0]].hex is None:  # a reinforcement off the map: its open entry hexes (24.5A)
            return self._entry_reach(state, phase.side, units[0])
        if len({state.units[u].hex for u in units}) != 1 or any(state.units[u].side != phase.side for u in units):
            return {}
        if not all(self._movable(state, phase.side, u, rnd) for u in units):
            return {}
        return movement.reach(state, units, rnd)

    def _entry_reach(self, state: GameState, side: str, unit_id: str) -> dict[str, Reach]:
        """The entry hexes a due reinforcement may come on at now (24.0A, 24.2), each with the cost of
        entering it (24.4A): the moves the legal actions list for it, as the window draws a reach."""
        if unit_id not in self._due(state, side):
            return {}
        return {h: Reach(reinforcements.first_cost(state, (unit_id,), h), (h,))
                for h in reinforcements.entry_options(state, unit_id)[0] if stacking.refusal(state, h, (unit_id,)) is None}

    def _flip_refusal(self, state: GameState, side: str, unit_id: str) -> tuple[str, str] | None:
        rec = state.units.get(unit_id)
        if rec is None or rec.side != side or rec.hex is None or not state.board.units[unit_id].soviet_travelling_artillery:
            return "21.12A", f"{unit_id} is not a Soviet artillery unit with a travelling side on the map"
        if unit_id in state.phase_data.get("moved", ()):
            return "21.12C", f"{unit_id} has moved this round"
        if counters.has(state, unit_id, counters.TRAVELLING):
            if state.turn_data.get("light") != "day":
                return ("23.2" if state.turn_data.get("light") == "night" else "21.12B"), "artillery flips to its firing side only in a clear daytime round"
        return None

    def _may_assign(self, state: GameState) -> bool:
        """22.8: at the start of the side's first movement round."""
        phase = sequence.current(state)
        return sequence.round_of(phase.id) == 1 and not state.phase_data.get("acted")

    def _assignments(self, state: GameState, side: str) -> list[tuple[str, str]]:
        data = state.board.data.formations
        highers = [f for f, info in data.items() if info.hq in state.board.units and state.board.units[info.hq].side == side
                   and state.board.units[info.hq].values.role == "higher_hq" and state.units[info.hq].hex is not None]
        done = state.turn_data.get("assigned", ())
        out = []
        for f in orders.formations(state, side):
            now = state.game["higher"].get(f, data[f].higher)
            out += [(f, h) for h in highers if h != now and f not in done]
        return out

    # ---------------------------------------------------------------- applying
    def apply(self, state: GameState, action) -> list:
        if state.terminal:
            raise IllegalAction("3.7", "the game is over")
        events: list = []
        if state.pending:
            self._decide(state, state.pending[-1], action, events)
        else:
            phase = sequence.current(state)
            if action.kind not in phase.actions:
                raise IllegalAction(phase.case, f"{action.kind} is not allowed in the {phase.name} phase")
            if phase.id.startswith("combat_"):
                fight.apply_declare(state, action, events)
            else:
                self._move_phase(state, phase, action, events)
        self.settle(state, events)
        fog.after_action(state, events)  # 29.2B, 29.4B-C, 29.7
        return events

    def _decide(self, state: GameState, decision, action, events: list) -> None:
        if decision.kind == orders.DECISION:
            if isinstance(action, SetOrder):
                orders.set_order(state, decision, action.formation, action.order)
            elif isinstance(action, UseRetreatOrders):
                orders.use_retreat(state, decision, action.unit)
            elif isinstance(action, AttachUnit):
                orders.attach(state, decision, action.unit, action.formation)
            elif isinstance(action, SubmitOrders):
                orders.submit(state, decision, events)
            else:
                raise IllegalAction("3.3", f"{action.kind}: the {decision.side} player is giving orders")
        elif decision.kind == reserves.DECISION:
            if isinstance(action, CommitReserve):
                reserves.commit_defensive(state, decision, action.units, action.hexes, events)
                if decision.side == "soviet":
                    reinforcements.after_soviet_move(state, action.hexes)  # 24.6A-B
            elif isinstance(action, DeclineReserve):
                state.pending.remove(decision)
            else:
                raise IllegalAction("12.3.2A", f"{action.kind}: the {decision.side} player may commit reserves or decline")
        elif decision.kind in fight.DECISIONS:
            fight.decide(state, decision, action, events)
        elif decision.kind == air.DECISION:
            air.decide(state, decision, action, events)
        elif decision.kind == air.LOSS:
            air.decide_loss(state, decision, action, events)
        elif decision.kind == air.RETURN:
            air.decide_return(state, decision, action, events)

    def _move_phase(self, state: GameState, phase: Phase, action, events: list) -> None:
        side, rnd = phase.side, sequence.round_of(phase.id)
        moved = state.phase_data.setdefault("moved", [])
        if isinstance(action, EndPhase):
            refusal = self._overstack_refusal(state, side, rnd)
            if refusal:
                raise IllegalAction(*refusal)
            sequence.enter_phase(state, state.phase_index + 1, events)
            return
        if isinstance(action, AssignFormation):
            self._assign(state, side, action, events)
            return
        state.phase_data["acted"] = True
        if isinstance(action, Move) and action.units and all(u in state.units and state.units[u].hex is None for u in action.units):
            if not action.path or len(set(action.units)) != len(action.units):
                raise IllegalAction("24.4A", "a reinforcement's move names its units once each and its entry hex first")
            held = [u for u in action.units if u in fog.withheld_for_dummies(state)]
            if held:
                raise IllegalAction("24.5B", f"{', '.join(held)} is withheld this turn: a dummy came on in its place")
            first = len(events)
            reinforcements.enter(state, tuple(action.units), tuple(action.path), rnd, moved, events)
            fog.entered(state, tuple(action.units), events, first)
        elif isinstance(action, Move):
            units, path = tuple(action.units), tuple(action.path)
            if not units or len(path) < 2 or len(set(units)) != len(units):
                raise IllegalAction("11.B", "a move names its units once each and at least two hexes")
            for u in units:
                rec = state.units.get(u)
                if rec is None or rec.side != side or rec.hex != path[0]:
                    raise IllegalAction("11.B", f"{u} is not a {side} unit at {path[0]}")
                if u in moved:
                    raise IllegalAction("11.C", f"{u} has moved this round")
                if not self._movable(state, side, u, rnd):
                    case = "12.2B" if counters.has(state, u, counters.RESERVE) else ("21.12A" if state.board.units[u].soviet_travelling_artillery else "11.2A")
                    raise IllegalAction(case, f"{u} may not move this round")
            refusal = fog.dummy_zoc_refusal(state, units, path)
            if refusal:
                raise IllegalAction(*refusal)
            spent, stop = movement.walk(state, units, path, rnd)
            fog.before_move(state, units, events)
            hit = fog.run_into(state, units, path, rnd, None, events)  # what the side could not know
            if hit is not None:
                stopped = fog.stopped(units, path, hit)
                path, spent, stop = path[:hit.end + 1], hit.spent, hit.stop
                if len(path) == 1:  # stopped where it stood: not moved, it may go again knowing more
                    events.append(stopped)
                    return
            moved.extend(units)
            movement.place_along(state, units, path, spent, stop, "move", "11.B", events)
            if hit is not None:
                events.append(stopped)
            fog.after_move(state, units, path, events)
            air.after_move(state, units, path, events)  # 30.2B
            fight.enter(state, events)  # 9.2C: a hex the move made legal again
            if side == "soviet" and fog.dump_destroyers(state, units):
                reinforcements.after_soviet_move(state, path)  # 24.6A-B
        elif isinstance(action, ExitOffMap):
            if side != "soviet" or action.unit not in reinforcements.exit_options(state, lambda u: self._movable(state, side, u, rnd)):
                raise IllegalAction("24.3", f"{action.unit} is not a Soviet unit on the west or south edge able to move this round")
            reinforcements.exit_map(state, action.unit, moved, events)
        elif isinstance(action, PlaceDummy):
            fog.place(state, side, action.unit, action.hex, events)
        elif isinstance(action, RevealUnit):
            fog.reveal_by_owner(state, side, action.unit, events)
        elif isinstance(action, ArmoredRecon):
            refusal = fight.recon_refusal(state, tuple(action.units))
            if refusal:
                raise IllegalAction(*refusal)
            fog.check_recon(state, side, tuple(action.units), action.hex, moved)
            if not fight.recon_made_good(state, tuple(action.units), action.hex, events):
                movement.forget_round(state)  # the counters shown change what the side knows
                return
            found = fog.reconnoitre(state, side, tuple(action.units), action.hex, moved, events)
            if found and fight.recon_must_attack(state, tuple(action.units), action.hex):
                fight.recon_attack(state, tuple(action.units), action.hex, events)  # 29.8.2, resolved by settle
            movement.forget_round(state)
        elif isinstance(action, HideHQ):
            fog.hide_hq(state, side, action.unit, action.hex, rnd, moved, events)
        elif isinstance(action, DummyForReinforcement):
            fog.dummy_for_reinforcement(state, side, action.unit, action.hex, self._due(state, side), events)
        elif isinstance(action, (PlaceReserve, CommitReserve, FlipArtillery, TakeReplacements)):
            movement.forget_round(state)  # allowances and (9.1D) passages change
        if isinstance(action, PlaceReserve):
            reserves.place(state, side, tuple(action.units), moved, events)
        elif isinstance(action, CommitReserve):
            if action.hexes:
                raise IllegalAction("12.3.1A", "an offensive commitment names no hexes: the units then move as usual")
            reserves.commit(state, side, tuple(action.units), rnd, events)
        elif isinstance(action, TakeReplacements):
            if isinstance(action.points, bool) or not isinstance(action.points, int):
                raise IllegalAction("25.2C", f"replacement points are a whole number, not {action.points!r}")
            replacements.take(state, action.unit, action.points, moved)
            state.cache.pop("derived", None)  # its SP changed (13.6)
        elif isinstance(action, TransferSupply):
            supply.transfer(state, side, action.source, action.dest, action.points, events)
        elif isinstance(action, FlipArtillery):
            refusal = self._flip_refusal(state, side, action.unit)
            if refusal:
                raise IllegalAction(*refusal)
            to_travel = not counters.has(state, action.unit, counters.TRAVELLING)
            state.set_flag(action.unit, counters.TRAVELLING, to_travel)
            if not to_travel:
                moved.append(action.unit)  # 21.12C
            events.append(FlagChanged(unit=action.unit, flag="travelling", on=to_travel, case="21.12A" if to_travel else "21.12B"))

    def _assign(self, state: GameState, side: str, action: AssignFormation, events: list) -> None:
        if not self._may_assign(state):
            raise IllegalAction("22.8", "formations are assigned at the start of the side's first movement round")
        if (action.formation, action.higher) not in self._assignments(state, side):
            raise IllegalAction("22.8", f"{action.formation} may not be assigned to {action.higher} now")
        state.game["higher"][action.formation] = action.higher
        state.turn_data.setdefault("assigned", []).append(action.formation)
        events.append(FlagChanged(unit=state.board.data.formations[action.formation].hq, flag=f"assigned to {action.higher}", on=True, case="22.8"))

    def settle(self, state: GameState, events: list) -> None:
        """Run automatic phases until a player has something to decide."""
        while not state.terminal and not state.pending:
            phase = sequence.current(state)
            if phase.id == orders.DECISION:
                sequence.enter_phase(state, state.phase_index + 1, events)  # both sides have handed orders in
                continue
            if phase.id.startswith("combat_") or fight.recon_fighting(state):
                if fight.proceed(state, events):
                    break
                continue
            if not phase.automatic:
                break
            sequence.run_automatic(state, events)


RULES = KirovogradRules()


def new_game(scenario, seed: int = 0, setup_name: str = "historical", scenario_path: str | None = None,
             options: dict | None = None) -> GameState:
    """A game of ``scenario`` (a loaded Scenario) for tests and tools."""
    return RULES.new_game(scenario, seed, setup_name, scenario_path, options)

"""The game controller: the one object of the player that holds a GameState.

Widgets read the state (through the controller) and hand it actions; they never decide a rule.
Every applied action emits :attr:`GameController.state_changed` with the engine's events.
An illegal action is not applied: the engine's :class:`IllegalAction` (which names the rule
case) goes back to the caller.
"""
from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Hashable
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from kharkovsuite import engine
from kharkovsuite.engine import Action, GameState, IllegalAction
from kharkovsuite.scenario import Scenario, load_scenario
from kharkovsuite.engine.events import PhaseChanged, UnitMoved, with_names
from kharkovsuite.engine.hidden import FACE_DOWN
from kharkovsuite.view.counters import MARKERS, CounterView, sides_printing_attack_and_defense, unit_counter_view

from .systems import PlayerKit, allows_unplayable, kit_for


_SCENARIOS: dict[tuple[str, int], Scenario] = {}


def scenario(path: str | Path) -> Scenario:
    """The scenario file loaded once per process (and again when the file changes)."""
    p = Path(path).resolve()
    key = (str(p), p.stat().st_mtime_ns)
    if key not in _SCENARIOS:
        _SCENARIOS[key] = load_scenario(p)
    return _SCENARIOS[key]


class GameController(QObject):
    """Holds the game, applies actions, tells the window what happened."""

    state_changed = Signal(list)  # the events of the last action (empty after a load)
    game_replaced = Signal()  # a new or loaded game

    def __init__(self, state: GameState, parent: QObject | None = None):
        super().__init__(parent)
        self.state = state
        self.kit: PlayerKit = kit_for(state.scenario.rules)  # what the window shows of this rule system
        self.path: Path | None = None  # where the game was last saved or opened
        self._units = {u.id: u for u in state.scenario.units}
        self._undo: list[GameState] = []  # the positions before each undoable action of this phase
        self._legal_for: tuple | None = None  # (state, (actions, log entries)) of the legal actions kept
        self._observed_of, self._observed = None, {}  # the state whose observations are kept, and they by (actions, log, side)
        self._figured_of, self._figured = None, {}  # the state whose running figures are kept (per_position), and they
        self.saved_actions = len(state.actions)  # the actions of the game when it was last saved or opened

    # ------------------------------------------------------------------ games
    @classmethod
    def new(cls, scenario_path: str | Path, seed: int = 0, setup: str = "historical", options=None) -> "GameController":
        """A new game; ``options`` (names) switches on advanced or optional rules beyond the scenario's own."""
        state = engine.new_game(scenario(scenario_path), seed, setup, headless=allows_unplayable(), options=options)
        state.scenario_path = os.fspath(Path(scenario_path).resolve())  # what a save names; absolute, so it opens from anywhere
        return cls(state)

    @classmethod
    def open(cls, save_path: str | Path) -> "GameController":
        name = engine.saves.read_save(save_path).get("scenario")  # SaveError for a file that is no save
        state = engine.load(save_path, scenario=scenario(name) if isinstance(name, str) and name and Path(name).exists() else None)
        if name:
            state.scenario_path = name
        controller = cls(state)
        controller.path = Path(save_path)
        return controller

    def replace(self, state: GameState, path: Path | None = None) -> None:
        self.kit = kit_for(state.scenario.rules)
        self.__dict__.pop("_odds_module", None)  # the new game's system may be another
        self.state = state
        self.path = path
        self._units = {u.id: u for u in state.scenario.units}
        self._undo = []
        self.saved_actions = len(state.actions)
        self.game_replaced.emit()
        self.state_changed.emit([])

    def save(self, path: str | Path) -> None:
        engine.save(self.state, path)  # atomic
        self.path = Path(path)
        self.saved_actions = len(self.state.actions)

    def unsaved(self) -> bool:
        """Whether actions were taken since the game was last saved or opened (an undo back to it counts as none)."""
        return len(self.state.actions) != self.saved_actions

    # ------------------------------------------------------------------ actions
    def apply(self, action: Action, undoable: bool = True) -> list:
        """Apply ``action``; raises IllegalAction (nothing changes) if the rules refuse it.

        With ``undoable`` the position before it is kept so :meth:`undo` can return to it, unless
        the action rolled a die, drew a counter or revealed a strength, ended the phase or handed
        the turn to the other side: then nothing before it can be undone any more.
        """
        state = self.state
        before = state.clone() if undoable else None
        events = state.apply(action)
        if before is not None and self._undo_barrier(before, state, events) is None:
            self._undo.append(before)
        else:
            self._undo.clear()
        self.state_changed.emit(events)
        return events

    def try_apply(self, action: Action, undoable: bool = True) -> tuple[list | None, IllegalAction | None]:
        try:
            return self.apply(action, undoable), None
        except IllegalAction as exc:
            return None, exc

    @staticmethod
    def _undo_barrier(before: GameState, after: GameState, events: list) -> str | None:
        """Why an action may not be taken back (None: it may)."""
        if before.rng.getstate() != after.rng.getstate():
            return "a die was rolled or a counter drawn"
        if any(e.kind == "Revealed" for e in events):
            return "a strength was revealed (12.0)"
        if (before.turn, before.phase_index) != (after.turn, after.phase_index):
            return "the phase ended"
        if before.to_act != after.to_act:
            return "the other side has acted since"
        return None

    def can_undo(self) -> bool:
        return bool(self._undo) and self._undo[-1].to_act == self.state.to_act

    def undo(self) -> Action | None:
        """Take back the last action of this phase back to the last die roll or revelation; returns it (None: nothing to undo)."""
        if not self.can_undo():
            return None
        undone = self.state.actions[-1]
        self.state = self._undo.pop()
        self.state_changed.emit([])
        return undone

    def describe(self, action: Action, quick: bool = False):
        """The rule system's words for ``action``: ``label``, ``detail`` and ``confirm`` (the question to ask first, "" for none).

        ``quick``: without what takes long to figure (for long lists).  Kept per position, so a
        click that only changes the selection does not figure them again.
        """
        return self.per_position(("words", action, quick), lambda: self.state.rules.describe(self.state, action, quick))

    def legal(self):
        """The engine's legal actions in this position (its lazy list), listed once: one click asks for them from
        every panel, and listing them takes a Kharkov 1943 engine a good part of a second."""
        state = self.state
        key = (len(state.actions), len(state.log))
        if self._legal_for is None or self._legal_for[0] is not state or self._legal_for[1] != key:
            self._legal_for, self._legal = (state, key), state.legal_actions()
        return self._legal

    def forget_legal(self) -> None:
        """List the legal actions anew when next asked: the position may have changed by other means than an
        action (a flag a tool or a test sets), which the count of actions and events does not show.  The kept
        observations go with them."""
        self._legal_for = None
        self._observed_of, self._observed = None, {}
        self._figured_of, self._figured = None, {}

    def legal_actions(self) -> list[Action]:
        return list(self.legal().actions())  # a unit's moves one by one

    # ------------------------------------------------------------------ what the window shows
    def viewing_side(self) -> str:
        """The side whose observation the map shows: the side to act, else the phasing side."""
        return self.state.to_act or self.state.phase.side or next(iter(self.state.scenario.sides))

    def observation(self, side: str | None = None) -> dict:
        """What ``side`` (default: the side the map shows) may know, with ``units`` by id.  Worked out once per
        position and side, as :meth:`legal` is (one click reads it from every panel, and a Kharkov 1943 engine takes
        hundredths of a second for it); shared by its readers, who must not change it."""
        state = self.state
        side = side or self.viewing_side()
        key = (len(state.actions), len(state.log), side)
        kept = self._observed.get(key) if self._observed_of is state else None
        if kept is not None:
            return kept
        if self._observed_of is not state or len(self._observed) > 8:
            self._observed_of, self._observed = state, {}
        obs = state.observation(side)
        units = obs.get("units")
        if isinstance(units, list):  # the units as the state's plain form lists them, each record with its id
            obs = dict(obs, units={u["id"]: u for u in units})
        self._observed[key] = obs
        return obs

    def per_position(self, name: Hashable, make: Callable[[], object]):
        """``make()`` worked out once per position, as :meth:`observation` is: one click reads the running Victory
        Points and the notes on units from several panels, and each reading takes an engine tenths of a second.  Dropped
        with the legal actions (:meth:`forget_legal`); its readers must not change what it returns."""
        state = self.state
        if self._figured_of is not state:
            self._figured_of, self._figured = state, {}
        key = (name, len(state.actions), len(state.log))
        if key not in self._figured:
            self._figured[key] = make()
        return self._figured[key]

    def counters(self, side: str | None = None, locations: Callable[[str], bool] | None = None) -> dict[str, list[CounterView]]:
        """The counters as ``side`` may see them: location -> stack, top first."""
        obs = self.observation(side)
        out: dict[str, list[CounterView]] = {}
        for uid, view in obs["units"].items():
            where = view.get("hex") or view.get("box")
            if where is None or (locations is not None and not locations(where)):  # e.g. boxes the map does not draw
                continue
            out.setdefault(where, []).insert(0, self.counter_view(uid, view))
        # The state lists a hex's units in arrival order; the last to arrive is on top.
        for loc, stack in out.items():
            order = self.state.units_at(loc)
            if order:
                rank = {u: i for i, u in enumerate(order)}
                stack.sort(key=lambda cv: -rank.get(cv.id, -1))
        return out

    def counter_view(self, uid: str, view: dict) -> CounterView:
        unit = self._units.get(uid)
        if unit is None:  # a counter the observation names only by an anonymous token: its back, nothing more
            return self.back_view(uid, view["side"])
        flags = view.get("flags", ())
        markers = tuple(f for f in flags if f in MARKERS) + self.kit.markers(self.state, uid)
        hq_active = None
        if self.state.board.is_hq(uid) if hasattr(self.state.board, "is_hq") else False:
            hq_active = "inactive" not in flags
        scenario = self.state.scenario
        if getattr(self, "_sides_of", None) is not scenario:  # which sides print attack and defense apart, once per scenario
            self._sides_of, self._ad_sides = scenario, sides_printing_attack_and_defense(scenario)
        cv = unit_counter_view(scenario, unit, step=view.get("step", 0), untried="untried" in view, hq_active=hq_active, markers=markers,
                               attack_defense_sides=self._ad_sides)
        values = view.get("values")
        if values and "untried" not in view:
            cv = dataclasses.replace(cv, values=self.kit.values_text(values), untried=False)
        return cv

    def back_view(self, token: str, side: str) -> CounterView:
        """A face-down counter of ``side`` (a tank-backed unit or a dummy, 29.4A): the side's colours and a tank symbol."""
        nationality = next((t.nationality for t in self.state.scenario.unit_types.values() if t.side == side), "")
        return CounterView(id=token, side=side, nationality=nationality, symbol="armor", size="", back="?", untried=True,
                           name=f"{self.side_name(side)} counter, face down")

    def result(self):
        """The running result (what each side would score if the game ended now), cached per action."""
        def tally():
            try:
                return self.state.result()
            except Exception:  # noqa: BLE001 - a rule system without a running tally
                return None
        return self.per_position("result", tally)

    # ------------------------------------------------------------------ odds before the roll
    def odds_module(self):
        """The rule system's odds query (``rules/<system>/odds.py``), or None if it has none."""
        if not hasattr(self, "_odds_module"):
            self._odds_module = self.kit.odds_module()
        return self._odds_module

    def odds(self, attackers, targets):
        """The odds of a proposed attack (raises IllegalAction naming the case if it may not be made)."""
        module = self.odds_module()
        return None if module is None else module.attack_odds(self.state, list(attackers), list(targets))

    def current_odds(self):
        """The odds of the declared attack not yet rolled (Air Points committed so far included)."""
        module = self.odds_module()
        return None if module is None else module.current_odds(self.state)

    def rail_moves_left(self) -> tuple[int, int] | None:
        """(units the side to act may still move by rail this phase, its limit), as the rule system counts them."""
        return self.kit.rail_moves_left(self.state)

    # ------------------------------------------------------------------ the summary
    def vp_breakdown(self) -> dict | None:
        """The rule system's running Victory Point breakdown, or None if it has none."""
        return self.per_position("vp_breakdown", lambda: self.kit.vp_breakdown(self.state))

    def turn_history(self) -> list[dict]:
        """Per game-turn: the VP each side would have had if the game had ended then, steps lost and units eliminated.

        The VP come from replaying the game's actions from its seed (every die comes from the
        seeded generator, so the replay is the game); the losses from the log.  Cached per action.
        """
        from kharkovsuite.engine import new_game

        state = self.state
        key = (state.seed, len(state.actions))
        if getattr(self, "_history_key", None) == key:
            return self._history
        rows: dict[int, dict] = {}

        def row(turn: int) -> dict:
            return rows.setdefault(turn, {"turn": turn, "vp": {}, "steps": {s: 0 for s in state.scenario.sides}, "eliminated": {s: 0 for s in state.scenario.sides}})

        sim = new_game(state.scenario, state.seed, state.setup)
        turn = sim.turn
        for action in state.actions:
            sim.apply(action)
            if sim.turn != turn or sim.is_terminal:
                row(turn)["vp"] = dict(sim.result().vp)
                turn = sim.turn
        if sim.to_dict(with_log=False) != state.to_dict(with_log=False):
            raise ValueError("this game does not replay from its seed and actions (a position set up by hand), so its VP by turn are unknown")
        if not sim.is_terminal:
            row(turn)["vp"] = dict(sim.result().vp)  # the turn in progress, as it stands
        turn = 1
        for event in state.log:
            if isinstance(event, PhaseChanged):
                turn = event.turn
            elif event.kind in ("StepLost", "Eliminated") and event.unit in state.units:
                row(turn)["steps" if event.kind == "StepLost" else "eliminated"][state.units[event.unit].side] += 1
        self._history_key, self._history = key, [rows[t] for t in sorted(rows)]
        return self._history

    def reinforcements_due(self) -> list[tuple[int, str, str, list[str]]]:
        """(turn due, side, entry area, units) of the reinforcements not entered yet (16.0); the schedule is public."""
        due: dict[tuple, list[str]] = {}
        for uid, rec in self.state.units.items():
            data = rec.data or {}
            if rec.box == "arriving" and "due" in data:
                due.setdefault((data["due"], rec.side, str(data.get("entry") or "")), []).append(uid)
        return [(t, side, entry, sorted(units)) for (t, side, entry), units in sorted(due.items())]

    def legal_of_segments(self, kind: str) -> list[Action]:
        """The legal actions of the engine's segments that begin with a ``kind`` action (a decision's
        segment may end with another kind: those are left out), without building the others."""
        out = []
        for count, make in self.legal().segments():
            if make(0).kind == kind:
                out += [a for a in (make(i) for i in range(count)) if a.kind == kind]
        return out

    def waiting_to_enter(self, rail: bool = False) -> list[str]:
        """Units off the map that the engine lets the side to act bring on now (16.0), in schedule order; ``rail``:
        those that may ride on by train from their entry hex instead (Kharkov 1943, 15.2).

        Read from the legal actions: a Move (a RailMove) whose units are in no hex is an entry.
        """
        state = self.state
        kind = "RailMove" if rail else "Move"
        if state.pending or kind not in state.phase.actions:
            return []
        def entry(of: str, units: tuple[str, ...]) -> bool:
            return of == kind and bool(units) and all(state.units[u].hex is None for u in units)

        out: dict[str, None] = {}
        for count, make, choices in self.legal().listed_segments():
            if choices is not None:  # one unit's (or stack's) moves listed as one entry: its kind and units suffice
                if entry(choices.kind, choices.units):
                    out.update(dict.fromkeys(choices.units))
                continue
            first = make(0)
            if first.kind in ("Move", "RailMove") and first.units and all(state.units[u].hex for u in first.units):
                continue  # a unit's moves on the map, built only when asked for: never an entry
            for a in (first, *(make(i) for i in range(1, count))):  # a list of mixed actions: entries anywhere in it
                if entry(a.kind, getattr(a, "units", ())):
                    out.update(dict.fromkeys(a.units))
        due = {u: (rec.data or {}).get("due", 0) for u, rec in state.units.items() if u in out}
        return sorted(out, key=lambda u: (due[u], u))

    def rail_units(self) -> list[str]:
        """Units the engine lets move by rail now (6.4), read from the legal actions."""
        state = self.state
        if state.pending or "RailMove" not in state.phase.actions:
            return []
        return sorted({u for _count, make in self.legal().segments() for a in (make(0),) if a.kind == "RailMove" for u in a.units})

    def rail_reason(self, uid: str) -> str:
        """Why ``uid`` cannot go by rail now, in the rule system's words ("" when it can)."""
        return self.state.rules.rail_reason(self.state, uid)

    def unit_notes(self, uid: str) -> list[str]:
        """The rule system's notes on a unit: supply with its reason, HQ activation."""
        return self.per_position(f"notes:{uid}", lambda: self.state.rules.unit_notes(self.state, uid))

    def box_name(self, box: str | None) -> str:
        """An off-map box in words: its area's name, or what the rule system keeps there."""
        if not box:
            return ""
        if box == "arriving":
            return f"off the map, waiting to enter ({self.kit.case('reinforcement')})"
        area = self.state.scenario.map.areas.get(box)
        return area.name if area is not None and area.name else box.replace("-", " ")

    def unit_name(self, uid: str) -> str:
        """The unit's name as printed in the scenario (its id if it has none)."""
        unit = self._units.get(uid)
        return unit.name if unit is not None and unit.name else uid

    def entry_label(self, uid: str) -> str:
        """Where a reinforcement comes on, as its schedule names it (the entry area's name)."""
        return self.area_label(str((self.state.units[uid].data or {}).get("entry") or ""))

    def area_label(self, area_id: str) -> str:
        """A map area in a few words: its name up to the colon ("East edge"), else its id in words."""
        area = self.state.scenario.map.areas.get(area_id) if area_id else None
        name = area.name if area is not None and area.name else area_id.replace("_", " ")
        return name.split(":", 1)[0]  # "East edge: Soviet reinforcements (16.1) ..." -> "East edge"

    def unit_names(self) -> dict[str, str]:
        """id -> name of the units the side viewing may know of (its observation: a hidden unit is not there,
        and a face-down counter is one by that name, whatever its anonymous token)."""
        key = (id(self.state), len(self.state.actions), len(self.state.log), self.viewing_side())
        if getattr(self, "_names_key", None) != key:
            seen = self.observation()["units"]
            self._names_key = key
            self._names = {u: "a face-down counter" if view.get("type") == FACE_DOWN else self.unit_name(u) for u, view in seen.items()}
        return self._names

    def named(self, text: str) -> str:
        """``text`` (an event's or the engine's words, in ids) with the units the seat may know named, and the sides
        named as the scenario names them ("die 6 for initiative (german)" reads "(German)")."""
        sides = {side: info.name for side, info in self.state.scenario.sides.items() if info.name}
        return with_names(text, {**self.kit.names(self.state), **sides, **self.unit_names()})

    def event_text(self, event) -> str:
        """An event in a player's words: its text with the units named as the scenario names them."""
        return self.named(self.kit.event_text(event))

    def reserves(self) -> tuple[dict[str, list[str]], int | None, set[str]] | None:
        """Reserves: units per reserve box, how many may still be committed this turn (None: any), boxes released."""
        return self.kit.reserves(self.state)

    def hqs(self) -> list[tuple[str, str, str | None, bool]]:
        """(HQ, side, hex, active) of every HQ on the map that the side viewing may see."""
        board = self.state.board
        if not hasattr(board, "is_hq"):
            return []
        seen = self.observation()["units"]
        return [(uid, view["side"], view["hex"], "inactive" not in view.get("flags", ())) for uid, view in sorted(seen.items())
                if view.get("hex") and board.is_hq(uid)]

    def side_name(self, side: str | None) -> str:
        """A side as the scenario names it."""
        sides = self.state.scenario.sides
        return sides[side].name if side in sides else (side or "—")

    def visible_log(self) -> list:
        """The events of the game the side viewing may read, as the engine filters them for that
        side (``events_for``: in a game without hidden units, the whole log)."""
        side = self.viewing_side()
        return self.per_position(("log", side), lambda: self.state.events_for(side))

    def units_seen_at(self, location: str) -> list[str]:
        """The units at ``location`` that the side viewing may see (its observation), bottom first."""
        seen = self.observation()["units"]
        return [u for u in self.state.units_at(location) if u in seen and (seen[u].get("hex") or seen[u].get("box")) == location]

    def own_units_at(self, location: str) -> list[str]:
        side = self.state.to_act
        return [u for u in self.state.units_at(location) if self.state.units[u].side == side]

    def movement_allowance(self, uid: str) -> float | None:
        """The movement allowance printed on the counter as the side to act sees it (6.11).

        Revealed values first; an untried unit shows it on its back (``U-7``); an HQ by its side.  A rule system
        whose allowance changes with the round and the unit's orders gives it through its kit.
        """
        given = self.kit.movement_allowance(self.state, uid)
        if given is not None:
            return given
        rec = self.state.units[uid]
        if rec.values is not None and "movement" in rec.values:
            return rec.values["movement"]
        t = self.state.scenario.unit_types.get(rec.type)
        if t is None:
            return None
        hq = self._units[uid].hq or t.hq
        if hq is not None:
            return hq.inactive_movement if "inactive" in rec.flags else hq.movement
        pool = self.state.scenario.untried_pools.get(t.untried_pool or "")
        if pool is not None:
            tail = pool.back.rsplit("-", 1)[-1]
            return float(tail) if tail.replace(".", "", 1).isdigit() else None
        if t.steps:
            return t.steps[min(rec.step, len(t.steps) - 1)].movement
        return None

    def mp_spent(self, uid: str) -> float:
        """Movement Points spent this phase, summed from the log since the phase began."""
        spent = 0.0
        for event in reversed(self.state.log):
            if isinstance(event, PhaseChanged):
                break
            if isinstance(event, UnitMoved) and uid in event.units:
                spent += event.cost
        return spent

    def mp_left(self, uid: str) -> float | None:
        allowance = self.movement_allowance(uid)
        return None if allowance is None else max(0.0, allowance - self.mp_spent(uid))

    def forgotten(self) -> list[str]:
        """Things the player may have forgotten before ending the phase, as the state tells them."""
        state = self.state
        out = []
        if state.pending:
            out.append(f"a decision is pending ({state.pending[-1].kind}, {state.pending[-1].case})")
        waiting = self.waiting_to_enter()
        if waiting:
            names = [self.unit_name(u) for u in waiting]
            out.append(f"{len(waiting)} reinforcement(s) may still enter ({self.kit.case('reinforcement')}): {', '.join(names[:6])}" + (" …" if len(names) > 6 else ""))
        unmoved: set[str] = set()
        able: set[str] = set()
        for count, make in self.legal().segments():
            first = make(0)  # the engine lists one unit's (or stack's) moves, or one group's attacks, per segment
            if first.kind == "Move" and all(state.units[u].hex is not None for u in first.units):
                unmoved.update(first.units)
            elif first.kind == "Attack":
                able.update(make(count - 1).attackers)  # the last of a group's attacks uses every able unit
        attackers = len(able)
        if unmoved:
            out.append(f"{len(unmoved)} unit(s) have not moved and still may ({self.kit.case('move')})")
        side = state.phase.side
        if side and "Move" in state.phase.actions:
            limit = getattr(state.board, "stacking_limit", None)
            if isinstance(limit, int):
                over = [h for h, ids in state.at.items() if sum(1 for u in ids if state.units[u].side == side) > limit]
                if over:
                    out.append(f"overstacked hexes: {', '.join(sorted(over))} ({self.kit.case('stacking')})")
        if attackers:
            out.append(f"{attackers} unit(s) next to the enemy could still attack ({self.kit.case('attack')})")
        return out


__all__ = ["GameController", "IllegalAction"]

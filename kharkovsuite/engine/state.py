"""The game state: plain, serialisable data plus the calls of the game API.

The state knows units, hexes, sides, a turn and phase counter, pending decisions, a seeded
random generator and the log.  Everything a particular rulebook decides (sequence of play,
legality, combat) is delegated to ``state.rules``, the rule system found through
:func:`kharkovsuite.rules.system`.
"""
from __future__ import annotations

import copy
import os
import random
from dataclasses import dataclass, field
from collections.abc import Callable
from typing import Any

from .actions import Action, action_from_dict, check_action
from .codec import decode, encode
from .errors import is_case
from .events import Event, event_from_dict, known_events


CHECK_CACHES_VAR = "KHARKOV_CHECK_CACHES"


@dataclass(slots=True)
class UnitRecord:
    """One counter: where it is, how many steps it has lost, its markers."""

    id: str
    side: str
    type: str
    hex: str | None = None
    box: str | None = None  # an off-map area: reserve box, breakdown box, turn record, eliminated
    step: int = 0  # steps lost so far (0 = full strength)
    flags: frozenset[str] = frozenset()
    values: dict | None = None  # drawn values of an untried unit once revealed (12.0)
    data: dict | None = None  # rule-system extras (arrival turn, entry area, ...)

    def copy(self) -> "UnitRecord":
        return UnitRecord(
            self.id,
            self.side,
            self.type,
            self.hex,
            self.box,
            self.step,
            self.flags,
            dict(self.values) if self.values is not None else None,
            dict(self.data) if self.data is not None else None,
        )

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "side": self.side,
            "type": self.type,
            "hex": self.hex,
            "box": self.box,
            "step": self.step,
            "flags": sorted(self.flags),
            "values": self.values,
            "data": encode(self.data),
        }

    @classmethod
    def from_dict(cls, d: dict) -> "UnitRecord":
        return cls(d["id"], d["side"], d["type"], d["hex"], d["box"], d["step"], frozenset(d["flags"]), d["values"], decode(d["data"]))


@dataclass
class Decision:
    """A pending decision: who decides, under which case, with what the rules need to know."""

    kind: str
    side: str
    case: str
    data: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        # the window names the case a decision is owed under, and the rules keep their notes in data
        if not is_case(self.case):
            raise TypeError(f"a {self.kind} decision names its rule case (a number such as 6.25), not {self.case!r}")
        if not isinstance(self.data, dict):
            raise TypeError(f"a {self.kind} decision keeps its data in a dict, not {self.data!r}")


@dataclass(frozen=True)
class Phase:
    """A phase of the sequence of play, declared as data by the rule system."""

    id: str
    name: str
    side: str | None
    case: str
    what_may_be_done: str
    actions: tuple[str, ...] = ()
    automatic: bool = False  # runs its effect and ends by itself
    skip_if_idle: bool = False  # ends by itself when nothing but EndPhase is legal


@dataclass(frozen=True)
class Reach:
    """How a unit gets to a hex: the cost in Movement Points and the path, start included."""

    cost: float
    path: tuple[str, ...]


@dataclass(frozen=True)
class Result:
    vp: dict[str, int]
    margin: int  # Soviet minus Axis (first side minus second for other systems)
    winner: str | None
    level: str


class GameState:
    """One game in progress.  Create it with :func:`kharkovsuite.engine.new_game`."""

    def __init__(self, scenario, rules, seed: int, setup: str = "historical", scenario_path: str | None = None,
                 options: dict | None = None):
        self.scenario = scenario
        #: the game's options (:mod:`.options`): the scenario's own unless the game chose others
        self.options: dict[str, Any] = dict(scenario.options) if options is None else dict(options)
        self.scenario_path = scenario_path
        self.rules = rules
        self.board = rules.board(scenario)
        self.seed = seed
        self.setup = setup
        self.units: dict[str, UnitRecord] = {}
        self.at: dict[str, list[str]] = {}  # hex -> unit ids there, in arrival order
        self.turn = 1
        self.phase_index = 0
        self.pending: list[Decision] = []
        self.phase_data: dict[str, Any] = {}  # cleared at every phase change
        self.turn_data: dict[str, Any] = {}  # cleared at every game-turn
        self.game: dict[str, Any] = {}  # kept for the whole game
        self.rng = random.Random(seed)
        self.actions: list[Action] = []
        self.log: list[Event] = []
        self.terminal = False
        self.cache: dict[Any, Any] = {}  # derived data; never part of the saved state
        self.changes: list[tuple[str, str]] = []  # (hex, side) changed since the caches looked
        #: debug mode: after every action the rule system recomputes each cached result and
        #: raises ``CacheMismatch`` on a difference (set ``KHARKOV_CHECK_CACHES=1`` or assign)
        self.check_caches = os.environ.get(CHECK_CACHES_VAR, "") not in ("", "0")

    # ------------------------------------------------------------------ the game API
    @property
    def to_act(self) -> str | None:
        return self.rules.to_act(self)

    @property
    def phase(self) -> Phase:
        return self.rules.phase(self)

    @property
    def date(self) -> str:
        return self.rules.date(self)

    @property
    def is_terminal(self) -> bool:
        return self.terminal

    def legal_actions(self):
        return self.rules.legal_actions(self)

    def legal_moves(self, units) -> dict[str, Reach]:
        return self.rules.legal_moves(self, units)

    def apply(self, action: Action) -> list[Event]:
        check_action(action)
        events = self.rules.apply(self, action)
        self.actions.append(action)
        self.log.extend(events)
        if self.check_caches:
            self.rules.check_caches(self)
        return events

    def observation(self, side: str) -> dict:
        return self.rules.observation(self, side)

    def result(self) -> Result:
        return self.rules.result(self)

    def events_for(self, side: str) -> list[Event]:
        """The events of the log that ``side`` may know: the rule system's own filter
        (``rules.events_for``) when it has one, else every event that names no unit the side's
        observation leaves out (a system without hidden units keeps its whole log)."""
        own = getattr(self.rules, "events_for", None)
        if own is not None:
            return own(self, side)
        seen = self.observation(side).get("units", {})
        known = set(seen) if isinstance(seen, dict) else {u["id"] for u in seen}
        return known_events(self.log, set(self.units) - known)

    # ------------------------------------------------------------------ units and hexes
    def units_at(self, hex_id: str) -> list[str]:
        return self.at.get(hex_id, [])

    def place(self, unit_id: str, hex_id: str) -> None:
        """Put a unit in a hex (from wherever it was)."""
        rec = self.units[unit_id]
        old = rec.hex
        self._leave(rec)
        rec.hex, rec.box = hex_id, None
        self.at.setdefault(hex_id, []).append(unit_id)
        self.changes.append((hex_id, rec.side))
        self.rules.unit_moved(self, unit_id, old, hex_id)

    def to_box(self, unit_id: str, box: str) -> None:
        """Take a unit off the map into an off-map box (``eliminated`` included)."""
        rec = self.units[unit_id]
        old = rec.hex
        self._leave(rec)
        rec.hex, rec.box = None, box
        if old is not None:
            self.rules.unit_moved(self, unit_id, old, None)

    def _leave(self, rec: UnitRecord) -> None:
        if rec.hex is not None:
            here = self.at[rec.hex]
            here.remove(rec.id)
            if not here:
                del self.at[rec.hex]
            self.changes.append((rec.hex, rec.side))

    def note_change(self, hex_id: str, side: str) -> None:
        """Something of ``side`` other than a unit's position changed in ``hex_id``.

        The rule system's derived data (ZOC, occupation) is dropped and rebuilt when needed;
        unit moves instead go through ``rules.unit_moved``, which may update it in place.
        """
        self.changes.append((hex_id, side))
        self.cache.pop("derived", None)

    def set_flag(self, unit_id: str, flag: str, on: bool = True) -> None:
        rec = self.units[unit_id]
        rec.flags = rec.flags | {flag} if on else rec.flags - {flag}
        if rec.hex is not None:
            self.note_change(rec.hex, rec.side)

    # ------------------------------------------------------------------ copies and saves
    def clone(self) -> "GameState":
        new = object.__new__(GameState)
        new.__dict__.update(self.__dict__)
        new.units = {k: v.copy() for k, v in self.units.items()}
        new.at = {h: list(ids) for h, ids in self.at.items()}
        new.pending = copy.deepcopy(self.pending)
        new.phase_data = copy.deepcopy(self.phase_data)
        new.turn_data = copy.deepcopy(self.turn_data)
        new.game = copy.deepcopy(self.game)
        new.options = dict(self.options)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.actions = list(self.actions)
        new.log = list(self.log)
        new.cache = self.rules.copy_cache(self.cache)
        new.changes = list(self.changes)
        return new

    def to_dict(self, with_log: bool = True) -> dict:
        """Everything that defines the position, as plain JSON-ready data."""
        out = {
            "turn": self.turn,
            "phase_index": self.phase_index,
            "terminal": self.terminal,
            "units": [u.to_dict() for u in self.units.values()],
            "at": {h: list(ids) for h, ids in self.at.items()},
            "pending": [{"kind": d.kind, "side": d.side, "case": d.case, "data": encode(d.data)} for d in self.pending],
            "phase_data": encode(self.phase_data),
            "turn_data": encode(self.turn_data),
            "game": encode(self.game),
            "rng": encode(self.rng.getstate()),
        }
        if with_log:
            out["actions"] = [a.to_dict() for a in self.actions]
            out["log"] = [e.to_dict() for e in self.log]
        return out

    def restore(self, data: dict) -> None:
        """Load a snapshot written by :meth:`to_dict` into this (freshly created) state."""
        self.turn = data["turn"]
        self.phase_index = data["phase_index"]
        self.terminal = data["terminal"]
        self.units = {d["id"]: UnitRecord.from_dict(d) for d in data["units"]}
        self.at = {h: list(ids) for h, ids in data["at"].items()}
        self.pending = [Decision(d["kind"], d["side"], d["case"], decode(d["data"])) for d in data["pending"]]
        self.phase_data = decode(data["phase_data"])
        self.turn_data = decode(data["turn_data"])
        self.game = decode(data["game"])
        self.rng.setstate(decode(data["rng"]))
        self.actions = [action_from_dict(a) for a in data.get("actions", [])]
        self.log = [event_from_dict(e) for e in data.get("log", [])]
        self.cache = {}
        self.changes = []

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<GameState {self.scenario.id} turn {self.turn} {self.phase.id} to act: {self.to_act}>"


def game_from_setup(rules, scenario, seed: int, setup_name: str, scenario_path: str | None, *,
                    lost: Callable[[Any], int], prepare: Callable[[GameState], None],
                    start: Callable[[GameState, list], None], options: dict | None = None) -> GameState:
    """A new game of a system whose set-up is the scenario's placements: every unit of the
    scenario (its losses at the start read by ``lost`` from the board's unit info) in its hex or
    box, then ``prepare`` (the system's own records), ``start`` (enter the first phase, adding
    its events) and ``rules.settle`` until a player has something to do.  The events of the
    opening are the game's first log entries; no change is left for the caches to read."""
    state = GameState(scenario, rules, seed, setup_name, scenario_path, options)
    for unit in scenario.units:
        info = state.board.units[unit.id]
        state.units[unit.id] = UnitRecord(unit.id, info.side, unit.type, box="unplaced", step=lost(info))
    for p in scenario.setup.placements:
        if p.hex is not None:
            state.place(p.unit, p.hex)
        else:
            state.to_box(p.unit, p.box)
    prepare(state)
    events: list = []
    start(state, events)
    rules.settle(state, events)
    state.log.extend(events)
    state.changes.clear()
    return state


class SequencedRules:
    """The reading half shared by rule systems whose sequence module knows the current phase
    (``sequence.current(state)``) and whose open decisions (``state.pending``) are answered by
    the side named on the last of them before play goes on: Kharkov 1943 and Kirovograd.
    A subclass names its sequence module as the class attribute ``sequence``."""
    sequence: Any

    def phase(self, state: GameState) -> Phase:
        return self.sequence.current(state)

    def to_act(self, state: GameState) -> str | None:
        if state.terminal:
            return None
        if state.pending:
            return state.pending[-1].side
        return self.sequence.current(state).side

    def date(self, state: GameState) -> str:
        return state.scenario.date_of(state.turn)

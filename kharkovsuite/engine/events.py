"""Events: what happened, each with the rule case that made it happen.

``state.apply`` returns them and ``state.log`` keeps them all.  They are frozen records with a
readable ``str`` for the log dock and a ``to_dict`` for saves.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import Any, ClassVar

from .errors import is_case
from .kinds import register_kind

EVENTS: dict[str, type["Event"]] = {}


@dataclass(frozen=True, kw_only=True)
class Event:
    case: str = ""
    kind: ClassVar[str] = "Event"

    def __post_init__(self) -> None:
        # the log prints the case an event happened under: none, or a rulebook number (6.25, 14.3A)
        if self.case != "" and not is_case(self.case):
            raise TypeError(f"{type(self).__name__} names a rule case (a number such as 6.25), not {self.case!r}")

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.kind = cls.__name__
        if not cls.__name__.startswith("_"):  # private bases only share fields
            register_kind(EVENTS, cls, "event")

    def text(self) -> str:
        parts = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self) if f.name != "case")
        return f"{self.kind}({parts})"

    def __str__(self) -> str:
        return f"[{self.case}] {self.text()}" if self.case else self.text()

    def to_dict(self) -> dict[str, Any]:
        from .codec import encode

        return {"kind": self.kind, **{f.name: encode(getattr(self, f.name)) for f in fields(self)}}

    @cached_property
    def mentions(self) -> frozenset[str]:
        """Every text the event's fields hold and every word of :meth:`text` (a run of word
        characters and hyphens, as ids are written): the ids it may name, worked out once
        (:func:`known_events` reads a side's whole log at every position).  An event is frozen, so
        they never change; the cache is not a field and takes no part in equality or saves."""
        found: set[str] = set(_WORD.findall(self.text()))
        _strings([getattr(self, f.name) for f in fields(self)], found)
        return frozenset(found)


def event_from_dict(data: dict[str, Any]) -> Event:
    from .codec import decode

    data = dict(data)
    cls = EVENTS[data.pop("kind")]
    return cls(**{k: decode(v) for k, v in data.items()})


@dataclass(frozen=True, kw_only=True)
class PhaseChanged(Event):
    turn: int
    phase: str
    side: str | None
    name: str

    def text(self) -> str:
        return f"turn {self.turn}: {self.name}" + (f" ({self.side})" if self.side else "")


@dataclass(frozen=True, kw_only=True)
class UnitMoved(Event):
    units: tuple[str, ...]
    path: tuple[str, ...]
    cost: float = 0.0
    how: str = "move"

    def text(self, points: str = "MP") -> str:
        """``points``: the short name of what the move cost in its game (Kharkov 1943 counts OP)."""
        return f"{', '.join(self.units)} {self.how} {'-'.join(self.path)} ({self.cost:g} {points})"


@dataclass(frozen=True, kw_only=True)
class MoveStopped(Event):
    units: tuple[str, ...]
    hex: str
    reason: str

    def text(self) -> str:
        return f"{', '.join(self.units)} stop at {self.hex}: {self.reason}"


@dataclass(frozen=True, kw_only=True)
class DiceRolled(Event):
    die: int
    purpose: str
    modified: int | None = None

    def text(self) -> str:
        mod = f" (modified {self.modified})" if self.modified is not None and self.modified != self.die else ""
        return f"die {self.die}{mod} for {self.purpose}"


@dataclass(frozen=True, kw_only=True)
class AttackDeclared(Event):
    attackers: tuple[str, ...]
    targets: tuple[str, ...]
    defenders: tuple[str, ...]

    def text(self) -> str:
        return f"{', '.join(self.attackers)} attack {', '.join(self.targets)} ({', '.join(self.defenders) or 'garrison'})"


@dataclass(frozen=True, kw_only=True)
class AirCommitted(Event):
    side: str
    committed: bool

    def text(self) -> str:
        return f"{self.side} {'commits an Air Point' if self.committed else 'commits no Air Point'}"


@dataclass(frozen=True, kw_only=True)
class Revealed(Event):
    unit: str
    attack: float
    defense: float
    movement: int
    steps: int = 1

    def text(self) -> str:
        return f"{self.unit} revealed as {self.attack:g}-{self.defense:g}-{self.movement}" + (
            f" ({self.steps} steps)" if self.steps > 1 else ""
        )


@dataclass(frozen=True, kw_only=True)
class CombatResolved(Event):
    """The full odds breakdown of one combat (9.0-9.9, 13.1)."""

    attackers: tuple[tuple[str, str, str], ...]  # (unit, strength, how it was reached)
    defenders: tuple[tuple[str, str, str], ...]
    garrison: int
    attack: str
    defense: str
    base_column: str
    shifts: tuple[tuple[str, int], ...]  # (reason with case, columns; + favours the attacker)
    column: str
    die: int
    modifier: int
    result: str

    def text(self) -> str:
        shifts = "".join(f", {reason} {n:+d}" for reason, n in self.shifts)
        mod = f"{self.modifier:+d}" if self.modifier else ""
        return (
            f"{self.attack} to {self.defense}: {self.base_column}{shifts} -> {self.column}; "
            f"die {self.die}{mod}: {self.result}"
        )


@dataclass(frozen=True, kw_only=True)
class StepLost(Event):
    unit: str
    step: int
    steps: int

    def text(self) -> str:
        return f"{self.unit} loses a step ({self.steps - self.step} left)"


@dataclass(frozen=True, kw_only=True)
class Eliminated(Event):
    unit: str
    hex: str | None
    reason: str = ""

    def text(self) -> str:
        return f"{self.unit} eliminated at {self.hex}" + (f": {self.reason}" if self.reason else "")


@dataclass(frozen=True, kw_only=True)
class GarrisonDestroyed(Event):
    hex: str

    def text(self) -> str:
        return f"garrison of {self.hex} destroyed"


@dataclass(frozen=True, kw_only=True)
class _UnitAlongPath(Event):
    """One unit went along a path; ``verb`` says how."""

    unit: str
    path: tuple[str, ...]
    verb: ClassVar[str] = "goes"

    def text(self) -> str:
        return f"{self.unit} {self.verb} {'-'.join(self.path)}"


@dataclass(frozen=True, kw_only=True)
class Retreated(_UnitAlongPath):
    verb = "retreats"


@dataclass(frozen=True, kw_only=True)
class Advanced(_UnitAlongPath):
    verb = "advances"


@dataclass(frozen=True, kw_only=True)
class Displaced(Event):
    unit: str
    to: str | None

    def text(self) -> str:
        return f"HQ {self.unit} displaced to {self.to}" if self.to else f"HQ {self.unit} has nowhere to go"


@dataclass(frozen=True, kw_only=True)
class FlagChanged(Event):
    unit: str
    flag: str
    on: bool

    def text(self) -> str:
        return f"{self.unit} {'becomes' if self.on else 'is no longer'} {self.flag}"


@dataclass(frozen=True, kw_only=True)
class VictoryPoints(Event):
    side: str
    vp: int
    reason: str

    def text(self) -> str:
        return f"{self.side} +{self.vp} VP: {self.reason}"


@dataclass(frozen=True, kw_only=True)
class GameEnded(Event):
    vp: dict = field(default_factory=dict)
    winner: str | None = None
    level: str = ""

    def text(self) -> str:
        points = ", ".join(f"{side.capitalize()} {vp}" for side, vp in self.vp.items())
        level = f"{self.level} ({self.winner.capitalize()})" if self.winner else self.level
        return f"Game over: {level}; victory points {points}"


_WORD = re.compile(r"[\w-]+")  # a word of an event's text, as ids are written


def _strings(value, into: set[str]) -> None:
    """Add to ``into`` every text ``value`` (an event field: text, or collections of them) is or holds."""
    if isinstance(value, str):
        into.add(value)
    elif isinstance(value, (tuple, list, frozenset, set)):
        for v in value:
            _strings(v, into)
    elif isinstance(value, dict):
        for k, v in value.items():
            _strings(k, into)
            _strings(v, into)


def _names(value, ids: frozenset[str] | set[str]) -> bool:
    """Whether ``value`` (an event field: text, or tuples of them) is or holds one of ``ids``."""
    if isinstance(value, str):
        return value in ids
    if isinstance(value, (tuple, list, frozenset, set)):
        return any(_names(v, ids) for v in value)
    if isinstance(value, dict):
        return any(_names(k, ids) or _names(v, ids) for k, v in value.items())
    return False


def known_events(events: list[Event], hidden: set[str]) -> list[Event]:
    """The events that name none of the ``hidden`` units, in a field or in their words.

    A side's log is the game's log without the events that would tell it of a unit its
    observation hides (a move inside a stack it has not examined, a unit's steps).  The reading is
    what the side may see *now*: an event of a unit it has found since shows again."""
    if not hidden:
        return list(events)
    ids = frozenset(hidden)
    if all(_WORD.fullmatch(u) for u in ids):  # each id is a whole word of a text naming it: see Event.mentions
        return [e for e in events if ids.isdisjoint(e.mentions)]
    pattern = _ids_pattern(ids)
    return [e for e in events if not any(_names(getattr(e, f.name), ids) for f in fields(e)) and not pattern.search(e.text())]


def _ids_pattern(ids) -> re.Pattern:
    """A pattern matching any of ``ids`` as a whole word (an id's hyphens are part of it; the longest id first)."""
    return re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(u) for u in sorted(ids, key=len, reverse=True)) + r")(?![\w-])")


def with_names(text: str, names: dict[str, str]) -> str:
    """``text`` (an event's words) with each id of ``names`` replaced by its name.

    Events speak in ids; the window reads them to a player in the names the scenario prints.  The
    caller gives only the names the reader may know (the units of the seat's observation)."""
    # Only the ids the text holds go into the pattern: a scenario's few hundred ids made one pattern per text, each
    # built and compiled anew once the regular-expression cache had let it go.
    names = {k: v for k, v in names.items() if k and v and k != v and k in text}
    if not names:
        return text
    return _ids_pattern(names).sub(lambda m: names[m.group(0)], text)


@dataclass(frozen=True, kw_only=True)
class Masked(Event):
    """A counter of ``side`` goes out of the other side's knowledge: it shows only as the
    anonymous ``token`` (a face-down counter) or, with no token, not at all (a hidden unit).
    The other side's log (:func:`kharkovsuite.engine.hidden.masked_log`) never shows this event."""

    unit: str
    side: str
    token: str | None = None

    def text(self) -> str:
        return f"{self.unit} hidden from the enemy" + (" (face down)" if self.token else "")


@dataclass(frozen=True, kw_only=True)
class Unmasked(Event):
    """A masked counter is revealed: the other side learns that ``token`` (or a hidden unit) is ``unit``."""

    unit: str
    side: str
    token: str | None = None
    hex: str | None = None

    def text(self) -> str:
        where = f" at {self.hex}" if self.hex else ""
        return f"{self.token} revealed as {self.unit}{where}" if self.token else f"{self.unit} revealed{where}"

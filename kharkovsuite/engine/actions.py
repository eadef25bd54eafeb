"""Actions: frozen value objects a player (human, computer or test) hands to ``state.apply``.

Every action prints as it is written in Python, e.g. ``Move(units=('ge-79id',),
path=('0215', '0216'))``, and round-trips through ``to_dict``/``action_from_dict`` for saves.
Lists given for tuple fields are turned into tuples, so JSON input works unchanged.
What an action means in a particular phase is the rule system's business.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from .kinds import register_kind

#: class name -> action class, filled by subclassing
ACTIONS: dict[str, type["Action"]] = {}
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}  # dataclasses.fields() is slow for hot construction


@dataclass(frozen=True)
class Action:
    """Base of every action; ``kind`` is the class name."""

    kind: ClassVar[str] = "Action"

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.kind = cls.__name__
        if not cls.__name__.startswith("_"):  # private bases only share fields
            register_kind(ACTIONS, cls, "action")

    def __post_init__(self) -> None:
        names = _FIELD_NAMES.get(type(self))
        if names is None:
            names = _FIELD_NAMES[type(self)] = tuple(f.name for f in fields(self))
        for name in names:
            value = getattr(self, name)
            if isinstance(value, list):
                object.__setattr__(self, name, tuple(value))

    def __str__(self) -> str:
        return repr(self)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


def check_action(action: Any) -> None:
    """Refuse what is not an action instance with fields of the declared kinds (a TypeError:
    handing ``EndPhase`` instead of ``EndPhase()``, None or a dict is a programming mistake)."""
    if isinstance(action, type) and issubclass(action, Action):
        raise TypeError(f"apply takes an action, not the class {action.__name__}: write {action.__name__}(...)")
    if not isinstance(action, Action) or ACTIONS.get(type(action).__name__) is not type(action):
        raise TypeError(f"apply takes an action such as EndPhase() or Move(units=..., path=...), got {action!r}")
    for f in fields(action):
        value = getattr(action, f.name)
        if f.type == "str":
            ok = isinstance(value, str)
        elif f.type == "tuple[str, ...]":
            ok = isinstance(value, tuple) and all(isinstance(v, str) for v in value)
        else:
            ok = True  # a field of another kind is its rule system's to check
        if not ok:
            raise TypeError(f"{action.kind}.{f.name} must be {'a string' if f.type == 'str' else 'a tuple of strings'}, got {value!r}")


def action_from_dict(data: dict[str, Any]) -> Action:
    """The action written by :meth:`Action.to_dict`; ValueError or TypeError for anything else."""
    if not isinstance(data, dict):
        raise TypeError(f"an action is an object with a 'kind', got {data!r}")
    data = dict(data)
    kind = data.pop("kind", None)
    cls = ACTIONS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(f"unknown action kind {kind!r}")
    action = cls(**data)
    check_action(action)
    return action


@dataclass(frozen=True)
class EndPhase(Action):
    """Finish the current phase (4.0)."""


@dataclass(frozen=True)
class _UnitsAlongPath(Action):
    """Fields shared by the actions that take units along a path of hexes."""

    units: tuple[str, ...]
    path: tuple[str, ...]


@dataclass(frozen=True)
class _UnitAlongPath(Action):
    """Fields shared by the actions that take one unit along a path of hexes."""

    unit: str
    path: tuple[str, ...]


@dataclass(frozen=True)
class _OneUnit(Action):
    """The field shared by the actions that name one unit."""

    unit: str


@dataclass(frozen=True)
class Move(_UnitsAlongPath):
    """Move a unit or a stack along ``path``.

    For a unit on the map ``path[0]`` is its hex; for a reinforcement ``path[0]`` is the first
    hex it enters (and pays for).
    """


@dataclass(frozen=True)
class RailMove(_UnitsAlongPath):
    """Move units by rail (6.4) from ``path[0]`` along connected rail hexes."""


@dataclass(frozen=True)
class Overrun(_UnitsAlongPath):
    """Overrun the enemy units in ``target`` with units that move there along ``path`` (7.0)."""

    target: str


@dataclass(frozen=True)
class Attack(Action):
    """Declare one attack: these units attack every enemy unit in the target hexes (9.1, 9.2)."""

    attackers: tuple[str, ...]
    targets: tuple[str, ...]


@dataclass(frozen=True)
class CommitAir(Action):
    """Spend one Air Point on the combat being resolved (13.1)."""


@dataclass(frozen=True)
class DeclineAir(Action):
    """Spend no Air Point on the combat being resolved (13.12)."""


@dataclass(frozen=True)
class ChooseLoss(_OneUnit):
    """Take one step loss from ``unit`` (9.56, 9.57)."""


@dataclass(frozen=True)
class Retreat(_UnitAlongPath):
    """Retreat ``unit`` along ``path`` (9.6); an empty path means it cannot and is lost."""


@dataclass(frozen=True)
class Advance(_UnitAlongPath):
    """Advance ``unit`` after combat along ``path`` (9.7)."""


@dataclass(frozen=True)
class EndAdvance(Action):
    """Advance no (further) units after this combat (9.73)."""


@dataclass(frozen=True)
class Chase(_OneUnit):
    """Move ``unit`` into the hex a disengaging unit left (6.62)."""


@dataclass(frozen=True)
class DeclineChase(Action):
    """Let the disengaging unit go (6.62)."""


@dataclass(frozen=True)
class EliminateExcess(_OneUnit):
    """Remove an over-stacked unit, owner's choice (8.1)."""


@dataclass(frozen=True)
class CommitReserve(Action):
    """Commit reserve units to the map: ``units[i]`` is placed in ``hexes[i]`` (6.73)."""

    units: tuple[str, ...]
    hexes: tuple[str, ...]


@dataclass(frozen=True)
class DeclineReserve(Action):
    """Leave the rest of a released reserve in its box for now (6.75)."""


@dataclass(frozen=True)
class BreakDown(Action):
    """Replace an unmoved German infantry division by its regiments (15.1)."""

    division: str


@dataclass(frozen=True)
class ReformDivision(Action):
    """Put a division in the Breakdown box back on the map in place of its regiments (15.12)."""

    division: str
    regiments: tuple[str, ...]


@dataclass(frozen=True)
class FormStrongpoint(_OneUnit):
    """Make an unmoved regiment alone in its hex a strongpoint (15.21)."""


@dataclass(frozen=True)
class AirSupply(Action):
    """Spend one unused Axis Air Point to supply the units now in ``hex`` for the next game-turn (13.2)."""

    hex: str


@dataclass(frozen=True)
class PlaceUnit(Action):
    """Set a unit up in a hex of its set-up zone (5.0)."""

    unit: str
    hex: str

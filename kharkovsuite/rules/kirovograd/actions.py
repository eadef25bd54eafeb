"""The actions of Kirovograd that other systems do not have (3.3, 6, 12, 21.12, 22.8, 25.2).

Moves reuse the engine's :class:`~kharkovsuite.engine.actions.Move` (a reinforcement's
``path[0]`` is its entry hex, 24.4A), the end of a segment its
:class:`~kharkovsuite.engine.actions.EndPhase`, and reserve commitment its
:class:`~kharkovsuite.engine.actions.CommitReserve` (offensive: no hexes, 12.3.1A; defensive:
the path moved, 12.3.2) and :class:`~kharkovsuite.engine.actions.DeclineReserve`.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.actions import Action


@dataclass(frozen=True)
class SetOrder(Action):
    """Put a formation's marker in an orders box (6.1D), in the side's secret orders segment."""

    formation: str
    order: str


@dataclass(frozen=True)
class UseRetreatOrders(Action):
    """An Out of Supply unit operates under retreat orders this turn (3.3, 6.1F, 8.4D)."""

    unit: str


@dataclass(frozen=True)
class AttachUnit(Action):
    """An independent unit takes the orders of a formation one of whose units is within one hex
    of it, for this turn (6.3; 5.F: one formation a turn)."""

    unit: str
    formation: str


@dataclass(frozen=True)
class SubmitOrders(Action):
    """Hand the orders in: their supply cost is paid (8.1C) and they bind until next turn."""


@dataclass(frozen=True)
class PlaceReserve(Action):
    """Put units under a formation's reserve marker (12.1, 12.4)."""

    units: tuple[str, ...]


@dataclass(frozen=True)
class FlipArtillery(Action):
    """Turn a Soviet artillery unit to its travelling or its firing side (21.12A-C, 23.2)."""

    unit: str


@dataclass(frozen=True)
class AssignFormation(Action):
    """Assign a formation to a higher HQ's Korps or Army (22.8)."""

    formation: str
    higher: str


@dataclass(frozen=True)
class TransferSupply(Action):
    """Move supply points from one German on-map dump to the other (8.5.1D)."""

    source: str
    dest: str
    points: int


@dataclass(frozen=True)
class TakeReplacements(Action):
    """A Soviet tank unit spends its movement round taking armour replacement points (25.2)."""

    unit: str
    points: int


@dataclass(frozen=True)
class ExitOffMap(Action):
    """A Soviet unit on the west or south edge leaves the map, as its move of the round (24.3)."""

    unit: str


@dataclass(frozen=True)
class PlaceDummy(Action):
    """Put a dummy from the side's dummy box on a hex holding a friendly unit, to move from there
    this movement round (29.1, 29.3)."""

    unit: str
    hex: str


@dataclass(frozen=True)
class RevealUnit(Action):
    """Turn a tank-backed counter face up of the owner's own will (29.4D), or reveal a hidden HQ
    (30.6C)."""

    unit: str


@dataclass(frozen=True)
class ArmoredRecon(Action):
    """Armoured reconnaissance (29.8): the units (one hex's) challenge the adjacent enemy hex
    ``hex``, presuming it holds only dummies."""

    units: tuple[str, ...]
    hex: str


@dataclass(frozen=True)
class HideHQ(Action):
    """A German Army or Korps HQ goes hidden to a town or city hex it could reach this movement
    round, not next to a Soviet unit (30.6A-C)."""

    unit: str
    hex: str


@dataclass(frozen=True)
class DummyForReinforcement(Action):
    """Withhold a due German reinforcement for this game turn and bring a dummy from the box on at
    one of its entry hexes in its place, to move from there this movement round (24.5B, 29.3)."""

    unit: str
    hex: str

"""The actions of Kharkov 1943's operations phase that other systems do not have (2.1, 3).

Moves reuse the engine's :class:`~kharkovsuite.engine.actions.Move`, and the removal of
over-stacked units its :class:`~kharkovsuite.engine.actions.EliminateExcess`.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.actions import Action


@dataclass(frozen=True)
class Activate(Action):
    """Open an activation segment: by formation under ``hq`` (3.2) or, with no HQ, a general
    activation (3.3).  Units join it as they first act."""

    hq: str | None = None


@dataclass(frozen=True)
class EndActivation(Action):
    """Close the activation: the segment passes to the other side (2.1)."""


@dataclass(frozen=True)
class Pass(Action):
    """Activate nothing this segment (2.2)."""


@dataclass(frozen=True)
class ReduceFatigue(Action):
    """Spend 4 OP of the unit's first activation this turn to lower its fatigue a level (3.5)."""

    unit: str


@dataclass(frozen=True)
class EndReaction(Action):
    """Move no (further) units in reaction to the announced attack (6.6)."""

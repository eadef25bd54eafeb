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


@dataclass(frozen=True)
class Assault(Action):
    """Attack the enemy units in ``target`` (7.1-7.3) with ``attackers``: ``types`` is one attack
    type for them all (``mobile``, ``normal``, ``prepared``) or one per attacker, the cheapest
    governing (7.1); ``support`` an HQ of the activation adding its combat value (1.4)."""

    attackers: tuple[str, ...]
    target: str
    types: tuple[str, ...] = ("normal",)
    support: str = ""


@dataclass(frozen=True)
class AllotAir(Action):
    """Put ``points`` air points on the combat being resolved, unseen by the other side (13.1);
    the defender may also name an HQ whose combat value supports the defence (1.4)."""

    points: int = 0
    support: str = ""


@dataclass(frozen=True)
class BuildPosition(Action):
    """The whole stack in a hex digs in: ``pdm`` (2 OP each) or ``pdp`` (4 OP each) (11.1)."""

    units: tuple[str, ...]
    posture: str = "pdm"


@dataclass(frozen=True)
class LeavePosition(Action):
    """Give up a defensive position to move again: 3 OP from a PDM, 5 from a PDP (11.2)."""

    unit: str

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


@dataclass(frozen=True)
class Enter(Action):
    """Bring arriving reinforcements onto the map at ``hex`` of their entry area, paying its
    cost, in the open activation (15.1); they may move on afterwards."""

    units: tuple[str, ...]
    hex: str


@dataclass(frozen=True)
class MoveSupplyHead(Action):
    """Move a Soviet Front supply head one hex along a road, railroad, bridge or into clear
    terrain, once a turn, in a Soviet segment (9.4)."""

    unit: str
    hex: str


@dataclass(frozen=True)
class Replace(Action):
    """Spend replacement points on one step of ``unit``, or to rebuild it when destroyed (16)."""

    unit: str


@dataclass(frozen=True)
class EndReplacements(Action):
    """Spend no (more) replacement points this turn (16.2)."""


@dataclass(frozen=True)
class Detach(Action):
    """Place ``detachment`` beside its mother unit, which gives it its steps (1.3)."""

    detachment: str


@dataclass(frozen=True)
class Reattach(Action):
    """A detachment starting its activation with its mother unit rejoins it (1.3)."""

    detachment: str


@dataclass(frozen=True)
class Combine(Action):
    """Merge worn Soviet infantry: ``absorbed`` leaves play, ``unit`` gets its steps back (1.3)."""

    unit: str
    absorbed: str


@dataclass(frozen=True)
class Reconnoitre(Action):
    """Air reconnaissance of the enemy stack in ``hex`` (13.3, 10.1)."""

    hex: str


@dataclass(frozen=True)
class SetTop(Action):
    """Show ``unit`` on top of its stack to the enemy (10.2)."""

    unit: str


@dataclass(frozen=True)
class LeaveMap(Action):
    """Units of a formation a scenario sends off an edge leave the map there (18.2)."""

    units: tuple[str, ...]


@dataclass(frozen=True)
class IntoHQBox(Action):
    """Take ``unit`` off the map into the box of an HQ in its hex (optional rule 10.3)."""

    unit: str
    hq: str


@dataclass(frozen=True)
class OutOfHQBox(Action):
    """Put ``unit`` back on the map from its HQ's box, in the HQ's hex (optional rule 10.3)."""

    unit: str

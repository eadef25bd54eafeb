"""Overrun (7.0) — the seam part 2 fills.

Part 1 keeps the places where overruns plug in: :func:`legal_overruns` (no overrun is offered
yet) and :func:`apply_overrun` (refuses with the case).  Disruption (7.3) exists already: the
``disrupted`` flag stops movement and attacks (7.32) and the Disruption Removal Phases clear
it (7.33).
"""
from __future__ import annotations

from ...engine.actions import Overrun
from ...engine.errors import IllegalAction
from ...engine.state import GameState


def legal_overruns(state: GameState) -> list[Overrun]:
    """7.0: every overrun the phasing player may make now.  Part 2."""
    return []


def apply_overrun(state: GameState, action: Overrun, events: list) -> None:
    raise IllegalAction("7.0", "overruns are not implemented yet (rules engine part 2)")

"""Reading the situation: what the other side could do next turn, zones of control, the last move and combat.

:func:`enemy_reach` and :func:`zoc_hexes` are the rule system's (its player kit answers them,
:mod:`player.systems`, or says why it cannot without showing what the side may not know).
:func:`last_move` and :func:`last_combat` read the game log.
"""
from __future__ import annotations

from kharkovsuite.engine.events import AttackDeclared, CombatResolved, UnitMoved
from kharkovsuite.engine.state import GameState
from .systems import kit_for


def supported(state: GameState) -> str | None:
    """Why the situation overlays cannot be drawn for this rule system (None: they can)."""
    return kit_for(state.scenario.rules).situation_support(state)


def other(state: GameState, side: str) -> str:
    return next(s for s in state.scenario.sides if s != side)


def enemy_reach(state: GameState, side: str) -> tuple[set[str], set[str]]:
    """(hexes ``side``'s units could enter in their next movement, further hexes they could attack)."""
    return kit_for(state.scenario.rules).enemy_reach(state, side)


def zoc_hexes(state: GameState, side: str) -> set[str]:
    """Hexes in ``side``'s zones of control."""
    return kit_for(state.scenario.rules).zoc_hexes(state, side)


def zoc_marks(state: GameState, side: str) -> dict[str, tuple[str, str | None]]:
    """Hex -> (overlay style, label) of ``side``'s zones of control (a system with several kinds draws each its own way)."""
    return kit_for(state.scenario.rules).zoc_marks(state, side)


def last_move(log: list) -> UnitMoved | None:
    """The last move of this phase in ``log`` (the events the side viewing may read; None before any)."""
    for event in reversed(log):
        if event.kind == "PhaseChanged":
            return None
        if isinstance(event, UnitMoved) and len(event.path) > 1:
            return event
    return None


def last_combat(log: list, turn: int) -> tuple[AttackDeclared, CombatResolved | None] | None:
    """The last attack of game-turn ``turn`` in ``log`` and its result (None before any)."""
    resolved = None
    for event in reversed(log):
        if isinstance(event, CombatResolved) and resolved is None:
            resolved = event
        elif isinstance(event, AttackDeclared):
            return event, resolved
        elif event.kind == "PhaseChanged" and getattr(event, "turn", turn) != turn:
            return None
    return None

"""What a side may know of the enemy's counters on the map (advanced rules 29 and 30), read from
the masks :mod:`.fog` keeps in ``game["masks"]`` (unit -> a token: face down; None: hidden).

The searches that build a side's offer (its moves, its attack targets, its reconnaissance) ask
here, so that what a side is offered depends only on what it may know:

- a face-down counter (29.4A) is seen in its hex, but not whether it is real: its ZOC is not
  known (a dummy has none, 29.1) until the rules show it (:func:`.movement.surprise`);
- a hidden unit (30.1, 30.6B) is off the board in the paper game: it is not seen at all, exerts
  no ZOC and is found only when a unit tries to enter its hex (or a face-up Soviet unit moves next
  to it, 30.2A).
"""
from __future__ import annotations

from ...engine.state import GameState
from .board import other


def masked(state: GameState, side: str, hidden_only: bool = False) -> frozenset[str]:
    """``side``'s units on the map that the enemy sees face down or not at all (only the hidden
    ones with ``hidden_only``).  Kept with the derived data until a unit moves (``zoc.unit_moved``
    drops it) or a mask changes (``fog`` drops the derived data)."""
    derived = state.cache.setdefault("derived", {})
    key = ("masked", side, hidden_only)
    found = derived.get(key)
    if found is None:
        found = derived[key] = _masked(state, side, hidden_only)
    return found


def _masked(state: GameState, side: str, hidden_only: bool) -> frozenset[str]:
    return frozenset(u for u, t in state.game.get("masks", {}).items()
                     if state.units[u].side == side and state.units[u].hex is not None and (t is None or not hidden_only))


def enemy_hexes(state: GameState, side: str) -> frozenset[str]:
    """The hexes holding an enemy counter ``side`` sees (face up or face down; a hidden unit is not
    seen).  It reads the enemy's units only: kept with the enemy's derived data (``zoc.unit_moved``)."""
    derived = state.cache.setdefault("derived", {})
    key = ("zoc", other(side), "seen")
    found = derived.get(key)
    if found is None:
        found = derived[key] = _enemy_hexes(state, side)
    return found


def _enemy_hexes(state: GameState, side: str) -> frozenset[str]:
    hidden = masked(state, other(side), hidden_only=True)
    return frozenset(h for h, ids in state.at.items() if any(state.units[u].side != side and u not in hidden for u in ids))


"""Supply (11.0) — the seam part 2 fills.

Movement (6.26, 11.41) and combat (11.42, 11.43) ask :func:`in_supply`; part 1 answers
"in supply" for every unit.  Part 2 replaces the body with lines of supply (11.1), HQ lines
of communication (10.2, 11.2), German city and road sources (11.3) and air supply (13.2).
"""
from __future__ import annotations

from ...engine.state import GameState


def in_supply(state: GameState, unit_id: str) -> bool:
    """11.0: is the unit in supply now?  Part 1: always."""
    return True


def hex_in_supply(state: GameState, hex_id: str, side: str) -> bool:
    """17.11/17.12: can ``side`` trace supply to this hex (treated as a unit)?  Part 1: always."""
    return True

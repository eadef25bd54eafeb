"""Soviet Breakout Mobility (6.8).

On Game-Turns One and Two only, a Soviet combat unit that begins its Movement Phase in an
Axis ZOC may leave that hex and move on regardless of Axis ZOC; it must stop on entering the
ZOC of any Axis unit other than the one(s) whose ZOC it left (read per unit, see the rules
reference's note to 6.8).
"""
from __future__ import annotations

from ...engine.state import GameState, UnitRecord
from .units import is_combat
from .zoc import exerts_zoc, zoc_exerters

TURNS = (1, 2)


def may_break_out(state: GameState, rec: UnitRecord) -> bool:
    return rec.side == "soviet" and rec.hex is not None and state.turn in TURNS and is_combat(state, rec.id)


def stop_hexes(state: GameState, rec: UnitRecord) -> set[int]:
    """Hexes in the ZOC of Axis units other than those whose ZOC the unit starts in."""
    b = state.board
    origin = zoc_exerters(state, rec.hex, "axis")
    out: set[int] = set()
    for uid, other in state.units.items():
        if other.side == "axis" and other.hex is not None and uid not in origin and exerts_zoc(state, uid):
            out.update(b.nbrs[b.index[other.hex]])
    return out

"""Soviet Breakout Mobility (6.8).

On Game-Turns One and Two only, a Soviet combat unit that begins its Movement Phase in an
Axis ZOC may leave that hex and move on regardless of Axis ZOC; it must stop on entering the
ZOC of any Axis unit other than the one(s) whose ZOC it left (read per unit, see the rules
reference's note to 6.8).  The movement search reads this as the hexes exempt from its stop
rule (:func:`exempt_hexes`).
"""
from __future__ import annotations

from ...engine.state import GameState, UnitRecord
from .units import is_combat
from .zoc import derived, zoc_exerters

TURNS = (1, 2)


def may_break_out(state: GameState, rec: UnitRecord) -> bool:
    return rec.side == "soviet" and rec.hex is not None and state.turn in TURNS and is_combat(state, rec.id)


def exempt_hexes(state: GameState, rec: UnitRecord) -> set[int]:
    """Enemy-controlled hexes the unit need not stop in: those where every Axis ZOC comes from
    the units whose ZOC it starts in.

    Read from the ZOC counts the position keeps up to date (:class:`.zoc.Derived`): a hex stays a
    stop while more units control it than the starting hex's neighbours account for.
    """
    b = state.board
    zoc = derived(state).zoc["axis"]
    mine: dict[int, int] = {}
    for uid in zoc_exerters(state, rec.hex, "axis"):
        for n in b.nbrs[b.index[state.units[uid].hex]]:
            mine[n] = mine.get(n, 0) + 1
    return {h for h, n in mine.items() if zoc.get(h, 0) <= n}

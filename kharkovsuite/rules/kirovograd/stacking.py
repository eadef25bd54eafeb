"""9: stacking.

One division and one brigade or regiment a hex, two brigades or regiments counting as a division
(9.1A): a weight of 2 for a division, 1 for a brigade or regiment, at most 3; HQs and battalions
are free (9.1B); at most one artillery unit (9.1C), which is otherwise free; units of any
formations may stack (9.1F).  The limit binds at the end of each move (9.1D: this program checks
it as each move ends, so a movement segment can never end over the limit); Soviet travelling
artillery may not pass through another (9.1D, :mod:`.movement`).  Overstacking by retreat (9.2)
is part 2's: it calls :func:`refusal` for each hex of a retreat.
"""
from __future__ import annotations

from ...engine.state import GameState
from .board import STACK_LIMIT, STACK_WEIGHT


def weight(state: GameState, unit_id: str) -> int:
    info = state.board.units[unit_id]
    if info.is_hq or info.is_artillery or not info.ground:
        return 0  # 9.1B-C
    return STACK_WEIGHT.get(info.size, 0)


def refusal(state: GameState, hex_id: str, adding, leaving=()) -> tuple[str, str] | None:
    """Why ``adding`` may not end in ``hex_id`` (with ``leaving`` gone from it), or None."""
    here = [u for u in state.units_at(hex_id) if u not in leaving and u not in adding] + list(adding)
    here = [u for u in here if state.board.units[u].ground]
    total = sum(weight(state, u) for u in here)
    if total > STACK_LIMIT:
        return "9.1A", f"{hex_id} would hold {total} brigade or regiment equivalents (one division and one brigade at most)"
    artillery = [u for u in here if state.board.units[u].is_artillery]
    if len(artillery) > 1:
        return "9.1C", f"{hex_id} would hold {len(artillery)} artillery units (one at most)"
    return None


def overstacked(state: GameState, side: str) -> list[str]:
    """Hexes of ``side`` over the limit (the playout invariant)."""
    out = []
    for h, ids in state.at.items():
        if ids and state.units[ids[0]].side == side and refusal(state, h, ()) is not None:
            out.append(h)
    return out

"""13, 23.1: zones of control, read from the scenario's ZOC Chart.

Each hex holding ZOC-exerting units (13.A: not air units, dummies, travelling Soviet artillery;
13.6: not a lone 1-SP unit) projects into each neighbour the ZOC the chart gives for its unit
classes (armour, non-armour), the neighbour's cover (13.B, 13.7: none into cities and towns nor
across a fortified hexside; into a balka only from the same balka or a hill) and the light (day,
night, fog; 13.9, 23.1).  A hex reached from two or more hexes is in an Overlapping ZOC (13.3):
locking when an armoured hex takes part, locking against non-armoured movers otherwise, and it
blocks supply lines and retreats (13.3B).  Retreats through ZOCs (13.4) are part 2's; it reads
:func:`zoc_at` and :func:`blocks` from here.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.state import GameState
from . import counters, seen
from .board import game_turn

STRENGTH = {"none": 0, "fluid": 1, "locking": 2}


@dataclass(frozen=True)
class Source:
    """One hex's ZOC into a target hex."""

    hex: str
    kind: str  # fluid or locking (never none: those are not kept)
    armored: bool  # 13.3C, E: the armour class takes part
    ma: int  # the largest MA among its exerting units (13.2C)


def light(state: GameState) -> str:
    """13.9, 23.1: the ZOC Chart row: fog (day or night), else night or day."""
    return state.turn_data.get("light") or state.board.light(game_turn(state))


def _classes(state: GameState, ids: list[str]) -> set[str]:
    """13.6: the ZOC classes a hex's units exert."""
    zocs = [u for u in ids if counters.exerts_zoc(state, u)]
    if not zocs:
        return set()
    if len(zocs) == 1:
        u = zocs[0]
        return {state.board.units[u].values.zoc} if counters.zoc_sp(state, u) > 1 else set()  # 13.6A
    big = [u for u in zocs if counters.zoc_sp(state, u) > 1]
    classes = {state.board.units[u].values.zoc for u in zocs}
    if not big and "armor" in classes:
        return {"armor"}  # 13.6B: 1-SP armour with 1-SP others exerts an armour ZOC
    return classes  # 13.6A, C


def _build(state: GameState, side: str, known: bool = False) -> dict[str, tuple[Source, ...]]:
    """A hidden unit is off the board (30.6B) and exerts no ZOC; with ``known`` neither does a
    face-down counter (the enemy cannot tell it from a dummy, 29.1)."""
    board = state.board
    skip = seen.masked(state, side, hidden_only=not known)
    cells = board.data.zoc_chart.cells
    lt = light(state)
    out: dict[str, list[Source]] = {}
    for h, ids in state.at.items():
        mine = [u for u in ids if state.units[u].side == side and u not in skip]
        classes = _classes(state, mine)
        if not classes:
            continue
        ma = max(counters.printed_ma(state, u) for u in mine if counters.exerts_zoc(state, u))
        for n in board.nbrs[h]:
            cover = board.zoc_cover(h, n)
            if cover == "balka_closed":
                continue  # 13.7B
            kinds = {c: cells[c][cover][lt] for c in classes}
            kind = max(kinds.values(), key=STRENGTH.__getitem__)
            if kind == "none":
                continue
            out.setdefault(n, []).append(Source(h, kind, kinds.get("armor", "none") != "none", ma))
    return {h: tuple(s) for h, s in out.items()}


def _known(state: GameState, side: str, known: bool) -> bool:
    """Whether the enemy's knowledge of ``side``'s ZOCs differs from them (a face-down counter)."""
    return known and bool(seen.masked(state, side))


def zoc_of(state: GameState, side: str, known: bool = False) -> dict[str, tuple[Source, ...]]:
    """Hex -> the ZOC sources of ``side``'s units into it (cached until a unit, a marker or a mask
    changes); with ``known`` only those the enemy knows of (:mod:`.seen`)."""
    derived = state.cache.setdefault("derived", {})
    known = _known(state, side, known)
    key = ("zoc", side, "known", light(state)) if known else ("zoc", side, light(state))
    if key not in derived:
        derived[key] = _build(state, side, known)
    return derived[key]


@dataclass(frozen=True)
class ZocHere:
    kind: str  # fluid or locking, as it acts on the mover
    overlapping: bool
    sources: frozenset[str]  # hexes exerting it
    max_ma: int


def zoc_at(state: GameState, enemy_side: str, hex_id: str, mover_armored: bool, known: bool = False) -> ZocHere | None:
    """13.1-13.3: the enemy ZOC a unit (armoured or not) finds in ``hex_id``, or None (with
    ``known``: the one its side knows of)."""
    derived = state.cache.setdefault("derived", {})
    known = _known(state, enemy_side, known)
    key = ("zoc", enemy_side, "known_at" if known else "at", mover_armored, light(state))
    memo = derived.get(key)
    if memo is None:
        memo = derived[key] = {}
    if hex_id in memo:
        return memo[hex_id]
    memo[hex_id] = found = _zoc_at(state, enemy_side, hex_id, mover_armored, known)
    return found


def zocs_against(state: GameState, enemy_side: str, mover_armored: bool, known: bool = False) -> dict[str, ZocHere]:
    """Every hex in an enemy ZOC -> that ZOC as it acts on the mover (the searches' lookup; with
    ``known`` the ZOCs the mover's side knows of)."""
    derived = state.cache.setdefault("derived", {})
    known = _known(state, enemy_side, known)
    key = ("zoc", enemy_side, "known_all" if known else "all", mover_armored, light(state))
    found = derived.get(key)
    if found is None:
        found = derived[key] = {h: zoc_at(state, enemy_side, h, mover_armored, known) for h in zoc_of(state, enemy_side, known)}
    return found


def _zoc_at(state: GameState, enemy_side: str, hex_id: str, mover_armored: bool, known: bool = False) -> ZocHere | None:
    sources = zoc_of(state, enemy_side, known).get(hex_id)
    if not sources:
        return None
    hexes = frozenset(s.hex for s in sources)
    ma = max(s.ma for s in sources)
    strongest = max((s.kind for s in sources), key=STRENGTH.__getitem__)
    if len(sources) >= 2:
        if any(s.armored for s in sources) or not mover_armored:
            return ZocHere("locking", True, hexes, ma)  # 13.3C-E (and 13.3F: the only locking at night and in fog)
        return ZocHere(strongest, True, hexes, ma)
    return ZocHere(strongest, False, hexes, ma)


def blocks(state: GameState, enemy_side: str, hex_id: str, known: bool = False) -> bool:
    """13.3B: an Overlapping ZOC blocks supply lines and retreats (with ``known``: one the other
    side knows of)."""
    return len(zoc_of(state, enemy_side, known).get(hex_id, ())) >= 2


def unit_moved(state: GameState, side: str) -> None:
    """A unit of ``side`` moved: its side's ZOCs and every supply search are stale; the other
    side's ZOCs are not."""
    derived = state.cache.get("derived")
    if derived:
        for key in [k for k in derived if k[0] != "zoc" or k[1] == side]:
            del derived[key]

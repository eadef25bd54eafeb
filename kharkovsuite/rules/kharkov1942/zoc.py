"""Zones of Control and who occupies what (8.2, 15.31).

8.21 every combat unit exerts a ZOC into the six adjacent hexes at all times (disrupted units
too, 7.32); HQs have none (10.15), nor strongpoints (15.24) nor garrisons (15.31).
8.24 several ZOCs on a hex are no worse than one.  8.25 a friendly unit in a hex negates an
enemy ZOC there for supply, command and retreat, never for movement.

The occupancy and ZOC sets are derived from the unit records and cached in the state until
a unit changes (``GameState.note_change`` drops them).
"""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.errors import CacheMismatch
from ...engine.state import GameState
from .units import is_combat

SIDES = ("axis", "soviet")


@dataclass
class Derived:
    """Per side, in board indices, as counts (a hex is "in" while its count is positive).

    Kept up to date unit move by unit move (:func:`unit_moved`), rebuilt from scratch after
    any other change (a flag, a garrison) and never shared between cloned states.
    """

    occupied: dict[str, dict[int, int]]  # hex -> units of the side
    combat: dict[str, dict[int, int]]  # hex -> combat units of the side (8.1)
    zoc: dict[str, dict[int, int]]  # hex -> units exerting ZOC into it (8.2)
    river_zoc: dict[str, dict[int, int]]  # the same for units standing on a Major River hex (6.25)
    garrisons: set[int]


def exerts_zoc(state: GameState, unit_id: str) -> bool:
    rec = state.units[unit_id]
    return rec.hex is not None and is_combat(state, unit_id) and "strongpoint" not in rec.flags


def derived(state: GameState) -> Derived:
    d = state.cache.get("derived")
    if d is None:
        d = state.cache["derived"] = _compute(state)
    return d


def _bump(counts: dict[int, int], key: int, delta: int) -> None:
    value = counts.get(key, 0) + delta
    if value:
        counts[key] = value
    else:
        del counts[key]


def _count(state: GameState, d: Derived, unit_id: str, i: int, delta: int) -> None:
    b = state.board
    rec = state.units[unit_id]
    side = rec.side
    _bump(d.occupied[side], i, delta)
    if not is_combat(state, unit_id):
        return
    _bump(d.combat[side], i, delta)
    if "strongpoint" in rec.flags:
        return
    zoc, river = d.zoc[side], d.river_zoc[side]
    for n in b.nbrs[i]:
        _bump(zoc, n, delta)
        if b.touches_major[i]:
            _bump(river, n, delta)


def _compute(state: GameState) -> Derived:
    index = state.board.index
    d = Derived({s: {} for s in SIDES}, {s: {} for s in SIDES}, {s: {} for s in SIDES}, {s: {} for s in SIDES}, set())
    for hex_id, ids in state.at.items():
        i = index[hex_id]
        for uid in ids:
            _count(state, d, uid, i, 1)
    d.garrisons = {index[h] for h in state.game["garrisons"]}
    return d


def unit_moved(state: GameState, unit_id: str, old: str | None, new: str | None) -> None:
    """Keep the derived counts in step with one unit's move (called by ``GameState.place``)."""
    d = state.cache.get("derived")
    if d is None:
        return
    index = state.board.index
    if old is not None:
        _count(state, d, unit_id, index[old], -1)
    if new is not None:
        _count(state, d, unit_id, index[new], 1)


def check_cache(state: GameState) -> None:
    """Debug mode: the counts kept move by move equal counts made afresh."""
    d = state.cache.get("derived")
    if d is not None and d != _compute(state):
        raise CacheMismatch("the ZOC and occupation counts kept move by move differ from a fresh count")


def other_side(side: str) -> str:
    return "soviet" if side == "axis" else "axis"


def in_enemy_zoc(state: GameState, hex_id: str, side: str) -> bool:
    """8.2: is ``hex_id`` controlled by the enemy of ``side``?"""
    return state.board.index[hex_id] in derived(state).zoc[other_side(side)]


def blocked_for_movement(state: GameState, side: str):
    """Hexes ``side`` may never enter by movement: enemy units and, for Soviets, garrisons (6.22, 15.3)."""
    d = derived(state)
    blocked = d.occupied[other_side(side)]
    if side == "soviet" and d.garrisons:
        return set(blocked) | d.garrisons
    return blocked


def zoc_exerters(state: GameState, hex_id: str, side: str) -> set[str]:
    """The units of ``side`` whose ZOC covers ``hex_id``."""
    out = set()
    for n in state.board.nbr_ids[hex_id]:
        for uid in state.units_at(n):
            rec = state.units[uid]
            if rec.side == side and exerts_zoc(state, uid):
                out.add(uid)
    return out

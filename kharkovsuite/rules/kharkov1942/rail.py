"""Rail Movement (6.4).

6.41 a rail move begins and ends on Friendly Rail hexes and goes from rail hex to connected
rail hex; supply does not matter.  6.42 rail hexes on the Axis side of the 12 May front line
(the scenario's line ``front``) are Axis, all others Soviet.  6.43 never into an
enemy-controlled hex.  6.44 at most 40 rail hexes.  6.45 the Axis moves at most three units
by rail, in the Initial Movement Phase only; the Soviet side five units plus any HQs.
6.72 Army Reserve counters never move by rail.  A unit moved by rail has made its move for
the phase (it must begin the phase on the rail, 6.41).
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from ...engine.actions import RailMove
from ...engine.errors import CacheMismatch, IllegalAction
from ...engine.events import UnitMoved
from ...engine.state import GameState
from .movement import can_move
from .places import relocate
from .units import is_hq
from .zoc import blocked_for_movement, derived, other_side

MAX_HEXES = 40  # 6.44
LIMITS = {"axis": 3, "soviet": 5}  # 6.45 (Soviet HQs are free)


def limit_reached(state: GameState, side: str) -> bool:
    return state.phase_data.get("rail_used", 0) >= LIMITS.get(side, 0)


def may_use_rail(state: GameState, unit_id: str, movable: bool = False) -> bool:
    rec = state.units[unit_id]
    if not state.phase_data.get("rail_allowed") or rec.hex is None or not (movable or can_move(state, rec)):
        return False
    if state.board.has_flag(unit_id, "reserve_counter"):
        return False
    free = rec.side == "soviet" and is_hq(state, unit_id)
    return free or not limit_reached(state, rec.side)


@dataclass(frozen=True)
class RailEntry:
    """A unit's rail search: rail hexes entered to each destination, and the paths."""

    side: str
    start: int
    dist: dict[int, int]
    parent: dict[int, int]
    dests: list[int]
    footprint: frozenset[int]  # the start and every hex reached (see movement.sync_cache)


def rail_reach(state: GameState, unit_id: str) -> tuple[dict[int, int], dict[int, int], list[int]]:
    """(hex -> rail hexes entered, parent map, sorted destinations), cached per position."""
    entry = _entry(state, unit_id)
    return entry.dist, entry.parent, entry.dests


def _entry(state: GameState, unit_id: str) -> RailEntry:
    from .movement import sync_cache

    sync_cache(state)  # invalidates stale rail entries too
    cache = state.cache.setdefault("rail", {})
    entry = cache.get(unit_id)
    if entry is None or entry.start != state.board.index[state.units[unit_id].hex]:
        entry = cache[unit_id] = _search(state, unit_id)
    return entry


def check_cache(state: GameState) -> None:
    """Debug mode: every cached rail search equals a fresh one."""
    from .movement import sync_cache

    sync_cache(state)
    for uid, entry in list(state.cache.get("rail", {}).items()):
        rec = state.units[uid]
        if rec.hex is None or entry.start != state.board.index[rec.hex]:
            continue  # _entry recomputes it
        if entry != _search(state, uid):
            raise CacheMismatch(f"cached rail search of {uid} differs from a fresh one")


def _search(state: GameState, unit_id: str) -> RailEntry:
    b = state.board
    rec = state.units[unit_id]
    side = rec.side
    start = b.index[rec.hex]
    zoc = derived(state).zoc[other_side(side)]
    blocked = blocked_for_movement(state, side)
    dist: dict[int, int] = {}
    parent: dict[int, int] = {}
    if b.rail_side[start] != side or start in zoc:
        return RailEntry(side, start, dist, parent, [], frozenset((start,)))
    dist[start] = 0
    queue = deque([start])
    while queue:
        i = queue.popleft()
        if dist[i] == MAX_HEXES:
            continue
        for j in b.rail_nbrs[i]:
            if j in dist or b.rail_side[j] != side or j in blocked or j in zoc:
                continue
            dist[j] = dist[i] + 1
            parent[j] = i
            queue.append(j)
    footprint = frozenset(dist)
    del dist[start]
    return RailEntry(side, start, dist, parent, sorted(dist), footprint)


def rail_path(state: GameState, unit_id: str, dest: int) -> tuple[str, ...]:
    _dist, parent, _d = rail_reach(state, unit_id)
    out = [dest]
    while out[-1] in parent:
        out.append(parent[out[-1]])
    return tuple(state.board.ids[i] for i in reversed(out))


def check_rail_path(state: GameState, unit_id: str, path: tuple[str, ...]) -> None:
    b = state.board
    rec = state.units[unit_id]
    side = rec.side
    if len(path) < 2 or path[0] != rec.hex:
        raise IllegalAction("6.41", f"a rail move of {unit_id} starts at its hex {rec.hex}")
    if len(path) - 1 > MAX_HEXES:
        raise IllegalAction("6.44", f"a rail move covers at most {MAX_HEXES} rail hexes")
    zoc = derived(state).zoc[other_side(side)]
    blocked = blocked_for_movement(state, side)
    for k, hex_id in enumerate(path):
        i = b.index.get(hex_id)
        if i is None or b.rail_side[i] is None:
            raise IllegalAction("6.41", f"{hex_id} is not a rail hex")
        if b.rail_side[i] != side:
            raise IllegalAction("6.42", f"{hex_id} is not a Friendly Rail hex")
        if i in zoc:
            raise IllegalAction("6.43" if k else "6.24", f"{hex_id} is enemy-controlled")
        if k and i in blocked:
            raise IllegalAction("6.22", f"{hex_id} holds an enemy unit")
        if k and b.index[path[k - 1]] not in b.rail_nbrs[i]:
            raise IllegalAction("6.41", f"no railroad runs from {path[k - 1]} to {hex_id}")


def apply_rail(state: GameState, action: RailMove, events: list) -> None:
    units, path = action.units, action.path
    if not units or len(set(units)) != len(units):
        raise IllegalAction("6.41", "name each unit once")
    if not state.phase_data.get("rail_allowed"):
        raise IllegalAction("6.45", "no rail movement in this phase")
    for uid in units:
        if uid not in state.units or state.units[uid].side != state.phase.side:
            raise IllegalAction("6.13", f"{uid} is not the phasing player's")
        if not can_move(state, state.units[uid]):
            raise IllegalAction("6.41", f"{uid} may not move now")
        if state.board.has_flag(uid, "reserve_counter"):
            raise IllegalAction("6.72", "Army Reserve counters may not move by rail")
        check_rail_path(state, uid, path)
    side = state.phase.side
    counted = [u for u in units if not (side == "soviet" and is_hq(state, u))]
    if state.phase_data.get("rail_used", 0) + len(counted) > LIMITS.get(side, 0):
        raise IllegalAction("6.45", f"the {side} side may move at most {LIMITS.get(side, 0)} units by rail in this phase")
    state.phase_data["rail_used"] = state.phase_data.get("rail_used", 0) + len(counted)
    state.phase_data["moved"].update(units)
    for uid in units:
        relocate(state, uid, path[-1], events)
    events.append(UnitMoved(units=units, path=path, cost=0.0, how="rail", case="6.41"))

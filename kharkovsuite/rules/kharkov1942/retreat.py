"""Retreats (9.61-9.65): the legal paths offered to the owning player.

9.61 never into or through an enemy unit, nor an enemy-controlled hex unless a friendly
combat unit is in it (8.25; for the Axis a garrison negates too, 15.31); no retreat off the
map (a unit with nowhere to go is eliminated).  9.63 each hex of the path lies one hex
farther from the unit's starting hex (the rules reference's reading).  9.64 vacant hexes
first (a friendly-held or garrisoned City counts as vacant), friendly-occupied ones only if
needed; never over the stacking limit.
"""
from __future__ import annotations

from ...engine.state import GameState
from .stacking import LIMIT
from .units import is_combat
from .zoc import blocked_for_movement, derived, other_side


def retreat_paths(state: GameState, unit_id: str, distance: int) -> list[tuple[str, ...]]:
    """Every legal path of ``distance`` hexes (origin excluded), the most vacant ones only."""
    rec = state.units[unit_id]
    if rec.hex is None or distance <= 0:
        return []
    b = state.board
    side = rec.side
    d = derived(state)
    origin = b.index[rec.hex]
    blocked = blocked_for_movement(state, side)
    zoc = d.zoc[other_side(side)]
    friendly_combat = d.combat[side]
    garrisons = d.garrisons if side == "axis" else set()
    occupied = d.occupied[side]
    combat_unit = is_combat(state, unit_id)

    def ok(i: int) -> bool:
        if i in blocked:
            return False
        if i in zoc and friendly_combat.get(i, 0) == 0 and i not in garrisons:
            return False
        return not (combat_unit and friendly_combat.get(i, 0) >= LIMIT)

    def vacant(i: int) -> bool:
        if i not in occupied:
            return True
        return b.ids[i] in b.city_hexes  # 9.64 exception: a friendly-held City hex

    found: list[tuple[int, tuple[int, ...]]] = []

    def walk(path: tuple[int, ...]) -> None:
        here = path[-1] if path else origin
        k = len(path) + 1
        for edge in b.edges[here]:
            j = edge.to
            if edge.move_blocked or b.distance(origin, j) != k or not ok(j):
                continue
            if k == distance:
                new = path + (j,)
                found.append((sum(not vacant(x) for x in new), new))
            else:
                walk(path + (j,))

    walk(())
    if not found:
        return []
    least = min(score for score, _p in found)
    return sorted(tuple(b.ids[i] for i in p) for score, p in found if score == least)

"""What a counter is now: its strength points, its movement allowance, its markers.

State records (shared with the combat half, issue 23): ``UnitRecord.step`` counts the SP the
unit has lost (16.0C: the SP marker); its current strength is the printed strength less that.
Markers are unit flags: ``reserve`` (12), ``cut_off`` and ``out_of_supply`` (8.4),
``travelling`` (a Soviet artillery unit on its travelling side, 21.12), ``overstacked`` (9.2).
"""
from __future__ import annotations

from ...engine.state import GameState

RESERVE = "reserve"
CUT_OFF = "cut_off"
OUT_OF_SUPPLY = "out_of_supply"
TRAVELLING = "travelling"


def info(state: GameState, unit_id: str):
    return state.board.units[unit_id]


def sp(state: GameState, unit_id: str) -> float:
    """16.0C: printed strength less the SP lost."""
    return info(state, unit_id).strength[0] - state.units[unit_id].step


def zoc_sp(state: GameState, unit_id: str) -> float:
    """13.6A: artillery counts its defense strength (less its losses) for the one-SP rule."""
    i = info(state, unit_id)
    if i.is_artillery and i.values.defense is not None:
        return max(i.values.defense - state.units[unit_id].step, 0)
    return sp(state, unit_id)


def printed_ma(state: GameState, unit_id: str) -> int:
    """11.2A: the MA on the side showing (a reduced back may have its own, 16.0D; a travelling
    Soviet artillery unit its travelling MA, 21.12A)."""
    i = info(state, unit_id)
    if i.soviet_travelling_artillery:
        return i.values.travel_movement if TRAVELLING in state.units[unit_id].flags else 0
    if len(i.strength) > 1 and sp(state, unit_id) <= i.strength[1]:
        return i.movement[1]
    return i.movement[0]


def exerts_zoc(state: GameState, unit_id: str) -> bool:
    """13.A: air units, dummies and Soviet artillery on its travelling side exert no ZOC (the
    one-SP rule, 13.6, is read per hex by :mod:`.zoc`)."""
    i = info(state, unit_id)
    if i.values.zoc is None:
        return False
    return not (i.soviet_travelling_artillery and TRAVELLING in state.units[unit_id].flags)


def has(state: GameState, unit_id: str, flag: str) -> bool:
    return flag in state.units[unit_id].flags


def on_map(state: GameState, side: str) -> list[str]:
    """The side's ground units on the map, in the order of ``state.units`` (a new list each call).
    Kept with the derived data until a unit moves (``zoc.unit_moved`` drops it)."""
    derived = state.cache.setdefault("derived", {})
    key = ("on_map", side)
    found = derived.get(key)
    if found is None:
        found = derived[key] = _on_map(state, side)
    return list(found)


def _on_map(state: GameState, side: str) -> tuple[str, ...]:
    return tuple(u for u, rec in state.units.items() if rec.side == side and rec.hex is not None and info(state, u).ground)

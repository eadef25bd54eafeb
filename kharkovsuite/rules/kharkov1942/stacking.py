"""Stacking (8.1).

At most three combat units of a side per hex at the end of a Movement Phase and at any time
during a Combat Phase; HQs (10.16), markers and garrisons (15.33) do not count.  Units pass
freely through friendly stacks while moving.  The excess at the end of a movement phase is
eliminated, the owner choosing which: a pending decision of the owning side.
"""
from __future__ import annotations

from ...engine.actions import EliminateExcess
from ...engine.errors import IllegalAction
from ...engine.state import Decision, GameState
from .units import eliminate, is_combat

LIMIT = 3


def combat_units_at(state: GameState, hex_id: str, side: str) -> list[str]:
    return [u for u in state.units_at(hex_id) if state.units[u].side == side and is_combat(state, u)]


def room(state: GameState, hex_id: str, side: str) -> int:
    """How many more combat units of ``side`` the hex can take."""
    return LIMIT - len(combat_units_at(state, hex_id, side))


def overstacked(state: GameState, side: str) -> dict[str, list[str]]:
    out = {}
    for hex_id in sorted(state.at):
        units = combat_units_at(state, hex_id, side)
        if len(units) > LIMIT:
            out[hex_id] = units
    return out


def check_end_of_movement(state: GameState, side: str) -> bool:
    """Push the owner's decision if a hex is over the limit; True when one was pushed."""
    if overstacked(state, side):
        state.pending.append(Decision("overstack", side, "8.1", {"then": "end_phase"}))
        return True
    return False


def legal(state: GameState, decision: Decision) -> list:
    return [EliminateExcess(u) for units in overstacked(state, decision.side).values() for u in sorted(units)]


def apply(state: GameState, decision: Decision, action, events: list) -> None:
    if not isinstance(action, EliminateExcess):
        raise IllegalAction("8.1", "choose the over-stacked units to eliminate with EliminateExcess(unit)")
    over = overstacked(state, decision.side)
    if not any(action.unit in units for units in over.values()):
        raise IllegalAction("8.1", f"{action.unit} is not in an over-stacked hex")
    eliminate(state, action.unit, events, "over the stacking limit", "8.1")
    if not overstacked(state, decision.side):
        state.pending.pop()
        from .sequence import next_phase

        next_phase(state, events)

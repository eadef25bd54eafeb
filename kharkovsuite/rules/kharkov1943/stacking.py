"""5: Stacking.  Ten stacking points a hex, counted only at the end of the operations phase;
units move freely through and into crowded hexes before that.  The owner then removes units of
his choice from each over-stacked hex until it holds ten points or fewer.

The limits on armoured regiments, battalions and independent armoured brigades of different
formations in one hex wait for part 2 (see docs/rules/kharkov-1943.md).
"""
from __future__ import annotations

from ...engine.errors import IllegalAction
from ...engine.events import Eliminated
from ...engine.state import Decision, GameState

LIMIT = 10  # 5
DECISION = "overstack"


def points(state: GameState, hex_id: str, side: str) -> int:
    return sum(state.board.units[u].values.stacking for u in state.units_at(hex_id) if state.units[u].side == side)


def over_stacked(state: GameState) -> list[tuple[str, str]]:
    """(hex, side) of every hex holding more than ten stacking points of one side."""
    out = []
    for hex_id in sorted(state.at):
        for side in sorted({state.units[u].side for u in state.at[hex_id]}):
            if points(state, hex_id, side) > LIMIT:
                out.append((hex_id, side))
    return out


def offer(state: GameState) -> bool:
    """Push one decision per over-stacked hex; True if any."""
    for hex_id, side in reversed(over_stacked(state)):
        state.pending.append(Decision(DECISION, side, "5", {"hex": hex_id}))
    return bool(state.pending)


def legal(state: GameState, decision: Decision) -> list:
    from ...engine.actions import EliminateExcess

    return [EliminateExcess(unit=u) for u in state.units_at(decision.data["hex"]) if state.units[u].side == decision.side]


def apply(state: GameState, decision: Decision, action, events: list) -> None:
    hex_id = decision.data["hex"]
    if action.kind != "EliminateExcess":
        raise IllegalAction("5", f"{hex_id} holds more than {LIMIT} stacking points: remove a unit there first")
    if action.unit not in state.units_at(hex_id) or state.units[action.unit].side != decision.side:
        raise IllegalAction("5", f"{action.unit} is not a {decision.side} unit in {hex_id}")
    state.to_box(action.unit, "eliminated")
    events.append(Eliminated(unit=action.unit, hex=hex_id, reason="over-stacked at the end of the operations phase", case="5"))
    if points(state, hex_id, decision.side) <= LIMIT:
        state.pending.pop()

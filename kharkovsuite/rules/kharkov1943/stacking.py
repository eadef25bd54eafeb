"""5: Stacking.  Ten stacking points a hex, counted only at the end of the operations phase;
units move freely through and into crowded hexes before that.  The owner then removes units of
his choice from each over-stacked hex until it is within the limits.

Besides the points: German armoured regiments of more than one division, at most two in a hex,
and German battalions and companies of more than one division, at most three; Soviet
independent armoured brigades (not detached from a tank corps, 1.3), at most two.
"""
from __future__ import annotations

from ...engine.errors import IllegalAction
from ...engine.events import Eliminated
from ...engine.state import Decision, GameState

LIMIT = 10  # 5
DECISION = "overstack"


def points(state: GameState, hex_id: str, side: str) -> int:
    """Stacking points of ``side`` in the hex, the units in its HQs' boxes included (10.3)."""
    from .hqboxes import boxed_at

    ids = [u for u in state.units_at(hex_id) if state.units[u].side == side] + boxed_at(state, hex_id)
    return sum(state.board.units[u].values.stacking for u in ids if state.units[u].side == side)


def _mixed_over(infos, most: int) -> bool:
    """More than ``most`` of these units, and not all of one division."""
    return len(infos) > most and len({i.formation for i in infos}) > 1


def excess(state: GameState, hex_id: str, side: str) -> str | None:
    """What breaks a limit of 5 in the hex for ``side``, or None."""
    if points(state, hex_id, side) > LIMIT:
        return f"more than {LIMIT} stacking points"
    infos = [state.board.units[u] for u in state.units_at(hex_id) if state.units[u].side == side]
    if side == "german":
        if _mixed_over([i for i in infos if i.values.kind == "armor" and i.values.echelon == "regiment"], 2):
            return "more than two armoured regiments of different divisions"
        if _mixed_over([i for i in infos if i.values.echelon in ("battalion", "company")], 3):
            return "more than three battalions or companies of different divisions"
    elif len([i for i in infos if i.values.kind == "armor" and i.values.echelon == "brigade" and not i.values.detachment]) > 2:
        return "more than two independent armoured brigades"
    return None


def over_stacked(state: GameState) -> list[tuple[str, str]]:
    """(hex, side) of every hex breaking a limit of 5 for one side."""
    out = []
    for hex_id in sorted(state.at):
        for side in sorted({state.units[u].side for u in state.at[hex_id]}):
            if excess(state, hex_id, side):
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
        raise IllegalAction("5", f"{hex_id} holds {excess(state, hex_id, decision.side)}: remove a unit there first")
    if action.unit not in state.units_at(hex_id) or state.units[action.unit].side != decision.side:
        raise IllegalAction("5", f"{action.unit} is not a {decision.side} unit in {hex_id}")
    state.to_box(action.unit, "eliminated")
    events.append(Eliminated(unit=action.unit, hex=hex_id, reason="over-stacked at the end of the operations phase", case="5"))
    if excess(state, hex_id, decision.side) is None:
        state.pending.pop()

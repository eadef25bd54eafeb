"""10.3 (optional, the scenario option ``hq_boxes``): units kept in an HQ's box off the map.

In its activation a unit standing in the hex of an HQ of its side (and front) may go into the
HQ's box (:class:`~.actions.IntoHQBox`); it ends its move there.  Later, in an activation, it comes
out onto the HQ's hex (:class:`~.actions.OutOfHQBox`) and may move on.  A box holds at most eight
units, of at most two formations for a Panzer corps HQ, three for a Mobile Group HQ and four for
any other HQ.  Boxed units travel with their HQ, count for stacking in its hex (5), and the enemy
never sees them (10); they are no part of supply or command checks while boxed.  An HQ destroyed
(1.4) takes the units of its box with it.
"""
from __future__ import annotations

from ...engine.errors import IllegalAction
from ...engine.events import Eliminated, UnitMoved
from ...engine.state import GameState
from . import activation, command
from .actions import IntoHQBox, OutOfHQBox

OPTION = "hq_boxes"
PREFIX = activation.HQ_BOX
MAX_UNITS = 8
FORMATIONS = {"panzer_corps": 2, "mobile_group": 3}
OTHER_FORMATIONS = 4


def enabled(state: GameState) -> bool:
    return bool(state.options.get(OPTION, False))


def box_of(hq: str) -> str:
    return PREFIX + hq


def holder(state: GameState, unit_id: str) -> str | None:
    """The HQ whose box holds ``unit_id``, or None."""
    box = state.units[unit_id].box or ""
    return box[len(PREFIX):] if box.startswith(PREFIX) else None


def boxed(state: GameState, hq: str) -> list[str]:
    return sorted(u for u, rec in state.units.items() if rec.box == box_of(hq))


def boxed_at(state: GameState, hex_id: str) -> list[str]:
    """Units in the boxes of the HQs standing in ``hex_id``."""
    return [u for hq in state.units_at(hex_id) if state.board.units[hq].is_hq for u in boxed(state, hq)]


def into_refusal(state: GameState, unit_id: str, hq: str) -> tuple[str, str] | None:
    if not enabled(state):
        return "10.3", "this game does not use HQ boxes (the scenario option hq_boxes)"
    act = activation.current(state)
    if act is None:
        return "10.3", "a unit goes into an HQ's box in its activation"
    rec, head = state.units.get(unit_id), state.units.get(hq)
    if rec is None or head is None or rec.side != act["side"] or head.side != rec.side:
        return "10.3", f"{unit_id} and {hq} are not units of the {act['side']} player"
    info = state.board.units[unit_id]
    if not state.board.units[hq].is_hq or info.is_hq or info.values.kind == "supply_head":
        return "10.3", f"only combat units go into an HQ's box, and {hq} must be an HQ"
    if rec.hex is None or rec.hex != head.hex:
        return "10.3", f"{unit_id} is not in the hex of {hq}"
    if not command.same_front(state, hq, unit_id):
        return "1.5", f"{unit_id} is of another front than {hq}"
    inside = boxed(state, hq)
    if len(inside) >= MAX_UNITS:
        return "10.3", f"the box of {hq} holds {MAX_UNITS} units already"
    formations = {state.board.units[u].formation for u in inside} | {info.formation}
    most = FORMATIONS.get(state.board.units[hq].values.hq_level, OTHER_FORMATIONS)
    if len(formations) > most:
        return "10.3", f"the box of {hq} takes units of at most {most} formations"
    return activation.group_refusal(state, [unit_id])


def apply_into(state: GameState, action: IntoHQBox, events: list) -> None:
    why = into_refusal(state, action.unit, action.hq)
    if why:
        raise IllegalAction(*why)
    activation.ensure_joined(state, [action.unit], events)
    act = activation.current(state)
    if action.unit not in act["moved"]:
        act["moved"].append(action.unit)
    hex_id = state.units[action.unit].hex
    state.to_box(action.unit, box_of(action.hq))
    events.append(UnitMoved(units=(action.unit,), path=(hex_id,), cost=0.0, how=f"into the box of {action.hq}", case="10.3"))


def out_refusal(state: GameState, unit_id: str) -> tuple[str, str] | None:
    act = activation.current(state)
    if act is None:
        return "10.3", "a unit leaves an HQ's box in its activation"
    if unit_id not in state.units or holder(state, unit_id) is None:
        return "10.3", f"{unit_id} is in no HQ's box"
    hq = holder(state, unit_id)
    if state.units[unit_id].side != act["side"] or state.units[hq].hex is None:
        return "10.3", f"{unit_id} may not come out now"
    return None


def apply_out(state: GameState, action: OutOfHQBox, events: list) -> None:
    why = out_refusal(state, action.unit)
    if why:
        raise IllegalAction(*why)
    hq = holder(state, action.unit)
    spot = state.units[hq].hex
    state.place(action.unit, spot)
    why = activation.group_refusal(state, [action.unit])
    if why:
        state.to_box(action.unit, box_of(hq))
        raise IllegalAction(*why)
    activation.ensure_joined(state, [action.unit], events)
    events.append(UnitMoved(units=(action.unit,), path=(spot,), cost=0.0, how=f"out of the box of {hq}", case="10.3"))


def lose_with(state: GameState, hq: str, events: list) -> None:
    """1.4 with 10.3: the units in a destroyed HQ's box are destroyed with it."""
    for uid in boxed(state, hq):
        state.to_box(uid, "eliminated")
        events.append(Eliminated(unit=uid, hex=None, reason=f"in the box of {hq} when it was destroyed", case="10.3"))


def legal(state: GameState, side: str) -> list:
    if not enabled(state) or activation.current(state) is None:
        return []
    out: list = []
    for hq in command.hqs(state, side):
        for uid in state.units_at(state.units[hq].hex):
            if into_refusal(state, uid, hq) is None:
                out.append(IntoHQBox(unit=uid, hq=hq))
    for uid, rec in sorted(state.units.items()):
        if rec.side == side and holder(state, uid) and out_refusal(state, uid) is None:
            out.append(OutOfHQBox(unit=uid))
    return out

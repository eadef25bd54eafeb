"""1.3: Detachments, reattachment and merging worn Soviet infantry.

A detachment counter names its mother unit (``values.detached_from`` of the unit): a Soviet tank
brigade of a tank corps, a German Panzer battalion of a Panzer regiment, one counter each (so one
detachment a mother).  In an activation that takes the mother, :class:`~.actions.Detach` puts the
detachment in the mother's hex with as many steps as its counter holds, at most the mother's
steps but one, which the mother loses.  A detachment that starts its activation in its mother's
hex may :class:`~.actions.Reattach`: it joins the activation, leaves the map, and the mother
gets its steps back.  Neither costs OP.

:class:`~.actions.Combine`: two Soviet rifle divisions or brigades in one hex, both starting to
act in the open activation, merge: ``absorbed`` leaves play and ``unit`` gets back as many lost
steps as ``absorbed`` still has.
"""
from __future__ import annotations

from ...engine.errors import IllegalAction
from ...engine.state import GameState
from . import activation
from .actions import Combine, Detach, Reattach
from .events import StepsChanged

BOX = "detachments"
MERGED = "merged"
MERGING_ECHELONS = frozenset({"division", "brigade"})


def mother(state: GameState, det: str) -> str | None:
    unit = next((u for u in state.scenario.units if u.id == det), None)
    return unit.values.get("detached_from") if unit is not None else None


def _left(state: GameState, uid: str) -> int:
    return len(state.board.units[uid].combat) - state.units[uid].step


def detach_refusal(state: GameState, det: str) -> tuple[str, str] | None:
    act = activation.current(state)
    if act is None:
        return "1.3", "detach in an activation that takes the mother unit"
    mom = mother(state, det) if det in state.units else None
    if mom is None or not state.board.units[det].values.detachment:
        return "1.3", f"{det} is not a detachment counter"
    if state.units[det].box != BOX:
        return "1.3", f"{det} is already detached"
    rec = state.units[mom]
    if rec.hex is None or rec.side != act["side"]:
        return "1.3", f"its mother unit {mom} is not on the map"
    if _left(state, mom) < 2:
        return "1.3", f"{mom} has a single step left and cannot give one away"
    return activation.group_refusal(state, [mom])


def apply_detach(state: GameState, action: Detach, events: list) -> None:
    why = detach_refusal(state, action.detachment)
    if why:
        raise IllegalAction(*why)
    det = action.detachment
    mom = mother(state, det)
    activation.ensure_joined(state, [mom], events)
    give = min(len(state.board.units[det].combat), _left(state, mom) - 1)
    state.units[det].step = len(state.board.units[det].combat) - give
    state.units[mom].step += give
    state.place(det, state.units[mom].hex)
    events.append(StepsChanged(unit=mom, step=state.units[mom].step, steps=len(state.board.units[mom].combat),
                               why=f"{det} detached with {give} step(s)", case="1.3"))


def reattach_refusal(state: GameState, det: str) -> tuple[str, str] | None:
    act = activation.current(state)
    if act is None:
        return "1.3", "a detachment rejoins its mother at the start of its activation: open one"
    mom = mother(state, det) if det in state.units else None
    if mom is None or state.units[det].hex is None:
        return "1.3", f"{det} is not a detachment on the map"
    if det in act["units"]:
        return "1.3", f"{det} has already acted in this activation: it rejoins only as its activation starts"
    if state.units[mom].hex != state.units[det].hex:
        return "1.3", f"{det} is not in the hex of its mother unit {mom}"
    return activation.group_refusal(state, [det])


def apply_reattach(state: GameState, action: Reattach, events: list) -> None:
    why = reattach_refusal(state, action.detachment)
    if why:
        raise IllegalAction(*why)
    det = action.detachment
    mom = mother(state, det)
    activation.ensure_joined(state, [det], events)
    activation.current(state)["moved"].append(det)
    back = _left(state, det)
    rec = state.units[mom]
    rec.step = max(rec.step - back, 0)
    state.units[det].step = 0
    state.to_box(det, BOX)
    events.append(StepsChanged(unit=mom, step=rec.step, steps=len(state.board.units[mom].combat),
                               why=f"{det} reattached with {back} step(s)", case="1.3"))


def combine_refusal(state: GameState, unit: str, absorbed: str) -> tuple[str, str] | None:
    act = activation.current(state)
    if act is None:
        return "1.3", "units merge as they are activated: open an activation"
    for uid in (unit, absorbed):
        rec = state.units.get(uid)
        if rec is None or rec.hex is None or rec.side != "soviet":
            return "1.3", f"{uid} is not a Soviet unit on the map"
        v = state.board.units[uid].values
        if v.kind != "infantry" or v.echelon not in MERGING_ECHELONS:
            return "1.3", f"{uid} is not a rifle division or brigade"
        if uid in act["units"]:
            return "1.3", f"{uid} has already acted in this activation: units merge as their activation starts"
    if unit == absorbed or state.units[unit].hex != state.units[absorbed].hex:
        return "1.3", "the two units must be different and in the same hex"
    if state.units[unit].step == 0:
        return "1.3", f"{unit} has lost no step"
    return activation.group_refusal(state, [unit])


def apply_combine(state: GameState, action: Combine, events: list) -> None:
    why = combine_refusal(state, action.unit, action.absorbed)
    if why:
        raise IllegalAction(*why)
    activation.ensure_joined(state, [action.unit], events)
    rec = state.units[action.unit]
    gained = min(_left(state, action.absorbed), rec.step)
    rec.step -= gained
    state.to_box(action.absorbed, MERGED)
    events.append(StepsChanged(unit=action.unit, step=rec.step, steps=len(state.board.units[action.unit].combat),
                               why=f"merged with {action.absorbed}", case="1.3"))


def legal(state: GameState, side: str) -> list:
    out: list = []
    if activation.current(state) is None:
        return out
    for uid, rec in state.units.items():
        if rec.side != side or not state.board.units[uid].values.detachment:
            continue
        if rec.box == BOX and detach_refusal(state, uid) is None:
            out.append(Detach(detachment=uid))
        elif rec.hex is not None and reattach_refusal(state, uid) is None:
            out.append(Reattach(detachment=uid))
    if side == "soviet":
        for hex_id, ids in state.at.items():
            for a in ids:
                for b in ids:
                    if a != b and combine_refusal(state, a, b) is None:
                        out.append(Combine(unit=a, absorbed=b))
    return out

"""11: Defensive works.  A stack digs in at any point of its activation: a mobile defensive
position (PDM) costs each unit 2 OP, a prepared one (PDP) 4, and every unit of the hex builds it
(11.1; fatigue adds its surcharge, 3.5).  A PDP adds 2 to each unit's combat and anti-tank values
in defence (:mod:`.odds`); both free the units from the attack a ZoC makes compulsory
(:func:`.combat.owing`) and set the Table of Postures row (7.5).  To move again a unit leaves
its position, 3 OP from a PDM and 5 from a PDP (11.2); one that is moved anyway (a retreat, an
advance, a reaction) leaves it behind for nothing, as positions are not handed on (11.1).

The state: ``state.game["posture"]`` = unit -> ``"pdm"`` or ``"pdp"``.
"""
from __future__ import annotations

from ...engine.errors import IllegalAction
from ...engine.events import FlagChanged
from ...engine.state import GameState
from . import activation
from .odds import posture

BUILD_COST = {"pdm": 2, "pdp": 4}  # 11.1
LEAVE_COST = {"pdm": 3, "pdp": 5}  # 11.2
RANK = ("normal", "pdm", "pdp")


def build_refusal(state: GameState, units, kind: str) -> tuple[str, str] | None:
    if kind not in BUILD_COST:
        return "11.1", f"a position is 'pdm' or 'pdp', not {kind!r}"
    units = tuple(units)
    if not units or any(u not in state.units or state.units[u].hex is None for u in units):
        return "11.1", "name the units of a hex on the map"
    hex_id = state.units[units[0]].hex
    side = state.units[units[0]].side
    stack = sorted(u for u in state.units_at(hex_id) if state.units[u].side == side and state.board.units[u].values.kind != "supply_head")
    if sorted(set(units)) != stack:
        return "11.1", f"every unit in {hex_id} builds the position together ({', '.join(stack)})"
    if all(RANK.index(posture(state, u)) >= RANK.index(kind) for u in units):
        return "11.1", f"the units in {hex_id} hold a {kind.upper()} or better already"
    refusal = activation.group_refusal(state, units)
    if refusal:
        return refusal
    for uid in units:
        need = BUILD_COST[kind] + activation.mover(state, uid, 0).level(0)
        left = activation.mover(state, uid, 0).remaining
        if need > left:
            return "11.1", f"{uid} has {left} OP left, a {kind.upper()} costs it {need}"
    return None


def build(state: GameState, units, kind: str, events: list) -> None:
    refusal = build_refusal(state, units, kind)
    if refusal:
        raise IllegalAction(*refusal)
    activation.ensure_joined(state, units, events)
    act = activation.current(state)
    table = state.game.setdefault("posture", {})
    for uid in units:
        activation.spend(state, uid, BUILD_COST[kind] + activation.mover(state, uid, 0).level(0), events)
        old = table.get(uid)
        table[uid] = kind
        if uid not in act["moved"]:
            act["moved"].append(uid)  # 3.4: digging in ends the unit's move
        if old:
            events.append(FlagChanged(unit=uid, flag=old, on=False, case="11.1"))
        events.append(FlagChanged(unit=uid, flag=kind, on=True, case="11.1"))


def leave_refusal(state: GameState, unit_id: str) -> tuple[str, str] | None:
    held = posture(state, unit_id) if unit_id in state.units else "normal"
    if held == "normal":
        return "11.2", f"{unit_id} holds no defensive position"
    refusal = activation.join_refusal(state, unit_id)
    if refusal:
        return refusal
    act = activation.current(state)
    if unit_id in act["moved"]:
        return "11.2", f"{unit_id} has dug in or moved in this activation; it leaves its position in a later one"
    m = activation.mover(state, unit_id, 0)
    need = LEAVE_COST[held] + m.level(0)
    if need > m.remaining:
        return "11.2", f"{unit_id} has {m.remaining} OP left, leaving a {held.upper()} costs it {need}"
    return None


def leave(state: GameState, unit_id: str, events: list) -> None:
    refusal = leave_refusal(state, unit_id)
    if refusal:
        raise IllegalAction(*refusal)
    held = posture(state, unit_id)
    activation.ensure_joined(state, [unit_id], events)
    activation.spend(state, unit_id, LEAVE_COST[held] + activation.mover(state, unit_id, 0).level(0), events)
    del state.game["posture"][unit_id]
    events.append(FlagChanged(unit=unit_id, flag=held, on=False, case="11.2"))


def unit_moved(state: GameState, unit_id: str, old: str | None, new: str | None) -> None:
    """11.1: a position stays in its hex; the unit moved off loses it."""
    if old != new:
        state.game.get("posture", {}).pop(unit_id, None)

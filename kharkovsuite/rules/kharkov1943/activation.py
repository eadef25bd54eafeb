"""3: Activation, and the fatigue it brings (3.5).

An activation segment is opened by :class:`~.actions.Activate`: with an HQ it is an activation
by formation (3.2: the HQ free, up to 8 units it commands, 6 while it is at Fatigue 1, none at
Fatigue 2), without one a general activation (3.3: any 4 units, an HQ counting, Soviet units of
one front, 1.5).  A unit joins the open activation when it first acts, so no list of units has
to be chosen beforehand; joining is when its fatigue and its OP allowance are fixed.

A unit joins at most two activations a turn (3.1).  The second one puts it at Fatigue 1 at
once, and Fatigue 2 once it has spent 6 OP in that activation (3.5).  Fatigue adds 1 or 2 OP
to every hex entered and every combat; it lasts from turn to turn and is lowered one level by
spending 4 OP in the unit's first activation of a turn.

The state: ``state.phase_data["activation"]`` is the open activation (``None`` between
segments), ``state.turn_data["activations"]`` counts each unit's activations this turn and
``state.game["fatigue"]`` holds fatigue levels.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.errors import IllegalAction
from ...engine.events import FlagChanged
from ...engine.state import GameState
from . import command, supply

FORMATION_LIMIT = 8  # 3.2 (the reading chosen over 2.1's six, see docs/rules/kharkov-1943.md)
FATIGUED_FORMATION_LIMIT = 6  # 3.5
GENERAL_LIMIT = 4  # 3.3
MAX_ACTIVATIONS = 2  # 3.1
OUT_OF_COMMAND_PENALTY = 4  # 3.3, 8.2
FATIGUE_REDUCTION_COST = 4  # 3.5
FATIGUE_2_AT = 6  # 3.5: the sixth OP of a second activation
ARRIVING = "arriving"  # the box of reinforcements waiting to enter (15.1, reinforcements.ARRIVING)
HQ_BOX = "hqbox:"  # the boxes of optional rule 10.3 (hqboxes.PREFIX)


@dataclass(frozen=True)
class Mover:
    """What a unit brings to a move: OP left, fatigue, and what raises it on the way."""

    unit: str
    remaining: int  # OP still to spend in this activation
    spent: int  # OP spent in this activation so far
    fatigue: int
    second: bool  # its second activation this turn (3.5)
    snow: int  # 14.3: OP a hex added by the ground state

    def level(self, spent_in_move: int) -> int:
        """3.5: the fatigue level after ``spent_in_move`` OP of this move."""
        if self.second and self.spent + spent_in_move >= FATIGUE_2_AT:
            return 2
        return self.fatigue


def current(state: GameState) -> dict | None:
    return state.phase_data.get("activation")


def fatigue(state: GameState, unit_id: str) -> int:
    return state.game.get("fatigue", {}).get(unit_id, 0)


def count(state: GameState, unit_id: str) -> int:
    return state.turn_data.get("activations", {}).get(unit_id, 0)


def out_of_command(state: GameState, unit_id: str) -> bool:
    return unit_id in state.turn_data.get("out_of_command", ())


def activatable(state: GameState, unit_id: str) -> bool:
    """A unit on the map, a reinforcement waiting to enter (15.1) or a unit in an HQ's box (10.3)
    that may still be activated this turn (3.1); supply heads move by their own rule (9.4)."""
    rec = state.units[unit_id]
    return ((rec.hex is not None or rec.box == ARRIVING or (rec.box or "").startswith(HQ_BOX))
            and state.board.units[unit_id].values.kind != "supply_head"
            and count(state, unit_id) < MAX_ACTIVATIONS)


def out_of_units(state: GameState, side: str) -> bool:
    """2.1, 2.2: the side has no unit left to activate this turn."""
    return not any(rec.side == side and activatable(state, uid) for uid, rec in state.units.items())


# ----------------------------------------------------------------------------- opening


def open_refusal(state: GameState, side: str, hq: str | None) -> tuple[str, str] | None:
    if current(state) is not None:
        return "3.1", "an activation is already open; end it first"
    if hq is None:
        return None
    rec = state.units.get(hq)
    if rec is None or rec.side != side or rec.hex is None or not state.board.units[hq].is_hq:
        return "3.2", f"{hq} is not an HQ of the {side} player on the map"
    if count(state, hq) >= MAX_ACTIVATIONS:
        return "3.1", f"{hq} has been activated twice this turn"
    if fatigue(state, hq) >= 2:
        return "3.5", f"{hq} is at Fatigue 2 and may not activate by formation"
    return None


def open_activation(state: GameState, side: str, hq: str | None, events: list) -> None:
    refusal = open_refusal(state, side, hq)
    if refusal:
        raise IllegalAction(*refusal)
    state.phase_data["activation"] = {
        "kind": "general" if hq is None else "formation",
        "hq": hq,
        "side": side,
        "units": [],
        "op": {},
        "spent": {},
        "moved": [],
    }
    if hq is not None:
        _join(state, hq, events)  # 3.1: the HQ is activated, free of the unit count


# ----------------------------------------------------------------------------- joining


def join_refusal(state: GameState, unit_id: str) -> tuple[str, str] | None:
    """Why ``unit_id`` may not act in the open activation, or None."""
    act = current(state)
    if act is None:
        return "3.1", "no activation is open: activate a formation or a general activation first"
    rec = state.units.get(unit_id)
    if rec is None or rec.side != act["side"]:
        return "3.1", f"{unit_id} is not a unit of the {act['side']} player"
    if unit_id in act["units"]:
        return None
    if rec.hex is None:
        return "3.1", f"{unit_id} is not on the map"
    if state.board.units[unit_id].values.kind == "supply_head":
        return "9.4", f"{unit_id} is a supply head, which moves by its own rule"
    if count(state, unit_id) >= MAX_ACTIVATIONS:
        return "3.1", f"{unit_id} has already been activated twice this turn"
    joined = [u for u in act["units"] if u != act["hq"]]
    if act["kind"] == "formation":
        hq = act["hq"]
        limit = FATIGUED_FORMATION_LIMIT if fatigue(state, hq) >= 1 else FORMATION_LIMIT
        if len(joined) >= limit:
            return ("3.5" if limit < FORMATION_LIMIT else "3.2"), f"{hq} activates at most {limit} units"
        if out_of_command(state, unit_id):
            return "8.2", f"{unit_id} is out of command this turn: only a general activation may take it"
        if not command.same_front(state, hq, unit_id):
            return "1.5", f"{unit_id} is of another front than {hq}"
        if not command.in_command_of(state, hq, unit_id):
            return "3.2", f"{unit_id} is not within a line of command of {hq} (8.1)"
        return None
    if len(joined) >= GENERAL_LIMIT:
        return "3.3", f"a general activation takes at most {GENERAL_LIMIT} units, HQs counting"
    if any(not command.same_front(state, other, unit_id) for other in joined):
        return "1.5", f"{unit_id} is of another front than the units already activated"
    return None


def can_join(state: GameState, unit_id: str) -> bool:
    return join_refusal(state, unit_id) is None


def group_refusal(state: GameState, unit_ids) -> tuple[str, str] | None:
    """Why the units may not all act in the open activation together (its limits count them
    all), or None."""
    act = current(state)
    if act is None:
        return "3.1", "no activation is open: activate a formation or a general activation first"
    added = 0
    try:
        for uid in dict.fromkeys(unit_ids):
            refusal = join_refusal(state, uid)  # the units before it already count
            if refusal:
                return refusal
            if uid not in act["units"]:
                act["units"].append(uid)
                added += 1
        return None
    finally:
        del act["units"][len(act["units"]) - added:]


def ensure_joined(state: GameState, unit_ids, events: list) -> None:
    """Join every unit that is not in the open activation yet, or refuse them all."""
    refusal = group_refusal(state, unit_ids)
    if refusal:
        raise IllegalAction(*refusal)
    act = current(state)
    for uid in [u for u in dict.fromkeys(unit_ids) if u not in act["units"]]:
        _join(state, uid, events)


def _join(state: GameState, unit_id: str, events: list) -> None:
    act = current(state)
    counts = state.turn_data.setdefault("activations", {})
    counts[unit_id] = counts.get(unit_id, 0) + 1
    if counts[unit_id] == MAX_ACTIVATIONS and fatigue(state, unit_id) < 1:
        set_fatigue(state, unit_id, 1, "3.5", events)
    op = supply.op_allowance(state, unit_id)  # 9.2, 9.3
    if act["kind"] == "general" and out_of_command(state, unit_id):
        op -= OUT_OF_COMMAND_PENALTY
    act["units"].append(unit_id)
    act["op"][unit_id] = max(op, 0)
    act["spent"][unit_id] = 0


def set_fatigue(state: GameState, unit_id: str, level: int, case: str, events: list) -> None:
    old = fatigue(state, unit_id)
    if level == old:
        return
    table = state.game.setdefault("fatigue", {})
    if level:
        table[unit_id] = level
    else:
        table.pop(unit_id, None)
    if old:
        events.append(FlagChanged(unit=unit_id, flag=f"fatigue-{old}", on=False, case=case))
    if level:
        events.append(FlagChanged(unit=unit_id, flag=f"fatigue-{level}", on=True, case=case))


# ----------------------------------------------------------------------------- spending


def mover(state: GameState, unit_id: str, snow: int) -> Mover:
    """The unit as it would move now: joined already, or as it would be on joining."""
    act = current(state)
    if unit_id in act["units"]:
        allowance, spent = act["op"][unit_id], act["spent"][unit_id]
        second = count(state, unit_id) >= MAX_ACTIVATIONS
        level = fatigue(state, unit_id)
    else:
        allowance = supply.op_allowance(state, unit_id)
        if act["kind"] == "general" and out_of_command(state, unit_id):
            allowance = max(allowance - OUT_OF_COMMAND_PENALTY, 0)
        spent = 0
        second = count(state, unit_id) + 1 >= MAX_ACTIVATIONS
        level = max(fatigue(state, unit_id), 1) if second else fatigue(state, unit_id)
    return Mover(unit_id, allowance - spent, spent, level, second, snow)


def spend(state: GameState, unit_id: str, op: int, events: list) -> None:
    """Record OP spent and raise fatigue at the sixth OP of a second activation (3.5)."""
    act = current(state)
    act["spent"][unit_id] += op
    if count(state, unit_id) >= MAX_ACTIVATIONS and act["spent"][unit_id] >= FATIGUE_2_AT and fatigue(state, unit_id) < 2:
        set_fatigue(state, unit_id, 2, "3.5", events)


def reduce_refusal(state: GameState, unit_id: str) -> tuple[str, str] | None:
    refusal = join_refusal(state, unit_id)
    if refusal:
        return refusal
    act = current(state)
    first = count(state, unit_id) + (0 if unit_id in act["units"] else 1) == 1
    if not first:
        return "3.5", f"{unit_id} may lower its fatigue only in its first activation of the turn"
    if fatigue(state, unit_id) == 0:
        return "3.5", f"{unit_id} is not fatigued"
    if unit_id in state.turn_data.get("rested", ()):
        return "3.5", f"{unit_id} has already lowered its fatigue this turn"
    left = act["op"][unit_id] - act["spent"][unit_id] if unit_id in act["units"] else mover(state, unit_id, 0).remaining
    if left < FATIGUE_REDUCTION_COST:
        return "3.5", f"{unit_id} has {left} OP left, lowering fatigue costs {FATIGUE_REDUCTION_COST}"
    return None


def apply_reduce(state: GameState, unit_id: str, events: list) -> None:
    refusal = reduce_refusal(state, unit_id)
    if refusal:
        raise IllegalAction(*refusal)
    ensure_joined(state, [unit_id], events)
    state.turn_data.setdefault("rested", []).append(unit_id)
    spend(state, unit_id, FATIGUE_REDUCTION_COST, events)
    set_fatigue(state, unit_id, fatigue(state, unit_id) - 1, "3.5", events)


def close(state: GameState) -> bool:
    """End the open activation (3.1); True when it activated anyone."""
    act = state.phase_data.pop("activation", None)
    return bool(act and act["units"])

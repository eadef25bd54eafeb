"""German Strongpoints (15.2).

:class:`FormStrongpoint` in the Axis Initial Movement Phase puts the ``strongpoint`` flag on
a regiment that is alone in its hex, has not moved this phase and is not Disrupted (15.21,
15.22, 7.35); it then stays put for the phase.  A strongpoint exerts no ZOC (15.24, in
:func:`.zoc.exerts_zoc`); only a De result touches it (15.2, 15.25: :func:`.results.apply_part`
leaves it out of every other result).  The marker goes when the regiment moves or attacks, or
when another unit ends a move or retreat in its hex (15.23: :func:`unit_moved`, :func:`attacked`).
"""
from __future__ import annotations

from ...engine.actions import FormStrongpoint
from ...engine.errors import IllegalAction
from ...engine.events import FlagChanged
from ...engine.state import GameState

FLAG = "strongpoint"


def may_form(state: GameState, uid: str) -> bool:
    rec = state.units[uid]
    return (
        state.phase.id == "axis-movement"
        and rec.side == "axis"
        and rec.hex is not None
        and state.board.has_flag(uid, "regiment")
        and FLAG not in rec.flags
        and "disrupted" not in rec.flags
        and uid not in state.phase_data.get("moved", ())
        and state.units_at(rec.hex) == [uid]
    )


def legal(state: GameState) -> list[FormStrongpoint]:
    if state.phase.id != "axis-movement":
        return []
    b = state.board
    regs = b.__dict__.get("_k42_regiments")
    if regs is None:
        regs = b.__dict__["_k42_regiments"] = [u for u in b.side_units.get("axis", ()) if b.has_flag(u, "regiment")]
    return [FormStrongpoint(unit=u) for u in regs if state.units[u].hex is not None and may_form(state, u)]


def apply_form(state: GameState, action: FormStrongpoint, events: list) -> None:
    uid = action.unit
    if uid not in state.units or not state.board.has_flag(uid, "regiment") or state.units[uid].side != "axis":
        raise IllegalAction("15.21", f"only a German regiment forms a strongpoint, not {uid}")
    rec = state.units[uid]
    if state.phase.id != "axis-movement":
        raise IllegalAction("15.21", "strongpoints form in the Axis Initial Movement Phase")
    if "disrupted" in rec.flags:
        raise IllegalAction("7.35", f"{uid} is disrupted")
    if uid in state.phase_data.get("moved", ()):
        raise IllegalAction("15.21", f"{uid} has moved this phase")
    if rec.hex is None or state.units_at(rec.hex) != [uid]:
        raise IllegalAction("15.22", f"{uid} must be alone in its hex")
    if FLAG in rec.flags:
        raise IllegalAction("15.21", f"{uid} is already a strongpoint")
    state.set_flag(uid, FLAG, True)
    state.phase_data.setdefault("moved", set()).add(uid)
    events.append(FlagChanged(unit=uid, flag=FLAG, on=True, case="15.21"))


def unit_moved(state: GameState, unit_id: str, old: str | None, new: str | None) -> None:
    """15.23: the regiment moving, or another unit arriving, ends the strongpoint."""
    rec = state.units[unit_id]
    if FLAG in rec.flags and old is not None:
        state.set_flag(unit_id, FLAG, False)
    if new is not None:
        for other in state.units_at(new):
            if other != unit_id and FLAG in state.units[other].flags:
                state.set_flag(other, FLAG, False)


def attacked(state: GameState, attackers) -> None:
    """15.23: a strongpoint that attacks is one no more."""
    for uid in attackers:
        if uid in state.units and FLAG in state.units[uid].flags:
            state.set_flag(uid, FLAG, False)


def immune(state: GameState, uid: str, amount) -> bool:
    """15.2/15.25: a strongpoint ignores every result but De."""
    return amount != "e" and FLAG in state.units[uid].flags

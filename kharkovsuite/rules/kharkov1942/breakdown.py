"""German Infantry Divisional Breakdown (15.1).

In the Axis Initial Movement Phase an unmoved German infantry division (type flag
``breakdown``, not a ``regiment``) may be replaced, at no MP cost, by regiments from the
Breakdown box (area ``breakdown-box``) in the pattern of 15.11 for its current strength
(``tables.breakdown`` when the scenario has it: rows keyed by attack strength, columns the
number of 2-8 and of 1-8 regiments).  The regiments may move normally that phase.  A regiment
shows its 2-8 or 1-8 face through ``UnitRecord.step`` (0 or 1) and ``data['face']``; it has a
single step whatever the face (15.14, :func:`.units.total_steps`).

15.12 :class:`ReformDivision`: a division in the box comes back in place of the requisite
regiments (the pattern of its strength) standing together in one hex; it may not move on in
that phase (the substitution happens once movement is over).  15.13 stacking holds at every
moment; enemy ZOC does not matter.  15.15 only the counters of the box are used; when too few
are left, eliminated regiments are traded for a division waiting in the box (the division
leaves play, not counted as eliminated, and as many regiments as its pattern return).
:func:`reform_legal` lists every re-forming possible now for the legal actions.

5.13: in a set-up by hand the Axis player may break down a division he has placed
(:func:`setup_legal`, :func:`apply_setup_break_down`).
"""
from __future__ import annotations

from itertools import combinations

from ...engine.actions import BreakDown, ReformDivision
from ...engine.errors import IllegalAction
from ...engine.events import FlagChanged, UnitMoved
from ...engine.state import GameState
from . import stacking
from .units import OFF_MAP_ELIMINATED
from .units import attack as attack_value

BOX = "breakdown-box"
TRADED = "breakdown-traded"
PATTERNS = {9: (3, 0), 4: (0, 3), 2: (0, 2), 7: (2, 1), 3: (0, 2)}  # 15.11


def is_division(state: GameState, uid: str) -> bool:
    b = state.board
    return (
        state.units[uid].side == "axis"
        and b.has_flag(uid, "breakdown")
        and not b.has_flag(uid, "regiment")
        and b.unit_type[uid].nationality == "german"
    )


def divisions(state: GameState) -> list[str]:
    """The divisions that may ever break down, per board (cached)."""
    b = state.board
    got = b.__dict__.get("_k42_breakdown_divisions")
    if got is None:
        got = b.__dict__["_k42_breakdown_divisions"] = [u for u in b.side_units.get("axis", ()) if is_division(state, u)]
    return got


def is_regiment(state: GameState, uid: str) -> bool:
    return state.board.has_flag(uid, "regiment")


def pattern(state: GameState, uid: str) -> tuple[int, int] | None:
    """15.11: (number of 2-8, number of 1-8 regiments) for the division's current strength."""
    strength = int(attack_value(state, state.units[uid]))
    table = state.scenario.tables.get("breakdown")
    if table is not None:
        row = table.rows.get(str(strength)) or table.rows.get(strength)
        if row is not None:
            return int(row[0]), int(row[1])
        return None
    return PATTERNS.get(strength)


def in_box(state: GameState) -> list[str]:
    return sorted(u for u, rec in state.units.items() if rec.box == BOX and is_regiment(state, u))


def _eliminated_regiments(state: GameState) -> list[str]:
    return sorted(u for u, rec in state.units.items() if rec.box == OFF_MAP_ELIMINATED and is_regiment(state, u))


def _trade(state: GameState, needed: int, events: list, apply: bool) -> bool:
    """15.15: bring eliminated regiments back by trading divisions waiting in the box."""
    dead = _eliminated_regiments(state)
    gained = 0
    waiting = sorted(u for u, rec in state.units.items() if rec.box == BOX and is_division(state, u))
    for div in waiting:
        if gained >= needed:
            break
        pat = pattern(state, div)
        k = sum(pat) if pat else 0
        if 0 < k <= len(dead) - gained:
            if apply:
                state.to_box(div, TRADED)
                for r in dead[gained : gained + k]:
                    state.to_box(r, BOX)
                    events.append(FlagChanged(unit=r, flag="available", on=True, case="15.15"))
            gained += k
    return gained >= needed


def may_break_down(state: GameState, uid: str) -> bool:
    from .movement import can_move

    rec = state.units[uid]
    return (
        state.phase.id == "axis-movement"
        and rec.hex is not None
        and is_division(state, uid)
        and can_move(state, rec)
        and pattern(state, uid) is not None
    )


def check_break_down(state: GameState, uid: str) -> tuple[int, int]:
    if uid not in state.units or not is_division(state, uid):
        raise IllegalAction("15.1", f"{uid} is not a German infantry division")
    rec = state.units[uid]
    if state.phase.id != "axis-movement":
        raise IllegalAction("15.11", "divisions break down only in the Axis Initial Movement Phase")
    if rec.hex is None:
        raise IllegalAction("15.1", f"{uid} is not on the map")
    if uid in state.phase_data.get("moved", ()) or not may_break_down(state, uid):
        raise IllegalAction("15.11", f"{uid} has moved or may not move this phase")
    pat = pattern(state, uid)
    if pat is None:
        raise IllegalAction("15.11", f"{uid} has no breakdown pattern at its strength")
    n = sum(pat)
    if stacking.room(state, rec.hex, "axis") + 1 < n:
        raise IllegalAction("15.13", f"{n} regiments would overstack {rec.hex}")
    if len(in_box(state)) < n and not _trade(state, n - len(in_box(state)), [], apply=False):
        raise IllegalAction("15.15", "not enough regiment counters in the Breakdown box")
    return pat


def legal(state: GameState) -> list[BreakDown]:
    if state.phase.id != "axis-movement":
        return []
    free = len(in_box(state))
    out = []
    if not free:
        return out
    for uid in divisions(state):
        if may_break_down(state, uid):
            pat = pattern(state, uid)
            here = state.units[uid].hex
            if sum(pat) <= free and stacking.room(state, here, "axis") + 1 >= sum(pat):
                out.append(BreakDown(division=uid))
    return out


def reform_legal(state: GameState) -> list[ReformDivision]:
    """15.12: every division in the box that the regiments standing together in one hex could
    re-form now, with each set of those regiments whose faces match its pattern."""
    if state.phase.id != "axis-movement":
        return []
    boxed = sorted(u for u, rec in state.units.items() if rec.box == BOX and is_division(state, u))
    if not boxed:
        return []
    by_hex: dict[str, list[str]] = {}
    for uid in state.board.side_units.get("axis", ()):
        rec = state.units[uid]
        if rec.hex is not None and is_regiment(state, uid):
            by_hex.setdefault(rec.hex, []).append(uid)
    out = []
    for here in sorted(by_hex):
        regs = sorted(by_hex[here])
        for div in boxed:
            pat = pattern(state, div)
            if pat is None or sum(pat) > len(regs):
                continue
            want = [0] * pat[0] + [1] * pat[1]
            for group in combinations(regs, sum(pat)):
                if sorted(_face(state, r) for r in group) == want:
                    out.append(ReformDivision(division=div, regiments=group))
    return out


def _face(state: GameState, uid: str) -> int:
    return (state.units[uid].data or {}).get("face", 0)


def setup_legal(state: GameState) -> list[BreakDown]:
    """5.13: while the Axis player sets up by hand, a division he has placed may start the game
    broken down, within the regiments of the box and the stacking limit of its hex."""
    free = len(in_box(state))
    out = []
    for uid in divisions(state):
        here = state.units[uid].hex
        pat = pattern(state, uid) if here is not None else None
        if pat and sum(pat) <= free and stacking.room(state, here, "axis") + 1 >= sum(pat):
            out.append(BreakDown(division=uid))
    return out


def apply_setup_break_down(state: GameState, action: BreakDown, events: list) -> None:
    """5.13: the set-up counterpart of :func:`apply_break_down` (no movement phase yet)."""
    uid = action.division
    if uid not in state.units or not is_division(state, uid):
        raise IllegalAction("15.1", f"{uid} is not a German infantry division")
    if state.units[uid].hex is None:
        raise IllegalAction("5.13", f"{uid} must be set up on the map before it breaks down")
    if BreakDown(division=uid) not in setup_legal(state):
        pat = pattern(state, uid)
        if pat is None:
            raise IllegalAction("15.11", f"{uid} has no breakdown pattern at its strength")
        if len(in_box(state)) < sum(pat):
            raise IllegalAction("15.15", "not enough regiment counters in the Breakdown box")
        raise IllegalAction("15.13", f"{sum(pat)} regiments would overstack {state.units[uid].hex}")
    _replace(state, uid, pattern(state, uid), events, "5.13")


def apply_break_down(state: GameState, action: BreakDown, events: list) -> None:
    uid = action.division
    _replace(state, uid, check_break_down(state, uid), events, "15.11")


def _replace(state: GameState, uid: str, pat: tuple[int, int], events: list, case: str) -> None:
    """Put the division in the box and the regiments of pattern ``pat`` in its hex."""
    n2, n1 = pat
    n = n2 + n1
    if len(in_box(state)) < n:
        _trade(state, n - len(in_box(state)), events, apply=True)
    regs = in_box(state)[:n]
    here = state.units[uid].hex
    state.to_box(uid, BOX)
    for k, r in enumerate(regs):
        rec = state.units[r]
        face = 0 if k < n2 else 1
        rec.step = face
        rec.data = dict(rec.data or {}, face=face)
        rec.flags = frozenset()
        state.place(r, here)
    state.game.setdefault("breakdown", {})[uid] = list(regs)
    events.append(UnitMoved(units=(uid,) + tuple(regs), path=(here,), cost=0.0, how="breakdown", case=case))


def apply_reform(state: GameState, action: ReformDivision, events: list) -> None:
    div, regs = action.division, tuple(action.regiments)
    if state.phase.id != "axis-movement":
        raise IllegalAction("15.12", "divisions re-form only in the Axis Initial Movement Phase")
    if div not in state.units or not is_division(state, div) or state.units[div].box != BOX:
        raise IllegalAction("15.12", f"{div} is not a division in the Breakdown box")
    if not regs or len(set(regs)) != len(regs) or not all(r in state.units and is_regiment(state, r) for r in regs):
        raise IllegalAction("15.12", "name the regiments that re-form the division")
    hexes = {state.units[r].hex for r in regs}
    if None in hexes or len(hexes) != 1:
        raise IllegalAction("15.12", "the regiments must stand together in one hex")
    pat = pattern(state, div)
    faces = sorted(_face(state, r) for r in regs)
    if pat is None or faces != [0] * pat[0] + [1] * pat[1]:
        raise IllegalAction("15.12", f"{div} re-forms from {pat[0] if pat else 0} 2-8 and {pat[1] if pat else 0} 1-8 regiments")
    here = hexes.pop()
    for r in regs:
        state.to_box(r, BOX)
        state.units[r].step = 0
    state.place(div, here)
    state.phase_data.setdefault("moved", set()).add(div)
    events.append(UnitMoved(units=(div,) + regs, path=(here,), cost=0.0, how="reform", case="15.12"))

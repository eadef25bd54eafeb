"""Soviet Army Reserves (6.7): committing the units of the Reserve Boxes.

Each reserve is an area of kind ``reserve`` (``reserve-28`` ...) whose units start in the box
of that name (``UnitRecord.box``); its Army Reserve counter is the ``reserve_counter`` unit
that sets up in the area's hex, or failing that whose id carries the same number.  The
counter's own movement (4 MP, no rail, never within three hexes of an Axis unit, 6.72) is in
:mod:`.movement` and :mod:`.rail`.

:class:`~kharkovsuite.engine.actions.CommitReserve` in the Reserve Commitment Phase places
units within two hexes of their counter, within the stacking limit (6.73, 8.1); the counter
goes when its box is empty.  Limits: nothing on GT 1 (4.2.A1); at most three units in all on
GT 2 and on GT 3 (6.74, read as a total across reserves); a reserve an Axis unit has come
within three hexes of may be committed whole, without limit (6.75); everything from GT 4
(6.76).  Committing 9th Army units before GT 4 activates the Axis south (6.55).

Interpretation (6.75): the release is recorded the moment an Axis unit moves (or enters, or
retreats or advances) to within three hexes of the counter; Axis units already that close at
set-up do not count.  As soon as the action that caused it is over (and any decision it
opened is settled), the Soviet player is asked at once, whoever's turn it is (decision
``reserve_release``): he commits that reserve's units one by one (``CommitReserve``) or stops
(``DeclineReserve``).  Units he leaves in the box may be committed in any later Reserve
Commitment Phase, without the limits of 6.74.
"""
from __future__ import annotations

import re

from ...engine.actions import CommitReserve, DeclineReserve
from ...engine.errors import IllegalAction
from ...engine.events import Eliminated, FlagChanged, UnitMoved
from ...engine.state import Decision, GameState
from . import fredericus, stacking
from .places import relocate

KEY = "reserves"
NINTH = "reserve-9"  # 6.55
TURN_LIMIT = 3  # 6.74
FREE_TURN = 4  # 6.76
REMOVED = "reserve-removed"
RELEASE = "reserve_release"  # the pending decision of 6.75
OFFERS = "reserve_offers"  # phase_data: boxes released by the action being applied


def _digits(text: str) -> str:
    found = re.findall(r"\d+", text)
    return found[-1] if found else ""


def init(state: GameState) -> None:
    """Pair every reserve box with its Army Reserve counter."""
    b = state.board
    counters = [u for u in state.units if b.has_flag(u, "reserve_counter")]
    boxes = {}
    for area_id, area in state.scenario.map.areas.items():
        if getattr(area, "kind", None) != "reserve":
            continue
        hexes = set(area.hexes or ())
        counter = next((c for c in counters if state.units[c].hex in hexes), None)
        if counter is None:
            counter = next((c for c in counters if _digits(c) and _digits(c) == _digits(area_id)), None)
        if counter is not None:
            boxes[area_id] = counter
    state.game[KEY] = {"boxes": boxes, "released": []}


def counter_of(state: GameState, box: str) -> str | None:
    return state.game.get(KEY, {}).get("boxes", {}).get(box)


def boxed(state: GameState, box: str) -> list[str]:
    return sorted(u for u, rec in state.units.items() if rec.box == box)


def unit_moved(state: GameState, unit_id: str, old: str | None, new: str | None) -> None:
    """6.75: an Axis unit within three hexes of a counter releases that whole reserve."""
    data = state.game.get(KEY)
    if data is None or new is None or state.units[unit_id].side != "axis":
        return
    b = state.board
    for box, counter in data["boxes"].items():
        where = state.units[counter].hex
        if where is not None and box not in data["released"] and b.hex_distance(where, new) <= 3:
            data["released"].append(box)
            state.phase_data.setdefault(OFFERS, []).append(box)


def offer_release(state: GameState, events: list) -> bool:
    """6.75: open the Soviet decision for a reserve released since the last action, if any
    of its units are still boxed; True when a decision was opened."""
    offers = state.phase_data.get(OFFERS)
    data = state.game.get(KEY) or {"boxes": {}}
    while offers:
        box = offers.pop(0)
        counter = data["boxes"].get(box)
        if counter and state.units[counter].hex is not None and boxed(state, box):
            events.append(FlagChanged(unit=counter, flag="released", on=True, case="6.75"))
            state.pending.append(Decision(RELEASE, "soviet", "6.75", {"box": box}))
            return True
    return False


class Release:
    """The decision of 6.75: commit the released reserve's units now, one at a time, or stop."""

    @staticmethod
    def legal(state: GameState, decision: Decision) -> list:
        box = decision.data["box"]
        hexes = [h for h in placements(state, box) if stacking.room(state, h, "soviet") > 0]
        return [CommitReserve(units=(u,), hexes=(h,)) for u in boxed(state, box) for h in hexes] + [DeclineReserve()]

    @staticmethod
    def apply(state: GameState, decision: Decision, action, events: list) -> None:
        box = decision.data["box"]
        if isinstance(action, DeclineReserve):
            state.pending.pop()
            return
        if not isinstance(action, CommitReserve):
            raise IllegalAction("6.75", "commit released reserve units with CommitReserve or stop with DeclineReserve()")
        stray = [u for u in action.units if u not in state.units or state.units[u].box != box]
        if stray:
            raise IllegalAction("6.75", f"only units of the released {box} may be committed now, not {', '.join(stray)}")
        apply_commit(state, action, events)
        if len(Release.legal(state, decision)) <= 1:
            state.pending.pop()


def released(state: GameState, box: str) -> bool:
    """6.75: an Axis unit has moved (or entered) to within three hexes of the counter since set-up."""
    data = state.game.get(KEY)
    return data is not None and box in data["released"]


def allowance(state: GameState) -> int | None:
    """How many units from unreleased reserves may still be committed this turn (None: any)."""
    if state.turn <= 1:
        return 0
    if state.turn >= FREE_TURN:
        return None
    return max(0, TURN_LIMIT - state.turn_data.get("reserves_committed", 0))


def placements(state: GameState, box: str) -> list[str]:
    """6.73: the hexes within two of the counter that are free of Axis units."""
    counter = counter_of(state, box)
    where = state.units[counter].hex if counter else None
    if where is None:
        return []
    b = state.board
    out = []
    for i in b.within(b.index[where], 2):
        h = b.ids[i]
        if any(state.units[u].side != "soviet" for u in state.units_at(h)):
            continue
        out.append(h)
    return sorted(out)


def eligible(state: GameState) -> dict[str, list[str]]:
    """box -> units that may be committed now, one at a time."""
    data = state.game.get(KEY)
    if data is None:
        return {}
    left = allowance(state)
    out = {}
    for box in sorted(data["boxes"]):
        units = boxed(state, box)
        if not units:
            continue
        if released(state, box) or left is None or left > 0:
            out[box] = units
    return out


def legal(state: GameState) -> list[CommitReserve]:
    out = []
    for box, units in eligible(state).items():
        hexes = [h for h in placements(state, box) if stacking.room(state, h, "soviet") > 0]
        out += [CommitReserve(units=(u,), hexes=(h,)) for u in units for h in hexes]
    return out


def apply_commit(state: GameState, action: CommitReserve, events: list) -> None:
    units, hexes = tuple(action.units), tuple(action.hexes)
    if not units or len(units) != len(hexes) or len(set(units)) != len(units):
        raise IllegalAction("6.73", "name each committed unit once, with one hex for each")
    data = state.game.get(KEY) or {"boxes": {}}
    by_box: dict[str, list[str]] = {}
    for uid in units:
        rec = state.units.get(uid)
        if rec is None or rec.side != "soviet" or rec.box not in data["boxes"]:
            raise IllegalAction("6.73", f"{uid} is not a unit in a Reserve Box")
        by_box.setdefault(rec.box, []).append(uid)
    if state.turn <= 1 and not all(released(state, b) for b in by_box):
        raise IllegalAction("4.2.A1", "no reserves may be committed on Game-Turn One")
    limited = sum(len(v) for b, v in by_box.items() if not released(state, b))
    left = allowance(state)
    if left is not None and limited > left:
        raise IllegalAction("6.74", f"at most {TURN_LIMIT} reserve units may be committed on GT {state.turn}; {left} left")
    added: dict[str, int] = {}
    for uid, h in zip(units, hexes):
        box = state.units[uid].box
        if h not in placements(state, box):
            raise IllegalAction("6.73", f"{uid} must be placed within two hexes of its Army Reserve counter, not in {h}")
        added[h] = added.get(h, 0) + 1
    for h, n in added.items():
        if stacking.room(state, h, "soviet") < n:
            raise IllegalAction("8.1", f"{h} cannot take {n} more Soviet combat unit(s)")
    for uid, h in zip(units, hexes):
        relocate(state, uid, h, events)
        events.append(UnitMoved(units=(uid,), path=(h,), cost=0.0, how="commit", case="6.73"))
    state.turn_data["reserves_committed"] = state.turn_data.get("reserves_committed", 0) + limited
    for box in by_box:
        if box == NINTH and state.turn < FREE_TURN:
            fredericus.activate(state, "6.55", events)
        if not boxed(state, box):
            counter = data["boxes"][box]
            where = state.units[counter].hex
            if where is not None:
                state.to_box(counter, REMOVED)
                events.append(Eliminated(unit=counter, hex=where, reason="its Reserve Box is empty", case="6.73"))

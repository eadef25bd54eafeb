"""12: reserves.

State records: the ``reserve`` unit flag (the marker on the unit), ``state.game["reserves"]``
formation -> the units under its marker (12.4B: one marker a formation), and
``state.turn_data["committed"]`` unit -> the friendly movement round it was committed in
(12.2C), or 0 for a defensive commitment.

Creation (12.1, 12.3.1B-C, 12.4): in a friendly movement round, units of a formation on mobile
or pursuit orders, in hexes free of enemy ZOCs, either one stack within two hexes of the
formation HQ or all the formation's units in or next to the HQ's hex; markers: Germany 8, any
formations (12.4C); the USSR one each for the 53rd, 5th Guards and 7th Guards Armies and two for
the 5th Guards Tank Army, used by their formations (12.4D).  Entering reserve ends the unit's
move for the round.

Commitment: offensive in a friendly movement round (12.3.1A, :func:`commit`); defensive in an
enemy combat round once the attacks are declared (12.3.2): the combat half calls
:func:`offer_defensive`, which opens a ``defensive_reserves`` decision in which each reserve unit
may move up to 2 MP (1 in fog) and the side declines when done.  A reserve attacked by adjacent
enemy ground units loses its marker (12.2E, :func:`release`, called by the combat half).
"""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.errors import IllegalAction
from ...engine.events import Event, FlagChanged
from ...engine.state import Decision, GameState
from . import counters, fog, movement, zoc
from .board import other
from .orders import order_of

DECISION = "defensive_reserves"
RESERVE_ORDERS = ("mobile", "pursuit")  # 12.3.1B, 6.2.3C, 6.2.5D
HQ_RANGE = 2  # 12.1B, 12.4A
#: 12.4D: the Soviet reserve markers by army (the formation's abbreviation).
SOVIET_ARMY_MARKERS = {"53A": 1, "5GA": 1, "7GA": 1, "5GTA": 2}


@dataclass(frozen=True, kw_only=True)
class ReserveRefused(Event):
    """12.1B under the advanced rules 29 and 30: units offered a reserve in a hex free of the enemy ZOCs
    their side knew of are not placed in it, the face-down counters whose ZOC reaches them shown (29.1)."""

    units: tuple[str, ...]
    reason: str

    def text(self) -> str:
        return f"{', '.join(self.units)} not placed in reserve: {self.reason}"


def formation_of(state: GameState, unit_id: str) -> str | None:
    info = state.board.units[unit_id]
    return state.game.get("attached", {}).get(unit_id, info.formation)


def _hq_hex(state: GameState, formation: str) -> str | None:
    f = state.board.data.formations.get(formation)
    hq = f.hq if f else None
    return state.units[hq].hex if hq in state.units else None


def _army(state: GameState, formation: str) -> str | None:
    f = state.board.data.formations[formation]
    higher = state.game.get("higher", {}).get(formation, f.higher)
    return state.board.data.formations[higher].abbr if higher in state.board.data.formations else None


def markers_left(state: GameState, side: str, formation: str) -> bool:
    """12.4B-D."""
    used = [f for f in state.game.get("reserves", {}) if f in state.board.data.formations and state.board.units[state.board.data.formations[f].hq].side == side]
    if side == "german":
        return len(used) < state.board.data.reserve_markers["german"]
    army = _army(state, formation)
    return sum(1 for f in used if _army(state, f) == army) < SOVIET_ARMY_MARKERS.get(army, 0)


def place_refusal(state: GameState, side: str, units, moved, known: bool = True) -> tuple[str, str] | None:
    """12.1, 12.3.1B, 12.4: why ``units`` may not go into reserve now; the enemy ZOCs (12.1B) are
    those the side knows of (29, 30), or the true ones with ``known`` False (:func:`place`)."""
    units = tuple(units)
    if not units or len(set(units)) != len(units):
        return "12.1A", "name each unit to go into reserve once"
    forms = set()
    for u in units:
        rec = state.units.get(u)
        if rec is None or rec.side != side or rec.hex is None:
            return "12.1A", f"{u} is not a unit of the {side} player on the map"
        if counters.has(state, u, counters.RESERVE):
            return "12.1A", f"{u} is in reserve already"
        if state.board.units[u].is_hq:
            return "12.4A", f"{u} is the HQ the reserve forms around"
        forms.add(formation_of(state, u))
        if zoc.zoc_at(state, other(side), rec.hex, state.board.units[u].armored, known) is not None:
            return "12.1B", f"{u} is in an enemy ZOC at {rec.hex}"
    if len(forms) != 1:
        return "12.4A", "a reserve marker covers units of one formation"
    formation = forms.pop()
    if formation not in state.board.ordered_formations[side]:
        return "12.4A", f"{formation} has no formation HQ to form a reserve around"
    if order_of(state, units[0]) not in RESERVE_ORDERS or any(order_of(state, u) != order_of(state, units[0]) for u in units):
        return "12.3.1B", f"only formations on mobile or pursuit orders place units in reserve ({formation} is on {order_of(state, units[0])})"
    if formation in state.game.get("reserves", {}):
        return "12.4B", f"{formation} uses its reserve marker already"
    if not markers_left(state, side, formation):
        return "12.4C" if side == "german" else "12.4D", f"no reserve marker left for {formation}"
    hq = _hq_hex(state, formation)
    if hq is None:
        return "12.1B", f"{formation}'s HQ is not on the map"
    hexes = {state.units[u].hex for u in units}
    one_stack = len(hexes) == 1 and state.board.distance(hexes.pop(), hq) <= HQ_RANGE
    whole = one_stack or all(state.board.distance(state.units[u].hex, hq) <= 1 for u in units) and set(units) >= {
        u for u in counters.on_map(state, side) if formation_of(state, u) == formation and not state.board.units[u].is_hq
        and state.board.distance(state.units[u].hex, hq) <= 1
    }  # read only when the one-stack reserve does not already allow it
    if not (one_stack or whole):
        return "12.4A", "a reserve is one stack within two hexes of its HQ, or all the formation's units in or next to the HQ's hex"
    return None


def options(state: GameState, side: str, moved) -> list[tuple[str, ...]]:
    """The reserves that may be formed now: each stack of a formation near its HQ, and each
    formation's units around its HQ."""
    out = []
    groups: dict[tuple[str, str], list[str]] = {}
    around: dict[str, list[str]] = {}
    for u in counters.on_map(state, side):
        if state.board.units[u].is_hq or counters.has(state, u, counters.RESERVE):
            continue
        f = formation_of(state, u)
        groups.setdefault((f, state.units[u].hex), []).append(u)
        hq = _hq_hex(state, f) if f else None
        if hq is not None and state.board.distance(state.units[u].hex, hq) <= 1:
            around.setdefault(f, []).append(u)
    used = state.game.get("reserves", {})
    for units in list(groups.values()) + list(around.values()):
        t = tuple(sorted(units))
        if formation_of(state, t[0]) in used or order_of(state, t[0]) not in RESERVE_ORDERS:
            continue  # 12.4B, 12.3.1B: the cheap refusals first
        hq = _hq_hex(state, formation_of(state, t[0]))
        if hq is None or any(state.board.distance(state.units[u].hex, hq) > HQ_RANGE for u in t):
            continue  # 12.1B, 12.4A: no HQ, or a unit too far from it for either kind of reserve
        if t not in out and place_refusal(state, side, t, moved) is None:
            out.append(t)
    return out


def place(state: GameState, side: str, units, moved: list, events: list) -> None:
    refusal = place_refusal(state, side, units, moved)
    if refusal:
        raise IllegalAction(*refusal)
    refusal = place_refusal(state, side, units, moved, known=False)
    if refusal:  # 12.1B: in a ZOC the side did not know of, whose counters are shown (29.1)
        fog.show_zocs(state, other(side), sorted({state.units[u].hex for u in units}), events)
        events.append(ReserveRefused(units=tuple(units), reason=refusal[1], case=refusal[0]))
        return
    formation = formation_of(state, units[0])
    state.game.setdefault("reserves", {})[formation] = list(units)
    for u in units:
        state.set_flag(u, counters.RESERVE)
        if u not in moved:
            moved.append(u)  # 12.3.1C
        events.append(FlagChanged(unit=u, flag="in reserve", on=True, case="12.1A"))


def _drop(state: GameState, unit_id: str) -> None:
    state.set_flag(unit_id, counters.RESERVE, False)
    reserves = state.game.get("reserves", {})
    for f, units in list(reserves.items()):
        if unit_id in units:
            units.remove(unit_id)
            if not units:
                del reserves[f]


def commit_refusal(state: GameState, side: str, units) -> tuple[str, str] | None:
    for u in units:
        rec = state.units.get(u)
        if rec is None or rec.side != side or not counters.has(state, u, counters.RESERVE):
            return "12.3.1A", f"{u} is not a reserve unit of the {side} player"
    return None if units else ("12.3.1A", "name the reserve units to commit")


def commit(state: GameState, side: str, units, rnd: int, events: list) -> None:
    """12.3.1A: offensive commitment: the markers go; the units act on their formation's orders
    (12.2A), with the full MA if this is the second round (12.2C)."""
    refusal = commit_refusal(state, side, units)
    if refusal:
        raise IllegalAction(*refusal)
    for u in units:
        _drop(state, u)
        state.turn_data.setdefault("committed", {})[u] = rnd
        events.append(FlagChanged(unit=u, flag="in reserve", on=False, case="12.3.1A"))


def release(state: GameState, unit_id: str, events: list) -> None:
    """12.2E: a reserve attacked by adjacent enemy ground units is committed at once."""
    if counters.has(state, unit_id, counters.RESERVE):
        _drop(state, unit_id)
        state.turn_data.setdefault("committed", {})[unit_id] = 0
        events.append(FlagChanged(unit=unit_id, flag="in reserve", on=False, case="12.2E"))


# ----------------------------------------------------------------------------- defensive commitment


def defensive_budget(state: GameState) -> float:
    return movement.DEFENSIVE_RESERVE_FOG_MP if movement.fog(state) else movement.DEFENSIVE_RESERVE_MP


def offer_defensive(state: GameState, side: str, targets, attackers) -> bool:
    """12.3.2A: after the enemy declares its attacks, the defender may commit reserves.  Opens the
    decision if the side has a reserve on the map; returns whether it did."""
    if not any(counters.has(state, u, counters.RESERVE) for u in counters.on_map(state, side)):
        return False
    state.pending.append(Decision(DECISION, side, "12.3.2A", {"targets": list(targets), "attackers": list(attackers)}))
    return True


def defensive_moves(state: GameState, side: str) -> list[tuple[str, tuple[str, ...]]]:
    """(unit, path) of every defensive commitment move open (12.3.2B-D): up to the budget, by the
    movement rules of an uncommitted unit, into friendly hexes under attack if stacking allows."""
    out = []
    for u in sorted(counters.on_map(state, side)):
        if counters.has(state, u, counters.RESERVE):
            for dest, r in sorted(movement.reach(state, (u,), None, defensive_budget(state)).items()):
                out.append((u, r.path))
    return out


def commit_defensive(state: GameState, decision: Decision, units, path, events: list) -> None:
    side = decision.side
    refusal = commit_refusal(state, side, units)
    if refusal:
        raise IllegalAction(*refusal)
    path = tuple(path)
    stopped = None
    if path:
        spent, stop = movement.walk(state, units, path, None, defensive_budget(state))
        hit = fog.run_into(state, units, path, None, defensive_budget(state), events)  # 29.1, 30.2A: what the side could not know
        if hit is not None:
            stopped = fog.stopped(units, path, hit)
            path, spent, stop = path[:hit.end + 1], hit.spent, hit.stop
    for u in units:
        _drop(state, u)
        state.turn_data.setdefault("committed", {})[u] = 0
        events.append(FlagChanged(unit=u, flag="in reserve", on=False, case="12.3.2A"))
    if len(path) > 1:
        movement.place_along(state, tuple(units), path, spent, stop, "reserve", "12.3.2B", events)
    if stopped is not None:
        events.append(stopped)

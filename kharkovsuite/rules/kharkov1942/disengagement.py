"""German Tactical Disengagement and the Soviet chase (6.6, 6.61-6.64).

A German unit in a Soviet ZOC at the beginning of an Axis Movement Phase may leave it for
3 Movement Points (charged on top of the cost of the first hex entered, see the rules
reference's note to 6.6) into a hex not in a Soviet ZOC (6.61), never across a Major River
and never on Game-Turn One (6.64).

When the disengagement empties the hex, the Soviet player may at once move adjacent Soviet
units into it (6.62): a pending decision owned by the Soviet side, taken after the first hex
of the move.  A chasing unit's new ZOC covers that first hex, so a chased unit stops there
(6.63); a unit that was not chased completes its move.
"""
from __future__ import annotations

from ...engine.actions import Chase, DeclineChase
from ...engine.errors import IllegalAction
from ...engine.events import MoveStopped, UnitMoved
from ...engine.state import Decision, GameState, UnitRecord
from .places import relocate
from .units import is_combat
from .zoc import derived

COST = 3  # Movement Points (6.6)
GERMAN = "german"  # the nationality that may disengage (6.6: "German units (only)")


def may_disengage(state: GameState, rec: UnitRecord) -> bool:
    return (
        rec.side == "axis"
        and state.board.unit_type[rec.id].nationality == GERMAN
        and state.turn != 1
        and rec.id in state.phase_data.get("in_zoc_at_start", ())
    )


def move(state: GameState, units: tuple[str, ...], path: tuple[str, ...], cost: int, events: list) -> None:
    """Execute a disengaging move: first hex, then (if the hex was emptied) the chase decision."""
    from .movement import check_path

    start, first = path[0], path[1]
    first_cost = max(check_path(state, uid, path[:2])[0] for uid in units)
    for uid in units:
        relocate(state, uid, first, events)
    chasers = eligible_chasers(state, start)
    axis_left = any(state.units[u].side == "axis" for u in state.units_at(start))
    if axis_left or not chasers:
        for uid in units:
            relocate(state, uid, path[-1], events)
        events.append(UnitMoved(units=units, path=path, cost=cost / 2, how="disengage", case="6.6"))
        return
    events.append(UnitMoved(units=units, path=path[:2], cost=first_cost / 2, how="disengage", case="6.6"))
    data = {"hex": start, "units": list(units), "rest": list(path[1:]), "rest_cost": (cost - first_cost) / 2, "chased": False}
    state.pending.append(Decision("chase", "soviet", "6.62", data))


def eligible_chasers(state: GameState, hex_id: str) -> list[str]:
    """Soviet combat units adjacent to the vacated hex that can move into it (6.62, 8.1)."""
    b = state.board
    h = b.index[hex_id]
    if hex_id in state.game["garrisons"]:
        return []  # 15.3: no Soviet unit enters a City hex while its garrison stands
    if derived(state).combat["soviet"].get(h, 0) >= 3:
        return []
    out = []
    for n in b.nbr_ids[hex_id]:
        if b.edge_of[(b.index[n], h)].move_blocked:
            continue
        for uid in state.units_at(n):
            rec = state.units[uid]
            if rec.side == "soviet" and is_combat(state, uid) and not ({"disrupted", "frozen"} & rec.flags):
                out.append(uid)
    return sorted(out)


def legal(state: GameState, decision: Decision) -> list:
    return [Chase(u) for u in eligible_chasers(state, decision.data["hex"])] + [DeclineChase()]


def apply(state: GameState, decision: Decision, action, events: list) -> None:
    if isinstance(action, DeclineChase):
        _finish(state, decision, events)
        return
    if not isinstance(action, Chase):
        raise IllegalAction("6.62", "the Soviet player chases with Chase(unit) or declines with DeclineChase()")
    target = decision.data["hex"]
    if action.unit not in eligible_chasers(state, target):
        raise IllegalAction("6.62", f"{action.unit} cannot chase into {target}: it must be an adjacent Soviet combat unit free to move")
    origin = state.units[action.unit].hex
    relocate(state, action.unit, target, events)
    decision.data["chased"] = True
    events.append(UnitMoved(units=(action.unit,), path=(origin, target), cost=0.0, how="chase", case="6.62"))
    if not eligible_chasers(state, target):
        _finish(state, decision, events)


def _finish(state: GameState, decision: Decision, events: list) -> None:
    """Complete the disengaging move, stopping on entering a Soviet ZOC (6.63)."""
    state.pending.pop()
    units, rest = tuple(decision.data["units"]), decision.data["rest"]
    b = state.board
    zoc = derived(state).zoc["soviet"]
    walked = [rest[0]]
    for hex_id in rest[1:]:
        if b.index[walked[-1]] in zoc:
            events.append(MoveStopped(units=units, hex=walked[-1], reason="entered a Soviet ZOC after the chase", case="6.63"))
            break
        walked.append(hex_id)
    if len(walked) > 1:
        for uid in units:
            relocate(state, uid, walked[-1], events)
        cost = decision.data["rest_cost"] if walked == rest else 0.0
        case = "6.63" if decision.data["chased"] else "6.6"
        events.append(UnitMoved(units=units, path=tuple(walked), cost=cost, how="disengage", case=case))

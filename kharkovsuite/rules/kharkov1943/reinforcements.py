"""15: Reinforcements, and the scenario exits of 18.2.

At the start of its turn (the supply phase) a scheduled unit goes to the ``arriving`` box; in
any activation of its side from then on it may :class:`~.actions.Enter` the map at a hex of its
entry area, paying that hex's cost (the Terrain Effects Chart for the ground, snow, fatigue),
and move on in the same activation (15.1).  A unit arriving by rail (15.2) pays the cost of
getting off a train (6.4) instead, or, from an entry hex on the railroad, rides on to a German
station paying only the getting off (a ``RailMove`` whose path starts at the entry hex).  On the turn it enters a unit has its full OP even out of
command: the command check of the turn (8.1) was made before it was on the map.

Scenario 18.2 limits which entry areas and fronts send reinforcements
(``special_rules.reinforcement_areas``, ``reinforcement_fronts``).  An entry area lying wholly
outside the rows in play is read as its nearest hexes in play.

A Front supply head (9.4) enters by itself: it is placed on the hex of its area nearest to its
Front HQ.

Soviet units driven off the map on turn 1 (7.6, :func:`.combat._off_the_map`) wait in the
``reentry`` box; on the next turn they join the waiting reinforcements, each with the Soviet
entry area nearest to the hex it left by, and enter as reinforcements do.
"""
from __future__ import annotations

from ...engine.errors import IllegalAction
from ...engine.events import UnitMoved
from ...engine.state import GameState
from . import activation, command, control, rail
from .zoc import ground

ARRIVING = activation.ARRIVING
KEY = "arriving"  # state.game[KEY][unit] -> entry area id
EXITED = "exited"


def scheduled(state: GameState) -> list[tuple[str, str]]:
    """(unit, entry area) of the reinforcements due this turn that the scenario lets in (18.2)."""
    rules = state.board.data.special_rules
    out = []
    for r in state.scenario.reinforcements:
        if r.turn != state.turn:
            continue
        if rules.reinforcement_areas is not None and r.entry not in rules.reinforcement_areas.get(r.side, []):
            continue
        for uid in r.units:
            front = state.board.units[uid].front
            if rules.reinforcement_fronts is not None and front is not None and front not in rules.reinforcement_fronts:
                continue
            out.append((uid, r.entry))
    return out


def entry_hexes(state: GameState, area: str) -> list[str]:
    """15.1: the hexes of ``area`` in play, or (18.2) the hexes in play nearest to it."""
    board = state.board
    hexes = state.scenario.map.areas[area].hexes
    inside = sorted(h for h in hexes if h in board.in_play)
    if inside:
        return inside
    grid = board.map.grid
    dist = {h: min(grid.distance(h, a) for a in hexes) for h in board.in_play}
    best = min(dist.values())
    return sorted(h for h, d in dist.items() if d == best)


def nearest_entry_area(state: GameState, side: str, hex_id: str) -> str:
    """7.6: the entry area of ``side`` closest to ``hex_id`` (by its hexes in play, 18.2; ties to
    the first area id)."""
    grid = state.board.map.grid
    areas = sorted(a for a, area in state.scenario.map.areas.items() if area.kind == "entry" and area.side == side)
    return min(areas, key=lambda a: (min(grid.distance(hex_id, h) for h in entry_hexes(state, a)), a))


def reentering(state: GameState) -> list[tuple[str, str]]:
    """7.6: (unit, entry area) of the units that left the map on turn 1 and come back this turn."""
    from .combat import REENTRY_BOX

    out = []
    for uid, rec in sorted(state.units.items()):
        data = rec.data or {}
        if rec.box == REENTRY_BOX and data.get("reenter_turn") == state.turn:
            out.append((uid, nearest_entry_area(state, rec.side, data["exit_hex"])))
    return out


def arrive(state: GameState, events: list) -> None:
    table = state.game.setdefault(KEY, {})
    for uid, area in reentering(state):
        state.to_box(uid, ARRIVING)
        table[uid] = area
    for uid, area in scheduled(state):
        rec = state.units[uid]
        if rec.hex is not None:
            continue
        if state.board.units[uid].values.kind == "supply_head":
            _place_head(state, uid, area, events)
            continue
        state.to_box(uid, ARRIVING)
        table[uid] = area


def _place_head(state: GameState, uid: str, area: str, events: list) -> None:
    grid = state.board.map.grid
    front = state.board.units[uid].front
    hq = next((f.hq for f in state.board.data.fronts.values() if f.supply_head == uid), None)
    anchor = state.units[hq].hex if hq and state.units[hq].hex else None
    free = [h for h in entry_hexes(state, area) if not any(state.units[u].side != state.units[uid].side for u in state.units_at(h))]
    if not free:
        return
    spot = min(free, key=lambda h: (grid.distance(h, anchor) if anchor else 0, h))
    state.place(uid, spot)
    events.append(UnitMoved(units=(uid,), path=(spot,), cost=0.0, how=f"enters ({front} front supply head)", case="9.4"))


def waiting(state: GameState, side: str) -> dict[str, str]:
    """Unit -> entry area of ``side``'s reinforcements not yet on the map."""
    return {u: a for u, a in sorted(state.game.get(KEY, {}).items())
            if state.units[u].side == side and state.units[u].box == ARRIVING}


def entry_cost(state: GameState, uid: str, hex_id: str) -> int:
    """15.1, 15.2: what entering at ``hex_id`` costs ``uid`` before fatigue."""
    if uid in state.board.data.rail_arrivals:
        return rail.BOARD_COST  # 15.2: getting off the train
    board = state.board
    g = ground(state)
    base = board.data.terrain_chart.terrain[board.map.terrain(hex_id)][g]
    if base is None:
        return -1
    effect = board.data.movement_table[g]
    snow = 0 if board.units[uid].values.kind in effect.exempt_kinds else effect.extra_op_per_hex
    return int(base) + snow


def refusal(state: GameState, units: tuple[str, ...], hex_id: str) -> tuple[str, str] | None:
    act = activation.current(state)
    if act is None:
        return "15.1", "reinforcements enter in an activation: open one first"
    table = waiting(state, act["side"])
    if not units or len(set(units)) != len(units):
        return "15.1", "name each entering unit once"
    for uid in units:
        if uid not in table:
            return "15.1", f"{uid} is not a reinforcement of the {act['side']} player waiting to enter"
        if hex_id not in entry_hexes(state, table[uid]):
            return "15.1", f"{hex_id} is not in {uid}'s entry area {table[uid]}"
        if entry_cost(state, uid, hex_id) < 0:
            return "6.3", f"{hex_id} may not be entered on {ground(state)} ground"
    if any(state.units[u].side != act["side"] for u in state.units_at(hex_id)):
        return "7.2", f"{hex_id} holds enemy units"
    return None


def apply_enter(state: GameState, action, events: list) -> None:
    units, hex_id = tuple(action.units), action.hex
    why = refusal(state, units, hex_id)
    if why:
        raise IllegalAction(*why)
    for uid in units:
        state.place(uid, hex_id)
    why = activation.group_refusal(state, units)
    if why is None:
        costs = {}
        for uid in units:
            m = activation.mover(state, uid, 0)
            costs[uid] = entry_cost(state, uid, hex_id) + m.level(0)
            if costs[uid] > m.remaining:
                why = ("15.1", f"{uid} has {m.remaining} OP, entering at {hex_id} costs {costs[uid]}")
                break
    if why:
        for uid in units:
            state.to_box(uid, ARRIVING)
        raise IllegalAction(*why)
    activation.ensure_joined(state, units, events)
    table = state.game[KEY]
    for uid in units:
        activation.spend(state, uid, costs[uid], events)
        del table[uid]
    control.passed(state, state.units[units[0]].side, [hex_id])
    events.append(UnitMoved(units=units, path=(hex_id,), cost=float(max(costs.values())), how="enters", case="15.1"))


def legal(state: GameState, side: str) -> list:
    from .actions import Enter

    act = activation.current(state)
    if act is None:
        return []
    by_area: dict[str, list[str]] = {}
    for uid, area in waiting(state, side).items():
        by_area.setdefault(area, []).append(uid)
    out = []
    for area, ids in by_area.items():
        groups = [(u,) for u in ids] + ([tuple(ids)] if len(ids) > 1 else [])
        for group in groups:
            out += [Enter(units=group, hex=h) for h in entry_hexes(state, area) if _may_enter(state, act, group, h)]
    return out


def _may_enter(state: GameState, act: dict, group: tuple[str, ...], hex_id: str) -> bool:
    """A cheap check of what :func:`apply_enter` checks (OP aside: every unit can pay an entry hex)."""
    if refusal(state, group, hex_id):
        return False
    joined = [u for u in act["units"] if u != act["hq"]]
    if act["kind"] == "general":
        return len(joined) + len(group) <= activation.GENERAL_LIMIT and all(
            command.same_front(state, o, u) for o in joined for u in group)
    limit = activation.FATIGUED_FORMATION_LIMIT if activation.fatigue(state, act["hq"]) >= 1 else activation.FORMATION_LIMIT
    return (len(joined) + len(group) <= limit and all(command.same_front(state, act["hq"], u) for u in group)
            and hex_id in command.command_area(state, act["hq"]))


def rail_refusal(state: GameState, units: tuple[str, ...], start: str) -> tuple[str, str] | None:
    """15.2: why rail arrivals may not ride on from ``start``, before the ride itself."""
    why = refusal(state, units, start)
    if why:
        return why
    if any(u not in state.board.data.rail_arrivals for u in units):
        return "15.2", "only units arriving by rail ride on from their entry hex"
    if start not in rail.network(state):
        return "15.2", f"{start} is no usable railroad hex"
    return None


def apply_rail_entry(state: GameState, action, events: list) -> None:
    """15.2: rail arrivals stay on the train from an entry hex on the railroad to a station."""
    units, path = tuple(action.units), tuple(action.path)
    if len(path) < 2:
        raise IllegalAction("6.4", "a rail move names at least two hexes")
    why = rail_refusal(state, units, path[0])
    if why:
        raise IllegalAction(*why)
    for uid in units:
        state.place(uid, path[0])
    state.turn_data["on_train"] = list(units)
    try:
        rail.apply_rail(state, action, events)
    except IllegalAction:
        for uid in units:
            state.to_box(uid, ARRIVING)
        raise
    finally:
        state.turn_data.pop("on_train", None)
    for uid in units:
        del state.game[KEY][uid]


def rail_entries(state: GameState, side: str) -> list:
    """15.2: the rides rail arrivals may take on from their entry hexes (each unit alone)."""
    from ...engine.actions import RailMove

    if side != rail.SIDE or activation.current(state) is None:
        return []
    out = []
    net = rail.network(state)
    for uid, area in waiting(state, side).items():
        if uid not in state.board.data.rail_arrivals:
            continue
        m = activation.mover(state, uid, 0)
        if state.board.units[uid].values.stacking > rail.points_left(state) or rail.BOARD_COST + m.level(0) > m.remaining:
            continue
        for start in entry_hexes(state, area):
            if start not in net or rail_refusal(state, (uid,), start) or not _may_enter(state, activation.current(state), (uid,), start):
                continue
            out += [RailMove(units=(uid,), path=p) for h, p in sorted(net.rides(start).items()) if h != start and rail._station(state, h)]
    return out


def is_rail_entry(state: GameState, action) -> bool:
    return bool(action.units) and all(u in waiting(state, state.units[u].side) for u in action.units if u in state.units)


# ----------------------------------------------------------------------------- 18.2 exits


def exit_edge_hexes(state: GameState, edge: str) -> list[str]:
    """The hexes in play on the scenario's ``edge`` (the first or last row or column in play)."""
    return list(state.board.edge_hexes(edge))


def exit_for(state: GameState, uid: str):
    formation = state.board.units[uid].formation
    return next((e for e in state.board.data.special_rules.exits if e.formation == formation and state.turn <= e.by_end_of_turn), None)


def apply_leave(state: GameState, action, events: list) -> None:
    units = tuple(action.units)
    if not units:
        raise IllegalAction("18.2", "name the units leaving the map")
    for uid in units:
        rule = exit_for(state, uid)
        if rule is None:
            raise IllegalAction("18.2", f"{uid} has no scenario order to leave the map (or its last turn to do so has passed)")
        if state.units[uid].hex not in exit_edge_hexes(state, rule.edge):
            raise IllegalAction("18.2", f"{uid} is not on the {rule.edge} edge")
    activation.ensure_joined(state, units, events)
    act = activation.current(state)
    hex_id = state.units[units[0]].hex
    for uid in units:
        act["moved"].append(uid)
        state.to_box(uid, EXITED)
    events.append(UnitMoved(units=units, path=(hex_id,), cost=0.0, how="leaves the map", case="18.2"))


def exit_failed(state: GameState, formation: str) -> bool:
    """18.2: the formation did not get off the map in time: part of it is still on the map at
    the end of its last turn, or none of it left (destroyed counts as failing)."""
    ids = [u for u, info in state.board.units.items() if info.formation == formation]
    on_map = any(state.units[u].hex is not None for u in ids)
    left = any(state.units[u].box == EXITED for u in ids)
    return on_map or not left

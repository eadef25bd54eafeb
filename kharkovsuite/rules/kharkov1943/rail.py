"""6.4: German rail movement.

German units board a train in a town, village or city the Germans hold (3 OP), ride any
distance along the railroad, and get off in another such place (3 OP); every hex of the ride
lies outside enemy ZoC, unless a German unit stands in it (4.2), and no enemy unit is on it.
Up to 8 stacking points travel by rail a turn.  Fatigue adds its surcharge to boarding and to
getting off (3.5: every action).  The ride is the unit's move of this activation (3.4).
"""
from __future__ import annotations

from ...engine.errors import IllegalAction
from ...engine.events import UnitMoved
from ...engine.state import GameState, Reach
from . import activation, control
from .zoc import enemy_zoc

SIDE = "german"
BOARD_COST = 3  # 6.4, each of boarding and getting off
POINTS_A_TURN = 8  # 6.4


def points_left(state: GameState) -> int:
    return POINTS_A_TURN - state.turn_data.get("rail_points", 0)


def _station(state: GameState, hex_id: str) -> bool:
    return state.board.shelter(hex_id) and control.owner(state, hex_id) == SIDE


def on_train(state: GameState, unit_id: str) -> bool:
    """15.2: a rail arrival riding on from its entry hex; it has no train to board."""
    return unit_id in state.turn_data.get("on_train", ())


def _cost(state: GameState, unit_id: str) -> int:
    m = activation.mover(state, unit_id, 0)
    if on_train(state, unit_id):
        return BOARD_COST + m.level(0)  # 15.2: getting off only
    return BOARD_COST + m.level(0) + BOARD_COST + m.level(BOARD_COST + m.level(0))


def refusal(state: GameState, unit_ids) -> tuple[str, str] | None:
    """Why the units may not take a train now (before the ride itself), or None."""
    if state.units[unit_ids[0]].side != SIDE:
        return "6.4", "only the German player moves by rail"
    act = activation.current(state)
    if act is not None and any(u in act["moved"] or u in (act.get("resume") or ()) for u in unit_ids):
        # a stack a won mobile attack freed moves on on foot or not at all (combat.keep_going)
        return "3.4", "a unit moves once an activation"
    start = state.units[unit_ids[0]].hex
    if not _station(state, start) and not all(on_train(state, u) for u in unit_ids):
        return "6.4", f"{start} is not a town, village or city held by the German player"
    points = sum(state.board.units[u].values.stacking for u in unit_ids)
    if points > points_left(state):
        return "6.4", f"the units weigh {points} stacking point{'s' if points != 1 else ''} by rail, {points_left(state)} left this turn"
    group = activation.group_refusal(state, unit_ids)
    if group:
        return group
    for uid in unit_ids:
        m = activation.mover(state, uid, 0)
        if _cost(state, uid) > m.remaining:
            return "6.4", f"{uid} has {m.remaining} OP, boarding and getting off cost {_cost(state, uid)}"
    return None


class RailNet:
    """The railroad a German train may use in one position: every hex of it outside enemy ZoC unless a
    German unit stands there (4.2), with no enemy unit on it, and in play; and the shortest rides from
    each boarding hex asked for so far.  Made for one position: any move may change it.

    A ride is found breadth-first in the rail net's own order of neighbours, the order networkx's
    ``single_source_shortest_path`` used here before, so the same ride is found between the same hexes."""

    def __init__(self, state: GameState):
        zoc = enemy_zoc(state, SIDE)
        in_play = state.board.in_play
        self._adj = state.board.map.rails.adj
        usable = set()
        for h in self._adj:
            ids = state.units_at(h)
            if h in in_play and not any(state.units[u].side != SIDE for u in ids) and (h not in zoc or ids):
                usable.add(h)
        self.usable: frozenset[str] = frozenset(usable)
        self._rides: dict[str, dict[str, tuple[str, ...]]] = {}

    def __contains__(self, hex_id: str) -> bool:
        return hex_id in self.usable

    def neighbors(self, hex_id: str) -> list[str]:
        """The usable railroad hexes next to ``hex_id`` along the line."""
        return [h for h in self._adj.get(hex_id, ()) if h in self.usable]

    def rides(self, start: str) -> dict[str, tuple[str, ...]]:
        """Hex -> the shortest ride from ``start`` to it ({} when ``start`` is not usable), ``start`` included."""
        found = self._rides.get(start)
        if found is None:
            found = self._rides[start] = self._search(start) if start in self.usable else {}
        return found

    def _search(self, start: str) -> dict[str, tuple[str, ...]]:
        paths = {start: (start,)}
        level = [start]
        while level:
            nxt = []
            for v in level:
                for w in self._adj[v]:
                    if w not in paths and w in self.usable:
                        paths[w] = paths[v] + (w,)
                        nxt.append(w)
            level = nxt
        return paths


def network(state: GameState) -> RailNet:
    """The railroad hexes a German train may use now."""
    return RailNet(state)


def reach(state: GameState, unit_ids, net: RailNet | None = None) -> dict[str, Reach]:
    """The stations the units may ride to now, with the cost and the ride (``net``: this position's
    :class:`RailNet`, shared by the groups of one listing of the legal actions)."""
    unit_ids = tuple(unit_ids)
    if refusal(state, unit_ids):
        return {}
    start = state.units[unit_ids[0]].hex
    net = network(state) if net is None else net
    if start not in net:
        return {}
    cost = float(max(_cost(state, u) for u in unit_ids))
    return {h: Reach(cost, p) for h, p in net.rides(start).items() if h != start and _station(state, h)}


def apply_rail(state: GameState, action, events: list) -> None:
    units, path = tuple(action.units), tuple(action.path)
    if not units or len(path) < 2 or any(state.units.get(u) is None or state.units[u].hex != path[0] for u in units):
        raise IllegalAction("6.4", "a rail move names units standing where its path starts")
    why = refusal(state, units)  # 3.4 (a unit that has moved this activation) first
    if why:
        raise IllegalAction(*why)
    net = network(state)
    for a, b in zip(path, path[1:]):
        if b not in net or not state.board.map.rail_between(a, b):
            raise IllegalAction("6.4", f"no usable railroad from {a} to {b} (enemy units or an enemy ZoC no German unit holds)")
    if not _station(state, path[-1]):
        raise IllegalAction("6.4", f"{path[-1]} is not a town, village or city held by the German player")
    costs = [_cost(state, u) for u in units]
    act = activation.current(state)
    activation.ensure_joined(state, units, events)
    state.turn_data["rail_points"] = state.turn_data.get("rail_points", 0) + sum(state.board.units[u].values.stacking for u in units)
    for uid, op in zip(units, costs):
        activation.spend(state, uid, op, events)
        act["moved"].append(uid)
        state.place(uid, path[-1])
    control.passed(state, SIDE, path[-1:])
    events.append(UnitMoved(units=units, path=path, cost=float(max(costs)), how="rail", case="6.4"))

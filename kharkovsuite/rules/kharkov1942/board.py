"""Static tables of one scenario for the kharkov1942 rules, built once and shared by every state.

Hexes are numbered 0..n-1 in the order of the map's sorted hex ids, so the hot searches
(movement, rail, ZOC) work on small integers and lists.  Movement costs are stored in half
Movement Points (the Terrain Effects Chart, 6.3, has 1/2 MP road and city costs), so every
cost is an integer.

The tables that depend only on the map and the Terrain Effects Chart (neighbours, hexsides,
movement costs: about a second to build) are kept on disk by :mod:`kharkovsuite.tablecache`,
keyed by the content of those two parts of the scenario and by this code, and checked when read
back; anything amiss there means they are built again.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import chain

from ... import tablecache
from ...hexgrid import Hex
from ...map import GameMap
from ...engine.boards import PerScenario
from ...scenario.model import Scenario, StepValues, UnitType

CACHE_KIND = "kharkov1942-board"


def board_for(scenario: Scenario) -> "Board":
    return _boards(scenario)


@dataclass(frozen=True)
class Edge:
    """A hexside seen from one hex: what lies across and what crossing it means."""

    to: int
    major: bool  # a Major River hexside: 6.25, 6.64, 9.32
    minor: bool  # a Minor River hexside: 9.33
    road: bool  # a road runs across it
    move_blocked: bool  # the Dnieper away from a road (6.3)
    attack_blocked: bool  # the Dnieper away from a road (6.3: combat only across road hexsides)


_EDGE_FLAGS = ("major", "minor", "road", "move_blocked", "attack_blocked")  # the bits of an edge's number in the disk cache
_FLAG_FIELDS = [dict(zip(_EDGE_FLAGS, (bool(number >> k & 1) for k in range(len(_EDGE_FLAGS))))) for number in range(1 << len(_EDGE_FLAGS))]


def _edge_from_cache(to: int, flags: int) -> Edge:
    """``Edge(to, *flags as bits)``, made without the frozen class's ``__init__``, which sets each field through
    ``object.__setattr__``: a map has some ten thousand edges, read back at every start, and this takes a quarter of
    the time.  The instance is the same (its fields are its ``__dict__``)."""
    edge = object.__new__(Edge)
    fields = edge.__dict__
    fields["to"] = to
    fields.update(_FLAG_FIELDS[flags])
    return edge


def half_mp(value: float, where: str) -> int:
    doubled = value * 2
    if abs(doubled - round(doubled)) > 1e-9:
        raise ValueError(f"{where}: movement costs must be multiples of 1/2 MP, got {value}")
    return int(round(doubled))


def table_key(scenario: Scenario) -> str:
    """The disk cache key of a scenario's board tables: its map, its Terrain Effects Chart and
    the code that builds the tables."""
    code = tablecache.source_version(__name__, GameMap.__module__, Hex.__module__)
    return tablecache.content_key(code, scenario.map.content_json(), scenario.terrain_effects.content_json())


class Board:
    def __init__(self, scenario: Scenario):
        self.scenario = scenario
        self.map = GameMap.from_scenario(scenario)
        self.ids: list[str] = list(self.map.hex_ids)
        self.index: dict[str, int] = {h: i for i, h in enumerate(self.ids)}
        self._within: dict[tuple[int, int], tuple[int, ...]] = {}
        key = table_key(scenario)
        #: "disk" when the tables were read from the disk cache, "built" when computed here.
        self.tables_from = "disk"
        if not self._read_tables(tablecache.load(CACHE_KIND, key)):
            self.tables_from = "built"
            self._build_tables()
            tablecache.save(CACHE_KIND, key, self._table_data())
        self.nbr_ids: dict[str, tuple[str, ...]] = {h: tuple(self.ids[j] for j in self.nbrs[i]) for i, h in enumerate(self.ids)}
        self.edge_of: dict[tuple[int, int], Edge] = {(i, e.to): e for i, row in enumerate(self.edges) for e in row}
        self.touches_major: list[bool] = [any(e.major for e in row) for row in self.edges]
        self._units()
        self.garrisons0: dict[str, int] = {
            h: v for city in scenario.map.cities.values() for h, v in city.garrison.items() if v > 0
        }
        # The Cities of 17.1 (worth points, garrisoned): minor cities are only terrain (6.3).
        self.city_hexes: frozenset[str] = frozenset(
            h for city in scenario.map.cities.values() if city.vp > 0 or city.garrison for h in city.hexes
        )

    @cached_property
    def map_edges(self) -> dict[str, frozenset[int]]:
        """The map edges of 17.24 as hex indices: the first and last rows, the east edge area
        (or else the lowest column) and the highest column.  Row and column are the two pairs of
        the hex id (rows grow south, columns grow west)."""
        rows = [int(h[:2]) for h in self.ids]
        cols = [int(h[2:]) for h in self.ids]
        top, bottom, low, high = min(rows), max(rows), min(cols), max(cols)
        east = {self.index[h] for h in self.area("east_edge")} or {i for i, c in enumerate(cols) if c == low}
        return {
            "north": frozenset(i for i, r in enumerate(rows) if r == top),
            "south": frozenset(i for i, r in enumerate(rows) if r == bottom),
            "east": frozenset(east),
            "west": frozenset(i for i, c in enumerate(cols) if c == high),
        }

    # ----------------------------------------------------------------- the cached tables
    def _build_tables(self) -> None:
        grid = self.map.grid
        self.axial = [grid.hex_of(h) for h in self.ids]
        self.nbrs: list[tuple[int, ...]] = [tuple(self.index[n] for n in grid.neighbors(h)) for h in self.ids]
        self.within2: list[tuple[int, ...]] = [tuple(self.index[n] for n in grid.within(h, 2)) for h in self.ids]
        self._edges()
        self._costs()

    _FLAGS = _EDGE_FLAGS

    def _table_data(self) -> dict:
        """The built tables as plain JSON data: an edge's flags as the bits of one number, and
        movement costs only (the adjacency of a class is the edges not blocked to movement)."""
        return {
            "ids": self.ids,
            "axial": [[h.q, h.r] for h in self.axial],
            "nbrs": self.nbrs,
            "within2": self.within2,
            "edge_flags": [[sum(1 << k for k, f in enumerate(self._FLAGS) if getattr(e, f)) for e in row] for row in self.edges],
            "defense_multiplier": self.defense_multiplier,
            "classes": self.classes,
            "enter_cost": self.enter_cost,
            "move_cost": {cls: [[cost for _, cost, _ in row] for row in rows] for cls, rows in self.adj.items()},
        }

    def _read_tables(self, data) -> bool:
        """Take the tables from ``data`` (read from the disk cache) if they are whole and fit this
        map; False, with nothing taken, otherwise."""
        if not isinstance(data, dict):
            return False
        n = len(self.ids)

        def per_hex(rows, item=tuple) -> list:
            if not isinstance(rows, list) or len(rows) != n:
                raise ValueError("not one row per hex")
            return [item(row) for row in rows]

        def numbers(rows, kind=int) -> bool:
            return set(map(type, chain.from_iterable(rows))) <= {kind}

        def within(rows, low: int, high: int) -> bool:  # every number in low..high-1
            values = list(chain.from_iterable(rows))
            return not values or (min(values) >= low and max(values) < high)

        try:
            if data["ids"] != self.ids:
                return False
            axial = per_hex(data["axial"])
            nbrs = per_hex(data["nbrs"])
            within2 = per_hex(data["within2"])
            flags = per_hex(data["edge_flags"])
            if not (numbers(axial) and numbers(nbrs) and numbers(within2) and numbers(flags)):
                return False
            if not (within(nbrs, 0, n) and within(within2, 0, n) and within(flags, 0, len(_FLAG_FIELDS))):
                return False
            if [len(row) for row in flags] != [len(row) for row in nbrs]:
                return False
            edges = [tuple([_edge_from_cache(j, f) for j, f in zip(nbrs[i], flags[i])]) for i in range(n)]
            defense = [float(v) for v in data["defense_multiplier"]]
            classes = list(self.scenario.terrain_effects.movement_classes)
            if len(defense) != n or data["classes"] != classes:
                return False
            enter_cost, adj = {}, {}
            open_edges = [[(e.to, e.major) for e in row if not e.move_blocked] for row in edges]
            open_counts = [len(row) for row in open_edges]
            for cls in classes:
                enter = [int(v) for v in data["enter_cost"][cls]]
                costs = per_hex(data["move_cost"][cls])
                if len(enter) != n or not numbers(costs):
                    return False
                if [len(row) for row in costs] != open_counts:
                    return False
                enter_cost[cls] = enter
                adj[cls] = [tuple([(to, c, major) for (to, major), c in zip(es, cs)]) for es, cs in zip(open_edges, costs)]
        except (KeyError, IndexError, AttributeError, TypeError, ValueError):
            return False
        self.axial, self.nbrs, self.within2, self.edges = [Hex(q, r) for q, r in axial], nbrs, within2, edges
        self.defense_multiplier, self.classes, self.enter_cost, self.adj = defense, classes, enter_cost, adj
        return True

    # ----------------------------------------------------------------- hexsides and costs
    def _edges(self) -> None:
        te = self.scenario.terrain_effects
        effects = te.hexsides
        self.edges: list[tuple[Edge, ...]] = []
        for i, h in enumerate(self.ids):
            row = []
            for j in self.nbrs[i]:
                feats = self.map.hexside_features(h, self.ids[j])
                road = self.map.road_between(h, self.ids[j])
                fx = [effects[f] for f in feats if f in effects]
                edge = Edge(
                    to=j,
                    major=any(e.attack_multiplier < 1 for e in fx),
                    minor=any(e.die_modifier_all_across > 0 for e in fx),
                    road=road,
                    move_blocked=any(e.prohibited and not (e.except_road and road) for e in fx),
                    attack_blocked=any((e.attack_only_via_road or e.prohibited) and not road for e in fx),
                )
                row.append(edge)
            self.edges.append(tuple(row))

    def _hex_effect(self, hex_id: str):
        """The Terrain Effects Chart line of a hex: its City kind if listed, else its terrain (6.3)."""
        te = self.scenario.terrain_effects
        spot = self.map.city_at(hex_id)
        if spot is not None and spot.city.kind in te.cities:
            return te.cities[spot.city.kind]
        return te.terrain[self.map.terrain(hex_id)]

    def _costs(self) -> None:
        te = self.scenario.terrain_effects
        self.defense_multiplier: list[float] = [self._hex_effect(h).defense_multiplier for h in self.ids]
        self.classes = list(te.movement_classes)
        self.enter_cost: dict[str, list[int]] = {}
        self.adj: dict[str, list[tuple[tuple[int, int, bool], ...]]] = {}
        for cls in self.classes:
            enter = []
            for h in self.ids:
                cost = self._hex_effect(h).cost
                if cls not in cost:
                    raise ValueError(f"terrain_effects: hex {h} ({self.map.terrain(h)}) has no cost for movement class {cls!r}")
                enter.append(half_mp(cost[cls], f"terrain_effects ({h})"))
            self.enter_cost[cls] = enter
            road = te.road.cost.get(cls) if te.road is not None else None
            road2 = half_mp(road, "terrain_effects.road") if road is not None else None
            adj = []
            for i, h in enumerate(self.ids):
                row = []
                for edge in self.edges[i]:
                    if edge.move_blocked:
                        continue
                    cost = enter[edge.to]
                    if edge.road and road2 is not None:
                        cost = min(cost, road2)  # the road rate applies only along a road (6.3)
                    for f in self.map.hexside_features(h, self.ids[edge.to]):
                        effect = te.hexsides.get(f)
                        if effect is not None:
                            cost += half_mp(effect.extra_cost.get(cls, 0), f"terrain_effects.hexsides.{f}")
                    row.append((edge.to, cost, edge.major))
                adj.append(tuple(row))
            self.adj[cls] = adj

    # ----------------------------------------------------------------- units
    def _units(self) -> None:
        s = self.scenario
        self.unit_model = {u.id: u for u in s.units}
        self.unit_type: dict[str, UnitType] = {u.id: s.unit_types[u.type] for u in s.units}
        self.side_units: dict[str, list[str]] = {
            side: sorted(u.id for u in s.units if s.unit_types[u.type].side == side) for side in s.sides
        }
        self.hq_units: frozenset[str] = frozenset(
            u.id for u in s.units if s.unit_types[u.type].hq is not None or u.hq is not None or "hq" in s.unit_types[u.type].flags
        )
        self.pool_movement: dict[str, int] = {}
        for pool_id, pool in s.untried_pools.items():
            digits = "".join(ch for ch in pool.back.split("-")[-1] if ch.isdigit())
            self.pool_movement[pool_id] = int(digits) if digits else max((c.movement for c in pool.counters), default=0)

    def is_hq(self, unit_id: str) -> bool:
        """HQ units: no ZOC, no stacking, no step (8.21, 10.13, 10.16)."""
        return unit_id in self.hq_units

    def hq_values(self, unit_id: str):
        return self.unit_model[unit_id].hq or self.unit_type[unit_id].hq

    def has_flag(self, unit_id: str, flag: str) -> bool:
        return flag in self.unit_type[unit_id].flags

    def type_steps(self, unit_id: str) -> list[StepValues]:
        return self.unit_type[unit_id].steps

    # ----------------------------------------------------------------- lines, rails, geometry
    @cached_property
    def rail_nbrs(self) -> list[tuple[int, ...]]:
        rails = self.map.rail_nbrs
        return [tuple(self.index[n] for n in rails[h]) if h in rails else () for h in self.ids]

    @cached_property
    def rail_side(self) -> list[str | None]:
        """6.42: rail hexes on the Axis side of the front line are Axis; all others Soviet."""
        front = self.map.lines.get("front")
        out: list[str | None] = []
        for i, h in enumerate(self.ids):
            if not self.rail_nbrs[i]:
                out.append(None)
            elif front is not None and front.side(h) == "axis":
                out.append("axis")
            else:
                out.append("soviet")
        return out

    def within(self, i: int, n: int) -> tuple[int, ...]:
        """Hexes within ``n`` of hex ``i`` (itself included), cached."""
        key = (i, n)
        out = self._within.get(key)
        if out is None:
            out = self._within[key] = tuple(self.index[h] for h in self.map.grid.within(self.ids[i], n))
        return out

    def distance(self, i: int, j: int) -> int:
        return self.axial[i].distance(self.axial[j])

    def hex_distance(self, a: str, b: str) -> int:
        return self.distance(self.index[a], self.index[b])

    def area(self, area_id: str) -> tuple[str, ...]:
        area = self.scenario.map.areas.get(area_id)
        return tuple(h for h in area.hexes if h in self.index) if area else ()


_boards: PerScenario["Board"] = PerScenario(Board)

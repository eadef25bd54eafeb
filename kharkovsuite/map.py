"""The map model: terrain, hexside features, road and rail nets, cities, lines and areas.

Built once from a scenario's ``map`` section and then read by rule systems, the view and
the command line.  Geometry is in *map units*: the layout of hex size 1 returned by
``HexGrid.layout(1.0)``; named lines are stored in the same units.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from . import tablecache
from .hexgrid import HexGrid, Layout
from .scenario.checks import grid_for
from .scenario.model import City, MapModel, NamedLine, Scenario

if TYPE_CHECKING:  # imported where used: a window opening a cached map needs neither
    import networkx as nx
    from shapely.geometry import Point, Polygon

#: The disk cache (kharkovsuite.tablecache) of each named line's side of every hex, its hexes
#: next to the line and its marks' positions along it: what the rules and the view ask of a line.
LINE_CACHE_KIND = "map-lines"


@dataclass(frozen=True)
class CitySpot:
    id: str
    city: City


class LineGeometry:
    """A named line with its two sides, answering "which side of the line is hex H"."""

    def __init__(self, line_id: str, line: NamedLine, gmap: "GameMap"):
        self.id = line_id
        self.model = line
        self._map = gmap
        self._side: dict[str, str | None] = {}

    @cached_property
    def geometry(self):
        from shapely.geometry import LineString

        return LineString(self.model.points)

    @cached_property
    def _pieces(self) -> tuple["Polygon", "Polygon"] | None:
        return self._split()

    def _split(self) -> tuple["Polygon", "Polygon"] | None:
        from shapely.geometry import LineString, Point, box
        from shapely.ops import split

        minx, miny, maxx, maxy = self._map.bounds
        frame = box(minx - 1, miny - 1, maxx + 1, maxy + 1)
        pts = list(self.geometry.coords)
        reach = (maxx - minx) + (maxy - miny) + 10
        extended = LineString([_extend(pts[1], pts[0], reach)] + pts + [_extend(pts[-2], pts[-1], reach)])
        pieces = [g for g in split(frame, extended).geoms if g.area > 1e-6]
        if len(pieces) != 2:
            return None
        (x0, y0), (x1, y1) = pts[0], pts[1]
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 or 1.0
        # With y growing south, the left of a walker heading (dx, dy) lies at (dy, -dx).
        mid = ((x0 + x1) / 2 + 0.01 * (y1 - y0) / length, (y0 + y1) / 2 - 0.01 * (x1 - x0) / length)
        left = pieces[0] if pieces[0].contains(Point(mid)) else pieces[1]
        right = pieces[1] if left is pieces[0] else pieces[0]
        return left, right

    def side_of_point(self, x: float, y: float) -> str | None:
        """``left``/``right`` (or the side names the line gives them)."""
        from shapely.geometry import Point

        names = self.model.sides
        point = Point(x, y)
        if self._pieces is not None:
            hand = "left" if self._pieces[0].contains(point) else "right" if self._pieces[1].contains(point) else None
        else:
            hand = self._hand_by_nearest_segment(point)
        if hand is None:
            return None
        return names.get(hand, hand)

    @cached_property
    def _segments(self):
        """The line's segments as one shapely array, so the nearest is found in one vectorised call."""
        import shapely

        pts = list(self.geometry.coords)
        return shapely.linestrings([pts[i : i + 2] for i in range(len(pts) - 1)])

    def _hand_by_nearest_segment(self, point: "Point") -> str | None:
        import numpy as np
        import shapely

        # Open lines that do not split the map: judge by the nearest segment's direction.
        pts = list(self.geometry.coords)
        best = int(np.argmin(shapely.distance(self._segments, point)))  # the first nearest, as min() would
        (x0, y0), (x1, y1) = pts[best], pts[best + 1]
        cross = (x1 - x0) * (point.y - y0) - (y1 - y0) * (point.x - x0)
        if abs(cross) < 1e-9:
            return None
        return "right" if cross > 0 else "left"

    def side(self, hex_id: str) -> str | None:
        if hex_id not in self._side:
            known = self._map.line_tables()[self.id]["sides"]
            if hex_id in known:
                self._side[hex_id] = known[hex_id]
            else:
                x, y = self._map.center(hex_id)
                self._side[hex_id] = self.side_of_point(x, y)
        return self._side[hex_id]

    def _position(self, hex_id: str) -> float:
        """How far along the line the point nearest the hex's centre lies."""
        from shapely.geometry import Point

        return self.geometry.project(Point(*self._map.center(hex_id)))

    @cached_property
    def adjacent_hexes(self) -> dict[str, tuple[str, float]]:
        """Hexes bordering the other side of the line: hex -> (side, position along the line).

        A hex is adjacent to the line when a neighbour lies on the other side; for a line
        drawn along hexsides these are exactly the hexes with a hexside on the line.
        """
        return {h: (side, pos) for h, (side, pos) in self._map.line_tables()[self.id]["adjacent"].items()}

    def _table(self) -> dict:
        """What :meth:`GameMap.line_tables` keeps of this line, computed with the geometry."""
        sides = {}
        for hex_id in self._map.hex_ids:
            x, y = self._map.center(hex_id)
            sides[hex_id] = self.side_of_point(x, y)
        adjacent: dict[str, tuple[str, float]] = {}
        for hex_id in self._map.hex_ids:
            side = sides[hex_id]
            if side is None:
                continue
            if any((sides[n] if n in sides else self.side_of_point(*self._map.center(n))) not in (None, side)
                   for n in self._map.neighbors(hex_id)):
                adjacent[hex_id] = (side, self._position(hex_id))
        marks = {name: self._position(h) for name, h in self.model.marks.items()}
        return {"sides": sides, "adjacent": adjacent, "marks": marks}

    def hexes_between(self, mark_a: str, mark_b: str, side: str | None = None) -> list[str]:
        """Hexes adjacent to the line between two of its marks (inclusive), on ``side``."""
        marks = self._map.line_tables()[self.id]["marks"]
        pa, pb = marks[mark_a], marks[mark_b]
        lo, hi = min(pa, pb), max(pa, pb)
        return sorted(
            h
            for h, (s, pos) in self.adjacent_hexes.items()
            if lo - 1e-6 <= pos <= hi + 1e-6 and (side is None or s == side)
        )


def _extend(a, b, reach):
    """The point ``reach`` beyond ``b`` on the ray from ``a`` through ``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = (dx * dx + dy * dy) ** 0.5 or 1.0
    return (b[0] + dx / n * reach, b[1] + dy / n * reach)


class GameMap:
    """Read-only queries on a scenario's map."""

    def __init__(self, model: MapModel, grid: HexGrid):
        self.model = model
        self.grid = grid
        self.layout: Layout = grid.layout(1.0)
        self.hex_ids: list[str] = grid.all_ids()
        self._hex_set = frozenset(self.hex_ids)
        self._terrain = dict(model.terrain)
        self._hexsides: dict[str, frozenset[str]] = {k: frozenset(v) for k, v in model.hexsides.items()}
        self._city_of: dict[str, CitySpot] = {}
        for city_id, city in model.cities.items():
            for h in city.hexes:
                self._city_of[h] = CitySpot(city_id, city)
        self._areas_of: dict[str, list[str]] = defaultdict(list)
        for area_id, area in model.areas.items():
            for h in area.hexes:
                self._areas_of[h].append(area_id)
        self._centers: dict[str, tuple[float, float]] = {}
        self.lines: dict[str, LineGeometry] = {}
        for line_id, line in model.lines.items():
            self.lines[line_id] = LineGeometry(line_id, line, self)

    @classmethod
    def from_scenario(cls, scenario: Scenario) -> "GameMap":
        return cls(scenario.map, grid_for(scenario))

    @cached_property
    def roads(self) -> "nx.Graph":
        return _chain_graph(self.model.roads)

    @cached_property
    def rails(self) -> "nx.Graph":
        return _chain_graph(self.model.railroads)

    def line_tables(self) -> dict[str, dict]:
        """Per named line: ``sides`` (hex -> its side, or None), ``adjacent`` (hex next to the
        line -> (side, position along the line)) and ``marks`` (mark -> position along the line).

        Read from the disk cache when this map and this code wrote them before (the geometry
        library is then not even imported), computed from the geometry and saved otherwise."""
        got = self.__dict__.get("_line_tables")
        if got is None:
            key = tablecache.content_key(tablecache.source_version(__name__, HexGrid.__module__), self.model.content_json())
            got = _read_line_tables(tablecache.load(LINE_CACHE_KIND, key), self)
            if got is None:
                got = {line_id: line._table() for line_id, line in self.lines.items()}
                tablecache.save(LINE_CACHE_KIND, key, {
                    line_id: {"sides": t["sides"], "adjacent": {h: list(v) for h, v in t["adjacent"].items()}, "marks": t["marks"]}
                    for line_id, t in got.items()})
            self.__dict__["_line_tables"] = got
        return got

    # --- geometry
    def center(self, hex_id: str) -> tuple[float, float]:
        c = self._centers.get(hex_id)
        if c is None:
            c = self._centers[hex_id] = self.layout.center(self.grid.hex_of(hex_id))
        return c

    def polygon(self, hex_id: str) -> "Polygon":
        return self.layout.polygon(self.grid.hex_of(hex_id))

    @cached_property
    def bounds(self) -> tuple[float, float, float, float]:
        xs, ys = [], []
        for h in self.hex_ids:
            for x, y in self.layout.corners(self.grid.hex_of(h)):
                xs.append(x)
                ys.append(y)
        return min(xs), min(ys), max(xs), max(ys)

    # --- hexes
    def __contains__(self, hex_id: str) -> bool:
        return hex_id in self._hex_set

    def neighbors(self, hex_id: str) -> list[str]:
        return self.grid.neighbors(hex_id)

    def terrain(self, hex_id: str) -> str:
        return self._terrain.get(hex_id, self.model.default_terrain)

    def hexside_features(self, a: str, b: str) -> frozenset[str]:
        return self._hexsides.get(self.grid.hexside_id(a, b), frozenset())

    def hexsides_with(self, feature: str) -> list[tuple[str, str]]:
        """The two hexes of each hexside that carries ``feature`` (the map's hexsides as :meth:`hexside_features`
        finds them: by their id as :meth:`HexGrid.hexside_id` writes it)."""
        out = []
        for side, features in self._hexsides.items():
            if feature in features:
                a, _, b = side.partition("/")
                if a in self and b in self and self.grid.direction(a, b) is not None and self.grid.hexside_id(a, b) == side:
                    out.append((a, b))
        return out

    def hexsides_of(self, hex_id: str) -> dict[str, frozenset[str]]:
        """Direction name -> features, for the hexsides of a hex that carry any."""
        out: dict[str, frozenset[str]] = {}
        for n in self.grid.neighbors(hex_id):
            features = self.hexside_features(hex_id, n)
            if features:
                out[self.grid.direction_name(self.grid.direction(hex_id, n))] = features
        return out

    @cached_property
    def _road_pairs(self) -> frozenset[tuple[str, str]]:
        return _chain_pairs(self.model.roads)

    @cached_property
    def _rail_pairs(self) -> frozenset[tuple[str, str]]:
        return _chain_pairs(self.model.railroads)

    @cached_property
    def road_nbrs(self) -> dict[str, tuple[str, ...]]:
        """Each road hex -> the hexes a road joins it to, in the order of ``roads.neighbors``."""
        return _chain_neighbours(self.model.roads)

    @cached_property
    def rail_nbrs(self) -> dict[str, tuple[str, ...]]:
        """Each railroad hex -> the hexes a railroad joins it to, in the order of ``rails.neighbors``."""
        return _chain_neighbours(self.model.railroads)

    def road_between(self, a: str, b: str) -> bool:
        return (a, b) in self._road_pairs

    def rail_between(self, a: str, b: str) -> bool:
        return (a, b) in self._rail_pairs

    def road_edges(self) -> list[tuple[str, str]]:
        """Every road hexside crossing once, as sorted pairs, in order (the edges of :attr:`roads`)."""
        return sorted({(a, b) for a, b in self._road_pairs if a <= b})

    def rail_edges(self) -> list[tuple[str, str]]:
        """Every railroad hexside crossing once, as sorted pairs, in order (the edges of :attr:`rails`)."""
        return sorted({(a, b) for a, b in self._rail_pairs if a <= b})

    def city_at(self, hex_id: str) -> CitySpot | None:
        return self._city_of.get(hex_id)

    def garrison(self, hex_id: str) -> int:
        spot = self._city_of.get(hex_id)
        return spot.city.garrison.get(hex_id, 0) if spot else 0

    def areas_of(self, hex_id: str) -> list[str]:
        return list(self._areas_of.get(hex_id, ()))

    def area_hexes(self, area_id: str) -> frozenset[str]:
        return frozenset(self.model.areas[area_id].hexes)

    def line_sides(self, hex_id: str) -> dict[str, str | None]:
        return {line_id: line.side(hex_id) for line_id, line in self.lines.items()}

    def edge(self, side: str) -> list[str]:
        return self.grid.edge_ids(side)


def _read_line_tables(data, gmap: GameMap) -> dict[str, dict] | None:
    """The line tables read back from the disk cache, or None unless whole and fitting this map."""
    if not isinstance(data, dict) or set(data) != set(gmap.lines):
        return None
    out = {}
    try:
        for line_id, line in gmap.lines.items():
            t = data[line_id]
            sides, adjacent, marks = t["sides"], t["adjacent"], t["marks"]
            if set(sides) != set(gmap.hex_ids) or set(marks) != set(line.model.marks):
                return None
            out[line_id] = {
                "sides": {h: v if v is None else str(v) for h, v in sides.items()},
                "adjacent": {h: (str(v[0]), float(v[1])) for h, v in adjacent.items()},
                "marks": {m: float(v) for m, v in marks.items()},
            }
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return None
    return out


def _chain_pairs(chains: list[list[str]]) -> frozenset[tuple[str, str]]:
    """Consecutive hexes of the chains, both ways round."""
    return frozenset(p for chain in chains for a, b in zip(chain, chain[1:]) for p in ((a, b), (b, a)))


def _chain_neighbours(chains: list[list[str]]) -> dict[str, tuple[str, ...]]:
    """The adjacency of :func:`_chain_graph` without building the graph: nodes and neighbours
    in the order the graph keeps them (first added first)."""
    adj: dict[str, dict[str, None]] = {}
    for chain in chains:
        for h in chain:
            adj.setdefault(h, {})
        for a, b in zip(chain, chain[1:]):
            adj[a].setdefault(b, None)
            adj[b].setdefault(a, None)
    return {h: tuple(ns) for h, ns in adj.items()}


def _chain_graph(chains: list[list[str]]) -> "nx.Graph":
    import networkx as nx

    graph = nx.Graph()
    for chain in chains:
        graph.add_nodes_from(chain)
        graph.add_edges_from(zip(chain, chain[1:]))
    return graph

"""Build ``scenarios/kharkov-1942.yaml`` from the gazetteer and the order of battle.

    .venv/bin/python tools/build_kharkov1942.py            # write scenarios/kharkov-1942.yaml
    .venv/bin/python tools/build_kharkov1942.py --check    # exit 1 if the committed file differs
    .venv/bin/python tools/build_kharkov1942.py --out F    # write somewhere else
    .venv/bin/python tools/build_kharkov1942.py --report   # also print the figures the docs quote

Inputs (plain YAML, edited by hand):

- ``tools/gazetteer/kharkov-1942.yaml``: real-world geography in WGS84 lat/lon (towns, rivers,
  roads, railways, forests);
- ``tools/kharkov1942_oob.yaml``: the projection anchor, the reconstruction decisions that are
  not geography (which towns are City hexes and their garrisons, the 12 May 1942 front line and
  the North-South Sector Line as lat/lon waypoints, local adjustments) and the whole order of
  battle, set-up, reinforcement schedule, turn record, tables and victory conditions.

Nothing here runs at play time.  The output depends only on the two inputs: every collection is
walked in a sorted or file order and every coordinate is rounded, so the same inputs give the
same bytes.  Why each value is what it is: ``docs/reconstruction/kharkov-1942.md``.
"""
from __future__ import annotations

import argparse
import math
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import networkx as nx
import shapely
import yaml
from shapely.geometry import LineString, Point, Polygon
from shapely.ops import unary_union

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from kharkovsuite.hexgrid import GridSpec, HexGrid  # noqa: E402
from kharkovsuite.scenario import Scenario, dumps_scenario, save_scenario  # noqa: E402

GAZETTEER = ROOT / "tools" / "gazetteer" / "kharkov-1942.yaml"
OOB = ROOT / "tools" / "kharkov1942_oob.yaml"
OUTPUT = ROOT / "scenarios" / "kharkov-1942.yaml"

EARTH_RADIUS_KM = 6371.0088
KM_PER_DEGREE = EARTH_RADIUS_KM * math.pi / 180.0
SQRT3 = math.sqrt(3.0)


def _r(value: float, digits: int = 4) -> float:
    """Round for the file; ``+ 0.0`` turns -0.0 into 0.0 so the text never shows '-0.0'."""
    return round(value, digits) + 0.0


# ----------------------------------------------------------------------------- projection


@dataclass(frozen=True)
class Projection:
    """Equirectangular projection onto map units (``HexGrid.layout(1.0)``, hex size 1).

    One map unit is a hex's centre-to-corner distance: a hex is sqrt(3) units across its flats,
    which is ``km_per_hex`` on the ground.  East-west distances are measured at the standard
    parallel; the anchor point (Kharkov's centre) lands on the centre of the anchor hex, moved by
    an optional offset in km.
    """

    km_per_hex: float
    anchor_lat: float
    anchor_lon: float
    anchor_xy: tuple[float, float]
    standard_parallel: float

    @property
    def km_per_unit(self) -> float:
        return self.km_per_hex / SQRT3

    def xy(self, lat: float, lon: float) -> tuple[float, float]:
        k = KM_PER_DEGREE / self.km_per_unit
        x = self.anchor_xy[0] + (lon - self.anchor_lon) * math.cos(math.radians(self.standard_parallel)) * k
        y = self.anchor_xy[1] + (self.anchor_lat - lat) * k
        return (x, y)

    def latlon(self, x: float, y: float) -> tuple[float, float]:
        k = KM_PER_DEGREE / self.km_per_unit
        lat = self.anchor_lat - (y - self.anchor_xy[1]) / k
        lon = self.anchor_lon + (x - self.anchor_xy[0]) / (k * math.cos(math.radians(self.standard_parallel)))
        return (lat, lon)


def load_inputs(gazetteer: Path = GAZETTEER, oob: Path = OOB) -> tuple[dict, dict]:
    with gazetteer.open(encoding="utf-8") as fh:
        gaz = yaml.safe_load(fh)
    with oob.open(encoding="utf-8") as fh:
        data = yaml.safe_load(fh)
    return gaz, data


def make_grid(grid_data: dict) -> HexGrid:
    keys = ("orientation", "columns", "rows", "id_order", "row_grows", "column_grows", "shifted")
    return HexGrid(GridSpec(**{k: grid_data[k] for k in keys}))


def make_projection(gaz: dict, data: dict, grid: HexGrid) -> Projection:
    p = data["projection"]
    town = {t["id"]: t for t in gaz["towns"]}[p["anchor_town"]]
    layout = grid.layout(1.0)
    cx, cy = layout.center(grid.hex_of(p["anchor_hex"]))
    km_per_unit = data["grid"]["km_per_hex"] / SQRT3
    dx_km, dy_km = p.get("anchor_offset_km", [0.0, 0.0])  # where the town lies from the hex centre: east, south
    return Projection(
        km_per_hex=data["grid"]["km_per_hex"],
        anchor_lat=town["lat"],
        anchor_lon=town["lon"],
        anchor_xy=(cx + dx_km / km_per_unit, cy + dy_km / km_per_unit),
        standard_parallel=p["standard_parallel"],
    )


# ----------------------------------------------------------------------------- the map builder


def _key(x: float, y: float) -> tuple[int, int]:
    """A hex corner as an exact key (corners shared by neighbouring hexes agree to ~1e-12)."""
    return (round(x * 1000), round(y * 1000))


class MapGeometry:
    """Hex polygons, the graph of hex corners and hexsides, and point -> hex lookups."""

    def __init__(self, grid: HexGrid, projection: Projection):
        self.grid = grid
        self.proj = projection
        self.layout = grid.layout(1.0)
        self.ids = grid.all_ids()
        self.center = {h: self.layout.center(grid.hex_of(h)) for h in self.ids}
        self.poly = {h: self.layout.polygon(grid.hex_of(h)) for h in self.ids}
        # snapped to 1e-6 so that neighbouring hexes merge into one outline without slivers
        self.area = unary_union([shapely.set_precision(p, 1e-6) for p in self.poly.values()])
        self.corner_xy: dict[tuple[int, int], tuple[float, float]] = {}
        for h in self.ids:
            for x, y in self.layout.corners(grid.hex_of(h)):
                self.corner_xy.setdefault(_key(x, y), (x, y))
        # corners graph: an edge is a hexside with a hex on both sides
        self.corners = nx.Graph()
        self.side_of_edge: dict[frozenset, str] = {}
        for h in self.ids:
            for n in grid.neighbors(h):
                if n < h:
                    continue
                a, b = self.layout.edge(grid.hex_of(h), grid.hex_of(n))
                ka, kb = _key(*a), _key(*b)
                side_id = grid.hexside_id(h, n)
                self.corners.add_edge(ka, kb, side=side_id)
                self.side_of_edge[frozenset((ka, kb))] = side_id

    def hex_at(self, x: float, y: float) -> str | None:
        h = self.layout.hex_at(x, y)
        return self.grid.hex_id(h) if self.grid.on_map(h) else None

    def hex_of_latlon(self, lat: float, lon: float) -> str | None:
        return self.hex_at(*self.proj.xy(lat, lon))

    def line_xy(self, points: list) -> list[tuple[float, float]]:
        return [self.proj.xy(lat, lon) for lat, lon in points]

    def nearest_corner(self, x: float, y: float, among=None) -> tuple[int, int]:
        nodes = among if among is not None else self.corners.nodes
        return min(nodes, key=lambda k: ((self.corner_xy[k][0] - x) ** 2 + (self.corner_xy[k][1] - y) ** 2, k))


# ----------------------------------------------------------------------------- rivers


def snap_polyline_to_hexsides(
    geo: MapGeometry,
    line: LineString,
    start: tuple[int, int],
    end: tuple[int, int],
    avoid: set[frozenset],
    weight: float = 12.0,
) -> list[tuple[int, int]]:
    """The chain of hex corners from ``start`` to ``end`` that stays closest to ``line``.

    A shortest path over hexsides where each hexside costs its length times
    ``1 + weight * d**2`` (d: distance of its midpoint and ends from the line, in hex sizes),
    so the chain hugs the river and never cuts across a bend.  Hexsides in ``avoid`` (already
    another river's) cost a lot more, so two rivers do not share a bank.
    """

    def cost(u, v, _data):
        (x1, y1), (x2, y2) = geo.corner_xy[u], geo.corner_xy[v]
        d = max(
            line.distance(Point((x1 + x2) / 2, (y1 + y2) / 2)),
            0.5 * (line.distance(Point(x1, y1)) + line.distance(Point(x2, y2))),
        )
        c = 1.0 + weight * d * d
        if frozenset((u, v)) in avoid:
            c += 1000.0
        return c

    return nx.dijkstra_path(geo.corners, start, end, weight=cost)


def _inside_pieces(geo: MapGeometry, xy: list[tuple[float, float]]) -> list[LineString]:
    """The parts of a polyline that lie on the map, in order."""
    clipped = LineString(xy).intersection(geo.area.buffer(-0.05))
    if clipped.is_empty:
        return []
    parts = list(getattr(clipped, "geoms", [clipped]))
    parts = [p for p in parts if isinstance(p, LineString) and p.length > 0.6]
    full = LineString(xy)
    return sorted(parts, key=lambda p: full.project(Point(p.coords[0])))


def build_rivers(
    geo: MapGeometry, gaz: dict, classes: dict[str, str], fixes: dict | None = None
) -> tuple[dict[str, list[str]], dict[str, list[list[tuple[int, int]]]]]:
    """Snap every river to hexsides: (hexside id -> features, river id -> corner chains).

    ``fixes`` holds local corrections by river id: ``via_hexsides`` are hexsides the chain must
    use (to put a town on the bank it stands on when the river runs through its hex)."""
    fixes = fixes or {}
    rivers = {r["id"]: r for r in gaz["rivers"]}
    xy = {rid: [geo.line_xy(line) for line in r["lines"]] for rid, r in rivers.items()}
    # A tributary is snapped after the river it joins and ends on that river's chain.
    parent: dict[str, str | None] = {}
    for rid in rivers:
        mouth = Point(xy[rid][-1][-1])
        best = None
        for other in rivers:
            if other == rid:
                continue
            d = min(LineString(line).distance(mouth) for line in xy[other])
            if d < 0.6 and (best is None or d < best[0]):
                best = (d, other)
        parent[rid] = best[1] if best else None

    def depth(rid: str, seen=()) -> int:
        p = parent[rid]
        return 0 if p is None or p in seen else 1 + depth(p, seen + (rid,))

    order = sorted(rivers, key=lambda rid: (depth(rid), list(rivers).index(rid)))
    used: dict[frozenset, str] = {}
    chains: dict[str, list[list[tuple[int, int]]]] = {}
    hexsides: dict[str, list[str]] = defaultdict(list)
    for rid in order:
        feature = classes[rivers[rid]["class"]]
        chains[rid] = []
        for line in xy[rid]:
            pieces = _inside_pieces(geo, line)
            for i, piece in enumerate(pieces):
                p0, p1 = piece.coords[0], piece.coords[-1]
                start = geo.nearest_corner(*p0)
                end = geo.nearest_corner(*p1)
                is_last = i == len(pieces) - 1 and Point(line[-1]).distance(Point(p1)) < 1e-6
                if is_last and parent[rid] in chains:
                    parent_nodes = {k for c in chains[parent[rid]] for k in c}
                    if parent_nodes:
                        end = geo.nearest_corner(*p1, among=sorted(parent_nodes))
                if start == end:
                    continue
                avoid = {e for e, owner in used.items() if owner != rid}
                stops = [start]
                for side_id in fixes.get(rid, {}).get("via_hexsides", []):
                    a, b = side_id.split("/")
                    ends = [_key(*c) for c in geo.layout.edge(geo.grid.hex_of(a), geo.grid.hex_of(b))]
                    ends.sort(key=lambda k: piece.project(Point(geo.corner_xy[k])))
                    if piece.distance(Point(geo.corner_xy[ends[0]])) < 1.5:
                        stops.extend(ends)
                stops.append(end)
                chain = [start]
                for u, v in zip(stops, stops[1:]):
                    if u != v:
                        chain.extend(snap_polyline_to_hexsides(geo, piece, u, v, avoid)[1:])
                # a tributary ends where it meets the other river, not along its bank
                while len(chain) > 1 and frozenset(chain[-2:]) in avoid:
                    chain.pop()
                while len(chain) > 1 and frozenset(chain[:2]) in avoid:
                    chain.pop(0)
                if len(chain) < 2:
                    continue
                chains[rid].append(chain)
                for u, v in zip(chain, chain[1:]):
                    e = frozenset((u, v))
                    side = geo.side_of_edge[e]
                    if feature not in hexsides[side]:
                        hexsides[side].append(feature)
                    used.setdefault(e, rid)
    return dict(hexsides), chains


# ----------------------------------------------------------------------------- roads and railways


def hex_chain(
    geo: MapGeometry, xy: list[tuple[float, float]], keep: frozenset[str] = frozenset(), step: float = 0.05
) -> list[list[str]]:
    """The hexes a polyline passes through, as chains of adjacent hexes (one per on-map stretch).

    A line running along the border between two hex rows would alternate between them; such
    sawteeth are pulled straight (a hex is dropped when the hexes before and after it are
    neighbours), except for the hexes in ``keep`` (the towns a road serves)."""
    line = LineString(xy)
    n = max(2, int(line.length / step) + 1)
    seq: list[str | None] = []
    for i in range(n + 1):
        p = line.interpolate(line.length * i / n)
        h = geo.hex_at(p.x, p.y)
        if not seq or seq[-1] != h:
            seq.append(h)
    chains: list[list[str]] = []
    current: list[str] = []
    for h in seq:
        if h is None:
            if len(current) >= 2:
                chains.append(current)
            current = []
            continue
        if current and geo.grid.direction(current[-1], h) is None:
            # the line crossed a hex corner: step through the common neighbour nearer the line
            common = sorted(set(geo.grid.neighbors(current[-1])) & set(geo.grid.neighbors(h)))
            if common:
                mid = min(common, key=lambda c: (line.distance(Point(geo.center[c])), c))
                current.append(mid)
        current.append(h)
    if len(current) >= 2:
        chains.append(current)
    return [_straightened(geo, _without_loops(c), keep) for c in chains]


def _straightened(geo: MapGeometry, chain: list[str], keep: frozenset[str]) -> list[str]:
    changed = True
    while changed:
        changed = False
        for i in range(1, len(chain) - 1):
            if chain[i] not in keep and geo.grid.direction(chain[i - 1], chain[i + 1]) is not None:
                del chain[i]
                changed = True
                break
    return chain


def _without_loops(chain: list[str]) -> list[str]:
    """Cut back-and-forth wiggles where a line runs along a hexside (A B A -> A)."""
    out: list[str] = []
    for h in chain:
        if h in out:
            del out[out.index(h) + 1 :]
        else:
            out.append(h)
    return out


# ----------------------------------------------------------------------------- terrain and cities


def forest_hexes(geo: MapGeometry, gaz: dict, share: float) -> set[str]:
    """Hexes at least ``share`` covered by a forest tract."""
    woods = unary_union([Polygon(geo.line_xy(f["polygon"])).buffer(0) for f in gaz["forests"]])
    out = set()
    for h in geo.ids:
        poly = geo.poly[h]
        if poly.intersects(woods) and poly.intersection(woods).area >= share * poly.area:
            out.add(h)
    return out


def disk_coverage(geo: MapGeometry, lat: float, lon: float, radius_km: float) -> dict[str, float]:
    """Share of each hex covered by a disk of ``radius_km`` around a town (for the docs)."""
    x, y = geo.proj.xy(lat, lon)
    disk = Point(x, y).buffer(radius_km / geo.proj.km_per_unit, 64)
    out = {}
    for h in geo.ids:
        if geo.poly[h].intersects(disk):
            share = geo.poly[h].intersection(disk).area / geo.poly[h].area
            if share >= 0.05:
                out[h] = round(share, 2)
    return out


# ----------------------------------------------------------------------------- lines along hexsides


class LineBuildError(RuntimeError):
    pass


def waypoints_xy(geo: MapGeometry, waypoints: list, chains: dict) -> list[tuple[float, float]]:
    """Lat/lon waypoints, or ``{follow: river, from: [lat, lon], to: [lat, lon]}`` stretches
    that copy a snapped river's hex corners (so a front on a river is exactly its hexsides)."""
    out: list[tuple[float, float]] = []
    for wp in waypoints:
        if isinstance(wp, dict):
            chain = max(chains[wp["follow"]], key=len)
            a = geo.nearest_corner(*geo.proj.xy(*wp["from"]), among=chain)
            b = geo.nearest_corner(*geo.proj.xy(*wp["to"]), among=chain)
            i, j = chain.index(a), chain.index(b)
            stretch = chain[i : j + 1] if i <= j else list(reversed(chain[j : i + 1]))
            out.extend(geo.corner_xy[k] for k in stretch)
        else:
            out.append(geo.proj.xy(*wp))
    return out


def partition(geo: MapGeometry, xy: list[tuple[float, float]], close_towards: str) -> set[str]:
    """Hexes whose centre lies on the ``close_towards`` side of an open polyline.

    The polyline is closed into a polygon through two far points in that direction
    (``east`` for a front walked north to south, ``south`` for a line walked east to west).
    """
    minx, miny, maxx, maxy = geo.area.bounds
    far = 20.0
    first, last = xy[0], xy[-1]
    if close_towards == "east":
        ring = xy + [(maxx + far, last[1]), (maxx + far, first[1])]
    elif close_towards == "south":
        ring = xy + [(last[0], maxy + far), (first[0], maxy + far)]
    else:
        raise ValueError(close_towards)
    region = Polygon(ring).buffer(0)
    return {h for h in geo.ids if region.contains(Point(geo.center[h]))}


def keep_connected(geo: MapGeometry, inside: set[str]) -> set[str]:
    """Flip islands so that both the inside and the outside are single connected areas."""
    def components(hexes: set[str]) -> list[set[str]]:
        g = nx.Graph()
        g.add_nodes_from(sorted(hexes))
        for h in sorted(hexes):
            for n in geo.grid.neighbors(h):
                if n in hexes:
                    g.add_edge(h, n)
        return sorted((set(c) for c in nx.connected_components(g)), key=lambda c: (-len(c), min(c)))

    inside = set(inside)
    for _ in range(4):
        comps = components(inside)
        for extra in comps[1:]:
            inside -= extra
        outside = set(geo.ids) - inside
        comps = components(outside)
        for extra in comps[1:]:
            inside |= extra
        if len(components(inside)) == 1:
            break
    return inside


def boundary_chain(geo: MapGeometry, inside: set[str], start_edge: str) -> list[tuple[int, int]]:
    """The hexsides between ``inside`` and the rest, as one chain of corners from the map
    boundary on ``start_edge`` (north or east) to the opposite boundary."""
    g = nx.Graph()
    for u, v, data in geo.corners.edges(data=True):
        a, b = data["side"].split("/")
        if (a in inside) != (b in inside):
            g.add_edge(u, v)
    ends = sorted(k for k in g.nodes if g.degree(k) == 1)
    if len(ends) != 2 or any(d > 2 for _, d in g.degree) or not nx.is_connected(g):
        raise LineBuildError(f"the line is not one open chain (ends {len(ends)}, components {nx.number_connected_components(g)})")
    a, b = ends
    ya, yb = geo.corner_xy[a][1], geo.corner_xy[b][1]
    xa, xb = geo.corner_xy[a][0], geo.corner_xy[b][0]
    if start_edge == "north":
        first = a if ya < yb else b
    else:  # east: larger x first
        first = a if xa > xb else b
    last = b if first == a else a
    return nx.shortest_path(g, first, last)


def hexside_path_points(geo: MapGeometry, chain: list[tuple[int, int]]) -> list[tuple[float, float]]:
    """Corner coordinates of a chain, rounded for the file (every corner kept, so consecutive
    points are always the two ends of one hexside)."""
    pts = [geo.corner_xy[k] for k in chain]
    return [(_r(x), _r(y)) for x, y in pts]


# ----------------------------------------------------------------------------- the map section


@dataclass
class MapBuild:
    """The ``map`` section plus what the docs, the tests and the set-up solver need."""

    section: dict
    geo: MapGeometry
    soviet: set[str]
    south: set[str]
    river_chains: dict
    town_hex: dict[str, str | None]
    notes: list[str] = field(default_factory=list)


def build_map(gaz: dict, data: dict) -> MapBuild:
    grid = make_grid(data["grid"])
    proj = make_projection(gaz, data, grid)
    geo = MapGeometry(grid, proj)
    m = data["map"]
    towns = {t["id"]: t for t in gaz["towns"]}
    town_hex = {tid: geo.hex_of_latlon(t["lat"], t["lon"]) for tid, t in towns.items()}

    hexsides, chains = build_rivers(geo, gaz, m["river_classes"], m.get("river_fixes"))

    terrain: dict[str, str] = {}
    for h in sorted(forest_hexes(geo, gaz, m["forest_share"])):
        terrain[h] = "forest"
    cities: dict[str, dict] = {}
    city_hexes: set[str] = set()
    for cid, c in m["cities"].items():
        if town_hex[cid] not in c["hexes"]:
            raise SystemExit(f"{cid}: the projected centre {town_hex[cid]} is not one of its hexes {c['hexes']}")
        for h in c["hexes"]:
            terrain[h] = "major_city"
            city_hexes.add(h)
        cities[cid] = {
            "name": c["name"],
            "kind": "major_city",
            "hexes": list(c["hexes"]),
            "garrison": dict(c["garrison"]),
            "vp": c["vp"],
            "label_hex": c["hexes"][0],
        }
    places: dict[str, dict] = {}
    for tid, t in towns.items():
        h = town_hex[tid]
        if h is None or tid in cities or h in city_hexes:
            continue
        if t["kind"] == "minor_city" and not any(h in c["hexes"] for c in cities.values()):
            cities[tid] = {"name": t["name"], "kind": "minor_city", "hexes": [h]}
        else:
            places[tid] = {"name": t["name"], "hex": h}

    def chains_of(lines: list[dict]) -> list[list[str]]:
        out = []
        for line in lines:
            keep = frozenset(town_hex[t] for t in line.get("via", []) if town_hex.get(t))
            out.extend(hex_chain(geo, geo.line_xy(line["points"]), keep))
        return out

    roads = chains_of(gaz["roads"])
    rails = chains_of(gaz["railways"])

    # the front: a partition of the hexes, its boundary walked from the north edge
    front = m["front"]
    soviet = partition(geo, waypoints_xy(geo, front["waypoints"], chains), "east")
    soviet |= set(front.get("soviet_hexes", []))
    soviet -= set(front.get("axis_hexes", []))
    soviet = keep_connected(geo, soviet)
    front_chain = boundary_chain(geo, soviet, "north")

    sector = m["sector"]
    south = partition(geo, waypoints_xy(geo, sector["waypoints"], chains), "south")
    south |= set(sector.get("south_hexes", []))
    south -= set(sector.get("north_hexes", []))
    south = keep_connected(geo, south)
    sector_chain = boundary_chain(geo, south, "east")

    section = {
        "grid": dict(data["grid"]),
        "terrain_types": m["terrain_types"],
        "default_terrain": "clear",
        "terrain": dict(sorted(terrain.items())),
        "hexside_types": m["hexside_types"],
        "hexsides": {k: hexsides[k] for k in sorted(hexsides)},
        "roads": roads,
        "railroads": rails,
        "cities": cities,
        "places": dict(sorted(places.items(), key=lambda kv: kv[0])),
        "lines": {
            "front": {
                "name": front["name"],
                "points": hexside_path_points(geo, front_chain),
                "sides": front["sides"],
                "color": "#c0392b",
            },
            "sector": {
                "name": sector["name"],
                "points": hexside_path_points(geo, sector_chain),
                "sides": sector["sides"],
                "color": "#7d3c98",
                "style": "dash",
            },
        },
        "areas": {},
    }
    return MapBuild(section, geo, soviet, south, chains, town_hex)


# ----------------------------------------------------------------------------- areas


def build_areas(mb: MapBuild, data: dict) -> dict[str, dict]:
    geo, grid = mb.geo, mb.geo.grid
    section = mb.section
    axis_side = set(geo.ids) - mb.soviet
    road_hexes = {h for chain in section["roads"] for h in chain}
    west_roads = [h for h in grid.edge_ids("west") if h in road_hexes]
    supply = sorted(set(west_roads) | set(data["map"]["road_supply_extra"]))
    areas = {
        "east_edge": {
            "name": "East edge: Soviet reinforcements (16.1) and supply sources (11.21)",
            "kind": "entry",
            "side": "soviet",
            "hexes": grid.edge_ids("east"),
            "color": "#b5523b",
        },
        "north_edge_axis": {
            "name": "North edge west of the front line: Axis reinforcements (16.22)",
            "kind": "entry",
            "side": "axis",
            "hexes": [h for h in grid.edge_ids("north") if h in axis_side],
            "color": "#8c9196",
        },
        "south_edge": {
            "name": "South edge: German IV Corps (16.21)",
            "kind": "entry",
            "side": "axis",
            "hexes": grid.edge_ids("south"),
            "color": "#8c9196",
        },
        "german_road_supply": {
            "name": "German road supply: road hexes of the west edge and hex 3932 (11.33)",
            "kind": "supply",
            "side": "axis",
            "hexes": supply,
            "color": "#9a6a2f",
        },
    }
    for army, hex_id in data["map"]["reserves"].items():
        areas[f"reserve-{army}"] = {
            "name": f"{army}th Army Reserve box (counter in {hex_id})",
            "kind": "reserve",
            "side": "soviet",
            "hexes": [hex_id],
        }
    areas["breakdown-box"] = {"name": "German Regimental Breakdown Units box (15.1)", "kind": "box", "side": "axis"}
    areas["replacement-box"] = {"name": "Soviet Replacement box (9.53)", "kind": "box", "side": "soviet"}
    return areas


# ----------------------------------------------------------------------------- order of battle


@dataclass
class OrderOfBattle:
    units: list[dict]
    zones: list[dict]
    reinforcements: list[dict]
    sectors: dict[str, str]  # zone id -> side of the North-South Sector Line its units keep to
    holds: dict[str, list[str]] = field(default_factory=dict)  # zone id -> hexes its line must hold


def expand_oob(data: dict) -> OrderOfBattle:
    """Expand unit series and hand out ``take`` counts (zones first, then reinforcements)."""
    units: list[dict] = []
    series: dict[str, list[str]] = {}
    for entry in data["units"]:
        if "series" in entry:
            digits = entry.get("digits", 2)
            ids = []
            for n in range(1, entry["count"] + 1):
                uid = f"{entry['series']}-{n:0{digits}d}"
                units.append({"id": uid, "type": entry["type"], "name": entry["name"].format(n=f"{n:0{digits}d}")})
                ids.append(uid)
            series[entry["series"]] = ids
        else:
            units.append(dict(entry))
    cursor = {k: 0 for k in series}

    def take(spec: dict) -> list[str]:
        out = []
        for sid, n in spec.items():
            pool = series[sid]
            if cursor[sid] + n > len(pool):
                raise SystemExit(f"series {sid}: {cursor[sid] + n} taken, only {len(pool)} exist")
            out.extend(pool[cursor[sid] : cursor[sid] + n])
            cursor[sid] += n
        return out

    zones = []
    sectors = {z["id"]: z["sector"] for z in data["setup"]["zones"] if "sector" in z}
    holds = {z["id"]: list(z["hold"]) for z in data["setup"]["zones"] if "hold" in z}
    for z in data["setup"]["zones"]:
        zone = {k: v for k, v in z.items() if k not in ("take", "sector", "hold")}
        zone["units"] = list(z.get("units", [])) + take(z.get("take", {}))
        zones.append(zone)
    reinforcements = []
    for r in data["reinforcements"]:
        item = {k: v for k, v in r.items() if k != "take"}
        item["units"] = list(r.get("units", [])) + take(r.get("take", {}))
        reinforcements.append(item)
    left = {k: len(v) - cursor[k] for k, v in series.items() if cursor[k] != len(v)}
    if left:
        raise SystemExit(f"units of these series are neither set up nor reinforcements: {left}")
    return OrderOfBattle(units, zones, reinforcements, sectors, holds)


# ----------------------------------------------------------------------------- the historical deployment


class SetupError(RuntimeError):
    pass


class SetupSolver:
    """Places every set-up unit so that 5.14, 5.15 and stacking (8.1) hold.

    Line zones are filled from the first mark to the second: the first hex of the stretch that
    is neither occupied nor in a friendly ZOC gets a unit in the zone hex (on the line or one hex
    behind it) that also covers the most of the following ones; the zone's units, kept in
    divisional stacks as long as there are enough of them, go to those hexes in order and
    the spare ones stack where there is the least.  HQs within N hexes of a hex go where they
    command the most units; everything else goes where 5.2/5.3 says.
    """

    def __init__(
        self,
        gmap,
        unit_types: dict,
        units: list[dict],
        sectors: dict[str, str] | None = None,
        holds: dict[str, list[str]] | None = None,
    ):
        self.gmap = gmap
        self.sectors = sectors or {}
        self.holds = holds or {}
        self.sector = gmap.lines.get("sector")
        self.unit_types = unit_types
        self.units = {u["id"]: u for u in units}
        self.front = gmap.lines["front"]
        self.where: dict[str, tuple[str, str]] = {}  # unit -> ("hex"|"box", place)
        self.stack: dict[str, list[str]] = defaultdict(list)
        self.covered: dict[str, set[str]] = defaultdict(set)

    def side(self, unit_id: str) -> str:
        return self.unit_types[self.units[unit_id]["type"]]["side"]

    def combat(self, unit_id: str) -> bool:
        return "hq" not in self.unit_types[self.units[unit_id]["type"]].get("flags", [])

    def room(self, hex_id: str) -> int:
        return 3 - sum(1 for u in self.stack[hex_id] if self.combat(u))

    def put(self, unit_id: str, hex_id: str) -> None:
        if self.combat(unit_id) and self.room(hex_id) <= 0:
            raise SetupError(f"{unit_id}: hex {hex_id} already holds three combat units (8.1)")
        self.where[unit_id] = ("hex", hex_id)
        self.stack[hex_id].append(unit_id)
        if self.combat(unit_id):
            side = self.side(unit_id)
            self.covered[side].add(hex_id)
            self.covered[side].update(self.gmap.neighbors(hex_id))

    def solve(self, zones: list[dict]) -> None:
        fixed = [z for z in zones if z.get("within") == 0 or "area" in z]
        lines = [z for z in zones if "line" in z]
        nearby = [z for z in zones if z.get("within", 0) > 0]
        for z in fixed:
            self._fixed(z)
        for z in lines:
            self._line(z)
        for z in nearby:
            self._nearby(z)

    def _fixed(self, zone: dict) -> None:
        for uid in zone["units"]:
            kind = self.unit_types[self.units[uid]["type"]]
            if "area" in zone and "reserve_counter" not in kind.get("flags", []):
                self.where[uid] = ("box", zone["area"])
            else:
                self.put(uid, zone["hex"])

    def zone_hexes(self, zone: dict) -> tuple[list[str], list[str]]:
        """(hexes adjacent to the line between the marks, in line order; those plus the hexes one behind)."""
        a, b = zone["between"]
        side = zone["side"]
        on_line = self.front.hexes_between(a, b, side)
        pos = {h: self.front.adjacent_hexes[h][1] for h in on_line}
        on_line.sort(key=lambda h: (pos[h], h))
        behind = {n for h in on_line for n in self.gmap.neighbors(h) if self.front.side(n) == side}
        allowed = sorted(set(on_line) | behind)
        if zone["id"] in self.sectors:
            allowed = [h for h in allowed if self.sector.side(h) == self.sectors[zone["id"]]]
        return on_line, allowed

    def _line(self, zone: dict) -> None:
        side = zone["side"]
        targets, allowed = self.zone_hexes(zone)
        covered = set(self.covered[side])
        on_line = set(targets)
        slots: list[str] = []
        for t in targets:
            if t in covered:
                continue
            choices = [c for c in allowed if (c == t or c in self.gmap.neighbors(t)) and self.room(c) > 0 and c not in slots]
            if not choices:
                raise SetupError(f"{zone['id']}: no hex left to hold {t}")

            def gain(c: str) -> tuple:
                reach = {c, *self.gmap.neighbors(c)}
                return (len([x for x in targets if x in reach and x not in covered]), c in on_line, c)

            best = max(choices, key=gain)
            slots.append(best)
            covered |= {best, *self.gmap.neighbors(best)}
        for h in self.holds.get(zone["id"], []):
            if h not in allowed:
                raise SetupError(f"{zone['id']}: hold hex {h} is not on the line or one hex behind it")
            if h not in slots:
                self._insert_in_line_order(slots, h, targets)
        groups = self._groups(zone["units"], max(len(slots), 1))
        if len(groups) < len(slots):
            raise SetupError(
                f"{zone['id']}: {len(slots)} hexes are needed to hold {len(targets)} front hexes (5.15), "
                f"but the zone has only {len(groups)} units; move its marks"
            )
        if not slots:
            slots = [targets[len(targets) // 2]]
        for group, hex_id in zip(groups, slots):
            for uid in group:
                self.put(uid, hex_id)
        for group in groups[len(slots) :]:
            fits = [h for h in slots if self.room(h) >= len(group)]
            if not fits:
                raise SetupError(f"{zone['id']}: no room to stack {group}")
            target = min(fits, key=lambda h: (3 - self.room(h), slots.index(h)))
            for uid in group:
                self.put(uid, target)

    def _insert_in_line_order(self, slots: list[str], hex_id: str, targets: list[str]) -> None:
        """Put a held hex among the slots before the first slot that holds a later front hex,
        so that the zone's divisions still follow the line in order."""
        def first_held(h: str) -> int:
            reach = {h, *self.gmap.neighbors(h)}
            return min((i for i, t in enumerate(targets) if t in reach), default=len(targets))

        mine = first_held(hex_id)
        at = next((i for i, s in enumerate(slots) if first_held(s) > mine), len(slots))
        slots.insert(at, hex_id)

    def _groups(self, unit_ids: list[str], needed: int) -> list[list[str]]:
        """Units in order, a mechanized division's units together; split divisions when short."""
        groups: list[list[str]] = []
        for uid in unit_ids:
            formation = self.units[uid].get("formation")
            if groups and formation and self.units[groups[-1][0]].get("formation") == formation:
                groups[-1].append(uid)
            else:
                groups.append([uid])
        while len(groups) < needed:
            big = max(range(len(groups)), key=lambda i: (len(groups[i]), -i))
            if len(groups[big]) == 1:
                break
            groups[big : big + 1] = [groups[big][:1], groups[big][1:]]
        return groups

    def _nearby(self, zone: dict) -> None:
        side = zone["side"]
        centre, n = zone["hex"], zone["within"]
        grid = self.gmap.grid
        hexes = [h for h in grid.within(centre, n) if self.front.side(h) == side]
        for uid in zone["units"]:
            hq = self.units[uid].get("hq")
            if hq is None:
                # combat units: spread over the hexes nearest the centre
                choice = min((h for h in hexes if self.room(h) > 0), key=lambda h: (len(self.stack[h]), grid.distance(centre, h), h))
                self.put(uid, choice)
                continue
            radius = hq["command_radius"]
            own = [h for h, us in self.stack.items() if any(self.combat(u) and self.side(u) == side for u in us)]
            enemy_zoc = {x for s, cov in self.covered.items() if s != side for x in cov}

            def score(h: str) -> tuple:
                commanded = sum(1 for o in own if grid.distance(h, o) <= radius for u in self.stack[o] if self.combat(u))
                return (h not in enemy_zoc, commanded, -grid.distance(centre, h), h)

            self.put(uid, max(hexes, key=score))

    def placements(self) -> list[dict]:
        out = []
        for uid in self.units:
            if uid not in self.where:
                continue
            kind, place = self.where[uid]
            out.append({"unit": uid, kind: place})
        return out

    def uncovered(self) -> dict[str, list[str]]:
        """Front hexes of each side neither occupied nor in that side's ZOC (5.15)."""
        out: dict[str, list[str]] = defaultdict(list)
        for h, (side, _pos) in sorted(self.front.adjacent_hexes.items()):
            if h not in self.covered[side]:
                out[side].append(h)
        return dict(out)


# ----------------------------------------------------------------------------- the scenario


@dataclass
class Build:
    scenario: Scenario
    map: MapBuild
    solver: SetupSolver


def build(gazetteer: Path = GAZETTEER, oob: Path = OOB) -> Build:
    from kharkovsuite.map import GameMap
    from kharkovsuite.scenario.model import MapModel

    gaz, data = load_inputs(gazetteer, oob)
    mb = build_map(gaz, data)
    section = mb.section
    section["areas"] = build_areas(mb, data)
    marks = {**data["marks"]["axis"], **data["marks"]["soviet"]}
    section["lines"]["front"]["marks"] = marks

    gmap = GameMap(MapModel.model_validate(section), mb.geo.grid)
    front = gmap.lines["front"]
    for side, labels in data["marks"].items():
        for label, hex_id in labels.items():
            if front.adjacent_hexes.get(hex_id, (None,))[0] != side:
                raise SystemExit(f"mark {label} ({hex_id}) is not a {side} hex on the front line")

    order = expand_oob(data)
    solver = SetupSolver(gmap, data["unit_types"], order.units, order.sectors, order.holds)
    solver.solve(order.zones)
    left = solver.uncovered()
    if left:
        raise SystemExit(f"5.15: front hexes neither occupied nor in a ZOC: {left}")

    s = data["scenario"]
    scenario = Scenario.model_validate(
        {
            "format": "kharkovsuite-scenario/1",
            "id": s["id"],
            "title": s["title"],
            "description": s["description"],
            "rules": s["rules"],
            "map": section,
            "terrain_effects": data["terrain_effects"],
            "tables": data["tables"],
            "sides": data["sides"],
            "unit_types": data["unit_types"],
            "untried_pools": data["untried_pools"],
            "formations": data["formations"],
            "units": order.units,
            "setup": {"zones": order.zones, "placements": solver.placements()},
            "reinforcements": order.reinforcements,
            "turns": data["turns"],
            "victory": data["victory"],
        }
    )
    return Build(scenario, mb, solver)


def report(result: Build) -> str:
    """The figures quoted in docs/reconstruction/kharkov-1942.md."""
    s, mb = result.scenario, result.map
    m = s.map
    lines = []
    features = defaultdict(int)
    for fs in m.hexsides.values():
        for f in fs:
            features[f] += 1
    lines.append(f"river hexsides: {len(m.hexsides)} {dict(sorted(features.items()))}")
    for rid, chains in mb.river_chains.items():
        lines.append(f"  {rid}: {[len(c) - 1 for c in chains]}")
    roads = {h for c in m.roads for h in c}
    rails = {h for c in m.railroads for h in c}
    lines.append(f"roads: {len(m.roads)} chains, {len(roads)} hexes; railways: {len(m.railroads)} chains, {len(rails)} hexes")
    terrain = defaultdict(int)
    for t in m.terrain.values():
        terrain[t] += 1
    lines.append(f"terrain: {dict(sorted(terrain.items()))}")
    gaz, _ = load_inputs()
    for t in gaz["towns"]:
        if t["kind"] == "major_city":
            lines.append(f"coverage {t['id']}: {disk_coverage(mb.geo, t['lat'], t['lon'], t['radius_km'])}")
    sides = defaultdict(int)
    for side, _pos in result.solver.front.adjacent_hexes.values():
        sides[side] += 1
    lines.append(f"front: {len(m.lines['front'].points) - 1} hexsides; hexes touching it {dict(sides)}")
    for zone in s.setup.zones:
        if zone.line:
            on_line, _ = result.solver.zone_hexes(zone.model_dump())
            lines.append(f"  {zone.id}: {len(on_line)} front hexes, {len(zone.units)} units")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build scenarios/kharkov-1942.yaml from the gazetteer and the order of battle.")
    parser.add_argument("--out", type=Path, default=OUTPUT, help="where to write (default: %(default)s)")
    parser.add_argument("--check", action="store_true", help="do not write; exit 1 if the output file differs")
    parser.add_argument("--report", action="store_true", help="also print the figures the docs quote")
    args = parser.parse_args(argv)
    from kharkovsuite.scenario import ScenarioError, loads_scenario

    result = build()
    text = dumps_scenario(result.scenario)
    try:
        loads_scenario(text, str(args.out))  # every check of the loader, before anything is written
    except ScenarioError as exc:
        print(exc, file=sys.stderr)
        return 1
    if args.check:
        current = args.out.read_text(encoding="utf-8") if args.out.exists() else ""
        if current != text:
            print(f"{args.out} is out of date: run tools/build_kharkov1942.py", file=sys.stderr)
            return 1
        print(f"{args.out} is up to date")
        return 0
    if args.report:
        print(report(result))
    save_scenario(result.scenario, args.out)
    m = result.scenario.map
    print(
        f"wrote {args.out}: {m.grid.columns * m.grid.rows} hexes, {len(m.hexsides)} river hexsides, "
        f"{len(result.scenario.units)} units, {len(result.scenario.setup.placements)} placements"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

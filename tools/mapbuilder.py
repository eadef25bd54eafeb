"""One map builder for every game: a map spec plus shared gazetteers in, a hex map out.

A map is described by a spec (``tools/maps/<map>.yaml``, plain YAML): which gazetteers it draws on,
the hex grid (orientation, size in km, rows and columns, how hexes are numbered) and the projection
(an anchor town on an anchor hex, a standard parallel), and how gazetteer classes become the map's
terrain and hexside types.  The gazetteers (``tools/gazetteer/*.yaml``) hold real geography only, in
WGS84 lat/lon; several maps share one gazetteer where they overlap, and a later gazetteer may carry a
feature of an earlier one on beyond its edge (``extends``).

Rivers are snapped to hexsides, roads and railways rasterised into chains of adjacent hexes, forest
and other terrain areas turned into hexes by their share of each hex, towns into hexes by their
projected centre.  Everything is walked in a sorted or file order and rounded, so the same inputs
give the same bytes.  ``tools/build_map.py`` writes a map file from a spec; the scenario builders
(``tools/build_kharkov1942.py``) use the same pieces.  Nothing here runs at play time.
"""
from __future__ import annotations

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

GAZETTEER_SECTIONS = ("towns", "rivers", "roads", "railways", "forests", "areas")
GRID_KEYS = ("orientation", "columns", "rows", "id_order", "row_grows", "column_grows", "shifted")

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


def make_grid(grid_data: dict) -> HexGrid:
    keys = ("orientation", "columns", "rows", "id_order", "row_grows", "column_grows", "shifted")
    return HexGrid(GridSpec(**{k: grid_data[k] for k in keys}))


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
    return area_hexes(geo, [f["polygon"] for f in gaz["forests"]], share)


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


def area_hexes(geo: MapGeometry, polygons: list[list], share: float) -> set[str]:
    """Hexes at least ``share`` covered by the union of lat/lon polygons."""
    if not polygons:
        return set()
    cover = unary_union([Polygon(geo.line_xy(p)).buffer(0) for p in polygons])
    out = set()
    for h in geo.ids:
        poly = geo.poly[h]
        if poly.intersects(cover) and poly.intersection(cover).area >= share * poly.area:
            out.add(h)
    return out


def line_chains(geo: MapGeometry, lines: list[dict], town_hex: dict[str, str | None]) -> list[list[str]]:
    """Hex chains of gazetteer roads or railways, keeping the hexes of the towns each serves."""
    out = []
    for line in lines:
        keep = frozenset(town_hex[t] for t in line.get("via", []) if town_hex.get(t))
        out.extend(hex_chain(geo, geo.line_xy(line["points"]), keep))
    return out


def crossed_hexsides(chains: list[list[str]], hexsides: dict[str, list[str]], grid: HexGrid) -> set[str]:
    """Hexsides with a river that a road or railway chain steps across (where a bridge stands)."""
    out = set()
    for chain in chains:
        for a, b in zip(chain, chain[1:]):
            side = grid.hexside_id(a, b)
            if hexsides.get(side):
                out.add(side)
    return out


# ----------------------------------------------------------------------------- specs and gazetteers


class SpecError(ValueError):
    """A map spec or gazetteer that cannot be used; the message names the file and the entry."""


def load_yaml(path: Path) -> dict:
    with Path(path).open(encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def load_spec(path: Path) -> dict:
    """A map spec, with ``gazetteers`` resolved against the project root."""
    spec = load_yaml(path)
    for key in ("id", "gazetteers", "grid", "projection", "terrain", "hexside_types", "rivers"):
        if key not in spec:
            raise SpecError(f"{path}: the map spec has no '{key}'")
    spec["_path"] = str(path)
    return spec


def merge_gazetteers(gazetteers: list[tuple[str, dict]]) -> dict:
    """One gazetteer from several, in order.

    Ids are shared: a town, forest or area may be given once only (or again with the same
    values); a river, road or railway entry with ``extends: <id>`` carries an earlier feature on,
    ``before`` its first point (upstream, for a river) and ``after`` its last one.  A single
    gazetteer comes back unchanged, so a map on one gazetteer builds as it always did.
    """
    if len(gazetteers) == 1:
        return gazetteers[0][1]
    out: dict = {section: [] for section in GAZETTEER_SECTIONS}
    index: dict[str, dict[str, dict]] = {section: {} for section in GAZETTEER_SECTIONS}
    boxes = [gaz["bbox"] for _name, gaz in gazetteers if "bbox" in gaz]
    if boxes:
        out["bbox"] = {
            "south": min(b["south"] for b in boxes),
            "north": max(b["north"] for b in boxes),
            "west": min(b["west"] for b in boxes),
            "east": max(b["east"] for b in boxes),
        }
    for name, gaz in gazetteers:
        for section in GAZETTEER_SECTIONS:
            for entry in gaz.get(section, []) or []:
                if "extends" in entry:
                    base = index[section].get(entry["extends"])
                    if base is None:
                        raise SpecError(f"{name}: {section} entry extends unknown id {entry['extends']!r}")
                    _extend(base, entry, section)
                    continue
                old = index[section].get(entry["id"])
                if old is not None:
                    if old != entry:
                        raise SpecError(f"{name}: {section} id {entry['id']!r} given twice with different values")
                    continue
                copy = {k: (list(v) if isinstance(v, list) else v) for k, v in entry.items()}
                if section == "rivers":
                    copy["lines"] = [list(line) for line in entry["lines"]]
                index[section][entry["id"]] = copy
                out[section].append(copy)
    return out


def _extend(base: dict, ext: dict, section: str) -> None:
    if section == "rivers":
        base["lines"][0] = list(ext.get("before", [])) + base["lines"][0]
        base["lines"][-1] = base["lines"][-1] + list(ext.get("after", []))
    elif section in ("roads", "railways"):
        base["points"] = list(ext.get("before", [])) + base["points"] + list(ext.get("after", []))
        base["via"] = list(ext.get("via_before", [])) + base.get("via", []) + list(ext.get("via_after", []))
    else:
        raise SpecError(f"{section} entries cannot be extended")


def spec_gazetteer(spec: dict) -> dict:
    return merge_gazetteers([(g, load_yaml(ROOT / g)) for g in spec["gazetteers"]])


def make_grid(grid_data: dict) -> HexGrid:
    return HexGrid(GridSpec(**{k: grid_data[k] for k in GRID_KEYS if k in grid_data}))


def make_projection(spec: dict, gaz: dict, grid: HexGrid) -> Projection:
    """The spec's projection: its anchor town on the centre of its anchor hex (moved by an optional
    offset in km, east and south), east-west distances at the standard parallel."""
    p = spec["projection"]
    towns = {t["id"]: t for t in gaz["towns"]}
    if p["anchor_town"] not in towns:
        raise SpecError(f"{spec.get('_path', spec['id'])}: anchor town {p['anchor_town']!r} is not in the gazetteers")
    town = towns[p["anchor_town"]]
    layout = grid.layout(1.0)
    cx, cy = layout.center(grid.hex_of(p["anchor_hex"]))
    km_per_unit = spec["grid"]["km_per_hex"] / SQRT3
    dx_km, dy_km = p.get("anchor_offset_km", [0.0, 0.0])
    return Projection(
        km_per_hex=spec["grid"]["km_per_hex"],
        anchor_lat=town["lat"],
        anchor_lon=town["lon"],
        anchor_xy=(cx + dx_km / km_per_unit, cy + dy_km / km_per_unit),
        standard_parallel=p["standard_parallel"],
    )


# ----------------------------------------------------------------------------- the base map


@dataclass
class BaseMap:
    """What every map takes from its gazetteers: geometry, rivers, roads, railways, forests."""

    spec: dict
    gaz: dict
    geo: MapGeometry
    town_hex: dict[str, str | None]
    hexsides: dict[str, list[str]]
    river_chains: dict
    roads: list[list[str]]
    railroads: list[list[str]]
    forest: set[str] = field(default_factory=set)


def build_base(spec: dict, gaz: dict | None = None) -> BaseMap:
    gaz = gaz if gaz is not None else spec_gazetteer(spec)
    grid = make_grid(spec["grid"])
    geo = MapGeometry(grid, make_projection(spec, gaz, grid))
    towns = {t["id"]: t for t in gaz["towns"]}
    town_hex = {tid: geo.hex_of_latlon(t["lat"], t["lon"]) for tid, t in towns.items()}
    rivers = spec["rivers"]
    if rivers.get("as") == "hexes":
        # a map whose rivers run through hexes (Kirovograd, 10.0) snaps none to hexsides
        hexsides, chains = {}, {}
    else:
        hexsides, chains = build_rivers(geo, gaz, rivers["classes"], rivers.get("fixes"))
    forest = forest_hexes(geo, gaz, spec["terrain"]["forest_share"])
    roads = line_chains(geo, gaz["roads"], town_hex)
    rails = line_chains(geo, gaz["railways"], town_hex)
    return BaseMap(spec, gaz, geo, town_hex, hexsides, chains, roads, rails, forest)


# ----------------------------------------------------------------------------- features in hexes


def line_hexes(geo: MapGeometry, points: list) -> list[str]:
    """The on-map hexes a lat/lon polyline passes through, in order along it (for rivers and
    balkas drawn through hexes rather than along hexsides)."""
    out: list[str] = []
    for chain in hex_chain(geo, geo.line_xy(points)):
        out.extend(h for h in chain if h not in out)
    return out


def point_hexes(geo: MapGeometry, entries: list[dict]) -> dict[str, str]:
    """id -> hex of gazetteer entries placed at one point (``at: [lat, lon]``) that fall on the map."""
    out = {}
    for e in entries:
        h = geo.hex_of_latlon(*e["at"])
        if h is not None:
            out[e["id"]] = h
    return out


def line_hexsides(geo: MapGeometry, points: list) -> list[str]:
    """The hexsides a lat/lon polyline follows, snapped like a river (for a fortified line)."""
    sides: list[str] = []
    for piece in _inside_pieces(geo, geo.line_xy(points)):
        start = geo.nearest_corner(*piece.coords[0])
        end = geo.nearest_corner(*piece.coords[-1])
        if start == end:
            continue
        chain = snap_polyline_to_hexsides(geo, piece, start, end, set())
        sides.extend(geo.side_of_edge[frozenset((u, v))] for u, v in zip(chain, chain[1:]))
    return sides


def side_of_line(geo: MapGeometry, points: list, hex_id: str) -> str:
    """``west`` or ``east``: on which side of a north-to-south lat/lon polyline a hex lies (the
    line is carried on straight north and south of its ends)."""
    xy = geo.line_xy(points)
    x, y = geo.center[hex_id]
    if y <= xy[0][1]:
        lx = xy[0][0]
    elif y >= xy[-1][1]:
        lx = xy[-1][0]
    else:
        for (x1, y1), (x2, y2) in zip(xy, xy[1:]):
            if y1 <= y <= y2 and y2 > y1:
                lx = x1 + (x2 - x1) * (y - y1) / (y2 - y1)
                break
        else:
            raise SpecError(f"the line {points[0]}...{points[-1]} does not run from north to south")
    return "west" if x < lx else "east"


def edge_exits(geo: MapGeometry, chains: list[list[str]], edge: str) -> list[str]:
    """Hexes of a map edge where a road or railway chain leaves the map."""
    on_edge = set(geo.grid.edge_ids(edge))
    return sorted({c[i] for c in chains for i in (0, -1) if c[i] in on_edge})

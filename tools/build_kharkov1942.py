"""Build ``scenarios/kharkov-1942.yaml`` from its map spec, the gazetteer and the order of battle.

    .venv/bin/python tools/build_kharkov1942.py            # write scenarios/kharkov-1942.yaml
    .venv/bin/python tools/build_kharkov1942.py --check    # exit 1 if the committed file differs
    .venv/bin/python tools/build_kharkov1942.py --out F    # write somewhere else
    .venv/bin/python tools/build_kharkov1942.py --report   # also print the figures the docs quote

Inputs (plain YAML, edited by hand):

- ``tools/maps/kharkov-1942.yaml``: the map spec (grid, projection, terrain and river types), built
  by the shared map builder ``tools/mapbuilder.py``;
- ``tools/gazetteer/kharkov-1942.yaml``: real-world geography in WGS84 lat/lon (towns, rivers,
  roads, railways, forests);
- ``tools/kharkov1942_oob.yaml``: the reconstruction decisions that are not geography (which
  towns are City hexes and their garrisons, the 12 May 1942 front line and the North-South Sector
  Line as lat/lon waypoints, local adjustments) and the whole order of battle, set-up,
  reinforcement schedule, turn record and tables; the victory levels and awards are the rule
  system's defaults (``kharkovsuite.rules.victory_defaults``).

Nothing here runs at play time.  The output depends only on the inputs: every collection is
walked in a sorted or file order and every coordinate is rounded, so the same inputs give the
same bytes.  Why each value is what it is: ``docs/reconstruction/kharkov-1942.md``.
"""
from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import networkx as nx
from shapely.geometry import Point, Polygon

ROOT = Path(__file__).resolve().parent.parent
for _p in (ROOT, ROOT / "tools"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

from kharkovsuite.rules import victory_defaults  # noqa: E402
from kharkovsuite.scenario import Scenario, dumps_scenario, save_scenario  # noqa: E402
from mapbuilder import (  # noqa: E402
    MapGeometry,
    _r,
    build_base,
    disk_coverage,
    load_spec,
    load_yaml,
    spec_gazetteer,
)

SPEC = ROOT / "tools" / "maps" / "kharkov-1942.yaml"
OOB = ROOT / "tools" / "kharkov1942_oob.yaml"
OUTPUT = ROOT / "scenarios" / "kharkov-1942.yaml"


def load_inputs(spec_path: Path = SPEC, oob: Path = OOB) -> tuple[dict, dict, dict]:
    """(map spec, gazetteer, scenario data)."""
    spec = load_spec(spec_path)
    return spec, spec_gazetteer(spec), load_yaml(oob)


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


def build_map(spec: dict, gaz: dict, data: dict) -> MapBuild:
    base = build_base(spec, gaz)
    geo, town_hex, hexsides, chains = base.geo, base.town_hex, base.hexsides, base.river_chains
    m = data["map"]
    towns = {t["id"]: t for t in gaz["towns"]}

    terrain: dict[str, str] = {}
    for h in sorted(base.forest):
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

    roads, rails = base.roads, base.railroads

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
        "grid": dict(spec["grid"]),
        "terrain_types": spec["terrain"]["types"],
        "default_terrain": "clear",
        "terrain": dict(sorted(terrain.items())),
        "hexside_types": spec["hexside_types"],
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


def build(spec_path: Path = SPEC, oob: Path = OOB) -> Build:
    from kharkovsuite.map import GameMap
    from kharkovsuite.scenario.model import MapModel

    spec, gaz, data = load_inputs(spec_path, oob)
    mb = build_map(spec, gaz, data)
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
            "victory": victory_defaults(s["rules"]),
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
    _, gaz, _ = load_inputs()
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

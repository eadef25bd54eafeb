"""Build a map file from a map spec (``tools/maps/<map>.yaml``) and its gazetteers.

    .venv/bin/python tools/build_map.py tools/maps/kharkov-1943.yaml           # write the spec's output
    .venv/bin/python tools/build_map.py tools/maps/kharkov-1943.yaml --check   # exit 1 if it differs
    .venv/bin/python tools/build_map.py tools/maps/kharkov-1943.yaml --report  # also print figures

The map file holds one ``map`` section in the scenario format (``kharkovsuite.scenario.MapModel``),
so a future scenario can take it over whole.  Terrain comes from the gazetteers' forests and
terrain areas and from the towns (a major city may cover several hexes), rivers lie on hexsides
with a bridge wherever a road or railway crosses one, and the spec's areas name rows or edges.
A spec with ``features`` (Kirovograd) instead runs its rivers and balkas through hexes and adds
hills, an orchard, fortified hexsides, rear sites, bridges, entry hexes and set-up areas
(``hex_features``).
Scenario builders that add a rule system's data (``tools/build_kharkov1942.py``) use the same
``mapbuilder`` pieces.  Nothing here runs at play time.
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for _p in (ROOT, ROOT / "tools"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

import yaml  # noqa: E402
from pydantic import ValidationError  # noqa: E402

from kharkovsuite.map import GameMap  # noqa: E402
from kharkovsuite.scenario.model import MapModel  # noqa: E402
from kharkovsuite.scenario.yamlio import dump, line_of, load_with_lines  # noqa: E402
from mapbuilder import (  # noqa: E402
    BaseMap,
    SpecError,
    area_hexes,
    build_base,
    crossed_hexsides,
    disk_coverage,
    edge_exits,
    line_hexes,
    line_hexsides,
    load_spec,
    make_grid,
    point_hexes,
    side_of_line,
)
from shapely.geometry import LineString, Point  # noqa: E402

MAP_FORMAT = "kharkovsuite-map/1"
SETTLEMENT_ORDER = ("major_city", "minor_city", "town")


def settlements(base: BaseMap) -> tuple[dict[str, str], dict[str, dict], dict[str, dict]]:
    """(hex -> terrain, cities, places) from the gazetteer towns that fall on the map.

    Bigger places first: a major city takes its centre hex and every hex its built-up disk
    covers by ``city_share``; a town or village takes its centre hex if no bigger place has it.
    A town whose hex is taken is still named there, as a place."""
    spec = base.spec["terrain"]
    kinds = spec["settlements"]
    terrain: dict[str, str] = {}
    cities: dict[str, dict] = {}
    places: dict[str, dict] = {}
    towns = sorted(base.gaz["towns"], key=lambda t: SETTLEMENT_ORDER.index(t["kind"]))
    for t in towns:
        h = base.town_hex[t["id"]]
        if h is None:
            continue
        if h in terrain:
            places[t["id"]] = {"name": t["name"], "hex": h}
            continue
        hexes = [h]
        if t["kind"] == "major_city":
            cover = disk_coverage(base.geo, t["lat"], t["lon"], t["radius_km"])
            hexes += sorted(x for x, share in cover.items() if share >= spec["city_share"] and x != h and x not in terrain)
        for x in hexes:
            terrain[x] = kinds[t["kind"]]
        if kinds[t["kind"]] in ("city", "town"):
            cities[t["id"]] = {"name": t["name"], "kind": kinds[t["kind"]], "hexes": hexes, "label_hex": h}
        else:
            places[t["id"]] = {"name": t["name"], "hex": h}
    return terrain, cities, places


def spec_areas(base: BaseMap) -> dict[str, dict]:
    """The spec's named areas: a band of hexrows (``rows: [first, last]``) or a map edge."""
    grid = base.geo.grid
    out = {}
    for aid, a in (base.spec.get("areas") or {}).items():
        if "rows" in a:
            first, last = a["rows"]
            hexes = [h for h in base.geo.ids if first <= grid.row_col(h)[0] <= last]
        elif "edge" in a:
            hexes = grid.edge_ids(a["edge"])
        else:
            raise SpecError(f"{base.spec['_path']}: area {aid!r} needs 'rows' or 'edge'")
        area = {"name": a["name"], "kind": a.get("kind", "zone"), "hexes": sorted(hexes)}
        if "side" in a:
            area["side"] = a["side"]
        out[aid] = area
    return out


def build_section(spec: dict) -> tuple[dict, BaseMap]:
    base = build_base(spec)
    t = spec["terrain"]
    terrain = {h: t.get("forest", "forest") for h in base.forest}
    for cls, rule in (t.get("areas") or {}).items():
        polygons = [a["polygon"] for a in base.gaz.get("areas", []) if a["class"] == cls]
        for h in area_hexes(base.geo, polygons, rule["share"]):
            terrain[h] = rule["terrain"]
    town_terrain, cities, places = settlements(base)
    terrain.update(town_terrain)
    hexsides = {k: list(v) for k, v in base.hexsides.items()}
    if spec.get("bridge"):
        for side in crossed_hexsides(base.roads + base.railroads, hexsides, base.geo.grid):
            hexsides[side].append(spec["bridge"])
    if spec.get("features"):
        hex_features(spec["features"], base, terrain, hexsides, areas := {}, lines := {})
    else:
        areas, lines = {}, {}
    section = {
        "grid": dict(spec["grid"]),
        "terrain_types": t["types"],
        "default_terrain": t["default"],
        "terrain": dict(sorted(terrain.items())),
        "hexside_types": spec["hexside_types"],
        "hexsides": {k: hexsides[k] for k in sorted(hexsides)},
        "roads": base.roads,
        "railroads": base.railroads,
        "cities": cities,
        "places": dict(sorted(places.items())),
        "lines": lines,
        "areas": {**spec_areas(base), **areas},
    }
    return section, base


def hex_features(f: dict, base: BaseMap, terrain: dict, hexsides: dict, areas: dict, lines: dict) -> None:
    """Features of a map whose rivers and ravines run through hexes (Kirovograd 10.0): each river
    and balka an area of hexes (and each river a drawn line), hills and orchards as terrain under
    the towns, fortified lines on hexsides, rear sites, road crossings of rivers (bridges), the
    hexes where roads and railways leave each edge, and the set-up areas along a start line."""
    geo, gaz = base.geo, base.gaz
    towns = {h for h, t in terrain.items() if t in base.spec["terrain"]["settlements"].values()}

    def put(h: str, kind: str) -> None:
        if h not in towns:
            terrain[h] = kind

    for h in sorted(area_hexes(geo, [o["polygon"] for o in gaz.get("orchards", [])], base.spec["terrain"]["forest_share"])):
        put(h, f["orchard"])
    for h in point_hexes(geo, gaz.get("hills", [])).values():
        put(h, f["hill"])
    river_hexes: set[str] = set()
    for r in gaz["rivers"]:
        hexes = [h for line in r["lines"] for h in line_hexes(geo, line)]
        if not hexes:
            continue
        river_hexes.update(hexes)
        areas[f"river-{r['id']}"] = {"name": r["name"], "kind": "river", "hexes": sorted(set(hexes)), "color": f["river_color"]}
        for i, line in enumerate(r["lines"]):
            part = _longest_inside(geo, geo.line_xy(line))
            if part is not None:
                key = f"river-{r['id']}" + (f"-{i}" if i else "")
                lines[key] = {"name": r["name"], "points": _rounded(part.simplify(0.05)), "color": f["river_line"]}
    for b in gaz.get("balkas", []):
        hexes = line_hexes(geo, b["line"])
        if hexes:
            areas[f"balka-{b['id']}"] = {"name": b["name"], "kind": "balka", "hexes": sorted(set(hexes)), "color": f["balka_color"]}
    for fl in gaz.get("fortified_lines", []):
        for side in line_hexsides(geo, fl["points"]):
            hexsides.setdefault(side, [])
            if f["fortified"] not in hexsides[side]:
                hexsides[side].append(f["fortified"])
    sites = {s["id"]: s for s in gaz.get("sites", [])}
    for sid, h in sorted(point_hexes(geo, gaz.get("sites", [])).items()):
        areas[sid] = {"name": sites[sid]["name"], "kind": sites[sid]["kind"], "side": f["sites_side"], "hexes": [h]}
    areas["bridges"] = {"name": "Road bridges over the rivers (10.1D)", "kind": "bridge", "hexes": river_crossings(geo, gaz, river_hexes)}
    for edge, side in f["entries"].items():
        areas[f"entry-{edge}"] = {
            "name": f"Roads and railways leaving the {edge} edge", "kind": "entry", "side": side,
            "hexes": edge_exits(geo, base.roads + base.railroads, edge),
        }
    setup = f.get("setup")
    if setup:
        start = setup["line"]
        if any(b[0] > a[0] for a, b in zip(start, start[1:])):
            raise SpecError(f"{base.spec['_path']}: features.setup.line must run from north to south (its latitudes must fall)")
        xy = LineString(geo.line_xy(start))
        lines["start-line"] = {
            "name": setup["name"], "points": _rounded(_longest_inside(geo, list(xy.coords))),
            "sides": {"left": "soviet", "right": "german"}, "color": setup["color"], "style": "dash",
        }
        sides = {"german": "west", "soviet": "east"}
        for zid, z in setup["zones"].items():
            hexes = []
            for h in geo.ids:
                lat, _lon = geo.proj.latlon(*geo.center[h])
                if not z["south"] <= lat < z["north"] or side_of_line(geo, start, h) != sides[z["side"]]:
                    continue
                if xy.distance(Point(geo.center[h])) <= z["depth"] * 1.7320508:
                    hexes.append(h)
            areas[f"setup-{zid}"] = {"name": z["name"], "kind": "setup", "side": z["side"], "hexes": sorted(hexes)}


def river_crossings(geo, gaz: dict, river_hexes: set[str]) -> list[str]:
    """River hexes where a road crosses its river (the road's line meets the river's there); a road
    that only runs along a valley has no bridge on the way."""
    rivers = [LineString(geo.line_xy(line)) for r in gaz["rivers"] for line in r["lines"]]
    out = set()
    for road in gaz["roads"]:
        line = LineString(geo.line_xy(road["points"]))
        for river in rivers:
            meet = line.intersection(river)
            for g in getattr(meet, "geoms", [meet]):
                if g.is_empty:
                    continue
                for x, y in g.coords:
                    h = geo.hex_at(x, y)
                    if h in river_hexes:
                        out.add(h)
    return sorted(out)


def _longest_inside(geo, xy: list) -> LineString | None:
    """The longest stretch of a map-unit polyline that lies on the map (for drawn lines)."""
    clipped = LineString(xy).intersection(geo.area)
    parts = [g for g in getattr(clipped, "geoms", [clipped]) if not g.is_empty and g.geom_type == "LineString"]
    return max(parts, key=lambda g: g.length) if parts else None


def _rounded(line: LineString) -> list[tuple[float, float]]:
    return [(round(x, 3) + 0.0, round(y, 3) + 0.0) for x, y in line.coords]


def map_document(spec: dict, section: dict) -> dict:
    model = MapModel.model_validate(section)
    return {
        "format": MAP_FORMAT,
        "id": spec["id"],
        "title": spec["title"],
        "description": spec.get("description", ""),
        "map": model.model_dump(mode="json", exclude_defaults=True),
    }


def load_map(path: Path) -> tuple[dict, GameMap]:
    """A map file: (its document, a GameMap of its section).  Bad content is a SpecError whose
    message gives the file and line of each problem."""
    try:
        doc, lines, _dups = load_with_lines(Path(path).read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise SpecError(f"{path}: not YAML: {exc}") from None
    if not isinstance(doc, dict) or doc.get("format") != MAP_FORMAT or not isinstance(doc.get("map"), dict):
        raise SpecError(f"{path}:1: not a map file (format {MAP_FORMAT!r} and a 'map' section expected)")
    try:
        model = MapModel.model_validate(doc["map"])
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            loc = ("map",) + tuple(err["loc"])
            line = line_of(lines, loc) or 1
            problems.append(f"{path}:{line}: {'.'.join(str(k) for k in loc)}: {err['msg']}")
        raise SpecError("\n".join(problems)) from None
    return doc, GameMap(model, make_grid(model.grid.model_dump()))


def report(section: dict, base: BaseMap) -> str:
    terrain = Counter(section["terrain"].values())
    features = Counter(f for fs in section["hexsides"].values() for f in fs)
    roads = {h for c in section["roads"] for h in c}
    rails = {h for c in section["railroads"] for h in c}
    grid = section["grid"]
    lines = [
        f"grid: {grid['columns']} columns x {grid['rows']} rows = {grid['columns'] * grid['rows']} hexes",
        f"terrain: {dict(sorted(terrain.items()))}",
        f"hexsides: {len(section['hexsides'])} {dict(sorted(features.items()))}",
        f"roads: {len(section['roads'])} chains, {len(roads)} hexes; railways: {len(section['railroads'])} chains, {len(rails)} hexes",
        f"cities: {len(section['cities'])}, places: {len(section['places'])}",
    ]
    for cid, c in section["cities"].items():
        if c["kind"] == "city":
            lines.append(f"  {cid}: {c['hexes']}")
    minx, miny, maxx, maxy = base.geo.area.bounds
    (n, w), (s, e) = base.geo.proj.latlon(minx, miny), base.geo.proj.latlon(maxx, maxy)
    lines.append(f"extent: {s:.2f}-{n:.2f} N, {w:.2f}-{e:.2f} E")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build a map file from a map spec and its gazetteers.")
    parser.add_argument("spec", type=Path, help="a map spec, e.g. tools/maps/kharkov-1943.yaml")
    parser.add_argument("--out", type=Path, help="where to write (default: the spec's output)")
    parser.add_argument("--check", action="store_true", help="do not write; exit 1 if the output file differs")
    parser.add_argument("--report", action="store_true", help="also print the figures the docs quote")
    args = parser.parse_args(argv)
    try:
        spec = load_spec(args.spec)
        if "output" not in spec and args.out is None:
            raise SpecError(f"{args.spec}: the spec names no output; give --out")
        out = args.out or ROOT / spec["output"]
        section, base = build_section(spec)
        text = dump(map_document(spec, section))
    except (SpecError, OSError, yaml.YAMLError) as exc:
        print(exc, file=sys.stderr)
        return 1
    except KeyError as exc:
        print(f"{args.spec}: the spec has no {exc} where the builder needs one", file=sys.stderr)
        return 1
    except ValidationError as exc:
        print(f"{args.spec}: the built map section is not valid: {exc}", file=sys.stderr)
        return 1
    if args.check:
        current = out.read_text(encoding="utf-8") if out.exists() else ""
        if current != text:
            print(f"{out} is out of date: run tools/build_map.py {args.spec}", file=sys.stderr)
            return 1
        print(f"{out} is up to date")
        return 0
    if args.report:
        print(report(section, base))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Build a map file from a map spec (``tools/maps/<map>.yaml``) and its gazetteers.

    .venv/bin/python tools/build_map.py tools/maps/kharkov-1943.yaml           # write the spec's output
    .venv/bin/python tools/build_map.py tools/maps/kharkov-1943.yaml --check   # exit 1 if it differs
    .venv/bin/python tools/build_map.py tools/maps/kharkov-1943.yaml --report  # also print figures

The map file holds one ``map`` section in the scenario format (``kharkovsuite.scenario.MapModel``),
so a future scenario can take it over whole.  Terrain comes from the gazetteers' forests and
terrain areas and from the towns (a major city may cover several hexes), rivers lie on hexsides
with a bridge wherever a road or railway crosses one, and the spec's areas name rows or edges.
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
    load_spec,
    make_grid,
)

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
    terrain = {h: "forest" for h in base.forest}
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
        "lines": {},
        "areas": spec_areas(base),
    }
    return section, base


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

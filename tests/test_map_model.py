"""The map model: terrain, hexsides, road and rail graphs, cities, areas and line sides."""
from pathlib import Path

import pytest

from kharkovsuite.map import GameMap
from kharkovsuite.scenario import load_scenario

SMALL = Path(__file__).parent / "data" / "small.yaml"


@pytest.fixture(scope="module")
def gmap() -> GameMap:
    return GameMap.from_scenario(load_scenario(SMALL))


def test_terrain_defaults_and_overrides(gmap):
    assert gmap.terrain("0203") == "forest"
    assert gmap.terrain("0101") == "clear"


def test_hexside_features_are_shared_by_both_hexes(gmap):
    assert gmap.hexside_features("0306", "0406") == {"minor_river"}
    assert gmap.hexside_features("0406", "0306") == {"minor_river"}
    assert gmap.hexside_features("0306", "0305") == frozenset()


def test_the_hexsides_with_a_feature_are_those_hexside_features_finds_it_on():
    """GameMap.hexsides_with (the kharkov1942 Donets crossings read it): every hexside of the map whose features hold
    the feature, each once, as its id writes it; none other."""
    gmap = GameMap.from_scenario(load_scenario(Path(__file__).resolve().parent.parent / "scenarios" / "kharkov-1942.yaml"))
    for feature in {f for fs in gmap.model.hexsides.values() for f in fs}:
        scanned = {tuple(sorted((a, b))) for a in gmap.hex_ids for b in gmap.neighbors(a) if feature in gmap.hexside_features(a, b)}
        found = gmap.hexsides_with(feature)
        assert len(found) == len(set(found)) and set(found) == scanned, feature
    assert gmap.hexsides_with("no such feature") == []


def test_roads_and_rails_are_graphs_on_hex_ids(gmap):
    assert gmap.road_between("0403", "0404")
    assert not gmap.road_between("0403", "0405")
    assert list(gmap.rails.neighbors("0502")) == ["0501", "0503"]


def test_city_and_garrison(gmap):
    spot = gmap.city_at("0405")
    assert spot.id == "town" and spot.city.vp == 10
    assert gmap.garrison("0405") == 1 and gmap.garrison("0404") == 0


def test_areas_of_a_hex(gmap):
    assert gmap.areas_of("0201") == ["east_edge"]
    assert gmap.area_hexes("east_edge") == {"0101", "0201", "0301"}


def test_line_sides_split_the_map(gmap):
    front = gmap.lines["front"]
    # The line runs north to south; walking south, the left hand is east: columns grow westward.
    assert front.side("0101") == "soviet"
    assert front.side("0110") == "axis"
    sides = {front.side(h) for h in gmap.hex_ids}
    assert sides == {"soviet", "axis"}


def test_hexes_adjacent_to_the_line_have_a_neighbour_across(gmap):
    front = gmap.lines["front"]
    soviet = front.hexes_between("1", "2", "soviet")
    axis = front.hexes_between("1", "2", "axis")
    assert soviet and axis
    for h in soviet:
        assert any(front.side(n) == "axis" for n in gmap.neighbors(h))
    assert all(front.side(h) == "axis" for h in axis)


def test_edges(gmap):
    assert "0101" in gmap.edge("east") and "0110" in gmap.edge("west")
    assert "0105" in gmap.edge("north") and "0805" in gmap.edge("south")

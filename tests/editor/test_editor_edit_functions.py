"""The pure edit functions behind the editor's undo commands (no Qt)."""
import pytest

from kharkovsuite.map import GameMap
from kharkovsuite.scenario import dumps_scenario, loads_scenario
from kharkovsuite.scenario import edit as E
from kharkovsuite.scenario.model import City, GridModel, NamedLine, Place


def test_set_in_copies_only_the_path_and_leaves_the_input_alone(small):
    before = dumps_scenario(small)
    after = E.set_in(small, ("map", "terrain", "0101"), "forest")
    assert dumps_scenario(small) == before
    assert after.map.terrain["0101"] == "forest"
    assert after.units is small.units and after.map.hexsides is small.map.hexsides
    assert after.map is not small.map


def test_new_keys_keep_a_sorted_mapping_sorted_and_append_otherwise():
    assert list(E.with_key({"a": 1, "c": 3}, "b", 2)) == ["a", "b", "c"]
    assert list(E.with_key({"c": 3, "a": 1}, "b", 2)) == ["c", "a", "b"]


def test_paint_terrain_stores_only_non_default_hexes(small):
    s = E.paint_terrain(small, {"0101": "forest", "0203": "clear"})
    assert s.map.terrain["0101"] == "forest"
    assert "0203" not in s.map.terrain
    with pytest.raises(E.EditError, match="unknown terrain type"):
        E.paint_terrain(small, {"0101": "swamp"})
    with pytest.raises(E.EditError, match="off the map"):
        E.paint_terrain(small, {"0199": "forest"})


def test_flood_fill_fills_the_contiguous_region_only(small):
    # 0203 and 0204 are the two forest hexes of small.yaml; they touch.
    assert E.flood_region(small, "0203") == ["0203", "0204"]
    s = E.flood_fill(small, "0203", "major_city")
    assert s.map.terrain["0203"] == s.map.terrain["0204"] == "major_city"
    clear = E.flood_region(small, "0101")
    assert "0203" not in clear and len(clear) == 80 - 3


def test_toggle_hexside_adds_then_removes(small):
    s = E.toggle_hexside(small, "0101", "0102", "major_river")
    assert s.map.hexsides["0101/0102"] == ["major_river"]
    assert "0101/0102" not in E.toggle_hexside(s, "0102", "0101", "major_river").map.hexsides
    with pytest.raises(E.EditError, match="not adjacent"):
        E.toggle_hexside(small, "0101", "0105", "major_river")


def test_road_segments_grow_chains_and_refuse_jumps(small):
    s = E.add_segment(small, "roads", "0405", "0406")
    assert s.map.roads == [["0401", "0402", "0403", "0404", "0405", "0406"]]
    s = E.add_segment(s, "roads", "0101", "0102")
    assert s.map.roads[-1] == ["0101", "0102"]
    with pytest.raises(E.EditError, match="not adjacent"):
        E.add_segment(s, "roads", "0102", "0104")
    with pytest.raises(E.EditError, match="already"):
        E.add_segment(s, "roads", "0402", "0401")
    assert GameMap.from_scenario(s).road_between("0405", "0406")


def test_removing_a_segment_splits_the_chain(small):
    s = E.remove_segment(small, "roads", "0402", "0403")
    assert s.map.roads == [["0401", "0402"], ["0403", "0404", "0405"]]
    s = E.remove_segment(s, "roads", "0401", "0402")
    assert s.map.roads == [["0403", "0404", "0405"]]
    with pytest.raises(E.EditError, match="no road"):
        E.remove_segment(s, "roads", "0401", "0402")


def test_city_hexes_and_garrisons(small):
    s = E.toggle_city_hex(small, "town", "0404")
    assert s.map.cities["town"].hexes == ["0405", "0404"]
    s = E.set_garrison(s, "town", "0404", 2)
    assert s.map.cities["town"].garrison == {"0404": 2, "0405": 1}
    s = E.toggle_city_hex(s, "town", "0404")
    assert s.map.cities["town"].hexes == ["0405"] and "0404" not in s.map.cities["town"].garrison
    other = E.set_city(s, "village", City(name="Selo", hexes=["0707"]))
    moved = E.toggle_city_hex(other, "village", "0405")
    assert moved.map.cities["town"].hexes == [] and "0405" in moved.map.cities["village"].hexes


def test_areas_gain_and_lose_hexes(small):
    s = E.paint_area(small, "east_edge", ["0401", "0101"])
    assert s.map.areas["east_edge"].hexes == ["0101", "0201", "0301", "0401"]
    s = E.paint_area(s, "east_edge", ["0201"], add=False)
    assert s.map.areas["east_edge"].hexes == ["0101", "0301", "0401"]


def test_placing_moving_and_removing_units(small):
    s = E.place_unit(small, "ge-1", "0506")
    assert [p.hex for p in s.setup.placements if p.unit == "ge-1"] == ["0506"]
    assert len(s.setup.placements) == len(small.setup.placements)
    s = E.place_unit(s, "ge-1", box="reserve_box")
    assert E.units_at(s, "0506") == []
    with pytest.raises(E.EditError, match="reinforcement"):
        E.place_unit(small, "su-2", "0101")
    s = E.remove_placement(small, "su-1")
    assert E.placement_index(s, "su-1") is None


def test_renaming_a_unit_follows_every_reference(small):
    s = E.rename_unit(small, "su-2", "su-9")
    assert s.reinforcements[0].units == ["su-9"]
    s = E.rename_unit(s, "su-1", "su-8")
    assert s.setup.zones[0].units == ["su-8"] and E.placement_index(s, "su-8") is not None
    loads_scenario(dumps_scenario(s))
    with pytest.raises(E.EditError, match="taken"):
        E.rename_unit(s, "su-8", "ge-1")


def test_removing_a_unit_removes_its_references(small):
    s = E.remove_unit(small, "su-2")
    assert s.reinforcements == []
    loads_scenario(dumps_scenario(s))


def test_resize_drops_what_leaves_the_map_and_keeps_lines_on_their_hexes(small):
    # Columns grow west in small.yaml, so fewer columns cut the west side (columns 07-10).
    before = GameMap.from_scenario(small)
    s, dropped = E.resize_map(small, 8, 6)
    assert s.map.grid.columns == 6
    assert "0707" not in {p.hex for p in s.map.places.values()}
    assert any("Selo" in d for d in dropped)
    after = GameMap.from_scenario(s)
    for h in ("0101", "0405"):
        assert after.lines["front"].side(h) == before.lines["front"].side(h)
    loads_scenario(dumps_scenario(s))
    s2, dropped2 = E.resize_map(small, 8, 12)
    assert dropped2 == []
    assert GameMap.from_scenario(s2).lines["front"].side("0101") == "soviet"
    with pytest.raises(E.EditError):
        E.resize_map(small, 0, 5)


def test_resize_reports_roads_and_placements(small):
    s, dropped = E.resize_map(small, 3, 10)
    assert s.map.roads == []  # the road runs along row 04
    assert s.map.railroads == []
    assert any("placement of ge-1" in d for d in dropped)
    assert any(d.startswith("road") for d in dropped)
    assert "town" not in s.map.cities


def test_snap_to_corner_lands_on_a_hex_corner(small):
    gmap = GameMap.from_scenario(small)
    corner = gmap.layout.corners(gmap.grid.hex_of("0304"))[2]
    x, y = E.snap_to_corner(small, corner[0] + 0.1, corner[1] - 0.05)
    assert (x, y) == pytest.approx(corner, abs=1e-3)


def test_blank_scenario_is_valid():
    s = E.blank_scenario("kharkov1942", GridModel(orientation="flat", columns=5, rows=4))
    assert loads_scenario(dumps_scenario(s)) == s


def test_line_and_area_setters(small):
    s = E.set_line(small, "sector", NamedLine(name="Sector", points=[(1.0, 1.0), (5.0, 5.0)]))
    assert "sector" in s.map.lines
    assert "front" not in E.set_line(s, "front", None).map.lines


def test_places_stay_on_the_map(small):
    s = E.set_place(small, "station", Place(name="Station", hex="0202"))
    assert s.map.places["station"].hex == "0202"
    with pytest.raises(E.EditError, match="off the map"):
        E.set_place(small, "station", Place(name="Station", hex="0999"))
    assert "village" not in E.set_place(small, "village", None).map.places


def test_cities_stay_on_the_map(small):
    town = small.map.cities["town"]
    with pytest.raises(E.EditError, match="off the map"):
        E.set_city(small, "town", town.model_copy(update={"label_hex": "0999"}))
    assert E.set_city(small, "town", town.model_copy(update={"label_hex": "0406"})).map.cities["town"].label_hex == "0406"

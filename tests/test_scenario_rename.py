"""Renaming sides, areas, lines, unit types, formations, pools and units keeps every reference."""
from pathlib import Path

import pytest

from kharkovsuite.scenario import dumps_scenario, load_scenario, loads_scenario
from kharkovsuite.scenario import edit as E
from kharkovsuite.scenario.checks import check_scenario

ROOT = Path(__file__).resolve().parent.parent
SMALL = ROOT / "tests" / "data" / "small.yaml"
KHARKOV = ROOT / "scenarios" / "kharkov-1942.yaml"


@pytest.fixture(scope="module")
def small():
    return load_scenario(SMALL)


@pytest.fixture(scope="module")
def kharkov():
    return load_scenario(KHARKOV)


def _valid(s):
    assert check_scenario(s) == []
    return loads_scenario(dumps_scenario(s))


def test_renaming_a_side_follows_every_field_that_names_it(small):
    s = E.rename(small, "side", "soviet", "red")
    _valid(s)
    assert list(s.sides) == ["axis", "red"]
    assert s.map.areas["east_edge"].side == "red" and s.map.areas["reserve_box"].side == "red"
    assert s.unit_types["rifle"].side == "red"
    assert s.setup.zones[0].side == "red"
    assert s.reinforcements[0].side == "red"
    assert [list(t.air_points) for t in s.turns] == [["red", "axis"], ["red", "axis"]]
    assert s.victory.awards["city_hex"].side == "red"
    assert s.map.lines["front"].sides == {"left": "red", "right": "axis"}
    text = dumps_scenario(s)
    assert "side: soviet" not in text and "left: soviet" not in text and "soviet: 1" not in text


def test_renaming_an_area_follows_the_schedule_and_the_boxes(small):
    s = E.place_unit(small, "ge-1", box="reserve_box")
    s = E.rename(s, "area", "reserve_box", "reserve")
    s = E.rename(s, "area", "east_edge", "east")
    _valid(s)
    assert list(s.map.areas) == ["east", "reserve"]
    assert s.reinforcements[0].entry == "east"
    assert s.setup.placements[E.placement_index(s, "ge-1")].box == "reserve"


def test_renaming_a_line_follows_the_set_up_zones(small):
    s = E.rename(small, "line", "front", "front_may")
    _valid(s)
    assert s.setup.zones[0].line == "front_may" and list(s.map.lines) == ["front_may"]


def test_renaming_a_unit_type_and_a_pool(small):
    s = E.rename(small, "unit type", "rifle", "rifle_div")
    s = E.rename(s, "untried pool", "rifle", "rifle_pool")
    _valid(s)
    assert [u.type for u in s.units] == ["ge_inf", "rifle_div", "rifle_div"]
    assert s.unit_types["rifle_div"].untried_pool == "rifle_pool"


def test_renaming_terrain_and_hexside_types_follows_the_map_and_the_effects(small):
    s = E.rename(small, "terrain type", "clear", "steppe")
    s = E.rename(s, "hexside type", "minor_river", "stream")
    _valid(s)
    assert s.map.default_terrain == "steppe" and list(s.terrain_effects.terrain)[0] == "steppe"
    assert s.map.hexsides["0306/0406"] == ["stream"] and "stream" in s.terrain_effects.hexsides


def test_a_rename_leaves_its_input_alone_and_keeps_the_order_of_mappings(small):
    before = dumps_scenario(small)
    s = E.rename(small, "side", "axis", "german")
    assert dumps_scenario(small) == before
    assert list(s.sides) == ["german", "soviet"]
    assert E.rename(s, "side", "german", "axis") == small


def test_a_rename_and_its_reverse_give_the_kharkov_file_back_byte_for_byte(kharkov):
    text = KHARKOV.read_text(encoding="utf-8")
    for kind, old in (("side", "soviet"), ("area", "east_edge"), ("line", "front"), ("formation", "ge-3pz"), ("untried pool", "rifle"), ("unit type", "ge-inf")):
        renamed = E.rename(kharkov, kind, old, "renamed")
        assert E.references(renamed, kind, "renamed"), f"{kind} {old} has references in the 1942 scenario"
        assert check_scenario(renamed) == [], kind
        assert dumps_scenario(E.rename(renamed, kind, "renamed", old)) == text, kind


def test_references_come_from_the_validator(kharkov):
    """Every unit of a formation is found, and nothing else."""
    paths = E.references(kharkov, "formation", "ge-3pz")
    assert paths == [("units", i, "formation") for i, u in enumerate(kharkov.units) if u.formation == "ge-3pz"]


def test_bad_renames_are_refused(small):
    with pytest.raises(E.EditError, match="taken"):
        E.rename(small, "side", "soviet", "axis")
    with pytest.raises(E.EditError, match="without spaces"):
        E.rename(small, "area", "east_edge", "east edge")
    with pytest.raises(E.EditError, match="unknown line"):
        E.rename(small, "line", "sector", "x")
    with pytest.raises(E.EditError, match="cannot rename"):
        E.rename(small, "table", "crt", "x")
    assert E.rename(small, "side", "axis", "axis") is small


def test_what_other_parts_name_is_not_removed(small):
    with pytest.raises(E.EditError, match=r"area 'east_edge' is still named at reinforcements\[0\]\.entry; change those first"):
        E.remove_unused(small, "area", "east_edge")
    with pytest.raises(E.EditError, match="and 11 more places"):
        E.remove_unused(small, "side", "soviet")
    s = E.remove_unused(small, "area", "reserve_box")
    assert list(s.map.areas) == ["east_edge"] and "reserve_box" in small.map.areas
    _valid(s)

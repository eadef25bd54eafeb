"""Victory (17.0) with real supply: 17.12 city control, 17.23 Kharkov cut off or held, 17.24
holes in the Axis front, 17.3 Soviet units out of supply counted eliminated, the live breakdown."""
from __future__ import annotations

from pathlib import Path

from k42_helpers import OFF, position

from kharkovsuite.engine import new_game
from kharkovsuite.rules.kharkov1942 import sequence, victory

K42_FULL = Path(__file__).resolve().parents[3] / "scenarios" / "kharkov-1942.yaml"
AXIS_LINE = {"ge-1": "0107", "ge-2": "0307", "ge-3": "0507", "ge-4": "0707", "ge-5": "0907"}


def turn_points(state, case):
    events = []
    victory.turn_end(state, events)
    return sum(e.vp for e in events if e.case == case)


# ----------------------------------------------------------------------------- 17.24


def test_17_24_a_continuous_axis_line_gives_no_points():
    state = position(dict(AXIS_LINE), phase="axis-air-supply")
    status = victory.front_status(state)
    assert status["continuous"] and status["hole"] == []
    assert turn_points(state, "17.24") == 0


def test_17_24_a_gap_in_the_axis_line_gives_two_points_and_a_hole_path():
    line = dict(AXIS_LINE)
    del line["ge-3"]  # rows 04 and 06 covered, row 05 open
    state = position(line, phase="axis-air-supply")
    status = victory.front_status(state)
    assert not status["continuous"]
    hole = status["hole"]
    assert hole[0].endswith("01") and hole[-1].endswith("10")  # east edge -> west edge
    assert any(h.startswith("05") for h in hole)
    assert turn_points(state, "17.24") == 2


# ----------------------------------------------------------------------------- 17.23


def full_position(placements, garrisons=True):
    state = new_game(str(K42_FULL), 0)
    for uid, rec in state.units.items():
        if rec.hex is not None:
            state.to_box(uid, OFF)
    for uid, hex_id in placements.items():
        state.place(uid, hex_id)
    if not garrisons:
        state.game["garrisons"] = {}
    state.cache.clear()
    sequence.go_to(state, "axis-air-supply", 1)
    return state


def soviet_units(state, n: int) -> list[str]:
    units = [u for u in state.board.side_units["soviet"] if not state.board.is_hq(u) and not state.board.has_flag(u, "reserve_counter")]
    return units[:n]


def test_17_23_roads_from_kharkov_are_found_on_the_road_net():
    state = full_position({})
    roads = victory.kharkov_roads(state)
    assert set(roads) == {"poltava", "dnepropetrovsk"}
    assert all(len(path) > 5 for path in roads.values())


def test_17_23_soviet_units_on_both_roads_cut_kharkov_off_one_road_does_not():
    state = full_position({})
    roads = victory.kharkov_roads(state)
    assert turn_points(state, "17.23") == 0
    first, second = soviet_units(state, 2)
    one = full_position({first: roads["poltava"][len(roads["poltava"]) // 2]})
    status = victory.kharkov_status(one)
    assert status["soviet_on"] and not status["cut_off"]  # the Dnepropetrovsk road is open
    assert turn_points(one, "17.23") == 0
    both = full_position({first: roads["poltava"][len(roads["poltava"]) // 2], second: roads["dnepropetrovsk"][len(roads["dnepropetrovsk"]) // 2]})
    status = victory.kharkov_status(both)
    assert status["cut_off"] and not status["held"]
    assert turn_points(both, "17.23") == 3


def test_17_23_kharkov_held_by_the_soviets_scores():
    state = full_position({}, garrisons=False)
    for h in state.scenario.map.cities["kharkov"].hexes:
        state.game["last_occupant"][h] = "soviet"
    status = victory.kharkov_status(state)
    assert status["held"]
    assert turn_points(state, "17.23") == 3


# ----------------------------------------------------------------------------- 17.12, 17.3


def test_17_12_a_city_is_soviet_only_with_a_line_to_the_east_edge():
    state = position({"su-r1": "0508", "su-r2": "0509"}, phase="axis-air-supply")
    for h in ("0508", "0509"):
        state.game["last_occupant"][h] = "soviet"
    assert victory.vp_breakdown(state)["cities"]["gorod"] == "soviet"
    # Axis units ring the east side: 0507's neighbours, and the line behind is cut by ZOC.
    cut = position({"su-r1": "0508", "su-r2": "0509", **AXIS_LINE}, phase="axis-air-supply")
    for h in ("0508", "0509"):
        cut.game["last_occupant"][h] = "soviet"
    assert victory.vp_breakdown(cut)["cities"]["gorod"] is None


def test_17_3_soviet_units_out_of_supply_at_the_end_count_as_eliminated():
    state = position({"su-g1": "0305", "su-hq6": "0301"}, phase="axis-air-supply")
    state.set_flag("su-hq6", "inactive", True)
    vp = state.board.unit_type["su-g1"].vp
    out = victory.vp_breakdown(state)
    assert out["soviet_out_of_supply"] == ["su-g1"] and out["eliminations"]["axis"] == vp
    state.set_flag("su-hq6", "inactive", False)
    out = victory.vp_breakdown(state)
    assert out["soviet_out_of_supply"] == [] and out["eliminations"]["axis"] == 0


def test_17_0_result_uses_the_live_breakdown():
    state = position({"su-g1": "0305"}, phase="axis-air-supply")
    out = victory.vp_breakdown(state)
    res = state.result()
    assert res.vp == out["total"] and res.margin == out["margin"] and res.level == out["level"]


# ----------------------------------------------------------------------------- found from mutation testing


def test_17_22_a_city_hex_scores_once_however_often_soviet_units_enter_it():
    state = position({"su-r1": "0508"}, phase="soviet-movement")
    first, again = [], []
    victory.city_entered(state, "su-r1", "0508", first)
    victory.city_entered(state, "su-r1", "0508", again)
    assert [(e.side, e.vp, e.case) for e in first] == [("soviet", 6, "17.21")] and again == []
    assert state.game["captured"] == ["0508"]


def test_17_24_the_points_for_a_hole_name_where_it_runs():
    line = dict(AXIS_LINE)
    del line["ge-3"]
    state = position(line, phase="axis-air-supply")
    hole = victory.front_status(state)["hole"]
    events = []
    victory.turn_end(state, events)
    assert [e.reason for e in events if e.case == "17.24"] == [f"hole in the Axis front (through {hole[0]}..{hole[-1]})"]


def test_17_23_each_kharkov_road_runs_from_kharkov_to_its_city_along_the_road_net():
    state = full_position({})
    cities = state.scenario.map.cities
    roads = state.board.map.roads
    for name, path in victory.kharkov_roads(state).items():
        assert path[0] in roads and path[-1] in roads
        assert any(path[0] in roads.neighbors(h) for h in cities["kharkov"].hexes if h in roads)
        assert any(path[-1] in roads.neighbors(h) for h in cities[name].hexes if h in roads)
        assert all(b in roads.neighbors(a) for a, b in zip(path, path[1:]))


def test_17_1_the_breakdown_counts_each_side_s_city_points():
    state = position({"su-r1": "0508", "su-r2": "0509"}, phase="axis-air-supply")
    for h in ("0508", "0509"):
        state.game["last_occupant"][h] = "soviet"
    out = victory.vp_breakdown(state)
    assert out["cities"]["gorod"] == "soviet"
    assert out["city_vp"]["soviet"] == state.scenario.map.cities["gorod"].vp > 0


def test_17_4_a_margin_on_a_level_s_upper_bound_is_still_that_level():
    state = position({}, phase="axis-air-supply")
    bounded = [lv for lv in state.scenario.victory.levels if lv.max is not None]
    assert bounded
    for lv in bounded:
        assert victory.level(state, {"soviet": lv.max, "axis": 0}).level == lv.name
        assert victory.level(state, {"soviet": 0, "axis": lv.max}).level == lv.name


# ----------------------------------------------------------------------------- 17.11


def test_17_11_an_empty_city_hex_starts_held_by_the_side_of_the_front_it_lies_on():
    state = position({"su-r1": "0302", "ge-1": "0308"})  # no garrisons, nobody in Gorod's hexes
    front = state.board.map.lines["front"]
    victory.init(state)  # the start-of-game record, made again for this position
    for hex_id in ("0508", "0509"):
        assert not state.units_at(hex_id) and hex_id not in state.game["garrisons"]
        assert front.side(hex_id) == "axis"
        assert state.game["last_occupant"][hex_id] == "axis"

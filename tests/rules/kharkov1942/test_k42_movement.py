"""Movement (6.1-6.3, 6.2x ZOC rules, 6.26, 6.72, 10.12) on purpose-built positions.

Map k42-basic: rows grow south, columns grow west; row-05 road 0501-0510; road 0706-0707-0708
across the Major River (0707/0708); the Dnieper at 0908/1008 (road) and 0909/1009 (no road);
forest 0202, 0203 (the minor city Derevnya), 0705, 0906; the City Gorod 0508/0509.
"""
import pytest
from k42_helpers import position

from kharkovsuite.engine import EndPhase, IllegalAction, Move
from kharkovsuite.engine.errors import CacheMismatch
from kharkovsuite.rules.kharkov1942 import movement, supply, zoc
from kharkovsuite.rules.kharkov1942.retreat import retreat_paths


def cost(state, unit, hex_id):
    return state.legal_moves(unit)[hex_id].cost


def test_6_21_clear_hex_costs_one():
    state = position({"su-r1": "0302"})
    assert cost(state, "su-r1", "0402") == 1


def test_6_3_forest_costs_mobile_two_and_infantry_one():
    state = position({"su-t1": "0102", "su-r1": "0102"})
    assert cost(state, "su-t1", "0202") == 2
    assert cost(state, "su-r1", "0202") == 1


def test_6_3_minor_city_costs_its_hex_terrain():
    state = position({"su-t1": "0103"})
    assert cost(state, "su-t1", "0203") == 2  # Derevnya stands in forest


def test_6_3_major_city_costs_mobile_half():
    state = position({"pz-1a": "0407"}, phase="axis-movement")
    assert cost(state, "pz-1a", "0508") == 0.5


def test_6_3_road_costs_mobile_half_along_the_road():
    state = position({"su-t1": "0504"})
    assert cost(state, "su-t1", "0507") == 1.5  # three road hexes at 1/2
    assert cost(state, "su-t1", "0404") == 1  # off the road: clear


def test_6_3_road_gives_infantry_no_advantage():
    state = position({"su-r1": "0504"})
    assert cost(state, "su-r1", "0507") == 3


def test_6_3_a_road_does_not_cancel_a_river_crossing():
    # Read literally, the chart gives no bridge rule: the minor river at 0503/0504 still costs +1.
    state = position({"su-t1": "0502"})
    assert cost(state, "su-t1", "0504") == 2


def test_6_3_road_rate_needs_a_road_hexside():
    state = position({"su-t1": "0404"})
    assert cost(state, "su-t1", "0505") == 1  # 0505 is a road hex, but 0404 is not


def test_6_3_minor_river_adds_one():
    state = position({"su-r1": "0303", "su-t1": "0303"})
    assert cost(state, "su-r1", "0304") == 2
    assert cost(state, "su-t1", "0304") == 2


def test_6_3_major_river_adds_one_for_infantry_two_for_others():
    state = position({"ge-1": "0808", "pz-1a": "0808"}, phase="axis-movement")
    assert cost(state, "ge-1", "0807") == 2
    assert cost(state, "pz-1a", "0807") == 3


def test_6_3_dnieper_crossable_only_along_a_road():
    state = position({"ge-1": "0908", "ge-2": "0909"}, phase="axis-movement")
    assert "1008" in state.legal_moves("ge-1")
    with pytest.raises(IllegalAction) as err:
        state.apply(Move(units=("ge-2",), path=("0909", "1009")))
    assert err.value.case == "6.3"


def test_6_11_allowance_limits_the_reach():
    state = position({"su-r1": "0501"})
    reach = state.legal_moves("su-r1")
    assert max(r.cost for r in reach.values()) <= 7
    with pytest.raises(IllegalAction) as err:
        state.apply(Move(units=("su-r1",), path=("0501", "0502", "0503", "0504", "0505", "0506", "0507", "0508", "0509")))
    assert err.value.case == "6.11"


def test_6_12_a_unit_moves_once_per_phase():
    state = position({"su-r1": "0302"})
    state.apply(Move(units=("su-r1",), path=("0302", "0402")))
    with pytest.raises(IllegalAction) as err:
        state.apply(Move(units=("su-r1",), path=("0402", "0302")))
    assert err.value.case == "6.12"


def test_6_13_enemy_units_may_not_move():
    state = position({"su-r1": "0302", "ge-1": "0308"})
    with pytest.raises(IllegalAction) as err:
        state.apply(Move(units=("ge-1",), path=("0308", "0309")))
    assert err.value.case == "6.13"


def test_6_22_no_unit_enters_an_enemy_hex():
    state = position({"su-r1": "0302", "ge-1": "0304"}, turn=3)
    assert "0304" not in state.legal_moves("su-r1")


def test_6_22_soviet_units_may_not_enter_a_garrisoned_city_hex():
    state = position({"su-t1": "0506"}, turn=3, garrisons={"0508": 1})
    assert "0508" not in state.legal_moves("su-t1")
    assert "0509" in state.legal_moves("su-t1")


def test_6_23_a_unit_entering_enemy_zoc_stops():
    state = position({"su-t1": "0502", "ge-1": "0506"}, turn=3)
    reach = state.legal_moves("su-t1")
    assert "0505" in reach and all("0505" not in r.path[:-1] for r in reach.values())
    with pytest.raises(IllegalAction) as err:
        state.apply(Move(units=("su-t1",), path=("0502", "0503", "0504", "0505", "0405", "0305")))
    assert err.value.case == "6.23"


def test_8_22_entering_enemy_zoc_costs_nothing_extra():
    free = position({"su-t1": "0502"}, turn=3)
    controlled = position({"su-t1": "0502", "ge-1": "0506"}, turn=3)
    assert cost(controlled, "su-t1", "0505") == cost(free, "su-t1", "0505") == 2.5


def test_6_24_no_leaving_enemy_zoc_without_an_exception():
    state = position({"su-r1": "0505", "ge-1": "0506"}, turn=3)
    assert state.legal_moves("su-r1") == {}
    with pytest.raises(IllegalAction) as err:
        state.apply(Move(units=("su-r1",), path=("0505", "0504")))
    assert err.value.case == "6.24"


def test_6_25_no_major_river_into_zoc_of_river_adjacent_enemy():
    # ge-1 at 0608 stands on the Major River; its ZOC covers 0708 across 0707/0708.
    state = position({"su-t1": "0707", "ge-1": "0608"}, turn=3)
    assert state.legal_moves("su-t1")["0708"].path != ("0707", "0708")  # only round by 0808, no river into ZOC
    with pytest.raises(IllegalAction) as err:
        state.apply(Move(units=("su-t1",), path=("0707", "0708")))
    assert str(err.value) == "6.25: may not cross a Major River into an enemy-controlled hex"


def test_6_25_allowed_into_a_hex_already_held_by_a_friendly_unit():
    state = position({"su-t1": "0707", "su-r1": "0708", "ge-1": "0608"}, turn=3)
    assert state.legal_moves("su-t1")["0708"].path == ("0707", "0708")


def test_6_25_does_not_apply_to_zoc_of_a_unit_away_from_the_river():
    state = position({"su-t1": "0707", "ge-1": "0709"}, turn=3)
    assert state.legal_moves("su-t1")["0708"].path == ("0707", "0708")


def test_6_26_out_of_supply_halves_the_allowance(monkeypatch):
    monkeypatch.setattr(supply, "in_supply", lambda state, unit: unit != "su-r1")
    state = position({"su-r1": "0501", "su-r2": "0301"})
    assert max(r.cost for r in state.legal_moves("su-r1").values()) == 3  # 7 halved, fraction dropped
    assert max(r.cost for r in state.legal_moves("su-r2").values()) == 7


def test_6_0_a_stack_moves_together():
    state = position({"su-r1": "0302", "su-r2": "0302"})
    reach = state.legal_moves(("su-r1", "su-r2"))
    assert "0402" in reach
    state.apply(Move(units=("su-r1", "su-r2"), path=("0302", "0402")))
    assert state.units_at("0402") == ["su-r1", "su-r2"]


def test_6_0_legal_actions_list_the_whole_stack_and_each_unit_and_allow_any_part():
    state = position({"su-r1": "0302", "su-r2": "0302", "su-t1": "0302", "su-r3": "0305"})
    stack_moves = {}
    for a in state.legal_actions().actions():
        if a.kind == "Move" and len(a.units) > 1:
            stack_moves.setdefault(a.units, set()).add(a.path)
    whole = ("su-r1", "su-r2", "su-t1")
    assert sorted(stack_moves) == [whole]  # su-r3 stands alone; parts of the stack are not listed
    assert stack_moves[whole] == {r.path for r in state.legal_moves(whole).values()}
    part = ("su-r2", "su-t1")
    reach = state.legal_moves(part)
    assert reach and all(state.legal_moves(u) for u in part)
    state.apply(Move(units=part, path=reach["0402"].path))  # a part moves by naming its units
    assert sorted(state.units_at("0402")) == list(part)
    assert not [a for a in state.legal_actions().actions() if a.kind == "Move" and len(a.units) > 1]


def test_6_0_units_moving_together_start_together():
    state = position({"su-r1": "0302", "su-r2": "0303"})
    with pytest.raises(IllegalAction):
        state.apply(Move(units=("su-r1", "su-r2"), path=("0302", "0402")))


def test_7_32_disrupted_units_may_not_move():
    state = position({"su-r1": "0302"}, flags={"su-r1": {"disrupted"}})
    assert state.legal_moves("su-r1") == {}
    with pytest.raises(IllegalAction) as err:
        state.apply(Move(units=("su-r1",), path=("0302", "0402")))
    assert err.value.case == "7.32"


def test_6_72_army_reserve_counter_keeps_three_hexes_from_axis_units():
    state = position({"su-res6": "0502", "ge-1": "0507"})
    reach = state.legal_moves("su-res6")
    assert "0503" in reach and "0504" not in reach  # 0504 is three hexes from 0507


def test_10_12_non_active_hq_moves_at_its_reduced_allowance():
    state = position({"su-hq6": "0301"})
    assert "inactive" in state.units["su-hq6"].flags
    assert max(r.cost for r in state.legal_moves("su-hq6").values()) <= 5


def test_10_12_hq_uses_roads_like_mechanized_units():
    state = position({"su-hq6": "0501"})
    assert cost(state, "su-hq6", "0503") == 1


def test_4_2_B3_only_mechanized_units_move_in_the_mechanized_phase():
    state = position({"pz-1a": "0309", "ge-1": "0310"}, phase="axis-mechanized", turn=2)
    assert state.legal_moves("pz-1a") and state.legal_moves("ge-1") == {}


def test_every_offered_move_passes_the_path_check():
    state = position({"su-t1": "0504", "su-r1": "0302", "ge-1": "0506", "ge-2": "0608", "su-c1": "0707"}, turn=3)
    for unit in ("su-t1", "su-r1", "su-c1"):
        for hex_id, reach in state.legal_moves(unit).items():
            half, _how = movement.check_path(state, unit, reach.path)
            assert half / 2 == reach.cost and reach.path[-1] == hex_id


def test_golden_reach_counts():
    state = position({"su-t1": "0504", "su-r1": "0302", "ge-1": "0506", "ge-2": "0608"}, turn=3)
    assert (len(state.legal_moves("su-t1")), len(state.legal_moves("su-r1"))) == (97, 63)


def test_golden_legal_action_count_at_the_start():
    from k42_helpers import scenario

    from kharkovsuite.engine import new_game

    state = new_game(scenario(), 0)
    legal = state.legal_actions()
    assert len(legal.actions()) == 542  # part 2: 6.77 keeps the southern Soviet units south
    assert len(legal) == 14  # listed: one entry per unit, stack and rail move, whatever its hexes
    from kharkovsuite.rules.kharkov1942 import fredericus

    fredericus.activate(state, "0", [])
    legal = state.legal_actions()
    assert len(legal.actions()) == 668
    assert len(legal) == 14


def test_16_1_a_reinforcement_enters_through_its_area_paying_the_first_hex():
    state = position({}, turn=2)
    reach = state.legal_moves("su-t4")
    assert reach["0101"].cost == 1 and reach["0101"].path == ("0101",)
    assert all(r.path[0] in {"0101", "0201", "0301", "0401", "0501", "0601", "0701", "0801", "0901", "1001"} for r in reach.values())
    state.apply(Move(units=("su-t4",), path=("0501", "0502")))
    assert state.units["su-t4"].hex == "0502"


def test_16_0_reinforcements_may_be_delayed():
    state = position({}, turn=2)
    state.apply(EndPhase())
    assert state.units["su-t4"].box == "arriving"


def test_8_21_combat_units_exert_zoc_and_hqs_do_not():
    state = position({"su-r1": "0502", "ge-1": "0506", "ro-hq": "0303"}, turn=3)
    assert zoc.in_enemy_zoc(state, "0505", "soviet")
    assert not zoc.in_enemy_zoc(state, "0402", "soviet")  # next to the Rumanian HQ only
    state.apply(Move(units=("su-r1",), path=("0502", "0402", "0302", "0301")))  # past the HQ without stopping
    assert state.units["su-r1"].hex == "0301"


def test_8_21_disrupted_units_keep_their_zoc():
    state = position({"su-r1": "0502", "ge-1": "0506"}, turn=3, flags={"ge-1": {"disrupted"}})
    assert zoc.in_enemy_zoc(state, "0505", "soviet")


def test_15_24_a_strongpoint_is_not_among_the_units_whose_zoc_covers_a_hex():
    state = position({"ge-1": "0505", "ge-2": "0404", "su-g1": "0504"}, turn=3, flags={"ge-1": {"strongpoint"}})
    assert zoc.zoc_exerters(state, "0504", "axis") == {"ge-2"}


def test_10_15_an_hq_is_not_among_the_units_whose_zoc_covers_a_hex():
    state = position({"su-hq6": "0504", "su-g1": "0404", "ge-1": "0505"}, turn=3)
    assert zoc.zoc_exerters(state, "0505", "soviet") == {"su-g1"}


def test_15_3_a_soviet_unit_never_enters_an_empty_garrisoned_hex_even_in_retreat():
    # su-g1 at 0510: 0509 is garrisoned, ge-1 (0610) controls 0609; 0409 and 0410 are left.
    state = position({"su-g1": "0510", "ge-1": "0610"}, phase="axis-combat", turn=3, garrisons={"0509": 2})
    assert retreat_paths(state, "su-g1", 1) == [("0409",), ("0410",)]


def test_8_2_zoc_counts_kept_move_by_move_are_checked_against_a_fresh_count():
    state = position({"ge-1": "0505", "su-g1": "0504"}, turn=3)
    zoc.check_cache(state)  # in step: nothing to report
    zoc.derived(state).zoc["axis"][state.board.index["0101"]] = 1  # a ZOC no unit exerts
    with pytest.raises(CacheMismatch) as err:
        zoc.check_cache(state)
    assert str(err.value) == "the ZOC and occupation counts kept move by move differ from a fresh count"


def test_15_31_garrisons_have_no_zoc():
    state = position({"su-t1": "0505"}, turn=3, garrisons={"0508": 1})
    assert not zoc.in_enemy_zoc(state, "0507", "soviet")
    assert state.legal_moves("su-t1")["0509"].path[-2] in ("0408", "0507", "0608", "0609", "0510", "0409")


def test_6_22_a_move_into_an_enemy_hex_is_refused_by_case_6_22():
    state = position({"su-t1": "0507"}, turn=3, garrisons={"0508": 1})  # a garrison has no ZOC to stop the unit first
    with pytest.raises(IllegalAction) as err:
        state.apply(Move(units=("su-t1",), path=("0507", "0508")))
    assert err.value.case == "6.22" and str(err.value) == "6.22: 0508 holds an enemy unit or garrison"


def test_6_0b_a_move_enters_at_least_one_hex():
    state = position({"su-r1": "0302"}, turn=3)
    with pytest.raises(IllegalAction) as err:
        state.apply(Move(units=("su-r1",), path=("0302",)))
    assert err.value.case == "6.0b"


def test_6_0b_a_move_runs_from_hex_to_adjacent_hex():
    state = position({"su-r1": "0302"}, turn=3)
    with pytest.raises(IllegalAction) as err:
        state.apply(Move(units=("su-r1",), path=("0302", "0305")))
    assert err.value.case == "6.0b" and str(err.value) == "6.0b: 0302 and 0305 are not adjacent"


def test_6_0b_a_move_naming_a_unit_twice_is_refused_in_words():
    state = position({"su-r1": "0302"}, turn=3)
    with pytest.raises(IllegalAction) as err:
        state.apply(Move(units=("su-r1", "su-r1"), path=("0302", "0303")))
    assert str(err.value) == "6.0b: name each moving unit once"

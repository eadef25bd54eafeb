"""Kharkov 1943 data checks (checks.py, units.py): both scenarios pass every check, and each
broken datum is reported at its place in the file (the path the loader turns into a line) with
its rule case, written from the survivors of the mutation run (docs/mutation.md).

The loader keeps a validated scenario in its disk cache, so a test that loads a scenario runs
the checks only on the first load; these tests call :func:`checks.scenario_checks` on a copy of
the loaded scenario, changed where a test says."""
from __future__ import annotations

from kharkovsuite.rules.kharkov1943 import checks

from .k43_helpers import campaign, scenario


def _broken(of=scenario):
    """A copy of the scenario that a test may change without touching the cached one."""
    return of().model_copy(deep=True)


def _at(found, path):
    return [message for where, message in found if where == path]


def test_18_both_scenarios_pass_every_check_of_the_system():
    assert checks.scenario_checks(campaign()) == []
    assert checks.scenario_checks(scenario()) == []


def test_1_2_supply_heads_detachments_and_units_starting_reduced_pass_the_checks():
    s = campaign()
    kinds = {ut.values.get("kind") for ut in s.unit_types.values()}
    assert "supply_head" in kinds  # combat 0: no step of at least 1, and none needed (9.4)
    assert any("steps_lost" in u.values for u in s.units) and any("detached_from" in u.values for u in s.units)
    assert checks.scenario_checks(s) == []


def test_system_data_that_does_not_fit_its_model_is_reported_at_its_key():
    s = _broken()
    s.system_data["crt"]["lowest_row"] = "low"
    found = checks.scenario_checks(s)
    assert [where for where, _ in found] == [("system_data", "crt", "lowest_row")]
    assert "integer" in found[0][1]


def test_1_1_a_counter_value_that_does_not_read_is_reported_at_its_unit_type():
    s = _broken()
    s.unit_types["de_hq_army_3"].values["op"] = "many"
    found = checks.scenario_checks(s)
    assert [where for where, _ in found] == [("unit_types", "de_hq_army_3", "values", "op")]
    assert found[0][1].startswith("1.1: ")


def test_1_5_a_formation_without_its_colour_code_is_reported():
    s = _broken()
    del s.system_data["formations"]["d320"]
    assert _at(checks.scenario_checks(s), ("formations", "d320")) == [
        "1.1: a formation needs its colour code in system_data.formations"]


def test_1_5_a_formation_hq_that_is_no_hq_is_reported():
    s = _broken()
    s.system_data["formations"]["d320"]["hq"] = "d320_585"
    assert _at(checks.scenario_checks(s), ("system_data", "formations", "d320", "hq")) == [
        "1.5: 'd320_585' is not an HQ unit"]


def test_9_2_a_front_hq_that_is_no_front_hq_is_reported():
    s = _broken()
    s.system_data["fronts"]["southwest"]["hq"] = "su_350rd"
    assert _at(checks.scenario_checks(s), ("system_data", "fronts", "southwest", "hq")) == [
        "9.2: 'su_350rd' is not a Front HQ unit"]


def test_7_4_an_unknown_or_twice_classed_crt_terrain_is_reported_at_its_place():
    s = _broken()
    s.system_data["crt"]["terrain_classes"]["open"] += ["lava", "town"]
    found = checks.scenario_checks(s)
    assert _at(found, ("system_data", "crt", "terrain_classes", "open", 2)) == ["7.4: unknown terrain type 'lava'"]
    assert _at(found, ("system_data", "crt", "terrain_classes", "urban", 0)) == ["7.4: 'town' is already in class 'open'"]


def test_7_4_a_missing_crt_block_is_reported_at_its_terrain_class():
    s = _broken()
    del s.system_data["crt"]["blocks"]["broken"]["normal"]
    assert _at(checks.scenario_checks(s), ("system_data", "crt", "blocks", "broken")) == [
        "7.4: no CRT block for normal attacks on broken terrain"]


def test_14_1_a_ground_weather_that_is_no_ground_state_names_the_states():
    s = _broken()
    s.tables["weather_ground"].rows[1][0] = "slush"
    states = ", ".join(sorted(s.system_data["movement_table"]))
    assert _at(checks.scenario_checks(s), ("tables", "weather_ground", "rows", 1, 0)) == [
        f"14.1: 'slush' is not one of {states}"]


def test_15_1_the_german_entry_areas_are_numbered_i_to_viii():
    s = _broken()
    s.map.areas["de_viii"].name = "German entry area IX"
    assert _at(checks.scenario_checks(s), ("map", "areas")) == [
        "15.1: the German entry areas are I to VIII, got I, II, III, IV, IX, V, VI, VII"]


def test_18_2_a_reinforcement_of_a_front_not_in_the_scenario_is_reported_at_its_unit():
    s = _broken()
    soviet = next(i for i, r in enumerate(s.reinforcements) if r.side == "soviet")
    s.system_data["special_rules"]["reinforcement_fronts"] = ["voronezh"]
    found = checks.scenario_checks(s)
    assert _at(found, ("reinforcements", soviet, "units", 0)) == ["18.2: only reinforcements of voronezh arrive"]


def test_6_3_the_terrain_effects_chart_costs_the_frozen_ground_op():
    s = _broken()
    s.terrain_effects.terrain["forest"].cost["foot"] += 1
    frozen = float(s.system_data["terrain_chart"]["terrain"]["forest"]["frozen"])
    assert _at(checks.scenario_checks(s), ("terrain_effects", "terrain", "forest")) == [
        f"6.3: the OP cost of forest is the Terrain Effects Chart's in frozen ground, {frozen}"]


def test_5_a_set_up_hex_holding_both_sides_is_reported():
    s = _broken()
    german = next(i for i, p in enumerate(s.setup.placements) if p.unit == "d320_585")
    soviet = next(i for i, p in enumerate(s.setup.placements) if p.unit == "su_350rd")
    s.setup.placements[soviet].hex = s.setup.placements[german].hex
    hex_id = s.setup.placements[german].hex
    assert _at(checks.scenario_checks(s), ("setup", "placements", max(german, soviet), "hex")) == [
        f"set-up: hex {hex_id} holds units of both sides"]


def test_18_a_victory_place_not_on_the_map_is_reported():
    s = _broken()
    side, conditions = next(iter(s.system_data["victory"].items()))
    conditions[0]["groups"][0]["places"].append("Atlantis")
    k = len(conditions[0]["groups"][0]["places"]) - 1
    assert _at(checks.scenario_checks(s), ("system_data", "victory", side, 0, "groups", 0, "places", k)) == [
        "18: 'Atlantis' is not a city or place of the map"]


def test_1_2_a_counter_whose_steps_do_not_fall_by_two_is_reported_at_its_steps():
    s = _broken()
    s.unit_types["de_inf_3x2"].steps[1].attack = 2.0
    s.unit_types["de_inf_3x2"].steps[1].defense = 2.0
    assert _at(checks.scenario_checks(s), ("unit_types", "de_inf_3x2", "steps")) == [
        "1.2: a unit loses 2 combat point(s) a step, so the steps are [3, 1], not [3, 2]"]


def test_1_1_a_counter_value_other_than_its_kinds_is_reported_at_the_value():
    s = _broken()
    s.unit_types["de_inf_3x2"].values["op"] = 12
    s.unit_types["de_inf_3x2"].values["armor"] = 2
    found = checks.scenario_checks(s)
    assert _at(found, ("unit_types", "de_inf_3x2", "values", "op")) == ["1.1: a infantry unit has 10 OP, not 12"]
    assert _at(found, ("unit_types", "de_inf_3x2", "values", "armor")) == [
        "1.1: a infantry regiment of combat value 3 has armor 0, not 2"]


def test_8_1_an_hq_with_another_command_range_is_reported():
    s = _broken()
    s.unit_types["de_hq_panzer_corps_3"].values["command_range"] = 4
    assert _at(checks.scenario_checks(s), ("unit_types", "de_hq_panzer_corps_3", "values", "command_range")) == [
        "8.1: HQs command up to 5 hexes"]


def test_15_1_a_soviet_entry_area_not_named_by_a_letter_is_reported_at_its_name():
    s = _broken()
    s.map.areas["su_a"].name = "Soviet entry area AA"
    assert _at(checks.scenario_checks(s), ("map", "areas", "su_a", "name")) == [
        "15.1: a Soviet entry area is named by a letter"]


def test_15_1_a_reinforcement_by_another_sides_entry_area_is_reported_at_its_entry():
    s = _broken()
    i = next(i for i, r in enumerate(s.reinforcements) if r.side == "german")
    s.reinforcements[i].entry = "su_a"
    assert _at(checks.scenario_checks(s), ("reinforcements", i, "entry")) == [
        "15.1: 'su_a' is an entry area of the soviet side",
        "18.2: the german side receives reinforcements by de_iv, de_v, de_vi, de_vii, de_viii only"]


def test_1_2_a_unit_starting_with_more_steps_lost_than_it_has_is_reported_at_steps_lost():
    s = _broken()
    i = next(i for i, u in enumerate(s.units) if u.values.get("steps_lost"))
    s.units[i].values["steps_lost"] = 2
    s.units[i].values["moral"] = 1
    found = checks.scenario_checks(s)
    assert _at(found, ("units", i, "values", "steps_lost")) == ["1.2: a unit of 2 step(s) starts with 0 to 1 lost, not 2"]
    assert _at(found, ("units", i, "values", "moral")) == [
        "unknown unit value 'moral' (allowed: steps_lost, detached_from)"]


def test_1_3_a_detachment_without_a_mother_of_armour_or_with_a_twin_is_reported():
    s = _broken()
    i = next(i for i, u in enumerate(s.units) if u.id == "pz7_pz_det")
    j = next(i for i, u in enumerate(s.units) if u.id == "pz3_pz_det")
    s.units[i].values["detached_from"] = "nobody"
    assert _at(checks.scenario_checks(s), ("units", i, "values")) == [
        "1.3: a detachment names its mother unit (detached_from), got 'nobody'"]
    s.units[i].values["detached_from"] = "d320_585"
    s.units[j].values["detached_from"] = "d320_585"
    found = checks.scenario_checks(s)
    assert _at(found, ("units", i, "values", "detached_from")) == ["1.3: only armoured units give detachments"]
    assert _at(found, ("units", j, "values", "detached_from")) == [
        "1.3: only armoured units give detachments", "1.3: 'd320_585' already has a detachment ('pz7_pz_det')"]


def test_1_5_9_2_9_4_soviet_formations_and_fronts_name_their_front_colour_hq_and_supply_head():
    s = _broken()
    s.system_data["formations"]["a6"]["front"] = "voronezh"
    s.system_data["formations"]["ga1"]["color"] = "#000000"
    s.system_data["fronts"]["southwest"]["hq"] = "su_350rd"
    s.system_data["fronts"]["southwest"]["supply_head"] = "su_350rd"
    colour = s.system_data["fronts"]["southwest"]["color"]
    found = checks.scenario_checks(s)
    assert _at(found, ("system_data", "formations", "a6", "front")) == [
        "1.5: a Soviet formation belongs to one of the fronts southwest"]
    assert _at(found, ("system_data", "formations", "ga1", "color")) == [
        f"1.5: a Soviet formation has its front's colour code {colour}"]
    assert _at(found, ("system_data", "fronts", "southwest", "hq")) == ["9.2: 'su_350rd' is not a Front HQ unit"]
    assert _at(found, ("system_data", "fronts", "southwest", "supply_head")) == [
        "9.4: 'su_350rd' is not a Front supply head unit"]


def test_1_4_1_2_an_hq_of_two_steps_and_a_tiger_that_is_no_heavy_armour_are_reported():
    s = _broken()
    hq = s.unit_types["de_hq_panzer_corps_3"]
    hq.steps.append(hq.steps[0].model_copy())
    s.unit_types["de_inf_3x2"].values["tiger"] = True
    found = checks.scenario_checks(s)
    assert "1.4: an HQ has only one combat step" in _at(found, ("unit_types", "de_hq_panzer_corps_3", "steps"))
    assert _at(found, ("unit_types", "de_inf_3x2", "values")) == ["1.2, 7.4: a Tiger unit is a heavy (dotted) armoured unit"]


def test_15_1_15_2_18_reinforcement_turns_rail_arrivals_and_the_turn_record_are_checked():
    s = _broken()
    i = next(i for i, r in enumerate(s.reinforcements) if r.side == "german")
    s.reinforcements[i].turn = 9
    s.system_data["rail_arrivals"].append("d320_585")
    k = len(s.system_data["rail_arrivals"]) - 1
    s.system_data["special_rules"]["turns"] = 6
    found = checks.scenario_checks(s)
    assert _at(found, ("reinforcements", i, "turn")) == ["15.1: turn 9 is not a turn of the scenario"]
    assert _at(found, ("system_data", "rail_arrivals", k)) == ["15.2: 'd320_585' is not a reinforcement"]
    assert _at(found, ("turns",)) == ["18: the scenario lasts 6 turns, the turn record has 5"]


def test_18_2_set_up_outside_the_rows_in_play_and_exits_of_no_formation_or_too_late_are_reported():
    s = _broken()
    i = next(i for i, p in enumerate(s.setup.placements) if p.unit == "d320_585")
    s.setup.placements[i].hex = "0101"
    exits = s.system_data["special_rules"]["exits"]
    exits[0]["formation"] = "d999"
    exits[0]["by_end_of_turn"] = 6
    found = checks.scenario_checks(s)
    assert _at(found, ("setup", "placements", i, "hex")) == ["18.2: only hexrows 14xx-30xx are in play"]
    assert _at(found, ("system_data", "special_rules", "exits", 0, "formation")) == ["18.2: unknown formation 'd999'"]
    assert _at(found, ("system_data", "special_rules", "exits", 0, "by_end_of_turn")) == ["18.2: the exit falls after the last turn"]


def test_5_a_set_up_hex_over_ten_stacking_points_is_reported_once():
    s = _broken()
    german = [i for i, p in enumerate(s.setup.placements) if p.hex is not None
              and s.unit_types[next(u for u in s.units if u.id == p.unit).type].side == "german"]
    hex_id = s.setup.placements[german[0]].hex
    for i in german[:12]:
        s.setup.placements[i].hex = hex_id
    found = [(where, m) for where, m in checks.scenario_checks(s) if m.startswith("5:")]
    assert len(found) == 1 and found[0][1] == f"5: hex {hex_id} holds more than 10 stacking points"
    assert found[0][0][:2] == ("setup", "placements")


def test_18_a_victory_group_asking_for_more_places_than_it_names_is_reported():
    s = _broken()
    side, conditions = next(iter(s.system_data["victory"].items()))
    group = conditions[0]["groups"][0]
    group["at_least"] = len(group["places"])
    assert not [w for w, _ in checks.scenario_checks(s) if w[:2] == ("system_data", "victory")]
    group["at_least"] = len(group["places"]) + 1
    assert _at(checks.scenario_checks(s), ("system_data", "victory", side, 0, "groups", 0, "at_least")) == [
        f"18: at least {len(group['places']) + 1} of {len(group['places'])} places can never be met"]


def test_18_victory_conditions_of_a_side_not_in_the_scenario_are_reported():
    s = _broken()
    s.system_data["victory"]["romanian"] = []
    assert _at(checks.scenario_checks(s), ("system_data", "victory", "romanian")) == ["18: unknown side 'romanian'"]


def test_6_3_an_unknown_hexside_type_of_the_terrain_chart_is_reported_at_its_key():
    s = _broken()
    s.system_data["terrain_chart"]["hexsides"]["canal"] = {"frozen": 0, "snow": 1, "mud": 2}
    assert _at(checks.scenario_checks(s), ("system_data", "terrain_chart", "hexsides", "canal")) == [
        "6.3: unknown hexside type 'canal'"]


def test_14_1_a_weather_period_without_its_column_is_reported_at_the_period():
    s = _broken()
    s.system_data["weather"]["periods"] = {"early_february": [1, 2, 3], "thaw": [4, 5]}
    assert _at(checks.scenario_checks(s), ("system_data", "weather", "periods", "thaw")) == [
        "14.1: table 'weather_air' has no column 'thaw'", "14.1: table 'weather_ground' has no column 'thaw'"]


def test_7_5_a_table_of_postures_without_a_row_for_an_attack_type_is_reported():
    s = _broken()
    del s.system_data["postures"]["prepared"]
    assert _at(checks.scenario_checks(s), ("system_data", "postures")) == [
        "7.5: the Table of Postures has a row for each attack type (mobile, normal, prepared)"]

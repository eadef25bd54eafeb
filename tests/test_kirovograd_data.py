"""Kirovograd game data: the counter sheet, the charts and the builder that checks them against
what the rulebook states (the system is not playable yet)."""
from __future__ import annotations

import copy
from pathlib import Path

import pytest

from kharkovsuite.rules import system
from kharkovsuite.rules.kirovograd import known
from kharkovsuite.rules.kirovograd.checks import chart_checks, counter_checks
from kharkovsuite.rules.kirovograd.data import KiroData, mandatory_for, parse_options, parse_result
from kharkovsuite.rules.kirovograd.units import derived, has_antitank, is_armored, zoc_class
from tests.toolload import load_tool

ROOT = Path(__file__).resolve().parent.parent
OOB = ROOT / "tools" / "kirovograd_oob.yaml"
CHARTS = ROOT / "tools" / "kirovograd_charts.yaml"


def _builder():
    return load_tool("build_kirovograd")


@pytest.fixture(scope="module")
def built():
    b = _builder()
    oob = b.read_oob()
    charts, lines = b.read_charts()
    types, tables, sd = b.check_built(oob, charts, lines, CHARTS)
    return {"oob": oob, "charts": charts, "types": types, "tables": tables, "sd": sd, "b": b}


def _chart_problems(built, mutate) -> list[str]:
    sd, tables = copy.deepcopy(built["sd"]), copy.deepcopy(built["tables"])
    mutate(sd, tables)
    return [m for _p, m in chart_checks(KiroData.model_validate(sd), tables)]


def _line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


# ----------------------------------------------------------------------------- builder


def test_builder_counts_the_300_counters_of_the_sheet_2_0(capsys):
    assert _builder().main(["--counters"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("300 counters (2.0A: 300)")
    assert "11 air units" in out and "78 ground units" in out and "84 ground units" in out


def _refused(tmp_path, capsys, source: Path, old: str, new: str, option: str) -> tuple[str, Path, str]:
    """Run ``--counters`` on a copy of a source with one edit; (the edited text, its path, stderr)."""
    text = source.read_text(encoding="utf-8")
    assert old in text
    bad = text.replace(old, new, 1)
    path = tmp_path / source.name
    path.write_text(bad, encoding="utf-8")
    assert _builder().main(["--counters", option, str(path)]) == 1
    return bad, path, capsys.readouterr().err


def test_a_bad_counter_entry_is_refused_with_its_file_and_line(tmp_path, capsys):
    bad, path, err = _refused(tmp_path, capsys, OOB, "k: de_inf, f: d320, n: 585 Gr", "k: de_infx, f: d320, n: 585 Gr", "--oob")
    assert f"{path}:{_line_of(bad, 'k: de_infx')}: units.german." in err


def test_artillery_without_its_range_is_refused_2_2_2_2(tmp_path, capsys):
    bad, path, err = _refused(tmp_path, capsys, OOB, "n: 90 HH, rng: 6, bar: 8", "n: 90 HH, cf: 6, bar: 8", "--oob")
    assert f"{path}:{_line_of(bad, 'n: 90 HH')}:" in err and "2.2.2.2" in err


def test_a_chart_that_breaks_a_known_cell_is_refused_at_its_line(tmp_path, capsys):
    bad, path, err = _refused(tmp_path, capsys, CHARTS, "retreat: MP/OM", "retreat: MP/OO", "--charts")
    assert f"{path}:{_line_of(bad, 'retreat: MP/OO')}: system_data.options_matrix.assault.retreat: 15.9 example" in err


def test_the_counter_sheet_is_refused_when_it_is_not_300(tmp_path, capsys):
    _bad, _path, err = _refused(tmp_path, capsys, OOB, "dummies: {german: 6, soviet: 6}", "dummies: {german: 7, soviet: 6}", "--oob")
    assert "2.0A: the sheet has 300 counters, the sources 301" in err


def test_the_system_is_registered_and_playable():
    assert system("kirovograd").PLAYABLE


# ----------------------------------------------------------------------------- counters


def test_every_formation_of_2_2_4_has_its_printed_number_of_units(built):
    oob = built["oob"]
    count: dict[str, int] = {}
    for _p, u in built["b"].ground_units(oob):
        count[u["f"]] = count.get(u["f"], 0) + 1
    printed = {"k47": 7, "p3": 6, "p10": 6, "p11": 6, "p14": 7, "ss5": 8, "d320": 5, "d376": 5,
               "a53": 8, "c48": 4, "c75": 4, "m5g": 5, "a5g": 8, "c32g": 6, "c33g": 4, "c35g": 5}
    assert {f: count[f] for f in printed} == printed


def test_the_named_formations_and_reinforcements_are_on_the_sheet(built):
    names = {f["abbr"] for f in built["oob"]["formations"].values()}
    assert {"47K", "3P", "10P", "11P", "14P", "5SS", "320", "376", "3SS", "GD", "KGA", "13P", "2FJ",
            "53A", "5GA", "7GA", "5GTA", "7M", "8M", "18T", "29T", "24", "25", "2UF"} <= names
    ids = {u["id"] for _p, u in built["b"].ground_units(built["oob"])}
    assert {"su-14eng", "de-47k-905", "de-320-585", "su-53a-90hh", "gd-tiger"} <= ids


def test_the_sample_counters_of_2_2_1_read_as_printed(built):
    types, oob = built["types"], built["oob"]
    by_id = {u["id"]: u for _p, u in built["b"].ground_units(oob)}
    t_id, ut = built["b"].unit_type(oob["kinds"], by_id["de-320-585"])
    assert ut["values"]["kind"] == "infantry" and oob["formations"]["d320"]["higher"] == "k47"
    _t, art = built["b"].unit_type(oob["kinds"], by_id["su-53a-90hh"])
    assert art["values"]["range"] == 6 and art["values"]["travel_movement"] == 4 and art["steps"][0]["movement"] == 0
    yak = types["su_air_yak7"]
    assert yak["values"]["aircraft"] == "fighter" and yak["values"]["air_air"] > yak["values"]["air_ground"]


def test_special_armour_bracketed_factors_and_the_fw190_2_2_2_and_28_10(built):
    types = built["types"]
    stars = {ut["name"] for ut in types.values() if ut["values"].get("special_armor")}
    assert any("*" in n for n in stars) and len(stars) >= 2
    at = [ut for ut in types.values() if ut["values"]["kind"] == "antitank"]
    assert at and all(ut["values"]["defense_only"] and ut["steps"][0]["attack"] is None and ut["steps"][0]["label"].startswith("[") for ut in at)
    assert types["de_air_fw190"]["values"]["both_factors_drop"] is True


@pytest.mark.parametrize("kind, role, hq_armored, armored, antitank, zoc", [
    ("armor", "unit", False, True, True, "armor"),
    ("mechanized", "unit", False, True, True, "armor"),  # 19.1C: armour ZOC only
    ("motorized", "unit", False, False, False, "non_armor"),  # 19.1B
    ("artillery", "unit", False, False, True, "non_armor"),  # 19.2A
    ("rocket", "unit", False, False, False, "non_armor"),  # 19.2A, 21.9
    ("hq", "formation_hq", False, False, True, "non_armor"),  # 19.2A
    ("hq", "higher_hq", False, False, False, "non_armor"),
    ("hq", "formation_hq", True, True, True, "armor"),  # 22.4A
    ("air", "air", False, False, False, None),  # 13.A
    ("dummy", "dummy", False, False, False, None),  # 29.1
])
def test_armour_anti_tank_and_zoc_class_follow_19_and_13(kind, role, hq_armored, armored, antitank, zoc):
    assert (is_armored(kind, hq_armored), has_antitank(kind, role), zoc_class(kind, hq_armored)) == (armored, antitank, zoc)


def test_tank_backs_only_on_motorised_counters_29_4():
    assert derived("armor", "unit")["tank_back"] and derived("mechanized", "unit")["tank_back"]
    assert not derived("motorized_artillery", "unit")["tank_back"] and not derived("infantry", "unit")["tank_back"]


def test_a_counter_whose_values_contradict_its_kind_is_refused(built):
    types = copy.deepcopy(built["types"])
    t_id = next(t for t, ut in types.items() if ut["values"]["kind"] == "armor")
    types[t_id]["values"]["armored"] = False
    problems = counter_checks({t: (ut["side"], ut["values"], len(ut.get("steps", []))) for t, ut in types.items()})
    assert [m for p, m in problems if p[1] == t_id and m.startswith("19.1:")]


def test_every_built_counter_passes_the_rule_systems_checks(built):
    types = built["types"]
    assert counter_checks({t: (ut["side"], ut["values"], len(ut.get("steps", []))) for t, ut in types.items()}) == []


# ----------------------------------------------------------------------------- CRT


def test_the_crt_holds_the_three_cells_the_rules_quote(built):
    t = built["tables"]["crt"]
    cols = t["columns"]
    assert cols == list(known.CRT_COLUMNS) and cols.index("3-2") + 1 == cols.index("2-1")
    assert parse_result(t["rows"][6][cols.index("4-1")]).text == "A1/D1R1"  # 15.8
    cell = parse_result(t["rows"][11][cols.index("1-2")])
    assert cell.text == "D1R2" and not cell.underlined  # 16.3
    assert any(parse_result(c).text == "D3R3" for row in t["rows"].values() for c in row)  # 18.2


def test_crt_rows_run_2_to_12_and_underlined_results_exist_15_9(built):
    t = built["tables"]["crt"]
    assert sorted(t["rows"]) == list(range(2, 13))
    assert any(parse_result(c).underlined for row in t["rows"].values() for c in row)


def test_a_changed_known_crt_cell_is_refused(built):
    def mutate(sd, tables):
        tables["crt"]["rows"][6][known.CRT_COLUMNS.index("4-1")] = "D1R1"
    assert any(m.startswith("15.8, 16.3: the 4-1 column on a roll of 6 is A1/D1R1") for m in _chart_problems(built, mutate))


def test_crt_results_read_as_15_8_says():
    r = parse_result("_A1/D2R3_")
    assert (r.attacker.loss, r.defender.loss, r.defender.retreat, r.underlined) == (1, 2, 3, True)
    for bad in ("D1/A1", "X2", "A", "_-_", 3):
        with pytest.raises(ValueError):
            parse_result(bad)


# ----------------------------------------------------------------------------- options matrix


def test_the_options_matrix_holds_the_known_cell_and_6_2_and_16_3(built):
    m = built["sd"]["options_matrix"]
    assert m["assault"]["retreat"] == "MP/OM"  # 15.9 example
    for d in known.ORDERS:
        assert m["assault"][d][:2] == "MP"  # 6.2.1H
        assert m[d]["assault"][3:] == "MP"
    mm = parse_options(m["mobile"]["mobile"])
    assert mandatory_for(mm.defender_losses, "soviet") and mandatory_for(mm.defender_retreats, "soviet")  # 16.3


def test_an_assaulting_unit_allowed_to_retreat_is_refused_6_2_1(built):
    def mutate(sd, tables):
        sd["options_matrix"]["assault"]["defense"] = "MO/M*"
    assert any(m.startswith("6.2.1H") for m in _chart_problems(built, mutate))


def test_the_star_is_mandatory_for_the_ussr_only_15_9():
    assert mandatory_for("*", "soviet") and not mandatory_for("*", "german") and mandatory_for("M", "german")


# ----------------------------------------------------------------------------- ZOC, terrain, orders


def test_the_zoc_chart_holds_every_fixed_point_of_13(built):
    z = built["sd"]["zoc_chart"]
    for row in z["cells"].values():
        for cover in ("city", "town", "fortified_across"):
            assert set(row[cover].values()) == {"none"}  # 13.7A
        assert all(row[c][light] != "locking" for c in row for light in ("night", "fog"))  # 13.3F
    assert sorted(z["balka_from"]) == ["adjacent_hill", "same_balka"]  # 13.7B
    assert z["one_sp_alone"] == "none" and z["fog_leave_extra_mp"] == 1  # 13.6A, 13.9B
    assert built["sd"]["terrain_chart"]["terrain"]["hill"]["zoc_cover"] == "open"  # 10.3A


@pytest.mark.parametrize("row, cover, light, kind, case", [
    ("armor", "town", "day", "fluid", "13.7A"),
    ("non_armor", "open", "night", "locking", "13.3F"),
    ("armor", "wooded", "fog", "locking", "13.3F"),
])
def test_a_zoc_chart_that_breaks_a_fixed_point_is_refused(built, row, cover, light, kind, case):
    def mutate(sd, tables):
        sd["zoc_chart"]["cells"][row][cover][light] = kind
    assert any(m.startswith(case) for m in _chart_problems(built, mutate))


def test_order_costs_and_shifts_are_those_of_6_2(built):
    orders = built["sd"]["orders"]
    assert {o: orders[o]["cost"] for o in known.ORDERS} == known.ORDER_COSTS
    assert (orders["assault"]["shift_attacking"], orders["defense"]["shift_attacked"],
            orders["pursuit"]["shift_attacking"], orders["pursuit"]["shift_attacked"]) == (1, -1, -2, 1)


def test_a_wrong_order_cost_is_refused(built):
    def mutate(sd, tables):
        sd["orders"]["assault"]["cost"]["soviet"] = 2
    assert any(m.startswith("6.2.1: assault orders cost") for m in _chart_problems(built, mutate))


def test_the_terrain_chart_keeps_10_and_11(built):
    tc = built["sd"]["terrain_chart"]
    assert tc["leave_river_or_balka"] == 1 and tc["fog_ma_factor"] == 0.5 and tc["hill_shift"] == -1
    assert {"infantry", "paratroop"} <= set(tc["balka_leave_exempt"]) and sorted(tc["engineer_negates"]) == ["city", "fortified"]
    assert 0 < tc["road"]["motorized"] < 1  # 11.5B: a fractional road cost

    def mutate(sd, tables):
        sd["terrain_chart"]["leave_river_or_balka"] = 2
    assert any(m.startswith("10.1A, 11.4A") for m in _chart_problems(built, mutate))


# ----------------------------------------------------------------------------- reinforcements, turns, weather


def test_the_viking_table_is_24_6_exactly(built):
    roll = built["sd"]["viking"]["roll"]
    assert {r: (tuple(e["units"]), e["enters"]) for r, e in roll.items()} == known.VIKING
    assert built["sd"]["viking"]["units"]["all"] == [u["id"] for u in built["oob"]["reinforcements"]["ss5"]]

    def mutate(sd, tables):
        sd["viking"]["roll"][3]["enters"] = "this_turn"
    assert any(m.startswith("24.6") for m in _chart_problems(built, mutate))


def test_every_variable_reinforcement_has_its_roll_turn_and_table_24_1(built):
    r = built["sd"]["reinforcements"]
    assert {k: v["roll_turn"] for k, v in r.items()} == known.REINFORCEMENT_ROLL_TURNS
    assert all(sorted(built["tables"][v["table"]]["rows"]) == [1, 2, 3, 4, 5, 6] for v in r.values())
    assert r["bn905"]["units"] == ["de-47k-905"] and r["bn905"]["entry"] == "entry-north"


def test_the_turn_record_has_24_turns_even_ones_night_with_their_supply(built):
    tr = built["sd"]["turn_record"]
    assert sorted(tr) == list(range(1, 25))
    assert all(tr[t]["light"] == ("night" if t % 2 == 0 else "day") for t in tr)  # errata
    assert all(tr[t]["supply"]["soviet"] >= 5 and tr[t]["supply"]["german"] >= 5 for t in tr if t % 2 == 0)  # 3.2A
    assert tr[11]["replacement_points"] == {"soviet": 10}  # 25.1B

    def mutate(sd, tables):
        sd["turn_record"][4]["light"] = "day"
    assert any(m.startswith("errata (2.3.1): even turns are night turns") for m in _chart_problems(built, mutate))


def test_every_weather_the_table_rolls_has_its_effects_4(built):
    w = built["tables"]["weather"]
    assert w["columns"] == ["day", "night"] and "fog" in {c for row in w["rows"].values() for c in row}
    assert built["sd"]["weather"]["effects"]["light_snow"]["cap_reach"] == 2  # 28.6B

    def mutate(sd, tables):
        tables["weather"]["rows"][1][0] = "blizzard"
    assert any(m.startswith("4.A: 'blizzard'") for m in _chart_problems(built, mutate))


def test_air_missions_cover_every_aircraft_type_on_the_sheet_28(built):
    types = {ut["values"]["aircraft"] for ut in built["types"].values() if ut["values"]["kind"] == "air"}
    missions = built["sd"]["air"]["missions"]
    assert types <= set(missions) and "night_bomber" in built["sd"]["air"]["night_flyers"]
    assert sum(len(v) for v in built["oob"]["air"].values()) == 2 * known.AIR_UNITS


# ----------------------------------------------------------------------------- scenarios

SCENARIOS = {name: ROOT / "scenarios" / f"kirovograd-{name}.yaml" for name in ("historical", "opening-moves", "endgame")}


@pytest.fixture(scope="module")
def docs():
    import yaml
    return {name: yaml.safe_load(path.read_text(encoding="utf-8")) for name, path in SCENARIOS.items()}


def _scenario(doc):
    from kharkovsuite.scenario.model import Scenario
    return Scenario.model_validate(doc)


def test_builder_check_shows_the_three_scenarios_reproducible(capsys):
    assert _builder().main(["--check"]) == 0
    out = capsys.readouterr().out
    assert all(f"kirovograd-{n}.yaml is up to date" in out for n in SCENARIOS)


def test_builder_check_fails_on_a_hand_changed_file(tmp_path, capsys):
    b = _builder()
    assert b.main(["--out-dir", str(tmp_path)]) == 0
    f = tmp_path / "kirovograd-endgame.yaml"
    f.write_text(f.read_text(encoding="utf-8").replace("1944-01-09", "1944-01-10", 1), encoding="utf-8")
    assert b.main(["--check", "--out-dir", str(tmp_path)]) == 1
    assert "kirovograd-endgame.yaml is out of date" in capsys.readouterr().err


def test_every_scenario_passes_the_rule_systems_checks(docs):
    from kharkovsuite.rules.kirovograd import scenario_checks
    for name, doc in docs.items():
        assert doc["rules"] == "kirovograd"
        assert scenario_checks(_scenario(doc)) == [], name


@pytest.mark.parametrize("name, turns, german, soviet", [("historical", 24, 87, 101), ("opening-moves", 6, 69, 101), ("endgame", 16, 87, 98)])
def test_validate_passes_and_info_reports_rules_turns_and_units_per_side(capsys, name, turns, german, soviet):
    import json

    from kharkovsuite.cli import main as cli
    assert cli(["validate", str(SCENARIOS[name])]) == 0
    out = capsys.readouterr().out
    assert f"{SCENARIOS[name]}: valid" in out and "set-up data only" not in out  # a game that is played: its whole check
    assert cli(["info", "--json", str(SCENARIOS[name])]) == 0
    info = json.loads(capsys.readouterr().out)
    assert (info["rules"], info["turns"], info["units"]["german"]["total"], info["units"]["soviet"]["total"]) == ("kirovograd", turns, german, soviet)


def test_a_wrong_turn_date_is_refused_with_its_case(docs):
    from kharkovsuite.rules.kirovograd import scenario_checks
    doc = copy.deepcopy(docs["endgame"])
    doc["turns"][0]["date"] = "1944-01-05"
    assert (("turns", 0, "date"), "1.0C: two turns a day from 5 January 1944: game turn 9 is on 1944-01-09") in scenario_checks(_scenario(doc))


@pytest.mark.parametrize("name, turns, first_date, last_date, soviet_supply", [
    ("historical", 24, "1944-01-05", "1944-01-16", 100),
    ("opening-moves", 6, "1944-01-05", "1944-01-07", 70),
    ("endgame", 16, "1944-01-09", "1944-01-16", 25),
])
def test_each_scenario_runs_its_turns_with_its_supply_26_31(docs, name, turns, first_date, last_date, soviet_supply):
    doc = docs[name]
    assert len(doc["turns"]) == turns and doc["turns"][0]["date"] == first_date and doc["turns"][-1]["date"] == last_date
    assert doc["system_data"]["supply"]["soviet"] == soviet_supply


def test_the_opening_has_no_german_off_board_dump_31_1(docs):
    assert docs["opening-moves"]["system_data"]["supply"]["german_off_map"] == 0
    assert docs["historical"]["system_data"]["supply"]["german_off_map"] == 30


def test_the_historical_set_up_puts_each_formation_in_its_map_area_26_2(docs):
    doc = docs["historical"]
    at = {p["unit"]: p.get("hex") for p in doc["setup"]["placements"]}
    areas = doc["map"]["areas"]
    setup = _builder().read_oob()["setup"]
    for f_id, area_ids in setup["areas"].items():
        hexes = {h for a in area_ids for h in areas[a]["hexes"]}
        for u in doc["units"]:
            if u.get("formation") == f_id and at.get(u["id"]) is not None and u["id"] not in setup["fixed"]:
                assert at[u["id"]] in hexes, (u["id"], f_id)
    placed = [h for h in at.values() if h]
    assert len(placed) == len(set(placed))
    assert {p["box"] for p in doc["setup"]["placements"] if p.get("box")} >= {"viking", "air-base-german", "air-base-soviet"}


def test_the_endgame_covers_the_31_2_hexes_with_its_losses_and_the_errata(docs):
    doc = docs["endgame"]
    oob = _builder().read_oob()
    at = {p["unit"]: p.get("hex") for p in doc["setup"]["placements"]}
    units = {u["id"]: u for u in doc["units"]}
    for f_id, (loss, hexes) in oob["scenarios"]["endgame"]["lines"].items():
        mine = [u for u in doc["units"] if u.get("formation") == f_id]
        assert sum(u.get("values", {}).get("sp_lost", 0) for u in mine if at.get(u["id"])) == loss, f_id
        lost = [u.get("values", {}).get("sp_lost", 0) for u in mine if at.get(u["id"])]
        assert max(lost, default=0) <= 2 or min(lost) >= 1  # 31.2.1B
    placed = [h for h in at.values() if h]
    assert len(placed) == len(set(placed))  # a counter a hex: stacking is never in question
    assert {"de-2fj-hq", "su-24-hq"} <= set(units)  # errata
    assert not {"su-53a-tr", "su-5ga-tr", "su-7ga-tr"} & set(units)  # 31.2.2A
    assert units["de-47k-202"]["values"]["sp_lost"] + units["de-47k-911"]["values"]["sp_lost"] == 2  # 31.2.2D
    first = [r for r in doc["reinforcements"] if r["turn"] == 1]
    assert first and set(first[0]["units"]) == {"ss3-pz", "de-3ss-rec", "de-3ss-art"}  # 31.2 note **
    assert doc["system_data"]["first_game_turn"] == 9 and min(map(int, doc["system_data"]["turn_record"])) == 9


def test_31_2_1a_each_endgame_line_is_held_by_its_formation_s_combat_units_or_their_zocs_and_no_hq_stands_in_it():
    """31.2.1A: a formation covers its listed hexes with its units or their ZOCs.  The builder holds
    them with combat units (one a hex while there are enough) and sets the HQs and guns up behind:
    an HQ in the line is attacked before its side has moved (the German player moves first)."""
    from kharkovsuite.rules.kirovograd import zoc
    from tests.rules.kirovograd.kiro_helpers import fresh

    oob = _builder().read_oob()
    state = fresh(1, "endgame")
    board = state.board
    guns = ("artillery", "motorized_artillery", "armored_artillery", "rocket", "mortar")
    for f_id, (_loss, hexes) in oob["scenarios"]["endgame"]["lines"].items():
        side = oob["formations"][f_id]["side"]
        mine = {u for u, rec in state.units.items() if board.units[u].formation == f_id and rec.hex is not None}
        held = {state.units[u].hex for u in mine}
        reach = zoc.zoc_of(state, side)
        for h in hexes:
            assert h in held or any(board.units[u].formation == f_id for src in reach.get(h, ())
                                    for u in state.at.get(src.hex, ())), (f_id, h)
            kinds = {board.units[u].kind for u in state.at.get(h, ())}
            assert kinds and not kinds & {"hq", *guns} or not kinds, (f_id, h, kinds)
        combat = [u for u in mine if board.units[u].kind not in ("hq", *guns)]
        assert len([h for h in hexes if h in held]) == min(len(hexes), len(combat)), f_id


def test_the_victory_points_are_those_of_27(built, docs):
    v = built["sd"]["victory"]
    assert v["places"] == {"kirovograd": 5, "novomirgorod": 10, "novo_ukrainka": 15}
    assert v["kirovograd_early"] == {4: 20, 6: 15, 8: 10} and v["per_sp"]["armor"] == 2
    assert "31.1E-H" in docs["opening-moves"]["system_data"]["victory"]["scenario"]

    def mutate(sd, tables):
        sd["victory"]["places"]["novo_ukrainka"] = 10
    assert any(m.startswith("27.B: Kirovograd 5") for m in _chart_problems(built, mutate))


def test_a_weather_column_without_six_faces_is_refused_at_its_line(tmp_path, capsys):
    old = "night: [clear, clear, clear, fog, fog, light_snow]"
    bad, path, err = _refused(tmp_path, capsys, CHARTS, old, "night: [clear, clear, fog, fog, light_snow]", "--charts")
    assert f"{path}:{_line_of(bad, 'night: [clear, clear, fog')}: weather.table.night: List should have at least 6 items" in err


def test_the_campaign_starts_with_the_supply_of_8_7(docs):
    from kharkovsuite.rules.kirovograd import scenario_checks
    doc = copy.deepcopy(docs["historical"])
    assert doc["system_data"]["supply"] == known.INITIAL_SUPPLY
    doc["system_data"]["supply"]["soviet"] = 70
    assert any(m.startswith("8.7, 26.2F-G") for _p, m in scenario_checks(_scenario(doc)))


@pytest.mark.parametrize("name", ["historical", "opening-moves", "endgame"])
def test_26_3j_every_formation_sets_up_within_six_hexes_of_itself(name):
    from kharkovsuite.map import GameMap
    from kharkovsuite.rules.kirovograd import setup
    from kharkovsuite.scenario import load_scenario

    s = load_scenario(SCENARIOS[name])
    formations = KiroData.model_validate(s.system_data).formations
    formation_of = {u.id: u.formation for u in s.units}
    placements = [setup.Placement(p.unit, p.hex, formation_of[p.unit], setup.formation_level(formation_of[p.unit], formations))
                  for p in s.setup.placements]
    assert setup.problems(placements, GameMap.from_scenario(s).grid.distance, lambda h, units: True) == []


def test_31_1b_opening_moves_sets_up_as_the_historical_game(docs):
    """31.1B: every counter that starts on the map or in a box in Opening Moves starts where the
    historical set-up (26.2) puts it."""
    def placed(name):
        return {p["unit"]: (p.get("hex"), p.get("box")) for p in docs[name]["setup"]["placements"]}

    opening, historical = placed("opening-moves"), placed("historical")
    assert len([u for u, (h, _b) in opening.items() if h]) > 100
    assert {u: where for u, where in opening.items()} == {u: historical[u] for u in opening}


def test_31_2_2b_german_the_endgame_dumps_hold_12_and_18_points(docs):
    """31.2.2B (German): the on-board dump left (31.2.2A) holds 12 points, the off-board one 18."""
    supply = docs["endgame"]["system_data"]["supply"]
    assert (supply["german_on_map"], supply["german_off_map"]) == (12, 18)


def test_31_2_1a_31_2_2b_c_f_each_side_of_the_endgame_sets_up_on_its_side_of_its_lines(docs):
    """31.2.2F (both sides' F): in each row holding a line hex, every Soviet counter stands on or east
    of the Soviet line and every German one on or west of the German line; the formations not in the
    tables (the armies' other units, 31.2.2B, and the two Front units, 31.2.2C, which the set-up gives
    to an army) stand behind a listed formation of their side (31.2.1A: the listed hexes are held)."""
    from kharkovsuite.rules.kirovograd.board import board_for
    from tests.rules.kirovograd.kiro_helpers import scenario

    oob = _builder().read_oob()
    grid = board_for(scenario("endgame")).grid
    sc = oob["scenarios"]["endgame"]
    side_of = {f_id: f["side"] for f_id, f in oob["formations"].items()}
    line_cols: dict[tuple[str, int], list[int]] = {}
    for f_id, (_loss, hexes) in sc["lines"].items():
        for h in hexes:
            row, col = grid.row_col(h)
            line_cols.setdefault((side_of[f_id], row), []).append(col)
    assert {side_of[f] for f in sc["behind"]} == {"soviet", "german"} and "uf2" in sc["behind"]  # 31.2.2B-C
    assert all(side_of[f] == side_of[to] for f, to in sc["behind"].items())
    units = {u["id"]: u for u in docs["endgame"]["units"]}
    sides = {f_id: f["side"] for f_id, f in docs["endgame"]["formations"].items()}
    checked = 0
    for p in docs["endgame"]["setup"]["placements"]:
        h, u = p.get("hex"), units.get(p["unit"])
        if not h or u is None or "dummy" in p["unit"]:  # 31.2.2E's dummies stand behind the German lines
            continue
        side = sides[u["formation"]]
        row, col = grid.row_col(h)
        cols = line_cols.get((side, row))
        if not cols:
            continue
        assert (col >= min(cols)) if side == "soviet" else (col <= max(cols)), (p["unit"], h)
        checked += 1
    assert checked > 50

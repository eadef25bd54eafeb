"""Kharkov 1943 game data: the two scenarios of rule 18, their orders of battle and charts, the
builder that makes them from sources, and the rule system's data checks (the system is not
playable yet, and says so)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from kharkovsuite.cli import main as cli
from kharkovsuite.engine import new_game
from kharkovsuite.rules import system
from kharkovsuite.rules.kharkov1943.data import Half, parse_result
from kharkovsuite.rules.kharkov1943.units import derived_antitank, derived_armor, derived_stacking, step_values
from kharkovsuite.scenario import ScenarioError, load_scenario, loads_scenario
from kharkovsuite.scenario.checks import grid_for
from tests.toolload import load_tool

ROOT = Path(__file__).resolve().parent.parent
CAMPAIGN = ROOT / "scenarios" / "kharkov-1943-campaign.yaml"
GALLOP = ROOT / "scenarios" / "kharkov-1943-gallop.yaml"


def _builder():
    return load_tool("build_kharkov1943")


@pytest.fixture(scope="module")
def campaign():
    return load_scenario(CAMPAIGN)


@pytest.fixture(scope="module")
def gallop():
    return load_scenario(GALLOP)


def _problems(text: str) -> list[str]:
    with pytest.raises(ScenarioError) as info:
        loads_scenario(text, "k43.yaml")
    return [str(p) for p in info.value.problems]


def _line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


# ----------------------------------------------------------------------------- builder and CLI


def test_builder_check_shows_both_scenarios_reproducible(capsys):
    assert _builder().main(["--check"]) == 0
    out = capsys.readouterr().out
    assert "kharkov-1943-campaign.yaml is up to date" in out and "kharkov-1943-gallop.yaml is up to date" in out


def test_builder_check_fails_on_a_hand_changed_file(tmp_path, capsys):
    builder = _builder()
    assert builder.main(["--out-dir", str(tmp_path)]) == 0
    (tmp_path / "kharkov-1943-gallop.yaml").write_text(GALLOP.read_text(encoding="utf-8").replace("1943-02-05", "1943-02-06"), encoding="utf-8")
    assert builder.main(["--check", "--out-dir", str(tmp_path)]) == 1
    assert "kharkov-1943-gallop.yaml is out of date" in capsys.readouterr().err


def test_a_bad_order_of_battle_entry_is_refused_with_its_file_and_line(tmp_path, capsys):
    source = (ROOT / "tools" / "kharkov1943_oob.yaml").read_text(encoding="utf-8")
    bad = source.replace("k: de_pzgren, n: Pz.Gren.Rgt. 6,", "k: de_pzgrn, n: Pz.Gren.Rgt. 6,", 1)
    path = tmp_path / "oob.yaml"
    path.write_text(bad, encoding="utf-8")
    assert _builder().main(["--check", "--oob", str(path)]) == 1
    line = _line_of(bad, "k: de_pzgrn")
    assert f"{path}:{line}: units.german." in capsys.readouterr().err


def test_cli_validate_passes_both_scenarios(capsys):
    assert cli(["validate", str(CAMPAIGN), str(GALLOP)]) == 0
    assert capsys.readouterr().out.count(": valid") == 2


@pytest.mark.parametrize("path, turns", [(CAMPAIGN, 12), (GALLOP, 5)], ids=["campaign", "gallop"])
def test_info_json_reports_the_rule_system_turns_and_units_per_side(path, turns, capsys):
    assert cli(["info", str(path), "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["rules"] == "kharkov1943"
    assert info["playable"] is True
    assert info["turns"] == turns
    assert set(info["units"]) == {"german", "soviet"}
    assert info["units"]["german"]["total"] > 30 and info["units"]["soviet"]["total"] > 30


def test_the_registry_starts_a_game_of_the_system():
    state = new_game(GALLOP)
    assert state.scenario.rules == "kharkov1943" and state.legal_actions()
    assert system("kharkov1942").new_game  # the first system is still reached


# ----------------------------------------------------------------------------- counters (1.1, 1.2, 5)


@pytest.mark.parametrize("kind, combat, hq_level, group, armor", [
    ("armor", 7, None, False, 7), ("recon", 3, None, False, 2), ("motorized", 5, None, False, 0),
    ("hq", 3, "panzer_corps", False, 3), ("hq", 3, "corps", False, 0), ("hq", 3, "mobile_group", True, 3),
])
def test_armour_value_follows_1_1(kind, combat, hq_level, group, armor):
    assert derived_armor(kind, combat, hq_level, group) == armor


@pytest.mark.parametrize("kind, combat, side, echelon, antitank", [
    ("armor", 7, "german", "regiment", 7), ("hq", 2, "soviet", "hq", 2), ("recon", 3, "german", "battalion", 2),
    ("motorized", 5, "german", "regiment", 2), ("kg", 3, "german", "kg", 2), ("infantry", 4, "soviet", "division", 2),
    ("infantry", 3, "german", "regiment", 0), ("infantry", 2, "soviet", "brigade", 0),
])
def test_antitank_value_follows_1_1(kind, combat, side, echelon, antitank):
    assert derived_antitank(kind, combat, side, echelon) == antitank


@pytest.mark.parametrize("side, kind, echelon, points", [
    ("german", "infantry", "regiment", 1), ("german", "armor", "company", 0), ("german", "hq", "hq", 1),
    ("soviet", "armor", "corps", 4), ("soviet", "infantry", "division", 2), ("soviet", "artillery", "regiment", 2),
    ("soviet", "armor", "brigade", 1), ("soviet", "hq", "hq", 1), ("soviet", "ski", "battalion", 0),
])
def test_stacking_points_follow_5(side, kind, echelon, points):
    assert derived_stacking(side, kind, echelon) == points


def test_steps_lose_two_points_and_tigers_one_1_2():
    assert step_values(5, 3) == [5, 3, 1]
    assert step_values(2, 2, tiger=True) == [2, 1]


def test_a_wrong_armour_value_is_refused_with_its_case_file_and_line():
    text = CAMPAIGN.read_text(encoding="utf-8")
    start = text.index("  de_pz_7x4:")
    bad = text[:start] + text[start:].replace("      armor: 7\n", "      armor: 5\n", 1)
    line = _line_of(bad[start:], "      armor: 5") + text[:start].count("\n")
    assert any(p.startswith(f"k43.yaml:{line}: unit_types.de_pz_7x4.values.armor: 1.1:") for p in _problems(bad))


def test_steps_that_do_not_follow_1_2_are_refused():
    text = CAMPAIGN.read_text(encoding="utf-8")
    start = text.index("  de_pz_7x4:")
    bad = text[:start] + text[start:].replace("    - attack: 5.0\n      defense: 5.0\n", "    - attack: 6.0\n      defense: 6.0\n", 1)
    assert any("unit_types.de_pz_7x4.steps: 1.2: a unit loses 2 combat point(s) a step" in p for p in _problems(bad))


def test_a_second_detachment_of_one_mother_unit_is_refused_1_3():
    text = CAMPAIGN.read_text(encoding="utf-8")
    bad = text.replace("    detached_from: lah_pz\n", "    detached_from: gd_pz\n", 1)
    assert any("1.3: 'gd_pz' already has a detachment" in p for p in _problems(bad))


# ----------------------------------------------------------------------------- orders of battle


def test_the_historical_formations_and_hqs_are_in_the_campaign(campaign):
    names = {u.name for u in campaign.units}
    for hq in ("SS-Panzerkorps", "XL. Panzerkorps", "XLVIII. Panzerkorps", "III. Panzerkorps", "Korps Raus",
               "Armeeabteilung Lanz (Kempf)", "Heeresgruppe Süd", "Voronezh Front", "40th Army", "69th Army",
               "3rd Tank Army", "Southwestern Front", "6th Army", "1st Guards Army", "Mobile Group Popov"):
        assert hq in names
    formations = {f.name for f in campaign.formations.values()}
    for division in ("SS-Division Leibstandarte", "SS-Division Das Reich", "SS-Division Totenkopf", "Grossdeutschland",
                     "SS-Division Wiking", "6. Panzer-Division", "17. Panzer-Division", "320. Infanterie-Division"):
        assert division in formations
    tank_corps = {"12th Tank Corps", "15th Tank Corps", "3rd Tank Corps", "4th Guards Tank Corps", "10th Tank Corps", "18th Tank Corps"}
    assert tank_corps <= names


def test_every_hq_level_of_the_supply_rules_is_present_9_2(campaign):
    levels = {(campaign.unit_types[u.type].side, campaign.unit_types[u.type].values.get("hq_level")) for u in campaign.units}
    for side, level in [("german", "army_group"), ("german", "army"), ("german", "corps"), ("german", "panzer_corps"),
                        ("soviet", "front"), ("soviet", "army"), ("soviet", "mobile_group")]:
        assert (side, level) in levels


def test_tigers_detachments_supply_heads_and_action_group_popov(campaign):
    values = {u.id: (campaign.unit_types[u.type].values, u) for u in campaign.units}
    tigers = [uid for uid, (v, _) in values.items() if v.get("tiger")]
    assert len(tigers) == 4 and all(values[t][0]["heavy"] for t in tigers)
    detachments = [u for v, u in values.values() if v.get("detachment")]
    assert {campaign.unit_types[u.type].side for u in detachments} == {"german", "soviet"}
    assert all(p.box == "detachments" for p in campaign.setup.placements if p.unit in {u.id for u in detachments})
    heads = [uid for uid, (v, _) in values.items() if v["kind"] == "supply_head"]
    assert sorted(heads) == ["su_sh_swf", "su_sh_vf"]
    popov = values["su_hq_popov"][0]
    assert popov["armor"] == 3 and "action_group" in campaign.unit_types[values["su_hq_popov"][1].type].flags


def test_soviet_formations_wear_their_fronts_colour_1_5(campaign):
    data = campaign.system_data
    for f_id, info in data["formations"].items():
        if campaign.formations[f_id].side == "soviet":
            assert info["color"] == data["fronts"][info["front"]]["color"]
    text = CAMPAIGN.read_text(encoding="utf-8")
    start = text.index("    a40:\n      color:")
    bad = text[:start] + re.sub(r"color: '#[0-9a-f]+'", "color: '#123456'", text[start:], count=1)
    assert any("system_data.formations.a40.color: 1.5:" in p for p in _problems(bad))


# ----------------------------------------------------------------------------- charts


def test_crt_results_read_as_7_5_to_7_7_say():
    result = parse_result("1*/2R+")
    assert result.attacker == Half(1, False, True)
    assert result.defender == Half(2, True, False)
    assert result.breakthrough
    assert parse_result("-/3R").defender == Half(3, True, False)
    for bad in ("1-2", "0/1", "-*/1", "1/-+", "x/1"):
        with pytest.raises(ValueError):
            parse_result(bad)


def test_every_crt_block_is_there_and_reads(campaign):
    crt = campaign.system_data["crt"]
    assert set(crt["attack_types"]) == {"mobile", "normal", "prepared"}
    assert {k: v["column_shift"] for k, v in crt["attack_types"].items()} == {"mobile": -1, "normal": 0, "prepared": 1}
    assert {k: v["op_cost"] for k, v in crt["attack_types"].items()} == {"mobile": 1, "normal": 3, "prepared": 5}
    for cls, blocks in crt["blocks"].items():
        for attack, table_id in blocks.items():
            table = campaign.tables[table_id]
            assert table.columns == crt["columns"]
            cells = [parse_result(c) for row in table.rows.values() for c in row]
            assert any(c.defender.retreat for c in cells)
            assert any(c.breakthrough for c in cells) == (cls != "urban")


def test_a_bad_crt_cell_is_refused_with_its_file_and_line():
    text = CAMPAIGN.read_text(encoding="utf-8")
    start = text.index("  crt_open_normal:")
    row = text.index("      '7': [", start)
    end = text.index("]", row)
    cells = text[row:end].split(", ")
    cells[3] = "2/x"
    bad = text[:row] + ", ".join(cells) + text[end:]
    line = bad[:row].count("\n") + 1
    assert any(p.startswith(f"k43.yaml:{line}: tables.crt_open_normal.rows[7][3]: 7.5:") for p in _problems(bad))


def test_charts_cover_every_terrain_ground_state_turn_and_posture(campaign):
    data = campaign.system_data
    assert set(data["terrain_chart"]["terrain"]) == set(campaign.map.terrain_types)
    assert data["terrain_chart"]["hexsides"]["major_river"]["mud"] is None  # 12: by bridge only in mud
    assert data["movement_table"]["snow"]["extra_op_per_hex"] == 1 and data["movement_table"]["snow"]["exempt_kinds"] == ["ski"]
    assert sorted(t for ts in data["weather"]["periods"].values() for t in ts) == list(range(1, 13))
    assert sorted(campaign.tables["replacements"].rows) == list(range(1, 13))
    assert set(campaign.tables["air_support"].columns) == {"german", "soviet"}
    assert set(data["postures"]) == {"mobile", "normal", "prepared"}


def test_a_system_data_problem_is_reported_with_its_file_and_line():
    text = CAMPAIGN.read_text(encoding="utf-8")
    bad = text.replace("    lowest_row: 0\n", "    lowest_row: low\n", 1)
    line = _line_of(bad, "    lowest_row: low")
    assert any(p.startswith(f"k43.yaml:{line}: system_data.crt.lowest_row:") for p in _problems(bad))


# ----------------------------------------------------------------------------- scenarios (18)


def test_campaign_runs_twelve_turns_from_1_february_to_19_march(campaign):
    dates = [t.date for t in campaign.turns]
    assert len(dates) == 12 and dates[0] == "1943-02-01" and dates[-1] == "1943-03-17"
    rules = campaign.system_data["special_rules"]
    assert rules["first_turn_weather"] == {"air": "clear", "ground": "frozen"}


def test_gallop_plays_hexrows_14_to_30_for_five_turns(gallop):
    grid = grid_for(gallop)
    assert [t.date for t in gallop.turns][-1] == "1943-02-17"
    assert gallop.system_data["special_rules"]["play_rows"] == [14, 30]
    rows = {grid.row_col(p.hex)[0] for p in gallop.setup.placements if p.hex}
    assert min(rows) >= 14 and max(rows) <= 30
    used = {r.entry for r in gallop.reinforcements}
    for a_id in used:
        assert all(14 <= grid.row_col(h)[0] <= 30 for h in gallop.map.areas[a_id].hexes)


def test_gallop_set_up_starts_from_the_320_id_without_212_and_320_soviet(gallop, campaign):
    units = {u.id for u in gallop.units}
    assert {"d320_585", "d320_586", "d320_587"} <= units
    assert not {"lah_pz", "gd_pz", "d168_417", "d298_kg"} & units
    assert not {"su_212tr", "su_320rd"} & units
    fronts = gallop.system_data["formations"]
    assert {fronts[u.formation]["front"] for u in gallop.units if gallop.unit_types[u.type].side == "soviet"} == {"southwest"}
    assert {r.entry for r in gallop.reinforcements if r.side == "german"} <= {"de_iv", "de_v", "de_vi", "de_vii", "de_viii"}
    assert gallop.system_data["special_rules"]["exits"] == [
        {"formation": "d320", "edge": "north", "by_end_of_turn": 4, "failing_counts_for": "soviet"}]


def test_a_gallop_unit_outside_its_hexrows_is_refused_18_2():
    text = GALLOP.read_text(encoding="utf-8")
    bad = text.replace("  - unit: d320_585\n    hex: '1528'", "  - unit: d320_585\n    hex: '1328'", 1)
    assert any("18.2: only hexrows 14xx-30xx are in play" in p for p in _problems(bad))


def test_entry_areas_lie_on_the_edges_their_reinforcements_came_from_15_1(campaign):
    grid = grid_for(campaign)
    areas = campaign.map.areas
    german = {a.name.split()[-1]: a for a in areas.values() if a.kind == "entry" and a.side == "german"}
    assert sorted(german) == sorted(["I", "II", "III", "IV", "V", "VI", "VII", "VIII"])
    west, south, north, east = (set(grid.edge_ids(e)) for e in ("west", "south", "north", "east"))
    for numeral in ("I", "II", "III", "IV"):
        assert set(german[numeral].hexes) <= west
    for numeral in ("V", "VI", "VII", "VIII"):
        assert set(german[numeral].hexes) <= south
    soviet = {a.name.split()[-1]: a for a in areas.values() if a.kind == "entry" and a.side == "soviet"}
    for letter in ("A", "B", "C"):
        assert set(soviet[letter].hexes) <= north
    for letter in ("D", "E", "F"):
        assert set(soviet[letter].hexes) <= east
    assert "tk_pz" in campaign.system_data["rail_arrivals"]  # Totenkopf detrained at Poltava (15.2)


def test_victory_places_are_on_the_map_where_the_rules_name_them(campaign, gallop):
    named = {**{k: c.hexes[0] for k, c in campaign.map.cities.items()}, **{k: p.hex for k, p in campaign.map.places.items()}}
    soviet = campaign.system_data["victory"]["soviet"]
    assert [c["level"] for c in soviet] == ["tactical", "operational", "strategic"]
    assert soviet[0]["groups"][0]["at_least"] == 5 and len(soviet[0]["groups"][0]["places"]) == 7
    assert named["kharkov"] == "0819" and named["belgorod"] == "0222" and named["novaya_vodolaga"] == "1116"
    grid = grid_for(gallop)
    for place in gallop.system_data["victory"]["soviet"][0]["groups"][0]["places"]:
        assert 14 <= grid.row_col(named[place])[0] <= 30
    text = CAMPAIGN.read_text(encoding="utf-8")
    assert any("18: 'atlantis' is not a city or place of the map" in p for p in _problems(text.replace("[belgorod, novaya_vodolaga,", "[belgorod, atlantis,", 1)))


def test_set_up_respects_stacking_and_keeps_the_sides_apart(campaign):
    text = CAMPAIGN.read_text(encoding="utf-8")
    assert not _problems_or_none(text)
    moved = text.replace("  - unit: su_100rd\n    hex: '0116'", "  - unit: su_100rd\n    hex: '0222'", 1)
    assert any("holds units of both sides" in p for p in _problems(moved))
    crowded = text
    for uid in ("su_5gtc", "su_25grd", "su_183rd", "su_305rd"):
        crowded = re.sub(rf"  - unit: {uid}\n    hex: '\d+'", f"  - unit: {uid}\n    hex: '0118'", crowded, count=1)
    assert any("5: hex 0118 holds more than 10 stacking points" in p for p in _problems(crowded))


def _problems_or_none(text: str) -> list[str]:
    try:
        loads_scenario(text, "k43.yaml")
    except ScenarioError as exc:
        return [str(p) for p in exc.problems]
    return []


def test_sources_name_every_reconstructed_chart_in_the_docs():
    docs = (ROOT / "docs" / "reconstruction" / "kharkov-1943.md").read_text(encoding="utf-8")
    data = yaml.safe_load(CAMPAIGN.read_text(encoding="utf-8"))["system_data"]
    for item in data["reconstructed"]:
        assert item.lower() in docs.lower(), item


def test_german_entry_areas_are_numbered_i_to_viii_15_1():
    text = CAMPAIGN.read_text(encoding="utf-8")
    bad = text.replace("name: German entry area VIII\n", "name: German entry area IX\n", 1)
    assert any("15.1: the German entry areas are I to VIII" in p for p in _problems(bad))


def test_a_ground_weather_that_is_no_ground_state_is_refused_14_1():
    text = CAMPAIGN.read_text(encoding="utf-8")
    start = text.index("  weather_ground:")
    row = text.index("      '1': [frozen, frozen, frozen]", start)
    bad = text[:row] + "      '1': [frozen, slush, frozen]" + text[row + len("      '1': [frozen, frozen, frozen]"):]
    line = bad[:row].count("\n") + 1
    assert any(p.startswith(f"k43.yaml:{line}: tables.weather_ground.rows[1][1]: 14.1: 'slush'") for p in _problems(bad))

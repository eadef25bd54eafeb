"""Kharkov 1943 odds (7.1, 7.4, 11): the figures :func:`odds.preview` gives before the roll, case
by case, written from the survivors of the mutation run (docs/mutation.md)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kharkov1943 import odds

from .k43_helpers import GE_HQ, INF, INF2, PZ, SU_DIV, SU_HQ, bare, campaign

T, W, BESIDE = "2703", "2702", "2704"  # the attacked hex (clear all round), two of its neighbours
GUNS = "de_art_lanz"  # German artillery (campaign)


def test_11_1_a_hex_holds_the_weakest_posture_of_its_units():
    state = bare({INF: T, INF2: T})
    assert odds.hex_posture(state, T) == "normal"
    state.game["posture"] = {INF: "pdm", INF2: "pdp"}
    assert odds.hex_posture(state, T) == "pdm"
    state.game["posture"] = {INF: "pdp", INF2: "pdp"}
    assert odds.hex_posture(state, T) == "pdp"


def test_7_1_artillery_beside_the_hex_backs_the_defence_of_a_prepared_attack_only():
    state = bare({INF: T, GUNS: BESIDE, INF2: BESIDE, SU_DIV: W}, side="soviet", of=campaign)
    assert odds.artillery_support(state, T, "german") == [GUNS]  # not the infantry beside it
    assert odds.artillery_support(state, W, "soviet") == []  # nor the enemy's guns
    prepared = odds.preview(state, [SU_DIV], T, types=("prepared",))
    assert [(x.unit, x.role) for x in prepared.defenders] == [(INF, "defender"), (GUNS, "artillery")]
    normal = odds.preview(state, [SU_DIV], T, types=("normal",))
    assert [x.unit for x in normal.defenders] == [INF]
    assert prepared.defense > normal.defense


def test_7_4_a_previews_chance_of_a_cell_is_its_share_of_the_36_rolls():
    state = bare({INF: W, SU_DIV: T})
    p = odds.preview(state, [INF], T)
    for cell, share in p.results:
        assert p.chance(cell) == share
    assert p.chance("no such cell") == Fraction(0)
    assert sum(p.chance(cell) for cell, _ in p.results) == 1


def test_7_4_the_regiments_left_of_a_division_attacking_together_still_get_its_bonus():
    state = bare({"d320_585": W, "d320_587": W, SU_DIV: T})
    state.to_box("d320_586", "eliminated")
    p = odds.preview(state, ["d320_585", "d320_587"], T)
    assert dict(p.drms)["all regiments of d320 together 7.4"] == 1


def test_7_4_a_division_with_one_regiment_never_attacks_as_a_whole():
    state = bare({"d298_528": W, "d298_kg": W, SU_DIV: T}, of=campaign)
    p = odds.preview(state, ["d298_528", "d298_kg"], T)
    assert not [why for why, _ in p.drms if why.startswith("all regiments")]


def test_7_4_artillery_hqs_and_supply_heads_have_no_size():
    state = bare({GUNS: W}, of=campaign)
    assert [odds.size(state, u) for u in (GUNS, "de_werfer", "de_hq_iiipzk", "su_sh_swf")] == [0, 0, 0, 0]
    assert odds.size(state, INF) == 1  # a regiment, whose echelon the guns share


def test_7_4_a_unit_that_lost_half_its_steps_counts_one_size_less():
    corps, division, kg, brigade = "su_5gtc", "su_48grd", "d298_kg", "su_115tb"  # 4, 3, 2 and 2 steps
    units = (corps, division, kg, brigade, INF)
    state = bare({corps: T, division: T, brigade: T, kg: W, INF: W}, of=campaign)
    for uid in units:
        state.units[uid].step = 0  # at full strength (the Kampfgruppe starts the campaign reduced)
    assert [odds.size(state, u) for u in units] == [3, 2, 1, 1, 1]
    for uid, lost in zip(units, (2, 2, 1, 1, 1)):
        state.units[uid].step = lost
    assert [odds.size(state, u) for u in units] == [2, 1, 0, 0, 0]
    state.units[corps].step, state.units[division].step = 1, 1  # less than half lost
    assert [odds.size(state, u) for u in (corps, division)] == [3, 2]


def test_7_4_a_battalion_has_no_size():
    state = bare({"su_ski1": T})
    assert state.board.units["su_ski1"].values.echelon == "battalion" and odds.size(state, "su_ski1") == 0


def test_7_4_an_armoured_division_counts_as_a_corps(monkeypatch):
    """No counter of the shipped scenarios is an armoured division; the rule gives it the corps'
    sizes, so the test makes one of a tank corps."""
    import dataclasses

    state = bare({"su_5gtc": T}, of=campaign)
    info = state.board.units["su_5gtc"]
    monkeypatch.setitem(state.board.units, "su_5gtc",
                        dataclasses.replace(info, values=info.values.model_copy(update={"echelon": "division"})))
    state.units["su_5gtc"].step = 0
    assert odds.size(state, "su_5gtc") == 3
    state.units["su_5gtc"].step = 2
    assert odds.size(state, "su_5gtc") == 2


def test_7_4_the_crt_block_is_the_attacked_hexs_terrain_class_and_the_attack_type(monkeypatch):
    state = bare({}, of=campaign)
    town = next(h for h in sorted(state.board.in_play) if state.board.map.terrain(h) == "town")
    assert odds.block_for(state, T, "normal") == "crt_open_normal"
    assert odds.block_for(state, "1407", "mobile") == "crt_broken_mobile"  # a village
    assert odds.block_for(state, town, "prepared") == "crt_urban_prepared"
    monkeypatch.setattr(state.board.map, "terrain", lambda hex_id: "lake")
    with pytest.raises(IllegalAction, match=r"^7\.4: the CRT has no block for lake terrain at 2703"):
        odds.block_for(state, T, "normal")


def test_3_5_9_3_7_4_an_attackers_values_are_cut_in_order_each_cut_named_with_its_case():
    state = bare({PZ: W, SU_DIV: T})
    state.game["fatigue"], state.game["supply"] = {PZ: 1}, {PZ: "isolated"}
    town = next(h for h in sorted(state.board.in_play) if state.board.map.terrain(h) == "town")
    line = odds.attacker_line(state, PZ, town)
    assert (line.combat, line.armor, line.antitank) == (2, 2, 5)  # 5, a quarter off 4, halved 2; armour 5, 3, 2
    assert line.note == ("fatigue 1, a quarter off 3.5, isolated: attacks halved 9.3, "
                         "armour 5 to 3 by supply 9.2-9.3, armour halved attacking a town or village 7.4")


def test_3_5_9_3_11_2_a_defenders_values_are_cut_then_raised_each_change_named_with_its_case():
    state = bare({PZ: W, "su_48grd": T})
    state.game["fatigue"], state.game["supply"] = {"su_48grd": 2}, {"su_48grd": "out_of_supply"}
    state.game["posture"] = {"su_48grd": "pdp"}
    line = odds.defender_line(state, "su_48grd", True)
    assert (line.combat, line.antitank) == (4, 4)  # 5 halved 3, halved 2, +2; anti-tank 2 + 2
    assert line.note == "fatigue 2, halved 3.5, out of supply: defends halved 9.3, prepared position +2 combat and anti-tank 11.2"


def test_1_2_artillery_defends_weakly_only_alone_and_says_so():
    state = bare({GUNS: T, "de_werfer": BESIDE}, of=campaign)
    guns, rockets = odds.defender_line(state, GUNS, True), odds.defender_line(state, "de_werfer", True)
    assert (guns.combat, guns.antitank, guns.note) == (2, 1, "artillery alone: halved, anti-tank 1 1.2")
    assert (rockets.combat, rockets.note) == (1, "rocket artillery alone defends with 1 1.2")
    stacked = odds.defender_line(state, "de_werfer", False)
    assert (stacked.combat, stacked.note) == (3, "")


def test_7_4_odds_below_the_crts_first_column_are_read_on_it():
    cols = ["1:3", "1:2", "1:1", "2:1", "3:1"]
    assert odds.odds_column(1, 20, cols) == ("1:3", True)
    assert odds.odds_column(10, 35, cols) == ("1:3", True)  # 1:3.5 is 1:4, beyond the table
    assert odds.odds_column(10, 34, cols) == ("1:3", False)  # 1:3.4 is 1:3
    assert odds.odds_column(7, 7, cols) == ("1:1", False)


def test_9_4_a_supply_head_in_the_attacked_hex_does_not_defend_it():
    state = bare({INF: W, SU_DIV: T, "su_sh_swf": T})
    assert [x.unit for x in odds.preview(state, [INF], T).defenders] == [SU_DIV]


def test_1_2_the_preview_halves_artillery_only_when_it_defends_alone():
    alone = bare({GUNS: T, SU_DIV: W}, side="soviet", of=campaign)
    assert [(x.unit, x.combat) for x in odds.preview(alone, [SU_DIV], T).defenders] == [(GUNS, 2)]
    stacked = bare({GUNS: T, INF: T, SU_DIV: W}, side="soviet", of=campaign)
    assert dict((x.unit, x.combat) for x in odds.preview(stacked, [SU_DIV], T).defenders)[GUNS] == 3


def test_7_4_shifts_and_die_modifiers_beyond_the_crt_stop_at_its_last_column_and_row():
    state = bare({PZ: W, INF: W, INF2: W, "su_ski1": T})
    p = odds.preview(state, [PZ, INF, INF2], T, types=("prepared",))
    assert (p.base_column, sum(n for _, n in p.shifts), p.column, p.modifier) == ("6:1", 5, "6:1", 4)
    assert p.results == (("-/4R*+", Fraction(33, 36)), ("-/3R*+", Fraction(2, 36)), ("-/3R*", Fraction(1, 36)))


def test_7_4_shifts_and_die_modifiers_below_the_crt_stop_at_its_first_column_and_row():
    state = bare({PZ: T, INF: T, INF2: T, "su_ski1": W}, side="soviet")
    p = odds.preview(state, ["su_ski1"], T, types=("mobile",))
    assert (p.base_column, dict(p.shifts), p.column, p.modifier) == ("1:3", {"Mobile attack 7.1": -1}, "1:3", -3)
    assert p.results == (("3*/-", Fraction(21, 36)), ("2*/-", Fraction(9, 36)), ("1/1", Fraction(5, 36)), ("1/1R", Fraction(1, 36)))


def test_7_4_the_preview_halves_armour_attacking_a_town():
    state = bare({})
    town = next(h for h in sorted(state.board.in_play) if state.board.map.terrain(h) == "town")
    beside = state.board.nbrs[town][0]
    state = bare({PZ: beside, SU_DIV: town})
    assert [(x.unit, x.armor) for x in odds.preview(state, [PZ], town).attackers] == [(PZ, 3)]


TIGER, TANKS, SU3 = "gd_tiger", "su_115tb", "su_48grd"  # campaign: German heavy tanks; a Soviet tank brigade; a rifle division


def test_7_4_heavy_and_german_armour_defending_against_soviet_armour():
    state = bare({TIGER: T, TANKS: W, SU3: W}, side="soviet", of=campaign)
    drms = dict(odds.preview(state, [TANKS], T).drms)
    assert drms["heavy tanks defending against armour 7.4"] == -1
    assert drms["German armour defending against Soviet armour only 7.4"] == -1
    mixed = dict(odds.preview(state, [TANKS, SU3], T).drms)
    assert mixed["heavy tanks defending against armour 7.4"] == -1
    assert "German armour defending against Soviet armour only 7.4" not in mixed


def test_7_4_heavy_tanks_gain_nothing_against_a_defender_without_armour():
    state = bare({TIGER: W, SU3: T}, of=campaign)
    assert dict(odds.preview(state, [TIGER], T).drms) == {"unit sizes 7.4": -2}
    stacked = bare({TIGER: T, INF: T, SU3: W}, side="soviet", of=campaign)
    assert dict(odds.preview(stacked, [SU3], T).drms) == {"unit sizes 7.4": 1}  # no armour attacks the tigers


def test_7_4_engineers_defending_a_village_count_against_the_attacker():
    village = "1407"  # clear all round, no river (test_k43_combat)
    beside = bare({}, of=campaign).board.nbrs[village][0]
    state = bare({"gd_pio": village, INF: village, SU3: beside}, side="soviet", of=campaign)
    assert dict(odds.preview(state, [SU3], village).drms)["engineers in a town or village 7.4"] == -1


def test_12_the_bridge_modifier_needs_every_attacker_across_a_bridge():
    a, b = "0309", "0409"  # a bridged hexside between clear hexes (test_k43_combat)
    state = bare({}, of=campaign)
    dry = next(n for n in sorted(state.board.nbrs[b]) if not state.board.map.hexside_features(n, b))
    both = bare({INF: a, INF2: dry, SU3: b}, of=campaign)
    assert not [why for why, _ in odds.preview(both, [INF, INF2], b).drms if "bridge" in why]
    across = bare({INF: a, INF2: a, SU3: b}, of=campaign)
    assert dict(odds.preview(across, [INF, INF2], b).drms)["every attacker across a bridge 7.4"] == -1


def test_1_4_a_supporting_hq_adds_its_combat_value_to_its_side():
    state = bare({INF: W, GE_HQ: "2701", SU_DIV: T, SU_HQ: "2805"})
    p = odds.preview(state, [INF], T, support={"attacker": GE_HQ, "defender": SU_HQ})
    assert p.attackers[1:] == (odds.Line(GE_HQ, "support", 3, 0, 0, "HQ combat support 1.4"),)
    assert p.defenders[1:] == (odds.Line(SU_HQ, "support", 2, 0, 0, "HQ combat support 1.4"),)
    assert (p.attack, p.defense) == (6, 6)
    alone = odds.preview(state, [INF], T)
    assert (alone.attack, alone.defense, len(alone.attackers), len(alone.defenders)) == (3, 4, 1, 1)


def test_1_1_armour_and_anti_tank_values_follow_the_units_kind_and_step():
    state = bare({PZ: W, SU_DIV: T, GE_HQ: "2701", SU_HQ: "2805", INF: W, "lah_aa": W}, of=campaign)
    values = {u: (odds.armor_now(state, u), odds.antitank_now(state, u)) for u in (PZ, SU_DIV, GE_HQ, SU_HQ, INF, "lah_aa")}
    assert values == {PZ: (5, 5), SU_DIV: (0, 2), GE_HQ: (3, 3), SU_HQ: (0, 2), INF: (0, 0), "lah_aa": (2, 2)}  # recon: half of 3, up
    state.units[PZ].step, state.units[SU_DIV].step = 1, 1
    assert (odds.armor_now(state, PZ), odds.antitank_now(state, PZ), odds.antitank_now(state, SU_DIV)) == (3, 3, 1)
    assert odds.antitank_now(state, "gd_aa") == 1  # recon of combat 2: half of it


def test_7_1_supporting_artillery_adds_its_combat_value_only_armour_and_anti_tank_none():
    state = bare({INF: T, GUNS: BESIDE, SU_DIV: W}, side="soviet", of=campaign)
    prepared = odds.preview(state, [SU_DIV], T, types=("prepared",))
    guns = [x for x in prepared.defenders if x.role == "artillery"]
    assert [(x.unit, x.armor, x.antitank, x.note) for x in guns] == [(GUNS, 0, 0, "artillery supporting a prepared defence 7.1")]


def test_7_1_the_computer_players_odds_query_is_refused_outside_its_own_activation():
    from kharkovsuite.rules import kharkov1943

    state = bare({INF: W, SU_DIV: T})
    with pytest.raises(IllegalAction) as info:
        kharkov1943.attack_preview(state, "german", [INF], T)
    assert (info.value.case, info.value.reason) == ("7.1", "only the german player's open activation may attack")

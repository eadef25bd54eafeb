"""Combat: who may attack, strengths, odds, shifts and the die (9.1-9.4, 9.8, 9.9, 11.43, 12.0, 13.1, 15.3).

Neighbours used below (E, NE, NW, W, SW, SE):
0404: 0403 0304 0305 0405 0505 0504     0504: 0503 0403 0404 0505 0604 0603
0505: 0504 0404 0405 0506 0605 0604     0506: 0505 0405 0406 0507 0606 0605
0708: 0707 0607 0608 0709 0808 0807 (0707/0708 is a Major River hexside)
0304: 0303 0203 0204 0305 0404 0403 (0303/0304 and 0304/0403 are Minor River hexsides)
"""
from fractions import Fraction

import pytest
from k42_helpers import Dice, last, position, reveal_as

from kharkovsuite.engine import Attack, CommitAir, DeclineAir, IllegalAction
from kharkovsuite.engine.events import AttackDeclared, DiceRolled
from kharkovsuite.rules.kharkov1942 import combat, hq, supply


def fight(state, attackers, targets, *rolls, draws=None, air=()):
    """Declare an attack with scripted dice; answer Air Point decisions (commit for roles in ``air``)."""
    state.rng = Dice(*rolls, draws=draws)
    events = state.apply(Attack(attackers=tuple(attackers), targets=tuple(targets)))
    while state.pending and state.pending[-1].kind == "air":
        role = state.pending[-1].data["role"]
        events += state.apply(CommitAir() if role in air else DeclineAir())
    return events


def resolved(events):
    return last(events, "CombatResolved")


# ----------------------------------------------------------------------------- odds (9.0, 9.83)

COLUMNS = ["1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1", "8-1", "9-1", "10-1"]


def column(a, d, shift=0):
    return COLUMNS[combat.shifted_column(COLUMNS, combat.base_column(COLUMNS, Fraction(a), Fraction(d)), shift)]


def test_9_0_29_to_10_is_2_1():
    assert column(29, 10) == "2-1"


def test_9_0_ratios_below_one_round_in_the_defenders_favour():
    assert column(10, 20) == "1-2"
    assert column(10, 21) == "1-3"
    assert column(10, 29) == "1-3"


def test_9_83_1_15_shifted_one_column_in_the_attackers_favour_is_1_2():
    assert column(1, 15, +1) == "1-2"


def test_9_83_odds_above_10_1_use_10_1_and_never_leave_the_table():
    assert column(25, 1) == "10-1"
    assert column(25, 1, +2) == "10-1"
    assert column(1, 25, -3) == "1-3"


def test_9_4_the_result_is_read_from_the_crt():
    state = position({"ge-1": "0505", "su-g1": "0504"}, phase="axis-combat")
    events = fight(state, ["ge-1"], ["0504"], 1)  # 9 to 5: 1-1, die 1: D1
    assert (resolved(events).column, resolved(events).result) == ("1-1", "D1")


# ----------------------------------------------------------------------------- the worked examples


def test_9_32_a_5_across_the_donets_with_an_8_totals_10_5():
    state = position({"su-t1": "0707", "su-t2": "0709", "ge-1": "0708"}, phase="soviet-combat", turn=4)
    reveal_as(state, "su-t1", 5, 5, 11)
    reveal_as(state, "su-t2", 8, 8, 11)
    events = fight(state, ["su-t1", "su-t2"], ["0708"], 6, 3)  # morale die 6 on turn 4: no shift
    assert resolved(events).attack == "10.5"


def test_9_9_two_9_8s_against_a_5_5_11_tank_brigade_drop_from_3_1_to_2_1():
    state = position({"ge-1": "0505", "ge-2": "0404", "su-t1": "0504"}, phase="axis-combat")
    reveal_as(state, "su-t1", 5, 5, 11)
    r = resolved(fight(state, ["ge-1", "ge-2"], ["0504"], 3))
    assert (r.attack, r.defense, r.base_column, r.column) == ("18", "5", "3-1", "2-1")
    assert ("armor superiority 9.9", -1) in r.shifts


def test_9_9_no_shift_when_both_sides_have_armor():
    state = position({"pz-1a": "0505", "su-t1": "0504"}, phase="axis-combat")
    reveal_as(state, "su-t1", 1, 1, 11)
    r = resolved(fight(state, ["pz-1a"], ["0504"], 3))
    assert r.shifts == () and r.column == r.base_column == "3-1"


def test_9_9_the_side_with_armor_alone_gains_a_column_attacking_too():
    state = position({"pz-1a": "0505", "su-r1": "0504"}, phase="axis-combat")
    reveal_as(state, "su-r1", 1, 1, 7, pool="rifle")
    r = resolved(fight(state, ["pz-1a"], ["0504"], 3))
    assert (r.base_column, r.column) == ("3-1", "4-1")


def test_15_33_a_9_8_in_a_city_with_a_garrison_of_1_defends_with_19():
    state = position({"ge-1": "0508", "su-t1": "0507"}, phase="soviet-combat", turn=4, garrisons={"0508": 1})
    reveal_as(state, "su-t1", 5, 5, 11)
    r = resolved(fight(state, ["su-t1"], ["0508"], 6, 3))
    assert r.defense == "19" and r.garrison == 1


def test_15_32_a_garrison_alone_defends_with_its_printed_strength():
    state = position({"su-t1": "0507"}, phase="soviet-combat", turn=4, garrisons={"0509": 2})
    reveal_as(state, "su-t1", 5, 5, 11)
    assert Attack(attackers=("su-t1",), targets=("0508",)) not in state.legal_actions()
    state2 = position({"su-t1": "0508"}, phase="soviet-combat", turn=4, garrisons={"0509": 2})
    reveal_as(state2, "su-t1", 5, 5, 11)
    r = resolved(fight(state2, ["su-t1"], ["0509"], 6, 3))
    assert r.defense == "2"


def test_9_31_forest_doubles_defense_only():
    state = position({"ge-1": "0705", "su-g1": "0704"}, phase="soviet-combat", turn=4)
    r = resolved(fight(state, ["su-g1"], ["0705"], 6, 3))
    assert (r.attack, r.defense) == ("4", "18")


def test_11_43_out_of_supply_halves_dropping_fractions_never_below_one(monkeypatch):
    monkeypatch.setattr(supply, "in_supply", lambda state, unit: False)
    state = position({"ge-1": "0505", "ge-4": "0404", "su-g1": "0504"}, phase="axis-combat")
    state.units["ge-4"].step = 2  # a 1-8
    r = resolved(fight(state, ["ge-1", "ge-4"], ["0504"], 3))
    assert (r.attack, r.defense) == ("5", "2")  # 9 -> 4, 1 -> 1 (not 0); 5 -> 2


def test_9_34_the_forest_doubling_comes_before_the_supply_halving(monkeypatch):
    monkeypatch.setattr(supply, "in_supply", lambda state, unit: False)
    state = position({"su-g1": "0705", "ge-1": "0706"}, phase="axis-combat")  # 0705: forest
    value, how = combat.defense_strength(state, "su-g1", set())
    assert value == 5 and how == "5 x2 terrain 9.31 /2 out of supply 11.43"  # 5 x2 = 10, /2 = 5 (not 5/2 -> 2, x2 = 4)


def test_9_34_the_river_halving_keeps_its_fraction_before_the_supply_halving(monkeypatch):
    monkeypatch.setattr(supply, "in_supply", lambda state, unit: False)
    state = position({"su-r1": "0707", "ge-1": "0708"}, phase="soviet-combat", turn=4)
    reveal_as(state, "su-r1", 7, 3, 7, pool="rifle")
    value, how = combat.attack_strength(state, "su-r1", ["0708"], set())
    assert value == 1 and how == "7 /2 across a Major River 9.32 /2 out of supply 11.43"  # 3 1/2, /2 -> 1 (not 3 -> 1 1/2)


# ----------------------------------------------------------------------------- rivers (9.32, 9.33, 6.3)


def test_9_33_all_attackers_across_a_minor_river_add_one_to_the_die():
    state = position({"su-g1": "0303", "ge-1": "0304"}, phase="soviet-combat", turn=4)
    events = fight(state, ["su-g1"], ["0304"], 6, 2)
    assert last(events, "DiceRolled").modified == 3 and resolved(events).modifier == 1


def test_9_33_no_bonus_when_one_attacker_is_not_across():
    state = position({"su-g1": "0303", "su-r1": "0305", "ge-1": "0304"}, phase="soviet-combat", turn=4)
    reveal_as(state, "su-r1", 2, 3, 7, pool="rifle")
    events = fight(state, ["su-g1", "su-r1"], ["0304"], 6, 2)
    assert resolved(events).modifier == 0


def test_9_32_only_the_unit_across_the_major_river_is_halved():
    state = position({"su-g1": "0707", "ge-1": "0708"}, phase="soviet-combat", turn=4)
    r = resolved(fight(state, ["su-g1"], ["0708"], 6, 3))
    assert r.attack == "2" and "9.32" in r.attackers[0][2]


def test_6_3_no_attack_across_the_dnieper_away_from_a_road():
    state = position({"ge-1": "0909", "ge-2": "0908", "su-g1": "1008"}, phase="axis-combat")
    legal = state.legal_actions()
    assert Attack(attackers=("ge-2",), targets=("1008",)) in legal
    assert Attack(attackers=("ge-1",), targets=("1008",)) not in legal
    with pytest.raises(IllegalAction) as err:
        state.apply(Attack(attackers=("ge-1",), targets=("1008",)))
    assert str(err.value) == "6.3: ge-1 may attack across the Dnieper only along a road"


# ----------------------------------------------------------------------------- who attacks what (9.1, 9.2)


def test_9_11_attackers_must_be_adjacent():
    state = position({"ge-1": "0506", "su-g1": "0504"}, phase="axis-combat")
    with pytest.raises(IllegalAction) as err:
        state.apply(Attack(attackers=("ge-1",), targets=("0504",)))
    assert err.value.case == "9.23"


def test_9_23_every_attacker_adjacent_to_every_target_hex():
    state = position({"ge-1": "0505", "ge-2": "0405", "su-g1": "0504", "su-r1": "0404"}, phase="axis-combat")
    legal = state.legal_actions()
    assert Attack(attackers=("ge-1",), targets=("0404", "0504")) in legal
    assert Attack(attackers=("ge-1", "ge-2"), targets=("0404", "0504")) not in legal
    with pytest.raises(IllegalAction) as err:
        state.apply(Attack(attackers=("ge-1", "ge-2"), targets=("0404", "0504")))
    assert err.value.case == "9.23"


def test_9_21_all_units_of_a_multi_hex_attack_defend_together():
    state = position({"ge-1": "0505", "su-g1": "0504", "su-r1": "0404"}, phase="axis-combat")
    reveal_as(state, "su-r1", 2, 3, 7, pool="rifle")
    r = resolved(fight(state, ["ge-1"], ["0404", "0504"], 3))
    assert r.defense == "8"


def test_9_14_a_unit_attacks_once_and_a_unit_is_attacked_once():
    state = position({"ge-1": "0505", "ge-2": "0405", "su-g1": "0404", "su-r1": "0504"}, phase="axis-combat")
    reveal_as(state, "su-r1", 1, 9, 7, pool="rifle")
    fight(state, ["ge-1"], ["0504"], 6)  # 9 to 9, 1-1, die 6: A2
    while state.pending:
        state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalAction) as err:
        state.apply(Attack(attackers=("ge-1",), targets=("0404",)))
    assert err.value.case in ("9.14", "9.11")
    if state.units["su-r1"].hex == "0504":
        with pytest.raises(IllegalAction) as err:
            state.apply(Attack(attackers=("ge-2",), targets=("0504",)))
        assert err.value.case == "9.14"


def test_9_14_the_phase_runs_out_of_attacks():
    state = position({"ge-1": "0505", "su-g1": "0504"}, phase="axis-combat")
    fight(state, ["ge-1"], ["0504"], 1)
    while state.pending:
        state.apply(state.legal_actions()[0])
    assert [a.kind for a in state.legal_actions()] == ["EndPhase"]


def test_10_14_hqs_never_attack():
    state = position({"su-hq6": "0404", "ge-1": "0405"}, phase="soviet-combat")
    assert [a.kind for a in state.legal_actions()] == ["EndPhase"]
    with pytest.raises(IllegalAction) as err:
        state.apply(Attack(attackers=("su-hq6",), targets=("0405",)))
    assert err.value.case == "10.14"


def test_10_14_an_hq_alone_defends_with_one():
    state = position({"ge-1": "0505", "su-hq6": "0504"}, phase="axis-combat")
    r = resolved(fight(state, ["ge-1"], ["0504"], 6))
    assert r.defense == "1"


def test_7_32_disrupted_units_may_not_attack():
    state = position({"ge-1": "0505", "su-g1": "0504"}, phase="axis-combat", flags={"ge-1": {"disrupted"}})
    with pytest.raises(IllegalAction) as err:
        state.apply(Attack(attackers=("ge-1",), targets=("0504",)))
    assert err.value.case == "7.32"


def test_9_15_the_command_seam_can_forbid_an_attack(monkeypatch):
    monkeypatch.setattr(hq, "may_attack", lambda state, unit: False)
    state = position({"su-g1": "0504", "ge-1": "0505"}, phase="soviet-combat")
    assert [a.kind for a in state.legal_actions()] == ["EndPhase"]
    with pytest.raises(IllegalAction) as err:
        state.apply(Attack(attackers=("su-g1",), targets=("0505",)))
    assert err.value.case == "9.15"


def test_6_14_no_attack_in_a_movement_phase():
    state = position({"su-g1": "0504", "ge-1": "0505"})
    with pytest.raises(IllegalAction) as err:
        state.apply(Attack(attackers=("su-g1",), targets=("0505",)))
    assert err.value.case == "6.14"


def test_golden_attack_count():
    # 0404: ge-1 and ge-2 adjacent (3 subsets); 0504: ge-1 only (1); both hexes: ge-1 only (1);
    # ge-3 at 0506 touches neither.
    state = position({"ge-1": "0505", "ge-2": "0405", "ge-3": "0506", "su-g1": "0404", "su-r1": "0504"}, phase="axis-combat")
    legal = state.legal_actions()
    assert sum(a.kind == "Attack" for a in legal) == 3 + 1 + 1
    assert len(legal) == 6


# ----------------------------------------------------------------------------- air (13.1)


def test_13_12_attacker_decides_on_air_first_then_the_defender():
    state = position({"ge-1": "0505", "su-g1": "0504"}, phase="axis-combat", turn=2)
    state.rng = Dice(3)
    state.apply(Attack(attackers=("ge-1",), targets=("0504",)))
    assert state.to_act == "axis" and state.pending[-1].data["role"] == "attacker"
    assert set(state.legal_actions()) == {CommitAir(), DeclineAir()}
    state.apply(DeclineAir())
    assert state.to_act == "soviet" and state.pending[-1].data["role"] == "defender"


def test_13_12_the_air_decision_cites_its_case_and_refuses_anything_else():
    from kharkovsuite.rules.kharkov1942 import air

    state = position({"ge-1": "0505", "su-g1": "0504"}, phase="axis-combat", turn=2)
    state.rng = Dice(3)
    state.apply(Attack(attackers=("ge-1",), targets=("0504",)))
    decision = state.pending[-1]
    assert (decision.kind, decision.case) == ("air", "13.12")
    with pytest.raises(IllegalAction) as err:
        air.apply(state, decision, Attack(attackers=("ge-1",), targets=("0504",)), [])
    assert err.value.case == "13.12"
    assert str(err.value).endswith("commit an Air Point with CommitAir() or decline with DeclineAir()")


def test_13_12_committing_and_declining_are_announced():
    from kharkovsuite.engine.events import AirCommitted

    state = position({"ge-1": "0505", "su-g1": "0504"}, phase="axis-combat", turn=2)
    state.rng = Dice(3)
    state.apply(Attack(attackers=("ge-1",), targets=("0504",)))
    committed = [e for e in state.apply(CommitAir()) if isinstance(e, AirCommitted)]
    assert committed == [AirCommitted(side="axis", committed=True, case="13.12")]
    declined = [e for e in state.apply(DeclineAir()) if isinstance(e, AirCommitted)]
    assert declined == [AirCommitted(side="soviet", committed=False, case="13.12")]


def test_13_14_an_air_point_shifts_one_column_and_is_spent():
    state = position({"ge-1": "0505", "su-g1": "0504"}, phase="axis-combat", turn=2)
    r = resolved(fight(state, ["ge-1"], ["0504"], 3, air=("attacker",)))
    assert (r.base_column, r.column) == ("1-1", "2-1")
    assert state.turn_data["air"]["axis"] == 0


def test_13_13_one_air_point_per_side_per_combat():
    state = position({"ge-1": "0505", "su-g1": "0504"}, phase="axis-combat", turn=4)  # Axis: 2 points
    state.rng = Dice(3)
    state.apply(Attack(attackers=("ge-1",), targets=("0504",)))
    state.apply(CommitAir())
    assert state.pending[-1].data["role"] == "defender" and state.turn_data["air"]["axis"] == 1


def test_13_14_both_air_points_cancel():
    state = position({"ge-1": "0505", "su-g1": "0504"}, phase="axis-combat", turn=2)
    r = resolved(fight(state, ["ge-1"], ["0504"], 3, air=("attacker", "defender")))
    assert r.column == r.base_column


def test_13_0_no_air_decision_without_air_points():
    state = position({"ge-1": "0505", "su-g1": "0504"}, phase="axis-combat", turn=1)  # Axis: 0 on turn 1
    state.turn_data["air"]["soviet"] = 0
    state.rng = Dice(3)
    state.apply(Attack(attackers=("ge-1",), targets=("0504",)))
    assert not state.pending or state.pending[-1].kind != "air"


# ----------------------------------------------------------------------------- untried units (12.0)


def test_12_0_untried_strength_is_drawn_at_the_instant_of_combat():
    state = position({"ge-1": "0505", "su-r1": "0504"}, phase="axis-combat")
    assert state.units["su-r1"].values is None
    assert state.observation("soviet")["units"]["su-r1"]["untried"] == "U-7"
    pool_before = sum(state.game["pools"]["rifle"])
    state.rng = Dice(3, draws=[0])
    state.apply(Attack(attackers=("ge-1",), targets=("0504",)))
    assert state.units["su-r1"].values is None  # the Soviet Air Point decision comes first (12.0, 13.11)
    events = state.apply(DeclineAir())
    revealed = last(events, "Revealed")
    assert (revealed.unit, revealed.attack, revealed.defense, revealed.case) == ("su-r1", 1, 2, "12.0b")
    assert sum(state.game["pools"]["rifle"]) == pool_before - 1
    assert state.observation("axis")["units"]["su-r1"]["values"]["defense"] == 2


def test_12_0_a_revealed_unit_stays_revealed():
    state = position({"ge-1": "0505", "su-r1": "0504"}, phase="axis-combat")
    reveal_as(state, "su-r1", 3, 4, 7, pool="rifle")
    events = fight(state, ["ge-1"], ["0504"], 3)
    assert last(events, "Revealed") is None and resolved(events).defense == "4"


# ----------------------------------------------------------------------------- morale (9.8)


def test_9_85_a_3_1_soviet_attack_on_turn_one_with_a_4_becomes_5_1():
    state = position({"su-g1": "0504", "su-r1": "0404", "ge-5": "0505"}, phase="soviet-combat", turn=1)
    reveal_as(state, "su-r1", 2, 3, 7, pool="rifle")
    r = resolved(fight(state, ["su-g1", "su-r1"], ["0505"], 4, 1))
    assert (r.base_column, r.column) == ("3-1", "5-1") and ("Soviet morale 9.85", 2) in r.shifts


def test_9_84_no_morale_bonus_after_turn_four():
    state = position({"su-g1": "0504", "ge-5": "0505"}, phase="soviet-combat", turn=4)
    state.turn = 5
    events = []
    assert combat.morale_shift(state, "soviet", events) == 0 and events == []


def test_9_81_no_morale_bonus_for_axis_attacks():
    state = position({"ge-1": "0505", "su-g1": "0504"}, phase="axis-combat")
    events = []
    assert combat.morale_shift(state, "axis", events) == 0 and events == []


def test_12_0c_untried_attackers_stay_committed_once_the_attack_is_declared():
    state = position({"su-g1": "0504", "su-r1": "0404", "ge-5": "0505", "ge-1": "0305"}, phase="soviet-combat", turn=1)
    state.rng = Dice(1, 1, draws=[0])
    state.apply(Attack(attackers=("su-g1", "su-r1"), targets=("0505",)))
    assert state.pending[-1].kind == "air"
    assert {a.kind for a in state.legal_actions()} == {"CommitAir", "DeclineAir"}  # nothing withdraws
    with pytest.raises(IllegalAction):
        state.apply(Attack(attackers=("su-r1",), targets=("0305",)))  # no switching to another combat
    events = state.apply(DeclineAir())
    assert last(events, "Revealed").unit == "su-r1"
    assert [a[0] for a in resolved(events).attackers] == ["su-g1", "su-r1"]  # fights whatever it showed


def test_12_0d_air_points_are_allocated_before_any_untried_unit_is_revealed():
    state = position({"su-g1": "0504", "su-r1": "0404", "ge-5": "0505"}, phase="soviet-combat", turn=2)
    state.rng = Dice(1, 1, draws=[0])
    events = state.apply(Attack(attackers=("su-g1", "su-r1"), targets=("0505",)))
    assert last(events, "Revealed") is None and state.units["su-r1"].values is None
    roles = []
    while state.pending and state.pending[-1].kind == "air":
        roles.append(state.pending[-1].data["role"])
        assert state.units["su-r1"].values is None  # still hidden while either side decides
        events = state.apply(CommitAir())
    assert roles == ["attacker", "defender"]
    assert last(events, "Revealed").unit == "su-r1"


# ----------------------------------------------------------------------------- the attacks offered (9.11, 9.23)


def attacks_offered(state):
    return [a for a in state.legal_actions() if a.kind == "Attack"]


def test_9_11_every_group_of_the_units_able_to_attack_is_offered_once():
    state = position({"ge-1": "0506", "ge-2": "0506", "su-r1": "0505"}, phase="axis-combat")
    offered = [a.attackers for a in attacks_offered(state)]
    assert sorted(offered) == [("ge-1",), ("ge-1", "ge-2"), ("ge-2",)]


def test_9_23_the_attacks_offered_list_single_hexes_before_sets_of_hexes():
    # ge-1 in 0506 is next to 0505 and 0405, both held by Soviet units
    state = position({"ge-1": "0506", "su-r1": "0505", "su-r2": "0405"}, phase="axis-combat")
    targets = [a.targets for a in attacks_offered(state)]
    assert targets == [("0405",), ("0505",), ("0405", "0505")]


def test_9_11_the_declaration_names_the_attackers_the_target_hexes_and_the_defenders():
    state = position({"ge-1": "0506", "ge-2": "0506", "su-r1": "0505"}, phase="axis-combat")
    events = fight(state, ["ge-1", "ge-2"], ["0505"], 1)
    assert events[0] == AttackDeclared(attackers=("ge-1", "ge-2"), targets=("0505",), defenders=("su-r1",), case="9.11")


def test_9_85_the_morale_die_is_one_six_sided_die_reported_as_rolled():
    import random

    state = position({"su-r1": "0505", "ge-1": "0506"}, phase="soviet-combat", turn=1)
    state.rng = random.Random(7)
    faces = set()
    for _ in range(60):
        events = []
        shift = combat.morale_shift(state, "soviet", events)
        assert events == [DiceRolled(die=events[0].die, purpose="Soviet morale bonus", case="9.85")]
        assert shift == {1: 4, 2: 3, 3: 3, 4: 2, 5: 2, 6: 1}[events[0].die]  # the turn 1 column
        faces.add(events[0].die)
    assert faces == {1, 2, 3, 4, 5, 6}


def test_9_84_a_morale_column_headed_by_a_two_digit_turn_is_that_turns(monkeypatch):
    state = position({"su-r1": "0505", "ge-1": "0506"}, phase="soviet-combat", turn=10)
    table = state.scenario.tables["morale_bonus"]
    monkeypatch.setitem(state.scenario.tables, "morale_bonus", table.model_copy(update={"columns": ["1", "2", "3", "turn-10"]}))
    assert combat.morale_shifts(state, "soviet") == {1: 1, 2: 1, 3: 0, 4: 0, 5: 0, 6: 0}


@pytest.mark.parametrize("attackers", [(), ("ge-1", "ge-1")], ids=["none", "twice"])
def test_9_11_an_attack_names_each_attacking_unit_once(attackers):
    state = position({"ge-1": "0506", "su-r1": "0505"}, phase="axis-combat")
    with pytest.raises(IllegalAction) as err:
        state.apply(Attack(attackers=attackers, targets=("0505",)))
    assert str(err.value) == "9.11: name each attacking unit once"


@pytest.mark.parametrize("targets", [(), ("0505", "0505")], ids=["none", "twice"])
def test_9_23_an_attack_names_each_target_hex_once(targets):
    state = position({"ge-1": "0506", "su-r1": "0505"}, phase="axis-combat")
    with pytest.raises(IllegalAction) as err:
        state.apply(Attack(attackers=("ge-1",), targets=targets))
    assert str(err.value) == "9.23: name each target hex once"


def test_7_32_a_disrupted_unit_is_offered_no_attack():
    state = position({"ge-1": "0506", "ge-2": "0506", "su-r1": "0505"}, phase="axis-combat", flags={"ge-1": {"disrupted"}})
    assert [a.attackers for a in attacks_offered(state)] == [("ge-2",)]


def _refusal(placements, attackers, targets, phase="axis-combat", **kw):
    state = position(placements, phase=phase, **kw)
    with pytest.raises(IllegalAction) as err:
        state.apply(Attack(attackers=attackers, targets=targets))
    return str(err.value)


def test_9_11_an_attack_on_a_hex_off_the_map_is_refused():
    assert _refusal({"ge-1": "0506", "su-r1": "0505"}, ("ge-1",), ("9999",)) == "9.11: 9999 is not a hex of the map"


def test_9_11_only_the_attackers_own_units_attack():
    refused = _refusal({"ge-1": "0506", "su-r1": "0505", "su-r2": "0405"}, ("ge-1", "su-r2"), ("0505",))
    assert refused == "9.11: su-r2 is not a unit of the attacker"


def test_9_14_a_hex_without_enemy_units_is_no_target():
    refused = _refusal({"ge-1": "0506", "su-r1": "0505"}, ("ge-1",), ("0405",))
    assert refused == "9.14: 0405 holds no enemy unit that may still be attacked this phase"


def test_10_14_the_refusal_of_an_hq_attack_names_the_hq():
    refused = _refusal({"ro-hq": "0506", "ge-1": "0506", "su-r1": "0505"}, ("ro-hq",), ("0505",))
    assert refused == "10.14: ro-hq is an HQ and may not attack"


def test_9_14_the_refusal_of_a_second_attack_names_the_unit():
    state = position({"ge-1": "0506", "su-r1": "0505", "su-r2": "0507"}, phase="axis-combat")
    state.phase_data["attacked"].add("ge-1")
    with pytest.raises(IllegalAction) as err:
        state.apply(Attack(attackers=("ge-1",), targets=("0507",)))
    assert str(err.value) == "9.14: ge-1 has already attacked this phase"


def test_9_73_a_unit_that_advanced_after_combat_does_not_attack_again():
    state = position({"ge-1": "0506", "su-r1": "0505"}, phase="axis-combat")
    state.phase_data["advanced"].add("ge-1")
    with pytest.raises(IllegalAction) as err:
        state.apply(Attack(attackers=("ge-1",), targets=("0505",)))
    assert str(err.value) == "9.73: ge-1 advanced after combat and may not attack this phase"


def test_7_32_the_refusal_of_a_disrupted_attacker_names_it():
    refused = _refusal({"ge-1": "0506", "su-r1": "0505"}, ("ge-1",), ("0505",), flags={"ge-1": {"disrupted"}})
    assert refused == "7.32: ge-1 is disrupted and may not attack"


def test_6_51_a_frozen_unit_may_not_attack():
    refused = _refusal({"ge-4": "0706", "su-r1": "0705"}, ("ge-4",), ("0705",), fredericus=True)
    assert refused == "9.15: ge-4 may not attack now"


def test_10_14_an_hq_stacked_with_combat_units_adds_nothing_to_their_defense():
    state = position({"ge-1": "0506", "su-g1": "0505", "su-hq6": "0505"}, phase="axis-combat", turn=2)
    r = resolved(fight(state, ["ge-1"], ["0505"], 6))
    assert [row[0] for row in r.defenders] == ["su-g1"] and r.defense == "5"


def test_9_4_a_defense_totalling_nothing_counts_as_one():
    state = position({"ge-1": "0506", "su-r1": "0505"}, phase="axis-combat")
    reveal_as(state, "su-r1", 1, 0, 7)
    r = resolved(fight(state, ["ge-1"], ["0505"], 6))
    assert (r.defense, r.base_column) == ("1", "9-1")


def test_9_4_the_combat_die_is_one_six_sided_die_reported_as_rolled():
    import random

    start = position({"ge-1": "0506", "su-r1": "0505"}, phase="axis-combat")
    start.turn_data["air"] = {}  # no Air Point decisions
    faces = set()
    for seed in range(40):
        state = start.clone()
        state.rng = random.Random(seed)
        events = state.apply(Attack(attackers=("ge-1",), targets=("0505",)))
        rolled = [e for e in events if e.kind == "DiceRolled"]
        assert rolled == [DiceRolled(die=rolled[0].die, modified=rolled[0].die, purpose="combat", case="9.4")]
        assert resolved(events).die == rolled[0].die
        faces.add(rolled[0].die)
    assert faces == {1, 2, 3, 4, 5, 6}


def test_12_0b_the_revealed_event_carries_the_drawn_movement_allowance():
    state = position({"ge-1": "0505", "su-r1": "0504"}, phase="axis-combat")
    state.rng = Dice(3, draws=[0])
    state.apply(Attack(attackers=("ge-1",), targets=("0504",)))
    revealed = last(state.apply(DeclineAir()), "Revealed")
    assert revealed.movement == state.units["su-r1"].values["movement"]
    assert isinstance(revealed.movement, int) and revealed.movement > 0

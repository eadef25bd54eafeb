"""Combat results (9.5), retreats (9.6), advance after combat (9.7), garrisons (15.3) and HQs (10.13, 10.14).

Neighbours used below (E, NE, NW, W, SW, SE):
0504: 0503 0403 0404 0505 0604 0603     0505: 0504 0404 0405 0506 0605 0604
0402: 0401 0302 0303 0403 0503 0502     0703: 0702 0602 0603 0704 0804 0803
0509: 0508 0408 0409 0510 0609 0608 (City Gorod: 0508, 0509)
At 1-1 the CRT gives, by die: 1 D1, 2 D1/A1, 3 D1/A1, 4 Eng, 5 A1, 6 A2.
"""
import pytest
from k42_helpers import Dice, last, position, reveal_as

from kharkovsuite.engine import (
    Advance,
    Attack,
    ChooseLoss,
    DeclineAir,
    EndAdvance,
    IllegalAction,
    Retreat,
)
from kharkovsuite.engine.events import Advanced, GarrisonDestroyed, Retreated
from kharkovsuite.engine.state import Decision
from kharkovsuite.rules.kharkov1942 import units as unit_values
from kharkovsuite.rules.kharkov1942.retreat import retreat_paths


def fight(state, attackers, targets, *rolls):
    state.rng = Dice(*rolls)
    events = state.apply(Attack(attackers=tuple(attackers), targets=tuple(targets)))
    while state.pending and state.pending[-1].kind == "air":
        events += state.apply(DeclineAir())
    return events


def decision(state):
    return state.pending[-1] if state.pending else None


def axis_vs_guards(extra=None, turn=1):
    """ge-1 (9) at 0505 against the Guards su-g1 (4-5) at 0504: 9 to 5, a 1-1."""
    return position({"ge-1": "0505", "su-g1": "0504"} | (extra or {}), phase="axis-combat", turn=turn)


def guards_and_rifle_take_a_d2():
    """ge-1 and ge-2 (18) against su-g1 and a 1-1 rifle (6) at 0504: 3-1, die 1: D2, the Soviet side to answer."""
    state = axis_vs_guards({"ge-2": "0404", "su-r1": "0504"})
    reveal_as(state, "su-r1", 1, 1, 7, pool="rifle")
    fight(state, ["ge-1", "ge-2"], ["0504"], 1)
    return state


# ----------------------------------------------------------------------------- losses (9.5)


def test_9_56_the_defender_chooses_a_step_loss_or_a_retreat():
    state = axis_vs_guards()
    fight(state, ["ge-1"], ["0504"], 1)  # D1
    d = decision(state)
    assert (state.to_act, d.case) == ("soviet", "9.56")
    legal = state.legal_actions()
    assert ChooseLoss("su-g1") in legal and any(a.kind == "Retreat" for a in legal)


def test_9_56_losses_and_retreat_never_mix():
    state = guards_and_rifle_take_a_d2()
    state.apply(ChooseLoss("su-g1"))
    assert all(a.kind == "ChooseLoss" for a in state.legal_actions())
    with pytest.raises(IllegalAction) as err:
        state.apply(Retreat("su-r1", ("0503",)))
    assert str(err.value) == "9.56: the side chose to lose steps: it may not also retreat"


def test_9_56_a_side_that_retreated_may_not_also_lose_steps():
    state = guards_and_rifle_take_a_d2()
    state.apply(next(a for a in state.legal_actions() if a.kind == "Retreat" and a.unit == "su-g1"))
    assert {(a.kind, a.unit) for a in state.legal_actions()} == {("Retreat", "su-r1")}
    with pytest.raises(IllegalAction) as err:
        state.apply(ChooseLoss("su-r1"))
    assert str(err.value) == "9.56: the side chose to retreat: it may not also lose steps"


def test_9_56_a_combat_result_is_answered_with_a_loss_or_a_retreat_only():
    state = axis_vs_guards()
    fight(state, ["ge-1"], ["0504"], 1)  # D1
    with pytest.raises(IllegalAction) as err:
        state.apply(EndAdvance())
    assert str(err.value) == "9.56: answer the combat result with ChooseLoss(unit) or Retreat(unit, path)"


def test_9_57_only_a_unit_of_the_combat_loses_a_step():
    state = axis_vs_guards({"su-r2": "0502"})
    fight(state, ["ge-1"], ["0504"], 1)  # D1
    with pytest.raises(IllegalAction) as err:
        state.apply(ChooseLoss("su-r2"))
    assert str(err.value) == "9.57: su-r2 is not a unit of this combat that can lose a step"


def test_10_14_an_hq_alone_has_no_step_to_give():
    state = position({"ge-1": "0505", "su-hq6": "0504"}, phase="axis-combat")
    fight(state, ["ge-1"], ["0504"], 6)  # 9 to 1: 9-1, die 6: D2
    with pytest.raises(IllegalAction) as err:
        state.apply(ChooseLoss("su-hq6"))
    assert str(err.value) == "10.14: an HQ has no step to lose: it must retreat"


def test_9_57_two_steps_may_come_from_two_units():
    state = axis_vs_guards({"ge-2": "0404", "su-r1": "0504"})
    reveal_as(state, "su-r1", 1, 1, 7, pool="rifle")
    fight(state, ["ge-1", "ge-2"], ["0504"], 1)  # D2
    lost = last(state.apply(ChooseLoss("su-g1")), "StepLost")
    assert (lost.unit, lost.case) == ("su-g1", "9.57")
    events = state.apply(ChooseLoss("su-r1"))
    assert state.units["su-g1"].step == 1 and state.units["su-r1"].box == "eliminated"
    assert last(events, "Eliminated").unit == "su-r1"


def test_9_51_a_german_9_8_flips_to_4_8():
    state = position({"su-g1": "0504", "su-r1": "0404", "ge-1": "0505"}, phase="soviet-combat", turn=4)
    reveal_as(state, "su-r1", 5, 5, 7, pool="rifle")
    fight(state, ["su-g1", "su-r1"], ["0505"], 6, 1)  # 9 to 9, 1-1 (no morale), die 1: D1
    state.apply(ChooseLoss("ge-1"))
    rec = state.units["ge-1"]
    assert (unit_values.attack(state, rec), unit_values.remaining_steps(state, rec)) == (4, 3)


def test_9_52_a_one_step_soviet_unit_is_eliminated_by_a_step_loss():
    state = position({"ge-1": "0505", "su-r1": "0504"}, phase="axis-combat")
    reveal_as(state, "su-r1", 2, 3, 7, pool="rifle")
    fight(state, ["ge-1"], ["0504"], 1)  # 9 to 3: 3-1, die 1: D2
    state.apply(ChooseLoss("su-r1"))
    assert state.units["su-r1"].box == "eliminated"
    assert not state.pending or decision(state).kind == "advance"


def test_9_53_a_two_step_untried_unit_takes_a_replacement_counter():
    state = position({"ge-1": "0505", "pz-1a": "0404", "su-t1": "0504"}, phase="axis-combat")
    reveal_as(state, "su-t1", 6, 7, 11, steps=2, pool="tank")
    left = sum(state.game["pools"]["replacement_tank"])
    fight(state, ["ge-1", "pz-1a"], ["0504"], 1)  # 12 to 7: 1-1, both armored, die 1: D1
    state.apply(ChooseLoss("su-t1"))
    rec = state.units["su-t1"]
    assert rec.hex == "0504" and (rec.values["attack"], rec.values["defense"]) == (3, 3)
    assert sum(state.game["pools"]["replacement_tank"]) == left - 1


def test_9_55_de_eliminates_every_defender_without_a_choice():
    state = axis_vs_guards({"ge-2": "0404", "su-r1": "0504"})
    reveal_as(state, "su-r1", 1, 1, 7, pool="rifle")
    state.units["su-g1"].step = 1
    events = fight(state, ["ge-1", "ge-2"], ["0504"], 1)  # 18 to 3: 6-1, die 1: De/A1
    assert {(e.unit, e.case) for e in events if e.kind == "Eliminated"} == {("su-g1", "9.55"), ("su-r1", "9.55")}
    assert decision(state).side == "axis"  # the A1 comes next


def test_9_58_split_result_defender_first_then_attacker():
    state = axis_vs_guards()
    fight(state, ["ge-1"], ["0504"], 2)  # D1/A1
    assert decision(state).side == "soviet" and decision(state).data["role"] == "D"
    state.apply(ChooseLoss("su-g1"))
    assert decision(state).side == "axis" and decision(state).data["role"] == "A"


def test_9_59_engaged_both_lose_a_step_with_no_retreat_and_no_advance():
    state = axis_vs_guards()
    fight(state, ["ge-1"], ["0504"], 4)  # Eng
    assert decision(state).case == "9.59" and all(a.kind == "ChooseLoss" for a in state.legal_actions())
    state.apply(ChooseLoss("su-g1"))
    assert decision(state).side == "axis"
    state.apply(ChooseLoss("ge-1"))
    assert not state.pending and state.units["ge-1"].step == 1 and state.units["su-g1"].step == 1


# ----------------------------------------------------------------------------- garrisons (15.3)


def test_15_32_a_garrison_alone_falls_to_any_defender_result_and_17_21_the_city_hex_scores():
    state = position({"su-g1": "0510"}, phase="soviet-combat", turn=4, garrisons={"0509": 2})
    events = fight(state, ["su-g1"], ["0509"], 6, 2)  # 4 to 2: 2-1, die 2: D1
    assert last(events, "GarrisonDestroyed").case == "15.32" and "0509" not in state.game["garrisons"]
    assert decision(state).kind == "advance"
    events = state.apply(Advance("su-g1", ("0509",)))
    assert last(events, "VictoryPoints").vp == 6 and last(events, "VictoryPoints").case == "17.21"


def test_15_33_a_garrison_stands_while_an_axis_unit_holds_the_hex():
    state = position({"su-g1": "0510", "su-r1": "0609", "ge-1": "0509"}, phase="soviet-combat", turn=4, garrisons={"0509": 2})
    state.units["ge-1"].step = 2  # a 2-8: 4 in the City, + 2 garrison = 6
    reveal_as(state, "su-r1", 5, 5, 7, pool="rifle")
    fight(state, ["su-g1", "su-r1"], ["0509"], 6, 1)  # 9 to 6: 1-1, die 1: D1
    state.apply(ChooseLoss("ge-1"))
    assert state.game["garrisons"] == {"0509": 2}


def test_15_33_the_garrison_falls_when_its_units_retreat():
    state = position({"su-g1": "0510", "su-r1": "0609", "ge-1": "0509"}, phase="soviet-combat", turn=4, garrisons={"0509": 2})
    state.units["ge-1"].step = 2
    reveal_as(state, "su-r1", 5, 5, 7, pool="rifle")
    fight(state, ["su-g1", "su-r1"], ["0509"], 6, 1)
    retreat = next(a for a in state.legal_actions() if a.kind == "Retreat")
    events = state.apply(retreat)
    assert last(events, "GarrisonDestroyed").case == "15.33" and state.game["garrisons"] == {}


# ----------------------------------------------------------------------------- HQs (10.13, 10.14)


def test_10_13_an_hq_left_without_combat_units_is_displaced():
    state = axis_vs_guards({"ge-2": "0404", "su-hq6": "0504", "su-r2": "0301"})
    state.units["su-g1"].step = 1
    events = fight(state, ["ge-1", "ge-2"], ["0504"], 1)  # 18 to 2: 9-1, die 1: De
    displaced = last(events, "Displaced")
    assert (displaced.unit, displaced.to, displaced.case) == ("su-hq6", "0301", "10.17")
    assert {"inactive", "displaced"} <= state.units["su-hq6"].flags


def test_10_14_an_hq_alone_has_no_step_to_lose_and_retreats():
    state = position({"ge-1": "0505", "su-hq6": "0504"}, phase="axis-combat")
    fight(state, ["ge-1"], ["0504"], 6)  # 9 to 1: 9-1, die 6: D2
    assert decision(state).case == "10.14" and state.to_act == "soviet"
    assert state.legal_actions() and all(a.kind == "Retreat" for a in state.legal_actions())
    way = state.legal_actions()[0]
    state.apply(way)
    assert state.units["su-hq6"].hex == way.path[-1] and decision(state).kind == "advance"  # then ge-1 may follow


def test_10_17_displaced_hq_reactivates_in_its_disruption_removal_phase():
    state = axis_vs_guards({"ge-2": "0404", "su-hq6": "0504", "su-r2": "0301"}, turn=1)
    state.units["su-g1"].step = 1
    fight(state, ["ge-1", "ge-2"], ["0504"], 1)
    from kharkovsuite.rules.kharkov1942 import sequence

    sequence.go_to(state, "soviet-disruption")
    state.rules.settle(state, [])
    assert "displaced" not in state.units["su-hq6"].flags and "inactive" not in state.units["su-hq6"].flags


# ----------------------------------------------------------------------------- retreats (9.6)


def test_9_61_no_retreat_into_enemy_zoc():
    state = axis_vs_guards()
    assert retreat_paths(state, "su-g1", 1) == [("0403",), ("0503",), ("0603",)]  # 0404, 0604 are ge-1's ZOC


def test_9_61_a_friendly_combat_unit_negates_enemy_zoc_for_retreats():
    state = axis_vs_guards({"ge-2": "0402", "ge-3": "0703", "su-r2": "0503"})
    assert retreat_paths(state, "su-g1", 1) == [("0503",)]


def test_9_61_a_unit_with_no_retreat_is_eliminated():
    state = axis_vs_guards({"ge-2": "0402", "ge-3": "0703"})
    fight(state, ["ge-1"], ["0504"], 1)  # D1
    assert Retreat("su-g1", ()) in state.legal_actions()
    events = state.apply(Retreat("su-g1", ()))
    gone = last(events, "Eliminated")
    assert (gone.unit, gone.reason, gone.case) == ("su-g1", "no retreat possible", "9.61")


def test_9_59_an_engaged_result_refuses_a_retreat():
    state = axis_vs_guards()
    fight(state, ["ge-1"], ["0504"], 4)  # Eng
    with pytest.raises(IllegalAction) as err:
        state.apply(Retreat("su-g1", ("0503",)))
    assert str(err.value) == "9.59: an Engaged result allows no retreat"


def test_9_62_only_a_unit_of_the_combat_retreats_and_only_once():
    state = axis_vs_guards({"ge-2": "0404", "su-r1": "0504", "su-r2": "0502"})
    reveal_as(state, "su-r1", 1, 1, 7, pool="rifle")
    fight(state, ["ge-1", "ge-2"], ["0504"], 1)  # 18 to 6, 3-1, die 1: D2
    with pytest.raises(IllegalAction) as err:
        state.apply(Retreat("su-r2", ("0501", "0401")))
    assert str(err.value) == "9.62: su-r2 has no retreat to make in this combat"
    first = next(a for a in state.legal_actions() if a.kind == "Retreat" and a.unit == "su-g1")
    events = state.apply(first)
    assert last(events, "Retreated") == Retreated(unit="su-g1", path=("0504",) + first.path, case="9.61")
    with pytest.raises(IllegalAction) as err:
        state.apply(Retreat("su-g1", first.path))
    assert err.value.case == "9.62"


def test_9_61_a_unit_that_can_retreat_may_not_stay_to_die():
    state = axis_vs_guards()
    fight(state, ["ge-1"], ["0504"], 1)  # D1
    with pytest.raises(IllegalAction) as err:
        state.apply(Retreat("su-g1", ()))
    assert str(err.value) == "9.61: su-g1 can retreat: choose one of its paths"


def test_9_63_a_retreat_of_the_wrong_length_is_refused():
    state = axis_vs_guards()
    fight(state, ["ge-1"], ["0504"], 1)  # D1: one hex
    with pytest.raises(IllegalAction) as err:
        state.apply(Retreat("su-g1", ("0503", "0502")))
    assert str(err.value) == "9.63: su-g1 must retreat exactly 1 hex(es)"


def test_9_61_an_illegal_retreat_names_the_legal_ones():
    state = axis_vs_guards()
    fight(state, ["ge-1"], ["0504"], 1)  # D1
    with pytest.raises(IllegalAction) as err:
        state.apply(Retreat("su-g1", ("0404",)))  # into ge-1's ZOC
    assert str(err.value) == "9.61: 0404 is not a legal retreat for su-g1; legal: ['0403', '0503', '0603']"


def test_10_14_an_hq_alone_with_no_retreat_is_displaced_not_eliminated():
    state = position({"ge-1": "0505", "ge-2": "0402", "ge-3": "0703", "su-hq6": "0504", "su-r2": "0101"}, phase="axis-combat")
    fight(state, ["ge-1"], ["0504"], 6)  # 9 to 1: 9-1, die 6: D2
    assert list(state.legal_actions()) == [Retreat("su-hq6", ())]
    events = state.apply(Retreat("su-hq6", ()))
    assert state.units["su-hq6"].hex == "0101" and not any(e.kind == "Eliminated" for e in events)


def test_9_63_each_hex_of_a_retreat_is_farther_from_the_start():
    state = axis_vs_guards()
    board = state.board
    paths = retreat_paths(state, "su-g1", 2)
    assert paths and all(len(p) == 2 and board.hex_distance("0504", p[0]) == 1 and board.hex_distance("0504", p[1]) == 2 for p in paths)


def test_9_64_vacant_hexes_come_first():
    state = axis_vs_guards({"su-r2": "0503"})
    assert retreat_paths(state, "su-g1", 1) == [("0403",), ("0603",)]


def test_8_1_a_retreat_never_breaks_the_stacking_limit():
    state = axis_vs_guards({"ge-2": "0402", "ge-3": "0703", "su-r2": "0503", "su-r3": "0503", "su-r4": "0503"})
    assert retreat_paths(state, "su-g1", 1) == []


def test_10_16_an_hq_retreats_into_a_hex_already_holding_three_combat_units():
    state = position({"ge-1": "0505", "ge-2": "0402", "ge-3": "0703", "su-hq6": "0504",
                      "su-r2": "0503", "su-r3": "0503", "su-r4": "0503"}, phase="axis-combat")
    assert retreat_paths(state, "su-hq6", 1) == [("0503",)]


def test_9_61_an_axis_unit_retreats_into_a_friendly_held_hex_never_into_an_enemy_held_one():
    # su-g1's ZOC covers 0404 and 0604; su-r1 (0405) and su-r2 (0605) hold the other hexes but
    # the one ge-2 holds, whose ZOC ge-2 negates (8.25).
    state = position({"ge-1": "0505", "ge-2": "0506", "su-g1": "0504", "su-r1": "0405", "su-r2": "0605"},
                     phase="soviet-combat")
    assert retreat_paths(state, "ge-1", 1) == [("0506",)]


def test_15_31_an_axis_garrison_negates_soviet_zoc_for_an_axis_retreat():
    # ge-1 at 0510: su-g1 (0409) controls 0509 and 0410, su-r1 (0710) controls 0609 and 0610;
    # only the garrisoned City hex 0509 is left.
    state = position({"ge-1": "0510", "su-g1": "0409", "su-r1": "0710"}, phase="soviet-combat",
                     garrisons={"0509": 2})
    assert retreat_paths(state, "ge-1", 1) == [("0509",)]


def test_9_61_a_unit_off_the_map_has_no_retreat_path():
    state = axis_vs_guards()
    assert state.units["su-r1"].hex is None
    assert retreat_paths(state, "su-r1", 1) == []


def test_9_65_a_unit_retreated_into_a_friendly_hex_adds_nothing_and_dies_with_it():
    state = axis_vs_guards({"ge-2": "0402", "ge-3": "0703", "su-r2": "0503"})
    reveal_as(state, "su-r2", 1, 9, 7, pool="rifle")
    fight(state, ["ge-1"], ["0504"], 1)  # D1
    state.apply(Retreat("su-g1", ("0503",)))
    state.apply(EndAdvance()) if state.pending else None
    events = fight(state, ["ge-2"], ["0503"], 1)  # 9 to 9 (su-g1 adds nothing): 1-1, die 1: D1
    r = last(events, "CombatResolved")
    assert r.defense == "9"
    eliminated = last(events, "Eliminated")
    assert (eliminated.unit, eliminated.reason, eliminated.case) == (
        "su-g1", "retreated into a hex that then suffered a result", "9.65")


# ----------------------------------------------------------------------------- advance (9.7)


def retreat_first(state, unit):
    state.apply(next(a for a in state.legal_actions() if a.kind == "Retreat" and a.unit == unit))


def test_9_71_victors_advance_into_the_vacated_hex():
    state = axis_vs_guards()
    fight(state, ["ge-1"], ["0504"], 1)  # D1
    state.apply(Retreat("su-g1", ("0603",)))
    assert (state.to_act, decision(state).kind) == ("axis", "advance")
    assert set(state.legal_actions()) == {Advance("ge-1", ("0504",)), EndAdvance()}
    state.apply(Advance("ge-1", ("0504",)))
    assert state.units["ge-1"].hex == "0504" and not state.pending


def test_9_75_and_9_72_axis_advances_up_to_the_retreat_length_ignoring_zoc():
    state = axis_vs_guards({"ge-2": "0404", "su-r1": "0504", "su-r2": "0702"})
    reveal_as(state, "su-r1", 1, 1, 7, pool="rifle")
    fight(state, ["ge-1", "ge-2"], ["0504"], 1)  # D2
    state.apply(Retreat("su-g1", ("0503", "0502")))
    state.apply(Retreat("su-r1", ("0603", "0703")))
    options = {a.path for a in state.legal_actions() if a.kind == "Advance" and a.unit == "ge-1"}
    assert options == {("0504",), ("0504", "0503"), ("0504", "0603")}  # 0603 is in su-r2's ZOC


def test_9_72_soviet_advance_stops_on_entering_axis_zoc():
    state = position({"su-g1": "0504", "su-r1": "0404", "ge-1": "0505", "ge-2": "0405"}, phase="soviet-combat", turn=4)
    reveal_as(state, "su-r1", 5, 5, 7, pool="rifle")
    state.units["ge-1"].step = 1  # 4-8
    fight(state, ["su-g1", "su-r1"], ["0505"], 6, 1)  # 9 to 4: 2-1, die 1: D2
    state.apply(Retreat("ge-1", ("0506", "0606")))
    options = {a.path for a in state.legal_actions() if a.kind == "Advance" and a.unit == "su-g1"}
    assert options == {("0505",)}  # 0505 is in ge-2's ZOC: the advance ends there


def test_9_74_two_hexes_after_the_defenders_are_eliminated():
    state = axis_vs_guards({"ge-2": "0404"})
    state.units["su-g1"].step = 1
    fight(state, ["ge-1", "ge-2"], ["0504"], 1)  # 18 to 2: 9-1, die 1: De
    options = {a.path for a in state.legal_actions() if a.kind == "Advance" and a.unit == "ge-1"}
    assert ("0504",) in options and ("0504", "0503") in options and ("0504", "0603") in options
    assert all(len(p) <= 2 and p[0] == "0504" for p in options)


def eliminated_next_to_a_soviet_unit():
    """ge-1 (0505) and ge-2 (0404) eliminate a one-step su-g1 at 0504 (De); su-r2 at 0503 controls 0504."""
    state = axis_vs_guards({"ge-2": "0404", "su-r2": "0503"})
    state.units["su-g1"].step = 1
    fight(state, ["ge-1", "ge-2"], ["0504"], 1)  # 18 to 2: 9-1, die 1: De
    return state


def advance_paths(state, unit):
    return sorted(a.path for a in state.legal_actions() if a.kind == "Advance" and a.unit == unit)


def test_9_74_the_second_hex_may_be_friendly_held_but_never_enemy_held():
    paths = advance_paths(eliminated_next_to_a_soviet_unit(), "ge-1")
    assert ("0504", "0404") in paths and ("0504", "0503") not in paths


def test_9_72_an_axis_advance_goes_on_through_soviet_zoc():
    paths = advance_paths(eliminated_next_to_a_soviet_unit(), "ge-1")
    assert paths == [("0504",), ("0504", "0403"), ("0504", "0404"), ("0504", "0603"), ("0504", "0604")]


def test_9_74_no_second_hex_across_a_hexside_closed_to_movement():
    state = position({"ge-1": "0808", "ge-2": "0809", "su-g1": "0909"}, phase="axis-combat")
    state.units["su-g1"].step = 1
    fight(state, ["ge-1", "ge-2"], ["0909"], 1)  # 18 to 2: 9-1, die 1: De
    assert advance_paths(state, "ge-1") == [("0909",), ("0909", "0809"), ("0909", "0908"), ("0909", "0910")]  # not 1008, 1009: the Dnieper


def test_9_71_an_advance_is_announced_with_its_whole_path():
    state = axis_vs_guards()
    fight(state, ["ge-1"], ["0504"], 1)  # D1
    state.apply(Retreat("su-g1", ("0603",)))
    events = state.apply(Advance("ge-1", ("0504",)))
    assert last(events, "Advanced") == Advanced(unit="ge-1", path=("0505", "0504"), case="9.71")


def test_9_71_a_unit_that_took_no_part_may_not_advance():
    state = eliminated_next_to_a_soviet_unit()
    state.place("ge-3", "0604")
    with pytest.raises(IllegalAction) as err:
        state.apply(Advance("ge-3", ("0504",)))
    assert str(err.value) == "9.72: ge-3 may not advance along 0504"


def test_9_72_a_refused_advance_names_the_path_asked_for():
    state = eliminated_next_to_a_soviet_unit()
    with pytest.raises(IllegalAction) as err:
        state.apply(Advance("ge-1", ("0504", "0503")))  # into su-r2
    assert str(err.value) == "9.72: ge-1 may not advance along 0504-0503"
    with pytest.raises(IllegalAction) as err:
        state.apply(Advance("ge-1", ()))
    assert str(err.value) == "9.72: ge-1 may not advance along nothing"


def test_9_73_only_an_advance_or_its_end_answers_the_advance_decision():
    state = eliminated_next_to_a_soviet_unit()
    with pytest.raises(IllegalAction) as err:
        state.apply(ChooseLoss("su-r2"))
    assert str(err.value) == "9.73: advance with Advance(unit, path) or stop with EndAdvance()"


def test_9_71_the_decision_stays_open_while_another_victor_may_advance():
    state = eliminated_next_to_a_soviet_unit()
    state.apply(Advance("ge-1", ("0504",)))
    assert state.pending[-1].kind == "advance"
    assert ("0504",) in advance_paths(state, "ge-2")  # ge-1 fills no hex: 0504 has room for two more


def test_8_1_an_advance_ends_only_where_the_stack_has_room():
    def second_hexes(extra):
        state = axis_vs_guards({"ge-2": "0404"} | extra)
        state.units["su-g1"].step = 1
        fight(state, ["ge-1", "ge-2"], ["0504"], 1)  # De
        return {p[1] for p in advance_paths(state, "ge-1") if len(p) == 2}

    assert "0404" in second_hexes({"ge-3": "0404"})  # two there: room for one more
    assert "0404" not in second_hexes({"ge-3": "0404", "ge-4": "0404"})  # three: full


def test_9_71_an_hq_does_not_advance_with_its_stack():
    state = axis_vs_guards({"su-hq6": "0504"})
    fight(state, ["ge-1"], ["0504"], 5)  # A1
    retreat_first(state, "ge-1")
    assert {a.unit for a in state.legal_actions() if a.kind == "Advance"} == {"su-g1"}


def test_9_71_the_victors_side_decides_the_advance_under_9_71():
    state = axis_vs_guards()
    fight(state, ["ge-1"], ["0504"], 1)  # D1
    state.apply(Retreat("su-g1", ("0603",)))
    assert state.pending == [Decision("advance", "axis", "9.71", {})]


def test_9_71_a_combat_with_no_advance_possible_is_over():
    state = axis_vs_guards()
    fight(state, ["ge-1"], ["0504"], 1)  # D1
    state.apply(ChooseLoss("su-g1"))  # the hex stays held: nothing to advance into
    assert not state.pending and state.phase_data["combat"] is None


def test_9_58_attackers_that_retreated_do_not_advance():
    state = axis_vs_guards()
    fight(state, ["ge-1"], ["0504"], 2)  # D1/A1
    state.apply(Retreat("su-g1", ("0603",)))
    retreat_first(state, "ge-1")
    assert not state.pending


def test_9_59_no_advance_after_an_engaged_result_even_if_the_hex_empties():
    state = position({"ge-1": "0505", "su-r1": "0504"}, phase="axis-combat")
    reveal_as(state, "su-r1", 5, 9, 7, pool="rifle")
    fight(state, ["ge-1"], ["0504"], 4)  # 9 to 9: 1-1, die 4: Eng
    state.apply(ChooseLoss("su-r1"))
    state.apply(ChooseLoss("ge-1"))
    assert not state.pending and state.units_at("0504") == []


def test_9_71_defenders_advance_when_the_attackers_retreat():
    state = axis_vs_guards()
    fight(state, ["ge-1"], ["0504"], 5)  # A1
    retreat_first(state, "ge-1")
    assert (state.to_act, decision(state).kind) == ("soviet", "advance")
    assert Advance("su-g1", ("0505",)) in state.legal_actions()


def test_9_73_a_defender_that_advanced_may_not_be_attacked_again():
    state = axis_vs_guards({"ge-2": "0606"})
    fight(state, ["ge-1"], ["0504"], 5)  # A1
    state.apply(Retreat("ge-1", ("0506",)))
    state.apply(Advance("su-g1", ("0505",)))
    with pytest.raises(IllegalAction) as err:
        state.apply(Attack(attackers=("ge-2",), targets=("0505",)))
    assert err.value.case == "9.14"


def test_9_73_advanced_units_may_not_attack_this_phase():
    state = position({"su-g1": "0504", "su-r2": "0404", "ge-5": "0505", "ge-1": "0406"}, phase="soviet-combat", turn=4)
    reveal_as(state, "su-r2", 1, 1, 7, pool="rifle")
    fight(state, ["su-g1"], ["0505"], 6, 1)  # 4 to 2: 2-1, die 1: D2
    state.apply(ChooseLoss("ge-5"))
    state.apply(Advance("su-g1", ("0505",)))
    with pytest.raises(IllegalAction) as err:
        state.apply(Attack(attackers=("su-g1",), targets=("0406",)))
    assert err.value.case in ("9.14", "9.73")


def test_10_13_an_hq_with_an_attacking_stack_that_is_eliminated_is_displaced():
    state = axis_vs_guards({"su-hq6": "0404", "su-r2": "0301", "su-r1": "0404"}, turn=4)
    reveal_as(state, "su-r1", 1, 1, 7, pool="rifle")
    from kharkovsuite.rules.kharkov1942 import sequence

    sequence.go_to(state, "soviet-combat")
    events = fight(state, ["su-r1"], ["0505"], 6, 5)  # 1 to 9: 1-3, die 5: Ae
    assert last(events, "Displaced").unit == "su-hq6" and state.units["su-hq6"].hex == "0504"  # the nearest friendly combat unit


def test_10_17_a_displacement_choice_comes_before_the_victors_advance():
    state = axis_vs_guards({"ge-2": "0404", "su-hq6": "0504", "su-r2": "0301", "su-r3": "0701"})
    state.units["su-g1"].step = 1
    events = fight(state, ["ge-1", "ge-2"], ["0504"], 1)  # 18 to 2: 9-1, die 1: De
    assert not any(e.kind == "Displaced" for e in events)
    assert decision(state).kind == "displace_hq" and state.to_act == "soviet"
    assert sorted(a.hex for a in state.legal_actions()) == ["0301", "0701"]
    assert [d.kind for d in state.pending] == ["advance", "displace_hq"]
    placed = next(a for a in state.legal_actions() if a.hex == "0701")
    events = state.apply(placed)
    assert state.units["su-hq6"].hex == "0701" and last(events, "Displaced").to == "0701"
    assert decision(state).kind == "advance" and state.to_act == "axis"


def test_10_13_an_hq_whose_units_all_lost_their_last_step_is_displaced():
    state = axis_vs_guards({"su-hq6": "0504", "su-r2": "0301"})
    state.units["su-g1"].step = 1
    fight(state, ["ge-1"], ["0504"], 1)  # D1
    events = state.apply(ChooseLoss("su-g1"))
    assert state.units["su-g1"].box == "eliminated"
    assert state.units["su-hq6"].hex == "0301" and last(events, "Displaced").unit == "su-hq6"


def test_10_14_an_hq_alone_in_another_target_hex_stays_when_its_side_takes_losses():
    state = axis_vs_guards({"su-hq6": "0404"})
    fight(state, ["ge-1"], ["0504", "0404"], 1)  # 9 to 5 + 1: 1-1, die 1: D1
    state.apply(ChooseLoss("su-g1"))
    assert state.units["su-hq6"].hex == "0404" and "displaced" not in state.units["su-hq6"].flags


def test_15_32_a_garrison_with_only_an_hq_falls_as_a_garrison_alone():
    state = position({"su-g1": "0510", "su-r1": "0409", "ro-hq": "0509", "ro-1": "0907"}, phase="soviet-combat",
                     turn=4, garrisons={"0509": 2})
    reveal_as(state, "su-r1", 4, 4, 7, pool="rifle")
    events = fight(state, ["su-g1", "su-r1"], ["0509"], 6, 1)
    while state.pending and state.pending[-1].kind == "loss_or_retreat":
        events += state.apply(state.legal_actions()[0])
    assert GarrisonDestroyed(hex="0509", case="15.32") in events
    assert "0509" not in state.game["garrisons"]


def test_10_14_an_hq_alone_engaged_is_displaced():
    state = position({"ge-1": "0505", "su-hq6": "0504", "su-r2": "0301"}, phase="axis-combat")
    state.units["ge-1"].step = 1  # a 4-8
    events = fight(state, ["ge-1"], ["0504"], 6)  # 4 to 1: 4-1, die 6: Eng
    assert last(events, "CombatResolved").result == "Eng"
    assert state.units["su-hq6"].hex == "0301" and last(events, "Displaced").unit == "su-hq6"
    assert decision(state).side == "axis" and decision(state).case == "9.59"  # only the attacker's step is left


def test_15_33_a_de_in_a_garrisoned_city_destroys_the_garrison_with_its_units():
    state = position({"su-g1": "0510", "su-r1": "0409", "su-r3": "0609", "ge-r1": "0509"}, phase="soviet-combat",
                     turn=4, garrisons={"0509": 1})
    for uid in ("su-r1", "su-r3"):
        reveal_as(state, uid, 15, 4, 7, pool="rifle")
    events = fight(state, ["su-g1", "su-r1", "su-r3"], ["0509"], 6, 1)  # 34 to 2 x2 + 1: 6-1, die 1: De/A1
    assert last(events, "CombatResolved").result == "De/A1"
    assert GarrisonDestroyed(hex="0509", case="15.33") in events and "0509" not in state.game["garrisons"]


def test_15_33_an_engaged_result_that_takes_the_last_unit_destroys_the_garrison():
    state = position({"su-g1": "0510", "su-r1": "0409", "ge-r1": "0509"}, phase="soviet-combat", turn=4,
                     garrisons={"0509": 1})
    reveal_as(state, "su-r1", 2, 2, 7, pool="rifle")
    events = fight(state, ["su-g1", "su-r1"], ["0509"], 6, 4)  # 6 to 2 x2 + 1: 1-1, die 4: Eng
    assert last(events, "CombatResolved").result == "Eng"
    events = state.apply(ChooseLoss("ge-r1"))
    assert state.units["ge-r1"].hex is None
    assert GarrisonDestroyed(hex="0509", case="15.33") in events


def test_9_61_a_retreat_where_none_is_possible_says_so():
    state = axis_vs_guards({"ge-2": "0402", "ge-3": "0703"})
    fight(state, ["ge-1"], ["0504"], 1)  # D1, every way out in ZOC
    with pytest.raises(IllegalAction) as err:
        state.apply(Retreat("su-g1", ("0503",)))
    assert str(err.value) == "9.61: 0503 is not a legal retreat for su-g1; legal: none"


def test_9_61_an_illegal_two_hex_retreat_is_named_hex_by_hex():
    state = guards_and_rifle_take_a_d2()
    with pytest.raises(IllegalAction) as err:
        state.apply(Retreat("su-g1", ("0503", "0404")))
    message = str(err.value)
    assert message.startswith("9.61: 0503-0404 is not a legal retreat for su-g1; legal: [")
    assert "'0503-0502'" in message or "'0403-0303'" in message

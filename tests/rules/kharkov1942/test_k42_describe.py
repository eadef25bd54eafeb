"""Actions, rail refusals and unit notes in a player's words (``describe``), on the shipped
scenario (seed 0, Soviet Movement Phase of turn 1): the names and hexes the window shows, the
odds of an overrun, the question asked before what may cost a unit, and each rule case."""
from __future__ import annotations

from pathlib import Path

import pytest

from kharkovsuite.engine import new_game
from kharkovsuite.engine.actions import (Attack, BreakDown, Chase, ChooseLoss, EliminateExcess, EndPhase, FormStrongpoint, Move,
                                         Overrun, RailMove, ReformDivision, Retreat)
from kharkovsuite.rules.kharkov1942 import RULES, breakdown, odds, rail, sequence
from kharkovsuite.rules.kharkov1942.describe import describe, hex_name, rail_reason, unit_name, unit_notes

ROOT = Path(__file__).resolve().parents[3]
DEFAULT = ROOT / "scenarios" / "kharkov-1942.yaml"


@pytest.fixture
def state():
    return new_game(DEFAULT, 0)


def test_hex_names_add_the_city_or_place_of_the_map(state):
    assert hex_name(state, "0819") == "0819 (Kharkov)"  # a City hex
    assert hex_name(state, "3212") == "3212 (Aleksandrovka)"  # a named place
    assert hex_name(state, "1916") == "1916"
    assert unit_name(state, "su-cd-04") == "Cavalry Division 04"


def test_4_0_ending_a_phase_says_what_cannot_be_taken_back(state):
    words = describe(state, EndPhase())
    assert words.label == "End the Movement phase"
    assert words.detail == "Turn 1: nothing of this phase can be taken back afterwards (4.0)." and words.confirm == ""


def test_6_0_a_move_names_its_units_and_its_hexes(state):
    words = describe(state, Move(units=("su-cd-04",), path=("1916", "1917", "1918", "1919")))
    assert words.label == "Move Cavalry Division 04 from 1916 to 1919 (Alekseevka)"
    assert words.detail == "Cavalry Division 04; path 1916-1917-1918-1919"
    many = describe(state, Move(units=("su-rd-01", "su-rd-02", "su-rd-03", "su-rd-04"), path=("0514", "0515")))
    assert many.label.startswith("Move 4 units from ")


def test_16_0_a_reinforcement_is_brought_on_at_its_entry_hex(state):
    assert state.units["su-cd-01"].hex is None
    words = describe(state, Move(units=("su-cd-01",), path=("3212", "3213")))
    assert words.label == "Bring on Cavalry Division 01 at 3212 (Aleksandrovka), on to 3213"
    assert words.detail == "Reinforcement entering the map (16.0): Cavalry Division 01; path 3212-3213"
    assert describe(state, Move(units=("su-cd-01", "su-cd-02"), path=("3212",))).label == \
        "Bring on Cavalry Division 01 and Cavalry Division 02 at 3212 (Aleksandrovka)"


def test_6_4_a_rail_move_names_its_route(state):
    words = describe(state, RailMove(units=("su-rd-01",), path=("0701", "0702", "0819")))
    assert words.label == f"Move {unit_name(state, 'su-rd-01')} by rail from 0701 to 0819 (Kharkov)"
    assert words.detail == f"{unit_name(state, 'su-rd-01')}; rail path 0701-0702-0819 (6.4)"


def test_7_0_an_overrun_shows_its_odds_and_asks_before_it_is_made(state):
    action = Overrun(units=("su-gd-1", "su-rd-04", "su-tb-02"), path=("0214",), target="0215")
    o = odds.overrun_odds(state, action)
    names = [unit_name(state, u) for u in action.units]
    words = describe(state, action)
    label = f"Overrun 0215 with {names[0]}, {names[1]} and {names[2]}: {o.attack} against {o.defense}, column {o.column}"
    chances = ", ".join(f"{r} {float(p) * 100:.0f}%" for r, p in o.results[:8])
    assert words.label == label
    assert words.detail == (f"Overrunning: {', '.join(names)} (attack total halved, 7.0; no Air Points, 7.21)\n"
                            f"Strength {o.attack} against {o.defense}, column {o.column}\nChance of each result: {chances}")
    top = ", ".join(f"{r} {float(p) * 100:.0f}%" for r, p in o.results[:4])
    assert words.confirm == f"{label}?\nIt costs 3 MP more and cannot be taken back; chances: {top}."
    quick = describe(state, action, quick=True)
    assert quick.label == f"Overrun 0215 with {names[0]}, {names[1]} and {names[2]} from 0214" and quick.confirm == ""


def test_7_0_a_refused_overrun_is_named_with_its_case(state):
    words = describe(state, Overrun(units=("su-cd-04",), path=("1916",), target="1815"))
    assert words.label == "Overrun 1815 with Cavalry Division 04: not allowed"
    assert words.detail and words.detail[0].isdigit() and words.confirm == ""


def test_9_23_a_refused_attack_is_named_with_its_case(state):
    sequence.go_to(state, "soviet-combat")
    words = describe(state, Attack(attackers=("su-cd-04",), targets=("0819",)))
    assert words.label == "Attack 0819 (Kharkov) with Cavalry Division 04: not allowed"
    assert words.detail == "9.23: su-cd-04 is not adjacent to 0819: every attacker must be adjacent to every target"


def test_15_11_a_breakdown_outside_the_axis_initial_movement_phase_is_refused_in_words(state):
    words = describe(state, BreakDown(division="ge-108lt"))
    assert words.label == "Break down 108th Light Infantry Division: not allowed"
    assert words.detail == "15.11: divisions break down only in the Axis Initial Movement Phase"


def test_15_1_a_breakdown_names_its_regiments_and_hex_and_asks_first(state):
    sequence.go_to(state, "axis-movement")
    n = sum(breakdown.check_break_down(state, "ge-108lt"))
    words = describe(state, BreakDown(division="ge-108lt"))
    label = f"Break down 108th Light Infantry Division into {n} regiments at {hex_name(state, state.units['ge-108lt'].hex)}"
    assert words.label == label and n == 3
    assert words.confirm == f"{label}?\nThe division may form again only later, from its regiments (15.12)."


def test_15_21_a_strongpoint_names_the_regiment_and_its_hex(state):
    here = state.units["ge-100lt"].hex
    words = describe(state, FormStrongpoint(unit="ge-100lt"))
    assert words.label == f"Make 100th Light Infantry Division a strongpoint at {here} (Aleksandrovka)"
    assert words.detail == "15.21"


# ----------------------------------------------------------------------------- rail refusals (6.4)


def test_6_41_rail_reason_of_a_unit_off_the_railroad(state):
    assert rail_reason(state, "su-cd-04") == \
        "Cavalry Division 04 cannot go by rail: 1916 is not on a railroad; a rail move starts on a rail hex (6.41)"
    assert RULES.rail_reason(state, "su-cd-04") == rail_reason(state, "su-cd-04")


def test_6_51_rail_reason_of_a_frozen_unit(state):
    assert "frozen" in state.units["ge-100lt"].flags
    assert rail_reason(state, "ge-100lt") == ("100th Light Infantry Division cannot go by rail: it is frozen in place "
                                              "until the enemy comes near or it is released (6.51)")


def test_6_45_rail_reason_outside_a_movement_phase(state):
    sequence.go_to(state, "soviet-combat")
    assert "moved" not in state.phase_data
    assert rail_reason(state, "su-cd-04") == "Cavalry Division 04 cannot go by rail: no rail movement in this phase (6.45)"


def test_6_4_rail_reason_is_empty_for_a_unit_that_may_go_by_rail(state):
    state.place("su-rd-01", "0701")
    state.cache.clear()
    assert rail.rail_reach(state, "su-rd-01")[2]
    assert rail_reason(state, "su-rd-01") == ""
    assert RULES.rail_reason(state, "su-rd-01") == ""


# ----------------------------------------------------------------------------- unit notes (10.3, 11.0)


def test_11_0_notes_of_units_in_supply_name_how(state):
    assert unit_notes(state, "su-cd-04") == ["In supply through its HQ (10.23)"]
    assert unit_notes(state, "ge-100lt") == ["In supply by road (11.32)"]
    assert unit_notes(state, "ge-108lt") == ["In supply from a city (11.31)"]
    assert unit_notes(state, "su-hq-28") == ["In supply: an HQ's line to the east edge (11.21)"]
    assert unit_notes(state, "su-cd-01") == []  # off the map


def test_10_3_notes_of_an_inactive_hq_name_its_activation_turn(state):
    assert unit_notes(state, "su-hq-37") == ["Not active (10.3): it becomes active on turn 5",
                                             "In supply: an HQ's line to the east edge (11.21)"]


def test_10_3_a_soviet_unit_out_of_supply_is_told_which_hqs_the_schedule_holds_back(state):
    later = [("57th Army HQ (Podlas)", 2), ("37th Army HQ (Lapotin)", 5), ("38th Army HQ (Maslov)", 5), ("9th Army HQ (Kharitonov)", 5)]
    assert unit_notes(state, "su-cd-07") == [
        "Out of supply (11.0): Soviet combat units draw supply only through an active HQ, and the HQs turn active "
        "by the schedule (10.3): " + ", ".join(f"{name} on turn {turn}" for name, turn in later)]
    assert unit_notes(state, "ro-2") == ["Out of supply (11.0)"]  # not a Soviet unit: no schedule named


# ----------------------------------------------------------------------------- combat (9.2, 9.5, 9.6) and the one-unit actions


def test_9_4_an_attack_names_its_target_its_odds_and_each_result_s_chance(state):
    sequence.go_to(state, "soviet-combat")
    o = odds.attack_odds(state, ("su-gd-1",), ("0215",))
    words = describe(state, Attack(attackers=("su-gd-1",), targets=("0215",)))
    name = unit_name(state, "su-gd-1")
    assert words.label == f"Attack 0215 with {name}: {o.attack} against {o.defense}, column {o.column}"
    chances = ", ".join(f"{r} {float(p) * 100:.0f}%" for r, p in o.results[:8])
    assert words.detail == f"Attackers: {name}\nChance of each result: {chances}"


def test_9_23_an_attack_on_two_hexes_names_both_targets(state):
    sequence.go_to(state, "soviet-combat")
    words = describe(state, Attack(attackers=("su-rd-11",), targets=("1715", "1814")))
    assert words.label == "Attack 1715, 1814 with Rifle Division 11: not allowed"  # refused: no LOC (9.15)


def test_9_56_a_unit_s_last_step_lost_is_its_elimination_and_is_asked_first(state):
    name = unit_name(state, "su-cd-04")
    steps = state.board.type_steps("su-cd-04")
    state.units["su-cd-04"].step = max(len(steps) - 1, 0)
    words = describe(state, ChooseLoss(unit="su-cd-04"))
    assert words.label == f"Take the loss from {name}: eliminated"
    assert words.detail == "Its last step (9.5)."
    assert words.confirm == f"Eliminate {name} to take this step loss (9.5)?"


def test_9_61_a_retreat_names_the_unit_and_its_last_hex(state):
    words = describe(state, Retreat(unit="su-cd-04", path=("1916", "1917", "1918", "1919")))
    assert words.label == "Retreat Cavalry Division 04 to 1919 (Alekseevka)"
    assert words.detail == "Path 1916-1917-1918-1919 (9.6)"


def test_6_62_and_8_1_one_unit_actions_say_why_and_ask_before_a_unit_is_removed(state):
    chase = describe(state, Chase(unit="su-cd-04"))
    assert chase.label == "Chase with Cavalry Division 04"
    assert chase.detail == "Into the hex the disengaging unit left (6.62)." and chase.confirm == ""
    excess = describe(state, EliminateExcess(unit="su-cd-04"))
    assert excess.label == "Remove Cavalry Division 04 (overstacked)" and excess.detail == "8.1"
    assert excess.confirm == "Remove Cavalry Division 04 from the game to end the overstacking (8.1)?"


def test_15_12_re_forming_a_division_names_its_regiments(state):
    regiments = ("ge-rgt-01", "ge-rgt-02", "ge-rgt-03")
    words = describe(state, ReformDivision(division="ge-108lt", regiments=regiments))
    assert words.label == "Form 108th Light Infantry Division again from 3 regiments"
    assert words.detail == f"Regiments: {', '.join(unit_name(state, r) for r in regiments)} (15.12)"


def test_10_27_the_notes_of_a_rumanian_unit_supplied_by_the_rumanian_hq_say_so(monkeypatch):
    from k42_helpers import position

    from kharkovsuite.rules.kharkov1942 import supply

    monkeypatch.setattr(supply, "ROAD_LIMIT", 0)
    monkeypatch.setattr(supply, "CITY_LIMIT", 3)
    state = position({"ro-hq": "0507", "ro-1": "0304"}, phase="axis-movement")
    state.set_flag("ro-hq", "inactive", False)
    assert supply.supply_status(state, "ro-1").kind == "rumanian-hq"
    assert "In supply through the Rumanian HQ (10.27)" in unit_notes(state, "ro-1")

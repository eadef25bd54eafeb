"""Kharkov 1943 actions and units in a player's words (describe.py): labels, details and the
questions asked before an action that may cost a unit, written from the survivors of the
mutation run (docs/mutation.md)."""
from __future__ import annotations

from kharkovsuite.engine.actions import Move, RailMove, Retreat
from kharkovsuite.rules.kharkov1943 import supply
from kharkovsuite.rules.kharkov1943.actions import AllotAir, LeavePosition

from .k43_helpers import GE_HQ, INF, INF2, PZ, SU_DIV, bare, ring

T, W = "2703", "2702"


def words(state, action):
    return state.rules.describe(state, action)


def test_6_1_a_move_names_up_to_three_units_and_counts_more():
    state = bare({INF: T, INF2: T, PZ: T, GE_HQ: T})
    one = words(state, Move(units=(INF,), path=(T, W)))
    assert one == type(one)("Move Gren.Rgt. 585 from 2703 to 2702", "Path 2703-2702 (6.1)")
    three = words(state, Move(units=(INF, INF2, PZ), path=(T, W)))
    assert three.label == "Move Gren.Rgt. 585, Gren.Rgt. 587 and Pz.Rgt. 25 from 2703 to 2702"
    four = words(state, Move(units=(INF, INF2, PZ, GE_HQ), path=(T, W)))
    assert four.label == "Move 4 units from 2703 to 2702"


def test_6_1_a_move_names_the_city_it_ends_in():
    state = bare({INF: "0818"})
    assert words(state, Move(units=(INF,), path=("0818", "0819"))).label == "Move Gren.Rgt. 585 from 0818 to 0819 (Kharkov)"


def test_6_4_a_rail_move_names_its_units_and_ends():
    state = bare({INF: T, INF2: T})
    w = words(state, RailMove(units=(INF, INF2), path=(T, W, "0819")))
    assert w.label == "Move Gren.Rgt. 585 and Gren.Rgt. 587 by rail from 2703 to 0819 (Kharkov)"
    assert w.detail == "Rail path 2703-2702-0819; 3 OP to board and 3 to leave the train (6.4)"


def test_6_4_the_rail_reason_names_the_unit_and_the_case():
    state = bare({SU_DIV: T}, side="soviet")
    reason = state.rules.rail_reason(state, SU_DIV)
    assert reason.startswith("350th Rifle Division cannot go by rail: ") and reason.endswith("(6.4)")


def test_13_1_allotting_air_points_says_how_many():
    state = bare({INF: T})
    assert words(state, AllotAir(points=1)).label == "Put 1 air point on this combat"
    assert words(state, AllotAir(points=2)).label == "Put 2 air points on this combat"
    supported = words(state, AllotAir(points=0, support=GE_HQ))
    assert supported.label == "Put 0 air points and the combat value of III. Panzerkorps on this combat"
    assert supported.detail.endswith("; HQ support once an activation phase (1.4)")


def test_7_6_a_unit_with_no_retreat_asks_before_it_is_eliminated():
    state = bare({INF: T})
    w = words(state, Retreat(unit=INF, path=()))
    assert w.label == "Gren.Rgt. 585 cannot retreat and is eliminated"
    assert w.confirm == "Eliminate Gren.Rgt. 585: no retreat is open to it (7.6)?"


def test_7_6_a_retreat_clear_of_enemy_zoc_asks_nothing_and_one_through_it_asks_first():
    foe = ring(T, 2)[0]
    beside = next(h for h in ring(T, 1) if h in ring(foe, 1))
    away = next(h for h in ring(T, 1) if h not in ring(foe, 1) and h != beside)
    state = bare({INF: T, SU_DIV: foe})
    clear = words(state, Retreat(unit=INF, path=(T, away)))
    assert clear.label == f"Retreat Gren.Rgt. 585 to {away}" and clear.detail == f"Path 2703-{away} (7.6)" and clear.confirm == ""
    zoc = words(state, Retreat(unit=INF, path=(T, beside)))  # beside the rifle division
    assert zoc.confirm == "Gren.Rgt. 585 loses 1 step(s) retreating through enemy ZoC: go on?"
    assert zoc.detail == f"Path 2703-{beside} (7.6); 1 step(s) lost passing enemy ZoC (4.3)"


def test_11_2_leaving_a_position_names_it_and_its_op():
    state = bare({INF: T, INF2: W})
    state.game["posture"] = {INF: "pdp", INF2: "pdm"}
    prepared = words(state, LeavePosition(unit=INF))
    assert (prepared.label, prepared.detail) == ("Gren.Rgt. 585 leaves its PDP", "5 OP, then it may move (11.2).")
    mobile = words(state, LeavePosition(unit=INF2))
    assert (mobile.label, mobile.detail) == ("Gren.Rgt. 587 leaves its PDM", "3 OP, then it may move (11.2).")
    state.game["posture"] = {}
    assert words(state, LeavePosition(unit=INF)).detail == "0 OP, then it may move (11.2)."


def test_9_3_8_2_a_units_notes_give_its_supply_and_command():
    state = bare({INF: T, INF2: W})
    assert state.rules.unit_notes(state, INF) == ["In supply (9.3)"]
    state.game[supply.KEY] = {INF: supply.ISOLATED, INF2: supply.OUT}
    state.turn_data["out_of_command"] = [INF2]
    assert state.rules.unit_notes(state, INF) == ["Isolated (9.3)"]
    assert state.rules.unit_notes(state, INF2) == [
        "Out of supply (9.3)", "Out of command: only a general activation takes it, at 4 OP less (8.2)"]


def test_11_1_11_2_digging_in_names_the_position_its_cost_and_the_cost_of_leaving_it():
    from kharkovsuite.rules.kharkov1943.actions import BuildPosition

    state = bare({INF: T, INF2: T})
    pdm = words(state, BuildPosition(units=(INF, INF2), posture="pdm"))
    assert pdm.label == "Dig Gren.Rgt. 585 and Gren.Rgt. 587 in: a mobile defensive position (PDM)"
    assert pdm.detail == "2 OP each (11.1); no compulsory attack from it; leaving it costs 3 OP (11.2)."
    pdp = words(state, BuildPosition(units=(INF,), posture="pdp"))
    assert pdp.label == "Dig Gren.Rgt. 585 in: a prepared defensive position (PDP)"
    assert pdp.detail == ("4 OP each (11.1); +2 combat and anti-tank in defence; no compulsory attack from it; "
                          "leaving it costs 5 OP (11.2).")


def test_3_2_3_3_activations_in_a_players_words():
    from kharkovsuite.rules.kharkov1943.actions import Activate

    state = bare({GE_HQ: T, INF: W})
    formation = words(state, Activate(hq=GE_HQ))
    assert (formation.label, formation.detail) == (
        "Activate the formation of III. Panzerkorps", "Up to eight units it commands, the HQ free (3.2).")
    general = words(state, Activate())
    assert (general.label, general.detail) == ("General activation", "Any four units, an HQ counting (3.3).")


def test_7_6_an_advance_names_the_unit_where_it_ends_and_its_path():
    from kharkovsuite.engine.actions import Advance

    state = bare({INF: T})
    w = words(state, Advance(unit=INF, path=(T, W)))
    assert (w.label, w.detail) == (
        "Advance Gren.Rgt. 585 to 2702", "Path 2703-2702; the vacated hex is free, each further hex costs its OP (7.6).")
    city = words(state, Advance(unit=INF, path=("0818", "0819")))
    assert city.label == "Advance Gren.Rgt. 585 to 0819 (Kharkov)"


def test_1_2_7_5_7_6_losses_and_retreats_in_a_players_words_with_the_question_before_a_unit_is_lost():
    from kharkovsuite.engine.actions import ChooseLoss

    state = bare({INF: T, "d320_586": W})
    step = words(state, ChooseLoss(unit=INF))
    assert (step.label, step.detail, step.confirm) == (
        "Gren.Rgt. 585 loses a step",
        "Two combat points a step, one for a Tiger (1.2); steps and hexes at the owner's choice (7.5).", "")
    state.units[INF].step = 1
    last = words(state, ChooseLoss(unit=INF))
    assert (last.label, last.detail, last.confirm) == (
        "Gren.Rgt. 585 loses its last step and is eliminated", "1.2, 7.5", "Eliminate Gren.Rgt. 585 (7.5)?")
    trapped = words(state, Retreat(unit=INF, path=()))
    assert (trapped.label, trapped.detail, trapped.confirm) == (
        "Gren.Rgt. 585 cannot retreat and is eliminated", "7.6", "Eliminate Gren.Rgt. 585: no retreat is open to it (7.6)?")


def test_7_4_the_previews_figures_in_words_keep_the_odds_with_the_die_modifiers():
    from kharkovsuite.rules.kharkov1943 import describe

    from .k43_helpers import campaign, general

    a, b = "0309", "0409"  # a bridged hexside between clear hexes: a die modifier (7.4)
    state = general(bare({INF: a, SU_DIV: b}, of=campaign))
    p = state.rules.combat_preview(state, [INF], b, "normal")
    assert p.drms
    lines = describe.odds_lines(state, p).splitlines()
    assert f"{p.attack} against {p.defense}: {p.base_column}" in lines and f"column {p.column} of {p.block}" in lines
    assert "die -1: every attacker across a bridge 7.4" in lines
    assert lines[-1].startswith("chances: ") and lines.index(f"column {p.column} of {p.block}") < lines.index("die -1: every attacker across a bridge 7.4")

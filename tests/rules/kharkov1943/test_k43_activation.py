"""Kharkov 1943 activations and fatigue (3), and the sequence of play (2)."""
from __future__ import annotations

import random

import pytest

from kharkovsuite.engine.actions import Move
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kharkov1943 import activation, sequence
from kharkovsuite.rules.kharkov1943.actions import Activate, EndActivation, Pass, ReduceFatigue

from .k43_helpers import GE_HQ, INF, INF2, PLAIN, PZ, SU_DIV, bare, fresh, general, move, refusal, scenario_grid

GERMAN_ON_MAP = ["d320_585", "d320_586", "d320_587", "pz7_pz", "pz7_6", "pz7_7", "pz3_pz", "pz3_3", "pz3_394", "pz3_aa"]


class Dice(random.Random):
    """A die that always shows the same face."""

    def __init__(self, face: int):
        super().__init__(0)
        self.face = face

    def randint(self, a, b):
        return self.face


def _formation(n: int):
    """GE_HQ at PLAIN with ``n`` German units one or two hexes away."""
    units = [u for u in fresh().units if u.startswith(("pz", "d320", "wik", "d333")) and fresh().board.units[u].values.kind != "hq"][:n]
    near = scenario_grid().within(PLAIN, 2)
    state = bare({GE_HQ: PLAIN, **{u: near[i % len(near)] for i, u in enumerate(units)}})
    return state, units


def _step(state, uid):
    """Move ``uid`` one hex, which activates it (or raises the refusal)."""
    here = state.units[uid].hex
    side = state.units[uid].side
    there = next(h for h in state.board.nbrs[here] if all(state.units[u].side == side for u in state.units_at(h)))
    state.apply(Move(units=(uid,), path=(here, there)))


# ----------------------------------------------------------------------------- 2


def test_2_1_a_turn_runs_weather_command_initiative_then_operations():
    state = fresh(2)
    kinds = [(e.turn, e.phase, e.case) for e in state.log if e.kind == "PhaseChanged"]
    assert kinds == [(1, "weather", "2.1"), (1, "supply", "2.1"), (1, "initiative", "2.1"), (1, "operations", "2.1")]
    assert state.turn_data["weather"] == {"air": "clear", "ground": "frozen"}  # 18.2, turn 1
    rolls = [e for e in state.log if e.kind == "DiceRolled" and e.case == "2.1"]
    assert len(rolls) == 2
    assert state.to_act == state.turn_data["initiative"]


def test_2_1_initiative_ties_go_to_the_german_player():
    state = bare({INF: PLAIN, SU_DIV: "2101"})
    state.rng = Dice(3)
    sequence.initiative(state, [])
    assert state.board.data.special_rules.initiative_draw == "german"
    assert state.turn_data["initiative"] == "german"


def test_2_1_segments_alternate_between_the_players():
    state = bare({INF: PLAIN, SU_DIV: "2101"})
    general(state)
    move(state, [INF], PLAIN, "2702")
    state.apply(EndActivation())
    assert state.to_act == "soviet"


def test_2_2_two_passes_in_succession_end_the_operations_phase():
    state = bare({INF: PLAIN, SU_DIV: "2101"})
    state.apply(Pass())
    assert state.phase.id == "operations" and state.to_act == "soviet"
    state.apply(Pass())
    assert state.turn == 3 and state.phase.id == "operations"  # the next turn's


def test_2_2_a_pass_after_an_activation_does_not_end_the_turn():
    state = bare({INF: PLAIN, SU_DIV: "2101"})
    state.apply(Pass())
    general(state)
    state.apply(Move(units=(SU_DIV,), path=next(iter(state.legal_moves([SU_DIV]).values())).path))
    state.apply(EndActivation())
    state.apply(Pass())
    assert state.turn == 2 and state.to_act == "soviet"


def test_2_2_once_one_side_is_out_of_units_the_other_rolls_from_its_second_segment():
    state = bare({INF: PLAIN, INF2: "2702", PZ: "2703", SU_DIV: "2101"})
    state.turn_data["activations"] = {SU_DIV: 2}  # the Soviet player has nothing left
    state.rng = Dice(5)
    general(state)
    _step(state, INF)
    state.apply(EndActivation())
    assert state.turn == 2 and state.to_act == "german"  # first such segment: no roll
    assert not any(e.case == "2.2" for e in state.log)
    general(state)
    _step(state, INF2)
    events = state.apply(EndActivation())
    assert [e.die for e in events if e.kind == "DiceRolled" and e.case == "2.2"] == [5]
    assert state.turn == 3  # 5 or 6 ends the turn


def test_2_2_the_end_roll_fails_on_one_to_four():
    state = bare({INF: PLAIN, INF2: "2702", SU_DIV: "2101"})
    state.turn_data["activations"] = {SU_DIV: 2}
    state.rng = Dice(4)
    for uid in (INF, INF2):
        general(state)
        _step(state, uid)
        state.apply(EndActivation())
    assert state.turn == 2 and state.to_act == "german"


# ----------------------------------------------------------------------------- 3


def test_3_1_a_unit_is_activated_at_most_twice_a_turn():
    state = bare({INF: PLAIN, SU_DIV: "2101"})
    state.turn_data["activations"] = {INF: 2}
    general(state)
    assert state.legal_moves([INF]) == {}
    with pytest.raises(IllegalAction, match=r"^3\.1: d320_585 has already been activated twice this turn$"):
        move(state, [INF], PLAIN, "2702")


def test_3_2_a_formation_activation_takes_eight_units_and_its_hq_free():
    state, units = _formation(9)
    state.apply(Activate(hq=GE_HQ))
    for uid in units[:8]:
        _step(state, uid)
    assert len(state.phase_data["activation"]["units"]) == 9  # the HQ and eight
    with pytest.raises(IllegalAction, match=r"^3\.2: de_hq_iiipzk activates at most 8 units$"):
        _step(state, units[8])


def test_3_2_units_beyond_the_hqs_line_of_command_may_not_join():
    far = [h for h in scenario_grid().ring(PLAIN, 6) if h in fresh().board.in_play][0]
    state = bare({GE_HQ: PLAIN, INF: far})
    state.apply(Activate(hq=GE_HQ))
    assert state.legal_moves([INF]) == {}
    with pytest.raises(IllegalAction, match=r"^3\.2: d320_585 is not within a line of command of de_hq_iiipzk \(8\.1\)$"):
        _step(state, INF)


def test_3_2_a_second_formation_activation_fatigues_the_hq_which_then_takes_six():
    state, units = _formation(7)
    state.turn_data["activations"] = {GE_HQ: 1}
    state.apply(Activate(hq=GE_HQ))
    assert activation.fatigue(state, GE_HQ) == 1
    for uid in units[:6]:
        _step(state, uid)
    with pytest.raises(IllegalAction, match=r"^3\.5: de_hq_iiipzk activates at most 6 units$"):
        _step(state, units[6])


def test_3_5_an_hq_at_fatigue_2_may_not_activate_by_formation():
    state, _ = _formation(1)
    state.game["fatigue"] = {GE_HQ: 2}
    assert Activate(hq=GE_HQ) not in list(state.legal_actions().actions())
    with pytest.raises(IllegalAction, match=r"^3\.5: de_hq_iiipzk is at Fatigue 2 and may not activate by formation$"):
        state.apply(Activate(hq=GE_HQ))


def test_3_3_a_general_activation_takes_four_units_hqs_counting():
    state, units = _formation(4)
    general(state)
    for uid in [GE_HQ] + units[:3]:
        _step(state, uid)
    with pytest.raises(IllegalAction, match=r"^3\.3: a general activation takes at most 4 units, HQs counting$"):
        _step(state, units[3])


def test_3_3_out_of_command_units_have_four_op_less():
    state = bare({INF: PLAIN, PZ: PLAIN})
    state.turn_data["out_of_command"] = [INF]
    general(state)
    assert activation.mover(state, INF, 0).remaining == 10 - 4
    assert activation.mover(state, PZ, 0).remaining == 12


def test_8_2_out_of_command_units_join_only_a_general_activation():
    state = bare({GE_HQ: PLAIN, INF: "2702"})
    state.turn_data["out_of_command"] = [INF]
    state.apply(Activate(hq=GE_HQ))
    with pytest.raises(IllegalAction, match=r"^8\.2: d320_585 is out of command this turn: only a general activation may take it$"):
        move(state, [INF], "2702", "2703")


def test_3_5_a_second_activation_fatigues_the_unit_and_its_sixth_op_doubles_it():
    state = bare({INF: PLAIN, INF2: PLAIN, SU_DIV: "2101"})
    state.turn_data["activations"] = {INF: 1, INF2: 1}
    general(state)
    assert state.legal_moves([INF])["2702"].cost == 2 + 1  # Fatigue 1: +1 OP a hex
    move(state, [INF2], PLAIN, "2702")  # 3 OP
    assert activation.fatigue(state, INF2) == 1
    move(state, [INF], PLAIN, "2702", "2703")  # 6 OP: the sixth is spent
    assert activation.fatigue(state, INF) == 2


def test_3_5_fatigue_is_lowered_by_four_op_in_the_first_activation_only():
    state = bare({INF: PLAIN, INF2: "2702", SU_DIV: "2101"})
    state.game["fatigue"] = {INF: 2, INF2: 1}
    state.turn_data["activations"] = {INF2: 1}
    general(state)
    state.apply(ReduceFatigue(unit=INF))
    assert activation.fatigue(state, INF) == 1
    assert state.phase_data["activation"]["spent"][INF] == 4
    with pytest.raises(IllegalAction, match=r"^3\.5: d320_585 has already lowered its fatigue this turn$"):
        state.apply(ReduceFatigue(unit=INF))  # once a turn
    with pytest.raises(IllegalAction, match=r"^3\.5: d320_587 may lower its fatigue only in its first activation of the turn$"):
        state.apply(ReduceFatigue(unit=INF2))  # its second activation


def test_1_5_soviet_units_of_two_fronts_never_share_an_activation():
    from kharkovsuite.rules.kharkov1943.rules import new_game
    from kharkovsuite.scenario import load_scenario

    from .k43_helpers import ROOT

    state = new_game(load_scenario(ROOT / "scenarios" / "kharkov-1943-campaign.yaml"), 1)
    voronezh, southwest = "su_25grd", "su_350rd"
    assert state.board.units[voronezh].front != state.board.units[southwest].front
    for uid in list(state.units):
        if uid not in (voronezh, southwest):
            state.to_box(uid, "off")
    state.place(voronezh, PLAIN)
    state.place(southwest, "2702")
    state.turn_data.update({"segment": "soviet", "activations": {}, "out_of_command": []})
    state.phase_data = {}
    general(state)
    _step(state, voronezh)
    assert state.legal_moves([southwest]) == {}
    with pytest.raises(IllegalAction, match=r"^1\.5: su_350rd is of another front than the units already activated$"):
        _step(state, southwest)


def test_18_the_game_stops_after_the_scenarios_last_turn():
    state = bare({INF: PLAIN, SU_DIV: "2101"})
    state.turn = state.board.data.special_rules.turns
    state.apply(Pass())
    state.apply(Pass())
    assert state.terminal and state.turn == 5 and state.to_act is None
    assert len(state.legal_actions().actions()) == 0
    with pytest.raises(IllegalAction, match=r"^18: the game is over$"):
        state.apply(Pass())


def test_2_1_an_action_of_another_phase_is_refused_naming_the_phase():
    from kharkovsuite.engine.actions import EliminateExcess

    state = bare({INF: PLAIN})
    assert refusal(state, EliminateExcess(unit=INF)) == ("2.1", "EliminateExcess is not allowed in the Operations Phase")


def test_8_2_before_a_turns_command_check_no_unit_counts_as_out_of_command():
    state = bare({INF: PLAIN})
    del state.turn_data["out_of_command"]  # as the turn opens, before its command phase (2.1b)
    assert not activation.out_of_command(state, INF)
    assert state.rules.unit_notes(state, INF) == ["In supply (9.3)"]


def test_3_1_actions_of_an_activation_outside_one_and_a_second_one_inside_are_refused_saying_why():
    from kharkovsuite.rules.kharkov1943 import detachments, works

    state = bare({INF: PLAIN, INF2: PLAIN, SU_DIV: "2101"})
    closed = ("3.1", "no activation is open: activate a formation or a general activation first")
    assert activation.join_refusal(state, INF) == closed and activation.group_refusal(state, [INF, INF2]) == closed
    assert detachments.reattach_refusal(state, "pz7_pz_det") == (
        "1.3", "a detachment rejoins its mother at the start of its activation: open one")
    assert detachments.combine_refusal(state, INF, INF2) == ("1.3", "units merge as they are activated: open an activation")
    general(state)
    assert activation.open_refusal(state, "german", None) == ("3.1", "an activation is already open; end it first")
    assert works.build_refusal(state, (), "pdm") == ("11.1", "name the units of a hex on the map")

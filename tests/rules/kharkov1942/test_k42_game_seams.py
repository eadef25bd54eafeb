"""What the Kharkov 1942 rule system hands the engine and the window on the shipped scenario: a
new game's options, the refusal of an action its phase does not list (4.2), what each side's
observation shows of the City garrisons (15.3), and supply's halving of attack strength (11.43)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from kharkovsuite.engine import Attack, IllegalAction
from kharkovsuite.rules import kharkov1942
from kharkovsuite.rules.kharkov1942 import combat, supply
from kharkovsuite.scenario import load_scenario
from tests.conftest import DEFAULT_SCENARIO



@pytest.fixture(scope="module")
def scenario():
    return load_scenario(DEFAULT_SCENARIO)


def test_a_new_game_keeps_the_options_it_was_started_with(scenario):
    state = kharkov1942.new_game(scenario, 0, options={"test-option": True})
    assert state.options == {"test-option": True}
    assert kharkov1942.new_game(scenario, 0).options == dict(scenario.options)


def test_4_2_an_action_the_phase_does_not_list_is_refused_in_words(scenario):
    state = kharkov1942.new_game(scenario, 0)
    assert state.phase.id == "soviet-movement"
    with pytest.raises(IllegalAction) as err:
        state.apply(Attack(attackers=("su-cd-04",), targets=("1815",)))
    assert str(err.value).endswith(": Attack is not allowed in the soviet Movement Phase")


def test_15_3_each_side_sees_the_city_garrisons(scenario):
    state = kharkov1942.new_game(scenario, 0)
    assert state.game["garrisons"]
    for side in ("axis", "soviet"):
        assert state.observation(side)["garrisons"] == state.game["garrisons"]


def test_11_43_a_unit_out_of_supply_attacks_at_half_strength(scenario):
    state = kharkov1942.new_game(scenario, 0)
    assert not supply.in_supply(state, "su-cd-07") and supply.in_supply(state, "su-cd-04")
    halved, notes = combat.attack_strength(state, "su-cd-07", [], set(), base=5)
    assert halved == Fraction(2) and notes == "5 /2 out of supply 11.43"
    assert combat.attack_strength(state, "su-cd-04", [], set(), base=5) == (Fraction(5), "5")


def test_6_13_a_rail_move_of_the_other_side_s_unit_is_refused(scenario):
    from kharkovsuite.engine import RailMove

    state = kharkov1942.new_game(scenario, 0)
    here = state.units["ge-100lt"].hex
    with pytest.raises(IllegalAction) as err:
        state.apply(RailMove(units=("ge-100lt",), path=(here,)))
    assert err.value.case == "6.13" and str(err.value) == "6.13: ge-100lt is not the phasing player's"


def test_6_45_no_rail_move_in_the_axis_mechanized_movement_phase(scenario):
    from kharkovsuite.engine import RailMove
    from kharkovsuite.rules.kharkov1942 import sequence

    state = kharkov1942.new_game(scenario, 0)
    sequence.go_to(state, "axis-mechanized")
    here = state.units["ge-100lt"].hex
    with pytest.raises(IllegalAction) as err:
        state.apply(RailMove(units=("ge-100lt",), path=(here,)))
    assert err.value.case == "6.45"

"""Combat half (14-21, 24-25, 27-30): the cases the survivors of the fourth sample
(``combat-after3``, docs/mutation.md) showed unpinned, each test named by its rule case."""
from __future__ import annotations

import pytest

from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kirovograd.losses import Casualty
from kharkovsuite.rules.kirovograd.settle import settle

from .kiro2_helpers import battle, crt, data, dice, tank
from .kiro_helpers import GE_INF, PLAIN, SU_TANK, bare, ring

N = ring(PLAIN, 1)


# ----------------------------------------------------------------------------- losses (16.2, 16.3)


def test_16_2_every_odd_loss_comes_from_armour_the_third_and_fifth_too():
    """Both sides have armour: the 1st, 3rd and 5th SP lost come from the panzer regiment even
    though its owner would rather the infantry lost; the even ones follow the owner's order."""
    from kharkovsuite.rules.kirovograd.losses import allocate, next_loss

    units = [Casualty.unit("pz", 6, armored=True), Casualty.unit("inf", 10)]
    plan = allocate(units, 5, both_armour=True, prefer=["inf", "pz"])
    assert plan.order == ("pz", "inf", "pz", "inf", "pz")
    assert plan.taken == {"pz": 3, "inf": 2}
    assert next_loss(units, ["pz", "inf", "pz"], [], 5, both_armour=True) == (units, "16.1")
    assert next_loss(units, ["pz", "inf"], [], 5, both_armour=True) == ([units[0]], "16.2")


def test_16_3b_a_soviet_attacker_s_own_loss_calls_for_the_special_armour_s_extra_losses():
    """A Soviet tank brigade attacks a Tiger and the roll gives A1 (the defender loses nothing):
    the USSR's part of the result has a loss (which the brigade turns into a hex), so the Tiger's
    three special SP owe extra armour losses on the attacker (16.3B), two of them within its 50 %
    limit."""
    b = battle([tank("t34", "soviet", 4)], [tank("tiger", "german", 3, special_armor=True)])
    o = settle(b, data(), crt(), dice(1, 2), attacker_units=[Casualty.unit("t34", 4, armored=True, antitank=True)],
               defender_units=[Casualty.unit("tiger", 3, armored=True, antitank=True)])
    assert o.resolution.result.text == "A1"
    assert (o.attacker.extra_armour, o.defender.extra_armour) == (3, 0)
    assert (o.attacker.plan.order, o.attacker.plan.extra, o.attacker.retreat) == ((), ("t34", "t34"), 1)


# ----------------------------------------------------------------------------- retreats and advances (17, 18)


def test_17_0_a_retreat_of_no_hexes_stays_where_it_is():
    from kharkovsuite.rules.kirovograd.retreat import Retreat, retreats

    from .kiro2_helpers import Board

    assert retreats(Board(), "german", "1010", 0, ["u"], fought=["1009"]) == [Retreat((), 0, False, 0, ())]


def test_18_1b_a_pursuit_advance_is_as_long_as_the_retreat_and_says_so():
    from kharkovsuite.rules.kirovograd.advance import Allowance, allowance

    assert allowance("pursuit", 3, vacated=True) == Allowance(3, 3, "18.1B")
    assert allowance("pursuit", 1, vacated=True, eliminated=True, unabsorbed=2) == Allowance(3, 3, "18.1B")


def test_18_5a_a_unit_next_to_the_attackers_in_an_enemy_zoc_is_refused_with_its_reason():
    from kharkovsuite.rules.kirovograd.advance import check_follower

    with pytest.raises(IllegalAction) as e:
        check_follower("B", ["A"], in_enemy_zoc=True, orders="mobile", attackers_advanced=1, hexes=1,
                       adjacent=lambda a, b: True)
    assert (e.value.case, e.value.reason) == ("18.5A", "a unit next to the attackers but in an enemy ZOC may not follow")


# ----------------------------------------------------------------------------- replacements (25.2A)


def test_25_2a_a_tank_no_enemy_unit_reaches_may_take_replacements():
    """No German unit is on the map: the reduced brigade is as far from the enemy as can be."""
    from kharkovsuite.rules.kirovograd import replacements

    state = bare({SU_TANK: PLAIN}, side="soviet", orders={"m5g": "mobile"})
    state.units[SU_TANK].step = 2
    state.game["replacement_points"] = 10
    assert replacements.candidates(state, "soviet", []) == [(SU_TANK, 1), (SU_TANK, 2)]
    assert replacements.tank(state, SU_TANK, []).enemy_distance >= 2


# ----------------------------------------------------------------------------- victory (27.B, 28.10.4B)


def test_28_10_4b_an_air_unit_is_worth_its_stronger_factor_not_its_printed_strength():
    """The Bf 109 (air-to-air 4, air-to-ground 1) counts four points when lost, not one."""
    from kharkovsuite.rules.kirovograd import victory

    info = bare({}).board.units["de-air-bf109-1"]
    assert (info.values.air_air, info.values.air_ground) == (4, 1)
    assert victory.full_strength(info) == 4

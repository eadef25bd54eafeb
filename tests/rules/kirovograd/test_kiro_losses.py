"""Strength points and losses (16, 20.0D-E, 21.7, 22.3)."""
import pytest

from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kirovograd.combat import resolve, side_conversions
from kharkovsuite.rules.kirovograd.data import Part
from kharkovsuite.rules.kirovograd.losses import (
    Casualty, allocate, armour_on_both_sides, casualties, check_order, excess_as_retreat, first_losses,
    special_armour_extra, unretreated_as_losses,
)

from .kiro2_helpers import battle, crt, data, dice, tank, unit


def test_16_3_example_soviet_tank_takes_its_loss_and_one_more_then_retreats_two():
    german = tank("tiger", "german", 3, special_armor=True)
    soviet = tank("t34", "soviet", 4)
    b = battle([german], [soviet])
    r = resolve(b, data(), crt(), dice(5, 6))
    assert (r.preview.column, r.result.text) == ("1-2", "D1R2")
    _, choices = side_conversions(r.result, data(), "mobile", "mobile", "german", "soviet")
    assert choices == [Part(1, 2)]  # mobile against mobile: the USSR must take both
    extra = special_armour_extra(b, r.result.defender.loss)
    assert extra == 3
    plan = allocate([Casualty.unit("t34", 4, armored=True, antitank=True)], 1, extra_armour=extra)
    assert plan.taken == {"t34": 2}  # its loss and one extra, stopped by the 50% limit
    assert plan.excess == 0 and excess_as_retreat(plan.excess, 2, True) == 2  # the extra losses never become hexes


def test_23_5_special_armour_loses_its_edge_at_night_and_in_fog():
    b = battle([tank("tiger", "german", 3, special_armor=True)], [tank("t34", "soviet", 4)])
    assert special_armour_extra(b, 1) == 3
    assert special_armour_extra(battle(b.attackers, b.defenders, light="night"), 1) == 0
    assert special_armour_extra(battle(b.attackers, b.defenders, fog=True), 1) == 0


def test_16_3b_extra_losses_only_against_soviet_armour_and_at_most_three():
    assert special_armour_extra(battle([tank("t", "german", 3, special_armor=True)], [unit("r", "soviet", 4)]), 1) == 0
    big = battle([tank("t", "german", 5, special_armor=True)], [tank("s", "soviet", 12)])
    assert special_armour_extra(big, 1) == 3
    assert special_armour_extra(big, 0) == 0


def test_16_1a_no_unit_loses_more_than_half_in_a_round():
    plan = allocate([Casualty.unit("a", 4), Casualty.unit("b", 3)], 5)
    assert plan.taken == {"a": 2, "b": 1} and plan.excess == 2


def test_16_1e_a_one_sp_unit_goes_on_any_loss_but_artillery_needs_two():
    plan = allocate([Casualty.unit("a", 1)], 1)
    assert plan.eliminated == ("a",)
    gun = allocate([Casualty.artillery_unit("g", 1)], 1)
    assert gun.taken == {"g": 1} and gun.eliminated == ()
    hit_again = allocate([Casualty.artillery_unit("g", 1, lost=1)], 1)
    assert hit_again.eliminated == ("g",)


def test_16_1b_c_excess_losses_become_hexes_or_are_ignored():
    assert excess_as_retreat(2, 1, can_retreat=True) == 3
    assert excess_as_retreat(2, 1, can_retreat=False) == 1


def test_15_9f_hexes_not_retreated_become_losses_up_to_the_limit():
    assert unretreated_as_losses(2, room=1) == 1
    assert unretreated_as_losses(2, room=3) == 2


def test_16_2_example_odd_losses_from_armour_or_antitank():
    b = battle([tank("pz", "german", 4), unit("inf", "german", 4)], [unit("at", "soviet", 2, kind="antitank", antitank=True), unit("rifle", "soviet", 4)])
    assert armour_on_both_sides(b)
    defender = allocate([Casualty.unit("at", 2, antitank=True), Casualty.unit("rifle", 4)], 1, both_armour=True, prefer=["rifle"])
    assert defender.order == ("at",)
    attacker = allocate([Casualty.unit("pz", 4, armored=True), Casualty.unit("inf", 4)], 2, both_armour=True, prefer=["inf"])
    assert attacker.order == ("pz", "inf")
    with pytest.raises(IllegalAction, match="16.2"):
        check_order([Casualty.unit("pz", 4, armored=True), Casualty.unit("inf", 4)], ["inf", "pz"], 2, both_armour=True)
    check_order([Casualty.unit("pz", 4, armored=True), Casualty.unit("inf", 4)], ["pz", "inf"], 2, both_armour=True)


def test_16_2_applies_only_when_both_sides_have_armour_or_antitank():
    assert not armour_on_both_sides(battle([tank("pz", "german", 4)], [unit("rifle", "soviet", 4)]))
    free = allocate([Casualty.unit("pz", 4, armored=True), Casualty.unit("inf", 4)], 1, prefer=["inf"])
    assert free.order == ("inf",)


def test_20_0d_e_engineers_take_the_first_loss_tanks_before_them():
    eng = unit("eng", "soviet", 3, kind="engineer")
    rifle = unit("r", "soviet", 4)
    assert first_losses([eng, rifle], engineers_used=True) == ["eng"]
    assert first_losses([eng, rifle], engineers_used=False) == []
    t = tank("t", "soviet", 4)
    assert first_losses([eng, rifle, t], engineers_used=True) == ["t", "eng"]
    units = [Casualty.unit("eng", 3), Casualty.unit("r", 4)]
    assert allocate(units, 1, first=["eng"], prefer=["r"]).order == ("eng",)
    with pytest.raises(IllegalAction, match="20.0D-E"):
        check_order(units, ["r"], 1, first=["eng"])


def test_16_1_owner_order_refused_past_the_limit_or_short():
    units = [Casualty.unit("a", 2), Casualty.unit("b", 2)]
    with pytest.raises(IllegalAction, match="16.1"):
        check_order(units, ["a", "a"], 2)
    with pytest.raises(IllegalAction, match="16.1B"):
        check_order(units, ["a"], 2)
    check_order(units, ["a", "b"], 2)


def test_21_7a_22_3_who_takes_losses():
    gun_far = unit("g1", "german", 3, kind="artillery", role="artillery", hex="X")
    gun_here = unit("g2", "german", 3, kind="artillery", role="artillery", hex="T")
    hq = unit("hq", "german", 2, kind="hq", role="hq", hex="Y")
    inf = unit("i", "german", 4, hex="T")
    got = {c.id: c for c in casualties([gun_far, gun_here, hq, inf], ["T"], hq_support=True)}
    assert set(got) == {"g2", "hq", "i"}
    assert got["i"].antitank  # 19.2B: HQ support makes the stack anti-tank
    assert got["g2"].artillery and got["g2"].to_eliminate == 3


def test_16_2_an_owner_s_order_is_held_to_armour_first_only_when_both_sides_have_armour():
    """check_order without ``both_armour``: 16.2 does not apply, any order within 16.1 stands."""
    check_order([Casualty.unit("pz", 4, armored=True), Casualty.unit("inf", 4)], ["inf", "pz"], 2)


def test_16_3b_no_extra_armour_losses_unless_the_special_armour_calls_for_them():
    plan = allocate([Casualty.unit("pz", 6, armored=True), Casualty.unit("inf", 4)], 1)
    assert plan.extra == () and len(plan.order) == 1

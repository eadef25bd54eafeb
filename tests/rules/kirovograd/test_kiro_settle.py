"""One combat settled from the roll to the hexes owed (15.8-15.10, 16.1C, 16.3, 20.0D)."""
import pytest

from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kirovograd.combat import Cover
from kharkovsuite.rules.kirovograd.data import Part
from kharkovsuite.rules.kirovograd.losses import Casualty
from kharkovsuite.rules.kirovograd.settle import settle

from .kiro2_helpers import battle, crt, data, dice, tank, unit


def test_15_8_example_settled_both_lose_one_defender_owes_a_hex():
    b = battle([unit("a", strength=8)], [unit("d", "soviet", 2)])
    o = settle(b, data(), crt(), dice(3, 3), attacker_units=[Casualty.unit("a", 8)], defender_units=[Casualty.unit("d", 2)])
    # a mobile attacker (OO) may give a hex for its SP: the default keeps the SP
    assert (o.attacker.choices, o.attacker.choice, o.attacker.retreat) == ((Part(0, 1), Part(1, 0)), Part(0, 1), 1)
    assert (o.defender.choice, o.defender.plan.taken, o.defender.retreat) == (Part(1, 1), {"d": 1}, 1)  # mobile Soviet: ** binds
    ev = o.event(b)
    assert (ev.column, ev.die, ev.result) == ("4-1", 6, "A1/D1R1")


def test_16_3_example_settled():
    b = battle([tank("tiger", "german", 3, special_armor=True)], [tank("t34", "soviet", 4)])
    o = settle(b, data(), crt(), dice(5, 6), attacker_units=[Casualty.unit("tiger", 3, armored=True, antitank=True)],
               defender_units=[Casualty.unit("t34", 4, armored=True, antitank=True)])
    assert (o.defender.plan.taken, o.defender.plan.extra, o.defender.retreat) == ({"t34": 2}, ("t34",), 2)


def test_16_1c_losses_past_the_limit_are_owed_as_hexes():
    b = battle([unit("a", strength=12)], [unit("d", "soviet", 2)])  # 6-1, a 12 gives D2R3, underlined
    o = settle(b, data(), crt(), dice(6, 6), attacker_units=[Casualty.unit("a", 12)], defender_units=[Casualty.unit("d", 2)])
    assert crt().read("6-1", 12).text == "D2R3" and crt().read("6-1", 12).underlined
    assert (o.defender.plan.taken, o.defender.plan.excess, o.defender.retreat) == ({"d": 1}, 1, 4)


def test_15_9_a_choice_outside_the_matrix_is_refused():
    b = battle([unit("a", strength=8, side="german")], [unit("d", "soviet", 2)])
    with pytest.raises(IllegalAction, match="15.9"):
        settle(b, data(), crt(), dice(3, 3), attacker_units=[Casualty.unit("a", 8)], defender_units=[Casualty.unit("d", 2)],
               defender_choice=lambda choices: Part(0, 2))


def test_20_0d_settled_engineers_lose_first():
    eng = [unit("e", "soviet", 3, kind="engineer", hex="A"), unit("r", "soviet", 6, hex="A")]
    b = battle(eng, [unit("d", "german", 1)], covers={"T": Cover("city")})
    o = settle(b, data(), crt(), dice(1, 1), attacker_units=[Casualty.unit("e", 3), Casualty.unit("r", 6)],
               defender_units=[Casualty.unit("d", 1)], attacker_prefer=["r"],
               attacker_choice=lambda choices: max(choices, key=lambda p: p.loss))
    assert o.attacker.plan.order[0] == "e"

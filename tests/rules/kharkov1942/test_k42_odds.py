"""Odds before the roll (9.0-9.4, 9.85, 9.9, 12.0, 13.14, 15.33): kharkovsuite.rules.kharkov1942.odds.

The query must give the figures the resolution then uses, and must read nothing hidden: an
untried unit's strength is a distribution over the counters left in its pool.

Neighbours used below: 0504: 0503 0403 0404 0505 0604 0603; 0508 is a City.
"""
from collections import Counter
from fractions import Fraction

import pytest
from k42_helpers import Dice, last, position, reveal_as

from kharkovsuite.engine import Attack, CommitAir, DeclineAir, IllegalAction
from kharkovsuite.rules.kharkov1942 import hq, supply
from kharkovsuite.rules.kharkov1942.odds import UnitOdds, attack_odds, current_odds

CRT_2_1 = {"D2": Fraction(1, 6), "D1": Fraction(1, 6), "D1/A1": Fraction(2, 6), "Eng": Fraction(1, 6), "A1": Fraction(1, 6)}


@pytest.fixture(autouse=True)
def _every_unit_supplied(monkeypatch):
    """These positions have no HQs; like the combat tests, take every unit as supplied and commanded (11.0, 10.2)."""
    monkeypatch.setattr(supply, "in_supply", lambda state, uid: True)
    monkeypatch.setattr(supply, "hex_in_supply", lambda state, hex_id, side: True)
    monkeypatch.setattr(hq, "may_attack", lambda state, uid: True)


def twenty_nine_to_ten():
    state = position({"ge-1": "0505", "ge-2": "0404", "ge-3": "0403", "ge-5": "0604", "su-r1": "0504"}, phase="axis-combat")
    reveal_as(state, "su-r1", 1, 10, 7, pool="rifle")
    return state, ["ge-1", "ge-2", "ge-3", "ge-5"], ["0504"]


def fight(state, attackers, targets, *rolls, draws=None):
    state.rng = Dice(*rolls, draws=draws)
    events = state.apply(Attack(attackers=tuple(attackers), targets=tuple(targets)))
    while state.pending and state.pending[-1].kind == "air":
        events += state.apply(DeclineAir())
    return last(events, "CombatResolved")


def test_9_0_29_to_10_is_2_1_before_the_roll():
    state, attackers, targets = twenty_nine_to_ten()
    o = attack_odds(state, attackers, targets)
    assert (o.attack, o.defense, o.ratio, o.base_column, o.column) == ("29", "10", "2.90 : 1", "2-1", "2-1")
    assert [(u.unit, u.strength) for u in o.attackers] == [("ge-1", "9"), ("ge-2", "9"), ("ge-3", "9"), ("ge-5", "2")]
    assert dict(o.results) == CRT_2_1 and o.untried == () and o.morale == ()
    assert [r for r, _p in o.results] == ["D1/A1", "A1", "D1", "D2", "Eng"]  # likeliest first, then by name


def test_9_9_two_9_8s_against_a_5_5_11_tank_brigade_drop_from_3_1_to_2_1():
    state = position({"ge-1": "0505", "ge-2": "0404", "su-t1": "0504"}, phase="axis-combat")
    reveal_as(state, "su-t1", 5, 5, 11)
    o = attack_odds(state, ["ge-1", "ge-2"], ["0504"])
    assert (o.attack, o.defense, o.base_column, o.column) == ("18", "5", "3-1", "2-1")
    assert o.shifts == (("armor superiority 9.9", -1),)


def test_13_14_an_air_point_moves_2_1_to_3_1_and_a_defensive_one_to_1_1():
    state, attackers, targets = twenty_nine_to_ten()
    assert attack_odds(state, attackers, targets, air={"attacker": True, "defender": False}).column == "3-1"
    assert attack_odds(state, attackers, targets, air={"attacker": False, "defender": True}).column == "1-1"
    both = attack_odds(state, attackers, targets, air={"attacker": True, "defender": True})
    assert both.column == "2-1" and [n for _r, n in both.shifts] == [1, -1]


def test_15_33_a_9_8_in_a_city_with_a_garrison_of_1_defends_with_19():
    state = position({"ge-1": "0508", "su-t1": "0507"}, phase="soviet-combat", turn=4, garrisons={"0508": 1})
    reveal_as(state, "su-t1", 5, 5, 11)
    o = attack_odds(state, ["su-t1"], ["0508"])
    assert o.defense == "19" and o.garrison == 1
    ge1 = next(u for u in o.defenders if u.unit == "ge-1")
    assert ge1.strength == "18" and "9.31" in ge1.note
    assert o.defenders[-1] == UnitOdds("garrison", "defender", "1", "garrison added, not doubled 15.33")


def test_9_85_the_morale_die_enters_as_its_six_faces():
    state = position({"su-g1": "0504", "ge-5": "0505"}, phase="soviet-combat", turn=1)
    o = attack_odds(state, ["su-g1"], ["0505"])  # 4 to 2: 2-1; turn 1 shifts 4, 3, 3, 2, 2, 1
    assert o.base_column == "2-1"
    assert dict(o.morale) == {4: Fraction(1, 6), 3: Fraction(2, 6), 2: Fraction(2, 6), 1: Fraction(1, 6)}
    assert dict(o.columns) == {"6-1": Fraction(1, 6), "5-1": Fraction(2, 6), "4-1": Fraction(2, 6), "3-1": Fraction(1, 6)}


def test_9_4_the_chances_match_every_die_the_resolution_may_roll():
    """Soviet attack on turn 1: every (morale die, combat die) pair resolved for real gives the predicted chances."""
    state = position({"su-g1": "0504", "ge-5": "0505"}, phase="soviet-combat", turn=1)
    o = attack_odds(state, ["su-g1"], ["0505"])
    seen = Counter(fight(state.clone(), ["su-g1"], ["0505"], m, c).result for m in range(1, 7) for c in range(1, 7))
    assert {r: Fraction(n, 36) for r, n in seen.items()} == dict(o.results)


def test_12_0_an_untried_defender_is_the_pool_left_and_matches_every_draw():
    state = position({"ge-1": "0505", "su-t1": "0504", "su-t2": "0404"}, phase="axis-combat")
    state.game["pools"]["tank"][2] -= 1  # the 6-7 was revealed elsewhere: 4 counters left
    o = attack_odds(state, ["ge-1"], ["0504", "0404"])
    assert o.untried == ("su-t1", "su-t2") and o.defense == "6 to 10"
    first = next(u for u in o.defenders if u.unit == "su-t1")
    assert dict(first.chances) == {"3": Fraction(1, 2), "5": Fraction(1, 2)}
    assert (first.role, first.strength, first.note) == ("defender", "3 to 5", "untried: 3 to 5 from the tank counters left (12.0)")
    assert sum(p for _c, p in o.base_columns) == 1 and len(o.base_columns) > 1
    seen = Counter()
    for d1 in range(4):
        for d2 in range(3):
            for die in range(1, 7):
                seen[fight(state.clone(), ["ge-1"], ["0504", "0404"], die, draws=[d1, d2]).result] += 1
    assert {r: Fraction(n, 72) for r, n in seen.items()} == dict(o.results)


class NoPeeking:
    def __getattr__(self, name):
        raise AssertionError(f"the odds read the random generator ({name})")


def test_12_0_the_odds_reveal_nothing_hidden():
    """No draw, no die and no revealed value is read or made; the dice seed changes nothing."""
    odds = []
    for seed in (1, 2):
        state = position({"su-r1": "0504", "su-r2": "0404", "ge-1": "0505"}, phase="soviet-combat", turn=2, seed=seed)
        pools = [list(c) for c in state.game["pools"].values()]
        logged = len(state.log)
        state.rng = NoPeeking()
        odds.append(attack_odds(state, ["su-r1", "su-r2"], ["0505"]))
        assert state.units["su-r1"].values is None and state.units["su-r2"].values is None
        assert [list(c) for c in state.game["pools"].values()] == pools and len(state.log) == logged
    assert odds[0] == odds[1]  # only one 4-6 in the pool: at most 3 + 4
    assert odds[0].defense == "9"  # the untried attackers add nothing to the defense
    assert odds[0].attack == "2 to 7" and sum(p for _r, p in odds[0].results) == 1


def test_13_12_the_air_points_committed_so_far_count_in_the_odds_of_the_declared_attack():
    state, attackers, targets = twenty_nine_to_ten()
    state.turn_data["air"] = {"axis": 1, "soviet": 1}
    state.rng = Dice(3, draws=[0])
    state.apply(Attack(attackers=tuple(attackers), targets=tuple(targets)))
    assert current_odds(state).column == "2-1"
    state.apply(CommitAir())
    assert current_odds(state).column == "3-1"
    assert attack_odds(state, attackers, targets).column == "3-1"


def test_9_23_odds_of_an_illegal_attack_are_refused_with_the_case():
    state = position({"ge-1": "0506", "su-g1": "0504"}, phase="axis-combat")
    with pytest.raises(IllegalAction) as err:
        attack_odds(state, ["ge-1"], ["0504"])
    assert err.value.case == "9.23"


def test_9_0_the_odds_count_a_soviet_attackers_attack_strength_and_label_the_sides():
    state = position({"su-g1": "0504", "ge-1": "0505"}, phase="soviet-combat", turn=4)
    o = attack_odds(state, ["su-g1"], ["0505"])
    assert [(u.unit, u.role, u.strength) for u in o.attackers] == [("su-g1", "attacker", "4")]  # a 4-5-7: attack 4
    assert [(u.unit, u.role, u.strength) for u in o.defenders] == [("ge-1", "defender", "9")]


def test_10_13_an_hq_with_the_defenders_adds_nothing_to_the_odds():
    state = position({"ge-1": "0505", "su-g1": "0504", "su-hq6": "0504"}, phase="axis-combat")
    o = attack_odds(state, ["ge-1"], ["0504"])
    assert o.defense == "5" and [u.unit for u in o.defenders] == ["su-g1"]


def test_14_1_the_odds_double_a_stacked_panzer_division_as_its_attack_does():
    state = position({"pz-1a": "0407", "pz-1b": "0407", "pz-1c": "0407", "su-g1": "0406"}, phase="axis-combat")
    assert attack_odds(state, ["pz-1a", "pz-1b", "pz-1c"], ["0406"]).attack == "16"  # (3 + 3 + 2) x 2


def test_14_2_the_odds_double_a_spread_division_on_defense_and_never_in_attack():
    spread = {"pz-1a": "0407", "pz-1b": "0408", "pz-1c": "0409", "su-g1": "0406"}
    attacking = position(spread, phase="axis-combat")
    assert attack_odds(attacking, ["pz-1a"], ["0406"]).attack == "3"
    defending = position(spread, phase="soviet-combat", turn=4)
    assert attack_odds(defending, ["su-g1"], ["0407"]).defense == "6"  # 3 doubled (mobile defense)


def test_9_4_a_result_the_column_cannot_give_has_no_chance():
    state, attackers, targets = twenty_nine_to_ten()
    o = attack_odds(state, attackers, targets)
    assert o.chance("D2") == Fraction(1, 6) and o.chance("Ae") == 0


def test_13_12_no_odds_are_current_before_an_attack_is_declared():
    state, _attackers, _targets = twenty_nine_to_ten()
    assert current_odds(state) is None


def test_7_21_an_overrun_being_resolved_has_no_air_point_odds():
    state = position({"ge-1": "0407", "su-g1": "0406"}, phase="axis-movement")
    state.rng = Dice(1)
    from kharkovsuite.engine import Overrun

    state.apply(Overrun(units=("ge-1",), path=("0407",), target="0406"))  # die 1: D1/A1, a loss to choose
    assert state.pending
    o = attack_odds(state, ["ge-1"], ["0406"], air={"attacker": True, "defender": True})
    assert o.attack == "4"  # 9 halved, the fraction dropped (7.0)
    assert not any("Air Point" in reason for reason, _n in o.shifts)  # 13.15
    assert o.morale == ()  # 7.21: no morale die in an overrun


def test_10_14_an_hq_alone_shows_in_the_odds_with_its_strength_of_one():
    state = position({"ge-1": "0505", "su-hq6": "0504"}, phase="axis-combat")
    o = attack_odds(state, ["ge-1"], ["0504"])
    assert o.defense == "1" and list(o.defenders) == [UnitOdds("HQ 0504", "defender", "1", "HQ alone 10.14")]


def test_9_33_the_odds_add_the_minor_river_to_every_die_and_list_the_likeliest_first():
    state = position({"su-g1": "0303", "ge-1": "0304"}, phase="soviet-combat", turn=4)
    o = attack_odds(state, ["su-g1"], ["0304"])
    assert o.modifier == 1
    seen = Counter(fight(state.clone(), ["su-g1"], ["0304"], m, c).result for m in range(1, 7) for c in range(1, 7))
    assert {r: Fraction(n, 36) for r, n in seen.items()} == dict(o.results)
    assert [p for _r, p in o.results] == sorted((p for _r, p in o.results), reverse=True)


def test_12_0_an_untried_attacker_in_a_forest_is_not_doubled_in_the_odds():
    state = position({"su-r1": "0705", "ge-1": "0706"}, phase="soviet-combat", turn=2)  # 0705: forest
    o = attack_odds(state, ["su-r1"], ["0706"])
    assert o.attack == "1 to 4" and o.attackers[0].strength == "1 to 4"  # the rifle pool's attacks, not doubled
    assert o.attackers[0].role == "attacker"


def test_12_0_with_its_pool_used_up_every_counter_kind_is_equally_likely_in_the_odds():
    state = position({"ge-1": "0505", "su-t1": "0504"}, phase="axis-combat")
    state.game["pools"]["tank"] = [0] * len(state.game["pools"]["tank"])
    o = attack_odds(state, ["ge-1"], ["0504"])
    kinds = len(state.scenario.untried_pools["tank"].counters)
    seen = Counter()
    for draw in range(kinds):
        for die in range(1, 7):
            seen[fight(state.clone(), ["ge-1"], ["0504"], die, draws=[draw]).result] += 1
    assert {r: Fraction(n, 6 * kinds) for r, n in seen.items()} == dict(o.results)
    assert sum(p for _v, p in o.defenders[0].chances) == 1



def test_9_85_morale_shifts_beyond_the_last_column_add_up_there():
    state = position({"su-r1": "0809", "ro-hq": "0808"}, phase="soviet-combat", turn=1)
    reveal_as(state, "su-r1", 10, 4, 7, pool="rifle")
    o = attack_odds(state, ["su-r1"], ["0808"])  # 10 to 1 (an HQ alone): 10-1, and every shift stays there
    assert o.base_column == "10-1" and dict(o.columns) == {"10-1": Fraction(1)}

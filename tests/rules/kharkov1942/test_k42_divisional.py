"""German mechanized divisional integration (14.0): the 1st Panzer Division pz-1a/pz-1b (3-3-12)
and pz-1c (2-2-12) of formation pz1."""
import pytest
from k42_helpers import Dice, last, position

from kharkovsuite.engine import Attack, DeclineAir, Overrun
from kharkovsuite.rules.kharkov1942 import divisional


@pytest.fixture(autouse=True)
def _supplied_and_in_command(monkeypatch):
    """These positions test part 2b's rules alone: every unit in supply and in command (11.0, 10.2
    are tested with the supply engine)."""
    from kharkovsuite.rules.kharkov1942 import hq, supply

    monkeypatch.setattr(supply, "in_supply", lambda state, uid: True)
    monkeypatch.setattr(hq, "may_attack", lambda state, uid: True)


PZ = ("pz-1a", "pz-1b", "pz-1c")


def attack_total(placements, attackers, target, phase="axis-combat"):
    state = position(placements, phase=phase)
    state.rng = Dice(6, 6, 6)
    events = state.apply(Attack(attackers=attackers, targets=(target,)))
    while state.pending and state.pending[-1].kind == "air":
        events += state.apply(DeclineAir())
    return last(events, "CombatResolved")


def test_14_1_schwerpunkt_doubles_the_attack_of_a_stacked_division():
    res = attack_total({**{u: "0407" for u in PZ}, "su-g1": "0406"}, PZ, "0406")
    assert res.attack == "16"  # (3 + 3 + 2) x 2


def test_14_1_two_of_the_three_attacking_are_not_doubled():
    res = attack_total({**{u: "0407" for u in PZ}, "su-g1": "0406"}, PZ[:2], "0406")
    assert res.attack == "6"


def test_14_1_schwerpunkt_doubles_the_overrun_strength():
    state = position({**{u: "0407" for u in PZ}, "su-g1": "0406"}, phase="axis-movement")
    state.rng = Dice(6)
    events = state.apply(Overrun(units=PZ, path=("0407",), target="0406"))
    assert last(events, "CombatResolved").attack == "8"  # 16 halved (7.21)


def test_14_1_schwerpunkt_doubles_the_defense_of_a_stacked_division():
    state = position({**{u: "0407" for u in PZ}, "su-g1": "0406"}, phase="soviet-combat")
    state.rng = Dice(6, 6, 6)
    events = state.apply(Attack(attackers=("su-g1",), targets=("0407",)))
    while state.pending and state.pending[-1].kind == "air":
        events += state.apply(DeclineAir())
    assert last(events, "CombatResolved").defense == "16"


def test_14_2_mobile_defense_doubles_a_spread_division_on_defense():
    state = position({"pz-1a": "0407", "pz-1b": "0408", "pz-1c": "0409", "su-g1": "0406"})
    assert divisional.doubled(state, ["pz-1a"], attacking=False) == {"pz-1a"}
    assert divisional.doubled(state, ["pz-1a"], attacking=True) == set()


def test_14_2a_no_mobile_defense_when_a_member_shares_its_hex_with_another_unit():
    state = position({"pz-1a": "0407", "pz-1b": "0408", "pz-1c": "0409", "ge-1": "0407", "su-g1": "0406"})
    assert divisional.doubled(state, ["pz-1a", "ge-1"], attacking=False) == set()


def test_14_2b_no_mobile_defense_when_a_member_is_more_than_two_hexes_from_the_others():
    state = position({"pz-1a": "0407", "pz-1b": "0408", "pz-1c": "0107", "su-g1": "0406"})
    assert divisional.doubled(state, ["pz-1a"], attacking=False) == set()


def test_14_2c_the_line_may_not_pass_through_an_outsider():
    # pz-1c two hexes from the others only through 0409, held by ge-1
    state = position({"pz-1a": "0407", "pz-1b": "0408", "pz-1c": "0410", "ge-1": "0409", "su-g1": "0406"})
    assert divisional.doubled(state, ["pz-1a"], attacking=False) == set()
    state = position({"pz-1a": "0407", "pz-1b": "0408", "pz-1c": "0410", "su-g1": "0406"})
    assert divisional.doubled(state, ["pz-1a"], attacking=False) == {"pz-1a"}


def test_14_32_a_division_that_lost_a_unit_never_integrates_again():
    state = position({**{u: "0407" for u in PZ}, "su-g1": "0406"})
    state.game["eliminated"].append("pz-1c")
    assert divisional.doubled(state, list(PZ), attacking=True) == set()


def test_14_31_only_german_mechanized_units_integrate():
    state = position({"ge-1": "0407", "ge-2": "0407", "ge-3": "0407"})
    assert divisional.division_of(state, "ge-1") is None
    assert divisional.division_of(state, "pz-1a") == "pz1"


def test_14_2_mobile_defense_doubles_the_defender_in_combat():
    r = attack_total({"pz-1a": "0407", "pz-1b": "0408", "pz-1c": "0409", "su-g1": "0406"}, ("su-g1",), "0407",
                     phase="soviet-combat")
    assert r.defenders == (("pz-1a", "6", "3 x2 integration 14.2"),) and r.defense == "6"

"""German strongpoints (15.2): regiments ge-r1.. (2-8) of the test map."""
import pytest
from k42_helpers import Dice, last, position

from kharkovsuite.engine import Attack, ChooseLoss, DeclineAir, FormStrongpoint, IllegalAction, Move
from kharkovsuite.engine.events import FlagChanged
from kharkovsuite.rules.kharkov1942 import strongpoints
from kharkovsuite.rules.kharkov1942.zoc import in_enemy_zoc


@pytest.fixture(autouse=True)
def _supplied_and_in_command(monkeypatch):
    """These positions test part 2b's rules alone: every unit in supply and in command (11.0, 10.2
    are tested with the supply engine)."""
    from kharkovsuite.rules.kharkov1942 import hq, supply

    monkeypatch.setattr(supply, "in_supply", lambda state, uid: True)
    monkeypatch.setattr(hq, "may_attack", lambda state, uid: True)



def sp(state, uid="ge-r1"):
    return "strongpoint" in state.units[uid].flags


def test_15_21_an_unmoved_regiment_alone_forms_a_strongpoint():
    state = position({"ge-r1": "0207"}, phase="axis-movement")
    assert FormStrongpoint(unit="ge-r1") in state.legal_actions()
    state.apply(FormStrongpoint(unit="ge-r1"))
    assert sp(state)


def test_15_21_only_regiments_form_strongpoints():
    state = position({"ge-1": "0207"}, phase="axis-movement")
    with pytest.raises(IllegalAction) as err:
        state.apply(FormStrongpoint(unit="ge-1"))
    assert str(err.value) == "15.21: only a German regiment forms a strongpoint, not ge-1"


def test_15_21_a_regiment_that_moved_may_not_form_one():
    state = position({"ge-r1": "0207"}, phase="axis-movement")
    state.apply(Move(units=("ge-r1",), path=("0207", "0208")))
    with pytest.raises(IllegalAction) as err:
        state.apply(FormStrongpoint(unit="ge-r1"))
    assert str(err.value) == "15.21: ge-r1 has moved this phase"


def test_15_21_a_regiment_that_moved_is_not_offered_a_strongpoint():
    state = position({"ge-r1": "0207"}, phase="axis-movement")
    state.apply(Move(units=("ge-r1",), path=("0207", "0208")))
    assert FormStrongpoint(unit="ge-r1") not in state.legal_actions()


def test_7_35_a_disrupted_regiment_is_not_offered_a_strongpoint():
    state = position({"ge-r1": "0207"}, phase="axis-movement", flags={"ge-r1": {"disrupted"}})
    assert FormStrongpoint(unit="ge-r1") not in state.legal_actions()


def test_15_22_a_regiment_must_be_alone():
    state = position({"ge-r1": "0207", "ge-r2": "0207"}, phase="axis-movement")
    with pytest.raises(IllegalAction) as err:
        state.apply(FormStrongpoint(unit="ge-r1"))
    assert str(err.value) == "15.22: ge-r1 must be alone in its hex"


def test_7_35_a_disrupted_regiment_may_not_form_one():
    state = position({"ge-r1": "0207"}, phase="axis-movement", flags={"ge-r1": {"disrupted"}})
    with pytest.raises(IllegalAction) as err:
        state.apply(FormStrongpoint(unit="ge-r1"))
    assert str(err.value) == "7.35: ge-r1 is disrupted"


def test_15_21_forming_a_strongpoint_is_announced_and_the_regiment_stays_put():
    state = position({"ge-r1": "0207"}, phase="axis-movement")
    events = state.apply(FormStrongpoint(unit="ge-r1"))
    assert events == [FlagChanged(unit="ge-r1", flag="strongpoint", on=True, case="15.21")]
    with pytest.raises(IllegalAction) as err:
        state.apply(Move(units=("ge-r1",), path=("0207", "0208")))
    assert err.value.case == "6.12"


def test_15_21_a_strongpoint_of_an_earlier_turn_is_not_formed_again():
    state = position({"ge-r1": "0207"}, phase="axis-movement", flags={"ge-r1": {"strongpoint"}})
    assert FormStrongpoint(unit="ge-r1") not in state.legal_actions()
    with pytest.raises(IllegalAction) as err:
        state.apply(FormStrongpoint(unit="ge-r1"))
    assert str(err.value) == "15.21: ge-r1 is already a strongpoint"


def test_15_21_the_regiments_offered_are_found_among_the_axis_units_of_the_scenario():
    state = position({"ge-r1": "0207", "ge-r2": "0209", "ge-1": "0305"}, phase="axis-movement")
    state.board.__dict__.pop("_k42_regiments", None)  # as on a board built anew, not read back from the table cache
    assert strongpoints.legal(state) == [FormStrongpoint(unit="ge-r1"), FormStrongpoint(unit="ge-r2")]


def test_15_24_a_strongpoint_has_no_zoc():
    state = position({"ge-r1": "0207"}, phase="axis-movement")
    assert in_enemy_zoc(state, "0206", "soviet")
    state.apply(FormStrongpoint(unit="ge-r1"))
    assert not in_enemy_zoc(state, "0206", "soviet")


def test_15_23_another_unit_entering_ends_the_strongpoint():
    state = position({"ge-r1": "0207", "ge-1": "0208"}, phase="axis-movement")
    state.apply(FormStrongpoint(unit="ge-r1"))
    state.apply(Move(units=("ge-1",), path=("0208", "0207")))
    assert not sp(state)


def test_15_23_a_strongpoint_that_moves_is_one_no_more():
    state = position({"ge-r1": "0207"}, phase="axis-movement", flags={"ge-r1": {"strongpoint"}})  # formed on an earlier turn
    state.apply(Move(units=("ge-r1",), path=("0207", "0208")))
    assert not sp(state)


def test_15_23_a_strongpoint_that_attacks_is_one_no_more():
    state = position({"ge-r1": "0207"}, phase="axis-movement")
    state.apply(FormStrongpoint(unit="ge-r1"))
    from kharkovsuite.rules.kharkov1942 import sequence

    sequence.go_to(state, "axis-combat", turn=2)
    state.place("su-r1", "0206")
    state.rng = Dice(6, 6)
    state.apply(Attack(attackers=("ge-r1",), targets=("0206",)))
    assert state.units["ge-r1"].hex == "0207" and not sp(state)


def test_9_11_an_attack_naming_an_unknown_unit_is_refused_not_a_crash():
    state = position({"ge-r1": "0207", "su-r1": "0206"}, phase="axis-combat", turn=2)
    with pytest.raises(IllegalAction) as err:
        state.apply(Attack(attackers=("ge-r1", "nobody"), targets=("0206",)))
    assert err.value.case == "9.11"


def attack_on_strongpoint(rolls):
    state = position({"ge-r1": "0207"}, phase="axis-movement")
    state.apply(FormStrongpoint(unit="ge-r1"))
    from kharkovsuite.rules.kharkov1942 import sequence

    sequence.go_to(state, "soviet-combat", turn=2)
    state.place("su-g1", "0206")
    state.place("su-t1", "0206")
    from k42_helpers import reveal_as

    reveal_as(state, "su-t1", 6, 6, 11)
    state.rng = Dice(*rolls)
    events = state.apply(Attack(attackers=("su-g1", "su-t1"), targets=("0207",)))
    while state.pending and state.pending[-1].kind == "air":
        events += state.apply(DeclineAir())
    return state, events


def test_15_2_only_de_affects_a_strongpoint():
    state, events = attack_on_strongpoint((6, 3))  # 10 against 2: 5-1, +1 armor -> 6-1; die 3: D2
    assert last(events, "CombatResolved").result == "D2"
    assert state.units["ge-r1"].hex == "0207" and state.units["ge-r1"].step == 0


def test_15_2_de_eliminates_a_strongpoint():
    state, events = attack_on_strongpoint((6, 1))  # 6-1 column, die 1: De/A1
    assert last(events, "CombatResolved").result.startswith("De")
    assert state.units["ge-r1"].hex is None


def test_15_25_the_attackers_share_of_a_result_still_applies_against_a_strongpoint():
    state, events = attack_on_strongpoint((6, 5))  # 6-1 column, die 5: D2/A1
    assert last(events, "CombatResolved").result == "D2/A1"
    assert state.units["ge-r1"].hex == "0207" and "strongpoint" in state.units["ge-r1"].flags
    decision = state.pending[-1]
    assert decision.kind == "loss_or_retreat" and decision.side == "soviet"
    state.apply(ChooseLoss("su-g1"))
    assert state.units["su-g1"].step == 1

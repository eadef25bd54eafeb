"""Overrun (7.0) and Disruption (7.3) on small positions of the test map.

German infantry divisions are 9-9-8, the Guards rifle division su-g1 4-5-7; clear terrain.
"""
import pytest
from k42_helpers import Dice, last, position, reveal_as

from kharkovsuite.engine import Attack, ChooseLoss, EndPhase, IllegalAction, Move, Overrun, Retreat
from kharkovsuite.engine.events import AttackDeclared, FlagChanged, MoveStopped, UnitMoved
from kharkovsuite.rules.kharkov1942 import overrun


@pytest.fixture(autouse=True)
def _supplied_and_in_command(monkeypatch):
    """These positions test part 2b's rules alone: every unit in supply and in command (11.0, 10.2
    are tested with the supply engine)."""
    from kharkovsuite.rules.kharkov1942 import hq, supply

    monkeypatch.setattr(supply, "in_supply", lambda state, uid: True)
    monkeypatch.setattr(hq, "may_attack", lambda state, uid: True)



def axis(placements, phase="axis-movement", rolls=(1,), **kw):
    state = position(placements, phase=phase, **kw)
    state.rng = Dice(*rolls)
    return state


def test_7_0_legal_actions_offer_overruns_of_adjacent_enemy_hexes():
    state = axis({"ge-1": "0407", "ge-2": "0407", "su-g1": "0406"})
    offered = [a for a in state.legal_actions() if a.kind == "Overrun"]
    assert Overrun(units=("ge-1", "ge-2"), path=("0407",), target="0406") in offered
    assert Overrun(units=("ge-1",), path=("0407",), target="0406") in offered
    assert all(a.target == "0406" for a in offered)


def test_7_0_the_attack_strength_is_halved_dropping_fractions():
    state = axis({"ge-1": "0407", "su-g1": "0406"}, rolls=(6,))
    events = state.apply(Overrun(units=("ge-1",), path=("0407",), target="0406"))
    assert last(events, "CombatResolved").attack == "4"  # 9 / 2 = 4.5 -> 4
    assert last(events, "CombatResolved").attackers[-1] == ("overrun", "4", "total halved 7.0")


def test_7_0_an_overrun_costs_three_movement_points():
    # 6 MP to reach 0402 (the minor river costs one more) + 3 for the overrun > 8
    state = axis({"ge-1": "0407", "su-r1": "0401"})
    with pytest.raises(IllegalAction) as err:
        state.apply(Overrun(units=("ge-1",), path=("0407", "0406", "0405", "0404", "0403", "0402"), target="0401"))
    assert str(err.value) == "7.0b: ge-1 lacks the 3 MP an overrun costs"
    state = axis({"ge-1": "0407", "su-g1": "0406"}, rolls=(6,))
    state.apply(Overrun(units=("ge-1",), path=("0407",), target="0406"))
    assert state.phase_data["spent"]["ge-1"] == 6  # half MP


def test_7_25_a_successful_overrun_advances_and_may_move_on():
    state = axis({"ge-1": "0407", "ge-2": "0407", "ge-3": "0407", "su-r1": "0406"})
    reveal_as(state, "su-r1", 1, 1, 7)
    events = state.apply(Overrun(units=("ge-1", "ge-2", "ge-3"), path=("0407",), target="0406"))
    assert last(events, "CombatResolved").result == "De"  # 13 against 1: 10-1, die 1
    assert [state.units[u].hex for u in ("ge-1", "ge-2", "ge-3")] == ["0406"] * 3
    moves = state.legal_moves("ge-1")
    assert moves and max(r.cost for r in moves.values()) <= 5  # 8 MP less the 3 of the overrun


def test_7_25_after_an_overrun_the_stack_may_leave_an_enemy_zoc():
    state = axis({"ge-1": "0407", "ge-2": "0407", "ge-3": "0407", "su-r1": "0406", "su-r2": "0305"})
    reveal_as(state, "su-r1", 1, 1, 7)
    state.apply(Overrun(units=("ge-1", "ge-2", "ge-3"), path=("0407",), target="0406"))
    assert state.units["ge-1"].hex == "0406"  # 0406 is in su-r2's ZOC
    assert state.legal_moves("ge-1")


def test_7_0_a_stack_may_move_first_then_overrun():
    state = axis({"ge-1": "0408", "ge-2": "0408", "ge-3": "0408", "su-r1": "0406"})
    reveal_as(state, "su-r1", 1, 1, 7)
    state.apply(Overrun(units=("ge-1", "ge-2", "ge-3"), path=("0408", "0407"), target="0406"))
    assert state.units["ge-1"].hex == "0406"
    assert state.phase_data["spent"]["ge-1"] == 2 + 6


def test_7_23_an_overrun_that_fails_to_clear_the_hex_stops_the_stack():
    state = axis({"ge-1": "0407", "ge-2": "0407", "su-g1": "0406"})
    events = state.apply(Overrun(units=("ge-1", "ge-2"), path=("0407",), target="0406"))
    assert last(events, "CombatResolved").result == "D1"  # 9 against 5: 1-1, die 1
    events = state.apply(ChooseLoss("su-g1"))
    assert state.units["su-g1"].hex == "0406"
    assert last(events, "MoveStopped").case == "7.23"
    assert state.legal_moves("ge-1") == {}


def test_7_31_a_defender_that_loses_a_step_is_disrupted():
    state = axis({"ge-1": "0407", "ge-2": "0407", "su-g1": "0406"})
    state.apply(Overrun(units=("ge-1", "ge-2"), path=("0407",), target="0406"))
    events = state.apply(ChooseLoss("su-g1"))
    assert "disrupted" in state.units["su-g1"].flags
    assert last(events, "FlagChanged").case == "7.31"


def test_7_31_a_defender_that_retreats_is_disrupted_and_the_stack_goes_on():
    state = axis({"ge-1": "0407", "ge-2": "0407", "su-g1": "0406"})
    state.apply(Overrun(units=("ge-1", "ge-2"), path=("0407",), target="0406"))
    retreat = next(a for a in state.legal_actions() if a.kind == "Retreat" and a.path)
    state.apply(retreat)
    assert "disrupted" in state.units["su-g1"].flags
    assert state.units["ge-1"].hex == "0406"


def test_7_31_an_engaged_result_disrupts_nobody():
    state = axis({"ge-1": "0407", "ge-2": "0407", "su-g1": "0406"}, rolls=(4,))
    events = state.apply(Overrun(units=("ge-1", "ge-2"), path=("0407",), target="0406"))
    assert last(events, "CombatResolved").result == "Eng"
    state.apply(ChooseLoss("su-g1"))
    state.apply(ChooseLoss("ge-1"))
    assert "disrupted" not in state.units["su-g1"].flags
    assert state.legal_moves("ge-2") == {}  # 7.24: a loss stops the stack


def test_7_24_a_loss_to_the_overrunning_stack_stops_it():
    state = axis({"ge-1": "0407", "su-g1": "0406"}, rolls=(3,))
    events = state.apply(Overrun(units=("ge-1",), path=("0407",), target="0406"))
    assert last(events, "CombatResolved").result == "A1"  # 4 against 5: 1-2, die 3
    events = state.apply(ChooseLoss("ge-1"))
    assert last(events, "MoveStopped").case == "7.24"
    assert state.legal_moves("ge-1") == {}


def test_7_34_hqs_are_never_disrupted():
    state = axis({"ge-1": "0407", "ge-2": "0407", "su-g1": "0406", "su-hq6": "0406"})
    state.apply(Overrun(units=("ge-1", "ge-2"), path=("0407",), target="0406"))
    state.apply(ChooseLoss("su-g1"))
    assert "disrupted" in state.units["su-g1"].flags and "disrupted" not in state.units["su-hq6"].flags


def test_7_32_disrupted_units_may_not_move_or_attack():
    state = position({"su-g1": "0406", "ge-1": "0407"}, phase="soviet-movement", flags={"su-g1": {"disrupted"}})
    assert state.legal_moves("su-g1") == {}
    state = position({"su-g1": "0406", "ge-1": "0407"}, phase="soviet-combat", flags={"su-g1": {"disrupted"}})
    with pytest.raises(IllegalAction) as err:
        state.apply(Attack(attackers=("su-g1",), targets=("0407",)))
    assert err.value.case == "7.32"


def test_7_12_units_out_of_supply_at_the_phase_start_may_not_overrun():
    state = axis({"ge-1": "0407", "su-g1": "0406"})
    state.phase_data["unsupplied"].add("ge-1")
    assert not any(a.kind == "Overrun" for a in state.legal_actions())
    with pytest.raises(IllegalAction) as err:
        state.apply(Overrun(units=("ge-1",), path=("0407",), target="0406"))
    assert str(err.value) == "7.12: ge-1 was out of supply at the start of the phase"


def test_7_13_units_overrun_together_only_from_one_hex():
    state = axis({"ge-1": "0407", "ge-2": "0408", "su-g1": "0406"})
    with pytest.raises(IllegalAction) as err:
        state.apply(Overrun(units=("ge-1", "ge-2"), path=("0407",), target="0406"))
    assert err.value.case == "7.13"


def test_7_13_a_unit_that_has_moved_may_not_overrun():
    state = axis({"ge-1": "0408", "su-g1": "0406"})
    state.apply(Move(units=("ge-1",), path=("0408", "0407")))
    with pytest.raises(IllegalAction) as err:
        state.apply(Overrun(units=("ge-1",), path=("0407",), target="0406"))
    assert str(err.value) == "6.0a: ge-1 may not move now"


def test_7_14_an_overrun_needs_an_adjacent_enemy_hex():
    state = axis({"ge-1": "0407", "su-g1": "0405"})
    with pytest.raises(IllegalAction) as err:
        state.apply(Overrun(units=("ge-1",), path=("0407",), target="0405"))
    assert str(err.value) == "7.0b: an overrun targets a hex adjacent to 0407"
    state = axis({"ge-1": "0407", "su-g1": "0405"})
    with pytest.raises(IllegalAction) as err:
        state.apply(Overrun(units=("ge-1",), path=("0407",), target="0406"))
    assert str(err.value) == "7.14: 0406 holds no enemy unit"


def test_7_16_an_axis_stack_may_overrun_again():
    state = axis({"ge-1": "0407", "ge-2": "0407", "ge-3": "0407", "su-r1": "0406", "su-r2": "0405"}, rolls=(1, 1))
    reveal_as(state, "su-r1", 1, 1, 7)
    reveal_as(state, "su-r2", 1, 1, 7)
    state.apply(Overrun(units=("ge-1", "ge-2", "ge-3"), path=("0407",), target="0406"))
    state.apply(Overrun(units=("ge-1", "ge-2", "ge-3"), path=("0406",), target="0405"))
    assert state.units["ge-1"].hex == "0405"


def soviet(placements, turn=2, rolls=(1,)):
    state = position(placements, phase="soviet-movement", turn=turn)
    state.rng = Dice(*rolls)
    return state


def test_7_16_a_soviet_unit_overruns_at_most_once_a_phase():
    state = soviet({"su-hq6": "0403", "su-g1": "0405", "ge-5": "0406", "ge-r1": "0506"})
    state.apply(Overrun(units=("su-g1",), path=("0405",), target="0406"))  # 2 against 2, die 1: D1
    state.apply(next(a for a in state.legal_actions() if a.kind == "Retreat" and a.path))
    assert state.units["su-g1"].hex == "0406"
    state.phase_data["overrun_reach"]["su-hq6-bis"] = state.phase_data["overrun_reach"]["su-hq6"]
    state.phase_data["hqs_used"].clear()
    with pytest.raises(IllegalAction) as err:
        state.apply(Overrun(units=("su-g1",), path=("0406",), target="0506"))
    assert str(err.value) == "7.16: su-g1 has already overrun this phase"


def test_7_17_each_soviet_overrun_needs_its_own_active_hq():
    state = soviet({"su-hq6": "0403", "su-g1": "0405", "su-r3": "0305", "ge-5": "0406", "ge-1": "0306"}, rolls=(6,))
    reveal_as(state, "su-r3", 4, 4, 7)
    state.apply(Overrun(units=("su-g1",), path=("0405",), target="0406"))
    while state.pending:
        state.apply(state.legal_actions()[0])
    assert not any(a.kind == "Overrun" for a in state.legal_actions())
    with pytest.raises(IllegalAction) as err:
        state.apply(Overrun(units=("su-r3",), path=("0305",), target="0306"))
    assert err.value.case == "7.17"


def test_7_17_a_soviet_stack_outside_every_active_hq_radius_may_not_overrun():
    state = soviet({"su-hq6": "0101", "su-g1": "0907", "ge-5": "0908"}, turn=2)
    with pytest.raises(IllegalAction) as err:
        state.apply(Overrun(units=("su-g1",), path=("0907",), target="0908"))
    assert str(err.value) == ("7.17: each Soviet overrun needs its own active HQ whose command radius held the stack "
                              "at the start of the phase")


def test_7_17_a_non_active_hq_supervises_no_overrun():
    state = soviet({"su-hq6": "0403", "su-g1": "0405", "ge-5": "0406"}, turn=1)  # su-hq6 activates on GT 2
    with pytest.raises(IllegalAction) as err:
        state.apply(Overrun(units=("su-g1",), path=("0405",), target="0406"))
    assert err.value.case == "7.17"


def test_7_21_no_soviet_morale_roll_in_an_overrun():
    state = soviet({"su-hq6": "0403", "su-g1": "0405", "ge-5": "0406"}, turn=2, rolls=(1,))
    events = state.apply(Overrun(units=("su-g1",), path=("0405",), target="0406"))
    assert not any(e.kind == "DiceRolled" and e.case == "9.85" for e in events)
    assert last(events, "CombatResolved").attack == "2"


def test_7_21_armor_superiority_applies_to_overrun():
    state = axis({"pz-1a": "0407", "su-g1": "0406"}, rolls=(6,))
    events = state.apply(Overrun(units=("pz-1a",), path=("0407",), target="0406"))
    assert ("armor superiority 9.9", 1) in last(events, "CombatResolved").shifts


def test_7_11_no_overrun_in_a_combat_phase():
    state = axis({"ge-1": "0407", "su-g1": "0406"}, phase="axis-combat")
    with pytest.raises(IllegalAction) as err:
        state.apply(Overrun(units=("ge-1",), path=("0407",), target="0406"))
    assert err.value.case == "7.11"


def test_6_52_an_overrun_on_a_frozen_southern_unit_activates_the_axis():
    held = {"su-r5": "0805", "su-r6": "1005"}
    state = soviet({"su-hq6": "0604", "su-g1": "0605", "ge-4": "0606", "ro-1": "1010", **held}, turn=2)
    from kharkovsuite.rules.kharkov1942 import fredericus

    fredericus.init(state)
    assert "frozen" in state.units["ro-1"].flags
    state.apply(Overrun(units=("su-g1",), path=("0605",), target="0606"))
    assert state.game["fredericus"]["case"] == "6.52"


def test_7_15_the_same_unit_may_be_overrun_again_in_the_phase():
    state = axis({"ge-1": "0407", "ge-2": "0407", "ge-3": "0506", "su-g1": "0406"}, rolls=(1, 1))
    state.apply(Overrun(units=("ge-1", "ge-2"), path=("0407",), target="0406"))
    state.apply(ChooseLoss("su-g1"))  # D1: the first overrun fails to clear the hex (7.23)
    assert state.units["su-g1"].hex == "0406"
    events = state.apply(Overrun(units=("ge-3",), path=("0506",), target="0406"))
    assert last(events, "AttackDeclared").defenders == ("su-g1",)
    assert last(events, "CombatResolved") is not None


def test_9_76_an_overrun_gives_no_advance_after_combat():
    state = axis({"ge-1": "0407", "ge-2": "0407", "su-g1": "0406"})
    state.apply(Overrun(units=("ge-1", "ge-2"), path=("0407",), target="0406"))
    retreat = next(a for a in state.legal_actions() if a.kind == "Retreat" and a.path)
    events = state.apply(retreat)
    assert not state.pending  # no advance decision (9.71) follows an overrun
    assert last(events, "Advanced") is None
    assert not {"Advance", "EndAdvance"} & {a.kind for a in state.legal_actions()}


def test_13_15_no_air_points_in_an_overrun():
    from kharkovsuite.rules.kharkov1942 import air

    state = axis({"ge-1": "0407", "su-g1": "0406", "su-r1": "0306"}, turn=4, rolls=(6, 6))
    assert air.available(state, "axis") == 2 and air.available(state, "soviet") == 1
    events = state.apply(Overrun(units=("ge-1",), path=("0407",), target="0406"))
    assert last(events, "CombatResolved") is not None  # resolved at once: no Air Point decision
    assert not any(d.kind == "air" for d in state.pending)
    assert air.available(state, "axis") == 2 and air.available(state, "soviet") == 1


def garrisoned(placements, garrisons, rolls=(1,)):
    state = position(placements, phase="soviet-movement", turn=2, garrisons=garrisons)
    state.rng = Dice(*rolls)
    return state


def test_7_14_a_garrison_alone_is_no_unit_to_overrun():
    state = garrisoned({"su-hq6": "0410", "su-g1": "0510"}, {"0509": 1})
    assert not any(a.kind == "Overrun" and a.target == "0509" for a in state.legal_actions())
    with pytest.raises(IllegalAction) as err:
        state.apply(Overrun(units=("su-g1",), path=("0510",), target="0509"))
    assert err.value.case == "7.14" and "0509" in str(err.value)


def test_15_33_a_garrison_adds_its_strength_against_an_overrun_and_falls_with_its_units():
    state = garrisoned({"su-hq6": "0410", "su-g1": "0510", "su-r3": "0510", "su-r4": "0510", "ge-r1": "0509"}, {"0509": 1})
    reveal_as(state, "su-r3", 6, 4, 7)
    reveal_as(state, "su-r4", 6, 4, 7)
    overrun = Overrun(units=("su-g1", "su-r3", "su-r4"), path=("0510",), target="0509")
    assert overrun in list(state.legal_actions())
    events = state.apply(overrun)
    fought = last(events, "CombatResolved")
    # 16 halved to 8 against the regiment's 2 doubled in the City (4) plus the garrison's 1: 1-1
    assert (fought.garrison, fought.defense, fought.column, fought.result) == (1, "5", "1-1", "D1")
    state.apply(ChooseLoss("ge-r1"))
    assert state.units["ge-r1"].hex is None and "0509" not in state.game["garrisons"]
    assert {state.units[u].hex for u in ("su-g1", "su-r3", "su-r4")} == {"0509"}  # 7.25: the hex is taken


def test_7_0a_an_overrun_names_each_unit_once():
    state = axis({"ge-1": "0407", "su-g1": "0406"})
    with pytest.raises(IllegalAction) as err:
        state.apply(Overrun(units=("ge-1", "ge-1"), path=("0407",), target="0406"))
    assert str(err.value) == "7.0a: name each overrunning unit once"


def test_7_0a_an_overrun_needs_at_least_the_stacks_own_hex_as_path():
    state = axis({"ge-1": "0407", "su-g1": "0406"})
    with pytest.raises(IllegalAction) as err:
        state.apply(Overrun(units=("ge-1",), path=(), target="0406"))
    assert str(err.value) == "7.0a: an overrun needs a path, at least the stack's own hex"


def test_7_11_only_the_phasing_players_units_overrun():
    state = axis({"ge-1": "0407", "su-g1": "0406", "su-r2": "0405"})
    with pytest.raises(IllegalAction) as err:
        state.apply(Overrun(units=("su-r2",), path=("0405",), target="0406"))
    assert err.value.case == "7.11" and "su-r2" in str(err.value)


def test_10_14_an_hq_may_not_overrun():
    state = axis({"ge-1": "0407", "ro-hq": "0407", "su-g1": "0406"})
    with pytest.raises(IllegalAction) as err:
        state.apply(Overrun(units=("ge-1", "ro-hq"), path=("0407",), target="0406"))
    assert err.value.case == "10.14" and "ro-hq" in str(err.value)


def test_7_13_the_path_starts_in_the_overrunning_units_hex():
    state = axis({"ge-1": "0407", "su-g1": "0406"})
    with pytest.raises(IllegalAction) as err:
        state.apply(Overrun(units=("ge-1",), path=("0408", "0407"), target="0406"))
    assert err.value.case == "7.13" and "0408" in str(err.value)


def test_7_0_a_second_overrun_adds_its_three_movement_points_to_the_first():
    state = axis({"ge-1": "0407", "ge-2": "0407", "ge-3": "0407", "su-r1": "0406", "su-r2": "0405"}, rolls=(1, 1))
    reveal_as(state, "su-r1", 1, 1, 7)
    reveal_as(state, "su-r2", 1, 1, 7)
    state.apply(Overrun(units=("ge-1", "ge-2", "ge-3"), path=("0407",), target="0406"))
    state.apply(Overrun(units=("ge-1", "ge-2", "ge-3"), path=("0406",), target="0405"))
    assert state.phase_data["spent"]["ge-1"] == 12  # two overruns of 3 MP, in half MP


def test_7_0_the_move_before_an_overrun_is_reported_with_its_cost():
    state = axis({"ge-1": "0408", "ge-2": "0408", "ge-3": "0408", "su-r1": "0406"})
    reveal_as(state, "su-r1", 1, 1, 7)
    events = state.apply(Overrun(units=("ge-1", "ge-2", "ge-3"), path=("0408", "0407"), target="0406"))
    moved = next(e for e in events if e.kind == "UnitMoved")
    assert (moved.units, moved.path, moved.cost, moved.how, moved.case) == (("ge-1", "ge-2", "ge-3"), ("0408", "0407"), 1.0, "move", "6.0b")


def test_7_25_the_advance_into_the_overrun_hex_is_reported_free_of_cost():
    state = axis({"ge-1": "0407", "ge-2": "0407", "ge-3": "0407", "su-r1": "0406"})
    reveal_as(state, "su-r1", 1, 1, 7)
    events = state.apply(Overrun(units=("ge-1", "ge-2", "ge-3"), path=("0407",), target="0406"))
    moved = last(events, "UnitMoved")
    assert (moved.units, moved.path, moved.cost, moved.how, moved.case) == (("ge-1", "ge-2", "ge-3"), ("0407", "0406"), 0.0, "overrun", "7.25")


def test_7_23_the_stopped_stack_is_reported_where_it_stands():
    state = axis({"ge-1": "0407", "ge-2": "0407", "su-g1": "0406"})
    state.apply(Overrun(units=("ge-1", "ge-2"), path=("0407",), target="0406"))
    stopped = last(state.apply(ChooseLoss("su-g1")), "MoveStopped")
    assert (stopped.units, stopped.hex) == (("ge-1", "ge-2"), "0407") and "overrun" in stopped.reason


def test_7_0_no_overrun_is_offered_while_a_decision_is_pending():
    state = axis({"ge-1": "0407", "ge-2": "0407", "ge-3": "0506", "su-g1": "0406"})
    state.apply(Overrun(units=("ge-1", "ge-2"), path=("0407",), target="0406"))
    assert state.pending  # the defender's loss (D1)
    assert overrun.legal_overruns(state) == []


def test_7_16_a_soviet_unit_that_has_overrun_is_offered_no_second_overrun():
    state = soviet({"su-hq6": "0403", "su-g1": "0405", "ge-5": "0406", "ge-r1": "0506"})
    state.apply(Overrun(units=("su-g1",), path=("0405",), target="0406"))
    state.apply(next(a for a in state.legal_actions() if a.kind == "Retreat" and a.path))
    state.phase_data["overrun_reach"]["su-hq6-bis"] = state.phase_data["overrun_reach"]["su-hq6"]
    state.phase_data["hqs_used"].clear()
    assert not any("su-g1" in a.units for a in overrun.legal_overruns(state))


def test_7_31_an_eliminated_defender_gets_no_disruption_marker():
    state = axis({"ge-1": "0407", "ge-2": "0407", "ge-3": "0407", "su-r1": "0406"})
    reveal_as(state, "su-r1", 1, 1, 7)
    events = state.apply(Overrun(units=("ge-1", "ge-2", "ge-3"), path=("0407",), target="0406"))
    assert state.units["su-r1"].hex is None
    assert "disrupted" not in state.units["su-r1"].flags and last(events, "FlagChanged") is None


def test_7_31_an_already_disrupted_defender_is_not_marked_again():
    state = axis({"ge-1": "0407", "ge-2": "0407", "su-g1": "0406"}, flags={"su-g1": {"disrupted"}})
    state.apply(Overrun(units=("ge-1", "ge-2"), path=("0407",), target="0406"))
    events = state.apply(ChooseLoss("su-g1"))
    assert "disrupted" in state.units["su-g1"].flags
    assert not any(e.kind == "FlagChanged" and e.flag == "disrupted" for e in events)


def test_7_25_only_the_stack_that_took_the_hex_is_free_to_leave_it():
    state = axis({"ge-1": "0407", "ge-2": "0407", "ge-3": "0407", "ge-4": "0408", "su-r1": "0406"})
    reveal_as(state, "su-r1", 1, 1, 7)
    assert not overrun.free_to_leave(state, "ge-1")
    state.apply(Overrun(units=("ge-1", "ge-2", "ge-3"), path=("0407",), target="0406"))
    assert overrun.free_to_leave(state, "ge-1") and not overrun.free_to_leave(state, "ge-4")


def test_7_17_the_hq_snapshot_is_taken_at_the_start_of_every_movement_phase_once(monkeypatch):
    from kharkovsuite.rules.kharkov1942 import sequence

    hooks = {"axis-movement": [print]}
    monkeypatch.setattr(sequence, "PHASE_HOOKS", hooks)
    overrun.hook_phases()
    overrun.hook_phases()
    assert hooks == {"soviet-movement": [overrun.begin_phase], "axis-movement": [print, overrun.begin_phase],
                     "axis-mechanized": [overrun.begin_phase]}


def test_7_34_an_hq_that_retreats_with_its_stack_is_not_disrupted():
    state = axis({"ge-1": "0407", "ge-2": "0407", "su-hq6": "0406", "su-g1": "0406"})
    assert state.units_at("0406")[0] == "su-hq6"  # the HQ is looked at first
    state.apply(Overrun(units=("ge-1", "ge-2"), path=("0407",), target="0406"))
    state.apply(Retreat(unit="su-g1", path=("0306",)))
    state.apply(Retreat(unit="su-hq6", path=("0405",)))
    assert state.units["su-hq6"].hex not in (None, "0406") and state.units["su-g1"].hex != "0406"
    assert "disrupted" not in state.units["su-hq6"].flags and "disrupted" in state.units["su-g1"].flags


def test_7_13_the_hex_a_unit_began_the_phase_in_is_remembered_after_its_overrun_advance():
    state = axis({"ge-1": "0407", "ge-2": "0407", "ge-3": "0407", "ge-4": "0408", "su-r1": "0406"})
    reveal_as(state, "su-r1", 1, 1, 7)
    state.apply(Overrun(units=("ge-1", "ge-2", "ge-3"), path=("0407",), target="0406"))
    assert state.units["ge-1"].hex == "0406"
    assert overrun.start_hex(state, "ge-1") == "0407"
    assert overrun.start_hex(state, "ge-4") == "0408"  # no overrun yet: where it stands


def test_7_17_a_second_soviet_overrun_uses_another_active_hq_than_the_first():
    state = soviet({"su-hq6": "0403", "su-g1": "0405", "su-r3": "0305", "ge-5": "0406", "ge-1": "0306"}, rolls=(6, 6))
    reveal_as(state, "su-r3", 4, 4, 7)
    state.apply(Overrun(units=("su-g1",), path=("0405",), target="0406"))
    while state.pending:
        state.apply(state.legal_actions()[0])
    assert state.phase_data["hqs_used"] == {"su-hq6"}
    state.phase_data["overrun_reach"]["su-hq6-bis"] = state.phase_data["overrun_reach"]["su-hq6"]
    state.apply(Overrun(units=("su-r3",), path=("0305",), target="0306"))
    assert state.phase_data["hqs_used"] == {"su-hq6", "su-hq6-bis"}


def test_10_14_an_hq_next_to_an_enemy_is_offered_no_overrun():
    state = soviet({"su-hq6": "0405", "ge-5": "0406"})
    assert not any(a.kind == "Overrun" for a in state.legal_actions())


def test_7_0_a_unit_with_exactly_the_3_mp_of_an_overrun_left_is_offered_one():
    state = soviet({"su-hq6": "0403", "su-r3": "0405", "ge-5": "0406"})
    reveal_as(state, "su-r3", 4, 4, 3)
    assert Overrun(units=("su-r3",), path=("0405",), target="0406") in overrun.legal_overruns(state)
    reveal_as(state, "su-r3", 4, 4, 2)
    assert overrun.legal_overruns(state) == []
    reveal_as(state, "su-r3", 4, 4, 3)
    state.rng = Dice(6)
    state.apply(Overrun(units=("su-r3",), path=("0405",), target="0406"))
    assert state.phase_data["spent"]["su-r3"] == 6


def test_7_14_overruns_are_offered_only_against_hexes_holding_enemy_units():
    state = axis({"ge-1": "0407", "ge-4": "0408", "su-g1": "0406"})
    offered = overrun.legal_overruns(state)
    assert offered and {a.target for a in offered} == {"0406"}


def test_7_0_every_stack_next_to_an_enemy_is_offered_its_overruns():
    state = axis({"ge-1": "0407", "su-g1": "0406", "ge-2": "0104", "su-r1": "0105"})
    assert {(a.units, a.target) for a in overrun.legal_overruns(state)} == {(("ge-1",), "0406"), (("ge-2",), "0105")}


def test_7_17_a_soviet_stack_in_radius_is_offered_its_overrun_when_another_stack_is_not():
    # su-r3 (0105) is out of su-hq6's radius and sorts first; su-g1 (0907) is within it
    state = soviet({"su-hq6": "0905", "su-g1": "0907", "ge-5": "0908", "su-r3": "0105", "ge-1": "0106"})
    assert {a.units for a in overrun.legal_overruns(state)} == {("su-g1",)}


def test_7_31_the_disruption_event_names_the_unit_and_the_marker():
    state = axis({"ge-1": "0407", "ge-2": "0407", "su-g1": "0406"})
    state.apply(Overrun(units=("ge-1", "ge-2"), path=("0407",), target="0406"))
    events = state.apply(ChooseLoss("su-g1"))
    assert last(events, "FlagChanged") == FlagChanged(unit="su-g1", flag="disrupted", on=True, case="7.31")


def test_7_23_a_stack_whose_overrun_failed_is_offered_no_second_overrun():
    state = axis({"ge-1": "0407", "ge-2": "0407", "su-g1": "0406"})
    state.apply(Overrun(units=("ge-1", "ge-2"), path=("0407",), target="0406"))
    events = state.apply(ChooseLoss("su-g1"))
    assert last(events, "MoveStopped") == MoveStopped(units=("ge-1", "ge-2"), hex="0407", reason="the overrun failed",
                                                      case="7.23")
    assert not any(a.kind == "Overrun" for a in state.legal_actions())


def test_7_25_once_the_overrun_is_over_no_combat_is_shown_in_progress():
    from kharkovsuite.rules.kharkov1942.observation import observation

    state = axis({"ge-1": "0407", "ge-2": "0407", "ge-3": "0407", "su-r1": "0406"})
    reveal_as(state, "su-r1", 1, 1, 7)
    state.apply(Overrun(units=("ge-1", "ge-2", "ge-3"), path=("0407",), target="0406"))
    assert not state.pending and observation(state, "axis")["combat"] is None


def test_7_13_units_that_began_the_phase_in_different_hexes_do_not_overrun_together():
    state = axis({"ge-1": "0407", "ge-2": "0407", "su-g1": "0406"})
    state.phase_data["start_hex"]["ge-2"] = "0408"  # the phase's record: ge-2 began it elsewhere
    with pytest.raises(IllegalAction) as err:
        state.apply(Overrun(units=("ge-1", "ge-2"), path=("0407",), target="0406"))
    assert str(err.value) == "7.13: only units that began the phase stacked together overrun together"


def test_7_14_an_overrun_of_a_hex_holding_only_friendly_units_is_refused():
    state = axis({"ge-1": "0407", "ge-4": "0408", "su-g1": "0406"})
    with pytest.raises(IllegalAction) as err:
        state.apply(Overrun(units=("ge-1",), path=("0407",), target="0408"))
    assert str(err.value) == "7.14: 0408 holds no enemy unit"


def test_6_3_no_overrun_across_the_dnieper_away_from_a_road():
    state = axis({"ge-1": "0909", "su-g1": "1009"})
    assert overrun.legal_overruns(state) == []
    with pytest.raises(IllegalAction) as err:
        state.apply(Overrun(units=("ge-1",), path=("0909",), target="1009"))
    assert str(err.value) == "6.3: no overrun across the Dnieper away from a road"


def test_7_0_an_overrun_from_where_the_stack_stands_moves_nobody_before_the_attack():
    state = axis({"ge-1": "0407", "su-g1": "0406"}, rolls=(6,))
    events = state.apply(Overrun(units=("ge-1",), path=("0407",), target="0406"))
    assert events[0] == AttackDeclared(attackers=("ge-1",), targets=("0406",), defenders=("su-g1",), case="7.0a")


def test_7_0_a_stack_that_moves_before_its_overrun_attacks_from_the_end_of_its_path():
    state = axis({"ge-1": "0409", "su-g1": "0406"}, rolls=(3,))
    events = state.apply(Overrun(units=("ge-1",), path=("0409", "0408", "0407"), target="0406"))
    assert events[0] == UnitMoved(units=("ge-1",), path=("0409", "0408", "0407"), cost=2.0, how="move", case="6.0b")
    assert last(events, "CombatResolved").result == "A1"  # 4 against 5: 1-2, die 3
    state.apply(ChooseLoss("ge-1"))
    assert state.units["ge-1"].hex == "0407"


def test_6_52_an_overrun_of_a_frozen_axis_unit_south_of_the_line_releases_them_all():
    state = position({"su-hq6": "0703", "su-g1": "0705", "ge-4": "0706", "ro-1": "0908"}, phase="soviet-movement",
                     turn=2, fredericus=True)
    state.rng = Dice(6)
    events = state.apply(Overrun(units=("su-g1",), path=("0705",), target="0706"))
    kinds = [(e.kind, e.case, getattr(e, "unit", None)) for e in events]
    released = kinds.index(("FlagChanged", "6.52", "ro-1"))
    assert kinds.index(("AttackDeclared", "7.0a", None)) < released < [k[0] for k in kinds].index("CombatResolved")


def test_9_65_an_overrun_defender_may_retreat_into_a_hex_of_its_own_side():
    state = axis({"ge-1": "0407", "ge-2": "0407", "su-g1": "0406", "su-r1": "0405", "su-r2": "0506", "su-r3": "0306"})
    state.apply(Overrun(units=("ge-1", "ge-2"), path=("0407",), target="0406"))
    state.apply(Retreat(unit="su-g1", path=("0405",)))  # every empty hex is gone: a friendly one (9.65)
    assert state.units["su-g1"].hex == "0405" and state.phase_data["retreated_into"] == {"su-g1": "0405"}


def test_7_0_a_stack_with_no_target_it_may_overrun_hides_no_other_stacks_overruns():
    # ge-1 faces su-g1 only across the Dnieper away from a road (6.3); ge-2 has a target
    state = axis({"ge-1": "0909", "su-g1": "1009", "ge-2": "1005", "su-r1": "1004"})
    assert overrun.legal_overruns(state) == [Overrun(units=("ge-2",), path=("1005",), target="1004")]

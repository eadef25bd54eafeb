"""Operation Fredericus (6.5, 6.77) on the test map: rows 06-10 lie south of the sector line,
columns 01-05 on the Soviet side of the front, columns 06-10 on the Axis side."""
import pytest
from k42_helpers import Dice, position, scenario

from kharkovsuite.engine import Attack, CommitReserve, EndPhase, IllegalAction, Move, RailMove, new_game
from kharkovsuite.rules.kharkov1942 import fredericus, reserves, sequence


@pytest.fixture(autouse=True)
def _supplied_and_in_command(monkeypatch):
    """These positions test part 2b's rules alone: every unit in supply and in command (11.0, 10.2
    are tested with the supply engine)."""
    from kharkovsuite.rules.kharkov1942 import hq, supply

    monkeypatch.setattr(supply, "in_supply", lambda state, uid: True)
    monkeypatch.setattr(hq, "may_attack", lambda state, uid: True)



def frozen(state, uid):
    return "frozen" in state.units[uid].flags


def test_6_51_set_up_freezes_axis_units_south_of_the_sector_line_only():
    state = new_game(scenario(), 0)
    assert frozen(state, "ge-4") and frozen(state, "ro-1")  # 0706, 0906
    assert not frozen(state, "ge-1") and not frozen(state, "pz-1a")  # 0106, 0407
    assert not state.game["fredericus"]["active"]


def test_6_51_a_frozen_unit_may_not_move():
    state = position({"ge-4": "0807", "ge-1": "0207"}, phase="axis-movement", fredericus=True)
    assert state.legal_moves("ge-4") == {}
    with pytest.raises(IllegalAction) as err:
        state.apply(Move(units=("ge-4",), path=("0807", "0808")))
    assert err.value.case == "6.51"
    assert state.legal_moves("ge-1")


def test_6_51_a_frozen_unit_may_not_attack():
    state = position({"ge-4": "0706", "su-r4": "0705"}, phase="axis-combat", fredericus=True)
    assert not any(a.kind == "Attack" for a in state.legal_actions())
    with pytest.raises(IllegalAction):
        state.apply(Attack(attackers=("ge-4",), targets=("0705",)))


def test_6_52_an_attack_on_a_southern_axis_unit_activates_all():
    state = position({"ge-4": "0706", "ro-1": "0908", "su-g1": "0705"}, phase="soviet-combat", fredericus=True)
    state.rng = Dice(1, 1, 1, 1, 1, 1)
    events = state.apply(Attack(attackers=("su-g1",), targets=("0706",)))
    assert state.game["fredericus"]["case"] == "6.52"
    assert not frozen(state, "ro-1")
    assert any(e.kind == "FlagChanged" and e.case == "6.52" and e.unit == "ro-1" for e in events)


def test_6_52_an_attack_on_a_northern_axis_unit_does_not_activate():
    state = position({"ge-1": "0206", "ro-1": "0908", "su-g1": "0205"}, phase="soviet-combat", fredericus=True)
    state.rng = Dice(1, 1, 1, 1, 1, 1)
    state.apply(Attack(attackers=("su-g1",), targets=("0206",)))
    assert not state.game["fredericus"]["active"] and frozen(state, "ro-1")


def test_6_53_a_soviet_unit_moving_south_of_the_line_behind_the_front_activates():
    state = position({"ro-1": "1010", "su-c1": "0705"}, phase="soviet-movement", fredericus=True)
    events = state.apply(Move(units=("su-c1",), path=("0705", "0706")))
    assert state.game["fredericus"]["case"] == "6.53" and not frozen(state, "ro-1")
    assert any(e.kind == "FlagChanged" and e.case == "6.53" for e in events)


def test_6_53_a_soviet_unit_moving_north_of_the_line_behind_the_front_does_not_activate():
    state = position({"ro-1": "1010", "su-t2": "0305"}, phase="soviet-movement", fredericus=True)
    state.apply(Move(units=("su-t2",), path=("0305", "0306")))
    assert not state.game["fredericus"]["active"]


def soviet_front_south(state):
    return fredericus.front_hexes_south(state)


def test_6_54_an_unheld_southern_front_hex_at_the_end_of_the_soviet_turn_activates():
    # 0605, 0805 and 1005 hold the southern Soviet front hexes 0605-1005 by occupation and ZOC
    held = {"su-r4": "0605", "su-r5": "0805", "su-r6": "1005", "ro-1": "1010"}
    state = position(held, phase="soviet-combat", fredericus=True)
    assert set(soviet_front_south(state)) == {"0605", "0705", "0805", "0905", "1005"}
    sequence.go_to(state, "soviet-disruption")
    assert not state.game["fredericus"]["active"]
    state = position({"su-r4": "0605", "su-r5": "0805", "ro-1": "1010"}, phase="soviet-combat", fredericus=True)
    events = sequence.go_to(state, "soviet-disruption")
    assert state.game["fredericus"]["case"] == "6.54"
    assert any(e.kind == "FlagChanged" and e.case == "6.54" for e in events)


def test_6_55_committing_9th_army_reserve_units_before_gt4_activates(monkeypatch):
    monkeypatch.setattr(reserves, "NINTH", "reserve-6")
    state = position({"su-res6": "0502", "ro-1": "1010"}, phase="soviet-reserves", turn=2, fredericus=True)
    state.to_box("su-r7", "reserve-6")
    state.apply(CommitReserve(units=("su-r7",), hexes=("0501",)))
    assert state.game["fredericus"]["case"] == "6.55" and not frozen(state, "ro-1")


def test_6_55_other_reserves_do_not_activate():
    state = position({"su-res6": "0502", "ro-1": "1010"}, phase="soviet-reserves", turn=2, fredericus=True)
    state.to_box("su-r7", "reserve-6")
    state.apply(CommitReserve(units=("su-r7",), hexes=("0501",)))
    assert not state.game["fredericus"]["active"]


def test_6_56_game_turn_five_activates_everything():
    state = position({"ro-1": "1010"}, phase="soviet-movement", turn=4, fredericus=True)
    assert frozen(state, "ro-1")
    events = sequence.go_to(state, "soviet-reserves", turn=5)
    assert state.game["fredericus"]["case"] == "6.56" and not frozen(state, "ro-1")
    assert any(e.kind == "FlagChanged" and e.case == "6.56" for e in events)


def test_6_77_a_southern_soviet_unit_may_not_move_north_of_the_line_before_activation():
    state = position({"su-r4": "0603", "ro-1": "1010"}, phase="soviet-movement", fredericus=True)
    assert "0503" not in state.legal_moves("su-r4") and "0703" in state.legal_moves("su-r4")
    with pytest.raises(IllegalAction) as err:
        state.apply(Move(units=("su-r4",), path=("0603", "0503")))
    assert err.value.case == "6.77"


def test_6_77_after_activation_a_southern_soviet_unit_moves_north_freely():
    state = position({"su-r4": "0603", "ro-1": "1010"}, phase="soviet-movement", fredericus=False)
    assert "0503" in state.legal_moves("su-r4")


def test_6_77_a_rail_move_frees_a_southern_soviet_unit():
    state = position({"su-r4": "0603", "ro-1": "1010"}, phase="soviet-movement", fredericus=True)
    state.game["fredericus"]["soviet_south"].append("su-r3")
    state.place("su-r3", "0302")
    state.apply(RailMove(units=("su-r3",), path=("0302", "0303")))
    assert "su-r3" in state.game["fredericus"]["railed"]


def test_6_52_the_rumanian_hq_of_the_south_turns_active_with_the_release():
    from kharkovsuite.rules.kharkov1942 import supply

    state = position({"ge-4": "0706", "ro-1": "0908", "ro-hq": "0808", "su-g1": "0705"}, phase="soviet-combat",
                     turn=2, fredericus=True)
    assert "inactive" in state.units["ro-hq"].flags and not supply.in_command(state, "ro-1")
    state.rng = Dice(1, 1, 1, 1, 1, 1)
    events = state.apply(Attack(attackers=("su-g1",), targets=("0706",)))
    assert "inactive" not in state.units["ro-hq"].flags
    assert [(e.flag, e.on, e.case) for e in events if e.kind == "FlagChanged" and e.flag == "active"] == [("active", True, "6.52")]
    assert supply.in_command(state, "ro-1")  # 10.21: its Rumanians may attack from now on


def test_10_17_a_displaced_rumanian_hq_stays_non_active_through_the_release():
    state = position({"ro-1": "0908", "ro-hq": "0808"}, phase="soviet-movement", turn=4, fredericus=True)
    state.set_flag("ro-hq", "displaced", True)
    fredericus.activate(state, "6.56", [])
    assert {"inactive", "displaced"} <= state.units["ro-hq"].flags


def test_6_52_the_release_is_logged_with_the_declaration_before_the_result():
    state = position({"ge-4": "0706", "ro-1": "0908", "su-g1": "0705"}, phase="soviet-combat", fredericus=True)
    state.turn_data["air"] = {}  # no Air Point to decide: the attack is resolved in the same action
    state.rng = Dice(1, 1, 1, 1, 1, 1)
    events = state.apply(Attack(attackers=("su-g1",), targets=("0706",)))
    kinds = [(e.kind, e.case) for e in events]
    assert any(k == "CombatResolved" for k, _ in kinds)
    assert kinds.index(("AttackDeclared", "9.11")) < kinds.index(("FlagChanged", "6.52"))
    assert all(kinds.index(("FlagChanged", "6.52")) < i for i, k in enumerate(kinds) if k[0] in ("DiceRolled", "CombatResolved"))


def test_6_53_the_release_is_logged_once_not_again_with_the_next_action():
    state = position({"ro-1": "1010", "su-c1": "0705", "su-t2": "0305"}, phase="soviet-movement", fredericus=True)
    first = state.apply(Move(units=("su-c1",), path=("0705", "0706")))
    assert any(e.kind == "FlagChanged" and e.case == "6.53" for e in first)
    later = state.apply(Move(units=("su-t2",), path=("0305", "0304")))
    assert not any(e.case == "6.53" for e in later)


def test_6_53_a_unit_released_by_a_move_may_move_at_once_in_its_next_phase():
    state = position({"ro-1": "1010", "su-c1": "0705"}, phase="soviet-movement", fredericus=True)
    sequence.go_to(state, "axis-movement")
    assert frozen(state, "ro-1") and not state.legal_moves("ro-1")  # the listing is cached now
    sequence.go_to(state, "soviet-movement")
    state.apply(Move(units=("su-c1",), path=("0705", "0706")))
    sequence.go_to(state, "axis-movement")
    assert not frozen(state, "ro-1") and state.legal_moves("ro-1")

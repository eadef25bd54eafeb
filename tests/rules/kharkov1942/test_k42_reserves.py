"""Soviet reserves (6.7): the 6th Army Reserve counter su-res6 and its box reserve-6."""
import pytest
from k42_helpers import OFF, position

from kharkovsuite.engine import CommitReserve, DeclineReserve, IllegalAction, Move
from kharkovsuite.rules.kharkov1942 import reserves


@pytest.fixture(autouse=True)
def _supplied_and_in_command(monkeypatch):
    """These positions test part 2b's rules alone: every unit in supply and in command (11.0, 10.2
    are tested with the supply engine)."""
    from kharkovsuite.rules.kharkov1942 import hq, supply

    monkeypatch.setattr(supply, "in_supply", lambda state, uid: True)
    monkeypatch.setattr(hq, "may_attack", lambda state, uid: True)


BOX = "reserve-6"


def reserve_game(turn, placements=None, boxed=("su-r7", "su-t3")):
    state = position({"su-res6": "0502", **(placements or {})}, phase="soviet-reserves", turn=turn)
    for uid in boxed:
        state.to_box(uid, BOX)
    state.turn_data.pop("reserves_committed", None)
    return state


def test_6_71_each_reserve_box_is_paired_with_its_army_reserve_counter():
    state = reserve_game(2)
    assert reserves.counter_of(state, BOX) == "su-res6"


def test_4_2_A1_no_reserve_commitment_on_game_turn_one():
    state = reserve_game(1)
    assert reserves.legal(state) == []
    with pytest.raises(IllegalAction) as err:
        state.apply(CommitReserve(units=("su-r7",), hexes=("0501",)))
    assert err.value.case == "4.2.A1"


def test_6_73_committed_units_are_placed_within_two_hexes_of_the_counter():
    state = reserve_game(2)
    offered = {a.hexes[0] for a in reserves.legal(state)}
    assert "0504" in offered and "0505" not in offered  # two hexes away / three
    with pytest.raises(IllegalAction) as err:
        state.apply(CommitReserve(units=("su-r7",), hexes=("0505",)))
    assert err.value.case == "6.73"
    state.apply(CommitReserve(units=("su-r7",), hexes=("0504",)))
    assert state.units["su-r7"].hex == "0504" and state.units["su-r7"].box is None


def test_6_73_commitment_respects_stacking():
    state = reserve_game(4, {"su-r1": "0501", "su-r2": "0501", "su-r3": "0501"})
    assert not any(a.hexes == ("0501",) for a in reserves.legal(state))
    with pytest.raises(IllegalAction) as err:
        state.apply(CommitReserve(units=("su-r7",), hexes=("0501",)))
    assert err.value.case == "8.1"


def test_6_73_the_counter_is_removed_when_its_box_is_empty():
    state = reserve_game(4)
    state.apply(CommitReserve(units=("su-r7",), hexes=("0501",)))
    assert state.units["su-res6"].hex == "0502"
    events = state.apply(CommitReserve(units=("su-t3",), hexes=("0503",)))
    assert state.units["su-res6"].hex is None
    assert any(e.kind == "Eliminated" and e.unit == "su-res6" and e.case == "6.73" for e in events)


def test_6_73_committed_units_move_on_the_turn_they_are_committed():
    state = reserve_game(4)
    state.apply(CommitReserve(units=("su-r7",), hexes=("0501",)))
    from kharkovsuite.engine import EndPhase

    state.apply(EndPhase())
    assert state.phase.id == "soviet-movement" and state.legal_moves("su-r7")


def test_6_74_at_most_three_units_in_all_on_game_turns_two_and_three():
    state = reserve_game(2, boxed=("su-r7", "su-t3", "su-t4", "su-t5"))
    state.apply(CommitReserve(units=("su-r7", "su-t3"), hexes=("0501", "0501")))
    with pytest.raises(IllegalAction) as err:
        state.apply(CommitReserve(units=("su-t4", "su-t5"), hexes=("0503", "0503")))
    assert err.value.case == "6.74"
    state.apply(CommitReserve(units=("su-t4",), hexes=("0503",)))
    assert reserves.legal(state) == [] and state.phase.id == "soviet-movement"


def test_6_74_a_four_unit_commitment_on_game_turn_three_is_refused():
    state = reserve_game(3, boxed=("su-r7", "su-t3", "su-t4", "su-t5"))
    with pytest.raises(IllegalAction) as err:
        state.apply(CommitReserve(units=("su-r7", "su-t3", "su-t4", "su-t5"), hexes=("0501", "0501", "0503", "0503")))
    assert err.value.case == "6.74"


def test_6_75_an_axis_unit_within_three_hexes_releases_the_whole_reserve():
    state = reserve_game(2, {"ge-1": "0505"}, boxed=("su-r7", "su-t3", "su-t4", "su-t5"))
    state.apply(CommitReserve(units=("su-r7", "su-t3", "su-t4", "su-t5"), hexes=("0501", "0501", "0503", "0503")))
    assert all(state.units[u].hex for u in ("su-r7", "su-t3", "su-t4", "su-t5"))


def test_6_75_the_release_is_recorded_when_the_axis_unit_arrives():
    state = position({"su-res6": "0502", "ge-1": "0407"}, phase="axis-movement")
    state.apply(Move(units=("ge-1",), path=("0407", "0406", "0405")))
    assert BOX not in state.game["reserves"]["released"]  # 0405 is four hexes from 0502
    state = position({"su-res6": "0502", "ge-1": "0407"}, phase="axis-movement")
    state.apply(Move(units=("ge-1",), path=("0407", "0406", "0506", "0505")))
    assert BOX in state.game["reserves"]["released"]


def test_6_76_from_game_turn_four_every_reserve_unit_may_be_committed():
    state = reserve_game(4, boxed=("su-r7", "su-t3", "su-t4", "su-t5"))
    state.apply(CommitReserve(units=("su-r7", "su-t3", "su-t4", "su-t5"), hexes=("0501", "0501", "0503", "0503")))
    assert all(state.units[u].hex for u in ("su-r7", "su-t3", "su-t4", "su-t5"))


def test_6_72_the_reserve_counter_moves_four_and_never_within_three_hexes_of_an_axis_unit():
    state = position({"su-res6": "0502", "ge-1": "0107"}, phase="soviet-movement")
    dests = state.legal_moves("su-res6")
    assert dests and max(r.cost for r in dests.values()) <= 4
    assert "0104" not in dests and "0303" in dests


def test_6_75_axis_units_already_near_a_counter_at_set_up_release_nothing():
    # su-res6 in 0502; ge-1 placed within three hexes before the reserves are paired (set-up)
    from kharkovsuite.engine import new_game
    from k42_helpers import scenario

    state = new_game(scenario(), 0)
    state.game.pop("reserves")
    state.place("ge-1", "0505")
    reserves.init(state)
    assert not reserves.released(state, BOX)
    state.place("ge-1", "0504")  # a move after set-up does
    assert reserves.released(state, BOX)


def test_6_75_the_soviet_player_may_commit_a_released_reserve_at_once_in_the_axis_turn():
    state = position({"su-res6": "0502", "ge-1": "0407"}, phase="axis-movement")
    assert reserves.boxed(state, BOX) == ["su-r7", "su-t3"]
    state.apply(Move(units=("ge-1",), path=("0407", "0406", "0506", "0505")))
    assert state.to_act == "soviet" and state.pending[-1].case == "6.75"
    offered = state.legal_actions()
    assert DeclineReserve() in offered
    assert {a.units[0] for a in offered if a.kind == "CommitReserve"} == {"su-r7", "su-t3"}
    with pytest.raises(IllegalAction) as err:
        state.apply(Move(units=("su-res6",), path=("0502", "0501")))
    assert err.value.case == "6.75"
    state.apply(CommitReserve(units=("su-r7",), hexes=("0501",)))
    assert state.units["su-r7"].hex == "0501" and state.to_act == "soviet"
    state.apply(DeclineReserve())
    assert state.to_act == "axis" and state.phase.id == "axis-movement"
    assert reserves.boxed(state, BOX) == ["su-t3"]  # still released: committed later without limit
    assert reserves.released(state, BOX)


def test_6_75_committing_the_last_released_unit_ends_the_decision():
    state = position({"su-res6": "0502", "ge-1": "0407"}, phase="axis-movement")
    state.to_box("su-t3", OFF)  # the box keeps su-r7 alone
    state.apply(Move(units=("ge-1",), path=("0407", "0406", "0506", "0505")))
    state.apply(CommitReserve(units=("su-r7",), hexes=("0501",)))
    assert not state.pending and state.to_act == "axis"
    assert state.units["su-res6"].box == reserves.REMOVED  # 6.73: the empty reserve's counter goes


def test_6_75_no_decision_when_the_released_box_is_empty():
    state = position({"su-res6": "0502", "ge-1": "0407"}, phase="axis-movement")
    for uid in reserves.boxed(state, BOX):
        state.to_box(uid, OFF)
    state.apply(Move(units=("ge-1",), path=("0407", "0406", "0506", "0505")))
    assert not state.pending and state.to_act == "axis"


def test_6_73_the_log_tells_each_committed_unit_and_its_hex():
    from kharkovsuite.engine.events import UnitMoved

    state = reserve_game(2)
    events = state.apply(CommitReserve(units=("su-r7",), hexes=("0504",)))
    moved = [e for e in events if isinstance(e, UnitMoved)]
    assert [(e.units, e.path, e.how, e.case) for e in moved] == [(("su-r7",), ("0504",), "commit", "6.73")]
    assert moved[0].text() == "su-r7 commit 0504 (0 MP)"


def test_6_75_another_action_while_a_released_reserve_waits_is_refused_in_words():
    state = position({"su-res6": "0502", "ge-1": "0407"}, phase="axis-movement")
    state.apply(Move(units=("ge-1",), path=("0407", "0406", "0506", "0505")))
    with pytest.raises(IllegalAction) as err:
        state.apply(Move(units=("su-res6",), path=("0502", "0501")))
    assert str(err.value) == "6.75: commit released reserve units with CommitReserve or stop with DeclineReserve()"


def test_6_73_the_empty_reserve_counter_s_removal_names_the_hex_it_left():
    state = reserve_game(4)
    state.apply(CommitReserve(units=("su-r7",), hexes=("0501",)))
    events = state.apply(CommitReserve(units=("su-t3",), hexes=("0503",)))
    [gone] = [e for e in events if e.kind == "Eliminated" and e.unit == "su-res6"]
    assert gone.hex == "0502"


def test_6_72_the_units_offered_for_commitment_are_those_in_the_reserve_box():
    state = reserve_game(4)
    assert reserves.eligible(state) == {BOX: ["su-r7", "su-t3"]}


def test_6_75_committing_a_unit_unknown_to_the_game_during_a_release_is_refused_in_words():
    state = position({"su-res6": "0502", "ge-1": "0407"}, phase="axis-movement")
    state.apply(Move(units=("ge-1",), path=("0407", "0406", "0506", "0505")))
    with pytest.raises(IllegalAction) as err:
        state.apply(CommitReserve(units=("su-nobody",), hexes=("0501",)))
    assert str(err.value) == f"6.75: only units of the released {BOX} may be committed now, not su-nobody"

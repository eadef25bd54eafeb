"""Rail (6.4), German Tactical Disengagement and the chase (6.6), Soviet Breakout (6.8), stacking (8.1).

The railroad runs along row 03 (0301-0310); the front line lies between columns 05 and 06, so
0301-0305 are Soviet rail hexes and 0306-0310 Axis ones (6.42).
"""
import pytest
from k42_helpers import kinds, last, position

from kharkovsuite.engine import (
    Chase,
    DeclineChase,
    EliminateExcess,
    EndPhase,
    IllegalAction,
    Move,
    RailMove,
)
from kharkovsuite.engine.events import MoveStopped, UnitMoved, VictoryPoints
from kharkovsuite.rules.kharkov1942 import rail

# ----------------------------------------------------------------------------- rail (6.4)


def rail_dests(state, unit):
    return [str(a.path[-1]) for a in state.legal_actions().actions() if a.kind == "RailMove" and a.units == (unit,)]


def test_6_41_rail_move_goes_along_connected_rail_hexes():
    state = position({"su-r1": "0301"})
    state.apply(RailMove(units=("su-r1",), path=("0301", "0302", "0303", "0304", "0305")))
    assert state.units["su-r1"].hex == "0305"


def test_6_41_rail_move_must_follow_the_railroad():
    state = position({"su-r1": "0301"})
    with pytest.raises(IllegalAction) as err:
        state.apply(RailMove(units=("su-r1",), path=("0301", "0402")))
    assert err.value.case == "6.41"


def test_6_42_only_friendly_rail_hexes():
    state = position({"su-r1": "0301"})
    assert rail_dests(state, "su-r1") == ["0302", "0303", "0304", "0305"]
    with pytest.raises(IllegalAction) as err:
        state.apply(RailMove(units=("su-r1",), path=("0301", "0302", "0303", "0304", "0305", "0306")))
    assert err.value.case == "6.42"


def test_6_43_never_into_an_enemy_controlled_hex():
    state = position({"su-r1": "0301", "ge-1": "0405"})  # ge-1's ZOC covers 0305
    assert rail_dests(state, "su-r1") == ["0302", "0303", "0304"]


def test_6_44_at_most_forty_rail_hexes(monkeypatch):
    monkeypatch.setattr(rail, "MAX_HEXES", 2)
    state = position({"su-r1": "0301"})
    assert rail_dests(state, "su-r1") == ["0302", "0303"]
    with pytest.raises(IllegalAction) as err:
        state.apply(RailMove(units=("su-r1",), path=("0301", "0302", "0303", "0304")))
    assert err.value.case == "6.44"


def test_6_45_soviet_five_units_plus_any_hqs():
    units = ["su-r1", "su-r2", "su-r3", "su-r4", "su-r5", "su-r6"]
    state = position({u: ("0301" if i < 3 else "0302") for i, u in enumerate(units)} | {"su-hq6": "0302"})
    paths = {"0301": ("0301", "0302", "0303"), "0302": ("0302", "0303")}
    for u in units[:5]:
        state.apply(RailMove(units=(u,), path=paths[state.units[u].hex]))
    assert rail_dests(state, "su-r6") == []
    with pytest.raises(IllegalAction) as err:
        state.apply(RailMove(units=("su-r6",), path=("0302", "0303")))
    assert err.value.case == "6.45"
    state.apply(RailMove(units=("su-hq6",), path=("0302", "0301")))  # HQs are free


def test_6_45_axis_three_units_in_the_initial_movement_phase():
    units = ["ge-1", "ge-2", "ge-3", "ge-4"]
    state = position({u: "0310" for u in units[:3]} | {"ge-4": "0309"}, phase="axis-movement", turn=2)
    for u in units[:3]:
        state.apply(RailMove(units=(u,), path=("0310", "0309", "0308")))
    with pytest.raises(IllegalAction) as err:
        state.apply(RailMove(units=("ge-4",), path=("0309", "0308")))
    assert err.value.case == "6.45"


def test_6_45_no_axis_rail_movement_in_the_mechanized_phase():
    state = position({"pz-1a": "0310"}, phase="axis-mechanized", turn=2)
    assert rail_dests(state, "pz-1a") == []
    with pytest.raises(IllegalAction) as err:
        state.apply(RailMove(units=("pz-1a",), path=("0310", "0309")))
    assert err.value.case == "6.45"


def test_6_72_army_reserve_counters_may_not_move_by_rail():
    state = position({"su-res6": "0301"})
    assert rail_dests(state, "su-res6") == []
    with pytest.raises(IllegalAction) as err:
        state.apply(RailMove(units=("su-res6",), path=("0301", "0302")))
    assert err.value.case == "6.72"


def test_6_41_a_rail_move_is_the_units_move_for_the_phase():
    state = position({"su-r1": "0301"})
    state.apply(RailMove(units=("su-r1",), path=("0301", "0302")))
    assert state.legal_moves("su-r1") == {}


# ----------------------------------------------------------------------------- disengagement (6.6)

# ge-1 at 0506 is in the ZOC of su-t1 at 0505; 0405 is also in su-t1's ZOC, 0507 (road) is not.


def axis_turn(extra=None, turn=2):
    return position({"ge-1": "0506", "su-t1": "0505"} | (extra or {}), phase="axis-movement", turn=turn)


def test_6_6_german_unit_disengages_for_three_extra_movement_points():
    state = axis_turn()
    reach = state.legal_moves("ge-1")
    assert reach["0507"].cost == 4  # road hex 1 + 3
    assert reach["0406"].cost == 4


def test_6_61_only_into_a_hex_not_in_soviet_zoc():
    state = axis_turn()
    assert all(r.path[1] != "0405" for r in state.legal_moves("ge-1").values())
    with pytest.raises(IllegalAction) as err:
        state.apply(Move(units=("ge-1",), path=("0506", "0405")))
    assert err.value.case == "6.61"


def test_6_61_only_units_in_soviet_zoc_when_the_phase_began():
    state = axis_turn({"ge-2": "0604"})  # 0604 is in su-t1's ZOC, but the point is the snapshot
    state.phase_data["in_zoc_at_start"].discard("ge-2")
    state.cache.clear()
    assert state.legal_moves("ge-2") == {}


def test_6_64_never_across_a_major_river():
    state = position({"ge-1": "0607", "su-t1": "0606"}, phase="axis-movement", turn=2)
    assert all(r.path[1] not in ("0608", "0708") for r in state.legal_moves("ge-1").values())
    with pytest.raises(IllegalAction) as err:
        state.apply(Move(units=("ge-1",), path=("0607", "0608")))
    assert err.value.case == "6.64"


def test_6_64_no_disengagement_on_game_turn_one():
    state = axis_turn(turn=1)
    assert state.legal_moves("ge-1") == {}


def test_6_6_rumanian_units_may_not_disengage():
    state = position({"ro-1": "0506", "su-t1": "0505"}, phase="axis-movement", turn=2)
    assert state.legal_moves("ro-1") == {}


def test_6_62_chase_is_a_soviet_decision_when_the_hex_is_vacated():
    state = axis_turn()
    state.apply(Move(units=("ge-1",), path=("0506", "0507", "0508")))
    assert state.to_act == "soviet" and state.pending[-1].case == "6.62"
    assert set(state.legal_actions()) == {Chase("su-t1"), DeclineChase()}
    assert state.units["ge-1"].hex == "0507"  # stopped after its first hex until the chase is decided


def test_6_63_a_chased_unit_stops_in_its_first_hex():
    state = axis_turn()
    state.apply(Move(units=("ge-1",), path=("0506", "0507", "0508")))
    events = state.apply(Chase("su-t1"))
    assert state.units["su-t1"].hex == "0506"
    assert state.units["ge-1"].hex == "0507"
    assert any(e.kind == "MoveStopped" and e.case == "6.63" for e in events)
    assert state.to_act == "axis"


def test_6_62_a_declined_chase_lets_the_move_finish():
    state = axis_turn()
    state.apply(Move(units=("ge-1",), path=("0506", "0507", "0508")))
    state.apply(DeclineChase())
    assert state.units["ge-1"].hex == "0508" and state.units["su-t1"].hex == "0505"


def test_6_6_a_disengagement_is_announced_hex_by_hex_around_the_chase_decision():
    state = axis_turn()
    events = state.apply(Move(units=("ge-1",), path=("0506", "0507", "0508")))
    assert events == [UnitMoved(units=("ge-1",), path=("0506", "0507"), cost=4.0, how="disengage", case="6.6")]
    events = state.apply(DeclineChase())
    assert events == [UnitMoved(units=("ge-1",), path=("0507", "0508"), cost=1.0, how="disengage", case="6.6")]


def test_6_62_a_chase_is_announced_and_stops_the_chased_unit():
    state = axis_turn()
    state.apply(Move(units=("ge-1",), path=("0506", "0507", "0508")))
    events = state.apply(Chase("su-t1"))
    assert events == [
        UnitMoved(units=("su-t1",), path=("0505", "0506"), cost=0.0, how="chase", case="6.62"),
        MoveStopped(units=("ge-1",), hex="0507", reason="entered a Soviet ZOC after the chase", case="6.63"),
    ]


def test_6_62_a_unit_not_next_to_the_vacated_hex_may_not_chase():
    state = axis_turn({"su-r1": "0303"})
    state.apply(Move(units=("ge-1",), path=("0506", "0507", "0508")))
    with pytest.raises(IllegalAction) as err:
        state.apply(Chase("su-r1"))
    assert str(err.value) == "6.62: su-r1 cannot chase into 0506: it must be an adjacent Soviet combat unit free to move"


def test_6_62_the_chase_decision_takes_only_a_chase_or_its_refusal():
    state = axis_turn()
    state.apply(Move(units=("ge-1",), path=("0506", "0507", "0508")))
    with pytest.raises(IllegalAction) as err:
        state.apply(EndPhase())
    assert str(err.value) == "6.62: the Soviet player chases with Chase(unit) or declines with DeclineChase()"


@pytest.mark.parametrize("flag", ["disrupted", "frozen"])
def test_6_62_a_unit_not_free_to_move_does_not_chase_and_the_move_goes_on_at_once(flag):
    state = position({"ge-1": "0506", "su-t1": "0505"}, phase="axis-movement", turn=2, flags={"su-t1": {flag}})
    events = state.apply(Move(units=("ge-1",), path=("0506", "0507", "0508")))
    assert not state.pending
    assert events == [UnitMoved(units=("ge-1",), path=("0506", "0507", "0508"), cost=5.0, how="disengage", case="6.6")]


def test_6_62_an_hq_does_not_chase():
    state = axis_turn({"su-hq6": "0406"})
    state.apply(Move(units=("ge-1",), path=("0506", "0507", "0508")))
    assert set(state.legal_actions()) == {Chase("su-t1"), DeclineChase()}


def test_17_21_a_chase_into_a_city_hex_scores_its_capture():
    state = position({"ge-1": "0508", "su-t1": "0507"}, phase="axis-movement", turn=2)  # Gorod, no garrison
    state.apply(Move(units=("ge-1",), path=("0508", "0509", "0609")))
    events = state.apply(Chase("su-t1"))
    assert VictoryPoints(side="soviet", vp=6, reason="City hex 0508 captured", case="17.21") in events


def test_6_62_no_chase_across_the_dnieper():
    state = position({"ge-1": "0909", "su-t1": "1009"}, phase="axis-movement", turn=2)  # 0909/1009: the Dnieper
    state.apply(Move(units=("ge-1",), path=("0909", "0808")))
    assert not state.pending and state.units["su-t1"].hex == "1009"


def test_6_62_a_declined_chase_lets_a_longer_move_end_in_its_last_hex():
    state = axis_turn()
    state.apply(Move(units=("ge-1",), path=("0506", "0507", "0508", "0509")))
    events = state.apply(DeclineChase())
    assert state.units["ge-1"].hex == "0509"
    assert last(events, "UnitMoved") == UnitMoved(units=("ge-1",), path=("0507", "0508", "0509"), cost=2.0, how="disengage", case="6.6")


def test_6_62_a_chaser_is_found_past_a_river_side_closed_to_movement():
    # 1009's neighbours in board order: 1008, 0909 and 0910 (both across the Dnieper), 1010.
    state = position({"ge-1": "1009", "su-t1": "1010"}, phase="axis-movement", turn=2)
    state.apply(Move(units=("ge-1",), path=("1009", "1008")))
    assert set(state.legal_actions()) == {Chase("su-t1"), DeclineChase()}


def test_6_62_no_chase_while_an_axis_unit_remains():
    state = axis_turn({"ge-2": "0506"})
    state.apply(Move(units=("ge-1",), path=("0506", "0507", "0508")))
    assert not state.pending and state.units["ge-1"].hex == "0508"


def test_6_62_chasers_ignore_axis_zoc_and_stacking_holds():
    state = axis_turn({"su-r1": "0405", "su-r2": "0405", "su-r3": "0405", "ge-3": "0407"})
    state.apply(Move(units=("ge-1",), path=("0506", "0507")))
    for u in ("su-r1", "su-r2", "su-r3"):
        assert Chase(u) in state.legal_actions()
        state.apply(Chase(u))
    assert not state.pending  # three combat units fill the hex (8.1)
    assert sorted(state.units_at("0506")) == ["su-r1", "su-r2", "su-r3"]


# ----------------------------------------------------------------------------- breakout (6.8)


def test_6_8_soviet_unit_leaves_axis_zoc_on_turns_one_and_two():
    state = position({"su-t1": "0505", "ge-1": "0506"}, turn=1)
    assert "0503" in state.legal_moves("su-t1")


def test_6_8_an_hq_has_no_breakout_mobility():
    state = position({"su-hq6": "0505", "ge-1": "0506", "su-t1": "0303"}, turn=1)
    assert state.legal_moves("su-hq6") == {}


def test_6_8_not_from_turn_three():
    state = position({"su-t1": "0505", "ge-1": "0506"}, turn=3)
    assert state.legal_moves("su-t1") == {}


def test_6_8_moves_on_through_the_zoc_it_left():
    state = position({"su-t1": "0505", "ge-1": "0506"}, turn=2)
    state.apply(Move(units=("su-t1",), path=("0505", "0405", "0305")))  # 0405 is in ge-1's ZOC
    assert state.units["su-t1"].hex == "0305"


def test_6_8_stops_on_entering_another_units_zoc():
    state = position({"su-t1": "0505", "ge-1": "0506", "ge-2": "0403"}, turn=1)
    reach = state.legal_moves("su-t1")
    assert "0504" in reach and all(r.path[1] != "0504" or len(r.path) == 2 for r in reach.values())
    with pytest.raises(IllegalAction) as err:
        state.apply(Move(units=("su-t1",), path=("0505", "0504", "0604")))  # 0504 is in ge-2's ZOC
    assert err.value.case == "6.23"


# ----------------------------------------------------------------------------- stacking (8.1)


def test_8_1_excess_at_the_end_of_movement_is_the_owners_choice():
    units = ["su-r1", "su-r2", "su-r3", "su-r4"]
    state = position({u: "0302" for u in units[:3]} | {"su-r4": "0303"})
    state.apply(Move(units=("su-r4",), path=("0303", "0302")))
    state.apply(EndPhase())
    assert state.to_act == "soviet" and state.pending[-1].case == "8.1"
    assert set(state.legal_actions()) == {EliminateExcess(u) for u in units}
    events = state.apply(EliminateExcess("su-r2"))
    assert state.units["su-r2"].box == "eliminated" and events[0].case == "8.1"
    assert state.phase.id == "soviet-combat"


def overstacked_by(extra):
    """Three Soviet units at 0302 and ``extra`` more moved in from 0303, the movement phase ended."""
    units = ["su-r1", "su-r2", "su-r3"] + extra
    state = position({u: "0302" for u in units[:3]} | {u: "0303" for u in extra})
    for u in extra:
        state.apply(Move(units=(u,), path=("0303", "0302")))
    state.apply(EndPhase())
    return state


def test_8_1_every_unit_over_the_limit_is_eliminated_before_the_phase_ends():
    state = overstacked_by(["su-r4", "su-r5"])
    state.apply(EliminateExcess("su-r2"))
    assert state.phase.id == "soviet-movement" and state.pending[-1].case == "8.1"
    events = state.apply(EliminateExcess("su-r5"))
    assert state.phase.id == "soviet-combat" and not state.pending
    assert (events[0].unit, events[0].reason, events[0].case) == ("su-r5", "over the stacking limit", "8.1")


def test_8_1_only_a_unit_in_an_over_stacked_hex_is_eliminated():
    state = overstacked_by(["su-r4"])
    state.place("su-r6", "0101")
    with pytest.raises(IllegalAction) as err:
        state.apply(EliminateExcess("su-r6"))
    assert str(err.value) == "8.1: su-r6 is not in an over-stacked hex"


def test_8_1_the_over_stacking_decision_takes_only_eliminations():
    state = overstacked_by(["su-r4"])
    with pytest.raises(IllegalAction) as err:
        state.apply(Move(units=("su-r4",), path=("0302", "0303")))
    assert str(err.value) == "8.1: choose the over-stacked units to eliminate with EliminateExcess(unit)"


def test_8_1_hqs_do_not_count_against_stacking():
    state = position({"su-r1": "0302", "su-r2": "0302", "su-r3": "0302", "su-hq6": "0303"})
    state.apply(Move(units=("su-hq6",), path=("0303", "0302")))
    state.apply(EndPhase())
    assert not state.pending and state.phase.id == "soviet-combat"


def test_8_1_units_pass_through_friendly_stacks():
    state = position({"su-r1": "0302", "su-r2": "0302", "su-r3": "0302", "su-r4": "0301"})
    assert state.legal_moves("su-r4")["0303"].path == ("0301", "0302", "0303")


def test_phase_kinds_in_movement():
    state = position({"su-r1": "0301"})
    assert kinds(state.legal_actions()) == {"Move", "RailMove", "EndPhase"}


def test_15_3_no_chase_into_a_city_hex_whose_garrison_stands():
    state = position({"ge-1": "0508", "su-t1": "0507"}, phase="axis-movement", turn=2, garrisons={"0508": 1})
    state.apply(Move(units=("ge-1",), path=("0508", "0608")))
    assert not state.pending and state.units["su-t1"].hex == "0507"

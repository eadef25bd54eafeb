"""The Sequence of Play (4.0), victory (17.0, the simple part-1 count) and what each side may know."""
import pytest
from k42_helpers import position, scenario

from kharkovsuite.engine import EndPhase, IllegalAction, Move, new_game
from kharkovsuite.engine.events import FlagChanged, GameEnded
from kharkovsuite.rules.kharkov1942 import sequence, victory


def test_4_2_phases_follow_the_rulebook_in_order():
    assert [(p.id, p.side, p.case) for p in sequence.PHASES] == [
        ("soviet-reserves", "soviet", "4.2.A1"),
        ("soviet-movement", "soviet", "4.2.A2"),
        ("soviet-combat", "soviet", "4.2.A3"),
        ("soviet-disruption", "soviet", "4.2.A4"),
        ("axis-movement", "axis", "4.2.B1"),
        ("axis-combat", "axis", "4.2.B2"),
        ("axis-mechanized", "axis", "4.2.B3"),
        ("axis-disruption", "axis", "4.2.B4"),
        ("axis-air-supply", "axis", "4.2.B5"),
        ("turn-end", None, "4.2.C"),
    ]
    assert all(p.what_may_be_done for p in sequence.PHASES)


def test_4_2_A1_an_idle_reserve_commitment_phase_passes_by_itself():
    state = new_game(scenario(), 0)
    assert [e.phase for e in state.log if e.kind == "PhaseChanged"] == ["soviet-reserves", "soviet-movement"]


def test_4_1_end_phase_walks_the_player_turns():
    state = position({"su-r1": "0302", "ge-1": "0308"})
    seen = []
    for _ in range(6):
        seen.append(state.phase.id)
        state.apply(EndPhase())
    assert seen == ["soviet-movement", "soviet-combat", "axis-movement", "axis-combat", "axis-mechanized", "soviet-movement"]
    assert state.turn == 2


def test_4_2_C_a_new_turn_brings_its_air_points():
    state = position({"su-r1": "0302", "ge-1": "0308"}, phase="axis-mechanized", turn=1)
    state.apply(EndPhase())
    assert state.turn == 2 and state.date == "1942-05-13"
    assert state.turn_data["air"] == {"soviet": 1, "axis": 1}


def test_6_58_no_mechanized_movement_phase_on_the_last_turn():
    state = position({"su-r1": "0302", "ge-1": "0308"}, phase="axis-combat", turn=4)
    events = state.apply(EndPhase())
    skipped = [e for e in events if e.kind == "PhaseChanged" and e.phase == "axis-mechanized"]
    assert skipped and skipped[0].case == "6.58"
    assert state.is_terminal


def test_7_33_disruption_removal_clears_the_phasing_sides_markers():
    state = position({"su-r1": "0302", "ge-1": "0308"}, phase="soviet-combat", flags={"su-r1": {"disrupted"}, "ge-1": {"disrupted"}})
    events = state.apply(EndPhase())
    assert "disrupted" not in state.units["su-r1"].flags and "disrupted" in state.units["ge-1"].flags
    assert FlagChanged(unit="su-r1", flag="disrupted", on=False, case="7.33") in events


def test_4_2_phase_refuses_actions_of_other_phases():
    state = position({"su-r1": "0302"}, phase="soviet-combat")
    with pytest.raises(IllegalAction) as err:
        state.apply(Move(units=("su-r1",), path=("0302", "0402")))
    assert err.value.case == "4.2.A3"


def test_10_3_hqs_start_non_active_and_activate_on_their_turn():
    state = position({"su-hq6": "0302", "ge-1": "0308"}, phase="axis-mechanized", turn=1)
    assert "inactive" in state.units["su-hq6"].flags  # 10.31; its back reads GT-2
    events = state.apply(EndPhase())
    assert "inactive" not in state.units["su-hq6"].flags
    assert any(e.kind == "FlagChanged" and e.unit == "su-hq6" and e.case == "10.3" for e in events)


def test_17_0_the_game_ends_after_the_last_turn_with_a_result():
    state = position({"su-r1": "0302", "ge-1": "0308"}, phase="axis-mechanized", turn=3)
    while not state.is_terminal:
        state.apply(EndPhase())
    assert state.turn == 4 and state.phase.id == "game-over"
    result = state.result()
    assert state.log[-1] == GameEnded(vp=dict(result.vp), winner=result.winner, level=result.level, case="17.0")
    assert state.game["final"]["winner"] == result.winner


def test_17_1_a_city_with_its_garrison_is_axis():
    state = position({"su-r1": "0302"}, garrisons={"0508": 1, "0509": 2})
    assert victory.tally(state)["axis"] == 10


def test_17_1_a_city_last_occupied_by_soviet_units_is_soviet():
    state = position({"su-r1": "0302"})
    state.game["last_occupant"].update({"0508": "soviet", "0509": "soviet"})
    assert victory.tally(state)["soviet"] == 10


def test_17_13_a_divided_city_scores_nobody():
    state = position({"su-r1": "0302"}, garrisons={"0508": 1})
    state.game["last_occupant"]["0509"] = "soviet"
    assert victory.tally(state) == {"axis": 0, "soviet": 0}


def test_17_25_a_whole_destroyed_panzer_division_scores_its_formation_points_instead():
    state = position({"su-r1": "0302"}, garrisons={})
    state.game["last_occupant"] = {}
    state.game["eliminated"] = ["pz-1a", "pz-1b"]
    assert victory.tally(state)["soviet"] == 6  # 3 + 3 per regiment
    state.game["eliminated"].append("pz-1c")
    assert victory.tally(state)["soviet"] == 12  # the division: 12, not 9


def test_17_3_axis_scores_eliminated_soviet_units():
    state = position({"su-r1": "0302"})
    state.game["last_occupant"] = {}
    state.game["eliminated"] = ["su-g1", "su-r2"]
    assert victory.tally(state)["axis"] == 3 + 1


def test_17_0_levels_of_victory_on_the_net_difference():
    state = position({"su-r1": "0302"})
    assert victory.level(state, {"axis": 3, "soviet": 10}).level == "Draw"
    result = victory.level(state, {"axis": 40, "soviet": 10})
    assert (result.level, result.winner, result.margin) == ("Substantive Victory", "axis", -30)
    assert victory.level(state, {"axis": 0, "soviet": 51}).level == "Decisive Victory"


def test_12_0_observation_shows_untried_units_by_their_back_only():
    state = new_game(scenario(), 0)
    for side in ("axis", "soviet"):
        seen = state.observation(side)["units"]["su-r1"]
        assert seen["untried"] == "U-7" and "values" not in seen
    assert "rng" not in state.observation("axis")


def test_observation_of_a_side_sees_own_and_enemy_positions():
    state = new_game(scenario(), 0)
    obs = state.observation("axis")
    assert obs["units"]["ge-1"]["hex"] == "0106" and obs["units"]["su-r1"]["hex"] == "0105"
    assert obs["phase"]["id"] == "soviet-movement" and obs["to_act"] == "soviet"


def test_2_0b_a_scenario_without_a_turn_record_lasts_the_ten_game_turns():
    from types import SimpleNamespace

    assert sequence.last_turn(SimpleNamespace(scenario=SimpleNamespace(turns=[]))) == 10


def test_17_0_the_final_result_is_kept_in_the_game_with_its_level():
    state = position({"su-r1": "0302", "ge-1": "0308"}, phase="axis-mechanized", turn=3)
    while not state.is_terminal:
        state.apply(EndPhase())
    result = state.result()
    assert state.game["final"] == {"vp": result.vp, "margin": result.margin, "winner": result.winner, "level": result.level}

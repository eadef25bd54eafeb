"""Victory in play (27, 31.1E-H, 31.2): ``state.result()`` at any moment, the turn Kirovograd
fell, the Opening Moves objective, and the Endgame's lost dump."""
from __future__ import annotations

import pytest

from kharkovsuite.rules.kirovograd import sequence, victory
from kharkovsuite.rules.kirovograd.rules import RULES, new_game

from .kiro_helpers import GE_INF, GE_INF2, GE_INF3, SU_DIV, SU_DIV2, bare, fresh, scenario

KIRO = "3819"  # a hex of Kirovograd
FAR_WEST = "0618"


def _at_turn_end(state) -> list:
    """Run the turn advance (3.7) of ``state``'s turn; its events."""
    state.phase_index = sequence.INDEX["advance"]
    state.phase_data = {}
    events = []
    RULES.settle(state, events)
    return events


def test_27_result_counts_the_places_each_side_holds_at_the_start():
    r = fresh(1).result()
    # Germany holds Kirovograd (5), Novomirgorod (10) and Novo Ukrainka (15); no SP lost yet
    assert r.vp == {"german": 30, "soviet": 0} and r.margin == -30
    assert (r.winner, r.level) == ("german", "Substantive victory")


def test_27_b_sp_lost_and_destroyed_units_score_for_the_enemy():
    state = bare({GE_INF: FAR_WEST, SU_DIV: "4030"})
    base = state.result().vp
    state.units[SU_DIV].step = 2  # 2 infantry SP
    assert state.result().vp["german"] - base["german"] == 2
    state.units[GE_INF].step = 3  # the 3-SP regiment destroyed: twice its whole value
    assert state.result().vp["soviet"] - base["soviet"] == 2 * 3 * 1


def test_27_c_a_german_unit_in_the_city_keeps_it_german():
    state = bare({SU_DIV: KIRO, GE_INF: "3720"})
    assert victory.holder(state, "kirovograd") == "german"
    state.to_box(GE_INF, "off")
    assert victory.holder(state, "kirovograd") == "soviet"


def test_27_c_a_city_behind_the_soviet_units_is_soviet_one_nearer_the_germans_is_not():
    state = bare({SU_DIV: "4019", GE_INF: "3419"})  # next to the city on the east, the Germans three hexes west
    assert victory.holder(state, "kirovograd") == "soviet"
    state.place(GE_INF, "3619")  # now as near as the Soviet division
    assert victory.holder(state, "kirovograd") == "german"


def test_27_b_the_fall_turn_is_recorded_and_gives_the_early_bonus():
    state = bare({SU_DIV: KIRO, GE_INF: FAR_WEST}, turn=3)
    assert state.result().vp["soviet"] == 5  # the city, no bonus yet
    _at_turn_end(state)
    assert state.game["kirovograd_taken"] == 3 and state.turn == 4
    assert state.result().vp["soviet"] == 5 + 20  # 27.B: taken before 7 January
    state.place(GE_INF, KIRO)  # retaken: the fall turn stays, the city is German again
    _at_turn_end(state)
    assert state.game["kirovograd_taken"] == 3


def test_27_a_the_last_turn_ends_the_game_with_its_level():
    state = bare({SU_DIV: KIRO, GE_INF: FAR_WEST}, turn=len(scenario().turns))
    events = _at_turn_end(state)
    assert state.is_terminal
    r = state.result()
    assert r.vp == {"german": 25, "soviet": 5} and (r.winner, r.level) == ("german", "Marginal victory")  # a lead of 20
    # the window shows the game's summary on this event
    ended = [e for e in events if e.kind == "GameEnded"]
    assert [(e.vp, e.winner, e.level, e.case) for e in ended] == [(r.vp, "german", "Marginal victory", "27.0A")]
    assert ended[0].text() == "Game over: Marginal victory (German); victory points German 25, Soviet 5"  # words, no repr


def test_27_a_a_turn_before_the_last_ends_without_the_games_end():
    state = bare({SU_DIV: KIRO, GE_INF: FAR_WEST}, turn=len(scenario().turns) - 1)
    events = _at_turn_end(state)
    assert not state.is_terminal and not [e for e in events if e.kind == "GameEnded"]


def _opening(placed: dict[str, str]):
    """Opening Moves with only ``placed`` on the map and German garrisons in Novomirgorod and
    Novo Ukrainka (25 VP)."""
    state = new_game(scenario("opening-moves"), 1)
    for uid in list(state.units):
        if state.units[uid].hex is not None:
            state.to_box(uid, "off")
    for uid, hex_id in {GE_INF2: "1605", GE_INF3: "1228", **placed}.items():
        state.place(uid, hex_id)
    return state


def test_31_1h_germany_wins_when_no_soviet_unit_ever_entered_the_city():
    state = _opening({SU_DIV: "4030"})
    for u in (GE_INF, "de-3p-6", "de-3p-394"):
        state.units[u].step = victory.full_strength(state.board.units[u])  # the USSR leads on points
    r = state.result()
    assert r.vp["soviet"] > r.vp["german"] and r.winner == "german"


def test_31_1e_f_the_ussr_wins_with_the_city_and_more_points():
    state = _opening({SU_DIV: KIRO, SU_DIV2: "3920"})
    for u in ("de-3p-6", "de-3p-394", "de-3p-rec", "de-320-art"):
        state.units[u].step = victory.full_strength(state.board.units[u])  # 31 SP destroyed, twice
    r = state.result()
    assert r.vp["soviet"] > r.vp["german"] and (r.winner, r.level) != (None, "Draw") and r.winner == "soviet"


def test_31_1g_the_city_without_more_points_is_a_draw():
    state = _opening({SU_DIV: KIRO})
    r = state.result()
    assert r.vp["german"] > r.vp["soviet"] and (r.winner, r.level) == (None, "Draw")


def test_31_1h_more_german_points_and_a_unit_in_the_city_win_for_germany():
    state = _opening({SU_DIV: "4030"})
    state.place(SU_DIV, KIRO)  # entered once
    state.place(SU_DIV, "4030")
    state.place(GE_INF, "3720")
    assert state.game["kirovograd_entered"]
    assert state.result().winner == "german"
    state.to_box(GE_INF, "off")  # no German unit left in it, the USSR short of points: a draw
    assert state.result().winner is None


def test_31_2_2a_the_endgame_starts_without_the_kirovograd_dump_and_airstrip():
    areas = scenario("endgame").map.areas
    assert "dump-kirovograd" not in areas and "airstrip-kirovograd" not in areas
    state = fresh(1, "endgame")
    assert list(state.game["dumps"].values()) == ["1228"] and "airstrip-kirovograd" not in state.game["airstrips"]
    assert state.game["supply"]["german:1"] == 0


def test_31_2_3_the_city_fell_before_the_endgame_and_counts_as_taken_before_9_january():
    state = fresh(1, "endgame")
    assert state.game["kirovograd_taken"] == 8
    assert victory.points(victory.position(state), state.board.data.victory)["soviet"] >= 5 + 10


@pytest.mark.parametrize("name", ["historical", "opening-moves", "endgame"])
def test_27_every_scenario_scores_by_its_own_objective(name):
    objective = scenario(name).system_data["victory"].get("objective", "points")
    assert objective == ("hold_kirovograd" if name == "opening-moves" else "points")

"""Cases of reserves (12.1A, 12.4A, 12.2E), of the out-of-supply retreat (6.2.4A) and of the
supply line's blocked hexes (8.2B) that the sample of part-1 mutants found untested."""
from __future__ import annotations

from kharkovsuite.engine.events import FlagChanged
from kharkovsuite.rules.kirovograd import counters, reserves, supply
from kharkovsuite.rules.kirovograd.actions import PlaceReserve

from .kiro_helpers import GE_HQ, GE_INF, GE_INF2, GE_INF3, PLAIN, SU_DIV, bare, nbr, reach, ring
from .test_kiro_supply_reserves import reserve_state


def test_12_1A_an_enemy_unit_is_not_the_player_s_to_place_in_reserve():
    state = bare({GE_INF2: PLAIN, GE_HQ: nbr(PLAIN, 0), SU_DIV: ring(PLAIN, 6)[0]}, orders={"d320": "mobile"})
    assert reserves.place_refusal(state, "german", (SU_DIV,), []) == (
        "12.1A", f"{SU_DIV} is not a unit of the german player on the map")


def test_12_4A_units_of_two_formations_are_refused_one_marker_word_for_word():
    state = bare({GE_INF2: PLAIN, GE_INF: PLAIN, GE_HQ: nbr(PLAIN, 0)}, orders={"d320": "mobile"})
    assert reserves.place_refusal(state, "german", (GE_INF2, GE_INF), []) == (
        "12.4A", "a reserve marker covers units of one formation")


def test_12_2E_a_reserve_attacked_is_logged_leaving_its_reserve():
    state = reserve_state()
    state.apply(PlaceReserve(units=(GE_INF2, GE_INF3)))
    events: list = []
    reserves.release(state, GE_INF2, events)
    assert events == [FlagChanged(unit=GE_INF2, flag="in reserve", on=False, case="12.2E")]


def test_6_2_4A_beside_its_hq_an_out_of_supply_retreating_unit_may_end_only_on_the_hq_s_hex():
    hq = nbr(PLAIN, 0)
    state = bare({GE_INF2: PLAIN, GE_HQ: hq}, orders={"d320": "retreat"})
    state.game["dumps"] = {}
    state.set_flag(GE_INF2, counters.OUT_OF_SUPPLY)
    assert set(reach(state, GE_INF2)) == {hq}


def test_8_2B_a_supply_line_is_blocked_where_the_enemy_unit_stands_now_not_where_it_stood():
    state = bare({GE_INF2: PLAIN, SU_DIV: nbr(PLAIN, 0)})
    state.game["dumps"] = {}  # no source: the trace lists what blocks the line
    before = {b["hex"] for b in supply.forward(state, GE_INF2).to_dict()["blocks"]}
    assert nbr(PLAIN, 0) in before
    state.place(SU_DIV, nbr(PLAIN, 3))
    after = {b["hex"] for b in supply.forward(state, GE_INF2).to_dict()["blocks"]}
    assert nbr(PLAIN, 3) in after and nbr(PLAIN, 0) not in after

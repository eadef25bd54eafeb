"""Committing reserves (12.3): who may be committed, and what the log says of it."""
from __future__ import annotations

import pytest

from kharkovsuite.engine.actions import CommitReserve
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.engine.events import FlagChanged, MoveStopped, UnitMoved
from kharkovsuite.rules.kirovograd import counters, reserves
from kharkovsuite.rules.kirovograd.actions import PlaceReserve

from .kiro_helpers import GE_HQ, GE_INF2, GE_INF3, GE_MOT, GE_PZ, GE_PZ_HQ, PLAIN, SU_DIV, bare, nbr, ring


def _in_reserve(phase="move_1_1", light="day", enemy=None):
    placed = {GE_INF2: PLAIN, GE_INF3: PLAIN, GE_HQ: ring(PLAIN, 2)[0]}
    if enemy:
        placed[SU_DIV] = enemy
    state = bare(placed, orders={"d320": "mobile"}, phase=phase, light=light)
    state.set_flag(GE_INF2, counters.RESERVE)
    state.game["reserves"] = {"d320": [GE_INF2]}
    return state


def test_12_3_1A_only_units_under_a_reserve_marker_are_committed():
    state = _in_reserve()
    with pytest.raises(IllegalAction, match=r"12\.3\.1A.*de-320-586 is not a reserve unit"):
        state.apply(CommitReserve(units=(GE_INF3,), hexes=()))
    assert counters.has(state, GE_INF2, counters.RESERVE) and state.game["reserves"] == {"d320": [GE_INF2]}


def test_12_3_1A_an_offensive_commitment_logs_each_unit_leaving_its_reserve():
    state = _in_reserve()
    events = state.apply(CommitReserve(units=(GE_INF2,), hexes=()))
    assert FlagChanged(unit=GE_INF2, flag="in reserve", on=False, case="12.3.1A") in events


def test_12_3_2A_a_defensive_commitment_takes_only_reserve_units():
    state = _in_reserve(phase="combat_2_1", enemy=ring(PLAIN, 4)[0])
    assert reserves.offer_defensive(state, "german", [PLAIN], [SU_DIV])
    with pytest.raises(IllegalAction, match=r"12\.3\.1A.*de-320-586 is not a reserve unit"):
        state.apply(CommitReserve(units=(GE_INF3,), hexes=(PLAIN, ring(PLAIN, 1)[0])))
    assert state.units[GE_INF3].hex == PLAIN


def test_12_3_2B_a_defensive_commitment_logs_the_marker_going_and_the_reserve_move():
    state = _in_reserve(phase="combat_2_1", enemy=ring(PLAIN, 4)[0])
    assert reserves.offer_defensive(state, "german", [PLAIN], [SU_DIV])
    path = (PLAIN, ring(PLAIN, 1)[0], ring(PLAIN, 2)[0])
    events = state.apply(CommitReserve(units=(GE_INF2,), hexes=path))
    assert FlagChanged(unit=GE_INF2, flag="in reserve", on=False, case="12.3.2A") in events
    assert UnitMoved(units=(GE_INF2,), path=path, cost=2.0, how="reserve", case="12.3.2B") in events


def test_12_1A_placing_a_reserve_logs_each_unit_under_the_marker():
    state = bare({GE_INF2: PLAIN, GE_INF3: PLAIN, GE_HQ: ring(PLAIN, 2)[0]}, orders={"d320": "mobile"})
    events = state.apply(PlaceReserve(units=(GE_INF2, GE_INF3)))
    assert [e for e in events if isinstance(e, FlagChanged)] == [
        FlagChanged(unit=GE_INF2, flag="in reserve", on=True, case="12.1A"),
        FlagChanged(unit=GE_INF3, flag="in reserve", on=True, case="12.1A"),
    ]


def test_12_4A_a_stack_beside_its_hq_is_offered_once():
    state = bare({GE_INF2: PLAIN, GE_INF3: PLAIN, GE_HQ: nbr(PLAIN, 0)}, orders={"d320": "mobile"})
    assert reserves.options(state, "german", []) == [(GE_INF2, GE_INF3)]


def test_12_4A_each_stack_near_the_hq_and_the_units_around_it_are_offered():
    state = bare({GE_HQ: PLAIN, GE_INF2: nbr(PLAIN, 0), GE_INF3: nbr(PLAIN, 3), "de-320-587": ring(PLAIN, 2)[0]},
                 orders={"d320": "mobile"})
    assert reserves.options(state, "german", []) == [(GE_INF2,), (GE_INF3,), ("de-320-587",), (GE_INF2, GE_INF3)]


def test_12_3_1B_a_formation_on_defense_does_not_keep_another_from_its_reserve():
    placed = {GE_MOT: ring(PLAIN, 3)[0], GE_PZ_HQ: ring(PLAIN, 3)[0], GE_INF2: PLAIN, GE_HQ: PLAIN}
    state = bare(placed, orders={"p3": "defense", "d320": "mobile"})
    assert reserves.options(state, "german", []) == [(GE_INF2,)]


GERMAN_OTHERS = ["p3", "p10", "p11", "p14", "ss5", "d376", "ss3", "gd"]  # German formations but d320


@pytest.mark.parametrize("used,left", [(7, True), (8, False)])
def test_12_4C_germany_has_eight_reserve_markers(used, left):
    state = bare({GE_INF2: PLAIN, GE_HQ: nbr(PLAIN, 0)}, orders={"d320": "mobile"})
    state.game["reserves"] = {f: [] for f in GERMAN_OTHERS[:used]}
    assert reserves.markers_left(state, "german", "d320") is left


def test_12_4D_the_5th_guards_tank_army_has_two_markers_for_its_formations():
    state = bare({"su-29t-25": PLAIN, "su-29t-hq": nbr(PLAIN, 0)}, side="soviet", orders={"t29": "mobile"})
    state.game["reserves"] = {"t18": []}
    assert reserves.markers_left(state, "soviet", "t29")
    state.game["reserves"] = {"t18": [], "m8": []}
    assert not reserves.markers_left(state, "soviet", "t29")


def test_12_3_2A_no_reserve_on_the_map_no_decision():
    state = bare({GE_INF2: PLAIN, SU_DIV: ring(PLAIN, 4)[0]}, phase="combat_2_1", orders={"d320": "mobile"})
    assert reserves.offer_defensive(state, "german", [PLAIN], [SU_DIV]) is False
    assert not state.pending


def test_12_3_2A_the_defender_s_reserve_decision_names_its_case():
    state = _in_reserve(phase="combat_2_1", enemy=ring(PLAIN, 4)[0])
    assert reserves.offer_defensive(state, "german", [PLAIN], [SU_DIV]) is True
    assert [(d.kind, d.side, d.case) for d in state.pending] == [(reserves.DECISION, "german", "12.3.2A")]


def test_12_4A_two_formations_each_offer_the_units_around_their_own_hq():
    pz = ring(PLAIN, 5)[0]
    placed = {GE_HQ: PLAIN, GE_INF2: nbr(PLAIN, 0), GE_INF3: nbr(PLAIN, 3),
              GE_PZ_HQ: pz, GE_MOT: nbr(pz, 0), GE_PZ: nbr(pz, 3)}
    state = bare(placed, orders={"d320": "mobile", "p3": "mobile"})
    offered = reserves.options(state, "german", [])
    assert (GE_INF2, GE_INF3) in offered and tuple(sorted((GE_MOT, GE_PZ))) in offered


def test_12_3_2B_a_defensive_commitment_in_place_logs_no_stop():
    state = _in_reserve(phase="combat_2_1", enemy=ring(PLAIN, 4)[0])
    assert reserves.offer_defensive(state, "german", [PLAIN], [SU_DIV])
    events = state.apply(CommitReserve(units=(GE_INF2,), hexes=(PLAIN,)))
    assert not any(isinstance(e, MoveStopped) for e in events)
    assert state.units[GE_INF2].hex == PLAIN and not counters.has(state, GE_INF2, counters.RESERVE)

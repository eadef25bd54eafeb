"""General and forward supply (8.1-8.6): cases the first tests left open."""
from __future__ import annotations

import pytest

from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.engine.events import FlagChanged
from kharkovsuite.rules.kirovograd import counters, supply
from kharkovsuite.rules.kirovograd.actions import TransferSupply

from .kiro_helpers import GE_INF, PLAIN, SU_DIV, SU_HQ, bare, move, nbr, ring
from .test_kiro_supply_reserves import FOES


def test_8_5_1D_points_moved_to_a_dump_are_added_to_those_it_holds():
    state = bare({GE_INF: PLAIN})
    state.game["dumps"] = {"1": PLAIN, "2": ring(PLAIN, 6)[0]}
    state.game["supply"].update({"german:1": 7, "german:2": 4})
    state.apply(TransferSupply(source="1", dest="2", points=3))
    assert (state.game["supply"]["german:1"], state.game["supply"]["german:2"]) == (4, 7)


def test_8_5_1E_a_destroyed_dump_is_logged_with_the_points_it_held():
    dump = nbr(PLAIN, 0)
    state = bare({SU_DIV: PLAIN}, side="soviet", orders={"c48": "mobile"})
    state.game["dumps"] = {"1": dump, "2": ring(PLAIN, 3)[0]}
    state.game["supply"].update({"german:1": 25, "german:2": 6})
    events = move(state, [SU_DIV], PLAIN, dump)
    assert FlagChanged(unit="dump #1", flag="destroyed (25 supply points lost)", on=True, case="8.5.1E") in events
    assert state.game["dumps"] == {"2": ring(PLAIN, 3)[0]} and state.game["supply"]["german:2"] == 6


def test_13_8B_a_soviet_unit_entering_an_airstrip_destroys_it_the_others_stay():
    strip = nbr(PLAIN, 0)
    state = bare({SU_DIV: PLAIN}, side="soviet", orders={"c48": "mobile"})
    state.game["airstrips"] = {"strip-a": strip, "strip-b": ring(PLAIN, 3)[0]}
    events = move(state, [SU_DIV], PLAIN, strip)
    assert FlagChanged(unit="strip-a", flag="destroyed", on=True, case="13.8B") in events
    assert state.game["airstrips"] == {"strip-b": ring(PLAIN, 3)[0]}


def test_8_5_1E_a_german_unit_entering_its_own_dump_leaves_it():
    dump = nbr(PLAIN, 0)
    state = bare({GE_INF: PLAIN})
    state.game["dumps"] = {"1": dump}
    state.game["airstrips"] = {"strip-a": dump}
    state.game["supply"]["german:1"] = 9
    move(state, [GE_INF], PLAIN, dump)
    assert state.game["dumps"] == {"1": dump} and state.game["airstrips"] == {"strip-a": dump}
    assert state.game["supply"]["german:1"] == 9


def test_6_2_2D_a_soviet_formation_on_defense_pays_its_last_point_when_it_fights():
    state = bare({SU_DIV: PLAIN, SU_HQ: nbr(PLAIN, 0)}, side="soviet", orders={"c48": "defense"})
    state.game["supply"]["soviet"] = 1
    supply.charge_defense(state, "c48", "soviet")
    assert state.game["supply"]["soviet"] == 0 and not counters.has(state, SU_HQ, counters.OUT_OF_SUPPLY)
    supply.charge_defense(state, "c48", "soviet")  # once a turn
    assert not counters.has(state, SU_HQ, counters.OUT_OF_SUPPLY)


def test_8_4B_a_cut_off_unit_that_fought_is_logged_out_of_supply():
    state = bare({GE_INF: PLAIN})
    state.set_flag(GE_INF, counters.CUT_OFF)
    events = []
    supply.fought(state, GE_INF, events)
    assert events == [FlagChanged(unit=GE_INF, flag="out of supply", on=True, case="8.4B")]
    assert counters.has(state, GE_INF, counters.OUT_OF_SUPPLY) and not counters.has(state, GE_INF, counters.CUT_OFF)


def test_8_1_a_track_is_never_spent_below_zero():
    state = bare({GE_INF: PLAIN})
    state.game["supply"]["soviet"] = 2
    with pytest.raises(IllegalAction) as refused:
        supply.spend(state, "soviet", 5, "21.3", "the shot")
    assert (refused.value.case, refused.value.reason) == ("21.3", "the shot costs 5 supply point(s); track soviet holds 2")
    assert state.game["supply"]["soviet"] == 2


def _two_dumps():
    state = bare({GE_INF: PLAIN})
    state.game["dumps"] = {"1": PLAIN, "2": ring(PLAIN, 6)[0]}
    state.game["supply"].update({"german:1": 7, "german:2": 0})
    return state


@pytest.mark.parametrize("side,source,dest,amount,reason", [
    ("soviet", "1", "2", 1, "points move between two German on-map dumps still on the map"),
    ("german", "1", "1", 1, "points move between two German on-map dumps still on the map"),
    ("german", "3", "2", 1, "points move between two German on-map dumps still on the map"),
    ("german", "1", "3", 1, "points move between two German on-map dumps still on the map"),
    ("german", "1", "2", 0, "dump #1 holds 7 supply points; 0 cannot move"),
    ("german", "1", "2", 8, "dump #1 holds 7 supply points; 8 cannot move"),
    ("german", "1", "2", 1.5, "dump #1 holds 7 supply points; 1.5 cannot move"),
])
def test_8_5_1D_a_transfer_refused_word_for_word(side, source, dest, amount, reason):
    assert supply.transfer_refusal(_two_dumps(), side, source, dest, amount) == ("8.5.1D", reason)


def test_8_5_1D_a_transfer_with_no_free_line_refused_word_for_word():
    placed = {GE_INF: PLAIN, **dict(zip(FOES, ring(PLAIN, 3)[::2]))}
    state = bare(placed)
    state.game["dumps"] = {"1": PLAIN, "2": ring(PLAIN, 6)[0]}
    state.game["supply"].update({"german:1": 7})
    assert supply.transfer_refusal(state, "german", "1", "2", 1) == (
        "8.5.1D", "no line free of enemy units and Overlapping ZOCs joins dump #1 to dump #2")

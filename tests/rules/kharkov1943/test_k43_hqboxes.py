"""The optional rule 10.3: units kept in an HQ's box (the scenario option ``hq_boxes``)."""
import json
from functools import lru_cache

import pytest

from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kharkov1943 import hq, hqboxes, stacking
from kharkovsuite.rules.kharkov1943.actions import Activate, EndActivation, IntoHQBox, OutOfHQBox, Pass
from kharkovsuite.rules.kharkov1943.rules import new_game

from .k43_helpers import GE_HQ, INF, INF2, PZ, SU_DIV, bare, ring, scenario

MID = "2226"


@lru_cache(maxsize=1)
def with_boxes():
    return scenario().model_copy(update={"options": {"hq_boxes": True}})


def boxed_game(placed):
    """``bare`` on the scenario with the option on."""
    state = bare(placed)
    on = new_game(with_boxes(), 1)
    state.scenario, state.board, state.options = on.scenario, on.board, on.options  # a game's options are its own (state.options)
    state.cache.clear()
    return state


def test_10_3_without_the_option_no_unit_goes_into_a_box():
    state = bare({GE_HQ: MID, INF: MID})
    state.apply(Activate())
    assert not [a for a in state.legal_actions().actions() if isinstance(a, IntoHQBox)]
    with pytest.raises(IllegalAction, match=r"^10\.3: this game does not use HQ boxes \(the scenario option hq_boxes\)$"):
        state.apply(IntoHQBox(unit=INF, hq=GE_HQ))


def test_10_3_a_boxed_unit_is_hidden_travels_with_its_hq_and_comes_out_in_its_hex():
    state = boxed_game({GE_HQ: MID, INF: MID, SU_DIV: sorted(ring(MID, 1))[0]})
    state.apply(Activate())
    assert IntoHQBox(unit=INF, hq=GE_HQ) in state.legal_actions().actions()
    state.apply(IntoHQBox(unit=INF, hq=GE_HQ))
    assert state.units[INF].hex is None and hqboxes.holder(state, INF) == GE_HQ
    seen = state.observation("soviet")
    assert f'"{INF}"' not in json.dumps(seen)  # even an adjacent enemy does not see into the box
    assert INF in state.observation("german")["units"]
    assert stacking.points(state, MID, "german") == 2  # the HQ and the boxed regiment
    state.apply(EndActivation())
    state.apply(Pass())  # the Soviet segment
    state.apply(Activate())
    away = sorted(ring(MID, 1))[3]
    state.place(GE_HQ, away)  # the HQ moved off with its box
    state.apply(OutOfHQBox(unit=INF))
    assert state.units[INF].hex == away


def test_10_3_a_panzer_corps_box_takes_units_of_two_formations_at_most():
    third = "pz19_73"
    state = boxed_game({GE_HQ: MID, INF: MID, PZ: MID, third: MID})
    assert len({state.board.units[u].formation for u in (INF, PZ, third)}) == 3
    state.apply(Activate())
    state.apply(IntoHQBox(unit=INF, hq=GE_HQ))
    state.apply(IntoHQBox(unit=PZ, hq=GE_HQ))
    with pytest.raises(IllegalAction, match=r"^10\.3: the box of de_hq_iiipzk takes units of at most 2 formations$"):
        state.apply(IntoHQBox(unit=third, hq=GE_HQ))


def test_10_3_the_box_is_lost_with_its_hq():
    state = boxed_game({GE_HQ: MID, INF: MID, INF2: MID})
    state.apply(Activate())
    state.apply(IntoHQBox(unit=INF, hq=GE_HQ))
    state.to_box(INF2, "eliminated")
    events: list = []
    assert hq.destroy_lone_hqs(state, MID, events) == [GE_HQ]
    assert state.units[INF].box == "eliminated"
    assert [(e.unit, e.hex, e.reason, e.case) for e in events if e.kind == "Eliminated"] == [
        (INF, None, f"in the box of {GE_HQ} when it was destroyed", "10.3"),
        (GE_HQ, MID, f"alone in its hex when attacked; it returns on turn {state.turn + 2}", "1.4")]


def test_10_3_going_into_and_out_of_a_box_is_logged_in_the_hqs_hex_at_no_op():
    state = boxed_game({GE_HQ: MID, INF: MID})
    state.apply(Activate())
    into = state.apply(IntoHQBox(unit=INF, hq=GE_HQ))
    moved = [(e.units, e.path, e.cost, e.how, e.case) for e in into if e.kind == "UnitMoved"]
    assert moved == [((INF,), (MID,), 0.0, f"into the box of {GE_HQ}", "10.3")]
    state.apply(EndActivation())
    state.apply(Pass())
    state.apply(Activate())
    out = state.apply(OutOfHQBox(unit=INF))
    moved = [(e.units, e.path, e.cost, e.how, e.case) for e in out if e.kind == "UnitMoved"]
    assert moved == [((INF,), (MID,), 0.0, f"out of the box of {GE_HQ}", "10.3")]


def test_10_3_a_boxed_unit_is_offered_to_come_out_in_its_sides_activation_only():
    state = boxed_game({GE_HQ: MID, INF: MID, SU_DIV: "2101"})
    state.apply(Activate())
    assert OutOfHQBox(unit=INF) not in state.legal_actions().actions()  # not in a box yet
    assert hqboxes.out_refusal(state, INF) == ("10.3", f"{INF} is in no HQ's box")
    state.apply(IntoHQBox(unit=INF, hq=GE_HQ))
    assert OutOfHQBox(unit=INF) in state.legal_actions().actions()
    state.apply(EndActivation())
    assert hqboxes.out_refusal(state, INF) == ("10.3", "a unit leaves an HQ's box in its activation")
    state.apply(Activate())  # the Soviet segment
    assert OutOfHQBox(unit=INF) not in state.legal_actions().actions()
    assert hqboxes.out_refusal(state, INF) == ("10.3", f"{INF} may not come out now")


def test_1_5_10_3_a_soviet_unit_goes_only_into_the_box_of_an_hq_of_its_own_front():
    from .k43_helpers import campaign

    state = bare({"su_hq_6": MID, "su_100rd": MID, "su_350rd": MID}, side="soviet", of=campaign)
    on = new_game(campaign().model_copy(update={"options": {"hq_boxes": True}}), 1)
    state.scenario, state.board, state.options = on.scenario, on.board, on.options
    state.cache.clear()
    state.apply(Activate())
    assert (state.board.units["su_hq_6"].front, state.board.units["su_100rd"].front) == ("southwest", "voronezh")
    assert hqboxes.into_refusal(state, "su_100rd", "su_hq_6") == ("1.5", "su_100rd is of another front than su_hq_6")
    assert hqboxes.into_refusal(state, "su_350rd", "su_hq_6") is None

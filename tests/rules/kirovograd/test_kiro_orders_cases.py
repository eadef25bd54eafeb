"""The orders segment's refusals name their own case whole (8.6, 8.5.2B, 8.1C, 6.2.1G), count the
points already drafted on the same track only, and the revealed orders (3.3) come with their
case and their event for each side."""
from __future__ import annotations

import pytest

from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kirovograd import orders, supply
from kharkovsuite.rules.kirovograd.actions import SetOrder, SubmitOrders

from .kiro_helpers import fresh


def _refused(state, action) -> tuple[str, str]:
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)
    return refused.value.case, refused.value.reason


def _acting(state, side: str):
    """Let ``side``'s orders decision act (the engine's last pending decision acts)."""
    decision = next(d for d in state.pending if d.kind == orders.DECISION and d.side == side)
    state.pending.remove(decision)
    state.pending.append(decision)
    return decision


def _reopened(state):
    """The orders segment opened again after the test changed the supply or the map."""
    state.pending.clear()
    orders.open_orders(state)
    return state


def test_8_6_a_side_without_supply_points_is_refused_other_orders_by_8_6_word_for_word():
    state = fresh(2)
    state.game["supply"]["soviet"] = 0
    _acting(_reopened(state), "soviet")
    assert _refused(state, SetOrder(formation="c48", order="mobile")) == (
        "8.6", "the soviet player has no supply points left: defense or retreat orders only")
    state.apply(SetOrder(formation="c48", order="retreat"))
    state.apply(SetOrder(formation="c75", order="defense"))
    assert state.pending[-1].data["draft"] == {"c48": "retreat", "c75": "defense"}


def test_6_2_1G_and_8_1C_an_order_the_track_cannot_pay_is_refused_word_for_word():
    state = fresh(2)
    state.game["supply"]["soviet"] = 2
    _acting(_reopened(state), "soviet")
    assert _refused(state, SetOrder(formation="c48", order="assault")) == (
        "6.2.1G", "assault orders cost 3 supply point(s); 2 left on track soviet")
    state.apply(SetOrder(formation="c48", order="mobile"))
    state.apply(SetOrder(formation="c75", order="mobile"))
    assert _refused(state, SetOrder(formation="m5g", order="pursuit")) == (
        "8.1C", "pursuit orders cost 1 supply point(s); 0 left on track soviet")


def test_8_1C_a_track_pays_an_order_costing_all_its_points_when_nothing_is_drafted_on_it():
    state = fresh(2)
    state.game["supply"]["soviet"] = 3
    _acting(_reopened(state), "soviet")
    state.apply(SetOrder(formation="c48", order="defense"))  # costs nothing: drafts no points
    state.apply(SetOrder(formation="c75", order="assault"))
    assert _refused(state, SetOrder(formation="m5g", order="mobile")) == (
        "8.1C", "mobile orders cost 1 supply point(s); 0 left on track soviet")


def test_8_1C_the_points_drafted_on_a_track_are_counted_against_the_next_order_on_it():
    state = fresh(2)
    state.game["supply"].update({"german:1": 3, "german:2": 0, "german:3": 0})
    _acting(_reopened(state), "german")
    state.apply(SetOrder(formation="p3", order="assault"))
    assert _refused(state, SetOrder(formation="p10", order="assault")) == (
        "6.2.1G", "assault orders cost 2 supply point(s); 1 left on track german:1")
    state.apply(SetOrder(formation="p10", order="mobile"))
    assert _refused(state, SetOrder(formation="p11", order="pursuit")) == (
        "8.1C", "pursuit orders cost 1 supply point(s); 0 left on track german:1")


def test_8_1C_points_drafted_on_one_track_leave_another_track_whole():
    state = fresh(2)
    state.game["supply"].update({"german:1": 2, "german:2": 2, "german:3": 0})
    decision = _acting(_reopened(state), "german")
    assert set(decision.data["tracks"].values()) == {"german:1"}
    decision.data["tracks"]["p10"] = "german:2"  # as if p10's HQ linked to the second dump only
    state.apply(SetOrder(formation="p3", order="assault"))
    state.apply(SetOrder(formation="p10", order="assault"))  # german:1's two drafted points do not count
    assert orders._spent(state, decision) == {"german:1": 2, "german:2": 2}


def test_8_5_2B_a_formation_whose_hq_links_to_no_source_may_take_only_free_orders():
    state = fresh(2)
    state.to_box(state.board.data.formations["d320"].hq, "off")
    decision = _acting(_reopened(state), "german")
    assert decision.data["tracks"]["d320"] is None
    assert _refused(state, SetOrder(formation="d320", order="mobile")) == (
        "8.5.2B", "d320's HQ links to no dump nor friendly edge road to pay for mobile orders")
    state.apply(SetOrder(formation="d320", order="defense"))
    assert decision.data["draft"]["d320"] == "defense"


def test_3_3_the_second_side_to_hand_in_reveals_both_sides_orders_with_one_event_each():
    state = fresh(2)
    german = {f: "defense" for f in next(d for d in state.pending if d.side == "german").data["tracks"]}
    german["p3"] = "assault"
    soviet = {f: "defense" for f in next(d for d in state.pending if d.side == "soviet").data["tracks"]}
    soviet["c48"] = "mobile"
    _acting(state, "soviet")
    for f, o in soviet.items():
        state.apply(SetOrder(formation=f, order=o))
    assert state.apply(SubmitOrders()) == []  # sealed: nothing is told yet
    assert state.turn_data["orders_revealed"] is False
    _acting(state, "german")
    for f, o in german.items():
        state.apply(SetOrder(formation=f, order=o))
    given = [e for e in state.apply(SubmitOrders()) if isinstance(e, orders.OrdersGiven)]
    assert [(e.side, e.orders, e.paid, e.case) for e in given] == [
        ("german", german, {"german:1": 2}, "3.3"), ("soviet", soviet, {"soviet": 1}, "3.3")]
    assert state.turn_data["orders_revealed"] is True
    assert state.turn_data["orders"] == {"german": german, "soviet": soviet}
    assert "sealed" not in state.turn_data
    assert supply.points(state, "german:1") == 28 and supply.points(state, "soviet") == 99

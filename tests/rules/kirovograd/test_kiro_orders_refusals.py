"""Each refusal of the orders segment (5.F, 6.1, 6.3) and of reserve commitment (12.3.1A) names
its own case and says what is wrong, word for word."""
from __future__ import annotations

import pytest

from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kirovograd import counters, describe, orders, reserves
from kharkovsuite.rules.kirovograd.actions import AttachUnit, SetOrder, SubmitOrders, UseRetreatOrders

from .kiro_helpers import GE_INF, GE_INF2, PLAIN, bare, fresh, nbr
from .test_kiro_part1_gaps import SAPPERS, _give_orders, _soviet_first

RIFLES = "su-48-14g"  # a division of the 48th Rifle Corps: it takes its corps' orders


def _refused(state, action) -> tuple[str, str]:
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)
    return refused.value.case, refused.value.reason


def _orders_segment():
    state = fresh(1)
    return state, _soviet_first(state)


@pytest.mark.parametrize("unit,formation,want", [
    (GE_INF, "m7", ("6.3", f"{GE_INF} is not an independent soviet unit on the map")),
    (RIFLES, "m7", ("6.3", f"{RIFLES} is not an independent soviet unit on the map")),
    ("nobody", "m7", ("6.3", "nobody is not an independent soviet unit on the map")),
    (SAPPERS, "c48", ("6.3", f"no unit of c48 is within one hex of {SAPPERS}")),
])
def test_6_3_an_independent_unit_s_choice_of_orders_refused(unit, formation, want):
    state, _ = _orders_segment()
    assert _refused(state, AttachUnit(unit=unit, formation=formation)) == want


def test_6_3_an_independent_unit_off_the_map_takes_no_orders():
    state, decision = _orders_segment()
    state.to_box(SAPPERS, "off")
    assert orders.attach_refusal(state, decision, SAPPERS, "m7") == ("6.3", f"{SAPPERS} is not an independent soviet unit on the map")


def test_5_F_the_second_choice_of_a_turn_refused():
    state, _ = _orders_segment()
    state.apply(AttachUnit(unit=SAPPERS, formation="m7"))
    assert _refused(state, AttachUnit(unit=SAPPERS, formation="c33g")) == ("5.F", f"{SAPPERS} already follows m7 this turn")


def test_6_1A_6_1D_orders_refused_word_for_word():
    state, _ = _orders_segment()
    assert _refused(state, SetOrder(formation="m7", order="attack")) == (
        "6.1A", "'attack' is not an order (assault, defense, mobile, retreat, pursuit)")
    assert _refused(state, SetOrder(formation="d320", order="mobile")) == (
        "6.1D", "d320 is not a formation of the soviet player to give orders to")
    state.apply(SetOrder(formation="m7", order="mobile"))
    assert _refused(state, SetOrder(formation="m7", order="defense")) == ("6.1D", "m7 already has its orders for this turn")


def test_6_1F_retreat_orders_refused_word_for_word():
    state, _ = _orders_segment()
    assert _refused(state, UseRetreatOrders(unit=GE_INF)) == ("6.1F", f"{GE_INF} is not a unit of the soviet player on the map")
    assert _refused(state, UseRetreatOrders(unit="nobody")) == ("6.1F", "nobody is not a unit of the soviet player on the map")
    assert _refused(state, UseRetreatOrders(unit=RIFLES)) == ("6.1F", f"{RIFLES} is not Out of Supply: it follows its formation's orders")
    state.set_flag(RIFLES, counters.OUT_OF_SUPPLY)
    state.apply(UseRetreatOrders(unit=RIFLES))
    assert _refused(state, UseRetreatOrders(unit=RIFLES)) == ("6.1F", f"{RIFLES} is on retreat orders already")


def test_12_3_1A_commitment_refused_word_for_word():
    state = bare({GE_INF: PLAIN})
    assert reserves.commit_refusal(state, "german", ()) == ("12.3.1A", "name the reserve units to commit")
    assert reserves.commit_refusal(state, "german", ("nobody",)) == ("12.3.1A", "nobody is not a reserve unit of the german player")


def test_12_3_1A_an_enemy_reserve_is_not_the_player_s_to_commit():
    state = bare({GE_INF: PLAIN, RIFLES: "0101"})
    state.set_flag(RIFLES, counters.RESERVE)
    assert reserves.commit_refusal(state, "german", (RIFLES,)) == ("12.3.1A", f"{RIFLES} is not a reserve unit of the german player")


def test_6_3_only_units_of_formations_that_take_orders_offer_theirs():
    state = bare({SAPPERS: PLAIN, "su-uf-r": nbr(PLAIN, 0), RIFLES: nbr(PLAIN, 3), GE_INF2: nbr(PLAIN, 1)}, side="soviet")
    assert orders.attach_options(state, SAPPERS) == ["c48"]


def test_6_1D_orders_handed_in_with_formations_left_out_refused_word_for_word():
    state, _ = _orders_segment()
    state.apply(SetOrder(formation="m7", order="mobile"))
    case, reason = _refused(state, SubmitOrders())
    assert case == "6.1D" and reason.startswith("formations without orders: c48, c75, ")
    assert "m7" not in reason


def test_3_3_both_sides_orders_revealed_with_each_side_s_retreat_orders():
    state, _ = _orders_segment()
    state.set_flag(RIFLES, counters.OUT_OF_SUPPLY)
    state.apply(UseRetreatOrders(unit=RIFLES))
    _give_orders(state, "soviet")
    german = next(u for u in counters.on_map(state, "german") if not state.board.units[u].is_hq)
    state.set_flag(german, counters.OUT_OF_SUPPLY)
    mine = next(d for d in state.pending if d.side == "german")
    state.pending.remove(mine)
    state.pending.append(mine)
    state.apply(UseRetreatOrders(unit=german))
    _give_orders(state, "german")
    assert state.turn_data["orders_revealed"] is True
    assert sorted(state.turn_data["unit_retreat"]) == sorted([RIFLES, german])
    assert "orders this turn: retreat (6.1)" in describe.unit_notes(state, RIFLES)

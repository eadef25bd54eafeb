"""Part-1 cases closed late: the independent unit's choice of orders (6.3) bound for the turn
(5.F), the stacking of units of different formations (9.1F) and the German HQ's road off the
edge that a Soviet unit was the last to hold (8.3.2A)."""
from __future__ import annotations

import pytest

from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kirovograd import stacking, supply
from kharkovsuite.rules.kirovograd.actions import AttachUnit, SetOrder, SubmitOrders
from kharkovsuite.rules.kirovograd.orders import DECISION, order_of

from .kiro_helpers import GE_HQ, GE_INF, GE_INF2, SU_DIV, bare, fresh

SAPPERS = "su-14eng"  # 14th Engineer Brigade, beside units of the 33rd Guards and 7th Mech Corps at the start


def _give_orders(state, side: str, chosen: dict[str, str] | None = None) -> None:
    decision = next(d for d in state.pending if d.kind == DECISION and d.side == side)
    for f in decision.data["tracks"]:
        state.pending.remove(decision)
        state.pending.append(decision)  # act for this side
        state.apply(SetOrder(formation=f, order=(chosen or {}).get(f, "defense")))
    state.pending.remove(decision)
    state.pending.append(decision)
    state.apply(SubmitOrders())


def _soviet_first(state):
    d = next(d for d in state.pending if d.kind == DECISION and d.side == "soviet")
    state.pending.remove(d)
    state.pending.append(d)
    return d


def test_6_3_an_independent_unit_may_take_the_orders_of_a_formation_beside_it():
    state = fresh(1)
    _soviet_first(state)
    assert AttachUnit(unit=SAPPERS, formation="m7") in state.legal_actions()[:]
    state.apply(AttachUnit(unit=SAPPERS, formation="m7"))
    assert "attach" not in state.observation("german")["turn_data"]  # hidden with the rest of the orders (3.3)
    _give_orders(state, "soviet", {"m7": "assault"})
    _give_orders(state, "german")
    assert order_of(state, SAPPERS) == "assault"
    assert order_of(state, "su-uf-r") == "mobile"  # not attached: mobile (6.3)


def test_6_3_only_a_formation_with_a_unit_within_one_hex():
    state = fresh(1)
    _soviet_first(state)
    with pytest.raises(IllegalAction, match="6.3"):
        state.apply(AttachUnit(unit=SAPPERS, formation="c48"))
    with pytest.raises(IllegalAction, match="6.3"):
        state.apply(AttachUnit(unit="su-48-14g", formation="m7"))  # a unit of a formation is no independent unit
    offered = {a.unit for a in state.legal_actions() if isinstance(a, AttachUnit)}
    assert SAPPERS in offered and all(state.board.units[u].formation not in state.board.ordered_formations["soviet"] for u in offered)


def test_5_F_an_independent_unit_follows_one_formation_a_turn():
    state = fresh(1)
    _soviet_first(state)
    state.apply(AttachUnit(unit=SAPPERS, formation="m7"))
    assert not [a for a in state.legal_actions() if isinstance(a, AttachUnit) and a.unit == SAPPERS]
    with pytest.raises(IllegalAction, match="5.F"):
        state.apply(AttachUnit(unit=SAPPERS, formation="c33g"))


def test_9_1F_units_of_different_formations_stack_within_the_limit():
    state = bare({GE_INF: "0618", GE_INF2: "0618"})
    assert state.board.units[GE_INF].formation != state.board.units[GE_INF2].formation
    assert stacking.refusal(state, "0618", ()) is None


def test_8_3_2A_a_german_edge_road_a_soviet_unit_last_held_no_longer_serves():
    state = bare({GE_HQ: "1902", GE_INF: "0618"})
    assert "1902" in supply.links(state, "german") and "1901" in supply.edge_goals(state, "german")
    state.place(SU_DIV, "1901")  # the Soviets take the road
    state.to_box(SU_DIV, "off")  # and leave it: still the last to hold it
    assert "1901" not in supply.edge_goals(state, "german")
    state.place(GE_INF, "1901")  # a German unit back on the road
    assert "1901" in supply.edge_goals(state, "german")


def test_8_3_2A_the_soviet_edge_roads_have_no_such_proviso():
    state = bare({SU_DIV: "6505", GE_INF: "0618"})
    state.place(GE_INF, "6512")
    state.to_box(GE_INF, "off")
    assert supply.edge_goals(state, "soviet") == state.board.edge_roads["soviet"]

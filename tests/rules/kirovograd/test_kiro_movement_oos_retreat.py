"""6.2.4A: Out of Supply units on retreat orders head for a friendly HQ or a German dump."""
from __future__ import annotations

import pytest

from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kirovograd import counters

from .kiro_helpers import GE_HQ, GE_INF2, PLAIN, SU_DIV, SU_HQ, bare, move, reach, ring

GOAL = ring(PLAIN, 4)[0]
ELSEWHERE = ring(PLAIN, 4)[9]


def _cut_off_retreating(placed, side="german", dumps=None):
    formation = "d320" if side == "german" else "c48"
    state = bare(placed, side=side, orders={formation: "retreat"})
    state.game["dumps"] = dict(dumps or {})
    unit = GE_INF2 if side == "german" else SU_DIV
    state.set_flag(unit, counters.OUT_OF_SUPPLY)
    return state, unit


def test_6_2_4A_out_of_supply_on_retreat_orders_end_nearer_the_friendly_hq():
    state, unit = _cut_off_retreating({GE_INF2: PLAIN, GE_HQ: GOAL})
    found = reach(state, unit)
    assert GOAL in found and all(state.board.distance(h, GOAL) < 4 for h in found)
    away = next(h for h in ring(PLAIN, 1) if state.board.distance(h, GOAL) == 5)
    with pytest.raises(IllegalAction, match=r"6\.2\.4A.*nearer a friendly HQ or dump"):
        move(state, [unit], PLAIN, away)


def test_6_2_4A_a_german_dump_is_a_goal_of_the_retreat_as_an_hq_is():
    state, unit = _cut_off_retreating({GE_INF2: PLAIN}, dumps={"1": GOAL})
    found = reach(state, unit)
    assert GOAL in found and all(state.board.distance(h, GOAL) < 4 for h in found)


def test_6_2_4A_a_soviet_unit_heads_for_its_hq_not_for_a_german_dump():
    state, unit = _cut_off_retreating({SU_DIV: PLAIN, SU_HQ: GOAL}, side="soviet", dumps={"1": ELSEWHERE})
    found = reach(state, unit)
    assert found and all(state.board.distance(h, GOAL) < 4 for h in found)


def test_6_2_4A_with_no_hq_or_dump_on_the_map_the_retreat_may_end_anywhere_in_reach():
    state, unit = _cut_off_retreating({GE_INF2: PLAIN})
    found = reach(state, unit)
    assert set(ring(PLAIN, 5)) <= set(found)


def test_6_2_4A_retreat_orders_measure_from_where_the_enemy_stands_now():
    was, now = ring(PLAIN, 3)[0], ring(PLAIN, 3)[9]
    state = bare({GE_INF2: PLAIN, SU_DIV: was}, orders={"d320": "retreat"}, light="night")
    assert all(state.board.distance(h, was) > 3 for h in reach(state, GE_INF2))
    state.place(SU_DIV, now)
    found = reach(state, GE_INF2)
    assert found and all(state.board.distance(h, now) > 3 for h in found)
    assert set(found) == set(reach(bare({GE_INF2: PLAIN, SU_DIV: now}, orders={"d320": "retreat"}, light="night"), GE_INF2))

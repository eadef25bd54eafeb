"""The moves a movement round lists (kept for the round, :func:`movement.round_reach`) stay those
of a fresh search when friendly units move: 9.1D (travelling Soviet artillery passes no other)
and 6.2.4A (Out of Supply units on retreat orders head for a friendly HQ) read friendly units
along the way, and a new round (6.2: mobile orders halve the MA in round two) lists anew."""
from __future__ import annotations

from kharkovsuite.engine.actions import EndPhase, Move
from kharkovsuite.rules.kirovograd import counters, movement, sequence

from .kiro_helpers import GE_HQ, GE_INF2, PLAIN, SU_ART, SU_ART2, bare, move, nbr, ring


def _listed(state, unit):
    return {a.path[-1]: a.path for a in state.legal_actions() if isinstance(a, Move) and a.units == (unit,)}


def _fresh(state, unit, rnd=1):
    return {h: r.path for h, r in movement.reach(state, (unit,), rnd).items()}


def _travelling(placed, phase="move_1_1"):
    state = bare(placed, side="soviet", phase=phase)
    for u in placed:
        state.set_flag(u, counters.TRAVELLING)
    state.cache.clear()
    return state


def test_9_1D_listed_moves_avoid_travelling_artillery_that_moved_into_the_way():
    state = _travelling({SU_ART: PLAIN, SU_ART2: ring(PLAIN, 3)[0]})
    _listed(state, SU_ART)
    way = nbr(PLAIN, 0)
    move(state, [SU_ART2], *_listed(state, SU_ART2)[way])
    listed = _listed(state, SU_ART)
    assert listed == _fresh(state, SU_ART)
    assert not any(way in path for path in listed.values())


def test_9_1D_listed_moves_open_where_travelling_artillery_left_the_way():
    way = nbr(PLAIN, 0)
    state = _travelling({SU_ART: PLAIN, SU_ART2: way})
    assert way not in _listed(state, SU_ART)
    state.place(SU_ART2, ring(PLAIN, 9)[0])  # gone far from the first unit's reach
    listed = _listed(state, SU_ART)
    assert way in listed and listed == _fresh(state, SU_ART)


def test_9_1D_travelling_artillery_lists_its_second_round_moves():
    state = _travelling({SU_ART: PLAIN, SU_ART2: ring(PLAIN, 3)[0]}, phase="move_1_2")
    assert _listed(state, SU_ART) == _fresh(state, SU_ART, 2) != _fresh(state, SU_ART, 1)


def test_6_2_4A_listed_retreat_moves_follow_the_hq_when_it_moves():
    hq_was, hq_now = ring(PLAIN, 8)[0], ring(PLAIN, 8)[24]
    state = bare({GE_INF2: PLAIN, GE_HQ: hq_was}, orders={"d320": "retreat"})
    state.game["dumps"] = {}
    state.set_flag(GE_INF2, counters.OUT_OF_SUPPLY)
    assert all(state.board.distance(h, hq_was) < 8 for h in _listed(state, GE_INF2))
    state.place(GE_HQ, hq_now)  # the HQ stands elsewhere, out of the unit's reach
    listed = _listed(state, GE_INF2)
    assert listed == _fresh(state, GE_INF2)
    assert all(state.board.distance(h, hq_now) < 8 for h in listed)


def test_6_2_3A_the_second_round_lists_the_moves_of_its_own_allowance():
    state = bare({GE_INF2: PLAIN}, orders={"d320": "mobile"})
    first = _listed(state, GE_INF2)
    state.apply(EndPhase())  # move round one; combat round one has no attack to declare
    assert sequence.current(state).id == "move_1_2"
    second = _listed(state, GE_INF2)
    assert second == _fresh(state, GE_INF2, 2) and len(second) < len(first)

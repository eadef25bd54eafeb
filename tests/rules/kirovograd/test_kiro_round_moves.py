"""The moves a movement round lists (kept for the round, :func:`movement.round_reach`) stay those
of a fresh search when friendly units move: 9.1D (travelling Soviet artillery passes no other)
and 6.2.4A (Out of Supply units on retreat orders head for a friendly HQ) read friendly units
along the way, and a new round (6.2: mobile orders halve the MA in round two) lists anew."""
from __future__ import annotations

from kharkovsuite.engine.actions import EndPhase, Move
from kharkovsuite.rules.kirovograd import counters, movement, sequence

from .kiro_helpers import (
    GE_ART, GE_HQ, GE_INF, GE_INF2, GE_INF3, GE_MOT, GE_PZ, PLAIN, SU_ART, SU_ART2, SU_DIV, bare, move, nbr, ring,
)


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


def _listed_paths(state, unit):
    return [a.path for a in state.legal_actions() if isinstance(a, Move) and a.units == (unit,)]


def _fresh_paths(state, unit, rnd=1):
    return [r.path for _, r in sorted(movement.reach(state, (unit,), rnd).items())]


def _all_agree(state, units):
    for u in units:
        assert _listed_paths(state, u) == _fresh_paths(state, u), u


def test_9_1A_listed_moves_follow_the_stacking_of_hexes_friendly_units_enter_and_leave():
    full, other = nbr(PLAIN, 0), ring(PLAIN, 2)[6]
    placed = {GE_INF3: PLAIN, GE_INF: full, GE_INF2: full, "de-320-587": full, GE_MOT: other, GE_PZ: other}
    state = bare(placed, orders={"d320": "mobile", "p3": "mobile"})
    movers = [GE_INF3, GE_ART]
    state.place(GE_ART, ring(PLAIN, 1)[3])
    state.cache.clear()
    _all_agree(state, movers)
    assert full not in _listed(state, GE_INF3)
    move(state, ["de-320-587"], full, ring(PLAIN, 2)[1])  # the full hex has room again
    _all_agree(state, movers)
    assert full in _listed(state, GE_INF3)
    move(state, [GE_INF], *_listed(state, GE_INF)[other])  # the other hex fills up
    _all_agree(state, movers)
    assert other not in _listed(state, GE_INF3)


def test_13_5_listed_moves_of_artillery_open_where_a_friendly_unit_entered_the_enemy_zoc():
    enemy = ring(PLAIN, 2)[0]
    zoc_hex = next(h for h in ring(PLAIN, 1) if state_distance(h, enemy) == 1)
    escort_from = next(h for h in ring(zoc_hex, 1) if state_distance(h, enemy) == 2 and h != PLAIN)
    state = bare({GE_ART: PLAIN, GE_INF2: escort_from, GE_INF3: ring(PLAIN, 3)[9], SU_DIV: enemy}, orders={"d320": "mobile"})
    movers = [GE_ART, GE_INF3]
    _all_agree(state, movers)
    assert zoc_hex not in _listed(state, GE_ART)
    move(state, [GE_INF2], escort_from, zoc_hex)
    _all_agree(state, movers)
    assert zoc_hex in _listed(state, GE_ART)


def state_distance(a, b):
    from kharkovsuite.rules.kirovograd.board import board_for

    from .kiro_helpers import scenario

    return board_for(scenario()).distance(a, b)


def test_13_5_listed_moves_follow_an_escort_moving_between_two_zoc_hexes_at_night():
    enemy = ring(PLAIN, 2)[1]
    a, b = [h for h in ring(PLAIN, 1) if state_distance(h, enemy) == 1]
    placed = {GE_ART: PLAIN, GE_INF2: a, GE_INF: a, "de-320-587": a, GE_INF3: ring(a, 2)[3], SU_DIV: enemy}
    state = bare(placed, orders={"d320": "mobile"}, light="night")
    movers = [GE_ART, GE_INF3]
    _all_agree(state, movers)
    assert a in _listed(state, GE_ART) and b not in _listed(state, GE_ART) and a not in _listed(state, GE_INF3)
    move(state, [GE_INF2], a, b)  # 13.1B: from the first fluid hex, where it started
    _all_agree(state, movers)
    assert b in _listed(state, GE_ART) and a in _listed(state, GE_INF3)


def test_13_2C_a_unit_starting_in_a_locking_zoc_lists_the_moves_that_leave_it():
    state = bare({GE_MOT: PLAIN, SU_DIV: nbr(PLAIN, 0)}, orders={"p3": "mobile"})
    listed = _listed_paths(state, GE_MOT)
    assert listed and listed == _fresh_paths(state, GE_MOT)

"""Reinforcements (24), replacements (25) and set-up (26): cases the first mutation sample of the
combat half found unpinned (docs/mutation.md, "Kirovograd combat half")."""
from __future__ import annotations

import pytest

from kharkovsuite.engine.actions import Move
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kirovograd import reinforcements, setup
from kharkovsuite.rules.kirovograd.actions import ExitOffMap, TakeReplacements
from kharkovsuite.rules.kirovograd.reinforcements import ExitedMap

from .kiro_helpers import GE_INF, SU_TANK, bare
from .test_kiro_exits import corps_at_the_south_edge

BN905 = "de-47k-905"  # enters by the north edge (24.0A)


def _due(state, turn: int = 1):
    state.game["arrivals"] = {"bn905": {"turn": turn, "roll": 3, "units": [BN905]}}
    return state


def refused(state, action, case: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as e:
        state.apply(action)
    assert e.value.case == case, str(e.value)
    return e.value


def test_24_5a_a_reinforcement_not_due_is_refused_with_its_reason():
    state = _due(bare({GE_INF: "0618"}), turn=5)
    e = refused(state, Move(units=(BN905,), path=("1901",)), "24.5A")
    assert e.reason == f"{BN905} is not a reinforcement due to enter now"


def _walk_from(state, entry: str, hexes: int) -> tuple[str, ...]:
    """A walk of ``hexes`` hexes on from ``entry``, each step farther from it."""
    path, seen = [entry], {entry}
    while len(path) <= hexes:
        nxt = max((n for n in state.board.nbrs[path[-1]] if n not in seen), key=lambda n: (state.board.distance(n, entry), n))
        path.append(nxt)
        seen.add(nxt)
    return tuple(path)


def test_24_4a_a_reinforcement_goes_on_only_with_the_allowance_left_after_its_entry_hex():
    """The 905th (MA 6) enters at 1901 on the road for 1/2 MP; five clear hexes more (5 MP) fit in
    what is left, six (6 MP) do not, though they would fit in its whole allowance (11.C)."""
    state = _due(bare({GE_INF: "0618"}))
    assert reinforcements.first_cost(state, (BN905,), "1901") == 0.5
    six = _walk_from(state, "1901", 6)
    assert [state.board.enter_cost(a, b, "motorized", False) for a, b in zip(six, six[1:])] == [1.0] * 6
    e = refused(state, Move(units=(BN905,), path=six), "11.C")
    assert e.reason == "the move costs 6 MP; the allowance this round is 5.5"
    assert state.units[BN905].hex is None and state.units[BN905].box == reinforcements.UNPLACED
    state.apply(Move(units=(BN905,), path=six[:-1]))
    assert state.units[BN905].hex == six[-2]


def test_24_3_leaving_the_map_is_logged_with_its_case():
    state = corps_at_the_south_edge()
    where = state.units[SU_TANK].hex
    events = state.apply(ExitOffMap(unit=SU_TANK))
    assert [(e.unit, e.hex, e.case) for e in events if isinstance(e, ExitedMap)] == [(SU_TANK, where, "24.3")]


def _tank_ready():
    state = bare({SU_TANK: "4030", GE_INF: "0618"}, side="soviet", orders={"m5g": "mobile"})
    state.units[SU_TANK].step = 2
    state.game["replacement_points"] = 10
    return state


def test_25_2a_a_tank_next_to_the_enemy_is_refused_by_25_2a_itself():
    state = bare({SU_TANK: "4030", GE_INF: "4029"}, side="soviet", orders={"m5g": "mobile"})
    state.units[SU_TANK].step = 2
    state.game["replacement_points"] = 10
    e = refused(state, TakeReplacements(unit=SU_TANK, points=1), "25.2A")
    assert e.reason == f"{SU_TANK} is 1 hex from the enemy; it must be two or more"


def test_25_2a_a_unit_off_the_map_takes_no_replacements():
    state = _tank_ready()
    state.to_box(SU_TANK, "eliminated")
    e = refused(state, TakeReplacements(unit=SU_TANK, points=1), "25.2A")
    assert e.reason == f"{SU_TANK} is not a unit on the map"


def test_25_2b_a_tank_that_has_moved_this_round_takes_no_replacements():
    state = _tank_ready()
    reach = state.legal_moves((SU_TANK,))
    dest = sorted(reach)[0]
    state.apply(Move(units=(SU_TANK,), path=reach[dest].path))
    assert not [a for a in state.legal_actions() if isinstance(a, TakeReplacements)]
    e = refused(state, TakeReplacements(unit=SU_TANK, points=1), "25.2B")
    assert e.reason == f"{SU_TANK} has moved; taking replacements uses its whole MA"
    assert state.units[SU_TANK].step == 2 and state.game["replacement_points"] == 10


def test_26_2d_free_set_up_the_lower_die_sets_up_first_either_side():
    assert setup.first_to_set_up(5, 3, historical=False) == "soviet"
    assert setup.first_to_set_up(2, 6, historical=False) == "german"

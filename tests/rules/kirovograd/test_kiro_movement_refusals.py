"""Each refusal of a move names its own case and says what is wrong, word for word (6.2, 9.1,
10.2A, 11, 12.2D, 13)."""
from __future__ import annotations

import pytest

from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kirovograd import counters, movement

from .kiro_helpers import (
    GE_ART, GE_HQ, GE_INF, GE_INF2, GE_MOT, PLAIN, SU_ART, SU_ART2, SU_DIV, SU_DIV2, SU_TANK, bare, move, nbr, ring,
)

N0 = nbr(PLAIN, 0)  # 0519


def _travelling(placed, flagged):
    state = bare(placed, side="soviet")
    for u in flagged:
        state.set_flag(u, counters.TRAVELLING)
    return state


def _reserve_beside_the_enemy():
    state = bare({GE_INF2: PLAIN, GE_HQ: ring(PLAIN, 2)[0], SU_DIV: ring(PLAIN, 2)[0]}, orders={"d320": "mobile"})
    state.set_flag(GE_INF2, counters.RESERVE)
    state.game["reserves"] = {"d320": [GE_INF2]}
    return state


def _cut_off_retreat():
    state = bare({GE_INF2: PLAIN, GE_HQ: ring(PLAIN, 4)[0]}, orders={"d320": "retreat"})
    state.game["dumps"] = {}
    state.set_flag(GE_INF2, counters.OUT_OF_SUPPLY)
    return state


def _moved_once():
    state = bare({GE_INF: PLAIN})
    move(state, [GE_INF], PLAIN, N0)
    return state


CASES = {
    "6.2.2A defense": (lambda: bare({GE_INF2: PLAIN}, orders={"d320": "defense"}), [GE_INF2], (PLAIN, "0519", "0419"),
                       ("6.2.2A", "these orders allow 1 hex(es) this round, the path has 2")),
    "6.2.1C assault": (lambda: bare({GE_INF2: PLAIN}, orders={"d320": "assault"}, phase="move_1_2"), [GE_INF2],
                       (PLAIN, "0519", "0419", "0418"), ("6.2.1C", "these orders allow 2 hex(es) this round, the path has 3")),
    "6.2.4A retreat": (lambda: bare({GE_INF2: PLAIN, SU_DIV: ring(PLAIN, 3)[0]}, orders={"d320": "retreat"}, light="night"),
                       [GE_INF2], (PLAIN, "0519"),
                       ("6.2.4A", "units on retreat orders must end farther from the enemy than the 3 hexes they began at")),
    "6.2.4A cut off": (_cut_off_retreat, [GE_INF2], (PLAIN, "0719"),
                       ("6.2.4A", "Out of Supply units on retreat orders must end nearer a friendly HQ or dump when they can")),
    "13.1B": (lambda: bare({GE_INF: "0419", SU_DIV: PLAIN}, light="night"), [GE_INF], ("0419", "0519", "0619"),
              ("13.1B", "0519 to 0619 stays in the Fluid ZOC of the same enemy units, and the move did not start at 0519")),
    "13.2C slower": (lambda: bare({GE_INF2: PLAIN, SU_TANK: N0}, orders={"d320": "mobile"}), [GE_INF2], (PLAIN, "0719"),
                     ("13.2C", "MA 5 is less than the 10 of the enemy units locking 0618")),
    "13.2C into a zoc": (lambda: bare({GE_MOT: PLAIN, SU_DIV: N0}, orders={"p3": "mobile"}), [GE_MOT], (PLAIN, "0619"),
                         ("13.2C", "a unit leaving a Locking ZOC may move only to a hex free of enemy ZOCs, not 0619")),
    "13.2A": (lambda: bare({GE_INF: PLAIN, SU_DIV: ring(PLAIN, 2)[0]}), [GE_INF], (PLAIN, "0519", "0520"),
              ("13.2A", "the move ended on entering the Locking ZOC at 0519")),
    "13.5": (lambda: bare({GE_ART: PLAIN, SU_DIV: ring(PLAIN, 2)[0]}, orders={"d320": "mobile"}), [GE_ART], (PLAIN, "0519"),
             ("13.5", "artillery may not enter the enemy ZOC at 0519 without friendly non-artillery units")),
    "12.2D": (_reserve_beside_the_enemy, [GE_INF2], (PLAIN, "0519"),
              ("12.2D", "units in reserve may not enter the enemy ZOC at 0519")),
    "10.2A": (lambda: bare({SU_DIV: "2701", GE_INF: "2501"}, side="soviet", orders={"c48": "mobile"}), [SU_DIV], ("2701", "2601"),
              ("10.2A", "a Soviet unit may not cross the fortified hexside 2701/2601 into a German ZOC")),
    "9.1A": (lambda: bare({SU_DIV: PLAIN, SU_TANK: PLAIN, SU_DIV2: N0}, side="soviet", orders={"c48": "mobile"}), [SU_DIV2],
             (N0, PLAIN), ("9.1A", "0618 would hold 5 brigade or regiment equivalents (one division and one brigade at most)")),
    "9.1C": (lambda: _travelling({SU_ART: PLAIN, SU_ART2: N0}, [SU_ART2]), [SU_ART2], (N0, PLAIN),
             ("9.1C", "0618 would hold 2 artillery units (one at most)")),
    "9.1D": (lambda: _travelling({SU_ART: PLAIN, SU_ART2: N0}, [SU_ART, SU_ART2]), [SU_ART2], (N0, PLAIN, nbr(PLAIN, 3)),
             ("9.1D", "travelling Soviet artillery may not pass through the travelling artillery at 0618")),
    "11.C once": (_moved_once, [GE_INF], (N0, PLAIN), ("11.C", "de-47k-hk has moved this round")),
    "11.C allowance": (lambda: bare({GE_INF: PLAIN}), [GE_INF], tuple([PLAIN] + [ring(PLAIN, k)[0] for k in range(1, 8)]),
                       ("11.C", "the move costs 7 MP; the allowance this round is 6")),
    "11.C second round": (lambda: bare({GE_INF2: PLAIN}, orders={"d320": "mobile"}, phase="move_1_2"), [GE_INF2],
                          (PLAIN, "0519", "0419", "0418"), ("11.C", "the move costs 3 MP; the allowance this round is 2.5")),
    "11.B adjacent": (lambda: bare({GE_INF: PLAIN}), [GE_INF], (PLAIN, "0419"), ("11.B", "0618 and 0419 are not adjacent")),
    "11.B start": (lambda: bare({GE_INF: PLAIN}), [GE_INF], (N0, PLAIN), ("11.B", "de-47k-hk is not a german unit at 0519")),
    "11.B enemy": (lambda: bare({GE_INF: PLAIN, SU_DIV: N0}), [GE_INF], (PLAIN, N0), ("11.B", "0519 holds enemy units")),
    "11.B twice": (lambda: bare({GE_INF: PLAIN}), [GE_INF], (PLAIN, N0, PLAIN), ("11.B", "the path enters 0618 twice")),
}


@pytest.mark.parametrize("name", list(CASES))
def test_each_move_refusal_names_its_case_and_reason(name):
    build, units, path, want = CASES[name]
    state = build()
    with pytest.raises(IllegalAction) as refused:
        move(state, units, *path)
    assert (refused.value.case, refused.value.reason) == want


def test_11_B_a_checked_path_starts_where_the_units_are():
    state = bare({GE_INF: PLAIN})
    with pytest.raises(IllegalAction) as refused:
        movement.walk(state, (GE_INF,), (N0, PLAIN), 1)
    assert (refused.value.case, refused.value.reason) == ("11.B", "the path starts at 0519, the units are at 0618")


@pytest.mark.parametrize("order,phase,path", [
    ("defense", "move_1_1", (PLAIN, "0519")),
    ("assault", "move_1_2", (PLAIN, "0519", "0419")),
])
def test_6_2_orders_that_limit_the_hexes_allow_that_many(order, phase, path):
    state = bare({GE_INF2: PLAIN}, orders={"d320": order}, phase=phase)
    move(state, [GE_INF2], *path)
    assert state.units[GE_INF2].hex == path[-1]

"""The initiative roll as the log shows it (7.A, 7.D) and the supply segment's markers (8.3.2C,
8.4E): exactly the changes the rules make, no more."""
from __future__ import annotations

import random

from kharkovsuite.engine.events import DiceRolled, FlagChanged
from kharkovsuite.rules.kirovograd import counters, orders, supply

from .kiro_helpers import GE_HQ, GE_INF2, PLAIN, bare, nbr, ring
from .test_kiro_supply_reserves import FOES


class SixSided(random.Random):
    """Hands out the given rolls and notes the dice asked for."""

    def __init__(self, rolls):
        super().__init__(0)
        self.rolls, self.asked = list(rolls), []

    def randint(self, a, b):
        self.asked.append((a, b))
        return self.rolls.pop(0)


def test_7_A_each_side_rolls_one_die_and_7_D_the_higher_total_moves_first():
    state = bare({})
    state.turn_data["orders"] = {"german": {"p3": "assault", "d320": "mobile"}, "soviet": {"c48": "mobile", "c75": "defense"}}
    state.rng = SixSided([4, 2])
    events = []
    assert orders.initiative(state, events) == "german"
    assert state.rng.asked == [(1, 6), (1, 6)]
    assert events == [
        DiceRolled(die=4, purpose="initiative (german)", modified=7, case="7.A"),
        DiceRolled(die=2, purpose="initiative (soviet)", modified=3, case="7.A"),
        orders.InitiativeFound(totals={"german": 7, "soviet": 3}, first="german", case="7.D"),
    ]


def test_8_3_2C_8_4E_an_unlinked_hq_that_served_is_marked_and_the_markers_of_supplied_units_go():
    placed = {GE_INF2: PLAIN, GE_HQ: nbr(PLAIN, 0)}
    placed.update(zip(FOES, ring(PLAIN, 3)[::2]))  # every gap between them is an Overlapping ZOC
    state = bare(placed)
    state.game["dumps"] = {"1": nbr(PLAIN, 3)}  # the HQ itself traces to the dump inside the ring
    state.set_flag(GE_INF2, counters.OUT_OF_SUPPLY)
    state.set_flag(GE_HQ, counters.CUT_OFF)
    events = []
    supply.supply_segment(state, "german", events)
    assert sorted((e.unit, e.flag, e.on, e.case) for e in events if isinstance(e, FlagChanged)) == sorted([
        (GE_INF2, "out of supply", False, "8.4E"),
        (GE_HQ, "cut off", False, "8.4E"),
        (GE_HQ, "out of supply", True, "8.3.2C"),
    ])
    assert not counters.has(state, GE_INF2, counters.OUT_OF_SUPPLY)
    assert counters.has(state, GE_HQ, counters.OUT_OF_SUPPLY) and not counters.has(state, GE_HQ, counters.CUT_OFF)

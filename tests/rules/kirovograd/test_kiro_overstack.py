"""9.2C in the game: a hex overstacked by a retreat is put right at the owner's first chance: its
movement round does not end while a unit there could still move out, and the units lose the
overstacked flag once their hex is legal again."""
from __future__ import annotations

import pytest

from kharkovsuite.engine.actions import EndPhase, Move
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kirovograd import counters, fight

from .kiro_helpers import GE_INF2, GE_INF3, GE_MOT, GE_PZ, PLAIN, bare, ring


def overstacked():
    """Four German regiments in one hex (one more than a division and a brigade), the last one put there by a retreat."""
    state = bare({GE_PZ: PLAIN, GE_MOT: PLAIN, GE_INF2: PLAIN, GE_INF3: PLAIN}, orders={"p3": "mobile", "d320": "mobile"})
    state.set_flag(GE_INF3, fight.OVERSTACKED)
    return state


def test_9_2c_the_movement_round_does_not_end_while_the_overstack_can_be_undone():
    state = overstacked()
    assert EndPhase() not in state.legal_actions().actions()
    with pytest.raises(IllegalAction, match="^9.2C"):
        state.apply(EndPhase())
    out = ring(PLAIN, 1)[0]
    state.apply(Move(units=(GE_INF3,), path=(PLAIN, out)))
    assert not counters.has(state, GE_INF3, fight.OVERSTACKED)  # its new hex is legal, and so is the old one
    assert EndPhase() in state.legal_actions().actions()
    state.apply(EndPhase())


def test_9_2c_when_no_unit_of_the_hex_can_move_the_round_may_end():
    state = overstacked()
    state.phase_data["moved"] = [GE_PZ, GE_MOT, GE_INF2, GE_INF3]
    assert EndPhase() in state.legal_actions().actions()
    state.apply(EndPhase())
    assert counters.has(state, GE_INF3, fight.OVERSTACKED)  # still over the limit: put right at the next chance

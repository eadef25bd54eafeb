"""Step losses of revealed two-step Soviet units and the Replacement Counters (9.53), on the
shipped scenario, whose Soviet Replacement Box holds the Infantry and Tank Replacement counters."""
from __future__ import annotations

from pathlib import Path

import pytest
from k42_helpers import reveal_as

from kharkovsuite.engine import new_game
from kharkovsuite.engine.events import Eliminated, StepLost
from kharkovsuite.rules.kharkov1942.units import REPLACEMENT_BOX, REPLACEMENT_USED, lose_step, movement

ROOT = Path(__file__).resolve().parents[3]
DEFAULT = ROOT / "scenarios" / "kharkov-1942.yaml"


@pytest.fixture
def state():
    state = new_game(DEFAULT, 0)
    reveal_as(state, "su-tb-01", 6, 7, 9, steps=2, pool="tank")  # a tank brigade of defense 6+: two steps (9.53)
    return state


def test_9_53_the_second_step_takes_the_replacement_counter_s_values_movement_too(state):
    events = []
    assert lose_step(state, "su-tb-01", events) is False
    rec = state.units["su-tb-01"]
    assert (rec.values["attack"], rec.values["defense"], rec.values["movement"]) == (3.0, 3.0, 11)
    assert movement(state, rec) == 11
    assert [(e.unit, e.case) for e in events if isinstance(e, StepLost)] == [("su-tb-01", "9.53")]


def test_9_53_the_replacement_counter_used_leaves_the_replacement_box(state):
    box = [u for u, r in state.units.items() if r.box == REPLACEMENT_BOX and u.startswith("su-repl-tank")]
    lose_step(state, "su-tb-01", [])
    used = state.units["su-tb-01"].data["replacement_counter"]
    assert used in box and state.units[used].box == REPLACEMENT_USED
    assert [u for u, r in state.units.items() if r.box == REPLACEMENT_BOX and u.startswith("su-repl-tank")] == \
        [u for u in box if u != used]
    assert all(state.units[u].box == REPLACEMENT_BOX for u in state.units if u.startswith("su-repl-inf"))


def test_9_53_with_no_replacement_counter_left_the_loss_eliminates_the_unit(state):
    state.game["pools"]["replacement-tank"] = [0] * len(state.game["pools"]["replacement-tank"])
    here = state.units["su-tb-01"].hex
    events = []
    assert lose_step(state, "su-tb-01", events) is True
    assert state.units["su-tb-01"].hex is None and "su-tb-01" in state.game["eliminated"]
    assert [(e.unit, e.hex, e.reason, e.case) for e in events if isinstance(e, Eliminated)] == [
        ("su-tb-01", here, "no replacement counter left", "9.53")]

"""A save of each rule system opens in a process where no game of that system has been started: the first thing a
player does after starting the program may be to open yesterday's game."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from kharkovsuite import engine

ROOT = Path(__file__).resolve().parents[2]

OPEN = """
import sys
from kharkovsuite import engine
state = engine.load(sys.argv[1], replay_actions=sys.argv[2] == "replay")
print(len(state.actions), state.scenario.id)
"""


@pytest.mark.parametrize("mode", ["snapshot", "replay"])
@pytest.mark.parametrize("scenario", ["kharkov-1943-gallop", "kirovograd-opening-moves"])
def test_a_save_opens_in_a_fresh_process_before_any_game_of_its_system(tmp_path, scenario, mode):
    state = engine.new_game(ROOT / "scenarios" / f"{scenario}.yaml", 4)
    first = next(a for a in state.legal_actions().actions() if a.kind not in ("EndPhase",))
    state.apply(first)
    path = tmp_path / "game.ksave"
    engine.save(state, path)
    done = subprocess.run([sys.executable, "-c", OPEN, str(path), mode], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["1", state.scenario.id]

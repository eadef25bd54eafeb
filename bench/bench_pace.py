"""How long a computer side-turn takes in the game window at the default pace: prints figures, asserts nothing.

    .venv/bin/python bench/bench_pace.py [--player ai:normal] [--turns 3] [--seed 7] [--pace MS]

Both sides are played by the computer player in the window (offscreen, shown), at the window's
default pace (``player.computer.PACE_MS``) unless --pace is given.  A side-turn runs from the
first phase of a side to the first phase of the other side.  For each it prints the actions
played, the wall time, and the baseline measured in the same run: the time the player spent
choosing (in its worker thread) during that side-turn.  The ratio wall / choosing is what the
window and the pace add.  The last line gives the median side-turn.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PySide6.QtWidgets import QApplication  # noqa: E402

from player.app import DEFAULT_SCENARIO, PlayerWindow  # noqa: E402
from player.computer import PACE_MS  # noqa: E402


class SideTurns:
    """Wall time, actions and choosing time of each side-turn, as the window plays it."""

    def __init__(self, window):
        self.window = window
        self.rows: list[dict] = []
        self.side = window.controller.state.phase.side
        self.turn = window.controller.state.turn
        self.started = time.perf_counter()
        self.actions = 0
        self.thinking = 0.0
        window.controller.state_changed.connect(self.changed)
        for player in window.computer.players.values():
            self.time_choices(player)

    def time_choices(self, player) -> None:
        choose = player.choose

        def timed(state):
            t = time.perf_counter()
            try:
                return choose(state)
            finally:
                self.thinking += time.perf_counter() - t  # one choice at a time: the worker thread is one

        player.choose = timed

    def changed(self, events: list) -> None:
        state = self.window.controller.state
        side = state.phase.side
        self.actions += 1
        if side is not None and side != self.side or state.is_terminal:
            now = time.perf_counter()
            if self.side is not None:
                self.rows.append({"side": self.side, "turn": self.turn, "actions": self.actions, "wall": now - self.started, "thinking": self.thinking})
            self.side, self.turn, self.started, self.actions, self.thinking = side, state.turn, now, 0, 0.0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--player", default="ai:normal", help="the computer player of both sides")
    parser.add_argument("--turns", type=int, default=3, help="game-turns to play")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--pace", type=int, default=None, help=f"pause between actions in ms (default: the window's, {PACE_MS})")
    args = parser.parse_args(argv)
    app = QApplication.instance() or QApplication([])
    window = PlayerWindow(DEFAULT_SCENARIO, seed=args.seed, handover=False, autosave=None, interactive=False,
                          players={"soviet": args.player, "axis": args.player})
    if args.pace is not None:
        window.computer.pace_ms = args.pace
    window.show()
    state = window.controller.state
    turns = SideTurns(window)
    window.computer.poke()
    while not state.is_terminal and state.turn <= args.turns and not window.computer.stopped:
        app.processEvents()
        time.sleep(0.001)
    window.computer.shutdown()
    if window.computer.stopped and not state.is_terminal and state.turn <= args.turns:
        print(f"computer play stopped: {window.statusBar().currentMessage()}", file=sys.stderr)
        return 1
    pace = window.computer.pace_ms
    print(f"{args.player} both sides, pace {pace} ms, seed {args.seed}, {args.turns} game-turn(s)")
    print(f"{'turn':>4} {'side':<7} {'actions':>7} {'wall s':>7} {'choosing s':>10} {'ratio':>6}")
    for r in turns.rows:
        ratio = r["wall"] / r["thinking"] if r["thinking"] else float("nan")
        print(f"{r['turn']:>4} {r['side']:<7} {r['actions']:>7} {r['wall']:>7.2f} {r['thinking']:>10.2f} {ratio:>6.2f}")
    walls = [r["wall"] for r in turns.rows]
    thinking = [r["thinking"] for r in turns.rows]
    if walls:
        print(f"median side-turn: {statistics.median(walls):.2f} s wall, {statistics.median(thinking):.2f} s choosing "
              f"(ratio {statistics.median(walls) / max(statistics.median(thinking), 1e-9):.2f}); "
              f"median actions {statistics.median(r['actions'] for r in turns.rows):g}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

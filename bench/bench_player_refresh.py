"""How long the game window takes to catch up with a new position: prints figures, asserts nothing.

    .venv/bin/python bench/bench_player_refresh.py [--repeat 15]

Kharkov 1942, seed 1, offscreen, at three positions: the Soviet Movement Phase of turn 1 (with
reinforcements, overruns and about 5,000 legal moves), the Soviet Combat Phase, and the Axis
Initial Movement Phase (breakdowns).  Each figure is the median of --repeat refreshes of the
whole window (map counters, phase bar, docks, overlays): "new" as after an action (nothing
figured for the position yet), "same" as after a click that only changes the selection.  The
ratios are against the baseline measured in the same run: building every legal action of the
position once.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PySide6.QtWidgets import QApplication  # noqa: E402

from kharkovsuite.engine import EndPhase  # noqa: E402
from player.app import DEFAULT_SCENARIO, PlayerWindow  # noqa: E402
from timing import median_seconds  # noqa: E402  (bench/ is the script's folder)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args(argv)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    window = PlayerWindow(DEFAULT_SCENARIO, seed=1, handover=False, autosave=None)
    window.resize(1600, 980)
    window.show()
    app.processEvents()
    state = window.controller.state
    print(f"{'position':<28}{'legal actions':>14}{'baseline ms':>13}{'new ms':>9}{'ratio':>7}{'same ms':>9}{'ratio':>7}")
    for phase in ("soviet-movement", "soviet-combat", "axis-movement"):
        while state.phase.id != phase:
            window.controller.apply(EndPhase())
            state = window.controller.state
        n = len(state.legal_actions())
        baseline = median_seconds(lambda: list(state.legal_actions()), args.repeat) * 1000.0

        def new_position():
            window.controller.forget_legal()  # as after an action: nothing of this position figured yet
            window._state_changed([])

        new = median_seconds(new_position, args.repeat) * 1000.0
        same = median_seconds(lambda: window._state_changed([]), args.repeat) * 1000.0
        print(f"{'turn 1 ' + phase:<28}{n:>14}{baseline:>13.1f}{new:>9.1f}{new / baseline:>7.1f}{same:>9.1f}{same / baseline:>7.1f}")
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

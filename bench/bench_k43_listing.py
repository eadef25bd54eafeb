"""Kharkov 1943's listing of legal actions: entries listed per position against single actions.

    .venv/bin/python bench/bench_k43_listing.py [--games 3] [--every 15]

A unit's (or a stack's) moves are listed as one entry (a ``Choices`` of its destinations), as in
Kharkov 1942; ``legal_actions().actions()`` still yields every single action.  The baseline is the
listing of every single action (what Kharkov 1943 listed before), measured on the same positions
in the same run.  Prints, over positions taken from random Gallop games with fixed seeds (every
``--every``-th position within an open activation): the median and largest number of entries
listed and of single actions, their ratio, and the median time to walk the listing both ways.
Asserts nothing.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's code, not an installed copy

from kharkovsuite.rules.kharkov1943 import activation  # noqa: E402
from kharkovsuite.rules.kharkov1943.rules import new_game  # noqa: E402
from kharkovsuite.scenario import load_scenario  # noqa: E402

GALLOP = ROOT / "scenarios" / "kharkov-1943-gallop.yaml"


def positions(games: int, every: int, limit: int = 1500):
    scenario = load_scenario(GALLOP)
    for seed in range(games):
        state = new_game(scenario, seed)
        rng = random.Random(seed)
        for step in range(limit):
            if state.terminal:
                break
            legal = state.legal_actions()
            if step % every == 0 and not state.pending and activation.current(state) is not None:
                yield state.clone()
            state.apply(rng.choice(legal.actions()))


def timed(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--every", type=int, default=15)
    args = parser.parse_args(argv)
    listed, singles, walk_listed, walk_singles = [], [], [], []
    for state in positions(args.games, args.every):
        legal = state.legal_actions()
        listed.append(len(legal))
        singles.append(len(legal.actions()))
        walk_listed.append(timed(lambda: list(legal)))
        walk_singles.append(timed(lambda: list(legal.actions())))
    if not listed:
        print("no position within an activation was met")
        return 1
    ratio = statistics.median(s / n for s, n in zip(singles, listed))
    print(f"positions: {len(listed)} (random Gallop games, seeds 0..{args.games - 1}, every {args.every}th within an activation)")
    print(f"entries listed now (a unit's moves one entry): median {statistics.median(listed):g}, largest {max(listed)}")
    print(f"single actions (the baseline: what was listed before): median {statistics.median(singles):g}, largest {max(singles)}")
    print(f"single actions per listed entry, median over positions: {ratio:.1f}")
    print(f"walking the listing: median {statistics.median(walk_listed) * 1e3:.2f} ms now, "
          f"{statistics.median(walk_singles) * 1e3:.2f} ms every single action "
          f"(ratio {statistics.median(walk_singles) / max(statistics.median(walk_listed), 1e-9):.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

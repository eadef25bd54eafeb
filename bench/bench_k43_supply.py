"""Timing of Kharkov 1943's supply tracing and fog of war, against a plain 5-hex search from the
same units over the same map measured in the same run.

    .venv/bin/python bench/bench_k43_supply.py [--repeat 10] [--scenario scenarios/kharkov-1943-campaign.yaml]

The position: the scenario's opening.  Figures (median seconds): every unit's line of supply for
both sides from cold caches (the chain of 9.2, blocks included), the same with warm caches (what
a redraw of the trace view costs), one side's observation with its hidden units taken out (10),
and the baseline: networkx's breadth-first search to 5 hexes from every unit's hex over the map's
hex adjacency (no rules).  Prints figures; asserts nothing.
"""
from __future__ import annotations

import argparse
from pathlib import Path

import networkx as nx

from kharkovsuite.rules.kharkov1943 import supply
from kharkovsuite.rules.kharkov1943.rules import new_game
from kharkovsuite.scenario import load_scenario
from timing import median_seconds  # noqa: E402  (bench/ is the script's folder)

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--scenario", default=str(ROOT / "scenarios" / "kharkov-1943-campaign.yaml"))
    args = parser.parse_args()
    state = new_game(load_scenario(args.scenario), 1)
    board = state.board
    plain = nx.Graph((a, b) for a in board.in_play for b in board.nbrs[a])
    units = [u for u, r in state.units.items() if r.hex is not None]

    def cold():
        state.cache.clear()
        for side in ("german", "soviet"):
            supply.side_lines(state, side)

    def warm():
        for side in ("german", "soviet"):
            supply.side_lines(state, side)

    def observe():
        state.observation("soviet")

    def baseline():
        for u in units:
            nx.single_source_shortest_path_length(plain, state.units[u].hex, cutoff=supply.LIMIT)

    base = median_seconds(baseline, args.repeat)
    print(f"{Path(args.scenario).name}: {len(units)} units on the map, median of {args.repeat}")
    print(f"baseline (5-hex BFS from every unit, no rules): {base * 1000:8.2f} ms")
    for name, fn in (("lines of supply, cold caches", cold), ("lines of supply, warm caches", warm),
                     ("observation (fog of war)", observe)):
        t = median_seconds(fn, args.repeat)
        print(f"{name:46s} {t * 1000:8.2f} ms  x{t / base:6.2f} of the baseline")


if __name__ == "__main__":
    main()

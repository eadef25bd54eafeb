"""Timing of Kharkov 1943's movement reach and legal actions, against a plain shortest-path
search over the same map measured in the same run.

    .venv/bin/python bench/bench_k43_reach.py [--repeat 20]

The position: Operation Gallop, turn 1, a general activation just opened by the side with the
initiative.  Figures: the median seconds of one unit's reach (every legal destination, its cost
and path, ZoC and fatigue rules included), of the whole ``legal_actions`` (every unit alone and
every whole stack, on foot and by rail), and of networkx's Dijkstra over the terrain chart's
costs for the same units (no rules: the baseline).  Prints figures; asserts nothing.
"""
from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import networkx as nx

from kharkovsuite.rules.kharkov1943 import movement
from kharkovsuite.rules.kharkov1943.actions import Activate
from kharkovsuite.rules.kharkov1943.rules import new_game
from kharkovsuite.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent


def median_seconds(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    state = new_game(load_scenario(ROOT / "scenarios" / "kharkov-1943-gallop.yaml"), 1)
    state.apply(Activate())
    side = state.to_act
    units = [u for u, r in state.units.items() if r.side == side and r.hex is not None and movement.movable(state, u)]
    board = state.board
    graph = board.cost_graph("frozen")

    def reaches():
        for u in units:
            movement.reach(state, [u])

    def baseline():
        for u in units:
            nx.single_source_dijkstra_path(graph, state.units[u].hex, cutoff=16)

    def legal():
        return len(state.legal_actions())

    n_legal = legal()
    t_reach = median_seconds(reaches, args.repeat) / len(units)
    t_base = median_seconds(baseline, args.repeat) / len(units)
    t_legal = median_seconds(legal, args.repeat)
    print(f"position: {side} general activation, {len(units)} units able to move, {n_legal} legal actions")
    print(f"reach of one unit (rules):        median {t_reach * 1000:.2f} ms")
    print(f"baseline Dijkstra, no rules:      median {t_base * 1000:.2f} ms")
    print(f"ratio reach / baseline:           {t_reach / t_base:.2f}")
    print(f"legal_actions (whole position):   median {t_legal * 1000:.1f} ms")


if __name__ == "__main__":
    main()

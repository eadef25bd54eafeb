"""Timing of the computer players: one side-turn and whole games, against the random baseline.

    .venv/bin/python bench/bench_ai.py [--games 3] [--player ai] [--scenario scenarios/kharkov-1942.yaml]
    .venv/bin/python bench/bench_ai.py --match --axis ai --soviet ai --games 40 --seed 0 --jobs 2
    .venv/bin/python bench/bench_ai.py --scenario scenarios/kharkov-1943-gallop.yaml --allow-unplayable --games 2
    .venv/bin/python bench/bench_ai.py --scenario scenarios/kirovograd-opening-moves.yaml --games 1 --turns 2

A side-turn is every action one seat chooses between two changes of the side to move (its
decisions during the enemy's turn included; in a phase of both sides, with no side to move, such
as Kharkov 1943's return of destroyed HQs, each seat's run of decisions); a decision is one
``choose`` call.  Any rule system's scenario may be named (``--allow-unplayable`` for one still
marked not playable).  Prints figures; asserts nothing.

``--match`` plays measured games instead (:mod:`kharkovsuite.ai.match`, the same games as
``kharkov-cli selfplay`` with the same seeds) and prints the wins, the mean margin and how many
games had a better Soviet margin at the end of turn 4 than at the end of turn 10; ``--json``
prints every game's per-turn margins too.  ``--turns N`` times the first N turns of each game only,
for scenarios whose whole games take long; "whole game" then means those turns.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's code, not an installed copy

from kharkovsuite.ai import make_player  # noqa: E402
from kharkovsuite.ai.core.seats import start_game  # noqa: E402
from kharkovsuite.ai.match import match  # noqa: E402
from kharkovsuite.scenario import load_scenario  # noqa: E402


def play(scenario, name: str, seed: int, allow_unplayable: bool = False, limit: int | None = None) -> tuple[float, list[float], list[float]]:
    """One game with ``name`` on both sides (its first ``limit`` turns when given): (game seconds,
    seconds per side-turn, seconds per decision)."""
    state = start_game(scenario, seed, allow_unplayable)
    seats = {s: make_player(name, s, seed * 2 + k, scenario.rules) for k, s in enumerate(sorted(scenario.sides))}
    turns: list[float] = []
    decisions: list[float] = []
    current, spent = None, 0.0
    start = time.perf_counter()
    while not state.is_terminal and (limit is None or state.turn <= limit):
        side = state.phase.side  # a phase both sides act in (none to move): each seat's run of decisions alone
        key = (state.turn, side) if side else (state.turn, None, state.to_act)
        if key != current:
            if current is not None:
                turns.append(spent)
            current, spent = key, 0.0
        t0 = time.perf_counter()
        action = seats[state.to_act].choose(state)
        decisions.append(time.perf_counter() - t0)
        spent += decisions[-1]
        state.apply(action)
    turns.append(spent)
    return time.perf_counter() - start, turns, decisions


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scenario", default=str(ROOT / "scenarios" / "kharkov-1942.yaml"))
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--player", default="ai")
    ap.add_argument("--match", action="store_true", help="measured games between --axis and --soviet")
    ap.add_argument("--axis", default="ai")
    ap.add_argument("--soviet", default="ai")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--allow-unplayable", action="store_true", help="a rule system still marked not playable")
    ap.add_argument("--turns", type=int, default=None, help="time the first TURNS turns of each game only (long games)")
    args = ap.parse_args()
    if args.match:
        out = match(args.scenario, {"axis": args.axis, "soviet": args.soviet}, args.games, args.seed, args.jobs,
                    allow_unplayable=args.allow_unplayable)
        if not args.json:
            out.pop("results")
            out["margins"] = "use --json"
        print(json.dumps(out))
        return
    scenario = load_scenario(args.scenario)
    figures = {}
    for name in ("random", args.player):
        games, turns, decisions = [], [], []
        for seed in range(args.games):
            g, t, d = play(scenario, name, seed, args.allow_unplayable, args.turns)
            games.append(g)
            turns.extend(t)
            decisions.extend(d)
        figures[name] = (statistics.median(turns), max(turns), statistics.median(games))
        med, worst, game = figures[name]
        print(f"{name:>10}: side-turn thinking median {med:.3f} s, worst {worst:.3f} s; whole game median {game:.1f} s ({args.games} games); "
              f"one decision median {statistics.median(decisions):.3f} s, worst {max(decisions):.3f} s")
    r, p = figures["random"], figures[args.player]
    print(f"ratio {args.player}/random: side-turn median x{p[0] / max(r[0], 1e-9):.1f}, worst x{p[1] / max(r[1], 1e-9):.1f}, game x{p[2] / max(r[2], 1e-9):.1f}")


if __name__ == "__main__":
    main()

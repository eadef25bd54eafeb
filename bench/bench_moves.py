"""Speed of movement: one unit's legal moves, whole legal-action lists, random games, greedy turns.

    .venv/bin/python bench/bench_moves.py [--positions 12] [--games 40] [--jobs 2] [--scan 200] [--greedy 1]
                                          [--baseline DIR]

Prints, in one run:

* legal moves of one unit (cold: the position's movement cache emptied first), median and p95,
  against a plain Dial search over the same movement costs and allowance with no rule at all
  (the baseline, measured on the same units in the same run), and the ratio of the medians;
* the full ``legal_actions()`` (cold caches) at the opening and at a late position, with counts;
* complete random games a minute with ``--jobs`` worker processes (``kharkov-cli selfplay``), by the
  wall clock and by CPU time (``--baseline``: the same games with other code, in the same run);
* the largest number of listed legal actions met in ``--scan`` random games;
* greedy's worst side-turn (seconds of choosing by the seat to move, per game-turn and side).

Positions come from random games with fixed seeds, so every run measures the same positions.
Asserts nothing.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's code, not an installed copy

from kharkovsuite.ai import make_player  # noqa: E402
from kharkovsuite.engine import new_game  # noqa: E402
from kharkovsuite.ai.selfplay import map_games  # noqa: E402
from kharkovsuite.rules.kharkov1942 import movement  # noqa: E402
from kharkovsuite.scenario import load_scenario  # noqa: E402

SCENARIO = ROOT / "scenarios" / "kharkov-1942.yaml"


def p95(xs: list[float]) -> float:
    return statistics.quantiles(xs, n=20)[-1] if len(xs) > 1 else xs[0]


def plain_dial(adj, start: int, allow: int) -> dict[int, int]:
    """Bounded Dijkstra with bucket queues over the movement costs alone: the baseline."""
    best = {start: 0}
    buckets: list[list[int]] = [[] for _ in range(allow + 1)]
    buckets[0].append(start)
    for d in range(allow + 1):
        for i in buckets[d]:
            if best[i] != d:
                continue
            for j, c, _major in adj[i]:
                nd = d + c
                if nd <= allow and nd < best.get(j, 1 << 30):
                    best[j] = nd
                    buckets[nd].append(j)
    return best


def movement_positions(scenario, count: int, seed: int = 7) -> list:
    """Every few actions of random games, the movement-phase positions with units to move."""
    out = []
    game = 0
    while len(out) < count:
        state = new_game(scenario, seed + game)
        players = {s: make_player("random", s, (seed + game) * 2 + k, scenario.rules) for k, s in enumerate(("axis", "soviet"))}
        n = 0
        while not state.is_terminal and len(out) < count:
            if n % 97 == 0 and not state.pending and "Move" in state.phase.actions and movement.movable_units(state):
                out.append(state.clone())
            state.apply(players[state.to_act].choose(state))
            n += 1
        game += 1
    return out


def time_call(fn, repeat: int = 3) -> float:
    """The best of ``repeat`` timings of ``fn()`` in milliseconds."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best * 1000


def bench_unit_moves(positions) -> None:
    ours, base = [], []
    for state in positions:
        b = state.board
        for uid in movement.movable_units(state):
            rec = state.units[uid]
            if rec.hex is None:
                continue

            def cold(uid=uid, state=state):
                state.cache.pop("reach", None)
                state.legal_moves(uid)

            ours.append(time_call(cold))
            adj, start, allow = b.adj[b.unit_type[uid].movement_class], b.index[rec.hex], movement.allowance(state, rec)
            base.append(time_call(lambda: plain_dial(adj, start, allow)))
    m, mb = statistics.median(ours), statistics.median(base)
    print(f"legal moves of one unit ({len(ours)} units, {len(positions)} positions, cold cache):")
    print(f"  ours       median {m:.3f} ms   p95 {p95(ours):.3f} ms")
    print(f"  plain Dial median {mb:.3f} ms   p95 {p95(base):.3f} ms")
    print(f"  ratio of medians {m / mb:.2f}x")


def bench_legal_actions(scenario, late) -> None:
    for name, state in (("opening", new_game(scenario, 0)), ("late", late)):
        def cold(state=state):
            state.cache.clear()
            return state.legal_actions()

        legal = cold()
        ms = statistics.median(time_call(cold, 1) for _ in range(5))
        print(f"legal_actions at the {name} (turn {state.turn}, {state.phase.id}): {len(legal)} listed, "
              f"{len(legal.actions())} single actions, median {ms:.1f} ms cold")


def late_position(scenario):
    """The first Axis movement phase of game-turn 8 of random game 3."""
    state = new_game(scenario, 3)
    players = {s: make_player("random", s, 6 + k, scenario.rules) for k, s in enumerate(("axis", "soviet"))}
    while not state.is_terminal and not (state.turn >= 8 and state.phase.id == "axis-movement" and not state.pending):
        state.apply(players[state.to_act].choose(state))
    return state


def scan_game(scenario, seed: int, players) -> dict:
    """A random game; the largest listed legal-action count met on the way (``len(legal_actions())``:
    a unit's or stack's moves are one entry), and the largest count of single actions."""
    state = new_game(scenario, seed)
    seats = {s: make_player("random", s, seed * 2 + k, scenario.rules) for k, s in enumerate(sorted(players))}
    most = single = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        most = max(most, len(legal))
        single = max(single, len(legal.actions()))
        state.apply(seats[state.to_act].choose(state))
    return {"seed": seed, "most": most, "single": single}


def children_cpu() -> float:
    """CPU seconds (user + system) of this process's finished children, worker processes included."""
    got = resource.getrusage(resource.RUSAGE_CHILDREN)
    return got.ru_utime + got.ru_stime


def games_run(code_dir: str, games: int, jobs: int) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of ``kharkov-cli selfplay``'s games with the code in ``code_dir``,
    in a child process so that its modules do not mix with ours (the CPU time is the child's and
    its workers', start-up included)."""
    players = {"axis": "random", "soviet": "random"}
    code = ("import sys, json; from kharkovsuite.ai.selfplay import selfplay; "
            f"print(json.dumps(selfplay({str(SCENARIO)!r}, {players!r}, {games}, seed=0, jobs={jobs})))")
    cpu = children_cpu()
    out = subprocess.run([sys.executable, "-c", code], env={**os.environ, "PYTHONPATH": code_dir},
                         capture_output=True, text=True, check=True, cwd=code_dir)
    return json.loads(out.stdout.strip().splitlines()[-1])["seconds"], children_cpu() - cpu


def bench_games(games: int, jobs: int, baseline: str | None = None) -> None:
    """Games a minute by the wall clock (what a shared machine gives now) and by CPU time (what
    ``jobs`` free cores give: games * 60 / (CPU seconds / jobs))."""
    players = {"axis": "random", "soviet": "random"}
    runs = [("this checkout", str(ROOT))] + ([(f"baseline code at {baseline}", baseline)] if baseline else [])
    rates = []
    for name, where in runs:
        wall, cpu = games_run(where, games, jobs)
        rates.append((games * 60 / wall, games * 60 / (cpu / jobs)))
        print(f"random games, {name}: {games} complete games with --jobs {jobs}: {wall:.1f} s wall, "
              f"{rates[-1][0]:.1f} games a minute; {cpu:.1f} s CPU ({cpu / games:.2f} s a game), "
              f"{rates[-1][1]:.1f} games a minute on {jobs} free cores")
    if baseline:
        print(f"  ratio to the baseline: wall {rates[0][0] / rates[1][0]:.2f}x, CPU {rates[0][1] / rates[1][1]:.2f}x")


def bench_scan(scan: int, jobs: int) -> None:
    players = {"axis": "random", "soviet": "random"}
    if scan:
        t0 = time.perf_counter()
        got = map_games(str(SCENARIO), scan_game, players, list(range(1000, 1000 + scan)), jobs)
        worst = max(got, key=lambda g: g["most"])
        single = max(got, key=lambda g: g["single"])
        print(f"largest listed legal actions in {scan} random games: {worst['most']} (game seed {worst['seed']}); "
              f"largest count of single actions: {single['single']} (game seed {single['seed']}; {time.perf_counter() - t0:.0f} s)")


def bench_greedy(scenario, games: int) -> None:
    worst = (0.0, None)
    for seed in range(games):
        state = new_game(scenario, seed)
        seats = {s: make_player("greedy", s, seed * 2 + k, scenario.rules) for k, s in enumerate(("axis", "soviet"))}
        spent: dict[tuple, float] = {}
        while not state.is_terminal:
            key = (state.turn, state.phase.side)
            t0 = time.process_time()
            action = seats[state.to_act].choose(state)
            spent[key] = spent.get(key, 0.0) + time.process_time() - t0
            state.apply(action)
        key = max(spent, key=spent.get)
        if spent[key] > worst[0]:
            worst = (spent[key], (seed, *key))
        print(f"greedy game {seed}: worst side-turn {spent[key]:.2f} s CPU (turn {key[0]}, {key[1]}), "
              f"median {statistics.median(spent.values()):.2f} s")
    print(f"greedy's worst side-turn over {games} game(s): {worst[0]:.2f} s CPU (game, turn, side: {worst[1]})")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=12, help="movement positions for one unit's legal moves "
                                                               "(0: neither those nor the full legal_actions)")
    ap.add_argument("--games", type=int, default=40, help="random games for the games-a-minute figure")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--scan", type=int, default=0, help="random games scanned for the largest legal-action list")
    ap.add_argument("--greedy", type=int, default=1, help="greedy-vs-greedy games for the worst side-turn")
    ap.add_argument("--baseline", help="a directory holding other code (e.g. `git archive` of an older commit) "
                                       "whose random games a minute are measured in the same run")
    args = ap.parse_args()
    scenario = load_scenario(SCENARIO)
    if args.positions:
        bench_unit_moves(movement_positions(scenario, args.positions))
        bench_legal_actions(scenario, late_position(scenario))
    if args.games:
        bench_games(args.games, args.jobs, args.baseline)
    if args.scan:
        bench_scan(args.scan, args.jobs)
    if args.greedy:
        bench_greedy(scenario, args.greedy)


if __name__ == "__main__":
    main()

"""Timing of Kharkov 1943's movement reach and legal actions, against a plain Dial search over the
same map measured in the same run.

    .venv/bin/python bench/bench_k43_reach.py [--games 3] [--every 15] [--game-seed 0] [--ai-seed 1]

Positions: every ``--every``-th position within an open activation of random Gallop games with
seeds 0 .. ``--games`` - 1 (those of ``bench_k43_listing.py``), so every run measures the same ones.
Figures, median and p95 over the positions (each the best of three timings of CPU time):

* one unit's reach (every legal destination with its cost and path, ZoC, fatigue and strategic
  movement included), for every unit able to move: "first" with nothing kept (what the first
  search after an enemy move pays), "searched" with the step lists kept (a search of a unit that
  moved or spent OP since, until an enemy unit moves), "again" with the search kept too (an
  unchanged unit in a later listing of the activation);
* the plain Dial search over the terrain chart's costs from the same hex with the same OP (+4,
  6.5), no rule at all: the baseline, and the ratio of the medians;
* the whole ``legal_actions()`` (every unit and whole stack, on foot and by rail, and every other
  action), first and again as above (the code before the step lists were kept pays "first" twice).

With ``--game-seed``, also the CPU time of one complete random Gallop game of that seed (the
best of three); with ``--ai-seed``, the CPU time of the German ``ai`` player's decisions in a
whole Gallop game of that seed against a ``random`` Soviet side.
Prints figures; asserts nothing.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's code, not an installed copy
sys.path.insert(0, str(ROOT / "bench"))

from bench_k43_listing import GALLOP, positions  # noqa: E402

from kharkovsuite.rules.kharkov1943 import activation, movement  # noqa: E402
from kharkovsuite.rules.kharkov1943.zoc import ground  # noqa: E402


def p95(xs: list[float]) -> float:
    return statistics.quantiles(xs, n=20)[-1] if len(xs) > 1 else xs[0]


def plain_dial(adj: dict[str, list[tuple[str, int]]], start: str, allow: int) -> dict[str, int]:
    """Bounded Dijkstra with bucket queues over the terrain chart's costs alone: the baseline."""
    best = {start: 0}
    buckets: list[list[str]] = [[] for _ in range(allow + 1)]
    buckets[0].append(start)
    for d in range(allow + 1):
        for a in buckets[d]:
            if best[a] != d:
                continue
            for b, c in adj[a]:
                nd = d + c
                if nd <= allow and nd < best.get(b, 1 << 30):
                    best[b] = nd
                    buckets[nd].append(b)
    return best


def adjacency(board, g: str) -> dict[str, list[tuple[str, int]]]:
    """Each hex's neighbours with the chart's cost of entering them on ground ``g`` (made once,
    before timing, as the plain search's input)."""
    out = {}
    for a in board.in_play:
        out[a] = [(b, c) for b in board.nbrs[a] if (c := board.enter_cost(a, b, g)) is not None]
    return out


def ms(fn, repeat: int = 3) -> float:
    """The best of ``repeat`` CPU timings of ``fn()`` in milliseconds (CPU time, as the machine
    may be shared)."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        best = min(best, time.process_time() - t0)
    return best * 1000


def drop_steps(state) -> None:
    """Forget the step lists kept between searches (absent before they were kept)."""
    for side in ("german", "soviet"):
        state.cache.pop(("steps", side), None)


def forget_searches(state) -> None:
    """Keep the step lists but forget the searches kept with them (none before they were kept)."""
    for side in ("german", "soviet"):
        rule = state.cache.get(("steps", side))
        if rule is not None:
            rule.found.clear()


def line(name: str, xs: list[float]) -> str:
    return f"  {name:<34} median {statistics.median(xs):7.3f} ms   p95 {p95(xs):7.3f} ms"


def game_cpu(seed: int) -> tuple[int, float]:
    from kharkovsuite.ai import make_player
    from kharkovsuite.engine import new_game

    t0 = time.process_time()
    state = new_game(str(GALLOP), seed)
    seats = {side: make_player("random", side, seed * 2 + k, "kharkov1943") for k, side in enumerate(("german", "soviet"))}
    while not state.is_terminal:
        state.apply(seats[state.to_act].choose(state))
    return len(state.actions), time.process_time() - t0


def ai_game(seed: int) -> tuple[int, float, float, float]:
    """The German ``ai`` against a ``random`` Soviet side in the Gallop game of ``seed``: the
    number of German decisions and their median, worst and total CPU seconds."""
    from kharkovsuite.ai import make_player
    from kharkovsuite.engine import new_game

    state = new_game(str(GALLOP), seed)
    seats = {"german": make_player("ai", "german", seed * 2, rules="kharkov1943"),
             "soviet": make_player("random", "soviet", seed * 2 + 1, rules="kharkov1943")}
    times = []
    while not state.is_terminal:
        side = state.to_act
        t0 = time.process_time()
        action = seats[side].choose(state)
        if side == "german":
            times.append(time.process_time() - t0)
        state.apply(action)
    return len(times), statistics.median(times), max(times), sum(times)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--every", type=int, default=15)
    parser.add_argument("--game-seed", type=int)
    parser.add_argument("--ai-seed", type=int)
    args = parser.parse_args(argv)
    first, steps_kept, again, base, list_first, list_again = [], [], [], [], [], []
    n_pos = 0
    adj: dict[str, dict] = {}
    for state in positions(args.games, args.every):
        n_pos += 1
        side = state.to_act
        g = ground(state)
        if g not in adj:
            adj[g] = adjacency(state.board, g)
        units = [u for u, r in state.units.items() if r.side == side and r.hex is not None and movement.movable(state, u)]
        for u in units:
            def cold(u=u, state=state):
                drop_steps(state)
                movement.reach(state, [u])

            first.append(ms(cold))
            def warm(u=u, state=state):
                forget_searches(state)
                movement.reach(state, [u])

            steps_kept.append(ms(warm))
            again.append(ms(lambda u=u, state=state: movement.reach(state, [u])))
            m = activation.mover(state, u, 0)
            allow = max(m.remaining, 0) + movement.STRATEGIC_BONUS
            base.append(ms(lambda u=u, state=state, allow=allow: plain_dial(adj[g], state.units[u].hex, allow)))

        def listing(state=state):
            drop_steps(state)
            state.legal_actions()

        list_first.append(ms(listing))
        state.legal_actions()
        list_again.append(ms(state.legal_actions))
    print(f"positions: {n_pos} (random Gallop games, seeds 0..{args.games - 1}, every {args.every}th within an activation)")
    print(f"one unit's reach ({len(first)} units):")
    print(line("rules, first (nothing kept)", first))
    print(line("rules, searched (step lists kept)", steps_kept))
    print(line("rules, again (the search kept)", again))
    print(line("plain Dial search, no rules", base))
    print("  ratio of medians to the plain Dial search: " + ", ".join(
        f"{name} {statistics.median(xs) / statistics.median(base):.2f}x (p95 {p95(xs) / p95(base):.2f}x)"
        for name, xs in (("first", first), ("searched", steps_kept), ("again", again))))
    print("whole legal_actions():")
    print(line("first (nothing kept)", list_first))
    print(line("again (step lists and searches kept)", list_again))
    if args.game_seed is not None:
        runs = [game_cpu(args.game_seed) for _ in range(3)]
        print(f"one random Gallop game, seed {args.game_seed}: {runs[0][0]} actions, "
              f"{min(cpu for _, cpu in runs):.2f} s CPU (the best of three)")
    if args.ai_seed is not None:
        n, med, worst, total = ai_game(args.ai_seed)
        print(f"German ai against random Soviet, Gallop seed {args.ai_seed}: {n} ai decisions, "
              f"median {med:.3f} s, worst {worst:.3f} s, total {total:.1f} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())

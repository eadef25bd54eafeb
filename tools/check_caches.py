"""Long check of the engine's cached results over whole random games (issue: a stale movement cache).

For every action of every game: the state's cache check is on (every cached ZOC count, movement
and rail search is recomputed after the action and compared, raising ``CacheMismatch`` on any
difference), and before the action the live position's legal actions are compared, one by one,
with those of a copy made from the position's snapshot (what loading a save does).  The test
suite runs a bounded sample of the same check (``tests/rules/kharkov1942/test_k42_move_caches.py``);
this script is for the whole games, which take minutes each.

    python tools/check_caches.py --games 20 --seed 0 --jobs 2

Prints one line a game (actions, comparisons, seconds) and a total; exits 1 on the first difference.
"""
from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kharkovsuite.ai import make_player  # noqa: E402
from kharkovsuite.rules import system  # noqa: E402
from kharkovsuite.scenario import load_scenario  # noqa: E402

SCENARIO = ROOT / "scenarios" / "kharkov-1942.yaml"


def play(seed: int) -> tuple[int, int, int, float, str]:
    """One random game checked at every step: (seed, actions, comparisons, seconds, problem or "")."""
    start = time.perf_counter()
    scenario = load_scenario(SCENARIO)
    rules = system(scenario.rules)
    state = rules.new_game(scenario, seed, "historical", str(SCENARIO))
    seats = {side: make_player("random", side, seed * 7 + i, "kharkov1942") for i, side in enumerate(("axis", "soviet"))}
    compared = 0
    while not state.is_terminal:
        copy = rules.new_game(scenario, seed)
        copy.restore(state.to_dict(with_log=False))
        live, loaded = list(state.legal_actions().actions()), list(copy.legal_actions().actions())
        if live != loaded:
            extra, missing = set(live) - set(loaded), set(loaded) - set(live)
            return seed, len(state.actions), compared, time.perf_counter() - start, (
                f"turn {state.turn} {state.phase.id}: live lists {len(live)}, loaded {len(loaded)}; "
                f"only live: {sorted(map(str, extra))[:3]}; only loaded: {sorted(map(str, missing))[:3]}")
        compared += 1
        state.check_caches = True
        try:
            state.apply(seats[state.to_act].choose(state))
        except Exception as exc:  # a CacheMismatch, or anything else the check uncovers
            return seed, len(state.actions), compared, time.perf_counter() - start, f"turn {state.turn} {state.phase.id}: {exc!r}"
    return seed, len(state.actions), compared, time.perf_counter() - start, ""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    seeds = range(args.seed, args.seed + args.games)
    total_actions = total_compared = 0
    failed = False
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for seed, actions, compared, seconds, problem in pool.map(play, seeds):
            total_actions += actions
            total_compared += compared
            print(f"game {seed}: {actions} actions, {compared} positions compared, {seconds:.0f} s" + (f": DIFFERENCE {problem}" if problem else ""), flush=True)
            failed = failed or bool(problem)
    print(f"{args.games} games, {total_actions} actions, {total_compared} positions compared: "
          + ("differences found" if failed else "no difference between cached and recomputed results or live and loaded legal actions"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

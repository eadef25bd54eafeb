"""Speed of random Kirovograd games, this checkout against an earlier revision in the same run.

    .venv/bin/python bench/bench_kiro_speed.py [--scenario scenarios/kirovograd-opening-moves.yaml]
        [--option air --option dummies --option hidden] [--games 1] [--seed 1] [--turns T] [--against REV]

Plays ``--games`` random-against-random games (game ``i`` with seed ``SEED + i`` and the players'
seeds of ``kharkov-cli selfplay``; with ``--turns T`` the first T game turns only) twice, one after
the other: with this checkout's code, and with the code of git revision ``--against`` (by default
the last commit before the speed work of issues 24, 26 and 27), extracted into a temporary folder.
Each side runs in its own process.  Prints, for each: the median CPU time of one ``legal_actions``
call (the random player's one question a position) over every position of the games, the median CPU time of a side-turn (the random player's
choices between two changes of the side to move, as ``bench/bench_ai.py`` counts them) and the CPU
time of each game (after one untimed start of a game, which builds the board once as a self-play
run of many games does); then the ratios earlier/now.  Times are CPU seconds (``time.process_time``), so
that the load of a shared machine weighs less.  It stops if the two revisions do not play the same
games (the SHA-256 of each game's final state, as ``bench/game_hashes.py`` prints).
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "8370728"  # the last commit before the speed work


def measure(src: str, scenario_path: str, options: tuple[str, ...], seeds: list[int], turns: int | None) -> dict:
    """Play the games with the code under ``src``: per-call legal_actions times, side-turn times,
    game times and final hashes."""
    sys.path.insert(0, src)
    from kharkovsuite.ai.core.seats import start_game
    from kharkovsuite.ai.selfplay import seat_players
    from kharkovsuite.engine.saves import snapshot_checksum
    from kharkovsuite.scenario import load_scenario

    scenario = load_scenario(scenario_path)
    start_game(scenario, seeds[0], options=options)  # the board and the code a game loads once, untimed, as in a self-play run
    legal, side_turns, games, hashes = [], [], [], []
    for seed in seeds:
        t_game = time.process_time()
        state = start_game(scenario, seed, options=options)
        seats = seat_players(scenario, {"axis": "random", "soviet": "random"}, seed)
        listing = state.legal_actions

        def timed():  # the engine's answer to the player's question, timed where the player asks it
            t0 = time.process_time()
            out = listing()
            legal.append(time.process_time() - t0)
            return out

        state.legal_actions = timed
        current, spent = None, 0.0
        while not state.is_terminal and (turns is None or state.turn <= turns):
            key = (state.turn, state.phase.side)
            if key != current:
                if current is not None:
                    side_turns.append(spent)
                current, spent = key, 0.0
            t0 = time.process_time()
            action = seats[state.to_act].choose(state)
            spent += time.process_time() - t0
            state.apply(action)
        side_turns.append(spent)
        games.append(time.process_time() - t_game)
        hashes.append(snapshot_checksum(state.to_dict()))
    return {"legal": legal, "side_turns": side_turns, "games": games, "hashes": hashes}


def _run(src: str, args) -> dict:
    cmd = [sys.executable, __file__, "--worker", src, "--scenario", args.scenario, "--games", str(args.games),
           "--seed", str(args.seed)] + [x for o in args.option for x in ("--option", o)] + (["--turns", str(args.turns)] if args.turns else [])
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def _report(name: str, got: dict) -> None:
    games = ", ".join(f"{g:.1f}" for g in got["games"])
    print(f"{name:>9}: legal_actions median {statistics.median(got['legal']) * 1000:8.2f} ms "
          f"(mean {statistics.fmean(got['legal']) * 1000:.2f} ms over {len(got['legal'])} positions); "
          f"side-turn median {statistics.median(got['side_turns']):.3f} s; game CPU {games} s")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scenario", default=str(ROOT / "scenarios" / "kirovograd-opening-moves.yaml"))
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--turns", type=int)
    ap.add_argument("--against", default=BASELINE)
    ap.add_argument("--worker")
    args = ap.parse_args()
    seeds = list(range(args.seed, args.seed + args.games))
    if args.worker:
        print(json.dumps(measure(args.worker, str(Path(args.scenario).resolve()), tuple(args.option), seeds, args.turns)))
        return
    args.scenario = str(Path(args.scenario).resolve())
    what = f"{Path(args.scenario).name}, options {', '.join(args.option) or 'none'}, seeds {seeds}" + (f", turns 1-{args.turns}" if args.turns else "")
    print(what)
    now = _run(str(ROOT), args)
    _report("now", now)
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.against], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        before = _run(tmp, args)
    _report(args.against, before)
    if before["hashes"] != now["hashes"]:
        raise SystemExit(f"the two revisions played different games: {before['hashes']} against {now['hashes']}")
    print(f"the same games ({len(seeds)}); ratio {args.against}/now: "
          f"legal_actions median x{statistics.median(before['legal']) / statistics.median(now['legal']):.1f}, "
          f"mean x{statistics.fmean(before['legal']) / statistics.fmean(now['legal']):.1f}; "
          f"side-turn median x{statistics.median(before['side_turns']) / statistics.median(now['side_turns']):.1f}; "
          f"game CPU x{sum(before['games']) / sum(now['games']):.1f}")


if __name__ == "__main__":
    main()

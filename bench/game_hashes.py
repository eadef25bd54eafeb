"""Final-state hashes of seeded random games: proof that a speed change plays the same games.

    .venv/bin/python bench/game_hashes.py [--scenario FILE] [--option NAME]... [--turns T]
                                          [--games 20] [--seed 0] [--jobs 2] [--out FILE] [--against FILE]

Plays ``--games`` random-vs-random games of ``--scenario`` (Kharkov 1942 unless named; game ``i``
uses seed ``SEED + i`` and the players' seeds ``kharkov-cli selfplay`` gives them, with the game
options named by ``--option``) and prints one line per game: its seed, its action count and the
SHA-256 of its final state with the whole action list and event log (the snapshot checksum a save
carries).  ``--turns T`` stops a game when it reaches game turn T + 1 (for long scenarios: the
hash is then of the position at that point).  ``--out`` writes the lines to a file; ``--against``
compares them with a file written before the change and prints which games differ.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's code, not an installed copy

from kharkovsuite.ai.selfplay import map_games  # noqa: E402

SCENARIO = ROOT / "scenarios" / "kharkov-1942.yaml"


def hashed_game(scenario, seed: int, players: dict[str, str], options: tuple[str, ...] = (),
                turns: int | None = None) -> dict:
    from kharkovsuite.ai.core.seats import start_game
    from kharkovsuite.ai.selfplay import seat_players
    from kharkovsuite.engine.saves import snapshot_checksum

    t0 = time.process_time()
    state = start_game(scenario, seed, options=options)
    seats = seat_players(scenario, players, seed)
    while not state.is_terminal and (turns is None or state.turn <= turns):
        state.apply(seats[state.to_act].choose(state))
    return {"seed": seed, "actions": len(state.actions), "sha256": snapshot_checksum(state.to_dict()),
            "cpu": time.process_time() - t0}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scenario", default=str(SCENARIO))
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--turns", type=int)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out")
    ap.add_argument("--against")
    args = ap.parse_args()
    t0 = time.perf_counter()
    got = map_games(args.scenario, hashed_game, {"axis": "random", "soviet": "random"},
                    list(range(args.seed, args.seed + args.games)), args.jobs,
                    options=tuple(args.option), turns=args.turns)
    lines = [f"{g['seed']} {g['actions']} {g['sha256']}" for g in got]
    print("\n".join(lines))
    cpu = sorted(g["cpu"] for g in got)
    print(f"{len(got)} games in {time.perf_counter() - t0:.1f} s; CPU per game median {cpu[len(cpu) // 2]:.1f} s, "
          f"total {sum(cpu):.1f} s")
    if args.out:
        Path(args.out).write_text("\n".join(lines) + "\n")
    if args.against:
        before = Path(args.against).read_text().split("\n")
        differ = [a.split()[0] for a, b in zip(before, lines) if a != b]
        print(f"same as {args.against}: {len(lines) - len(differ)} of {len(lines)}; differ: {differ or 'none'}")


if __name__ == "__main__":
    main()

"""Timing of Kirovograd's legal moves in a movement round: ``legal_actions`` with the round's
kept searches (``movement.round_reach``) plus applying the chosen move (which re-checks the kept
searches, ``movement.friendly_moved``), against a fresh search of every unit and stack
(``movement.reach``, the baseline), in the same positions of the same run.

    PYTHONPATH=. .venv/bin/python bench/bench_kiro_moves.py [--seed 1] [--moves 40]

A random player moves units of the first movement round of turn 1; before each move both ways
list every legal move of every group.  Prints medians and their ratio; asserts nothing, but stops
if the two ever disagree.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

from kharkovsuite.engine.actions import Move
from kharkovsuite.rules.kirovograd import movement, sequence
from kharkovsuite.rules.kirovograd.actions import SetOrder, SubmitOrders
from kharkovsuite.rules.kirovograd.rules import new_game
from kharkovsuite.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--moves", type=int, default=40)
    args = ap.parse_args()
    state = new_game(load_scenario(ROOT / "scenarios" / "kirovograd-historical.yaml"), args.seed)
    while state.pending:
        d = state.pending[-1]
        for f in d.data["tracks"]:
            state.apply(SetOrder(formation=f, order="mobile"))
        state.apply(SubmitOrders())
    rng = random.Random(args.seed)
    kept, fresh = [], []
    for _ in range(args.moves):
        phase = sequence.current(state)
        rnd = sequence.round_of(phase.id)
        groups = state.rules._groups(state, phase.side, rnd)
        t0 = time.perf_counter()
        legal = state.legal_actions()
        moves = [a for a in legal if isinstance(a, Move)]
        chosen = rng.choice(moves) if moves else None
        t1 = time.perf_counter()
        b = {g: sorted(movement.reach(state, g, rnd).items()) for g in groups}
        t2 = time.perf_counter()
        if {g: movement.round_reach(state, g, rnd) for g in groups} != b:
            raise SystemExit("the kept searches and the fresh ones disagree")
        if chosen is None:
            break
        t3 = time.perf_counter()
        state.apply(chosen)
        t4 = time.perf_counter()
        kept.append(t1 - t0 + t4 - t3)
        fresh.append(t2 - t1)
    k, f = statistics.median(kept), statistics.median(fresh)
    print(f"{len(kept)} positions of {phase.side}'s round {rnd}, {len(groups)} groups at the end")
    print(f"legal_actions + apply, kept searches  median {k * 1000:9.2f} ms")
    print(f"fresh searches of every group         median {f * 1000:9.2f} ms (baseline)")
    print(f"ratio fresh/kept {f / k:.1f}")


if __name__ == "__main__":
    main()

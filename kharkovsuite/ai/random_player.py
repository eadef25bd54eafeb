"""The baseline computer player: a uniform choice among the legal actions.

It reads nothing but ``state.legal_actions()`` — the same API a human's window uses — and
picks uniformly among its single actions (each destination of a listed move counting once)
with its own seeded generator, so a self-play game is reproducible from
the game seed and the player seeds.
"""
from __future__ import annotations

import random


class RandomPlayer:
    name = "random"

    def __init__(self, side: str, seed: int | None = None):
        self.side = side
        self.rng = random.Random(seed)

    def choose(self, state):
        actions = state.legal_actions().actions()  # every single action alike: a unit's moves to each hex too
        if not len(actions):
            raise RuntimeError(f"{self.side}: no legal action at {state!r}")
        return actions[self.rng.randrange(len(actions))]

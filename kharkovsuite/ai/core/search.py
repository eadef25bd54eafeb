"""Clone-and-evaluate with the player's own dice, and the cancellable thinking budget.

:func:`blind_clone` copies a game and re-seeds its dice from the player's generator, so a player
that tries an option on the copy learns nothing about the real dice.  :class:`Budget` bounds how
long a decision may take and lets the window cancel it (the player's worker thread checks it
between candidates and answers with the best found so far).
"""
from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterable

from ...engine.errors import IllegalAction


def blind_clone(state, rng: random.Random):
    """A clone whose future dice are re-drawn from the player's own generator (no peeking at the dice)."""
    sim = state.clone()
    sim.rng = random.Random(rng.getrandbits(64))
    return sim


class Budget:
    """Time (seconds, None: unbounded) and a cancel flag shared with the thread that asked."""

    def __init__(self, seconds: float | None = None, cancel: threading.Event | None = None):
        self.seconds = seconds
        self.cancel_event = cancel or threading.Event()
        self.start = time.monotonic()
        #: a time (``time.monotonic``) after which the budget is spent whatever is left of ``seconds``: a cap a player
        #: puts on several decisions together (one activation's); :meth:`restart` leaves it
        self.deadline: float | None = None

    def restart(self) -> None:
        self.start = time.monotonic()

    def cancel(self) -> None:
        self.cancel_event.set()

    @property
    def cancelled(self) -> bool:
        return self.cancel_event.is_set()

    def spent(self) -> bool:
        """Cancelled, or out of time."""
        if self.cancel_event.is_set():
            return True
        now = time.monotonic()
        if self.deadline is not None and now >= self.deadline:
            return True
        return self.seconds is not None and now - self.start >= self.seconds


def best_by_lookahead(state, side: str, options: Iterable, evaluate: Callable, rng: random.Random,
                      budget: Budget | None = None):
    """The option whose blind clone ``evaluate(clone, side)`` scores highest (None when the rules
    refuse them all); options after the budget is spent are not tried (the first one always is).
    Ties go to the earlier option."""
    best, best_score = None, None
    for option in options:
        if best is not None and budget is not None and budget.spent():
            break
        sim = blind_clone(state, rng)
        try:
            sim.apply(option)
        except IllegalAction:  # an option the rules refuse after all: not a choice
            continue
        score = evaluate(sim, side)
        if best_score is None or score > best_score:
            best, best_score = option, score
    return best

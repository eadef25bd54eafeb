"""Computer players, speaking the same action API as humans.

:data:`PLAYERS` maps a name (``kharkov-cli selfplay --axis NAME``) to a factory
``(side, seed) -> player``; a player has ``choose(state) -> action``.
"""
from __future__ import annotations

from collections.abc import Callable

from .greedy import GreedyPlayer
from .planner import PLANNERS
from .random_player import RandomPlayer

PLAYERS: dict[str, Callable] = {"random": RandomPlayer}
PLAYERS["greedy"] = GreedyPlayer
PLAYERS.update(PLANNERS)  # "ai" and "ai:easy", "ai:normal", "ai:hard"


def make_player(name: str, side: str, seed: int | None = None):
    try:
        factory = PLAYERS[name]
    except KeyError:
        raise ValueError(f"unknown player {name!r} (known: {', '.join(sorted(PLAYERS))})") from None
    return factory(side, seed)

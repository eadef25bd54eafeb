"""Computer players, speaking the same action API as humans.

A player has ``choose(state) -> action``; a factory ``(side, seed) -> player`` makes one.  The
``random`` player (:mod:`.random_player`) plays any rule system; the others belong to one rule
system each and live in that system's player module (:data:`SYSTEM_PLAYERS`), the only modules
of this package that may import a rule system.  :func:`players` lists the names a scenario's
system offers (``kharkov-cli selfplay --axis NAME``); :data:`PLAYERS` is Kharkov 1942's list.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable

from .random_player import RandomPlayer

GENERAL: dict[str, Callable] = {"random": RandomPlayer}

#: rule system id -> the module whose ``PLAYERS`` maps its own player names to factories
SYSTEM_PLAYERS: dict[str, str] = {
    "kharkov1942": "kharkovsuite.ai.kharkov1942",
    "kharkov1943": "kharkovsuite.ai.kharkov1943",
    "kirovograd": "kharkovsuite.ai.kirovograd",
}


def system_module(rules: str):
    """The player module of a rule system, or None when it has computer players only in the core."""
    path = SYSTEM_PLAYERS.get(rules)
    return importlib.import_module(path) if path else None


def players(rules: str) -> dict[str, Callable]:
    """Player name -> factory for games of rule system ``rules``."""
    module = system_module(rules)
    return {**GENERAL, **(module.PLAYERS if module else {})}


def make_player(name: str, side: str, seed: int | None, rules: str):
    """The computer player ``name`` of rule system ``rules`` for ``side`` (``seed`` None: seeded from the clock)."""
    known = players(rules)
    try:
        factory = known[name]
    except KeyError:
        raise ValueError(f"unknown player {name!r} for rule system {rules!r} (known: {', '.join(sorted(known))})") from None
    return factory(side, seed)


def __getattr__(name: str):
    if name == "PLAYERS":  # Kharkov 1942's players, loaded when first asked for
        return players("kharkov1942")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

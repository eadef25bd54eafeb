"""Kharkov 1942's computer players (:mod:`.greedy`, :mod:`.planner`) and its match measures."""
from __future__ import annotations

from collections.abc import Callable

from ..rules.kharkov1942.victory import soviet_out_of_supply
from .greedy import GreedyPlayer
from .planner import PLANNERS

PLAYERS: dict[str, Callable] = {"greedy": GreedyPlayer, **PLANNERS}  # "ai" and "ai:easy", "ai:normal", "ai:hard"


def turn_measures(state) -> dict[str, int]:
    """Measured at the end of each game-turn of a match: the Axis points for Soviet units out
    of supply (17.3), which before turn 5 include the armies whose HQs the Stavka has not yet
    activated (10.34)."""
    return {"unsupplied": sum(state.board.unit_type[u].vp for u in soviet_out_of_supply(state))}

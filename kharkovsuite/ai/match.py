"""Matches between computer players with the margin recorded at the end of every game-turn.

``kharkov-cli selfplay`` reports final results only; the shape of a game (a Soviet offensive
followed by an Axis counter-offensive) needs the Soviet net VP margin as if the game ended
at the end of each turn (17.0, eliminations and out-of-supply Soviet units included), which is
``state.result()`` read when the turn marker advances (4.2.C).  Seeds follow
:func:`kharkovsuite.engine.selfplay.play_game`: game seed ``S + i`` and player seeds
``2 * game seed + k`` with the sides in alphabetical order, so the games are the same as
selfplay's.
"""
from __future__ import annotations

from collections import Counter

from ..engine import new_game
from .selfplay import map_games
from ..rules.kharkov1942.victory import soviet_out_of_supply
from . import make_player

SIDES = ("axis", "soviet")


def play_measured(scenario, players: dict[str, str], seed: int) -> dict:
    """One game; ``margins[t]`` is the Soviet-minus-Axis margin at the end of game-turn ``t``, and
    ``unsupplied[t]`` the Axis points in it for Soviet units out of supply (17.3), which before
    turn 5 include the armies whose HQs the Stavka has not yet activated (10.34)."""
    state = new_game(scenario, seed)
    seats = {side: make_player(name, side, seed * 2 + k) for k, (side, name) in enumerate(sorted(players.items()))}
    margins: dict[int, int] = {}
    unsupplied: dict[int, int] = {}
    turn = state.turn
    while not state.is_terminal:
        state.apply(seats[state.to_act].choose(state))
        if state.turn != turn or state.is_terminal:
            margins[turn] = state.result().margin
            unsupplied[turn] = sum(state.board.unit_type[u].vp for u in soviet_out_of_supply(state))
            turn = state.turn
    result = state.result()
    return {"seed": seed, "winner": result.winner, "level": result.level, "margin": result.margin, "margins": margins,
            "unsupplied": unsupplied}


def _play(scenario, seed: int, players: dict[str, str]) -> dict:
    return play_measured(scenario, players, seed)


def match(scenario_path: str, players: dict[str, str], games: int, seed: int = 0, jobs: int = 1, early: int = 4, late: int = 10) -> dict:
    """``games`` measured games; ``shape`` counts games whose Soviet margin at the end of turn
    ``early`` beats the one at the end of turn ``late`` (or at the last turn played)."""
    results = map_games(scenario_path, _play, players, [seed + i for i in range(games)], jobs)
    wins = Counter(g["winner"] for g in results)

    def at(g, t):
        ms = g["margins"]
        return ms.get(t, ms[max(ms)])

    shape = sum(1 for g in results if at(g, early) > at(g, late))

    def without_supply(g, t):
        got = g["unsupplied"]
        return at(g, t) + got.get(t, got[max(got)])

    shape_ns = sum(1 for g in results if without_supply(g, early) > without_supply(g, late))
    return {
        "players": players,
        "games": games,
        "wins": {side: wins.get(side, 0) for side in SIDES},
        "draws": wins.get(None, 0),
        "mean_vp_margin": round(sum(g["margin"] for g in results) / max(1, games), 3),
        "shape": {"early": early, "late": late, "soviet_margin_early_better": shape,
                  "without_17_3_supply_count": shape_ns},
        "results": results,
    }

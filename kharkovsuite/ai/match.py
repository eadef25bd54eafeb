"""Matches between computer players with the margin recorded at the end of every game-turn.

``kharkov-cli selfplay`` reports final results only; the shape of a game (a Soviet offensive
followed by an Axis counter-offensive) needs the Soviet net VP margin as if the game ended
at the end of each turn, which is ``state.result()`` read when the turn marker advances.  A
rule system's player module may add its own per-turn figures (``turn_measures(state)``; Kharkov
1942 counts the Soviet units out of supply, 17.3).  Seats and seeds follow
:func:`.selfplay.play_game`, so the games are the same as selfplay's.
"""
from __future__ import annotations

from collections import Counter

from . import system_module
from .core.seats import start_game
from .selfplay import map_games, seat_players


def play_measured(scenario, players: dict[str, str], seed: int, allow_unplayable: bool = False) -> dict:
    """One game; ``margins[t]`` is the Soviet-minus-Axis margin at the end of game-turn ``t``, and
    each figure of the system's ``turn_measures`` (Kharkov 1942: ``unsupplied``) by turn likewise."""
    state = start_game(scenario, seed, allow_unplayable)
    seats = seat_players(scenario, players, seed)
    measure = getattr(system_module(scenario.rules), "turn_measures", None)
    margins: dict[int, int] = {}
    measured: dict[str, dict[int, int]] = {}
    turn = state.turn
    while not state.is_terminal:
        state.apply(seats[state.to_act].choose(state))
        if state.turn != turn or state.is_terminal:
            margins[turn] = state.result().margin
            for name, value in (measure(state) if measure else {}).items():
                measured.setdefault(name, {})[turn] = value
            turn = state.turn
    result = state.result()
    return {"seed": seed, "winner": result.winner, "level": result.level, "margin": result.margin, "margins": margins,
            **measured}


def _play(scenario, seed: int, players: dict[str, str], allow_unplayable: bool = False) -> dict:
    return play_measured(scenario, players, seed, allow_unplayable)


def match(scenario_path: str, players: dict[str, str], games: int, seed: int = 0, jobs: int = 1, early: int = 4, late: int = 10,
          allow_unplayable: bool = False) -> dict:
    """``games`` measured games; ``shape`` counts games whose Soviet margin at the end of turn
    ``early`` beats the one at the end of turn ``late`` (or at the last turn played)."""
    from ..scenario import load_scenario

    sides = list(load_scenario(scenario_path).sides)
    results = map_games(scenario_path, _play, players, [seed + i for i in range(games)], jobs,
                        allow_unplayable=allow_unplayable)
    wins = Counter(g["winner"] for g in results)

    def at(g, t):
        ms = g["margins"]
        return ms.get(t, ms[max(ms)])

    shape = sum(1 for g in results if at(g, early) > at(g, late))

    shape_figures = {"early": early, "late": late, "soviet_margin_early_better": shape}

    def without_supply(g, t):
        got = g["unsupplied"]
        return at(g, t) + got.get(t, got[max(got)])

    if results and all(g.get("unsupplied") for g in results):  # Kharkov 1942 (17.3)
        shape_figures["without_17_3_supply_count"] = sum(
            1 for g in results if without_supply(g, early) > without_supply(g, late))
    return {
        "players": players,
        "games": games,
        "wins": {side: wins.get(side, 0) for side in sides},
        "draws": wins.get(None, 0),
        "mean_vp_margin": round(sum(g["margin"] for g in results) / max(1, games), 3),
        "shape": shape_figures,
        "results": results,
    }

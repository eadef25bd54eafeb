"""Self-play: whole games between computer players, for testing and benchmarking, in any rule system.

``players`` is keyed by seat (``axis``: the scenario's non-Soviet side, ``soviet``) or by the
scenario's side ids (:mod:`.core.seats`); results name the scenario's own sides.  Game ``i`` of a
run with seed ``S`` uses game seed ``S + i`` and player seeds ``2 * game seed + k`` with the sides
in alphabetical order, so every game of a run can be replayed alone.  ``allow_unplayable`` plays a
rule system whose package still says ``PLAYABLE = False`` (for its engineers).
"""
from __future__ import annotations

import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from .core.seats import side_players, start_game


def seat_players(scenario, players: dict[str, str], seed: int) -> dict:
    """Side -> a computer player for one game with game seed ``seed``."""
    from . import make_player

    by_side = side_players(scenario, players)
    return {side: make_player(name, side, seed * 2 + k, scenario.rules) for k, (side, name) in enumerate(sorted(by_side.items()))}


def play_game(scenario, seed: int, players: dict[str, str], max_actions: int = 1_000_000,
              allow_unplayable: bool = False, options: tuple[str, ...] = ()) -> dict:
    """Play one game to its end (with the game ``options`` switched on); return its result as plain data."""
    state = start_game(scenario, seed, allow_unplayable, options)
    seats = seat_players(scenario, players, seed)
    n = 0
    while not state.is_terminal:
        if n >= max_actions:
            raise RuntimeError(f"game {seed} did not end within {max_actions} actions")
        state.apply(seats[state.to_act].choose(state))
        n += 1
    result = state.result()
    return {
        "seed": seed,
        "actions": n,
        "vp": result.vp,
        "margin": result.margin,
        "winner": result.winner,
        "level": result.level,
    }


_WORKER_SCENARIO = None


def _init_worker(path: str) -> None:
    global _WORKER_SCENARIO
    from ..scenario import load_scenario

    _WORKER_SCENARIO = load_scenario(path)


def _worker_game(args) -> dict:
    play, seed, players, options = args
    return play(_WORKER_SCENARIO, seed, players, **options)


def map_games(scenario_path: str, play, players: dict[str, str], seeds: list[int], jobs: int = 1, **options) -> list[dict]:
    """``play(scenario, seed, players, **options)`` for each seed, in order; with ``jobs`` > 1 in
    worker processes that each load the scenario once (``play`` must be a module-level function)."""
    if jobs > 1 and len(seeds) > 1:
        with ProcessPoolExecutor(max_workers=jobs, initializer=_init_worker, initargs=(scenario_path,)) as pool:
            return list(pool.map(_worker_game, [(play, s, players, options) for s in seeds]))
    from ..scenario import load_scenario

    scenario = load_scenario(scenario_path)
    return [play(scenario, s, players, **options) for s in seeds]


def level_name(scenario, game: dict) -> str:
    if game["winner"] is None:
        return game["level"]
    return f"{scenario.sides[game['winner']].name} {game['level']}"


def selfplay(scenario_path: str, players: dict[str, str], games: int, seed: int = 0, jobs: int = 1,
             allow_unplayable: bool = False, options: tuple[str, ...] = ()) -> dict:
    """Play ``games`` games; the summary ``kharkov-cli selfplay --json`` prints.  ``wins`` and
    ``players`` are keyed by the scenario's side ids; ``seats`` says which side each seat played."""
    from ..scenario import load_scenario
    from .core.seats import seat_sides

    scenario = load_scenario(scenario_path)
    by_side = side_players(scenario, players)
    start = time.perf_counter()
    results = map_games(scenario_path, play_game, players, [seed + i for i in range(games)], jobs,
                        allow_unplayable=allow_unplayable, options=tuple(options))
    seconds = time.perf_counter() - start
    wins = Counter(g["winner"] for g in results if g["winner"] is not None)
    levels = Counter(level_name(scenario, g) for g in results)
    return {
        "games": games,
        "seats": seat_sides(scenario),
        "players": dict(sorted(by_side.items())),
        "wins": {side: wins.get(side, 0) for side in scenario.sides},
        "draws": sum(1 for g in results if g["winner"] is None),
        "levels": dict(sorted(levels.items())),
        "mean_vp_margin": round(sum(g["margin"] for g in results) / games, 3) if games else 0.0,
        "seconds": round(seconds, 3),
    }

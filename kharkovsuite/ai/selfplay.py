"""Self-play: whole games between computer players, for testing and benchmarking.

Game ``i`` of a run with seed ``S`` uses game seed ``S + i`` and player seeds derived from it,
so every game of a run can be replayed alone.
"""
from __future__ import annotations

import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

SIDES = ("axis", "soviet")


def play_game(scenario, seed: int, players: dict[str, str], max_actions: int = 1_000_000) -> dict:
    """Play one game to its end; return its result as plain data."""
    from ..engine import new_game
    from . import make_player

    state = new_game(scenario, seed, headless=True)
    seats = {side: make_player(name, side, seed * 2 + k) for k, (side, name) in enumerate(sorted(players.items()))}
    for side in state.scenario.sides:
        if side not in seats and side != "soviet":
            seats[side] = seats["axis"]  # a scenario naming its Axis side otherwise (kirovograd: german)
    n = 0
    while not state.is_terminal:
        if n >= max_actions:
            raise RuntimeError(f"game {seed} did not end within {max_actions} actions")
        state.apply(seats[state.to_act].choose(state))
        n += 1
    result = state.result()
    winner = result.winner if result.winner in (None, *SIDES) else "axis"
    return {
        "seed": seed,
        "actions": n,
        "vp": result.vp,
        "margin": result.margin,
        "winner": winner,
        "level": result.level,
    }


_WORKER_SCENARIO = None


def _init_worker(path: str) -> None:
    global _WORKER_SCENARIO
    from ..scenario import load_scenario

    _WORKER_SCENARIO = load_scenario(path)


def _worker_game(args) -> dict:
    play, seed, players = args
    return play(_WORKER_SCENARIO, seed, players)


def map_games(scenario_path: str, play, players: dict[str, str], seeds: list[int], jobs: int = 1) -> list[dict]:
    """``play(scenario, seed, players)`` for each seed, in order; with ``jobs`` > 1 in worker
    processes that each load the scenario once (``play`` must be a module-level function)."""
    if jobs > 1 and len(seeds) > 1:
        with ProcessPoolExecutor(max_workers=jobs, initializer=_init_worker, initargs=(scenario_path,)) as pool:
            return list(pool.map(_worker_game, [(play, s, players) for s in seeds]))
    from ..scenario import load_scenario

    scenario = load_scenario(scenario_path)
    return [play(scenario, s, players) for s in seeds]


def level_name(scenario, game: dict) -> str:
    if game["winner"] is None:
        return game["level"]
    return f"{scenario.sides[game['winner']].name} {game['level']}"


def selfplay(scenario_path: str, players: dict[str, str], games: int, seed: int = 0, jobs: int = 1) -> dict:
    """Play ``games`` games; the summary ``kharkov-cli selfplay --json`` prints."""
    from ..scenario import load_scenario

    scenario = load_scenario(scenario_path)
    start = time.perf_counter()
    results = map_games(scenario_path, play_game, players, [seed + i for i in range(games)], jobs)
    seconds = time.perf_counter() - start
    wins = Counter(g["winner"] for g in results if g["winner"] is not None)
    levels = Counter(level_name(scenario, g) for g in results)
    return {
        "games": games,
        "wins": {side: wins.get(side, 0) for side in SIDES},
        "draws": sum(1 for g in results if g["winner"] is None),
        "levels": dict(sorted(levels.items())),
        "mean_vp_margin": round(sum(g["margin"] for g in results) / games, 3) if games else 0.0,
        "seconds": round(seconds, 3),
    }

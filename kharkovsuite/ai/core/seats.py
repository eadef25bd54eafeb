"""Seats and game start for computer play in any rule system.

``kharkov-cli selfplay`` names its two seats ``--axis`` and ``--soviet``.  Every scenario the suite
plays sets the Soviet side against one Axis side, whose id depends on the rule system (``axis`` in
Kharkov 1942, ``german`` in Kharkov 1943); the ``axis`` seat is that non-Soviet side.  Results are
reported with the scenario's own side ids.
"""
from __future__ import annotations

from collections.abc import Callable

from ...rules import RuleSystemUnavailable, package, system

SEATS = ("axis", "soviet")


def seat_sides(scenario) -> dict[str, str]:
    """Seat -> the scenario's side id: ``{"axis": <the non-Soviet side>, "soviet": "soviet"}``."""
    sides = list(scenario.sides)
    others = [s for s in sides if s != "soviet"]
    if "soviet" not in sides or len(others) != 1:
        raise ValueError(f"scenario {scenario.id!r}: computer play needs a Soviet side and one other side "
                         f"(it has {', '.join(sides)})")
    return {"axis": others[0], "soviet": "soviet"}


def side_players(scenario, players: dict[str, str]) -> dict[str, str]:
    """``players`` keyed by seat or by side id -> keyed by the scenario's side ids."""
    seats = seat_sides(scenario)
    out: dict[str, str] = {}
    for key, name in players.items():
        if key in scenario.sides:
            side = key
        elif key in seats:
            side = seats[key]
        else:
            raise ValueError(f"{key!r} is neither a seat ({', '.join(SEATS)}) nor a side of {scenario.id!r}")
        if side in out:
            raise ValueError(f"two players named for side {side!r}")
        out[side] = name
    return out


def game_module(scenario, allow_unplayable: bool = False):
    """The rule system package that starts games of ``scenario``.  The registry refuses a system
    whose package says ``PLAYABLE = False`` unless it also says ``HEADLESS = True`` (its rules run
    for self-play, the window waits); ``allow_unplayable`` lets engineers self-play any of them."""
    if allow_unplayable:
        return package(scenario.rules)
    return system(scenario.rules, headless=True)


def start_game(scenario, seed: int, allow_unplayable: bool = False, options=None):
    """A new game of a loaded ``scenario`` (its historical set-up) with dice seeded by ``seed``,
    with ``options`` (names) on top of the scenario's own (:mod:`kharkovsuite.engine.options`)."""
    from ...engine.options import game_options

    module = game_module(scenario, allow_unplayable)
    start = getattr(module, "new_game", None)
    if start is None:
        raise RuleSystemUnavailable(f"rule system {scenario.rules!r} cannot start a game yet")
    chosen = game_options(scenario, options, getattr(module, "OPTIONS", {}))
    return start(scenario, seed, "historical", scenario_path=None, options=chosen)


LEVELS = ("easy", "normal", "hard")


def level_players(make: Callable) -> dict[str, Callable]:
    """The player names a system's planning player offers, each a factory ``(side, seed)``:
    ``greedy`` (its baseline level), ``ai`` (``normal``) and ``ai:easy|normal|hard``;
    ``make(side, seed, level)`` builds one."""

    def factory(level: str) -> Callable:
        return lambda side, seed=None: make(side, seed, level)

    return {"greedy": factory("greedy"), "ai": factory("normal"), **{f"ai:{lv}": factory(lv) for lv in LEVELS}}

"""13.2 and 14.3a: the air points of a turn.

Each side rolls a die on the Air Support Table in the weather phase; the air weather then leaves
all of them (clear), half rounded down (cloudy) or none (overcast).  Combat reads the result:
``state.turn_data["air_points"]`` is ``{side: points}`` (:data:`KEY`, :func:`points`), and
``state.turn_data["air_rolled"]`` keeps the table's figures before the weather.
"""
from __future__ import annotations

import math

from ...engine.events import DiceRolled
from ...engine.state import GameState

KEY = "air_points"
SIDES = ("german", "soviet")


def roll(state: GameState, events: list) -> None:
    data = state.board.data
    table = state.scenario.tables[data.air.table]
    sky = state.turn_data["weather"]["air"]
    share = data.weather.air_share[sky]
    rolled, points_ = {}, {}
    for side in SIDES:
        die = state.rng.randint(1, 6)
        events.append(DiceRolled(die=die, purpose=f"air support ({side})", case="13.2"))
        rolled[side] = int(table.rows[die][table.columns.index(side)])
        points_[side] = math.floor(rolled[side] * share)  # 14.3a
    state.turn_data["air_rolled"] = rolled
    state.turn_data[KEY] = points_


def points(state: GameState, side: str) -> int:
    """The air points ``side`` has this turn (13.2 after 14.3a)."""
    return state.turn_data.get(KEY, {}).get(side, 0)


def recon_allowed(state: GameState) -> bool:
    """14.3a, 13.3: air reconnaissance only under a clear sky."""
    return state.turn_data.get("weather", {}).get("air") == "clear"


def limit(state: GameState, side: str, role: str, attack_type: str) -> int:
    """7.1, 13.1: the most air points ``side`` may put on a combat of ``attack_type`` as
    ``role``: none on a mobile attack, but one for a German attacker; otherwise what is left."""
    left = points(state, side)
    if attack_type == "mobile":
        if role == "attacker" and side == "german":
            return min(left, state.board.data.air.mobile_attack_german_points)
        return 0
    return left


def spend(state: GameState, side: str, spent: int) -> None:
    """13.1: air points put on a combat are gone for the turn."""
    table = state.turn_data.setdefault(KEY, {})
    table[side] = table.get(side, 0) - spent

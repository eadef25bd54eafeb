"""13: Air power, the part combat needs: the air points of each side this turn (13.2 with the
air weather of 14.3a) and how many a side may put on one combat (7.1).

The state record both halves of the engine share: ``state.turn_data["air_points"]`` =
``{"german": n, "soviet": m}``, the points still unspent this turn.  :func:`roll` writes it in the
weather phase (after the weather is known); combat spends from it.
"""
from __future__ import annotations

import math

from ...engine.events import DiceRolled
from ...engine.state import GameState

SIDES = ("german", "soviet")
KEY = "air_points"


def roll(state: GameState, events: list) -> None:
    """13.2: a die per side on the Air Support Table; 14.3a: all of them under a clear sky, half
    (rounded down) when cloudy, none when overcast."""
    data = state.board.data
    table = state.scenario.tables[data.air.table]
    sky = state.turn_data.get("weather", {}).get("air") or data.special_rules.first_turn_weather["air"]
    share = data.weather.air_share[sky]
    points = {}
    for side in SIDES:
        die = state.rng.randint(1, 6)
        events.append(DiceRolled(die=die, purpose=f"air support ({side})", case="13.2"))
        rolled = int(table.rows[die][table.columns.index(side)])
        points[side] = math.floor(rolled * share)
    state.turn_data[KEY] = points


def available(state: GameState, side: str) -> int:
    return state.turn_data.get(KEY, {}).get(side, 0)


def limit(state: GameState, side: str, role: str, attack_type: str) -> int:
    """7.1, 13.1: the most air points ``side`` may put on a combat of ``attack_type`` as
    ``role``: none on a mobile attack, but one for a German attacker; otherwise what is left."""
    left = available(state, side)
    if attack_type == "mobile":
        if role == "attacker" and side == "german":
            return min(left, state.board.data.air.mobile_attack_german_points)
        return 0
    return left


def spend(state: GameState, side: str, points: int) -> None:
    table = state.turn_data.setdefault(KEY, {})
    table[side] = table.get(side, 0) - points

"""Positions for the Kharkov 1943 rule tests, built through the package (the system is not
playable yet, so the registry would refuse a game)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from kharkovsuite.engine.actions import Move
from kharkovsuite.rules.kharkov1943.actions import Activate
from kharkovsuite.rules.kharkov1943.rules import new_game
from kharkovsuite.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[3]
GALLOP = ROOT / "scenarios" / "kharkov-1943-gallop.yaml"
CAMPAIGN = ROOT / "scenarios" / "kharkov-1943-campaign.yaml"

#: A hex whose 3-hex surroundings are clear, with no river, road or railroad inside (checked
#: by test_k43_movement.test_plain_area_is_plain).
PLAIN = "2701"

INF = "d320_585"  # German infantry regiment, 10 OP, combat 3
INF2 = "d320_587"
PZ = "pz7_pz"  # German armoured regiment, 12 OP
GE_HQ = "de_hq_iiipzk"
SU_DIV = "su_350rd"  # Soviet rifle division, combat 4
SU_DIV2 = "su_172rd"
SU_HQ = "su_hq_6"
SKI = "su_ski1"


@lru_cache(maxsize=1)
def scenario():
    return load_scenario(GALLOP)


@lru_cache(maxsize=1)
def campaign():
    return load_scenario(CAMPAIGN)


def fresh(seed: int = 1, of=scenario):
    return new_game(of(), seed)


def bare(placed: dict[str, str], side: str = "german", ground: str = "frozen", seed: int = 1, of=scenario):
    """The operations phase of turn 2 with only ``placed`` (unit -> hex) on the map and
    ``side`` to open a segment; ``of`` the scenario (Gallop unless told)."""
    state = fresh(seed, of)
    for uid in list(state.units):
        state.to_box(uid, "off")
    for uid, hex_id in placed.items():
        state.place(uid, hex_id)
    state.turn = 2
    state.turn_data = {
        "weather": {"air": "clear", "ground": ground},
        "out_of_command": [],
        "initiative": side,
        "segment": side,
        "last_passed": False,
        "solo_segments": 0,
    }
    state.phase_data = {}
    for key in ("supply", "arriving", "replacements", "hq_return", "tops"):  # part 2's records of the opening
        state.game.pop(key, None)
    state.cache.clear()
    return state


def ring(hex_id: str, n: int) -> list[str]:
    return scenario_grid().ring(hex_id, n)


def scenario_grid():
    from kharkovsuite.rules.kharkov1943.board import board_for

    return board_for(scenario()).map.grid


def general(state):
    state.apply(Activate())
    return state


def move(state, units, *path):
    return state.apply(Move(units=tuple(units), path=tuple(path)))

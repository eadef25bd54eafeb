"""Positions for the Kirovograd rule tests, built through the package (the system is not
playable yet, so the registry would refuse a game)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from kharkovsuite.engine.actions import Move
from kharkovsuite.rules.kirovograd import sequence
from kharkovsuite.rules.kirovograd.rules import new_game
from kharkovsuite.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = {name: ROOT / "scenarios" / f"kirovograd-{name}.yaml" for name in ("historical", "opening-moves", "endgame")}

#: A clear hex whose five-hex surroundings are clear, with no river, balka, road, railroad or
#: fortified hexside (checked by test_kiro_movement.test_plain_area_is_plain).
PLAIN = "0618"

GE_INF = "de-47k-hk"  # German infantry regiment 3-6, foot, formation 47K (independent)
GE_INF2 = "de-320-585"  # German infantry regiment 4-5 (reduced 2-5), 320th Infantry Division
GE_INF3 = "de-320-586"
GE_HQ = "de-320-hq"  # its formation HQ, foot, MA 6
GE_PZ = "de-3p-6"  # German armoured regiment 6-10, 3rd Panzer
GE_PZ_HQ = "de-3p-hq"
GE_MOT = "de-3p-394"  # German motorised regiment 4-10, 3rd Panzer
GE_RECON = "de-3p-rec"  # armoured recon battalion 2-12
GE_ART = "de-320-art"  # German artillery regiment, foot, MA 5
SU_DIV = "su-48-14g"  # Soviet rifle division 7-5 (reduced 4-5), 48th Rifle Corps
SU_DIV2 = "su-48-213"
SU_DIV3 = "su-48-252"
SU_HQ = "su-48-hq"
SU_TANK = "su-5gm-24"  # Soviet tank brigade 4-10, 5th Guards Mech Corps
SU_MECH = "su-5gm-10"  # Soviet mechanised brigade 4-10
SU_MECH_HQ = "su-5gm-hq"
SU_ART = "su-53a-90hh"  # Soviet artillery brigade with a travelling side
SU_ART2 = "su-53a-g"


@lru_cache(maxsize=3)
def scenario(name: str = "historical"):
    return load_scenario(SCENARIOS[name])


def fresh(seed: int = 1, name: str = "historical"):
    return new_game(scenario(name), seed)


def bare(placed: dict[str, str], side: str = "german", phase: str = "move_1_1", light: str = "day",
         orders: dict | None = None, seed: int = 1, turn: int = 1):
    """A movement round (``phase``) of ``side`` with only ``placed`` (unit -> hex) on the map,
    the given light (day, night or fog) and orders (formation -> order, both sides)."""
    state = fresh(seed)
    for uid in list(state.units):
        if state.units[uid].hex is not None:
            state.to_box(uid, "off")
    for uid, hex_id in placed.items():
        state.place(uid, hex_id)
    state.turn = turn
    state.pending.clear()
    by_side = {"german": {}, "soviet": {}}
    for formation, order in (orders or {}).items():
        hq = state.board.data.formations[formation].hq
        by_side[state.board.units[hq].side][formation] = order
    state.turn_data = {
        "weather": "fog" if light == "fog" else "clear", "fog": light == "fog", "light": light,
        "first": side if phase.split("_")[1] == "1" else ("soviet" if side == "german" else "german"),
        "orders": by_side, "unit_retreat": [], "orders_revealed": True,
    }
    state.phase_index = sequence.INDEX[phase]
    state.phase_data = {}
    state.cache.clear()
    return state


def ring(hex_id: str, n: int) -> list[str]:
    from kharkovsuite.rules.kirovograd.board import board_for

    return board_for(scenario()).grid.ring(hex_id, n)


def nbr(hex_id: str, k: int) -> str:
    """The k-th neighbour of a hex (0-5)."""
    return ring(hex_id, 1)[k]


def move(state, units, *path):
    return state.apply(Move(units=tuple(units), path=tuple(path)))


def reach(state, *units):
    return state.legal_moves(units)

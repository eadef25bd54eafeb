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


def ops_ended(state, before: tuple[int, int]) -> bool:
    """Whether the action just applied closed an operations phase (``before``: the turn and phase
    index it was taken in) with no over-stacked hex left for its owner to clear (5)."""
    from kharkovsuite.rules.kharkov1943 import sequence, stacking

    if any(d.kind == stacking.DECISION for d in state.pending):
        return False
    turn, index = before
    if index == sequence.INDEX[sequence.OPS]:  # the last pass, or the die of 2.2
        return (state.turn, state.phase_index) != before
    # the last over-stacked unit removed: the administrative phase has run
    return index == sequence.INDEX["administrative"] and (state.turn != turn or state.terminal)


def placed_after_operations(events) -> set[str]:
    """Units the action's events put on the map after its operations phase ended (the next
    turn's supply phase places rebuilt units, 16.2, and returning supply heads, 9.4): stacking
    was checked before they came."""
    out: set[str] = set()
    over = False
    for e in events:
        over = over or (e.kind == "PhaseChanged" and e.phase == "administrative")
        if over and e.kind == "UnitMoved":
            out.update(e.units)
        elif over and e.kind == "Displaced":
            out.add(e.unit)
    return out


def check_invariants(state, before: tuple[int, int], events=()) -> None:
    """The Done-when invariants after an action taken at ``before`` (turn, phase index) that
    returned ``events``: no unit spends OP it does not have (6.5's strategic 4 aside), no unit
    activated more than twice a turn (3.1), no hex shared with the enemy (7.2), the dead off the
    map with a step left to the living (1.2), and stacking within its limits as the operations
    phase ends (5; a hex crowded only by units placed after that is the next phase's)."""
    from kharkovsuite.rules.kharkov1943 import activation, stacking
    from kharkovsuite.rules.kharkov1943.movement import STRATEGIC_BONUS

    act = activation.current(state)
    if act is not None:
        for uid in act["units"]:
            assert act["op"][uid] >= 0 and act["spent"][uid] <= act["op"][uid] + STRATEGIC_BONUS, f"{uid} overspent its OP"
    for uid, rec in state.units.items():
        assert (rec.hex is None) == (rec.box is not None), uid
        if rec.hex is not None:
            assert rec.step < len(state.board.units[uid].combat), uid
    counts = state.turn_data.get("activations", {})
    assert all(n <= activation.MAX_ACTIVATIONS for n in counts.values()), "a unit activated three times in a turn"
    for hex_id, ids in state.at.items():
        assert len({state.units[u].side for u in ids}) == 1, f"{hex_id} holds both sides"
    if ops_ended(state, before):
        later = placed_after_operations(events)
        crowded = [(h, side) for h, side in stacking.over_stacked(state) if not later & set(state.units_at(h))]
        assert not crowded, f"over-stacked after the operations phase: {crowded}"


def refusal(state, action) -> tuple[str, str]:
    """The case and reason with which the rules refuse ``action`` (a test fails if they accept it)."""
    import pytest

    from kharkovsuite.engine.errors import IllegalAction

    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    return info.value.case, info.value.reason

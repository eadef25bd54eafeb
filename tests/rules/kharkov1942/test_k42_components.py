"""The game's frame on the shipped scenario: the two sides (2.0), what a counter's values mean
(3.2), and the turn record (16.0's track), read from the data by the rules engine."""
from __future__ import annotations

from pathlib import Path

import pytest

from kharkovsuite.engine import EndPhase, new_game
from kharkovsuite.rules.kharkov1942 import sequence, units
from kharkovsuite.scenario import load_scenario

SHIPPED = Path(__file__).resolve().parents[3] / "scenarios" / "kharkov-1942.yaml"


@pytest.fixture(scope="module")
def scenario():
    return load_scenario(SHIPPED)


def test_2_0a_two_sides_one_player_turn_each_per_game_turn(scenario):
    state = new_game(scenario, 0)
    assert sorted(scenario.sides) == ["axis", "soviet"]
    seen = []
    while state.turn == 1:
        side = state.phase.side
        if side and (not seen or seen[-1] != side):
            seen.append(side)
        state.apply(EndPhase() if not state.pending else state.legal_actions()[0])
    assert seen == ["soviet", "axis"]  # the Soviet player-turn, then the Axis player-turn (4.1)


def test_3_21_a_counters_values_are_read_from_its_unit_type(scenario):
    state = new_game(scenario, 0)
    inf = state.units["ge-79id"]
    assert (units.attack(state, inf), units.defense(state, inf), units.movement(state, inf)) == (9, 9, 8)
    inf.step = 1  # the back of the counter
    assert (units.attack(state, inf), units.movement(state, inf)) == (4, 8)
    hq = state.board.hq_values("su-hq-6")  # 6th Army, (5) 11, back N-5, GT-1
    assert (hq.command_radius, hq.movement, hq.inactive_movement) == (5, 11, 5)
    assert state.board.unit_model["su-hq-6"].entry_turn == 1
    rifle = state.units["su-rd-01"]  # untried: only the movement allowance shows (U-7)
    assert units.is_untried(state, rifle) and units.movement(state, rifle) == 7
    assert state.observation("axis")["units"]["su-rd-01"]["untried"] == "U-7"


def test_3_23a_soviet_units_have_two_strengths_axis_units_one(scenario):
    state = new_game(scenario, 0)
    rec = state.units["su-rd-01"]
    rec.values = {"attack": 2, "defense": 3, "movement": 7, "steps": 1, "pool": "rifle", "counter": 0}
    assert (units.attack(state, rec), units.defense(state, rec)) == (2, 3)
    for uid in ("ge-79id", "ge-3pz-6pzr", "ro-2"):
        ax = state.units[uid]
        assert units.attack(state, ax) == units.defense(state, ax)


def test_16_T_the_shipped_turn_record(scenario):
    turns = sorted(scenario.turns, key=lambda t: t.turn)
    assert [t.date for t in turns] == [f"1942-05-{d}" for d in range(12, 22)]
    assert [t.air_points["soviet"] for t in turns] == [1] * 10
    assert [t.air_points["axis"] for t in turns] == [0, 1, 1, 2, 4, 3, 3, 3, 3, 3]
    assert sequence.last_turn(new_game(scenario, 0)) == 10
    arriving = {}
    for r in scenario.reinforcements:
        arriving.setdefault(r.side, {})[r.turn] = arriving.get(r.side, {}).get(r.turn, 0) + len(r.units)
    assert arriving["soviet"] == {1: 2, 2: 2, 3: 2, 4: 1, 5: 1, 6: 1, 7: 1}
    assert arriving["axis"] == {2: 1, 4: 1, 5: 7, 6: 1, 8: 1}  # IV Corps on GT 5 (16.21)
    type_of = {u.id: u.type for u in scenario.units}
    assert {type_of[u] for r in scenario.reinforcements if r.side == "soviet" for u in r.units} == {"su-tank"}
    assert {type_of[u] for r in scenario.reinforcements if r.side == "axis" and r.turn != 5 for u in r.units} == {"ge-inf"}

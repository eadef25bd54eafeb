"""Random playouts with invariants after every action (OpenSpiel's games_sim_test, for kharkov1942).

Ten complete games on the shipped scenario (the small test position while it is missing) and
ten on the test position (the twenty two-turn games of test_k42_move_caches check loaded saves too).  After every action: one side per hex, unit records and the hex index
agree, steps within the counter's steps, eliminated units off the map, no Soviet unit in a
garrisoned City, stacking within limits during combat phases, someone to act while the game
runs.  Every 150 actions: a clone equals the original and applies the same action to the same
events.  At the end: the save round-trips and the action log replays to the same state.
"""
from pathlib import Path

import pytest
from k42_helpers import K42

from kharkovsuite.ai import make_player
from kharkovsuite.engine import load, new_game, replay, save
from kharkovsuite.rules.kharkov1942.stacking import LIMIT
from kharkovsuite.rules.kharkov1942.units import is_combat, total_steps
from kharkovsuite.scenario import load_scenario

FULL = Path(__file__).resolve().parents[3] / "scenarios" / "kharkov-1942.yaml"
_LOADED: dict[str, object] = {}


def scenario_at(path: Path):
    key = str(path)
    if key not in _LOADED:
        _LOADED[key] = load_scenario(path)
    return _LOADED[key]


def check(state) -> None:
    units = state.units
    for hex_id, ids in state.at.items():
        assert ids, hex_id
        assert len({units[u].side for u in ids}) == 1, f"two sides in {hex_id}"
        assert all(units[u].hex == hex_id for u in ids)
        if state.phase.id.endswith("combat"):
            for side in ("axis", "soviet"):
                assert sum(1 for u in ids if units[u].side == side and is_combat(state, u)) <= LIMIT, hex_id
        if hex_id in state.game["garrisons"]:
            assert all(units[u].side == "axis" for u in ids)
    for uid, rec in units.items():
        if rec.hex is not None:
            assert uid in state.at[rec.hex]
            if is_combat(state, uid):
                assert 0 <= rec.step < total_steps(state, rec), uid
        else:
            assert rec.box is not None
    for uid in state.game["eliminated"]:
        assert units[uid].hex is None and units[uid].box == "eliminated"
    if not state.is_terminal:
        assert state.to_act in ("axis", "soviet")
        assert len(state.legal_actions()) > 0


def playout(scenario, seed: int) -> None:
    state = new_game(scenario, seed)
    players = {side: make_player("random", side, seed * 7 + i, "kharkov1942") for i, side in enumerate(("axis", "soviet"))}
    n = 0
    while not state.is_terminal:
        action = players[state.to_act].choose(state)
        if n % 150 == 75:
            copy = state.clone()
            assert copy == state
            assert copy.apply(action) == state.apply(action)
            assert copy == state
        else:
            state.apply(action)
        n += 1
        check(state)
    assert len(state.legal_actions()) == 0 and state.to_act is None
    result = state.result()
    assert result.margin == result.vp["soviet"] - result.vp["axis"]
    return state


def full_scenario():
    return scenario_at(FULL if FULL.exists() else K42)


@pytest.mark.parametrize("seed", range(5))  # five whole games: the shipped scenario's move-cache games load saves too
def test_random_playout_on_the_shipped_scenario(seed, tmp_path):
    scenario = full_scenario()
    state = playout(scenario, seed)
    save(state, tmp_path / "game.json")
    assert load(tmp_path / "game.json", scenario=scenario) == state
    assert replay(scenario, seed, list(state.actions)) == state


@pytest.mark.parametrize("seed", range(10))
def test_random_playout_on_the_test_position(seed):
    playout(scenario_at(K42), 100 + seed)

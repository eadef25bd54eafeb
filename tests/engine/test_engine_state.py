"""The game API on the small test scenario: new_game, phases, clone, save/load, replay."""
import json
import random
from pathlib import Path

import pytest

from kharkovsuite.ai import make_player
from kharkovsuite.engine import EndPhase, GameState, IllegalAction, Move, load, new_game, replay, save
from kharkovsuite.scenario import load_scenario

K42 = Path(__file__).resolve().parents[1] / "data" / "k42-basic.yaml"


@pytest.fixture(scope="module")
def scenario():
    return load_scenario(K42)


def play(state: GameState, n: int, seed: int = 1) -> GameState:
    players = {side: make_player("random", side, seed + i, "kharkov1942") for i, side in enumerate(("axis", "soviet"))}
    for _ in range(n):
        if state.is_terminal:
            break
        state.apply(players[state.to_act].choose(state))
    return state


def test_new_game_dispatches_to_the_scenarios_rule_system(scenario):
    state = new_game(scenario, seed=3)
    assert state.rules.id == "kharkov1942"
    assert state.turn == 1 and state.date == "1942-05-12"
    assert state.to_act == "soviet"


def test_new_game_from_a_path_remembers_it():
    state = new_game(str(K42), seed=0)
    assert state.scenario_path == str(K42)


def test_unknown_setup_is_refused(scenario):
    with pytest.raises(ValueError):
        new_game(scenario, 0, setup="free")


def test_phase_describes_itself_for_the_phase_bar(scenario):
    phase = new_game(scenario, 0).phase
    assert (phase.id, phase.side, phase.case) == ("soviet-movement", "soviet", "4.2.A2")
    assert phase.name == "Movement" and "rail" in phase.what_may_be_done


def test_illegal_action_leaves_the_state_unchanged(scenario):
    state = new_game(scenario, 0)
    before = state.to_dict()
    with pytest.raises(IllegalAction) as err:
        state.apply(Move(units=("su-r1",), path=("0105", "0106")))
    assert err.value.case == "6.22"
    assert state.to_dict() == before


def test_clone_equals_the_original_and_is_independent(scenario):
    state = play(new_game(scenario, 5), 60)
    copy = state.clone()
    assert copy == state
    action = copy.legal_actions()[0]
    copy.apply(action)
    assert copy != state
    assert state.clone() == state


def test_clone_applies_like_the_original(scenario):
    state = play(new_game(scenario, 7), 40)
    copy = state.clone()
    for _ in range(30):
        if state.is_terminal:
            break
        every = state.legal_actions().actions()
        action = every[len(every) // 2]
        assert state.apply(action) == copy.apply(action)
    assert copy == state


def test_save_and_load_round_trip(scenario, tmp_path):
    state = play(new_game(str(K42), 11), 80)
    path = tmp_path / "game.json"
    save(state, path)
    data = json.loads(path.read_text())
    assert data["seed"] == 11 and data["scenario"] == str(K42) and len(data["actions"]) == len(state.actions)
    assert load(path) == state
    assert load(path, replay_actions=True) == state


def test_loaded_game_goes_on_identically(scenario, tmp_path):
    state = play(new_game(str(K42), 12), 50)
    save(state, tmp_path / "g.json")
    loaded = load(tmp_path / "g.json")
    assert [str(a) for a in loaded.legal_actions()] == [str(a) for a in state.legal_actions()]
    play(state, 200, seed=9)
    play(loaded, 200, seed=9)
    assert loaded == state


def test_a_game_of_a_scenario_in_memory_saves_the_scenario_with_it(scenario, tmp_path):
    state = play(new_game(scenario, 13), 40)  # no file behind the scenario
    save(state, tmp_path / "g.json")
    data = json.loads((tmp_path / "g.json").read_text())
    assert data["scenario"] is None and data["scenario_data"]["title"] == scenario.title
    assert load(tmp_path / "g.json") == state
    assert load(tmp_path / "g.json", replay_actions=True) == state


def test_a_save_without_any_scenario_is_refused_with_its_name(scenario, tmp_path):
    save(new_game(scenario, 1), tmp_path / "g.json")
    data = json.loads((tmp_path / "g.json").read_text())
    del data["scenario_data"]
    (tmp_path / "g.json").write_text(json.dumps(data))
    with pytest.raises(ValueError, match="g.json: the save names no scenario"):
        load(tmp_path / "g.json")


def test_save_is_atomic(scenario, tmp_path):
    state = new_game(str(K42), 1)
    save(state, tmp_path / "g.json")
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]


def test_replay_rebuilds_the_game_from_seed_and_actions(scenario):
    state = play(new_game(scenario, 21), 300)
    assert replay(scenario, 21, list(state.actions)) == state


def test_same_seed_same_dice_different_seed_different_dice(scenario):
    a = play(new_game(scenario, 4), 400, seed=3)
    b = play(new_game(scenario, 4), 400, seed=3)
    assert a == b
    rolls = set()
    for seed in range(6):
        s = play(new_game(scenario, seed), 400, seed=3)
        rolls.add(tuple(e.die for e in s.log if e.kind == "DiceRolled"))
    assert len(rolls) > 1


def test_log_names_a_case_for_every_event(scenario):
    state = play(new_game(scenario, 2), 400)
    assert state.log and all(e.case for e in state.log)


def test_terminal_state_offers_nothing(scenario):
    state = play(new_game(scenario, 8), 100000)
    assert state.is_terminal and state.to_act is None
    assert len(state.legal_actions()) == 0
    assert state.log[-1].kind == "GameEnded"
    with pytest.raises(IllegalAction) as err:
        state.apply(EndPhase())
    assert err.value.case == "17.0"
    result = state.result()
    assert result.margin == result.vp["soviet"] - result.vp["axis"]


def test_random_player_reads_only_legal_actions(scenario):
    class Spy:
        def __init__(self, state):
            self._state = state
            self.calls = []

        def legal_actions(self):
            self.calls.append("legal_actions")
            return self._state.legal_actions()

        def __getattr__(self, name):
            raise AssertionError(f"the random player looked at state.{name}")

    state = new_game(scenario, 0)
    spy = Spy(state)
    action = make_player("random", "soviet", 0, "kharkov1942").choose(spy)
    assert spy.calls == ["legal_actions"] and action in state.legal_actions()


def test_unknown_player_name_is_refused():
    with pytest.raises(ValueError):
        make_player("clever", "axis", None, "kharkov1942")


def test_legal_moves_api_returns_reach_with_cost_and_path(scenario):
    state = new_game(scenario, 0)
    reach = state.legal_moves("su-t2")
    assert reach and all(r.path[0] == "0404" and r.path[-1] == h for h, r in reach.items())
    assert state.legal_moves("ge-1") == {}  # not the phasing player's


def test_apply_returns_the_events_it_logs(scenario):
    state = new_game(scenario, 0)
    n = len(state.log)
    events = state.apply(random.Random(1).choice(list(state.legal_actions().actions())))
    assert state.log[n:] == events

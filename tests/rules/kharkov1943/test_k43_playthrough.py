"""A whole Gallop game at random with every rule of supply, fog, arrivals and victory in play:
it ends with a victory level, keeps hidden units out of each side's observation, and replays
exactly from its action log."""
import json
import random

from kharkovsuite.rules.kharkov1943 import fog, supply

from .k43_helpers import fresh


def test_a_gallop_game_plays_to_its_end_with_a_victory_level_and_replays_exactly():
    state = fresh(7)
    rng = random.Random(7)
    kinds = set()
    while not state.terminal:
        actions = list(state.legal_actions().actions())
        assert actions and len(state.actions) < 5000
        action = rng.choice(actions)
        kinds.add(action.kind)
        turn = state.turn
        state.apply(action)
        if state.turn != turn:  # a new turn's supply phase has run: every unit on the map has its state
            on_map = [u for u, r in state.units.items() if r.hex is not None and state.board.units[u].values.kind != "supply_head"]
            assert all(state.game["supply"].get(u) in supply.STATUSES for u in on_map)
            for side in ("german", "soviet"):
                text = json.dumps(state.observation(side))
                assert not [u for u in fog.hidden_units(state, side) if f'"{u}"' in text]
    assert state.turn == state.board.data.special_rules.turns
    assert {"Enter", "Activate", "Move", "SetTop"} <= kinds
    result = state.result()
    assert result.level == "Draw" or result.level.endswith("victory")
    ended = state.log[-1]
    assert ended.kind == "GameEnded" and (ended.level, ended.winner, ended.vp) == (result.level, result.winner, result.vp)
    assert len(state.legal_actions().actions()) == 0
    replayed = fresh(7)
    for action in state.actions:
        replayed.apply(action)
    assert replayed == state


def test_18_a_set_up_other_than_the_historical_one_is_refused_naming_the_known_one():
    import pytest

    from kharkovsuite.rules.kharkov1943.rules import new_game

    from .k43_helpers import scenario

    with pytest.raises(ValueError) as info:
        new_game(scenario(), 1, "free")
    assert str(info.value) == "unknown set-up 'free' for kharkov1943 (known: historical)"

"""Random playouts with the invariants checked after each action; saves, the registry switch and
the supply trace of the three scenarios."""
from __future__ import annotations

import json
import random

import pytest

from kharkovsuite.engine.actions import Move
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.engine.state import GameState
from kharkovsuite.rules import RuleSystemUnavailable, system
from kharkovsuite.rules.kirovograd import counters, fight, orders, stacking, supply
from kharkovsuite.rules.kirovograd.board import SIDES
from kharkovsuite.rules.kirovograd.orders import OrdersGiven
from kharkovsuite.rules.kirovograd.rules import RULES

from .kiro_helpers import SCENARIOS, fresh


def _hidden_ok(state: GameState) -> None:
    """A side's orders, draft or sealed, never reach the other side's observation (3.3)."""
    for side in SIDES:
        foe = "soviet" if side == "german" else "german"
        seen = state.observation(foe)
        assert all(not (d["kind"] == orders.DECISION and d["side"] == side) for d in seen["pending"])
        assert side not in seen["turn_data"].get("sealed", {})
        if not state.turn_data.get("orders_revealed"):
            assert not seen["turn_data"].get("orders", {}).get(side)
        mine = next((d for d in state.pending if d.kind == orders.DECISION and d.side == side), None)
        if mine is not None and mine.data["draft"]:
            text = json.dumps(seen["pending"]) + json.dumps(seen["turn_data"], default=str)
            assert all(f'"{f}"' not in text for f in mine.data["draft"])


def _listed_apply(state: GameState, legal, rng: random.Random, sample: int) -> None:
    """A sample of the listed actions besides the one played: each applies to a copy of the
    position without a refusal (the copy starts with no kept searches, so the check runs afresh)."""
    for i in rng.sample(range(len(legal)), min(sample, len(legal))):
        action = legal[i]
        try:
            state.clone().apply(action)
        except IllegalAction as e:
            raise AssertionError(f"turn {state.turn}, {state.phase.id}: the listed {action} is refused: {e}") from e


def play(seed: int, turns: int, name: str = "historical", sample: int = 2) -> GameState:
    """A random game to the end of turn ``turns``, checking after each action the invariants and
    that ``sample`` other listed actions apply."""
    state = fresh(seed, name)
    rng = random.Random(seed)
    probe = random.Random(seed + 1000)  # the sample does not change the game played
    before_orders = {s: supply.side_total(state, s) for s in SIDES}
    while not state.is_terminal and state.turn <= turns:
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        _listed_apply(state, legal, probe, sample)
        events = state.apply(action)
        assert all(v >= 0 for v in state.game["supply"].values()), "8.1: a track below zero"
        if isinstance(action, Move):
            assert stacking.refusal(state, action.path[-1], ()) is None, "9.1: a move ended over the limit"
        given = [e for e in events if isinstance(e, OrdersGiven)]
        if given:
            for e in given:
                paid = sum(e.paid.values())
                want = sum(orders.cost(state, e.side, o) for o in e.orders.values())
                assert paid == want, "6.2: every order paid at its cost"
                assert before_orders[e.side] - supply.side_total(state, e.side) == paid
        if state.phase.id == "initiative" or (state.pending and state.pending[-1].kind == orders.DECISION and not state.pending[-1].data["draft"] and len(state.pending) == 2):
            before_orders = {s: supply.side_total(state, s) for s in SIDES}
        if state.phase.id.startswith("combat_") or state.phase.id.startswith("supply_"):
            for side in SIDES:
                for h in stacking.overstacked(state, side):  # 9.2, 17.3B: only a retreat overstacks, and says so
                    assert any(counters.has(state, u, fight.OVERSTACKED) for u in state.units_at(h)), f"9.1: {h} over the limit"
        _combat_ok(state)
        _hidden_ok(state)
    return state


def _combat_ok(state: GameState) -> None:
    """After every action: no hex holds both sides' units (17.4A, 18.3), no unit on the map has
    lost all its SP or more (16.0E), no SP count is negative (16.0C)."""
    for h, ids in state.at.items():
        assert len({state.units[u].side for u in ids}) == 1, f"{h} holds units of both sides"
        for u in ids:
            assert state.units[u].step >= 0 and counters.sp(state, u) >= 0, f"{u} has a negative SP count"
            assert fight._left(state, u) > 0, f"16.0E: {u} has lost all its SP but stays on the map"


@pytest.mark.parametrize("seed", [1, 2])
def test_random_playout_keeps_the_invariants(seed):
    state = play(seed, 2)
    assert state.turn == 3
    assert any(isinstance(a, Move) for a in state.actions)
    assert any(isinstance(e, OrdersGiven) for e in state.log)
    assert any(isinstance(e, fight.AttackFought) for e in state.log)  # combat is fought (15.8)


def test_random_playout_of_the_endgame_starts_on_game_turn_nine_at_night_on_turn_two():
    state = play(3, 1, "endgame")
    assert state.board.light(state.board.data.first_game_turn - 1 + 2) == "night"
    assert state.turn == 2


def test_saved_position_and_replay_give_the_same_game():
    state = fresh(4)
    rng = random.Random(4)
    for _ in range(60):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    restored = GameState(state.scenario, RULES, state.seed)
    restored.restore(state.to_dict())
    assert restored == state
    replayed = fresh(4)
    for action in state.actions:
        replayed.apply(action)
    assert replayed == state
    assert restored.legal_actions()[:] == state.legal_actions()[:]


def test_registry_refuses_play_but_admits_the_headless_tools(monkeypatch):
    import kharkovsuite.rules.kharkov1943 as k43
    import kharkovsuite.rules.kirovograd as kirovograd

    monkeypatch.setattr(kirovograd, "PLAYABLE", False)  # as while its engine was being written
    with pytest.raises(RuleSystemUnavailable, match="not playable"):
        system("kirovograd")
    assert system("kirovograd", headless=True).HEADLESS
    monkeypatch.setattr(k43, "PLAYABLE", False)  # a package not playable that says nothing of headless tools
    with pytest.raises(RuleSystemUnavailable, match="not playable"):
        system("kharkov1943", headless=True)


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_trace_reports_each_units_forward_supply_on_the_three_scenarios(name, capsys):
    from kharkovsuite.cli import main

    assert main(["trace", str(SCENARIOS[name]), "--side", "german", "--json"]) == 0
    reports = json.loads(capsys.readouterr().out)
    assert reports and all(r["path"] if r["in_supply"] else r["blocks"] or r["case"] == "8.4A" for r in reports)
    assert main(["trace", str(SCENARIOS[name]), "--side", "soviet", "--json"]) == 0
    soviet = json.loads(capsys.readouterr().out)
    assert any(r["in_supply"] and r["source_kind"] == "formation_hq" and len(r["path"]) > 1 for r in soviet)


def test_kept_zocs_and_movement_round_searches_match_fresh_ones():
    """Debug mode (``KHARKOV_CHECK_CACHES``): after each action every kept ZOC table and every
    kept search of the movement round equals a fresh computation."""
    state = fresh(7)
    state.check_caches = True
    rng = random.Random(7)
    moves = 0
    while moves < 25:
        legal = state.legal_actions()
        moving = [a for a in legal if isinstance(a, Move)]
        action = rng.choice(moving) if moving else legal[rng.randrange(len(legal))]
        state.apply(action)
        moves += isinstance(action, Move)
    assert state.cache.get("round")


def test_selfplay_seats_the_german_side_with_the_axis_player():
    from kharkovsuite.ai.selfplay import play_game

    from .kiro_helpers import scenario

    with pytest.raises(RuntimeError, match="did not end within 80 actions"):
        play_game(scenario(), 1, {"axis": "random", "soviet": "random"}, max_actions=80)


def test_save_clone_and_replay_hold_in_the_middle_of_combat():
    """A game stopped while a combat waits for a decision (a retreat, an option, an advance)
    restores, clones and replays to the same state, and lists the same actions."""
    state = fresh(5)
    rng = random.Random(5)
    while not (state.pending and state.pending[-1].kind in (fight.OPTION, fight.RETREAT, fight.ADVANCE)):
        legal = state.legal_actions().actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert any(isinstance(e, fight.AttackFought) for e in state.log)
    restored = GameState(state.scenario, RULES, state.seed)
    restored.restore(json.loads(json.dumps(state.to_dict())))
    assert restored == state
    assert state.clone() == state
    replayed = fresh(5)
    for action in state.actions:
        replayed.apply(action)
    assert replayed == state
    assert list(restored.legal_actions().actions()) == list(state.legal_actions().actions())
    action = state.legal_actions().actions()[0]
    assert restored.apply(action) == state.apply(action)
    assert restored == state


def test_listing_the_legal_actions_leaves_the_position_as_it_was():
    """Asking what may be done changes nothing a save holds: a game saved after a look at the
    legal actions equals its replay from the action log (which never asks)."""
    state = fresh(2)
    rng = random.Random(2)
    while not (state.phase.id.startswith("move_") and not state.pending and not state.phase_data):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    before = state.to_dict()
    assert len(state.legal_actions()) > 1
    assert state.to_dict() == before

"""The computer players: observation only, determinism, every decision kind, greedy odds, a short match."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from kharkovsuite.ai import PLAYERS, make_player
from kharkovsuite.ai.common import Knowledge, last_actions
from kharkovsuite.engine import Attack, new_game
from kharkovsuite.scenario import load_scenario

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "kharkov-1942.yaml"
DECISION_KINDS = ("air", "loss_or_retreat", "advance", "chase", "overstack")


@pytest.fixture(scope="module")
def scenario():
    return load_scenario(str(SCENARIO))


@pytest.fixture(scope="module")
def samples(scenario):
    """States met while random players play turns 1-2: the first of each pending decision kind
    and the first combat phase with several possible attacks, per side."""
    found: dict[str, object] = {}
    for seed in (3,):
        state = new_game(scenario, seed)
        players = {s: make_player("random", s, seed + k) for k, s in enumerate(("axis", "soviet"))}
        while not state.is_terminal and state.turn <= 2 and len(found) < 7:
            if state.pending and state.pending[-1].kind not in found:
                found[state.pending[-1].kind] = state.clone()
            elif not state.pending and state.phase.id.endswith("combat"):
                key = f"combat-{state.to_act}"
                if key not in found and sum(isinstance(a, Attack) for a in last_actions(state.legal_actions())) >= 2:
                    found[key] = state.clone()
            state.apply(players[state.to_act].choose(state))
    return found


def test_registry_names():
    for name in ("random", "greedy", "ai", "ai:easy", "ai:normal", "ai:hard"):
        assert name in PLAYERS


@pytest.mark.parametrize("kind", DECISION_KINDS)
def test_ai_takes_each_decision(samples, kind):
    if kind not in samples:
        pytest.skip(f"no {kind} decision met in the sample games")
    state = samples[kind]
    for name in ("ai", "greedy"):
        action = make_player(name, state.to_act, 1).choose(state)
        assert action in list(state.legal_actions())
        state.clone().apply(action)


def test_ai_does_not_peek_at_hidden_values(samples):
    """Re-seeding the dice of a clone (which decide untried strengths and combat) changes nothing."""
    for key, state in sorted(samples.items()):
        side = state.to_act
        scrambled = state.clone()
        scrambled.rng = random.Random(987654)
        a = make_player("ai", side, 5).choose(state.clone())
        b = make_player("ai", side, 5).choose(scrambled)
        assert a == b, key


def test_ai_is_deterministic_for_a_seed(scenario):
    runs = []
    for _ in range(2):
        state = new_game(scenario, 11)
        players = {s: make_player("ai", s, 7) for s in ("axis", "soviet")}
        for _ in range(40):
            state.apply(players[state.to_act].choose(state))
        runs.append(state.actions)
    assert runs[0] == runs[1]


@pytest.mark.parametrize("side", ["axis", "soviet"])
def test_greedy_prefers_the_best_odds(samples, side):
    key = f"combat-{side}"
    if key not in samples:
        pytest.skip(f"no {side} combat phase with several attacks met")
    state = samples[key]
    know = Knowledge(state, side)
    attacks = [a for a in last_actions(state.legal_actions()) if isinstance(a, Attack)]
    best = max(know.odds(a.attackers, a.targets) for a in attacks)
    action = make_player("greedy", side, 1).choose(state)
    if best >= 1.0:
        assert isinstance(action, Attack)
        assert know.odds(action.attackers, action.targets) == best
    else:
        assert not isinstance(action, Attack)


def _margin_after(scenario, axis: str, soviet: str, seed: int, turns: int) -> int:
    state = new_game(scenario, seed)
    players = {"axis": make_player(axis, "axis", seed), "soviet": make_player(soviet, "soviet", seed + 1)}
    while not state.is_terminal and state.turn <= turns:
        state.apply(players[state.to_act].choose(state))
    return state.result().margin


def test_short_match_ai_beats_random_as_axis(scenario):
    """Two games cut after turn 1: the ai's Axis ends ahead (Soviet-minus-Axis margin below zero)."""
    margins = [_margin_after(scenario, "ai", "random", seed, 1) for seed in (1, 2)]
    assert all(m < 0 for m in margins), margins

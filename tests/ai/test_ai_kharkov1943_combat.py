"""Kharkov 1943's computer player in combat (7): attacks priced by the system's attack preview
(the one odds query of kharkovsuite.ai.core.preview), losses and retreats."""
from __future__ import annotations

import math

import pytest

from kharkovsuite.ai.core.preview import preview_query
from kharkovsuite.ai.kharkov1943 import K43Player
from kharkovsuite.engine.actions import ChooseLoss, Retreat
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kharkov1943 import combat
from kharkovsuite.rules.kharkov1943.actions import AllotAir, Assault, EndReaction

from tests.rules.kharkov1943.k43_helpers import INF, INF2, PZ, bare, general

T = "2703"  # clear, with clear hexes all round (the combat tests' defender hex)
W = "2702"
SU3 = "su_48grd"  # Soviet rifle division of three steps: 5, 3, 1
SKI = "su_ski1"


def test_7_4_kharkov_1943_attack_preview_answers_the_cores_shape():
    state = general(bare({PZ: W, INF: W, SKI: T}))
    got = preview_query("kharkov1943")(state, "german", (PZ, INF), (T,), attack_type="normal")
    assert math.isclose(sum(got["outcomes"].values()), 1.0)
    assert set(got["losses"]) == set(got["outcomes"])
    assert all(isinstance(a, float) and isinstance(d, float) for a, d in got["losses"].values())
    assert any(d > 0 for _, d in got["losses"].values())
    with pytest.raises(IllegalAction, match="7.1"):
        preview_query("kharkov1943")(state, "soviet", (SKI,), (W,))


def test_7_the_ai_attacks_a_weak_stack_at_good_odds():
    state = general(bare({PZ: W, INF: W, INF2: W, SKI: T}))
    action = K43Player("german", 1).choose(state)
    assert isinstance(action, Assault) and action.target == T


def test_7_the_ai_does_not_attack_at_poor_odds():
    state = general(bare({INF: W, SU3: T}))
    assert not isinstance(K43Player("german", 1).choose(state), Assault)


def test_7_5_the_ai_retreats_rather_than_lose_a_step(monkeypatch):
    monkeypatch.setattr(combat, "read_crt", lambda state, p, events: ("1/2", 7))
    state = general(bare({INF: W, SU3: T}))
    state.apply(Assault(attackers=(INF,), target=T, types=("normal",)))
    while state.pending and state.pending[-1].kind in ("reaction", "air"):
        state.apply(EndReaction() if state.pending[-1].kind == "reaction" else AllotAir(points=0))
    assert state.to_act == "soviet"
    choice = K43Player("soviet", 1).choose(state)
    assert isinstance(choice, Retreat) and not isinstance(choice, ChooseLoss)

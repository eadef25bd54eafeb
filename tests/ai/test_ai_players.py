"""The computer players: every decision kind, observation only, determinism, greedy odds,
the planner's use of reserves, overruns and air supply, Operation Fredericus, a short match.

Decisions and combat phases are built directly on tests/data/k42-basic.yaml with the rule
tests' position helper (tests/rules/kharkov1942/k42_helpers.py), so every test always runs.
"""
from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from kharkovsuite.ai import PLAYERS, make_player
from kharkovsuite.ai.common import Knowledge
from kharkovsuite.ai.core.actions import last_actions
from kharkovsuite.ai.match import play_measured
from kharkovsuite.engine import Attack, EndPhase, Move, new_game
from kharkovsuite.engine.actions import AirSupply, CommitReserve, Overrun
from kharkovsuite.rules.kharkov1942 import sequence

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("k42_helpers", ROOT / "tests" / "rules" / "kharkov1942" / "k42_helpers.py")
k42 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(k42)


def _after_attack(roll: int):
    """ge-1 and ge-2 attack su-r1 with every die roll ``roll``; the first pending decision."""
    state = k42.position({"ge-1": "0505", "ge-2": "0404", "su-r1": "0504"}, phase="axis-combat")
    state.rng = k42.Dice(*[roll] * 8)
    state.apply(Attack(attackers=("ge-1", "ge-2"), targets=("0504",)))
    return state


def _decision(kind: str):
    """A state whose pending decision is ``kind`` (13.1 air, 9.5/9.6 loss or retreat, 9.7
    advance, 6.62 chase, 8.1 over-stack)."""
    if kind == "air":
        state = _after_attack(5)
    elif kind == "loss_or_retreat":
        state = _after_attack(5)
        state.apply(next(a for a in state.legal_actions() if a.kind == "CommitAir"))
    elif kind == "advance":
        state = _after_attack(1)
        state.apply(next(a for a in state.legal_actions() if a.kind == "CommitAir"))
    elif kind == "chase":
        state = k42.position({"ge-1": "0505", "su-t1": "0504"}, phase="axis-movement", turn=3)
        state.apply(Move(units=("ge-1",), path=state.legal_moves("ge-1")["0104"].path))
    else:
        units = ["su-r1", "su-r2", "su-r3", "su-r4"]
        state = k42.position({u: "0302" for u in units[:3]} | {"su-r4": "0303"})
        state.apply(Move(units=("su-r4",), path=("0303", "0302")))
        state.apply(EndPhase())
    assert state.pending and state.pending[-1].kind == kind, (kind, state.pending)
    state.rng = random.Random(0)  # the scripted dice are spent; later rolls are ordinary
    return state


DECISION_KINDS = ("air", "loss_or_retreat", "advance", "chase", "overstack")


def test_registry_names():
    for name in ("random", "greedy", "ai", "ai:easy", "ai:normal", "ai:hard"):
        assert name in PLAYERS


@pytest.mark.parametrize("kind", DECISION_KINDS)
@pytest.mark.parametrize("name", ["ai", "ai:easy", "ai:hard", "greedy"])
def test_players_take_each_decision(kind, name):
    state = _decision(kind)
    action = make_player(name, state.to_act, 1, "kharkov1942").choose(state)
    assert action in list(state.legal_actions())
    state.apply(action)


def test_8_1_ai_removes_the_weakest_over_stacked_unit():
    state = _decision("overstack")
    know = Knowledge(state, "soviet")
    weakest = min(sum(know.values(a.unit)) for a in state.legal_actions())
    action = make_player("ai", "soviet", 1, "kharkov1942").choose(state)
    assert sum(know.values(action.unit)) == weakest


def test_ai_does_not_peek_at_hidden_values(scenario):
    """Re-seeding the dice of a clone (the only hidden thing in a state: untried strengths are
    drawn at the instant of combat) changes no choice."""
    states = [_decision(k) for k in DECISION_KINDS] + [_several_attacks("axis"), _several_attacks("soviet")]
    game = new_game(scenario, 4)
    players = {s: make_player("ai", s, 3, "kharkov1942") for s in ("axis", "soviet")}
    for _ in range(25):
        game.apply(players[game.to_act].choose(game))
    states.append(game)
    for state in states:
        side = state.to_act
        scrambled = state.clone()
        scrambled.rng = random.Random(987654)
        a = make_player("ai", side, 5, "kharkov1942").choose(state.clone())
        b = make_player("ai", side, 5, "kharkov1942").choose(scrambled)
        assert a == b, state


def test_ai_is_deterministic_for_a_seed(scenario):
    runs = []
    for _ in range(2):
        state = new_game(scenario, 11)
        players = {s: make_player("ai", s, 7, "kharkov1942") for s in ("axis", "soviet")}
        for _ in range(60):
            state.apply(players[state.to_act].choose(state))
        runs.append(state.actions)
    assert runs[0] == runs[1]


def _several_attacks(side: str):
    """A combat phase where ``side`` has three possible attacks with different odds (9.2)."""
    if side == "axis":
        return k42.position({"ge-1": "0505", "ge-2": "0404", "su-r1": "0504", "su-t1": "0506"}, phase="axis-combat")
    return k42.position(
        {"su-r1": "0505", "su-r2": "0404", "su-hq6": "0403", "ge-r1": "0504", "ge-r2": "0506"}, phase="soviet-combat", turn=3
    )


@pytest.mark.parametrize("side", ["axis", "soviet"])
def test_9_2_greedy_prefers_the_best_odds(side):
    state = _several_attacks(side)
    know = Knowledge(state, side)
    attacks = [a for a in last_actions(state.legal_actions()) if isinstance(a, Attack)]
    assert len(attacks) >= 2
    odds = {a: know.odds(a.attackers, a.targets) for a in attacks}
    best = max(odds.values())
    assert best >= 1.0 and len(set(odds.values())) > 1
    action = make_player("greedy", side, 1, "kharkov1942").choose(state)
    assert isinstance(action, Attack) and odds[Attack(action.attackers, action.targets)] == best


def test_7_0_ai_overruns_a_lone_hq_in_the_counter_offensive():
    state = k42.position({"pz-1a": "0505", "pz-1b": "0505", "su-hq6": "0504", "su-r1": "0303"}, phase="axis-movement", turn=5)
    action = make_player("ai", "axis", 1, "kharkov1942").choose(state)
    assert isinstance(action, Overrun) and action.target == "0504"


def test_7_0_ai_does_not_overrun_while_holding():
    state = k42.position({"pz-1a": "0505", "pz-1b": "0505", "su-hq6": "0504", "su-r1": "0303"}, phase="axis-movement", turn=2)
    action = make_player("ai", "axis", 1, "kharkov1942").choose(state)
    assert not isinstance(action, Overrun)


def test_13_2_ai_air_supplies_the_hex_cut_off():
    state = k42.position({"ge-1": "0505", "su-r1": "0504"}, phase="axis-air-supply", turn=5)
    know = Knowledge(state, "axis")
    supplied = know.supplied_hexes("axis")
    outside = next(h for h in sorted(state.board.ids) if h not in supplied)
    state = k42.position({"ge-1": "0505", "ge-2": outside, "su-r1": "0504"}, phase="axis-air-supply", turn=5)
    player = make_player("ai", "axis", 1, "kharkov1942")
    know = Knowledge(state, "axis")
    assert "0505" in know.supplied_hexes("axis") and outside not in know.supplied_hexes("axis")
    chosen = player.pick_air_supply(know, [AirSupply(hex="0505"), AirSupply(hex=outside)])
    assert chosen == AirSupply(hex=outside)


def test_6_7_ai_commits_reserves_but_not_the_9th_army_before_turn_4(scenario):
    """6.74: three units on GT 2; 6.55: the 9th Army Reserve would wake the Axis south."""
    state = new_game(scenario, 2)
    sequence.go_to(state, "soviet-reserves", 2)
    player = make_player("ai", "soviet", 1, "kharkov1942")
    committed = []
    while state.phase.id == "soviet-reserves" and state.to_act == "soviet":
        action = player.choose(state)
        if not isinstance(action, CommitReserve):
            break
        committed.append(state.units[action.units[0]].box)
        state.apply(action)
    assert len(committed) == 3
    assert "reserve-9" not in committed
    assert not state.game["fredericus"]["active"]


def test_6_5_soviet_ai_does_not_wake_the_axis_south_on_turn_1(scenario):
    """6.52-6.54: the Soviet offensive leaves the frozen Axis south alone until turn 5."""
    state = new_game(scenario, 3)
    player = make_player("ai", "soviet", 1, "kharkov1942")
    while state.turn == 1 and state.to_act == "soviet":
        state.apply(player.choose(state))
    assert not state.game["fredericus"]["active"], state.game["fredericus"].get("case")


def test_short_match_ai_beats_random_as_axis(scenario):
    """Two games cut after turn 1: the ai's Axis ends ahead (Soviet-minus-Axis margin below zero)."""
    margins = []
    for seed in (1, 2):
        state = new_game(scenario, seed)
        players = {"axis": make_player("ai", "axis", seed, "kharkov1942"), "soviet": make_player("random", "soviet", seed + 1, "kharkov1942")}
        while not state.is_terminal and state.turn <= 1:
            state.apply(players[state.to_act].choose(state))
        margins.append(state.result().margin)
    assert all(m < 0 for m in margins), margins


def test_measured_match_records_the_margin_of_every_turn(scenario, monkeypatch):
    """17.0: margins are read each time the turn marker advances, the last one is the result."""
    monkeypatch.setattr(sequence, "last_turn", lambda state: 2)
    game = play_measured(scenario, {"axis": "greedy", "soviet": "greedy"}, 5)
    assert sorted(game["margins"]) == [1, 2]
    assert game["margins"][2] == game["margin"]
    # 17.3: the Axis points for unsupplied Soviet units are recorded beside each margin
    assert sorted(game["unsupplied"]) == [1, 2]
    assert all(v >= 0 for v in game["unsupplied"].values())

"""2.2: a general activation in which no unit can do anything closes as a pass, so a game never
reaches a position with no legal action (self-play found one: every German unit left was boxed
in by enemy zones of control with too few OP to move, attack or dig in)."""
from __future__ import annotations

import pytest

from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kharkov1943 import activation, movement, supply
from kharkovsuite.rules.kharkov1943.actions import Activate, Pass

from tests.rules.kharkov1943.k43_helpers import INF, PLAIN, bare


def test_2_2_an_activation_nobody_can_act_in_offers_a_pass_that_closes_it(monkeypatch):
    monkeypatch.setattr(supply, "op_allowance", lambda state, uid: 0)  # no OP to attack or dig in with
    def boxed_in(state, units, budget=None):  # no hex to move to
        start = state.units[units[0]].hex
        return movement.Found(start, {start: 0}, {start: None})

    monkeypatch.setattr(movement, "search", boxed_in)
    monkeypatch.setattr(movement, "reach", lambda state, units, budget=None: {})
    state = bare({INF: PLAIN}, side="german")
    state.apply(Activate())
    assert list(state.legal_actions().actions()) == [Pass()]
    state.apply(Pass())
    assert activation.current(state) is None
    assert state.turn == 3  # the pass ended the operations phase: the Soviet side has no unit to activate (2.1)


def test_2_2_an_activation_a_unit_can_act_in_refuses_the_pass():
    state = bare({INF: PLAIN}, side="german")
    state.apply(Activate())
    assert Pass() not in list(state.legal_actions().actions())
    with pytest.raises(IllegalAction, match=r"^2\.2: an activation is open: end it rather than pass$"):
        state.apply(Pass())

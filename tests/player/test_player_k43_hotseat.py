"""Kharkov 1943 played through the window only, both seats human: clicks on hexes and widgets, key presses.

Both of its scenarios: two whole turns of Gallop (a turn's end, and the weather, supply and initiative of the next),
and the campaign's first turn (its larger opening position).  At every step every kind of action the engine lists for
the side to act must be reachable from the window.
"""
from pathlib import Path

import pytest

from player.app import PlayerWindow

from .windowbot import WindowBot
from tests.startwait import wait_started

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("scenario", "turns"), [(ROOT / "scenarios" / "kharkov-1943-gallop.yaml", 2),
                                                (ROOT / "scenarios" / "kharkov-1943-campaign.yaml", 1)],
                         ids=["gallop", "campaign"])
def test_kharkov_1943_turns_played_hot_seat_through_the_window(qtbot, scenario, turns):
    w = PlayerWindow(scenario, seed=5, handover=False, autosave=None, interactive=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    wait_started(qtbot, w)
    # as a person who means to get on with the game: activations rather than passes (two passes in a row end the
    # operations phase, 2.2) or showing another unit on top of a stack
    bot = WindowBot(qtbot, w, seed=5, weights={"Activate": 3.0, "Pass": 0.3, "SetTop": 0.3, "Reconnoitre": 0.3})
    state = w.controller.state
    first = state.turn
    for _ in range(1500):
        if state.turn >= first + turns or state.is_terminal:
            break
        bot.assert_decision_in_view()
        bot.play_step(bot.check_offered())
        state = w.controller.state
    assert state.turn == first + turns or state.is_terminal, f"{turns} turns were not played: turn {state.turn}, {state.phase.id}"
    assert {"Activate", "Move", "EndActivation", "Pass", "Assault", "ChooseLoss"} <= set(bot.done), bot.done
    assert bot.offered_kinds <= set(bot.done) | bot.passed_over, sorted(bot.offered_kinds - set(bot.done))

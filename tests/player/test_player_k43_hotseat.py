"""Kharkov 1943 played through the window only, both seats human: clicks on hexes and widgets, key presses.

Both of its scenarios: a whole game of Gallop, from its first turn to the victory level (every turn's end, and the
weather, supply and initiative of the next), and the campaign's opening activations (its larger position).  At every step every kind of action the engine lists for
the side to act must be reachable from the window.
"""
from pathlib import Path

from player.app import PlayerWindow

from .windowbot import WindowBot, play_whole_game
from tests.startwait import wait_started

ROOT = Path(__file__).resolve().parents[2]


def _bot(qtbot, scenario):
    w = PlayerWindow(scenario, seed=5, handover=False, autosave=None, interactive=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    wait_started(qtbot, w)
    # as a person who means to get on with the game: activations rather than passes (two passes in a row end the
    # operations phase, 2.2) or showing another unit on top of a stack
    return w, WindowBot(qtbot, w, seed=5, weights={"Activate": 3.0, "Pass": 0.3, "SetTop": 0.3, "Reconnoitre": 0.3})


def test_a_whole_game_of_gallop_played_hot_seat_through_the_window(qtbot):
    w, bot = _bot(qtbot, ROOT / "scenarios" / "kharkov-1943-gallop.yaml")
    play_whole_game(qtbot, w, bot)
    state = w.controller.state
    assert state.is_terminal, f"turn {state.turn}, {state.phase.id}"
    assert any(e.kind == "GameEnded" for e in state.log)
    assert "game is over" in w.actions_panel.title.text()
    assert "Game over: " in w.log_panel.toPlainText() and "{" not in w.log_panel.toPlainText()  # the level in words
    assert not w.end_phase_action.isEnabled()
    assert {"Activate", "Move", "EndActivation", "Pass", "Assault", "ChooseLoss"} <= set(bot.done), bot.done
    assert bot.offered_kinds <= set(bot.done) | bot.passed_over, sorted(bot.offered_kinds - set(bot.done))


def test_the_campaign_s_opening_activations_played_hot_seat_through_the_window(qtbot):
    """The campaign's larger opening position, for 60 steps: a whole campaign turn, most units activating twice, took
    longer than all the rest of the suite; a turn's end and the next turn's phases are played on Gallop above."""
    w, bot = _bot(qtbot, ROOT / "scenarios" / "kharkov-1943-campaign.yaml")
    for _ in range(60):
        bot.assert_decision_in_view()
        bot.play_step(bot.check_offered())
    assert {"Activate", "Move", "EndActivation"} <= set(bot.done), bot.done
    assert bot.offered_kinds <= set(bot.done) | bot.passed_over, sorted(bot.offered_kinds - set(bot.done))

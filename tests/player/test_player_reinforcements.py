"""16.0 at the window: a person brings reinforcements on by mouse and by keyboard."""
from PySide6.QtCore import Qt

from .clicks import button, click_button, click_hex


def _entry_hexes(window):
    return sorted({r.path[0] for r in window.reach.values()})


def test_16_0_a_due_reinforcement_is_offered_in_the_actions_dock_and_enters_where_clicked(window, qtbot):
    state = window.controller.state
    assert state.phase.id == "soviet-movement" and state.units["su-tb-26"].hex is None
    assert "su-tb-26" in window.controller.waiting_to_enter()
    assert "reinforcement" in window.actions_panel.title.text()
    click_button(qtbot, window, "enter:su-tb-26")
    assert window.selected == ("su-tb-26",)
    entries = _entry_hexes(window)
    assert entries and all(h.endswith("01") for h in entries)  # the east edge (16.1)
    assert window.scene.overlay("reach") is not None
    click_hex(qtbot, window, entries[0])
    assert state.units["su-tb-26"].hex == entries[0]
    assert "su-tb-26" not in window.controller.waiting_to_enter()
    assert window.findChild(type(button(window, "enter:su-tb-27")), "enter:su-tb-26") is None


def test_16_0_a_reinforcement_enters_by_keyboard_alone(window, qtbot):
    state = window.controller.state
    window.view.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    uid = window.selected[0]
    assert uid in ("su-tb-26", "su-tb-27") and state.units[uid].hex is None
    cursor = window.view.cursor_hex
    assert cursor in window.reach
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    assert state.units[uid].hex == cursor


def test_16_0_end_phase_warns_about_reinforcements_still_waiting(window):
    forgotten = window.controller.forgotten()
    assert any("reinforcement" in line and window.controller.unit_name("su-tb-26") in line for line in forgotten)

"""Opening another scenario or starting a new one keeps the window whole: the map view keeps its
room, undo and redo keep their keys, and Qt has nothing to complain about."""
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer, qInstallMessageHandler
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from editor.document import Document

SMALL = Path(__file__).resolve().parent.parent / "data" / "small.yaml"
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
#: what the offscreen platform itself says about every top-level window; not the editor's doing
PLATFORM_NOISE = ("propagateSizeHints",)


@pytest.fixture
def qt_messages():
    """Every qDebug/qWarning/qCritical printed while the test runs."""
    seen: list[str] = []
    previous = qInstallMessageHandler(lambda _mode, _context, text: seen.append(text))
    yield seen
    qInstallMessageHandler(previous)


def editor_warnings(messages: list[str]) -> list[str]:
    return [m for m in messages if not any(n in m for n in PLATFORM_NOISE)]


@pytest.fixture
def window(make_window, small, qtbot):
    w = make_window(Document(small, SMALL))
    show_active(w, qtbot)
    return w


def show_active(window, qtbot) -> None:
    """Shown and active: keyboard shortcuts reach only the active window."""
    with qtbot.waitActive(window):
        window.show()
        window.activateWindow()


def click_action(qtbot, bar, action: QAction) -> None:
    qtbot.mouseClick(bar.widgetForAction(action), Qt.MouseButton.LeftButton)


def accept_next_dialog(qtbot) -> None:
    """Press OK in the dialog about to open (as a person would), once it is shown."""

    def accept():
        dialog = QApplication.activeModalWidget()
        assert dialog is not None, "no dialog opened"
        ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
        qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)

    QTimer.singleShot(50, accept)


def settle(qtbot) -> None:
    """Let deferred deletions and layouts happen, as the application's event loop would between
    two clicks (a test runs outside it, where deleteLater waits for the end of the test)."""
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    qtbot.wait(50)


def paint_forest(window) -> None:
    window.tools["terrain"].terrain = "forest"
    window.set_tool("terrain").click("0101")
    assert window.doc.scenario.map.terrain["0101"] == "forest"


def test_the_map_view_keeps_its_size_after_new_scenario_and_open(window, qtbot, qt_messages):
    settle(qtbot)
    width = window.view.width()
    assert width > 400
    window.ask_path = lambda saving: str(SMALL)
    with qtbot.captureExceptions() as raised:
        paint_forest(window)  # an edit to leave behind (the window asks, the test discards)
        accept_next_dialog(qtbot)
        click_action(qtbot, window.file_bar, window.act_new)
        settle(qtbot)
        assert window.doc.path is None  # the new, untitled scenario is shown
        assert window.view.width() >= width * 0.9
        window.set_tool("terrain").click("0101")
        click_action(qtbot, window.file_bar, window.act_open)
        settle(qtbot)
        assert window.doc.path == SMALL
        assert window.view.width() >= width * 0.9
        assert window.view.isVisible() and window.minimap.isVisible()
    assert [str(e[1]) for e in raised] == []
    assert editor_warnings(qt_messages) == []


@pytest.mark.parametrize("redo_key", [Qt.Key.Key_Z, Qt.Key.Key_Y], ids=["ctrl+shift+z", "ctrl+y"])
def test_keyboard_undo_and_redo_work_in_a_reopened_document(window, qtbot, qt_messages, redo_key):
    window.open_file(SMALL)
    settle(qtbot)
    paint_forest(window)
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Z, CTRL)
    assert window.doc.scenario.map.terrain.get("0101") != "forest"
    qtbot.keyClick(window.view, redo_key, CTRL | SHIFT if redo_key == Qt.Key.Key_Z else CTRL)
    assert window.doc.scenario.map.terrain["0101"] == "forest"
    assert editor_warnings(qt_messages) == []


def bound_keys(window) -> dict[str, list[str]]:
    """key -> the actions of the window that answer it (each action once per key it binds)."""
    found: dict[str, list[str]] = {}
    for act in window.findChildren(QAction):
        for key in act.shortcuts():
            found.setdefault(key.toString(), []).append(act.text())
    return found


def test_redo_binds_each_key_once_even_where_the_desktop_lists_ctrl_shift_z(make_window, small, qtbot, qt_messages, monkeypatch):
    # On X11 desktops Qt's own redo key is Ctrl+Shift+Z: an action bound to it twice answers it
    # with "Ambiguous shortcut overload" and does nothing.
    platform = QKeySequence.keyBindings
    desktop = {QKeySequence.StandardKey.Redo: [QKeySequence("Ctrl+Shift+Z")]}
    monkeypatch.setattr(QKeySequence, "keyBindings", staticmethod(lambda key: desktop.get(key) or platform(key)))
    window = make_window(Document(small, SMALL))
    show_active(window, qtbot)
    keys = [k.toString() for k in window.act_redo.shortcuts()]
    assert keys.count("Ctrl+Shift+Z") == 1 and keys.count("Ctrl+Y") == 1
    twice = {key: acts for key, acts in bound_keys(window).items() if len(acts) > 1}
    assert twice == {}
    paint_forest(window)
    window.act_undo.trigger()
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Z, CTRL | SHIFT)
    assert window.doc.scenario.map.terrain["0101"] == "forest"
    assert editor_warnings(qt_messages) == []


"""Driving the game window the way a person does: clicks on hexes and widgets, key presses.

Shared by the window tests: they never call the engine to act.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton


def click_hex(qtbot, window, location: str) -> None:
    """Left-click a hex (or off-map box) on the map, scrolling it into view first."""
    point = window.view.viewport_point(location)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def button(window, object_name: str) -> QAbstractButton:
    found = window.findChild(QAbstractButton, object_name)
    assert found is not None, f"no button {object_name!r} in the window"
    return found


def click_button(qtbot, window, object_name: str) -> None:
    b = button(window, object_name)
    assert b.isVisible() and b.isEnabled(), f"{object_name} cannot be clicked now"
    qtbot.mouseClick(b, Qt.MouseButton.LeftButton)


def key(qtbot, widget, key_code, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(widget, key_code, modifiers)


def answer_next_box(qtbot, button_name: str = "confirm_yes") -> list[str]:
    """Click ``button_name`` in the next modal box that opens; the returned list receives its text."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    seen: list[str] = []
    tries = [250]  # about five seconds: a box that never opens leaves nothing behind for the next test

    def click() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            tries[0] -= 1
            if tries[0] > 0:
                QTimer.singleShot(20, click)
            return
        seen.append(box.text() + "\n" + box.informativeText())
        target = box.findChild(QAbstractButton, button_name)
        assert target is not None, f"no {button_name} in the box {box.text()!r}"
        qtbot.mouseClick(target, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, click)
    return seen


def toolbar_click(qtbot, window, action) -> None:
    """Click the tool bar button of a QAction, as a person does."""
    from PySide6.QtWidgets import QToolBar

    for bar in window.findChildren(QToolBar):
        widget = bar.widgetForAction(action)
        if widget is not None and widget.isVisible():
            qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)
            return
    raise AssertionError(f"{action.text()} is on no visible tool bar")


def pick_in_stack(qtbot, window, uid: str) -> None:
    """Click one counter in the Stack dock (the list of the clicked hex's counters), selecting that unit alone."""
    from PySide6.QtWidgets import QListWidget

    listing = window.findChild(QListWidget, "stack_counters")
    window.inspector_dock.raise_()
    for row in range(listing.count()):
        item = listing.item(row)
        if item.data(Qt.ItemDataRole.UserRole).id == uid:
            listing.scrollToItem(item)
            qtbot.mouseClick(listing.viewport(), Qt.MouseButton.LeftButton, pos=listing.visualItemRect(item).center())
            return
    raise AssertionError(f"{uid} is not in the Stack dock")


def window_on(qtbot, scenario, state):
    """A hot-seat window (no hand-over screen) on ``state``, a position the test made, shown and started."""
    from player.app import PlayerWindow
    from player.controller import GameController
    from tests.startwait import wait_started

    w = PlayerWindow(scenario, controller=GameController(state), handover=False, autosave=None, interactive=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    wait_started(qtbot, w)
    return w

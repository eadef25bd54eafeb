"""The window's own controls: zoom, ending a phase, the hot-seat hand-over (findings of a new user)."""
from PySide6.QtCore import Qt

from kharkovsuite.view.counters import CounterPainter
from player.app import PlayerWindow

from .clicks import answer_next_box, toolbar_click
from .conftest import DEFAULT
from tests.startwait import wait_started


def _counter_px(window) -> float:
    return window.view.zoom * window.scene.counter_size


def test_zoom_in_and_out_from_the_tool_bar_and_the_view_menu(window, qtbot):
    start = window.view.zoom
    toolbar_click(qtbot, window, window.zoom_in_action)
    assert window.view.zoom > start
    window.zoom_out_action.trigger()  # as the View menu does: triggered(checked=False)
    window.zoom_out_action.trigger()
    assert window.view.zoom < start


def test_the_window_opens_and_fits_at_a_zoom_where_counters_can_be_read(window, qtbot):
    assert _counter_px(window) >= CounterPainter.MIN_TEXT_PX  # values and designations are drawn
    toolbar_click(qtbot, window, window.whole_map_action)
    assert _counter_px(window) < CounterPainter.MIN_TEXT_PX  # the whole map: an overview only
    qtbot.keyClick(window, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert _counter_px(window) >= CounterPainter.MIN_TEXT_PX


def test_end_phase_asks_first_and_lists_what_is_left(window, qtbot):
    window.confirming = True
    state = window.controller.state
    seen = answer_next_box(qtbot, "confirm_no")
    toolbar_click(qtbot, window, window.end_phase_action)
    assert state.phase.id == "soviet-movement"  # kept playing
    assert "reinforcement(s) may still enter" in seen[0] and "have not moved" in seen[0]
    seen = answer_next_box(qtbot, "confirm_yes")
    toolbar_click(qtbot, window, window.end_phase_action)
    assert seen and state.phase.id != "soviet-movement"


def test_the_hand_over_screen_ignores_clicks_and_needs_its_own_button(qtbot):
    w = PlayerWindow(DEFAULT, seed=3, handover=True, autosave=None)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    wait_started(qtbot, w)
    end_button = next(b for b in [bar.widgetForAction(w.end_phase_action) for bar in w.findChildren(type(w.situation_bar))] if b is not None)
    where = end_button.mapTo(w, end_button.rect().center())
    while w.controller.state.to_act != "axis":
        qtbot.mouseClick(end_button, Qt.MouseButton.LeftButton)
    phase = w.controller.state.phase.id
    assert w.curtain.isVisible()
    for _ in range(3):  # the quick clicks meant for End phase land on the curtain
        qtbot.mouseClick(w.curtain, Qt.MouseButton.LeftButton, pos=w.curtain.mapFrom(w, where))
    assert w.curtain.isVisible() and w.controller.state.phase.id == phase
    shot = w.grab().toImage()  # nothing of the next side's map or docks shows through
    corners = {shot.pixelColor(x, y).name() for x, y in ((5, 60), (shot.width() - 5, shot.height() - 5), (shot.width() // 4, shot.height() // 2))}
    assert corners == {"#14181c"}
    assert not w.curtain.button.isEnabled()  # armed only after a moment
    qtbot.waitUntil(w.curtain.button.isEnabled, timeout=3000)
    assert w.curtain.button.geometry().contains(w.curtain.mapFrom(w, where)) is False  # away from End phase
    qtbot.keyClick(w.curtain.button, Qt.Key.Key_Space)
    assert not w.curtain.isVisible()


def test_the_windows_controls_have_stable_names(window):
    from PySide6.QtGui import QAction

    names = {a.objectName() for a in window.findChildren(QAction)}
    assert {"end_phase", "undo", "rail", "declare", "zoom_in", "zoom_out", "fit", "whole_map", "enter", "how_to_play"} <= names
    assert window.findChild(type(window.view), "map") is window.view


def test_the_view_menu_lists_every_dock_in_the_order_of_the_windows_children(window):
    """The View menu's dock toggles come from the docks the window made (not from asking Qt for its children, which
    costs the start): the same docks, in the order findChildren gives, the Stack dock last once tabbed with the Legend."""
    from PySide6.QtWidgets import QDockWidget

    view_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    listed = [a for a in view_menu.actions() if any(a is d.toggleViewAction() for d in window.findChildren(QDockWidget))]
    children = [d for d in window.findChildren(QDockWidget) if d.objectName() not in ("trace_dock", "computer_turn")]
    assert [a.text() for a in listed] == [d.toggleViewAction().text() for d in children]
    assert [d.objectName() for d in children][-1] == "stack"

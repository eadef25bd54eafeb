"""MapView: clicks, hover, drags, zoom, pan, level of detail and the keyboard."""
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QImage, QMouseEvent, QPainter, QWheelEvent
from PySide6.QtWidgets import QApplication

from kharkovsuite.view.counters import CounterView


def view_point(view, hex_id: str) -> QPoint:
    return view.mapFromScene(view.map_scene().hex_center(hex_id))


def hover(view, pos: QPoint) -> None:
    """Move the pointer over the view without buttons, straight to the widget.

    QTest goes through the window system, whose pointer state other tests may have left
    with a button down (moves then go to the window that had the press).
    """
    vp = view.viewport()
    event = QMouseEvent(QEvent.Type.MouseMove, QPointF(pos), QPointF(vp.mapToGlobal(pos)), Qt.MouseButton.NoButton, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(vp, event)


def test_clicking_a_hex_centre_emits_its_id(qtbot, small_view):
    for hex_id in ("0101", "0405", "0810", "0707"):
        with qtbot.waitSignal(small_view.hex_clicked) as signal:
            qtbot.mouseClick(small_view.viewport(), Qt.MouseButton.LeftButton, pos=view_point(small_view, hex_id))
        assert signal.args == [hex_id]


def test_clicking_near_a_corner_picks_the_hex_containing_the_point(qtbot, small_view):
    scene = small_view.map_scene()
    c = scene.hex_center("0505")
    inside = small_view.mapFromScene(QPointF(c.x() + 30, c.y() + 10))
    with qtbot.waitSignal(small_view.hex_clicked) as signal:
        qtbot.mouseClick(small_view.viewport(), Qt.MouseButton.LeftButton, pos=inside)
    assert signal.args == ["0505"]


def test_clicking_a_counter_names_it(qtbot, small_view):
    with qtbot.waitSignal(small_view.counter_clicked) as signal:
        qtbot.mouseClick(small_view.viewport(), Qt.MouseButton.LeftButton, pos=view_point(small_view, "0406"))
    assert signal.args == ["0406", "ge-1"]


def test_double_click_and_hover(qtbot, small_view):
    with qtbot.waitSignal(small_view.hex_double_clicked) as signal:
        qtbot.mouseDClick(small_view.viewport(), Qt.MouseButton.LeftButton, pos=view_point(small_view, "0303"))
    assert signal.args == ["0303"]
    with qtbot.waitSignal(small_view.hex_hovered) as signal:
        hover(small_view, view_point(small_view, "0606"))
    assert signal.args == ["0606"]


def test_dragging_a_stack_to_a_hex_emits_hex_drop(qtbot, small_view):
    vp = small_view.viewport()
    start, end = view_point(small_view, "0406"), view_point(small_view, "0609")
    events = []
    small_view.counter_drag.connect(lambda *a: events.append(("drag", *a)))
    small_view.hex_drop.connect(lambda *a: events.append(("drop", *a)))
    small_view.counters_dropped.connect(lambda *a: events.append(("dropped", *a)))
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(vp, pos=start + QPoint(10, 10))
    assert small_view.map_scene().stack_item("0406").opacity() < 1.0  # the stack left behind is dimmed
    qtbot.mouseMove(vp, pos=end)
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=end)
    assert events == [("drag", "0406", ["ge-1"]), ("drop", "0406", "0609"), ("dropped", "0406", "0609", ["ge-1"])]
    assert small_view.map_scene().stack_item("0406").opacity() == 1.0
    # The view only reports the drop; the counter stays until the engine moves it.
    assert [cv.id for cv in small_view.map_scene().stack_at("0406")] == ["ge-1"]


def test_dragging_the_empty_map_pans_instead(qtbot, small_view):
    small_view.set_zoom(2.0)
    vp = small_view.viewport()
    before = small_view.horizontalScrollBar().value()
    start = view_point(small_view, "0505")
    drops = []
    small_view.hex_drop.connect(lambda *a: drops.append(a))
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(vp, pos=start + QPoint(20, 0))
    qtbot.mouseMove(vp, pos=start + QPoint(60, 0))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=start + QPoint(60, 0))
    assert small_view.horizontalScrollBar().value() < before
    assert drops == []


def test_zoom_in_out_and_fit(qtbot, small_view):
    z0 = small_view.zoom
    with qtbot.waitSignal(small_view.zoom_changed):
        small_view.zoom_in()
    assert small_view.transform().m11() > z0
    small_view.zoom_out()
    small_view.zoom_out()
    assert small_view.zoom < z0
    for _ in range(50):
        small_view.zoom_out()
    assert small_view.zoom >= small_view.min_zoom - 1e-9
    small_view.fit_map()
    visible = small_view.visible_scene_rect()
    assert visible.adjusted(-2, -2, 2, 2).contains(small_view.map_scene().map_rect)


def test_wheel_zooms_around_the_cursor(qtbot, small_view):
    vp = small_view.viewport()
    small_view.set_zoom(1.0)
    anchor = view_point(small_view, "0303")
    scene_before = small_view.mapToScene(anchor)
    event = QWheelEvent(QPointF(anchor), QPointF(vp.mapToGlobal(anchor)), QPoint(0, 0), QPoint(0, 120), Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(vp, event)
    assert small_view.zoom > 1.0
    after = small_view.mapToScene(anchor)
    assert abs(after.x() - scene_before.x()) < 2 and abs(after.y() - scene_before.y()) < 2


def test_level_of_detail_hides_counter_values_when_small(qtbot, small_view, monkeypatch):
    scene = small_view.map_scene()
    painted: list[str] = []
    painter = scene.counter_painter
    original = painter._texts

    def spy(p, rect, cv, ink):
        painted.append(cv.shown_values)
        return original(p, rect, cv, ink)

    monkeypatch.setattr(painter, "_texts", spy)
    monkeypatch.setattr(painter, "PICTURE_MAX_PX", 0)  # painted in place, not copied from pictures made before the spy

    def render():
        img = QImage(small_view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
        p = QPainter(img)
        small_view.render(p)
        p.end()

    threshold = painter.MIN_TEXT_PX / scene.counter_size
    small_view.set_zoom(threshold * 0.8)
    render()
    assert painted == []
    small_view.set_zoom(threshold * 1.5)
    render()
    assert "9-8" in painted and "U-7" in painted


def test_arrow_keys_pan_and_plus_minus_zoom(qtbot, small_view):
    small_view.setFocus()
    small_view.set_zoom(2.0)
    h = small_view.horizontalScrollBar().value()
    qtbot.keyClick(small_view, Qt.Key.Key_Right)
    assert small_view.horizontalScrollBar().value() > h
    v = small_view.verticalScrollBar().value()
    qtbot.keyClick(small_view, Qt.Key.Key_Down)
    assert small_view.verticalScrollBar().value() > v
    z = small_view.zoom
    qtbot.keyClick(small_view, Qt.Key.Key_Plus)
    assert small_view.zoom > z
    qtbot.keyClick(small_view, Qt.Key.Key_Minus)
    qtbot.keyClick(small_view, Qt.Key.Key_Minus)
    assert small_view.zoom < z
    qtbot.keyClick(small_view, Qt.Key.Key_0)
    assert small_view.visible_scene_rect().adjusted(-2, -2, 2, 2).contains(small_view.map_scene().map_rect)


def test_keyboard_cursor_selects_and_moves_counters(qtbot, small_view):
    small_view.setFocus()
    small_view.set_cursor_hex("0405")
    with qtbot.waitSignal(small_view.hex_hovered) as signal:
        qtbot.keyClick(small_view, Qt.Key.Key_Right, Qt.KeyboardModifier.ShiftModifier)
    # Columns grow west on this map, so east of 0405 is 0404.
    assert signal.args == ["0404"] and small_view.cursor_hex == "0404"
    with qtbot.waitSignal(small_view.hex_clicked) as signal:
        qtbot.keyClick(small_view, Qt.Key.Key_Return)
    assert signal.args == ["0404"]
    with qtbot.waitSignal(small_view.hex_double_clicked) as signal:
        qtbot.keyClick(small_view, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert signal.args == ["0404"]
    with qtbot.waitSignal(small_view.counter_drag) as signal:
        qtbot.keyClick(small_view, Qt.Key.Key_D)
    assert signal.args == ["0404", ["su-1"]]
    qtbot.keyClick(small_view, Qt.Key.Key_Down, Qt.KeyboardModifier.ShiftModifier)
    target = small_view.cursor_hex
    grid = small_view.map_scene().game_map.grid
    assert target in grid.neighbors("0404") and grid.row_col(target)[0] == 5
    with qtbot.waitSignal(small_view.hex_drop) as signal:
        qtbot.keyClick(small_view, Qt.Key.Key_D)
    assert signal.args == ["0404", target]


def test_cursor_walks_straight_up_and_down(qtbot, small_view):
    small_view.set_cursor_hex("0705")
    x = small_view.map_scene().hex_center("0705").x()
    for _ in range(4):
        qtbot.keyClick(small_view, Qt.Key.Key_Up, Qt.KeyboardModifier.ShiftModifier)
    assert small_view.cursor_hex == "0305"
    assert small_view.map_scene().hex_center("0305").x() == x


def test_hovering_a_stack_fans_it_out(qtbot, small_view):
    scene = small_view.map_scene()
    stack = [CounterView(id=f"c{i}", side="axis", nationality="german", values="9-8") for i in range(3)]
    scene.set_counters({"0707": stack})
    hover(small_view, view_point(small_view, "0707"))
    qtbot.waitUntil(lambda: scene.fanned == "0707", timeout=2000)
    # Over the fanned counters the stack stays open, even beyond its own hex.
    item = scene.stack_item("0707")
    hover(small_view, small_view.mapFromScene(item.counter_scene_rects()[2].center()))
    qtbot.wait(small_view.FAN_DELAY_MS + 50)
    assert scene.fanned == "0707"
    hover(small_view, view_point(small_view, "0101"))
    qtbot.waitUntil(lambda: scene.fanned is None, timeout=2000)


def test_the_map_viewport_is_made_in_python_and_set_up_as_qt_sets_up_its_own(small_view):
    """The view makes its viewport itself (PySide6 would otherwise search every QWidget class, making their enums, to
    wrap the one Qt makes: a start's processor time); it is the view's viewport, and Qt set it up as its own."""
    from shiboken6 import Shiboken

    vp = small_view.viewport()
    assert Shiboken.createdByPython(vp)
    assert vp.parent() is small_view and vp.focusProxy() is small_view
    assert vp.autoFillBackground() and vp.backgroundRole() == vp.palette().ColorRole.Base
    assert vp.hasMouseTracking()

"""The map widget: zoom, pan, hover, clicks, counter drags, keyboard use.

Mouse: wheel zooms around the cursor; drag with the middle or right button, or with space held,
or with the left button from a hex without counters, to pan; drag a stack (or one counter of a
fanned stack) with the left button to another hex to emit ``hex_drop``.

Keyboard: ``+``/``-`` zoom, ``0`` fits the map, arrows pan, Shift+arrows move the hex cursor,
Enter clicks the cursor's hex (Shift+Enter double-clicks), ``D`` picks up the stack under the
cursor and drops it on the next ``D`` or Enter, Escape cancels.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QTransform, QWheelEvent
from PySide6.QtWidgets import QApplication, QGraphicsView, QWidget

from .scene import MapScene
from .stacks import DRAG_Z, StackItem


class MapView(QGraphicsView):
    """A view on a :class:`MapScene`.  Locations in signals are hex ids (or off-map box ids)."""

    hex_clicked = Signal(str)
    hex_double_clicked = Signal(str)
    hex_hovered = Signal(str)  # "" when the pointer leaves the map
    hex_context_menu = Signal(str, QPoint)  # right click without a drag; global position
    counter_clicked = Signal(str, str)  # location, counter id
    counter_drag = Signal(str, list)  # a drag started: from location, counter ids
    hex_drop = Signal(str, str)  # a drag ended on another location: from, to
    counters_dropped = Signal(str, str, list)  # from, to, counter ids
    zoom_changed = Signal(float)
    viewport_changed = Signal()

    ZOOM_STEP = 1.25
    MAX_ZOOM = 8.0
    READABLE_COUNTER_PX = 34.0  # on-screen counter size at which its values and designation can be read
    FAN_DELAY_MS = 300

    def __init__(self, scene: MapScene, parent=None):
        super().__init__(scene, parent)
        # The map's viewport is made here, as the one Qt makes by itself: a widget Qt made is wrapped for Python, at the
        # first viewport() call, by trying the classes it may be (every QWidget subclass PySide6 knows), which makes
        # the Python enums of each on the way (some 70 of them: 10 to 20 ms of processor time at every start).
        self.setViewport(QWidget())
        self._scene = scene
        # The view owns a scene nobody else owns.  Left to Python, the scene would die with the
        # last reference to it, which can be this view's own attribute while the view is being
        # destroyed; the scene then detaches from the half-destroyed view and crashes in its
        # scroll bar signals.  Qt ownership deletes it after the view has let go of it.
        if scene.parent() is None:
            scene.setParent(self)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        # Items are cached as pixmaps; SmartViewportUpdate repaints the bounding region of what
        # changed, and the solid background is cached too.
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing, True)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName("Map")
        self.setAccessibleDescription("Hex map. Shift and the arrow keys move the hex cursor, Enter selects, plus and minus zoom.")
        self._auto_fit = True
        self.readable_fit = False  # fit() keeps counters readable rather than showing the whole map
        self._fit_centre: QPointF | None = None
        self._space = False
        self._press: tuple[Qt.MouseButton, QPoint, str | None, StackItem | None, list[str]] | None = None
        self._panning: QPoint | None = None
        self._moved = False
        self._drag: tuple[str, list[str], StackItem] | None = None
        self._ghost: StackItem | None = None
        self._hover: str | None = None
        self._cursor: str | None = None
        self._cursor_axis: tuple[str, float] | None = None
        self._key_drag: tuple[str, list[str]] | None = None
        self._fan_timer = QTimer(self)
        self._fan_timer.setSingleShot(True)
        self._fan_timer.timeout.connect(self._fan_pending)
        self._fan_target: str | None = None
        self.horizontalScrollBar().valueChanged.connect(self.viewport_changed)
        self.verticalScrollBar().valueChanged.connect(self.viewport_changed)

    def map_scene(self) -> MapScene:
        return self._scene

    # ------------------------------------------------------------------ zoom

    @property
    def zoom(self) -> float:
        return self.transform().m11()

    @property
    def min_zoom(self) -> float:
        return self._fit_zoom() * 0.5

    def _fit_zoom(self) -> float:
        r = self._scene.scene_map_rect
        vp = self.viewport().rect()
        if r.isEmpty() or vp.isEmpty():
            return 1.0
        return min(vp.width() / r.width(), vp.height() / r.height())

    def set_zoom(self, zoom: float, anchor: QPointF | None = None) -> None:
        """Zoom to ``zoom`` view pixels per scene unit, keeping the scene point under ``anchor`` (view coordinates) still."""
        zoom = max(self.min_zoom, min(self.MAX_ZOOM, zoom))
        if math.isclose(zoom, self.zoom, rel_tol=1e-9):
            return
        if anchor is None:
            anchor = QPointF(self.viewport().rect().center())
        before = self.mapToScene(anchor.toPoint())
        old = self.transformationAnchor()
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setTransform(QTransform.fromScale(zoom, zoom))
        self.setTransformationAnchor(old)
        now = self.mapFromScene(before)
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + now.x() - round(anchor.x()))
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + now.y() - round(anchor.y()))
        self._zoomed()

    def zoom_in(self, anchor: QPointF | None = None) -> None:
        self._auto_fit = False
        self.set_zoom(self.zoom * self.ZOOM_STEP, anchor)

    def zoom_out(self, anchor: QPointF | None = None) -> None:
        self._auto_fit = False
        self.set_zoom(self.zoom / self.ZOOM_STEP, anchor)

    def fit_map(self) -> None:
        """Show the whole map (and its off-map boxes)."""
        self.resetTransform()
        z = self._fit_zoom()
        self.scale(z, z)
        self.centerOn(self._scene.scene_map_rect.center())
        self._auto_fit = True
        self._zoomed()

    def readable_zoom(self) -> float:
        """The zoom at which a counter is READABLE_COUNTER_PX on screen."""
        return self.READABLE_COUNTER_PX / self._scene.counter_size

    def fit_readable(self, centre: QPointF | None = None) -> None:
        """The whole map if its counters can be read at that zoom, else the readable zoom around ``centre`` (the map's centre by default)."""
        self.fit_map()
        if centre is not None:
            self._fit_centre = centre
        if self.zoom < self.readable_zoom():
            self.set_zoom(self.readable_zoom())
            self.centerOn(self._fit_centre or self._scene.scene_map_rect.center())
            self.viewport_changed.emit()
        self._auto_fit = True

    def fit(self) -> None:
        """Fit as this view is set to: readable (:attr:`readable_fit`) or the whole map."""
        self.fit_readable() if self.readable_fit else self.fit_map()

    def _zoomed(self) -> None:
        self._scene.set_view_scale(self.zoom * self.devicePixelRatioF())
        self.zoom_changed.emit(self.zoom)
        self.viewport_changed.emit()

    def center_on_hex(self, location: str) -> None:
        self.center_on_point(self._scene.location_center(location))

    def center_on_point(self, scene_point: QPointF) -> None:
        self._auto_fit = False
        self.centerOn(scene_point)
        self.viewport_changed.emit()

    def viewport_point(self, location: str, ensure_visible: bool = True) -> QPoint:
        """Where a hex (or off-map box) is drawn, in viewport pixels: the point to click it.

        With ``ensure_visible`` the map scrolls first if the location is outside the viewport,
        so tests and tools click hexes the way a person does.
        """
        centre = self._scene.location_center(location)
        if ensure_visible and not self.viewport().rect().adjusted(4, 4, -4, -4).contains(self.mapFromScene(centre)):
            self.center_on_point(centre)
        return self.mapFromScene(centre)

    def visible_scene_rect(self) -> QRectF:
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def pan(self, dx: int, dy: int) -> None:
        """Scroll by view pixels."""
        self._auto_fit = False
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + dx)
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + dy)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        if self._auto_fit:
            self.fit()
        self.viewport_changed.emit()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        if self._auto_fit:
            self.fit()

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 - Qt API
        steps = event.angleDelta().y() / 120.0
        if steps == 0:
            return
        self._auto_fit = False
        self.set_zoom(self.zoom * self.ZOOM_STEP**steps, event.position())
        event.accept()

    # ------------------------------------------------------------------ mouse

    def _location(self, view_pos: QPoint | QPointF) -> str | None:
        p = view_pos.toPoint() if isinstance(view_pos, QPointF) else view_pos
        return self._scene.location_at(self.mapToScene(p))

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        pos = event.position().toPoint()
        button = event.button()
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        self._moved = False
        if button in (Qt.MouseButton.MiddleButton, Qt.MouseButton.RightButton) or (button == Qt.MouseButton.LeftButton and self._space):
            self._press = (button, pos, self._location(pos), None, [])
            self._panning = pos
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        if button == Qt.MouseButton.LeftButton:
            scene_pos = self.mapToScene(pos)
            item = self._scene.stack_item_at(scene_pos)
            ids: list[str] = []
            if item is not None:
                picked = item.counter_at(scene_pos)
                ids = [picked.id] if item.fanned and picked is not None else [cv.id for cv in item.counters]
            self._press = (button, pos, self._location(pos), item, ids)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        pos = event.position().toPoint()
        if self._press is not None and not self._moved:
            if (pos - self._press[1]).manhattanLength() >= QApplication.startDragDistance():
                self._moved = True
                button, _, loc, item, ids = self._press
                if button == Qt.MouseButton.LeftButton and self._panning is None:
                    if item is not None and loc is not None:
                        self._start_drag(item.location, ids, item)
                    else:
                        self._panning = self._press[1]
                        self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        if self._panning is not None and self._moved:
            delta = pos - self._panning
            self._panning = pos
            self.pan(-delta.x(), -delta.y())
        elif self._drag is not None:
            scene_pos = self.mapToScene(pos)
            if self._ghost is not None:
                self._ghost.setPos(scene_pos)
            target = self._scene.location_at(scene_pos)
            self._scene.set_drop_target(target if target != self._drag[0] else None)
        self._update_hover(pos)
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        pos = event.position().toPoint()
        press, self._press = self._press, None
        if self._drag is not None:
            self._finish_drag(self._location(pos))
        elif press is not None and not self._moved:
            button, _, loc, item, ids = press
            if button == Qt.MouseButton.LeftButton and loc is not None:
                if item is not None:
                    picked = item.counter_at(self.mapToScene(pos))
                    if picked is not None:
                        self.counter_clicked.emit(item.location, picked.id)
                self.set_cursor_hex(loc, ensure_visible=False)
                self.hex_clicked.emit(loc)
            elif button == Qt.MouseButton.RightButton and loc is not None:
                self.hex_context_menu.emit(loc, event.globalPosition().toPoint())
        if self._panning is not None:
            self._panning = None
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor if self._space else Qt.CursorShape.ArrowCursor)
        self._moved = False
        event.accept()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        if event.button() == Qt.MouseButton.LeftButton:
            loc = self._location(event.position().toPoint())
            if loc is not None:
                self.hex_double_clicked.emit(loc)
            event.accept()
            return
        super().mouseDoubleClickEvent(event)

    def leaveEvent(self, event) -> None:  # noqa: N802 - Qt API
        self._set_hover(None)
        self._fan_timer.stop()
        self._scene.fan_out(None)
        super().leaveEvent(event)

    def _update_hover(self, pos: QPoint) -> None:
        scene_pos = self.mapToScene(pos)
        fanned = self._scene.fanned
        if fanned is not None:
            item = self._scene.stack_item(fanned)
            if item is not None and item.sceneBoundingRect().contains(scene_pos):
                return
        loc = self._scene.location_at(scene_pos)
        self._set_hover(loc)
        if self._drag is not None:
            return
        if loc is not None and len(self._scene.stack_at(loc)) > 1 and loc in self._scene.game_map:
            if fanned != loc and self._fan_target != loc:
                self._fan_target = loc
                self._fan_timer.start(self.FAN_DELAY_MS)
        else:
            self._fan_target = None
            self._fan_timer.stop()
            self._scene.fan_out(None)

    def _fan_pending(self) -> None:
        if self._fan_target is not None and self._fan_target == self._hover:
            self._scene.fan_out(self._fan_target)

    def _set_hover(self, loc: str | None) -> None:
        if loc == self._hover:
            return
        self._hover = loc
        self._scene.set_hover_hex(loc)
        self.hex_hovered.emit(loc or "")

    # ------------------------------------------------------------------ dragging counters

    def _start_drag(self, location: str, ids: list[str], item: StackItem) -> None:
        self._scene.fan_out(None)
        self._fan_timer.stop()
        counters = [cv for cv in self._scene.stack_at(location) if cv.id in ids]
        ghost = self._scene.make_stack_item(location, counters)
        ghost.setZValue(DRAG_Z)
        ghost.setOpacity(0.85)
        ghost.setPos(item.scenePos())
        self._scene.addItem(ghost)
        item.setOpacity(0.35)
        self._ghost = ghost
        self._drag = (location, ids, item)
        self.viewport().setCursor(Qt.CursorShape.DragMoveCursor)
        self.counter_drag.emit(location, list(ids))

    def _finish_drag(self, target: str | None) -> None:
        origin, ids, item = self._drag
        self._drag = None
        if self._ghost is not None:
            self._scene.removeItem(self._ghost)
            self._ghost = None
        item.setOpacity(1.0)
        self._scene.set_drop_target(None)
        self.viewport().setCursor(Qt.CursorShape.ArrowCursor)
        if target is not None and target != origin:
            self.hex_drop.emit(origin, target)
            self.counters_dropped.emit(origin, target, list(ids))

    # ------------------------------------------------------------------ keyboard

    @property
    def cursor_hex(self) -> str | None:
        return self._cursor

    def set_cursor_hex(self, hex_id: str | None, ensure_visible: bool = True) -> None:
        self._cursor = hex_id
        self._scene.set_cursor_hex(hex_id)
        if hex_id is not None and hex_id in self._scene.game_map:
            c = self._scene.hex_center(hex_id)
            if ensure_visible:
                m = int(self._scene.counter_size * self.zoom)
                self.ensureVisible(QRectF(c.x() - 1, c.y() - 1, 2, 2), m, m)
            self.hex_hovered.emit(hex_id)

    def _move_cursor(self, dx: int, dy: int) -> None:
        """Step the hex cursor to the neighbour most nearly in direction (dx, dy).

        Rows of a hex grid zigzag; the cursor remembers the line it travels along (its x when
        going up or down, its y when going sideways) so repeated steps keep to it.
        """
        gm = self._scene.game_map
        if self._cursor is None or self._cursor not in gm:
            centre = self.mapToScene(self.viewport().rect().center())
            self.set_cursor_hex(self._scene.hex_at(centre) or gm.hex_ids[0])
            return
        here = self._scene.hex_center(self._cursor)
        kind = "v" if dy else "h"
        if self._cursor_axis is None or self._cursor_axis[0] != kind:
            self._cursor_axis = (kind, here.x() if dy else here.y())
        axis = self._cursor_axis[1]
        best, best_key = None, None
        for n in gm.neighbors(self._cursor):
            c = self._scene.hex_center(n)
            vx, vy = c.x() - here.x(), c.y() - here.y()
            cos = (vx * dx + vy * dy) / (math.hypot(vx, vy) * math.hypot(dx, dy))
            if cos < 0.3:
                continue
            drift = abs(c.x() - axis) if dy else abs(c.y() - axis)
            key = (round(-cos, 3), round(drift, 3))
            if best_key is None or key < best_key:
                best, best_key = n, key
        if best is not None:
            self.set_cursor_hex(best)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt API
        key, mods = event.key(), event.modifiers()
        shift = bool(mods & Qt.KeyboardModifier.ShiftModifier)
        arrows = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1)}
        if key == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
        elif key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_in()
        elif key in (Qt.Key.Key_Minus, Qt.Key.Key_Underscore):
            self.zoom_out()
        elif key in (Qt.Key.Key_0, Qt.Key.Key_F):
            self.fit()
        elif key in arrows:
            dx, dy = arrows[key]
            if shift:
                self._move_cursor(dx, dy)
            else:
                vp = self.viewport().rect()
                self.pan(dx * vp.width() // 8, dy * vp.height() // 8)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if self._cursor is None:
                self._move_cursor(0, 0)
            elif self._key_drag is not None:
                self._key_drop()
            elif shift:
                self.hex_double_clicked.emit(self._cursor)
            else:
                self.hex_clicked.emit(self._cursor)
        elif key == Qt.Key.Key_D:
            if self._key_drag is None:
                self._key_pick()
            else:
                self._key_drop()
        elif key == Qt.Key.Key_Escape:
            if self._key_drag is not None:
                self._key_drag = None
                self._scene.set_drop_target(None)
            self._scene.fan_out(None)
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def keyReleaseEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt API
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            self.viewport().setCursor(Qt.CursorShape.ArrowCursor)
            event.accept()
            return
        super().keyReleaseEvent(event)

    def _key_pick(self) -> None:
        if self._cursor is None:
            return
        ids = [cv.id for cv in self._scene.stack_at(self._cursor)]
        if ids:
            self._key_drag = (self._cursor, ids)
            self._scene.set_drop_target(self._cursor)
            self.counter_drag.emit(self._cursor, ids)

    def _key_drop(self) -> None:
        origin, ids = self._key_drag
        self._key_drag = None
        self._scene.set_drop_target(None)
        if self._cursor is not None and self._cursor != origin:
            self.hex_drop.emit(origin, self._cursor)
            self.counters_dropped.emit(origin, self._cursor, ids)

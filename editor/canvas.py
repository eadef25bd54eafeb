"""The editor's map: the shared :class:`~kharkovsuite.view.MapView` with tool strokes and unit drops.

:class:`EditorMapView` adds to the shared view only what editing needs: while a painting
tool is active, the left button presses, drags and releases on hexes (instead of panning),
units dragged from the order of battle can be dropped on it, and Enter, Escape, Backspace
and Delete go to the tool.  :class:`MapSync` keeps the scene in step with the document,
rebuilding only the layers an edit touched, and shows the active tool's overlay.
"""
from __future__ import annotations

from PySide6.QtCore import QObject, QPointF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem

from kharkovsuite.view import MapScene, MapView, counter_views_from_scenario
from kharkovsuite.view import style as S

from .document import Document
from .tablemodel import UNIT_MIME
from .tools import Overlay, Tool

#: changed document parts -> the scene layers to rebuild
LAYERS_OF_PART = {
    "map.terrain": ("terrain",),
    "map.terrain_types": ("terrain", "areas"),
    "map.default_terrain": ("terrain",),
    "map.hexsides": ("hexsides",),
    "map.hexside_types": ("hexsides",),
    "map.roads": ("roads",),
    "map.railroads": ("rails",),
    "map.cities": ("cities", "terrain"),
    "map.places": ("places",),
    "map.lines": ("lines", "areas"),
    "map.areas": ("areas", "boxes"),
    "setup": ("areas", "boxes"),
    "sides": ("areas",),
}
TOOL_OVERLAY = "editor-tool"
PROBLEM_OVERLAY = "editor-problem"


def layers_for(parts) -> tuple[str, ...] | None:
    """The layers to rebuild after a change of ``parts``; None means all (the grid changed)."""
    if parts == "*" or "map.grid" in parts:
        return None
    names: list[str] = []
    for part in parts:
        for name in LAYERS_OF_PART.get(part, ()):
            if name not in names:
                names.append(name)
    return tuple(names)


def map_units(pos: QPointF) -> tuple[float, float]:
    """Scene coordinates to map units (hex size 1), the units tools and scenario lines use."""
    return (pos.x() / S.HEX_SIZE, pos.y() / S.HEX_SIZE)


class EditorMapView(MapView):
    """The shared map view, with mouse strokes for the active tool and drops from the tables."""

    unit_dropped = Signal(list, str)  # unit ids, location (hex or box id)

    def __init__(self, scene: MapScene, parent=None):
        super().__init__(scene, parent)
        self.tool: Tool | None = None
        self.painting = False  # the active tool takes the left button (brushes, lines)
        self._stroke = False
        self.setAcceptDrops(True)
        self.viewport().setAcceptDrops(True)

    def set_tool(self, tool: Tool, painting: bool) -> None:
        if self.tool is not None and self.tool is not tool:
            self.tool.cancel()
        self.tool = tool
        self.painting = painting
        self.viewport().setCursor(Qt.CursorShape.CrossCursor if painting else Qt.CursorShape.ArrowCursor)

    # --- strokes
    def _hex_and_pos(self, event: QMouseEvent) -> tuple[str | None, tuple[float, float]]:
        scene_pos = self.mapToScene(event.position().toPoint())
        return self.map_scene().hex_at(scene_pos), map_units(scene_pos)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        if self.painting and event.button() == Qt.MouseButton.LeftButton:
            hex_id, pos = self._hex_and_pos(event)
            self.setFocus(Qt.FocusReason.MouseFocusReason)
            if hex_id is not None and self.tool is not None:
                self._stroke = True
                self.tool.press(hex_id, pos)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        if self.painting and self._stroke:
            hex_id, pos = self._hex_and_pos(event)
            if hex_id is not None and self.tool is not None:
                self.tool.drag(hex_id, pos)
            self._set_hover_from(event)
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        if self.painting and event.button() == Qt.MouseButton.LeftButton:
            hex_id, pos = self._hex_and_pos(event)
            if self._stroke and self.tool is not None:
                self.tool.release(hex_id, pos)
            self._stroke = False
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        if self.painting and event.button() == Qt.MouseButton.LeftButton and self.tool is not None:
            self.tool.finish()
            event.accept()
            return
        super().mouseDoubleClickEvent(event)

    def _set_hover_from(self, event: QMouseEvent) -> None:
        self._update_hover(event.position().toPoint())

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt API
        tool, key = self.tool, event.key()
        if tool is not None and self.painting:
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and tool.key == "line":
                tool.finish()
                event.accept()
                return
            if key == Qt.Key.Key_Escape:
                tool.cancel()
                event.accept()
                return
            if key == Qt.Key.Key_Backspace and hasattr(tool, "take_back"):
                tool.take_back()
                event.accept()
                return
        if tool is not None and tool.key == "units" and key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            where = self.cursor_hex or self._hover
            if where:
                tool.remove_at(where)
            event.accept()
            return
        super().keyPressEvent(event)

    # --- drops from the order of battle
    def _unit_ids(self, event) -> list[str]:
        mime = event.mimeData()
        if not mime.hasFormat(UNIT_MIME):
            return []
        return [u for u in bytes(mime.data(UNIT_MIME)).decode().split("\n") if u]

    def dragEnterEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self._unit_ids(event):
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dragMoveEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self._unit_ids(event):
            where = self.map_scene().location_at(self.mapToScene(event.position().toPoint()))
            self.map_scene().set_drop_target(where)
            event.acceptProposedAction()
        else:
            super().dragMoveEvent(event)

    def dragLeaveEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.map_scene().set_drop_target(None)
        super().dragLeaveEvent(event)

    def dropEvent(self, event) -> None:  # noqa: N802 - Qt API
        ids = self._unit_ids(event)
        if not ids:
            super().dropEvent(event)
            return
        self.map_scene().set_drop_target(None)
        where = self.map_scene().location_at(self.mapToScene(event.position().toPoint()))
        if where is not None:
            self.unit_dropped.emit(ids, where)
        event.acceptProposedAction()


class MapSync(QObject):
    """Keeps a :class:`MapScene` showing the document, and the active tool's overlay on it."""

    def __init__(self, doc: Document, scene: MapScene, parent: QObject | None = None):
        super().__init__(parent)
        self.doc = doc
        self.scene = scene
        self.tool: Tool | None = None
        self.rebuilds = 0
        self._pending: set[str] = set()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.flush)
        self._draft = QGraphicsPathItem()
        pen = QPen(QColor(S.OKABE_ITO["vermillion"]), S.HEX_SIZE * 0.09, Qt.PenStyle.DashLine)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        self._draft.setPen(pen)
        self._draft.setZValue(90)
        self._draft.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        scene.addItem(self._draft)
        doc.changed.connect(self.schedule)
        self.update_counters()

    def schedule(self, parts) -> None:
        """Redraw once the events queued now are handled: a fast stroke redraws once, not per hex."""
        self._pending |= {"*"} if parts == "*" else set(parts)
        self._timer.start()

    def flush(self) -> None:
        """Bring the scene up to date now (tests and screenshots call this)."""
        self._timer.stop()
        if self._pending:
            parts, self._pending = self._pending, set()
            self.update_scene("*" if "*" in parts else frozenset(parts))

    def update_scene(self, parts) -> None:
        layers = layers_for(parts)
        if layers is None or layers:
            self.scene.set_scenario(self.doc.scenario, self.doc.gmap, layers)
            self.rebuilds += 1
        else:
            self.scene.scenario = self.doc.scenario
        if parts == "*" or parts & {"units", "unit_types", "setup", "untried_pools", "sides", "map.grid", "map.areas"}:
            self.update_counters()
        self.update_overlay()

    def update_counters(self) -> None:
        scene = self.scene
        stacks = counter_views_from_scenario(self.doc.scenario)
        scene.set_counters({loc: st for loc, st in stacks.items() if loc in scene.boxes or loc in scene.game_map})

    def set_tool(self, tool: Tool) -> None:
        if self.tool is not None:
            try:
                self.tool.overlay_changed.disconnect(self.update_overlay)
            except (RuntimeError, TypeError):
                pass
        self.tool = tool
        tool.overlay_changed.connect(self.update_overlay)
        self.update_overlay()

    def update_overlay(self) -> None:
        overlay = self.tool.overlay() if self.tool is not None else Overlay()
        gm = self.scene.game_map
        hexes = {h: (style, None) for h, style in overlay.hexes.items() if h in gm}
        if hexes:
            self.scene.set_hex_overlay(TOOL_OVERLAY, hexes)
        else:
            self.scene.clear_overlay(TOOL_OVERLAY)
        path = QPainterPath()
        if overlay.path:
            k = S.HEX_SIZE
            path.moveTo(overlay.path[0][0] * k, overlay.path[0][1] * k)
            for x, y in overlay.path[1:]:
                path.lineTo(x * k, y * k)
            for x, y in overlay.points:
                path.addEllipse(QPointF(x * k, y * k), k * 0.08, k * 0.08)
        self._draft.setPath(path)

    def mark_problem(self, hex_id: str | None) -> None:
        if hex_id and hex_id in self.scene.game_map:
            self.scene.set_hex_overlay(PROBLEM_OVERLAY, {hex_id: ("attack", "!")})
            self.scene.set_selected_hex(hex_id)
        else:
            self.scene.clear_overlay(PROBLEM_OVERLAY)

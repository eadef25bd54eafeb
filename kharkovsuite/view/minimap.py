"""The whole map in small, with the main view's rectangle; click or drag to recentre."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget

from . import style as S
from .mapview import MapView


class Minimap(QWidget):
    """A small rendering of the scene that follows a :class:`MapView`."""

    RERENDER_DELAY_MS = 120

    def __init__(self, view: MapView, parent=None):
        super().__init__(parent)
        self._view = view
        self._scene = view.map_scene()
        self._pixmap: QPixmap | None = None
        self._target = QRectF()  # where the map is drawn in the widget
        self._first_asked = False  # the first picture is asked for (after the first paint)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._render)
        view.viewport_changed.connect(self.update)
        self._scene.counters_changed.connect(self._schedule)
        self._scene.overlays_changed.connect(self._schedule)
        self._scene.map_changed.connect(self._schedule)
        self._scene.layer_visibility_changed.connect(lambda *_: self._schedule())
        self.setMinimumSize(120, 100)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setToolTip("Click or drag to move the map view")
        self.setAccessibleName("Minimap")

    def _source(self) -> QRectF:
        return self._scene.scene_map_rect

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        r = self._source()
        return QSize(240, max(100, round(240 * r.height() / max(r.width(), 1))))

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt API
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt API
        r = self._source()
        return max(80, round(width * r.height() / max(r.width(), 1)))

    def _schedule(self) -> None:
        if self._pixmap is not None:
            self._timer.start(self.RERENDER_DELAY_MS)
        elif not self._first_asked:
            self.update()  # the first picture, asked for by the next paint, shows the change

    def _fit(self) -> QRectF:
        """Where the whole map goes in the widget at its present size (empty when nothing fits)."""
        src = self._source()
        if src.isEmpty() or self.width() <= 1 or self.height() <= 1:
            return QRectF()
        scale = min(self.width() / src.width(), self.height() / src.height())
        w, h = src.width() * scale, src.height() * scale
        return QRectF((self.width() - w) / 2, (self.height() - h) / 2, w, h)

    def _first_render(self) -> None:
        if self._pixmap is None:
            self._render()
        if self._pixmap is None:  # nothing to draw yet (no room, an empty map): the next paint asks again
            self._first_asked = False

    def _render(self) -> None:
        self._timer.stop()  # a re-render asked for earlier would draw the same scene again
        self._target = self._fit()
        if self._target.isEmpty():
            return
        src = self._source()
        w, h = self._target.width(), self._target.height()
        dpr = self.devicePixelRatioF()
        pix = QPixmap(max(1, round(w * dpr)), max(1, round(h * dpr)))
        pix.setDevicePixelRatio(dpr)
        pix.fill(QColor(S.MAP_BACKGROUND))
        painter = QPainter(pix)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._scene.render(painter, QRectF(0, 0, w, h), src, Qt.AspectRatioMode.IgnoreAspectRatio)
        painter.end()
        self._pixmap = pix
        self.update()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        # The geometry follows at once; the picture already made is stretched until the
        # re-render (a window settling its layout resizes this several times while it opens).
        # The first picture is made after the first paint (paintEvent): the window opens without
        # waiting for the whole map drawn small.
        super().resizeEvent(event)
        self._target = self._fit()
        if self._pixmap is not None:
            self._schedule()

    # -- coordinates

    def to_scene(self, p: QPointF) -> QPointF:
        src = self._source()
        if self._target.isEmpty():
            return src.center()
        sx = src.width() / self._target.width()
        return QPointF(src.left() + (p.x() - self._target.left()) * sx, src.top() + (p.y() - self._target.top()) * sx)

    def from_scene(self, p: QPointF) -> QPointF:
        src = self._source()
        if self._target.isEmpty() or src.isEmpty():
            return QPointF()
        k = self._target.width() / src.width()
        return QPointF(self._target.left() + (p.x() - src.left()) * k, self._target.top() + (p.y() - src.top()) * k)

    def viewport_rect(self) -> QRectF:
        """The main view's visible area, in minimap coordinates."""
        r = self._view.visible_scene_rect()
        return QRectF(self.from_scene(r.topLeft()), self.from_scene(r.bottomRight()))

    # -- painting and input

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt API
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor(S.MAP_BACKGROUND))
        if self._pixmap is not None:
            painter.drawPixmap(self._target, self._pixmap, QRectF(self._pixmap.rect()))
        elif not self._first_asked:
            self._first_asked = True
            # The first picture is made on the event loop's next turn, once this frame is painted (a queued call, run after
            # the events being handled now; a timer of 0 ms could fire before the frame is done).
            QTimer.singleShot(0, self, self._first_render)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.viewport_rect().intersected(QRectF(self.rect()).adjusted(1, 1, -1, -1))
        # Dim what the main view does not show; the viewport itself stays as drawn.
        outside = QPainterPath()
        outside.addRect(QRectF(self.rect()))
        inside = QPainterPath()
        inside.addRect(r)
        painter.fillPath(outside.subtracted(inside), QColor(0, 0, 0, 70))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor("#ffffff"), 3))
        painter.drawRect(r)
        painter.setPen(QPen(QColor(S.OKABE_ITO["blue"]), 1.5))
        painter.drawRect(r)
        painter.end()

    def recentre(self, p: QPointF) -> None:
        """Centre the main view on the scene point under minimap point ``p``."""
        self._view.center_on_point(self.to_scene(p))
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        if event.button() == Qt.MouseButton.LeftButton:
            self.recentre(event.position())
            event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        if event.buttons() & Qt.MouseButton.LeftButton:
            self.recentre(event.position())
            event.accept()

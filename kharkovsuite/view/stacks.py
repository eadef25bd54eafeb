"""Stacks of counters on the map: one item per occupied hex (or box slot)."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from .counters import MARKER_ROW, CounterPainter, CounterView, marker_rows

COUNTER_Z = 100.0
FANNED_Z = 150.0
DRAG_Z = 200.0
MAX_DEPTH_SHOWN = 4  # counters drawn below the top one; the badge gives the full count


class StackItem(QGraphicsItem):
    """The counters of one location, top first, drawn offset so the depth shows.

    When ``fanned`` the counters are laid out side by side above the hex so each can be read
    (and picked with the mouse).
    """

    def __init__(self, location: str, counters: list[CounterView], painter: CounterPainter, counter_size: float):
        super().__init__()
        self.location = location
        self.counters = list(counters)
        self._painter = painter
        self._size = counter_size
        self._fanned = False
        self._scale = 1.0
        self._detail: int | None = None
        self._bounds: QRectF | None = None  # boundingRect, asked for many times a frame
        self._extents: dict[bool, QRectF] = {}  # _extent, fanned and not
        self.setZValue(COUNTER_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setToolTip("\n".join(cv.name or cv.label or cv.id for cv in self.counters))

    def set_render(self, scale: float, detail: int) -> None:
        """Cache the stack as a pixmap of ``scale`` device pixels per scene unit, drawn at ``detail``.

        An item-coordinate cache survives zooming (it is only rescaled when drawn), so a zoom
        step does not repaint ~200 stacks; the scene calls this again when the zoom crosses a
        power of two or a detail threshold (see :meth:`CounterPainter.detail`).

        The cache's resolution is one pixel per item unit: Qt 6.12 draws a cache of any other
        size at the wrong scale.  So the item works in units of 1/``scale`` scene unit and its
        transform scales them back.
        """
        if (scale, detail) == (self._scale, self._detail):
            return
        self.prepareGeometryChange()
        self._bounds = None
        self._scale, self._detail = scale, detail
        self.setTransform(QTransform.fromScale(1 / scale, 1 / scale))
        self.setCacheMode(QGraphicsItem.CacheMode.ItemCoordinateCache)
        self.update()

    # -- geometry in scene units, relative to the hex centre (item units are scene units x scale)

    @property
    def step(self) -> float:
        return self._size * 0.07

    @property
    def fanned(self) -> bool:
        return self._fanned

    def set_fanned(self, fanned: bool) -> None:
        fanned = fanned and len(self.counters) > 1
        if fanned == self._fanned:
            return
        self.prepareGeometryChange()
        self._bounds = None
        self._fanned = fanned
        self.setZValue(FANNED_Z if fanned else COUNTER_Z)
        self.update()

    def counter_rects(self) -> list[QRectF]:
        """The rectangle of each counter (top first), in item coordinates."""
        s = self._size
        n = len(self.counters)
        if self._fanned:
            per_row = min(n, 6)
            pitch = s * 1.06
            tags = max((marker_rows(cv.markers) for cv in self.counters), default=0)
            rise = s * 1.06 + tags * s * MARKER_ROW  # a row's markers sit over its counters, under the row above
            rows = (n + per_row - 1) // per_row
            out = []
            for i in range(n):
                row, col = divmod(i, per_row)
                in_row = min(per_row, n - row * per_row)
                x = (col - (in_row - 1) / 2) * pitch - s / 2
                y = -s / 2 - (rows - 1 - row) * rise + (rows - 1) * rise / 2
                out.append(QRectF(x, y, s, s))
            return out
        depth = min(n - 1, MAX_DEPTH_SHOWN)
        d = self.step
        # The top counter sits up-left of the centre by half the depth, the lower ones peek
        # out down-right, so the stack as a whole stays centred on the hex.
        out = []
        for i in range(n):
            j = min(i, depth)
            out.append(QRectF(-s / 2 + (j - depth / 2) * d, -s / 2 + (j - depth / 2) * d, s, s))
        return out

    def _extent(self) -> QRectF:
        """What the counters and their markers cover, in scene units: the same at every zoom (a zoom past a power of two
        asks for it again for every stack), so kept for each layout, fanned or not."""
        kept = self._extents.get(self._fanned)
        if kept is None:
            kept = self._extents[self._fanned] = self._measure()
        return QRectF(kept)

    def _measure(self) -> QRectF:
        r = QRectF()
        for rect in self.counter_rects():
            r = r.united(rect)
        m = self._size * 0.2
        tags = max((marker_rows(cv.markers) for cv in self.counters), default=0)
        return r.adjusted(-m, -max(m, tags * self._size * MARKER_ROW + self._size * 0.05), m, m)  # room for the markers over the counters

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        if self._bounds is None:
            r, k = self._extent(), self._scale
            self._bounds = QRectF(r.x() * k, r.y() * k, r.width() * k, r.height() * k)
        return QRectF(self._bounds)

    def counter_scene_rects(self) -> list[QRectF]:
        """The rectangle of each counter (top first) in scene coordinates."""
        pos = self.scenePos()
        return [r.translated(pos) for r in self.counter_rects()]

    def counter_at(self, scene_pos: QPointF) -> CounterView | None:
        """The counter under a scene point: the top one, or the one picked in a fanned stack."""
        for cv, rect in zip(self.counters, self.counter_scene_rects()):
            if rect.contains(scene_pos):
                return cv
        return None

    # -- painting

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        if self._detail is not None:
            detail = self._detail
        else:
            lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform()) * self._scale
            detail = CounterPainter.detail(self._size * lod)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.scale(self._scale, self._scale)
        rects = self.counter_rects()
        n = len(self.counters)
        order = range(n) if self._fanned else range(min(n, MAX_DEPTH_SHOWN + 1))
        shadow = QColor(0, 0, 0, 90)
        # In the item cache (set_render) one item unit is one pixel: counters small enough are
        # copied from pictures kept per size, so a zoom to a size seen before paints no counter.
        px = round(self._size * self._scale) if self._detail is not None else 0
        pictures = 0 < px <= self._painter.PICTURE_MAX_PX
        for i in reversed(list(order)):
            rect = rects[i]
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(shadow)
            painter.drawRoundedRect(rect.translated(self._size * 0.05, self._size * 0.05), self._size * 0.06, self._size * 0.06)
            if pictures:
                pixmap, margin = self._painter.picture(self.counters[i], px, detail)
                painter.save()
                painter.scale(1 / self._scale, 1 / self._scale)
                painter.drawPixmap(round(rect.x() * self._scale) - margin, round(rect.y() * self._scale) - margin, pixmap)
                painter.restore()
            else:
                self._painter.paint(painter, rect, self.counters[i], detail=detail)
        if n > 1 and not self._fanned and detail >= 1:
            self._badge(painter, rects[0], n, detail)

    def _badge(self, painter: QPainter, top: QRectF, n: int, detail: int) -> None:
        """The number of counters in the stack, on the top counter's lower left corner."""
        s = self._size
        r = s * 0.16
        c = QPointF(top.left(), top.bottom())
        painter.setPen(QPen(QColor("#ffffff"), s * 0.025))
        painter.setBrush(QColor("#000000"))
        painter.drawEllipse(c, r, r)
        if detail >= 2:
            f = QFont("DejaVu Sans Condensed")
            f.setPixelSize(max(1, round(r * 1.3)))
            f.setBold(True)
            painter.setFont(f)
            painter.setPen(QColor("#ffffff"))
            painter.drawText(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, str(n))

"""Overlays the engine hands to the view: marked hexes (reach, supply, ZOC) and paths.

Each overlay is one item holding all its hexes; the colour comes from the Okabe–Ito palette
and each palette entry has its own hatching (see :mod:`.style`), so overlays are told apart
without relying on hue.

The overlay items do not paint themselves: one :class:`OverlayLayer` paints them all, in
their stacking order, into a single device-coordinate cache.  A cache per overlay would cost a
viewport-sized pixmap copy per overlay on every pan (two dozen with every trace overlay on);
one cache costs one, and a pan paints only the overlay tiles in the newly exposed strip.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from . import style as S
from .layers import Geometry, Label, MapLayer, _font

OVERLAY_Z = 60.0
OVERLAY_TILE = 2.0  # tile side in hexes: a pan's strip repaints few marked hexes


class HexOverlayItem(MapLayer):
    """Hexes washed, hatched and outlined per style, with an optional label each.

    The hexes are kept in the map's square tiles (a :class:`~.layers.MapLayer`), so a pan paints
    only the tiles in the newly exposed strip, and the item is cached in device coordinates
    like the static layers: a frame at a steady zoom is a pixmap blit.
    """

    def __init__(self, name: str, geo: Geometry, entries: dict[str, tuple[str | S.OverlayStyle, str | None]], z: float = OVERLAY_Z):
        super().__init__(name, QRectF(), z, tile=OVERLAY_TILE)
        self.entries = dict(entries)
        k = S.HEX_SIZE
        styles: dict[S.OverlayStyle, list[str]] = {}
        for hex_id, (style, label) in sorted(self.entries.items()):
            st = S.overlay_style(style)
            keys = styles.get(st)
            if keys is None:
                keys = styles[st] = self._declare(st, len(styles))
            poly = geo.polygon(hex_id)
            # Inset a little, so neighbouring marked hexes keep visible outlines.
            c = geo.center(hex_id)
            self.path(keys[0], c).addPolygon(QPolygonF([c + (p - c) * 0.88 for p in poly]))
            if label:
                self.add_label(Label(c + QPointF(0, k * 0.42), str(label), _font(k * 0.3, bold=True), QColor("#000000"), QColor("#ffffff"), min_px=6.0))
        # Wash, hatching and outline of a style paint the same hexes: share one path per tile.
        for tile in self._paths.values():
            for first, *more in styles.values():
                if first in tile:
                    tile.update((key, tile[first]) for key in more)
        self.finish()
        rect = QRectF()
        for tile_rect in self._tile_rects.values():
            rect = rect.united(tile_rect)
        self._rect = rect.adjusted(-k * 0.1, -k * 0.1, k * 0.1, k * 0.1)

    def _declare(self, st: S.OverlayStyle, n: int) -> list[str]:
        """The layer styles of ``st`` (wash, hatching if any, outline), painted in that order
        after those of earlier styles."""
        keys = [f"{n}:wash"]
        self.style(keys[0], None, st.qcolor(st.fill_alpha))
        if st.hatch != Qt.BrushStyle.NoBrush:
            keys.append(f"{n}:hatch")
            self.style(keys[-1], None, QBrush(st.qcolor(200), st.hatch))
        pen = QPen(st.qcolor(230), S.HEX_SIZE * 0.045, st.dash)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        keys.append(f"{n}:outline")
        self.style(keys[-1], pen, None)
        return keys


class PathOverlayItem(QGraphicsItem):
    """A path of hexes (a move, a supply line, a rail route) from centre to centre, with an arrowhead."""

    def __init__(self, name: str, geo: Geometry, hexes: list[str], style: str | S.OverlayStyle, z: float = OVERLAY_Z + 5):
        super().__init__()
        self.name = name
        self.hexes = list(hexes)
        self.style = S.overlay_style(style)
        k = S.HEX_SIZE
        self._points = [geo.center(h) for h in self.hexes]
        self._path = QPainterPath()
        if self._points:
            self._path.moveTo(self._points[0])
            for p in self._points[1:]:
                self._path.lineTo(p)
        self._arrow = self._arrowhead()
        rect = self._path.boundingRect().united(self._arrow.boundingRect())
        if self._points:
            rect = rect.united(QRectF(self._points[0].x() - k * 0.2, self._points[0].y() - k * 0.2, k * 0.4, k * 0.4))
        self._rect = rect.adjusted(-k * 0.2, -k * 0.2, k * 0.2, k * 0.2)
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def _arrowhead(self) -> QPainterPath:
        path = QPainterPath()
        if len(self._points) < 2:
            return path
        a, b = self._points[-2], self._points[-1]
        d = b - a
        n = math.hypot(d.x(), d.y()) or 1.0
        ux, uy = d.x() / n, d.y() / n
        k = S.HEX_SIZE * 0.3
        tip = b
        left = QPointF(b.x() - ux * k - uy * k * 0.6, b.y() - uy * k + ux * k * 0.6)
        right = QPointF(b.x() - ux * k + uy * k * 0.6, b.y() - uy * k - ux * k * 0.6)
        path.addPolygon(QPolygonF([tip, left, right, tip]))
        return path

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        k = S.HEX_SIZE
        color = self.style.qcolor()
        halo = QPen(QColor(255, 255, 255, 200), k * 0.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
        painter.setPen(halo)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(self._path)
        pen = QPen(color, k * 0.1, self.style.dash, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        painter.drawPath(self._path)
        painter.setPen(QPen(QColor("#ffffff"), k * 0.03))
        painter.setBrush(color)
        for p in self._points[:-1]:
            painter.drawEllipse(p, k * 0.09, k * 0.09)
        if self._points:
            painter.drawEllipse(self._points[0], k * 0.14, k * 0.14)
        painter.drawPath(self._arrow)


class OverlayLayer(QGraphicsItem):
    """Paints every overlay of a scene, by z value and then in the order they were added.

    The overlays stay scene items of their own (for their z value, bounds and data) but are
    flagged to have no contents, so Qt paints and caches only this item.
    """

    def __init__(self, rect: QRectF):
        super().__init__()
        self._rect = QRectF(rect)
        self._members: list[HexOverlayItem | PathOverlayItem] = []
        self.setZValue(OVERLAY_Z)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_rect(self, rect: QRectF) -> None:
        if rect != self._rect:
            self.prepareGeometryChange()
            self._rect = QRectF(rect)
            self.update()

    def add(self, item: HexOverlayItem | PathOverlayItem) -> None:
        item.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
        self._members.append(item)
        self.update(item.boundingRect())

    def remove(self, item: HexOverlayItem | PathOverlayItem) -> None:
        self._members.remove(item)
        self.update(item.boundingRect())

    @property
    def members(self) -> list[HexOverlayItem | PathOverlayItem]:
        return list(self._members)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        exposed = option.exposedRect if not option.exposedRect.isEmpty() else self._rect
        for item in sorted(self._members, key=lambda it: it.zValue()):  # stable: ties keep their order
            if item.isVisible() and item.boundingRect().intersects(exposed):
                painter.save()
                item.paint(painter, option, widget)
                painter.restore()

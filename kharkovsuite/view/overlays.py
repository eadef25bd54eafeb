"""Overlays the engine hands to the view: marked hexes (reach, supply, ZOC) and paths.

Each overlay is one item that paints all its hexes; the colour comes from the Okabe–Ito palette
and each palette entry has its own hatching (see :mod:`.style`), so overlays are told apart
without relying on hue.
"""
from __future__ import annotations

import math
from collections import defaultdict

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from . import style as S
from .layers import Geometry, Label, _font

OVERLAY_Z = 60.0


class HexOverlayItem(QGraphicsItem):
    """Hexes washed, hatched and outlined per style, with an optional label each."""

    def __init__(self, name: str, geo: Geometry, entries: dict[str, tuple[str | S.OverlayStyle, str | None]], z: float = OVERLAY_Z):
        super().__init__()
        self.name = name
        self.entries = dict(entries)
        k = S.HEX_SIZE
        by_style: dict[S.OverlayStyle, QPainterPath] = defaultdict(QPainterPath)
        self._labels: list[Label] = []
        for hex_id, (style, label) in sorted(self.entries.items()):
            st = S.overlay_style(style)
            poly = geo.polygon(hex_id)
            # Inset a little, so neighbouring marked hexes keep visible outlines.
            c = geo.center(hex_id)
            inset = QPolygonF([c + (p - c) * 0.88 for p in poly])
            by_style[st].addPolygon(inset)
            if label:
                self._labels.append(Label(c + QPointF(0, k * 0.42), str(label), _font(k * 0.3, bold=True), QColor("#000000"), QColor("#ffffff"), min_px=6.0))
        self._paths = list(by_style.items())
        rect = QRectF()
        for _, path in self._paths:
            rect = rect.united(path.boundingRect())
        for label in self._labels:
            rect = rect.united(label.rect())
        self._rect = rect.adjusted(-k * 0.1, -k * 0.1, k * 0.1, k * 0.1)
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        k = S.HEX_SIZE
        for st, path in self._paths:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(st.qcolor(st.fill_alpha))
            painter.drawPath(path)
            if st.hatch != Qt.BrushStyle.NoBrush:
                painter.setBrush(QBrush(st.qcolor(200), st.hatch))
                painter.drawPath(path)
            pen = QPen(st.qcolor(230), k * 0.045, st.dash)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(path)
        for label in self._labels:
            if label.visible_at(lod):
                label.paint(painter, lod)


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
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

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

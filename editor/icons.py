"""Tool bar icons, drawn with QPainter so the editor needs no image files."""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QIcon, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

from kharkovsuite.view import style as S

SIZE = 32


def _hex(c: QPointF, r: float) -> QPolygonF:
    return QPolygonF([QPointF(c.x() + r * math.cos(math.radians(60 * i - 30)), c.y() + r * math.sin(math.radians(60 * i - 30))) for i in range(6)])


def _italic(px: int) -> QFont:
    font = QFont()
    font.setItalic(True)
    font.setBold(True)
    font.setPixelSize(px)
    return font


def _draw(kind: str, p: QPainter) -> None:
    k = SIZE
    ink = QColor("#2b2b2b")
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    if kind == "select":
        path = QPainterPath()
        path.moveTo(9, 5)
        path.lineTo(9, 25)
        path.lineTo(14, 20)
        path.lineTo(18, 28)
        path.lineTo(21, 26)
        path.lineTo(17, 19)
        path.lineTo(24, 19)
        path.closeSubpath()
        p.setPen(QPen(ink, 1.5))
        p.setBrush(QColor("#ffffff"))
        p.drawPath(path)
    elif kind == "terrain":
        p.setPen(QPen(QColor("#6f6a58"), 1.2))
        p.setBrush(QColor("#9bbf85"))
        p.drawPolygon(_hex(QPointF(13, 18), 10))
        p.setBrush(QColor(S.TREE_COLOR))
        for x, y in ((10, 16), (15, 19), (12, 22)):
            p.drawEllipse(QPointF(x, y), 2.2, 2.2)
        p.setPen(QPen(QColor("#7a4b21"), 3, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        p.drawLine(QPointF(21, 11), QPointF(28, 4))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#c0392b"))
        p.drawEllipse(QPointF(20, 12), 3, 3)
    elif kind == "hexside":
        p.setPen(QPen(QColor("#8c8672"), 1.2))
        p.setBrush(QColor("#e9e4cf"))
        p.drawPolygon(_hex(QPointF(11, 16), 9))
        p.drawPolygon(_hex(QPointF(22, 16), 9))
        p.setPen(QPen(QColor(S.OKABE_ITO["blue"]), 3.5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        p.drawLine(QPointF(16.5, 11.5), QPointF(16.5, 20.5))
    elif kind == "roads":
        path = QPainterPath(QPointF(4, 26))
        path.cubicTo(12, 22, 14, 10, 28, 6)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(S.ROAD_CASING), 5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        p.drawPath(path)
        p.setPen(QPen(QColor(S.ROAD_CORE), 2.5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        p.drawPath(path)
    elif kind == "railroads":
        p.setPen(QPen(ink, 2))
        p.drawLine(QPointF(4, 26), QPointF(28, 6))
        for i in range(1, 7):
            t = i / 7
            x, y = 4 + 24 * t, 26 - 20 * t
            p.drawLine(QPointF(x - 3, y - 3.6), QPointF(x + 3, y + 3.6))
    elif kind == "city":
        p.setPen(QPen(ink, 1))
        p.setBrush(QColor(S.BUILDING_COLOR))
        for x, y, w, h in ((5, 14, 7, 14), (13, 8, 8, 20), (22, 16, 6, 12)):
            p.drawRect(QRectF(x, y, w, h))
        p.setBrush(QColor("#f2cf6b"))
        p.setPen(Qt.PenStyle.NoPen)
        for x, y in ((15, 11), (18, 11), (15, 16), (18, 16), (7, 17)):
            p.drawRect(QRectF(x, y, 2, 2))
    elif kind == "place":
        p.setPen(QPen(QColor("#ffffff"), 1.5))
        p.setBrush(ink)
        p.drawEllipse(QPointF(8, 24), 4, 4)
        p.setPen(QPen(ink, 1))
        p.setFont(_italic(15))
        p.drawText(QRectF(8, 1, 24, 20), Qt.AlignmentFlag.AlignCenter, "Ab")
    elif kind == "line":
        p.setPen(QPen(QColor("#c0392b"), 2.5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        pts = [QPointF(4, 27), QPointF(11, 18), QPointF(18, 21), QPointF(27, 6)]
        p.drawPolyline(pts)
        p.setBrush(QColor("#ffffff"))
        p.setPen(QPen(QColor("#c0392b"), 1.5))
        for pt in pts:
            p.drawEllipse(pt, 2.4, 2.4)
    elif kind == "area":
        c = QColor(S.OKABE_ITO["purple"])
        p.setPen(QPen(c, 2))
        fill = QColor(c)
        fill.setAlpha(90)
        p.setBrush(fill)
        p.drawPolygon(_hex(QPointF(11, 13), 8))
        p.drawPolygon(_hex(QPointF(20, 20), 8))
        p.setBrush(QBrush(c, Qt.BrushStyle.BDiagPattern))
        p.drawPolygon(_hex(QPointF(20, 20), 8))
    elif kind == "units":
        p.setPen(QPen(ink, 1.2))
        p.setBrush(QColor("#b5523b"))
        p.drawRoundedRect(QRectF(9, 9, 19, 19), 2, 2)
        p.setBrush(QColor("#8a8f95"))
        p.drawRoundedRect(QRectF(4, 4, 19, 19), 2, 2)
        p.setBrush(Qt.BrushStyle.NoBrush)
        r = QRectF(8, 8, 11, 8)
        p.drawRect(r)
        p.drawLine(r.topLeft(), r.bottomRight())
        p.drawLine(r.bottomLeft(), r.topRight())
    elif kind == "play":
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(S.OKABE_ITO["green"]))
        p.drawPolygon(QPolygonF([QPointF(9, 5), QPointF(27, 16), QPointF(9, 27)]))
    elif kind == "resize":
        p.setPen(QPen(ink, 1.6))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(QRectF(5, 9, 14, 14))
        p.setPen(QPen(ink, 1.6, Qt.PenStyle.DashLine))
        p.drawRect(QRectF(5, 5, 22, 22))
    else:
        p.setPen(QPen(ink, 2))
        p.drawText(QRectF(0, 0, k, k), Qt.AlignmentFlag.AlignCenter, kind[:1].upper())


_cache: dict[str, QIcon] = {}


def icon(kind: str) -> QIcon:
    if kind not in _cache:
        pm = QPixmap(SIZE, SIZE)
        pm.fill(Qt.GlobalColor.transparent)
        p = QPainter(pm)
        _draw(kind, p)
        p.end()
        _cache[kind] = QIcon(pm)
    return _cache[kind]

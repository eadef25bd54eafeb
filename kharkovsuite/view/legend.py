"""A legend of the map: terrain, hexside features, roads and rails, lines, counter colours."""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import QListWidget, QListWidgetItem

from . import layers as L
from . import style as S
from .counters import CounterView
from .scene import MapScene

SWATCH = 40


def _pixmap() -> tuple[QPixmap, QPainter]:
    pix = QPixmap(SWATCH, SWATCH)
    pix.fill(QColor(0, 0, 0, 0))
    painter = QPainter(pix)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    return pix, painter


def _hex(c: QPointF, r: float) -> QPolygonF:
    return QPolygonF([QPointF(c.x() + r * math.cos(math.radians(60 * i - 30)), c.y() + r * math.sin(math.radians(60 * i - 30))) for i in range(7)])


def terrain_icon(color: str, pattern: str | None) -> QIcon:
    pix, p = _pixmap()
    c, r = QPointF(SWATCH / 2, SWATCH / 2), SWATCH * 0.48
    p.setPen(QPen(QColor(S.GRID_LINE), 1))
    p.setBrush(QColor(color))
    p.drawPolygon(_hex(c, r))
    if pattern in L.PATTERNS:
        # The map's own glyphs, scaled from a hex of size HEX_SIZE to this swatch.
        k = r / S.HEX_SIZE
        p.translate(c)
        p.scale(k, k)
        pen, brush = L.pattern_style(pattern, QColor(color))
        p.setPen(pen if pen is not None else Qt.PenStyle.NoPen)
        p.setBrush(brush if brush is not None else Qt.BrushStyle.NoBrush)
        p.drawPath(L.pattern_path(pattern, QPointF(0, 0), S.HEX_SIZE, "legend"))
    p.end()
    return QIcon(pix)


def line_icon(pens: list[QPen], ties: bool = False) -> QIcon:
    pix, p = _pixmap()
    y = SWATCH / 2
    for pen in pens:
        p.setPen(pen)
        p.drawLine(QPointF(3, y), QPointF(SWATCH - 3, y))
    if ties:
        p.setPen(QPen(QColor(S.RAIL_COLOR), 1.5))
        for x in range(6, SWATCH - 3, 6):
            p.drawLine(QPointF(x, y - 4), QPointF(x, y + 4))
    p.end()
    return QIcon(pix)


class Legend(QListWidget):
    """What the symbols of a :class:`MapScene` mean, built from its scenario."""

    def __init__(self, scene: MapScene, parent=None):
        super().__init__(parent)
        self.setIconSize(QSize(SWATCH, SWATCH))
        self.setSelectionMode(QListWidget.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setAccessibleName("Map legend")
        self._scene = scene
        self._build()

    def _section(self, title: str) -> None:
        item = QListWidgetItem(title)
        f = QFont(self.font())
        f.setBold(True)
        item.setFont(f)
        item.setFlags(Qt.ItemFlag.NoItemFlags)
        item.setForeground(self.palette().text())
        self.addItem(item)

    def _entry(self, icon: QIcon, text: str) -> None:
        item = QListWidgetItem(icon, text)
        item.setFlags(Qt.ItemFlag.ItemIsEnabled)
        self.addItem(item)

    def _build(self) -> None:
        sc = self._scene.scenario
        m = sc.map
        k = SWATCH / (S.HEX_SIZE * 2.2)
        self._section("Terrain")
        for t in m.terrain_types.values():
            self._entry(terrain_icon(t.color, t.pattern), t.name)
        if m.hexside_types:
            self._section("Hexsides")
            for h in sorted(m.hexside_types.values(), key=lambda h: -h.width):
                pen = L.hexside_pen(h.width, h.color)
                pen.setWidthF(max(1.5, pen.widthF() * k * 2.2))
                self._entry(line_icon([pen]), h.name)
        self._section("Transport")
        w = S.HEX_SIZE * S.ROAD_WIDTH * k * 2.2
        self._entry(line_icon([QPen(QColor(S.ROAD_CASING), max(3.0, w)), QPen(QColor(S.ROAD_CORE), max(1.5, w / 2))]), "Road")
        self._entry(line_icon([QPen(QColor(S.RAIL_COLOR), 1.5)], ties=True), "Railroad")
        if m.lines:
            self._section("Lines")
            for line in m.lines.values():
                dash = {"solid": Qt.PenStyle.SolidLine, "dash": Qt.PenStyle.DashLine, "dot": Qt.PenStyle.DotLine}[line.style]
                self._entry(line_icon([QPen(QColor(line.color), 3, dash)]), line.name)
        self._section("Counters")
        painter = self._scene.counter_painter
        seen: set[tuple[str, str, str]] = set()
        samples: list[CounterView] = []
        for t in sc.unit_types.values():
            mech = t.symbol in ("armor", "mechanized", "panzer", "panzergrenadier", "tank")
            key = (t.side, t.nationality, "mech" if mech else "")
            if key in seen:
                continue
            seen.add(key)
            samples.append(CounterView(id=f"legend:{t.side}:{t.nationality}:{key[2]}", side=t.side, nationality=t.nationality, symbol=t.symbol, size=t.size, name=t.name))
        for cv in samples:
            nat = sc.sides[cv.side].nationalities.get(cv.nationality, cv.nationality) if cv.side in sc.sides else cv.nationality
            kind = " mechanized" if cv.id.endswith(":mech") else ""
            pix = QPixmap.fromImage(painter.image(cv, SWATCH))
            self._entry(QIcon(pix), f"{nat}{kind}".strip().capitalize())

"""Markers on the map: a small labelled badge in a hex's upper corner, with a tooltip, for things the
rules put over a hex that are no counters of the ground game (e.g. air units flying their missions).

A marker takes no mouse button, so a click on it reaches the hex below; the view shows its tooltip
when the pointer rests on it.
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from . import style as S
from .layers import _font

MARKER_Z = 160.0  # above the counters and a fanned stack: a marker is small and sits in the hex's corner


@dataclass(frozen=True)
class Marker:
    """``label``: a few characters on the badge; ``tooltip``: what the pointer resting on it shows;
    ``colour``: a palette name of :data:`.style.OKABE_ITO` or a colour."""

    label: str
    tooltip: str
    colour: str = "blue"


class MarkerItem(QGraphicsItem):
    """One marker of the hex ``location``, centred on ``at`` (scene coordinates)."""

    def __init__(self, marker: Marker, location: str, at: QPointF):
        super().__init__()
        self.marker = marker
        self.location = location
        k = S.HEX_SIZE
        self._font = _font(k * 0.22, bold=True)
        width = max(k * 0.42, k * 0.14 * len(marker.label) + k * 0.16)
        self._rect = QRectF(-width / 2, -k * 0.16, width, k * 0.32)
        self.setPos(at)
        self.setZValue(MARKER_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setToolTip(S.tooltip_html(marker.tooltip))

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self._rect.adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        colour = QColor(S.OKABE_ITO.get(self.marker.colour, self.marker.colour))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("#000000"), S.HEX_SIZE * 0.02))
        painter.setBrush(colour)
        r = self._rect.height() / 2
        painter.drawRoundedRect(self._rect, r, r)
        painter.setFont(self._font)
        painter.setPen(QColor("#ffffff") if colour.lightness() < 150 else QColor("#000000"))
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, self.marker.label)

"""The game summary: victory level, Victory Point breakdown, and a chart of VP and losses by turn.

Opened at the end of the game (and from Game ▸ Summary at any time, as "if the game ended
now").  The chart is drawn with QPainter: one line per side for the VP it would have had at
the end of each turn, and bars for the units each side lost in that turn.  The two sides are
told apart by Okabe–Ito colour, line dash and marker shape, never by hue alone.
"""
from __future__ import annotations

import html

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QTextBrowser, QVBoxLayout, QWidget

from kharkovsuite.errors import report_unexpected
from kharkovsuite.view.style import OKABE_ITO

from .controller import GameController

#: per side in scenario order: colour, line dash, marker ("square" or "circle"), bar hatch
SERIES = [
    (OKABE_ITO["blue"], Qt.PenStyle.SolidLine, "square", Qt.BrushStyle.SolidPattern),
    (OKABE_ITO["vermillion"], Qt.PenStyle.DashLine, "circle", Qt.BrushStyle.BDiagPattern),
]


class TurnChart(QWidget):
    """VP by turn (lines, left scale) above units lost by turn (bars), one series per side."""

    def __init__(self, history: list[dict], sides: dict[str, str], parent=None, title: str = "Victory Points if the game ended at the end of the turn"):
        super().__init__(parent)
        self.title = title  # what the lines count (the rule system's score)
        self.history = history
        self.sides = sides  # id -> name, in scenario order
        self.setMinimumSize(560, 380)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(760, 460)

    def paintEvent(self, _event) -> None:  # noqa: N802 - Qt API
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.fillRect(self.rect(), QColor("#fbfaf5"))
        turns = [r["turn"] for r in self.history]
        if not turns:
            p.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "No turn played yet")
            return
        left, right, top = 52.0, 16.0, 58.0
        w = self.width() - left - right
        vp_box = QRectF(left, top, w, (self.height() - top) * 0.58 - 24)
        loss_box = QRectF(left, vp_box.bottom() + 40, w, self.height() - vp_box.bottom() - 40 - 30)
        sides = list(self.sides)
        step = w / max(1, len(turns))

        def x_of(i: int) -> float:
            return left + step * (i + 0.5)

        vp_max = max([1] + [v for r in self.history for v in r["vp"].values()])
        loss_max = max([1] + [r["eliminated"].get(s, 0) for r in self.history for s in sides])
        self._frame(p, vp_box, vp_max, self.title)
        self._frame(p, loss_box, loss_max, "Units eliminated in the turn")
        for k, side in enumerate(sides):
            color, dash, marker, hatch = SERIES[k % len(SERIES)]
            pen = QPen(QColor(color), 2.4, dash)
            p.setPen(pen)
            points = [QPointF(x_of(i), vp_box.bottom() - vp_box.height() * r["vp"].get(side, 0) / vp_max) for i, r in enumerate(self.history) if side in r["vp"]]
            for a, b in zip(points, points[1:]):
                p.drawLine(a, b)
            p.setPen(QPen(QColor(color), 1.5))
            p.setBrush(QColor(color))
            for pt in points:
                self._marker(p, pt, marker)
            bar_w = step * 0.8 / max(1, len(sides))
            for i, r in enumerate(self.history):
                n = r["eliminated"].get(side, 0)
                if not n:
                    continue
                h = loss_box.height() * n / loss_max
                rect = QRectF(x_of(i) - step * 0.4 + k * bar_w, loss_box.bottom() - h, bar_w * 0.92, h)
                p.setPen(QPen(QColor(color), 1.2))
                p.setBrush(QBrush(QColor(color), hatch))
                p.drawRect(rect)
        p.setPen(QColor("#333333"))
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 0.9)
        p.setFont(font)
        for i, t in enumerate(turns):
            p.drawText(QRectF(x_of(i) - step / 2, loss_box.bottom() + 2, step, 16), Qt.AlignmentFlag.AlignCenter, str(t))
        p.drawText(QRectF(left, self.height() - 14, w, 14), Qt.AlignmentFlag.AlignCenter, "Game-turn")
        x = left
        for k, side in enumerate(sides):  # the legend: marker, dash and name per side
            color, dash, marker, _hatch = SERIES[k % len(SERIES)]
            p.setPen(QPen(QColor(color), 2.4, dash))
            p.drawLine(QPointF(x, 14), QPointF(x + 34, 14))
            p.setPen(QPen(QColor(color), 1.5))
            p.setBrush(QColor(color))
            self._marker(p, QPointF(x + 17, 14), marker)
            p.setPen(QColor("#222222"))
            p.drawText(QPointF(x + 42, 19), self.sides[side])
            x += 60 + p.fontMetrics().horizontalAdvance(self.sides[side])
        p.end()

    @staticmethod
    def _marker(p: QPainter, pt: QPointF, marker: str) -> None:
        r = 4.0
        if marker == "square":
            p.drawRect(QRectF(pt.x() - r, pt.y() - r, 2 * r, 2 * r))
        else:
            p.drawEllipse(pt, r + 0.5, r + 0.5)

    def _frame(self, p: QPainter, box: QRectF, top_value: int, title: str) -> None:
        p.setPen(QPen(QColor("#d8d4c4"), 1))
        ticks = 4
        for j in range(ticks + 1):
            y = box.bottom() - box.height() * j / ticks
            p.drawLine(QPointF(box.left(), y), QPointF(box.right(), y))
        p.setPen(QColor("#333333"))
        for j in range(ticks + 1):
            y = box.bottom() - box.height() * j / ticks
            value = top_value * j / ticks
            p.drawText(QRectF(0, y - 8, box.left() - 6, 16), Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, f"{value:.0f}" if top_value >= ticks else f"{value:.1f}")
        p.setPen(QPen(QColor("#555555"), 1.2))
        p.drawLine(box.bottomLeft(), box.bottomRight())
        p.drawLine(box.bottomLeft(), box.topLeft())
        f = QFont(self.font())
        f.setBold(True)
        p.setFont(f)
        p.drawText(QRectF(box.left(), box.top() - 20, box.width(), 16), Qt.AlignmentFlag.AlignLeft, title)
        p.setFont(self.font())


class GameSummary(QDialog):
    """Victory level, the VP breakdown by rule case, and the turn chart."""

    def __init__(self, controller: GameController, parent=None):
        super().__init__(parent)
        state = controller.state
        self.setWindowTitle("Game summary — Kharkov Suite")
        names = {k: s.name for k, s in state.scenario.sides.items()}
        result = controller.result()
        final = state.is_terminal
        self.headline = QLabel(self)
        self.headline.setTextFormat(Qt.TextFormat.RichText)
        winner = f" — {html.escape(names.get(result.winner, result.winner))}" if result is not None and result.winner else ""
        when = "Final result" if final else f"If the game ended now (turn {state.turn})"
        self.headline.setText(f"<h2>{html.escape(result.level if result else '—')}{winner}</h2><p>{when}; margin {result.margin if result else 0:+d} ({controller.kit.case('victory')})</p>")
        self.breakdown = QTextBrowser(self)
        self.breakdown.setOpenLinks(False)
        self.breakdown.setHtml(self._breakdown_html(controller, names))
        self.problem = ""
        try:
            history = controller.turn_history()
        except Exception as exc:  # noqa: BLE001 - the summary still shows the rest, and says why the chart is missing
            self.problem = report_unexpected(exc)
            history = []
        self.chart = TurnChart(history, names, self, controller.kit.score_title)
        layout = QVBoxLayout(self)
        layout.addWidget(self.headline)
        layout.addWidget(self.breakdown, 1)
        if self.problem:
            layout.addWidget(QLabel(f"No chart: {self.problem}", self))
        layout.addWidget(self.chart, 2)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(820, 900)

    @staticmethod
    def _breakdown_html(controller: GameController, names: dict[str, str]) -> str:
        """The rule system's breakdown of the points (its player kit's), else each side's points."""
        own = controller.kit.summary_html(controller, names) if controller.vp_breakdown() is not None else None
        if own is not None:
            return own
        result = controller.result()
        return "".join(f"<p>{html.escape(names.get(k, k))}: <b>{v}</b> VP</p>" for k, v in (result.vp.items() if result else ()))

"""Counters drawn as printed wargame counters, from plain descriptions.

The view never decides a rule: what a counter shows (its values, whether it is untried, reduced,
disrupted, ...) comes in a :class:`CounterView`.  :func:`counter_views_from_scenario` makes them
from a scenario's set-up; the game engine will make them from ``state.observation(side)``.

Layout of a counter (rulebook 3.21): the designation at the top, the unit size (III, X, XX) above
the NATO type symbol, the values along the bottom (Soviet attack-defense-movement ``2-3-7``,
German combat-movement ``9-8``, HQ ``(5)11``).  An untried counter shows its back: size, symbol
and ``U-7`` only.
"""
from __future__ import annotations

import math
import re
from collections import OrderedDict, defaultdict
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QImage, QPainter, QPainterPath, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from ..scenario.model import Scenario, StepValues, Unit, UnitType
from .style import OKABE_ITO, readable_ink

__all__ = [
    "CounterColors",
    "CounterPainter",
    "CounterView",
    "MARKERS",
    "SYMBOLS",
    "counter_views_from_scenario",
    "designation_of",
    "sides_printing_attack_and_defense",
    "unit_counter_view",
]


@dataclass(frozen=True)
class CounterView:
    """What one counter shows; plain data, compared by value.

    ``symbol`` is a NATO symbol key (see :data:`SYMBOLS`); keys join with ``+``
    (``infantry+armor``).  ``values`` is the bottom line exactly as printed (``2-3-7``, ``9-8``,
    ``(5)11``); ``back`` is what the back of an untried counter shows (``U-7``).  When
    ``untried`` is true only the back is drawn, never ``label`` or ``values``.  ``markers`` are
    keys of :data:`MARKERS` (or any short text) drawn on top of the counter.
    """

    id: str
    side: str
    nationality: str = ""
    symbol: str = "infantry"
    size: str = "XX"
    label: str = ""
    values: str = ""
    back: str = ""
    reduced: bool = False
    untried: bool = False
    markers: tuple[str, ...] = ()
    name: str = ""  # the full name, for tooltips and the stack inspector
    fill: str | None = None  # explicit colours, overriding CounterColors
    ink: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.markers, tuple):
            object.__setattr__(self, "markers", tuple(self.markers))

    @property
    def shown_values(self) -> str:
        """The values line the counter shows: the back for an untried unit."""
        return self.back if self.untried else self.values


# Markers drawn on top of a counter: key -> (text, fill, ink).  Okabe-Ito colours, each with its
# own text, so none depends on colour alone.
MARKERS: dict[str, tuple[str, str, str]] = {
    "disrupted": ("DSRPT", OKABE_ITO["orange"], "#000000"),
    "strongpoint": ("SP", OKABE_ITO["sky"], "#000000"),
    "oos": ("OOS", OKABE_ITO["vermillion"], "#ffffff"),
    "out_of_supply": ("OOS", OKABE_ITO["vermillion"], "#ffffff"),
    "inactive": ("N", "#ffffff", "#000000"),
    "engaged": ("ENG", OKABE_ITO["yellow"], "#000000"),
    "isolated": ("ISO", OKABE_ITO["purple"], "#000000"),
    "fatigue1": ("F1", OKABE_ITO["yellow"], "#000000"),
    "fatigue2": ("F2", OKABE_ITO["orange"], "#000000"),
    "pdm": ("PDM", OKABE_ITO["sky"], "#000000"),
    "pdp": ("PDP", OKABE_ITO["blue"], "#ffffff"),
    "breakthrough": ("BT", OKABE_ITO["green"], "#ffffff"),
    "detachment": ("DET", "#ffffff", "#000000"),
    "cut_off": ("CUT", OKABE_ITO["yellow"], "#000000"),
    "reserve": ("RES", OKABE_ITO["sky"], "#000000"),
    "travelling": ("TRV", "#ffffff", "#000000"),
}

#: a marker tag's height, and the row pitch, as fractions of the counter's height
MARKER_HEIGHT = 0.30
MARKER_ROW = MARKER_HEIGHT * 1.08


def marker_layout(markers: tuple[str, ...], rect: QRectF) -> list[tuple[QRectF, str, str, str]]:
    """Where each marker of a counter in ``rect`` goes, with its (text, fill, ink): tags in a row just over
    the counter's top edge, from the right, a further row above when they do not fit.  They stay off
    the counter's body, so they never cover its designation or its values."""
    s = rect.height()
    h = s * MARKER_HEIGHT
    gap = s * 0.03
    x, y = rect.right(), rect.top() - h - gap
    out = []
    for key in markers:
        text, fill, ink = MARKERS.get(key, (str(key)[:5].upper(), "#ffffff", "#000000"))
        w = max(h * 1.2, h * 0.45 * len(text) + h * 0.45)
        if x - w < rect.left() - s * 0.05 and x < rect.right():  # the row is full: start one above
            x, y = rect.right(), y - s * MARKER_ROW
        out.append((QRectF(x - w, y, w, h), text, fill, ink))
        x -= w + gap
    return out


def marker_reach(markers: tuple[str, ...]) -> float:
    """How far above a counter its marker tags reach, as a fraction of its height (0: no tag)."""
    tags = marker_layout(tuple(markers), QRectF(0, 0, 1, 1))
    return max((-tag.top() for tag, *_ in tags), default=0.0) + 0.03


def marker_rows(markers: tuple[str, ...], size: float = 1.0) -> int:
    """How many rows of tags a counter's markers take (0: none)."""
    tags = marker_layout(tuple(markers), QRectF(0, 0, size, size))
    return len({round(tag.top(), 6) for tag, *_ in tags})


# ----------------------------------------------------------------------------- colours

# (fill, ink) by "nationality" or "nationality:symbol".  German mechanized units are black with
# pink ink, the Waffenfarbe of the Panzertruppe.
DEFAULT_COLORS: dict[str, tuple[str, str]] = {
    "german": ("#b7bba6", "#000000"),
    "german:armor": ("#2a2a2a", "#f4a6c6"),
    "german:mechanized": ("#2a2a2a", "#f4a6c6"),
    "german:panzergrenadier": ("#2a2a2a", "#f4a6c6"),
    "rumanian": ("#c9a552", "#000000"),
    "romanian": ("#c9a552", "#000000"),
    "hungarian": ("#a7b07a", "#000000"),
    "italian": ("#8fb3a0", "#000000"),
    "soviet": ("#b5523b", "#000000"),
}


class CounterColors:
    """The fill and ink of a counter, by side, nationality and symbol.

    The most specific colour wins: the scenario side's ``colors["nationality:symbol"]``, the
    built-in one for the same key (German armour is black with pink ink), the side's
    ``colors["nationality"]``, the built-in one for the nationality, and last the side's
    ``color``.  The ink is the side's ``text_color`` unless it would not read on the fill.
    """

    def __init__(self, sides: dict | None = None):
        self._sides = sides or {}
        self._cache: dict[tuple[str, str, str], tuple[QColor, QColor]] = {}

    @classmethod
    def from_scenario(cls, scenario: Scenario) -> "CounterColors":
        return cls(scenario.sides)

    def of(self, cv: CounterView) -> tuple[QColor, QColor]:
        if cv.fill:
            fill = QColor(cv.fill)
            return fill, QColor(cv.ink) if cv.ink else readable_ink(fill)
        key = (cv.side, cv.nationality, cv.symbol)
        hit = self._cache.get(key)
        if hit is None:
            hit = self._cache[key] = self._lookup(*key)
        if cv.ink:
            return hit[0], QColor(cv.ink)
        return hit

    def _lookup(self, side_id: str, nationality: str, symbol: str) -> tuple[QColor, QColor]:
        side = self._sides.get(side_id)
        scenario_colors = side.colors if side is not None else {}
        preferred_ink = QColor(side.text_color) if side is not None else None
        for key in dict.fromkeys(f"{nationality}:{k}" for k in [symbol, *_symbol_keys(symbol)]):
            if key in scenario_colors:
                fill = QColor(scenario_colors[key])
                return fill, readable_ink(fill, preferred_ink)
            if key in DEFAULT_COLORS:
                fill, ink = DEFAULT_COLORS[key]
                return QColor(fill), QColor(ink)
        if nationality in scenario_colors:
            fill = QColor(scenario_colors[nationality])
            return fill, readable_ink(fill, preferred_ink)
        if nationality in DEFAULT_COLORS:
            fill, ink = DEFAULT_COLORS[nationality]
            return QColor(fill), QColor(ink)
        fill = QColor(side.color) if side is not None else QColor("#d9d4c4")
        return fill, readable_ink(fill, preferred_ink)


# ----------------------------------------------------------------------------- symbols


def _x(p: QPainterPath, r: QRectF) -> None:
    p.moveTo(r.topLeft())
    p.lineTo(r.bottomRight())
    p.moveTo(r.bottomLeft())
    p.lineTo(r.topRight())


def _oval(p: QPainterPath, r: QRectF) -> None:
    w, h = r.width(), r.height()
    p.addRoundedRect(r.adjusted(w * 0.18, h * 0.22, -w * 0.18, -h * 0.22), h * 0.28, h * 0.28)


def _slash(p: QPainterPath, r: QRectF) -> None:
    p.moveTo(r.bottomLeft())
    p.lineTo(r.topRight())


def _vertical(p: QPainterPath, r: QRectF) -> None:
    p.moveTo(r.center().x(), r.top())
    p.lineTo(r.center().x(), r.bottom())


def _mountain(p: QPainterPath, r: QRectF) -> None:
    w, h = r.width(), r.height()
    c = r.center().x()
    p.addPolygon(QPolygonF([QPointF(c - w * 0.16, r.bottom()), QPointF(c, r.bottom() - h * 0.34), QPointF(c + w * 0.16, r.bottom()), QPointF(c - w * 0.16, r.bottom())]))


def _wheels(p: QPainterPath, r: QRectF) -> None:
    w, h = r.width(), r.height()
    d = h * 0.2
    for x in (r.left() + w * 0.3, r.right() - w * 0.3):
        p.addEllipse(QPointF(x, r.bottom() + d * 0.75), d / 2, d / 2)


# Symbol parts: path builders, or text drawn in the box.
_PARTS = {
    "infantry": [_x],
    "armor": [_oval],
    "cavalry": [_slash],
    "mechanized": [_x, _oval],
    "motorized": [_x, _vertical],
    "mountain": [_x, _mountain],
    "hq": [],
    "reserve": [],
    "security": [_x],
    "light": [_x],
    "artillery": [],
    "wheels": [_wheels],
}
_ALIASES = {
    "tank": "armor",
    "panzer": "armor",
    "armour": "armor",
    "panzergrenadier": "mechanized",
    "mech": "mechanized",
    "headquarters": "hq",
    "light_infantry": "light",
    "mountain_infantry": "mountain",
    "sich": "security",
}
# Letters printed in the symbol box: alone (reserve), or in the top triangle of the X.
_TEXT = {"reserve": "RES", "security": "S", "light": "L"}

SYMBOLS: tuple[str, ...] = tuple(sorted(set(_PARTS) | set(_ALIASES)))


def _symbol_keys(symbol: str) -> list[str]:
    return [_ALIASES.get(k.strip().lower(), k.strip().lower()) for k in symbol.split("+") if k.strip()]


# ----------------------------------------------------------------------------- painter


def _font(px: float, bold: bool = True, condensed: bool = True) -> QFont:
    f = QFont("DejaVu Sans Condensed" if condensed else "DejaVu Sans")
    f.setStyleHint(QFont.StyleHint.SansSerif)
    f.setPixelSize(max(1, round(px)))
    f.setBold(bold)
    return f


class CounterPainter:
    """Paints :class:`CounterView` s with a QPainter; shared by the map, the inspector and the legend."""

    # Below these on-screen sizes (pixels of counter height) detail is left out.
    MIN_TEXT_PX = 22.0
    MIN_SYMBOL_PX = 9.0

    #: Pictures of counters (:meth:`picture`) are kept up to this many pixels high, within this
    #: many bytes all told (the least recently drawn go first); a picture reaches at least this far
    #: (a fraction of the counter's height) outside its square, further when its marker tags do.
    PICTURE_MAX_PX = 160
    PICTURE_BUDGET = 48 * 1024 * 1024
    PICTURE_MARGIN = 0.2

    def __init__(self, colors: CounterColors | None = None):
        self.colors = colors or CounterColors()
        self._pictures: OrderedDict[tuple[CounterView, int, int], tuple[QPixmap, int]] = OrderedDict()
        self._picture_bytes = 0

    @classmethod
    def detail(cls, screen_px: float) -> int:
        """What a counter of this on-screen height shows: 0 colour, 1 symbol and markers, 2 all text."""
        return 2 if screen_px >= cls.MIN_TEXT_PX else 1 if screen_px >= cls.MIN_SYMBOL_PX else 0

    def paint(self, painter: QPainter, rect: QRectF, cv: CounterView, lod: float | None = None, detail: int | None = None) -> None:
        """Draw ``cv`` into ``rect`` (a square).

        How much is drawn depends on the counter's size on screen: ``detail`` (see
        :meth:`detail`) if given, else the one for ``lod`` device pixels per unit (by default the
        painter's, as ``QStyleOptionGraphicsItem.levelOfDetailFromTransform``).  Values,
        designation and marker texts are left out under ``MIN_TEXT_PX``.
        """
        if detail is None:
            detail = self.detail(rect.height() * (QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform()) if lod is None else lod))
        fill, ink = self.colors.of(cv)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self._body(painter, rect, fill)
        if detail >= 1:
            self._symbol(painter, rect, cv, ink, detail)
        if detail >= 2:
            self._texts(painter, rect, cv, ink)
        if cv.reduced and not cv.untried:
            self._reduced_stripe(painter, rect, ink)
        if cv.markers and detail >= 1:
            self._markers(painter, rect, cv.markers, detail)
        painter.restore()

    def picture(self, cv: CounterView, px: int, detail: int) -> tuple[QPixmap, int]:
        """``cv`` drawn ``px`` pixels high at ``detail`` into a pixmap with a margin of the
        returned width on each side, kept for the next time it is asked for at that size:
        a zoom back to a size seen before draws the counters of the map as so many copies."""
        key = (cv, px, detail)
        got = self._pictures.get(key)
        if got is not None:
            self._pictures.move_to_end(key)
            return got
        margin = math.ceil(px * max(self.PICTURE_MARGIN, marker_reach(cv.markers)))
        side = px + 2 * margin
        pixmap = QPixmap(side, side)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        self.paint(painter, QRectF(margin, margin, px, px), cv, detail=detail)
        painter.end()
        got = self._pictures[key] = (pixmap, margin)
        self._picture_bytes += side * side * 4
        while self._picture_bytes > self.PICTURE_BUDGET and len(self._pictures) > 1:
            _key, (old, _margin) = self._pictures.popitem(last=False)
            self._picture_bytes -= old.width() * old.height() * 4
        return got

    # -- parts

    def _body(self, painter: QPainter, rect: QRectF, fill: QColor) -> None:
        r = rect.height() * 0.06
        painter.setPen(QPen(QColor(0, 0, 0, 170), max(rect.height() * 0.018, 0.0)))
        painter.setBrush(QBrush(fill))
        painter.drawRoundedRect(rect, r, r)

    def _box(self, rect: QRectF) -> QRectF:
        s = rect.height()
        w, h = s * 0.50, s * 0.32
        return QRectF(rect.center().x() - w / 2, rect.top() + s * 0.30, w, h)

    def _symbol(self, painter: QPainter, rect: QRectF, cv: CounterView, ink: QColor, detail: int) -> None:
        s = rect.height()
        box = self._box(rect)
        keys = _symbol_keys(cv.symbol)
        pen = QPen(ink, s * 0.028)
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if "hq" in keys:
            # A flag: a small box on a staff planted at its lower left.
            flag = QRectF(box.left() + box.width() * 0.18, box.top() - s * 0.03, box.width() * 0.66, box.height() * 0.72)
            painter.drawRect(flag)
            painter.drawLine(QPointF(flag.left(), flag.bottom()), QPointF(flag.left(), box.bottom() + s * 0.03))
            keys = [k for k in keys if k != "hq"]
            box = flag
            if not keys:
                return
        else:
            painter.drawRect(box)
        path = QPainterPath()
        for key in keys:
            for part in _PARTS.get(key, ()):
                part(path, box)
        painter.drawPath(path)
        if any(k == "mountain" for k in keys):
            painter.setBrush(ink)
            m = QPainterPath()
            _mountain(m, box)
            painter.drawPath(m)
        letters = "".join(_TEXT[k] for k in keys if k in _TEXT)
        unknown = [k for k in keys if k not in _PARTS]
        if unknown and not letters:
            letters = unknown[0][:3].upper()
        if letters and detail >= 2:
            painter.setPen(ink)
            if path.isEmpty():
                painter.setFont(_font(box.height() * 0.5))
                painter.drawText(box, Qt.AlignmentFlag.AlignCenter, letters)
            else:
                painter.setFont(_font(box.height() * 0.34))
                tag = QRectF(box.left(), box.top() + box.height() * 0.02, box.width(), box.height() * 0.36)
                painter.drawText(tag, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, letters)

    def _texts(self, painter: QPainter, rect: QRectF, cv: CounterView, ink: QColor) -> None:
        s = rect.height()
        painter.setPen(ink)
        size = f"({cv.size})" if cv.reduced and cv.size and not cv.untried else cv.size
        box = self._box(rect)
        if size:
            painter.setFont(_font(s * 0.13))
            painter.drawText(QRectF(rect.left(), box.top() - s * 0.125, rect.width(), s * 0.13), Qt.AlignmentFlag.AlignCenter, size)
        if cv.label and not cv.untried:
            painter.setFont(_font(s * 0.16))
            top = QRectF(rect.left() + s * 0.05, rect.top() + s * 0.02, rect.width() - s * 0.1, s * 0.17)
            text = painter.fontMetrics().elidedText(cv.label, Qt.TextElideMode.ElideRight, int(top.width() * 1.0) + 1)
            painter.drawText(top, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)
        values = cv.shown_values
        if values:
            px = s * 0.27
            painter.setFont(_font(px))
            width = painter.fontMetrics().horizontalAdvance(values)
            if width > rect.width() * 0.92:
                painter.setFont(_font(px * rect.width() * 0.92 / width))
            painter.drawText(QRectF(rect.left(), rect.top() + s * 0.66, rect.width(), s * 0.30), Qt.AlignmentFlag.AlignCenter, values)

    def _reduced_stripe(self, painter: QPainter, rect: QRectF, ink: QColor) -> None:
        # A sash across the upper right corner: the reduced (back) side of a multi-step unit.
        s = rect.height()
        band = QPolygonF(
            [
                QPointF(rect.right() - s * 0.34, rect.top()),
                QPointF(rect.right() - s * 0.20, rect.top()),
                QPointF(rect.right(), rect.top() + s * 0.20),
                QPointF(rect.right(), rect.top() + s * 0.34),
            ]
        )
        stripe = QColor(ink)  # the ink always reads on the fill
        stripe.setAlpha(210)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(stripe)
        painter.drawPolygon(band)

    def _markers(self, painter: QPainter, rect: QRectF, markers: tuple[str, ...], detail: int) -> None:
        s = rect.height()
        for tag, text, fill, ink in marker_layout(markers, rect):
            painter.setPen(QPen(QColor("#000000"), s * 0.02))
            painter.setBrush(QColor(fill))
            painter.drawRect(tag)
            if detail >= 2:
                painter.setPen(QColor(ink))
                painter.setFont(_font(tag.height() * 0.7))
                painter.drawText(tag, Qt.AlignmentFlag.AlignCenter, text)

    # -- conveniences

    def image(self, cv: CounterView, px: int = 96, background: QColor | None = None) -> QImage:
        """``cv`` rendered alone into a square image of ``px`` pixels (icons, legend, tests)."""
        img = QImage(px, px, QImage.Format.Format_ARGB32_Premultiplied)
        img.fill(background if background is not None else QColor(0, 0, 0, 0))
        painter = QPainter(img)
        m = px * 0.06
        self.paint(painter, QRectF(m, m + px * 0.04, px - 2 * m, px - 2 * m), cv, lod=1.0)
        painter.end()
        return img


# ----------------------------------------------------------------------------- from a scenario

_TOKEN = re.compile(r"^(?:(\d+)(?:st|nd|rd|th)?|([IVXL]+)|(\w+/\w+))$")


def designation_of(unit: Unit) -> str:
    """The short designation printed at the top of a counter, from the unit's name.

    The first number, Roman numeral or slashed pair outside parentheses:
    ``"294th Infantry"`` -> ``294``, ``"Rumanian VI Corps HQ (Dragolina)"`` -> ``VI``,
    ``"Tank Brigade 09"`` -> ``9``, ``"III/294"`` -> ``III/294``; else the first word.
    """
    name = re.sub(r"\([^)]*\)", " ", unit.name).strip()
    for word in name.replace(",", " ").split():
        m = _TOKEN.match(word)
        if m:
            number, roman, slashed = m.groups()
            return str(int(number)) if number else roman or slashed
    return name.split()[0] if name else unit.id


def _num(v: float | None) -> str:
    if v is None:
        return "?"
    return f"{v:g}"


def format_step(step: StepValues, attack_defense: bool) -> str:
    """A step's values as printed: ``2-3-7`` (attack-defense-movement) or ``9-8`` (combat-movement)."""
    if step.label:
        return step.label
    if attack_defense:
        return f"{_num(step.attack)}-{_num(step.defense)}-{_num(step.movement)}"
    return f"{_num(step.attack)}-{_num(step.movement)}"


def sides_printing_attack_and_defense(scenario: Scenario) -> set[str]:
    """Sides whose counters print attack and defense apart (any of their values differ)."""
    out: set[str] = set()
    for t in scenario.unit_types.values():
        steps = [(s.attack, s.defense) for s in t.steps]
        pool = scenario.untried_pools.get(t.untried_pool or "")
        if pool is not None:
            steps += [(c.attack, c.defense) for c in pool.counters]
        if any(a != d for a, d in steps):
            out.add(t.side)
    return out


def unit_counter_view(
    scenario: Scenario,
    unit: Unit,
    *,
    step: int = 0,
    untried: bool | None = None,
    hq_active: bool | None = None,
    markers: tuple[str, ...] = (),
    attack_defense_sides: set[str] | None = None,
) -> CounterView:
    """The counter of ``unit`` on its ``step`` (0: full strength).

    ``untried`` defaults to what the unit type says (flag ``untried`` and a pool); an untried
    counter carries the pool's back (``U-7``) and no values.  An HQ shows its front
    ``(radius)movement`` when active and its non-active back ``N-movement`` otherwise;
    ``hq_active`` defaults to whether the unit's entry turn (the turn its HQ turns active,
    10.31-10.34) is the scenario's first turn.
    """
    t: UnitType = scenario.unit_types[unit.type]
    if attack_defense_sides is None:
        attack_defense_sides = sides_printing_attack_and_defense(scenario)
    pool = scenario.untried_pools.get(t.untried_pool or "")
    if untried is None:
        untried = "untried" in t.flags and pool is not None
    hq = unit.hq or t.hq
    values = ""
    back = pool.back if pool is not None else ""
    if hq is not None and hq_active is None:
        first_turn = scenario.turns[0].turn if scenario.turns else 1
        hq_active = unit.entry_turn is not None and unit.entry_turn <= first_turn
    if hq is not None:
        # Front: command radius and movement, "(5)11"; back: non-active, "N-5" (3.21).
        values = f"({hq.command_radius}){hq.movement}" if hq_active else f"N-{hq.inactive_movement}"
    elif not untried and t.steps:
        values = format_step(t.steps[min(step, len(t.steps) - 1)], t.side in attack_defense_sides)
    symbol = t.symbol
    if hq is not None and "hq" not in _symbol_keys(symbol):
        symbol = "hq"
    return CounterView(
        id=unit.id,
        side=t.side,
        nationality=t.nationality,
        symbol=symbol,
        size=t.size,
        label=designation_of(unit),
        values=values,
        back=back,
        reduced=step > 0,
        untried=bool(untried),
        markers=tuple(markers),
        name=unit.name,
    )


def counter_views_from_scenario(scenario: Scenario) -> dict[str, list[CounterView]]:
    """The set-up of a scenario as counters: location (hex id or box id) -> stack, top first.

    Every unit starts at full strength (5.11) and untried units show their backs (5.12); an HQ
    shows its non-active back unless it turns active on the first turn (10.31-10.34).  The game
    engine replaces this with its observation of the state.
    """
    units = {u.id: u for u in scenario.units}
    adm = sides_printing_attack_and_defense(scenario)
    out: dict[str, list[CounterView]] = defaultdict(list)
    for placement in scenario.setup.placements:
        unit = units.get(placement.unit)
        where = placement.hex or placement.box
        if unit is None or where is None or unit.type not in scenario.unit_types:
            continue
        # Placed later means placed on top.
        out[where].insert(0, unit_counter_view(scenario, unit, attack_defense_sides=adm))
    return dict(out)

"""Colours, pens and sizes of the map view: one place to restyle the map.

Overlay colours come from the Okabe–Ito palette (Okabe & Ito, *Color Universal Design*, 2008),
whose eight colours stay distinct under the common forms of colour blindness; each overlay style
also has its own hatching, so two overlays never differ by hue alone.
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

# Scene units per map unit: the hex size (centre to corner) in the scene.
HEX_SIZE = 50.0

OKABE_ITO: dict[str, str] = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky": "#56B4E9",
    "green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "purple": "#CC79A7",
}


@dataclass(frozen=True)
class OverlayStyle:
    """How an overlay marks a hex or draws a path: a colour plus a hatch and a dash pattern."""

    color: str
    hatch: Qt.BrushStyle = Qt.BrushStyle.NoBrush
    dash: Qt.PenStyle = Qt.PenStyle.SolidLine
    fill_alpha: int = 70  # 0..255, the translucent wash under the hatching

    def qcolor(self, alpha: int = 255) -> QColor:
        c = QColor(self.color)
        c.setAlpha(alpha)
        return c


# One entry per Okabe–Ito colour, each with a hatch and a dash of its own.
OVERLAY_STYLES: dict[str, OverlayStyle] = {
    "blue": OverlayStyle(OKABE_ITO["blue"], Qt.BrushStyle.NoBrush, Qt.PenStyle.SolidLine, 55),
    "orange": OverlayStyle(OKABE_ITO["orange"], Qt.BrushStyle.BDiagPattern, Qt.PenStyle.DashLine),
    "sky": OverlayStyle(OKABE_ITO["sky"], Qt.BrushStyle.FDiagPattern, Qt.PenStyle.DotLine),
    "green": OverlayStyle(OKABE_ITO["green"], Qt.BrushStyle.CrossPattern, Qt.PenStyle.DashDotLine),
    "yellow": OverlayStyle(OKABE_ITO["yellow"], Qt.BrushStyle.HorPattern, Qt.PenStyle.SolidLine, 110),
    "vermillion": OverlayStyle(OKABE_ITO["vermillion"], Qt.BrushStyle.DiagCrossPattern, Qt.PenStyle.DashLine),
    "purple": OverlayStyle(OKABE_ITO["purple"], Qt.BrushStyle.VerPattern, Qt.PenStyle.DashDotDotLine),
    "black": OverlayStyle(OKABE_ITO["black"], Qt.BrushStyle.Dense6Pattern, Qt.PenStyle.SolidLine, 40),
}

# Names for what the engine shows, so that callers say what they mean, not a colour.
OVERLAY_ALIASES: dict[str, str] = {
    "reachable": "blue",
    "move": "blue",
    "path": "blue",
    "attack": "vermillion",
    "enemy": "vermillion",
    "blocked": "vermillion",
    "zoc": "orange",
    "supply": "green",
    "in_supply": "green",
    "out_of_supply": "vermillion",
    "command": "purple",
    "rail": "sky",
    "info": "sky",
    "selected": "yellow",
    "setup": "yellow",
    "other": "black",
}


def overlay_style(style: str | OverlayStyle) -> OverlayStyle:
    """An overlay style by palette name or alias (``"blue"``, ``"zoc"``), or the style itself."""
    if isinstance(style, OverlayStyle):
        return style
    key = OVERLAY_ALIASES.get(style, style)
    try:
        return OVERLAY_STYLES[key]
    except KeyError:
        names = ", ".join(sorted(OVERLAY_STYLES) + sorted(OVERLAY_ALIASES))
        raise KeyError(f"unknown overlay style {style!r}; use one of: {names}") from None


# --- the printed map

MAP_BACKGROUND = "#5d6166"  # around the map sheet
GRID_LINE = "#6f6a58"
GRID_WIDTH = 0.035  # x HEX_SIZE
HEX_ID_COLOR = "#4a463b"

ROAD_CASING = "#5b3a1e"
ROAD_CORE = "#f2cf6b"
ROAD_WIDTH = 0.11  # casing, x HEX_SIZE
RAIL_COLOR = "#1b1b1b"
RAIL_WIDTH = 0.035
RAIL_TIE_LENGTH = 0.16
RAIL_TIE_STEP = 0.16

TREE_COLOR = "#4f7a3a"
BUILDING_COLOR = "#5a4636"

LABEL_INK = "#1d1a16"
LABEL_HALO = "#f7f3e6"

AREA_COLORS_BY_KIND = {
    "zone": OKABE_ITO["purple"],
    "entry": OKABE_ITO["blue"],
    "reserve": OKABE_ITO["orange"],
    "box": OKABE_ITO["orange"],
    "supply": OKABE_ITO["green"],
}

# Hexside widths in the scenario are hints in 1/40 of the hex size (a major river of width 4 is a
# tenth of the hex size wide).
HEXSIDE_WIDTH_UNIT = 1.0 / 40.0


def luminance(color: QColor) -> float:
    """Relative luminance (WCAG 2)."""

    def channel(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(color.redF()) + 0.7152 * channel(color.greenF()) + 0.0722 * channel(color.blueF())


def contrast(a: QColor, b: QColor) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def readable_ink(fill: QColor, preferred: QColor | None = None) -> QColor:
    """``preferred`` if it reads on ``fill`` (contrast >= 3), else black or white, whichever reads better."""
    if preferred is not None and contrast(fill, preferred) >= 3.0:
        return preferred
    black, white = QColor("#000000"), QColor("#ffffff")
    return black if contrast(fill, black) >= contrast(fill, white) else white


def tooltip_html(text: str) -> str:
    """A tooltip that shows every line of ``text`` and wraps long ones (Qt shows a plain tooltip
    with markup-like text, e.g. "<1%", as rich text: its line breaks vanish)."""
    import html

    return "<qt>" + "<br>".join(html.escape(line) for line in text.strip().splitlines()) + "</qt>"

"""The static layers of the map: one QGraphicsItem per layer, each painting all its features.

A layer keeps its geometry in square tiles of the map, one QPainterPath per tile and style, and
its labels per tile, so a paint draws only the tiles inside the exposed rectangle.  Each layer is
cached by Qt in device coordinates (a pixmap at the current zoom), so panning repaints only the
newly exposed strip and a frame at a steady zoom is a pixmap blit.  One item per hex per layer
would mean ~1,560 items a layer on the Kharkov map; a few tile paths are much cheaper.
"""
from __future__ import annotations

import math
import zlib
from collections import defaultdict
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from ..hexgrid import AXIAL_DIRECTIONS, Hex
from ..map import GameMap
from ..scenario.model import Scenario
from . import style as S

TILE = 8.0  # tile side in hexes
# Stacking of the static layers (overlays are at 60, highlights at 95, counters at 100 and up).
LAYER_Z = {"terrain": 0, "areas": 5, "hexsides": 10, "roads": 20, "rails": 25, "lines": 30, "boxes": 35, "cities": 40, "places": 45, "hex_ids": 50}
# Below this zoom (a minimap) labels keep no minimum size on screen: they would cover the map.
MIN_SCREEN_FLOOR = 0.1


def _font(px: float, *, bold: bool = False, italic: bool = False, family: str = "DejaVu Sans") -> QFont:
    f = QFont(family)
    f.setStyleHint(QFont.StyleHint.SansSerif)
    f.setPixelSize(max(1, round(px)))
    f.setBold(bold)
    f.setItalic(italic)
    return f


_HALO_OFFSETS = [(math.cos(a * math.pi / 4), math.sin(a * math.pi / 4)) for a in range(8)]


class Label:
    """A text on the map, hidden when its on-screen height is below ``min_px``.

    ``min_screen`` keeps it at least that many pixels high however far the map is zoomed out
    (city names and front line marks stay readable on the whole-map view).  ``box`` fills a
    rectangle (or a circle, with ``round``) behind the text, outlined in ``outline``.
    """

    __slots__ = ("pos", "text", "font", "color", "halo", "min_px", "min_screen", "box", "round", "outline", "_rect", "_px")

    def __init__(
        self,
        pos: QPointF,
        text: str,
        font: QFont,
        color: QColor,
        halo: QColor | None = None,
        min_px: float = 6.0,
        box: QColor | None = None,
        *,
        min_screen: float = 0.0,
        round: bool = False,  # noqa: A002 - reads best at the call sites
        outline: QColor | None = None,
    ):
        self.pos = pos
        self.text = text
        self.font = font
        self.color = color
        self.halo = halo
        self.min_px = min_px
        self.min_screen = min_screen
        self.box = box
        self.round = round
        self.outline = outline or color
        self._px = font.pixelSize()
        fm = QFontMetricsF(font)
        w, h = fm.horizontalAdvance(text), fm.height()
        if round:
            w = h = max(w, h) * 1.1
        self._rect = QRectF(pos.x() - w / 2 - 2, pos.y() - h / 2 - 1, w + 4, h + 2)

    def rect(self) -> QRectF:
        return self._rect

    def reach(self) -> QRectF:
        """Where the label may paint, enlarged as on the whole-map view."""
        if not self.min_screen:
            return self._rect
        r, c = self._rect, self.pos
        k = 4.0  # a label is at most ~4x its size at the zooms where min_screen applies
        return QRectF(c.x() - (c.x() - r.left()) * k, c.y() - (c.y() - r.top()) * k, r.width() * k, r.height() * k)

    def visible_at(self, lod: float) -> bool:
        if self.min_screen and lod >= MIN_SCREEN_FLOOR:
            return True
        return self._px * lod >= self.min_px

    def paint(self, painter: QPainter, lod: float = 1.0) -> None:
        small = self.min_screen and lod >= MIN_SCREEN_FLOOR and self._px * lod < self.min_screen
        grow = self.min_screen / (self._px * lod) if small else 1.0
        if grow != 1.0:
            painter.save()
            painter.translate(self.pos)
            painter.scale(grow, grow)
            painter.translate(-self.pos)
        if self.box is not None:
            painter.setPen(QPen(self.outline, self._px * (0.16 if self.round else 0.1)))
            painter.setBrush(self.box)
            if self.round:
                painter.drawEllipse(self._rect.center(), self._rect.width() / 2 - 1, self._rect.height() / 2 - 1)
            else:
                painter.drawRect(self._rect)
        painter.setFont(self.font)
        if self.halo is not None:
            # The halo as the text drawn eight times around its place: glyphs come from Qt's
            # cache, where stroking the outline of every glyph costs ~10x more.
            painter.setPen(self.halo)
            d = self._px * 0.12
            for dx, dy in _HALO_OFFSETS:
                painter.drawText(self._rect.translated(dx * d, dy * d), Qt.AlignmentFlag.AlignCenter, self.text)
        painter.setPen(self.color)
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, self.text)
        if grow != 1.0:
            painter.restore()


class MapLayer(QGraphicsItem):
    """One static layer of the map (terrain, rivers, roads, ...), painting its tiles."""

    def __init__(self, name: str, scene_rect: QRectF, z: float, tile: float = TILE):
        super().__init__()
        self.name = name
        self._rect = QRectF(scene_rect)
        self._tile = tile * S.HEX_SIZE * math.sqrt(3.0)
        self._styles: dict[str, tuple[QPen | None, QBrush | None]] = {}
        self._style_order: list[str] = []
        self._paths: dict[tuple[int, int], dict[str, QPainterPath]] = defaultdict(dict)
        self._tile_rects: dict[tuple[int, int], QRectF] = {}
        self._overflow = 0.0  # see finish
        self._tile_order: dict[tuple[int, int], int] = {}
        self._labels: dict[tuple[int, int], list[Label]] = defaultdict(list)
        self._later: dict[tuple[int, int], tuple[QRectF, list]] = {}  # tile -> (its bounds, the work that adds its paths)
        self._min_lod: dict[str, float] = {}
        self._screen: dict[str, tuple[float, float]] = {}
        self.features: list[tuple] = []  # what the layer shows, for tests and tooltips
        self._antialias = True  # layers of many straight hexside edges may do without
        self.setZValue(z)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)  # alone; in a MapScene its static_layer keeps the tiles

    # -- building

    def style(
        self,
        key: str,
        pen: QPen | None = None,
        brush: QBrush | QColor | None = None,
        min_lod: float = 0.0,
        min_px: float = 0.0,
        fade_below: float = 0.0,
    ) -> None:
        """Declare a style; styles paint in the order they are declared.

        ``min_lod``: not drawn below this zoom.  ``min_px``: the pen is never thinner than this
        on screen (the front line stays visible on the whole-map view).  ``fade_below``: below
        this zoom the pen fades, down to a third (the hex grid would otherwise crowd the map).
        """
        if key not in self._styles:
            self._style_order.append(key)
        if isinstance(brush, QColor):
            brush = QBrush(brush)
        self._styles[key] = (pen, brush)
        self._min_lod[key] = min_lod
        self._screen[key] = (min_px, fade_below)

    def _pen_at(self, key: str, pen: QPen, lod: float) -> QPen:
        min_px, fade_below = self._screen[key]
        if not min_px and not fade_below:
            return pen
        pen = QPen(pen)
        if min_px and pen.widthF() * lod < min_px:
            pen.setWidthF(min_px / lod)
        if fade_below and lod < fade_below:
            color = QColor(pen.color())
            color.setAlphaF(color.alphaF() * max(1 / 3, lod / fade_below))
            pen.setColor(color)
        return pen

    def _tile_of(self, p: QPointF) -> tuple[int, int]:
        return int(p.x() // self._tile), int(p.y() // self._tile)

    def path(self, key: str, anchor: QPointF) -> QPainterPath:
        """The path of style ``key`` in the tile of ``anchor``, to add subpaths to."""
        tile = self._paths[self._tile_of(anchor)]
        p = tile.get(key)
        if p is None:
            p = tile[key] = QPainterPath()
        return p

    def later(self, tile: tuple[int, int], bounds: QRectF, build) -> None:
        """Add the paths of ``tile`` when it is first painted: ``build()`` adds them (with :meth:`path`, anchored in
        that tile), and stays within ``bounds``.  A window's first frame shows a part of the map: the tiles it does
        not show are made when a pan, a zoom or the minimap first shows them."""
        rect, work = self._later.setdefault(tile, (QRectF(), []))
        self._later[tile] = (rect.united(bounds), work)
        work.append(build)

    def _build(self, tiles) -> None:
        """Run the work waiting for ``tiles`` (:meth:`later`)."""
        for k in tiles:
            waiting = self._later.pop(k, None)
            if waiting is not None:
                for build in waiting[1]:
                    build()

    def build_all(self) -> None:
        """Every tile's paths made now (for whoever reads them all)."""
        self._build(list(self._later))

    def add_label(self, label: Label) -> None:
        self._labels[self._tile_of(label.pos)].append(label)

    def finish(self) -> None:
        """Compute tile bounds once all geometry is in."""
        rects: dict[tuple[int, int], QRectF] = {}
        for key, paths in self._paths.items():
            r = QRectF()
            for style_key, p in paths.items():
                pen = self._styles[style_key][0]
                m = pen.widthF() if pen is not None else 0.0
                r = r.united(p.controlPointRect().adjusted(-m, -m, m, m))
            rects[key] = r
        for key, labels in self._labels.items():
            r = rects.get(key, QRectF())
            for label in labels:
                r = r.united(label.reach().adjusted(-4, -4, 4, 4))
            rects[key] = r
        for key, (bounds, _work) in self._later.items():
            rects[key] = rects.get(key, QRectF()).united(bounds)
        self._tile_rects = rects
        # How far a tile's drawing reaches out of its square, so a paint looks up only the
        # squares near the exposed rectangle; and the tiles' order, which a paint keeps.
        t = self._tile
        self._overflow = max((max(t * i - r.left(), r.right() - t * (i + 1), t * j - r.top(), r.bottom() - t * (j + 1), 0.0)
                              for (i, j), r in rects.items()), default=0.0)
        self._tile_order = {k: n for n, k in enumerate(rects)}
        self.update()

    @property
    def label_texts(self) -> list[str]:
        return [label.text for labels in self._labels.values() for label in labels]

    @property
    def label_rects(self) -> dict[str, QRectF]:
        """Text -> where it is written (the last of equal texts)."""
        return {label.text: label.rect() for labels in self._labels.values() for label in labels}

    # -- QGraphicsItem

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        lod, exposed, tiles = self._exposed_tiles(painter, option)
        if self._later:
            self._build(tiles)
        for style_key in self._style_order:
            if lod < self._min_lod[style_key]:
                continue
            pen, brush = self._styles[style_key]
            painter.setPen(self._pen_at(style_key, pen, lod) if pen is not None else Qt.PenStyle.NoPen)
            painter.setBrush(brush if brush is not None else Qt.BrushStyle.NoBrush)
            for k in tiles:
                p = self._paths.get(k, {}).get(style_key)
                if p is not None:
                    painter.drawPath(p)
        self._paint_labels(painter, lod, exposed, tiles)

    def _paint_labels(self, painter: QPainter, lod: float, exposed: QRectF, tiles: list[tuple[int, int]]) -> None:
        for k in tiles:
            for label in self._labels.get(k, ()):
                if label.visible_at(lod) and label.reach().intersects(exposed):
                    label.paint(painter, lod)

    def _exposed_tiles(self, painter: QPainter, option: QStyleOptionGraphicsItem) -> tuple[float, QRectF, list[tuple[int, int]]]:
        """The zoom, the exposed scene rectangle and the tiles a paint must draw (antialiased
        or not as the layer asks)."""
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        exposed = option.exposedRect if not option.exposedRect.isEmpty() else self._rect
        # A first paint into a device cache exposes the whole item; only the part on the
        # device (the cache pixmap is at most the viewport) needs drawing.
        device = painter.device()
        inverse, ok = painter.worldTransform().inverted()
        if device is not None and ok:
            exposed = exposed.intersected(inverse.mapRect(QRectF(0, 0, device.width(), device.height())))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, self._antialias)
        rects, t, m = self._tile_rects, self._tile, self._overflow
        i0, i1 = math.floor((exposed.left() - m) / t), math.floor((exposed.right() + m) / t)
        j0, j1 = math.floor((exposed.top() - m) / t), math.floor((exposed.bottom() + m) / t)
        if (i1 - i0 + 1) * (j1 - j0 + 1) < len(rects):
            near = sorted((k for i in range(i0, i1 + 1) for j in range(j0, j1 + 1) if (k := (i, j)) in rects), key=self._tile_order.__getitem__)
            tiles = [k for k in near if rects[k].intersects(exposed)]
        else:
            tiles = [k for k, r in rects.items() if r.intersects(exposed)]
        # A diagonal pan exposes an L of two strips, whose bounding rectangle is the whole
        # viewport: keep only the tiles that meet a strip.
        if painter.hasClipping():
            clip = painter.clipRegion()
            if clip.rectCount() > 1:
                parts = [QRectF(r).adjusted(-1, -1, 1, 1) for r in clip]
                tiles = [k for k in tiles if any(self._tile_rects[k].intersects(r) for r in parts)]
        return lod, exposed, tiles


# ----------------------------------------------------------------------------- geometry


class Geometry:
    """Hex geometry in scene units, for one map."""

    def __init__(self, gmap: GameMap):
        self.map = gmap
        self.grid = gmap.grid
        self.layout = gmap.grid.layout(S.HEX_SIZE)
        self.size = S.HEX_SIZE
        self._centers: dict[str, QPointF] = {}
        self._polys: dict[str, QPolygonF] = {}
        minx, miny, maxx, maxy = gmap.grid.bounds(self.layout)
        self.map_rect = QRectF(minx, miny, maxx - minx, maxy - miny)
        # Every hex has the same corners around its centre.
        ox, oy = self.layout.center(Hex(0, 0))
        corners = [(x - ox, y - oy) for x, y in self.layout.corners(Hex(0, 0))]
        self._offsets = corners + corners[:1]
        self._outlines: dict[float, QPolygonF] = {}  # scale -> the outline around (0, 0) (outline_around)

    def center(self, hex_id: str) -> QPointF:
        c = self._centers.get(hex_id)
        if c is None:
            x, y = self.layout.center(self.grid.hex_of(hex_id))
            c = self._centers[hex_id] = QPointF(x, y)
        return c

    def polygon(self, hex_id: str) -> QPolygonF:
        """The hex's outline, closed (seven points)."""
        p = self._polys.get(hex_id)
        if p is None:
            c = self.center(hex_id)
            cx, cy = c.x(), c.y()
            p = self._polys[hex_id] = QPolygonF([QPointF(cx + dx, cy + dy) for dx, dy in self._offsets])
        return p

    def outline_around(self, scale: float) -> QPolygonF:
        """Every hex's outline around (0, 0), scaled by ``scale`` (closed, seven points): one shape to translate to
        each hex rather than a polygon worked out per hex."""
        shape = self._outlines.get(scale)
        if shape is None:
            shape = self._outlines[scale] = QPolygonF([QPointF(dx * scale, dy * scale) for dx, dy in self._offsets])
        return shape

    def edge(self, a: str, b: str) -> tuple[QPointF, QPointF]:
        (x0, y0), (x1, y1) = self.layout.edge(self.grid.hex_of(a), self.grid.hex_of(b))
        return QPointF(x0, y0), QPointF(x1, y1)

    def hex_at(self, x: float, y: float) -> str | None:
        h = self.layout.hex_at(x, y)
        return self.grid.hex_id(h) if self.grid.on_map(h) else None

    def union(self, hexes: list[str]):
        """The union of hexes as a shapely geometry in map units."""
        import numpy as np
        import shapely

        # Corners rounded to a micro-unit are shared exactly by neighbouring hexes, so the hexes
        # form a coverage and the cheap coverage union applies (~20x faster than a general one).
        centers = np.array([(c.x(), c.y()) for c in map(self.center, hexes)]) / self.size
        offsets = np.array(self._offsets[:6]) / self.size
        corners = (centers[:, None, :] + offsets[None, :, :]).round(6)
        return shapely.coverage_union_all(shapely.polygons(corners))

    def to_scene(self, x: float, y: float) -> QPointF:
        """Map units (scenario lines) to scene units."""
        return QPointF(x * self.size, y * self.size)

    @property
    def pointy(self) -> bool:
        return self.grid.spec.orientation == "pointy"


def _rng(hex_id: str, salt: str = "") -> float:
    """A stable pseudo-random number in [0, 1) per hex, so patterns do not shimmer between runs."""
    return (zlib.crc32((hex_id + salt).encode()) & 0xFFFF) / 65536.0


# ----------------------------------------------------------------------------- terrain


def _tree(path: QPainterPath, c: QPointF, r: float) -> None:
    path.addEllipse(c, r, r * 0.9)
    path.addRect(QRectF(c.x() - r * 0.14, c.y() + r * 0.75, r * 0.28, r * 0.55))


def _trees(path: QPainterPath, center: QPointF, k: float, hex_id: str) -> None:
    spots = [(-0.42, -0.28), (0.05, -0.5), (0.45, -0.2), (-0.2, 0.12), (0.3, 0.28), (-0.48, 0.42), (0.02, 0.5)]
    for i, (dx, dy) in enumerate(spots):
        jx, jy = (_rng(hex_id, f"x{i}") - 0.5) * 0.14, (_rng(hex_id, f"y{i}") - 0.5) * 0.14
        r = k * (0.11 + 0.04 * _rng(hex_id, f"r{i}"))
        _tree(path, QPointF(center.x() + (dx + jx) * k, center.y() + (dy + jy) * k), r)


def _buildings(path: QPainterPath, center: QPointF, k: float, hex_id: str, dense: bool) -> None:
    # Blocks along two crossing streets, like a printed city hex.
    cells = [(-0.5, -0.42), (-0.1, -0.5), (0.28, -0.42), (-0.55, -0.02), (0.32, 0.0), (-0.45, 0.36), (-0.05, 0.4), (0.3, 0.38)]
    if not dense:
        cells = cells[::2]
    for i, (dx, dy) in enumerate(cells):
        w = k * (0.2 + 0.08 * _rng(hex_id, f"w{i}"))
        h = k * (0.15 + 0.07 * _rng(hex_id, f"h{i}"))
        path.addRect(QRectF(center.x() + dx * k, center.y() + dy * k, w, h))


def _dots(path: QPainterPath, center: QPointF, k: float, hex_id: str) -> None:
    for i in range(9):
        a = i * 2.39996 + _rng(hex_id) * 6.28
        d = 0.62 * k * math.sqrt((i + 0.5) / 9)
        path.addEllipse(QPointF(center.x() + d * math.cos(a), center.y() + d * math.sin(a)), k * 0.035, k * 0.035)


def _marsh(path: QPainterPath, center: QPointF, k: float, hex_id: str) -> None:
    for dx, dy in [(-0.35, -0.3), (0.25, -0.25), (-0.1, 0.1), (0.35, 0.3), (-0.4, 0.4)]:
        x, y = center.x() + dx * k, center.y() + dy * k
        path.moveTo(x - 0.14 * k, y)
        path.lineTo(x + 0.14 * k, y)
        for t in (-0.07, 0.0, 0.07):
            path.moveTo(x + t * k, y)
            path.lineTo(x + t * 1.6 * k, y - 0.1 * k)


def _rough(path: QPainterPath, center: QPointF, k: float, hex_id: str) -> None:
    for dx, dy in [(-0.35, -0.25), (0.3, -0.3), (0.0, 0.1), (-0.35, 0.4), (0.38, 0.35)]:
        x, y = center.x() + dx * k, center.y() + dy * k
        path.moveTo(x - 0.13 * k, y + 0.07 * k)
        path.lineTo(x, y - 0.09 * k)
        path.lineTo(x + 0.13 * k, y + 0.07 * k)


PATTERNS = {"trees": "fill", "buildings": "fill", "dots": "fill", "marsh": "stroke", "swamp": "stroke", "rough": "stroke", "hills": "stroke"}


def pattern_path(pattern: str, center: QPointF, k: float, hex_id: str, *, dense: bool = True) -> QPainterPath:
    """The glyphs of a terrain pattern for one hex (also used by the legend)."""
    p = QPainterPath()
    if pattern == "trees":
        _trees(p, center, k, hex_id)
    elif pattern == "buildings":
        _buildings(p, center, k, hex_id, dense)
    elif pattern == "dots":
        _dots(p, center, k, hex_id)
    elif pattern in ("marsh", "swamp"):
        _marsh(p, center, k, hex_id)
    elif pattern in ("rough", "hills"):
        _rough(p, center, k, hex_id)
    return p


def pattern_style(pattern: str, base: QColor) -> tuple[QPen | None, QBrush | None]:
    ink = QColor(S.TREE_COLOR) if pattern == "trees" else QColor(S.BUILDING_COLOR) if pattern == "buildings" else base.darker(170)
    if PATTERNS.get(pattern) == "stroke":
        return QPen(ink, S.HEX_SIZE * 0.035, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap), None
    return None, QBrush(ink)


def terrain_layer(geo: Geometry, scene_rect: QRectF) -> MapLayer:
    gm = geo.map
    model = gm.model
    layer = MapLayer("terrain", scene_rect, LAYER_Z["terrain"])
    types = model.terrain_types
    # One merged shape per terrain type: far fewer edges to fill than one polygon per hex, and
    # no antialiasing seams between hexes of the same type.  The default terrain fills the whole
    # map first, so the seams around other types show no background.
    order = [model.default_terrain] + [t for t in types if t != model.default_terrain]
    for t in order:
        layer.style(f"fill:{t}", None, QColor(types[t].color if t in types else "#e9e4cf"))
    for t in order:
        pattern = types[t].pattern if t in types else None
        if pattern in PATTERNS:
            pen, brush = pattern_style(pattern, QColor(types[t].color))
            layer.style(f"pattern:{t}", pen, brush, min_lod=0.12)
    grid_pen = QPen(QColor(S.GRID_LINE), S.HEX_SIZE * S.GRID_WIDTH)
    layer.style("grid", grid_pen, None, min_lod=0.1, fade_below=0.6)
    by_type: dict[str, list[str]] = defaultdict(list)
    for hex_id in gm.hex_ids:
        by_type[gm.terrain(hex_id)].append(hex_id)
    middle = geo.map_rect.center()
    layer.path(f"fill:{model.default_terrain}", middle).addPath(_outline(geo, gm.hex_ids))
    for t, hexes in by_type.items():
        if t != model.default_terrain:
            layer.path(f"fill:{t}", middle).addPath(_outline(geo, hexes))
    city_kind = {h: spot.city.kind for h in gm.hex_ids if (spot := gm.city_at(h)) is not None}
    # The grid is drawn as separate hexsides, each once: stroking closed hex outlines with
    # antialiasing costs ~20x more (the joins), and shared sides would be drawn twice.  A hex
    # draws its sides towards directions 0-2, and those towards 3-5 only where no hex of the
    # map lies across (the neighbour there draws the side as its own 0-2).
    axial = {hex_id: gm.grid.hex_of(hex_id) for hex_id in gm.hex_ids}
    on_map = {(h.q, h.r) for h in axial.values()}
    sides = [(d.q, d.r, geo._offsets[(-k) % 6], geo._offsets[(1 - k) % 6]) for k, d in enumerate(AXIAL_DIRECTIONS)]

    def build(tile: tuple[int, int], hexes: list[tuple[str, Hex, QPointF, float, float, str]]) -> None:
        """The glyphs and grid of these hexes of ``tile``, in the map's order."""
        paths = layer._paths[tile]  # what layer.path gives for an anchor in the tile
        grid = paths.get("grid")
        if grid is None:
            grid = paths["grid"] = QPainterPath()
        for hex_id, h, c, cx, cy, t in hexes:
            pattern = types[t].pattern if t in types else None
            if pattern in PATTERNS:
                dense = city_kind.get(hex_id, "major_city") == "major_city"
                glyphs = paths.get(f"pattern:{t}")
                if glyphs is None:
                    glyphs = paths[f"pattern:{t}"] = QPainterPath()
                glyphs.addPath(pattern_path(pattern, c, S.HEX_SIZE, hex_id, dense=dense))
            q, r = h.q, h.r
            for k, (dq, dr, (ax, ay), (bx, by)) in enumerate(sides):
                if k >= 3 and (q + dq, r + dr) in on_map:
                    continue
                grid.moveTo(cx + ax, cy + ay)
                grid.lineTo(cx + bx, cy + by)

    # Made per tile when a tile is first painted (MapLayer.later): a hex's glyphs and grid stay within its corners
    # and the grid's pen.
    tiles: dict[tuple[int, int], list[tuple[str, Hex, QPointF, float, float, str]]] = {}
    side = layer._tile
    for hex_id, h in axial.items():
        c = geo.center(hex_id)
        cx, cy = c.x(), c.y()
        t = gm.terrain(hex_id)
        tiles.setdefault((int(cx // side), int(cy // side)), []).append((hex_id, h, c, cx, cy, t))  # layer._tile_of(c)
        layer.features.append((hex_id, t))
    reach = S.HEX_SIZE * 1.2
    for tile, hexes in tiles.items():
        xs, ys = [cx for _, _, _, cx, _, _ in hexes], [cy for _, _, _, _, cy, _ in hexes]
        bounds = QRectF(min(xs) - reach, min(ys) - reach, max(xs) - min(xs) + 2 * reach, max(ys) - min(ys) + 2 * reach)
        layer.later(tile, bounds, lambda tile=tile, hexes=hexes: build(tile, hexes))
    layer.finish()
    return layer


# ----------------------------------------------------------------------------- hexsides


def hexside_pen(width_hint: float, color: str) -> QPen:
    pen = QPen(QColor(color), max(width_hint, 0.5) * S.HEXSIDE_WIDTH_UNIT * S.HEX_SIZE)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def hexside_layer(geo: Geometry, scene_rect: QRectF) -> MapLayer:
    model = geo.map.model
    layer = MapLayer("hexsides", scene_rect, LAYER_Z["hexsides"])
    types = model.hexside_types
    # Widest first, so a minor river meeting a major one is drawn on top of it.
    for key in sorted(types, key=lambda k: -types[k].width):
        layer.style(key, hexside_pen(types[key].width, types[key].color), None)
    for side_id, features in sorted(model.hexsides.items()):
        a, b = side_id.split("/")
        p0, p1 = geo.edge(a, b)
        mid = (p0 + p1) / 2
        for f in features:
            if f not in types:
                continue
            path = layer.path(f, mid)
            path.moveTo(p0)
            path.lineTo(p1)
            layer.features.append((side_id, f))
    layer.finish()
    return layer


# ----------------------------------------------------------------------------- roads and railroads


def road_layer(geo: Geometry, scene_rect: QRectF) -> MapLayer:
    layer = MapLayer("roads", scene_rect, LAYER_Z["roads"])
    k = S.HEX_SIZE
    casing = QPen(QColor(S.ROAD_CASING), k * S.ROAD_WIDTH, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
    core = QPen(QColor(S.ROAD_CORE), k * S.ROAD_WIDTH * 0.5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
    layer.style("casing", casing)
    layer.style("core", core, min_lod=0.15)
    for a, b in geo.map.road_edges():
        pa, pb = geo.center(a), geo.center(b)
        for key in ("casing", "core"):
            p = layer.path(key, (pa + pb) / 2)
            p.moveTo(pa)
            p.lineTo(pb)
        layer.features.append((a, b))
    layer.finish()
    return layer


def rail_layer(geo: Geometry, scene_rect: QRectF) -> MapLayer:
    layer = MapLayer("rails", scene_rect, LAYER_Z["rails"])
    k = S.HEX_SIZE
    layer.style("track", QPen(QColor(S.RAIL_COLOR), k * S.RAIL_WIDTH, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
    layer.style("ties", QPen(QColor(S.RAIL_COLOR), k * S.RAIL_WIDTH * 0.9, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap), min_lod=0.12)
    tie, step = k * S.RAIL_TIE_LENGTH, k * S.RAIL_TIE_STEP
    for a, b in geo.map.rail_edges():
        pa, pb = geo.center(a), geo.center(b)
        mid = (pa + pb) / 2
        track = layer.path("track", mid)
        track.moveTo(pa)
        track.lineTo(pb)
        d = pb - pa
        length = math.hypot(d.x(), d.y())
        if length == 0:
            continue
        ux, uy = d.x() / length, d.y() / length
        nx, ny = -uy * tie / 2, ux * tie / 2
        ties = layer.path("ties", mid)
        n = max(1, int(length // step))
        for i in range(n):
            t = (i + 0.5) * length / n
            x, y = pa.x() + ux * t, pa.y() + uy * t
            ties.moveTo(x - nx, y - ny)
            ties.lineTo(x + nx, y + ny)
        layer.features.append((a, b))
    layer.finish()
    return layer


# ----------------------------------------------------------------------------- names


def _label_anchor(geo: Geometry, hex_id: str) -> QPointF:
    # Below the counters (which sit on the centre), on the lower part of the hex.
    c = geo.center(hex_id)
    return QPointF(c.x(), c.y() + S.HEX_SIZE * 0.72)


def _city_name(geo: Geometry, city) -> Label:
    major = city.kind == "major_city"
    where = city.label_hex or _middle_hex(geo, city.hexes)
    font = _font(S.HEX_SIZE * (0.36 if major else 0.27), bold=major)
    return Label(_label_anchor(geo, where), city.name, font, QColor(S.LABEL_INK), QColor(S.LABEL_HALO), min_px=8.0, min_screen=12.0 if major else 0.0)


def _place_name(geo: Geometry, place) -> Label:
    return Label(_label_anchor(geo, place.hex), place.name, _font(S.HEX_SIZE * 0.22, italic=True), QColor(S.LABEL_INK), QColor(S.LABEL_HALO), min_px=8.0)


def name_rects(geo: Geometry) -> list[QRectF]:
    """Where the names of cities and places are written (scene coordinates)."""
    model = geo.map.model
    out = [_city_name(geo, c).rect() for c in model.cities.values() if c.hexes]
    return out + [_place_name(geo, p).rect() for p in model.places.values()]


def city_layer(geo: Geometry, scene_rect: QRectF) -> MapLayer:
    gm = geo.map
    layer = MapLayer("cities", scene_rect, LAYER_Z["cities"])
    k = S.HEX_SIZE
    ink, halo = QColor(S.LABEL_INK), QColor(S.LABEL_HALO)
    for city_id, city in sorted(gm.model.cities.items()):
        if not city.hexes:
            continue
        layer.add_label(_city_name(geo, city))
        for hex_id, strength in sorted(city.garrison.items()):
            c = geo.center(hex_id)
            dx = -0.52 if geo.pointy else -0.45
            pos = QPointF(c.x() + dx * k, c.y() - 0.36 * k)
            layer.add_label(Label(pos, str(strength), _font(k * 0.24, bold=True), QColor("#000000"), None, min_px=6.0, box=QColor("#ffffff")))
            layer.features.append(("garrison", hex_id, strength))
        layer.features.append(("city", city_id, city.name))
    layer.finish()
    return layer


def _middle_hex(geo: Geometry, hexes: list[str]) -> str:
    xs = [geo.center(h).x() for h in hexes]
    ys = [geo.center(h).y() for h in hexes]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return min(hexes, key=lambda h: (geo.center(h).x() - mx) ** 2 + (geo.center(h).y() - my) ** 2)


def place_layer(geo: Geometry, scene_rect: QRectF) -> MapLayer:
    layer = MapLayer("places", scene_rect, LAYER_Z["places"])
    k = S.HEX_SIZE
    layer.style("dot", QPen(QColor(S.LABEL_HALO), k * 0.02), QColor(S.LABEL_INK))
    for place_id, place in sorted(geo.map.model.places.items()):
        c = geo.center(place.hex)
        layer.path("dot", c).addEllipse(c, k * 0.06, k * 0.06)
        layer.add_label(_place_name(geo, place))
        layer.features.append((place_id, place.name))
    layer.finish()
    return layer


HEX_ID_MIN_PX = 5.0  # hex numbers show from a zoom where they are this many pixels high


def hex_id_font_size() -> float:
    """The hex numbers' font size in scene units."""
    return S.HEX_SIZE * 0.18


def hex_id_layer(geo: Geometry, scene_rect: QRectF) -> MapLayer:
    layer = MapLayer("hex_ids", scene_rect, LAYER_Z["hex_ids"])
    k = S.HEX_SIZE
    font = _font(hex_id_font_size(), family="DejaVu Sans Mono")
    color = QColor(S.HEX_ID_COLOR)
    dy = -0.66 if geo.pointy else -0.64  # above the counter, inside the hex
    names = name_rects(geo)
    for hex_id in geo.map.hex_ids:
        c = geo.center(hex_id)
        # At the top of the hex; under a city or place name there, at its foot; under names at
        # both, none (the status bar names the hex under the pointer).
        spots = (Label(QPointF(c.x(), c.y() + y * k), hex_id, font, color, None, min_px=HEX_ID_MIN_PX) for y in (dy, -dy))
        label = next((lab for lab in spots if not any(lab.rect().intersects(r) for r in names)), None)
        if label is None:
            continue
        layer.add_label(label)
        layer.features.append((hex_id,))
    layer.finish()
    return layer


# ----------------------------------------------------------------------------- lines and areas

_LINE_DASH = {"solid": Qt.PenStyle.SolidLine, "dash": Qt.PenStyle.DashLine, "dot": Qt.PenStyle.DotLine}


def line_layer(geo: Geometry, scene_rect: QRectF) -> MapLayer:
    layer = MapLayer("lines", scene_rect, LAYER_Z["lines"])
    k = S.HEX_SIZE
    halo = QColor("#ffffff")
    halo.setAlpha(170)
    for line_id, line in sorted(geo.map.lines.items()):
        m = line.model
        width = k * (0.12 if m.style == "solid" else 0.09)
        pen = QPen(QColor(m.color), width, _LINE_DASH[m.style], Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
        solid = m.style == "solid"
        layer.style(f"halo:{line_id}", QPen(halo, width * 2.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin), min_px=5.0 if solid else 3.5)
        layer.style(f"line:{line_id}", pen, min_px=2.6 if solid else 1.8)
        pts = [geo.to_scene(float(x), float(y)) for x, y in m.points]
        # One polyline per run of segments in the same tile: only visible pieces are drawn, and
        # a run is stroked with joins instead of a cap at every hexside.
        runs: list[tuple[QPointF, list[QPointF]]] = []
        for p0, p1 in zip(pts, pts[1:]):
            anchor = (p0 + p1) / 2
            if runs and layer._tile_of(runs[-1][0]) == layer._tile_of(anchor):
                runs[-1][1].append(p1)
            else:
                runs.append((anchor, [p0, p1]))
        for anchor, run in runs:
            for key in (f"halo:{line_id}", f"line:{line_id}"):
                layer.path(key, anchor).addPolygon(QPolygonF(run))
        for label, hex_id in sorted(m.marks.items()):
            if hex_id not in geo.map:
                continue
            pos = _mark_position(geo, line, hex_id)
            ink = QColor(m.color).darker(130)
            layer.add_label(Label(pos, label, _font(k * 0.26, bold=True), ink, None, box=QColor("#ffffff"), round=True, outline=QColor(m.color), min_screen=9.0))
            layer.features.append(("mark", line_id, label, hex_id))
        layer.features.append(("line", line_id, m.name))
    layer.finish()
    return layer


def _mark_position(geo: Geometry, line, hex_id: str) -> QPointF:
    """On the line, opposite the mark's hex, nudged a little towards it."""
    c = geo.center(hex_id)
    x, y = nearest_on_polyline(line.model.points, c.x() / S.HEX_SIZE, c.y() / S.HEX_SIZE)
    p = geo.to_scene(x, y)
    return p + (c - p) * 0.2


def nearest_on_polyline(points, x: float, y: float) -> tuple[float, float]:
    """The point of the polyline through ``points`` nearest to (x, y); the first such on a tie."""
    best, out = math.inf, (float(points[0][0]), float(points[0][1]))
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        dx, dy = x1 - x0, y1 - y0
        span = dx * dx + dy * dy
        t = 0.0 if span == 0 else min(1.0, max(0.0, ((x - x0) * dx + (y - y0) * dy) / span))
        px, py = x0 + t * dx, y0 + t * dy
        d = (px - x) ** 2 + (py - y) ** 2
        if d < best:
            best, out = d, (px, py)
    return out


def zone_hexes(geo: Geometry, scenario: Scenario) -> dict[str, tuple[str, str | None, list[str]]]:
    """Set-up zones as hex sets: zone id -> (name, side, hexes)."""
    out: dict[str, tuple[str, str | None, list[str]]] = {}
    for zone in scenario.setup.zones:
        hexes: set[str] = set()
        if zone.area and zone.area in geo.map.model.areas:
            hexes |= set(geo.map.model.areas[zone.area].hexes)
        if zone.line and zone.line in geo.map.lines and zone.between:
            line = geo.map.lines[zone.line]
            side = zone.side if zone.side in line.model.sides.values() else None
            hexes |= set(line.hexes_between(zone.between[0], zone.between[1], side))
        if zone.hex and zone.within is not None:
            hexes |= set(geo.grid.within(zone.hex, zone.within))
        elif zone.hex:
            hexes.add(zone.hex)
        if hexes:
            out[zone.id] = (zone.name, zone.side, sorted(hexes))
    return out


def _outline(geo: Geometry, hexes: list[str]) -> QPainterPath:
    """The outline of a set of hexes (holes included) as one path of closed rings.

    A hexside is on the outline when the hex across it is not in the set.  Every hex's sides are
    taken clockwise (corner i to corner i + 1), so the outline sides chain head to tail: in a
    hex grid every corner joins three hexes, so each corner of the outline starts exactly one
    outline side.  Corners are named by integers (three times the hex plus the two neighbours
    that share the corner: three times their centroid), so neighbours meet exactly without
    rounding any coordinate.  Filled with the path's odd-even rule, rings inside others are holes."""
    grid = geo.grid
    cells = [grid.hex_of(h) for h in hexes]
    inside = {(h.q, h.r) for h in cells}
    dirs = [(d.q, d.r) for d in AXIAL_DIRECTIONS]
    # Corner i lies between the sides towards directions -i and 1 - i (Layout.edge).
    corner_keys = [(dirs[(-i) % 6][0] + dirs[(1 - i) % 6][0], dirs[(-i) % 6][1] + dirs[(1 - i) % 6][1]) for i in range(6)]
    offsets = geo._offsets
    succ: dict[tuple[int, int], tuple[int, int]] = {}
    points: dict[tuple[int, int], QPointF] = {}
    order: list[tuple[int, int]] = []
    for hex_id, h in zip(hexes, cells):
        q, r = h.q, h.r
        c = None
        for d, (dq, dr) in enumerate(dirs):
            if (q + dq, r + dr) in inside:
                continue
            i, j = (-d) % 6, (1 - d) % 6  # the side towards d runs from corner i to corner j
            a = (3 * q + corner_keys[i][0], 3 * r + corner_keys[i][1])
            b = (3 * q + corner_keys[j][0], 3 * r + corner_keys[j][1])
            if c is None:
                c = geo.center(hex_id)
            for key, k in ((a, i), (b, j)):
                if key not in points:
                    points[key] = QPointF(c.x() + offsets[k][0], c.y() + offsets[k][1])
            succ[a] = b
            order.append(a)
    path = QPainterPath()
    for start in order:
        if start not in succ:
            continue  # already walked
        ring, here = [], start
        while here in succ:
            ring.append(points[here])
            here = succ.pop(here)
        ring.append(points[start])
        path.addPolygon(QPolygonF(ring))
    return path


def area_layer(geo: Geometry, scene_rect: QRectF, scenario: Scenario | None, side_colors: dict[str, QColor]) -> MapLayer:
    """Set-up zones, entry edges and other named hex sets, hatched in the area's colour."""
    layer = MapLayer("areas", scene_rect, LAYER_Z["areas"])
    # Dozens of overlapping translucent zones: without antialiasing they paint ~3x faster,
    # and their edges run along hexsides, where it hardly shows.
    layer._antialias = False
    k = S.HEX_SIZE
    groups: list[tuple[str, str, QColor, list[str], bool]] = []
    for area_id, area in sorted(geo.map.model.areas.items()):
        if not area.hexes:
            continue
        color = QColor(area.color or S.AREA_COLORS_BY_KIND.get(area.kind, S.OKABE_ITO["purple"]))
        groups.append((f"area:{area_id}", area.name, color, area.hexes, area.kind == "entry"))
    if scenario is not None:
        for zone_id, (name, side, hexes) in sorted(zone_hexes(geo, scenario).items()):
            color = side_colors.get(side or "", QColor(S.OKABE_ITO["purple"]))
            groups.append((f"zone:{zone_id}", name, color, hexes, False))
    placed: list[QRectF] = []
    for key, name, color, hexes, entry in groups:
        wash = QColor(color)
        wash.setAlpha(45)
        hatch_color = QColor(color)
        hatch_color.setAlpha(150)
        hatch = QBrush(hatch_color, Qt.BrushStyle.BDiagPattern if entry else Qt.BrushStyle.FDiagPattern)
        # Solid, mitred outlines: dashes and round joins on these zigzag shapes cost ~3x more.
        outline_pen = QPen(color.darker(115), k * 0.05, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap, Qt.PenJoinStyle.MiterJoin)
        layer.style(f"{key}:wash", None, wash)
        layer.style(f"{key}:hatch", None, hatch)
        layer.style(f"{key}:outline", outline_pen, None)
        outline = _outline(geo, hexes)
        anchor = outline.boundingRect().center()
        # One path per group (its tile is that of the group's centre) keeps the outline whole.
        for part in ("wash", "hatch", "outline"):
            layer.path(f"{key}:{part}", anchor).addPath(outline)
        label = Label(_representative(geo, hexes), name, _font(k * 0.26, bold=True), color.darker(160), QColor(S.LABEL_HALO), min_px=7.0)
        # Zones along the same stretch of front share their middle: step a label down until it
        # clears those placed before it.
        for _ in range(8):
            if not any(label.rect().intersects(r) for r in placed):
                break
            label = Label(label.pos + QPointF(0, label.rect().height()), name, label.font, label.color, label.halo, min_px=7.0)
        placed.append(label.rect())
        layer.add_label(label)
        layer.features.append((key, name, len(hexes)))
    layer.finish()
    return layer


def _representative(geo: Geometry, hexes: list[str]) -> QPointF:
    h = _middle_hex(geo, hexes)
    c = geo.center(h)
    return QPointF(c.x(), c.y() - S.HEX_SIZE * 0.45)


# ----------------------------------------------------------------------------- off-map boxes


@dataclass
class Box:
    id: str
    name: str
    rect: QRectF
    color: QColor

    def slot(self, i: int, counter: float) -> QPointF:
        """Centre of the i-th counter slot in the box."""
        pitch = counter * 1.12
        per_row = max(1, int((self.rect.width() - counter * 0.2) // pitch))
        row, col = divmod(i, per_row)
        x = self.rect.left() + counter * 0.1 + pitch * (col + 0.5)
        y = self.rect.top() + counter * 0.55 + pitch * (row + 0.5)
        return QPointF(x, y)


def box_ids(scenario: Scenario | None, gmap: GameMap) -> list[str]:
    """Off-map holding boxes: areas without hexes, and every area a placement puts units in."""
    ids = [a for a, area in gmap.model.areas.items() if not area.hexes and area.kind in ("box", "reserve")]
    if scenario is not None:
        for p in scenario.setup.placements:
            if p.box and p.box not in ids and p.box in gmap.model.areas:
                ids.append(p.box)
    return ids


def layout_boxes(geo: Geometry, ids: list[str], counter: float, capacity: dict[str, int]) -> dict[str, Box]:
    """Boxes in rows under the map, each wide enough for six counters a row."""
    boxes: dict[str, Box] = {}
    pitch = counter * 1.12
    width = pitch * 6 + counter * 0.2
    x0 = geo.map_rect.left()
    x, y = x0, geo.map_rect.bottom() + S.HEX_SIZE * 0.8
    row_height = 0.0
    for box_id in ids:
        area = geo.map.model.areas[box_id]
        rows = max(1, math.ceil(capacity.get(box_id, 0) / 6))
        height = counter * 0.65 + pitch * rows
        if x + width > geo.map_rect.right() and x > x0:
            x, y = x0, y + row_height + S.HEX_SIZE * 0.4
            row_height = 0.0
        color = QColor(area.color or S.AREA_COLORS_BY_KIND.get(area.kind, S.OKABE_ITO["orange"]))
        boxes[box_id] = Box(box_id, area.name, QRectF(x, y, width, height), color)
        x += width + S.HEX_SIZE * 0.4
        row_height = max(row_height, height)
    return boxes


def box_layer(boxes: dict[str, Box], scene_rect: QRectF) -> MapLayer:
    layer = MapLayer("boxes", scene_rect, LAYER_Z["boxes"])
    k = S.HEX_SIZE
    for box in boxes.values():
        key = f"box:{box.id}"
        layer.style(key, QPen(box.color.darker(140), k * 0.05), QColor("#ece6d2"))
        layer.path(key, box.rect.center()).addRoundedRect(box.rect, k * 0.1, k * 0.1)
        pos = QPointF(box.rect.center().x(), box.rect.top() + k * 0.22)
        layer.add_label(Label(pos, box.name, _font(k * 0.24, bold=True), QColor(S.LABEL_INK), None, min_px=6.0))
        layer.features.append((box.id, box.name))
    layer.finish()
    return layer


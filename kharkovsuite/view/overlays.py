"""Overlays the engine hands to the view: marked hexes (reach, supply, ZOC) and paths.

Each overlay is one item holding all its hexes; the colour comes from the Okabe–Ito palette
and each palette entry has its own hatching (see :mod:`.style`), so overlays are told apart
without relying on hue.

The overlay items do not paint themselves: one :class:`OverlayLayer` paints them all, in
their stacking order, from tile pictures it keeps per zoom.  A device cache per overlay cost a
viewport-sized pixmap copy per overlay on every pan (two dozen with every trace overlay on) and
every overlay was painted anew at every zoom step.
"""
from __future__ import annotations

import math
import time
from collections import OrderedDict

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPainterPath, QPen, QPixmap, QPolygonF, QRegion, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem
from shiboken6 import isValid

from . import style as S
from .layers import Geometry, Label, MapLayer, _font

OVERLAY_Z = 60.0
OVERLAY_TILE = 2.0  # tile side in hexes: a pan's strip repaints few marked hexes


HEX_INSET = 0.88  # a marked hex is drawn this much smaller, so neighbours keep visible outlines
STAMP_PHASES = 2  # a hex stamp is kept per half a pixel of its place's fraction, across and down
MAX_STAMP_BYTES = 48 << 20  # the stamps kept, least recently used first out
# Past this many pixels from a hex's centre to its corner, a few hexes fill the view and their
# paths are painted: stamps that big would not stay kept.
MAX_STAMP_REACH_PX = 160

# ("stamp", style, hex shape, zoom, antialiased, fraction across, fraction down), or ("mask", ...)
# -> (picture, its centre's pixel across and down)
_stamps: OrderedDict[tuple, tuple[QImage, int, int]] = OrderedDict()
_stamp_bytes = [0]
# Qt's hatchings are 8 x 8 pixel patterns anchored to the device: a wash and hatching filled
# together are one 8 x 8 texture at the stamp's corner.
_PATTERNS = {Qt.BrushStyle.SolidPattern, *(Qt.BrushStyle(v) for v in range(Qt.BrushStyle.Dense1Pattern.value, Qt.BrushStyle.DiagCrossPattern.value + 1))}


def _kept(key: tuple, make) -> tuple[QImage, int, int]:
    got = _stamps.get(key)
    if got is not None:
        _stamps.move_to_end(key)
        return got
    got = _stamps[key] = make()
    _stamp_bytes[0] += got[0].sizeInBytes()
    while _stamp_bytes[0] > MAX_STAMP_BYTES and len(_stamps) > 1:
        _key, (old, _x, _y) = _stamps.popitem(last=False)
        _stamp_bytes[0] -= old.sizeInBytes()
    return got


def _cell(half: tuple[int, int]) -> tuple[int, int]:
    """The width and height of a cell of an atlas of pictures ``2 * half[0] + 1`` by ``2 * half[1] + 1``
    pixels: multiples of 8, so Qt's 8 x 8 hatch patterns, anchored to the picture, start alike in every cell."""
    return (2 * half[0] + 1 + 7) // 8 * 8, (2 * half[1] + 1 + 7) // 8 * 8


def _coverage(shape: QPolygonF, shape_key: tuple, pen: QPen | None, half: tuple[int, int], scale: float, antialias: bool) -> QImage:
    """How much of each pixel the hex ``shape`` covers, filled (``pen`` None) or stroked with
    ``pen`` (its colour aside), as the alpha of a white picture of STAMP_PHASES x STAMP_PHASES
    cells (:func:`_cell`): in the cell ``qx, qy`` the hex's centre is a fraction ``qx, qy`` /
    STAMP_PHASES of a pixel right of and below the pixel ``half`` from the cell's corner.  The
    antialiased rasterising, done once for every style."""
    mask_pen = None
    if pen is not None:
        mask_pen = QPen(pen)
        mask_pen.setColor(QColor(255, 255, 255))
    key = ("mask", shape_key, None if pen is None else (pen.widthF(), pen.style(), tuple(pen.dashPattern()) if pen.style() != Qt.PenStyle.SolidLine else (),
                                                            pen.capStyle(), pen.joinStyle(), pen.miterLimit()), half, round(scale, 9), antialias)

    def make() -> tuple[QImage, int, int]:
        cw, ch = _cell(half)
        image = QImage(STAMP_PHASES * cw, STAMP_PHASES * ch, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        p = QPainter(image)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, antialias)
        p.setPen(mask_pen if mask_pen is not None else Qt.PenStyle.NoPen)
        p.setBrush(Qt.BrushStyle.NoBrush if mask_pen is not None else QBrush(QColor(255, 255, 255)))
        for qy in range(STAMP_PHASES):
            for qx in range(STAMP_PHASES):
                p.setWorldTransform(QTransform(scale, 0, 0, scale, qx * cw + half[0] + qx / STAMP_PHASES, qy * ch + half[1] + qy / STAMP_PHASES))
                p.drawPolygon(shape)
        p.end()
        return image, *half

    return _kept(key, make)[0]


_textures: dict[tuple, QBrush] = {}  # (colour, pattern) of each brush, in order -> their texture


def _texture(brushes: list[QBrush]) -> QBrush:
    """``brushes`` filled one over the other, as one brush (an 8 x 8 texture, or the colour)."""
    if len(brushes) == 1 and brushes[0].style() == Qt.BrushStyle.SolidPattern:
        return brushes[0]
    key = tuple((b.color().rgba(), b.style().value) for b in brushes)
    got = _textures.get(key)
    if got is None:
        got = _textures[key] = _make_texture(brushes)
    return got


def _make_texture(brushes: list[QBrush]) -> QBrush:
    tile = QImage(8, 8, QImage.Format.Format_ARGB32_Premultiplied)
    tile.fill(Qt.GlobalColor.transparent)
    p = QPainter(tile)
    for brush in brushes:
        p.fillRect(tile.rect(), brush)
    p.end()
    return QBrush(tile)


def _hex_stamp(st: S.OverlayStyle, shape: QPolygonF, shape_key: tuple, pens: tuple, scale: float, antialias: bool) -> tuple[QImage, int, int]:
    """One marked hex of style ``st`` and outline ``shape`` (around its centre; ``shape_key`` names
    it) at zoom ``scale``: its wash, hatching and outline, as ``pens`` says (pen or brush per
    part, in painting order), at each of the STAMP_PHASES x STAMP_PHASES places of a pixel, as one
    picture (an atlas) and the pixel of its centre in a cell: the hex placed a fraction ``qx, qy``
    / STAMP_PHASES of a pixel right of and below its pixel is the cell ``qx, qy`` (:func:`_cell`).
    The places are made together: one picture and a few blends per style and zoom rather than
    four, most of the cost of a frame at a new zoom.

    Every style's hex covers the same pixels: the coverage of the fill and of each kind of
    outline is rasterised once per zoom (:func:`_coverage`), and a style's stamp is that
    coverage coloured, a few blends of a small picture.  A wash and hatching filled together
    are blended as one texture (where a hex's edge half covers a pixel, the two fills each at
    half strength and the two blended, then at half strength, shade it a 255th or two apart)."""

    def make() -> tuple[QImage, int, int]:
        width = max((pen.widthF() for pen, _brush in pens if pen is not None), default=0.0)
        box = shape.boundingRect()
        half = (math.ceil((max(-box.left(), box.right()) + width) * scale) + 2, math.ceil((max(-box.top(), box.bottom()) + width) * scale) + 2)
        parts: list[tuple[QPen | None, list[QBrush]]] = []  # (outline pen, or None: fills run together)
        for pen, brush in pens:
            if pen is not None and brush is None:
                parts.append((pen, [pen.brush()]))
            elif brush is not None and pen is None and brush.style() in _PATTERNS:
                if parts and parts[-1][0] is None:
                    parts[-1][1].append(brush)
                else:
                    parts.append((None, [brush]))
            else:
                raise ValueError(f"a hex stamp has outlines and fills of colours and hatchings only, not {pen!r} with {brush!r}")
        image: QImage | None = None  # the first part's layer, the others painted over it
        p: QPainter | None = None  # on image, kept open for the parts after the first
        for pen, brushes in parts:
            layer = QImage(_coverage(shape, shape_key, pen, half, scale, antialias))  # a copy, to colour
            lp = QPainter(layer)
            lp.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceIn)
            lp.fillRect(layer.rect(), _texture(brushes) if pen is None else brushes[0])
            if image is None:
                image, p = layer, lp
                continue
            lp.end()
            p.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
            p.drawImage(0, 0, layer)
        if p is not None:
            p.end()
        if image is None:
            cw, ch = _cell(half)
            image = QImage(STAMP_PHASES * cw, STAMP_PHASES * ch, QImage.Format.Format_ARGB32_Premultiplied)
            image.fill(Qt.GlobalColor.transparent)
        return image, *half

    return _kept(("stamp", st, shape_key, round(scale, 9), antialias), make)


def _label_stamp(label: Label, scale: float, lod: float, hints, qx: int, qy: int) -> tuple[QImage, int, int]:
    """A hex's label (its text and halo, as :meth:`~.layers.Label.paint` draws them) at zoom
    ``scale``, its anchor a fraction ``qx, qy`` / STAMP_PHASES of a pixel right of and below the
    picture's pixel returned: a few texts repeat over many hexes (a supply range, a ZOC), and
    the halo is the text drawn nine times."""
    key = ("label", label.text, label.font.key(), label.color.rgba(), label.halo.rgba() if label.halo is not None else None,
           label.box.rgba() if label.box is not None else None, label.round, label.outline.rgba(), label.min_px, label.min_screen,
           round(scale, 9), round(lod, 9), int(hints.value) if hasattr(hints, "value") else int(hints), qx, qy)

    def make() -> tuple[QImage, int, int]:
        pos, reach = label.pos, label.reach()
        m = label.font.pixelSize() * 0.2 + 2 / scale  # the halo, and a pixel of antialiasing
        left, right = math.ceil((pos.x() - reach.left() + m) * scale) + 1, math.ceil((reach.right() - pos.x() + m) * scale) + 1
        up, down = math.ceil((pos.y() - reach.top() + m) * scale) + 1, math.ceil((reach.bottom() - pos.y() + m) * scale) + 1
        image = QImage(left + right + 1, up + down + 1, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        p = QPainter(image)
        p.setRenderHints(hints)
        p.setWorldTransform(QTransform(scale, 0, 0, scale, left + qx / STAMP_PHASES - pos.x() * scale, up + qy / STAMP_PHASES - pos.y() * scale))
        label.paint(p, lod)
        p.end()
        return image, left, up

    return _kept(key, make)


class HexOverlayItem(MapLayer):
    """Hexes washed, hatched and outlined per style, with an optional label each.

    The hexes are kept in the map's square tiles (a :class:`~.layers.MapLayer`), so a pan paints
    only the tiles in the newly exposed strip.  Painted at a zoom without rotation on a device
    of pixel ratio 1 (the view's tiles, a screenshot), every hex of a style is a copy of one
    picture of that hex (a stamp, kept per zoom and half-pixel place): rasterising each
    hex's wash, hatching and outline anew cost ten times more.  Qt anchors a hatching to the
    device, so a stamp's hatching starts alike in every hex rather than running on from one
    hex to the next across the gap between them.  The hexes' labels are copied likewise from
    a picture per text, zoom and half-pixel place; as Qt puts glyphs on whole pixels, a label may
    stand a pixel from where drawing its text would put it.  Otherwise the tiles' paths are
    painted and the labels drawn.
    """

    stamped = True  # off: the tiles' paths are painted at every zoom (bench_view --against paths)

    def __init__(self, name: str, geo: Geometry, entries: dict[str, tuple[str | S.OverlayStyle, str | None]], z: float = OVERLAY_Z,
                 label_top: bool = False):
        super().__init__(name, QRectF(), z, tile=OVERLAY_TILE)
        self.entries = dict(entries)
        self.label_top = label_top
        k = S.HEX_SIZE
        styles: dict[S.OverlayStyle, list[str]] = {}
        self._shape = QPolygonF()  # a marked hex around (0, 0)
        self._reach = 0.0  # from its centre to its farthest corner
        # tile -> style's number -> the centres of its hexes there (x, y)
        self._centres: dict[tuple[int, int], dict[int, list[tuple[float, float]]]] = {}
        for hex_id, (style, label) in sorted(self.entries.items()):
            st = S.overlay_style(style)
            keys = styles.get(st)
            if keys is None:
                keys = styles[st] = self._declare(st, len(styles))
            # Inset a little, so neighbouring marked hexes keep visible outlines.
            c = geo.center(hex_id)
            shape = geo.outline_around(HEX_INSET).translated(c)
            self.path(keys[0], c).addPolygon(shape)
            if self._shape.isEmpty():
                self._shape = shape.translated(-c)
                self._shape_key = tuple((round(p.x(), 6), round(p.y(), 6)) for p in self._shape)
                self._reach = max(math.hypot(p.x(), p.y()) for p in self._shape)
            self._centres.setdefault(self._tile_of(c), {}).setdefault(list(styles).index(st), []).append((c.x(), c.y()))
            if label:
                self.add_label(Label(c + QPointF(0, -k * 0.42 if label_top else k * 0.42), str(label), _font(k * 0.3, bold=True), QColor("#000000"), QColor("#ffffff"), min_px=6.0))
        # Wash, hatching and outline of a style paint the same hexes: share one path per tile.
        for tile in self._paths.values():
            for first, *more in styles.values():
                if first in tile:
                    tile.update((key, tile[first]) for key in more)
        self._overlay_styles = list(styles)  # by number, in painting order
        self._style_keys = list(styles.values())  # per style's number, its layer styles in painting order
        self.finish()
        # Each style's hex centres and the labels in the order of the tiles, as the paths would paint them.
        tiles = sorted(set(self._centres) | set(self._labels), key=lambda k: self._tile_order.get(k, len(self._tile_order)))
        import numpy as np  # on first use: it is a fifth of the player's start-up, and no overlay shows at start

        self._in_order: list[np.ndarray] = [np.array([xy for k in tiles for xy in self._centres.get(k, {}).get(n, ())], dtype=float).reshape(-1, 2)
                                            for n in range(len(styles))]
        self._labels_in_order: list[Label] = [label for k in tiles for label in self._labels.get(k, ())]
        rect = QRectF()
        for tile in self._paths.values():
            for path in tile.values():
                rect = rect.united(path.boundingRect())
        for labels in self._labels.values():
            for label in labels:
                rect = rect.united(label.rect())
        self._rect = rect.adjusted(-k * 0.1, -k * 0.1, k * 0.1, k * 0.1)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        t = painter.worldTransform()
        device = painter.device()
        if (not self.stamped or device is None or device.devicePixelRatioF() != 1.0 or t.type().value > QTransform.TransformationType.TxScale.value
                or t.m11() != t.m22() or t.m11() <= 0 or t.m11() * self._reach > MAX_STAMP_REACH_PX):
            super().paint(painter, option, widget)
            return
        import numpy as np  # imported by the constructor already

        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(t)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, self._antialias)
        scale, dx, dy = t.m11(), t.dx(), t.dy()
        # The hexes whose stamps may reach the part exposed, in the painting order of the tiles (the painter clips
        # the rest): one pass over each style's centres, rather than a look-up of the tiles and their hexes.
        exposed = option.exposedRect if not option.exposedRect.isEmpty() else self._rect
        exposed = exposed.intersected(QRectF(-dx / scale, -dy / scale, device.width() / scale, device.height() / scale))
        m = self._reach + S.HEX_SIZE * 0.1 + 4 / scale  # a stamp's reach from its centre: the hex, its outline, a pixel or so
        x0, x1, y0, y1 = exposed.left() - m, exposed.right() + m, exposed.top() - m, exposed.bottom() + m
        antialias = painter.testRenderHint(QPainter.RenderHint.Antialiasing)
        q = STAMP_PHASES
        painter.save()
        painter.resetTransform()
        draw = painter.drawImage
        for n, keys in enumerate(self._style_keys):
            pens = tuple((self._pen_at(key, pen, lod) if pen is not None else None, brush)
                         for key in keys for pen, brush in (self._styles[key],))
            stamp = None  # made for the first hex in reach
            xs, ys = self._in_order[n][:, 0], self._in_order[n][:, 1]
            for x, y in self._in_order[n][np.flatnonzero((xs >= x0) & (xs <= x1) & (ys >= y0) & (ys <= y1))].tolist():
                if stamp is None:
                    stamp, hx, hy = _hex_stamp(self._overlay_styles[n], self._shape, self._shape_key, pens, scale, antialias)
                    cw, ch = _cell((hx, hy))
                    sw, sh = 2 * hx + 1, 2 * hy + 1
                # the nearest of the places a stamp is kept for, in 1/q pixels
                ix, qx = divmod(round((x * scale + dx) * q), q)
                iy, qy = divmod(round((y * scale + dy) * q), q)
                draw(ix - hx, iy - hy, stamp, qx * cw, qy * ch, sw, sh)
        hints = painter.renderHints()
        for label in self._labels_in_order:
            if label.visible_at(lod) and label.reach().intersects(exposed):
                ix, qx = divmod(round((label.pos.x() * scale + dx) * q), q)
                iy, qy = divmod(round((label.pos.y() * scale + dy) * q), q)
                stamp = _label_stamp(label, scale, lod, hints, qx, qy)
                draw(ix - stamp[1], iy - stamp[2], stamp[0])
        painter.restore()

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


def _system_clip(painter: QPainter) -> QRegion:
    """The region a widget's paint event repaints (the two strips of a diagonal scroll, say), in the painter's device
    pixels.  Qt clips a paint event's painting to it without showing it as the painter's clip, and keeps it in the
    window's pixels (the device transform moves the widget there)."""
    engine = painter.paintEngine()
    region = engine.systemClip() if engine is not None else QRegion()
    if region.isEmpty():
        return region
    inverse, ok = painter.deviceTransform().inverted()
    return inverse.map(region) if ok else QRegion()


class _Canvas:
    """One picture the missing parts of some tiles (``jobs`` of :meth:`OverlayLayer._paint_tiles`: key, tile, part done,
    device corner, missing tile pixels) are painted into, as the view's transform ``t`` shows them, then copied into the
    tiles.  The members are painted once for all the tiles, not once per tile (which cost a frame at a new zoom a dozen
    calls of each member), and may be painted a few at a time (:meth:`OverlayLayer._build_step`).  The picture stands a
    whole number of pixels from the tiles, a multiple of 8 from their grid (Qt's hatch patterns are anchored to the
    device), so its pixels are those the tiles' own painting would give."""

    def __init__(self, jobs: list, t: QTransform, origin: tuple[int, int], hints):
        self.jobs = jobs
        region = QRegion()
        for _key, _pix, _done, corner, missing in jobs:
            region = region.united(missing.translated(corner))
        bounds = region.boundingRect()
        ox, oy = origin
        self.left, self.top = bounds.left() - (bounds.left() - ox) % 8, bounds.top() - (bounds.top() - oy) % 8
        self.picture = QImage(bounds.right() + 1 - self.left, bounds.bottom() + 1 - self.top, QImage.Format.Format_ARGB32_Premultiplied)
        self.picture.fill(Qt.GlobalColor.transparent)
        self.clip = region.translated(-self.left, -self.top)
        self.to_picture = QTransform(t.m11(), 0, 0, t.m22(), t.dx() - self.left, t.dy() - self.top)
        self.hints = hints
        self.option = QStyleOptionGraphicsItem()
        self.option.exposedRect = self.to_picture.inverted()[0].mapRect(QRectF(bounds.translated(-self.left, -self.top)))

    @property
    def exposed(self) -> QRectF:
        """The scene rectangle the picture shows."""
        return self.option.exposedRect

    def paint(self, members: list, widget) -> None:
        p = QPainter(self.picture)
        p.setRenderHints(self.hints)
        p.setClipRegion(self.clip)
        p.setWorldTransform(self.to_picture)
        for item in members:
            p.save()
            item.paint(p, self.option, widget)
            p.restore()
        p.end()

    def copy_into(self, layer: "OverlayLayer", kept_only: bool = False, ahead: bool = False) -> None:
        """Copy the picture into the tiles where they are missing.  ``kept_only`` (painted over several turns of the
        event loop): only into tiles the layer still keeps as they were; one dropped meanwhile, where a member changed,
        is painted by the frame that needs it.  ``ahead``: painted around the view before any frame showed it
        (counted apart, in ``tiles_ahead``)."""
        for key, pix, done, corner, missing in self.jobs:
            entry = layer._tiles.get(key)
            if kept_only:
                if entry is None or entry[0] is not pix:
                    continue
                done = entry[1]
                missing = missing.subtracted(done)
                if missing.isEmpty():
                    continue
            p = QPainter(pix)
            p.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
            for r in missing:
                p.drawImage(r.topLeft(), self.picture, r.translated(corner.x() - self.left, corner.y() - self.top))
            p.end()
            if key in layer._tiles:  # not dropped by the frame's later tiles (more than MAX_TILES at once)
                layer._tiles[key] = (pix, done.united(missing))
            if ahead:
                layer.tiles_ahead += 1
            else:
                layer.tiles_painted += 1


class OverlayLayer(QGraphicsItem):
    """Paints every overlay of a scene, by z value and then in the order they were added.

    The overlays stay scene items of their own (for their z value, bounds and data) but are
    flagged to have no contents, so Qt paints only this item.

    In a view, the overlays are drawn from square pictures of :data:`TILE_PX` device pixels,
    laid on a grid fixed to the map and kept per zoom (least recently used first out, at most
    :data:`MAX_TILES`).  A tile is painted only in the parts a frame shows, when it first shows
    them: a pan paints the strip it uncovers, a frame at a new zoom paints what it shows, and a
    zoom back to a zoom seen before paints nothing.  A tile is painted with the view's own transform, shifted by whole
    pixels, so it holds exactly the pixels direct painting would give; tiles are dropped where
    an overlay is added or removed.  Rendering without a view (``QGraphicsScene.render``)
    paints directly; on a screen of device pixel ratio other than 1, Qt's device cache keeps
    the overlays instead.

    While the wheel zooms through zooms never seen, a frame shows the tiles of the nearest zoom
    kept, stretched (an interim picture, as map viewers do), and the exact tiles of the zoom the
    view rests at are painted :data:`REFINE_MS` after the last such frame; a zoom with no tile
    to stretch yet (the first frame) is painted exactly at once.  The exact tiles are painted
    member by member, :data:`STEP_MS` of work at each turn of the event loop, while the stretched
    picture stays on screen, and shown together once all are done: a click or a key while they
    are painted is answered at once, and no frame waits for all of them.

    Around the view, a margin of :data:`AHEAD_PX` device pixels is painted into the tiles ahead
    of need, in the turns of the event loop no input takes (:data:`STEP_MS` of work at a time),
    as map viewers fetch the tiles next to the view: a pan then copies the strip it uncovers from
    tiles already painted.  Each exact frame asks for the margin of the view it showed; the work
    stops once that margin is painted, and gives way to the exact tiles of a new zoom.
    """

    TILE_PX = 512  # a multiple of 8: Qt's hatch patterns stay continuous across tiles
    MAX_TILES = 64  # 512 x 512 x 4 bytes each: 64 MB at most
    REFINE_MS = 150  # after the last interim frame, the exact one
    STEP_MS = 8.0  # the work of painting exact tiles at one turn of the event loop, at most (but one member)
    AHEAD_PX = 160  # the margin painted around the view in idle turns (four pan steps of 40 px)

    def __init__(self, rect: QRectF):
        super().__init__()
        self._rect = QRectF(rect)
        self._members: list[HexOverlayItem | PathOverlayItem] = []
        self._tiles: OrderedDict[tuple, tuple[QPixmap | None, QRegion]] = OrderedDict()
        self._cached = True
        self.tiles_painted = 0  # how many times a part of a tile was painted (for tests and benchmarks)
        self.interim_frames = 0  # frames shown stretched from another zoom's tiles (for tests and benchmarks)
        self.interim = True  # stretch another zoom's tiles while zooming (off: every frame exact)
        self._exact_phase: tuple | None = None  # the zoom the refine timer asked to paint exactly
        self._waiting_phase: tuple | None = None  # the zoom last shown stretched
        self._refine = QTimer()
        self._refine.setSingleShot(True)
        self._refine.timeout.connect(self._refine_now)
        self._waiting: tuple | None = None  # the view's transform and the device pixels exposed when last shown stretched
        self._building: tuple | None = None  # the zoom whose exact tiles are being painted, a few at a time
        self._queue: list = []  # their picture (a _Canvas), then the members still to paint into it
        self._work = QTimer()
        self._work.setSingleShot(True)
        self._work.timeout.connect(self._build_step)
        self.tiles_ahead = 0  # how many times a part of a tile was painted ahead of need (for tests and benchmarks)
        self._view: tuple | None = None  # the last exact frame's zoom, transform, viewport (device pixels) and hints
        self._ahead: list = []  # the margin's pictures still to paint: [zoom, _Canvas, members left]
        self._ahead_work = QTimer()
        self._ahead_work.setSingleShot(True)
        self._ahead_work.timeout.connect(self._ahead_step)
        self.setZValue(OVERLAY_Z)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_rect(self, rect: QRectF) -> None:
        if rect != self._rect:
            self.prepareGeometryChange()
            self._rect = QRectF(rect)
            self._tiles.clear()
            self.update()

    def set_cached(self, cached: bool) -> None:
        """Draw from tile pictures (the default) or paint every frame (for measuring)."""
        self._cached = cached
        self._tiles.clear()
        self._stop_building()
        self._ahead_work.stop()
        self._ahead, self._view = [], None
        if not cached:
            self.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        self.update()

    def add(self, item: HexOverlayItem | PathOverlayItem) -> None:
        item.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
        self._members.append(item)
        self._changed(item.boundingRect())

    def remove(self, item: HexOverlayItem | PathOverlayItem) -> None:
        self._members.remove(item)
        self._changed(item.boundingRect())

    @property
    def members(self) -> list[HexOverlayItem | PathOverlayItem]:
        return list(self._members)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self._rect

    # -- painting

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        t = painter.worldTransform()
        device = painter.device()
        dpr = device.devicePixelRatioF() if device is not None else 1.0
        if dpr != 1.0 and self._cached and self.cacheMode() == QGraphicsItem.CacheMode.NoCache:
            # A high-density screen: tiles are kept in device pixels of ratio 1, so let Qt's
            # own device cache, which knows the ratio, keep the overlays from here on.
            self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        if (not self._cached or widget is None or dpr != 1.0 or t.isRotating() or t.type() == QTransform.TransformationType.TxProject
                or t.m11() != t.m22()):
            self._paint_members(painter, option, widget)
            return
        n = self.TILE_PX
        scale, dx, dy = t.m11(), t.dx(), t.dy()
        ox, oy = math.floor(dx), math.floor(dy)
        phase = (round(scale, 9), round(dx - ox, 4), round(dy - oy, 4))
        exposed = t.mapRect(option.exposedRect if not option.exposedRect.isEmpty() else self._rect).toAlignedRect()
        if device is not None:
            exposed = exposed.intersected(QRect(0, 0, device.width(), device.height()))
        if exposed.isEmpty():
            return
        if self.interim and phase != self._exact_phase and self._interim_frame(painter, phase, t, exposed):
            return
        painter.save()
        painter.resetTransform()
        # A diagonal pan exposes an L of two strips, whose bounding rectangle is the whole
        # viewport: copy (and paint) the tiles in each strip alone.
        parts = [exposed]
        clip = painter.clipRegion() if painter.hasClipping() else _system_clip(painter)  # in device pixels, the transform reset
        if clip.rectCount() > 1:
                parts = [r for r in (r.intersected(exposed) for r in clip) if not r.isEmpty()]
        shown = []
        for part in parts:  # a picture each: the overlays then draw only what is near that strip
            jobs, part_shown = self._jobs(phase, [part], ox, oy)
            self._paint_tiles(jobs, t, (ox, oy), painter.renderHints(), widget)
            shown += part_shown
        for pix, corner, need in shown:
            painter.drawPixmap(need.topLeft() + corner, pix, need)
        painter.restore()
        if device is not None:
            self._look_ahead(phase, t, QRect(0, 0, device.width(), device.height()), painter.renderHints())

    def _jobs(self, phase: tuple, parts: list[QRect], ox: int, oy: int) -> tuple[list, list]:
        """The tiles at ``phase`` that show the device rectangles ``parts`` (the tiles' grid at ``ox, oy``): the jobs of
        :meth:`_paint_tiles` (key, tile, its part done, device corner, the part missing) and what to copy to the screen
        (tile, device corner, the part of the tile shown)."""
        n = self.TILE_PX
        jobs: list[tuple[tuple, QPixmap, QRegion, QPoint, QRegion]] = []
        shown: list[tuple[QPixmap, QPoint, QRect]] = []
        for part in parts:
            for iy in range((part.top() - oy) // n, (part.bottom() - oy) // n + 1):
                for ix in range((part.left() - ox) // n, (part.right() - ox) // n + 1):
                    corner = QPoint(ox + ix * n, oy + iy * n)
                    need = part.intersected(QRect(corner, QSize(n, n))).translated(-corner)
                    key, pix, done = self._tile_entry(phase, ix, iy)
                    if pix is None:
                        continue
                    missing = QRegion(need).subtracted(done)
                    if not missing.isEmpty():
                        jobs.append((key, pix, done, corner, missing))
                    shown.append((pix, corner, need))
        return jobs, shown

    def _interim_frame(self, painter: QPainter, phase: tuple, t: QTransform, exposed: QRect) -> bool:
        """Show the kept tiles of the zoom nearest ``phase`` stretched to it, when ``phase`` has
        no tile yet (or its exact tiles are still being painted) and another zoom has, and ask for
        the exact frame soon; False otherwise."""
        building = phase == self._building
        if not building and any(key[:3] == phase for key in self._tiles):
            return False
        scale = phase[0]
        kept = {key[:3] for key, (pix, _done) in self._tiles.items() if pix is not None and key[:3] != self._building}
        if not kept:
            return False
        source = min(kept, key=lambda p: (abs(math.log(p[0] / scale)), p))
        target = QRectF(exposed)
        painter.save()
        painter.resetTransform()
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        n = self.TILE_PX
        for key, (pix, _done) in list(self._tiles.items()):
            if pix is None or key[:3] != source:
                continue
            where = t.mapRect(self._tile_rect(source, key[3], key[4]))
            if where.intersects(target):
                painter.drawPixmap(where, pix, QRectF(0, 0, n, n))
        painter.restore()
        self.interim_frames += 1
        if building:  # its exact tiles are on their way: a repaint meanwhile (a counter moved) does not start them again
            return True
        self._stop_building()
        self._waiting_phase = phase
        self._waiting = (QTransform(t), QRect(exposed), painter.renderHints())
        self._refine.start(self.REFINE_MS)
        return True

    def _refine_now(self) -> None:
        """The view rests at a zoom shown stretched: paint its exact tiles, a few members at each turn of the event loop."""
        if not isValid(self):  # the scene went (a document replaced, a window closed) while the timer ran
            return
        phase, (t, exposed, hints) = self._waiting_phase, self._waiting
        ox, oy = math.floor(t.dx()), math.floor(t.dy())
        jobs, _shown = self._jobs(phase, [exposed], ox, oy)
        self._building = phase
        if jobs:
            canvas = _Canvas(jobs, t, (ox, oy), hints)
            self._queue = [canvas, *self._members_for(canvas.exposed)]
        else:
            self._queue = []
        self._work.start(0)

    def _build_step(self, budget_ms: float | None = None) -> None:
        """Paint members into the picture of the zoom being refined for up to ``budget_ms`` (default :data:`STEP_MS`; at
        least one), then hand the event loop back; once all are painted, copy it into the tiles (a turn of its own) and
        show them."""
        if not isValid(self) or self._building is None:
            return
        start = time.perf_counter()
        budget = (self.STEP_MS if budget_ms is None else budget_ms) / 1000.0
        if len(self._queue) > 1:
            self._paint_some(self._queue[0], self._queue, 1, start, budget)
            self._work.start(0)
            return
        if self._queue:
            self._queue.pop().copy_into(self, kept_only=True)
        self._exact_phase, self._building = self._building, None
        self.update()

    def _paint_some(self, canvas: _Canvas, todo: list, at: int, start: float, budget: float) -> None:
        """Paint the members listed in ``todo`` from index ``at`` on into ``canvas``, taking each off the list, until the
        list ends there or ``budget`` seconds from ``start`` are spent (at least one member)."""
        while len(todo) > at:
            item = todo.pop(at)
            if isValid(item) and item in self._members:  # not removed meanwhile
                canvas.paint([item], None)
            if time.perf_counter() - start >= budget:
                return

    def _stop_building(self) -> None:
        self._work.stop()
        self._building, self._queue = None, []

    # -- the margin around the view, painted ahead of need

    def _look_ahead(self, phase: tuple, t: QTransform, viewport: QRect, hints) -> None:
        """An exact frame at ``phase`` showed ``viewport``: have the margin around it painted in idle turns."""
        if self.AHEAD_PX <= 0:
            return
        self._view = (phase, QTransform(t), QRect(viewport), hints)
        if self._ahead and self._ahead[0][0] != phase:  # a margin of another zoom: no use now
            self._ahead = []
        if not self._ahead_work.isActive():
            self._ahead_work.start(0)

    def _plan_ahead(self) -> list:
        """The pictures of the missing parts of the tiles in the margin around the last exact frame's view: one per
        rectangle of the margin (a band above, one on each side, one below), so each overlay paints only what is near
        it."""
        if self._view is None:
            return []
        phase, t, viewport, hints = self._view
        m = self.AHEAD_PX
        ring = QRegion(viewport.adjusted(-m, -m, m, m)).subtracted(QRegion(viewport))
        ring = ring.intersected(QRegion(t.mapRect(self._rect).toAlignedRect()))
        ox, oy = math.floor(t.dx()), math.floor(t.dy())
        plans = []
        for part in ring:
            jobs, _shown = self._jobs(phase, [part], ox, oy)
            if jobs:
                canvas = _Canvas(jobs, t, (ox, oy), hints)
                plans.append([phase, canvas, self._members_for(canvas.exposed)])
        return plans

    def _ahead_step(self, budget_ms: float | None = None) -> None:
        """Paint the margin's pictures for up to ``budget_ms`` (default :data:`STEP_MS`; at least one member), copy
        each finished one into the tiles, and come back at the next idle turn; plan the margin afresh when its
        pictures are done, and stop once nothing in it is missing.  The exact tiles of a zoom come first."""
        if not isValid(self) or not self._cached or self._building is not None or self._refine.isActive():
            return
        if not self._ahead:
            self._ahead = self._plan_ahead()
            if not self._ahead:
                return
        start = time.perf_counter()
        budget = (self.STEP_MS if budget_ms is None else budget_ms) / 1000.0
        while self._ahead:
            _phase, canvas, members = self._ahead[0]
            self._paint_some(canvas, members, 0, start, budget)
            if not members:
                canvas.copy_into(self, kept_only=True, ahead=True)
                self._ahead.pop(0)
            if time.perf_counter() - start >= budget:
                break
        self._ahead_work.start(0)

    def paint_ahead(self) -> None:
        """Paint the margin around the view now, all at once (what idle turns do a little at a time)."""
        self._ahead_work.stop()
        while True:
            self._ahead_step(budget_ms=math.inf)
            if not self._ahead_work.isActive():
                return
            self._ahead_work.stop()

    def refining(self) -> bool:
        """Whether the view rests at a zoom still shown stretched: its exact tiles are waited for or being painted."""
        return self._refine.isActive() or self._building is not None

    def refine(self) -> None:
        """Paint the zoom shown stretched exactly now, all at once (what :data:`REFINE_MS` of rest does, a few members at
        a time)."""
        if self._refine.isActive():
            self._refine.stop()
            self._refine_now()
        while self._building is not None:
            self._work.stop()
            self._build_step(budget_ms=math.inf)

    def _tile_rect(self, phase: tuple, ix: int, iy: int) -> QRectF:
        """The scene rectangle of tile ``ix, iy`` at ``phase`` (scale and sub-pixel offset)."""
        scale, fx, fy = phase
        n = self.TILE_PX
        return QRectF((ix * n - fx) / scale, (iy * n - fy) / scale, n / scale, n / scale)

    def _tile_entry(self, phase: tuple, ix: int, iy: int) -> tuple[tuple, QPixmap | None, QRegion]:
        """The key of tile ``ix, iy``, its picture (None when no overlay reaches it) and the part of it painted so far.
        A tile is painted only where it is first needed (:meth:`_paint_tiles`), so a frame at a new zoom paints no more
        than direct painting would."""
        key = (*phase, ix, iy)
        entry = self._tiles.get(key)
        if entry is None:
            n = self.TILE_PX
            pix = None
            if any(m.isVisible() and m.boundingRect().intersects(self._tile_rect(phase, ix, iy)) for m in self._members):
                pix = QPixmap(n, n)
                pix.fill(Qt.GlobalColor.transparent)
            entry = self._tiles[key] = (pix, QRegion())
            while len(self._tiles) > self.MAX_TILES:
                self._tiles.popitem(last=False)
        else:
            self._tiles.move_to_end(key)
        return key, *entry

    def _paint_tiles(self, jobs: list[tuple[tuple, QPixmap, QRegion, QPoint, QRegion]], t: QTransform, origin: tuple[int, int], hints, widget) -> None:
        """Paint the missing parts of the tiles in ``jobs`` (key, tile, part done, device corner, missing tile pixels) as the view's
        transform ``t`` shows them, all members into one picture (:class:`_Canvas`), then copied into the tiles."""
        if not jobs:
            return
        canvas = _Canvas(jobs, t, origin, hints)
        canvas.paint(self._members_for(canvas.exposed), widget)
        canvas.copy_into(self)

    def _members_for(self, exposed: QRectF) -> list:
        """The members shown in the scene rectangle ``exposed``, in painting order."""
        exposed = exposed if not exposed.isEmpty() else self._rect
        return [item for item in sorted(self._members, key=lambda it: it.zValue())  # stable: ties keep their order
                if item.isVisible() and item.boundingRect().intersects(exposed)]

    def _paint_members(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget) -> None:
        for item in self._members_for(option.exposedRect):
            painter.save()
            item.paint(painter, option, widget)
            painter.restore()

    def changed(self, rect: QRectF) -> None:
        """A member shows something else in ``rect`` (or was shown or hidden): repaint it there."""
        self._changed(rect)

    def _changed(self, rect: QRectF) -> None:
        """Drop the tiles that show ``rect`` and have it repainted."""
        stale = [key for key in self._tiles if self._tile_rect(key[:3], key[3], key[4]).intersects(rect)]
        for key in stale:
            del self._tiles[key]
        self.update(rect)

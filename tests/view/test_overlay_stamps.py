"""Marked hexes painted as copies of one picture per style and zoom (stamps): the pixels of the
overlay's paths, in their places at any fraction of a pixel, and redrawn when the game changes."""
from __future__ import annotations

from collections import OrderedDict

import numpy as np
import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QTransform
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from kharkovsuite.view import MapScene
from kharkovsuite.view import overlays as O
from kharkovsuite.view import style as S

# Scale and offset of the painter: the whole map, a middle zoom placed at fractions of a pixel,
# whole pixels, and a close zoom.
TRANSFORMS = ((0.21, -3.37, -2.71), (0.61, -301.37, -212.71), (0.61, -300.0, -212.5), (0.61, -300.8, -212.1), (1.6, -901.63, -640.27))


@pytest.fixture
def scene(qapp, synthetic_scenario):
    scene = MapScene(synthetic_scenario)
    ids = sorted(scene.game_map.hex_ids)
    dotted = S.OverlayStyle(S.OKABE_ITO["yellow"], Qt.BrushStyle.NoBrush, Qt.PenStyle.DotLine, 110)
    scene.set_hex_overlay("solid", {h: ("blue", None) for h in ids[::2]})
    scene.set_hex_overlay("dotted", {h: (dotted, None) for h in ids[1::4]})
    scene.set_hex_overlay("hatched", {h: ("purple" if i % 2 else "orange", None) for i, h in enumerate(ids[3::8])})
    yield scene
    O.HexOverlayItem.stamped = True


def pixels(image: QImage) -> np.ndarray:
    data = np.frombuffer(image.constBits(), dtype=np.uint8, count=image.sizeInBytes())
    return data.reshape(image.height(), image.bytesPerLine())[:, : image.width() * 4].reshape(image.height(), image.width(), 4).astype(int)


def paint(scene, name: str, stamped: bool, scale: float, dx: float, dy: float) -> np.ndarray:
    O.HexOverlayItem.stamped = stamped
    image = QImage(640, 480, QImage.Format.Format_ARGB32)
    image.fill(0xFFFFFFFF)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setWorldTransform(QTransform(scale, 0, 0, scale, dx, dy))
    option = QStyleOptionGraphicsItem()
    option.exposedRect = scene.map_rect
    scene.overlay(name).paint(p, option, None)
    p.end()
    O.HexOverlayItem.stamped = True
    return pixels(image)


def far_apart(a: np.ndarray, b: np.ndarray) -> float:
    """The share of pixels with a colour channel more than a quarter of its range apart."""
    return float((np.abs(a - b).max(axis=2) > 64).mean())


def blocks(a: np.ndarray, n: int = 8) -> np.ndarray:
    """Mean colours of ``n`` x ``n`` squares: a hatching's tone, wherever its lines start."""
    h, w = a.shape[0] // n * n, a.shape[1] // n * n
    return a[:h, :w].reshape(h // n, n, w // n, n, 4).mean(axis=(1, 3))


@pytest.mark.parametrize("name", ["solid", "dotted"])
@pytest.mark.parametrize("transform", TRANSFORMS)
def test_stamped_hexes_give_the_pixels_of_the_paths(scene, name, transform):
    """A stamp stands at most a quarter of a pixel from the hex's place: its antialiased edges
    shade a little apart from the path's, no more (a hex off by half a pixel or more moves
    whole edges: a few percent of the picture)."""
    stamped, paths = paint(scene, name, True, *transform), paint(scene, name, False, *transform)
    assert (np.abs(paths - 255).max(axis=2) > 64).mean() > 0.05  # the overlay is in the picture
    assert far_apart(stamped, paths) < 0.003


def test_a_stamp_off_by_half_a_pixel_would_be_seen(scene):
    """What the bound above tells apart: the paths painted half a pixel away."""
    scale, dx, dy = TRANSFORMS[1]
    assert far_apart(paint(scene, "solid", False, scale, dx + 0.5, dy - 0.5), paint(scene, "solid", False, scale, dx, dy)) > 0.01


@pytest.mark.parametrize("transform", TRANSFORMS)
def test_stamped_hatching_keeps_its_tone(scene, transform):
    """Qt starts a hatching's lines where the painted device starts: in a stamp they start alike
    in every hex, so lines may stand a few pixels from the paths' but the tone is the same."""
    stamped, paths = paint(scene, "hatched", True, *transform), paint(scene, "hatched", False, *transform)
    assert (np.abs(blocks(stamped) - blocks(paths)).max(axis=2) > 12).mean() < 0.03


def test_stamps_are_kept_per_zoom_and_a_bounded_few(scene, monkeypatch):
    monkeypatch.setattr(O, "_stamps", OrderedDict())
    monkeypatch.setattr(O, "_stamp_bytes", [0])
    scale, dx, dy = TRANSFORMS[1]
    paint(scene, "solid", True, scale, dx, dy)
    kept = dict(O._stamps)
    stamps = [key for key in kept if key[0] == "stamp"]
    masks = [key for key in kept if key[0] == "mask"]
    assert len(stamps) == 1  # one style: one picture holding its hex at every fraction of a pixel
    assert len(masks) == 2  # where a hex's fill and its outline cover
    paint(scene, "hatched", True, scale, dx, dy)  # other styles, other dashes, the same hexes
    fills = {key for key in O._stamps if key[0] == "mask" and key[2] is None}
    assert fills == {key for key in masks if key[2] is None}  # their fills covered as the first style's
    assert len(O._stamps) > len(kept)
    kept = dict(O._stamps)
    paint(scene, "solid", True, scale, dx + 7, dy + 3)  # a pan by whole pixels
    assert dict(O._stamps) == kept  # the very same pictures
    monkeypatch.setattr(O, "MAX_STAMP_BYTES", 1)
    paint(scene, "dotted", True, scale * 1.25, dx, dy)
    assert len(O._stamps) == 1  # the least recently used went


def test_a_game_change_redraws_the_marked_hexes(player_window):
    """An HQ moved: a hex its command now reaches is washed in the command colour on the map."""
    from kharkovsuite.rules.kharkov1942 import supply

    w = player_window
    state = w.controller.state
    w.trace.set_side("soviet")
    w.trace.actions["command"].setChecked(True)
    marked = set().union(*(w.scene.overlay(n).entries for n in w.scene.overlay_names if n.startswith("trace:command:")))
    b = state.board
    hq = next(u for u in b.side_units["soviet"] if b.is_hq(u) and state.units[u].hex and "inactive" not in state.units[u].flags)
    home = state.units[hq].hex

    def move(hex_id: str) -> None:
        state.place(hq, hex_id)
        state.cache.clear()
        w._state_changed([])

    target = dest = None
    for dest in sorted(h for h in w.scene.game_map.hex_ids if not state.units_at(h)):
        move(dest)
        gained = sorted(h for h in supply.command_reach(state, hq) if h not in marked and not state.units_at(h))
        if gained:
            target = gained[0]
            break
    assert target is not None
    move(home)
    w.view.set_zoom(1.0)
    w.view.center_on_hex(target)
    spot = w.view.mapFromScene(w.scene.hex_center(target))

    def colour():
        w.view.viewport().repaint()
        return w.view.viewport().grab().toImage().pixelColor(spot)

    before = colour()
    move(dest)
    assert target in w.scene.overlay("trace:command:command").entries
    after = colour()
    ink = S.overlay_style(w.scene.overlay("trace:command:command").entries[target][0]).qcolor()
    # Washed: moved towards the command colour from the bare map's.
    assert abs(after.red() - ink.red()) + abs(after.green() - ink.green()) + abs(after.blue() - ink.blue()) < \
        abs(before.red() - ink.red()) + abs(before.green() - ink.green()) + abs(before.blue() - ink.blue()) - 20


def test_a_paint_finds_the_tiles_near_the_exposed_rectangle_as_a_look_at_every_tile_would(scene):
    """Tiles are looked up by their squares near what a paint exposes (how far a tile's drawing
    reaches out of its square counted), in the layer's own order: the tiles every tile's
    bounds would give, in the same order, for the static layers (labels reach far) and overlays."""
    rng = np.random.default_rng(5)
    layers = [*scene.layers.values(), *(scene.overlay(n) for n in ("solid", "dotted", "hatched"))]
    image = QImage(800, 600, QImage.Format.Format_ARGB32)
    r = scene.map_rect
    looked = 0
    for layer in layers:
        for _ in range(25):
            scale = float(rng.choice([0.12, 0.4, 1.0, 2.5]))
            x, y = rng.uniform(r.left() - 300, r.right()), rng.uniform(r.top() - 300, r.bottom())
            p = QPainter(image)
            p.setWorldTransform(QTransform(scale, 0, 0, scale, -x * scale, -y * scale))
            option = QStyleOptionGraphicsItem()
            option.exposedRect = QRectF(x + rng.uniform(0, 200), y + rng.uniform(0, 200), rng.uniform(1, 900), rng.uniform(1, 900))
            _lod, exposed, tiles = layer._exposed_tiles(p, option)
            p.end()
            every = [k for k, rect in layer._tile_rects.items() if rect.intersects(exposed)]
            assert tiles == every, layer.name
            looked += len(tiles) > 0
    assert looked > 50  # most rectangles meet some tiles


def test_a_stamp_refuses_a_part_it_cannot_colour_from_a_coverage(scene):
    """A part with both a pen and a brush, or a gradient, is not a stamp's: said, not drawn wrong."""
    from PySide6.QtGui import QBrush, QColor, QLinearGradient, QPen

    item = scene.overlay("solid")
    for part in ((QPen(QColor("black"), 2.0), QBrush(QColor("red"))), (None, QBrush(QLinearGradient(0, 0, 1, 1)))):
        with pytest.raises(ValueError, match="outlines and fills of colours and hatchings only"):
            O._hex_stamp(item._overlay_styles[0], item._shape, item._shape_key + ("refused",), (part,), 0.5, True)


def within_a_pixel(a: np.ndarray, b: np.ndarray) -> float:
    """The share of pixels of ``a`` with no pixel of ``b`` within one pixel's step whose colour
    channels are all within a quarter of their range: what is left when a text may stand a
    whole pixel apart."""
    h, w = a.shape[:2]
    best = np.full((h - 2, w - 2), 255)
    for sy in (-1, 0, 1):
        for sx in (-1, 0, 1):
            best = np.minimum(best, np.abs(a[1:-1, 1:-1] - b[1 + sy:h - 1 + sy, 1 + sx:w - 1 + sx]).max(axis=2))
    return float((best > 64).mean())


@pytest.mark.parametrize("transform", TRANSFORMS)
def test_stamped_labels_stand_within_a_pixel_of_painted_ones(scene, transform):
    """A hex's label is copied from a picture of its text too.  Qt puts a text's glyphs on whole
    pixels, and a stamp's text is placed from the half-pixel place of its anchor, so a label may
    stand a pixel from where painting it would: no more."""
    ids = sorted(scene.game_map.hex_ids)
    scene.set_hex_overlay("labelled", {h: ("blue", "HQ r5" if i % 3 else str(i % 7)) for i, h in enumerate(ids[::2])})
    stamped, painted = paint(scene, "labelled", True, *transform), paint(scene, "labelled", False, *transform)
    assert within_a_pixel(stamped, painted) < 0.001
    scale, dx, dy = transform
    moved = paint(scene, "labelled", False, scale, dx + 2, dy)  # two pixels off: seen
    assert within_a_pixel(moved, painted) > 0.003


def test_hexes_filling_the_view_are_painted_not_stamped(scene, monkeypatch):
    """Close in, a few hexes fill the view and a stamp would be too big to keep: paths."""
    monkeypatch.setattr(O, "_stamps", OrderedDict())
    monkeypatch.setattr(O, "_stamp_bytes", [0])
    item = scene.overlay("solid")
    near = O.MAX_STAMP_REACH_PX / item._reach
    for scale, stamped in ((near * 0.95, True), (near * 1.05, False)):
        O._stamps.clear()
        image = paint(scene, "solid", True, scale, -2000.3, -1500.6)
        assert (np.abs(image - 255).max(axis=2) > 24).mean() > 0.05  # the overlay is in the picture
        assert bool(O._stamps) == stamped, scale
        assert far_apart(image, paint(scene, "solid", False, scale, -2000.3, -1500.6)) < 0.003


def test_a_style_s_places_are_cells_of_one_picture_as_each_would_be_alone(scene):
    """The four places of a pixel a hex is kept for are cells of one picture, a multiple of 8 pixels
    apart (Qt's hatchings start alike in each), and each cell holds the hex as a picture of that
    place alone would: its fill's coverage rasterised there on its own."""
    item = scene.overlay("hatched")
    scale = 0.61
    pens = tuple((item._pen_at(key, pen, scale) if pen is not None else None, brush) for key in item._style_keys[0] for pen, brush in (item._styles[key],))
    atlas, hx, hy = O._hex_stamp(item._overlay_styles[0], item._shape, item._shape_key, pens, scale, True)
    cw, ch = O._cell((hx, hy))
    assert cw % 8 == 0 and ch % 8 == 0 and cw > 2 * hx and ch > 2 * hy
    assert (atlas.width(), atlas.height()) == (O.STAMP_PHASES * cw, O.STAMP_PHASES * ch)
    fill = O._coverage(item._shape, item._shape_key, None, (hx, hy), scale, True)
    cells = []
    for qy in range(O.STAMP_PHASES):
        for qx in range(O.STAMP_PHASES):
            alone = QImage(2 * hx + 1, 2 * hy + 1, QImage.Format.Format_ARGB32_Premultiplied)
            alone.fill(Qt.GlobalColor.transparent)
            p = QPainter(alone)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.setWorldTransform(QTransform(scale, 0, 0, scale, hx + qx / O.STAMP_PHASES, hy + qy / O.STAMP_PHASES))
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(Qt.GlobalColor.white)
            p.drawPolygon(item._shape)
            p.end()
            cell = fill.copy(qx * cw, qy * ch, 2 * hx + 1, 2 * hy + 1)
            assert (pixels(cell) == pixels(alone)).all(), (qx, qy)
            cells.append(pixels(atlas.copy(qx * cw, qy * ch, 2 * hx + 1, 2 * hy + 1)))
            assert pixels(alone)[..., 3].sum() > 0
    assert not (cells[0] == cells[3]).all()  # the places differ: a hex half a pixel right and down shades its edges otherwise

"""The overlay layer's tile pictures: the same pixels as painting the overlays directly, reused
by pans and by zooming back, and dropped only where an overlay changes."""
from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QImage, QPainter, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from kharkovsuite.view import MapScene
from kharkovsuite.view import style as S

ZOOMS = (None, 0.7, 1.6)  # None: the whole map


@pytest.fixture
def scene(qapp, synthetic_scenario):
    scene = MapScene(synthetic_scenario)
    ids = sorted(scene.game_map.hex_ids)
    # Styles without hatching: Qt anchors hatch patterns to the painted device, which direct
    # painting and tiles place differently; everything else must match (see CLOSE).
    scene.set_hex_overlay("wide", {h: ("blue", str(i % 7) if i % 5 == 0 else None) for i, h in enumerate(ids[::2])})
    dashed = S.OverlayStyle(S.OKABE_ITO["yellow"], Qt.BrushStyle.NoBrush, Qt.PenStyle.DashLine, 110)
    scene.set_hex_overlay("narrow", {h: (dashed, None) for h in ids[100:400:3]})
    scene.set_path_overlay("line", ids[40:400:37], "path")
    scene.overlay_layer.interim = False  # the tiles themselves; the stretched frames are tested below
    return scene


@pytest.fixture
def view(show_view, scene):
    return show_view(scene)


def frame(view) -> QImage:
    view.viewport().repaint()
    return view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_ARGB32)


def differing_share(a: QImage, b: QImage) -> float:
    """The share of the pixels of two frames of one size with a colour channel more than 6/255 apart."""
    assert a.size() == b.size()

    def pixels(im: QImage) -> np.ndarray:
        data = np.frombuffer(im.constBits(), dtype=np.uint8, count=im.sizeInBytes())
        return data.reshape(im.height(), im.bytesPerLine())[:, : im.width() * 4].reshape(im.height(), im.width(), 4).astype(int)

    return float((np.abs(pixels(a) - pixels(b)).max(axis=2) > 6).mean())


# A tile is painted with the view's transform moved by whole pixels, so the rasteriser's
# floating point may shade an edge a few 255ths apart, and where a thin dashed outline
# crosses a tile's edge its dashes may start a fraction of a pixel apart (Qt's own device
# caches do the same at the edges of the strips a pan exposes).  A tile in the wrong place,
# at a wrong sub-pixel offset or showing stale overlays changes thousands of pixels.
CLOSE = 0.001


def zoom_to(view, zoom) -> None:
    if zoom is None:
        view.fit_map()
    else:
        view.set_zoom(zoom)


def test_overlay_tiles_give_the_pixels_of_direct_painting(view, scene):
    layer = scene.overlay_layer
    for zoom in ZOOMS:
        zoom_to(view, zoom)
        for dx, dy in ((0, 0), (37, 23), (-81, 45)):
            view.pan(dx, dy)
            layer.set_cached(True)
            tiled = frame(view)
            painted_before = layer.tiles_painted
            layer.set_cached(False)
            direct = frame(view)
            assert layer.tiles_painted == painted_before  # painted directly, no tiles made
            assert differing_share(tiled, direct) < CLOSE, f"zoom {zoom}, pan {dx},{dy}"
    layer.set_cached(True)


def test_tiles_keep_a_fraction_of_a_pixel_offset(view, scene):
    """A view scrolls by whole pixels, but a painter may place the map at any offset."""
    layer = scene.overlay_layer

    def paint(cached: bool) -> QImage:
        layer.set_cached(cached)
        image = QImage(640, 480, QImage.Format.Format_ARGB32)
        image.fill(0xFFFFFFFF)
        p = QPainter(image)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setWorldTransform(QTransform(0.61, 0, 0, 0.61, -301.37, -212.71))
        option = QStyleOptionGraphicsItem()
        option.exposedRect = scene.map_rect
        layer.paint(p, option, view.viewport())
        p.end()
        return image

    made = layer.tiles_painted
    tiled = paint(True)
    assert layer.tiles_painted > made
    assert differing_share(tiled, paint(False)) < CLOSE
    layer.set_cached(True)


def test_pans_and_zooming_back_reuse_the_tiles(view, scene):
    layer = scene.overlay_layer
    view.set_zoom(1.0)
    view.center_on_point(scene.map_rect.center())
    first = frame(view)
    made = layer.tiles_painted
    assert made > 0
    frame(view)
    assert layer.tiles_painted == made  # a repaint at rest makes no tile
    view.pan(40, 20)
    frame(view)
    after_pan = layer.tiles_painted
    n = layer.TILE_PX
    most = (800 // n + 2) + (600 // n + 2)  # at most a new column and a new row
    assert 0 <= after_pan - made <= most
    view.pan(-40, -20)
    assert frame(view) == first and layer.tiles_painted == after_pan
    view.set_zoom(1.25)
    frame(view)
    zoomed = layer.tiles_painted
    assert zoomed > after_pan  # a new zoom needs tiles of its own
    view.set_zoom(1.0)
    view.center_on_point(scene.map_rect.center())
    assert frame(view) == first and layer.tiles_painted == zoomed  # the first zoom's tiles were kept


def test_an_overlay_change_repaints_only_its_tiles(view, scene):
    layer = scene.overlay_layer
    view.set_zoom(1.0)
    hex_id = sorted(scene.game_map.hex_ids)[401]
    view.center_on_hex(hex_id)
    before = frame(view)
    made = layer.tiles_painted
    spot = view.mapFromScene(scene.hex_center(hex_id)) + QPoint(0, -8)
    scene.set_hex_overlay("mark", {hex_id: ("vermillion", None)})
    marked = frame(view)
    assert marked.pixelColor(spot) != before.pixelColor(spot)
    assert 1 <= layer.tiles_painted - made <= 4  # one hex touches at most four tiles
    scene.clear_overlay("mark")
    assert frame(view) == before


def test_the_same_marks_set_again_over_every_other_overlay_repaint_nothing(view, scene):
    """A click that sets an overlay to the marks it shows (the reach of a unit selected again) keeps its item and its
    tiles; under another overlay it is made anew, to be drawn over it as a new one is."""
    layer = scene.overlay_layer
    view.set_zoom(1.0)
    hexes = sorted(scene.game_map.hex_ids)[401:404]
    view.center_on_hex(hexes[0])
    scene.set_hex_overlay("mark", {h: ("vermillion", None) for h in hexes})
    item = scene.overlay("mark")
    frame(view)
    made = layer.tiles_painted
    scene.set_hex_overlay("mark", {h: ("vermillion", None) for h in hexes})
    frame(view)
    assert scene.overlay("mark") is item and layer.tiles_painted == made
    scene.set_hex_overlay("mark", {h: ("vermillion", "1") for h in hexes})  # other marks: a new item
    assert scene.overlay("mark") is not item
    item = scene.overlay("mark")
    scene.set_hex_overlay("other", {hexes[0]: ("blue", None)})
    scene.set_hex_overlay("mark", {h: ("vermillion", "1") for h in hexes})  # the same marks, but under "other" now
    assert scene.overlay("mark") is not item and scene.overlay("mark").zValue() > scene.overlay("other").zValue()


def test_a_high_density_screen_leaves_the_overlays_to_qts_device_cache(view, scene):
    """Tiles hold device pixels of ratio 1: on a screen of ratio 2 they would be blurred."""
    layer = scene.overlay_layer
    made = layer.tiles_painted
    image = QImage(400, 300, QImage.Format.Format_ARGB32)
    image.setDevicePixelRatio(2.0)
    image.fill(0xFFFFFFFF)
    p = QPainter(image)
    p.setWorldTransform(QTransform(0.8, 0, 0, 0.8, -100, -100))
    option = QStyleOptionGraphicsItem()
    option.exposedRect = scene.map_rect
    layer.paint(p, option, view.viewport())
    p.end()
    assert layer.tiles_painted == made
    assert layer.cacheMode() == QGraphicsItem.CacheMode.DeviceCoordinateCache
    blank = QImage(image.size(), image.format())
    blank.fill(0xFFFFFFFF)
    assert differing_share(image, blank) > 0.05  # the overlays were painted, directly


def test_a_zoom_never_seen_is_shown_stretched_from_kept_tiles_then_exact(qtbot, view, scene):
    layer = scene.overlay_layer
    layer.interim = True
    made, stretched = layer.tiles_painted, layer.interim_frames
    assert made > 0  # the view opened at the whole map's zoom and kept its tiles
    view.set_zoom(ZOOMS[1], QPointF(view.viewport().rect().center()))
    interim = frame(view)
    assert layer.tiles_painted == made and layer.interim_frames > stretched  # no overlay painted anew
    qtbot.waitUntil(lambda: not layer.refining(), timeout=layer.REFINE_MS * 100)  # at rest...
    exact = frame(view)
    assert layer.tiles_painted > made  # ...painted exactly
    layer.set_cached(False)
    direct = frame(view)
    assert differing_share(exact, direct) < CLOSE
    layer.setVisible(False)
    bare = frame(view)
    layer.setVisible(True)
    # Stretched, the overlays are blurred (and their labels are those of the zoom stretched),
    # but they are there, in their places: the frame is nearer the exact one than the bare map.
    assert differing_share(interim, bare) > 0.25
    assert CLOSE < differing_share(interim, direct) < differing_share(bare, direct)
    layer.set_cached(True)  # drops every tile: with nothing to stretch, a new zoom is painted exactly
    stretched, made = layer.interim_frames, layer.tiles_painted
    view.set_zoom(ZOOMS[2], QPointF(view.viewport().rect().center()))
    frame(view)
    assert layer.interim_frames == stretched and layer.tiles_painted > made


def test_at_rest_the_exact_tiles_are_painted_a_few_at_a_time_and_shown_together(view, scene, monkeypatch):
    """Once the view rests at a zoom shown stretched, its exact tiles are painted over several turns of the event loop,
    the stretched picture staying on screen until every one is done; then the exact frame shows, as direct painting."""
    layer = scene.overlay_layer
    layer.interim = True
    monkeypatch.setattr(layer, "STEP_MS", 0.0)  # an overlay a turn: the steps can be counted
    scene.set_hex_overlay("every", {h: ("green", None) for h in scene.game_map.hex_ids})  # a second overlay wherever the view looks
    frame(view)  # its tiles at the zoom shown: kept, to stretch
    view.set_zoom(ZOOMS[1], QPointF(view.viewport().rect().center()))
    frame(view)
    assert layer._refine.isActive()  # the view rests from here: what the timer does then, done here, step by step
    layer._refine.stop()
    layer._refine_now()
    assert layer._building is not None and len(layer._queue) > 2  # the picture, and the overlays to paint into it
    overlays = len(layer._queue) - 1
    steps = 0
    while layer._building is not None:
        stretched = layer.interim_frames
        middle = frame(view)  # a frame while they are painted: still the stretched picture
        assert layer.interim_frames > stretched
        made = layer.tiles_painted
        layer._work.stop()
        layer._build_step()
        steps += 1
        assert layer.tiles_painted == made or layer._building is None  # the tiles are filled together, at the last step
    assert steps == overlays + 1 and not layer.refining()  # an overlay a turn, then the copy into the tiles
    exact = frame(view)
    layer.set_cached(False)
    direct = frame(view)
    layer.set_cached(True)
    assert differing_share(exact, direct) < CLOSE
    assert differing_share(middle, direct) > CLOSE  # what showed meanwhile was the stretched picture, not the exact one


def test_a_pans_two_strips_are_copied_and_painted_alone(view, scene):
    """A diagonal scroll exposes an L of two strips: the tiles are painted in those strips only
    (the rest of the viewport keeps its pixels), with the pixels of direct painting there."""
    from PySide6.QtGui import QRegion
    from PySide6.QtCore import QRect

    layer = scene.overlay_layer
    view.set_zoom(1.0)
    view.center_on_point(scene.map_rect.center())
    vp = view.viewport()
    strips = QRegion(QRect(0, 0, vp.width(), 30)).united(QRegion(QRect(0, 0, 40, vp.height())))

    def paint(cached: bool) -> QImage:
        layer.set_cached(cached)
        image = QImage(vp.size(), QImage.Format.Format_ARGB32)
        image.fill(0xFFFFFFFF)
        p = QPainter(image)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setClipRegion(strips)
        p.setWorldTransform(view.viewportTransform())
        option = QStyleOptionGraphicsItem()
        option.exposedRect = view.mapToScene(vp.rect()).boundingRect()
        layer.paint(p, option, vp)
        p.end()
        return image

    made = layer.tiles_painted
    tiled = paint(True)  # fresh tiles
    in_strips = layer.tiles_painted - made
    n = layer.TILE_PX
    assert 1 <= in_strips <= (vp.width() // n + 2) + (vp.height() // n + 2) - 1  # the tiles the strips touch
    assert differing_share(tiled, paint(False)) < CLOSE
    layer.set_cached(True)
    made = layer.tiles_painted
    frame(view)  # the whole viewport: the tiles' parts outside the strips are painted now
    assert layer.tiles_painted > made



def test_the_margin_around_the_view_is_painted_in_idle_turns_and_a_pan_copies_it(qtbot, view, scene):
    """After an exact frame, the turns of the event loop no input takes paint the tiles in a margin
    around the view: a pan within the margin then paints nothing, only copies, with the pixels of
    direct painting; a pan past the margin paints its strip as before."""
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    layer = scene.overlay_layer
    view.set_zoom(1.0)
    view.center_on_point(scene.map_rect.center())
    frame(view)
    assert layer._ahead_work.isActive()  # asked for by the frame
    qtbot.waitUntil(lambda: not layer._ahead_work.isActive(), timeout=10_000)  # the event loop's idle turns
    assert layer.tiles_ahead > 0
    made = layer.tiles_painted
    view.pan(40, 20)
    QApplication.sendPostedEvents(None, QEvent.Type.UpdateRequest)  # the strips the scroll uncovered, as the event loop paints them
    assert layer.tiles_painted == made  # copied from the margin
    shown = frame(view)
    layer.set_cached(False)
    direct = frame(view)
    layer.set_cached(True)
    assert differing_share(shown, direct) < CLOSE
    frame(view)  # tiles again, the margin waited for anew
    qtbot.waitUntil(lambda: not layer._ahead_work.isActive(), timeout=10_000)
    made = layer.tiles_painted
    view.pan(layer.AHEAD_PX + 40, 0)
    QApplication.sendPostedEvents(None, QEvent.Type.UpdateRequest)
    assert layer.tiles_painted > made  # past the margin: painted when shown

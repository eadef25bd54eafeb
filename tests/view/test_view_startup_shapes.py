"""Shapes the map view draws at start without the geometry library (issue 27): the outline of a
set of hexes and a point on a named line, checked against shapely's answers; and a minimap that
draws its picture once while a window opens, right after its first paint."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF

from kharkovsuite.map import GameMap
from kharkovsuite.view import Minimap
from kharkovsuite.view.layers import Geometry, _outline, nearest_on_polyline


@pytest.fixture(scope="module")
def geo(small_scenario):
    return Geometry(GameMap.from_scenario(small_scenario))


def test_the_outline_of_hexes_covers_them_and_leaves_their_holes_open(geo):
    ids = geo.map.hex_ids
    ring = [h for h in ids if h != "0405" and geo.map.grid.distance(h, "0405") == 1]  # a ring round 0405
    blob = [h for h in ids if h[:2] in ("01", "02") or h in ring]  # two pieces, one with a hole
    path = _outline(geo, blob)
    union = geo.union(blob)
    from shapely.geometry import Point

    probes = [geo.center(h) for h in ids]
    # Near each hexside, just inside the hex (on a side itself the two answer "boundary" differently).
    probes += [geo.center(a) * 0.55 + geo.center(b) * 0.45 for a in ids for b in geo.map.neighbors(a)]
    for p in probes:
        inside = union.contains(Point(p.x() / geo.size, p.y() / geo.size))
        assert path.contains(p) == inside, (p, inside)
    assert not path.contains(geo.center("0405"))  # the hole


def test_a_mark_sits_where_shapely_projects_it_on_the_line():
    from shapely.geometry import LineString, Point

    points = [(0.0, 0.0), (4.0, 0.0), (4.0, 3.0), (9.0, 3.5)]
    line = LineString(points)
    for x, y in [(1.0, 2.0), (5.0, -1.0), (3.0, 2.9), (12.0, 7.0), (-3.0, -3.0), (6.5, 3.0)]:
        on = line.interpolate(line.project(Point(x, y)))
        got = nearest_on_polyline(points, x, y)
        assert got == pytest.approx((on.x, on.y), abs=1e-9)


def test_the_minimap_draws_its_first_picture_after_its_first_paint(qtbot, small_view):
    minimap = Minimap(small_view)
    qtbot.addWidget(minimap)
    minimap.resize(200, 180)
    order = []
    original = minimap._render
    minimap._render = lambda: (order.append("render"), original())[1]
    painted = minimap.paintEvent
    minimap.paintEvent = lambda event: (order.append("paint") if "paint" not in order else None, painted(event))[1]
    minimap.show()
    assert minimap._pixmap is None  # shown, not yet drawn
    qtbot.waitUntil(lambda: minimap._pixmap is not None, timeout=30000)
    assert order[:2] == ["paint", "render"]
    corner = minimap.from_scene(small_view.map_scene().scene_map_rect.topLeft())
    assert corner == minimap._fit().topLeft()


def test_the_minimap_draws_once_while_a_window_settles_its_layout(qtbot, small_view):
    minimap = Minimap(small_view)
    minimap.RERENDER_DELAY_MS = 60_000  # no timer fires while this test resizes, however slow the machine
    renders = []
    original = minimap._render
    minimap._render = lambda: (renders.append(minimap.size()), original())[1]
    minimap._timer.timeout.disconnect()
    minimap._timer.timeout.connect(minimap._render)
    minimap.resize(200, 180)
    qtbot.addWidget(minimap)
    minimap.show()
    qtbot.waitExposed(minimap)
    qtbot.waitUntil(lambda: minimap._pixmap is not None, timeout=30000)  # the first picture, made right after the first paint
    for width in (220, 240, 260):
        minimap.resize(width, 200)
        qtbot.wait(1)
    assert len(renders) == 1
    # The geometry follows the new size at once: the map's corner is where a fresh fit puts it.
    corner = minimap.from_scene(small_view.map_scene().scene_map_rect.topLeft())
    assert corner == minimap._fit().topLeft()
    assert minimap._timer.isActive()  # the sharper picture is on its way
    minimap._timer.start(0)
    qtbot.waitUntil(lambda: len(renders) == 2, timeout=5000)
    assert renders[-1].width() == 260
    assert isinstance(corner, QPointF)


def test_the_terrain_grid_strokes_every_hexside_of_the_map_once(geo):
    """Each side between two hexes and each side on the map's edge is one segment of the grid:
    none missing, none stroked twice (a doubled antialiased line shows darker)."""
    from PySide6.QtCore import QRectF

    from kharkovsuite.view.layers import terrain_layer

    layer = terrain_layer(geo, QRectF(geo.map_rect))
    layer.build_all()  # the tiles' grid is made when a tile is first painted
    drawn = []
    for paths in layer._paths.values():
        path = paths.get("grid")
        for i in range(0, path.elementCount() if path is not None else 0, 2):
            a, b = path.elementAt(i), path.elementAt(i + 1)
            assert a.isMoveTo() and b.isLineTo()
            drawn.append(tuple(sorted(((round(a.x, 3), round(a.y, 3)), (round(b.x, 3), round(b.y, 3))))))
    expected = set()
    for h in geo.map.hex_ids:
        poly = geo.polygon(h)
        for k in range(6):
            a, b = poly[k], poly[k + 1]
            expected.add(tuple(sorted(((round(a.x(), 3), round(a.y(), 3)), (round(b.x(), 3), round(b.y(), 3))))))
    assert len(drawn) == len(set(drawn)), "a hexside stroked twice"
    assert set(drawn) == expected


def test_terrain_tiles_are_made_when_first_painted_and_paint_as_if_made_at_once(qapp, synthetic_scenario):
    """The terrain's glyphs and grid wait for the first paint of their tile (a window's first frame shows a part of
    the map); a tile made late paints the same pixels as one made with the layer."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter, QTransform
    from PySide6.QtWidgets import QStyleOptionGraphicsItem

    from kharkovsuite.view.layers import terrain_layer

    geo = Geometry(GameMap.from_scenario(synthetic_scenario))
    late, early = terrain_layer(geo, QRectF(geo.map_rect)), terrain_layer(geo, QRectF(geo.map_rect))
    early.build_all()
    waiting = len(late._later)
    assert waiting > 4 and not early._later

    def paint(layer, rect: QRectF) -> QImage:
        scale = 0.5
        image = QImage(int(rect.width() * scale), int(rect.height() * scale), QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(0)
        p = QPainter(image)
        p.setWorldTransform(QTransform(scale, 0, 0, scale, -rect.left() * scale, -rect.top() * scale))
        option = QStyleOptionGraphicsItem()
        option.exposedRect = rect
        layer.paint(p, option)
        p.end()
        return image

    corner = QRectF(geo.map_rect.left(), geo.map_rect.top(), geo.map_rect.width() / 4, geo.map_rect.height() / 4)
    assert paint(late, corner) == paint(early, corner)
    assert 0 < len(late._later) < waiting  # the corner's tiles were made, the others wait
    assert paint(late, geo.map_rect) == paint(early, geo.map_rect)
    assert not late._later

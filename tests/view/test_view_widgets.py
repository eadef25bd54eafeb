"""The widgets around the map: minimap, stack inspector, legend."""
from PySide6.QtCore import QPointF, Qt

from kharkovsuite.view import Legend, Minimap, StackInspector, describe_location
from kharkovsuite.view.counters import CounterView


def test_minimap_shows_the_viewport_and_recentres_on_click(qtbot, small_view):
    minimap = Minimap(small_view)
    minimap.resize(200, 180)
    qtbot.addWidget(minimap)
    minimap.show()
    qtbot.waitExposed(minimap)
    small_view.set_zoom(2.0)
    scene = small_view.map_scene()
    target = scene.hex_center("0405")
    point = minimap.from_scene(target)
    qtbot.mouseClick(minimap, Qt.MouseButton.LeftButton, pos=point.toPoint())
    centre = small_view.mapToScene(small_view.viewport().rect().center())
    assert abs(centre.x() - target.x()) < 8 and abs(centre.y() - target.y()) < 8
    rect = minimap.viewport_rect()
    assert rect.contains(point)
    assert rect.width() < minimap.width()  # zoomed in: the rectangle is smaller than the map
    small_view.fit_map()
    assert minimap.viewport_rect().width() >= minimap.from_scene(scene.map_rect.bottomRight()).x() - minimap.from_scene(scene.map_rect.topLeft()).x() - 2


def test_minimap_drag_follows_the_pointer(qtbot, small_view):
    minimap = Minimap(small_view)
    minimap.resize(200, 180)
    qtbot.addWidget(minimap)
    minimap.show()
    small_view.set_zoom(2.0)
    a = minimap.from_scene(small_view.map_scene().hex_center("0202"))
    b = minimap.from_scene(small_view.map_scene().hex_center("0707"))
    qtbot.mousePress(minimap, Qt.MouseButton.LeftButton, pos=a.toPoint())
    qtbot.mouseMove(minimap, pos=b.toPoint())
    qtbot.mouseRelease(minimap, Qt.MouseButton.LeftButton, pos=b.toPoint())
    centre = small_view.mapToScene(small_view.viewport().rect().center())
    target = small_view.map_scene().hex_center("0707")
    assert abs(centre.x() - target.x()) < 8 and abs(centre.y() - target.y()) < 8


def test_minimap_round_trips_coordinates(qtbot, small_view):
    minimap = Minimap(small_view)
    minimap.resize(240, 200)
    qtbot.addWidget(minimap)
    minimap.show()
    p = QPointF(300, 200)
    back = minimap.to_scene(minimap.from_scene(p))
    assert abs(back.x() - p.x()) < 1e-6 and abs(back.y() - p.y()) < 1e-6


def test_stack_inspector_lists_the_counters_of_a_hex(qtbot, small_scene):
    inspector = StackInspector(small_scene)
    qtbot.addWidget(inspector)
    inspector.show_location("0406")
    assert [cv.id for cv in inspector.counters()] == ["ge-1"]
    assert "0406" in inspector._header.text()
    extra = CounterView(id="x", side="axis", nationality="german", values="9-8", name="2nd Infantry")
    small_scene.set_counters({"0406": [extra] + small_scene.stack_at("0406")})
    assert [cv.id for cv in inspector.counters()] == ["x", "ge-1"]  # follows the scene
    with qtbot.waitSignal(inspector.counter_selected) as signal:
        inspector._list.setCurrentRow(1)
    assert signal.args == ["ge-1"]
    inspector.show_location("0101")
    assert inspector.counters() == []


def test_stack_inspector_describes_untried_counters_without_values(qtbot, small_scene):
    inspector = StackInspector(small_scene)
    qtbot.addWidget(inspector)
    inspector.show_location("0404")
    text = inspector._list.item(0).text()
    assert "untried (U-7)" in text and "1st Rifle" in text


def test_describe_location(small_scene):
    text = describe_location(small_scene, "0405")
    assert text.startswith("0405 · Major city · Gorod (garrison 1)") and "road" in text
    assert "Minor river" in describe_location(small_scene, "0406")
    assert describe_location(small_scene, "0707").endswith("Selo")
    assert describe_location(small_scene, "reserve_box") == "Reserve box"


def test_legend_lists_the_scenarios_symbols(qtbot, small_scene):
    legend = Legend(small_scene)
    qtbot.addWidget(legend)
    texts = [legend.item(i).text() for i in range(legend.count())]
    for expected in ("Terrain", "Clear", "Forest", "Major city", "Major river", "Minor river", "Road", "Railroad", "Front line", "German", "Soviet"):
        assert expected in texts

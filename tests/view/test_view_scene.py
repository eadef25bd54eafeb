"""MapScene: its layers and what each draws, counters and stacks, overlays."""
import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from kharkovsuite.view import LAYERS, MapScene, counter_views_from_scenario
from kharkovsuite.view.counters import CounterView
from kharkovsuite.view.layers import MapLayer
from kharkovsuite.view.stacks import StackItem


def render(scene: MapScene, rect: QRectF | None = None, size: int = 400) -> QImage:
    rect = rect or scene.sceneRect()
    img = QImage(size, round(size * rect.height() / rect.width()), QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(QColor("white"))
    painter = QPainter(img)
    scene.render(painter, QRectF(img.rect()), rect)
    painter.end()
    return img


def test_every_layer_is_one_item_in_the_scene_in_z_order(small_scene):
    assert tuple(small_scene.layers) == LAYERS
    for name, layer in small_scene.layers.items():
        assert isinstance(layer, MapLayer)
        assert layer.scene() is small_scene
    z = {name: layer.zValue() for name, layer in small_scene.layers.items()}
    assert z["terrain"] < z["areas"] < z["hexsides"] < z["roads"] < z["rails"] < z["lines"] < z["cities"] < z["hex_ids"]
    stack = small_scene.stack_item("0406")
    assert stack.zValue() > max(z.values())


def test_layers_hold_the_scenarios_features(small_scene):
    layers = {name: small_scene.layer(name) for name in LAYERS}
    assert len(layers["terrain"].features) == 80
    assert ("0203", "forest") in layers["terrain"].features
    assert layers["hexsides"].features == [("0306/0406", "minor_river")]
    assert sorted(layers["roads"].features) == [("0401", "0402"), ("0402", "0403"), ("0403", "0404"), ("0404", "0405")]
    assert sorted(layers["rails"].features) == [("0501", "0502"), ("0502", "0503")]
    assert ("city", "town", "Gorod") in layers["cities"].features
    assert ("garrison", "0405", 1) in layers["cities"].features
    assert "Gorod" in layers["cities"].label_texts and "1" in layers["cities"].label_texts
    assert layers["places"].features == [("village", "Selo")]
    assert ("line", "front", "Front line") in layers["lines"].features
    assert {f[2] for f in layers["lines"].features if f[0] == "mark"} == {"1", "2"}
    assert len(layers["hex_ids"].features) == 80 and "0405" in layers["hex_ids"].label_texts
    areas = {f[0] for f in layers["areas"].features}
    assert "area:east_edge" in areas and "zone:soviet-front" in areas
    assert [f[0] for f in layers["boxes"].features] == ["reserve_box"]


def test_hex_ids_and_areas_start_hidden_and_toggle(small_scene, qtbot):
    assert not small_scene.layer_visible("hex_ids") and not small_scene.layer_visible("areas")
    assert small_scene.layers["hex_ids"].features == []  # built when first shown
    with qtbot.waitSignal(small_scene.layer_visibility_changed) as signal:
        small_scene.set_layer_visible("hex_ids", True)
    assert signal.args == ["hex_ids", True]
    assert small_scene.layers["hex_ids"].isVisible() and len(small_scene.layers["hex_ids"].features) == 80
    assert small_scene.layers["hex_ids"].zValue() > small_scene.layers["places"].zValue()


def test_river_is_drawn_on_the_hexside_between_its_two_hexes(small_scene):
    (a, b) = small_scene.geo.edge("0306", "0406")
    mid = (a + b) / 2
    # Render a small square around the hexside's middle with only the river layer showing.
    for name, layer in small_scene.layers.items():
        layer.setVisible(name == "hexsides")
    for item in small_scene.items():
        if isinstance(item, StackItem):
            item.setVisible(False)
    img = render(small_scene, QRectF(mid.x() - 4, mid.y() - 4, 8, 8), 16)
    river = QColor(small_scene.scenario.map.hexside_types["minor_river"].color)
    centre = img.pixelColor(8, 8)
    assert abs(centre.blue() - river.blue()) < 40 and abs(centre.red() - river.red()) < 40


def test_hex_at_is_the_inverse_of_hex_center(small_scene):
    for hex_id in small_scene.game_map.hex_ids:
        assert small_scene.hex_at(small_scene.hex_center(hex_id)) == hex_id
    assert small_scene.hex_at(QPointF(-500, -500)) is None
    box = small_scene.boxes["reserve_box"]
    assert small_scene.location_at(box.rect.center()) == "reserve_box"


def test_set_counters_builds_one_stack_per_hex_and_only_rebuilds_changes(small_scene, small_scenario, qtbot):
    views = counter_views_from_scenario(small_scenario)
    assert set(views) == {"0406", "0404"}
    first = small_scene.stack_item("0406")
    assert [cv.id for cv in small_scene.stack_at("0406")] == ["ge-1"]
    extra = CounterView(id="x", side="soviet", nationality="soviet", values="2-3-7")
    with qtbot.waitSignal(small_scene.counters_changed):
        small_scene.set_counters({**views, "0404": views["0404"] + [extra], "reserve_box": [extra]})
    assert small_scene.stack_item("0406") is first  # unchanged stacks keep their item
    assert [cv.id for cv in small_scene.stack_at("0404")] == ["su-1", "x"]
    assert [cv.id for cv in small_scene.stack_at("reserve_box")] == ["x"]
    small_scene.set_counters({"0406": views["0406"]})
    assert small_scene.stack_at("0404") == [] and small_scene.stack_item("0404") is None
    assert sum(isinstance(i, StackItem) for i in small_scene.items()) == 1


def test_set_counters_rejects_a_location_off_the_map(small_scene):
    with pytest.raises(KeyError, match="9999"):
        small_scene.set_counters({"9999": [CounterView(id="x", side="axis")]})


def test_a_fanned_stack_shows_every_counter_side_by_side(small_scene):
    stack = [CounterView(id=f"c{i}", side="axis", nationality="german", values="9-8") for i in range(3)]
    small_scene.set_counters({"0505": stack})
    item = small_scene.stack_item("0505")
    folded = item.counter_rects()
    assert len({(r.x(), r.y()) for r in folded}) == 3  # offset so the depth shows
    small_scene.fan_out("0505")
    assert small_scene.fanned == "0505" and item.fanned
    rects = item.counter_rects()
    assert all(not a.intersects(b) for a, b in zip(rects, rects[1:]))
    middle = item.counter_scene_rects()[2].center()
    assert item.counter_at(middle).id == "c2"
    small_scene.fan_out(None)
    assert small_scene.fanned is None and not item.fanned


def test_hex_overlay_set_replace_clear(small_scene, qtbot):
    with qtbot.waitSignal(small_scene.overlays_changed):
        small_scene.set_hex_overlay("reach", {"0404": ("reachable", "1"), "0403": ("zoc", None)})
    item = small_scene.overlay("reach")
    assert item.scene() is small_scene and set(item.entries) == {"0404", "0403"}
    small_scene.set_hex_overlay("reach", {"0505": ("blue", "2")})
    assert item.scene() is None  # replaced
    assert set(small_scene.overlay("reach").entries) == {"0505"}
    small_scene.set_path_overlay("supply", ["0401", "0402", "0403"], "supply")
    assert small_scene.overlay_names == ["reach", "supply"]
    assert small_scene.overlay("supply").zValue() < small_scene.stack_item("0404").zValue()
    small_scene.clear_overlay("reach")
    assert small_scene.overlay_names == ["supply"]
    small_scene.clear_overlays()
    assert small_scene.overlay_names == []
    small_scene.clear_overlay("never-set")  # clearing an absent overlay is harmless


def test_overlays_reject_unknown_styles_and_hexes(small_scene):
    with pytest.raises(KeyError, match="unknown overlay style 'pink'"):
        small_scene.set_hex_overlay("x", {"0404": ("pink", None)})
    with pytest.raises(KeyError, match="9999"):
        small_scene.set_path_overlay("y", ["0404", "9999"])


def test_overlay_styles_differ_by_more_than_hue():
    from kharkovsuite.view.style import OVERLAY_STYLES

    patterns = [(s.hatch, s.dash) for s in OVERLAY_STYLES.values()]
    assert len(set(patterns)) == len(patterns)
    assert len({s.hatch for s in OVERLAY_STYLES.values()}) == len(OVERLAY_STYLES)


def test_overlay_is_painted(small_scene):
    for layer in small_scene.layers.values():
        layer.setVisible(False)
    c = small_scene.hex_center("0707")
    rect = QRectF(c.x() - 30, c.y() - 30, 60, 60)
    before = render(small_scene, rect, 60)
    small_scene.set_hex_overlay("x", {"0707": ("vermillion", None)})
    after = render(small_scene, rect, 60)
    assert before != after


def test_scene_at_kharkov_scale(qapp, synthetic_scenario):
    scene = MapScene(synthetic_scenario)
    views = counter_views_from_scenario(synthetic_scenario)
    scene.set_counters(views)
    assert len(scene.layers["terrain"].features) == 40 * 39
    assert sum(len(s) for s in scene.counters().values()) == len(synthetic_scenario.setup.placements)
    # One item per stack, not per hex per layer.
    assert len(scene.items()) < 400
    assert set(scene.boxes) == {"reserve_28", "reserve_6"}
    for box in scene.boxes.values():
        assert not box.rect.intersects(scene.map_rect)


def test_flat_topped_maps_draw_and_hit_test_too(qapp, tmp_path):
    from synthetic import write_synthetic

    from kharkovsuite.scenario import load_scenario

    scenario = load_scenario(write_synthetic(tmp_path / "flat.yaml", columns=12, rows=10, units=10, orientation="flat"))
    scene = MapScene(scenario)
    for hex_id in scene.game_map.hex_ids:
        assert scene.hex_at(scene.hex_center(hex_id)) == hex_id
    assert not render(scene).isNull()


def test_set_scenario_rebuilds_layers_and_repaints_counters_in_new_colours(small_scene, small_scenario):
    edited = small_scenario.model_copy(deep=True)
    edited.map.terrain["0707"] = "forest"
    edited.sides["axis"].colors["german"] = "#123456"
    old_painter = small_scene.stack_item("0406")._painter
    small_scene.set_scenario(edited, layers=("terrain",))
    assert ("0707", "forest") in small_scene.layers["terrain"].features
    item = small_scene.stack_item("0406")
    assert item._painter is small_scene.counter_painter is not old_painter
    assert small_scene.colors.of(item.counters[0])[0] == QColor("#123456")

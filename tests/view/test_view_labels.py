"""Map labels do not write over each other: hex numbers and the names of cities and places."""
from pathlib import Path

from kharkovsuite.scenario import load_scenario
from kharkovsuite.view import MapScene
from kharkovsuite.view.layers import name_rects

ROOT = Path(__file__).resolve().parents[2]


def test_hex_numbers_keep_clear_of_city_and_place_names(qapp):
    scene = MapScene(load_scenario(ROOT / "scenarios" / "kharkov-1942.yaml"))
    scene.set_layer_visible("hex_ids", True)
    names = name_rects(scene.geo)
    numbers = scene.layers["hex_ids"].label_rects
    assert len(numbers) >= len(scene.game_map.hex_ids) - 2  # moved to the hex's foot, hardly ever left out
    crossing = [h for h, r in numbers.items() if any(r.intersects(n) for n in names)]
    assert crossing == []

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


def test_trace_findings_wrap_to_the_dock_rather_than_being_cut(qtbot):
    from kharkovsuite.tracing import OverlayData
    from kharkovsuite.view.traceoverlays import TraceLegend

    text = "su-rd-11 (1714) is out of supply: its Line of Communications to the nearest active HQ is blocked at 1613 by an enemy zone of control (10.23, 11.23)"
    legend = TraceLegend()
    qtbot.addWidget(legend)
    legend.resize(300, 400)
    legend.show()
    legend.show_overlays([OverlayData("supply", "soviet", items=[{"text": text, "hex": "1714", "case": "11.0", "unit": "su-rd-11"}])])
    finding = legend.topLevelItem(0).child(0).child(0)
    assert finding.text(0) == text
    rect = legend.visualItemRect(finding)
    assert rect.right() <= legend.viewport().width() and rect.height() >= 3 * legend.fontMetrics().height()
    assert finding.toolTip(0).startswith("<qt>")

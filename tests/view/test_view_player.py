"""The player window on the shared map view, and ``kharkov --screenshot``."""
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from player.app import PlayerWindow, main
from tests.startwait import wait_started

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = [ROOT / "tests" / "data" / "small.yaml"] + sorted((ROOT / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.name for p in SCENARIOS])
def test_player_window_opens_with_the_set_up_on_the_map(qtbot, path):
    window = PlayerWindow(path)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    wait_started(qtbot, window)
    scene = window.scene
    placed = [p for p in window.scenario.setup.placements]
    controller = getattr(window, "controller", None)
    if controller is not None and getattr(controller, "state", None) is not None:
        # A game: the map holds what the side viewing may see (Kharkov 1943's fog shows a stack's top unit, 10.1).
        obs = controller.observation()["units"]
        drawn = {cv.id for stack in scene.counters().values() for cv in stack}
        assert drawn <= set(obs)  # nothing the side may not see
        assert {u for u, v in obs.items() if v.get("hex")} <= drawn  # everything it sees on the map
    else:
        assert sum(len(s) for s in scene.counters().values()) == len(placed)
    assert window.centralWidget() is window.view
    assert window.minimap_dock.widget() is window.minimap
    assert window.inspector_dock.widget() is window.inspector
    assert window.scenario.title in window.windowTitle()
    hex_id = placed[0].hex or next(p.hex for p in placed if p.hex)
    window.view.hex_clicked.emit(hex_id)
    assert window.inspector.location == hex_id and window.inspector.counters()


def test_layer_toggles_in_the_toolbar(qtbot):
    window = PlayerWindow(SCENARIOS[0])
    qtbot.addWidget(window)
    assert not window.scene.layer_visible("hex_ids")
    window.layer_actions["hex_ids"].trigger()
    assert window.scene.layer_visible("hex_ids")


def test_player_window_at_kharkov_scale(qtbot, synthetic_path):
    window = PlayerWindow(synthetic_path)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    wait_started(qtbot, window)
    assert len(window.scene.counters()) > 100
    # opens at the zoom where counters can be read (the whole map would be min_zoom * 2)
    assert window.view.zoom == pytest.approx(max(window.view.min_zoom * 2, window.view.readable_zoom()))


def test_screenshot_writes_a_png(qapp, tmp_path):
    png = tmp_path / "shot.png"
    assert main(["--scenario", str(SCENARIOS[0]), "--screenshot", str(png)]) == 0
    image = QImage(str(png))
    assert not image.isNull() and image.width() > 400 and image.height() > 300
    colors = {image.pixel(x, y) for x in range(0, image.width(), 17) for y in range(0, image.height(), 17)}
    assert len(colors) > 20  # a map, not a blank window


def test_an_invalid_scenario_is_reported_not_raised(qapp, tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    text = (ROOT / "tests" / "data" / "small.yaml").read_text(encoding="utf-8")
    bad.write_text(text.replace("default_terrain: clear", "default_terrain: swamp").replace("{unit: ge-1, hex: '0406'}", "{unit: ge-1, hex: '9999'}"), encoding="utf-8")
    png = tmp_path / "problems.png"
    assert main(["--scenario", str(bad), "--screenshot", str(png)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if line.startswith(str(bad))]
    assert any(": map.default_terrain: " in line for line in lines)
    assert any("setup.placements[0].hex" in line for line in lines)
    assert all(line.split(":")[1].isdigit() for line in lines)  # file:line: path: message
    assert not QImage(str(png)).isNull()


def test_problems_box_lists_every_problem(qapp):
    from kharkovsuite.scenario import Problem
    from player.app import problems_box

    problems = [Problem("f.yaml", i + 1, f"units[{i}].type", "unknown unit type 'x'") for i in range(30)]
    box = problems_box("The scenario cannot be opened:", problems)
    assert "f.yaml:1: units[0].type: unknown unit type 'x'" in box.informativeText()
    assert "and 5 more" in box.informativeText()
    assert "f.yaml:30: units[29].type" in box.detailedText()


def test_a_missing_file_is_reported(qapp, tmp_path, capsys):
    assert main(["--scenario", str(tmp_path / "nope.yaml"), "--screenshot", str(tmp_path / "x.png")]) == 1
    assert "no such file" in capsys.readouterr().err

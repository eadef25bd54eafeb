"""The trace overlays are the rule system's own: the window builds its overlay actions from the
trace module the registry gives for the game's system, and says why when there is none.

A fake trace module stands in for a second system (monkeypatched registry), so these tests do
not depend on the other systems' engines."""
from __future__ import annotations

from pathlib import Path

import pytest

import kharkovsuite.view  # noqa: F401 - the PySide6 guard first
from kharkovsuite import rules as registry
from tests.faketrace import fake_trace

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "scenarios" / "kharkov-1942.yaml"


@pytest.fixture
def fake_registry(monkeypatch):
    fake = fake_trace()
    real = registry.trace_module
    monkeypatch.setattr(registry, "trace_module", lambda rules_id: fake if rules_id == "kharkov1942" else real(rules_id))
    return fake


def test_window_offers_the_overlays_of_the_game_s_rule_system(fake_registry, qtbot):
    from player.app import PlayerWindow

    w = PlayerWindow(DEFAULT, seed=1, handover=False, autosave=None, interactive=False)
    qtbot.addWidget(w)
    assert list(w.trace.actions) == ["isolation", "artillery"]
    assert [a.text() for a in w.trace.toolbar.actions() if a in w.trace.actions.values()] == ["Isolation", "Artillery range"]
    w.trace.set_side("soviet")
    w.trace.actions["isolation"].trigger()
    drawn = w.scene.overlay("trace:isolation:isolated")
    assert drawn is not None and list(drawn.entries.values())[0][1] == "cut"
    heads = [w.trace.legend.topLevelItem(i).text(0) for i in range(w.trace.legend.topLevelItemCount())]
    assert heads == ["Isolation — fake"]
    assert any("is cut off" in f for f in w.trace.legend.findings())


def test_switching_rule_system_replaces_the_overlay_actions_and_clears_the_old_drawings(fake_registry, player_window):
    w = player_window
    w.trace.set_rules("kharkov1942")  # already the (fake) system: nothing changes
    w.trace.actions["isolation"].setChecked(True)
    assert w.scene.overlay("trace:isolation:isolated") is not None
    w.trace.set_rules("kirovograd")
    assert w.scene.overlay("trace:isolation:isolated") is None
    assert "isolation" not in w.trace.actions


def test_a_system_without_trace_module_shows_why_and_no_overlay(monkeypatch, player_window):
    def unavailable(rules_id):
        raise registry.RuleSystemUnavailable(f"rule system {rules_id!r} has no supply and command tracing yet")

    monkeypatch.setattr(registry, "trace_module", unavailable)
    w = player_window
    w.trace.set_rules("kirovograd")
    w.trace.set_state(w.controller.state)
    assert w.trace.actions == {}
    assert "no supply and command tracing yet" in w.trace.status.text()
    assert not [a for a in w.trace.toolbar.actions() if a.objectName().startswith("trace_")]


def test_side_chooser_lists_the_scenario_s_own_sides(player_window):
    box = player_window.trace.side_box
    assert [box.itemText(i) for i in range(box.count())] == ["Side to act", "Axis", "Soviet"]
    with pytest.raises(KeyError):
        player_window.trace.set_side("german")


def test_trace_module_styles_with_an_unknown_word_are_refused():
    from kharkovsuite.view.traceoverlays import system_styles

    bad = fake_trace()
    bad.STYLES = {"isolated": ("mauve", "none", "solid", 80)}
    with pytest.raises(KeyError, match="unknown colour 'mauve'"):
        system_styles(bad)


def test_the_editor_offers_the_overlays_of_the_open_scenario_s_system(qtbot):
    from editor.document import Document
    from editor.window import MainWindow
    from kharkovsuite.scenario import load_scenario

    path = ROOT / "scenarios" / "kirovograd-opening-moves.yaml"
    w = MainWindow(Document(load_scenario(path), path))
    w.ask_save = lambda why: "discard"
    qtbot.addWidget(w)
    assert set(w.trace.actions) == {"supply", "why"}  # Kirovograd's own overlays
    box = w.trace.side_box
    assert [box.itemText(i) for i in range(box.count())] == ["Side to act", "German", "Soviet"]

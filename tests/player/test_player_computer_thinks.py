"""Issue 26: a computer player of Kharkov 1943 and of Kirovograd thinks in a worker thread while the window keeps
processing events, shows that it is thinking, and the Actions dock says whose turn it is, in words."""
from __future__ import annotations

from pathlib import Path

import pytest
from player import systems
from player.app import PlayerWindow
from tests.startwait import wait_started

from .thinking import ThinkingWatch

ROOT = Path(__file__).resolve().parents[2]
GAMES = {
    "kharkov1943": (ROOT / "scenarios" / "kharkov-1943-gallop.yaml", "german", "German"),
    "kirovograd": (ROOT / "scenarios" / "kirovograd-opening-moves.yaml", "soviet", "Soviet"),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_26_the_window_stays_responsive_while_the_computer_thinks(qtbot, monkeypatch, game):
    monkeypatch.setattr(systems, "_allow_unplayable", True)
    scenario, side, name = GAMES[game]
    w = PlayerWindow(scenario, seed=5, handover=False, autosave=None, interactive=False, players={side: "ai:normal"})
    qtbot.addWidget(w)
    w.faster_action.setChecked(True)
    watch = ThinkingWatch(w, side)
    w.show()
    qtbot.waitExposed(w)
    wait_started(qtbot, w)
    state = w.controller.state
    if w.computer_to_act():
        refused = w.end_phase()  # a person may not act for the computer
        assert refused is None and "computer" in w.statusBar().currentMessage()
    w.layer_actions["hex_ids"].trigger()  # the menus work meanwhile
    assert w.scene.layer_visible("hex_ids")
    qtbot.waitUntil(lambda: w.computer.actions_played >= 3 or (not w.computer.busy and not w.computer_to_act()), timeout=600_000)
    watch.stop_and_check()
    w.computer.shutdown()
    assert w.computer.actions_played >= 1 and state.actions
    playing = f"{name} (Computer, normal) is playing."
    assert any(playing in t for t in watch.titles), watch.titles  # the Actions dock said whose turn it was, in words
    assert not any("ai:normal" in t for t in watch.titles)

"""Fixtures of the player tests: a game window on the default scenario with a fixed seed."""
from pathlib import Path

import pytest
from tests.startwait import wait_started

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "scenarios" / "kharkov-1942.yaml"


@pytest.fixture
def window(player_window):
    return player_window


GALLOP = ROOT / "scenarios" / "kharkov-1943-gallop.yaml"


@pytest.fixture
def k43_window(qtbot):
    """A hot-seat window on Kharkov 1943's Gallop scenario, both seats people, no hand-over screen."""
    from player.app import PlayerWindow

    w = PlayerWindow(GALLOP, seed=5, handover=False, autosave=None, interactive=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    wait_started(qtbot, w)
    return w

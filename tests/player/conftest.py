"""Fixtures of the player tests: a game window on the default scenario with a fixed seed."""
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "scenarios" / "kharkov-1942.yaml"


@pytest.fixture
def window(qtbot):
    from player.app import PlayerWindow

    w = PlayerWindow(DEFAULT, seed=1, handover=False, autosave=None, interactive=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w

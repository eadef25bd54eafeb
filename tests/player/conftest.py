"""Fixtures of the player tests: a game window on the default scenario with a fixed seed."""
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "scenarios" / "kharkov-1942.yaml"


@pytest.fixture
def window(player_window):
    return player_window

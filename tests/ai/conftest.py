"""Shared by the computer-player tests: the full Kharkov 1942 scenario, loaded once a module."""
from __future__ import annotations

from pathlib import Path

import pytest

from kharkovsuite.scenario import load_scenario

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "kharkov-1942.yaml"


@pytest.fixture(scope="module")
def scenario():
    return load_scenario(str(SCENARIO))

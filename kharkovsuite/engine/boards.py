"""Tables a rule system derives from a scenario once (its board), kept per scenario object."""
from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

Board = TypeVar("Board")


class PerScenario(Generic[Board]):
    """``build(scenario)`` once per scenario object: games of the same scenario share one board,
    and a scenario edited into a new object (the editor's play button) gets its own."""

    def __init__(self, build: Callable[..., Board]):
        self._build = build
        self._boards: dict[int, tuple[object, Board]] = {}

    def __call__(self, scenario) -> Board:
        held = self._boards.get(id(scenario))
        if held is None or held[0] is not scenario:
            held = self._boards[id(scenario)] = (scenario, self._build(scenario))
        return held[1]

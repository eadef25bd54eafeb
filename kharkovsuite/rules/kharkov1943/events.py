"""Events of Kharkov 1943 that other systems do not have."""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.events import Event


@dataclass(frozen=True, kw_only=True)
class StepsChanged(Event):
    """A unit's steps changed other than by combat: replacements (16), detachments and merging (1.3)."""

    unit: str
    step: int  # steps lost now
    steps: int
    why: str

    def text(self) -> str:
        return f"{self.unit} now has {self.steps - self.step} of {self.steps} steps: {self.why}"


@dataclass(frozen=True, kw_only=True)
class StackExamined(Event):
    """A side saw the contents of an enemy stack (10.1)."""

    side: str
    hex: str
    how: str

    def text(self) -> str:
        return f"{self.side} examines the stack in {self.hex} ({self.how})"

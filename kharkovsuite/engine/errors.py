"""The one error a rule system raises for a refused action."""
from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules refuse; the message starts with the rule case, e.g. ``6.25: ...``."""

    def __init__(self, case: str, message: str):
        self.case = case
        self.reason = message
        super().__init__(f"{case}: {message}")


class CacheMismatch(AssertionError):
    """Debug mode (``KHARKOV_CHECK_CACHES=1``): a cached result differs from a fresh computation."""

"""The one error a rule system raises for a refused action."""
from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules refuse; the message starts with the rule case, e.g. ``6.25: ...``."""

    def __init__(self, case: str, message: str):
        self.case = case
        self.reason = message
        super().__init__(f"{case}: {message}")

    def __reduce__(self):
        # rebuilt from its two fields, so a refusal raised in a self-play worker process reaches the
        # parent as itself (a default pickle calls __init__ with the one joined message, which fails
        # and shows only as a broken process pool)
        return (type(self), (self.case, self.reason))


class CacheMismatch(AssertionError):
    """Debug mode (``KHARKOV_CHECK_CACHES=1``): a cached result differs from a fresh computation."""

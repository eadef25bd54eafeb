"""The one error a rule system raises for a refused action."""
from __future__ import annotations

import re

#: A rule case as the rulebooks number them: ``5``, ``6.25``, ``14.3A``, ``11.B``, ``4.2.A1``, a
#: range (``20.0D-E``), or several joined by commas (``18.5B, 18.1C``).
CASE = re.compile(r"[0-9][0-9A-Za-z.\-/]*(?:,? [0-9][0-9A-Za-z.\-/]*)*")


def is_case(text) -> bool:
    """Whether ``text`` is a rule case as :data:`CASE` reads one."""
    return isinstance(text, str) and CASE.fullmatch(text) is not None


class IllegalAction(ValueError):
    """An action the rules refuse; the message starts with the rule case, e.g. ``6.25: ...``."""

    def __init__(self, case: str, message: str):
        # a refusal the player reads must name its rule case and say why (a programming error
        # otherwise, caught where it is raised rather than shown as "None" in the window)
        if not is_case(case):
            raise TypeError(f"a refusal names its rule case (a number such as 6.25), not {case!r}")
        if not isinstance(message, str) or not message.strip():
            raise TypeError(f"a refusal of case {case} says why, not {message!r}")
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

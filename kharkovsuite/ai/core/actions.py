"""Reading a lazy list of legal actions (:class:`kharkovsuite.engine.legal.LegalActions`) cheaply."""
from __future__ import annotations

from ...engine.legal import LegalActions


def last_actions(legal: LegalActions) -> list:
    """The last action of every segment of a lazy action list (one unit's moves, one target
    set's attacks: the last of an attack segment uses every able attacker), without building
    every action."""
    return [make(n - 1) for n, make in legal.segments()]


def actions_of_kind(legal: LegalActions, kind: str, limit: int = 5000) -> list:
    """Every action of the segments whose last action is of ``kind`` (small lists only)."""
    out = []
    for n, make in legal.segments():
        if make(n - 1).kind == kind:
            out.extend(a for a in (make(i) for i in range(min(n, limit))) if a.kind == kind)
    return out

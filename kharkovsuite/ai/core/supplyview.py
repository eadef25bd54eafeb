"""Supply-line awareness through each rule system's ``trace`` module (:mod:`kharkovsuite.tracing`).

Only the side's own units are traced: a line of supply is something that side can see on the map.
"""
from __future__ import annotations

from ...rules import RuleSystemUnavailable, trace_module


def unsupplied_units(state, side: str) -> dict[str, str | None]:
    """This side's units the system's trace finds out of supply: unit -> hex (empty when the
    system has no trace module yet)."""
    try:
        trace = trace_module(state.scenario.rules)
    except RuleSystemUnavailable:
        return {}
    quick = getattr(trace, "unsupplied", None)  # a system's own shorter query (kharkovsuite.tracing)
    if quick is not None:
        return quick(state, side)
    return {r["unit"]: r.get("hex") for r in trace.side_report(state, side) if not r["in_supply"]}

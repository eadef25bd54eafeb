"""A trace module of a made-up rule system (:mod:`kharkovsuite.tracing`), for the tests of the
view and of ``kharkov-cli trace`` that must not depend on another system's engine."""
from __future__ import annotations

import types

from kharkovsuite.tracing import OverlayData


def fake_trace() -> types.ModuleType:
    """A trace module with two overlays of its own and a role the view has no style for."""
    trace = types.ModuleType("fake_system.trace")
    trace.OVERLAYS = ("isolation", "artillery")
    trace.TITLES = {"isolation": "Isolation", "artillery": "Artillery range"}
    trace.DESCRIPTIONS = {"isolation": "Units cut off from their supply head", "artillery": "Hexes each battery reaches"}
    trace.DEFAULT_OVERLAYS = {"soviet": ("isolation",), "axis": ("artillery",)}
    trace.STYLES = {"isolated": ("vermillion", "diagonal-cross", "dash", 140)}

    def overlay(state, name, side, unit=None, dest=None):
        data = OverlayData(name, side, unit, title=trace.TITLES[name], summary="fake")
        first = next(rec.hex for rec in state.units.values() if rec.side == side and rec.hex)
        data.marks["isolated" if name == "isolation" else "command"] = {first: "cut"}
        data.explain("isolated", "cut off from supply")
        data.add_item(f"a unit at {first} is cut off", first, "99.1")
        return data

    trace.overlay = overlay
    trace.side_report = lambda state, side, unit=None: []
    trace.format_report = lambda report: ""
    return trace

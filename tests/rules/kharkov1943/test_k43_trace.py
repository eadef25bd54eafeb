"""Kharkov 1943 supply and command overlays (trace.py, the trace view and ``kharkov-cli trace``),
written from the survivors of the mutation run (docs/mutation.md)."""
from __future__ import annotations

import pytest

from kharkovsuite.rules.kharkov1943 import supply, trace

from .k43_helpers import GE_HQ, INF, PLAIN, bare, fresh

CUT = "2410"  # no German HQ or source within 5 hexes


def test_8_1_the_command_overlay_keeps_its_side_and_selected_unit_and_explains_its_marks():
    state = bare({GE_HQ: PLAIN, INF: "2703"})
    o = trace.overlay(state, "command", "axis", INF)
    assert (o.name, o.side, o.unit, o.title) == ("command", "german", INF, "Command")
    assert ("command", "Within 5 hexes of an HQ by a line of command (8.1)") in o.legend
    assert o.lines["command_line"][0] == "2703" and o.lines["command_line"][-1] == PLAIN


def test_an_unknown_overlay_is_refused_with_the_names_of_the_overlays():
    state = bare({INF: PLAIN})
    with pytest.raises(KeyError) as info:
        trace.overlay(state, "roads", "german")
    assert info.value.args == ("unknown overlay 'roads'; use one of: supply, why, command",)


def test_9_2_the_supply_overlay_marks_only_hexes_within_five_of_what_a_unit_traces_to():
    state = fresh()
    o = trace.overlay(state, "supply", "german")
    targets = supply.tier_targets(state, "german", 2, supply.side_lines(state, "german"))
    grid = state.board.map.grid
    assert o.hexes("supplied") and set(targets) & o.hexes("supplied")
    assert all(min(grid.distance(h, t) for t in targets) <= supply.LIMIT for h in o.hexes("supplied"))


def test_9_3_the_supply_overlay_lists_the_sides_units_without_a_line():
    state = bare({INF: CUT})
    assert not supply.line(state, INF).ok
    o = trace.overlay(state, "supply", "german")
    assert o.hexes("out") == {CUT}
    assert o.items == [{"text": f"{INF} ({CUT}) has no line of supply", "hex": CUT, "case": "9.1", "unit": INF}]
    assert o.summary == "0 of 1 german units on the map trace a line of supply, 1 do not"


def test_8_1_the_command_overlay_explains_the_units_line_and_counts_the_hqs():
    state = bare({GE_HQ: PLAIN, INF: "2703"})
    o = trace.overlay(state, "command", "german", INF)
    assert ("command_line", "The unit's line of command to its nearest HQ (8.1)") in o.legend
    assert ("hq", "HQ") in o.legend
    assert o.summary == "1 HQs; 0 units out of command this turn"


def test_9_2_8_1_the_report_of_one_unit_gives_its_supply_and_command_lines():
    state = bare({GE_HQ: PLAIN, INF: "2703", "d320_587": CUT})
    (report,) = trace.side_report(state, "german", INF)
    assert (report["unit"], report["hex"], report["in_supply"]) == (INF, "2703", True)
    assert report["command"]["hq"] == GE_HQ and report["command"]["path"][-1] == PLAIN
    assert {r["unit"] for r in trace.side_report(state, "german")} == {GE_HQ, INF, "d320_587"}
    with pytest.raises(KeyError):
        trace.side_report(state, "german", "no_such_unit")


def test_9_3_the_supply_overlay_keeps_its_selected_unit_and_explains_the_units_without_a_line():
    state = bare({INF: CUT})
    o = trace.overlay(state, "supply", "german", INF)
    assert (o.name, o.side, o.unit) == ("supply", "german", INF)
    assert o.marks["selected"] == {CUT: None}
    assert ("out", "Unit without a line of supply (9.3); a number counts the units") in o.legend
    assert ("selected", "The selected unit") in o.legend


def test_9_1_9_2_the_units_without_a_line_are_those_the_reports_say_are_out_of_supply():
    """``trace.unsupplied`` (the computer players' query) against the full reports, for both sides, in the opening
    and with a German unit cut off and Soviet units thrown among the German ones."""
    from kharkovsuite.ai.core.supplyview import unsupplied_units

    opening = fresh()
    soviets = sorted(u for u, rec in opening.units.items() if rec.side == "soviet" and rec.hex is not None)[:4]
    germans = sorted(rec.hex for rec in opening.units.values() if rec.side == "german" and rec.hex is not None)
    thrown = bare({INF: CUT, **dict(zip(soviets, germans[::7]))})
    for state in (opening, thrown):
        for side in ("german", "soviet"):
            full = {r["unit"]: r["hex"] for r in trace.side_report(state, side) if not r["in_supply"]}
            assert trace.unsupplied(state, side) == full == unsupplied_units(state, side), side
    assert INF in trace.unsupplied(thrown, "german") and trace.unsupplied(thrown, "soviet")
    assert trace.unsupplied(opening, "german") != trace.unsupplied(opening, "soviet")

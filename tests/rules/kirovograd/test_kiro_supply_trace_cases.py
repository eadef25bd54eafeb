"""Supply cases the sample of mutants found untested: an HQ on a line to a friendly edge is in
supply by 8.3.2A (and keeps no marker), a unit with no source is marked Cut Off by 8.4A, and a
unit's trace lists the hexes that block its line, never the hex it stands in."""
from __future__ import annotations

from kharkovsuite.engine.events import FlagChanged
from kharkovsuite.rules.kirovograd import counters, supply

from .kiro_helpers import GE_HQ, GE_INF2, PLAIN, SU_DIV, SU_DIV2, bare, nbr


def _no_sources(state) -> None:
    state.game["dumps"].clear()  # no German dump on the map, and no HQ placed: no source (8.3A)


def test_8_3_2A_an_hq_linked_to_a_friendly_edge_is_in_supply_and_keeps_no_marker():
    state = bare({GE_HQ: PLAIN})
    trace = supply.forward(state, GE_HQ)
    assert trace.to_dict() == {"unit": GE_HQ, "hex": PLAIN, "in_supply": True, "source": None, "source_kind": "edge",
                               "case": "8.3.2A", "path": [PLAIN], "blocks": []}
    events: list = []
    supply.supply_segment(state, "german", events)
    assert events == []
    assert not counters.has(state, GE_HQ, counters.CUT_OFF) and not counters.has(state, GE_HQ, counters.OUT_OF_SUPPLY)


def test_8_4A_a_unit_without_a_source_is_marked_cut_off_and_the_event_names_8_4A():
    state = bare({GE_INF2: PLAIN})
    _no_sources(state)
    events: list = []
    supply.supply_segment(state, "german", events)
    assert events == [FlagChanged(unit=GE_INF2, flag="cut off", on=True, case="8.4A")]
    assert counters.has(state, GE_INF2, counters.CUT_OFF)


def test_8_2B_13_3B_a_unit_s_trace_lists_what_blocks_its_line_but_not_its_own_hex():
    # Two Soviet divisions beside the German regiment: its hex lies in their Overlapping ZOC.
    state = bare({GE_INF2: PLAIN, SU_DIV: nbr(PLAIN, 0), SU_DIV2: nbr(PLAIN, 2)})
    _no_sources(state)
    assert supply.blocked_by(state, "german", PLAIN, supply.enemy_hexes(state, "german")) == ("13.3B", "an Overlapping enemy ZOC")
    trace = supply.forward(state, GE_INF2).to_dict()
    assert trace["in_supply"] is False and trace["case"] == "8.4A"
    blocks = {b["hex"]: (b["case"], b["reason"]) for b in trace["blocks"]}
    assert blocks[nbr(PLAIN, 0)] == ("8.2B", "enemy units") and blocks[nbr(PLAIN, 2)] == ("8.2B", "enemy units")
    assert PLAIN not in blocks

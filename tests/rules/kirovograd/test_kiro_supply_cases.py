"""General and forward supply (8.1-8.6): cases the first tests left open."""
from __future__ import annotations

from kharkovsuite.rules.kirovograd.actions import TransferSupply

from .kiro_helpers import GE_INF, PLAIN, bare, ring


def test_8_5_1D_points_moved_to_a_dump_are_added_to_those_it_holds():
    state = bare({GE_INF: PLAIN})
    state.game["dumps"] = {"1": PLAIN, "2": ring(PLAIN, 6)[0]}
    state.game["supply"].update({"german:1": 7, "german:2": 4})
    state.apply(TransferSupply(source="1", dest="2", points=3))
    assert (state.game["supply"]["german:1"], state.game["supply"]["german:2"]) == (4, 7)

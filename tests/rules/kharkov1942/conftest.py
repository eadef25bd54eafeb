"""Part 1's rule tests were written before supply existed ("every unit in supply", 11.0 seam).

Their purpose-built positions have no HQ, so under the real supply and command rules (10.2,
11.0) every Soviet unit in them would be out of supply and out of command.  For those modules
only, keep part 1's premise: every unit in supply, every City hex traceable, every unit in
command.  Supply, command and victory are tested for real in test_k42_supply*, test_k42_hq*
and test_k42_victory*, and the playouts run the full rules.
"""
from __future__ import annotations

import pytest

PART1_MODULES = {
    "test_k42_combat",
    "test_k42_movement",
    "test_k42_results",
    "test_k42_sequence",
    "test_k42_special_movement",
}


@pytest.fixture(autouse=True)
def _part1_premise_every_unit_supplied(request, monkeypatch):
    if request.module.__name__.rsplit(".", 1)[-1] not in PART1_MODULES:
        return
    from kharkovsuite.rules.kharkov1942 import hq, supply

    monkeypatch.setattr(supply, "in_supply", lambda state, uid: True)
    monkeypatch.setattr(supply, "hex_in_supply", lambda state, hex_id, side: True)
    monkeypatch.setattr(hq, "may_attack", lambda state, uid: True)

"""HQs (10.0) with supply and command: displacement (10.17, 10.18), activation (10.3), and
what an HQ gives (10.11, 10.21-10.24)."""
from __future__ import annotations

from k42_helpers import position

from kharkovsuite.rules.kharkov1942 import hq, supply


def test_10_17_a_displaced_hq_supplies_nothing_until_reactivated():
    state = position({"su-hq6": "0501", "su-r1": "0503", "su-r2": "0301"})
    state.set_flag("su-hq6", "inactive", False)
    assert supply.in_supply(state, "su-r1")
    hq.displace(state, "su-hq6", [])
    assert state.units["su-hq6"].hex == "0301"  # 0503 and 0301 equally near: the lower id
    assert not supply.command_status(state, "su-r1").in_command
    assert "inactive" in state.units["su-hq6"].flags
    assert not supply.in_supply(state, "su-r2") and not supply.in_supply(state, "su-r1")
    hq.reactivate_displaced(state, "soviet", [])
    assert supply.in_supply(state, "su-r1") and supply.in_supply(state, "su-r2")


def test_10_18_an_hq_is_not_eliminated_while_a_friendly_combat_unit_remains():
    state = position({"su-hq6": "0501", "su-r1": "0909"})
    hq.displace(state, "su-hq6", [])
    assert state.units["su-hq6"].hex == "0909"
    alone = position({"su-hq6": "0501"})
    hq.displace(alone, "su-hq6", [])
    assert alone.units["su-hq6"].hex is None


def test_10_24_one_hq_serves_any_number_of_units():
    state = position({"su-hq6": "0501", "su-r1": "0502", "su-r2": "0402", "su-r3": "0602", "su-r4": "0503"})
    state.set_flag("su-hq6", "inactive", False)
    assert all(supply.in_supply(state, u) for u in ("su-r1", "su-r2", "su-r3", "su-r4"))
    assert all(supply.command_status(state, u).hq == "su-hq6" for u in ("su-r1", "su-r2", "su-r3", "su-r4"))


def test_10_3_an_hq_turns_active_on_its_turn_and_then_supplies():
    state = position({"su-hq6": "0501", "su-r1": "0503"}, turn=1)
    assert "inactive" in state.units["su-hq6"].flags and not supply.in_supply(state, "su-r1")
    from kharkovsuite.rules.kharkov1942 import sequence

    sequence.go_to(state, "soviet-movement", 2)  # su-hq6 activates on GT 2
    assert "inactive" not in state.units["su-hq6"].flags
    assert supply.in_supply(state, "su-r1")

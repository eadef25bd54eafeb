"""What the supply trace (8.2-8.4) and the log of the turn sequence (3.2, 3.3) hand the user, and
the overstacking check of 9.1A that the random playouts run after every action."""
from __future__ import annotations

from kharkovsuite.engine.events import MoveStopped, UnitMoved
from kharkovsuite.rules.kirovograd import orders, sequence, stacking, supply

from .kiro_helpers import GE_HQ, GE_INF, GE_INF2, PLAIN, SU_DIV, SU_DIV2, bare, fresh, move, ring
from .test_kiro_supply_reserves import FOES


def test_8_3A_a_supplied_unit_s_trace_record_names_its_source_and_path():
    state = bare({GE_INF2: PLAIN, GE_HQ: ring(PLAIN, 2)[0]})
    assert supply.forward(state, GE_INF2).to_dict() == {
        "unit": GE_INF2, "hex": PLAIN, "in_supply": True, "source": GE_HQ, "source_kind": "formation_hq",
        "case": "8.3A", "path": ["0419", "0519", PLAIN], "blocks": [],
    }


def test_8_4A_a_cut_off_unit_s_trace_record_lists_each_blocking_hex_with_its_case():
    placed = {GE_INF2: PLAIN, GE_HQ: ring(PLAIN, 4)[0]}
    placed.update(zip(FOES[:6], ring(PLAIN, 2)[::2]))  # a ring of enemies two hexes out
    state = bare(placed)
    record = supply.forward(state, GE_INF2).to_dict()
    assert {k: v for k, v in record.items() if k != "blocks"} == {
        "unit": GE_INF2, "hex": PLAIN, "in_supply": False, "source": None, "source_kind": None, "case": "8.4A", "path": [],
    }
    assert record["blocks"][:2] == [{"hex": "0417", "case": "8.2B", "reason": "enemy units"},
                                    {"hex": "0418", "case": "13.3B", "reason": "an Overlapping enemy ZOC"}]
    assert [b["hex"] for b in record["blocks"]] == sorted(b["hex"] for b in record["blocks"])


def test_3_2_the_delivery_is_logged_track_by_track():
    event = sequence.SupplyDelivered(points={"soviet": 5, "german:1": 3}, case="3.2")
    assert event.text() == "supply points delivered: the Soviet track +5, dump #1 +3"


def test_3_3_the_revealed_orders_are_logged_formation_by_formation():
    event = orders.OrdersGiven(side="german", orders={"p3": "assault", "d320": "mobile"}, paid={}, case="3.3")
    assert event.text() == "german orders: d320 mobile, p3 assault"


def test_9_1A_the_playout_check_finds_the_hexes_of_one_side_over_the_limit():
    state = bare({SU_DIV: PLAIN, SU_DIV2: PLAIN, GE_INF2: ring(PLAIN, 3)[0]})
    assert stacking.overstacked(state, "soviet") == [PLAIN]
    assert stacking.overstacked(state, "german") == []


def test_13_2A_a_move_into_a_locking_zoc_is_logged_with_its_stop():
    enemy = ring(PLAIN, 3)[0]
    state = bare({GE_INF: PLAIN, SU_DIV: enemy})
    step = ring(PLAIN, 1)[0]
    dest = next(h for h in state.board.nbrs[step] if state.board.distance(h, enemy) == 1)
    events = move(state, [GE_INF], PLAIN, step, dest)
    assert UnitMoved(units=(GE_INF,), path=(PLAIN, step, dest), cost=2.0, how="move", case="11.B") in events
    assert MoveStopped(units=(GE_INF,), hex=dest, reason="entered a Locking ZOC", case="13.2A") in events


def test_2_3_each_side_reads_only_its_own_share_of_a_supply_delivery():
    state = fresh(1, "endgame")
    full = [e for e in state.log if isinstance(e, sequence.SupplyDelivered)]
    assert any(t.startswith("german") for e in full for t in e.points)  # the opening delivers to a German dump
    for side in ("soviet", "german"):
        seen = [e for e in state.events_for(side) if isinstance(e, sequence.SupplyDelivered)]
        assert all(t.split(":")[0] == side for e in seen for t in e.points), side
    german = [e for e in state.events_for("german") if isinstance(e, sequence.SupplyDelivered)]
    assert sum(len(e.points) for e in german) == sum(1 for e in full for t in e.points if t.startswith("german"))

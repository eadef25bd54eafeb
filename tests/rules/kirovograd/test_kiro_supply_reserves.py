"""Forward supply (8.2-8.5) and reserves (12)."""
from __future__ import annotations

import pytest

from kharkovsuite.engine.actions import CommitReserve, DeclineReserve
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kirovograd import counters, movement, reserves, supply
from kharkovsuite.rules.kirovograd.actions import PlaceReserve

from .kiro_helpers import (
    GE_HQ, GE_INF, GE_INF2, GE_INF3, GE_PZ_HQ, PLAIN, SU_DIV, SU_DIV2, SU_HQ, SU_MECH, SU_MECH_HQ,
    bare, move, nbr, reach, ring,
)


FOES = ["su-48-14g", "su-48-213", "su-48-252", "su-75-6", "su-75-138", "su-75-233", "su-32-13g", "su-32-66g", "su-32-97g"]


def test_8_2_a_unit_within_one_move_of_its_hq_is_in_supply_with_the_path():
    state = bare({GE_INF2: PLAIN, GE_HQ: ring(PLAIN, 3)[0]})
    t = supply.forward(state, GE_INF2)
    assert t.in_supply and t.source == GE_HQ and t.source_kind == "formation_hq"
    assert t.path[0] == ring(PLAIN, 3)[0] and t.path[-1] == PLAIN and len(t.path) == 4


def test_8_2B_a_line_is_one_move_long_at_most():
    far = ring(PLAIN, 7)[0]  # the HQ and the regiment each move 6 or 5 MP at most
    state = bare({GE_INF2: PLAIN, GE_HQ: far})
    t = supply.forward(state, GE_INF2)
    assert not t.in_supply and t.case == "8.4A"


def test_8_2B_enemy_units_and_overlapping_zocs_block_the_line_and_are_reported():
    hq = ring(PLAIN, 2)[0]
    between = [h for h in ring(PLAIN, 1) if state_dist(h, hq) == 1]
    placed = {GE_INF2: PLAIN, GE_HQ: hq}
    for h, u in zip(between, (SU_DIV, SU_DIV2)):
        placed[u] = h
    state = bare(placed, light="night")
    t = supply.forward(state, GE_INF2)
    path_ok = t.in_supply and not set(t.path) & set(between)
    assert path_ok or not t.in_supply
    # a ring of enemies two hexes out cuts every line
    placed = {GE_INF2: PLAIN, GE_HQ: ring(PLAIN, 4)[0]}
    foes = FOES[:6]
    for h, u in zip(ring(PLAIN, 2)[::2], foes):
        placed[u] = h
    state = bare(placed)
    t = supply.forward(state, GE_INF2)
    assert not t.in_supply
    reasons = {c for c, _ in t.blocked.values()}
    assert "8.2B" in reasons and "13.3B" in reasons
    assert set(ring(PLAIN, 2)[::2]) <= set(t.blocked)


def state_dist(a, b):
    from kharkovsuite.rules.kirovograd.board import board_for

    from .kiro_helpers import scenario

    return board_for(scenario()).distance(a, b)


def test_8_3A_formation_hq_first_then_dumps_then_any_hq_8_3B_attaches():
    other_hq = ring(PLAIN, 2)[0]
    state = bare({GE_INF2: PLAIN, GE_PZ_HQ: other_hq})
    t = supply.forward(state, GE_INF2)
    assert t.in_supply and t.source == GE_PZ_HQ and t.source_kind == "other_hq"
    events = []
    supply.supply_segment(state, "german", events)
    assert state.game["attached"][GE_INF2] == "p3"
    state.place(GE_HQ, nbr(PLAIN, 0))
    state.game["attached"].clear()
    assert supply.forward(state, GE_INF2).source == GE_HQ


def test_8_3_2C_an_hq_with_no_line_to_the_edge_serves_and_is_marked_out_of_supply():
    placed = {GE_INF2: PLAIN, GE_HQ: nbr(PLAIN, 0)}
    placed.update(zip(FOES, ring(PLAIN, 3)[::2]))  # every gap between them is an Overlapping ZOC
    state = bare(placed)
    assert state.units[GE_HQ].hex not in supply.links(state, "german")
    events = []
    supply.supply_segment(state, "german", events)
    assert not counters.has(state, GE_INF2, counters.CUT_OFF)
    assert counters.has(state, GE_HQ, counters.OUT_OF_SUPPLY)
    assert supply.forward(state, GE_INF2).source != GE_HQ  # it serves no more


def test_8_4A_units_without_a_line_are_cut_off_8_4E_and_lose_the_marker_when_one_is_traced():
    state = bare({GE_INF2: PLAIN})
    events = []
    supply.supply_segment(state, "german", events)
    assert counters.has(state, GE_INF2, counters.CUT_OFF)
    state.place(GE_HQ, nbr(PLAIN, 0))
    supply.supply_segment(state, "german", events)
    assert not counters.has(state, GE_INF2, counters.CUT_OFF)


def test_8_4B_combat_turns_cut_off_into_out_of_supply():
    state = bare({GE_INF2: PLAIN})
    supply.supply_segment(state, "german", [])
    supply.fought(state, GE_INF2, [])
    assert counters.has(state, GE_INF2, counters.OUT_OF_SUPPLY) and not counters.has(state, GE_INF2, counters.CUT_OFF)


def test_8_5_1B_a_dump_supplies_the_units_around_it():
    dump = nbr(PLAIN, 0)
    state = bare({GE_INF2: PLAIN})
    state.game["dumps"] = {"1": dump}
    t = supply.forward(state, GE_INF2)
    assert t.in_supply and t.source == "dump #1"


def test_8_5_1E_a_soviet_unit_entering_a_dump_destroys_it_with_its_points():
    dump = nbr(PLAIN, 0)
    state = bare({SU_DIV: PLAIN}, side="soviet", orders={"c48": "mobile"})
    state.game["dumps"] = {"1": dump}
    state.game["supply"]["german:1"] = 25
    move(state, [SU_DIV], PLAIN, dump)
    assert state.game["dumps"] == {} and state.game["supply"]["german:1"] == 0


def test_8_5_2B_german_orders_are_paid_from_the_dump_the_hq_links_to():
    state = bare({GE_HQ: "1328"})
    assert supply.track_for(state, "d320", "german") in ("german:1", "german:2")
    state.game["dumps"].clear()
    assert supply.track_for(state, "d320", "german") == "german:3"


# ----------------------------------------------------------------------------- reserves


def reserve_state(order="mobile", light="day", phase="move_1_1"):
    return bare({GE_INF2: PLAIN, GE_INF3: PLAIN, GE_HQ: ring(PLAIN, 2)[0]}, orders={"d320": order}, light=light, phase=phase)


def test_12_1A_a_reserve_is_placed_and_12_3_1C_ends_the_units_move():
    state = reserve_state()
    assert PlaceReserve(units=(GE_INF2, GE_INF3)) in state.legal_actions()
    state.apply(PlaceReserve(units=(GE_INF2, GE_INF3)))
    assert counters.has(state, GE_INF2, counters.RESERVE)
    with pytest.raises(IllegalAction, match="11.C"):
        move(state, [GE_INF2], PLAIN, nbr(PLAIN, 0))


def test_12_3_1B_only_mobile_or_pursuit_formations_form_reserves():
    for order in ("assault", "defense", "retreat"):
        state = reserve_state(order)
        with pytest.raises(IllegalAction, match="12.3.1B"):
            state.apply(PlaceReserve(units=(GE_INF2, GE_INF3)))
    reserve_state("pursuit").apply(PlaceReserve(units=(GE_INF2, GE_INF3)))


def test_12_1B_within_two_hexes_of_the_hq_and_free_of_enemy_zocs():
    state = bare({GE_INF2: PLAIN, GE_HQ: ring(PLAIN, 3)[0]}, orders={"d320": "mobile"})
    with pytest.raises(IllegalAction, match="12.4A"):
        state.apply(PlaceReserve(units=(GE_INF2,)))
    state = bare({GE_INF2: PLAIN, GE_HQ: ring(PLAIN, 2)[0], SU_DIV: nbr(PLAIN, 3)}, orders={"d320": "mobile"})
    with pytest.raises(IllegalAction, match="12.1B"):
        state.apply(PlaceReserve(units=(GE_INF2,)))


def test_12_4A_all_the_formations_units_around_its_hq_form_one_reserve():
    hq = PLAIN
    state = bare({GE_HQ: hq, GE_INF2: nbr(hq, 0), GE_INF3: nbr(hq, 3), "de-320-587": ring(hq, 2)[0]}, orders={"d320": "mobile"})
    with pytest.raises(IllegalAction, match="12.4A"):
        state.apply(PlaceReserve(units=(GE_INF2, "de-320-587")))
    state.apply(PlaceReserve(units=(GE_INF2, GE_INF3)))


def test_12_4B_one_marker_a_formation():
    state = bare({GE_INF2: PLAIN, GE_INF3: nbr(PLAIN, 0), GE_HQ: nbr(PLAIN, 3)}, orders={"d320": "mobile"})
    state.apply(PlaceReserve(units=(GE_INF2,)))
    with pytest.raises(IllegalAction, match="12.4B"):
        state.apply(PlaceReserve(units=(GE_INF3,)))


def test_12_4D_soviet_reserve_markers_by_army():
    state = bare({SU_MECH: PLAIN, SU_MECH_HQ: nbr(PLAIN, 0), SU_DIV: ring(PLAIN, 4)[0], SU_HQ: ring(PLAIN, 4)[1]},
                 side="soviet", orders={"m5g": "mobile", "c48": "mobile"})
    state.apply(PlaceReserve(units=(SU_MECH,)))
    with pytest.raises(IllegalAction, match="12.4D"):  # 48th and 5th Gds Mech are both of the 53rd Army
        state.apply(PlaceReserve(units=(SU_DIV,)))


def test_12_2B_a_reserve_moves_half_its_ma_in_round_one_only_12_2D_never_into_an_enemy_zoc():
    state = reserve_state()
    state.apply(PlaceReserve(units=(GE_INF2, GE_INF3)))
    state.phase_data["moved"] = []
    assert movement.allowance(state, GE_INF2, 1) == (2.5, None)
    assert movement.allowance(state, GE_INF2, 2) == (0.0, None)
    state.place(SU_DIV, ring(PLAIN, 3)[0])
    state.cache.clear()
    found = reach(state, GE_INF2)
    enemy_zoc = set(ring(ring(PLAIN, 3)[0], 1))
    assert found and not set(found) & enemy_zoc


def test_12_2C_a_reserve_committed_in_round_two_moves_its_full_ma():
    state = reserve_state("mobile", phase="move_1_2")
    state.set_flag(GE_INF2, counters.RESERVE)
    state.game["reserves"] = {"d320": [GE_INF2]}
    assert movement.allowance(state, GE_INF2, 2) == (0.0, None)
    state.apply(CommitReserve(units=(GE_INF2,), hexes=()))
    assert movement.allowance(state, GE_INF2, 2) == (5.0, None)
    assert movement.allowance(state, GE_INF3, 2) == (2.5, None)  # mobile, round two
    assert "d320" not in state.game["reserves"]


def test_12_3_2_defensive_commitment_moves_up_to_two_mp_12_3_2C_one_in_fog():
    for light, mp in (("day", 2.0), ("fog", 1.0)):
        state = bare({GE_INF2: PLAIN, SU_DIV: ring(PLAIN, 4)[0]}, phase="combat_2_1", light=light, orders={"d320": "mobile"})
        state.set_flag(GE_INF2, counters.RESERVE)
        state.game["reserves"] = {"d320": [GE_INF2]}
        assert reserves.offer_defensive(state, "german", [ring(PLAIN, 3)[0]], [SU_DIV])
        assert state.to_act == "german"
        moves = [a for a in state.legal_actions() if isinstance(a, CommitReserve)]
        assert moves and max(len(a.hexes) - 1 for a in moves) == int(mp)
        longest = max(moves, key=lambda a: len(a.hexes))
        state.apply(longest)
        assert state.units[GE_INF2].hex == longest.hexes[-1] and not counters.has(state, GE_INF2, counters.RESERVE)
        state.apply(DeclineReserve())
        assert not state.pending


def test_12_2E_a_reserve_attacked_is_committed_at_once():
    state = reserve_state()
    state.apply(PlaceReserve(units=(GE_INF2, GE_INF3)))
    reserves.release(state, GE_INF2, [])
    assert not counters.has(state, GE_INF2, counters.RESERVE) and counters.has(state, GE_INF3, counters.RESERVE)


def test_8_5_1D_points_move_between_dumps_joined_by_a_free_line():
    from kharkovsuite.rules.kirovograd.actions import TransferSupply

    far = ring(PLAIN, 6)[0]
    state = bare({GE_INF: PLAIN})
    state.game["dumps"] = {"1": PLAIN, "2": far}
    state.game["supply"].update({"german:1": 7, "german:2": 0})
    assert TransferSupply(source="1", dest="2", points=7) in state.legal_actions()
    state.apply(TransferSupply(source="1", dest="2", points=5))
    assert (state.game["supply"]["german:1"], state.game["supply"]["german:2"]) == (2, 5)
    with pytest.raises(IllegalAction, match="8.5.1D"):
        state.apply(TransferSupply(source="1", dest="2", points=3))
    placed = {GE_INF: PLAIN}
    placed.update(zip(FOES, ring(PLAIN, 3)[::2]))
    cut = bare(placed)
    cut.game["dumps"] = {"1": PLAIN, "2": far}
    cut.game["supply"].update({"german:1": 7})
    with pytest.raises(IllegalAction, match="no line"):
        cut.apply(TransferSupply(source="1", dest="2", points=1))
    assert not any(isinstance(a, TransferSupply) for a in cut.legal_actions())

"""Terrain (10), movement (11), the orders' movement (6.2), ZOCs (13) and night (23) in movement."""
from __future__ import annotations

import random

import pytest

from kharkovsuite.engine.actions import EndPhase, Move
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kirovograd import counters, movement, zoc
from kharkovsuite.rules.kirovograd.actions import FlipArtillery
from kharkovsuite.rules.kirovograd.board import board_for

from .kiro_helpers import (
    GE_ART, GE_HQ, GE_INF, GE_INF2, GE_INF3, GE_MOT, GE_RECON, PLAIN, SU_ART, SU_ART2, SU_DIV, SU_DIV2, SU_MECH,
    SU_TANK, bare, move, nbr, reach, ring, scenario,
)



def board():
    return board_for(scenario())


def test_plain_area_is_plain():
    b = board()
    m = b.map
    for h in b.grid.within(PLAIN, 5):
        assert b.terrain(h) == "clear" and h not in b.rivers and h not in b.balkas and h not in b.fortified
        assert h not in m.roads and h not in m.rails


def _hexes_at(h, n):
    return set(ring(h, n))


# ----------------------------------------------------------------------------- terrain and MA


def test_11_2A_clear_terrain_reach_is_the_ma_in_hexes():
    state = bare({GE_INF: PLAIN}, orders={})  # 47K is independent: mobile orders (6.3)
    found = reach(state, GE_INF)
    assert _hexes_at(PLAIN, 5) <= set(found)
    assert not _hexes_at(PLAIN, 7) & set(found)
    assert found[ring(PLAIN, 6)[0]].cost == 6


def test_10_wooded_costs_two_on_foot_and_three_motorized():
    b = board()
    wood = "1905"
    outside = next(n for n in b.nbrs[wood] if b.terrain(n) == "clear" and not b.map.road_between(n, wood) and n not in b.balkas and n not in b.rivers)
    assert b.enter_cost(outside, wood, "foot", False) == 2
    assert b.enter_cost(outside, wood, "motorized", False) == 3


def test_11_5A_road_move_costs_the_road_cost_and_ignores_the_hex():
    b = board()
    assert b.map.road_between("3817", "3816") and b.terrain("3816") == "wooded"
    assert b.enter_cost("3817", "3816", "motorized", False) == 0.5


def test_11_5B_fractions_kept_and_a_fraction_too_small_is_lost():
    """A 5-MA unit on a road goes ten road hexes (2.4C), never an eleventh."""
    chain = scenario().map.roads[0]
    start = chain[5]
    state = bare({GE_INF2: start}, orders={"d320": "mobile"})
    found = reach(state, GE_INF2)
    assert found[chain[15]].cost == 5.0
    assert chain[16] not in found or found[chain[16]].path[-2] != chain[15]


def test_11_4A_leaving_a_balka_costs_one_more_but_not_for_infantry():
    b = board()
    assert b.enter_cost("2309", "2209", "motorized", False) == 2
    assert b.enter_cost("2309", "2209", "foot", True) == 1


def test_11_4B_moving_along_the_same_balka_costs_nothing_extra():
    b = board()
    terrain_cost = b.data.terrain_chart.terrain[b.terrain("2409")].cost["motorized"]
    assert b.enter_cost("2309", "2409", "motorized", False) == terrain_cost


def test_11_4A_leaving_a_river_costs_one_more_even_for_infantry():
    b = board()
    assert b.enter_cost("0110", "0210", "foot", True) == 2


def test_10_1D_a_bridge_negates_the_rivers_leaving_cost():
    b = board()
    bridged = "1228"
    assert bridged in b.rivers and bridged in b.bridges
    out = next(n for n in b.nbrs[bridged] if n not in b.rivers and n not in b.balkas and not b.map.road_between(bridged, n) and not b.map.rail_between(bridged, n))
    terrain_cost = b.data.terrain_chart.terrain[b.terrain(out)].cost["foot"]
    assert b.enter_cost(bridged, out, "foot", False) == terrain_cost


def test_11_3_fog_halves_the_movement_points():
    clear = reach(bare({GE_INF: PLAIN}), GE_INF)
    foggy = reach(bare({GE_INF: PLAIN}, light="fog"), GE_INF)
    assert max(r.cost for r in clear.values()) == 6
    assert max(r.cost for r in foggy.values()) == 3


def test_11_1_one_hex_is_always_allowed():
    """Mobile orders, round two, fog: 5 MP halved twice is 1.25: the wooded hex (2 MP) may still
    be entered as the one hex, but two clear hexes (2 MP) may not be moved."""
    b = board()
    wood = "1905"
    start = next(n for n in b.nbrs[wood] if b.terrain(n) == "clear" and not b.map.road_between(n, wood) and not b.map.rail_between(n, wood) and n not in b.balkas and n not in b.rivers)
    state = bare({GE_INF2: start}, orders={"d320": "mobile"}, phase="move_1_2", light="fog")
    assert movement.allowance(state, GE_INF2, 2)[0] == 1.25
    found = reach(state, GE_INF2)
    assert wood in found and found[wood].path == (start, wood)
    assert all(len(r.path) == 2 for r in found.values())


def test_9_1E_a_stack_moves_at_the_pace_of_its_slowest_unit():
    state = bare({GE_INF: PLAIN, GE_MOT: PLAIN}, orders={"p3": "mobile"})
    together = reach(state, GE_INF, GE_MOT)
    assert max(r.cost for r in together.values()) == 6
    assert max(r.cost for r in reach(state, GE_MOT).values()) == 10
    b = board()
    wood = "1905"
    start = next(n for n in b.nbrs[wood] if b.terrain(n) == "clear" and not b.map.road_between(n, wood) and not b.map.rail_between(n, wood) and n not in b.balkas and n not in b.rivers)
    state = bare({GE_INF: start, GE_MOT: start}, orders={"p3": "mobile"})
    assert reach(state, GE_INF, GE_MOT)[wood].cost == 3  # the motorised unit's cost, the foot unit's allowance


def test_8_4C_out_of_supply_motorized_units_move_half():
    state = bare({GE_MOT: PLAIN, GE_INF: nbr(PLAIN, 3)}, orders={"p3": "mobile"})
    state.set_flag(GE_MOT, counters.OUT_OF_SUPPLY)
    state.set_flag(GE_INF, counters.OUT_OF_SUPPLY)
    assert movement.allowance(state, GE_MOT, 1)[0] == 5
    assert movement.allowance(state, GE_INF, 1)[0] == 6


# ----------------------------------------------------------------------------- orders


@pytest.mark.parametrize("order,rnd,ma,limit", [
    ("assault", 1, 5, None), ("assault", 2, 5, 2), ("defense", 1, 5, 1), ("defense", 2, 5, 1),
    ("mobile", 1, 5, None), ("mobile", 2, 2.5, None), ("retreat", 2, 5, None), ("pursuit", 2, 5, None),
])
def test_6_2_movement_allowance_of_each_order(order, rnd, ma, limit):
    state = bare({GE_INF2: PLAIN}, orders={"d320": order}, phase=f"move_1_{rnd}")
    assert movement.allowance(state, GE_INF2, rnd) == (ma, limit)


def test_6_2_2A_defense_moves_one_hex():
    state = bare({GE_INF2: PLAIN}, orders={"d320": "defense"})
    found = reach(state, GE_INF2)
    assert set(found) == _hexes_at(PLAIN, 1)
    with pytest.raises(IllegalAction, match="6.2.2A"):
        move(state, [GE_INF2], PLAIN, ring(PLAIN, 1)[0], ring(PLAIN, 2)[0])


def test_6_2_1C_assault_moves_two_hexes_in_round_two():
    state = bare({GE_INF2: PLAIN}, orders={"d320": "assault"}, phase="move_1_2")
    assert set(reach(state, GE_INF2)) == _hexes_at(PLAIN, 1) | _hexes_at(PLAIN, 2)


def test_6_2_4A_retreat_orders_end_farther_from_the_enemy():
    enemy = ring(PLAIN, 3)[0]
    state = bare({GE_INF2: PLAIN, SU_DIV: enemy}, orders={"d320": "retreat"}, light="night")
    found = reach(state, GE_INF2)
    assert found and all(state.board.distance(h, enemy) > 3 for h in found)
    toward = next(h for h in ring(PLAIN, 1) if state.board.distance(h, enemy) == 2)
    with pytest.raises(IllegalAction, match="6.2.4A"):
        move(state, [GE_INF2], PLAIN, toward)


# ----------------------------------------------------------------------------- ZOCs


def test_13_2A_a_locking_zoc_stops_the_move():
    """Day, open ground: a non-armoured unit's ZOC is locking (ZOC Chart)."""
    enemy = ring(PLAIN, 2)[0]
    state = bare({GE_INF: PLAIN, SU_DIV: enemy})
    zoc_hexes = set(ring(enemy, 1))
    found = reach(state, GE_INF)
    assert zoc_hexes - {PLAIN} <= set(found) | set()
    for h, r in found.items():
        assert not any(x in zoc_hexes for x in r.path[1:-1]), (h, r.path)


def test_13_1A_leaving_a_fluid_zoc_costs_one_more():
    """Night, open ground: fluid ZOCs; the unit starts in one."""
    enemy = nbr(PLAIN, 0)
    state = bare({GE_INF: PLAIN, SU_DIV: enemy}, light="night")
    assert zoc.zoc_at(state, "soviet", PLAIN, False).kind == "fluid"
    away = [h for h in ring(PLAIN, 1) if state.board.distance(h, enemy) == 2]
    found = reach(state, GE_INF)
    assert all(found[h].cost == 2 for h in away)


def test_13_1B_fluid_to_fluid_of_the_same_unit_only_from_the_start():
    enemy = PLAIN
    a, b = ring(enemy, 1)[0], ring(enemy, 1)[1]
    start = next(h for h in ring(a, 1) if state_distance(h, enemy) == 2)
    state = bare({GE_INF: start, SU_DIV: enemy}, light="night")
    with pytest.raises(IllegalAction, match="13.1B"):
        move(state, [GE_INF], start, a, b)
    state2 = bare({GE_INF: a, SU_DIV: enemy}, light="night")
    move(state2, [GE_INF], a, b)  # started in the first: allowed
    assert state2.units[GE_INF].hex == b


def state_distance(a, b):
    return board().distance(a, b)


def test_13_2C_example_motorized_infantry_leaves_a_locking_zoc_foot_infantry_not_that_of_armour():
    """13.2 example: motorised infantry leaves any Locking ZOC at the start of its move; foot
    infantry may not leave the Locking ZOC of a motorised or armoured unit."""
    enemy = nbr(PLAIN, 0)
    free = [h for h in ring(PLAIN, 1) if state_distance(h, enemy) == 2]
    state = bare({GE_MOT: PLAIN, SU_DIV: enemy}, orders={"p3": "mobile"})
    assert zoc.zoc_at(state, "soviet", PLAIN, False).kind == "locking"
    assert set(free) <= set(reach(state, GE_MOT))
    assert all(reach(state, GE_MOT)[h].cost == 2 for h in free)
    state = bare({GE_INF2: PLAIN, SU_TANK: enemy}, orders={"d320": "mobile"})
    assert reach(state, GE_INF2) == {}
    with pytest.raises(IllegalAction, match="13.2C"):
        move(state, [GE_INF2], PLAIN, free[0])


def test_13_2C_leaving_a_locking_zoc_only_into_a_hex_free_of_enemy_zocs():
    enemy = nbr(PLAIN, 0)
    state = bare({GE_MOT: PLAIN, SU_DIV: enemy}, orders={"p3": "mobile"})
    beside = [h for h in ring(PLAIN, 1) if state_distance(h, enemy) == 1]
    found = reach(state, GE_MOT)
    assert beside and all(h not in found or len(found[h].path) > 2 for h in beside)
    with pytest.raises(IllegalAction, match="13.2C"):
        move(state, [GE_MOT], PLAIN, beside[0])


def test_13_3D_overlapping_non_armoured_zocs_lock_non_armoured_units_only():
    """Night: single ZOCs are fluid; the hex between two Soviet divisions is in both."""
    east, west = PLAIN, ring(PLAIN, 2)[0]
    between = next(h for h in ring(east, 1) if state_distance(h, west) == 1)
    state = bare({SU_DIV: east, SU_DIV2: west}, light="night")
    assert zoc.zoc_at(state, "soviet", between, False).kind == "locking"
    assert zoc.zoc_at(state, "soviet", between, True).kind == "fluid"


def test_13_3C_overlapping_zocs_with_armour_lock_everyone():
    east, west = PLAIN, ring(PLAIN, 2)[0]
    between = next(h for h in ring(east, 1) if state_distance(h, west) == 1)
    state = bare({SU_TANK: east, SU_DIV2: west}, light="night")
    assert zoc.zoc_at(state, "soviet", between, True).kind == "locking"
    assert zoc.zoc_at(state, "soviet", between, True).overlapping


def test_13_3F_single_zocs_never_lock_at_night_or_in_fog():
    state = bare({SU_TANK: PLAIN}, light="fog")
    assert {zoc.zoc_at(state, "soviet", h, False).kind for h in ring(PLAIN, 1)} == {"fluid"}


def test_13_6A_a_lone_one_sp_unit_exerts_no_zoc_but_two_do():
    state = bare({SU_TANK: PLAIN})
    state.units[SU_TANK].step = 3  # 4 SP printed, 1 left
    state.cache.clear()
    assert zoc.zoc_at(state, "soviet", nbr(PLAIN, 0), False) is None
    state.place(SU_MECH, PLAIN)
    state.units[SU_MECH].step = 3
    state.cache.clear()
    assert zoc.zoc_at(state, "soviet", nbr(PLAIN, 0), False) is not None


def test_13_6B_one_sp_armour_with_one_sp_infantry_exerts_an_armour_zoc():
    """Into wooded hexes by day armour exerts a Fluid ZOC, infantry a Locking one (ZOC Chart):
    the pair of 1-SP units exerts the armour's."""
    b = board()
    wood = "1905"
    src = next(n for n in b.nbrs[wood] if b.terrain(n) == "clear" and n not in b.balkas and wood not in b.fortified.get(n, ()))
    state = bare({SU_TANK: src, SU_DIV: src})
    assert zoc.zoc_at(state, "soviet", wood, False).kind == "locking"
    state.units[SU_TANK].step = 3
    state.units[SU_DIV].step = 6
    state.cache.clear()
    here = zoc.zoc_of(state, "soviet")[wood][0]
    assert here.armored and here.kind == "fluid"


def test_13_A_travelling_soviet_artillery_exerts_no_zoc():
    state = bare({SU_ART: PLAIN}, side="soviet")
    assert zoc.zoc_at(state, "soviet", nbr(PLAIN, 0), False) is not None
    state.set_flag(SU_ART, counters.TRAVELLING)
    assert zoc.zoc_at(state, "soviet", nbr(PLAIN, 0), False) is None


def test_13_7A_no_zoc_into_towns_nor_across_fortified_hexsides():
    b = board()
    town = "1605"
    src = next(n for n in b.nbrs[town])
    state = bare({SU_DIV: src})
    assert zoc.zoc_at(state, "soviet", town, False) is None
    state = bare({SU_DIV: "2701"})
    assert "2601" in b.fortified.get("2701", ())
    assert zoc.zoc_at(state, "soviet", "2601", False) is None
    other = next(n for n in b.nbrs["2701"] if n not in b.fortified.get("2701", ()) and b.terrain(n) == "clear" and n not in b.balkas)
    assert zoc.zoc_at(state, "soviet", other, False) is not None


def test_13_7B_zoc_into_a_balka_only_from_the_same_balka_or_a_hill():
    b = board()
    assert b.zoc_cover("2209", "2309") == "balka_closed"
    assert b.zoc_cover("2409", "2309") == "balka"
    state = bare({SU_DIV: "2209"})
    assert zoc.zoc_at(state, "soviet", "2309", False) is None
    state = bare({SU_DIV: "2409"})
    assert zoc.zoc_at(state, "soviet", "2309", False) is not None


def test_13_5_artillery_enters_an_enemy_zoc_only_accompanied():
    enemy = ring(PLAIN, 2)[0]
    zoc_hex = next(h for h in ring(PLAIN, 1) if state_distance(h, enemy) == 1)
    state = bare({GE_ART: PLAIN, SU_DIV: enemy}, orders={"d320": "mobile"})
    assert zoc_hex not in reach(state, GE_ART)
    with pytest.raises(IllegalAction, match="13.5"):
        move(state, [GE_ART], PLAIN, zoc_hex)
    state = bare({GE_ART: PLAIN, GE_INF2: PLAIN, SU_DIV: enemy}, orders={"d320": "mobile"})
    assert zoc_hex in reach(state, GE_ART, GE_INF2)


def test_10_2A_soviets_may_not_cross_a_fortified_hexside_into_a_german_zoc():
    state = bare({SU_DIV: "2701", GE_INF: "2501"}, side="soviet", orders={"c48": "mobile"})
    assert zoc.zoc_at(state, "german", "2601", False) is not None
    found = reach(state, SU_DIV)
    assert found["2601"].path[-2] != "2701"  # round the fortified line, never across it
    with pytest.raises(IllegalAction, match="10.2A"):
        move(state, [SU_DIV], "2701", "2601")
    far = bare({SU_DIV: "2701"}, side="soviet", orders={"c48": "mobile"})
    assert reach(far, SU_DIV)["2601"].path == ("2701", "2601")


# ----------------------------------------------------------------------------- stacking (9)


def test_9_1A_one_division_and_one_brigade_a_hex():
    state = bare({SU_DIV: PLAIN, SU_TANK: PLAIN, SU_DIV2: nbr(PLAIN, 0)}, side="soviet", orders={"c48": "mobile"})
    assert PLAIN not in reach(state, SU_DIV2)
    with pytest.raises(IllegalAction, match="9.1A"):
        move(state, [SU_DIV2], nbr(PLAIN, 0), PLAIN)


def test_9_1A_three_regiments_exceed_the_limit_two_do_not():
    state = bare({GE_INF: PLAIN, GE_INF2: PLAIN, GE_INF3: nbr(PLAIN, 0)}, orders={"d320": "mobile"})
    assert PLAIN in reach(state, GE_INF3)  # 1 + 1 + 1 = a division and a regiment
    state.place("de-320-587", PLAIN)
    state.cache.clear()
    assert PLAIN not in reach(state, GE_INF3)


def test_9_1B_hqs_and_battalions_stack_freely():
    full = {GE_INF: PLAIN, GE_INF2: PLAIN, GE_INF3: PLAIN}  # a division and a regiment
    state = bare({**full, GE_HQ: nbr(PLAIN, 0), GE_RECON: nbr(PLAIN, 3)}, orders={"d320": "mobile", "p3": "mobile"})
    assert PLAIN in reach(state, GE_HQ)  # a division HQ
    assert PLAIN in reach(state, GE_RECON)  # a battalion


def test_9_1C_one_artillery_unit_a_hex():
    state = bare({SU_ART: PLAIN, SU_ART2: nbr(PLAIN, 0)}, side="soviet")
    state.set_flag(SU_ART2, counters.TRAVELLING)
    assert PLAIN not in reach(state, SU_ART2)


def test_9_1D_travelling_soviet_artillery_does_not_pass_through_travelling_artillery():
    a, b, c = nbr(PLAIN, 0), PLAIN, nbr(PLAIN, 3)
    state = bare({SU_ART: b, SU_ART2: a}, side="soviet")
    state.set_flag(SU_ART, counters.TRAVELLING)
    state.set_flag(SU_ART2, counters.TRAVELLING)
    with pytest.raises(IllegalAction, match="9.1D"):
        move(state, [SU_ART2], a, b, c)
    state.set_flag(SU_ART, counters.TRAVELLING, False)
    move(state, [SU_ART2], a, b, c)
    assert state.units[SU_ART2].hex == c


# ----------------------------------------------------------------------------- Soviet artillery (11.8, 21.12, 23.2)


def test_11_2B_soviet_artillery_moves_only_on_its_travelling_side():
    state = bare({SU_ART: PLAIN}, side="soviet")
    assert reach(state, SU_ART) == {}
    state.apply(FlipArtillery(unit=SU_ART))
    assert counters.has(state, SU_ART, counters.TRAVELLING)
    assert max(r.cost for r in reach(state, SU_ART).values()) == 4


def test_21_12B_flipping_back_needs_a_clear_day_and_ends_the_units_move():
    state = bare({SU_ART: PLAIN}, side="soviet", light="fog")
    state.set_flag(SU_ART, counters.TRAVELLING)
    with pytest.raises(IllegalAction, match="21.12B"):
        state.apply(FlipArtillery(unit=SU_ART))
    night = bare({SU_ART: PLAIN}, side="soviet", light="night")
    night.set_flag(SU_ART, counters.TRAVELLING)
    with pytest.raises(IllegalAction, match="23.2"):
        night.apply(FlipArtillery(unit=SU_ART))
    day = bare({SU_ART: PLAIN}, side="soviet")
    day.set_flag(SU_ART, counters.TRAVELLING)
    day.apply(FlipArtillery(unit=SU_ART))
    assert not counters.has(day, SU_ART, counters.TRAVELLING)
    with pytest.raises(IllegalAction, match="21.12C"):
        day.apply(FlipArtillery(unit=SU_ART))


# ----------------------------------------------------------------------------- the search and the check agree


def test_reach_and_move_agree_on_a_random_front():
    rng = random.Random(4)
    b = board()
    area = b.grid.within(PLAIN, 5)
    for trial in range(6):
        placed = {GE_MOT: PLAIN, GE_INF: PLAIN}
        for u in (SU_DIV, SU_DIV2, SU_TANK):
            placed[u] = rng.choice([h for h in area if b.distance(h, PLAIN) >= 2])
        state = bare(placed, orders={"p3": "mobile"}, light=rng.choice(["day", "night", "fog"]))
        found = reach(state, GE_MOT)
        for h, r in list(found.items())[:15]:
            s2 = bare(placed, orders={"p3": "mobile"}, light=state.turn_data["light"])
            move(s2, [GE_MOT], *r.path)
            assert s2.units[GE_MOT].hex == h
        for h in area:
            if h not in found and h != PLAIN and h not in placed.values():
                assert h not in state.legal_moves((GE_MOT,))


def test_11_C_a_unit_moves_once_a_round():
    state = bare({GE_INF: PLAIN})
    move(state, [GE_INF], PLAIN, nbr(PLAIN, 0))
    with pytest.raises(IllegalAction, match="11.C"):
        move(state, [GE_INF], nbr(PLAIN, 0), PLAIN)
    state.apply(EndPhase())
    assert state.phase.id != "move_1_1"


def test_9_1D_a_listed_move_stays_legal_after_travelling_artillery_stops_on_its_way():
    """The kept listing of a stack moving with travelling artillery is dropped when another
    travelling artillery unit stops on a hex its paths cross, even a hex where the stack may not
    end and far from any where it may: the listing offers only moves the move's check accepts.

    The stack (travelling guns and a division) stands at S; the hexes around p2, two hexes ahead,
    hold divisions (so the stack may pass but not stop there); the only path to F, four hexes
    ahead on the same line, goes through p2; the second gun comes from two hexes past F."""
    grid = board().grid

    def ahead(h, n):
        for _ in range(n):
            h = next(x for x in grid.neighbors(h) if grid.direction(h, x) == 0)
        return h

    start = next(h for h in grid.within(PLAIN, 3) if grid.distance(h, PLAIN) == 3 and ahead(h, 3) == PLAIN)
    p2, far, gun_from = ahead(start, 2), ahead(start, 4), ahead(start, 6)
    blob = [p2] + grid.neighbors(p2)
    divisions = ["su-48-213", "su-48-252", "su-75-6", "su-75-138", "su-75-233", "su-32-13g", "su-32-66g"]
    state = bare({SU_ART2: start, SU_DIV: start, SU_ART: gun_from, **dict(zip(divisions, blob))}, side="soviet")
    state.set_flag(SU_ART, counters.TRAVELLING)
    state.set_flag(SU_ART2, counters.TRAVELLING)
    stack = {SU_ART2, SU_DIV}
    listed = [a for a in state.legal_actions().actions() if isinstance(a, Move) and set(a.units) == stack]
    assert any(a.path[-1] == far and p2 in a.path for a in listed)
    move(state, [SU_ART], gun_from, ahead(start, 5), far, ahead(start, 3), p2)
    listed = [a for a in state.legal_actions().actions() if isinstance(a, Move) and set(a.units) == stack]
    assert listed and not any(p2 in a.path for a in listed)
    for a in listed:
        state.clone().apply(a)

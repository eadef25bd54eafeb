"""Kharkov 1943 movement (6), ZoC (4) and the movement reach search."""
from __future__ import annotations

import networkx as nx
import pytest

from kharkovsuite.engine.actions import Move
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kharkov1943 import movement, zoc
from kharkovsuite.rules.kharkov1943.actions import Activate

from .k43_helpers import GE_HQ, INF, INF2, PLAIN, PZ, SKI, SU_DIV, SU_DIV2, SU_HQ, bare, general, move, refusal, scenario_grid

CLEAR = 2  # the chart's clear terrain on frozen ground (checked below)


def test_plain_area_is_plain():
    state = bare({})
    board = state.board
    hexes = scenario_grid().within(PLAIN, 3)
    assert all(board.map.terrain(h) == "clear" for h in hexes)
    assert all(board.enter_cost(a, b, "frozen") == CLEAR for a in hexes for b in board.nbrs[a] if b in hexes)


def test_6_1_a_move_pays_the_terrain_chart_for_every_hex():
    state = general(bare({INF: PLAIN}))
    found = state.legal_moves([INF])
    assert found["2702"].cost == CLEAR
    assert found["2703"].cost == 2 * CLEAR
    move(state, [INF], PLAIN, "2702", "2703")
    assert state.units[INF].hex == "2703"
    assert state.phase_data["activation"]["spent"][INF] == 2 * CLEAR


def test_6_1_a_path_beyond_the_op_is_refused():
    state = general(bare({INF: PLAIN}))
    movement.activation.ensure_joined(state, [INF], [])
    state.phase_data["activation"]["spent"][INF] = 9  # 1 OP left, 5 with the strategic bonus
    reach = state.legal_moves([INF])
    assert "2703" in reach and reach["2703"].cost == 2 * CLEAR
    assert not any(r.cost > 5 for r in reach.values())
    with pytest.raises(IllegalAction, match=r"^6\.1: d320_585 has 1 OP \(\+4 strategic, 6\.5\), reaching 2704 costs 6$"):
        move(state, [INF], PLAIN, "2702", "2703", "2704")


def test_6_5_strategic_movement_adds_four_op_when_no_enemy_zoc_is_touched():
    state = general(bare({INF: PLAIN}))
    reach = movement.reach(state, [INF])
    # 10 OP + 4 strategic at 2 OP a clear hex: 7 hexes of clear ground, not 5.
    assert max(r.cost for r in reach.values()) > 10
    assert max(r.cost for r in reach.values()) <= 14


def test_6_3_snow_adds_an_op_a_hex_except_for_ski_units():
    state = general(bare({INF: PLAIN}, ground="snow", side="german"))
    assert state.legal_moves([INF])["2702"].cost == CLEAR + 1
    su = general(bare({SKI: PLAIN, SU_DIV: "2702"}, ground="snow", side="soviet"))
    assert su.legal_moves([SKI])["2601"].cost == CLEAR
    assert su.legal_moves([SU_DIV])["2703"].cost == CLEAR + 1


def _enemy_two_away(state_side="german"):
    # 2703 is two hexes from PLAIN: its ZoC covers 2702 but not PLAIN.
    return bare({INF: PLAIN, SU_DIV: "2703"}, side=state_side)


def test_4_2_entering_an_enemy_zoc_costs_one_more_and_ends_the_move():
    state = general(_enemy_two_away())
    assert "2702" in zoc.enemy_zoc(state, "german") and PLAIN not in zoc.enemy_zoc(state, "german")
    reach = state.legal_moves([INF])
    assert reach["2702"].cost == CLEAR + 1
    assert all("2702" not in r.path[1:-1] for r in reach.values())
    with pytest.raises(IllegalAction, match=r"^4\.2: the move stops on entering the enemy ZoC at 2702$"):
        move(state, [INF], PLAIN, "2702", "2802")


def test_4_2_leaving_an_enemy_zoc_costs_two_more():
    state = general(bare({INF: "2702", SU_DIV: "2703"}))
    reach = state.legal_moves([INF])
    assert PLAIN not in zoc.enemy_zoc(state, "german")
    assert reach[PLAIN].cost == CLEAR + 2


def test_4_2_zoc_to_zoc_costs_three_and_never_within_one_units_zoc():
    # INF starts in SU_DIV's ZoC; some neighbours lie in SU_DIV's ZoC only, some in SU_DIV2's too.
    state = general(bare({INF: "2702", SU_DIV: "2703", SU_DIV2: "2501"}))
    z = zoc.enemy_zoc(state, "german")
    grid = scenario_grid()
    here = z["2702"]
    same = [h for h in grid.ring("2702", 1) if h in z and z[h] <= here and h not in state.at]
    other = [h for h in grid.ring("2702", 1) if h in z and not z[h] <= here and h not in state.at]
    assert same and other
    reach = state.legal_moves([INF])
    assert all(h not in reach or len(reach[h].path) > 2 for h in same)  # only by a detour
    assert reach[other[0]].cost == CLEAR + 3
    with pytest.raises(IllegalAction, match=r"^4\.2: 2702 and 2802 lie in the ZoC of the same enemy units$"):
        move(state, [INF], "2702", same[0])


def test_4_2_small_units_and_hqs_exert_zoc_only_in_their_own_hex():
    state = bare({INF: PLAIN, SU_HQ: "2703", SKI: "2501"})
    z = zoc.enemy_zoc(state, "german")
    assert set(z) == {"2703", "2501"}
    assert zoc.reach_of_zoc(state, SU_DIV) == "full"


def test_4_2_rivers_carry_zoc_only_when_frozen():
    a, b = "1904", "1905"
    assert scenario_grid().distance(a, b) == 1
    frozen = bare({SU_DIV: b}, ground="frozen")
    assert frozen.board.river_between(a, b)
    assert a in zoc.enemy_zoc(frozen, "german")
    mud = bare({SU_DIV: b}, ground="mud")
    assert a not in zoc.enemy_zoc(mud, "german")


def test_4_2_addenda_no_entry_into_a_zoc_without_the_op_to_attack():
    # 5 clear hexes = 10 OP used by a 10-OP unit: the sixth hex into a ZoC is out of reach,
    # though the entry alone (2 + 1) would fit a budget stretched by nothing.
    state = general(bare({INF: PLAIN, SU_DIV: "2703"}))
    mover = movement.activation.mover(state, INF, 0)
    assert mover.remaining == 10
    state.apply(Move(units=(INF,), path=(PLAIN, "2601")))  # 2 OP spent
    state.phase_data["activation"]["moved"].remove(INF)  # let it move again to test the reserve
    state.phase_data["activation"]["spent"][INF] = 7  # 3 OP left: enough to enter (3), none to attack
    reach = state.legal_moves([INF])
    assert "2602" not in reach or not state.board.shelter("2602")
    assert "2702" not in reach
    with pytest.raises(IllegalAction, match=r"^4\.2: d320_585 would enter the enemy ZoC at 2702 without the OP to attack from it$"):
        move(state, [INF], "2601", "2702")


def test_7_2_enemy_occupied_hexes_are_never_entered():
    state = general(bare({INF: "2702", SU_DIV: "2703"}))
    assert "2703" not in state.legal_moves([INF])
    with pytest.raises(IllegalAction, match=r"^7\.2: 2703 holds enemy units: they are attacked, not entered$"):
        move(state, [INF], "2702", "2703")


def test_3_4_a_unit_moves_once_an_activation():
    state = general(bare({INF: PLAIN}))
    move(state, [INF], PLAIN, "2702")
    assert state.legal_moves([INF]) == {}
    with pytest.raises(IllegalAction, match=r"^3\.4: d320_585 has moved in this activation already; a move is made in one go$"):
        move(state, [INF], "2702", "2703")


def test_6_legal_actions_offer_whole_stacks_and_single_units_never_subsets():
    state = general(bare({INF: PLAIN, INF2: PLAIN, PZ: PLAIN}))
    groups = {a.units for a in state.legal_actions().actions() if isinstance(a, Move)}
    assert groups == {(INF,), (INF2,), (PZ,), (INF, INF2, PZ)}
    # Any subset is still accepted.
    move(state, [INF, PZ], PLAIN, "2702")
    assert state.units[INF].hex == state.units[PZ].hex == "2702"


def test_6_reach_is_legal_by_construction():
    state = general(bare({INF: PLAIN, PZ: PLAIN, SU_DIV: "2603", GE_HQ: "2801"}))
    for units in ((INF,), (PZ,), (INF, PZ)):
        for dest, r in state.legal_moves(units).items():
            trial = state.clone()
            trial.apply(Move(units=units, path=r.path))
            assert trial.units[units[0]].hex == dest
            assert max(trial.phase_data["activation"]["spent"][u] for u in units) == r.cost


def test_6_reach_costs_are_the_cheapest_paths():
    """Away from any enemy, the search's costs are the shortest paths over the chart's costs
    (networkx's Dijkstra as the independent oracle), within 10 + 4 OP (6.5)."""
    start = "1638"
    state = general(bare({INF: start}))
    board = state.board
    graph = board.cost_graph("frozen")
    best = nx.single_source_dijkstra_path_length(graph, start, cutoff=14)
    reach = state.legal_moves([INF])
    assert {h: r.cost for h, r in reach.items()} == {h: c for h, c in best.items() if h != start}
    assert any(board.map.road_between(a, b) for r in reach.values() for a, b in zip(r.path, r.path[1:]))


def test_6_a_stack_goes_only_where_every_unit_of_it_can():
    state = general(bare({INF: "1638", PZ: "1638"}))
    alone = state.legal_moves([PZ])
    together = state.legal_moves([INF, PZ])
    assert max(r.cost for r in alone.values()) == 12 + 4
    assert max(r.cost for r in together.values()) <= 10 + 4
    assert set(together) == set(state.legal_moves([INF])) & set(alone)


def _major_river_sides(bridged: bool):
    board = bare({}).board
    return [
        (a, b) for a in sorted(board.in_play) for b in board.nbrs[a]
        if "major_river" in board.map.hexside_features(a, b)
        and ("bridge" in board.map.hexside_features(a, b)) == bridged
        and board.map.terrain(b) in ("clear", "village", "town", "city")
    ]


def test_12_in_mud_major_rivers_are_crossed_only_by_bridge():
    a, b = _major_river_sides(bridged=False)[0]
    state = general(bare({INF: a}, ground="mud"))
    assert state.board.enter_cost(a, b, "frozen") is not None
    assert b not in state.legal_moves([INF]) or len(state.legal_moves([INF])[b].path) > 2
    with pytest.raises(IllegalAction, match=r"^12: 1424 may not be entered from 1423 on mud ground$"):
        move(state, [INF], a, b)
    c, d = _major_river_sides(bridged=True)[0]
    chart = state.board.data.terrain_chart
    entry = chart.road["mud"] if state.board.map.road_between(c, d) else chart.terrain[state.board.map.terrain(d)]["mud"]
    assert state.board.enter_cost(c, d, "mud") == entry + chart.hexsides["bridge"]["mud"]


def test_4_2_a_bridge_carries_zoc_over_a_thawed_river():
    board = bare({}).board
    a, b = next(
        (a, b) for a in sorted(board.in_play) for b in board.nbrs[a]
        if board.map.hexside_features(a, b) >= {"river", "bridge"}
    )
    mud = bare({SU_DIV: b}, ground="mud")
    assert not mud.board.river_between(a, b)
    assert a in zoc.enemy_zoc(mud, "german")


def test_golden_counts_of_legal_actions_at_the_start_of_gallop():
    """Like a perft count: any change in how moves are generated shows here.  Seed 1 gives the
    Soviet player the initiative; 4 HQs, a general activation and a pass to choose from, and
    between activations the top unit of its one two-unit stack (10.2: either of its two units
    to the top) and air reconnaissance of the two German stacks of two or more units in
    unmasked terrain (13.3)."""
    from collections import Counter

    from kharkovsuite.rules.kharkov1943.actions import Activate

    from .k43_helpers import fresh

    state = fresh(1)
    assert state.to_act == "soviet" and len(state.legal_actions().actions()) == 10
    general_act = fresh(1)
    general_act.apply(Activate())
    kinds = Counter(a.kind for a in general_act.legal_actions().actions())
    # moves, attacks, positions, and a brigade detached from each of 4 tank corps (1.3); nobody activated yet: no EndActivation
    assert kinds == {"Move": 2686, "BuildPosition": 46, "Assault": 15, "Detach": 4}
    formation = fresh(1)
    formation.apply(Activate(hq=SU_HQ))
    kinds = Counter(a.kind for a in formation.legal_actions().actions())
    assert kinds == {"Move": 1321, "BuildPosition": 26, "Assault": 18, "EndActivation": 1}  # the 6th Army's units and stacks; 9 attacks, each also with the HQ's support


def test_legal_actions_list_each_unit_s_or_stack_s_moves_as_one_entry_as_kharkov_1942_does():
    """The listing holds one ``Choices`` entry per unit (or whole stack) able to move, standing for its
    moves to every hex it reaches; ``actions()`` opens them up into the same single moves."""
    from collections import Counter

    from kharkovsuite.engine.legal import Choices
    from kharkovsuite.rules.kharkov1943.actions import Activate

    from .k43_helpers import fresh

    state = fresh(1)
    state.apply(Activate(hq=SU_HQ))
    legal = state.legal_actions()
    entries = [e for e in legal if e.kind == "Move"]
    assert all(isinstance(e, Choices) for e in entries)
    assert len({e.units for e in entries}) == len(entries)  # one entry a unit or stack
    assert Counter(a.kind for a in legal).get("Move") == len(entries) < 100
    assert sum(len(e) for e in entries) == Counter(a.kind for a in legal.actions())["Move"] == 1321
    some = entries[0]
    assert set(some) == {a for a in legal.actions() if a.kind == "Move" and a.units == some.units}
    assert {a.path[-1] for a in some} == set(state.legal_moves(some.units))


# ----------------------------------------------------------------------------- written from the mutation sample


def test_6_1_a_move_names_its_units_and_two_hexes_and_starts_where_they_stand():
    state = general(bare({INF: PLAIN}))
    assert refusal(state, Move(units=(INF,), path=(PLAIN,))) == ("6.1", "a move names its units and at least two hexes")
    assert refusal(state, Move(units=(), path=(PLAIN, "2702"))) == ("6.1", "a move names its units and at least two hexes")
    assert refusal(state, Move(units=(INF,), path=("2702", "2703"))) == ("6.1", f"{INF} is not in 2702, where the path starts")


def test_6_1_4_2_a_move_is_logged_with_its_path_and_its_stop_in_an_enemy_zoc():
    state = general(_enemy_two_away())
    events = move(state, [INF], PLAIN, "2702")
    moved = [e for e in events if e.kind == "UnitMoved"]
    assert [(e.units, e.path, e.cost, e.how, e.case) for e in moved] == [((INF,), (PLAIN, "2702"), CLEAR + 1.0, "move", "6.1")]
    stopped = [e for e in events if e.kind == "MoveStopped"]
    assert [(e.units, e.hex, e.reason, e.case) for e in stopped] == [((INF,), "2702", "entered an enemy ZoC", "4.2")]


def test_3_2_a_segment_opens_with_each_hqs_formation_activation_offered():
    state = bare({GE_HQ: PLAIN, INF: "2702"})
    offered = [a for a in state.legal_actions().actions() if a.kind == "Activate"]
    assert Activate(hq=GE_HQ) in offered and Activate() in offered


def test_6_3_12_a_river_or_bridge_adds_its_chart_cost_to_the_hex_entered():
    board = bare({}).board
    chart = board.data.terrain_chart
    for feature in ("river", "major_river", "bridge"):
        a, b = next((a, b) for a in sorted(board.in_play) for b in board.nbrs[a]
                    if feature in board.map.hexside_features(a, b)
                    and (feature == "bridge" or "bridge" not in board.map.hexside_features(a, b)))
        road = board.map.road_between(a, b) or board.map.rail_between(a, b)
        for ground in ("frozen", "snow"):
            entry = chart.road[ground] if road else chart.terrain[board.map.terrain(b)][ground]
            assert board.enter_cost(a, b, ground) == entry + chart.hexsides[feature][ground], (feature, a, b, ground)


def test_6_3_a_hex_the_ground_closes_is_refused_by_6_3_and_a_major_river_by_12():
    board = bare({}, ground="mud").board
    a, b = next((a, b) for a in sorted(board.in_play) for b in sorted(board.nbrs[a])
                if b in board.in_play and board.enter_cost(a, b, "mud") is None
                and not board.map.hexside_features(a, b) & {"major_river"})
    state = general(bare({INF: a}, ground="mud"))
    assert refusal(state, Move(units=(INF,), path=(a, b))) == ("6.3", f"{b} may not be entered from {a} on mud ground")
    c, d = _major_river_sides(bridged=False)[0]
    river = general(bare({INF: c}, ground="mud"))
    assert refusal(river, Move(units=(INF,), path=(c, d))) == ("12", f"{d} may not be entered from {c} on mud ground")

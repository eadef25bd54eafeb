"""The computer player and supply: the Axis road to reopen (11.33), Soviet reserves committed
within a Line of Communications (10.22, 6.73), the Kharkov roads (17.23) and the City men who
may step out to close the front (17.24).

Positions on the full Kharkov 1942 map: the supply roads and the Kharkov roads are the map's.
"""
from __future__ import annotations

import pytest

from kharkovsuite.ai import make_player
from kharkovsuite.ai.common import Knowledge
from kharkovsuite.ai.operations import SupplyOpening, supply_opening
from kharkovsuite.ai.planner import LAST_HQS_TURN, ROAD_THREAT
from kharkovsuite.engine import new_game
from kharkovsuite.engine.actions import CommitReserve
from kharkovsuite.rules.kharkov1942 import fredericus, sequence, supply, zoc
from kharkovsuite.rules.kharkov1942.victory import kharkov_roads, kharkov_status

OFF = "test-off-map"


def _unsupplied_axis(state) -> dict[str, str]:
    return Knowledge(state, "axis").unsupplied("axis")


# ----------------------------------------------------------------------------- 11.33


def test_11_33_the_supply_opening_reopens_a_road_to_the_southern_group(scenario):
    """With a Soviet unit across the southern group's road (Pavlograd - Grishino, in 3617 at
    Petropavlovka) the German units south of the Sector Line are beyond every supply source
    (docs/reconstruction/kharkov-1942.md).  The road the planner picks is blocked only by Soviet
    units and Soviet ZOC; with those gone its end is a road supply source again (11.33) and
    units it serves are back in supply."""
    state = new_game(scenario, 1)
    fredericus.activate(state, "0", [])
    assert not _unsupplied_axis(state)
    cutter = next(u for u in sorted(state.units) if state.units[u].box == "reserve-57" and u.startswith("su-cd"))
    state.place(cutter, "3617")
    state.cache.clear()
    unsupplied = _unsupplied_axis(state)
    assert len(unsupplied) >= 10
    opening = supply_opening(state, unsupplied)
    assert opening is not None
    assert set(opening.served) <= set(unsupplied) and opening.served
    b = state.board
    roads = b.map.roads
    d = zoc.derived(state)
    for h in opening.blocked + (opening.end,):
        assert h in roads
    for h in opening.blocked:
        i = b.index[h]
        assert d.occupied["soviet"].get(i) or d.zoc["soviet"].get(i), h
    assert b.index[opening.end] not in supply.road_sources(state)[0]
    # clear the road: every Soviet unit on or next to a blocked hex leaves the map
    for h in opening.blocked:
        for n in (h, *b.nbr_ids[h]):
            for u in list(state.units_at(n)):
                if state.units[u].side == "soviet":
                    state.to_box(u, OFF)
    state.cache.clear()
    assert b.index[opening.end] in supply.road_sources(state)[0]
    assert any(supply.in_supply(state, u) for u in opening.served)


def test_11_33_no_opening_is_planned_when_every_unit_is_supplied(scenario):
    state = new_game(scenario, 1)
    assert supply_opening(state, {}) is None


def test_11_33_the_axis_ai_values_an_attack_on_its_supply_road(scenario):
    """An attack on a Soviet hex of the road to reopen is worth more than the same attack with
    no road to reopen (the plan is set by hand: what is tested is its use)."""
    state = new_game(scenario, 1)
    fredericus.activate(state, "0", [])
    sequence.go_to(state, "axis-combat", 6)
    player = make_player("ai", "axis", 1, "kharkov1942")
    know = Knowledge(state, "axis")
    target = next(h for h in sorted(know.at) if know.side_at(h, "soviet") and not know.board.is_hq(know.side_at(h, "soviet")[0]))
    key = (know.turn, state.phase.id)
    player._supply = (key, SupplyOpening(blocked=(target,), end=target, served=("ge-9id", "ge-111id", "ge-101lt")))
    with_road = player.target_value(know, (target,))
    player._supply = (key, None)
    assert with_road > player.target_value(know, (target,))


# ----------------------------------------------------------------------------- 6.73, 10.22


def test_10_22_soviet_reserves_are_committed_only_within_a_line_of_communications(scenario):
    state = new_game(scenario, 2)
    sequence.go_to(state, "soviet-reserves", 2)
    player = make_player("ai", "soviet", 1, "kharkov1942")
    committed = 0
    while state.phase.id == "soviet-reserves" and state.to_act == "soviet":
        action = player.choose(state)
        if not isinstance(action, CommitReserve):
            break
        assert action.hexes[0] in Knowledge(state, "soviet").supplied_hexes("soviet"), action
        state.apply(action)
        committed += 1
    assert committed >= 1


@pytest.mark.parametrize("turn, commits", [(3, False), (LAST_HQS_TURN, True)])
def test_10_34_with_no_line_of_communications_reserves_wait_for_the_last_hqs(scenario, turn, commits):
    """With every Soviet HQ off the map no placement is in supply: before turn 5 the reserves
    stay in their boxes; from turn 5 (10.34) they are committed anyway."""
    state = new_game(scenario, 2)
    sequence.go_to(state, "soviet-reserves", turn)
    for u, rec in state.units.items():
        if rec.side == "soviet" and rec.hex is not None and state.board.is_hq(u):
            state.to_box(u, OFF)
    state.cache.clear()
    know = Knowledge(state, "soviet")
    assert not know.supplied_hexes("soviet")
    options = [a for a in state.legal_actions() if isinstance(a, CommitReserve)] if state.phase.id == "soviet-reserves" else []
    assert options
    chosen = make_player("ai", "soviet", 1, "kharkov1942").pick_reserve(know, options)
    assert (chosen is not None) == commits


# ----------------------------------------------------------------------------- 17.23


def _road_position(scenario, soviet_on: dict[str, int]):
    """Soviet rifle divisions on the first hexes of the named Kharkov roads, no one else on the map."""
    state = new_game(scenario, 1)
    roads = kharkov_roads(state)
    b = state.board
    spare = sorted(u for u, rec in state.units.items() if rec.side == "soviet" and rec.hex is not None and not b.is_hq(u) and not b.has_flag(u, "reserve_counter"))
    for u, rec in state.units.items():
        if rec.hex is not None:
            state.to_box(u, OFF)
    for name, n in soviet_on.items():
        for h in roads[name][2:2 + n]:
            state.place(spare.pop(), h)
    state.cache.clear()
    sequence.go_to(state, "axis-combat", 6)
    return state, roads


def test_17_23_while_kharkov_is_cut_off_the_thinner_road_is_worth_clearing_most(scenario):
    state, roads = _road_position(scenario, {"poltava": 1, "dnepropetrovsk": 3})
    assert kharkov_status(state)["cut_off"]
    player = make_player("ai", "axis", 1, "kharkov1942")
    values = player.road_cut_value(Knowledge(state, "axis"))
    poltava = [h for h in roads["poltava"] if h in values]
    dnepr = [h for h in roads["dnepropetrovsk"] if h in values]
    assert len(poltava) == 1 and len(dnepr) == 3
    assert values[poltava[0]] > values[dnepr[0]] > ROAD_THREAT
    # clearing the one Poltava hex ends the cut for the 5 turns left (turn 6 of 10), 3 VP each
    assert values[poltava[0]] == pytest.approx(3.0 * 5)


def test_17_23_a_unit_on_one_road_only_is_a_threat_not_a_cut(scenario):
    state, roads = _road_position(scenario, {"poltava": 1})
    assert not kharkov_status(state)["cut_off"]
    values = make_player("ai", "axis", 1, "kharkov1942").road_cut_value(Knowledge(state, "axis"))
    assert list(values.values()) == [ROAD_THREAT]

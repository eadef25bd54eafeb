"""Kharkov 1943 German rail movement (6.4) and the control of places it needs (18)."""
from __future__ import annotations

import pytest

from kharkovsuite.engine.actions import RailMove
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kharkov1943 import control, rail

from .k43_helpers import INF, SU_DIV, bare, general

STATION = "2405"  # a village or town on the railroad, German at set-up


def _ride(state, unit=INF):
    found = rail.reach(state, [unit])
    dest = max(found, key=lambda h: len(found[h].path))  # the longest ride, through other hexes
    return found[dest].path


def test_6_4_german_units_ride_between_held_places_for_six_op():
    state = general(bare({INF: STATION}))
    assert control.owner(state, STATION) == "german" and state.board.shelter(STATION)
    path = _ride(state)
    assert len(path) > 3
    events = state.apply(RailMove(units=(INF,), path=path))
    assert state.units[INF].hex == path[-1]
    assert state.phase_data["activation"]["spent"][INF] == 6
    assert [e.how for e in events if e.kind == "UnitMoved"] == ["rail"]
    assert RailMove(units=(INF,), path=path) in list(general(bare({INF: STATION})).legal_actions().actions())


def test_6_4_only_the_german_player_moves_by_rail():
    path = _ride(general(bare({INF: STATION})))  # a ride a German unit may take
    state = general(bare({SU_DIV: STATION}, side="soviet"))
    assert not any(isinstance(a, RailMove) for a in state.legal_actions().actions())
    with pytest.raises(IllegalAction, match=r"^6\.4: only the German player moves by rail$"):
        state.apply(RailMove(units=(SU_DIV,), path=path))


def test_6_4_a_train_never_runs_through_an_enemy_zoc():
    path = _ride(general(bare({INF: STATION})))
    middle = path[len(path) // 2]
    beside = next(h for h in bare({}).board.nbrs[middle] if h not in path)
    state = general(bare({INF: STATION, SU_DIV: beside}))
    assert path[-1] not in rail.reach(state, [INF]) or rail.reach(state, [INF])[path[-1]].path != path
    with pytest.raises(IllegalAction, match=r"^6\.4: no usable railroad from 2021 to 2122 \(enemy units or an enemy ZoC no German unit holds\)$"):
        state.apply(RailMove(units=(INF,), path=path))


def test_6_4_eight_stacking_points_a_turn():
    state = general(bare({INF: STATION}))
    path = _ride(state)
    state.turn_data["rail_points"] = 8
    assert rail.reach(state, [INF]) == {}
    with pytest.raises(IllegalAction, match=r"^6\.4: the units weigh 1 stacking point by rail, 0 left this turn$"):
        state.apply(RailMove(units=(INF,), path=path))


def test_18_a_place_belongs_to_the_last_side_through_it():
    state = general(bare({SU_DIV: STATION}, side="soviet"))
    nxt = next(h for h in state.legal_moves([SU_DIV]) if len(state.legal_moves([SU_DIV])[h].path) == 2)
    assert control.owner(state, STATION) == "german"
    from kharkovsuite.engine.actions import Move

    back = general(bare({SU_DIV: nxt}, side="soviet"))
    back.apply(Move(units=(SU_DIV,), path=back.legal_moves([SU_DIV])[STATION].path))
    assert control.owner(back, STATION) == "soviet"
    assert rail.reach(general(bare({INF: STATION})), [INF])  # a fresh game: German again


def test_3_4_a_unit_that_has_moved_in_this_activation_takes_no_train():
    """Self-play (campaign seeds 62 and 98) listed a second rail move for a unit that had ridden already."""
    state = general(bare({INF: STATION}))
    state.apply(RailMove(units=(INF,), path=_ride(state)))
    assert rail.refusal(state, (INF,)) == ("3.4", "a unit moves once an activation")
    assert rail.reach(state, [INF]) == {}
    assert not any(isinstance(a, RailMove) and INF in a.units for a in state.legal_actions().actions())


def test_3_4_a_stack_freed_by_a_mobile_attack_moves_on_on_foot_not_by_train():
    """Self-play (campaign seed 62): a unit moving on after a won mobile attack was offered a train, which
    its move's end then refused."""
    state = general(bare({INF: STATION}))
    state.phase_data["activation"]["resume"] = [INF]  # as a won mobile attack leaves it (combat.keep_going)
    assert rail.refusal(state, (INF,)) == ("3.4", "a unit moves once an activation")
    assert not any(isinstance(a, RailMove) for a in state.legal_actions().actions())


# ----------------------------------------------------------------------------- written from the mutation sample


def test_6_4_a_train_may_take_the_last_stacking_points_of_the_turn():
    state = general(bare({INF: STATION}))
    points = state.board.units[INF].values.stacking
    state.turn_data["rail_points"] = rail.POINTS_A_TURN - points
    path = _ride(state)
    state.apply(RailMove(units=(INF,), path=path))
    assert state.units[INF].hex == path[-1] and state.turn_data["rail_points"] == rail.POINTS_A_TURN


def test_6_4_3_5_a_fatigued_unit_pays_its_surcharge_to_board_and_to_get_off():
    state = general(bare({INF: STATION}))
    state.game["fatigue"] = {INF: 1}
    state.apply(RailMove(units=(INF,), path=_ride(state)))
    assert state.phase_data["activation"]["spent"][INF] == (3 + 1) + (3 + 1)


def test_6_4_a_rail_move_names_units_standing_where_it_starts():
    state = general(bare({INF: STATION}))
    path = _ride(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(RailMove(units=(INF,), path=path[1:]))
    assert (info.value.case, info.value.reason) == ("6.4", "a rail move names units standing where its path starts")


def test_6_4_a_rail_move_of_one_hex_between_two_held_places_costs_the_full_six_op():
    a, b = "2430", "2431"  # two German places next to each other on the railroad
    state = general(bare({INF: a}))
    found = rail.reach(state, [INF])
    assert found[b].path == (a, b) and found[b].cost == 6.0
    events = state.apply(RailMove(units=(INF,), path=(a, b)))
    assert state.units[INF].hex == b and state.phase_data["activation"]["spent"][INF] == 6
    assert state.turn_data["rail_points"] == 1
    assert [(e.units, e.path, e.cost, e.how, e.case) for e in events if e.kind == "UnitMoved"] == [((INF,), (a, b), 6.0, "rail", "6.4")]
    with pytest.raises(IllegalAction, match=r"^6\.4: a rail move names units standing where its path starts$"):
        general(bare({INF: a})).apply(RailMove(units=(INF,), path=(a,)))


def test_6_4_4_2_the_railroad_and_its_rides_match_a_filtered_graph_search_in_positions_of_a_game():
    """The usable railroad (no enemy unit; outside enemy ZoC unless a German unit stands there, 4.2) and each
    shortest ride, against networkx's search over the rail net with those rules as a node filter, in a position
    with Soviet units beside the line and German units on it."""
    import networkx as nx

    from kharkovsuite.rules.kharkov1943.zoc import enemy_zoc

    plain = general(bare({INF: STATION}))
    line = _ride(plain)
    beside = sorted({n for h in line[2:] for n in plain.board.nbrs[h]} - set(line))
    enemy, crossed = next((b, c) for b in beside
                          if len(c := sorted(h for h in line[1:] if h in enemy_zoc(general(bare({INF: STATION, SU_DIV: b})), "german"))) > 1)
    held = crossed[0]
    state = general(bare({INF: STATION, SU_DIV: enemy, "de_hq_1pza": held}))
    zoc = enemy_zoc(state, "german")
    assert len(crossed) > 1 and held in zoc  # a ZoC the line crosses, one of its hexes held by a German unit
    rails = state.board.map.rails

    def usable(h):
        ids = state.units_at(h)
        return h in state.board.in_play and all(state.units[u].side == "german" for u in ids) and (h not in zoc or bool(ids))

    view = nx.subgraph_view(rails, filter_node=usable)
    net = rail.network(state)
    assert net.usable == frozenset(view.nodes)
    assert held in net and any(h not in net for h in crossed)
    for start in sorted(view.nodes)[::7] + [STATION]:
        assert net.rides(start) == {h: tuple(p) for h, p in nx.single_source_shortest_path(view, start).items()}, start
        assert net.neighbors(start) == list(view.neighbors(start))
    closed = sorted(h for h in rails if h not in view)
    off_line = next(h for h in sorted(state.board.in_play) if h not in rails)
    assert closed and all(net.rides(h) == {} for h in closed)  # no ride starts where no train may stand
    assert net.neighbors(off_line) == [] and net.rides(off_line) == {}
    # a Soviet supply head on the line has no ZoC (4.2), but no train passes it
    state = general(bare({INF: STATION, "su_sh_swf": line[2]}))
    assert line[2] not in enemy_zoc(state, "german")
    assert line[2] not in rail.network(state) and line[-1] not in rail.reach(state, [INF])

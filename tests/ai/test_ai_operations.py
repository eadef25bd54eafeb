"""The computer player's operational aims: the 17.24 front, Kharkov, the pocket by minimum cut,
attack pricing by the pre-roll odds (9.85), the chase (6.62) and Soviet HQ placement (10.2).

Small positions use tests/data/k42-basic.yaml: ten by ten hexes, the front line between
columns 05 and 06 (Soviets east, columns 01-05), the east edge in column 01.
"""
from __future__ import annotations

import importlib.util
from collections import deque
from pathlib import Path

import pytest

from kharkovsuite.ai import make_player
from kharkovsuite.ai.common import Knowledge
from kharkovsuite.ai.core.actions import last_actions
from kharkovsuite.ai.operations import Front, encirclement, focused_encirclement, pocket_holders, salient_neck
from kharkovsuite.ai.planner import HOLD_RISK, OFFENSIVE_RISK
from kharkovsuite.engine import Attack, Move, new_game
from kharkovsuite.rules.kharkov1942 import zoc
from kharkovsuite.rules.kharkov1942.victory import front_status
from kharkovsuite.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[2]

_spec = importlib.util.spec_from_file_location("k42_helpers", ROOT / "tests" / "rules" / "kharkov1942" / "k42_helpers.py")
k42 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(k42)

# Axis units down column 06, every other row: their ZOC joins the north edge to the south edge.
LINE = {"ge-1": "0106", "ge-2": "0306", "ge-3": "0506", "ge-6": "0706", "ge-4": "0906"}


# ----------------------------------------------------------------------------- 17.24


def test_17_24_a_whole_front_has_no_gap_and_its_units_hold_it():
    state = k42.position(LINE, phase="axis-movement", turn=2)
    assert front_status(state)["continuous"]
    front = Front.of(state)
    assert front.cost == 0 and not front.gap
    assert set(LINE) <= front.holders(state)  # each is the only unit covering its part of the route


def test_17_24_a_missing_unit_leaves_a_gap_the_ai_fills():
    line = {u: h for u, h in LINE.items() if u != "ge-3"} | {"ge-3": "0509"}  # 0506 left empty, ge-3 in the rear
    state = k42.position(line, phase="axis-movement", turn=2)
    assert not front_status(state)["continuous"]
    front = Front.of(state)
    assert front.cost > 0 and front.gap and "0506" in front.gap | {n for h in front.gap for n in state.board.nbr_ids[h]}
    action = make_player("ai", "axis", 1, "kharkov1942").choose(state)
    assert isinstance(action, Move)
    state.apply(action)
    assert front_status(state)["continuous"], action


def test_17_24_the_armour_holds_the_front_only_until_the_counter_offensive():
    """A panzer regiment the front cannot spare stays while the Axis holds (turns 1-4); from
    Fredericus it is free to drive for the pocket (17.3 counts every Soviet unit cut off, the
    hole only 2 points a turn), while the infantry beside it keeps holding."""
    line = {u: h for u, h in LINE.items() if u != "ge-3"} | {"pz-1a": "0506"}
    player = make_player("ai", "axis", 1, "kharkov1942")
    for turn, armour_stays in ((3, True), (6, False)):
        state = k42.position(line, phase="axis-movement", turn=turn)
        know = Knowledge(state, "axis")
        assert player.attacking(know) is not armour_stays
        assert {"pz-1a", "ge-2"} <= player.front(know)[1]
        assert player.stays(know, "pz-1a", "0506") is armour_stays, turn
        assert player.stays(know, "ge-2", "0306"), turn


# ----------------------------------------------------------------------------- the pocket


def _reachable(state, blocked: set[str]) -> set[str]:
    """Hexes a Soviet supply line could reach from the east edge with ``blocked`` hexes closed."""
    b = state.board
    d = zoc.derived(state)
    ok = {h for h in b.ids if not d.occupied["axis"].get(b.index[h]) and (not d.zoc["axis"].get(b.index[h]) or d.occupied["soviet"].get(b.index[h]))}
    ok -= blocked
    seen = {b.ids[i] for i in b.map_edges["east"] if b.ids[i] in ok}
    todo = deque(seen)
    while todo:
        h = todo.popleft()
        for n in b.nbr_ids[h]:
            if n in ok and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def test_11_21_the_encirclement_cut_separates_its_pocket_from_the_east_edge(scenario):
    state = new_game(scenario, 1)
    know = Knowledge(state, "axis")
    axis = [v["hex"] for u, v in know.units.items() if v["side"] == "axis" and v["hex"] and not state.board.is_hq(u)]
    plan = encirclement(state, lambda u: 0.0 if state.board.is_hq(u) else know.unit_vp(u) + 0.5, know.distance_field(axis))
    assert plan.cut and plan.pocket and plan.value > plan.cost
    before = _reachable(state, set())
    after = _reachable(state, set(plan.cut))
    assert plan.pocket <= before  # supplied now
    assert not (plan.pocket & after)  # every route from the east edge to them crosses the cut


def test_11_21_the_armour_closes_one_pocket_at_a_time(scenario):
    """The whole plan rings many separate Soviet groups; the plan the armour follows is the one
    group whose own cut is worth most for its effort, and that cut still closes it off."""
    import networkx as nx

    state = new_game(scenario, 1)
    know = Knowledge(state, "axis")
    b = state.board
    axis = [v["hex"] for u, v in know.units.items() if v["side"] == "axis" and v["hex"] and not b.is_hq(u)]
    reach = know.distance_field(axis)

    def value(u):
        return 0.0 if b.is_hq(u) else know.unit_vp(u) + 0.5

    whole = encirclement(state, value, reach)
    g = nx.Graph()
    g.add_nodes_from(whole.pocket)
    g.add_edges_from((h, n) for h in whole.pocket for n in b.nbr_ids[h] if n in whole.pocket)
    groups = list(nx.connected_components(g))
    assert len(groups) > 1
    plan = focused_encirclement(state, value, reach)
    assert plan.pocket and any(plan.pocket <= group for group in groups)
    assert len(plan.cut) < len(whole.cut)
    assert not plan.pocket & _reachable(state, set(plan.cut))
    for group in groups:
        part = encirclement(state, value, reach, only=group)
        assert part.pocket <= group
        assert part.value - part.cost <= plan.value - plan.cost + 1e-9
    assert make_player("ai", "axis", 1, "kharkov1942").pocket_plan(know) == plan


def test_the_salient_neck_closes_the_izyum_salient(scenario):
    """The facts file puts 2118 (a tank brigade) inside the Izyum salient; the neck runs from the
    Balakleya end of the front to its south face, so 2118 is in its pocket."""
    state = new_game(scenario, 1)
    neck = salient_neck(state.board)
    assert neck is not None and 8 <= len(neck.line) <= 25
    assert "2118" in neck.pocket
    front = state.board.map.lines["front"]
    ends = (neck.line[0], neck.line[-1])
    for end in ends:  # both ends touch the 12 May line
        assert any(front.side(n) != front.side(end) for n in state.board.nbr_ids[end]) or any(
            any(front.side(m) != front.side(n) for m in state.board.nbr_ids[n]) for n in state.board.nbr_ids[end]
        )


# ----------------------------------------------------------------------------- attacks


def _even_attack(turn: int):
    """Three rifle divisions (under the 6th Army HQ, active from turn 1) against ge-1 in the open:
    worse than even odds before the morale bonus."""
    return k42.position(
        {"su-r1": "0505", "su-r2": "0404", "su-r3": "0503", "su-hq6": "0403", "ge-1": "0504"}, phase="soviet-combat", turn=turn
    )


def test_9_85_the_morale_bonus_makes_a_turn_2_attack_worth_more_than_a_turn_5_one():
    early, late = _even_attack(2), _even_attack(5)
    attack = next(a for a in last_actions(early.legal_actions()) if isinstance(a, Attack))
    ev1 = Knowledge(early, "soviet").attack_ev(attack.attackers, attack.targets)
    ev5 = Knowledge(late, "soviet").attack_ev(attack.attackers, attack.targets)
    assert ev1 > ev5 + 0.5


def test_9_85_the_soviet_ai_attacks_at_poor_odds_on_turn_2_not_on_turn_5():
    early = make_player("ai", "soviet", 1, "kharkov1942").choose(_even_attack(2))
    late = make_player("ai", "soviet", 1, "kharkov1942").choose(_even_attack(5))
    assert isinstance(early, Attack)
    assert not isinstance(late, Attack)


def test_ai_pricing_reads_nothing_hidden(scenario):
    """The same attack is priced the same whatever the dice will be (the odds query never rolls)."""
    state = _even_attack(2)
    attack = next(a for a in last_actions(state.legal_actions()) if isinstance(a, Attack))
    values = set()
    for seed in (1, 2, 3):
        state.rng.seed(seed)
        values.add(round(Knowledge(state, "soviet").attack_ev(attack.attackers, attack.targets), 9))
    assert len(values) == 1


# ----------------------------------------------------------------------------- 6.62 chase


def _chase(turn: int, hq: bool = True):
    placements = {"ge-1": "0505", "su-t1": "0504"} | ({"su-hq6": "0503"} if hq else {})
    state = k42.position(placements, phase="axis-movement", turn=turn)
    state.apply(Move(units=("ge-1",), path=state.legal_moves("ge-1")["0104"].path))
    assert state.pending and state.pending[-1].kind == "chase"
    return state


def test_6_62_the_ai_chases_towards_its_objectives_on_the_offensive():
    action = make_player("ai", "soviet", 1, "kharkov1942").choose(_chase(3))
    assert action.kind == "Chase"


def test_6_62_the_ai_lets_a_german_unit_go_while_holding_a_worthless_hex():
    action = make_player("ai", "soviet", 1, "kharkov1942").choose(_chase(6))
    assert action.kind == "DeclineChase"


def test_6_62_the_ai_does_not_chase_beyond_its_lines_of_communication():
    action = make_player("ai", "soviet", 1, "kharkov1942").choose(_chase(3, hq=False))
    assert action.kind == "DeclineChase"


# ----------------------------------------------------------------------------- 10.2 HQs


def test_10_24_an_hq_goes_where_it_reaches_units_no_other_hq_reaches():
    """Two groups of Soviet units; the 6th Army HQ sits with one; the ai's other HQ heads for the other."""
    state = k42.position(
        {"su-hq6": "0102", "su-r1": "0103", "su-r2": "0202", "su-r3": "0902", "su-r4": "0903", "su-r5": "1002", "ge-1": "0606"},
        phase="soviet-movement", turn=3,
    )
    player = make_player("ai", "soviet", 1, "kharkov1942")
    know = Knowledge(state, "soviet")
    near_group = player.hq_score(know, "su-hq6", "0102")
    far_group = player.hq_score(know, "su-hq6", "0902")
    assert far_group < near_group  # lower is better: more units reached


@pytest.mark.parametrize("in_city, soviet, steps_out", [
    ({"ge-r1": "0508"}, {}, False),  # the City's last man stays
    ({"ge-r1": "0508", "ge-5": "0508"}, {}, True),  # one of two may go while no enemy is near
    ({"ge-r1": "0508", "ge-5": "0508"}, {"su-t1": "0608", "su-t2": "0609", "su-g1": "0607"}, False),  # not under threat
])
def test_17_24_a_city_man_closes_the_front_only_if_the_city_stays_safe(in_city, soviet, steps_out):
    line = {u: h for u, h in LINE.items() if u != "ge-1"} | in_city | soviet  # the north end left open
    state = k42.position(line, phase="axis-movement", turn=2)
    assert not front_status(state)["continuous"]
    player = make_player("ai", "axis", 1, "kharkov1942")
    player.new_phase()
    player._moved |= set(LINE)  # the line has moved this phase: only the City's men are left to plug
    action = player.plug_front(state, Knowledge(state, "axis"))
    moved_from_city = action is not None and state.units[action.units[0]].hex == "0508"
    assert moved_from_city == steps_out, action


def test_15_1_a_division_breaks_down_when_no_move_closes_the_front(monkeypatch):
    """On tests/data/k42-breakdown.yaml (9-8 divisions, regiments in the box): the north end of
    the front is open and, for the test, every unit has spent its move.  The division nearest
    the gap (ge-2 in 0306, not ge-1 in the rear at 0309) breaks down and one of its regiments
    closes the gap."""
    monkeypatch.setattr(k42, "_SCENARIO", load_scenario(k42.DATA / "k42-breakdown.yaml"))
    line = {u: h for u, h in LINE.items() if u != "ge-1"} | {"ge-1": "0309"}
    state = k42.position(line, phase="axis-movement", turn=2)
    assert not front_status(state)["continuous"]
    player = make_player("ai", "axis", 1, "kharkov1942")
    player.new_phase()
    player._moved |= set(line)
    know = Knowledge(state, "axis")
    assert player.plug_front(state, know) is None
    action = player.break_down_for_front(know, state.legal_actions())
    assert action is not None and action.division == "ge-2"
    state.apply(action)
    assert player.break_down_for_front(Knowledge(state, "axis"), state.legal_actions()) is None  # one a phase
    plug = player.plug_front(state, Knowledge(state, "axis"))
    assert plug is not None and state.board.has_flag(plug.units[0], "regiment"), plug
    state.apply(plug)
    assert front_status(state)["continuous"]


# ----------------------------------------------------------------------------- holding the line


def test_17_24_holding_the_axis_plugs_gaps_at_its_line_not_in_the_soviet_rear():
    """While the Axis holds (turns 1-4), the empty hexes next to a Soviet unit that its line
    could cover next are objectives; those next to a Soviet unit far behind the line are not (a
    unit sent there cuts a Line of Communications for a turn, alone, and is destroyed)."""
    state = k42.position({"ge-1": "0307", "su-r1": "0305", "su-r2": "0902"}, phase="axis-movement", turn=3)
    player = make_player("ai", "axis", 1, "kharkov1942")
    know = Knowledge(state, "axis")
    assert not player.attacking(know)
    goals = set(player.objective_hexes(know))
    b = know.board
    assert {"0205", "0405"} <= goals  # next to su-r1, two hexes from ge-1: the line's edge
    assert not goals & set(b.nbr_ids["0902"])  # su-r2 is five hexes behind it


def test_the_axis_counter_offensive_takes_no_more_risk_than_holding():
    """From turn 5 an Axis unit's move next to Soviet units is priced as while holding (its
    losses are not replaced: each counts for the Soviets, 17.25), not at the Soviet offensive's
    tolerance: a regiment facing odds a little over 1:1 there pays for it."""
    state = k42.position({"ge-r1": "0308", "su-r1": "0305"}, phase="axis-movement", turn=6)
    player = make_player("ai", "axis", 1, "kharkov1942")
    know = Knowledge(state, "axis")
    assert player.attacking(know)
    ratio = know.enemy_attack_near("0306") / (know.values("ge-r1")[1] * know.mult("0306"))
    assert HOLD_RISK < OFFENSIVE_RISK < ratio
    assert know.enemy_attack_near("0309") == 0 and know.mult("0309") == know.mult("0306") == 1.0
    field = {"0306": 3, "0309": 3}
    cost = player.move_score(know, "ge-r1", "0306", field) - player.move_score(know, "ge-r1", "0309", field)
    assert cost == pytest.approx(2 * player.cfg["danger"] * (ratio - HOLD_RISK))


# ----------------------------------------------------------------------------- holding a pocket

# Three Axis units two hexes from 0506 whose ZOC covers its six neighbours: a Soviet unit there
# is cut off from the east edge, and the ring does not reach a map edge (no 17.24 front).
RING = {"ge-1": "0306", "ge-2": "0604", "ge-3": "0607"}


def test_11_21_the_units_that_keep_a_pocket_shut_hold_where_they_stand():
    state = k42.position(RING | {"su-r1": "0506", "ge-5": "0909"}, phase="axis-movement", turn=6)
    assert "0506" not in _reachable(state, set())  # su-r1 is cut off from the east edge
    holders = pocket_holders(state)
    assert set(RING) <= holders  # without any one of them a supply line reaches su-r1
    assert "ge-5" not in holders  # far behind the ring
    player = make_player("ai", "axis", 1, "kharkov1942")
    know = Knowledge(state, "axis")
    assert "ge-2" not in player.front(know)[1]  # not needed for the 17.24 front ...
    assert player.stays(know, "ge-2", "0604")  # ... but it stays to keep the pocket shut


def test_11_21_no_pocket_no_holders():
    state = k42.position(RING | {"su-r1": "0505"}, phase="axis-movement", turn=6)
    assert pocket_holders(state) == frozenset()

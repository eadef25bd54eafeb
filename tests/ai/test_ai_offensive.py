"""The Soviet offensive and the fight for Kharkov: HQs placed by the reach of their Lines of
Communications (10.22-10.23), units kept within them on the offensive (10.21), the attack on
Kharkov kept up from a foothold in the city (17.1, 17.21-17.23) and the Axis attacks that win
back points the Soviets are scoring (17.1, 17.23).
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from kharkovsuite.ai import make_player
from kharkovsuite.ai.common import Knowledge
from kharkovsuite.ai.planner import ATTACK_EV, HOLD_EV, OFFENSIVE_OUT_OF_COMMAND, OUT_OF_COMMAND, RETAKE_EV
from kharkovsuite.engine import new_game
from kharkovsuite.engine.actions import Advance, EndAdvance
from kharkovsuite.rules.kharkov1942 import sequence, supply
from kharkovsuite.rules.kharkov1942.victory import kharkov_roads, kharkov_status

ROOT = Path(__file__).resolve().parents[2]
OFF = "test-off-map"

_spec = importlib.util.spec_from_file_location("k42_helpers", ROOT / "tests" / "rules" / "kharkov1942" / "k42_helpers.py")
k42 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(k42)


def _only(scenario, placements: dict[str, str], phase: str, turn: int):
    """The full map with only ``placements`` on it (garrisons kept), in ``phase`` of ``turn``."""
    state = new_game(scenario, 1)
    for u, rec in state.units.items():
        if rec.hex is not None:
            state.to_box(u, OFF)
    for u, h in placements.items():
        state.place(u, h)
    for u in placements:
        state.set_flag(u, "inactive", False)
        state.set_flag(u, "frozen", False)
    state.cache.clear()
    sequence.go_to(state, phase, turn)
    return state


# ----------------------------------------------------------------------------- 10.22-10.23


def test_10_23_the_line_an_hq_would_trace_is_the_line_the_rules_trace(scenario):
    """At the opening, the units the rules find in supply through an HQ's Line of Communications
    are exactly those standing where the player's own reckoning of the active HQs' Lines reaches."""
    state = new_game(scenario, 1)
    know = Knowledge(state, "soviet")
    b = state.board
    reach = set()
    for u, view in know.units.items():
        if view["side"] == "soviet" and view["hex"] is not None and b.is_hq(u) and "inactive" not in view["flags"]:
            reach |= know.loc_from(view["hex"], b.hq_values(u).command_radius)
    combat = {u: v["hex"] for u, v in know.units.items() if v["side"] == "soviet" and v["hex"] is not None and not b.is_hq(u)}
    by_rules = {u for u in combat if supply.side_supply(state, "soviet").kind.get(u) == "soviet-hq"}
    assert by_rules  # the test means something: some units are supplied by an HQ
    assert {u for u, h in combat.items() if h in reach} == by_rules


def test_10_23_an_hq_does_not_count_units_its_line_cannot_reach():
    """A Soviet group south of an Axis line: an HQ north of the line is within five hexes of the
    group but its Line of Communications may not cross the Axis ZOC, so the group does not count
    for that hex (it would, if units were counted by distance)."""
    line = {"ge-1": "0703", "ge-2": "0705", "ge-3": "0701"}
    group = {"su-r1": "0903", "su-r2": "0904"}
    with_group = k42.position({"su-hq6": "0102"} | line | group, phase="soviet-movement", turn=3)
    without = k42.position({"su-hq6": "0102"} | line, phase="soviet-movement", turn=3)
    know = Knowledge(with_group, "soviet")
    b = know.board
    radius = b.hq_values("su-hq6").command_radius
    assert all(b.hex_distance("0503", h) <= radius for h in group.values())
    assert not set(group.values()) & know.loc_from("0503", radius)
    player = make_player("ai", "soviet", 1, "kharkov1942")
    assert player.hq_score(know, "su-hq6", "0503") == player.hq_score(Knowledge(without, "soviet"), "su-hq6", "0503")
    # south of the line the same group counts, and that hex is the better one
    assert player.hq_score(know, "su-hq6", "1002") < player.hq_score(know, "su-hq6", "0503")


# ----------------------------------------------------------------------------- Kharkov


def _foothold(scenario, soviet_in_kharkov: bool, turn: int = 6):
    """German infantry in one Kharkov hex, a Soviet stack next to it, and (or not) a Soviet unit
    in another Kharkov hex."""
    state = new_game(scenario, 1)
    kh = state.scenario.map.cities["kharkov"].hexes
    b = state.board
    target, other = kh[0], kh[1]
    nbr = next(n for n in sorted(b.nbr_ids[target]) if n not in kh)
    soviet = sorted(u for u, rec in state.units.items() if rec.side == "soviet" and not b.is_hq(u) and not b.has_flag(u, "reserve_counter"))
    placements = {"ge-113id": target, soviet[0]: nbr, soviet[1]: nbr}
    if soviet_in_kharkov:
        placements[soviet[2]] = other
    return _only(scenario, placements, "soviet-combat", turn), target


@pytest.mark.parametrize("foothold, turn, needed", [
    (True, 6, ATTACK_EV),
    (False, 6, HOLD_EV),  # no foothold: the offensive is over
    (True, 9, ATTACK_EV),  # to the end of the game
])
def test_17_21_from_a_foothold_in_kharkov_the_soviets_keep_attacking_it(scenario, foothold, turn, needed):
    state, target = _foothold(scenario, foothold, turn)
    player = make_player("ai", "soviet", 1, "kharkov1942")
    know = Knowledge(state, "soviet")
    assert not player.attacking(know)  # from turn 5 the Soviet side holds everywhere else
    assert player.ev_needed(know, (target,)) == needed


def test_17_1_the_axis_attacks_a_kharkov_hex_the_soviets_hold_at_any_odds_that_do_not_lose(scenario):
    state, _ = _foothold(scenario, True)
    kh = state.scenario.map.cities["kharkov"].hexes
    sequence.go_to(state, "axis-combat", 6)
    player = make_player("ai", "axis", 1, "kharkov1942")
    know = Knowledge(state, "axis")
    assert player.ev_needed(know, (kh[1],)) == RETAKE_EV
    nbr = next(h for h in sorted(know.at) if know.side_at(h, "soviet") and h not in kh)
    assert player.ev_needed(know, (nbr,)) > RETAKE_EV


def test_17_23_the_axis_attacks_a_road_hex_that_keeps_kharkov_cut_off(scenario):
    state = new_game(scenario, 1)
    roads = kharkov_roads(state)
    b = state.board
    soviet = sorted(u for u, rec in state.units.items() if rec.side == "soviet" and not b.is_hq(u) and not b.has_flag(u, "reserve_counter"))
    cut = _only(scenario, {soviet[0]: roads["poltava"][3], soviet[1]: roads["dnepropetrovsk"][3]}, "axis-combat", 6)
    assert kharkov_status(cut)["cut_off"]
    one = _only(scenario, {soviet[0]: roads["poltava"][3]}, "axis-combat", 6)
    player = make_player("ai", "axis", 1, "kharkov1942")
    assert player.ev_needed(Knowledge(cut, "axis"), (roads["poltava"][3],)) == RETAKE_EV
    assert player.ev_needed(Knowledge(one, "axis"), (roads["poltava"][3],)) > RETAKE_EV


@pytest.mark.parametrize("turn, cost", [(2, OFFENSIVE_OUT_OF_COMMAND), (6, OUT_OF_COMMAND)])
def test_10_21_on_the_offensive_a_unit_keeps_within_a_line_of_communications(turn, cost):
    """A hex beyond every Line of Communications costs a Soviet unit more on the offensive (where
    it could not attack from there, 10.21) than any distance a move can gain; while holding it
    costs less (17.3 counts it only at the end)."""
    state = k42.position({"su-hq6": "0101", "su-r1": "0102"}, phase="soviet-movement", turn=turn)
    know = Knowledge(state, "soviet")
    supplied = know.supplied_hexes("soviet")
    reach = state.legal_moves("su-r1")
    inside = next(h for h in sorted(reach) if h in supplied and h not in know.at)
    outside = next(h for h in sorted(reach) if h not in supplied)
    field = {inside: 3, outside: 3}
    player = make_player("ai", "soviet", 1, "kharkov1942")
    assert player.move_score(know, "su-r1", outside, field) - player.move_score(know, "su-r1", inside, field) == pytest.approx(cost)
    assert OFFENSIVE_OUT_OF_COMMAND > max(len(m.path) for m in reach.values())


def test_10_21_a_soviet_unit_does_not_advance_beyond_every_line_of_communications():
    """After combat a Soviet unit advances into a hex its HQ's Line of Communications reaches,
    not beyond it (there it could not attack, 10.21, and would count as destroyed, 17.3)."""
    state = k42.position({"su-hq6": "0301", "su-r1": "0305", "ge-1": "0309"}, phase="soviet-combat", turn=3)
    know = Knowledge(state, "soviet")
    supplied = know.supplied_hexes("soviet")
    assert "0304" in supplied and "0307" not in supplied  # Command Radius 5 from 0301
    player = make_player("ai", "soviet", 1, "kharkov1942")
    assert player.attacking(know)
    beyond = Advance(unit="su-r1", path=("0306", "0307"))
    within = Advance(unit="su-r1", path=("0304",))
    assert player.advance(know, [beyond, EndAdvance()]) == EndAdvance()
    assert player.advance(know, [within, EndAdvance()]) == within

"""Kharkov 1943 refusals no other test raised: each is compared whole, its case and its words
(the player reads them in the window), named by the case it applies."""
from __future__ import annotations

import pytest

from kharkovsuite.engine.actions import Move, RailMove
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kharkov1943 import activation, attack_preview, detachments, fog, hqboxes, rail, reinforcements, replacements, supply, works
from kharkovsuite.rules.kharkov1943.actions import Activate, Assault, EndActivation, Enter, LeaveMap, SetTop

from .k43_helpers import GE_HQ, INF, INF2, PZ, SU_DIV, SU_HQ, bare, general, refusal, ring

MID = "2226"
BIG = "su_48grd"  # Soviet rifle division, 3 steps
TANKS = "su_115tb"  # Soviet tank brigade
DET = "pz7_pz_det"  # the detachment of the armoured regiment PZ
HEAD = "su_sh_swf"  # a Soviet supply head


def test_3_1_an_hq_activated_twice_this_turn_opens_no_formation_activation():
    state = bare({GE_HQ: MID, INF: MID})
    state.turn_data["activations"] = {GE_HQ: 2}
    assert activation.open_refusal(state, "german", GE_HQ) == ("3.1", f"{GE_HQ} has been activated twice this turn")


def test_3_1_9_4_who_may_join_an_activation():
    state = general(bare({INF: MID, SU_DIV: "2232"}))
    assert activation.join_refusal(state, SU_DIV) == ("3.1", f"{SU_DIV} is not a unit of the german player")
    assert activation.join_refusal(state, INF2) == ("3.1", f"{INF2} is not on the map")
    soviet = general(bare({HEAD: MID, SU_DIV: MID}, side="soviet"))
    assert activation.join_refusal(soviet, HEAD) == ("9.4", f"{HEAD} is a supply head, which moves by its own rule")


def test_3_5_lowering_fatigue_needs_fatigue_and_four_op():
    state = general(bare({INF: MID}))
    assert activation.reduce_refusal(state, INF) == ("3.5", f"{INF} is not fatigued")
    state.game["fatigue"] = {INF: 1}
    state.turn_data["activations"] = {INF: 1}  # its first activation, joined below
    act = activation.current(state)
    act["units"].append(INF)
    act["op"][INF] = 10
    act["spent"][INF] = 7
    assert activation.reduce_refusal(state, INF) == ("3.5", f"{INF} has 3 OP left, lowering fatigue costs 4")
    act["spent"][INF] = 6
    assert activation.reduce_refusal(state, INF) is None


def test_3_3_an_activation_with_no_unit_in_it_is_not_ended_but_passed():
    state = general(bare({INF: MID}))
    assert refusal(state, EndActivation()) == ("3.3", "the activation has activated no unit yet: activate one or pass (2.2)")


def test_11_2_leaving_a_defensive_position():
    state = general(bare({INF: MID}))
    assert works.leave_refusal(state, INF) == ("11.2", f"{INF} holds no defensive position")
    state.game["posture"] = {INF: "pdp"}
    act = activation.current(state)
    act["units"].append(INF)
    act["op"][INF] = 10
    act["spent"][INF] = 6
    assert works.leave_refusal(state, INF) == ("11.2", f"{INF} has 4 OP left, leaving a PDP costs it 5")
    act["moved"].append(INF)
    assert works.leave_refusal(state, INF) == ("11.2", f"{INF} has dug in or moved in this activation; it leaves its position in a later one")


def test_1_3_detaching_and_rejoining_refusals():
    state = general(bare({PZ: MID, INF: MID}))
    assert detachments.detach_refusal(state, INF) == ("1.3", f"{INF} is not a detachment counter")
    assert detachments.reattach_refusal(state, DET) == ("1.3", f"{DET} is not a detachment on the map")
    worn = general(bare({PZ: MID}))
    worn.units[PZ].step = len(worn.board.units[PZ].combat) - 1
    worn.to_box(DET, detachments.BOX)
    assert detachments.detach_refusal(worn, DET) == ("1.3", f"{PZ} has a single step left and cannot give one away")
    gone = general(bare({INF: MID}))
    gone.to_box(DET, detachments.BOX)
    assert detachments.detach_refusal(gone, DET) == ("1.3", f"its mother unit {PZ} is not on the map")


def test_1_3_merging_refusals_name_the_unit_and_why():
    state = general(bare({BIG: MID, SU_DIV: MID, TANKS: MID, INF: "2232"}, side="soviet"))
    assert detachments.combine_refusal(state, INF, BIG) == ("1.3", f"{INF} is not a Soviet unit on the map")
    assert detachments.combine_refusal(state, TANKS, BIG) == ("1.3", f"{TANKS} is not a rifle division or brigade")
    assert detachments.combine_refusal(state, BIG, SU_DIV) == ("1.3", f"{BIG} has lost no step")
    state.units[BIG].step = 1
    state.apply(Move(units=(SU_DIV,), path=(MID, sorted(ring(MID, 1))[0])))
    assert detachments.combine_refusal(state, SU_DIV, BIG) == (
        "1.3", f"{SU_DIV} has already acted in this activation: units merge as their activation starts")


def test_16_1_16_2_replacement_refusals_name_the_unit_and_why():
    state = bare({BIG: MID, SU_HQ: MID, INF: "2232"}, side="soviet")
    state.game["replacements"] = {"soviet": {"infantry": 1, "mechanized": 0}}
    state.units[BIG].step = 1
    assert replacements.refusal(state, "soviet", INF) == ("16.1", f"{INF} is not a unit of the soviet player")
    assert replacements.refusal(state, "soviet", SU_HQ) == ("16.1", f"{SU_HQ} is never rebuilt (artillery, HQs, supply heads and detachments)")
    assert replacements.refusal(state, "soviet", BIG) == ("16.1", f"{BIG} needs 2 infantry and 0 mechanised points, soviet has 1 and 0")
    state.game["replacements"]["soviet"]["infantry"] = 2
    assert replacements.refusal(state, "soviet", BIG) is None
    state.game["supply"] = {BIG: supply.ISOLATED}
    assert replacements.refusal(state, "soviet", BIG) == ("16.2", f"{BIG} is isolated")
    state.units[SU_DIV].step = 1
    assert state.units[SU_DIV].box == "off"
    assert replacements.refusal(state, "soviet", SU_DIV) == ("16.2", f"{SU_DIV} is neither on the map nor destroyed")


def test_9_4_supply_head_move_refusals():
    state = bare({HEAD: MID, SU_DIV: "2232"}, side="soviet")
    far = sorted(ring(MID, 1))[0]
    assert supply.head_move_refusal(state, "soviet", SU_DIV, far) == ("9.4", f"{SU_DIV} is not a supply head of the soviet player on the map")
    m = state.board.map
    closed = [h for h in sorted(ring(MID, 1)) if not (m.road_between(MID, h) or m.rail_between(MID, h) or "bridge" in m.hexside_features(MID, h)
                                                      or (m.terrain(h) == "clear" and not state.board.river_between(MID, h)))]
    assert closed, f"the test needs a hex next to {MID} closed to a supply head; pick another MID"
    assert supply.head_move_refusal(state, "soviet", HEAD, closed[0]) == (
        "9.4", f"{MID} to {closed[0]} is neither road, railroad, bridge nor clear terrain")


def test_6_4_rail_refusals_name_the_place_and_the_op():
    state = general(bare({INF: "2701"}))
    assert not state.board.shelter("2701")
    assert rail.refusal(state, (INF,)) == ("6.4", "2701 is not a town, village or city held by the German player")
    station = general(bare({INF: "2405"}))
    act = activation.current(station)
    act["units"].append(INF)
    act["op"][INF] = 10
    act["spent"][INF] = 5
    assert rail.refusal(station, (INF,)) == ("6.4", f"{INF} has 5 OP, boarding and getting off cost 6")
    fresh = general(bare({INF: "2405"}))
    net = rail.network(fresh)
    plain = next((b for b in sorted(net.neighbors("2405")) if not rail._station(fresh, b)), None)
    assert plain is not None, "the test needs a railroad hex next to 2405 that is not a station; pick another station"
    assert refusal(fresh, RailMove(units=(INF,), path=("2405", plain))) == (
        "6.4", f"{plain} is not a town, village or city held by the German player")


def test_7_1_7_2_attack_refusals_of_types_and_sides():
    state = general(bare({INF: "2702", INF2: "2702", "su_350rd": "2703"}))
    assert refusal(state, Assault(attackers=(INF, INF2), target="2703", types=("normal", "mobile", "normal"))) == (
        "7.1", "give one attack type for all the attackers or one for each")
    assert refusal(state, Assault(attackers=(INF, "su_350rd"), target="2703", types=("normal",))) == (
        "7.2", "su_350rd is not a unit of the german player")


def test_10_2_13_3_recon_and_top_unit_refusals():
    state = bare({INF: MID, SU_DIV: "2232"}, side="soviet")
    state.turn_data["weather"]["air"] = "clear"
    state.apply(Activate())
    assert fog.recon_refusal(state, "soviet", MID) == ("13.3", f"{MID} holds no enemy stack (a lone unit is seen anyway, 10.2)")
    assert refusal(state, SetTop(unit=INF)) == ("10.2", f"{INF} is not a unit of the soviet player on the map")


def test_15_1_18_2_entering_and_leaving_refusals():
    state = general(bare({INF: MID, GE_HQ: MID}))
    assert refusal(state, Enter(units=(INF2,), hex=MID)) == ("15.1", f"{INF2} is not a reinforcement of the german player waiting to enter")
    assert refusal(state, LeaveMap(units=(INF,))) == ("18.2", f"{INF} is not on the north edge")  # its division's order (18.2)
    assert refusal(state, LeaveMap(units=(GE_HQ,))) == (
        "18.2", f"{GE_HQ} has no scenario order to leave the map (or its last turn to do so has passed)")


def test_6_1_a_move_names_units_that_exist_each_once():
    state = general(bare({INF: MID, INF2: MID}))
    to = sorted(ring(MID, 1))[0]
    assert refusal(state, Move(units=(INF, "no_such_unit"), path=(MID, to))) == ("6.1", "no unit no_such_unit")
    assert refusal(state, Move(units=(INF, INF), path=(MID, to))) == ("6.1", "a unit is named twice")


def test_10_3_hq_box_refusals_outside_an_activation_across_sides_and_kinds():
    from .test_k43_hqboxes import boxed_game

    state = boxed_game({GE_HQ: MID, INF: MID, INF2: MID, SU_DIV: "2232"})
    assert hqboxes.into_refusal(state, INF, GE_HQ) == ("10.3", "a unit goes into an HQ's box in its activation")
    general(state)
    assert hqboxes.into_refusal(state, SU_DIV, GE_HQ) == ("10.3", f"{SU_DIV} and {GE_HQ} are not units of the german player")
    assert hqboxes.into_refusal(state, INF, INF2) == ("10.3", f"only combat units go into an HQ's box, and {INF2} must be an HQ")
    assert hqboxes.into_refusal(state, GE_HQ, GE_HQ) == ("10.3", f"only combat units go into an HQ's box, and {GE_HQ} must be an HQ")
    assert hqboxes.into_refusal(state, INF, GE_HQ) is None


def test_15_2_a_rail_arrival_names_at_least_two_hexes():
    state = bare({})
    state.turn = 5
    reinforcements.arrive(state, [])
    state.apply(Activate())
    assert refusal(state, RailMove(units=("d15_81",), path=("2201",))) == ("6.4", "a rail move names at least two hexes")
    assert state.units["d15_81"].box == "arriving"


def test_7_1_the_computer_players_odds_query_takes_one_hex_in_the_sides_activation():
    state = general(bare({INF: "2702", "su_350rd": "2703", "su_172rd": "2704"}))
    with pytest.raises(IllegalAction) as info:
        attack_preview(state, "german", [INF], ("2703", "2704"))
    assert (info.value.case, info.value.reason) == ("7.1", "an attack is made on one hex")
    with pytest.raises(IllegalAction) as info:
        attack_preview(state, "soviet", ["su_350rd"], "2702")
    assert (info.value.case, info.value.reason) == ("7.1", "only the soviet player's open activation may attack")

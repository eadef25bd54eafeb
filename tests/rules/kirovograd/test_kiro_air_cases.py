"""Advanced rule 28 case by case where the first tests left a rule unchecked (issue 24's mutation survivors):
the anti-aircraft loss allotted point by point (28.11A), pairing in turn (28.10.1A), who goes home after air
combat (28.9.2B), a transfer from a strip to the box (28.8A), the commitment's refusals (28.3) and the second
round's (28.3.3E)."""
from __future__ import annotations

import pytest

from kharkovsuite.engine import IllegalAction
from kharkovsuite.engine.events import Eliminated
from kharkovsuite.rules.kirovograd import air
from kharkovsuite.rules.kirovograd.air import (EndAirTurn, FlyMission, HoldAirFire, PairAir, PatrolMove,
                                               TakeAirLoss, WithholdAir)

from .kiro_helpers import GE_HQ, GE_INF, GE_PZ, PLAIN, SU_DIV, SU_HQ, ring
NOVO_UKRAINKA = "airstrip-novo-ukrainka"

from .test_kiro_air import (BF109, BF109B, HE111, IL2, IL2B, JU52, JU87, JU87G, LA5, N, YAK7, ZLYNKA, _pairing, aired,
                            flight, fly, segment)
from .test_kiro_fight import Faces


def refused_whole(state, action, case: str, reason: str) -> None:
    """The refusal's case and reason, whole."""
    with pytest.raises(IllegalAction) as e:
        state.apply(action)
    assert (e.value.case, e.value.reason) == (case, reason)


# ----------------------------------------------------------------------------- 28.11A


def test_28_11a_an_anti_aircraft_loss_of_two_points_is_allotted_point_by_point_by_the_owner_then_the_stack_goes_home():
    state = aired({SU_DIV: PLAIN, GE_PZ: N[0]})
    f = flight(state, "german", [JU87], "ground_attack", PLAIN, escort=BF109)
    events = []
    assert air.open_anti_aircraft_loss(state, f, 2, events)
    decision = state.pending[-1]
    assert (decision.kind, decision.side, decision.case, decision.data) == (air.LOSS, "german", "28.11A", {"flight": f["id"], "owed": 2})
    assert not events and state.to_act == "german"
    assert state.legal_actions().actions()[:] == [TakeAirLoss(unit=JU87), TakeAirLoss(unit=BF109)]
    refused_whole(state, TakeAirLoss(unit=IL2), "28.11A", f"the loss falls on one of the units of the flight hit ({JU87}, {BF109})")
    first = state.apply(TakeAirLoss(unit=JU87))
    assert [(e.unit, e.lost, e.left, e.case) for e in first if isinstance(e, air.AirLoss)] == [(JU87, 1, 3, "28.11A")]
    assert state.pending[-1] is decision and decision.data["owed"] == 1  # the second point: asked again
    assert air.flight_of(state, JU87) is f and not [e for e in first if isinstance(e, air.AirReturned)]
    second = state.apply(TakeAirLoss(unit=BF109))
    assert [(e.unit, e.lost, e.left, e.case) for e in second if isinstance(e, air.AirLoss)] == [(BF109, 1, 3, "28.11A")]
    assert (state.units[JU87].step, state.units[BF109].step) == (1, 1)
    assert not [d for d in state.pending if d.kind == air.LOSS] and air.flight_of(state, JU87) is None and air.flight_of(state, BF109) is None
    assert [(e.units, e.to, e.case) for e in second if isinstance(e, air.AirReturned)] == [((JU87, BF109), "base", "28.11A")]
    assert state.game["air"][JU87] == state.game["air"][BF109] == {"base": "box", "ready": False}


def test_28_11a_a_lone_unit_takes_the_whole_anti_aircraft_loss_without_a_question_and_one_destroyed_leaves_its_hex_named():
    state = aired({GE_INF: PLAIN, SU_DIV: N[0]}, side="soviet")
    f = flight(state, "soviet", [IL2], "ground_attack", PLAIN)
    events = []
    assert not air.open_anti_aircraft_loss(state, f, 2, events)
    assert not state.pending and state.units[IL2].step == 2
    assert [(e.unit, e.lost, e.left, e.case) for e in events if isinstance(e, air.AirLoss)] == [(IL2, 1, 2, "28.11A"), (IL2, 1, 1, "28.11A")]
    assert [(e.units, e.case) for e in events if isinstance(e, air.AirReturned)] == [((IL2,), "28.11A")]
    g = flight(state, "soviet", [IL2B], "ground_attack", PLAIN)
    events = []
    assert not air.open_anti_aircraft_loss(state, g, 3, events)  # the Il-2's three points: destroyed
    assert [(e.unit, e.hex, e.reason, e.case) for e in events if isinstance(e, Eliminated)] == [(IL2B, PLAIN, "air losses", "28.11A")]
    assert IL2B not in state.game["air"] and state.units[IL2B].box == "eliminated" and not air.flights(state)
    assert not [e for e in events if isinstance(e, air.AirReturned)]  # nothing came home


def test_28_11a_the_first_point_destroying_one_unit_leaves_the_rest_to_its_stack_mate_and_ends_the_choice():
    state = aired({SU_DIV: PLAIN, GE_PZ: N[0]})
    f = flight(state, "german", [JU87], "ground_attack", PLAIN, escort=BF109)
    state.units[BF109].step = 3  # one point left
    air.open_anti_aircraft_loss(state, f, 2, [])
    events = state.apply(TakeAirLoss(unit=BF109))
    assert state.units[BF109].box == "eliminated" and state.units[JU87].step == 1  # the second point on the Ju87
    assert not [d for d in state.pending if d.kind == air.LOSS] and air.flight_of(state, JU87) is None
    assert [e.case for e in events if isinstance(e, (air.AirLoss, Eliminated, air.AirReturned))] == ["28.11A"] * 3


# ----------------------------------------------------------------------------- 28.10.1A, 28.9.2B


def test_28_10_1a_with_the_ussr_phasing_the_soviet_patrols_pair_first_then_the_sides_alternate():
    state = aired({GE_INF: PLAIN, SU_DIV: N[0]}, side="soviet")
    flight(state, "german", [BF109], "cap", N[0])
    flight(state, "german", [BF109B], "cap", N[0])
    flight(state, "soviet", [LA5], "cap", N[0])
    flight(state, "soviet", [YAK7], "cap", N[0])
    state.rng = Faces(*([1] * 16))  # every attack 1-1 or so, roll 2: no effect
    _pairing(state, phasing="soviet")
    decision = state.pending[-1]
    assert (decision.side, decision.case, decision.data["turn"]) == ("soviet", "28.10.1A", "soviet")
    refused_whole(state, EndAirTurn(), "28.10.1A", f"the soviet player pairs one of its free patrols with an enemy stack of {N[0]}")
    events = state.apply(PairAir(unit=LA5, target=BF109))
    assert [(e.units, e.targets, e.hex, e.case) for e in events if isinstance(e, air.AirPaired)] == [((LA5,), (BF109,), N[0], "28.10.1A")]
    assert state.to_act == "german" and state.pending[-1].case == "28.10.1A"  # the other side's turn to pair
    assert {a.unit for a in state.legal_actions().actions()} == {BF109B}  # the Bf109 paired with stays (28.10.1B)
    state.apply(PairAir(unit=BF109B, target=YAK7))
    assert [p for p in state.pending[-1].data["pairs"]] == [[air.flight_of(state, u)["id"] for u in pair]
                                                            for pair in ((LA5, BF109), (BF109B, YAK7))]


def test_28_9_2b_after_the_air_combat_every_patrol_goes_home_harmed_or_not_and_the_unharmed_ground_attack_stays():
    state = aired({GE_INF: PLAIN, SU_DIV: N[0]})
    flight(state, "german", [BF109], "cap", N[0])
    ground = flight(state, "soviet", [IL2], "ground_attack", N[0])
    flight(state, "soviet", [LA5], "cap", N[0])
    state.rng = Faces(*([1] * 16))  # roll 2 every time: no effect
    _pairing(state)
    events = state.apply(PairAir(unit=BF109, target=LA5))
    events += state.apply(HoldAirFire(unit=LA5))  # 28.10.2A: the La-5 does not strike back
    assert not state.pending
    returned = [(e.units, e.case) for e in events if isinstance(e, air.AirReturned)]
    assert sorted(returned) == sorted([((BF109,), "28.9.2B"), ((LA5,), "28.9.2B")])
    assert air.flight_of(state, IL2) is ground  # no combat result: it stays for its ground attack (28.9.2A)
    assert state.game["air"][BF109] == state.game["air"][LA5] == {"base": "box", "ready": False}


def test_28_9_2b_28_2d_the_segment_ends_patrols_home_by_28_9_2b_supply_home_by_28_2d_withheld_units_wait_in_round_one():
    state = aired({GE_INF: PLAIN, GE_HQ: N[3], SU_DIV: N[0]})
    flight(state, "german", [BF109], "cap", PLAIN)
    flight(state, "german", [JU52], "supply", PLAIN)
    flight(state, "german", [JU87], "withheld", None, rnd=2)["hq"] = GE_HQ
    ground = flight(state, "german", [JU87G], "ground_attack", N[0])
    events = []
    air._finish(state, {"phasing": "german", "round": 1}, events)
    returned = sorted((e.units, e.case) for e in events if isinstance(e, air.AirReturned))
    assert returned == [((BF109,), "28.9.2B"), ((JU52,), "28.2D")]
    assert air.flight_of(state, JU87)["mission"] == "withheld" and air.flight_of(state, JU87G) is ground
    events = []
    air._conclude(state, {"phasing": "german", "round": 2}, events)  # in the second round the withheld go home
    assert [(e.units, e.case) for e in events if isinstance(e, air.AirReturned)] == [((JU87,), "28.2D")]
    assert air.flight_of(state, JU87G) is ground


# ----------------------------------------------------------------------------- 28.8A


def test_28_8a_a_unit_on_a_strip_transfers_to_the_unready_box():
    state = segment(aired({GE_INF: PLAIN, SU_DIV: N[0]}))
    zlynka = state.game["airstrips"][ZLYNKA]
    state.game["air"][JU87]["base"] = ZLYNKA
    assert air._transfer_targets(state, JU87) == [zlynka]  # from its strip: the box, by its strip's hex
    assert zlynka not in air._transfer_targets(state, JU87G)  # the strip is taken (28.1C)
    assert air._transfer_targets(state, IL2) == []  # 28.8A: German units only
    fly(state, [JU87], "transfer", zlynka)
    events = state.apply(EndAirTurn())  # the USSR
    events += state.apply(EndAirTurn())  # Germany: the transfer is made
    assert state.game["air"][JU87] == {"base": "box", "ready": False}
    assert [(e.units, e.to, e.side, e.case) for e in events if isinstance(e, air.AirReturned)] == [
        ((JU87,), "the unready box", "german", "28.8A")]
    assert air.flight_of(state, JU87) is None
    del state.game["airstrips"][ZLYNKA]  # the strip overrun (30.3): nowhere to transfer from
    state.game["air"][JU87G]["base"] = ZLYNKA
    assert air._transfer_targets(state, JU87G) == []


def test_28_8a_28_1b_a_box_unit_flying_to_a_strip_counts_toward_the_three_on_the_map():
    state = segment(aired({GE_INF: PLAIN, SU_DIV: N[0]}))
    strips = state.game["airstrips"]
    state.game["air"][JU87G]["base"] = "airstrip-kirovograd"
    fly(state, [JU87], "transfer", strips[ZLYNKA])
    assert air._transfer_targets(state, BF109) == [strips["airstrip-novo-ukrainka"]]  # Zlynka has a unit flying to it
    state.game["air"][BF109B]["base"] = "airstrip-novo-ukrainka"  # now one on each of two strips and one inbound: three
    assert air._transfer_targets(state, BF109) == []


# ----------------------------------------------------------------------------- 28.3, 28.3.3E


def test_28_3_the_commitments_refusals_by_case_and_reason():
    state = segment(aired({GE_INF: PLAIN, GE_HQ: N[3], SU_DIV: N[0]}))
    refused_whole(state, FlyMission(units=(), mission="cap", hex=PLAIN), "28.3", "name the air unit(s) once each")
    refused_whole(state, FlyMission(units=(BF109, BF109), mission="cap", hex=PLAIN), "28.3", "name the air unit(s) once each")
    refused_whole(state, FlyMission(units=(JU87, JU87G), mission="ground_attack", hex=N[0], escort=BF109), "28.3.2B",
                  "at most two air units fly in a stack")
    refused_whole(state, FlyMission(units=(IL2,), mission="ground_attack", hex=PLAIN), "28.3.2A", f"{IL2} is not a german air unit in play")
    refused_whole(state, FlyMission(units=(BF109,), mission="escort", hex=PLAIN), "28.0B", "escort is not an air mission")
    refused_whole(state, FlyMission(units=(BF109,), mission="cap", hex=PLAIN, escort=BF109B), "28.5", "an escort flies with a ground attack")
    refused_whole(state, FlyMission(units=(JU87,), mission="ground_attack", hex=N[0], escort=JU87G), "28.5", f"{JU87G} is no fighter")
    refused_whole(state, FlyMission(units=(JU87,), mission="ground_attack", hex=PLAIN), "28.4.1A",
                  f"{JU87} may not fly its ground attack mission to {PLAIN}")
    refused_whole(state, WithholdAir(units=(JU87,), hq=GE_INF), "28.3.3C", f"{GE_INF} is not a formation HQ of the german player on the map")
    refused_whole(state, PatrolMove(unit=BF109, hex=N[0]), "28.3", "PatrolMove: the german player is committing air units")
    events = state.apply(WithholdAir(units=(JU87,), hq=GE_HQ))
    [e] = [e for e in events if isinstance(e, air.MissionFlown)]
    assert (e.side, e.units, e.mission, e.hex, e.case, e.text()) == ("german", (JU87,), "withheld", GE_HQ, "28.3.3C",
                                                                     f"{JU87}: withheld for the second round with {GE_HQ}")
    f = air.flight_of(state, JU87)
    assert (f["mission"], f["hex"], f["hq"], f["round"], f["side"]) == ("withheld", None, GE_HQ, 2, "german")
    assert state.to_act == "soviet" and state.pending[-1].case == "28.3"  # the commitment passes (28.3)


def test_28_3_3e_in_the_second_round_only_withheld_units_commit_to_a_ground_attack_or_a_patrol_in_their_sector():
    state = aired({GE_INF: PLAIN, GE_HQ: N[3], SU_DIV: N[0], SU_HQ: ring(PLAIN, 2)[0]})
    flight(state, "german", [JU87, JU87G], "withheld", None, rnd=2)["hq"] = GE_HQ
    flight(state, "german", [BF109], "withheld", None, rnd=2)["hq"] = GE_HQ
    state.phase_index = state.rules.sequence.INDEX["combat_1_2"]
    state.phase_data = {}
    assert air.open_segment(state, "german", 1, 2)
    offered = state.legal_actions().actions()
    assert {u for a in offered if isinstance(a, FlyMission) for u in a.units + ((a.escort,) if a.escort else ())} == {JU87, JU87G, BF109}
    assert {a.mission for a in offered if isinstance(a, FlyMission)} == {"ground_attack", "cap"}
    assert not [a for a in offered if isinstance(a, WithholdAir)]  # withheld in the first round only
    refused_whole(state, WithholdAir(units=(JU87,), hq=GE_HQ), "28.3.3B", "units are withheld in the first round's commitment only")
    refused_whole(state, FlyMission(units=(HE111,), mission="ground_attack", hex=N[0]), "28.3.3E",
                  f"{HE111} was not withheld for the second round")
    refused_whole(state, FlyMission(units=(JU87,), mission="supply", hex=PLAIN), "28.3.3E", "a withheld unit flies a ground attack or a patrol")
    refused_whole(state, FlyMission(units=(JU87,), mission="ground_attack", hex=N[0], escort=BF109B), "28.3.3E",
                  f"{BF109B} was not withheld for the second round")
    events = fly(state, [JU87], "ground_attack", N[0])
    [e] = [e for e in events if isinstance(e, air.MissionFlown)]
    assert (e.units, e.hex, e.case) == ((JU87,), N[0], "28.4.1A")
    assert air.flight_of(state, JU87G)["mission"] == "withheld"  # its stack-mate still waits
    assert (air.flight_of(state, JU87)["mission"], air.flight_of(state, JU87)["round"]) == ("ground_attack", 2)
    fly(state, [JU87G], "ground_attack", N[0], escort=BF109)
    assert not [f for f in air.flights(state) if f["mission"] == "withheld"]  # every withheld unit is out


# ----------------------------------------------------------------------------- 28.2, 28.12, 4.B: why a unit may not fly


def test_28_2_28_12_4_b_why_a_unit_may_not_fly_by_case_and_reason():
    state = aired({GE_INF: PLAIN, SU_DIV: N[0]})
    assert air.fly_refusal(state, GE_INF, "cap", 1) == ("28.0A", f"{GE_INF} is not an air unit in play")
    assert air.fly_refusal(state, JU87, "cap", 1) == ("28.0B", "a dive bomber may not fly combat air patrol missions")
    assert air.fly_refusal(state, JU87, "ground_attack", 1) is None
    flight(state, "german", [BF109], "cap", PLAIN)
    assert air.fly_refusal(state, BF109, "cap", 1) == ("28.2A", f"{BF109} is flying already")
    state.game["air"][JU87G]["landing"] = True
    assert air.fly_refusal(state, JU87G, "ground_attack", 1) == ("28.2E", f"{JU87G} has not landed yet: its owner says first where it lands")
    state.game["air"][HE111]["ready"] = False
    assert air.fly_refusal(state, HE111, "ground_attack", 1) == ("28.3.2A", f"{HE111} is in the unready box")
    state.game["air"][JU52]["base"] = ZLYNKA
    state.turn_data["strip_flew"] = {"1": [JU52]}
    assert air.fly_refusal(state, JU52, "supply", 1) == ("28.2B", f"{JU52} has flown from its airstrip this player turn")
    assert air.fly_refusal(state, JU52, "supply", 2) is None  # the other player turn: it flies again (28.2B)
    state.turn_data["air_allowed"] = {"german": 1, "soviet": 11}
    state.turn_data["air_flown"] = {"german": [BF109], "soviet": []}
    assert air.fly_refusal(state, JU87, "ground_attack", 1) == ("4.B", "only 1 german air unit(s) may fly this turn")
    assert air.fly_refusal(state, IL2, "ground_attack", 1) is None
    state.turn_data["fog"] = True
    assert air.fly_refusal(state, IL2, "ground_attack", 1) == ("28.12B", "no air missions are flown in fog")
    night = aired({GE_INF: PLAIN, SU_DIV: N[0]}, light="night", turn=2)
    assert air.fly_refusal(night, IL2, "ground_attack", 1) == ("28.12A", "at night only the night bomber and supply or transfer missions fly")
    assert air.fly_refusal(night, "su-air-po2", "ground_attack", 1) is None
    assert air.fly_refusal(night, JU52, "transfer", 1) is None


def test_28_2e_a_landing_is_on_the_strip_or_in_the_unready_box_and_nothing_else_answers_it():
    state = aired({GE_INF: PLAIN, SU_DIV: N[0]})
    state.game["air"][JU87]["base"] = ZLYNKA
    f = flight(state, "german", [JU87], "ground_attack", N[0])
    events = []
    air.go_home(state, f, events, "28.2D")
    decision = state.pending[-1]
    assert (decision.kind, decision.side, decision.case, decision.data) == (air.RETURN, "german", "28.2E", {"unit": JU87})
    assert state.game["air"][JU87] == {"base": ZLYNKA, "ready": True, "landing": True}
    assert [(e.units, e.to, e.case) for e in events] == [((JU87,), "base", "28.2D")]
    assert air.return_options(state, JU87) == [air.ReturnAir(unit=JU87, to="strip"), air.ReturnAir(unit=JU87, to="box")]
    assert air.return_options(state, JU87G) == [] and air.return_options(state, GE_INF) == []
    refused_whole(state, air.ReturnAir(unit=JU87G, to="box"), "28.2E", f"{JU87} lands on the airstrip it flew from or in the unready box")
    events = state.apply(air.ReturnAir(unit=JU87, to="strip"))
    assert state.game["air"][JU87] == {"base": ZLYNKA, "ready": True}
    assert [(e.units, e.to, e.side, e.case) for e in events if isinstance(e, air.AirReturned)] == [
        ((JU87,), state.scenario.map.areas[ZLYNKA].name, "german", "28.2E")]


# ----------------------------------------------------------------------------- 30.7, 30.3


def test_30_7_the_ussr_is_not_asked_nor_shown_where_a_german_strip_unit_lands_nor_which_flew_from_a_strip():
    """30.7: with hidden units the German landing question (28.2E) and the record of the strip units that flew
    this player turn (28.2B) stay out of the Soviet observation; without hidden units both are shown."""
    for hidden in (True, False):
        state = aired({GE_INF: PLAIN, SU_DIV: N[0]}, options={"hidden": hidden})
        state.game["air"][JU87]["base"] = ZLYNKA
        f = flight(state, "german", [JU87], "ground_attack", N[0])
        state.turn_data["strip_flew"] = {"1": [JU87, IL2]}
        air.go_home(state, f, [], "28.2D")
        soviet, german = state.observation("soviet"), state.observation("german")
        assert [d["kind"] for d in german["pending"]] == [air.RETURN]
        assert [d["kind"] for d in soviet["pending"]] == ([] if hidden else [air.RETURN])
        assert german["turn_data"]["strip_flew"] == ({"1": [JU87]} if hidden else {"1": [JU87, IL2]})  # each its own
        assert soviet["turn_data"]["strip_flew"] == ({"1": [IL2]} if hidden else {"1": [JU87, IL2]})


def test_30_3_an_overrun_strip_destroys_its_grounded_unit_and_sends_one_flying_to_the_box():
    state = aired({GE_INF: PLAIN, SU_DIV: N[0]}, side="soviet", phase="move_1_1")
    state.game["air"][JU87]["base"] = ZLYNKA
    state.game["air"][JU87G]["base"] = NOVO_UKRAINKA
    f = flight(state, "german", [JU87G], "ground_attack", N[0])
    events = []
    air.strip_destroyed(state, NOVO_UKRAINKA, events)  # its unit is in the air: it will land in the box
    assert not events and state.game["air"][JU87G]["base"] == "box" and air.flight_of(state, JU87G) is f
    air.strip_destroyed(state, ZLYNKA, events)
    assert [(e.unit, e.reason, e.case) for e in events if isinstance(e, Eliminated)] == [(JU87, "its airstrip was overrun", "30.3")]
    quiet = aired({GE_INF: PLAIN}, options={})
    quiet.options = {}
    quiet.game["air"] = {JU87: {"base": ZLYNKA, "ready": True}}
    air.strip_destroyed(quiet, ZLYNKA, events := [])
    assert not events and JU87 in quiet.game["air"]  # without the air option nothing is based anywhere


def test_28_the_air_events_in_a_players_words():
    assert air.AirAvailable(side="german", allowed=3, case="4.B").text() == "german: 3 air unit(s) may fly this turn"
    assert air.MissionFlown(side="soviet", units=(IL2, LA5), mission="ground_attack", hex="0519").text() == f"{IL2}, {LA5}: ground attack at 0519"
    assert air.PatrolMoved(units=(LA5,), hex="0519").text() == f"{LA5} patrol to 0519"
    assert air.AirPaired(units=(LA5,), targets=(JU87, BF109), hex="0519").text() == f"{LA5} pair off against {JU87}, {BF109} at 0519"
    assert air.AirFight(attackers=(LA5,), defenders=(JU87,), column="3-1", result="D1R1").text() == f"{LA5} attack {JU87} on the 3-1 column: D1R1"
    assert air.AirLoss(unit=JU87, lost=1, left=3).text() == f"{JU87} loses 1 air point(s), 3 left"
    assert air.AirReturned(units=(JU87, BF109), to="base").text() == f"{JU87}, {BF109} return to base"
    assert air.AirfieldRevealed(area=ZLYNKA, units=()).text() == f"airstrip {ZLYNKA} seen: no air unit based there"
    assert air.AirfieldRevealed(area=ZLYNKA, units=(JU87,)).text() == f"airstrip {ZLYNKA} seen: {JU87} based there"

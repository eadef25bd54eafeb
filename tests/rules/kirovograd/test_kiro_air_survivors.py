"""Advanced rule 28: tests written after the fog-after sample's figure was recorded (docs/mutation.md, issue 24),
for the survivors it showed.  They do not count toward that figure."""
from __future__ import annotations

from kharkovsuite.rules.kirovograd import air
from kharkovsuite.rules.kirovograd.air import AirStrike, HoldAirFire, PairAir, PatrolMove

from .kiro_helpers import GE_HQ, GE_INF, PLAIN, SU_DIV, ring
from .test_kiro_air import BF109, BF109B, IL2, IL2B, JU52, JU87, N, aired, flight, over_the_division
from .test_kiro_fight import Faces

#: two German patrols and two Soviet ground attacks over the division
TWO_PAIRS = (("german", BF109, "cap"), ("german", BF109B, "cap"), ("soviet", IL2, "ground_attack"), ("soviet", IL2B, "ground_attack"))


def test_28_10_2a_a_stack_holding_its_fire_at_the_first_pair_leaves_the_next_pair_to_fight():
    state = over_the_division(*TWO_PAIRS, faces=(1, 1, 3, 4))  # the first pair: 4-1 roll 2, no effect; the second: 4-1 roll 7, D1R2
    state.apply(PairAir(unit=BF109, target=IL2))
    state.apply(PairAir(unit=BF109B, target=IL2B))
    events = state.apply(HoldAirFire(unit=IL2))  # the first stack holds its fire; the second pair fights
    assert [e.defenders for e in events if isinstance(e, air.AirFight)] == [(IL2B,)]
    assert state.units[IL2B].step == 1 and air.flight_of(state, IL2B) is None


def test_28_10_4a_a_loss_taken_at_one_pair_leaves_the_next_pairs_strike_back_question_whole():
    state = over_the_division(*TWO_PAIRS, faces=(3, 4, 1, 1))  # the first pair: 4-1 roll 7, D1R2 (the lone Il-2 takes it); the second: roll 2, no effect
    state.apply(PairAir(unit=BF109, target=IL2))
    state.apply(PairAir(unit=BF109B, target=IL2B))
    assert state.units[IL2].step == 1
    decision = state.pending[-1]
    assert (decision.side, decision.case) == ("soviet", "28.10.2A")
    assert state.legal_actions().actions()[:] == [AirStrike(unit=IL2B, target=BF109B), HoldAirFire(unit=IL2B)]


def test_28_9a_28_6b_a_patrol_moves_onto_enemy_air_only_and_is_there_after_its_move():
    state = aired({GE_INF: PLAIN, SU_DIV: N[0], "su-5gm-24": ring(PLAIN, 3)[0]})
    air.open_segment(state, "german", 1, 1)
    state.apply(air.FlyMission(units=(BF109,), mission="cap", hex=PLAIN))
    state.apply(air.FlyMission(units=(IL2,), mission="ground_attack", hex=ring(PLAIN, 3)[0]))
    state.apply(air.FlyMission(units=(JU87,), mission="ground_attack", hex=N[0]))
    state.apply(air.EndAirTurn())
    state.apply(air.EndAirTurn())
    assert PatrolMove(unit=BF109, hex=N[0]) not in state.legal_actions().actions()  # only German flights there
    assert air.patrol_refusal(state, "german", state.pending[-1].data, BF109, N[0]) == ("28.9A", f"no enemy air unit is at {N[0]}")
    events = state.apply(PatrolMove(unit=BF109, hex=ring(PLAIN, 3)[0]))
    assert [(e.units, e.hex, e.case) for e in events if isinstance(e, air.PatrolMoved)] == [((BF109,), ring(PLAIN, 3)[0], "28.6B")]
    assert air.flight_of(state, BF109)["hex"] == ring(PLAIN, 3)[0]  # there, to pair with the Il-2 (28.10.1A)
    assert (state.pending[-1].side, state.pending[-1].case) == ("german", "28.10.1A")


def test_28_2d_the_first_rounds_flights_go_home_when_it_ends_the_second_rounds_stay():
    state = aired({GE_INF: PLAIN, SU_DIV: N[0]})
    first = flight(state, "german", [JU87], "ground_attack", N[0], rnd=1)
    second = flight(state, "soviet", [IL2], "ground_attack", PLAIN, rnd=2)
    events = []
    air.round_over(state, 1, events)
    assert first not in air.flights(state) and second in air.flights(state)
    assert [(e.units, e.case) for e in events if isinstance(e, air.AirReturned)] == [((JU87,), "28.2D")]


def test_28_11a_the_anti_aircraft_event_names_its_column_and_result():
    state = aired({GE_INF: PLAIN, SU_DIV: N[0]}, side="soviet")
    f = flight(state, "soviet", [IL2], "ground_attack", PLAIN)
    state.rng = Faces(1, 1)
    events = []
    air.anti_aircraft(state, f, "1-3", events)
    [e] = [e for e in events if isinstance(e, air.AirFight)]
    assert (e.attackers, e.defenders, e.column, e.case) == (("anti-aircraft fire",), (IL2,), "1-3", "28.11A")
    assert e.result and e.text() == f"anti-aircraft fire attack {IL2} on the 1-3 column: {e.result}"


def test_28_12a_a_transport_flies_supply_at_night():
    night = aired({GE_INF: PLAIN, SU_DIV: N[0]}, light="night", turn=2)
    assert air.fly_refusal(night, JU52, "supply", 1) is None
    assert air.fly_refusal(night, "su-air-li2", "supply", 1) is None


def test_28_3_3f_a_division_hq_six_hexes_away_widens_the_withheld_units_sector():
    hq2 = "de-3p-hq"
    state = aired({GE_INF: PLAIN, GE_HQ: N[3], hq2: ring(N[3], 6)[0], SU_DIV: N[0]})
    f = flight(state, "german", [JU87], "withheld", None, rnd=2)
    f["hq"] = GE_HQ
    assert air.sector_centres(state, f) == [N[3], ring(N[3], 6)[0]]

"""Combat half (14-21, 24-25, 27-30): the cases the survivors of the fourth sample
(``combat-after3``, docs/mutation.md) showed unpinned, each test named by its rule case."""
from __future__ import annotations

import pytest

from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kirovograd.losses import Casualty
from kharkovsuite.rules.kirovograd.settle import settle

from .kiro2_helpers import battle, crt, data, dice, tank
from .kiro_helpers import GE_INF, PLAIN, SU_TANK, bare, ring

N = ring(PLAIN, 1)


# ----------------------------------------------------------------------------- losses (16.2, 16.3)


def test_16_2_every_odd_loss_comes_from_armour_the_third_and_fifth_too():
    """Both sides have armour: the 1st, 3rd and 5th SP lost come from the panzer regiment even
    though its owner would rather the infantry lost; the even ones follow the owner's order."""
    from kharkovsuite.rules.kirovograd.losses import allocate, next_loss

    units = [Casualty.unit("pz", 6, armored=True), Casualty.unit("inf", 10)]
    plan = allocate(units, 5, both_armour=True, prefer=["inf", "pz"])
    assert plan.order == ("pz", "inf", "pz", "inf", "pz")
    assert plan.taken == {"pz": 3, "inf": 2}
    assert next_loss(units, ["pz", "inf", "pz"], [], 5, both_armour=True) == (units, "16.1")
    assert next_loss(units, ["pz", "inf"], [], 5, both_armour=True) == ([units[0]], "16.2")


def test_16_3b_a_soviet_attacker_s_own_loss_calls_for_the_special_armour_s_extra_losses():
    """A Soviet tank brigade attacks a Tiger and the roll gives A1 (the defender loses nothing):
    the USSR's part of the result has a loss (which the brigade turns into a hex), so the Tiger's
    three special SP owe extra armour losses on the attacker (16.3B), two of them within its 50 %
    limit."""
    b = battle([tank("t34", "soviet", 4)], [tank("tiger", "german", 3, special_armor=True)])
    o = settle(b, data(), crt(), dice(1, 2), attacker_units=[Casualty.unit("t34", 4, armored=True, antitank=True)],
               defender_units=[Casualty.unit("tiger", 3, armored=True, antitank=True)])
    assert o.resolution.result.text == "A1"
    assert (o.attacker.extra_armour, o.defender.extra_armour) == (3, 0)
    assert (o.attacker.plan.order, o.attacker.plan.extra, o.attacker.retreat) == ((), ("t34", "t34"), 1)


# ----------------------------------------------------------------------------- retreats and advances (17, 18)


def test_17_0_a_retreat_of_no_hexes_stays_where_it_is():
    from kharkovsuite.rules.kirovograd.retreat import Retreat, retreats

    from .kiro2_helpers import Board

    assert retreats(Board(), "german", "1010", 0, ["u"], fought=["1009"]) == [Retreat((), 0, False, 0, ())]


def test_18_1b_a_pursuit_advance_is_as_long_as_the_retreat_and_says_so():
    from kharkovsuite.rules.kirovograd.advance import Allowance, allowance

    assert allowance("pursuit", 3, vacated=True) == Allowance(3, 3, "18.1B")
    assert allowance("pursuit", 1, vacated=True, eliminated=True, unabsorbed=2) == Allowance(3, 3, "18.1B")


def test_18_5a_a_unit_next_to_the_attackers_in_an_enemy_zoc_is_refused_with_its_reason():
    from kharkovsuite.rules.kirovograd.advance import check_follower

    with pytest.raises(IllegalAction) as e:
        check_follower("B", ["A"], in_enemy_zoc=True, orders="mobile", attackers_advanced=1, hexes=1,
                       adjacent=lambda a, b: True)
    assert (e.value.case, e.value.reason) == ("18.5A", "a unit next to the attackers but in an enemy ZOC may not follow")


# ----------------------------------------------------------------------------- replacements (25.2A)


def test_25_2a_a_tank_no_enemy_unit_reaches_may_take_replacements():
    """No German unit is on the map: the reduced brigade is as far from the enemy as can be."""
    from kharkovsuite.rules.kirovograd import replacements

    state = bare({SU_TANK: PLAIN}, side="soviet", orders={"m5g": "mobile"})
    state.units[SU_TANK].step = 2
    state.game["replacement_points"] = 10
    assert replacements.candidates(state, "soviet", []) == [(SU_TANK, 1), (SU_TANK, 2)]
    assert replacements.tank(state, SU_TANK, []).enemy_distance >= 2


# ----------------------------------------------------------------------------- victory (27.B, 28.10.4B)


def test_28_10_4b_an_air_unit_is_worth_its_stronger_factor_not_its_printed_strength():
    """The Bf 109 (air-to-air 4, air-to-ground 1) counts four points when lost, not one."""
    from kharkovsuite.rules.kirovograd import victory

    info = bare({}).board.units["de-air-bf109-1"]
    assert (info.values.air_air, info.values.air_ground) == (4, 1)
    assert victory.full_strength(info) == 4


# ----------------------------------------------------------------------------- reinforcements under the advanced rules (24.4A, 29.1)


def test_24_4a_29_1_a_reinforcement_entering_only_its_entry_hex_shows_the_face_down_zoc_there():
    """A face-down Soviet tank brigade stands next to the entry hex 1901: the German battalion that
    comes on there and goes no further is in its ZOC, and the brigade is shown (29.1) as it is to
    one that enters there and means to go on (and stops there)."""
    from kharkovsuite.engine.actions import Move
    from kharkovsuite.engine.events import MoveStopped, Unmasked
    from kharkovsuite.rules.kirovograd import fog

    from .test_kiro_arrival_cases import BN905, _due
    from .test_kiro_fog import fogged

    state = _due(fogged({GE_INF: PLAIN, SU_TANK: "1902"}))
    assert fog.face_down(state, SU_TANK)
    events = state.apply(Move(units=(BN905,), path=("1901",)))
    assert state.units[BN905].hex == "1901" and not fog.face_down(state, SU_TANK)
    assert [(e.unit, e.case) for e in events if isinstance(e, Unmasked)] == [(SU_TANK, "29.1")]
    assert [(e.hex, e.case) for e in events if isinstance(e, MoveStopped)] == [("1901", "29.1")]


# ----------------------------------------------------------------------------- the combat round in the game (16.0, 17.1B, 18.2, 28.4.1A)


def test_16_0_the_room_shown_for_a_loss_is_what_the_unit_may_still_lose():
    """After the motorised regiment (4 SP: two may go, 16.1A) takes the first SP of an A2, the
    window shows one more it may lose; the panzer regiment (6 SP) still three."""
    from kharkovsuite.engine.actions import ChooseLoss
    from kharkovsuite.rules.kirovograd import fight

    from .kiro_helpers import GE_MOT, GE_PZ
    from .test_kiro_loss_choice import a2_against_rifles

    state = a2_against_rifles()
    state.apply(ChooseLoss(unit=GE_MOT))
    rows = {r["unit"]: (r["marked"], r["room"]) for r in fight.loss_choice(state, state.pending[-1])["units"]}
    assert rows == {GE_MOT: (1, 1), GE_PZ: (0, 3)}


def test_16_0_a_loss_named_once_every_loss_is_taken_is_refused_with_its_reason():
    from kharkovsuite.engine.actions import ChooseLoss
    from kharkovsuite.rules.kirovograd import fight

    from .kiro_helpers import GE_MOT, GE_PZ
    from .test_kiro_loss_choice import a2_against_rifles

    state = a2_against_rifles()
    state.apply(ChooseLoss(unit=GE_MOT))
    f, decision = fight._record(state), state.pending[-1]
    f["now"]["allot"][decision.data["who"]]["order"].append(GE_PZ)  # the second SP named already
    with pytest.raises(IllegalAction) as e:
        fight._choose_loss(state, f, decision, GE_PZ, [])
    assert (e.value.case, e.value.reason) == ("16.0", "every loss of this combat is taken")


def test_17_1b_a_unit_not_retreating_now_is_refused_with_its_reason():
    from kharkovsuite.engine.actions import Retreat
    from kharkovsuite.engine.state import Decision
    from kharkovsuite.rules.kirovograd import fight

    from .kiro_helpers import SU_DIV

    state = bare({GE_INF: N[0], SU_DIV: PLAIN}, phase="combat_1_1")
    decision = Decision(fight.RETREAT, "soviet", "17.1", {"units": []})
    with pytest.raises(IllegalAction) as e:
        fight._retreat(state, decision, Retreat(unit=SU_DIV, path=(N[3],)), [])
    assert (e.value.case, e.value.reason) == ("17.1B", f"{SU_DIV} does not retreat now")


def test_18_2b_the_advance_grows_by_the_losses_unabsorbed_only_when_the_defenders_were_eliminated():
    """The target hex is empty: with no retreat made the defenders were eliminated, and the two SP
    they could not absorb lengthen a mobile attacker's advance (18.2B); when they retreated one hex
    the advance is that hex (18.2A)."""
    from kharkovsuite.rules.kirovograd import fight
    from kharkovsuite.rules.kirovograd.advance import Allowance

    state = bare({GE_INF: N[0]}, phase="combat_1_1", orders={"k47": "mobile"})
    gone = {"targets": [PLAIN], "owed": {"defender": 0}, "unabsorbed": 2}
    assert fight._advance_allowance(state, gone, "mobile") == Allowance(0, 2, "18.2B")
    retreated = {"targets": [PLAIN], "owed": {"defender": 1}, "unabsorbed": 2, "retreats": {PLAIN: [[N[3]]]}}
    assert fight._advance_allowance(state, retreated, "mobile") == Allowance(0, 1, "18.2A")


def test_28_4_1a_a_flight_joins_only_an_attack_on_the_hex_it_flies_over_and_only_its_own_side_s():
    from kharkovsuite.rules.kirovograd import fight

    from .kiro_helpers import GE_PZ, SU_DIV
    from .test_kiro_air import JU87, JU87G, _combat, flight

    state = _combat({GE_PZ: N[0], SU_DIV: PLAIN}, {"p3": "mobile", "c48": "mobile"})
    flight(state, "german", [JU87], "ground_attack", PLAIN)
    f = fight._record(state)
    elsewhere = {"targets": [N[3]], "attackers": []}
    assert fight.air_refusal(state, f, elsewhere, JU87) == ("28.4.1A", f"{JU87} flies over {PLAIN}, not a target of this attack")
    assert fight.air_refusal(state, f, {"targets": [PLAIN], "attackers": []}, JU87G) == \
        ("28.4.1A", f"{JU87G} flies no ground attack mission of the attacker")
    assert fight.air_refusal(state, f, {"targets": [PLAIN], "attackers": []}, JU87) is None


def test_15_2b_22_1_an_hq_joining_a_reinforced_attack_supports_it_and_the_log_names_the_targets():
    """The Soviet tank brigade's reserve reinforces the rifle division attacked by the 320th's
    regiment; the 320th's HQ joins that attack (15.2B) and supports its own regiment's hex (22.1)."""
    from kharkovsuite.engine.actions import EndPhase
    from kharkovsuite.rules.kirovograd import counters, fight
    from kharkovsuite.rules.kirovograd.fight import Reinforce, Reorganised

    from .kiro_helpers import GE_HQ, GE_INF2, SU_DIV
    from .test_kiro_fight import combat_round, declare
    from .test_kiro_reorganise import BEHIND, ORDERS, commit

    state = combat_round({GE_INF2: N[0], GE_HQ: ring(PLAIN, 2)[0], SU_DIV: PLAIN, SU_TANK: BEHIND}, ORDERS)
    state.set_flag(SU_TANK, counters.RESERVE)
    declare(state, PLAIN, GE_INF2)
    state.apply(EndPhase())
    commit(state, (BEHIND, N[3], PLAIN))
    events = state.apply(Reinforce(attack=0, unit=GE_HQ))
    f = fight._record(state)
    assert f["attacks"][0]["hqs"] == [GE_HQ] and f["hq"][GE_HQ] == N[0]
    assert [(e.unit, e.targets, e.case) for e in events if isinstance(e, Reorganised)] == [(GE_HQ, (PLAIN,), "15.2B")]


def test_18_5b_a_second_line_unit_under_assault_orders_follows_one_hex_however_far_the_attackers_went():
    """The panzer regiment advanced two hexes from N[0]; the regiment stacked with it at the start
    follows one hex under assault orders (18.5B), both hexes under mobile orders."""
    from kharkovsuite.engine.state import Decision
    from kharkovsuite.rules.kirovograd import fight

    from .kiro_helpers import GE_INF2, GE_PZ

    def followed(order):
        state = bare({GE_PZ: N[3], GE_INF2: N[0]}, phase="combat_1_1", orders={"p3": "mobile", "d320": order})
        fight._record(state)["now"] = {"targets": [PLAIN], "start": {GE_PZ: N[0]}}
        decision = Decision(fight.ADVANCE, "german", "18.0A", {"units": [GE_PZ], "done": [], "followers": [GE_INF2],
                                                               "paths": {GE_PZ: [N[0], PLAIN, N[3]]}})
        return [a.path for a in fight.follower_options(state, decision)]

    assert followed("assault") == [(N[0], PLAIN)]
    assert followed("mobile") == [(N[0], PLAIN), (N[0], PLAIN, N[3])]


def test_21_8a_a_gun_attacked_by_adjacent_units_does_not_support_another_hex():
    """The 53rd Army's gun, its HQ beside it, may support the rifle division's defence until a
    German attack from next to it falls on its own hex."""
    from kharkovsuite.engine.actions import EndPhase
    from kharkovsuite.rules.kirovograd import fight

    from .kiro_helpers import GE_INF2, SU_ART, SU_DIV
    from .test_kiro_fight import declare

    gun_hex = ring(PLAIN, 2)[3]
    state = bare({GE_INF: N[0], SU_DIV: PLAIN, SU_ART: gun_hex, "su-53a-hq": gun_hex}, phase="combat_1_1",
                 orders={"k47": "mobile", "c48": "defense", "a53": "defense"})
    declare(state, PLAIN, GE_INF)
    state.apply(EndPhase())
    f = fight._record(state)
    assert fight.defence_refusal(state, f, SU_ART, 0) is None
    f["attacks"].append({"targets": [gun_hex], "attackers": [GE_INF2], "guns": [], "hqs": [], "dguns": [], "orders": "mobile"})
    assert fight.defence_refusal(state, f, SU_ART, 0) == ("21.8A", f"{SU_ART} is attacked by adjacent units and cannot support another hex")


def test_17_7a_30_2a_a_unit_that_could_not_leave_its_hex_takes_no_hq_along():
    """A Soviet rifle division's one-hex retreat, chosen on what the USSR knows, runs into a hidden
    German HQ (30.2A): it stays in its hex and loses the hex it owes as an SP (15.9F).  Its corps
    HQ next to it has no retreat to keep its place by, so it is not offered one (17.7A)."""
    from kharkovsuite.engine.actions import Retreat
    from kharkovsuite.engine.state import Decision
    from kharkovsuite.rules.kirovograd import fight

    from .kiro_helpers import SU_DIV, SU_HQ
    from .test_kiro_fog import HQS, fog, fogged

    data = {"units": [SU_DIV], "hexes": 1, "fought": [N[3]], "held": [N[3]]}
    way = fight.retreat_options(bare({SU_DIV: PLAIN, GE_INF: N[3]}, side="german", phase="combat_1_1"),
                                Decision(fight.RETREAT, "soviet", "17.1", dict(data)), SU_DIV)[0].path
    beside = next(h for h in N if h not in (N[3], way[0]))
    state = fogged({SU_DIV: PLAIN, GE_INF: N[3], HQS[0]: way[0], SU_HQ: beside}, phase="combat_1_1")
    fog.conceal(state, HQS[0], [], "30.1")
    fight._record(state)["now"] = {"taken": {}}
    decision = Decision(fight.RETREAT, "soviet", "17.1", dict(data, units=[SU_DIV]))
    state.pending.append(decision)
    events = []
    fight._retreat(state, decision, Retreat(unit=SU_DIV, path=way), events)
    assert state.units[SU_DIV].hex == PLAIN and state.units[SU_HQ].hex == beside
    assert [(e.case, e.unit) for e in events if e.kind in ("Unmasked", "SpLost")] == [("30.2A", HQS[0]), ("15.9F", SU_DIV)]
    assert [d.kind for d in state.pending] == [fight.RETREAT]

"""Combat half (14-21, 28-29): the cases the survivors of the fifth sample (``combat-after4``,
docs/mutation.md) showed unpinned, each test named by its rule case.  Written after that
sample's figure: they count only for a sample drawn after them."""
from __future__ import annotations

from kharkovsuite.engine.state import Decision
from kharkovsuite.rules.kirovograd import fight
from kharkovsuite.rules.kirovograd.fight import AddSupport, AttackHex, ConfirmAttack

from .kiro2_helpers import battle, crt, data, dice, unit
from .kiro_helpers import GE_ART, GE_HQ, GE_INF, GE_INF2, GE_PZ, PLAIN, SU_DIV, SU_HQ, bare, ring

N = ring(PLAIN, 1)


# ----------------------------------------------------------------------------- the log (15.8, 15.9)


def test_15_9_the_attack_s_line_writes_a_result_of_both_sides_with_a_space_for_its_slash():
    line = fight.AttackFought(targets=(PLAIN,), column="3-1", result="A1/D2", shifts=-1, case="15.9").text()
    assert line == f"attack on {PLAIN} at 3-1 (-1 columns): A1 D2"


def test_15_8_the_combat_record_keeps_the_odds_column_before_its_shifts():
    """The record of a roll says which column the odds gave before the shifts moved it."""
    from kharkovsuite.rules.kirovograd.combat import resolve
    from kharkovsuite.rules.kirovograd.settle import resolution_event

    b = battle([unit("a", "german", 12)], [unit("d", "soviet", 4)])
    r = resolve(b, data(), crt(), dice(3, 4))
    e = resolution_event(r, b)
    assert e.base_column == r.preview.base and e.base_column
    assert f": {r.preview.base}" in e.text()


# ----------------------------------------------------------------------------- losses (16.1)


def test_16_1_with_no_order_given_each_loss_goes_to_the_unit_with_the_most_left_to_lose():
    """No owner's order: each loss comes from the unit that may still lose the most this round
    (the first of equals by name): the regiment of 8 SP (4 to lose, 16.1A) takes the first two,
    the one of 6 (3 to lose) the third, then the first again; not always the bigger unit."""
    from kharkovsuite.rules.kirovograd.losses import Casualty, allocate

    big, small = Casualty.unit("big", 8), Casualty.unit("small", 6)  # may lose 4 and 3 this round (16.1A)
    plan = allocate([big, small], 4)
    assert plan.order == ("big", "big", "small", "big")
    assert plan.taken == {"big": 3, "small": 1}


# ----------------------------------------------------------------------------- support and reorganising (14.3B, 15.2B, 15.3)


def test_14_3b_an_hq_stacked_with_the_target_of_an_air_attack_alone_supports_its_defence():
    """Ju 87s attack the rifle division alone: the 48th Corps HQ in its hex may support the
    defence (the one support 14.3B leaves against air alone); the 15.3 log line names its case."""
    from .test_kiro_air import JU87, _combat, flight

    state = _combat({SU_DIV: PLAIN, SU_HQ: PLAIN}, {"c48": "mobile"})
    flight(state, "german", [JU87], "ground_attack", PLAIN)
    state.apply(AttackHex(hex=PLAIN))
    state.apply(AddSupport(unit=JU87))
    state.apply(ConfirmAttack())
    f = fight._record(state)
    assert fight.defence_refusal(state, f, SU_HQ, 0) is None
    from kharkovsuite.engine.actions import EndPhase
    from kharkovsuite.rules.kirovograd.fight import SupportDefence

    state.apply(EndPhase())
    assert (state.pending[-1].kind, state.pending[-1].side) == (fight.SUPPORT, "soviet")
    events = state.apply(SupportDefence(unit=SU_HQ, attack=0))
    assert [(e.unit, e.hex, e.how, e.case) for e in events if isinstance(e, fight.Supported)] == \
        [(SU_HQ, PLAIN, "supports the defence", "15.3")]


def test_15_2b_joining_an_attack_the_reserves_did_not_reinforce_is_refused_naming_it_as_the_player_counts():
    state = bare({GE_INF: N[0], SU_DIV: PLAIN}, phase="combat_1_1")
    decision = Decision(fight.REORGANISE, "german", "15.2B", {"reinforced": [1], "moved": []})
    assert fight.reinforce_refusal(state, decision, 0, GE_INF) == \
        ("15.2B", "attack 1 was not reinforced by the defender's reserves")


# ----------------------------------------------------------------------------- artillery (21.1, 21.2, 21.5)


def test_21_1_a_unit_that_is_no_gun_may_not_fire_a_barrage_and_the_refusal_names_21_1():
    state = bare({GE_INF: N[0], SU_DIV: PLAIN}, phase="combat_1_1", orders={"k47": "mobile", "c48": "mobile"})
    draft = {"targets": [PLAIN], "attackers": [], "guns": [], "hqs": [], "dguns": []}
    assert fight.barrage_refusal(state, fight._record(state), draft, GE_INF) == \
        ("21.1", f"{GE_INF} is not an artillery unit of the attacker on the map")


def test_21_5_by_day_a_unit_of_the_gun_s_formation_on_a_hill_observes_two_hexes_off_not_at_night():
    """21.5: by day the 320th's regiment on a hill sees the rifle division two hexes away, so the
    gun's barrage is observed; at night (23.4) only a hex its ZOC reaches is, and this one is not."""
    probe = bare({})
    hill = next(h for h in sorted(probe.board.nbrs) if probe.board.is_hill(h)
                and all(len(probe.board.nbrs[n]) == 6 for n in probe.board.nbrs[h]))
    target = next(t for t in sorted(probe.board.nbrs) if probe.board.distance(hill, t) == 2)
    for light, seen in (("day", True), ("night", False)):
        state = bare({GE_ART: hill, GE_INF2: hill, SU_DIV: target}, phase="combat_1_1", light=light,
                     orders={"d320": "mobile", "c48": "mobile"})
        assert fight._observed(state, fight._gun(state, GE_ART), target) is seen, light


# ----------------------------------------------------------------------------- reconnaissance (29.8.2) and air (28.4)


def test_29_8_2_only_ground_combat_units_able_to_attack_make_a_reconnaissance_s_attack():
    """No HQ or gun (14.2A), and no overstacked unit (17.3C), though on the reconnoitring hex."""
    from kharkovsuite.rules.kirovograd.fight import OVERSTACKED

    state = bare({GE_INF: N[0], GE_INF2: N[0], GE_HQ: N[0], GE_ART: N[0], GE_PZ: N[1]})
    state.set_flag(GE_INF2, OVERSTACKED, True)
    assert fight.recon_attackers(state, [GE_INF, GE_INF2, GE_HQ, GE_ART, GE_PZ]) == [GE_INF, GE_PZ]


def test_28_4_1a_15_6_the_odds_of_a_proposed_attack_count_the_flight_over_the_target():
    """The preview of the panzer regiment's attack with the Ju 87s over PLAIN adds their ground
    factor (4), as the declared attack does."""
    from .test_kiro_air import JU87, _combat, flight

    state = _combat({GE_PZ: N[0], SU_DIV: PLAIN}, {"p3": "mobile", "c48": "mobile"})
    flight(state, "german", [JU87], "ground_attack", PLAIN)
    alone = fight.combat_preview(state, [GE_PZ], [PLAIN])
    flown = fight.combat_preview(state, [GE_PZ], [PLAIN], flights=[JU87])
    assert (alone.attack, flown.attack) == (6, 6 + 4)


def test_28_4_2b_an_air_attack_alone_meets_the_target_s_own_fortified_hexsides_only():
    """Il-2s alone attack a German regiment in a hex with a fortified hexside: the battle counts
    that hexside (the target's own, 28.4.2B), and no other of the hex's sides."""
    from .test_kiro_air import IL2, _combat, flight

    probe = bare({})
    n, t = next((n, t) for n in sorted(probe.board.fortified) for t in sorted(probe.board.fortified[n]))
    own = frozenset((m, t) for m in probe.board.nbrs[t] if t in probe.board.fortified.get(m, ()))
    state = _combat({GE_INF: t}, {"k47": "mobile"}, side="soviet")
    fid = flight(state, "soviet", [IL2], "ground_attack", t)["id"]
    attack = {"targets": [t], "attackers": [], "guns": [], "hqs": [], "dguns": [], "air": [fid], "orders": "mobile"}
    b = fight.battle(state, attack, "soviet")
    assert b.fortified == own and (n, t) in own and len(own) < len(probe.board.nbrs[t])


def test_15_2b_the_attacker_may_end_its_reorganising_when_no_reserve_must_be_attacked():
    from kharkovsuite.rules.kirovograd.fight import EndReorganise

    from .test_kiro_reorganise import BEHIND, commit, declared

    state = declared()
    commit(state, (BEHIND, N[3], PLAIN))
    assert state.pending[-1].kind == fight.REORGANISE and fight.reorganise_duty(state, state.pending[-1]) is None
    assert EndReorganise() in state.legal_actions().actions()


# ----------------------------------------------------------------------------- advancing after combat (15.4C, 18.5)


def test_18_5b_a_mobile_second_line_unit_going_farther_than_the_attackers_is_refused_by_its_limit():
    """The panzer regiment advanced one hex; the regiment stacked with it at the start, on mobile
    orders, asks for two: refused by 18.5B's limit, as far as the attackers went."""
    from kharkovsuite.engine.actions import Advance

    state = bare({GE_PZ: PLAIN, GE_INF2: N[0]}, phase="combat_1_1", orders={"p3": "mobile", "d320": "mobile"})
    fight._record(state)["now"] = {"targets": [PLAIN], "start": {GE_PZ: N[0]}}
    decision = Decision(fight.ADVANCE, "german", "18.0A", {"units": [GE_PZ], "done": [GE_PZ], "followers": [GE_INF2],
                                                           "paths": {GE_PZ: [N[0], PLAIN]}})
    assert fight._follower_refusal(state, decision, Advance(unit=GE_INF2, path=(N[0], PLAIN, N[3]))) == \
        ("18.5B", "it may advance 1 hexes at most")


def test_15_4c_a_second_strike_on_dummies_after_a_saved_game_is_reopened_advances_one_hex():
    """15.4C holds across a save: the panzer regiment struck dummies, advanced two hexes, and the
    game was saved and opened again; striking dummies a second time it may advance one hex."""
    import json

    from kharkovsuite.engine.state import GameState
    from kharkovsuite.rules.kirovograd.rules import RULES

    from .test_kiro_fight import declare
    from .test_kiro_fog import _looking_the_same, strike_dummies_again

    state = _looking_the_same(False, "combat_1_1", N[0])
    declare(state, N[0], GE_PZ)
    two = next(a for a in state.legal_actions().actions() if type(a).__name__ == "Advance" and len(a.path) == 3)
    state.apply(two)
    opened = GameState(state.scenario, RULES, state.seed, options=dict(state.options))
    opened.restore(json.loads(json.dumps(state.to_dict())))
    assert strike_dummies_again(opened, two.path[-1]) == 2


def test_18_0a_an_attacker_that_left_its_hex_is_refused_an_advance_by_18_0a_and_told_why():
    """The panzer regiment and the motorised regiment attacked PLAIN from N[0]; the panzers are no
    longer there (they retreated to N[1], still next to PLAIN): the advance is offered to the
    motorised regiment alone, and the panzers' is refused by 18.0A, not as a second-line unit's."""
    import pytest

    from kharkovsuite.engine.actions import Advance
    from kharkovsuite.engine.errors import IllegalAction

    from .kiro_helpers import GE_MOT

    state = bare({GE_PZ: N[1], GE_MOT: N[0]}, phase="combat_1_1", orders={"p3": "mobile"})
    f = fight._record(state)
    now = f["now"] = {"targets": [PLAIN], "start": {GE_PZ: N[0], GE_MOT: N[0]}, "owed": {"defender": 1, "attacker": 1}}
    assert fight._open_advance(state, f, now, "german")
    decision = state.pending[-1]
    assert decision.data["units"] == [GE_MOT]
    with pytest.raises(IllegalAction) as e:
        fight.decide(state, decision, Advance(unit=GE_PZ, path=(N[1], PLAIN)), [])
    assert (e.value.case, e.value.reason) == ("18.0A", f"{GE_PZ} left the hex it attacked from: only attackers still there advance")

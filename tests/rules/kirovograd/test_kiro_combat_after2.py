"""Combat half (14-21, 29-30): the cases the survivors of the third sample (``combat-after2``,
docs/mutation.md) showed unpinned, each test named by its rule case."""
from __future__ import annotations

from kharkovsuite.rules.kirovograd.data import Part
from kharkovsuite.rules.kirovograd.losses import Casualty
from kharkovsuite.rules.kirovograd.settle import settle

from .kiro2_helpers import battle, crt, data, dice, unit
from .kiro_helpers import GE_INF, GE_INF2, GE_MOT, GE_PZ, PLAIN, SU_DIV, SU_TANK, bare, ring

N = ring(PLAIN, 1)


# ----------------------------------------------------------------------------- settling a combat (15.9, 16.1)


def test_15_9_with_no_defender_fighting_the_defender_s_choices_are_the_soviet_side_s():
    """A German attack whose defenders all stay out of the fight (17.3C) still settles the
    defender's part as the Soviet side's: a mobile Soviet defender takes D1R1 as printed (``**`` binds
    the USSR, 15.9D), where a German one could turn its loss into a hex."""
    b = battle([unit("a", strength=8)], [])
    o = settle(b, data(), crt(), dice(1, 1), attacker_units=[Casualty.unit("a", 8)], defender_units=[])
    assert o.resolution.result.text == "A1/D1R1"
    assert o.defender.choices == (Part(1, 1),)
    german = settle(battle([unit("a", "soviet", 8)], []), data(), crt(), dice(1, 1),
                    attacker_units=[Casualty.unit("a", 8)], defender_units=[])
    assert german.defender.choices != (Part(1, 1),)


def test_16_1_the_defender_s_own_order_of_losses_is_kept():
    """16.1: the owner chooses which unit loses; without a choice the strongest loses first."""
    b = battle([unit("a", strength=24)], [unit("big", "soviet", 4), unit("small", "soviet", 2)])
    units = [Casualty.unit("big", 4), Casualty.unit("small", 2)]
    plain = settle(b, data(), crt(), dice(3, 3), attacker_units=[Casualty.unit("a", 24)], defender_units=units)
    assert plain.resolution.result.text == "A1/D1R1" and plain.defender.plan.taken == {"big": 1}
    chosen = settle(b, data(), crt(), dice(3, 3), attacker_units=[Casualty.unit("a", 24)], defender_units=units,
                    defender_prefer=["small", "big"])
    assert chosen.defender.plan.taken == {"small": 1}


# ----------------------------------------------------------------------------- declaring (14.3)


def test_14_3a_a_unit_attacks_only_a_hex_next_to_it_and_the_refusal_says_so():
    from kharkovsuite.rules.kirovograd import fight

    state = bare({GE_INF: PLAIN, SU_DIV: ring(PLAIN, 2)[0]}, phase="combat_1_1", orders={"k47": "mobile"})
    assert fight.target_refusal(state, GE_INF, ring(PLAIN, 2)[0]) == ("14.3A", f"{GE_INF} at {PLAIN} is not next to {ring(PLAIN, 2)[0]}")


# ----------------------------------------------------------------------------- retreats (16.1, 17)


def test_16_1a_e_a_unit_may_lose_half_its_round_s_starting_sp_and_one_sp_when_it_has_one():
    """16.1A: no more than half the SP a unit started the round with (rounded down), 16.1E: a unit
    of one SP may lose it; what it already lost this round counts against the limit."""
    from kharkovsuite.rules.kirovograd import fight

    state = bare({SU_DIV: PLAIN}, phase="combat_1_1")
    printed = int(state.board.units[SU_DIV].strength[0])
    rows = []
    for left, taken in ((1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (3, 1), (2, 2), (1, 3), (0, 1)):
        state.units[SU_DIV].step = printed - left
        now = {"taken": {SU_DIV: taken}} if taken else {}
        rows.append(fight._room(state, now, SU_DIV))
    assert rows == [1, 1, 1, 2, 2, 1, 0, 0, 0]


# ----------------------------------------------------------------------------- artillery (21.5, 21.6, 21.10, 23.4)

GUN, SPOTTER = "de-320-art", "de-320-585"  # the 320th Division's artillery and one of its regiments


def _gun_attack(spotter_hex: str, light: str):
    from kharkovsuite.rules.kirovograd import fight

    gun_hex = ring(PLAIN, 2)[3]
    state = bare({GUN: gun_hex, SPOTTER: spotter_hex, GE_INF: N[0], SU_DIV: PLAIN}, phase="combat_1_1", light=light,
                 orders={"d320": "mobile", "k47": "mobile"})
    attack = {"attackers": [GE_INF], "targets": [PLAIN], "guns": [GUN], "hqs": [], "dguns": [], "orders": "mobile"}
    return state, fight.battle(state, attack, "german")


def test_21_5_23_4_at_night_a_unit_of_the_gun_s_formation_observes_only_a_hex_its_zoc_reaches():
    from kharkovsuite.rules.kirovograd import fight

    for light in ("day", "night"):
        state, b = _gun_attack(N[3], light)  # next to the target: its ZOC reaches it
        assert fight._observed(state, fight._gun(state, GUN), PLAIN)
        assert [f.observed for f in b.attackers if f.id == GUN] == [True]
    state, b = _gun_attack(ring(PLAIN, 2)[0], "night")  # two hexes off: not at night (nor by day off a hill)
    assert not fight._observed(state, fight._gun(state, GUN), PLAIN)
    assert [f.observed for f in b.attackers if f.id == GUN] == [False]


def test_21_10_a_battle_fought_in_fog_is_told_so():
    assert _gun_attack(N[3], "fog")[1].fog is True
    assert _gun_attack(N[3], "day")[1].fog is False


def test_21_4c_a_gun_that_supported_one_formation_this_turn_fires_for_no_other():
    """The 5th Guards Army's gun may support either of its corps (21.4A), but once it supported the
    33rd Guards Rifle Corps this turn a barrage for the 32nd is refused by 21.4C."""
    from kharkovsuite.rules.kirovograd import fight

    gun, hq = "su-5ga-l", "su-5ga-hq"  # its army HQ in its hex: its own supply line (8.1E)
    probe = bare({})
    rifles = next(u for u, i in probe.board.units.items() if i.formation == "c32g" and i.ground and not i.is_hq and not i.is_artillery)
    refusals = []
    for before in (None, "c32g", "c33g"):
        state = bare({rifles: N[0], GE_INF: PLAIN, gun: ring(PLAIN, 2)[3], hq: ring(PLAIN, 2)[3]}, side="soviet", phase="combat_1_1",
                     orders={"c32g": "assault", "a5g": "assault", "k47": "mobile"})
        if before:
            state.turn_data["gun_formation"] = {gun: before}
        refusals.append(fight.barrage_refusal(state, fight._record(state), {"attackers": [rifles], "targets": [PLAIN], "guns": []}, gun))
    assert refusals == [None, None, ("21.4C", f"{gun} already supported c33g this turn")]


# ----------------------------------------------------------------------------- retreats (17.1B, 17.2A, 17.3A)


def test_17_1b_of_retreats_equally_far_from_the_enemy_an_unoccupied_hex_comes_first():
    from kharkovsuite.rules.kirovograd import retreat
    from kharkovsuite.rules.kirovograd.boardview import StateBoard

    def offered(placed):
        state = bare({GE_INF: PLAIN, SU_DIV: N[0], **placed}, phase="combat_1_1")
        board = StateBoard(state, False, leaving=(GE_INF,))
        return [r.path for r in retreat.retreats(board, "german", PLAIN, 1, (GE_INF,), fought=[N[0]], held=[N[0]])]

    assert offered({}) == sorted([(N[2],), (N[3],), (N[4],)])  # the hexes two from the attacker
    assert offered({GE_MOT: N[3]}) == sorted([(N[2],), (N[4],)])


def test_17_2a_17_3a_a_retreat_going_on_past_full_hexes_pays_for_each_zoc_hex_it_leaves():
    """Every hex two around is full and in an enemy ZOC: the one-hex retreat goes on two hexes more
    (17.3A) and loses an SP for each of the two ZOC hexes it leaves (17.2A)."""
    from kharkovsuite.rules.kirovograd.retreat import ZocHere, retreats

    from .kiro2_helpers import Board

    start, enemy = "1010", "1009"
    near = set(Board().grid.within(start, 2)) - {start, enemy}
    b = Board(enemy={enemy}, full=near, zocs={h: ZocHere("fluid") for h in near})
    made = retreats(b, "german", start, 1, ["u"], fought=[enemy])
    assert made and all((len(r.path), r.zoc_losses, r.overstacked) == (3, 2, False) for r in made)


# ----------------------------------------------------------------------------- retreats and advances on the true position (29.1, 30.2A)


def _h(state, start, away):
    """A neighbour of ``start`` one hex farther from PLAIN (the first in hex order)."""
    return next(h for h in sorted(state.board.nbrs[start]) if state.board.distance(PLAIN, h) == away)


def test_17_2a_29_1_a_retreat_leaving_one_hex_of_a_face_down_unit_s_zoc_loses_one_sp_not_more_not_less():
    """A three-hex retreat chosen on what Germany knows: its first hex lies in the ZOC of a face-down
    tank brigade, its second in none.  Made on the true position it costs one SP (17.2A) and shows
    the brigade (29.1)."""
    from kharkovsuite.engine.events import Unmasked
    from kharkovsuite.rules.kirovograd import fight, retreat

    from .test_kiro_fog import fogged

    probe = bare({})
    h1 = N[3]
    h2 = _h(probe, h1, 2)
    h3 = _h(probe, h2, 3)
    tank_hex = next(t for t in sorted(probe.board.nbrs[h1]) if t != PLAIN and min(probe.board.distance(t, x) for x in (h2, h3)) >= 2)
    state = fogged({GE_INF: PLAIN, SU_TANK: tank_hex, SU_DIV: ring(PLAIN, 7)[0]}, phase="combat_1_1")
    events = []
    made = fight.true_retreat(state, GE_INF, retreat.Retreat((h1, h2, h3), 0, False, 0, ()), events)
    assert (made.path, made.zoc_losses, made.short, made.overstacked) == ((h1, h2, h3), 1, 0, False)
    assert [(e.unit, e.case) for e in events if isinstance(e, Unmasked)] == [(SU_TANK, "29.1")]


def _hidden_hq_beyond(mover: str, side: str, **kw):
    from .test_kiro_fog import HQS, fogged, fog

    probe = bare({})
    beyond = _h(probe, N[0], 2)
    state = fogged({mover: PLAIN, HQS[0]: beyond, (GE_INF if side == "soviet" else SU_DIV): ring(PLAIN, 7)[0]}, side=side,
                   phase="combat_1_1", **kw)
    fog.conceal(state, HQS[0], [], "30.1")
    return state, beyond, HQS[0]


def test_15_9f_30_2a_a_retreat_into_a_hidden_hq_s_hex_ends_before_it_and_owes_the_hex_not_retreated():
    """A two-hex Soviet retreat chosen through a hidden German HQ's hex finds the HQ (30.2A) and
    ends one hex out, in a hex it may stack in; the hex not retreated is owed as 15.9F's."""
    from kharkovsuite.engine.events import Unmasked
    from kharkovsuite.rules.kirovograd import fight, retreat

    state, beyond, hq = _hidden_hq_beyond(SU_DIV, "german")
    events = []
    made = fight.true_retreat(state, SU_DIV, retreat.Retreat((N[0], beyond), 0, False, 0, ()), events)
    assert (made.path, made.zoc_losses, made.short, made.overstacked) == ((N[0],), 0, 1, False)
    assert [(e.unit, e.case) for e in events if isinstance(e, Unmasked)] == [(hq, "30.2A")]


def test_18_0a_30_2a_an_advance_into_a_hidden_hq_s_hex_ends_before_it_and_finds_it():
    from kharkovsuite.engine.events import Unmasked
    from kharkovsuite.rules.kirovograd import fight

    state, beyond, hq = _hidden_hq_beyond(SU_TANK, "soviet", orders={"m5g": "mobile"})
    events = []
    assert fight.true_advance(state, SU_TANK, (PLAIN, N[0], beyond), N[0], events) == (PLAIN, N[0])
    assert [(e.unit, e.case) for e in events if isinstance(e, Unmasked)] == [(hq, "30.2A")]


def test_15_4a_9_1a_after_striking_dummies_an_advance_ends_only_where_it_may_stack_but_may_pass_through():
    """Three German regiments fill N[3] for the panzer regiment (9.1A): the advance offered may go
    through it, never end in it."""
    from kharkovsuite.engine.state import Decision
    from kharkovsuite.rules.kirovograd import fight, stacking

    state = bare({GE_PZ: PLAIN, GE_INF: N[3], GE_INF2: N[3], GE_MOT: N[3]}, phase="combat_1_1")
    assert stacking.refusal(state, N[3], (GE_PZ,))[0] == "9.1A"
    decision = Decision(fight.DUMMY_ADVANCE, "german", "15.4A", {"units": [GE_PZ], "done": [], "hexes": 2})
    offered = [a.path for a in fight.dummy_advance_options(state, decision)]
    assert not [p for p in offered if p[-1] == N[3]]
    assert [p for p in offered if p[1] == N[3] and len(p) == 3]
    assert sorted(p[-1] for p in offered if len(p) == 2) == sorted(set(N) - {N[3]})

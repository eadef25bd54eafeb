"""Advanced rules 29-30: what a side is offered, and what it is told, reads only what it knows of the
enemy's counters, so that a dummy and a real unit face down look the same to it (the reading of 29.1,
29.4, 30.2 in the rules reference): the second line of an advance (18.5A), the new ZOCs of a
reserve (14.4C) and the armour replacements' line to the east edge (25.1B)."""
from __future__ import annotations

from kharkovsuite.engine.actions import Advance, EndPhase
from kharkovsuite.engine.events import Unmasked
from kharkovsuite.rules.kirovograd import fight, fog, zoc

from .kiro_helpers import GE_INF, GE_INF2, GE_INF3, GE_MOT, GE_PZ, GE_RECON, PLAIN, SU_DIV, SU_TANK, ring
from .test_kiro_fight import Faces, declare
from .test_kiro_fog import N, SU_DUMMY, _offer, fogged


def _advance_beside(real: bool):
    """3rd Panzer's armour and motorised regiment assault a rifle division at PLAIN from N[0] (D1R2) and the
    armour advances into PLAIN; the 320th's regiment stands behind N[0], next to a Soviet face-down counter
    (the tank brigade, whose ZOC reaches it, or a dummy, which has none, 29.1)."""
    probe = fogged({GE_PZ: N[0]}, phase="combat_1_1")
    behind = [h for h in ring(PLAIN, 2) if h in probe.board.nbrs[N[0]]]
    near = next(h for h in probe.board.nbrs[behind[1]] if probe.board.distance(h, N[0]) == 2
                and probe.board.distance(h, behind[0]) > 1 and probe.board.distance(h, PLAIN) > 2)
    placed = {GE_PZ: N[0], GE_MOT: N[0], GE_RECON: N[0], GE_INF: behind[0], GE_INF3: behind[1], SU_DIV: PLAIN}
    if real:
        placed[SU_TANK] = near
    state = fogged(placed, phase="combat_1_1", orders={"p3": "assault", "c48": "defense", "k47": "mobile", "d320": "mobile"})
    if not real:
        state.place(SU_DUMMY, near)
        fog.turn_down(state, SU_DUMMY, [], "29.3")
    declare(state, PLAIN, GE_PZ, GE_MOT)
    state.rng = Faces(5, 5)
    state.apply(EndPhase())
    while state.pending[-1].kind != fight.ADVANCE:
        state.apply(state.legal_actions().actions()[0])  # the Soviet retreat
    state.apply(Advance(unit=GE_PZ, path=(N[0], PLAIN)))
    return state, behind, near


def test_18_5a_29_1_the_second_line_is_offered_on_the_zocs_the_side_knows_of_and_a_face_down_one_is_shown_when_it_follows():
    """The leak closed: beside the tank brigade face down (its ZOC reaches the regiment) and beside a
    dummy, Germany is offered the same followers.  The regiment following beside the brigade finds the
    ZOC: the brigade is shown (29.1) and the regiment stays (18.5A); beside the dummy it follows."""
    (dummy, behind, near), (real, _, _) = _advance_beside(False), _advance_beside(True)
    assert zoc.zoc_of(real, "soviet").get(behind[1]) and not zoc.zoc_of(dummy, "soviet").get(behind[1])  # truly different
    follow = Advance(unit=GE_INF3, path=(behind[1], N[0]))
    assert follow in real.legal_actions().actions() and _offer(dummy) == _offer(real)
    events = real.apply(follow)
    assert [(e.unit, e.case) for e in events if isinstance(e, Unmasked)] == [(SU_TANK, "29.1")]
    refused = [e for e in events if isinstance(e, fight.FollowRefused)]
    assert [(e.unit, e.case) for e in refused] == [(GE_INF3, "18.5A")] and "does not follow" in refused[0].text()
    assert real.units[GE_INF3].hex == behind[1] and not [a for a in real.legal_actions().actions()
                                                        if isinstance(a, Advance) and a.unit == GE_INF3]
    assert Advance(unit=GE_INF, path=(behind[0], N[0])) in real.legal_actions().actions()  # the others still follow
    dummy.apply(follow)
    assert dummy.units[GE_INF3].hex == N[0]


def _ringed_kirovograd(real: bool):
    """10 January Day's delivery segment: German infantry on every other hex three hexes out from Kirovograd's
    centre, their ZOCs closing the gaps between them, but for two neighbouring places of the ring: there stand
    3rd Panzer's armour and motorised regiment face down (their ZOCs close the gap between them) or two German
    dummies (no ZOC, 29.1: the line to the east edge runs through that gap)."""
    from .kiro_helpers import bare

    probe = bare({}, turn=11)
    infantry = [u for u, i in probe.board.units.items() if i.side == "german" and i.kind == "infantry" and not i.is_hq]
    band = ring("3819", 3)
    held = band[::2]
    down = (GE_PZ, GE_MOT) if real else ("de-dummy-1", "de-dummy-2")
    placed = {**dict(zip(infantry, held[2:])), SU_DIV: "3819", **({} if not real else dict(zip(down, held[:2])))}
    state = fogged(placed)
    if not real:
        for u, h in zip(down, held[:2]):
            state.place(u, h)
            fog.turn_down(state, u, [], "29.3")
    state.turn = 11
    state.cache.clear()
    return state, band[1]


def test_25_1b_29_1_the_armour_points_are_read_on_the_counters_the_ussr_knows_and_a_face_down_zoc_cutting_the_line_is_shown():
    """The leak closed: the USSR sees the same two face-down counters in the ring around Kirovograd; beside
    dummies a line runs through the gap between them to the east edge, beside the real regiments their ZOCs
    close it.  Before the points are read, the counters whose ZOC cuts the line the USSR knew of are shown
    (29.1) and no point comes; beside the dummies nothing is shown and the ten points come (25.1B)."""
    from kharkovsuite.rules.kirovograd.sequence import ReplacementsReceived

    from .test_kiro_arrivals import _delivery

    (dummy, gap), (real, _) = _ringed_kirovograd(False), _ringed_kirovograd(True)
    assert gap in zoc.zoc_of(real, "german") and gap not in zoc.zoc_of(dummy, "german")  # truly different
    assert gap not in zoc.zoc_of(real, "german", known=True)  # as far as the USSR knows
    events = _delivery(real)
    shown = [e.unit for e in events if isinstance(e, Unmasked)]
    assert shown and set(shown) <= {GE_PZ, GE_MOT} and all(e.case == "29.1" for e in events if isinstance(e, Unmasked))
    assert not fog.face_down(real, shown[0]) and real.game.get("replacement_points", 0) == 0
    assert not [e for e in events if isinstance(e, ReplacementsReceived)]
    events = _delivery(dummy)
    assert not [e for e in events if isinstance(e, Unmasked)] and dummy.game["replacement_points"] == 10
    assert [e.points for e in events if isinstance(e, ReplacementsReceived)] == [10]


def _reserve_beside(weak: bool):
    """47th Korps' regiment attacks the rifle division at PLAIN from N[2]; the Soviet tank brigade, in reserve
    and face down, is committed into the vacant N[3] next to the regiment: whole (4 SP, a ZOC) or worn down to
    1 SP (alone in its hex it exerts none, 13.6A).  The German side sees the same counter either way."""
    from kharkovsuite.engine.actions import CommitReserve, DeclineReserve

    from kharkovsuite.rules.kirovograd import counters

    from .test_kiro_reorganise import BEHIND, ORDERS

    state = fogged({GE_INF: N[2], GE_INF2: N[1], SU_DIV: PLAIN, SU_TANK: BEHIND}, phase="combat_1_1", orders=ORDERS)
    state.set_flag(SU_TANK, counters.RESERVE)
    if weak:
        state.units[SU_TANK].step = 3
        state.cache.clear()
    assert fog.face_down(state, SU_TANK)
    declare(state, PLAIN, GE_INF)
    state.apply(EndPhase())
    seen_before = state.observation("german")
    events = state.apply(CommitReserve(units=(SU_TANK,), hexes=(BEHIND, N[3])))
    while state.pending and state.pending[-1].kind == "defensive_reserves":
        events += state.apply(DeclineReserve())
    return state, seen_before, events


def test_14_4c_29_1_a_face_down_reserve_whose_zoc_reaches_the_attackers_is_shown_before_it_must_be_attacked():
    """The leak closed: whether the reserve's ZOC reaches the regiment turns on its strength, which the
    face-down counter hides (13.6A, 29.4).  The whole brigade is shown (29.1) as the reorganisation opens, so
    the attack it calls for (14.4C) is asked of a counter Germany sees; the worn one, with no ZOC, calls for
    none and stays face down."""
    from kharkovsuite.rules.kirovograd.fight import AttackReserve, EndReorganise

    (whole, seen_whole, events), (worn, seen_worn, worn_events) = _reserve_beside(False), _reserve_beside(True)
    assert seen_whole == seen_worn and SU_TANK not in seen_whole["units"]  # the same counter to Germany
    assert [(e.unit, e.case) for e in events if isinstance(e, Unmasked)] == [(SU_TANK, "29.1")]
    assert (whole.pending[-1].kind, whole.pending[-1].data["new"]) == (fight.REORGANISE, [N[3]])
    assert SU_TANK in whole.observation("german")["units"] and not fog.face_down(whole, SU_TANK)
    assert AttackReserve(hex=N[3], unit=GE_INF) in whole.legal_actions().actions()
    assert EndReorganise() not in whole.legal_actions().actions()
    assert not [e for e in worn_events if isinstance(e, Unmasked)] and fog.face_down(worn, SU_TANK)
    assert not worn.pending or worn.pending[-1].kind != fight.REORGANISE


def test_25_1b_30_2a_a_hidden_hq_in_kirovograd_is_found_before_the_points_are_read_and_none_come():
    """25.1B, 30.2A: the 8th Army's HQ hidden in the city's western hex, the line to the east edge open from its
    eastern hexes: as the USSR knows it the city is clear, on the true position it is not.  The HQ is found
    (30.2A) and no point comes; once found it stands on the map, where the USSR sees it."""
    from kharkovsuite.rules.kirovograd.sequence import ReplacementsReceived

    from .test_kiro_arrivals import _delivery

    hq = "de-8a-hq"
    state = fogged({SU_DIV: "3920", GE_INF: "0618", hq: "3719"}, options={"hidden": True})
    fog.conceal(state, hq, [], "30.1")
    state.turn = 11
    state.cache.clear()
    assert hq not in state.observation("soviet")["units"]
    events = _delivery(state)
    assert [(e.unit, e.case) for e in events if isinstance(e, Unmasked)] == [(hq, "30.2A")]
    assert not fog.hidden(state, hq) and hq in state.observation("soviet")["units"]
    assert state.game.get("replacement_points", 0) == 0 and not [e for e in events if isinstance(e, ReplacementsReceived)]

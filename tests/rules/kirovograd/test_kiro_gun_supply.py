"""8.1E: artillery fires only while it traces a supply line (8.2) of its own: a gun without one is
neither offered nor accepted, and the line is traced again at the roll (a gun cut off since its
declaration does not fire and its supply point is handed back).  Under the advanced rules 29 and
30 the side is told what it knows: the offer reads the line on what it knows, the roll makes it
good on the true position (the face-down counters whose ZOC cut it shown, 29.1).  Also the track
that pays a German gun's shot (8.5.1B, 8.5.2B-C): picked on the links Germany knows of and made
good when the shot is made, so a face-down counter's ZOC that changes it is shown when it acts."""
from __future__ import annotations

import pytest

from kharkovsuite.engine.actions import EndPhase
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.engine.events import Unmasked
from kharkovsuite.rules.kirovograd import fight, supply
from kharkovsuite.rules.kirovograd.fight import (AddAttacker, AddSupport, AttackHex, ConfirmAttack, EndSupport, GunSilent,
                                                 SupportDefence)

from .kiro_helpers import GE_ART, GE_HQ, GE_INF, GE_PZ_HQ, PLAIN, SU_ART, SU_DIV, bare, ring
from .test_kiro_fight import Faces, N, declare
from .test_kiro_fog import _offer, _ringed

ARMY_HQ = "su-53a-hq"  # the 53rd Army's HQ, the formation HQ of the army gun SU_ART
ASSAULT = {"c48": "assault", "a53": "assault", "k47": "mobile"}
GUN_HEX = ring(PLAIN, 5)[0]  # in the army gun's range (6) of PLAIN
TARGET = "0817"  # a Soviet rifle division face up on the ring of :func:`_ringed`, in the German gun's range (4) of PLAIN


def _soviet_attack(with_hq: bool):
    placed = {SU_DIV: N[0], SU_ART: GUN_HEX, GE_INF: PLAIN}
    if with_hq:
        placed[ARMY_HQ] = GUN_HEX
    state = bare(placed, side="soviet", phase="combat_1_1", orders=ASSAULT)
    state.apply(AttackHex(hex=PLAIN))
    state.apply(AddAttacker(unit=SU_DIV))
    return state


def test_8_1E_a_gun_with_no_supply_line_is_neither_offered_nor_accepted_nor_previewed():
    """The army gun in range of the attack, no HQ on the map: no line (8.2), so it may not fire."""
    cut = _soviet_attack(with_hq=False)
    assert not supply.forward(cut, SU_ART).in_supply
    assert AddSupport(unit=SU_ART) not in cut.legal_actions().actions()
    before = cut.game["supply"]["soviet"]
    with pytest.raises(IllegalAction) as e:
        cut.apply(AddSupport(unit=SU_ART))
    assert (e.value.case, e.value.reason) == ("8.1E", f"{SU_ART} traces no supply line and may not fire")
    assert cut.game["supply"]["soviet"] == before  # 8.1E: no supply point is used
    with pytest.raises(IllegalAction, match="^8.1E"):
        cut.rules.combat_preview(cut, [SU_DIV], [PLAIN], guns=[SU_ART])
    fed = _soviet_attack(with_hq=True)  # its army HQ in its hex: a line of no length
    assert AddSupport(unit=SU_ART) in fed.legal_actions().actions()
    assert fed.rules.combat_preview(fed, [SU_DIV], [PLAIN], guns=[SU_ART]).attack == 15  # 7 + the barrage 8


def test_8_1E_a_gun_with_no_supply_line_opens_no_attack_of_its_own():
    """14.3B: a gun may fire alone at a hex in range; without a line it opens no attack there."""
    def opening(with_hq: bool):
        placed = {SU_ART: GUN_HEX, GE_INF: PLAIN, **({ARMY_HQ: GUN_HEX} if with_hq else {})}
        state = bare(placed, side="soviet", phase="combat_1_1", orders=ASSAULT)
        return AttackHex(hex=PLAIN) in state.legal_actions().actions()

    assert opening(True) and not opening(False)


def test_8_1E_the_defender_s_gun_with_no_supply_line_may_not_support_the_defence():
    def attacked(with_hq: bool):
        placed = {GE_INF: N[0], SU_DIV: PLAIN, SU_ART: ring(PLAIN, 2)[3], **({ARMY_HQ: ring(PLAIN, 2)[3]} if with_hq else {})}
        state = bare(placed, side="german", phase="combat_1_1", orders={"k47": "mobile", "c48": "defense", "a53": "defense"})
        declare(state, PLAIN, GE_INF)
        state.apply(EndPhase())
        return state

    fed, cut = attacked(True), attacked(False)
    assert SupportDefence(unit=SU_ART, attack=0) in fed.legal_actions().actions()
    assert fight.defence_refusal(cut, fight._record(cut), SU_ART, 0) == ("8.1E", f"{SU_ART} traces no supply line and may not fire")
    assert fight.SUPPORT not in [d.kind for d in cut.pending]  # nothing left to offer the defender


def test_8_1E_a_gun_cut_off_between_its_declaration_and_the_roll_is_silent_and_its_point_handed_back():
    """Declared with its army HQ beside it; the HQ is gone before the roll (as after an earlier combat):
    at the roll the gun traces no line, does not fire, and the point it paid goes back to the track."""
    state = _soviet_attack(with_hq=True)
    before = state.game["supply"]["soviet"]
    state.apply(AddSupport(unit=SU_ART))
    state.apply(ConfirmAttack())
    assert state.game["supply"]["soviet"] == before - 1  # 21.3: paid as the attack is declared
    state.to_box(ARMY_HQ, "eliminated")
    state.cache.clear()
    state.rng = Faces(3, 4)
    events = state.apply(EndPhase())
    silent = [e for e in events if isinstance(e, GunSilent)]
    assert [(e.unit, e.case) for e in silent] == [(SU_ART, "8.1E")]
    assert state.game["supply"]["soviet"] == before  # handed back
    resolved = next(e for e in events if e.kind == "CombatResolved")
    assert SU_ART not in [a[0] for a in resolved.attackers] and resolved.attack == "7"  # the division alone
    assert "does not fire" in silent[0].text()


def test_8_1E_a_gun_with_its_line_at_the_roll_fires_and_keeps_its_point_spent():
    state = _soviet_attack(with_hq=True)
    before = state.game["supply"]["soviet"]
    state.apply(AddSupport(unit=SU_ART))
    state.apply(ConfirmAttack())
    state.rng = Faces(3, 4)
    events = state.apply(EndPhase())
    assert not [e for e in events if isinstance(e, GunSilent)]
    assert state.game["supply"]["soviet"] == before - 1
    resolved = next(e for e in events if e.kind == "CombatResolved")
    assert SU_ART in [a[0] for a in resolved.attackers] and resolved.attack == "15"


def test_8_1E_8_5_1E_a_silent_gun_s_point_is_not_handed_back_to_a_dump_destroyed_since():
    """A German gun paid from dump #1; before the roll its line is cut and the dump destroyed (a Soviet
    unit entered it): the point is lost with the dump, not put back on its track."""
    state = _ringed(False, "combat_1_1", unit=GE_ART, hq=GE_HQ)
    state.game["dumps"] = {"1": ring(PLAIN, 6)[0]}
    state.game["supply"].update({"german:1": 5, "german:2": 0})
    state.cache.clear()
    state.apply(AttackHex(hex=TARGET))
    state.apply(AddSupport(unit=GE_ART))
    state.apply(ConfirmAttack())
    assert state.phase_data["fight"]["attacks"][0]["paid"] == {GE_ART: "german:1"}
    assert state.game["supply"]["german:1"] == 4
    supply.destroy_dumps_at(state, ring(PLAIN, 6)[0], [])
    state.to_box(GE_HQ, "eliminated")
    state.cache.clear()
    events = state.apply(EndPhase())
    assert [e.unit for e in events if isinstance(e, GunSilent)] == [GE_ART]
    assert state.game["supply"]["german:1"] == 0 and "1" not in state.game["dumps"]


def test_8_1e_29_1_a_gun_whose_known_line_face_down_units_cut_is_offered_and_silent_at_the_roll_beside_real_units():
    """The German gun at PLAIN ringed as in :func:`.test_kiro_fog._ringed`, its HQ four hexes out:
    beside two dummies its line runs between them; beside the real brigades face down their Overlapping
    ZOC cuts it.  Germany knows no difference: the same actions are offered and the gun is accepted
    both times.  At the roll the real brigades are shown (29.1), the gun is silent and its point handed
    back; beside the dummies it fires and nothing is shown."""
    dummy, real = _ringed(False, "combat_1_1", unit=GE_ART, hq=GE_HQ), _ringed(True, "combat_1_1", unit=GE_ART, hq=GE_HQ)
    assert supply.forward(dummy, GE_ART).in_supply and not supply.forward(real, GE_ART).in_supply  # truly different
    for state in (dummy, real):
        state.apply(AttackHex(hex=TARGET))
    assert _offer(dummy) == _offer(real) and AddSupport(unit=GE_ART) in real.legal_actions().actions()
    before = real.game["supply"]["german:1"]
    for state in (dummy, real):
        state.apply(AddSupport(unit=GE_ART))
        state.apply(ConfirmAttack())
        assert state.game["supply"]["german:1"] == before - 1
    events = real.apply(EndPhase())
    shown = [e for e in events if isinstance(e, Unmasked)]
    assert shown and {e.case for e in shown} == {"29.1"}
    assert [(e.unit, e.case) for e in events if isinstance(e, GunSilent)] == [(GE_ART, "8.1E")]
    assert real.game["supply"]["german:1"] == before
    events = dummy.apply(EndPhase())
    assert not [e for e in events if isinstance(e, (Unmasked, GunSilent))]
    assert any(e.kind == "CombatResolved" for e in events) and dummy.game["supply"]["german:1"] == before - 1


def _hq_ringed(real: bool):
    """The 320th's HQ ringed at PLAIN with its gun (as in
    :func:`.test_kiro_fog.test_8_3_2a_8_5_2b_29_1_before_the_orders_the_units_cutting_a_german_hqs_link_to_the_edge_are_shown`):
    the gun's line to its HQ is of no length, but the HQ's link to the edge, which picks the track
    that pays (8.5.1B, 8.5.2B), is cut by the real brigades' Overlapping ZOC, not by dummies."""
    state = _ringed(real, "combat_1_1", unit=GE_HQ, hq=GE_PZ_HQ)
    state.place(GE_ART, PLAIN)
    state.cache.clear()
    state.apply(AttackHex(hex=TARGET))
    return state


def test_8_5_1b_21_3_29_1_the_track_paying_a_shot_is_picked_on_what_germany_knows_and_made_good_when_it_fires():
    """The dump leak closed: Germany is offered the shot on the track it knows of (its HQ linked,
    dump #1) beside dummies and real brigades alike; made, beside the real brigades their ZOC cuts the
    HQ's link: they are shown (29.1) and the shot, which no track can pay on the true position, is not
    made (21.3); beside the dummies nothing is shown and dump #1 pays."""
    dummy, real = _hq_ringed(False), _hq_ringed(True)
    formation = real.board.units[GE_HQ].formation
    assert supply.track_for(real, formation, "german") is None and supply.track_for(dummy, formation, "german") == "german:1"
    assert supply.track_for(real, formation, "german", known=True) == "german:1"  # as far as Germany knows
    assert _offer(dummy) == _offer(real) and AddSupport(unit=GE_ART) in real.legal_actions().actions()
    points = dict(real.game["supply"])
    events = real.apply(AddSupport(unit=GE_ART))
    shown = [e for e in events if isinstance(e, Unmasked)]
    assert shown and {e.case for e in shown} == {"29.1"}
    assert [(e.unit, e.case) for e in events if isinstance(e, GunSilent)] == [(GE_ART, "21.3")]
    assert real.phase_data["fight"]["draft"]["guns"] == [] and real.game["supply"] == points
    assert supply.track_for(real, formation, "german", known=True) is None  # Germany now knows
    assert AddSupport(unit=GE_ART) not in real.legal_actions().actions()
    events = dummy.apply(AddSupport(unit=GE_ART))
    assert not events and dummy.phase_data["fight"]["draft"]["guns"] == [GE_ART]
    dummy.apply(ConfirmAttack())
    assert dummy.game["supply"]["german:1"] == points["german:1"] - 1


def test_6_2_2d_29_1_a_defence_charge_shows_the_counters_cutting_the_link_that_picks_its_track():
    """6.2.2D's point for a German formation on defense orders is paid from the track picked on the links
    Germany knows of, made good first: beside the real brigades their ZOC cutting the HQ's link is shown
    and, no track paying, the HQ is marked Out of Supply (8.6's reading); beside dummies dump #1 pays."""
    from kharkovsuite.rules.kirovograd import counters

    def charged(real: bool):
        state = _ringed(real, "combat_1_1", unit=GE_HQ, hq=GE_PZ_HQ)
        events: list = []
        supply.charge_defense(state, "d320", "german", events)
        return state, events

    real, events = charged(True)
    assert [e for e in events if isinstance(e, Unmasked)] and counters.has(real, GE_HQ, counters.OUT_OF_SUPPLY)
    dummy, events = charged(False)
    assert not events and not counters.has(dummy, GE_HQ, counters.OUT_OF_SUPPLY)
    assert dummy.game["supply"]["german:1"] == real.game["supply"]["german:1"] - 1


def test_8_1e_the_other_side_reads_no_track_of_the_shots_in_its_observation():
    """2.3: which track paid a German shot is Germany's own display."""
    state = _ringed(False, "combat_1_1", unit=GE_ART, hq=GE_HQ)
    state.apply(AttackHex(hex=TARGET))
    state.apply(AddSupport(unit=GE_ART))
    state.apply(ConfirmAttack())
    assert state.observation("german")["phase_data"]["fight"]["attacks"][0]["paid"]
    assert not state.observation("soviet")["phase_data"]["fight"]["attacks"][0]["paid"]


def test_8_1e_a_gun_silent_at_the_roll_reads_in_words():
    assert GunSilent(unit=SU_ART, reason="it traces no supply line now", case="8.1E").text() == f"{SU_ART} does not fire: it traces no supply line now"


def test_8_1e_the_defender_s_gun_cut_before_the_roll_is_silent_too():
    placed = {GE_INF: N[0], SU_DIV: PLAIN, SU_ART: ring(PLAIN, 2)[3], ARMY_HQ: ring(PLAIN, 2)[3]}
    state = bare(placed, side="german", phase="combat_1_1", orders={"k47": "mobile", "c48": "defense", "a53": "defense"})
    declare(state, PLAIN, GE_INF)
    state.apply(EndPhase())
    before = state.game["supply"]["soviet"]
    state.apply(SupportDefence(unit=SU_ART, attack=0))
    assert state.game["supply"]["soviet"] == before - 1
    state.to_box(ARMY_HQ, "eliminated")
    state.cache.clear()
    state.rng = Faces(3, 4)
    events = state.apply(EndSupport())
    assert [(e.unit, e.case) for e in events if isinstance(e, GunSilent)] == [(SU_ART, "8.1E")]
    assert state.game["supply"]["soviet"] == before
    resolved = next(e for e in events if e.kind == "CombatResolved")
    assert SU_ART not in [d[0] for d in resolved.defenders] and resolved.defense == "7"

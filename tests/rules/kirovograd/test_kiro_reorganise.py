"""14.4C, 15.2B in the game: once the defender's reserves are committed the attacker may strengthen
the attacks whose targets they reinforced, with units from other attacks or not yet attacking, guns
and HQs (a support already given elsewhere stays there, 15.2C); a reserve that moved into a vacant
hex next to attacking units must be attacked when a unit can."""
from __future__ import annotations

import pytest

from kharkovsuite.engine.actions import CommitReserve, DeclineReserve, EndPhase
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kirovograd import counters, fight
from kharkovsuite.rules.kirovograd.fight import AttackReserve, EndReorganise, Reinforce

from .kiro_helpers import GE_INF, GE_INF2, PLAIN, SU_DIV, SU_TANK, ring
from .test_kiro_fight import N, combat_round, declare

BEHIND = ring(PLAIN, 2)[6]  # the Soviet tank brigade's reserve hex, two hexes east of the rifle division
ORDERS = {"k47": "mobile", "d320": "mobile", "c48": "mobile", "m5g": "mobile"}


def declared(attacker_hex=N[0]):
    """47th Korps' regiment attacks the rifle division at PLAIN; the 320th's regiment stands next to PLAIN without
    attacking; the Soviet tank brigade waits in reserve."""
    state = combat_round({GE_INF: attacker_hex, GE_INF2: N[1], SU_DIV: PLAIN, SU_TANK: BEHIND}, ORDERS)
    state.set_flag(SU_TANK, counters.RESERVE)
    declare(state, PLAIN, GE_INF)
    state.apply(EndPhase())
    assert state.pending[-1].kind == "defensive_reserves"
    return state


def commit(state, path):
    """The tank brigade is committed along ``path``; the defender then commits nothing more."""
    state.apply(CommitReserve(units=(SU_TANK,), hexes=path))
    while state.pending and state.pending[-1].kind == "defensive_reserves":
        state.apply(DeclineReserve())


def test_15_2b_a_target_reinforced_by_a_reserve_may_be_attacked_by_more_units():
    state = declared()
    commit(state, (BEHIND, N[3], PLAIN))
    decision = state.pending[-1]
    assert (decision.kind, state.to_act, decision.data["reinforced"]) == (fight.REORGANISE, "german", [0])
    assert Reinforce(attack=0, unit=GE_INF2) in state.legal_actions().actions()
    with pytest.raises(IllegalAction, match="^14.3E"):
        state.apply(Reinforce(attack=0, unit=GE_INF))
    state.apply(Reinforce(attack=0, unit=GE_INF2))
    with pytest.raises(IllegalAction, match="^15.2B"):
        state.apply(Reinforce(attack=0, unit=GE_INF2))  # once only
    state.apply(EndReorganise())
    assert state.phase_data["fight"]["attacks"][0]["attackers"] == [GE_INF, GE_INF2]
    assert state.turn_data["attacked"][GE_INF2] == 1
    assert not state.pending or state.pending[-1].kind != fight.REORGANISE


def test_15_2b_no_reorganising_when_the_reserves_change_nothing():
    state = declared()
    state.apply(DeclineReserve())
    assert not state.pending or state.pending[-1].kind != fight.REORGANISE
    state = declared()
    commit(state, (BEHIND, ring(PLAIN, 3)[9]))  # further away: no ZOC on the attackers
    assert not state.pending or state.pending[-1].kind != fight.REORGANISE


def test_14_4c_a_reserve_next_to_the_attackers_must_be_attacked():
    """The 47th Korps' regiment attacks from N[2]; the reserve moves into the vacant N[3], next to it: the attacks
    may not stand until the reserve's hex is attacked too, here by the regiment leaving its first attack."""
    state = declared(attacker_hex=N[2])
    commit(state, (BEHIND, N[3]))
    decision = state.pending[-1]
    assert (decision.kind, decision.data["new"], decision.data["reinforced"]) == (fight.REORGANISE, [N[3]], [])
    assert EndReorganise() not in state.legal_actions().actions()
    with pytest.raises(IllegalAction, match="^14.4C"):
        state.apply(EndReorganise())
    assert AttackReserve(hex=N[3], unit=GE_INF) in state.legal_actions().actions()
    with pytest.raises(IllegalAction, match="^14.4C"):
        state.apply(AttackReserve(hex=N[4], unit=GE_INF))  # not a reserve's new hex
    state.apply(AttackReserve(hex=N[3], unit=GE_INF))
    state.apply(EndReorganise())
    assert [a["targets"] for a in state.phase_data["fight"]["attacks"]] == [[N[3]]]  # the emptied attack on PLAIN is dropped


def test_15_2b_the_reorganisation_reads_with_the_target_hexes_and_its_case():
    state = declared()
    commit(state, (BEHIND, N[3], PLAIN))
    words = state.rules.describe(state, Reinforce(attack=0, unit=GE_INF2))
    assert words.label.endswith(f"joins the attack on {PLAIN}, which the reserves reinforced (15.2B)")
    assert state.rules.describe(state, EndReorganise()).label == "The attacks stand as reorganised (15.2B)"


def test_15_2b_c_a_unit_leaves_its_attack_for_the_reinforced_one_but_a_gun_firing_elsewhere_stays():
    """Soviet rifle divisions on assault orders attack the German regiment at PLAIN and, with the army gun's barrage,
    another regiment next door; a German motorised regiment in reserve moves into PLAIN.  The second division may
    join the attack on PLAIN (its own attack is then dropped); the gun may not (15.2C)."""
    from .kiro_helpers import GE_MOT, SU_ART, SU_DIV2

    probe = combat_round({}, ORDERS)
    b = probe.board
    east = next(h for h in b.nbrs[N[1]] if b.distance(h, N[0]) == 2 and b.distance(h, PLAIN) == 2)
    orders = {"c48": "assault", "a53": "assault", "k47": "mobile", "d320": "mobile", "p3": "mobile"}
    state = combat_round({SU_DIV: N[0], SU_DIV2: N[1], SU_ART: ring(PLAIN, 5)[0], "su-53a-hq": ring(PLAIN, 5)[0], GE_INF: PLAIN,
                          GE_INF2: east, GE_MOT: BEHIND}, orders, side="soviet")  # the army HQ: the gun's supply line (8.1E)
    state.set_flag(GE_MOT, counters.RESERVE)
    declare(state, PLAIN, SU_DIV)
    declare(state, east, SU_DIV2, support=[SU_ART])
    state.apply(EndPhase())
    state.apply(CommitReserve(units=(GE_MOT,), hexes=(BEHIND, N[3], PLAIN)))
    while state.pending[-1].kind == "defensive_reserves":
        state.apply(DeclineReserve())
    assert (state.pending[-1].kind, state.pending[-1].data["reinforced"]) == (fight.REORGANISE, [0])
    legal = state.legal_actions().actions()
    assert Reinforce(attack=0, unit=SU_DIV2) in legal and Reinforce(attack=0, unit=SU_ART) not in legal
    with pytest.raises(IllegalAction, match="^14.3E"):
        state.apply(Reinforce(attack=0, unit=SU_ART))
    with pytest.raises(IllegalAction, match="^15.2B"):
        state.apply(Reinforce(attack=1, unit=SU_DIV))  # the attack on the other hex was not reinforced
    state.apply(Reinforce(attack=0, unit=SU_DIV2))
    state.apply(EndReorganise())
    attacks = state.phase_data["fight"]["attacks"]
    assert [(a["targets"], a["attackers"]) for a in attacks] == [([PLAIN], [SU_DIV, SU_DIV2])]

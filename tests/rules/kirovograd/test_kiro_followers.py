"""18.5 in the game: units that did not attack follow an advance when they stood with the attackers,
or next to them clear of enemy ZOCs; only once an attacker has advanced, as far as it went and as
their orders allow."""
from __future__ import annotations

import pytest

from kharkovsuite.engine.actions import Advance, EndPhase
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kirovograd import fight

from .kiro_helpers import GE_INF, GE_INF3, GE_MOT, GE_PZ, GE_RECON, PLAIN, SU_DIV, SU_DIV2, ring
from .test_kiro_fight import Faces, N, combat_round, declare


def after_the_retreat(extra=None, d320="mobile", prepare=None):
    """3rd Panzer's armour and motorised regiment assault a rifle division at PLAIN from N[0] (D1R2, 2 hexes of
    retreat); the recon battalion stands with them without attacking, an infantry regiment of the 47th Korps and one
    of the 320th in the two hexes behind N[0]."""
    probe = combat_round({GE_PZ: N[0]}, {"p3": "assault"})
    behind = [h for h in ring(PLAIN, 2) if h in probe.board.nbrs[N[0]]]
    placed = {GE_PZ: N[0], GE_MOT: N[0], GE_RECON: N[0], GE_INF: behind[0], GE_INF3: behind[1], SU_DIV: PLAIN}
    placed.update(extra(probe, behind) if extra else {})
    state = combat_round(placed, {"p3": "assault", "c48": "defense", "k47": "mobile", "d320": d320})
    if prepare:
        prepare(state)
    declare(state, PLAIN, GE_PZ, GE_MOT)
    state.rng = Faces(5, 5)
    state.apply(EndPhase())
    while state.pending[-1].kind != fight.ADVANCE:
        state.apply(state.legal_actions().actions()[0])  # the Soviet retreat
    return state, behind


def test_18_5c_second_line_units_wait_for_an_attacker_to_advance():
    state, behind = after_the_retreat()
    assert all(a.unit in (GE_PZ, GE_MOT) for a in state.legal_actions().actions() if isinstance(a, Advance))
    with pytest.raises(IllegalAction, match="^18.5C"):
        state.apply(Advance(unit=GE_RECON, path=(N[0], PLAIN)))


def test_18_5a_b_units_stacked_with_or_behind_the_attackers_follow_as_far_as_they_went():
    state, behind = after_the_retreat()
    state.apply(Advance(unit=GE_PZ, path=(N[0], PLAIN)))
    legal = set(state.legal_actions().actions())
    assert Advance(unit=GE_RECON, path=(N[0], PLAIN)) in legal  # stacked with the attackers (18.5A)
    assert Advance(unit=GE_INF, path=(behind[0], N[0])) in legal  # next to them, into the hex they left
    assert Advance(unit=GE_INF, path=(behind[0], N[0], PLAIN)) not in legal
    with pytest.raises(IllegalAction, match="^18.5B"):
        state.apply(Advance(unit=GE_INF, path=(behind[0], N[0], PLAIN)))  # the attackers went one hex
    state.apply(Advance(unit=GE_RECON, path=(N[0], PLAIN)))
    assert state.units[GE_RECON].hex == PLAIN


def test_18_5a_a_unit_next_to_the_attackers_but_in_an_enemy_zoc_stays():
    def soviet_behind(probe, behind):
        near = [h for h in probe.board.nbrs[behind[1]]
                if probe.board.distance(h, N[0]) == 2 and probe.board.distance(h, behind[0]) > 1 and probe.board.distance(h, PLAIN) > 2]
        return {SU_DIV2: near[0]}

    state, behind = after_the_retreat(soviet_behind)
    state.apply(Advance(unit=GE_PZ, path=(N[0], PLAIN)))
    assert not any(a.unit == GE_INF3 for a in state.legal_actions().actions() if isinstance(a, Advance))
    assert any(a.unit == GE_INF for a in state.legal_actions().actions() if isinstance(a, Advance))
    with pytest.raises(IllegalAction, match="^18.5A"):
        state.apply(Advance(unit=GE_INF3, path=(behind[1], N[0])))


def test_18_5b_a_second_line_unit_under_defense_orders_stays():
    state, behind = after_the_retreat(d320="defense")
    state.apply(Advance(unit=GE_PZ, path=(N[0], PLAIN)))
    assert not any(a.unit == GE_INF3 for a in state.legal_actions().actions() if isinstance(a, Advance))
    with pytest.raises(IllegalAction, match="^18.5B"):
        state.apply(Advance(unit=GE_INF3, path=(behind[1], N[0])))


def test_18_5a_a_unit_stacked_with_the_attackers_that_attacked_elsewhere_this_round_or_waits_in_reserve_stays():
    """18.5A: the recon battalion stands with the attackers; it follows them only if it did not attack this
    round (the record each attack's declaration writes) and is no reserve (12.2: a reserve acts when committed)."""
    from kharkovsuite.rules.kirovograd import counters

    def attacked_elsewhere(state):
        state.turn_data.setdefault("attacked", {})[GE_RECON] = fight.round_no(state)

    for prepare in (attacked_elsewhere, lambda state: state.set_flag(GE_RECON, counters.RESERVE)):
        state, _ = after_the_retreat(prepare=prepare)
        state.apply(Advance(unit=GE_PZ, path=(N[0], PLAIN)))
        assert not any(a.unit == GE_RECON for a in state.legal_actions().actions() if isinstance(a, Advance))
        with pytest.raises(IllegalAction, match="^18.5A"):
            state.apply(Advance(unit=GE_RECON, path=(N[0], PLAIN)))


def test_18_5a_an_hq_stacked_with_the_attackers_does_not_follow():
    """18.5A: HQs stay (as guns and reserves do), though stacked with the attackers."""
    from .kiro_helpers import GE_PZ_HQ

    state, _ = after_the_retreat(lambda probe, behind: {GE_PZ_HQ: N[0]})
    state.apply(Advance(unit=GE_PZ, path=(N[0], PLAIN)))
    assert not any(a.unit == GE_PZ_HQ for a in state.legal_actions().actions() if isinstance(a, Advance))
    assert Advance(unit=GE_RECON, path=(N[0], PLAIN)) in state.legal_actions().actions()
    with pytest.raises(IllegalAction, match="^18.5A"):
        state.apply(Advance(unit=GE_PZ_HQ, path=(N[0], PLAIN)))

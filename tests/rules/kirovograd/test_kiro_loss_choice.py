"""16.0-16.3 in the game: the owner of the units names the unit of each SP its side loses, within
the 50% limit (16.1) and the odd losses from armour (16.2); a loss only one unit may take is taken
without asking; the random player finishes a combat through the listed choices; a save taken while
a side chooses restores to the same position."""
from __future__ import annotations

import json
import random

import pytest

from kharkovsuite.engine.actions import ChooseLoss, EndPhase
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.engine.state import GameState
from kharkovsuite.rules.kirovograd import fight
from kharkovsuite.rules.kirovograd.rules import RULES

from .kiro_helpers import GE_MOT, GE_PZ, GE_RECON, PLAIN, SU_DIV, SU_DIV2, SU_MECH, SU_TANK
from .test_kiro_fight import Faces, N, combat_round, declare


def a2_against_rifles():
    """3rd Panzer's armour (6) and motorised regiment (4) attack two rifle divisions; the roll of 2 gives A2."""
    state = combat_round({GE_PZ: N[0], GE_MOT: N[0], SU_DIV: PLAIN, SU_DIV2: PLAIN}, {"p3": "mobile", "c48": "mobile"})
    declare(state, PLAIN, GE_PZ, GE_MOT)
    state.rng = Faces(1, 1)
    state.apply(EndPhase())
    return state


def a2_against_armour():
    """The same A2 with the recon battalion (armoured, 2 SP) along and Soviet tank brigades defending: 16.2 applies."""
    state = combat_round({GE_PZ: N[0], GE_MOT: N[1], GE_RECON: N[1], SU_TANK: PLAIN, SU_MECH: PLAIN},
                         {"p3": "mobile", "c48": "mobile", "m5g": "mobile"})
    declare(state, PLAIN, GE_PZ, GE_MOT, GE_RECON)
    state.rng = Faces(1, 1)
    state.apply(EndPhase())
    return state


def test_16_0_the_owner_names_the_unit_of_each_loss():
    """The German player puts both SP of an A2 on the motorised regiment, not on the stronger
    armour the default order would pick."""
    state = a2_against_rifles()
    decision = state.pending[-1]
    assert (decision.kind, state.to_act) == (fight.LOSSES, "german")
    assert sorted(state.legal_actions().actions(), key=str) == [ChooseLoss(unit=GE_MOT), ChooseLoss(unit=GE_PZ)]
    state.apply(ChooseLoss(unit=GE_MOT))
    assert state.units[GE_MOT].step == 0  # nothing lands before every loss is named
    assert fight.loss_choice(state, state.pending[-1])["number"] == 2
    state.apply(ChooseLoss(unit=GE_MOT))
    assert (state.units[GE_MOT].step, state.units[GE_PZ].step) == (2, 0)
    assert not state.pending or state.pending[-1].kind != fight.LOSSES


def test_16_0_a_unit_outside_the_combat_is_refused():
    state = a2_against_rifles()
    with pytest.raises(IllegalAction, match="^16.0"):
        state.apply(ChooseLoss(unit=SU_DIV))


def test_16_1_16_2_a_choice_past_the_limits_is_refused_and_not_listed():
    """Both sides have armour: the first loss comes from armour (16.2), so the motorised regiment
    may not take it; the 2-SP recon battalion takes it and then has no room left (16.1)."""
    state = a2_against_armour()
    choice = fight.loss_choice(state, state.pending[-1])
    assert (choice["number"], choice["of"], choice["case"]) == (1, 2, "16.2")
    assert ChooseLoss(unit=GE_MOT) not in state.legal_actions().actions()
    with pytest.raises(IllegalAction, match="^16.2"):
        state.apply(ChooseLoss(unit=GE_MOT))
    state.apply(ChooseLoss(unit=GE_RECON))
    assert sorted(state.legal_actions().actions(), key=str) == [ChooseLoss(unit=GE_MOT), ChooseLoss(unit=GE_PZ)]
    with pytest.raises(IllegalAction, match="^16.1"):
        state.apply(ChooseLoss(unit=GE_RECON))
    state.apply(ChooseLoss(unit=GE_PZ))
    assert (state.units[GE_RECON].step, state.units[GE_PZ].step, state.units[GE_MOT].step) == (1, 1, 0)


def test_16_2_a_loss_only_one_unit_may_take_is_taken_without_asking():
    """With the armoured regiment the only armour left to the attacker, the first loss is its own
    at once and the owner is asked only for the second."""
    state = combat_round({GE_PZ: N[0], GE_MOT: N[0], SU_TANK: PLAIN, SU_MECH: PLAIN}, {"p3": "mobile", "m5g": "mobile"})
    declare(state, PLAIN, GE_PZ, GE_MOT)
    state.rng = Faces(1, 1)
    state.apply(EndPhase())
    assert state.pending[-1].kind == fight.LOSSES
    assert fight.loss_choice(state, state.pending[-1])["number"] == 2
    state.apply(ChooseLoss(unit=GE_MOT))
    assert (state.units[GE_PZ].step, state.units[GE_MOT].step) == (1, 1)


def test_16_0_a_save_while_a_side_chooses_its_losses_restores_and_replays_equal():
    state = a2_against_rifles()
    state.apply(ChooseLoss(unit=GE_PZ))
    state.rng = random.Random(7)  # the scripted dice are spent; a save holds a real generator
    restored = GameState(state.scenario, RULES, state.seed)
    restored.restore(json.loads(json.dumps(state.to_dict())))
    assert restored.pending[-1].kind == fight.LOSSES
    assert list(restored.legal_actions().actions()) == list(state.legal_actions().actions())
    assert restored.apply(ChooseLoss(unit=GE_MOT)) == state.apply(ChooseLoss(unit=GE_MOT))
    assert (restored.units[GE_PZ].step, restored.units[GE_MOT].step) == (1, 1)


def test_16_0_the_random_player_settles_a_combat_through_the_listed_losses():
    rng = random.Random(3)
    state = a2_against_armour()
    seen = 0
    while state.pending and state.pending[-1].kind == fight.LOSSES:
        legal = state.legal_actions().actions()
        assert legal and all(isinstance(a, ChooseLoss) for a in legal)
        state.apply(legal[rng.randrange(len(legal))])
        seen += 1
    assert seen >= 1 and sum(state.units[u].step for u in (GE_PZ, GE_MOT, GE_RECON)) == 2


def test_16_0_a_loss_choice_reads_with_the_unit_its_sp_and_room():
    state = a2_against_armour()
    words = state.rules.describe(state, ChooseLoss(unit=GE_RECON))
    assert words.label.endswith("takes loss 1 of 2 (16.2, 2 SP, may lose 1 more this round)")
    assert "armoured or anti-tank" in words.detail


def test_16_3b_d_the_ussr_names_the_armour_taking_the_special_armours_extra_losses_within_half():
    """The 905th Ferdinand battalion (3 special SP) and an infantry regiment roll 10 at 1-2 against two Soviet
    armoured brigades by day: D1R1.  The USSR names its armour for the one SP and for the first of three extra
    losses (16.3B); the brigade it chose twice is then at half its strength (16.3D), so the last two go to the other."""
    state = combat_round({"de-47k-905": N[0], "de-47k-hk": N[0], SU_TANK: PLAIN, SU_MECH: PLAIN}, {"k47": "mobile", "m5g": "mobile"})
    declare(state, PLAIN, "de-47k-905", "de-47k-hk")
    state.rng = Faces(5, 5)
    state.apply(EndPhase())
    assert (state.pending[-1].kind, state.to_act) == (fight.LOSSES, "soviet")
    state.apply(ChooseLoss(unit=SU_TANK))
    choice = fight.loss_choice(state, state.pending[-1])
    assert (choice["extra"], choice["number"], choice["of"], choice["case"]) == (True, 1, 3, "16.3B")
    state.apply(ChooseLoss(unit=SU_TANK))
    assert (state.units[SU_TANK].step, state.units[SU_MECH].step) == (2, 2)

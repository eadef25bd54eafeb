"""Kharkov 1943 reaction movement (6.6), through the hook combat will call (part 2)."""
from __future__ import annotations

import pytest

from kharkovsuite.engine.actions import Move
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kharkov1943 import reaction
from kharkovsuite.rules.kharkov1943.actions import EndReaction

from .k43_helpers import INF, PLAIN, SU_DIV, SU_DIV2, SU_HQ, bare, general, scenario_grid

TARGET = "2702"


def _attacked(**extra):
    state = general(bare({SU_HQ: PLAIN, SU_DIV: TARGET, SU_DIV2: "2601", INF: "2703", **extra}))
    assert reaction.offer(state, TARGET)
    return state


def test_6_6_the_defender_may_move_three_op_into_the_attacked_hex():
    state = _attacked()
    assert state.to_act == "soviet" and state.pending[-1].case == "6.6"
    moves = [a for a in state.legal_actions().actions() if isinstance(a, Move) and a.units == (SU_DIV2,)]
    assert Move(units=(SU_DIV2,), path=("2601", TARGET)) in moves  # 2 clear + 1 entering the ZoC
    assert all(len(m.path) == 2 for m in moves)  # two hexes would cost 4
    state.apply(Move(units=(SU_DIV2,), path=("2601", TARGET)))
    assert state.units[SU_DIV2].hex == TARGET
    state.apply(EndReaction())
    assert not state.pending and state.to_act == "german"
    assert "spent" not in state.phase_data["activation"] or SU_DIV2 not in state.phase_data["activation"]["spent"]


def test_6_6_fatigue_2_units_and_units_outside_the_command_do_not_react():
    far = [h for h in scenario_grid().ring(PLAIN, 7) if h in bare({}).board.in_play][0]
    state = bare({SU_HQ: PLAIN, SU_DIV: TARGET, SU_DIV2: "2601", INF: "2703", "su_267rd": far})
    state.game["fatigue"] = {SU_DIV2: 2}
    assert reaction.eligible(state, TARGET) == [SU_HQ]


def test_6_6_units_isolated_or_out_of_supply_do_not_react():
    state = bare({SU_HQ: PLAIN, SU_DIV: TARGET, SU_DIV2: "2601", INF: "2703"})
    assert SU_DIV2 in reaction.eligible(state, TARGET)
    state.game["supply"] = {SU_DIV2: "isolated"}
    assert SU_DIV2 not in reaction.eligible(state, TARGET)


def test_6_6_a_reaction_move_beyond_three_op_is_refused():
    state = _attacked()
    with pytest.raises(IllegalAction, match=r"^6\.1: su_172rd has 3 OP, reaching 2603 costs 5$"):
        state.apply(Move(units=(SU_DIV2,), path=("2601", "2602", "2603")))


def test_6_6_the_defender_answers_an_announced_attack_only_by_moving_or_ending_the_reaction():
    from kharkovsuite.rules.kharkov1943.actions import Pass

    state = _attacked()
    with pytest.raises(IllegalAction) as info:
        state.apply(Pass())
    assert (info.value.case, info.value.reason) == (
        "6.6", "the defender answers the announced attack by moving units in reaction or ending the reaction")


def test_6_6_a_unit_reacts_once_and_the_reaction_ends_when_no_unit_is_left_to_react():
    state = _attacked()
    assert reaction.eligible(state, TARGET) == [SU_DIV2, SU_HQ]
    events = state.apply(Move(units=(SU_DIV2,), path=("2601", TARGET)))
    assert [(e.units, e.path, e.cost, e.how, e.case) for e in events if e.kind == "UnitMoved"] == [
        ((SU_DIV2,), ("2601", TARGET), 3.0, "reaction", "6.6")]
    assert state.pending and state.pending[-1].case == "6.6"  # the HQ may still react
    assert not [a for a in state.legal_actions().actions() if isinstance(a, Move) and SU_DIV2 in a.units]
    with pytest.raises(IllegalAction) as info:
        state.apply(Move(units=(SU_DIV2,), path=(TARGET, "2601")))
    assert (info.value.case, info.value.reason) == (
        "6.6", f"{SU_DIV2} may not react to this attack (moved already, another HQ's, or at Fatigue 2)")
    state.apply(Move(units=(SU_HQ,), path=(PLAIN, "2601")))
    assert not state.pending and state.to_act == "german"  # every unit that could react has


def test_6_6_reaction_moves_start_where_the_unit_is_and_name_two_hexes():
    state = _attacked()
    with pytest.raises(IllegalAction) as info:
        state.apply(Move(units=(SU_DIV2,), path=(PLAIN, "2601")))
    assert (info.value.case, info.value.reason) == ("6.6", f"{SU_DIV2} is not in {PLAIN}, where the path starts")
    with pytest.raises(IllegalAction) as info:
        state.apply(Move(units=(SU_DIV2,), path=("2601",)))
    assert (info.value.case, info.value.reason) == ("6.6", "a reaction move names at least two hexes")

"""Kharkov 1943 stacking (5), and random playouts over activations and moves with invariants,
clone and save round-trips."""
from __future__ import annotations

import random

import pytest

from kharkovsuite.engine.actions import EliminateExcess, Move
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.engine.state import GameState
from kharkovsuite.rules.kharkov1943 import stacking
from kharkovsuite.rules.kharkov1943.actions import Assault, EndActivation, Pass
from kharkovsuite.rules.kharkov1943.rules import RULES

from .k43_helpers import PLAIN, SU_DIV, bare, check_invariants, fresh, general, move

ELEVEN = ["d320_585", "d320_586", "d320_587", "pz7_pz", "pz7_6", "pz7_7", "pz3_pz", "pz3_3", "pz3_394", "pz19_pz", "pz19_73"]


def _crowd():
    units = [u for u in ELEVEN if u in fresh().units]
    assert sum(fresh().board.units[u].values.stacking for u in units) == 11
    return units


def test_5_stacking_is_free_during_operations_and_checked_at_their_end():
    units = _crowd()
    state = bare({**{u: "2702" for u in units[:-1]}, units[-1]: PLAIN, SU_DIV: "2101"})
    general(state)
    move(state, [units[-1]], PLAIN, "2702")  # eleven points: allowed while the phase lasts
    assert stacking.points(state, "2702", "german") == 11
    assert stacking.excess(state, "2702", "german") == "more than 10 stacking points"
    state.apply(EndActivation())
    state.apply(Pass())  # Soviet
    assert state.phase.id == "operations"
    state.apply(Pass())  # German: the phase ends
    assert state.to_act == "german" and state.pending[-1].case == "5"
    with pytest.raises(IllegalAction, match=r"^5: su_350rd is not a german unit in 2702$"):
        state.apply(EliminateExcess(unit=SU_DIV))
    state.apply(EliminateExcess(unit=units[0]))  # ten points now, but three armoured regiments
    assert state.units[units[0]].box == "eliminated" and state.pending
    state.apply(EliminateExcess(unit="pz7_pz"))
    assert not state.pending and state.turn == 3


def test_the_playout_invariants_catch_each_broken_rule():
    """check_invariants, run after every action of the playouts, refuses an overspent unit, a third
    activation, a hex shared with the enemy and a crowded hex once the operations phase is over."""
    from kharkovsuite.rules.kharkov1943 import sequence

    units = _crowd()
    state = general(bare({**{u: "2702" for u in units[:-1]}, units[-1]: PLAIN, SU_DIV: "2101"}))
    move(state, [units[-1]], PLAIN, "2702")  # eleven points, allowed while the phase lasts
    ops = (state.turn, state.phase_index)
    check_invariants(state, ops)
    act = state.phase_data["activation"]

    def overspent(s):
        s.phase_data["activation"]["spent"][units[-1]] = act["op"][units[-1]] + 5

    def third(s):
        s.turn_data.setdefault("activations", {})[units[0]] = 3

    def shared(s):
        s.place(SU_DIV, "2702")

    def phase_over(s):
        s.phase_index = sequence.INDEX["administrative"]

    for broken, message in ((overspent, "overspent"), (third, "three times"), (shared, "both sides"),
                            (phase_over, "over-stacked")):
        twin = state.clone()
        broken(twin)
        with pytest.raises(AssertionError, match=message):
            check_invariants(twin, ops)
    from kharkovsuite.engine.events import PhaseChanged, UnitMoved

    later = state.clone()
    phase_over(later)
    events = [PhaseChanged(turn=2, phase="administrative", side=None, name="Administrative", case="2.1"),
              UnitMoved(units=(units[-1],), path=("2702",), how="rebuilt", case="16.2")]
    check_invariants(later, ops, events)  # crowded by a unit placed after the phase ended: not 5's business


@pytest.mark.parametrize("seed", [1, 2])
def test_random_playout_keeps_the_invariants(seed):
    """Activations, moves and attacks at random: OP never overspent, two activations at most, no
    hex shared with the enemy, no dead unit on the map, stacking sound once the operations phase
    is over; clones stay equal."""
    state = fresh(seed)
    rng = random.Random(seed)
    for n in range(260):
        if state.terminal:
            break
        legal = state.legal_actions().actions()
        assert len(legal) > 0
        actions = list(legal)
        moves = [a for a in actions if isinstance(a, Move)]
        attacks = [a for a in actions if isinstance(a, Assault)]
        # Passing too eagerly would end every turn at once; prefer doing something, fighting first.
        if attacks and rng.random() < 0.6:
            pool = attacks
        else:
            pool = moves if moves and rng.random() < 0.7 else actions
        action = rng.choice(pool)
        before = (state.turn, state.phase_index)
        twin = state.clone()
        events = state.apply(action)
        twin.apply(action)
        assert twin == state
        check_invariants(state, before, events)
    assert any(isinstance(a, Move) for a in state.actions)
    assert any(isinstance(a, (EndActivation, Pass)) for a in state.actions)
    assert sum(e.kind == "CombatResolved" for e in state.log) >= 3


def test_saved_position_and_replay_give_the_same_game():
    state = fresh(4)
    rng = random.Random(4)
    for _ in range(80):
        legal = list(state.legal_actions().actions())
        attacks = [a for a in legal if isinstance(a, Assault)]
        state.apply(rng.choice(attacks if attacks and rng.random() < 0.5 else legal))
    assert any(e.kind == "CombatResolved" for e in state.log)
    restored = GameState(state.scenario, RULES, state.seed)
    restored.restore(state.to_dict())
    assert restored == state
    replayed = fresh(4)
    for action in state.actions:
        replayed.apply(action)
    assert replayed == state
    assert restored.legal_actions().actions()[:] == state.legal_actions().actions()[:]


def test_5_two_german_armoured_regiments_of_different_divisions_at_most():
    two = bare({"pz7_pz": PLAIN, "pz3_pz": PLAIN})
    assert stacking.excess(two, PLAIN, "german") is None
    three = bare({"pz7_pz": PLAIN, "pz3_pz": PLAIN, "pz19_pz": PLAIN})
    assert "armoured regiments" in stacking.excess(three, PLAIN, "german")


def test_5_three_german_battalions_of_different_divisions_at_most():
    three = bare({"pz7_aa": PLAIN, "pz3_aa": PLAIN, "pz7_pz_det": PLAIN})
    assert stacking.excess(three, PLAIN, "german") is None
    four = bare({"pz7_aa": PLAIN, "pz3_aa": PLAIN, "pz7_pz_det": PLAIN, "pz3_pz_det": PLAIN})
    assert "battalions" in stacking.excess(four, PLAIN, "german")
    assert stacking.over_stacked(four) == [(PLAIN, "german")]


def test_5_two_independent_soviet_tank_brigades_at_most():
    from kharkovsuite.rules.kharkov1943.rules import new_game
    from kharkovsuite.scenario import load_scenario

    from .k43_helpers import ROOT

    state = new_game(load_scenario(ROOT / "scenarios" / "kharkov-1943-campaign.yaml"), 1)
    brigades = ["su_116tb", "su_179tb", "su_201tb"]
    hex_id = state.units[brigades[0]].hex
    for uid in brigades[1:]:
        state.place(uid, hex_id)
    assert "independent armoured brigades" in stacking.excess(state, hex_id, "soviet")
    state.to_box(brigades[2], "off")
    assert stacking.excess(state, hex_id, "soviet") is None
    state.place("su_3tc_det", hex_id)  # a detachment belongs to its corps (1.3)
    assert stacking.excess(state, hex_id, "soviet") is None


def test_5_units_of_one_division_are_limited_by_points_alone():
    from types import SimpleNamespace

    one_division = [SimpleNamespace(formation="pz7")] * 4
    mixed = [SimpleNamespace(formation="pz7")] * 3 + [SimpleNamespace(formation="pz3")]
    assert not stacking._mixed_over(one_division, 3)
    assert stacking._mixed_over(mixed, 3)


def test_observation_never_shows_the_dice_to_come():
    state = fresh(5)
    seen = state.observation("german")
    from kharkovsuite.rules.kharkov1943 import fog

    hidden = fog.hidden_units(state, "german")  # 10: what fog of war keeps back, and nothing else
    everything = {u.pop("id"): u for u in state.to_dict(with_log=False)["units"]}
    assert "rng" not in seen and seen["units"] == {u: rec for u, rec in everything.items() if u not in hidden}


def test_5_the_owner_of_an_over_stacked_hex_removes_a_unit_before_anything_else():
    units = _crowd()
    state = bare({**{u: "2702" for u in units}, SU_DIV: "2101"})
    state.apply(Pass())  # German
    state.apply(Pass())  # Soviet: the phase ends
    decision = state.pending[-1]
    assert (decision.kind, decision.side, decision.case, decision.data) == (stacking.DECISION, "german", "5", {"hex": "2702"})
    with pytest.raises(IllegalAction) as info:
        state.apply(Pass())
    assert (info.value.case, info.value.reason) == ("5", "2702 holds more than 10 stacking points: remove a unit there first")


def test_5_a_unit_removed_from_an_over_stacked_hex_is_logged_eliminated_there_saying_why():
    units = _crowd()
    state = bare({**{u: "2702" for u in units}, SU_DIV: "2101"})
    state.apply(Pass())  # German
    state.apply(Pass())  # Soviet: the phase ends
    events = state.apply(EliminateExcess(unit=units[0]))
    assert [(e.unit, e.hex, e.reason, e.case) for e in events if e.kind == "Eliminated"] == [
        (units[0], "2702", "over-stacked at the end of the operations phase", "5")]


def test_5_the_owner_of_an_over_stacked_hex_is_offered_each_of_its_units_there_only():
    units = _crowd()
    state = bare({**{u: "2702" for u in units}, SU_DIV: "2101"})
    state.apply(Pass())  # German
    state.apply(Pass())  # Soviet: the phase ends
    assert sorted(state.legal_actions().actions(), key=lambda a: a.unit) == [EliminateExcess(unit=u) for u in sorted(units)]

"""German infantry divisional breakdown (15.1) on tests/data/k42-breakdown.yaml: ge-1..ge-3 are
9-8 divisions, ge-4 a 7-8 light division; the box holds four regiments ge-r1..ge-r4 (2-8/1-8)."""
import pytest
from k42_helpers import DATA, Dice, position

import k42_helpers
from kharkovsuite.engine import BreakDown, ChooseLoss, EndPhase, IllegalAction, Move, ReformDivision
from kharkovsuite.rules.kharkov1942 import breakdown
from kharkovsuite.rules.kharkov1942.units import defense, lose_step
from kharkovsuite.scenario import load_scenario


@pytest.fixture(autouse=True)
def _supplied_and_in_command(monkeypatch):
    """These positions test part 2b's rules alone: every unit in supply and in command (11.0, 10.2
    are tested with the supply engine)."""
    from kharkovsuite.rules.kharkov1942 import hq, supply

    monkeypatch.setattr(supply, "in_supply", lambda state, uid: True)
    monkeypatch.setattr(hq, "may_attack", lambda state, uid: True)


_SCENARIO = load_scenario(DATA / "k42-breakdown.yaml")


@pytest.fixture
def bd(monkeypatch):
    monkeypatch.setattr(k42_helpers, "_SCENARIO", _SCENARIO)

    def make(placements, phase="axis-movement", **kw):
        return position(placements, phase=phase, **kw)

    return make


def on_map(state, uid):
    return state.units[uid].hex


def test_15_11_a_9_8_division_breaks_down_into_three_2_8_regiments(bd):
    state = bd({"ge-1": "0207"})
    assert BreakDown(division="ge-1") in state.legal_actions()
    state.apply(BreakDown(division="ge-1"))
    regs = [u for u in state.units_at("0207")]
    assert len(regs) == 3 and all(u.startswith("ge-r") for u in regs)
    assert all(defense(state, state.units[u]) == 2 for u in regs)
    assert state.units["ge-1"].box == breakdown.BOX


def test_15_11_a_7_8_division_gives_two_2_8_and_one_1_8(bd):
    state = bd({"ge-4": "0207"})
    state.apply(BreakDown(division="ge-4"))
    values = sorted(defense(state, state.units[u]) for u in state.units_at("0207"))
    assert values == [1, 2, 2]


def test_15_11_the_regiments_move_normally_after_the_breakdown(bd):
    state = bd({"ge-1": "0207"})
    state.apply(BreakDown(division="ge-1"))
    reg = state.units_at("0207")[0]
    assert state.legal_moves(reg)


def test_15_11_a_division_that_has_moved_may_not_break_down(bd):
    state = bd({"ge-1": "0207"})
    state.apply(Move(units=("ge-1",), path=("0207", "0208")))
    with pytest.raises(IllegalAction) as err:
        state.apply(BreakDown(division="ge-1"))
    assert err.value.case == "15.11"


def test_15_11_breakdown_only_in_the_axis_initial_movement_phase(bd):
    state = bd({"ge-1": "0207"}, phase="axis-mechanized")
    with pytest.raises(IllegalAction):
        state.apply(BreakDown(division="ge-1"))


def test_15_13_breakdown_respects_stacking(bd):
    state = bd({"ge-1": "0207", "ge-2": "0207"})
    assert BreakDown(division="ge-1") not in state.legal_actions()
    with pytest.raises(IllegalAction) as err:
        state.apply(BreakDown(division="ge-1"))
    assert err.value.case == "15.13"


def test_15_14_a_regiment_has_one_step_whichever_face(bd):
    state = bd({"ge-4": "0207"})
    state.apply(BreakDown(division="ge-4"))
    for uid in list(state.units_at("0207")):
        lose_step(state, uid, [])
        assert state.units[uid].hex is None


def test_15_15_only_the_counters_in_the_box_are_used(bd):
    state = bd({"ge-1": "0207", "ge-2": "0407"})
    state.apply(BreakDown(division="ge-1"))  # three of the four regiments
    assert BreakDown(division="ge-2") not in state.legal_actions()
    with pytest.raises(IllegalAction) as err:
        state.apply(BreakDown(division="ge-2"))
    assert err.value.case == "15.15"


def test_15_15_eliminated_regiments_are_traded_for_a_division_in_the_box(bd):
    state = bd({"ge-1": "0207", "ge-2": "0407"})
    state.apply(BreakDown(division="ge-1"))
    for uid in list(state.units_at("0207")):
        lose_step(state, uid, [])
    state.apply(BreakDown(division="ge-2"))
    assert len(state.units_at("0407")) == 3
    assert state.units["ge-1"].box == breakdown.TRADED


def test_15_12_regiments_together_re_form_their_division(bd):
    state = bd({"ge-1": "0207"})
    state.apply(BreakDown(division="ge-1"))
    regs = tuple(state.units_at("0207"))
    state.apply(ReformDivision(division="ge-1", regiments=regs))
    assert state.units_at("0207") == ["ge-1"]
    assert all(state.units[r].box == breakdown.BOX for r in regs)


def test_15_12_regiments_apart_may_not_re_form(bd):
    state = bd({"ge-1": "0207"})
    state.apply(BreakDown(division="ge-1"))
    regs = tuple(state.units_at("0207"))
    state.apply(Move(units=(regs[0],), path=("0207", "0208")))
    with pytest.raises(IllegalAction) as err:
        state.apply(ReformDivision(division="ge-1", regiments=regs))
    assert err.value.case == "15.12"


def test_15_12_a_wrong_set_of_regiments_may_not_re_form(bd):
    state = bd({"ge-1": "0207"})
    state.apply(BreakDown(division="ge-1"))
    regs = tuple(state.units_at("0207"))
    with pytest.raises(IllegalAction) as err:
        state.apply(ReformDivision(division="ge-1", regiments=regs[:2]))
    assert err.value.case == "15.12"


def test_15_12_legal_actions_offer_the_re_forming_of_regiments_standing_together(bd):
    state = bd({"ge-1": "0207"})
    state.apply(BreakDown(division="ge-1"))
    regs = tuple(sorted(state.units_at("0207")))
    offered = [a for a in state.legal_actions() if a.kind == "ReformDivision"]
    assert offered == [ReformDivision(division="ge-1", regiments=regs)]
    state.apply(offered[0])
    assert state.units_at("0207") == ["ge-1"]


def test_15_12_no_re_forming_is_offered_when_the_regiments_stand_apart(bd):
    state = bd({"ge-1": "0207"})
    state.apply(BreakDown(division="ge-1"))
    regs = tuple(sorted(state.units_at("0207")))
    state.apply(Move(units=(regs[0],), path=("0207", "0208")))
    assert not [a for a in state.legal_actions() if a.kind == "ReformDivision"]


def test_15_1_every_offered_breakdown_and_re_forming_is_accepted(bd):
    state = bd({"ge-1": "0207", "ge-4": "0307"})
    state.apply(BreakDown(division="ge-1"))
    for action in [a for a in state.legal_actions() if a.kind in ("BreakDown", "ReformDivision")]:
        state.clone().apply(action)


def _moved(events):
    from kharkovsuite.engine.events import UnitMoved

    return [e for e in events if isinstance(e, UnitMoved)]


def test_15_11_the_log_tells_a_breakdown_in_the_division_s_hex(bd):
    state = bd({"ge-1": "0207"})
    events = state.apply(BreakDown(division="ge-1"))
    (ev,) = _moved(events)
    regs = tuple(state.units_at("0207"))
    assert ev.units == ("ge-1",) + regs and ev.path == ("0207",) and ev.how == "breakdown" and ev.case == "15.11"
    assert ev.text() == f"ge-1, {', '.join(regs)} breakdown 0207 (0 MP)"


def test_15_12_the_log_tells_a_division_re_formed_in_its_regiments_hex(bd):
    state = bd({"ge-1": "0207"})
    state.apply(BreakDown(division="ge-1"))
    regs = tuple(state.units_at("0207"))
    (ev,) = _moved(state.apply(ReformDivision(division="ge-1", regiments=regs)))
    assert ev.units == ("ge-1",) + regs and ev.path == ("0207",) and ev.how == "reform" and ev.case == "15.12"


def test_15_15_each_traded_regiment_returns_to_the_box_by_case_15_15(bd):
    from kharkovsuite.engine.events import FlagChanged

    state = bd({"ge-1": "0207", "ge-2": "0407"})
    state.apply(BreakDown(division="ge-1"))
    dead = list(state.units_at("0207"))
    for uid in dead:
        lose_step(state, uid, [])
    events = state.apply(BreakDown(division="ge-2"))
    back = [e for e in events if isinstance(e, FlagChanged)]
    assert back and all(e.flag == "available" and e.on and e.case == "15.15" for e in back)
    assert {e.unit for e in back} <= set(dead)


def test_15_12_re_forming_without_regiments_is_refused_with_what_to_do(bd):
    state = bd({"ge-1": "0207"})
    state.apply(BreakDown(division="ge-1"))
    with pytest.raises(IllegalAction) as err:
        state.apply(ReformDivision(division="ge-1", regiments=()))
    assert err.value.case == "15.12" and str(err.value) == "15.12: name the regiments that re-form the division"


def test_15_12_re_forming_from_the_wrong_regiments_names_the_ones_needed(bd):
    state = bd({"ge-4": "0207"})
    state.apply(BreakDown(division="ge-4"))
    regs = sorted(state.units_at("0207"), key=lambda r: defense(state, state.units[r]))
    assert [defense(state, state.units[r]) for r in regs] == [1, 2, 2]
    with pytest.raises(IllegalAction) as err:
        state.apply(ReformDivision(division="ge-4", regiments=tuple(regs[1:])))  # the two 2-8 without the 1-8
    assert str(err.value) == "15.12: ge-4 re-forms from 2 2-8 and 1 1-8 regiments"


def test_15_12_re_forming_outside_the_axis_initial_movement_phase_is_refused_in_words(bd):
    state = bd({"ge-1": "0207"})
    state.apply(BreakDown(division="ge-1"))
    regs = tuple(state.units_at("0207"))
    state.apply(EndPhase())
    assert state.phase.id != "axis-movement"
    with pytest.raises(IllegalAction) as err:
        breakdown.apply_reform(state, ReformDivision(division="ge-1", regiments=regs), [])
    assert str(err.value) == "15.12: divisions re-form only in the Axis Initial Movement Phase"

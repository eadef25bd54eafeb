"""24.3 in play: a Soviet unit on the west or south edge may leave the map as its move; each tank or
mechanized corps whose surviving units have all left strikes off a panzer division still to enter."""
from __future__ import annotations

import pytest

from kharkovsuite.engine.actions import EndPhase
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kirovograd import reinforcements as rf
from kharkovsuite.rules.kirovograd.actions import ExitOffMap

from .kiro_helpers import GE_INF, SU_DIV, SU_MECH, SU_MECH_HQ, SU_TANK, bare


def corps_at_the_south_edge():
    """The 5th Guards Mechanized Corps reduced to its HQ and two brigades, each on a south-edge hex, in a Soviet
    movement round; 3rd SS and Grossdeutschland still to come (turns 8 and 10)."""
    probe = bare({}, side="soviet")
    south = sorted(probe.board.map.edge("south"))
    placed = {SU_TANK: south[10], SU_MECH: south[12], SU_MECH_HQ: south[14], SU_DIV: south[16], GE_INF: south[30]}
    state = bare(placed, side="soviet", orders={"m5g": "mobile", "c48": "mobile", "k47": "mobile"})
    for u, info in state.board.units.items():
        if info.formation == "m5g" and u not in placed:
            state.to_box(u, "eliminated")
    arrivals = state.game["arrivals"]
    arrivals["ss3"]["turn"], arrivals["gd"]["turn"] = 8, 10
    assert arrivals["ss3"]["units"] and arrivals["gd"]["units"]
    return state


def test_24_3_the_corps_gone_off_the_map_strikes_off_the_latest_panzer_division():
    state = corps_at_the_south_edge()
    assert rf.panzer_divisions(state) == ["ss3", "gd", "viking"] and "m5g" in rf.armour_formations(state)
    assert {ExitOffMap(unit=u) for u in (SU_TANK, SU_MECH, SU_MECH_HQ, SU_DIV)} <= set(state.legal_actions().actions())
    state.apply(ExitOffMap(unit=SU_TANK))
    state.apply(ExitOffMap(unit=SU_MECH))
    assert state.units[SU_TANK].box == rf.EXITED and state.units[SU_TANK].hex is None
    assert state.game["arrivals"]["gd"]["turn"] == 10  # the HQ is still on the map: the corps has not all gone
    state.apply(ExitOffMap(unit=SU_MECH_HQ))
    gd, ss3 = state.game["arrivals"]["gd"], state.game["arrivals"]["ss3"]
    assert (gd["turn"], gd["units"]) == (None, []) and ss3["turn"] == 8 and ss3["units"]
    assert state.game["struck_off"] == ["gd"]
    state.apply(ExitOffMap(unit=SU_DIV))  # a rifle division may leave too, and strikes nothing off
    assert state.game["struck_off"] == ["gd"]


def test_24_3_only_a_soviet_unit_on_the_edge_able_to_move_may_leave():
    state = corps_at_the_south_edge()
    assert ExitOffMap(unit=GE_INF) not in state.legal_actions().actions()
    with pytest.raises(IllegalAction, match="^24.3"):
        state.apply(ExitOffMap(unit=GE_INF))
    state.phase_data["moved"] = [SU_TANK]
    with pytest.raises(IllegalAction, match="^24.3"):
        state.apply(ExitOffMap(unit=SU_TANK))
    inland = bare({SU_TANK: "0618"}, side="soviet", orders={"m5g": "mobile"})
    with pytest.raises(IllegalAction, match="^24.3"):
        inland.apply(ExitOffMap(unit=SU_TANK))
    state.apply(EndPhase())


def test_24_3_the_division_struck_off_stays_germany_s_secret():
    state = corps_at_the_south_edge()
    for u in (SU_TANK, SU_MECH, SU_MECH_HQ):
        state.apply(ExitOffMap(unit=u))
    assert "struck_off" not in state.rules.observation(state, "soviet")["game"]
    assert state.rules.observation(state, "german")["game"]["struck_off"] == ["gd"]


def test_24_3_leaving_the_map_is_worded_with_the_unit_and_its_hex_and_asks_first():
    state = corps_at_the_south_edge()
    words = state.rules.describe(state, ExitOffMap(unit=SU_TANK))
    assert words.label.startswith("Take ") and words.label.endswith(f"off the map at {state.units[SU_TANK].hex} (24.3)")
    assert words.confirm


def test_24_3_a_scenario_without_a_divisions_counters_never_counts_it_among_those_to_strike_off():
    """The Endgame (31.2) lists no Viking counter: a corps gone off its map strikes off 3rd SS or
    Grossdeutschland, and asking which divisions are panzer ones reads no counter it lacks."""
    from pathlib import Path

    from kharkovsuite.ai.core.seats import start_game
    from kharkovsuite.scenario import load_scenario

    scenario = load_scenario(Path(__file__).resolve().parents[3] / "scenarios" / "kirovograd-endgame.yaml")
    state = start_game(scenario, 1, True)
    assert not any(u in state.board.units for us in state.board.data.viking.units.values() for u in us)
    assert rf.panzer_divisions(state) == ["ss3", "gd"]

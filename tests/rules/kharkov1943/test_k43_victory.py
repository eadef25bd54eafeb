"""Kharkov 1943 victory levels (18) and ``kharkov-cli trace`` on both scenarios."""
import json

import pytest

from kharkovsuite.rules.kharkov1943 import reinforcements, victory
from kharkovsuite.rules.kharkov1943.rules import new_game
from kharkovsuite.scenario import load_scenario

from .k43_helpers import ROOT, bare

HQS = {"su_hq_swf": "1638", "su_hq_6": "2020", "su_hq_1ga": "2130", "su_hq_popov": "2516"}  # each traces to a road
FOUR = ["barvenkovo", "slavyansk", "kramatorsk", "lozovaya"]
CAMPAIGN = ROOT / "scenarios" / "kharkov-1943-campaign.yaml"


def holding(places, hqs=HQS):
    state = bare(dict(hqs), side="soviet")
    for p in places:
        for h in victory.place_hexes(state, p):
            state.game["control"][h] = "soviet"
    return state


def test_18_2_four_supplied_cities_give_the_soviet_player_a_tactical_victory():
    state = holding(FOUR)
    assert all(victory.holds(state, "soviet", p) for p in FOUR)
    res = state.result()
    assert res.vp == {"soviet": 1, "german": 0} and res.winner == "soviet" and res.level == "Tactical victory" and res.margin == 1


def test_18_2_three_cities_leave_the_germans_their_denial_levels():
    res = holding(FOUR[:3]).result()
    assert res.vp["soviet"] == 0 and res.vp["german"] == 2 and res.winner == "german"
    assert res.level == "Operational victory"  # both denials; Soviet units still supplied west of the Donets


def test_18_cities_count_only_with_a_line_of_supply():
    state = holding(FOUR, hqs={})
    assert not any(victory.holds(state, "soviet", p) for p in FOUR)
    assert state.result().vp["soviet"] == 0


def test_18_2_the_320th_kept_on_the_map_counts_as_one_city():
    state = holding(FOUR[:3])
    state.place("d320_585", "1528")
    state.turn = 4
    victory.judge_exits(state)
    assert state.game["exit_failed"]["d320"] is True
    assert state.result().vp["soviet"] == 1


def test_18_2_the_320th_leaving_by_the_north_edge_in_time_counts_for_nobody():
    state = bare({"d320_585": "1528"})
    edge = reinforcements.exit_edge_hexes(state, "north")
    assert "1528" not in edge and all(h.startswith("14") for h in edge)
    state.place("d320_585", edge[0])
    from kharkovsuite.rules.kharkov1943.actions import Activate, LeaveMap

    state.apply(Activate())
    assert LeaveMap(units=("d320_585",)) in state.legal_actions().actions()
    state.apply(LeaveMap(units=("d320_585",)))
    state.turn = 4
    part = state.clone()
    part.place("d320_586", "1528")  # a regiment left behind: the division has not got away
    victory.judge_exits(part)
    assert part.game["exit_failed"]["d320"] is True
    victory.judge_exits(state)
    assert state.game["exit_failed"]["d320"] is False


@pytest.fixture(scope="module")
def campaign():
    return new_game(load_scenario(CAMPAIGN), 1)


def test_18_1_west_of_the_donets_is_the_side_the_map_cuts_from_the_soviet_edge(campaign):
    east = victory.east_of_river(campaign)
    assert "1131" in east and "0635" in east  # Kupyansk, Valuiki
    assert "0819" not in east and "1205" not in east  # Kharkov, Poltava


def test_18_1_the_germans_win_strategically_with_no_supplied_soviet_unit_west_of_the_donets(campaign):
    state = campaign.clone()
    west = [u for u, r in state.units.items() if r.side == "soviet" and r.hex is not None and r.hex not in victory.east_of_river(state)]
    for u in west:
        state.to_box(u, "eliminated")
    assert victory.supplied_west(state, "soviet", None) == []
    assert state.result().vp["german"] == 3
    assert campaign.result().vp["german"] < 3  # at the start the Soviets hold ground west of the river


# ----------------------------------------------------------------------------- kharkov-cli trace


@pytest.mark.parametrize("name", ["gallop", "campaign"])
def test_kharkov_cli_trace_reports_every_unit_with_a_path_or_its_blocks(name, capsys):
    from kharkovsuite.cli import main

    path = str(ROOT / "scenarios" / f"kharkov-1943-{name}.yaml")
    for side in ("german", "soviet"):
        assert main(["trace", path, "--side", side, "--json"]) == 0
        reports = json.loads(capsys.readouterr().out)
        state = new_game(load_scenario(path), 0)
        assert sorted(r["unit"] for r in reports) == sorted(u for u, r in state.units.items() if r.side == side and r.hex)
        for r in reports:
            assert (r["in_supply"] and r["path"] and not r["blocks"]) or (not r["in_supply"] and r["blocks"])
            assert all(b["case"] in ("9.1", "9.2", "12") for b in r["blocks"])
    assert main(["trace", path, "--side", "german", "--overlay", "all", "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert [o["overlay"] for o in body["overlays"]] == ["supply", "why", "command"]


def test_kharkov_cli_trace_draws_the_kharkov_1943_overlays_into_a_png(tmp_path, capsys):
    from kharkovsuite.cli import main

    out = tmp_path / "gallop.png"
    assert main(["trace", str(ROOT / "scenarios" / "kharkov-1943-gallop.yaml"), "--side", "german", "--png", str(out), "--crop"]) == 0
    assert out.stat().st_size > 10_000 and "Supply, Why not, Command" in capsys.readouterr().out

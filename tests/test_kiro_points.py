"""tools/kiro_points.py: where a Kirovograd game's points go, turn by turn (27.B, 27.C)."""
from __future__ import annotations

from pathlib import Path

import pytest

from kharkovsuite.ai.selfplay import play_game
from kharkovsuite.scenario import load_scenario
from kharkovsuite.scenario.io import save_scenario
from tests.toolload import load_tool

ROOT = Path(__file__).resolve().parent.parent
ENDGAME = ROOT / "scenarios" / "kirovograd-endgame.yaml"

pts = load_tool("kiro_points")


TURNS = 3  # the Endgame cut to its first three turns: a random game of all sixteen takes half a minute, played twice (four turns took 16 s, three 6 s)


@pytest.fixture(scope="module")
def short(tmp_path_factory):
    scenario = load_scenario(ENDGAME)
    path = tmp_path_factory.mktemp("kiro_points") / "endgame-short.yaml"
    save_scenario(scenario.model_copy(update={"turns": scenario.turns[:TURNS]}), path)
    return path


@pytest.fixture(scope="module")
def game(short):
    return pts.play(str(short), {"axis": "random", "soviet": "random"}, 3)


def test_27b_the_tool_plays_the_game_selfplay_plays(game, short):
    assert game["turns"][-1]["turn"] == 8 + TURNS  # the Endgame starts on game turn nine
    same = play_game(load_scenario(short), 3, {"axis": "random", "soviet": "random"})
    assert (game["vp"], game["margin"], game["level"]) == (same["vp"], same["margin"], same["level"])
    assert game["turns"][-1]["vp"] == same["vp"]


def test_27b_27c_each_turns_breakdown_adds_up_to_its_points(game):
    assert len(game["turns"]) >= 2
    for turn in game["turns"]:
        for side in ("german", "soviet"):
            assert sum(turn["by"][side].values()) == turn["vp"][side], (turn["turn"], side)


def test_27b_a_destroyed_unit_gives_the_enemy_twice_its_worth(game):
    assert game["destroyed"], "a random Endgame destroys units"
    scenario = load_scenario(ENDGAME)
    board = pts.start_game(scenario, 3).board
    v = board.data.victory
    for d in game["destroyed"]:
        info = board.units[d["unit"]]
        rate = v.per_sp[pts._victory.category(info.kind, info.armored)]
        assert d["points"] == v.destroyed_unit_factor * pts._victory.full_strength(info) * rate
    lost = {}
    for d in game["destroyed"]:
        enemy = "soviet" if d["side"] == "german" else "german"
        lost[enemy] = lost.get(enemy, 0) + d["points"]
    end = game["turns"][-1]["by"]
    for side, points in lost.items():
        assert sum(v for k, v in end[side].items() if k.startswith("destroyed")) >= points


def test_the_report_names_each_turn_and_each_unit_lost(game):
    text = pts.report(game)
    assert text.count("\nturn ") == len(game["turns"])
    for d in game["destroyed"]:
        assert d["unit"] in text

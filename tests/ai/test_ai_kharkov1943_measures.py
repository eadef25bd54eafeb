"""The per-turn figure a Kharkov 1943 match records (issue 26: Kharkov changes hands)."""
from __future__ import annotations

from pathlib import Path

from kharkovsuite.ai.core.seats import start_game
from kharkovsuite.ai.kharkov1943 import turn_measures
from kharkovsuite.ai.match import play_measured
from kharkovsuite.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[2]


def test_kharkov_counts_for_the_soviet_side_only_when_it_controls_the_city():
    scenario = load_scenario(ROOT / "scenarios" / "kharkov-1943-campaign.yaml")
    state = start_game(scenario, 1, True)
    assert turn_measures(state) == {"kharkov_soviet": 0}  # German at the start
    (city,) = scenario.map.cities["kharkov"].hexes
    state.game.setdefault("control", {})[city] = "soviet"
    assert turn_measures(state) == {"kharkov_soviet": 1}


def test_a_match_records_who_holds_kharkov_at_the_end_of_each_turn(monkeypatch):
    scenario = load_scenario(ROOT / "scenarios" / "kharkov-1943-gallop.yaml")
    monkeypatch.setattr(type(start_game(scenario, 1, True)), "is_terminal", property(lambda s: s.turn > 2))
    game = play_measured(scenario, {"axis": "random", "soviet": "random"}, 1, True)
    assert set(game["kharkov_soviet"]) == {1, 2} and set(game["kharkov_soviet"].values()) <= {0, 1}

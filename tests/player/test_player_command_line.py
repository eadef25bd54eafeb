"""The command line of the player: the computer players it names are checked against the game's own rule system."""
from pathlib import Path

import pytest

import kharkovsuite.ai as ai
from player.app import unknown_players

ROOT = Path(__file__).resolve().parents[2]
GALLOP = str(ROOT / "scenarios" / "kharkov-1943-gallop.yaml")
K42 = str(ROOT / "scenarios" / "kharkov-1942.yaml")


@pytest.fixture
def k43_only_player(monkeypatch):
    """A computer player that only Kharkov 1943 has."""
    real = ai.players

    def players(rules):
        out = dict(real(rules))
        if rules == "kharkov1943":
            out["k43-only"] = out["random"]
        return out

    monkeypatch.setattr(ai, "players", players)


def test_a_player_of_kharkov_1943_only_is_accepted_for_a_kharkov_1943_scenario(k43_only_player):
    assert unknown_players({"german": "k43-only", "soviet": "human"}, GALLOP, None) is None


def test_a_player_of_kharkov_1943_only_is_refused_for_kharkov_1942_naming_the_game(k43_only_player):
    wrong = unknown_players({"axis": "k43-only", "soviet": "human"}, K42, None)
    assert wrong is not None and "--axis k43-only" in wrong and "Kharkov 1942" in wrong and "ai:normal" in wrong


def test_a_saved_game_is_checked_against_its_own_rule_system(k43_only_player, tmp_path):
    from kharkovsuite import engine
    from kharkovsuite.engine.saves import save
    from player.controller import scenario

    path = tmp_path / "g.ksave"
    save(engine.new_game(scenario(GALLOP), 3), path)
    assert unknown_players({"german": "k43-only"}, None, str(path)) is None
    assert "unknown player" in unknown_players({"german": "nobody"}, None, str(path))


def test_every_side_played_by_a_person_needs_no_check():
    assert unknown_players({"soviet": "human", "axis": "human"}, None, None) is None

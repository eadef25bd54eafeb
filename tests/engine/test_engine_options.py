"""A game's options (kharkovsuite.engine.options): the scenario's own, the chosen ones on top,
unknown names refused, kept in the state, its clone and its saves."""
from __future__ import annotations

from pathlib import Path

import pytest

from kharkovsuite.engine import OptionError, load, new_game, save
from kharkovsuite.engine.options import parse_option
from kharkovsuite.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[2]
KIRO = ROOT / "scenarios" / "kirovograd-opening-moves.yaml"


@pytest.fixture(scope="module")
def kiro():
    return load_scenario(KIRO)


def test_a_game_takes_the_scenarios_options_and_the_chosen_ones(kiro):
    assert new_game(kiro, 1).options == dict(kiro.options)
    chosen = new_game(kiro, 1, options=["dummies", "hidden=off"]).options
    assert chosen["dummies"] is True and chosen["hidden"] is False


def test_an_unknown_option_is_refused_by_name(kiro):
    with pytest.raises(OptionError, match="unknown option 'bogus'.*known: air, dummies, hidden"):
        new_game(kiro, 1, options=["bogus"])


def test_option_words_parse():
    assert parse_option("air") == ("air", True)
    assert parse_option("air=no") == ("air", False)
    assert parse_option("level=2") == ("level", 2)
    with pytest.raises(OptionError):
        parse_option("=on")


def test_options_survive_clone_and_save(kiro, tmp_path):
    state = new_game(str(KIRO), 2, options=["dummies"])
    assert state.clone().options == state.options
    path = tmp_path / "g.ksave"
    save(state, path)
    assert load(path).options["dummies"] is True
    assert load(path, replay_actions=True).options["dummies"] is True


def test_selfplay_refuses_an_unknown_option_by_name_and_starts_its_games_with_the_chosen_ones(capsys, kiro):
    from kharkovsuite.ai.core.seats import start_game
    from kharkovsuite.cli import main

    assert main(["selfplay", "--scenario", str(KIRO), "--option", "bogus", "--games", "1"]) == 1
    assert "unknown option 'bogus' for rule system 'kirovograd' (known: air, dummies, hidden)" in capsys.readouterr().out
    state = start_game(kiro, 3, options=("dummies", "hidden"))
    assert state.options == {**kiro.options, "dummies": True, "hidden": True}
    assert state.game["masks"]  # the set-up hid what the rules hide

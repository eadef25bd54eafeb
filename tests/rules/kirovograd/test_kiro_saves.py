"""A Kirovograd game through the shared save code (the engine's ``save``/``load``/``replay`` with
their headless switch) and the supply trace drawn as a picture."""
from __future__ import annotations

import json
import random

import pytest

from kharkovsuite.engine import load, replay, save
from kharkovsuite.engine import new_game as engine_new_game
from kharkovsuite.rules import RuleSystemUnavailable

from .kiro_helpers import SCENARIOS


def _played(seed: int, n: int, name: str = "historical"):
    state = engine_new_game(SCENARIOS[name], seed, headless=True)
    rng = random.Random(seed)
    for _ in range(n):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def test_a_saved_game_loads_headless_from_its_snapshot_and_its_actions_to_equal_states(tmp_path):
    state = _played(5, 80)
    path = tmp_path / "kiro.ksave"
    save(state, path)
    from_snapshot = load(path, headless=True)
    from_actions = load(path, replay_actions=True, headless=True)
    assert from_snapshot == state and from_actions == state
    assert from_snapshot.legal_actions()[:] == state.legal_actions()[:]
    assert replay(SCENARIOS["historical"], 5, list(state.actions), headless=True) == state


def test_loading_a_kirovograd_save_for_play_is_refused_while_the_system_is_not_playable(tmp_path, monkeypatch):
    import kharkovsuite.rules.kirovograd as kirovograd

    path = tmp_path / "kiro.ksave"
    save(_played(6, 5), path)
    monkeypatch.setattr(kirovograd, "PLAYABLE", False)  # as while its engine was being written
    with pytest.raises(RuleSystemUnavailable, match="not playable"):
        load(path)


def test_the_observation_maps_unit_ids_to_their_records_as_every_system_does():
    state = _played(7, 3)
    units = state.observation("german")["units"]
    assert set(units) == set(state.units)
    assert units["de-320-hq"]["hex"] == state.units["de-320-hq"].hex and "id" not in units["de-320-hq"]


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_trace_draws_the_supply_overlays_to_a_png_with_json_on_the_three_scenarios(name, tmp_path, capsys):
    from kharkovsuite.cli import main

    out = tmp_path / f"{name}.png"
    assert main(["trace", str(SCENARIOS[name]), "--side", "soviet", "--png", str(out), "--json"]) == 0
    reports = json.loads(capsys.readouterr().out)
    assert reports and out.stat().st_size > 10_000


def test_trace_reads_a_saved_kirovograd_game(tmp_path, capsys):
    from kharkovsuite.cli import main

    state = _played(8, 40)
    path = tmp_path / "kiro.ksave"
    save(state, path)
    assert main(["trace", str(path), "--side", "german", "--json"]) == 0
    reports = json.loads(capsys.readouterr().out)
    assert {r["unit"]: r["hex"] for r in reports} == {u: r.hex for u, r in state.units.items() if r.side == "german" and r.hex}

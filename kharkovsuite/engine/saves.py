"""Saved games: the scenario path, the seed and the action list, plus a snapshot.

A game made from a scenario held in memory (no file behind it) carries the scenario itself
in the save, so every save opens again.

Replaying the actions from the seed rebuilds the game exactly (every die comes from the
state's seeded generator); the snapshot only makes loading quick.  Files are written
atomically, so a crash never leaves half a save.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from ..scenario import atomic_write
from .actions import Action, action_from_dict

SAVE_FORMAT = "kharkovsuite-save/1"


class SaveError(ValueError):
    """A file that is not a save this program can open; the message names the file."""


def save(state, path: str | os.PathLike) -> None:
    data = {
        "format": SAVE_FORMAT,
        "scenario": state.scenario_path,
        "rules": state.scenario.rules,
        "seed": state.seed,
        "setup": state.setup,
        "actions": [a.to_dict() for a in state.actions],
        "snapshot": state.to_dict(),
    }
    if state.scenario_path is None:
        from ..scenario.io import scenario_to_data

        data["scenario_data"] = scenario_to_data(state.scenario)
    atomic_write(Path(path), json.dumps(data, indent=1))


def load(path: str | os.PathLike, replay_actions: bool = False, scenario=None):
    """Open a save; with ``replay_actions`` the game is rebuilt from its actions, not the snapshot."""
    from . import new_game

    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{path}: not a {SAVE_FORMAT} file")
    if scenario is None and data.get("scenario_data") is not None:
        from ..scenario.io import loads_scenario

        scenario = loads_scenario(json.dumps(data["scenario_data"]), f"{path} (its scenario)")
    if scenario is None:
        scenario = data.get("scenario")
        if not scenario:
            raise SaveError(f"{path}: the save names no scenario file and carries no scenario")
    actions = [action_from_dict(a) for a in data["actions"]]
    if replay_actions:
        return replay(scenario, data["seed"], actions, data["setup"])
    state = new_game(scenario, data["seed"], data["setup"])
    state.restore(data["snapshot"])
    return state


def replay(scenario, seed: int, actions: list[Action], setup: str = "historical"):
    """A new game from ``seed`` with ``actions`` applied in order."""
    from . import new_game

    state = new_game(scenario, seed, setup)
    for action in actions:
        state.apply(action)
    return state

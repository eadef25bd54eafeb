"""The generic game engine: state, actions, events, dice, saves and replays.

It knows nothing of a particular rulebook: :func:`new_game` finds the rule system named by the
scenario (``rules: kharkov1942``) and lets it set the game up.
"""
from __future__ import annotations

import os

from . import actions, events
from .actions import (
    Action,
    Advance,
    Attack,
    BreakDown,
    Chase,
    ChooseLoss,
    CommitAir,
    CommitReserve,
    DeclineAir,
    DeclineChase,
    DeclineReserve,
    EliminateExcess,
    EndAdvance,
    EndPhase,
    Move,
    FormStrongpoint,
    Overrun,
    PlaceUnit,
    RailMove,
    ReformDivision,
    Retreat,
    action_from_dict,
)
from .errors import IllegalAction
from .options import OptionError, game_options
from .legal import LegalActions
from .saves import SaveError, load, replay, save
from .state import Decision, GameState, Phase, Reach, Result, UnitRecord


def new_game(scenario, seed: int = 0, setup: str = "historical", headless: bool = False, options=None) -> GameState:
    """A game of ``scenario`` (a loaded Scenario or a path) with dice seeded by ``seed``;
    ``headless`` admits a rule system that runs only for the headless tools, self-play and
    tracing (see :func:`..rules.system`); ``options`` (names, or name -> value) switches on
    optional rules on top of the scenario's own (:mod:`.options`)."""
    from ..rules import system
    from ..scenario import Scenario, load_scenario

    path = None
    if not isinstance(scenario, Scenario):
        path = os.fspath(scenario)
        scenario = load_scenario(path)
    module = system(scenario.rules, headless)
    chosen = game_options(scenario, options, getattr(module, "OPTIONS", {}))
    return module.new_game(scenario, seed, setup, scenario_path=path, options=chosen)


__all__ = [
    "Action", "Advance", "Attack", "PlaceUnit", "BreakDown", "FormStrongpoint", "ReformDivision", "Chase", "ChooseLoss", "CommitAir", "CommitReserve", "DeclineAir", "DeclineChase", "DeclineReserve",
    "Decision", "EliminateExcess", "EndAdvance", "EndPhase", "GameState", "IllegalAction", "LegalActions",
    "Move", "OptionError", "Overrun", "Phase", "RailMove", "Reach", "Result", "Retreat", "UnitRecord", "action_from_dict",
    "SaveError", "actions", "events", "load", "new_game", "replay", "save",
]

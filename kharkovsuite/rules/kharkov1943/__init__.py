"""Vae Victis' *Kharkov 1943* (1999): its data and its rules engine.

Data: the pydantic model of the system's own scenario data (:mod:`.data`: charts, formations
and fronts, special rules, victory conditions), the counter values the rules derive
(:mod:`.units`, cases 1.1, 1.2 and 5) and the checks the scenario loader runs
(:func:`scenario_checks`).

Rules, part 1 (:mod:`.rules` holds the object the engine delegates to): :mod:`.sequence` (2),
:mod:`.activation` (3), :mod:`.zoc` (4), :mod:`.stacking` (5), :mod:`.movement` (6.1-6.5),
:mod:`.command` (the lines of command 3.2 needs, 8.1-8.2), :mod:`.board` (the static tables).
Part 2: :mod:`.combat` and :mod:`.odds` (7), :mod:`.works` (11), :mod:`.air` (13), :mod:`.supply`
(9), :mod:`.fog` (10), :mod:`.hq` (1.4), reinforcements, replacements, detachments and victory
(15, 16, 1.3, 18); the registry starts games of this system (:func:`new_game`).
"""
from __future__ import annotations

from .checks import scenario_checks

#: The registry (:func:`kharkovsuite.rules.system`) refuses to play a system that says False.
PLAYABLE = True


def new_game(scenario, seed: int = 0, setup_name: str = "historical", scenario_path: str | None = None):
    """What the registry calls to start a game (:func:`kharkovsuite.engine.new_game`), once playable."""
    from .rules import new_game as start

    return start(scenario, seed, setup_name, scenario_path)


__all__ = ["PLAYABLE", "new_game", "scenario_checks"]

"""*Kirovograd* (The Wargamer no. 30, 1983): its data and its rules engine (the basic game).

Data: the counter values a unit type carries (:mod:`.units`, cases 2.2, 16.3, 19, 21, 28), the
pydantic model of the system's own scenario data with its charts (:mod:`.data`: CRT, Combat
Options Matrix, Terrain Effects Chart, ZOC Chart, weather, air, variable reinforcements, turn
record), the values the rulebook states outright (:mod:`.known`) and the checks the scenario
loader runs (:func:`scenario_checks`).

Rules, part 1 (:mod:`.rules` holds the object the engine delegates to): :mod:`.sequence` (3, 4,
23), :mod:`.orders` (5, 6, 7), :mod:`.supply` (8), :mod:`.stacking` (9), :mod:`.board` and
:mod:`.movement` (10, 11), :mod:`.reserves` (12), :mod:`.zoc` (13, 23.1); part 2: combat (14-22)
fought by :mod:`.fight` on the pure modules :mod:`.combat`, :mod:`.losses`, :mod:`.retreat`,
:mod:`.advance`, :mod:`.artillery`, :mod:`.hq_support`; :mod:`.reinforcements` (24),
:mod:`.replacements` (25) and :mod:`.victory` (27, 31.1).  Advanced rules, game options
(:data:`OPTIONS`): :mod:`.air` (28 air missions, 30.2B, 30.7), :mod:`.fog` (29 dummies and
tank-backed counters, 30 hidden units).
"""
from __future__ import annotations

from .checks import scenario_checks

#: The registry (:func:`kharkovsuite.rules.system`) refuses to play a system that says False.
PLAYABLE = True
#: The advanced rules a game may switch on (:mod:`kharkovsuite.engine.options`): name -> what, with its case.
OPTIONS = {
    "air": "28.0: air missions (basing, sorties, commitment, ground attack, escort, patrols, supply, transfer, air combat, anti-aircraft fire)",
    "dummies": "29.0: dummies, and motorised units deployed tank side up",
    "hidden": "30.0: hidden German HQs, supply dumps and airfields",
}
#: The headless tools (self-play, trace) may run the system while it is incomplete
#: (``system(rules_id, headless=True)``).
HEADLESS = True


def new_game(scenario, seed: int = 0, setup: str = "historical", scenario_path: str | None = None, options: dict | None = None):
    from .rules import new_game as make

    return make(scenario, seed, setup, scenario_path, options)


__all__ = ["PLAYABLE", "HEADLESS", "new_game", "scenario_checks"]

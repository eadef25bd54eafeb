"""*Kirovograd* (The Wargamer no. 30, 1983): the data side only, for now.

What is here: the counter values a unit type carries (:mod:`.units`, cases 2.2, 16.3, 19, 21, 28),
the pydantic model of the system's own scenario data with its charts (:mod:`.data`: CRT, Combat
Options Matrix, Terrain Effects Chart, ZOC Chart, weather, air, variable reinforcements, turn
record) and the values the rulebook states outright, which every chart must keep (:mod:`.known`),
and the checks the scenario loader runs (:func:`scenario_checks`).  The rules engine is a later
piece of work: the registry refuses to start a game of this system.
"""
from __future__ import annotations

from .checks import scenario_checks

#: The registry (:func:`kharkovsuite.rules.system`) refuses to play a system that says False.
PLAYABLE = False

__all__ = ["PLAYABLE", "scenario_checks"]

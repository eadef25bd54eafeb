"""Vae Victis' *Kharkov 1943* (1999): the data side only, for now.

What is here: the pydantic model of the system's own scenario data (:mod:`.data`: charts,
formations and fronts, special rules, victory conditions), the counter values the rules derive
(:mod:`.units`, cases 1.1, 1.2 and 5) and the checks the scenario loader runs
(:func:`scenario_checks`).  The rules engine is a later piece of work: the registry refuses to
start a game of this system (``rule system 'kharkov1943' is not playable yet``).
"""
from __future__ import annotations

from .checks import scenario_checks

#: The registry (:func:`kharkovsuite.rules.system`) refuses to play a system that says False.
PLAYABLE = False

__all__ = ["PLAYABLE", "scenario_checks"]

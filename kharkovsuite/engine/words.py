"""What every rule system's ``describe`` gives the window, and the names it words units by.

:class:`Words` is the answer of ``state.rules.describe(state, action)``: a label for a button or
the status bar, more lines, and the question to ask before an action that binds the player.
:func:`unit_name` and :func:`unit_names` name units as the scenario prints them, never by id.
"""
from __future__ import annotations

from dataclasses import dataclass

from .state import GameState


@dataclass(frozen=True)
class Words:
    label: str  # one line, for a button or the status bar
    detail: str = ""  # more lines
    confirm: str = ""  # the question to ask before the action is made ("": none)


def unit_name(state: GameState, uid: str) -> str:
    """The unit's name as the scenario prints it (its id if it has none); the table is kept in the state's cache."""
    names = state.cache.get("describe_units")
    if names is None:
        names = state.cache["describe_units"] = {u.id: u.name or u.id for u in state.scenario.units}
    return names.get(uid, uid)


def unit_names(state: GameState, units, most: int = 3) -> str:
    """Up to ``most`` units by name ("A, B and C"), else how many."""
    units = list(units)
    if len(units) > most:
        return f"{len(units)} units"
    names = [unit_name(state, u) for u in units]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

"""Which interaction of the window offers each kind of action the engine lists now.

:func:`ways` reads the legal actions of the position in a :class:`~player.app.PlayerWindow`
and returns, per kind, one example action and the steps a person takes to make it: clicks on
hexes, a button of the Actions dock (by its objectName), a tool bar toggle, and "a highlighted
hex".  Every step has a keyboard way too (:data:`KEYS`): the hex cursor (Shift+arrows, Enter),
Tab and Space for the dock's buttons, the shortcuts of the tool bar's actions.  A reinforcement
entering the map is listed apart from other moves, as ``Move:entry``.

The tests walk these steps through the window for positions of random games, so an action
the engine offers and the window does not is caught.
"""
from __future__ import annotations

from dataclasses import dataclass

from kharkovsuite.engine import Action

from .panels import action_key, action_units

#: the keyboard way of each kind of step
KEYS = {
    "click": "Shift+arrows move the hex cursor to the hex, Enter clicks it",
    "button": "Tab to the button in the Actions dock, Space presses it",
    "toggle": "the action's shortcut",
    "action": "the action's shortcut",
    "highlighted": "Shift+arrows to a highlighted hex, Enter",
}

#: pending decisions answered with a button of the Actions dock alone
DECISION_BUTTONS = ("CommitAir", "DeclineAir", "ChooseLoss", "EndAdvance", "Chase", "DeclineChase", "EliminateExcess", "DeclineReserve")


@dataclass(frozen=True)
class Way:
    kind: str  # the action kind; ``Move:entry`` for a reinforcement entering the map
    example: Action
    steps: tuple[tuple[str, str], ...]  # ("click", hex) | ("button", objectName) | ("toggle"/"action", window attribute) | ("highlighted", "")

    @property
    def keyboard(self) -> str:
        return "; then ".join(KEYS[step] for step, _ in self.steps)


def _examples(state) -> dict[str, Action]:
    """One action of each kind the engine lists (a segment of thousands of attacks is looked at by its ends)."""
    out: dict[str, Action] = {}
    for count, make in state.legal_actions().segments():
        for i in (range(count) if count <= 512 else (0, count - 1)):
            a = make(i)
            kind = a.kind
            if kind == "Move" and all(state.units[u].hex is None for u in a.units):
                kind = "Move:entry"
            elif kind == "Retreat" and not a.path:
                kind = "Retreat:eliminated"
            out.setdefault(kind, a)
    return out


def ways(window) -> dict[str, Way]:
    """Per kind of legal action now, an example and the window steps that make it."""
    state = window.controller.state
    out: dict[str, Way] = {}
    for kind, a in _examples(state).items():
        steps: tuple[tuple[str, str], ...]
        if kind == "EndPhase":
            steps = (("action", "end_phase_action"),)
        elif kind == "Move":
            steps = (("click", state.units[a.units[0]].hex), ("highlighted", ""))
        elif kind == "Move:entry":
            steps = (("button", f"enter:{a.units[0]}"), ("highlighted", ""))
        elif kind == "RailMove":
            steps = (("toggle", "rail_action"), ("click", a.path[0]), ("highlighted", ""))
        elif kind == "Attack":
            hexes = list(dict.fromkeys(state.units[u].hex for u in a.attackers))
            steps = tuple(("click", h) for h in hexes) + tuple(("click", t) for t in a.targets) + (("click", a.targets[-1]),)
        elif kind in ("Retreat", "Advance"):
            steps = (("click", a.path[-1]),)
        elif kind == "CommitReserve":
            steps = (("button", f"commit:{a.units[0]}"), ("highlighted", ""))
        elif kind == "PlaceUnit":
            steps = (("button", f"setup:{a.unit}"), ("highlighted", ""))
        elif kind in DECISION_BUTTONS or kind == "Retreat:eliminated":
            steps = (("button", action_key(a)),)
        else:  # Overrun, BreakDown, ReformDivision, FormStrongpoint, AirSupply: the hex, then the dock
            units = action_units(a) + window.controller.kit.units_of(state, a)
            where = getattr(a, "target", None) or getattr(a, "hex", None) or next((state.units[u].hex for u in units if state.units[u].hex), None)
            # an action naming no unit nor hex (end an activation, pass) is a button of the dock once Esc drops the selection
            steps = (("click", where), ("button", action_key(a))) if where else (("action", "clear_attack_action"), ("button", action_key(a)))
        out[kind] = Way(kind, a, steps)
    return out

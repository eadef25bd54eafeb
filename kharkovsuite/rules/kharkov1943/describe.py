"""Kharkov 1943's actions in a player's words: the buttons, confirmations and status bar of the window.

:func:`describe` gives each action of this system a one-line label ("Activate the formation of
XLVIII Pz Korps", "Move 6 Pz from 1012 to 1114, 5 OP") and a longer detail with the rule case;
:func:`unit_notes` a unit's supply, command, fatigue and activations; :func:`rail_reason` why a
unit may not take a train.  The window asks through ``state.rules``; it never imports this module.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.actions import Action
from ...engine.errors import IllegalAction
from ...engine.state import GameState
from . import activation, movement, rail, supply


@dataclass(frozen=True)
class Words:
    label: str  # one line, for a button or the status bar
    detail: str = ""  # more lines
    confirm: str = ""  # the question to ask before the action ("": none)


def describe(state: GameState, action: Action, quick: bool = False) -> Words:
    maker = _DESCRIBERS.get(action.kind)
    if maker is None:
        raise ValueError(f"no words for a {action.kind} action in Kharkov 1943")
    return maker(state, action)


def unit_name(state: GameState, uid: str) -> str:
    unit = next((u for u in state.scenario.units if u.id == uid), None)
    return unit.name if unit is not None and unit.name else uid


def _units(state: GameState, units) -> str:
    units = list(units)
    if len(units) <= 3:
        names = [unit_name(state, u) for u in units]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"{len(units)} units"


def _activate(state: GameState, action) -> Words:
    if action.hq is None:
        return Words("General activation (up to 4 units)",
                     f"3.3: up to {activation.GENERAL_LIMIT} units of one front, HQs counting; a unit out of command "
                     f"loses {activation.OUT_OF_COMMAND_PENALTY} OP.")
    limit = activation.FATIGUED_FORMATION_LIMIT if activation.fatigue(state, action.hq) >= 1 else activation.FORMATION_LIMIT
    tired = f" (its HQ is at fatigue {activation.fatigue(state, action.hq)}, 3.5)" if limit < activation.FORMATION_LIMIT else ""
    return Words(f"Activate {unit_name(state, action.hq)}'s formation (up to {limit} units)",
                 f"3.2: the HQ and up to {limit} units within its lines of command{tired}.")


def _move(state: GameState, action) -> Words:
    units, path = action.units, action.path
    try:
        op = f", {max(movement.walk(state, units, path))} OP"
    except IllegalAction as refusal:  # a move no longer legal still gets its words, with the reason
        op = f" (refused: {refusal})"
    return Words(f"Move {_units(state, units)} from {path[0]} to {path[-1]}{op}", f"6.1: path {'-'.join(path)}")


def _rail_move(state: GameState, action) -> Words:
    return Words(f"Rail {_units(state, action.units)} from {action.path[0]} to {action.path[-1]}",
                 f"6.4: {rail.points_left(state)} rail points left this turn")


def _one(fmt: str, detail: str = ""):
    def make(state: GameState, action) -> Words:
        fields = {k: unit_name(state, v) if k in ("unit", "hq", "detachment", "absorbed") and v else v
                  for k, v in vars(action).items()}
        if "units" in fields:
            fields["units"] = _units(state, fields["units"])
        return Words(fmt.format(**fields), detail)

    return make


_DESCRIBERS = {
    "Activate": _activate,
    "Move": _move,
    "RailMove": _rail_move,
    "EndActivation": _one("End this activation", "2.1: the segment passes to the other player"),
    "Pass": _one("Pass: activate nothing", "2.2: two passes in a row end the operations phase"),
    "ReduceFatigue": _one("Rest {unit}: lower its fatigue (4 OP)", "3.5"),
    "EndReaction": _one("React with no (more) units", "6.6"),
    "Enter": _one("Bring on {units} at {hex}", "15.1: reinforcements enter paying the hex's cost"),
    "MoveSupplyHead": _one("Move supply head {unit} to {hex}", "9.4: once a turn"),
    "Replace": _one("Replace a step of {unit}", "16"),
    "EndReplacements": _one("Spend no more replacement points", "16.2"),
    "Detach": _one("Detach {detachment}", "1.3"),
    "Reattach": _one("Reattach {detachment} to its mother unit", "1.3"),
    "Combine": _one("Combine {absorbed} into {unit}", "1.3"),
    "Reconnoitre": _one("Air reconnaissance of {hex}", "13.3, 10.1: see the whole enemy stack"),
    "SetTop": _one("Show {unit} on top of its stack", "10.2: the enemy sees only the top unit"),
    "LeaveMap": _one("{units} leave the map", "18.2"),
    "IntoHQBox": _one("Put {unit} into {hq}'s box", "10.3"),
    "OutOfHQBox": _one("Take {unit} out of its HQ's box", "10.3"),
    "EliminateExcess": _one("Eliminate {unit} (over-stacked)", "5"),
    "PlaceUnit": _one("Place {unit} at {hex}", "17: an HQ comes back"),
}


def rail_reason(state: GameState, uid: str) -> str:
    """Why ``uid`` may not move by rail now, with the case ("" when it may)."""
    refusal = rail.refusal(state, (uid,))
    if refusal is None:
        return ""
    case, why = refusal
    return f"{unit_name(state, uid)} cannot go by rail: {why} ({case})"


_SUPPLY_WORDS = {supply.SUPPLIED: "In supply (9.3)", supply.ISOLATED: "Isolated (9.3)", supply.OUT: "Out of supply (9.3)"}


def unit_notes(state: GameState, uid: str) -> list[str]:
    """A unit's supply, command, fatigue and activations this turn, in a player's words."""
    rec = state.units[uid]
    if rec.hex is None:
        return []
    notes = [_SUPPLY_WORDS[supply.status(state, uid)]]
    if activation.out_of_command(state, uid):
        notes.append(f"Out of command: only a general activation takes it, at {activation.OUT_OF_COMMAND_PENALTY} OP less (8.2)")
    if activation.fatigue(state, uid):
        notes.append(f"Fatigue {activation.fatigue(state, uid)} (3.5)")
    notes.append(f"Activated {activation.count(state, uid)} of {activation.MAX_ACTIVATIONS} times this turn (3.1)")
    return notes

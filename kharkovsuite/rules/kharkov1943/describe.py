"""Kharkov 1943 actions in a player's words: what the window shows on buttons, in confirmations and
the status bar.  The window asks through ``state.rules.describe``; it never imports this module.

:func:`describe` gives :class:`Words`: a one-line label ("Normal attack on 2702 with 2 units: 9
against 4, column 2:1"), a detail (the shifts and die modifiers with their cases, the chance of each
result) and, when the action cannot be taken back and may cost a unit, the question to ask first.
"""
from __future__ import annotations


from ...engine.actions import Action
from ...engine.errors import IllegalAction
from ...engine.state import GameState
from ...engine.words import Words, unit_name as _name, unit_names as _names
from . import combat, odds, works


def describe(state: GameState, action: Action, quick: bool = False) -> Words:
    """The action in a player's words; a refused attack still gets words: its refusal with the
    case.  ``quick`` is accepted for the window's long lists; every description here is quick."""
    maker = _DESCRIBERS.get(action.kind)
    if maker is None:
        raise ValueError(f"no words for a {action.kind} action in Kharkov 1943")
    return maker(state, action)


# ----------------------------------------------------------------------------- names


def _where(state: GameState, hex_id: str) -> str:
    places = state.cache.get("describe_places")
    if places is None:
        m = state.scenario.map
        places = {p.hex: p.name for p in m.places.values()}
        for city in m.cities.values():
            for h in city.hexes:
                places[h] = city.name
        state.cache["describe_places"] = places
    return f"{hex_id} ({places[hex_id]})" if hex_id in places else hex_id


def _pct(p) -> str:
    return f"{float(p) * 100:.0f}%"


# ----------------------------------------------------------------------------- combat


def odds_lines(state: GameState, p: odds.Preview) -> str:
    """The figures of a preview, one item a line, each change with its case."""
    lines = [f"{x.role} {_name(state, x.unit)}: {x.combat}" + (f" ({x.note})" if x.note else "") for x in p.attackers + p.defenders]
    lines.append(f"{p.attack} against {p.defense}: {p.base_column}")
    lines += [f"column {n:+d}: {why}" for why, n in p.shifts]
    lines.append(f"column {p.column} of {p.block}")
    lines += [f"die {n:+d}: {why}" for why, n in p.drms]
    lines.append("chances: " + ", ".join(f"{cell} {_pct(pr)}" for cell, pr in p.results[:6]))
    return "\n".join(lines)


def _assault(state: GameState, action) -> Words:
    where = _where(state, action.target)
    kind = odds.governing_type(state, action.types) if all(t in state.board.data.crt.attack_types for t in action.types) else action.types[0]
    head = f"{kind.capitalize()} attack on {where} with {_names(state, action.attackers)}" + (
        f", supported by {_name(state, action.support)}" if action.support else "")
    try:
        p = state.rules.combat_preview(state, action.attackers, action.target, action.types,
                                       support={"attacker": action.support} if action.support else None)
    except IllegalAction as exc:
        return Words(f"{head}: not allowed", str(exc))
    cost = state.board.data.crt.attack_types[kind].op_cost
    label = f"{head}: {p.attack} against {p.defense}, column {p.column}"
    return Words(label, odds_lines(state, p), f"{label}?\nEach attacker pays {cost} OP or more (7.1); chances: "
                 + ", ".join(f"{c} {_pct(pr)}" for c, pr in p.results[:3]) + ".")


def _allot_air(state: GameState, action) -> Words:
    support = f" and the combat value of {_name(state, action.support)}" if action.support else ""
    return Words(f"Put {action.points} air point{'s' if action.points != 1 else ''}{support} on this combat",
                 "Hidden from the other side until the roll; each point is a column, the two sides' points cancel (13.1)"
                 + ("; HQ support once an activation phase (1.4)" if action.support else "."))


def _choose_loss(state: GameState, action) -> Words:
    name = _name(state, action.unit)
    rec = state.units[action.unit]
    last = rec.step + 1 >= len(state.board.units[action.unit].combat)
    if last:
        return Words(f"{name} loses its last step and is eliminated", "1.2, 7.5", f"Eliminate {name} (7.5)?")
    return Words(f"{name} loses a step", "Two combat points a step, one for a Tiger (1.2); steps and hexes at the owner's choice (7.5).")


def _retreat(state: GameState, action) -> Words:
    name = _name(state, action.unit)
    if not action.path:
        return Words(f"{name} cannot retreat and is eliminated", "7.6", f"Eliminate {name}: no retreat is open to it (7.6)?")
    foe = combat.zoc.enemy_zoc(state, state.units[action.unit].side)
    side = state.units[action.unit].side
    cost = sum(1 for h in action.path[1:] if h in foe and not any(state.units[u].side == side for u in state.units_at(h)))
    detail = f"Path {'-'.join(action.path)} (7.6)" + (f"; {cost} step(s) lost passing enemy ZoC (4.3)" if cost else "")
    return Words(f"Retreat {name} to {_where(state, action.path[-1])}", detail, f"{name} loses {cost} step(s) retreating through enemy ZoC: go on?" if cost else "")


def _advance(state: GameState, action) -> Words:
    return Words(f"Advance {_name(state, action.unit)} to {_where(state, action.path[-1])}",
                 f"Path {'-'.join(action.path)}; the vacated hex is free, each further hex costs its OP (7.6).")


def _build(state: GameState, action) -> Words:
    cost = works.BUILD_COST.get(action.posture, 0)
    kind = {"pdm": "a mobile defensive position (PDM)", "pdp": "a prepared defensive position (PDP)"}.get(action.posture, action.posture)
    return Words(f"Dig {_names(state, action.units)} in: {kind}",
                 f"{cost} OP each (11.1); " + ("+2 combat and anti-tank in defence; " if action.posture == "pdp" else "")
                 + "no compulsory attack from it; leaving it costs " + f"{works.LEAVE_COST.get(action.posture, 0)} OP (11.2).")


def _leave(state: GameState, action) -> Words:
    held = odds.posture(state, action.unit)
    return Words(f"{_name(state, action.unit)} leaves its {held.upper()}", f"{works.LEAVE_COST.get(held, 0)} OP, then it may move (11.2).")


def _move(state: GameState, action) -> Words:
    return Words(f"Move {_names(state, action.units)} from {_where(state, action.path[0])} to {_where(state, action.path[-1])}",
                 f"Path {'-'.join(action.path)} (6.1)")


def _rail(state: GameState, action) -> Words:
    return Words(f"Move {_names(state, action.units)} by rail from {_where(state, action.path[0])} to {_where(state, action.path[-1])}",
                 f"Rail path {'-'.join(action.path)}; 3 OP to board and 3 to leave the train (6.4)")


def _activate(state: GameState, action) -> Words:
    if action.hq:
        return Words(f"Activate the formation of {_name(state, action.hq)}", "Up to eight units it commands, the HQ free (3.2).")
    return Words("General activation", "Any four units, an HQ counting (3.3).")


def _pass(state: GameState, action) -> Words:
    """2.2: a pass after the other side's pass (or when the other side has no unit left to activate) ends the
    operations phase for both sides: a slip would cost the rest of the phase, so it is asked first."""
    from . import activation, sequence

    side = state.turn_data.get("segment")
    ends = bool(side) and (bool(state.turn_data.get("last_passed")) or activation.out_of_units(state, sequence.other(side)))
    if not ends:
        return Words("Pass", "Activate nothing this segment; two passes in a row end the operations phase (2.2).")
    why = "the other side passed last" if state.turn_data.get("last_passed") else "the other side has no unit left to activate"
    return Words("Pass and end the operations phase", f"Activate nothing this segment: {why}, so this pass ends the operations phase (2.2).",
                 f"{why[0].upper()}{why[1:]}: this pass ends the operations phase for both sides, and no unit of yours acts again "
                 "before the administrative phase (2.2). Pass?")


def _simple(label: str, detail: str):
    return lambda state, action: Words(label, detail)


_DESCRIBERS = {
    "Assault": _assault,
    "AllotAir": _allot_air,
    "ChooseLoss": _choose_loss,
    "Retreat": _retreat,
    "Advance": _advance,
    "EndAdvance": _simple("Advance no (further) units", "Advance after combat is never compulsory (7.6)."),
    "BuildPosition": _build,
    "LeavePosition": _leave,
    "Move": _move,
    "RailMove": _rail,
    "Activate": _activate,
    "EndActivation": _simple("End this activation", "The other side's segment follows (2.1)."),
    "Pass": _pass,
    "ReduceFatigue": lambda state, action: Words(f"{_name(state, action.unit)} rests", "4 OP of its first activation this turn: one fatigue level less (3.5)."),
    "EndReaction": _simple("Move no (further) units in reaction", "6.6"),
    "EliminateExcess": lambda state, action: Words(f"Remove {_name(state, action.unit)} (over-stacked)", "5",
                                                   f"Remove {_name(state, action.unit)} from the game to end the over-stacking (5)?"),
    "Enter": lambda state, action: Words(f"Bring {_names(state, action.units)} on at {_where(state, action.hex)}",
                                         "Reinforcements pay the entry hex and may move on, with full OP even out of command (15.1)."),
    "MoveSupplyHead": lambda state, action: Words(f"Move {_name(state, action.unit)} to {_where(state, action.hex)}",
                                                  "One hex a turn by road, railroad, bridge or into clear terrain (9.4)."),
    "Replace": lambda state, action: Words(f"Replacements for {_name(state, action.unit)}", "One step back, or the unit rebuilt (16.1)."),
    "EndReplacements": _simple("Spend no more replacement points", "German points are kept, Soviet ones are lost at the turn's end (16.1)."),
    "Detach": lambda state, action: Words(f"Detach {_name(state, action.detachment)}", "It takes its steps from its mother unit (1.3)."),
    "Reattach": lambda state, action: Words(f"Reattach {_name(state, action.detachment)}", "Its steps go back to its mother unit (1.3)."),
    "Combine": lambda state, action: Words(f"Merge {_name(state, action.absorbed)} into {_name(state, action.unit)}",
                                           "The absorbed unit leaves play, the other gets its steps back (1.3).",
                                           f"{_name(state, action.absorbed)} leaves play for good (1.3): merge?"),
    "Reconnoitre": lambda state, action: Words(f"Air reconnaissance of {_where(state, action.hex)}", "Shows the whole enemy stack this turn (13.3, 10.1)."),
    "SetTop": lambda state, action: Words(f"Show {_name(state, action.unit)} on top of its stack", "The enemy sees only the top unit of a stack it has not examined (10.2)."),
    "LeaveMap": lambda state, action: Words(f"{_names(state, action.units)} leave the map", "The scenario's exit order (18.2).",
                                            f"Take {_names(state, action.units)} off the map for good (18.2)?"),
    "IntoHQBox": lambda state, action: Words(f"Put {_name(state, action.unit)} in the box of {_name(state, action.hq)}", "Optional rule 10.3."),
    "OutOfHQBox": lambda state, action: Words(f"Take {_name(state, action.unit)} out of its HQ's box", "Back on the map in the HQ's hex (10.3)."),
    "PlaceUnit": lambda state, action: Words(f"Place {_name(state, action.unit)} in {_where(state, action.hex)}",
                                             "A destroyed HQ back on the map, free of enemy ZoC and in supply (1.4)."),
}


# ----------------------------------------------------------------------------- notes on a unit


def rail_reason(state: GameState, uid: str) -> str:
    """Why ``uid`` may not move by rail now, with the case ("" when it may, 6.4)."""
    from . import rail

    refusal = rail.refusal(state, (uid,))
    if refusal is None:
        return ""
    case, why = refusal
    return f"{_name(state, uid)} cannot go by rail: {why} ({case})"


def unit_notes(state: GameState, uid: str) -> list[str]:
    """A unit's supply (9.3) and command (8.2), in a player's words (its OP, fatigue and activations are the
    window's line of operation points)."""
    from . import activation, supply

    if state.units[uid].hex is None:
        return []
    words = {supply.SUPPLIED: "In supply (9.3)", supply.ISOLATED: "Isolated (9.3)", supply.OUT: "Out of supply (9.3)"}
    notes = [words[supply.status(state, uid)]]
    if activation.out_of_command(state, uid):
        notes.append(f"Out of command: only a general activation takes it, at {activation.OUT_OF_COMMAND_PENALTY} OP less (8.2)")
    return notes

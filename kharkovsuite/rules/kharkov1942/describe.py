"""Actions in a player's words: what the window shows on buttons, in confirmations and the status bar.

:func:`describe` turns an action of this rule system into :class:`Words`: a one-line label
("Overrun 0215 (Balakleya) with 3 units: 9 to 3, column 3-1"), a longer detail (the chances of
each result, which units), and, when the action cannot be taken back and may cost a unit
(an overrun, a breakdown, a loss that eliminates), the question to ask before it is made.
The window asks the rule system through ``state.rules.describe``; it never imports this module.
"""
from __future__ import annotations

from fractions import Fraction

from ...engine.actions import Action
from ...engine.errors import IllegalAction
from ...engine.state import GameState
from ...engine.words import Words
from . import breakdown, odds


def describe(state: GameState, action: Action, quick: bool = False) -> Words:
    """The action in a player's words (a refused overrun still gets words: its refusal with the case).

    ``quick`` leaves out what takes long to figure (an overrun's odds: the stack moved in a copy
    of the game, supply and all), for long lists; the question asked before it always has them.
    """
    kind = action.kind
    if quick and kind == "Overrun":
        return _overrun_quick(state, action)
    maker = _DESCRIBERS.get(kind)
    if maker is None:
        raise ValueError(f"no words for a {kind} action in Kharkov 1942")
    return maker(state, action)


# ----------------------------------------------------------------------------- names


def unit_name(state: GameState, uid: str) -> str:
    unit = next((u for u in state.scenario.units if u.id == uid), None)
    return unit.name if unit is not None and unit.name else uid


def _units(state: GameState, units) -> str:
    """Up to three units by name (overruns of a stack by different subsets must read apart), more by their number."""
    units = list(units)
    if len(units) <= 3:
        names = [unit_name(state, u) for u in units]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"{len(units)} units"


def _unit_list(state: GameState, units) -> str:
    return ", ".join(unit_name(state, u) for u in units)


def hex_name(state: GameState, hex_id: str) -> str:
    """``0215`` or ``0215 (Balakleya)`` when a city or a named place is there."""
    names = state.cache.get("describe_places")
    if names is None:
        m = state.scenario.map
        names = {p.hex: p.name for p in m.places.values()}
        for city in m.cities.values():
            for h in city.hexes:
                names[h] = city.name
        state.cache["describe_places"] = names
    return f"{hex_id} ({names[hex_id]})" if hex_id in names else hex_id


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.0f}%"


def _chances(o: odds.Odds, top: int = 4) -> str:
    return ", ".join(f"{r} {_pct(p)}" for r, p in o.results[:top])


# ----------------------------------------------------------------------------- the kinds


def _end_phase(state: GameState, action) -> Words:
    return Words(f"End the {state.phase.name} phase", f"Turn {state.turn}: nothing of this phase can be taken back afterwards (4.0).")


def _move(state: GameState, action) -> Words:
    units, path = action.units, action.path
    start = state.units[units[0]].hex
    if start is None:
        return Words(f"Bring on {_units(state, units)} at {hex_name(state, path[0])}" + (f", on to {hex_name(state, path[-1])}" if len(path) > 1 else ""),
                     f"Reinforcement entering the map (16.0): {_unit_list(state, units)}; path {'-'.join(path)}")
    return Words(f"Move {_units(state, units)} from {hex_name(state, path[0])} to {hex_name(state, path[-1])}",
                 f"{_unit_list(state, units)}; path {'-'.join(path)}")


def _rail_move(state: GameState, action) -> Words:
    return Words(f"Move {_units(state, action.units)} by rail from {hex_name(state, action.path[0])} to {hex_name(state, action.path[-1])}",
                 f"{_unit_list(state, action.units)}; rail path {'-'.join(action.path)} (6.4)")


def _overrun(state: GameState, action) -> Words:
    where = hex_name(state, action.target)
    route = f" via {'-'.join(action.path[1:])}" if len(action.path) > 1 else ""
    try:
        o = odds.overrun_odds(state, action)
    except IllegalAction as exc:
        return Words(f"Overrun {where} with {_units(state, action.units)}: not allowed", f"{exc}")
    label = f"Overrun {where} with {_units(state, action.units)}{route}: {o.attack} against {o.defense}, column {o.column}"
    detail = (f"Overrunning: {_unit_list(state, action.units)} (attack total halved, 7.0; no Air Points, 7.21)\n"
              f"Strength {o.attack} against {o.defense}, column {o.column}\nChance of each result: {_chances(o, 8)}")
    return Words(label, detail, f"{label}?\nIt costs 3 MP more and cannot be taken back; chances: {_chances(o)}.")


def _overrun_quick(state: GameState, action) -> Words:
    where = hex_name(state, action.target)
    start = f" from {action.path[-1]}" if action.path else ""
    return Words(f"Overrun {where} with {_units(state, action.units)}{start}",
                 f"Overrunning: {_unit_list(state, action.units)}\nClick the stack's hex to see the odds here; they are shown again before the overrun is made (7.0).")


def _attack(state: GameState, action) -> Words:
    targets = ", ".join(hex_name(state, h) for h in action.targets)
    try:
        o = odds.attack_odds(state, action.attackers, action.targets)
    except IllegalAction as exc:
        return Words(f"Attack {targets} with {_units(state, action.attackers)}: not allowed", str(exc))
    return Words(f"Attack {targets} with {_units(state, action.attackers)}: {o.attack} against {o.defense}, column {o.column}",
                 f"Attackers: {_unit_list(state, action.attackers)}\nChance of each result: {_chances(o, 8)}")


def _choose_loss(state: GameState, action) -> Words:
    name = unit_name(state, action.unit)
    steps = state.board.type_steps(action.unit)
    last = not steps or state.units[action.unit].step >= len(steps) - 1
    if last:
        return Words(f"Take the loss from {name}: eliminated", "Its last step (9.5).", f"Eliminate {name} to take this step loss (9.5)?")
    return Words(f"Take the loss from {name} (one step)", "It is flipped to its reduced side (9.5).")


def _retreat(state: GameState, action) -> Words:
    name = unit_name(state, action.unit)
    if not action.path:
        return Words(f"{name} cannot retreat: eliminated", "No hex to retreat to (9.6).", f"{name} cannot retreat and is eliminated (9.6). Go on?")
    return Words(f"Retreat {name} to {hex_name(state, action.path[-1])}", f"Path {'-'.join(action.path)} (9.6)")


def _advance(state: GameState, action) -> Words:
    return Words(f"Advance {unit_name(state, action.unit)} to {hex_name(state, action.path[-1])}", f"Path {'-'.join(action.path)} (9.7)")


def _break_down(state: GameState, action) -> Words:
    name = unit_name(state, action.division)
    try:
        n = sum(breakdown.check_break_down(state, action.division))
        regiments = f" into {n} regiments"
    except IllegalAction as exc:
        return Words(f"Break down {name}: not allowed", str(exc))
    where = hex_name(state, state.units[action.division].hex)
    label = f"Break down {name}{regiments} at {where}"
    return Words(label, "The division leaves the map for the Breakdown box; its regiments take its place (15.1).",
                 f"{label}?\nThe division may form again only later, from its regiments (15.12).")


def _reform(state: GameState, action) -> Words:
    return Words(f"Form {unit_name(state, action.division)} again from {len(action.regiments)} regiments",
                 f"Regiments: {_unit_list(state, action.regiments)} (15.12)")


def _strongpoint(state: GameState, action) -> Words:
    return Words(f"Make {unit_name(state, action.unit)} a strongpoint at {hex_name(state, state.units[action.unit].hex)}", "15.21")


def _commit_reserve(state: GameState, action) -> Words:
    places = ", ".join(f"{unit_name(state, u)} to {hex_name(state, h)}" for u, h in zip(action.units, action.hexes))
    return Words(f"Commit from reserve: {places}", "6.73")


def _simple(label: str, detail: str = "", confirm: str = ""):
    return lambda state, action: Words(label, detail, confirm)


def _one(fmt: str, detail: str = "", confirm: str = ""):
    def make(state: GameState, action) -> Words:
        name = unit_name(state, action.unit)
        return Words(fmt.format(name=name), detail, confirm.format(name=name))
    return make


_DESCRIBERS = {
    "EndPhase": _end_phase,
    "Move": _move,
    "RailMove": _rail_move,
    "Overrun": _overrun,
    "Attack": _attack,
    "CommitAir": _simple("Commit an Air Point to this combat", "One column in the committing side's favour (13.1)."),
    "DeclineAir": _simple("No Air Point for this combat", "13.12"),
    "ChooseLoss": _choose_loss,
    "Retreat": _retreat,
    "Advance": _advance,
    "EndAdvance": _simple("Advance no (further) units", "9.73"),
    "Chase": _one("Chase with {name}", "Into the hex the disengaging unit left (6.62)."),
    "DeclineChase": _simple("Let the disengaging unit go", "6.62"),
    "EliminateExcess": _one("Remove {name} (overstacked)", "8.1", "Remove {name} from the game to end the overstacking (8.1)?"),
    "CommitReserve": _commit_reserve,
    "DeclineReserve": _simple("Keep the rest in reserve for now", "6.75"),
    "BreakDown": _break_down,
    "ReformDivision": _reform,
    "FormStrongpoint": _strongpoint,
    "AirSupply": lambda state, action: Words(f"Supply the units in {hex_name(state, action.hex)} by air", "One unused Axis Air Point, for the next game-turn (13.2)."),
    "PlaceUnit": lambda state, action: Words(f"Set up {unit_name(state, action.unit)} in {hex_name(state, action.hex)}", "5.0"),
    "PlaceDisplacedHQ": lambda state, action: Words(
        f"Place the displaced {unit_name(state, action.unit)} in {hex_name(state, action.hex)}",
        "The nearest hexes with a friendly combat unit: " + ", ".join(hex_name(state, h) for h in action.choices) + " (10.17).",
    ),
}


# ----------------------------------------------------------------------------- rail movement


def rail_reason(state: GameState, uid: str) -> str:
    """Why ``uid`` cannot move by rail now, in a player's words with the case ("" when it can, 6.4)."""
    from . import rail, trace
    from .zoc import derived, other_side

    name = unit_name(state, uid)
    rec = state.units[uid]
    if "frozen" in rec.flags:
        return f"{name} cannot go by rail: it is frozen in place until the enemy comes near or it is released (6.51)"
    if "disrupted" in rec.flags:
        return f"{name} cannot go by rail: it is disrupted (7.32)"
    if uid in state.phase_data.get("moved", ()):
        return f"{name} cannot go by rail: it has already moved this phase (6.12)"
    refusal = trace._rail_refusal(state, uid)
    if refusal is not None:
        case, why = refusal
        return f"{name} cannot go by rail: {why} ({case})"
    b = state.board
    here = b.index[rec.hex]
    if b.rail_side[here] is None:
        return f"{name} cannot go by rail: {rec.hex} is not on a railroad; a rail move starts on a rail hex (6.41)"
    if b.rail_side[here] != rec.side:
        return f"{name} cannot go by rail: {rec.hex} is an enemy rail hex, on the far side of the 12 May front line (6.42)"
    if here in derived(state).zoc[other_side(rec.side)]:
        return f"{name} cannot go by rail: it is in an enemy zone of control at {rec.hex} (6.43)"
    if not rail.rail_reach(state, uid)[2]:
        return f"{name} cannot go by rail: every rail hex next to {rec.hex} is enemy-controlled, occupied by the enemy or an enemy rail hex (6.42, 6.43)"
    return ""


# ----------------------------------------------------------------------------- notes on a unit


def unit_notes(state: GameState, uid: str) -> list[str]:
    """What a player should know about a unit on the map now: its supply and, for an HQ, when it turns active."""
    from . import hq, supply

    rec = state.units[uid]
    if rec.hex is None:
        return []
    notes = []
    if state.board.is_hq(uid) and "inactive" in rec.flags:
        turn = hq.activation_turn(state, uid)
        notes.append(f"Not active (10.3)" + (f": it becomes active on turn {turn}" if turn and turn > state.turn else ""))
    status = supply.supply_status(state, uid)
    if status.in_supply:
        notes.append({"soviet-hq": "In supply through its HQ (10.23)", "rumanian-hq": "In supply through the Rumanian HQ (10.27)",
                      "city": "In supply from a city (11.31)", "road": "In supply by road (11.32)", "hq-line": "In supply: an HQ's line to the east edge (11.21)",
                      "air": "In supply by air (13.2)", "reinforcement": "In supply: arrived this turn (16.0)",
                      "first-activation": "In supply: its sector was just released (6.57)"}.get(status.kind, "In supply (11.0)"))
        return notes
    words = "Out of supply (11.0)"
    if rec.side == "soviet" and not state.board.is_hq(uid):
        waiting = sorted((hq.activation_turn(state, h) or 0, h) for h, r in state.units.items()
                         if r.side == "soviet" and r.hex is not None and state.board.is_hq(h) and "inactive" in r.flags)
        later = [(t, h) for t, h in waiting if t > state.turn]
        if later:
            words += (": Soviet combat units draw supply only through an active HQ, and the HQs turn active by the schedule (10.3): "
                      + ", ".join(f"{unit_name(state, h)} on turn {t}" for t, h in later))
    notes.append(words)
    return notes

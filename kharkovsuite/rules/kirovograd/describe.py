"""Kirovograd's actions and units in a player's words: the buttons, confirmations and notes of the
game window.  The window asks through ``state.rules.describe`` and ``state.rules.unit_notes``; it
never imports this module.

:func:`describe` gives :class:`Words`: a one-line label ("3P: assault orders, 2 supply points
from dump #1"), a detail (what the orders allow, with their cases) and, for an action that binds
the player (handing the orders in), the question to ask first.  An action kind this module has
no words of its own for (one the combat half adds) is still worded, from its kind and fields, as
a player reads them: unit names, hexes, formations; never a Python repr.
"""
from __future__ import annotations

import re
from dataclasses import fields

from ...engine.actions import Action
from ...engine.state import GameState
from ...engine.words import Words, unit_name, unit_names

__all__ = ["Words", "describe", "order_lines", "unit_name", "unit_notes", "rail_reason"]
from . import air, counters, fight, movement, orders, sequence, supply
from .board import other


def formation_name(state: GameState, formation: str) -> str:
    """A formation by the abbreviation printed on its counters (2.2.4)."""
    info = state.board.data.formations.get(formation)
    return info.abbr if info is not None else formation


def track_name(track: str | None) -> str:
    """A supply track in words (8.5): the Soviet track, a German on-map dump, the off-map dump."""
    if track is None:
        return "no track (its HQ links to no dump nor friendly edge road, 8.5.2B)"
    if track == supply.SOVIET_TRACK:
        return "the Soviet track"
    if track == supply.OFF_MAP_TRACK:
        return "the off-map dump"
    return f"dump #{track.split(':', 1)[1]}"


def side_name(state: GameState, side: str) -> str:
    sides = state.scenario.sides
    return sides[side].name if side in sides else side


# ----------------------------------------------------------------------------- orders


def order_lines(state: GameState, side: str, order: str) -> list[str]:
    """What ``order`` lets ``side``'s formations do (the Order Chart, 6.2), one line each, with cases."""
    e = state.board.data.orders[order]
    cost = e.cost[side]
    lines = [f"supply cost: {cost} point(s) when given" + (f"; {e.cost_note}" if e.cost_note else "") + " (8.1C)",
             f"movement: round one {e.move[0]}, round two {e.move[1]} ({e.case})",
             f"attacks: {e.attack} ({e.case})",
             f"advance after combat: {e.advance} ({e.case})"]
    shifts = []
    if e.shift_attacking:
        shifts.append(f"{e.shift_attacking:+d} column(s) when it attacks")
    if e.shift_attacked:
        shifts.append(f"{e.shift_attacked:+d} column(s) when it is attacked")
    if shifts:
        lines.append("combat: " + ", ".join(shifts) + f" ({e.case})")
    support = [name for name, given in (("artillery", e.artillery_support[side]), ("air", e.air_support[side])) if given]
    lines.append(f"support: {' and '.join(support) if support else 'no artillery nor air'} support ({e.case})")
    lines.append(f"reserves: {'may be formed' if e.reserves else 'may not be formed'} (12.1)")
    return lines


def order_cost(state: GameState, side: str, order: str) -> int:
    return orders.cost(state, side, order)


def _set_order(state: GameState, a) -> Words:
    decision = _orders_decision(state)
    side = decision.side if decision is not None else state.to_act
    cost = order_cost(state, side, a.order)
    track = decision.data["tracks"].get(a.formation) if decision is not None else None
    paid = f", {cost} supply point(s) from {track_name(track)}" if cost else ", no supply cost"
    return Words(f"{formation_name(state, a.formation)}: {a.order} orders{paid}", "\n".join(order_lines(state, side, a.order)))


def _orders_decision(state: GameState):
    return next((d for d in reversed(state.pending) if d.kind == orders.DECISION), None)


def draft_costs(state: GameState, decision) -> dict[str, int]:
    """Track -> the supply points the orders chosen so far will cost when handed in (8.1C)."""
    out: dict[str, int] = {}
    for f, o in decision.data["draft"].items():
        c = order_cost(state, decision.side, o)
        if c:
            t = decision.data["tracks"].get(f)
            out[t] = out.get(t, 0) + c
    return out


def _submit(state: GameState, a) -> Words:
    decision = _orders_decision(state)
    if decision is None:
        return Words("Hand in the orders")
    draft = decision.data["draft"]
    costs = draft_costs(state, decision)
    total = sum(costs.values())
    lines = [f"{formation_name(state, f)}: {o}" for f, o in draft.items()]
    lines += [f"Out of Supply on retreat orders: {unit_name(state, u)} (6.1F)" for u in decision.data["retreat"]]
    lines += [f"{track_name(t)}: {n} point(s) paid, {supply.points(state, t) - n} left" for t, n in sorted(costs.items(), key=lambda x: str(x[0]))]
    foe = side_name(state, other(decision.side))
    return Words(f"Seal the orders ({total} supply point(s))", "\n".join(lines),
                 f"Seal these orders? They bind until the next turn and their supply points are paid now (6.1D, 8.1C). "
                 f"The {foe} player then gives theirs; both are revealed together (3.3).")


def _attach(state: GameState, a) -> Words:
    return Words(f"{unit_name(state, a.unit)}: {formation_name(state, a.formation)}'s orders this turn (6.3)",
                 "An independent unit may take the orders of a formation with a unit within one hex of it; one formation a turn (5.F).")


def _use_retreat(state: GameState, a) -> Words:
    return Words(f"{unit_name(state, a.unit)}: retreat orders (Out of Supply, 6.1F)",
                 "An Out of Supply unit may take retreat orders of its own instead of its formation's (6.1F, 8.4D).")


# ----------------------------------------------------------------------------- the move rounds


def _move(state: GameState, a) -> Words:
    return Words(f"Move {unit_names(state, a.units)} from {a.path[0]} to {a.path[-1]}", f"path: {', '.join(a.path)} (11.B)")


def _place_reserve(state: GameState, a) -> Words:
    return Words(f"Into reserve: {unit_names(state, a.units)} (12.1)",
                 "Reserve units move at half their MA in movement round one and not in round two until committed (12.2); "
                 "they may be committed in a friendly move round (12.3.1) or when the enemy declares attacks (12.3.2).")


def _commit_reserve(state: GameState, a) -> Words:
    if not a.hexes:
        return Words(f"Commit {unit_names(state, a.units)} from reserve (offensive, 12.3.1A)",
                     "The reserve marker goes; the units then move and fight on their formation's orders (12.2A), "
                     "with their full MA in movement round two (12.2C).")
    return Words(f"Commit {unit_names(state, a.units)} from reserve to {a.hexes[-1]} (defensive, 12.3.2)", f"path: {', '.join(a.hexes)} (12.3.2B)")


def _decline_reserve(state: GameState, a) -> Words:
    return Words("Commit no reserve against these attacks (12.3.2A)")


def _flip(state: GameState, a) -> Words:
    to_travel = not counters.has(state, a.unit, counters.TRAVELLING)
    return Words(f"Flip {unit_name(state, a.unit)} to its {'travelling' if to_travel else 'firing'} side ({'21.12A' if to_travel else '21.12B'})",
                 "Travelling: it moves but neither fires nor exerts a ZOC (13.A); firing: it may not move this round (21.12C).")


def _assign(state: GameState, a) -> Words:
    return Words(f"Assign {formation_name(state, a.formation)} to {formation_name(state, a.higher)} (22.8)")


def _transfer(state: GameState, a) -> Words:
    return Words(f"Move {a.points} supply point(s) from dump #{a.source} to dump #{a.dest} (8.5.1D)")


def _exit_off_map(state: GameState, a) -> Words:
    return Words(f"Take {unit_name(state, a.unit)} off the map at {state.units[a.unit].hex} (24.3)",
                 "It leaves for good as its move of this round; each tank or mechanized corps that leaves whole strikes off "
                 "a German panzer division still to come.", confirm="The unit will not come back. Leave the map?")


def _take_replacements(state: GameState, a) -> Words:
    left = state.game.get("replacement_points", 0)
    return Words(f"Refit {unit_name(state, a.unit)} with {a.points} armour replacement point(s) (25.2)",
                 f"It gains {a.points} SP and spends its whole movement round; {left} point(s) in hand, "
                 "the rest kept for later (25.1C).")


def _end_phase(state: GameState, a) -> Words:
    return Words(f"End {state.phase.name}")


# ----------------------------------------------------------------------------- the combat rounds (15)
# The combat half's actions, known here by their kind and fields only.


def _draft(state: GameState) -> dict | None:
    return (state.phase_data.get("fight") or {}).get("draft")


def _attack_hex(state: GameState, a) -> Words:
    if _draft(state):
        return Words(f"Add {a.hex} to the targets of the attack (14.3H)")
    return Words(f"Attack {a.hex}: open an attack on it (15.1A)", "then add the attacking units and any support, and declare it")


def _add_attacker(state: GameState, a) -> Words:
    return Words(f"{unit_name(state, a.unit)} joins the attack (14.3)")


def _add_support(state: GameState, a) -> Words:
    info = state.board.units.get(a.unit)
    if info is not None and info.kind == "air":
        f = air.flight_of(state, a.unit)
        units = f["units"] if f else [a.unit]
        strength = air.ground_strength(state, f) if f else 0
        return Words(f"{unit_names(state, units)} join the attack from the air, +{strength} strength (28.4.1A, 15.1B)",
                     "Anti-aircraft fire from the target hex comes first (28.11); a hit sends the flight home without attacking.")
    return Words(f"{unit_name(state, a.unit)} supports the attack (21.1 barrage, 22.1 HQ)")


# ----------------------------------------------------------------------------- air missions (28)


def _air_place(state: GameState, hex_id: str) -> str:
    for area, h in state.game.get("airstrips", {}).items():
        if h == hex_id:
            return f"{state.scenario.map.areas[area].name} ({hex_id})" if area in state.scenario.map.areas else hex_id
    return hex_id


def _fly_mission(state: GameState, a) -> Words:
    who = unit_names(state, list(a.units))
    place = _air_place(state, a.hex)
    escort = f", escorted by {unit_name(state, a.escort)} (28.5)" if a.escort else ""
    if a.mission == "ground_attack":
        mine = state.units[a.units[0]].side if a.units and a.units[0] in state.units else None
        defending = mine is not None and mine != state.phase.side
        label = (f"{who}: support the defence of {place} from the air (28.4.1C)" if defending
                 else f"{who}: ground attack on {place} (28.4.1A){escort}")
        detail = "It adds its air-to-ground factor in the combat round; anti-aircraft fire comes first (28.11)."
    elif a.mission == "cap":
        label, detail = f"{who}: combat air patrol over {place} (28.6A)", "After the commitment it may move up to four hexes onto enemy air units (28.6B)."
    elif a.mission == "supply":
        label = f"{who}: fly supply to {place} (28.7)"
        detail = "An airstrip becomes a supply source this turn; elsewhere the stack there is supplied for a supply point (8.3.1, 8.1G)."
    elif a.mission == "transfer":
        back = a.units and state.game.get("air", {}).get(a.units[0], {}).get("base") != "box"
        label = f"{who}: transfer from {place} to the air base box (28.8A)" if back else f"{who}: transfer to {place} (28.8A)"
        detail = "Done after the patrol moves, unless an enemy patrol attacks it (28.8B)."
    else:
        label, detail = f"{who}: {a.mission.replace('_', ' ')} at {place}", ""
    return Words(label, detail + " The unit has flown its sortie for the turn (28.2).")


def _withhold_air(state: GameState, a) -> Words:
    return Words(f"{unit_names(state, list(a.units))}: wait with {unit_name(state, a.hq)} for the second combat round (28.3.3C)",
                 "It is placed over a hex of the HQ's sector when the second combat round begins (28.3.3E-F).")


def _patrol_move(state: GameState, a) -> Words:
    f = air.flight_of(state, a.unit)
    units = air.members(f) if f else [a.unit]
    return Words(f"{unit_names(state, units)}: patrol from {f['hex'] if f else '?'} to {a.hex} to intercept (28.6B, 28.9A)")


def _pair_air(state: GameState, a) -> Words:
    mine, theirs = air.flight_of(state, a.unit), air.flight_of(state, a.target)
    ours = unit_names(state, air.members(mine)) if mine else unit_name(state, a.unit)
    foe = unit_names(state, air.members(theirs)) if theirs else unit_name(state, a.target)
    return Words(f"{ours} pair off against {foe} (28.10.1A)",
                 "The pairing patrol attacks first on its air-to-air strength; an escort adds its own to the stack it flies with (28.10.2).")


def _air_choice(state: GameState) -> tuple[str, str]:
    """The case and stage of the air decision now: (``28.10.2A``, ``back``), (``28.9.1C``, ``press``) or the loss's case."""
    decision = state.pending[-1] if state.pending else None
    if decision is None:
        return "", ""
    if decision.kind == air.LOSS:
        return "28.11A", "loss"
    return decision.case, decision.data.get("step", "") if decision.kind == air.DECISION else ""


def _stack(state: GameState, unit_id: str) -> str:
    f = air.flight_of(state, unit_id)
    return unit_names(state, air.members(f)) if f else unit_name(state, unit_id)


def _air_strike(state: GameState, a) -> Words:
    ours, theirs = air.flight_of(state, a.unit), air.flight_of(state, a.target)
    odds = (f"Air-to-air {air._air_air(state, ours)} against {air._air_air(state, theirs)}; results to the attacker are ignored (28.10.2B)."
            if ours and theirs else "")
    case, _stage = _air_choice(state)
    if case == "28.9.1C":
        return Words(f"{_stack(state, a.unit)}: attack {_stack(state, a.target)} too (28.9.1C)", odds)
    return Words(f"{_stack(state, a.unit)}: strike back at {_stack(state, a.target)} (28.10.2A)", odds)


def _hold_air_fire(state: GameState, a) -> Words:
    case, _stage = _air_choice(state)
    if case == "28.9.1C":
        return Words(f"{_stack(state, a.unit)}: do not attack (28.9.1C)", "The stack attacked is left alone by this patrol, which goes home (28.9.2B).",
                     confirm="This patrol will not attack. Let it pass?")
    return Words(f"{_stack(state, a.unit)}: do not strike back (28.10.2A)", "The attacker goes unharmed.",
                 confirm="Your stack will not strike back. Hold its fire?")


def _take_air_loss(state: GameState, a) -> Words:
    case, _stage = _air_choice(state)
    case = case or "28.10.4A"
    left = air.strongest(state, a.unit) - state.units[a.unit].step - 1 if a.unit in state.units else 0
    name = unit_name(state, a.unit)
    if left <= 0:
        return Words(f"{name} takes the loss point and is destroyed ({case})", "A destroyed air unit scores twice its points for the enemy (27.B).",
                     confirm=f"{name} will be destroyed. Take the loss on it?")
    return Words(f"{name} takes the loss point, {left} left ({case})", "Its stronger factor drops by the point; the weaker stays (28.10.4B-C).")


def _return_air(state: GameState, a) -> Words:
    name = unit_name(state, a.unit)
    if a.to == "box":
        return Words(f"{name}: land in the unready box (28.2E)", "It is ready again when the game turn ends (28.2F), and safe from an overrun of its strip (30.3).",
                     confirm=f"{name} will leave its airstrip for the unready box. Land it there?")
    base = state.game.get("air", {}).get(a.unit, {}).get("base", "")
    area = state.scenario.map.areas.get(base)
    return Words(f"{name}: land back on {area.name if area is not None else base} (28.2E)",
                 "It may fly from its strip again next player turn (28.2B).")


def _end_air_turn(state: GameState, a) -> Words:
    decision = state.pending[-1] if state.pending and state.pending[-1].kind == air.DECISION else None
    if decision is not None and decision.data.get("stage") == "cap":
        return Words("No more patrol moves (28.6B)", "When both sides have ended, the air combats are fought (28.6C).",
                     confirm="Your patrols will move no more in this segment. End the patrol moves?")
    return Words("Commit no more air units this segment (28.3)", "The other side may go on committing alone.",
                 confirm="You will commit no more air units in this segment. End your commitment?")


def _confirm_attack(state: GameState, a) -> Words:
    draft = _draft(state) or {}
    targets = ", ".join(draft.get("targets") or ())
    return Words(f"Declare the attack{' on ' + targets if targets else ''} (15.1A)")


def _cancel_attack(state: GameState, a) -> Words:
    return Words("Drop the attack being declared (15.1)")


def _withdraw_attack(state: GameState, a) -> Words:
    return Words(f"Take back declared attack no. {a.index + 1} (15.1)")


def _support_defence(state: GameState, a) -> Words:
    return Words(f"{unit_name(state, a.unit)} supports the defence against attack no. {a.attack + 1} (15.3)")


def _end_support(state: GameState, a) -> Words:
    return Words("No further defensive support (15.3)")


def _choose_result(state: GameState, a) -> Words:
    return Words(f"Take {a.loss} SP lost and {a.retreat} hex(es) of retreat (15.9)")


def _retreat(state: GameState, a) -> Words:
    """17.1: a unit's retreat, with the SP it costs as its side knows the map: one a hex of enemy ZOC left (17.2A), the
    hexes it cannot retreat (15.9F), both within what it may still lose this round (16.1D); asked first when it costs any."""
    from . import losses

    name = unit_name(state, a.unit)
    decision = next((d for d in reversed(state.pending) if d.kind == fight.RETREAT), None)
    option = None
    if decision is not None and a.unit in decision.data["units"]:
        option = next((r for r in fight.retreat_options(state, decision, a.unit) if tuple(r.path) == tuple(a.path)), None)
    where = f"to {a.path[-1]}" if a.path else "nowhere"
    route = f"Path: {', '.join(a.path)} (17.1)." if a.path else "It has no hex to retreat into (15.9F)."
    if option is None:
        return Words(f"Retreat {name} {where} (17.1)", route)
    room = fight._room(state, fight._record(state)["now"], a.unit)
    zoc_loss = min(option.zoc_losses, room)
    short = losses.unretreated_as_losses(option.short, room - zoc_loss)
    costs = ([f"{zoc_loss} SP for leaving enemy ZOC (17.2A)"] if zoc_loss else []) + \
            ([f"{short} SP for {option.short} hex(es) it cannot retreat (15.9F)"] if short else [])
    lines = [route] + costs + (["It ends overstacked (17.3B)."] if option.overstacked else [])
    label = f"Retreat {name} {where}" + (f", losing {zoc_loss + short} SP" if costs else "") + " (17.1)"
    confirm = (f"This retreat costs {name} {' and '.join(costs)}. Retreat so?" if costs else "")
    return Words(label, "\n".join(lines), confirm)


def _advance(state: GameState, a) -> Words:
    return Words(f"Advance {unit_name(state, a.unit)} to {a.path[-1]} (18.0)" if a.path else f"{unit_name(state, a.unit)} advances (18.0)",
                 f"Path: {', '.join(a.path)}." if a.path else "")


def _retreat_along(state: GameState, a) -> Words:
    return Words(f"{unit_name(state, a.unit)} retreats along with the unit beside it (17.7A)", "It keeps its place beside that unit.")


def _stay_put(state: GameState, a) -> Words:
    return Words("The HQs and guns beside it stay where they are (17.7A)")


def _end_advance(state: GameState, a) -> Words:
    return Words("Advance no (further) units (18.0)", "The units that have not advanced stay where they are.")


def _reinforce(state: GameState, a) -> Words:
    attacks = (state.phase_data.get("fight") or {}).get("attacks") or []
    targets = ", ".join(attacks[a.attack]["targets"]) if 0 <= a.attack < len(attacks) else f"no. {a.attack + 1}"
    return Words(f"{unit_name(state, a.unit)} joins the attack on {targets}, which the reserves reinforced (15.2B)",
                 "A unit taken from another attack leaves it; support given elsewhere stays there (15.2C).")


def _attack_reserve(state: GameState, a) -> Words:
    return Words(f"{unit_name(state, a.unit)} attacks the reserve at {a.hex} (14.4C)",
                 "A unit taken from another attack leaves it; an attack left without ground units is dropped.")


def _end_reorganise(state: GameState, a) -> Words:
    return Words("The attacks stand as reorganised (15.2B)")


def _choose_loss(state: GameState, a) -> Words:
    decision = next((d for d in reversed(state.pending) if d.kind == fight.LOSSES), None)
    if decision is None:
        return Words(f"{unit_name(state, a.unit)} takes the next loss (16.0)")
    c = fight.loss_choice(state, decision)
    row = next((r for r in c["units"] if r["unit"] == a.unit), None)
    what = "extra armour loss" if c["extra"] else "loss"
    sp = f", {row['sp']} SP, may lose {row['room']} more this round" if row else ""
    return Words(f"{unit_name(state, a.unit)} takes {what} {c['number']} of {c['of']} ({c['case']}{sp})", c["why"])


# ----------------------------------------------------------------------------- dummies and hidden units (29, 30, 24.5B)


def _place_dummy(state: GameState, a) -> Words:
    return Words(f"Bring a dummy on at {a.hex} (29.3)", "It comes from the dummy box onto a hex of your units and may move on "
                 "this round like a motorised unit; it has no ZOC and takes no part in combat (29.1, 29.2).")


def _dummy_for_reinforcement(state: GameState, a) -> Words:
    return Words(f"Withhold {unit_name(state, a.unit)} this turn; a dummy comes on at {a.hex} instead (24.5B)",
                 "The reinforcement stays off the map until the next game turn; the dummy may move on this round (29.3).",
                 confirm=f"{unit_name(state, a.unit)} will not come on this game turn. Send a dummy instead?")


def _reveal_unit(state: GameState, a) -> Words:
    hidden = a.unit in state.game.get("masks", {}) and state.game["masks"][a.unit] is None
    if hidden:
        return Words(f"Put {unit_name(state, a.unit)} on the map, revealed (30.6C)")
    return Words(f"Turn {unit_name(state, a.unit)} face up (29.4D)", "The enemy sees what it is until the end of the next combat round (29.7).")


def _armored_recon(state: GameState, a) -> Words:
    return Words(f"Armoured reconnaissance of {a.hex} by {unit_names(state, a.units)} (29.8)",
                 "Only dummies there: they are removed and your units move on (29.8.1). Real units: your units attack them at once "
                 "without support, for one supply point, and move no further this round (29.8.2-29.8.4).",
                 confirm="If real units hold the hex, your units must attack them now and stop. Reconnoitre?")


def _hide_hq(state: GameState, a) -> Words:
    return Words(f"Hide {unit_name(state, a.unit)} at {a.hex} (30.6)", "It leaves the map; the other side is told it went hidden, not where.",
                 confirm=f"{unit_name(state, a.unit)} ends its move for this round. Hide it?")


_DESCRIBERS = {
    "PlaceDummy": _place_dummy, "DummyForReinforcement": _dummy_for_reinforcement, "RevealUnit": _reveal_unit,
    "ArmoredRecon": _armored_recon, "HideHQ": _hide_hq,
    "AttackHex": _attack_hex, "AddAttacker": _add_attacker, "AddSupport": _add_support, "ConfirmAttack": _confirm_attack,
    "CancelAttack": _cancel_attack, "WithdrawAttack": _withdraw_attack, "SupportDefence": _support_defence,
    "EndSupport": _end_support, "ChooseResult": _choose_result, "ChooseLoss": _choose_loss,
    "Retreat": _retreat, "Advance": _advance, "RetreatAlong": _retreat_along, "StayPut": _stay_put, "EndAdvance": _end_advance,
    "Reinforce": _reinforce, "AttackReserve": _attack_reserve, "EndReorganise": _end_reorganise,
    "SetOrder": _set_order, "SubmitOrders": _submit, "UseRetreatOrders": _use_retreat, "AttachUnit": _attach, "Move": _move,
    "PlaceReserve": _place_reserve, "CommitReserve": _commit_reserve, "DeclineReserve": _decline_reserve,
    "FlyMission": _fly_mission, "WithholdAir": _withhold_air, "PatrolMove": _patrol_move, "PairAir": _pair_air, "EndAirTurn": _end_air_turn,
    "AirStrike": _air_strike, "HoldAirFire": _hold_air_fire, "TakeAirLoss": _take_air_loss, "ReturnAir": _return_air,
    "FlipArtillery": _flip, "ExitOffMap": _exit_off_map, "AssignFormation": _assign, "TransferSupply": _transfer,
    "TakeReplacements": _take_replacements, "EndPhase": _end_phase,
}


def describe(state: GameState, action: Action, quick: bool = False) -> Words:
    """The action in a player's words (``quick`` is accepted for the window's long lists; every
    description here is quick)."""
    maker = _DESCRIBERS.get(action.kind)
    return maker(state, action) if maker is not None else generic(state, action)


def _words_of_kind(kind: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", " ", kind).capitalize()


def _value(state: GameState, value) -> str:
    if isinstance(value, (tuple, list)):
        return ", ".join(_value(state, v) for v in value) or "none"
    if isinstance(value, str):
        if value in state.units:
            return unit_name(state, value)
        if value in state.board.data.formations:
            return formation_name(state, value)
    return str(value)


def generic(state: GameState, action: Action) -> Words:
    """Words for an action kind without words of its own: its kind, then each field by name with
    units and formations named as their counters print them."""
    parts = [f"{f.name.replace('_', ' ')} {_value(state, getattr(action, f.name))}" for f in fields(action)]
    return Words(_words_of_kind(action.kind) + (": " + "; ".join(parts) if parts else ""))


# ----------------------------------------------------------------------------- units


def unit_notes(state: GameState, uid: str) -> list[str]:
    """A unit's orders, allowance this round, reserve and supply markers, in a player's words."""
    rec = state.units[uid]
    info = state.board.units[uid]
    out = []
    formation = state.game.get("attached", {}).get(uid, info.formation)
    if formation in state.board.data.formations:
        attached = " (attached, 8.3B)" if formation != info.formation else ""
        out.append(f"formation {formation_name(state, formation)}{attached}")
    if state.turn_data.get("orders_revealed"):
        out.append(f"orders this turn: {orders.order_of(state, uid)} (6.1)")
    rnd = sequence.round_of(state.phase.id)
    if rnd is not None and rec.hex is not None and rec.side == state.phase.side and info.ground:
        ma, limit = movement.allowance(state, uid, rnd)
        out.append(f"this movement round: {ma:g} MP" + (f", at most {limit} hex(es)" if limit is not None else "") + " (11.2, 6.2)")
    if info.kind == "air" and uid in state.game.get("air", {}):
        aa, ag = air.factors(state, uid)
        out.append(f"air-to-air {aa}, air-to-ground {ag} (28.10.4); based in {air.base_words(state, uid)} (28.1)")
        f = air.flight_of(state, uid)
        if f is not None:
            out.append(f"flying: {air.MISSION_WORDS.get(f['mission'], f['mission'])}" + (f" at {f['hex']}" if f["hex"] else ""))
    if counters.has(state, uid, counters.RESERVE):
        out.append("in reserve: half MA in round one, none in round two until committed (12.2)")
    if counters.has(state, uid, counters.OUT_OF_SUPPLY):
        out.append("Out of Supply: motorized units move at half MA (8.4C)")
    elif counters.has(state, uid, counters.CUT_OFF):
        out.append("Cut Off: no supply line at the last supply segment (8.4A)")
    if counters.has(state, uid, counters.TRAVELLING):
        out.append("on its travelling side: no fire, no ZOC (21.12A, 13.A)")
    if rec.hex is not None and info.values.zoc is not None and counters.exerts_zoc(state, uid):
        out.append(f"exerts a {'armour' if info.values.zoc == 'armor' else 'non-armour'} ZOC (13)")
    have = state.game.get("replacement_points", 0)
    if have and info.kind == "armor" and rec.side == "soviet" and rec.step > 0 and rec.side == state.phase.side:
        out.append(f"armour replacement points in hand: {have}; it takes them two or more hexes from the enemy, "
                   "for its movement round (25.2)")
    return out


def rail_reason(state: GameState, uid: str) -> str:
    """Kirovograd has no rail movement."""
    return "Kirovograd has no rail movement: units move by road and across country (11)"

"""Headquarters (10.0) — what part 1 needs, and the seams part 2 fills.

HQ records carry the flag ``inactive`` (the "N" side, 10.1): every HQ starts non-active
(10.31) and turns active on the game-turn printed on its back (10.32-10.34, the unit's
``entry_turn``).  Part 1 uses the flag for HQ movement (10.12) and implements displacement
(10.17), which combat needs.  10.14 (an HQ alone defends with one) is in :mod:`.combat`,
10.18 in :func:`displace`.  Part 2: the command test for attacks (9.15, 10.21) is
:func:`may_attack`, through the Line of Communications search of :mod:`.supply`
(:func:`.supply.command_status` explains a refusal; :func:`.supply.command_reach` gives
each HQ's reach for overlays).
"""
from __future__ import annotations

from ...engine.events import Displaced, Eliminated, FlagChanged
from ...engine.state import GameState
from .units import OFF_MAP_ELIMINATED, is_combat


def may_attack(state: GameState, unit_id: str) -> bool:
    """9.15/10.21: may this unit attack?  Soviet and Rumanian combat units need a Line of
    Communications (10.23) from an active friendly HQ at the instant of combat."""
    from . import supply

    return supply.in_command(state, unit_id)


def why_no_command(state: GameState, unit_id: str) -> str:
    """The refusal text of 9.15/10.21 for a unit out of command."""
    from . import supply

    trace = supply.command_status(state, unit_id)
    detail = "; ".join(f"{b.hex}: {b.reason} ({b.case})" for b in trace.blocks)
    return f"{unit_id} has no Line of Communications from an active HQ (9.15, 10.21)" + (f": {detail}" if detail else "")


def activate_scheduled(state: GameState, events: list) -> None:
    """10.32-10.34: at the start of a game-turn, HQs whose activation turn has come turn active.

    The activation turn is the unit's ``entry_turn`` (the "GT-n" printed on the HQ's back,
    3.21).  An HQ of the reinforcement schedule with no such turn becomes active on the
    game-turn it is due, so it arrives active and supplies its units from the hex it enters
    (16.0; the rulebook's own schedule has no HQ, this is how the program reads it).
    """
    for uid, rec in state.units.items():
        if "inactive" in rec.flags and "displaced" not in rec.flags and state.board.is_hq(uid):
            turn = activation_turn(state, uid)
            if turn is not None and turn <= state.turn:
                state.set_flag(uid, "inactive", False)
                events.append(FlagChanged(unit=uid, flag="active", on=True, case="10.3"))


def activation_turn(state: GameState, unit_id: str) -> int | None:
    """10.3, 16.0: the game-turn the HQ turns active: its ``entry_turn``, else for a
    reinforcement the turn it is due."""
    turn = state.board.unit_model[unit_id].entry_turn
    if turn is None:
        turn = (state.units[unit_id].data or {}).get("due")
    return turn


def displace(state: GameState, unit_id: str, events: list) -> None:
    """10.17: put the HQ, non-active, in the nearest hex holding a friendly combat unit.

    Among equally near hexes the owner may choose; part 1 takes the lowest hex id.  With no
    friendly combat unit left on the map the HQ is lost (10.18).
    """
    rec = state.units[unit_id]
    origin = rec.hex
    board = state.board
    best: tuple[int, str] | None = None
    for hex_id, ids in state.at.items():
        if hex_id == origin:
            continue
        if any(state.units[u].side == rec.side and is_combat(state, u) for u in ids):
            key = (board.hex_distance(origin, hex_id), hex_id)
            if best is None or key < best:
                best = key
    if best is None:
        state.to_box(unit_id, OFF_MAP_ELIMINATED)
        state.game.setdefault("eliminated", []).append(unit_id)
        events.append(Eliminated(unit=unit_id, hex=origin, reason="no friendly combat unit left", case="10.18"))
        return
    state.place(unit_id, best[1])
    state.set_flag(unit_id, "inactive", True)
    state.set_flag(unit_id, "displaced", True)
    events.append(Displaced(unit=unit_id, to=best[1], case="10.17"))


def reactivate_displaced(state: GameState, side: str, events: list) -> None:
    """4.2.A4/10.17: displaced HQs of ``side`` become active in its Disruption Removal Phase."""
    for uid, rec in state.units.items():
        if rec.side == side and "displaced" in rec.flags:
            state.set_flag(uid, "displaced", False)
            state.set_flag(uid, "inactive", False)
            events.append(FlagChanged(unit=uid, flag="active", on=True, case="10.17"))

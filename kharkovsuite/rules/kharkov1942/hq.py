"""Headquarters (10.0) — what part 1 needs, and the seams part 2 fills.

HQ records carry the flag ``inactive`` (the "N" side, 10.1): every HQ starts non-active
(10.31) and turns active on the game-turn printed on its back (10.32-10.34, the unit's
``entry_turn``).  Part 1 uses the flag for HQ movement (10.12) and implements displacement
(10.17: :func:`displace`, then :func:`offer_displacements`, where the owner chooses among equally
near hexes), which combat needs.  10.14 (an HQ alone defends with one) is in :mod:`.combat`,
10.18 in :func:`offer_displacements`.  Part 2: the command test for attacks (9.15, 10.21) is
:func:`may_attack`, through the Line of Communications search of :mod:`.supply`
(:func:`.supply.command_status` explains a refusal; :func:`.supply.command_reach` gives
each HQ's reach for overlays).
"""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.actions import Action
from ...engine.errors import IllegalAction
from ...engine.events import Displaced, Eliminated, FlagChanged
from ...engine.state import Decision, GameState
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


#: the off-map box a displaced HQ waits in while its owner chooses among equally near hexes
DISPLACING = "displacing"
#: the pending decision of 10.17
DECISION = "displace_hq"


@dataclass(frozen=True)
class PlaceDisplacedHQ(Action):
    """10.17: the owner puts a displaced HQ in ``hex``, one of the equally near ``choices``."""

    unit: str
    hex: str
    choices: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"Place displaced HQ {self.unit} in {self.hex} (nearest: {', '.join(self.choices)})"


def nearest_friendly_hexes(state: GameState, unit_id: str, origin: str) -> list[str]:
    """10.17: the hexes holding a friendly combat unit nearest to ``origin`` (sorted; empty if none)."""
    side = state.units[unit_id].side
    board = state.board
    best: int | None = None
    found: list[str] = []
    for hex_id, ids in state.at.items():
        if hex_id == origin or not any(state.units[u].side == side and is_combat(state, u) for u in ids):
            continue
        d = board.hex_distance(origin, hex_id)
        if best is None or d < best:
            best, found = d, [hex_id]
        elif d == best:
            found.append(hex_id)
    return sorted(found)


def displace(state: GameState, unit_id: str) -> None:
    """10.17: the HQ leaves its hex at once, to be placed non-active by :func:`offer_displacements`.

    It waits off the map until the action that displaced it has run its course, then goes to
    the nearest hex with a friendly combat unit, its owner choosing among equally near ones.
    """
    origin = state.units[unit_id].hex
    state.to_box(unit_id, DISPLACING)
    state.set_flag(unit_id, "inactive", True)
    state.set_flag(unit_id, "displaced", True)
    state.game.setdefault("displacing", []).append([unit_id, origin])


def offer_displacements(state: GameState, events: list) -> None:
    """10.17, 10.18: place each HQ displaced by the last action, or ask its owner where.

    With one nearest hex the HQ goes there; with several the owner decides (a pending
    decision on top of any other); with no friendly combat unit on the map it is lost.
    """
    for unit_id, origin in state.game.pop("displacing", []):
        choices = nearest_friendly_hexes(state, unit_id, origin)
        if not choices:
            state.to_box(unit_id, OFF_MAP_ELIMINATED)
            state.game.setdefault("eliminated", []).append(unit_id)
            events.append(Eliminated(unit=unit_id, hex=origin, reason="no friendly combat unit left", case="10.18"))
        elif len(choices) == 1:
            _place(state, unit_id, choices[0], events)
        else:
            data = {"unit": unit_id, "choices": choices}
            state.pending.append(Decision(DECISION, state.units[unit_id].side, "10.17", data))


def _place(state: GameState, unit_id: str, hex_id: str, events: list) -> None:
    state.place(unit_id, hex_id)
    events.append(Displaced(unit=unit_id, to=hex_id, case="10.17"))


def legal(state: GameState, decision: Decision) -> list:
    d = decision.data
    return [PlaceDisplacedHQ(d["unit"], h, tuple(d["choices"])) for h in d["choices"]]


def apply(state: GameState, decision: Decision, action, events: list) -> None:
    d = decision.data
    if action not in legal(state, decision):
        raise IllegalAction("10.17", f"place the displaced HQ {d['unit']} in one of the nearest hexes with a friendly combat unit: {', '.join(d['choices'])}")
    state.pending.pop()
    _place(state, action.unit, action.hex, events)


def reactivate_displaced(state: GameState, side: str, events: list) -> None:
    """4.2.A4/10.17: displaced HQs of ``side`` become active in its Disruption Removal Phase."""
    for uid, rec in state.units.items():
        if rec.side == side and "displaced" in rec.flags:
            state.set_flag(uid, "displaced", False)
            state.set_flag(uid, "inactive", False)
            events.append(FlagChanged(unit=uid, flag="active", on=True, case="10.17"))

"""1.4: Headquarters destroyed and brought back.

An HQ is destroyed only when it is alone in its hex, or when every unit stacked with it has been
destroyed: combat calls :func:`destroy_lone_hqs` on a hex after removing its losses (the hook of
the combat rules).  A destroyed HQ comes back two turns later: at the start of that turn's supply
phase its owner places it (a pending decision answered with ``PlaceUnit``) in any hex in play
free of enemy units and enemy ZoC from which it traces a line of supply (9.2); with no such hex
it waits for the next turn.
"""
from __future__ import annotations

from ...engine.actions import PlaceUnit
from ...engine.errors import IllegalAction
from ...engine.events import Eliminated, UnitMoved
from ...engine.state import Decision, GameState
from . import hqboxes, supply
from .zoc import enemy_zoc

DECISION = "hq_return"
RETURN_AFTER = 2  # 1.4
KEY = "hq_return"  # state.game[KEY][hq] -> the turn it comes back
BOX = "hq_destroyed"


def _company(state: GameState, hq: str) -> list[str]:
    """The units that keep ``hq`` alive: friendly non-HQ units in its hex (supply heads aside)."""
    rec = state.units[hq]
    return [u for u in state.units_at(rec.hex) if state.units[u].side == rec.side
            and state.board.units[u].values.kind not in ("hq", "supply_head")]


def destroy_lone_hqs(state: GameState, hex_id: str, events: list, reason: str = "alone in its hex when attacked") -> list[str]:
    """1.4: destroy every HQ in ``hex_id`` left with no friendly combat unit; returns them."""
    gone = []
    for uid in list(state.units_at(hex_id)):
        if state.board.units[uid].is_hq and not _company(state, uid):
            destroy(state, uid, events, reason)
            gone.append(uid)
    return gone


def destroy(state: GameState, hq: str, events: list, reason: str) -> None:
    hex_id = state.units[hq].hex
    state.to_box(hq, BOX)
    hqboxes.lose_with(state, hq, events)  # 10.3
    state.game.setdefault(KEY, {})[hq] = state.turn + RETURN_AFTER
    events.append(Eliminated(unit=hq, hex=hex_id, reason=f"{reason}; it returns on turn {state.turn + RETURN_AFTER}", case="1.4"))


def due(state: GameState, side: str | None = None) -> list[str]:
    return sorted(u for u, turn in state.game.get(KEY, {}).items()
                  if turn <= state.turn and (side is None or state.units[u].side == side))


def placeable(state: GameState, side: str) -> list[str]:
    """The HQs of ``side`` due back that have somewhere to go (one with none waits a turn)."""
    return [u for u in due(state, side) if hexes(state, u)]


def offer(state: GameState) -> None:
    """Push a decision for each side with HQs due back this turn and a hex to put them in."""
    for side in ("soviet", "german"):
        if placeable(state, side):
            state.pending.append(Decision(DECISION, side, "1.4", {}))


def hexes(state: GameState, hq: str) -> list[str]:
    """1.4: where ``hq`` may come back."""
    side = state.units[hq].side
    zoc = enemy_zoc(state, side)
    stop = supply.blocked(state, side)
    free = [h for h in sorted(state.board.in_play) if not (h in zoc or (h in stop and stop[h].reason == "enemy units"))]
    lined = supply.with_line(state, side, free, hq)
    return [h for h in free if h in lined]


def legal(state: GameState, decision: Decision) -> list:
    return [PlaceUnit(unit=u, hex=h) for u in placeable(state, decision.side) for h in hexes(state, u)]


def apply(state: GameState, decision: Decision, action, events: list) -> None:
    if not isinstance(action, PlaceUnit):
        raise IllegalAction("1.4", "place the returning HQ first (PlaceUnit)")
    if action.unit not in due(state, decision.side):
        raise IllegalAction("1.4", f"{action.unit} is not an HQ of the {decision.side} player due back now")
    if action.hex not in hexes(state, action.unit):
        raise IllegalAction("1.4", f"{action.hex} is in enemy ZoC, holds enemy units, is not in play or traces no line of supply")
    state.place(action.unit, action.hex)
    del state.game[KEY][action.unit]
    events.append(UnitMoved(units=(action.unit,), path=(action.hex,), cost=0.0, how="return", case="1.4"))
    if not placeable(state, decision.side):
        state.pending.remove(decision)

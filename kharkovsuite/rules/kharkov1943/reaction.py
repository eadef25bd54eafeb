"""6.6: Reaction movement of the non-phasing side.

When a normal or prepared attack on a hex is announced, the defender may move units that an HQ
commanding the attacked units also commands (same front for the Soviets, 1.5), HQs included
(addenda), up to 3 OP each, free of any activation and of OP cost to them, into the attacked hex
(within the stacking limit, 5) or elsewhere.  Fatigue 1 units pay their surcharge; Fatigue 2
units may not react.  A reacting unit owes no attack for entering an enemy ZoC.

The announcement is combat's: :func:`offer` is the hook it calls.  It opens a pending decision
owned by the defender, answered by ``Move`` actions and :class:`~.actions.EndReaction`.  Only
units in supply this turn react (6.6; the state fixed in the supply phase, 9.3).
"""
from __future__ import annotations

from ...engine.actions import Move
from ...engine.errors import IllegalAction
from ...engine.events import UnitMoved
from ...engine.state import Decision, GameState
from . import activation, command, control, movement, stacking, supply
from .actions import EndReaction

DECISION = "reaction"
REACTION_OP = 3  # 6.6


def eligible(state: GameState, target: str) -> list[str]:
    """The units that may react to an attack on ``target``."""
    defenders = state.units_at(target)
    if not defenders:
        return []
    side = state.units[defenders[0]].side
    heads = [hq for hq in command.hqs(state, side) if any(command.in_command_of(state, hq, d) or hq == d for d in defenders)]
    out = []
    for uid, rec in state.units.items():
        if rec.side != side or rec.hex is None or rec.hex == target:
            continue
        if state.board.units[uid].values.kind == "supply_head" or activation.fatigue(state, uid) >= 2:
            continue
        if supply.status(state, uid) != supply.SUPPLIED:
            continue
        if any(uid == hq or command.in_command_of(state, hq, uid) for hq in heads):
            out.append(uid)
    return sorted(out)


def offer(state: GameState, target: str) -> bool:
    """Open the defender's reaction to an attack announced on ``target``; True if any unit may react."""
    units = eligible(state, target)
    if units:
        side = state.units[units[0]].side
        state.pending.append(Decision(DECISION, side, "6.6", {"hex": target, "units": units, "moved": []}))
    return bool(units)


def _able(decision: Decision) -> list[str]:
    return [u for u in decision.data["units"] if u not in decision.data["moved"]]


def legal(state: GameState, decision: Decision) -> list:
    out = []
    able = _able(decision)
    by_hex: dict[str, list[str]] = {}
    for uid in able:
        by_hex.setdefault(state.units[uid].hex, []).append(uid)
    groups = [(u,) for u in able] + [tuple(g) for g in by_hex.values() if len(g) > 1]
    for group in groups:
        for dest, r in sorted(movement.reach(state, group, REACTION_OP).items()):
            if _fits_stacking(state, decision, group, dest):
                out.append(Move(units=group, path=r.path))
    out.append(EndReaction())
    return out


def _fits_stacking(state: GameState, decision: Decision, units, dest: str) -> bool:
    if dest != decision.data["hex"]:
        return True
    extra = sum(state.board.units[u].values.stacking for u in units)
    return stacking.points(state, dest, decision.side) + extra <= stacking.LIMIT


def apply(state: GameState, decision: Decision, action, events: list) -> None:
    if isinstance(action, EndReaction):
        state.pending.pop()
        return
    if not isinstance(action, Move):
        raise IllegalAction("6.6", "the defender answers the announced attack by moving units in reaction or ending the reaction")
    units, path = tuple(action.units), tuple(action.path)
    able = _able(decision)
    for uid in units:
        if uid not in able:
            raise IllegalAction("6.6", f"{uid} may not react to this attack (moved already, another HQ's, or at Fatigue 2)")
        if state.units[uid].hex != path[0]:
            raise IllegalAction("6.6", f"{uid} is not in {path[0]}, where the path starts")
    if len(path) < 2:
        raise IllegalAction("6.6", "a reaction move names at least two hexes")
    if not _fits_stacking(state, decision, units, path[-1]):
        raise IllegalAction("6.6", f"the attacked hex {path[-1]} would hold more than {stacking.LIMIT} stacking points")
    spent = movement.walk(state, units, path, REACTION_OP)
    for uid in units:
        state.place(uid, path[-1])
        decision.data["moved"].append(uid)
    control.passed(state, decision.side, path[1:])
    events.append(UnitMoved(units=units, path=path, cost=float(max(spent)), how="reaction", case="6.6"))
    if not _able(decision):
        state.pending.pop()

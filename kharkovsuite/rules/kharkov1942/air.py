"""Air Power in combat (13.1).

Each game-turn a side receives the Air Points of the turn record (``turns[].air_points``).
Before a combat's odds are found — and before untried units are revealed — the attacker and
then the defender may each commit one Air Point (13.11-13.13); each shifts the odds one
column in its owner's favour (13.14, clamped by 9.83).  No Air Points in overruns (13.15).
Unspent Axis points feed the Air Supply Phase (13.2, part 2).
"""
from __future__ import annotations

from ...engine.actions import CommitAir, DeclineAir
from ...engine.errors import IllegalAction
from ...engine.events import AirCommitted
from ...engine.state import Decision, GameState


def begin_turn(state: GameState) -> None:
    record = next((t for t in state.scenario.turns if t.turn == state.turn), None)
    state.turn_data["air"] = dict(record.air_points) if record else {}


def available(state: GameState, side: str) -> int:
    return state.turn_data.get("air", {}).get(side, 0)


def offer(state: GameState, side: str, role: str) -> bool:
    if available(state, side) <= 0:
        return False
    state.pending.append(Decision("air", side, "13.12", {"role": role}))
    return True


def legal(state: GameState, decision: Decision) -> list:
    return [CommitAir(), DeclineAir()]


def apply(state: GameState, decision: Decision, action, events: list) -> None:
    from .combat import proceed

    if not isinstance(action, (CommitAir, DeclineAir)):
        raise IllegalAction("13.12", "commit an Air Point with CommitAir() or decline with DeclineAir()")
    committed = isinstance(action, CommitAir)
    if committed:
        state.turn_data["air"][decision.side] -= 1
        state.phase_data["combat"]["air"][decision.data["role"]] = True
    events.append(AirCommitted(side=decision.side, committed=committed, case="13.12"))
    state.pending.pop()
    proceed(state, events)

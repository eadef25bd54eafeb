"""2.1: the supply, command and air reconnaissance phase, and the end of a turn.

The phase runs in two stages, each of which may wait for the players' decisions:

1. supply heads pushed off the map come back (9.4), units rebuilt last turn are placed (16.2),
   this turn's reinforcements arrive (15.1), and HQs destroyed two turns ago are placed by their
   owners (1.4, a decision);
2. supply is traced (9.3), command checked (8.1), replacement points received and spent
   (16, a decision of each side).

Air reconnaissance (13.3) is an action of each side in its operations segments (:mod:`.fog`).
"""
from __future__ import annotations

from ...engine.state import GameState
from . import command, hq, reinforcements, replacements, supply, victory


def run(state: GameState, events: list) -> bool:
    """Advance the phase; True once it is over."""
    stage = state.phase_data.get("upkeep", 0)
    if stage == 0:
        state.phase_data["upkeep"] = 1
        supply.return_supply_heads(state, events)
        replacements.place_rebuilt(state, events)
        reinforcements.arrive(state, events)
        hq.offer(state)
        if state.pending:
            return False
        stage = 1
    if stage == 1:
        state.phase_data["upkeep"] = 2
        supply.supply_phase(state, events)
        state.turn_data["out_of_command"] = command.check_command(state)
        replacements.grant(state)
        replacements.offer(state)
        if state.pending:
            return False
    return True


def end_of_turn(state: GameState) -> None:
    """The administrative phase's own business: exits are judged (18.2)."""
    victory.judge_exits(state)

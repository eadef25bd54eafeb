"""Reinforcements (16.0), the simple faithful version part 1 needs for whole games.

Units of the schedule (``reinforcements: [{turn, side, units, entry}]``) wait in the
``arriving`` box.  From their turn on, in their side's first movement phase of a game-turn
(Soviet Movement, Axis Initial Movement), each may enter: its move starts in a hex of the
entry area and pays for that first hex (16.0).  A unit not entered stays available later
(reinforcements may be delayed).  Arriving units are in supply on the player-turn they
arrive: the supply check of 11.41 is made only for units already on the map.
"""
from __future__ import annotations

from ...engine.state import GameState
from .movement import ARRIVING


def schedule(state: GameState) -> None:
    for r in state.scenario.reinforcements:
        for uid in r.units:
            rec = state.units[uid]
            state.to_box(uid, ARRIVING)
            rec.data = dict(rec.data or {}, due=r.turn, entry=r.entry)


def begin_phase(state: GameState, events: list) -> None:
    """Nothing to place: available reinforcements appear in the phase's legal moves."""

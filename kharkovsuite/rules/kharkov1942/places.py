"""Putting units in hexes: the one door every move, retreat, advance and chase goes through.

Entering a City hex matters to victory (17.11, 17.12: who occupied it last; 17.21: a Soviet
unit entering a City hex scores six points once per hex), so it is noted here.
"""
from __future__ import annotations

from ...engine.state import GameState
from . import victory


def relocate(state: GameState, unit_id: str, hex_id: str, events: list) -> None:
    state.place(unit_id, hex_id)
    if hex_id in state.board.city_hexes:
        victory.city_entered(state, unit_id, hex_id, events)

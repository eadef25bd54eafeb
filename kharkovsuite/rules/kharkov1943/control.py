"""Who holds each village, town and city: the side that occupies it or was the last to pass
through it (the definition 18 gives for victory; 6.4 needs it for German rail stations).

The rulebook gives no starting owner for empty places; the program gives each to the side of
the nearest unit at set-up, and to nobody when both sides are equally near.
"""
from __future__ import annotations

from ...engine.state import GameState


def init(state: GameState) -> None:
    board = state.board
    grid = board.map.grid
    placed = [(rec.hex, rec.side) for rec in state.units.values() if rec.hex is not None]
    owners: dict[str, str] = {}
    for hex_id in sorted(board.in_play):
        if not board.shelter(hex_id):
            continue
        nearest = min((grid.distance(hex_id, h) for h, _ in placed), default=None)
        sides = {side for h, side in placed if grid.distance(hex_id, h) == nearest}
        if len(sides) == 1:
            owners[hex_id] = sides.pop()
    state.game["control"] = owners


def owner(state: GameState, hex_id: str) -> str | None:
    return state.game.get("control", {}).get(hex_id)


def passed(state: GameState, side: str, hexes) -> None:
    """Units of ``side`` went through (or into) ``hexes``."""
    table = state.game.setdefault("control", {})
    for hex_id in hexes:
        if state.board.shelter(hex_id):
            table[hex_id] = side

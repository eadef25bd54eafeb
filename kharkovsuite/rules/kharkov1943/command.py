"""8: Command, the part the activations need (8.1 lines of command, 8.2 out of command).

A line of command runs from an HQ up to its command range (5 hexes, the HQ's own hex not
counted) over any terrain and through enemy ZoC, never through a hex an enemy unit occupies.
Command status is fixed at the start of a turn (8.1) and read by the activations (3.2, 3.3).
:func:`command_line` gives a unit's line to its nearest HQ, or the hexes that stop it, for the
trace view and ``kharkov-cli trace``.
"""
from __future__ import annotations

from collections import deque

from ...engine.state import GameState
from .units import COMMAND_RANGE


def command_range(board, hq: str) -> int:
    """8.1: how many hexes a line of command from ``hq`` may run: its counter's range, else the rule's."""
    return board.units[hq].values.command_range or COMMAND_RANGE


def command_area(state: GameState, hq: str) -> dict[str, int]:
    """8.1: hex -> length of the shortest line of command from ``hq`` (0 for its own hex)."""
    board = state.board
    rec = state.units[hq]
    if rec.hex is None:
        return {}
    key = ("command", hq, rec.hex)
    found = state.cache.get(key)
    if found is not None:
        return found
    limit = command_range(board, hq)
    side = rec.side
    dist = {rec.hex: 0}
    todo = deque([rec.hex])
    while todo:
        h = todo.popleft()
        if dist[h] == limit:
            continue
        for n in board.nbrs.get(h, ()):
            if n in dist:
                continue
            dist[n] = dist[h] + 1
            if _enemy_in(state, n, side):
                continue  # the line may end at nobody there and never cross an enemy hex
            todo.append(n)
    found = {h: d for h, d in dist.items() if not _enemy_in(state, h, side)}
    state.cache[key] = found
    return found


def _enemy_in(state: GameState, hex_id: str, side: str) -> bool:
    return any(state.units[u].side != side for u in state.units_at(hex_id))


def in_command_of(state: GameState, hq: str, unit_id: str) -> bool:
    """8.1, 1.5: within the HQ's command range by a line of command, and (Soviet) of its front."""
    rec = state.units[unit_id]
    if rec.hex is None or rec.side != state.units[hq].side:
        return False
    if not same_front(state, hq, unit_id):
        return False
    return rec.hex in command_area(state, hq)


def same_front(state: GameState, a: str, b: str) -> bool:
    """1.5: Soviet units of different fronts never act together; German units have no front."""
    fa, fb = state.board.units[a].front, state.board.units[b].front
    return fa is None or fb is None or fa == fb


def hqs(state: GameState, side: str) -> list[str]:
    return [u for u, rec in state.units.items() if rec.side == side and rec.hex is not None and state.board.units[u].is_hq]


def check_command(state: GameState) -> list[str]:
    """8.1-8.2 at the start of a turn: the units of each side that no HQ of theirs reaches by a
    line of command.  18.1, 18.2: every unit counts as in command on the first turn."""
    if state.turn == 1 and state.board.data.special_rules.first_turn_in_command:
        return []
    out = []
    for side in ("german", "soviet"):
        heads = hqs(state, side)
        for uid, rec in state.units.items():
            if rec.side != side or rec.hex is None or state.board.units[uid].values.kind in ("hq", "supply_head"):
                continue
            if not any(in_command_of(state, hq, uid) for hq in heads):
                out.append(uid)
    return sorted(out)


def command_line(state: GameState, unit_id: str):
    """8.1: the unit's shortest line of command to an HQ of its side (and front, 1.5), as a
    :class:`~.supply.Line` (``kind`` ``hq``), or the enemy-occupied hexes that stop it."""
    from .supply import Line, trace

    rec = state.units[unit_id]
    if rec.hex is None:
        return Line(False)
    heads = [hq for hq in hqs(state, rec.side) if hq != unit_id and same_front(state, hq, unit_id)]
    targets = {state.units[hq].hex: ("hq", hq) for hq in sorted(heads, reverse=True)}
    limit = max((command_range(state.board, hq) for hq in heads), default=COMMAND_RANGE)
    found = trace(state, rec.side, rec.hex, targets, limit, what="HQ of its side", command=True)
    if found.ok and len(found.path) - 1 > command_range(state.board, found.target):
        return Line(False, blocks=found.blocks)
    return found


def unit_moved(state: GameState) -> None:
    for key in [k for k in state.cache if isinstance(k, tuple) and k[0] == "command"]:
        del state.cache[key]

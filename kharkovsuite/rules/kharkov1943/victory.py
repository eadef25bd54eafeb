"""18: Victory levels of the two scenarios (``system_data.victory``), read at the end of play.

Each side's conditions are listed lowest level first (tactical, operational, strategic); a side
reaches a level when that level's condition and every lower one hold.

- Cities: a place counts for the Soviet player when he controls it (occupies it or was the
  last to pass through it, :mod:`.control`; a city of several hexes: all of them) and a Soviet
  unit standing there would have a line of supply (18: the units holding cities need one).
- 18.2: a formation a scenario orders off the map that fails to leave in time (or is
  destroyed) counts as one more city for the side named (``exits[].failing_counts_for``),
  added to the lowest level's first group; it is judged at the end of its last turn.
- ``deny``: the other side does not reach that level.
- ``no_supplied_enemy_west_of``: no Soviet unit that traces a line of supply stands west of the
  river (the hexes that the map's major-river hexsides cut off from most of the Soviet supply
  edge), except ``bridgeheads_allowed`` hexes, and only south of ``south_of`` when given.

The winner is the side with the higher level; equal levels (none included) are a draw.
``result().vp`` holds each side's level as a number (0 none, 1 tactical, 2 operational,
3 strategic) and ``margin`` the Soviet number minus the German one.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.state import GameState, Result
from . import control, reinforcements, supply

if TYPE_CHECKING:
    import networkx as nx

LEVELS = ("tactical", "operational", "strategic")


def place_hexes(state: GameState, place: str) -> list[str]:
    m = state.scenario.map
    if place in m.cities:
        return list(m.cities[place].hexes)
    return [m.places[place].hex]


def holds(state: GameState, side: str, place: str) -> bool:
    """18: ``side`` controls every hex of ``place`` and could supply a unit there."""
    hexes = place_hexes(state, place)
    if not all(h in state.board.in_play and control.owner(state, h) == side for h in hexes):
        return False
    return all(supply.line_from(state, side, h).ok for h in hexes)


def east_of_river(state: GameState) -> frozenset[str]:
    """The hexes joined without crossing a major river to most of the Soviet supply edge (of
    equal parts, the first found from the hexes in play in their order).  The parts are searched
    over the map's neighbours: the victory check at a game's start makes no graph."""
    key = "k43-east-of-river"
    found = state.cache.get(key)
    if found is not None:
        return found
    board = state.board
    joined: dict[str, list[str]] = {h: [] for h in board.in_play}
    for a in board.in_play:
        for b in board.nbrs[a]:
            if "major_river" not in board.map.hexside_features(a, b):
                joined[a].append(b)
                joined.setdefault(b, []).append(a)  # a neighbour out of play joins the part too
    parts, seen = [], set()
    for start in joined:
        if start in seen:
            continue
        part, todo = {start}, [start]
        while todo:
            for n in joined[todo.pop()]:
                if n not in part:
                    part.add(n)
                    todo.append(n)
        seen |= part
        parts.append(part)
    edge = {h for a in state.scenario.map.areas.values() if a.kind == "supply" and a.side == "soviet" for h in a.hexes}
    best = max(parts, key=lambda part: (len(part & edge), len(part)))
    found = state.cache[key] = frozenset(best)
    return found


def supplied_west(state: GameState, side: str, south_of: str | None) -> list[str]:
    """Hexes west of the river holding a unit of ``side`` that traces a line of supply."""
    east = east_of_river(state)
    grid = state.board.map.grid
    limit = min(grid.row_col(h)[0] for h in place_hexes(state, south_of)) if south_of else None
    out = []
    for h, ids in sorted(state.at.items()):
        if h in east or (limit is not None and grid.row_col(h)[0] <= limit):
            continue
        if any(state.units[u].side == side and supply.line(state, u).ok for u in ids):
            out.append(h)
    return out


def exit_credit(state: GameState, side: str) -> int:
    return sum(1 for e in state.board.data.special_rules.exits
               if e.failing_counts_for == side and state.game.get("exit_failed", {}).get(e.formation))


def judge_exits(state: GameState) -> None:
    """18.2, at the end of a turn: the exits whose last turn it was are judged."""
    for e in state.board.data.special_rules.exits:
        if e.by_end_of_turn == state.turn:
            state.game.setdefault("exit_failed", {})[e.formation] = reinforcements.exit_failed(state, e.formation)


def _met(state: GameState, side: str, cond, reached: dict[str, int], first: bool) -> bool:
    for i, group in enumerate(cond.groups):
        n = sum(1 for p in group.places if holds(state, side, p))
        if first and i == 0:
            n += exit_credit(state, side)
        if n < group.at_least:
            return False
    if cond.deny is not None and reached.get(cond.deny_side or _foe(side), 0) >= LEVELS.index(cond.deny) + 1:
        return False
    if cond.no_supplied_enemy_west_of is not None:
        if len(supplied_west(state, _foe(side), cond.south_of)) > cond.bridgeheads_allowed:
            return False
    return True


def _foe(side: str) -> str:
    return "german" if side == "soviet" else "soviet"


def side_level(state: GameState, side: str, reached: dict[str, int]) -> int:
    got = 0
    for i, cond in enumerate(state.board.data.victory.get(side, [])):
        if not _met(state, side, cond, reached, i == 0):
            break
        got = LEVELS.index(cond.level) + 1
    return got


def result(state: GameState) -> Result:
    """The result if play ended now."""
    reached: dict[str, int] = {}
    reached["soviet"] = side_level(state, "soviet", reached)  # the German 'deny' conditions read it
    reached["german"] = side_level(state, "german", reached)
    margin = reached["soviet"] - reached["german"]
    if margin == 0:
        return Result(vp=reached, margin=0, winner=None, level="Draw")
    winner = "soviet" if margin > 0 else "german"
    return Result(vp=reached, margin=margin, winner=winner, level=f"{LEVELS[reached[winner] - 1].capitalize()} victory")

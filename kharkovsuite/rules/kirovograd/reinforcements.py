"""German reinforcements (24.0-24.6): the variable reinforcements rolls, the Viking division's
conditional entry, the reductions for Soviet formations leaving the map and the entry hexes when
the roads are blocked.  The rolls read the scenario's tables; dice are a function or a
``random.Random``; the entry itself is a move of the German movement round (24.4-24.5, part 1).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from ...engine.errors import IllegalAction
from .data import KiroData

Die = Callable[[], int] | random.Random


def _die(dice: Die) -> int:
    return dice.randint(1, 6) if isinstance(dice, random.Random) else dice()


@dataclass(frozen=True)
class Arrival:
    reinforcement: str  # the id in system_data.reinforcements, or 'viking'
    roll: int
    turn: int | None  # the game turn it enters; None: it never comes (24.6D)
    units: tuple[str, ...]
    withheld: tuple[str, ...] = ()


def arrival(data: KiroData, tables: Mapping[str, Mapping], r_id: str, die: int) -> Arrival:
    """24.1A-B: one die read on the formation's line of the chart: the delay after its roll turn
    and the units that do not come."""
    r = data.reinforcements[r_id]
    delay, withheld = tables[r.table]["rows"][die][:2]
    gone = () if withheld == "-" else tuple(str(withheld).split())
    return Arrival(r_id, die, r.roll_turn + int(delay), tuple(u for u in r.units if u not in gone), gone)


def due_rolls(data: KiroData, turn: int, timed: bool) -> list[str]:
    """24.1A, C: the formations rolled for at the start of ``turn``: all of them at the start of the
    game, or (the optional rule) each on its own turn."""
    if timed:
        return [r_id for r_id, r in data.reinforcements.items() if r.roll_turn == turn]
    return list(data.reinforcements) if turn == data.first_game_turn else []


def roll(data: KiroData, tables: Mapping[str, Mapping], turn: int, dice: Die, *, timed: bool = False,
         without_delay: bool = False) -> list[Arrival]:
    """The rolls due at ``turn``, secret to Germany (24.1A); after a Soviet unit has crossed the
    fortified line they come without delay (24.6B)."""
    out = []
    for r_id in due_rolls(data, turn, timed):
        a = arrival(data, tables, r_id, _die(dice))
        out.append(replace(a, turn=turn) if without_delay else a)
    return out


def hurry(pending: Iterable[Arrival], turn: int) -> list[Arrival]:
    """24.6B: once a Soviet unit crosses the fortified line, reinforcements already rolled and not
    yet in come now."""
    return [replace(a, turn=turn) if a.turn is not None and a.turn > turn else a for a in pending]


# ----------------------------------------------------------------------------- 24.3


def formations_exited(alive: Mapping[str, Iterable[str]], exited: Iterable[str]) -> list[str]:
    """24.3: formations every surviving unit of which has left the map (``alive``: formation ->
    its units still in play, ``exited``: units that left by the west or south edge)."""
    gone = set(exited)
    return [f for f, units in alive.items() if (us := set(units)) and us <= gone]


def reduce(pending: Sequence[Arrival], exits: int, panzer: Iterable[str], choice: Sequence[str] | None = None) -> list[Arrival]:
    """24.3: for each complete Soviet tank or mechanized formation off the west or south edge,
    one panzer division still to enter is struck off; Germany chooses which (by default the
    latest due)."""
    panzer = set(panzer)
    candidates = [a for a in pending if a.reinforcement in panzer and a.turn is not None]
    if choice is None:
        choice = [a.reinforcement for a in sorted(candidates, key=lambda a: (-a.turn, a.reinforcement))]
    choice = list(choice)[: min(exits, len(candidates))]
    for c in choice:
        if c not in {a.reinforcement for a in candidates}:
            raise IllegalAction("24.3", f"{c} is no panzer division still to enter")
    if len(choice) < min(exits, len(candidates)):
        raise IllegalAction("24.3", f"{exits} panzer divisions must be struck off")
    return [a for a in pending if a.reinforcement not in choice]


# ----------------------------------------------------------------------------- 24.2


def entry_hexes(gmap, area: str, soviet_in: Callable[[str], bool], west_area: str = "entry-west") -> tuple[list[str], str]:
    """24.0A, 24.2: the road hexes of the entry edge not blocked by Soviet units; when all are
    blocked, the clear hexes of that edge within three hexes of one of those roads; when there are
    none, the west edge.  Returns (hexes, case)."""
    roads = list(gmap.model.areas[area].hexes)
    free = [h for h in roads if not soviet_in(h)]
    if free:
        return free, "24.0A"
    edge = _edge_of(gmap, roads)
    near = sorted({h for h in edge for r in roads
                   if gmap.grid.distance(h, r) <= 3 and gmap.terrain(h) == "clear" and not soviet_in(h)})
    if near:
        return near, "24.2"
    return [h for h in gmap.model.areas[west_area].hexes if not soviet_in(h)], "24.2"


def _edge_of(gmap, hexes: Sequence[str]) -> list[str]:
    for side in ("north", "south", "west", "east"):
        edge = gmap.edge(side)
        if hexes and all(h in edge for h in hexes):
            return edge
    raise ValueError(f"24.2: entry hexes {hexes} do not lie on one map edge")


# ----------------------------------------------------------------------------- 24.6 Viking


def fortified_line(gmap) -> set[str]:
    """24.6A: the hexes along the fortified line (both sides of each fortified hexside)."""
    return {h for side_id, feats in gmap.model.hexsides.items() if "fortified" in feats for h in side_id.split("/")}


def viking_triggered(data: KiroData, turn: int, soviet_hexes: Iterable[str], line: Iterable[str], distance) -> bool:
    """24.6A: before 8 January, a Soviet unit within three hexes of the fortified line."""
    if turn >= data.viking.before_turn:
        return False
    line = list(line)
    return any(distance(s, h) <= data.viking.trigger_hexes for s in soviet_hexes for h in line)


def viking(data: KiroData, die: int, turn: int) -> Arrival:
    """24.6: which Viking units come and when; those that do not never come (24.6D)."""
    e = data.viking.roll[die]
    units: list[str] = []
    for abbr in e.units:
        units += [u for u in data.viking.units[abbr] if u not in units]
    when = {"this_turn": 0, "next_turn": 1, "turn_after_next": 2}
    return Arrival("viking", die, None if e.enters is None else turn + when[e.enters], tuple(units))

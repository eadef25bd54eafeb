"""Soviet replacements (25.0): the ten armour replacement points of 10 January Day and their use."""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.errors import IllegalAction
from .data import TurnInfo


def armour_points(info: TurnInfo, kirovograd_clear: bool, line_to_east: bool) -> int:
    """25.1A-B: only the USSR; the turn record's points, if Kirovograd is free of German units and a
    line free of German units and ZOCs runs from it to the east edge (else none that turn)."""
    if not (kirovograd_clear and line_to_east):
        return 0
    return info.replacement_points.get("soviet", 0)


@dataclass(frozen=True)
class Tank:
    id: str
    side: str
    kind: str
    strength: int
    full: int  # its printed strength
    enemy_distance: int  # hexes to the nearest enemy unit
    moved: bool = False  # it has spent MPs this turn


def check_replacement(t: Tank, points: int, amount: int) -> None:
    """25.2: a Soviet tank unit two or more hexes from the enemy, spending its whole MA, gains one
    SP a point, up to its full strength; points may be saved (25.1C)."""
    if t.side != "soviet":
        raise IllegalAction("25.1A", "only the USSR receives replacements")
    if t.kind != "armor":
        raise IllegalAction("25.2A", f"{t.id} is no tank unit")
    if t.enemy_distance < 2:
        raise IllegalAction("25.2A", f"{t.id} is {t.enemy_distance} hex from the enemy; it must be two or more")
    if t.moved:
        raise IllegalAction("25.2B", f"{t.id} has moved; taking replacements uses its whole MA")
    if amount < 1 or amount > points:
        raise IllegalAction("25.2C", f"{points} replacement points are left, not {amount}")
    if t.strength + amount > t.full:
        raise IllegalAction("25.2D", f"{t.id} would pass its full strength of {t.full}")

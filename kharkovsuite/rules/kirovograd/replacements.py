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


# ----------------------------------------------------------------------------- in play
#
# State record: ``game["replacement_points"]``, the Soviet armour RPs in hand (25.1C: kept).


def receive(state) -> int:
    """25.1B, in the supply delivery segment: the turn record's RPs if Kirovograd is clear of
    German units and a line free of German units and ZOCs joins it to the east edge."""
    from . import victory, zoc
    from .board import game_turn

    info = state.board.data.turn_record.get(game_turn(state))
    city = state.board.map.model.cities.get(victory.KIROVOGRAD)
    if info is None or not info.replacement_points or city is None:
        return 0
    german_at = lambda h: any(state.units[u].side == "german" and state.board.units[u].ground for u in state.units_at(h))  # noqa: E731
    clear = not any(german_at(h) for h in city.hexes)
    german_zoc = zoc.zoc_of(state, "german")
    line = clear and victory.joined_to_edge(state.board.map, city.hexes, lambda h: german_at(h) or h in german_zoc,
                                            state.board.map.edge("east"), roads_only=False)
    got = armour_points(info, clear, line)
    if got:
        state.game["replacement_points"] = state.game.get("replacement_points", 0) + got
    return got


def tank(state, unit_id: str, moved) -> Tank:
    from . import movement

    info = state.board.units[unit_id]
    rec = state.units[unit_id]
    far = movement.enemy_distance(state, rec.side).get(rec.hex, 99) if rec.hex is not None else 0
    full = int(info.strength[0]) if info.strength else 0
    return Tank(unit_id, rec.side, info.kind, full - rec.step, full, far, unit_id in moved)


def candidates(state, side: str, moved) -> list[tuple[str, int]]:
    """(unit, points) a Soviet tank unit may take now: one point, or as many as it can."""
    have = state.game.get("replacement_points", 0)
    if side != "soviet" or have <= 0:
        return []
    out = []
    for u, rec in state.units.items():
        if rec.side != side or rec.hex is None or rec.step <= 0 or state.board.units[u].kind != "armor":
            continue
        t = tank(state, u, moved)
        most = min(have, t.full - t.strength)
        for n in sorted({1, most}):
            try:
                check_replacement(t, have, n)
            except IllegalAction:
                continue
            out.append((u, n))
    return out


def take(state, unit_id: str, amount: int, moved: list) -> None:
    """25.2: the unit gains ``amount`` SP for as many RPs and spends its movement round."""
    rec = state.units.get(unit_id)
    if rec is None or rec.hex is None:
        raise IllegalAction("25.2A", f"{unit_id} is not a unit on the map")
    check_replacement(tank(state, unit_id, moved), state.game.get("replacement_points", 0), amount)
    rec.step -= amount
    state.game["replacement_points"] -= amount
    moved.append(unit_id)

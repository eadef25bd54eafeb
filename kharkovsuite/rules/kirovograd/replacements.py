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


def receive(state, events: list | None = None) -> int:
    """25.1B, in the supply delivery segment: the turn record's RPs if Kirovograd is clear of
    German units and a line free of German units and ZOCs joins it to the east edge.  Under the
    advanced rules 29 and 30 it is read as for a supply line (8.2B): a German counter's hex blocks,
    a dummy's too, since the USSR cannot tell it from a unit; what the USSR does not know of and
    decides the points is shown first (:func:`_made_good`)."""
    from . import victory
    from .board import game_turn

    info = state.board.data.turn_record.get(game_turn(state))
    city = state.board.map.model.cities.get(victory.KIROVOGRAD)
    if info is None or not info.replacement_points or city is None:
        return 0
    clear, line = _made_good(state, city.hexes, [] if events is None else events)
    got = armour_points(info, clear, line is not None)
    if got:
        state.game["replacement_points"] = state.game.get("replacement_points", 0) + got
    return got


def _german_blocks(state, known: bool) -> tuple[frozenset[str], dict]:
    """25.1B: the hexes holding German counters and the German ZOCs; with ``known`` as the USSR
    knows them (no hidden unit, 30.1; no ZOC of a face-down counter, 29.1)."""
    from . import supply, zoc

    return supply.enemy_hexes(state, "soviet", known), zoc.zoc_of(state, "german", known)


def _clear_and_line(state, city, known: bool) -> tuple[bool, list[str] | None]:
    """25.1B: whether Kirovograd holds no German counter, and a shortest line from it to the east edge
    across any hexes free of German counters and ZOCs (None if there is none), on the true position
    or as the USSR knows it."""
    from . import supply

    german, german_zoc = _german_blocks(state, known)
    if any(h in german for h in city):
        return False, None
    line = supply.line_through(state, sorted(city), lambda h: h not in german and h not in german_zoc, frozenset(state.board.map.edge("east")))
    return True, line or None


def _made_good(state, city, events: list) -> tuple[bool, list[str] | None]:
    """25.1B under the advanced rules 29 and 30: the points are read on what the USSR knows of the
    German counters; while that gives another answer than the true position, the city or line it
    knew of meets what it did not know (the true position only adds blocks): there the hidden German
    units are found (30.2A) and the face-down counters whose ZOC blocks are shown (29.1)."""
    from . import fog

    while True:
        clear, line = _clear_and_line(state, city, known=True)
        true_clear, true_line = _clear_and_line(state, city, known=False)
        if (clear, line is None) == (true_clear, true_line is None):
            return clear, line
        german, german_zoc = _german_blocks(state, known=False)
        where = [h for h in city if h in german] if not true_clear else [next(h for h in line if h in german or h in german_zoc)]
        if not fog.find_hidden(state, "german", where, events) + fog.show_zocs(state, "german", where, events):
            raise AssertionError(f"25.1B: the line to the east edge differs on the true position at {where} but nothing there is unknown")


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

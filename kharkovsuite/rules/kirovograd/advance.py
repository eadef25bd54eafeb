"""Advances after combat (18.0): how far the orders allow (18.1-18.2), how far ZOCs let a unit go
along its path (18.3), which path (18.4), who may follow (18.5) and stacking (18.6), over the same
board interface as retreats (:class:`.retreat.RetreatBoard`).  An advance is made at once, before
the next combat (18.7): the caller offers it as the next decision.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ...engine.errors import IllegalAction
from .retreat import RetreatBoard


@dataclass(frozen=True)
class Allowance:
    must: int  # hexes the attackers must advance, where they can
    may: int  # hexes they may advance at most
    case: str


def allowance(orders: str, retreated: int, *, vacated: bool, eliminated: bool = False, unabsorbed: int = 0) -> Allowance:
    """18.0A-B, 18.1, 18.2: the advance a result allows attackers under ``orders``.  The hexes
    counted include the defender's hex.  A full advance is as long as the defender's retreat; when
    the defenders were eliminated it grows by the losses they could not absorb (``unabsorbed``,
    the 18.2 example), and is at least the defender's hex."""
    if not vacated:
        return Allowance(0, 0, "18.0A")
    full = max(1, retreated + (unabsorbed if eliminated else 0))
    if orders == "defense":
        return Allowance(0, 0, "18.1C")
    if orders == "assault":
        return Allowance(1, 1, "18.1A")
    if orders == "pursuit":
        return Allowance(full, full, "18.1B")
    return Allowance(0, full, "18.2A" if not eliminated else "18.2B")


def reach(board: RetreatBoard, side: str, start: str, defender_hex: str, path: Sequence[str]) -> int:
    """18.3: how many hexes of ``path`` (the defender's hex first) a unit may enter: it never
    leaves a locking ZOC hex and leaves at most one fluid ZOC hex; its own hex, if next to the
    defender's, and the defender's hex are not counted (18.3A, C)."""
    fluid_left = 0
    here = start
    for i, h in enumerate(path):
        if here == start:
            if board.distance(start, defender_hex) > 1 and board.zoc(start, side).kind == "locking":
                return i
        elif here != defender_hex:
            z = board.zoc(here, side)
            if z.kind == "locking":  # the board reports overlapping ZOCs as locking where 13.3C-D make them so
                return i
            if z.kind == "fluid":
                fluid_left += 1
                if fluid_left > 1:
                    return i
        if board.enemy_in(h, side):
            return i
        here = h
    return len(path)


def check_advance(board: RetreatBoard, side: str, start: str, defender_hex: str, path: Sequence[str],
                  allowed: Allowance, units: Sequence[str]) -> None:
    """Refuse an advance the rules forbid (18.1-18.3, 18.6)."""
    if len(path) > allowed.may:
        raise IllegalAction(allowed.case, f"the advance may be {allowed.may} hexes at most, not {len(path)}")
    if path and path[0] != defender_hex:
        raise IllegalAction("18.0A", f"an advance goes first into the defender's hex {defender_hex}")
    prev = start
    for h in path:
        if h not in board.neighbours(prev):
            raise IllegalAction("18.4", f"{h} is not next to {prev}")
        prev = h
    got = reach(board, side, start, defender_hex, path)
    if got < len(path):
        raise IllegalAction("18.3", f"enemy ZOCs stop the advance at {path[got - 1] if got else start}")
    if path and not board.stack_room(path[-1], side, units):
        raise IllegalAction("18.6", f"the advance would overstack {path[-1]}")


def must_go_on(board: RetreatBoard, side: str, start: str, defender_hex: str, path: Sequence[str],
               allowed: Allowance, onward: Iterable[str]) -> bool:
    """18.1A-B: whether an advance that stops after ``path`` leaves a compulsory hex untaken:
    ``onward`` are the hexes the unit could enter next."""
    if len(path) >= allowed.must:
        return False
    return any(reach(board, side, start, defender_hex, list(path) + [h]) == len(path) + 1 for h in onward)


def follows_retreat(path: Sequence[str], defender_hex: str, retreat_path: Sequence[str]) -> bool:
    """18.4A: a unit following a retreating unit's path as far as it may."""
    return list(path) == [defender_hex, *retreat_path][: len(path)]


def check_paths(paths: Sequence[Sequence[str]], defender_hex: str, retreat_paths: Sequence[Sequence[str]],
                longest: int) -> None:
    """18.4A-B: for each retreating unit, one advancing unit goes as far as it may along its path;
    the others choose any path.  ``longest``: the hexes the best follower may enter."""
    for rp in retreat_paths:
        target = min(longest, len(rp) + 1)
        if not any(len(p) >= target and follows_retreat(p, defender_hex, rp) for p in paths):
            raise IllegalAction("18.4A", f"one advancing unit must follow the retreat {defender_hex}-{'-'.join(rp)} for {target} hexes")


def check_follower(unit_hex: str, attacker_hexes: Iterable[str], *, in_enemy_zoc: bool, orders: str,
                   attackers_advanced: int, hexes: int, adjacent) -> None:
    """18.5: a unit that did not attack may advance with the attackers if it was stacked with
    them, or next to them and in no enemy ZOC, as far as they did and as its orders allow, and
    only when they advanced.  ``adjacent(a, b)`` tells whether two hexes touch."""
    attacker_hexes = set(attacker_hexes)
    if attackers_advanced <= 0:
        raise IllegalAction("18.5C", "second-line units advance only when the attackers do")
    if unit_hex not in attacker_hexes:
        if not any(adjacent(unit_hex, a) for a in attacker_hexes):
            raise IllegalAction("18.5A", "only units stacked with or next to the attackers may follow")
        if in_enemy_zoc:
            raise IllegalAction("18.5A", "a unit next to the attackers but in an enemy ZOC may not follow")
    if orders == "defense":
        raise IllegalAction("18.5B, 18.1C", "units under defense orders do not advance")
    limit = 1 if orders == "assault" else attackers_advanced
    if hexes > limit:
        raise IllegalAction("18.5B", f"it may advance {limit} hexes at most")

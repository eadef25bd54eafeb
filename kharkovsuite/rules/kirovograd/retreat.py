"""Retreats (17.0, 13.4, 15.9F): every legal retreat of a unit or stack, ranked by 17.1B's
priorities, over a small board interface (:class:`RetreatBoard`) that part 1's game state
implements; no game state is read here.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from ...engine.errors import IllegalAction


@dataclass(frozen=True)
class ZocHere:
    """The enemy ZOC a unit of one side meets in a hex (13, from the ZOC Chart): its kind, whether
    units in two or more hexes exert it (13.3A) and whether any of them has an anti-tank ability
    (17.2B, 19.2)."""

    kind: Literal["none", "fluid", "locking"] = "none"
    overlapping: bool = False
    antitank: bool = False

    @property
    def any(self) -> bool:
        return self.kind != "none" or self.overlapping


class RetreatBoard(Protocol):
    """What retreats and advances ask of the board.  ``side`` is always the moving side."""

    def neighbours(self, hex_id: str) -> Iterable[str]: ...
    def distance(self, a: str, b: str) -> int: ...
    def zoc(self, hex_id: str, side: str) -> ZocHere: ...
    def enemy_in(self, hex_id: str, side: str) -> bool: ...
    def friendly_in(self, hex_id: str, side: str) -> bool: ...
    def stack_room(self, hex_id: str, side: str, units: Sequence[str]) -> bool: ...


@dataclass(frozen=True)
class Retreat:
    path: tuple[str, ...]  # the hexes entered, in order
    zoc_losses: int  # 17.2A: one SP per enemy-ZOC hex left, the start excluded
    overstacked: bool  # 17.3B: no legal stack was in reach
    short: int  # 15.9F: hexes it could not retreat (taken as losses up to the 50% limit)
    rank: tuple  # 17.1B: lower is better


#: 17.3A: how far beyond its result a unit looks for a hex where it may stack.
OVERSTACK_SEARCH = 3


def _free_of_zoc(board: RetreatBoard, h: str, side: str, armored: bool) -> bool:
    """17.2B, 17.4B: a friendly unit in the hex, or armour meeting a ZOC without anti-tank, ignores it."""
    z = board.zoc(h, side)
    return not z.any or board.friendly_in(h, side) or (armored and not z.antitank)


def _extend(board: RetreatBoard, side: str, path: tuple[str, ...], start: str, armored: bool, enemy_hexes: frozenset[str]):
    """The hexes a retreat at the end of ``path`` may enter next, with the ZOC loss of leaving
    its current hex (17.2A, 17.4)."""
    here = path[-1] if path else start
    leaving_loss = 0
    if path:
        z = board.zoc(here, side)
        free = _free_of_zoc(board, here, side, armored)
        if z.overlapping and not free:
            return  # 17.4A: never through overlapping ZOCs
        leaving_loss = 0 if free else 1
    for n in board.neighbours(here):
        if n == start or n in path or n in enemy_hexes or board.enemy_in(n, side):
            continue  # 17.4A: never through enemy units; 17.6A: the attacked hex counts as held
        yield n, leaving_loss


def retreats(board: RetreatBoard, side: str, start: str, hexes: int, units: Sequence[str], *,
             fought: Iterable[str], armored: bool = False, hq: str | None = None,
             held: Iterable[str] = (), bound: bool = True) -> list[Retreat]:
    """The retreats of ``hexes`` hexes the owner may choose for ``units`` from ``start``: the best
    by 17.1B's priorities in order (clear of enemy ZOCs, farthest from the enemy hexes ``fought``,
    unoccupied, legally stacked, nearest the formation HQ ``hq``).  ``held``: hexes to treat as
    enemy-held (17.6A, the hex an attacker attacked).  When no retreat of full length exists the
    longest ones are returned with ``short`` set (15.9F); an illegal stack at the end continues
    the retreat (17.3A) up to :data:`OVERSTACK_SEARCH` hexes, or overstacks (17.3B).  ``bound``
    False walks every path, with the same answer (the benchmark's baseline)."""
    if hexes <= 0:
        return [Retreat((), 0, False, 0, ())]
    fought = tuple(fought)
    enemy = frozenset(held)

    def far(h: str) -> int:
        return min((board.distance(h, f) for f in fought), default=0)

    def rank(path: tuple[str, ...], zocs: int) -> tuple:
        end = path[-1] if path else start
        return (zocs, -far(end), 1 if board.friendly_in(end, side) else 0,
                0 if not path or board.stack_room(end, side, units) else 1,
                board.distance(end, hq) if hq else 0)

    found: list[tuple[tuple, tuple[str, ...], int]] = []
    best: list[tuple | None] = [None]
    longest = 0

    def walk(path: tuple[str, ...], zocs: int, losses: int, limit: int, prune: bool) -> None:
        nonlocal longest
        longest = max(longest, len(path))
        if len(path) == limit:
            r = rank(path, zocs)
            if best[0] is None or r < best[0]:
                best[0] = r
                found.clear()
            if r == best[0]:
                found.append((r, path, losses))
            return
        here = path[-1] if path else start
        # branch and bound: ZOC hexes only add up, and the end lies at most the remaining hexes farther
        if prune and best[0] is not None and (zocs, -(far(here) + limit - len(path))) > best[0][:2]:
            return
        for n, loss in _extend(board, side, path, start, armored, enemy):
            walk(path + (n,), zocs + (0 if _free_of_zoc(board, n, side, armored) else 1), losses + loss, limit, prune)

    walk((), 0, 0, hexes, bound)
    if not found:
        walk((), 0, 0, longest, False)  # 15.9F: the longest retreats there are
    out = set()
    for r, path, losses in found:
        short = hexes - len(path)
        path, losses, overstacked = _stack(board, side, start, path, losses, units, armored, enemy) if path else (path, losses, False)
        out.add(Retreat(path, losses, overstacked, short, r))
    return sorted(out, key=lambda r: r.path)


def _stack(board, side, start, path, losses, units, armored, enemy):
    """17.3A-B: go on until a legal stack, else overstack at the end of the result."""
    if board.stack_room(path[-1], side, units):
        return path, losses, False
    frontier = [(path, losses)]
    for _ in range(OVERSTACK_SEARCH):
        nxt = []
        for p, loss in frontier:
            for n, extra in _extend(board, side, p, start, armored, enemy):
                q = p + (n,)
                if board.stack_room(n, side, units):
                    return q, loss + extra, False
                nxt.append((q, loss + extra))
        frontier = nxt
    return path, losses, True


def check_retreat(choice: Sequence[str], options: Sequence[Retreat]) -> Retreat:
    """Refuse a retreat path that is not among the best (17.1B-C, 17.2-17.4)."""
    for r in options:
        if tuple(choice) == r.path:
            return r
    raise IllegalAction("17.1B", f"retreat {'-'.join(choice) or '(none)'} is not one of the best retreats: "
                        + "; ".join("-".join(r.path) for r in options))


def check_companion(kind: str, *, supported: bool, travelling: bool, soviet_zero_ma: bool, adjacent: bool) -> None:
    """17.7A-B, E: an HQ or artillery unit next to a retreating unit may retreat with it, unless it
    has supported a combat this round, or is Soviet artillery of MA zero not in travelling mode."""
    if kind not in ("hq", "artillery", "motorized_artillery", "armored_artillery", "rocket", "mortar"):
        raise IllegalAction("17.7A", "only HQs and artillery retreat along with a neighbour")
    if not adjacent:
        raise IllegalAction("17.7A", "the HQ or artillery must be next to the retreating unit")
    if supported:
        raise IllegalAction("17.7B", "it has already supported a combat this round")
    if soviet_zero_ma and not travelling:
        raise IllegalAction("17.7E", "Soviet artillery of MA zero retreats along only in travelling mode")


def companion_path(grid, start: str, path: Sequence[str], companion: str) -> list[str]:
    """17.7C: the HQ or artillery keeps its place relative to the retreating unit: each hex of the
    unit's path moved by the companion's offset (``grid``: a :class:`kharkovsuite.hexgrid.HexGrid`)."""
    offset = grid.hex_of(companion) - grid.hex_of(start)
    out = []
    for h in path:
        moved = grid.hex_of(h) + offset
        if not grid.on_map(moved):
            raise IllegalAction("17.7C", f"the companion would leave the map beside {h}")
        out.append(grid.hex_id(moved))
    return out

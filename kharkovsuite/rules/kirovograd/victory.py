"""Victory (27.0): points and levels, from a position given as plain data so the player, the
computer and the tests may ask at any moment of play.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

import networkx as nx

from .data import VictoryPoints
from .units import ARTILLERY_KINDS


def category(kind: str, armored: bool) -> str:
    """27.B: the VP class of a unit: armour (19.1), artillery, HQ or air, or infantry (the rest)."""
    if kind in ARTILLERY_KINDS or kind in ("hq", "air"):
        return "artillery_hq_air"
    return "armor" if armored else "infantry"


@dataclass(frozen=True)
class UnitLoss:
    """A unit's losses so far: its owner, VP class, printed strength (air: points), SP lost, and
    whether it was destroyed."""

    side: str
    category: str
    original: int
    lost: int
    destroyed: bool = False


@dataclass(frozen=True)
class Position:
    losses: tuple[UnitLoss, ...] = ()
    held: Mapping[str, str] = field(default_factory=dict)  # place id -> side holding it (27.C)
    kirovograd_taken: int | None = None  # the game turn the USSR took Kirovograd


def points(p: Position, v: VictoryPoints) -> dict[str, int]:
    """27.B: eliminated enemy SP by class; a unit destroyed counts twice its whole value; each
    place to its holder; the best one of the early-Kirovograd bonuses to the USSR."""
    vp = {"german": 0, "soviet": 0}
    for loss in p.losses:
        enemy = "soviet" if loss.side == "german" else "german"
        rate = v.per_sp[loss.category]
        vp[enemy] += v.destroyed_unit_factor * loss.original * rate if loss.destroyed else loss.lost * rate
    for place, value in v.places.items():
        side = p.held.get(place)
        if side in vp:
            vp[side] += value
    if p.kirovograd_taken is not None:
        vp["soviet"] += max((bonus for turn, bonus in v.kirovograd_early.items() if p.kirovograd_taken <= turn), default=0)
    return vp


def level(vp: Mapping[str, int], v: VictoryPoints) -> tuple[str | None, str]:
    """27.A: the side with more VP wins; the lead says how well (the levels are ``victory.levels``).
    Returns (winner or None, level)."""
    lead = vp["german"] - vp["soviet"]
    if lead == 0:
        return None, "draw"
    reached = [name for name, need in sorted(v.levels.items(), key=lambda t: t[1]) if abs(lead) >= need]
    if not reached:
        return None, "draw"
    return ("german" if lead > 0 else "soviet"), reached[-1]


def joined_to_edge(gmap, hexes: Iterable[str], blocked: Callable[[str], bool], edge: Iterable[str],
                   roads_only: bool) -> bool:
    """Whether a line of hexes not ``blocked`` runs from one of ``hexes`` to the ``edge``: along
    roads (27.C) or across any hexes (25.1B)."""
    graph = gmap.roads if roads_only else nx.Graph((h, n) for h in gmap.hex_ids for n in gmap.neighbors(h))
    open_ = graph.subgraph(h for h in graph if not blocked(h))
    targets = [e for e in edge if e in open_]
    return any(nx.has_path(open_, s, e) for s in hexes if s in open_ for e in targets)


def soviet_holds(gmap, city: str, german_in: Callable[[str], bool], german_zoc: Callable[[str], bool],
                 soviet_occupied_or_behind: bool, east_edge: Iterable[str]) -> bool:
    """27.C: a town or city is Soviet when free of German units, occupied by or clearly behind
    Soviet units, and joined to the east edge by road hexes free of German units and ZOCs."""
    hexes = gmap.model.cities[city].hexes
    if any(german_in(h) for h in hexes) or not soviet_occupied_or_behind:
        return False
    return joined_to_edge(gmap, hexes, lambda h: german_in(h) or german_zoc(h), east_edge, roads_only=True)

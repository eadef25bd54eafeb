"""Victory (27.0, 31.1E-H): points and levels, from a position given as plain data so the player,
the computer and the tests may ask at any moment of play; :func:`result` reads that position off a
game (``state.result()``), and :func:`turn_end` and :func:`note_entry` keep the two things a
position cannot show afterwards: the game turn Kirovograd fell (27.B) and whether a Soviet unit
ever entered it (31.1H).

State records: ``game["kirovograd_taken"]`` (the game turn, or absent), ``game["kirovograd_entered"]``.
A unit is destroyed when its SP lost reach its printed strength (its defence strength for
artillery) or it stands in the ``eliminated`` box.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...engine.state import GameState, Result
from . import zoc
from .board import UnitInfo, game_turn
from .data import VictoryPoints
from .units import ARTILLERY_KINDS

if TYPE_CHECKING:
    import networkx as nx

#: The box a destroyed unit goes to.
ELIMINATED = "eliminated"
#: The city of 27.B's bonus and of 31.1's objective (a city id of the map).
KIROVOGRAD = "kirovograd"


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
    import networkx as nx  # imported when first needed: not at the start of a game
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


# ----------------------------------------------------------------------------- reading a game


def full_strength(info: UnitInfo) -> int:
    """27.B: the SP a unit is worth whole: its printed strength (an artillery unit's defence
    strength, the SP it can lose, 21.7C)."""
    if info.is_artillery and info.values.defense is not None:
        return info.values.defense
    if info.kind == "air":  # 28.10.4B: an air unit's points are its stronger factor
        return max(info.values.air_air, info.values.air_ground)
    return int(info.strength[0]) if info.strength else 0


def unit_losses(state: GameState) -> tuple[UnitLoss, ...]:
    """Every ground unit's SP (and air unit's points, 27.B) lost so far, counting those lost before a shorter scenario began
    (31.2.3: the units' starting ``sp_lost``)."""
    out = []
    for uid, rec in state.units.items():
        info = state.board.units[uid]
        full = full_strength(info)
        if not (info.ground or info.kind == "air") or full <= 0:
            continue
        lost = min(rec.step, full)
        destroyed = rec.box == ELIMINATED or lost >= full
        if lost or destroyed:
            out.append(UnitLoss(rec.side, category(info.kind, info.armored), full, lost, destroyed))
    return tuple(out)


def _ground_at(state: GameState, hex_id: str, side: str) -> bool:
    return any(state.units[u].side == side and state.board.units[u].ground for u in state.units_at(hex_id))


def _nearest(state: GameState, hexes, side: str) -> int | None:
    found = [state.board.distance(h, rec.hex) for rec in state.units.values()
             if rec.side == side and rec.hex is not None and state.board.units[rec.id].ground for h in hexes]
    return min(found, default=None)


def holder(state: GameState, city: str) -> str:
    """27.C: who holds a town or city now.  Reading: a city is occupied by or "clearly behind"
    Soviet units when the nearest Soviet ground unit is nearer to it than the nearest German one."""
    gmap = state.board.map
    hexes = gmap.model.cities[city].hexes
    soviet, german = _nearest(state, hexes, "soviet"), _nearest(state, hexes, "german")
    behind = soviet is not None and (german is None or soviet < german)  # occupied: 0, and no German unit in it
    german_zoc = zoc.zoc_of(state, "german")
    held = soviet_holds(gmap, city, lambda h: _ground_at(state, h, "german"), german_zoc.__contains__, behind, gmap.edge("east"))
    return "soviet" if held else "german"


def position(state: GameState) -> Position:
    v = state.board.data.victory
    return Position(unit_losses(state), {p: holder(state, p) for p in v.places}, state.game.get("kirovograd_taken"))


def start(state: GameState) -> None:
    """A shorter scenario that opens with Kirovograd already Soviet (31.2) records its fall on the
    game turn before its first (Reading: it fell before the scenario began, 31.2.3)."""
    if state.board.data.first_game_turn > 1 and KIROVOGRAD in state.board.map.model.cities and holder(state, KIROVOGRAD) == "soviet":
        state.game["kirovograd_taken"] = state.board.data.first_game_turn - 1


def turn_end(state: GameState) -> None:
    """27.B: the first game turn at whose end the USSR holds Kirovograd is its fall turn."""
    if state.game.get("kirovograd_taken") is None and KIROVOGRAD in state.board.map.model.cities \
            and holder(state, KIROVOGRAD) == "soviet":
        state.game["kirovograd_taken"] = game_turn(state)


def note_entry(state: GameState, unit_id: str, hex_id: str | None) -> None:
    """31.1H: a Soviet unit has entered Kirovograd (kept for the whole game)."""
    if hex_id is None or state.game.get("kirovograd_entered") or state.units[unit_id].side != "soviet" or not state.board.units[unit_id].ground:
        return
    city = state.board.map.model.cities.get(KIROVOGRAD)
    if city is not None and hex_id in city.hexes:
        state.game["kirovograd_entered"] = True


def _named(winner: str | None, lvl: str) -> str:
    return "Draw" if winner is None else f"{lvl.capitalize()} victory"


def result(state: GameState) -> Result:
    """27.A (or 31.1E-H in Opening Moves): the result if play ended now."""
    v = state.board.data.victory
    vp = points(position(state), v)
    margin = vp["soviet"] - vp["german"]
    winner, lvl = level(vp, v)
    if v.objective == "hold_kirovograd":
        winner, lvl = city_objective(state, vp, v)
    return Result(vp, margin, winner, _named(winner, lvl))


def city_objective(state: GameState, vp: Mapping[str, int], v: VictoryPoints) -> tuple[str | None, str]:
    """31.1E-H: the USSR wins only with more VP and Kirovograd held (no German unit in it, a line
    to the east edge); Germany wins with more VP and a unit still in the city, or whenever no
    Soviet unit ever entered it; anything else is a draw.  The level is the lead's (27.A), at least
    the lowest."""
    hexes = state.board.map.model.cities[KIROVOGRAD].hexes
    lowest = min(v.levels, key=v.levels.__getitem__)
    _, by_lead = level(vp, v)
    lvl = lowest if by_lead == "draw" else by_lead
    if not state.game.get("kirovograd_entered"):
        return "german", lvl  # 31.1H
    if vp["soviet"] > vp["german"] and holder(state, KIROVOGRAD) == "soviet":
        return "soviet", lvl  # 31.1E-F
    if vp["german"] > vp["soviet"] and any(_ground_at(state, h, "german") for h in hexes):
        return "german", lvl  # 31.1H
    return None, "draw"  # 31.1G

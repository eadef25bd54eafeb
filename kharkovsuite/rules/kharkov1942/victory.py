"""Victory (17.0), the simple final count part 1 needs for self-play; part 2 completes it.

Implemented: 17.21 a Soviet unit entering a City hex scores 6 VP at once, once per hex
(17.22); 17.1 City control at the end (17.11: garrison extant, or Axis last to occupy and in
supply; 17.12: Soviet last to occupy and in supply — supply is the part-2 seam, "in supply"
for now); 17.25/17.3 elimination points at the end, from the unit type's ``vp`` or, when every
unit of a formation is destroyed, the formation's ``vp`` instead (17.25's panzer division
note); Soviet units out of supply at the end count as eliminated (17.3, via the seam).
Levels of victory from ``victory.levels`` on the net difference.
Part 2: supply is real (:mod:`.supply`); after each Axis player-turn (4.2.C, :func:`turn_end`)
17.23 gives 3 VP when Kharkov is cut off or Soviet-held (:func:`kharkov_status`; the two roads
are road-graph shortest paths between the cities) and 17.24 gives 2 VP for a hole in the Axis
front (:func:`front_status`: the Axis units, garrisons and Axis ZOC must hold a hex-connected
barrier from the north edge to the south or east edge; otherwise the hole is shown as a Soviet
path from the east edge to the west edge avoiding them).  :func:`vp_breakdown` is the live
count, which :func:`result` uses.

The points of 17.21, 17.23 and 17.24 are the scenario's ``victory.awards`` (:data:`AWARDS` names
the ones these rules score, :func:`score` reads each one's side and points), so a designer's edit
changes play; the levels are ``victory.levels``.  :func:`defaults` gives the values of the rulebook, for the editor
and the scenario builder.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from ... import tablecache
from ...engine.events import VictoryPoints
from ...engine.state import GameState, Result
from ...scenario.model import Award, Victory, VictoryLevel
from . import supply
from . import zoc as _zoc



@dataclass(frozen=True)
class AwardRule:
    """One award these rules score: its case, and the rulebook's side, points and our summary."""

    case: str
    side: str
    vp: int
    text: str


#: award id in ``victory.awards`` -> the rule that scores it
AWARDS: dict[str, AwardRule] = {
    "city_hex_captured": AwardRule("17.21", "soviet", 6, "each City hex a Soviet unit advances into, once per hex (17.21, 17.22)"),
    "kharkov_held_or_cut": AwardRule(
        "17.23", "soviet", 3, "each Game-Turn that Kharkov is Soviet-controlled or cut off after the Axis Player-Turn (17.23)"
    ),
    "front_hole": AwardRule(
        "17.24",
        "soviet",
        2,
        "each Game-Turn the Axis front is not continuous from the north edge to the south or east edge after the Axis Player-Turn (17.24)",
    ),
}
#: the Levels of Victory chart (17.0) on the net difference: (min, max or None, name)
LEVELS: tuple[tuple[int, int | None, str], ...] = (
    (0, 10, "Draw"),
    (11, 25, "Marginal Victory"),
    (26, 50, "Substantive Victory"),
    (51, None, "Decisive Victory"),
)


def defaults() -> Victory:
    """The rulebook's levels and awards, as scenario data.

    Made without validation (``model_construct``): the values are this module's constants, already of the
    model's types, and validating them first built the models' validators, a tenth of a second of the
    editor's start (a test checks that validation leaves them as they are)."""
    return Victory.model_construct(
        levels=[VictoryLevel.model_construct(min=lo, max=hi, name=name) for lo, hi, name in LEVELS],
        awards={k: Award.model_construct(side=a.side, vp=a.vp, text=a.text) for k, a in AWARDS.items()},
    )


def score(state: GameState, award_id: str, reason: str, events: list) -> None:
    """Score one award as the scenario gives it: its side, its points (its presence is a scenario check)."""
    a = state.scenario.victory.awards[award_id]
    award(state, a.side, a.vp, reason, AWARDS[award_id].case, events)


KHARKOV = "kharkov"
KHARKOV_ROADS = ("poltava", "dnepropetrovsk")  # 17.23: the roads from Kharkov to these cities


def init(state: GameState) -> None:
    """Who holds each City hex at the start: whoever stands there, else the side of the front (17.11)."""
    owner = {}
    front = state.board.map.lines.get("front")
    for hex_id in sorted(state.board.city_hexes):
        sides = {state.units[u].side for u in state.units_at(hex_id)}
        if len(sides) == 1:
            owner[hex_id] = sides.pop()
        elif hex_id in state.game["garrisons"]:
            owner[hex_id] = "axis"
        elif front is not None and front.side(hex_id) in ("axis", "soviet"):
            owner[hex_id] = front.side(hex_id)
    state.game["last_occupant"] = owner
    state.game["captured"] = []
    state.game["vp"] = {side: 0 for side in state.scenario.sides}


def city_entered(state: GameState, unit_id: str, hex_id: str, events: list) -> None:
    side = state.units[unit_id].side
    state.game["last_occupant"][hex_id] = side
    if side == "soviet" and hex_id not in state.game["captured"]:
        state.game["captured"].append(hex_id)
        score(state, "city_hex_captured", f"City hex {hex_id} captured", events)


def award(state: GameState, side: str, vp: int, reason: str, case: str, events: list) -> None:
    state.game["vp"][side] = state.game["vp"].get(side, 0) + vp
    state.game.setdefault("vp_items", []).append({"turn": state.turn, "side": side, "vp": vp, "reason": reason, "case": case})
    events.append(VictoryPoints(side=side, vp=vp, reason=reason, case=case))


def turn_end(state: GameState, events: list) -> None:
    """4.2.C, after the Axis player-turn: 17.23 Kharkov held or cut off, 17.24 a hole in the front."""
    k = kharkov_status(state)
    if k["held"] or k["cut_off"]:
        why = "Kharkov held by the Soviets" if k["held"] else f"Kharkov cut off (Soviet units on {', '.join(k['soviet_on'])})"
        score(state, "kharkov_held_or_cut", why, events)
    f = front_status(state)
    if not f["continuous"]:
        where = f" (through {f['hole'][0]}..{f['hole'][-1]})" if f["hole"] else ""
        score(state, "front_hole", "hole in the Axis front" + where, events)


# ----------------------------------------------------------------------------- 17.23 Kharkov


_ROADS: dict[int, tuple] = {}
ROADS_CACHE_KIND = "kharkov1942-kharkov-roads"


def kharkov_roads(state: GameState) -> dict[str, list[str]]:
    """17.23: the road from Kharkov to each of Poltava and Dnepropetrovsk, as the shortest path
    in the road graph between the cities' hexes (the cities' own hexes left out).

    Once per board, and kept on disk (:mod:`kharkovsuite.tablecache`) by the map and this code:
    a game opened again needs no graph library."""
    b = state.board
    got = _ROADS.get(id(b))
    if got is not None and got[0] is b:
        return got[1]
    key = tablecache.content_key(tablecache.source_version(__name__, "kharkovsuite.map"), state.scenario.map.content_json())
    out = tablecache.load(ROADS_CACHE_KIND, key)
    if not (isinstance(out, dict) and all(isinstance(v, list) and all(isinstance(h, str) for h in v) for v in out.values())
            and set(out) <= set(KHARKOV_ROADS)):
        out = _shortest_kharkov_roads(state)
        tablecache.save(ROADS_CACHE_KIND, key, out)
    _ROADS[id(b)] = (b, out)
    return out


def _shortest_kharkov_roads(state: GameState) -> dict[str, list[str]]:
    import networkx as nx

    b = state.board
    cities = state.scenario.map.cities
    roads = b.map.roads
    out: dict[str, list[str]] = {}
    home = cities.get(KHARKOV)
    for name in KHARKOV_ROADS:
        other = cities.get(name)
        if home is None or other is None:
            continue
        g = nx.Graph(roads)
        g.add_edges_from(("@from", h) for h in home.hexes if h in roads)
        g.add_edges_from(("@to", h) for h in other.hexes if h in roads)
        try:
            path = nx.shortest_path(g, "@from", "@to")
        except (nx.NetworkXNoPath, nx.NodeNotFound):
            continue
        ends = set(home.hexes) | set(other.hexes)
        out[name] = [h for h in path[1:-1] if h not in ends]
    return out


def soviet_controls(state: GameState, hex_id: str) -> bool:
    """17.12 for one City hex: no garrison, Soviet last to occupy it, a line to the east edge."""
    return (
        hex_id not in state.game.get("garrisons", {})
        and state.game.get("last_occupant", {}).get(hex_id) == "soviet"
        and supply.hex_in_supply(state, hex_id, "soviet")
    )


def kharkov_status(state: GameState) -> dict:
    """17.23: is Kharkov Soviet-held, or cut off (a Kharkov hex not Soviet-controlled, and a Soviet
    unit on a hex of the Poltava road and one on a hex of the Dnepropetrovsk road)?"""
    city = state.scenario.map.cities.get(KHARKOV)
    if city is None:
        return {"held": False, "cut_off": False, "soviet_on": [], "roads": {}}
    held = all(soviet_controls(state, h) for h in city.hexes)
    roads = kharkov_roads(state)
    per_road = {
        name: [h for h in path if any(state.units[u].side == "soviet" for u in state.units_at(h))] for name, path in roads.items()
    }
    on = sorted({h for hexes in per_road.values() for h in hexes})
    both = len(per_road) == len(KHARKOV_ROADS) and all(per_road.values())
    return {"held": held, "cut_off": (not held) and both, "soviet_on": on, "roads": roads}


# ----------------------------------------------------------------------------- 17.24 the front


def axis_barrier(state: GameState) -> set[int]:
    """17.24's barrier: the hexes Axis units occupy or control, and garrisons (board indices)."""
    d = _zoc.derived(state)
    return set(d.occupied["axis"]) | set(d.zoc["axis"]) | d.garrisons


def barrier_joins_edges(b, barrier: set[int]) -> bool:
    """17.24's test on a set of barrier hexes (board indices): does one hex-connected piece of
    it touch the north edge and the south or east edge?"""
    edges = b.map_edges
    seen: set[int] = set()
    for start in edges["north"] & barrier:
        if start in seen:
            continue
        comp = {start}
        todo = [start]
        seen.add(start)
        while todo:
            i = todo.pop()
            for j in b.nbrs[i]:
                if j in barrier and j not in seen:
                    seen.add(j)
                    comp.add(j)
                    todo.append(j)
        if comp & (edges["south"] | edges["east"]):
            return True
    return False


def front_status(state: GameState) -> dict:
    """17.24: do Axis units and their ZOC form a continuous front from the north edge to the south
    or east edge?  The front is a hex-connected barrier of hexes occupied by Axis units (or
    garrisons) or in Axis ZOC.  Without one, ``hole`` is a Soviet path (east edge -> west edge)
    around the barrier, for the view to draw."""
    b = state.board
    barrier = axis_barrier(state)
    edges = b.map_edges
    continuous = barrier_joins_edges(b, barrier)
    hole: list[str] = []
    if not continuous:
        parent: dict[int, int | None] = {i: None for i in edges["east"] if i not in barrier}
        queue = deque(parent)
        end = None
        while queue:
            i = queue.popleft()
            if i in edges["west"]:
                end = i
                break
            for j in b.nbrs[i]:
                if j not in barrier and j not in parent:
                    parent[j] = i
                    queue.append(j)
        while end is not None:
            hole.append(b.ids[end])
            end = parent[end]
        hole.reverse()
    return {"continuous": continuous, "hole": hole}


def _city_controller(state: GameState, city) -> str | None:
    owners = set()
    for hex_id in city.hexes:
        if hex_id in state.game["garrisons"]:
            owners.add("axis")
            continue
        side = state.game["last_occupant"].get(hex_id)
        if side is None or not supply.hex_in_supply(state, hex_id, side):
            return None
        owners.add(side)
    return owners.pop() if len(owners) == 1 else None


def soviet_out_of_supply(state: GameState) -> list[str]:
    """17.3: Soviet units on the map out of supply (HQs and Army Reserve counters aside)."""
    b = state.board
    return sorted(
        u for u, rec in state.units.items()
        if rec.side == "soviet" and rec.hex is not None and not b.is_hq(u) and not b.has_flag(u, "reserve_counter")
        and not supply.in_supply(state, u)
    )


def _elimination_vp(state: GameState) -> dict[str, int]:
    """17.25, 17.3: points for destroyed enemy units (formations replace their units' points)."""
    out = {side: 0 for side in state.scenario.sides}
    b = state.board
    lost = set(state.game.get("eliminated", []))
    lost |= set(soviet_out_of_supply(state))
    whole = {
        f_id for f_id, f in state.scenario.formations.items()
        if f.vp and all(u.id in lost for u in state.scenario.units if u.formation == f_id)
        and any(u.formation == f_id for u in state.scenario.units)
    }
    counted = set()
    for uid in sorted(lost):
        rec = state.units[uid]
        gainer = "soviet" if rec.side == "axis" else "axis"
        formation = b.unit_model[uid].formation
        if formation in whole:
            if formation not in counted:
                counted.add(formation)
                out[gainer] += state.scenario.formations[formation].vp
            continue
        out[gainer] += b.unit_type[uid].vp
    return out


def vp_breakdown(state: GameState) -> dict:
    """The live Victory Point count: what each side would have if the game ended now, by case.

    Keys: ``transitory`` (17.21-17.24 points already scored, by case), ``items`` (each award),
    ``cities`` (city -> controller, 17.1), ``city_vp``, ``eliminations`` (17.25, 17.3),
    ``soviet_out_of_supply`` (17.3's units counted eliminated), ``now`` (Kharkov and the front
    as they stand, 17.23/17.24), ``total``, ``margin``, ``level``, ``winner``.
    """
    sides = list(state.scenario.sides)
    items = list(state.game.get("vp_items", []))
    transitory = {side: {} for side in sides}
    for it in items:
        per = transitory.setdefault(it["side"], {})
        per[it["case"]] = per.get(it["case"], 0) + it["vp"]
    cities, city_vp = {}, {side: 0 for side in sides}
    for cid, city in state.scenario.map.cities.items():
        if not city.vp:
            continue
        controller = _city_controller(state, city)
        cities[cid] = controller
        if controller is not None:
            city_vp[controller] = city_vp.get(controller, 0) + city.vp
    elim = _elimination_vp(state)
    total = {side: state.game.get("vp", {}).get(side, 0) + elim.get(side, 0) + city_vp.get(side, 0) for side in sides}
    res = level(state, total)
    oos = soviet_out_of_supply(state)
    k = kharkov_status(state)
    f = front_status(state)
    return {
        "transitory": transitory, "items": items, "cities": cities, "city_vp": city_vp, "eliminations": elim,
        "soviet_out_of_supply": oos,
        "now": {"kharkov_held": k["held"], "kharkov_cut_off": k["cut_off"], "soviet_on_kharkov_roads": k["soviet_on"],
                "front_continuous": f["continuous"], "hole": f["hole"]},
        "total": total, "margin": res.margin, "level": res.level, "winner": res.winner,
    }


def tally(state: GameState) -> dict[str, int]:
    """VP if the game ended now."""
    vp = dict(state.game["vp"])
    for side, n in _elimination_vp(state).items():
        vp[side] = vp.get(side, 0) + n
    for city in state.scenario.map.cities.values():
        controller = _city_controller(state, city)
        if controller is not None and city.vp:
            vp[controller] = vp.get(controller, 0) + city.vp
    return vp


def level(state: GameState, vp: dict[str, int]) -> Result:
    margin = vp.get("soviet", 0) - vp.get("axis", 0)
    name = "Draw"
    for lv in state.scenario.victory.levels:
        if abs(margin) >= lv.min and (lv.max is None or abs(margin) <= lv.max):
            name = lv.name
    winner = None
    if name.lower() != "draw" and margin != 0:
        winner = "soviet" if margin > 0 else "axis"
    return Result(vp=vp, margin=margin, winner=winner, level=name)


def result(state: GameState) -> Result:
    """The result if the game ended now, from :func:`vp_breakdown`."""
    return level(state, vp_breakdown(state)["total"])


def final_result(state: GameState, events: list) -> Result:
    res = result(state)
    state.game["final"] = {"vp": res.vp, "margin": res.margin, "winner": res.winner, "level": res.level}
    return res

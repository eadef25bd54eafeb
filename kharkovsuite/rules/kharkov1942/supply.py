"""Supply (11.0), lines of communication (10.2) and air-drop supply (13.2).

Every line is a search over the hex adjacency that returns its path (ARCHITECTURE.md, "Graphs
and geometry"), so the view can draw it and explain a failure.

* 11.1/8.25 a line never enters an enemy-occupied hex (for the Soviets an Axis garrison is one,
  15.3) nor an enemy-controlled hex unless a friendly unit stands there (an Axis garrison
  negates Soviet ZOC for Axis lines, 15.31).  The hex a line ends in holds the unit it
  supplies, so that hex's enemy ZOC is always negated.
* Soviet (10.22, 10.23, 11.21, 11.23): unit -> Line of Communications no longer than the
  Command Radius of an active HQ (the HQ's hex not counted, the unit's hex counted) -> the HQ
  -> a line of any length to any east-edge hex (area ``east_edge``).
* Rumanian (10.22, 11.22, 11.24, 10.27): unit -> LOC -> the active Rumanian HQ, itself in
  supply as a German unit would be; the Rumanian HQ never supplies Germans.
* German (11.31-11.36): City hexes never entered by a Soviet unit (<= 15 hexes), road hexes
  joined by an unbroken road path free of Soviet units and of uncovered Soviet ZOC to the
  entries of area ``german_road_supply`` (<= 5 hexes), at most one hex across the Donets
  (``major_river`` hexsides) unless crossing north of row 14 inclusive or at a road hexside.
* Also in supply: 6.57 Axis units frozen at set-up, for the whole game-turn of their
  activation; 13.2 units on hexes given air supply, for the following game-turn; 16.0
  reinforcements on the game-turn they arrive.

Each side's supply is computed in one multi-source search per source kind and cached until a
unit moves (:func:`unit_moved`), a flag or garrison changes (the ZOC cache is rebuilt) or the
game-turn changes.  :func:`supply_status` explains one unit: its path, or the hexes and limits
that block it.
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass, field

from ...tracing import Block
from ...engine.state import GameState
from . import zoc as _zoc
from .units import is_combat

CITY_LIMIT = 15  # 11.31
ROAD_LIMIT = 5  # 11.32
DONETS = "major_river"  # the Northern Donets hexside type
DONETS_FREE_THROUGH_ROW = 14  # 11.35: crossings north of the 1400 hexrow, inclusive
UNLIMITED = 10**6
ZOC_REASON = "enemy ZOC not negated by a friendly unit"


@dataclass
class SupplyTrace:
    unit: str
    in_supply: bool
    kind: str | None  # "hq-line", "soviet-hq", "city", "road", "rumanian-hq", "air", "first-activation", "reinforcement", "off-map"
    path: list[str] = field(default_factory=list)  # unit -> source
    source: str | None = None
    limit: int | None = None
    blocks: list[Block] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {
            "unit": self.unit, "in_supply": self.in_supply, "kind": self.kind, "source": self.source,
            "path": list(self.path), "limit": self.limit, "blocks": [b.to_dict() for b in self.blocks],
        }


@dataclass
class CommandTrace:
    unit: str
    in_command: bool
    hq: str | None
    path: list[str] = field(default_factory=list)  # unit -> HQ
    radius: int | None = None
    blocks: list[Block] = field(default_factory=list)


# ----------------------------------------------------------------------------- the search


class Search:
    """A multi-source search with a budget per source; nodes are ``hex * 2 + crossed``.

    ``crossed`` marks a hex reached by a restricted Donets crossing (11.34): it may end a line
    but not carry it further.  ``rem[node]`` is the budget left on arriving there.
    """

    __slots__ = ("rem", "parent")

    def __init__(self):
        self.rem: dict[int, int] = {}
        self.parent: dict[int, int | None] = {}

    def node_of(self, i: int) -> int | None:
        a, b = self.rem.get(i * 2), self.rem.get(i * 2 + 1)
        if a is None and b is None:
            return None
        if b is None or (a is not None and a >= b):
            return i * 2
        return i * 2 + 1

    def reached(self, i: int) -> bool:
        return i * 2 in self.rem or i * 2 + 1 in self.rem

    def path(self, i: int) -> list[int]:
        node = self.node_of(i)
        out = []
        while node is not None:
            out.append(node // 2)
            node = self.parent[node]
        return out  # from i back to the source


def search(board, seeds: dict[int, int], no_pass, no_end, donets: bool = False) -> Search:
    """Best-remaining-budget search: each step costs 1, a hex is reached while budget >= 0.

    ``no_pass``: hexes a line may not go on through (it may still end there: the unit it
    supplies negates the ZOC); ``no_end``: hexes a line may not enter at all (enemy units).
    ``donets``: apply 11.34-11.36 (German lines).  Seeds are processed by budget level, highest
    first (a bucket queue), so every node is settled with its best budget.
    """
    s = Search()
    rem, parent = s.rem, s.parent
    buckets: dict[int, list[int]] = {}
    for i, budget in seeds.items():
        if i in no_end:
            continue
        node = i * 2
        if rem.get(node, -1) < budget:
            rem[node] = budget
            parent[node] = None
            buckets.setdefault(budget, []).append(node)
    crossing = donets_crossings(board) if donets else {}
    nbrs = board.nbrs
    get = rem.get
    while buckets:
        r = max(buckets)
        level = buckets.pop(r)
        if r <= 0:
            continue
        nxt_r = r - 1
        out = buckets.get(nxt_r)
        if out is None:
            out = buckets[nxt_r] = []
        for node in level:
            if node & 1 or get(node) != r:
                continue
            i = node >> 1
            if i in no_pass:
                continue
            cross = crossing.get(i)
            for j in nbrs[i]:
                if j in no_end:
                    continue
                nxt = j * 2 + 1 if cross is not None and j in cross else j * 2
                if get(nxt, -1) < nxt_r:
                    rem[nxt] = nxt_r
                    parent[nxt] = node
                    out.append(nxt)
        if not out:
            del buckets[nxt_r]
    return s


_DONETS: dict[int, tuple] = {}


def row_of(hex_id: str) -> int:
    return int(hex_id[:2])


def donets_sides(board) -> tuple[frozenset, frozenset]:
    """(every Donets hexside, those a line may cross without the one-hex limit: 11.35, 11.36)."""
    got = _DONETS.get(id(board))
    if got is None or got[0] is not board:
        every, free = set(), set()
        for a, b in board.map.hexsides_with(DONETS):  # the few Donets hexsides, not every hexside of the map
            i, j = board.index.get(a), board.index.get(b)
            if i is None or j is None or (i, j) not in board.edge_of:
                continue
            for x, y in ((i, j), (j, i)):  # crossed either way
                every.add((x, y))
                if board.edge_of[(x, y)].road or max(row_of(a), row_of(b)) <= DONETS_FREE_THROUGH_ROW:
                    free.add((x, y))
        got = _DONETS[id(board)] = (board, frozenset(every), frozenset(free), DONETS_FREE_THROUGH_ROW)
    if got[3] != DONETS_FREE_THROUGH_ROW:  # the constant was changed (tests)
        del _DONETS[id(board)]
        return donets_sides(board)
    return got[1], got[2]


def donets_restricted(board) -> frozenset:
    every, free = donets_sides(board)
    return every - free


_CROSSINGS: dict[int, tuple] = {}


def donets_crossings(board) -> dict[int, frozenset[int]]:
    """:func:`donets_restricted` by hex: hex -> the neighbours across a restricted crossing
    (the search's inner loop looks them up without building a pair per step)."""
    every, free = donets_sides(board)
    got = _CROSSINGS.get(id(board))
    if got is None or got[0] is not board or got[1] is not every or got[2] is not free:
        by_hex: dict[int, set[int]] = {}
        for i, j in every - free:
            by_hex.setdefault(i, set()).add(j)
        got = _CROSSINGS[id(board)] = (board, every, free, {i: frozenset(js) for i, js in by_hex.items()})
    return got[3]


# ----------------------------------------------------------------------------- per-side tables


def _nationality(state: GameState, uid: str) -> str:
    return state.board.unit_type[uid].nationality


def _is_rumanian(state: GameState, uid: str) -> bool:
    return _nationality(state, uid) == "rumanian"


def _active_hq(state: GameState, uid: str) -> bool:
    rec = state.units[uid]
    return rec.hex is not None and state.board.is_hq(uid) and "inactive" not in rec.flags


def _blocks(state: GameState, side: str):
    """(no_pass, no_end, enemy-occupied set, enemy ZOC, friendly-occupied) for ``side``'s lines."""
    d = _zoc.derived(state)
    enemy = _zoc.other_side(side)
    enemy_occ = set(d.occupied[enemy])
    friendly = set(d.occupied[side])
    if side == "soviet":
        enemy_occ |= d.garrisons
    else:
        friendly |= d.garrisons
    ezoc = d.zoc[enemy]

    no_pass = enemy_occ | {i for i in ezoc if i not in friendly}
    no_end = enemy_occ

    return no_pass, no_end, enemy_occ, ezoc, friendly


def soviet_entered(state: GameState) -> set[str]:
    """11.31: City hexes ever entered by a Soviet unit (17.21's captured list, plus set-up)."""
    out = set(state.game.get("captured", []))
    out |= {h for h, s in state.game.get("last_occupant", {}).items() if s == "soviet"}
    return out


def road_sources(state: GameState) -> tuple[set[int], dict[int, int | None]]:
    """11.33: road hexes joined to the road entries by an unbroken road path that is clear.

    Returns the source hexes and the road parent pointers (towards the entry) for paths.
    """
    b = state.board
    d = _zoc.derived(state)
    soviet = d.occupied["soviet"]
    szoc = d.zoc["soviet"]
    axis = set(d.occupied["axis"]) | d.garrisons
    roads = b.map.road_nbrs

    def clear(h: str) -> bool:
        i = b.index[h]
        return i not in soviet and (i not in szoc or i in axis)

    parent: dict[int, int | None] = {}
    todo = []
    for h in b.area("german_road_supply"):
        if h in roads and clear(h) and b.index[h] not in parent:
            parent[b.index[h]] = None
            todo.append(h)
    while todo:
        h = todo.pop()
        for n in roads[h]:
            j = b.index.get(n)
            if j is not None and j not in parent and clear(n):
                parent[j] = b.index[h]
                todo.append(n)
    return set(parent), parent


class SideSupply:
    """One side's supply, all units at once."""

    def __init__(self, state: GameState, side: str):
        self.side = side
        self.searches: dict[str, Search] = {}
        self.kind: dict[str, str] = {}  # unit -> how it is supplied
        self.hq_of: dict[int, str] = {}  # hex -> active supplied HQ there
        b = state.board
        no_pass, no_end, *_ = _blocks(state, side)
        self.no_pass, self.no_end = no_pass, no_end
        units = [u for u in b.side_units[side] if state.units[u].hex is not None]
        special = special_supply(state, side)
        if side == "soviet":
            edge = {b.index[h]: UNLIMITED for h in b.area("east_edge")}
            self.searches["edge"] = s_edge = search(b, edge, no_pass, no_end)
            hqs = [u for u in units if b.is_hq(u) and _nationality(state, u) == "soviet"]
            seeds = {}
            for u in hqs:
                i = b.index[state.units[u].hex]
                if s_edge.reached(i) or u in special:  # 16.0: an HQ arriving is supplied
                    self.kind[u] = "hq-line" if s_edge.reached(i) else special[u]
                    if _active_hq(state, u):
                        r = b.hq_values(u).command_radius
                        if r > seeds.get(i, -1):
                            seeds[i] = r
                            self.hq_of[i] = u
            self.searches["loc"] = s_loc = search(b, seeds, no_pass, no_end)
            for u in units:
                if u in self.kind:
                    continue
                if not b.is_hq(u) and s_loc.reached(b.index[state.units[u].hex]):
                    self.kind[u] = "soviet-hq"
                elif u in special:
                    self.kind[u] = special[u]
        else:
            self.searches["city"] = s_city = search(b, self.city_seeds(state), no_pass, no_end, donets=True)
            sources, self.road_parent = road_sources(state)
            self.searches["road"] = s_road = search(b, {i: ROAD_LIMIT for i in sources}, no_pass, no_end, donets=True)
            for u in units:
                i = b.index[state.units[u].hex]
                if _is_rumanian(state, u) and not b.is_hq(u):
                    continue
                if s_city.reached(i):
                    self.kind[u] = "city"
                elif s_road.reached(i):
                    self.kind[u] = "road"
                elif u in special:
                    self.kind[u] = special[u]
            seeds = {}
            for u in units:
                if b.is_hq(u) and _is_rumanian(state, u) and u in self.kind and _active_hq(state, u):
                    i = b.index[state.units[u].hex]
                    seeds[i] = max(seeds.get(i, -1), b.hq_values(u).command_radius)
                    self.hq_of[i] = u
            self.searches["loc"] = s_loc = search(b, seeds, no_pass, no_end)
            for u in units:
                if _is_rumanian(state, u) and not b.is_hq(u):
                    if s_loc.reached(b.index[state.units[u].hex]):
                        self.kind[u] = "rumanian-hq"
                    elif u in special:
                        self.kind[u] = special[u]

    @staticmethod
    def city_seeds(state: GameState) -> dict[int, int]:
        b = state.board
        entered = soviet_entered(state)
        return {b.index[h]: CITY_LIMIT for h in b.city_hexes if h not in entered}


def special_supply(state: GameState, side: str) -> dict[str, str]:
    """6.57, 13.2, 16.0: units in supply whatever their lines."""
    out: dict[str, str] = {}
    for uid, turn in state.game.get("arrived", {}).items():
        if turn == state.turn and state.units[uid].side == side:
            out[uid] = "reinforcement"
    if side == "axis":
        fr = state.game.get("fredericus") or {}
        if fr.get("activated_turn") == state.turn:
            for uid in fr.get("frozen", []):
                out[uid] = "first-activation"
        for drop in state.game.get("air_supply", []):
            if drop["placed"] <= state.turn <= drop["placed"] + 1:
                for uid in drop["units"]:
                    out[uid] = "air"
    return out


def _cache(state: GameState) -> dict:
    """The supply cache, valid for the current units, flags, garrisons and game-turn."""
    d = _zoc.derived(state)
    got = state.cache.get("supply")
    if got is None or got["derived"] is not d or got["turn"] != state.turn:
        got = state.cache["supply"] = {"derived": d, "turn": state.turn}
    return got


def side_supply(state: GameState, side: str) -> SideSupply:
    got = _cache(state)
    sides = got.setdefault("sides", {})
    out = sides.get(side)
    if out is None:
        out = sides[side] = SideSupply(state, side)
    return out


def unit_moved(state: GameState, unit_id: str, old: str | None, new: str | None) -> None:
    """Engine move hook: drop the cached supply; note reinforcements arriving (16.0)."""
    state.cache.pop("supply", None)
    if old is None and new is not None:
        rec = state.units[unit_id]
        if rec.data and "due" in rec.data and unit_id not in state.game.get("arrived", {}):
            state.game.setdefault("arrived", {})[unit_id] = state.turn


# ----------------------------------------------------------------------------- queries


def in_supply(state: GameState, unit_id: str) -> bool:
    """11.0: is the unit in supply now?"""
    rec = state.units[unit_id]
    if rec.hex is None:
        return True
    return unit_id in side_supply(state, rec.side).kind


def hex_in_supply(state: GameState, hex_id: str, side: str) -> bool:
    """17.11/17.12: can ``side`` trace supply to this hex, treated as a unit there?

    Soviet: a line from the east edge (17.12); Axis: a German line from a City or road source.
    """
    ss = side_supply(state, side)
    i = state.board.index[hex_id]
    if side == "soviet":
        return ss.searches["edge"].reached(i)
    return ss.searches["city"].reached(i) or ss.searches["road"].reached(i)


def _ids(state: GameState, path: list[int]) -> list[str]:
    return [state.board.ids[i] for i in path]


def _least_blocked_path(board, sources: list[int], target: int, blocked) -> list[int]:
    """Dijkstra from ``sources``: each blocked hex entered costs 1000, any other 1; target -> source."""
    dist = {i: 0 for i in sources}
    parent: dict[int, int | None] = {i: None for i in sources}
    heap = [(0, i) for i in sources]
    heapq.heapify(heap)
    while heap:
        d, i = heapq.heappop(heap)
        if d != dist.get(i):
            continue
        if i == target:
            break
        for j in board.nbrs[i]:
            nd = d + (1000 if blocked(j) and j != target else 1)
            if nd < dist.get(j, 1 << 60):
                dist[j], parent[j] = nd, i
                heapq.heappush(heap, (nd, j))
    if target not in parent:
        return []
    out, node = [], target
    while node is not None:
        out.append(node)
        node = parent[node]
    return out


def _line_blocks(state: GameState, side: str, seeds: dict[int, int], target: int, limit_case: str,
                 what: str, donets: bool = False) -> tuple[list[Block], list[str]]:
    """Why no line of ``side`` reaches ``target`` from ``seeds``: the blocks, and the best path found."""
    b = state.board
    no_pass, no_end, enemy_occ, ezoc, friendly = _blocks(state, side)
    if not seeds:
        return [], []
    limit = max(seeds.values())
    free = {i: UNLIMITED for i in seeds}
    if donets:
        s2 = search(b, seeds, no_pass, no_end, donets=False)
        if s2.reached(target):
            path = s2.path(target)
            restricted = donets_restricted(b)
            out = []
            for a, c in zip(path[1:], path):  # walking from the source towards the unit
                if (a, c) in restricted:
                    out.append(Block(b.ids[c], f"crosses the Donets south of the {DONETS_FREE_THROUGH_ROW}00 row away from a road, more than one hex", "11.34"))
            return out, _ids(state, path)
    # The length limit alone?
    s = search(b, free, no_pass, no_end, donets=donets)
    if s.reached(target):
        path = s.path(target)
        return [Block(b.ids[target], f"{len(path) - 1} hexes from the nearest {what}, limit {limit}", limit_case)], _ids(state, path)
    # The hexes in the way, on the path crossing the fewest of them (then the shortest).
    path = _least_blocked_path(b, list(seeds), target, lambda i: i in no_pass)
    if not path:
        return [Block(b.ids[target], f"no {what} can be reached", limit_case)], []
    out = []
    for k, i in enumerate(path):
        if i in enemy_occ:
            out.append(Block(b.ids[i], "enemy-occupied hex", "11.1"))
        elif k > 0 and i in ezoc and i not in friendly:
            out.append(Block(b.ids[i], ZOC_REASON, "11.1"))
    return out, _ids(state, path)


def supply_status(state: GameState, unit_id: str) -> SupplyTrace:
    """The unit's supply, with the path of its line (unit -> source) or what blocks it."""
    rec = state.units[unit_id]
    b = state.board
    if rec.hex is None:
        return SupplyTrace(unit_id, True, "off-map")
    ss = side_supply(state, rec.side)
    kind = ss.kind.get(unit_id)
    i = b.index[rec.hex]
    if kind in ("city", "road"):
        s = ss.searches[kind]
        path = _ids(state, s.path(i))
        if kind == "road":  # carry on along the road to the entry (11.33)
            j = ss.road_parent.get(b.index[path[-1]])
            while j is not None:
                path.append(b.ids[j])
                j = ss.road_parent[j]
        return SupplyTrace(unit_id, True, kind, path, path[-1], CITY_LIMIT if kind == "city" else ROAD_LIMIT)
    if kind in ("hq-line", "soviet-hq", "rumanian-hq"):
        if kind == "hq-line":
            path = _ids(state, ss.searches["edge"].path(i))
            return SupplyTrace(unit_id, True, kind, path, path[-1], None)
        loc = ss.searches["loc"].path(i)
        hq_id = ss.hq_of[loc[-1]]
        hq_trace = supply_status(state, hq_id)
        path = _ids(state, loc) + hq_trace.path[1:]
        return SupplyTrace(unit_id, True, kind, path, hq_trace.source, b.hq_values(hq_id).command_radius)
    if kind is not None:
        return SupplyTrace(unit_id, True, kind, [rec.hex], rec.hex, None)
    # Out of supply: explain.
    if rec.side == "soviet" or (_is_rumanian(state, unit_id) and not b.is_hq(unit_id)):
        return _explain_hq(state, unit_id, ss)
    blocks_c, path_c = _line_blocks(state, "axis", SideSupply.city_seeds(state), i, "11.31", "City source", donets=True)
    sources, _ = road_sources(state)
    blocks_r, path_r = _line_blocks(state, "axis", {j: ROAD_LIMIT for j in sources}, i, "11.32", "road source", donets=True)
    blocks = blocks_c + [x for x in blocks_r if x not in blocks_c]
    if not sources:
        blocks.append(Block(rec.hex, "no road hex is joined to the west edge or 3932 by a clear road", "11.33"))
    path = path_c or path_r
    return SupplyTrace(unit_id, False, None, path, None, CITY_LIMIT if path_c else ROAD_LIMIT, blocks)


def _explain_hq(state: GameState, unit_id: str, ss: SideSupply) -> SupplyTrace:
    b = state.board
    rec = state.units[unit_id]
    i = b.index[rec.hex]
    nat = "rumanian" if _is_rumanian(state, unit_id) else "soviet"
    if b.is_hq(unit_id):  # a Soviet HQ: the line to the east edge (11.21)
        blocks, path = _line_blocks(state, "soviet", {b.index[h]: UNLIMITED for h in b.area("east_edge")}, i, "11.21", "east-edge hex")
        return SupplyTrace(unit_id, False, None, path, None, None, blocks)
    hqs = [u for u in b.side_units[rec.side] if b.is_hq(u) and _nationality(state, u) == nat and state.units[u].hex is not None]
    active = [u for u in hqs if _active_hq(state, u)]
    if not active:
        return SupplyTrace(unit_id, False, None, [rec.hex], None, None, [Block(rec.hex, f"no active {nat.title()} HQ on the map", "10.22")])
    supplied = [u for u in active if u in ss.kind]
    seeds = {b.index[state.units[u].hex]: b.hq_values(u).command_radius for u in active}
    s = search(b, seeds, ss.no_pass, ss.no_end)
    if s.reached(i):  # a LOC exists, to HQs out of supply
        loc = s.path(i)
        hq_id = next(u for u in active if b.index[state.units[u].hex] == loc[-1])
        hq_trace = supply_status(state, hq_id)
        blocks = [Block(state.units[hq_id].hex, f"{hq_id} is out of supply", "10.22")] + hq_trace.blocks
        return SupplyTrace(unit_id, False, None, _ids(state, loc) + hq_trace.path[1:], None, b.hq_values(hq_id).command_radius, blocks)
    seeds = {b.index[state.units[u].hex]: b.hq_values(u).command_radius for u in (supplied or active)}
    blocks, path = _line_blocks(state, rec.side, seeds, i, "10.23", "active HQ (Line of Communications)")
    return SupplyTrace(unit_id, False, None, path, None, max(seeds.values()), blocks)


# ----------------------------------------------------------------------------- command (9.15, 10.21)


def _command_search(state: GameState, side: str, nat: str, only: str | None = None) -> tuple[Search, dict[int, str]]:
    b = state.board
    no_pass, no_end, *_ = _blocks(state, side)
    seeds: dict[int, int] = {}
    hq_of: dict[int, str] = {}
    for u in b.side_units[side]:
        if (only is None or u == only) and _active_hq(state, u) and _nationality(state, u) == nat:
            i = b.index[state.units[u].hex]
            r = b.hq_values(u).command_radius
            if r > seeds.get(i, -1):
                seeds[i], hq_of[i] = r, u
    return search(b, seeds, no_pass, no_end), hq_of


def needs_command(state: GameState, unit_id: str) -> bool:
    """9.15/10.21: Soviet and Rumanian combat units attack only within an active HQ's LOC."""
    rec = state.units[unit_id]
    return rec.side == "soviet" or _is_rumanian(state, unit_id)


def command_status(state: GameState, unit_id: str) -> CommandTrace:
    """9.15/10.21: can a Line of Communications be traced from an active HQ to the unit now?"""
    rec = state.units[unit_id]
    b = state.board
    if rec.hex is None or not needs_command(state, unit_id):
        return CommandTrace(unit_id, True, None, [rec.hex] if rec.hex else [])
    nat = "rumanian" if _is_rumanian(state, unit_id) else "soviet"
    s, hq_of = _command_entry(state, rec.side, nat)
    i = b.index[rec.hex]
    if s.reached(i):
        path = s.path(i)
        hq_id = hq_of[path[-1]]
        return CommandTrace(unit_id, True, hq_id, _ids(state, path), b.hq_values(hq_id).command_radius)
    if not hq_of:
        return CommandTrace(unit_id, False, None, [rec.hex], None, [Block(rec.hex, f"no active {nat.title()} HQ on the map", "10.21")])
    seeds = {j: b.hq_values(u).command_radius for j, u in hq_of.items()}
    blocks, path = _line_blocks(state, rec.side, seeds, i, "10.23", "active HQ (Line of Communications)")
    return CommandTrace(unit_id, False, None, path, max(seeds.values()), blocks)


def _command_entry(state: GameState, side: str, nat: str):
    got = _cache(state)
    key = ("command", side, nat)
    entry = got.get(key)
    if entry is None:
        entry = got[key] = _command_search(state, side, nat)
    return entry


def in_command(state: GameState, unit_id: str) -> bool:
    """9.15/10.21 without the explanation (the hot path of legal attacks)."""
    rec = state.units[unit_id]
    if rec.hex is None or not needs_command(state, unit_id):
        return True
    nat = "rumanian" if _is_rumanian(state, unit_id) else "soviet"
    s, _ = _command_entry(state, rec.side, nat)
    return s.reached(state.board.index[rec.hex])


def command_reach(state: GameState, hq_id: str) -> set[str]:
    """10.23: the hexes an active HQ's Lines of Communications reach now (for overlays)."""
    rec = state.units[hq_id]
    if not _active_hq(state, hq_id):
        return set()
    s, _ = _command_search(state, rec.side, _nationality(state, hq_id), only=hq_id)
    return {state.board.ids[n // 2] for n in s.rem}


# ----------------------------------------------------------------------------- air supply (13.2)


def air_supply_legal(state: GameState) -> list[str]:
    """13.2: hexes holding Axis units that an unused Axis Air Point may supply now."""
    from . import air, sequence

    if air.available(state, "axis") <= 0 or state.turn >= sequence.last_turn(state):
        return []  # no points left, or no following game-turn to supply (last turn)
    done = {h for drop in state.game.get("air_supply", []) if drop["placed"] == state.turn for h in drop["hexes"]}
    return sorted(h for h, ids in state.at.items() if h not in done and any(state.units[u].side == "axis" for u in ids))


def apply_air_supply(state: GameState, hex_id: str, events: list) -> None:
    """13.2: spend one unused Axis Air Point on ``hex_id``: the units there now are in supply
    for the following game-turn."""
    from ...engine.errors import IllegalAction
    from ...engine.events import AirCommitted

    if hex_id not in air_supply_legal(state):
        raise IllegalAction("13.2", f"no unused Axis Air Point can supply {hex_id} (it needs Axis units and a spare Air Point)")
    state.turn_data["air"]["axis"] -= 1
    units = sorted(u for u in state.units_at(hex_id) if state.units[u].side == "axis")
    drops = state.game.setdefault("air_supply", [])
    drops[:] = [d for d in drops if d["placed"] + 1 >= state.turn]
    drops.append({"placed": state.turn, "hexes": [hex_id], "units": units})
    state.cache.pop("supply", None)
    events.append(AirCommitted(side="axis", committed=True, case="13.2"))


__all__ = [
    "Block", "SupplyTrace", "CommandTrace", "in_supply", "hex_in_supply", "supply_status", "command_status",
    "command_reach", "in_command", "is_combat",
]

"""The Axis player's two operational aims, computed from the map and the position.

* :func:`salient_neck`: the narrowest cut across the Soviet side of the front line, the one
  that encloses the most of it for its length (on the Kharkov 1942 map: Balakleya to the
  south face near Barvenkovo, across the Izyum salient).  Holding that line cuts the salient's
  Soviet HQs from the east edge (11.21), so every unit they command goes out of supply and
  counts as destroyed at the end (17.3); it also closes the front (17.24).
* :func:`front_gap`: where the Axis front of 17.24 is broken, the fewest empty hexes whose
  filling joins it from the north edge to the south or east edge.

Both read public facts only: the map, the front line and the positions and Zones of Control
the observation shows.
"""
from __future__ import annotations

import heapq
import math
import weakref
from dataclasses import dataclass

from shapely.geometry import LineString, Point, Polygon

from ..rules.kharkov1942 import zoc as _zoc
from ..rules.kharkov1942.victory import axis_barrier

MIN_CHORD = 2.0  # hexes: a neck narrower than this is a bend in the line, not a salient
MIN_ARC_RATIO = 3.0  # the line runs at least this many times the chord's length around it


@dataclass(frozen=True)
class Neck:
    line: tuple[str, ...]  # hexes along the chord, from its northern end
    pocket: frozenset[str]  # hexes of the Soviet side enclosed by the chord


_NECKS: "weakref.WeakKeyDictionary[object, Neck | None]" = weakref.WeakKeyDictionary()


def salient_neck(board) -> Neck | None:
    """The salient's neck on ``board``'s front line (None when the line has no salient)."""
    if board not in _NECKS:
        _NECKS[board] = _compute_neck(board)
    return _NECKS[board]


def _compute_neck(board) -> Neck | None:
    gmap = board.map
    front = gmap.lines.get("front")
    if front is None or len(board.ids) < 2:
        return None
    first = board.ids[0]
    hx = math.dist(gmap.center(first), gmap.center(board.nbr_ids[first][0]))
    g: LineString = front.geometry
    step = hx / 2
    pts = [g.interpolate(k * step).coords[0] for k in range(int(g.length / step) + 1)]
    # shoelace prefix sums: the area closed by the line from i to j and the chord back is
    # (twice) cross[j] - cross[i] + the chord's own term, an O(1) test for each pair
    cross = [0.0]
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        cross.append(cross[-1] + x0 * y1 - x1 * y0)
    best = None
    for i in range(len(pts)):
        xi, yi = pts[i]
        for j in range(i + 1, len(pts)):
            xj, yj = pts[j]
            chord = math.hypot(xj - xi, yj - yi)
            if chord < MIN_CHORD * hx or (j - i) * step < MIN_ARC_RATIO * chord:
                continue
            area = abs(cross[j] - cross[i] + xj * yi - xi * yj) / 2
            score = area / (hx * chord)  # enclosed hexes per hex of chord, roughly
            if best is not None and score <= best[0]:
                continue
            if front.side_of_point((xi + xj) / 2, (yi + yj) / 2) != "soviet":
                continue
            best = (score, i, j)
    if best is None:
        return None
    _, i, j = best
    poly = Polygon(pts[i : j + 1]).buffer(0)
    chord = LineString([pts[i], pts[j]])
    near = [h for h in board.ids if chord.distance(Point(gmap.center(h))) <= 0.55 * hx]
    line = tuple(sorted(near, key=lambda h: chord.project(Point(gmap.center(h)))))
    pocket = frozenset(h for h in board.ids if front.side(h) == "soviet" and poly.contains(Point(gmap.center(h))))
    return Neck(line=line, pocket=pocket)


@dataclass
class Front:
    """The Axis front of 17.24 as it could best be made whole.

    ``route``: board indices from the north edge to the south edge along which the fewest
    hexes are missing, preferring the Axis side of the 12 May line (17.24 also accepts the
    east edge, but a front that turns east runs through the Soviet rear, which is no plan);
    ``cost``: how much is missing (an empty hex 1, a Soviet-held one or one beyond the line 3);
    ``gap``: the empty hexes to fill (for a Soviet-held hex of the route, the hexes beside it,
    where a unit would put it in Axis ZOC); ``breaches``: the Soviet-held hexes of the route.
    """

    route: list[int]
    cost: int
    gap: frozenset[str]
    breaches: frozenset[str]

    @classmethod
    def of(cls, state, moved: tuple[str, str] | None = None) -> "Front":
        """The front now, or after ``moved`` = (unit, hex) had moved there."""
        b = state.board
        d = _zoc.derived(state)
        axis_at = {i for i, n in d.occupied["axis"].items() if n > 0}
        barrier = axis_barrier(state)
        if moved is not None:
            axis_at, barrier = _after_move(state, moved, axis_at, barrier)
        soviet = {i for i, n in d.occupied["soviet"].items() if n > 0}
        return cls._search(b, barrier, soviet, axis_at)

    @classmethod
    def _search(cls, b, barrier: set[int], soviet: set[int], axis_at: set[int]) -> "Front":
        beyond = _beyond_line(b)

        def cost(i: int) -> int:
            return 0 if i in barrier else 3 if i in soviet or i in beyond else 1

        edges = b.map_edges
        dist: dict[int, int] = {}
        parent: dict[int, int | None] = {}
        heap: list[tuple[int, int]] = []
        for i in sorted(edges["north"]):
            dist[i], parent[i] = cost(i), None
            heapq.heappush(heap, (dist[i], i))
        end = None
        while heap:
            d_i, i = heapq.heappop(heap)
            if d_i > dist[i]:
                continue
            if i in edges["south"]:
                end = i
                break
            for j in b.nbrs[i]:
                nd = d_i + cost(j)
                if nd < dist.get(j, 1 << 30):
                    dist[j], parent[j] = nd, i
                    heapq.heappush(heap, (nd, j))
        route: list[int] = []
        i = end
        while i is not None:
            route.append(i)
            i = parent[i]
        gap: set[int] = set()
        breaches: set[int] = set()
        for i in route:
            if i in barrier:
                continue
            if i in soviet:
                breaches.add(i)
                gap.update(n for n in b.nbrs[i] if n not in soviet and n not in axis_at)
            else:
                gap.add(i)
        ids = b.ids
        return cls(route, dist.get(end, 0) if end is not None else 0, frozenset(ids[i] for i in gap), frozenset(ids[i] for i in breaches))

    def holders(self, state) -> set[str]:
        """Axis units the route cannot spare: the last unit in a hex it runs through, and the
        only unit whose Zone of Control covers an empty hex of it."""
        d = _zoc.derived(state)
        b = state.board
        held = set()
        for i in self.route:
            if d.occupied["axis"].get(i) == 1:
                held.update(u for u in state.at.get(b.ids[i], ()) if state.units[u].side == "axis")
            elif not d.occupied["axis"].get(i) and i not in d.garrisons and d.zoc["axis"].get(i) == 1:
                for n in b.nbrs[i]:
                    held.update(u for u in state.at.get(b.ids[n], ()) if state.units[u].side == "axis" and _zoc.exerts_zoc(state, u))
        return held


_BEYOND: "weakref.WeakKeyDictionary[object, frozenset[int]]" = weakref.WeakKeyDictionary()


def _beyond_line(b) -> frozenset[int]:
    """Hexes on the Soviet side of the 12 May front line (board indices)."""
    if b not in _BEYOND:
        line = b.map.lines.get("front")
        _BEYOND[b] = frozenset(i for i, h in enumerate(b.ids) if line is not None and line.side(h) == "soviet")
    return _BEYOND[b]


def _after_move(state, moved: tuple[str, str], axis_at: set[int], barrier: set[int]) -> tuple[set[int], set[int]]:
    """(hexes with Axis units, 17.24 barrier) once unit ``moved[0]`` stands in ``moved[1]``."""
    uid, dest = moved
    b = state.board
    d = _zoc.derived(state)
    here = b.index[state.units[uid].hex]
    to = b.index[dest]
    occ = dict(d.occupied["axis"])
    zoc = dict(d.zoc["axis"])
    occ[here] -= 1
    occ[to] = occ.get(to, 0) + 1
    if _zoc.exerts_zoc(state, uid):
        for n in b.nbrs[here]:
            zoc[n] -= 1
        for n in b.nbrs[to]:
            zoc[n] = zoc.get(n, 0) + 1
    axis_at = {i for i, n in occ.items() if n > 0}
    barrier = axis_at | {i for i, n in zoc.items() if n > 0} | d.garrisons
    return axis_at, barrier


# ----------------------------------------------------------------------------- encirclement


@dataclass(frozen=True)
class Encirclement:
    """A cut between Soviet units and the east edge (11.21: Soviet HQs draw supply from it).

    ``cut``: hexes to take or put in Axis ZOC; ``pocket``: Soviet-held hexes it would cut off;
    ``value``: the points those units are worth (17.3 counts unsupplied units as destroyed);
    ``cost``: the effort the cut was priced at.
    """

    cut: frozenset[str]
    pocket: frozenset[str]
    value: float
    cost: float


def soviet_worth(state, unit_value, hex_id: str) -> float:
    """What the Soviet units in ``hex_id`` are worth cut off (``unit_value(uid)`` each)."""
    return sum(unit_value(u) for u in state.at.get(hex_id, ()) if state.units[u].side == "soviet")


def encirclement(state, unit_value, reach: dict[str, int], only=None) -> Encirclement:
    """The cut that best trades hexes to take against Soviet units cut off, by minimum cut.

    Each hex a Soviet supply line could pass (not Axis-held, not in Axis ZOC unless a Soviet
    unit stands there, 11.1) is a node whose capacity is the effort to block it: one for an
    empty hex, more the further it is from the Axis units (``reach``: hex -> distance), much
    more for a Soviet-held hex, which must be cleared.  The east edge is the source; each
    Soviet-held hex drains to the sink with the value of its units (``unit_value(uid)``).  A
    minimum cut then either blocks every route from the east edge to a group of units, or pays
    their value: it blocks exactly where the pocket is worth more than the effort.  ``only``:
    the Soviet-held hexes whose units are worth cutting off (default: all).
    """
    return _CutNetwork(state, unit_value, reach).solve(only)


class _CutNetwork:
    """The flow network of :func:`encirclement`, built once and solved for any set of drains.

    Capacities are halves of a point (unit values and costs are), so the flow is solved in
    integers by :func:`scipy.sparse.csgraph.maximum_flow`.  Hex i enters at node 2i and leaves
    at 2i + 1; the east edge and the sink follow.
    """

    def __init__(self, state, unit_value, reach: dict[str, int]):
        b = state.board
        d = _zoc.derived(state)
        axis_zoc, axis_at, soviet = d.zoc["axis"], d.occupied["axis"], d.occupied["soviet"]
        self.board = b
        self.open = [i for i in range(len(b.ids)) if not axis_at.get(i) and (not axis_zoc.get(i) or soviet.get(i))]
        is_open = set(self.open)
        self.soviet = [i for i in self.open if soviet.get(i)]
        self.worth = {i: soviet_worth(state, unit_value, b.ids[i]) for i in self.soviet}
        n = 2 * len(b.ids)
        self.east, self.sink, self.size = n, n + 1, n + 2
        edges = [
            (2 * i, 2 * i + 1, SOVIET_HEX_COST + self.worth[i] if i in self.worth
             else 1.0 + DISTANCE_COST * max(0, reach.get(b.ids[i], 99) - 2))
            for i in self.open
        ]
        unbounded = 2 * (sum(c for _, _, c in edges) + sum(self.worth.values())) + 1  # more than any cut
        for i in self.open:
            edges.extend((2 * i + 1, 2 * j, unbounded) for j in b.nbrs[i] if j in is_open)
        self.reached = any(i in is_open for i in b.map_edges["east"])
        edges.extend((self.east, 2 * i, unbounded) for i in b.map_edges["east"] if i in is_open)
        self.edges = edges

    def solve(self, only=None) -> Encirclement:
        import numpy as np
        from scipy.sparse import csr_matrix
        from scipy.sparse.csgraph import breadth_first_order, maximum_flow

        b = self.board
        drains = {i: v for i, v in self.worth.items() if v > 0 and (only is None or b.ids[i] in only)}
        if not drains or not self.reached:
            return Encirclement(frozenset(), frozenset(), 0.0, 0.0)
        total = sum(drains.values())
        rows, cols, caps = zip(*self.edges, *((2 * i + 1, self.sink, v) for i, v in drains.items()))
        cap = csr_matrix((np.rint(np.array(caps) * 2).astype(np.int64), (rows, cols)), shape=(self.size, self.size))
        flow = maximum_flow(cap, self.east, self.sink).flow
        residual = (cap - flow).tocsr()
        residual.data[residual.data < 0] = 0
        residual.eliminate_zeros()
        # the sink side is what still reaches the sink in the residual network: the smallest
        # pockets among equally good cuts
        sink_side = set(breadth_first_order(residual.T.tocsr(), self.sink, return_predecessors=False).tolist())
        cost = flow[self.east].sum() / 2.0
        cut = frozenset(b.ids[i] for i in self.open if 2 * i not in sink_side and 2 * i + 1 in sink_side)
        pocket = frozenset(
            b.ids[i] for i in self.soviet if 2 * i + 1 in sink_side and (only is None or b.ids[i] in only)
        )
        value = sum(drains.get(b.index[h], 0.0) for h in pocket)
        return Encirclement(cut, pocket, value, cost - (total - value))


def focused_encirclement(state, unit_value, reach: dict[str, int]) -> Encirclement:
    """The one pocket to close first.  :func:`encirclement` over every Soviet unit gives the cut
    that pays best overall, often a ring of twenty or more hexes around several separate
    groups, and armour spread over its pieces finishes none.  Each group of adjacent Soviet-held
    hexes in that pocket is priced alone (the same network, only that group draining), and the
    plan is the group whose own cut is worth most for its effort (points cut off less the
    effort); the whole cut when the pocket is one group."""
    import networkx as nx

    network = _CutNetwork(state, unit_value, reach)
    whole = network.solve()
    nbr = state.board.nbr_ids
    g = nx.Graph()
    g.add_nodes_from(whole.pocket)
    g.add_edges_from((h, n) for h in whole.pocket for n in nbr[h] if n in whole.pocket)
    groups = sorted(nx.connected_components(g), key=min)
    if len(groups) < 2:
        return whole
    index = state.board.index
    best = None
    for group in groups:
        worth = sum(network.worth.get(index[h], 0.0) for h in group)
        if best is not None and worth <= best.value - best.cost:
            continue  # cutting off all of it for nothing would not beat the best so far
        part = network.solve(only=group)
        if part.cut and (best is None or part.value - part.cost > best.value - best.cost):
            best = part
    return best or whole


SOVIET_HEX_COST = 4.0  # blocking a Soviet-held hex means destroying or driving off its units
DISTANCE_COST = 1.0  # each hex further than two from the nearest Axis unit adds this much


# ----------------------------------------------------------------------------- Axis supply


@dataclass(frozen=True)
class SupplyOpening:
    """A road to reopen for Axis units out of supply (11.32-11.33).

    ``blocked``: the road hexes on it a Soviet unit holds or a Soviet ZOC covers with no Axis
    unit in it (each must be cleared or entered); ``end``: the road hex it runs to; ``served``:
    the unsupplied Axis units within a road supply line (11.32) of that end.
    """

    blocked: tuple[str, ...]
    end: str
    served: tuple[str, ...]


def supply_opening(state, unsupplied: dict[str, str]) -> SupplyOpening | None:
    """The road from the German road entries (11.33) that best trades hexes to clear against
    unsupplied units brought back into supply (``unsupplied``: unit -> hex).

    Dijkstra over the road net from the entry hexes: a clear road hex costs a little, a hex in
    Soviet ZOC with no Axis unit one, a Soviet-held hex ``SOVIET_HEX_COST``.  Each road hex
    then serves the unsupplied units within 11.32's five hexes of it; the end that serves most
    units for its cost wins.  ``None`` when no road serves any of them.
    """
    from ..rules.kharkov1942.supply import ROAD_LIMIT

    if not unsupplied:
        return None
    b = state.board
    d = _zoc.derived(state)
    soviet, szoc = d.occupied["soviet"], d.zoc["soviet"]
    axis = set(d.occupied["axis"]) | d.garrisons
    roads = b.map.roads

    def cost(h: str) -> float:
        i = b.index[h]
        if soviet.get(i):
            return SOVIET_HEX_COST
        if szoc.get(i) and i not in axis:
            return 1.0
        return ROAD_STEP_COST

    dist: dict[str, float] = {}
    parent: dict[str, str | None] = {}
    heap = []
    for h in sorted(b.area("german_road_supply")):
        if h in roads:
            c = cost(h)
            if c < dist.get(h, math.inf):
                dist[h], parent[h] = c, None
                heapq.heappush(heap, (c, h))
    while heap:
        c, h = heapq.heappop(heap)
        if c != dist[h]:
            continue
        for n in roads.neighbors(h):
            if n not in b.index:
                continue
            nc = c + cost(n)
            if nc < dist.get(n, math.inf):
                dist[n], parent[n] = nc, h
                heapq.heappush(heap, (nc, n))
    positions = {u: b.index[h] for u, h in unsupplied.items()}
    best = None
    for h, c in dist.items():
        i = b.index[h]
        served = tuple(sorted(u for u, j in positions.items() if b.distance(i, j) <= ROAD_LIMIT))
        if not served:
            continue
        blocked = []
        node = h
        while node is not None:
            if cost(node) > ROAD_STEP_COST:
                blocked.append(node)
            node = parent[node]
        if not blocked:
            continue  # the road is open already; the units' own lines are cut elsewhere
        score = len(served) - SUPPLY_EFFORT * c
        if best is None or score > best[0] or (score == best[0] and h < best[1].end):
            best = (score, SupplyOpening(tuple(reversed(blocked)), h, served))
    return best[1] if best is not None and best[0] > 0 else None


ROAD_STEP_COST = 0.05  # a clear road hex: the shorter road wins a tie
SUPPLY_EFFORT = 0.5  # units brought back into supply per unit of clearing effort


# ----------------------------------------------------------------------------- holding a pocket


def pocket_holders(state) -> frozenset[str]:
    """Axis units that keep a pocket shut: without that one unit (its hex and its Zone of
    Control), a Soviet supply line from the east edge (11.21, 11.1: not through Axis units or
    their ZOC unless a Soviet unit stands there) would reach Soviet units it cannot reach now.

    One search from the east edge, then for each Axis unit at the edge of what it reached, a
    search continued from the hexes that unit alone closes."""
    b = state.board
    d = _zoc.derived(state)
    axis_at, axis_zoc, soviet = d.occupied["axis"], d.zoc["axis"], d.occupied["soviet"]

    def open_(i: int, gone: int | None = None, gone_zoc: bool = False) -> bool:
        """Can a Soviet supply line pass ``i`` (with one Axis unit taken away from ``gone``)?"""
        if i in d.garrisons or axis_at.get(i, 0) - (i == gone) > 0:
            return False
        zoc = axis_zoc.get(i, 0) - (gone_zoc and i in b.nbrs[gone])
        return zoc <= 0 or bool(soviet.get(i))

    reached = {i for i in b.map_edges["east"] if open_(i)}
    todo = list(reached)
    while todo:
        i = todo.pop()
        for j in b.nbrs[i]:
            if j not in reached and open_(j):
                reached.add(j)
                todo.append(j)
    cut_off = {i for i in soviet if i not in reached}
    if not cut_off:
        return frozenset()
    holders = set()
    for uid in b.side_units.get("axis", ()):
        rec = state.units[uid]
        if rec.hex is None or not _zoc.is_combat(state, uid):
            continue
        at = b.index[rec.hex]
        zoc = _zoc.exerts_zoc(state, uid)
        freed = [i for i in (at, *b.nbrs[at]) if i not in reached and open_(i, at, zoc)]
        start = [i for i in freed if i in b.map_edges["east"] or any(n in reached for n in b.nbrs[i])]
        seen = set(start)
        todo = list(start)
        while todo and not (seen & cut_off):
            i = todo.pop()
            for j in b.nbrs[i]:
                if j not in reached and j not in seen and open_(j, at, zoc):
                    seen.add(j)
                    todo.append(j)
        if seen & cut_off:
            holders.add(uid)
    return frozenset(holders)

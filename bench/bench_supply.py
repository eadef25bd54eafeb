"""Timing of the full supply status of each side on the Kharkov 1942 opening position (11.0).

    .venv/bin/python bench/bench_supply.py [--repeat 20] [--scenario scenarios/kharkov-1942.yaml]

Three ways to find which units of a side are in supply, from scratch each time (the supply
cache dropped; the ZOC table, which every method reads, built once before timing):

- engine: :class:`kharkovsuite.rules.kharkov1942.supply.SideSupply`, one multi-source search
  per source kind (east edge, HQ lines, Cities, roads) for all units at once;
- naive: one shortest-path search per unit with networkx over the same blocked adjacency
  (from the unit backwards, stopping at the longest limit, then checking each source's limit);
- scipy: scipy.sparse.csgraph over the same adjacency as a sparse matrix, one multi-source
  search per source kind (Dijkstra on unit weights, i.e. breadth-first; differing HQ radii by a
  super source whose edge to each HQ costs the largest radius minus its own).

Every method sees the same adjacency: a line leaves a hex only if it is free of enemy units and
of enemy ZOC not negated by a friendly unit, enters no enemy-occupied hex (11.1), and a German
line crosses the Donets south of row 14 away from a road only as its last hex (11.34-11.36).
The answers (the set of units in supply) must agree; a mismatch is printed loudly and the
script exits 1.  Prints the median of the repetitions and the ratios; asserts no time.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import networkx as nx
import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from kharkovsuite.engine import new_game  # noqa: E402
from kharkovsuite.rules.kharkov1942 import supply  # noqa: E402
from kharkovsuite.rules.kharkov1942 import zoc as _zoc  # noqa: E402


# ----------------------------------------------------------------------------- the shared facts


class Facts:
    """What every method starts from: the blocked sets, the units, sources and limits of a side."""

    def __init__(self, state, side: str):
        b = state.board
        self.b = b
        self.side = side
        self.no_pass, self.no_end, *_ = supply._blocks(state, side)
        self.units = [u for u in b.side_units[side] if state.units[u].hex is not None]
        self.hex = {u: b.index[state.units[u].hex] for u in self.units}
        self.nat = {u: b.unit_type[u].nationality for u in self.units}
        self.hq = {u for u in self.units if b.is_hq(u)}
        self.active = {u for u in self.hq if "inactive" not in state.units[u].flags}
        self.radius = {u: b.hq_values(u).command_radius for u in self.hq}
        self.special = supply.special_supply(state, side)
        self.restricted = supply.donets_restricted(b)
        if side == "soviet":
            self.edge = {b.index[h] for h in b.area("east_edge")} - self.no_end
        else:
            self.city = set(supply.SideSupply.city_seeds(state)) - self.no_end
            self.road = set(supply.road_sources(state)[0]) - self.no_end

    def arcs(self, donets: bool):
        """(from node, to node): nodes are hex * 2 + crossed, as in the engine's search."""
        for i, nbrs in enumerate(self.b.nbrs):
            if i in self.no_pass:
                continue
            for j in nbrs:
                if j in self.no_end:
                    continue
                yield i * 2, j * 2 + (1 if donets and (i, j) in self.restricted else 0)


def engine(state, side: str) -> set[str]:
    state.cache.pop("supply", None)
    return set(supply.side_supply(state, side).kind)


# ----------------------------------------------------------------------------- naive: networkx, one search per unit


def naive(state, side: str) -> set[str]:
    f = Facts(state, side)
    graphs = {}
    for donets in (False, True):
        g = nx.DiGraph()
        g.add_edges_from(f.arcs(donets))
        graphs[donets] = g.reverse(copy=False)

    def dist_from(unit: str, donets: bool, cutoff: int | None) -> dict[int, int]:
        g = graphs[donets]
        out: dict[int, int] = {}
        for end in (f.hex[unit] * 2, f.hex[unit] * 2 + 1):
            if end in g:
                for node, d in nx.single_source_shortest_path_length(g, end, cutoff=cutoff).items():
                    if node % 2 == 0 and d < out.get(node // 2, 1 << 30):
                        out[node // 2] = d
        if f.hex[unit] not in f.no_end:
            out.setdefault(f.hex[unit], 0)
        return out

    got: set[str] = set()
    if side == "soviet":
        for u in f.hq:
            if u in f.special or any(i in f.edge for i in dist_from(u, False, None)):
                got.add(u)
        seeds = {f.hex[u]: max(f.radius[v] for v in f.active & got if f.hex[v] == f.hex[u]) for u in f.active & got}
        top = max(seeds.values(), default=0)
        for u in f.units:
            if u in f.hq:
                continue
            d = dist_from(u, False, top)
            if any(d.get(i, 1 << 30) <= r for i, r in seeds.items()) or u in f.special:
                got.add(u)
        return got
    for u in f.units:
        if f.nat[u] == "rumanian" and u not in f.hq:
            continue
        d = dist_from(u, True, supply.CITY_LIMIT)
        if any(d.get(i, 1 << 30) <= supply.CITY_LIMIT for i in f.city) or any(d.get(i, 1 << 30) <= supply.ROAD_LIMIT for i in f.road):
            got.add(u)
        elif u in f.special:
            got.add(u)
    seeds = {}
    for u in f.hq & f.active & got:
        if f.nat[u] == "rumanian":
            seeds[f.hex[u]] = max(seeds.get(f.hex[u], -1), f.radius[u])
    top = max(seeds.values(), default=0)
    for u in f.units:
        if f.nat[u] == "rumanian" and u not in f.hq:
            d = dist_from(u, False, top)
            if any(d.get(i, 1 << 30) <= r for i, r in seeds.items()) or u in f.special:
                got.add(u)
    return got


# ----------------------------------------------------------------------------- reference: scipy.sparse.csgraph


def _matrix(f: Facts, donets: bool, extra: dict[int, float]):
    """The arcs as a sparse matrix, plus a super source (the last node) with ``extra`` arcs."""
    arcs = list(f.arcs(donets))
    n = len(f.b.ids) * 2 + 1
    src = np.fromiter((a for a, _ in arcs), dtype=np.int64, count=len(arcs))
    dst = np.fromiter((c for _, c in arcs), dtype=np.int64, count=len(arcs))
    w = np.ones(len(arcs))
    if extra:
        src = np.concatenate([src, np.full(len(extra), n - 1)])
        dst = np.concatenate([dst, np.fromiter((i * 2 for i in extra), dtype=np.int64)])
        w = np.concatenate([w, np.fromiter(extra.values(), dtype=float)])
    return csr_matrix((w, (src, dst)), shape=(n, n)), n - 1


def _reached(f: Facts, donets: bool, seeds: dict[int, int]) -> np.ndarray:
    """Per hex: is it within its seed's budget of some seed?  Differing budgets via a super source."""
    n_hex = len(f.b.ids)
    if not seeds:
        return np.zeros(n_hex, dtype=bool)
    top = max(seeds.values())
    # The super source's arc to a seed costs 1 + (top - budget): a hex is within its seed's
    # budget exactly when it is within top + 1 of the super source (all costs are whole numbers).
    m, s = _matrix(f, donets, {i: float(1 + top - r) for i, r in seeds.items()})
    d = dijkstra(m, indices=s, limit=top + 1.5)
    d = np.minimum(d[0:-1:2], d[1:-1:2])  # either node of a hex
    return d <= top + 1


def scipy_bfs(state, side: str) -> set[str]:
    f = Facts(state, side)
    unlimited = len(f.b.ids) * 2
    got: set[str] = set()
    if side == "soviet":
        edge = _reached(f, False, {i: unlimited for i in f.edge})
        got |= {u for u in f.hq if edge[f.hex[u]] or u in f.special}
        seeds: dict[int, int] = {}
        for u in f.active & got:
            seeds[f.hex[u]] = max(seeds.get(f.hex[u], -1), f.radius[u])
        loc = _reached(f, False, seeds)
        got |= {u for u in f.units if u not in f.hq and (loc[f.hex[u]] or u in f.special)}
        return got
    city = _reached(f, True, {i: supply.CITY_LIMIT for i in f.city})
    road = _reached(f, True, {i: supply.ROAD_LIMIT for i in f.road})
    for u in f.units:
        if f.nat[u] == "rumanian" and u not in f.hq:
            continue
        if city[f.hex[u]] or road[f.hex[u]] or u in f.special:
            got.add(u)
    seeds = {}
    for u in f.hq & f.active & got:
        if f.nat[u] == "rumanian":
            seeds[f.hex[u]] = max(seeds.get(f.hex[u], -1), f.radius[u])
    loc = _reached(f, False, seeds)
    got |= {u for u in f.units if f.nat[u] == "rumanian" and u not in f.hq and (loc[f.hex[u]] or u in f.special)}
    return got


# ----------------------------------------------------------------------------- timing


METHODS = {"engine": engine, "naive (networkx, per unit)": naive, "scipy csgraph": scipy_bfs}


def median_time(fn, state, side: str, repeat: int) -> tuple[float, set[str]]:
    times, answer = [], None
    for _ in range(repeat):
        state.cache.pop("supply", None)
        t0 = time.perf_counter()
        answer = fn(state, side)
        times.append(time.perf_counter() - t0)
    return statistics.median(times), answer


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default=str(ROOT / "scenarios" / "kharkov-1942.yaml"))
    parser.add_argument("--repeat", type=int, default=20, help="repetitions per method and side (the median is printed)")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    state = new_game(args.scenario, 0)
    _zoc.derived(state)  # the ZOC table every method reads
    failed = False
    print(f"{state.scenario.title}: opening position, median of {args.repeat} runs, supply cache dropped before each")
    for side in ("soviet", "axis"):
        results = {name: median_time(fn, state, side, args.repeat) for name, fn in METHODS.items()}
        base_t, base = results["engine"]
        n = sum(1 for u in state.board.side_units[side] if state.units[u].hex is not None)
        print(f"\n{side}: {n} units on the map, {len(base)} in supply (engine)")
        for name, (t, answer) in results.items():
            ratio = t / base_t if base_t > 0 else float("inf")
            print(f"  {name:28s} {t * 1000:9.2f} ms   x{ratio:7.2f} the engine's time")
            if answer != base:
                failed = True
                print(f"  !!! MISMATCH: {name} disagrees with the engine for the {side} side:"
                      f" only engine {sorted(base - answer)}, only {name} {sorted(answer - base)}")
    if failed:
        print("\n!!! THE METHODS DISAGREE: see the mismatches above")
        return 1
    print("\nall methods agree on which units are in supply")
    return 0


if __name__ == "__main__":
    sys.exit(main())

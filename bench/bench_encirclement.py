"""Timing of the Axis pocket plan's minimum cut (:func:`kharkovsuite.ai.operations.encirclement`).

    .venv/bin/python bench/bench_encirclement.py [--positions 12] [--repeat 5] [--seed 7]

Two ways to solve the same flow network (each hex a node split in two with the effort of
blocking it as capacity, the east edge the source, each Soviet-held hex draining to the sink
with the points of its units):

- scipy: the project's, :func:`scipy.sparse.csgraph.maximum_flow` on a sparse matrix in
  integer half-points;
- networkx: :func:`networkx.minimum_cut` on a ``DiGraph`` of the same network (the reference,
  and the project's first implementation).

The positions are the opening and positions from games of the ``random`` player at turns 2 to
8, so they have pockets of every size.  Both must give the same cut, pocket, value and cost (the
cut with the smallest pocket among equally good ones); a mismatch is printed loudly and the
script exits 1.  Prints the median time per plan of each and the ratio; asserts no time.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from kharkovsuite.ai import make_player  # noqa: E402
from kharkovsuite.ai.common import Knowledge  # noqa: E402
from kharkovsuite.ai.operations import DISTANCE_COST, SOVIET_HEX_COST, Encirclement, encirclement, soviet_worth  # noqa: E402
from kharkovsuite.engine import new_game  # noqa: E402
from kharkovsuite.rules.kharkov1942 import zoc as _zoc  # noqa: E402
from kharkovsuite.scenario import load_scenario  # noqa: E402


def networkx_encirclement(state, unit_value, reach: dict[str, int]) -> Encirclement:
    """The same network and cut with networkx (its partition is the smallest sink side too)."""
    b = state.board
    d = _zoc.derived(state)
    axis_zoc, axis_at, soviet = d.zoc["axis"], d.occupied["axis"], d.occupied["soviet"]
    open_ = [i for i in range(len(b.ids)) if not axis_at.get(i) and (not axis_zoc.get(i) or soviet.get(i))]
    is_open = set(open_)

    def held(i: int) -> float:
        return soviet_worth(state, unit_value, b.ids[i])

    g = nx.DiGraph()
    for i in open_:
        cap = SOVIET_HEX_COST + held(i) if soviet.get(i) else 1.0 + DISTANCE_COST * max(0, reach.get(b.ids[i], 99) - 2)
        g.add_edge(("in", i), ("out", i), capacity=cap)
        for j in b.nbrs[i]:
            if j in is_open:
                g.add_edge(("out", i), ("in", j))
    for i in b.map_edges["east"]:
        if i in is_open:
            g.add_edge("east", ("in", i))
    total = 0.0
    for i in open_:
        if soviet.get(i) and held(i) > 0:
            g.add_edge(("out", i), "pocket", capacity=held(i))
            total += held(i)
    if "east" not in g or "pocket" not in g:
        return Encirclement(frozenset(), frozenset(), 0.0, 0.0)
    cost, (east_side, _) = nx.minimum_cut(g, "east", "pocket")
    cut = frozenset(b.ids[i] for i in open_ if ("in", i) in east_side and ("out", i) not in east_side)
    pocket = frozenset(b.ids[i] for i in open_ if soviet.get(i) and ("out", i) not in east_side)
    value = sum(held(b.index[h]) for h in pocket)
    return Encirclement(cut, pocket, value, cost - (total - value))


def positions(scenario, count: int, seed: int) -> list:
    out = [new_game(scenario, seed)]
    k = 0
    while len(out) < count:
        state = new_game(scenario, seed + 1 + k)
        seats = {side: make_player("random", side, seed + 100 + 2 * k + n, "kharkov1942") for n, side in enumerate(("axis", "soviet"))}
        stop = 2 + k % 7
        while not state.is_terminal and state.turn < stop:
            state.apply(seats[state.to_act].choose(state))
        out.append(state)
        k += 1
    return out


def inputs(state):
    know = Knowledge(state, "axis")
    b = state.board
    axis = [v["hex"] for u, v in know.units.items() if v["side"] == "axis" and v["hex"] and not b.is_hq(u)]

    def value(uid: str) -> float:
        return 0.0 if b.is_hq(uid) else know.unit_vp(uid) + 0.5

    return value, know.distance_field(axis)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenario", default=str(ROOT / "scenarios" / "kharkov-1942.yaml"))
    ap.add_argument("--positions", type=int, default=12)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    states = positions(load_scenario(args.scenario), args.positions, args.seed)
    times = {"scipy": [], "networkx": []}
    bad = 0
    for state in states:
        value, reach = inputs(state)
        got = {}
        for name, fn in (("scipy", encirclement), ("networkx", networkx_encirclement)):
            runs = []
            for _ in range(args.repeat):
                t = time.perf_counter()
                got[name] = fn(state, value, reach)
                runs.append(time.perf_counter() - t)
            times[name].append(statistics.median(runs))
        a, b = got["scipy"], got["networkx"]
        if (a.cut, a.pocket, round(a.value, 6), round(a.cost, 6)) != (b.cut, b.pocket, round(b.value, 6), round(b.cost, 6)):
            bad += 1
            print(f"MISMATCH at turn {state.turn}: scipy cut {len(a.cut)} value {a.value} cost {a.cost}; "
                  f"networkx cut {len(b.cut)} value {b.value} cost {b.cost}")
        else:
            print(f"turn {state.turn:2}: cut {len(a.cut):3} hexes, pocket {len(a.pocket):3} hexes, value {a.value:6.1f}, "
                  f"scipy {times['scipy'][-1] * 1000:7.1f} ms, networkx {times['networkx'][-1] * 1000:7.1f} ms")
    s, n = statistics.median(times["scipy"]), statistics.median(times["networkx"])
    print(f"median per plan over {len(states)} positions: scipy {s * 1000:.1f} ms, networkx {n * 1000:.1f} ms, "
          f"networkx/scipy {n / s:.1f}x")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())

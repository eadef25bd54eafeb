"""Kharkov 1943's supply phase searches plain neighbour tables, so a game's start makes no graph of
the graph library (issue 27's start-up): 9.1's hexes a line may enter (``adjacency``) against the
graph the overlay and the computer player search, and 9.2's road and railroad hexes joined to a
source (``road_hexes``) and distances to a supply head (``head_distance``) against the connected parts of the joined road and railroad graphs, on the
positions of random games of both scenarios, for both sides."""
from __future__ import annotations

import random

import networkx as nx
import pytest

from kharkovsuite.rules.kharkov1943 import supply

from .k43_helpers import campaign, fresh, scenario


def graph_reference(state, side: str) -> frozenset[str]:
    """9.2 as the graph library answers it: the parts of the road and railroad net, cut to the
    hexes a line may enter, that hold a source of ``side``."""
    board = state.board
    stop = supply.blocked(state, side)
    net = nx.compose(board.map.roads, board.map.rails)
    net = net.subgraph(h for h in net.nodes if h in board.in_play and h not in stop)
    sources = supply.source_hexes(state, side)
    return frozenset().union(*(part for part in nx.connected_components(net) if part & sources))


def line_graph_reference(state, side: str) -> nx.Graph:
    """9.1's graph as it was made before the neighbour tables: edge by edge over the map."""
    board, g, stop = state.board, supply.ground(state), supply.blocked(state, side)
    found = nx.Graph()
    found.add_nodes_from(h for h in board.in_play if h not in stop)
    for a in found.nodes:
        for b in board.nbrs[a]:
            if b in stop or found.has_edge(a, b):
                continue
            if board.enter_cost(a, b, g) is not None and board.enter_cost(b, a, g) is not None:
                found.add_edge(a, b)
    return found


def positions(of, seed: int, every: int = 20, steps: int = 160):
    state, rng = fresh(seed, of=of), random.Random(seed)
    for step in range(steps):
        if state.terminal:
            break
        if step % every == 0:
            yield state
        state.apply(rng.choice(state.legal_actions().actions()))


@pytest.mark.parametrize("of", [scenario, campaign], ids=["gallop", "campaign"])
def test_9_1_and_9_2_searches_find_what_the_graph_library_finds(of):
    checked = blocked_seen = 0
    for state in positions(of, 3):
        for side in ("german", "soviet"):
            state.cache.clear()
            reference = line_graph_reference(state, side)
            adj = supply.adjacency(state, side)
            assert list(adj) == list(reference.nodes)
            assert {h: set(n) for h, n in adj.items()} == {h: set(reference.adj[h]) for h in reference.nodes}
            made = supply.graph(state, side)
            assert list(made.nodes) == list(reference.nodes) and list(made.edges) == list(reference.edges)
            assert all(list(made.adj[h]) == list(reference.adj[h]) for h in reference.nodes)  # the order searches walk
            found = supply.road_hexes(state, side)
            assert found and found == graph_reference(state, side)
            sources = [h for h in supply.source_hexes(state, side) if h in reference]
            far = nx.multi_source_dijkstra_path_length(reference, sources) if sources else {}
            units = [u for u, rec in state.units.items() if rec.side == side and rec.hex is not None]
            for u in units:  # 9.2's distance to a supply head, as the graph library measured it
                h = state.units[u].hex
                near = [far[n] for n in state.board.nbrs.get(h, ()) if n in far]
                assert supply.head_distance(state, u) == (far[h] if h in far else min(near) + 1 if near else None), u
            blocked_seen += bool(supply.blocked(state, side))
            checked += 1
    assert checked >= 8 and blocked_seen  # enemy units cut the net at some of them


def test_9_2_a_road_cut_by_an_enemy_leaves_the_far_side_out(monkeypatch):
    state = fresh(1)
    side = "german"
    full = supply.road_hexes(state, side)
    sources = supply.source_hexes(state, side)
    cut = next(h for h in sorted(full) if h not in sources)
    real = supply.blocked
    monkeypatch.setattr(supply, "blocked", lambda s, sd: {**real(s, sd), cut: None} if sd == side else real(s, sd))
    state.cache.clear()
    found = supply.road_hexes(state, side)
    assert cut not in found and found == graph_reference(state, side) and found < full


@pytest.mark.parametrize("of", [scenario, campaign], ids=["gallop", "campaign"])
def test_18_east_of_the_river_is_the_graph_library_s_part_that_holds_most_of_the_supply_edge(of):
    from kharkovsuite.rules.kharkov1943 import victory

    state = fresh(1, of=of)
    board = state.board
    g = nx.Graph()
    g.add_nodes_from(board.in_play)
    g.add_edges_from((a, b) for a in board.in_play for b in board.nbrs[a] if "major_river" not in board.map.hexside_features(a, b))
    edge = {h for a in state.scenario.map.areas.values() if a.kind == "supply" and a.side == "soviet" for h in a.hexes}
    state.cache.clear()
    found = victory.east_of_river(state)
    assert found == frozenset(max(nx.connected_components(g), key=lambda part: (len(part & edge), len(part))))
    assert nx.number_connected_components(g) > 1 and edge & found  # the rivers do cut the map


def test_a_game_s_start_and_its_supply_phase_import_no_graph_library():
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    script = ("import sys\nfrom kharkovsuite.scenario import load_scenario\nfrom kharkovsuite.engine import new_game\n"
              "state = new_game(load_scenario(sys.argv[1]), 1)\nstate.result()\nprint('networkx' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", script, str(root / "scenarios" / "kharkov-1943-gallop.yaml")], cwd=root,
                         capture_output=True, text=True, check=True).stdout.strip()
    assert out == "False"

"""What a start reads back instead of computing (issue 27): a scenario validated before, the sides
of each named line, and road and rail neighbours without building a graph; and the promise that
makes them pay: a warm start imports neither networkx nor shapely nor numpy."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kharkovsuite import tablecache
from kharkovsuite.map import LINE_CACHE_KIND, GameMap
from kharkovsuite.scenario import ScenarioError, io, load_scenario

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "scenarios" / "kharkov-1942.yaml"


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(tablecache.ENV, str(folder))
    return folder


def test_a_scenario_opened_again_is_read_back_from_the_cache_equal(cache, monkeypatch):
    first = load_scenario(SCENARIO)
    assert list(cache.glob(f"{io.CACHE_KIND}-*.pickle"))

    def no_parsing(*_args, **_kwargs):
        raise AssertionError("parsed again")

    monkeypatch.setattr(io, "loads_scenario", no_parsing)
    again = load_scenario(SCENARIO)
    assert again == first and again is not first  # a fresh object: edits of one never reach the other


def test_an_edited_scenario_is_checked_again_not_read_from_the_cache(cache, tmp_path):
    path = tmp_path / "edited.yaml"
    text = SCENARIO.read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    load_scenario(path)
    path.write_text(text.replace("rules: kharkov1942", "rules: kharkov1899", 1), encoding="utf-8")
    with pytest.raises(ScenarioError) as refused:
        load_scenario(path)
    assert "kharkov1899" in str(refused.value)


def test_a_damaged_cached_scenario_is_not_trusted(cache):
    first = load_scenario(SCENARIO)
    (stored,) = cache.glob(f"{io.CACHE_KIND}-*.pickle")
    data = stored.read_bytes()
    stored.write_bytes(data[:-10] + b"0123456789")
    assert load_scenario(SCENARIO) == first  # parsed again, and the file written anew
    assert stored.read_bytes() == data


def test_line_sides_read_back_from_the_disk_equal_those_computed(cache):
    scenario = load_scenario(SCENARIO)
    built = GameMap.from_scenario(scenario)
    tables = built.line_tables()
    assert list(cache.glob(f"{LINE_CACHE_KIND}-*.json"))
    read = GameMap.from_scenario(scenario)
    assert read.line_tables() == tables
    for line_id, line in read.lines.items():
        fresh = built.lines[line_id]
        assert line.adjacent_hexes == fresh.adjacent_hexes
        assert all(line.side(h) == fresh.side_of_point(*fresh._map.center(h)) for h in read.hex_ids[::7])
    front = read.lines["front"]
    marks = sorted(front.model.marks)
    assert front.hexes_between(marks[0], marks[-1]) and front.hexes_between(marks[0], marks[-1]) == built.lines["front"].hexes_between(marks[0], marks[-1])


def test_road_and_rail_neighbours_are_those_of_the_graphs_in_their_order():
    gmap = GameMap.from_scenario(load_scenario(SCENARIO))
    for graph, nbrs, edges in ((gmap.roads, gmap.road_nbrs, gmap.road_edges()), (gmap.rails, gmap.rail_nbrs, gmap.rail_edges())):
        assert list(nbrs) == list(graph.nodes)
        assert all(nbrs[h] == tuple(graph.neighbors(h)) for h in graph)  # searches walk them in this order
        assert edges == sorted(tuple(sorted(e)) for e in graph.edges)
    pairs = [(a, b) for a in gmap.hex_ids for b in gmap.neighbors(a)]
    assert [gmap.road_between(a, b) for a, b in pairs] == [gmap.roads.has_edge(a, b) for a, b in pairs]
    assert [gmap.rail_between(a, b) for a, b in pairs] == [gmap.rails.has_edge(a, b) for a, b in pairs]


WARM_START = """
import sys
from kharkovsuite.scenario import load_scenario
from kharkovsuite.engine import new_game
state = new_game(load_scenario(sys.argv[1]), 1)
len(state.legal_actions()); state.result()
from kharkovsuite.rules.kharkov1942 import victory
victory.vp_breakdown(state)
print(sorted({m.split('.')[0] for m in sys.modules} & {'networkx', 'shapely', 'numpy', 'scipy', 'yaml'}))
print(sorted({m.split('.')[0] for m in sys.modules} & {'pydantic', 'pydantic_core'}))
from kharkovsuite.scenario import model
print(type(state.scenario) is model.Scenario)
"""


def _warm_start_lines(tmp_path) -> tuple[list[str], list[str]]:
    """What WARM_START prints on a first start (empty cache) and on a second one."""
    env = dict(os.environ, **{tablecache.ENV: str(tmp_path / "cache")})
    run = lambda: subprocess.run([sys.executable, "-c", WARM_START, str(SCENARIO)], cwd=ROOT, env=env,  # noqa: E731
                                 capture_output=True, text=True, check=True).stdout.strip().splitlines()
    return run(), run()


def test_a_warm_start_imports_no_graph_geometry_or_yaml_library(tmp_path):
    first, second = _warm_start_lines(tmp_path)
    assert first[0] != "[]"  # the first start computes what it keeps
    assert second[0] == "[]"


def test_a_warm_start_imports_no_validation_library(tmp_path):
    """A scenario read back from the cache, its board, map and road keys need no pydantic: the
    format's classes are plain, and their pydantic twins are made only when a file is parsed."""
    first, second = _warm_start_lines(tmp_path)
    assert first[1] == "['pydantic', 'pydantic_core']"  # the first start parses and validates the file
    assert second[1] == "[]"
    assert first[2] == second[2] == "True"  # the game reads the same plain classes either way

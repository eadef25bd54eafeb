"""The board tables kept on disk (kharkovsuite.tablecache): read back equal to built ones, and
never trusted when the file is damaged, stale, of the wrong shape or cannot be written."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from kharkovsuite import tablecache
from kharkovsuite.rules.kharkov1942.board import CACHE_KIND, Board, table_key
from kharkovsuite.scenario import load_scenario

DATA = Path(__file__).resolve().parents[2] / "data"
TABLES = ("axial", "nbrs", "within2", "edges", "defense_multiplier", "classes", "enter_cost", "adj", "nbr_ids", "edge_of", "touches_major")


@pytest.fixture(scope="module")
def scenario():
    return load_scenario(DATA / "k42-basic.yaml")


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(tablecache.ENV, str(folder))
    return folder


def cache_file(folder: Path, scenario) -> Path:
    return folder / f"{CACHE_KIND}-{table_key(scenario)}.json"


def assert_same_tables(a: Board, b: Board) -> None:
    for name in TABLES:
        assert getattr(a, name) == getattr(b, name), name
        assert type(getattr(a, name)) is type(getattr(b, name)), name
    assert all(type(e) is type(f) for ra, rb in zip(a.edges, b.edges) for e, f in zip(ra, rb))


def test_board_tables_read_back_from_disk_equal_the_built_ones(scenario, cache):
    built = Board(scenario)
    assert built.tables_from == "built" and cache_file(cache, scenario).is_file()
    again = Board(scenario)
    assert again.tables_from == "disk"
    assert_same_tables(built, again)
    assert again.adj["mobile"][again.index["0507"]] == built.adj["mobile"][built.index["0507"]]


@pytest.mark.parametrize("damage", ["garbage", "truncated", "altered", "bad header", "empty"])
def test_a_damaged_cache_file_is_rebuilt_and_rewritten(scenario, cache, damage):
    reference = Board(scenario)
    path = cache_file(cache, scenario)
    data = path.read_bytes()
    if damage == "garbage":
        path.write_bytes(b"\x00\xffnot a table")
    elif damage == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "altered":  # still well-formed tables, but not what was written
        assert data.count(b'"defense_multiplier":[1') == 1
        path.write_bytes(data.replace(b'"defense_multiplier":[1', b'"defense_multiplier":[3'))
    elif damage == "bad header":
        path.write_bytes(b"{not json\n" + data.split(b"\n", 1)[1])
    else:
        path.write_bytes(b"")
    board = Board(scenario)
    assert board.tables_from == "built"
    assert_same_tables(reference, board)
    assert Board(scenario).tables_from == "disk"  # the damaged file was replaced by a sound one


def test_a_sound_file_of_the_wrong_shape_is_not_trusted(scenario, cache):
    reference = Board(scenario)
    body = json.loads(json.dumps(reference._table_data()))  # a copy: the tables themselves stay
    body["nbrs"][0][0] = len(reference.ids) + 5  # a neighbour off the map
    tablecache.save(CACHE_KIND, table_key(scenario), body)
    board = Board(scenario)
    assert board.tables_from == "built"
    assert_same_tables(reference, board)


def test_an_edited_map_or_chart_gets_a_key_of_its_own(scenario, cache):
    Board(scenario)
    dearer = scenario.model_copy(deep=True)
    dearer.terrain_effects.terrain["forest"].cost["mobile"] = 3
    assert table_key(dearer) != table_key(scenario)
    board = Board(dearer)
    assert board.tables_from == "built"
    forest = board.index["0705"]
    assert board.enter_cost["mobile"][forest] == 6  # half MP
    assert Board(scenario).enter_cost["mobile"][forest] == 4


def test_a_file_written_for_another_key_is_ignored(scenario, cache):
    reference = Board(scenario)
    key = table_key(scenario)
    path = cache_file(cache, scenario)
    head, body = path.read_bytes().split(b"\n", 1)
    header = json.loads(head)
    header["key"] = "0" * 64
    path.write_bytes(json.dumps(header).encode() + b"\n" + body)
    assert tablecache.load(CACHE_KIND, key) is None
    assert Board(scenario).tables_from == "built"
    assert reference.tables_from == "built"


def test_an_unwritable_cache_folder_only_means_rebuilding(scenario, tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(tablecache.ENV, str(blocker / "cache"))
    assert Board(scenario).tables_from == "built"
    assert Board(scenario).tables_from == "built"


def test_an_empty_cache_setting_turns_the_cache_off(scenario, tmp_path, monkeypatch):
    monkeypatch.setenv(tablecache.ENV, "")
    assert tablecache.cache_dir() is None
    assert not tablecache.save(CACHE_KIND, "k", {"a": 1})
    assert Board(scenario).tables_from == "built" and Board(scenario).tables_from == "built"


def test_writes_leave_no_temporary_files_and_keep_only_the_newest(cache):
    for i in range(tablecache.KEEP + 3):
        assert tablecache.save("demo", f"key{i}", {"i": i})
        os.utime(cache / f"demo-key{i}.json", (1_000_000 + i, 1_000_000 + i))
    names = sorted(p.name for p in cache.iterdir())
    assert len(names) == tablecache.KEEP and not any(n.endswith(".tmp") for n in names)
    assert tablecache.load("demo", f"key{tablecache.KEEP + 2}") == {"i": tablecache.KEEP + 2}
    assert tablecache.load("demo", "key0") is None  # the oldest went

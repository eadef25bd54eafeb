"""tools/cover_seeds.py: which games of a random sweep reach code the others do not."""
from __future__ import annotations

import coverage

from tests.toolload import load_tool

cs = load_tool("cover_seeds")


def test_the_cover_takes_the_widest_test_first_then_what_adds_most_of_the_rest():
    arcs = {
        "a": {1, 2, 3, 4},
        "b": {1, 2, 5},
        "c": {5, 6},
        "d": {1, 2},
    }
    order = cs.cover(arcs)
    assert [name for name, _adds, _only in order] == ["a", "c", "b", "d"]
    assert [adds for _name, adds, _only in order] == [4, 2, 0, 0]  # b's 5 came with c; d adds nothing
    assert {name: only for name, _adds, only in order} == {"a": 2, "b": 0, "c": 1, "d": 0}  # 3 and 4 only in a, 6 only in c


def test_a_tie_goes_to_the_first_name_so_the_cover_is_the_same_at_every_run():
    order = cs.cover({"z": {1}, "y": {2}, "x": {1}})
    assert [name for name, _adds, _only in order] == ["x", "y", "z"]


def test_the_arcs_of_a_coverage_file_are_named_by_the_file_they_are_in(tmp_path):
    data = coverage.CoverageData(basename=str(tmp_path / "cov"))
    data.add_arcs({str(cs.ROOT / "kharkovsuite" / "engine" / "state.py"): {(1, 2), (2, -1)}})
    data.write()
    assert cs.arcs_of(tmp_path / "cov") == {("kharkovsuite/engine/state.py", (1, 2)), ("kharkovsuite/engine/state.py", (2, -1))}

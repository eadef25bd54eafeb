"""The table sections without Qt: cell text reads back as the same value, edits are checked."""
from pathlib import Path

import pytest

from kharkovsuite.scenario import dumps_scenario, load_scenario, loads_scenario

from editor.sections import (
    EditError,
    TableRowsSection,
    all_sections,
    fmt_counters,
    fmt_hq,
    fmt_step,
    parse_counters,
    parse_hq,
    parse_map,
    parse_step,
    scalar,
)

ROOT = Path(__file__).resolve().parents[2]
FILES = [ROOT / "tests" / "data" / "small.yaml", ROOT / "scenarios" / "kharkov-1942.yaml"]


def sections_of(s):
    sections = dict(all_sections())
    for table_id in s.tables:
        sections[f"table:{table_id}"] = TableRowsSection(table_id)
    return sections


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_writing_back_every_shown_cell_changes_nothing(path):
    s = load_scenario(path)
    for key, section in sections_of(s).items():
        columns = section.columns(s)
        for row in range(len(section.rows(s))):
            for c, col in enumerate(columns):
                if col.set is None:
                    continue
                shown = section.cell(s, row, c)
                after = section.set_cell(s, row, c, shown)
                assert after == s, f"{key} row {row} column {col.header}: {shown!r} does not read back"


def test_steps_hq_and_counters_read_back():
    for text in ("9-9-8", "2-3-7", "?-?-4", "0.5-1-6 [cadre]"):
        assert fmt_step(parse_step(text)) == text
    step = parse_step("9-8")  # combat-movement: attack and defense alike
    assert (step.attack, step.defense, step.movement) == (9.0, 9.0, 8)
    assert fmt_hq(parse_hq("5/11/5")) == "5/11/5" and parse_hq("") is None
    text = "2-3-7 x4; 1-2-7 x2 (2 steps)"
    assert fmt_counters(parse_counters(text)) == text
    assert parse_map("axis: 1, soviet: 0", int) == {"axis": 1, "soviet": 0}
    assert [scalar(t) for t in ("3", "-1", "0.5", "D1/A1", "")] == [3, -1, 0.5, "D1/A1", None]
    for bad, parse in (("nine", parse_step), ("5/11", parse_hq), ("2-3-7", parse_counters), ("axis 1", parse_map)):
        with pytest.raises(EditError):
            parse(bad)


def test_every_section_can_add_a_row_that_loads(tmp_path):
    s = load_scenario(FILES[0])
    for key, section in sections_of(s).items():
        if section.can_add():
            s = section.add(s)
    loads_scenario(dumps_scenario(s))  # new rows are valid (or named by validation, never crash)


def test_wrong_values_are_refused_by_the_models(small):
    units = all_sections()["unit_types"]
    row = units.row_of(small, "ge_inf")
    col = [c.header for c in units.columns(small)].index("VP")
    with pytest.raises(EditError, match="whole number"):
        units.set_cell(small, row, col, "many")
    zones = all_sections()["setup_zones"]
    with pytest.raises(EditError, match="two marks"):
        zones.set_cell(small, 0, [c.header for c in zones.columns(small)].index("between"), "1-2-3")
    lines = all_sections()["lines"]
    with pytest.raises(ValueError):
        lines.set_cell(small, 0, [c.header for c in lines.columns(small)].index("style"), "wavy")


def test_renaming_terrain_follows_the_painted_hexes(small):
    terrain = all_sections()["terrain"]
    s = terrain.set_cell(small, terrain.row_of(small, "forest"), 0, "woods")
    assert s.map.terrain["0203"] == "woods" and "woods" in s.terrain_effects.terrain
    loads_scenario(dumps_scenario(s))
    with pytest.raises(EditError, match="painted"):
        terrain.remove(s, "woods")

"""The order of battle as a designer meets it: adding the first unit, a type change that the new
unit's id and name follow, drop-down editors for type and side cells, and the problems a
scenario with no turns or no units set up must show."""
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QPushButton

from kharkovsuite.scenario import dumps_scenario

from editor.document import Document
from tests.startwait import wait_started

SMALL = Path(__file__).resolve().parent.parent / "data" / "small.yaml"


@pytest.fixture
def window(make_window, small, qtbot):
    w = make_window(Document(small, SMALL))
    w.show()
    qtbot.waitExposed(w)
    wait_started(qtbot, w)
    return w


@pytest.fixture
def starter(make_window, qtbot):
    """The editor as it opens without a file: an empty map, no unit types, no units."""
    w = make_window()
    w.show()
    qtbot.waitExposed(w)
    wait_started(qtbot, w)
    assert w.doc.scenario.unit_types == {} and w.doc.scenario.units == []
    return w


def click_add(window, qtbot, section: str) -> None:
    table = window.tables[section]
    window._reveal(table)
    qtbot.mouseClick(table.findChild(QPushButton, f"add-{section}"), Qt.MouseButton.LeftButton)


def open_cell_editor(window, qtbot, section: str, row: int, header: str):
    """Double-click a cell as a person would; return the editor that opens in it."""
    table = window.tables[section]
    window._reveal(table)
    view = table.view
    index = table.model.index(row, table.model.column_of(header))
    view.scrollTo(index)
    rect = view.visualRect(index)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    return view.indexWidget(index) or view.viewport().findChild(QComboBox, "choice-editor")


def choose(qtbot, box: QComboBox, value: str) -> None:
    """Pick the entry holding ``value`` in an open drop-down editor (keys, then Enter)."""
    i = box.findData(value)
    assert i >= 0, f"{value!r} is not offered: {[box.itemData(j) for j in range(box.count())]}"
    box.setCurrentIndex(i)
    box.activated.emit(i)


def issue_texts(window) -> list[str]:
    window.validator.run()
    return [window.problem_list.topLevelItem(i).text(2) for i in range(window.problem_list.topLevelItemCount())]


def test_the_first_unit_brings_its_unit_type_in_one_undo_step(starter, qtbot):
    before = dumps_scenario(starter.doc.scenario)
    click_add(starter, qtbot, "units")
    s = starter.doc.scenario
    assert len(s.unit_types) == 1 and len(s.units) == 1
    (type_id, unit_type), = s.unit_types.items()
    unit = s.units[0]
    assert unit.type == type_id and unit.id == f"{unit_type.side}-1"
    assert unit.name == "New unit type" == unit_type.name  # not "New New unit type"
    assert starter.doc.undo_stack.count() == 1
    assert starter.doc.undo_stack.text(0) == "Add unit and a unit type for it"
    starter.act_undo.trigger()
    assert dumps_scenario(starter.doc.scenario) == before


def test_add_unit_takes_the_side_shown_in_the_order_of_battle(window, qtbot):
    table = window.tables["units"]
    table.side_filter.setCurrentIndex(table.side_filter.findData("soviet"))
    click_add(window, qtbot, "units")
    unit = window.doc.scenario.units[-1]
    assert unit.type == "rifle" and unit.id == "soviet-1" and unit.name == "New Rifle division"


def test_a_new_units_id_and_name_follow_its_type_from_the_drop_down(window, qtbot):
    click_add(window, qtbot, "units")
    model = window.tables["units"].model
    row = model.rowCount() - 1
    assert model.key_of(row) == "axis-1"
    before = dumps_scenario(window.doc.scenario)
    box = open_cell_editor(window, qtbot, "units", row, "type")
    assert isinstance(box, QComboBox)
    assert [box.itemData(i) for i in range(box.count())] == ["ge_inf", "rifle"]
    choose(qtbot, box, "rifle")
    unit = window.doc.scenario.units[-1]
    assert (unit.id, unit.type, unit.name) == ("soviet-1", "rifle", "New Rifle division")
    assert model.key_of(row) == "soviet-1"
    window.act_undo.trigger()
    assert dumps_scenario(window.doc.scenario) == before


def test_a_named_unit_keeps_its_id_and_name_when_its_type_changes(window, qtbot):
    model = window.tables["units"].model
    row = model.row_of("ge-1")
    box = open_cell_editor(window, qtbot, "units", row, "type")
    choose(qtbot, box, "rifle")
    unit = next(u for u in window.doc.scenario.units if u.type == "rifle" and u.name == "1st Infantry")
    assert unit.id == "ge-1"


@pytest.mark.parametrize("section,key,header,offered", [
    ("unit_types", "ge_inf", "side", ["axis", "soviet"]),
    ("formations", None, "side", ["axis", "soviet"]),
    ("awards", "city_hex", "side", ["axis", "soviet"]),
    ("unit_types", "rifle", "movement class", ["infantry", "mechanized"]),
])
def test_type_and_side_cells_offer_the_scenarios_own_values(window, qtbot, section, key, header, offered):
    model = window.tables[section].model
    if key is None:
        click_add(window, qtbot, section)
        key = model.key_of(model.rowCount() - 1)
    row = model.row_of(key)
    box = open_cell_editor(window, qtbot, section, row, header)
    assert isinstance(box, QComboBox)
    assert [box.itemData(i) for i in range(box.count())] == offered
    choose(qtbot, box, offered[-1])
    assert model.data(model.index(model.row_of(key), model.column_of(header))) == offered[-1]


def test_a_name_cell_is_still_free_text(window, qtbot):
    model = window.tables["units"].model
    editor = open_cell_editor(window, qtbot, "units", model.row_of("ge-1"), "name")
    assert not isinstance(editor, QComboBox)


def test_no_turns_and_no_units_set_up_are_problems_not_valid(starter, qtbot):
    texts = issue_texts(starter)
    assert any("turn record is empty" in t for t in texts)
    assert any("no units" in t for t in texts)
    assert not any(t.startswith("The scenario is valid") for t in texts)
    assert starter.problems_dock.windowTitle() == "Problems — 2 errors, 0 warnings"

    click_add(starter, qtbot, "units")
    texts = issue_texts(starter)
    assert any("no unit is set up" in t for t in texts)
    assert starter.problems_dock.windowTitle() == "Problems — 2 errors, 0 warnings"
    unit_id = starter.doc.scenario.units[0].id
    starter.tools["units"].place(unit_id, "0505")
    issue_texts(starter)
    assert starter.problems_dock.windowTitle().startswith("Problems — 1 error,")
    click_add(starter, qtbot, "turns")
    texts = issue_texts(starter)
    assert not any("turn record is empty" in t or "no unit is set up" in t or "no units" in t for t in texts)


def test_the_no_turns_problem_leads_to_the_turn_record(starter):
    starter.validator.run()
    issue = next(i for i in starter.issues if "turn record" in i.message)
    assert issue.severity == "error"
    starter.goto_issue(issue)
    assert starter.table_tabs.currentWidget() is starter.tables["turns"]


def test_a_new_award_speaks_of_the_scenarios_own_side(window, qtbot):
    sides = window.tables["sides"].model
    assert sides.setData(sides.index(sides.row_of("axis"), sides.column_of("name")), "Blue army")
    click_add(window, qtbot, "awards")
    awards = window.doc.scenario.victory.awards
    assert "axis_award" in awards
    award = awards["axis_award"]
    assert award.side == "axis" and "Blue army" in award.text
    assert not any(word in award.text for word in ("Kharkov", "Soviet", "City hex", "New award"))


def test_the_first_rows_of_an_empty_table_get_columns_wide_enough_to_read(starter, qtbot):
    click_add(starter, qtbot, "units")
    table = starter.tables["units"]
    view, model = table.view, table.model
    unit = starter.doc.scenario.units[0]
    for header, text in (("id", unit.id), ("type", unit.type), ("name", unit.name)):
        assert view.columnWidth(model.column_of(header)) >= view.fontMetrics().horizontalAdvance(text), header

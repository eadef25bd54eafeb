"""The editor for every rule system: each system's charts as tables built from its data model,
cell errors in the system's words, its counter values in the unit types table, new scenarios
of each system that validate, and an edit through the window for each system that undoes,
redoes, saves and reloads to the same scenario."""
import typing
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from kharkovsuite.rules import KNOWN_SYSTEMS, editing
from kharkovsuite.scenario import load_scenario, save_scenario

from editor.charts import ChartSection, chart_pages, literal_values
from editor.document import Document
from editor.sections import EditError, UnitTypesSection
from editor.validation import target_of
from tests.startwait import wait_started

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "scenarios").glob("*.yaml"))
K43 = ROOT / "scenarios" / "kharkov-1943-gallop.yaml"
KIRO = ROOT / "scenarios" / "kirovograd-opening-moves.yaml"
SYSTEM_SCENARIOS = [p for p in SCENARIOS if load_scenario(p).rules != "kharkov1942"]


@pytest.fixture(scope="module")
def k43():
    return load_scenario(K43)


@pytest.fixture(scope="module")
def kiro():
    return load_scenario(KIRO)


def section(s, key):
    for _title, sections in chart_pages(s):
        for sec in sections:
            if sec.key == key:
                return sec
    raise KeyError(key)


# ----------------------------------------------------------------------------- charts from the model


@pytest.mark.parametrize("path", SYSTEM_SCENARIOS, ids=[p.stem for p in SYSTEM_SCENARIOS])
def test_every_chart_of_the_system_is_a_table_with_rows_and_readable_cells(path):
    s = load_scenario(path)
    pages = chart_pages(s)
    assert len(pages) >= 8
    for title, sections in pages:
        assert sections, f"page {title} has no table"
        for sec in sections:
            rows, columns = sec.rows(s), sec.columns(s)
            assert columns, f"{sec.key} has no columns"
            assert rows or sec.can_add(), f"{sec.key} is empty and cannot grow"
            for key, item in rows:
                for col in columns:
                    value = col.get(s, key, item)
                    assert "{" not in str(value) and "[" not in str(value), f"{sec.key} {col.header}: a Python repr {value!r}"


def test_kharkov_1943_tables_take_their_columns_from_the_model(k43):
    terrain = section(k43, "chart:terrain_chart.terrain")
    assert [c.header for c in terrain.columns(k43)] == ["terrain", "frozen", "snow", "mud"]
    assert [k for k, _ in terrain.rows(k43)] == [(t,) for t in k43.system_data["terrain_chart"]["terrain"]]
    postures = section(k43, "chart:postures")
    assert len(postures.rows(k43)) == len(k43.system_data["postures"]) * 3  # attack type x posture
    assert [c.header for c in postures.columns(k43)][:2] == ["postures", "posture"]  # the data module's name of the list
    attack = section(k43, "chart:crt.attack_types")
    assert [c.header for c in attack.columns(k43)][1:4] == ["name", "OP cost", "column shift"]
    crt_tables = [sec.key for sec in dict(chart_pages(k43))["CRT"] if sec.key.startswith("chart-table:")]
    assert len(crt_tables) == 9  # three terrain classes x three attack types


def test_kirovograd_tables_take_their_columns_and_lists_from_the_model(kiro):
    matrix = section(kiro, "chart:options_matrix")
    assert [c.header for c in matrix.columns(kiro)] == ["order", "assault", "defense", "mobile", "retreat", "pursuit"]  # Order's values
    assert not matrix.can_add() and not matrix.can_remove()  # the rules fix its rows
    zoc = section(kiro, "chart:zoc_chart.cells")
    day = next(c for c in zoc.columns(kiro) if c.header == "day")
    assert [v for v, _label in day.choices(kiro, None, None)] == ["locking", "fluid", "none"]
    turns = section(kiro, "chart:turn_record")
    assert [c.header for c in turns.columns(kiro)] == ["turn record", "light", "supply german", "supply soviet", "replacement points soviet"]
    assert len(turns.rows(kiro)) == len(kiro.system_data["turn_record"])


def test_an_edit_changes_only_its_cell_of_the_system_data(kiro):
    turns = section(kiro, "chart:turn_record")
    col = [c.header for c in turns.columns(kiro)].index("supply german")
    after = turns.set_cell(kiro, 0, col, "7")
    first = next(iter(kiro.system_data["turn_record"]))
    assert after.system_data["turn_record"][first]["supply"]["german"] == 7
    changed = {k for k in kiro.system_data if kiro.system_data[k] != after.system_data[k]}
    assert changed == {"turn_record"}


@pytest.mark.parametrize(
    "which, key, row, header, text, said",
    [
        ("k43", "chart-table:crt_open_mobile", 3, "1:2", "xx", "table crt_open_mobile, row 3, column 1:2: 7.5: a CRT result"),
        ("k43", "chart:crt.attack_types", 0, "OP cost", "-1", "row mobile, column OP cost: Input should be greater than or equal to 0"),
        ("k43", "chart:terrain_chart.terrain", 0, "mud", "deep", "row clear, column mud: Input should be a valid number"),
        ("kiro", "chart:options_matrix", 0, "defense", "ZZ", "row assault, column defense: 15.9D:"),
        ("kiro", "chart:turn_record", 0, "light", "night", "row 1, column light: errata (2.3.1)"),
        ("kiro", "chart:zoc_chart.cells", 0, "night", "locking", "row armor / open, column night: 13.3F"),
    ],
)
def test_a_bad_cell_is_refused_naming_row_column_and_the_rule(request, which, key, row, header, text, said):
    s = request.getfixturevalue(which)
    sec = section(s, key)
    col = [c.header for c in sec.columns(s)].index(header)
    with pytest.raises(EditError) as err:
        sec.set_cell(s, row, col, text)
    assert said in str(err.value)


def _leaf_paths(ann, path=()):
    """Every value of a data model, ``*`` for each key or index on the way."""
    from editor.charts import holds_model, is_dict, is_list, is_model, unwrap

    ann, _ = unwrap(ann)
    if is_model(ann):
        for name, field in ann.model_fields.items():
            yield from _leaf_paths(field.annotation, path + (name,))
    elif (is_dict(ann) or is_list(ann)) and holds_model(ann):
        args = typing.get_args(ann)
        yield from _leaf_paths(args[-1] if is_dict(ann) else args[0], path + ("*",))
    else:
        yield path


@pytest.mark.parametrize("path", [K43, KIRO], ids=["kharkov1943", "kirovograd"])
def test_every_value_of_the_systems_data_model_is_in_some_chart(path):
    s = load_scenario(path)
    shown = set()
    for _title, sections in chart_pages(s):
        for sec in sections:
            if isinstance(sec, ChartSection):
                shown |= sec.shown_paths(s)
    model = editing(s.rules).DATA_MODEL
    missing = [p for p in _leaf_paths(model) if not any(p[: len(q)] == q for q in shown)]
    assert not missing, f"no chart shows {missing}"


def test_every_page_path_of_each_system_resolves_in_its_data_model():
    for rules in KNOWN_SYSTEMS:
        module = editing(rules)
        for _title, entries in getattr(module, "PAGES", []):
            for entry in entries:
                if not entry.startswith("tables:"):
                    ChartSection(module.DATA_MODEL, tuple(p for p in entry.split(".") if p))  # raises on a wrong path


def test_a_chart_inside_every_row_of_another_has_a_row_per_item(k43):
    groups = section(k43, "chart:victory.*.*.groups")
    victory = k43.system_data["victory"]
    want = [(side, i, j) for side, conditions in victory.items() for i, c in enumerate(conditions) for j, _g in enumerate(c.get("groups", []))]
    assert [k for k, _ in groups.rows(k43)] == want and want
    side, i, j = want[-1]
    col = [c.header for c in groups.columns(k43)].index("at least")
    after = groups.set_cell(k43, len(want) - 1, col, "2")
    assert after.system_data["victory"][side][i]["groups"][j]["at_least"] == 2
    assert not groups.can_add()


def test_the_data_models_own_plain_fields_are_one_row(kiro):
    settings = section(kiro, "chart:")
    headers = [c.header for c in settings.columns(kiro)]
    assert "first game turn" in headers and "options notation" in headers
    assert not any(h.startswith("reserve markers") for h in headers)  # a chart of its own (Turn record)


def test_a_problem_in_the_system_data_leads_to_its_chart_row(k43):
    assert target_of(k43, ("system_data", "crt", "attack_types", "mobile", "op_cost")) == (None, "chart:crt.attack_types", ("mobile",))
    assert target_of(k43, ("system_data", "special_rules", "turns")) == (None, "chart:special_rules", ())


# ----------------------------------------------------------------------------- counter values


def test_kharkov_1943_counter_values_are_unit_type_columns_with_drop_downs(k43):
    types = UnitTypesSection()
    headers = [c.header for c in types.columns(k43)]
    for name in ("kind", "echelon", "OP", "stacking", "armor", "antitank", "heavy", "tiger"):
        assert name in headers
    kind = types.columns(k43)[headers.index("kind")]
    from kharkovsuite.rules.kharkov1943.units import Kind

    assert [v for v, _ in kind.choices(k43, None, None)] == list(typing.get_args(Kind))
    row = next(i for i, (k, t) in enumerate(types.rows(k43)) if t.values.get("kind") == "infantry")
    key = types.rows(k43)[row][0]
    after = types.set_cell(k43, row, headers.index("stacking"), str(k43.unit_types[key].values["stacking"]))
    assert after.unit_types[key] == k43.unit_types[key]
    with pytest.raises(EditError, match=r"column armor: 1\.1: "):
        types.set_cell(k43, row, headers.index("armor"), "9")


def test_kirovograd_counter_values_are_unit_type_columns(kiro):
    types = UnitTypesSection()
    headers = [c.header for c in types.columns(kiro)]
    for name in ("kind", "role", "range", "barrage", "air air", "air ground", "aircraft"):
        assert name in headers
    rows = types.rows(kiro)
    row = next(i for i, (k, t) in enumerate(rows) if t.values.get("kind") == "artillery")
    key = rows[row][0]
    after = types.set_cell(kiro, row, headers.index("range"), str(kiro.unit_types[key].values["range"] + 1))
    assert after.unit_types[key].values["range"] == kiro.unit_types[key].values["range"] + 1
    assert types.columns(kiro)[headers.index("aircraft")].choices(kiro, None, None)[0] == ("", "(none)")


def test_kharkov_1942_unit_types_have_no_system_value_columns():
    s = load_scenario(ROOT / "scenarios" / "kharkov-1942.yaml")
    assert [c.header for c in UnitTypesSection().columns(s)][-1] == "VP"


# ----------------------------------------------------------------------------- new scenarios


@pytest.mark.parametrize("rules", list(KNOWN_SYSTEMS))
def test_a_new_scenario_of_each_rule_system_validates(make_window, qtbot, tmp_path, capsys, rules):
    from editor.wizard import NewScenarioDialog
    from kharkovsuite.cli import main as cli

    window = make_window()
    dialog = NewScenarioDialog()
    qtbot.addWidget(dialog)
    dialog.set_choice("rules", rules)
    dialog.scenario_id.setText(f"new-{rules}")
    dialog.accept()
    assert window.new_scenario(dialog)
    s = window.doc.scenario
    assert (s.rules, s.id) == (rules, f"new-{rules}")
    path = tmp_path / f"new-{rules}.yaml"
    assert window.save_as(path)
    assert cli(["validate", str(path)]) == 0, capsys.readouterr().out
    assert f"{path}: valid" in capsys.readouterr().out


def test_a_system_whose_charts_name_its_units_starts_from_its_reference(qtbot):
    from editor.wizard import NewScenarioDialog

    dialog = NewScenarioDialog()
    qtbot.addWidget(dialog)
    dialog.set_choice("rules", "kharkov1943")
    assert not dialog.grid_box.isEnabled() and "copy of kharkov-1943-campaign.yaml" in dialog.copy_template.text()
    reference = load_scenario(ROOT / "scenarios" / "kharkov-1943-campaign.yaml")
    made = dialog.scenario()
    assert made.system_data == reference.system_data and made.units == reference.units
    dialog.set_choice("rules", "kharkov1942")
    assert dialog.grid_box.isEnabled()


# ----------------------------------------------------------------------------- through the window


def _edit_cell(qtbot, table, row: int, column: int, text: str) -> None:
    """Click the cell, press F2, type the text over it, press Enter: as a designer does."""
    view = table.view
    index = table.model.index(row, column)
    view.scrollTo(index)
    rect = view.visualRect(index)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert view.currentIndex() == index
    qtbot.keyClick(view, Qt.Key.Key_F2)
    editor = view.viewport().findChild(QLineEdit) or view.findChild(QLineEdit)
    assert editor is not None, "no cell editor opened"
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    undo_steps = table.doc.undo_stack.count()
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: table.doc.undo_stack.count() > undo_steps, timeout=2000)  # the delegate commits queued


def _click_action(qtbot, window, action) -> None:
    button = window.file_bar.widgetForAction(action)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


CASES = {
    "kharkov1942": (ROOT / "scenarios" / "kharkov-1942.yaml", "turns", 0, "date", "1942-05-13"),
    "kharkov1943": (K43, "chart-table:crt_open_mobile", 3, "1:2", "2/1R"),
    "kirovograd": (KIRO, "chart:turn_record", 0, "supply german", "7"),
}


@pytest.mark.parametrize("rules", list(CASES))
def test_a_table_of_each_system_edits_undoes_redoes_saves_and_reloads_through_the_window(make_window, qtbot, tmp_path, rules):
    source, key, row, header, text = CASES[rules]
    copy = tmp_path / source.name
    save_scenario(load_scenario(source), copy)
    window = make_window(Document(load_scenario(copy), copy))
    window.resize(1600, 1000)
    window.show()
    qtbot.waitExposed(window)
    wait_started(qtbot, window)
    table = window.show_chart(key) if key.startswith("chart") else window.tables[key]
    window._reveal(table)
    column = table.model.column_of(header)
    before = window.doc.scenario
    _edit_cell(qtbot, table, row, column, text)
    edited = window.doc.scenario
    assert edited != before and table.model.data(table.model.index(row, column)) == text
    assert window.doc.undo_stack.count() == 1
    _click_action(qtbot, window, window.act_undo)
    assert window.doc.scenario == before and table.model.data(table.model.index(row, column)) != text
    _click_action(qtbot, window, window.act_redo)
    assert window.doc.scenario == edited
    _click_action(qtbot, window, window.act_save)
    assert not window.isWindowModified()
    assert load_scenario(copy) == edited


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_the_editor_screenshot_of_each_scenario(tmp_path, qapp, path):
    from PySide6.QtGui import QImage

    from editor.app import main

    png = tmp_path / f"{path.stem}.png"
    assert main([str(path), "--screenshot", str(png)]) == 0
    image = QImage(str(png))
    assert image.width() >= 1200 and image.height() >= 800
    colours = {image.pixel(x, y) for x in range(0, image.width(), 37) for y in range(0, image.height(), 37)}
    assert len(colours) > 50  # a drawn map and tables, not an empty window


def test_the_editor_icon_comes_from_the_resources_folder(qapp):
    from editor.app import app_icon
    from kharkovsuite.resources import resources_dir

    assert resources_dir() == ROOT / "resources"
    icon = app_icon()
    assert not icon.isNull() and not icon.pixmap(32, 32).isNull()


# ----------------------------------------------------------------------------- set-up areas, defaults


def test_the_historical_set_up_areas_of_kirovograd_are_painted_and_renamed_through_the_undo_stack(make_window, kiro):
    window = make_window(Document(kiro, KIRO))
    setup_area = next(a for a, area in kiro.map.areas.items() if area.kind == "setup")
    outside = next(h for h in window.doc.gmap.hex_ids if h not in kiro.map.areas[setup_area].hexes)
    tool = window.set_tool("area")
    tool.select(setup_area)
    tool.press(outside)
    tool.release(outside)
    assert outside in window.doc.scenario.map.areas[setup_area].hexes
    areas = window.tables["areas"]
    row = areas.model.row_of(setup_area)
    assert areas.model.setData(areas.model.index(row, areas.model.column_of("name")), "Set-up area of the 47th Panzer Corps")
    assert window.doc.undo_stack.count() == 2
    window.doc.undo_stack.undo()
    window.doc.undo_stack.undo()
    assert window.doc.scenario == kiro


def test_set_up_zones_of_kharkov_1943_are_added_with_the_side_from_a_list(make_window, k43):
    window = make_window(Document(k43, K43))
    zones = window.tables["setup_zones"]
    assert zones.add_row()
    row = zones.model.rowCount() - 1
    side = zones.model.index(row, zones.model.column_of("side"))
    assert [v for v, _ in zones.model.choices(side)] == list(k43.sides)
    assert zones.model.setData(side, "soviet")
    assert window.doc.scenario.setup.zones[-1].side == "soviet"


def test_a_chart_resets_to_the_reference_scenario(make_window, k43):
    window = make_window(Document(k43, K43))
    table = window.show_chart("chart:crt.attack_types")
    model = table.model
    assert model.setData(model.index(0, model.column_of("OP cost")), "3")
    assert table.reset_button.isEnabled() and "Kharkov 1943" in table.reset_button.text()
    assert table.reset_to_defaults()
    reference = load_scenario(ROOT / "scenarios" / "kharkov-1943-campaign.yaml")
    assert window.doc.scenario.system_data["crt"]["attack_types"] == reference.system_data["crt"]["attack_types"]


def test_a_problem_in_a_chart_opens_the_chart_at_its_row(make_window, k43):
    from editor.charts import set_raw

    broken = k43.model_copy(update={"system_data": set_raw(k43.system_data, ("crt", "attack_types", "normal", "op_cost"), -2)})
    window = make_window(Document(broken, K43))
    window.show()
    issue = next(i for i in window.validator.run() if i.path.startswith("system_data.crt.attack_types"))
    assert (issue.section, issue.row) == ("chart:crt.attack_types", ("normal",))
    window.goto_issue(issue)
    table = window.tables["chart:crt.attack_types"]
    assert table.isVisible() and table.selected_keys() == [("normal",)]

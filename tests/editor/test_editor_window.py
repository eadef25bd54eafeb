"""The main window: title and unsaved changes, live validation, problems, tables, files, play."""
import shutil
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QDropEvent

from kharkovsuite.scenario import load_scenario, save_scenario
from kharkovsuite.scenario import edit as E

from editor.document import Document
from editor.tablemodel import UNIT_MIME
from editor.validation import parse_path, target_of

SMALL = Path(__file__).resolve().parent.parent / "data" / "small.yaml"

ROOT = Path(__file__).resolve().parents[2]
KHARKOV = ROOT / "scenarios" / "kharkov-1942.yaml"


@pytest.fixture
def window(make_window, small):
    w = make_window(Document(small, SMALL))
    w.show()
    return w


def test_title_shows_unsaved_changes_and_undo_clears_them(window):
    assert "small.yaml" in window.windowTitle() and "[*]" in window.windowTitle()
    assert not window.isWindowModified()
    window.tools["terrain"].terrain = "forest"
    window.set_tool("terrain").click("0101")
    assert window.isWindowModified()
    window.act_undo.trigger()
    assert not window.isWindowModified()
    window.act_redo.trigger()
    assert window.isWindowModified() and window.doc.scenario.map.terrain["0101"] == "forest"


def test_undo_history_view_shows_the_stack(window):
    window.tools["terrain"].terrain = "forest"
    window.set_tool("terrain").click("0101")
    assert window.undo_view.stack() is window.doc.undo_stack
    assert window.undo_view.model().rowCount() == 2  # "<opened>" and the edit


def test_validation_is_debounced(window, qtbot):
    runs = window.validator.runs
    brush = window.set_tool("terrain")
    brush.terrain = "forest"
    brush.press("0101")
    for h in ("0102", "0103", "0104", "0105"):
        brush.drag(h)
    brush.release("0105")
    assert window.validator.runs == runs  # nothing ran during the stroke
    qtbot.waitUntil(lambda: window.validator.runs == runs + 1, timeout=3000)
    qtbot.wait(400)
    assert window.validator.runs == runs + 1


def test_a_problem_leads_to_its_table_row(window, qtbot):
    model = window.tables["unit_types"].model
    col = model.column_of("side")
    row = model.row_of("rifle")
    assert model.setData(model.index(row, col), "sovjet")
    window.validator.run()
    issue = next(i for i in window.issues if i.severity == "error")
    assert issue.path == "unit_types.rifle.side" and "did you mean 'soviet'" in issue.message
    window.goto_issue(issue)
    table = window.tables["unit_types"]
    assert table.selected_keys() == ["rifle"]
    assert window.oob_tabs.currentWidget() is table


def test_a_problem_on_a_hex_centres_the_map_and_marks_it(window):
    window.validator.run()
    issue = next(i for i in window.issues if i.hex == "0106")  # 5.15 in small.yaml
    window.view.set_zoom(3.0)
    window.goto_issue(issue)
    assert "editor-problem" in window.scene.overlay_names
    centre = window.view.mapToScene(window.view.viewport().rect().center())
    assert window.scene.hex_at(centre) in {"0106", *window.scene.game_map.neighbors("0106")}


def test_problems_dock_lists_every_issue(window):
    window.validator.run()
    assert window.problem_list.topLevelItemCount() == len(window.issues) > 0
    assert "warnings" in window.problems_dock.windowTitle()


def test_problem_paths_map_to_targets(small):
    assert parse_path("map.cities.town.hexes[0]") == ("map", "cities", "town", "hexes", 0)
    assert parse_path("map.hexsides['0306/0406'][0]") == ("map", "hexsides", "0306/0406", 0)
    assert target_of(small, ("map", "roads", 0, 2)) == ("0403", None, None)
    assert target_of(small, ("setup", "placements", 1, "hex")) == ("0404", "units", "su-1")
    assert target_of(small, ("units", 2, "type")) == (None, "units", "su-2")
    assert target_of(small, ("tables", "crt", "rows", 3)) == (None, "table:crt", 3)
    assert target_of(small, ("map", "hexsides", "0306/0406")) == ("0306", "hexsides", None)


def test_table_cell_edits_are_undoable(window):
    doc = window.doc
    model = window.tables["unit_types"].model
    col = model.column_of("front")
    row = model.row_of("ge_inf")
    before = doc.scenario
    assert model.setData(model.index(row, col), "10-9-8")
    step = doc.scenario.unit_types["ge_inf"].steps[0]
    assert (step.attack, step.defense, step.movement) == (10.0, 9.0, 8)
    assert model.data(model.index(row, col)) == "10-9-8"
    doc.undo_stack.undo()
    assert doc.scenario == before and model.data(model.index(row, col)) == "9-9-8"


def test_bad_cell_text_is_refused_with_a_message(window):
    said = []
    window.doc.message.connect(said.append)
    model = window.tables["turns"].model
    assert not model.setData(model.index(0, 0), "first")
    assert window.doc.undo_stack.count() == 0 and "whole number" in said[-1]


def test_check_box_columns(window):
    model = window.tables["terrain"].model
    col = model.column_of("default")
    row = model.row_of("forest")
    assert model.setData(model.index(row, col), Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    assert window.doc.scenario.map.default_terrain == "forest"


def test_add_and_remove_rows(window):
    table = window.tables["reinforcements"]
    assert table.model.add_row()
    assert len(window.doc.scenario.reinforcements) == 2
    table.view.selectRow(1)
    assert table.remove_selected()
    assert len(window.doc.scenario.reinforcements) == 1
    units = window.tables["units"]
    units.view.selectRow(units.model.row_of("su-2"))
    assert units.remove_selected()
    assert window.doc.scenario.reinforcements == []  # its only unit went with it


def test_reset_to_defaults_takes_the_reference_section(window, monkeypatch, small):
    reference = E.set_in(small, ("turns",), small.turns[:1])
    monkeypatch.setattr("editor.window.reference_scenario", lambda rules: (reference, "reference.yaml"))
    table = window.tables["turns"]
    table.update_reset_button()
    assert table.reset_button.isEnabled() and table.reset_button.text() == "Reset to Kharkov 1942 defaults"
    assert table.reset_to_defaults()
    assert window.doc.scenario.turns == reference.turns
    window.doc.undo_stack.undo()
    assert len(window.doc.scenario.turns) == 2


def test_scenario_properties_are_undoable(window):
    assert window.set_meta("title", "Retitled")
    assert "Retitled" in window.windowTitle()
    window.doc.undo_stack.undo()
    assert window.doc.scenario.title == "Small test scenario"
    assert not window.set_meta("title", "")


def test_dropping_units_from_the_table_places_them(window, qtbot):
    table = window.tables["units"]
    mime = table.model.mimeData([table.model.index(table.model.row_of("ge-1"), 0)])
    assert bytes(mime.data(UNIT_MIME)).decode() == "ge-1"
    target = window.scene.hex_center("0608")
    pos = QPointF(window.view.mapFromScene(target))
    event = QDropEvent(pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    window.view.dropEvent(event)
    assert E.units_at(window.doc.scenario, "0608") == ["ge-1"]
    window.sync.flush()
    assert window.scene.stack_at("0608")[0].id == "ge-1"
    window.doc.undo_stack.undo()
    assert E.units_at(window.doc.scenario, "0406") == ["ge-1"]
    qtbot.waitUntil(lambda: window.scene.stack_at("0608") == [], timeout=2000)


def test_map_counter_drags_move_units(window):
    window.view.counters_dropped.emit("0406", "0506", ["ge-1"])
    assert E.units_at(window.doc.scenario, "0506") == ["ge-1"]


def test_edits_rebuild_only_their_layers(window):
    before = {name: layer for name, layer in window.scene.layers.items()}
    window.set_tool("roads")
    window.tools["roads"].click("0701")
    window.tools["roads"].click("0702")
    window.sync.flush()
    after = window.scene.layers
    assert after["roads"] is not before["roads"]
    assert after["terrain"] is before["terrain"] and after["rails"] is before["rails"]
    assert ("0701", "0702") in after["roads"].features


def test_resize_map_is_one_undo_step_and_reports_what_is_dropped(window):
    dropped = window.resize_map(8, 6)
    assert any("Selo" in d for d in dropped)
    assert window.doc.scenario.map.grid.columns == 6
    window.sync.flush()
    assert len(window.scene.game_map.hex_ids) == 48
    window.doc.undo_stack.undo()
    window.sync.flush()
    assert window.doc.scenario.map.grid.columns == 10 and len(window.scene.game_map.hex_ids) == 80
    window.doc.undo_stack.redo()
    assert window.doc.scenario.map.grid.columns == 6


def test_new_scenario_from_the_wizard(window, qtbot):
    from editor.wizard import NewScenarioDialog

    dialog = NewScenarioDialog()
    qtbot.addWidget(dialog)
    dialog.columns.setValue(12)
    dialog.rows.setValue(9)
    for name, value in {"orientation": "flat", "id_order": "row-col", "row_grows": "north", "column_grows": "west", "shifted": "even"}.items():
        dialog.set_choice(name, value)
    dialog.first_row.setValue(0)
    dialog.copy_template.setChecked(False)
    assert "Corners" in dialog.preview.text()
    dialog.accept()
    assert window.new_scenario(dialog)
    window.sync.flush()
    g = window.doc.scenario.map.grid
    assert (g.columns, g.rows, g.orientation, g.id_order, g.row_grows, g.column_grows, g.shifted, g.first_row) == (12, 9, "flat", "row-col", "north", "west", "even", 0)
    assert len(window.scene.game_map.hex_ids) == 108 and window.doc.path is None


# ----------------------------------------------------------------------------- files


def test_save_as_then_save_unchanged_is_byte_identical(window, tmp_path):
    first = tmp_path / "first.yaml"
    assert window.save_as(first)
    assert not window.isWindowModified() and window.doc.path == first
    assert load_scenario(first) == window.doc.scenario
    window.open_file(first)
    second = tmp_path / "second.yaml"
    assert window.save_as(second)
    assert second.read_bytes() == first.read_bytes()


def test_opening_kharkov_1942_and_saving_it_unchanged_is_byte_identical(make_window, tmp_path):
    window = make_window()
    assert window.open_file(KHARKOV)
    target = tmp_path / "kharkov-1942.yaml"
    assert window.save_as(target)
    assert target.read_bytes() == KHARKOV.read_bytes()


@pytest.mark.parametrize("path", [SMALL, KHARKOV], ids=["small", "kharkov-1942"])
def test_a_change_and_its_undo_save_byte_identical(make_window, tmp_path, path):
    copy = tmp_path / "canonical.yaml"
    save_scenario(load_scenario(path), copy)  # small.yaml is hand-written, with comments
    window = make_window()
    assert window.open_file(copy)
    original = copy.read_bytes()
    brush = window.set_tool("terrain")
    brush.terrain = next(t for t in window.doc.scenario.map.terrain_types if t != window.doc.scenario.map.default_terrain)
    some_hex = window.scene.game_map.hex_ids[len(window.scene.game_map.hex_ids) // 2]
    brush.click(some_hex)
    if window.doc.undo_stack.count() == 0:  # the hex had that terrain already
        brush.terrain = window.doc.scenario.map.default_terrain
        brush.click(some_hex)
    window.save()
    assert copy.read_bytes() != original
    window.doc.undo_stack.undo()
    window.save()
    assert copy.read_bytes() == original


def test_play_asks_to_save_then_starts_the_player(window, monkeypatch, tmp_path):
    started = []
    monkeypatch.setattr("editor.window.subprocess.Popen", lambda cmd, cwd=None: started.append(cmd) or "process")
    target = tmp_path / "play.yaml"
    shutil.copy(SMALL, target)
    window.open_file(target)
    window.tools["terrain"].terrain = "forest"
    window.set_tool("terrain").click("0101")
    asked = []
    window.ask_save = lambda why: asked.append(why) or "cancel"
    assert window.play() is None and not started
    window.ask_save = lambda why: asked.append(why) or "save"
    assert window.play() == "process"
    assert started == [[sys.executable, "-m", "player.app", "--scenario", str(target)]]
    assert not window.doc.modified and load_scenario(target) == window.doc.scenario


def test_opening_an_invalid_file_lists_its_problems(window, tmp_path, no_dialogs):
    bad = tmp_path / "bad.yaml"
    bad.write_text(SMALL.read_text().replace("type: rifle, name: 2nd Rifle", "type: rfle, name: 2nd Rifle"))
    assert not window.open_file(bad)
    title, text = no_dialogs[-1]
    assert "bad.yaml cannot be opened" in title and "unknown unit type 'rfle'" in text


# ----------------------------------------------------------------------------- command line


def test_command_line_screenshot(tmp_path, qapp):
    from editor.app import main

    png = tmp_path / "shot.png"
    assert main([str(SMALL), "--screenshot", str(png)]) == 0
    assert png.stat().st_size > 10_000


def test_command_line_invalid_file_exits_1_without_traceback(tmp_path, qapp, capsys):
    from editor.app import main

    bad = tmp_path / "bad.yaml"
    bad.write_text("format: kharkovsuite-scenario/1\nid: x\n")
    assert main([str(bad), "--screenshot", str(tmp_path / "x.png")]) == 1
    err = capsys.readouterr().err
    assert "required key is missing" in err and "Traceback" not in err


def test_command_line_invalid_file_shows_a_message_box(tmp_path, qapp, no_dialogs):
    from editor.app import main

    bad = tmp_path / "bad.yaml"
    bad.write_text("format: [\n")
    assert main([str(bad)]) == 1
    assert "cannot be opened" in no_dialogs[-1][0] and "malformed YAML" in no_dialogs[-1][1]


def test_a_stroke_redraws_the_map_once(window, qtbot):
    rebuilds = window.sync.rebuilds
    brush = window.set_tool("terrain")
    brush.terrain = "forest"
    brush.press("0101")
    for h in ("0102", "0103", "0104"):
        brush.drag(h)
    brush.release("0104")
    qtbot.waitUntil(lambda: window.sync.rebuilds > rebuilds, timeout=2000)
    assert window.sync.rebuilds == rebuilds + 1
    assert ("0104", "forest") in window.scene.layers["terrain"].features


def test_line_tool_shows_its_draft_and_the_sides(window):
    line = window.set_tool("line")
    line.select("front")
    window.sync.flush()
    overlay = window.scene.overlay("editor-tool")
    assert overlay is not None and set(dict(overlay.entries).values()) == {("orange", None), ("sky", None)}
    line.add_point(3.0, 3.0)
    line.add_point(6.0, 6.0)
    assert not window.sync._draft.path().isEmpty()
    line.cancel()
    assert window.sync._draft.path().isEmpty()


def _viewport_point(window, hex_id):
    return window.view.mapFromScene(window.scene.hex_center(hex_id))


def test_a_mouse_stroke_on_the_map_paints_in_one_step(window, qtbot):
    from PySide6.QtTest import QTest

    window.view.set_zoom(1.0)
    window.view.center_on_hex("0304")
    brush = window.set_tool("terrain")
    brush.terrain = "forest"
    vp = window.view.viewport()
    left = Qt.MouseButton.LeftButton
    QTest.mousePress(vp, left, Qt.KeyboardModifier.NoModifier, _viewport_point(window, "0302"))
    for h in ("0303", "0304", "0305"):
        QTest.mouseMove(vp, _viewport_point(window, h))
    QTest.mouseRelease(vp, left, Qt.KeyboardModifier.NoModifier, _viewport_point(window, "0305"))
    assert window.doc.undo_stack.count() == 1
    assert all(window.doc.scenario.map.terrain.get(h) == "forest" for h in ("0302", "0303", "0304", "0305"))


def test_keys_finish_lines_and_remove_units(window, qtbot):
    line = window.set_tool("line")
    line.add_point(2.0, 1.0)
    line.add_point(2.0, 12.0)
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    assert line.line_id in window.doc.scenario.map.lines and line.draft == []
    line.add_point(4.0, 4.0)
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert line.draft == []
    window.set_tool("units")
    window.view.set_cursor_hex("0406")
    qtbot.keyClick(window.view, Qt.Key.Key_Delete)
    assert E.placement_index(window.doc.scenario, "ge-1") is None


def test_new_scenario_copies_the_rule_system_defaults_and_tables_reset_to_them(make_window, qtbot):
    from editor.wizard import NewScenarioDialog

    reference = load_scenario(KHARKOV)
    window = make_window()
    dialog = NewScenarioDialog()
    qtbot.addWidget(dialog)
    dialog.set_choice("rules", "kharkov1942")
    assert dialog.copy_template.isEnabled() and dialog.copy_template.isChecked()
    dialog.accept()
    window.new_scenario(dialog)
    s = window.doc.scenario
    assert s.terrain_effects == reference.terrain_effects and s.tables == reference.tables
    assert s.turns == [] and s.units == []
    turns = window.tables["turns"]
    assert turns.reset_button.isEnabled()
    assert turns.reset_to_defaults()
    assert window.doc.scenario.turns == reference.turns
    window.doc.undo_stack.undo()
    assert window.doc.scenario.turns == []


def test_choosing_a_unit_shows_its_set_up_zone(window):
    window.set_tool("units")
    table = window.tables["units"]
    table.select_key("su-1")
    tool = window.tools["units"]
    assert tool.focus == "su-1" and tool.zone_hexes
    assert set(tool.zone_hexes) <= set(window.doc.gmap.lines["front"].hexes_between("1", "2", "soviet"))
    entries = window.scene.overlay("editor-tool").entries
    assert entries["0404"][0] == "move" and all(entries[h][0] == "setup" for h in tool.zone_hexes if h != "0404")


def test_clicking_a_hex_with_the_select_tool_describes_it(window):
    window.set_tool("select")
    window.view.hex_clicked.emit("0405")
    text = window.panels["select"].info.text()
    assert "Hex 0405" in text and "Gorod" in text and "road to 0404" in text


def test_the_order_of_battle_filters_by_side(window):
    table = window.tables["units"]
    table.side_filter.setCurrentIndex(table.side_filter.findData("soviet"))
    shown = [table.model.key_of(r) for r in range(table.model.rowCount()) if not table.view.isRowHidden(r)]
    assert shown == ["su-1", "su-2"] and table.count_label.text() == "2 units"
    table.model.add_row()  # a new unit of the first type (axis) stays hidden
    assert [r for r in range(table.model.rowCount()) if not table.view.isRowHidden(r)] == [1, 2]

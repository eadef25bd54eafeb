"""Renames from the tables, the Place tool in the window, set-up problems and Play, end to end."""
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from kharkovsuite.scenario import dumps_scenario, load_scenario

from editor.document import Document
from editor.validation import target_of

SMALL = Path(__file__).resolve().parent.parent / "data" / "small.yaml"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def window(make_window, small):
    w = make_window(Document(small, SMALL))
    w.show()
    return w


def rename_in_table(window, table_key: str, old: str, new: str) -> bool:
    model = window.tables[table_key].model
    return model.setData(model.index(model.row_of(old), 0), new)


@pytest.mark.parametrize(
    "table, old, new, follows",
    [
        ("sides", "soviet", "red", lambda s: s.unit_types["rifle"].side == s.reinforcements[0].side == s.map.lines["front"].sides["left"] == "red"),
        ("areas", "east_edge", "east", lambda s: s.reinforcements[0].entry == "east"),
        ("lines", "front", "front_may", lambda s: s.setup.zones[0].line == "front_may"),
        ("unit_types", "rifle", "rifle_div", lambda s: [u.type for u in s.units][1:] == ["rifle_div", "rifle_div"]),
        ("untried_pools", "rifle", "rifle_pool", lambda s: s.unit_types["rifle"].untried_pool == "rifle_pool"),
        ("units", "su-2", "su-9", lambda s: s.reinforcements[0].units == ["su-9"]),
        ("terrain", "forest", "woods", lambda s: s.map.terrain["0203"] == "woods" and "woods" in s.terrain_effects.terrain),
        ("hexsides", "minor_river", "stream", lambda s: s.map.hexsides["0306/0406"] == ["stream"]),
    ],
)
def test_a_rename_in_a_table_is_one_command_that_undoes_every_reference(window, table, old, new, follows):
    doc = window.doc
    before = dumps_scenario(doc.scenario)
    assert rename_in_table(window, table, old, new)
    assert doc.undo_stack.count() == 1 and window.isWindowModified()
    assert doc.undo_stack.text(0).startswith("Rename ") and doc.undo_stack.text(0).endswith(f"{old} to {new}")
    after = doc.scenario
    assert follows(after)
    assert not [i for i in window.current_issues() if i.severity == "error"]
    doc.undo_stack.undo()
    assert dumps_scenario(doc.scenario) == before and not window.isWindowModified()
    assert window.tables[table].model.row_of(old) is not None
    doc.undo_stack.redo()
    assert doc.scenario == after and window.tables[table].model.row_of(new) is not None


def test_the_chosen_area_stays_chosen_when_it_is_renamed(window):
    tool = window.set_tool("area")
    tool.select("east_edge")
    assert rename_in_table(window, "areas", "east_edge", "east")
    assert tool.current == "east" and window.panels["area"].combo.currentData() == "east"
    window.doc.undo_stack.undo()
    assert tool.current == "east_edge"
    tool.click("0401")
    assert "0401" in window.doc.scenario.map.areas["east_edge"].hexes


def test_a_formation_rename_follows_its_units(window):
    doc = window.doc
    assert window.tables["formations"].model.add_row()
    formation = next(iter(doc.scenario.formations))
    units = window.tables["units"].model
    assert units.setData(units.index(units.row_of("ge-1"), units.column_of("formation")), formation)
    assert rename_in_table(window, "formations", formation, "ge-1pz")
    assert doc.scenario.units[0].formation == "ge-1pz"
    doc.undo_stack.undo()
    assert doc.scenario.units[0].formation == formation


def test_a_refused_rename_says_why_and_changes_nothing(window):
    said = []
    window.doc.message.connect(said.append)
    assert not rename_in_table(window, "sides", "soviet", "axis")
    assert not rename_in_table(window, "areas", "east_edge", "east edge")
    assert window.doc.undo_stack.count() == 0
    assert "taken" in said[0] and "without spaces" in said[1]


def test_the_place_tool_in_the_window(window):
    doc = window.doc
    tool = window.set_tool("place")
    panel = window.panels["place"]
    tool.select(None)
    tool.click("0303")
    place_id = tool.current
    assert panel.combo.currentData() == place_id and panel.hex.text() == "0303"
    panel.name.setText("Balakleya")
    panel.name.editingFinished.emit()
    assert doc.scenario.map.places[place_id].name == "Balakleya"
    window.sync.flush()
    assert ("place", "Balakleya") in window.scene.layers["places"].features
    table = window.tables["places"]
    assert table.model.row_of(place_id) is not None
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert place_id not in doc.scenario.map.places and table.model.row_of(place_id) is None


def test_a_place_is_kept_on_the_map_and_its_problems_lead_to_its_row(window, small):
    said = []
    window.doc.message.connect(said.append)
    model = window.tables["places"].model
    assert not model.setData(model.index(model.row_of("village"), model.column_of("hex")), "0999")
    assert "off the map" in said[-1] and window.doc.undo_stack.count() == 0
    assert target_of(small, ("map", "places", "village", "hex")) == ("0707", "places", "village")


def test_8_1_a_stacking_problem_selects_its_hex_and_unit(window):
    """Four combat units of one side in a hex: the warning centres the map on it (8.1)."""
    doc = window.doc
    units = window.tables["units"].model
    for _ in range(3):
        assert units.add_row()
    axis = [u.id for u in doc.scenario.units if doc.scenario.unit_types[u.type].side == "axis"]
    assert window.tools["units"].place_many(axis, "0406")
    issue = next(i for i in window.current_issues() if i.case == "8.1")
    assert issue.hex == "0406" and issue.section == "units"
    window.view.set_zoom(3.0)
    window.problem_list.itemClicked.emit(next(
        window.problem_list.topLevelItem(i) for i in range(window.problem_list.topLevelItemCount())
        if window.problem_list.topLevelItem(i).data(0, 256) == issue
    ), 0)
    centre = window.view.mapToScene(window.view.viewport().rect().center())
    assert window.scene.hex_at(centre) in {"0406", *window.scene.game_map.neighbors("0406")}
    assert "editor-problem" in window.scene.overlay_names
    assert window.tables["units"].selected_keys() == [issue.row]


def test_play_starts_a_player_that_opens_the_edited_file(window, tmp_path):
    """The command Play runs really starts the player on the saved file (screenshot and exit)."""
    target = tmp_path / "play.yaml"
    shutil.copy(SMALL, target)
    window.open_file(target)
    assert rename_in_table(window, "areas", "east_edge", "east")
    assert window.save() and load_scenario(target).reinforcements[0].entry == "east"
    png = tmp_path / "player.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(window.player_command() + ["--screenshot", str(png)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert png.stat().st_size > 10_000


def test_removing_what_other_parts_name_is_refused_with_the_reason(window):
    said = []
    window.doc.message.connect(said.append)
    areas = window.tables["areas"]
    areas.select_key("east_edge")
    assert not areas.remove_selected()
    assert "reinforcements[0].entry" in said[-1] and window.doc.undo_stack.count() == 0
    tool = window.set_tool("line")
    tool.select("front")
    assert not tool.delete() and tool.current == "front"
    assert "setup.zones[0].line" in said[-1]
    areas.select_key("reserve_box")
    assert areas.remove_selected() and "reserve_box" not in window.doc.scenario.map.areas

"""A whole scenario built from an empty map through the editor's own actions, then played.

Every step goes through what a user's click reaches: the wizard, the tool handlers with hex
ids, the table models' setData, a drop on the map view.  The saved file must load, and a unit
must pay the movement costs that were painted.
"""

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QDropEvent

from kharkovsuite.engine import EndPhase, Move, new_game
from kharkovsuite.scenario import load_scenario

from editor.wizard import NewScenarioDialog


def set_cell(window, section: str, key, header: str, text) -> None:
    model = window.tables[section].model
    row = model.row_of(key)
    assert row is not None, f"no row {key!r} in {section}"
    col = model.column_of(header)
    assert model.setData(model.index(row, col), text), f"{section}[{key}].{header} = {text!r} refused"


def add_named(window, section: str, new_id: str, **cells) -> None:
    """Add a row to a table keyed by id, rename it, then fill its cells."""
    model = window.tables[section].model
    before = set(model.keys())
    assert model.add_row()
    key = next(k for k in model.keys() if k not in before)
    set_cell(window, section, key, "id", new_id)
    for header, text in cells.items():
        set_cell(window, section, new_id, header.replace("_", " "), text)


def drop_units(window, unit_ids: list[str], hex_id: str) -> None:
    table = window.tables["units"]
    indexes = [table.model.index(table.model.row_of(u), 0) for u in unit_ids]
    mime = table.model.mimeData(indexes)
    pos = QPointF(window.view.mapFromScene(window.scene.hex_center(hex_id)))
    window.view.dropEvent(QDropEvent(pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier))


def edge_mid(doc, a: str, b: str):
    layout, grid = doc.gmap.layout, doc.gmap.grid
    (x0, y0), (x1, y1) = layout.edge(grid.hex_of(a), grid.hex_of(b))
    return ((x0 + x1) / 2, (y0 + y1) / 2)


def expected_cost(s, movement_class: str, a: str, b: str) -> float:
    """What the saved terrain effects charge for a move from ``a`` into adjacent ``b``."""
    te = s.terrain_effects
    road = any({x, y} == {a, b} for chain in s.map.roads for x, y in zip(chain, chain[1:]))
    if road and te.road is not None:
        return te.road.cost[movement_class]
    cost = te.terrain[s.map.terrain.get(b, s.map.default_terrain)].cost[movement_class]
    side = "/".join(sorted((a, b)))
    for feature in s.map.hexsides.get(side, []):
        cost += te.hexsides[feature].extra_cost.get(movement_class, 0)
    return cost


@pytest.fixture
def built(make_window, qtbot, tmp_path):
    window = make_window()
    window.show()

    # --- a new scenario from the wizard: 8 columns x 6 rows, nothing on it
    dialog = NewScenarioDialog()
    qtbot.addWidget(dialog)
    dialog.set_choice("rules", "kharkov1942")
    dialog.scenario_id.setText("built")
    dialog.title.setText("Built in the editor")
    dialog.columns.setValue(8)
    dialog.rows.setValue(6)
    dialog.set_choice("orientation", "pointy")
    dialog.set_choice("id_order", "col-row")
    dialog.copy_template.setChecked(False)
    dialog.accept()
    assert window.new_scenario(dialog)
    doc = window.doc
    assert doc.scenario.map.terrain == {} and doc.scenario.units == [] and doc.undo_stack.count() == 0

    # --- terrain types and their effects (Tables > Terrain effects)
    add_named(window, "terrain", "forest", name="Forest", colour="#9bbf85", pattern="trees")
    set_cell(window, "terrain", "forest", "MP infantry", "2")
    set_cell(window, "terrain", "forest", "MP mobile", "2")
    set_cell(window, "terrain", "forest", "defense ×", "2")
    add_named(window, "terrain", "rough", name="Rough", colour="#c8b27a", pattern="dots")
    set_cell(window, "terrain", "rough", "MP infantry", "2")
    set_cell(window, "terrain", "rough", "MP mobile", "3")
    add_named(window, "hexsides", "minor_river", name="Minor river", colour="#4f8fd6", width="2")
    set_cell(window, "hexsides", "minor_river", "+MP infantry", "1")
    set_cell(window, "hexsides", "minor_river", "+MP mobile", "1")
    set_cell(window, "road_city", "road", "MP infantry", "0.5")
    set_cell(window, "road_city", "road", "MP mobile", "0.5")

    # --- paint terrain: one click, a drag (a wall of forest down column 04), a flood fill west of it
    brush = window.set_tool("terrain")
    window.panels["terrain"].list.setCurrentRow(1)  # the palette: clear, forest, rough
    assert brush.terrain == "forest"
    brush.click("0803")
    n = doc.undo_stack.count()
    brush.press("0401")
    for h in ("0402", "0403", "0404", "0405", "0406"):
        brush.drag(h)
    brush.release("0406")
    assert doc.undo_stack.count() == n + 1  # the drag is one command
    brush.terrain = "rough"
    brush.mode = "fill"
    brush.click("0101")
    assert {doc.gmap.terrain(h) for h in ("0101", "0306", "0203")} == {"rough"}
    assert doc.gmap.terrain("0501") == "clear"

    # --- a river along the hexsides of rows 06 and 07 (one drag), a road and a railway (clicks)
    tool = window.set_tool("hexside")
    assert tool.feature == "minor_river"
    tool.press("0603", edge_mid(doc, "0603", "0703"))
    tool.drag("0604", edge_mid(doc, "0604", "0704"))
    tool.drag("0605", edge_mid(doc, "0605", "0705"))
    tool.release("0605")
    road = window.set_tool("roads")
    for h in ("0502", "0602", "0702"):
        road.click(h)
    road.cancel()
    rail = window.set_tool("railroads")
    for h in ("0506", "0606", "0706"):
        rail.click(h)
    assert doc.gmap.road_between("0602", "0702") and doc.gmap.rail_between("0506", "0606")

    # --- a city with a garrison
    city = window.set_tool("city")
    city.new_city()
    city.click("0605")
    city.set_properties(name="Izyum", kind="major_city", vp=5)
    city.set_garrison("0605", 1)

    # --- the front line between columns 05 and 06, Soviets east (left, walking south)
    line = window.set_tool("line")
    line.add_point(10.5, 0.3)
    line.add_point(10.5, 11.7)
    assert line.finish() and line.line_id == "front"
    line.set_properties(sides={"left": "soviet", "right": "axis"})
    front = doc.gmap.lines["front"]
    assert front.side("0101") == "axis" and front.side("0801") == "soviet"

    # --- an entry area for reinforcements
    area = window.set_tool("area")
    assert area.new_area("east_edge", "East edge", "entry", "soviet")
    area.press("0801")
    for h in ("0802", "0803", "0804", "0805", "0806"):
        area.drag(h)
    area.release("0806")

    # --- unit types and units (Order of Battle)
    add_named(window, "unit_types", "panzer", name="Panzer division", side="axis", nationality="german", symbol="armor",
              movement_class="mobile", front="10-8", back="5-8")
    add_named(window, "unit_types", "rifle", name="Rifle division", side="soviet", nationality="soviet", symbol="infantry",
              movement_class="infantry", front="2-3-7")
    for unit_id, type_id, name in (("ge-14pz", "panzer", "14th Panzer"), ("su-1", "rifle", "1st Rifle"), ("su-2", "rifle", "2nd Rifle")):
        model = window.tables["units"].model
        before = set(model.keys())
        assert model.add_row()
        key = next(k for k in model.keys() if k not in before)
        row = model.row_of(key)
        set_cell(window, "units", key, "type", type_id)
        key = model.key_of(row)  # the id the editor made follows the type's side
        set_cell(window, "units", key, "id", unit_id)
        set_cell(window, "units", unit_id, "name", name)

    # --- place them: dropped from the table, then a counter dragged on the map
    window.set_tool("units")
    drop_units(window, ["ge-14pz"], "0501")
    drop_units(window, ["su-1"], "0801")
    window.view.counters_dropped.emit("0801", "0703", ["su-1"])
    assert [(p.unit, p.hex) for p in doc.scenario.setup.placements] == [("ge-14pz", "0501"), ("su-1", "0703")]

    # --- schedule, turn record, victory, CRT (Tables)
    assert window.tables["reinforcements"].model.add_row()
    set_cell(window, "reinforcements", 0, "side", "soviet")
    set_cell(window, "reinforcements", 0, "units", "su-2")
    set_cell(window, "reinforcements", 0, "turn", "2")
    for turn, date in ((1, "1942-05-12"), (2, "1942-05-13")):
        assert window.tables["turns"].model.add_row()
        set_cell(window, "turns", turn - 1, "date", date)
        set_cell(window, "turns", turn - 1, "air points", "axis: 1, soviet: 0")
    assert window.tables["victory_levels"].model.add_row()
    set_cell(window, "victory_levels", 0, "level", "Soviet victory")
    assert window.tables["tables"].model.add_row()
    crt = window.show_table_rows("crt")
    model = crt.model
    assert model.setData(model.index(0, model.column_of("3-1")), "D1")

    path = tmp_path / "built.yaml"
    assert window.save_as(path)
    return window, path


def test_a_scenario_built_from_an_empty_map_loads_and_validates(built):
    window, path = built
    saved = load_scenario(path)  # raises ScenarioError with every problem if invalid
    assert saved == window.doc.scenario
    m = saved.map
    assert m.terrain["0803"] == "forest" and all(m.terrain[f"04{r:02d}"] == "forest" for r in range(1, 7))
    # the drag pointed at three hexsides; the two that join them along the row boundary are filled in
    river = ("0603/0703", "0603/0704", "0604/0704", "0605/0704", "0605/0705")
    assert m.hexsides == dict.fromkeys(river, ["minor_river"])
    assert m.roads == [["0502", "0602", "0702"]] and m.railroads == [["0506", "0606", "0706"]]
    assert m.cities["city"].model_dump(exclude_defaults=True) == {"name": "Izyum", "kind": "major_city", "hexes": ["0605"], "garrison": {"0605": 1}, "vp": 5}
    assert m.lines["front"].sides == {"left": "soviet", "right": "axis"}
    assert m.areas["east_edge"].hexes == [f"08{r:02d}" for r in range(1, 7)]
    assert [u.id for u in saved.units] == ["ge-14pz", "su-1", "su-2"]
    assert saved.reinforcements[0].model_dump() == {"turn": 2, "side": "soviet", "units": ["su-2"], "entry": "east_edge", "note": None}
    assert [t.date for t in saved.turns] == ["1942-05-12", "1942-05-13"]
    assert saved.tables["crt"].rows[1][3] == "D1"
    window.validator.run()
    assert [i for i in window.issues if i.severity == "error"] == []


def test_the_painted_terrain_is_what_a_unit_pays(built):
    _window, path = built
    s = load_scenario(path)
    # What the saved terrain effects say a move costs ...
    assert expected_cost(s, "mobile", "0501", "0401") == 2.0  # the panzer into the forest wall
    assert expected_cost(s, "mobile", "0501", "0502") == 1.0  # clear
    assert expected_cost(s, "mobile", "0502", "0602") == 0.5  # along the road
    assert expected_cost(s, "mobile", "0401", "0301") == 3.0  # the filled rough
    assert expected_cost(s, "infantry", "0703", "0803") == 2.0  # the rifle division into the forest
    assert expected_cost(s, "infantry", "0703", "0603") == 2.0  # clear across the minor river
    assert expected_cost(s, "infantry", "0703", "0702") == 1.0
    assert expected_cost(s, "infantry", "0702", "0602") == 0.5
    # ... is what the engine charges.
    state = new_game(s)

    def on_to(phase: str) -> None:
        while state.phase.id != phase:
            state.apply(EndPhase())

    on_to("soviet-movement")
    moves = state.legal_moves("su-1")
    assert moves["0803"].cost == 2  # the forest painted with a click
    assert moves["0603"].cost == 2 and moves["0603"].path == ("0703", "0603")  # across the river drawn by a drag
    assert moves["0702"].cost == 1
    assert moves["0602"].cost == 1.5 and moves["0602"].path == ("0703", "0702", "0602")  # then along the road
    state.apply(Move(("su-1",), moves["0803"].path))
    assert state.units["su-1"].hex == "0803"
    on_to("axis-movement")
    moves = state.legal_moves("ge-14pz")
    assert moves["0401"].cost == 2  # a mobile unit into the forest wall painted by a drag
    assert moves["0301"].cost == 5 and moves["0301"].path == ("0501", "0401", "0301")  # then the flood-filled rough
    assert moves["0702"].cost == 1.5  # clear, then the road

"""Every map tool through its mouse handlers, and the undo/redo round trip of each edit."""
import pytest

from kharkovsuite.scenario import dumps_scenario
from kharkovsuite.scenario import edit as E

from editor import tools as T
from editor.document import Document


def one_undo_step(doc: Document, action) -> tuple:
    """Run ``action``; it must push exactly one command; undo and redo must restore both states."""
    before, n = doc.scenario, doc.undo_stack.count()
    action()
    assert doc.undo_stack.count() == n + 1, [doc.undo_stack.text(i) for i in range(doc.undo_stack.count())]
    after = doc.scenario
    assert after != before
    doc.undo_stack.undo()
    assert doc.scenario == before and dumps_scenario(doc.scenario) == dumps_scenario(before)
    doc.undo_stack.redo()
    assert doc.scenario == after and dumps_scenario(doc.scenario) == dumps_scenario(after)
    return before, after


def messages(doc):
    seen = []
    doc.message.connect(seen.append)
    return seen


def test_terrain_brush_stroke_is_one_command(doc):
    brush = T.TerrainTool(doc)
    brush.terrain = "forest"

    def stroke():
        brush.press("0101")
        for h in ("0102", "0102", "0202", "0302"):
            brush.drag(h)
        brush.release("0302")

    _, after = one_undo_step(doc, stroke)
    assert {h: after.map.terrain.get(h) for h in ("0101", "0102", "0202", "0302")} == dict.fromkeys(("0101", "0102", "0202", "0302"), "forest")
    assert doc.undo_stack.text(doc.undo_stack.count() - 1) == "Paint Forest (4 hexes)"


def test_two_strokes_are_two_commands(doc):
    brush = T.TerrainTool(doc)
    brush.terrain = "forest"
    brush.click("0101")
    brush.click("0102")
    assert doc.undo_stack.count() == 2


def test_terrain_fill(doc):
    brush = T.TerrainTool(doc)
    brush.terrain = "major_city"
    brush.mode = "fill"
    _, after = one_undo_step(doc, lambda: brush.click("0203"))
    assert after.map.terrain["0204"] == "major_city"


def test_hexside_click_near_a_hexside(doc):
    tool = T.HexsideTool(doc)
    tool.feature = "major_river"
    layout, grid = doc.gmap.layout, doc.gmap.grid
    (x0, y0), (x1, y1) = layout.edge(grid.hex_of("0303"), grid.hex_of("0304"))
    _, after = one_undo_step(doc, lambda: tool.click("0303", ((x0 + x1) / 2, (y0 + y1) / 2)))
    assert after.map.hexsides["0303/0304"] == ["major_river"]
    one_undo_step(doc, lambda: tool.toggle("0303", "0304"))
    assert "0303/0304" not in doc.scenario.map.hexsides


def test_hexside_click_in_the_middle_of_a_hex_is_refused(doc):
    tool = T.HexsideTool(doc)
    said = messages(doc)
    tool.click("0303", doc.gmap.center("0303"))
    assert doc.undo_stack.count() == 0 and "nearer" in said[-1]


def test_hexside_drag_draws_a_river_in_one_step(doc):
    tool = T.HexsideTool(doc)
    tool.feature = "minor_river"
    layout, grid = doc.gmap.layout, doc.gmap.grid

    def mid(a, b):
        (x0, y0), (x1, y1) = layout.edge(grid.hex_of(a), grid.hex_of(b))
        return ((x0 + x1) / 2, (y0 + y1) / 2)

    def stroke():
        tool.press("0202", mid("0202", "0203"))
        tool.drag("0302", mid("0302", "0303"))
        tool.drag("0402", mid("0402", "0403"))
        tool.release("0402")

    _, after = one_undo_step(doc, stroke)
    assert {k for k, v in after.map.hexsides.items() if "minor_river" in v} >= {"0202/0203", "0302/0303", "0402/0403"}


@pytest.mark.parametrize("cls,kind,graph", [(T.NetTool, "roads", "roads"), (T.RailTool, "railroads", "rails")])
def test_road_and_rail_by_clicks(doc, cls, kind, graph):
    tool = cls(doc)
    tool.click("0701")
    assert doc.undo_stack.count() == 0 and tool.anchor == "0701"
    one_undo_step(doc, lambda: tool.click("0702"))
    one_undo_step(doc, lambda: tool.click("0703"))
    assert getattr(doc.scenario.map, kind)[-1] == ["0701", "0702", "0703"]
    assert getattr(doc.gmap, graph).has_edge("0702", "0703")


def test_road_refuses_hexes_that_are_not_adjacent(doc):
    tool = T.NetTool(doc)
    said = messages(doc)
    tool.click("0701")
    tool.click("0705")
    assert doc.undo_stack.count() == 0
    assert "not adjacent" in said[-1]
    assert tool.anchor == "0701"


def test_road_drag_is_one_step_and_erase_removes_a_segment(doc):
    tool = T.NetTool(doc)
    tool.click("0801")  # the first hex only anchors the road: no command

    def stroke():
        tool.press("0802")
        tool.drag("0803")
        tool.release("0803")

    one_undo_step(doc, stroke)
    assert ["0801", "0802", "0803"] in doc.scenario.map.roads
    tool.cancel()
    tool.mode = "erase"
    tool.click("0802")
    one_undo_step(doc, lambda: tool.click("0803"))
    assert not doc.gmap.road_between("0802", "0803")
    assert doc.gmap.road_between("0801", "0802")


def test_city_tool_founds_extends_and_edits_a_city(doc):
    tool = T.CityTool(doc)
    tool.new_city()
    _, after = one_undo_step(doc, lambda: tool.click("0606"))
    city_id = tool.city_id
    assert after.map.cities[city_id].hexes == ["0606"]
    one_undo_step(doc, lambda: tool.click("0607"))
    assert doc.scenario.map.cities[city_id].hexes == ["0606", "0607"]
    one_undo_step(doc, lambda: tool.set_properties(name="Izyum", kind="major_city", vp=5))
    one_undo_step(doc, lambda: tool.set_garrison("0607", 2))
    city = doc.scenario.map.cities[city_id]
    assert (city.name, city.kind, city.vp, city.garrison) == ("Izyum", "major_city", 5, {"0607": 2})
    one_undo_step(doc, lambda: tool.click("0607"))  # a click on its own hex takes it out
    assert doc.scenario.map.cities[city_id].hexes == ["0606"]
    one_undo_step(doc, tool.delete)
    assert city_id not in doc.scenario.map.cities


def test_city_tool_selects_the_city_of_a_clicked_hex(doc):
    tool = T.CityTool(doc)
    tool.new_city()
    tool.click("0405")
    assert tool.city_id == "town" and doc.undo_stack.count() == 0


def test_place_tool_names_moves_renames_and_deletes_a_place(doc):
    tool = T.PlaceTool(doc)
    tool.select(None)
    _, after = one_undo_step(doc, lambda: tool.click("0303"))
    place_id = tool.current
    assert place_id == "place" and after.map.places[place_id].hex == "0303"
    assert tool.overlay().hexes == {"0303": "selected"}
    one_undo_step(doc, lambda: tool.click("0304"))  # with a place chosen, a click moves it
    assert doc.scenario.map.places[place_id].hex == "0304"
    one_undo_step(doc, lambda: tool.set_properties(name="Balakleya"))
    assert doc.scenario.map.places[place_id].name == "Balakleya"
    assert doc.undo_stack.text(doc.undo_stack.count() - 1) == "Change place Place 0303"
    one_undo_step(doc, tool.delete)
    assert place_id not in doc.scenario.map.places and tool.current is None


def test_place_tool_chooses_the_place_of_a_clicked_hex(doc):
    tool = T.PlaceTool(doc)
    tool.select(None)
    tool.click("0707")  # Selo in small.yaml
    assert tool.current == "village" and doc.undo_stack.count() == 0
    tool.click("0707")  # clicking the chosen place again changes nothing
    assert doc.undo_stack.count() == 0
    assert not tool.set_properties(hex="9999") and doc.undo_stack.count() == 0


def test_line_tool_draws_a_polyline_snapped_to_corners(doc):
    tool = T.LineTool(doc)
    gmap = doc.gmap
    corners = [gmap.layout.corners(gmap.grid.hex_of(h))[0] for h in ("0102", "0402", "0802")]
    for x, y in corners:
        tool.add_point(x + 0.05, y - 0.05)
    assert len(tool.overlay().path) == 3
    _, after = one_undo_step(doc, tool.finish)
    line = after.map.lines[tool.line_id]
    assert line.points == [tuple(round(c, 4) for c in p) for p in corners]
    assert tool.line_id.startswith("line")  # small.yaml already has a front
    one_undo_step(doc, lambda: tool.set_properties(sides={"left": "north", "right": "south"}, name="Sector"))
    sides = set(tool.side_hexes().values())
    assert sides == {"north", "south"}
    assert set(tool.overlay().hexes.values()) == set(T.LINE_SIDE_STYLES)
    one_undo_step(doc, tool.delete)


def test_line_tool_redraws_a_selected_line(doc):
    tool = T.LineTool(doc)
    tool.select("front")
    tool.click("0101", (3.0, 0.5))
    tool.click("0801", (3.0, 13.0))
    _, after = one_undo_step(doc, tool.finish)
    assert after.map.lines["front"].sides == {"left": "soviet", "right": "axis"}
    assert len(after.map.lines["front"].points) == 2


def test_line_tool_needs_two_points(doc):
    tool = T.LineTool(doc)
    said = messages(doc)
    tool.add_point(2.0, 2.0)
    assert tool.finish() is False and "two points" in said[-1]
    tool.cancel()
    assert tool.draft == []


def test_area_tool_paints_into_and_out_of_the_selected_area(doc):
    tool = T.AreaTool(doc)
    one_undo_step(doc, lambda: tool.new_area("axis_setup", "Axis set-up", "zone", "axis"))
    assert tool.area_id == "axis_setup"

    def stroke(hexes):
        tool.press(hexes[0])
        for h in hexes[1:]:
            tool.drag(h)
        tool.release(hexes[-1])

    one_undo_step(doc, lambda: stroke(["0508", "0509", "0609"]))
    assert doc.scenario.map.areas["axis_setup"].hexes == ["0508", "0509", "0609"]
    one_undo_step(doc, lambda: stroke(["0509", "0508"]))  # starts on a member: takes out
    assert doc.scenario.map.areas["axis_setup"].hexes == ["0609"]
    one_undo_step(doc, lambda: tool.set_properties(kind="entry"))
    one_undo_step(doc, tool.delete)


def test_area_tool_without_an_area_says_so(doc):
    tool = T.AreaTool(doc)
    said = messages(doc)
    tool.click("0101")
    assert doc.undo_stack.count() == 0 and "area" in said[-1]


def test_unit_tool_places_moves_and_removes(doc):
    tool = T.UnitTool(doc)
    one_undo_step(doc, lambda: tool.place("ge-1", "0507"))
    one_undo_step(doc, lambda: (tool.press("0507"), tool.release("0508")))  # a counter drag
    assert E.units_at(doc.scenario, "0508") == ["ge-1"]
    one_undo_step(doc, lambda: tool.move("0508", "0509"))
    one_undo_step(doc, lambda: tool.remove_at("0509"))
    assert E.placement_index(doc.scenario, "ge-1") is None
    one_undo_step(doc, lambda: tool.place_many(["ge-1", "su-1"], "reserve_box"))
    assert {p.box for p in doc.scenario.setup.placements} == {"reserve_box"}


def test_a_drag_that_skips_hexes_paints_the_line_between(doc):
    brush = T.TerrainTool(doc)
    brush.terrain = "forest"
    one_undo_step(doc, lambda: (brush.press("0101"), brush.drag("0105"), brush.release("0105")))
    assert all(doc.scenario.map.terrain.get(h) == "forest" for h in doc.gmap.grid.line("0101", "0105"))
    road = T.NetTool(doc)
    road.click("0701")
    one_undo_step(doc, lambda: (road.press("0701"), road.drag("0704"), road.release("0704")))
    assert doc.scenario.map.roads[-1] == ["0701", "0702", "0703", "0704"]


def test_refused_and_empty_edits_push_nothing(doc):
    said = messages(doc)
    assert not doc.edit("bad", E.paint_terrain, {"0101": "lava"})
    assert "unknown terrain type" in said[-1]
    assert doc.edit("same", E.paint_terrain, {"0101": "clear"})  # accepted, nothing to do
    assert doc.undo_stack.count() == 0

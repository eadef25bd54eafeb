"""Map tools: what a press, drag and release on the map do.

The map view reports mouse events as hex ids plus the position in map units (hex size 1,
see :meth:`kharkovsuite.hexgrid.HexGrid.layout`); the main window passes them to the active
tool's :meth:`Tool.press`, :meth:`Tool.drag` and :meth:`Tool.release`.  Tests call the same
handlers with hex ids.  A tool never changes the scenario itself: it asks the document for an
undoable edit, and the commands of one press-drag-release stroke merge into one.

A tool may show a preview (:meth:`Tool.overlay`): hexes to mark and a polyline, in map units.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, Signal

from kharkovsuite.scenario import edit as E
from kharkovsuite.scenario.model import Area, City, NamedLine

from .document import Document, new_stroke_key

Point = tuple[float, float]


@dataclass
class Overlay:
    """A tool's preview: hex -> overlay style name, and a polyline in map units."""

    hexes: dict[str, str] = field(default_factory=dict)
    path: list[Point] = field(default_factory=list)
    points: list[Point] = field(default_factory=list)  # vertices to mark (line drafts)


class Tool(QObject):
    """Base of the map tools; the default does nothing with the mouse."""

    key = "select"
    label = "Select"
    shortcut = "S"
    tip = "Select hexes and look at what they hold"
    overlay_changed = Signal()
    selected = Signal(object)  # tool-specific: the city, line, area or hex now selected

    def __init__(self, doc: Document, parent: QObject | None = None):
        super().__init__(parent)
        self.doc = doc
        self.doc.changed.connect(self._doc_changed)

    def press(self, hex_id: str, pos: Point | None = None) -> None:
        self.selected.emit(hex_id)

    def drag(self, hex_id: str, pos: Point | None = None) -> None:
        pass

    def release(self, hex_id: str | None = None, pos: Point | None = None) -> None:
        pass

    def click(self, hex_id: str, pos: Point | None = None) -> None:
        """A press and a release on the same spot."""
        self.press(hex_id, pos)
        self.release(hex_id, pos)

    def finish(self) -> None:
        """Enter or a double click: complete what is being drawn."""

    def cancel(self) -> None:
        """Escape: drop what is being drawn."""

    def overlay(self) -> Overlay:
        return Overlay()

    def say(self, text: str) -> None:
        self.doc.message.emit(text)

    def _doc_changed(self, parts) -> None:
        pass


# ----------------------------------------------------------------------------- terrain


class TerrainTool(Tool):
    """Paint terrain hex by hex (a drag is one undo step), or flood-fill a region."""

    key = "terrain"
    label = "Terrain"
    shortcut = "T"
    tip = "Terrain brush: click or drag to paint; in fill mode, fill a contiguous region of one terrain"

    def __init__(self, doc: Document, parent: QObject | None = None):
        super().__init__(doc, parent)
        self.terrain: str = doc.scenario.map.default_terrain
        self.mode = "brush"  # or "fill"
        self._stroke = None
        self._done: set[str] = set()

    def _name(self) -> str:
        t = self.doc.scenario.map.terrain_types.get(self.terrain)
        return t.name if t else self.terrain

    def press(self, hex_id, pos=None):
        if self.mode == "fill":
            region = E.flood_region(self.doc.scenario, hex_id)
            self.doc.edit(f"Fill {len(region)} hexes with {self._name()}", E.flood_fill, hex_id, self.terrain)
            return
        self._stroke = new_stroke_key(self.key)
        self._done = set()
        self._last = hex_id
        self._paint([hex_id])

    def drag(self, hex_id, pos=None):
        if self._stroke is not None and hex_id != self._last:
            # Mouse moves can skip hexes when the map redraws slowly: paint the line between.
            hexes = [h for h in self.doc.gmap.grid.line(self._last, hex_id) if h not in self._done]
            self._last = hex_id
            if hexes:
                self._paint(hexes)

    def release(self, hex_id=None, pos=None):
        self._stroke = None

    def _paint(self, hexes: list[str]) -> None:
        self._done.update(hexes)
        n = len(self._done)
        text = f"Paint {self._name()}" + (f" ({n} hexes)" if n > 1 else f" in {hexes[0]}")
        self.doc.edit(text, E.paint_terrain, dict.fromkeys(hexes, self.terrain), merge_key=self._stroke)


# ----------------------------------------------------------------------------- hexsides


def nearest_hexside(doc: Document, hex_id: str, pos: Point) -> tuple[str, str, float] | None:
    """The neighbour of ``hex_id`` across the hexside nearest to ``pos``, and the distance."""
    gmap = doc.gmap
    grid, layout = gmap.grid, gmap.layout
    h = grid.hex_of(hex_id)
    best = None
    for n in gmap.neighbors(hex_id):
        (x0, y0), (x1, y1) = layout.edge(h, grid.hex_of(n))
        d = _segment_distance(pos, (x0, y0), (x1, y1))
        if best is None or d < best[2]:
            best = (hex_id, n, d)
    return best


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


class HexsideTool(Tool):
    """Toggle a hexside feature (river class, fortified hexside, bridge) by clicking near a hexside.

    A drag along hexsides gives every hexside passed what the first one got (added or taken
    away), as one undo step.
    """

    key = "hexside"
    label = "Hexside"
    shortcut = "H"
    tip = "Hexside tool: click near a hexside to toggle the feature; drag along a river to draw it"
    CLICK_REACH = 0.45  # map units (hex size 1): the hexside must be nearer than this
    DRAG_REACH = 0.3

    def __init__(self, doc: Document, parent: QObject | None = None):
        super().__init__(doc, parent)
        types = list(doc.scenario.map.hexside_types)
        self.feature: str | None = types[0] if types else None
        self._stroke = None
        self._present = True
        self._done: set[str] = set()

    def toggle(self, a: str, b: str) -> bool:
        """Toggle the feature on the hexside between two adjacent hexes."""
        if not self._ready():
            return False
        s = self.doc.scenario
        try:
            present = not E.has_hexside_feature(s, a, b, self.feature)
        except E.EditError as exc:
            self.say(str(exc))
            return False
        return self._set(a, b, present, None)

    def press(self, hex_id, pos=None):
        if not self._ready():
            return
        if pos is None:
            self.say("click near a hexside")
            return
        near = nearest_hexside(self.doc, hex_id, pos)
        if near is None or near[2] > self.CLICK_REACH:
            self.say("click nearer to a hexside (between two map hexes)")
            return
        a, b, _ = near
        self._stroke = new_stroke_key(self.key)
        self._present = not E.has_hexside_feature(self.doc.scenario, a, b, self.feature)
        self._done = {"/".join(sorted((a, b)))}
        self._set(a, b, self._present, self._stroke)

    def drag(self, hex_id, pos=None):
        if self._stroke is None or pos is None:
            return
        near = nearest_hexside(self.doc, hex_id, pos)
        if near is None or near[2] > self.DRAG_REACH:
            return
        a, b, _ = near
        side = "/".join(sorted((a, b)))
        if side not in self._done:
            self._done.add(side)
            self._set(a, b, self._present, self._stroke)

    def release(self, hex_id=None, pos=None):
        self._stroke = None

    def _ready(self) -> bool:
        if self.feature is None or self.feature not in self.doc.scenario.map.hexside_types:
            self.say("add a hexside type first (Tables ▸ Terrain effects ▸ Hexsides)")
            return False
        return True

    def _set(self, a: str, b: str, present: bool, stroke) -> bool:
        name = self.doc.scenario.map.hexside_types[self.feature].name
        verb = "Add" if present else "Remove"
        n = len(self._done) if stroke is not None else 1
        text = f"{verb} {name} " + (f"on {n} hexsides" if n > 1 else f"on {E.hexside_of(self.doc.scenario, a, b)}")
        return self.doc.edit(text, E.set_hexside_feature, a, b, self.feature, present, merge_key=stroke)


# ----------------------------------------------------------------------------- roads, railroads


class NetTool(Tool):
    """Roads and railroads: click hex after hex (or drag through them); erase mode removes."""

    key = "roads"
    label = "Road"
    shortcut = "R"
    tip = "Road tool: click hexes one after another; Escape ends the road; erase mode removes a segment"

    def __init__(self, doc: Document, parent: QObject | None = None):
        super().__init__(doc, parent)
        self.mode = "draw"  # or "erase"
        self.anchor: str | None = None
        self._stroke = None

    def press(self, hex_id, pos=None):
        self._stroke = new_stroke_key(self.key)
        if self.anchor is None or self.anchor == hex_id:
            self._set_anchor(hex_id)
            what = "remove the segment" if self.mode == "erase" else f"lay the {self._word()}"
            self.say(f"{self._word().capitalize()} from {hex_id}: click an adjacent hex to {what}")
            return
        self._link(hex_id)

    def drag(self, hex_id, pos=None):
        if self._stroke is not None and self.anchor is not None and hex_id != self.anchor:
            # A fast drag may jump hexes: follow the straight line of hexes to the pointer.
            for h in self.doc.gmap.grid.line(self.anchor, hex_id)[1:]:
                if not self._link(h):
                    break

    def release(self, hex_id=None, pos=None):
        self._stroke = None

    def cancel(self):
        self._set_anchor(None)

    finish = cancel

    def overlay(self) -> Overlay:
        return Overlay(hexes={self.anchor: "selected"} if self.anchor else {})

    def _word(self) -> str:
        return "road" if self.key == "roads" else "railroad"

    def _set_anchor(self, hex_id: str | None) -> None:
        self.anchor = hex_id
        self.overlay_changed.emit()

    def _link(self, hex_id: str) -> bool:
        a = self.anchor
        if self.doc.gmap.grid.direction(a, hex_id) is None:
            self.say(f"{a} and {hex_id} are not adjacent: a {self._word()} runs from hex to neighbouring hex")
            return False
        if self.mode == "erase":
            done = self.doc.edit(f"Remove {self._word()} {a}-{hex_id}", E.remove_segment, self.key, a, hex_id, merge_key=self._stroke)
        elif E.has_segment(self.doc.scenario, self.key, a, hex_id):
            done = True  # walking along an existing road continues from its end
        else:
            done = self.doc.edit(f"Add {self._word()} {a}-{hex_id}", E.add_segment, self.key, a, hex_id, merge_key=self._stroke)
        if done:
            self._set_anchor(hex_id)
        return done


class RailTool(NetTool):
    key = "railroads"
    label = "Railroad"
    shortcut = "L"
    tip = "Railroad tool: click hexes one after another; Escape ends the line; erase mode removes a segment"


# ----------------------------------------------------------------------------- cities


class CityTool(Tool):
    """Cities and towns: click an empty hex to start a city, click hexes to add or take away."""

    key = "city"
    label = "City"
    shortcut = "C"
    tip = "City tool: click a hex to found a city; with a city selected, click hexes to add or remove them"

    def __init__(self, doc: Document, parent: QObject | None = None):
        super().__init__(doc, parent)
        self.city_id: str | None = None

    def select(self, city_id: str | None) -> None:
        self.city_id = city_id if city_id in self.doc.scenario.map.cities else None
        self.selected.emit(self.city_id)
        self.overlay_changed.emit()

    def new_city(self) -> None:
        """The next click founds a new city."""
        self.select(None)

    def press(self, hex_id, pos=None):
        s = self.doc.scenario
        spot = self.doc.gmap.city_at(hex_id)
        if self.city_id is None or self.city_id not in s.map.cities:
            if spot is not None:
                self.select(spot.id)
                return
            city_id = E.new_key(s.map.cities, "city")
            city = City(name=f"City {hex_id}", kind="minor_city", hexes=[hex_id])
            if self.doc.edit(f"Add city in {hex_id}", E.set_city, city_id, city):
                self.select(city_id)
            return
        if spot is not None and spot.id != self.city_id:
            self.select(spot.id)
            self.say(f"{hex_id} belongs to {spot.city.name}: selected it")
            return
        name = s.map.cities[self.city_id].name
        verb = "Remove" if spot is not None else "Add"
        self.doc.edit(f"{verb} {hex_id} {'from' if spot else 'to'} {name}", E.toggle_city_hex, self.city_id, hex_id)

    def set_properties(self, **changes) -> bool:
        """Change name, kind, vp or label_hex of the selected city."""
        if self.city_id is None:
            return False
        city = self.doc.scenario.map.cities[self.city_id]
        try:
            new = City.model_validate({**dict(city), **changes})
        except ValueError as exc:
            self.say(str(exc))
            return False
        return self.doc.edit(f"Change {city.name}", E.set_city, self.city_id, new)

    def set_garrison(self, hex_id: str, value: int) -> bool:
        if self.city_id is None:
            return False
        return self.doc.edit(f"Garrison {value} in {hex_id}", E.set_garrison, self.city_id, hex_id, value)

    def delete(self) -> bool:
        if self.city_id is None:
            return False
        name = self.doc.scenario.map.cities[self.city_id].name
        done = self.doc.edit(f"Delete city {name}", E.set_city, self.city_id, None)
        self.select(None)
        return done

    def overlay(self) -> Overlay:
        city = self.doc.scenario.map.cities.get(self.city_id or "")
        return Overlay(hexes={h: "selected" for h in city.hexes} if city else {})

    def _doc_changed(self, parts):
        # The selection outlives an undo of the city's creation, so a redo brings both back.
        if "map.cities" in parts:
            self.overlay_changed.emit()


# ----------------------------------------------------------------------------- lines


LINE_SIDE_STYLES = ("orange", "sky")


class LineTool(Tool):
    """Front and sector lines: click points (snapped to hex corners), Enter to finish.

    With a line selected, finishing replaces its points; otherwise a new line is made.  The
    overlay marks the hexes along the selected line on each side, in two styles.
    """

    key = "line"
    label = "Line"
    shortcut = "F"
    tip = "Line tool: click hex corners one after another, Enter or double-click to finish, Backspace to take back"

    def __init__(self, doc: Document, parent: QObject | None = None):
        super().__init__(doc, parent)
        self.line_id: str | None = None
        self.draft: list[Point] = []

    def select(self, line_id: str | None) -> None:
        self.line_id = line_id if line_id in self.doc.scenario.map.lines else None
        self.selected.emit(self.line_id)
        self.overlay_changed.emit()

    def press(self, hex_id, pos=None):
        if pos is None:
            pos = self.doc.gmap.center(hex_id)
        self.add_point(*pos)

    def add_point(self, x: float, y: float) -> Point:
        p = E.snap_to_corner(self.doc.scenario, x, y)
        if not self.draft or self.draft[-1] != p:
            self.draft.append(p)
        self.say(f"{len(self.draft)} points; Enter to finish, Backspace to take one back, Escape to drop")
        self.overlay_changed.emit()
        return p

    def take_back(self) -> None:
        if self.draft:
            self.draft.pop()
            self.overlay_changed.emit()

    def cancel(self):
        self.draft = []
        self.overlay_changed.emit()

    def finish(self) -> bool:
        if len(self.draft) < 2:
            self.say("a line needs at least two points")
            return False
        s = self.doc.scenario
        points = list(self.draft)
        if self.line_id in s.map.lines:
            line = s.map.lines[self.line_id]
            done = self.doc.edit(f"Redraw {line.name}", E.set_line, self.line_id, line.model_copy(update={"points": points}))
            line_id = self.line_id
        else:
            line_id = "front" if "front" not in s.map.lines else E.new_key(s.map.lines, "line")
            sides = list(s.sides)
            line = NamedLine(
                name="Front line" if line_id == "front" else f"Line {line_id}",
                points=points,
                sides={"left": sides[0], "right": sides[1]} if line_id == "front" and len(sides) >= 2 else {},
            )
            done = self.doc.edit(f"Draw {line.name}", E.set_line, line_id, line)
        if done:
            self.draft = []
            self.select(line_id)
        return done

    def set_properties(self, **changes) -> bool:
        """Change name, sides (``{"left": ..., "right": ...}``), marks, colour or style."""
        if self.line_id is None:
            return False
        line = self.doc.scenario.map.lines[self.line_id]
        try:
            new = NamedLine.model_validate({**dict(line), **changes})
        except ValueError as exc:
            self.say(str(exc))
            return False
        return self.doc.edit(f"Change {line.name}", E.set_line, self.line_id, new)

    def delete(self) -> bool:
        if self.line_id is None:
            return False
        name = self.doc.scenario.map.lines[self.line_id].name
        done = self.doc.edit(f"Delete {name}", E.set_line, self.line_id, None)
        self.select(None)
        return done

    def side_hexes(self) -> dict[str, str]:
        """Hexes along the selected line -> the side they are on."""
        if self.line_id is None or self.line_id not in self.doc.gmap.lines:
            return {}
        return {h: side for h, (side, _pos) in self.doc.gmap.lines[self.line_id].adjacent_hexes.items()}

    def overlay(self) -> Overlay:
        hexes: dict[str, str] = {}
        line = self.doc.scenario.map.lines.get(self.line_id or "")
        if line is not None:
            names = [line.sides.get("left", "left"), line.sides.get("right", "right")]
            for h, side in self.side_hexes().items():
                hexes[h] = LINE_SIDE_STYLES[0] if side == names[0] else LINE_SIDE_STYLES[1]
        path = list(self.draft)
        return Overlay(hexes=hexes, path=path, points=list(self.draft))

    def _doc_changed(self, parts):
        if "map.lines" in parts or "map.grid" in parts:
            self.overlay_changed.emit()


# ----------------------------------------------------------------------------- areas


class AreaTool(Tool):
    """Set-up zones, entry edges, reserve boxes: paint hexes into (or out of) the selected area."""

    key = "area"
    label = "Area"
    shortcut = "A"
    tip = "Area tool: click or drag to add hexes to the selected area; starting on one of its hexes takes them out"

    def __init__(self, doc: Document, parent: QObject | None = None):
        super().__init__(doc, parent)
        self.area_id: str | None = None
        self._stroke = None
        self._add = True
        self._done: set[str] = set()

    def select(self, area_id: str | None) -> None:
        self.area_id = area_id if area_id in self.doc.scenario.map.areas else None
        self.selected.emit(self.area_id)
        self.overlay_changed.emit()

    def new_area(self, area_id: str, name: str, kind: str = "zone", side: str | None = None) -> bool:
        s = self.doc.scenario
        area_id = area_id or E.new_key(s.map.areas, kind)
        if area_id in s.map.areas:
            self.say(f"there is an area {area_id!r} already")
            return False
        done = self.doc.edit(f"Add area {name}", E.set_area, area_id, Area(name=name, kind=kind, side=side))
        if done:
            self.select(area_id)
        return done

    def set_properties(self, **changes) -> bool:
        if self.area_id is None:
            return False
        area = self.doc.scenario.map.areas[self.area_id]
        try:
            new = Area.model_validate({**dict(area), **changes})
        except ValueError as exc:
            self.say(str(exc))
            return False
        return self.doc.edit(f"Change area {area.name}", E.set_area, self.area_id, new)

    def delete(self) -> bool:
        if self.area_id is None:
            return False
        name = self.doc.scenario.map.areas[self.area_id].name
        done = self.doc.edit(f"Delete area {name}", E.set_area, self.area_id, None)
        self.select(None)
        return done

    def press(self, hex_id, pos=None):
        if self.area_id is None or self.area_id not in self.doc.scenario.map.areas:
            self.say("choose an area or make a new one first")
            return
        self._stroke = new_stroke_key(self.key)
        self._add = hex_id not in self.doc.scenario.map.areas[self.area_id].hexes
        self._done = set()
        self._last = hex_id
        self._paint([hex_id])

    def drag(self, hex_id, pos=None):
        if self._stroke is not None and hex_id != self._last:
            hexes = [h for h in self.doc.gmap.grid.line(self._last, hex_id) if h not in self._done]
            self._last = hex_id
            if hexes:
                self._paint(hexes)

    def release(self, hex_id=None, pos=None):
        self._stroke = None

    def _paint(self, hexes: list[str]) -> None:
        self._done.update(hexes)
        area = self.doc.scenario.map.areas[self.area_id]
        n = len(self._done)
        verb = "Add" if self._add else "Remove"
        text = f"{verb} {n} hex{'es' if n > 1 else ''} {'to' if self._add else 'from'} {area.name}"
        self.doc.edit(text, E.paint_area, self.area_id, hexes, self._add, merge_key=self._stroke)

    def overlay(self) -> Overlay:
        area = self.doc.scenario.map.areas.get(self.area_id or "")
        return Overlay(hexes={h: "setup" for h in area.hexes} if area else {})

    def _doc_changed(self, parts):
        if "map.areas" in parts:
            self.overlay_changed.emit()


# ----------------------------------------------------------------------------- units


class UnitTool(Tool):
    """Set-up placements: drop a unit from the table on a hex, drag a counter to move it,
    Delete (or a right click) takes the top counter off the map."""

    key = "units"
    label = "Units"
    shortcut = "U"
    tip = "Units tool: drag units from the order of battle onto the map; drag counters to move them; Delete removes"

    def __init__(self, doc: Document, parent: QObject | None = None):
        super().__init__(doc, parent)
        self.picked: str | None = None  # the unit being dragged on the map
        self._from: str | None = None
        self.focus: str | None = None  # the unit chosen in the order of battle
        self.zone_hexes: list[str] = []  # where its set-up zones allow it

    def show_unit(self, unit_id: str | None, zone_hexes: list[str]) -> None:
        """Mark where a unit chosen in the table stands and where its set-up zones are."""
        self.focus = unit_id
        self.zone_hexes = list(zone_hexes)
        self.overlay_changed.emit()

    def overlay(self) -> Overlay:
        hexes = dict.fromkeys(self.zone_hexes, "setup")
        i = E.placement_index(self.doc.scenario, self.focus) if self.focus else None
        if i is not None and self.doc.scenario.setup.placements[i].hex:
            hexes[self.doc.scenario.setup.placements[i].hex] = "move"
        return Overlay(hexes=hexes)

    def _doc_changed(self, parts):
        if self.focus and "setup" in parts:
            self.overlay_changed.emit()

    def place(self, unit_id: str, location: str) -> bool:
        """A unit dropped on a hex or an off-map box (from the order of battle or the map)."""
        return self.place_many([unit_id], location)

    def place_many(self, unit_ids: list[str], location: str) -> bool:
        """Units dropped together (a dragged stack, several table rows): one undo step."""
        s = self.doc.scenario
        box = location in s.map.areas and location not in self.doc.gmap
        where = {}
        for unit_id in unit_ids:
            i = E.placement_index(s, unit_id)
            if i is not None:
                where[unit_id] = s.setup.placements[i].hex or s.setup.placements[i].box
        moving = [u for u in unit_ids if where.get(u) != location]
        if not moving:
            return False

        def apply(s):
            for unit_id in moving:
                s = E.place_unit(s, unit_id, hex_id=None if box else location, box=location if box else None)
            return s

        what = moving[0] if len(moving) == 1 else f"{len(moving)} units"
        origin = {where.get(u) for u in moving}
        verb = f"Move {what} from {origin.pop()} to" if len(origin) == 1 and None not in origin else f"Place {what} in"
        return self.doc.edit(f"{verb} {location}", apply)

    def move(self, from_hex: str, to_hex: str) -> bool:
        """Move the top unit of ``from_hex`` to ``to_hex`` (the view's counter drag)."""
        units = E.units_at(self.doc.scenario, from_hex)
        if not units:
            self.say(f"no unit in {from_hex}")
            return False
        return self.place(units[-1], to_hex)

    def remove(self, unit_id: str) -> bool:
        return self.doc.edit(f"Take {unit_id} off the map", E.remove_placement, unit_id)

    def remove_at(self, hex_id: str) -> bool:
        units = E.units_at(self.doc.scenario, hex_id)
        if not units:
            self.say(f"no unit in {hex_id}")
            return False
        return self.remove(units[-1])

    def press(self, hex_id, pos=None):
        units = E.units_at(self.doc.scenario, hex_id)
        self.picked = units[-1] if units else None
        self._from = hex_id
        self.selected.emit(self.picked)

    def release(self, hex_id=None, pos=None):
        if self.picked is not None and hex_id is not None and hex_id != self._from:
            self.place(self.picked, hex_id)
        self.picked = None
        self._from = None


ALL_TOOLS = (Tool, TerrainTool, HexsideTool, NetTool, RailTool, CityTool, LineTool, AreaTool, UnitTool)

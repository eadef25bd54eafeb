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
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from kharkovsuite.scenario import edit as E
from kharkovsuite.scenario.model import Area, City, NamedLine, Place, Scenario
from kharkovsuite.scenario.model import Model  # the format's plain classes (their pydantic twins validate)

from .document import Document, new_stroke_key

if TYPE_CHECKING:  # imported by the hexside brush when first used: the editor opens without it
    import networkx as nx

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


class BrushStroke:
    """What the hex brushes share (terrain, areas): a press starts a stroke, a drag paints the
    hexes passed, a release ends it; the edits of one stroke merge into one undo step.

    Subclasses define ``_paint(hexes, n)``: paint ``hexes``, each hex of a stroke once; with
    them the stroke has painted ``n`` hexes.
    """

    _stroke = None  # the merge key of the stroke under way
    _done: set[str]  # the hexes painted by it

    def _begin(self, hex_id: str) -> None:
        self._stroke = new_stroke_key(self.key)
        self._done = set()
        self._last = hex_id
        self._paint_new([hex_id])

    def drag(self, hex_id, pos=None):
        if self._stroke is not None and hex_id != self._last:
            # Mouse moves can skip hexes when the map redraws slowly: paint the line between.
            hexes = [h for h in self.doc.gmap.grid.line(self._last, hex_id) if h not in self._done]
            self._last = hex_id
            if hexes:
                self._paint_new(hexes)

    def release(self, hex_id=None, pos=None):
        self._stroke = None

    def _paint_new(self, hexes: list[str]) -> None:
        self._done.update(hexes)
        self._paint(hexes, len(self._done))


class TerrainTool(BrushStroke, Tool):
    """Paint terrain hex by hex (a drag is one undo step), or flood-fill a region."""

    key = "terrain"
    label = "Terrain"
    shortcut = "T"
    tip = "Terrain brush: click or drag to paint; in fill mode, fill a contiguous region of one terrain"

    def __init__(self, doc: Document, parent: QObject | None = None):
        super().__init__(doc, parent)
        self.terrain: str = doc.scenario.map.default_terrain
        self.mode = "brush"  # or "fill"

    def _name(self) -> str:
        t = self.doc.scenario.map.terrain_types.get(self.terrain)
        return t.name if t else self.terrain

    def press(self, hex_id, pos=None):
        if self.mode == "fill":
            region = E.flood_region(self.doc.scenario, hex_id)
            self.doc.edit(f"Fill {len(region)} hexes with {self._name()}", E.flood_fill, hex_id, self.terrain)
            return
        self._begin(hex_id)

    def _paint(self, hexes: list[str], n: int) -> None:
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


def _corner(p: Point) -> Point:
    return (round(p[0], 4), round(p[1], 4))


def corner_graph(gmap) -> nx.Graph:
    """The hex corners of the map joined by its hexsides; each edge knows its two hexes (``side``)
    and its midpoint (``mid``)."""
    import networkx as nx

    g = nx.Graph()
    layout, grid = gmap.layout, gmap.grid
    for a in gmap.hex_ids:
        for b in gmap.neighbors(a):
            if a < b and b in gmap:
                p, q = layout.edge(grid.hex_of(a), grid.hex_of(b))
                g.add_edge(_corner(p), _corner(q), side=(a, b), mid=((p[0] + q[0]) / 2, (p[1] + q[1]) / 2))
    return g


def hexsides_between(graph: nx.Graph, start: tuple[Point, Point], end: tuple[Point, Point], trail: list[Point]) -> list[tuple[str, str]]:
    """The hexsides that join hexside ``start`` to hexside ``end`` (each given by its two corners)
    along the hex edges nearest the pointer's ``trail``: what a drag passed over between two
    mouse events, so that a river drawn quickly has no gaps (Tiled's brush fills a stroke the
    same way)."""
    import networkx as nx

    segments = list(zip(trail, trail[1:])) or [(trail[0], trail[0])]

    def weight(_u, _v, data) -> float:
        off = min(_segment_distance(data["mid"], a, b) if a != b else math.dist(data["mid"], a) for a, b in segments)
        return 1.0 + 3.0 * off

    best: list | None = None
    best_cost = math.inf
    for target in end:
        try:
            cost, path = nx.multi_source_dijkstra(graph, set(start), target, weight=weight)
        except nx.NetworkXNoPath:
            continue
        if cost < best_cost:
            best, best_cost = path, cost
    if best is None:
        return []
    return [graph.edges[u, v]["side"] for u, v in zip(best, best[1:])]


class HexsideTool(Tool):
    """Toggle a hexside feature (river class, fortified hexside, bridge) by clicking near a hexside.

    A drag along hexsides gives every hexside passed what the first one got (added or taken
    away), as one undo step; hexsides the pointer skipped between two mouse events are filled
    in along the hex edges nearest its path.
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
        self._last: tuple[Point, Point] | None = None  # the corners of the last hexside of the drag
        self._trail: list[Point] = []  # where the pointer went since
        self._graph: tuple[object, nx.Graph] | None = None  # (the grid it was built for, graph)

    def _corners(self, a: str, b: str) -> tuple[Point, Point]:
        gmap = self.doc.gmap
        p, q = gmap.layout.edge(gmap.grid.hex_of(a), gmap.grid.hex_of(b))
        return (_corner(p), _corner(q))

    def _corner_graph(self) -> nx.Graph:
        gmap = self.doc.gmap
        if self._graph is None or self._graph[0] != gmap.model.grid:
            self._graph = (gmap.model.grid, corner_graph(gmap))
        return self._graph[1]

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
        self._last, self._trail = self._corners(a, b), [pos]
        self._set(a, b, self._present, self._stroke)

    def drag(self, hex_id, pos=None):
        if self._stroke is None or pos is None:
            return
        self._trail.append(pos)
        near = nearest_hexside(self.doc, hex_id, pos)
        if near is None or near[2] > self.DRAG_REACH:
            return
        a, b, _ = near
        end = self._corners(a, b)
        if set(end) == set(self._last):
            return
        passed = hexsides_between(self._corner_graph(), self._last, end, self._trail) + [(a, b)]
        self._last, self._trail = end, [pos]
        for a, b in passed:
            side = "/".join(sorted((a, b)))
            if side not in self._done:
                self._done.add(side)
                self._set(a, b, self._present, self._stroke)

    def release(self, hex_id=None, pos=None):
        self._stroke = None
        self._last, self._trail = None, []

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


# ----------------------------------------------------------------------------- named map objects


class MapObjectTool(Tool):
    """Base of the tools for the named objects of the map (cities, places, lines, areas).

    The tool keeps one object selected (:attr:`current`); :meth:`set_properties` and
    :meth:`delete` change or remove it as one undoable edit each.
    """

    collection = ""  # the mapping of the map model: "cities", "places", "lines", "areas"
    model: type[Model] = Model
    noun = ""  # in undo texts: "Delete city Kharkov"
    setter: Callable[..., Scenario]  # (scenario, key, object or None) -> scenario: E.set_city, E.set_line, ...

    def __init__(self, doc: Document, parent: QObject | None = None):
        super().__init__(doc, parent)
        self.current: str | None = None
        self._chosen: Model | None = None  # the object under that key, to follow a rename

    def objects(self) -> dict:
        return getattr(self.doc.scenario.map, self.collection)

    def select(self, key: str | None) -> None:
        self.current = key if key in self.objects() else None
        self._chosen = self.objects().get(self.current or "")
        self.selected.emit(self.current)
        self.overlay_changed.emit()

    def store(self, text: str, key: str, obj: Model | None) -> bool:
        """Put ``obj`` on the map under ``key`` (None removes it), as one undoable edit."""
        return self.doc.edit(text, self.setter, key, obj)

    def set_properties(self, **changes) -> bool:
        """Change fields of the selected object (name, kind, sides, ...), validated by its model."""
        if self.current is None:
            return False
        obj = self.objects()[self.current]
        try:
            new = self.model.model_validate({**dict(obj), **changes})
        except ValueError as exc:
            self.say(str(exc))
            return False
        return self.store(f"Change {self.noun} {obj.name}", self.current, new)

    def delete(self) -> bool:
        if self.current is None:
            return False
        name = self.objects()[self.current].name
        if self.noun in E.RENAMEABLE:  # a line or an area that other parts name stays
            done = self.doc.edit(f"Delete {self.noun} {name}", E.remove_unused, self.noun, self.current)
        else:
            done = self.store(f"Delete {self.noun} {name}", self.current, None)
        if done:
            self.select(None)
        return done

    def _doc_changed(self, parts):
        # The selection outlives an undo of the object's creation, so a redo brings both back;
        # a rename keeps the object itself, so the selection follows it to its new id.
        if f"map.{self.collection}" in parts:
            objects = self.objects()
            if self.current in objects:
                self._chosen = objects[self.current]
            elif self.current is not None:
                moved = next((k for k, v in objects.items() if v is self._chosen), None)
                if moved is not None:
                    self.select(moved)
        if f"map.{self.collection}" in parts or "map.grid" in parts:
            self.overlay_changed.emit()


# ----------------------------------------------------------------------------- cities


class CityTool(MapObjectTool):
    """Cities and towns: click an empty hex to start a city, click hexes to add or take away."""

    key = "city"
    label = "City"
    shortcut = "C"
    tip = "City tool: click a hex to found a city; with a city selected, click hexes to add or remove them"
    collection = "cities"
    model = City
    setter = staticmethod(E.set_city)
    noun = "city"

    @property
    def city_id(self) -> str | None:
        return self.current

    def new_city(self) -> None:
        """The next click founds a new city."""
        self.select(None)

    def press(self, hex_id, pos=None):
        s = self.doc.scenario
        spot = self.doc.gmap.city_at(hex_id)
        if self.current is None or self.current not in s.map.cities:
            if spot is not None:
                self.select(spot.id)
                return
            city_id = E.new_key(s.map.cities, "city")
            city = City(name=f"City {hex_id}", kind="minor_city", hexes=[hex_id])
            if self.store(f"Add city in {hex_id}", city_id, city):
                self.select(city_id)
            return
        if spot is not None and spot.id != self.current:
            self.select(spot.id)
            self.say(f"{hex_id} belongs to {spot.city.name}: selected it")
            return
        name = s.map.cities[self.current].name
        verb = "Remove" if spot is not None else "Add"
        self.doc.edit(f"{verb} {hex_id} {'from' if spot else 'to'} {name}", E.toggle_city_hex, self.current, hex_id)

    def set_garrison(self, hex_id: str, value: int) -> bool:
        if self.current is None:
            return False
        return self.doc.edit(f"Garrison {value} in {hex_id}", E.set_garrison, self.current, hex_id, value)

    def overlay(self) -> Overlay:
        city = self.objects().get(self.current or "")
        return Overlay(hexes={h: "selected" for h in city.hexes} if city else {})


# ----------------------------------------------------------------------------- places


class PlaceTool(MapObjectTool):
    """Named places without rule effects (villages, stations): one hex each.

    With no place selected, a click on an empty hex names a new place there; a click on a
    place selects it; with a place selected, a click on another hex moves it there.
    """

    key = "place"
    label = "Place"
    shortcut = "P"
    tip = "Place tool: click a hex to name a place there; click a place to choose it; with a place chosen, click a hex to move it"
    collection = "places"
    model = Place
    setter = staticmethod(E.set_place)
    noun = "place"

    def places_at(self, hex_id: str) -> list[str]:
        return [k for k, p in self.objects().items() if p.hex == hex_id]

    def press(self, hex_id, pos=None):
        here = self.places_at(hex_id)
        if self.current in here:
            return
        if here:
            self.select(here[0])
            return
        if self.current is None:
            place_id = E.new_key(self.objects(), "place")
            if self.store(f"Add place in {hex_id}", place_id, Place(name=f"Place {hex_id}", hex=hex_id)):
                self.select(place_id)
            return
        place = self.objects()[self.current]
        self.store(f"Move place {place.name} to {hex_id}", self.current, place.model_copy(update={"hex": hex_id}))

    def overlay(self) -> Overlay:
        place = self.objects().get(self.current or "")
        return Overlay(hexes={place.hex: "selected"} if place else {})


# ----------------------------------------------------------------------------- lines


LINE_SIDE_STYLES = ("orange", "sky")


class LineTool(MapObjectTool):
    """Front and sector lines: click points (snapped to hex corners), Enter to finish.

    With a line selected, finishing replaces its points; otherwise a new line is made.  The
    overlay marks the hexes along the selected line on each side, in two styles.
    """

    key = "line"
    label = "Line"
    shortcut = "F"
    tip = "Line tool: click hex corners one after another, Enter or double-click to finish, Backspace to take back"
    collection = "lines"
    model = NamedLine
    setter = staticmethod(E.set_line)
    noun = "line"

    def __init__(self, doc: Document, parent: QObject | None = None):
        super().__init__(doc, parent)
        self.draft: list[Point] = []

    @property
    def line_id(self) -> str | None:
        return self.current

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
        if self.current in s.map.lines:
            line = s.map.lines[self.current]
            done = self.store(f"Redraw {line.name}", self.current, line.model_copy(update={"points": points}))
            line_id = self.current
        else:
            line_id = "front" if "front" not in s.map.lines else E.new_key(s.map.lines, "line")
            sides = list(s.sides)
            line = NamedLine(
                name="Front line" if line_id == "front" else f"Line {line_id}",
                points=points,
                sides={"left": sides[0], "right": sides[1]} if line_id == "front" and len(sides) >= 2 else {},
            )
            done = self.store(f"Draw {line.name}", line_id, line)
        if done:
            self.draft = []
            self.select(line_id)
        return done

    def side_hexes(self) -> dict[str, str]:
        """Hexes along the selected line -> the side they are on."""
        if self.current is None or self.current not in self.doc.gmap.lines:
            return {}
        return {h: side for h, (side, _pos) in self.doc.gmap.lines[self.current].adjacent_hexes.items()}

    def overlay(self) -> Overlay:
        hexes: dict[str, str] = {}
        line = self.objects().get(self.current or "")
        if line is not None:
            names = [line.sides.get("left", "left"), line.sides.get("right", "right")]
            for h, side in self.side_hexes().items():
                hexes[h] = LINE_SIDE_STYLES[0] if side == names[0] else LINE_SIDE_STYLES[1]
        path = list(self.draft)
        return Overlay(hexes=hexes, path=path, points=list(self.draft))


# ----------------------------------------------------------------------------- areas


class AreaTool(BrushStroke, MapObjectTool):
    """Set-up zones, entry edges, reserve boxes: paint hexes into (or out of) the selected area."""

    key = "area"
    label = "Area"
    shortcut = "A"
    tip = "Area tool: click or drag to add hexes to the selected area; starting on one of its hexes takes them out"
    collection = "areas"
    model = Area
    setter = staticmethod(E.set_area)
    noun = "area"

    _add = True

    @property
    def area_id(self) -> str | None:
        return self.current

    def new_area(self, area_id: str, name: str, kind: str = "zone", side: str | None = None) -> bool:
        s = self.doc.scenario
        area_id = area_id or E.new_key(s.map.areas, kind)
        if area_id in s.map.areas:
            self.say(f"there is an area {area_id!r} already")
            return False
        done = self.store(f"Add area {name}", area_id, Area(name=name, kind=kind, side=side))
        if done:
            self.select(area_id)
        return done

    def press(self, hex_id, pos=None):
        if self.current is None or self.current not in self.objects():
            self.say("choose an area or make a new one first")
            return
        self._add = hex_id not in self.objects()[self.current].hexes
        self._begin(hex_id)

    def _paint(self, hexes: list[str], n: int) -> None:
        area = self.objects()[self.current]
        verb = "Add" if self._add else "Remove"
        text = f"{verb} {n} hex{'es' if n > 1 else ''} {'to' if self._add else 'from'} {area.name}"
        self.doc.edit(text, E.paint_area, self.current, hexes, self._add, merge_key=self._stroke)

    def overlay(self) -> Overlay:
        area = self.objects().get(self.current or "")
        return Overlay(hexes={h: "setup" for h in area.hexes} if area else {})


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


ALL_TOOLS = (Tool, TerrainTool, HexsideTool, NetTool, RailTool, CityTool, PlaceTool, LineTool, AreaTool, UnitTool)

"""The map as a QGraphicsScene: static layers, counters, overlays and highlights.

Layers by z (bottom to top): terrain (fills, patterns, grid), areas, hexsides, roads, rails,
lines, boxes, cities, places, hex ids, overlays, highlights, counters.  Each static layer is one
:class:`~.layers.MapLayer`; ``layers[name]`` gives it, ``set_layer_visible`` toggles it.  In a
view the static layers are painted by one :class:`~.overlays.OverlayLayer` (``static_layer``),
as the overlays are by another: from tiles kept per zoom, stretched from the nearest zoom kept
while the wheel goes through zooms never shown, exact once the view rests.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen, QPixmapCache
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsScene

from ..map import GameMap
from ..scenario.model import Scenario
from . import layers as L
from . import style as S
from .counters import CounterColors, CounterPainter, CounterView
from .markers import Marker, MarkerItem
from .overlays import OVERLAY_Z, HexOverlayItem, OverlayLayer, PathOverlayItem
from .stacks import COUNTER_Z, StackItem

LAYERS = ("terrain", "areas", "hexsides", "roads", "rails", "lines", "boxes", "cities", "places", "hex_ids")
HIDDEN_AT_START = ("hex_ids", "areas")
HIGHLIGHT_Z = 95.0
STATIC_Z = -1.0  # the item that paints the static layers (their own z values order them within it)

# Device-coordinate caches of the layers live in QPixmapCache; its default 10 MB holds barely one
# full-screen layer, which would make every frame repaint.  256 MB holds all of them at 4K.
_PIXMAP_CACHE_KB = 256 * 1024


DETAIL_KEPT = 1.15  # a level of detail shown stays until the counters are this much smaller than where it starts


class MapScene(QGraphicsScene):
    """The scene of one scenario's map.  Locations are hex ids, or ids of off-map boxes."""

    counters_changed = Signal()
    overlays_changed = Signal()
    map_changed = Signal()  # static layers rebuilt (an edited map)
    layer_visibility_changed = Signal(str, bool)

    def __init__(self, scenario: Scenario, game_map: GameMap | None = None, parent=None):
        super().__init__(parent)
        if QPixmapCache.cacheLimit() < _PIXMAP_CACHE_KB:
            QPixmapCache.setCacheLimit(_PIXMAP_CACHE_KB)
        self.scenario = scenario
        self.game_map = game_map or GameMap.from_scenario(scenario)
        self.geo = L.Geometry(self.game_map)
        self.colors = CounterColors.from_scenario(scenario)
        self.counter_painter = CounterPainter(self.colors)
        k = S.HEX_SIZE
        self.counter_size = k * (1.04 if self.geo.pointy else 1.0)
        self.layers: dict[str, L.MapLayer] = {}
        self.boxes: dict[str, L.Box] = {}
        self._stacks: dict[str, StackItem] = {}
        self._counters: dict[str, list[CounterView]] = {}
        self._overlays: dict[str, HexOverlayItem | PathOverlayItem] = {}
        self._markers: dict[str, list[MarkerItem]] = {}
        self._fanned: StackItem | None = None
        self._counter_render: tuple[float, int] | None = None
        self._unbuilt: set[str] = set()
        self.overlay_layer = OverlayLayer(QRectF())
        self.addItem(self.overlay_layer)
        # The static layers are painted the same way, from tiles kept per zoom, below everything
        # else: a zoom never seen shows the nearest zoom's tiles stretched until the view rests
        # (a device cache per layer repainted every layer at every new zoom).
        self.static_layer = OverlayLayer(QRectF())
        self.static_layer.setZValue(STATIC_Z)
        self.addItem(self.static_layer)
        self.setBackgroundBrush(QColor(S.MAP_BACKGROUND))
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        self._hover = self._highlight_item(QColor(S.OKABE_ITO["black"]), k * 0.06, Qt.PenStyle.SolidLine)
        self._selection = self._highlight_item(QColor(S.OKABE_ITO["yellow"]), k * 0.12, Qt.PenStyle.SolidLine)
        self._cursor = self._highlight_item(QColor(S.OKABE_ITO["blue"]), k * 0.08, Qt.PenStyle.DashLine)
        self._drop_target = self._highlight_item(QColor(S.OKABE_ITO["green"]), k * 0.12, Qt.PenStyle.DashLine)
        self.rebuild_layers()

    # ------------------------------------------------------------------ static layers

    def rebuild_layers(self, names: tuple[str, ...] | None = None) -> None:
        """(Re)build static layers from the scenario's map, e.g. after an edit in the editor."""
        if names and "terrain" in names and self.game_map.model is not self.scenario.map:
            self.game_map = GameMap.from_scenario(self.scenario)
            self.geo.map = self.game_map
        geo = self.geo
        ids = L.box_ids(self.scenario, self.game_map)
        capacity = {b: len(self._counters.get(b, ())) for b in ids}
        for p in self.scenario.setup.placements:
            if p.box:
                capacity[p.box] = capacity.get(p.box, 0) + 1
        self.boxes = L.layout_boxes(geo, ids, self.counter_size, capacity)
        rect = QRectF(geo.map_rect)
        for box in self.boxes.values():
            rect = rect.united(box.rect)
        m = S.HEX_SIZE
        self.scene_map_rect = rect.adjusted(-m, -m, m, m)
        self.setSceneRect(self.scene_map_rect)
        self.overlay_layer.set_rect(self.scene_map_rect)
        self.static_layer.set_rect(self.scene_map_rect)
        side_colors = {sid: QColor(side.color) for sid, side in self.scenario.sides.items()}
        builders = {
            "terrain": lambda: L.terrain_layer(geo, rect),
            "areas": lambda: L.area_layer(geo, rect, self.scenario, side_colors),
            "hexsides": lambda: L.hexside_layer(geo, rect),
            "roads": lambda: L.road_layer(geo, rect),
            "rails": lambda: L.rail_layer(geo, rect),
            "lines": lambda: L.line_layer(geo, rect),
            "boxes": lambda: L.box_layer(self.boxes, rect),
            "cities": lambda: L.city_layer(geo, rect),
            "places": lambda: L.place_layer(geo, rect),
            "hex_ids": lambda: L.hex_id_layer(geo, rect),
        }
        for name in names or LAYERS:
            old = self.layers.get(name)
            visible = old.isVisible() if old is not None else name not in HIDDEN_AT_START
            if old is not None:
                self.static_layer.remove(old)
                self.removeItem(old)
            if visible:
                layer = builders[name]()
                self._unbuilt.discard(name)
            else:
                # A hidden layer is built when first shown (set_layer_visible): the set-up zones
                # alone cost a tenth of a second at start.
                layer = L.MapLayer(name, rect, L.LAYER_Z[name])
                self._unbuilt.add(name)
            layer.setVisible(visible)
            self.addItem(layer)
            self.static_layer.add(layer)
            self.layers[name] = layer
        self.map_changed.emit()

    def layer(self, name: str) -> L.MapLayer:
        """The layer item ``name``, built if it has been hidden so far."""
        if name in self._unbuilt:
            visible = self.layers[name].isVisible()
            self.layers[name].setVisible(True)  # rebuild_layers builds visible layers
            self.rebuild_layers((name,))
            self.layers[name].setVisible(visible)
        return self.layers[name]

    def set_scenario(self, scenario: Scenario, game_map: GameMap | None = None, layers: tuple[str, ...] | None = None) -> None:
        """Show an edited scenario, rebuilding only ``layers`` (all of them when None).

        The editor calls this after each edit with the layers the edit touched; a new grid
        (a resized map) needs new geometry and therefore every layer.
        """
        game_map = game_map or GameMap.from_scenario(scenario)
        if game_map.grid.spec != self.game_map.grid.spec:
            self.geo = L.Geometry(game_map)
            layers = None
        else:
            self.geo.map = game_map
        repaint_counters = scenario.sides != self.scenario.sides
        if repaint_counters:
            self.colors = CounterColors.from_scenario(scenario)
            self.counter_painter = CounterPainter(self.colors)
        self.scenario = scenario
        self.game_map = game_map
        self.rebuild_layers(layers)
        if repaint_counters:
            # Stack items keep the painter they were made with: make them anew.
            stacks = self.counters()
            self.set_counters({})
            self.set_counters({loc: s for loc, s in stacks.items() if loc in self.boxes or loc in self.game_map})

    def set_layer_visible(self, name: str, visible: bool) -> None:
        layer = self.layer(name) if visible else self.layers[name]
        if layer.isVisible() != visible:
            layer.setVisible(visible)
            self.static_layer.changed(layer.boundingRect())
            self.layer_visibility_changed.emit(name, visible)

    def layer_visible(self, name: str) -> bool:
        return self.layers[name].isVisible()

    def set_layer_cache(self, enabled: bool) -> None:
        """Turn the tile caches of the static layers and the overlays on or off (for measuring)."""
        self.static_layer.set_cached(enabled)
        self.overlay_layer.set_cached(enabled)

    # ------------------------------------------------------------------ geometry

    @property
    def map_rect(self) -> QRectF:
        """The hexes of the map, without the off-map boxes."""
        return QRectF(self.geo.map_rect)

    def hex_center(self, hex_id: str) -> QPointF:
        return QPointF(self.geo.center(hex_id))

    def hex_polygon(self, hex_id: str):
        return self.geo.polygon(hex_id)

    def hex_at(self, pos: QPointF) -> str | None:
        """The hex under a scene point, or None off the map."""
        return self.geo.hex_at(pos.x(), pos.y())

    def box_at(self, pos: QPointF) -> str | None:
        for box in self.boxes.values():
            if box.rect.contains(pos):
                return box.id
        return None

    def location_at(self, pos: QPointF) -> str | None:
        """The hex id or box id under a scene point."""
        return self.hex_at(pos) or self.box_at(pos)

    def location_center(self, location: str) -> QPointF:
        if location in self.boxes:
            return self.boxes[location].rect.center()
        return self.hex_center(location)

    # ------------------------------------------------------------------ counters

    def set_counters(self, stacks: dict[str, list[CounterView]]) -> None:
        """Show these counters: location (hex or box id) -> stack, top counter first.

        Only the stacks that changed are rebuilt, so the engine may call this after every event.
        """
        stacks = {loc: list(s) for loc, s in stacks.items() if s}
        unknown = [loc for loc in stacks if loc not in self.boxes and loc not in self.game_map]
        if unknown:
            raise KeyError(f"not a hex or box of this map: {', '.join(sorted(unknown))}")
        if self._fanned is not None and self._counters.get(self._fanned.location) != stacks.get(self._fanned.location):
            self._fanned = None
        for loc in list(self._counters):
            if loc not in stacks:
                self._remove_stack(loc)
        for loc, stack in stacks.items():
            if self._counters.get(loc) == stack:
                continue
            self._remove_stack(loc)
            self._counters[loc] = stack
            if loc in self.boxes:
                box = self.boxes[loc]
                for i, cv in enumerate(stack):
                    item = self.make_stack_item(loc, [cv])
                    item.setPos(box.slot(i, self.counter_size))
                    self.addItem(item)
                    self._stacks[f"{loc}#{i}"] = item
            else:
                item = self.make_stack_item(loc, stack)
                item.setPos(self.hex_center(loc))
                self.addItem(item)
                self._stacks[loc] = item
        self.counters_changed.emit()

    def set_view_scale(self, scale: float) -> None:
        """Tell the scene the zoom it is seen at (device pixels per scene unit).

        Counters are cached at the power of two at or above it and redrawn only when that power
        or their level of detail changes.  A cache one power of two above stays (drawn smaller):
        a wheel going back and forth over a power of two redraws no stack.  A level of detail is
        kept while the counters are at most :data:`DETAIL_KEPT` smaller than where it starts
        (the text stays a wheel step below its threshold once shown): a wheel going back and
        forth over a threshold redraws no stack either, and the text does not come and go.
        With several views, the last one to call wins.
        """
        bucket = 2.0 ** math.ceil(math.log2(max(scale, 1e-3)))
        bucket = min(8.0, max(0.125, bucket))
        size = self.counter_size * scale
        detail = CounterPainter.detail(size)
        if self._counter_render is not None:
            kept, kept_detail = self._counter_render
            if kept_detail > detail and CounterPainter.detail(size * DETAIL_KEPT) >= kept_detail:
                detail = kept_detail
            if kept_detail == detail and bucket <= kept <= 2 * bucket:
                return
        self._counter_render = (bucket, detail)
        for item in self._stacks.values():
            self._render_stack(item)

    def make_stack_item(self, location: str, counters: list[CounterView]) -> StackItem:
        """A stack item drawn like the scene's own (not added to the scene)."""
        item = StackItem(location, counters, self.counter_painter, self.counter_size)
        self._render_stack(item)
        return item

    def _render_stack(self, item: StackItem) -> None:
        if self._counter_render is not None:
            item.set_render(*self._counter_render)

    def _remove_stack(self, loc: str) -> None:
        self._counters.pop(loc, None)
        for key in [k for k in self._stacks if k == loc or k.startswith(loc + "#")]:
            item = self._stacks.pop(key)
            if item is self._fanned:
                self._fanned = None
            self.removeItem(item)

    def counters(self) -> dict[str, list[CounterView]]:
        return {loc: list(s) for loc, s in self._counters.items()}

    def stack_at(self, location: str) -> list[CounterView]:
        """The counters at a hex or box, top first."""
        return list(self._counters.get(location, ()))

    def stack_item(self, location: str) -> StackItem | None:
        return self._stacks.get(location)

    def stack_item_at(self, pos: QPointF) -> StackItem | None:
        """The counter stack drawn under a scene point (a fanned stack first)."""
        if self._fanned is not None and self._fanned.counter_at(pos) is not None:
            return self._fanned
        for item in self.items(pos, Qt.ItemSelectionMode.IntersectsItemBoundingRect, Qt.SortOrder.DescendingOrder):
            if isinstance(item, StackItem) and item.counter_at(pos) is not None:
                return item
        return None

    def fan_out(self, location: str | None) -> None:
        """Spread the stack at ``location`` so every counter shows (None folds it back)."""
        item = self._stacks.get(location) if location else None
        if item is self._fanned:
            return
        if self._fanned is not None:
            self._fanned.set_fanned(False)
        self._fanned = item if item is not None and len(item.counters) > 1 else None
        if self._fanned is not None:
            self._fanned.set_fanned(True)

    @property
    def fanned(self) -> str | None:
        return self._fanned.location if self._fanned is not None else None

    # ------------------------------------------------------------------ overlays

    def set_hex_overlay(self, name: str, hexes: dict[str, tuple[str | S.OverlayStyle, str | None]], label_top: bool = False) -> None:
        """Mark hexes: ``{hex: (style, label)}``; the style is a palette name or alias (see :mod:`.style`).  Labels go
        low in the hex, or high with ``label_top`` (an overlay often shown under another's labels, e.g. ZOC kinds under MP costs)."""
        bad = [h for h in hexes if h not in self.game_map]
        if bad:
            raise KeyError(f"overlay {name!r}: not hexes of this map: {', '.join(sorted(bad))}")
        for style, _ in hexes.values():
            S.overlay_style(style)
        old = self._overlays.get(name)
        if (isinstance(old, HexOverlayItem) and old.entries == hexes and old.label_top == label_top
                and all(old.zValue() > other.zValue() for other in self._overlays.values() if isinstance(other, HexOverlayItem) and other is not old)):
            # the same marks, already over every other hex overlay (paths go over them all): drawn as they are (a click
            # that changes nothing there)
            old.setZValue(OVERLAY_Z + len(self._overlays) * 0.01)  # as a new one would be: still over the others
            self._overlays[name] = self._overlays.pop(name)
            return
        self._replace_overlay(name, HexOverlayItem(name, self.geo, hexes, OVERLAY_Z + len(self._overlays) * 0.01, label_top))

    def set_path_overlay(self, name: str, hexes: list[str], style: str | S.OverlayStyle = "path") -> None:
        """Draw a path through hex centres (a move, a supply or command line), ending in an arrow."""
        bad = [h for h in hexes if h not in self.game_map]
        if bad:
            raise KeyError(f"overlay {name!r}: not hexes of this map: {', '.join(sorted(bad))}")
        self._replace_overlay(name, PathOverlayItem(name, self.geo, hexes, style))

    def clear_overlay(self, name: str) -> None:
        item = self._overlays.pop(name, None)
        if item is not None:
            self.overlay_layer.remove(item)
            self.removeItem(item)
            self.overlays_changed.emit()

    def set_markers(self, name: str, markers: dict[str, Marker]) -> None:
        """Put badges on hexes (``{hex: Marker}``), in each hex's upper corner, replacing the markers of that name."""
        bad = [h for h in markers if h not in self.game_map]
        if bad:
            raise KeyError(f"markers {name!r}: not hexes of this map: {', '.join(sorted(bad))}")
        for item in self._markers.pop(name, []):
            self.removeItem(item)
        k = S.HEX_SIZE
        items = []
        for hex_id, marker in sorted(markers.items()):
            item = MarkerItem(marker, hex_id, self.geo.center(hex_id) + QPointF(k * 0.45, -k * 0.62))
            self.addItem(item)
            items.append(item)
        if items:
            self._markers[name] = items

    def markers(self, name: str) -> dict[str, Marker]:
        """The markers of that name: hex -> marker."""
        return {item.location: item.marker for item in self._markers.get(name, [])}

    def clear_overlays(self) -> None:
        for name in list(self._overlays):
            self.clear_overlay(name)

    def overlay(self, name: str) -> HexOverlayItem | PathOverlayItem | None:
        return self._overlays.get(name)

    @property
    def overlay_names(self) -> list[str]:
        return sorted(self._overlays)

    def _replace_overlay(self, name: str, item) -> None:
        old = self._overlays.pop(name, None)
        if old is not None:
            self.overlay_layer.remove(old)
            self.removeItem(old)
        self._overlays[name] = item
        self.addItem(item)
        self.overlay_layer.add(item)
        self.overlays_changed.emit()

    # ------------------------------------------------------------------ highlights

    def _highlight_item(self, color: QColor, width: float, dash: Qt.PenStyle) -> QGraphicsPathItem:
        item = QGraphicsPathItem()
        pen = QPen(color, width, dash)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        item.setPen(pen)
        item.setBrush(QBrush(Qt.BrushStyle.NoBrush))
        item.setZValue(HIGHLIGHT_Z)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        item.setVisible(False)
        self.addItem(item)
        return item

    def _outline(self, item: QGraphicsPathItem, location: str | None) -> None:
        if not location:
            item.setVisible(False)
            return
        path = QPainterPath()
        if location in self.boxes:
            path.addRect(self.boxes[location].rect)
        else:
            path.addPolygon(self.hex_polygon(location))
        item.setPath(path)
        item.setVisible(True)

    def set_hover_hex(self, location: str | None) -> None:
        self._outline(self._hover, location)

    def set_selected_hex(self, location: str | None) -> None:
        self._outline(self._selection, location)

    def set_cursor_hex(self, location: str | None) -> None:
        self._outline(self._cursor, location)

    def set_drop_target(self, location: str | None) -> None:
        self._outline(self._drop_target, location)


__all__ = ["LAYERS", "MapScene", "COUNTER_Z"]

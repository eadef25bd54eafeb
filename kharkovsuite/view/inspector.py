"""The stack inspector: the counters of one hex, drawn large with their names."""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from .counters import MARKERS, CounterView
from .scene import MapScene


def describe_location(scene: MapScene, location: str | None) -> str:
    """One line about a hex (terrain, city, roads, rivers) or an off-map box."""
    if not location:
        return ""
    if location in scene.boxes:
        return scene.boxes[location].name
    gm = scene.game_map
    if location not in gm:
        return location
    types = gm.model.terrain_types
    t = gm.terrain(location)
    parts = [location, types[t].name if t in types else t]
    spot = gm.city_at(location)
    if spot is not None:
        garrison = gm.garrison(location)
        parts.append(spot.city.name + (f" (garrison {garrison})" if garrison else ""))
    else:
        for place in gm.model.places.values():
            if place.hex == location:
                parts.append(place.name)
    if gm.roads.has_node(location) and gm.roads.degree(location):
        parts.append("road")
    if gm.rails.has_node(location) and gm.rails.degree(location):
        parts.append("railroad")
    sides = gm.hexsides_of(location)
    hexside_types = gm.model.hexside_types
    features: dict[str, list[str]] = {}
    for direction, names in sides.items():
        for f in names:
            features.setdefault(hexside_types[f].name if f in hexside_types else f, []).append(direction)
    for name, directions in sorted(features.items()):
        parts.append(f"{name} ({', '.join(directions)})")
    return " · ".join(parts)


def describe_counter(cv: CounterView) -> str:
    title = cv.name or cv.label or cv.id
    kind = f"{cv.size} {cv.symbol.replace('+', ' + ')}".strip()
    if cv.untried:
        values = f"untried ({cv.back})" if cv.back else "untried"
    else:
        values = cv.values + (" (reduced)" if cv.reduced else "")
    marks = ", ".join(MARKERS[m][0] if m in MARKERS else m for m in cv.markers)
    lines = [title, " · ".join(p for p in (kind, values, marks) if p)]
    return "\n".join(lines)


class StackInspector(QWidget):
    """Lists the counters at a location of a :class:`MapScene`, top first, large enough to read."""

    counter_selected = Signal(str)  # counter id
    ICON_PX = 84

    def __init__(self, scene: MapScene, parent=None):
        super().__init__(parent)
        self._scene = scene
        self._location: str | None = None
        self._shown: tuple = (None, None)  # the header and the counters listed
        self._header = QLabel("Click a hex to see its counters.")
        self._header.setWordWrap(True)
        self._header.setTextFormat(Qt.TextFormat.PlainText)
        self._list = QListWidget()
        self._list.setIconSize(QSize(self.ICON_PX, self.ICON_PX))
        self._list.setSpacing(2)
        self._list.setWordWrap(True)
        self._list.setAccessibleName("Counters in the selected hex")
        self._list.setObjectName("stack_counters")
        self._list.currentItemChanged.connect(self._on_current)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self._header)
        layout.addWidget(self._list, 1)
        scene.counters_changed.connect(self._refresh)

    @property
    def location(self) -> str | None:
        return self._location

    def counters(self) -> list[CounterView]:
        """The counters listed now, top first."""
        return [self._list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self._list.count())]

    def show_location(self, location: str | None) -> None:
        self._location = location
        self._refresh()

    def _refresh(self) -> None:
        # Rebuilding the list moves its current row (to the next counter as rows go): that is
        # not a person picking a counter, so no counter_selected while it is rebuilt.
        self._list.blockSignals(True)
        try:
            self._fill(self._location)
        finally:
            self._list.blockSignals(False)

    def _fill(self, loc: str | None) -> None:
        stack = self._scene.stack_at(loc) if loc else []
        count = f"{len(stack)} counter{'s' if len(stack) != 1 else ''}" if stack else "no counters"
        header = f"{describe_location(self._scene, loc)}\n{count}" if loc else "Click a hex to see its counters."
        if (header, stack) == self._shown and self._list.count() == len(stack):
            # the same counters: their pictures are not drawn again; no row is current, as after a rebuild, so that a
            # click on any of them picks it
            self._list.setCurrentRow(-1)
            return
        self._shown = (header, stack)
        self._list.clear()
        self._header.setText(header)
        if not loc:
            return
        painter = self._scene.counter_painter
        for cv in stack:
            pix = QPixmap.fromImage(painter.image(cv, self.ICON_PX, QColor(0, 0, 0, 0)))
            item = QListWidgetItem(QIcon(pix), describe_counter(cv))
            item.setData(Qt.ItemDataRole.UserRole, cv)
            item.setToolTip(cv.id)
            self._list.addItem(item)

    def _on_current(self, current: QListWidgetItem | None, _previous) -> None:
        if current is not None:
            self.counter_selected.emit(current.data(Qt.ItemDataRole.UserRole).id)

"""Tool options: one panel per map tool, shown in the Tool Options dock (as in Tiled).

Panels read the document and the tool; every change they make goes through the tool or
the document as an undoable edit.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from kharkovsuite.scenario import edit as E

from . import tools as T


def _swatch(color: str | None) -> QIcon:
    pm = QPixmap(16, 16)
    pm.fill(QColor(color or "#cccccc"))
    return QIcon(pm)


def _combo(editable: bool = False) -> QComboBox:
    """A combo box that does not widen the dock to its longest item."""
    box = QComboBox()
    box.setEditable(editable)
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(8)
    return box


def _hint(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setStyleSheet("color: #555;")
    return label


class Panel(QWidget):
    def __init__(self, tool: T.Tool, parent=None):
        super().__init__(parent)
        self.tool = tool
        self.doc = tool.doc
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(6, 6, 6, 6)
        self.doc.changed.connect(self._doc_changed)

    def _doc_changed(self, parts) -> None:
        # Only the shown panel keeps up while the user paints; the others catch up when shown.
        if self.isVisible():
            self.refresh()
        else:
            self._stale = True

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        if getattr(self, "_stale", False):
            self._stale = False
            self.refresh()

    def refresh(self) -> None:
        pass

    def _modes(self, *modes: str) -> list[QRadioButton]:
        """A row of radio buttons that set the tool's ``mode``; the first is chosen."""
        row = QHBoxLayout()
        group = QButtonGroup(self)
        buttons = []
        for mode in modes:
            button = QRadioButton(mode.capitalize())
            button.setChecked(mode == modes[0])
            button.toggled.connect(lambda on, m=mode: on and setattr(self.tool, "mode", m))
            group.addButton(button)
            row.addWidget(button)
            buttons.append(button)
        row.addStretch(1)
        self.layout_.addLayout(row)
        return buttons


class SelectPanel(Panel):
    """What the map says about the hex under the pointer or last clicked."""

    def __init__(self, tool, parent=None):
        super().__init__(tool, parent)
        self.info = QLabel("Click a hex to see what it holds.")
        self.info.setWordWrap(True)
        self.info.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.info.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.layout_.addWidget(self.info)
        self.layout_.addStretch(1)
        self.hex_id: str | None = None
        tool.selected.connect(self.show_hex)

    def show_hex(self, hex_id) -> None:
        self.hex_id = hex_id
        self.refresh()

    def refresh(self) -> None:
        if not self.hex_id:
            return
        from kharkovsuite.cli import hex_report

        s = self.doc.scenario
        try:
            r = hex_report(s, self.hex_id)
        except Exception as exc:  # noqa: BLE001 - an off-map or stale hex
            self.info.setText(str(exc))
            return
        rows = [f"<b>Hex {r['hex']}</b>: {s.map.terrain_types[r['terrain']].name if r['terrain'] in s.map.terrain_types else r['terrain']}"]
        for direction, features in r["hexsides"].items():
            rows.append(f"{direction} hexside: {', '.join(features)}")
        if r["road"]:
            rows.append(f"road to {', '.join(r['road'])}")
        if r["rail"]:
            rows.append(f"railroad to {', '.join(r['rail'])}")
        if r["city"]:
            c = r["city"]
            rows.append(f"{c['name']} ({c['kind']}, {c['vp']} VP), garrison {r['garrison']}")
        if r["areas"]:
            rows.append(f"areas: {', '.join(r['areas'])}")
        for line, side in r["line_sides"].items():
            rows.append(f"{line}: {side} side")
        units = E.units_at(s, self.hex_id)
        if units:
            rows.append("units: " + ", ".join(units))
        self.info.setText("<br>".join(rows))


class _TypeListPanel(Panel):
    """A list of the map's terrain or hexside types to choose the tool's brush from."""

    types = ""  # the mapping of the map model listed
    attr = ""  # the tool's attribute set to the chosen key

    def __init__(self, tool, parent=None):
        super().__init__(tool, parent)
        self.list = QListWidget()
        self.list.currentItemChanged.connect(self._chosen)

    def refresh(self) -> None:
        types = getattr(self.doc.scenario.map, self.types)
        chosen = getattr(self.tool, self.attr)
        self.list.blockSignals(True)
        self.list.clear()
        for key, t in types.items():
            item = QListWidgetItem(_swatch(t.color), f"{t.name}  ({key})")
            item.setData(Qt.ItemDataRole.UserRole, key)
            self.list.addItem(item)
            if key == chosen:
                self.list.setCurrentItem(item)
        self.list.blockSignals(False)
        if chosen not in types and types:
            self.list.setCurrentRow(0)

    def _chosen(self, item, _previous=None) -> None:
        if item is not None:
            setattr(self.tool, self.attr, item.data(Qt.ItemDataRole.UserRole))


class TerrainPanel(_TypeListPanel):
    types = "terrain_types"
    attr = "terrain"

    def __init__(self, tool: T.TerrainTool, parent=None):
        super().__init__(tool, parent)
        self.brush, self.fill = self._modes("brush", "fill")
        self.layout_.addWidget(self.list, 1)
        self.layout_.addWidget(_hint("Brush: click or drag (one undo step per stroke). Fill: click to fill the region of one terrain. Add terrain types under Tables ▸ Terrain effects."))
        self.refresh()


class HexsidePanel(_TypeListPanel):
    types = "hexside_types"
    attr = "feature"

    def __init__(self, tool: T.HexsideTool, parent=None):
        super().__init__(tool, parent)
        self.layout_.addWidget(QLabel("Feature"))
        self.layout_.addWidget(self.list, 1)
        self.layout_.addWidget(_hint("Click near a hexside to add or remove the feature; drag along hexsides to draw a river in one step. Add hexside types under Tables ▸ Terrain effects."))
        self.refresh()


class NetPanel(Panel):
    def __init__(self, tool: T.NetTool, parent=None):
        super().__init__(tool, parent)
        self.draw, self.erase = self._modes("draw", "erase")
        end = QPushButton("End here (Esc)")
        end.clicked.connect(tool.cancel)
        self.layout_.addWidget(end)
        self.layout_.addWidget(_hint(f"Click hex after hex (or drag through them) to lay a {tool._word()}; each hex must be next to the one before. Erase: click the two hexes of a segment."))
        self.layout_.addStretch(1)


class _ChooserPanel(Panel):
    """A combo of the map's cities, lines or areas, with New and Delete."""

    collection = ""

    def __init__(self, tool, parent=None):
        super().__init__(tool, parent)
        row = QHBoxLayout()
        self.combo = _combo()
        self.combo.currentIndexChanged.connect(self._chosen)
        self.new_button = QPushButton("New")
        self.delete_button = QPushButton("Delete")
        self.new_button.clicked.connect(self._new)
        self.delete_button.clicked.connect(lambda: tool.delete())
        row.addWidget(self.combo, 1)
        row.addWidget(self.new_button)
        row.addWidget(self.delete_button)
        self.layout_.addLayout(row)
        self.form = QFormLayout()
        self.layout_.addLayout(self.form)
        tool.selected.connect(lambda _id: self.refresh())

    def items(self) -> dict:
        return getattr(self.doc.scenario.map, self.collection)

    def current(self) -> str | None:
        return self.tool.current

    def _set(self, **changes) -> None:
        """Change fields of the chosen object, unless they already have these values."""
        obj = self.items().get(self.current() or "")
        if obj is None or all(getattr(obj, k) == v for k, v in changes.items()):
            return
        self.tool.set_properties(**changes)

    def refresh(self) -> None:
        items = self.items()
        self.combo.blockSignals(True)
        self.combo.clear()
        self.combo.addItem("(new)", None)
        for key, obj in items.items():
            self.combo.addItem(f"{obj.name}  ({key})", key)
        i = self.combo.findData(self.current())
        self.combo.setCurrentIndex(max(i, 0))
        self.combo.blockSignals(False)
        self.delete_button.setEnabled(self.current() is not None)
        self.fill_form(items.get(self.current() or ""))

    def fill_form(self, obj) -> None:
        pass

    def _chosen(self, _i: int) -> None:
        self.tool.select(self.combo.currentData())

    def _new(self) -> None:
        self.tool.select(None)


class CityPanel(_ChooserPanel):
    collection = "cities"

    def __init__(self, tool: T.CityTool, parent=None):
        super().__init__(tool, parent)
        self.name = QLineEdit()
        self.kind = _combo(editable=True)
        self.kind.addItems(["major_city", "minor_city", "town"])
        self.vp = QSpinBox(minimum=0, maximum=999)
        self.garrison = QTableWidget(0, 2)
        self.garrison.setHorizontalHeaderLabels(["hex", "garrison"])
        self.garrison.verticalHeader().setVisible(False)
        self.garrison.horizontalHeader().setStretchLastSection(True)
        self.form.addRow("Name", self.name)
        self.form.addRow("Kind", self.kind)
        self.form.addRow("Victory points", self.vp)
        self.layout_.addWidget(QLabel("Hexes and garrisons"))
        self.layout_.addWidget(self.garrison, 1)
        self.layout_.addWidget(_hint("With (new) chosen, click a hex to found a city. With a city chosen, click hexes to add or remove them."))
        self.name.editingFinished.connect(lambda: self._set(name=self.name.text().strip()))
        self.kind.activated.connect(lambda _i: self._set(kind=self.kind.currentText().strip()))
        self.kind.lineEdit().editingFinished.connect(lambda: self._set(kind=self.kind.currentText().strip()))
        self.vp.editingFinished.connect(lambda: self._set(vp=self.vp.value()))
        self.garrison.itemChanged.connect(self._garrison_changed)
        self.refresh()

    def fill_form(self, city) -> None:
        for w in (self.name, self.kind, self.vp, self.garrison):
            w.setEnabled(city is not None)
        self.garrison.blockSignals(True)
        if city is None:
            self.name.clear()
            self.vp.setValue(0)
            self.garrison.setRowCount(0)
        else:
            self.name.setText(city.name)
            self.kind.setCurrentText(city.kind)
            self.vp.setValue(city.vp)
            self.garrison.setRowCount(len(city.hexes))
            for i, h in enumerate(city.hexes):
                item = QTableWidgetItem(h)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled)
                self.garrison.setItem(i, 0, item)
                self.garrison.setItem(i, 1, QTableWidgetItem(str(city.garrison.get(h, 0))))
        self.garrison.blockSignals(False)

    def _garrison_changed(self, item: QTableWidgetItem) -> None:
        if item.column() != 1:
            return
        hex_id = self.garrison.item(item.row(), 0).text()
        try:
            value = int(item.text())
        except ValueError:
            self.doc.message.emit(f"a garrison is a whole number, not {item.text()!r}")
            self.refresh()
            return
        self.tool.set_garrison(hex_id, value)


class PlacePanel(_ChooserPanel):
    collection = "places"

    def __init__(self, tool: T.PlaceTool, parent=None):
        super().__init__(tool, parent)
        self.name = QLineEdit()
        self.hex = QLabel()
        self.form.addRow("Name", self.name)
        self.form.addRow("Hex", self.hex)
        self.layout_.addWidget(
            _hint("Places are named on the map without any effect on play (villages, stations). With (new) chosen, click a hex "
                  "to name a place there; click a place to choose it; with a place chosen, click another hex to move it.")
        )
        self.layout_.addStretch(1)
        self.name.editingFinished.connect(lambda: self._set(name=self.name.text().strip()))
        self.refresh()

    def fill_form(self, place) -> None:
        self.name.setEnabled(place is not None)
        self.name.setText(place.name if place else "")
        self.hex.setText(place.hex if place else "")


class LinePanel(_ChooserPanel):
    collection = "lines"

    def __init__(self, tool: T.LineTool, parent=None):
        super().__init__(tool, parent)
        self.name = QLineEdit()
        self.left = _combo(editable=True)
        self.right = _combo(editable=True)
        self.style = _combo()
        self.style.addItems(["solid", "dash", "dot"])
        self.counts = QLabel()
        self.form.addRow("Name", self.name)
        self.form.addRow("Left side", self.left)
        self.form.addRow("Right side", self.right)
        self.form.addRow("Style", self.style)
        self.form.addRow("", self.counts)
        row = QHBoxLayout()
        finish = QPushButton("Finish")
        back = QPushButton("Back")
        cancel = QPushButton("Drop")
        finish.setToolTip("finish the line (Enter, or a double click)")
        back.setToolTip("take back the last point (Backspace)")
        cancel.setToolTip("drop the points drawn so far (Escape)")
        finish.clicked.connect(tool.finish)
        back.clicked.connect(tool.take_back)
        cancel.clicked.connect(tool.cancel)
        for b in (finish, back, cancel):
            row.addWidget(b)
        self.layout_.addLayout(row)
        self.layout_.addWidget(
            _hint(
                "Click hex corners one after another; Enter or a double click finishes. With a line chosen, "
                "the new points replace its course. Sides are named walking from the first point to the last; "
                "the map marks the hexes along the line on each side."
            )
        )
        self.layout_.addStretch(1)
        self.name.editingFinished.connect(lambda: self._set_name())
        self.left.activated.connect(lambda _i: self._set_side("left", self.left.currentText()))
        self.right.activated.connect(lambda _i: self._set_side("right", self.right.currentText()))
        self.left.lineEdit().editingFinished.connect(lambda: self._set_side("left", self.left.currentText()))
        self.right.lineEdit().editingFinished.connect(lambda: self._set_side("right", self.right.currentText()))
        self.style.activated.connect(lambda _i: self._set(style=self.style.currentText()))
        self.refresh()

    def _set_name(self):
        self._set(name=self.name.text().strip())

    def _set_side(self, hand: str, text: str) -> None:
        line = self.items().get(self.current() or "")
        if line is None:
            return
        sides = dict(line.sides)
        if text.strip():
            sides[hand] = text.strip()
        else:
            sides.pop(hand, None)
        self._set(sides={h: sides[h] for h in ("left", "right") if h in sides})

    def fill_form(self, line) -> None:
        for w in (self.name, self.left, self.right, self.style):
            w.setEnabled(line is not None)
        sides = list(self.doc.scenario.sides)
        for box, hand in ((self.left, "left"), (self.right, "right")):
            box.blockSignals(True)
            box.clear()
            box.addItems(sides)
            box.setCurrentText(line.sides.get(hand, "") if line else "")
            box.blockSignals(False)
        if line is None:
            self.name.clear()
            self.counts.setText("")
            return
        self.name.setText(line.name)
        self.style.setCurrentText(line.style)
        counts: dict[str, int] = {}
        for side in self.tool.side_hexes().values():
            counts[side] = counts.get(side, 0) + 1
        self.counts.setText(", ".join(f"{n} hexes on the {side} side" for side, n in counts.items()) or "the line does not split the map")


class AreaPanel(_ChooserPanel):
    collection = "areas"

    def __init__(self, tool: T.AreaTool, parent=None):
        super().__init__(tool, parent)
        self.name = QLineEdit()
        self.kind = _combo(editable=True)
        self.kind.addItems(["zone", "entry", "reserve", "box", "supply"])
        self.side = _combo()
        self.count = QLabel()
        self.form.addRow("Name", self.name)
        self.form.addRow("Kind", self.kind)
        self.form.addRow("Side", self.side)
        self.form.addRow("", self.count)
        self.layout_.addWidget(_hint("Click or drag to add hexes to the chosen area; a stroke that starts on one of its hexes takes hexes out."))
        self.layout_.addStretch(1)
        self.name.editingFinished.connect(lambda: self._set(name=self.name.text().strip()))
        self.kind.activated.connect(lambda _i: self._set(kind=self.kind.currentText().strip()))
        self.kind.lineEdit().editingFinished.connect(lambda: self._set(kind=self.kind.currentText().strip()))
        self.side.activated.connect(lambda _i: self._set(side=self.side.currentData()))
        self.refresh()

    def _new(self) -> None:
        name, ok = QInputDialog.getText(self, "New area", "Name of the area (set-up zone, entry edge, reserve box):")
        if ok and name.strip():
            area_id = E.new_key(self.items(), "_".join(name.lower().split())[:24] or "area")
            self.tool.new_area(area_id, name.strip(), self.kind.currentText() or "zone", self.side.currentData())

    def fill_form(self, area) -> None:
        self.side.blockSignals(True)
        self.side.clear()
        self.side.addItem("(none)", None)
        for sid, side in self.doc.scenario.sides.items():
            self.side.addItem(side.name, sid)
        self.side.blockSignals(False)
        for w in (self.name, self.kind, self.side):
            w.setEnabled(area is not None)
        if area is None:
            self.name.clear()
            self.count.setText("")
            return
        self.name.setText(area.name)
        self.kind.setCurrentText(area.kind)
        self.side.setCurrentIndex(max(self.side.findData(area.side), 0))
        self.count.setText(f"{len(area.hexes)} hexes")


class UnitPanel(Panel):
    def __init__(self, tool: T.UnitTool, parent=None):
        super().__init__(tool, parent)
        self.layout_.addWidget(
            _hint(
                "Drag units from Order of battle ▸ Units onto a hex to place them at set-up. "
                "Drag a counter on the map to move it (a whole stack, or one counter of a fanned-out stack). "
                "Right-click a hex or press Delete to take its top counter off the map."
            )
        )
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.layout_.addWidget(self.summary)
        self.layout_.addStretch(1)
        self.refresh()

    def refresh(self) -> None:
        s = self.doc.scenario
        placed = {p.unit for p in s.setup.placements}
        arriving = {u for r in s.reinforcements for u in r.units}
        by_side: dict[str, list[int]] = {}
        for u in s.units:
            side = s.unit_types[u.type].side if u.type in s.unit_types else "?"
            n = by_side.setdefault(side, [0, 0, 0])
            n[0] += 1
            n[1] += u.id in placed
            n[2] += u.id in arriving
        lines = [
            f"{s.sides[side].name if side in s.sides else side}: {n[1]} of {n[0]} placed, {n[2]} arrive later"
            for side, n in by_side.items()
        ]
        self.summary.setText("<br>".join(lines))


PANELS = {
    "select": SelectPanel,
    "terrain": TerrainPanel,
    "hexside": HexsidePanel,
    "roads": NetPanel,
    "railroads": NetPanel,
    "city": CityPanel,
    "place": PlacePanel,
    "line": LinePanel,
    "area": AreaPanel,
    "units": UnitPanel,
}

"""Qt table models and table pages over :mod:`editor.sections`.

:class:`SectionModel` shows one section of the document; ``setData`` never changes the
scenario itself but asks the document for an undoable edit, and the model refreshes when the
document says a part it shows has changed (after the edit, its undo or its redo).
"""
from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QByteArray, QMimeData, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QIcon, QPixmap
from shiboken6 import isValid
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QStyledItemDelegate,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from kharkovsuite.rules import GAME_NAMES
from kharkovsuite.view.firstpaint import after_window_painted
from kharkovsuite.scenario.edit import EditError

from .document import Document
from .sections import Section

UNIT_MIME = "application/x-kharkov-unit"

_Index = QModelIndex | QPersistentModelIndex


class SectionModel(QAbstractTableModel):
    def __init__(self, doc: Document, section: Section, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.section = section
        self._rows = section.rows(doc.scenario)
        self._columns = section.columns(doc.scenario)
        self._icons: dict[str, QIcon] = {}
        self._painter = None
        doc.changed.connect(self._doc_changed)

    # --- shape
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self._columns)

    def headerData(self, section: int, orientation, role=Qt.ItemDataRole.DisplayRole):  # noqa: N802
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self._columns):
            col = self._columns[section]
            if role == Qt.ItemDataRole.DisplayRole:
                return col.header
            if role == Qt.ItemDataRole.ToolTipRole and col.tip:
                return col.tip
        if orientation == Qt.Orientation.Vertical and role == Qt.ItemDataRole.DisplayRole:
            return section + 1
        return None

    def flags(self, index: _Index):
        if not index.isValid():
            return Qt.ItemFlag.ItemIsDropEnabled
        col = self._columns[index.column()]
        f = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if col.set is not None:
            f |= Qt.ItemFlag.ItemIsUserCheckable if col.kind == "bool" else Qt.ItemFlag.ItemIsEditable
        if self.section.key == "units":
            f |= Qt.ItemFlag.ItemIsDragEnabled
        return f

    def data(self, index: _Index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        key, item = self._rows[index.row()]
        col = self._columns[index.column()]
        try:
            value = col.get(self.doc.scenario, key, item)
        except (KeyError, IndexError, AttributeError):
            value = ""
        if col.kind == "bool":
            if role == Qt.ItemDataRole.CheckStateRole:
                return Qt.CheckState.Checked if value else Qt.CheckState.Unchecked
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return value
        if role == Qt.ItemDataRole.DecorationRole:
            if col.kind == "color" and value:
                return _swatch(str(value))
            if index.column() == 0 and self.section.key == "units":
                return self._counter_icon(key)
        if role == Qt.ItemDataRole.ToolTipRole:
            return col.tip or None
        if role == Qt.ItemDataRole.ForegroundRole and col.set is None:
            return QBrush(QColor("#6b6b6b"))
        return None

    def setData(self, index: _Index, value, role=Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        if not index.isValid():
            return False
        key, _item = self._rows[index.row()]
        col = self._columns[index.column()]
        if col.kind == "bool" and role == Qt.ItemDataRole.CheckStateRole:
            value = Qt.CheckState(value) == Qt.CheckState.Checked if not isinstance(value, bool) else value
        elif role != Qt.ItemDataRole.EditRole:
            return False
        elif not isinstance(value, str):
            value = "" if value is None else str(value)
        if col.header == "id" and isinstance(value, str):
            text = f"Rename {self.section.item_name} {key} to {value.strip()}"
        else:
            text = f"Edit {self.section.title.lower()}: {key} {col.header}"
        return self.doc.edit(text, self.section.set_cell, index.row(), index.column(), value)

    def choices(self, index: _Index) -> list[tuple[str, str]] | None:
        """The values a cell may take, (value, label) each, or None for a free text cell."""
        if not index.isValid():
            return None
        col = self._columns[index.column()]
        if col.choices is None or col.set is None:
            return None
        key, item = self._rows[index.row()]
        return col.choices(self.doc.scenario, key, item)

    # --- whole rows
    def add_row(self, **context) -> bool:
        """Add a row (``context``: what the section may use, e.g. the side shown)."""
        return self.doc.edit(self.section.add_text(self.doc.scenario), self.section.add, **context)

    def remove_rows(self, rows: list[int]) -> bool:
        keys = [self._rows[r][0] for r in sorted(set(rows), reverse=True) if 0 <= r < len(self._rows)]
        if not keys:
            return False
        section = self.section

        def remove_all(s):
            for k in keys:  # highest first, so list indices stay right
                s = section.remove(s, k)
            return s

        what = f"{len(keys)} {section.item_name}s" if len(keys) > 1 else f"{section.item_name} {keys[0]}"
        return self.doc.edit(f"Remove {what}", remove_all)

    def keys(self) -> list:
        return [k for k, _item in self._rows]

    def column_of(self, header: str) -> int:
        return [c.header for c in self._columns].index(header)

    def key_of(self, row: int):
        return self._rows[row][0]

    def row_of(self, key) -> int | None:
        for i, (k, _item) in enumerate(self._rows):
            if k == key:
                return i
        return None

    # --- drag units onto the map
    def mimeTypes(self):  # noqa: N802
        return [UNIT_MIME]

    def mimeData(self, indexes):  # noqa: N802
        keys = []
        for index in indexes:
            k = self._rows[index.row()][0]
            if k not in keys:
                keys.append(k)
        mime = QMimeData()
        mime.setData(UNIT_MIME, QByteArray("\n".join(keys).encode()))
        mime.setText(" ".join(keys))
        return mime

    def supportedDragActions(self):  # noqa: N802
        return Qt.DropAction.CopyAction | Qt.DropAction.MoveAction

    # --- refresh
    def _doc_changed(self, parts) -> None:
        if parts != "*" and not (set(parts) & self.section.parts):
            return
        s = self.doc.scenario
        rows, columns = self.section.rows(s), self.section.columns(s)
        self._icons.clear()
        same_shape = [k for k, _ in rows] == [k for k, _ in self._rows] and [c.header for c in columns] == [c.header for c in self._columns]
        if same_shape:
            self._rows, self._columns = rows, columns
            if rows and columns:
                self.dataChanged.emit(self.index(0, 0), self.index(len(rows) - 1, len(columns) - 1))
            return
        self.beginResetModel()
        self._rows, self._columns = rows, columns
        self.endResetModel()

    def _counter_icon(self, unit_id: str):
        icon = self._icons.get(unit_id)
        if icon is None:
            try:
                from kharkovsuite.view.counters import CounterColors, CounterPainter, unit_counter_view

                s = self.doc.scenario
                unit = next(u for u in s.units if u.id == unit_id)
                if unit.type not in s.unit_types:
                    return None
                if self._painter is None or self._painter[0] is not s.sides:
                    self._painter = (s.sides, CounterPainter(CounterColors.from_scenario(s)))
                image = self._painter[1].image(unit_counter_view(s, unit), px=40)
                icon = QIcon(QPixmap.fromImage(image))
            except Exception:  # noqa: BLE001 - an icon is decoration; a broken type is reported by validation
                return None
            self._icons[unit_id] = icon
        return icon


def _swatch(color: str) -> QIcon | None:
    c = QColor(color)
    if not c.isValid():
        return None
    pm = QPixmap(14, 14)
    pm.fill(c)
    return QIcon(pm)


class ChoiceDelegate(QStyledItemDelegate):
    """Edits a cell that has a list of values (a type, a side) with a drop-down list; a choice
    commits at once. Other cells get the usual line editor."""

    def createEditor(self, parent, option, index):  # noqa: N802 - Qt API
        choices = index.model().choices(index)
        if choices is None:
            return super().createEditor(parent, option, index)
        box = QComboBox(parent)
        box.setObjectName("choice-editor")
        current = index.data(Qt.ItemDataRole.EditRole)
        for value, label in choices:
            box.addItem(label, value)
        if current not in [v for v, _label in choices]:  # a wrong value stays visible until replaced
            box.addItem(f"{current} (not in the scenario)" if current else "(none)", current)
        box.activated.connect(lambda _i, b=box: self._chosen(b))
        return box

    def _chosen(self, box: QComboBox) -> None:
        self.commitData.emit(box)
        self.closeEditor.emit(box, QStyledItemDelegate.EndEditHint.NoHint)

    def setEditorData(self, editor, index) -> None:  # noqa: N802 - Qt API
        if isinstance(editor, QComboBox):
            editor.setCurrentIndex(max(editor.findData(index.data(Qt.ItemDataRole.EditRole)), 0))
            return
        super().setEditorData(editor, index)

    def setModelData(self, editor, model, index) -> None:  # noqa: N802 - Qt API
        if isinstance(editor, QComboBox):
            value = editor.currentData()
            if value != index.data(Qt.ItemDataRole.EditRole):
                model.setData(index, value, Qt.ItemDataRole.EditRole)
            return
        super().setModelData(editor, model, index)


class SectionTable(QWidget):
    """A table page: the table, Add and Remove buttons, and "Reset to <rules> defaults"."""

    reset_requested = Signal(object)  # the section

    def __init__(self, doc: Document, section: Section, reference=None, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.section = section
        self.reference = reference  # () -> (what section.reset copies from, or None; its description)
        self.model = SectionModel(doc, section, self)
        self.view = QTableView(self)
        self.view.setObjectName(f"table-{section.key}")
        self.view.setModel(self.model)
        self.view.setItemDelegate(ChoiceDelegate(self.view))
        self.view.setAlternatingRowColors(True)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.view.verticalHeader().setDefaultSectionSize(22)
        self.view.verticalHeader().setVisible(False)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        if section.key == "units":
            self.view.setDragEnabled(True)
            self.view.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
            self.view.setIconSize(self.view.iconSize().expandedTo(QPixmap(26, 26).size()))
            self.view.verticalHeader().setDefaultSectionSize(30)
        # Columns are fitted to their contents when the table is first shown: at start most
        # tables sit on tabs not shown, and fitting them all cost a tenth of the editor's start.
        # A table made empty has columns as narrow as their headers: fit them to the first rows.
        self._shown = False
        self._fitted = False
        self.model.modelReset.connect(self._fit_first_rows)
        buttons = QHBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        self.add_button = QPushButton(f"Add {section.item_name}")
        self.add_button.setObjectName(f"add-{section.key}")
        self.add_button.clicked.connect(self.add_row)
        self.add_button.setEnabled(section.can_add())
        self.remove_button = QPushButton("Remove")
        self.remove_button.clicked.connect(self.remove_selected)
        self.remove_button.setEnabled(section.can_remove())
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        self.reset_button = None
        if section.reset_path is not None or type(section).reset is not Section.reset:
            self.reset_button = QPushButton("Reset to defaults")
            self.reset_button.clicked.connect(self.reset_to_defaults)
            buttons.addWidget(self.reset_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(4)
        self.side_filter = None
        if "side" in [c.header for c in self.model._columns] and section.key in ("units", "unit_types"):
            row = QHBoxLayout()
            row.addWidget(QLabel("Side"))
            self.side_filter = QComboBox()
            self.side_filter.currentIndexChanged.connect(lambda _i: self.apply_filter())
            row.addWidget(self.side_filter)
            row.addStretch(1)
            self.count_label = QLabel()
            row.addWidget(self.count_label)
            layout.addLayout(row)
            self.model.modelReset.connect(self.apply_filter)
            doc.changed.connect(self._sides_changed)
            self._fill_sides()
        layout.addWidget(self.view, 1)
        layout.addLayout(buttons)
        self.update_reset_button()
        doc.changed.connect(lambda parts: self.update_reset_button() if "rules" in parts or parts == "*" else None)

    def _fill_sides(self) -> None:
        current = self.side_filter.currentData()
        self.side_filter.blockSignals(True)
        self.side_filter.clear()
        self.side_filter.addItem("all", None)
        for side_id, side in self.doc.scenario.sides.items():
            self.side_filter.addItem(side.name, side_id)
        self.side_filter.setCurrentIndex(max(self.side_filter.findData(current), 0))
        self.side_filter.blockSignals(False)
        self.apply_filter()

    def _sides_changed(self, parts) -> None:
        if parts == "*" or "sides" in parts:
            self._fill_sides()
        elif self.model.section.parts & set(parts):
            self.apply_filter()

    def apply_filter(self) -> None:
        """Show the rows of one side only (the order of battle per side)."""
        if self.side_filter is None:
            return
        side = self.side_filter.currentData()
        col = self.model.column_of("side")
        shown = 0
        for row in range(self.model.rowCount()):
            hide = side is not None and self.model.data(self.model.index(row, col)) != side
            self.view.setRowHidden(row, hide)
            shown += not hide
        self.count_label.setText(f"{shown} {self.section.item_name}s")

    def update_reset_button(self) -> None:
        if self.reset_button is None:
            return
        ref, name = self.reference() if self.reference else (None, "")
        rules = GAME_NAMES.get(self.doc.scenario.rules, self.doc.scenario.rules)
        self.reset_button.setText(f"Reset to {rules} defaults")
        self.reset_button.setEnabled(ref is not None)
        self.reset_button.setToolTip(f"Replace this table with the one in {name}" if ref is not None else f"no defaults for {rules} ({name or 'no reference scenario shipped'})")

    def reset_to_defaults(self) -> bool:
        ref, name = self.reference() if self.reference else (None, "")
        if ref is None:
            self.doc.message.emit(f"no defaults for {GAME_NAMES.get(self.doc.scenario.rules, self.doc.scenario.rules)}: {name or 'no reference scenario'}")
            return False
        return self.doc.edit(f"Reset {self.section.title.lower()} to {GAME_NAMES.get(self.doc.scenario.rules, self.doc.scenario.rules)} defaults", self.section.reset, ref)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        if not self._shown:
            self._shown = True
            # A table shown with the window is fitted right after the window's first frame (the order of battle's
            # units each draw their counter for it: a fifth of the editor's start); one shown later, before it paints.
            after_window_painted(self, f"fit-columns:{id(self)}", self._fit_columns)

    def _fit_columns(self) -> None:
        if not isValid(self.view):  # the document was replaced before the window painted: the table is gone
            return
        self.view.resizeColumnsToContents()
        self._fitted = self.model.rowCount() > 0

    def _fit_first_rows(self) -> None:
        if self._shown and not self._fitted and self.model.rowCount() > 0:
            self._fitted = True
            self.view.resizeColumnsToContents()

    def add_row(self) -> bool:
        """The Add button: a new unit is of the type of the unit chosen, else of the side shown."""
        context = {}
        if self.section.key == "units":
            side = self.side_filter.currentData() if self.side_filter is not None else None
            current = self.view.currentIndex()
            if current.isValid() and not self.view.isRowHidden(current.row()):
                context["type_id"] = self.model.data(self.model.index(current.row(), self.model.column_of("type")))
            context["side"] = side
        return self.model.add_row(**context)

    def remove_selected(self) -> bool:
        rows = sorted({i.row() for i in self.view.selectionModel().selectedIndexes()})
        if not rows and self.view.currentIndex().isValid():
            rows = [self.view.currentIndex().row()]
        if not rows:
            return False
        return self.model.remove_rows(rows)

    def select_key(self, key) -> bool:
        row = self.model.row_of(key)
        if row is None:
            return False
        index = self.model.index(row, 0)
        self.view.setCurrentIndex(index)
        self.view.selectRow(row)
        self.view.scrollTo(index)
        return True

    def selected_keys(self) -> list:
        rows = sorted({i.row() for i in self.view.selectionModel().selectedRows()})
        return [self.model.key_of(r) for r in rows]


def show_error(parent, title: str, exc: Exception) -> None:
    QMessageBox.warning(parent, title, str(exc))


__all__ = ["SectionModel", "SectionTable", "UNIT_MIME", "EditError"]

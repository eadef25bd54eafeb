"""The New Scenario dialog: rule system, map size and how hexes are numbered.

A system whose data can start empty (Kharkov 1942) starts from a blank map of the size asked,
with the terrain, sides and tables of its reference scenario; a system whose charts name the
units, formations and places of its order of battle (Kharkov 1943, Kirovograd) starts from a
copy of its reference scenario under the new id and title, a valid scenario to change.
"""
from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
)

from kharkovsuite.rules import KNOWN_SYSTEMS
from kharkovsuite.scenario.edit import blank_scenario
from kharkovsuite.scenario.model import GridModel, Scenario

from .defaults import new_from_blank_map, reference_scenario

_CHOICES = {
    "orientation": (("pointy", "Pointy-top hexes (rows run straight east-west)"), ("flat", "Flat-top hexes (columns run straight north-south)")),
    "id_order": (("col-row", "Column then row (CCRR)"), ("row-col", "Row then column (RRCC)")),
    "row_grows": (("south", "Rows are numbered from north to south"), ("north", "Rows are numbered from south to north")),
    "column_grows": (("east", "Columns are numbered from west to east"), ("west", "Columns are numbered from east to west")),
    "shifted": (("odd", "Odd-numbered lines are shifted"), ("even", "Even-numbered lines are shifted")),
}


class NewScenarioDialog(QDialog):
    """Every field of the map grid (GridSpec) plus the rule system; :meth:`scenario` builds it."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle("New scenario")
        self.rules = QComboBox()
        for rules in KNOWN_SYSTEMS:
            self.rules.addItem(rules, rules)
        self.scenario_id = QLineEdit("new-scenario")
        self.title = QLineEdit("New scenario")
        self.columns = QSpinBox(minimum=1, maximum=99, value=20)
        self.rows = QSpinBox(minimum=1, maximum=99, value=15)
        self.first_column = QSpinBox(minimum=0, maximum=98, value=1)
        self.first_row = QSpinBox(minimum=0, maximum=98, value=1)
        self.km = QDoubleSpinBox(minimum=0.0, maximum=100.0, value=0.0, decimals=1, specialValueText="not given")
        self.combos: dict[str, QComboBox] = {}
        for name, choices in _CHOICES.items():
            box = QComboBox()
            for value, text in choices:
                box.addItem(text, value)
            self.combos[name] = box
        self.copy_template = QCheckBox()
        self.preview = QLabel()
        self.preview.setWordWrap(True)

        form = QFormLayout()
        form.addRow("Rule system", self.rules)
        form.addRow("Id", self.scenario_id)
        form.addRow("Title", self.title)
        grid = QGroupBox("Map")
        g = QFormLayout(grid)
        g.addRow("Columns", self.columns)
        g.addRow("Rows", self.rows)
        g.addRow("Hexes", self.combos["orientation"])
        g.addRow("Hex ids", self.combos["id_order"])
        g.addRow("Rows", self.combos["row_grows"])
        g.addRow("Columns", self.combos["column_grows"])
        g.addRow("Shifted", self.combos["shifted"])
        g.addRow("First row", self.first_row)
        g.addRow("First column", self.first_column)
        g.addRow("km per hex", self.km)
        g.addRow("", self.preview)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(grid)
        self.grid_box = grid
        self.buttons = buttons
        layout.addWidget(self.copy_template)
        layout.addWidget(buttons)
        for w in (self.columns, self.rows, self.first_row, self.first_column):
            w.valueChanged.connect(self._update)
        for box in list(self.combos.values()) + [self.rules]:
            box.currentIndexChanged.connect(self._update)
        self._update()

    def set_choice(self, name: str, value: str) -> None:
        box = self.rules if name == "rules" else self.combos[name]
        i = box.findData(value)
        if i < 0:
            raise ValueError(f"{value!r} is not a choice for {name}")
        box.setCurrentIndex(i)

    def grid(self) -> GridModel:
        values = {name: box.currentData() for name, box in self.combos.items()}
        return GridModel(
            columns=self.columns.value(),
            rows=self.rows.value(),
            first_row=self.first_row.value(),
            first_column=self.first_column.value(),
            km_per_hex=self.km.value() or None,
            **values,
        )

    def scenario(self) -> Scenario:
        rules = self.rules.currentData()
        scenario_id = self.scenario_id.text().strip() or "new"
        title = self.title.text().strip() or "New scenario"
        if not new_from_blank_map(rules):
            ref, note = reference_scenario(rules)
            if ref is None:
                raise ValueError(f"no template for {rules}: {note or 'no reference scenario'}")
            return ref.model_copy(update={"id": scenario_id, "title": title})
        template = None
        if self.copy_template.isChecked() and self.copy_template.isEnabled():
            template, _ = reference_scenario(rules)
        return blank_scenario(rules, self.grid(), scenario_id, title, template)

    def _update(self) -> None:
        rules = self.rules.currentData()
        ref, note = reference_scenario(rules)
        blank = new_from_blank_map(rules)
        self.grid_box.setEnabled(blank)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(blank or ref is not None)
        if not blank:
            self.copy_template.setEnabled(False)
            self.copy_template.setChecked(ref is not None)
            self.copy_template.setText(
                f"Start from a copy of {note}: its map, order of battle and charts ({rules}'s charts name its units and places)"
                if ref is not None
                else f"No template for {rules}: {note or 'no reference scenario'}"
            )
            return
        self.copy_template.setEnabled(ref is not None)
        self.copy_template.setChecked(ref is not None)
        self.copy_template.setText(
            f"Copy sides, terrain, terrain effects and tables from {note}" if ref is not None else f"Start with one terrain type and two sides ({note or 'no reference scenario'})"
        )
        try:
            from kharkovsuite.hexgrid import HexGrid

            from kharkovsuite.scenario.edit import grid_spec

            g = HexGrid(grid_spec(self.grid()))
            corners = {
                "north-west": (g.edge_ids("north")[0]),
                "north-east": (g.edge_ids("north")[-1]),
                "south-west": (g.edge_ids("south")[0]),
                "south-east": (g.edge_ids("south")[-1]),
            }
            self.preview.setText("Corners: " + ", ".join(f"{k} {v}" for k, v in corners.items()))
        except ValueError as exc:
            self.preview.setText(f"<span style='color:#b00'>{exc}</span>")

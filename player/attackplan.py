"""An attack planned in the Combat dock, for a system whose attacks go against one hex with a type
chosen per attack (the player kit's ``attack_choices``).

Select your units, click an enemy hex next to them: the bar above the Combat panel offers each
attack type (its OP cost and column shift; a type the rules refuse is disabled, its reason with
the case in its tool tip) and the HQ's support when it may be given; the Combat panel shows the
odds of the type chosen, every shift with its case and the chance of each result.  Attack (or
Enter) declares it, after a question when the window asks before actions that cost (OP spent, a
unit at risk); Cancel (or Esc) drops it.  Keys 1, 2, 3... pick the types in the order shown.
"""
from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QButtonGroup, QCheckBox, QHBoxLayout, QLabel, QPushButton, QRadioButton, QVBoxLayout, QWidget


class AttackChooser(QWidget):
    """The attack being planned: its units, its target hex, its type and support; the Combat panel shows its odds."""

    ROOM = 460  # the Combat dock's height while an attack is planned
    WIDE = 460  # the Combat dock's width while an attack is planned

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.setObjectName("attack_chooser")
        self.units: tuple[str, ...] = ()
        self.target: str | None = None
        self.choices: list[tuple[str, str, object, str]] = []
        self.title = QLabel(self)
        self.title.setWordWrap(True)
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.types = QButtonGroup(self)
        self.types.setExclusive(True)
        self.type_row = QVBoxLayout()  # one type a line: the dock keeps its width
        self.support = QCheckBox("HQ support", self, objectName="attack_support")
        self.support.toggled.connect(lambda _on: self._rebuild(keep=True))
        self.declare_button = QPushButton("Attack (Enter)", self, objectName="attack_declare", clicked=self.declare)
        self.cancel_button = QPushButton("Cancel (Esc)", self, objectName="attack_cancel", clicked=self.clear)
        buttons = QHBoxLayout()
        buttons.addWidget(self.support)
        buttons.addStretch(1)
        buttons.addWidget(self.declare_button)
        buttons.addWidget(self.cancel_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.title)
        layout.addLayout(self.type_row)
        layout.addLayout(buttons)
        self.type_keys = []
        for n in range(1, 4):  # the types in the order shown: 1, 2, 3
            key = QAction(f"Attack type {n}", window, shortcut=QKeySequence(str(n)), enabled=False)
            key.triggered.connect(lambda _=False, i=n - 1: self.choose_nth(i))
            window.addAction(key)
            self.type_keys.append(key)
        self.hide()

    def choose_nth(self, i: int) -> bool:
        return i < len(self.choices) and self.choose(self.choices[i][0])

    def setVisible(self, visible: bool) -> None:  # noqa: N802 - Qt API
        super().setVisible(visible)
        for key in getattr(self, "type_keys", ()):
            key.setEnabled(visible)

    def refresh(self) -> None:
        """After an action: the plan with the new position's choices, or none when no attack can be planned now."""
        if not self.active:
            return
        if not self.window.controller.kit.attack_choices(self.window.controller.state, self.units, self.target):
            self.clear()
        else:
            self._rebuild(keep=True)

    @property
    def active(self) -> bool:
        return self.target is not None

    def plan(self, units: tuple[str, ...], target: str) -> bool:
        """Plan an attack of ``units`` on ``target``; False when the rule system offers no such choice."""
        kit = self.window.controller.kit
        state = self.window.controller.state
        if not kit.attack_choices(state, tuple(units), target):
            return False
        self.units, self.target = tuple(units), target
        self.support.blockSignals(True)
        self.support.setChecked(False)
        self.support.blockSignals(False)
        self.support.setVisible(kit.attack_support(state, self.units, target) is not None)
        self._rebuild(keep=False)
        self.show()
        self.window.combat_dock.show()
        self.window.combat_dock.raise_()
        if self.window.combat_dock.height() < self.ROOM:  # room for the types and the odds under them
            self.window.resizeDocks([self.window.combat_dock], [self.ROOM], Qt.Orientation.Vertical)
        if self.window.combat_dock.width() < self.WIDE:  # the odds table's unit names and columns on one line each
            self.window.resizeDocks([self.window.combat_dock], [self.WIDE], Qt.Orientation.Horizontal)
        return True

    def _rebuild(self, keep: bool) -> None:
        """The type buttons for the attack planned (the choice kept when it is still allowed)."""
        if not self.active:
            return
        controller = self.window.controller
        was = self.chosen_type() if keep else None
        self.choices = controller.kit.attack_choices(controller.state, self.units, self.target, self.support.isChecked())
        for b in self.types.buttons():
            self.types.removeButton(b)
            self.type_row.removeWidget(b)
            b.deleteLater()
        for i, (kind, words, action, why) in enumerate(self.choices):
            b = QRadioButton(words, self, objectName=f"attack_type:{kind}")
            b.setEnabled(action is not None)
            b.setToolTip(why or words)
            b.toggled.connect(lambda on: on and self._show_odds())
            self.types.addButton(b, i)
            self.type_row.addWidget(b)
        allowed = [k for k, _w, a, _y in self.choices if a is not None]
        pick = was if was in allowed else ("normal" if "normal" in allowed else (allowed[0] if allowed else None))
        names = ", ".join(controller.unit_name(u) for u in self.units)
        self.title.setText(f"<b>Attack on {html.escape(self.target)}</b> by {html.escape(names)}: choose the attack type"
                           + ("" if allowed else " — <b>none is allowed</b> (each type's reason is in its tool tip)"))
        if pick is not None:
            self._button(pick).setChecked(True)
        self._show_odds()

    def _button(self, kind: str) -> QRadioButton:
        return next(b for b in self.types.buttons() if b.objectName() == f"attack_type:{kind}")

    def chosen_type(self) -> str | None:
        b = self.types.checkedButton()
        return b.objectName().split(":", 1)[1] if b is not None else None

    def choose(self, kind: str) -> bool:
        """Pick an attack type (the keys M, N, P): False when it is not allowed now."""
        if not self.active:
            return False
        b = next((b for b in self.types.buttons() if b.objectName() == f"attack_type:{kind}"), None)
        if b is None or not b.isEnabled():
            why = next((y for k, _w, _a, y in self.choices if k == kind), "")
            self.window.statusBar().showMessage(f"Not allowed — {why}" if why else f"No {kind} attack here", 10000)
            return False
        b.setChecked(True)
        return True

    def action(self):
        kind = self.chosen_type()
        return next((a for k, _w, a, _y in self.choices if k == kind), None)

    def _show_odds(self) -> None:
        action = self.action()
        panel = self.window.combat_panel
        if action is None:
            reasons = "".join(f"<li>{html.escape(w)}: {html.escape(y)}</li>" for _k, w, _a, y in self.choices)
            panel.show_plan(f"<h3>No attack on {html.escape(self.target)}</h3><ul>{reasons}</ul>")
        else:
            panel.show_plan(self.window.controller.kit.attack_html(self.window.controller, action))
        self.declare_button.setEnabled(action is not None)
        self.window.declare_action.setEnabled(action is not None)

    def declare(self) -> list | None:
        """Declare the attack planned (the window asks first when it asks before costly actions)."""
        action = self.action()
        if action is None:
            return None
        events = self.window.do(action)
        if events is not None:
            self.clear()
        return events

    def clear(self) -> None:
        self.units, self.target, self.choices = (), None, []
        for b in self.types.buttons():
            self.types.removeButton(b)
            self.type_row.removeWidget(b)
            b.deleteLater()
        self.hide()
        self.window.combat_panel.show_plan("")
        self.window.declare_action.setEnabled(False)

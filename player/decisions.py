"""A person's decisions outside their own moves: the map goes to them, and an Air Point is one key.

Whenever a decision waits for a person (a defender's loss or retreat, an advance, a chase of a
disengaging unit, an Air Point), :class:`DecisionFocus` centres the map on the hexes concerned.

Air Points are decided combat by combat: the rules have the attacker and then the defender
announce theirs before each combat's odds are found, one per side and combat (13.11-13.13), so
the defender decides knowing the attacker's choice.  The question is therefore kept quick: a bar
over the map names the combat, shows the odds column now and with the Air Point (13.14) with the
chance of each result, and takes one key: A to commit, N to decline.

Where the rules have each side put any number of air points on a combat in secret (the player
kit's ``air_allotment``), :class:`AirAllotment` asks for them: a number (arrow keys or typed, Enter
allots), an HQ's support when one may be named, and the odds with the side's own points only; the
other side's points are never read, so nothing of them shows until the roll.
"""
from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QComboBox, QFrame, QHBoxLayout, QLabel, QPushButton, QSpinBox, QVBoxLayout

from kharkovsuite.engine import IllegalAction
from kharkovsuite.engine.events import AirCommitted, AttackDeclared

AIR_KINDS = ("CommitAir", "DeclineAir")
FOCUS_ZOOM = 0.6  # view pixels per scene unit: a hex some 60 pixels across, its counters readable


def focus_map(view, location: str) -> None:
    """Centre the map view on ``location``, zooming in first to a readable scale if the map is shown smaller (whole)."""
    if view.zoom < FOCUS_ZOOM:
        view.set_zoom(FOCUS_ZOOM)
    view.center_on_hex(location)


def decision_hexes(state) -> list[str]:
    """The hexes a pending decision is about: the combat's target hexes, else the hex the decision names, else its units' hexes."""
    if not state.pending:
        return []
    pending = state.pending[-1]
    combat = state.observation(pending.side).get("combat")
    if combat and combat.get("targets"):
        return list(combat["targets"])
    if isinstance(pending.data.get("hex"), str):
        return [pending.data["hex"]]
    units = {getattr(a, "unit", None) for a in state.legal_actions()} - {None}
    return sorted({state.units[u].hex for u in units if state.units[u].hex})


def air_committed(state) -> dict[str, bool]:
    """Which roles have committed an Air Point to the combat being decided, from the log since it was declared."""
    air = {"attacker": False, "defender": False}
    for e in reversed(state.log):
        if isinstance(e, AttackDeclared):
            break
        if isinstance(e, AirCommitted) and e.committed:
            air["attacker" if e.side == state.phase.side else "defender"] = True
    return air


class DecisionFocus:
    """Centres the window's map on every decision a person must take, and asks Air Points quickly."""

    def __init__(self, window):
        self.window = window
        self.air = AirQuestion(window)
        self.allot = AirAllotment(window)
        window.controller.state_changed.connect(self.on_state_changed)
        self.on_state_changed([])

    def person_decides(self) -> bool:
        state = self.window.controller.state
        computer = self.window.computer
        return bool(state.pending) and not state.is_terminal and (computer is None or not computer.is_computer(state.to_act))

    def on_state_changed(self, _events: list) -> None:
        if not self.person_decides():
            self.air.hide()
            self.allot.hide()
            return
        state = self.window.controller.state
        hexes = [h for h in decision_hexes(state) if h in self.window.scene.game_map]
        if hexes:
            focus_map(self.window.view, hexes[0])
        if state.pending[-1].kind == "air" and any(a.kind in AIR_KINDS for a in self.window.controller.legal()):
            self.air.ask(hexes)
        else:
            self.air.hide()
        allotment = self.window.controller.kit.air_allotment(self.window.controller)
        if allotment is not None:
            self.allot.ask(allotment)
        else:
            self.allot.hide()


class AirQuestion(QFrame):
    """The bar over the map that asks one side for its Air Point in one combat: A commits, N declines."""

    def __init__(self, window):
        super().__init__(window.view)
        self.window = window
        self.setObjectName("air_question")
        self.setAutoFillBackground(True)
        self.setStyleSheet("QFrame#air_question { background: #fff8dc; border: 2px solid #8a7a40; border-radius: 4px; }")
        self.label = QLabel(self)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setWordWrap(True)
        # Slots return None: a value returned to Qt from a Python slot is not wanted (and PySide mishandles it).
        self.commit_button = QPushButton("Commit an Air Point (A)", self, objectName="air_commit", clicked=self.commit)
        self.decline_button = QPushButton("No Air Point (N)", self, objectName="air_decline", clicked=self.decline)
        row = QHBoxLayout(self)
        row.addWidget(self.label, 1)
        row.addWidget(self.commit_button)
        row.addWidget(self.decline_button)
        self.commit_action = QAction("Commit an Air Point", window, shortcut=QKeySequence(Qt.Key.Key_A), triggered=self.commit)
        self.decline_action = QAction("No Air Point", window, shortcut=QKeySequence(Qt.Key.Key_N), triggered=self.decline)
        for action in (self.commit_action, self.decline_action):
            action.setEnabled(False)
            window.addAction(action)
        self.hide()

    def ask(self, hexes: list[str]) -> None:
        state = self.window.controller.state
        pending = state.pending[-1]
        sides = state.scenario.sides
        side = sides[pending.side].name if pending.side in sides else pending.side
        role = str(pending.data.get("role", ""))
        where = ", ".join(hexes) or "—"
        self.label.setText(f"<b>{html.escape(side)}</b> ({html.escape(role)}): an Air Point for the combat at <b>{html.escape(where)}</b>? "
                           f"({html.escape(pending.case)}, {html.escape(self.window.controller.kit.case('air_point'))})<br>{self._odds_change(role)}")
        for action in (self.commit_action, self.decline_action):
            action.setEnabled(True)
        width = max(360, self.window.view.viewport().width() - 40)
        self.setFixedWidth(width)
        self.adjustSize()
        self.move(20, 12)
        self.show()
        self.raise_()

    def _odds_change(self, role: str) -> str:
        """The column and the chance of each result now and with the Air Point (from the rule system's odds query)."""
        controller = self.window.controller
        module = controller.odds_module()
        combat = controller.observation().get("combat")
        now = controller.current_odds()
        if module is None or not combat or now is None or role not in ("attacker", "defender"):
            return "The odds are not known before the roll."
        air = air_committed(controller.state)
        air[role] = True
        try:
            with_air = module.attack_odds(controller.state, combat["attackers"], combat["targets"], air=air)
        except IllegalAction as exc:
            return html.escape(str(exc))
        return (f"Column now <b>{html.escape(now.column)}</b> ({_results(now)}); "
                f"with it <b>{html.escape(with_air.column)}</b> ({_results(with_air)})")

    def commit(self) -> None:
        self.answer("CommitAir")

    def decline(self) -> None:
        self.answer("DeclineAir")

    def answer(self, kind: str) -> list | None:
        """Hand the engine the answer the window offers for this decision."""
        action = next((a for a in self.window.controller.legal() if a.kind == kind), None)
        if action is None:
            return None
        return self.window.do(action)

    def hide(self) -> None:
        for action in (getattr(self, "commit_action", None), getattr(self, "decline_action", None)):
            if action is not None:
                action.setEnabled(False)
        super().hide()


class AirAllotment(QFrame):
    """The bar over the map where one side puts air points on a combat in secret (and names an HQ's support)."""

    def __init__(self, window):
        super().__init__(window.view)
        self.window = window
        self.allotment: dict | None = None
        self.setObjectName("air_allotment")
        self.setAutoFillBackground(True)
        self.setStyleSheet("QFrame#air_allotment { background: #eef4fb; border: 2px solid #0072b2; border-radius: 4px; }")
        self.label = QLabel(self)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setWordWrap(True)
        self.odds = QLabel(self, objectName="air_odds")
        self.odds.setTextFormat(Qt.TextFormat.RichText)
        self.odds.setWordWrap(True)
        self.points = QSpinBox(self, objectName="air_points")
        self.points.setSuffix(" air points")
        self.points.valueChanged.connect(lambda _v: self._preview())
        self.points.lineEdit().returnPressed.connect(self.allot)
        self.support = QComboBox(self, objectName="air_support")
        self.support.currentIndexChanged.connect(lambda _i: self._preview())
        self.allot_button = QPushButton("Allot in secret (Enter)", self, objectName="air_allot", clicked=self.allot)
        row = QHBoxLayout()
        row.addWidget(self.points)
        row.addWidget(self.support)
        row.addStretch(1)
        row.addWidget(self.allot_button)
        column = QVBoxLayout(self)
        column.addWidget(self.label)
        column.addLayout(row)
        column.addWidget(self.odds)
        self.hide()

    def ask(self, allotment: dict) -> None:
        self.allotment = allotment
        sides = self.window.controller.state.scenario.sides
        side = sides[allotment["side"]].name if allotment["side"] in sides else allotment["side"]
        self.label.setText(f"<b>{html.escape(side)}</b> ({html.escape(allotment['role'])}): air points on the {html.escape(allotment['type'])} attack "
                           f"on <b>{html.escape(allotment['target'])}</b>, in secret: the other side learns them at the roll "
                           f"({html.escape(allotment['case'])}). You have {allotment['left']} this turn; up to {allotment['most']} here.")
        self.points.blockSignals(True)
        self.points.setRange(0, allotment["most"])
        self.points.setValue(0)
        self.points.blockSignals(False)
        self.support.blockSignals(True)
        self.support.clear()
        self.support.addItem("No HQ support", "")
        for hq, name in allotment["supports"].items():
            self.support.addItem(f"Support of {name} (1.4)", hq)
        self.support.setVisible(bool(allotment["supports"]))
        self.support.blockSignals(False)
        self._preview()
        self.setFixedWidth(max(360, self.window.view.viewport().width() - 40))
        self.adjustSize()
        self.move(20, 12)
        self.show()
        self.raise_()
        self.points.setFocus()
        self.points.selectAll()

    def _preview(self) -> None:
        if self.allotment is None:
            return
        controller = self.window.controller
        self.odds.setText(controller.kit.air_preview_html(controller, self.points.value(), self.support.currentData() or ""))

    def allot(self) -> list | None:
        """Hand the engine the points (and support) chosen; the bar then goes to the next decision, if any."""
        if self.allotment is None or not self.isVisible():
            return None
        action = self.allotment["action"](self.points.value(), self.support.currentData() or "")
        return self.window.do(action)

    def hide(self) -> None:
        self.allotment = None
        super().hide()


def _results(odds) -> str:
    return ", ".join(f"{html.escape(r)} {round(100 * float(p))}%" for r, p in odds.results[:3])

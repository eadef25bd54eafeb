"""What the computer did in its side-turn, step by step.

When a computer side's phases end and a person's phase begins, the "Computer's turn" dock lists
what the computer did in those phases, read from the game log: every move, rail move, overrun,
reserve commitment, attack (with its result), retreat, advance, step lost and unit eliminated.
Selecting a step centres the map on it and draws it: a move as an arrow along its path, a combat
as its marked target hexes.  Previous/Next (buttons, PageUp/PageDown, or the list's arrow keys)
step through it; Done (or closing the dock) clears the marks.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QHBoxLayout, QLabel, QListWidget, QPushButton, QVBoxLayout, QWidget

from kharkovsuite.engine.events import (AttackDeclared, CombatResolved, Eliminated, Event, PhaseChanged, StepLost,
                                        UnitMoved, _UnitAlongPath)

from .decisions import focus_map

PATH_OVERLAY = "replay_path"
MARK_OVERLAY = "replay_marks"


@dataclass(frozen=True)
class Step:
    """One thing the computer did: its text, the hexes of its path (an arrow) and the hexes it marks."""

    text: str
    path: tuple[str, ...] = ()
    marks: tuple[str, ...] = ()

    @property
    def focus(self) -> str | None:
        """The hex the map centres on: where a move ended, else the first hex it marks."""
        if self.path:
            return self.path[-1]
        return self.marks[0] if self.marks else None


def side_turn_events(log: list[Event], is_computer) -> list[Event]:
    """The events of the computer's phases that came just before the phase now begun (none if it was a person's).

    Walks back from the last phase change over the phases of computer sides (and of no side,
    such as the end of a game-turn) until a phase of a person's side.
    """
    last = next((i for i in range(len(log) - 1, -1, -1) if isinstance(log[i], PhaseChanged)), None)
    if last is None:
        return []
    start = None
    for i in range(last - 1, -1, -1):
        e = log[i]
        if isinstance(e, PhaseChanged):
            if e.side is not None and not is_computer(e.side):
                break
            if e.side is not None:
                start = i
    return [] if start is None else list(log[start:last])


def steps_from_events(events: list[Event], named: Callable[[str], str] = str, words: Callable[[Event], str] = lambda e: e.text()) -> list[Step]:
    """The steps worth showing among ``events``; an attack and its result make one step.

    ``named`` puts a step's words in a player's names (the controller's ``named``); by default the ids stay.
    ``words`` gives a move its text in its game's points (the kit's ``event_text``)."""
    steps = _steps(events, words)
    return [dataclasses.replace(s, text=named(s.text)) for s in steps]


def _steps(events: list[Event], words: Callable[[Event], str]) -> list[Step]:
    steps: list[Step] = []
    attack_at: int | None = None  # index in steps of the attack waiting for its result
    for e in events:
        if isinstance(e, UnitMoved):
            steps.append(Step(words(e), path=tuple(e.path) if len(e.path) > 1 else (), marks=tuple(e.path[-1:])))
        elif isinstance(e, AttackDeclared):
            attack_at = len(steps)
            steps.append(Step(f"{', '.join(e.attackers)} attack {', '.join(e.targets)}", marks=tuple(e.targets)))
        elif isinstance(e, CombatResolved):
            if attack_at is not None:
                declared = steps[attack_at]
                steps[attack_at] = Step(f"{declared.text}: {e.attack} to {e.defense}, column {e.column}, die {e.die}: {e.result}",
                                        marks=declared.marks)
                attack_at = None
            else:
                steps.append(Step(e.text()))
        elif isinstance(e, _UnitAlongPath):
            steps.append(Step(e.text(), path=tuple(e.path) if len(e.path) > 1 else (), marks=tuple(e.path[-1:])))
        elif isinstance(e, Eliminated):
            steps.append(Step(e.text(), marks=(e.hex,) if e.hex else ()))
        elif isinstance(e, StepLost):
            steps.append(Step(e.text()))
    return steps


class TurnReplay(QWidget):
    """The "Computer's turn" dock of a :class:`player.app.PlayerWindow`; shows itself after a computer side-turn."""

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.steps: list[Step] = []
        self.shown_for = -1  # the log index of the phase change the steps were gathered for
        self.title = QLabel(self)
        self.title.setWordWrap(True)
        self.list = QListWidget(self)
        self.list.setObjectName("replay_list")
        self.list.currentRowChanged.connect(self._show_step)
        self.prev_button = QPushButton("◀ Previous", self, objectName="replay_prev", clicked=self.previous)
        self.next_button = QPushButton("Next ▶", self, objectName="replay_next", clicked=self.next)
        self.done_button = QPushButton("Done", self, objectName="replay_done", clicked=self.dismiss)
        self.prev_button.setToolTip("The previous step (PageUp)")
        self.next_button.setToolTip("The next step (PageDown)")
        self.done_button.setToolTip("Clear the marks and close this list")
        row = QHBoxLayout()
        for b in (self.prev_button, self.next_button, self.done_button):
            row.addWidget(b)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.title)
        layout.addWidget(self.list)
        layout.addLayout(row)
        self.dock = QDockWidget("Computer's turn", window)
        self.dock.setObjectName("computer_turn")
        self.dock.setWidget(self)
        window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.dock)
        self.dock.hide()
        self.dock.visibilityChanged.connect(self._visibility)
        self.next_action = QAction("Next step of the computer's turn", window, shortcut=QKeySequence(Qt.Key.Key_PageDown), triggered=self.next)
        self.prev_action = QAction("Previous step of the computer's turn", window, shortcut=QKeySequence(Qt.Key.Key_PageUp), triggered=self.previous)
        for action in (self.next_action, self.prev_action):
            action.setEnabled(False)
            window.addAction(action)
        window.controller.state_changed.connect(self.on_state_changed)

    # ------------------------------------------------------------------ when it shows
    def on_state_changed(self, events: list) -> None:
        if not any(isinstance(e, PhaseChanged) for e in events):
            return
        computer = self.window.computer
        state = self.window.controller.state
        if computer is None or computer.is_computer(state.phase.side):
            return
        log = self.window.controller.visible_log()
        last = next((i for i in range(len(log) - 1, -1, -1) if isinstance(log[i], PhaseChanged)), -1)
        if last == self.shown_for:
            return
        controller = self.window.controller
        steps = steps_from_events(side_turn_events(log, computer.is_computer), controller.named, controller.kit.event_text)
        if steps:
            self.shown_for = last
            self.show_steps(steps)

    def show_steps(self, steps: list[Step]) -> None:
        self.steps = list(steps)
        self.list.blockSignals(True)
        self.list.clear()
        self.list.addItems([f"{i + 1}. {s.text}" for i, s in enumerate(self.steps)])
        self.list.blockSignals(False)
        self.title.setText(f"<b>What the computer did</b>: {len(self.steps)} step(s). Select one to see it on the map.")
        self.dock.show()
        self.dock.raise_()
        for action in (self.next_action, self.prev_action):
            action.setEnabled(True)
        self.list.setCurrentRow(0)

    # ------------------------------------------------------------------ stepping
    def next(self) -> None:
        if self.steps:
            self.list.setCurrentRow(min(self.list.currentRow() + 1, len(self.steps) - 1))

    def previous(self) -> None:
        if self.steps:
            self.list.setCurrentRow(max(self.list.currentRow() - 1, 0))

    def dismiss(self) -> None:
        self.dock.hide()
        self._clear_marks()

    def _visibility(self, visible: bool) -> None:
        if not visible:  # closed with its title bar's button: the same as Done
            self._clear_marks()

    def _clear_marks(self) -> None:
        scene = self.window.scene
        scene.clear_overlay(PATH_OVERLAY)
        scene.clear_overlay(MARK_OVERLAY)
        for action in (self.next_action, self.prev_action):
            action.setEnabled(False)

    def _show_step(self, row: int) -> None:
        scene = self.window.scene
        scene.clear_overlay(PATH_OVERLAY)
        scene.clear_overlay(MARK_OVERLAY)
        if not 0 <= row < len(self.steps):
            return
        step = self.steps[row]
        on_map = scene.game_map
        path = [h for h in step.path if h in on_map]
        if len(path) > 1:
            scene.set_path_overlay(PATH_OVERLAY, path, "black")
        marks = {h: ("green", None) for h in step.marks if h in on_map}
        if marks:
            scene.set_hex_overlay(MARK_OVERLAY, marks)
        if step.focus is not None and step.focus in on_map:
            focus_map(self.window.view, step.focus)

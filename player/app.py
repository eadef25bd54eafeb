"""The player: entry point ``kharkov``.

A main window around the shared map view, driving a game through a :class:`GameController`:
the map in the middle; a phase bar (turn, date, phase, side to act, what may be done, the rule
case, End phase); docks for the minimap, the stack, actions, combat, unit and game record, and
the game log.  The window never decides a rule: it shows what the engine offers
(``legal_moves``, ``legal_actions``) and hands the chosen action to the engine, and it shows
the engine's refusal (which names the rule case) when there is one.

A scenario whose rule system cannot run yet opens as its set-up only, as before.
"""
from __future__ import annotations

import argparse
import html
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

# The headless core is imported before PySide6: PySide6 reads the source of every module imported
# after it (looking for its own name there), which would cost the start some 30 ms.
from kharkovsuite.engine import IllegalAction, Move, OptionError, RailMove
from kharkovsuite.errors import report_unexpected
from kharkovsuite.rules import RuleSystemUnavailable
from kharkovsuite.engine.saves import SaveError
from kharkovsuite.scenario import ScenarioError, load_scenario

from PySide6.QtCore import QPointF, Qt, QTimer, QUrl
from PySide6.QtGui import QAction, QFont, QIcon, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from kharkovsuite.view import (OKABE_ITO, Legend, MapScene, MapView, Minimap, StackInspector, counter_views_from_scenario, describe_location,
                               offscreen_for_screenshot, OverlayStyle)
from kharkovsuite.resources import resources_dir, scenarios_dir
from kharkovsuite.view.firstpaint import AfterFirstPaint, save_screenshot, start_objects_kept, until_first_paint
from kharkovsuite.view.traceoverlays import TraceOverlays

from .attackplan import AttackChooser
from .controller import GameController
from .decisions import DecisionFocus
from .replay import TurnReplay
from . import situation
from .systems import allow_unplayable, why_not_playable
from .panels import ActionsPanel, CombatPanel, LogPanel, StatusPanel, action_key, action_units

if TYPE_CHECKING:  # the help, start page, summary and computer seats are imported when first used
    from .computer import ComputerSeats
    from .help import HelpBrowser
    from .startpage import Choice, StartPage
    from .summary import GameSummary

MAY_ACT_OVERLAY = "may_act"  # the units an open activation may still use
MAY_ACT_STYLE = OverlayStyle(OKABE_ITO["green"], Qt.BrushStyle.NoBrush, Qt.PenStyle.SolidLine, 30)  # a light outline

DEFAULT_SCENARIO = scenarios_dir() / "kharkov-1942.yaml"  # the checkout's, or the installed share folder's
MAX_PROBLEMS_SHOWN = 25
LISTING = "Listing what may be done…"  # the Actions dock's first frame (the legal actions follow it)
READING = "Reading the game…"  # the Unit and game dock's first frame (the turn record and the score follow it)
SAVE_FILTER = "Kharkov Suite games (*.ksave *.json)"


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="kharkov", description="Play Kharkov Suite scenarios.")
    parser.add_argument("--scenario", help="scenario file to open directly (default: the start page, to choose one)")
    parser.add_argument("--load", help="a saved game to open")
    parser.add_argument("--seed", type=int, default=None, help="dice seed of a new game (default: from the clock)")
    parser.add_argument("--screenshot", help="render the window into this PNG as first painted, then exit")
    parser.add_argument("--soviet", default="human", help="who plays the Soviet side: human (default) or a computer player, e.g. ai:normal")
    parser.add_argument("--axis", default="human", help="who plays the Axis side: human (default) or a computer player, e.g. ai:normal")
    parser.add_argument("--german", default="human", help="who plays the German side (Kharkov 1943, Kirovograd): human (default) or a computer player")
    parser.add_argument("--allow-unplayable", action="store_true",
                        help="developer switch: play a game whose rules engine runs only for the headless tools (its combat or victory still being written)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME[=VALUE]",
                        help="a new game plays with this advanced or optional rule of its rule system (repeatable), e.g. --option dummies")
    return parser.parse_args(argv)


def autosave_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("kharkovsuite")) / "autosave"


class HandOver(QWidget):
    """A full-window curtain between hot-seat players: "Soviet player" and a Continue button.

    A click on the curtain does nothing: quick clicks meant for End phase must not lift it and
    hand the next side's whole turn away.  The button (or Enter/Space on it) lifts it, and only
    after ARM_MS, so a click already on its way cannot either.
    """

    ARM_MS = 900

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.setObjectName("handover")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet("QWidget#handover { background: rgb(20, 24, 28); } QLabel { color: #f0ead6; }")
        self.label = QLabel(self)
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        f = QFont(self.label.font())
        f.setPointSizeF(f.pointSizeF() * 2.2)
        f.setBold(True)
        self.label.setFont(f)
        self.button = QPushButton("Continue", self)
        self.button.setObjectName("handover_continue")
        self.button.setStyleSheet("QPushButton { font-size: 16pt; padding: 10px 30px; background: #e6d9a8; border-radius: 4px; }"
                                  "QPushButton:disabled { background: #77705a; color: #333; }")
        self.button.clicked.connect(self.lift)
        self._floating: list[QDockWidget] = []
        self._arm = QTimer(self, singleShot=True, interval=self.ARM_MS)
        self._arm.timeout.connect(lambda: (self.button.setEnabled(True), self.button.setFocus()))
        self.hide()

    def show_for(self, text: str) -> None:
        # A dock floating outside the window is a window of its own: the curtain would not cover it.
        self._floating += [d for d in self.parentWidget().findChildren(QDockWidget) if d.isFloating() and d.isVisible()]
        for dock in self._floating:
            dock.hide()
        self.label.setText(text + "\n\nthe other player looks away")
        self.button.setText(f"I am the {text} — show my side")
        self.button.setEnabled(False)
        self._layout()
        self.raise_()
        self.show()
        self.setFocus()
        self._arm.start()

    def _layout(self) -> None:
        self.setGeometry(self.parentWidget().rect())
        r = self.rect()
        self.label.setGeometry(0, 0, r.width(), int(r.height() * 0.6))
        self.button.adjustSize()
        self.button.move((r.width() - self.button.width()) // 2, int(r.height() * 0.66))

    def lift(self) -> None:
        """The next player is at the screen: the curtain goes, the floating docks it hid come back."""
        self.hide()
        for dock in self._floating:
            dock.show()
        self._floating = []

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt API
        event.accept()  # a click on the curtain is not a hand-over

    def keyPressEvent(self, event) -> None:  # noqa: N802 - Qt API
        event.accept()  # nor is a key meant for the map behind it


class PhaseLabel(QLabel):
    """The phase bar's text, in two lines whatever the phase says (the bar must not jump when it changes): where the
    whole would need a third line at the label's width, the part saying what may be done is cut short with an
    ellipsis.  The tooltip keeps it all."""

    def __init__(self, parent=None):
        super().__init__("", parent)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setWordWrap(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setFixedHeight(self.fontMetrics().lineSpacing() * 2 + 6)
        self._parts = ("", "")

    def set_parts(self, head: str, doing: str) -> None:
        """Show ``head`` (rich text, kept whole) and then ``doing`` (words; cut short when they do not fit)."""
        self._parts = (head, doing)
        self.setToolTip(f"<qt>{head}{doing}</qt>")
        self._fit()

    def _fit(self) -> None:
        head, doing = self._parts
        self.setText(head + doing)
        room, width = self.height(), self.width()
        words = doing.split(" ")
        if width < 50 or "<" in doing or self.heightForWidth(width) <= room:
            return  # not laid out yet, a decision's text (a link: not to be cut), or it fits
        low, high = 0, len(words) - 1  # the most words that fit with the ellipsis, by halving
        while low < high:
            mid = (low + high + 1) // 2
            self.setText(head + " ".join(words[:mid]) + " …")
            if self.heightForWidth(width) <= room:
                low = mid
            else:
                high = mid - 1
        self.setText(head + " ".join(words[:low]) + " …")

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._fit()


class PlayerWindow(QMainWindow):
    """The game window on one scenario; raises ScenarioError for a bad file.

    With ``controller`` (or a playable scenario) the window drives that game; ``seed`` seeds a
    new one.  ``handover`` shows the hot-seat curtain when the side to act changes;
    ``autosave`` is a directory for the autosave at every phase change (None: none);
    ``players`` maps a side to the name of the computer player (kharkovsuite.ai.PLAYERS) that
    plays it in a worker thread (:mod:`.computer`); other sides are played at this screen.
    """

    LAYER_NAMES = {
        "hex_ids": "Hex numbers",
        "areas": "Set-up zones and areas",
        "lines": "Front and sector lines",
        "cities": "Cities and garrisons",
        "places": "Place names",
        "roads": "Roads",
        "rails": "Railroads",
        "hexsides": "Rivers",
        "boxes": "Off-map boxes",
    }

    def __init__(self, scenario_path: str | Path, parent: QWidget | None = None, *, controller: GameController | None = None,
                 seed: int = 0, handover: bool = False, autosave: Path | None = None, interactive: bool = False,
                 players: dict[str, str] | None = None):
        super().__init__(parent)
        t0 = time.perf_counter()
        self.scenario_path = Path(scenario_path)
        self.controller = controller
        self.engine_problem = ""
        if self.controller is None:
            try:
                self.controller = GameController.new(self.scenario_path, seed)
            except ScenarioError:
                raise
            except Exception as exc:  # noqa: BLE001 - a rule system not (yet) able to run this scenario
                self.engine_problem = f"{type(exc).__name__}: {exc}"
        self.scenario = self.controller.state.scenario if self.controller is not None else load_scenario(self.scenario_path)
        self.handover_enabled = handover
        self.autosave = autosave
        self.interactive = interactive
        self.confirming = interactive  # ask before an action that ends a phase or may cost a unit
        self._handed_on = False  # the game went on in another window: closing this one asks nothing
        self.selected: tuple[str, ...] = ()
        self.location: str | None = None  # the hex or box last clicked
        self.reach: dict = {}
        self.rail_mode = False
        self.attackers: list[str] = []
        self.targets: list[str] = []  # target hexes of the attack being picked (9.2)
        self.help: HelpBrowser | None = None
        self._last_actor = None
        self._last_viewer: str | None = None  # the seat whose view the window shows
        self.computer: ComputerSeats | None = None
        self.made_docks: list[QDockWidget] = []  # made by _dock, in the order of the window's children (the View menu)
        self.scene = MapScene(self.scenario)
        self.view = MapView(self.scene)
        # What the first frame does not need (the legal actions listed in the Actions dock, End phase and the Rail count
        # read from them; the minimap's picture, by the minimap itself) waits until the map is first painted: the window
        # opens without it, and it follows on the event loop's next turn.
        self.startup = AfterFirstPaint(self.view.viewport(), self)
        self.startup.watch_window(self)
        self.view.readable_fit = True  # a player reads counters; the minimap and "Whole map" give the overview
        self.minimap = Minimap(self.view)
        self.inspector = StackInspector(self.scene)
        self.legend = Legend(self.scene)
        self.setCentralWidget(self.view)
        self.curtain = HandOver(self)
        self.setWindowTitle(f"{self.scenario.title} — Kharkov Suite")
        self._docks()
        self._toolbar()
        self._menus()
        self.trace = TraceOverlays(self, side_of=lambda: self.controller.viewing_side() if self.controller else None)
        self.trace.set_rules(self.scenario.rules, {k: v.name for k, v in self.scenario.sides.items()})
        self.trace.words = self._trace_words
        self.trace.install(self)
        self.trace.set_view(self.scene, self.view)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.situation_bar)  # after the trace bar, on its row
        for attr, value in vars(self).items():  # stable names for tests and accessibility tools: end_phase, zoom_in, rail, ...
            if attr.endswith("_action") and isinstance(value, QAction):
                value.setObjectName(attr.removesuffix("_action"))
        self.view.setObjectName("map")
        self.view.hex_clicked.connect(self.click_hex)
        self.view.hex_hovered.connect(self._show_hex)
        self.view.zoom_changed.connect(self._show_zoom)
        self.view.counters_dropped.connect(self._dropped)
        self.inspector.counter_selected.connect(self._inspector_pick)
        self.resize(1600, 980)
        if self.controller is not None:
            self.set_players(players or {}, seed)
            self._attach(self.controller)
            # What a computer side did, step by step, and the map going to a person's decisions (player/replay.py, player/decisions.py).
            self.turn_replay = TurnReplay(self)
            self.decision_focus = DecisionFocus(self)
        else:
            self.scene.set_counters(counter_views_from_scenario(self.scenario))
            why = why_not_playable(self.scenario.rules)
            self.phase_label.set_parts(f"Set-up only — {html.escape(why)}" if why else "Set-up only: this scenario's rules cannot run yet", "")
            self.phase_label.setToolTip(self.engine_problem)
            self.statusBar().showMessage(f"Set-up only; the game engine could not start: {self.engine_problem}")
            for action in (self.end_phase_action, self.rail_action, self.enemy_reach_action, self.zoc_action, self.last_action, self.enter_action,
                           self.faster_action):
                action.setEnabled(False)  # nothing to play: no phase, no moves to show
        self.open_seconds = time.perf_counter() - t0

    # ------------------------------------------------------------------ parts
    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(title.lower().replace(" ", "_"))
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable | QDockWidget.DockWidgetFeature.DockWidgetClosable | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
        self.addDockWidget(area, dock)
        self.made_docks.append(dock)
        return dock

    def _docks(self) -> None:
        right = Qt.DockWidgetArea.RightDockWidgetArea
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        bottom = Qt.DockWidgetArea.BottomDockWidgetArea
        self.minimap_dock = self._dock("Minimap", self.minimap, right)
        self.inspector_dock = self._dock("Stack", self.inspector, right)
        self.legend_dock = self._dock("Legend", self.legend, right)
        self.resizeDocks([self.minimap_dock, self.inspector_dock, self.legend_dock], [240, 330, 330], Qt.Orientation.Vertical)
        self.resizeDocks([self.minimap_dock], [300], Qt.Orientation.Horizontal)
        if self.controller is None:
            return
        self.actions_panel = ActionsPanel(self.controller)
        self.actions_panel.chosen.connect(self.do)
        self.actions_panel.unit_picked.connect(lambda uid: self._select([uid]))
        self.actions_panel.title.linkActivated.connect(self.open_link)
        self.combat_panel = CombatPanel(self.controller)
        self.combat_panel.anchorClicked.connect(self.open_link)
        self.status_panel = StatusPanel(self.controller)
        self.status_panel.anchorClicked.connect(self.open_link)
        self.log_panel = LogPanel(self.controller)
        self.log_panel.anchorClicked.connect(self.open_link)
        self.actions_dock = self._dock("Actions", self.actions_panel, left)
        # the panels only this rule system has (its player kit's): tabbed with the Actions dock once the window shows
        self.kit_docks: list[tuple[QDockWidget, QWidget]] = [(self._dock(title, widget, left), widget) for title, widget in self.controller.kit.panels(self)]
        self._kit_dock_wanted: set[str] = set()
        self._kit_docks_tabbed = False
        self.attack_chooser = AttackChooser(self)
        combat = QWidget(self)
        column = QVBoxLayout(combat)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.attack_chooser)
        column.addWidget(self.combat_panel, 1)
        self.combat_dock = self._dock("Combat", combat, left)
        self.status_dock = self._dock("Unit and game", self.status_panel, left)
        self.log_dock = self._dock("Game log", self.log_panel, bottom)
        self.tabifyDockWidget(self.legend_dock, self.inspector_dock)
        self.inspector_dock.raise_()
        self.made_docks.append(self.made_docks.pop(self.made_docks.index(self.inspector_dock)))  # tabifying moved it last among the children
        self.resizeDocks([self.actions_dock, self.combat_dock, self.status_dock], [330, 250, 300], Qt.Orientation.Vertical)
        self.resizeDocks([self.actions_dock], [340], Qt.Orientation.Horizontal)
        self.resizeDocks([self.log_dock], [150], Qt.Orientation.Vertical)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        if self.controller is not None and self.kit_docks and not self._kit_docks_tabbed:
            self._tab_kit_docks()

    def _tab_kit_docks(self) -> None:
        """The rule system's panels go in the Actions dock's place, a tab each (done once shown: tabbing docks of two
        areas before the window shows leaves a stray copy of a tab bar drawn over the map)."""
        self._kit_docks_tabbed = True
        for dock, _panel in self.kit_docks:
            self.tabifyDockWidget(self.actions_dock, dock)  # a system's panel offers actions: in their place, brought forward when wanted
        self.resizeDocks([self.actions_dock, self.combat_dock, self.status_dock], [520, 160, 220], Qt.Orientation.Vertical)
        self.resizeDocks([self.actions_dock], [410], Qt.Orientation.Horizontal)
        for dock, _panel in self.kit_docks:
            if dock.objectName() in self._kit_dock_wanted:
                dock.raise_()

    def _toolbar(self) -> None:
        bar = QToolBar("Game", self)
        bar.setObjectName("game_toolbar")
        bar.setMovable(False)
        title = QLabel(self.scenario.title)
        f = QFont(title.font())
        f.setBold(True)
        f.setPointSizeF(f.pointSizeF() * 1.15)
        title.setFont(f)
        title.setContentsMargins(8, 0, 16, 0)
        bar.addWidget(title)
        self.turn_label = QLabel("")
        self.turn_label.setContentsMargins(0, 0, 16, 0)
        bar.addWidget(self.turn_label)
        self.phase_label = PhaseLabel()
        self.phase_label.setObjectName("phase_text")
        self.phase_label.linkActivated.connect(self.open_link)
        bar.addWidget(self.phase_label)
        self.rail_action = QAction("Rail", self, checkable=True, toggled=self._rail_toggled)
        self.rail_action.setShortcut(QKeySequence("Ctrl+L"))
        bar.addAction(self.rail_action)
        self.declare_action = QAction("Attack!", self, enabled=False, triggered=self.declare_attack)
        self.declare_action.setShortcuts([QKeySequence(Qt.Key.Key_Return), QKeySequence(Qt.Key.Key_Enter)])
        bar.addAction(self.declare_action)
        self.clear_attack_action = QAction("Clear attack", self, shortcut=QKeySequence(Qt.Key.Key_Escape), triggered=self.clear_attack)
        self.addAction(self.clear_attack_action)
        self.end_phase_action = QAction("End phase", self, shortcut=QKeySequence("Ctrl+E"), triggered=lambda: self.end_phase())
        bar.addAction(self.end_phase_action)
        end_button = bar.widgetForAction(self.end_phase_action)
        if end_button is not None:
            end_button.setStyleSheet("QToolButton { font-weight: bold; padding: 4px 14px; background: #e6d9a8; border: 1px solid #8a7a40; border-radius: 3px; }")
        self.undo_action = QAction("Undo", self, shortcut=QKeySequence.StandardKey.Undo, triggered=self.undo, enabled=False)
        self.undo_action.setToolTip("Take back the last action, back to the last die roll or revealed strength")
        bar.addAction(self.undo_action)
        self.enter_action = QAction("Bring on a reinforcement", self, shortcut=QKeySequence("Ctrl+Shift+R"), triggered=lambda: self.next_reinforcement())
        self.addAction(self.enter_action)
        self.faster_action = QAction("Faster", self, checkable=True, toggled=self._faster_toggled)
        self.faster_action.setToolTip("Play the computer's actions faster")
        bar.addAction(self.faster_action)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        bar = self.situation_bar = QToolBar("Situation and view", self)  # on the second row, see __init__
        bar.setObjectName("situation_toolbar")
        bar.setMovable(False)
        self.enemy_reach_action = QAction("Enemy reach", self, checkable=True, shortcut=QKeySequence("Ctrl+R"), toggled=lambda _on: self._situation(announce=True))
        self.zoc_action = QAction("ZOC", self, checkable=True, toggled=lambda _on: self._situation())
        self.last_action = QAction("Last move and combat", self, checkable=True, checked=True, toggled=lambda _on: self._situation())
        self.last_action.setToolTip("Highlight the last move of this phase and the last combat of this turn")
        for action in (self.enemy_reach_action, self.zoc_action, self.last_action):
            bar.addAction(action)
        bar.addSeparator()
        # triggered passes a "checked" flag: the lambdas keep it from becoming the zoom anchor
        self.zoom_in_action = QAction("Zoom in", self, shortcut=QKeySequence.StandardKey.ZoomIn, triggered=lambda: self.view.zoom_in())
        self.zoom_out_action = QAction("Zoom out", self, shortcut=QKeySequence.StandardKey.ZoomOut, triggered=lambda: self.view.zoom_out())
        self.fit_action = QAction("Fit", self, shortcut=QKeySequence("Ctrl+0"), triggered=lambda: self.view.fit_readable())
        self.fit_action.setToolTip("The largest view in which the counters can still be read")
        self.whole_map_action = QAction("Whole map", self, shortcut=QKeySequence("Ctrl+9"), triggered=lambda: self.view.fit_map())
        self.whole_map_action.setToolTip("The whole map at once (counters too small to read their values)")
        for action in (self.zoom_in_action, self.zoom_out_action, self.fit_action, self.whole_map_action):
            bar.addAction(action)
        self.layer_actions: dict[str, QAction] = {}
        for name, text in self.LAYER_NAMES.items():
            if name not in self.scene.layers:
                continue
            action = QAction(text, self, checkable=True, checked=self.scene.layer_visible(name))
            action.toggled.connect(lambda on, n=name: self.scene.set_layer_visible(n, on))
            self.layer_actions[name] = action
        self.layer_actions["hex_ids"].setShortcut(QKeySequence("Ctrl+H"))
        self.layer_actions["hex_ids"].toggled.connect(self._hex_ids_toggled)
        bar.addAction(self.layer_actions["hex_ids"])
        self.statusBar().showMessage("Click a unit to see where it may go; right-drag pans; wheel zooms")

    def _menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        file_menu.addAction(QAction("&New game…", self, shortcut=QKeySequence.StandardKey.New, triggered=self.new_game_dialog))
        file_menu.addAction(QAction("&Open game…", self, shortcut=QKeySequence.StandardKey.Open, triggered=self.open_game_dialog))
        self.recent_menu = file_menu.addMenu("Open &recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        file_menu.addAction(QAction("&Save", self, shortcut=QKeySequence.StandardKey.Save, triggered=self.save_game))
        file_menu.addAction(QAction("Save &as…", self, shortcut=QKeySequence.StandardKey.SaveAs, triggered=self.save_game_as))
        file_menu.addSeparator()
        file_menu.addAction(QAction("&Quit", self, shortcut=QKeySequence.StandardKey.Quit, triggered=self.close))
        game_menu = self.menuBar().addMenu("&Game")
        game_menu.addAction(self.end_phase_action)
        game_menu.addAction(self.undo_action)
        game_menu.addAction(QAction("S&ummary…", self, triggered=lambda: self.controller is not None and self.game_summary().exec()))
        game_menu.addAction(self.rail_action)
        game_menu.addAction(self.enter_action)
        self.handover_action = QAction("Hot-seat hand-over screen", self, checkable=True, checked=self.handover_enabled)
        self.handover_action.toggled.connect(lambda on: setattr(self, "handover_enabled", on))
        game_menu.addAction(self.handover_action)
        view_menu = self.menuBar().addMenu("&View")
        for action in (self.zoom_in_action, self.zoom_out_action, self.fit_action, self.whole_map_action):
            view_menu.addAction(action)
        view_menu.addSeparator()
        for action in (self.enemy_reach_action, self.zoc_action, self.last_action):
            view_menu.addAction(action)
        view_menu.addSeparator()
        for action in self.layer_actions.values():
            view_menu.addAction(action)
        view_menu.addSeparator()
        # The docks as findChildren would list them; asking Qt for them makes PySide6 wrap every child of the window
        # (layouts, models, timers), and make the Python enums of their classes on the way: a few ms of every start.
        for dock in self.made_docks:
            view_menu.addAction(dock.toggleViewAction())
        help_menu = self.menuBar().addMenu("&Help")
        self.how_to_play_action = QAction("&How to play", self, shortcut=QKeySequence.StandardKey.HelpContents, triggered=lambda: self.show_help(page="how_to_play"))
        self.rules_help_action = QAction("&Rules", self, shortcut=QKeySequence("Ctrl+F1"), triggered=lambda: self.show_help(page="rules"))
        self.shortcuts_action = QAction("&Keyboard shortcuts", self, shortcut=QKeySequence("Ctrl+/"), triggered=lambda: self.show_help(page="shortcuts"))
        self.about_action = QAction("&About Kharkov Suite", self, triggered=lambda: self.show_help(page="about"))
        for action in (self.how_to_play_action, self.rules_help_action, self.shortcuts_action, self.about_action):
            help_menu.addAction(action)

    # ------------------------------------------------------------------ computer sides
    def set_players(self, players: dict[str, str], seed: int = 0) -> None:
        """Who plays each side: a player name of kharkovsuite.ai.PLAYERS for a computer side; absent or "human" for a person."""
        if self.computer is not None:
            self.controller.game_replaced.disconnect(self.computer.reset)
            self.computer.shutdown()
            self.computer = None
        sides = self.controller.state.scenario.sides if self.controller is not None else {}
        seats = {side: name for side, name in players.items() if name and name != "human" and side in sides}  # --german for a game without Germans: no seat
        if not hasattr(self, "thinking_bar"):
            self.thinking_label = QLabel("")
            self.thinking_bar = QProgressBar()
            self.thinking_bar.setRange(0, 0)  # busy: the computer does not know how long it will think
            self.thinking_bar.setMaximumWidth(140)
            self.statusBar().addPermanentWidget(self.thinking_label)
            self.statusBar().addPermanentWidget(self.thinking_bar)
        self.thinking_label.hide()
        self.thinking_bar.hide()
        self.faster_action.setEnabled(bool(seats))
        if not seats or self.controller is None:
            return
        from .computer import ComputerSeats  # only for a game with a computer side

        self.computer = ComputerSeats(self.controller, seats, seed, self)
        self.computer.set_fast(self.faster_action.isChecked())
        self.computer.thinking.connect(self._computer_thinking)
        self.computer.idle.connect(self._computer_idle)
        self.computer.failed.connect(self._computer_failed)
        self.controller.game_replaced.connect(self.computer.reset)  # a choice about the old game is dropped

    def hand_over(self) -> None:
        """The hand-over screen for the side to act: the map and panels stay hidden until that player says so."""
        state = self.controller.state
        actor = state.to_act
        if actor is None:
            return
        name = state.scenario.sides[actor].name if actor in state.scenario.sides else actor
        self.curtain.show_for(f"{name} player")

    def _hot_seat(self) -> bool:
        """More than one side played by people at this screen: only then is there anything to hide at a hand-over."""
        sides = self.controller.state.scenario.sides
        return sum(1 for side in sides if self.computer is None or not self.computer.is_computer(side)) > 1

    def computer_to_act(self) -> bool:
        return self.computer is not None and not self.computer.stopped and self.computer.is_computer(self.controller.state.to_act)

    def _faster_toggled(self, on: bool) -> None:
        if self.computer is not None:
            self.computer.set_fast(on)

    def _trace_words(self, text: str) -> str:
        """A trace finding with the units the seat may know named as the scenario names them (the trace speaks in ids)."""
        from kharkovsuite.engine.events import with_names

        return with_names(text, self.controller.unit_names()) if self.controller is not None else text

    def _computer_words(self, side: str) -> str:
        """Who plays ``side`` for the computer, in a player's words: "German (Computer, normal)"."""
        from .startpage import player_words

        return f"{self.controller.side_name(side)} ({player_words(self.computer.names[side])})"

    def _computer_thinking(self, side: str) -> None:
        self.thinking_label.setText(f"{self._computer_words(side)} is playing…")
        self.thinking_label.show()
        self.thinking_bar.show()

    def _computer_idle(self) -> None:
        self.thinking_label.hide()
        self.thinking_bar.hide()

    def _computer_failed(self, message: str) -> None:
        self._computer_idle()
        self.statusBar().showMessage(f"Computer play stopped: {message}", 20000)
        if self.interactive:
            QMessageBox.warning(self, "Computer player", message)

    def keep_game(self) -> bool:
        """Before the game is closed or replaced: when actions were taken since it was saved, ask whether to save
        it first (box ``unsaved``).  False: the player chose to go back to it."""
        if not self.interactive or self.controller is None or not self.controller.unsaved() or self.controller.state.is_terminal:
            return True
        box = QMessageBox(QMessageBox.Icon.Question, "Save the game?",
                          f"The game has moves not saved yet (turn {self.controller.state.turn}). Save it before it is closed?",
                          QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel, self)
        box.setObjectName("unsaved")
        box.button(QMessageBox.StandardButton.Discard).setText("Close without saving")
        for which, name in ((QMessageBox.StandardButton.Save, "unsaved_save"), (QMessageBox.StandardButton.Discard, "unsaved_discard"),
                            (QMessageBox.StandardButton.Cancel, "unsaved_cancel")):
            box.button(which).setObjectName(name)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)  # a hurried Enter loses nothing
        answer = box.exec()
        if answer == QMessageBox.StandardButton.Save:
            return self.save_game()
        return answer == QMessageBox.StandardButton.Discard

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt API
        if not self._handed_on and not self.keep_game():
            event.ignore()
            return
        if self.computer is not None:
            self.computer.shutdown()
        if self.help is not None:
            self.help.close()  # Help belongs to this game window: it goes with it
        super().closeEvent(event)

    # ------------------------------------------------------------------ the game
    def _attach(self, controller: GameController) -> None:
        self.controller = controller
        self._cite_cases()
        self.trace.set_own_side_only(not controller.kit.traces_enemy(controller.state))
        controller.game_replaced.connect(self.log_panel.reset)
        controller.game_replaced.connect(lambda: setattr(self.combat_panel, "last", None))
        controller.state_changed.connect(self._state_changed)
        for panel in (self.actions_panel, self.combat_panel, self.status_panel, self.log_panel):
            panel.controller = controller
        self._last_actor = controller.state.to_act
        self._last_viewer = controller.viewing_side()
        self._state_changed([])
        self._focus_on_side()

    def _cite_cases(self) -> None:
        """The tool tips of the window's actions name the rule system's cases (its player kit's)."""
        case = self.controller.kit.case
        self.rail_action.setToolTip(f"Rail mode: select a unit to see the hexes it reaches by rail ({case('rail')})")
        self.declare_action.setToolTip(f"Declare the attack picked on the map ({case('attack')}); Esc clears it")
        self.enter_action.setToolTip(f"Select the next reinforcement that may enter now and put the hex cursor on its entry edge ({case('reinforcement')})")
        self.enemy_reach_action.setToolTip("Hexes the other side could enter (vermillion, cross-hatched) or attack (purple, vertical lines) in its next "
                                           f"movement, ZOC included ({case('move')}, {case('zoc')}, {case('attack_reach')})")
        self.zoc_action.setToolTip(f"Shade the other side's zones of control ({case('zoc')})")

    def _focus_on_side(self) -> None:
        """Centre the readable fit on the units of the side to act (where its player will look first)."""
        state = self.controller.state
        side = self.controller.viewing_side()
        hexes = [rec.hex for rec in state.units.values() if rec.side == side and rec.hex in self.scene.game_map]
        if hexes:
            points = [self.scene.hex_center(h) for h in hexes]
            centre = QPointF(sum(p.x() for p in points) / len(points), sum(p.y() for p in points) / len(points))
            self.view.fit_readable(centre)

    def _state_changed(self, events: list) -> None:
        state = self.controller.state
        if self.controller.viewing_side() != self._last_viewer and self._last_viewer is not None and self.selected \
                and all(state.units[u].side == self._last_viewer for u in self.selected if u in state.units):
            self._clear_selection()  # the other seat looks now: the last seat's selection goes, with the reach it drew
        self.controller.forget_legal()  # listed once for this refresh and the clicks until the next
        self.scene.set_counters(self.controller.counters(locations=self._drawn))
        self._phase_bar()
        self.trace.set_state(state)
        self.log_panel.refresh(events)
        self.attack_chooser.refresh()
        self.combat_panel.refresh(events)
        if any(e.kind == "CombatResolved" for e in events) or (state.pending and state.pending[-1].kind == "air"):
            self.combat_dock.raise_()
        if any(e.kind == "PhaseChanged" for e in events):
            self._clear_selection()
            self._autosave()
        self._decision_overlay()
        self._situation()
        self.scene.set_markers("kit", {h: m for h, m in self.controller.kit.hex_markers(self.controller).items() if h in self.scene.game_map})
        busy = self.computer_to_act()  # while the computer plays, a person has nothing to choose: the legal actions are not listed
        self.actions_panel.setEnabled(not busy)
        if busy:  # the Actions dock says whose turn it is, not nothing
            self.actions_panel.computer_turn(self._computer_words(state.to_act))
        if not busy:
            if not self.startup.finished:  # the first frame says what is coming
                self.actions_panel.title.setText(LISTING)
            self.startup.later("actions", self._list_actions)
        chosen = tuple(u for u in self.selected if u in state.units)
        if self.startup.finished:
            self.status_panel.refresh(chosen)
        else:  # the turn record, the score and the rule system's sections follow the first frame, as the actions do
            if not self.status_panel.toPlainText():
                self.status_panel.setPlainText(READING)
            self.startup.later("status", lambda: self.status_panel.refresh(chosen))
        for dock, panel in self.kit_docks:
            if panel.refresh():
                dock.raise_()
                self._kit_dock_wanted.add(dock.objectName())
            elif dock.objectName() in self._kit_dock_wanted:  # done with it: the Actions dock comes back
                self._kit_dock_wanted.discard(dock.objectName())
                self.actions_dock.raise_()
        self.inspector.show_location(self.inspector.location)
        viewer = self.controller.viewing_side()
        if viewer != self._last_viewer:  # the other seat looks now: the last seat's message (its units' names) goes
            self.statusBar().clearMessage()
        self._last_viewer = viewer
        actor = state.to_act
        if actor != self._last_actor and actor is not None and self.handover_enabled and self.isVisible() and self._hot_seat():
            self.hand_over()
        self._last_actor = actor
        if state.is_terminal and any(e.kind == "GameEnded" for e in events) and self.interactive:
            self.game_summary().exec()
        if self.computer is not None:
            self.computer.poke()

    def _drawn(self, location: str) -> bool:
        return location in self.scene.boxes or location in self.scene.game_map

    def _phase_bar(self) -> None:
        state = self.controller.state
        phase = state.phase
        turns = state.scenario.turns
        self.turn_label.setText(f"Turn {state.turn} of {len(turns)} · {state.date}" if turns else f"Turn {state.turn}")
        extra = self.controller.kit.header(self.controller)
        if extra:
            self.turn_label.setText(f"{self.turn_label.text()} · {extra}")
        actor = state.to_act
        side = state.scenario.sides[actor].name if actor in state.scenario.sides else (actor or "—")
        pending = state.pending[-1] if state.pending else None
        doing = html.escape(phase.what_may_be_done)
        if pending is not None:
            doing = f"<b>Decision</b>: {html.escape(pending.kind.replace('_', ' '))} (<a href='case:{pending.case}'>{pending.case}</a>)"
        self.phase_label.set_parts(
            f"<b>{html.escape(phase.name)}</b> · <b style='color:#7a1f00'>{html.escape(side)}</b> to act · "
            f"<a href='case:{html.escape(phase.case)}'>{html.escape(phase.case)}</a> — ", doing)
        self.rail_action.setEnabled("RailMove" in phase.actions)
        self.startup.later("legal_controls", self._legal_controls)
        self._rail_marks()
        self._may_act_marks()
        self.undo_action.setEnabled(self.controller.can_undo() and not self.computer_to_act())
        if "RailMove" not in phase.actions and self.rail_action.isChecked():
            self.rail_action.setChecked(False)

    def _list_actions(self) -> None:
        """The Actions dock lists what may be done now (the legal actions: after the first paint at start)."""
        if not self.computer_to_act():
            self.actions_panel.refresh(self.selected, self.location)
            for b in self.actions_panel.buttons:  # shown now: added to a panel on screen, Qt shows them a turn of the loop later
                if b.isHidden():
                    b.show()
        elif self.actions_panel.title.text() == LISTING:  # the computer plays now: nothing is listed for it
            self.actions_panel.title.setText("")

    def _legal_controls(self) -> None:
        """End phase, enabled when the engine offers EndPhase now, and the count of units that may go by rail on the Rail
        button: both read from the legal actions (after the first paint at start)."""
        state = self.controller.state
        legal = [] if self.computer_to_act() else self.controller.legal()
        # EndPhase comes last when it is offered; only a short list of decisions is scanned otherwise.
        self.end_phase_action.setEnabled(not state.is_terminal and not self.computer_to_act() and len(legal) > 0 and (legal[len(legal) - 1].kind == "EndPhase" or (len(legal) < 200 and any(a.kind == "EndPhase" for a in legal))))
        if "RailMove" in state.phase.actions:
            able = len(self.controller.rail_units())
            self.rail_action.setText(f"Rail ({able})")
            self.rail_action.setToolTip(f"Rail mode (Ctrl+L): {able} unit(s) may go by rail now ({self.controller.kit.case('rail')}); they are marked on the map while it is on")
        else:
            self.rail_action.setText("Rail")

    def do(self, action) -> list | None:
        """Hand ``action`` to the engine; a refusal goes to the status bar with its rule case."""
        self.startup.flush()  # the window is whole before it acts (the work waiting for the first paint is done)
        if self.computer_to_act():
            self._computer_busy_message()
            return None
        if self.curtain.isVisible():
            self.statusBar().showMessage("Hand over first: the next player presses the button on the hand-over screen.", 6000)
            return None
        words = self.controller.describe(action)
        if words.confirm and not self.ask(words.label, words.confirm, [line for line in words.detail.splitlines() if line], yes="Do it", no="Cancel"):
            self.statusBar().showMessage(f"Not done: {words.label}", 6000)
            return None
        events, error = self.controller.try_apply(action)
        if error is not None:
            self.refuse(error)
            return None
        seat_log = self.controller.visible_log()  # the seat looking now may be the other one (hot seat): only what it may know
        last = next((e for e in reversed(events) if e.kind not in ("PhaseChanged",) and e in seat_log), None)
        if last is not None:
            self.statusBar().showMessage(self.controller.event_text(last), 8000)
        return events

    def undo(self):
        """Take back the last action (never past a die roll, a revealed strength or the end of a phase)."""
        if self.computer_to_act():
            self._computer_busy_message()
            return None
        action = self.controller.undo()
        if action is None:
            self.statusBar().showMessage("Nothing to undo: only this phase's actions since the last die roll or revealed strength can be taken back.", 8000)
            return None
        self._clear_selection()
        self.statusBar().showMessage(f"Undone: {self.controller.describe(action).label}", 8000)
        return action

    def _computer_busy_message(self) -> None:
        side = self.controller.state.to_act
        self.statusBar().showMessage(f"The computer ({self.computer.names[side]}) is playing; its actions appear one by one.", 6000)

    def refuse(self, error: IllegalAction) -> None:
        self.statusBar().showMessage(f"Not allowed — {self.controller.named(str(error))}", 12000)

    # ------------------------------------------------------------------ clicks
    def _legal(self, *kinds):
        return list(self.controller.legal().of_kinds(*kinds)) if self.controller else []

    def click_hex(self, location: str) -> None:
        self.scene.set_selected_hex(location)
        self.inspector.show_location(location)
        if self.controller is None or self.controller.state.is_terminal:
            return
        if self.computer_to_act():
            self._computer_busy_message()
            return
        state = self.controller.state
        self.location = location
        if self.selected and getattr(self.reach.get(location), "kind", None) == "CommitReserve":
            self.do(self.reach[location])
            self._select([])
            return
        # A pending retreat or advance: the hex names the path's end.
        if state.pending:
            if self.selected and location in self.reach:  # a move the decision offers (a reaction to an attack)
                self.move_to(location)
                return
            choices = [a for a in self._legal("Retreat", "Advance") if a.path and a.path[-1] == location and (not self.selected or a.unit in self.selected)]
            if choices:
                self.do(min(choices, key=lambda a: len(a.path)))
                return
            self._select([u for u in state.units_at(location) if u in self._decision_units()])
            return
        phase_kinds = state.phase.actions
        if "PlaceUnit" in phase_kinds:
            self._setup_click(location)
            return
        if self.selected and location not in self.reach and self._plan_attack(location):
            return
        if self.selected and ("Move" in phase_kinds or "RailMove" in phase_kinds):
            if location in self.reach:
                self.move_to(location)
                return
            overruns = [a for a in self._legal("Overrun") if a.target == location and set(a.units) == set(self.selected)] if "Overrun" in phase_kinds and state.units_at(location) else []
            if overruns:
                self.do(min(overruns, key=lambda a: len(a.path)))
                return
            if not self.controller.own_units_at(location) and location != state.units[self.selected[0]].hex:
                self._refused_move(location)
                return
        if "Attack" in phase_kinds:
            self._combat_click(location)
            return
        self._select(self.controller.own_units_at(location))

    def _plan_attack(self, location: str) -> bool:
        """An enemy hex clicked with units selected, in a system whose attacks are planned in the combat dock:
        the attack is planned there, its odds shown (False: no attack to plan, the click goes on as before)."""
        state = self.controller.state
        if not any(state.units[u].side != state.to_act for u in self.controller.units_seen_at(location)):
            return False
        return self.attack_chooser.plan(self.selected, location)

    def _setup_click(self, location: str) -> None:
        """Set-up by hand (5.0): a highlighted hex places the selected unit, then the next one waiting is selected."""
        from kharkovsuite.engine import PlaceUnit

        if self.selected and location in self.reach:
            if self.do(PlaceUnit(unit=self.selected[0], hex=location)) is not None:
                waiting = [a.unit for a in self._legal("PlaceUnit")]
                self._select(waiting[:1])
            return
        if self.selected:
            self.do(PlaceUnit(unit=self.selected[0], hex=location))  # refused: the status bar says why (5.14, 8.1)
            return
        self._select(self.controller.own_units_at(location)[-1:])

    def _decision_units(self) -> set[str]:
        return {u for a in self.controller.legal() for u in action_units(a)}

    def _refused_move(self, location: str) -> None:
        """Ask the engine about a hex the selection cannot reach, so that it says why (with its case)."""
        start = self.controller.state.units[self.selected[0]].hex
        action = (RailMove if self.rail_mode else Move)(units=self.selected, path=(start, location) if start else (location,))
        self.do(action)

    def move_to(self, location: str) -> list | None:
        reach = self.reach[location]
        kind = RailMove if self.rail_mode else Move
        path = reach.path if hasattr(reach, "path") else reach
        units = self.selected
        events = self.do(kind(units=units, path=tuple(path)))
        if events is not None:
            still = tuple(u for u in units if self.controller.state.units[u].hex == location)
            self._select(list(still))
            left = [self.controller.kit.points_left(self.controller, u) for u in still]
            left = [m for m in left if m is not None]
            if left:
                why = next((w for w in (self.controller.kit.why_not_move(self.controller.state, u) for u in still) if w), None) if not self.reach else None
                more = f" · no move now: {self.controller.named(why)}" if why else ""
                self.statusBar().showMessage(f"{', '.join(self.controller.unit_name(u) for u in still)} at {location}: {min(left):g} {self.controller.kit.points_name} left{more}", 12000)
        return events

    def _combat_click(self, location: str) -> None:
        """Own units add or drop attackers; an enemy hex adds or drops a target (9.2); a target clicked again declares."""
        state = self.controller.state
        own = [u for u in self.controller.own_units_at(location)]
        if own:
            able = {u for a in self._legal("Attack") for u in a.attackers}
            own = [u for u in own if u in able]
            if all(u in self.attackers for u in own):
                self.attackers = [u for u in self.attackers if u not in own]
            else:
                self.attackers += [u for u in own if u not in self.attackers]
            self._select(self.attackers)
            self._propose()
            return
        if self.controller.units_seen_at(location) or location in (state.game.get("garrisons") or {}):
            if not self.attackers:
                self.statusBar().showMessage("Select the attacking units first (click your units next to the enemy).", 8000)
                return
            if location in self.targets and location == self.targets[-1]:
                self.declare_attack()
                return
            if location in self.targets:
                self.targets.remove(location)
            else:
                self.targets.append(location)
            self._propose()

    def _propose(self) -> None:
        """Show the attack picked so far, with its odds, before it is declared."""
        self.combat_panel.propose(self.attackers, self.targets)
        self.scene.clear_overlay("proposal")
        if self.targets:
            self.scene.set_hex_overlay("proposal", {h: ("selected", "target") for h in self.targets})
        self.declare_action.setEnabled(bool(self.attackers and self.targets))
        if self.attackers or self.targets:
            self.combat_dock.raise_()

    def declare_attack(self) -> list | None:
        """Declare the attack picked on the map (the engine checks it and names the case if refused)."""
        from kharkovsuite.engine import Attack

        if self.attack_chooser.active:
            return self.attack_chooser.declare()
        if not (self.attackers and self.targets):
            self.statusBar().showMessage(f"Pick attacking units and at least one enemy hex first ({self.controller.kit.case('attack_reach')}).", 8000)
            return None
        events = self.do(Attack(attackers=tuple(self.attackers), targets=tuple(self.targets)))
        if events is not None:
            self.attackers = []
            self.targets = []
            self._select([])
            self._propose()
            self.combat_dock.raise_()
        return events

    def clear_attack(self) -> None:
        """Esc: drop the selection, the attack being picked and the hex clicked (the Actions dock lists every action again)."""
        self.location = None
        self.attackers = []
        self.targets = []
        self.attack_chooser.clear()
        self._select([])
        self._propose()

    def _dropped(self, origin: str, target: str, ids: list) -> None:
        if self.controller is None:
            return
        units = [u for u in ids if u in self.controller.state.units and self.controller.state.units[u].side == self.controller.state.to_act]
        if not units:
            return
        self._select(units)
        if target in self.reach:
            self.move_to(target)
        else:
            self._refused_move(target)

    def _inspector_pick(self, unit_id: str) -> None:
        if self.controller is None or unit_id not in self.controller.state.units:
            return
        if self.controller.state.units[unit_id].side == self.controller.state.to_act:
            self._select([unit_id])

    def next_reinforcement(self) -> str | None:
        """Select the next reinforcement that may enter now (16.0) and put the hex cursor on its nearest entry hex."""
        if self.controller is None:
            return None
        waiting = self.controller.waiting_to_enter()
        if not waiting:
            self.statusBar().showMessage(f"No reinforcement may enter now ({self.controller.kit.case('reinforcement')}): they enter in their side's first movement phase of their turn or later.", 8000)
            return None
        current = self.selected[0] if self.selected and self.selected[0] in waiting else None
        uid = waiting[(waiting.index(current) + 1) % len(waiting)] if current else waiting[0]
        self._select([uid])
        entries = sorted({r.path[0] for r in self.reach.values() if getattr(r, "path", None)})
        if entries:
            self.view.set_cursor_hex(entries[len(entries) // 2])
        self.statusBar().showMessage(f"{self.controller.unit_name(uid)} may enter at the {self.controller.entry_label(uid)}: "
                                     f"Shift+arrows move the hex cursor, Enter brings it there ({self.controller.kit.case('reinforcement')})", 12000)
        return uid

    def _hex_ids_toggled(self, on: bool) -> None:
        """Hex numbers are drawn from a zoom where they can be read: turned on below it, the map zooms in to it."""
        from kharkovsuite.view.layers import HEX_ID_MIN_PX, hex_id_font_size

        needed = HEX_ID_MIN_PX / hex_id_font_size()
        if on and self.view.zoom < needed:
            self.view.zoom_in()  # leaves the auto fit
            self.view.set_zoom(needed * 1.01)
            self.statusBar().showMessage(f"Hex numbers show from {needed * 100:.0f}% zoom: zoomed in to show them", 8000)

    def _rail_toggled(self, on: bool) -> None:
        self.rail_mode = self.actions_panel.rail = on
        self._rail_marks()
        if self.selected:
            self._select(list(self.selected))
        elif self.controller is not None:
            self.actions_panel.refresh(self.selected, self.location)
        if on and not self.selected and self.controller is not None:
            able = self.controller.rail_units()
            left = self.controller.rail_moves_left()
            limit = f"; {left[0]} of {left[1]} rail moves left this phase ({self.controller.kit.case('rail_limit')})" if left else ""
            riders = self.controller.waiting_to_enter(rail=True)
            trains = f" {len(riders)} reinforcement(s) arriving by train: their buttons are in the Actions dock." if riders else ""
            self.statusBar().showMessage(f"Rail: {len(able)} unit(s) may go by rail now, marked 'rail' on the map{limit}. Click one to see where it can go.{trains}"
                                         if able or riders else "Rail: no unit may go by rail now. Click a unit to see why.", 15000)

    def _may_act_marks(self) -> None:
        """In an open activation (Kharkov 1943, 3.1-3.3), a light outline on the hexes of the units it may still use."""
        able = self.controller.kit.may_act(self.controller.state) if self.controller is not None and not self.computer_to_act() else None
        if not able:
            self.scene.clear_overlay(MAY_ACT_OVERLAY)
            return
        state = self.controller.state
        hexes = {state.units[u].hex for u in able}
        self.scene.set_hex_overlay(MAY_ACT_OVERLAY, {h: (MAY_ACT_STYLE, None) for h in hexes if h in self.scene.game_map})

    def _rail_marks(self) -> None:
        """In rail mode, the hexes of the units that may go by rail now (6.4)."""
        self.scene.clear_overlay("rail_units")
        if self.rail_mode and self.controller is not None:
            state = self.controller.state
            hexes = {state.units[u].hex for u in self.controller.rail_units()}
            self.scene.set_hex_overlay("rail_units", {h: ("purple", "rail") for h in hexes if h in self.scene.game_map})

    def _select(self, units: list[str]) -> None:
        """Select units of the side to act and show where they may go (or what they may do)."""
        self.startup.flush()  # the panels filled for the position first, then for the selection
        state = self.controller.state
        if self.attack_chooser.active and tuple(units) != self.attack_chooser.units:
            self.attack_chooser.clear()  # other units: the attack planned is dropped
        self.selected = tuple(units)
        self.trace.set_unit(units[-1] if units else None)
        self.reach = {}
        self.scene.clear_overlay("reach")
        self.scene.clear_overlay("targets")
        phase_kinds = state.phase.actions
        # a reserve unit: the hexes it may be committed to, each by the end of its commitment (an offensive one names none: a button)
        commits = {a.hexes[-1]: a for a in self._legal("CommitReserve") if a.units == tuple(units[:1]) and a.hexes} if units else {}
        if commits:
            self.selected = tuple(units[:1])
            self.reach = commits
            self.scene.set_hex_overlay("reach", {h: ("setup", "commit") for h in commits if h in self.scene.game_map})
            start = state.units[units[0]].hex
            on_map = [h for h in commits if h in self.scene.game_map]
            if start in self.scene.game_map and on_map:  # the keyboard's way: the hex cursor on the nearest, Enter commits there
                here = self.scene.hex_center(start)
                self.view.set_cursor_hex(min(on_map, key=lambda h: ((self.scene.hex_center(h) - here).manhattanLength(), h)))
        elif units and state.pending:  # the moves a decision offers these units, each by the end of its path
            moves = {a.path[-1]: a.path for a in self._legal("Move") if set(a.units) == set(units) and a.path}
            self.reach = moves
            self.scene.set_hex_overlay("reach", {h: ("reachable", None) for h in moves if h in self.scene.game_map})
        elif units and not state.pending:
            if "PlaceUnit" in phase_kinds:
                hexes = [a.hex for a in self._legal("PlaceUnit") if a.unit == units[0]]
                self.selected = tuple(units[:1])
                self.reach = {h: h for h in hexes}
                self.scene.set_hex_overlay("reach", {h: ("setup", None) for h in hexes if h in self.scene.game_map})
            elif self.rail_mode and "RailMove" in phase_kinds:
                ends, by_rail = {}, self._legal("RailMove")
                if len(units) > 1 and not any(set(a.units) == set(units) for a in by_rail):
                    able = [u for u in reversed(units) if any(a.units == (u,) for a in by_rail)]
                    if able:  # a stack: the top unit that may go by rail (6.4); the Stack dock picks another
                        return self._select(able[:1])
                for a in by_rail:
                    if set(a.units) == set(units):
                        if a.path[-1] not in ends or len(a.path) < len(ends[a.path[-1]]):
                            ends[a.path[-1]] = a.path
                self.reach = ends
                self.scene.set_hex_overlay("reach", {h: ("rail", "rail") for h in ends})
                if not ends:  # say why where the player looks: the status bar and the Actions dock
                    why = self.controller.rail_reason(units[-1]) or f"{self.controller.unit_name(units[-1])} has no rail move now ({self.controller.kit.case('rail')})"
                    self.actions_panel.refresh(self.selected, self.location)
                    self.actions_panel.title.setText(f"<b>Not by rail</b>: {html.escape(why)}")
                    self.status_panel.refresh(tuple(self.selected))
                    self.statusBar().showMessage(why, 15000)
                    return
            elif "Move" in phase_kinds:
                reach = state.legal_moves(tuple(units))
                if not reach and len(units) > 1:  # a stack that cannot move together: the top unit that can move
                    able = next((u for u in reversed(units) if state.legal_moves((u,))), units[-1])
                    return self._select([able])
                self.reach = dict(reach)
                marks = {h: ("reachable", f"{r.cost:g}") for h, r in reach.items() if h != state.units[units[0]].hex}
                if state.units[units[0]].hex is None:  # a reinforcement: its entry hexes stand out (16.0)
                    entries = sorted({r.path[0] for r in reach.values() if r.path and r.path[0] in reach})
                    marks.update({h: ("setup", f"{reach[h].cost:g}") for h in entries})
                    seen = self.view.visible_scene_rect()
                    if entries and not any(seen.contains(self.scene.hex_center(h)) for h in entries):
                        self.view.center_on_hex(entries[len(entries) // 2])  # where it comes on
                self.scene.set_hex_overlay("reach", marks)
            elif "Attack" in phase_kinds:
                targets = {t for a in self._legal("Attack") if set(units) <= set(a.attackers) for t in a.targets}
                self.scene.set_hex_overlay("targets", {h: ("attack", "attack") for h in targets})
        self.actions_panel.refresh(self.selected, self.location)
        self.status_panel.refresh(tuple(self.selected))
        if units:
            mps = [self.controller.kit.points_left(self.controller, u) for u in units]
            mps = [m for m in mps if m is not None]
            where = f" · {len(self.reach)} hexes reachable" if self.reach else ""
            mp = f" · {min(mps):g} {self.controller.kit.points_name} left" if mps and "Move" in phase_kinds else ""
            rail = self.controller.rail_moves_left() if self.rail_mode else None
            if rail is not None:
                mp = f" · by rail: {rail[0]} of {rail[1]} rail moves left this phase ({self.controller.kit.case('rail_limit')})"
            barred = [why for why in (self.controller.kit.why_not_act(state, u) for u in self.selected) if why]
            still = [why for why in (self.controller.kit.why_not_move(state, u) for u in self.selected) if why] if "Move" in phase_kinds else []
            if barred and len(barred) == len(self.selected) and not self.reach:  # none may act now: the reason with its case, in names
                # (a unit arriving by train, K43 15.2, is "not on the map" to act there, yet rides on to the stations shown)
                where = f" · may not act now: {self.controller.named(barred[0])}"
            elif not self.reach and still:  # they may act but not move: why no hex is highlighted
                where = f" · no move now: {self.controller.named(still[0])}"
            self.statusBar().showMessage(f"Selected {', '.join(self.controller.unit_name(u) for u in self.selected)}{mp}{where}", 12000)

    def _clear_selection(self) -> None:
        self.selected = ()
        self.location = None
        self.trace.set_unit(None)
        self.attackers = []
        self.targets = []
        self.reach = {}
        self.scene.clear_overlay("reach")
        self.scene.clear_overlay("targets")
        self.scene.clear_overlay("proposal")
        if self.controller is not None:
            self.combat_panel.proposal = ((), ())
            self.attack_chooser.clear()
            self.declare_action.setEnabled(False)

    def _situation(self, announce: bool = False) -> None:
        """The overlays for reading the situation: enemy reach, ZOC, the last move and combat (colour and hatch differ)."""
        if self.controller is None:
            return
        state = self.controller.state
        for name in ("enemy_reach", "zoc", "last_move", "last_combat"):
            self.scene.clear_overlay(name)
        why = situation.supported(state)
        for action in (self.enemy_reach_action, self.zoc_action):
            action.setEnabled(why is None)
            if why is not None:
                action.setToolTip(f"Not available: {why}")
        enemy = situation.other(state, self.controller.viewing_side())
        names = state.scenario.sides
        if why is None and self.zoc_action.isChecked():
            self.scene.set_hex_overlay("zoc", {h: mark for h, mark in situation.zoc_marks(state, enemy).items() if h in self.scene.game_map}, label_top=True)
        if why is None and self.enemy_reach_action.isChecked():
            enter, attack = situation.enemy_reach(state, enemy)
            marks = {h: ("enemy", None) for h in enter if h in self.scene.game_map}
            marks.update({h: ("purple", None) for h in attack if h in self.scene.game_map})
            self.scene.set_hex_overlay("enemy_reach", marks)
            announce and self.statusBar().showMessage(f"{names[enemy].name if enemy in names else enemy} could enter {len(enter)} hexes and attack {len(attack)} more next Movement Phase", 8000)
        if self.last_action.isChecked():
            move = situation.last_move(self.controller.visible_log())
            if move is not None and all(h in self.scene.game_map for h in move.path):
                self.scene.set_path_overlay("last_move", list(move.path), "black")
            fight = situation.last_combat(self.controller.visible_log(), state.turn)
            if fight is not None:
                declared, resolved = fight
                label = resolved.result if resolved is not None else "attack"
                decision = self.scene.overlay("decision")
                taken = set(decision.entries) if decision is not None else set()  # "advance"/"retreat" is written there now
                hexes = {h: ("green", None if h in taken else label) for h in declared.targets if h in self.scene.game_map}
                hexes.update({state.units[u].hex: ("green", None) for u in declared.attackers if state.units[u].hex in self.scene.game_map and state.units[u].hex not in hexes})
                self.scene.set_hex_overlay("last_combat", hexes)

    def _decision_overlay(self) -> None:
        """Highlight the hexes a pending retreat or advance may end in."""
        self.scene.clear_overlay("decision")
        state = self.controller.state
        if not state.pending:
            return
        ends = {a.path[-1]: ("selected", a.kind.lower()) for a in self._legal("Retreat", "Advance") if a.path}
        if ends:
            self.scene.set_hex_overlay("decision", ends)

    def end_phase(self, confirm: bool | None = None) -> list | None:
        """End the phase; asks first (listing what may have been forgotten) when interactive."""
        from kharkovsuite.engine import EndPhase

        if self.controller is None:
            return None
        if self.computer_to_act():
            self._computer_busy_message()
            return None
        forgotten = self.controller.forgotten()
        if forgotten and (self.confirming if confirm is None else confirm):
            state = self.controller.state
            text = f"End the {state.phase.name} phase of turn {state.turn}? It cannot be taken back. Still open:"
            if not self.ask("End phase", text, forgotten, yes="End phase", no="Keep playing"):
                return None
        return self.do(EndPhase())

    def ask(self, title: str, text: str, lines: list[str] = (), yes: str = "Yes", no: str = "Cancel") -> bool:
        """Ask before an action that cannot be taken back (nothing asked when not :attr:`confirming`).

        The box (objectName ``confirm``) defaults to ``no``: a hurried Enter or click does not confirm.
        """
        if not self.confirming:
            return True
        box = QMessageBox(QMessageBox.Icon.Question, title, text, QMessageBox.StandardButton.NoButton, self)
        box.setObjectName("confirm")
        if lines:
            box.setInformativeText("\n".join(f"• {line}" for line in lines))
        ok = box.addButton(yes, QMessageBox.ButtonRole.AcceptRole)
        ok.setObjectName("confirm_yes")
        cancel = box.addButton(no, QMessageBox.ButtonRole.RejectRole)
        cancel.setObjectName("confirm_no")
        box.setDefaultButton(cancel)
        box.setEscapeButton(cancel)
        box.exec()
        return box.clickedButton() is ok

    # ------------------------------------------------------------------ help and links
    def open_link(self, link) -> None:
        text = link.toString() if isinstance(link, QUrl) else str(link)
        if text.startswith("case:"):
            self.show_help(text.removeprefix("case:"))
        elif text.startswith("do:") and self.controller is not None:
            # a choice offered as a link (e.g. the unit taking a loss, in the combat panel): the legal action of that key
            key = text.removeprefix("do:")
            action = next((a for a in self.controller.state.legal_actions().actions() if action_key(a) == key), None)
            if action is None:
                self.statusBar().showMessage("That choice is no longer open.", 6000)
            else:
                self.do(action)

    def show_help(self, case: str = "", page: str = "rules") -> HelpBrowser:
        """Help at ``page`` (how_to_play, rules, shortcuts, about), or at the rules' ``case``."""
        if self.help is None:
            from .help import HelpBrowser, rules_path

            self.help = HelpBrowser(rules_path(self.scenario.rules), self)
        self.help.show()
        self.help.raise_()
        if case:
            self.help.show_case(case)
        else:
            self.help.show_page(page)
        return self.help

    # ------------------------------------------------------------------ files
    def save_game(self) -> bool:
        if self.controller is None:
            return False
        path = self.controller.path
        if path is None or (self.autosave is not None and path.resolve().parent == Path(self.autosave).resolve()):
            return self.save_game_as()  # a new game (the autosave is not its name): ask for one
        return self._save_to(path)

    def save_game_as(self) -> bool:
        if self.controller is None:
            return False
        path, _ = QFileDialog.getSaveFileName(self, "Save game", str(self.controller.path or Path.home() / self.save_name()), SAVE_FILTER)
        return bool(path) and self._save_to(Path(path))

    def save_name(self) -> str:
        """The file name a new game's save is offered under: its scenario and turn (games of two scenarios
        were both offered kharkov.ksave, the second overwriting the first)."""
        state = self.controller.state
        return f"{state.scenario.id or 'kharkov'}-turn-{state.turn}.ksave"

    def _save_to(self, path: Path) -> bool:
        try:
            self.controller.save(path)
        except OSError as exc:
            QMessageBox.critical(self, "Save", f"The game could not be saved to {path}:\n{exc.strerror or exc}")
            return False
        self._remember(path)
        self.statusBar().showMessage(f"Saved {path}", 6000)
        return True

    def open_game_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open game", str(Path.home()), SAVE_FILTER)
        if path:
            self.open_game(path)

    def open_game(self, path: str | Path) -> bool:
        from kharkovsuite import engine

        if not self.keep_game():
            return False
        try:
            state = engine.load(path)
        except (engine.SaveError, RuleSystemUnavailable) as exc:  # not a save of a game this version can play: say why, plainly
            problems_box(f"The saved game {Path(path).name} cannot be opened:", [exc], self).exec()
            return False
        except ScenarioError as exc:
            problems_box(f"The scenario of the saved game {Path(path).name} cannot be opened:", exc.problems, self).exec()
            return False
        except Exception as exc:  # noqa: BLE001 - a program fault is summarised, never raised at the user
            problems_box(f"The saved game {Path(path).name} could not be opened.", [report_unexpected(exc)], self).exec()
            return False
        if state.scenario.id != self.scenario.id:
            window = PlayerWindow(state.scenario_path or self.scenario_path, controller=GameController(state), handover=self.handover_enabled, autosave=self.autosave, interactive=self.interactive)
            window.controller.path = Path(path)
            window.show()
            if window.handover_enabled and window._hot_seat():
                window.hand_over()  # a saved game opens to the side whose turn it is, and only when that player is at the screen
            self._handed_on = True
            self.close()
            return True
        self.controller.replace(state, Path(path))
        self._clear_selection()
        self._remember(Path(path))
        self.statusBar().showMessage(f"Opened {path}", 6000)
        if self.handover_enabled and self._hot_seat():
            self.hand_over()  # whoever opened it, the side to act sits down before anything shows
        return True

    def _remember(self, path: Path) -> None:
        from .startpage import RECENT_GAMES, player_settings, remember

        remember(player_settings(), RECENT_GAMES, path)

    def _fill_recent(self) -> None:
        from .startpage import RECENT_GAMES, player_settings, recent

        self.recent_menu.clear()
        for p in recent(player_settings(), RECENT_GAMES):
            self.recent_menu.addAction(p, lambda p=p: self.open_game(p))

    def _autosave(self) -> None:
        """Save the game at a phase change; the save it replaces stays as the previous phase's.

        The new file is complete and in place before the older one is rotated, so a crash at
        any moment leaves a whole autosave (see :func:`kharkovsuite.engine.saves.autosave`).
        """
        if self.autosave is None or self.controller is None:
            return
        from kharkovsuite.engine.saves import autosave

        try:
            self.autosave.mkdir(parents=True, exist_ok=True)
            autosave(self.controller.state, self.autosave / "autosave.ksave", self.autosave / "autosave-previous-phase.ksave")
        except OSError as exc:
            self.statusBar().showMessage(f"Autosave failed: {exc.strerror or exc}", 8000)

    def new_game_dialog(self) -> StartPage | None:
        """File > New game: the start page; the game chosen there replaces this one."""
        from .startpage import StartPage

        page = StartPage(self, current=self.scenario_path)
        page.setModal(True)
        page.accepted.connect(lambda: self.open_choice(page.choice))
        page.open()
        return page

    def open_choice(self, choice: Choice) -> bool:
        """Open what the start page chose: a saved game, or a new game of a scenario (in this window
        when it is this scenario, else in a new window)."""
        if choice.load is not None:
            return self.open_game(choice.load)
        if not self.keep_game():
            return False
        try:
            controller = GameController.new(choice.scenario, choice.seed, choice.setup, choice.options)
        except Exception as exc:  # noqa: BLE001 - reported, not raised
            QMessageBox.critical(self, "New game", report_unexpected(exc))
            return False
        if self.controller is not None and Path(choice.scenario).resolve() == self.scenario_path.resolve():
            self.set_players({}, 0)  # no computer thinks about the old game meanwhile
            self.controller.replace(controller.state)
            self._clear_selection()
            self.set_players(choice.players, choice.seed)
            if self.computer is not None:
                self.computer.poke()
        else:
            window = PlayerWindow(choice.scenario, controller=controller, handover=self.handover_enabled, autosave=self.autosave, interactive=self.interactive,
                                  players=choice.players, seed=choice.seed)
            window.show()
            self._handed_on = True  # the question was asked before the new game was made
            self.close()
        return True

    def game_summary(self) -> GameSummary:
        """The summary dialog: victory level, VP breakdown, chart of VP and losses by turn."""
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)  # the VP by turn come from a replay of the game
        try:
            from .summary import GameSummary

            return GameSummary(self.controller, self)
        finally:
            QApplication.restoreOverrideCursor()

    # ------------------------------------------------------------------ status
    def select(self, location: str) -> None:
        self.scene.set_selected_hex(location)
        self.inspector.show_location(location)

    def _show_hex(self, location: str) -> None:
        if location:
            text = describe_location(self.scene, location)
            if location in self.reach and hasattr(self.reach[location], "cost"):
                text += f" · {self.reach[location].cost:g} {self.controller.kit.points_name} to get there"
            if self.controller is not None and location in self.scene.game_map:
                notes = self.controller.kit.hex_notes(self.controller.state, self.controller.viewing_side(), location)
                text += "".join(f" · {note}" for note in notes)
            self.statusBar().showMessage(text)

    def _show_zoom(self, zoom: float) -> None:
        self.statusBar().showMessage(f"Zoom {zoom * 100:.0f}%", 1500)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        if self.curtain.isVisible():
            self.curtain._layout()


def problems_box(title: str, problems: list, parent=None):
    """A message box listing problems: scenario problems as ``file:line: path: message``, a save's
    reason as the :class:`SaveError` gives it (file and why)."""
    lines = [str(p) for p in problems]
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Critical)
    box.setWindowTitle("Kharkov Suite")
    box.setText(title)
    shown = lines[:MAX_PROBLEMS_SHOWN]
    more = len(lines) - len(shown)
    box.setInformativeText("\n".join(shown) + (f"\n… and {more} more (see Show Details)" if more > 0 else ""))
    if more > 0:
        box.setDetailedText("\n".join(lines))
    box.setStandardButtons(QMessageBox.StandardButton.Close)
    return box


def open_window(path: str | Path | None, parent=None, *, screenshot: str | None = None, load: str | None = None, seed: int | None = None,
                players: dict[str, str] | None = None, setup: str | None = None, options=None):
    """A PlayerWindow on ``path`` (or on the saved game ``load``), or None after showing what is wrong.

    ``setup`` (one of the rule system's set-ups, as the start page offers them) starts the game
    that way; without it the scenario opens on its historical set-up, or as its set-up only when
    its rules cannot run yet."""
    interactive = not screenshot
    rules_options = options
    options = dict(handover=interactive, autosave=autosave_dir() if interactive else None, interactive=interactive, players=players)
    try:
        if load:
            controller = GameController.open(load)
            return PlayerWindow(controller.state.scenario_path or path or load, controller=controller, **options)
        seed = seed if seed is not None else int(time.time()) % 100000
        if interactive:
            from .startpage import RECENT_SCENARIOS, player_settings, remember

            remember(player_settings(), RECENT_SCENARIOS, Path(path).resolve())
        if setup is not None or rules_options:
            return PlayerWindow(path, controller=GameController.new(path, seed, setup or "historical", rules_options), seed=seed, **options)
        return PlayerWindow(path, seed=seed, **options)
    except ScenarioError as exc:
        for p in exc.problems:
            print(p, file=sys.stderr)
        box = problems_box(f"The scenario {Path(path).name} cannot be opened:", exc.problems, parent)
    except SaveError as exc:  # a bad save file is the user's to fix, not a fault to report
        print(exc, file=sys.stderr)
        box = problems_box(f"The saved game {Path(load).name} cannot be opened:", [exc], parent)
    except OptionError as exc:  # an option the game's rules do not know: the user's to fix
        print(exc, file=sys.stderr)
        box = problems_box(f"The scenario {Path(path).name} cannot be played so:", [exc], parent)
    except RuleSystemUnavailable as exc:  # a game of rules this version cannot play: say so, it is no fault
        print(exc, file=sys.stderr)
        box = problems_box(f"The saved game {Path(load).name} cannot be opened:" if load else f"The scenario {Path(path).name} cannot be played:", [exc], parent)
    except Exception as exc:  # noqa: BLE001 - the user sees a summary, the log gets the traceback
        message = report_unexpected(exc)
        print(message, file=sys.stderr)
        box = problems_box("The player could not open the game." if load else "The player could not open the scenario.", [message], parent)
    if screenshot:
        box.show()
        _settle()
        box.grab().save(screenshot)
        box.close()
    else:
        box.exec()
    return None


def unknown_players(players: dict[str, str], scenario: str | None, load: str | None) -> str | None:
    """What is wrong with the computer players named on the command line (None: nothing), checked against the
    players of the game's own rule system: the scenario's, or the saved game's; with neither named (the start
    page chooses the game), against those of every game the window can play."""
    asked = {side: name for side, name in players.items() if name != "human"}
    if not asked:
        return None
    from kharkovsuite.ai import players as players_of  # loaded only when a computer player is asked for
    from .systems import GAMES, KITS

    rules = None
    try:
        if scenario:
            from .controller import scenario as load_cached

            rules = load_cached(scenario).rules
        elif load:
            from kharkovsuite.engine.saves import read_save

            rules = read_save(load).get("rules")
    except Exception:  # noqa: BLE001 - a file that does not open is reported, with its reason, when the game is opened
        rules = None
    systems = [rules] if isinstance(rules, str) and rules in KITS else list(KITS)
    for side, name in asked.items():
        known = set().union(*(players_of(r) for r in systems))
        if name not in known:
            game = GAMES.get(systems[0], systems[0]) if len(systems) == 1 else "any game"
            return f"--{side} {name}: unknown player for {game} (use human or one of: {', '.join(sorted(known))})"
    return None


def _settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def main(argv=None) -> int:
    args = parse_args(argv)
    allow_unplayable(args.allow_unplayable)
    offscreen_for_screenshot(args.screenshot)
    own_process = QApplication.instance() is None  # not a test nor a host program that made the application first
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Kharkov Suite")
    app.setWindowIcon(QIcon(str(resources_dir() / "icons" / "kharkov.svg")))
    players = {"soviet": args.soviet, "axis": args.axis, "german": args.german}
    wrong = unknown_players(players, args.scenario, args.load)
    if wrong:
        print(f"kharkov: {wrong}", file=sys.stderr)
        return 2
    setup, options = None, tuple(args.option)
    if args.scenario is None and args.load is None:  # no game named: the start page chooses one
        from .startpage import StartPage  # only when no game is named

        page = StartPage()
        if args.screenshot:
            page.show()
            _settle()
            ok = page.grab().save(args.screenshot)
            page.close()
            return 0 if ok else 1
        if page.exec() != QDialog.DialogCode.Accepted:
            return 0
        choice = page.choice
        args.scenario, args.load = (str(choice.scenario) if choice.scenario else None), (str(choice.load) if choice.load else None)
        if choice.scenario is not None:
            args.seed, players, setup, options = choice.seed, choice.players, choice.setup, choice.options
    with start_objects_kept(own_process):
        window = open_window(args.scenario, screenshot=args.screenshot, load=args.load, seed=args.seed, players=players, setup=setup, options=options)
        if window is not None:
            window.show()
    if window is None:
        return 1
    if args.screenshot:
        until_first_paint(window.startup)  # what a player sees first: the legal actions are listed right after it
        ok = save_screenshot(window, args.screenshot)
        window.close()
        return 0 if ok else 1
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())

"""The player: entry point ``kharkov``.

A main window around the shared map view: the map in the middle, a minimap, the stack inspector
and a legend in docks, the scenario's title and turn in the toolbar.  The counters come from
the scenario's set-up through :func:`counter_views_from_scenario`; the game engine will feed the
same view from its observations.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QFont, QKeySequence
from PySide6.QtWidgets import QApplication, QDockWidget, QFileDialog, QLabel, QMainWindow, QMessageBox, QSizePolicy, QToolBar, QWidget

from kharkovsuite.errors import report_unexpected
from kharkovsuite.scenario import ScenarioError, load_scenario
from kharkovsuite.view import Legend, MapScene, MapView, Minimap, StackInspector, counter_views_from_scenario, describe_location

DEFAULT_SCENARIO = Path(__file__).resolve().parent.parent / "scenarios" / "kharkov-1942.yaml"
MAX_PROBLEMS_SHOWN = 25


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="kharkov", description="Play Kharkov Suite scenarios.")
    parser.add_argument("--scenario", default=str(DEFAULT_SCENARIO), help="scenario file (default: Kharkov 1942)")
    parser.add_argument("--load", help="a saved game to open")
    parser.add_argument("--screenshot", help="render the window into this PNG once shown, then exit")
    return parser.parse_args(argv)


class PlayerWindow(QMainWindow):
    """The player's main window on one scenario; raises ScenarioError for a bad file."""

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

    def __init__(self, scenario_path: str | Path, parent: QWidget | None = None):
        super().__init__(parent)
        self.scenario_path = Path(scenario_path)
        self.scenario = load_scenario(self.scenario_path)
        self.scene = MapScene(self.scenario)
        self.view = MapView(self.scene)
        self.minimap = Minimap(self.view)
        self.inspector = StackInspector(self.scene)
        self.legend = Legend(self.scene)
        self.setCentralWidget(self.view)
        self.setWindowTitle(f"{self.scenario.title} — Kharkov Suite")
        self._docks()
        self._toolbar()
        self._menus()
        self.view.hex_clicked.connect(self.select)
        self.view.hex_hovered.connect(self._show_hex)
        self.view.zoom_changed.connect(self._show_zoom)
        self.scene.set_counters(counter_views_from_scenario(self.scenario))
        self.resize(1440, 900)

    # -- parts

    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(title.lower().replace(" ", "_"))
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable | QDockWidget.DockWidgetFeature.DockWidgetClosable | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
        self.addDockWidget(area, dock)
        return dock

    def _docks(self) -> None:
        right = Qt.DockWidgetArea.RightDockWidgetArea
        self.minimap_dock = self._dock("Minimap", self.minimap, right)
        self.inspector_dock = self._dock("Stack", self.inspector, right)
        self.legend_dock = self._dock("Legend", self.legend, right)
        self.resizeDocks([self.minimap_dock, self.inspector_dock, self.legend_dock], [240, 330, 330], Qt.Orientation.Vertical)
        self.resizeDocks([self.minimap_dock], [300], Qt.Orientation.Horizontal)

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
        self.turn_label = QLabel(self._turn_text(1))
        self.turn_label.setContentsMargins(0, 0, 16, 0)
        bar.addWidget(self.turn_label)
        spacer = QWidget()
        spacer.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        bar.addWidget(spacer)
        self.zoom_in_action = QAction("Zoom in", self, shortcut=QKeySequence.StandardKey.ZoomIn, triggered=self.view.zoom_in)
        self.zoom_out_action = QAction("Zoom out", self, shortcut=QKeySequence.StandardKey.ZoomOut, triggered=self.view.zoom_out)
        self.fit_action = QAction("Whole map", self, shortcut=QKeySequence("Ctrl+0"), triggered=self.view.fit_map)
        for action in (self.zoom_in_action, self.zoom_out_action, self.fit_action):
            bar.addAction(action)
        bar.addSeparator()
        self.layer_actions: dict[str, QAction] = {}
        for name, text in self.LAYER_NAMES.items():
            if name not in self.scene.layers:
                continue
            action = QAction(text, self, checkable=True, checked=self.scene.layer_visible(name))
            action.toggled.connect(lambda on, n=name: self.scene.set_layer_visible(n, on))
            self.layer_actions[name] = action
        self.layer_actions["hex_ids"].setShortcut(QKeySequence("Ctrl+H"))
        bar.addAction(self.layer_actions["hex_ids"])
        bar.addAction(self.layer_actions["areas"])
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        self.statusBar().showMessage("Shift+arrows move the hex cursor; drag with the right button to pan; wheel to zoom")

    def _menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        file_menu.addAction(QAction("&Open scenario…", self, shortcut=QKeySequence.StandardKey.Open, triggered=self.open_scenario))
        file_menu.addSeparator()
        file_menu.addAction(QAction("&Quit", self, shortcut=QKeySequence.StandardKey.Quit, triggered=self.close))
        view_menu = self.menuBar().addMenu("&View")
        for action in (self.zoom_in_action, self.zoom_out_action, self.fit_action):
            view_menu.addAction(action)
        view_menu.addSeparator()
        for action in self.layer_actions.values():
            view_menu.addAction(action)
        view_menu.addSeparator()
        for dock in (self.minimap_dock, self.inspector_dock, self.legend_dock):
            view_menu.addAction(dock.toggleViewAction())

    def _turn_text(self, turn: int) -> str:
        turns = self.scenario.turns
        record = next((t for t in turns if t.turn == turn), None)
        date = f" · {record.date}" if record is not None else ""
        return f"Set-up · Turn {turn} of {len(turns)}{date}" if turns else "Set-up"

    # -- behaviour

    def select(self, location: str) -> None:
        self.scene.set_selected_hex(location)
        self.inspector.show_location(location)

    def _show_hex(self, location: str) -> None:
        if location:
            self.statusBar().showMessage(describe_location(self.scene, location))

    def _show_zoom(self, zoom: float) -> None:
        self.statusBar().showMessage(f"Zoom {zoom * 100:.0f}%", 1500)

    def open_scenario(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open scenario", str(self.scenario_path.parent), "Scenarios (*.yaml *.yml)")
        if path:
            window = open_window(path, self)
            if window is not None:
                window.show()
                self.close()



def problems_box(title: str, problems: list, parent=None):
    """A message box listing scenario problems as ``file:line: path: message``."""
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


def open_window(path: str | Path, parent=None, *, screenshot: str | None = None):
    """A PlayerWindow on ``path``, or None after showing what is wrong with the file."""
    try:
        return PlayerWindow(path)
    except ScenarioError as exc:
        for p in exc.problems:
            print(p, file=sys.stderr)
        box = problems_box(f"The scenario {Path(path).name} cannot be opened:", exc.problems, parent)
    except Exception as exc:  # noqa: BLE001 - the user sees a summary, the log gets the traceback
        message = report_unexpected(exc)
        print(message, file=sys.stderr)
        box = problems_box("The player could not open the scenario.", [message], parent)
    if screenshot:
        box.show()
        _settle()
        box.grab().save(screenshot)
        box.close()
    else:
        box.exec()
    return None


def _settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def main(argv=None) -> int:
    args = parse_args(argv)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Kharkov Suite")
    window = open_window(args.scenario, screenshot=args.screenshot)
    if window is None:
        return 1
    if args.load:
        window.statusBar().showMessage(f"Saved games open once the game engine is in; {args.load} was not loaded.")
        print(f"kharkov: saved games open once the game engine is in; {args.load} was not loaded", file=sys.stderr)
    window.show()
    if args.screenshot:
        _settle()
        ok = window.grab().save(args.screenshot)
        window.close()
        return 0 if ok else 1
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())

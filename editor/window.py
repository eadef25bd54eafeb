"""The editor's main window: the map with its tool bar, and docks around it (as in Tiled).

- centre: the shared map view (:class:`~editor.canvas.EditorMapView`) and the tool bar;
- left: Tool Options (a panel per tool) and the mini-map;
- right: Order of Battle, Tables and History (the undo stack, a QUndoView), tabbed;
- bottom: Problems (live validation; a click goes to the hex or row at fault).

The window owns one :class:`~editor.document.Document` at a time; everything that shows it is
rebuilt when another scenario is opened.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMainWindow,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QComboBox,
    QDoubleSpinBox,
    QSpinBox,
    QSplitter,
    QStackedWidget,
    QStyle,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QUndoView,
    QVBoxLayout,
    QWidget,
)

from kharkovsuite.rules import GAME_NAMES, KNOWN_SYSTEMS
from kharkovsuite.scenario import Scenario, ScenarioError, load_scenario, save_scenario
from kharkovsuite.scenario import edit as E
from kharkovsuite.view import MapScene, Minimap
from kharkovsuite.view.firstpaint import AfterFirstPaint
from kharkovsuite.view.traceoverlays import TraceOverlays
from kharkovsuite.view.layers import zone_hexes

from . import icons
from . import tools as T
from .canvas import EditorMapView, MapSync
from .defaults import ROOT, reference_scenario, victory_defaults
from .document import Document
from .panels import PANELS
from .charts import CheckedTableRowsSection, chart_pages
from .sections import all_sections
from .tablemodel import SectionTable
from .validation import Issue, Validator

APP_NAME = "Kharkov Suite Editor"

#: tool key -> (class, whether the left button paints with it)
TOOLS: dict[str, tuple[type[T.Tool], bool]] = {
    "select": (T.Tool, False),
    "terrain": (T.TerrainTool, True),
    "hexside": (T.HexsideTool, True),
    "roads": (T.NetTool, True),
    "railroads": (T.RailTool, True),
    "city": (T.CityTool, True),
    "place": (T.PlaceTool, True),
    "line": (T.LineTool, True),
    "area": (T.AreaTool, True),
    "units": (T.UnitTool, False),
}

OOB_TABS = ("units", "unit_types", "formations", "sides", "untried_pools", "setup_zones")
TABLE_TABS = ("reinforcements", "turns")


class CommitTextEdit(QPlainTextEdit):
    """A text box that reports its text when it loses focus (one undo step per visit)."""

    committed = Signal(str)

    def focusOutEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().focusOutEvent(event)
        self.committed.emit(self.toPlainText())


class MainWindow(QMainWindow):
    def __init__(self, doc: Document | None = None, parent=None):
        super().__init__(parent)
        self.setWindowTitle(APP_NAME)
        self.resize(1500, 940)
        self.doc: Document | None = None
        self.tools: dict[str, T.Tool] = {}
        self.panels: dict[str, QWidget] = {}
        self._tables: dict[str, SectionTable] = {}
        self._pages_pending = False  # the Tables dock's pages wait for the first frame (see set_document)
        self.tool_actions: dict[str, QAction] = {}
        self.current_tool = "select"
        self.issues: list[Issue] = []
        self._doc_widgets: list[QWidget] = []
        self.startup: AfterFirstPaint | None = None
        self._make_docks()
        self._make_actions()
        self.trace = TraceOverlays(self)  # supply, command, rail... of the historical set-up
        self.trace.install(self, self.m_view)
        self.hover_label = QLabel()
        self.statusBar().addPermanentWidget(self.hover_label)
        self.set_document(doc or Document(_starter_scenario()))

    # ------------------------------------------------------------------ chrome

    def _make_docks(self) -> None:
        self.setDockNestingEnabled(True)
        self.options_dock = QDockWidget("Tool Options", self)
        self.options_dock.setObjectName("tool-options")
        self.options_stack = QStackedWidget()
        self.options_dock.setWidget(self.options_stack)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.options_dock)
        self.minimap_dock = QDockWidget("Mini-map", self)
        self.minimap_dock.setObjectName("minimap")
        # The map view and the mini-map are made anew for each document, inside holders that
        # stay: replacing the central widget itself lets the docks take its room (the new view
        # would start squeezed to its minimum width).
        self.minimap_holder = QStackedWidget()
        self.minimap_holder.setObjectName("minimap-holder")
        self.minimap_dock.setWidget(self.minimap_holder)
        self.map_holder = QStackedWidget()
        self.map_holder.setObjectName("map-holder")
        self.setCentralWidget(self.map_holder)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.minimap_dock)

        self.oob_dock = QDockWidget("Order of Battle", self)
        self.oob_dock.setObjectName("oob")
        self.oob_tabs = QTabWidget()
        self.oob_dock.setWidget(self.oob_tabs)
        self.tables_dock = QDockWidget("Tables", self)
        self.tables_dock.setObjectName("tables")
        self.table_tabs = QTabWidget()
        self.tables_dock.setWidget(self.table_tabs)
        self.history_dock = QDockWidget("History", self)
        self.history_dock.setObjectName("history")
        from PySide6.QtGui import QUndoGroup

        self.undo_group = QUndoGroup(self)  # the open document's stack is its active one
        self.undo_view = QUndoView(self.undo_group)
        self.undo_view.setObjectName("history-view")
        self.undo_view.setEmptyLabel("<opened>")
        self.history_dock.setWidget(self.undo_view)
        for dock in (self.oob_dock, self.tables_dock, self.history_dock):
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        self.tabifyDockWidget(self.oob_dock, self.tables_dock)
        self.tabifyDockWidget(self.tables_dock, self.history_dock)
        self.oob_dock.raise_()
        # A user who opens the Tables dock or an order of battle tab before its pages were made (they wait for the first
        # frame) gets them at once.
        self.tables_dock.visibilityChanged.connect(lambda shown: self._make_table_pages() if shown else None)
        self.oob_tabs.currentChanged.connect(lambda _i: self._make_table_pages())

        self.problems_dock = QDockWidget("Problems", self)
        self.problems_dock.setObjectName("problems")
        self.problem_list = QTreeWidget()
        self.problem_list.setHeaderLabels(["", "where", "problem"])
        self.problem_list.setRootIsDecorated(False)
        self.problem_list.setAlternatingRowColors(True)
        self.problem_list.setColumnWidth(0, 70)
        self.problem_list.setColumnWidth(1, 260)
        self.problem_list.itemActivated.connect(lambda item, _c: self.goto_issue(item.data(0, Qt.ItemDataRole.UserRole)))
        self.problem_list.itemClicked.connect(lambda item, _c: self.goto_issue(item.data(0, Qt.ItemDataRole.UserRole)))
        self.problems_dock.setWidget(self.problem_list)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.problems_dock)
        self._docks_sized = False

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        if not self._docks_sized:  # dock sizes only stick once the window has its own size
            self._docks_sized = True
            w, h = self.width(), self.height()
            self.resizeDocks([self.options_dock, self.oob_dock], [300, max(420, w * 34 // 100)], Qt.Orientation.Horizontal)
            self.resizeDocks([self.options_dock, self.minimap_dock], [h, 230], Qt.Orientation.Vertical)
            self.resizeDocks([self.problems_dock], [max(110, h // 7)], Qt.Orientation.Vertical)
            self.oob_dock.raise_()  # the order of battle first, not the last tab added (History)

    def _make_actions(self) -> None:
        style = self.style()
        m_file = self.menuBar().addMenu("&File")
        self.act_new = m_file.addAction(style.standardIcon(QStyle.StandardPixmap.SP_FileIcon), "&New scenario…", self.new_scenario)
        self.act_new.setShortcut(QKeySequence.StandardKey.New)
        self.act_open = m_file.addAction(style.standardIcon(QStyle.StandardPixmap.SP_DialogOpenButton), "&Open…", self.open_dialog)
        self.act_open.setShortcut(QKeySequence.StandardKey.Open)
        self.act_save = m_file.addAction(style.standardIcon(QStyle.StandardPixmap.SP_DialogSaveButton), "&Save", self.save)
        self.act_save.setShortcut(QKeySequence.StandardKey.Save)
        self.act_save_as = m_file.addAction("Save &As…", self.save_as)
        self.act_save_as.setShortcut(QKeySequence("Ctrl+Shift+S"))
        m_file.addSeparator()
        self.act_play = m_file.addAction(icons.icon("play"), "&Play this scenario", self.play)
        self.act_play.setShortcut(QKeySequence("F5"))
        m_file.addSeparator()
        m_file.addAction("&Quit", self.close).setShortcut(QKeySequence.StandardKey.Quit)

        self.m_edit = self.menuBar().addMenu("&Edit")
        self.act_undo = self._stack_action("&Undo", QStyle.StandardPixmap.SP_ArrowBack, self.undo_group.undo, self.undo_group.canUndoChanged, self.undo_group.undoTextChanged)
        self.act_undo.setShortcuts(unique_keys(QKeySequence.keyBindings(QKeySequence.StandardKey.Undo)))
        self.act_redo = self._stack_action("&Redo", QStyle.StandardPixmap.SP_ArrowForward, self.undo_group.redo, self.undo_group.canRedoChanged, self.undo_group.redoTextChanged)
        # Ctrl+Shift+Z and Ctrl+Y both redo, whatever the desktop's own list holds (some list
        # Ctrl+Shift+Z already: a key bound twice would be ambiguous and do nothing).
        self.act_redo.setShortcuts(unique_keys([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y"), *QKeySequence.keyBindings(QKeySequence.StandardKey.Redo)]))
        self.m_edit.addAction(self.act_undo)
        self.m_edit.addAction(self.act_redo)
        self.m_edit.addSeparator()
        self.act_resize = QAction(icons.icon("resize"), "&Resize map…", self)
        self.act_resize.triggered.connect(self.resize_map_dialog)
        self.m_edit.addAction(self.act_resize)

        self.m_view = self.menuBar().addMenu("&View")
        for dock in (self.options_dock, self.minimap_dock, self.oob_dock, self.tables_dock, self.history_dock, self.problems_dock):
            self.m_view.addAction(dock.toggleViewAction())
        self.m_view.addSeparator()
        self.m_layers = self.m_view.addMenu("Map layers")
        self.act_fit = self.m_view.addAction("Fit map", lambda: self.view.fit_map() if self.view else None)
        self.act_fit.setShortcut(QKeySequence("Ctrl+0"))

        self.m_tools = self.menuBar().addMenu("&Tools")
        self.tool_bar = self.addToolBar("Tools")
        self.tool_bar.setObjectName("tools")
        self.tool_bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextUnderIcon)
        self.file_bar = self.addToolBar("File")
        self.file_bar.setObjectName("file")
        self.file_bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextUnderIcon)
        for act in (self.act_new, self.act_open, self.act_save, self.act_undo, self.act_redo):
            self.file_bar.addAction(act)
        self.insertToolBar(self.tool_bar, self.file_bar)
        group = QActionGroup(self)
        group.setExclusive(True)
        for key, (cls, _painting) in TOOLS.items():
            act = QAction(icons.icon(key), cls.label, self)
            act.setCheckable(True)
            act.setShortcut(QKeySequence(cls.shortcut))
            act.setToolTip(f"{cls.tip} ({cls.shortcut})")
            act.setStatusTip(cls.tip)
            act.triggered.connect(lambda _checked=False, k=key: self.set_tool(k))
            group.addAction(act)
            self.tool_bar.addAction(act)
            self.m_tools.addAction(act)
            self.tool_actions[key] = act
        self.tool_bar.addSeparator()
        self.tool_bar.addAction(self.act_resize)
        self.tool_bar.addAction(self.act_play)

        self.m_help = self.menuBar().addMenu("&Help")
        self.act_guide = self.m_help.addAction("&How to edit a scenario", self.show_guide)
        self.act_guide.setShortcut(QKeySequence.StandardKey.HelpContents)
        self.act_shortcuts = self.m_help.addAction("&Keyboard shortcuts", self.show_shortcuts)
        self.m_help.addSeparator()
        self.act_about = self.m_help.addAction(f"&About {APP_NAME}", self.show_about)
        self.help_pages: dict[str, QDialog] = {}

    # ------------------------------------------------------------------ help

    def _help_page(self, name: str, title: str, body: str) -> QDialog:
        from .help import HelpDialog

        page = self.help_pages.get(name)
        if page is None:
            page = self.help_pages[name] = HelpDialog(title, body, name, self)
        else:
            page.browser.setHtml(body)
        page.show()
        page.raise_()
        return page

    def show_guide(self) -> QDialog:
        from .help import GUIDE_HTML

        return self._help_page("help-guide", "How to edit a scenario", GUIDE_HTML)

    def show_shortcuts(self) -> QDialog:
        """The keys of the window's actions as they are now (read from the actions themselves)."""
        from .help import shortcuts_html

        return self._help_page("help-shortcuts", "Keyboard shortcuts", shortcuts_html(self))

    def show_about(self) -> None:
        from .help import about_text

        box = QMessageBox(QMessageBox.Icon.Information, f"About {APP_NAME}", about_text(), parent=self)
        box.setObjectName("help-about")
        _exec_box(box)

    # ------------------------------------------------------------------ documents

    def set_document(self, doc: Document) -> None:
        """Show ``doc``: rebuild the map, the tools, the tables and the undo history around it."""
        old = self.doc
        self.doc = doc
        doc.setParent(self)
        self._pages_pending = False  # pages the old document never got are not made now (its tabs go below)
        # Everything made for the old document goes with it (the central view is replaced below).
        pages = [self.options_stack.widget(i) for i in range(self.options_stack.count())]
        pages += [tabs.widget(i) for tabs in (self.oob_tabs, self.table_tabs) for i in range(tabs.count())]
        for obj in self._doc_widgets + pages:
            obj.deleteLater()
        self._doc_widgets = []
        self._tables = {}
        self.panels = {}
        while self.options_stack.count():
            self.options_stack.removeWidget(self.options_stack.widget(0))
        self.oob_tabs.clear()
        self.table_tabs.clear()

        self.scene = MapScene(doc.scenario, doc.gmap)
        self.view = EditorMapView(self.scene)
        self.view.setObjectName("map-view")
        # What the window's first frame does not show (the fitting of the tables' columns) waits until the map is painted.
        if self.startup is None:
            self.startup = AfterFirstPaint(self.view.viewport(), self)
            self.startup.watch_window(self)
        else:
            self.startup.watch(self.view.viewport())
        self.map_holder.addWidget(self.view)
        self.map_holder.setCurrentWidget(self.view)
        self.minimap = Minimap(self.view)
        self.minimap_holder.addWidget(self.minimap)
        self.minimap_holder.setCurrentWidget(self.minimap)
        self.sync = MapSync(doc, self.scene, self)
        self.view.hex_hovered.connect(self._hovered)
        self.view.hex_clicked.connect(self._clicked)
        self.view.unit_dropped.connect(self._units_dropped)
        self.view.counters_dropped.connect(self._counters_dropped)
        self.view.hex_context_menu.connect(self._context)
        self.trace.follow_document(doc, self.scene, self.view)

        self.tools = {key: cls(doc, self) for key, (cls, _p) in TOOLS.items()}
        self._doc_widgets += [self.scene, self.view, self.minimap, self.sync, *self.tools.values()]
        for key, tool in self.tools.items():
            panel = PANELS[key](tool)
            self.panels[key] = panel
            self.options_stack.addWidget(panel)

        sections = all_sections()
        reference = lambda: reference_scenario(self.doc.scenario.rules)  # noqa: E731
        # The first frame shows the order of battle's Units, not its other tabs nor the Tables dock: their pages (the
        # terrain effects' alone take a tenth of a second, building pydantic validators) are made right after that
        # frame, or as soon as anything asks for them (a tab or the dock opened, a table or a page's field read).  Until
        # then an empty page holds each order of battle tab's place and title.
        self._add_table(self.oob_tabs, sections[OOB_TABS[0]], reference)
        for key in OOB_TABS[1:]:
            self.oob_tabs.addTab(QWidget(), sections[key].title)
        self._tables["units"].view.doubleClicked.connect(self._unit_double_clicked)
        self._tables["units"].view.selectionModel().currentRowChanged.connect(self._unit_chosen)
        for name in self._PAGE_ATTRIBUTES:  # the fields of the pages made for the document before
            self.__dict__.pop(name, None)
        self._pages_pending = True
        self.startup.later("table-pages", self._make_table_pages)

        if old is not None and old is not doc:
            self.undo_group.removeStack(old.undo_stack)
        self.undo_group.addStack(doc.undo_stack)
        self.undo_group.setActiveStack(doc.undo_stack)
        self.m_layers.clear()
        for name, layer in self.scene.layers.items():
            act = self.m_layers.addAction(name.replace("_", " "))
            act.setCheckable(True)
            act.setChecked(layer.isVisible())
            act.toggled.connect(lambda on, n=name: self.scene.set_layer_visible(n, on))

        doc.undo_stack.cleanChanged.connect(self._clean_changed)
        doc.file_changed.connect(self._update_title)
        doc.message.connect(self._show_message)
        doc.changed.connect(self._doc_changed)
        self.validator = Validator(doc, self)
        self._doc_widgets.append(self.validator)
        self.validator.checked.connect(self.show_issues)
        self._update_title()
        self.setWindowModified(doc.modified)
        self.set_tool(self.current_tool)
        self.show_checking()
        self.validator.check_after_paint(self.view.viewport())
        if old is not None and old is not doc:
            old.deleteLater()

    #: What the pages of the Tables dock set on the window; read while those pages wait, it has them made first.
    _PAGE_ATTRIBUTES = frozenset({"meta_id", "meta_title", "meta_rules", "meta_description", "meta_map", "meta_km", "classes_edit",
                                  "table_rows_holder", "charts_tabs", "_charts_rules"})

    def __getattr__(self, name: str):  # only for an attribute not set (yet)
        if name in MainWindow._PAGE_ATTRIBUTES and self.__dict__.get("_pages_pending"):
            self._make_table_pages()
            return getattr(self, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @property
    def tables(self) -> dict[str, SectionTable]:
        """Every table of the window by its section key (the Tables dock's pages made first if they still wait)."""
        if self._pages_pending:
            self._make_table_pages()
        return self._tables

    def _make_table_pages(self) -> None:
        """The pages that wait for the first frame, for the document shown: the order of battle's tabs after Units, and
        the Tables dock's (the scenario's form, the schedules, victory, terrain effects, the CRT and tables, the map
        objects and the rule system's charts).  Once per document."""
        if not self._pages_pending:
            return
        self._pages_pending = False
        sections = all_sections()
        reference = lambda: reference_scenario(self.doc.scenario.rules)  # noqa: E731
        shown = self.oob_tabs.currentIndex()
        self.oob_tabs.blockSignals(True)  # its current tab stays what it was (a click on a tab made these pages)
        for i, key in enumerate(OOB_TABS[1:], start=1):
            holder = self.oob_tabs.widget(i)
            self.oob_tabs.removeTab(i)
            table = SectionTable(self.doc, sections[key], reference)
            self._tables[key] = table
            self.oob_tabs.insertTab(i, table, sections[key].title)
            holder.deleteLater()
        self.oob_tabs.setCurrentIndex(shown)
        self.oob_tabs.blockSignals(False)
        self.table_tabs.addTab(self._scenario_page(), "Scenario")
        for key in TABLE_TABS:
            self._add_table(self.table_tabs, sections[key], reference)
        rule_victory = lambda: victory_defaults(self.doc.scenario.rules)  # noqa: E731 - the rule system's, not a scenario's
        self.table_tabs.addTab(self._split_page([sections["victory_levels"], sections["awards"]], rule_victory), "Victory")
        self.table_tabs.addTab(self._terrain_page(sections, reference), "Terrain effects")
        self.table_tabs.addTab(self._tables_page(sections["tables"], reference), "CRT and tables")
        self.table_tabs.addTab(self._split_page([sections["cities"], sections["places"], sections["lines"], sections["areas"]], reference), "Map objects")
        self.charts_tabs: QTabWidget | None = None
        self._make_charts_page()

    def _stack_action(self, text, pixmap, slot, enabled_signal, text_signal) -> QAction:
        """Undo or Redo (of the undo group, so one action serves every document): a short name
        on the tool bar, the command it would undo in the tooltip."""
        act = QAction(self.style().standardIcon(pixmap), text, self)
        act.triggered.connect(slot)
        act.setEnabled(False)
        enabled_signal.connect(act.setEnabled)
        plain = text.replace("&", "")
        text_signal.connect(lambda what: act.setToolTip(f"{plain} {what}" if what else plain))
        return act

    def _add_table(self, tabs: QTabWidget, section, reference) -> SectionTable:
        table = SectionTable(self.doc, section, reference)
        self._tables[section.key] = table
        tabs.addTab(table, section.title)
        return table

    def _split_page(self, sections, reference) -> QWidget:
        splitter = QSplitter(Qt.Orientation.Vertical)
        for section in sections:
            box = QGroupBox(section.title)
            lay = QVBoxLayout(box)
            lay.setContentsMargins(2, 2, 2, 2)
            table = SectionTable(self.doc, section, reference)
            self._tables[section.key] = table
            lay.addWidget(table)
            splitter.addWidget(box)
        return splitter

    def _terrain_page(self, sections, reference) -> QWidget:
        page = QWidget()
        lay = QVBoxLayout(page)
        lay.setContentsMargins(2, 2, 2, 2)
        row = QHBoxLayout()
        row.addWidget(QLabel("Movement classes"))
        self.classes_edit = QLineEdit()
        self.classes_edit.setToolTip("comma-separated; each gets a cost column below and is named by unit types")
        self.classes_edit.editingFinished.connect(self._classes_edited)
        row.addWidget(self.classes_edit, 1)
        lay.addLayout(row)
        lay.addWidget(self._split_page([sections["terrain"], sections["hexsides"], sections["road_city"]], reference), 1)
        self._refresh_classes()
        return page

    def _tables_page(self, section, reference) -> QWidget:
        page = QSplitter(Qt.Orientation.Vertical)
        top = SectionTable(self.doc, section, reference)
        self._tables[section.key] = top
        page.addWidget(top)
        self.table_rows_holder = QStackedWidget()
        page.addWidget(self.table_rows_holder)
        page.setStretchFactor(1, 2)
        top.view.selectionModel().currentRowChanged.connect(lambda cur, _prev: self.show_table_rows(top.model.key_of(cur.row()) if cur.isValid() else None))
        first = next(iter(self.doc.scenario.tables), None)
        self.show_table_rows(first)
        if first is not None:
            top.select_key(first)
        return page

    def show_table_rows(self, table_id: str | None) -> SectionTable | None:
        """Show the rows of one table (the CRT) under the list of tables."""
        for key in [k for k in self._tables if k.startswith("table:")]:
            del self._tables[key]
        while self.table_rows_holder.count():
            w = self.table_rows_holder.widget(0)
            self.table_rows_holder.removeWidget(w)
            w.deleteLater()
        if table_id is None or table_id not in self.doc.scenario.tables:
            self.table_rows_holder.addWidget(QLabel("Add a table above (the first is the CRT), then choose it to edit its rows."))
            return None
        table = SectionTable(self.doc, CheckedTableRowsSection(table_id), lambda: reference_scenario(self.doc.scenario.rules))
        self._tables[f"table:{table_id}"] = table
        self.table_rows_holder.addWidget(table)
        return table

    def _make_charts_page(self) -> None:
        """The Charts tab: the rule system's own tables (``system_data`` and the die-rolled
        tables read with them), one page per chart group, a list of its tables beside the table
        chosen.  Rebuilt when the scenario's rule system changes; absent for a system with none."""
        if self.charts_tabs is not None:
            index = self.table_tabs.indexOf(self.charts_tabs)
            self.table_tabs.removeTab(index)
            self.charts_tabs.deleteLater()
            self.charts_tabs = None
            for key in [k for k in self._tables if k.startswith(("chart:", "chart-table:"))]:
                del self._tables[key]
        pages = chart_pages(self.doc.scenario)
        self._charts_rules = self.doc.scenario.rules
        if not pages:
            return
        reference = lambda: reference_scenario(self.doc.scenario.rules)  # noqa: E731
        self.charts_tabs = QTabWidget()
        self.charts_tabs.setObjectName("charts")
        self.charts_tabs.setDocumentMode(True)
        for title, sections in pages:
            page = QSplitter(Qt.Orientation.Horizontal)
            names = QListWidget()
            names.setObjectName(f"chart-list:{title}")
            stack = QStackedWidget()
            for section in sections:
                table = SectionTable(self.doc, section, reference)
                self._tables[section.key] = table
                names.addItem(section.title)
                where = f"tables: {section.table_id}" if hasattr(section, "table_id") else f"system_data: {'.'.join(map(str, section.chart_path))}"
                names.item(names.count() - 1).setToolTip(f"{section.title} ({where})")
                stack.addWidget(table)
            names.currentRowChanged.connect(stack.setCurrentIndex)
            names.setCurrentRow(0)
            names.setMaximumWidth(360)
            page.addWidget(names)
            page.addWidget(stack)
            page.setStretchFactor(1, 4)
            page.setSizes([min(360, names.sizeHintForColumn(0) + 12), 900])
            self.charts_tabs.addTab(page, title)
        self.table_tabs.addTab(self.charts_tabs, f"{GAME_NAMES.get(self.doc.scenario.rules, self.doc.scenario.rules)} charts")

    def show_chart(self, key: str) -> SectionTable | None:
        """Bring the chart ``key`` (a section key) to the front of the Charts tab."""
        table = self.tables.get(key)
        if table is None or self.charts_tabs is None:
            return None
        for i in range(self.charts_tabs.count()):
            page = self.charts_tabs.widget(i)
            if page.isAncestorOf(table):
                self.charts_tabs.setCurrentIndex(i)
                names, stack = page.widget(0), page.widget(1)
                names.setCurrentRow(stack.indexOf(table))
        self._reveal(table)
        return table

    def _scenario_page(self) -> QWidget:
        page = QWidget()
        outer = QVBoxLayout(page)
        form = QFormLayout()
        outer.addLayout(form)
        outer.addStretch(1)  # the spare height goes below the form, not into the map summary
        self.meta_id = QLineEdit()
        self.meta_title = QLineEdit()
        self.meta_rules = QComboBox()
        self.meta_rules.addItems(list(KNOWN_SYSTEMS))
        self.meta_description = CommitTextEdit()
        self.meta_description.setMaximumHeight(120)
        self.meta_map = QLabel()
        self.meta_map.setWordWrap(True)
        self.meta_km = QDoubleSpinBox(minimum=0.0, maximum=100.0, decimals=1, specialValueText="not given")
        resize = QPushButton(icons.icon("resize"), "Resize map…")
        resize.clicked.connect(self.resize_map_dialog)
        form.addRow("Id", self.meta_id)
        form.addRow("Title", self.meta_title)
        form.addRow("Rule system", self.meta_rules)
        form.addRow("Description", self.meta_description)
        form.addRow("Map", self.meta_map)
        form.addRow("km per hex", self.meta_km)
        form.addRow("", resize)
        self.meta_id.editingFinished.connect(lambda: self.set_meta("id", self.meta_id.text().strip()))
        self.meta_title.editingFinished.connect(lambda: self.set_meta("title", self.meta_title.text().strip()))
        self.meta_rules.activated.connect(lambda _i: self.set_meta("rules", self.meta_rules.currentText()))
        self.meta_description.committed.connect(lambda text: self.set_meta("description", text))
        self.meta_km.editingFinished.connect(lambda: self._set_km(self.meta_km.value()))
        self._refresh_meta()
        return page

    def set_meta(self, name: str, value) -> bool:
        """Change the id, title, rule system or description (one undo step)."""
        if getattr(self.doc.scenario, name) == value:
            return False
        if name in ("id", "title") and not value:
            self.doc.message.emit(f"the scenario {name} may not be empty")
            self._refresh_meta()
            return False
        return self.doc.edit(f"Change scenario {name}", E.set_in, (name,), value)

    def _set_km(self, value: float) -> None:
        km = value or None
        if km != self.doc.scenario.map.grid.km_per_hex:
            self.doc.edit("Change km per hex", E.set_in, ("map", "grid", "km_per_hex"), km)

    def _refresh_meta(self) -> None:
        s = self.doc.scenario
        g = s.map.grid
        self.meta_id.setText(s.id)
        self.meta_title.setText(s.title)
        self.meta_rules.setCurrentText(s.rules)
        if self.meta_description.toPlainText() != s.description:
            self.meta_description.setPlainText(s.description)
        order = "column then row" if g.id_order == "col-row" else "row then column"
        self.meta_map.setText(
            f"{g.columns} columns × {g.rows} rows, {g.orientation}-top hexes; ids {order}, rows grow {g.row_grows}, "
            f"columns grow {g.column_grows}, {g.shifted} lines shifted, first row {g.first_row}, first column {g.first_column}"
        )
        self.meta_km.setValue(g.km_per_hex or 0.0)

    def _classes_edited(self) -> None:
        classes = [c.strip() for c in self.classes_edit.text().split(",") if c.strip()]
        if classes and classes != self.doc.scenario.terrain_effects.movement_classes:
            self.doc.edit("Change movement classes", E.set_in, ("terrain_effects", "movement_classes"), classes)

    def _refresh_classes(self) -> None:
        self.classes_edit.setText(", ".join(self.doc.scenario.terrain_effects.movement_classes))

    # ------------------------------------------------------------------ tools

    def set_tool(self, key: str) -> T.Tool:
        tool = self.tools[key]
        self.current_tool = key
        self.tool_actions[key].setChecked(True)
        self.options_stack.setCurrentWidget(self.panels[key])
        self.options_dock.setWindowTitle(f"Tool Options — {tool.label}")
        self.view.set_tool(tool, TOOLS[key][1])
        self.sync.set_tool(tool)
        self.statusBar().showMessage(tool.tip, 5000)
        return tool

    def _hovered(self, hex_id: str) -> None:
        if not hex_id or hex_id not in self.scene.game_map:
            self.hover_label.setText("")
            return
        s = self.doc.scenario
        t = E.terrain_of(s, hex_id)
        name = s.map.terrain_types[t].name if t in s.map.terrain_types else t
        spot = self.scene.game_map.city_at(hex_id)
        extra = f" · {spot.city.name}" if spot else ""
        units = E.units_at(s, hex_id)
        if units:
            extra += f" · {len(units)} unit{'s' if len(units) > 1 else ''}"
        self.hover_label.setText(f"hex {hex_id} · {name}{extra}")

    def _clicked(self, hex_id: str) -> None:
        if self.current_tool == "select":
            self.tools["select"].press(hex_id)

    def _units_dropped(self, unit_ids: list, location: str) -> None:
        self.tools["units"].place_many(unit_ids, location)

    def _counters_dropped(self, origin: str, target: str, unit_ids: list) -> None:
        self.tools["units"].place_many(unit_ids, target)

    def _context(self, hex_id: str, _global_pos) -> None:
        if self.current_tool == "units":
            self.tools["units"].remove_at(hex_id)
        elif self.current_tool in ("roads", "railroads", "line"):
            self.tools[self.current_tool].cancel()

    def _unit_chosen(self, current, _previous=None) -> None:
        """Show the chosen unit's set-up zones on the map (with the Units tool)."""
        if not current.isValid():
            self.tools["units"].show_unit(None, [])
            return
        unit_id = self._tables["units"].model.key_of(current.row())
        self.sync.flush()
        zones = zone_hexes(self.scene.geo, self.doc.scenario)
        hexes = sorted({h for z in self.doc.scenario.setup.zones if unit_id in z.units for h in zones.get(z.id, ("", None, []))[2]})
        self.tools["units"].show_unit(unit_id, hexes)

    def _unit_double_clicked(self, index) -> None:
        unit_id = self._tables["units"].model.key_of(index.row())
        i = E.placement_index(self.doc.scenario, unit_id)
        if i is not None and index.column() == 0:
            where = self.doc.scenario.setup.placements[i].hex or self.doc.scenario.setup.placements[i].box
            if where:
                self.view.center_on_hex(where)
                self.scene.set_selected_hex(where)

    def _doc_changed(self, parts) -> None:
        if "title" in parts:
            self._update_title()
        if self._pages_pending:  # the Tables dock's pages, still to be made, will show the document as it is then
            return
        if parts == "*" or parts & {"id", "title", "rules", "description", "map.grid", "map"}:
            self._refresh_meta()
        if parts == "*" or "terrain_effects" in parts:
            self._refresh_classes()
        if parts == "*" or "tables" in parts:
            current = next((k[6:] for k in self._tables if k.startswith("table:")), None)
            if current not in self.doc.scenario.tables:
                self.show_table_rows(next(iter(self.doc.scenario.tables), None))
        if (parts == "*" or "rules" in parts) and self.doc.scenario.rules != self._charts_rules:
            self._make_charts_page()

    # ------------------------------------------------------------------ problems

    def show_issues(self, issues: list[Issue]) -> None:
        self.issues = list(issues)
        self.problem_list.clear()
        errors = sum(1 for i in issues if i.severity == "error")
        warnings = len(issues) - errors
        style = self.style()
        for issue in issues:
            where = f"hex {issue.hex}" if issue.hex else issue.path
            item = QTreeWidgetItem(["error" if issue.severity == "error" else issue.case or "warning", where, issue.message])
            item.setIcon(0, style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxCritical if issue.severity == "error" else QStyle.StandardPixmap.SP_MessageBoxWarning))
            item.setToolTip(2, f"{issue.path}: {issue.message}")
            item.setData(0, Qt.ItemDataRole.UserRole, issue)
            self.problem_list.addTopLevelItem(item)
        if not issues:
            item = QTreeWidgetItem(["ok", "", "The scenario is valid: kharkov-cli validate finds nothing, it has turns and units set up, and the set-up follows the rules."])
            item.setIcon(0, style.standardIcon(QStyle.StandardPixmap.SP_DialogApplyButton))
            self.problem_list.addTopLevelItem(item)
        counted = f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"
        self.problems_dock.setWindowTitle(f"Problems — {counted}" if issues else "Problems — none")

    def show_checking(self) -> None:
        """The Problems list while the document's check has not run yet."""
        self.issues = []
        self.problem_list.clear()
        item = QTreeWidgetItem(["checking", "", "Checking the scenario as kharkov-cli validate does; the problems it finds appear here."])
        item.setIcon(0, self.style().standardIcon(QStyle.StandardPixmap.SP_BrowserReload))
        self.problem_list.addTopLevelItem(item)
        self.problems_dock.setWindowTitle("Problems — checking…")

    def current_issues(self) -> list[Issue]:
        """The problems of the document as it is now (checking again only if a check is due)."""
        return self.validator.run() if self.validator.pending else self.validator.issues

    def goto_issue(self, issue: Issue | None) -> None:
        """Show where a problem lies: centre the map on its hex, select its table row."""
        if not isinstance(issue, Issue):
            return
        self.sync.flush()
        self.sync.mark_problem(issue.hex)
        if issue.hex and issue.hex in self.scene.game_map:
            self.view.center_on_hex(issue.hex)
        if issue.section:
            if issue.section.startswith("table:"):
                table_id = issue.section[6:]
                self.tables["tables"].select_key(table_id)
                self.show_table_rows(table_id)
            table = self.tables.get(issue.section)
            if table is not None:
                self.show_chart(issue.section)
                self._reveal(table)
                if issue.row is not None:
                    table.select_key(issue.row)

    def _reveal(self, widget: QWidget) -> None:
        """Raise the dock and tab that hold ``widget``."""
        for dock, tabs in ((self.oob_dock, self.oob_tabs), (self.tables_dock, self.table_tabs)):
            for i in range(tabs.count()):
                page = tabs.widget(i)
                if page is widget or page.isAncestorOf(widget):
                    dock.show()
                    dock.raise_()
                    tabs.setCurrentIndex(i)
                    return

    # ------------------------------------------------------------------ files

    def _clean_changed(self, clean: bool) -> None:
        self.setWindowModified(not clean)

    def _show_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

    def _update_title(self) -> None:
        name = self.doc.path.name if self.doc.path else "untitled"
        self.setWindowTitle(f"{name}[*] — {self.doc.scenario.title} — {APP_NAME}")

    def ask_save(self, why: str) -> str:
        """'save', 'discard' or 'cancel' (tests replace this)."""
        box = QMessageBox(QMessageBox.Icon.Question, APP_NAME, f"The scenario has unsaved changes. {why}", parent=self)
        box.setStandardButtons(QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel)
        answer = box.exec()
        return {QMessageBox.StandardButton.Save: "save", QMessageBox.StandardButton.Discard: "discard"}.get(QMessageBox.StandardButton(answer), "cancel")

    def ask_path(self, saving: bool) -> str | None:
        """A file name from a file dialog, or None (tests replace this)."""
        start = str(self.doc.path.parent if self.doc.path else ROOT / "scenarios")
        if saving:
            path, _ = QFileDialog.getSaveFileName(self, "Save scenario", start, "Scenarios (*.yaml *.yml)")
        else:
            path, _ = QFileDialog.getOpenFileName(self, "Open scenario", start, "Scenarios (*.yaml *.yml);;All files (*)")
        return path or None

    def maybe_save(self, why: str = "Save them first?") -> bool:
        if not self.doc.modified:
            return True
        answer = self.ask_save(why)
        if answer == "save":
            return self.save()
        return answer == "discard"

    def new_scenario(self, dialog=None) -> bool:
        from .wizard import NewScenarioDialog

        if not self.maybe_save():
            return False
        dialog = dialog or NewScenarioDialog(self)
        if dialog.result() != QDialog.DialogCode.Accepted and dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        self.set_document(Document(dialog.scenario()))
        return True

    def open_dialog(self) -> bool:
        if not self.maybe_save():
            return False
        path = self.ask_path(saving=False)
        return self.open_file(path) if path else False

    def open_file(self, path: str | Path) -> bool:
        try:
            scenario = load_scenario(path)
        except ScenarioError as exc:
            show_problems(self, f"{Path(path).name} cannot be opened", exc)
            return False
        self.set_document(Document(scenario, path))
        return True

    def save(self) -> bool:
        if self.doc.path is None:
            return self.save_as()
        return self._write(self.doc.path)

    def save_as(self, path: str | Path | None = None) -> bool:
        path = path or self.ask_path(saving=True)
        if not path:
            return False
        path = Path(path)
        if path.suffix not in (".yaml", ".yml"):
            path = path.with_suffix(".yaml")
        return self._write(path)

    def _write(self, path: Path) -> bool:
        try:
            save_scenario(self.doc.scenario, path)
        except OSError as exc:
            QMessageBox.warning(self, APP_NAME, f"Could not save {path}: {exc}")
            return False
        self.doc.set_saved(path)
        errors = sum(1 for i in self.current_issues() if i.severity == "error")
        note = f" — it has {errors} problems; kharkov-cli validate will list them" if errors else ""
        self.statusBar().showMessage(f"Saved {path}{note}", 8000)
        return True

    def player_command(self) -> list[str]:
        return [sys.executable, "-m", "player.app", "--scenario", str(self.doc.path)]

    def play(self):
        """Start the player on this scenario (after asking to save unsaved changes)."""
        if self.doc.modified or self.doc.path is None:
            answer = self.ask_save("Save them before playing?") if self.doc.modified else "save"
            if answer == "cancel":
                return None
            if answer == "save" and not self.save():
                return None
        if self.doc.path is None:
            self.statusBar().showMessage("save the scenario before playing it", 8000)
            return None
        errors = [i for i in self.current_issues() if i.severity == "error"]
        if errors:
            self.statusBar().showMessage(f"the scenario has {len(errors)} problems (see Problems); the player would refuse it", 8000)
            return None
        return subprocess.Popen(self.player_command(), cwd=str(ROOT))

    # ------------------------------------------------------------------ map size

    def resize_map(self, rows: int, columns: int) -> list[str] | None:
        """Resize the map in one undo step; return what was dropped (None if refused)."""
        try:
            after, dropped = E.resize_map(self.doc.scenario, rows, columns)
        except E.EditError as exc:
            self.doc.message.emit(str(exc))
            return None
        text = f"Resize map to {columns}×{rows}" + (f" (dropped {len(dropped)})" if dropped else "")
        self.doc.replace(text, after)
        self.doc.message.emit(text + (": " + "; ".join(dropped) if dropped else ""))
        return dropped

    def resize_map_dialog(self) -> None:
        g = self.doc.scenario.map.grid
        dialog = QDialog(self)
        dialog.setWindowTitle("Resize map")
        form = QFormLayout(dialog)
        columns = QSpinBox(minimum=1, maximum=99, value=g.columns)
        rows = QSpinBox(minimum=1, maximum=99, value=g.rows)
        report = QLabel()
        report.setWordWrap(True)
        report.setMinimumWidth(380)
        form.addRow("Columns", columns)
        form.addRow("Rows", rows)
        note = QLabel(f"Columns are added or taken away on the {g.column_grows} edge and rows on the {g.row_grows} edge, "
                      "where the numbering grows; hex ids keep naming the same hexes.")
        note.setWordWrap(True)
        form.addRow(note)
        form.addRow(report)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(dialog.accept)
        buttons.rejected.connect(dialog.reject)
        form.addRow(buttons)

        def preview():
            try:
                _s, dropped = E.resize_map(self.doc.scenario, rows.value(), columns.value())
            except E.EditError as exc:
                report.setText(str(exc))
                return
            report.setText("Nothing is lost." if not dropped else "These will be dropped:<br>• " + "<br>• ".join(dropped))

        columns.valueChanged.connect(preview)
        rows.valueChanged.connect(preview)
        preview()
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.resize_map(rows.value(), columns.value())

    # ------------------------------------------------------------------ closing

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self.maybe_save("Save them before closing?"):
            event.accept()
        else:
            event.ignore()


def unique_keys(keys) -> list[QKeySequence]:
    """``keys`` without repeats and empty sequences, in order (one action may not bind a key twice)."""
    out: list[QKeySequence] = []
    for key in keys:
        if not key.isEmpty() and key not in out:
            out.append(key)
    return out


def show_problems(parent, title: str, exc: ScenarioError) -> None:
    """A message box listing a file's problems (never a traceback)."""
    problems = [str(p) for p in exc.problems]
    shown = problems[:25] + ([f"… and {len(problems) - 25} more"] if len(problems) > 25 else [])
    box = QMessageBox(QMessageBox.Icon.Warning, APP_NAME, title, parent=parent)
    box.setInformativeText("\n".join(shown))
    box.setDetailedText("\n".join(problems))
    _exec_box(box)


def _exec_box(box: QMessageBox) -> None:
    box.exec()


def _starter_scenario() -> Scenario:
    """What the editor shows when started without a file: an empty map in the default rule system."""
    from kharkovsuite.scenario.model import GridModel

    template, _note = reference_scenario("kharkov1942")
    return E.blank_scenario("kharkov1942", GridModel(orientation="pointy", columns=20, rows=15), "new", "New scenario", template)

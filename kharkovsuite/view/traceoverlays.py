"""The trace overlays on the shared map view: supply, why not, command, rail, roads, front.

The data of each overlay comes from each rule system's ``trace.overlay`` (:mod:`kharkovsuite.tracing`) (plain
Python, shared with ``kharkov-cli trace`` and the tests); this module only draws it.

- :class:`TraceOverlays` — the controller a window installs: one checkable QAction per overlay
  (in a menu and a tool bar), a side chooser, and a dock with a legend and the findings of each
  overlay that is on.  It recomputes only the overlays that are on, and the engine's caches
  make a refresh after an action that moved nothing cost nothing.
- :func:`draw_overlay` — one overlay's data onto a :class:`~.scene.MapScene`.
- :func:`render_png` — the map with overlays, a legend and the findings, to a PNG, headless.

Every role has a colour of the Okabe–Ito palette *and* its own hatching or outline dash, so no
two roles of an overlay differ by hue alone.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QPointF, QRect, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QBrush, QColor, QFont, QFontMetrics, QIcon, QImage, QPainter, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QLabel,
    QMenu,
    QStyledItemDelegate,
    QToolBar,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..tracing import LINE_ROLES
from . import style as S
from .legend import SWATCH, _hex

PREFIX = "trace:"
AUTO = "auto"


def _st(color: str, hatch=Qt.BrushStyle.NoBrush, dash=Qt.PenStyle.SolidLine, alpha: int = 70) -> S.OverlayStyle:
    return S.OverlayStyle(S.OKABE_ITO[color], hatch, dash, alpha)


B = Qt.BrushStyle
P = Qt.PenStyle

#: How each role of :mod:`kharkovsuite.tracing` overlay is drawn.
ROLE_STYLES: dict[str, S.OverlayStyle] = {
    # supply
    "hq_supplied": _st("sky", B.NoBrush, P.DotLine, 45),
    "supplied": _st("green", B.NoBrush, P.SolidLine, 95),
    "road_source": _st("orange", B.BDiagPattern, P.DashLine, 60),
    "source": _st("blue", B.Dense5Pattern, P.SolidLine, 120),
    "out": _st("vermillion", B.DiagCrossPattern, P.SolidLine, 150),
    "selected": _st("yellow", B.NoBrush, P.SolidLine, 140),
    # why not
    "block": _st("black", B.DiagCrossPattern, P.DashLine, 90),
    # command
    "command": _st("purple", B.VerPattern, P.SolidLine, 70),
    "command_inactive": _st("black", B.Dense7Pattern, P.DotLine, 30),
    "uncommanded": _st("vermillion", B.DiagCrossPattern, P.DashLine, 140),
    "hq": _st("yellow", B.NoBrush, P.SolidLine, 170),
    # rail
    "rail_friendly": _st("blue", B.NoBrush, P.SolidLine, 110),
    "rail_enemy": _st("vermillion", B.BDiagPattern, P.DotLine, 60),
    "rail_reach": _st("sky", B.CrossPattern, P.SolidLine, 120),
    # roads
    "road_off": _st("black", B.Dense6Pattern, P.DotLine, 25),
    "road_net": _st("orange", B.NoBrush, P.SolidLine, 120),
    "road_cut": _st("purple", B.DiagCrossPattern, P.SolidLine, 190),
    "road_entry": _st("blue", B.Dense5Pattern, P.SolidLine, 140),
    # front
    "barrier": _st("sky", B.FDiagPattern, P.DotLine, 50),
    "front": _st("blue", B.NoBrush, P.SolidLine, 100),
    # lines
    "loc": _st("purple", dash=P.SolidLine),
    "hq_line": _st("blue", dash=P.DashLine),
    "supply_line": _st("green", dash=P.SolidLine),
    "blocked_line": _st("vermillion", dash=P.DashLine),
    "command_line": _st("purple", dash=P.DotLine),
    "rail_route": _st("black", dash=P.SolidLine),
    "hole": _st("vermillion", dash=P.SolidLine),
}


#: The words a trace module's ``STYLES`` use (:mod:`kharkovsuite.tracing`), as Qt draws them.
HATCHES = {"none": B.NoBrush, "solid": B.Dense5Pattern, "dense": B.Dense6Pattern, "sparse": B.Dense7Pattern,
           "horizontal": B.HorPattern, "vertical": B.VerPattern, "cross": B.CrossPattern, "diagonal": B.FDiagPattern,
           "back-diagonal": B.BDiagPattern, "diagonal-cross": B.DiagCrossPattern}
DASHES = {"solid": P.SolidLine, "dash": P.DashLine, "dot": P.DotLine, "dash-dot": P.DashDotLine}

#: Roles a rule system's trace module adds (its ``STYLES``), kept once the module is read.
_SYSTEM_STYLES: dict[str, S.OverlayStyle] = {}


def role_style(role: str) -> S.OverlayStyle:
    style = ROLE_STYLES.get(role) or _SYSTEM_STYLES.get(role)
    if style is None:
        raise KeyError(f"no style for trace role {role!r} (the view's ROLE_STYLES and the rule system's trace.STYLES lack it)")
    return style


def system_styles(trace) -> dict[str, S.OverlayStyle]:
    """The styles of the roles a trace module adds, from its ``STYLES`` (role -> (colour of the
    Okabe-Ito palette, hatch, dash, fill alpha)); a word the view does not know is refused."""
    out = {}
    for role, (colour, hatch, dash, alpha) in getattr(trace, "STYLES", {}).items():
        for word, known, what in ((colour, S.OKABE_ITO, "colour"), (hatch, HATCHES, "hatch"), (dash, DASHES, "dash")):
            if word not in known:
                raise KeyError(f"{trace.__name__}.STYLES[{role!r}]: unknown {what} {word!r} (known: {', '.join(known)})")
        out[role] = _st(colour, HATCHES[hatch], DASHES[dash], int(alpha))
    return out


def _trace(rules_id: str):
    """The trace module of a rule system (:mod:`kharkovsuite.tracing` describes it), its own roles' styles made known."""
    from ..rules import trace_module

    trace = trace_module(rules_id)
    _SYSTEM_STYLES.update(system_styles(trace))
    return trace


# ----------------------------------------------------------------------------- drawing


def overlay_names(scene, name: str) -> list[str]:
    """The scene overlays that draw trace overlay ``name``."""
    return [n for n in scene.overlay_names if n.startswith(f"{PREFIX}{name}:")]


def draw_overlay(scene, data) -> list[str]:
    """Draw one :class:`~kharkovsuite.tracing.OverlayData` on ``scene``, replacing
    what was drawn for that overlay before; returns the scene overlay names used."""
    used = []
    for role, hexes in data.marks.items():
        if hexes:
            st = role_style(role)
            name = f"{PREFIX}{data.name}:{role}"
            scene.set_hex_overlay(name, {h: (st, label) for h, label in hexes.items()})
            used.append(name)
    for role, path in data.lines.items():
        if len(path) > 1:
            name = f"{PREFIX}{data.name}:{role}"
            scene.set_path_overlay(name, path, role_style(role))
            used.append(name)
    for stale in overlay_names(scene, data.name):
        if stale not in used:
            scene.clear_overlay(stale)
    return used


def clear_overlay(scene, name: str) -> None:
    for n in overlay_names(scene, name):
        scene.clear_overlay(n)


def paint_swatch(p: QPainter, rect: QRectF, role: str) -> None:
    """The legend sample of ``role``: a hex filled, hatched and outlined as on the map, or a line."""
    st = role_style(role)
    c = rect.center()
    r = min(rect.width(), rect.height()) * 0.46
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    if role in LINE_ROLES:
        a, b = QPointF(rect.left() + 2, c.y()), QPointF(rect.right() - 2, c.y())
        p.setPen(QPen(QColor(255, 255, 255, 220), r * 0.5, P.SolidLine, Qt.PenCapStyle.RoundCap))
        p.drawLine(a, b)
        p.setPen(QPen(st.qcolor(), max(2.0, r * 0.22), st.dash, Qt.PenCapStyle.RoundCap))
        p.drawLine(a, b)
    else:
        poly = QPolygonF(_hex(c, r))
        p.setPen(QPen(QColor("#8a8470"), 1))
        p.setBrush(QColor("#f3ecd6"))  # the map's open ground, under the wash
        p.drawPolygon(poly)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(st.qcolor(st.fill_alpha))
        p.drawPolygon(poly)
        if st.hatch != B.NoBrush:
            p.setBrush(QBrush(st.qcolor(200), st.hatch))
            p.drawPolygon(poly)
        p.setPen(QPen(st.qcolor(230), max(1.5, r * 0.09), st.dash))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPolygon(poly)
    p.restore()


def swatch_icon(role: str) -> QIcon:
    pix = QPixmap(SWATCH, SWATCH)
    pix.fill(QColor(0, 0, 0, 0))
    p = QPainter(pix)
    paint_swatch(p, QRectF(0, 0, SWATCH, SWATCH), role)
    p.end()
    return QIcon(pix)


# ----------------------------------------------------------------------------- the legend dock


class _WrappingRows(QStyledItemDelegate):
    """Rows as tall as their text wrapped to the width left of the tree (a tree sizes rows for one line)."""

    def sizeHint(self, option, index):  # noqa: N802 - Qt API
        size = super().sizeHint(option, index)
        tree = self.parent()
        depth, up = 0, index.parent()
        while up.isValid():
            depth, up = depth + 1, up.parent()
        left = tree.indentation() * (depth + (1 if tree.rootIsDecorated() else 0))
        icon = tree.iconSize().width() + 8 if index.data(Qt.ItemDataRole.DecorationRole) is not None else 0
        width = max(60, tree.viewport().width() - left - icon - 8)
        text = index.data(Qt.ItemDataRole.DisplayRole) or ""
        font = index.data(Qt.ItemDataRole.FontRole) or option.font
        height = QFontMetrics(font).boundingRect(QRect(0, 0, width, 100000), int(Qt.TextFlag.TextWordWrap), text).height()
        return QSize(width + icon, max(size.height(), height + 6))


class TraceLegend(QTreeWidget):
    """For each overlay that is on: its title and summary, what each mark means, and the findings
    (a click on one with a hex emits :attr:`hex_chosen`)."""

    hex_chosen = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setHeaderHidden(True)
        self.setIconSize(QSize(28, 28))
        self.setWordWrap(True)
        # Findings are sentences: wrap them to the dock's width rather than cut them off.
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.setUniformRowHeights(False)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.header().setStretchLastSection(True)
        self.setItemDelegate(_WrappingRows(self))
        self.setAccessibleName("Trace legend")
        self.itemClicked.connect(self._clicked)

    def show_overlays(self, overlays: list, trace=None, words: Callable[[str], str] | None = None) -> None:
        """Show ``overlays`` (:class:`~kharkovsuite.tracing.OverlayData`) of the rule system whose trace module is ``trace``;
        ``words`` puts a finding's text in a player's words (its unit ids named)."""
        words = words or (lambda text: text)
        self.clear()
        bold = QFont(self.font())
        bold.setBold(True)
        for data in overlays:
            head = QTreeWidgetItem(self, [f"{data.title} — {data.summary}"])
            head.setFont(0, bold)
            described = trace.DESCRIPTIONS.get(data.name, "") if trace is not None else ""
            head.setToolTip(0, S.tooltip_html(f"{data.title} — {data.summary}\n{described}"))
            head.setData(0, Qt.ItemDataRole.UserRole + 1, data.name)
            for role, meaning in data.legend:
                item = QTreeWidgetItem(head, [meaning])
                item.setIcon(0, swatch_icon(role))
                item.setToolTip(0, S.tooltip_html(meaning))
                item.setData(0, Qt.ItemDataRole.UserRole + 1, role)
            if data.items:
                found = QTreeWidgetItem(head, [f"Findings ({len(data.items)})"])
                for it in data.items:
                    text = words(it["text"])
                    item = QTreeWidgetItem(found, [text.strip()])
                    item.setToolTip(0, S.tooltip_html(text))
                    item.setData(0, Qt.ItemDataRole.UserRole, it["hex"])
                found.setExpanded(data.name in ("why", "front") or len(data.items) <= 12)
            head.setExpanded(True)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.scheduleDelayedItemsLayout()  # the rows' heights follow the width their text wraps to

    def findings(self) -> list[str]:
        out = []
        for i in range(self.topLevelItemCount()):
            head = self.topLevelItem(i)
            for j in range(head.childCount()):
                child = head.child(j)
                out += [child.child(k).text(0) for k in range(child.childCount())]
        return out

    def _clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        hex_id = item.data(0, Qt.ItemDataRole.UserRole)
        if hex_id:
            self.hex_chosen.emit(hex_id)


# ----------------------------------------------------------------------------- the controller


class TraceOverlays(QObject):
    """The trace overlays of a window: actions, menu, tool bar, side chooser, legend dock.

    The overlays are the game's rule system's (its ``trace`` module, :mod:`kharkovsuite.tracing`):
    the actions are built for the system of the state shown (:meth:`set_rules`), so each system
    shows its own; a system that cannot be traced has none, and the dock says why.
    Feed it a game with :meth:`set_state` (after every action) or, in the editor, a factory with
    :meth:`set_state_factory` and :meth:`invalidate` after every edit (debounced).  The unit
    whose lines are drawn comes from :meth:`set_unit`; the rail route's end from :meth:`hover_hex`.
    ``side_of`` gives the side shown when the chooser says "Side to act".
    """

    refreshed = Signal()
    hex_chosen = Signal(str)

    def __init__(self, parent: QWidget, scene=None, side_of: Callable[[], str | None] | None = None, debounce_ms: int = 400,
                 rules_id: str | None = None):
        super().__init__(parent)
        self.scene = scene
        self.view = None
        self.state = None
        self.unit: str | None = None
        self.dest: str | None = None
        self.problem = ""
        self.side_of = side_of
        #: a finding's text in a player's words (the game window names the units its seat may know); None: as traced
        self.words: Callable[[str], str] | None = None
        self.data: dict[str, object] = {}
        self.trace = None  # the trace module of the rule system shown (None: none, see :attr:`unavailable`)
        self.rules_id: str | None = None
        self.unavailable = ""  # why the rule system shown cannot be traced ("" when it can)
        self.sides: dict[str, str] = {}  # side id -> its name, of the scenario shown
        self.own_side_only = False  # hidden information: only the side of side_of() may be traced (see set_own_side_only)
        self._factory: Callable[[], object] | None = None
        self._stale = False
        self.actions: dict[str, QAction] = {}
        self.menu = QMenu("&Trace", parent)
        self.toolbar = QToolBar("Trace", parent)
        self.toolbar.setObjectName("trace_toolbar")
        self.toolbar.addWidget(QLabel(" Trace: "))
        self._menu_end = self.menu.addSeparator()  # the overlays' actions go before it
        self.side_menu = self.menu.addMenu("Side traced")
        self.side_box = QComboBox()
        self.side_box.setAccessibleName("Side traced")
        self.side_box.setToolTip("The side whose supply, command and rail the overlays show")
        self._side_group = QActionGroup(self)
        self._side_actions: dict[str, QAction] = {}
        self.side_box.currentIndexChanged.connect(self._side_box_changed)
        self._toolbar_end = self.toolbar.addWidget(self.side_box)  # likewise in the tool bar
        self._set_sides({})
        self.legend = TraceLegend()
        self.legend.hex_chosen.connect(self._hex_chosen)
        self.status = QLabel("")
        self.status.setWordWrap(True)
        self.panel = QWidget()
        box = QVBoxLayout(self.panel)
        box.setContentsMargins(4, 4, 4, 4)
        box.addWidget(self.status)
        box.addWidget(self.legend, 1)
        self.dock: QDockWidget | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(debounce_ms)
        self._timer.timeout.connect(self._rebuild)
        if rules_id is not None:
            self.set_rules(rules_id)

    def set_rules(self, rules_id: str, sides: dict[str, str] | None = None) -> None:
        """Offer the overlays of rule system ``rules_id`` (and its ``sides``: id -> name); an
        overlay of the same name that was on stays on."""
        if sides is not None and sides != self.sides:
            self._set_sides(sides)
        if rules_id == self.rules_id:
            return
        from ..rules import RuleSystemUnavailable

        was_on = set(self.enabled_overlays())
        for name, act in self.actions.items():
            if self.scene is not None:
                clear_overlay(self.scene, name)
            self.menu.removeAction(act)
            self.toolbar.removeAction(act)
            act.deleteLater()
        self.actions = {}
        self.rules_id = rules_id
        try:
            self.trace = _trace(rules_id)
            self.unavailable = ""
        except RuleSystemUnavailable as exc:
            self.trace = None
            self.unavailable = f"No trace overlays for this game: {exc}"
            return
        for i, name in enumerate(self.trace.OVERLAYS):
            act = QAction(self.trace.TITLES[name], self, checkable=True)
            act.setToolTip(self.trace.DESCRIPTIONS[name])
            act.setStatusTip(self.trace.DESCRIPTIONS[name])
            if i < 9:
                act.setShortcut(f"Alt+{i + 1}")
            act.setObjectName(f"trace_{name}")
            act.setChecked(name in was_on)
            act.toggled.connect(lambda on, n=name: self._toggled(n, on))
            self.actions[name] = act
            self.menu.insertAction(self._menu_end, act)
            self.toolbar.insertAction(self._toolbar_end, act)

    def _set_sides(self, sides: dict[str, str]) -> None:
        """The side chooser: "Side to act", then each side of the scenario."""
        chosen = self.side_box.currentData()
        self.sides = dict(sides)
        self.side_box.blockSignals(True)
        self.side_box.clear()
        for act in self._side_actions.values():
            self.side_menu.removeAction(act)
            self._side_group.removeAction(act)
        self._side_actions = {}
        for key, text in ((AUTO, "Side to act"), *(() if self.own_side_only else self.sides.items())):
            self.side_box.addItem(text, key)
            act = self.side_menu.addAction(text)
            act.setCheckable(True)
            self._side_group.addAction(act)
            act.triggered.connect(lambda _c=False, k=key: self.set_side(k))
            self._side_actions[key] = act
        keep = chosen if chosen in self._side_actions else AUTO
        self.side_box.setCurrentIndex(self.side_box.findData(keep))
        self._side_actions[keep].setChecked(True)
        self.side_box.blockSignals(False)

    def set_own_side_only(self, on: bool) -> None:
        """With hidden information a player traces only the side the window shows (``side_of``):
        the other side's lines would tell where its units are."""
        if on != self.own_side_only:
            self.own_side_only = on
            self._set_sides(self.sides)
            self.refresh()

    def _side_box_changed(self, i: int) -> None:
        if i >= 0:
            self.set_side(self.side_box.itemData(i))

    # ------------------------------------------------------------------ installation
    def install(self, window, menu: QMenu | None = None, dock_area=Qt.DockWidgetArea.RightDockWidgetArea) -> None:
        """Put the tool bar, the menu (as a submenu of ``menu``, else on the menu bar) and the
        legend dock into ``window``."""
        window.addToolBarBreak(Qt.ToolBarArea.TopToolBarArea)
        window.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.toolbar)
        if menu is not None:
            menu.addSeparator()
            menu.addMenu(self.menu)
        else:  # its own menu, before Help
            bar = window.menuBar()
            help_menu = next((a for a in bar.actions() if a.text().replace("&", "").lower() == "help"), None)
            if help_menu is not None:
                bar.insertMenu(help_menu, self.menu)
            else:
                bar.addMenu(self.menu)
        self.dock = QDockWidget("Trace", window)
        self.dock.setObjectName("trace_dock")
        self.dock.setWidget(self.panel)
        window.addDockWidget(dock_area, self.dock)
        beside = next((d for d in (window.findChild(QDockWidget, n) for n in ("legend", "history")) if d is not None), None)
        if beside is not None and window.dockWidgetArea(beside) == dock_area:
            window.tabifyDockWidget(beside, self.dock)  # a tab of its own, with room for the findings
        self.dock.hide()
        self.menu.addAction(self.dock.toggleViewAction())

    def set_view(self, scene, view=None) -> None:
        """Draw on another scene (the editor makes one per document); follow ``view``'s hover."""
        if self.view is not None:
            try:
                self.view.hex_hovered.disconnect(self.hover_hex)
            except (RuntimeError, TypeError):
                pass
        self.scene = scene
        self.view = view
        if view is not None:
            view.hex_hovered.connect(self.hover_hex)
        self.data = {}
        self.refresh()

    def follow_document(self, doc, scene, view=None) -> None:
        """The editor: trace the historical set-up of ``doc``'s scenario, rebuilt after edits."""
        from ..engine import new_game

        self.set_rules(doc.scenario.rules, {k: v.name for k, v in doc.scenario.sides.items()})
        self.set_state_factory(lambda: new_game(doc.scenario, 0))
        doc.changed.connect(lambda _parts: self.invalidate())
        if view is not None:
            view.hex_clicked.connect(self.pick_hex)
        self.set_view(scene, view)

    # ------------------------------------------------------------------ inputs
    def set_state(self, state) -> None:
        """Show ``state`` (call after every action); recomputes only the overlays that are on."""
        self.state = state
        self._stale = False
        self.problem = ""
        if state is not None:
            self.set_rules(state.scenario.rules, {k: v.name for k, v in state.scenario.sides.items()})
            self.problem = self.unavailable
        if self.unit is not None and (state is None or self.unit not in state.units):
            self.unit = None
        self.refresh()

    def set_state_factory(self, factory: Callable[[], object]) -> None:
        self._factory = factory
        self.invalidate(now=True)

    def invalidate(self, now: bool = False) -> None:
        """The document changed: rebuild the game after a pause in the edits (when an overlay is on)."""
        self._stale = True
        if now:
            self._timer.stop()
            if self.enabled_overlays():
                self._rebuild()
        else:
            self._timer.start()

    def _rebuild(self) -> None:
        if self._factory is None or not self._stale or not self.enabled_overlays():
            return
        try:
            state = self._factory()
        except Exception as exc:  # noqa: BLE001 - an unfinished scenario: say why, draw nothing
            from ..errors import report_unexpected
            from ..scenario import ScenarioError

            self.state = None
            self._stale = False
            self.problem = ("The scenario cannot be traced yet: " + "; ".join(str(p) for p in exc.problems[:3])
                            if isinstance(exc, ScenarioError) else f"The scenario cannot be traced yet: {report_unexpected(exc)}")
            self.refresh()
            return
        self.set_state(state)

    def set_unit(self, unit: str | None) -> None:
        """The unit whose own lines the overlays draw (None: none)."""
        if unit == self.unit:
            return
        self.unit = unit
        self.dest = None
        self.refresh()

    def pick_hex(self, hex_id: str) -> None:
        """Choose the top unit at ``hex_id`` (the editor's click), or none."""
        units = self.state.units_at(hex_id) if self.state is not None and hex_id else []
        self.set_unit(units[-1] if units else None)

    def hover_hex(self, hex_id: str) -> None:
        """The rail route follows the pointer over the selected unit's rail reach."""
        if "rail" not in self.actions or not self.actions["rail"].isChecked() or self.unit is None or self.state is None or hex_id == self.dest:
            return
        reach = self.data.get("rail")
        if reach is None or hex_id not in reach.marks.get("rail_reach", {}):
            return
        self.dest = hex_id
        self._draw("rail")
        self._show_legend()

    def set_side(self, side: str) -> None:
        if side not in self._side_actions:
            raise KeyError(f"unknown side {side!r} (known: {', '.join(self._side_actions)})")
        i = self.side_box.findData(side)
        if self.side_box.currentIndex() != i:
            self.side_box.setCurrentIndex(i)
        self._side_actions[side].setChecked(True)
        self.refresh()

    @property
    def side_choice(self) -> str:
        return self.side_box.currentData()

    def side(self) -> str:
        choice = self.side_choice
        if choice != AUTO:
            return choice
        side = self.side_of() if self.side_of is not None else None
        if side in self.sides:
            return side
        if self.state is not None and self.state.phase.side in self.sides:
            return self.state.phase.side
        return next(iter(self.sides), "")

    def enabled_overlays(self) -> list[str]:
        return [n for n, a in self.actions.items() if a.isChecked()]

    def set_enabled(self, name: str, on: bool = True) -> None:
        self.actions[name].setChecked(on)

    # ------------------------------------------------------------------ output
    def _toggled(self, name: str, on: bool) -> None:
        if on and self.dock is not None and not self.dock.isVisible():
            self.dock.show()
            self.dock.raise_()
        if on and self._stale:
            self._rebuild()
        self.refresh()

    def refresh(self) -> None:
        """Redraw the overlays that are on, clear the others."""
        self.data = {}
        if self.scene is None:
            return
        for name in self.actions:
            if name not in self.enabled_overlays() or self.state is None or self.problem:
                clear_overlay(self.scene, name)
        if self.state is not None and not self.problem:
            for name in self.enabled_overlays():
                self._draw(name)

        self._show_legend()
        self.refreshed.emit()

    def _draw(self, name: str) -> None:
        data = self.trace.overlay(self.state, name, self.side(), self._unit_for(name), self.dest if name == "rail" else None)
        self.data[name] = data
        draw_overlay(self.scene, data)

    def _unit_for(self, name: str) -> str | None:
        if self.unit is None or self.state.units[self.unit].hex is None:
            return None
        return self.unit

    def _show_legend(self) -> None:
        if self.problem or self.unavailable:
            self.status.setText(self.problem or self.unavailable)
        elif self.state is None:
            self.status.setText("No game to trace")
        else:
            who = f" · unit {self.unit}" if self.unit else " · select a unit to see its lines"
            self.status.setText(f"{self.sides.get(self.side(), self.side())} side{who}")
        self.legend.show_overlays([self.data[n] for n in self.enabled_overlays() if n in self.data], self.trace, self.words)

    def _hex_chosen(self, hex_id: str) -> None:
        if self.view is not None:
            self.view.center_on_hex(hex_id)
        if self.scene is not None:
            self.scene.set_selected_hex(hex_id)
        self.hex_chosen.emit(hex_id)


# ----------------------------------------------------------------------------- headless pictures


def state_counters(state, side: str | None = None) -> dict[str, list]:
    """The counters of a game as ``side`` sees them (location -> stack, top first)."""
    from .counters import MARKERS, sides_printing_attack_and_defense, unit_counter_view

    units = {u.id: u for u in state.scenario.units}
    sides = sides_printing_attack_and_defense(state.scenario)
    obs = state.observation(side or state.phase.side or next(iter(state.scenario.sides)))
    out: dict[str, list] = {}
    for uid, view in obs["units"].items():
        where = view.get("hex") or view.get("box")
        if where is None:
            continue
        flags = view.get("flags", ())
        hq_active = ("inactive" not in flags) if state.board.is_hq(uid) else None
        cv = unit_counter_view(state.scenario, units[uid], step=view.get("step", 0), untried="untried" in view,
                               hq_active=hq_active, markers=tuple(f for f in flags if f in MARKERS), attack_defense_sides=sides)
        out.setdefault(where, []).insert(0, cv)
    return out


def _application():
    from PySide6.QtWidgets import QApplication

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    return QApplication.instance() or QApplication([])


def render_png(state, out: str | Path, side: str, overlays: list[str], unit: str | None = None, dest: str | None = None,
               width: int = 1800, crop: bool = False, max_findings: int = 14) -> list:
    """Draw the map of ``state`` with ``overlays`` for ``side`` into the PNG ``out``, with a
    legend and the findings under it; returns the overlay data drawn.  ``crop``: only the part
    of the map the overlays mark (with a margin)."""
    out = Path(out)
    if not out.parent.is_dir():
        raise OSError(f"{out}: the folder {out.parent} does not exist")
    _application()
    from .scene import MapScene

    trace = _trace(state.scenario.rules)
    scene = MapScene(state.scenario)
    scene.set_counters({loc: s for loc, s in state_counters(state, side).items() if loc in scene.game_map})
    drawn = []
    for name in overlays:
        data = trace.overlay(state, name, side, unit, dest if name == "rail" else None)
        draw_overlay(scene, data)
        drawn.append(data)
    source = QRectF(scene.map_rect)
    if crop:
        rect = QRectF()
        for name in scene.overlay_names:
            if name.startswith(PREFIX):
                rect = rect.united(scene.overlay(name).sceneBoundingRect())
        if not rect.isEmpty():
            m = S.HEX_SIZE * 2.5
            source = rect.adjusted(-m, -m, m, m).intersected(scene.map_rect.adjusted(-m, -m, m, m))
    scene.set_view_scale(width / source.width())
    map_h = round(width * source.height() / source.width())
    lines = _legend_lines(drawn, unit, side, max_findings)
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(13, width // 110))
    row = round(font.pixelSize() * 2.0)
    legend_h = row * len(lines) + row
    image = QImage(width, map_h + legend_h, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("#ffffff"))
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    scene.render(p, QRectF(0, 0, width, map_h), source)
    p.setPen(QPen(QColor("#333333"), 2))
    p.drawLine(QPointF(0, map_h), QPointF(width, map_h))
    y = map_h + row * 0.5
    bold = QFont(font)
    bold.setBold(True)
    for kind, role, text in lines:
        x = 12.0
        if kind == "swatch":
            paint_swatch(p, QRectF(x + 8, y, row * 0.95, row * 0.95), role)
            x += row * 1.4
        p.setFont(bold if kind == "title" else font)
        p.setPen(QColor("#000000"))
        left = x + (16 if kind == "finding" else 0)
        text = QFontMetrics(p.font()).elidedText(text, Qt.TextElideMode.ElideRight, int(width - left - 24))
        p.drawText(QRectF(left, y, width - left - 24, row), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, text)
        y += row
    p.end()
    if not image.save(str(out)):
        raise OSError(f"{out}: the picture could not be written")
    scene.deleteLater()
    return drawn


def _legend_lines(drawn: list, unit: str | None, side: str, max_findings: int) -> list[tuple[str, str | None, str]]:
    lines: list[tuple[str, str | None, str]] = []
    for data in drawn:
        who = f", unit {unit}" if unit else ""
        lines.append(("title", None, f"{data.title} ({side}{who}): {data.summary}"))
        for role, meaning in data.legend:
            lines.append(("swatch", role, meaning))
        items = list(data.items)
        if data.name == "supply":  # the units out of supply are marked on the map; Why not lists them
            items = [it for it in items if unit is not None and it["unit"] == unit]
        for it in items[:max_findings]:
            lines.append(("finding", None, it["text"].strip()))
        if len(items) > max_findings:
            lines.append(("finding", None, f"… and {len(items) - max_findings} more (kharkov-cli trace lists them all)"))
    return lines


__all__ = ["ROLE_STYLES", "TraceLegend", "TraceOverlays", "draw_overlay", "paint_swatch", "render_png", "role_style", "state_counters", "swatch_icon"]

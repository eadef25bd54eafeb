"""The editor's Help menu: a short guide to building a scenario, the keyboard shortcuts (read from
the window's own actions, so the list cannot drift from what the keys do) and About."""
from __future__ import annotations

import html
from importlib import metadata

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QMainWindow, QMenu, QTextBrowser, QVBoxLayout, QWidget

GUIDE_HTML = """
<h2>How to edit a scenario</h2>
<p>A scenario is one YAML file: the map, the order of battle, the set-up, the schedules and the
tables a rule system reads. Everything you change here is one step in <b>History</b>;
<b>Undo</b> takes it back exactly.</p>
<ol>
<li><b>Start.</b> <i>File ▸ New scenario</i> asks for the rule system and the hex grid (size,
orientation, how hex ids count). Leave <i>Copy sides, terrain…</i> ticked to begin with the
rule system's terrain, sides and combat tables. Kharkov 1943 and Kirovograd start from a copy of
their shipped scenario instead (their charts name its units and places). Or open a scenario and
change it.</li>
<li><b>Paint the map.</b> Pick a tool on the tool bar; its settings appear in <b>Tool
Options</b> on the left. <i>Terrain</i> paints hexes (drag for a stroke, or fill a region).
<i>Hexside</i> puts rivers and other hexside features on the edge nearest the pointer: drag
along the river and every hexside passed gets it. <i>Road</i> and <i>Railroad</i> join
neighbouring hexes one click (or drag) after another; Escape ends a line.</li>
<li><b>Name places.</b> <i>City</i> founds a city in a hex and adds or removes its hexes;
<i>Place</i> names a village or station. <i>Line</i> draws the front or a sector boundary on
hex corners (Enter finishes, Backspace takes back a point). <i>Area</i> paints set-up zones,
entry edges and off-map boxes.</li>
<li><b>Build the order of battle.</b> In <b>Order of Battle</b>: sides first, then unit types
(values, movement class, steps), then units. <i>Add unit</i> offers to make a unit type when
there is none yet. The type and side cells are drop-down lists of what the scenario has.</li>
<li><b>Set up.</b> Choose the <i>Units</i> tool and drag units from the table onto the map
(several rows at once make a stack); drag a counter to move it; Delete takes the top counter
off. Choosing a unit shows where its set-up zones allow it.</li>
<li><b>Schedules and victory.</b> <b>Tables</b> holds the turn record, the reinforcements, the
victory levels and awards, the terrain effects and the combat results table. <i>Reset to
defaults</i> copies a table from the rule system's shipped scenario; on the Victory tab it puts
back the levels and awards the rule system itself scores by.</li>
<li><b>The rule system's charts.</b> Kharkov 1943 and Kirovograd have a <b>charts</b> tab in
<b>Tables</b>: their CRTs, terrain charts, weather, air, postures or orders, options matrix, ZOC
chart, variable reinforcements and turn record, one table each. Lists of fixed values are
drop-down lists; a value the rules do not allow is refused, and the status bar says which row,
which column and which rule case. Their unit types have the system's counter values as extra
columns (operation points, stacking, armour and anti-tank values; barrage, range, air factors).</li>
<li><b>Check.</b> <b>Problems</b> runs the same checks as <code>kharkov-cli validate</code>
plus the rule system's set-up rules after every edit; click a problem to go to its hex or
row. A scenario needs turns and units placed on the map before it can be played.</li>
<li><b>Save and play.</b> <i>File ▸ Save</i>, then <i>File ▸ Play this scenario</i> starts the
player on it.</li>
</ol>
"""


def shortcut_rows(window: QMainWindow) -> list[tuple[str, str, str]]:
    """(menu, command, keys) for every action of ``window`` that has keys, in menu order; actions
    outside the menus (tool bars only) come last under "Other"."""
    rows: list[tuple[str, str, str]] = []
    seen: set[int] = set()

    def walk(menu: QMenu, where: str) -> None:
        for act in menu.actions():
            if act.menu() is not None:
                walk(act.menu(), f"{where} ▸ {plain(act.text())}")
            elif not act.isSeparator():
                add(act, where)

    def add(act: QAction, where: str) -> None:
        if id(act) in seen or not act.shortcuts():
            return
        seen.add(id(act))
        keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in act.shortcuts())
        rows.append((where, plain(act.text()), keys))

    for top in window.menuBar().actions():
        if top.menu() is not None:
            walk(top.menu(), plain(top.text()))
    for act in window.findChildren(QAction):
        add(act, "Other")
    return rows


def plain(text: str) -> str:
    """A menu text without its mnemonic marks and trailing dots."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…").rstrip(".")


def shortcuts_html(window: QMainWindow) -> str:
    cells = "".join(
        f"<tr><td>{html.escape(menu)}</td><td>{html.escape(command)}</td><td><b>{html.escape(keys)}</b></td></tr>"
        for menu, command, keys in shortcut_rows(window)
    )
    return (
        "<h2>Keyboard shortcuts</h2>"
        "<table cellspacing='0' cellpadding='4' border='1'><tr><th>menu</th><th>command</th><th>keys</th></tr>"
        f"{cells}</table>"
        "<p>On the map, with a painting tool: Escape drops what is being drawn, Enter finishes a line, "
        "Backspace takes back its last point; with the Units tool, Delete takes the top counter off the hex "
        "under the pointer.</p>"
    )


def about_text() -> str:
    try:
        version = metadata.version("kharkovsuite")
    except metadata.PackageNotFoundError:
        version = "(not installed)"
    return (
        f"<p><b>Kharkov Suite Editor</b> {html.escape(version)}</p>"
        "<p>Builds and changes scenarios for the suite's hex-and-counter games of the Eastern Front: "
        "maps, orders of battle, set-ups, schedules and the tables a rule system reads.</p>"
        "<p>Every edit is one undoable step; the Problems dock checks the scenario as you go (a file just opened shows the map first, and Problems says <i>checking</i> until its first check is done).</p>"
    )


class HelpDialog(QDialog):
    """A page of help in a browser, left open beside the editor while one works."""

    def __init__(self, title: str, body: str, name: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName(name)
        self.setWindowTitle(title)
        self.resize(640, 560)
        self.browser = QTextBrowser()
        self.browser.setObjectName(f"{name}-text")
        self.browser.setOpenExternalLinks(True)
        self.browser.setHtml(body)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)

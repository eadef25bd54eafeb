"""Help for players: how to play, the rules, the keyboard shortcuts, about.

The rules come from the project's reference (docs/rules/<system>.md) without its Code and Tests
columns, which are for the project's engineers; the shortcut list is read from the window's own
QActions, so it never drifts from what the keys do.
"""
from __future__ import annotations

import html
import re
from pathlib import Path

from PySide6.QtGui import QAction, QKeySequence, QShortcut, QTextCursor, QTextDocument
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QLineEdit, QPushButton, QTabWidget, QTextBrowser, QVBoxLayout, QWidget

from kharkovsuite.resources import data_root

ROOT = data_root()  # the checkout, or the installed share folder (docs/rules, docs/player)
DOCS = ROOT / "docs" / "rules"
HOW_TO_PLAY = ROOT / "docs" / "player" / "how-to-play.md"
ENGINEERS_ONLY = ("Code", "Tests")  # columns of the rules reference that players do not need
_CELL = re.compile(r"(?<!\\)\|")

#: keys the map handles itself (they are not QActions of the window)
MAP_KEYS = (
    ("Shift+arrows", "Move the hex cursor"),
    ("Enter", "Click the hex under the cursor (select, move, attack)"),
    ("Arrows", "Pan the map"),
    ("+ / -", "Zoom in / out (map focused)"),
    ("0 or F", "Fit (map focused)"),
    ("D", "Pick up the stack under the cursor; D or Enter drops it"),
    ("Space held", "Drag to pan with the left button"),
)


def rules_path(system: str) -> Path:
    """The rules reference of a rule system: docs/rules/<id>.md, a year at the end of the id set apart by a dash."""
    return DOCS / (re.sub(r"(?<=[a-z])(?=\d{4}$)", "-", system) + ".md")


def player_rules(markdown: str) -> str:
    """The rules reference for players: every table without its Code and Tests columns, and no
    note addressed to the project's engineers."""
    out: list[str] = []
    drop: list[int] = []
    skipping_note = False
    for line in markdown.splitlines():
        if line.startswith("- **Engineers**"):
            skipping_note = True
            continue
        if skipping_note:
            if line.startswith("  "):
                continue
            skipping_note = False
        if line.startswith("|"):
            cells = _CELL.split(line.strip())[1:-1]
            if cells and all(set(c.strip()) <= set("-: ") for c in cells):  # the header's rule
                pass
            elif any(c.strip() in ENGINEERS_ONLY for c in cells):  # a header row
                drop = [i for i, c in enumerate(cells) if c.strip() in ENGINEERS_ONLY]
            kept = [c for i, c in enumerate(cells) if i not in drop]
            out.append("|" + "|".join(kept) + "|")
            continue
        drop = []
        out.append(line)
    return "\n".join(out) + "\n"


def shortcut_rows(window) -> list[tuple[str, str, str]]:
    """(keys, action, what it does) for every QAction of ``window`` with a shortcut, by name."""
    rows = {}
    for action in window.findChildren(QAction):
        keys = [k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts() if not k.isEmpty()]
        if not keys:
            continue
        name = action.text().replace("&", "")
        tip = action.toolTip().replace("&", "")
        rows[name] = (" or ".join(keys), name, "" if tip == name else tip)
    return sorted(rows.values(), key=lambda r: r[1].lower())


def shortcuts_html(window) -> str:
    rows = "".join(f"<tr><td><b>{html.escape(k)}</b></td><td>{html.escape(n)}</td><td>{html.escape(t)}</td></tr>" for k, n, t in shortcut_rows(window))
    keys = "".join(f"<tr><td><b>{html.escape(k)}</b></td><td>{html.escape(t)}</td></tr>" for k, t in MAP_KEYS)
    return (f"<h2>Keyboard shortcuts</h2><table cellpadding=3>{rows}</table>"
            f"<h3>On the map</h3><table cellpadding=3>{keys}</table>"
            "<p>Tab moves between the docks' buttons; Space presses the focused one.</p>")


def about_html(scenario) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        release = version("kharkovsuite")
    except PackageNotFoundError:
        release = "(not installed)"
    return (f"<h2>Kharkov Suite {html.escape(release)}</h2>"
            "<p>Hex-and-counter wargames of the Eastern Front at the computer: play against another person at "
            "the same screen or against the computer, with every rule explained by its case number.</p>"
            f"<p>Now playing: <b>{html.escape(scenario.title)}</b> (rule system <code>{html.escape(scenario.rules)}</code>). "
            f"{_credit(scenario.rules)}</p>")


def _credit(rules_id: str) -> str:
    """Whose game the rules follow, from the rule system's player kit ("" when it has none yet)."""
    from kharkovsuite.rules import RuleSystemUnavailable

    from .systems import kit_for

    try:
        kit = kit_for(rules_id)
    except RuleSystemUnavailable as exc:
        return f"It cannot be played at the window yet: {html.escape(str(exc))}."
    return f"The game follows {kit.credit}."


class HelpBrowser(QDialog):
    """Help in tabs: How to play, Rules (searchable; :meth:`show_case` jumps to a case), Keyboard shortcuts, About."""

    PAGES = ("how_to_play", "rules", "shortcuts", "about")

    def __init__(self, path: Path, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Help — Kharkov Suite")
        self.resize(1000, 760)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("help_tabs")
        self.guide = self._page("how_to_play")
        self.guide.document().setMarkdown(HOW_TO_PLAY.read_text(encoding="utf-8") if HOW_TO_PLAY.exists() else f"# How to play\n\n{HOW_TO_PLAY} is missing.")
        self.browser = self._page("rules")
        text = path.read_text(encoding="utf-8") if path.exists() else f"# No rules reference\n\n{path} is missing."
        self.browser.document().setMarkdown(player_rules(text))
        self.shortcuts = self._page("shortcuts")
        self.about = self._page("about")
        if parent is not None:
            self.shortcuts.setHtml(shortcuts_html(parent))
            scenario = getattr(parent, "scenario", None)
            if scenario is not None:
                self.about.setHtml(about_html(scenario))
        rules = QWidget(self)
        self.search = QLineEdit(self, placeholderText="Search the rules (Enter: next match)")
        self.search.returnPressed.connect(self.find_next)
        self.case_edit = QLineEdit(self, placeholderText="Case, e.g. 6.25")
        self.case_edit.setMaximumWidth(140)
        self.case_edit.returnPressed.connect(lambda: self.show_case(self.case_edit.text().strip()))
        self.status = QLabel(self)
        row = QHBoxLayout()
        row.addWidget(self.search, 3)
        row.addWidget(QPushButton("Find", self, clicked=self.find_next))
        row.addWidget(self.case_edit, 1)
        row.addWidget(QPushButton("Go to case", self, clicked=lambda: self.show_case(self.case_edit.text().strip())))
        box = QVBoxLayout(rules)
        box.setContentsMargins(0, 4, 0, 0)
        box.addLayout(row)
        box.addWidget(self.browser)
        box.addWidget(self.status)
        self.tabs.addTab(self.guide, "How to play")
        self.tabs.addTab(rules, "Rules")
        self.tabs.addTab(self.shortcuts, "Keyboard shortcuts")
        self.tabs.addTab(self.about, "About")
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        QShortcut(QKeySequence.StandardKey.Find, self, activated=lambda: (self.show_page("rules"), self.search.setFocus()))

    def _page(self, name: str) -> QTextBrowser:
        page = QTextBrowser(self)
        page.setObjectName(f"help_{name}")
        page.setOpenExternalLinks(True)
        return page

    def show_page(self, name: str) -> None:
        self.tabs.setCurrentIndex(self.PAGES.index(name))
        page = {"how_to_play": self.guide, "shortcuts": self.shortcuts, "about": self.about}.get(name)
        if page is not None:
            page.moveCursor(QTextCursor.MoveOperation.Start)  # from the top, where its title is

    def find_next(self) -> bool:
        text = self.search.text()
        if not text:
            return False
        found = self.browser.find(text)
        if not found:  # wrap around
            self.browser.moveCursor(QTextCursor.MoveOperation.Start)
            found = self.browser.find(text)
        self.status.setText("" if found else f"“{text}” not found")
        return found

    def show_case(self, case: str) -> bool:
        """Show the Rules at the row of ``case`` (its number alone in the first table cell)."""
        self.show_page("rules")
        case = case.removeprefix("case-").strip()
        doc: QTextDocument = self.browser.document()
        block = doc.begin()
        while block.isValid():
            if block.text().strip() == case:
                cursor = QTextCursor(block)
                cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
                self.browser.setTextCursor(cursor)
                self.browser.ensureCursorVisible()
                self.status.setText(f"Case {case}")
                return True
            block = block.next()
        # Cases cited with a letter suffix or inside text: fall back to plain search.
        self.browser.moveCursor(QTextCursor.MoveOperation.Start)
        found = self.browser.find(case)
        self.status.setText(f"Case {case}" if found else f"Case {case} not found in the reference")
        return found

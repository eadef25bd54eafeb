"""Help: the rules reference (docs/rules/<system>.md) in a searchable browser that jumps to a case."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QKeySequence, QShortcut, QTextCursor, QTextDocument
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QLineEdit, QPushButton, QTextBrowser, QVBoxLayout

DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules"


def rules_path(system: str) -> Path:
    return DOCS / f"{system.replace('kharkov1942', 'kharkov-1942')}.md"


class HelpBrowser(QDialog):
    """The rules reference rendered from markdown; :meth:`show_case` jumps to a case's row."""

    def __init__(self, path: Path, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Rules reference — Kharkov Suite")
        self.resize(1000, 760)
        self.browser = QTextBrowser(self)
        self.browser.setOpenExternalLinks(True)
        text = path.read_text(encoding="utf-8") if path.exists() else f"# No rules reference\n\n{path} is missing."
        self.browser.document().setMarkdown(text)
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
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.browser)
        layout.addWidget(self.status)
        QShortcut(QKeySequence.StandardKey.Find, self, activated=self.search.setFocus)

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
        """Scroll to the row of ``case`` (its number alone in the first table cell)."""
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

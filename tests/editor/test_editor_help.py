"""The Help menu: the guide, the keyboard shortcuts read from the window's actions, About."""
from importlib import metadata
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QMenu, QTextBrowser

from editor.document import Document
from editor.help import shortcut_rows

SMALL = Path(__file__).resolve().parent.parent / "data" / "small.yaml"


@pytest.fixture
def window(make_window, small, qtbot):
    w = make_window(Document(small, SMALL))
    with qtbot.waitActive(w):
        w.show()
        w.activateWindow()
    return w


def help_menu(window) -> QMenu:
    menus = [a.menu() for a in window.menuBar().actions() if a.menu() is not None]
    return next(m for m in menus if m.title().replace("&", "") == "Help")


def help_item(window, text: str) -> QAction:
    return next(a for a in help_menu(window).actions() if a.text().replace("&", "").startswith(text))


def page_text(window, name: str) -> str:
    dialog = window.findChild(QDialog, name)
    assert dialog is not None and dialog.isVisible(), f"{name} is not shown"
    return dialog.findChild(QTextBrowser).toPlainText()


def test_help_menu_is_last_on_the_menu_bar_with_guide_shortcuts_and_about(window):
    titles = [a.text().replace("&", "") for a in window.menuBar().actions()]
    assert titles[-1] == "Help"
    items = [a.text().replace("&", "") for a in help_menu(window).actions() if not a.isSeparator()]
    assert items == ["How to edit a scenario", "Keyboard shortcuts", "About Kharkov Suite Editor"]


def test_f1_opens_the_guide_to_editing_a_scenario(window, qtbot):
    qtbot.keyClick(window, Qt.Key.Key_F1)
    text = page_text(window, "help-guide")
    assert "How to edit a scenario" in text
    for step in ("New scenario", "Hexside", "Order of Battle", "Units tool", "Problems", "Undo"):
        assert step in text


def test_shortcuts_page_lists_the_keys_of_the_actions_as_they_are(window):
    help_item(window, "Keyboard shortcuts").trigger()
    text = page_text(window, "help-shortcuts")
    rows = {(menu, command): keys for menu, command, keys in shortcut_rows(window)}
    assert "Ctrl+Shift+Z" in rows[("Edit", "Redo")] and "Ctrl+Y" in rows[("Edit", "Redo")]
    assert rows[("Tools", "Terrain")] == "T"
    assert rows[("File", "Save")] == QKeySequence(QKeySequence.StandardKey.Save).toString(QKeySequence.SequenceFormat.NativeText)
    assert "Redo" in text and "Ctrl+Shift+Z" in text
    # every action that has keys is listed, once
    keyed = [a for a in window.findChildren(QAction) if a.shortcuts()]
    assert len(rows) == len(shortcut_rows(window)) == len(keyed)
    # read from the actions: a changed key shows the next time the page opens
    window.act_fit.setShortcut(QKeySequence("Ctrl+9"))
    help_item(window, "Keyboard shortcuts").trigger()
    assert "Ctrl+9" in page_text(window, "help-shortcuts")
    assert dict(((m, c), k) for m, c, k in shortcut_rows(window))[("View", "Fit map")] == "Ctrl+9"
    # an action on a tool bar only is listed too
    extra = QAction("Centre on Kharkov", window, shortcut=QKeySequence("Ctrl+K"))
    window.tool_bar.addAction(extra)
    assert ("Other", "Centre on Kharkov", "Ctrl+K") in shortcut_rows(window)


def test_about_names_the_editor_and_its_version(window, no_dialogs):
    help_item(window, "About").trigger()
    (text, _info), = no_dialogs
    assert "Kharkov Suite Editor" in text and metadata.version("kharkovsuite") in text

"""Fixtures of the editor tests: documents and main windows that never block on a dialog."""
from pathlib import Path

import pytest

from kharkovsuite.scenario import load_scenario

DATA = Path(__file__).resolve().parent.parent / "data"
SMALL = DATA / "small.yaml"


@pytest.fixture
def small():
    return load_scenario(SMALL)


@pytest.fixture
def doc(qapp, small):
    from editor.document import Document

    return Document(small, SMALL)


@pytest.fixture
def no_dialogs(monkeypatch):
    """Message boxes record their text instead of waiting for a click."""
    shown = []
    import editor.window as W

    monkeypatch.setattr(W, "_exec_box", lambda box: shown.append((box.text(), box.informativeText())))
    return shown


@pytest.fixture
def make_window(qtbot, no_dialogs):
    from editor.window import MainWindow

    def make(doc=None):
        window = MainWindow(doc)
        window.ask_save = lambda why: "discard"
        qtbot.addWidget(window)
        return window

    return make

"""Closing a game with moves not saved asks first: save it, close without saving, or go back to it."""
from pathlib import Path

from PySide6.QtWidgets import QFileDialog

from player.app import PlayerWindow

from .clicks import answer_next_box, click_button
from tests.startwait import wait_started

ROOT = Path(__file__).resolve().parents[2]


def played_window(qtbot) -> PlayerWindow:
    """A window as the program opens it for a person (interactive), after one action taken by a click."""
    w = PlayerWindow(ROOT / "scenarios" / "kharkov-1943-gallop.yaml", seed=5, handover=False, autosave=None, interactive=True)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    wait_started(qtbot, w)
    assert not w.controller.unsaved()
    hq = next(a.hq for a in w.controller.legal() if a.kind == "Activate" and a.hq)
    click_button(qtbot, w, f"Activate:{hq}")
    assert w.controller.unsaved()
    return w


def test_closing_a_game_with_moves_not_saved_asks_and_cancel_goes_back_to_it(qtbot):
    w = played_window(qtbot)
    seen = answer_next_box(qtbot, "unsaved_cancel")
    assert not w.close()
    assert seen and "not saved" in seen[0] and w.isVisible()
    answer_next_box(qtbot, "unsaved_discard")
    assert w.close()


def test_save_in_the_question_saves_the_game_then_closes(qtbot, tmp_path, monkeypatch):
    w = played_window(qtbot)
    target = tmp_path / "kept.ksave"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(target), "")))
    answer_next_box(qtbot, "unsaved_save")
    assert w.close()
    assert target.exists() and not w.controller.unsaved()

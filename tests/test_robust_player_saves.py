"""The player refuses a bad save with a plain reason (not "internal error"), and its autosave
at a phase change leaves the previous phase's save beside the current one."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from kharkovsuite import engine
from kharkovsuite.engine import EndPhase

DATA = Path(__file__).parent / "data"
SMALL = DATA / "small.yaml"


@pytest.fixture
def window(qtbot):
    from player.app import PlayerWindow

    w = PlayerWindow(SMALL, seed=1, handover=False, autosave=None, interactive=False)
    qtbot.addWidget(w)
    return w


def _open_and_read_the_message(window, path) -> tuple[bool, str]:
    """Open ``path`` in the window; return the result and the text of the message box it shows."""
    seen: list[str] = []

    def read_box():
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox):
            seen.append(f"{box.text()}\n{box.informativeText()}")
            box.close()
        else:
            QTimer.singleShot(20, read_box)

    QTimer.singleShot(0, read_box)
    ok = window.open_game(path)
    return ok, "\n".join(seen)


def _saved(tmp_path) -> dict:
    state = engine.new_game(SMALL, 4)
    state.apply(EndPhase())
    path = tmp_path / "good.ksave"
    engine.save(state, path)
    return json.loads(path.read_text(encoding="utf-8"))


def test_a_truncated_save_is_refused_with_a_plain_message(window, tmp_path):
    path = tmp_path / "cut.ksave"
    text = json.dumps(_saved(tmp_path))
    path.write_text(text[: len(text) // 3], encoding="utf-8")
    before = window.controller.state.to_dict()
    ok, message = _open_and_read_the_message(window, path)
    assert not ok
    assert "cut.ksave cannot be opened" in message and "cut short" in message
    assert "internal error" not in message and "report" not in message
    assert window.controller.state.to_dict() == before


def test_a_save_of_an_impossible_position_is_refused_with_its_reason(window, tmp_path):
    from kharkovsuite.engine.saves import snapshot_checksum

    data = _saved(tmp_path)
    data["snapshot"]["phase_index"] = -3
    data["snapshot_sha256"] = snapshot_checksum(data["snapshot"])
    path = tmp_path / "impossible.ksave"
    path.write_text(json.dumps(data), encoding="utf-8")
    ok, message = _open_and_read_the_message(window, path)
    assert not ok
    assert "phase index -3" in message and "internal error" not in message


def test_the_autosave_keeps_the_previous_phase_and_no_temporary_file(qtbot, tmp_path):
    from player.app import PlayerWindow

    w = PlayerWindow(SMALL, seed=2, handover=False, autosave=tmp_path, interactive=False)
    qtbot.addWidget(w)
    w.end_phase(confirm=False)
    first = w.controller.state.to_dict()
    w.end_phase(confirm=False)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["autosave-previous-phase.ksave", "autosave.ksave"]
    assert engine.load(tmp_path / "autosave.ksave").to_dict() == w.controller.state.to_dict()
    assert engine.load(tmp_path / "autosave-previous-phase.ksave").to_dict() == first
    assert w.controller.path is None  # an autosave is not where "Save" writes


def test_starting_the_player_on_a_bad_save_says_why_plainly(qtbot, tmp_path, capsys):
    from player.app import open_window

    path = tmp_path / "array.ksave"
    path.write_text("[1, 2, 3]", encoding="utf-8")
    assert open_window(SMALL, load=str(path), screenshot=str(tmp_path / "box.png")) is None
    err = capsys.readouterr().err
    assert f"{path}: not a save (the file holds a JSON list, not an object)" in err
    assert "internal error" not in err

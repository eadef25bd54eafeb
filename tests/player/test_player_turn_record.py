"""The turn record of the Unit and game panel stays readable however many turns a scenario has."""
from pathlib import Path

import pytest
from PySide6.QtGui import QTextTable

from player.app import PlayerWindow
from tests.startwait import wait_started

ROOT = Path(__file__).resolve().parents[2]


def turn_record(panel) -> QTextTable:
    doc = panel.document()
    frames = [doc.rootFrame()]
    while frames:
        frame = frames.pop()
        if isinstance(frame, QTextTable):
            return frame
        frames.extend(frame.childFrames())
    raise AssertionError("the panel shows no turn record")


@pytest.mark.parametrize("scenario, turns", [("kirovograd-historical", 24), ("kirovograd-endgame", 16)])
def test_each_turn_of_a_long_record_reads_as_its_number_over_its_day_in_even_rows(qtbot, scenario, turns):
    """Twenty-four turns in one row left each cell so narrow that its digits stood one under another; sixteen in
    rows of twelve left a second row of four and eight empty boxes."""
    w = PlayerWindow(ROOT / "scenarios" / f"{scenario}.yaml", seed=1, handover=False, autosave=None, interactive=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    wait_started(qtbot, w)
    table = turn_record(w.status_panel)
    cells = [table.cellAt(r, c) for r in range(table.rows()) for c in range(table.columns())]
    assert len(w.controller.state.scenario.turns) == turns
    assert table.rows() == 2 and len(cells) == turns, f"{table.rows()} rows of {table.columns()} cells for {turns} turns"
    for cell in cells:
        block = cell.firstCursorPosition().block()
        assert block.layout().lineCount() == 2, f"turn record cell {block.text()!r} wraps over {block.layout().lineCount()} lines"

"""The turn record of the Unit and game panel stays readable however many turns a scenario has."""
from pathlib import Path

from PySide6.QtGui import QTextTable

from player.app import PlayerWindow

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


def test_each_turn_of_kirovograd_s_twenty_four_reads_as_its_number_over_its_day(qtbot):
    """Twenty-four turns in one row left each cell so narrow that its digits stood one under another."""
    w = PlayerWindow(ROOT / "scenarios" / "kirovograd-historical.yaml", seed=1, handover=False, autosave=None, interactive=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    table = turn_record(w.status_panel)
    cells = [table.cellAt(r, c) for r in range(table.rows()) for c in range(table.columns())]
    assert len(cells) >= len(w.controller.state.scenario.turns) == 24
    for cell in cells:
        block = cell.firstCursorPosition().block()
        if block.text():
            assert block.layout().lineCount() == 2, f"turn record cell {block.text()!r} wraps over {block.layout().lineCount()} lines"

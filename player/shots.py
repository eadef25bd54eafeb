"""Render the documentation screenshots of the player: ``python -m player.shots [OUTDIR]``.

docs/images/player-opening.png (the opening position), player-move.png (a stack selected
with its reachable hexes and their costs), player-combat.png (a resolved attack in the combat
panel).  Seed 1 on the default scenario, so the pictures are the same every time.
"""
from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from .app import DEFAULT_SCENARIO, PlayerWindow


def _settle(app) -> None:
    for _ in range(5):
        app.processEvents()


def _window(app) -> PlayerWindow:
    w = PlayerWindow(DEFAULT_SCENARIO, seed=1, handover=False, autosave=None)
    w.resize(1600, 980)
    w.show()
    _settle(app)
    return w


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[0]) if argv else Path(__file__).resolve().parent.parent / "docs" / "images"
    app = QApplication.instance() or QApplication(sys.argv[:1])
    w = _window(app)
    w.grab().save(str(out / "player-opening.png"))
    w.end_phase()
    w.click_hex("1916")
    w.view.set_zoom(w.view.min_zoom * 4.5)
    w.view.center_on_hex("1916")
    _settle(app)
    w.grab().save(str(out / "player-move.png"))
    w.close()
    w = _window(app)
    for _ in range(2):
        w.end_phase()
    state = w.controller.state
    w.click_hex(state.units["su-gd-1"].hex)
    w.click_hex("0215")
    next(b for b in w.actions_panel.buttons if b.text() == "Commit an Air Point").click()
    w.view.set_zoom(w.view.min_zoom * 4.5)
    w.view.center_on_hex("0418")
    w.combat_dock.raise_()
    w.resizeDocks([w.actions_dock, w.combat_dock, w.status_dock], [170, 600, 110], Qt.Orientation.Vertical)
    w.resizeDocks([w.combat_dock], [400], Qt.Orientation.Horizontal)
    _settle(app)
    w.grab().save(str(out / "player-combat.png"))
    w.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

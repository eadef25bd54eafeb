"""What the screenshot scripts of the rule systems (``*_shots.py``) share."""
from __future__ import annotations

from pathlib import Path


def settle(app) -> None:
    """Let the window lay itself out and paint before a grab."""
    for _ in range(5):
        app.processEvents()


def summary_shot(app, w, path: Path) -> None:
    """Open the game summary of window ``w``, save its picture at ``path``, close it and the window."""
    summary = w.game_summary()
    summary.show()
    settle(app)
    summary.grab().save(str(path))
    summary.close()
    w.close()

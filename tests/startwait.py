"""Waiting for a window's start to finish, shared by the window tests."""
from __future__ import annotations

#: How long a test waits for the work a window leaves for after its first frame
#: (kharkovsuite.view.firstpaint).  A bound on a wait, not a measure of speed: under a full
#: parallel run on a shared two-core machine that work has taken over 40 s.
STARTUP_WAIT_MS = 180_000


def wait_started(qtbot, window, startup=None) -> None:
    """Wait until ``window``'s after-first-frame work (or the given ``startup``) is done."""
    startup = startup if startup is not None else window.startup
    try:
        qtbot.waitUntil(lambda: startup.finished, timeout=STARTUP_WAIT_MS)
    except Exception as error:  # say what the start was waiting for, not only that it timed out
        view = getattr(window, "view", None)
        port = view.viewport() if view is not None else None
        raise AssertionError(
            f"the window's start did not finish: painted={startup.painted}, waiting for {startup.waiting()}, "
            f"window visible={window.isVisible()} size={window.size().toTuple()}, "
            f"viewport visible={port.isVisible() if port else None} size={port.size().toTuple() if port else None}") from error

"""Waiting for a window's start to finish, shared by the window tests."""
from __future__ import annotations

#: How long a test waits for the work a window leaves for after its first frame
#: (kharkovsuite.view.firstpaint).  A bound on a wait, not a measure of speed: under a full
#: parallel run on a shared two-core machine that work has taken over 40 s.
STARTUP_WAIT_MS = 180_000


def wait_started(qtbot, window, startup=None) -> None:
    """Wait until ``window``'s after-first-frame work (or the given ``startup``) is done."""
    startup = startup if startup is not None else window.startup
    qtbot.waitUntil(lambda: startup.finished, timeout=STARTUP_WAIT_MS)

"""Watching a computer side think: on which threads it chose, and what the window showed meanwhile."""
from __future__ import annotations

import threading

from PySide6.QtCore import QTimer


class ThinkingWatch:
    """Wraps the computer player of ``side`` to record the threads of its choices, and samples the
    window every 5 ms: whether the computer was busy, the thinking bar shown, the Actions dock's title."""

    def __init__(self, w, side: str):
        self.w = w
        self.threads: set[int] = set()
        self.ticks: list[int] = []
        self.busy_ticks: list[int] = []
        self.seen_bar: list[bool] = []
        self.titles: set[str] = set()
        original = w.computer.players[side].choose

        def choose(s):
            self.threads.add(threading.get_ident())
            return original(s)

        w.computer.players[side].choose = choose
        self.timer = QTimer(w)
        self.timer.setInterval(5)
        self.timer.timeout.connect(self._tick)
        self.timer.start()

    def _tick(self) -> None:
        self.ticks.append(1)
        if self.w.computer.busy:
            self.busy_ticks.append(1)
            self.seen_bar.append(self.w.thinking_bar.isVisible())
            self.titles.add(self.w.actions_panel.title.text())

    def stop_and_check(self) -> None:
        """Stop sampling; every choice was made off the GUI thread, and events were processed while
        the computer thought, with the indicator shown."""
        self.timer.stop()
        assert self.threads and threading.get_ident() not in self.threads
        assert self.busy_ticks and all(self.seen_bar)

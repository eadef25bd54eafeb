"""Computer sides in the game window: the thinking runs in a worker thread.

Whenever a computer side is to act, :class:`ComputerSeats` hands a clone of the game to the
side's player (from :data:`kharkovsuite.ai.PLAYERS`) in a worker thread; the player returns
one action, and the GUI thread applies it to the real game through the controller, so it
appears on the map and in the log like any other action.  Actions are applied one at a time,
at least ``pace_ms`` apart (the "Faster" control drops the pause); the next action is already
being thought about during the pause.  The pace is quick, so a side-turn takes seconds
(``bench/bench_pace.py`` measures it): the person follows it afterwards, step by step, in the
"Computer's turn" dock (:mod:`.replay`).  The window stays responsive throughout: the
worker never touches the game or a widget.
"""
from __future__ import annotations

import time

from PySide6.QtCore import QObject, QThread, QTimer, Signal, Slot

from kharkovsuite.errors import report_unexpected

from .controller import GameController

PACE_MS = 40  # the map redraws after each action; the replay dock shows the side-turn afterwards
FAST_PACE_MS = 0


class _Worker(QObject):
    """Lives in the worker thread: asks a player for its action on a clone of the game."""

    chosen = Signal(int, object)  # request number, action
    failed = Signal(int, str)

    @Slot(int, object, object)
    def think(self, request: int, player, state) -> None:
        try:
            action = player.choose(state)
        except Exception as exc:  # noqa: BLE001 - reported to the window, never raised in the thread
            self.failed.emit(request, report_unexpected(exc))
            return
        self.chosen.emit(request, action)


class ComputerSeats(QObject):
    """Plays the computer sides of one game; ``seats`` maps a side to a player name (``ai:normal``)."""

    thinking = Signal(str)  # side: a computer side has started thinking
    idle = Signal()  # no computer side is to act any more
    acted = Signal(object, list)  # action, events
    failed = Signal(str)  # what went wrong; computer play stops
    _ask = Signal(int, object, object)

    def __init__(self, controller: GameController, seats: dict[str, str], seed: int = 0, parent: QObject | None = None):
        super().__init__(parent)
        from kharkovsuite.ai import make_player

        self.controller = controller
        self.names = dict(seats)
        rules = controller.state.scenario.rules
        self.players = {side: make_player(name, side, seed * 2 + k, rules) for k, (side, name) in enumerate(sorted(seats.items()))}
        self.pace_ms = PACE_MS
        self.busy = False
        self.stopped = False
        self.actions_played = 0
        self._request = 0
        self._last_applied = 0.0
        self._thread = QThread()
        self._thread.setObjectName("computer-player")
        self._worker = _Worker()
        self._worker.moveToThread(self._thread)
        self._ask.connect(self._worker.think)
        self._worker.chosen.connect(self._chosen)
        self._worker.failed.connect(self._failed)
        self._thread.start()

    def is_computer(self, side: str | None) -> bool:
        return side in self.players

    def set_fast(self, fast: bool) -> None:
        self.pace_ms = FAST_PACE_MS if fast else PACE_MS

    def poke(self) -> None:
        """Start thinking if a computer side is to act and nothing is being thought about."""
        state = self.controller.state
        if self.busy or self.stopped:
            return
        side = state.to_act
        if state.is_terminal or side not in self.players:
            self.idle.emit()
            return
        self.busy = True
        self._request += 1
        self.thinking.emit(side)
        self._ask.emit(self._request, self.players[side], state.clone())

    def _chosen(self, request: int, action) -> None:
        if request != self._request or self.stopped:
            return  # a game replaced meanwhile, or stopped
        wait = self.pace_ms - (time.monotonic() - self._last_applied) * 1000
        if wait > 0:
            QTimer.singleShot(int(wait), lambda: self._apply(request, action))
        else:
            self._apply(request, action)

    def _apply(self, request: int, action) -> None:
        if request != self._request or self.stopped:
            return
        self.busy = False
        events, error = self.controller.try_apply(action, undoable=False)  # the computer's actions are not taken back
        self._last_applied = time.monotonic()
        if error is not None:
            self.stop()
            self.failed.emit(f"The computer player chose an action the rules refuse: {error}")
            return
        self.actions_played += 1
        self.acted.emit(action, events)
        self.poke()

    def _failed(self, request: int, message: str) -> None:
        if request != self._request:
            return
        self.busy = False
        self.stop()
        self.failed.emit(message)

    def reset(self) -> None:
        """Another game in the window: forget the action being thought about."""
        self._request += 1
        self.busy = False

    def stop(self) -> None:
        """Stop computer play; a player thinking with a budget (kharkovsuite.ai.core.search.Budget)
        gives up its search and answers at once with the best found so far, which is discarded."""
        self.stopped = True
        self._request += 1
        for player in self.players.values():
            budget = getattr(player, "budget", None)
            if budget is not None:
                budget.cancel()

    def shutdown(self) -> None:
        """End the worker thread (waits for a choice in progress to finish)."""
        self.stop()
        self._thread.quit()
        self._thread.wait()

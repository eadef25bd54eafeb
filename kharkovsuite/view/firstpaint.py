"""Work a window's first picture does not show, done right after that picture is painted.

A window opens faster when what its first frame does not need waits until the frame is on the
screen: the listing of the legal actions, the minimap's picture, the fitting of table columns.
:class:`AfterFirstPaint` watches one widget (the map's viewport) and runs the work handed to it
on the event loop's next turn after that widget's first paint; once that has happened, work
handed to it runs at once.  Nothing is dropped: :meth:`AfterFirstPaint.flush` runs what is
waiting now (a window never shown, a test that reads a panel without an event loop).
"""
from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget


class AfterFirstPaint(QObject):
    """Runs work once ``widget`` has been painted for the first time."""

    def __init__(self, widget: QWidget, parent: QObject | None = None):
        super().__init__(parent)
        self._widget: QWidget | None = widget
        self._window: QWidget | None = None
        self._work: dict[str, Callable[[], None]] = {}
        self.painted = False  # the watched widget has painted once
        self.finished = False  # ... and the work that waited for it has run
        widget.installEventFilter(self)

    def watch(self, widget: QWidget) -> None:
        """Wait for the first paint of ``widget`` instead (the widget watched so far was replaced before it painted)."""
        if self.painted:
            return
        if self._widget is not None:
            self._widget.removeEventFilter(self)
        self._widget = widget
        widget.installEventFilter(self)

    def watch_window(self, window: QWidget) -> None:
        """Count a paint of the top-level ``window`` as the first frame too.  Its children paint in the same frame
        (one backing-store flush), so the work still runs after the watched widget's picture; and a window whose
        map viewport is squeezed to nothing by its docks, and so never painted, still finishes its start."""
        if not self.painted:
            self._window = window
            window.installEventFilter(self)

    def later(self, key: str, work: Callable[[], None]) -> None:
        """Run ``work`` after the first paint, or now when that is past.  Work handed in again
        under the same ``key`` before it ran replaces the earlier one (the newer position)."""
        if self.finished:
            work()
            return
        self._work.pop(key, None)  # the newer work runs in the newer order
        self._work[key] = work

    def waiting(self) -> tuple[str, ...]:
        """The keys of the work not run yet."""
        return tuple(self._work)

    def flush(self) -> None:
        """Run the waiting work now, in the order it was handed in; from then on work runs at once (the first
        paint is still noted in :attr:`painted`)."""
        self.finished = True
        while self._work:
            key = next(iter(self._work))
            self._work.pop(key)()

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt API
        if (watched is self._widget or watched is self._window) and event.type() == QEvent.Type.Paint and not self.painted:
            self.painted = True
            self._stop_watching()
            if not self.finished:
                QTimer.singleShot(0, self, self._after_paint)  # after this paint, on the next turn of the event loop
        return False

    def _after_paint(self) -> None:
        if not self.finished:
            self.flush()

    def _stop_watching(self) -> None:
        if self._widget is not None:
            self._widget.removeEventFilter(self)
            self._widget = None
        if self._window is not None:
            self._window.removeEventFilter(self)
            self._window = None


def after_window_painted(widget: QWidget, key: str, work: Callable[[], None]) -> None:
    """Run ``work`` once the window of ``widget`` has painted its first frame: now when it has (or keeps no
    :class:`AfterFirstPaint` as its ``startup``), else right after that frame."""
    startup = getattr(widget.window(), "startup", None)
    if isinstance(startup, AfterFirstPaint) and not startup.finished:
        startup.later(key, work)
    else:
        work()


def until_first_paint(startup: AfterFirstPaint, seconds: float = 10.0) -> bool:
    """Handle events until the widget ``startup`` watches has painted its first frame, and no further: the work
    waiting for that frame has not run yet (a ``--screenshot`` shows the frame a user sees first).  False when
    nothing was painted within ``seconds``."""
    deadline = time.monotonic() + seconds
    while not startup.painted and time.monotonic() < deadline:
        QCoreApplication.processEvents()
        if not startup.painted:
            time.sleep(0.002)
    return startup.painted


#: ``--screenshot`` writes its PNG with zlib's fastest compression (Qt's PNG "quality" 80 is level 1): a third of the
#: time of the default level for a file about 3% larger.
SCREENSHOT_PNG_QUALITY = 80


def save_screenshot(widget: QWidget, path: str) -> bool:
    """``widget`` as it is painted now, written to the PNG file ``path``; False when it could not be written.

    A window on the offscreen platform (where ``--screenshot`` runs unless the user chose another) is taken as its last
    frame from its backing store, where the frame was just painted: painting it again (``grab``), its map, counters and
    docks, cost the start some 15 ms.  Elsewhere (a window system's screen may show another window over it) and for a
    widget inside a window, the widget is painted again into a picture."""
    picture = None
    if widget.isWindow() and QGuiApplication.platformName() == "offscreen" and widget.windowHandle() is not None:
        picture = widget.screen().grabWindow(widget.winId())
        if picture.isNull() or picture.deviceIndependentSize().toSize() != widget.size():
            picture = None
    if picture is None:
        picture = widget.grab()
    return picture.save(str(path), "PNG", SCREENSHOT_PNG_QUALITY)


@contextmanager
def start_objects_kept(own_process: bool) -> Iterator[None]:
    """Make a program's window with Python's cyclic garbage collector paused, then keep what the start made out of
    its sight.

    Nearly everything a start makes lives as long as the program: the modules and classes, the scenario format's
    schemas, the scenario, its board tables, the window.  The collector would still walk all of it at every full
    collection: twice while the player's window is made, and once more at exit, together some 0.15 s of processor
    time, more than a bare Qt window takes to start.  So what the imports made is frozen (:func:`gc.freeze`: moved to
    the collector's permanent generation) at once, the collector waits while the window is made, and then the garbage
    of that making is collected (all of it is young: no collection ran meanwhile) and what remains is frozen too.
    Later collections, the one at exit included, walk only what was made after.  Frozen objects are still freed when
    their last reference goes.

    ``own_process``: the program made its QApplication itself.  Where another made it first (a test, a host
    program), the collector is left as it is.
    """
    if not own_process:
        yield
        return
    gc.freeze()
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.collect(0)
        gc.freeze()
        if enabled:
            gc.enable()

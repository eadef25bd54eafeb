"""What the player leaves until after its first frame (issue 27): the legal actions listed in the Actions dock, End
phase and the Rail count read from them, and the minimap's picture.  Each is worked out only once the map has been
painted, and each is there when the player first looks at it (the Unit and game dock's turn record and
score too); ``--screenshot`` shows the first frame itself."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QImage

from kharkovsuite.engine.state import GameState
from kharkovsuite.view.firstpaint import AfterFirstPaint
from player.app import PlayerWindow, main

from .conftest import DEFAULT
from tests.startwait import wait_started


class _Spy(QObject):
    """Notes the paints of the widget it watches in ``order`` (installed after the window's own filter: it sees them first)."""

    def __init__(self, order: list):
        super().__init__()
        self.order = order

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt API
        if event.type() == QEvent.Type.Paint and "paint" not in self.order:
            self.order.append("paint")
        return False


def _listing_spy(monkeypatch, order: list) -> None:
    listed = GameState.legal_actions

    def legal_actions(state):
        order.append("legal")
        return listed(state)

    monkeypatch.setattr(GameState, "legal_actions", legal_actions)


def test_the_legal_actions_are_listed_right_after_the_first_frame_and_not_before(qtbot, monkeypatch):
    order: list[str] = []
    _listing_spy(monkeypatch, order)
    w = PlayerWindow(DEFAULT, seed=1, handover=False, autosave=None, interactive=False)
    qtbot.addWidget(w)
    assert order == []  # nothing listed while the window was built
    assert {"actions", "legal_controls"} <= set(w.startup.waiting())
    assert w.actions_panel.title.text() == "Listing what may be done…" and w.rail_action.text() == "Rail"
    w.view.viewport().installEventFilter(spy := _Spy(order))
    w.show()
    wait_started(qtbot, w)
    assert order[:2] == ["paint", "legal"]  # listed once the map had been painted
    # Turn 1, Soviet movement (16.0): the two tank brigades due may enter; End phase is offered; no unit may go by rail.
    assert "2 reinforcement(s) may enter now" in w.actions_panel.title.text()
    assert w.actions_panel.buttons and all(b.isVisible() for b in w.actions_panel.buttons)  # clickable as soon as listed
    assert w.end_phase_action.isEnabled()
    assert w.rail_action.text() == "Rail (0)"
    w.view.viewport().removeEventFilter(spy)


def test_the_minimap_draws_its_picture_right_after_the_first_frame(qtbot):
    w = PlayerWindow(DEFAULT, seed=1, handover=False, autosave=None, interactive=False)
    qtbot.addWidget(w)
    assert w.minimap._pixmap is None  # not drawn while the window was built
    w.show()
    qtbot.waitUntil(lambda: w.minimap._pixmap is not None, timeout=30000)
    picture = w.minimap._pixmap.toImage()
    colours = {picture.pixel(x, y) for x in range(0, picture.width(), 5) for y in range(0, picture.height(), 5)}
    assert len(colours) > 20  # the map in small, not a blank
    assert w.minimap._timer.isActive() is False  # drawn once, no second picture on its way


def test_the_unit_and_game_dock_is_filled_right_after_the_first_frame(qtbot):
    w = PlayerWindow(DEFAULT, seed=1, handover=False, autosave=None, interactive=False)
    qtbot.addWidget(w)
    assert "status" in w.startup.waiting()
    assert w.status_panel.toPlainText() == "Reading the game…"  # the first frame says what is coming
    w.show()
    wait_started(qtbot, w)
    text = w.status_panel.toPlainText()
    # the turn record and the running score (17.0) of the opening position, once the map has been painted
    assert "Turn record" in text and "If the game ended now" in text and "Reading the game" not in text


def test_an_action_taken_before_the_first_frame_finds_the_window_whole(qtbot):
    """A window driven before it is painted (a tool, a test) does the waiting work first, then the action."""
    w = PlayerWindow(DEFAULT, seed=1, handover=False, autosave=None, interactive=False)
    qtbot.addWidget(w)
    assert not w.startup.finished
    w._select([])
    assert w.startup.finished and w.startup.waiting() == ()
    assert "reinforcement" in w.actions_panel.title.text()
    w.show()
    qtbot.waitUntil(lambda: w.startup.painted, timeout=30000)  # the first frame is still noted (--screenshot waits for it)


def test_work_handed_in_again_before_the_paint_runs_once_in_its_newer_place(qtbot):
    from PySide6.QtWidgets import QWidget

    widget = QWidget()
    qtbot.addWidget(widget)
    startup = AfterFirstPaint(widget)
    ran: list[str] = []
    startup.later("a", lambda: ran.append("a1"))
    startup.later("b", lambda: ran.append("b"))
    startup.later("a", lambda: ran.append("a2"))
    assert ran == [] and startup.waiting() == ("b", "a")
    widget.show()
    wait_started(qtbot, widget, startup)
    assert startup.painted and ran == ["b", "a2"]
    startup.later("c", lambda: ran.append("c"))  # once past the first paint, work runs at once
    assert ran == ["b", "a2", "c"]


def test_the_screenshot_is_the_first_frame_with_the_map_and_counters_drawn(qapp, tmp_path):
    png = tmp_path / "first.png"
    assert main(["--scenario", str(DEFAULT), "--seed", "1", "--screenshot", str(png)]) == 0
    image = QImage(str(png))
    assert (image.width(), image.height()) == (1600, 980)
    # The middle of the window is the map: terrain, hexes and counters, many colours.
    colours = {image.pixel(x, y) for x in range(400, 1200, 7) for y in range(200, 800, 7)}
    assert len(colours) > 50


def test_a_window_whose_map_is_hidden_still_finishes_its_start_on_its_own_first_frame(qtbot):
    """The map's viewport never paints when it is hidden (or squeezed to nothing by the docks): the window's own
    first frame counts, and the legal actions are listed after it all the same."""
    w = PlayerWindow(DEFAULT, seed=1, handover=False, autosave=None, interactive=False)
    qtbot.addWidget(w)
    w.view.hide()
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: w.startup.finished, timeout=20_000)
    assert w.startup.painted and not w.startup.waiting()
    assert w.actions_panel.buttons


def test_the_screenshot_is_the_frame_just_painted_taken_without_painting_the_window_again(qapp, tmp_path):
    """On the offscreen platform ``--screenshot`` takes the first frame from the window's backing store: the same
    pixels as painting the window again (``grab``), without that paint."""
    from kharkovsuite.view.firstpaint import save_screenshot, until_first_paint

    w = PlayerWindow(DEFAULT, seed=1, handover=False, autosave=None, interactive=False)
    w.resize(1000, 700)
    w.show()
    assert until_first_paint(w.startup)
    order: list = []
    spy = _Spy(order)
    w.view.viewport().installEventFilter(spy)
    png = tmp_path / "shot.png"
    assert save_screenshot(w, str(png))
    assert order == []  # the map was not painted again
    again = w.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    assert order == ["paint"]  # what grab does, and the screenshot did not
    shot = QImage(str(png)).convertToFormat(QImage.Format.Format_RGB32)
    assert shot.size() == again.size()
    import numpy as np

    def pixels(image: QImage) -> np.ndarray:
        return np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), image.bytesPerLine() // 4, 4)[:, :image.width()].astype(int)

    apart = np.abs(pixels(shot) - pixels(again)).max(axis=2)
    # The map's frame is the same to the pixel; painted again, Qt shades a toolbar's icons (the "more" arrows, a
    # disabled button's) a few levels apart from their first paint.
    map_rect = w.view.viewport().rect().translated(w.view.viewport().mapTo(w, w.view.viewport().rect().topLeft()))
    assert not apart[map_rect.top():map_rect.bottom() + 1, map_rect.left():map_rect.right() + 1].any()
    assert (apart > 0).mean() < 0.0005 and apart.max() < 40
    inner = tmp_path / "map.png"
    assert save_screenshot(w.view, str(inner))  # a widget inside the window: painted into a picture
    assert QImage(str(inner)).size() == w.view.size()
    w.view.viewport().removeEventFilter(spy)
    w.close()

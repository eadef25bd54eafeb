"""The Orders panel keeps the player's place: a click on an order rebuilds the panel, and it stays where it was."""
from pathlib import Path

from PySide6.QtWidgets import QApplication, QScrollArea

from player.app import PlayerWindow

from .windowbot import WindowBot
from tests.startwait import wait_started

ROOT = Path(__file__).resolve().parents[2]


def test_an_order_given_leaves_the_orders_panel_where_it_was_with_the_keyboard_on_the_row(qtbot):
    """Giving the first formation its orders scrolled the panel to its foot: the next formation had to be looked for."""
    w = PlayerWindow(ROOT / "scenarios" / "kirovograd-endgame.yaml", seed=1, handover=False, autosave=None, interactive=False)
    qtbot.addWidget(w)
    w.resize(1600, 1000)
    w.show()
    qtbot.waitExposed(w)
    wait_started(qtbot, w)
    panel = dict((dock.objectName(), p) for dock, p in w.kit_docks)["orders"]
    scroll = panel.findChild(QScrollArea)
    bar = scroll.verticalScrollBar()
    assert bar.maximum() > 0, "the panel is taller than its dock"
    first = next(b for b in panel.buttons if b.objectName().startswith("SetOrder:") and b.isEnabled())
    formation = first.objectName().split(":")[1]
    first.setFocus()
    WindowBot(qtbot, w).click(first)
    assert formation in w.controller.observation()["pending"][0]["data"]["draft"]
    QApplication.processEvents()
    assert bar.value() == 0, f"the panel scrolled to {bar.value()} of {bar.maximum()}"
    # that formation's buttons are spent: the keyboard is on the next formation's first order
    names = [b.objectName() for b in panel.buttons]
    following = names[max(i for i, n in enumerate(names) if n.startswith(f"SetOrder:{formation}:")) + 1]
    focus = QApplication.focusWidget()
    assert focus is not None and focus.objectName() == following, f"the keyboard went to {focus and focus.objectName()!r}, not {following}"

"""Kharkov 1942's set-up by hand (5.0) in a player's words: each unit to set up is named, never by its id."""
from __future__ import annotations

from player.app import PlayerWindow
from player.controller import GameController
from tests.startwait import wait_started

from .conftest import DEFAULT
from .test_player_names import shows_id
from .test_player_k43_words import press


def test_5_0_the_set_up_buttons_and_the_title_name_each_unit(qtbot):
    w = PlayerWindow(DEFAULT, controller=GameController.new(DEFAULT, 5, "manual"), handover=False, autosave=None, interactive=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    wait_started(qtbot, w)
    setup = [b for b in w.actions_panel.buttons if b.objectName().startswith("setup:")]
    assert setup
    for b in setup:
        uid = b.objectName().removeprefix("setup:")
        text = b.text().replace("\n", " ")
        assert text == f"Set up {w.controller.unit_name(uid)}" and not shows_id(text, uid) and not shows_id(b.toolTip(), uid)
    uid = setup[0].objectName().removeprefix("setup:")
    assert w.controller.unit_name(uid) != uid  # a name that is not the id: the check above can fail
    press(qtbot, w, setup[0].objectName())
    assert w.selected == (uid,)
    title = w.actions_panel.title.text()
    assert f"Set up {w.controller.unit_name(uid)}" in title and not shows_id(title, uid)

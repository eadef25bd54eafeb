"""The window speaks of units by the names the scenario prints, never by their ids: the log, the
Unit and game dock's reinforcements, the status bar after an action and the computer's turn summary."""
from __future__ import annotations

import re

from player.app import PlayerWindow

from .clicks import click_button, click_hex
from .conftest import DEFAULT


def shows_id(text: str, uid: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(uid)}(?![\w-])", text) is not None


def test_the_log_names_the_hq_that_becomes_active_not_its_id(window):
    log = window.log_panel.toPlainText()
    name = window.controller.unit_name("su-hq-28")
    assert name != "su-hq-28"
    assert f"{name} becomes active" in log
    assert not shows_id(log, "su-hq-28")


def test_reinforcements_due_give_the_entry_area_and_the_units_by_name(window):
    window.status_panel.refresh(())
    text = window.status_panel.toPlainText()
    names = [window.controller.unit_name(u) for u in ("su-tb-26", "su-tb-27")]
    assert f"East edge: {', '.join(names)}" in text
    assert "east_edge" not in text and not shows_id(text, "su-tb-26")


def test_a_move_is_told_in_the_log_by_the_unit_s_name(window, qtbot):
    click_button(qtbot, window, "enter:su-tb-26")
    entry = sorted({r.path[0] for r in window.reach.values()})[0]
    click_hex(qtbot, window, entry)
    assert window.controller.state.units["su-tb-26"].hex == entry
    name = window.controller.unit_name("su-tb-26")
    last = window.log_panel.toPlainText().splitlines()[-1]
    assert name in last and not shows_id(last, "su-tb-26")


def test_names_come_only_from_the_seat_s_observation(qtbot, monkeypatch):
    """A unit the seat's observation leaves out keeps no name in the window's words: nothing tells the seat who it is."""
    from kharkovsuite.engine import GameState

    real = GameState.observation

    def observation(self, side):
        obs = real(self, side)
        return dict(obs, units={u: v for u, v in obs["units"].items() if u != "su-tb-27"})

    monkeypatch.setattr(GameState, "observation", observation)
    w = PlayerWindow(DEFAULT, seed=1, handover=False, autosave=None, interactive=False)
    qtbot.addWidget(w)
    assert w.controller.named("su-tb-26, su-tb-27 wait") == f"{w.controller.unit_name('su-tb-26')}, su-tb-27 wait"


def test_kharkov_1943_s_log_names_the_units_that_moved(qtbot, k43_window):
    from .test_player_k43_panels import dock_button
    from .windowbot import WindowBot

    w = k43_window
    bot = WindowBot(qtbot, w)
    bot.click(dock_button(w, "Activate:None"))
    state = w.controller.state
    move = next(m for m in state.legal_actions().actions() if m.kind == "Move" and len(m.units) == 1 and len(m.path) > 1
                and len(state.units_at(m.path[0])) == 1)
    bot.select_units(move)
    bot.click_hex(move.path[-1])
    uid = move.units[0]
    assert state.units[uid].hex == move.path[-1]
    log = w.log_panel.toPlainText()
    assert w.controller.unit_name(uid) in log and not shows_id(log, uid)


def test_the_computer_s_turn_summary_names_the_units_it_moved(window):
    from kharkovsuite.engine.events import UnitMoved

    from player.replay import steps_from_events

    moved = UnitMoved(units=("su-tb-26",), path=("0101", "0102"), cost=1, case="6.0b")
    (step,) = steps_from_events([moved], window.controller.named)
    assert step.text.startswith(f"{window.controller.unit_name('su-tb-26')} move") and not shows_id(step.text, "su-tb-26")

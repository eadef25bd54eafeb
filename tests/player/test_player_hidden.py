"""Hot seat with hidden information: the hand-over screen hides the whole window, and each seat's
window shows of the enemy only what ``observation(side)`` tells that side."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QDockWidget, QLabel, QListWidget, QTextEdit, QTreeWidget

from kharkovsuite.engine.state import GameState
from player.app import PlayerWindow
from tests.startwait import wait_started

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "scenarios" / "kharkov-1942.yaml"
HIDDEN = "ro-hq-6"  # an Axis HQ (Rumanian VI Corps, at 2822 in the set-up): the HQ list of the Unit and game dock names it
HIDDEN_NAME = "Dragolina"


def shown_texts(w: PlayerWindow) -> str:
    """Every text the window shows: labels, buttons, text panels, lists, trees, tool tips, the status bar."""
    out = [w.statusBar().currentMessage()]
    for widget in w.findChildren(QLabel):
        out.append(widget.text())
    for widget in w.findChildren(QAbstractButton):
        out += [widget.text(), widget.toolTip()]
    for widget in w.findChildren(QTextEdit):
        out.append(widget.toPlainText())
    for widget in w.findChildren(QListWidget):
        out += [widget.item(i).text() for i in range(widget.count())]
    for widget in w.findChildren(QTreeWidget):
        items = [widget.topLevelItem(i) for i in range(widget.topLevelItemCount())]
        while items:
            item = items.pop()
            out.append(item.text(0))
            items += [item.child(i) for i in range(item.childCount())]
    return "\n".join(out)


def hide_from_soviet(monkeypatch, window) -> None:
    """A fake observation: the Soviet side does not see HIDDEN (as a hidden unit of another game).  The window's
    controller forgets what it read of the position before, as after any change made other than by an action."""
    real = GameState.observation

    def observation(self, side):
        obs = real(self, side)
        if side == "soviet":
            obs = dict(obs, units={u: v for u, v in obs["units"].items() if u != HIDDEN})
        return obs

    monkeypatch.setattr(GameState, "observation", observation)
    window.controller.forget_legal()


def test_a_unit_hidden_from_the_seat_viewing_is_on_no_map_and_in_no_panel(player_window, monkeypatch, qtbot):
    w = player_window
    where = w.controller.state.units[HIDDEN].hex
    assert w.controller.viewing_side() == "soviet"
    w.click_hex(where)
    assert any(cv.id == HIDDEN for cv in w.scene.stack_at(where))  # the check sees it when it is not hidden
    assert HIDDEN_NAME in shown_texts(w)
    hide_from_soviet(monkeypatch, w)
    w._state_changed([])
    w.click_hex(where)
    assert w.controller.state.units[HIDDEN].hex == where  # still there in the game
    assert not any(cv.id == HIDDEN for stack in w.scene.counters().values() for cv in stack)
    assert HIDDEN not in [cv.id for cv in w.inspector.counters()]
    texts = shown_texts(w)
    assert HIDDEN_NAME not in texts and HIDDEN not in texts


def test_a_hidden_unit_s_hex_is_no_target_of_an_attack_being_picked(player_window, monkeypatch):
    w = player_window
    state = w.controller.state
    hide_from_soviet(monkeypatch, w)
    where = state.units[HIDDEN].hex
    assert state.units_at(where) == [HIDDEN] and where not in (state.game.get("garrisons") or {})
    w.attackers = [next(u for u, rec in state.units.items() if rec.side == "soviet" and rec.hex)]
    w._combat_click(where)  # to the Soviet player the hex is empty: picking it as a target would tell what is there
    assert w.targets == []


def test_the_hand_over_screen_covers_the_map_and_every_dock_and_hides_the_floating_ones(qtbot):
    w = PlayerWindow(DEFAULT, seed=3, handover=True, autosave=None)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    wait_started(qtbot, w)
    log = w.findChild(QDockWidget, "game_log")
    log.setFloating(True)
    log.show()
    first = w.controller.state.to_act
    while w.controller.state.to_act == first:
        w.end_phase(confirm=False)
    assert w.curtain.isVisible()
    assert not log.isVisible()  # a floating dock is a window of its own: hidden while the curtain is up
    covered = [w.view] + [d for d in w.findChildren(QDockWidget) if not d.visibleRegion().isEmpty() and not d.isFloating()]
    assert len(covered) > 4
    for widget in covered:
        centre = w.mapFromGlobal(widget.mapToGlobal(widget.rect().center()))
        top = w.childAt(centre)
        assert top is w.curtain or w.curtain.isAncestorOf(top), widget.objectName()
    qtbot.waitUntil(w.curtain.button.isEnabled, timeout=3000)
    qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    assert not w.curtain.isVisible() and log.isVisible()


def test_the_log_leaves_out_the_events_of_a_unit_the_seat_s_observation_hides(player_window, monkeypatch):
    """The window prints the engine's log for the seat (``events_for``): a move of a unit the seat may not see is not in it."""
    w = player_window
    move = next(a for a in w.controller.state.legal_actions().actions() if a.kind == "Move" and len(a.path) > 1)
    mover = move.units[0]
    real = GameState.observation

    def observation(self, side):  # the fake: the moving unit is hidden from every side
        obs = real(self, side)
        return dict(obs, units={u: v for u, v in obs["units"].items() if u != mover})

    monkeypatch.setattr(GameState, "observation", observation)
    events = w.do(move)
    moved = next(e for e in events if e.kind == "UnitMoved")
    assert moved.text() not in w.log_panel.toPlainText()
    assert mover not in w.log_panel.toPlainText() and w.controller.unit_name(mover) not in w.log_panel.toPlainText()
    assert w.scene.overlay("last_move") is None  # nor is the move drawn as the last one


def test_a_seat_traces_only_its_own_side_when_the_enemy_s_positions_are_hidden(monkeypatch, qtbot):
    from player import systems
    from player.systems.kharkov1942 import Kharkov1942Kit

    class Hidden(Kharkov1942Kit):
        enemy_traceable = False

    monkeypatch.setitem(systems._KITS, "kharkov1942", Hidden())
    w = PlayerWindow(DEFAULT, seed=1, handover=False, autosave=None, interactive=False)
    qtbot.addWidget(w)
    box = w.trace.side_box
    assert [box.itemText(i) for i in range(box.count())] == ["Side to act"]
    with pytest.raises(KeyError):
        w.trace.set_side("axis")
    assert w.trace.side() == w.controller.viewing_side() == "soviet"


def test_each_seat_s_log_is_its_own_and_kept_while_the_other_seat_looks(player_window, monkeypatch):
    """A hot-seat game changes seats at every player turn: the log shows each seat its own events only, and a seat's
    log is kept while the other looks (not printed again from the start), taking only what is new when it comes back."""
    w = player_window
    c, panel = w.controller, w.log_panel
    sides = list(c.state.scenario.sides)
    move = next(a for a in c.state.legal_actions().actions() if a.kind == "Move" and len(a.path) > 1)
    real = GameState.events_for

    def events_for(self, side):  # the fake: the second side is told nothing of the units' moves
        return [e for e in real(self, side) if not (side == sides[1] and e.kind == "UnitMoved")]

    monkeypatch.setattr(GameState, "events_for", events_for)
    seat = [sides[0]]
    monkeypatch.setattr(c, "viewing_side", lambda: seat[0])
    w.do(move)
    first = panel.document()
    moved = c.event_text(next(e for e in c.state.log if e.kind == "UnitMoved"))
    assert moved in panel.toPlainText()
    seat[0] = sides[1]
    c.forget_legal()
    panel.refresh()
    assert panel.document() is not first and moved not in panel.toPlainText()  # the other seat's log is another one
    lines = panel.toPlainText().count("\n")
    seat[0] = sides[0]
    c.forget_legal()
    panel.refresh()
    assert panel.document() is first and moved in panel.toPlainText()  # kept, not printed again
    w.do(next(a for a in c.state.legal_actions().actions() if a.kind == "Move" and len(a.path) > 1 and a.units != move.units))
    assert panel.toPlainText().count(moved) >= 1 and panel.document() is first
    seat[0] = sides[1]
    c.forget_legal()
    panel.refresh()
    assert moved not in panel.toPlainText() and panel.toPlainText().count("\n") >= lines

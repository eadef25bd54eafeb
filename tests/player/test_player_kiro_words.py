"""Kirovograd at the window in a player's words: many choices of one kind grouped in one menu (22.8's assignments),
reached by mouse and keyboard, and formations named in the log by the abbreviation their counters print (2.2.4)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu

from player.panels import ActionsPanel, action_key

from .test_player_kirovograd import _seal_orders, kiro_window  # noqa: F401 - the fixture
from .test_player_names import shows_id
from .windowbot import WindowBot


def to_assignments(bot: WindowBot) -> list:
    """Seal both sides' orders and end phases until the side to act may assign formations (22.8)."""
    _seal_orders(bot)
    for _ in range(8):
        legal = [a for a in bot.w.controller.legal().actions() if a.kind == "AssignFormation"]
        if len(legal) > ActionsPanel.GROUP_AT:
            return legal
        bot.click(bot.end_phase_button())
    raise AssertionError("no movement phase offered the formations' assignments")


def test_22_8_the_assignments_are_one_menu_button_not_a_flood_and_the_keyboard_chooses_one(qtbot, kiro_window):
    w = kiro_window
    bot = WindowBot(qtbot, w)
    legal = to_assignments(bot)
    bot.escape()
    names = [b.objectName() for b in w.actions_panel.buttons]
    assert not any(n.startswith("AssignFormation:") for n in names)  # none listed one by one
    (menu_button,) = [b for b in w.actions_panel.buttons if b.objectName().startswith("menu:Assign")]
    assert f"{len(legal)} choices" in menu_button.text().replace("\n", " ") and "22.8" in menu_button.text()
    items = [a for sub in menu_button.menu().actions() for a in (sub.menu().actions() if sub.menu() else [sub])]
    assert sorted(i.objectName() for i in items) == sorted(action_key(a) for a in legal)  # every one of them offered
    for i in items:
        assert not any(shows_id(i.text(), f) for f in w.controller.state.board.data.formations)
    # the keyboard: Space opens the menu, Down and Right into the first formation's submenu, Enter chooses
    state = w.controller.state
    before = len(state.actions)
    menu_button.setFocus()
    qtbot.keyClick(menu_button, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu), timeout=5000)
    top = QApplication.activePopupWidget()
    qtbot.keyClick(top, Qt.Key.Key_Down)
    qtbot.keyClick(top, Qt.Key.Key_Right)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is not top, timeout=5000)
    sub = QApplication.activePopupWidget()
    first = sub.actions()[0]
    qtbot.keyClick(sub, Qt.Key.Key_Down)
    qtbot.keyClick(sub, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(state.actions) == before + 1, timeout=5000)
    assert action_key(state.actions[-1]) in {first.objectName(), *(a.objectName() for a in sub.actions())}
    assert state.actions[-1].kind == "AssignFormation"


def test_22_8_selecting_a_formation_s_hq_lists_its_own_assignments_as_buttons(qtbot, kiro_window):
    w = kiro_window
    bot = WindowBot(qtbot, w)
    legal = to_assignments(bot)
    state = w.controller.state
    formation = legal[0].formation
    hq = state.board.data.formations[formation].hq
    bot.select_hex(state.units[hq].hex)
    if w.selected != (hq,):
        bot.pick_in_stack(hq)
    mine = {action_key(a) for a in legal if a.formation == formation}
    qtbot.waitUntil(lambda: mine <= {b.objectName() for b in w.actions_panel.buttons}, timeout=10000)
    abbr = state.board.data.formations[formation].abbr
    for b in w.actions_panel.buttons:
        if b.objectName() in mine:
            assert b.text().replace("\n", " ").startswith(f"Assign {abbr} to ")


def test_2_2_4_the_log_names_each_formation_by_its_counters_abbreviation(qtbot, kiro_window):
    w = kiro_window
    bot = WindowBot(qtbot, w)
    _seal_orders(bot)
    log = w.log_panel.toPlainText()
    formations = w.controller.state.board.data.formations
    orders = [line for line in log.splitlines() if " orders: " in line]
    assert orders
    for line in orders:
        assert not any(shows_id(line, f) for f in formations if formations[f].abbr != f), line


def retreat_through_zoc(monkeypatch):
    """17.2A's position of the rule tests: a Soviet division must retreat two hexes out of a hex ringed by German ZOC,
    so whichever retreat it takes costs it one SP."""
    from kharkovsuite.engine.actions import EndPhase

    from tests.rules.kirovograd.kiro_helpers import PLAIN, SU_DIV
    from tests.rules.kirovograd.test_kiro_combat_cases import retreat_through_zoc_declared
    from tests.rules.kirovograd.test_kiro_fight import Faces

    state = retreat_through_zoc_declared()
    dice, state.rng = state.rng, Faces(5, 5)
    state.apply(EndPhase())
    state.rng = dice  # the window's undo keeps the generator's state
    assert state.pending[-1].kind == "retreat"
    return state, SU_DIV


def test_17_2a_a_retreat_that_costs_sp_says_so_and_asks_first_and_cancel_keeps_the_unit(qtbot, monkeypatch):
    from player.controller import GameController

    from .clicks import answer_next_box
    from .test_player_kirovograd import HISTORICAL, open_window

    state, unit = retreat_through_zoc(monkeypatch)
    state.scenario_path = str(HISTORICAL)
    w = open_window(qtbot, monkeypatch, controller=GameController(state))
    w.confirming = True  # as an interactive window asks
    state = w.controller.state
    name = w.controller.unit_name(unit)
    retreats = [a for a in state.legal_actions().actions() if a.kind == "Retreat"]
    assert retreats
    qtbot.waitUntil(lambda: any(b.objectName().startswith("Retreat:") for b in w.actions_panel.buttons), timeout=10000)
    buttons = [b for b in w.actions_panel.buttons if b.objectName().startswith("Retreat:")]
    for b in buttons:
        text = b.text().replace("\n", " ")
        assert text.startswith(f"Retreat {name} to ") and "losing 1 SP (17.1)" in text and not shows_id(text, unit)
    start, step = state.units[unit].hex, state.units[unit].step
    seen = answer_next_box(qtbot, "confirm_no")
    qtbot.mouseClick(buttons[0], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(seen), timeout=5000)
    assert "1 SP for leaving enemy ZOC (17.2A)" in seen[0]
    assert state.units[unit].hex == start and state.units[unit].step == step  # the slip cost nothing
    seen = answer_next_box(qtbot, "confirm_yes")
    qtbot.mouseClick(buttons[0], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(seen), timeout=5000)
    assert state.units[unit].hex != start and state.units[unit].step == step + 1

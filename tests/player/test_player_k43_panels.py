"""Kharkov 1943's own panels at the window: the turn header (weather, initiative, segment), the
activation panel (formation or general, units taken of the limit, the HQ's fatigue, each activated
unit's OP left, why a unit may not join), the OP cost of each reachable hex, and fog of war: the
other seat sees an enemy stack's top unit only."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QPushButton

from kharkovsuite.rules.kharkov1943 import activation, detachments, fog

from .test_player_hidden import shown_texts
from .windowbot import WindowBot


def dock_button(w, name: str) -> QPushButton:
    return next(b for b in w.actions_panel.buttons if b.objectName() == name)


def status_text(w) -> str:
    w.status_panel.refresh()
    return w.status_panel.toPlainText()


def test_the_header_shows_turn_weather_initiative_and_whose_segment_it_is(k43_window):
    w = k43_window
    state = w.controller.state
    text = status_text(w)
    weather = state.turn_data["weather"]
    assert f"Turn 1, weather air {weather['air']}, ground {weather['ground']}" in text
    assert f"initiative: {w.controller.side_name(state.turn_data['initiative'])}" in text
    assert f"segment of {w.controller.side_name(state.phase.side)}" in text
    assert "No activation open" in text
    header = w.phase_label.text()
    assert "Operations" in header and w.controller.side_name(state.phase.side) in header


def open_formation(qtbot, w) -> str:
    """Click the Actions dock's button activating the first HQ's formation; returns the HQ."""
    state = w.controller.state
    hq = next(a.hq for a in state.legal_actions().actions() if a.kind == "Activate" and a.hq)
    WindowBot(qtbot, w).click(dock_button(w, f"Activate:{hq}"))
    assert activation.current(w.controller.state)["hq"] == hq
    return hq


def test_a_formation_activation_shows_its_limit_the_hq_fatigue_and_each_unit_s_op_left(qtbot, k43_window):
    w = k43_window
    hq = open_formation(qtbot, w)
    state = w.controller.state
    text = status_text(w)
    assert f"Formation activation of {w.controller.unit_name(hq)} (3.2): 0 of 8 units; HQ fatigue 0" in text
    act = activation.current(state)
    assert f"{w.controller.unit_name(hq)}: {act['op'][hq]} of {act['op'][hq]} OP left" in text
    # move one unit of the formation through the window: it is counted, and its OP left drop by the move's cost
    bot = WindowBot(qtbot, w, seed=2)
    move = next(m for m in state.legal_actions().actions() if m.kind == "Move" and len(m.units) == 1 and m.units[0] != hq
                and len(m.path) > 1 and state.units[m.units[0]].hex == m.path[0])
    uid = move.units[0]
    bot.select_units(move)
    cost = w.reach[move.path[-1]].cost
    bot.click_hex(move.path[-1])
    assert state.units[uid].hex == move.path[-1], w.statusBar().currentMessage()
    text = status_text(w)
    assert "1 of 8 units" in text
    op = act["op"][uid]
    left = f"{op - int(cost)} of {op} OP left" if cost <= op else f"0 of {op} OP left ({int(cost)} spent"  # 6.5: up to 4 more
    assert f"{w.controller.unit_name(uid)}: {left}" in text


def test_the_reachable_hexes_show_the_op_each_costs_before_the_move(qtbot, k43_window):
    w = k43_window
    open_formation(qtbot, w)
    state = w.controller.state
    move = next(m for m in state.legal_actions().actions() if m.kind == "Move" and len(m.units) == 1 and len(m.path) > 2)
    WindowBot(qtbot, w).select_units(move)
    reach = state.legal_moves(w.selected)
    start = state.units[w.selected[0]].hex
    labels = {h: label for h, (_style, label) in w.scene.overlay("reach").entries.items()}
    assert set(labels) == set(reach) - {start}
    assert all(labels[h] == f"{r.cost:g}" for h, r in reach.items() if h != start)
    assert len({labels[h] for h in labels}) > 1, "the hexes read their own costs"


def a_unit_chosen_to_move(qtbot, w):
    """A formation activated and one of its units selected at the window, with a move of it of at
    least two hexes that the engine lists; the move and the bot that clicked."""
    open_formation(qtbot, w)
    move = next(m for m in w.controller.state.legal_actions().actions() if m.kind == "Move" and len(m.units) == 1 and len(m.path) > 2)
    bot = WindowBot(qtbot, w)
    bot.select_units(move)
    return move, bot


def test_the_pointer_over_a_reachable_hex_says_its_cost_in_op(qtbot, k43_window):
    """Kharkov 1943 counts operation points: the status bar named them movement points, the Kharkov 1942 word."""
    w = k43_window
    move, bot = a_unit_chosen_to_move(qtbot, w)
    end = move.path[-1]
    target = bot.point(end)
    # the move events straight to the map's viewport: in two parallel runs of the whole suite the platform's synthetic
    # move (qtbot.mouseMove) did not reach the view; the cause was not found (the test passes alone and with the other
    # window tests)
    for where in (target + QPoint(40, 40), target):
        QApplication.sendEvent(w.view.viewport(), QMouseEvent(QEvent.Type.MouseMove, QPointF(where), QPointF(w.view.viewport().mapToGlobal(where)),
                                                              Qt.MouseButton.NoButton, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier))
    message = w.statusBar().currentMessage()
    assert message.startswith(end), f"hovering {end}: the status bar says {message!r}, the view's hover is {w.view._hover!r}"
    assert f" · {w.reach[end].cost:g} OP to get there" in w.statusBar().currentMessage()


def test_a_unit_that_may_not_join_shows_the_engine_s_reason_with_its_case(qtbot, k43_window):
    w = k43_window
    hq = open_formation(qtbot, w)
    state = w.controller.state
    side = state.phase.side
    refused = [(u, activation.join_refusal(state, u)) for u, r in sorted(state.units.items()) if r.side == side and r.hex
               and len(state.units_at(r.hex)) == 1]
    uid, (case, why) = next((u, r) for u, r in refused if r is not None)
    bot = WindowBot(qtbot, w)
    bot.select_hex(state.units[uid].hex)
    assert w.selected == (uid,)
    text = w.status_panel.toPlainText()
    why = why.replace(uid, w.controller.unit_name(uid)).replace(hq, w.controller.unit_name(hq))  # in the player's words
    assert f"{w.controller.unit_name(uid)}: may not act: {why} ({case})" in text, (hq, text[-600:])
    able = next(u for u, r in refused if r is None and u != hq)
    bot.select_hex(state.units[able].hex)
    assert f"{w.controller.unit_name(able)}: may act, {activation.mover(state, able, 0).remaining} OP" in w.status_panel.toPlainText()


def test_a_general_activation_takes_up_to_four_units(qtbot, k43_window):
    w = k43_window
    WindowBot(qtbot, w).click(dock_button(w, "Activate:None"))
    assert activation.current(w.controller.state)["kind"] == "general"
    assert "General activation (3.3): 0 of 4 units" in status_text(w)


def test_the_other_seat_sees_an_enemy_stack_s_top_unit_only(qtbot, k43_window):
    w = k43_window
    state = w.controller.state
    side = w.controller.viewing_side()
    names = [u.name for u in state.scenario.units]
    hex_id, shown, hidden = next(
        (h, fog.top(state, h), [u for u in ids if u != fog.top(state, h)]) for h, ids in sorted(state.at.items())
        if len(ids) > 1 and all(state.units[u].side != side for u in ids) and not fog.examined(state, side, h))
    hidden = [u for u in hidden if names.count(w.controller.unit_name(u)) == 1]
    assert hidden, "a hidden unit with a name of its own to look for"
    WindowBot(qtbot, w).select_hex(hex_id)
    assert [cv.id for cv in w.scene.stack_at(hex_id)] == [shown]
    texts = shown_texts(w)
    assert w.controller.unit_name(shown) in texts
    assert not [u for u in hidden if w.controller.unit_name(u) in texts]


def test_a_detachment_off_the_map_is_offered_when_its_mother_unit_is_selected(qtbot, k43_window):
    w = k43_window
    bot = WindowBot(qtbot, w)
    bot.click(dock_button(w, "Pass"))  # the German seat passes: the Soviet segment, whose tank corps have detachments
    bot.click(dock_button(w, "Activate:None"))
    state = w.controller.state
    detach = next(a for a in state.legal_actions().actions() if a.kind == "Detach")
    mother = detachments.mother(state, detach.detachment)
    bot.select_hex(state.units[mother].hex)
    if w.selected != (mother,):
        bot.pick_in_stack(mother)
    assert f"Detach:{detach.detachment}" in [b.objectName() for b in w.actions_panel.buttons]


def test_a_selected_unit_shows_its_supply_and_activations_this_turn(qtbot, k43_window):
    w = k43_window
    state = w.controller.state
    side = state.phase.side
    uid = next(u for u, r in sorted(state.units.items()) if r.side == side and r.hex and len(state.units_at(r.hex)) == 1)
    WindowBot(qtbot, w).select_hex(state.units[uid].hex)
    text = w.status_panel.toPlainText()
    supply = {"supplied": "In supply (9.3)", "isolated": "Isolated (9.3)", "out_of_supply": "Out of supply (9.3)"}
    assert supply[state.game.get("supply", {}).get(uid, "supplied")] in text
    assert "Activated 0 of 2 times this turn (3.1)" in text


def test_a_move_is_logged_and_replayed_with_its_cost_in_op(qtbot, k43_window):
    """6.1: a move costs operation points; the log and the computer's-turn list said MP, the Kharkov 1942 word."""
    from kharkovsuite.engine.events import UnitMoved
    from player.replay import steps_from_events

    w = k43_window
    move, bot = a_unit_chosen_to_move(qtbot, w)
    bot.click_hex(move.path[-1])
    moved = [e for e in w.controller.state.log if isinstance(e, UnitMoved)][-1]
    name = w.controller.unit_name(moved.units[0])
    assert f"{name} move {'-'.join(moved.path)} ({moved.cost:g} OP)" in w.log_panel.toPlainText()
    (step,) = steps_from_events([moved], w.controller.named, w.controller.kit.event_text)
    assert step.text.endswith(f"({moved.cost:g} OP)")



def test_6_5_a_strategic_move_past_the_unit_s_op_leaves_none_not_a_count_below_zero(qtbot, k43_window):
    """6.5: a move touching no enemy ZoC may spend 4 OP more than the unit has.  The activation panel, the unit's own
    lines and the status bar then say it has none left, and why, rather than "-4 of 12 OP left"."""
    w = k43_window
    hq = open_formation(qtbot, w)  # the HQ of the Gallop opening's first formation, far behind the front
    state = w.controller.state
    had = activation.mover(state, hq, 0).remaining
    far = next(h for h, r in sorted(state.legal_moves((hq,)).items()) if r.cost > had)
    move = next(m for m in state.legal_actions().actions() if m.kind == "Move" and m.units == (hq,) and m.path[-1] == far)
    bot = WindowBot(qtbot, w, seed=2)
    bot.select_units(move)
    bot.click_hex(far)
    assert state.units[hq].hex == far, w.statusBar().currentMessage()
    act = activation.current(state)
    spent, op = act["spent"][hq], act["op"][hq]
    assert spent > op
    name = w.controller.unit_name(hq)
    text = status_text(w)
    assert f"{name}: 0 of {op} OP left ({spent} spent: a strategic move's 4 more, 6.5)" in text
    assert f"{op - spent} of" not in text and f"may act, {op - spent} OP" not in text
    w.status_panel.refresh((hq,))
    assert f"OP left: 0 of {op} (3.1); {spent} spent: a strategic move's 4 more (6.5)" in w.status_panel.toPlainText()
    assert w.controller.kit.points_left(w.controller, hq) == 0

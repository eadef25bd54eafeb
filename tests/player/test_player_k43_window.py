"""Kharkov 1943 at the window as a veteran expects it: the unit's operation points, each seat's own
log, the combat panel's odds with the attack type chosen in it, the secret air allotment, and the
markers on the counters.  Everything through clicks and keys."""
from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton, QRadioButton

from kharkovsuite.rules.kharkov1943 import activation, fog, supply

from player.panels import _pct

from .clicks import answer_next_box, window_on
from .test_player_hidden import shown_texts
from .test_player_k43_panels import dock_button, open_formation
from .windowbot import WindowBot
from tests.startwait import wait_started


def named(text: str, uid: str, w=None) -> bool:
    """Whether ``text`` names the unit: by its id, or (the window speaking to a player) by its name in ``w``'s scenario."""
    words = [uid] + ([w.controller.unit_name(uid)] if w is not None else [])
    return any(re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text) is not None for word in words)


def test_the_unit_panel_gives_operation_points_fatigue_and_activations_not_movement_points(qtbot, k43_window):
    w = k43_window
    state = w.controller.state
    side = state.phase.side
    uid = next(u for u, r in sorted(state.units.items()) if r.side == side and r.hex and len(state.units_at(r.hex)) == 1
               and not state.board.units[u].is_hq)
    bot = WindowBot(qtbot, w)
    bot.select_hex(state.units[uid].hex)
    text = w.status_panel.toPlainText()
    assert "MP left" not in text
    assert f"OP a turn: {supply.op_allowance(state, uid)} (1.1, 9.3)" in text
    assert "Fatigue 0 (3.5) · Activated 0 of 2 times this turn (3.1)" in text
    bot.escape()
    hq = open_formation(qtbot, w)
    move = next(m for m in state.legal_actions().actions() if m.kind == "Move" and m.units != (hq,) and len(m.units) == 1
                and len(state.units_at(m.path[0])) == 1 and len(m.path) > 2)
    mover = move.units[0]
    bot.select_units(move)
    cost = w.reach[move.path[-1]].cost
    before = activation.mover(state, mover, 0).remaining
    assert f"OP on joining this activation: {before}" in w.status_panel.toPlainText()
    bot.click_hex(move.path[-1])
    assert state.units[mover].hex == move.path[-1]
    bot.select_hex(move.path[-1])
    text = w.status_panel.toPlainText()
    assert f"OP left: {before - int(cost)} of {before} (3.1)" in text
    assert f"{before - int(cost)} OP left" in w.statusBar().currentMessage() and "MP" not in w.statusBar().currentMessage()
    assert "Activated 1 of 2 times this turn (3.1)" in text


def test_the_other_seat_s_log_never_names_a_unit_of_a_stack_it_has_not_examined(qtbot, k43_window):
    """The Soviet seat moves a whole stack out of German sight; the German seat's log leaves the move out (it
    names the units under the top one), the Soviet seat's log has it."""
    w = k43_window
    bot = WindowBot(qtbot, w)
    bot.click(dock_button(w, "Pass"))  # the German seat passes; the Soviet segment
    bot.click(dock_button(w, "Activate:None"))
    state = w.controller.state

    def unseen(move) -> bool:
        end = move.path[-1]
        return not any(state.units[u].side == "german" for n in state.board.nbrs[end] for u in state.units_at(n))

    move = next(m for m in state.legal_actions().actions() if m.kind == "Move" and len(m.units) > 1 and not state.units_at(m.path[-1])
                and set(m.units) == set(state.units_at(m.path[0])) and unseen(m) and len(m.path) > 2)
    bot.select_units(move)
    assert set(w.selected) == set(move.units)
    bot.click_hex(move.path[-1])
    assert state.units[move.units[0]].hex == move.path[-1], w.statusBar().currentMessage()
    hidden = fog.hidden_units(state, "german") & set(move.units)
    assert hidden, "the stack moved keeps units under its top one hidden from the German seat"
    soviet_log = w.log_panel.toPlainText()
    assert all(named(soviet_log, u, w) for u in move.units)
    bot.escape()
    bot.click(dock_button(w, "EndActivation"))
    assert w.controller.viewing_side() == "german"
    german_log = w.log_panel.toPlainText()
    assert not [u for u in hidden if named(german_log, u, w)]
    assert not [u for u in hidden if named(shown_texts(w), u, w)], "nor does the status bar or any panel name them"
    assert "-".join(move.path) not in german_log
    assert any(named(e.text(), u) for e in state.log for u in hidden)  # the game's own log has the move


def plan_normal_attack(qtbot, w, bot):
    """The German seat opens a formation and plans, on the map, the first normal attack the engine offers."""
    open_formation(qtbot, w)
    state = w.controller.state
    attack = next(a for a in state.legal_actions().actions() if a.kind == "Assault" and a.types == ("normal",) and not a.support)
    bot.select_hex(state.units[attack.attackers[0]].hex)
    bot.click_hex(attack.target)
    return attack


def test_the_combat_panel_shows_the_column_each_shift_and_each_chance_of_the_type_chosen_before_the_attack(qtbot, k43_window):
    w = k43_window
    bot = WindowBot(qtbot, w)
    attack = plan_normal_attack(qtbot, w, bot)
    state = w.controller.state
    chooser = w.attack_chooser
    assert chooser.isVisible() and chooser.target == attack.target and chooser.chosen_type() == "normal"
    for kind in ("mobile", "normal", "prepared"):
        button = w.findChild(QRadioButton, f"attack_type:{kind}")
        if not button.isEnabled():
            continue
        bot.click(button)
        action = chooser.action()
        assert action.types == (kind,) and action.target == attack.target
        p = state.rules.combat_preview(state, action.attackers, action.target, action.types)
        text = w.combat_panel.toPlainText()
        assert f"Attack {p.attack} against defence {p.defense}: column {p.base_column} (7.4)" in text
        assert f"Final column {p.column} of the table {state.scenario.tables[p.block].name}" in text  # its name, not its id
        for why, n in p.shifts:
            assert f"{why}: {n:+d} column" in text
        for why, n in p.drms:
            assert f"{why}: die {n:+d}" in text
        for cell, chance in p.results:
            assert f"{cell}\n{_pct(chance)}" in text
    assert len(state.actions) == 1, "nothing is declared by looking at the odds"
    bot.key(Qt.Key.Key_2)  # the second type shown, by key
    assert chooser.chosen_type() == chooser.choices[1][0]


def test_declaring_the_planned_attack_asks_first_and_a_slip_costs_nothing(qtbot, k43_window):
    w = k43_window
    bot = WindowBot(qtbot, w)
    attack = plan_normal_attack(qtbot, w, bot)
    state = w.controller.state
    w.confirming = True  # as an interactive window asks
    seen = answer_next_box(qtbot, "confirm_no")
    bot.key(Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: bool(seen), timeout=5000)
    assert "OP" in seen[0] and len(state.actions) == 1  # the slip: nothing declared, no OP spent
    assert not any(e.kind == "AttackDeclared" for e in state.log)
    seen = answer_next_box(qtbot, "confirm_yes")
    bot.click(w.findChild(QPushButton, "attack_declare"))
    qtbot.waitUntil(lambda: bool(seen), timeout=5000)
    declared = [e for e in state.log if e.kind == "AttackDeclared"]
    assert declared and declared[-1].targets == (attack.target,)
    assert not w.attack_chooser.isVisible()


def to_attacker_air(qtbot, w, bot):
    """Declare the planned normal attack; the Soviet seat moves nothing in reaction (6.6): the German seat's air decision."""
    plan_normal_attack(qtbot, w, bot)
    bot.click(w.findChild(QPushButton, "attack_declare"))
    state = w.controller.state
    while state.pending and state.pending[-1].kind == "reaction":
        bot.click(dock_button(w, "EndReaction"))
    assert state.pending[-1].kind == "air" and state.pending[-1].data["role"] == "attacker"


def test_air_points_are_allotted_in_secret_and_the_other_seat_sees_nothing_of_them_until_the_roll(qtbot):
    from player.app import PlayerWindow

    from .conftest import GALLOP

    seen_by_defender = []
    for points in (0, 2):
        w = PlayerWindow(GALLOP, seed=5, handover=False, autosave=None, interactive=False)
        qtbot.addWidget(w)
        w.show()
        qtbot.waitExposed(w)
        wait_started(qtbot, w)
        bot = WindowBot(qtbot, w)
        to_attacker_air(qtbot, w, bot)
        allot = w.decision_focus.allot
        assert allot.isVisible() and allot.points.maximum() >= 2
        for _ in range(points):
            bot.key(Qt.Key.Key_Up, allot.points)
        assert allot.points.value() == points
        assert f"With {points} air point" in allot.odds.text()
        bot.key(Qt.Key.Key_Return, allot.points)
        state = w.controller.state
        assert state.pending[-1].data["role"] == "defender" and w.controller.viewing_side() == "soviet"
        assert allot.isVisible() and "the attacker's air points are secret" in allot.odds.text()
        w.status_panel.refresh()
        seen_by_defender.append(shown_texts(w))
        bot.click(w.findChild(QPushButton, "air_allot"))  # the defender puts none on: the roll
        resolved = next(e for e in reversed(state.log) if e.kind == "CombatResolved")
        assert any(f"air points {points} to 0" in why for why, _n in resolved.shifts) == bool(points)
        w.close()
    assert seen_by_defender[0] == seen_by_defender[1], "the defender's seat reads the same window whatever the attacker allotted"


def test_markers_for_works_fatigue_supply_breakthrough_and_detachments_sit_over_the_counter_off_its_values(qtbot, k43_window):
    from kharkovsuite.view.counters import marker_layout

    w = k43_window
    bot = WindowBot(qtbot, w)
    open_formation(qtbot, w)
    state = w.controller.state
    dig = next(a for a in state.legal_actions().actions() if a.kind == "BuildPosition" and a.posture == "pdm")
    where = state.units[dig.units[0]].hex
    bot.select_hex(where)
    bot.click(dock_button(w, f"BuildPosition:{','.join(dig.units)}:pdm"))
    assert all("pdm" in cv.markers for cv in w.scene.stack_at(where)), "dug in through the window: a PDM marker on each counter"
    # the engine's other markers, on a unit of the seat's side: fatigue 2, isolated, a breakthrough in its hex, a detachment
    side = state.phase.side
    det = next(u.id for u in state.scenario.units if u.values.get("detached_from") and state.units[u.id].side == side)
    uid = dig.units[0]
    changed = state.clone()
    changed.game.setdefault("fatigue", {})[uid] = 2
    changed.game.setdefault("supply", {})[uid] = "isolated"
    changed.phase_data["activation"]["breakthrough"] = [where]  # 7.7: the open activation's marker
    changed.place(det, where)
    w.controller.replace(changed)
    shown = {cv.id: cv.markers for cv in w.scene.stack_at(where)}
    assert {"fatigue2", "isolated", "pdm"} <= set(shown[uid])
    assert "detachment" in shown[det]
    assert "breakthrough" in shown[uid]
    item = w.scene.stack_item(where)
    bounds = item.mapRectToScene(item.boundingRect())
    for cv, rect in zip(w.scene.stack_at(where), item.counter_scene_rects()):
        tags = [tag for tag, *_ in marker_layout(cv.markers, rect)]
        assert len(tags) == len(cv.markers)
        for i, tag in enumerate(tags):
            assert not tag.intersects(rect), f"{cv.id}: a marker covers the counter"
            assert bounds.contains(tag), f"{cv.id}: a marker is cut off"
            assert not any(tag.intersects(other) for other in tags[i + 1:]), f"{cv.id}: markers overlap"
    text_px = rect.height() * w.view.readable_zoom() * 0.30 * 0.7
    assert text_px >= 7, "a marker's text is at least 7 pixels high where the counters can be read"


def test_15_2_each_reinforcement_arriving_by_train_has_its_button_with_rail_on_and_rides_on_to_a_clicked_station(qtbot):
    """Turn 5 of Gallop: German reinforcements wait off the map, three of them arriving by train (15.2).  With Rail on,
    each of those has a "By train" button, not only the first the engine lists; it shows the stations the unit may
    ride on to from its railroad entry hex, and a click on one takes it there (paying the cost of getting off, 6.4)."""
    from kharkovsuite.engine.actions import RailMove
    from kharkovsuite.rules.kharkov1943 import reinforcements
    from kharkovsuite.rules.kharkov1943.actions import Activate
    from tests.rules.kharkov1943.test_k43_arrivals import arrived
    from tests.rules.kharkov1943.k43_helpers import GALLOP as GALLOP_PATH

    state = arrived(5)
    state.apply(Activate())
    rider = "d15_81"
    waiting = set(reinforcements.waiting(state, "german"))
    assert rider in waiting and len(waiting) > 1
    w = window_on(qtbot, GALLOP_PATH, state)
    bot = WindowBot(qtbot, w)
    riders = {u for a in state.legal_actions().actions() if isinstance(a, RailMove) for u in a.units if u in waiting}
    assert rider in riders
    assert not [b for b in w.actions_panel.buttons if b.objectName().startswith("train:")]  # Rail off: entries by road only
    rides = {a.path[-1]: a for a in state.legal_actions().actions() if isinstance(a, RailMove) and a.units == (rider,)}
    bot.set_rail(True)
    trains = {b.objectName().removeprefix("train:") for b in w.actions_panel.buttons if b.objectName().startswith("train:")}
    assert trains == riders  # every one of them, not only the first the engine lists
    assert "arriving by train" in w.statusBar().currentMessage()
    button = bot.unit_button("train", rider)  # by the keyboard: the button takes the focus (Tab) and Space presses it
    assert button.focusPolicy() & Qt.FocusPolicy.TabFocus
    button.setFocus()
    qtbot.keyClick(button, Qt.Key.Key_Space)
    assert w.selected == (rider,)
    assert set(w.reach) == set(rides)
    assert "may not act" not in w.statusBar().currentMessage()  # off the map, yet it may ride on
    end = sorted(rides)[-1]
    bot.click_hex(end)
    assert w.controller.state.units[rider].hex == end
    assert activation.current(w.controller.state)["spent"][rider] == 3  # 6.4: getting off the train

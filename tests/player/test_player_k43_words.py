"""Kharkov 1943 at the window in a player's words: an activation offered from the unit clicked (3.2, 3.3), a pass
that ends the operations phase asked first (2.2), the Unit dock and the log naming units and sides, never by id."""
from __future__ import annotations

from .clicks import answer_next_box, button, click_button, click_hex
from .test_player_names import shows_id


def press(qtbot, w, name: str) -> None:
    """Click the dock's button ``name`` once it shows (a button added to the dock shows a turn of the event loop later)."""
    qtbot.waitUntil(lambda: w.findChild(type(w.actions_panel.buttons[0]) if w.actions_panel.buttons else object, name) is not None
                    and button(w, name).isVisible(), timeout=10000)
    click_button(qtbot, w, name)


def test_3_2_3_3_a_click_on_a_unit_offers_the_formations_it_may_act_in_and_the_general_activation(qtbot, k43_window):
    w = k43_window
    state = w.controller.state
    unit = "pz7_6"  # of III. Panzerkorps' formation, within its line of command (8.1)
    click_hex(qtbot, w, state.units[unit].hex)
    qtbot.waitUntil(lambda: unit in w.selected)
    labels = {b.objectName(): b.text().replace("\n", " ") for b in w.actions_panel.buttons}
    assert labels.get("Activate:de_hq_iiipzk") == "Activate the formation of III. Panzerkorps"
    assert labels.get("Activate:None") == "General activation"
    # an HQ whose line of command does not reach the unit is not offered for it
    assert "Activate:de_hq_hgs" not in labels and "Activate:de_hq_1pza" not in labels
    press(qtbot, w, "Activate:de_hq_iiipzk")
    act = state.phase_data.get("activation")
    assert act is not None and act["hq"] == "de_hq_iiipzk"


def test_the_unit_dock_names_the_unit_without_its_id(qtbot, k43_window):
    w = k43_window
    state = w.controller.state
    click_hex(qtbot, w, state.units["pz7_6"].hex)
    qtbot.waitUntil(lambda: "pz7_6" in w.selected)
    w.status_panel.refresh(("pz7_6",))
    text = w.status_panel.toPlainText()
    assert w.controller.unit_name("pz7_6") in text and not shows_id(text, "pz7_6")


def test_the_log_names_the_sides_as_the_scenario_does(k43_window):
    text = k43_window.log_panel.toPlainText()
    assert "for initiative (German)" in text and "(german)" not in text and "(soviet)" not in text


def test_2_2_a_pass_after_the_other_side_s_pass_asks_first_and_cancel_keeps_the_phase(qtbot, k43_window):
    w = k43_window
    state = w.controller.state
    w.confirming = True  # as an interactive window asks
    # the first pass asks nothing: the other side's segment follows
    press(qtbot, w, "Pass")
    assert state.phase.id == "operations"
    assert state.turn_data["last_passed"] and state.to_act == "soviet"
    qtbot.waitUntil(lambda: any(b.objectName() == "Pass" for b in w.actions_panel.buttons), timeout=10000)
    button = next(b for b in w.actions_panel.buttons if b.objectName() == "Pass")
    assert "end the operations phase" in button.text().replace("\n", " ")
    seen = answer_next_box(qtbot, "confirm_no")
    press(qtbot, w, "Pass")
    qtbot.waitUntil(lambda: bool(seen), timeout=5000)
    assert "ends the operations phase" in seen[0] and "2.2" in seen[0]
    assert state.phase.id == "operations" and state.to_act == "soviet"  # the slip cost nothing
    seen = answer_next_box(qtbot, "confirm_yes")
    press(qtbot, w, "Pass")
    qtbot.waitUntil(lambda: bool(seen), timeout=5000)
    assert any(e.kind == "PhaseChanged" and e.phase == "administrative" and e.turn == 1 for e in state.log)  # the phase ended


def test_6_6_the_units_that_may_react_are_listed_by_name_and_one_moves_by_clicks(qtbot, k43_window):
    from PySide6.QtWidgets import QPushButton

    from .test_player_k43_window import plan_normal_attack
    from .windowbot import WindowBot

    w = k43_window
    bot = WindowBot(qtbot, w)
    plan_normal_attack(qtbot, w, bot)
    bot.click(w.findChild(QPushButton, "attack_declare"))
    state = w.controller.state
    assert state.pending and state.pending[-1].kind == "reaction"
    able = {a.units[0] for a in state.legal_actions().actions() if a.kind == "Move" and len(a.units) == 1}
    assert able and able <= set(state.pending[-1].data["units"])  # the units of 6.6 that have somewhere to go
    qtbot.waitUntil(lambda: any(b.objectName().startswith("pick:") for b in w.actions_panel.buttons), timeout=10000)
    picks = {b.objectName().removeprefix("pick:"): b for b in w.actions_panel.buttons if b.objectName().startswith("pick:")}
    assert set(picks) == able
    for uid, b in picks.items():
        assert b.text().replace("\n", " ").startswith(f"Move {w.controller.unit_name(uid)} — at ") and not shows_id(b.text(), uid)
    assert "may move now (6.6)" in w.actions_panel.title.text().replace('<a href="case:6.6">6.6</a>', "6.6")
    uid = sorted(picks)[0]
    press(qtbot, w, f"pick:{uid}")
    assert w.selected == (uid,) and w.reach
    dest = sorted(h for h in w.reach if h != state.units[uid].hex)[0]
    bot.click_hex(dest)
    moved = [e for e in state.log if e.kind == "UnitMoved" and getattr(e, "how", "") == "reaction"]
    assert moved and moved[-1].units == (uid,) and state.units[uid].hex == dest


def test_7_4_the_combat_dock_widens_for_a_planned_attack_s_odds(qtbot, k43_window):
    from player.attackplan import AttackChooser

    from .test_player_k43_window import plan_normal_attack
    from .windowbot import WindowBot

    w = k43_window
    assert w.combat_dock.width() < AttackChooser.WIDE  # as the window opens
    plan_normal_attack(qtbot, w, WindowBot(qtbot, w))
    assert w.attack_chooser.isVisible()
    qtbot.waitUntil(lambda: w.combat_dock.width() >= AttackChooser.WIDE - 4, timeout=5000)


def test_9_3_the_supply_trace_names_the_units_it_finds_without_a_line(qtbot, k43_window):
    w = k43_window
    state = w.controller.state
    w.trace.actions["supply"].trigger()
    qtbot.waitUntil(lambda: bool(w.trace.legend.findings()), timeout=20000)
    findings = w.trace.legend.findings()
    cut = [u for u in ("d320_585", "d320_586") if any(w.controller.unit_name(u) in f for f in findings)]
    assert cut  # isolated on turn 1 of Gallop (9.3), named
    for f in findings:
        assert not any(shows_id(f, u) for u in state.units if state.units[u].side == "german"), f


def test_6_6_the_reacting_seat_does_not_see_the_attacker_s_selection_and_reach(qtbot, k43_window):
    from PySide6.QtWidgets import QPushButton

    from .test_player_k43_window import plan_normal_attack
    from .windowbot import WindowBot

    w = k43_window
    bot = WindowBot(qtbot, w)
    plan_normal_attack(qtbot, w, bot)
    assert w.selected and w.scene.overlay("reach") is not None  # the German seat's units and where they could go
    bot.click(w.findChild(QPushButton, "attack_declare"))
    state = w.controller.state
    assert state.pending[-1].kind == "reaction" and w.controller.viewing_side() == "soviet"
    assert w.selected == () and not w.reach and w.scene.overlay("reach") is None

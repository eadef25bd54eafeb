"""The game window drives a GameState: set-up, moves, refusals, combat, phases, saves, help."""
from kharkovsuite.engine.events import CombatResolved, PhaseChanged, Retreated, StepLost, UnitMoved

from player.app import PlayerWindow, main
from player.controller import GameController

from .conftest import DEFAULT


def _to_phase(window, phase_id):
    for _ in range(12):
        if window.controller.state.phase.id == phase_id:
            return
        assert window.end_phase() is not None
    raise AssertionError(f"never reached {phase_id}")


def test_the_default_scenario_starts_with_the_historical_set_up(window):
    state = window.controller.state
    # No reserves may be committed on turn 1 (6.74), so that phase passes by itself (4.2.A1).
    assert state.turn == 1 and state.phase.id == "soviet-movement"
    on_map = sum(len(ids) for ids in state.at.values())
    shown = sum(len(stack) for loc, stack in window.scene.counters().items() if loc in window.scene.game_map)
    assert shown == on_map > 100
    obs = state.observation("soviet")
    untried = [uid for uid, v in obs["units"].items() if "untried" in v and v["hex"]]
    assert untried
    counters = {cv.id: cv for stack in window.scene.counters().values() for cv in stack}
    for uid in untried:
        assert counters[uid].untried and counters[uid].shown_values == counters[uid].back  # strengths never shown
    bar = window.phase_label.text()
    assert "Movement" in bar and "Soviet" in bar and "case:4.2.A2" in bar
    assert "1942-05-12" in window.turn_label.text()
    assert window.end_phase_action.isEnabled()


def test_select_a_unit_and_click_a_reachable_hex_moves_it(window):
    _to_phase(window, "soviet-movement")
    state = window.controller.state
    window.click_hex("1916")
    assert window.selected and window.reach
    overlay = window.scene.overlay("reach")
    assert overlay is not None
    dest, reach = next((h, r) for h, r in sorted(window.reach.items()) if h != "1916" and r.cost <= 3)
    units = window.selected
    window.click_hex(dest)
    assert all(state.units[u].hex == dest for u in units)
    assert isinstance(state.log[-1], UnitMoved)
    assert "MP left" in window.statusBar().currentMessage()
    assert "MP left" in window.status_panel.toPlainText()
    assert window.controller.mp_spent(units[0]) == reach.cost


def test_an_illegal_move_is_refused_and_the_status_bar_names_the_case(window):
    _to_phase(window, "soviet-movement")
    state = window.controller.state
    before = state.to_dict(with_log=False)
    window.click_hex("1916")
    window.click_hex("0101")
    message = window.statusBar().currentMessage()
    assert message.startswith("Not allowed") and "6.1" in message
    assert state.to_dict(with_log=False) == before


def test_declare_an_attack_commit_air_roll_and_settle_the_results(window):
    _to_phase(window, "soviet-combat")
    state = window.controller.state
    window.click_hex(state.units["su-gd-1"].hex)
    assert "su-gd-1" in window.attackers
    assert window.scene.overlay("targets") is not None
    window.click_hex("0215")
    assert state.pending and state.pending[-1].kind == "air"
    assert "Attackers" in window.combat_panel.toPlainText()
    commit = next(b for b in window.actions_panel.buttons if b.text() == "Commit an Air Point")
    commit.click()
    assert any(isinstance(e, CombatResolved) for e in state.log)
    text = window.combat_panel.toPlainText()
    assert "Final column" in text and "Chances on column" in text and "13.14" in text
    seen = set()
    for _ in range(30):  # every decision the result asks, through what legal_actions offers
        if not state.pending:
            break
        legal = list(state.legal_actions())
        retreats = [a for a in legal if a.kind in ("Retreat", "Advance") and a.path]
        if retreats:
            window.click_hex(retreats[0].path[-1])  # the hex picks the retreat or advance
        else:
            label = window.actions_panel.buttons[0].text()
            window.actions_panel.buttons[0].click()
            seen.add(label.split(":")[0])
        seen |= {type(e).__name__ for e in state.log[-3:]}
    assert not state.pending and state.phase.id == "soviet-combat"
    assert {"StepLost", "Retreated", "Eliminated"} & seen


def test_end_phases_through_a_whole_game_turn(window):
    state = window.controller.state
    for _ in range(40):
        if state.turn == 2:
            break
        if state.pending:
            window.do(next(iter(state.legal_actions())))
        else:
            window.end_phase()
    assert state.turn == 2
    phases = [e.phase for e in state.log if isinstance(e, PhaseChanged)]
    assert {"soviet-movement", "soviet-combat", "axis-movement", "axis-combat", "axis-mechanized"} <= set(phases)
    assert "Turn 2" in window.turn_label.text()
    assert "turn 2" in window.log_panel.toPlainText()


def test_save_mid_phase_reload_and_continue_to_the_same_state(window, qtbot, tmp_path):
    _to_phase(window, "soviet-movement")
    state = window.controller.state
    window.click_hex("1916")
    dest = next(h for h, r in sorted(window.reach.items()) if h != "1916" and r.cost <= 2)
    window.click_hex(dest)
    path = tmp_path / "mid.ksave"
    assert window._save_to(path)
    other = PlayerWindow(DEFAULT, controller=GameController.open(path), handover=False, autosave=None)
    qtbot.addWidget(other)
    for side in ("soviet", "axis"):
        assert other.controller.state.observation(side) == state.observation(side)
    for w in (window, other):
        w.end_phase()
        w.end_phase()
    assert other.controller.state.to_dict() == state.to_dict()
    assert other.scene.counters() == window.scene.counters()


def test_autosave_at_every_phase_change_keeps_the_previous_phase(qtbot, tmp_path):
    w = PlayerWindow(DEFAULT, seed=2, handover=False, autosave=tmp_path)
    qtbot.addWidget(w)
    w.end_phase()
    w.end_phase()
    assert (tmp_path / "autosave.ksave").exists() and (tmp_path / "autosave-previous-phase.ksave").exists()
    loaded = GameController.open(tmp_path / "autosave.ksave").state
    assert loaded.observation("soviet") == w.controller.state.observation("soviet")


def test_a_case_link_opens_help_at_the_case(window):
    window.open_link("case:6.25")
    assert window.help is not None and window.help.isVisible()
    assert "6.25" in window.help.browser.textCursor().selectedText()
    window.help.search.setText("Major River")
    assert window.help.find_next()


def test_hand_over_screen_when_the_side_to_act_changes(qtbot):
    w = PlayerWindow(DEFAULT, seed=3, handover=True, autosave=None)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    for _ in range(6):
        if w.controller.state.to_act == "axis":
            break
        w.end_phase()
    assert w.curtain.isVisible() and "Axis player" in w.curtain.label.text()


def test_load_and_screenshot_from_the_command_line(qapp, tmp_path):
    from kharkovsuite import engine

    state = engine.new_game(DEFAULT, seed=4)
    save = tmp_path / "g.ksave"
    engine.save(state, save)
    png = tmp_path / "shot.png"
    assert main(["--load", str(save), "--screenshot", str(png)]) == 0
    assert png.stat().st_size > 10000


def test_drag_a_stack_to_a_reachable_hex_moves_it(window):
    _to_phase(window, "soviet-movement")
    state = window.controller.state
    ids = list(state.units_at("1916"))
    reach = state.legal_moves(tuple(ids))
    dest = next(h for h, r in sorted(reach.items()) if h != "1916" and r.cost <= 2)
    window.view.counters_dropped.emit("1916", dest, ids)
    assert all(state.units[u].hex == dest for u in ids)


def test_a_counter_picked_in_the_stack_inspector_is_selected_alone(window):
    _to_phase(window, "soviet-movement")
    window.click_hex("1916")
    unit = window.controller.state.units_at("1916")[0]
    window.inspector.counter_selected.emit(unit)
    assert window.selected == (unit,)
    assert window.reach == window.controller.state.legal_moves((unit,))


def test_the_end_of_game_summary_names_the_level_and_the_points(window):
    box = window.game_over_box()
    result = window.controller.state.result()
    assert result.level in box.text()
    assert all(f"{v} VP" in box.informativeText() for v in result.vp.values())


def test_clicking_an_enemy_hex_with_a_stack_selected_overruns_when_the_engine_offers_it(window):
    _to_phase(window, "soviet-movement")
    state = window.controller.state
    overruns = [a for a in state.legal_actions() if a.kind == "Overrun" and set(a.units) == set(window.controller.own_units_at(a.path[0]))]
    assert overruns, "the opening offers overruns"
    action = overruns[0]
    window.click_hex(action.path[0])
    assert set(window.selected) == set(action.units)
    assert any(b.text().startswith("Overrun") for b in window.actions_panel.buttons)
    n = len(state.actions)
    window.click_hex(action.target)
    assert len(state.actions) == n + 1 and state.actions[-1].kind == "Overrun"


def test_end_phase_lists_what_may_have_been_forgotten(window):
    _to_phase(window, "soviet-combat")
    forgotten = window.controller.forgotten()
    assert any("attack(s) could still be declared" in line for line in forgotten)
    assert window.end_phase(confirm=False) is not None  # no dialog when not asked to confirm


def test_opening_a_save_in_the_window_replaces_the_game_and_its_log(window, tmp_path):
    from kharkovsuite import engine

    other = engine.new_game(DEFAULT, seed=9)
    other.apply(next(iter(other.legal_actions())))
    path = tmp_path / "other.ksave"
    engine.save(other, path)
    _to_phase(window, "soviet-combat")
    assert window.open_game(path)
    state = window.controller.state
    assert state.observation("soviet") == other.observation("soviet") and state.seed == 9
    assert window.log_panel.toPlainText().count("turn 1:") == sum(1 for e in other.log if isinstance(e, PhaseChanged))

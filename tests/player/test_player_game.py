"""The game window drives a GameState: set-up, moves, refusals, combat, phases, saves, help."""
from kharkovsuite.engine.events import CombatResolved, PhaseChanged, Retreated, StepLost, UnitMoved

from player.app import PlayerWindow, main
from player.controller import GameController

from .conftest import DEFAULT
from tests.startwait import wait_started


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
    from kharkovsuite.engine import IllegalAction, Move

    try:
        state.clone().apply(Move(units=window.selected, path=("1916", "0101")))
    except IllegalAction as exc:
        case = exc.case
    assert message.startswith("Not allowed") and case.startswith("6.") and case in message
    assert state.to_dict(with_log=False) == before


def test_declare_an_attack_commit_air_roll_and_settle_the_results(window):
    _to_phase(window, "soviet-combat")
    state = window.controller.state
    window.click_hex(state.units["su-gd-1"].hex)
    assert "su-gd-1" in window.attackers
    assert window.scene.overlay("targets") is not None
    window.click_hex("0215")
    assert not state.pending and window.targets == ["0215"]  # picked, not declared yet
    before = window.combat_panel.toPlainText()
    assert "Odds before the roll" in before and "Chance of each result" in before and "9.85" in before
    window.click_hex("0215")  # the same target again declares the attack
    assert state.pending and state.pending[-1].kind == "air"
    text = window.combat_panel.toPlainText()
    assert "Attackers" in text and "Odds before the roll" in text
    column_before = window.controller.current_odds().column
    commit = next(b for b in window.actions_panel.buttons if b.text().replace("\n", " ").startswith("Commit an Air Point"))
    commit.click()
    if state.pending and state.pending[-1].kind == "air":  # the defender's choice: the attacker's point already counts
        assert window.controller.current_odds().column != column_before or column_before == "10-1"
        assert "attacker Air Point 13.14" in window.combat_panel.toPlainText()
        window.do(next(a for a in state.legal_actions() if a.kind == "DeclineAir"))
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


def _play_to_turn(window, turn: int, attack: bool = False, limit: int = 400) -> None:
    """End phases (taking the first offered decision; with ``attack`` the first attack offered too) until ``turn``."""
    state = window.controller.state
    for _ in range(limit):
        if state.turn == turn:
            return
        legal = state.legal_actions()
        if state.pending:
            window.do(next(iter(legal)))
        elif attack and "Attack" in state.phase.actions and any(a.kind == "Attack" for a in legal):
            window.do(next(a for a in legal if a.kind == "Attack"))
        else:
            window.end_phase()
    raise AssertionError(f"turn {turn} not reached")


def test_end_phases_through_a_whole_game_turn(window):
    state = window.controller.state
    _play_to_turn(window, 2)
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
    wait_started(qtbot, w)
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


def test_the_summary_names_the_level_the_vp_breakdown_and_charts_vp_and_losses_by_turn(window, qtbot):
    state = window.controller.state
    _play_to_turn(window, 3, attack=True)
    assert state.turn == 3
    summary = window.game_summary()
    qtbot.addWidget(summary)
    result = state.result()
    assert result.level in summary.headline.text() and "If the game ended now" in summary.headline.text()
    text = summary.breakdown.toPlainText()
    assert "Total" in text and "Cities held (17.1)" in text and all(str(v) in text for v in result.vp.values())
    history = summary.chart.history
    assert [r["turn"] for r in history] == [1, 2, 3] and not summary.problem
    assert history[-1]["vp"] == result.vp  # the turn in progress stands as the game does now
    lost = sum(1 for e in state.log if e.kind == "Eliminated")
    assert sum(sum(r["eliminated"].values()) for r in history) == lost
    assert sum(sum(r["steps"].values()) for r in history) == sum(1 for e in state.log if e.kind == "StepLost") > 0
    summary.show()
    image = summary.chart.grab().toImage()
    colors = {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
    assert len(colors) > 8  # axes, lines, markers and bars were drawn


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
    assert any("could still attack (9.1)" in line for line in forgotten)
    assert window.end_phase(confirm=False) is not None  # no dialog when not asked to confirm


def test_opening_a_save_in_the_window_replaces_the_game_and_its_log(window, tmp_path):
    from kharkovsuite import engine

    other = engine.new_game(DEFAULT, seed=9)
    other.apply(next(iter(other.legal_actions().actions())))
    path = tmp_path / "other.ksave"
    engine.save(other, path)
    _to_phase(window, "soviet-combat")
    assert window.open_game(path)
    state = window.controller.state
    assert state.observation("soviet") == other.observation("soviet") and state.seed == 9
    assert window.log_panel.toPlainText().count("turn 1:") == sum(1 for e in other.log if isinstance(e, PhaseChanged))


def test_undo_takes_moves_back_but_never_past_a_die_roll(window):
    _to_phase(window, "soviet-movement")
    state = window.controller.state
    start = state.to_dict(with_log=False)
    assert not window.undo_action.isEnabled()
    window.click_hex("1916")
    dest = next(h for h, r in sorted(window.reach.items()) if h != "1916" and r.cost <= 2)
    window.click_hex(dest)
    moved = window.controller.state.to_dict(with_log=False)
    assert window.undo_action.isEnabled()
    window.undo_action.trigger()
    assert window.controller.state.to_dict(with_log=False) == start
    assert window.controller.state.units_at("1916") and not window.undo_action.isEnabled()
    window.click_hex("1916")
    window.click_hex(dest)
    assert window.controller.state.to_dict(with_log=False) == moved  # the same move again: the same position
    window.end_phase()  # the phase ends (9.4 rolls follow in combat): nothing before it comes back
    assert not window.controller.can_undo() and window.undo() is None
    assert "Nothing to undo" in window.statusBar().currentMessage()


def test_undo_stops_at_the_combat_die(window):
    _to_phase(window, "soviet-combat")
    state = window.controller.state
    window.click_hex(state.units["su-gd-1"].hex)
    window.click_hex("0215")
    window.declare_attack()
    while window.controller.state.pending and window.controller.state.pending[-1].kind == "air":
        window.do(next(a for a in window.controller.state.legal_actions() if a.kind == "DeclineAir"))
    assert any(e.kind == "CombatResolved" for e in window.controller.state.log)
    assert not window.controller.can_undo() and not window.undo_action.isEnabled()


def test_enemy_reach_zoc_and_the_last_move_and_combat_are_shown_on_demand(window):
    from player import situation

    _to_phase(window, "soviet-movement")
    state = window.controller.state
    assert window.scene.overlay("enemy_reach") is None and window.scene.overlay("zoc") is None
    window.enemy_reach_action.setChecked(True)
    enter, attack = situation.enemy_reach(state, "axis")
    marks = window.scene.overlay("enemy_reach").entries
    assert enter and attack and set(marks) == enter | attack
    assert {marks[h][0] for h in enter} == {"enemy"} and {marks[h][0] for h in attack} == {"purple"}
    axis_hexes = {r.hex for r in state.units.values() if r.side == "axis" and r.hex}
    assert not (set(marks) & axis_hexes)
    # a hex an Axis unit could enter is one legal_moves offers it in its own Movement Phase (6.0)
    sim = state.clone()
    from kharkovsuite.rules.kharkov1942 import sequence

    sequence.go_to(sim, "axis-movement")
    some = next(u for u, r in sim.units.items() if r.side == "axis" and r.hex and len(sim.legal_moves((u,))) > 1)
    assert set(sim.legal_moves((some,))) - axis_hexes <= enter
    window.zoc_action.setChecked(True)
    zoc = set(window.scene.overlay("zoc").entries)
    assert zoc == situation.zoc_hexes(state, "axis") and {n for h in axis_hexes for n in state.board.nbr_ids[h]} >= zoc
    from PySide6.QtGui import QColor

    from kharkovsuite.view.style import overlay_style

    styles = [overlay_style(s) for s in ("enemy", "purple", "zoc")]
    assert len({st.color for st in styles}) == 3 and len({st.hatch for st in styles}) == 3  # not hue alone
    assert all(QColor(st.color).isValid() for st in styles)
    window.click_hex("1916")
    dest = next(h for h, r in sorted(window.reach.items()) if h != "1916" and r.cost <= 2)
    window.click_hex(dest)
    last = window.scene.overlay("last_move")
    assert last.hexes[0] == "1916" and last.hexes[-1] == dest
    window.enemy_reach_action.setChecked(False)
    window.zoc_action.setChecked(False)
    assert window.scene.overlay("enemy_reach") is None and window.scene.overlay("zoc") is None
    _to_phase(window, "soviet-combat")
    window.click_hex(state.units["su-gd-1"].hex)
    window.click_hex("0215")
    window.declare_attack()
    while state.pending and state.pending[-1].kind == "air":
        window.do(next(a for a in state.legal_actions() if a.kind == "DeclineAir"))
    combat = window.scene.overlay("last_combat").entries
    resolved = [e for e in state.log if e.kind == "CombatResolved"][-1]
    assert combat["0215"] == ("green", resolved.result)


def test_5_0_set_up_by_hand_within_the_zones(qtbot):
    w = PlayerWindow(DEFAULT, controller=GameController.new(DEFAULT, 6, "manual"), handover=False, autosave=None)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    wait_started(qtbot, w)
    state = w.controller.state
    assert state.phase.actions[0] == "PlaceUnit" and state.to_act == "axis"
    assert "Set-up by hand" in w.actions_panel.title.text()
    first = w.actions_panel.buttons[0]
    unit = first.objectName().removeprefix("setup:")  # the button names the unit; its objectName carries the id
    first.click()
    assert w.selected == (unit,)
    zone = {a.hex for a in state.legal_actions() if a.kind == "PlaceUnit" and a.unit == unit}
    assert set(w.scene.overlay("reach").entries) == zone
    outside = next(h for h in sorted(state.board.index) if h not in zone and not state.units_at(h))
    w.click_hex(outside)
    assert "Not allowed" in w.statusBar().currentMessage() and "5.14" in w.statusBar().currentMessage()
    target = sorted(zone)[0]
    w.click_hex(target)
    assert state.units[unit].hex == target and state.actions[-1].kind == "PlaceUnit"
    assert w.selected and w.selected[0] != unit  # the next unit waiting is picked at once


def test_the_game_panel_shows_reinforcements_reserves_hq_activation_and_the_vp_breakdown(window):
    _to_phase(window, "soviet-movement")
    text = window.status_panel.toPlainText()
    due = window.controller.reinforcements_due()
    assert due and f"turn {due[0][0]}" in text and window.controller.unit_name(due[0][3][0]) in text and "Reinforcements due (16.0)" in text
    boxes, allowance, _released = window.controller.reserves()
    assert boxes and allowance == 0  # turn 1: no reserve may be committed (4.2.A1)
    assert "Soviet reserves (6.7): may commit 0 this turn" in text
    hqs = window.controller.hqs()
    assert hqs and all(f"{window.controller.unit_name(uid)} at {h}" in text for uid, _s, h, _on in hqs)
    result = window.controller.state.result()
    assert all(f"{window.controller.state.scenario.sides[side].name} {total} =" in text for side, total in result.vp.items())

"""Following the computer's side-turn and answering decisions in the window: the replay list, centring, Air Points."""
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from kharkovsuite.engine.events import AirCommitted, AttackDeclared, CombatResolved, PhaseChanged, UnitMoved

from player.app import PlayerWindow
from player.computer import PACE_MS
from player.decisions import FOCUS_ZOOM
from player.replay import side_turn_events, steps_from_events

from .conftest import DEFAULT
from .windowbot import WindowBot
from tests.startwait import wait_started


def _window(qtbot, **options):
    w = PlayerWindow(DEFAULT, handover=False, autosave=None, interactive=False, **options)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    wait_started(qtbot, w)
    return w


def _centred_on(w, location: str) -> bool:
    """The map shows ``location`` at a readable zoom, its whole hex inside the view and the view as near it as the map's edge allows."""
    view = w.view
    point = view.mapFromScene(w.scene.location_center(location))
    inside = view.viewport().rect().adjusted(40, 40, -40, -40).contains(point)
    centre = view.viewport().rect().center()
    bars = view.horizontalScrollBar(), view.verticalScrollBar()
    # Off the centre only where the scroll bar is at its end (a hex by the map's edge).
    near = all(abs(d) < 40 or bar.value() in (bar.minimum(), bar.maximum()) for d, bar in zip((point.x() - centre.x(), point.y() - centre.y()), bars))
    return view.zoom >= FOCUS_ZOOM and inside and near


def test_side_turn_events_are_those_of_the_computer_phases_just_before_the_persons_phase():
    def phase(side, name):
        return PhaseChanged(turn=1, phase=name, side=side, name=name)

    moved = [UnitMoved(units=(f"u{i}",), path=("0101", "0102")) for i in range(4)]
    log = [phase("axis", "a-move"), moved[0], phase(None, "turn-end"), phase("soviet", "s-move"), moved[1],
           phase("soviet", "s-combat"), moved[2], phase("axis", "a-move"), moved[3]]
    span = side_turn_events(log, lambda side: side == "soviet")
    assert span[0] == log[3] and moved[1] in span and moved[2] in span
    assert moved[0] not in span and moved[3] not in span
    assert side_turn_events(log, lambda side: False) == []  # a person's phase before: nothing to show
    steps = steps_from_events(span)
    assert [s.path for s in steps] == [("0101", "0102"), ("0101", "0102")]


def test_after_the_computers_side_turn_the_person_steps_through_what_it_did(qtbot):
    w = _window(qtbot, seed=5, players={"soviet": "ai:easy"})
    assert w.computer.pace_ms == PACE_MS <= 100  # a side-turn of some fifty actions takes seconds, not most of a minute
    bot = WindowBot(qtbot, w, seed=5)
    replay = w.turn_replay
    state = w.controller.state
    for _ in range(40):  # the person (Axis) answers the decisions the Soviet attacks ask, by clicks and keys
        qtbot.waitUntil(lambda: not w.computer_to_act(), timeout=120_000)
        if state.phase.side == "axis":
            break
        assert not replay.dock.isVisible()  # not in the middle of the computer's side-turn
        bot.play_step(bot.check_offered())
    assert state.phase.id == "axis-movement" and replay.dock.isVisible()
    span = side_turn_events(state.log, w.computer.is_computer)
    moves = [e for e in span if isinstance(e, UnitMoved)]
    attacks = [e for e in span if isinstance(e, AttackDeclared)]
    assert moves and attacks
    assert replay.list.count() == len(replay.steps) >= len(moves) + len(attacks)
    texts = [replay.list.item(i).text() for i in range(replay.list.count())]
    results = [e.result for e in span if isinstance(e, CombatResolved)]
    assert sum(1 for t in texts if " attack " in t and ": " in t and "die" in t) == len(results) == len(attacks)
    # The first step is shown: its arrow on the map, the map centred on where it ended.
    first = replay.steps[0]
    assert replay.list.currentRow() == 0
    if len(first.path) > 1:
        assert w.scene.overlay("replay_path").hexes == list(first.path)
    assert _centred_on(w, first.focus)
    bot.click(w.findChild(QPushButton, "replay_next"))
    assert replay.list.currentRow() == 1
    bot.key(Qt.Key.Key_PageDown)
    assert replay.list.currentRow() == 2 and _centred_on(w, replay.steps[2].focus)
    bot.key(Qt.Key.Key_PageUp)
    assert replay.list.currentRow() == 1
    bot.click(w.findChild(QPushButton, "replay_prev"))
    assert replay.list.currentRow() == 0
    # A combat step: its target hexes are marked and the map goes there.
    row = next(i for i, t in enumerate(texts) if " attack " in t)
    replay.list.scrollToItem(replay.list.item(row))
    item_rect = replay.list.visualItemRect(replay.list.item(row))
    qtbot.mouseClick(replay.list.viewport(), Qt.MouseButton.LeftButton, pos=item_rect.center())
    assert replay.list.currentRow() == row
    step = replay.steps[row]
    assert set(w.scene.overlay("replay_marks").entries) == set(step.marks) and step.marks
    assert _centred_on(w, step.marks[0])
    bot.click(w.findChild(QPushButton, "replay_done"))
    assert not replay.dock.isVisible()
    assert w.scene.overlay("replay_path") is None and w.scene.overlay("replay_marks") is None
    assert not replay.next_action.isEnabled()


def test_the_map_goes_to_the_air_question_and_the_loss_or_retreat_choice_and_one_key_answers(qtbot):
    w = _window(qtbot, seed=1)  # hot seat: both decisions are a person's
    bot = WindowBot(qtbot, w, seed=1)
    state = w.controller.state
    bot.click(bot.end_phase_button())
    assert state.phase.id == "soviet-combat"
    attacker = state.units["su-gd-1"].hex
    bot.click_hex(attacker)
    bot.click_hex("0215")
    assert w.declare_action.isEnabled()
    w.view.center_on_hex("3520")  # the person has scrolled far away meanwhile
    assert not _centred_on(w, "0215")
    bot.key(Qt.Key.Key_Return)  # declares the attack
    assert state.pending and state.pending[-1].kind == "air"
    air = w.decision_focus.air
    assert air.isVisible() and _centred_on(w, "0215")
    text = air.label.text()
    assert "0215" in text and "with it" in text and "13.14" in text
    now = w.controller.current_odds().column
    assert f"Column now <b>{now}</b>" in text and f"with it <b>{now}</b>" not in text  # the Air Point moves the column
    w.view.center_on_hex("3520")
    bot.key(Qt.Key.Key_A)
    commits = [e for e in state.log if isinstance(e, AirCommitted)]
    assert commits and commits[-1].side == "soviet" and commits[-1].committed
    assert any(isinstance(e, CombatResolved) for e in state.log)  # the Axis has no Air Point on turn 1: the die is rolled
    assert not air.isVisible()
    assert state.pending and state.pending[-1].kind == "loss_or_retreat"  # a step or a retreat for the result (9.56)
    assert _centred_on(w, "0215")

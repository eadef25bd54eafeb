"""A hot-seat turn of Kirovograd with the advanced rules 29 and 30 (dummies, face-down counters,
hidden HQs): the seat at the screen sees of the enemy only what its observation holds, the
hand-over screen hides the map between the seats, and the start page offers the options."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QCheckBox

from kharkovsuite.engine.events import Masked
from kharkovsuite.rules.kirovograd import fog
from player.app import PlayerWindow
from player.controller import GameController
from player.startpage import StartPage

from .clicks import window_on
from .test_player_hidden import shown_texts
from .windowbot import WindowBot
from tests.startwait import wait_started

ROOT = Path(__file__).resolve().parents[2]
HISTORICAL = ROOT / "scenarios" / "kirovograd-historical.yaml"
OPTIONS = ("dummies", "hidden")


def check_seat_sees_no_secret(w: PlayerWindow) -> int:
    """Of the enemy, the scene and the window's words show no masked unit; a face-down one only from
    its back.  Returns how many enemy counters the scene shows from the back."""
    state = w.controller.state
    viewer = w.controller.viewing_side()
    masks = fog.masks_against(state, viewer)
    drawn = [cv for stack in w.scene.counters().values() for cv in stack]
    ids = {cv.id for cv in drawn}
    assert not ids & set(masks), f"{viewer} is shown hidden units {sorted(ids & set(masks))}"
    backs = [cv for cv in drawn if cv.id in set(masks.values())]
    for cv in backs:
        assert cv.untried and not cv.label and not cv.values and cv.name.endswith("face down")
    texts = shown_texts(w)
    names = {u: w.controller.unit_name(u) for u in masks}
    named = [u for u, n in names.items() if u in texts or (len(n) > 6 and n in texts and not any(
        n in w.controller.unit_name(v) for v in state.units if state.units[v].side == viewer or v not in masks))]
    assert not named, f"{viewer}'s window names hidden units {named}"
    return len(backs)


def test_a_hot_seat_turn_with_hidden_units_shows_each_seat_only_its_observation_and_the_hand_over_hides_the_map(qtbot):
    controller = GameController.new(HISTORICAL, 7, options=OPTIONS)
    w = PlayerWindow(HISTORICAL, controller=controller, seed=7, handover=True, autosave=None, interactive=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    wait_started(qtbot, w)
    bot = WindowBot(qtbot, w, seed=5, weights={"ConfirmAttack": 4.0, "AddAttacker": 2.0, "CancelAttack": 0.1, "WithdrawAttack": 0.05,
                                               "RevealUnit": 0.05})
    state = w.controller.state
    seats, hand_overs, backs = set(), 0, 0
    for _ in range(400):
        state = w.controller.state
        if state.phase.id == "move_1_2":  # both seats gave orders, the first player moved and fought its first round
            break
        if w.curtain.isVisible():
            hand_overs += 1
            centre = w.mapFromGlobal(w.view.mapToGlobal(w.view.rect().center()))
            top = w.childAt(centre)
            assert top is w.curtain or w.curtain.isAncestorOf(top), "the hand-over screen leaves the map in sight"
            assert fog.masks_against(state, state.to_act) and w.curtain.label.text().startswith(state.scenario.sides[state.to_act].name)
            qtbot.waitUntil(w.curtain.button.isEnabled, timeout=5000)
            bot.click(w.curtain.button)
            continue
        seats.add(w.controller.viewing_side())
        backs = max(backs, check_seat_sees_no_secret(w))
        bot.play_step(bot.check_offered(), first=("AssignFormation",))
    assert state.phase.id == "move_1_2", f"the turn stopped at {state.phase.id}"
    assert seats == {"german", "soviet"} and hand_overs >= 2
    assert backs > 5, "the check saw enemy counters drawn from the back"


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "player.ini"), QSettings.Format.IniFormat)


def test_the_start_page_offers_the_advanced_rules_and_the_game_starts_with_them(qtbot, settings):
    page = StartPage(current=HISTORICAL, settings=settings)
    qtbot.addWidget(page)
    assert page.current_info().path.resolve() == HISTORICAL.resolve()
    boxes = {b.objectName(): b for b in page.findChildren(QCheckBox) if b.objectName().startswith("option_")}
    assert set(boxes) >= {"option_dummies", "option_hidden"}
    boxes["option_dummies"].setChecked(True)
    assert page.start()
    assert "dummies=on" in page.choice.options and "hidden=off" in page.choice.options
    game = GameController.new(page.choice.scenario, 1, page.choice.setup, page.choice.options).state
    assert game.options["dummies"] is True and not game.options["hidden"]


def test_a_saved_hot_seat_game_opens_behind_the_hand_over_screen_of_the_side_to_act(qtbot, tmp_path):
    from kharkovsuite import engine

    controller = GameController.new(HISTORICAL, 7, options=OPTIONS)
    path = tmp_path / "game.ksave"
    engine.save(controller.state, path)
    w = PlayerWindow(HISTORICAL, controller=GameController.new(HISTORICAL, 8, options=OPTIONS), seed=8, handover=True,
                     autosave=None, interactive=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    wait_started(qtbot, w)
    w.curtain.lift()
    assert w.open_game(path)
    state = w.controller.state
    assert state.options["dummies"] and w.controller.viewing_side() == state.to_act
    assert w.curtain.isVisible() and w.curtain.label.text().startswith(state.scenario.sides[state.to_act].name)


def test_29_4_the_log_names_an_enemy_face_down_counter_as_one_never_by_its_token(qtbot):
    controller = GameController.new(HISTORICAL, 7, options=OPTIONS)
    seen = controller.state.observation("german")["units"]
    token = next(u for u, view in seen.items() if view.get("type") == fog.FACE_DOWN)
    controller.viewing_side = lambda: "german"
    text = controller.named(f"{token} move 5033-5032 (1 MP)")
    assert text == "a face-down counter move 5033-5032 (1 MP)"
    own = next(u for u in controller.state.units if controller.state.units[u].side == "soviet" and fog.face_down(controller.state, u))
    assert "counter-" not in Masked(unit=own, side="soviet", token=token).text()


def _trace_shown(qtbot, state) -> tuple:
    """The window on ``state`` (the German side to act): the Supply and Why-not overlays turned on
    from the tool bar, the 320th's regiment picked on the map; what the overlays and their legend show."""
    from tests.rules.kirovograd.kiro_helpers import GE_INF2, PLAIN

    w = window_on(qtbot, HISTORICAL, state)
    bot = WindowBot(qtbot, w)
    for name in ("supply", "why"):
        bot.click(bot.toolbar_button(w.trace.actions[name]))
    bot.click_hex(PLAIN)
    assert w.trace.unit == GE_INF2 and w.trace.side() == "german"
    data = {n: (d.marks, d.lines, [str(i) for i in d.items], d.summary) for n, d in w.trace.data.items()}
    shown = (sorted(data.items()), w.trace.legend.findings(), sorted(n for n in w.scene.overlay_names if n.startswith("trace")))
    w.close()
    return shown


def test_8_2b_29_1_the_supply_trace_in_the_window_is_the_same_beside_dummies_and_real_counters_face_down(qtbot):
    """The trace overlays (Supply, Why not) the German seat sees of its regiment ringed by Soviet
    counters: two of them face down, the tank and mechanised brigades or two dummies.  On the true
    position the real brigades' Overlapping ZOCs cut its line; the window shows the same either way,
    the line running between the face-down counters."""
    from kharkovsuite.rules.kirovograd import supply
    from tests.rules.kirovograd.kiro_helpers import GE_INF2
    from tests.rules.kirovograd.test_kiro_fog import _ringed

    dummy, real = _ringed(False, "move_1_2"), _ringed(True, "move_1_2")
    assert not supply.forward(real, GE_INF2).in_supply and supply.forward(dummy, GE_INF2).in_supply
    seen_dummy, seen_real = _trace_shown(qtbot, dummy), _trace_shown(qtbot, real)
    assert seen_dummy == seen_real
    assert dict(seen_real[0])["supply"][1].get("supply_line"), "the window draws the regiment's line"

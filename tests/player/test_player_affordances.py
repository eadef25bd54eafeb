"""Every kind of action the engine lists is reachable from the window, by mouse and by keyboard."""
import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from kharkovsuite.engine import new_game
from player.affordances import ways
from player.controller import scenario

from .clicks import click_hex
from .conftest import DEFAULT


def _random_positions(seed: int, count: int) -> list:
    """Positions of a random game (moves and decisions favoured over ending phases), one in every few actions."""
    rng = random.Random(seed)
    state = new_game(scenario(DEFAULT), seed)
    out = []
    for step in range(600):
        if state.is_terminal or len(out) >= count:
            break
        legal = state.legal_actions()
        segments = legal.segments()
        if rng.random() < 0.8 and len(segments) > 1:
            n, make = rng.choice([s for s in segments if s[1](0).kind != "EndPhase"] or segments)
            action = make(rng.randrange(n))
        else:
            action = legal[len(legal) - 1] if legal[len(legal) - 1].kind == "EndPhase" else legal[rng.randrange(len(legal))]
        state.apply(action)
        if step % 7 == 3:
            out.append(state.clone())
    return out


def _highlighted(window) -> str:
    state = window.controller.state
    starts = {state.units[u].hex for u in window.selected}
    return sorted(h for h in window.reach if h not in starts and h in window.scene.game_map)[0]


def _walk(qtbot, window, way, keyboard: bool) -> None:
    for step, target in way.steps:
        if step == "click" or step == "highlighted":
            where = target or _highlighted(window)
            if keyboard:
                window.view.setFocus()
                window.view.set_cursor_hex(where)
                qtbot.keyClick(window.view, Qt.Key.Key_Return)
            else:
                click_hex(qtbot, window, where)
        elif step == "button":
            found = [b for b in window.actions_panel.buttons if b.objectName() == target]
            assert found, f"{way.kind}: no button {target} in the Actions dock"
            button: QPushButton = found[0]
            assert button.isEnabled() and button.focusPolicy() & Qt.FocusPolicy.TabFocus
            if keyboard:
                button.setFocus()
                qtbot.keyClick(button, Qt.Key.Key_Space)
            else:
                qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        else:  # a QAction of the tool bar or a menu
            action = getattr(window, target)
            assert action.isEnabled()
            if keyboard:
                assert not action.shortcut().isEmpty(), f"{target} has no shortcut"
                qtbot.keyClick(window, action.shortcut()[0].key(), action.shortcut()[0].keyboardModifiers())
            else:
                action.trigger()


SEEDS = (11, 12, 13, 14)
POSITIONS = [(seed, i) for seed in SEEDS for i in range(6)]


@pytest.fixture(scope="module")
def positions():
    out = {seed: _random_positions(seed, 6) for seed in SEEDS}
    out["set-up"] = [new_game(scenario(DEFAULT), 1, "manual")]  # 5.0: PlaceUnit
    air = new_game(scenario(DEFAULT), 1)
    while air.phase.id != "axis-air-supply":
        air.apply(air.legal_actions()[len(air.legal_actions()) - 1] if not air.pending else air.legal_actions()[0])
    out["air supply"] = [air]  # 13.2: AirSupply
    out["reserves"] = [_phase(2, "soviet-reserves")]  # 6.73: CommitReserve
    fight = _phase(1, "soviet-combat")
    fight.apply(next(a for a in fight.legal_actions() if a.kind == "Attack"))
    out["air"] = [fight]  # 13.1: CommitAir, DeclineAir
    out["rail"] = [_first_offering("RailMove", seed=11)]  # 6.4: the sampled positions may offer none
    return out


def _first_offering(kind: str, seed: int):
    """The first position of a seeded random game (as in :func:`_random_positions`) whose legal actions include ``kind``."""
    rng = random.Random(seed)
    state = new_game(scenario(DEFAULT), seed)
    while not state.is_terminal:
        legal = state.legal_actions()
        segments = legal.segments()
        if any(make(0).kind == kind for _n, make in segments):
            return state
        n, make = rng.choice([s for s in segments if s[1](0).kind != "EndPhase"] or segments)
        state.apply(make(rng.randrange(n)))
    raise AssertionError(f"no position of the seeded game offers {kind}")


def _phase(turn: int, phase_id: str):
    state = new_game(scenario(DEFAULT), 1)
    while (state.turn, state.phase.id) != (turn, phase_id):
        legal = state.legal_actions()
        state.apply(legal[0] if state.pending else legal[len(legal) - 1])
    return state


def test_every_kind_the_engine_lists_is_made_through_the_window(window, qtbot, positions):
    seen: set[str] = set()
    for n, (seed, i) in enumerate(POSITIONS + [("set-up", 0), ("air supply", 0), ("reserves", 0), ("air", 0), ("rail", 0)]):
        if i >= len(positions[seed]):
            continue
        position = positions[seed][i]
        window.controller.replace(position.clone())
        for kind, way in ways(window).items():
            keyboard = n % 2 == 1
            window.controller.replace(position.clone())
            window.rail_action.setChecked(False)
            window._clear_selection()
            before = len(window.controller.state.actions)
            _walk(qtbot, window, way, keyboard)
            state = window.controller.state
            assert len(state.actions) == before + 1, f"{kind} by {'keyboard' if keyboard else 'mouse'}: nothing was done ({window.statusBar().currentMessage()})"
            made = state.actions[-1]
            assert made.kind == kind.split(":")[0], f"{kind}: {made.kind} was made instead"
            seen.add(kind)
    # the random games reach most kinds; the rest come from the other window tests
    assert {"Move", "Move:entry", "RailMove", "Overrun", "Attack", "EndPhase", "ChooseLoss", "Retreat", "Advance", "EndAdvance", "CommitAir",
            "DeclineAir", "BreakDown", "CommitReserve", "PlaceUnit", "AirSupply"} <= seen, seen

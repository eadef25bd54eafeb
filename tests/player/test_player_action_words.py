"""Actions in a player's words, with the odds of an overrun and a question before anything that may cost a unit."""
import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from .clicks import answer_next_box, click_hex

REPR = re.compile(r"\w+\((units|unit|division|target|path)=")


def _buttons(window, prefix: str) -> list[QPushButton]:
    return [b for b in window.actions_panel.buttons if b.objectName().startswith(prefix)]


def _to_phase(window, phase_id: str) -> None:
    while window.controller.state.phase.id != phase_id:
        assert window.end_phase(confirm=False) is not None


def test_7_0_the_actions_dock_names_an_overrun_with_its_odds_in_player_words(window, qtbot):
    overruns = _buttons(window, "Overrun:")
    assert len(overruns) > window.actions_panel.MAX_ODDS  # the long list names them only
    for b in window.actions_panel.buttons:
        assert not REPR.search(b.text()) and not REPR.search(b.toolTip())
        assert b.text().startswith(("Overrun ", "Bring on ")), b.text()
    state = window.controller.state
    first = next(a for a in state.legal_actions() if a.kind == "Overrun")
    click_hex(qtbot, window, state.units[first.units[0]].hex)  # the stack's own list has the odds
    overruns = _buttons(window, "Overrun:")
    assert overruns and overruns[0].objectName().startswith("Overrun:" + ",".join(first.units))
    text = overruns[0].text().replace("\n", " ")
    assert text.startswith("Overrun ") and " against " in text and "column" in text
    assert "Chance of each result" in overruns[0].toolTip() and "%" in overruns[0].toolTip()


def test_7_0_overrun_odds_halve_the_attack_total(window):
    from kharkovsuite.rules.kharkov1942 import odds

    state = window.controller.state
    action = next(a for a in state.legal_actions() if a.kind == "Overrun" and all(state.units[u].values is not None or state.board.unit_type[u].untried_pool is None for u in a.units))
    o = odds.overrun_odds(state, action)
    full = sum(float(r.strength) for r in o.attackers)
    assert float(o.attack) == int(full / 2)
    assert not o.morale  # 7.21: no Soviet morale die in an overrun


def test_7_0_an_overrun_asks_first_and_cancel_leaves_the_game_as_it_was(window, qtbot):
    window.confirming = True
    state = window.controller.state
    before = state.to_dict(with_log=False)
    button = _buttons(window, "Overrun:")[0]
    seen = answer_next_box(qtbot, "confirm_no")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert seen and "against" in seen[0] and "%" in seen[0]
    assert state.to_dict(with_log=False) == before
    seen = answer_next_box(qtbot, "confirm_yes")
    qtbot.mouseClick(_buttons(window, "Overrun:")[0], Qt.MouseButton.LeftButton)
    assert seen and state.actions[-1].kind == "Overrun"


def test_15_1_a_breakdown_is_named_and_asks_first(window, qtbot):
    _to_phase(window, "axis-movement")
    window.confirming = True
    state = window.controller.state
    button = next(b for b in _buttons(window, "BreakDown:") if b.objectName() == "BreakDown:ge-108lt")
    assert button.text().replace("\n", " ").startswith("Break down 108th Light Infantry Division into 3 regiments")
    seen = answer_next_box(qtbot, "confirm_no")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert seen and state.units["ge-108lt"].hex is not None
    seen = answer_next_box(qtbot, "confirm_yes")
    qtbot.mouseClick(next(b for b in _buttons(window, "BreakDown:") if b.objectName() == "BreakDown:ge-108lt"), Qt.MouseButton.LeftButton)
    assert state.units["ge-108lt"].hex is None


def test_undo_reports_the_move_in_player_words(window, qtbot):
    state = window.controller.state
    click_hex(qtbot, window, "1916")
    dest = next(h for h, r in sorted(window.reach.items()) if h != "1916" and r.cost <= 3)
    click_hex(qtbot, window, dest)
    assert state.actions and state.actions[-1].kind == "Move"
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    message = window.statusBar().currentMessage()
    assert message.startswith("Undone: Move ") and f"to {dest}" in message and not REPR.search(message)


def test_no_two_buttons_of_the_actions_dock_read_alike(window):
    texts = [b.text() for b in window.actions_panel.buttons]
    assert len(texts) > 10 and len(set(texts)) == len(texts)


def test_every_action_kind_of_the_rule_system_has_player_words():
    """A decision the rules add (10.17's displaced HQ) must never reach the window without words."""
    import kharkovsuite.rules.kharkov1942  # noqa: F401 - registers the system's own actions
    from kharkovsuite.engine.actions import ACTIONS
    from kharkovsuite.rules.kharkov1942.describe import _DESCRIBERS

    ours = {name for name, cls in ACTIONS.items() if cls.__module__.startswith(("kharkovsuite.engine", "kharkovsuite.rules.kharkov1942"))}
    assert "PlaceDisplacedHQ" in ours and ours - set(_DESCRIBERS) == set()

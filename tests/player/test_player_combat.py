"""The window on small purpose-built positions: multi-hex attacks picked by clicking (9.2) and rail mode (6.4).

The positions come from the rule tests' helper (tests/rules/kharkov1942/k42_helpers.py) on
tests/data/k42-basic.yaml: neighbours of 0504 are 0503 0403 0404 0505 0604 0603; the railroad
runs along row 03, Soviet from 0301 to 0305 (6.42).
"""
import importlib.util

import pytest

from player.app import PlayerWindow
from player.controller import GameController

from .conftest import ROOT
from tests.startwait import wait_started

_spec = importlib.util.spec_from_file_location("k42_helpers", ROOT / "tests" / "rules" / "kharkov1942" / "k42_helpers.py")
k42 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(k42)


@pytest.fixture(autouse=True)
def _no_hq_needed(monkeypatch):
    """These positions have no HQs: every unit counts as supplied and commanded (11.0, 10.2), as in the combat tests."""
    from kharkovsuite.rules.kharkov1942 import hq, supply

    monkeypatch.setattr(supply, "in_supply", lambda state, uid: True)
    monkeypatch.setattr(supply, "hex_in_supply", lambda state, hex_id, side: True)
    monkeypatch.setattr(hq, "may_attack", lambda state, uid: True)


def open_position(qtbot, placements, phase, **kw):
    state = k42.position(placements, phase=phase, **kw)
    state.scenario_path = str(k42.K42)
    w = PlayerWindow(k42.K42, controller=GameController(state), handover=False, autosave=None, interactive=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    wait_started(qtbot, w)
    return w


def test_9_2_a_multi_hex_attack_is_picked_by_clicking_each_target_and_shows_its_odds_first(qtbot):
    w = open_position(qtbot, {"ge-1": "0505", "su-g1": "0504", "su-r1": "0404"}, "axis-combat")
    state = w.controller.state
    w.click_hex("0505")
    w.click_hex("0504")
    w.click_hex("0404")
    assert w.attackers == ["ge-1"] and w.targets == ["0504", "0404"] and not state.pending
    text = w.combat_panel.toPlainText()
    assert "Proposed attack" in text and "0504, 0404" in text
    assert "untried" in text and "12.0" in text  # su-r1's strength is a range over its pool
    assert "Chance of each result" in text and w.declare_action.isEnabled()
    assert set(w.scene.overlay("proposal").entries) == {"0504", "0404"}
    w.click_hex("0504")  # a target clicked again (not the last one) is dropped
    assert w.targets == ["0404"]
    w.click_hex("0504")
    w.declare_action.trigger()
    attack = state.actions[-1]
    assert attack.kind == "Attack" and set(attack.targets) == {"0504", "0404"} and attack.attackers == ("ge-1",)
    assert w.targets == [] and w.scene.overlay("proposal") is None


def test_9_23_an_illegal_proposal_names_its_case_before_anything_is_declared(qtbot):
    w = open_position(qtbot, {"ge-1": "0505", "ge-2": "0405", "su-g1": "0504", "su-r1": "0404"}, "axis-combat")
    for hex_id in ("0505", "0405", "0504", "0404"):
        w.click_hex(hex_id)
    assert "Not allowed" in w.combat_panel.toPlainText() and "9.23" in w.combat_panel.toPlainText()
    n = len(w.controller.state.actions)
    assert w.declare_attack() is None
    assert len(w.controller.state.actions) == n and "9.23" in w.statusBar().currentMessage()


def test_6_4_rail_mode_shows_rail_reachable_hexes_and_the_rail_moves_left(qtbot):
    w = open_position(qtbot, {"su-r1": "0302", "ge-1": "0308"}, "soviet-movement")
    state = w.controller.state
    assert w.rail_action.isEnabled()
    w.rail_action.setChecked(True)
    w.click_hex("0302")
    assert w.selected == ("su-r1",)
    assert set(w.scene.overlay("reach").entries) == {"0301", "0303", "0304", "0305"}  # 0306 on is Axis rail (6.42)
    assert "5 of 5 rail moves left" in w.statusBar().currentMessage()
    w.click_hex("0307")  # an Axis rail hex: refused with its case, nothing moves
    assert "Not allowed" in w.statusBar().currentMessage() and "6.42" in w.statusBar().currentMessage()
    assert state.units["su-r1"].hex == "0302"
    w.click_hex("0305")
    assert state.units["su-r1"].hex == "0305" and state.actions[-1].kind == "RailMove"
    assert w.controller.rail_moves_left() == (4, 5)

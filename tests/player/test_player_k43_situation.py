"""Kharkov 1943's situation overlays at the window: the tool bar's ZOC and Enemy reach buttons draw the other
side's zones of control (4.2) and the hexes its units could reach with their OP (1.1, 6.1), from what the seat
may see (10.1: a stack's hidden units add nothing).  A kit without them says so with its own error type."""
from __future__ import annotations

import pytest

from kharkovsuite.rules.kharkov1943 import fog, supply, zoc
from kharkovsuite.rules.kharkov1943 import movement

from player.systems import PlayerKit, SituationUnavailable

from .windowbot import WindowBot


def enemy_of(w) -> str:
    side = w.controller.viewing_side()
    return next(s for s in w.controller.state.scenario.sides if s != side)


def test_the_zoc_button_shades_the_other_side_s_zones_of_control(qtbot, k43_window):
    w = k43_window
    assert w.zoc_action.isEnabled() and w.enemy_reach_action.isEnabled()
    WindowBot(qtbot, w).click(WindowBot(qtbot, w).toolbar_button(w.zoc_action))
    state = w.controller.state
    drawn = set(w.scene.overlay("zoc").entries)
    viewer = w.controller.viewing_side()
    truth = set(zoc.enemy_zoc(state, viewer))  # the engine's ZoC of the viewer's enemy, fog aside
    assert drawn and drawn <= truth
    assert drawn == set(zoc.zoc_seen(state, enemy_of(w), fog.hidden_units(state, viewer)))


def test_a_hidden_unit_adds_no_zoc_and_no_reach(k43_window, monkeypatch):
    w = k43_window
    state = w.controller.state
    enemy = enemy_of(w)
    everyone = {u for u, r in state.units.items() if r.side == enemy}
    assert w.controller.kit.zoc_hexes(state, enemy)
    monkeypatch.setattr(fog, "hidden_units", lambda _state, _side: everyone)
    assert w.controller.kit.zoc_hexes(state, enemy) == set()
    assert w.controller.kit.enemy_reach(state, enemy) == (set(), set())


def test_the_enemy_reach_button_draws_where_each_seen_enemy_unit_could_go_with_its_op(qtbot, k43_window):
    w = k43_window
    bot = WindowBot(qtbot, w)
    bot.click(bot.toolbar_button(w.enemy_reach_action))
    state = w.controller.state
    marks = w.scene.overlay("enemy_reach").entries
    enter = {h for h, (style, _) in marks.items() if style == "enemy"}
    attack = {h for h, (style, _) in marks.items() if style == "purple"}
    enemy = enemy_of(w)
    hidden = fog.hidden_units(state, w.controller.viewing_side())
    uid = next(u for u, r in sorted(state.units.items()) if r.side == enemy and r.hex and u not in hidden
               and zoc.reach_of_zoc(state, u) == "full" and supply.op_allowance(state, u) > 0)
    own = set(movement.reach(state, (uid,), supply.op_allowance(state, uid)))
    assert own and own <= enter
    assert attack and not attack & enter
    assert "could enter" in w.statusBar().currentMessage()


def test_a_kit_without_the_overlays_raises_its_own_error_naming_why():
    class Plain(PlayerKit):
        rules_id = "none"
        game = "A plain game"

    with pytest.raises(SituationUnavailable, match="A plain game rules give no enemy reach"):
        Plain().zoc_hexes(None, "axis")
    with pytest.raises(SituationUnavailable, match="A plain game rules give no enemy reach"):
        Plain().enemy_reach(None, "axis")

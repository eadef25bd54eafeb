"""Kharkov 1943 at the window once an activation is open: which units it may still use is drawn on the map,
a unit it may not take says why with the rule case, and a unit that moved with OP left shows its reach again."""
from __future__ import annotations

import html
import re

from kharkovsuite.rules.kharkov1943 import activation

from player.app import MAY_ACT_OVERLAY

from .test_player_k43_panels import open_formation
from .windowbot import WindowBot


def lone_units(state, side):
    return [u for u, r in sorted(state.units.items()) if r.side == side and r.hex and len(state.units_at(r.hex)) == 1]


def test_the_map_outlines_the_hexes_of_the_units_the_open_formation_activation_may_use(qtbot, k43_window):
    w = k43_window
    assert w.scene.overlay(MAY_ACT_OVERLAY) is None  # no activation open: any unit may open one
    open_formation(qtbot, w)
    state = w.controller.state
    marked = set(w.scene.overlay(MAY_ACT_OVERLAY).entries)
    side = activation.current(state)["side"]
    able = {state.units[u].hex for u, r in state.units.items() if r.side == side and r.hex and activation.can_join(state, u)}
    assert marked == able
    barred = {r.hex for u, r in state.units.items() if r.side == side and r.hex and not activation.can_join(state, u)}
    assert barred - able, "some of the side's hexes hold only units the formation may not take: they stay unmarked"


def test_a_unit_the_activation_may_not_take_says_why_with_its_case(qtbot, k43_window):
    w = k43_window
    open_formation(qtbot, w)
    state = w.controller.state
    side = activation.current(state)["side"]
    uid = next(u for u in lone_units(state, side) if not activation.can_join(state, u))
    case, why = activation.join_refusal(state, uid)
    WindowBot(qtbot, w).select_hex(state.units[uid].hex)
    assert w.selected == (uid,) and not w.reach
    title = w.actions_panel.title.text()
    assert "None besides moving" not in title
    assert "May not act now" in title and f">{case}<" in title
    words = html.unescape(re.sub(r"<[^>]+>", "", title))
    assert f"May not act now: {case}: {w.controller.named(why)}" in words
    assert w.controller.unit_name(uid) in words and uid not in words
    assert f"may not act now: {case}: {w.controller.named(why)}" in w.statusBar().currentMessage()

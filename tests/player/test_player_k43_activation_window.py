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
    assert "OP left" not in w.statusBar().currentMessage()  # it brings none to this activation


def test_a_unit_that_moved_with_op_left_stays_selected_and_says_why_it_moves_no_more(qtbot, k43_window):
    """3.4b: a move is made in one go; the unit keeps its OP for an attack.  The window draws no reach then and says
    why, instead of leaving the player to look for a highlighted hex."""
    w = k43_window
    bot = WindowBot(qtbot, w)
    hq = open_formation(qtbot, w)
    state = w.controller.state

    def quiet(h):  # no enemy next to it: the move does not end in a ZoC (4.2)
        return not any(state.units[x].side != state.phase.side for n in state.board.nbrs[h] for x in state.units_at(n))

    move = next(m for m in state.legal_actions().actions() if m.kind == "Move" and m.units != (hq,) and len(m.units) == 1
                and len(state.units_at(m.path[0])) == 1 and len(m.path) == 2 and quiet(m.path[-1]))
    uid = move.units[0]
    bot.select_units(move)
    bot.click_hex(move.path[-1])
    assert state.units[uid].hex == move.path[-1]
    left = activation.mover(state, uid, 0).remaining
    assert left > 0 and not state.legal_moves((uid,)), "OP left, and no further move (3.4b)"
    assert w.selected == (uid,) and not w.reach and not (w.scene.overlay("reach") and w.scene.overlay("reach").entries)
    words = html.unescape(re.sub(r"<[^>]+>", "", w.actions_panel.title.text()))
    assert f"No move now: 3.4: {w.controller.unit_name(uid)} has moved in this activation already" in words
    assert f"its {left} OP left may pay for an attack" in words
    assert "no move now: 3.4" in w.statusBar().currentMessage()


def test_kharkov_1942_keeps_a_moved_unit_selected_with_what_the_engine_still_allows(qtbot, window):
    """6.0b: a Kharkov 1942 move is over once made; the unit stays selected, the map draws what the engine still
    gives it (nothing) and the MP left, and no activation words of the other system appear."""
    bot = WindowBot(qtbot, window)
    state = window.controller.state
    move = next(m for m in state.legal_actions().actions() if m.kind == "Move" and len(m.units) == 1 and len(m.path) == 2
                and state.units[m.units[0]].hex and len(state.units_at(m.path[0])) == 1)
    uid = move.units[0]
    bot.select_units(move)
    bot.click_hex(move.path[-1])
    assert state.units[uid].hex == move.path[-1]
    assert window.selected == (uid,) and set(window.reach) == set(state.legal_moves((uid,)))
    message = window.statusBar().currentMessage()
    assert f"{window.controller.unit_name(uid)} at {move.path[-1]}: {window.controller.mp_left(uid):g} MP left" == message
    assert "No move now" not in window.actions_panel.title.text()

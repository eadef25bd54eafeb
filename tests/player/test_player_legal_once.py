"""The window lists the engine's legal actions once per position: every panel reads the controller's list.

A Kharkov 1943 engine takes a good part of a second to list them; when the panels each asked the engine, a click on
a unit listed them a dozen times over."""
from .clicks import click_button, click_hex


def test_a_move_by_clicks_lists_the_legal_actions_once_per_position(qtbot, k43_window, monkeypatch):
    w = k43_window
    rules = w.controller.state.rules
    calls = []
    listing = rules.legal_actions
    monkeypatch.setattr(rules, "legal_actions", lambda state: (calls.append(len(state.actions)), listing(state))[1])
    hq = next(a.hq for a in w.controller.legal() if a.kind == "Activate" and a.hq)
    calls.clear()
    click_button(qtbot, w, f"Activate:{hq}")
    state = w.controller.state
    move = next(m for m in w.controller.legal_actions() if m.kind == "Move" and len(m.units) == 1 and len(state.units_at(m.path[0])) == 1)
    click_hex(qtbot, w, move.path[0])
    assert w.selected == move.units and w.reach
    click_hex(qtbot, w, move.path[-1])
    assert state.units[move.units[0]].hex == move.path[-1]
    assert calls == [1, 2], f"legal actions listed at these action counts: {calls}"

"""What the game panel says about the running count, supply and the HQ activation schedule (10.3, 17.0)."""
from .clicks import click_hex


def test_17_0_the_running_count_reads_if_the_game_ended_now(window):
    text = window.status_panel.toPlainText()
    assert "If the game ended now" in text and "Now:" not in text
    assert "out of supply count as destroyed" in text and "17.3" in text


def test_10_3_an_unsupplied_soviet_unit_says_its_supply_waits_for_the_hq_schedule(window, qtbot):
    state = window.controller.state
    waiting = next(u for u, rec in sorted(state.units.items()) if rec.side == "soviet" and rec.hex
                   and any(n.startswith("Out of supply") and "turn 5" in n for n in window.controller.unit_notes(u)))
    click_hex(qtbot, window, state.units[waiting].hex)
    text = window.status_panel.toPlainText()
    assert "Out of supply (11.0): Soviet combat units draw supply only through an active HQ" in text and "on turn 5" in text


def test_10_3_the_hq_list_says_when_each_inactive_hq_turns_active(window):
    text = window.status_panel.toPlainText()
    assert "not active (it becomes active on turn 5)" in text
    assert "until an HQ turns active the units around it read out of supply" in text


def test_10_3_the_supply_trace_names_the_hqs_the_schedule_holds_back(window, qtbot):
    window.trace.actions["supply"].trigger()
    findings = window.trace.legend.findings()
    assert any("turns active on turn 5" in f and "10.3" in f for f in findings), findings[:5]

"""Kharkov 1943 played through the window only, both seats human: clicks on hexes and widgets, key presses.

At every step every kind of action the engine lists for the side to act must be reachable from the window.
"""
from .windowbot import WindowBot


def test_two_turns_of_gallop_played_hot_seat_through_the_window(qtbot, k43_window):
    w = k43_window
    bot = WindowBot(qtbot, w, seed=5)
    state = w.controller.state
    for _ in range(1500):
        if state.turn > 2 or state.is_terminal:
            break
        bot.assert_decision_in_view()
        bot.play_step(bot.check_offered())
        state = w.controller.state
    assert state.turn == 3 or state.is_terminal, f"two turns were not played: turn {state.turn}, {state.phase.id}"
    assert {"Activate", "Move", "EndActivation", "Pass", "Assault", "ChooseLoss"} <= set(bot.done), bot.done
    assert bot.offered_kinds <= set(bot.done) | bot.passed_over, sorted(bot.offered_kinds - set(bot.done))

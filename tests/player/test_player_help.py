"""Help for players: how to play, the rules without the engineers' columns, the shortcuts, about."""
from PySide6.QtCore import Qt

from player.help import player_rules, rules_path


def test_the_rules_for_players_have_no_code_or_tests_columns(window, qtbot):
    qtbot.keyClick(window, Qt.Key.Key_F1, Qt.KeyboardModifier.ControlModifier)
    text = window.help.browser.toPlainText()
    assert "6.25" in text and "Summary" in text
    assert "test_6_" not in text and "movement.check_path" not in text and "Engineers" not in text
    assert window.help.tabs.currentWidget().findChild(type(window.help.browser), "help_rules") is window.help.browser


def test_player_rules_drops_exactly_the_code_and_tests_cells():
    table = "| Case | Summary | Code | Tests |\n|---|---|---|---|\n| 6.25 | Rivers stop ZOC | movement.x | test_y |\n\nafter\n"
    assert player_rules(table) == "| Case | Summary |\n|---|---|\n| 6.25 | Rivers stop ZOC |\n\nafter\n"
    full = player_rules(rules_path("kharkov1942").read_text(encoding="utf-8"))
    assert "| 6.25 |" in full and "| Code |" not in full


def test_help_opens_on_how_to_play_with_f1(window, qtbot):
    qtbot.keyClick(window, Qt.Key.Key_F1)
    assert window.help.isVisible() and window.help.tabs.currentIndex() == 0
    guide = window.help.guide.toPlainText()
    for topic in ("Select and move", "Attack", "Reinforcements", "Rail", "End phase and undo", "Trace"):
        assert topic in guide


def test_the_shortcut_list_is_read_from_the_windows_actions(window, qtbot):
    window.show_help(page="shortcuts")
    text = window.help.shortcuts.toPlainText()
    for action in (window.end_phase_action, window.undo_action, window.enter_action, window.rail_action, window.fit_action):
        assert action.text().replace("&", "") in text
        assert action.shortcut().toString() in text
    assert "Shift+arrows" in text


def test_about_names_the_program_and_the_scenario(window):
    window.about_action.trigger()
    assert window.help.tabs.currentIndex() == 3
    text = window.help.about.toPlainText()
    assert "Kharkov Suite" in text and window.scenario.title in text


def test_help_closes_with_its_game_window(window, qtbot):
    window.show_help(page="about")
    assert window.help.isVisible()
    window.close()
    assert not window.help.isVisible()

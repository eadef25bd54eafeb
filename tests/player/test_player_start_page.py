"""The start page: the three games with their maps, their scenarios, set-ups and players; a game
whose rules cannot be played yet is listed with the reason and cannot be started; a Kharkov 1942
game starts from it by keys and clicks, also from File > New game of a running game."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt

from player.startpage import RECENT_SCENARIOS, StartPage, map_thumbnail, read_scenarios

ROOT = Path(__file__).resolve().parents[2]
K42 = ROOT / "scenarios" / "kharkov-1942.yaml"


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "player.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def page(qtbot, settings):
    p = StartPage(settings=settings)
    qtbot.addWidget(p)
    p.show()
    qtbot.waitExposed(p)
    return p


def texts(widget) -> list[str]:
    return [widget.item(i).text() for i in range(widget.count())]


def test_start_page_lists_the_three_games_with_a_map_picture_and_their_scenarios(page):
    games = texts(page.game_list)
    assert [g.splitlines()[0] for g in games] == ["Kharkov 1942", "Kharkov 1943", "Kirovograd"]
    for i in range(page.game_list.count()):
        icon = page.game_list.item(i).icon()
        assert not icon.isNull() and icon.pixmap(64, 64).width() > 0
    page.game_list.setCurrentRow(2)
    scenarios = texts(page.scenario_list)
    assert len(scenarios) == 3 and all("Kirovograd" in t or "Scenario" in t for t in scenarios)
    assert any("24 turns from 5 January 1944, the last on 16 January 1944" in t for t in scenarios)


def test_a_game_s_scenarios_are_listed_shortest_first(page):
    """By file name Kirovograd listed its Scenario 2 before its Scenario 1."""
    page.game_list.setCurrentRow(2)
    assert [t.splitlines()[0] for t in texts(page.scenario_list)] == [
        "Scenario 1: Opening Moves, 5-7 January 1944", "Scenario 2: Endgame, 9-16 January 1944", "Kirovograd, 5-16 January 1944 (historical set-up)"]
    page.game_list.setCurrentRow(1)
    assert [t.split(":")[0] for t in texts(page.scenario_list)] == ["Kharkov 1943"] * 2
    assert "Gallop" in texts(page.scenario_list)[0]


def test_a_scenario_s_length_names_its_last_date_as_the_start_of_its_last_turn(page):
    """The campaign runs to 19 March, its twelfth turn of about four days starting on 17 March: "1 February to
    17 March" under a title ending on 19 March read as a contradiction."""
    page.game_list.setCurrentRow(1)
    campaign = next(t for t in texts(page.scenario_list) if "Campaign" in t)
    assert campaign.splitlines()[1] == "12 turns from 1 February 1943, the last on 17 March 1943"


def test_a_game_whose_rules_cannot_run_yet_says_why_and_cannot_be_started(qtbot, settings, monkeypatch):
    import kharkovsuite.rules.kirovograd as kirovograd

    monkeypatch.setattr(kirovograd, "PLAYABLE", False)  # as while its engine was being written
    page = StartPage(settings=settings)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitExposed(page)
    page.game_list.setCurrentRow(2)
    assert "cannot be played yet" in page.game_list.currentItem().text()
    assert not page.start_button.isEnabled()
    assert "rules engine is still being written" in page.why_label.text()
    page.scenario_list.setFocus()
    qtbot.keyClick(page.scenario_list, Qt.Key.Key_Return)  # Enter on the scenario: refused, nothing opens
    assert page.choice is None and page.isVisible()
    assert "Kirovograd" in page.details.toPlainText()  # its description still reads


def test_kharkov_1942_starts_from_the_start_page_by_keys(page, qtbot, settings):
    page.game_list.setFocus()
    qtbot.keyClick(page.game_list, Qt.Key.Key_End)
    qtbot.keyClick(page.game_list, Qt.Key.Key_Home)  # back to Kharkov 1942
    assert page.current_game().rules == "kharkov1942"
    assert "Axis against Soviet" in page.details.toPlainText() and "10 turns" in page.details.toPlainText()
    qtbot.keyClick(page.game_list, Qt.Key.Key_Tab)
    assert page.scenario_list.hasFocus()
    setups = [page.setup_box.itemData(i) for i in range(page.setup_box.count())]
    assert setups == ["historical", "manual"]
    page.setup_box.setFocus()
    qtbot.keyClick(page.setup_box, Qt.Key.Key_Down)  # free set-up within the zones
    axis = page.player_boxes["axis"]
    assert axis.itemData(0) == "human" and any(axis.itemData(i) == "ai:normal" for i in range(axis.count()))
    page.seed.setFocus()
    page.seed.selectAll()
    qtbot.keyClicks(page.seed, "4242")
    page.scenario_list.setFocus()
    with qtbot.waitSignal(page.accepted):
        qtbot.keyClick(page.scenario_list, Qt.Key.Key_Return)
    c = page.choice
    assert (c.scenario, c.setup, c.seed, c.players) == (K42, "manual", 4242, {"axis": "human", "soviet": "human"})
    assert settings.value(RECENT_SCENARIOS) == [str(K42)]


def test_kirovograd_starts_from_the_start_page_with_only_its_own_computer_players(page, qtbot):
    from kharkovsuite.ai import players

    page.game_list.setCurrentRow(2)
    assert page.current_game().rules == "kirovograd" and "cannot be played" not in page.game_list.currentItem().text()
    assert page.start_button.isEnabled()
    for box in page.player_boxes.values():
        offered = [box.itemData(i) for i in range(box.count())]
        assert offered == ["human", *players("kirovograd")]  # never another system's computer players
        assert {"greedy", "ai", "ai:easy", "ai:normal", "ai:hard"} <= set(offered)  # its own, beyond random
    with qtbot.waitSignal(page.accepted):
        page.start_button.click()
    assert page.choice.scenario.name.startswith("kirovograd-") and set(page.choice.players.values()) == {"human"}


def test_file_new_game_opens_the_start_page_and_its_start_button_replaces_the_game(player_window, qtbot, monkeypatch, tmp_path):
    import player.startpage as startpage

    monkeypatch.setattr(startpage, "player_settings", lambda: QSettings(str(tmp_path / "p.ini"), QSettings.Format.IniFormat))
    w = player_window
    w.controller.state.apply(next(a for a in w.controller.state.legal_actions() if a.kind == "EndPhase"))
    new_game = next(a for a in w.menuBar().actions()[0].menu().actions() if a.text() == "&New game…")
    new_game.trigger()
    page = w.findChild(StartPage)
    assert page is not None and page.isVisible()
    assert page.current_info().path == K42  # the game being played is chosen
    page.setup_box.setCurrentIndex(page.setup_box.findData("manual"))
    qtbot.mouseClick(page.start_button, Qt.MouseButton.LeftButton)
    state = w.controller.state
    assert state.actions == [] and state.setup == "manual"
    assert "PlaceUnit" in state.phase.actions  # the set-up by hand begins


def test_map_pictures_are_drawn_once_then_read_from_the_cache(qapp, monkeypatch):
    import kharkovsuite.view as view

    info = next(i for i in read_scenarios() if i.path.name == "kirovograd-opening-moves.yaml")
    first = map_thumbnail(info, width=123)
    monkeypatch.setattr(view, "MapScene", lambda *a, **k: (_ for _ in ()).throw(AssertionError("drawn again")))
    again = map_thumbnail(info, width=123)
    assert again.size() == first.size() and again.width() == 123


def test_a_scenario_file_that_does_not_load_is_listed_with_its_problem(qtbot, settings, tmp_path):
    (tmp_path / "broken.yaml").write_text("format: kharkovsuite-scenario/1\nid: broken\n")
    (tmp_path / "k42.yaml").write_text(K42.read_text())
    p = StartPage(folder=tmp_path, settings=settings)
    qtbot.addWidget(p)
    assert p.current_info().path.name == "k42.yaml"  # the one that loads is chosen
    assert texts(p.game_list)[-1].startswith("Scenario files that cannot be read")
    p.game_list.setCurrentRow(p.game_list.count() - 1)
    (listed,) = texts(p.scenario_list)
    assert listed.startswith("broken.yaml\ncannot be read: ") and "broken.yaml:" in listed  # file:line of the problem
    assert not p.start_button.isEnabled() and "broken.yaml" in p.details.toPlainText()


def test_kharkov_without_a_game_opens_the_start_page_and_with_a_scenario_does_not(qapp, monkeypatch, tmp_path, settings):
    import player.app as app
    import player.startpage

    shown = []

    class Recorded(StartPage):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, settings=settings, **kwargs)
            shown.append(self)

    monkeypatch.setattr(player.startpage, "StartPage", Recorded)
    assert app.main(["--screenshot", str(tmp_path / "start.png")]) == 0
    assert len(shown) == 1 and (tmp_path / "start.png").stat().st_size > 10000
    assert app.main(["--scenario", str(K42), "--screenshot", str(tmp_path / "game.png")]) == 0
    assert len(shown) == 1  # a scenario named on the command line opens directly


def test_a_recent_saved_game_opens_from_the_start_page_by_keys(player_window, qtbot, settings, tmp_path):
    from player.startpage import RECENT_GAMES, remember

    w = player_window
    w.controller.state.apply(next(a for a in w.controller.state.legal_actions() if a.kind == "EndPhase"))
    save = tmp_path / "mid.ksave"
    w.controller.save(save)
    remember(settings, RECENT_GAMES, save)
    page = StartPage(settings=settings)
    qtbot.addWidget(page)
    page.show()
    assert texts(page.recent_list) == [f"Saved game: mid.ksave — {save}"]
    page.recent_list.setFocus()
    page.recent_list.setCurrentRow(0)
    with qtbot.waitSignal(page.accepted):
        qtbot.keyClick(page.recent_list, Qt.Key.Key_Return)
    assert page.choice.load == save and page.choice.scenario is None
    from player.controller import GameController

    w.controller.replace(GameController.new(K42, 9).state)  # another game meanwhile: the save replaces it
    assert w.open_choice(page.choice)
    assert w.controller.path == save and len(w.controller.state.actions) == 1


def test_a_computer_player_for_a_side_the_scenario_lacks_takes_no_seat(qtbot):
    from player.app import PlayerWindow

    w = PlayerWindow(K42, seed=1, handover=False, autosave=None, interactive=False, players={"german": "ai:normal"})
    qtbot.addWidget(w)
    assert w.computer is None and not w.faster_action.isEnabled()  # Kharkov 1942's sides are Axis and Soviet


def test_a_single_recent_game_reads_back_whole_in_the_next_session(qtbot, tmp_path):
    """The settings file keeps a list of one path as a plain string: the next session listed its letters '/' and '.'
    as saved games, and a second save remembered the letters too.  (Within one process the settings keep the list
    written, so the file is written here as the last session left it.)"""
    from player.startpage import RECENT_GAMES, recent, remember

    save, other = tmp_path / "first.ksave", tmp_path / "second.ksave"
    save.write_text("{}")
    other.write_text("{}")
    ini = tmp_path / "player.ini"
    ini.write_text(f"[General]\n{RECENT_GAMES}={save}\n")
    page = StartPage(settings=QSettings(str(ini), QSettings.Format.IniFormat))
    qtbot.addWidget(page)
    assert [t for t in texts(page.recent_list) if t.startswith("Saved game")] == [f"Saved game: first.ksave — {save}"]
    remember(QSettings(str(ini), QSettings.Format.IniFormat), RECENT_GAMES, other)
    assert recent(QSettings(str(ini), QSettings.Format.IniFormat), RECENT_GAMES) == [str(other), str(save)]


def test_the_letters_an_earlier_session_remembered_as_games_are_not_listed(qtbot, tmp_path):
    """Sessions that read a one-path list letter by letter remembered '/' and '.': folders, never a saved game."""
    from player.startpage import RECENT_GAMES, recent

    save = tmp_path / "first.ksave"
    save.write_text("{}")
    ini = tmp_path / "player.ini"
    ini.write_text(f"[General]\n{RECENT_GAMES}={save}, /, /, .\n")
    assert recent(QSettings(str(ini), QSettings.Format.IniFormat), RECENT_GAMES) == [str(save)]

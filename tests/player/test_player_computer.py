"""A computer side in the window: it thinks in a worker thread while the window keeps processing events."""


from kharkovsuite.engine.events import PhaseChanged

from player.app import PlayerWindow, main
from player.startpage import StartPage

from .conftest import DEFAULT
from .thinking import ThinkingWatch
from tests.startwait import wait_started


def test_the_computer_plays_the_soviet_turn_in_a_thread_while_the_window_stays_responsive(qtbot):
    w = PlayerWindow(DEFAULT, seed=5, handover=True, autosave=None, interactive=False, players={"soviet": "ai:normal"})
    qtbot.addWidget(w)
    w.faster_action.setChecked(True)
    w.show()
    qtbot.waitExposed(w)
    wait_started(qtbot, w)
    state = w.controller.state
    assert w.computer is not None and w.computer_to_act()
    watch = ThinkingWatch(w, "soviet")
    refused = w.end_phase()  # a human may not act for the computer
    assert refused is None and "computer" in w.statusBar().currentMessage()
    w.layer_actions["hex_ids"].trigger()  # the menus work meanwhile
    assert w.scene.layer_visible("hex_ids")
    # The Soviet turn may ask the (human) Axis side a question on the way, e.g. its air points in
    # a Soviet attack: answer with the first legal choice, as a player clicking through would.
    answered = 0
    while True:
        qtbot.waitUntil(lambda: state.to_act == "axis" and not w.computer.busy, timeout=240_000)
        if state.phase.side == "axis":
            break
        assert w.do(state.legal_actions()[0]) is not None
        answered += 1
        assert answered < 50
    watch.stop_and_check()
    assert w.computer.actions_played > 3
    phases = [e.phase for e in state.log if isinstance(e, PhaseChanged)]
    assert "soviet-combat" in phases and state.phase.side == "axis"
    assert not w.curtain.isVisible()  # one person at the screen: no hand-over curtain
    assert w.end_phase_action.isEnabled() and not w.thinking_bar.isVisible()
    assert w.log_panel.toPlainText().count("\n") > 10


def test_the_start_page_offers_each_computer_player_for_each_side(qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    from kharkovsuite.ai import PLAYERS

    dialog = StartPage(current=DEFAULT, settings=QSettings(str(tmp_path / "p.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(dialog)
    combo = dialog.player_boxes["axis"]
    names = [combo.itemData(i) for i in range(combo.count())]
    assert names == ["human", *PLAYERS]
    assert all(combo.model().item(i).isEnabled() for i in range(combo.count()))
    combo.setCurrentIndex(names.index("ai:normal"))
    assert dialog.choices() == {"soviet": "human", "axis": "ai:normal"}


def test_an_unknown_computer_player_on_the_command_line_is_reported(qapp, tmp_path, capsys):
    assert main(["--soviet", "grandmaster", "--screenshot", str(tmp_path / "x.png")]) == 2
    assert "unknown player" in capsys.readouterr().err


def test_stopping_computer_play_cancels_the_thinking_budget_of_a_kharkov_1943_player(qtbot):
    """The window has no Kharkov 1943 interface yet, so the seats get a bare holder of the game."""
    from types import SimpleNamespace

    from kharkovsuite.ai.core.seats import start_game
    from kharkovsuite.ai.kharkov1943 import K43Player
    from kharkovsuite.scenario import load_scenario
    from player.computer import ComputerSeats

    from .conftest import ROOT

    state = start_game(load_scenario(ROOT / "scenarios" / "kharkov-1943-gallop.yaml"), 1, allow_unplayable=True)
    seats = ComputerSeats(SimpleNamespace(state=state), {"soviet": "ai:normal"})
    try:
        player = seats.players["soviet"]
        assert isinstance(player, K43Player)  # the scenario's system picks the player
        assert not player.budget.spent()
        seats.stop()
        assert player.budget.cancelled and player.budget.spent()
    finally:
        seats.shutdown()

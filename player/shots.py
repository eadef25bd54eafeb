"""Render the documentation screenshots of the player: ``python -m player.shots [OUTDIR]``.

docs/images/player-opening.png (the opening position), player-move.png (a stack selected
with its reachable hexes and their costs), player-reinforcement.png (a reinforcement picked in
the Actions dock, its entry edge and reach lit), player-rail.png (rail mode: the units that may
go by rail marked, one selected with its rail reach), player-combat.png (an attack picked on the
map, its odds shown before the roll), player-reach.png (the Axis reach and zones of control as
the Soviet player sees them), player-help.png (Help open at How to play), player-summary.png
(the end-of-game summary of a game played by two ``greedy`` computer players), player-start.png
(the start page, with no recent files).  Fixed seeds, so the pictures are the same every time.
The window on each scenario is ``kharkov --scenario F --seed 1 --screenshot
docs/images/player-scenario-<name>.png``.
"""
from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from .app import DEFAULT_SCENARIO, PlayerWindow
from .controller import GameController

SUMMARY_SEED = 3


def _settle(app) -> None:
    for _ in range(5):
        app.processEvents()


def _window(app, controller: GameController | None = None) -> PlayerWindow:
    w = PlayerWindow(DEFAULT_SCENARIO, seed=1, handover=False, autosave=None, controller=controller)
    w.resize(1600, 980)
    w.show()
    _settle(app)
    return w


def _shot(app, w: PlayerWindow, path: Path, zoom: float, centre: str) -> None:
    """Zoom to ``zoom`` times the whole-map zoom around ``centre`` (never below the readable fit), save the window into ``path``, close it."""
    w.view.set_zoom(max(w.view.min_zoom * zoom, w.view.readable_zoom()))
    w.view.center_on_hex(centre)
    _settle(app)
    w.grab().save(str(path))
    w.close()


def finished_game(seed: int = SUMMARY_SEED) -> GameController:
    """A whole game between two ``greedy`` players (about half a minute)."""
    from kharkovsuite.ai import make_player

    controller = GameController.new(DEFAULT_SCENARIO, seed)
    state = controller.state
    players = {side: make_player("greedy", side, k, state.scenario.rules) for k, side in enumerate(sorted(state.scenario.sides))}
    while not state.is_terminal:
        state.apply(players[state.to_act].choose(state))
    return controller


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[0]) if argv else Path(__file__).resolve().parent.parent / "docs" / "images"
    app = QApplication.instance() or QApplication(sys.argv[:1])
    w = _window(app)
    w.grab().save(str(out / "player-opening.png"))
    w.click_hex("1916")
    _shot(app, w, out / "player-move.png", 4.5, "1916")

    w = _window(app)
    w.actions_panel.unit_picked.emit("su-tb-26")  # the "Bring on" button of the Actions dock
    _settle(app)
    w.grab().save(str(out / "player-reinforcement.png"))
    w.close()

    w = _window(app)
    w.click_hex("1916")
    w._inspector_pick("su-cd-04")  # one unit of the stack, picked in the Stack dock
    w.click_hex("1811")  # onto the railroad: it may go by rail next turn (6.41)
    while (w.controller.state.turn, w.controller.state.phase.id) != (2, "soviet-movement"):
        w.end_phase(confirm=False)
    w.rail_action.setChecked(True)
    w.click_hex("1811")
    _shot(app, w, out / "player-rail.png", 2.4, "1811")

    w = _window(app)
    w.show_help(page="how_to_play").resize(980, 900)
    _settle(app)
    w.help.grab().save(str(out / "player-help.png"))
    w.help.close()
    w.close()

    w = _window(app)
    w.enemy_reach_action.setChecked(True)
    w.zoc_action.setChecked(True)
    _shot(app, w, out / "player-reach.png", 3, "1714")

    w = _window(app)
    while w.controller.state.phase.id != "soviet-combat":
        w.end_phase()
    state = w.controller.state
    w.click_hex(state.units["su-gd-1"].hex)
    w.click_hex("0215")  # picked, not declared: the odds before the roll
    w.combat_dock.raise_()
    w.resizeDocks([w.actions_dock, w.combat_dock, w.status_dock], [120, 700, 80], Qt.Orientation.Vertical)
    w.resizeDocks([w.combat_dock], [470], Qt.Orientation.Horizontal)
    _shot(app, w, out / "player-combat.png", 4.5, "0418")

    summary = _window(app, finished_game()).game_summary()
    summary.resize(820, 940)
    summary.show()
    _settle(app)
    summary.grab().save(str(out / "player-summary.png"))
    summary.close()

    import tempfile

    from PySide6.QtCore import QSettings

    from .startpage import StartPage

    with tempfile.TemporaryDirectory() as folder:  # no recent files of whoever renders the pictures
        page = StartPage(settings=QSettings(str(Path(folder) / "player.ini"), QSettings.Format.IniFormat))
        page.show()
        _settle(app)
        page.grab().save(str(out / "player-start.png"))
        page.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

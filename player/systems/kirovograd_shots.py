"""Render Kirovograd's panel screenshots: ``python -m player.systems.kirovograd_shots [OUTDIR]``.

docs/images/player-kiro-orders.png (the Soviet seat giving its orders on the historical
scenario's first turn: some formations ordered, the supply points left, the Order Chart),
player-kiro-move.png (the first move round: a unit selected with the MP each reachable hex
costs, the enemy's ZOCs drawn by kind: fluid, locking, overlapping), player-kiro-fog.png (the
advanced rules 29 and 30: the enemy's face-down counters and the Hidden units section, :func:`fog_shot`),
player-kiro-air.png (advanced rule 28 on the Endgame: the Air panel during the air commitment, :func:`air_shot`),
player-kiro-assign.png (a movement round: the formations' assignments of 22.8 as one menu, not a button each) and
player-kiro-summary.png (the summary explaining Opening Moves' result: the points, the lead, the city objective),
:func:`words_shots`.  Fixed seed, so the
pictures are the same every time.  While the system is not yet playable the script turns on
the developer switch (``kharkov --allow-unplayable``).
"""
from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from . import allow_unplayable
from ._shots import settle, summary_shot

HISTORICAL = Path(__file__).resolve().parents[2] / "scenarios" / "kirovograd-historical.yaml"
SEED = 3


def _click(w, name: str) -> None:
    """Click the Orders panel's button of an action (its objectName), as a person does."""
    panel = w.kit_docks[0][1]
    next(b for b in panel.buttons if b.objectName() == name).click()


def main(argv=None) -> int:
    from ..app import PlayerWindow

    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[0]) if argv else Path(__file__).resolve().parents[2] / "docs" / "images"
    app = QApplication.instance() or QApplication(sys.argv[:1])
    allow_unplayable(True)

    w = PlayerWindow(HISTORICAL, seed=SEED, handover=False, autosave=None, interactive=False)
    w.resize(1600, 980)
    w.show()
    settle(app)
    state = w.controller.state
    chosen = {"c48": "assault", "c75": "mobile", "m5g": "pursuit", "c32g": "defense"}
    for f, order in chosen.items():
        _click(w, f"SetOrder:{f}:{order}")
    settle(app)
    w.grab().save(str(out / "player-kiro-orders.png"))

    for f in state.pending[-1].data["tracks"]:
        if f not in state.pending[-1].data["draft"]:
            _click(w, f"SetOrder:{f}:mobile")
    _click(w, "SubmitOrders")
    decision = w.controller.state.pending[-1]
    for f in decision.data["tracks"]:
        _click(w, f"SetOrder:{f}:mobile")
    _click(w, "SubmitOrders")
    state = w.controller.state
    side = state.phase.side
    w.zoc_action.setChecked(True)
    mover = max((a for a in state.legal_actions() if a.kind == "Move" and len(a.units) == 1 and len(state.units_at(a.path[0])) == 1),
                key=lambda a: (len(state.legal_moves(a.units)), a.units))
    w.click_hex(mover.path[0])
    w.view.set_zoom(max(w.view.min_zoom * 3.5, w.view.readable_zoom()))
    w.view.center_on_hex(mover.path[0])
    w.status_dock.raise_()
    settle(app)
    assert w.controller.state.units[mover.units[0]].side == side
    w.grab().save(str(out / "player-kiro-move.png"))
    w.close()
    fog_shot(app, out)
    air_shot(app, out)
    words_shots(app, out)
    return 0


def words_shots(app, out: Path) -> None:
    """docs/images/player-kiro-assign.png and player-kiro-summary.png (see the module's note)."""
    from ..app import PlayerWindow
    from ..panels import ActionsPanel

    w = PlayerWindow(HISTORICAL, seed=SEED, handover=False, autosave=None, interactive=False)
    w.resize(1600, 980)
    w.show()
    settle(app)
    for _ in range(2):  # both sides: defense orders everywhere (free)
        decision = w.controller.state.pending[-1]
        for f in decision.data["tracks"]:
            _click(w, f"SetOrder:{f}:defense")
        _click(w, "SubmitOrders")
    for _ in range(8):
        if sum(1 for a in w.controller.legal().actions() if a.kind == "AssignFormation") > ActionsPanel.GROUP_AT:
            break
        w.end_phase()
    w.actions_dock.raise_()
    w.resizeDocks([w.actions_dock, w.combat_dock, w.status_dock], [560, 120, 200], Qt.Orientation.Vertical)
    settle(app)
    w.grab().save(str(out / "player-kiro-assign.png"))
    w.close()
    opening = HISTORICAL.with_name("kirovograd-opening-moves.yaml")
    w = PlayerWindow(opening, seed=SEED, handover=False, autosave=None, interactive=False)
    summary_shot(app, w, out / "player-kiro-summary.png")


def fog_shot(app, out: Path) -> None:
    """docs/images/player-kiro-fog.png: the advanced rules 29 and 30 on; the Soviet seat's first move round, a dummy
    placed on a hex of its own, the German tank-backed counters drawn from their backs around Kirovograd, the
    Unit and game dock's Hidden units section (its own face-down counters, its dummies, the enemy counters it
    sees only from the back)."""
    from ..app import PlayerWindow
    from ..controller import GameController

    controller = GameController.new(HISTORICAL, SEED, options=("dummies", "hidden"))
    w = PlayerWindow(HISTORICAL, controller=controller, seed=SEED, handover=False, autosave=None, interactive=False)
    w.resize(1600, 980)
    w.show()
    settle(app)
    for _ in range(2):  # both sides: mobile orders everywhere
        decision = w.controller.state.pending[-1]
        for f in decision.data["tracks"]:
            _click(w, f"SetOrder:{f}:mobile")
        _click(w, "SubmitOrders")
    state = w.controller.state
    if state.phase.side != "soviet":  # the German player turn first: it passes its rounds
        while state.phase.side != "soviet" or not state.phase.id.startswith("move_"):
            w.end_phase(confirm=False)
            state = w.controller.state
    place = next(a for a in state.legal_actions() if a.kind == "PlaceDummy")
    w.do(place)
    kirovograd = state.board.map.model.cities["kirovograd"].hexes[0]
    w.view.set_zoom(max(w.view.min_zoom * 3.0, w.view.readable_zoom()))
    w.view.center_on_hex(kirovograd)
    w.status_dock.raise_()
    w.resizeDocks([w.actions_dock, w.combat_dock, w.status_dock], [170, 90, 620], Qt.Orientation.Vertical)
    settle(app)
    bar = w.status_panel.verticalScrollBar()
    bar.setValue(bar.maximum())  # the Hidden units section closes the dock's text
    settle(app)
    w.grab().save(str(out / "player-kiro-fog.png"))
    w.close()


ENDGAME = HISTORICAL.with_name("kirovograd-endgame.yaml")


def air_shot(app, out: Path) -> None:
    """docs/images/player-kiro-air.png: advanced rule 28 on the Endgame: defence orders everywhere, then the first
    player's air commitment: a Stuka (or Shturmovik) over an enemy hex and a fighter on patrol committed through the
    Air panel, the other side to commit; the panel shows the air base box (ready, unready), the flights and the choice,
    and the map a badge on each hex flown over."""
    from ..app import PlayerWindow
    from ..controller import GameController

    controller = GameController.new(ENDGAME, SEED, options=("air",))
    w = PlayerWindow(ENDGAME, controller=controller, seed=SEED, handover=False, autosave=None, interactive=False)
    w.resize(1600, 980)
    w.show()
    settle(app)
    for _ in range(2):  # both sides: defence orders everywhere (free; air support allowed, 6.2.2E)
        decision = w.controller.state.pending[-1]
        for f in decision.data["tracks"]:
            _click(w, f"SetOrder:{f}:defense")
        _click(w, "SubmitOrders")
    settle(app)
    panel = next(p for _d, p in w.kit_docks if type(p).__name__ == "AirPanel")
    state = w.controller.state
    side = state.pending[-1].side
    legal = [a for a in state.legal_actions().actions() if a.kind == "FlyMission" and len(a.units) == 1 and not a.escort]
    legal.sort(key=lambda a: state.board.units[a.units[0]].values.aircraft == "fighter")  # a Stuka or Shturmovik first
    attack = next(a for a in legal if a.mission == "ground_attack" and any(
        state.units[u].side == side and state.board.units[u].ground for n in state.board.nbrs[a.hex] for u in state.units_at(n)))
    for a in (attack, next(a for a in legal if a.mission == "cap" and a.units != attack.units)):
        state = w.controller.state
        if state.pending[-1].side != side:
            w.do(next(x for x in state.legal_actions().actions() if x.kind == "FlyMission" and x.mission == "cap"))
        panel.unit.setCurrentIndex(panel.unit.findData(a.units[0]))
        panel.mission.setCurrentIndex(panel.mission.findData("ground attack" if a.mission == "ground_attack" else "combat air patrol"))
        row = next(i for i in range(panel.targets.count()) if panel.targets.item(i).data(Qt.ItemDataRole.UserRole) == a)
        panel.targets.setCurrentRow(row)
        panel.commit.click()
        settle(app)
    w.view.set_zoom(max(w.view.min_zoom * 3.0, w.view.readable_zoom()))
    w.view.center_on_hex(attack.hex)
    w.click_hex(attack.hex)
    for dock, p in w.kit_docks:
        if p is panel:
            dock.raise_()
    w.resizeDocks([w.actions_dock, w.combat_dock, w.status_dock], [700, 80, 120], Qt.Orientation.Vertical)
    settle(app)
    w.grab().save(str(out / "player-kiro-air.png"))
    w.close()


if __name__ == "__main__":
    sys.exit(main())

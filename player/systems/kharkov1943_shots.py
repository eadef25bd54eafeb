"""Render Kharkov 1943's panel screenshots: ``python -m player.systems.kharkov1943_shots [OUTDIR]``.

docs/images/kharkov-1943-activation.png (a formation activation open on Gallop's first turn: the
HQ's limit and fatigue, a unit moved and its OP left, the next unit selected with the OP each
reachable hex costs), player-k43-not-eligible.png (a unit outside the HQ's lines of command
selected: the engine's reason, with its case), player-k43-fog.png (the German seat clicking a
Soviet stack it has not examined: the Stack dock lists only the top unit, 10.1),
kharkov-1943-combat.png (an attack planned in the Combat dock: its type, the column, every shift
and chance, a stack dug in showing its markers), kharkov-1943-air.png (the attacker's air points
allotted in secret); :func:`words_shots`: player-k43-activate-from-unit.png (a unit clicked offers the
formations it may act in and the general activation, 3.2, 3.3), player-k43-reaction.png (the Soviet seat's
reaction to an announced attack: the units that may react listed by name, 6.6), player-k43-summary.png (the
levels of victory, 18).  Fixed seed, so the pictures are the same every time.
"""
from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from kharkovsuite.rules.kharkov1943 import activation, fog

from ..app import PlayerWindow
from ._shots import settle, summary_shot

GALLOP = Path(__file__).resolve().parents[2] / "scenarios" / "kharkov-1943-gallop.yaml"


def _window(app) -> PlayerWindow:
    w = PlayerWindow(GALLOP, seed=5, handover=False, autosave=None, interactive=False)
    w.resize(1600, 980)
    w.show()
    w.status_dock.raise_()
    w.resizeDocks([w.actions_dock, w.combat_dock, w.status_dock], [260, 60, 560], Qt.Orientation.Vertical)
    w.resizeDocks([w.status_dock], [430], Qt.Orientation.Horizontal)
    settle(app)
    return w


def _save(app, w: PlayerWindow, path: Path, centre: str) -> None:
    w.view.set_zoom(max(w.view.min_zoom * 3.5, w.view.readable_zoom()))
    w.view.center_on_hex(centre)
    settle(app)
    w.grab().save(str(path))


def _formation(w: PlayerWindow) -> str:
    """Open the activation of the first HQ the Actions dock offers, as its button does."""
    state = w.controller.state
    hq = next(a.hq for a in state.legal_actions().actions() if a.kind == "Activate" and a.hq)
    next(b for b in w.actions_panel.buttons if b.objectName() == f"Activate:{hq}").click()
    return hq


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[0]) if argv else Path(__file__).resolve().parents[2] / "docs" / "images"
    app = QApplication.instance() or QApplication(sys.argv[:1])

    w = _window(app)
    hq = _formation(w)
    state = w.controller.state
    movers = [m for m in state.legal_actions().actions() if m.kind == "Move" and len(m.units) == 1 and m.units[0] != hq
              and len(state.units_at(m.path[0])) == 1 and len(m.path) > 2]
    first = movers[0]
    w.click_hex(first.path[0])
    w.click_hex(first.path[-1])
    second = next(m for m in movers if m.units[0] != first.units[0] and m.path[0] != first.path[-1])
    w.click_hex(second.path[0])
    _save(app, w, out / "kharkov-1943-activation.png", second.path[0])
    side = state.phase.side
    refused = next(u for u, r in sorted(state.units.items()) if r.side == side and r.hex and len(state.units_at(r.hex)) == 1
                   and activation.join_refusal(state, u) is not None)
    w.click_hex(state.units[refused].hex)
    _save(app, w, out / "player-k43-not-eligible.png", state.units[refused].hex)
    w.close()

    w = _window(app)
    state = w.controller.state
    viewer = w.controller.viewing_side()
    hex_id = next(h for h, ids in sorted(state.at.items()) if len(ids) > 1 and all(state.units[u].side != viewer for u in ids)
                  and not fog.examined(state, viewer, h))
    w.inspector_dock.raise_()
    w.click_hex(hex_id)
    _save(app, w, out / "player-k43-fog.png", hex_id)
    w.close()

    w = _window(app)
    w.combat_dock.raise_()
    _formation(w)
    state = w.controller.state
    attack = next(a for a in state.legal_actions().actions() if a.kind == "Assault" and a.types == ("normal",) and not a.support)
    here = state.units[attack.attackers[0]].hex
    dig = next((a for a in state.legal_actions().actions() if a.kind == "BuildPosition" and state.units[a.units[0]].hex != here
                and state.units[a.units[0]].hex in state.board.nbrs[here]), None)
    if dig is not None:
        next(b for b in w.actions_panel.buttons if b.objectName() == f"BuildPosition:{','.join(dig.units)}:{dig.posture}").click()
    w.resizeDocks([w.actions_dock, w.combat_dock, w.status_dock], [120, 640, 160], Qt.Orientation.Vertical)
    w.click_hex(here)
    w.click_hex(attack.target)
    _save(app, w, out / "kharkov-1943-combat.png", attack.target)
    w.attack_chooser.declare()
    while state.pending and state.pending[-1].kind == "reaction":
        w.do(next(a for a in state.legal_actions().actions() if a.kind == "EndReaction"))
    allot = w.decision_focus.allot
    allot.points.setValue(min(2, allot.points.maximum()))
    _save(app, w, out / "kharkov-1943-air.png", attack.target)
    w.close()
    words_shots(app, out)
    return 0


def words_shots(app, out: Path) -> None:
    """The window's words for Kharkov 1943: an activation offered from a clicked unit, the reaction's units by name,
    the summary's levels of victory."""
    w = _window(app)
    w.actions_dock.raise_()
    w.resizeDocks([w.actions_dock, w.combat_dock, w.status_dock], [300, 60, 520], Qt.Orientation.Vertical)
    state = w.controller.state
    unit = next(u for u in ("pz7_6", "pz7_7") if state.units[u].hex)
    w.click_hex(state.units[unit].hex)
    _save(app, w, out / "player-k43-activate-from-unit.png", state.units[unit].hex)
    next(b for b in w.actions_panel.buttons if b.objectName().startswith("Activate:de_")).click()
    attack = next(a for a in state.legal_actions().actions() if a.kind == "Assault" and a.types == ("normal",) and not a.support)
    w.click_hex(state.units[attack.attackers[0]].hex)
    w.click_hex(attack.target)
    w.attack_chooser.declare()
    w.actions_dock.raise_()
    w.resizeDocks([w.actions_dock, w.combat_dock, w.status_dock], [520, 200, 160], Qt.Orientation.Vertical)
    _save(app, w, out / "player-k43-reaction.png", attack.target)
    w.close()
    w = _window(app)
    summary_shot(app, w, out / "player-k43-summary.png")


if __name__ == "__main__":
    sys.exit(main())

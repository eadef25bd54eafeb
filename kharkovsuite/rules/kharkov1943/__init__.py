"""Vae Victis' *Kharkov 1943* (1999): its data and its rules engine.

Data: the pydantic model of the system's own scenario data (:mod:`.data`: charts, formations
and fronts, special rules, victory conditions), the counter values the rules derive
(:mod:`.units`, cases 1.1, 1.2 and 5) and the checks the scenario loader runs
(:func:`scenario_checks`).

Rules, part 1 (:mod:`.rules` holds the object the engine delegates to): :mod:`.sequence` (2),
:mod:`.activation` (3), :mod:`.zoc` (4), :mod:`.stacking` (5), :mod:`.movement` (6.1-6.5),
:mod:`.command` (the lines of command 3.2 needs, 8.1-8.2), :mod:`.board` (the static tables).
Part 2: :mod:`.combat` and :mod:`.odds` (7), :mod:`.works` (11), :mod:`.air` (13), :mod:`.supply`
(9), :mod:`.fog` (10), :mod:`.hq` (1.4), reinforcements, replacements, detachments and victory
(15, 16, 1.3, 18); the registry starts games of this system (:func:`new_game`).
"""
from __future__ import annotations

from .checks import scenario_checks

#: The registry (:func:`kharkovsuite.rules.system`) refuses to play a system that says False.
PLAYABLE = True
#: The options a game may switch on (:mod:`kharkovsuite.engine.options`): name -> what, with its case.
OPTIONS = {
    "hq_boxes": "10.3: units kept in an HQ's box off the map",
    "first_turn_supplied": "the addenda's choice: every unit is supplied on turn 1",
}


def new_game(scenario, seed: int = 0, setup_name: str = "historical", scenario_path: str | None = None, options: dict | None = None):
    """What the registry calls to start a game (:func:`kharkovsuite.engine.new_game`), once playable."""
    from .rules import new_game as start

    return start(scenario, seed, setup_name, scenario_path, options)


def attack_preview(state, side: str, attackers, targets, attack_type: str = "normal", air_points=None, support=None) -> dict:
    """The odds query computer players ask (the shape of ``kharkovsuite.ai.core.preview.AttackPreview``):
    the combat panel's preview (7.4) of ``attackers`` of ``side`` attacking the one hex of
    ``targets`` as plain data, with the steps or retreat hexes each CRT cell costs each side (7.5)."""
    from ...engine.errors import IllegalAction
    from .data import parse_result

    targets = (targets,) if isinstance(targets, str) else tuple(targets)
    if len(targets) != 1:
        raise IllegalAction("7.1", "an attack is made on one hex")
    act = state.phase_data.get("activation")
    if act is None or act.get("side") != side:
        raise IllegalAction("7.1", f"only the {side} player's open activation may attack")
    p = state.rules.combat_preview(state, attackers, targets[0], attack_type, air_points, support)
    losses = {}
    for cell, _ in p.results:
        r = parse_result(cell)
        losses[cell] = (float(r.attacker.number), float(r.defender.number))
    return {
        "column": p.column,
        "shifts": [(shift, case) for case, shift in p.shifts],
        "outcomes": {cell: float(chance) for cell, chance in p.results},
        "losses": losses,
    }


__all__ = ["PLAYABLE", "attack_preview", "new_game", "scenario_checks"]

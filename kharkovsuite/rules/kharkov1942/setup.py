"""Setting a game up (5.0): the historical deployment of the scenario.

``setup.placements`` puts each unit in a hex or an off-map box (reserve boxes, the German
Regimental Breakdown box).  Units of the reinforcement schedule wait in the ``arriving``
box (16.0); any other unit not placed waits in ``unplaced``.  All units start at full
strength (5.11); untried units start with no values at all (5.12, 12.0); every HQ starts
non-active (10.31).  City garrisons start in every City hex that has one (15.3).
"""
from __future__ import annotations

from ...engine.state import GameState, UnitRecord
from . import reinforcements, victory
from .units import init_pools

UNPLACED = "unplaced"
SETUPS = ("historical",)


def new_game(rules, scenario, seed: int, setup: str = "historical", scenario_path: str | None = None) -> GameState:
    if setup not in SETUPS:
        raise ValueError(f"unknown set-up {setup!r} for kharkov1942 (known: {', '.join(SETUPS)})")
    state = GameState(scenario, rules, seed, setup, scenario_path)
    board = state.board
    for unit in scenario.units:
        ut = scenario.unit_types[unit.type]
        flags = frozenset({"inactive"}) if board.is_hq(unit.id) else frozenset()
        state.units[unit.id] = UnitRecord(unit.id, ut.side, unit.type, box=UNPLACED, flags=flags)
    for p in scenario.setup.placements:
        if p.hex is not None:
            state.place(p.unit, p.hex)
        else:
            state.to_box(p.unit, p.box)
    reinforcements.schedule(state)
    init_pools(state)
    state.game["garrisons"] = dict(board.garrisons0)
    state.game["eliminated"] = []
    victory.init(state)
    events: list = []
    from .sequence import begin_turn, enter_phase

    begin_turn(state, events)
    enter_phase(state, 0, events)
    rules.settle(state, events)
    state.log.extend(events)
    state.changes.clear()
    return state


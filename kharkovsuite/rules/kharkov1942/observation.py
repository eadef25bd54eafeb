"""What one side may know (12.0, 5.12).

Units are public (position, type, steps lost, markers), except that an untried unit shows
only its type and the back of its counter until it is revealed — to both sides, since its
values are drawn only at the instant of combat.  The random generator and future draws are
never part of an observation.
"""
from __future__ import annotations

from ...engine.state import GameState
from .units import is_untried


def observation(state: GameState, side: str) -> dict:
    phase = state.phase
    units = {}
    for uid, rec in state.units.items():
        view = {"side": rec.side, "type": rec.type, "hex": rec.hex, "box": rec.box, "step": rec.step, "flags": sorted(rec.flags)}
        if is_untried(state, rec):
            pool = state.board.unit_type[uid].untried_pool
            view["untried"] = state.scenario.untried_pools[pool].back
        elif rec.values is not None:
            view["values"] = {k: rec.values[k] for k in ("attack", "defense", "movement", "steps")}
        units[uid] = view
    pending = state.pending[-1] if state.pending else None
    combat = state.phase_data.get("combat")
    return {
        "side": side,
        "turn": state.turn,
        "date": state.date,
        "phase": {"id": phase.id, "name": phase.name, "side": phase.side, "case": phase.case},
        "to_act": state.to_act,
        "pending": {"kind": pending.kind, "side": pending.side, "case": pending.case} if pending else None,
        "units": units,
        "combat": {k: combat.get(k) for k in ("attackers", "targets", "defenders", "result")} if combat else None,
        "garrisons": dict(state.game.get("garrisons", {})),
        "air": dict(state.turn_data.get("air", {})),
        "vp": dict(state.game.get("vp", {})),
        "terminal": state.terminal,
    }

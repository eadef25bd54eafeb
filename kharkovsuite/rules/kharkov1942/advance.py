"""Advance after combat (9.71-9.76).

9.71 victorious units that took part may advance along the enemy's Path of Retreat: the
vacated hex and the hexes the retreating unit passed through.  9.72 Axis units ignore ZOC;
Soviet units stop on entering an Axis ZOC.  9.73 optional, at once; units that advanced may
not attack or be attacked again this phase.  9.74 a hex emptied by elimination allows two
hexes: the vacated hex, then any vacant or friendly-occupied hex.  9.75 otherwise no farther
than the enemy retreated.  9.58 in a split result only attackers still in their original hex
advance, the defender never.  9.59 none after Engaged.  Stacking holds throughout (8.1).
"""
from __future__ import annotations

from ...engine.actions import Advance, EndAdvance
from ...engine.errors import IllegalAction
from ...engine.events import Advanced
from ...engine.state import Decision, GameState
from .places import relocate
from .stacking import room
from .units import is_combat
from .zoc import blocked_for_movement, derived, other_side


def _winners(state: GameState, combat: dict) -> tuple[str, list[str], list[str]]:
    """(side, units that may advance, vacated hexes)."""
    if combat["defender_part"]:
        side, loser = combat["side"], combat["enemy"]
        units, hexes = combat["attackers"], combat["targets"]
        losers_hexes = hexes
    else:
        side, loser = combat["enemy"], combat["side"]
        units = [u for u in combat["defenders"] if u not in combat["swept"]]
        losers_hexes = sorted({combat["origins"][u] for u in combat["attackers"]})
    eligible = [
        u for u in units
        if state.units[u].hex is not None and state.units[u].hex == combat["origins"][u] and is_combat(state, u)
    ]
    vacated = [
        h for h in losers_hexes
        if not any(state.units[u].side == loser for u in state.units_at(h))
        and not (loser == "axis" and h in state.game["garrisons"])
    ]
    return side, eligible, vacated


def options(state: GameState, combat: dict, unit_id: str) -> list[tuple[str, ...]]:
    """Every advance path for one unit."""
    if combat["eng"]:
        return []
    side, eligible, vacated = _winners(state, combat)
    if unit_id not in eligible or unit_id in state.phase_data["advanced"]:
        return []
    b = state.board
    blocked = blocked_for_movement(state, side)
    enemy_zoc = derived(state).zoc[other_side(side)] if side == "soviet" else set()
    here = state.units[unit_id].hex
    out: set[tuple[str, ...]] = set()
    for h in vacated:
        if b.hex_distance(here, h) != 1:
            continue
        retreats = combat["retreats"].get(h, [])
        if retreats:
            routes = [(h,) + tuple(p[:-1]) for p in retreats]  # 9.71, 9.75
        else:
            routes = [(h, n) for n in b.nbr_ids[h] if n != here and not b.edge_of[(b.index[h], b.index[n])].move_blocked] + [(h,)]  # 9.74
        for route in routes:
            for k in range(1, len(route) + 1):
                prefix = route[:k]
                last = b.index[prefix[-1]]
                if last in blocked:
                    break
                if room(state, prefix[-1], side) > 0:
                    out.add(prefix)
                if last in enemy_zoc:
                    break  # 9.72: Soviet units stop on entering an Axis ZOC
    return sorted(out)


def offer(state: GameState, combat: dict) -> bool:
    side, eligible, _vacated = _winners(state, combat)
    if any(options(state, combat, u) for u in eligible):
        state.pending.append(Decision("advance", side, "9.71", {}))
        return True
    return False


def legal(state: GameState, decision: Decision) -> list:
    combat = state.phase_data["combat"]
    _side, eligible, _v = _winners(state, combat)
    return [Advance(u, p) for u in sorted(eligible) for p in options(state, combat, u)] + [EndAdvance()]


def apply(state: GameState, decision: Decision, action, events: list) -> None:
    from .combat import proceed

    combat = state.phase_data["combat"]
    if isinstance(action, EndAdvance):
        state.pending.pop()
        proceed(state, events)
        return
    if not isinstance(action, Advance):
        raise IllegalAction("9.73", "advance with Advance(unit, path) or stop with EndAdvance()")
    if tuple(action.path) not in options(state, combat, action.unit):
        raise IllegalAction("9.72", f"{action.unit} may not advance along {'-'.join(action.path) or 'nothing'}")
    origin = state.units[action.unit].hex
    relocate(state, action.unit, action.path[-1], events)
    state.phase_data["advanced"].add(action.unit)
    events.append(Advanced(unit=action.unit, path=(origin,) + tuple(action.path), case="9.71"))
    _side, eligible, _v = _winners(state, combat)
    if not any(options(state, combat, u) for u in eligible):
        state.pending.pop()
        proceed(state, events)

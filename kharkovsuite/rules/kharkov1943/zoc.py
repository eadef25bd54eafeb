"""4: Zones of Control.

4.2: combat units and HQs exert a ZoC into their own hex and the six around it, but not across
a river or major river hexside while the ground is not frozen (a bridge carries it across).
HQs, Soviet armoured regiments, battalions, companies, artillery and every unit of combat value 1
exert one into their own hex only; supply heads exert none.  The costs of entering, leaving and
passing from ZoC to ZoC are in :mod:`.movement`.
"""
from __future__ import annotations

from ...engine.state import GameState
from .board import Board

OWN_HEX_ONLY_ECHELONS = frozenset({"battalion", "company", "hq"})
OWN_HEX_ONLY_KINDS = frozenset({"hq", "artillery", "rocket"})


def combat_value(state: GameState, unit_id: str) -> int:
    """1.2: the combat value at the unit's present step."""
    info = state.board.units[unit_id]
    rec = state.units[unit_id]
    return info.combat[min(rec.step, len(info.combat) - 1)]


def reach_of_zoc(state: GameState, unit_id: str) -> str:
    """4.2: ``'none'``, ``'own'`` (its hex only) or ``'full'`` (its hex and the six around)."""
    info = state.board.units[unit_id]
    v = info.values
    if v.kind == "supply_head":
        return "none"
    if v.kind in OWN_HEX_ONLY_KINDS or v.echelon in OWN_HEX_ONLY_ECHELONS:
        return "own"
    if info.side == "soviet" and v.kind == "armor" and v.echelon == "regiment":
        return "own"
    if combat_value(state, unit_id) <= 1:
        return "own"
    return "full"


def enemy_zoc(state: GameState, side: str) -> dict[str, frozenset[str]]:
    """Hex -> the enemy units (of ``side``'s enemy) exerting a ZoC there.  Cached until a unit
    of the other side moves (:func:`unit_moved`)."""
    key = ("zoc", side)
    found = state.cache.get(key)
    if found is None:
        found = state.cache[key] = _build(state, side)
    return found


def fresh_enemy_zoc(state: GameState, side: str) -> dict[str, frozenset[str]]:
    """:func:`enemy_zoc` made afresh, not cached (the debug checks of kept results)."""
    return _build(state, side)


def zoc_seen(state: GameState, side: str, unseen=frozenset()) -> dict[str, frozenset[str]]:
    """Hex -> the units of ``side`` exerting a ZoC there, as the other side may know them: without the
    ``unseen`` units (those its fog of war hides, 10.1).  Not cached: a display's query."""
    enemy = next(s for s in state.scenario.sides if s != side)
    return _build(state, enemy, frozenset(unseen))


def _build(state: GameState, side: str, unseen: frozenset[str] = frozenset()) -> dict[str, frozenset[str]]:
    board: Board = state.board
    rivers_block = board.data.movement_table[ground(state)].rivers_block_zoc
    out: dict[str, set[str]] = {}
    for hex_id, ids in state.at.items():
        for uid in ids:
            if state.units[uid].side == side or uid in unseen:
                continue
            kind = reach_of_zoc(state, uid)
            if kind == "none":
                continue
            out.setdefault(hex_id, set()).add(uid)
            if kind == "own":
                continue
            for n in board.nbrs.get(hex_id, ()):
                if rivers_block and board.river_between(hex_id, n):
                    continue
                out.setdefault(n, set()).add(uid)
    return {h: frozenset(s) for h, s in out.items()}


def ground(state: GameState) -> str:
    """14.1: this turn's ground state (frozen, snow or mud)."""
    return state.turn_data.get("weather", {}).get("ground") or state.board.data.special_rules.first_turn_weather["ground"]


def unit_moved(state: GameState, unit_id: str) -> None:
    """Drop the ZoC map the unit's enemies see.  A step loss changes ZoC too (combat value 1,
    4.2): combat (part 2) drops it the same way."""
    side = state.units[unit_id].side
    for other in ("german", "soviet"):
        if other != side:
            state.cache.pop(("zoc", other), None)

"""German Mechanized Divisional Integration (14.0).

A German mechanized division is the set of units sharing a ``formation`` whose members are
``mechanized`` and German (14.31); it integrates only with all three members present and none
ever eliminated (14.32, ``state.game['eliminated']``).

* 14.1 Schwerpunkt: all three stacked in one hex and all three in the combat (attacking
  together, or all defending) -> each is doubled, attack, defense and overrun (7.21).
* 14.2 Mobile defense (defense only): no member shares its hex with a unit from outside the
  division (a), and each member reaches another member within two hexes (b) through hexes
  holding no enemy unit and no friendly unit from outside the division (c; ZOC ignored).

:func:`doubled` is what :func:`.combat.integration_doubled` answers.
"""
from __future__ import annotations

from ...engine.state import GameState

SIZE = 3  # 14.1


def division_of(state: GameState, uid: str) -> str | None:
    b = state.board
    model = b.unit_model.get(uid)
    if model is None or not getattr(model, "formation", None):
        return None
    if not b.has_flag(uid, "mechanized") or b.unit_type[uid].nationality != "german":
        return None  # 14.31
    return model.formation


def members(state: GameState, formation: str) -> list[str]:
    cache = state.board.__dict__.setdefault("_k42_divisions", {})
    got = cache.get(formation)
    if got is None:
        got = cache[formation] = sorted(u for u in state.board.unit_model if division_of(state, u) == formation)
    return got


def intact(state: GameState, formation: str) -> bool:
    """14.32: three members, none ever eliminated, all on the map."""
    ids = members(state, formation)
    if len(ids) != SIZE:
        return False
    lost = set(state.game.get("eliminated", ()))
    return not any(u in lost or state.units[u].hex is None for u in ids)


def schwerpunkt(state: GameState, formation: str, involved: set[str]) -> bool:
    """14.1: all three stacked together and all three in this combat."""
    ids = members(state, formation)
    return all(u in involved for u in ids) and len({state.units[u].hex for u in ids}) == 1


def mobile_defense(state: GameState, formation: str) -> bool:
    """14.2 a-c."""
    ids = members(state, formation)
    own = set(ids)
    hexes = {state.units[u].hex for u in ids}
    for h in hexes:
        if any(u not in own for u in state.units_at(h)):
            return False  # a
    b = state.board

    def passable(h: str) -> bool:
        return all(u in own for u in state.units_at(h))  # c: no enemy, no outsider

    for uid in ids:
        here = state.units[uid].hex
        others = {state.units[o].hex for o in ids if o != uid}
        if here in others:
            continue
        ok = False
        for n in b.nbr_ids[here]:
            if n in others:
                ok = True
                break
            if passable(n) and any(m in others for m in b.nbr_ids[n]):
                ok = True
                break
        if not ok:
            return False  # b
    return True


def doubled(state: GameState, unit_ids, attacking: bool) -> set[str]:
    involved = set(unit_ids)
    out: set[str] = set()
    seen: set[str] = set()
    for uid in involved:
        formation = division_of(state, uid)
        if formation is None or formation in seen:
            continue
        seen.add(formation)
        if not intact(state, formation):
            continue
        ids = members(state, formation)
        if schwerpunkt(state, formation, involved):
            out.update(ids)
        elif not attacking and mobile_defense(state, formation):
            out.update(u for u in ids if u in involved)
    return out

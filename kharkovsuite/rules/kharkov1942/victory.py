"""Victory (17.0), the simple final count part 1 needs for self-play; part 2 completes it.

Implemented: 17.21 a Soviet unit entering a City hex scores 6 VP at once, once per hex
(17.22); 17.1 City control at the end (17.11: garrison extant, or Axis last to occupy and in
supply; 17.12: Soviet last to occupy and in supply — supply is the part-2 seam, "in supply"
for now); 17.25/17.3 elimination points at the end, from the unit type's ``vp`` or, when every
unit of a formation is destroyed, the formation's ``vp`` instead (17.25's panzer division
note); Soviet units out of supply at the end count as eliminated (17.3, via the seam).
Levels of victory from ``victory.levels`` on the net difference.
Not yet (part 2): 17.23 Kharkov held or cut off, 17.24 holes in the Axis front.
"""
from __future__ import annotations

from ...engine.events import VictoryPoints
from ...engine.state import GameState, Result
from . import supply

CITY_HEX_VP = 6  # 17.21


def init(state: GameState) -> None:
    """Who holds each City hex at the start: whoever stands there, else the side of the front (17.11)."""
    owner = {}
    front = state.board.map.lines.get("front")
    for hex_id in sorted(state.board.city_hexes):
        sides = {state.units[u].side for u in state.units_at(hex_id)}
        if len(sides) == 1:
            owner[hex_id] = sides.pop()
        elif hex_id in state.game["garrisons"]:
            owner[hex_id] = "axis"
        elif front is not None and front.side(hex_id) in ("axis", "soviet"):
            owner[hex_id] = front.side(hex_id)
    state.game["last_occupant"] = owner
    state.game["captured"] = []
    state.game["vp"] = {side: 0 for side in state.scenario.sides}


def city_entered(state: GameState, unit_id: str, hex_id: str, events: list) -> None:
    side = state.units[unit_id].side
    state.game["last_occupant"][hex_id] = side
    if side == "soviet" and hex_id not in state.game["captured"]:
        state.game["captured"].append(hex_id)
        award(state, "soviet", CITY_HEX_VP, f"City hex {hex_id} captured", "17.21", events)


def award(state: GameState, side: str, vp: int, reason: str, case: str, events: list) -> None:
    state.game["vp"][side] = state.game["vp"].get(side, 0) + vp
    events.append(VictoryPoints(side=side, vp=vp, reason=reason, case=case))


def turn_end(state: GameState, events: list) -> None:
    """4.2.C: per-turn Soviet points (17.23 Kharkov, 17.24 holes in the front).  Part 2."""


def _city_controller(state: GameState, city) -> str | None:
    owners = set()
    for hex_id in city.hexes:
        if hex_id in state.game["garrisons"]:
            owners.add("axis")
            continue
        side = state.game["last_occupant"].get(hex_id)
        if side is None or not supply.hex_in_supply(state, hex_id, side):
            return None
        owners.add(side)
    return owners.pop() if len(owners) == 1 else None


def _elimination_vp(state: GameState) -> dict[str, int]:
    """17.25, 17.3: points for destroyed enemy units (formations replace their units' points)."""
    out = {side: 0 for side in state.scenario.sides}
    b = state.board
    lost = set(state.game.get("eliminated", []))
    lost |= {u for u, rec in state.units.items() if rec.side == "soviet" and rec.hex is not None and not b.is_hq(u) and not supply.in_supply(state, u)}
    whole = {
        f_id for f_id, f in state.scenario.formations.items()
        if f.vp and all(u.id in lost for u in state.scenario.units if u.formation == f_id)
        and any(u.formation == f_id for u in state.scenario.units)
    }
    counted = set()
    for uid in sorted(lost):
        rec = state.units[uid]
        gainer = "soviet" if rec.side == "axis" else "axis"
        formation = b.unit_model[uid].formation
        if formation in whole:
            if formation not in counted:
                counted.add(formation)
                out[gainer] += state.scenario.formations[formation].vp
            continue
        out[gainer] += b.unit_type[uid].vp
    return out


def tally(state: GameState) -> dict[str, int]:
    """VP if the game ended now."""
    vp = dict(state.game["vp"])
    for side, n in _elimination_vp(state).items():
        vp[side] = vp.get(side, 0) + n
    for city in state.scenario.map.cities.values():
        controller = _city_controller(state, city)
        if controller is not None and city.vp:
            vp[controller] = vp.get(controller, 0) + city.vp
    return vp


def level(state: GameState, vp: dict[str, int]) -> Result:
    margin = vp.get("soviet", 0) - vp.get("axis", 0)
    name = "Draw"
    for lv in state.scenario.victory.levels:
        if abs(margin) >= lv.min and (lv.max is None or abs(margin) <= lv.max):
            name = lv.name
    winner = None
    if name.lower() != "draw" and margin != 0:
        winner = "soviet" if margin > 0 else "axis"
    return Result(vp=vp, margin=margin, winner=winner, level=name)


def result(state: GameState) -> Result:
    return level(state, tally(state))


def final_result(state: GameState, events: list) -> Result:
    res = result(state)
    state.game["final"] = {"vp": res.vp, "margin": res.margin, "winner": res.winner, "level": res.level}
    return res

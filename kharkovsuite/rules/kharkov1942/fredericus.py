"""Operation Fredericus (6.5, 6.77): the frozen Axis southern sector.

At set-up every Axis unit on the map south of the North-South Sector Line gets the ``frozen``
marker (6.51): movement (:func:`.movement.can_move`) and combat (:func:`.combat.may_attack`)
already refuse frozen units.  :func:`activate` lifts every marker at once and records the case
that did it in ``state.game['fredericus']``:

* 6.52 an Axis unit south of the line is attacked (:func:`on_attacked`, called by combat and
  overrun);
* 6.53 a Soviet unit enters a hex south of the sector line and west of the front line, by
  any means (:func:`unit_moved`, the engine's move hook);
* 6.54 a Soviet player-turn ends with a Soviet-side front-line hex south of the line neither
  occupied nor in Soviet ZOC (:func:`end_of_soviet_turn`, once the Soviet Disruption Removal
  Phase has run: nothing Soviet moves after it, and the Axis phase starts with the result);
* 6.55 a unit of the 9th Army Reserve is committed before GT 4 (:mod:`.reserves`);
* 6.56 Game-Turn 5 (:func:`begin_turn`).

The non-active Axis HQ set up south of the line (the Rumanian VI Corps HQ, 5.2) turns active in
the same release: no case gives it a turn of its own, and "all Axis units are activated" covers it
(the reading is recorded in the rules reference, 10.3).  Its ``entry_turn`` 5 in the scenario is
6.56 again, for a game that starts with the south already released.

6.57 (supplied for the first turn of activation) belongs to supply: ``activated_turn`` in the
record tells it when.  6.77: Soviet units that set up south of the line may not move north
of it (except by rail) before activation: :func:`forbidden` feeds the movement search.
Activation found inside the move hook (which has no event list) is logged by :func:`flush`.
"""
from __future__ import annotations

from ...engine.events import FlagChanged
from ...engine.state import GameState

KEY = "fredericus"
ACTIVATION_TURN = 5  # 6.56
_HEXES: dict[int, tuple] = {}


def _hexes(state: GameState):
    """(south-and-behind-the-front hex ids, indices of hexes north of the sector line) of the board."""
    b = state.board
    got = _HEXES.get(id(b))
    if got is None or got[0] is not b:
        sector = b.map.lines.get("sector")
        front = b.map.lines.get("front")
        behind, north = set(), set()
        if sector is not None:
            for i, h in enumerate(b.ids):
                s = sector.side(h)
                if s == "south" and front is not None and front.side(h) == "axis":
                    behind.add(h)
                elif s == "north":
                    north.add(i)
        got = _HEXES[id(b)] = (b, frozenset(behind), frozenset(north))
    return got[1], got[2]


def is_south(state: GameState, hex_id: str) -> bool:
    sector = state.board.map.lines.get("sector")
    return sector is not None and sector.side(hex_id) == "south"


def init(state: GameState) -> None:
    """Set-up: freeze the Axis units south of the sector line (6.51); note the Soviet ones (6.77)."""
    south_axis, south_soviet = [], []
    for uid, rec in state.units.items():
        if rec.hex is None or not is_south(state, rec.hex):
            continue
        if rec.side == "axis":
            south_axis.append(uid)
        elif rec.side == "soviet":
            south_soviet.append(uid)
    state.game[KEY] = {
        "active": False,
        "case": None,
        "activated_turn": None,
        "frozen": sorted(south_axis),
        "soviet_south": sorted(south_soviet),
        "railed": [],
        "log": [],
    }
    for uid in south_axis:
        state.set_flag(uid, "frozen", True)


def active(state: GameState) -> bool:
    fr = state.game.get(KEY)
    return fr is None or fr["active"]


def activate(state: GameState, case: str, events: list | None = None) -> None:
    """Activate every Axis unit at once (6.52-6.56), logging the case."""
    fr = state.game.get(KEY)
    if fr is None or fr["active"]:
        return
    fr["active"] = True
    fr["case"] = case
    fr["activated_turn"] = state.turn
    out = []
    for uid in fr["frozen"]:
        flags = state.units[uid].flags
        if "frozen" in flags:
            state.set_flag(uid, "frozen", False)
            out.append(FlagChanged(unit=uid, flag="frozen", on=False, case=case))
        if state.board.is_hq(uid) and "inactive" in flags and "displaced" not in flags:
            state.set_flag(uid, "inactive", False)  # the Rumanian HQ: released with its sector
            out.append(FlagChanged(unit=uid, flag="active", on=True, case=case))
    state.cache.pop("reach", None)
    state.cache.pop("rail", None)
    if events is None:
        fr["log"].extend(e.to_dict() for e in out)
    else:
        events.extend(out)


def flush(state: GameState, events: list) -> None:
    """Log activations found inside the move hook (no event list there)."""
    fr = state.game.get(KEY)
    if fr and fr["log"]:
        from ...engine.events import event_from_dict

        events.extend(event_from_dict(d) for d in fr["log"])
        fr["log"] = []


# ----------------------------------------------------------------------------- triggers


def on_attacked(state: GameState, defenders, events: list) -> None:
    """6.52: an attack (or overrun) on any Axis unit south of the sector line."""
    if active(state):
        return
    for uid in defenders:
        rec = state.units[uid]
        if rec.side == "axis" and rec.hex is not None and is_south(state, rec.hex):
            activate(state, "6.52", events)
            return


def unit_moved(state: GameState, unit_id: str, old: str | None, new: str | None) -> None:
    """6.53: a Soviet unit entering a hex south of the sector line behind the Axis front."""
    fr = state.game.get(KEY)
    if fr is None or fr["active"] or new is None or old is None:
        return
    if state.units[unit_id].side != "soviet":
        return
    behind, _north = _hexes(state)
    if new in behind:
        activate(state, "6.53")


def front_hexes_south(state: GameState) -> list[str]:
    """The hexes bordering the Soviet side of the front line, south of the sector line (6.54)."""
    front = state.board.map.lines.get("front")
    if front is None:
        return []
    return sorted(h for h, (side, _pos) in front.adjacent_hexes.items() if side == "soviet" and is_south(state, h))


def end_of_soviet_turn(state: GameState, events: list) -> None:
    """6.54: checked when the Soviet player-turn has ended."""
    if active(state):
        return
    from .zoc import derived

    b = state.board
    zoc = derived(state).zoc["soviet"]
    for h in front_hexes_south(state):
        held = any(state.units[u].side == "soviet" for u in state.units_at(h)) or b.index[h] in zoc
        if not held:
            activate(state, "6.54", events)
            return


def begin_turn(state: GameState, events: list) -> None:
    """6.56: everything still frozen activates on Game-Turn Five."""
    if state.turn >= ACTIVATION_TURN:
        activate(state, "6.56", events)


# ----------------------------------------------------------------------------- 6.77


def forbidden(state: GameState, rec) -> frozenset[int]:
    """6.77: hexes north of the sector line, for a Soviet unit that began south of it, until activation."""
    fr = state.game.get(KEY)
    if fr is None or fr["active"] or rec.side != "soviet":
        return frozenset()
    if rec.id not in fr["soviet_south"] or rec.id in fr["railed"]:
        return frozenset()
    return _hexes(state)[1]


def railed(state: GameState, units) -> None:
    """6.77: after a rail move the unit moves normally."""
    fr = state.game.get(KEY)
    if fr is not None and not fr["active"]:
        for uid in units:
            if uid in fr["soviet_south"] and uid not in fr["railed"]:
                fr["railed"].append(uid)
                state.cache.get("reach", {}).pop(uid, None)

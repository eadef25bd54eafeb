"""Setting a game up (5.0): the historical deployment of the scenario, or a set-up by hand.

``setup.placements`` puts each unit in a hex or an off-map box (reserve boxes, the German
Regimental Breakdown box).  Units of the reinforcement schedule wait in the ``arriving``
box (16.0); any other unit not placed waits in ``unplaced``.  All units start at full
strength (5.11); untried units start with no values at all (5.12, 12.0); every HQ starts
non-active (10.31).  City garrisons start in every City hex that has one (15.3).
"""
from __future__ import annotations

from ...engine.state import GameState, Phase, UnitRecord
from . import fredericus, reinforcements, reserves, victory
from .units import init_pools

UNPLACED = "unplaced"
SETUPS = ("historical", "manual")


def new_game(rules, scenario, seed: int, setup: str = "historical", scenario_path: str | None = None, options: dict | None = None) -> GameState:
    if setup not in SETUPS:
        raise ValueError(f"unknown set-up {setup!r} for kharkov1942 (known: {', '.join(SETUPS)})")
    state = GameState(scenario, rules, seed, setup, scenario_path, options)
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
    if setup == "manual":
        return begin_manual(state)
    return start_play(state)


def start_play(state: GameState, events: list | None = None) -> GameState:
    """After the set-up: Fredericus and the reserves note where things stand; GT 1 begins.

    With ``events`` (a set-up by hand ending inside ``apply``) the events go there, else to the log.
    """
    rules = state.rules
    fredericus.init(state)  # 6.51
    reserves.init(state)  # 6.71
    victory.init(state)
    out: list = [] if events is None else events
    from .sequence import begin_turn, enter_phase

    begin_turn(state, out)
    enter_phase(state, 0, out)
    rules.settle(state, out)
    if events is None:
        state.log.extend(out)
        state.changes.clear()
    return state



# ----------------------------------------------------------------------------- set-up by hand (5.0-5.3)

MANUAL_BOX = "setup"  # units waiting to be set up by hand
SETUP_PHASES = {
    side: Phase(
        f"{side}-setup", "Set-up", side, {"axis": "5.0a", "soviet": "5.0b"}[side],
        f"The {side.title()} player sets up his units in their zones (5.14, 5.2/5.3); then his side of the front must be held (5.15).",
        ("PlaceUnit", "EndPhase"),
    )
    for side in ("axis", "soviet")
}
ORDER = ("axis", "soviet")  # 5.0: the Axis player sets up first
SETUP_CASE = {"axis": "5.0a", "soviet": "5.0b"}  # the case of each side's set-up


def begin_manual(state: GameState) -> GameState:
    """``setup="manual"``: the units the scenario places in hexes wait in a box for their owner;
    boxed units (reserves, regiments) start in their boxes as usual."""
    zone_of: dict[str, str] = {}
    for zone in state.scenario.setup.zones:
        for uid in zone.units:
            zone_of.setdefault(uid, zone.id)
    for p in state.scenario.setup.placements:
        if p.hex is not None and p.unit in zone_of:
            state.to_box(p.unit, MANUAL_BOX)
    state.game["manual_setup"] = {"side": ORDER[0], "zone_of": zone_of}
    state.changes.clear()
    return state


def in_setup(state: GameState) -> bool:
    return bool(state.game.get("manual_setup"))


def setup_phase(state: GameState) -> Phase:
    return SETUP_PHASES[state.game["manual_setup"]["side"]]


def zone_hexes(state: GameState, zone_id: str) -> tuple[str, ...]:
    """5.14: a line zone is the hexes beside the line between its marks on the zone's side and
    those one hex further back; a hex zone is the hexes within ``within`` of ``hex``."""
    b = state.board
    cache = b.__dict__.setdefault("_k42_zones", {})
    got = cache.get(zone_id)
    if got is None:
        zone = next(z for z in state.scenario.setup.zones if z.id == zone_id)
        out: set[str] = set()
        if zone.line and zone.between:
            line = b.map.lines[zone.line]
            edge = line.hexes_between(zone.between[0], zone.between[1], zone.side)
            out.update(edge)
            for h in edge:
                out.update(n for n in b.nbr_ids[h] if line.side(n) == zone.side)
        elif zone.hex and zone.area is None:
            out.update(b.ids[i] for i in b.within(b.index[zone.hex], zone.within or 0))
        elif zone.hex:
            out.add(zone.hex)
        got = cache[zone_id] = tuple(sorted(out))
    return got


def waiting(state: GameState, side: str) -> list[str]:
    return sorted(u for u, rec in state.units.items() if rec.side == side and rec.box == MANUAL_BOX)


#: 5.2a: set-up zones one of whose units may instead set up in any hex of a City (zone -> city id)
CITY_OPTION = {"axis-1-2": "kharkov"}


def city_option(state: GameState, zone_id: str, uid: str) -> tuple[list[str], str | None]:
    """5.2a: (the City's hexes outside the zone, the unit of the zone already set up there or None)."""
    city = state.scenario.map.cities.get(CITY_OPTION.get(zone_id, ""))
    if city is None:
        return [], None
    hexes = [h for h in city.hexes if h not in zone_hexes(state, zone_id)]
    zone_units = next(z.units for z in state.scenario.setup.zones if z.id == zone_id)
    taken = next((u for u in zone_units if u != uid and state.units[u].hex in hexes), None)
    return hexes, taken


def places_for(state: GameState, uid: str) -> list[str]:
    from .stacking import room
    from .units import is_combat

    zone = state.game["manual_setup"]["zone_of"].get(uid)
    if zone is None:
        return []
    side = state.units[uid].side
    out = []
    extra, taken = city_option(state, zone, uid)
    hexes = list(zone_hexes(state, zone)) + (extra if taken is None else [])
    for h in hexes:
        if any(state.units[u].side != side for u in state.units_at(h)):
            continue
        if is_combat(state, uid) and room(state, h, side) <= 0:
            continue
        out.append(h)
    return out


def setup_legal(state: GameState, legal) -> None:
    from ...engine.actions import EndPhase, PlaceUnit

    side = state.game["manual_setup"]["side"]
    for uid in waiting(state, side):
        hexes = places_for(state, uid)

        def make(i: int, uid=uid, hexes=hexes) -> PlaceUnit:
            return PlaceUnit(unit=uid, hex=hexes[i])

        legal.add(len(hexes), make)
    if side == "axis":
        from .breakdown import setup_legal as breakdowns

        legal.add_list(breakdowns(state))  # 5.13
    if not waiting(state, side):
        legal.add_list([EndPhase()])


def unheld_front(state: GameState, side: str) -> list[str]:
    """5.15: hexes beside ``side``'s side of the front neither occupied nor in ``side``'s ZOC."""
    from .zoc import derived

    front = state.board.map.lines.get("front")
    if front is None:
        return []
    d = derived(state)
    index = state.board.index
    return sorted(
        h for h, (s, _pos) in front.adjacent_hexes.items()
        if s == side and not any(state.units[u].side == side for u in state.units_at(h)) and index[h] not in d.zoc[side]
    )


def setup_apply(state: GameState, action, events: list) -> None:
    from ...engine.errors import IllegalAction
    from ...engine.events import PhaseChanged, UnitMoved

    data = state.game["manual_setup"]
    side = data["side"]
    if action.kind == "PlaceUnit":
        uid, h = action.unit, action.hex
        rec = state.units.get(uid)
        if rec is None or rec.side != side or rec.box != MANUAL_BOX:
            raise IllegalAction(SETUP_CASE[side], f"{uid} is not a unit of the {side} side waiting to be set up")
        if h not in places_for(state, uid):
            zone = data["zone_of"].get(uid)
            if zone and h in zone_hexes(state, zone):
                raise IllegalAction("8.1", f"{h} cannot take {uid} (stacking or an enemy unit)")
            extra, taken = city_option(state, zone, uid) if zone else ([], None)
            if h in extra and taken:
                raise IllegalAction("5.2a", f"only one unit of its group may set up in that City; {taken} already has")
            raise IllegalAction("5.14", f"{uid} sets up in its zone {zone}, not in {h}")
        state.place(uid, h)
        events.append(UnitMoved(units=(uid,), path=(h,), cost=0.0, how="setup", case=SETUP_CASE[side]))
        return
    if action.kind == "BreakDown" and side == "axis":
        from .breakdown import apply_setup_break_down

        apply_setup_break_down(state, action, events)  # 5.13
        return
    if action.kind != "EndPhase":
        raise IllegalAction(SETUP_CASE[side], f"{action.kind} is not allowed during the set-up")
    if waiting(state, side):
        raise IllegalAction(SETUP_CASE[side], f"the {side} side still has units to set up: {', '.join(waiting(state, side)[:5])}")
    unheld = unheld_front(state, side)
    if unheld:
        raise IllegalAction("5.15", f"front-line hexes neither occupied nor in {side} ZOC: {', '.join(unheld[:8])}")
    k = ORDER.index(side)
    if k + 1 < len(ORDER):
        data["side"] = ORDER[k + 1]
        nxt = SETUP_PHASES[ORDER[k + 1]]
        events.append(PhaseChanged(turn=state.turn, phase=nxt.id, side=nxt.side, name=nxt.name, case=nxt.case))
        return
    del state.game["manual_setup"]
    start_play(state, events)

"""8: general supply (the supply points on the tracks) and forward supply (lines to sources).

General supply, ``state.game["supply"]``: track -> points.  The USSR has one track,
``"soviet"``; Germany three, ``"german:1"`` and ``"german:2"`` (the on-map dumps, 8.5.1) and
``"german:3"`` (the off-map dump, 8.5.2).  :func:`spend` refuses to take a track below zero.
``state.game["dumps"]`` maps a live dump's number to its hex; a Soviet unit entering it
destroys it with its points (8.5.1E, 13.8B), and ``state.game["airstrips"]`` likewise.

The combat half spends here: :func:`spend` with :func:`track_for` for artillery fire (8.1E,
21.3: and :func:`forward` to know whether the artillery traces a line at all), and
:func:`charge_defense` when a formation on defense orders is attacked (6.2.2D, 8.1F, 8.6).

Forward supply (8.2-8.4) is traced in each player's supply segment (:func:`supply_segment`):
a line of at most one move, at clear-weather night costs, as the source HQ or the unit itself
would move (the owner's choice: either will do), through no enemy unit and no Overlapping enemy
ZOC (8.2B, 13.3B), to a source in the order of 8.3A: the unit's formation HQ, a German dump, an
airfield (part 3: air supply missions), any friendly HQ (the unit is then attached to that
formation, 8.3B, ``state.game["attached"]``).  An HQ serves while it links, by a line of any
length free of enemy units and Overlapping ZOCs, to a road off a friendly edge (8.3.2A-B); one
that does not still serves once and is then marked Out of Supply (8.3.2C).  Units without a
line are marked Cut Off (8.4A); the combat half turns Cut Off into Out of Supply after a fight
with enemy ground units (8.4B, :func:`fought`).
"""
from __future__ import annotations

import heapq
from collections import deque
from dataclasses import dataclass, field

from ...engine.errors import IllegalAction
from ...engine.events import FlagChanged
from ...engine.state import GameState
from . import air, counters, zoc
from .board import game_turn, other

SOVIET_TRACK = "soviet"
ON_MAP_TRACKS = ("german:1", "german:2")
OFF_MAP_TRACK = "german:3"
LINE_CAP = 40.0  # no unit moves this far: the searches stop here


# ----------------------------------------------------------------------------- general supply


def init(state: GameState) -> None:
    """8.7 (and the shorter scenarios' own levels): the starting supply points; the German
    on-map points are split between the dumps still on the map, the odd point to #1."""
    given = state.board.data.supply
    dumps = dict(state.board.dumps)
    for number, hex_id in list(dumps.items()):
        if any(state.units[u].side == "soviet" for u in state.units_at(hex_id)):
            del dumps[number]  # 8.5.1E: a dump in a Soviet-held hex does not survive the set-up
    state.game["dumps"] = dumps
    state.game["airstrips"] = dict(state.board.airstrips)
    on_map = int(given.get("german_on_map", 0))
    tracks = {SOVIET_TRACK: int(given.get("soviet", 0)), "german:1": 0, "german:2": 0, OFF_MAP_TRACK: int(given.get("german_off_map", 0))}
    live = [f"german:{n}" for n in sorted(dumps)]
    for i, track in enumerate(live):
        tracks[track] = on_map // len(live) + (1 if i < on_map % len(live) else 0)
    state.game["supply"] = tracks
    state.game["attached"] = {}


def points(state: GameState, track: str) -> int:
    return state.game["supply"][track]


def side_total(state: GameState, side: str) -> int:
    return sum(v for t, v in state.game["supply"].items() if t.split(":")[0] == side)


def spend(state: GameState, track: str, amount: int, case: str, why: str) -> None:
    have = state.game["supply"][track]
    if amount > have:
        raise IllegalAction(case, f"{why} costs {amount} supply point(s); track {track} holds {have}")
    state.game["supply"][track] = have - amount


def add(state: GameState, track: str, amount: int) -> None:
    state.game["supply"][track] += amount


def exhausted(state: GameState, side: str) -> bool:
    """8.6: the side has no supply point left on any track."""
    return side_total(state, side) == 0


def track_for(state: GameState, formation: str | None, side: str) -> str | None:
    """Which track pays for a formation (8.5.1B, 8.5.2B-C): the USSR's only one; for Germany the
    fuller on-map dump its HQ links to, else the off-map dump if the HQ links to a friendly edge
    road, else none (the formation may only take orders that cost nothing)."""
    if side == "soviet":
        return SOVIET_TRACK
    hq = state.board.data.formations[formation].hq if formation in state.board.data.formations else None
    if hq is None or state.units.get(hq) is None or state.units[hq].hex is None:
        return None
    linked = links(state, "german")
    if state.units[hq].hex not in linked:
        return None
    dumps = [f"german:{n}" for n, h in state.game["dumps"].items() if h in linked]
    if dumps:
        return max(dumps, key=lambda t: (points(state, t), -int(t[-1])))
    return OFF_MAP_TRACK


def deliver(state: GameState, events: list) -> dict[str, int]:
    """3.2, 8.1B: the turn record's supply points.  German points go to the emptier on-map dump
    that links to the west edge (8.5.1C), else to the off-map dump (8.5.2D)."""
    got = state.board.data.turn_record.get(game_turn(state))
    if got is None:
        return {}
    out = {}
    if got.supply.get("soviet"):
        add(state, SOVIET_TRACK, got.supply["soviet"])
        out[SOVIET_TRACK] = got.supply["soviet"]
    if got.supply.get("german"):
        west = links(state, "german", state.board.west_roads)
        dumps = [f"german:{n}" for n, h in sorted(state.game["dumps"].items()) if h in west]
        track = min(dumps, key=lambda t: points(state, t)) if dumps else OFF_MAP_TRACK
        add(state, track, got.supply["german"])
        out[track] = got.supply["german"]
    return out


def transfer_refusal(state: GameState, side: str, source: str, dest: str, amount: int) -> tuple[str, str] | None:
    """8.5.1D: points move between two German dumps joined by a line of any length free of
    enemy units and Overlapping enemy ZOCs."""
    dumps = state.game["dumps"]
    if side != "german" or source not in dumps or dest not in dumps or source == dest:
        return "8.5.1D", "points move between two German on-map dumps still on the map"
    if not isinstance(amount, int) or amount < 1 or amount > points(state, f"german:{source}"):
        return "8.5.1D", f"dump #{source} holds {points(state, f'german:{source}')} supply points; {amount!r} cannot move"
    if dumps[dest] not in links(state, "german", frozenset({dumps[source]})):
        return "8.5.1D", f"no line free of enemy units and Overlapping ZOCs joins dump #{source} to dump #{dest}"
    return None


def transfer(state: GameState, side: str, source: str, dest: str, amount: int) -> None:
    refusal = transfer_refusal(state, side, source, dest, amount)
    if refusal:
        raise IllegalAction(*refusal)
    state.game["supply"][f"german:{source}"] -= amount
    state.game["supply"][f"german:{dest}"] += amount


def charge_defense(state: GameState, formation: str, side: str) -> None:
    """6.2.2D, 8.1F, 8.6: the first time in a game turn a formation on defense orders fights, it
    pays one supply point; with none left its HQ is marked Out of Supply instead."""
    paid = state.turn_data.setdefault("defense_paid", [])
    if formation in paid:
        return
    paid.append(formation)
    track = track_for(state, formation, side)
    if track is not None and points(state, track) > 0:
        spend(state, track, 1, "6.2.2D", f"{formation} fighting on defense orders")
        return
    hq = state.board.data.formations[formation].hq
    if hq in state.units:
        state.set_flag(hq, counters.OUT_OF_SUPPLY)


def destroy_dumps_at(state: GameState, hex_id: str, events: list) -> None:
    """8.5.1E, 13.8B: a Soviet unit entering a dump or airstrip hex destroys it."""
    for number, h in list(state.game["dumps"].items()):
        if h == hex_id:
            del state.game["dumps"][number]
            lost = state.game["supply"][f"german:{number}"]
            state.game["supply"][f"german:{number}"] = 0
            events.append(FlagChanged(unit=f"dump #{number}", flag=f"destroyed ({lost} supply points lost)", on=True, case="8.5.1E"))
    for area, h in list(state.game["airstrips"].items()):
        if h == hex_id:
            del state.game["airstrips"][area]
            events.append(FlagChanged(unit=area, flag="destroyed", on=True, case="13.8B"))
            air.strip_destroyed(state, area, events)  # 30.3


# ----------------------------------------------------------------------------- lines


def enemy_hexes(state: GameState, side: str) -> frozenset[str]:
    return frozenset(h for h, ids in state.at.items() if any(state.units[u].side != side for u in ids))


def blocked_by(state: GameState, side: str, hex_id: str, enemy: frozenset[str]) -> tuple[str, str] | None:
    """8.2B, 8.3.2B, 13.3B: why a supply line may not pass ``hex_id``."""
    if hex_id in enemy:
        return "8.2B", "enemy units"
    if zoc.blocks(state, other(side), hex_id):
        return "13.3B", "an Overlapping enemy ZOC"
    return None


def edge_goals(state: GameState, side: str) -> frozenset[str]:
    """8.3.2A: the roads off a friendly edge an HQ may trace to; a German one only while a German
    unit was the last to stand on it (``game["edge_last"]``: edge road hex -> the side of the last
    unit there; a road no unit has entered is still German)."""
    roads = state.board.edge_roads[side]
    if side != "german":
        return roads
    last = state.game.get("edge_last", {})
    return frozenset(h for h in roads if last.get(h, "german") == "german")


def note_edge(state: GameState, side: str, hex_id: str | None) -> None:
    """8.3.2A: remember who last stood on a German edge road."""
    if hex_id is not None and hex_id in state.board.edge_roads["german"]:
        state.game.setdefault("edge_last", {})[hex_id] = side


def links(state: GameState, side: str, goals: frozenset[str] | None = None) -> frozenset[str]:
    """8.3.2A-B, 8.5.1B-D: the hexes linked by a line of any length, free of enemy units and
    Overlapping enemy ZOCs, to a road off a friendly edge (or to ``goals``)."""
    goals = edge_goals(state, side) if goals is None else goals
    derived = state.cache.setdefault("derived", {})
    key = ("zoc", other(side), "links", goals)  # it reads the enemy's units only: kept while this side moves
    if key in derived:
        return derived[key]
    blocked = _blocked(state, side)  # every hex :func:`blocked_by` refuses
    nbrs = state.board.nbrs
    seen = {h for h in goals if h not in blocked}
    todo = deque(seen)
    while todo:
        a = todo.popleft()
        for b in nbrs[a]:
            if b not in seen and b not in blocked:
                seen.add(b)
                todo.append(b)
    derived[key] = frozenset(seen)
    return derived[key]


def _blocked(state: GameState, side: str) -> dict[str, tuple[str, str]]:
    """Every hex a supply line of ``side`` may not pass, with the case (8.2B, 13.3B)."""
    derived = state.cache.setdefault("derived", {})
    key = ("zoc", other(side), "blocked")
    if key not in derived:
        enemy = enemy_hexes(state, side)
        hexes = set(enemy) | set(zoc.zoc_of(state, other(side)))
        derived[key] = {h: why for h in hexes if (why := blocked_by(state, side, h, enemy)) is not None}
    return derived[key]


@dataclass
class Search:
    """A supply-line search from one hex: cost and previous hex of each hex reached, and the
    hexes it could not pass with the case that blocks them."""

    start: str
    cost: dict[str, float]
    prev: dict[str, str | None]
    blocked: dict[str, tuple[str, str]] = field(default_factory=dict)

    def path(self, to: str) -> list[str]:
        out = [to]
        while self.prev[out[-1]] is not None:
            out.append(self.prev[out[-1]])
        return list(reversed(out))


def search(state: GameState, side: str, start: str, movement_class: str, exempt: bool, budget: float) -> Search:
    """8.2B-C: every hex a supply line of at most ``budget`` MP reaches from ``start``, at
    clear-weather night costs (terrain only: the Terrain Effects Chart, 10, 11.4-11.6)."""
    derived = state.cache.setdefault("derived", {})
    key = ("zoc", other(side), "line", start, movement_class, exempt, budget)
    if key in derived:
        return derived[key]
    costs = state.board.costs_from(movement_class, exempt)
    blocked = _blocked(state, side)
    found = Search(start, {start: 0.0}, {start: None})
    heap = [(0.0, start)]
    while heap:
        c, a = heapq.heappop(heap)
        if c > found.cost[a]:
            continue
        for b, step in costs[a]:
            why = blocked.get(b)
            if why is not None:
                found.blocked.setdefault(b, why)
                continue
            nc = c + step
            if nc > budget:
                continue
            if b not in found.cost or nc < found.cost[b]:
                found.cost[b] = nc
                found.prev[b] = a
                heapq.heappush(heap, (nc, b))
    for h in found.cost:
        found.blocked.pop(h, None)
    derived[key] = found
    return found


def _mover(state: GameState, unit_id: str) -> tuple[str, bool, float]:
    i = state.board.units[unit_id]
    exempt = i.kind in state.board.data.terrain_chart.balka_leave_exempt
    return i.movement_class, exempt, float(max(i.movement))


@dataclass
class Trace:
    """A unit's forward supply: its source and the line's path, or the hexes that block it."""

    unit: str
    hex: str
    in_supply: bool
    source: str | None = None  # a unit id (HQ) or 'dump #n'
    source_kind: str | None = None  # formation_hq, dump, other_hq (8.3A)
    case: str = ""
    path: list[str] = field(default_factory=list)
    blocked: dict[str, tuple[str, str]] = field(default_factory=dict)
    hq_unlinked: bool = False  # 8.3.2C: the HQ source has no line to a friendly edge

    def to_dict(self) -> dict:
        return {
            "unit": self.unit, "hex": self.hex, "in_supply": self.in_supply, "source": self.source,
            "source_kind": self.source_kind, "case": self.case, "path": list(self.path),
            "blocks": [{"hex": h, "case": c, "reason": r} for h, (c, r) in sorted(self.blocked.items())],
        }


def _line_between(state: GameState, side: str, unit_id: str, src_hex: str, src_unit: str | None) -> list[str] | None:
    """8.2C: a line from the source hex to the unit's, as the source HQ or the unit would move."""
    here = state.units[unit_id].hex
    movers = [unit_id] + ([src_unit] if src_unit is not None else [])
    for mover in movers:
        cls, exempt, budget = _mover(state, mover)
        s = search(state, side, src_hex, cls, exempt, budget)
        if here in s.cost:
            return s.path(here)
    return None


def sources(state: GameState, unit_id: str) -> list[tuple[str, str, str | None]]:
    """8.3A: (kind, hex, HQ unit or dump name) in priority order."""
    side = state.units[unit_id].side
    info = state.board.units[unit_id]
    formations = state.board.data.formations
    own = state.game["attached"].get(unit_id, info.formation)
    out: list[tuple[str, str, str | None]] = []
    own_hq = formations[own].hq if own in formations else None
    usable = lambda hq: hq in state.units and state.units[hq].hex is not None and not counters.has(state, hq, counters.OUT_OF_SUPPLY)
    if own_hq is not None and own_hq != unit_id and usable(own_hq):
        out.append(("formation_hq", state.units[own_hq].hex, own_hq))
    if side == "german":
        out += [("dump", h, f"dump #{n}") for n, h in sorted(state.game["dumps"].items())]
        # 8.3A, 8.3.1A (advanced rule 28.7): an airstrip a transport flew supplies to this turn
        out += [("airfield", state.game["airstrips"][a], a) for a in air.supplied_strips(state, side)]
    for hq in sorted(u for u in counters.on_map(state, side) if state.board.units[u].is_hq):
        if hq not in (own_hq, unit_id) and usable(hq):
            out.append(("other_hq", state.units[hq].hex, hq))
    return out


def forward(state: GameState, unit_id: str) -> Trace:
    """8.2-8.3: the unit's supply line now (no markers change)."""
    rec = state.units[unit_id]
    side = rec.side
    info = state.board.units[unit_id]
    if info.is_hq:
        linked = links(state, side)
        if rec.hex in linked:
            return Trace(unit_id, rec.hex, True, None, "edge", "8.3.2A", [rec.hex])
    for kind, src_hex, name in sources(state, unit_id):
        path = _line_between(state, side, unit_id, src_hex, name if kind not in ("dump", "airfield") else None)
        if path is not None:
            unlinked = kind != "dump" and src_hex not in links(state, side)
            return Trace(unit_id, rec.hex, True, name, kind, "8.3A", path, hq_unlinked=unlinked)
    if rec.hex in air.drops(state, side):  # 8.3.1B, 28.7A: supply dropped on the unit's hex
        return Trace(unit_id, rec.hex, True, "supply dropped by air", "air_drop", "8.3.1B", [rec.hex])
    cls, exempt, budget = _mover(state, unit_id)
    s = search(state, side, rec.hex, cls, exempt, budget)
    return Trace(unit_id, rec.hex, False, case="8.4A", blocked=dict(s.blocked))


def _paid(state: GameState, side: str, t: Trace) -> Trace:
    """8.1G: a unit supplied by air costs a supply point, from the Soviet track or the German
    off-map dump (the program's reading: the transports fly from off the map); with none left
    the unit is not supplied (8.4A)."""
    if not (t.in_supply and t.source_kind in ("airfield", "air_drop")):
        return t
    track = SOVIET_TRACK if side == "soviet" else OFF_MAP_TRACK
    if points(state, track) < 1:
        return Trace(t.unit, t.hex, False, case="8.1G")
    spend(state, track, 1, "8.1G", f"{t.unit} supplied by air")
    return t


def supply_segment(state: GameState, side: str, events: list) -> list[Trace]:
    """3.5.6, 8.2A, 8.3B, 8.3.2C, 8.4A, 8.4E: trace every unit of the side, all against the
    markers the segment began with, then set the markers."""
    attached = state.game["attached"]
    out = [_paid(state, side, forward(state, uid)) for uid in sorted(counters.on_map(state, side))]
    used_unlinked = {t.source for t in out if t.in_supply and t.hq_unlinked}
    changes: list[tuple[str, str, bool, str]] = []
    for t in out:
        uid = t.unit
        if t.in_supply:
            for flag in (counters.CUT_OFF, counters.OUT_OF_SUPPLY):
                if counters.has(state, uid, flag) and not (flag == counters.OUT_OF_SUPPLY and uid in used_unlinked):
                    changes.append((uid, flag, False, "8.4E"))
            if t.source_kind == "other_hq":
                attached[uid] = state.board.units[t.source].formation  # 8.3B
            elif t.source_kind == "formation_hq" and attached.get(uid) is not None and state.board.units[t.source].formation == state.board.units[uid].formation:
                attached.pop(uid)
        elif not counters.has(state, uid, counters.OUT_OF_SUPPLY) and not counters.has(state, uid, counters.CUT_OFF):
            changes.append((uid, counters.CUT_OFF, True, "8.4A"))
    for hq in sorted(used_unlinked):
        if not counters.has(state, hq, counters.OUT_OF_SUPPLY):
            changes.append((hq, counters.OUT_OF_SUPPLY, True, "8.3.2C"))
    for uid, flag, on, case in changes:
        state.set_flag(uid, flag, on)
        events.append(FlagChanged(unit=uid, flag=flag.replace("_", " "), on=on, case=case))
    return out


def fought(state: GameState, unit_id: str, events: list) -> None:
    """8.4B: after combat against enemy ground units other than artillery, Cut Off becomes Out
    of Supply (called by the combat half)."""
    if counters.has(state, unit_id, counters.CUT_OFF):
        state.set_flag(unit_id, counters.CUT_OFF, False)
        state.set_flag(unit_id, counters.OUT_OF_SUPPLY)
        events.append(FlagChanged(unit=unit_id, flag="out of supply", on=True, case="8.4B"))

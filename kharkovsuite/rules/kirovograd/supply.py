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
that does not still serves once and is then marked Out of Supply (8.3.2C).  Under the advanced
rules 29 and 30 a line is traced on what the side knows of the enemy, and the face-down or hidden
units that cut it on the true position are shown (:func:`disclose`).  Units without a line are
marked Cut Off (8.4A); the combat half turns Cut Off into Out of Supply after a fight with enemy
ground units (8.4B, :func:`fought`).
"""
from __future__ import annotations

import heapq
from collections import deque
from dataclasses import dataclass, field

from ...engine.errors import IllegalAction
from ...engine.events import Event, FlagChanged
from ...engine.state import GameState
from . import air, counters, seen, zoc
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


def _hq_of(state: GameState, formation: str | None) -> str | None:
    """The formation's HQ when it is on the map."""
    hq = state.board.data.formations[formation].hq if formation in state.board.data.formations else None
    if hq is None or state.units.get(hq) is None or state.units[hq].hex is None:
        return None
    return hq


def track_for(state: GameState, formation: str | None, side: str, known: bool = False) -> str | None:
    """Which track pays for a formation (8.5.1B, 8.5.2B-C): the USSR's only one; for Germany the
    fuller on-map dump its HQ links to, else the off-map dump if the HQ links to a friendly edge
    road, else none (the formation may only take orders that cost nothing).  With ``known``: on
    the links Germany knows of (29, 30)."""
    if side == "soviet":
        return SOVIET_TRACK
    hq = _hq_of(state, formation)
    if hq is None:
        return None
    linked = links(state, "german", known=known)
    if state.units[hq].hex not in linked:
        return None
    dumps = [f"german:{n}" for n, h in state.game["dumps"].items() if h in linked]
    if dumps:
        return max(dumps, key=lambda t: (points(state, t), -int(t[-1])))
    return OFF_MAP_TRACK


def track_made_good(state: GameState, formation: str | None, side: str, events: list) -> bool:
    """8.5.1B, 8.5.2B-C under the advanced rules 29 and 30, when a point is paid later in the turn (a
    gun's shot, 21.3; a defence charge, 6.2.2D): the track was picked on the links Germany knows of;
    where the true links pick another, the Soviet counters that cut a link Germany knew of (the
    formation HQ's or a dump's, to a friendly edge road) are shown, as for a supply line (29.1,
    :func:`disclose`), until both pick the same.  True when any counter was shown."""
    shown = False
    while track_for(state, formation, side, known=True) != track_for(state, formation, side):
        hq = _hq_of(state, formation)
        places = ([(hq, state.units[hq].hex)] if hq is not None else []) + [(f"dump #{n}", h) for n, h in sorted(state.game["dumps"].items())]
        name, h = next((n, h) for n, h in places if h in links(state, side, known=True) and h not in links(state, side))
        cut = next(x for x in _link_path(state, side, h, True) if x in _blocked(state, side))
        _show_cutters(state, side, cut, name, events)
        shown = True
    return shown


def refund(state: GameState, track: str) -> None:
    """8.1E: a point handed back goes to the track that paid it, unless that dump has been destroyed
    since (8.5.1E: its points are lost with it)."""
    if track in ON_MAP_TRACKS and track.split(":")[1] not in state.game["dumps"]:
        return
    add(state, track, 1)


def deliver(state: GameState, events: list) -> dict[str, int]:
    """3.2, 8.1B: the turn record's supply points.  German points go to the emptier on-map dump
    that links to the west edge (8.5.1C), else to the off-map dump (8.5.2D); under the advanced
    rules 29 and 30 the Soviet units that cut a link Germany knew of are shown."""
    got = state.board.data.turn_record.get(game_turn(state))
    if got is None:
        return {}
    out = {}
    if got.supply.get("soviet"):
        add(state, SOVIET_TRACK, got.supply["soviet"])
        out[SOVIET_TRACK] = got.supply["soviet"]
    if got.supply.get("german"):
        west = _links_made_good(state, "german", {f"dump #{n}": h for n, h in state.game["dumps"].items()}, state.board.west_roads, events)
        dumps = [f"german:{n}" for n, h in sorted(state.game["dumps"].items()) if h in west]
        track = min(dumps, key=lambda t: points(state, t)) if dumps else OFF_MAP_TRACK
        add(state, track, got.supply["german"])
        out[track] = got.supply["german"]
    return out


def _links_made_good(state: GameState, side: str, places: dict[str, str], goals: frozenset[str], events: list) -> frozenset[str]:
    """8.3.2A, 8.5.1C under the advanced rules 29 and 30: the hexes linked to ``goals`` on the true
    position, after the enemy units that cut the link one of ``places`` (name -> hex: an HQ, a dump)
    had as far as its side knew are shown (as for a unit's supply line, :func:`disclose`)."""
    for name, h in sorted(places.items()):
        while h in links(state, side, goals, known=True) and h not in links(state, side, goals):
            cut = next(x for x in _link_path(state, side, h, True, goals) if x in _blocked(state, side))
            _show_cutters(state, side, cut, name, events)
    return links(state, side, goals)


def disclose_tracks(state: GameState, events: list) -> None:
    """8.5.1B, 8.5.2B-C under the advanced rules 29 and 30, before the orders (3.3): which track pays
    for a German formation turns on its HQ's and the dumps' links to a friendly edge road; the Soviet
    units that cut such a link Germany knew of are shown (:func:`_links_made_good`), so the orders
    offered and their costs agree with what Germany knows."""
    hexes = {hq: state.units[hq].hex for hq in counters.on_map(state, "german") if state.board.units[hq].is_hq}
    hexes.update({f"dump #{n}": h for n, h in state.game["dumps"].items()})
    _links_made_good(state, "german", hexes, edge_goals(state, "german"), events)


def transfer_refusal(state: GameState, side: str, source: str, dest: str, amount: int) -> tuple[str, str] | None:
    """8.5.1D: points move between two German dumps joined by a line of any length free of
    enemy units and Overlapping enemy ZOCs (as far as Germany knows: :func:`transfer` makes the
    line good on the true position)."""
    dumps = state.game["dumps"]
    if side != "german" or source not in dumps or dest not in dumps or source == dest:
        return "8.5.1D", "points move between two German on-map dumps still on the map"
    if not isinstance(amount, int) or amount < 1 or amount > points(state, f"german:{source}"):
        return "8.5.1D", f"dump #{source} holds {points(state, f'german:{source}')} supply points; {amount!r} cannot move"
    if dumps[dest] not in links(state, "german", frozenset({dumps[source]}), known=True):
        return "8.5.1D", f"no line free of enemy units and Overlapping ZOCs joins dump #{source} to dump #{dest}"
    return None


@dataclass(frozen=True, kw_only=True)
class TransferCut(Event):
    """8.5.1D under the advanced rules 29 and 30: the line Germany knew of between two dumps is cut
    on the true position (by the units :func:`transfer` showed); no point moves.  Only Germany
    reads it (:func:`seen_by`: the dumps' tracks are its own display, 2.3)."""

    source: str
    dest: str
    side: str = "german"

    def text(self) -> str:
        return f"no supply point moves from dump #{self.source} to dump #{self.dest}: enemy units just shown cut the line"


def transfer(state: GameState, side: str, source: str, dest: str, amount: int, events: list | None = None) -> None:
    """8.5.1D: the points move when a line joins the dumps on the true position; when only the lines
    Germany knew of did, the enemy units that cut them are shown, as for a unit's supply line
    (:func:`disclose`), and no point moves."""
    refusal = transfer_refusal(state, side, source, dest, amount)
    if refusal:
        raise IllegalAction(*refusal)
    events = [] if events is None else events
    dumps = state.game["dumps"]
    goals = frozenset({dumps[source]})
    if dumps[dest] in links(state, side, goals):
        state.game["supply"][f"german:{source}"] -= amount
        state.game["supply"][f"german:{dest}"] += amount
        return
    while dumps[dest] in links(state, side, goals, known=True):
        h = next(h for h in _link_path(state, side, dumps[dest], True, goals) if h in _blocked(state, side))
        _show_cutters(state, side, h, f"dump #{dest}", events)
    events.append(TransferCut(source=source, dest=dest, side=side, case="8.5.1D"))


def charge_defense(state: GameState, formation: str, side: str, events: list | None = None) -> None:
    """6.2.2D, 8.1F, 8.6: the first time in a game turn a formation on defense orders fights, it
    pays one supply point; with none left its HQ is marked Out of Supply instead.  With ``events``
    (in play) the links that pick the track are made good first (:func:`track_made_good`)."""
    paid = state.turn_data.setdefault("defense_paid", [])
    if formation in paid:
        return
    paid.append(formation)
    if events is not None:
        track_made_good(state, formation, side, events)
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


def enemy_hexes(state: GameState, side: str, known: bool = False) -> frozenset[str]:
    """The hexes holding enemy units (with ``known``: the enemy counters ``side`` sees, :mod:`.seen`)."""
    if known:
        return seen.enemy_hexes(state, side)
    return frozenset(h for h, ids in state.at.items() if any(state.units[u].side != side for u in ids))


def _known(state: GameState, side: str, known: bool) -> bool:
    """Whether what ``side`` knows of the enemy differs from the truth (face-down or hidden counters)."""
    return known and bool(seen.masked(state, other(side)))


def blocked_by(state: GameState, side: str, hex_id: str, enemy: frozenset[str], known: bool = False) -> tuple[str, str] | None:
    """8.2B, 8.3.2B, 13.3B: why a supply line may not pass ``hex_id`` (with ``known``: as far as
    ``side`` knows, ``enemy`` being the hexes it sees enemy counters in)."""
    if hex_id in enemy:
        return "8.2B", "enemy units"
    if zoc.blocks(state, other(side), hex_id, known):
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


def links(state: GameState, side: str, goals: frozenset[str] | None = None, known: bool = False) -> frozenset[str]:
    """8.3.2A-B, 8.5.1B-D: the hexes linked by a line of any length, free of enemy units and
    Overlapping enemy ZOCs, to a road off a friendly edge (or to ``goals``); with ``known`` as far
    as ``side`` knows."""
    goals = edge_goals(state, side) if goals is None else goals
    known = _known(state, side, known)
    derived = state.cache.setdefault("derived", {})
    key = ("zoc", other(side), "links", goals, known)  # it reads the enemy's units only: kept while this side moves
    if key in derived:
        return derived[key]
    blocked = _blocked(state, side, known)  # every hex :func:`blocked_by` refuses
    nbrs = state.board.nbrs
    reached = {h for h in goals if h not in blocked}
    todo = deque(reached)
    while todo:
        a = todo.popleft()
        for b in nbrs[a]:
            if b not in reached and b not in blocked:
                reached.add(b)
                todo.append(b)
    derived[key] = frozenset(reached)
    return derived[key]


def _link_path(state: GameState, side: str, start: str, known: bool, goals: frozenset[str] | None = None) -> list[str]:
    """8.3.2A, 8.5.1D: a line from ``start`` to a friendly edge road (or to ``goals``) through hexes
    ``links`` reaches (``start`` first); empty when there is none."""
    derived = state.cache.setdefault("derived", {})
    key = ("link_path", side, start, known, goals)  # kept until a unit moves or a mask changes
    if key not in derived:
        derived[key] = _bfs_path(state, start, links(state, side, goals, known=known), edge_goals(state, side) if goals is None else goals)
    return derived[key]


def _bfs_path(state: GameState, start: str, linked: frozenset[str], goals: frozenset[str]) -> list[str]:
    return line_through(state, (start,), linked.__contains__, goals)


def line_through(state: GameState, starts, passable, goals) -> list[str]:
    """A shortest line of neighbouring hexes from one of ``starts`` (first found in their order) to
    one of ``goals``, every hex of it ``passable``; [] when there is none (breadth first)."""
    prev: dict[str, str | None] = {s: None for s in starts if passable(s)}
    todo = deque(prev)
    while todo:
        a = todo.popleft()
        if a in goals:
            out = [a]
            while prev[out[-1]] is not None:
                out.append(prev[out[-1]])
            return list(reversed(out))
        for b in state.board.nbrs[a]:
            if b not in prev and passable(b):
                prev[b] = a
                todo.append(b)
    return []


def _blocked(state: GameState, side: str, known: bool = False) -> dict[str, tuple[str, str]]:
    """Every hex a supply line of ``side`` may not pass, with the case (8.2B, 13.3B); with ``known``
    those ``side`` knows of."""
    known = _known(state, side, known)
    derived = state.cache.setdefault("derived", {})
    key = ("zoc", other(side), "blocked", known)
    if key not in derived:
        enemy = enemy_hexes(state, side, known)
        hexes = set(enemy) | set(zoc.zoc_of(state, other(side), known))
        derived[key] = {h: why for h in hexes if (why := blocked_by(state, side, h, enemy, known)) is not None}
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


def search(state: GameState, side: str, start: str, movement_class: str, exempt: bool, budget: float,
           known: bool = False) -> Search:
    """8.2B-C: every hex a supply line of at most ``budget`` MP reaches from ``start``, at
    clear-weather night costs (terrain only: the Terrain Effects Chart, 10, 11.4-11.6); with
    ``known`` past the blocks ``side`` knows of."""
    known = _known(state, side, known)
    derived = state.cache.setdefault("derived", {})
    key = ("zoc", other(side), "line", start, movement_class, exempt, budget, known)
    if key in derived:
        return derived[key]
    costs = state.board.costs_from(movement_class, exempt)
    blocked = _blocked(state, side, known)
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


def _line_between(state: GameState, side: str, unit_id: str, src_hex: str, src_unit: str | None, known: bool = False) -> list[str] | None:
    """8.2C: a line from the source hex to the unit's, as the source HQ or the unit would move."""
    here = state.units[unit_id].hex
    movers = [unit_id] + ([src_unit] if src_unit is not None else [])
    for mover in movers:
        cls, exempt, budget = _mover(state, mover)
        s = search(state, side, src_hex, cls, exempt, budget, known)
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


def forward(state: GameState, unit_id: str, known: bool = False) -> Trace:
    """8.2-8.3: the unit's supply line now (no markers change); with ``known`` as its side knows
    the enemy (a face-down counter's ZOC unknown, a hidden unit not there: :mod:`.seen`)."""
    rec = state.units[unit_id]
    side = rec.side
    info = state.board.units[unit_id]
    if info.is_hq:
        linked = links(state, side, known=known)
        if rec.hex in linked:
            return Trace(unit_id, rec.hex, True, None, "edge", "8.3.2A", [rec.hex])
    for kind, src_hex, name in sources(state, unit_id):
        path = _line_between(state, side, unit_id, src_hex, name if kind not in ("dump", "airfield") else None, known)
        if path is not None:
            unlinked = kind not in ("dump", "airfield") and src_hex not in links(state, side, known=known)
            return Trace(unit_id, rec.hex, True, name, kind, "8.3A", path, hq_unlinked=unlinked)
    if rec.hex in air.drops(state, side):  # 8.3.1B, 28.7A: supply dropped on the unit's hex
        return Trace(unit_id, rec.hex, True, "supply dropped by air", "air_drop", "8.3.1B", [rec.hex])
    cls, exempt, budget = _mover(state, unit_id)
    s = search(state, side, rec.hex, cls, exempt, budget, known)
    return Trace(unit_id, rec.hex, False, case="8.4A", blocked=dict(s.blocked))


@dataclass(frozen=True, kw_only=True)
class LineCut(Event):
    """8.2B, 13.3B under the advanced rules 29 and 30: a supply line the side knew of ran into a
    face-down counter's ZOC (its counters now shown, 29.1) or a hidden unit (now found, 30.2A).
    Only the tracing ``side`` reads it (:func:`seen_by`)."""

    unit: str
    hex: str
    side: str

    def text(self) -> str:
        return f"the supply line of {self.unit} is cut at {self.hex} by enemy units just shown"


#: the cases of the supply markers a unit gets or loses (8.3.2C, 8.4A-B, 8.4E)
MARKER_CASES = ("8.3.2C", "8.4A", "8.4B", "8.4E")


def seen_by(event, side: str, units) -> Event | None:
    """What ``side`` reads of a supply event (``units``: the game's unit ids).  The other side does
    not read of a line cut or a transfer that found no line, and a supply marker of a counter it
    sees face down (named by its token, not by a unit id) is not read: which counters trace lines
    would tell a real unit from a dummy (the observation shows no marker on such a counter)."""
    if isinstance(event, (LineCut, TransferCut)) and event.side != side:
        return None
    if isinstance(event, FlagChanged) and event.case in MARKER_CASES and event.unit not in units:
        return None
    return event


def _cut_at(state: GameState, side: str, t: Trace) -> str | None:
    """The hex, nearest the traced unit, where the line of ``t`` (traced on what ``side`` knows)
    meets a block on the true position: on the line itself, or on the HQ's (or the unit's own, as
    an HQ) line to a friendly edge (8.3.2A)."""
    if not t.in_supply or t.source_kind == "air_drop":
        return None
    truth = _blocked(state, side)
    if t.source_kind == "edge":
        return next((h for h in _link_path(state, side, t.hex, True) if h in truth), None)
    here = next((h for h in reversed(t.path[1:]) if h in truth), None)
    if here is not None or t.source_kind in ("dump", "airfield") or t.hq_unlinked:
        return here
    return next((h for h in _link_path(state, side, t.path[0], True) if h in truth), None)


def _outcome(t: Trace) -> tuple:
    """What a trace decides (8.3A-B, 8.3.2C, 8.4A): whether the unit is supplied, from which source, and
    whether that HQ lacks its own line to the edge."""
    return t.in_supply, t.source, t.source_kind, t.hq_unlinked


def disclose(state: GameState, unit_id: str, events: list, decides=_outcome) -> Trace:
    """8.2, 8.3.2 under the advanced rules 29 and 30 (the reading of the rules reference): the line is
    traced on what the side knows of the enemy.  When that gives another result than the true
    position (no line there, or another source), the line the side knew of is cut somewhere by what
    it did not know: where it meets the true Overlapping ZOC of face-down counters, those counters
    are shown (29.1: their owner must show the ZOC, a dummy having none); where it meets a hidden
    unit's hex, the unit is found (30.2A).  Then it is traced again, until both agree.  A line the
    side knew of that is cut where another line holds shows nothing: the result is the same.
    ``decides`` reads what turns on the trace (a gun's shot, 8.1E: only whether there is a line)."""
    side = state.units[unit_id].side
    foe = other(side)
    while True:
        t = forward(state, unit_id, known=True)
        if not seen.masked(state, foe) or decides(t) == decides(forward(state, unit_id)):
            return t
        h = _cut_at(state, side, t)
        if h is None:  # cannot happen: known blocks are true ones, so a known line the truth refuses meets a true block
            raise AssertionError(f"the supply line of {unit_id} differs on the true position but meets no block")
        _show_cutters(state, side, h, unit_id, events)


def _show_cutters(state: GameState, side: str, hex_id: str, unit: str, events: list) -> None:
    """29.1, 30.2A: the hidden enemy units in ``hex_id`` are found and the face-down counters whose
    Overlapping ZOC there the side did not know of are shown; ``LineCut`` names the hex."""
    from . import fog

    foe = other(side)
    shown = fog.find_hidden(state, foe, [hex_id], events) + fog.show_zocs(state, foe, [hex_id], events)
    if not shown:  # cannot happen: a block the side did not know of has a face-down or hidden unit behind it
        raise AssertionError(f"the supply line of {unit} is cut at {hex_id} by nothing its side could be shown")
    events.append(LineCut(unit=unit, hex=hex_id, side=side, case="8.2B" if hex_id in enemy_hexes(state, side) else "13.3B"))


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
    from . import fog

    fog.catch_up(state, events)  # 29.7 ended the combat round before this segment
    attached = state.game["attached"]
    out = [_paid(state, side, disclose(state, uid, events)) for uid in sorted(counters.on_map(state, side))]
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

"""9: Supply, and the supply effects the other rules read.

A line of supply (9.1) runs at most 5 hexes (:data:`LIMIT`) from a unit over any terrain the
ground allows, never into a hex an enemy unit occupies, nor into a hex in enemy ZoC unless a
friendly unit stands there.  What it must reach depends on the unit (9.2):

- German units: any German HQ in supply, or a German supply source.
- German corps and Panzer corps HQs: an Army or Army Group HQ in supply, a road or railroad hex
  joined by road or railroad to a source, or a source.  Army and Army Group HQs: the last two.
- Soviet units: an Army or Mobile Group HQ in supply, or a source.
- Soviet Army and Mobile Group HQs: a Front HQ in supply, a joined road or railroad hex, or a source.
  Front HQs: a supply head, a joined road or railroad hex, or a source.

Sources are the scenario's ``supply`` areas of the side (the German west and south edges, the
Soviet east edge), and for the Soviets every Front supply head on the map (9.2 and its addenda:
the player may use either).  Lines are traced top down (HQs of the highest level first) at the
start of each turn (:func:`supply_phase`); a unit that fails becomes Isolated, and Out of Supply
when it fails again the next turn (9.3).

**The per-unit record** (read by combat): ``state.game["supply"][unit_id]`` is one of
:data:`SUPPLIED`, :data:`ISOLATED`, :data:`OUT`, written in the supply phase and kept after a unit
is destroyed (16.2 reads it).  Read it through :func:`status`.  The values combat applies come
from :func:`attack_multiplier`, :func:`defence_multiplier`, :func:`may_prepare` and
:func:`armor_value`; movement reads :func:`op_allowance`.

Every search returns its path, or the hexes that stop it and why (:class:`Line`), for the trace
view and ``kharkov-cli trace``.
"""
from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from ...tracing import Block
from ...engine.errors import IllegalAction
from ...engine.events import Displaced, FlagChanged, UnitMoved
from ...engine.state import GameState
from .units import HQ_LEVELS
from .zoc import enemy_zoc, ground

if TYPE_CHECKING:
    import networkx as nx

LIMIT = 5  # 9.2
KEY = "supply"  # state.game[KEY][unit] -> status
SUPPLIED, ISOLATED, OUT = "supplied", "isolated", "out_of_supply"
STATUSES = (SUPPLIED, ISOLATED, OUT)

#: 9.3: the kinds whose movement the loss of supply cuts (armoured, mechanised, motorised).
MOTORISED_KINDS = frozenset({"armor", "recon", "motorized", "kg"})
#: 9.2: a supplied Soviet armoured unit more than n hexes from a supply head: (n, OP lost, AV % lost).
ARMOR_DISTANCE = ((19, 3, 30), (15, 2, 20), (11, 1, 10))
TOP_LEVELS = {"german": ("army", "army_group"), "soviet": ("front",)}
PUSH_HEXES = 3  # 9.4


@dataclass(frozen=True)
class Line:
    """A traced line: ``ok``, what it reached (``kind``: ``hq``, ``source``, ``road``, ``head``;
    ``target``: the unit or hex), its ``path`` from the unit (both ends included), or on failure
    the ``blocks`` around the hexes it could reach."""

    ok: bool
    kind: str | None = None
    target: str | None = None
    path: tuple[str, ...] = ()
    blocks: tuple[Block, ...] = field(default_factory=tuple)

    def to_dict(self) -> dict:
        return {"ok": self.ok, "kind": self.kind, "target": self.target, "path": list(self.path),
                "blocks": [b.to_dict() for b in self.blocks]}


# ----------------------------------------------------------------------------- the map a side traces on


def source_hexes(state: GameState, side: str) -> frozenset[str]:
    """9.2: the side's supply sources in play: its ``supply`` areas and (Soviet) its supply heads."""
    board = state.board
    hexes = {h for a in state.scenario.map.areas.values() if a.kind == "supply" and a.side == side for h in a.hexes}
    hexes |= {state.units[u].hex for u in supply_heads(state, side)}
    return frozenset(h for h in hexes if h in board.in_play)


def supply_heads(state: GameState, side: str) -> list[str]:
    return sorted(u for u, rec in state.units.items()
                  if rec.side == side and rec.hex is not None and state.board.units[u].values.kind == "supply_head")


def blocked(state: GameState, side: str) -> dict[str, Block]:
    """9.1: the hexes in play a line of ``side`` may not enter, with the reason."""
    key = ("k43-blocked", side, ground(state))
    found = state.cache.get(key)
    if found is not None:
        return found
    board = state.board
    g = ground(state)
    zoc = enemy_zoc(state, side)
    out: dict[str, Block] = {}
    for h, ids in state.at.items():
        if h in board.in_play and any(state.units[u].side != side for u in ids):
            out[h] = Block(h, "enemy units", "9.1")
    for h in zoc:
        if h not in out and h in board.in_play and not any(state.units[u].side == side for u in state.units_at(h)):
            out[h] = Block(h, "enemy ZoC not negated by a friendly unit", "9.1")
    chart = board.data.terrain_chart.terrain
    for h in board.in_play:
        if h not in out and chart[board.map.terrain(h)][g] is None:
            out[h] = Block(h, f"{board.map.terrain(h)} is impassable on {g} ground", "9.1")
    state.cache[key] = out
    return out


def adjacency(state: GameState, side: str) -> dict[str, dict[str, None]]:
    """The hexes a line of ``side`` may enter, each with the hexes it is joined to where the ground
    lets a unit cross both ways (the neighbours in the order they were joined): the searches of
    the supply phase walk this, so the start of a game makes no graph of the graph library."""
    key = ("k43-adj", side, ground(state))
    found = state.cache.get(key)
    if found is not None:
        return found
    board = state.board
    g = ground(state)
    stop = blocked(state, side)
    found = {h: {} for h in board.in_play if h not in stop}
    for a in list(found):
        for b in board.nbrs[a]:
            if b in stop or b in found[a]:
                continue
            if board.enter_cost(a, b, g) is not None and board.enter_cost(b, a, g) is not None:
                found[a][b] = None
                found.setdefault(b, {})[a] = None
    state.cache[key] = found
    return found


def graph(state: GameState, side: str) -> nx.Graph:
    """:func:`adjacency` as a graph of the graph library (for its searches: the trace overlay, the
    computer player), with its nodes and edges added in the same order."""
    import networkx as nx  # imported when first needed: not at the start of a game
    key = ("k43-graph", side, ground(state))
    found = state.cache.get(key)
    if found is not None:
        return found
    adj = adjacency(state, side)
    found = nx.Graph()
    found.add_nodes_from(adj)
    for a, joined in adj.items():
        for b in joined:
            if not found.has_edge(a, b):
                found.add_edge(a, b)
    state.cache[key] = found
    return found


def road_hexes(state: GameState, side: str) -> frozenset[str]:
    """9.2: road and railroad hexes joined to a source of ``side`` by road or railroad through
    hexes a line may enter.  A search over the map's road and railroad neighbours from the
    sources: the parts of the joined road and railroad net that hold a source, without making
    the net's graph (and importing the graph library at the start of every game)."""
    key = ("k43-roads", side, ground(state))
    found = state.cache.get(key)
    if found is not None:
        return found
    board = state.board
    stop = blocked(state, side)
    roads, rails = board.map.road_nbrs, board.map.rail_nbrs

    def enterable(h: str) -> bool:
        return h in board.in_play and h not in stop

    todo = [h for h in source_hexes(state, side) if (h in roads or h in rails) and enterable(h)]
    joined: set[str] = set(todo)
    while todo:
        h = todo.pop()
        for n in (*roads.get(h, ()), *rails.get(h, ())):
            if n not in joined and enterable(n):
                joined.add(n)
                todo.append(n)
    found = state.cache[key] = frozenset(joined)
    return found


def command_blocked(state: GameState, side: str) -> dict[str, Block]:
    """8.1: a line of command enters any hex but one an enemy unit occupies (kept until a unit is
    placed or removed, as this module's other searches)."""
    key = ("k43-command-blocked", side)
    found = state.cache.get(key)
    if found is None:
        found = state.cache[key] = {h: Block(h, "enemy units", "8.1") for h, ids in state.at.items()
                                    if h in state.board.in_play and any(state.units[u].side != side for u in ids)}
    return found


def _steps(state: GameState, side: str, command: bool) -> dict[str, list[str]]:
    """The hexes a search of :func:`trace` steps to from each hex, in the order it takes them (by
    hex id), made for a hex when a search first reaches it and kept as this module's searches."""
    key = ("k43-steps", side, "command" if command else ground(state))
    found = state.cache.get(key)
    if found is None:
        found = state.cache[key] = {}
    return found


def trace(state: GameState, side: str, start: str, targets: dict[str, tuple[str, str]], limit: int = LIMIT,
          what: str = "supplying HQ or source", command: bool = False) -> Line:
    """Breadth-first from ``start`` to the nearest of ``targets`` (hex -> (kind, target id)) within
    ``limit`` hexes: over :func:`graph` for a line of supply (9.1), around enemy units only for a
    line of command (``command``, 8.1).  ``start`` itself may be a blocked hex (a unit stands there)."""
    if start in targets:
        kind, target = targets[start]
        return Line(True, kind, target, (start,))
    board = state.board
    g = ground(state)
    steps = _steps(state, side, command)
    if command:
        stop = command_blocked(state, side)

        def ahead(h: str) -> list[str]:
            found = steps.get(h)
            if found is None:
                found = steps[h] = sorted(n for n in board.nbrs.get(h, ()) if n not in stop)
            return found
    else:
        stop = blocked(state, side)
        adj = adjacency(state, side)

        def ahead(h: str) -> list[str]:
            found = steps.get(h)
            if found is None:
                if h in adj:
                    found = sorted(adj[h])
                else:
                    found = sorted(n for n in board.nbrs.get(h, ()) if n in adj and board.enter_cost(h, n, g) is not None)
                steps[h] = found
            return found
    dist = {start: 0}
    parent: dict[str, str | None] = {start: None}
    todo = deque([start])
    hit = None
    while todo and hit is None:
        h = todo.popleft()
        if dist[h] == limit:
            continue
        for n in ahead(h):
            if n in dist:
                continue
            dist[n] = dist[h] + 1
            parent[n] = h
            if n in targets:
                hit = n
                break
            todo.append(n)
    if hit is not None:
        path = [hit]
        while parent[path[-1]] is not None:
            path.append(parent[path[-1]])
        kind, target = targets[hit]
        return Line(True, kind, target, tuple(reversed(path)))
    blocks: dict[str, Block] = {}
    for h, d in dist.items():
        if d >= limit:
            continue
        for n in board.nbrs.get(h, ()):
            if n in dist or n in blocks:
                continue
            if n in stop:
                blocks[n] = stop[n]
            elif not command and board.enter_cost(h, n, g) is None:
                case = "12" if "major_river" in board.map.hexside_features(h, n) else "9.1"
                blocks[n] = Block(n, f"may not be entered from {h} on {g} ground", case)
    if not blocks:
        blocks[start] = Block(start, f"no {what} within {limit} hexes", "8.1" if command else "9.2")
    return Line(False, blocks=tuple(sorted(blocks.values(), key=lambda b: b.hex)))


# ----------------------------------------------------------------------------- the chain (9.2)


def level(state: GameState, unit_id: str) -> str | None:
    v = state.board.units[unit_id].values
    return v.hq_level if v.kind == "hq" else None


def _tier(state: GameState, unit_id: str) -> int:
    """0 for top HQs, 1 for other HQs, 2 for units: the order lines are traced in."""
    lv = level(state, unit_id)
    if lv is None:
        return 2
    return 0 if lv in TOP_LEVELS[state.units[unit_id].side] else 1


def _supplying_hqs(state: GameState, side: str, tier: int, lines: dict[str, Line], exclude: str | None) -> list[str]:
    """The HQs (already traced and in supply) that may supply a unit of ``tier`` (9.2)."""
    if tier == 0:
        return []
    if side == "german":
        wanted = TOP_LEVELS["german"] if tier == 1 else HQ_LEVELS["german"]
    else:
        wanted = ("front",) if tier == 1 else ("army", "mobile_group")
    return [u for u, line in lines.items() if line.ok and u != exclude and level(state, u) in wanted]


def targets_for(state: GameState, unit_id: str, lines: dict[str, Line]) -> dict[str, tuple[str, str]]:
    """Hex -> (kind, target) of everything a line of ``unit_id`` may end at (9.2)."""
    return tier_targets(state, state.units[unit_id].side, _tier(state, unit_id), lines, unit_id)


def tier_targets(state: GameState, side: str, tier: int, lines: dict[str, Line], exclude: str | None = None) -> dict[str, tuple[str, str]]:
    out: dict[str, tuple[str, str]] = {}
    if tier < 2:
        for h in road_hexes(state, side):
            out[h] = ("road", h)
    for h in source_hexes(state, side):
        out[h] = ("source", h)
    for u in supply_heads(state, side):
        out[state.units[u].hex] = ("head", u)
    for hq in _supplying_hqs(state, side, tier, lines, exclude):
        out[state.units[hq].hex] = ("hq", hq)
    return out


def traced(state: GameState, unit_id: str) -> dict[str, Line]:
    """Lines of every unit of ``unit_id``'s side on the map (the side's chain is traced at once;
    cached until a unit moves or the ground changes)."""
    return side_lines(state, state.units[unit_id].side)


def side_lines(state: GameState, side: str) -> dict[str, Line]:
    key = ("k43-lines", side, ground(state))
    found = state.cache.get(key)
    if found is not None:
        return found
    found = {}
    units = [u for u, rec in state.units.items() if rec.side == side and rec.hex is not None
             and state.board.units[u].values.kind != "supply_head"]
    for tier in (0, 1, 2):
        for uid in sorted(u for u in units if _tier(state, u) == tier):
            found[uid] = trace(state, side, state.units[uid].hex, targets_for(state, uid, found))
    state.cache[key] = found
    return found


def line(state: GameState, unit_id: str) -> Line:
    """9.1, 9.2: the unit's line of supply now (a supply head is a source, always supplied)."""
    rec = state.units[unit_id]
    if rec.hex is None:
        return Line(False, blocks=(Block("-", "not on the map", "9.1"),))
    if state.board.units[unit_id].values.kind == "supply_head":
        return Line(True, "head", unit_id, (rec.hex,))
    return traced(state, unit_id)[unit_id]


def line_from(state: GameState, side: str, hex_id: str, unit_id: str | None = None) -> Line:
    """The line ``unit_id`` (an ordinary unit when None) would have standing in ``hex_id`` now
    (for HQs returning, 1.4, and the cities of 18)."""
    tier = 2 if unit_id is None else _tier(state, unit_id)
    return trace(state, side, hex_id, tier_targets(state, side, tier, side_lines(state, side), unit_id))


def with_line(state: GameState, side: str, hexes, unit_id: str | None = None) -> set[str]:
    """The hexes among ``hexes`` where :func:`line_from` is ok, found at once: the hexes within
    :data:`LIMIT` steps of a target over :func:`graph`, searched outward from the targets (the
    graph is undirected, so a line from a hex is a search from the targets read backwards), and a
    hex off the graph (a unit's own blocked hex) by its neighbours on it."""
    tier = 2 if unit_id is None else _tier(state, unit_id)
    targets = tier_targets(state, side, tier, side_lines(state, side), unit_id)
    board = state.board
    g = ground(state)
    adj = adjacency(state, side)
    dist = {h: 0 for h in targets if h in adj}
    todo = deque(dist)
    while todo:
        h = todo.popleft()
        d = dist[h] + 1
        if d > LIMIT:
            continue
        for n in adj[h]:
            if n not in dist:
                dist[n] = d
                todo.append(n)
    out = set()
    for h in hexes:
        if h in targets:
            out.add(h)
        elif h in adj:
            if h in dist:
                out.add(h)
        elif any(n in dist and dist[n] < LIMIT and board.enter_cost(h, n, g) is not None for n in board.nbrs.get(h, ()) if n in adj):
            out.add(h)
    return out


# ----------------------------------------------------------------------------- the phase (9.3)


def status(state: GameState, unit_id: str) -> str:
    """The unit's supply state fixed in this turn's supply phase (supplied until it fails once)."""
    return state.game.get(KEY, {}).get(unit_id, SUPPLIED)


FIRST_TURN_OPTION = "first_turn_supplied"  # the addenda's choice: every unit supplied on turn 1


def supply_phase(state: GameState, events: list) -> None:
    """9.3 at the start of a turn: a unit with no line becomes Isolated, an Isolated one Out of
    Supply; a unit with a line is supplied again.  With the scenario option
    ``first_turn_supplied`` (the addenda let the players agree on it) every unit counts as
    supplied on the first turn."""
    table = state.game.setdefault(KEY, {})
    agreed = state.turn == 1 and bool(state.options.get(FIRST_TURN_OPTION, False))
    for side in ("german", "soviet"):
        lines = side_lines(state, side)
        for uid in sorted(lines):
            old = table.get(uid, SUPPLIED)
            new = SUPPLIED if lines[uid].ok or agreed else (ISOLATED if old == SUPPLIED else OUT)
            if new == old:
                table.setdefault(uid, new)
                continue
            table[uid] = new
            if old != SUPPLIED:
                events.append(FlagChanged(unit=uid, flag=old, on=False, case="9.3"))
            if new != SUPPLIED:
                events.append(FlagChanged(unit=uid, flag=new, on=True, case="9.3"))
    measure_armor(state)


# ----------------------------------------------------------------------------- effects (9.2, 9.3)


def head_distance(state: GameState, unit_id: str) -> int | None:
    """9.2: hexes from the unit to the nearest Soviet supply head or east-edge icon, by a path a
    line of supply may take (no length limit); None when there is none.  The distances are a
    breadth-first search from every source at once over :func:`adjacency` (each step one hex)."""
    side = state.units[unit_id].side
    key = ("k43-head-dist", side, ground(state))
    dist = state.cache.get(key)
    if dist is None:
        adj = adjacency(state, side)
        dist = {h: 0 for h in source_hexes(state, side) if h in adj}
        todo = deque(dist)
        while todo:
            h = todo.popleft()
            for n in adj[h]:
                if n not in dist:
                    dist[n] = dist[h] + 1
                    todo.append(n)
        state.cache[key] = dist
    h = state.units[unit_id].hex
    if h in dist:
        return dist[h]
    near = [dist[n] for n in state.board.nbrs.get(h, ()) if n in dist]
    return min(near) + 1 if near else None


DISTANCE_KEY = "armor_distance"  # state.turn_data[DISTANCE_KEY][unit] -> hexes to a supply head


def measure_armor(state: GameState) -> None:
    """9.2, in the supply phase: each Soviet armoured unit's distance from a supply head, which
    sets its OP and armour for the turn like its supply state."""
    state.turn_data[DISTANCE_KEY] = {
        u: head_distance(state, u) for u, rec in sorted(state.units.items())
        if rec.side == "soviet" and rec.hex is not None and state.board.units[u].values.kind == "armor"}


def _armor_penalty(state: GameState, unit_id: str) -> tuple[int, int]:
    """9.2: (OP lost, AV percent lost) of a supplied Soviet armoured unit far from its supply head,
    by the distance measured in this turn's supply phase."""
    if status(state, unit_id) != SUPPLIED:
        return 0, 0
    n = state.turn_data.get(DISTANCE_KEY, {}).get(unit_id)
    for beyond, op, pct in ARMOR_DISTANCE:
        if n is not None and n > beyond:
            return op, pct
    return 0, 0


def op_allowance(state: GameState, unit_id: str) -> int:
    """1.1 with 9.2 and 9.3: the OP a unit brings to an activation: half (Isolated) or a quarter
    (Out of Supply) for motorised kinds, fractions dropped; less for far Soviet armour."""
    info = state.board.units[unit_id]
    op = info.values.op
    st = status(state, unit_id)
    if info.values.kind in MOTORISED_KINDS:
        if st == ISOLATED:
            op //= 2
        elif st == OUT:
            op //= 4
    return max(op - _armor_penalty(state, unit_id)[0], 0)


def attack_multiplier(state: GameState, unit_id: str) -> Fraction:
    """9.3: Isolated and Out of Supply units attack at half their combat value."""
    return Fraction(1, 2) if status(state, unit_id) in (ISOLATED, OUT) else Fraction(1)


def defence_multiplier(state: GameState, unit_id: str) -> Fraction:
    """9.3: only Out of Supply units defend at half."""
    return Fraction(1, 2) if status(state, unit_id) == OUT else Fraction(1)


def may_prepare(state: GameState, unit_id: str) -> bool:
    """9.3: no prepared attack by an Isolated or Out of Supply unit."""
    return status(state, unit_id) == SUPPLIED


def armor_value(state: GameState, unit_id: str, value: int) -> int:
    """9.2, 9.3: the armour value ``value`` after supply: halved (Isolated), a quarter (Out of
    Supply), fractions up; a supplied Soviet unit far from its supply head loses 10-30 %
    (the loss rounded up)."""
    st = status(state, unit_id)
    if st == ISOLATED:
        return math.ceil(value / 2)
    if st == OUT:
        return math.ceil(value / 4)
    pct = _armor_penalty(state, unit_id)[1]
    return value - math.ceil(value * pct / 100)


# ----------------------------------------------------------------------------- supply heads (9.4)


def push_supply_head(state: GameState, unit_id: str, events: list) -> str | None:
    """9.4, the hook combat calls when a supply head alone in its hex is attacked: it moves three
    hexes toward the east edge (each step to the free neighbour furthest east); pushed off the
    map it waits off it and comes back next turn (:func:`return_supply_heads`).  Returns the new
    hex, or None when it left the map."""
    rec = state.units[unit_id]
    board = state.board
    grid = board.map.grid
    h = rec.hex
    for _ in range(PUSH_HEXES):
        col = grid.row_col(h)[1]
        ahead = [n for n in board.nbrs.get(h, ()) if grid.row_col(n)[1] > col
                 and not any(state.units[u].side != rec.side for u in state.units_at(n))]
        if not ahead:
            if col == max(grid.row_col(x)[1] for x in board.in_play):
                state.game.setdefault("heads_off", {})[unit_id] = rec.hex
                state.to_box(unit_id, "off_map")
                events.append(Displaced(unit=unit_id, to=None, case="9.4"))
                return None
            break
        h = max(ahead, key=lambda n: (grid.row_col(n)[1], -abs(grid.row_col(n)[0] - grid.row_col(rec.hex)[0]), n))
    state.place(unit_id, h)
    events.append(Displaced(unit=unit_id, to=h, case="9.4"))
    return h


def return_supply_heads(state: GameState, events: list) -> None:
    """9.4: a supply head pushed off the map comes back at the nearest Soviet entry hex."""
    grid = state.board.map.grid
    for uid, left in sorted(state.game.get("heads_off", {}).items()):
        entries = [h for a in state.scenario.map.areas.values() if a.kind == "entry" and a.side == state.units[uid].side
                   for h in a.hexes if h in state.board.in_play and not state.units_at(h)]
        if not entries:
            continue
        back = min(entries, key=lambda h: (grid.distance(h, left), h))
        state.place(uid, back)
        del state.game["heads_off"][uid]
        events.append(Displaced(unit=uid, to=back, case="9.4"))


def drop_caches(state: GameState) -> None:
    """Forget every search of this module: called when a unit is placed or removed, and to be
    called by combat when a step loss changes a unit's ZoC (4.2)."""
    for key in [k for k in state.cache if isinstance(k, tuple) and str(k[0]).startswith("k43-")]:
        del state.cache[key]


def head_move_refusal(state: GameState, side: str, unit_id: str, hex_id: str) -> tuple[str, str] | None:
    """9.4: one hex a turn, along a road, a railroad, over a bridge, or into clear terrain."""
    rec = state.units.get(unit_id)
    if rec is None or rec.side != side or rec.hex is None or state.board.units[unit_id].values.kind != "supply_head":
        return "9.4", f"{unit_id} is not a supply head of the {side} player on the map"
    if unit_id in state.turn_data.get("heads_moved", ()):
        return "9.4", f"{unit_id} has moved its hex this turn"
    board = state.board
    a = rec.hex
    if hex_id not in board.nbrs.get(a, ()):
        return "9.4", f"{hex_id} is not next to {a}"
    if any(state.units[u].side != side for u in state.units_at(hex_id)):
        return "9.4", f"{hex_id} holds enemy units"
    m = board.map
    if not (m.road_between(a, hex_id) or m.rail_between(a, hex_id) or "bridge" in m.hexside_features(a, hex_id)
            or (m.terrain(hex_id) == "clear" and not board.river_between(a, hex_id))):
        return "9.4", f"{a} to {hex_id} is neither road, railroad, bridge nor clear terrain"
    return None


def apply_head_move(state: GameState, side: str, action, events: list) -> None:
    why = head_move_refusal(state, side, action.unit, action.hex)
    if why:
        raise IllegalAction(*why)
    a = state.units[action.unit].hex
    state.turn_data.setdefault("heads_moved", []).append(action.unit)
    state.place(action.unit, action.hex)
    events.append(UnitMoved(units=(action.unit,), path=(a, action.hex), cost=0.0, how="supply head moves", case="9.4"))


def head_moves(state: GameState, side: str) -> list:
    from .actions import MoveSupplyHead

    return [MoveSupplyHead(unit=u, hex=h) for u in supply_heads(state, side)
            for h in state.board.nbrs.get(state.units[u].hex, ()) if head_move_refusal(state, side, u, h) is None]

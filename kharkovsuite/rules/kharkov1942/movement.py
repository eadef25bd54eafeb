"""Movement (6.1-6.3), with the ZOC rules of 6.23-6.25 and the supply halving of 6.26.

One search gives every legal destination of a unit, or of a stack moving as one, with its cost
and path: a bounded Dijkstra (Dial's buckets) over the board's per-class movement graph
(terrain, City, road and hexside costs from the scenario's ``terrain_effects``, in half
Movement Points) whose transitions are the rules, so its paths are legal by construction.
A stack whose members pay differently per hex is searched over their cost vectors
(:func:`_pareto`): it moves at the pace of its slowest member on every path.
:func:`check_path` validates a path a person draws, and every move applied.

Results are cached per position and dropped only when something they read changes: an enemy
unit near the hexes a search read, a friendly one next to a Major River (6.25), or the
member's own hex, allowance, kind of move or 6.77 status (:func:`keys_of`).  With
``GameState.check_caches`` on, every cached search is compared with a fresh one after each
action (:func:`check_cache`).

Exceptions to 6.24 live in their own modules: German Tactical Disengagement
(:mod:`.disengagement`, 6.6) and Soviet Breakout Mobility (:mod:`.breakout`, 6.8).
"""
from __future__ import annotations

import heapq
from collections.abc import Collection
from dataclasses import dataclass

from ...engine.actions import Move
from ...engine.errors import CacheMismatch, IllegalAction
from ...engine.events import UnitMoved
from ...engine.state import GameState, Reach, UnitRecord
from . import breakout, disengagement, fredericus, overrun, supply
from .places import relocate
from .units import movement
from .zoc import derived, other_side

INF = 1 << 30
ARRIVING = "arriving"  # the box of reinforcements not yet on the map (16.0)

#: how -> the case a move of that kind is made under
HOW_CASE = {"move": "6.0b", "disengage": "6.6", "breakout": "6.8", "enter": "16.0"}


# ----------------------------------------------------------------------------- the phase


def begin_phase(state: GameState, mechanized_only: bool = False, rail: bool = True, entry: bool = True) -> None:
    """Start of a Movement Phase: note supply (11.41) and who starts in an enemy ZOC (6.61)."""
    side = state.phase.side
    pd = state.phase_data
    pd["moved"] = set()
    pd["mechanized_only"] = mechanized_only
    pd["rail_allowed"] = rail
    pd["entry_allowed"] = entry
    pd["rail_used"] = 0
    on_map = [uid for uid, rec in state.units.items() if rec.side == side and rec.hex is not None]
    pd["unsupplied"] = {uid for uid in on_map if not supply.in_supply(state, uid)}
    zoc = derived(state).zoc[other_side(side)]
    index = state.board.index
    pd["in_zoc_at_start"] = {uid for uid in on_map if index[state.units[uid].hex] in zoc}


def can_move(state: GameState, rec: UnitRecord, side: str | None = None) -> bool:
    """May this unit still move this phase (6.0, 6.13, 7.32, 6.51; 4.2.B3 in the mechanized phase)?"""
    pd = state.phase_data
    if rec.id in pd.get("moved", ()) or rec.side != (side or state.phase.side):
        return False
    if "disrupted" in rec.flags or "frozen" in rec.flags:
        return False
    if pd.get("mechanized_only") and not state.board.has_flag(rec.id, "mechanized"):
        return False
    if rec.hex is not None:
        return True
    return is_available_reinforcement(state, rec)


def is_available_reinforcement(state: GameState, rec: UnitRecord) -> bool:
    """16.0: reinforcements enter in their side's first movement phase of their turn or later."""
    return (
        rec.box == ARRIVING
        and state.phase_data.get("entry_allowed", False)
        and rec.data is not None
        and rec.data.get("due", 99) <= state.turn
    )


def movable_units(state: GameState) -> list[str]:
    side = state.phase.side
    units = state.units
    return [uid for uid in state.board.side_units.get(side, ()) if can_move(state, units[uid], side)]


def allowance(state: GameState, rec: UnitRecord) -> int:
    """The allowance in half MP: printed, halved (fractions dropped) if out of supply at the start (6.26)."""
    mp = movement(state, rec)
    if rec.id in state.phase_data.get("unsupplied", ()):
        mp = int(mp) // 2
    return int(round(mp * 2)) - state.phase_data.get("spent", {}).get(rec.id, 0)  # 7.0: MP spent on overruns


# ----------------------------------------------------------------------------- search


@dataclass
class Context:
    """Everything a search of one unit, or of a stack moving as one, needs, in board indices.

    ``profiles`` holds one ``(movement class, extra cost of the first hex, allowance)`` per kind
    of member: a lone unit has one; a stack has one per distinct class and disengagement
    surcharge, each with the smallest allowance among its members (a stack moves at the pace
    of its slowest member).
    """

    units: tuple[str, ...]
    side: str
    profiles: tuple[tuple[str, int, int], ...]
    start: int | None  # None: a reinforcement entering the map
    how: str | None  # move | disengage | breakout | enter; None: may not move (6.24)
    occupied: Collection[int]  # hexes holding enemy units (6.22)
    garrisons: Collection[int]  # enemy garrisons a Soviet unit may not enter (15.3)
    zoc: Collection[int]
    exempt: Collection[int]  # enemy-controlled hexes the unit need not stop in (6.8)
    river_zoc: Collection[int]
    friendly: Collection[int]
    forbidden: frozenset[int]
    entries: tuple[int, ...] = ()
    disengage: bool = False  # the first hex follows 6.61/6.64

    @property
    def unit(self) -> str:
        return self.units[0]

    @property
    def cls(self) -> str:
        return self.profiles[0][0]

    @property
    def allow(self) -> int:
        return min(p[2] for p in self.profiles)

    def blocked(self, i: int) -> bool:
        return i in self.occupied or i in self.garrisons

    def stops(self, i: int) -> bool:
        """6.23: entering an enemy ZOC ends the move (6.8 exempts the ZOC the unit started in)."""
        return i in self.zoc and i not in self.exempt


def how_of(state: GameState, rec: UnitRecord, zoc: Collection[int]) -> str | None:
    """The kind of move the unit may make now; None when it may not leave its hex (6.24)."""
    if rec.hex is None:
        return "enter"
    if state.board.index[rec.hex] not in zoc or overrun.free_to_leave(state, rec.id):
        return "move"  # 6.23/6.24: a stack that has just overrun may move on (7.25)
    if disengagement.may_disengage(state, rec):
        return "disengage"
    if breakout.may_break_out(state, rec):
        return "breakout"
    return None


def context(state: GameState, unit_id: str) -> Context:
    b = state.board
    rec = state.units[unit_id]
    side = rec.side
    d = derived(state)
    enemy = other_side(side)
    zoc = d.zoc[enemy]
    start = b.index[rec.hex] if rec.hex is not None else None
    how = how_of(state, rec, zoc)
    entries: tuple[int, ...] = ()
    exempt: Collection[int] = ()
    if how == "enter":
        entries = tuple(b.index[h] for h in b.area(rec.data.get("entry", "")))
    elif how == "breakout":
        exempt = breakout.exempt_hexes(state, rec)
    extra = disengagement.COST * 2 if how == "disengage" else 0
    return Context(
        units=(unit_id,),
        side=side,
        profiles=((b.unit_type[unit_id].movement_class, extra, allowance(state, rec)),),
        start=start,
        how=how,
        occupied=d.occupied[enemy],
        garrisons=d.garrisons if side == "soviet" else (),
        zoc=zoc,
        exempt=exempt,
        river_zoc=d.river_zoc[enemy],
        friendly=d.occupied[side],
        forbidden=reserve_forbidden(state, rec) | fredericus.forbidden(state, rec),  # 6.72, 6.77
        entries=entries,
        disengage=how == "disengage",
    )


def stack_context(state: GameState, units: tuple[str, ...]) -> Context:
    """One context for units of one hex moving together: each member's limits hold for all."""
    ctxs = [context(state, uid) for uid in units]
    first = ctxs[0]
    if len(ctxs) == 1:
        return first
    allow: dict[tuple[str, int], int] = {}
    for c in ctxs:
        cls, extra, a = c.profiles[0]
        allow[(cls, extra)] = min(a, allow.get((cls, extra), a))
    hows = {c.how for c in ctxs}
    entries = [e for e in first.entries if all(e in c.entries for c in ctxs[1:])]
    exempt = set(first.exempt)
    for c in ctxs[1:]:
        exempt &= set(c.exempt)
    return Context(
        units=units,
        side=first.side,
        profiles=tuple((cls, extra, a) for (cls, extra), a in sorted(allow.items())),
        start=first.start,
        how=None if None in hows else first.how,
        occupied=first.occupied,
        garrisons=first.garrisons,
        zoc=first.zoc,
        exempt=exempt,
        river_zoc=first.river_zoc,
        friendly=first.friendly,
        forbidden=frozenset().union(*(c.forbidden for c in ctxs)),
        entries=tuple(entries),
        disengage=any(c.disengage for c in ctxs),
    )


def reserve_forbidden(state: GameState, rec: UnitRecord) -> frozenset[int]:
    """6.72: an Army Reserve counter may not move to within three hexes of an Axis unit."""
    if not state.board.has_flag(rec.id, "reserve_counter"):
        return frozenset()
    b = state.board
    out: set[int] = set()
    for i in derived(state).occupied[other_side(rec.side)]:
        out.update(b.within(i, 3))
    return frozenset(out)


@dataclass
class ReachEntry:
    """Every legal destination of a unit or stack: its cost (half MP) and how to get there.

    ``key`` is what the result depends on besides the board around it (hexes, allowance, kind
    of move and rule restrictions of each member); ``footprint`` the hexes whose neighbourhood
    it read (see :func:`sync_cache`).
    """

    units: tuple[str, ...]
    side: str
    start: int | None
    how: str | None
    best: dict[int, int]  # hex -> cost in half MP
    parent: dict[int, int]  # hex -> the hex before it on its path (one member kind)
    paths: dict[int, tuple[int, ...]] | None  # hex -> its path (members of several kinds)
    dests: list[int]  # sorted destinations (the start excluded)
    key: tuple
    footprint: frozenset[int]
    wide: bool  # depends on every enemy unit (6.72)
    id_paths: dict[int, tuple[str, ...]] | None = None  # filled by entry_paths

    @property
    def unit(self) -> str:
        return self.units[0]

    def same(self, other: "ReachEntry") -> bool:
        return (self.units, self.start, self.how, self.best, self.parent, self.paths, self.dests) == (
            other.units, other.start, other.how, other.best, other.parent, other.paths, other.dests)


def search(state: GameState, units) -> ReachEntry:
    """Every legal destination of a unit (or a stack moving as one) with its cost and path.

    The rules are the search's transitions, so every path it returns is legal by construction:
    enemy and garrisoned hexes are never entered (6.22, 15.3), a hex in enemy ZOC is entered but
    never left (6.23; 6.8 exempts the ZOC a breaking-out unit started in), a Major River is not
    crossed into the ZOC of a river-side enemy unless a friendly unit holds the hex (6.25), a
    disengaging unit's first hex is free of Soviet ZOC, not across a Major River, and costs
    3 MP more (6.61, 6.64), and forbidden hexes stay out (6.72, 6.77).
    """
    if isinstance(units, str):
        units = (units,)
    ctx = stack_context(state, tuple(units))
    key = keys_of(state, ctx.units)
    wide = any(state.board.has_flag(u, "reserve_counter") for u in ctx.units)
    best: dict[int, int] = {}
    parent: dict[int, int] = {}
    paths = None
    if ctx.how is not None and ctx.allow > 0:
        if len(ctx.profiles) == 1:
            best, parent = _dial(state.board, ctx)
        else:
            best, paths = _pareto(state.board, ctx)
    return ReachEntry(ctx.units, ctx.side, ctx.start, ctx.how, best, parent, paths, sorted(best), key,
                      _footprint(ctx, best), wide)


def _footprint(ctx: Context, best) -> frozenset[int]:
    out = set(best)
    out.update(ctx.entries)
    if ctx.start is not None:
        out.add(ctx.start)
    return frozenset(out)


def keys_of(state: GameState, units: tuple[str, ...]) -> tuple:
    """What the search of ``units`` depends on beyond the hexes around them: per member its hex,
    allowance, kind of move and whether 6.77 holds it."""
    out = []
    d = derived(state)
    for uid in units:
        rec = state.units[uid]
        zoc = d.zoc[other_side(rec.side)]
        out.append((rec.hex, allowance(state, rec), how_of(state, rec, zoc), bool(fredericus.forbidden(state, rec))))
    return tuple(out)


def _first_steps(b, ctx: Context, cls: str, extra: int) -> list[tuple[int, int]]:
    """The hexes the move may enter first, with their costs for class ``cls``."""
    forbidden = ctx.forbidden
    if ctx.start is None:
        enter = b.enter_cost[cls]
        return [(e, enter[e]) for e in ctx.entries if not ctx.blocked(e) and e not in forbidden]
    out = []
    for j, c, major in b.adj[cls][ctx.start]:
        if ctx.blocked(j) or j in forbidden:
            continue
        if major and j in ctx.river_zoc and j not in ctx.friendly:
            continue  # 6.25
        if ctx.disengage and (major or j in ctx.zoc):
            continue  # 6.64, 6.61
        out.append((j, c + extra))
    return out


def _dial(b, ctx: Context) -> tuple[dict[int, int], dict[int, int]]:
    """Bounded Dijkstra with the costs as bucket numbers (Dial's algorithm): one member kind."""
    cls, extra, allow = ctx.profiles[0]
    adj = b.adj[cls]
    closed = ctx.occupied  # hexes never entered (6.22, 15.3, 6.72, 6.77)
    if ctx.garrisons or ctx.forbidden:
        closed = set(closed).union(ctx.garrisons, ctx.forbidden)
    stop = ctx.zoc  # hexes where the move ends (6.23, 6.8)
    if ctx.exempt:
        stop = set(stop).difference(ctx.exempt)
    river, friendly = ctx.river_zoc, ctx.friendly
    best = [INF] * len(b.ids)
    parent: dict[int, int] = {}
    touched: list[int] = []
    buckets: list[list[int]] = [[] for _ in range(allow + 1)]
    start = ctx.start
    if start is not None:
        best[start] = 0  # never re-entered: a path back to the start is no move
    for j, c in _first_steps(b, ctx, cls, extra):
        if c <= allow and c < best[j]:
            best[j] = c
            touched.append(j)
            buckets[c].append(j)
            if start is not None:
                parent[j] = start
    for d in range(allow + 1):
        for i in buckets[d]:
            if best[i] != d or i in stop:
                continue  # stale, or a hex in enemy ZOC: the move ends there (6.23)
            for j, c, major in adj[i]:
                nd = d + c
                if nd > allow or nd >= best[j] or j in closed:
                    continue
                if major and j in river and j not in friendly:
                    continue  # 6.25
                if best[j] == INF:
                    touched.append(j)
                best[j] = nd
                parent[j] = i
                buckets[nd].append(j)
    return {j: best[j] for j in touched}, parent


def _pareto(b, ctx: Context) -> tuple[dict[int, int], dict[int, tuple[int, ...]]]:
    """A stack of members with different costs per hex: a label search over cost vectors.

    A stack's move costs each member its own sum, so the cheapest path for one member need not
    suit another; every path whose cost vector no other path to the same hex beats in all
    members is kept (a Pareto front per hex).  Each destination gets the kept path with the
    smallest largest member cost.
    """
    profiles = ctx.profiles
    adjs = [b.adj[cls] for cls, _e, _a in profiles]
    allows = [a for _c, _e, a in profiles]
    start = ctx.start
    labels: list[tuple[int, tuple[int, ...], int]] = []  # (hex, costs, parent label or -1)
    fronts: dict[int, list[int]] = {}  # hex -> label numbers not beaten
    heap: list[tuple[int, tuple[int, ...], int]] = []

    def offer(j: int, costs: tuple[int, ...], parent: int) -> None:
        front = fronts.setdefault(j, [])
        for k in front:
            if all(x <= y for x, y in zip(labels[k][1], costs)):
                return
        front[:] = [k for k in front if not all(y <= x for x, y in zip(labels[k][1], costs))]
        labels.append((j, costs, parent))
        front.append(len(labels) - 1)
        heapq.heappush(heap, (max(costs), costs, len(labels) - 1))

    firsts = [dict(_first_steps(b, ctx, cls, extra)) for cls, extra, _a in profiles]
    for j in firsts[0]:
        costs = tuple(f[j] for f in firsts)
        if all(c <= a for c, a in zip(costs, allows)):
            offer(j, costs, -1)
    while heap:
        _m, costs, k = heapq.heappop(heap)
        i = labels[k][0]
        if k not in fronts[i] or ctx.stops(i):
            continue
        for steps in zip(*(adj[i] for adj in adjs)):
            j, _c, major = steps[0]
            if j == start or ctx.blocked(j) or j in ctx.forbidden:
                continue
            if major and j in ctx.river_zoc and j not in ctx.friendly:
                continue  # 6.25
            new = tuple(c + s[1] for c, s in zip(costs, steps))
            if all(c <= a for c, a in zip(new, allows)):
                offer(j, new, k)
    best: dict[int, int] = {}
    paths: dict[int, tuple[int, ...]] = {}
    for j, front in fronts.items():
        k = min(front, key=lambda n: (max(labels[n][1]), labels[n][1]))
        best[j] = max(labels[k][1])
        walk = []
        while k >= 0:
            walk.append(labels[k][0])
            k = labels[k][2]
        if start is not None:
            walk.append(start)
        paths[j] = tuple(reversed(walk))
    return best, paths


# ----------------------------------------------------------------------------- cache


def reach(state: GameState, units) -> ReachEntry:
    """The search of a unit or stack, from the position's cache when still valid."""
    if isinstance(units, str):
        units = (units,)
    units = tuple(units)
    cache = sync_cache(state)
    name = units[0] if len(units) == 1 else units  # a lone unit is cached under its id
    entry = cache.get(name)
    if entry is not None and entry.key != keys_of(state, units):
        entry = None  # an allowance, a kind of move or a restriction changed (7.0, 6.77)
    if entry is None:
        entry = cache[name] = search(state, units)
    return entry


def sync_cache(state: GameState) -> dict:
    """Drop the cached searches that the changes since the last look can affect.

    A search reads the hexes of its footprint and their neighbours.  An enemy unit coming or
    going at ``h`` changes occupation at ``h`` and ZOC next to it, so it matters to a search
    whose footprint lies within two hexes; a friendly one matters only next to a Major River
    (6.25 looks at friendly occupation of the hex entered).  A search of an Army Reserve
    counter depends on every Axis unit within three hexes of any hex (6.72).
    """
    cache = state.cache.setdefault("reach", {})
    if state.changes:
        b = state.board
        rail = state.cache.get("rail")
        for hex_id, side in state.changes:
            h = b.index[hex_id]
            near = b.within2[h]
            close = (h, *b.nbrs[h]) if b.touches_major[h] else ()
            for name in list(cache):
                entry = cache[name]
                if entry.side != side:
                    if entry.wide or not entry.footprint.isdisjoint(near):
                        del cache[name]
                elif close and not entry.footprint.isdisjoint(close):
                    del cache[name]
            if rail:
                for uid in list(rail):
                    if rail[uid].side != side and not rail[uid].footprint.isdisjoint(near):
                        del rail[uid]
        state.changes.clear()
    return cache


def unit_moved(state: GameState, unit_id: str, old: str | None, new: str | None) -> None:
    """Engine move hook: a unit put somewhere else by any means (breakdown, re-forming, a
    commitment, a retreat) drops its own cached searches, which start from its old hex."""
    got = state.cache.get("reach")
    if got:
        for name in [n for n in got if n == unit_id or (isinstance(n, tuple) and unit_id in n)]:
            del got[name]
    rail = state.cache.get("rail")
    if rail:
        rail.pop(unit_id, None)


def check_cache(state: GameState) -> None:
    """Debug mode: every cached search that :func:`reach` would hand out equals a fresh one."""
    cache = sync_cache(state)
    for entry in list(cache.values()):
        if entry.key != keys_of(state, entry.units):
            continue  # reach() recomputes it
        fresh = search(state, entry.units)
        if not entry.same(fresh):
            raise CacheMismatch(f"cached movement search of {entry.units} differs from a fresh one "
                                f"({len(entry.dests)} against {len(fresh.dests)} destinations)")


def path_of(state: GameState, entry: ReachEntry, dest: int) -> tuple[str, ...]:
    return entry_paths(state, entry)[dest]


def entry_paths(state: GameState, entry: ReachEntry) -> dict[int, tuple[str, ...]]:
    """The path (hex ids, start first) to every destination of ``entry``, built once per entry."""
    if entry.id_paths is None:
        ids = state.board.ids
        if entry.paths is not None:
            entry.id_paths = {j: tuple(ids[i] for i in p) for j, p in entry.paths.items()}
        else:
            out: dict[int, tuple[str, ...]] = {}
            if entry.start is not None:
                out[entry.start] = (ids[entry.start],)
            parent = entry.parent
            for j in entry.best:
                chain = []
                k = j
                while k not in out and k in parent:
                    chain.append(k)
                    k = parent[k]
                if k in out:
                    path = out[k]
                else:  # the first hex of an entering reinforcement (16.0)
                    path = ()
                    chain.append(k)
                for n in reversed(chain):
                    path = out[n] = path + (ids[n],)
            out.pop(entry.start, None)
            entry.id_paths = out
    return entry.id_paths


def legal_moves(state: GameState, units) -> dict[str, Reach]:
    """Hexes a unit (or a stack moving together) may reach now, with cost and path."""
    if isinstance(units, str):
        units = (units,)
    units = tuple(units)
    if not units or len(set(units)) != len(units):
        return {}
    for uid in units:
        if uid not in state.units or not can_move(state, state.units[uid]):
            return {}
    if len({state.units[u].hex or state.units[u].box for u in units}) > 1:
        return {}  # 6.0b: units moving together start together
    entry = reach(state, units)
    ids = state.board.ids
    paths = entry_paths(state, entry)
    return {ids[dest]: Reach(entry.best[dest] / 2, paths[dest]) for dest in entry.dests}


def stacks(state: GameState, units: list[str]) -> list[tuple[str, ...]]:
    """6.0: the movable units of each map hex holding two or more of ``units``, in hex order.

    Only whole stacks are listed; any part of one moves by naming its units (``Move`` and
    :func:`legal_moves` take any group of units of one hex)."""
    by_hex: dict[str, list[str]] = {}
    for uid in units:
        here = state.units[uid].hex
        if here is not None:
            by_hex.setdefault(here, []).append(uid)
    return [tuple(sorted(group)) for _h, group in sorted(by_hex.items()) if len(group) > 1]


# ----------------------------------------------------------------------------- checking a path


def check_path(state: GameState, unit_id: str, path: tuple[str, ...]) -> tuple[int, str]:
    """Walk ``path`` for one unit; return (cost in half MP, how) or raise naming the case.

    For a path a person draws (and every move applied); the legal destinations come from
    :func:`search`, which follows the same rules."""
    return walk(state, context(state, unit_id), path)


def walk(state: GameState, ctx: Context, path: tuple[str, ...]) -> tuple[int, str]:
    """:func:`check_path` with the unit's context already made."""
    b = state.board
    unit_id = ctx.unit
    rec = state.units[unit_id]
    for h in path:
        if h not in b.index:
            raise IllegalAction("6.0b", f"{h} is not a hex of the map")
    idx = [b.index[h] for h in path]
    if ctx.start is None:
        if not idx or idx[0] not in ctx.entries:
            raise IllegalAction("16.0", f"{unit_id} must enter through {rec.data.get('entry')}")
        cost = b.enter_cost[ctx.cls][idx[0]]
        _check_enter(state, ctx, idx[0], path[0])
        steps = idx
    else:
        if len(idx) < 2 or idx[0] != ctx.start:
            raise IllegalAction("6.0b", f"a move of {unit_id} starts at its hex {rec.hex} and enters at least one hex")
        if ctx.how is None:
            raise IllegalAction("6.24", f"{unit_id} may not leave the enemy-controlled hex {rec.hex}")
        cost = 0
        steps = idx
    for k in range(1, len(steps)):
        a, c = steps[k - 1], steps[k]
        if ctx.stops(a) and not (k == 1 and ctx.start is not None):
            raise IllegalAction("6.23", f"{unit_id} must stop on entering the enemy-controlled hex {b.ids[a]}")
        edge = b.edge_of.get((a, c))
        if edge is None:
            raise IllegalAction("6.0b", f"{b.ids[a]} and {b.ids[c]} are not adjacent")
        if edge.move_blocked:
            raise IllegalAction("6.3", f"the river between {b.ids[a]} and {b.ids[c]} may be crossed only along a road")
        step_cost = next(cc for j, cc, _m in b.adj[ctx.cls][a] if j == c)
        if ctx.how == "disengage" and k == 1:
            if edge.major:
                raise IllegalAction("6.64", "German units may never disengage across a Major River")
            if c in ctx.zoc:
                raise IllegalAction("6.61", f"a disengaging unit must move into a hex not in a Soviet ZOC, not {b.ids[c]}")
            step_cost += disengagement.COST * 2
        if edge.major and c in ctx.river_zoc and c not in ctx.friendly:
            raise IllegalAction("6.25", "may not cross a Major River into an enemy-controlled hex")
        _check_enter(state, ctx, c, b.ids[c])
        cost += step_cost
    if cost > ctx.allow:
        raise IllegalAction("6.11", f"the path costs {cost / 2:g} MP, more than {unit_id}'s {ctx.allow / 2:g}")
    return cost, ctx.how or "move"


def _check_enter(state: GameState, ctx: Context, i: int, hex_id: str) -> None:
    if ctx.blocked(i):
        raise IllegalAction("6.22", f"{hex_id} holds an enemy unit or garrison")
    if i in ctx.forbidden and not state.board.has_flag(ctx.unit, "reserve_counter"):
        raise IllegalAction("6.77", f"{ctx.unit} set up south of the sector line: before activation it goes north only by rail ({hex_id})")
    if i in ctx.forbidden:
        raise IllegalAction("6.72", f"an Army Reserve counter may not move within three hexes of an Axis unit ({hex_id})")


# ----------------------------------------------------------------------------- applying


def apply_move(state: GameState, action: Move, events: list) -> None:
    units, path = action.units, action.path
    _check_units(state, units, path)
    results = [check_path(state, uid, path) for uid in units]
    cost = max(c for c, _h in results)
    how = results[0][1]
    pd = state.phase_data
    pd["moved"].update(units)
    for uid in units:
        rec = state.units[uid]
        if rec.box == ARRIVING:
            rec.data = dict(rec.data or {}, entered=state.turn)
    if how == "disengage":
        disengagement.move(state, units, path, cost, events)
        return
    for uid in units:
        relocate(state, uid, path[-1], events)
    events.append(UnitMoved(units=units, path=path, cost=cost / 2, how=how, case=HOW_CASE[how]))


def _check_units(state: GameState, units: tuple[str, ...], path: tuple[str, ...]) -> None:
    if not units or len(set(units)) != len(units):
        raise IllegalAction("6.0b", "name each moving unit once")
    where = set()
    for uid in units:
        rec = state.units.get(uid)
        if rec is None:
            raise IllegalAction("6.0a", f"no unit {uid!r}")
        if rec.side != state.phase.side:
            raise IllegalAction("6.13", f"{uid} is not the phasing player's")
        if uid in state.phase_data.get("moved", ()):
            raise IllegalAction("6.12", f"{uid} has already moved this phase (movement ends when the hand leaves it)")
        if not can_move(state, rec):
            raise IllegalAction(_why_not(state, rec), f"{uid} may not move now")
        where.add(rec.hex or rec.box)
    if len(where) > 1:
        raise IllegalAction("6.0b", "units moving together start in the same hex")
    if not path:
        raise IllegalAction("6.0b", "a move needs a path")


def _why_not(state: GameState, rec: UnitRecord) -> str:
    if "disrupted" in rec.flags:
        return "7.32"
    if "frozen" in rec.flags:
        return "6.51"
    if state.phase_data.get("mechanized_only"):
        return "4.2.B3"
    if rec.hex is None:
        return "16.0"
    return "6.0a"

"""Movement (6.1-6.3), with the ZOC rules of 6.23-6.25 and the supply halving of 6.26.

A unit's reachable hexes come from a bounded Dijkstra search over the board's per-class
movement graph (terrain, City, road and hexside costs from the scenario's ``terrain_effects``,
in half Movement Points).  Results are cached per unit for the phase; a change in a hex drops
only the searches it can affect: an enemy change near the hexes a search visited, or a
friendly change at a Major River (6.25 looks at friendly occupation).

Exceptions to 6.24 live in their own modules: German Tactical Disengagement
(:mod:`.disengagement`, 6.6) and Soviet Breakout Mobility (:mod:`.breakout`, 6.8).
"""
from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from itertools import combinations

from ...engine.actions import Move
from ...engine.errors import IllegalAction
from ...engine.events import UnitMoved
from ...engine.state import GameState, Reach, UnitRecord
from . import breakout, disengagement, fredericus, supply
from .places import relocate
from .units import movement
from .zoc import blocked_for_movement, derived, other_side

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
    """Everything a search of one unit needs, in board indices."""

    unit: str
    side: str
    cls: str
    allow: int
    start: int | None  # None: a reinforcement entering the map
    how: str | None  # move | disengage | breakout | enter; None: may not move (6.24)
    blocked: Collection[int]
    zoc: Collection[int]
    stop: Collection[int]
    river_zoc: Collection[int]
    friendly: Collection[int]
    forbidden: frozenset[int]
    entries: tuple[int, ...] = ()


def context(state: GameState, unit_id: str) -> Context:
    b = state.board
    rec = state.units[unit_id]
    side = rec.side
    d = derived(state)
    enemy = other_side(side)
    zoc = d.zoc[enemy]
    start = b.index[rec.hex] if rec.hex is not None else None
    entries: tuple[int, ...] = ()
    stop = zoc
    if start is None:
        how: str | None = "enter"
        entries = tuple(b.index[h] for h in b.area(rec.data.get("entry", "")))
    elif start not in zoc or unit_id in state.phase_data.get("overrun_free", ()):
        how = "move"  # 6.23/6.24: a stack that has just overrun may move on (7.25)
    elif disengagement.may_disengage(state, rec):
        how = "disengage"
    elif breakout.may_break_out(state, rec):
        how = "breakout"
        stop = breakout.stop_hexes(state, rec)
    else:
        how = None
    return Context(
        unit=unit_id,
        side=side,
        cls=b.unit_type[unit_id].movement_class,
        allow=allowance(state, rec),
        start=start,
        how=how,
        blocked=blocked_for_movement(state, side),
        zoc=zoc,
        stop=stop,
        river_zoc=d.river_zoc[enemy],
        friendly=d.occupied[side],
        forbidden=reserve_forbidden(state, rec) | fredericus.forbidden(state, rec),  # 6.72, 6.77
        entries=entries,
    )


def reserve_forbidden(state: GameState, rec: UnitRecord) -> frozenset[int]:
    """6.72: an Army Reserve counter may not move to within three hexes of an Axis unit."""
    if not state.board.has_flag(rec.id, "reserve_counter"):
        return frozenset()
    b = state.board
    out: set[int] = set()
    for hex_id, ids in state.at.items():
        if any(state.units[u].side != rec.side for u in ids):
            out.update(b.within(b.index[hex_id], 3))
    return frozenset(out)


@dataclass
class ReachEntry:
    unit: str
    start: int | None
    how: str | None
    best: dict[int, int]  # hex -> cost in half MP
    parent: dict[int, int]
    dests: list[int]  # sorted destinations (the start excluded)


def search(state: GameState, unit_id: str) -> ReachEntry:
    """Bounded Dijkstra over the unit's movement graph with the ZOC rules (6.2).

    Costs are small integers (half MP), so the queue is a list of buckets (Dial's algorithm).
    """
    ctx = context(state, unit_id)
    if ctx.how is None or ctx.allow <= 0:
        return ReachEntry(unit_id, ctx.start, ctx.how, {}, {}, [])
    b = state.board
    adj = b.adj[ctx.cls]
    blocked, stop, river, friendly, forbidden = ctx.blocked, ctx.stop, ctx.river_zoc, ctx.friendly, ctx.forbidden
    allow = ctx.allow
    best = [INF] * len(b.ids)
    parent: dict[int, int] = {}
    touched: list[int] = []
    buckets: list[list[int]] = [[] for _ in range(allow + 1)]
    if ctx.start is not None:
        best[ctx.start] = 0  # never re-entered: a path back to the start is no move
    for j, c in first_steps(state, ctx):
        if c <= allow and c < best[j]:
            best[j] = c
            touched.append(j)
            buckets[c].append(j)
            if ctx.start is not None:
                parent[j] = ctx.start
    for d in range(allow + 1):
        for i in buckets[d]:
            if best[i] != d or i in stop:
                continue  # stale, or a hex in enemy ZOC: the unit must stop there (6.23)
            for j, c, major in adj[i]:
                nd = d + c
                if nd > allow or nd >= best[j] or j in blocked or j in forbidden:
                    continue
                if major and j in river and j not in friendly:
                    continue  # 6.25
                best[j] = nd
                parent[j] = i
                touched.append(j)
                buckets[nd].append(j)
    reached = {j: best[j] for j in touched}
    return ReachEntry(unit_id, ctx.start, ctx.how, reached, parent, sorted(reached))


def first_steps(state: GameState, ctx: Context) -> list[tuple[int, int]]:
    """The hexes a unit may enter first, with their costs; the special cases live here."""
    b = state.board
    if ctx.start is None:
        enter = b.enter_cost[ctx.cls]
        return [(e, enter[e]) for e in ctx.entries if e not in ctx.blocked and e not in ctx.forbidden]
    out = []
    for j, c, major in b.adj[ctx.cls][ctx.start]:
        if j in ctx.blocked or j in ctx.forbidden:
            continue
        if major and j in ctx.river_zoc and j not in ctx.friendly:
            continue  # 6.25
        if ctx.how == "disengage":
            if major or j in ctx.zoc:
                continue  # 6.64, 6.61
            c += disengagement.COST * 2
        out.append((j, c))
    return out


# ----------------------------------------------------------------------------- cache


def reach(state: GameState, unit_id: str) -> ReachEntry:
    cache = sync_cache(state)
    entry = cache.get(unit_id)
    if entry is None:
        entry = cache[unit_id] = search(state, unit_id)
    return entry


def sync_cache(state: GameState) -> dict[str, ReachEntry]:
    """Drop the cached searches that the changes since the last look can affect."""
    cache = state.cache.setdefault("reach", {})
    if state.changes:
        b = state.board
        for hex_id, side in state.changes:
            h = b.index[hex_id]
            near = b.within2[h]
            river = b.touches_major[h]
            for uid in list(cache):
                entry = cache[uid]
                if state.units[uid].side != side:
                    # An enemy unit came or went: occupation at h, ZOC around it.
                    if h in entry.best or h == entry.start or any(k in entry.best for k in near):
                        del cache[uid]
                elif river and (h in entry.best or any(k in entry.best for k in b.nbrs[h])):
                    del cache[uid]  # 6.25 exempts hexes already occupied by a friendly unit
            rail = state.cache.get("rail")
            if rail:
                for uid in list(rail):
                    if state.units[uid].side != side and any(k in rail[uid][0] for k in near):
                        del rail[uid]
        state.changes.clear()
    return cache


def unit_moved(state: GameState, unit_id: str, old: str | None, new: str | None) -> None:
    """Engine move hook: a unit put somewhere else by any means (breakdown, re-forming, a
    commitment, a retreat) drops its own cached searches, which start from its old hex."""
    for key in ("reach", "rail"):
        got = state.cache.get(key)
        if got:
            got.pop(unit_id, None)


def path_of(state: GameState, entry: ReachEntry, dest: int) -> tuple[str, ...]:
    ids = state.board.ids
    out = [dest]
    while out[-1] in entry.parent:
        out.append(entry.parent[out[-1]])
    return tuple(ids[i] for i in reversed(out))


def legal_moves(state: GameState, units) -> dict[str, Reach]:
    """Hexes a unit (or a stack moving together) may reach now, with cost and path."""
    if isinstance(units, str):
        units = (units,)
    units = tuple(units)
    for uid in units:
        if uid not in state.units or not can_move(state, state.units[uid]):
            return {}
    entries = [reach(state, uid) for uid in units]
    ids = state.board.ids
    common = set(entries[0].best)
    for e in entries[1:]:
        common &= set(e.best)
    out: dict[str, Reach] = {}
    for dest in sorted(common):
        # The most constrained unit's path, checked for the others (a stack moves as one).
        lead = max(entries, key=lambda e: e.best[dest])
        path = path_of(state, lead, dest)
        try:
            cost = max(check_path(state, uid, path)[0] for uid in units)
        except IllegalAction:
            continue
        out[ids[dest]] = Reach(cost / 2, path)
    return out


def stacks(state: GameState, units: list[str]) -> list[tuple[str, ...]]:
    """6.0: the groups of two or more of ``units`` (those able to move) that share a map hex,
    every such group of each hex, smallest first."""
    by_hex: dict[str, list[str]] = {}
    for uid in units:
        here = state.units[uid].hex
        if here is not None:
            by_hex.setdefault(here, []).append(uid)
    out: list[tuple[str, ...]] = []
    for here in sorted(by_hex):
        group = sorted(by_hex[here])
        for k in range(2, len(group) + 1):
            out.extend(combinations(group, k))
    return out


def stack_reach(state: GameState, units: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The paths of :func:`legal_moves` for a stack, one per destination in hex order.

    Cached for as long as the cached searches of its members stay (they are what it is made of).
    """
    cache = state.cache.setdefault("stack", {})
    entries = tuple(reach(state, uid) for uid in units)
    got = cache.get(units)
    if got is None or any(a is not b for a, b in zip(got[0], entries)):
        moves = legal_moves(state, units)
        got = cache[units] = (entries, [moves[h].path for h in sorted(moves)])
    return got[1]


# ----------------------------------------------------------------------------- checking a path


def check_path(state: GameState, unit_id: str, path: tuple[str, ...]) -> tuple[int, str]:
    """Walk ``path`` for one unit; return (cost in half MP, how) or raise naming the case."""
    b = state.board
    ctx = context(state, unit_id)
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
        if a in ctx.stop and not (k == 1 and ctx.start is not None):
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
    if i in ctx.blocked:
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

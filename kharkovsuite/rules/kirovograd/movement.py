"""10, 11, 13 (as it touches movement), 6.2 (how far each order moves), 12.2 (reserves), 21.12-21.13.

One search (:func:`reach`) yields every hex a unit or a whole stack may end its move in, with
its MP cost and path; every answer is legal by construction, and :func:`apply_move` checks a
given path with the very same step rule (:func:`_step`) and end rule (:func:`end_refusal`).

A hex costs (10, 11.4-11.6) the road cost from road hex to road hex along the road, the
railroad's along the railroad, else its terrain's cost for the unit's movement class, plus 1 MP
to leave a river or balka into a hex not of it (infantry free of the balka's, a bridge of the
river's); fractions are kept (2.4C, 11.5B: a fraction too small to pay for a hex is lost).  A
stack moves at the pace of its slowest unit (9.1E): each hex costs the most any of its units
pays, against the smallest allowance.  Leaving an enemy ZOC costs 1 MP more (13.1A, 13.2C,
13.9B; one MP, not one for each rule); a Locking ZOC stops the move (13.2A) and may be left only
at the start of a move, by a unit whose MA is at least the MA of every unit exerting it, into a
hex free of enemy ZOCs (13.2C); a unit may not pass from one Fluid ZOC hex to another of the
same enemy units unless it started in the first (13.1B-C).  A Soviet unit may not cross a
fortified hexside into a German ZOC (10.2A); artillery may not enter an enemy ZOC without
friendly non-artillery units (13.5, 21.13); reserves may not enter one at all (12.2D); a Soviet
travelling artillery unit may not pass through another (9.1D).  One hex is always allowed
(11.1), unless the unit starts in a Locking ZOC.

The allowance of a unit in movement round 1 or 2 (6.2, 8.4C, 11.3, 12.2B-C): its MA, halved
when Out of Supply and armoured or motorised; assault: full, then two hexes at most; defense:
one hex each round; mobile: full, then half; retreat and pursuit: full in both; a unit in
reserve half its MA in round 1 only, one committed in round 2 its full MA whatever its orders;
all halved in fog.  Units on retreat orders must end farther from the enemy than they began;
Out of Supply units on retreat orders must end nearer a friendly HQ or dump when they can
(6.2.4A, distance in hexes).
"""
from __future__ import annotations

import heapq
from bisect import bisect_left
from dataclasses import dataclass

from ...engine.errors import IllegalAction
from ...engine.events import MoveStopped, UnitMoved
from ...engine.state import GameState, Reach
from . import counters, seen, stacking, supply, zoc
from .board import other
from .orders import order_of

EPS = 1e-9
DEFENSIVE_RESERVE_MP = 2.0  # 12.3.2B
DEFENSIVE_RESERVE_FOG_MP = 1.0  # 12.3.2C


def fog(state: GameState) -> bool:
    return bool(state.turn_data.get("fog"))


def allowance(state: GameState, unit_id: str, rnd: int) -> tuple[float, int | None]:
    """(MP, hex limit or None) of the unit in friendly movement round ``rnd`` (1 or 2)."""
    info = state.board.units[unit_id]
    ma = float(counters.printed_ma(state, unit_id))
    if counters.has(state, unit_id, counters.OUT_OF_SUPPLY) and info.motorized:
        ma /= 2  # 8.4C
    limit = None
    if counters.has(state, unit_id, counters.RESERVE):
        if rnd != 1:
            return 0.0, None  # 12.2B
        ma /= 2
    elif not (rnd == 2 and state.turn_data.get("committed", {}).get(unit_id) == 2):  # 12.2C: a reserve committed in
        order = order_of(state, unit_id)  # the round before moves with its full MA whatever the orders
        if order == "assault" and rnd == 2:
            limit = 2  # 6.2.1C
        elif order == "defense":
            limit = 1  # 6.2.2A
        elif order == "mobile" and rnd == 2:
            ma /= 2  # 6.2.3A
    if fog(state):
        ma *= state.board.data.terrain_chart.fog_ma_factor  # 11.3
    return ma, limit


@dataclass(frozen=True)
class Ctx:
    side: str
    units: tuple[str, ...]
    start: str
    classes: tuple[tuple[str, bool], ...]  # (movement class, free of balka leaving cost) of each mover
    armored: bool  # every mover armoured (13.3D)
    ma: float
    hex_limit: int | None
    normal_ma: int  # 13.2C: the printed MA, the smallest in the stack
    reserve: bool
    artillery_only: bool
    travelling: bool
    one_hex: bool
    enemy: frozenset[str]
    start_zoc: zoc.ZocHere | None
    retreat_from: int | None  # 6.2.4A: the distance to the nearest enemy unit at the start
    oos_retreat: bool
    zocs: dict  # hex -> the enemy ZOC there as it acts on these movers (:func:`.zoc.zoc_at`)
    consulted: set  # the hexes whose friendly units a step looked at (13.5 for artillery alone, 9.1D)


def _nearest(state: GameState, hex_id: str, targets) -> int | None:
    return min((state.board.distance(hex_id, t) for t in targets), default=None)


def enemy_distance(state: GameState, side: str) -> dict[str, int]:
    """Hex -> hexes to the nearest unit of ``side``'s enemy (6.2.4A), one breadth-first sweep,
    kept while only ``side`` moves."""
    derived = state.cache.setdefault("derived", {})
    key = ("zoc", other(side), "near")
    found = derived.get(key)
    if found is None:
        found = {h: 0 for h in seen.enemy_hexes(state, side)}  # a hidden unit is not known to be anywhere (30.1)
        frontier = list(found)
        while frontier:
            nxt = []
            for a in frontier:
                for b in state.board.nbrs[a]:
                    if b not in found:
                        found[b] = found[a] + 1
                        nxt.append(b)
            frontier = nxt
        derived[key] = found
    return found


def context(state: GameState, units, rnd: int | None, budget: float | None = None, truth: bool = False) -> Ctx:
    """The movers of a move in round ``rnd``; with ``budget`` a defensive reserve move (12.3.2).
    The enemy is as the movers' side knows it (:mod:`.seen`: no ZOC of a face-down counter, no
    hidden unit), or with ``truth`` as it is (:func:`surprise`)."""
    units = tuple(units)
    side = state.units[units[0]].side
    start = state.units[units[0]].hex
    infos = [state.board.units[u] for u in units]
    exempt = state.board.data.terrain_chart.balka_leave_exempt
    if budget is None:
        allowances = [allowance(state, u, rnd) for u in units]
        ma = min(a[0] for a in allowances)
        limits = [a[1] for a in allowances if a[1] is not None]
        limit = min(limits) if limits else None
        reserve = any(counters.has(state, u, counters.RESERVE) for u in units)
        retreating = [u for u in units if order_of(state, u) == "retreat"]
    else:
        ma, limit, reserve, retreating = budget, None, False, []
    armored = all(i.armored for i in infos)
    start_zoc = zoc.zoc_at(state, other(side), start, armored, not truth)
    enemy = supply.enemy_hexes(state, side) if truth else seen.enemy_hexes(state, side)
    oos = any(counters.has(state, u, counters.OUT_OF_SUPPLY) for u in retreating)
    return Ctx(
        side, units, start, tuple((i.movement_class, i.kind in exempt) for i in infos), armored, ma, limit,
        min(counters.printed_ma(state, u) for u in units), reserve, all(i.is_artillery for i in infos),
        any(i.soviet_travelling_artillery for i in infos),
        min(counters.printed_ma(state, u) for u in units) > 0 and not (start_zoc and start_zoc.kind == "locking"),
        enemy, start_zoc, enemy_distance(state, side).get(start) if retreating and not oos else None, oos,
        zoc.zocs_against(state, other(side), armored, not truth), set(),
    )


def _step(state: GameState, ctx: Ctx, a: str, b: str) -> tuple[float, bool] | tuple[str, str]:
    """Entering ``b`` from ``a``: (cost, stops here) or a refusal (case, why)."""
    board = state.board
    if b not in board.nbrs.get(a, ()):
        return "11.B", f"{a} and {b} are not adjacent"
    if b in ctx.enemy:
        return "11.B", f"{b} holds enemy units"
    za = ctx.start_zoc if a == ctx.start else ctx.zocs.get(a)
    if a != ctx.start and za is not None and za.kind == "locking":
        return "13.2A", f"the move ended on entering the Locking ZOC at {a}"
    zb = ctx.zocs.get(b)
    if zb is not None:
        if ctx.reserve:
            return "12.2D", f"units in reserve may not enter the enemy ZOC at {b}"
        if ctx.artillery_only:
            ctx.consulted.add(b)
        if ctx.artillery_only and not any(
            state.units[u].side == ctx.side and not board.units[u].is_artillery and u not in ctx.units for u in state.units_at(b)
        ):
            return "13.5", f"artillery may not enter the enemy ZOC at {b} without friendly non-artillery units"
        if ctx.side == "soviet" and b in board.fortified.get(a, ()):
            return "10.2A", f"a Soviet unit may not cross the fortified hexside {a}/{b} into a German ZOC"
    if ctx.travelling:
        ctx.consulted.add(b)
        if any(u not in ctx.units and board.units[u].soviet_travelling_artillery and counters.has(state, u, counters.TRAVELLING)
               for u in state.units_at(b)):
            return "9.1D", f"travelling Soviet artillery may not pass through the travelling artillery at {b}"
    extra = 0.0
    if za is not None:
        if a == ctx.start and za.kind == "locking":
            if zb is not None:
                return "13.2C", f"a unit leaving a Locking ZOC may move only to a hex free of enemy ZOCs, not {b}"
            if ctx.normal_ma < za.max_ma:
                return "13.2C", f"MA {ctx.normal_ma} is less than the {za.max_ma} of the enemy units locking {a}"
        elif a != ctx.start and zb is not None and zb.kind == "fluid" and zb.sources <= za.sources:
            return "13.1B", f"{a} to {b} stays in the Fluid ZOC of the same enemy units, and the move did not start at {a}"
        extra = float(board.data.zoc_chart.fluid_leave_extra_mp)  # 13.1A, 13.2C, 13.9B
    if len(ctx.classes) == 1:
        cost = board.enter_cost(a, b, *ctx.classes[0]) + extra
    else:
        cost = max(board.enter_cost(a, b, cls, ex) for cls, ex in ctx.classes) + extra
    return cost, zb is not None and zb.kind == "locking"


def end_refusal(state: GameState, ctx: Ctx, dest: str) -> tuple[str, str] | None:
    """Why the move may not end in ``dest``: stacking (9.1) and retreat orders (6.2.4A)."""
    return stacking.refusal(state, dest, ctx.units) or _retreat_refusal(state, ctx, dest)


def _retreat_refusal(state: GameState, ctx: Ctx, dest: str) -> tuple[str, str] | None:
    if ctx.retreat_from is not None:
        now = enemy_distance(state, ctx.side).get(dest)
        if now is not None and now <= ctx.retreat_from:
            return "6.2.4A", f"units on retreat orders must end farther from the enemy than the {ctx.retreat_from} hexes they began at"
    return None


def _may_end(state: GameState, ctx: Ctx, hexes) -> list[str]:
    """The hexes of ``hexes`` (in their order) the move may end in, :func:`end_refusal` being None:
    stacking in an empty hex reads the movers alone, so it is asked once for every empty hex."""
    empty_ok = None
    out = []
    for h in hexes:
        if state.units_at(h):
            stack_ok = stacking.refusal(state, h, ctx.units) is None
        else:
            if empty_ok is None:
                empty_ok = stacking.refusal(state, h, ctx.units) is None
            stack_ok = empty_ok
        if stack_ok and _retreat_refusal(state, ctx, h) is None:
            out.append(h)
    return out


def _oos_goals(state: GameState, side: str) -> list[str]:
    hexes = [state.units[u].hex for u in counters.on_map(state, side) if state.board.units[u].is_hq]
    if side == "german":
        hexes += list(state.game["dumps"].values())
    return hexes


def _search(state: GameState, ctx: Ctx) -> dict[str, tuple[float, list[str]]]:
    """Hex -> (MP cost, path) of every hex the movers may enter this move (a cheapest path, the
    first found among equals): a search stepping by :func:`_step`'s rule, with what depends on the
    hex left alone read once for all its neighbours (the tests hold it to a search calling
    :func:`_step`)."""
    start = ctx.start
    limited = ctx.hex_limit is not None
    board = state.board
    tables = [board.costs_from(cls, ex) for cls, ex in ctx.classes]  # each mover's costs, in nbrs' order
    enemy, zocs = ctx.enemy, ctx.zocs
    soviet = ctx.side == "soviet"
    leave_mp = float(board.data.zoc_chart.fluid_leave_extra_mp)  # 13.1A, 13.2C, 13.9B
    allowed = ctx.ma + EPS
    best: dict[tuple[str, int], tuple[float, tuple[str, int] | None]] = {(start, 0): (0.0, None)}
    heap = [(0.0, 0, start)]
    while heap:
        c, n, a = heapq.heappop(heap)
        if best[(a, n)][0] < c:
            continue
        if limited and n >= ctx.hex_limit:
            continue
        za = ctx.start_zoc if a == start else zocs.get(a)
        if a != start and za is not None and za.kind == "locking":
            continue  # 13.2A: the move ended on entering it
        leaving_lock = a == start and za is not None and za.kind == "locking"
        extra = leave_mp if za is not None else 0.0
        fortified = board.fortified.get(a, ()) if soviet else ()
        first = a == start and ctx.one_hex  # 11.1: the first hex whatever it costs
        rows = [t[a] for t in tables]
        for i, (b, cost) in enumerate(rows[0]):
            if b == start or b in enemy:  # 11.B
                continue
            zb = zocs.get(b)
            if zb is not None:
                if ctx.reserve:
                    continue  # 12.2D
                if ctx.artillery_only:
                    ctx.consulted.add(b)
                    if not any(state.units[u].side == ctx.side and not board.units[u].is_artillery and u not in ctx.units
                               for u in state.units_at(b)):
                        continue  # 13.5
                if b in fortified:
                    continue  # 10.2A
            if ctx.travelling:
                ctx.consulted.add(b)
                if any(u not in ctx.units and board.units[u].soviet_travelling_artillery and counters.has(state, u, counters.TRAVELLING)
                       for u in state.units_at(b)):
                    continue  # 9.1D
            if za is not None:
                if leaving_lock:
                    if zb is not None or ctx.normal_ma < za.max_ma:
                        continue  # 13.2C
                elif a != start and zb is not None and zb.kind == "fluid" and zb.sources <= za.sources:
                    continue  # 13.1B
            if len(rows) > 1:
                cost = max(row[i][1] for row in rows)  # 9.1E
            nc = c + (cost + extra)
            if nc > allowed and not first:
                continue  # 11.C
            key = (b, n + 1 if limited else 0)
            held = best.get(key)
            if held is None or nc < held[0]:
                best[key] = (nc, (a, n))
                if nc <= allowed:
                    heapq.heappush(heap, (nc, key[1], b))
    out: dict[str, tuple[float, list[str]]] = {}
    for (h, n), (c, prev) in best.items():
        if h == start or (h in out and out[h][0] <= c):
            continue
        path = [h]
        node = prev
        while node is not None:
            path.append(node[0])
            node = best[node][1]
        out[h] = (c, list(reversed(path)))
    return out


def reach(state: GameState, units, rnd: int | None, budget: float | None = None) -> dict[str, Reach]:
    """Every hex the units, moving together from their common hex, may end their move in."""
    ctx = context(state, units, rnd, budget)
    if ctx.ma <= 0 and not ctx.one_hex:
        return {}
    found = _search(state, ctx)
    out = {h: Reach(found[h][0], tuple(found[h][1])) for h in _may_end(state, ctx, found)}
    if ctx.oos_retreat:
        goals = _oos_goals(state, ctx.side)
        was = _nearest(state, ctx.start, goals)
        closer = {h: r for h, r in out.items() if was is not None and (_nearest(state, h, goals) or 0) < was}
        if closer:
            return closer  # 6.2.4A: nearer a friendly HQ or supply source when it can be done
    return out


def walk(state: GameState, units, path, rnd: int | None, budget: float | None = None) -> tuple[float, bool]:
    """Check ``path`` by the rule of :func:`reach`: (its cost, whether it ends in a Locking ZOC)."""
    ctx = context(state, units, rnd, budget)
    if path[0] != ctx.start:
        raise IllegalAction("11.B", f"the path starts at {path[0]}, the units are at {ctx.start}")
    if ctx.hex_limit is not None and len(path) - 1 > ctx.hex_limit:
        case = "6.2.2A" if ctx.hex_limit == 1 else "6.2.1C"
        raise IllegalAction(case, f"these orders allow {ctx.hex_limit} hex(es) this round, the path has {len(path) - 1}")
    spent, stop = 0.0, False
    for i, (a, b) in enumerate(zip(path, path[1:])):
        if b in path[: i + 1]:
            raise IllegalAction("11.B", f"the path enters {b} twice")
        st = _step(state, ctx, a, b)
        if isinstance(st[0], str):
            raise IllegalAction(*st)
        spent += st[0]
        stop = st[1]
        if spent > ctx.ma + EPS and not (i == 0 and ctx.one_hex):
            raise IllegalAction("11.C", f"the move costs {spent:g} MP; the allowance this round is {ctx.ma:g}")
    why = end_refusal(state, ctx, path[-1])
    if why:
        raise IllegalAction(*why)
    if ctx.oos_retreat and path[-1] not in reach(state, units, rnd, budget):
        raise IllegalAction("6.2.4A", "Out of Supply units on retreat orders must end nearer a friendly HQ or dump when they can")
    return spent, stop


@dataclass(frozen=True)
class Surprise:
    """Where a move ran into what its side could not know (:func:`surprise`)."""

    end: int  # the index in the path of the hex the move ends in (0: it is not made)
    spent: float
    stop: bool
    shown: tuple[str, ...]  # the enemy units the rules show: the ZOC's face-down counters, or the hidden units found
    hidden: bool  # the move found a hidden unit (else a face-down counter's ZOC)


def surprise(state: GameState, units, path, rnd: int | None, budget: float | None = None) -> Surprise | None:
    """29.1, 29.4, 30.2 (the reading of the rules reference): a move chosen on what its side knows
    (:func:`context`) is made hex by hex on the true position.  The first hex of the path (the one
    it starts in included) in a ZOC the side did not know of, a face-down counter's, ends the move
    there, or in the hex before when the true rules forbid entering it or ending in it; a hex
    holding a hidden unit ends it in the hex before.  None when the path meets neither."""
    units, path = tuple(units), tuple(path)
    side = state.units[units[0]].side
    foe = other(side)
    masked = seen.masked(state, foe)
    if not masked:
        return None
    hidden = seen.masked(state, foe, hidden_only=True)
    true_zoc, known_zoc = zoc.zoc_of(state, foe), zoc.zoc_of(state, foe, True)
    ctx = context(state, units, rnd, budget, truth=True)
    spent, costs = 0.0, [0.0]
    for i, h in enumerate(path):
        found = tuple(u for u in state.units_at(h) if u in hidden)
        if i > 0 and found:
            return _back(state, ctx, path, i - 1, costs, found, True)
        new = set(true_zoc.get(h, ())) - set(known_zoc.get(h, ()))
        if new:
            shown = tuple(u for s in sorted(new, key=lambda s: s.hex) for u in state.units_at(s.hex)
                          if u in masked and counters.exerts_zoc(state, u))
            if i == 0:
                return Surprise(0, 0.0, False, shown, False)
            st = _step(state, ctx, path[i - 1], h)
            if isinstance(st[0], str):
                return _back(state, ctx, path, i - 1, costs, shown, False)
            costs.append(spent + st[0])
            return _back(state, ctx, path, i, costs, shown, False)
        if i > 0:
            st = _step(state, ctx, path[i - 1], h)
            spent += st[0] if not isinstance(st[0], str) else 0.0
            costs.append(spent)
    return None


def _back(state: GameState, ctx: Ctx, path, end: int, costs: list[float], shown, hidden: bool) -> Surprise:
    """The move ends at ``path[end]``, or as far before it as stacking and retreat orders allow."""
    while end > 0 and end_refusal(state, ctx, path[end]) is not None:
        end -= 1
    stop = end > 0 and (ctx.zocs.get(path[end]) is not None and ctx.zocs[path[end]].kind == "locking")
    return Surprise(end, costs[end], stop, tuple(shown), hidden)


def place_along(state: GameState, units, path, spent: float, stop: bool, how: str, case: str, events: list) -> None:
    side = state.units[units[0]].side
    for uid in units:
        state.place(uid, path[-1])
    if side == "soviet" and any(state.board.units[u].ground for u in units):  # 30.3: never a dummy
        for h in path[1:]:
            supply.destroy_dumps_at(state, h, events)
    events.append(UnitMoved(units=tuple(units), path=tuple(path), cost=spent, how=how, case=case))
    if stop:
        events.append(MoveStopped(units=tuple(units), hex=path[-1], reason="entered a Locking ZOC", case="13.2A"))


# ----------------------------------------------------------------------------- the movement round's cache


@dataclass
class _Held:
    ctx: Ctx
    raw: dict[str, tuple[float, list[str]]]
    ok: list[tuple[str, Reach]]  # the destinations passing :func:`end_refusal`, sorted by hex
    fragile: bool  # 6.2.4A's searches: dropped at any friendly move


def round_reach(state: GameState, units, rnd: int) -> list[tuple[str, Reach]]:
    """:func:`reach` sorted by hex, kept for the rest of the movement round: while one side moves
    the enemy's units and ZOCs stand still, so a search changes only where a friendly move
    changes a hex's stacking (:func:`friendly_moved` re-checks those hexes, and drops the
    searches whose steps read friendly units in a changed hex, ``Ctx.consulted``: what
    :func:`_step` looked at decides, so the kept moves are the ones a move's check accepts)."""
    key = (state.turn, state.phase_index)
    held = state.cache.get("round")
    if held is None or held[0] != key:
        held = state.cache["round"] = (key, {})
    units = tuple(units)
    entry = held[1].get(units)
    if entry is None:
        ctx = context(state, units, rnd)
        if ctx.oos_retreat:  # 6.2.4A reads where the friendly HQs are: kept until any friendly move
            entry = held[1][units] = _Held(ctx, {}, sorted(reach(state, units, rnd).items()), True)
        else:
            raw = _search(state, ctx) if (ctx.ma > 0 or ctx.one_hex) else {}
            ok = [(h, Reach(raw[h][0], tuple(raw[h][1]))) for h in _may_end(state, ctx, sorted(raw))]
            entry = held[1][units] = _Held(ctx, raw, ok, False)
    return entry.ok


def _hex_of(entry: tuple[str, Reach]) -> str:
    return entry[0]


def friendly_moved(state: GameState, hexes) -> None:
    held = state.cache.get("round")
    if not held:
        return
    for units, entry in list(held[1].items()):
        if entry.fragile or any(h in entry.ctx.consulted for h in hexes):
            del held[1][units]
            continue
        for h in hexes:
            if h in entry.raw:
                good = end_refusal(state, entry.ctx, h) is None
                at = bisect_left(entry.ok, h, key=_hex_of)  # entry.ok is sorted by hex
                have = at < len(entry.ok) and entry.ok[at][0] == h
                if good and not have:  # a new list: a listing made before holds the old one
                    entry.ok = entry.ok[:at] + [(h, Reach(entry.raw[h][0], tuple(entry.raw[h][1])))] + entry.ok[at:]
                elif have and not good:
                    entry.ok = entry.ok[:at] + entry.ok[at + 1:]


def forget_round(state: GameState, side: str | None = None) -> None:
    """Drop the round's kept searches (only those of ``side``'s units when it is named)."""
    if side is None:
        state.cache.pop("round", None)
        return
    held = state.cache.get("round")
    if held:
        for units in [u for u, entry in held[1].items() if entry.ctx.side == side]:
            del held[1][units]

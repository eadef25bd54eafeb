"""6: Movement, with the ZoC costs of 4.2 and the strategic bonus of 6.5.

One search (:func:`reach`) yields every hex a unit or a whole stack may end its move in, with
its OP cost and path; every answer is legal by construction, and :func:`apply_move` checks a
given path with the very same step rule (:meth:`StepRule.step`: the search takes its steps from
the lists that rule builds), so the search and the check cannot disagree.

Costs of one hex (6.3, 12, 14.3): the Terrain Effects Chart for the ground state (road or
railroad hexsides instead of the terrain, the river or bridge hexside on top), +1 a hex in snow
(ski units exempt), +1 or +2 for fatigue (3.5), and for ZoC (4.2) +1 to enter an enemy ZoC, +2
to leave the one the move starts in, +3 to pass straight into another unit's ZoC.  Entering an
enemy ZoC ends the move, and (addenda to 4.2) needs the OP for the attack it makes compulsory,
unless the hex is a village, town or city.  A move that neither starts, passes through nor ends
in an enemy ZoC has 4 OP more (6.5).  A unit or stack moves once an activation (3.4).
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass

from ...engine.errors import CacheMismatch, IllegalAction
from ...engine.events import MoveStopped, UnitMoved
from ...engine.state import GameState, Reach
from . import activation, control
from .activation import FATIGUE_2_AT, Mover
from .odds import posture
from .zoc import enemy_zoc, fresh_enemy_zoc, ground

STRATEGIC_BONUS = 4  # 6.5


@dataclass(frozen=True)
class Step:
    """Entering one hex: the cost all movers share, and whether it ends the move in a ZoC."""

    cost: int
    zoc: bool


_STEPS: dict[tuple[int, bool], Step] = {}


def _step_of(cost: int, zoc: bool) -> Step:
    """One shared :class:`Step` for each cost and ZoC flag (the searches make many)."""
    found = _STEPS.get((cost, zoc))
    if found is None:
        found = _STEPS[cost, zoc] = Step(cost, zoc)
    return found


def _context(state: GameState, unit_ids, budget: int | None) -> tuple[str, list[Mover], "StepRule"]:
    """The movers of a move and the step rule they move by; with ``budget`` a reaction move of
    that many OP outside any activation (6.6), else a move in the open activation."""
    side = state.units[unit_ids[0]].side
    g = ground(state)
    effect = state.board.data.movement_table[g]
    movers = []
    for uid in unit_ids:
        kind = state.board.units[uid].values.kind
        snow = 0 if kind in effect.exempt_kinds else effect.extra_op_per_hex
        if budget is None:
            movers.append(activation.mover(state, uid, snow))
        else:
            movers.append(Mover(uid, budget, 0, activation.fatigue(state, uid), False, snow))
    negated = _breakthrough(state) if budget is None else frozenset()  # 7.7
    return side, movers, step_rule(state, side, g, negated)


def _breakthrough(state: GameState) -> frozenset[str]:
    from .combat import breakthrough_hexes

    return breakthrough_hexes(state)


def _enemy_hexes(state: GameState, side: str) -> frozenset[str]:
    return frozenset(h for h, ids in state.at.items() if any(state.units[u].side != side for u in ids))


class StepRule:
    """The step rule of one side's moves (:meth:`step`) on one ground state with one set of hexes
    whose enemy ZoC a breakthrough negates (7.7), and what the searches reuse of it: per hex, the
    steps onward from it (:meth:`onward`), built by :meth:`step` itself, and the searches made
    with them (:func:`search`).  It holds while no enemy
    unit moves, steps or leaves (:func:`step_rule` builds a new one when the ZoC map is rebuilt;
    the enemy hexes change only with it)."""

    def __init__(self, state: GameState, side: str, g: str, raw_zoc: dict, negated: frozenset):
        self.board = state.board
        self.g = g
        self.raw_zoc = raw_zoc
        self.negated = negated
        # 7.7: a breakthrough marker negates the enemy ZoC around it for this activation
        self.zoc = {h: s for h, s in raw_zoc.items() if h not in negated} if negated else raw_zoc
        self.enemy = _enemy_hexes(state, side)
        self._onward: dict[str, tuple] = {}
        self._first: dict[str, tuple] = {}
        self.found: dict[tuple, Found] = {}  # one mover's searches (:func:`search`)

    def step(self, start: str, a: str, b: str) -> Step | tuple[str, str]:
        """Entering ``b`` from ``a`` on a move begun in ``start``: a :class:`Step` or a refusal."""
        board = self.board
        if b not in board.in_play:
            return "18.2", f"{b} is not in play"
        if b not in board.nbrs.get(a, ()):
            return "6.1", f"{a} and {b} are not adjacent"
        return self._enter(start, a, b, board.enter_cost(a, b, self.g))

    def _enter(self, start: str | None, a: str, b: str, base: int | None) -> Step | tuple[str, str]:
        """:meth:`step` into a hex next to ``a`` in play, whose terrain costs ``base``."""
        zoc = self.zoc
        if b in self.enemy:
            return "7.2", f"{b} holds enemy units: they are attacked, not entered"
        if a != start and a in zoc:
            return "4.2", f"the move stops on entering the enemy ZoC at {a}"
        if base is None:
            return ("12" if self.board.map.hexside_features(a, b) & {"major_river"} else "6.3"), f"{b} may not be entered from {a} on {self.g} ground"
        here, there = zoc.get(a), zoc.get(b)
        if b in self.negated:
            base += 1  # 7.7: passing a negated ZoC costs 1 OP more
        if a == start and here:
            if there:
                if there <= here:
                    return "4.2", f"{a} and {b} lie in the ZoC of the same enemy units"
                return _step_of(base + 3, True)
            return _step_of(base + 2, False)
        return _step_of(base + (1 if there else 0), bool(there))

    def _steps(self, start: str | None, a: str) -> tuple:
        out = []
        for b, base, shelter in self.board.ways(a, self.g):
            step = self._enter(start, a, b, base)
            if isinstance(step, Step):
                out.append((b, step, step.zoc and not shelter))
        return tuple(out)

    def onward(self, a: str) -> tuple:
        """The steps out of ``a`` on a move begun elsewhere, as (hex, :class:`Step`, whether
        it owes an attack: it ends in an enemy ZoC outside a village, town or city)."""
        found = self._onward.get(a)
        if found is None:
            found = self._onward[a] = self._steps(None, a)
        return found

    def first(self, start: str) -> tuple:
        """The steps out of ``start`` on a move begun there, as :meth:`onward` gives them."""
        found = self._first.get(start)
        if found is None:
            found = self._first[start] = self._steps(start, start)
        return found


def step_rule(state: GameState, side: str, g: str, negated: frozenset) -> StepRule:
    """``side``'s :class:`StepRule`, kept in the state's cache while the enemy ZoC map is (it
    is dropped whenever an enemy unit moves, steps or leaves: :func:`.zoc.unit_moved`)."""
    raw = enemy_zoc(state, side)
    key = ("steps", side)
    rule = state.cache.get(key)
    if rule is None or rule.raw_zoc is not raw or rule.g != g or rule.negated != negated:
        rule = state.cache[key] = StepRule(state, side, g, raw, negated)
    return rule


def check_cache(state: GameState) -> None:
    """Debug mode (``GameState.check_caches``): each kept step rule that a search would use now,
    its steps and its searches equal ones made afresh; raises :class:`CacheMismatch`."""
    for side in state.scenario.sides:
        rule = state.cache.get(("steps", side))
        if rule is None or rule.raw_zoc is not state.cache.get(("zoc", side)) or rule.g != ground(state):
            continue  # not used again: the next search builds a new one
        if rule.raw_zoc != fresh_enemy_zoc(state, side):
            raise CacheMismatch(f"the enemy ZoC map kept for {side} differs from a fresh one")
        fresh = StepRule(state, side, rule.g, rule.raw_zoc, rule.negated)
        if fresh.enemy != rule.enemy:
            raise CacheMismatch(f"the enemy hexes kept for {side}'s moves differ from fresh ones")
        for a, steps in rule._onward.items():
            if fresh.onward(a) != steps:
                raise CacheMismatch(f"the steps out of {a} kept for {side}'s moves differ from fresh ones")
        for a, steps in rule._first.items():
            if fresh.first(a) != steps:
                raise CacheMismatch(f"the first steps out of {a} kept for {side}'s moves differ from fresh ones")
        for key, found in rule.found.items():
            start, remaining, snow, fatigue, tired_at, attack = key
            m = Mover("", remaining, 0 if tired_at is None else FATIGUE_2_AT - tired_at, fatigue, tired_at is not None, snow)
            again = _search_one(fresh, start, m, attack is not None and start not in fresh.zoc, attack)
            if (again.cost, again.prev) != (found.cost, found.prev):
                raise CacheMismatch(f"a search from {start} kept for {side}'s moves differs from a fresh one")


def _attack_cost(state: GameState) -> int:
    """7.1: the cheapest attack, a mobile one (before fatigue)."""
    return min(t.op_cost for t in state.board.data.crt.attack_types.values())


def _spend(m: Mover, step: Step, spent: int) -> int:
    """OP this mover pays for ``step`` having spent ``spent`` in the move so far."""
    return step.cost + m.snow + m.level(spent)


def _fits(state: GameState, m: Mover, step: Step, after: int, b: str, strategic: bool, attack: int | None) -> bool:
    """Whether the mover may end this step; ``attack`` is the OP an attack needs, None for a
    reacting unit, which owes none (6.6)."""
    cap = m.remaining + (STRATEGIC_BONUS if strategic and not step.zoc else 0)
    if step.zoc and attack is not None and not state.board.shelter(b):
        return after + attack + m.level(after) <= m.remaining  # addenda to 4.2
    return after <= cap


class Found:
    """The result of one search: the start, each hex reached with its OP cost (the largest among
    the movers) and the hex it was entered from.  Paths are built only when asked for."""

    __slots__ = ("start", "cost", "prev", "_paths")

    def __init__(self, start: str, cost: dict[str, int], prev: dict[str, str | None]):
        self.start, self.cost, self.prev = start, cost, prev
        self._paths: dict[str, tuple[str, ...]] = {start: (start,)}

    def hexes(self) -> list[str]:
        """The destinations, sorted."""
        return sorted(h for h in self.cost if h != self.start)

    def path(self, hex_id: str) -> tuple[str, ...]:
        paths, prev = self._paths, self.prev
        chain = []
        h = hex_id
        while h not in paths:
            chain.append(h)
            h = prev[h]
        found = paths[h]
        for h in reversed(chain):
            found = paths[h] = found + (h,)
        return found

    def reaches(self) -> dict[str, Reach]:
        return {h: Reach(float(c), self.path(h)) for h, c in self.cost.items() if h != self.start}


def search(state: GameState, unit_ids, budget: int | None = None) -> Found:
    """:func:`reach` with its paths left to be built on demand (the listing of legal actions
    needs only the destinations, and a path when an action is taken).  A search of one mover
    (or of a group one mover stands in for, :func:`stand_in`) is kept with the step rule and
    reused while everything it depends on is the same: the start, the mover's OP, snow and
    fatigue, and whether it is a reaction (no attack owed, no strategic bonus)."""
    unit_ids = tuple(unit_ids)
    side, movers, rule = _context(state, unit_ids, budget)
    start = state.units[unit_ids[0]].hex
    strategic = start not in rule.zoc and budget is None
    attack = _attack_cost(state) if budget is None else None
    m = stand_in(movers)
    if m is None:
        return _search_many(state, rule, start, movers, strategic, attack)
    # the strategic bonus follows from the start and the rule, given whether an attack is owed
    key = (start, m.remaining, m.snow, m.fatigue, FATIGUE_2_AT - m.spent if m.second else None, attack)
    found = rule.found.get(key)
    if found is None:
        found = rule.found[key] = _search_one(rule, start, m, strategic, attack)
    return found


def stand_in(movers: list[Mover]) -> Mover | None:
    """The mover whose search alone gives the whole group's: when all pay alike for every hex
    (the same snow and fatigue, and the same OP spent if a second activation may raise it, 3.5),
    the one with the fewest OP left decides every step (the first such in the group)."""
    first = movers[0]
    for m in movers[1:]:
        if (m.snow != first.snow or m.fatigue != first.fatigue or m.second != first.second
                or (m.second and m.spent != first.spent)):
            return None
    return min(movers, key=lambda m: m.remaining)


def _search_one(rule: StepRule, start: str, m: Mover, strategic: bool, attack: int | None) -> Found:
    """The search of :func:`_search_many` for one mover, with :func:`_spend` and :func:`_fits`
    written out: its OP spent orders the heap as the OP over its allowance does there."""
    rem, snow, fatigue = m.remaining, m.snow, m.fatigue
    tired_at = FATIGUE_2_AT - m.spent if m.second else None  # 3.5: level 2 from this OP of the move on
    cap = rem + (STRATEGIC_BONUS if strategic else 0)  # 6.5, for steps not into a ZoC
    zoc = rule.zoc
    cost: dict[str, int] = {start: 0}
    prev: dict[str, str | None] = {start: None}
    heap = [(0, start)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        spent, a = pop(heap)
        if spent > cost[a]:
            continue
        if a == start:
            steps = rule.first(start)
        elif a in zoc:
            continue  # 4.2: the move ends here
        else:
            steps = rule.onward(a)
        level = 2 if tired_at is not None and spent >= tired_at else fatigue
        for b, step, owes in steps:
            if b == start:
                continue
            after = spent + step.cost + snow + level
            if owes and attack is not None:  # addenda to 4.2: the OP for the attack it must make
                if after + attack + (2 if tired_at is not None and after >= tired_at else fatigue) > rem:
                    continue
            elif after > (rem if step.zoc else cap):
                continue
            old = cost.get(b)
            if old is None or after < old:
                cost[b] = after
                prev[b] = a
                push(heap, (after, b))
    return Found(start, cost, prev)


def _search_many(state: GameState, rule: StepRule, start: str, movers: list[Mover], strategic: bool,
                 attack: int | None) -> Found:
    """Dijkstra's search for movers moving together, ordered by the tightest mover's OP over
    its allowance."""
    spent0 = tuple(0 for _ in movers)
    p0 = max(-m.remaining for m in movers)
    best: dict[str, tuple[int, tuple[int, ...], str | None]] = {start: (p0, spent0, None)}
    heap = [(p0, start)]
    while heap:
        prio, a = heapq.heappop(heap)
        if prio > best[a][0]:
            continue
        if a != start and a in rule.zoc:
            continue  # 4.2: the move ends here
        spent = best[a][1]
        for b, step, _owes in (rule.first(start) if a == start else rule.onward(a)):
            if b == start:
                continue
            after = tuple(s + _spend(m, step, s) for m, s in zip(movers, spent))
            if not all(_fits(state, m, step, x, b, strategic, attack) for m, x in zip(movers, after)):
                continue
            p = max(x - m.remaining for m, x in zip(movers, after))
            if b not in best or p < best[b][0]:
                best[b] = (p, after, a)
                heapq.heappush(heap, (p, b))
    return Found(start, {h: max(v[1]) for h, v in best.items()}, {h: v[2] for h, v in best.items()})


def reach(state: GameState, unit_ids, budget: int | None = None) -> dict[str, Reach]:
    """Every hex the units, moving together from their common hex, may end their move in:
    hex -> :class:`Reach` (the largest OP cost among them, the path from the start).  With
    ``budget``, a reaction move (6.6): that many OP, no strategic bonus, no attack owed."""
    return search(state, unit_ids, budget).reaches()


def walk(state: GameState, unit_ids, path, budget: int | None = None) -> list[int]:
    """Check ``path`` for the units by the rule of :func:`reach`; the OP each pays, or a refusal."""
    side, movers, rule = _context(state, unit_ids, budget)
    start = path[0]
    strategic = not any(h in rule.zoc for h in path) and budget is None
    attack = _attack_cost(state) if budget is None else None
    spent = [0] * len(movers)
    for a, b in zip(path, path[1:]):
        step = rule.step(start, a, b)
        if not isinstance(step, Step):
            raise IllegalAction(*step)
        for i, m in enumerate(movers):
            after = spent[i] + _spend(m, step, spent[i])
            if not _fits(state, m, step, after, b, strategic, attack):
                if step.zoc and attack is not None and not state.board.shelter(b) and after <= m.remaining:
                    raise IllegalAction("4.2", f"{m.unit} would enter the enemy ZoC at {b} without the OP to attack from it")
                raise IllegalAction("6.1", f"{m.unit} has {m.remaining} OP{' (+4 strategic, 6.5)' if strategic else ''}, reaching {b} costs {after}")
            spent[i] = after
    return spent


def movable(state: GameState, unit_id: str) -> bool:
    act = activation.current(state)
    return act is not None and unit_id not in act["moved"] and activation.can_join(state, unit_id) and posture(state, unit_id) == "normal"


def apply_move(state: GameState, action, events: list) -> None:
    units, path = tuple(action.units), tuple(action.path)
    if not units or len(path) < 2:
        raise IllegalAction("6.1", "a move names its units and at least two hexes")
    act = activation.current(state)
    for uid in units:
        if uid not in state.units:
            raise IllegalAction("6.1", f"no unit {uid}")
        if state.units[uid].hex != path[0]:
            raise IllegalAction("6.1", f"{uid} is not in {path[0]}, where the path starts")
        if act is not None and uid in act["moved"]:
            raise IllegalAction("3.4", f"{uid} has moved in this activation already; a move is made in one go")
        if posture(state, uid) != "normal":
            raise IllegalAction("11.2", f"{uid} holds a defensive position: leave it first (LeavePosition)")
    if len(set(units)) != len(units):
        raise IllegalAction("6.1", "a unit is named twice")
    refusal = activation.group_refusal(state, units)
    if refusal:
        raise IllegalAction(*refusal)
    spent = walk(state, units, path)
    activation.ensure_joined(state, units, events)
    zoc = enemy_zoc(state, state.units[units[0]].side)
    ends_in_zoc = path[-1] in zoc
    for uid, op in zip(units, spent):
        activation.spend(state, uid, op, events)
        act["moved"].append(uid)
        state.place(uid, path[-1])
    control.passed(state, state.units[units[0]].side, path[1:])  # 18: the last side through holds it
    from .combat import note_move  # combat reaches movement through reaction (6.6)

    note_move(state, units, path, events)  # 4.3, 7.1
    events.append(UnitMoved(units=units, path=path, cost=float(max(spent)), how="move", case="6.1"))
    if ends_in_zoc:
        events.append(MoveStopped(units=units, hex=path[-1], reason="entered an enemy ZoC", case="4.2"))


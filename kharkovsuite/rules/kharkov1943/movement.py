"""6: Movement, with the ZoC costs of 4.2 and the strategic bonus of 6.5.

One search (:func:`reach`) yields every hex a unit or a whole stack may end its move in, with
its OP cost and path; every answer is legal by construction, and :func:`apply_move` checks a
given path with the very same step rule (:func:`_step`), so the search and the check cannot
disagree.

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

from ...engine.errors import IllegalAction
from ...engine.events import MoveStopped, UnitMoved
from ...engine.state import GameState, Reach
from . import activation, control
from .activation import Mover
from .odds import posture
from .zoc import enemy_zoc, ground

STRATEGIC_BONUS = 4  # 6.5


@dataclass(frozen=True)
class Step:
    """Entering one hex: the cost all movers share, and whether it ends the move in a ZoC."""

    cost: int
    zoc: bool


def _context(state: GameState, unit_ids, budget: int | None) -> tuple[str, str, list[Mover], dict, frozenset]:
    """The movers of a move; with ``budget`` a reaction move of that many OP outside any
    activation (6.6), else a move in the open activation."""
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
    found = enemy_zoc(state, side)
    negated = _breakthrough(state) if budget is None else frozenset()
    if negated:  # 7.7: a breakthrough marker negates the enemy ZoC around it for this activation
        found = {h: s for h, s in found.items() if h not in negated}
    return side, g, movers, found, negated


def _breakthrough(state: GameState) -> frozenset[str]:
    from .combat import breakthrough_hexes

    return breakthrough_hexes(state)


def _enemy_hexes(state: GameState, side: str) -> frozenset[str]:
    return frozenset(h for h, ids in state.at.items() if any(state.units[u].side != side for u in ids))


def _step(state: GameState, g: str, zoc: dict, enemy: frozenset, start: str, a: str, b: str,
          negated: frozenset = frozenset()) -> Step | tuple[str, str]:
    """Entering ``b`` from ``a`` on a move begun in ``start``: a :class:`Step` or a refusal."""
    board = state.board
    if b not in board.in_play:
        return "18.2", f"{b} is not in play"
    if b not in board.nbrs.get(a, ()):
        return "6.1", f"{a} and {b} are not adjacent"
    if b in enemy:
        return "7.2", f"{b} holds enemy units: they are attacked, not entered"
    if a != start and a in zoc:
        return "4.2", f"the move stops on entering the enemy ZoC at {a}"
    base = board.enter_cost(a, b, g)
    if base is None:
        return ("12" if board.map.hexside_features(a, b) & {"major_river"} else "6.3"), f"{b} may not be entered from {a} on {g} ground"
    here, there = zoc.get(a), zoc.get(b)
    if b in negated:
        base += 1  # 7.7: passing a negated ZoC costs 1 OP more
    if a == start and here:
        if there:
            if there <= here:
                return "4.2", f"{a} and {b} lie in the ZoC of the same enemy units"
            return Step(base + 3, True)
        return Step(base + 2, False)
    return Step(base + (1 if there else 0), bool(there))


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


def reach(state: GameState, unit_ids, budget: int | None = None) -> dict[str, Reach]:
    """Every hex the units, moving together from their common hex, may end their move in:
    hex -> :class:`Reach` (the largest OP cost among them, the path from the start).  With
    ``budget``, a reaction move (6.6): that many OP, no strategic bonus, no attack owed."""
    unit_ids = tuple(unit_ids)
    side, g, movers, zoc, negated = _context(state, unit_ids, budget)
    start = state.units[unit_ids[0]].hex
    enemy = _enemy_hexes(state, side)
    strategic = start not in zoc and budget is None
    attack = _attack_cost(state) if budget is None else None
    spent0 = tuple(0 for _ in movers)
    p0 = max(-m.remaining for m in movers)  # the priority is the tightest mover's OP over its allowance
    best: dict[str, tuple[int, tuple[int, ...], str | None]] = {start: (p0, spent0, None)}
    heap = [(p0, start)]
    while heap:
        prio, a = heapq.heappop(heap)
        if prio > best[a][0]:
            continue
        if a != start and a in zoc:
            continue  # 4.2: the move ends here
        spent = best[a][1]
        for b in state.board.nbrs.get(a, ()):
            step = _step(state, g, zoc, enemy, start, a, b, negated)
            if b == start or not isinstance(step, Step):
                continue
            after = tuple(s + _spend(m, step, s) for m, s in zip(movers, spent))
            if not all(_fits(state, m, step, x, b, strategic, attack) for m, x in zip(movers, after)):
                continue
            p = max(x - m.remaining for m, x in zip(movers, after))
            if b not in best or p < best[b][0]:
                best[b] = (p, after, a)
                heapq.heappush(heap, (p, b))
    out: dict[str, Reach] = {}
    for h, (_, spent, _prev) in best.items():
        if h == start:
            continue
        path = [h]
        while best[path[-1]][2] is not None:
            path.append(best[path[-1]][2])
        out[h] = Reach(float(max(spent)), tuple(reversed(path)))
    return out


def walk(state: GameState, unit_ids, path, budget: int | None = None) -> list[int]:
    """Check ``path`` for the units by the rule of :func:`reach`; the OP each pays, or a refusal."""
    side, g, movers, zoc, negated = _context(state, unit_ids, budget)
    start = path[0]
    enemy = _enemy_hexes(state, side)
    strategic = not any(h in zoc for h in path) and budget is None
    attack = _attack_cost(state) if budget is None else None
    spent = [0] * len(movers)
    for a, b in zip(path, path[1:]):
        step = _step(state, g, zoc, enemy, start, a, b, negated)
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


def unit_moved(state: GameState) -> None:
    state.cache.pop("enemy", None)

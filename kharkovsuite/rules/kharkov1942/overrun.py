"""Overrun (7.0) and Disruption (7.3).

``Overrun(units, path, target)``: the stack moves along ``path`` (``(hex,)`` for no move; a
normal move checked by :func:`.movement.check_path`), spends 3 MP more (7.0) and attacks the
adjacent enemy hex ``target`` (7.14).  Eligibility: a movement phase allowing overruns (7.11;
the Axis Mechanized Movement Phase too), the units in supply at the start of the phase (7.12,
the movement phase's supply snapshot), all of them having begun the phase in the same hex
(7.13), not frozen (6.51) nor disrupted (7.32), no HQ (10.14).  Soviet limits: a unit
overruns at most once a phase (7.16) and each overrun needs an active HQ, not yet used this
phase, whose command radius held the stack's hex at the start of the phase (7.17).

Resolution reuses combat's state machine (:func:`.combat.proceed`) with ``overrun`` set:
no Air Points (7.21) and no Soviet morale roll; the attack total is halved, fractions
dropped; terrain, supply at that instant (7.22), armor superiority and divisional
integration apply (7.21).  Losses and retreats are chosen as in combat (9.5, 9.6).  Then
:func:`finish`: defenders that lost a step or retreated (not on an Engaged result) are
Disrupted, HQs never (7.31, 7.34); attackers that lost or retreated, or failed to clear the
hex, stop for the phase (7.23, 7.24); on success the stack must enter the hex, at no cost and
whatever the ZOC, and may go on with the MP left (7.25), leaving that hex even if it is in an
enemy ZOC (the 6.23/6.24 exception for overrun).  The overrunning units spend their MP in
``phase_data['spent']`` (half MP), which :func:`.movement.allowance` deducts.

Disrupted units neither move nor attack, keep their ZOC, and recover in their own Disruption
Removal Phase (7.32, 7.33: :mod:`.movement`, :mod:`.combat`, :mod:`.sequence`).
"""
from __future__ import annotations

from itertools import combinations

from ...engine.actions import Overrun
from ...engine.errors import IllegalAction
from ...engine.events import AttackDeclared, FlagChanged, MoveStopped, UnitMoved
from ...engine.state import GameState
from . import fredericus, supply
from .places import relocate
from .units import is_combat
from .zoc import other_side

COST = 6  # 3 MP, in half MP (7.0)


# ----------------------------------------------------------------------------- the phase


def begin_phase(state: GameState, events: list) -> None:
    """Snapshot for 7.17: the command radius of each Soviet HQ at the start of the phase, that is
    the hexes its Lines of Communications reach then (supply's ``command_reach``, 10.23; none for
    an HQ that is not active, 10.2).

    The phase's overrun records start empty here, so that reading the legal actions (which
    fills them on demand) never makes a played game differ from its replay."""
    _pd(state)
    side = state.phase.side
    if side != "soviet":
        return
    b = state.board
    state.phase_data["overrun_reach"] = {
        uid: sorted(supply.command_reach(state, uid)) for uid in b.side_units[side] if b.is_hq(uid) and state.units[uid].hex
    }


def _pd(state: GameState) -> dict:
    pd = state.phase_data
    pd.setdefault("spent", {})
    pd.setdefault("overran", set())
    pd.setdefault("hqs_used", set())
    pd.setdefault("start_hex", {})
    return pd


def start_hex(state: GameState, uid: str) -> str | None:
    return state.phase_data["start_hex"].get(uid, state.units[uid].hex)


def free_hq(state: GameState, hex_id: str) -> str | None:
    """7.17: an active HQ not yet used this phase whose radius held ``hex_id`` at the phase start."""
    pd = _pd(state)
    for hq_id, radius in sorted(pd["overrun_reach"].items()):
        if hq_id not in pd["hqs_used"] and hex_id in radius:
            return hq_id
    return None


def may_overrun(state: GameState, uid: str) -> bool:
    from .movement import allowance, can_move

    rec = state.units[uid]
    pd = state.phase_data
    return (
        rec.hex is not None
        and is_combat(state, uid)
        and can_move(state, rec)
        and uid not in pd["unsupplied"]
        and not (rec.side == "soviet" and uid in pd["overran"])
        and allowance(state, rec) >= COST
    )


def targets_from(state: GameState, hex_id: str, side: str) -> list[str]:
    from .combat import can_attack_across

    out = []
    for n in state.board.nbr_ids[hex_id]:
        if any(state.units[u].side != side for u in state.units_at(n)) and can_attack_across(state, hex_id, n):
            out.append(n)
    return out


def legal_overruns(state: GameState) -> list[Overrun]:
    """7.0: overruns from where the stacks stand now (moving first is allowed via a path)."""
    phase = state.phase
    if "Overrun" not in phase.actions or state.pending:
        return []
    side = phase.side
    from .zoc import derived

    b = state.board
    d = derived(state)
    enemy = d.occupied[other_side(side)]
    groups: dict[tuple[str, str], list[str]] = {}
    for i in d.occupied[side]:  # the side's hexes next to an enemy unit
        if not any(enemy.get(j, 0) > 0 for j in b.nbrs[i]):
            continue
        for uid in state.units_at(b.ids[i]):
            if state.units[uid].side == side and may_overrun(state, uid):
                groups.setdefault((b.ids[i], start_hex(state, uid)), []).append(uid)
    out = []
    for (hex_id, _start), units in sorted(groups.items()):
        targets = targets_from(state, hex_id, side)
        if not targets:
            continue
        if side == "soviet" and free_hq(state, _start) is None:
            continue
        subsets = [c for k in range(len(units), 0, -1) for c in combinations(units, k)]
        out += [Overrun(units=c, path=(hex_id,), target=t) for t in targets for c in subsets]
    return out


# ----------------------------------------------------------------------------- declaring


def check_overrun(state: GameState, action: Overrun) -> tuple[int, str | None]:
    """Return (cost of the path in half MP, HQ supervising) or raise naming the case."""
    from .movement import _why_not, allowance, can_move, check_path

    side = state.phase.side
    pd = _pd(state)
    units, path, target = tuple(action.units), tuple(action.path), action.target
    if not units or len(set(units)) != len(units):
        raise IllegalAction("7.0a", "name each overrunning unit once")
    if not path:
        raise IllegalAction("7.0a", "an overrun needs a path, at least the stack's own hex")
    starts = set()
    for uid in units:
        rec = state.units.get(uid)
        if rec is None or rec.side != side:
            raise IllegalAction("7.11", f"{uid} is not a unit of the phasing player")
        if not is_combat(state, uid):
            raise IllegalAction("10.14", f"{uid} is an HQ and may not overrun")
        if rec.hex != path[0]:
            raise IllegalAction("7.13", f"{uid} is not in {path[0]}")
        if not can_move(state, rec):
            raise IllegalAction(_why_not(state, rec), f"{uid} may not move now")
        if uid in pd["unsupplied"]:
            raise IllegalAction("7.12", f"{uid} was out of supply at the start of the phase")
        if side == "soviet" and uid in pd["overran"]:
            raise IllegalAction("7.16", f"{uid} has already overrun this phase")
        starts.add(start_hex(state, uid))
    if len(starts) != 1:
        raise IllegalAction("7.13", "only units that began the phase stacked together overrun together")
    cost = 0
    if len(path) > 1:
        cost = max(check_path(state, uid, path)[0] for uid in units)
    for uid in units:
        if cost + COST > allowance(state, state.units[uid]):
            raise IllegalAction("7.0b", f"{uid} lacks the 3 MP an overrun costs")
    b = state.board
    if target not in b.index or target not in b.nbr_ids[path[-1]]:
        raise IllegalAction("7.0b", f"an overrun targets a hex adjacent to {path[-1]}")
    if target not in targets_from(state, path[-1], side):
        if any(state.units[u].side != side for u in state.units_at(target)):
            raise IllegalAction("6.3", "no overrun across the Dnieper away from a road")
        raise IllegalAction("7.14", f"{target} holds no enemy unit")
    hq_id = None
    if side == "soviet":
        hq_id = free_hq(state, starts.pop())
        if hq_id is None:
            raise IllegalAction("7.17", "each Soviet overrun needs its own active HQ whose command radius held the stack at the start of the phase")
    return cost, hq_id


def apply_overrun(state: GameState, action: Overrun, events: list) -> None:
    cost, hq_id = check_overrun(state, action)
    side = state.phase.side
    pd = _pd(state)
    units, path, target = tuple(action.units), tuple(action.path), action.target
    for uid in units:
        pd["start_hex"].setdefault(uid, state.units[uid].hex)
    if len(path) > 1:
        for uid in units:
            relocate(state, uid, path[-1], events)
        events.append(UnitMoved(units=units, path=path, cost=cost / 2, how="move", case="6.0b"))
    for uid in units:
        pd["spent"][uid] = pd["spent"].get(uid, 0) + cost + COST
    if side == "soviet":
        pd["overran"].update(units)
        pd["hqs_used"].add(hq_id)
    pd.setdefault("retreated_into", {})  # 9.65, written by a defender's retreat
    defenders = [u for u in state.units_at(target) if state.units[u].side != side]
    origins = {u: state.units[u].hex for u in list(units) + defenders}
    pd["combat"] = {
        "attackers": list(units),
        "targets": [target],
        "defenders": defenders,
        "swept": [],
        "side": side,
        "enemy": other_side(side),
        "origins": origins,
        "air": {"attacker": False, "defender": False},
        "stage": "resolve",  # 7.21: no Air Points
        "retreats": {},
        "eng": False,
        "overrun": True,
        "steps_before": {u: state.units[u].step for u in list(units) + defenders},
    }
    events.append(AttackDeclared(attackers=units, targets=(target,), defenders=tuple(defenders), case="7.0a"))
    fredericus.on_attacked(state, defenders, events)  # 6.52
    from .combat import proceed  # the stack's cached reach is keyed by its allowance: the MP spent renew it

    proceed(state, events)


# ----------------------------------------------------------------------------- after the result


def _hurt(state: GameState, combat: dict, uid: str) -> bool:
    rec = state.units[uid]
    return rec.hex is None or rec.hex != combat["origins"][uid] or rec.step != combat["steps_before"][uid]


def finish(state: GameState, combat: dict, events: list) -> None:
    """7.23-7.25, 7.31, 7.34: disruption, stop or advance-and-go-on."""
    pd = state.phase_data
    target = combat["targets"][0]
    for uid in combat["defenders"]:
        rec = state.units[uid]
        if rec.hex is None or state.board.is_hq(uid) or combat["eng"]:
            continue
        if _hurt(state, combat, uid) and "disrupted" not in rec.flags:
            state.set_flag(uid, "disrupted", True)
            events.append(FlagChanged(unit=uid, flag="disrupted", on=True, case="7.31"))
    attackers = [u for u in combat["attackers"] if state.units[u].hex is not None]
    hurt = any(_hurt(state, combat, u) for u in combat["attackers"])
    cleared = not any(state.units[u].side == combat["enemy"] for u in state.units_at(target))
    if attackers and cleared and not hurt and not combat["eng"]:
        origin = state.units[attackers[0]].hex
        for uid in attackers:
            relocate(state, uid, target, events)  # drops the unit's cached reach (movement.unit_moved)
        pd.setdefault("overrun_free", set()).update(attackers)
        events.append(UnitMoved(units=tuple(attackers), path=(origin, target), cost=0.0, how="overrun", case="7.25"))
    elif attackers:
        pd.setdefault("moved", set()).update(attackers)
        case = "7.24" if hurt or combat["eng"] else "7.23"
        events.append(MoveStopped(units=tuple(attackers), hex=state.units[attackers[0]].hex, reason="the overrun failed", case=case))
    state.phase_data["combat"] = None


def free_to_leave(state: GameState, uid: str) -> bool:
    """6.23/6.24: a stack that has just overrun may move on from the hex it took."""
    return uid in state.phase_data.get("overrun_free", ())


# ----------------------------------------------------------------------------- Disruption Removal


def hook_phases() -> None:
    from . import sequence

    for phase_id in ("soviet-movement", "axis-movement", "axis-mechanized"):
        hooks = sequence.PHASE_HOOKS.setdefault(phase_id, [])
        if begin_phase not in hooks:
            hooks.append(begin_phase)

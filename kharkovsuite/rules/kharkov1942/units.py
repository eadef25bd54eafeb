"""Unit values, steps, untried units and eliminations (3.23, 9.5, 12.0).

A unit's values come from its type's ``steps`` (full strength first), from the counter drawn
out of its untried pool when it is revealed (12.0), or from its HQ values (10.1).
"""
from __future__ import annotations

from ...engine.events import Eliminated, Revealed, StepLost
from ...engine.state import GameState, UnitRecord

OFF_MAP_ELIMINATED = "eliminated"


def other(side: str) -> str:
    return "soviet" if side == "axis" else "axis"


def is_hq(state: GameState, unit_id: str) -> bool:
    return state.board.is_hq(unit_id)


def is_combat(state: GameState, unit_id: str) -> bool:
    """Combat units: everything but HQs (8.21, 10.13)."""
    return not state.board.is_hq(unit_id)


def is_untried(state: GameState, rec: UnitRecord) -> bool:
    """An untried unit whose strength nobody knows yet (12.0)."""
    return state.board.unit_type[rec.id].untried_pool is not None and rec.values is None


def _step_values(state: GameState, rec: UnitRecord):
    steps = state.board.type_steps(rec.id)
    return steps[min(rec.step, len(steps) - 1)] if steps else None


def attack(state: GameState, rec: UnitRecord) -> float:
    if rec.values is not None:
        return rec.values["attack"]
    step = _step_values(state, rec)
    return (step.attack or 0) if step is not None else 0


def defense(state: GameState, rec: UnitRecord) -> float:
    if rec.values is not None:
        return rec.values["defense"]
    step = _step_values(state, rec)
    if step is not None:
        return step.defense if step.defense is not None else (step.attack or 0)
    return 0


def movement(state: GameState, rec: UnitRecord) -> int:
    """The printed Movement Point Allowance (6.11); HQs by activity (10.12, 10.1)."""
    board = state.board
    if board.is_hq(rec.id):
        hq = board.hq_values(rec.id)
        if hq is None:
            step = _step_values(state, rec)
            return step.movement or 0 if step else 0
        return hq.inactive_movement if "inactive" in rec.flags else hq.movement
    if rec.values is not None:
        return rec.values["movement"]
    pool = board.unit_type[rec.id].untried_pool
    if pool is not None:
        return board.pool_movement[pool]  # printed on the untried back, e.g. U-7 (3.21)
    step = _step_values(state, rec)
    return (step.movement or 0) if step is not None else 0


def total_steps(state: GameState, rec: UnitRecord) -> int:
    """Steps of the unit at full strength; 0 for HQs (9.51-9.54)."""
    if state.board.is_hq(rec.id):
        return 0
    if state.board.has_flag(rec.id, "regiment"):
        return (rec.data or {}).get("face", 0) + 1  # 15.14: one step, whichever face
    if rec.values is not None:
        return rec.values["steps"]
    steps = state.board.type_steps(rec.id)
    return len(steps) if steps else 1


def remaining_steps(state: GameState, rec: UnitRecord) -> int:
    return max(0, total_steps(state, rec) - rec.step)


def is_armor(state: GameState, unit_id: str) -> bool:
    return state.board.has_flag(unit_id, "armor")


# ----------------------------------------------------------------------------- untried (12.0)


def init_pools(state: GameState) -> None:
    state.game["pools"] = {pid: [c.count for c in pool.counters] for pid, pool in state.scenario.untried_pools.items()}


def _draw(state: GameState, pool_id: str) -> int | None:
    """A counter index drawn from the remaining pool with the state's dice; None if empty."""
    counts = state.game["pools"][pool_id]
    total = sum(counts)
    if total == 0:
        return None
    r = state.rng.randrange(total)
    for index, n in enumerate(counts):
        if r < n:
            counts[index] -= 1
            return index
        r -= n
    raise AssertionError("unreachable")


def reveal(state: GameState, unit_id: str, events: list) -> None:
    """12.0: an untried unit's strength is drawn from its pool at the instant of combat.

    Nothing about the counter exists before this moment, so nothing can leak earlier.
    """
    rec = state.units[unit_id]
    if not is_untried(state, rec):
        return
    pool_id = state.board.unit_type[unit_id].untried_pool
    pool = state.scenario.untried_pools[pool_id]
    index = _draw(state, pool_id)
    if index is None:
        # More untried units than counters in the pool: the scenario data is short; fall
        # back to an equal chance among the pool's counter kinds so the game can go on.
        index = state.rng.randrange(len(pool.counters))
    c = pool.counters[index]
    rec.values = {"attack": c.attack, "defense": c.defense, "movement": c.movement, "steps": c.steps, "pool": pool_id, "counter": index}
    rec.flags = rec.flags | {"revealed"}
    events.append(Revealed(unit=unit_id, attack=c.attack, defense=c.defense, movement=c.movement, steps=c.steps, case="12.0b"))


# ----------------------------------------------------------------------------- losses (9.5)


def lose_step(state: GameState, unit_id: str, events: list, case: str = "9.51") -> bool:
    """Remove one step; returns True when the unit is eliminated (9.51-9.54).

    A revealed two-step Soviet unit takes its second step from a Replacement Counter of its
    pool's replacement type (9.53); with none left the loss eliminates it.
    """
    rec = state.units[unit_id]
    rec.step += 1
    if rec.step >= total_steps(state, rec):
        eliminate(state, unit_id, events, "no steps left", case)
        return True
    if rec.values is not None:
        pool = state.scenario.untried_pools[rec.values["pool"]]
        if pool.replacement is None:
            eliminate(state, unit_id, events, "no replacement counter", "9.53")
            return True
        index = _draw(state, pool.replacement)
        if index is None:
            eliminate(state, unit_id, events, "no replacement counter left", "9.53")
            return True
        c = state.scenario.untried_pools[pool.replacement].counters[index]
        rec.values = dict(rec.values, attack=c.attack, defense=c.defense, movement=c.movement)
        _take_replacement_counter(state, rec, c)
        case = "9.53"
    if rec.hex is not None:
        state.note_change(rec.hex, rec.side)
    events.append(StepLost(unit=unit_id, step=rec.step, steps=total_steps(state, rec), case=case))
    return False


REPLACEMENT_BOX = "replacement-box"
REPLACEMENT_USED = "replacement-used"


def _take_replacement_counter(state: GameState, rec: UnitRecord, counter) -> None:
    """9.53: the matching Replacement Counter leaves the Soviet Replacement Box.

    The unit keeps its id (and its identity for victory points); the counter only moves to a
    box of used counters so the box shows what is left.
    """
    board = state.board
    for uid, other in state.units.items():
        if other.box != REPLACEMENT_BOX or not board.has_flag(uid, "replacement"):
            continue
        steps = board.type_steps(uid)
        if steps and (steps[0].attack, steps[0].defense, steps[0].movement) == (counter.attack, counter.defense, counter.movement):
            state.to_box(uid, REPLACEMENT_USED)
            rec.data = dict(rec.data or {}, replacement_counter=uid)
            return


def lose_all_steps(state: GameState, unit_id: str, events: list, case: str = "9.55") -> None:
    eliminate(state, unit_id, events, "all steps lost", case)


def eliminate(state: GameState, unit_id: str, events: list, reason: str, case: str) -> None:
    rec = state.units[unit_id]
    where = rec.hex
    state.to_box(unit_id, OFF_MAP_ELIMINATED)
    state.game.setdefault("eliminated", []).append(unit_id)
    events.append(Eliminated(unit=unit_id, hex=where, reason=reason, case=case))

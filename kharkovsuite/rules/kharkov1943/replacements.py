"""16: Replacements.

In the supply phase each side receives the points of the Replacement Table's row for the turn
(infantry and mechanised, 16.1); German points are kept from turn to turn, Soviet ones lapse at
the end of the turn (``system_data.replacements.accumulate``).  Each side then spends them in a
pending decision (:class:`~.actions.Replace`, :class:`~.actions.EndReplacements`):

- a step costs one point of the unit's type: infantry, cavalry, ski and engineer units infantry
  points; armoured and recon units mechanised points (two for heavy armour); motorised units
  and Kampfgruppen one of each.  The first step a unit gets back in a turn costs double (16.1).
- a unit on the map must be in command, in supply and out of enemy ZoC (16.2), and never above
  its strength at set-up.
- a destroyed unit is rebuilt with one step (at the first step's price) unless it was Isolated or
  Out of Supply when destroyed; it comes back at the start of the next turn, with an HQ of its
  formation (or, lacking it, any HQ of its side and front) (16.2).
- artillery, HQs and supply heads are never rebuilt (16.1, 1.4).

The points are ``state.game["replacements"][side] = {"infantry": n, "mechanized": n}``.
"""
from __future__ import annotations

from ...engine.errors import IllegalAction
from ...engine.events import UnitMoved
from ...engine.state import Decision, GameState
from . import activation, command, supply, zoc
from .actions import EndReplacements, Replace
from .events import StepsChanged
from .zoc import enemy_zoc

DECISION = "replacements"
KEY = "replacements"
REBUILT = "rebuilt"  # the box of rebuilt units waiting for the next turn
NEVER = frozenset({"artillery", "rocket", "hq", "supply_head"})
INFANTRY_KINDS = frozenset({"infantry", "cavalry", "ski", "engineer"})
MECH_KINDS = frozenset({"armor", "recon"})


def grant(state: GameState) -> None:
    data = state.board.data.replacements
    table = state.scenario.tables[data.table]
    row = table.rows.get(state.turn)
    pool = state.game.setdefault(KEY, {})
    for side in ("german", "soviet"):
        if not data.accumulate.get(side, False):
            pool[side] = {"infantry": 0, "mechanized": 0}  # 16.1: last turn's points lapsed
        pool.setdefault(side, {"infantry": 0, "mechanized": 0})
    if row is None:
        return
    for column, (side, kind) in data.columns.items():
        pool[side][kind] += int(row[table.columns.index(column)])


def points(state: GameState, side: str) -> dict[str, int]:
    return dict(state.game.get(KEY, {}).get(side, {"infantry": 0, "mechanized": 0}))


def price(state: GameState, uid: str) -> dict[str, int]:
    """16.1: the points one step of ``uid`` costs now (the first of the turn double)."""
    v = state.board.units[uid].values
    if v.kind in INFANTRY_KINDS:
        cost = {"infantry": 1, "mechanized": 0}
    elif v.kind in MECH_KINDS:
        cost = {"infantry": 0, "mechanized": 2 if v.heavy else 1}
    else:
        cost = {"infantry": 1, "mechanized": 1}
    if uid not in state.turn_data.get("replaced", ()):
        cost = {k: 2 * n for k, n in cost.items()}
    return cost


def refusal(state: GameState, side: str, uid: str) -> tuple[str, str] | None:
    rec = state.units.get(uid)
    if rec is None or rec.side != side:
        return "16.1", f"{uid} is not a unit of the {side} player"
    info = state.board.units[uid]
    if info.values.kind in NEVER or info.values.detachment:
        return "16.1", f"{uid} is never rebuilt (artillery, HQs, supply heads and detachments)"
    cost = price(state, uid)
    have = points(state, side)
    if any(have[k] < n for k, n in cost.items()):
        return "16.1", f"{uid} needs {cost['infantry']} infantry and {cost['mechanized']} mechanised points, {side} has {have['infantry']} and {have['mechanized']}"
    if rec.box == "eliminated":
        if supply.status(state, uid) != supply.SUPPLIED:
            return "16.2", f"{uid} was destroyed {supply.status(state, uid).replace('_', ' ')} and may not be rebuilt"
        return None
    if rec.hex is None:
        return "16.2", f"{uid} is neither on the map nor destroyed"
    if rec.step <= info.steps_lost:
        return "16.1", f"{uid} is at its starting strength"
    if activation.out_of_command(state, uid):
        return "16.2", f"{uid} is out of command"
    if supply.status(state, uid) != supply.SUPPLIED:
        return "16.2", f"{uid} is {supply.status(state, uid).replace('_', ' ')}"
    if rec.hex in enemy_zoc(state, side):
        return "16.2", f"{uid} is in an enemy ZoC"
    return None


def offer(state: GameState) -> None:
    for side in ("soviet", "german"):
        if _candidates(state, side):
            state.pending.append(Decision(DECISION, side, "16.2", {}))


def _candidates(state: GameState, side: str) -> list[str]:
    return [u for u, rec in state.units.items() if rec.side == side and (rec.hex is not None or rec.box == "eliminated")
            and refusal(state, side, u) is None]


def legal(state: GameState, decision: Decision) -> list:
    return [Replace(unit=u) for u in _candidates(state, decision.side)] + [EndReplacements()]


def apply(state: GameState, decision: Decision, action, events: list) -> None:
    side = decision.side
    if isinstance(action, EndReplacements):
        state.pending.remove(decision)
        return
    if not isinstance(action, Replace):
        raise IllegalAction("16.2", "spend replacement points (Replace) or end (EndReplacements) first")
    why = refusal(state, side, action.unit)
    if why:
        raise IllegalAction(*why)
    uid = action.unit
    rec = state.units[uid]
    pool = state.game[KEY][side]
    for kind, n in price(state, uid).items():
        pool[kind] -= n
    state.turn_data.setdefault("replaced", []).append(uid)
    steps = len(state.board.units[uid].combat)
    if rec.box == "eliminated":
        rec.step = steps - 1
        state.to_box(uid, REBUILT)
        events.append(StepsChanged(unit=uid, step=rec.step, steps=steps, why="rebuilt, back next turn", case="16.2"))
    else:
        rec.step -= 1
        state.note_change(rec.hex, side)
        zoc.unit_moved(state, uid)  # 4.2: back above combat value 1, its ZoC reaches the hexes around again
        supply.drop_caches(state)  # 9.1: and closes them to enemy supply lines at once
        events.append(StepsChanged(unit=uid, step=rec.step, steps=steps, why="a step replaced", case="16.1"))
    if not _candidates(state, side):
        state.pending.remove(decision)


def place_rebuilt(state: GameState, events: list) -> None:
    """16.2: units rebuilt last turn come back with an HQ of their formation, or any HQ of
    their side (and front)."""
    for uid in sorted(u for u, rec in state.units.items() if rec.box == REBUILT):
        info = state.board.units[uid]
        own = state.board.data.formations.get(info.formation) if info.formation else None
        heads = command.hqs(state, info.side)
        hq = own.hq if own and own.hq in heads else next((h for h in sorted(heads) if command.same_front(state, h, uid)), None)
        if hq is None:
            continue
        spot = state.units[hq].hex
        state.place(uid, spot)
        events.append(UnitMoved(units=(uid,), path=(spot,), cost=0.0, how=f"rebuilt, placed with {hq}", case="16.2"))

"""7: Combat, from the announcement to the advance after combat (with 1.2 steps, 1.4 HQ support,
4.3 compulsory attacks, 6.6 reactions, 11 and 12 effects, 13.1 air points).

An :class:`~.actions.Assault` names its attackers, the target hex and the attack type(s).  It is
checked, the attackers join the open activation and pay the type's OP (+1 or +2 fatigued, 3.5),
and the combat record ``state.phase_data["combat"]`` drives what follows, one stage at a time:

1. a normal or prepared attack offers the defender reaction movement (6.6, :func:`.reaction.offer`);
2. the attacker, then the defender, put air points on it (13.1, pending decisions ``air``; the
   attacker's choice is kept in the combat record until the roll, for the fog of war to hide);
3. the roll: 2d6 plus the die modifiers on the block of the defender's terrain and the governing
   attack type, in the odds column (:mod:`.odds` gives the same figures before the roll);
4. the defender, then the attacker, apply their part (pending decisions ``combat_loss``):
   :class:`~kharkovsuite.engine.actions.ChooseLoss` a step at a time, then
   :class:`~kharkovsuite.engine.actions.Retreat` every unit the remaining number of hexes;
5. the attacker may advance (``advance``: :class:`~kharkovsuite.engine.actions.Advance`,
   :class:`~kharkovsuite.engine.actions.EndAdvance`).

The activation record (``state.phase_data["activation"]``) keeps, for combat: ``groups`` (unit ->
the move it made, for mobile attacks), ``owed`` (unit -> hex where it entered an enemy ZoC and owes
an attack, 4.3), ``prepared`` (a prepared attack was made, 7.1), ``fought`` (unit -> the type
of its last attack, for the follow-ups of 7.1), ``supported`` (HQs that gave combat
support, 1.4) and ``breakthrough`` (hexes of breakthrough markers, 7.7).

Hooks into the rest of the engine: supply values through :mod:`.odds` (9.2, 9.3) and
:func:`.supply.may_prepare`; a supply head attacked alone is pushed back by
:func:`.supply.push_supply_head` (9.4); an HQ that loses its step, or whose stack is destroyed
around it, goes by :func:`.hq.destroy` and :func:`.hq.destroy_lone_hqs` (1.4); both sides see
the stacks they fought (:func:`.fog.note_combat`, 10.1); a step loss drops the supply searches
(:func:`.supply.drop_caches`).  A Soviet unit retreating off the map on turn 1 goes to the
``reentry`` box with ``data["exit_hex"]`` and ``data["reenter_turn"]``, from which the
reinforcement rules bring it back (7.6, :func:`.reinforcements.reentering`).
"""
from __future__ import annotations

from collections.abc import Callable

from ...engine.actions import Advance, ChooseLoss, EndAdvance, Retreat
from ...engine.errors import IllegalAction
from ...engine.events import (
    AirCommitted,
    AttackDeclared,
    Advanced,
    CombatResolved,
    DiceRolled,
    Eliminated,
    Retreated,
    StepLost,
)
from ...engine.state import Decision, GameState
from . import activation, air, command, control, fog, hq, odds, reaction, supply, zoc
from .actions import AllotAir, Assault
from .data import Half, parse_result

AIR = "air"
LOSS = "combat_loss"
ADVANCE = "advance"
DECISIONS = (AIR, LOSS, ADVANCE)
ROLES = ("attacker", "defender")
REENTRY_BOX = "reentry"  # 7.6: Soviet units that left the map on turn 1


def current(state: GameState) -> dict | None:
    return state.phase_data.get("combat")


def _types(state: GameState, action: Assault) -> list[str]:
    types = list(action.types) or ["normal"]
    if len(types) == 1:
        types = types * len(action.attackers)
    return types


# ----------------------------------------------------------------------------- checking


def check_attack(state: GameState, action: Assault) -> None:
    """Refuse an attack the rules forbid, naming the case."""
    act = activation.current(state)
    if act is None:
        raise IllegalAction("7.2", "attacks are made by the units of an open activation")
    if current(state) is not None:
        raise IllegalAction("7.4", "a combat is being resolved")
    attackers, target = tuple(action.attackers), action.target
    board = state.board
    kinds = board.data.crt.attack_types
    if not attackers or len(set(attackers)) != len(attackers):
        raise IllegalAction("7.2", "an attack names its attackers, each once")
    types = list(action.types) or ["normal"]
    if len(types) not in (1, len(attackers)):
        raise IllegalAction("7.1", "give one attack type for all the attackers or one for each")
    for t in types:
        if t not in kinds:
            raise IllegalAction("7.1", f"unknown attack type {t!r} (known: {', '.join(kinds)})")
    types = _types(state, action)
    governing = odds.governing_type(state, types)
    side = act["side"]
    defenders = state.units_at(target)
    if not defenders or state.units[defenders[0]].side == side:
        raise IllegalAction("7.2", f"{target} holds no enemy unit")
    for uid in attackers:
        if uid not in state.units or state.units[uid].side != side:
            raise IllegalAction("7.2", f"{uid} is not a unit of the {side} player")
        rec = state.units[uid]
        v = board.units[uid].values
        if rec.hex is None or target not in board.nbrs.get(rec.hex, ()):
            raise IllegalAction("7.2", f"{uid} is not next to {target}")
        if v.kind == "hq":
            raise IllegalAction("1.4", f"{uid} is an HQ: it supports a combat (support=...) rather than attacks")
        if v.kind in odds.ARTILLERY_KINDS and governing != "prepared":
            raise IllegalAction("7.1", f"{uid} is artillery, which joins prepared attacks only")
        if governing == "prepared" and not supply.may_prepare(state, uid):
            raise IllegalAction("9.3", f"{uid} is {supply.status(state, uid).replace('_', ' ')} and may not take part in a prepared attack")
    refusal = activation.group_refusal(state, attackers)
    if refusal:
        raise IllegalAction(*refusal)
    for uid, t in zip(attackers, types):
        need = op_cost(state, uid, t)
        left = activation.mover(state, uid, 0).remaining
        if need > left:
            raise IllegalAction("7.1", f"{uid} has {left} OP left, a {t} attack costs it {need}")
    if governing == "prepared" and act.get("prepared"):
        raise IllegalAction("7.1", "only one prepared attack is allowed in an activation phase")
    if governing == "prepared":
        again = [u for u in attackers if act.get("fought", {}).get(u) in ("normal", "prepared")]
        if again:
            raise IllegalAction("7.1", f"{', '.join(again)} made a normal or prepared attack already: it follows up with normal or mobile attacks only")
    if governing == "mobile":
        if len({state.units[u].hex for u in attackers}) != 1:
            raise IllegalAction("7.3", "a mobile attack is made by one stack, from one hex")
        groups = act.get("groups", {})
        if len({groups.get(u) for u in attackers}) != 1:
            raise IllegalAction("7.1", "the units of a mobile attack must have begun their move together in one hex")
    if action.support:
        _check_support(state, action.support, target, "attacker", attackers)


def _check_support(state: GameState, hq: str, target: str, role: str, attackers=()) -> None:
    """1.4 and its addendum: an HQ adds its combat value to one combat an activation phase, on
    a hex within its command range, by a line of command clear of enemy ZoC; the attacker's only
    from the HQ taking part in the activation.  Every hex next to a defender lies in its ZoC, so
    the line may end in one: at an attacking unit's hex, or at the defended hex."""
    act = activation.current(state)
    rec = state.units.get(hq)
    if rec is None or rec.hex is None or not state.board.units[hq].is_hq:
        raise IllegalAction("1.4", f"{hq} is not an HQ on the map")
    if role == "attacker":
        if rec.side != act["side"] or (hq != act.get("hq") and hq not in act["units"]):
            raise IllegalAction("1.4", f"{hq} does not take part in this activation, so it may not support its combats")
    elif rec.side == act["side"]:
        raise IllegalAction("1.4", f"{hq} is not an HQ of the defender")
    if hq in act.get("supported", ()):
        raise IllegalAction("1.4", f"{hq} has supported a combat in this activation phase already")
    limit = command.command_range(state.board, hq)
    area = support_area(state, hq)
    ends = {state.units[u].hex for u in attackers} if role == "attacker" else {target}
    if state.board.map.grid.distance(rec.hex, target) > limit or not ends & area:
        raise IllegalAction("1.4", f"{target} is beyond the command range of {hq} or cut from it by enemy ZoC")


def support_area(state: GameState, hq: str) -> set[str]:
    """1.4: the hexes a line of command from the HQ reaches within its range (8.1) without
    passing through enemy ZoC (its last hex may lie in one)."""
    rec = state.units[hq]
    limit = command.command_range(state.board, hq)
    foe_zoc = zoc.enemy_zoc(state, rec.side)
    seen = {rec.hex: 0}
    frontier = [rec.hex]
    while frontier:
        nxt = []
        for h in frontier:
            if seen[h] == limit or (h != rec.hex and h in foe_zoc):
                continue
            for n in state.board.nbrs.get(h, ()):
                if n not in seen:
                    seen[n] = seen[h] + 1
                    nxt.append(n)
        frontier = nxt
    return set(seen)


def op_cost(state: GameState, unit_id: str, attack_type: str) -> int:
    """7.1 with 3.5: the type's OP, +1 at Fatigue 1 and +2 at Fatigue 2."""
    m = activation.mover(state, unit_id, 0)
    return state.board.data.crt.attack_types[attack_type].op_cost + m.level(0)


# ----------------------------------------------------------------------------- announcing


def declare(state: GameState, action: Assault, events: list) -> None:
    check_attack(state, action)
    act = activation.current(state)
    attackers = tuple(action.attackers)
    types = _types(state, action)
    governing = odds.governing_type(state, types)
    activation.ensure_joined(state, attackers, events)
    for uid, t in zip(attackers, types):
        activation.spend(state, uid, op_cost(state, uid, t), events)
    if governing == "prepared":
        act["prepared"] = True
    fought = act.setdefault("fought", {})
    for uid in attackers:
        fought[uid] = governing
    if action.support:
        act.setdefault("supported", []).append(action.support)
    side = act["side"]
    foe_zoc = zoc.enemy_zoc(state, side)
    owed = act.get("owed", {})
    for uid in attackers:  # 4.3: attacking a unit whose ZoC holds it settles the obligation
        exerting = foe_zoc.get(state.units[uid].hex, frozenset())
        if uid in owed and exerting & set(state.units_at(action.target)):
            del owed[uid]
    heads = state.units_at(action.target)
    if all(state.board.units[u].values.kind == "supply_head" for u in heads):
        events.append(AttackDeclared(attackers=attackers, targets=(action.target,), defenders=tuple(heads), case="9.4"))
        for head in list(heads):
            supply.push_supply_head(state, head, events)  # 9.4: a supply head attacked alone is pushed back
        if governing != "mobile":
            act["moved"].extend(u for u in attackers if u not in act["moved"])
        return
    state.phase_data["combat"] = {
        "attackers": list(attackers),
        "target": action.target,
        "type": governing,
        "side": side,
        "foe": state.units[state.units_at(action.target)[0]].side,
        "origin": {u: state.units[u].hex for u in attackers},
        "support": {"attacker": action.support or None, "defender": None},
        "air": {},
        "stage": "reaction",
    }
    events.append(AttackDeclared(attackers=attackers, targets=(action.target,), defenders=tuple(state.units_at(action.target)), case="7.4"))
    if governing in ("normal", "prepared"):
        reaction.offer(state, action.target)  # 6.6


def proceed(state: GameState, events: list) -> None:
    """Take the open combat as far as it goes without a player's decision."""
    c = current(state)
    while c is not None and not state.pending:
        stage = c["stage"]
        if stage == "reaction":
            c["stage"] = "air_attacker"
        elif stage in ("air_attacker", "air_defender"):
            role = stage.split("_")[1]
            side = c["side"] if role == "attacker" else c["foe"]
            if _air_choices(state, c, role, side):
                state.pending.append(Decision(AIR, side, "13.1", {"role": role}))
                return
            c["air"][role] = 0
            c["stage"] = "air_defender" if role == "attacker" else "resolve"
        elif stage == "resolve":
            resolve(state, events)
        elif stage in ("defender", "attacker"):
            _open_loss(state, c, stage, events)
            c["stage"] = "attacker" if stage == "defender" else "advance"
        elif stage == "advance":
            c["stage"] = "done"
            if _advance_open(state, c):
                state.pending.append(Decision(ADVANCE, c["side"], "7.6", {"moved": []}))
                return
        else:
            _finish(state, c)
            c = None


# ----------------------------------------------------------------------------- air (13.1)


def _air_choices(state: GameState, c: dict, role: str, side: str) -> list:
    most = air.limit(state, side, role, c["type"])
    hqs = []
    if role == "defender":
        for hq in command.hqs(state, side):
            if state.units[hq].hex == c["target"]:
                continue  # it defends there already (7.3)
            try:
                _check_support(state, hq, c["target"], "defender")
            except IllegalAction:
                continue
            hqs.append(hq)
    if most == 0 and not hqs:
        return []
    return [AllotAir(points=p, support=h) for p in range(most + 1) for h in [""] + hqs]


def _apply_air(state: GameState, decision: Decision, action, events: list) -> None:
    c = current(state)
    role = decision.data["role"]
    if not isinstance(action, AllotAir):
        raise IllegalAction("13.1", "put air points (0 or more) on the combat first")
    if action not in _air_choices(state, c, role, decision.side):
        most = air.limit(state, decision.side, role, c["type"])
        if action.support and role == "defender":
            _check_support(state, action.support, c["target"], "defender")
        if action.support and role == "attacker":
            raise IllegalAction("1.4", "the attacker's HQ support is named with the attack")
        raise IllegalAction("13.1" if c["type"] != "mobile" else "7.1", f"{decision.side} may put 0 to {most} air points on this {c['type']} attack")
    c["air"][role] = action.points  # spent at the roll, so the other side cannot read it before
    if action.support:
        c["support"]["defender"] = action.support
        activation.current(state).setdefault("supported", []).append(action.support)
    state.pending.pop()
    c["stage"] = "air_defender" if role == "attacker" else "resolve"


def conceal(state: GameState, side: str, observation: dict) -> None:
    """13.1: until the roll, the air points the other side has put on the combat are not shown
    to ``side`` (they stay in the combat record, and are spent only at the roll)."""
    c = current(state)
    if c is None or "result" in c:
        return
    record = observation.get("phase_data", {}).get("combat")
    if not record:
        return
    mine = "attacker" if c["side"] == side else "defender"
    for role in list(record.get("air", {})):
        if role != mine:
            record["air"][role] = None


# ----------------------------------------------------------------------------- the roll


def resolve(state: GameState, events: list) -> None:
    c = current(state)
    types = [c["type"]]
    support = {k: v for k, v in c["support"].items() if v}
    p = odds.preview(state, c["attackers"], c["target"], types, c["air"], support)
    for role in ROLES:
        side = c["side"] if role == "attacker" else c["foe"]
        air.spend(state, side, c["air"].get(role, 0))
        events.append(AirCommitted(side=side, committed=bool(c["air"].get(role)), case="13.1"))
    cell, die = read_crt(state, p, events)
    events.append(CombatResolved(
        attackers=tuple((x.unit, str(x.combat), x.note) for x in p.attackers),
        defenders=tuple((x.unit, str(x.combat), x.note) for x in p.defenders),
        garrison=0, attack=str(p.attack), defense=str(p.defense), base_column=p.base_column,
        shifts=p.shifts, column=p.column, die=die, modifier=p.modifier, result=cell, case="7.4",
    ))
    fog.note_combat(state, c["side"], [c["target"]], events)  # 10.1: both sides saw the stacks they fought
    fog.note_combat(state, c["foe"], sorted({state.units[u].hex for u in c["attackers"]}), events)
    c["result"] = cell
    c["defenders"] = [u for u in state.units_at(c["target"]) if state.board.units[u].values.kind != "supply_head"]
    result = parse_result(cell)
    if result.breakthrough:  # 7.7
        activation.current(state).setdefault("breakthrough", []).append(c["target"])
    c["stage"] = "defender"


def read_crt(state: GameState, p: odds.Preview, events: list) -> tuple[str, int]:
    """7.4: roll 2d6, add the die modifiers (a row beyond the table reads its first or last
    row) and read the cell in the preview's column of its block; the cell and the roll."""
    a, b = state.rng.randint(1, 6), state.rng.randint(1, 6)
    crt = state.board.data.crt
    row = max(crt.lowest_row, min(crt.highest_row, a + b + p.modifier))
    table = state.scenario.tables[p.block]
    events.append(DiceRolled(die=a + b, purpose=f"combat at {p.target} ({p.block})", modified=row, case="7.4"))
    return str(table.rows[row][table.columns.index(p.column)]), a + b


# ----------------------------------------------------------------------------- losses and retreats


def _open_loss(state: GameState, c: dict, role: str, events: list) -> None:
    """7.5: open the owner's decision on his half of the result (nothing to decide for '-')."""
    result = parse_result(c["result"])
    half: Half = result.defender if role == "defender" else result.attacker
    units = list(c["defenders"]) if role == "defender" else list(c["attackers"])
    units = [u for u in units if state.units[u].hex is not None]
    if not half.number or not units:
        c.setdefault("left", {})[role] = 0
        return
    side = c["foe"] if role == "defender" else c["side"]
    effect = state.board.data.postures[c["type"]][odds.hex_posture(state, c["target"])]
    posture_first = effect.defender_first_loss if role == "defender" else effect.attacker_first_loss
    first_steps = 1 if half.red or posture_first else 0
    combatants = [u for u in units if state.board.units[u].values.kind not in ("hq", "supply_head")]
    if role == "defender" and len(combatants) == 1 and len(units) == 1 and state.board.units[units[0]].values.kind in odds.ARTILLERY_KINDS:
        remove(state, units[0], "artillery alone under an unfavourable result", "1.2", events)  # 1.2
        c.setdefault("left", {})[role] = half.number
        return
    others = c["attackers"] if role == "defender" else c["defenders"]
    both_armoured = _has_armor_or_at(state, units) and _has_armor_or_at(state, others)
    state.pending.append(Decision(LOSS, side, "7.5", {
        "role": role, "units": units, "number": half.number, "left": half.number, "retreat": half.retreat,
        "first_steps": first_steps, "armor_first": both_armoured, "steps": 0, "hexes": None, "retreated": [],
        "routes": [],
    }))


def _has_armor_or_at(state: GameState, units) -> bool:
    return any(odds.armor_now(state, u) or odds.antitank_now(state, u) for u in units if state.units[u].hex is not None)


def _waiting(state: GameState, d: dict) -> list[str]:
    return [u for u in d["units"] if state.units[u].hex is not None and u not in d["retreated"]]


def losable(state: GameState, d: dict) -> list[str]:
    """Who may take the next step: an HQ only when no other unit is left (1.4); the first step
    from an armoured unit when both sides have armour or anti-tank units (7.5)."""
    alive = _waiting(state, d)
    fighters = [u for u in alive if not state.board.units[u].is_hq]
    pool = fighters or alive
    if d["armor_first"] and d["steps"] == 0:
        armoured = [u for u in pool if state.board.units[u].values.armor > 0]
        pool = armoured or pool
    return pool


def loss_legal(state: GameState, decision: Decision) -> list:
    d = decision.data
    alive = _waiting(state, d)
    out: list = []
    if d["hexes"] is not None:
        for uid in alive:
            paths = retreat_paths(state, uid, d["hexes"])
            out.extend(Retreat(unit=uid, path=p) for p in paths)
            if not paths:
                out.append(Retreat(unit=uid, path=()))
        return out
    left = d["left"]
    can_retreat = any(retreat_paths(state, u, left) for u in alive)
    last_is_retreat = d["retreat"] and left <= 1 and d["steps"] >= d["first_steps"] and can_retreat
    if not last_is_retreat:
        out.extend(ChooseLoss(unit=u) for u in losable(state, d))
    if d["steps"] >= d["first_steps"] and can_retreat:
        for uid in alive:
            out.extend(Retreat(unit=uid, path=p) for p in retreat_paths(state, uid, left))
    return out


def _apply_loss(state: GameState, decision: Decision, action, events: list) -> None:
    d = decision.data
    legal = loss_legal(state, decision)
    if action not in legal:
        raise IllegalAction(*_loss_refusal(state, d, action))
    if isinstance(action, ChooseLoss):
        where = state.units[action.unit].hex
        lose_step(state, action.unit, "7.5", events)
        d["left"] -= 1
        d["steps"] += 1
        _hqs_left_alone(state, d, action.unit, where, events)
    else:
        if d["hexes"] is None:
            d["hexes"] = d["left"]
        d["retreated"].append(action.unit)
        _retreat(state, action.unit, action.path, d, events)
    if not _waiting(state, d) or (d["hexes"] is None and d["left"] == 0):
        state.pending.pop()
        c = current(state)
        c.setdefault("left", {})[d["role"]] = d["left"] if d["hexes"] is None else 0
        if d["role"] == "defender":
            c["routes"] = d["routes"]


def _hqs_left_alone(state: GameState, d: dict, lost: str, hex_id: str | None, events: list) -> None:
    """1.4: HQs whose stack has just been destroyed around them are destroyed too."""
    if hex_id is None or state.units[lost].hex is not None or state.board.units[lost].is_hq:
        return
    hq.destroy_lone_hqs(state, hex_id, events, "every unit stacked with it destroyed")


def _loss_refusal(state: GameState, d: dict, action) -> tuple[str, str]:
    if isinstance(action, ChooseLoss):
        if d["hexes"] is not None:
            return "7.6", "the retreat has begun: the other units retreat as many hexes"
        if action.unit not in _waiting(state, d):
            return "7.5", f"{action.unit} is not among the units taking this result"
        if state.board.units[action.unit].is_hq:
            return "1.4", f"{action.unit} is an HQ: it loses its step only when no other unit is left with it"
        if d["armor_first"] and d["steps"] == 0:
            return "7.5", "with armour or anti-tank on both sides the first step comes from an armoured unit"
        return "7.5", "the R result begins with a retreat: the last of it is a hex, not a step"
    if isinstance(action, Retreat):
        if d["steps"] < d["first_steps"]:
            return "7.5", "a red result or the Table of Postures makes a step go before any retreat"
        want = d["hexes"] if d["hexes"] is not None else d["left"]
        return "7.6", f"{action.unit} retreats {want} hexes by the retreat priorities (free of enemy ZoC, cheapest terrain, toward its own map edge, away from the enemy)"
    return "7.5", "apply the combat result: lose a step (ChooseLoss) or retreat (Retreat)"


def lose_step(state: GameState, uid: str, case: str, events: list) -> None:
    """1.2: one step off the unit; its last one eliminates it (an HQ goes by the HQ rules, 1.4)."""
    rec = state.units[uid]
    steps = len(state.board.units[uid].combat)
    if state.board.units[uid].is_hq:
        remove(state, uid, "its one step lost in combat", case, events)
        return
    rec.step += 1
    if rec.step >= steps:
        remove(state, uid, "its last step lost", case, events)
        return
    events.append(StepLost(unit=uid, step=rec.step, steps=steps, case=case))
    zoc.unit_moved(state, uid)  # 4.2: a unit worn to combat value 1 keeps its ZoC in its hex
    supply.drop_caches(state)


def remove(state: GameState, uid: str, reason: str, case: str, events: list) -> None:
    """A unit lost in combat: to the ``eliminated`` box, an HQ by :func:`.hq.destroy` (it comes
    back two turns later, 1.4)."""
    if state.board.units[uid].is_hq:
        hq.destroy(state, uid, events, reason)
        return
    hex_id = state.units[uid].hex
    state.to_box(uid, "eliminated")
    events.append(Eliminated(unit=uid, hex=hex_id, reason=reason, case=case))


def _retreat(state: GameState, uid: str, path, d: dict, events: list) -> None:
    if not path:
        remove(state, uid, "no retreat open to it", "7.6", events)
        return
    side = state.units[uid].side
    foe_zoc = zoc.enemy_zoc(state, side)
    travelled = [path[0]]
    for h in path[1:]:
        friends = [u for u in state.units_at(h) if state.units[u].side == side]
        state.place(uid, h)
        travelled.append(h)
        if h in foe_zoc and not friends:  # 4.3, 7.6
            lose_step(state, uid, "4.3", events)
            if state.units[uid].hex is None:
                break
    control.passed(state, side, travelled[1:])
    events.append(Retreated(unit=uid, path=tuple(travelled), case="7.6"))
    d["routes"].append(list(path))
    if len(path) - 1 < d["hexes"] and state.units[uid].hex is not None:
        _off_the_map(state, uid, events)


def _off_the_map(state: GameState, uid: str, events: list) -> None:
    """7.6: a unit driven off the map is eliminated; on the first turn a Soviet unit goes to the
    ``reentry`` box instead, its exit hex in its record (``data["exit_hex"]``), for the
    reinforcement rules to bring it back next turn by the nearest entry area
    (:func:`.reinforcements.reentering`)."""
    rec = state.units[uid]
    hex_id = rec.hex
    if state.turn == 1 and rec.side == "soviet":
        rec.data = {**(rec.data or {}), "exit_hex": hex_id, "reenter_turn": state.turn + 1}
        state.to_box(uid, REENTRY_BOX)
        return
    remove(state, uid, "retreated off the map", "7.6", events)


def retreat_paths(state: GameState, uid: str, hexes: int) -> list[tuple[str, ...]]:
    """7.6: the retreats of ``hexes`` hexes open to the unit, each hex chosen by the priorities
    among those that let the retreat go on: out of enemy ZoC (a hex a friendly unit holds
    counts as free, 4.2f), the cheapest terrain, toward the side's own map edge (Germans west,
    Soviets east), farthest from the nearest enemy unit.  Never into an enemy unit, never twice
    through a hex.  Only when no retreat of the full length stays on the map, a shorter path
    ending on the edge of the play area leaves it there (7.6)."""
    if hexes <= 0:
        return []
    rec = state.units[uid]
    side = rec.side
    board = state.board
    g = zoc.ground(state)
    foe_zoc = zoc.enemy_zoc(state, side)
    grid = board.map.grid
    enemy_hexes = [h for h, ids in state.at.items() if any(state.units[u].side != side for u in ids)]
    west = side == "german"

    def key(a: str, b: str) -> tuple:
        friends = any(state.units[u].side == side for u in state.units_at(b) if u != uid)
        col = grid.row_col(b)[1]
        near = min((grid.distance(b, e) for e in enemy_hexes), default=99)
        return (b in foe_zoc and not friends, board.enter_cost(a, b, g), col if west else -col, -near)

    def steps(a: str) -> list[str]:
        return [b for b in board.nbrs.get(a, ()) if board.enter_cost(a, b, g) is not None
                and not any(state.units[u].side != side for u in state.units_at(b))]

    def extend(path: tuple[str, ...], left: int) -> list[tuple[str, ...]]:
        if left == 0:
            return [path]
        options = []
        for b in steps(path[-1]):
            if b in path:
                continue
            rest = extend(path + (b,), left - 1)
            if rest:
                options.append((key(path[-1], b), rest))
        whole = [(k, [p for p in rest if len(p) == hexes + 1]) for k, rest in options]
        whole = [(k, rest) for k, rest in whole if rest]
        if whole:
            options = whole  # a retreat on the map before one off it
        elif not options:
            return [path] if len(board.nbrs.get(path[-1], ())) < 6 else []  # off the edge from here
        best = min(k for k, _ in options)
        return [p for k, rest in options if k == best for p in rest]

    return extend((rec.hex,), hexes)


# ----------------------------------------------------------------------------- advance


def _advance_open(state: GameState, c: dict) -> bool:
    if any(state.units[u].side == c["foe"] for u in state.units_at(c["target"])):
        return False
    c["advance_limit"] = _advance_limit(state, c)
    return any(advance_paths(state, u) for u in _advancers(state, c))


def _advance_limit(state: GameState, c: dict) -> int:
    """7.6: as far as the defender retreated; when every defender was destroyed with steps of
    the result unspent, the vacated hex plus one hex for each of them."""
    routes = c.get("routes", [])
    far = max((len(r) - 1 for r in routes), default=0)
    gone = not any(state.units[u].hex is not None for u in c["defenders"])
    if gone:
        far = max(far, 1 + c.get("left", {}).get("defender", 0))
    return max(far, 1)


def _advancers(state: GameState, c: dict) -> list[str]:
    decision = state.pending[-1] if state.pending and state.pending[-1].kind == ADVANCE else None
    moved = decision.data["moved"] if decision else []
    retreated = c.get("attacker_retreated", [])
    return [u for u in c["attackers"] if state.units[u].hex == c["origin"][u] and u not in moved and u not in retreated]


def advance_paths(state: GameState, uid: str) -> list[tuple[str, ...]]:
    return sorted(advance_options(state, uid))


def advance_options(state: GameState, uid: str) -> dict[tuple[str, ...], int]:
    """7.6: the advances open to an attacker, path -> OP: into the vacated hex, then along a
    retreat route (armoured, motorised and recon units anywhere after the first hex; anywhere
    too for hexes gained from a destroyed defender), paying each hex's OP but the vacated one's,
    stopping on entering an enemy ZoC not negated by a breakthrough (7.7, +1 OP a negated hex);
    one hex only for artillery and for motorised units that attacked across a river."""
    c = current(state)
    board = state.board
    v = board.units[uid].values
    limit = c["advance_limit"]
    start = state.units[uid].hex
    target = c["target"]
    if v.kind in odds.ARTILLERY_KINDS or (v.kind == "motorized" and board.map.hexside_features(start, target) & {"river", "major_river"}):
        limit = 1
    free = v.kind in ("armor", "motorized", "recon") or not c.get("routes")
    routes = [tuple(r) for r in c.get("routes", [])]
    side = state.units[uid].side
    g = zoc.ground(state)
    effect = board.data.movement_table[g]
    negated = breakthrough_hexes(state)
    foe_zoc = {h: s for h, s in zoc.enemy_zoc(state, side).items() if h not in negated}
    m = activation.mover(state, uid, effect.extra_op_per_hex if v.kind not in effect.exempt_kinds else 0)
    out = {(start, target): 0}
    todo = [((start, target), 0)]
    while todo:
        path, spent = todo.pop()
        if len(path) - 1 >= limit or (path[-1] in foe_zoc and path[-1] != target):
            continue
        for b in board.nbrs.get(path[-1], ()):
            if b in path or any(state.units[u].side != side for u in state.units_at(b)):
                continue
            if not free and not any(r[: len(path)] == path[1:] + (b,) for r in routes):
                continue
            base = board.enter_cost(path[-1], b, g)
            if base is None:
                continue
            cost = spent + base + m.snow + m.level(spent) + (1 if b in negated else 0)
            if cost > m.remaining:
                continue
            out[path + (b,)] = cost
            todo.append((path + (b,), cost))
    return out


def advance_legal(state: GameState, decision: Decision) -> list:
    c = current(state)
    out: list = []
    for uid in _advancers(state, c):
        out.extend(Advance(unit=uid, path=p) for p in advance_paths(state, uid))
    out.append(EndAdvance())
    return out


def _apply_advance(state: GameState, decision: Decision, action, events: list) -> None:
    c = current(state)
    if isinstance(action, EndAdvance):
        state.pending.pop()
        return
    if not isinstance(action, Advance):
        raise IllegalAction("7.6", "advance a unit after combat or end the advance")
    if action.unit not in _advancers(state, c):
        raise IllegalAction("7.6", f"{action.unit} did not attack here, retreated, or has advanced already")
    if tuple(action.path) not in advance_paths(state, action.unit):
        raise IllegalAction("7.6", f"{action.unit} may not advance along {'-'.join(action.path)} (vacated hex first, the retreat route, OP, enemy ZoC, one hex for artillery or motorised units across a river)")
    uid, path = action.unit, tuple(action.path)
    spent = advance_options(state, uid)[path]
    if spent:
        activation.spend(state, uid, spent, events)
    state.place(uid, path[-1])
    control.passed(state, state.units[uid].side, path[1:])
    decision.data["moved"].append(uid)
    events.append(Advanced(unit=uid, path=path, case="7.6"))
    if not _advancers(state, c):
        state.pending.pop()


def breakthrough_hexes(state: GameState) -> frozenset[str]:
    """7.7: the hexes whose enemy ZoC a breakthrough marker of this activation phase negates for
    the phasing side (the marked hex and the six around it)."""
    act = activation.current(state)
    if not act or not act.get("breakthrough"):
        return frozenset()
    out = set()
    for h in act["breakthrough"]:
        out.add(h)
        out.update(state.board.nbrs.get(h, ()))
    return frozenset(out)


# ----------------------------------------------------------------------------- after the combat


def _finish(state: GameState, c: dict) -> None:
    act = activation.current(state)
    moved = act["moved"]
    vacated = not any(state.units[u].side == c["foe"] for u in state.units_at(c["target"]))
    for uid in c["attackers"]:
        if c["type"] == "mobile":
            if vacated and uid in moved:  # 4.2c, 7.1: a won mobile attack lets the stack go on
                moved.remove(uid)
                act.setdefault("resume", []).append(uid)
        elif uid not in moved:
            moved.append(uid)  # 3.4: attackers do not move again but by advancing
    del state.phase_data["combat"]


def apply(state: GameState, decision: Decision, action, events: list) -> None:
    if decision.kind == AIR:
        _apply_air(state, decision, action, events)
    elif decision.kind == LOSS:
        if decision.data["role"] == "attacker" and isinstance(action, Retreat):
            current(state).setdefault("attacker_retreated", []).append(action.unit)
        _apply_loss(state, decision, action, events)
    else:
        _apply_advance(state, decision, action, events)
    proceed(state, events)


def legal(state: GameState, decision: Decision) -> list:
    if decision.kind == AIR:
        return _air_choices(state, current(state), decision.data["role"], decision.side)
    if decision.kind == LOSS:
        return loss_legal(state, decision)
    return advance_legal(state, decision)


def keep_going(state: GameState, action) -> Callable[[], None]:
    """3.4: a stack freed by a won mobile attack moves on (or attacks again) at once; any other
    action first ends its move for the activation.  Returns what puts the stack back as it was,
    for the caller to run when the rules then refuse the action (a refused action changes
    nothing: the stack may still go on)."""
    act = activation.current(state)
    resume = act.get("resume") if act else None
    if not resume:
        return _nothing
    units = set(getattr(action, "units", ()) or getattr(action, "attackers", ()))
    if action.kind in ("Move", "Assault") and units and units <= set(resume):
        if action.kind == "Move":
            return _nothing
        types = _types(state, action)
        if any(t not in state.board.data.crt.attack_types for t in types):
            return _nothing  # refused by its case (7.1, check_attack), so it ends nothing
        if odds.governing_type(state, types) == "mobile":
            return _nothing
    moved, kept = list(act["moved"]), list(resume)
    for uid in resume:
        if uid not in act["moved"]:
            act["moved"].append(uid)
    act["resume"] = []

    def undo() -> None:
        act["moved"][:] = moved
        act["resume"] = kept

    return undo


def _nothing() -> None:
    return None


# ----------------------------------------------------------------------------- compulsory attack (4.3)


def note_move(state: GameState, units, path, events: list) -> None:
    """After a move in the open activation: the units moved together (for mobile attacks, 7.1),
    and those that entered an enemy ZoC away from a village, town or city owe an attack (4.3).
    HQs, which lend their value rather than attack (1.4), and artillery, which joins only
    prepared attacks (7.1), owe none."""
    act = activation.current(state)
    groups = act.setdefault("groups", {})
    n = act["group_count"] = act.get("group_count", 0) + 1  # the activation's own count: a saved position needs no log
    end = path[-1]
    side = act["side"]
    foe_zoc = {h: s for h, s in zoc.enemy_zoc(state, side).items() if h not in breakthrough_hexes(state)}
    for uid in units:
        groups[uid] = n
        kind = state.board.units[uid].values.kind
        if kind == "hq" or kind in odds.ARTILLERY_KINDS:
            continue
        if end in foe_zoc and not state.board.shelter(end):
            act.setdefault("owed", {})[uid] = end


def owing(state: GameState) -> list[str]:
    """4.3: units of the open activation still owing an attack: in the hex where they entered an
    enemy ZoC, still in it, not in a defensive position (11.2), and still able to pay the cheapest
    attack.  The addenda to 4.2 keep that OP at the entry; a unit that has since spent it on another
    attack owes none (our reading: an obligation it can no longer meet lapses rather than leave the
    activation unable to end; resting it away is refused, :func:`reduce_refusal`)."""
    act = activation.current(state)
    if not act:
        return []
    foe_zoc = zoc.enemy_zoc(state, act["side"])
    cheapest = min(state.board.data.crt.attack_types, key=lambda t: state.board.data.crt.attack_types[t].op_cost)
    out = []
    for uid, hex_id in act.get("owed", {}).items():
        if state.units[uid].hex != hex_id or hex_id not in foe_zoc or hex_id in breakthrough_hexes(state):
            continue
        if odds.posture(state, uid) != "normal":
            continue
        if act["op"][uid] - act["spent"][uid] < op_cost(state, uid, cheapest):
            continue
        out.append(uid)
    return sorted(out)


def reduce_refusal(state: GameState, unit_id: str) -> tuple[str, str] | None:
    """3.5 with 4.3: lowering fatigue (:func:`.activation.reduce_refusal`), but never by a unit
    that owes an attack when the 4 OP would leave it less than the cheapest attack costs at its
    lowered fatigue (it could then neither attack nor let the activation end)."""
    refusal = activation.reduce_refusal(state, unit_id)
    if refusal or unit_id not in owing(state):
        return refusal
    act = activation.current(state)
    left = act["op"][unit_id] - act["spent"][unit_id] - activation.FATIGUE_REDUCTION_COST
    cheapest = min(t.op_cost for t in state.board.data.crt.attack_types.values()) + activation.fatigue(state, unit_id) - 1
    if left < cheapest:
        return "4.3", f"{unit_id} owes an attack and would keep {left} OP after resting, less than the {cheapest} an attack costs"
    return None


# ----------------------------------------------------------------------------- offering attacks


def legal_attacks(state: GameState) -> list[Assault]:
    """Attacks to offer: from each hex, the whole group able to pay, against each adjacent enemy
    hex, by each type; and each unit owing an attack alone (4.3); each of them also with the
    support of the activating HQ where it may give it (1.4).  Any other grouping is legal too
    when given (check_attack)."""
    act = activation.current(state)
    if act is None or current(state) is not None:
        return []
    side = act["side"]
    kinds = state.board.data.crt.attack_types
    out: list[Assault] = []
    by_hex: dict[str, list[str]] = {}
    for uid, rec in state.units.items():
        if rec.side == side and rec.hex is not None and not state.board.units[uid].is_hq and state.board.units[uid].values.kind != "supply_head":
            by_hex.setdefault(rec.hex, []).append(uid)
    owed = set(owing(state))
    for hex_id, units in sorted(by_hex.items()):
        targets = [n for n in state.board.nbrs.get(hex_id, ()) if any(state.units[u].side != side for u in state.units_at(n))]
        for target in targets:
            heads_only = all(state.board.units[u].values.kind == "supply_head" for u in state.units_at(target))
            for t in ([odds.governing_type(state, kinds)] if heads_only else kinds):  # 9.4: the cheapest will do
                groups = [tuple(sorted(units))] + [(u,) for u in sorted(units) if u in owed and len(units) > 1]
                for group in groups:
                    action = Assault(attackers=group, target=target, types=(t,))
                    try:
                        check_attack(state, action)
                    except IllegalAction:
                        able = tuple(u for u in group if _can_pay(state, u, t))
                        if not able or able == group:
                            continue
                        action = Assault(attackers=able, target=target, types=(t,))
                        try:
                            check_attack(state, action)
                        except IllegalAction:
                            continue
                    out.append(action)
    hq = act.get("hq")
    if hq and hq not in act.get("supported", ()):  # 1.4: the same attacks with the HQ's support
        for action in list(out):
            supported = Assault(attackers=action.attackers, target=action.target, types=action.types, support=hq)
            try:
                _check_support(state, hq, action.target, "attacker", action.attackers)
            except IllegalAction:
                continue
            out.append(supported)
    return out


def _can_pay(state: GameState, uid: str, t: str) -> bool:
    if state.board.units[uid].values.kind in odds.ARTILLERY_KINDS and t != "prepared":
        return False
    return activation.can_join(state, uid) and op_cost(state, uid, t) <= activation.mover(state, uid, 0).remaining

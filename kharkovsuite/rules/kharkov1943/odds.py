"""7.1, 7.4: the odds of a proposed attack before the roll, the very figures the combat uses.

:func:`preview` answers "what if these units attack that hex with this type of attack, with these
air points and HQ support": each unit's combat, armour and anti-tank values with the reasons
they were changed, the totals, the odds column (rounded to the nearest ratio), every column shift
and die modifier with its rule case, and the chance of each CRT cell.  The random generator is
never touched.

Supply (9.2, 9.3) comes from :mod:`.supply`: the attack and defence multipliers and the armour
value after supply and after a Soviet unit's distance from its supply head.

Readings chosen where the rulebook is loose (docs/rules/kharkov-1943.md, 7.4):

- Fatigue 1 takes a quarter off the combat value and Fatigue 2 half of it, what is left rounded
  up (3.5: a unit of 1 keeps 1).  Halvings for supply (9.3), artillery alone (1.2) and armour
  entering a town (7.4) keep the half rounded up too.
- Unit size (7.4): each side adds its units' sizes; the attacker's total less the defender's is
  a die modifier.  A full-strength division that is not armoured counts 2 (the rule lists only
  the reduced one).
- In a prepared attack the defender's artillery next to the attacked hex supports it (7.1).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from ...engine.errors import IllegalAction
from ...engine.state import GameState
from . import activation, supply
from .zoc import combat_value, ground

ARTILLERY_KINDS = frozenset({"artillery", "rocket"})
PDP_BONUS = 2  # 11.2
TWO_DICE = tuple((a, b) for a in range(1, 7) for b in range(1, 7))


@dataclass(frozen=True)
class Line:
    """One unit's part in a combat: its values and how they were reached."""

    unit: str
    role: str  # attacker, defender, support (an HQ, 1.4) or artillery (7.1)
    combat: int
    armor: int
    antitank: int
    note: str = ""


@dataclass(frozen=True)
class Preview:
    attack_type: str
    target: str
    attackers: tuple[Line, ...]
    defenders: tuple[Line, ...]
    attack: int
    defense: int
    base_column: str
    shifts: tuple[tuple[str, int], ...]  # (reason with its case, columns; + favours the attacker)
    column: str
    drms: tuple[tuple[str, int], ...]  # (reason with its case, die modifier)
    block: str  # the CRT table read (terrain class and attack type)
    results: tuple[tuple[str, Fraction], ...]  # CRT cell -> probability, most likely first

    @property
    def modifier(self) -> int:
        return sum(n for _, n in self.drms)

    def chance(self, cell: str) -> Fraction:
        return dict(self.results).get(cell, Fraction(0))


# ----------------------------------------------------------------------------- unit values


def _half_up(v: int) -> int:
    return math.ceil(v / 2)


def half_lost(state: GameState, unit_id: str) -> bool:
    """1.1, 7.4: the unit has lost half its steps or more."""
    steps = len(state.board.units[unit_id].combat)
    return steps > 1 and 2 * state.units[unit_id].step >= steps


def armor_now(state: GameState, unit_id: str) -> int:
    """1.1: the armour value at the unit's present step (its combat value, half for recon)."""
    v = state.board.units[unit_id].values
    if v.armor == 0:
        return 0
    c = combat_value(state, unit_id)
    return math.ceil(c / 2) if v.kind == "recon" else c


def antitank_now(state: GameState, unit_id: str) -> int:
    """1.1: the anti-tank value now; the flat 2 of motorised units, Kampfgruppen and Soviet
    divisions falls to 1 once half their steps are lost."""
    v = state.board.units[unit_id].values
    if v.antitank == 0:
        return 0
    c = combat_value(state, unit_id)
    if v.kind in ("armor", "hq"):
        return c
    if v.kind == "recon":
        return math.ceil(c / 2)
    return 1 if half_lost(state, unit_id) else v.antitank


def _fatigued(state: GameState, unit_id: str, value: int, notes: list) -> int:
    level = activation.fatigue(state, unit_id)
    if level == 1:
        notes.append("fatigue 1, a quarter off 3.5")
        return math.ceil(value * 3 / 4)
    if level >= 2:
        notes.append("fatigue 2, halved 3.5")
        return _half_up(value)
    return value


def _supplied(state: GameState, unit_id: str, value: int, multiplier, what: str, notes: list) -> int:
    """9.3: a combat value after the supply multiplier, the half kept rounded up."""
    if multiplier == 1:
        return value
    notes.append(f"{supply.status(state, unit_id).replace('_', ' ')}: {what} halved 9.3")
    return math.ceil(value * multiplier)


def _armor_after_supply(state: GameState, unit_id: str, a: int, notes: list) -> int:
    """9.2, 9.3: armour cut by the supply state or the distance from the supply head."""
    if not a:
        return a
    after = supply.armor_value(state, unit_id, a)
    if after != a:
        notes.append(f"armour {a} to {after} by supply 9.2-9.3")
    return after


def attacker_line(state: GameState, unit_id: str, target: str) -> Line:
    notes: list[str] = []
    c = _fatigued(state, unit_id, combat_value(state, unit_id), notes)
    c = _supplied(state, unit_id, c, supply.attack_multiplier(state, unit_id), "attacks", notes)
    a = _armor_after_supply(state, unit_id, armor_now(state, unit_id), notes)
    if a and state.board.shelter(target):
        a = _half_up(a)
        notes.append("armour halved attacking a town or village 7.4")
    return Line(unit_id, "attacker", c, a, antitank_now(state, unit_id), ", ".join(notes))


def defender_line(state: GameState, unit_id: str, alone: bool) -> Line:
    notes: list[str] = []
    v = state.board.units[unit_id].values
    c = _fatigued(state, unit_id, combat_value(state, unit_id), notes)
    a, t = armor_now(state, unit_id), antitank_now(state, unit_id)
    if alone and v.kind == "rocket":
        c = 1
        notes.append("rocket artillery alone defends with 1 1.2")
    elif alone and v.kind == "artillery":
        c, t = _half_up(c), 1
        notes.append("artillery alone: halved, anti-tank 1 1.2")
    c = _supplied(state, unit_id, c, supply.defence_multiplier(state, unit_id), "defends", notes)
    a = _armor_after_supply(state, unit_id, a, notes)
    if posture(state, unit_id) == "pdp":
        c, t = c + PDP_BONUS, t + PDP_BONUS
        notes.append("prepared position +2 combat and anti-tank 11.2")
    return Line(unit_id, "defender", c, a, t, ", ".join(notes))


def posture(state: GameState, unit_id: str) -> str:
    """11: ``normal``, ``pdm`` or ``pdp``."""
    return state.game.get("posture", {}).get(unit_id, "normal")


def hex_posture(state: GameState, hex_id: str) -> str:
    """11.1, Table of Postures: a hex is in the weakest position any unit in it holds."""
    order = ("normal", "pdm", "pdp")
    held = [posture(state, u) for u in state.units_at(hex_id)]
    return min(held, key=order.index) if held else "normal"


def size(state: GameState, unit_id: str) -> int:
    """7.4: armoured corps or division 3 (2 at half strength or less); a division otherwise 2
    (1 reduced); a Kampfgruppe, regiment or brigade 1 (0 reduced); artillery and the rest 0."""
    v = state.board.units[unit_id].values
    if v.kind in ARTILLERY_KINDS or v.kind in ("hq", "supply_head"):
        return 0
    reduced = half_lost(state, unit_id)
    if v.echelon == "corps" or (v.echelon == "division" and v.kind == "armor"):
        return 2 if reduced else 3
    if v.echelon == "division":
        return 1 if reduced else 2
    if v.echelon in ("kg", "regiment", "brigade"):
        return 0 if reduced else 1
    return 0


# ----------------------------------------------------------------------------- the combat


def block_for(state: GameState, target: str, attack_type: str) -> str:
    crt = state.board.data.crt
    terrain = state.board.map.terrain(target)
    cls = next((c for c, kinds in crt.terrain_classes.items() if terrain in kinds), None)
    if cls is None:
        raise IllegalAction("7.4", f"the CRT has no block for {terrain} terrain at {target}")
    return crt.blocks[cls][attack_type]


def governing_type(state: GameState, types) -> str:
    """7.1: of a mixed attack, the type that costs the fewest OP."""
    kinds = state.board.data.crt.attack_types
    return min(types, key=lambda t: kinds[t].op_cost)


def odds_column(attack: int, defense: int, columns: list[str]) -> tuple[str, bool]:
    """7.4: the ratio rounded to the nearest whole ratio (1.49:1 is 1:1, 1.5:1 is 2:1), within
    the CRT's columns; True when it was clamped to an end column."""
    if attack >= defense:
        n = math.floor(Fraction(attack, defense) + Fraction(1, 2))
        label = f"{n}:1"
    else:
        n = math.floor(Fraction(defense, attack) + Fraction(1, 2))
        label = "1:1" if n == 1 else f"1:{n}"
    if label in columns:
        return label, False
    return (columns[-1] if attack >= defense else columns[0]), True


def armor_shift(armor: int, antitank: int, most: int) -> tuple[int, int, str]:
    """7.4: columns and die modifier from the attacker's armour against the defender's
    anti-tank value.  Ratios are rounded in the defender's favour; 2:1 is one column, 3:1 two,
    and so on, at most ``most``; at 1:1 the larger side gets one; with no anti-tank against armour
    the attacker gets ``most`` columns and +1 to the die; with no armour, nothing."""
    if armor == 0:
        return 0, 0, ""
    if antitank == 0:
        return most, 1, f"armour {armor} against no anti-tank"
    if armor >= antitank:
        ratio = armor // antitank
        cols = 1 if ratio == 1 and armor > antitank else (0 if ratio == 1 else ratio - 1)
        return min(cols, most), 0, f"armour {armor} to anti-tank {antitank}"
    ratio = -(-antitank // armor)
    cols = ratio - 1
    return -min(cols, most), 0, f"armour {armor} to anti-tank {antitank}"


def _all_regiments(state: GameState, formation: str, attackers) -> bool:
    """7.4: every regiment of the division still in the game (two at least) is attacking."""
    regiments = [u for u, info in state.board.units.items()
                 if info.formation == formation and info.values.echelon == "regiment" and state.units[u].box != "eliminated"]
    return len(regiments) >= 2 and set(regiments) <= set(attackers)


def artillery_support(state: GameState, target: str, side: str) -> list[str]:
    """7.1: the defender's artillery next to a hex attacked by a prepared attack."""
    out = []
    for n in state.board.nbrs.get(target, ()):
        for uid in state.units_at(n):
            if state.units[uid].side == side and state.board.units[uid].values.kind in ARTILLERY_KINDS:
                out.append(uid)
    return sorted(out)


def preview(state: GameState, attackers, target: str, types=("normal",), air_points: dict | None = None,
            support: dict | None = None) -> Preview:
    """The odds of ``attackers`` (unit ids) attacking ``target`` with ``types`` (one type for all
    or one per attacker); ``air_points`` = {"attacker": n, "defender": m}; ``support`` = {"attacker":
    hq, "defender": hq} for HQ combat support (1.4).  No legality is checked here: the combat
    checks first (:func:`.combat.check_attack`)."""
    board = state.board
    crt = board.data.crt
    attackers = tuple(attackers)
    attack_type = governing_type(state, types)
    air_points = air_points or {}
    support = support or {}
    defenders = tuple(state.units_at(target))
    def_side = state.units[defenders[0]].side
    combatants = [u for u in defenders if board.units[u].values.kind != "supply_head"]
    alone = len(combatants) == 1
    a_lines = [attacker_line(state, u, target) for u in attackers]
    d_lines = [defender_line(state, u, alone) for u in combatants]
    extra_a: list[Line] = []
    extra_d: list[Line] = []
    if support.get("attacker"):
        hq = support["attacker"]
        extra_a.append(Line(hq, "support", combat_value(state, hq), 0, 0, "HQ combat support 1.4"))
    if support.get("defender"):
        hq = support["defender"]
        extra_d.append(Line(hq, "support", combat_value(state, hq), 0, 0, "HQ combat support 1.4"))
    if attack_type == "prepared":
        for uid in artillery_support(state, target, def_side):
            extra_d.append(Line(uid, "artillery", combat_value(state, uid), 0, 0, "artillery supporting a prepared defence 7.1"))
    attack = sum(x.combat for x in a_lines + extra_a)
    defense = max(1, sum(x.combat for x in d_lines + extra_d))
    base, _ = odds_column(attack, defense, crt.columns)
    shifts: list[tuple[str, int]] = []
    drms: list[tuple[str, int]] = []
    kind = crt.attack_types[attack_type]
    if kind.column_shift:
        shifts.append((f"{kind.name} 7.1", kind.column_shift))
    armor = sum(x.armor for x in a_lines)
    antitank = sum(x.antitank for x in d_lines)
    cols, drm, why = armor_shift(armor, antitank, crt.max_armor_shift)
    if cols:
        shifts.append((f"{why} 7.4", cols))
    if drm:
        drms.append((f"{why}: die +1 7.4", drm))
    net_air = air_points.get("attacker", 0) - air_points.get("defender", 0)
    if net_air:
        shifts.append((f"air points {air_points.get('attacker', 0)} to {air_points.get('defender', 0)} 13.1", net_air))
    drms.extend(_modifiers(state, attackers, combatants, target))
    i = crt.columns.index(base) + sum(n for _, n in shifts)
    column = crt.columns[max(0, min(len(crt.columns) - 1, i))]
    block = block_for(state, target, attack_type)
    modifier = sum(n for _, n in drms)
    table = state.scenario.tables[block]
    col = table.columns.index(column)
    counts: dict[str, int] = {}
    for a, b in TWO_DICE:
        row = max(crt.lowest_row, min(crt.highest_row, a + b + modifier))
        cell = str(table.rows[row][col])
        counts[cell] = counts.get(cell, 0) + 1
    results = tuple(sorted(((c, Fraction(n, 36)) for c, n in counts.items()), key=lambda x: (-x[1], x[0])))
    return Preview(attack_type, target, tuple(a_lines + extra_a), tuple(d_lines + extra_d), attack, defense, base,
                   tuple(shifts), column, tuple(drms), block, results)


def _modifiers(state: GameState, attackers, defenders, target: str) -> list[tuple[str, int]]:
    board = state.board
    info = board.units
    out: list[tuple[str, int]] = []
    a_armor = [u for u in attackers if info[u].values.kind == "armor"]
    d_armor = [u for u in defenders if info[u].values.kind == "armor"]
    if d_armor and any(info[u].values.heavy for u in a_armor):
        out.append(("heavy tanks attacking armour 7.4", 1))
    if a_armor and any(info[u].values.heavy for u in d_armor):
        out.append(("heavy tanks defending against armour 7.4", -1))
    if a_armor and info[a_armor[0]].side == "german" and defenders and len(d_armor) == len(defenders):
        out.append(("German armour against Soviet armour only 7.4", 1))
    if d_armor and info[d_armor[0]].side == "german" and len(a_armor) == len(attackers):
        out.append(("German armour defending against Soviet armour only 7.4", -1))
    sizes = sum(size(state, u) for u in attackers) - sum(size(state, u) for u in defenders)
    if sizes:
        out.append(("unit sizes 7.4", sizes))
    for formation in sorted({info[u].formation for u in attackers if info[u].formation}):
        bonus = board.data.formations[formation].whole_bonus if formation in board.data.formations else 0
        if bonus and _all_regiments(state, formation, attackers):
            out.append((f"all regiments of {formation} together 7.4", bonus))
    if board.shelter(target):
        eng = sum(1 for u in attackers if info[u].values.engineer) - sum(1 for u in defenders if info[u].values.engineer)
        if eng:
            out.append(("engineers in a town or village 7.4", eng))
    if all("bridge" in board.map.hexside_features(state.units[u].hex, target) for u in attackers):
        drm = board.data.movement_table[ground(state)].bridge_attack_drm
        if drm:
            out.append(("every attacker across a bridge 7.4", drm))
    fronts = {info[u].front for u in attackers if info[u].front}
    if len(fronts) > 1:
        out.append(("Soviet units of different fronts 7.4", -1))
    return out

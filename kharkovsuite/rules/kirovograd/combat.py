"""Combat resolution (14.0, 15.0, 19.3-19.4, 20.0, 23.0): strengths, odds, column shifts, the 2d6
roll, the Combat Options Matrix and the preview the combat panel and the computer read.

Everything here is a pure function of explicit inputs: the fighters (:class:`Fighter`, built by the
caller from its unit records), the cover of the hexes involved (:class:`Cover`, read from the map
by :func:`covers_from_map`), both sides' orders, the light and the dice.  Nothing reads a game state.

A combat goes: :func:`check_battle` (14.2E, 14.3D) -> :func:`preview` (15.6-15.8: strengths, odds,
every shift with its case, the probability of each result) -> :func:`resolve` (the roll, 15.10) ->
:func:`conversions` per side (15.9: the (loss, retreat) pairs the owner may choose) -> losses
(:mod:`.losses`) and retreats (:mod:`.retreat`) -> advance (:mod:`.advance`).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from ...engine.errors import IllegalAction
from .data import CombatResult, KiroData, Options, Part, mandatory_for, parse_options, parse_result

Side = Literal["german", "soviet"]
#: how a unit takes part: in the fight itself, by artillery fire (21), by HQ support (22), from the air (28.4)
Role = Literal["ground", "artillery", "hq", "air"]
#: 15.5A: the order in which attacks are resolved, by the attackers' orders.
RESOLUTION_ORDER = ("assault", "mobile", "pursuit", "defense", "retreat")
#: the strength a column needs, attack / defence, weakest column first (15.7A).
_RATIOS = {"1-3": Fraction(1, 3), "1-2": Fraction(1, 2), "1-1": Fraction(1), "3-2": Fraction(3, 2),
           "2-1": Fraction(2), "3-1": Fraction(3), "4-1": Fraction(4), "5-1": Fraction(5),
           "6-1": Fraction(6), "7-1": Fraction(7), "8-1": Fraction(8), "9-1": Fraction(9)}


@dataclass(frozen=True)
class Fighter:
    """One unit's part in one combat.

    ``strength`` is its current SP (16.0C); for artillery the caller gives the barrage strength
    when it fires and the defence strength when it supports a defence or defends itself (21.7B).
    ``adjacent`` says whether the unit stands next to the target (or, supporting a defence, next
    to the attackers' hex): artillery's inherent AT (21.9) and German armoured artillery's armour
    (21.11A) count only then.  ``observed`` is for artillery fire (21.5-21.6)."""

    id: str
    side: Side
    formation: str
    kind: str
    strength: Fraction | int
    hex: str = ""
    role: Role = "ground"
    armored: bool = False
    antitank: bool = False
    special_armor: bool = False  # 16.3
    defense_only: bool = False  # 14.2E: bracketed strength
    adjacent: bool = True
    observed: bool = True
    from_rear: bool = False  # 6.2.1F: a defender under assault orders attacked from its rear hexes


def fighter_of(unit_id: str, side: Side, formation: str, values, strength: Fraction | int, hex_id: str = "",
               role: Role = "ground", **kw) -> Fighter:
    """A :class:`Fighter` from a unit type's counter values (:class:`.units.CounterValues`):
    its kind, armour, anti-tank ability, special armour and bracketed strength (2.2.2, 16.3,
    19.1-19.2)."""
    return Fighter(unit_id, side, formation, values.kind, strength, hex_id, role, armored=values.armored,
                   antitank=values.antitank, special_armor=values.special_armor, defense_only=values.defense_only, **kw)


@dataclass(frozen=True)
class Cover:
    """What a hex offers in combat: its terrain (the Terrain Effects Chart's key), the river and
    balka areas it lies in (10.1B: a partial river or balka counts; 10.1C: a T-junction hex is in
    both balkas)."""

    terrain: str = "clear"
    rivers: frozenset[str] = frozenset()
    balkas: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Battle:
    """One attack (14.3): the attackers (under one order, 14.3D), the target hexes and their
    defenders, the supports on each side, the cover of every hex involved, the fortified hexsides
    the attackers cross (``(attacker hex, target hex)`` pairs), the light and fog."""

    attackers: tuple[Fighter, ...]
    defenders: tuple[Fighter, ...]
    targets: tuple[str, ...]
    attacker_orders: str
    defender_orders: str
    covers: Mapping[str, Cover] = field(default_factory=dict)
    fortified: frozenset[tuple[str, str]] = frozenset()
    light: Literal["day", "night"] = "day"
    fog: bool = False

    @property
    def attacker_side(self) -> str:
        return self.attackers[0].side if self.attackers else ""

    @property
    def ground_attackers(self) -> list[Fighter]:
        return [f for f in self.attackers if f.role == "ground"]

    @property
    def air_alone(self) -> bool:
        """28.4.2B: air units attacking without ground units or artillery."""
        return bool(self.attackers) and all(f.role == "air" for f in self.attackers)

    @property
    def independent(self) -> bool:
        """14.3B: artillery or air attacking without ground units."""
        return not self.ground_attackers


@dataclass(frozen=True)
class Shift:
    amount: int  # columns, right positive
    case: str
    why: str


@dataclass(frozen=True)
class Preview:
    """15.6-15.8 before the roll: the totals, the odds column, each shift with its case, the
    final column, the die-roll modifier and the chance of each result."""

    attack: Fraction
    defense: Fraction
    base: str  # the odds column before shifts ('<1-3' and '>9-1' beyond the edges)
    shifts: tuple[Shift, ...]
    column: str
    drm: int
    doubled: bool  # 15.10
    chances: dict[str, Fraction]  # result text -> probability

    def describe(self) -> list[str]:
        lines = [f"{_num(self.attack)} against {_num(self.defense)}: {self.base}"]
        lines += [f"{s.case}: {s.amount:+d} ({s.why})" for s in self.shifts]
        lines.append(f"final column {self.column}" + (f", {self.drm:+d} to the roll (15.8B)" if self.drm else ""))
        if self.doubled:
            lines.append("15.10: both sides have 20 SP or more, losses doubled")
        return lines


@dataclass(frozen=True)
class Resolution:
    preview: Preview
    roll: int  # the two dice as rolled
    result: CombatResult  # after 15.10's doubling


def _num(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):.2f}"


# ----------------------------------------------------------------------------- the CRT


class Crt:
    """The CRT table of a scenario, parsed once (15.7-15.8)."""

    def __init__(self, columns: Sequence[str], rows: Mapping[int, Sequence[object]]):
        self.columns = tuple(columns)
        self.cells = {(col, int(roll)): parse_result(cell) for roll, row in rows.items() for col, cell in zip(self.columns, row)}
        self.rolls = sorted({r for _, r in self.cells})

    @classmethod
    def from_scenario(cls, scenario) -> "Crt":
        data = KiroData.model_validate(scenario.system_data)
        t = scenario.tables[data.crt.table]
        return cls(t.columns, t.rows)

    def read(self, column: str, roll: int) -> CombatResult:
        """15.8B: a modified roll below the lowest row reads the lowest row."""
        roll = min(max(roll, self.rolls[0]), self.rolls[-1])
        return self.cells[(column, roll)]


def odds_index(attack: Fraction, defense: Fraction, columns: Sequence[str]) -> int:
    """15.7A: the ratio rounded down to a column of the CRT; -1 below the first column (15.8B),
    len(columns) above the last (15.8C).  Both are one column wide: shifts move from there."""
    if defense <= 0:
        return len(columns)
    ratio = Fraction(attack) / Fraction(defense)
    index = -1
    for i, col in enumerate(columns):
        if ratio >= _RATIOS[col]:
            index = i
    if index == len(columns) - 1 and ratio >= _RATIOS[columns[-1]] + 1:
        index = len(columns)
    return index


def _index_name(index: int, columns: Sequence[str]) -> str:
    if index < 0:
        return f"<{columns[0]}"
    if index >= len(columns):
        return f">{columns[-1]}"
    return columns[index]


# ----------------------------------------------------------------------------- strengths


def check_battle(b: Battle) -> None:
    """14.2E, 14.3D, 6.2: refuse an attack the rules forbid."""
    if not b.attackers:
        raise IllegalAction("14.3A", "an attack needs at least one attacking unit")
    if not b.targets:
        raise IllegalAction("14.3A", "an attack needs a target hex")
    for f in b.attackers:
        if f.defense_only and f.role == "ground":
            raise IllegalAction("14.2E", f"{f.id} has a bracketed strength and may not attack")
        if f.side != b.attacker_side:
            raise IllegalAction("14.3D", f"{f.id} is not on the attacking side")
    for f in b.defenders:
        if f.side == b.attacker_side:
            raise IllegalAction("14.3A", f"{f.id} cannot defend against its own side")


def attack_strength(b: Battle) -> Fraction:
    """15.6A: the sum, fractions kept; artillery halved at night and in fog (21.10, 23.3, once
    for both) and against unobserved targets unless supporting an assault (21.6A-B)."""
    total = Fraction(0)
    for f in b.attackers:
        s = Fraction(f.strength)
        if f.role == "artillery":
            if b.light == "night" or b.fog:
                s /= 2
            if not f.observed and b.attacker_orders != "assault":
                s /= 2
        total += s
    return total


def defense_strength(b: Battle) -> Fraction:
    """15.6B: the defence sum, with artillery support halved at night and in fog (21.10) and a
    unit under assault orders halved when attacked from its rear (6.2.1F)."""
    total = Fraction(0)
    for f in b.defenders:
        s = Fraction(f.strength)
        if f.role == "artillery" and (b.light == "night" or b.fog):
            s /= 2
        if f.role == "ground" and f.from_rear and b.defender_orders == "assault":
            s /= 2
        total += s
    return total


def sp_involved(fighters: Iterable[Fighter]) -> Fraction:
    return sum((Fraction(f.strength) for f in fighters), Fraction(0))


# ----------------------------------------------------------------------------- column shifts


def terrain_shifts(b: Battle, data: KiroData) -> list[Shift]:
    """10.1-10.3, 14.3C, 14.3H, 20.0B-C: the defender's terrain, the best of the target hexes."""
    best: list[Shift] | None = None
    for target in b.targets:
        shifts = _hex_terrain_shifts(b, target, data)
        if best is None or sum(s.amount for s in shifts) < sum(s.amount for s in best):
            best = shifts
    if best and len(b.targets) > 1:
        best = [Shift(s.amount, f"14.3H, {s.case}", s.why) for s in best]
    return best or []


def _hex_terrain_shifts(b: Battle, target: str, data: KiroData) -> list[Shift]:
    tc = data.terrain_chart
    cover = b.covers.get(target, Cover())
    ground = b.ground_attackers
    attacker_covers = [b.covers.get(f.hex, Cover()) for f in ground]
    out: list[Shift] = []
    entry = tc.terrain.get(cover.terrain)
    if cover.terrain == "hill":
        # 10.3B-C: not when every attacker stands on the hill; with no ground attacker (artillery
        # and air alone) all() holds and there is no shift either
        if not all(c.terrain == "hill" for c in attacker_covers):
            out.append(Shift(tc.hill_shift, "10.3B", f"defending a hill at {target}"))
    elif entry is not None and entry.shift:
        out.append(Shift(entry.shift, "15.7B", f"{cover.terrain} at {target} (Terrain Effects Chart)"))
    # 28.4.2B: no river shift against air alone
    if cover.rivers and tc.river_shift and not b.air_alone and not (ground and all(c.rivers & cover.rivers for c in attacker_covers)):
        out.append(Shift(tc.river_shift, "10.1B", f"river at {target}"))
    # 10.1C, 14.3C: none from the same balka, none against artillery and air alone (all() of nothing holds)
    if cover.balkas and tc.balka_shift and not all(c.balkas & cover.balkas for c in attacker_covers):
        out.append(Shift(tc.balka_shift, "10.1C", f"balka at {target}"))
    if (b.attacker_side == "soviet" and ground and tc.fortified_shift
            and all((f.hex, target) in b.fortified for f in ground)):
        out.append(Shift(tc.fortified_shift, "10.2B", f"every attack on {target} crosses a fortified hexside"))
    elif b.attacker_side == "soviet" and b.air_alone and tc.fortified_shift and any(t == target for _, t in b.fortified):
        out.append(Shift(tc.fortified_shift, "28.4.2B", f"{target} lies behind a fortified hexside"))
    return _engineers(b, out, tc.engineer_negates)


def _engineers(b: Battle, shifts: list[Shift], negates: Sequence[str]) -> list[Shift]:
    """20.0B-C: the engineer brigade cancels the city or the fortified shift, only one of them."""
    if not any(f.kind == "engineer" for f in b.ground_attackers):
        return shifts
    def negatable(s: Shift) -> bool:
        return ("city" in negates and s.case == "15.7B" and s.why.startswith("city")) or ("fortified" in negates and s.case == "10.2B")
    candidates = [s for s in shifts if negatable(s)]
    if not candidates:
        return shifts
    gone = min(candidates, key=lambda s: s.amount)  # the attacker cancels the larger
    return [s for s in shifts if s is not gone] + [Shift(0, "20.0B-C", f"engineers cancel {gone.amount:+d}: {gone.why}")]


def engineers_used(b: Battle, data: KiroData) -> bool:
    """20.0D: whether the engineers cancelled a terrain shift in this attack."""
    return any(s.case.endswith("20.0B-C") for s in terrain_shifts(b, data))


def order_shifts(b: Battle, data: KiroData) -> list[Shift]:
    """6.2.1B, 6.2.2C, 6.2.5A: the attackers' and the defenders' orders (Order Chart)."""
    out = []
    a = data.orders[b.attacker_orders]
    d = data.orders[b.defender_orders]
    if a.shift_attacking:
        out.append(Shift(a.shift_attacking, a.case, f"attacking under {b.attacker_orders} orders"))
    if d.shift_attacked:
        out.append(Shift(d.shift_attacked, d.case, f"attacked under {b.defender_orders} orders"))
    return out


def armour_strengths(fighters: Iterable[Fighter]) -> tuple[int, int]:
    """19.4A: (armoured SP, armoured-or-anti-tank SP) of one side.  Tank units count every SP as
    armour and anti-tank units every SP as anti-tank; any other unit with either ability counts one;
    artillery's anti-tank and armoured artillery's armour count only next to the target (21.9,
    21.11A); an armoured HQ's support is armour, another formation HQ's anti-tank (22.4, 19.2B)."""
    armour = 0
    both = 0
    for f in fighters:
        is_art = f.role == "artillery" or f.kind in ("artillery", "motorized_artillery", "armored_artillery", "rocket", "mortar")
        armored = f.armored and not (is_art and not f.adjacent)
        antitank = f.antitank and not (is_art and not f.adjacent)
        if not (armored or antitank):
            continue
        sp = int(f.strength) if f.kind in ("armor", "antitank") else 1
        if armored:
            armour += sp
        both += sp
    return armour, both


def armour_shift(b: Battle) -> Shift | None:
    """19.3-19.4: the side with armour shifts when the other has none, or when its armoured SP are
    at least double the other side's armoured and anti-tank SP (the 19.4 example gives the defender
    its left shift by the same measure)."""
    a_arm, a_all = armour_strengths(b.attackers)
    d_arm, d_all = armour_strengths(b.defenders)
    if a_arm and a_arm >= 2 * d_all:
        case = "19.3" if d_all == 0 else "19.4"
        return Shift(1, case, f"attacking armour {a_arm} SP against {d_all} armour/anti-tank")
    if d_arm and d_arm >= 2 * a_all:
        case = "19.3" if a_all == 0 else "19.4"
        return Shift(-1, case, f"defending armour {d_arm} SP against {a_all} armour/anti-tank")
    return None


def all_shifts(b: Battle, data: KiroData) -> list[Shift]:
    """15.7B: terrain, orders and armour."""
    out = terrain_shifts(b, data) + order_shifts(b, data)
    arm = armour_shift(b)
    if arm is not None:
        out.append(arm)
    return out


# ----------------------------------------------------------------------------- preview and roll


def two_dice_chances() -> dict[int, Fraction]:
    return {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}


def preview(b: Battle, data: KiroData, crt: Crt) -> Preview:
    """Everything about an attack that is known before the roll."""
    check_battle(b)
    att = attack_strength(b)
    dfn = defense_strength(b)
    base = odds_index(att, dfn, crt.columns)
    shifts = tuple(all_shifts(b, data))
    final = min(max(base + sum(s.amount for s in shifts), -1), len(crt.columns))
    drm = data.crt.below_lowest.get("drm", -1) if final < 0 else 0
    column = data.crt.below_lowest["column"] if final < 0 else (data.crt.above_highest if final >= len(crt.columns) else crt.columns[final])
    doubled = min(sp_involved(b.attackers), sp_involved(b.defenders)) >= data.crt.large_battle_sp
    chances: dict[str, Fraction] = {}
    for roll, p in two_dice_chances().items():
        text = _doubled(crt.read(str(column), roll + int(drm)), doubled).text
        chances[text] = chances.get(text, Fraction(0)) + p
    return Preview(att, dfn, _index_name(base, crt.columns), shifts, str(column), int(drm), doubled, chances)


def _doubled(r: CombatResult, doubled: bool) -> CombatResult:
    if not doubled:
        return r
    return CombatResult(Part(r.attacker.loss * 2, r.attacker.retreat), Part(r.defender.loss * 2, r.defender.retreat), r.underlined)


Dice = Callable[[], int] | random.Random


def roll_2d6(dice: Dice) -> int:
    """15.8A: two dice; ``dice`` is a ``random.Random`` or a function giving one die."""
    if isinstance(dice, random.Random):
        return dice.randint(1, 6) + dice.randint(1, 6)
    return dice() + dice()


def resolve(b: Battle, data: KiroData, crt: Crt, dice: Dice) -> Resolution:
    """15.8, 15.10: roll and read the result, losses doubled in a large battle."""
    p = preview(b, data, crt)
    roll = roll_2d6(dice)
    return Resolution(p, roll, _doubled(crt.read(p.column, roll + p.drm), p.doubled))


# ----------------------------------------------------------------------------- options (15.9)


def options_for(data: KiroData, attacker_orders: str, defender_orders: str) -> Options:
    """15.9C: the matrix cell, attacker's orders by defender's."""
    return parse_options(data.options_matrix[attacker_orders][defender_orders])


def conversions(part: Part, loss_code: str, retreat_code: str, side: str, underlined: bool) -> list[Part]:
    """15.9: every (loss, retreat) a side may take for its part of a result.  An underlined result
    is taken as printed (15.9A).  A prohibited loss becomes hexes retreated and a prohibited retreat
    becomes SP lost (15.9E); an optional one may be converted in any amount, one SP for one hex;
    a mandatory one is kept (15.9D, ``*`` mandatory only for the USSR)."""
    if underlined or (part.loss == 0 and part.retreat == 0):
        return [part]
    def amounts(code: str, n: int) -> range:
        if code == "P":
            return range(n, n + 1)
        if mandatory_for(code, side):
            return range(0, 1)
        return range(0, n + 1)
    if loss_code == "P" and retreat_code == "P":
        raise ValueError("15.9E: a side cannot have both losses and retreats prohibited")
    out = []
    for to_hexes in amounts(loss_code, part.loss):
        for to_losses in amounts(retreat_code, part.retreat):
            out.append(Part(part.loss - to_hexes + to_losses, part.retreat - to_losses + to_hexes))
    return sorted(set(out), key=lambda p: (p.loss, p.retreat))


def side_conversions(result: CombatResult, data: KiroData, attacker_orders: str, defender_orders: str,
                     attacker_side: str, defender_side: str) -> tuple[list[Part], list[Part]]:
    """15.9 for both sides: (the attacker's choices, the defender's choices)."""
    o = options_for(data, attacker_orders, defender_orders)
    return (conversions(result.attacker, o.attacker_losses, o.attacker_retreats, attacker_side, result.underlined),
            conversions(result.defender, o.defender_losses, o.defender_retreats, defender_side, result.underlined))


def check_choice(choice: Part, choices: Sequence[Part], who: str) -> None:
    if choice not in choices:
        allowed = ", ".join(f"{p.loss} SP/{p.retreat} hexes" for p in choices)
        raise IllegalAction("15.9", f"{who} may take {allowed}, not {choice.loss} SP/{choice.retreat} hexes")


# ----------------------------------------------------------------------------- order of resolution


def hex_orders(defenders: Iterable[tuple[str, str, int]], choice: str | None = None) -> str:
    """15.5B: a hex defends under the orders of the formation with the most SP there (artillery
    firing in its defence not counted).  ``defenders`` are (formation, orders, SP); on a tie the
    owner's ``choice`` among the tied orders, else the first listed."""
    sp: dict[tuple[str, str], int] = {}
    for formation, orders, strength in defenders:
        sp[(formation, orders)] = sp.get((formation, orders), 0) + strength
    if not sp:
        raise ValueError("15.5B: no defenders")
    top = max(sp.values())
    tied = [orders for (_, orders), s in sp.items() if s == top]
    if choice is not None:
        if choice not in tied:
            raise IllegalAction("15.5B", f"the hex defends under {' or '.join(sorted(set(tied)))} orders, not {choice}")
        return choice
    return tied[0]


def resolution_order(attacks: Sequence[tuple[str, str]]) -> list[str]:
    """15.5A, D: attack ids sorted by their attackers' orders; the attacker orders the rest
    (kept as declared).  ``attacks`` are (attack id, attackers' orders)."""
    rank = {o: i for i, o in enumerate(RESOLUTION_ORDER)}
    return [a for a, _ in sorted(attacks, key=lambda t: rank[t[1]])]


def check_next_attack(done_orders: Iterable[str], next_orders: str) -> None:
    """15.5A: an attack may not be resolved before a waiting one of an earlier order."""
    rank = {o: i for i, o in enumerate(RESOLUTION_ORDER)}
    for waiting in done_orders:
        if rank[waiting] < rank[next_orders]:
            raise IllegalAction("15.5A", f"attacks under {waiting} orders are resolved before those under {next_orders} orders")


# ----------------------------------------------------------------------------- reading the map


def covers_from_map(gmap, hexes: Iterable[str]) -> dict[str, Cover]:
    """The :class:`Cover` of each hex from a :class:`kharkovsuite.map.GameMap`: its terrain and
    the areas of kind river and balka it lies in."""
    areas = gmap.model.areas
    out = {}
    for h in hexes:
        ids = gmap.areas_of(h)
        out[h] = Cover(gmap.terrain(h),
                       frozenset(a for a in ids if areas[a].kind == "river"),
                       frozenset(a for a in ids if areas[a].kind == "balka"))
    return out


def from_rear(grid, defender_hex: str, attacker_hexes: Iterable[str], defender_side: str) -> bool:
    """6.2.1F: an attack comes from a unit's rear when made from one of its two hexes to the west
    (a German unit) or to the east (a Soviet unit); ``grid``: a :class:`kharkovsuite.hexgrid.HexGrid`."""
    rear = ("NW", "SW") if defender_side == "german" else ("NE", "SE")
    for a in attacker_hexes:
        d = grid.direction(defender_hex, a)
        if d is not None and grid.direction_name(d) in rear:
            return True
    return False


def fortified_from_map(gmap, pairs: Iterable[tuple[str, str]]) -> frozenset[tuple[str, str]]:
    """The (attacker hex, target hex) pairs whose hexside is fortified (10.2)."""
    return frozenset((a, t) for a, t in pairs if "fortified" in gmap.hexside_features(a, t))

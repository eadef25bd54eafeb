"""Combat (9.1-9.4, 9.8, 9.9): declaring an attack, strengths, odds and the die.

One attack is a small state machine kept in ``phase_data['combat']``: the attacker's and then
the defender's Air Point decision (13.12), resolution (untried units revealed, 12.0; odds;
the Soviet morale roll, 9.8; the CRT die), each part of the result defender first (9.58, see
:mod:`.results`), then the advance after combat (:mod:`.advance`).  Each step that needs a
player is a pending decision; when it is taken, :func:`proceed` carries on.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import floor

from ...engine.actions import Attack
from ...engine.errors import IllegalAction
from ...engine.events import AttackDeclared, CombatResolved, DiceRolled
from ...engine.legal import LegalActions
from ...engine.state import GameState
from . import advance, air, fredericus, hq, results, supply
from .units import attack as attack_value
from .units import defense as defense_value
from .units import is_armor, is_combat, reveal
from .zoc import other_side


def begin_phase(state: GameState) -> None:
    pd = state.phase_data
    pd["attacked"] = set()  # units that attacked (9.14)
    pd["defended"] = set()  # enemy units attacked (9.14)
    pd["hexes_attacked"] = set()  # garrison hexes attacked (15.3)
    pd["advanced"] = set()  # units that advanced after combat (9.73)
    pd["retreated_into"] = {}  # unit -> friendly-occupied hex it retreated into (9.65)
    pd["combat"] = None


# ----------------------------------------------------------------------------- who may attack what


def may_attack(state: GameState, unit_id: str) -> bool:
    """9.11, 9.14, 9.73, 7.32, 10.14, 9.15: a unit able to join an attack now."""
    rec = state.units[unit_id]
    pd = state.phase_data
    return (
        rec.hex is not None
        and rec.side == state.phase.side
        and is_combat(state, unit_id)
        and unit_id not in pd["attacked"]
        and unit_id not in pd["advanced"]
        and not ({"disrupted", "frozen"} & rec.flags)
        and hq.may_attack(state, unit_id)
    )


def attackable(state: GameState, hex_id: str, side: str) -> bool:
    """May ``side`` attack this hex (9.14: some enemy unit in it not yet attacked; 15.3: a garrison)?"""
    pd = state.phase_data
    enemy = [u for u in state.units_at(hex_id) if state.units[u].side != side]
    if enemy:
        return any(u not in pd["defended"] and u not in pd["advanced"] for u in enemy)
    return side == "soviet" and hex_id in state.game["garrisons"] and hex_id not in pd["hexes_attacked"]


def can_attack_across(state: GameState, from_hex: str, to_hex: str) -> bool:
    """Adjacent, and not across the Dnieper away from a road (6.3)."""
    b = state.board
    edge = b.edge_of.get((b.index[from_hex], b.index[to_hex]))
    return edge is not None and not edge.attack_blocked


def target_sets(state: GameState) -> list[tuple[tuple[str, ...], list[str]]]:
    """Every set of target hexes with the units able to attack all of them (9.23)."""
    side = state.phase.side
    by_hex: dict[str, list[str]] = {}
    for uid, rec in state.units.items():
        if rec.hex is not None and rec.side == side and may_attack(state, uid):
            by_hex.setdefault(rec.hex, []).append(uid)
    candidates: set[tuple[str, ...]] = set()
    targets_of: dict[str, list[str]] = {}
    for hex_id in by_hex:
        near = [n for n in state.board.nbr_ids[hex_id] if attackable(state, n, side) and can_attack_across(state, hex_id, n)]
        targets_of[hex_id] = near
        for k in range(1, len(near) + 1):
            candidates.update(tuple(sorted(c)) for c in combinations(near, k))
    out = []
    for targets in sorted(candidates, key=lambda t: (len(t), t)):
        attackers = sorted(u for h, units in by_hex.items() if set(targets) <= set(targets_of[h]) for u in units)
        if attackers:
            out.append((targets, attackers))
    return out


def legal_attacks(state: GameState, legal: LegalActions) -> None:
    """Every subset of the able units against every target set, built lazily (2^n - 1 each)."""
    for targets, attackers in target_sets(state):
        def make(i: int, targets=targets, attackers=attackers) -> Attack:
            mask = i + 1
            chosen = tuple(u for bit, u in enumerate(attackers) if mask >> bit & 1)
            return Attack(attackers=chosen, targets=targets)

        legal.add((1 << len(attackers)) - 1, make)


def check_attack(state: GameState, action: Attack) -> None:
    side = state.phase.side
    if not action.attackers or len(set(action.attackers)) != len(action.attackers):
        raise IllegalAction("9.11", "name each attacking unit once")
    if not action.targets or len(set(action.targets)) != len(action.targets):
        raise IllegalAction("9.23", "name each target hex once")
    for hex_id in action.targets:
        if hex_id not in state.board.index:
            raise IllegalAction("9.11", f"{hex_id} is not a hex of the map")
        if not attackable(state, hex_id, side):
            raise IllegalAction("9.14", f"{hex_id} holds no enemy unit that may still be attacked this phase")
    for uid in action.attackers:
        rec = state.units.get(uid)
        if rec is None or rec.side != side:
            raise IllegalAction("9.11", f"{uid} is not a unit of the attacker")
        if not is_combat(state, uid):
            raise IllegalAction("10.14", f"{uid} is an HQ and may not attack")
        if uid in state.phase_data["attacked"]:
            raise IllegalAction("9.14", f"{uid} has already attacked this phase")
        if uid in state.phase_data["advanced"]:
            raise IllegalAction("9.73", f"{uid} advanced after combat and may not attack this phase")
        if "disrupted" in rec.flags:
            raise IllegalAction("7.32", f"{uid} is disrupted and may not attack")
        if not hq.may_attack(state, uid):
            raise IllegalAction("9.15", hq.why_no_command(state, uid))  # 9.15/10.21
        if not may_attack(state, uid):
            raise IllegalAction("9.15", f"{uid} may not attack now")
        for hex_id in action.targets:
            if not can_attack_across(state, rec.hex, hex_id):
                if state.board.hex_distance(rec.hex, hex_id) == 1:
                    raise IllegalAction("6.3", f"{uid} may attack across the Dnieper only along a road")
                raise IllegalAction("9.23", f"{uid} is not adjacent to {hex_id}: every attacker must be adjacent to every target")


def defenders_of(state: GameState, targets, side: str) -> tuple[list[str], list[str]]:
    """The enemy units in the target hexes (9.21) and those of them that retreated there this phase (9.65)."""
    pd = state.phase_data
    defenders = [u for h in targets for u in state.units_at(h) if state.units[u].side != side]
    swept = [u for u in defenders if u in pd["retreated_into"] and pd["retreated_into"][u] == state.units[u].hex]
    return defenders, swept


def apply_attack(state: GameState, action: Attack, events: list) -> None:
    check_attack(state, action)
    side = state.phase.side
    pd = state.phase_data
    defenders, swept = defenders_of(state, action.targets, side)
    pd["attacked"].update(action.attackers)
    pd["defended"].update(defenders)
    pd["hexes_attacked"].update(action.targets)
    pd["combat"] = {
        "attackers": list(action.attackers),
        "targets": list(action.targets),
        "defenders": defenders,
        "swept": swept,
        "side": side,
        "enemy": other_side(side),
        "origins": {u: state.units[u].hex for u in list(action.attackers) + defenders},
        "air": {"attacker": False, "defender": False},
        "stage": "air_attacker",
        "parts": [],
        "retreats": {},
        "defender_part": False,
        "eng": False,
    }
    events.append(AttackDeclared(attackers=action.attackers, targets=action.targets, defenders=tuple(defenders), case="9.11"))
    fredericus.on_attacked(state, defenders, events)  # 6.52
    proceed(state, events)


# ----------------------------------------------------------------------------- the state machine


def proceed(state: GameState, events: list) -> None:
    """Carry the current attack on until it needs a player's decision or is over."""
    combat = state.phase_data["combat"]
    while combat is not None:
        stage = combat["stage"]
        if stage == "air_attacker":
            combat["stage"] = "air_defender"
            if air.offer(state, combat["side"], "attacker"):
                return
        elif stage == "air_defender":
            combat["stage"] = "resolve"
            if air.offer(state, combat["enemy"], "defender"):
                return
        elif stage == "resolve":
            resolve(state, combat, events)
            combat["stage"] = "results"
        elif stage == "results":
            if not combat["parts"]:
                combat["stage"] = "advance"
                continue
            part = combat["parts"].pop(0)
            if results.apply_part(state, combat, part, events):
                return
        elif stage == "advance":
            combat["stage"] = "done"
            if combat.get("overrun"):
                from .overrun import finish

                finish(state, combat, events)  # 7.23-7.25, 7.31: no advance after combat
                return
            if advance.offer(state, combat):
                return
        else:
            state.phase_data["combat"] = None
            return


# ----------------------------------------------------------------------------- strengths and odds


def crosses(state: GameState, from_hex: str, targets: list[str]):
    b = state.board
    return [b.edge_of[(b.index[from_hex], b.index[t])] for t in targets]


def integration_doubled(state: GameState, unit_ids: list[str], attacking: bool) -> set[str]:
    """14.1/14.2: German mechanized divisional integration doubles these units (:mod:`.divisional`)."""
    from .divisional import doubled

    return doubled(state, unit_ids, attacking)


def attack_strength(state: GameState, uid: str, targets: list[str], doubled: set[str], base: float | None = None) -> tuple[Fraction, str]:
    """9.35: doublings first, then the Major River halving (fractions kept, 9.32), then supply (11.43).

    ``base`` stands in for the printed Attack Strength (an untried unit's possible values, 12.0).
    """
    rec = state.units[uid]
    value = Fraction(attack_value(state, rec) if base is None else base).limit_denominator(1000)
    notes = [f"{value}"]
    if uid in doubled:
        value *= 2
        notes.append("x2 integration 14.1")
    if any(e.major for e in crosses(state, rec.hex, targets)):
        value /= 2
        notes.append("/2 across a Major River 9.32")
    if not supply.in_supply(state, uid):
        value = max(Fraction(1), Fraction(floor(value / 2)))
        notes.append("/2 out of supply 11.43")
    return value, " ".join(notes)


def defense_strength(state: GameState, uid: str, doubled: set[str], base: float | None = None) -> tuple[Fraction, str]:
    """9.31 forest and City double; 9.35 then supply halves (11.43); ``base`` as in :func:`attack_strength`."""
    rec = state.units[uid]
    value = Fraction(defense_value(state, rec) if base is None else base).limit_denominator(1000)
    notes = [f"{value}"]
    mult = state.board.defense_multiplier[state.board.index[rec.hex]]
    if mult != 1:
        value *= Fraction(mult).limit_denominator(100)
        notes.append(f"x{mult:g} terrain 9.31")
    if uid in doubled:
        value *= 2
        notes.append("x2 integration 14.2")
    if not supply.in_supply(state, uid):
        value = max(Fraction(1), Fraction(floor(value / 2)))
        notes.append("/2 out of supply 11.43")
    return value, " ".join(notes)


def parse_column(label: str) -> Fraction:
    a, b = label.split("-")
    return Fraction(int(a), int(b))


def base_column(columns: list[str], attack: Fraction, defense: Fraction) -> int:
    """9.0: the ratio rounded in the defender's favour; below the first column -> the first, above the last -> the last (9.83)."""
    ratio = attack / defense if defense else Fraction(10**6)
    best = 0
    for k, label in enumerate(columns):
        if parse_column(label) <= ratio:
            best = k
    return best


def shifted_column(columns: list[str], base: int, shift: int) -> int:
    """9.83, 13.14: shifts count from the clamped column and stay within 1-3 ... 10-1."""
    return min(len(columns) - 1, max(0, base + shift))


def fmt(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}"


def morale_shift(state: GameState, side: str, events: list) -> int:
    """9.81-9.85: each Soviet attack on the turns of the morale table rolls for a shift to the right."""
    shifts = morale_shifts(state, side)
    if shifts is None:
        return 0
    die = state.rng.randint(1, 6)
    events.append(DiceRolled(die=die, purpose="Soviet morale bonus", case="9.85"))
    return shifts[die]


def morale_shifts(state: GameState, side: str) -> dict[int, int] | None:
    """9.81-9.85: the shift for each morale die this turn, or None when no morale die is rolled."""
    table = state.scenario.tables.get("morale_bonus")
    if side != "soviet" or table is None:
        return None
    labels = ["".join(ch for ch in str(c) if ch.isdigit()) for c in table.columns]
    if str(state.turn) not in labels:
        return None  # 9.84
    out = {}
    for die in range(1, 7):
        value = table.rows[die][labels.index(str(state.turn))]
        try:
            out[die] = int(value)
        except (TypeError, ValueError):
            out[die] = 0  # "n": no shift
    return out


def die_modifier(state: GameState, attackers: list[str], targets: list[str]) -> int:
    """9.33: +1 when every attacker attacks across a river hexside and at least one across a minor river."""
    all_across, any_minor = True, False
    for uid in attackers:
        edges = crosses(state, state.units[uid].hex, targets)
        all_across = all_across and all(e.major or e.minor for e in edges)
        any_minor = any_minor or any(e.minor for e in edges)
    return 1 if all_across and any_minor else 0


def resolve(state: GameState, combat: dict, events: list) -> None:
    """Reveal, total the strengths, find the column, shift, roll, read the CRT (9.0-9.4)."""
    for uid in combat["attackers"] + combat["defenders"]:
        reveal(state, uid, events)  # 12.0: at the instant of combat, after air (13.11)
    attackers, targets = combat["attackers"], combat["targets"]
    counted = [u for u in combat["defenders"] if u not in combat["swept"]]
    a_doubled = integration_doubled(state, attackers, True)
    d_doubled = integration_doubled(state, counted, False)
    a_rows, total_a = [], Fraction(0)
    for uid in attackers:
        value, note = attack_strength(state, uid, targets, a_doubled)
        total_a += value
        a_rows.append((uid, fmt(value), note))
    if combat.get("overrun"):
        total_a = Fraction(floor(total_a / 2))  # 7.0: halved, fractions dropped
        a_rows.append(("overrun", fmt(total_a), "total halved 7.0"))
    d_rows, total_d = [], Fraction(0)
    combat_defenders = [u for u in counted if is_combat(state, u)]
    for uid in combat_defenders:
        value, note = defense_strength(state, uid, d_doubled)
        total_d += value
        d_rows.append((uid, fmt(value), note))
    extra_rows, extra, garrison = other_defense(state, combat, counted, targets)
    d_rows += extra_rows
    total_d += extra
    if total_d <= 0:
        total_d = Fraction(1)
    crt = state.scenario.tables["crt"]
    columns = list(crt.columns)
    base = base_column(columns, total_a, total_d)
    shifts = fixed_shifts(state, attackers, combat_defenders, combat["air"])
    morale = 0 if combat.get("overrun") else morale_shift(state, combat["side"], events)  # 7.21
    if morale:
        shifts.append(("Soviet morale 9.85", morale))
    column = shifted_column(columns, base, sum(n for _r, n in shifts))
    die = state.rng.randint(1, 6)
    mod = die_modifier(state, attackers, targets)
    events.append(DiceRolled(die=die, modified=die + mod, purpose="combat", case="9.4"))
    result = crt_result(crt, column, die + mod)
    combat["result"] = result
    combat["parts"] = parse_result(result)
    events.append(
        CombatResolved(
            attackers=tuple(a_rows),
            defenders=tuple(d_rows),
            garrison=garrison,
            attack=fmt(total_a),
            defense=fmt(total_d),
            base_column=columns[base],
            shifts=tuple(shifts),
            column=columns[column],
            die=die,
            modifier=mod,
            result=result,
            case="9.4",
        )
    )


def other_defense(state: GameState, combat: dict, counted: list[str], targets: list[str]) -> tuple[list, int, int]:
    """Rows and strength besides the combat units': units retreated here count 0 (9.65), HQs alone 1 (10.14), garrisons (15.32, 15.33)."""
    rows, total = [], 0
    for uid in combat["swept"]:
        rows.append((uid, "0", "retreated here this phase 9.65"))
    hq_hexes = {state.units[u].hex for u in counted if not is_combat(state, u)}
    for hex_id in sorted(hq_hexes):
        if not any(is_combat(state, u) for u in state.units_at(hex_id) if state.units[u].side == combat["enemy"]):
            total += 1  # 10.14: HQs alone defend with one
            rows.append(("HQ " + hex_id, "1", "HQ alone 10.14"))
    garrison = sum(state.game["garrisons"].get(h, 0) for h in targets) if combat["enemy"] == "axis" else 0
    total += garrison  # 15.32, 15.33: added, not doubled
    return rows, total, garrison


def fixed_shifts(state: GameState, attackers: list[str], combat_defenders: list[str], air_used: dict) -> list[tuple[str, int]]:
    """The column shifts known before the dice: armor superiority (9.9) and Air Points (13.14)."""
    shifts: list[tuple[str, int]] = []
    a_armor = any(is_armor(state, u) for u in attackers)
    d_armor = any(is_armor(state, u) for u in combat_defenders)
    if a_armor != d_armor:
        shifts.append(("armor superiority 9.9", 1 if a_armor else -1))
    if air_used["attacker"]:
        shifts.append(("attacker Air Point 13.14", 1))
    if air_used["defender"]:
        shifts.append(("defender Air Point 13.14", -1))
    return shifts


def crt_result(crt, column: int, modified_die: int) -> str:
    """The CRT entry of a column for a (modified) die; a die above the table reads its last row (9.33)."""
    return str(crt.rows[min(modified_die, max(crt.rows))][column])


def parse_result(text: str) -> list[list]:
    """'D1/A1' -> [['D', 1], ['A', 1]] (defender first, 9.58); 'Eng' -> both lose a step (9.59)."""
    if text.strip().lower() == "eng":
        return [["D", "eng"], ["A", "eng"]]
    parts = []
    for piece in text.split("/"):
        piece = piece.strip()
        role, amount = piece[0].upper(), piece[1:].lower()
        parts.append([role, "e" if amount == "e" else int(amount)])
    parts.sort(key=lambda p: p[0] != "D")
    return parts

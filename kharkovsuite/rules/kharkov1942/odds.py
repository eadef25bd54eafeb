"""The odds of a proposed attack before any die is rolled (9.0-9.4, 9.8, 9.9, 12.0, 13.1).

:func:`attack_odds` answers "what if these units attack those hexes, with the Air Points
committed so far": each unit's strength with its modifiers and their cases, the totals, the
raw ratio, the base column, each shift with its case, the final column and the chance of each
Combat Results Table entry.  It uses the same functions as the resolution in :mod:`.combat`,
so the figures are the ones the combat will use.

Nothing hidden is read.  An untried unit's strength is not known to anybody until it is
revealed at the instant of combat (12.0), so its strength is the distribution over the
remaining counters of its pool, which both players can count (the counter mix minus the
counters already revealed).  The random generator is never touched: the Soviet morale die
(9.85) and the combat die enter as their six equally likely faces.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import floor

from ...engine.actions import Attack
from ...engine.errors import IllegalAction
from ...engine.state import GameState
from . import combat
from .units import is_combat, is_untried

SIX = Fraction(1, 6)


@dataclass(frozen=True)
class UnitOdds:
    """One line of the strength table: a unit's strength (a range if untried) and how it was reached."""

    unit: str
    role: str  # "attacker" or "defender"
    strength: str  # "9", "4.5" or "1-6" for an untried unit
    note: str  # the modifiers with their cases, e.g. "9 x2 terrain 9.31"
    chances: tuple[tuple[str, Fraction], ...] = ()  # an untried unit: (strength, probability)


@dataclass(frozen=True)
class Odds:
    attackers: tuple[UnitOdds, ...]
    defenders: tuple[UnitOdds, ...]  # combat units, then units counted 0, HQs alone, the garrison
    garrison: int
    attack: str  # total, or "min-max" while untried units are involved
    defense: str
    ratio: str  # raw ratio attack : defense, or its range
    base_columns: tuple[tuple[str, Fraction], ...]  # base column -> probability (one entry when all is known)
    shifts: tuple[tuple[str, int], ...]  # armor superiority and Air Points, with their cases
    morale: tuple[tuple[int, Fraction], ...]  # Soviet morale shift -> probability (9.85); () when none is rolled
    columns: tuple[tuple[str, Fraction], ...]  # final column -> probability
    modifier: int  # die modifier (9.33)
    results: tuple[tuple[str, Fraction], ...]  # CRT entry -> probability, most likely first
    untried: tuple[str, ...]  # units whose strength is still unknown (12.0)

    @property
    def base_column(self) -> str:
        return _span([c for c, _ in self.base_columns])

    @property
    def column(self) -> str:
        return _span([c for c, _ in self.columns])

    def chance(self, result: str) -> Fraction:
        return dict(self.results).get(result, Fraction(0))


def attack_odds(state: GameState, attackers, targets, air: dict | None = None) -> Odds:
    """The odds of ``attackers`` against ``targets`` now.

    ``air`` says which roles have committed an Air Point (``{"attacker": bool, "defender": bool}``).
    A proposed attack is checked first and refused with its rule case (IllegalAction) like the
    attack itself; the attack being resolved (:func:`current_odds`) is not checked again.
    """
    side = state.phase.side
    current = state.phase_data.get("combat")
    if current and list(current["attackers"]) == list(attackers) and list(current["targets"]) == list(targets):
        return _odds(state, current, air or current["air"])
    combat.check_attack(state, Attack(attackers=tuple(attackers), targets=tuple(targets)))
    defenders, swept = combat.defenders_of(state, targets, side)
    proposed = {
        "attackers": list(attackers),
        "targets": list(targets),
        "defenders": defenders,
        "swept": swept,
        "side": side,
        "enemy": combat.other_side(side),
    }
    return _odds(state, proposed, air or {"attacker": False, "defender": False})


def current_odds(state: GameState) -> Odds | None:
    """The odds of the attack declared and not yet resolved (during the Air Point decisions), else None."""
    current = state.phase_data.get("combat")
    if not current or current.get("stage") not in ("air_attacker", "air_defender", "resolve"):
        return None
    return _odds(state, current, current["air"])


def overrun_odds(state: GameState, action) -> Odds:
    """The odds of an overrun before it is made (7.0, 7.21): checked like the overrun itself, then
    figured with the stack in the hex it attacks from, its total halved, no Air Points, no morale die."""
    from .overrun import check_overrun

    check_overrun(state, action)
    side = state.phase.side
    there = state.clone()
    if len(action.path) > 1:
        for uid in action.units:
            there.place(uid, action.path[-1])
    defenders = [u for u in there.units_at(action.target) if there.units[u].side != side]
    fight = {"attackers": list(action.units), "targets": [action.target], "defenders": defenders, "swept": [],
             "side": side, "enemy": combat.other_side(side), "overrun": True}
    return _odds(there, fight, {"attacker": False, "defender": False})


def _odds(state: GameState, fight: dict, air: dict) -> Odds:
    overrun = bool(fight.get("overrun"))  # 7.0: attack total halved, fractions dropped; 7.21: no morale die
    if overrun:  # 13.15: no Air Points in an overrun, whatever is asked
        air = {"attacker": False, "defender": False}
    attackers, targets = list(fight["attackers"]), list(fight["targets"])
    counted = [u for u in fight["defenders"] if u not in fight["swept"]]
    combat_defenders = [u for u in counted if is_combat(state, u)]
    a_doubled = combat.integration_doubled(state, attackers, True)
    d_doubled = combat.integration_doubled(state, counted, False)

    def strength(uid: str, attacking: bool, base=None):
        if attacking:
            return combat.attack_strength(state, uid, targets, a_doubled, base)
        return combat.defense_strength(state, uid, d_doubled, base)

    rows = {True: [], False: []}
    known = {True: Fraction(0), False: Fraction(0)}
    hidden: list[tuple[str, bool]] = []
    for uid, attacking in [(u, True) for u in attackers] + [(u, False) for u in combat_defenders]:
        if is_untried(state, state.units[uid]):
            hidden.append((uid, attacking))
            continue
        value, note = strength(uid, attacking)
        known[attacking] += value
        rows[attacking].append(UnitOdds(uid, "attacker" if attacking else "defender", combat.fmt(value), note))

    sums, per_unit = _untried_sums(state, hidden, strength)
    for uid, attacking in hidden:
        chances = per_unit[uid]
        values = [v for v, _ in chances]
        pool = state.board.unit_type[uid].untried_pool
        note = f"untried: {combat.fmt(min(values))} to {combat.fmt(max(values))} from the {pool} counters left (12.0)"
        rows[attacking].append(UnitOdds(uid, "attacker" if attacking else "defender", _span([combat.fmt(v) for v in sorted(values)]), note,
                                        tuple((combat.fmt(v), p) for v, p in chances)))

    extra_rows, extra, garrison = combat.other_defense(state, fight, counted, targets)
    d_rows = rows[False] + [UnitOdds(u, "defender", s, n) for u, s, n in extra_rows]
    if garrison:
        d_rows.append(UnitOdds("garrison", "defender", str(garrison), "garrison added, not doubled 15.33"))

    crt = state.scenario.tables["crt"]
    columns = list(crt.columns)
    shifts = combat.fixed_shifts(state, attackers, combat_defenders, air)
    fixed = sum(n for _r, n in shifts)
    morale = None if overrun else combat.morale_shifts(state, fight["side"])
    morale_chances: dict[int, Fraction] = {}
    for die in range(1, 7):
        shift = morale[die] if morale else 0
        morale_chances[shift] = morale_chances.get(shift, Fraction(0)) + SIX
    modifier = combat.die_modifier(state, attackers, targets)

    totals_a, totals_d, ratios = set(), set(), set()
    base_p: dict[int, Fraction] = {}
    column_p: dict[int, Fraction] = {}
    result_p: dict[str, Fraction] = {}
    for (sum_a, sum_d), p in sums.items():
        total_a = known[True] + sum_a
        if overrun:
            total_a = Fraction(floor(total_a / 2))
        total_d = known[False] + sum_d + extra
        if total_d <= 0:
            total_d = Fraction(1)
        totals_a.add(total_a)
        totals_d.add(total_d)
        ratios.add(total_a / total_d)
        base = combat.base_column(columns, total_a, total_d)
        base_p[base] = base_p.get(base, Fraction(0)) + p
        for shift, q in morale_chances.items():
            col = combat.shifted_column(columns, base, fixed + shift)
            column_p[col] = column_p.get(col, Fraction(0)) + p * q
            for die in range(1, 7):
                result = combat.crt_result(crt, col, die + modifier)
                result_p[result] = result_p.get(result, Fraction(0)) + p * q * SIX
    return Odds(
        attackers=tuple(rows[True]),
        defenders=tuple(d_rows),
        garrison=garrison,
        attack=_span([combat.fmt(v) for v in sorted(totals_a)]),
        defense=_span([combat.fmt(v) for v in sorted(totals_d)]),
        ratio=_span([f"{float(r):.2f}" for r in sorted(ratios)]) + " : 1",
        base_columns=tuple((columns[c], p) for c, p in sorted(base_p.items())),
        shifts=tuple(shifts),
        morale=tuple(sorted(morale_chances.items())) if morale else (),
        columns=tuple((columns[c], p) for c, p in sorted(column_p.items())),
        modifier=modifier,
        results=tuple(sorted(result_p.items(), key=lambda kv: (-kv[1], kv[0]))),
        untried=tuple(u for u, _ in hidden),
    )


def _untried_sums(state: GameState, hidden, strength):
    """The joint distribution of the untried units' strengths, drawn without replacement (12.0).

    Returns ``{(attack sum, defense sum): probability}`` and, per unit, its own distribution.
    Each unit's counter comes from the remaining counters of its pool (``game['pools']``, the
    public counter mix less the counters revealed); with none left every kind is equally
    likely, as in :func:`.units.reveal`.
    """
    pools = {pid: tuple(counts) for pid, counts in state.game.get("pools", {}).items()}
    dist: dict[tuple, Fraction] = {(tuple(sorted(pools.items())), Fraction(0), Fraction(0)): Fraction(1)}
    per_unit: dict[str, dict[Fraction, Fraction]] = {}
    for uid, attacking in hidden:
        pool_id = state.board.unit_type[uid].untried_pool
        counters = state.scenario.untried_pools[pool_id].counters
        cache: dict[int, Fraction] = {}

        def value(index: int) -> Fraction:
            if index not in cache:
                c = counters[index]
                cache[index] = strength(uid, attacking, c.attack if attacking else c.defense)[0]
            return cache[index]

        mine: dict[Fraction, Fraction] = {}
        nxt: dict[tuple, Fraction] = {}
        for (key, sum_a, sum_d), p in dist.items():
            left = dict(key)
            counts = left[pool_id]
            total = sum(counts)
            draws = [(i, Fraction(n, total)) for i, n in enumerate(counts) if n] if total else [(i, Fraction(1, len(counters))) for i in range(len(counters))]
            for index, q in draws:
                v = value(index)
                after = dict(left)
                if total:
                    after[pool_id] = counts[:index] + (counts[index] - 1,) + counts[index + 1:]
                k = (tuple(sorted(after.items())), sum_a + (v if attacking else 0), sum_d + (0 if attacking else v))
                nxt[k] = nxt.get(k, Fraction(0)) + p * q
                mine[v] = mine.get(v, Fraction(0)) + p * q
        dist = nxt
        per_unit[uid] = sorted(mine.items())
    sums: dict[tuple[Fraction, Fraction], Fraction] = {}
    for (_key, sum_a, sum_d), p in dist.items():
        sums[(sum_a, sum_d)] = sums.get((sum_a, sum_d), Fraction(0)) + p
    return sums, per_unit


def _span(labels: list[str]) -> str:
    """"3-1" for one value, "2-1 to 4-1" for several (first and last as given)."""
    if not labels:
        return ""
    return labels[0] if labels[0] == labels[-1] else f"{labels[0]} to {labels[-1]}"


def attack_preview(state: GameState, side: str, attackers, targets, air: dict | None = None) -> dict:
    """The odds query every rule system exposes to its computer players (the shape of
    ``kharkovsuite.ai.core.preview.AttackPreview``): :func:`attack_odds` as plain data, with the
    steps (or retreat hexes) each Combat Results Table entry costs each side (9.5; ``inf``: the
    whole side is eliminated, 9.55; Eng: a step each, 9.59).  ``side`` attacks; only the phasing
    side may (9.11)."""
    if side != state.phase.side:
        raise IllegalAction("9.11", f"{side} may attack only in its own Combat Phase")
    odds = attack_odds(state, attackers, targets, air)
    losses: dict[str, tuple[float, float]] = {}
    for text, _ in odds.results:
        lost = {"A": 0.0, "D": 0.0}
        for role, amount in combat.parse_result(text):
            lost[role] += float("inf") if amount == "e" else 1.0 if amount == "eng" else float(amount)
        losses[text] = (lost["A"], lost["D"])
    return {
        "column": odds.column,
        "shifts": [(shift, case) for case, shift in odds.shifts],
        "outcomes": {text: float(p) for text, p in odds.results},
        "losses": losses,
    }

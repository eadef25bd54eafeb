"""One combat from the roll to the retreats owed (15.8-15.10, 16, 20.0D-E): the seam part 1's
combat round calls.  It rolls, lets each side pick its (loss, retreat) pair from the Combat Options
Matrix (the owner's pending decision; a function here), spreads the SP lost over the units within
16.1-16.3, and says how many hexes each side still owes.  The retreats themselves
(:mod:`.retreat`) and the advance (:mod:`.advance`) follow on the board.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...engine.events import CombatResolved
from .combat import Battle, Crt, Dice, Resolution, check_choice, engineers_used, resolve, side_conversions
from .data import KiroData, Part
from .losses import Casualty, LossPlan, allocate, armour_on_both_sides, first_losses, special_armour_extra

Chooser = Callable[[list[Part]], Part]


def fewest_losses(choices: list[Part]) -> Part:
    """A default chooser: keep SP, give ground."""
    return min(choices, key=lambda p: (p.loss, p.retreat))


@dataclass(frozen=True)
class SideOutcome:
    choices: tuple[Part, ...]  # 15.9: what the side could take
    choice: Part  # what it took
    plan: LossPlan  # 16: who lost what
    retreat: int  # hexes owed: the choice's and the losses over the 50% limit (16.1C)
    both_armour: bool = False  # 16.2: odd losses from armour or anti-tank units
    first: tuple[str, ...] = ()  # 20.0D-E: the units that take the first losses
    extra_armour: int = 0  # 16.3: the special armour's extra losses owed


@dataclass(frozen=True)
class Outcome:
    resolution: Resolution
    attacker: SideOutcome
    defender: SideOutcome

    def event(self, b: Battle) -> CombatResolved:
        return resolution_event(self.resolution, b)


def resolution_event(r: Resolution, b: Battle) -> CombatResolved:
    """The log's record of the combat, every shift with its case (logged at the roll, before
    the sides pick their options)."""
    p = r.preview

    def listed(fs):
        return tuple((f.id, str(f.strength), f.role) for f in fs)
    return CombatResolved(
        case="15.8", attackers=listed(b.attackers), defenders=listed(b.defenders), garrison=0,
        attack=str(p.attack), defense=str(p.defense), base_column=p.base,
        shifts=tuple((f"{s.case} {s.why}", s.amount) for s in p.shifts), column=p.column,
        die=r.roll, modifier=p.drm, result=r.result.text)


def settle(b: Battle, data: KiroData, crt: Crt, dice: Dice, *, attacker_units: Sequence[Casualty],
           defender_units: Sequence[Casualty], attacker_choice: Chooser = fewest_losses,
           defender_choice: Chooser = fewest_losses, attacker_prefer: Sequence[str] | None = None,
           defender_prefer: Sequence[str] | None = None) -> Outcome:
    """Roll and settle one combat's losses; ``*_units`` are the units that can take losses
    (:func:`.losses.casualties`)."""
    r = resolve(b, data, crt, dice)
    defender_side = b.defenders[0].side if b.defenders else ("german" if b.attacker_side == "soviet" else "soviet")
    a_choices, d_choices = side_conversions(r.result, data, b.attacker_orders, b.defender_orders, b.attacker_side, defender_side)
    both = armour_on_both_sides(b)
    soviet_loss = r.result.attacker.loss if b.attacker_side == "soviet" else r.result.defender.loss
    extra = special_armour_extra(b, soviet_loss)

    def side(choices, chooser, units, prefer, first, is_soviet, who) -> SideOutcome:
        choice = chooser(list(choices))
        check_choice(choice, choices, who)
        plan = allocate(units, choice.loss, both_armour=both, first=first,
                        extra_armour=extra if is_soviet else 0, prefer=prefer)
        return SideOutcome(tuple(choices), choice, plan, choice.retreat + plan.excess, both, tuple(first),
                           extra if is_soviet else 0)

    attacker = side(a_choices, attacker_choice, attacker_units, attacker_prefer,
                    first_losses(b.attackers, engineers_used(b, data)), b.attacker_side == "soviet", "the attacker")
    defender = side(d_choices, defender_choice, defender_units, defender_prefer, (), defender_side == "soviet", "the defender")
    return Outcome(r, attacker, defender)

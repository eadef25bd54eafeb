"""Strength points and combat losses (16.0-16.3, 20.0D-E, 21.7, 22.3): who takes each SP of a
side's losses in one combat round.

The owner chooses which unit takes each loss within the limits: the 50% limit per unit and round
(16.1), odd-numbered losses from armour or anti-tank units when both sides have them (16.2), the
engineers' and tanks' first losses (20.0D-E), and the special armour's extra Soviet losses (16.3).
:func:`allocate` plays a preference order through those limits; :func:`check_order` refuses an
order the owner gives that breaks one, naming the case.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ...engine.errors import IllegalAction
from .combat import Battle, Fighter


@dataclass(frozen=True)
class Casualty:
    """A unit that can take losses in this combat.  ``strength``: its SP at the start of the round
    (for artillery, its defence strength, 21.7C); ``to_eliminate``: the SP losses that remove it
    (16.0E-F: its remaining SP; artillery: its defence strength less the losses it already has,
    at least two in all)."""

    id: str
    strength: int
    to_eliminate: int
    armored: bool = False
    antitank: bool = False
    artillery: bool = False

    @classmethod
    def unit(cls, id: str, strength: int, *, armored: bool = False, antitank: bool = False) -> "Casualty":
        return cls(id, strength, strength, armored, antitank)

    @classmethod
    def artillery_unit(cls, id: str, defense: int, lost: int = 0, *, armored: bool = False, antitank: bool = True) -> "Casualty":
        """16.0F, 21.7B-C: losses come off the barrage strength; the unit goes when they equal its
        defence strength, but never before two."""
        return cls(id, defense, max(defense, 2) - lost, armored, antitank, True)

    @property
    def round_limit(self) -> int:
        """16.1A, E: at most half of a unit of more than one SP in one round; a 1-SP unit goes on
        any loss, except artillery (which needs two, 16.0F)."""
        if self.strength <= 1:
            return 1
        return min(self.strength // 2, self.to_eliminate)


@dataclass(frozen=True)
class LossPlan:
    order: tuple[str, ...]  # the unit taking each SP lost, first to last
    extra: tuple[str, ...] = ()  # 16.3: the special armour's extra losses
    excess: int = 0  # losses no unit could take (16.1B): taken as hexes retreated where possible (16.1C)
    taken: dict[str, int] = field(default_factory=dict)
    eliminated: tuple[str, ...] = ()


def armour_on_both_sides(b: Battle) -> bool:
    """16.2: both sides have armoured or anti-tank units in the combat (HQ support makes a stack
    anti-tank, 19.2B)."""
    def has(fs: Iterable[Fighter]) -> bool:
        return any(f.armored or f.antitank or f.role == "hq" for f in fs)
    return has(b.attackers) and has(b.defenders)


def casualties(fighters: Sequence[Fighter], fight_hexes: Iterable[str], hq_support: bool = False) -> list[Casualty]:
    """The units of one side that can take losses (16.0, 21.7A, 22.3): the units in the fight,
    artillery only when it stands in a hex of the fight, a supporting HQ wherever it is.  Units
    receiving HQ support count as anti-tank (19.2B).  Artillery's ``strength`` here is taken as its
    defence strength and ``to_eliminate`` as that strength (the caller subtracts earlier losses
    with :meth:`Casualty.artillery_unit` when it has them)."""
    hexes = set(fight_hexes)
    out = []
    for f in fighters:
        sp = int(f.strength)
        if f.role == "artillery":
            if f.hex in hexes:
                out.append(Casualty.artillery_unit(f.id, sp, armored=f.armored, antitank=f.antitank))
        elif f.role == "hq":
            out.append(Casualty.unit(f.id, sp, armored=f.armored, antitank=True))
        elif f.role == "ground":
            out.append(Casualty.unit(f.id, sp, armored=f.armored, antitank=f.antitank or hq_support))
    return out


def first_losses(attackers: Sequence[Fighter], engineers_used: bool) -> list[str]:
    """20.0D-E: when the engineers cancelled a terrain shift the first attacker loss is theirs,
    unless tanks attacked too: then a tank takes the first and the engineers the second."""
    if not engineers_used:
        return []
    engineers = [f.id for f in attackers if f.kind == "engineer"]
    tanks = [f.id for f in attackers if f.kind == "armor" and f.role == "ground"]
    return ([tanks[0]] if tanks else []) + engineers[:1]


def special_armour_extra(b: Battle, soviet_part_loss: int) -> int:
    """16.3B-C, 23.5: by day without fog, German special armour fighting Soviet armour adds one
    Soviet armour loss per special SP, three at most, whenever the result gives the USSR a loss
    (even one it converts to hexes)."""
    if b.light != "day" or b.fog or soviet_part_loss <= 0:
        return 0
    german = b.attackers if b.attacker_side == "german" else b.defenders
    soviet = b.defenders if b.attacker_side == "german" else b.attackers
    if not any(f.armored for f in soviet):
        return 0
    return min(3, sum(int(f.strength) for f in german if f.special_armor))


#: case -> why it narrows the units that may take a loss
WHY = {"20.0D-E": "the engineers (or, with them, a tank) take this loss",
       "16.2": "odd losses come from armoured or anti-tank units when both sides have them",
       "16.3B": "the special armour's extra losses come from armoured units",
       "16.1": "no unit loses more than half its SP in one round"}


def _eligible(step: int, units: Sequence[Casualty], taken: dict[str, int], both: bool, first: Sequence[str]) -> tuple[list[Casualty], str]:
    """The units that may take the ``step``-th loss (1-based) and the case that narrows them."""
    open_ = [u for u in units if taken.get(u.id, 0) < u.round_limit]
    if step <= len(first):
        forced = [u for u in open_ if u.id == first[step - 1]]
        if forced:
            return forced, "20.0D-E"
    if both and step % 2 == 1:
        armour = [u for u in open_ if u.armored or u.antitank]
        if armour:
            return armour, "16.2"
    return open_, "16.1"


def next_loss(units: Sequence[Casualty], order: Sequence[str], extra: Sequence[str], losses: int, *, both_armour: bool = False,
              first: Sequence[str] = (), extra_armour: int = 0) -> tuple[list[Casualty], str] | None:
    """The units that may take the next SP of a side's losses, with the case that narrows them,
    once ``order`` (the result's losses so far) and ``extra`` (16.3's so far) are taken; None
    when nothing more can be taken.  The result's losses come first; once no unit can take one
    (16.1B) the rest are excess and 16.3's extra armour losses follow."""
    taken: dict[str, int] = {}
    for u in (*order, *extra):
        taken[u] = taken.get(u, 0) + 1
    if len(order) < losses and not extra:
        pool, case = _eligible(len(order) + 1, units, taken, both_armour, first)
        if pool:
            return pool, case
    if len(extra) < extra_armour:
        pool = [u for u in units if u.armored and taken.get(u.id, 0) < u.round_limit]
        if pool:
            return pool, "16.3B"
    return None


def allocate(units: Sequence[Casualty], losses: int, *, both_armour: bool = False, first: Sequence[str] = (),
             extra_armour: int = 0, prefer: Sequence[str] | None = None) -> LossPlan:
    """Take ``losses`` SP from ``units`` in the owner's ``prefer`` order (default: the strongest
    first) within 16.1, 16.2 and 20.0D-E; then the 16.3 extra losses from armoured units, which
    are never converted and never exceed the 50% limit."""
    rank = {u: i for i, u in enumerate(prefer)} if prefer is not None else {}
    def key(u: Casualty):
        return (rank.get(u.id, len(rank)), -(u.round_limit - taken.get(u.id, 0)), u.id)
    taken: dict[str, int] = {}
    order: list[str] = []
    extra: list[str] = []
    while (step := next_loss(units, order, extra, losses, both_armour=both_armour, first=first, extra_armour=extra_armour)):
        u = min(step[0], key=key)
        taken[u.id] = taken.get(u.id, 0) + 1
        (extra if step[1] == "16.3B" else order).append(u.id)
    gone = tuple(u.id for u in units if taken.get(u.id, 0) >= u.to_eliminate)
    return LossPlan(tuple(order), tuple(extra), losses - len(order), taken, gone)


def check_order(units: Sequence[Casualty], order: Sequence[str], losses: int, *, both_armour: bool = False,
                first: Sequence[str] = ()) -> None:
    """Refuse an owner's order of losses that breaks 16.1, 16.2 or 20.0D-E, or takes fewer than
    the units could."""
    taken: dict[str, int] = {}
    known = {u.id for u in units}
    for step, unit_id in enumerate(order, start=1):
        if unit_id not in known:
            raise IllegalAction("16.0", f"{unit_id} takes no part in this combat")
        pool, case = _eligible(step, units, taken, both_armour, first)
        if unit_id not in {u.id for u in pool}:
            raise IllegalAction(case, f"loss {step} cannot be taken by {unit_id}: {WHY[case]}")
        taken[unit_id] = taken.get(unit_id, 0) + 1
    if len(order) > losses:
        raise IllegalAction("16.0", f"the result calls for {losses} SP, not {len(order)}")
    if len(order) < losses and _eligible(len(order) + 1, units, taken, both_armour, first)[0]:
        raise IllegalAction("16.1B", f"{losses} SP must be taken while units can take them")


def excess_as_retreat(excess: int, retreat: int, can_retreat: bool) -> int:
    """16.1B-C: losses over the 50% limit become hexes retreated, even where the orders forbid it;
    with nowhere to go they are ignored."""
    return retreat + excess if can_retreat else retreat


def unretreated_as_losses(short: int, room: int) -> int:
    """15.9F: hexes a unit cannot retreat become SP lost, up to its 50% limit (16.1)."""
    return min(short, max(room, 0))

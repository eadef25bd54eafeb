"""Artillery (21.0, 23.2-23.4, 14.3B): range, which formations a gun may support, observation,
the supply point a shot, the limits when attacked or stacked with attackers, the Soviet travelling
side, and the :class:`.combat.Fighter` a firing or supporting gun becomes.  Halving at night, in
fog and against unobserved targets is applied where strengths are summed
(:func:`.combat.attack_strength`, :func:`.combat.defense_strength`).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from ...engine.errors import IllegalAction
from .combat import Fighter
from .data import FormationInfo, KiroData


@dataclass(frozen=True)
class Gun:
    """An artillery unit as the combat rules see it (2.2.2.2)."""

    id: str
    side: Literal["german", "soviet"]
    formation: str  # the formation it belongs to now (21.4, after any German transfer, 21.4.1)
    kind: str
    hex: str
    range: int
    barrage: int
    defense: int
    lost: int = 0  # 21.7B: SP lost, taken off the barrage strength
    armored: bool = False
    travelling: bool = False  # 21.12A: a Soviet gun on its travelling side

    @property
    def barrage_now(self) -> int:
        return max(self.barrage - self.lost, 0)


def in_range(distance: int, gun: Gun) -> bool:
    """21.1-21.2: range counts the target's (or supported unit's) hex, not the gun's: the hex distance."""
    return 0 <= distance <= gun.range


def ancestors(formation: str, formations: Mapping[str, FormationInfo]) -> list[str]:
    out = []
    f = formations.get(formation)
    while f is not None and f.higher is not None and f.higher not in out:
        out.append(f.higher)
        f = formations.get(f.higher)
    return out


def may_support_formation(gun_formation: str, target_formation: str, formations: Mapping[str, FormationInfo],
                          own_formation_gone: bool = False) -> bool:
    """21.4A-B, 21.4.2: organic artillery supports its own formation; Korps, Army or Front artillery
    the formations under it; any formation once the rest of its own is eliminated."""
    if own_formation_gone or gun_formation == target_formation:
        return True
    return gun_formation in ancestors(target_formation, formations)


def observed(distance_of: Callable[[str], int], target: str, observers: Iterable[tuple[str, bool]], *,
             night_or_fog: bool, zoc_into: Callable[[str, str], bool] | None = None) -> bool:
    """21.5: a unit of the gun's formation observes hexes one away, two from a hill; at night and in
    fog only hexes it exerts a ZOC into (``zoc_into(observer hex, target)``, 23.4).  ``observers``
    are (hex, on a hill) of the formation's units."""
    for hex_id, on_hill in observers:
        d = distance_of(hex_id)
        if night_or_fog:
            if zoc_into is not None and d == 1 and zoc_into(hex_id, target):
                return True
        elif d <= (2 if on_hill else 1):
            return True
    return False


@dataclass(frozen=True)
class SupportTask:
    """What a gun is asked to do in one combat."""

    mode: Literal["barrage", "defense"]
    distance: int  # to the target hex (barrage) or to the supported unit's hex (defence)
    supported_formation: str
    supported_orders: str  # the orders of the formation it supports (6.2)
    independent: bool = False  # 14.3B: an attack with no ground units
    target_hex: str = ""


def check_gun(gun: Gun, task: SupportTask, data: KiroData, *, own_formation_gone: bool = False,
              formation_this_turn: str | None = None, attacked_by_adjacent: bool = False,
              stacked_attack_target: str | None = None) -> None:
    """Refuse a gun's fire or support the rules forbid (21.1-21.4, 21.8, 21.12, 6.2)."""
    if gun.travelling:
        raise IllegalAction("21.12A", f"{gun.id} is on its travelling side and cannot fire")
    if not in_range(task.distance, gun):
        raise IllegalAction("21.1" if task.mode == "barrage" else "21.2", f"{gun.id} reaches {gun.range} hexes, not {task.distance}")
    if not data.orders[task.supported_orders].artillery_support[gun.side]:
        raise IllegalAction(data.orders[task.supported_orders].case,
                            f"{gun.side} units under {task.supported_orders} orders get no artillery support")
    if not may_support_formation(gun.formation, task.supported_formation, data.formations, own_formation_gone):
        raise IllegalAction("21.4A", f"{gun.id} supports only its own formation or those under it, not {task.supported_formation}")
    if formation_this_turn is not None and formation_this_turn != task.supported_formation:
        raise IllegalAction("21.4C", f"{gun.id} already supported {formation_this_turn} this turn")
    if task.mode == "defense" and attacked_by_adjacent:
        raise IllegalAction("21.8A", f"{gun.id} is attacked by adjacent units and cannot support another hex")
    if task.mode == "barrage" and stacked_attack_target is not None and task.target_hex != stacked_attack_target:
        raise IllegalAction("21.8B", f"{gun.id} is stacked with units attacking {stacked_attack_target} and fires only there")


def check_no_support_against_independent(independent: bool, supporter_role: str, stacked_with_hq: bool, air_attack: bool) -> None:
    """14.3B: the target of an artillery or air attack without ground units gets no artillery or
    HQ support, except an HQ it is stacked with against an air attack."""
    if not independent:
        return
    if supporter_role == "hq" and stacked_with_hq and air_attack:
        return
    raise IllegalAction("14.3B", f"no {supporter_role} support against an attack by artillery or air alone")


def supply_cost(task_modes: Iterable[str]) -> int:
    """21.3: one supply point each time a gun fires its barrage or supports another unit's defence;
    none for defending itself (``'self'``) or anti-aircraft fire (``'aa'``)."""
    return sum(1 for m in task_modes if m in ("barrage", "defense"))


def may_flip_to_firing(light: str, fog: bool, moved_this_round: bool) -> bool:
    """21.12B-C, 23.2: a travelling Soviet gun turns to fire only by day, out of fog; it does not
    move in that round."""
    return light == "day" and not fog and not moved_this_round


def fighter(gun: Gun, task: SupportTask, *, observed_target: bool = True) -> Fighter:
    """The gun in the strength sums: barrage strength less losses when firing, defence strength
    when supporting (21.7B-C); anti-tank (and a German armoured gun's armour) only when adjacent
    (21.9, 21.11A); rockets and mortars have no anti-tank (19.2A)."""
    strength = gun.barrage_now if task.mode == "barrage" else gun.defense
    adjacent = task.distance <= 1
    return Fighter(gun.id, gun.side, gun.formation, gun.kind, strength, gun.hex, "artillery",
                   armored=gun.armored, antitank=gun.kind not in ("rocket", "mortar"),
                   adjacent=adjacent, observed=observed_target)

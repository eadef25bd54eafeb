"""Declaring a combat round's attacks (14.1, 14.2F, 14.3D-E, 14.3I-J): which enemy hexes must be
attacked once one is, one order to an attack, each unit once a round.  Checks over the declared
attacks as plain data; the ZOC sources come from part 1's ZOC module."""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ...engine.errors import IllegalAction


@dataclass(frozen=True)
class Declared:
    """One declared attack: the attacking units with their hexes and orders, the target hexes,
    the guns supporting a defence in it."""

    attackers: Mapping[str, tuple[str, str]]  # unit id -> (hex, orders)
    targets: tuple[str, ...]
    defensive_guns: tuple[str, ...] = ()


def obliged(attacker_hexes: Iterable[str], zoc_sources: Mapping[str, Iterable[str]]) -> set[str]:
    """14.1C-D: the enemy hexes whose (fluid or locking) ZOC reaches a hex of the attackers."""
    return {src for h in attacker_hexes for src in zoc_sources.get(h, ())}


def check_mandatory(attacks: Sequence[Declared], zoc_sources: Mapping[str, Iterable[str]],
                    adjacent_enemy: Iterable[str], fired_at: Iterable[str] = ()) -> None:
    """14.1B-D, 14.2F, 14.3J: once a ground attack hits an adjacent enemy hex, every enemy hex
    exerting a ZOC into a hex of the round's attacking units must be attacked too, by ground units
    or by artillery (or air) alone (``fired_at``).  ``zoc_sources``: hex -> the enemy hexes whose
    ZOC reaches it; ``adjacent_enemy``: the enemy hexes next to an attacker."""
    adjacent_enemy = set(adjacent_enemy)
    attacked = {t for a in attacks for t in a.targets}
    if not attacked & adjacent_enemy:
        return
    hexes = {h for a in attacks for h, _ in a.attackers.values()}
    missing = sorted(obliged(hexes, zoc_sources) - attacked - set(fired_at))
    if missing:
        raise IllegalAction("14.1C", f"once an adjacent enemy is attacked, {', '.join(missing)} must be attacked too")


def check_same_orders(attack: Declared) -> None:
    """14.3D, 6.1E: the units of one attack are all under the same orders."""
    orders = {o for _, o in attack.attackers.values()}
    if len(orders) > 1:
        raise IllegalAction("14.3D", f"units under {' and '.join(sorted(orders))} orders attack separately")


def check_once_per_round(attacks: Sequence[Declared]) -> None:
    """14.3E: no unit attacks twice in a round, no gun supports two defences; 14.3I: a stack's
    units may split between attacks."""
    seen: set[str] = set()
    guns: set[str] = set()
    for a in attacks:
        for u in a.attackers:
            if u in seen:
                raise IllegalAction("14.3E", f"{u} already attacks this round")
            seen.add(u)
        for g in a.defensive_guns:
            if g in guns:
                raise IllegalAction("14.3E", f"{g} already supports a defence this round")
            guns.add(g)

"""Headquarters in combat (22.0, 14.2B, 14.3F, 19.2B): the support range and its path, the limits
on support, and the :class:`.combat.Fighter` a supporting HQ becomes.  The board is the
:class:`.retreat.RetreatBoard` of retreats and advances.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from ...engine.errors import IllegalAction
from .combat import Fighter
from .retreat import RetreatBoard

#: 22.1A: an HQ supports units up to four hexes away (their hex counted, its own not).
SUPPORT_RANGE = 4


@dataclass(frozen=True)
class Hq:
    id: str
    side: str
    formation: str
    hex: str
    strength: int
    role: str  # 'formation_hq' or 'higher_hq' (2.2.4)
    armored: bool = False  # 22.4A: an armoured HQ symbol


def support_path(board: RetreatBoard, side: str, hq_hex: str, target: str, reach: int = SUPPORT_RANGE) -> list[str] | None:
    """22.1: a shortest line of hexes from the HQ to the supported hex within ``reach``, the hexes
    between free of enemy units and locking enemy ZOCs; None when there is none."""
    if hq_hex == target:
        return [target]
    seen = {hq_hex: None}
    queue = deque([(hq_hex, 0)])
    while queue:
        h, d = queue.popleft()
        if d == reach:
            continue
        for n in board.neighbours(h):
            if n in seen:
                continue
            if n != target and (board.enemy_in(n, side) or board.zoc(n, side).kind == "locking"):
                continue
            seen[n] = h
            if n == target:
                path = [n]
                while seen[path[-1]] != hq_hex:
                    path.append(seen[path[-1]])
                return path[::-1]
            queue.append((n, d + 1))
    return None


def check_hq_support(hq: Hq, target_formation: str, *, path_found: bool, own_formation_gone: bool,
                     attacked_by_adjacent: bool, supported_hex_this_round: str | None, target_hex: str) -> None:
    """Refuse HQ support the rules forbid (22.1, 22.2, 22.6, 22.7A, 14.3F)."""
    if hq.role != "formation_hq":
        raise IllegalAction("22.7A", f"{hq.id} is a Korps or Army HQ and supports no units")
    if not path_found:
        raise IllegalAction("22.1", f"{hq.id} reaches {target_hex} by no line of {SUPPORT_RANGE} hexes free of enemy units and locking ZOCs")
    if target_formation != hq.formation and not own_formation_gone:
        raise IllegalAction("22.6", f"{hq.id} supports another formation only once the rest of its own is gone")
    if attacked_by_adjacent and target_hex != hq.hex:
        raise IllegalAction("22.2A", f"{hq.id} is attacked from an adjacent hex and supports no other hex")
    if supported_hex_this_round is not None and supported_hex_this_round != target_hex:
        raise IllegalAction("22.2B, 14.3F", f"{hq.id} already supports {supported_hex_this_round} this round")


def fighter(hq: Hq, distance: int) -> Fighter:
    """The HQ's whole strength (22.2C); armour from an armoured HQ, anti-tank from any other even
    far off (22.4); it takes losses from the combat (22.3)."""
    return Fighter(hq.id, hq.side, hq.formation, "hq", hq.strength, hq.hex, "hq",
                   armored=hq.armored, antitank=True, adjacent=distance <= 1)

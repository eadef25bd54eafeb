"""Set-up checks of a rule system: is the historical deployment of a scenario legal?

These are warnings for the scenario editor, not format errors: a scenario whose set-up is
still being built loads fine.  Each problem names the rule case, the hex at fault and the
YAML path the editor selects.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from .model import Scenario


@dataclass(frozen=True)
class SetupProblem:
    case: str
    message: str
    hex: str | None
    path: tuple

    def __str__(self) -> str:
        where = f"hex {self.hex}: " if self.hex else ""
        return f"{where}{self.message} ({self.case})"


def is_combat_unit(s: Scenario, unit_id: str) -> bool:
    """HQs are not combat units: they have no ZOC and do not count for stacking (8.21, 10.16)."""
    unit = next((u for u in s.units if u.id == unit_id), None)
    if unit is None or unit.type not in s.unit_types:
        return False
    ut = s.unit_types[unit.type]
    return ut.hq is None and unit.hq is None and "hq" not in ut.flags


def placed_units(s: Scenario) -> dict[str, list[tuple[int, str, str, bool]]]:
    """hex -> [(placement index, unit id, side, is combat unit)] for units placed on the map."""
    side_of = {u.id: s.unit_types[u.type].side for u in s.units if u.type in s.unit_types}
    out: dict[str, list[tuple[int, str, str, bool]]] = defaultdict(list)
    for i, p in enumerate(s.setup.placements):
        if p.hex is not None and p.unit in side_of:
            out[p.hex].append((i, p.unit, side_of[p.unit], is_combat_unit(s, p.unit)))
    return out


def kharkov1942_setup_checks(s: Scenario, gmap=None) -> list[SetupProblem]:
    """8.1: at most three combat units of a side per hex; 5.15: the front line is held.

    5.15 applies to a side only when the scenario places that side's units (a scenario that
    leaves the deployment to the players has no placements to check).
    """
    from ..map import GameMap

    found: list[SetupProblem] = []
    by_hex = placed_units(s)
    for hex_id, stack in sorted(by_hex.items()):
        per_side: dict[str, list[int]] = defaultdict(list)
        for i, unit_id, side, combat in stack:
            if combat:
                per_side[side].append(i)
        for side, indices in per_side.items():
            if len(indices) > 3:
                found.append(
                    SetupProblem(
                        "8.1",
                        f"{len(indices)} {s.sides[side].name if side in s.sides else side} combat units in one hex (at most 3)",
                        hex_id,
                        ("setup", "placements", indices[3]),
                    )
                )
    gmap = gmap or GameMap.from_scenario(s)
    front = gmap.lines.get("front")
    if front is None:
        return found
    sides_placed = {side for stack in by_hex.values() for _, _, side, _ in stack}
    occupied = {(h, side) for h, stack in by_hex.items() for _, _, side, _ in stack}
    zoc = {(n, side) for h, stack in by_hex.items() for _, _, side, combat in stack if combat for n in gmap.neighbors(h)}
    for hex_id, (side, _pos) in sorted(front.adjacent_hexes.items()):
        if side not in s.sides or side not in sides_placed:
            continue
        if (hex_id, side) not in occupied and (hex_id, side) not in zoc:
            found.append(
                SetupProblem(
                    "5.15",
                    f"front-line hex on the {s.sides[side].name} side is neither occupied nor in a {s.sides[side].name} ZOC",
                    hex_id,
                    ("map", "lines", "front"),
                )
            )
    return found


#: rule system id -> its set-up checks
SETUP_CHECKS: dict[str, Callable[..., list[SetupProblem]]] = {"kharkov1942": kharkov1942_setup_checks}


def setup_checks(s: Scenario, gmap=None) -> list[SetupProblem]:
    check = SETUP_CHECKS.get(s.rules)
    return check(s, gmap) if check else []

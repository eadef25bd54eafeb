"""Counter values of *Kharkov 1943* (1.1-1.5, 5): what a unit type's ``values`` hold and the
values the rules derive from the kind of unit rather than print on the counter.

A unit type of this system keeps its printed values in ``steps`` (the combat value at each
step, 1.2) and the rest in ``values``, read through :class:`CounterValues`.
"""
from __future__ import annotations

import math
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Kind = Literal[
    "armor", "recon", "motorized", "kg", "infantry", "cavalry", "ski",
    "artillery", "rocket", "engineer", "hq", "supply_head",
]
Echelon = Literal["corps", "division", "brigade", "regiment", "kg", "battalion", "company", "hq", "supply_head"]
HQLevel = Literal["army_group", "army", "corps", "panzer_corps", "front", "mobile_group"]

#: 1.1: infantry has 10 OP; motorised, armoured and cavalry units 12.
MOBILE_KINDS = frozenset({"armor", "recon", "motorized", "cavalry"})
FOOT_KINDS = frozenset({"infantry", "ski"})

#: 8.1: every HQ commands up to 5 hexes away; 9.2: supply lines are traced 5 hexes.
COMMAND_RANGE = 5

#: 9.2: the HQ levels each side's supply rules use.
HQ_LEVELS = {
    "german": ("army_group", "army", "corps", "panzer_corps"),
    "soviet": ("front", "army", "mobile_group"),
}


class CounterValues(BaseModel):
    """``UnitType.values`` of a Kharkov 1943 unit type."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    kind: Kind
    echelon: Echelon
    op: int = Field(ge=0, le=16)  # operation points (1.1)
    stacking: int = Field(ge=0, le=10)  # stacking points (5)
    armor: int = Field(ge=0)  # armour value (1.1), not printed on the counter
    antitank: int = Field(ge=0)  # anti-tank value (1.1), not printed on the counter
    heavy: bool = False  # the dot of heavy tanks (7.4)
    tiger: bool = False  # loses one combat point a step (1.2)
    engineer: bool = False  # +/-1 DRM in towns (7.4)
    hq_level: HQLevel | None = None
    command_range: int | None = None
    detachment: bool = False  # a detachment counter (1.3): its values are maxima


def derived_armor(kind: str, combat: int, hq_level: str | None = None, action_group: bool = False) -> int:
    """1.1: armoured units, Panzer corps HQs and Action Group Popov have their combat value as
    armour value, recon units half of it (fractions rounded up), everything else none."""
    if kind == "armor" or (kind == "hq" and (hq_level == "panzer_corps" or action_group)):
        return combat
    if kind == "recon":
        return math.ceil(combat / 2)
    return 0


def derived_antitank(kind: str, combat: int, side: str, echelon: str) -> int:
    """1.1: armoured units and HQs have their combat value as anti-tank value, recon units half
    of it (rounded up); motorised or mechanised regiments, Kampfgruppen and Soviet divisions 2
    (1 once they have lost half their steps, a state the rules engine tracks); the rest none."""
    if kind in ("armor", "hq"):
        return combat
    if kind == "recon":
        return math.ceil(combat / 2)
    if kind in ("motorized", "kg") or (side == "soviet" and echelon == "division"):
        return 2
    return 0


def derived_stacking(side: str, kind: str, echelon: str) -> int:
    """5: stacking points by side and unit size (all Soviet HQs count 1, addenda)."""
    if kind == "supply_head":
        return 0
    if side == "german":
        if echelon in ("battalion", "company"):
            return 0
        return 1
    if echelon == "battalion":
        return 0
    if echelon == "corps" and kind == "armor":
        return 4
    if echelon == "division" or kind in ("artillery", "rocket"):
        return 2
    return 1


def derived_op(kind: str) -> int | None:
    """1.1: 12 OP for mobile kinds, 10 for foot; None where the rules leave it to the counter."""
    if kind in MOBILE_KINDS:
        return 12
    if kind in FOOT_KINDS:
        return 10
    return None


def step_values(combat: int, steps: int, tiger: bool = False) -> list[int]:
    """1.2: the combat value at each step, full strength first: two points lost a step (one for
    Tiger units)."""
    loss = 1 if tiger else 2
    return [combat - loss * i for i in range(steps)]

"""Counter values of *Kirovograd* (2.2, 16.3, 19, 21, 28, 29): what a unit type's ``values`` hold
and the abilities the rules derive from the kind of unit rather than print on the counter.

A ground unit type keeps its combat factor (strength points) and movement factor in ``steps``
(one step: the printed side; a back-printed reduced side is a second step) and the rest in
``values``, read through :class:`CounterValues`.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

#: 2.2.2: the type symbols of the counters (plus the HQ, engineer, anti-tank, air and dummy counters).
Kind = Literal[
    "infantry", "paratroop", "motorized", "mechanized", "armor", "armored_recon",
    "armored_artillery", "artillery", "motorized_artillery", "rocket", "mortar",
    "antitank", "engineer", "hq", "air", "dummy",
]
#: 2.2.1, 2.2.4: how high a counter stands: a formation's unit, its HQ, or a Korps/Army/Front HQ.
Role = Literal["unit", "formation_hq", "higher_hq", "air", "dummy"]
AircraftType = Literal["fighter", "ground_attack", "dive_bomber", "bomber", "night_bomber", "transport"]

#: 19.1A: every counter with the oval (armour) symbol is armoured.
ARMORED_KINDS = frozenset({"armor", "armored_recon", "armored_artillery", "mechanized"})
#: 19.2A, 21.9: anti-tank ability: armour, anti-tank units, artillery except rockets and mortars, formation HQs.
ARTILLERY_KINDS = frozenset({"artillery", "motorized_artillery", "armored_artillery", "rocket", "mortar"})
#: 29.4A: motorised units carry a tank silhouette on the back, except non-armoured artillery.
MOTORIZED_KINDS = frozenset({"motorized", "mechanized", "armor", "armored_recon", "armored_artillery"})


def is_armored(kind: str, hq_armored: bool = False) -> bool:
    """19.1A: oval-symbol units are armoured; an HQ is when its symbol is (2.2.2A, 22.4A)."""
    return kind in ARMORED_KINDS or (kind == "hq" and hq_armored)


def has_antitank(kind: str, role: str) -> bool:
    """19.2A: armoured units, anti-tank units, artillery except rocket and mortar units, and
    formation HQs have an anti-tank ability."""
    if kind in ARMORED_KINDS or kind == "antitank":
        return True
    if kind in ARTILLERY_KINDS:
        return kind not in ("rocket", "mortar")
    return kind == "hq" and role == "formation_hq"


def zoc_class(kind: str, hq_armored: bool = False) -> str | None:
    """13.A, 19.1C, 29.1: the ZOC Chart row a unit reads: mechanised infantry exerts only an
    armour ZOC, air units and dummies none."""
    if kind in ("air", "dummy"):
        return None
    return "armor" if is_armored(kind, hq_armored) else "non_armor"


def tank_back(kind: str) -> bool:
    """29.4A: the counters deployed silhouette-up."""
    return kind in MOTORIZED_KINDS


class CounterValues(BaseModel):
    """``UnitType.values`` of a Kirovograd unit type."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    kind: Kind
    role: Role
    defense_only: bool = False  # 2.2.2D: bracketed factor
    special_armor: bool = False  # 2.2.2C, 16.3: asterisked factor
    hq_armored: bool = False  # 2.2.2A: an armoured HQ symbol
    armored: bool  # 19.1
    antitank: bool  # 19.2
    zoc: Literal["armor", "non_armor"] | None  # 13.A, 19.1C: ZOC Chart row
    tank_back: bool  # 29.4A
    reduced_back: bool = False  # 16.0D: a reduced-strength reverse side (the second step)
    # artillery (2.2.2.2, 21)
    range: int | None = Field(default=None, ge=1)
    barrage: int | None = Field(default=None, ge=1)
    defense: int | None = Field(default=None, ge=1)
    travel_movement: int | None = Field(default=None, ge=1)  # 21.12: the travelling side's MA
    # air (2.2.2.3, 28)
    air_air: int | None = Field(default=None, ge=0)
    air_ground: int | None = Field(default=None, ge=0)
    aircraft: AircraftType | None = None
    both_factors_drop: bool = False  # 28.10.4C: the Fw190

    @model_validator(mode="after")
    def _by_kind(self):
        artillery = self.kind in ARTILLERY_KINDS
        if artillery != (self.range is not None and self.barrage is not None and self.defense is not None):
            raise ValueError("2.2.2.2: artillery (and only artillery) has range, barrage and defense")
        if self.travel_movement is not None and not artillery:
            raise ValueError("21.12: only artillery has a travelling side")
        air = self.kind == "air"
        if air != (self.air_air is not None and self.air_ground is not None and self.aircraft is not None):
            raise ValueError("2.2.2.3: air units (and only they) have air-to-air, air-to-ground factors and a type")
        if self.special_armor and not (self.armored or self.kind == "air"):
            raise ValueError("16.3: special armour is armour or the anti-tank Stuka")
        return self


def derived(kind: str, role: str, hq_armored: bool = False) -> dict:
    """The abilities :class:`CounterValues` stores that follow from the kind (19.1, 19.2, 13.A, 29.4)."""
    return {
        "armored": is_armored(kind, hq_armored),
        "antitank": has_antitank(kind, role),
        "zoc": zoc_class(kind, hq_armored),
        "tank_back": tank_back(kind),
    }

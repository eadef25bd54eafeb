"""The system-specific part of a Kharkov 1943 scenario (``system_data``), as pydantic models.

The die-rolled charts (CRT blocks, weather, air support, replacements) are ordinary scenario
``tables``; ``system_data`` says how they are read (which CRT block serves which defender
terrain and attack type) and holds the charts that are not die rolls: the Terrain Effects Chart
by ground state, the Movement Table (14.3), the Table of Postures (7.1, 7.5), the formations'
colour codes and fronts, rail arrivals (15.2), the special rules and victory conditions of a
scenario (18).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

GroundState = Literal["frozen", "snow", "mud"]
AirState = Literal["clear", "cloudy", "overcast"]
Posture = Literal["normal", "pdm", "pdp"]
Level = Literal["tactical", "operational", "strategic"]


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class FormationInfo(Model):
    """A formation's colour code (1.1) and, for the Soviets, its front (1.5)."""

    color: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    front: str | None = None
    hq: str | None = None  # the HQ it is attached to at the start (1.5), a unit id
    whole_bonus: int = 0  # 7.4: DRM when all its regiments attack one hex together


class Front(Model):
    name: str
    color: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    hq: str  # unit id of the Front HQ
    supply_head: str  # unit id of the Front supply head (9.4)


class AttackType(Model):
    name: str
    op_cost: int = Field(ge=0)  # 7.1
    column_shift: int  # 7.1
    air: str  # who may use air support (7.1, 13.1)
    case: str = "7.1"


class CRT(Model):
    """How the CRT blocks are read (7.4): odds rounded to the nearest ratio, one block per
    defender terrain class and attack type, 2d6 plus modifiers."""

    dice: str = "2d6"
    columns: list[str] = Field(min_length=2)  # odds, weakest first, e.g. '1:3' ... '7:1'
    odds_rounding: Literal["nearest"] = "nearest"  # 7.4: 1.49:1 is 1:1, 1.5:1 is 2:1
    armor_ratio_rounding: Literal["defender"] = "defender"  # 7.4: the armour ratio favours the defender
    terrain_classes: dict[str, list[str]]  # class -> terrain types of the defender's hex
    attack_types: dict[str, AttackType]
    blocks: dict[str, dict[str, str]]  # terrain class -> attack type -> table id
    lowest_row: int  # a modified roll below reads this row (7.4)
    highest_row: int  # ... and above, this one
    max_armor_shift: int = 4  # 7.4
    notation: str  # how a result cell is written (7.5-7.7)


class TerrainChart(Model):
    """OP to enter a hex or cross a hexside, by ground state (6.3, 12, 14.3); ``null`` = may not."""

    terrain: dict[str, dict[GroundState, float | None]]
    hexsides: dict[str, dict[GroundState, float | None]]
    road: dict[GroundState, float]  # along a road or railroad hexside, instead of the terrain
    zoc: dict[str, int]  # 4.2: enter, leave, zoc_to_zoc
    notes: list[str] = Field(default_factory=list)


class GroundEffect(Model):
    """A row of the Movement Table (14.3)."""

    extra_op_per_hex: int = 0
    exempt_kinds: list[str] = Field(default_factory=list)  # e.g. Soviet ski units in snow
    major_rivers_by_bridge_only: bool = False  # 12
    rivers_block_zoc: bool = True  # 4.2: non-frozen rivers block ZoC
    bridge_attack_drm: int = 0  # 7.4
    note: str = ""


class PostureEffect(Model):
    """One cell of the Table of Postures: who must lose a step before retreating (7.5)."""

    attacker_first_loss: bool = False
    defender_first_loss: bool = False
    note: str = ""


class Weather(Model):
    air_table: str  # table ids, 1d6 rows
    ground_table: str
    periods: dict[str, list[int]]  # table column -> the turns it serves
    air_share: dict[AirState, float]  # 14.3: share of the rolled air points available
    recon_stacks: dict[str, int]  # 13.3: stacks examined per side in clear weather


class Air(Model):
    table: str  # 13.2: 1d6 per side
    mobile_attack_german_points: int = 1  # 7.1


class Replacements(Model):
    table: str  # 16: rows by turn
    columns: dict[str, tuple[str, Literal["infantry", "mechanized"]]]  # column -> (side, type)
    accumulate: dict[str, bool]  # 16.1: German points accumulate, Soviet ones are lost


class Exit(Model):
    """18.2: a formation that must leave the play area by an edge before a turn ends."""

    formation: str
    edge: Literal["north", "south", "east", "west"]
    by_end_of_turn: int
    failing_counts_for: str  # the side credited with one city if it fails (18.2)


class SpecialRules(Model):
    turns: int = Field(gt=0)
    first_turn_weather: dict[Literal["air", "ground"], str]
    first_turn_in_command: bool = True
    play_rows: tuple[int, int] | None = None  # 18.2: only these hexrows are in play
    reinforcement_areas: dict[str, list[str]] | None = None  # side -> entry areas used (18.2)
    reinforcement_fronts: list[str] | None = None  # 18.2: Soviet reinforcements of these fronts only
    exits: list[Exit] = Field(default_factory=list)
    initiative_draw: str = "german"  # 2.1
    notes: list[str] = Field(default_factory=list)


class CityGroup(Model):
    places: list[str]  # map city or place ids
    at_least: int = Field(ge=1)


class VictoryCondition(Model):
    level: Level
    text: str
    groups: list[CityGroup] = Field(default_factory=list)  # all groups, and every lower level
    deny: Level | None = None  # met when the enemy does not reach this level
    deny_side: str | None = None
    no_supplied_enemy_west_of: str | None = None  # a river id of the map's gazetteer
    bridgeheads_allowed: int = 0
    south_of: str | None = None  # only that part of the map counts: south of this place


class K43Data(Model):
    """``system_data`` of a Kharkov 1943 scenario."""

    formations: dict[str, FormationInfo]
    fronts: dict[str, Front]
    crt: CRT
    terrain_chart: TerrainChart
    movement_table: dict[GroundState, GroundEffect]
    postures: dict[str, dict[Posture, PostureEffect]]  # attack type -> defender posture -> effect
    weather: Weather
    air: Air
    replacements: Replacements
    rail_arrivals: list[str] = Field(default_factory=list)  # unit ids arriving by rail (15.2)
    special_rules: SpecialRules
    victory: dict[str, list[VictoryCondition]]  # side -> conditions, lowest level first
    reconstructed: list[str] = Field(default_factory=list)  # what is reconstructed, see the docs


# ----------------------------------------------------------------------------- CRT results

_HALF = re.compile(r"^(?:(?P<none>-)|(?P<n>[1-9])(?P<r>R?)(?P<red>\*?))$")


@dataclass(frozen=True)
class Half:
    """One side's part of a result: steps-or-hexes, the first of them a mandatory retreat (R),
    and red: a step must be lost before any retreat (7.5)."""

    number: int = 0
    retreat: bool = False
    red: bool = False


@dataclass(frozen=True)
class CombatResult:
    attacker: Half
    defender: Half
    breakthrough: bool  # printed in bold (7.7)


def parse_result(cell: object) -> CombatResult:
    """``'1/2R'``, ``'1*/3R*+'``, ``'-/2'``: attacker/defender, ``R`` a mandatory retreat, ``*``
    red, a final ``+`` bold (breakthrough).  A ValueError says what is wrong."""
    if not isinstance(cell, str):
        raise ValueError(f"a CRT result is text like '1/2R', got {cell!r}")
    text = cell.strip()
    bold = text.endswith("+")
    if bold:
        text = text[:-1]
    parts = text.split("/")
    if len(parts) != 2:
        raise ValueError(f"a CRT result is attacker/defender like '1/2R', got {cell!r}")
    halves = []
    for who, part in zip(("attacker", "defender"), parts):
        m = _HALF.match(part)
        if m is None:
            raise ValueError(f"{who} part {part!r} of {cell!r}: write '-', a number 1-9, then R for a mandatory retreat and * for red")
        if m["none"]:
            halves.append(Half())
        else:
            halves.append(Half(int(m["n"]), bool(m["r"]), bool(m["red"])))
    if bold and not (halves[1].number and (halves[1].retreat or halves[1].number >= 2)):
        raise ValueError(f"{cell!r}: a breakthrough (+) needs a defender result that can clear the hex")
    return CombatResult(halves[0], halves[1], bold)

"""The system-specific part of a Kirovograd scenario (``system_data``), as pydantic models, and
the readers of the chart notations.

The die-rolled charts (the CRT, the weather, the air availability rolls, the German variable
reinforcements) are ordinary scenario ``tables``; ``system_data`` says how they are read and holds
the charts that are not die rolls: the Combat Options Matrix (15.9), the Order Chart (6.2), the
Terrain Effects Chart (10, 11), the ZOC Chart (13), the weather effects (4, 28.6), the allowable
air missions (28.0B), the turn record's supply and replacement points (2.3.1, 3.2), the formations
and the markers of the counter sheet (2.2.5).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Order = Literal["assault", "defense", "mobile", "retreat", "pursuit"]
Light = Literal["day", "night", "fog"]
ZocKind = Literal["locking", "fluid", "none"]
Weather = Literal["clear", "fog", "low_cloud", "light_snow"]
Mission = Literal["ground_attack", "escort", "cap", "supply", "transfer"]


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class FormationInfo(Model):
    """2.2.4: a formation's abbreviation, its higher echelon and HQ, its orders-track colour."""

    abbr: str
    color: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    higher: str | None = None  # the formation id of the Korps or Army (5.0C)
    hq: str | None = None  # unit id of the formation's HQ


class CRT(Model):
    """15.7-15.9: how the CRT table is read."""

    table: str  # the table id
    dice: Literal["2d6"] = "2d6"
    columns: list[str]
    below_lowest: dict[str, str | int]  # 15.8B: {column, drm}
    above_highest: str  # 15.8C
    aa_columns: dict[str, str]  # 28.11A-B
    large_battle_sp: int = 20  # 15.10: losses doubled when both sides have this many SP
    notation: str


class OrderEffect(Model):
    """One line of the Order Chart (6.2)."""

    cost: dict[Literal["german", "soviet"], int]
    cost_note: str = ""
    shift_attacking: int
    shift_attacked: int
    move: tuple[str, str]  # first and second friendly movement round: 'full', 'half', '2 hexes', '1 hex'
    attack: str
    advance: str
    artillery_support: dict[Literal["german", "soviet"], bool]
    air_support: dict[Literal["german", "soviet"], bool]
    reserves: bool
    case: str


class TerrainEntry(Model):
    cost: dict[str, float]  # movement class -> MP to enter
    shift: int = 0  # column shift for the defender (negative: to the left)
    zoc_cover: str  # the ZOC Chart column this terrain is (13.B, 10.3A)
    note: str = ""


class TerrainChart(Model):
    """10-11: MP to enter, MP to leave rivers and balkas, roads, railroads, combat shifts."""

    movement_classes: list[str]
    terrain: dict[str, TerrainEntry]
    road: dict[str, float]  # 11.5: MP a road hex, by movement class
    railroad: dict[str, float]  # 11.6
    leave_river_or_balka: int  # 10.1A, 11.4A: once, not cumulative
    balka_leave_exempt: list[str]  # 11.4A: unit kinds that do not pay to leave a balka
    river_shift: int  # 10.1D: rivers keep their combat effect across bridges
    balka_shift: int  # 10.1C
    fortified_shift: int  # 10.2B
    hill_shift: int  # 10.3B
    engineer_negates: list[str]  # 20.0B: city, fortified
    fog_ma_factor: float  # 11.3
    notes: list[str] = Field(default_factory=list)


class ZocChart(Model):
    """13: unit class x target cover x light -> the ZOC a single unit exerts."""

    cells: dict[Literal["armor", "non_armor"], dict[str, dict[Light, ZocKind]]]
    balka_from: list[str]  # 13.7B
    overlapping: str  # 13.3, how overlapping ZOCs read
    fog_leave_extra_mp: int  # 13.9B
    fluid_leave_extra_mp: int  # 13.1A
    one_sp_alone: ZocKind  # 13.6A
    none_for: list[str]  # 13.A: air units, travelling Soviet artillery, dummies (29.1)


class WeatherEffect(Model):
    name: str
    fog: bool = False  # 11.3, 13.9, 21.10, 28.12B
    air_roll: Literal["available", "grounded"] | None = None  # 4.B
    air_table: str | None = None  # the table of that roll
    cap_reach: int = 4  # 28.6B


class WeatherData(Model):
    table: str  # 4.A: 1d6 rolled by the Soviet player; columns day, night
    effects: dict[Weather, WeatherEffect]


class AirData(Model):
    missions: dict[str, list[Mission]]  # aircraft type -> allowable missions (28.0B)
    night_flyers: list[str]  # 28.12A: aircraft types that may fly at night
    stack_limit: int = 2  # 28.3.2B
    on_board_limit: int = 3  # 28.1B
    cap_reach: int = 4  # 28.6B, 28.9A


class VariableReinforcement(Model):
    """24.1: a German formation's arrival roll."""

    name: str
    table: str  # 1d6 lookup: columns delay (turns after the roll turn) and withheld (unit ids, '-' none)
    roll_turn: int  # 24.1C, the optional timed roll; the standard roll is made before turn 1
    entry: str  # the entry area id (24.0A)
    units: list[str]


class VikingEntry(Model):
    units: list[str]  # abbreviations of 24.6: recon, wal, nr, panzer, ger, all
    enters: Literal["this_turn", "next_turn", "turn_after_next"] | None


class Viking(Model):
    """24.6, exactly as printed."""

    roll: dict[int, VikingEntry]
    units: dict[str, list[str]]  # the 24.6 abbreviation -> unit ids
    entry: str
    trigger_hexes: int = 3  # 24.6A
    before_turn: int = 7  # 24.6A: before 8 January


class TurnInfo(Model):
    light: Literal["day", "night"]
    supply: dict[Literal["german", "soviet"], int]  # 3.2A-B: supply points received
    replacement_points: dict[Literal["soviet"], int] = Field(default_factory=dict)  # 2.3.1, 25.1


class VictoryPoints(Model):
    """27: the VP schedule (stated in full by the rules)."""

    per_sp: dict[Literal["infantry", "armor", "artillery_hq_air"], int]
    destroyed_unit_factor: int
    places: dict[str, int]  # map city id -> VP for holding it at the end (27.C)
    kirovograd_early: dict[int, int]  # game turn -> extra Soviet VP for taking Kirovograd by its end
    # 27.A: the lead that makes each level of victory (RECONSTRUCTED: the rules name no levels)
    levels: dict[str, int] = Field(default_factory=lambda: {"marginal": 10, "substantive": 30, "decisive": 60})
    scenario: str = ""  # a scenario's own conditions (31.1E-H), in words
    # how the winner is found: by points alone (27.A), or Opening Moves' city objective (31.1E-H)
    objective: Literal["points", "hold_kirovograd"] = "points"


class Markers(Model):
    """2.2.5: the markers of the counter sheet, by side ('neutral' for the white ones)."""

    counts: dict[Literal["german", "soviet", "neutral"], dict[str, int]]


class KiroData(Model):
    """``system_data`` of a Kirovograd scenario."""

    formations: dict[str, FormationInfo]
    crt: CRT
    options_matrix: dict[Order, dict[Order, str]]  # attacker orders -> defender orders -> codes
    options_notation: str
    orders: dict[Order, OrderEffect]
    terrain_chart: TerrainChart
    zoc_chart: ZocChart
    weather: WeatherData
    air: AirData
    reinforcements: dict[str, VariableReinforcement]
    viking: Viking
    turn_record: dict[int, TurnInfo]  # by game turn (1 = 5 January Day)
    first_game_turn: int = Field(default=1, ge=1, le=24)  # 31.2: the Endgame's first turn is game turn 9
    supply: dict[str, int] = Field(default_factory=dict)  # the scenario's starting supply points (8.7, 31.1C, 31.2)
    reserve_markers: dict[Literal["german", "soviet"], int]
    markers: Markers
    victory: VictoryPoints
    special_rules: list[str] = Field(default_factory=list)
    reconstructed: list[str] = Field(default_factory=list)


# ----------------------------------------------------------------------------- CRT results

_PART = re.compile(r"^(?P<who>[AD])(?P<loss>[1-9]?)(?:R(?P<ret>[1-9]))?$")


@dataclass(frozen=True)
class Part:
    """One side's part of a result: SP lost and hexes retreated (15.8E-F)."""

    loss: int = 0
    retreat: int = 0


@dataclass(frozen=True)
class CombatResult:
    attacker: Part
    defender: Part
    underlined: bool  # 15.9A: mandatory, no options

    @property
    def text(self) -> str:
        parts = [f"{w}{p.loss or ''}{f'R{p.retreat}' if p.retreat else ''}"
                 for w, p in (("A", self.attacker), ("D", self.defender)) if p.loss or p.retreat]
        return "/".join(parts) or "-"


def parse_result(cell: object) -> CombatResult:
    """``'A1/D1R1'``, ``'D1R2'``, ``'A2'``, ``'-'``; wrapped in underscores (``'_D3R3_'``) when
    underlined.  A ValueError says what is wrong."""
    if not isinstance(cell, str):
        raise ValueError(f"a CRT result is text like 'A1/D1R1', got {cell!r}")
    text = cell.strip()
    underlined = len(text) > 2 and text.startswith("_") and text.endswith("_")
    if underlined:
        text = text[1:-1]
    if text == "-":
        if underlined:
            raise ValueError(f"{cell!r}: 'no effect' cannot be underlined")
        return CombatResult(Part(), Part(), False)
    parts = {"A": Part(), "D": Part()}
    order = []
    for piece in text.split("/"):
        m = _PART.match(piece)
        if m is None or (not m["loss"] and not m["ret"]):
            raise ValueError(f"{cell!r}: write A or D, the SP lost, then R and the hexes retreated, e.g. 'A1/D1R1'")
        if m["who"] in order:
            raise ValueError(f"{cell!r}: {m['who']} appears twice")
        order.append(m["who"])
        parts[m["who"]] = Part(int(m["loss"] or 0), int(m["ret"] or 0))
    if order not in (["A"], ["D"], ["A", "D"]):
        raise ValueError(f"{cell!r}: the attacker's part comes first (15.8D)")
    return CombatResult(parts["A"], parts["D"], underlined)


# ----------------------------------------------------------------------------- options codes

_CODES = re.compile(r"^[POM*]{2}/[POM*]{2}$")


@dataclass(frozen=True)
class Options:
    """15.9C-D: attacker losses, attacker retreats / defender losses, defender retreats; each
    P (prohibited), O (optional), M (mandatory) or * (optional for Germany, mandatory for the USSR)."""

    attacker_losses: str
    attacker_retreats: str
    defender_losses: str
    defender_retreats: str


def parse_options(cell: object) -> Options:
    if not isinstance(cell, str) or not _CODES.match(cell.strip()):
        raise ValueError(f"an options cell is four codes of P, O, M, * like 'MP/OM', got {cell!r}")
    t = cell.strip()
    return Options(t[0], t[1], t[3], t[4])


def mandatory_for(code: str, side: str) -> bool:
    """15.9D: M binds both sides, * only the USSR."""
    return code == "M" or (code == "*" and side == "soviet")

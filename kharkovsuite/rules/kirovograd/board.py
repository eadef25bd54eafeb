"""Static tables of one Kirovograd scenario, built once and shared by every state of it.

What a counter is (its values, formation, higher echelon, size, strength and movement, 2.2,
5.0), which hexes are river or balka hexes and of which river or balka (10.1, 11.4), the hill,
wooded, town and city hexes (10.3, 13.7), the fortified hexsides (10.2), the roads and railroads
(11.5, 11.6), the bridges (10.1D), the German dumps and airstrips (8.5, 13.8) and the roads
leaving each side's friendly edges (8.3.2A, 8.5.2B).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from ...engine.boards import PerScenario
from ...map import GameMap
from ...scenario.model import Scenario
from .data import KiroData
from .units import ARTILLERY_KINDS, CounterValues

SIDES = ("german", "soviet")
#: 9.1A: stacking weight of a counter by its size symbol (2.2.3); a division is two brigades.
STACK_WEIGHT = {"XX": 2, "X": 1, "III": 1}
STACK_LIMIT = 3  # 9.1A: one division and one brigade or regiment
#: 8.3.2A: the friendly map edges, by the entry areas of the scenario.
EDGE_AREAS = {"german": ("entry-west", "entry-north", "entry-south"), "soviet": ("entry-east",)}
WEST_AREAS = ("entry-west",)  # 8.5.1C, 8.5.2D


def other(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]


def game_turn(state) -> int:
    """The game turn of the campaign's record (1 = 5 January Day): a shorter scenario's turn 1 is
    its ``first_game_turn`` (31.2)."""
    return state.board.data.first_game_turn - 1 + state.turn


@dataclass(frozen=True)
class UnitInfo:
    """What the rules read of one counter (what it derives from its values, read in every
    search, kept once read: the values do not change during a game)."""

    id: str
    side: str
    values: CounterValues
    size: str
    movement_class: str
    strength: tuple[float, ...]  # printed combat factor (strength points) of each side, full first (16.0D); a bracketed one (2.2.2D) counts
    movement: tuple[int, ...]  # printed MA of each side (11.2A)
    formation: str | None
    higher: str | None  # the formation's Korps or Army (5.0C)
    sp_lost: int  # SP lost at the start (31.2.3)

    @cached_property
    def kind(self) -> str:
        return self.values.kind

    @cached_property
    def is_hq(self) -> bool:
        return self.values.kind == "hq"

    @cached_property
    def is_formation_hq(self) -> bool:
        return self.values.kind == "hq" and self.values.role == "formation_hq"

    @cached_property
    def is_artillery(self) -> bool:
        return self.values.kind in ARTILLERY_KINDS

    @cached_property
    def soviet_travelling_artillery(self) -> bool:
        """21.12A, E: a Soviet artillery counter with a travelling side."""
        return self.side == "soviet" and self.values.travel_movement is not None

    @cached_property
    def armored(self) -> bool:
        return self.values.armored

    @cached_property
    def motorized(self) -> bool:
        """8.4C: armoured or motorised units lose half their MA when Out of Supply."""
        return self.values.armored or self.movement_class == "motorized"

    @cached_property
    def ground(self) -> bool:
        return self.values.kind not in ("air", "dummy")


class Board:
    def __init__(self, scenario: Scenario):
        self.scenario = scenario
        self.data = KiroData.model_validate(scenario.system_data)
        self.map = GameMap.from_scenario(scenario)
        self.grid = self.map.grid
        self.ids = list(self.map.hex_ids)
        self.index = {h: i for i, h in enumerate(self.ids)}
        self.nbrs: dict[str, tuple[str, ...]] = {h: tuple(self.map.neighbors(h)) for h in self.ids}
        areas = scenario.map.areas
        self.rivers: dict[str, frozenset[str]] = {}  # hex -> the river areas it is part of
        self.balkas: dict[str, frozenset[str]] = {}
        for kind, into in (("river", self.rivers), ("balka", self.balkas)):
            found: dict[str, set[str]] = {}
            for area_id, area in areas.items():
                if area.kind == kind:
                    for h in area.hexes:
                        found.setdefault(h, set()).add(area_id)
            into.update({h: frozenset(a) for h, a in found.items()})
        self.bridges = frozenset(h for a in areas.values() if a.kind == "bridge" for h in a.hexes)
        self.dumps: dict[str, str] = {}  # '1', '2' -> hex (8.5.1A): the number the area's name gives ('#2')
        for area_id, area in sorted(areas.items()):
            if area.kind == "dump" and area.hexes:
                number = re.search(r"#(\d+)", area.name or "")
                self.dumps[number.group(1) if number else str(len(self.dumps) + 1)] = area.hexes[0]
        self.airstrips = {area_id: area.hexes[0] for area_id, area in sorted(areas.items()) if area.kind == "airstrip" and area.hexes}
        self.edge_roads: dict[str, frozenset[str]] = {
            side: frozenset(h for a in names if a in areas for h in areas[a].hexes) for side, names in EDGE_AREAS.items()
        }
        self.west_roads = frozenset(h for a in WEST_AREAS if a in areas for h in areas[a].hexes)
        self.fortified: dict[str, frozenset[str]] = {}  # hex -> the neighbours across a fortified hexside
        for h in self.ids:
            across = frozenset(n for n in self.nbrs[h] if "fortified" in self.map.hexside_features(h, n))
            if across:
                self.fortified[h] = across
        self._cube = {h: (self.grid.hex_of(h).q, self.grid.hex_of(h).r) for h in self.ids}
        self._costs: dict[tuple, float] = {}  # the searches' hot lookup
        self._tables: dict[tuple[str, bool], dict] = {}  # :meth:`costs_from`
        self.units: dict[str, UnitInfo] = {}
        formations = self.data.formations
        for unit in scenario.units:
            ut = scenario.unit_types[unit.type]
            values = CounterValues.model_validate(ut.values)
            info = formations.get(unit.formation) if unit.formation else None
            self.units[unit.id] = UnitInfo(
                unit.id, ut.side, values, ut.size, ut.movement_class,
                tuple(float(s.attack if s.attack is not None else s.defense or 0) for s in ut.steps), tuple(int(s.movement or 0) for s in ut.steps),
                unit.formation, info.higher if info else None, int(unit.values.get("sp_lost", 0)),
            )
        #: 5.0A: the formations that take orders: those whose HQ is a formation HQ (a division or corps).
        self.ordered_formations: dict[str, tuple[str, ...]] = {side: () for side in SIDES}
        for fid, f in formations.items():
            if f.hq in self.units and self.units[f.hq].is_formation_hq:
                side = self.units[f.hq].side
                self.ordered_formations[side] = self.ordered_formations[side] + (fid,)

    def is_hq(self, unit_id: str) -> bool:
        """The shared view's question, as every system's board answers it (5.0A, 22.0)."""
        return self.units[unit_id].is_hq

    # ------------------------------------------------------------------ hexes
    def terrain(self, hex_id: str) -> str:
        return self.map.terrain(hex_id)

    def is_hill(self, hex_id: str) -> bool:
        return self.terrain(hex_id) == "hill"

    def distance(self, a: str, b: str) -> int:
        (q1, r1), (q2, r2) = self._cube[a], self._cube[b]
        return (abs(q1 - q2) + abs(r1 - r2) + abs(q1 - q2 + r1 - r2)) // 2

    def light(self, turn: int) -> str:
        """Day or night, as the turn record shades it (errata: even game turns are night; the
        scenario check refuses a record that says otherwise)."""
        return self.data.turn_record[turn].light

    def enter_cost(self, a: str, b: str, movement_class: str, leave_exempt_balka: bool) -> float:
        """10, 11.4-11.6: MP to move from ``a`` into the adjacent ``b`` before ZOCs: the road cost
        from road hex to road hex along the road, the railroad's along the railroad, else the
        terrain of ``b``; plus 1 MP for leaving a river or balka into a hex not of the same river
        or balka (once, not cumulative), except infantry leaving a balka and a bridged river."""
        key = (a, b, movement_class, leave_exempt_balka)
        cost = self._costs.get(key)
        if cost is None:
            cost = self._costs[key] = self._enter_cost(a, b, movement_class, leave_exempt_balka)
        return cost

    def costs_from(self, movement_class: str, leave_exempt_balka: bool) -> dict[str, tuple[tuple[str, float], ...]]:
        """Hex -> (neighbour, :meth:`enter_cost` into it) for each neighbour in the order of
        ``nbrs``: the searches' table for one movement class, built once."""
        key = (movement_class, leave_exempt_balka)
        table = self._tables.get(key)
        if table is None:
            table = self._tables[key] = {a: tuple((b, self.enter_cost(a, b, movement_class, leave_exempt_balka)) for b in nbrs)
                                         for a, nbrs in self.nbrs.items()}
        return table

    def _enter_cost(self, a: str, b: str, movement_class: str, leave_exempt_balka: bool) -> float:
        chart = self.data.terrain_chart
        if self.map.road_between(a, b):
            return float(chart.road[movement_class])  # 11.5A: other terrain ignored
        if self.map.rail_between(a, b):
            return float(chart.railroad[movement_class])  # 11.6
        cost = float(chart.terrain[self.terrain(b)].cost[movement_class])
        river = bool(self.rivers.get(a)) and not (self.rivers[a] & self.rivers.get(b, frozenset())) and a not in self.bridges
        balka = bool(self.balkas.get(a)) and not (self.balkas[a] & self.balkas.get(b, frozenset())) and not leave_exempt_balka
        if river or balka:
            cost += chart.leave_river_or_balka  # 10.1A, 11.4A-B, 10.1D
        return cost

    def zoc_cover(self, src: str, dst: str) -> str:
        """13.B, 13.7: the ZOC Chart column a ZOC from ``src`` into ``dst`` reads: no ZOC into a
        city or town nor across a fortified hexside; a balka hex only from the same balka or an
        adjacent hill, else none; then the terrain's cover (hills are open, 10.3A)."""
        terrain = self.terrain(dst)
        if terrain in ("city", "town"):
            return terrain
        if dst in self.fortified.get(src, ()):
            return "fortified_across"
        if dst in self.balkas:
            if (self.balkas[dst] & self.balkas.get(src, frozenset())) or self.is_hill(src):
                return "balka"
            return "balka_closed"
        if dst in self.fortified:
            return "fortified"
        return self.data.terrain_chart.terrain[terrain].zoc_cover


_boards: PerScenario[Board] = PerScenario(Board)


def board_for(scenario: Scenario) -> Board:
    return _boards(scenario)

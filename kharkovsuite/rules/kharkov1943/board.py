"""Static tables of one Kharkov 1943 scenario, built once and shared by every state of it.

What a unit is (its counter values, formation and front, 1.1 and 1.5), which hexes are in play
(18.2), and what entering a hex costs under each ground state (6.3, 12, 14.3: the Terrain
Effects Chart and the Movement Table of ``system_data``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...map import GameMap
from ...engine.boards import PerScenario
from ...scenario.model import Scenario
from .data import K43Data
from .units import CounterValues

if TYPE_CHECKING:
    import networkx as nx

#: 4.3 and the addenda to 4.2: hexes where a unit may end in an enemy ZoC without attacking.
SHELTER_TERRAIN = frozenset({"village", "town", "city"})


def board_for(scenario: Scenario) -> "Board":
    return _boards(scenario)


@dataclass(frozen=True)
class UnitInfo:
    """What the rules read of one counter: its values, formation and (Soviet) front."""

    id: str
    side: str
    values: CounterValues
    combat: tuple[int, ...]  # combat value at each step, full strength first (1.2)
    formation: str | None
    front: str | None  # 1.5: the Soviet front of its formation; None for the Germans
    steps_lost: int  # losses it starts with (1.2)

    @property
    def is_hq(self) -> bool:
        return self.values.kind == "hq"


class Board:
    def __init__(self, scenario: Scenario):
        self.scenario = scenario
        self.data = K43Data.model_validate(scenario.system_data)
        self.map = GameMap.from_scenario(scenario)
        grid = self.map.grid
        rows = self.data.special_rules.play_rows
        self.in_play: frozenset[str] = frozenset(
            h for h in self.map.hex_ids if rows is None or rows[0] <= grid.row_col(h)[0] <= rows[1]
        )
        self.nbrs: dict[str, tuple[str, ...]] = {
            h: tuple(n for n in self.map.neighbors(h) if n in self.in_play) for h in self.in_play
        }
        self.units: dict[str, UnitInfo] = {}
        for unit in scenario.units:
            ut = scenario.unit_types[unit.type]
            values = CounterValues.model_validate(ut.values)
            formation = unit.formation
            info = self.data.formations.get(formation) if formation else None
            lost = int(unit.values.get("steps_lost", 0))
            self.units[unit.id] = UnitInfo(
                unit.id, ut.side, values, tuple(int(s.attack or 0) for s in ut.steps), formation,
                info.front if info else None, lost,
            )

        self._costs: dict[tuple[str, str, str], int | None] = {}  # the searches' hot lookup
        self._ways: dict[str, dict[str, tuple]] = {}
        self._edges: dict[str, tuple[str, ...]] = {}

    # ------------------------------------------------------------------ terrain (6.3, 12, 14.3)
    def enter_cost(self, a: str, b: str, ground: str) -> int | None:
        """OP to move from ``a`` into the adjacent ``b`` before ZoC, snow and fatigue; None when
        the chart forbids it (a swamp in mud, a major river in mud away from a bridge, 12)."""
        key = (a, b, ground)
        if key not in self._costs:
            self._costs[key] = self._enter_cost(a, b, ground)
        return self._costs[key]

    def ways(self, a: str, ground: str) -> tuple[tuple[str, int | None, bool], ...]:
        """The hexes in play next to ``a``, each with :meth:`enter_cost` from ``a`` on ``ground``
        and whether it is a shelter (a village, town or city: addenda to 4.2)."""
        table = self._ways.setdefault(ground, {})
        found = table.get(a)
        if found is None:
            found = table[a] = tuple((b, self.enter_cost(a, b, ground), self.shelter(b)) for b in self.nbrs.get(a, ()))
        return found

    def edge_hexes(self, edge: str) -> tuple[str, ...]:
        """The hexes in play on ``edge`` (north, south, west or east: the first or last row or
        column in play), sorted."""
        found = self._edges.get(edge)
        if found is None:
            grid = self.map.grid
            rc = {h: grid.row_col(h) for h in self.in_play}
            if edge in ("north", "south"):
                row = (min if edge == "north" else max)(r for r, _ in rc.values())
                found = tuple(sorted(h for h, (r, _) in rc.items() if r == row))
            else:
                col = (min if edge == "west" else max)(c for _, c in rc.values())
                found = tuple(sorted(h for h, (_, c) in rc.items() if c == col))
            self._edges[edge] = found
        return found

    def _enter_cost(self, a: str, b: str, ground: str) -> int | None:
        chart = self.data.terrain_chart
        if self.map.road_between(a, b) or self.map.rail_between(a, b):
            base: float | None = chart.road[ground]
        else:
            base = chart.terrain[self.map.terrain(b)][ground]
        if base is None:
            return None
        features = self.map.hexside_features(a, b)
        for feature in ("bridge", "major_river", "river"):  # a bridge carries its river (12)
            if feature in features:
                extra = chart.hexsides[feature][ground]
                if extra is None:
                    return None
                base += extra
                break
        return int(base)

    def cost_graph(self, ground: str) -> nx.DiGraph:
        """The hexes in play joined by what entering costs on ``ground`` (no units, no ZoC):
        for overlays, benchmarks and as the tests' independent oracle of the reach search."""
        import networkx as nx  # imported when first needed: not at the start of a game
        graph = nx.DiGraph()
        for a in self.in_play:
            for b in self.nbrs[a]:
                cost = self.enter_cost(a, b, ground)
                if cost is not None:
                    graph.add_edge(a, b, weight=cost)
        return graph

    def is_hq(self, unit_id: str) -> bool:
        return self.units[unit_id].is_hq

    def river_between(self, a: str, b: str) -> bool:
        """4.2: a river or major river hexside with no bridge over it."""
        features = self.map.hexside_features(a, b)
        return bool(features & {"river", "major_river"}) and "bridge" not in features

    def shelter(self, hex_id: str) -> bool:
        return self.map.terrain(hex_id) in SHELTER_TERRAIN


_boards: PerScenario["Board"] = PerScenario(Board)

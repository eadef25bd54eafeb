"""What one side sees, read from ``state.observation(side)`` alone, and maps derived from it.

Every rule system's observation lists the units it shows (``units``: id -> ``side``, ``hex``,
``box``, ...); hidden stacks show what the system lets the side see, no more.  The map is public:
hex adjacency comes from the scenario's grid.  Reach maps come from ``legal_moves`` (what the
game would let the side's units do now); threat maps spread the strength of the enemy units seen
over the hexes they could strike next (a hop radius, since an enemy's own moves cannot be asked
for out of its turn).
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping

from ...map import GameMap

_MAPS: dict[int, tuple[object, GameMap]] = {}
_NEIGHBOURS: dict[int, tuple[GameMap, dict[str, list[str]]]] = {}


def game_map(scenario) -> GameMap:
    """The scenario's map geometry, built once per loaded scenario."""
    got = _MAPS.get(id(scenario))
    if got is None or got[0] is not scenario:
        got = _MAPS[id(scenario)] = (scenario, GameMap.from_scenario(scenario))
    return got[1]


def distance_field(neighbours: Callable[[str], Iterable[str]], sources: Iterable[str], limit: int | None = None) -> dict[str, int]:
    """Hex steps from the nearest source over the map's adjacency (terrain ignored), up to ``limit``."""
    dist = {h: 0 for h in sorted(set(sources))}
    queue = deque(dist)
    while queue:
        h = queue.popleft()
        d = dist[h] + 1
        if limit is not None and d > limit:
            continue
        for n in neighbours(h):
            if n not in dist:
                dist[n] = d
                queue.append(n)
    return dist


def offset_field(neighbours: Callable[[str], Iterable[str]], offsets: Mapping[str, int]) -> dict[str, int]:
    """Hex -> the least ``offsets[source]`` plus hex steps to that source: a distance field whose
    sources start at different values (a farther aim counts as if it were some hexes away).

    A breadth-first search a ring at a time, each source joining the ring of its own value, the
    hexes of a ring taken (and listed in the field) in id order: the order of a search by least
    value first, without its queue of every neighbour of every hex."""
    starts: dict[int, list[str]] = {}
    for h, d in offsets.items():
        starts.setdefault(d, []).append(h)
    values = sorted(starts, reverse=True)  # the next one last
    dist: dict[str, int] = {}
    ring: set[str] = set()
    d = values[-1] if values else 0
    while ring or values:
        if not ring and values[-1] > d:
            d = values[-1]  # nothing reached meanwhile: on to the next sources
        if values and values[-1] == d:
            ring.update(starts[values.pop()])
        layer = sorted(h for h in ring if h not in dist)
        for h in layer:
            dist[h] = d
        ring = {n for h in layer for n in neighbours(h) if n not in dist}
        d += 1
    return dist


class Observed:
    """One side's view of the game at one moment."""

    def __init__(self, state, side: str):
        self.state = state
        self.side = side
        self.enemies = tuple(s for s in state.scenario.sides if s != side)
        self.obs = state.observation(side)
        self.turn = self.obs["turn"]
        self.units: dict[str, dict] = self.obs["units"]
        self.map = game_map(state.scenario)
        self.at: dict[str, list[str]] = {}
        for uid in sorted(self.units):
            hex_id = self.units[uid].get("hex")
            if hex_id is not None:
                self.at.setdefault(hex_id, []).append(uid)

    def neighbours(self, hex_id: str) -> list[str]:
        """The map's neighbours of ``hex_id`` (the searches ask for them often: the whole table is made once per map)."""
        found = self._table().get(hex_id)
        return found if found is not None else self.map.neighbors(hex_id)

    def _table(self) -> dict[str, list[str]]:
        got = _NEIGHBOURS.get(id(self.map))
        if got is None or got[0] is not self.map:
            got = _NEIGHBOURS[id(self.map)] = (self.map, {h: self.map.neighbors(h) for h in self.map.hex_ids})
        return got[1]

    def own(self) -> list[str]:
        """This side's units on the map, in id order."""
        return [u for u, v in sorted(self.units.items()) if v["side"] == self.side and v.get("hex") is not None]

    def enemy_hexes(self) -> list[str]:
        return sorted(h for h, ids in self.at.items() if any(self.units[u]["side"] in self.enemies for u in ids))

    def side_at(self, hex_id: str, side: str) -> list[str]:
        return [u for u in self.at.get(hex_id, ()) if self.units[u]["side"] == side]

    def enemy_at(self, hex_id: str) -> list[str]:
        return [u for u in self.at.get(hex_id, ()) if self.units[u]["side"] in self.enemies]

    def distance_field(self, sources: Iterable[str], limit: int | None = None) -> dict[str, int]:
        return distance_field(self._table().__getitem__, (h for h in sources if h in self.map), limit)

    def offset_field(self, offsets: Mapping[str, int]) -> dict[str, int]:
        return offset_field(self._table().__getitem__, {h: d for h, d in offsets.items() if h in self.map})

    def threat_map(self, strength: Callable[[str], float], radius: int = 1, ignore: Iterable[str] = ()) -> dict[str, float]:
        """Hex -> the summed ``strength(unit)`` of the enemy units seen within ``radius`` hexes (but those in the
        hexes ``ignore`` names)."""
        threat: dict[str, float] = {}
        skip = frozenset(ignore)
        for hex_id in self.enemy_hexes():
            if hex_id in skip:
                continue
            power = sum(strength(u) for u in self.enemy_at(hex_id))
            if power <= 0:
                continue
            for h in self.distance_field([hex_id], radius):
                threat[h] = threat.get(h, 0.0) + power
        return threat


def reach_map(state, units: Iterable[str]) -> dict[str, list[str]]:
    """Hex -> the units (of ``units``) that ``legal_moves`` lets reach it now, each alone."""
    reach: dict[str, list[str]] = {}
    for uid in units:
        for hex_id in state.legal_moves((uid,)):
            reach.setdefault(hex_id, []).append(uid)
    return reach

"""What a computer player knows, built only from ``state.observation(side)`` and public map data.

The map, the counter mix of the untried pools and the unit types are printed on the board and
counters, so they are public; positions, steps lost and revealed values come from the
observation.  Nothing here reads ``state.units``, the random generator or drawn values.
An untried unit is valued at the mean of its pool (12.0: nobody knows more).
"""
from __future__ import annotations

from .core.observed import distance_field
from .core.preview import attack_worth, preview_query
from ..rules.kharkov1942 import supply as _supply
from ..rules.kharkov1942.stacking import LIMIT as STACK_LIMIT

SIDES = ("axis", "soviet")


def other(side: str) -> str:
    return "soviet" if side == "axis" else "axis"


def pool_means(scenario) -> dict[str, tuple[float, float, float]]:
    """Mean (attack, defense, steps) of each untried pool, weighted by counter mix."""
    out = {}
    for pid, pool in scenario.untried_pools.items():
        n = sum(c.count for c in pool.counters) or 1
        out[pid] = (
            sum(c.attack * c.count for c in pool.counters) / n,
            sum(c.defense * c.count for c in pool.counters) / n,
            sum(c.steps * c.count for c in pool.counters) / n,
        )
    return out


class Knowledge:
    """Values and geometry for one side's decisions at one moment, from its observation."""

    def __init__(self, state, side: str):
        self.state = state
        self.side = side
        self.enemy = other(side)
        self.board = state.board
        self.obs = state.observation(side)
        self.turn = self.obs["turn"]
        self.pools = _POOLS.setdefault(id(state.scenario), pool_means(state.scenario))
        self.units = self.obs["units"]
        self._supplied: dict[str, frozenset[str]] = {}
        self.memo: dict[object, object] = {}  # a player's derived facts for this moment
        self.at: dict[str, list[str]] = {}
        for uid in sorted(self.units):
            view = self.units[uid]
            if view["hex"] is not None:
                self.at.setdefault(view["hex"], []).append(uid)

    # ------------------------------------------------------------------ unit values
    def values(self, uid: str) -> tuple[float, float, int]:
        """(attack, defense, steps left) as the observation shows them."""
        view = self.units[uid]
        if self.board.is_hq(uid):
            return 0.0, 1.0, 0
        if "values" in view:
            v = view["values"]
            return float(v["attack"]), float(v["defense"]), max(1, int(v["steps"]) - view["step"])
        pool = self.board.unit_type[uid].untried_pool
        if pool is not None and "untried" in view:
            a, d, s = self.pools[pool]
            return a, d, max(1, round(s))
        steps = self.board.type_steps(uid)
        if not steps:
            return 1.0, 1.0, 1
        st = steps[min(view["step"], len(steps) - 1)]
        a = float(st.attack or 0)
        d = float(st.defense if st.defense is not None else (st.attack or 0))
        return a, d, max(1, len(steps) - view["step"])

    def mult(self, hex_id: str) -> float:
        return float(self.board.defense_multiplier[self.board.index[hex_id]])

    def side_at(self, hex_id: str, side: str) -> list[str]:
        return [u for u in self.at.get(hex_id, ()) if self.units[u]["side"] == side]

    def hex_defense(self, hex_id: str) -> float:
        return sum(self.values(u)[1] for u in self.at.get(hex_id, ()) if not self.board.is_hq(u)) * self.mult(hex_id)

    def room(self, hex_id: str, side: str | None = None) -> int:
        """8.1: how many more combat units of ``side`` (default: this side) the hex can take
        before one is eliminated for over-stacking (HQs do not count, 10.16)."""
        side = side or self.side
        return STACK_LIMIT - sum(1 for u in self.side_at(hex_id, side) if not self.board.is_hq(u))

    def in_enemy_zoc(self, hex_id: str) -> bool:
        """8.21: an enemy combat unit stands next to ``hex_id``."""
        return any(not self.board.is_hq(u) for n in self.board.nbr_ids[hex_id] for u in self.side_at(n, self.enemy))

    def enemy_attack_near(self, hex_id: str) -> float:
        return sum(
            self.values(u)[0] for n in self.board.nbr_ids[hex_id] for u in self.side_at(n, self.enemy)
        )

    def attack_ev(self, attackers, targets, loss_weight: float = 1.0) -> float:
        """Expected worth of an attack to the attacker, in steps: each Combat Results Table entry
        the pre-roll odds give (9.0-9.4, 9.8 morale, 9.9, 12.0 untried spread) valued as steps
        taken or hexes driven back (9.56), a whole side's steps and points when eliminated
        (9.55), one step each for Eng (9.59); the attacker's losses weighted by ``loss_weight``.
        The odds query (the system's ``attack_preview``, priced by the shared core) reads
        nothing hidden and never touches the dice."""
        key = ("ev", tuple(attackers), tuple(targets), loss_weight)
        got = self.memo.get(key)
        if got is not None:
            return got
        preview = preview_query("kharkov1942")(self.state, self.side, attackers, targets)
        defenders = [u for h in targets for u in self.side_at(h, self.enemy) if not self.board.is_hq(u)]
        whole_d = sum(self.values(u)[2] + self.unit_vp(u) for u in defenders) + 1.0
        whole_a = sum(self.values(u)[2] + self.unit_vp(u) for u in attackers) + 1.0
        ev = attack_worth(preview, whole_a, whole_d, loss_weight)
        self.memo[key] = ev
        return ev

    def odds(self, attackers, targets) -> float:
        att = sum(self.values(u)[0] for u in attackers)
        dfn = sum(self.hex_defense(h) for h in targets)
        return att / dfn if dfn > 0 else 99.0

    # ------------------------------------------------------------------ public derived facts
    # Supply lines and victory points depend on positions, markers and garrisons only, all of
    # which the observation shows; the one hidden thing in a state is its random generator,
    # which these never read.
    def supplied_hexes(self, side: str) -> frozenset[str]:
        """Hexes where a unit of ``side`` would be in supply now (11.0; Soviet: a Line of
        Communications to an active HQ, 10.23; Axis: a City or road source, 11.31-11.32)."""
        got = self._supplied.get(side)
        if got is None:
            ss = _supply.side_supply(self.state, side)
            names = ("loc",) if side == "soviet" else ("city", "road")
            ids = self.board.ids
            got = frozenset(ids[node // 2] for name in names for node in ss.searches[name].rem)
            self._supplied[side] = got
        return got

    def loc_from(self, hex_id: str, radius: int) -> frozenset[str]:
        """10.22-10.23: the hexes a Line of Communications reaches from an active Soviet HQ
        standing at ``hex_id`` with this Command Radius, the other units where they are now;
        empty when an HQ there would itself be cut off from the east edge (11.21)."""
        key = ("loc-from", hex_id, radius)
        got = self.memo.get(key)
        if got is None:
            ss = _supply.side_supply(self.state, "soviet")
            i = self.board.index[hex_id]
            got = frozenset()
            if ss.searches["edge"].reached(i):
                found = _supply.search(self.board, {i: radius}, ss.no_pass, ss.no_end)
                got = frozenset(self.board.ids[node // 2] for node in found.rem)
            self.memo[key] = got
        return got

    def unsupplied(self, side: str) -> dict[str, str]:
        """Combat units of ``side`` on the map that are out of supply now: unit -> hex."""
        supplied = self.supplied_hexes(side)
        return {
            u: v["hex"] for u, v in self.units.items()
            if v["side"] == side and v["hex"] is not None and not self.board.is_hq(u) and v["hex"] not in supplied
        }

    def south_active(self) -> bool:
        """Operation Fredericus has begun (6.5): no Axis unit carries the ``frozen`` marker."""
        return not any("frozen" in v["flags"] for v in self.units.values() if v["side"] == "axis")

    def is_south(self, hex_id: str) -> bool:
        sector = self.board.map.lines.get("sector")
        return sector is not None and sector.side(hex_id) == "south"

    def south_behind_front(self, hex_id: str) -> bool:
        """6.53: a Soviet unit entering such a hex activates the Axis south."""
        front = self.board.map.lines.get("front")
        return self.is_south(hex_id) and front is not None and front.side(hex_id) == "axis"

    def hq_hexes(self, side: str) -> list[str]:
        return sorted({
            v["hex"] for u, v in self.units.items()
            if v["side"] == side and v["hex"] is not None and self.board.is_hq(u)
        })

    def unit_vp(self, uid: str) -> int:
        return self.board.unit_type[uid].vp

    def is_mechanized(self, uid: str) -> bool:
        return self.board.has_flag(uid, "mechanized") or self.board.has_flag(uid, "armor")

    # ------------------------------------------------------------------ objectives
    def kharkov_hexes(self) -> list[str]:
        city = self.state.scenario.map.cities.get("kharkov")
        return list(city.hexes) if city else []

    def objectives(self) -> list[str]:
        """Soviet: Kharkov and the Cities it does not stand in; Axis: the Soviet salient and lost Cities."""
        cities = sorted(self.board.city_hexes)
        if self.side == "soviet":
            goals = [h for h in cities if not self.side_at(h, "soviet")]
            return sorted(set(goals) | set(self.kharkov_hexes()))
        enemy_hexes = sorted(h for h in self.at if self.side_at(h, "soviet"))
        lost = [h for h in cities if self.side_at(h, "soviet")]
        return sorted(set(enemy_hexes) | set(lost))

    def distance_field(self, sources) -> dict[str, int]:
        """Hex steps from the nearest source over the map's adjacency (terrain ignored)."""
        return distance_field(self.board.nbr_ids.__getitem__, (h for h in sources if h in self.board.index))

    def material(self, side: str) -> float:
        return sum(
            self.values(u)[2] for u, v in self.units.items() if v["side"] == side and v["box"] != "eliminated" and not self.board.is_hq(u)
        )

    def evaluate(self) -> float:
        """Score of the position for ``side``: VP margin plus material (steps)."""
        vp = self.obs.get("vp", {})
        margin = vp.get(self.side, 0) - vp.get(self.enemy, 0)
        return margin + 1.5 * (self.material(self.side) - self.material(self.enemy))


_POOLS: dict[int, dict] = {}

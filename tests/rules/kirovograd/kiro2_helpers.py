"""Shared pieces of the combat-half tests: the historical scenario's charts, and a small board
over a hex grid whose ZOCs, units and stacking room a test sets by hand."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from kharkovsuite.hexgrid import GridSpec, HexGrid
from kharkovsuite.map import GameMap
from kharkovsuite.rules.kirovograd.combat import Battle, Crt, Fighter
from kharkovsuite.rules.kirovograd.data import KiroData
from kharkovsuite.rules.kirovograd.retreat import ZocHere
from kharkovsuite.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[3]
HISTORICAL = ROOT / "scenarios" / "kirovograd-historical.yaml"


@lru_cache(maxsize=1)
def scenario():
    return load_scenario(HISTORICAL)


@lru_cache(maxsize=1)
def data() -> KiroData:
    return KiroData.model_validate(scenario().system_data)


@lru_cache(maxsize=1)
def crt() -> Crt:
    return Crt.from_scenario(scenario())


@lru_cache(maxsize=1)
def game_map() -> GameMap:
    return GameMap.from_scenario(scenario())


def tables() -> dict:
    return {t_id: {"columns": t.columns, "rows": t.rows} for t_id, t in scenario().tables.items()}


def unit(id, side="german", strength=1, kind="infantry", **kw) -> Fighter:
    return Fighter(id, side, kw.pop("formation", "f"), kind, strength, **kw)


def tank(id, side="german", strength=1, **kw) -> Fighter:
    return unit(id, side, strength, kw.pop("kind", "armor"), armored=True, antitank=True, **kw)


def battle(attackers, defenders, a_orders="mobile", d_orders="mobile", targets=("T",), **kw) -> Battle:
    return Battle(tuple(attackers), tuple(defenders), tuple(targets), a_orders, d_orders, **kw)


def dice(*faces):
    """A die that gives ``faces`` in turn."""
    it = iter(faces)
    return lambda: next(it)


@dataclass
class Board:
    """A RetreatBoard on a 20 x 20 grid (hex ids 'CCRR'): the ZOCs the moving side meets, enemy
    and friendly hexes and the hexes that are full."""

    zocs: dict = field(default_factory=dict)
    enemy: set = field(default_factory=set)
    friendly: set = field(default_factory=set)
    full: set = field(default_factory=set)
    grid: HexGrid = field(default_factory=lambda: HexGrid(GridSpec(orientation="flat", columns=20, rows=20)))

    def neighbours(self, h):
        return self.grid.neighbors(h)

    def distance(self, a, b):
        return self.grid.distance(a, b)

    def zoc(self, h, side):
        return self.zocs.get(h, ZocHere())

    def enemy_in(self, h, side):
        return h in self.enemy

    def friendly_in(self, h, side):
        return h in self.friendly

    def stack_room(self, h, side, units):
        return h not in self.full

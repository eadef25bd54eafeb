"""Edits of a scenario as pure functions: each returns a changed copy and leaves its input alone.

The scenario editor wraps every one of these in an undo command that keeps the scenario it
replaces, so the functions must never change their argument.  Copies are shallow along the
path that changes (``set_in``): everything else is shared between the old and the new
scenario, which keeps an undo history of whole-scenario snapshots cheap.

Mappings keep the order a designer wrote; a new key goes where a sorted mapping keeps it
sorted, or at the end of one that is not, so saving after an edit diffs in one place.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from ..hexgrid import GridSpec, HexGrid, HexIdError, Layout
from .checks import _unknown, check_scenario, grid_for
from .errors import format_path
from .model import (
    Area,
    City,
    GridModel,
    MapModel,
    Model,
    NamedLine,
    Place,
    Placement,
    Scenario,
    Side,
    TerrainEffects,
    TerrainType,
    MovementCost,
    Victory,
)


class EditError(ValueError):
    """An edit that cannot be made, with a message for the status bar."""


DELETE = object()  # a value for :func:`set_in` that removes the key or item


# ----------------------------------------------------------------------------- generic


def get_in(obj: Any, path: Iterable) -> Any:
    for part in path:
        obj = getattr(obj, part) if isinstance(obj, Model) else obj[part]
    return obj


def set_in(obj: Any, path: tuple, value: Any) -> Any:
    """A copy of ``obj`` with ``value`` at ``path`` (models, dicts and lists along the way).

    Only the containers on the path are copied.  ``DELETE`` removes a dict key or list item.
    A new dict key is placed by :func:`with_key`.
    """
    if not path:
        return value
    head, rest = path[0], tuple(path[1:])
    if isinstance(obj, Model):
        if value is DELETE and not rest:
            raise EditError(f"cannot delete the field {head!r} of a {type(obj).__name__}")
        return obj.model_copy(update={head: set_in(getattr(obj, head), rest, value)})
    if isinstance(obj, dict):
        if not rest:
            if value is DELETE:
                return {k: v for k, v in obj.items() if k != head}
            return with_key(obj, head, value)
        return with_key(obj, head, set_in(obj[head], rest, value))
    if isinstance(obj, (list, tuple)):
        items = list(obj)
        if not rest and value is DELETE:
            del items[head]
        elif head == len(items) and not rest:
            items.append(value)
        else:
            items[head] = set_in(items[head], rest, value)
        return type(obj)(items) if isinstance(obj, tuple) else items
    raise EditError(f"cannot walk into {type(obj).__name__} at {head!r}")


def with_key(d: Mapping, key: Any, value: Any) -> dict:
    """``d`` with ``key`` set; a new key keeps a sorted mapping sorted, else goes last."""
    if key in d:
        return {k: (value if k == key else v) for k, v in d.items()}
    keys = list(d)
    out = dict(d)
    out[key] = value
    if keys and _is_sorted(keys):
        return {k: out[k] for k in sorted(out, key=_sort_key)}
    return out


def _sort_key(k: Any) -> tuple:
    return (0, k, "") if isinstance(k, (int, float)) else (1, 0, str(k))


def _is_sorted(keys: list) -> bool:
    return all(_sort_key(a) <= _sort_key(b) for a, b in zip(keys, keys[1:]))


def new_key(existing: Iterable[str], stem: str) -> str:
    """``stem``, or ``stem_2``, ``stem_3``, ... whichever is not taken."""
    taken = set(existing)
    if stem not in taken:
        return stem
    n = 2
    while f"{stem}_{n}" in taken:
        n += 1
    return f"{stem}_{n}"


# ----------------------------------------------------------------------------- renames

#: what a designer may rename, by the word the validator uses for it -> where the ids live
#: (a mapping keyed by id; the units are a list keyed by their ``id`` field)
RENAMEABLE: dict[str, tuple] = {
    "side": ("sides",),
    "area": ("map", "areas"),
    "line": ("map", "lines"),
    "unit type": ("unit_types",),
    "formation": ("formations",),
    "untried pool": ("untried_pools",),
    "terrain type": ("map", "terrain_types"),
    "hexside type": ("map", "hexside_types"),
    "unit": ("units",),
}

ID_PATTERN = re.compile(r"^[A-Za-z0-9_.\-]+$")


def check_new_id(new: str, taken: Iterable[str], what: str = "id") -> None:
    """Refuse an id that is empty, has spaces or odd characters, or is in use."""
    if not ID_PATTERN.match(new):
        raise EditError(f"{what} {new!r}: an id is letters, digits, '_', '-' or '.', without spaces")
    if new in set(taken):
        raise EditError(f"{what} {new!r} is taken")


def _ids(s: Scenario, kind: str) -> list[str]:
    if kind not in RENAMEABLE:
        raise EditError(f"cannot rename a {kind} (only {', '.join(RENAMEABLE)})")
    items = get_in(s, RENAMEABLE[kind])
    return [u.id for u in items] if kind == "unit" else list(items)


def _without(s: Scenario, kind: str, name: str) -> Scenario:
    if kind == "unit":
        return set_in(s, ("units",), [u for u in s.units if u.id != name])
    return set_in(s, RENAMEABLE[kind] + (name,), DELETE)


def references(s: Scenario, kind: str, name: str) -> list[tuple]:
    """Paths of every value (or mapping key) in ``s`` that names the ``kind`` called ``name``.

    The scenario validator already knows which fields refer to what: take the named thing
    away and each reference to it becomes an "unknown <kind> '<name>'" problem at its path.
    Besides those, the sides of named lines name sides (the set-up checks read them).
    """
    if name not in _ids(s, kind):
        raise EditError(f"unknown {kind} {name!r}")
    expected = _unknown(kind, name, ())
    paths = [
        path
        for path, message in check_scenario(_without(s, kind, name))
        if message == expected or message.startswith(expected + ";")
    ]
    if kind == "side":
        paths += [
            ("map", "lines", line_id, "sides", hand)
            for line_id, line in s.map.lines.items()
            for hand, side in line.sides.items()
            if side == name
        ]
    return list(dict.fromkeys(paths))


def rename(s: Scenario, kind: str, old: str, new: str) -> Scenario:
    """Give the ``kind`` called ``old`` the id ``new`` and change every reference to it."""
    new = new.strip()
    ids = _ids(s, kind)
    if new == old:
        return s
    if old not in ids:
        raise EditError(f"unknown {kind} {old!r}")
    check_new_id(new, ids, f"{kind} id")
    paths = references(s, kind, old)
    if kind == "unit":
        s = set_in(s, ("units", ids.index(old), "id"), new)
    else:
        s = set_in(s, RENAMEABLE[kind], _renamed_key(get_in(s, RENAMEABLE[kind]), old, new))
    for path in paths:
        if get_in(s, path) == old:
            s = set_in(s, path, new)
        else:  # the name is the key of a mapping (terrain effects, air points by side)
            s = set_in(s, path[:-1], _renamed_key(get_in(s, path[:-1]), old, new))
    return s


def remove_unused(s: Scenario, kind: str, name: str) -> Scenario:
    """Remove the ``kind`` called ``name``; refused while other parts of the scenario name it."""
    paths = references(s, kind, name)
    if paths:
        more = f" and {len(paths) - 1} more places" if len(paths) > 1 else ""
        raise EditError(f"{kind} {name!r} is still named at {format_path(paths[0])}{more}; change those first")
    return _without(s, kind, name)


def _renamed_key(d: Mapping, old: Any, new: Any) -> dict:
    """``d`` with the key ``old`` called ``new``, in the same place."""
    if old not in d:
        raise EditError(f"no key {old!r} to rename")
    return {(new if k == old else k): v for k, v in d.items()}


# ----------------------------------------------------------------------------- terrain


def paint_terrain(s: Scenario, changes: Mapping[str, str]) -> Scenario:
    """Set the terrain of hexes; the default terrain is stored as no entry at all."""
    m = s.map
    grid = grid_for(s)
    terrain = dict(m.terrain)
    for hex_id, kind in changes.items():
        _check_hex(grid, hex_id)
        if kind not in m.terrain_types:
            raise EditError(f"unknown terrain type {kind!r}")
        if kind == m.default_terrain:
            terrain.pop(hex_id, None)
        else:
            terrain = with_key(terrain, hex_id, kind)
    if terrain == m.terrain and list(terrain) == list(m.terrain):
        return s
    return set_in(s, ("map", "terrain"), terrain)


def terrain_of(s: Scenario, hex_id: str) -> str:
    return s.map.terrain.get(hex_id, s.map.default_terrain)


def flood_region(s: Scenario, start: str) -> list[str]:
    """The contiguous region of hexes with the terrain of ``start`` (sorted ids)."""
    grid = grid_for(s)
    _check_hex(grid, start)
    kind = terrain_of(s, start)
    seen = {start}
    todo = [start]
    while todo:
        h = todo.pop()
        for n in grid.neighbors(h):
            if n not in seen and terrain_of(s, n) == kind:
                seen.add(n)
                todo.append(n)
    return sorted(seen)


def flood_fill(s: Scenario, start: str, kind: str) -> Scenario:
    return paint_terrain(s, {h: kind for h in flood_region(s, start)})


def set_terrain_type(s: Scenario, type_id: str, value: TerrainType | None) -> Scenario:
    """Add, change or (``None``) remove a terrain type with its row of terrain effects.

    A removed type may not be painted anywhere nor be the default terrain.
    """
    if value is None:
        if type_id == s.map.default_terrain:
            raise EditError(f"{type_id!r} is the default terrain; choose another default first")
        used = sorted(h for h, t in s.map.terrain.items() if t == type_id)
        if used:
            raise EditError(f"terrain {type_id!r} is painted on {len(used)} hexes (e.g. {used[0]}); repaint them first")
        s = set_in(s, ("map", "terrain_types", type_id), DELETE)
        if type_id in s.terrain_effects.terrain:
            s = set_in(s, ("terrain_effects", "terrain", type_id), DELETE)
        return s
    s = set_in(s, ("map", "terrain_types", type_id), value)
    if type_id not in s.terrain_effects.terrain:
        cost = {c: 1.0 for c in s.terrain_effects.movement_classes}
        s = set_in(s, ("terrain_effects", "terrain", type_id), MovementCost(cost=cost))
    return s


# ----------------------------------------------------------------------------- hexsides


def hexside_of(s: Scenario, a: str, b: str) -> str:
    try:
        return grid_for(s).hexside_id(a, b)
    except HexIdError as exc:
        raise EditError(str(exc)) from None


def has_hexside_feature(s: Scenario, a: str, b: str, feature: str) -> bool:
    return feature in s.map.hexsides.get(hexside_of(s, a, b), [])


def set_hexside_feature(s: Scenario, a: str, b: str, feature: str, present: bool) -> Scenario:
    """Give the hexside between ``a`` and ``b`` the feature ``feature``, or take it away."""
    side_id = hexside_of(s, a, b)
    if feature not in s.map.hexside_types:
        raise EditError(f"unknown hexside type {feature!r}")
    features = list(s.map.hexsides.get(side_id, []))
    if (feature in features) == present:
        return s
    if present:
        features.append(feature)
    else:
        features.remove(feature)
    return set_in(s, ("map", "hexsides", side_id), features if features else DELETE)


def toggle_hexside(s: Scenario, a: str, b: str, feature: str) -> Scenario:
    """Add ``feature`` to the hexside between ``a`` and ``b``, or remove it when present."""
    return set_hexside_feature(s, a, b, feature, not has_hexside_feature(s, a, b, feature))


# ----------------------------------------------------------------------------- roads and railroads

NETS = ("roads", "railroads")


def _net_kind(kind: str) -> str:
    if kind not in NETS:
        raise EditError(f"unknown net {kind!r} (roads or railroads)")
    return kind


def has_segment(s: Scenario, kind: str, a: str, b: str) -> bool:
    for chain in getattr(s.map, _net_kind(kind)):
        for x, y in zip(chain, chain[1:]):
            if {x, y} == {a, b}:
                return True
    return False


def add_segment(s: Scenario, kind: str, a: str, b: str) -> Scenario:
    """Join adjacent hexes ``a`` and ``b`` by road or railroad.

    A chain ending in ``a`` grows by ``b`` (and one starting at ``a`` grows at its front), so
    clicking along a road builds one chain; otherwise a new two-hex chain starts.
    """
    grid = grid_for(s)
    _check_hex(grid, a)
    _check_hex(grid, b)
    if a == b:
        raise EditError("a segment joins two different hexes")
    if grid.direction(a, b) is None:
        raise EditError(f"{a} and {b} are not adjacent: click the hexes of a {_singular(kind)} one after another")
    if has_segment(s, kind, a, b):
        raise EditError(f"{a}-{b} already has a {_singular(kind)}")
    chains = [list(c) for c in getattr(s.map, kind)]
    for i, chain in enumerate(chains):
        if chain[-1] == a:
            chains[i] = chain + [b]
            break
        if chain[0] == a:
            chains[i] = [b] + chain
            break
    else:
        chains.append([a, b])
    return set_in(s, ("map", kind), chains)


def remove_segment(s: Scenario, kind: str, a: str, b: str) -> Scenario:
    """Remove the segment ``a``-``b``; the chain that held it splits in two."""
    chains: list[list[str]] = []
    found = False
    for chain in getattr(s.map, _net_kind(kind)):
        cut = next((j for j in range(1, len(chain)) if {chain[j - 1], chain[j]} == {a, b}), None)
        if cut is None or found:
            chains.append(list(chain))
            continue
        found = True
        for piece in (chain[:cut], chain[cut:]):
            if len(piece) >= 2:
                chains.append(list(piece))
    if not found:
        raise EditError(f"there is no {_singular(kind)} between {a} and {b}")
    return set_in(s, ("map", kind), chains)


def _singular(kind: str) -> str:
    return "road" if kind == "roads" else "railroad"


# ----------------------------------------------------------------------------- cities, lines, areas


def set_city(s: Scenario, city_id: str, city: City | None) -> Scenario:
    """Add, change or (``None``) remove a city; its hexes and label hex must be on the map."""
    if city is not None:
        grid = grid_for(s)
        for hex_id in [*city.hexes, *city.garrison, *([city.label_hex] if city.label_hex else [])]:
            _check_hex(grid, hex_id)
    return set_in(s, ("map", "cities", city_id), DELETE if city is None else city)


def toggle_city_hex(s: Scenario, city_id: str, hex_id: str) -> Scenario:
    """Add ``hex_id`` to the city, or take it out when it is one of the city's hexes.

    A hex belongs to one city only: adding it takes it (and its garrison) from another.
    """
    _check_hex(grid_for(s), hex_id)
    city = s.map.cities[city_id]
    if hex_id in city.hexes:
        hexes = [h for h in city.hexes if h != hex_id]
        garrison = {h: g for h, g in city.garrison.items() if h != hex_id}
        label = city.label_hex if city.label_hex != hex_id else None
        return set_city(s, city_id, city.model_copy(update={"hexes": hexes, "garrison": garrison, "label_hex": label}))
    for other_id, other in s.map.cities.items():
        if other_id != city_id and hex_id in other.hexes:
            s = toggle_city_hex(s, other_id, hex_id)
    return set_city(s, city_id, city.model_copy(update={"hexes": list(city.hexes) + [hex_id]}))


def set_garrison(s: Scenario, city_id: str, hex_id: str, value: int) -> Scenario:
    city = s.map.cities[city_id]
    if hex_id not in city.hexes:
        raise EditError(f"{hex_id} is not a hex of {city.name}")
    if value < 0:
        raise EditError("a garrison is 0 or more")
    garrison = dict(city.garrison)
    if value == 0:
        garrison.pop(hex_id, None)
    else:
        garrison = with_key(garrison, hex_id, int(value))
    return set_city(s, city_id, city.model_copy(update={"garrison": garrison}))


def set_place(s: Scenario, place_id: str, place: Place | None) -> Scenario:
    """Add, change or (``None``) remove a named place; its hex must be on the map."""
    if place is not None:
        _check_hex(grid_for(s), place.hex)
    return set_in(s, ("map", "places", place_id), DELETE if place is None else place)


def set_line(s: Scenario, line_id: str, line: NamedLine | None) -> Scenario:
    return set_in(s, ("map", "lines", line_id), DELETE if line is None else line)


def set_area(s: Scenario, area_id: str, area: Area | None) -> Scenario:
    return set_in(s, ("map", "areas", area_id), DELETE if area is None else area)


def paint_area(s: Scenario, area_id: str, hexes: Iterable[str], add: bool = True) -> Scenario:
    grid = grid_for(s)
    area = s.map.areas[area_id]
    current = list(area.hexes)
    for h in hexes:
        _check_hex(grid, h)
        if add and h not in current:
            current.append(h)
        elif not add and h in current:
            current.remove(h)
    if current == list(area.hexes):
        return s
    if _is_sorted(list(area.hexes)):
        current.sort()
    return set_area(s, area_id, area.model_copy(update={"hexes": current}))


# ----------------------------------------------------------------------------- units


def placement_index(s: Scenario, unit_id: str) -> int | None:
    for i, p in enumerate(s.setup.placements):
        if p.unit == unit_id:
            return i
    return None


def units_at(s: Scenario, hex_id: str) -> list[str]:
    """Units placed in a hex at set-up, in placement order (the last is on top)."""
    return [p.unit for p in s.setup.placements if p.hex == hex_id]


def place_unit(s: Scenario, unit_id: str, hex_id: str | None = None, box: str | None = None) -> Scenario:
    """Place a unit in a hex (or an off-map box) at set-up; a placed unit moves there."""
    if unit_id not in {u.id for u in s.units}:
        raise EditError(f"unknown unit {unit_id!r}")
    if (hex_id is None) == (box is None):
        raise EditError("a unit is placed in a hex or in a box")
    if hex_id is not None:
        _check_hex(grid_for(s), hex_id)
    if box is not None and box not in s.map.areas:
        raise EditError(f"unknown box {box!r}")
    for i, r in enumerate(s.reinforcements):
        if unit_id in r.units:
            raise EditError(f"{unit_id} arrives as a reinforcement on turn {r.turn}; take it out of the schedule first")
    placement = Placement(unit=unit_id, hex=hex_id, box=box)
    i = placement_index(s, unit_id)
    if i is None:
        return set_in(s, ("setup", "placements", len(s.setup.placements)), placement)
    return set_in(s, ("setup", "placements", i), placement)


def remove_placement(s: Scenario, unit_id: str) -> Scenario:
    i = placement_index(s, unit_id)
    if i is None:
        raise EditError(f"{unit_id} is not placed")
    return set_in(s, ("setup", "placements", i), DELETE)


def rename_unit(s: Scenario, old: str, new: str) -> Scenario:
    """Change a unit's id and every reference to it (placements, zones, reinforcements)."""
    return rename(s, "unit", old, new)


def rename_unit_type(s: Scenario, old: str, new: str) -> Scenario:
    """Change a unit type's id and the type of every unit of it."""
    return rename(s, "unit type", old, new)


def remove_unit(s: Scenario, unit_id: str) -> Scenario:
    """Remove a unit and every reference to it."""
    units = [u for u in s.units if u.id != unit_id]
    placements = [p for p in s.setup.placements if p.unit != unit_id]
    zones = [z.model_copy(update={"units": [x for x in z.units if x != unit_id]}) if unit_id in z.units else z for z in s.setup.zones]
    reinf = []
    for r in s.reinforcements:
        if unit_id in r.units:
            rest = [x for x in r.units if x != unit_id]
            if not rest:
                continue
            r = r.model_copy(update={"units": rest})
        reinf.append(r)
    setup = s.setup.model_copy(update={"placements": placements, "zones": zones})
    return s.model_copy(update={"units": units, "setup": setup, "reinforcements": reinf})


# ----------------------------------------------------------------------------- map size


def resize_map(s: Scenario, rows: int, columns: int) -> tuple[Scenario, list[str]]:
    """Change the number of rows and columns; return the new scenario and what was dropped.

    Rows and columns are added or taken away where the numbering grows (a map whose columns
    grow west gains columns in the west).  Hex ids keep naming the same hexes; named lines,
    stored in map units, move with them.  Everything on hexes that leave the map is dropped
    and listed.
    """
    old_grid = grid_for(s)
    new_model = s.map.grid.model_copy(update={"rows": rows, "columns": columns})
    try:
        GridModel.model_validate(new_model.model_dump())
        new_grid = HexGrid(grid_spec(new_model))
    except ValueError as exc:
        raise EditError(f"cannot make a map of {rows} rows and {columns} columns: {exc}") from None
    keep = set(new_grid.all_ids())
    dropped: list[str] = []
    gone = lambda h: h is not None and h not in keep  # noqa: E731

    m = s.map
    terrain = {h: t for h, t in m.terrain.items() if not gone(h)}
    if len(terrain) != len(m.terrain):
        lost = sorted(set(m.terrain) - set(terrain))
        dropped.append(f"terrain of {len(lost)} hexes ({_few(lost)})")
    hexsides = {}
    for side_id, features in m.hexsides.items():
        a, b = side_id.split("/")
        if gone(a) or gone(b):
            dropped.append(f"hexside {side_id} ({', '.join(features)})")
        else:
            hexsides[side_id] = features
    nets = {}
    for kind in NETS:
        chains = []
        for chain in getattr(m, kind):
            pieces, piece = [], []
            for h in chain:
                if gone(h):
                    pieces.append(piece)
                    piece = []
                else:
                    piece.append(h)
            pieces.append(piece)
            pieces = [p for p in pieces if len(p) >= 2]
            if sum(len(p) for p in pieces) != len(chain):
                dropped.append(f"{_singular(kind)} through {_few([h for h in chain if gone(h)])}")
            chains.extend(pieces)
        nets[kind] = chains
    cities = {}
    for city_id, city in m.cities.items():
        hexes = [h for h in city.hexes if not gone(h)]
        if not hexes:
            dropped.append(f"city {city.name}")
            continue
        if len(hexes) != len(city.hexes):
            dropped.append(f"{len(city.hexes) - len(hexes)} hexes of city {city.name}")
        garrison = {h: g for h, g in city.garrison.items() if not gone(h)}
        label = None if gone(city.label_hex) else city.label_hex
        cities[city_id] = city.model_copy(update={"hexes": hexes, "garrison": garrison, "label_hex": label})
    places = {}
    for place_id, place in m.places.items():
        if gone(place.hex):
            dropped.append(f"place {place.name}")
        else:
            places[place_id] = place
    ref = next(h for h in old_grid.all_ids() if h in keep)
    (ox, oy), (nx_, ny) = (old_grid.layout(1.0).center(old_grid.hex_of(ref)), new_grid.layout(1.0).center(new_grid.hex_of(ref)))
    dx, dy = nx_ - ox, ny - oy
    lines = {}
    for line_id, line in m.lines.items():
        marks = {k: h for k, h in line.marks.items() if not gone(h)}
        for k in line.marks:
            if k not in marks:
                dropped.append(f"mark {k} of line {line.name}")
        points = [(round(x + dx, 6), round(y + dy, 6)) for x, y in line.points]
        lines[line_id] = line.model_copy(update={"marks": marks, "points": points})
    areas = {}
    for area_id, area in m.areas.items():
        hexes = [h for h in area.hexes if not gone(h)]
        if len(hexes) != len(area.hexes):
            dropped.append(f"{len(area.hexes) - len(hexes)} hexes of area {area.name}")
        areas[area_id] = area.model_copy(update={"hexes": hexes}) if len(hexes) != len(area.hexes) else area
    new_map = m.model_copy(
        update={
            "grid": new_model,
            "terrain": terrain,
            "hexsides": hexsides,
            "roads": nets["roads"],
            "railroads": nets["railroads"],
            "cities": cities,
            "places": places,
            "lines": lines,
            "areas": areas,
        }
    )
    placements = []
    for p in s.setup.placements:
        if gone(p.hex):
            dropped.append(f"placement of {p.unit} in {p.hex}")
        else:
            placements.append(p)
    zones = []
    for z in s.setup.zones:
        if gone(z.hex):
            dropped.append(f"hex {z.hex} of set-up zone {z.name}")
            z = z.model_copy(update={"hex": None})
        zones.append(z)
    units = []
    for u in s.units:
        if gone(u.deploy_hex):
            dropped.append(f"deployment hex {u.deploy_hex} of {u.id}")
            u = u.model_copy(update={"deploy_hex": None})
        units.append(u)
    setup = s.setup.model_copy(update={"placements": placements, "zones": zones})
    return s.model_copy(update={"map": new_map, "setup": setup, "units": units}), dropped


def _few(items: list[str], n: int = 4) -> str:
    return ", ".join(items[:n]) + (f" and {len(items) - n} more" if len(items) > n else "")


def grid_spec(g: GridModel) -> GridSpec:
    return g.spec()


def _check_hex(grid: HexGrid, hex_id: str) -> None:
    try:
        grid.hex_of(hex_id)
    except HexIdError as exc:
        raise EditError(str(exc)) from None


# ----------------------------------------------------------------------------- lines


def snap_to_corner(s: Scenario, x: float, y: float) -> tuple[float, float]:
    """The hex corner nearest to (x, y) in map units, rounded so that files stay readable."""
    grid = grid_for(s)
    layout: Layout = grid.layout(1.0)
    h = layout.hex_at(x, y)
    corners = layout.corners(h)
    cx, cy = min(corners, key=lambda c: (c[0] - x) ** 2 + (c[1] - y) ** 2)
    return (round(cx, 4), round(cy, 4))


# ----------------------------------------------------------------------------- new scenarios


def blank_scenario(
    rules: str,
    grid: GridModel,
    scenario_id: str = "new",
    title: str = "New scenario",
    template: Scenario | None = None,
) -> Scenario:
    """An empty map of one terrain with two sides, ready to be built in the editor.

    With a ``template`` (the rule system's shipped scenario), its sides, terrain and hexside
    types, terrain effects and tables are copied, so the new map speaks the same terrain.  The
    victory levels and awards are the rule system's own, when it has them.
    """
    from ..rules import victory_defaults

    victory = victory_defaults(rules) or Victory()
    if template is not None:
        return Scenario(
            format="kharkovsuite-scenario/1",
            id=scenario_id,
            title=title,
            rules=rules,
            map=MapModel(
                grid=grid,
                terrain_types=dict(template.map.terrain_types),
                default_terrain=template.map.default_terrain,
                hexside_types=dict(template.map.hexside_types),
            ),
            terrain_effects=template.terrain_effects,
            tables=dict(template.tables),
            sides=dict(template.sides),
            unit_types={},
            untried_pools=dict(template.untried_pools),
            victory=victory,
        )
    return Scenario(
        format="kharkovsuite-scenario/1",
        id=scenario_id,
        title=title,
        rules=rules,
        map=MapModel(grid=grid, terrain_types={"clear": TerrainType(name="Clear")}, default_terrain="clear"),
        terrain_effects=TerrainEffects(
            movement_classes=["infantry", "mobile"],
            terrain={"clear": MovementCost(cost={"infantry": 1.0, "mobile": 1.0})},
        ),
        sides={
            "axis": Side(name="Axis", color="#8a8f95", nationalities={"german": "German"}),
            "soviet": Side(name="Soviet", color="#b5523b", nationalities={"soviet": "Soviet"}),
        },
        unit_types={},
        victory=victory,
    )

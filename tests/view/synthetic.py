"""A synthetic scenario at the scale of the Kharkov 1942 map (40 x 39 hexes, ~200 counters).

Deterministic (seeded), valid, and with a little of everything the view draws, for tests and
bench/bench_view.py while the real map is being built.  Not a game: the terrain is random.
"""
from __future__ import annotations

import random
from pathlib import Path

import yaml

from kharkovsuite.hexgrid import GridSpec, HexGrid

SMALL = Path(__file__).resolve().parent.parent / "data" / "small.yaml"

TOWNS = [
    "Volchansk", "Chuguev", "Balakleya", "Izyum", "Kupyansk", "Merefa", "Krasnograd", "Lozovaya",
    "Barvenkovo", "Slavyansk", "Kramatorsk", "Pavlograd", "Zmiev", "Valki", "Bogodukhov", "Savintsy",
    "Petrovskaya", "Alexeyevka",
]


def synthetic_data(columns: int = 40, rows: int = 39, units: int = 200, orientation: str = "pointy", seed: int = 1942) -> dict:
    rng = random.Random(seed)
    data = yaml.safe_load(SMALL.read_text(encoding="utf-8"))
    grid_model = {"orientation": orientation, "columns": columns, "rows": rows, "id_order": "row-col", "row_grows": "south", "column_grows": "west", "shifted": "odd", "km_per_hex": 6.9}
    grid = HexGrid(GridSpec(orientation=orientation, columns=columns, rows=rows, id_order="row-col", row_grows="south", column_grows="west", shifted="odd"))
    ids = grid.all_ids()
    m = data["map"]
    m["grid"] = grid_model
    m["terrain_types"]["minor_city"] = {"name": "Minor city", "color": "#d8ccb4", "pattern": "buildings"}
    m["terrain_types"]["marsh"] = {"name": "Marsh", "color": "#cfe0d0", "pattern": "marsh"}
    data["terrain_effects"]["terrain"]["minor_city"] = {"cost": {"infantry": 1, "mechanized": 1}}
    data["terrain_effects"]["terrain"]["marsh"] = {"cost": {"infantry": 2, "mechanized": 3}}
    m["hexside_types"]["dnieper"] = {"name": "Dnieper", "color": "#1f5aa6", "width": 6}
    data["terrain_effects"]["hexsides"]["dnieper"] = {"prohibited": True, "except_road": True}

    terrain: dict[str, str] = {}
    for _ in range(30):  # forest blobs
        h = rng.choice(ids)
        for n in grid.within(h, rng.randint(0, 2)):
            if rng.random() < 0.6:
                terrain[n] = "forest"
    for _ in range(6):
        h = rng.choice(ids)
        for n in grid.within(h, 1):
            if rng.random() < 0.5:
                terrain[n] = "marsh"

    cities = {}
    majors = [("kharkov", "Kharkov", 0.25, 0.2), ("poltava", "Poltava", 0.85, 0.25), ("dniepropetrovsk", "Dniepropetrovsk", 0.8, 0.85)]
    for cid, name, fx, fy in majors:
        center = grid.id_at(1 + int(fy * (rows - 1)), 1 + int((1 - fx) * (columns - 1)))
        hexes = [center] + grid.neighbors(center)[:3]
        for h in hexes:
            terrain[h] = "major_city"
        cities[cid] = {"name": name, "kind": "major_city", "hexes": hexes, "garrison": {h: 1 for h in hexes}, "vp": 10, "label_hex": center}
    town_hexes = []
    for name in TOWNS[: max(2, columns * rows // 85)]:
        h = rng.choice([i for i in ids if i not in terrain])
        terrain[h] = "minor_city"
        town_hexes.append(h)
        cities[name.lower()] = {"name": name, "kind": "minor_city", "hexes": [h]}
    m["terrain"] = dict(sorted(terrain.items()))
    m["cities"] = cities
    free = [i for i in ids if i not in terrain]
    m["places"] = {f"p{i}": {"name": f"Selo {i}", "hex": h} for i, h in enumerate(rng.sample(free, min(30, len(free) // 4)))}

    hexsides: dict[str, list[str]] = {}

    def river(kind: str, start: str, end: str, direction: int) -> None:
        for h in grid.line(start, end):
            n = grid.hex_of(h).neighbor(direction)
            if grid.on_map(n):
                hexsides.setdefault(grid.hexside_id(h, grid.hex_id(n)), []).append(kind)

    def at(fy: float, fx: float) -> str:
        """The hex at fractions of the map's height and width (columns grow west)."""
        return grid.id_at(1 + round(fy * (rows - 1)), 1 + round(fx * (columns - 1)))

    river("major_river", at(0, 0.37), at(1, 0.25), 0)
    river("minor_river", at(0, 0.08), at(0.5, 0.03), 0)
    river("minor_river", at(0.5, 0.75), at(1, 0.62), 0)
    river("dnieper", at(0.8, 1), at(1, 0.85), 1)
    m["hexsides"] = {k: sorted(set(v)) for k, v in sorted(hexsides.items())}

    hubs = [c["label_hex"] for c in cities.values() if "label_hex" in c] + town_hexes
    m["roads"] = [grid.line(a, b) for a, b in zip(hubs, hubs[1:] + hubs[:1])]
    m["railroads"] = [grid.line(a, b) for a, b in zip(hubs[::3], hubs[1::3])]

    w, h = columns * 1.732, rows * 1.5
    front = [[w * (0.45 + 0.1 * rng.random()), 0.0]] + [[w * (0.3 + 0.35 * rng.random()), h * t / 8] for t in range(1, 8)] + [[w * 0.5, h + 2]]
    marks = {}
    for i, label in enumerate("ABCDEFG"):
        marks[label] = grid.id_at(1 + int((rows - 1) * (i + 0.5) / 7), columns // 2)
    m["lines"] = {
        "front": {"name": "Front line, 12 May 1942", "points": front, "sides": {"left": "soviet", "right": "axis"}, "marks": marks, "color": "#d55e00"},
        "sector": {"name": "North-South sector line", "points": [[0.0, h * 0.6], [w + 2, h * 0.55]], "sides": {"left": "north", "right": "south"}, "color": "#000000", "style": "dash"},
    }
    m["areas"] = {
        "north_edge": {"name": "Axis entry", "kind": "entry", "side": "axis", "hexes": grid.edge_ids("north")[columns // 2 :]},
        "east_edge": {"name": "Soviet entry", "kind": "entry", "side": "soviet", "hexes": grid.edge_ids("east")},
        "reserve_28": {"name": "28th Army Reserve", "kind": "box", "side": "soviet"},
        "reserve_6": {"name": "6th Army Reserve", "kind": "box", "side": "soviet"},
    }

    data["sides"]["axis"]["nationalities"] = {"german": "German", "rumanian": "Rumanian"}
    ut = data["unit_types"]
    ut["ge_pz"] = {"name": "Panzer regiment", "side": "axis", "nationality": "german", "symbol": "armor", "size": "III", "movement_class": "mechanized", "steps": [{"attack": 4, "defense": 4, "movement": 12}, {"attack": 2, "defense": 2, "movement": 12}]}
    ut["ge_pzg"] = {"name": "Panzergrenadier regiment", "side": "axis", "nationality": "german", "symbol": "mechanized", "size": "III", "movement_class": "mechanized", "steps": [{"attack": 2, "defense": 2, "movement": 12}]}
    ut["ge_mtn"] = {"name": "Mountain division", "side": "axis", "nationality": "german", "symbol": "mountain", "size": "XX", "movement_class": "infantry", "steps": [{"attack": 7, "defense": 7, "movement": 8}]}
    ut["ge_sich"] = {"name": "Security division", "side": "axis", "nationality": "german", "symbol": "security", "size": "XX", "movement_class": "infantry", "steps": [{"attack": 2, "defense": 2, "movement": 8}]}
    ut["ru_inf"] = {"name": "Rumanian division", "side": "axis", "nationality": "rumanian", "symbol": "infantry", "size": "XX", "movement_class": "infantry", "steps": [{"attack": 3, "defense": 3, "movement": 7}]}
    ut["cav"] = {"name": "Cavalry division", "side": "soviet", "nationality": "soviet", "symbol": "cavalry", "size": "XX", "movement_class": "infantry", "flags": ["untried"], "untried_pool": "cavalry"}
    ut["tank"] = {"name": "Tank brigade", "side": "soviet", "nationality": "soviet", "symbol": "armor", "size": "X", "movement_class": "mechanized", "flags": ["untried"], "untried_pool": "tank"}
    ut["guards"] = {"name": "Guards rifle division", "side": "soviet", "nationality": "soviet", "symbol": "infantry", "size": "XX", "movement_class": "infantry", "steps": [{"attack": 5, "defense": 5, "movement": 7}, {"attack": 2, "defense": 3, "movement": 7}]}
    ut["reserve"] = {"name": "Army reserve", "side": "soviet", "nationality": "soviet", "symbol": "reserve", "size": "XXXX", "movement_class": "infantry", "steps": [{"attack": 4, "defense": 4, "movement": 4}]}
    ut["hq"] = {"name": "Army HQ", "side": "soviet", "nationality": "soviet", "symbol": "hq", "size": "XXXX", "movement_class": "infantry", "hq": {"command_radius": 5, "movement": 11, "inactive_movement": 5}}
    data["untried_pools"]["cavalry"] = {"name": "Cavalry divisions", "back": "U-8", "counters": [{"attack": 2, "defense": 2, "movement": 8, "count": 18}]}
    data["untried_pools"]["tank"] = {"name": "Tank brigades", "back": "U-11", "counters": [{"attack": 4, "defense": 3, "movement": 11, "count": 35}]}

    axis_types = ["ge_inf"] * 6 + ["ge_pz", "ge_pzg", "ge_pzg", "ge_mtn", "ge_sich", "ru_inf"]
    soviet_types = ["rifle"] * 6 + ["cav", "cav", "tank", "tank", "guards"]
    unit_list, placements = [], []
    front_hexes = sorted(ids, key=lambda i: rng.random())
    occupied = 0
    n = 0
    while n < units:
        where = front_hexes[occupied]
        occupied += 1
        for _ in range(rng.choice([1, 1, 1, 2, 2, 3])):
            if n >= units:
                break
            x = grid.row_col(where)[1]
            side_types = soviet_types if x < columns // 2 else axis_types
            t = rng.choice(side_types)
            uid = f"u{n}"
            unit_list.append({"id": uid, "type": t, "name": f"{n + 1}th {ut[t]['name'].split()[0]}"})
            placements.append({"unit": uid, "hex": where})
            n += 1
    for i, box in enumerate(["reserve_28", "reserve_6"]):
        for j in range(5):
            uid = f"r{i}-{j}"
            unit_list.append({"id": uid, "type": rng.choice(["rifle", "cav", "tank"]), "name": f"{j + 1}th Reserve"})
            placements.append({"unit": uid, "box": box})
    hq_hex = at(0.33, 0.25)
    unit_list.append({"id": "hq-6", "type": "hq", "name": "6th Army HQ (Gorodniansky)"})
    placements.append({"unit": "hq-6", "hex": hq_hex})
    data["units"] = unit_list
    data["setup"] = {
        "zones": [
            {"id": "soviet-ab", "name": "Soviet A-B", "side": "soviet", "line": "front", "between": ["A", "B"]},
            {"id": "hq-zone", "name": "6th Army HQ", "side": "soviet", "hex": hq_hex, "within": 2},
        ],
        "placements": placements,
    }
    data["reinforcements"] = []
    data["id"] = "synthetic"
    data["title"] = f"Synthetic {columns}x{rows} ({orientation})"
    return data


def write_synthetic(path: Path, **kwargs) -> Path:
    path.write_text(yaml.safe_dump(synthetic_data(**kwargs), sort_keys=False), encoding="utf-8")
    return path

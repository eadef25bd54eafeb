"""Build the two Kharkov 1943 scenarios from the map file, the order of battle and the charts.

    .venv/bin/python tools/build_kharkov1943.py            # write both scenario files
    .venv/bin/python tools/build_kharkov1943.py --check    # exit 1 if a committed file differs
    .venv/bin/python tools/build_kharkov1943.py --report   # also print the figures the docs quote

Inputs (plain YAML, edited by hand):

- ``scenarios/maps/kharkov-1943-map.yaml``: the map, built by ``tools/build_map.py``;
- ``tools/kharkov1943_oob.yaml``: sides, counter kinds, formations and fronts, HQs, units with
  their set-up hexes, reinforcements, entry areas and the two scenarios of rule 18;
- ``tools/kharkov1943_charts.yaml``: the CRT parameters, the Terrain Effects Chart, the
  Movement, Postures, weather, air support and replacement tables.

Armour, anti-tank, stacking points and the combat value of each step are not typed in: they are
derived by the rule system's own functions (``kharkovsuite.rules.kharkov1943.units``), which its
scenario checks use too.  Outputs depend only on the inputs.  Nothing here runs at play time;
why each value is what it is: ``docs/reconstruction/kharkov-1943.md``.
"""
from __future__ import annotations

import datetime
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Literal

ROOT = Path(__file__).resolve().parent.parent
for _p in (ROOT, ROOT / "tools"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

import yaml  # noqa: E402
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator  # noqa: E402

from kharkovsuite.hexgrid import HexGrid, HexIdError  # noqa: E402
from kharkovsuite.rules.kharkov1943.units import (  # noqa: E402
    COMMAND_RANGE,
    Echelon,
    HQLevel,
    Kind,
    derived_antitank,
    derived_armor,
    derived_stacking,
    step_values,
)
from kharkovsuite.scenario import Scenario, dumps_scenario  # noqa: E402
from kharkovsuite.scenario.model import MapModel  # noqa: E402
from mapbuilder import load_yaml  # noqa: E402
from scenario_builder import BuildError, builder_arguments, built_problems, read_source, write_or_check  # noqa: E402

MAP = ROOT / "scenarios" / "maps" / "kharkov-1943-map.yaml"
OOB = ROOT / "tools" / "kharkov1943_oob.yaml"
CHARTS = ROOT / "tools" / "kharkov1943_charts.yaml"
FIRST_DAY = datetime.date(1943, 2, 1)
DAYS_PER_TURN = 4  # 0.1


# ----------------------------------------------------------------------------- the sources, checked


class _Source(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SourceKind(_Source):
    side: Literal["german", "soviet"]
    nat: str
    name: str
    symbol: str
    size: str
    kind: Kind
    echelon: Echelon
    mc: Literal["foot", "motorized"]
    op: int = Field(ge=0)
    engineer: bool = False
    detachment: bool = False


class SourceUnit(_Source):
    id: str
    k: str
    n: str
    f: str | None = None
    cv: int = Field(ge=0)
    st: int = Field(default=1, ge=1, le=8)
    at: str | None = None
    box: str | None = None
    arrive: tuple[int, str] | None = None
    rail: bool = False
    lost: int = Field(default=0, ge=0)
    det_of: str | None = None
    heavy: bool = False
    tiger: bool = False
    gallop_at: str | None = None
    level: HQLevel | None = None
    action_group: bool = False

    @model_validator(mode="after")
    def _one_place(self):
        if sum(x is not None for x in (self.at, self.box, self.arrive)) != 1:
            raise ValueError("a unit has exactly one of at (a set-up hex), box or arrive ([turn, entry area])")
        return self


class SourceFormation(_Source):
    name: str
    side: Literal["german", "soviet"]
    kind: str
    color: str | None = Field(default=None, pattern=r"^#[0-9a-fA-F]{6}$")
    front: str | None = None
    hq: str | None = None
    whole: int = 0


class SourceArea(_Source):
    name: str
    side: str | None = None
    kind: str = "entry"
    edge: Literal["north", "south", "east", "west"] | None = None
    rows: tuple[int, int] | None = None
    cols: tuple[int, int] | None = None
    edges: list[tuple[Literal["north", "south", "east", "west"], Literal["rows", "cols"], int, int]] | None = None


class SourceOOB(_Source):
    sides: dict[str, dict]
    kinds: dict[str, SourceKind]
    formations: dict[str, SourceFormation]
    fronts: dict[str, dict]
    hqs: list[SourceUnit]
    units: dict[Literal["german", "soviet"], list[SourceUnit]]
    reinforcements: dict[Literal["german", "soviet"], list[SourceUnit]]
    areas: dict[str, SourceArea]
    scenarios: dict[str, dict]


def read_oob(path: Path, grid: HexGrid) -> dict:
    """The order of battle file, checked: every problem is a ``file:line: path: message`` line
    of one BuildError (types, unknown keys, references to kinds, formations, areas, units, hexes)."""
    return read_source(path, SourceOOB, lambda data: _oob_references(data, grid))


def _oob_references(data: dict, grid: HexGrid):
    groups = [(("hqs",), data["hqs"])] + [
        ((group, side), data[group][side]) for group in ("units", "reinforcements") for side in data[group]]
    ids: dict[str, tuple] = {}
    for where, units in groups:
        for i, u in enumerate(units):
            path = where + (i,)
            if u["id"] in ids:
                yield path + ("id",), f"duplicate unit id {u['id']!r}"
            ids[u["id"]] = path
            if u["k"] not in data["kinds"]:
                yield path + ("k",), f"unknown counter kind {u['k']!r}"
            if u.get("f") is not None and u["f"] not in data["formations"]:
                yield path + ("f",), f"unknown formation {u['f']!r}"
            if u.get("arrive") and u["arrive"][1] not in data["areas"]:
                yield path + ("arrive",), f"unknown entry area {u['arrive'][1]!r}"
            if u.get("box") is not None and u["box"] not in data["areas"]:
                yield path + ("box",), f"unknown area {u['box']!r}"
            for key in ("at", "gallop_at"):
                if u.get(key) is not None:
                    try:
                        grid.hex_of(str(u[key]))
                    except HexIdError as exc:
                        yield path + (key,), str(exc)
    for where, units in groups:
        for i, u in enumerate(units):
            if u.get("det_of") is not None and u["det_of"] not in ids:
                yield where + (i, "det_of"), f"unknown mother unit {u['det_of']!r}"
    for f_id, f in data["formations"].items():
        if f.get("hq") is not None and f["hq"] not in ids:
            yield ("formations", f_id, "hq"), f"unknown HQ unit {f['hq']!r}"
        if f.get("front") is not None and f["front"] not in data["fronts"]:
            yield ("formations", f_id, "front"), f"unknown front {f['front']!r}"


# ----------------------------------------------------------------------------- units


def unit_type(kinds: dict, u: dict) -> tuple[str, dict]:
    """(type id, unit type) of a unit: one type per counter kind and printed values."""
    kind = kinds[u["k"]]
    hq_level = u.get("level")
    flags = []
    if kind["kind"] == "hq":
        flags.append("hq")
    if u.get("action_group"):
        flags.append("action_group")
    cv, steps, tiger = u["cv"], u["st"], bool(u.get("tiger"))
    type_id = f"{u['k']}_{hq_level}_{cv}" if hq_level else f"{u['k']}_{cv}x{steps}"
    if u.get("action_group"):
        type_id += "_action_group"
    name = f"{kind['name']} ({hq_level.replace('_', ' ')}) {cv}" if hq_level else f"{kind['name']} {cv}-{steps}"
    values = {
        "kind": kind["kind"],
        "echelon": kind["echelon"],
        "op": kind["op"],
        "stacking": derived_stacking(kind["side"], kind["kind"], kind["echelon"]),
        "armor": derived_armor(kind["kind"], cv, hq_level, bool(u.get("action_group"))),
        "antitank": derived_antitank(kind["kind"], cv, kind["side"], kind["echelon"]),
    }
    for flag in ("heavy", "tiger"):
        if u.get(flag):
            values[flag] = True
    for flag in ("engineer", "detachment"):
        if kind.get(flag):
            values[flag] = True
    if hq_level:
        values["hq_level"] = hq_level
        values["command_range"] = COMMAND_RANGE
    ut = {
        "name": name,
        "side": kind["side"],
        "nationality": kind["nat"],
        "symbol": kind["symbol"],
        "size": kind["size"],
        "movement_class": kind["mc"],
        "flags": flags,
        "steps": [{"attack": v, "defense": v, "movement": kind["op"]} for v in step_values(cv, steps, tiger)],
        "values": values,
    }
    return type_id, ut


def all_units(oob: dict) -> list[dict]:
    """Every counter in set-up order: HQs, the German and Soviet units, the reinforcements."""
    out = [dict(u, st=1) for u in oob["hqs"]]
    for group in ("units", "reinforcements"):
        for side in ("german", "soviet"):
            out += oob[group][side]
    return out


# ----------------------------------------------------------------------------- areas


def edge_hexes(grid: HexGrid, edge: str, axis: str, first: int, last: int, play_rows=None) -> list[str]:
    """The hexes of a map edge in a band of hexrows or columns.  With ``play_rows`` (18.2) the
    edge is the play area's: a south or north edge moves to the last or first row in play."""
    if play_rows is not None and edge in ("north", "south"):
        row = play_rows[1] if edge == "south" else play_rows[0]
        return sorted(h for h in grid.all_ids() if grid.row_col(h)[0] == row and first <= grid.row_col(h)[1] <= last)
    index = 0 if axis == "rows" else 1
    hexes = [h for h in grid.edge_ids(edge) if first <= grid.row_col(h)[index] <= last]
    if play_rows is not None:
        hexes = [h for h in hexes if play_rows[0] <= grid.row_col(h)[0] <= play_rows[1]]
    return sorted(hexes)


def areas(oob: dict, grid: HexGrid, play_rows=None, clipped: set[str] = frozenset()) -> dict:
    out = {}
    for a_id, a in oob["areas"].items():
        rows = play_rows if a_id in clipped else None
        area = {"name": a["name"], "kind": a.get("kind", "entry")}
        if "side" in a:
            area["side"] = a["side"]
        if "edge" in a:
            axis = "rows" if "rows" in a else "cols"
            area["hexes"] = edge_hexes(grid, a["edge"], axis, *a[axis], play_rows=rows)
        elif "edges" in a:
            area["hexes"] = sorted({h for e, axis, lo, hi in a["edges"] for h in edge_hexes(grid, e, axis, lo, hi)})
        out[a_id] = area
    return out


# ----------------------------------------------------------------------------- charts


def _band(bands: list, score: int) -> int:
    value = bands[0][1]
    for lowest, result in bands:
        if score >= lowest:
            value = result
    return value


def crt_tables(c: dict) -> tuple[dict, dict]:
    """(tables, blocks index): one CRT block per terrain class and attack type (7.4-7.7)."""
    lo, hi = c["rows"]
    tables, blocks = {}, {}
    for cls, tc in c["terrain_classes"].items():
        for attack, p in c["by_type"].items():
            rows = {}
            for roll in range(lo, hi + 1):
                row = []
                for col in range(len(c["columns"])):
                    score = roll + c["points_per_column"] * (col - c["one_to_one"]) + tc["modifier"]
                    d, a = _band(c["defender"], score), _band(c["attacker"], score)
                    retreat = d > 0 and score >= p["retreat_from"]
                    dtext = "-" if d == 0 else f"{d}{'R' if retreat else ''}{'*' if score >= p['defender_red_from'] else ''}"
                    atext = "-" if a == 0 else f"{a}{'*' if score <= p['attacker_red_to'] else ''}"
                    bold = d > 0 and (retreat or d >= 2) and score >= p["breakthrough_from"] and cls not in c["no_breakthrough"]
                    row.append(f"{atext}/{dtext}{'+' if bold else ''}")
                rows[roll] = row
            table_id = f"crt_{cls}_{attack}"
            tables[table_id] = {
                "name": f"CRT: {c['attack_types'][attack]['name'].lower()}s on {cls} terrain (7.4)",
                "kind": "odds",
                "dice": c["dice"],
                "columns": list(c["columns"]),
                "rows": rows,
                "notes": f"RECONSTRUCTED. {c['notation']}.",
            }
            blocks.setdefault(cls, {})[attack] = table_id
    return tables, blocks


def chart_tables(charts: dict) -> dict:
    w = charts["weather"]
    tables = {}
    for key, title in (("air", "Weather table: air (14.1)"), ("ground", "Weather table: ground (14.1)")):
        columns = list(w["periods"])
        tables[f"weather_{key}"] = {
            "name": title,
            "columns": columns,
            "rows": {roll: [w[key][c][roll - 1] for c in columns] for roll in range(1, 7)},
            "notes": "RECONSTRUCTED. 1d6 rolled by the Soviet player; the column is the period of the turn.",
        }
    air = charts["air_support"]
    tables["air_support"] = {
        "name": "Air Support Table (13.2)",
        "columns": list(air),
        "rows": {roll: [air[side][roll - 1] for side in air] for roll in range(1, 7)},
        "notes": "RECONSTRUCTED. 1d6 per side: air points this turn, then halved (cloudy) or none (overcast), 14.3.",
    }
    tables["replacements"] = {
        "name": "Replacement Table (16)",
        "columns": ["german_infantry", "german_mechanized", "soviet_infantry", "soviet_mechanized"],
        "rows": dict(charts["replacements"]),
        "notes": "RECONSTRUCTED. Points by turn; German points accumulate, Soviet ones are lost at the end of the turn (16.1).",
    }
    return tables


def terrain_effects(charts: dict) -> dict:
    """The format's terrain effects: the Terrain Effects Chart in frozen ground, the state of
    turn 1 (18); the other ground states are in system_data.terrain_chart."""
    tc = charts["terrain_chart"]
    return {
        "movement_classes": ["foot", "motorized"],
        "terrain": {t: {"cost": {"foot": c["frozen"], "motorized": c["frozen"]}} for t, c in tc["terrain"].items()},
        "hexsides": {
            h: {"extra_cost": {"foot": c["frozen"], "motorized": c["frozen"]}, "note": "frozen ground; other states: system_data.terrain_chart"}
            for h, c in tc["hexsides"].items()
        },
        "road": {"cost": {"foot": tc["road"]["frozen"], "motorized": tc["road"]["frozen"]}, "note": "road or railroad hexside (6.3)"},
    }


# ----------------------------------------------------------------------------- one scenario


def select_units(oob: dict, sc: dict, grid: HexGrid) -> list[dict]:
    """The counters of a scenario: all for the campaign; for Gallop (18.2) the German set-up from
    the 320 ID, the Soviet Southwestern Front without the units it names, HQs in play, and the
    reinforcements of the allowed areas and fronts within its turns."""
    units = all_units(oob)
    if "play_rows" not in sc:
        return units
    first, last = sc["play_rows"]
    fronts = {f_id: f.get("front") for f_id, f in oob["formations"].items()}
    german = oob["units"]["german"]
    start = next(i for i, u in enumerate(german) if u["id"] == sc["german_from"])
    chosen = []
    for u in units:
        side = oob["kinds"][u["k"]]["side"]
        hexes = u.get("gallop_at", u.get("at"))
        if side == "soviet" and (fronts.get(u.get("f")) not in sc["soviet_fronts"] or u["id"] in sc["soviet_without"]):
            continue
        if "arrive" in u:
            turn, entry = u["arrive"]
            if turn <= sc["turns"] and entry in sc["reinforcement_areas"][side]:
                chosen.append(u)
        elif hexes is not None:
            in_rows = first <= grid.row_col(hexes)[0] <= last
            if side == "german" and u in german and german.index(u) < start:
                continue
            if in_rows:
                chosen.append(u)
    ids = {u["id"] for u in chosen}
    # detachment counters of the mother units in play (1.3)
    chosen += [u for u in units if "box" in u and u.get("det_of") in ids]
    return chosen


def build_scenario(oob: dict, charts: dict, map_doc: dict, name: str) -> dict:
    sc = oob["scenarios"][name]
    map_model = MapModel.model_validate(map_doc["map"])
    grid = HexGrid(map_model.grid.spec())
    play_rows = sc.get("play_rows")
    chosen = select_units(oob, sc, grid)
    kinds = oob["kinds"]
    unit_types, units, placements, arrivals, rail = {}, [], [], {}, []
    for u in chosen:
        type_id, ut = unit_type(kinds, u)
        unit_types[type_id] = ut
        unit = {"id": u["id"], "type": type_id, "name": u["n"]}
        if u.get("f"):
            unit["formation"] = u["f"]
        values = {}
        if u.get("lost"):
            values["steps_lost"] = u["lost"]
        if u.get("det_of"):
            values["detached_from"] = u["det_of"]
        if values:
            unit["values"] = values
        units.append(unit)
        if "arrive" in u:
            turn, entry = u["arrive"]
            arrivals.setdefault((turn, kinds[u["k"]]["side"], entry), []).append(u["id"])
            if u.get("rail"):
                rail.append(u["id"])
        elif "box" in u:
            placements.append({"unit": u["id"], "box": u["box"]})
        else:
            placements.append({"unit": u["id"], "hex": u.get("gallop_at", u["at"]) if play_rows else u["at"]})
    used = {u.get("f") for u in chosen}
    ids = {u["id"] for u in chosen}
    formations = {f_id: {"name": f["name"], "side": f["side"], "kind": f["kind"]} for f_id, f in oob["formations"].items() if f_id in used}
    fronts = {fr_id: dict(fr) for fr_id, fr in oob["fronts"].items() if fr_id in {oob["formations"][f].get("front") for f in formations}}
    formation_info = {}
    for f_id in formations:
        f = oob["formations"][f_id]
        info = {"color": oob["fronts"][f["front"]]["color"] if f.get("front") else f["color"]}
        if f.get("front"):
            info["front"] = f["front"]
        if f.get("hq") in ids:  # the HQ it starts under (1.5), when that HQ is in the scenario
            info["hq"] = f["hq"]
        if f.get("whole"):
            info["whole_bonus"] = f["whole"]
        formation_info[f_id] = info
    clipped = set(sc.get("reinforcement_areas", {}).get("german", [])) | set(sc.get("reinforcement_areas", {}).get("soviet", []))
    map_section = dict(map_doc["map"])
    map_section["areas"] = {**map_section["areas"], **areas(oob, grid, play_rows, clipped)}
    crt_t, blocks = crt_tables(charts["crt"])
    c = charts["crt"]
    turns = sc["turns"]
    periods = {col: [t for t in ts if t <= turns] for col, ts in charts["weather"]["periods"].items()}
    special = {
        "turns": turns,
        "first_turn_weather": {"air": "clear", "ground": "frozen"},
        "first_turn_in_command": True,
        "notes": [
            "18: German and Soviet units count as in command on the first turn; formation activations "
            "only for units within command range of an HQ; units entering on turn 1 may be activated at any time.",
            "Addenda: units that start isolated (the 320 ID) may be taken as in command and supplied by agreement.",
        ],
    }
    if play_rows:
        special["play_rows"] = list(play_rows)
        special["reinforcement_areas"] = sc["reinforcement_areas"]
        special["reinforcement_fronts"] = sc["soviet_fronts"]
        special["exits"] = sc["exits"]
    system_data = {
        "formations": formation_info,
        "fronts": fronts,
        "crt": {
            "dice": c["dice"],
            "columns": c["columns"],
            "odds_rounding": "nearest",
            "armor_ratio_rounding": "defender",
            "terrain_classes": {cls: tc["terrain"] for cls, tc in c["terrain_classes"].items()},
            "attack_types": c["attack_types"],
            "blocks": blocks,
            "lowest_row": c["rows"][0],
            "highest_row": c["rows"][1],
            "notation": c["notation"],
        },
        "terrain_chart": charts["terrain_chart"],
        "movement_table": charts["movement_table"],
        "postures": charts["postures"],
        "weather": {
            "air_table": "weather_air",
            "ground_table": "weather_ground",
            "periods": {col: ts for col, ts in periods.items() if ts},
            "air_share": charts["weather"]["air_share"],
            "recon_stacks": charts["weather"]["recon_stacks"],
        },
        "air": {"table": "air_support"},
        "replacements": {
            "table": "replacements",
            "columns": {
                "german_infantry": ["german", "infantry"],
                "german_mechanized": ["german", "mechanized"],
                "soviet_infantry": ["soviet", "infantry"],
                "soviet_mechanized": ["soviet", "mechanized"],
            },
            "accumulate": {"german": True, "soviet": False},
        },
        "rail_arrivals": rail,
        "special_rules": special,
        "victory": sc["victory"],
        "reconstructed": [
            "counter values", "orders of battle", "set-up", "reinforcement schedule", "entry areas",
            "CRT", "Terrain Effects Chart", "Movement Table", "Table of Postures", "weather tables",
            "Air Support Table", "Replacement Table",
        ],
    }
    tables = {**crt_t, **chart_tables(charts)}
    tables["weather_air"]["columns"] = [col for col in tables["weather_air"]["columns"] if periods[col]]
    tables["weather_ground"]["columns"] = list(tables["weather_air"]["columns"])
    for key in ("weather_air", "weather_ground"):
        keep = [i for i, col in enumerate(periods) if periods[col]]
        tables[key]["rows"] = {r: [row[i] for i in keep] for r, row in tables[key]["rows"].items()}
    tables["replacements"]["rows"] = {t: r for t, r in tables["replacements"]["rows"].items() if t <= turns}
    doc = {
        "format": "kharkovsuite-scenario/1",
        "id": sc["id"],
        "title": sc["title"],
        "description": sc["description"],
        "rules": "kharkov1943",
        "map": map_section,
        "terrain_effects": terrain_effects(charts),
        "tables": tables,
        "sides": {
            s_id: {"name": s["name"], "color": s["color"], "text_color": s["text_color"], "nationalities": s["nationalities"]}
            for s_id, s in oob["sides"].items()
        },
        "unit_types": dict(sorted(unit_types.items())),
        "formations": formations,
        "units": units,
        "setup": {"placements": placements},
        "reinforcements": [
            {"turn": t, "side": side, "entry": entry, "units": ids}
            for (t, side, entry), ids in sorted(arrivals.items(), key=lambda kv: (kv[0][0], kv[0][1], kv[0][2]))
        ],
        "turns": [{"turn": t, "date": (FIRST_DAY + datetime.timedelta(days=DAYS_PER_TURN * (t - 1))).isoformat()} for t in range(1, turns + 1)],
        "system_data": system_data,
    }
    return doc


def render(oob: dict, charts: dict, map_doc: dict, name: str) -> str:
    """The scenario file's text; a BuildError lists every problem the loader finds in it."""
    text = dumps_scenario(Scenario.model_validate(build_scenario(oob, charts, map_doc, name)))
    if built_problems(text, oob["scenarios"][name]["output"]):
        # keep the rejected text so that the lines of the problems can be read
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=f"-{name}.yaml", delete=False) as fh:
            fh.write(text)
        problems = "\n".join(built_problems(text, fh.name))
        raise BuildError(f"the built scenario {name!r} is not valid (written to {fh.name} to read):\n{problems}")
    return text


def report(text: str) -> str:
    data = yaml.safe_load(text)
    side_of = {t: ut["side"] for t, ut in data["unit_types"].items()}
    sides = Counter(side_of[u["type"]] for u in data["units"])
    placed = sum(1 for p in data["setup"]["placements"] if "hex" in p)
    arriving = sum(len(r["units"]) for r in data["reinforcements"])
    return (f"{data['id']}: {len(data['turns'])} turns, units {dict(sorted(sides.items()))}, "
            f"{placed} placed on the map, {arriving} reinforcements, {len(data['unit_types'])} unit types, "
            f"{len(data['tables'])} tables")


def main(argv: list[str] | None = None) -> int:
    parser = builder_arguments("Build the Kharkov 1943 scenarios from the map, the order of battle and the charts.", OOB, CHARTS, MAP)
    parser.add_argument("--report", action="store_true", help="also print the figures the docs quote")
    args = parser.parse_args(argv)
    try:
        charts, map_doc = load_yaml(args.charts), load_yaml(args.map)
        oob = read_oob(args.oob, HexGrid(MapModel.model_validate(map_doc["map"]).grid.spec()))
        texts = {name: render(oob, charts, map_doc, name) for name in oob["scenarios"]}
    except (BuildError, OSError, yaml.YAMLError) as exc:
        print(exc, file=sys.stderr)
        return 1
    except (KeyError, StopIteration, TypeError, ValueError, ValidationError) as exc:
        print(f"{args.oob} or {args.charts}: an entry the builder needs is missing or malformed: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    outs = {}
    for name, text in texts.items():
        rel = oob["scenarios"][name]["output"]
        outs[args.out_dir / Path(rel).name if args.out_dir else ROOT / rel] = text
        if args.report:
            print(report(text))
    return write_or_check(outs, args.check, "tools/build_kharkov1943.py")

if __name__ == "__main__":
    sys.exit(main())

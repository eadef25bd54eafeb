"""Build the Kirovograd counters, charts and scenarios from hand-written sources.

    .venv/bin/python tools/build_kirovograd.py --counters   # check the sources, print the counter sheet
    .venv/bin/python tools/build_kirovograd.py              # write the scenario files
    .venv/bin/python tools/build_kirovograd.py --check      # exit 1 if a committed file differs

Inputs (plain YAML, edited by hand):

- ``tools/kirovograd_oob.yaml``: sides, counter kinds, formations, every counter of the sheet
  (units, reinforcements, Endgame units, air units, dummies, markers), the Viking abbreviations;
- ``tools/kirovograd_charts.yaml``: the CRT parameters, the Combat Options Matrix, the Order
  Chart, the Terrain Effects Chart, the ZOC Chart, weather, air missions, the variable
  reinforcement rolls, the turn record's extra supply and replacement points;
- ``scenarios/maps/kirovograd-map.yaml``: the map (for the scenarios only).

The abilities a counter's kind implies (armour, anti-tank, ZOC class, tank back) are not typed
in: they come from ``kharkovsuite.rules.kirovograd.units``, whose scenario checks use them too;
the built charts are checked against what the rulebook states (``...kirovograd.known``).
Outputs depend only on the inputs.  Why each value is what it is:
``docs/reconstruction/kirovograd.md``.
"""
from __future__ import annotations

import datetime
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path
from typing import Annotated, Literal

ROOT = Path(__file__).resolve().parent.parent
for _p in (ROOT, ROOT / "tools"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

from pydantic import BaseModel, ConfigDict, Field, ValidationError  # noqa: E402

from kharkovsuite.rules.kirovograd import known  # noqa: E402
from kharkovsuite.rules.kirovograd.checks import chart_checks, counter_checks  # noqa: E402
from kharkovsuite.rules.kirovograd.data import CombatResult, KiroData, Part  # noqa: E402
from kharkovsuite.rules.kirovograd.setup import FORMATION_SPREAD  # noqa: E402
from kharkovsuite.rules.kirovograd.units import ARTILLERY_KINDS, AircraftType, Kind, Role, derived  # noqa: E402
from kharkovsuite.scenario.yamlio import line_of, load_with_lines  # noqa: E402
from scenario_builder import BuildError, builder_arguments, built_problems, read_source, write_or_check  # noqa: E402

OOB = ROOT / "tools" / "kirovograd_oob.yaml"
CHARTS = ROOT / "tools" / "kirovograd_charts.yaml"
MAP = ROOT / "scenarios" / "maps" / "kirovograd-map.yaml"
Side = Literal["german", "soviet"]
PREFIX = {"german": "de", "soviet": "su"}  # as the counter kinds are named
DUMMY_MA = 10  # 29.1: the movement factor of the motorised units they imitate


# ----------------------------------------------------------------------------- the sources, checked


class _Source(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SourceKind(_Source):
    side: Side
    nat: str
    name: str
    kind: Kind
    role: Role
    symbol: str
    size: str
    mc: Literal["foot", "motorized", "air"]
    hq_armored: bool = False


class SourceUnit(_Source):
    id: str
    k: str
    f: str
    n: str
    cf: int | None = Field(default=None, ge=1)
    ma: int = Field(ge=0, le=20)
    red: int | None = Field(default=None, ge=1)
    star: bool = False
    arrive: str | None = None
    rng: int | None = Field(default=None, ge=1)
    bar: int | None = Field(default=None, ge=1)
    df: int | None = Field(default=None, ge=1)
    travel: int | None = Field(default=None, ge=1)


class SourceAir(_Source):
    id: str
    n: str
    type: AircraftType
    aa: int = Field(ge=0)
    ag: int = Field(ge=0)
    star: bool = False
    both_drop: bool = False


class SourceFormation(_Source):
    name: str
    abbr: str
    side: Side
    kind: Literal["army", "corps", "division", "front"]
    color: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    higher: str | None = None
    hq: str | None = None
    orders: bool = False


class SourceOOB(_Source):
    sides: dict[Side, dict]
    kinds: dict[str, SourceKind]
    formations: dict[str, SourceFormation]
    units: dict[Side, list[SourceUnit]]
    reinforcements: dict[str, list[SourceUnit]]
    endgame_units: dict[Side, list[SourceUnit]]
    air: dict[Side, list[SourceAir]]
    dummies: dict[Side, int]
    markers: dict[Literal["german", "soviet", "neutral"], dict[str, int]]
    reinforcement_entry: dict[str, str]
    reinforcement_names: dict[str, str]
    viking_units: dict[str, list[str]]
    boxes: dict[str, dict[str, str]]
    setup: dict
    scenarios: dict[str, dict]


class SourceCRT(_Source):
    columns: list[str]
    defender_weight: float
    defender: list[tuple[float, int, int]]
    attacker_step: int = Field(ge=1)
    attacker: list[tuple[float, int]]
    underline_from: float
    attacker_underline_to: float
    notation: str


class SourceWeather(_Source):
    table: dict[Literal["day", "night"], Annotated[list[str], Field(min_length=6, max_length=6)]]
    effects: dict[str, dict]
    air_rolls: dict[Literal["available", "grounded"], Annotated[list[int], Field(min_length=6, max_length=6)]]


class SourceRoll(_Source):
    delay: list[int] = Field(min_length=6, max_length=6)
    withheld: list[str] = Field(min_length=6, max_length=6)


class SourceCharts(_Source):
    crt: SourceCRT
    options_matrix: dict
    options_notation: str
    orders: dict
    terrain_chart: dict
    zoc_chart: dict
    weather: SourceWeather
    air: dict
    variable_reinforcements: dict[str, SourceRoll]
    viking: dict
    extra_supply: dict[Side, dict[int, int]]
    replacement_points: dict[Literal["soviet"], dict[int, int]]


def ground_units(oob: dict) -> list[tuple[tuple, dict]]:
    """Every ground counter with its path in the source: units, reinforcements, Endgame units."""
    out = []
    for group in ("units", "endgame_units", "reinforcements"):
        for key, units in oob[group].items():
            out += [((group, key, i), u) for i, u in enumerate(units)]
    return out


def _oob_references(oob: dict):
    ids: set[str] = set()
    for path, u in ground_units(oob):
        if u["id"] in ids:
            yield path + ("id",), f"duplicate unit id {u['id']!r}"
        ids.add(u["id"])
        kind = oob["kinds"].get(u["k"])
        if kind is None:
            yield path + ("k",), f"unknown counter kind {u['k']!r}"
            continue
        f = oob["formations"].get(u["f"])
        if f is None:
            yield path + ("f",), f"unknown formation {u['f']!r}"
        elif f["side"] != kind["side"]:
            yield path + ("f",), f"2.2.4: a {kind['side']} counter in the {f['side']} formation {u['f']!r}"
        artillery = kind["kind"] in ARTILLERY_KINDS
        if artillery and (u.get("cf") is not None or None in (u.get("rng"), u.get("bar"), u.get("df"))):
            yield path, "2.2.2.2: an artillery counter has rng, bar and df, not cf"
        if not artillery and (u.get("cf") is None or any(u.get(x) is not None for x in ("rng", "bar", "df", "travel"))):
            yield path, "2.2.1.1: a combat counter has cf and ma, and no artillery values"
        if u.get("travel") is not None and (kind["side"] != "soviet" or u["ma"] != 0):
            yield path + ("travel",), "21.12A: only Soviet artillery with a firing-side MA of 0 has a travelling side"
        if u.get("red") is not None and u["red"] >= (u.get("cf") or 0):
            yield path + ("red",), "16.0D: the reduced back is weaker than the front"
        if u.get("star") and kind["kind"] not in ("armor",):
            yield path + ("star",), "16.3A: only armour is asterisked (and the anti-tank Stuka)"
        if u.get("arrive") is not None and u["arrive"] not in oob["reinforcement_entry"]:
            yield path + ("arrive",), f"unknown reinforcement {u['arrive']!r}"
    for side, units in oob["air"].items():
        for i, a in enumerate(units):
            if a["id"] in ids:
                yield ("air", side, i, "id"), f"duplicate unit id {a['id']!r}"
            ids.add(a["id"])
    for f_id, f in oob["formations"].items():
        if f.get("hq") is not None and f["hq"] not in ids:
            yield ("formations", f_id, "hq"), f"unknown HQ unit {f['hq']!r}"
        if f.get("higher") is not None and f["higher"] not in oob["formations"]:
            yield ("formations", f_id, "higher"), f"unknown higher echelon {f['higher']!r}"
    for abbr, unit_ids in oob["viking_units"].items():
        for i, u_id in enumerate(unit_ids):
            if u_id not in {u["id"] for u in oob["reinforcements"].get("ss5", [])}:
                yield ("viking_units", abbr, i), f"24.6: {u_id!r} is no unit of the Viking division"
    for r_id in oob["reinforcement_entry"]:
        if r_id not in oob["reinforcements"] and not any(u.get("arrive") == r_id for _, u in ground_units(oob)):
            yield ("reinforcement_entry", r_id), f"no units arrive with {r_id!r}"


def read_oob(path: Path = OOB) -> dict:
    return read_source(path, SourceOOB, _oob_references)


def read_charts(path: Path = CHARTS) -> tuple[dict, dict]:
    """The charts source and its line index (so that a chart the rule checks refuse can be
    reported at its line)."""
    charts = read_source(path, SourceCharts)
    _data, lines, _dups = load_with_lines(Path(path).read_text(encoding="utf-8"))
    return charts, lines


# ----------------------------------------------------------------------------- counters


def _label(u: dict, kind: dict) -> str:
    if kind["kind"] in ARTILLERY_KINDS:
        return f"{u['rng']}-{u['bar']}-{u['df']}-{u['ma']}"
    cf = f"[{u['cf']}]" if kind["kind"] == "antitank" else f"{u['cf']}{'*' if u.get('star') else ''}"
    return f"{cf}-{u['ma']}"


def unit_type(kinds: dict, u: dict) -> tuple[str, dict]:
    """(type id, unit type) of a ground counter: one type per counter kind and printed values."""
    kind = kinds[u["k"]]
    label = _label(u, kind)
    type_id = f"{u['k']}_{label.replace('[', 'b').replace(']', '').replace('*', 's')}"
    values = {"kind": kind["kind"], "role": kind["role"], **derived(kind["kind"], kind["role"], kind.get("hq_armored", False))}
    if kind.get("hq_armored"):
        values["hq_armored"] = True
    if kind["kind"] == "antitank":
        values["defense_only"] = True
    if u.get("star"):
        values["special_armor"] = True
    if kind["kind"] in ARTILLERY_KINDS:
        values.update(range=u["rng"], barrage=u["bar"], defense=u["df"])
        if u.get("travel"):
            values["travel_movement"] = u["travel"]
            label += f" / travel {u['travel']}"
            type_id += f"_t{u['travel']}"
        steps = [{"attack": u["bar"], "defense": u["df"], "movement": u["ma"], "label": label}]
    else:
        attack = None if kind["kind"] == "antitank" else u["cf"]
        steps = [{"attack": attack, "defense": u["cf"], "movement": u["ma"], "label": label}]
        if u.get("red"):
            values["reduced_back"] = True
            steps.append({"attack": u["red"], "defense": u["red"], "movement": u["ma"], "label": f"{u['red']}-{u['ma']}"})
            type_id += f"_r{u['red']}"
    return type_id, {
        "name": f"{kind['name']} {label}",
        "side": kind["side"],
        "nationality": kind["nat"],
        "symbol": kind["symbol"],
        "size": kind["size"],
        "movement_class": kind["mc"],
        "steps": steps,
        "values": values,
    }


def air_type(side: str, kinds: dict, a: dict) -> tuple[str, dict]:
    kind = kinds["de_air" if side == "german" else "su_air"]
    label = f"{a['aa']}-{a['ag']}{'*' if a.get('star') else ''}"
    values = {"kind": "air", "role": "air", **derived("air", "air"), "air_air": a["aa"], "air_ground": a["ag"], "aircraft": a["type"]}
    if a.get("star"):
        values["special_armor"] = True
    if a.get("both_drop"):
        values["both_factors_drop"] = True
    type_id = f"{PREFIX[side]}_air_{a['n'].lower().replace('-', '')}"
    return type_id, {
        "name": f"{a['n']} {label}",
        "side": side,
        "nationality": kind["nat"],
        "symbol": "air",
        "size": "",
        "movement_class": "air",
        "steps": [{"attack": a["ag"], "defense": a["aa"], "label": label}],
        "values": values,
    }


def dummy_type(side: str, kinds: dict) -> tuple[str, dict]:
    kind = kinds["de_dummy" if side == "german" else "su_dummy"]
    return f"{PREFIX[side]}_dummy", {
        "name": "Dummy", "side": side, "nationality": kind["nat"], "symbol": "armor", "size": "",
        "movement_class": "motorized", "values": {"kind": "dummy", "role": "dummy", **derived("dummy", "dummy")},
        # 29.1: a dummy moves like a motorised unit and has no strength
        "steps": [{"attack": 0, "defense": 0, "movement": DUMMY_MA, "label": "Dummy"}],
    }


def counter_sheet(oob: dict) -> dict:
    """The 300 counters of 2.0A by group: what a side's display and the sheet hold."""
    sheet: Counter = Counter()
    for _path, u in ground_units(oob):
        sheet[(oob["kinds"][u["k"]]["side"], "ground units")] += 1
    for side, units in oob["air"].items():
        sheet[(side, "air units")] += len(units)
    for side, n in oob["dummies"].items():
        sheet[(side, "dummies")] += n
    for f in oob["formations"].values():
        if f.get("orders"):
            sheet[(f["side"], "formation markers")] += 1
    for side, markers in oob["markers"].items():
        for name, n in markers.items():
            sheet[(side, f"{name.replace('_', ' ')} markers")] += n
    return dict(sheet)


def all_types(oob: dict) -> dict[str, dict]:
    types = {}
    for _path, u in ground_units(oob):
        t_id, ut = unit_type(oob["kinds"], u)
        types[t_id] = ut
    for side, units in oob["air"].items():
        for a in units:
            t_id, ut = air_type(side, oob["kinds"], a)
            types[t_id] = ut
    for side in oob["dummies"]:
        t_id, ut = dummy_type(side, oob["kinds"])
        types[t_id] = ut
    return dict(sorted(types.items()))


# ----------------------------------------------------------------------------- charts


def _band(bands: list, score: float) -> tuple:
    value = bands[0][1:]
    for row in bands:
        if score >= row[0]:
            value = row[1:]
    return tuple(value)


def crt_table(c: dict) -> dict:
    """15.8: the CRT, generated from the two scores of the charts source."""
    rows = {}
    for roll in known.CRT_ROWS:
        row = []
        for i, _col in enumerate(c["columns"]):
            d = roll + c["defender_weight"] * i
            a = roll + i // c["attacker_step"]
            loss, retreat = _band(c["defender"], d)
            (a_loss,) = _band(c["attacker"], a)
            text = CombatResult(Part(a_loss, 0), Part(loss, retreat), False).text
            if text != "-" and (d >= c["underline_from"] or a <= c["attacker_underline_to"]):
                text = f"_{text}_"
            row.append(text)
        rows[roll] = row
    return {
        "name": "Combat Results Table (15.8)",
        "kind": "odds",
        "dice": "2d6",
        "columns": list(c["columns"]),
        "rows": rows,
        "notes": f"RECONSTRUCTED except 4-1/6, 1-2/11 (15.8, 16.3). {c['notation']}.",
    }


def chart_tables(charts: dict, oob: dict) -> dict:
    w = charts["weather"]
    tables = {"crt": crt_table(charts["crt"])}
    tables["weather"] = {
        "name": "Weather Table (4.A)",
        "columns": ["day", "night"],
        "rows": {roll: [w["table"]["day"][roll - 1], w["table"]["night"][roll - 1]] for roll in range(1, 7)},
        "notes": "RECONSTRUCTED. 1d6 rolled by the USSR at the start of the turn; the column is the turn's light.",
    }
    for key, title in (("available", "Low cloud: air units available (4.B)"), ("grounded", "Light snow showers: air units grounded (4.B)")):
        tables[f"air_{key}"] = {
            "name": title,
            "columns": ["air_units"],
            "rows": {roll: [w["air_rolls"][key][roll - 1]] for roll in range(1, 7)},
            "notes": "RECONSTRUCTED. 1d6 per side.",
        }
    for r_id, r in charts["variable_reinforcements"].items():
        tables[f"reinforcements_{r_id}"] = {
            "name": f"Variable Reinforcements: {oob['reinforcement_names'][r_id]} (24.1)",
            "columns": ["delay", "withheld"],
            "rows": {roll: [r["delay"][roll - 1], r["withheld"][roll - 1]] for roll in range(1, 7)},
            "notes": "RECONSTRUCTED. 1d6: turns after the roll turn (24.1C) until it enters, and units that do not come.",
        }
    return tables


def _reinforcement_units(oob: dict, r_id: str) -> list[str]:
    if r_id in oob["reinforcements"]:
        return [u["id"] for u in oob["reinforcements"][r_id]]
    return [u["id"] for _p, u in ground_units(oob) if u.get("arrive") == r_id]


def system_data(oob: dict, charts: dict, turns: range) -> dict:
    w = charts["weather"]
    effects = {}
    for name, e in w["effects"].items():
        e = dict(e)
        if e.get("air_roll"):
            e["air_table"] = f"air_{e['air_roll']}"
        effects[name] = e
    turn_record = {}
    for t in turns:
        light = "night" if t % 2 == 0 else "day"
        supply = {side: (known.NIGHT_SUPPLY if light == "night" else 0) + charts["extra_supply"][side].get(t, 0) for side in ("german", "soviet")}
        info = {"light": light, "supply": supply}
        rp = charts["replacement_points"]["soviet"].get(t)
        if rp:
            info["replacement_points"] = {"soviet": rp}
        turn_record[t] = info
    formations = {}
    for f_id, f in oob["formations"].items():
        info = {"abbr": f["abbr"], "color": f["color"]}
        for key in ("higher", "hq"):
            if f.get(key):
                info[key] = f[key]
        formations[f_id] = info
    markers = {side: dict(m) for side, m in oob["markers"].items()}
    for f in oob["formations"].values():
        if f.get("orders"):
            markers[f["side"]]["formation"] = markers[f["side"]].get("formation", 0) + 1
    return {
        "formations": formations,
        "crt": {
            "table": "crt",
            "columns": list(charts["crt"]["columns"]),
            "below_lowest": {"column": "1-3", "drm": -1},
            "above_highest": "9-1",
            "aa_columns": dict(known.AA_COLUMNS),
            "notation": charts["crt"]["notation"],
        },
        "options_matrix": charts["options_matrix"],
        "options_notation": charts["options_notation"],
        "orders": charts["orders"],
        "terrain_chart": charts["terrain_chart"],
        "zoc_chart": charts["zoc_chart"],
        "weather": {"table": "weather", "effects": effects},
        "air": charts["air"],
        "reinforcements": {
            r_id: {
                "name": oob["reinforcement_names"][r_id],
                "table": f"reinforcements_{r_id}",
                "roll_turn": known.REINFORCEMENT_ROLL_TURNS[r_id],
                "entry": oob["reinforcement_entry"][r_id],
                "units": _reinforcement_units(oob, r_id),
            }
            for r_id in charts["variable_reinforcements"]
        },
        "viking": {
            "roll": charts["viking"],
            "units": oob["viking_units"],
            "entry": oob["reinforcement_entry"]["ss5"],
        },
        "turn_record": turn_record,
        "reserve_markers": dict(known.RESERVE_MARKERS),
        "markers": {"counts": markers},
        "victory": {
            "per_sp": dict(known.VP_PER_SP),
            "destroyed_unit_factor": known.VP_DESTROYED_FACTOR,
            "places": dict(known.VP_PLACES),
            "kirovograd_early": dict(known.VP_KIROVOGRAD_EARLY),
        },
        "reconstructed": [
            "counter values", "CRT", "Combat Options Matrix (all but one cell)", "Terrain Effects Chart",
            "ZOC Chart (all but the fixed points of 13)", "weather tables", "air missions chart",
            "variable reinforcements (all but Viking)", "turn record extra supply and replacement points",
        ],
    }


def check_built(oob: dict, charts: dict, chart_lines: dict, charts_path: Path) -> tuple[dict, dict, dict]:
    """(unit types, tables, system_data) for a whole game; a BuildError lists every problem the
    rule system's checks find, at the chart source line where one is known."""
    types = all_types(oob)
    tables = chart_tables(charts, oob)
    sd = system_data(oob, charts, range(1, known.TURNS + 1))
    problems = [f"{OOB.name}: {'.'.join(map(str, p))}: {m}" for p, m in
                counter_checks({t: (ut["side"], ut["values"], len(ut.get("steps", []))) for t, ut in types.items()})]
    try:
        data = KiroData.model_validate(sd)
    except ValidationError as exc:
        problems += [_at_chart(charts_path, chart_lines, ("system_data",) + tuple(e["loc"]), e["msg"]) for e in exc.errors()]
        data = None
    if data is not None:
        problems += [_at_chart(charts_path, chart_lines, p, m) for p, m in chart_checks(data, tables)]
    if problems:
        raise BuildError("\n".join(problems))
    return types, tables, sd


_CHART_KEYS = {"options_matrix", "orders", "terrain_chart", "zoc_chart", "air"}


def _at_chart(path: Path, lines: dict, loc: tuple, msg: str) -> str:
    """A problem of the built data, reported at the charts source line it comes from."""
    src: tuple = ()
    if loc[:1] == ("system_data",) and len(loc) > 1 and loc[1] in _CHART_KEYS:
        src = loc[1:]
    elif loc[:2] == ("system_data", "viking") and len(loc) > 2 and loc[2] == "roll":
        src = ("viking",) + loc[3:]
    elif loc[:2] == ("tables", "crt") or loc[:2] == ("system_data", "crt"):
        src = ("crt",)
    elif loc[:2] == ("system_data", "weather") or loc[:2] == ("tables", "weather"):
        src = ("weather",)
    line = line_of(lines, src) if src else None
    return f"{path}:{line or 1}: {'.'.join(map(str, loc))}: {msg}"


def sheet_report(oob: dict) -> str:
    sheet = counter_sheet(oob)
    total = sum(sheet.values())
    out = [f"{total} counters (2.0A: {known.COUNTERS})"]
    for side in ("german", "soviet", "neutral"):
        parts = [f"{n} {what}" for (s, what), n in sorted(sheet.items()) if s == side]
        out.append(f"  {side}: {sum(n for (s, _), n in sheet.items() if s == side)}: {', '.join(parts)}")
    return "\n".join(out)


# ----------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    parser = builder_arguments("Build the Kirovograd counters, charts and scenarios.", OOB, CHARTS, MAP)
    parser.add_argument("--counters", action="store_true", help="check the sources and print the counter sheet; no map needed")
    args = parser.parse_args(argv)
    try:
        oob = read_oob(args.oob)
        charts, chart_lines = read_charts(args.charts)
        check_built(oob, charts, chart_lines, args.charts)
        if sum(counter_sheet(oob).values()) != known.COUNTERS:
            raise BuildError(f"{args.oob}: 2.0A: the sheet has {known.COUNTERS} counters, the sources {sum(counter_sheet(oob).values())}")
        if args.counters:
            print(sheet_report(oob))
            return 0
        if not args.map.exists():
            raise BuildError(f"{args.map}: no map file yet; the scenarios need it (--counters checks the rest)")
        texts = build_all(oob, charts, args.map, args.out_dir)
    except BuildError as exc:
        print(exc, file=sys.stderr)
        return 1
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        print(f"{args.oob} or {args.charts}: an entry the builder needs is missing or malformed: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    return write_or_check(texts, args.check, "tools/build_kirovograd.py")


# ----------------------------------------------------------------------------- scenarios

#: 24.1: the arrival a scenario file lists is the one of a die roll of 3 (the historical middle);
#: the rules engine rolls its own (system_data.reinforcements).
LISTED_ROLL = 3


def arrival(charts: dict, r_id: str) -> int:
    """The game turn a variable reinforcement enters on the listed roll."""
    return known.REINFORCEMENT_ROLL_TURNS[r_id] + charts["variable_reinforcements"][r_id]["delay"][LISTED_ROLL - 1]


def _behind(grid, hexes: list[str], side: str, used: set[str]):
    """Free hexes behind a line, nearest first: west of it for Germany, east for the USSR (31.2.2F)."""
    step = -1 if side == "german" else 1
    for depth in range(1, 12):
        for h in hexes:
            row, col = grid.row_col(h)
            try:
                candidate = grid.id_at(row, col + step * depth)
            except (ValueError, KeyError):
                continue
            if grid.is_id(candidate) and candidate not in used:
                yield candidate


def _line_unit(kinds: dict, u: dict) -> bool:
    """A combat unit (not an HQ or a gun): what a formation's line is held with (31.2.1A)."""
    return u.get("cf") is not None and kinds[u["k"]]["kind"] != "hq"


def _spread_losses(units: list[dict], total: int, kinds: dict) -> dict[str, int]:
    """31.2.1B: every unit loses one SP before any loses a second; never the whole unit; HQs and
    artillery last."""
    order = sorted(units, key=lambda u: not _line_unit(kinds, u))
    lost = {u["id"]: 0 for u in order}
    room = {u["id"]: (u.get("cf") or u.get("bar") or 1) - 1 for u in order}
    while total > 0 and any(lost[i] < room[i] for i in lost):
        for u in order:
            if total and lost[u["id"]] < room[u["id"]]:
                lost[u["id"]] += 1
                total -= 1
    return {i: n for i, n in lost.items() if n}


def scenario_units(oob: dict, charts: dict, sc: dict) -> tuple[list[dict], dict[str, int]]:
    """(the ground counters of a scenario, the game turn each reinforcement arrives)."""
    first, last = sc["turns"]
    endgame = "lines" in sc
    units = [u for _p, u in ground_units(oob) if endgame or _p[0] != "endgame_units"]
    units = [u for u in units if u["id"] not in sc.get("destroyed", [])]
    arrive: dict[str, int] = {}
    groups = {r_id: [u["id"] for u in oob["reinforcements"][r_id]] if r_id in oob["reinforcements"] else
              [u["id"] for u in units if u.get("arrive") == r_id] for r_id in charts["variable_reinforcements"]}
    keep = []
    for u in units:
        r_id = next((r for r, ids in groups.items() if u["id"] in ids), None)
        if u["f"] == "ss5" and "ss5" in sc.get("without_reinforcements", []):
            continue
        if r_id is not None:
            turn = arrival(charts, r_id)
            if turn > last:
                continue
            if not endgame or turn >= first:
                arrive[u["id"]] = max(turn, first)
        keep.append(u)
    for u_id in sc.get("enters_first_turn", []):
        arrive[u_id] = first
    return keep, arrive


def _together(grid, free: list[str], n: int) -> list[str]:
    """``n`` hexes of ``free`` for one formation: the first ``n`` in the area's order (front line
    first) when they keep the formation within 26.3J's spread, else the ``n`` nearest the first
    free hex (an area shared by several formations can wrap a formation over two of its rows)."""
    first = free[:n]
    if all(grid.distance(a, b) <= FORMATION_SPREAD for a, b in combinations(first, 2)):
        return first
    if not free:
        return []
    order = {h: i for i, h in enumerate(free)}
    return sorted(free, key=lambda h: (grid.distance(free[0], h), order[h]))[:n]


def _man_line(grid, hexes: list[str], units: list[dict], kinds: dict, sp_left: dict[str, int],
              no_zoc: frozenset[str]) -> dict[str, str]:
    """31.2.1A: a formation covers its listed hexes with units or their ZOCs.  A combat unit stands
    on each hex while there are enough of them; with fewer, each stands where it covers most of the
    line still uncovered (its hex and, when it exerts a ZOC, 13.6A, the line hexes next to it that
    a ZOC enters, 13.7), and a hex nothing covers takes a gun, then the HQ, as the last resort.
    The rest stand behind (:func:`_behind`): no HQ or gun is set up in the line while the
    formation's combat units can hold it."""
    combat = [u for u in units if _line_unit(kinds, u)]
    if len(combat) >= len(hexes):
        return {u["id"]: h for u, h in zip(combat, hexes)}
    line = set(hexes)

    def covers(u: dict, h: str) -> set[str]:
        zoc = sp_left.get(u["id"], 0) >= 2
        return {h} | ({n for n in grid.neighbors(h) if n in line and n not in no_zoc} if zoc else set())

    at: dict[str, str] = {}
    covered: set[str] = set()
    for u in combat:
        best = max((h for h in hexes if h not in at.values()), key=lambda h: (len(covers(u, h) - covered), -hexes.index(h)))
        at[u["id"]] = best
        covered |= covers(u, best)
    spare = sorted((u for u in units if not _line_unit(kinds, u)), key=lambda u: kinds[u["k"]]["kind"] == "hq")  # guns first
    for h in hexes:
        if h not in covered and spare:
            at[spare.pop(0)["id"]] = h
            covered.add(h)
    return at


def place(oob: dict, sc: dict, grid, cities: dict, units: list[dict], arrive: dict,
          sp_left: dict[str, int] | None = None, no_zoc: frozenset[str] = frozenset()) -> dict[str, str]:
    """unit id -> set-up hex of the counters that start on the map.  ``sp_left``: each unit's SP after
    its set-up losses (31.2.1B); ``no_zoc``: the hexes no ZOC is counted into (13.7: towns, cities
    and balkas, which a ZOC enters only from the same balka or a hill)."""
    sp_left = sp_left or {}
    on_map = [u for u in units if u["id"] not in arrive and u["f"] != "ss5"]
    by_f: dict[str, list[dict]] = {}
    for u in on_map:
        by_f.setdefault(u["f"], []).append(u)
    side_of = {f_id: f["side"] for f_id, f in oob["formations"].items()}
    at: dict[str, str] = {}
    used: set[str] = set()
    for u_id, city in sc.get("fixed", oob["setup"]["fixed"]).items():
        if any(u["id"] == u_id for u in on_map):
            at[u_id] = cities[city]["label_hex"] if cities[city].get("label_hex") else cities[city]["hexes"][0]
            used.add(at[u_id])
    if "lines" in sc:
        lines = sc["lines"]
        order = list(lines) + [f for f in sc["behind"] if f not in lines]
        # first every line hex of the tables, then the rest of each formation behind its line
        used |= {h for _loss, hexes in lines.values() for h in hexes}
        for f_id, (_loss, hexes) in lines.items():
            todo = [u for u in by_f.get(f_id, []) if u["id"] not in at]
            at.update(_man_line(grid, hexes, todo, oob["kinds"], sp_left, no_zoc))
        for f_id in order:
            todo = [u for u in by_f.get(f_id, []) if u["id"] not in at]
            hexes = lines[f_id][1] if f_id in lines else lines[sc["behind"][f_id]][1]
            for u, h in zip(todo, dict.fromkeys(_behind(grid, hexes, side_of[f_id], used))):
                at[u["id"]] = h
                used.add(h)
    else:
        areas = oob["setup"]["areas"]
        map_areas = sc["_map_areas"]
        for f_id, area_ids in areas.items():
            free = list(dict.fromkeys(h for a in area_ids for h in map_areas[a]["hexes"] if h not in used))
            todo = [u for u in by_f.get(f_id, []) if u["id"] not in at]
            for u, h in zip(todo, _together(grid, free, len(todo))):
                at[u["id"]] = h
                used.add(h)
    missing = [u["id"] for u in on_map if u["id"] not in at]
    if missing:
        raise BuildError(f"{OOB}: scenario {sc['id']}: no set-up hex for {', '.join(missing)} (setup.areas or lines)")
    return at


def _dummies_on_map(sc: dict, grid, at: dict[str, str], used: set[str]) -> dict[str, list[str]]:
    """31.2.2E: side -> the hexes its first dummies start on (the rest wait in the box), each an
    empty map hex within ten hexes of a unit of the 18th Tank Corps."""
    out = sc.get("dummies_on_map", {})
    t18 = [h for u, h in at.items() if u.startswith("su-18t-")]
    for side, hexes in out.items():
        for h in hexes:
            if h in used or not t18 or min(grid.distance(h, t) for t in t18) > 10:
                raise BuildError(f"{OOB}: scenario {sc['id']}: dummies_on_map {side} {h} is not an empty hex within ten hexes "
                                 "of the 18th Tank Corps (31.2.2E)")
    return out


def build_scenario(oob: dict, charts: dict, map_doc: dict, name: str) -> dict:
    from kharkovsuite.hexgrid import HexGrid
    from kharkovsuite.scenario.model import MapModel

    sc = dict(oob["scenarios"][name])
    map_model = MapModel.model_validate(map_doc["map"])
    grid = HexGrid(map_model.grid.spec())
    sc["_map_areas"] = map_doc["map"]["areas"]
    first, last = sc["turns"]
    units, arrive = scenario_units(oob, charts, sc)
    losses = dict(sc.get("losses", {}))
    for f_id, (total, _hexes) in sc.get("lines", {}).items():
        losses.update(_spread_losses([u for u in units if u["f"] == f_id and u["id"] not in arrive], total, oob["kinds"]))
    sp_left = {u["id"]: (u.get("cf") or 0) - losses.get(u["id"], 0) for u in units}
    # 13.7: no ZOC enters a town or city, and one enters a balka only from the same balka or a hill
    # (here: a balka hex is held by a unit, never by a ZOC)
    no_zoc = frozenset([h for h, t in map_doc["map"].get("terrain", {}).items() if t in ("town", "city")]
                       + [h for a in map_doc["map"]["areas"].values() if a.get("kind") == "balka" for h in a["hexes"]])
    at = place(oob, sc, grid, map_doc["map"]["cities"], units, arrive, sp_left, no_zoc)
    unit_types, out_units, placements, arrivals = {}, [], [], {}
    for u in units:
        t_id, ut = unit_type(oob["kinds"], u)
        unit_types[t_id] = ut
        unit = {"id": u["id"], "type": t_id, "name": u["n"], "formation": u["f"]}
        if losses.get(u["id"]):
            unit["values"] = {"sp_lost": losses[u["id"]]}
        out_units.append(unit)
        if u["id"] in arrive:
            entry = next((oob["reinforcement_entry"][r] for r in oob["reinforcement_entry"]
                          if u.get("arrive") == r or any(x["id"] == u["id"] for x in oob["reinforcements"].get(r, []))), "entry-south")
            arrivals.setdefault((arrive[u["id"]] - first + 1, entry), []).append(u["id"])
        elif u["f"] == "ss5":
            placements.append({"unit": u["id"], "box": "viking"})
        else:
            placements.append({"unit": u["id"], "hex": at[u["id"]]})
    for side, air_units in oob["air"].items():
        for a in air_units:
            t_id, ut = air_type(side, oob["kinds"], a)
            unit_types[t_id] = ut
            out_units.append({"id": a["id"], "type": t_id, "name": a["n"]})
            placements.append({"unit": a["id"], "box": f"air-base-{side}"})
    on_map = _dummies_on_map(sc, grid, at, set(at.values()))
    for side, n in oob["dummies"].items():
        t_id, ut = dummy_type(side, oob["kinds"])
        unit_types[t_id] = ut
        hexes = on_map.get(side, [])
        for i in range(1, n + 1):
            u_id = f"{PREFIX[side]}-dummy-{i}"
            out_units.append({"id": u_id, "type": t_id, "name": "Dummy"})
            placements.append({"unit": u_id, "hex": hexes[i - 1]} if i <= len(hexes) else {"unit": u_id, "box": f"dummies-{side}"})
    used_f = {u["f"] for u in units}
    used_f |= {oob["formations"][f]["higher"] for f in list(used_f) if oob["formations"][f].get("higher")}
    used_f |= {oob["formations"][f]["higher"] for f in list(used_f) if oob["formations"][f].get("higher")}
    sd = system_data(oob, charts, range(1, known.TURNS + 1))
    sd["formations"] = {f: info for f, info in sd["formations"].items() if f in used_f}
    ids = {u["id"] for u in out_units}
    for info in sd["formations"].values():
        if info.get("hq") not in ids:
            info.pop("hq", None)
    sd["turn_record"] = {t: v for t, v in sd["turn_record"].items() if first <= t <= last}
    sd["first_game_turn"] = first
    sd["supply"] = dict(sc["supply"])
    sd["special_rules"] = list(sc.get("notes", []))
    if sc.get("victory"):
        sd["victory"]["scenario"] = sc["victory"]
    if sc.get("objective"):
        sd["victory"]["objective"] = sc["objective"]  # 31.1E-H
    sd["reinforcements"] = {r: v for r, v in sd["reinforcements"].items() if any(x in ids for x in v["units"])}
    map_section = dict(map_doc["map"])
    lost = set(sc.get("lost_areas", []))  # 31.2.2A: the dump and airstrip Germany starts without
    unknown = sorted(lost - set(map_section["areas"]))
    if unknown:
        raise BuildError(f"{OOB}: scenario {sc['id']}: lost_areas names no map area {', '.join(unknown)}")
    map_section["areas"] = {**{a_id: a for a_id, a in map_section["areas"].items() if a_id not in lost}, **{b_id: {"name": b["name"], "kind": "box", "side": b["side"], "hexes": []} for b_id, b in oob["boxes"].items()}}
    start = datetime.date.fromisoformat(known.FIRST_DATE)
    return {
        "format": "kharkovsuite-scenario/1",
        "id": sc["id"],
        "title": sc["title"],
        "description": sc["description"],
        "rules": "kirovograd",
        "map": map_section,
        "terrain_effects": terrain_effects(charts),
        "tables": chart_tables(charts, oob),
        "sides": {s_id: {k: s[k] for k in ("name", "color", "text_color", "nationalities")} for s_id, s in oob["sides"].items()},
        "unit_types": dict(sorted(unit_types.items())),
        "formations": {f: {"name": oob["formations"][f]["name"], "side": oob["formations"][f]["side"], "kind": oob["formations"][f]["kind"]}
                       for f in oob["formations"] if f in used_f},
        "units": out_units,
        "setup": {"placements": placements},
        "reinforcements": [{"turn": t, "side": "german", "entry": e, "units": u_ids,
                            "note": "24.1: listed on a roll of 3; the rules engine rolls (system_data.reinforcements)"}
                           for (t, e), u_ids in sorted(arrivals.items())],
        "turns": [{"turn": t - first + 1, "date": (start + datetime.timedelta(days=(t - 1) // 2)).isoformat()} for t in range(first, last + 1)],
        "system_data": sd,
    }


def terrain_effects(charts: dict) -> dict:
    """The format's terrain effects: the entering costs of the Terrain Effects Chart; leaving
    costs, shifts and the rest are in system_data.terrain_chart."""
    tc = charts["terrain_chart"]
    return {
        # 11.2C, 28.3: air units are placed, not moved: nothing costs them MPs
        "movement_classes": list(tc["movement_classes"]) + ["air"],
        "terrain": {t: {"cost": {**e["cost"], "air": 0}, "note": "leaving costs and column shifts: system_data.terrain_chart"} for t, e in tc["terrain"].items()},
        "road": {"cost": {**tc["road"], "air": 0}, "note": "11.5: from road hex to road hex, other terrain ignored"},
    }


def render(oob: dict, charts: dict, map_doc: dict, name: str) -> str:
    """The scenario file's text; a BuildError lists every problem the loader finds in it."""
    from kharkovsuite.scenario import Scenario, dumps_scenario

    try:
        text = dumps_scenario(Scenario.model_validate(build_scenario(oob, charts, map_doc, name)))
    except ValidationError as exc:
        raise BuildError(f"the built scenario {name!r} does not fit the scenario format:\n{exc}") from None
    problems = built_problems(text, oob["scenarios"][name]["output"])
    if problems:
        raise BuildError(f"the built scenario {name!r} is not valid:\n" + "\n".join(problems))
    return text


def build_all(oob: dict, charts: dict, map_path: Path, out_dir: Path | None) -> dict[Path, str]:
    import yaml

    map_doc = yaml.safe_load(map_path.read_text(encoding="utf-8"))
    out = {}
    for name, sc in oob["scenarios"].items():
        rel = Path(sc["output"])
        out[(out_dir / rel.name) if out_dir else ROOT / rel] = render(oob, charts, map_doc, name)
    return out


if __name__ == "__main__":
    sys.exit(main())

"""Checks of a Kirovograd scenario beyond the format's: ``system_data`` against its model,
counter values against the cases that derive them, and every chart against what the rulebook
states (:mod:`.known`).

Each problem is ``(path, message)`` with the rule case in the message; the loader turns the
path into the file's line.
"""
from __future__ import annotations

import datetime
from collections.abc import Iterator, Mapping

from pydantic import ValidationError

from ...scenario.model import Scenario
from . import known
from .data import KiroData, parse_options, parse_result
from .units import CounterValues, derived

Found = Iterator[tuple[tuple, str]]


def scenario_checks(s: Scenario) -> list[tuple[tuple, str]]:
    found: list[tuple[tuple, str]] = []
    try:
        data = KiroData.model_validate(s.system_data)
    except ValidationError as exc:
        found += [(("system_data",) + tuple(e["loc"]), e["msg"]) for e in exc.errors()]
        data = None
    found += counter_checks({t: (ut.side, ut.values, len(ut.steps)) for t, ut in s.unit_types.items()})
    if data is None:
        return found
    tables = {t_id: {"columns": t.columns, "rows": t.rows} for t_id, t in s.tables.items()}
    found += chart_checks(data, tables)
    ids = {u.id for u in s.units}
    for r_id, r in data.reinforcements.items():
        for i, u_id in enumerate(r.units):
            if u_id not in ids:
                found.append((("system_data", "reinforcements", r_id, "units", i), f"24.0: no unit {u_id!r} in the scenario"))
    found += _turns(s, data)
    found += _formations(s, data)
    found += _places(s, data)
    return found


def counter_checks(types: Mapping[str, tuple[str, dict, int]]) -> list[tuple[tuple, str]]:
    """``type id -> (side, values, steps)``: values readable, derived abilities as the rules
    derive them (19.1, 19.2, 13.A, 29.4A), a reduced back only with a second step (16.0D)."""
    found = []
    for type_id, (_side, values, steps) in types.items():
        path = ("unit_types", type_id, "values")
        try:
            v = CounterValues.model_validate(values)
        except ValidationError as exc:
            found += [(path + tuple(e["loc"]), f"2.2: {e['msg']}") for e in exc.errors()]
            continue
        for key, want in derived(v.kind, v.role, v.hq_armored).items():
            if getattr(v, key) != want:
                case = {"armored": "19.1", "antitank": "19.2", "zoc": "13.A, 19.1C", "tank_back": "29.4A"}[key]
                found.append((path + (key,), f"{case}: a {v.kind} {v.role.replace('_', ' ')} has {key} {want}, not {getattr(v, key)}"))
        if v.reduced_back != (steps == 2):
            found.append((path + ("reduced_back",), f"16.0D: a counter with a reduced back has two steps, one without has one (got {steps})"))
    return found


def chart_checks(data: KiroData, tables: Mapping[str, Mapping]) -> list[tuple[tuple, str]]:
    """Every chart readable and holding what the rulebook states."""
    found: list[tuple[tuple, str]] = []
    for check in (_crt, _options, _orders, _terrain, _zoc, _weather, _reinforcements, _viking, _turn_record, _counts, _victory):
        found.extend(check(data, tables))
    return found


def _whole_game(data: KiroData) -> bool:
    """The campaign's data (26), not a shorter scenario's (31)."""
    return data.first_game_turn == 1 and max(data.turn_record, default=0) == known.TURNS


def _table(tables: Mapping, t_id: str, path: tuple) -> Found:
    if t_id not in tables:
        yield path, f"no table {t_id!r} in tables"


def _crt(data: KiroData, tables: Mapping) -> Found:
    c = data.crt
    path = ("system_data", "crt")
    if list(c.columns) != list(known.CRT_COLUMNS):
        yield path + ("columns",), f"15.7A, 15.8B-C, 19.4: the CRT columns are {', '.join(known.CRT_COLUMNS)}"
    if c.below_lowest != {"column": "1-3", "drm": -1}:
        yield path + ("below_lowest",), "15.8B: odds below 1-3 read the 1-3 column with 1 off the roll"
    if c.above_highest != "9-1":
        yield path + ("above_highest",), "15.8C: odds above 9-1 read the 9-1 column"
    if c.aa_columns != known.AA_COLUMNS:
        yield path + ("aa_columns",), "28.11A-B: HQ and artillery fire AA on the 1-1 column, other units with 3 SP on the 1-3"
    if c.large_battle_sp != 20:
        yield path + ("large_battle_sp",), "15.10: losses double when both sides have at least 20 SP"
    if c.table not in tables:
        yield path + ("table",), f"no table {c.table!r} in tables"
        return
    t = tables[c.table]
    tpath = ("tables", c.table)
    if list(t["columns"]) != list(c.columns):
        yield tpath + ("columns",), "15.7A: the CRT table has the columns system_data.crt names"
        return
    if sorted(t["rows"]) != list(known.CRT_ROWS):
        yield tpath + ("rows",), "15.8A: the CRT has a row for each roll of two dice, 2 to 12"
        return
    cells = {}
    for roll, row in t["rows"].items():
        if len(row) != len(c.columns):
            yield tpath + ("rows", roll), f"15.8: a row has one result per column ({len(c.columns)})"
            continue
        for col, cell in zip(c.columns, row):
            try:
                cells[(col, roll)] = parse_result(cell)
            except ValueError as exc:
                yield tpath + ("rows", roll), f"15.8D-F: column {col}: {exc}"
    for (col, roll), want in known.CRT_CELLS.items():
        got = cells.get((col, roll))
        if got is not None and got.text != want:
            yield tpath + ("rows", roll), f"15.8, 16.3: the {col} column on a roll of {roll} is {want}, not {got.text}"
    for col, roll in known.CRT_NOT_UNDERLINED:
        got = cells.get((col, roll))
        if got is not None and got.underlined:
            yield tpath + ("rows", roll), f"16.3: the {col} result on {roll} is converted by the options matrix, so it is not underlined"
    texts = {r.text for r in cells.values()}
    for want in known.CRT_RESULTS_PRESENT:
        if cells and want not in texts:
            yield tpath, f"18.2: the CRT holds a {want} result"


def _options(data: KiroData, tables: Mapping) -> Found:
    path = ("system_data", "options_matrix")
    m = data.options_matrix
    for a in known.ORDERS:
        for d in known.ORDERS:
            if d not in m.get(a, {}):
                yield path + (a,), f"15.9C: the matrix has a cell for {a} against {d}"
    parsed = {}
    for a, row in m.items():
        for d, cell in row.items():
            try:
                parsed[(a, d)] = parse_options(cell)
            except ValueError as exc:
                yield path + (a, d), f"15.9D: {exc}"
    for (a, d), want in known.OPTIONS_CELLS.items():
        if (a, d) in parsed and m[a][d] != want:
            yield path + (a, d), f"15.9 example: {a} against {d} is {want}, not {m[a][d]}"
    for (a, d), o in parsed.items():
        if a == "assault" and (o.attacker_losses, o.attacker_retreats) != ("M", "P"):
            yield path + (a, d), "6.2.1H, 15.9E: assaulting attackers take every result as losses (MP)"
        if d == "assault" and (o.defender_losses, o.defender_retreats) != ("M", "P"):
            yield path + (a, d), "6.2.1H, 15.9E: assaulting defenders take every result as losses (MP)"
        if d == "retreat" and o.defender_retreats != "M":
            yield path + (a, d), "6.2.4, 15.9 example: a defender under retreat orders must retreat (M)"
    mm = parsed.get(("mobile", "mobile"))
    if mm is not None and (mm.defender_losses not in "M*" or mm.defender_retreats not in "M*"):
        yield path + ("mobile", "mobile"), "16.3 example: a Soviet mobile defender must take its loss and its retreat (M or *)"


def _orders(data: KiroData, tables: Mapping) -> Found:
    path = ("system_data", "orders")
    for order in known.ORDERS:
        if order not in data.orders:
            yield path, f"6.1A: the Order Chart has a line for {order}"
            continue
        o = data.orders[order]
        if dict(o.cost) != known.ORDER_COSTS[order]:
            yield path + (order, "cost"), f"{o.case}: {order} orders cost {known.ORDER_COSTS[order]} supply points"
        shifts = known.ORDER_SHIFTS[order]
        if (o.shift_attacking, o.shift_attacked) != (shifts["attacking"], shifts["attacked"]):
            yield path + (order,), f"{o.case}: {order} orders shift {shifts['attacking']} attacking and {shifts['attacked']} attacked"


def _terrain(data: KiroData, tables: Mapping) -> Found:
    tc = data.terrain_chart
    path = ("system_data", "terrain_chart")
    fixed = (
        ("leave_river_or_balka", 1, "10.1A, 11.4A: leaving a river or balka costs one MP more"),
        ("fortified_shift", -1, "10.2B: attacks all across fortified hexsides shift one column left"),
        ("hill_shift", -1, "10.3B: a hill shifts one column left"),
        ("fog_ma_factor", 0.5, "11.3: fog halves the MPs"),
    )
    for key, want, msg in fixed:
        if getattr(tc, key) != want:
            yield path + (key,), msg
    if not {"infantry", "paratroop"} <= set(tc.balka_leave_exempt):
        yield path + ("balka_leave_exempt",), "11.4A: infantry and paratroop infantry do not pay to leave a balka"
    if sorted(tc.engineer_negates) != ["city", "fortified"]:
        yield path + ("engineer_negates",), "20.0B: the engineers negate the city and the fortified shift"
    for t_id, t in tc.terrain.items():
        if set(t.cost) != set(tc.movement_classes):
            yield path + ("terrain", t_id, "cost"), f"11.0: a cost for each movement class ({', '.join(tc.movement_classes)})"
        if t.zoc_cover not in data.zoc_chart.cells.get("armor", {}):
            yield path + ("terrain", t_id, "zoc_cover"), f"13.B: {t.zoc_cover!r} is no column of the ZOC Chart"
    if "hill" in tc.terrain and tc.terrain["hill"].zoc_cover != known.ZOC_HILL_IS:
        yield path + ("terrain", "hill", "zoc_cover"), "10.3A: hills are clear terrain for ZOCs"
    for key in ("road", "railroad"):
        if set(getattr(tc, key)) != set(tc.movement_classes):
            yield path + (key,), f"11.5-11.6: a {key} cost for each movement class"


def _zoc(data: KiroData, tables: Mapping) -> Found:
    z = data.zoc_chart
    path = ("system_data", "zoc_chart")
    for row, cols in z.cells.items():
        for cover in known.ZOC_NEVER_INTO:
            if cover not in cols:
                yield path + ("cells", row), f"13.7A: the chart has a {cover} column"
        for cover, lights in cols.items():
            for light in ("day", "night", "fog"):
                if light not in lights:
                    yield path + ("cells", row, cover), f"13.9A: the chart gives the ZOC by {light}"
            for light, kind in lights.items():
                if cover in known.ZOC_NEVER_INTO and kind != "none":
                    yield path + ("cells", row, cover, light), f"13.7A: no ZOC extends into {cover.replace('_', ' ')} hexes"
                if light in known.ZOC_NO_LOCKING_IN and kind == "locking":
                    yield path + ("cells", row, cover, light), f"13.3F: only overlapping ZOCs lock at {light}"
    if sorted(z.balka_from) != sorted(known.ZOC_BALKA_FROM):
        yield path + ("balka_from",), "13.7B: ZOCs reach a balka only from the same balka or an adjacent hill"
    if z.one_sp_alone != "none":
        yield path + ("one_sp_alone",), "13.6A: a lone 1-SP unit exerts no ZOC"
    if z.fog_leave_extra_mp != 1 or z.fluid_leave_extra_mp != 1:
        yield path, "13.1A, 13.9B: leaving a fluid ZOC, or any ZOC in fog, costs one MP more"
    if not {"air", "travelling_artillery", "dummy"} <= set(z.none_for):
        yield path + ("none_for",), "13.A, 29.1: air units, travelling Soviet artillery and dummies exert no ZOC"


def _weather(data: KiroData, tables: Mapping) -> Found:
    w = data.weather
    path = ("system_data", "weather")
    yield from _table(tables, w.table, path + ("table",))
    if w.table in tables:
        t = tables[w.table]
        if sorted(t["rows"]) != [1, 2, 3, 4, 5, 6]:
            yield ("tables", w.table, "rows"), "4.A: the Weather Table is read on one die"
        for roll, row in t["rows"].items():
            for cell in row:
                if cell not in w.effects:
                    yield ("tables", w.table, "rows", roll), f"4.A: {cell!r} is no weather of the Weather Effects Table"
    for name, e in w.effects.items():
        if e.air_roll and (e.air_table is None or e.air_table not in tables):
            yield path + ("effects", name, "air_table"), f"4.B: {name} needs the table of its air roll"
    if "light_snow" in w.effects and w.effects["light_snow"].cap_reach != 2:
        yield path + ("effects", "light_snow", "cap_reach"), "28.6B: in light snow showers CAP reaches two hexes"
    if "fog" in w.effects and not w.effects["fog"].fog:
        yield path + ("effects", "fog", "fog"), "11.3, 13.9: fog is fog"


def _reinforcements(data: KiroData, tables: Mapping) -> Found:
    path = ("system_data", "reinforcements")
    # a shorter scenario keeps only the lines of the reinforcements that can come in its turns
    whole_game = _whole_game(data)
    for r_id, want in known.REINFORCEMENT_ROLL_TURNS.items():
        r = data.reinforcements.get(r_id)
        if r is None:
            if whole_game:
                yield path, f"24.0A: the chart has a line for {r_id}"
        elif r.roll_turn != want:
            yield path + (r_id, "roll_turn"), f"24.1C: {r.name} is rolled for on turn {want}"
    for r_id, r in data.reinforcements.items():
        if r.table not in tables:
            yield path + (r_id, "table"), f"no table {r.table!r} in tables"
            continue
        t = tables[r.table]
        if sorted(t["rows"]) != [1, 2, 3, 4, 5, 6]:
            yield ("tables", r.table, "rows"), "24.1A: one die a formation"
        for roll, row in t["rows"].items():
            delay, withheld = row[0], row[1]
            if not isinstance(delay, int) or delay < 0:
                yield ("tables", r.table, "rows", roll), "24.1: the delay is a number of turns after the roll turn"
            if withheld != "-" and not set(str(withheld).split()) <= set(r.units):
                yield ("tables", r.table, "rows", roll), f"24.1B: withheld units are units of {r.name}"


def _viking(data: KiroData, tables: Mapping) -> Found:
    v = data.viking
    path = ("system_data", "viking")
    got = {roll: (tuple(e.units), e.enters) for roll, e in v.roll.items()}
    if got != known.VIKING:
        yield path + ("roll",), "24.6: the Viking table is 1-2 none; 3 Recon next turn; 4 Recon, Wal, Nr the turn after next; 5 Recon, Panzer, Wal, Ger next turn; 6 all this turn"
    for abbr in ("recon", "wal", "nr", "panzer", "ger"):
        if not v.units.get(abbr):
            yield path + ("units",), f"24.6: the abbreviation {abbr!r} names Viking units"


def _turn_record(data: KiroData, tables: Mapping) -> Found:
    path = ("system_data", "turn_record")
    for turn, info in data.turn_record.items():
        want = "night" if turn % 2 == 0 else "day"
        if info.light != want:
            yield path + (turn, "light"), f"errata (2.3.1): even turns are night turns; turn {turn} is a {want} turn"
        if info.light == "night" and any(info.supply.get(s, 0) < known.NIGHT_SUPPLY for s in ("german", "soviet")):
            yield path + (turn, "supply"), f"3.2A: each side gets {known.NIGHT_SUPPLY} supply points every night turn"
    for turn, rp in known.SOVIET_ARMOR_RP.items():
        if turn in data.turn_record and data.turn_record[turn].replacement_points.get("soviet") != rp:
            yield path + (turn, "replacement_points"), f"25.1B: the USSR gets {rp} armour RP on 10 January Day (turn {turn})"


def _counts(data: KiroData, tables: Mapping) -> Found:
    if dict(data.reserve_markers) != known.RESERVE_MARKERS:
        yield ("system_data", "reserve_markers"), "12.4C-D: Germany has 8 reserve markers, the USSR 5"
    if _whole_game(data) and data.supply and dict(data.supply) != known.INITIAL_SUPPLY:
        yield ("system_data", "supply"), "8.7, 26.2F-G: the campaign starts with 100 Soviet supply points, 60 German on the map and 30 off it"


def _victory(data: KiroData, tables: Mapping) -> Found:
    v = data.victory
    path = ("system_data", "victory")
    if dict(v.per_sp) != known.VP_PER_SP or v.destroyed_unit_factor != known.VP_DESTROYED_FACTOR:
        yield path, "27.B: 1 VP an infantry SP, 2 an armoured SP, 3 an artillery or HQ SP or air point, twice a unit's value when destroyed"
    if dict(v.places) != known.VP_PLACES:
        yield path + ("places",), "27.B: Kirovograd 5, Novomirgorod 10, Novo Ukrainka 15 VP for holding them"
    if dict(v.kirovograd_early) != known.VP_KIROVOGRAD_EARLY:
        yield path + ("kirovograd_early",), "27.B: +20, +15, +10 VP for the USSR taking Kirovograd before 7, 8, 9 January"


def _places(s: Scenario, data: KiroData) -> Found:
    for place in data.victory.places:
        if place not in s.map.cities:
            yield ("system_data", "victory", "places", place), f"27.B: no city {place!r} on the map"


def _turns(s: Scenario, data: KiroData) -> Found:
    first = datetime.date.fromisoformat(known.FIRST_DATE)
    for i, t in enumerate(s.turns):
        game_turn = t.turn + data.first_game_turn - 1
        want = (first + datetime.timedelta(days=(game_turn - 1) // 2)).isoformat()
        if t.date != want:
            yield ("turns", i, "date"), f"1.0C: two turns a day from 5 January 1944: game turn {game_turn} is on {want}"
        if game_turn not in data.turn_record:
            yield ("turns", i), f"2.3.1: game turn {game_turn} needs its line of the turn record"
        if game_turn > known.TURNS:
            yield ("turns", i), f"27.A: the game ends with turn {known.TURNS}, 16 January Night"


def _formations(s: Scenario, data: KiroData) -> Found:
    ids = {u.id for u in s.units}
    for f_id in s.formations:
        if f_id not in data.formations:
            yield ("formations", f_id), "2.2.4: a formation needs its abbreviation and colour in system_data.formations"
    for f_id, f in data.formations.items():
        if f.hq is not None and f.hq not in ids:
            yield ("system_data", "formations", f_id, "hq"), f"5.0A: HQ unit {f.hq!r} is not in the scenario"
        if f.higher is not None and f.higher not in data.formations:
            yield ("system_data", "formations", f_id, "higher"), f"2.2.4A: unknown higher echelon {f.higher!r}"

"""Checks of a Kharkov 1943 scenario beyond the format's: ``system_data`` against its model,
counter values against the cases that derive them, charts complete and readable, entry areas,
fronts, play area and victory places where the rules put them.

Each problem is ``(path, message)`` with the rule case in the message; the loader turns the
path into the file's line.
"""
from __future__ import annotations

from collections.abc import Iterator

from pydantic import ValidationError

from ...scenario.model import Scenario
from .data import K43Data, parse_result
from .units import (
    COMMAND_RANGE,
    HQ_LEVELS,
    CounterValues,
    derived_antitank,
    derived_armor,
    derived_op,
    derived_stacking,
    step_values,
)

Found = Iterator[tuple[tuple, str]]
STACKING_LIMIT = 10  # 5
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII")


def scenario_checks(s: Scenario) -> list[tuple[tuple, str]]:
    found: list[tuple[tuple, str]] = []
    try:
        data = K43Data.model_validate(s.system_data)
    except ValidationError as exc:
        for err in exc.errors():
            found.append((("system_data",) + tuple(err["loc"]), f"{err['msg']}"))
        data = None
    values = dict(_counter_values(s, found))
    if data is None:
        return found
    for check in (_counters, _formations, _crt, _charts, _entries, _play_area, _setup, _victory):
        found.extend(check(s, data, values))
    return found


def _counter_values(s: Scenario, found: list) -> Iterator[tuple[str, CounterValues]]:
    for type_id, ut in s.unit_types.items():
        try:
            yield type_id, CounterValues.model_validate(ut.values)
        except ValidationError as exc:
            for err in exc.errors():
                found.append((("unit_types", type_id, "values") + tuple(err["loc"]), f"1.1: {err['msg']}"))


def _counters(s: Scenario, data: K43Data, values: dict[str, CounterValues]) -> Found:
    for type_id, v in values.items():
        ut = s.unit_types[type_id]
        path = ("unit_types", type_id)
        if not ut.steps:
            yield path + ("steps",), "1.2: a counter needs its combat value at each step"
            continue
        combat = int(ut.steps[0].attack or 0)
        want = step_values(combat, len(ut.steps), v.tiger)
        got = [int(st.attack or 0) for st in ut.steps]
        if got != want or any(st.defense != st.attack for st in ut.steps):
            yield path + ("steps",), f"1.2: a unit loses {1 if v.tiger else 2} combat point(s) a step, so the steps are {want}, not {got}"
        if want[-1] < 1 and v.kind != "supply_head":
            yield path + ("steps",), f"1.2: {len(want)} steps leave a combat value of {want[-1]}; a step needs at least 1"
        checks = (
            ("armor", derived_armor(v.kind, combat, v.hq_level, "action_group" in ut.flags), "1.1"),
            ("antitank", derived_antitank(v.kind, combat, ut.side, v.echelon), "1.1"),
            ("stacking", derived_stacking(ut.side, v.kind, v.echelon), "5"),
        )
        for key, want_value, case in checks:
            if getattr(v, key) != want_value:
                yield path + ("values", key), f"{case}: a {v.kind} {v.echelon} of combat value {combat} has {key} {want_value}, not {getattr(v, key)}"
        op = derived_op(v.kind)
        if op is not None and v.op != op:
            yield path + ("values", "op"), f"1.1: a {v.kind} unit has {op} OP, not {v.op}"
        if v.kind == "hq":
            if v.hq_level not in HQ_LEVELS.get(ut.side, ()):
                yield path + ("values", "hq_level"), f"9.2: a {ut.side} HQ is one of {', '.join(HQ_LEVELS.get(ut.side, ()))}"
            if v.command_range != COMMAND_RANGE:
                yield path + ("values", "command_range"), f"8.1: HQs command up to {COMMAND_RANGE} hexes"
            if len(ut.steps) != 1:
                yield path + ("steps",), "1.4: an HQ has only one combat step"
        if v.tiger and not (v.heavy and v.kind == "armor"):
            yield path + ("values",), "1.2, 7.4: a Tiger unit is a heavy (dotted) armoured unit"
    yield from _unit_states(s, values)
    yield from _detachments(s, values)


def _unit_states(s: Scenario, values: dict[str, CounterValues]) -> Found:
    """``Unit.values``: steps lost at the start (1.2) and a detachment's mother unit (1.3)."""
    for i, unit in enumerate(s.units):
        unknown = set(unit.values) - {"steps_lost", "detached_from"}
        for key in sorted(unknown):
            yield ("units", i, "values", key), f"unknown unit value {key!r} (allowed: steps_lost, detached_from)"
        lost = unit.values.get("steps_lost", 0)
        steps = len(s.unit_types[unit.type].steps) if unit.type in s.unit_types else 0
        if not isinstance(lost, int) or isinstance(lost, bool) or not 0 <= lost < steps:
            yield ("units", i, "values", "steps_lost"), f"1.2: a unit of {steps} step(s) starts with 0 to {steps - 1} lost, not {lost!r}"


def _detachments(s: Scenario, values: dict[str, CounterValues]) -> Found:
    """1.3: one detachment per Soviet tank corps (a brigade) or German regiment (a battalion)."""
    units = {u.id: (i, u) for i, u in enumerate(s.units)}
    seen: dict[str, str] = {}
    for i, unit in enumerate(s.units):
        v = values.get(unit.type)
        if v is None or not v.detachment:
            continue
        mother = unit.values.get("detached_from")
        if mother not in units:
            yield ("units", i, "values"), f"1.3: a detachment names its mother unit (detached_from), got {mother!r}"
            continue
        mv = values.get(units[mother][1].type)
        if mv is None or mv.kind != "armor":
            yield ("units", i, "values", "detached_from"), "1.3: only armoured units give detachments"
        if mother in seen:
            yield ("units", i, "values", "detached_from"), f"1.3: {mother!r} already has a detachment ({seen[mother]!r})"
        seen[mother] = unit.id


def _formations(s: Scenario, data: K43Data, values: dict[str, CounterValues]) -> Found:
    units = {u.id: u for u in s.units}
    for f_id in s.formations:
        if f_id not in data.formations:
            yield ("formations", f_id), "1.1: a formation needs its colour code in system_data.formations"
    for f_id, info in data.formations.items():
        path = ("system_data", "formations", f_id)
        if f_id not in s.formations:
            yield path, f"no formation {f_id!r} in formations"
            continue
        side = s.formations[f_id].side
        if side == "soviet" and info.front not in data.fronts:
            yield path + ("front",), f"1.5: a Soviet formation belongs to one of the fronts {', '.join(data.fronts)}"
        elif side == "soviet" and info.color.lower() != data.fronts[info.front].color.lower():
            yield path + ("color",), f"1.5: a Soviet formation has its front's colour code {data.fronts[info.front].color}"
        if info.hq is not None and not _is_hq(s, values, info.hq):
            yield path + ("hq",), f"1.5: {info.hq!r} is not an HQ unit"
    for fr_id, front in data.fronts.items():
        path = ("system_data", "fronts", fr_id)
        hq = units.get(front.hq)
        if hq is None or values.get(hq.type) is None or values[hq.type].hq_level != "front":
            yield path + ("hq",), f"9.2: {front.hq!r} is not a Front HQ unit"
        head = units.get(front.supply_head)
        if head is None or values.get(head.type) is None or values[head.type].kind != "supply_head":
            yield path + ("supply_head",), f"9.4: {front.supply_head!r} is not a Front supply head unit"


def _is_hq(s: Scenario, values: dict[str, CounterValues], unit_id: str) -> bool:
    unit = next((u for u in s.units if u.id == unit_id), None)
    return unit is not None and unit.type in values and values[unit.type].kind == "hq"


def _crt(s: Scenario, data: K43Data, values: dict) -> Found:
    crt = data.crt
    terrain_seen: dict[str, str] = {}
    for cls, terrains in crt.terrain_classes.items():
        for j, t in enumerate(terrains):
            if t not in s.map.terrain_types:
                yield ("system_data", "crt", "terrain_classes", cls, j), f"7.4: unknown terrain type {t!r}"
            elif t in terrain_seen:
                yield ("system_data", "crt", "terrain_classes", cls, j), f"7.4: {t!r} is already in class {terrain_seen[t]!r}"
            terrain_seen[t] = cls
    for t in s.map.terrain_types:
        if t not in terrain_seen:
            yield ("system_data", "crt", "terrain_classes"), f"7.4: terrain {t!r} is in no CRT terrain class"
    for cls in crt.terrain_classes:
        for attack in crt.attack_types:
            table_id = crt.blocks.get(cls, {}).get(attack)
            path = ("system_data", "crt", "blocks", cls)
            if table_id is None:
                yield path, f"7.4: no CRT block for {attack} attacks on {cls} terrain"
                continue
            table = s.tables.get(table_id)
            if table is None:
                yield path + (attack,), f"7.4: no table {table_id!r}"
                continue
            if table.columns != crt.columns:
                yield ("tables", table_id, "columns"), f"7.4: a CRT block has the columns {crt.columns}"
            rows = set(table.rows)
            want = set(range(crt.lowest_row, crt.highest_row + 1))
            if rows != want:
                yield ("tables", table_id, "rows"), f"7.4: a CRT block has the rows {crt.lowest_row} to {crt.highest_row}"
            for roll, row in table.rows.items():
                for j, cell in enumerate(row):
                    try:
                        parse_result(cell)
                    except ValueError as exc:
                        yield ("tables", table_id, "rows", roll, j), f"7.5: {exc}"


def _charts(s: Scenario, data: K43Data, values: dict) -> Found:
    tc = data.terrain_chart
    for t in s.map.terrain_types:
        if t not in tc.terrain:
            yield ("system_data", "terrain_chart", "terrain"), f"6.3: terrain {t!r} has no OP cost"
    for t, costs in tc.terrain.items():
        if t not in s.map.terrain_types:
            yield ("system_data", "terrain_chart", "terrain", t), f"6.3: unknown terrain type {t!r}"
        for state in data.movement_table:
            if state not in costs:
                yield ("system_data", "terrain_chart", "terrain", t), f"14.3: no OP cost in {state} ground"
    for h in tc.hexsides:
        if h not in s.map.hexside_types:
            yield ("system_data", "terrain_chart", "hexsides", h), f"6.3: unknown hexside type {h!r}"
    for h in s.map.hexside_types:
        if h not in tc.hexsides:
            yield ("system_data", "terrain_chart", "hexsides"), f"6.3: hexside type {h!r} has no OP cost"
    for key, table_id, states in (
        ("air_table", data.weather.air_table, set(data.weather.air_share)),
        ("ground_table", data.weather.ground_table, set(data.movement_table)),
    ):
        table = s.tables.get(table_id)
        if table is None:
            yield ("system_data", "weather", key), f"14.1: no table {table_id!r}"
            continue
        for column in data.weather.periods:
            if column not in table.columns:
                yield ("system_data", "weather", "periods", column), f"14.1: table {table_id!r} has no column {column!r}"
        for roll, row in table.rows.items():
            for j, cell in enumerate(row):
                if cell not in states:
                    yield ("tables", table_id, "rows", roll, j), f"14.1: {cell!r} is not one of {', '.join(sorted(states))}"
    turns = {t.turn for t in s.turns}
    served = [t for ts in data.weather.periods.values() for t in ts]
    if sorted(served) != sorted(turns):
        yield ("system_data", "weather", "periods"), "14.1: every turn is served by exactly one weather column"
    for name, table_id in (("air", data.air.table), ("replacements", data.replacements.table)):
        table = s.tables.get(table_id)
        if table is None:
            yield ("system_data", name, "table"), f"no table {table_id!r}"
            continue
        for roll, row in table.rows.items():
            for j, cell in enumerate(row):
                if not isinstance(cell, int) or isinstance(cell, bool) or cell < 0:
                    yield ("tables", table_id, "rows", roll, j), f"13.2, 16: a number of points (0 or more), got {cell!r}"
    rep = s.tables.get(data.replacements.table)
    if rep is not None:
        if set(rep.rows) != turns:
            yield ("tables", data.replacements.table, "rows"), "16: the replacement table has a row for each turn"
        for col in data.replacements.columns:
            if col not in rep.columns:
                yield ("system_data", "replacements", "columns", col), f"16: table {rep.name!r} has no column {col!r}"
    attack_types = set(data.crt.attack_types)
    if set(data.postures) != attack_types:
        yield ("system_data", "postures"), f"7.5: the Table of Postures has a row for each attack type ({', '.join(sorted(attack_types))})"


def _entries(s: Scenario, data: K43Data, values: dict) -> Found:
    """15.1: reinforcements enter by their side's entry areas, German I-VIII, Soviet letters."""
    entries = {a_id: a for a_id, a in s.map.areas.items() if a.kind == "entry"}
    german = sorted(a.name.split()[-1] for a in entries.values() if a.side == "german")
    if german != sorted(ROMAN):
        yield ("map", "areas"), f"15.1: the German entry areas are I to VIII, got {', '.join(german) or 'none'}"
    for a_id, a in entries.items():
        if a.side == "soviet" and not (a.name.split()[-1].isalpha() and len(a.name.split()[-1]) == 1):
            yield ("map", "areas", a_id, "name"), "15.1: a Soviet entry area is named by a letter"
        if not a.hexes:
            yield ("map", "areas", a_id, "hexes"), "15.1: an entry area needs hexes"
    side_of = {u.id: s.unit_types[u.type].side for u in s.units}
    arriving = set()
    for i, r in enumerate(s.reinforcements):
        area = entries.get(r.entry)
        if area is None:
            yield ("reinforcements", i, "entry"), f"15.1: {r.entry!r} is not an entry area"
        elif area.side != r.side:
            yield ("reinforcements", i, "entry"), f"15.1: {r.entry!r} is an entry area of the {area.side} side"
        for j, unit in enumerate(r.units):
            arriving.add(unit)
            if side_of.get(unit) != r.side:
                yield ("reinforcements", i, "units", j), f"15.1: {unit!r} is not a {r.side} unit"
        if r.turn not in {t.turn for t in s.turns}:
            yield ("reinforcements", i, "turn"), f"15.1: turn {r.turn} is not a turn of the scenario"
    for j, unit in enumerate(data.rail_arrivals):
        if unit not in arriving:
            yield ("system_data", "rail_arrivals", j), f"15.2: {unit!r} is not a reinforcement"


def _play_area(s: Scenario, data: K43Data, values: dict) -> Found:
    rules = data.special_rules
    if len(s.turns) != rules.turns:
        yield ("turns",), f"18: the scenario lasts {rules.turns} turns, the turn record has {len(s.turns)}"
    from ...scenario.checks import grid_for

    grid = grid_for(s)
    if rules.play_rows is not None:
        first, last = rules.play_rows
        for i, p in enumerate(s.setup.placements):
            if p.hex is not None and not first <= grid.row_col(p.hex)[0] <= last:
                yield ("setup", "placements", i, "hex"), f"18.2: only hexrows {first:02d}xx-{last:02d}xx are in play"
        for a_id, a in s.map.areas.items():
            if a.kind == "entry" and any(not first <= grid.row_col(h)[0] <= last for h in a.hexes):
                if rules.reinforcement_areas is None or a_id in rules.reinforcement_areas.get(a.side or "", []):
                    yield ("map", "areas", a_id, "hexes"), f"18.2: an entry area in use lies in hexrows {first:02d}-{last:02d}"
    if rules.reinforcement_areas is not None:
        for i, r in enumerate(s.reinforcements):
            if r.entry not in rules.reinforcement_areas.get(r.side, []):
                yield ("reinforcements", i, "entry"), f"18.2: the {r.side} side receives reinforcements by {', '.join(rules.reinforcement_areas.get(r.side, []))} only"
    if rules.reinforcement_fronts is not None:
        units = {u.id: u for u in s.units}
        for i, r in enumerate(s.reinforcements):
            for j, uid in enumerate(r.units):
                f = data.formations.get(units[uid].formation or "")
                if r.side == "soviet" and (f is None or f.front not in rules.reinforcement_fronts):
                    yield ("reinforcements", i, "units", j), f"18.2: only reinforcements of {', '.join(rules.reinforcement_fronts)} arrive"
    for i, ex in enumerate(rules.exits):
        if ex.formation not in s.formations:
            yield ("system_data", "special_rules", "exits", i, "formation"), f"18.2: unknown formation {ex.formation!r}"
        if ex.by_end_of_turn > rules.turns:
            yield ("system_data", "special_rules", "exits", i, "by_end_of_turn"), "18.2: the exit falls after the last turn"


def _setup(s: Scenario, data: K43Data, values: dict[str, CounterValues]) -> Found:
    """5: at most ten stacking points a hex at the start; no hex holds both sides."""
    units = {u.id: u for u in s.units}
    points: dict[str, int] = {}
    sides: dict[str, set[str]] = {}
    first: dict[str, int] = {}
    for i, p in enumerate(s.setup.placements):
        unit = units.get(p.unit)
        if p.hex is None or unit is None or unit.type not in values:
            continue
        points[p.hex] = points.get(p.hex, 0) + values[unit.type].stacking
        sides.setdefault(p.hex, set()).add(s.unit_types[unit.type].side)
        first.setdefault(p.hex, i)
        if points[p.hex] > STACKING_LIMIT and points[p.hex] - values[unit.type].stacking <= STACKING_LIMIT:
            yield ("setup", "placements", i, "hex"), f"5: hex {p.hex} holds more than {STACKING_LIMIT} stacking points"
        if len(sides[p.hex]) > 1:
            yield ("setup", "placements", i, "hex"), f"set-up: hex {p.hex} holds units of both sides"
    te = s.terrain_effects
    for t, costs in data.terrain_chart.terrain.items():
        frozen = costs.get("frozen")
        effect = te.terrain.get(t)
        if effect is not None and any(c != frozen for c in effect.cost.values()):
            yield ("terrain_effects", "terrain", t), f"6.3: the OP cost of {t} is the Terrain Effects Chart's in frozen ground, {frozen}"


def _victory(s: Scenario, data: K43Data, values: dict) -> Found:
    named = set(s.map.cities) | set(s.map.places)
    for side, conditions in data.victory.items():
        if side not in s.sides:
            yield ("system_data", "victory", side), f"18: unknown side {side!r}"
        for i, c in enumerate(conditions):
            for g, group in enumerate(c.groups):
                path = ("system_data", "victory", side, i, "groups", g)
                for k, place in enumerate(group.places):
                    if place not in named:
                        yield path + ("places", k), f"18: {place!r} is not a city or place of the map"
                if group.at_least > len(group.places):
                    yield path + ("at_least",), f"18: at least {group.at_least} of {len(group.places)} places can never be met"

"""The table-shaped parts of a scenario, described once for every table view of the editor.

A :class:`Section` lists the rows of one part of a scenario (unit types, units, the turn
record, a combat results table, ...) and its :class:`Column` s.  Every cell edit turns the
cell's text into a changed copy of the scenario (through the pydantic models, so a wrong
value is refused with the model's message), which the table model pushes as one undo
command.  No Qt here: the sections are plain Python, tested without a window.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kharkovsuite.scenario import edit as E
from kharkovsuite.scenario.model import Model  # the format's plain classes (their pydantic twins validate)
from kharkovsuite.scenario.model import (
    Award,
    Formation,
    HexsideEffect,
    HexsideType,
    HQValues,
    MovementCost,
    Reinforcement,
    Scenario,
    SetupZone,
    Side,
    StepValues,
    Table,
    TerrainType,
    TurnRecord,
    Unit,
    UnitType,
    UntriedCounter,
    UntriedPool,
    Victory,
    VictoryLevel,
)

EditError = E.EditError


# ----------------------------------------------------------------------------- text <-> values


def fmt_num(v: float | int | None) -> str:
    if v is None:
        return ""
    return f"{v:g}" if isinstance(v, float) else str(v)


def parse_int(text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise EditError(f"{text.strip()!r} is not a whole number") from None


def parse_float(text: str) -> float:
    try:
        return float(text.strip())
    except ValueError:
        raise EditError(f"{text.strip()!r} is not a number") from None


def opt(parse: Callable[[str], Any]) -> Callable[[str], Any]:
    return lambda text: None if not text.strip() else parse(text)


def parse_str(text: str) -> str:
    return text.strip()


def parse_optstr(text: str) -> str | None:
    return text.strip() or None


def fmt_list(values, sep: str = ", ") -> str:
    return sep.join(str(v) for v in values)


def parse_list(text: str, sep: str = ",") -> list[str]:
    return [x.strip() for x in text.split(sep) if x.strip()]


def fmt_map(d: dict) -> str:
    return ", ".join(f"{k}: {fmt_num(v) if isinstance(v, (int, float)) else v}" for k, v in d.items())


def parse_map(text: str, value: Callable[[str], Any] = parse_str) -> dict:
    out = {}
    for part in parse_list(text):
        key, sep, val = part.partition(":")
        if not sep:
            raise EditError(f"write 'key: value' pairs separated by commas (got {part!r})")
        out[key.strip()] = value(val)
    return out


def parse_bool(text: str) -> bool:
    t = text.strip().lower()
    if t in ("yes", "true", "1", "x", "y", "on"):
        return True
    if t in ("", "no", "false", "0", "n", "off", "-"):
        return False
    raise EditError(f"{text!r} is neither yes nor no")


_STEP = re.compile(r"^\s*([^\s\[-]+)\s*-\s*([^\s\[-]+)(?:\s*-\s*([^\s\[-]+))?\s*(?:\[(.*)\])?\s*$")


def fmt_step(step: StepValues) -> str:
    values = "-".join("?" if v is None else fmt_num(v) for v in (step.attack, step.defense, step.movement))
    return f"{values} [{step.label}]" if step.label else values


def parse_step(text: str) -> StepValues:
    """``9-9-8`` (attack-defense-movement), ``9-8`` (combat-movement), ``?`` for none, ``[label]``."""
    t = text.strip()
    m = _STEP.match(t)
    if not m:
        label = re.match(r"^\[(.*)\]$", t)
        if label:
            return StepValues(label=label.group(1))
        raise EditError(f"write a step as attack-defense-movement, e.g. 9-9-8, or combat-movement, e.g. 9-8 (got {t!r})")
    a, b, c, label = m.groups()
    num = lambda x: None if x == "?" else parse_float(x)  # noqa: E731
    if c is None:
        attack, defense, movement = num(a), num(a), b
    else:
        attack, defense, movement = num(a), num(b), c
    return StepValues(attack=attack, defense=defense, movement=None if movement == "?" else parse_int(movement), label=label or None)


def fmt_hq(hq: HQValues | None) -> str:
    return "" if hq is None else f"{hq.command_radius}/{hq.movement}/{hq.inactive_movement}"


def parse_hq(text: str) -> HQValues | None:
    if not text.strip():
        return None
    parts = [p for p in re.split(r"[/\s]+", text.strip()) if p]
    if len(parts) != 3:
        raise EditError("write HQ values as radius/movement/inactive movement, e.g. 5/11/5")
    r, m, i = (parse_int(p) for p in parts)
    return HQValues(command_radius=r, movement=m, inactive_movement=i)


_COUNTER = re.compile(r"^\s*(\S+?)-(\S+?)-(\d+)\s*[x×]\s*(\d+)\s*(?:\((\d) steps?\))?\s*$")


def fmt_counters(counters: list[UntriedCounter]) -> str:
    out = []
    for c in counters:
        text = f"{fmt_num(c.attack)}-{fmt_num(c.defense)}-{c.movement} x{c.count}"
        out.append(text + (f" ({c.steps} steps)" if c.steps != 1 else ""))
    return "; ".join(out)


def parse_counters(text: str) -> list[UntriedCounter]:
    out = []
    for part in parse_list(text, ";"):
        m = _COUNTER.match(part)
        if not m:
            raise EditError(f"write untried counters as attack-defense-movement x count, e.g. 2-3-7 x4; (got {part!r})")
        a, d, mv, n, steps = m.groups()
        out.append(UntriedCounter(attack=parse_float(a), defense=parse_float(d), movement=int(mv), count=int(n), steps=int(steps or 1)))
    return out


def updated(item: Model, **changes) -> Model:
    """A validated copy of a model with some fields changed (the model's message on error)."""
    return type(item).model_validate({**dict(item), **changes})


# ----------------------------------------------------------------------------- columns, sections


Choices = Callable[[Scenario, Any, Any], list[tuple[str, str]]]  # (s, key, item) -> [(value, label)]


@dataclass
class Column:
    header: str
    get: Callable[[Scenario, Any, Any], Any]  # (scenario, row key, item) -> shown value
    set: Callable[[Scenario, Any, Any, str], Scenario] | None = None  # (s, key, item, text) -> new s
    tip: str = ""
    kind: str = "text"  # "text", "bool" (a check box), "color"
    choices: Choices | None = None  # the cell is picked from a list (a drop-down editor)
    source: tuple = ()  # where in its row's data the cell reads (charts of a rule system's data)


def side_choices(s: Scenario, _key=None, _item=None) -> list[tuple[str, str]]:
    return [(k, f"{side.name} ({k})") for k, side in s.sides.items()]


def optional(choices: Choices, label: str = "(none)") -> Choices:
    """The same list with a blank first entry, for a cell that may be empty."""
    return lambda s, k, item: [("", label), *choices(s, k, item)]


def type_choices(s: Scenario, _key=None, _item=None) -> list[tuple[str, str]]:
    return [(k, f"{t.name} ({k}, {s.sides[t.side].name if t.side in s.sides else t.side})") for k, t in s.unit_types.items()]


def formation_choices(s: Scenario, _key=None, _item=None) -> list[tuple[str, str]]:
    return [(k, f"{f.name} ({k})") for k, f in s.formations.items()]


def movement_class_choices(s: Scenario, _key=None, _item=None) -> list[tuple[str, str]]:
    return [(c, c) for c in s.terrain_effects.movement_classes]


def nationality_choices(s: Scenario, _key, unit_type) -> list[tuple[str, str]]:
    """The nationalities of the type's side."""
    side = s.sides.get(unit_type.side)
    return [(k, f"{name} ({k})") for k, name in side.nationalities.items()] if side else []


def pool_choices(s: Scenario, _key=None, _item=None) -> list[tuple[str, str]]:
    return [(k, f"{p.name} ({k})") for k, p in s.untried_pools.items()]


class Section:
    """Rows of one part of a scenario; subclasses say where they live and what the columns are."""

    key = ""
    title = ""
    path: tuple = ()
    parts: frozenset[str] = frozenset()  # Document.changed parts that refresh a view of it
    item_name = "row"
    reset_path: tuple | None = None  # the part that "Reset to defaults" copies from the reference
    rename_kind: str | None = None  # a key of edit.RENAMEABLE: renaming a row renames its references

    # --- rows
    def items(self, s: Scenario):
        return E.get_in(s, self.path)

    def rows(self, s: Scenario) -> list[tuple[Any, Any]]:
        items = self.items(s)
        if isinstance(items, dict):
            return list(items.items())
        return list(enumerate(items))

    def set_item(self, s: Scenario, key, item) -> Scenario:
        return E.set_in(s, self.path + (key,), item)

    def add(self, s: Scenario) -> Scenario:
        items = self.items(s)
        if isinstance(items, dict):
            key = E.new_key(items, self.new_key_stem(s))
            return E.set_in(s, self.path + (key,), self.new_item(s, key))
        return E.set_in(s, self.path + (len(items),), self.new_item(s, len(items)))

    def remove(self, s: Scenario, key) -> Scenario:
        if self.rename_kind is not None:  # what other parts name stays while they do
            return E.remove_unused(s, self.rename_kind, key)
        return E.set_in(s, self.path + (key,), E.DELETE)

    def rename(self, s: Scenario, old, new: str) -> Scenario:
        """A new id for a row; what other parts refer to follows (see :func:`edit.rename`)."""
        if self.rename_kind is not None:
            return E.rename(s, self.rename_kind, old, new)
        new = new.strip()
        if new == old:
            return s
        items = self.items(s)
        E.check_new_id(new, items)
        return E.set_in(s, self.path, {(new if k == old else k): v for k, v in items.items()})

    def add_text(self, s: Scenario) -> str:
        """The undo step's name for :meth:`add`."""
        return f"Add {self.item_name}"

    def new_key_stem(self, s: Scenario) -> str:
        return self.item_name.replace(" ", "_")

    def new_item(self, s: Scenario, key):
        raise EditError(f"rows of {self.title} are made on the map, not here")

    def can_add(self) -> bool:
        return type(self).new_item is not Section.new_item

    def can_remove(self) -> bool:
        """Rows may be taken out (not when the rules fix them)."""
        return True

    # --- columns
    def columns(self, s: Scenario) -> list[Column]:
        return [self.id_column()]

    def id_column(self, header: str = "id") -> Column:
        return Column(header, lambda s, k, it: k, lambda s, k, it, text: self.rename(s, k, text), "the id other parts refer to")

    def field(self, header: str, name: str, fmt=str, parse=parse_str, tip: str = "", kind: str = "text", choices: Choices | None = None) -> Column:
        def get(s, key, item):
            value = getattr(item, name)
            if kind == "bool":
                return bool(value)
            return "" if value is None else fmt(value)

        def set_(s, key, item, text):
            value = text if kind == "bool" and isinstance(text, bool) else parse(text)
            return self.set_item(s, key, updated(item, **{name: value}))

        return Column(header, get, set_, tip, kind, choices)

    def ro(self, header: str, get: Callable[[Scenario, Any, Any], Any], tip: str = "") -> Column:
        return Column(header, get, None, tip)

    # --- cells
    def cell(self, s: Scenario, row: int, column: int) -> Any:
        key, item = self.rows(s)[row]
        return self.columns(s)[column].get(s, key, item)

    def set_cell(self, s: Scenario, row: int, column: int, text) -> Scenario:
        key, item = self.rows(s)[row]
        col = self.columns(s)[column]
        if col.set is None:
            raise EditError(f"{col.header} is worked out, not edited")
        return col.set(s, key, item, text)

    def row_of(self, s: Scenario, key) -> int | None:
        for i, (k, _item) in enumerate(self.rows(s)):
            if k == key:
                return i
        return None

    # --- defaults
    def reset(self, s: Scenario, reference: Scenario) -> Scenario:
        if self.reset_path is None:
            raise EditError(f"{self.title} has no defaults")
        return E.set_in(s, self.reset_path, E.get_in(reference, self.reset_path))


# ----------------------------------------------------------------------------- order of battle


def _side_of_type(s: Scenario, type_id: str) -> str:
    ut = s.unit_types.get(type_id)
    return ut.side if ut else ""


class UnitTypesSection(Section):
    key = "unit_types"
    rename_kind = "unit type"
    title = "Unit types"
    path = ("unit_types",)
    parts = frozenset({"unit_types", "terrain_effects", "untried_pools", "sides"})
    item_name = "unit type"

    def new_item(self, s, key, side: str | None = None):
        side = side if side in s.sides else next(iter(s.sides), "axis")
        nats = list(s.sides[side].nationalities) if side in s.sides else []
        classes = s.terrain_effects.movement_classes
        return UnitType(
            name="New unit type",
            side=side,
            nationality=nats[0] if nats else side,
            movement_class=classes[0] if classes else "infantry",
            steps=[StepValues(attack=1.0, defense=1.0, movement=6)],
        )

    def columns(self, s):
        def steps_get(front: bool):
            def get(s, k, t: UnitType):
                steps = t.steps[:1] if front else t.steps[1:]
                return " / ".join(fmt_step(x) for x in steps)

            return get

        def steps_set(front: bool):
            def set_(s, k, t: UnitType, text):
                if front:
                    steps = ([parse_step(text)] if text.strip() else []) + list(t.steps[1:])
                    if not text.strip() and t.steps[1:]:
                        raise EditError("a unit with a back needs a front")
                else:
                    if not t.steps and text.strip():
                        raise EditError("give the front values first")
                    steps = list(t.steps[:1]) + [parse_step(x) for x in parse_list(text, "/")]
                return self.set_item(s, k, updated(t, steps=steps))

            return set_

        return [
            self.id_column(),
            self.field("name", "name"),
            self.field("side", "side", choices=side_choices),
            self.field("nationality", "nationality", choices=nationality_choices),
            self.field("symbol", "symbol", tip="NATO symbol: infantry, armor, cavalry, mountain, motorized, ... joined by '+'"),
            self.field("size", "size", tip="III, X, XX, XXX"),
            self.field("movement class", "movement_class", choices=movement_class_choices),
            Column("front", steps_get(True), steps_set(True), "full-strength values: attack-defense-movement (9-9-8) or combat-movement (9-8)"),
            Column("back", steps_get(False), steps_set(False), "reduced steps, '/' between several"),
            self.field("flags", "flags", fmt_list, parse_list, "comma-separated: untried, mechanized, german, ..."),
            self.field("untried pool", "untried_pool", str, parse_optstr, "units of this type start untried, drawn from this pool", choices=optional(pool_choices)),
            self.field("HQ", "hq", fmt_hq, parse_hq, "command radius/movement/inactive movement, e.g. 5/11/5"),
            self.field("VP", "vp", str, parse_int, "victory points to the enemy when destroyed"),
            *self._system_columns(s),
        ]

    def _system_columns(self, s) -> list[Column]:
        """The counter values the scenario's rule system reads (its model of ``values``)."""
        from .charts import counter_value_columns

        return counter_value_columns(s, self.set_item)


def new_unit_id(s: Scenario, side: str) -> str:
    """``<side>-<n>`` with the smallest n not taken: the id a new unit gets until it is named."""
    taken = {u.id for u in s.units}
    n = 1
    while f"{side}-{n}" in taken:
        n += 1
    return f"{side}-{n}"


def new_unit_name(unit_type: UnitType) -> str:
    """The name a new unit of a type gets until it is named ("New Rifle division")."""
    name = unit_type.name
    return name if name.startswith("New ") else f"New {name}"


class UnitsSection(Section):
    key = "units"
    rename_kind = "unit"
    title = "Units"
    path = ("units",)
    parts = frozenset({"units", "unit_types", "setup", "formations", "reinforcements"})
    item_name = "unit"

    def rows(self, s):
        return [(u.id, u) for u in s.units]

    def set_item(self, s, key, item):
        i = next(i for i, u in enumerate(s.units) if u.id == key)
        return E.set_in(s, ("units", i), item)

    def add_text(self, s: Scenario) -> str:
        return "Add unit" if s.unit_types else "Add unit and a unit type for it"

    def add(self, s, type_id: str | None = None, side: str | None = None):
        """A unit of ``type_id`` (else the first type of ``side``, else the first type); with no
        unit type yet, one is made for it in the same step (set its values in Unit types)."""
        if not s.unit_types:
            types = UnitTypesSection()
            key = E.new_key(s.unit_types, types.new_key_stem(s))
            s = E.set_in(s, ("unit_types", key), types.new_item(s, key, side))
        if type_id not in s.unit_types:
            type_id = next((k for k, t in s.unit_types.items() if t.side == side), next(iter(s.unit_types)))
        ut = s.unit_types[type_id]
        unit = Unit(id=new_unit_id(s, ut.side), type=type_id, name=new_unit_name(ut))
        return E.set_in(s, ("units", len(s.units)), unit)

    def can_add(self):
        return True

    def set_type(self, s: Scenario, key: str, unit: Unit, text: str) -> Scenario:
        """A new type for a unit; a name and an id still as the editor made them follow it (the
        id through a rename, so the set-up and the schedule follow too)."""
        type_id = text.strip()
        old, new = s.unit_types.get(unit.type), s.unit_types.get(type_id)
        changes = {"type": type_id}
        if old is not None and new is not None and unit.name == new_unit_name(old):
            changes["name"] = new_unit_name(new)
        s = self.set_item(s, key, updated(unit, **changes))
        if old is not None and new is not None and old.side != new.side and re.fullmatch(rf"{re.escape(old.side)}-\d+", key):
            s = self.rename(s, key, new_unit_id(s, new.side))
        return s

    def remove(self, s, key):
        return E.remove_unit(s, key)

    def columns(self, s):
        def placed(s, k, u):
            i = E.placement_index(s, k)
            if i is None:
                for r in s.reinforcements:
                    if k in r.units:
                        return f"turn {r.turn}"
                return ""
            p = s.setup.placements[i]
            return p.hex or f"box {p.box}"

        def set_placed(s, k, u, text):
            text = text.strip()
            if text == placed(s, k, u):
                return s
            if text.startswith("turn "):
                raise EditError("arrivals are set in Tables ▸ Reinforcements")
            if text.startswith("box "):
                text = text[4:].strip()
            if not text:
                return E.remove_placement(s, k) if E.placement_index(s, k) is not None else s
            if text in s.map.areas:
                return E.place_unit(s, k, box=text)
            return E.place_unit(s, k, hex_id=text)

        def untried(s, k, u):
            ut = s.unit_types.get(u.type)
            return ut.untried_pool or "" if ut else ""

        return [
            Column("id", lambda s, k, u: k, lambda s, k, u, text: self.rename(s, k, text), "renaming updates the set-up and the schedule"),
            Column("type", lambda s, k, u: u.type, self.set_type, "the unit type (a list of the scenario's types)", choices=type_choices),
            self.field("name", "name"),
            self.ro("side", lambda s, k, u: _side_of_type(s, u.type), "from the unit type"),
            self.field("formation", "formation", str, parse_optstr, choices=optional(formation_choices)),
            self.ro("untried", untried, "the untried pool of the unit's type"),
            Column("set-up", placed, set_placed, "a hex id, or a box (area) id; blank takes the unit off the map"),
            self.field("deploy hex", "deploy_hex", str, parse_optstr, "printed on the back of the counter"),
            self.field("entry turn", "entry_turn", str, opt(parse_int)),
            self.field("HQ", "hq", fmt_hq, parse_hq, "per-unit HQ values: radius/movement/inactive movement"),
        ]


class FormationsSection(Section):
    key = "formations"
    rename_kind = "formation"
    title = "Formations"
    path = ("formations",)
    parts = frozenset({"formations", "sides"})
    item_name = "formation"

    def new_item(self, s, key):
        return Formation(name="New formation", side=next(iter(s.sides), "axis"))

    def columns(self, s):
        return [
            self.id_column(),
            self.field("name", "name"),
            self.field("side", "side", choices=side_choices),
            self.field("kind", "kind"),
            self.field("VP", "vp", str, parse_int),
        ]


class SidesSection(Section):
    key = "sides"
    rename_kind = "side"
    title = "Sides"
    path = ("sides",)
    parts = frozenset({"sides"})
    item_name = "side"

    def new_item(self, s, key):
        return Side(name=key.capitalize(), color="#999999")

    def columns(self, s):
        return [
            self.id_column(),
            self.field("name", "name"),
            self.field("colour", "color", kind="color"),
            self.field("text colour", "text_color", kind="color"),
            self.field("nationalities", "nationalities", fmt_map, parse_map, "id: name, ..."),
            self.field("counter colours", "colors", fmt_map, parse_map, "nationality: #rrggbb, ..."),
        ]


class UntriedPoolsSection(Section):
    key = "untried_pools"
    rename_kind = "untried pool"
    title = "Untried pools"
    path = ("untried_pools",)
    parts = frozenset({"untried_pools"})
    item_name = "pool"
    reset_path = ("untried_pools",)

    def new_item(self, s, key):
        return UntriedPool(name="New pool", back="U", counters=[])

    def columns(self, s):
        return [
            self.id_column(),
            self.field("name", "name"),
            self.field("back", "back", tip="what the untried side shows, e.g. U-7"),
            self.field("counters", "counters", fmt_counters, parse_counters, "attack-defense-movement x count; ..."),
            self.field("replacement", "replacement", str, parse_optstr),
        ]


class SetupZonesSection(Section):
    key = "setup_zones"
    title = "Set-up zones"
    path = ("setup", "zones")
    parts = frozenset({"setup", "units", "map.areas", "map.lines"})
    item_name = "zone"

    def new_item(self, s, key):
        zone_id = E.new_key([z.id for z in s.setup.zones], "zone")
        return SetupZone(id=zone_id, name="New zone", side=next(iter(s.sides), "axis"))

    def columns(self, s):
        def between_parse(text):
            parts = parse_list(text.replace("-", ","))
            if not parts:
                return None
            if len(parts) != 2:
                raise EditError("write the two marks, e.g. 1-2")
            return tuple(parts)

        return [
            self.field("id", "id"),
            self.field("name", "name"),
            self.field("side", "side", choices=side_choices),
            self.field("area", "area", str, parse_optstr, "an area of the map"),
            self.field("line", "line", str, parse_optstr, "a named line ..."),
            self.field("between", "between", lambda v: "-".join(v), between_parse, "... between two of its marks, e.g. 1-2"),
            self.field("within", "within", str, opt(parse_int), "hexes within N of the hex"),
            self.field("hex", "hex", str, parse_optstr),
            self.field("units", "units", fmt_list, parse_list, "the units that may (must) set up here"),
            self.field("rule", "rule", str, parse_optstr, "the rule case that defines the zone"),
        ]


# ----------------------------------------------------------------------------- schedules


class ReinforcementsSection(Section):
    key = "reinforcements"
    title = "Reinforcements"
    path = ("reinforcements",)
    parts = frozenset({"reinforcements", "units", "map.areas"})
    item_name = "reinforcement"
    reset_path = ("reinforcements",)

    def new_item(self, s, key):
        last = s.reinforcements[-1].turn if s.reinforcements else 2
        entry = next((a for a, area in s.map.areas.items() if area.kind == "entry"), next(iter(s.map.areas), ""))
        return Reinforcement(turn=last, side=next(iter(s.sides), "axis"), units=[], entry=entry)

    def columns(self, s):
        return [
            self.field("turn", "turn", str, parse_int),
            self.field("side", "side", choices=side_choices),
            self.field("units", "units", fmt_list, parse_list, "unit ids, comma-separated"),
            self.field("entry", "entry", tip="an entry area of the map"),
            self.field("note", "note", str, parse_optstr),
        ]


class TurnsSection(Section):
    key = "turns"
    title = "Turn record"
    path = ("turns",)
    parts = frozenset({"turns", "sides"})
    item_name = "turn"
    reset_path = ("turns",)

    def new_item(self, s, key):
        n = len(s.turns) + 1
        return TurnRecord(turn=n, date=_next_date(s.turns[-1].date) if s.turns else "1942-05-12")

    def columns(self, s):
        return [
            self.field("turn", "turn", str, parse_int),
            self.field("date", "date"),
            self.field("air points", "air_points", fmt_map, lambda t: parse_map(t, parse_int), "side: points, ..."),
            self.field("events", "events", fmt_list, parse_list, "comma-separated"),
        ]


def _next_date(date: str) -> str:
    from datetime import date as Date, timedelta

    try:
        return (Date.fromisoformat(date) + timedelta(days=1)).isoformat()
    except ValueError:
        return date


class VictoryLevelsSection(Section):
    key = "victory_levels"
    title = "Victory levels"
    path = ("victory", "levels")
    parts = frozenset({"victory"})
    item_name = "level"

    def reset(self, s, reference: Victory):
        """The rule system's levels and awards (``reference`` comes from :func:`defaults.victory_defaults`)."""
        return E.set_in(s, ("victory",), reference)

    def new_item(self, s, key):
        levels = s.victory.levels
        low = (levels[-1].max or levels[-1].min) + 1 if levels else 0
        return VictoryLevel(min=low, name="New level")

    def columns(self, s):
        return [
            self.field("min", "min", str, parse_int),
            self.field("max", "max", str, opt(parse_int)),
            self.field("level", "name"),
        ]


def award_prompt(s: Scenario, side: str) -> str:
    """The text of a new award: what to write, in the scenario's own words (its side's name)."""
    name = s.sides[side].name if side in s.sides else side
    return f"what earns {name} these points, and when (cite the rule case)"


class AwardsSection(Section):
    key = "awards"
    title = "Victory point awards"
    path = ("victory", "awards")
    parts = frozenset({"victory", "sides"})
    item_name = "award"

    reset = VictoryLevelsSection.reset  # one reset for the Victory page: levels and awards together

    def new_key_stem(self, s):
        return f"{next(iter(s.sides), 'side')}_award"

    def new_item(self, s, key):
        side = next(iter(s.sides), "axis")
        return Award(side=side, vp=1, text=award_prompt(s, side))

    def columns(self, s):
        return [
            self.id_column(),
            self.field("side", "side", choices=side_choices),
            self.field("VP", "vp", str, parse_int),
            self.field("for", "text", tip="what scores the points, in the words of the scenario's rules"),
        ]


# ----------------------------------------------------------------------------- terrain effects


def class_cost_column(header: str, tip: str, cls: str, read, write) -> Column:
    """The column of one movement class in a ``{class: MP}`` mapping; a blank cell takes it out.

    ``read(s, key, item)`` gives the mapping of a row, ``write(s, key, item, mapping)`` stores it.
    """

    def get(s, k, item):
        return fmt_num(read(s, k, item).get(cls))

    def set_(s, k, item, text):
        cost = dict(read(s, k, item))
        if text.strip():
            cost[cls] = parse_float(text)
        else:
            cost.pop(cls, None)
        return write(s, k, item, cost)

    return Column(header, get, set_, tip)


class _TypesWithEffectsSection(Section):
    """Terrain or hexside types, each row with its entry of the terrain effects table."""

    effects = ""  # the mapping of terrain_effects keyed like the types
    effect_model: type[Model] = MovementCost

    def can_add(self):
        return True

    def _effect(self, s, key):
        return getattr(s.terrain_effects, self.effects).get(key) or self.effect_model()

    def _set_effect(self, s, key, **changes) -> Scenario:
        return E.set_in(s, ("terrain_effects", self.effects, key), updated(self._effect(s, key), **changes))

    def _eff(self, header, name, fmt=str, parse=parse_str, kind="text", tip=""):
        """A column of one field of the row's effect."""

        def get(s, k, t):
            v = getattr(self._effect(s, k), name)
            return bool(v) if kind == "bool" else ("" if v is None else fmt(v))

        def set_(s, k, t, text):
            value = text if kind == "bool" and isinstance(text, bool) else parse(text)
            return self._set_effect(s, k, **{name: value})

        return Column(header, get, set_, tip, kind)

    def _cost_columns(self, s, name: str, header: str, tip: str) -> list[Column]:
        read = lambda s, k, t: getattr(self._effect(s, k), name)  # noqa: E731
        write = lambda s, k, t, cost: self._set_effect(s, k, **{name: cost})  # noqa: E731
        return [class_cost_column(header.format(cls), tip.format(cls), cls, read, write) for cls in s.terrain_effects.movement_classes]

    def reset(self, s, reference):
        return reset_terrain(s, reference)


class TerrainSection(_TypesWithEffectsSection):
    """Terrain types and their effects, one row each (map.terrain_types + terrain_effects.terrain)."""

    key = "terrain"
    rename_kind = "terrain type"
    title = "Terrain"
    path = ("map", "terrain_types")
    parts = frozenset({"map.terrain_types", "map.default_terrain", "terrain_effects"})
    item_name = "terrain"
    effects = "terrain"
    effect_model = MovementCost

    def add(self, s):
        key = E.new_key(s.map.terrain_types, "terrain")
        return E.set_terrain_type(s, key, TerrainType(name="New terrain"))

    def remove(self, s, key):
        return E.set_terrain_type(s, key, None)

    def columns(self, s):
        return [
            self.id_column(),
            self.field("name", "name"),
            self.field("colour", "color", kind="color"),
            self.field("pattern", "pattern", str, parse_optstr, "trees, buildings, dots, marsh, ..."),
            Column(
                "default",
                lambda s, k, t: k == s.map.default_terrain,
                lambda s, k, t, on: E.set_in(s, ("map", "default_terrain"), k) if on else s,
                "the terrain of every hex not painted",
                "bool",
            ),
            *self._cost_columns(s, "cost", "MP {}", "movement points a {} unit pays to enter"),
            self._eff("defense ×", "defense_multiplier", fmt_num, parse_float),
            self._eff("attack ×", "attack_multiplier", fmt_num, parse_float),
            self._eff("note", "note", str, parse_optstr),
        ]


def reset_terrain(s: Scenario, ref: Scenario) -> Scenario:
    """The reference's terrain and hexside types and effects; types only this map has stay."""
    m = s.map
    types = dict(ref.map.terrain_types) | {k: v for k, v in m.terrain_types.items() if k not in ref.map.terrain_types}
    sides = dict(ref.map.hexside_types) | {k: v for k, v in m.hexside_types.items() if k not in ref.map.hexside_types}
    rte = ref.terrain_effects
    te = rte.model_copy(
        update={
            "terrain": dict(rte.terrain) | {k: v for k, v in s.terrain_effects.terrain.items() if k not in rte.terrain},
            "hexsides": dict(rte.hexsides) | {k: v for k, v in s.terrain_effects.hexsides.items() if k not in rte.hexsides},
        }
    )
    new_map = m.model_copy(update={"terrain_types": types, "hexside_types": sides})
    return s.model_copy(update={"map": new_map, "terrain_effects": te})


class HexsidesSection(_TypesWithEffectsSection):
    """Hexside types and their effects (map.hexside_types + terrain_effects.hexsides)."""

    key = "hexsides"
    rename_kind = "hexside type"
    title = "Hexsides"
    path = ("map", "hexside_types")
    parts = frozenset({"map.hexside_types", "terrain_effects"})
    item_name = "hexside"
    effects = "hexsides"
    effect_model = HexsideEffect

    def add(self, s):
        key = E.new_key(s.map.hexside_types, "river")
        s = E.set_in(s, ("map", "hexside_types", key), HexsideType(name="New hexside"))
        return E.set_in(s, ("terrain_effects", "hexsides", key), HexsideEffect())

    def remove(self, s, key):
        used = sorted(side for side, f in s.map.hexsides.items() if key in f)
        if used:
            raise EditError(f"{key!r} is on {len(used)} hexsides (e.g. {used[0]}); remove it there first")
        s = E.set_in(s, ("map", "hexside_types", key), E.DELETE)
        if key in s.terrain_effects.hexsides:
            s = E.set_in(s, ("terrain_effects", "hexsides", key), E.DELETE)
        return s

    def columns(self, s):
        return [
            self.id_column(),
            self.field("name", "name"),
            self.field("colour", "color", kind="color"),
            self.field("width", "width", fmt_num, parse_float, "drawing width hint"),
            *self._cost_columns(s, "extra_cost", "+MP {}", "extra movement points a {} unit pays to cross"),
            self._eff("prohibited", "prohibited", str, parse_bool, "bool", "may not be crossed ..."),
            self._eff("except road", "except_road", str, parse_bool, "bool", "... except along a road"),
            self._eff("attack ×", "attack_multiplier", fmt_num, parse_float),
            self._eff("attack via road only", "attack_only_via_road", str, parse_bool, "bool"),
            self._eff("die mod", "die_modifier_all_across", str, parse_int, tip="added to the die when every attacker is across"),
            self._eff("note", "note", str, parse_optstr),
        ]


class RoadAndCitySection(Section):
    """Movement along roads and in cities of each kind (terrain_effects.road, .cities)."""

    key = "road_city"
    title = "Roads and cities"
    path = ("terrain_effects",)
    parts = frozenset({"terrain_effects", "map.cities"})
    reset_path = ("terrain_effects",)

    def rows(self, s):
        te = s.terrain_effects
        out = [("road", te.road or MovementCost())]
        kinds = list(te.cities) + sorted({c.kind for c in s.map.cities.values()} - set(te.cities))
        out += [(f"city:{k}", te.cities.get(k) or MovementCost()) for k in kinds]
        return out

    def set_item(self, s, key, item):
        te = s.terrain_effects
        kind = key.split(":", 1)[-1]
        present = te.road is not None if key == "road" else kind in te.cities
        if not present and item == MovementCost():
            return s  # a row shown for completeness stays out of the file until it says something
        if key == "road":
            return E.set_in(s, ("terrain_effects", "road"), item)
        return E.set_in(s, ("terrain_effects", "cities", kind), item)

    def columns(self, s):
        def cost(cls):
            return class_cost_column(
                f"MP {cls}", "", cls, lambda s, k, mc: mc.cost, lambda s, k, mc, c: self.set_item(s, k, updated(mc, cost=c))
            )

        return (
            [self.ro("along / in", lambda s, k, mc: "road" if k == "road" else f"city: {k.split(':', 1)[1]}")]
            + [cost(c) for c in s.terrain_effects.movement_classes]
            + [
                self.field("defense ×", "defense_multiplier", fmt_num, parse_float),
                self.field("attack ×", "attack_multiplier", fmt_num, parse_float),
                self.field("note", "note", str, parse_optstr),
            ]
        )

    def reset(self, s, reference):
        return reset_terrain(s, reference)


# ----------------------------------------------------------------------------- other tables


class TablesSection(Section):
    """The list of tables (CRT and others): id, name, kind, dice, columns."""

    key = "tables"
    title = "Tables"
    path = ("tables",)
    parts = frozenset({"tables"})
    item_name = "table"
    reset_path = ("tables",)

    def new_key_stem(self, s):
        return "crt" if "crt" not in s.tables else "table"

    def new_item(self, s, key):
        if key == "crt":
            columns = ["1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1"]
            return Table(name="Combat results", kind="odds", dice="1d6", columns=columns, rows={i: ["-"] * len(columns) for i in range(1, 7)})
        return Table(name="New table", kind="lookup", columns=["result"], rows={i: ["-"] for i in range(1, 7)})

    def columns(self, s):
        def set_columns(s, k, t: Table, text):
            cols = parse_list(text)
            if not cols:
                raise EditError("a table needs at least one column")
            rows = {roll: (list(row) + [None] * len(cols))[: len(cols)] for roll, row in t.rows.items()}
            return self.set_item(s, k, updated(t, columns=cols, rows=rows))

        return [
            self.id_column(),
            self.field("name", "name"),
            self.field("kind", "kind", tip="odds, differential or lookup"),
            self.field("dice", "dice"),
            Column("columns", lambda s, k, t: fmt_list(t.columns), set_columns, "column headings; rows are cut or padded to match"),
            self.ro("rows", lambda s, k, t: len(t.rows)),
            self.field("notes", "notes", str, parse_optstr),
        ]


class TableRowsSection(Section):
    """The rows of one table: the die roll, then one cell per column."""

    parts = frozenset({"tables"})
    item_name = "row"

    def __init__(self, table_id: str):
        self.table_id = table_id
        self.key = f"table:{table_id}"
        self.title = table_id
        self.path = ("tables", table_id, "rows")
        self.reset_path = ("tables", table_id)

    def add(self, s):
        t = s.tables[self.table_id]
        roll = max(t.rows, default=0) + 1
        return E.set_in(s, self.path + (roll,), ["-"] * len(t.columns))

    def can_add(self):
        return True

    def columns(self, s):
        t = s.tables.get(self.table_id)
        if t is None:
            return []

        def set_roll(s, k, row, text):
            roll = parse_int(text)
            rows = s.tables[self.table_id].rows
            if roll in rows and roll != k:
                raise EditError(f"there is a row {roll} already")
            new = {(roll if r == k else r): v for r, v in rows.items()}
            return E.set_in(s, self.path, dict(sorted(new.items())))

        def cell(j):
            def get(s, k, row):
                v = row[j] if j < len(row) else None
                return "" if v is None else fmt_num(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else str(v)

            def set_(s, k, row, text):
                new = list(row) + [None] * (len(t.columns) - len(row))
                new[j] = scalar(text)
                return E.set_in(s, self.path + (k,), new)

            return Column(t.columns[j], get, set_)

        return [Column(t.dice or "roll", lambda s, k, row: str(k), set_roll)] + [cell(j) for j in range(len(t.columns))]

    def reset(self, s, reference):
        if self.table_id not in reference.tables:
            raise EditError(f"the reference scenario has no table {self.table_id!r}")
        return E.set_in(s, ("tables", self.table_id), reference.tables[self.table_id])


def scalar(text: str):
    """A table cell: a number when it reads as one, else text (``D1/A1``, ``Eng``)."""
    t = text.strip()
    if not t:
        return None
    if re.fullmatch(r"[-+]?\d+", t):
        return int(t)
    if re.fullmatch(r"[-+]?\d*\.\d+", t):
        return float(t)
    return t


# ----------------------------------------------------------------------------- map objects


class _MapObjectsSection(Section):
    """Cities, places, lines or areas: rows go through the edit that keeps their hexes on the map."""

    setter: Callable[..., Scenario]  # E.set_city, E.set_place, ...

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.path = ("map", cls.key)  # the key names the mapping of the map model
        cls.parts = cls.parts | {f"map.{cls.key}"}

    def set_item(self, s, key, item):
        return self.setter(s, key, item)


class CitiesSection(_MapObjectsSection):
    key = "cities"
    title = "Cities"
    item_name = "city"
    setter = staticmethod(E.set_city)

    def columns(self, s):
        def set_garrison(s, k, c, text):
            g = parse_map(text, parse_int)
            for h in g:
                if h not in c.hexes:
                    raise EditError(f"garrison hex {h} is not a hex of {c.name}")
            return self.set_item(s, k, updated(c, garrison={h: v for h, v in g.items() if v}))

        return [
            self.id_column(),
            self.field("name", "name"),
            self.field("kind", "kind", tip="major_city, minor_city, town, ..."),
            self.field("VP", "vp", str, parse_int),
            self.ro("hexes", lambda s, k, c: fmt_list(c.hexes), "click hexes with the City tool"),
            Column("garrison", lambda s, k, c: fmt_map(c.garrison), set_garrison, "hex: strength, ..."),
            self.field("label hex", "label_hex", str, parse_optstr),
        ]


class PlacesSection(_MapObjectsSection):
    key = "places"
    title = "Places"
    item_name = "place"
    setter = staticmethod(E.set_place)

    def columns(self, s):
        return [
            self.id_column(),
            self.field("name", "name"),
            self.field("hex", "hex", tip="click a hex with the Place tool to move the chosen place"),
        ]


class LinesSection(_MapObjectsSection):
    key = "lines"
    rename_kind = "line"
    title = "Lines"
    item_name = "line"
    setter = staticmethod(E.set_line)

    def columns(self, s):
        def side(hand):
            def get(s, k, line):
                return line.sides.get(hand, "")

            def set_(s, k, line, text):
                sides = dict(line.sides)
                if text.strip():
                    sides[hand] = text.strip()
                else:
                    sides.pop(hand, None)
                ordered = {h: sides[h] for h in ("left", "right") if h in sides}
                return self.set_item(s, k, updated(line, sides=ordered))

            return Column(f"{hand} side", get, set_, f"the side on the {hand} walking from the first point", choices=optional(side_choices))

        return [
            self.id_column(),
            self.field("name", "name"),
            side("left"),
            side("right"),
            self.field("marks", "marks", fmt_map, parse_map, "label: hex, ..."),
            self.field("colour", "color", kind="color"),
            self.field("style", "style", tip="solid, dash or dot"),
            self.ro("points", lambda s, k, line: len(line.points)),
        ]


class AreasSection(_MapObjectsSection):
    key = "areas"
    rename_kind = "area"
    title = "Areas"
    parts = frozenset({"sides"})
    item_name = "area"
    setter = staticmethod(E.set_area)

    def columns(self, s):
        return [
            self.id_column(),
            self.field("name", "name"),
            self.field("kind", "kind", tip="zone, entry, reserve, supply, box"),
            self.field("side", "side", str, parse_optstr, choices=optional(side_choices)),
            self.ro("hexes", lambda s, k, a: len(a.hexes)),
            self.field("colour", "color", str, parse_optstr, kind="color"),
        ]


def all_sections() -> dict[str, Section]:
    sections = [
        UnitTypesSection(), UnitsSection(), FormationsSection(), SidesSection(), UntriedPoolsSection(),
        SetupZonesSection(), ReinforcementsSection(), TurnsSection(), VictoryLevelsSection(), AwardsSection(),
        TerrainSection(), HexsidesSection(), RoadAndCitySection(), TablesSection(), CitiesSection(),
        PlacesSection(), LinesSection(), AreasSection(),
    ]
    return {s.key: s for s in sections}

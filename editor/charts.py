"""Tables of a rule system's own data (``system_data``), built from the system's pydantic models.

A rule system names, in its ``editing`` module (found by :func:`kharkovsuite.rules.editing`),
the model of its data and the paths of the charts to show; this module turns the annotation at
each path into a :class:`~editor.sections.Section`:

- a mapping of models (``dict[str, AttackType]``): a row per key, a column per field;
- nested mappings ending in models (``dict[str, dict[Posture, PostureEffect]]``): a row per
  pair of keys;
- nested mappings ending in values (``dict[str, dict[GroundState, float]]``, the ZOC chart's
  three levels): rows of the outer keys, a column per key of the innermost mapping;
- a mapping of values (``dict[str, int]``): a row per key with its value, or one row with a
  column per key when the keys are a closed list (``dict[Literal[...], float]``);
- a model (``CRT``, ``Weather``): one row of its plain fields (the empty path: the data
  model's own);
- a list (``list[str]``, ``list[Exit]``), or lists of models inside mappings
  (``dict[str, list[VictoryCondition]]``): a row per item;
- a ``*`` in a path stands for every key or index at that level (``victory.*.*.groups``: the
  city groups of every victory condition of each side), each a key column of the rows.

In a row, a field that maps a closed list of keys to values (``cost: dict[Literal['german',
'soviet'], int]``) becomes a column per key; literal types become drop-down lists, booleans
check boxes.  Every cell is parsed and validated through the model's type of that field, then
the rule system's own scenario checks run (they read the whole data through the system's model):
an edit that makes a new problem at that cell is refused with the row, the column and the rule's
message.
No Qt here.
"""
from __future__ import annotations

import fnmatch
import re
import sys
import types
import typing
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal

from kharkovsuite.rules import editing as system_editing, scenario_checks
from kharkovsuite.scenario import edit as E
from kharkovsuite.scenario.model import Scenario

from .sections import (
    Column,
    EditError,
    Section,
    TableRowsSection,
    fmt_map,
    fmt_num,
    parse_bool,
    parse_list,
    parse_map,
    scalar,
)

if TYPE_CHECKING:  # the rule systems' data models: pydantic is imported when the charts are made
    from pydantic import BaseModel, TypeAdapter

_MISSING = object()


# ----------------------------------------------------------------------------- annotations


def unwrap(ann: Any) -> tuple[Any, bool]:
    """The annotation without ``| None``, and whether None was allowed."""
    origin = typing.get_origin(ann)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(ann) if a is not type(None)]
        optional = len(args) < len(typing.get_args(ann))
        if len(args) == 1:
            return args[0], optional
        return typing.Union[tuple(args)], optional
    return ann, False


def literal_values(ann: Any) -> list | None:
    ann, _ = unwrap(ann)
    return list(typing.get_args(ann)) if typing.get_origin(ann) is Literal else None


def is_model(ann: Any) -> bool:
    from pydantic import BaseModel  # the rule systems' data models; imported when the charts are made

    ann, _ = unwrap(ann)
    return isinstance(ann, type) and issubclass(ann, BaseModel)


def is_dict(ann: Any) -> bool:
    return typing.get_origin(unwrap(ann)[0]) is dict


def is_list(ann: Any) -> bool:
    return typing.get_origin(unwrap(ann)[0]) in (list, tuple)


def holds_model(ann: Any) -> bool:
    """A model, or a container of models somewhere inside (shown in a table of its own)."""
    ann, _ = unwrap(ann)
    if is_model(ann):
        return True
    return any(holds_model(a) for a in typing.get_args(ann) if a is not Ellipsis)


def annotation_at(model: type[BaseModel], path: tuple) -> Any:
    """The annotation of the data at ``path`` (field names, then anything for a mapping's key or
    a list's index) inside data read by ``model``."""
    ann: Any = model
    for part in path:
        ann, _ = unwrap(ann)
        if is_model(ann):
            if part not in ann.model_fields:
                raise KeyError(f"{ann.__name__} has no field {part!r}")
            ann = ann.model_fields[part].annotation
        elif is_dict(ann):
            ann = typing.get_args(ann)[1]
        elif is_list(ann):
            ann = typing.get_args(ann)[0]
        else:
            raise KeyError(f"nothing inside a {ann!r} at {part!r}")
    return ann


def star_keys(model: type[BaseModel], path: tuple) -> list[Any]:
    """The key types of the ``*`` parts of ``path`` (every key of a mapping, every index of a list)."""
    keys, ann = [], model
    for part in path:
        inner, _ = unwrap(ann)
        if part == "*":
            keys.append(typing.get_args(inner)[0] if is_dict(inner) else int)
        ann = annotation_at(ann, (part,))
    return keys


def _is_container(ann: Any) -> bool:
    return is_model(ann) or is_dict(ann) or is_list(ann)


@lru_cache(maxsize=None)
def _adapter(ann: Any) -> TypeAdapter:
    from pydantic import TypeAdapter

    return TypeAdapter(ann)


def fmt_value(value: Any) -> str:
    if value is None or value is _MISSING:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float)):
        return fmt_num(value)
    if isinstance(value, dict):
        return fmt_map(value)
    if isinstance(value, (list, tuple)):
        return ", ".join(fmt_value(v) for v in value)
    return str(value)


def parse_value(ann: Any, text: Any) -> Any:
    """The value of ``text`` as the annotation reads it (before pydantic checks it)."""
    if isinstance(text, bool):
        return text
    text = "" if text is None else str(text)
    inner, optional = unwrap(ann)
    if not text.strip():
        if optional:
            return None
        if is_list(inner):
            return []
        if is_dict(inner):
            return {}
        if inner is str:
            return ""
        raise EditError("a value is needed here")
    if inner is bool:
        return parse_bool(text)
    if is_list(inner):
        item = typing.get_args(inner)
        if typing.get_origin(inner) is tuple and item and item[-1] is not Ellipsis:  # a fixed tuple
            parts = parse_list(text)
            if len(parts) != len(item):
                raise EditError(f"write {len(item)} values separated by commas")
            return [parse_value(a, p) for a, p in zip(item, parts)]
        return [parse_value(item[0] if item else str, p) for p in parse_list(text)]
    if is_dict(inner):
        key_ann, value_ann = typing.get_args(inner)
        pairs = parse_map(text)
        return {parse_value(key_ann, k): parse_value(value_ann, v) for k, v in pairs.items()}
    if inner is str or literal_values(inner) is not None:
        return text.strip()
    return scalar(text)  # numbers stay numbers; pydantic says when text is not one


def checked_value(ann: Any, value: Any) -> Any:
    """``value`` validated by the annotation, as plain data for the scenario file."""
    from pydantic import ValidationError

    adapter = _adapter(ann)
    try:
        return adapter.dump_python(adapter.validate_python(value), mode="json")
    except ValidationError as exc:
        raise EditError("; ".join(_error_text(err) for err in exc.errors())) from None


def _error_text(err: dict) -> str:
    where = ".".join(str(p) for p in err.get("loc", ()))
    return f"{where}: {err['msg']}" if where else err["msg"]


def _alias_of(ann: Any, model: type[BaseModel]) -> str | None:
    """The name the data module gives a closed list (``GroundState`` -> "ground state"), if any."""
    if literal_values(ann) is None:
        return None
    module = sys.modules.get(model.__module__)
    for name, value in vars(module).items() if module else ():
        if value is ann and name[:1].isupper():
            return re.sub(r"(?<!^)(?=[A-Z])", " ", name).lower()
    return None


def _nested(ann: Any) -> bool:
    """A mapping or list whose items are containers: a table of its own, not a cell."""
    if not (is_dict(ann) or is_list(ann)):
        return False
    inner = typing.get_args(unwrap(ann)[0])
    item = inner[-1] if is_dict(ann) else (inner[0] if inner else str)
    return is_dict(item) or is_list(item) or holds_model(item)


#: abbreviations the rulebooks print in capitals
_CAPITALS = {"crt", "zoc", "op", "sp", "drm", "hq", "mp", "aa", "ma", "vp"}


def _humane(name: Any) -> str:
    """An id as words: ``op_cost`` -> "OP cost"."""
    return " ".join(w.upper() if w in _CAPITALS else w for w in str(name).split("_"))


# ----------------------------------------------------------------------------- plain data


def get_raw(data: Any, path: tuple, default: Any = _MISSING) -> Any:
    for part in path:
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        else:
            return default
    return data


def set_raw(data: Any, path: tuple, value: Any) -> Any:
    """A copy of plain data with ``value`` at ``path`` (missing mappings made on the way);
    ``E.DELETE`` removes the key or item."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, list):
        items = list(data)
        if value is E.DELETE and not rest:
            del items[head]
        elif head == len(items):
            items.append(set_raw({}, rest, value))
        else:
            items[head] = set_raw(items[head], rest, value)
        return items
    out = dict(data) if isinstance(data, dict) else {}
    if value is E.DELETE and not rest:
        out.pop(head, None)
    else:
        out[head] = set_raw(out.get(head, {}), rest, value)
    return out


def _overlaps(a: tuple, b: tuple) -> bool:
    n = min(len(a), len(b))
    return [str(x) for x in a[:n]] == [str(x) for x in b[:n]]


def refuse_new_problems(before: Scenario, after: Scenario, path: tuple, where: str) -> Scenario:
    """``after``, unless the rule system's checks find a problem at ``path`` that ``before``
    did not have: then an :class:`EditError` says where and why, in the system's words."""
    old = {(tuple(map(str, p)), m) for p, m in scenario_checks(before)}
    for p, message in scenario_checks(after):
        if (tuple(map(str, p)), message) not in old and _overlaps(tuple(p), path):
            raise EditError(f"{where}: {message}")
    return after


# ----------------------------------------------------------------------------- sections


class ChartSection(Section):
    """One chart of ``system_data`` at ``path`` (see the module's docstring for the shapes)."""

    parts = frozenset({"system_data", "unit_types", "units", "tables", "formations", "map.areas", "map.cities"})
    item_name = "row"

    def __init__(self, model: type[BaseModel], path: tuple, title: str | None = None, own_tables: frozenset = frozenset()):
        self.model = model
        self.own_tables = own_tables  # paths shown in tables of their own, left out of this one's rows
        self.chart_path = tuple(path)
        self.path = ("system_data",) + self.chart_path
        self.key = "chart:" + ".".join(map(str, path))
        words = " ".join(_humane(p) for p in path if p != "*") or "settings"
        self.title = title or words[:1].upper() + words[1:]
        self.reset_path = self.path
        ann, _ = unwrap(annotation_at(model, self.chart_path))
        self.ann = ann
        stars = star_keys(model, self.chart_path)
        # Each level of keys: (key type, the name of what it keys, or None).
        owners = [p if p != "*" else None for i, p in enumerate(self.chart_path) if i + 1 < len(self.chart_path) and self.chart_path[i + 1] == "*"]
        self.levels: list[tuple[Any, str | None]] = list(zip(stars, owners))
        inner: list[str] = []  # "dict" or "list", for the levels inside the chart
        leaf = ann
        while True:
            inner_ann, _ = unwrap(leaf)
            if is_dict(inner_ann):
                key_ann, leaf = typing.get_args(inner_ann)
                self.levels.append((key_ann, self.chart_path[-1] if not inner else None))
                inner.append("dict")
            elif is_list(inner_ann) and (not inner or _is_container(typing.get_args(inner_ann)[0])):
                leaf = typing.get_args(inner_ann)[0]  # a list of plain values inside a row stays a cell
                self.levels.append((int, None))
                inner.append("list")
            else:
                break
        self.leaf = leaf
        self.column_keys: list | None = None  # the innermost mapping's keys, when they are columns
        if not is_model(leaf) and inner and inner[-1] == "dict":
            key_ann = self.levels[-1][0]
            if len(inner) >= 2 or literal_values(key_ann) is not None:
                self.column_keys = literal_values(key_ann) or []  # [] : the keys found in the data
                self.levels.pop()
        self.key_types = [k for k, _owner in self.levels]
        self.stars = len(stars)
        if is_model(leaf) and not self.key_types:
            self.item_name = "setting"
        elif self.key_types and not is_model(leaf) and self.column_keys is None:
            self.item_name = "entry"

    # --- rows
    def items(self, s):
        return get_raw(s.system_data, self.chart_path, {} if is_dict(self.ann) else [] if is_list(self.ann) else {})

    def rows(self, s):
        def children(data):
            if isinstance(data, dict):
                return list(data.items())
            return list(enumerate(data)) if isinstance(data, list) else []

        def along(data, parts, key):
            if not parts:
                yield from walk(data, self.stars, key)
            elif parts[0] == "*":
                for k, v in children(data):
                    yield from along(v, parts[1:], key + (k,))
            else:
                yield from along(get_raw(data, parts[:1], {}), parts[1:], key)

        def walk(data, depth, key):
            if depth == len(self.key_types):
                yield key, data
                return
            for k, v in children(data):
                yield from walk(v, depth + 1, key + (k,))

        return list(along(s.system_data, self.chart_path, ()))

    def _concrete(self, key: tuple) -> tuple:
        """The path of a row: the chart's path with its ``*`` filled from the row's key, then the
        rest of the key."""
        rest = iter(key)
        return tuple(next(rest) if p == "*" else p for p in self.chart_path) + tuple(rest)

    def _editable_keys(self) -> bool:
        """Rows may be added and removed: one level of keys that are not a closed list."""
        return not self.stars and len(self.key_types) == 1 and literal_values(self.key_types[0]) is None

    def can_add(self):
        return self._editable_keys()

    def can_remove(self):
        return self._editable_keys()

    def add(self, s):
        if not self._editable_keys():
            raise EditError(f"the rows of {self.title} are fixed by the rules")
        items = self.items(s)
        rows = self.rows(s) or self._reference_rows(s)
        if not rows:
            raise EditError(f"{self.title} is empty here and in the reference scenario: there is no row to copy")
        template = rows[-1][1]
        if isinstance(items, list):
            return self._store(s, self.chart_path + (len(items),), template)
        key_ann = unwrap(self.key_types[0])[0]
        if key_ann is int:
            key = max((k for k in items if isinstance(k, int)), default=0) + 1
        else:
            key = E.new_key(items, "new")
        return self._store(s, self.chart_path + (key,), template)

    def _reference_rows(self, s):
        """The rows of this chart in the system's reference scenario (a first row to copy)."""
        from .defaults import reference_scenario

        ref, _note = reference_scenario(s.rules)
        return self.rows(ref) if ref is not None else []

    def add_text(self, s):
        return f"Add a row to {self.title.lower()}"

    def remove(self, s, key):
        if not self._editable_keys():
            raise EditError(f"the rows of {self.title} are fixed by the rules")
        return self._store(s, self._concrete(key), E.DELETE)

    def reset(self, s, reference):
        if reference is None:
            raise EditError("no reference scenario")
        if self.stars:
            raise EditError(f"{self.title} is reset with the chart that holds it")
        value = get_raw(reference.system_data, self.chart_path)
        if value is _MISSING:
            raise EditError(f"the reference scenario has no {self.title.lower()}")
        return self._store(s, self.chart_path, value)

    def _store(self, s: Scenario, path: tuple, value: Any) -> Scenario:
        return s.model_copy(update={"system_data": set_raw(s.system_data, path, value)})

    # --- columns
    def columns(self, s):
        cols = [self._key_column(i) for i in range(len(self.key_types))]
        if self.column_keys is not None:
            keys = self.column_keys or self._present_keys(s)
            value_ann = self.leaf
            return cols + [self._cell(_humane(k), (k,), value_ann, _MISSING) for k in keys]
        if is_model(self.leaf):
            return cols + self._model_columns(unwrap(self.leaf)[0])
        return cols + [self._cell("value", (), self.leaf, _MISSING)]

    def _own_table(self, field: str) -> bool:
        """Whether the field of a row is a chart of its own (its path, with ``*`` for each key)."""
        inner = ("*",) * (len(self.key_types) - self.stars) if self.column_keys is None else ()
        return self.chart_path + inner + (field,) in self.own_tables or self.chart_path + (field,) in self.own_tables

    def _present_keys(self, s) -> list:
        keys: list = []
        for _key, item in self.rows(s):
            for k in item if isinstance(item, dict) else ():
                if k not in keys:
                    keys.append(k)
        return keys

    def _key_column(self, level: int) -> Column:
        key_ann, owner = self.levels[level]
        named = _alias_of(key_ann, self.model)
        header = named or (_humane(owner) if owner else "#" if key_ann is int else "key")
        return Column(header, lambda s, k, item, i=level: fmt_value(k[i]), None, "the key of the row, fixed by the rules or the data it names")

    def _model_columns(self, model: type[BaseModel]) -> list[Column]:
        cols = []
        for name, field in model.model_fields.items():
            ann = field.annotation
            default = _MISSING if field.is_required() else field.get_default(call_default_factory=True)
            inner, _opt = unwrap(ann)
            if self._own_table(name):
                continue  # a chart of its own (the system's pages list it)
            if is_dict(inner):
                key_ann, value_ann = typing.get_args(inner)
                keys = literal_values(key_ann)
                if keys is not None and not holds_model(value_ann) and not is_dict(value_ann):
                    cols += [self._cell(f"{_humane(name)} {_humane(k)}", (name, k), value_ann, _MISSING) for k in keys]
                    continue
            if holds_model(ann) or _nested(inner):
                continue  # a table of its own
            cols.append(self._cell(_humane(name), (name,), ann, default))
        return cols

    def _cell(self, header: str, sub: tuple, ann: Any, default: Any) -> Column:
        choices_of = literal_values(ann)
        inner, optional = unwrap(ann)
        kind = "bool" if inner is bool else "text"

        def get(s, key, item):
            value = get_raw(item, sub)
            if value is _MISSING:
                value = default
            if kind == "bool":
                return bool(value) if value is not _MISSING else False
            return fmt_value(value)

        def set_(s, key, item, text):
            where = self._where(key, header)
            try:
                value = checked_value(ann, parse_value(ann, text))
            except EditError as exc:
                raise EditError(f"{where}: {exc}") from None
            path = self._concrete(key) + sub
            return refuse_new_problems(s, self._store(s, path, value), ("system_data",) + path, where)

        choices = None
        if choices_of is not None:
            listed = [(str(v), _humane(v)) for v in choices_of]
            choices = (lambda s, k, it: [("", "(none)"), *listed]) if optional else (lambda s, k, it: listed)
        tip = f"one of: {', '.join(map(str, choices_of))}" if choices_of else ""
        return Column(header, get, set_, tip, kind, choices, source=sub)

    def shown_paths(self, s: Scenario) -> set[tuple]:
        """The paths in ``system_data`` this table shows (``*`` for each level of rows)."""
        if not is_model(self.leaf):
            return {self.chart_path}
        rows = ("*",) * (len(self.key_types) - self.stars)
        return {self.chart_path + rows + c.source[:1] for c in self.columns(s) if c.source}

    def _where(self, key: tuple, header: str) -> str:
        row = " / ".join(fmt_value(k) for k in key) if key else "the only row"
        return f"{self.title}, row {row}, column {header}"


class CheckedTableRowsSection(TableRowsSection):
    """The rows of one of the scenario's tables, each cell also checked by the rule system."""

    def __init__(self, table_id: str, key_prefix: str = "table:", name: str = ""):
        super().__init__(table_id)
        self.key = f"{key_prefix}{table_id}"
        if name:
            self.title = name  # the id is in the messages and the table list's tooltip

    def set_cell(self, s, row, column, text):
        after = super().set_cell(s, row, column, text)
        key, _item = self.rows(s)[row]
        header = self.columns(s)[column].header
        path = self.path + ((key,) if column == 0 else (key, column - 1))
        return refuse_new_problems(s, after, path, f"table {self.table_id}, row {key}, column {header}")


# ----------------------------------------------------------------------------- a system's pages


def chart_pages(s: Scenario) -> list[tuple[str, list[Section]]]:
    """The Charts pages of the scenario's rule system: a title and its sections each."""
    module = system_editing(s.rules)
    if module is None or not getattr(module, "PAGES", None):
        return []
    model = module.DATA_MODEL
    own = frozenset(_parts(e) for _t, entries in module.PAGES for e in entries if not e.startswith("tables:"))
    pages = []
    for title, entries in module.PAGES:
        sections: list[Section] = []
        for entry in entries:
            if entry.startswith("tables:"):
                pattern = entry[len("tables:"):]
                sections += [CheckedTableRowsSection(t, "chart-table:", table.name) for t, table in s.tables.items() if fnmatch.fnmatchcase(t, pattern)]
            else:
                sections.append(ChartSection(model, _parts(entry), own_tables=own))
        pages.append((title, sections))
    return pages


def _parts(entry: str) -> tuple:
    """``crt.attack_types`` -> ("crt", "attack_types"); "" is the data's own plain fields."""
    return tuple(p for p in entry.split(".") if p)


def counter_values_model(rules: str) -> type[BaseModel] | None:
    """The model of ``UnitType.values`` of a rule system, if it has one."""
    module = system_editing(rules)
    return getattr(module, "COUNTER_VALUES", None) if module is not None else None


def counter_value_columns(s: Scenario, set_item) -> list[Column]:
    """A column per counter value the rule system reads from a unit type (OP, stacking points,
    armour; barrage, range, air factors, ...): drop-down lists for its closed lists, check boxes
    for its flags, each value checked by the field's type and the system's checks."""
    model = counter_values_model(s.rules)
    if model is None:
        return []
    cols = []
    for name, field in model.model_fields.items():
        cols.append(_value_column(name, field, set_item))
    return cols


def _value_column(name: str, field, set_item) -> Column:
    ann = field.annotation
    inner, optional = unwrap(ann)
    kind = "bool" if inner is bool else "text"
    default = _MISSING if field.is_required() else field.get_default(call_default_factory=True)
    choices_of = literal_values(ann)
    header = _humane(name)

    def get(s, key, ut):
        value = ut.values.get(name, default)
        if kind == "bool":
            return bool(value) if value is not _MISSING else False
        return fmt_value(value)

    def set_(s, key, ut, text):
        where = f"unit type {key}, column {header}"
        try:
            value = checked_value(ann, parse_value(ann, text))
        except EditError as exc:
            raise EditError(f"{where}: {exc}") from None
        values = dict(ut.values)
        if value is None or (value == default and name not in ut.values):
            values.pop(name, None)
        else:
            values[name] = value
        after = set_item(s, key, ut.model_copy(update={"values": values}))
        return refuse_new_problems(s, after, ("unit_types", key, "values", name), where)

    choices = None
    if choices_of is not None:
        listed = [(str(v), _humane(v)) for v in choices_of]
        choices = (lambda s, k, it: [("", "(none)"), *listed]) if optional else (lambda s, k, it: listed)
    doc = (field.description or "").strip()
    return Column(header, get, set_, doc or f"{header}: a counter value of the rule system", kind, choices)


def chart_target(s: Scenario, path: tuple) -> tuple[str | None, Any]:
    """The chart (section key) and row key a problem at ``path`` (``system_data...``) points to."""
    best: tuple[int, str | None, Any] = (-1, None, None)
    inner = tuple(path[1:])
    for _title, sections in chart_pages(s):
        for sec in sections:
            if not isinstance(sec, ChartSection):
                continue
            n = len(sec.chart_path)
            if tuple(map(str, inner[:n])) == tuple(map(str, sec.chart_path)) and n > best[0]:
                levels = len(sec.key_types)
                row = tuple(inner[n:n + levels]) if len(inner) >= n + levels else None
                best = (n, sec.key, row if levels else ())
    return best[1], best[2]

"""The scenario file format, ``kharkovsuite-scenario/1``, as plain classes with a pydantic twin each.

A scenario holds everything a rule system reads: the map, the terrain effects, the tables
(combat results and others), unit types, sides, the order of battle, the set-up, the
reinforcement schedule, the turn record and the victory conditions.  Unit types are shared
tables referenced by id (a unit never copies its values), stable ids are kept apart from
display names, and every mapping is keyed by id so that a designer edits YAML without
reading Python.

Structural checks live here (types, unknown keys); checks that need more than one part of
the file (references, hexes on the map, adjacency) live in :mod:`.checks`.

The classes below are plain Python: reading a scenario back from the disk cache and playing it
needs no pydantic (importing it and making the models cost the programs' start a fifth of its
time).  Each class's pydantic twin, made from the same fields in :mod:`._twins` on first use,
validates: ``Model(...)``, ``model_validate``, ``model_dump`` and ``model_json_schema`` go through
it, so checks, errors and saved files are pydantic's.  ``model_construct`` and ``model_copy``
make plain objects without validating, as pydantic's do.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Literal, Union

if TYPE_CHECKING:
    from ..hexgrid import GridSpec

FORMAT_ID = "kharkovsuite-scenario/1"

Scalar = Union[int, float, str, bool, None]


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()  # the default of a field that has none


class Field:
    """A field of a format model: its default (or a factory of it) and pydantic's constraints
    (``gt``, ``le``, ``min_length``...), handed to the twin's field as they are."""

    __slots__ = ("default", "default_factory", "constraints", "owner", "name")

    def __init__(self, default: Any = REQUIRED, *, default_factory: Any = None, **constraints: Any):
        self.default = default
        self.default_factory = default_factory
        self.constraints = constraints
        self.owner: type | None = None
        self.name = ""

    def is_required(self) -> bool:
        return self.default is REQUIRED and self.default_factory is None

    def get_default(self) -> Any:
        factory = self.default_factory
        if factory is None:
            return self.default
        if isinstance(factory, type) and issubclass(factory, Model):
            return factory.model_construct()  # a model of defaults only: nothing to check
        return factory()

    @property
    def annotation(self) -> Any:
        """The field's type, read from its class's annotations (in this module's names)."""
        import typing

        return typing.get_type_hints(self.owner)[self.name]

    def __repr__(self) -> str:
        return f"Field({self.owner.__name__ if self.owner else '?'}.{self.name})"


class Model:
    """Base of every format model: its annotated class attributes are its fields, in order.
    Unknown keys are errors and numbers are finite (no .inf or .nan): the twin's rules."""

    model_fields: dict[str, Field] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields: dict[str, Field] = {}
        for name in cls.__dict__.get("__annotations__", {}):
            value = cls.__dict__.get(name, REQUIRED)
            spec = value if isinstance(value, Field) else Field(value)
            if name in cls.__dict__:
                delattr(cls, name)  # an instance holds every field itself
            spec.owner, spec.name = cls, name
            fields[name] = spec
        cls.model_fields = fields

    def __init__(self, /, **data: Any) -> None:
        """Validated as pydantic's model would (a ``ValidationError`` when ``data`` is wrong)."""
        self.__dict__.update(type(self).model_validate(data).__dict__)

    @classmethod
    def model_validate(cls, obj: Any) -> Any:
        """An object of this class from plain data (or objects of these classes), checked by the twin."""
        if isinstance(obj, cls):
            return obj
        from ._twins import from_twin, to_data, twin

        return from_twin(twin(cls).model_validate(to_data(obj)))

    @classmethod
    def model_construct(cls, _fields_set: Any = None, **values: Any) -> Any:
        """An object of this class from ``values``, unchecked; missing fields take their defaults."""
        self = object.__new__(cls)
        self.__dict__.update({name: values[name] if name in values else spec.get_default() for name, spec in cls.model_fields.items()})
        return self

    @classmethod
    def model_json_schema(cls, *args: Any, **kwargs: Any) -> dict[str, Any]:
        from ._twins import twin

        return twin(cls).model_json_schema(*args, **kwargs)

    def model_copy(self, *, update: dict[str, Any] | None = None, deep: bool = False) -> Any:
        """A shallow (or ``deep``) copy with ``update`` applied, unchecked, as pydantic's."""
        import copy

        new = object.__new__(type(self))
        fields = copy.deepcopy(self.__dict__) if deep else dict(self.__dict__)
        if update:
            fields.update(update)
        new.__dict__.update(fields)
        return new

    def model_dump(self, **kwargs: Any) -> Any:
        """Plain data, as the twin's ``model_dump`` with the same arguments gives it."""
        from ._twins import to_twin

        return to_twin(self).model_dump(**kwargs)

    def content_json(self) -> str:
        """This model's fields as compact JSON with a fixed order: the content part of a disk
        cache key.  Read field by field, without the twin: the JSON encoder walks the lists,
        dicts and values itself and asks :func:`_fields_of` only for the models in them."""
        return json.dumps(self, default=_fields_of, separators=(",", ":"), ensure_ascii=False)

    def __iter__(self):
        yield from self.__dict__.items()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Model):
            return NotImplemented
        return type(self) is type(other) and self.__dict__ == other.__dict__

    __hash__ = None  # type: ignore[assignment]  # as pydantic's models that are not frozen

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in self.__dict__.items())})"


def _fields_of(value: Any) -> dict[str, Any]:
    """A model's fields in declared order, for the JSON encoder (which writes tuples as lists)."""
    if isinstance(value, Model):
        return {name: getattr(value, name) for name in type(value).model_fields}
    raise TypeError(f"a {type(value).__name__} is not scenario data")


# ----------------------------------------------------------------------------- map


class GridModel(Model):
    """How hex ids are printed; see :class:`kharkovsuite.hexgrid.GridSpec`."""

    orientation: Literal["pointy", "flat"]
    columns: int = Field(gt=0, le=99)
    rows: int = Field(gt=0, le=99)
    id_order: Literal["row-col", "col-row"] = "col-row"
    row_grows: Literal["south", "north"] = "south"
    column_grows: Literal["east", "west"] = "east"
    shifted: Literal["odd", "even"] = "odd"
    first_row: int = 1
    first_column: int = 1
    km_per_hex: float | None = None

    def spec(self) -> "GridSpec":
        """The hex grid this numbering describes."""
        from ..hexgrid import GridSpec

        return GridSpec(**{name: getattr(self, name) for name in type(self).model_fields if name != "km_per_hex"})


class TerrainType(Model):
    name: str
    color: str = "#e9e4cf"
    pattern: str | None = None  # a view hint: "trees", "buildings", "dots", ...


class HexsideType(Model):
    name: str
    color: str = "#3a6fb0"
    width: float = 2.0  # a view hint, in hex-size fractions x10


class City(Model):
    name: str
    kind: str = "minor_city"  # a terrain-like class read by the rule system ("major_city", "minor_city")
    hexes: list[str]
    garrison: dict[str, int] = Field(default_factory=dict)  # hex -> printed defense strength
    vp: int = 0
    label_hex: str | None = None


class Place(Model):
    """A named place drawn on the map without any rule effect (villages, stations)."""

    name: str
    hex: str


class NamedLine(Model):
    """A polyline in map units (hex size 1, see :meth:`HexGrid.layout`).

    ``sides`` names the side of the line on the left and on the right when walking it from
    the first point to the last with north up (free names: ``axis``/``soviet`` for a front
    line, ``north``/``south`` for a sector line).  ``marks`` are labelled hexes along the line
    (e.g. points 1-7 and A-G of the 1942 front line), each on one side of it.
    """

    name: str
    points: list[tuple[float, float]] = Field(min_length=2)
    sides: dict[Literal["left", "right"], str] = Field(default_factory=dict)
    marks: dict[str, str] = Field(default_factory=dict)  # label -> hex id
    color: str = "#c0392b"
    style: Literal["solid", "dash", "dot"] = "solid"


class Area(Model):
    """A named set of hexes: set-up zones, entry edges, reserve boxes, supply entries."""

    name: str
    kind: str = "zone"  # zone | entry | reserve | supply | box | ... (read by the rule system)
    side: str | None = None
    hexes: list[str] = Field(default_factory=list)
    color: str | None = None


class MapModel(Model):
    grid: GridModel
    terrain_types: dict[str, TerrainType]
    default_terrain: str
    terrain: dict[str, str] = Field(default_factory=dict)  # hex -> terrain type (non-default hexes)
    hexside_types: dict[str, HexsideType] = Field(default_factory=dict)
    hexsides: dict[str, list[str]] = Field(default_factory=dict)  # "0819/0820" -> features
    roads: list[list[str]] = Field(default_factory=list)  # chains of adjacent hex ids
    railroads: list[list[str]] = Field(default_factory=list)
    cities: dict[str, City] = Field(default_factory=dict)
    places: dict[str, Place] = Field(default_factory=dict)
    lines: dict[str, NamedLine] = Field(default_factory=dict)
    areas: dict[str, Area] = Field(default_factory=dict)


# ----------------------------------------------------------------------------- tables


class MovementCost(Model):
    cost: dict[str, float] = Field(default_factory=dict)  # movement class -> MP
    defense_multiplier: float = 1.0
    attack_multiplier: float = 1.0
    note: str | None = None


class HexsideEffect(Model):
    extra_cost: dict[str, float] = Field(default_factory=dict)
    prohibited: bool = False  # may not be crossed ...
    except_road: bool = False  # ... except along a road crossing it
    attack_multiplier: float = 1.0  # for units attacking across
    attack_only_via_road: bool = False
    die_modifier_all_across: int = 0  # added to the die when every attacker is across
    note: str | None = None


class TerrainEffects(Model):
    movement_classes: list[str]
    terrain: dict[str, MovementCost]
    hexsides: dict[str, HexsideEffect] = Field(default_factory=dict)
    road: MovementCost | None = None
    cities: dict[str, MovementCost] = Field(default_factory=dict)  # by city kind


class Table(Model):
    """A lookup table: a combat results table, a morale bonus table, ..."""

    name: str
    kind: Literal["odds", "differential", "lookup"] = "lookup"
    dice: str = "1d6"
    columns: list[str]
    rows: dict[int, list[Scalar]]
    notes: str | None = None


# ----------------------------------------------------------------------------- units


class StepValues(Model):
    attack: float | None = None
    defense: float | None = None
    movement: int | None = None
    label: str | None = None  # what the counter shows when the values are not plain numbers


class HQValues(Model):
    command_radius: int
    movement: int
    inactive_movement: int


class UnitType(Model):
    name: str
    side: str
    nationality: str
    symbol: str = "infantry"  # NATO symbol key drawn by the view
    size: str = "XX"
    movement_class: str
    flags: list[str] = Field(default_factory=list)
    steps: list[StepValues] = Field(default_factory=list)  # full strength first
    untried_pool: str | None = None
    hq: HQValues | None = None
    vp: int = 0  # to the enemy when a unit of this type is destroyed
    # Counter values only one rule system reads (stacking points, armour, ...): checked by that
    # system's ``scenario_checks``, not by the format.
    values: dict[str, Scalar] = Field(default_factory=dict)


class UntriedCounter(Model):
    attack: float
    defense: float
    movement: int
    count: int = Field(ge=0)
    steps: int = Field(default=1, ge=1, le=2)


class UntriedPool(Model):
    name: str
    back: str  # what the untried side shows, e.g. "U-7"
    counters: list[UntriedCounter]
    replacement: str | None = None  # replacement pool used as the second step


class Unit(Model):
    id: str
    type: str
    name: str
    formation: str | None = None
    hq: HQValues | None = None  # per-unit HQ values (each army HQ differs)
    deploy_hex: str | None = None  # printed on the back of some counters
    entry_turn: int | None = None
    values: dict[str, Scalar] = Field(default_factory=dict)  # per-counter values a rule system reads


class Formation(Model):
    name: str
    side: str
    kind: str = "division"
    vp: int = 0  # awarded to the enemy when every unit of it is destroyed (replaces unit VP)


class Side(Model):
    name: str
    color: str
    text_color: str = "#000000"
    nationalities: dict[str, str] = Field(default_factory=dict)  # id -> display name
    colors: dict[str, str] = Field(default_factory=dict)  # nationality -> counter colour


class Placement(Model):
    unit: str
    hex: str | None = None
    box: str | None = None  # an off-map area (reserve box, breakdown box)


class SetupZone(Model):
    id: str
    name: str
    side: str
    area: str | None = None
    line: str | None = None  # a named line ...
    between: tuple[str, str] | None = None  # ... between two of its marks
    within: int | None = None  # hexes within N of `hex`
    hex: str | None = None
    units: list[str] = Field(default_factory=list)
    rule: str | None = None  # the rule case that defines the zone


class Setup(Model):
    zones: list[SetupZone] = Field(default_factory=list)
    placements: list[Placement] = Field(default_factory=list)  # the historical deployment


class Reinforcement(Model):
    turn: int
    side: str
    units: list[str]
    entry: str  # area id
    note: str | None = None


class TurnRecord(Model):
    turn: int
    date: str
    air_points: dict[str, int] = Field(default_factory=dict)
    events: list[str] = Field(default_factory=list)


class VictoryLevel(Model):
    min: int
    max: int | None = None
    name: str


class Award(Model):
    side: str
    vp: int
    text: str


class Victory(Model):
    levels: list[VictoryLevel] = Field(default_factory=list)
    awards: dict[str, Award] = Field(default_factory=dict)


class Scenario(Model):
    format: Literal["kharkovsuite-scenario/1"]
    id: str
    title: str
    description: str = ""
    rules: str
    options: dict[str, Scalar] = Field(default_factory=dict)
    map: MapModel
    terrain_effects: TerrainEffects
    tables: dict[str, Table] = Field(default_factory=dict)
    sides: dict[str, Side]
    unit_types: dict[str, UnitType]
    untried_pools: dict[str, UntriedPool] = Field(default_factory=dict)
    formations: dict[str, Formation] = Field(default_factory=dict)
    units: list[Unit] = Field(default_factory=list)
    setup: Setup = Field(default_factory=Setup)
    reinforcements: list[Reinforcement] = Field(default_factory=list)
    turns: list[TurnRecord] = Field(default_factory=list)
    victory: Victory = Field(default_factory=Victory)
    # The rule system's own data (charts, special rules, victory conditions it reads): free here,
    # validated by the system's model in its ``scenario_checks``.
    system_data: dict[str, Any] = Field(default_factory=dict)

    def date_of(self, turn: int) -> str:
        """The date the turn record gives game-turn ``turn`` ("" when it has none)."""
        return next((t.date for t in self.turns if t.turn == turn), "")

"""What the scenario editor shows of a Kirovograd scenario: the charts of ``system_data`` and
the die-rolled tables that go with them, page by page, and the counter values of a unit type.

The editor builds each table from the model's annotation at the path (dict keys become rows,
the fields of a row model or the keys of an inner mapping become columns, literal types become
drop-down lists), so nothing here describes a column.
"""
from __future__ import annotations

from .data import KiroData
from .units import CounterValues

#: ``system_data`` is read through this model
DATA_MODEL = KiroData
#: ``UnitType.values`` is read through this model (barrage, range, air factors, ...)
COUNTER_VALUES = CounterValues

#: the shipped scenario whose charts are this system's defaults (in ``scenarios/``)
REFERENCE_SCENARIO = "kirovograd-historical.yaml"

#: a new scenario starts as a copy of the reference: its charts name HQ units, formations and
#: the units of the variable reinforcements (5.0A, 24)
NEW_FROM_BLANK_MAP = False

#: the pages of the editor's Charts tab: a title and its tables, each a path into ``system_data``
#: (dots between keys) or ``tables:<glob>`` for the scenario's die-rolled tables
PAGES: list[tuple[str, list[str]]] = [
    ("CRT", ["crt", "tables:crt"]),
    ("Combat Options Matrix", ["options_matrix"]),
    ("Orders", ["orders"]),
    ("Terrain chart", ["terrain_chart", "terrain_chart.terrain", "terrain_chart.road", "terrain_chart.railroad", "terrain_chart.notes"]),
    ("ZOC chart", ["zoc_chart", "zoc_chart.cells"]),
    ("Weather", ["weather.effects", "tables:weather"]),
    ("Air", ["air", "air.missions", "tables:air_*"]),
    ("Variable reinforcements", ["reinforcements", "tables:reinforcements_*", "viking.roll"]),
    ("Turn record", ["turn_record", "supply", "reserve_markers"]),
    ("Formations", ["formations"]),
    ("Victory points", ["victory", "victory.places", "victory.kirovograd_early"]),
    ("Special rules", ["special_rules"]),
]

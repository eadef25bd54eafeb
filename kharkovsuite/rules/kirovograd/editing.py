"""The Kirovograd data the scenario editor shows (CRT, Combat Options Matrix, orders, terrain and
ZOC charts, weather, air, variable reinforcements, turn record): which model reads it and where
each chart is; the editor builds the tables from the models (see ``editor.charts``)."""
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

#: the Charts tab: (page title, [a path into system_data, or tables:<glob>])
PAGES: list[tuple[str, list[str]]] = [
    ("CRT", ["crt", "tables:crt"]),
    ("Combat Options Matrix", ["options_matrix"]),
    ("Orders", ["orders"]),
    ("Terrain chart", ["terrain_chart", "terrain_chart.terrain", "terrain_chart.road", "terrain_chart.railroad", "terrain_chart.notes"]),
    ("ZOC chart", ["zoc_chart", "zoc_chart.cells"]),
    ("Weather", ["weather", "weather.effects", "tables:weather"]),
    ("Air", ["air", "air.missions", "tables:air_*"]),
    ("Variable reinforcements", ["reinforcements", "tables:reinforcements_*", "viking", "viking.roll", "viking.units"]),
    ("Turn record", ["turn_record", "supply", "reserve_markers"]),
    ("Formations", ["formations"]),
    ("Victory points", ["victory", "victory.places", "victory.kirovograd_early"]),
    ("Markers", ["markers.counts"]),
    ("Special rules", ["", "special_rules", "reconstructed"]),
]

"""What the scenario editor shows of a Kharkov 1943 scenario: the charts of ``system_data`` and
the die-rolled tables that go with them, page by page, and the counter values of a unit type.

The editor builds each table from the model's annotation at the path (dict keys become rows,
the fields of a row model or the keys of an inner mapping become columns, literal types become
drop-down lists), so nothing here describes a column.
"""
from __future__ import annotations

from .data import K43Data
from .units import CounterValues

#: ``system_data`` is read through this model
DATA_MODEL = K43Data
#: ``UnitType.values`` is read through this model (OP, stacking points, armour, anti-tank, ...)
COUNTER_VALUES = CounterValues

#: the shipped scenario whose charts are this system's defaults (in ``scenarios/``)
REFERENCE_SCENARIO = "kharkov-1943-campaign.yaml"

#: a new scenario starts as a copy of the reference: its charts name units, formations, entry
#: areas and places of the order of battle and the map (1.5, 9.2, 15.1, 18)
NEW_FROM_BLANK_MAP = False

#: the pages of the editor's Charts tab: a title and its tables, each a path into ``system_data``
#: (dots between keys) or ``tables:<glob>`` for the scenario's die-rolled tables
PAGES: list[tuple[str, list[str]]] = [
    ("CRT", ["crt", "crt.attack_types", "crt.terrain_classes", "crt.blocks", "tables:crt_*"]),
    ("Terrain chart", ["terrain_chart.terrain", "terrain_chart.hexsides", "terrain_chart.road", "terrain_chart.zoc", "movement_table", "terrain_chart.notes"]),
    ("Postures", ["postures"]),
    ("Weather", ["weather", "weather.periods", "weather.air_share", "weather.recon_stacks", "tables:weather_*"]),
    ("Air support", ["air", "tables:air_support"]),
    ("Replacements", ["replacements", "replacements.columns", "replacements.accumulate", "tables:replacements"]),
    ("Rail arrivals", ["rail_arrivals"]),
    ("Formations and fronts", ["formations", "fronts"]),
    ("Special rules", ["special_rules", "special_rules.exits", "special_rules.reinforcement_areas", "special_rules.notes"]),
]

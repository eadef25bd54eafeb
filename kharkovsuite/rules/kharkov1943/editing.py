"""The Kharkov 1943 data the scenario editor shows (CRT blocks by terrain and attack type, terrain
chart by ground state, postures, weather, air support, replacements): which model reads it and
where each chart is; the editor builds the tables from the models (see ``editor.charts``)."""
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

#: the Charts tab: (page title, [a path into system_data, or tables:<glob>])
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
    ("Victory", ["victory", "victory.*.*.groups"]),
    ("Reconstructed", ["reconstructed"]),
]

"""What the scenario editor shows of a Kharkov 1942 scenario beyond the format's own tables.

Everything this system reads is in the format's parts (terrain effects, the CRT in ``tables``,
unit steps, untried pools), so there is no chart of ``system_data`` and no counter value model.
"""
from __future__ import annotations

#: the shipped scenario whose tables are this system's defaults (in ``scenarios/``)
REFERENCE_SCENARIO = "kharkov-1942.yaml"

#: a new scenario is a blank map: the system's data needs no order of battle to be valid
NEW_FROM_BLANK_MAP = True

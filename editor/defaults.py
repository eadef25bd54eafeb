"""Each rule system's defaults, one click away in the editor: the sections of its shipped scenario,
and the victory levels and awards the system itself scores by."""
from __future__ import annotations

import functools
from pathlib import Path

from kharkovsuite.resources import data_root, scenarios_dir
from kharkovsuite.rules import editing, victory_defaults as system_victory
from kharkovsuite.scenario import Scenario, ScenarioError, load_scenario
from kharkovsuite.scenario.model import Victory

ROOT = data_root()
SCENARIOS = scenarios_dir()


@functools.cache
def reference_path(rules: str) -> Path | None:
    """The shipped scenario whose tables are a rule system's defaults (its ``editing`` module names it).
    Only the system asked about is imported: the editor of one game never loads the others' rules."""
    module = editing(rules)
    name = getattr(module, "REFERENCE_SCENARIO", None) if module is not None else None
    return SCENARIOS / name if name else None


def new_from_blank_map(rules: str) -> bool:
    """Whether a new scenario of the system may start as a blank map (else as a copy of its
    reference scenario, whose charts name its order of battle and places)."""
    module = editing(rules)
    return bool(getattr(module, "NEW_FROM_BLANK_MAP", True)) if module is not None else True


_cache: dict[Path, tuple[float, Scenario | None, str]] = {}


def reference_scenario(rules: str) -> tuple[Scenario | None, str]:
    """The reference scenario of a rule system (or None) and its file name or why it is missing."""
    path = reference_path(rules)
    if path is None:
        return None, ""
    try:
        mtime = path.stat().st_mtime
    except OSError:
        return None, f"{path.name} is not in scenarios/ yet"
    cached = _cache.get(path)
    if cached is not None and cached[0] == mtime:
        return cached[1], cached[2]
    try:
        scenario, note = load_scenario(path), path.name
    except ScenarioError as exc:
        scenario, note = None, f"{path.name} does not load ({len(exc.problems)} problems)"
    _cache[path] = (mtime, scenario, note)
    return scenario, note


def victory_defaults(rules: str) -> tuple[Victory | None, str]:
    """The victory levels and awards a rule system scores by (None when it names none), and whose they are."""
    victory = system_victory(rules)
    return victory, (f"the {rules} rule system" if victory is not None else f"{rules} names no victory awards")

"""Each rule system's defaults, one click away in the editor: the sections of its shipped scenario,
and the victory levels and awards the system itself scores by."""
from __future__ import annotations

from pathlib import Path

from kharkovsuite.rules import victory_defaults as system_victory
from kharkovsuite.scenario import Scenario, ScenarioError, load_scenario
from kharkovsuite.scenario.model import Victory

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"

#: rule system -> the shipped scenario whose tables are that system's defaults
REFERENCE_SCENARIOS: dict[str, Path] = {"kharkov1942": SCENARIOS / "kharkov-1942.yaml"}

_cache: dict[Path, tuple[float, Scenario | None, str]] = {}


def reference_scenario(rules: str) -> tuple[Scenario | None, str]:
    """The reference scenario of a rule system (or None) and its file name or why it is missing."""
    path = REFERENCE_SCENARIOS.get(rules)
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

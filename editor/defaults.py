"""Each rule system's defaults: the sections of its shipped scenario, one click away in the editor."""
from __future__ import annotations

from pathlib import Path

from kharkovsuite.scenario import Scenario, ScenarioError, load_scenario

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

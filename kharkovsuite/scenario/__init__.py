"""The scenario file format: models, loading with located errors, deterministic saving."""
from .errors import Problem, ScenarioError
from .io import atomic_write, dumps_scenario, load_scenario, loads_scenario, save_scenario
from .model import FORMAT_ID, Scenario

__all__ = [
    "FORMAT_ID",
    "Problem",
    "Scenario",
    "ScenarioError",
    "atomic_write",
    "dumps_scenario",
    "load_scenario",
    "loads_scenario",
    "save_scenario",
]

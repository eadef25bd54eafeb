"""The format's plain classes and their pydantic twins (issue 27, start-up): a scenario is made of
plain objects however it was read, and everything that checks or writes one goes through the
twins, so it checks and writes as the pydantic models did."""
from __future__ import annotations

import pickle
from pathlib import Path

import pytest
from pydantic import BaseModel, ValidationError

from kharkovsuite.scenario import dumps_scenario, load_scenario
from kharkovsuite.scenario._twins import twin
from kharkovsuite.scenario.model import Area, GridModel, Model, Scenario, Setup, Victory

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "scenarios" / "kharkov-1942.yaml"


def test_a_loaded_scenario_is_plain_objects_all_the_way_down(monkeypatch):
    monkeypatch.setenv("KHARKOVSUITE_CACHE_DIR", "")
    s = load_scenario(SCENARIO)
    seen = [s, s.map, s.map.grid, *s.map.cities.values(), *s.unit_types.values(), *s.units, s.setup, s.victory]
    assert all(isinstance(o, Model) and not isinstance(o, BaseModel) for o in seen)
    assert pickle.loads(pickle.dumps(s)) == s


def test_making_a_model_checks_it_as_its_twin_does():
    assert GridModel(orientation="flat", columns="12", rows=9).columns == 12  # coerced as pydantic does
    with pytest.raises(ValidationError) as refused:
        GridModel(orientation="flat", columns=0, rows=9)
    assert refused.value.errors()[0]["loc"] == ("columns",)
    with pytest.raises(ValidationError):
        Area(name="a", colour="red")  # unknown keys are errors
    with pytest.raises(ValidationError):
        GridModel(orientation="flat", columns=12, rows=9, km_per_hex=float("inf"))  # numbers are finite


def test_construct_and_copy_do_not_check_and_fill_defaults():
    made = Area.model_construct(name="a", hexes=["0101"])
    assert made.kind == "zone" and made.side is None and made.color is None
    assert Setup.model_construct().zones == [] and Setup.model_construct().zones is not Setup.model_construct().zones
    copied = made.model_copy(update={"kind": 7})
    assert copied.kind == 7 and made.kind == "zone" and copied.hexes is made.hexes


def test_a_dump_leaves_out_defaults_made_by_a_model_class(monkeypatch):
    monkeypatch.setenv("KHARKOVSUITE_CACHE_DIR", "")
    s = load_scenario(SCENARIO).model_copy(update={"victory": Victory(), "setup": Setup()})
    data = s.model_dump(mode="json", exclude_defaults=True)
    assert "victory" not in data and "setup" not in data and data["title"] == s.title
    gallop = ROOT / "scenarios" / "kharkov-1943-gallop.yaml"  # a file without victory levels: none written
    assert dumps_scenario(load_scenario(gallop)) == gallop.read_text(encoding="utf-8")


def test_twins_share_names_and_docstrings_with_their_classes():
    assert twin(Scenario).__name__ == "Scenario"
    assert twin(Area).__doc__ == Area.__doc__
    assert twin(Scenario).model_fields["map"].annotation is twin(type(load_scenario(SCENARIO).map))

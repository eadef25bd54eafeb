"""Load -> save -> load gives an equal scenario, and a second save is byte-identical."""
import json
from pathlib import Path

import pytest
import yaml

from kharkovsuite.cli import main
from kharkovsuite.scenario import dumps_scenario, load_scenario, loads_scenario, save_scenario

ROOT = Path(__file__).resolve().parent.parent
FILES = [Path(__file__).parent / "data" / "small.yaml"] + sorted((ROOT / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_round_trip(path, tmp_path):
    first = load_scenario(path)
    text = dumps_scenario(first)
    second = loads_scenario(text, "saved.yaml")
    assert second == first
    assert dumps_scenario(second) == text
    target = tmp_path / "out.yaml"
    save_scenario(second, target)
    assert target.read_text(encoding="utf-8") == text
    assert load_scenario(target) == first


def test_saved_hex_ids_are_quoted_and_keys_keep_their_order(tmp_path):
    text = dumps_scenario(load_scenario(FILES[0]))
    assert "'0405'" in text
    assert "0405:" not in text.replace("'0405':", "")
    keys = list(yaml.safe_load(text))
    assert keys[:5] == ["format", "id", "title", "description", "rules"]


def test_save_is_atomic_and_keeps_the_old_file_on_failure(tmp_path, monkeypatch):
    scenario = load_scenario(FILES[0])
    target = tmp_path / "game.yaml"
    target.write_text("old contents", encoding="utf-8")

    import kharkovsuite.scenario.io as io

    def broken_dump(_):
        raise RuntimeError("disk full")

    monkeypatch.setattr(io, "dumps_scenario", broken_dump)
    with pytest.raises(RuntimeError):
        io.save_scenario(scenario, target)
    assert target.read_text(encoding="utf-8") == "old contents"
    assert [p.name for p in tmp_path.iterdir()] == ["game.yaml"]


def test_info_json(capsys):
    assert main(["info", str(FILES[0]), "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["rules"] == "kharkov1942"
    assert info["map"]["columns"] == 10 and info["map"]["rows"] == 8
    assert info["units"]["soviet"]["total"] == 2
    assert info["units"]["axis"]["by_type"] == {"ge_inf": 1}
    assert info["turns"] == 2


def test_hex_json(capsys):
    assert main(["hex", str(FILES[0]), "0405", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report) == {"hex", "terrain", "hexsides", "road", "rail", "city", "garrison", "areas", "line_sides"}
    assert report["terrain"] == "major_city"
    assert report["road"] == ["0404"]
    assert report["city"]["name"] == "Gorod"
    assert report["garrison"] == 1
    assert set(report["line_sides"]) == {"front"}


def test_hex_hexsides_and_areas(capsys):
    assert main(["hex", str(FILES[0]), "0306", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert list(report["hexsides"].values()) == [["minor_river"]]
    assert main(["hex", str(FILES[0]), "0101", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["areas"] == ["east_edge"]


def test_schema_is_json_schema(capsys):
    assert main(["schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["type"] == "object"
    assert "map" in schema["properties"] and "units" in schema["properties"]

"""kharkov-cli trace: the overlays' data as JSON, a headless PNG, saves, and bad input."""
import json
from pathlib import Path

from kharkovsuite.cli import main
from kharkovsuite.engine import new_game, save
from kharkovsuite.rules.kharkov1942 import supply, trace

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = str(ROOT / "scenarios" / "kharkov-1942.yaml")


def test_trace_json_overlays_match_the_engine(capsys):
    assert main(["trace", DEFAULT, "--side", "soviet", "--overlay", "all", "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert [o["overlay"] for o in body["overlays"]] == list(trace.OVERLAYS)
    state = new_game(DEFAULT, 0)
    sup = body["overlays"][0]
    assert set(sup["marks"]["supplied"]) | set(sup["marks"]["hq_supplied"]) == {h for h in state.board.ids if supply.hex_in_supply(state, h, "soviet")}
    assert len(body["units"]) == sum(1 for u in state.board.side_units["soviet"] if state.units[u].hex)
    why = body["overlays"][1]
    assert why["items"] and all(it["case"] for it in why["items"] if it["text"].startswith("    "))


def test_trace_reads_a_save_and_traces_its_position(tmp_path, capsys):
    state = new_game(DEFAULT, 0)
    state.scenario_path = DEFAULT
    state.place("su-rd-01", "0615")  # behind the German ZOC (11.1)
    path = tmp_path / "game.json"
    save(state, path)
    assert main(["trace", str(path), "--side", "soviet", "--unit", "su-rd-01", "--overlay", "why", "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert body["units"]["hex"] == "0615" and not body["units"]["in_supply"]
    blocks = {b["hex"]: b["case"] for b in body["units"]["blocks"]}
    assert body["overlays"][0]["marks"]["block"] == blocks and "11.1" in blocks.values()


def test_trace_png_draws_the_map_the_overlays_and_the_legend_headless(tmp_path, capsys):
    from PySide6.QtGui import QImage

    out = tmp_path / "why.png"
    assert main(["trace", DEFAULT, "--side", "soviet", "--unit", "su-tb-22", "--overlay", "why", "--png", str(out), "--width", "900"]) == 0
    assert f"{out}: Why not" in capsys.readouterr().out
    image = QImage(str(out))
    assert image.width() == 900 and image.height() > 900
    # The legend under the map is written in black on white.
    bottom = [image.pixelColor(x, y).lightness() for y in range(image.height() - 200, image.height()) for x in range(0, 400, 2)]
    assert min(bottom) < 60 and max(bottom) > 240


def test_trace_bad_input_is_named_without_a_traceback(tmp_path, capsys):
    assert main(["trace", DEFAULT, "--side", "soviet", "--unit", "no-such-unit"]) == 1
    assert "no unit 'no-such-unit'" in capsys.readouterr().out
    assert main(["trace", DEFAULT, "--side", "soviet", "--unit", "su-rd-01", "--overlay", "rail", "--dest", "9999"]) == 1
    assert "--dest 9999: not a hex of the map" in capsys.readouterr().out
    missing = tmp_path / "nowhere" / "x.png"
    assert main(["trace", DEFAULT, "--side", "axis", "--png", str(missing)]) == 1
    assert "does not exist" in capsys.readouterr().out
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    assert main(["trace", str(broken), "--side", "axis"]) == 1
    assert f"{broken}: not a save file" in capsys.readouterr().out
    orphan = tmp_path / "orphan.json"
    orphan.write_text(json.dumps({"format": "kharkovsuite-save/1", "scenario": None, "seed": 1, "setup": "historical", "actions": [], "snapshot": {}}))
    assert main(["trace", str(orphan), "--side", "axis"]) == 1
    assert f"{orphan}: the save names no scenario file" in capsys.readouterr().out


def test_trace_sides_and_overlays_are_the_scenario_s_and_its_system_s(monkeypatch, capsys):
    import kharkovsuite.rules as registry
    from tests.faketrace import fake_trace

    assert main(["trace", DEFAULT, "--side", "german"]) == 1
    assert "--side german: not a side of this scenario (its sides: axis, soviet)" in capsys.readouterr().out
    assert main(["trace", DEFAULT, "--side", "axis", "--overlay", "isolation"]) == 1
    assert "--overlay isolation: not an overlay of the kharkov1942 rules" in capsys.readouterr().out
    monkeypatch.setattr(registry, "trace_module", lambda rules_id: fake_trace())  # a system whose overlays are others
    assert main(["trace", DEFAULT, "--side", "soviet", "--overlay", "isolation", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [o["overlay"] for o in out["overlays"]] == ["isolation"] and out["overlays"][0]["title"] == "Isolation"

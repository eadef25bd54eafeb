"""Saves that are damaged, of another scenario or of an impossible position are refused with a
reason (SaveError); autosaves survive a crash at any moment; apply refuses what is not an action."""
from __future__ import annotations

import copy
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kharkovsuite import engine
from kharkovsuite.engine import EndPhase, Move, SaveError
from kharkovsuite.engine.saves import SAVE_FORMAT, SAVE_VERSION, autosave, snapshot_checksum
from kharkovsuite.scenario import load_scenario

DATA = Path(__file__).resolve().parents[1] / "data"
SMALL = DATA / "small.yaml"
OTHER = DATA / "k42-basic.yaml"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def game():
    state = engine.new_game(SMALL, 3)
    state.apply(EndPhase())
    return state


@pytest.fixture
def saved(game, tmp_path) -> dict:
    path = tmp_path / "g.ksave"
    engine.save(game, path)
    return json.loads(path.read_text(encoding="utf-8"))


def _write(tmp_path: Path, data, checksum: bool = True) -> Path:
    if checksum and isinstance(data, dict) and isinstance(data.get("snapshot"), dict):
        data["snapshot_sha256"] = snapshot_checksum(data["snapshot"])
    path = tmp_path / "bad.ksave"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def test_a_save_names_its_version_scenario_and_snapshot_checksum(saved, game):
    assert saved["format"] == SAVE_FORMAT and saved["version"] == SAVE_VERSION
    assert saved["scenario_id"] == game.scenario.id
    assert saved["snapshot_sha256"] == snapshot_checksum(game.to_dict())


def _v1(data: dict) -> dict:
    """The same save as the first format wrote it: no version, no checksum, no scenario id."""
    old = {k: v for k, v in data.items() if k not in ("version", "snapshot_sha256", "scenario_id")}
    old["format"] = "kharkovsuite-save/1"
    return old


def test_a_version_1_save_without_checksum_still_opens(saved, game, tmp_path):
    path = tmp_path / "old.ksave"
    path.write_text(json.dumps(_v1(saved), indent=1), encoding="utf-8")
    assert engine.load(path) == game


def _edit(fn):
    def apply(data):
        data = copy.deepcopy(data)
        fn(data)
        return data
    return apply


def _two_hexes(data):
    at = data["snapshot"]["at"]
    first, second = list(at)[:2]
    at[second].append(at[first][0])


def _unknown_unit(data):
    data["snapshot"]["units"][0]["id"] = "nobody"


def _drop_unit(data):
    del data["snapshot"]["units"][-1]


def _off_map(data):
    unit = next(u for u in data["snapshot"]["units"] if u["hex"])
    hex_id = unit["hex"]
    unit["hex"] = "9999"
    data["snapshot"]["at"]["9999"] = data["snapshot"]["at"].pop(hex_id)


# (case, edit of the save data or its text, words the refusal must contain)
CORRUPT = [
    ("truncated", lambda d: json.dumps(d)[: len(json.dumps(d)) // 2], "cut short"),
    ("json-array", lambda d: "[1, 2, 3]", "JSON list, not an object"),
    ("not-json", lambda d: "\x00\x01 garbage", "damaged JSON"),
    ("empty", lambda d: "", "damaged JSON"),
    ("missing-snapshot", _edit(lambda d: d.pop("snapshot")), "no valid 'snapshot'"),
    ("wrong-format", _edit(lambda d: d.update(format="a spreadsheet")), "not a kharkovsuite-save file"),
    ("future-version", _edit(lambda d: d.update(version=SAVE_VERSION + 1)), f"save version {SAVE_VERSION + 1}"),
    ("negative-phase", _edit(lambda d: d["snapshot"].update(phase_index=-1)), "phase index -1"),
    ("phase-past-the-end", _edit(lambda d: d["snapshot"].update(phase_index=999)), "phase index 999"),
    ("turn-zero", _edit(lambda d: d["snapshot"].update(turn=0)), "turn 0"),
    ("terminal-not-bool", _edit(lambda d: d["snapshot"].update(terminal="yes")), "'terminal'"),
    ("unit-in-two-hexes", _edit(_two_hexes), "in two hexes"),
    ("unknown-unit", _edit(_unknown_unit), "'nobody' is not in the scenario"),
    ("missing-unit", _edit(_drop_unit), "missing"),
    ("hex-off-the-map", _edit(_off_map), "not a hex of the map"),
    ("negative-steps", _edit(lambda d: d["snapshot"]["units"][0].update(step=-2)), "lost -2 steps"),
    ("damaged-dice", _edit(lambda d: d["snapshot"].update(rng={"$tuple": [3, 4]})), "dice"),
    ("unknown-action", _edit(lambda d: d["actions"].append({"kind": "Teleport"})), "unknown action kind 'Teleport'"),
    ("action-field-types", _edit(lambda d: d["actions"].append({"kind": "Move", "units": 5, "path": []})), "Move.units"),
    ("another-scenario", _edit(lambda d: d.update(scenario=str(OTHER))), "scenario 'small', not of 'k42-basic'"),
]


@pytest.mark.parametrize("case", CORRUPT, ids=[c[0] for c in CORRUPT])
def test_a_corrupted_save_is_refused_with_its_reason(case, saved, tmp_path):
    _, edit, words = case
    path = _write(tmp_path, edit(saved))
    with pytest.raises(SaveError) as refused:
        engine.load(path)
    assert str(refused.value).startswith(f"{path}: ") and words in str(refused.value)


def test_a_nan_turn_is_refused(saved, tmp_path):
    data = copy.deepcopy(saved)
    data["snapshot"]["turn"] = float("nan")  # json.dumps writes NaN; the checksum cannot be made for it
    path = _write(tmp_path, json.dumps(data), checksum=False)
    with pytest.raises(SaveError, match="NaN is not a number a save may hold"):
        engine.load(path)


def test_a_changed_snapshot_fails_its_checksum(saved, tmp_path):
    data = copy.deepcopy(saved)
    data["snapshot"]["turn"] += 1
    with pytest.raises(SaveError, match="does not match its checksum"):
        engine.load(_write(tmp_path, data, checksum=False))


def test_a_version_1_save_of_another_scenario_is_refused(saved, tmp_path):
    data = _v1(saved)
    data["scenario"] = str(OTHER)
    with pytest.raises(SaveError, match="is not in the scenario"):
        engine.load(_write(tmp_path, data, checksum=False))


def test_loading_with_a_scenario_object_keeps_the_file_name(game, tmp_path):
    game = game.clone()
    game.scenario_path = str(SMALL)
    path = tmp_path / "g.ksave"
    engine.save(game, path)
    again = engine.load(path, scenario=load_scenario(SMALL))
    assert again.scenario_path == str(SMALL)
    engine.save(again, path)
    assert "scenario_data" not in json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("bad", [EndPhase, None, "EndPhase()", {"kind": "EndPhase"}, Move(units="su-1", path=("0101",))],
                         ids=["the-class", "none", "a-string", "a-dict", "a-field-of-the-wrong-kind"])
def test_apply_refuses_what_is_not_an_action(bad):
    state = engine.new_game(SMALL, 1)
    before = state.to_dict()
    with pytest.raises(TypeError, match="apply takes an action|must be a tuple of strings"):
        state.apply(bad)
    assert state.to_dict() == before


# ----------------------------------------------------------------------------- autosave


def _names(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


def test_autosave_rotates_the_previous_phase_and_leaves_no_temporary_file(tmp_path):
    state = engine.new_game(SMALL, 1)
    current, previous = tmp_path / "autosave.ksave", tmp_path / "autosave-previous-phase.ksave"
    autosave(state, current, previous)
    first = state.to_dict()
    state.apply(EndPhase())
    autosave(state, current, previous)
    assert _names(tmp_path) == {current.name, previous.name}
    assert engine.load(current).to_dict() == state.to_dict()
    assert engine.load(previous).to_dict() == first


def test_stale_temporary_files_of_killed_saves_go_on_the_next_save(tmp_path):
    state = engine.new_game(SMALL, 1)
    current = tmp_path / "autosave.ksave"
    stale = [tmp_path / ".autosave.ksave.abc123.tmp", tmp_path / ".autosave-previous-phase.ksave.rotating.tmp"]
    for p in stale:
        p.write_text("")
        p.chmod(0o600)
    autosave(state, current, tmp_path / "autosave-previous-phase.ksave")
    assert not any(p.exists() for p in stale)


STEPS = ["link", "mkstemp", "fsync", "replace-new", "replace-previous"]


@pytest.mark.parametrize("step", STEPS)
def test_a_failure_at_any_step_of_an_autosave_leaves_a_whole_autosave(step, tmp_path, monkeypatch):
    state = engine.new_game(SMALL, 1)
    current, previous = tmp_path / "autosave.ksave", tmp_path / "autosave-previous-phase.ksave"
    autosave(state, current, previous)
    older = state.to_dict()
    state.apply(EndPhase())

    class Crash(Exception):
        pass

    def crash(*args, **kwargs):
        raise Crash(step)

    replace = os.replace
    if step == "link":
        monkeypatch.setattr(os, "link", crash)
    elif step == "mkstemp":
        monkeypatch.setattr("tempfile.mkstemp", crash)
    elif step == "fsync":
        monkeypatch.setattr(os, "fsync", crash)
    else:
        def replace_once(src, dst):
            if (step == "replace-new") == (Path(dst) == current):
                raise Crash(step)
            return replace(src, dst)
        monkeypatch.setattr(os, "replace", replace_once)
    with pytest.raises(Crash):
        autosave(state, current, previous)
    monkeypatch.undo()
    assert engine.load(current).to_dict() in (older, state.to_dict())
    autosave(state, current, previous)  # the next autosave tidies up after the crashed one
    assert _names(tmp_path) == {current.name, previous.name}
    assert engine.load(current).to_dict() == state.to_dict()


KILLED_SAVER = """
import sys
from pathlib import Path
from kharkovsuite import engine
from kharkovsuite.engine import EndPhase
from kharkovsuite.engine.saves import autosave
folder = Path(sys.argv[1])
state = engine.new_game(sys.argv[2], 1)
print("ready", flush=True)
while True:
    autosave(state, folder / "autosave.ksave", folder / "autosave-previous-phase.ksave")
    state.apply(EndPhase())
"""


def test_killing_an_autosaving_process_at_any_moment_leaves_a_loadable_autosave(tmp_path):
    scenario = load_scenario(OTHER)
    for round_ in range(6):
        folder = tmp_path / str(round_)
        folder.mkdir()
        proc = subprocess.Popen([sys.executable, "-c", KILLED_SAVER, str(folder), str(OTHER)], cwd=ROOT,
                                stdout=subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert proc.stdout.readline().strip() == b"ready"
        time.sleep(0.05 + 0.13 * round_)  # the kill lands at a different point of the loop each round
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        current = folder / "autosave.ksave"
        if round_ > 1:  # by then the first save is long written
            assert current.exists()
        if current.exists():
            engine.load(current, scenario=scenario)
        if (folder / "autosave-previous-phase.ksave").exists():
            engine.load(folder / "autosave-previous-phase.ksave", scenario=scenario)

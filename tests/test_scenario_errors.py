"""Bad scenario input: every problem names its file, line and YAML path; the CLI exits 1
and never shows a traceback."""
import subprocess
import sys
from pathlib import Path

import pytest

from kharkovsuite.cli import main

SMALL = Path(__file__).parent / "data" / "small.yaml"
BASE = SMALL.read_text(encoding="utf-8")


def line_of(text: str, snippet: str) -> int:
    for number, line in enumerate(text.splitlines(), 1):
        if snippet in line:
            return number
    raise AssertionError(f"{snippet!r} not in the test file")


# (case id, replace this, with this, snippet on the expected line, expected path, words in the message)
CASES = [
    ("malformed", "  default_terrain: clear", "  default_terrain: [clear", "default_terrain: [clear", "(file)", "malformed YAML"),
    ("wrong-type", "columns: 10,", "columns: ten,", "columns: ten", "map.grid.columns", "valid integer"),
    ("unknown-key-did-you-mean", "  default_terrain: clear", "  defualt_terrain: clear", "defualt_terrain", "map.defualt_terrain", "did you mean 'default_terrain'"),
    ("duplicate-unit-id", "{id: su-2, type: rifle", "{id: su-1, type: rifle", "{id: su-1, type: rifle, name: 2nd", "units[2].id", "duplicate unit id 'su-1'"),
    ("unknown-unit-type", "{id: su-2, type: rifle", "{id: su-2, type: rilfe", "type: rilfe", "units[2].type", "did you mean 'rifle'"),
    ("unknown-terrain", "'0203': forest", "'0203': forrest", "forrest", "map.terrain['0203']", "unknown terrain type 'forrest'"),
    ("hex-off-map", "{unit: ge-1, hex: '0406'}", "{unit: ge-1, hex: '4512'}", "'4512'", "setup.placements[0].hex", "'4512' is off the map"),
    ("road-jump", "['0401', '0402', '0403', '0404', '0405']", "['0401', '0402', '0404', '0405']", "['0401', '0402', '0404'", "map.roads[0][2]", "not adjacent"),
    ("python-tag", "description: Eight rows", "description: !!python/object/apply:os.system ['true']\nnote: Eight rows", "python/object", "(file)", "Python object tags are not allowed"),
    ("duplicate-yaml-key", "    '0204': forest", "    '0203': clear", "'0203': clear", "map.terrain['0203']", "duplicate key '0203'"),
    ("unknown-hexside-type", "0306/0406: [minor_river]", "0306/0406: [minor_rivr]", "minor_rivr", "map.hexsides['0306/0406'][0]", "did you mean 'minor_river'"),
    ("hexside-not-adjacent", "0306/0406: [minor_river]", "0306/0408: [minor_river]", "0306/0408", "map.hexsides['0306/0408']", "adjacent"),
    ("unknown-entry-area", "entry: east_edge}", "entry: east_egde}", "east_egde", "reinforcements[0].entry", "did you mean 'east_edge'"),
    ("turn-numbering", "{turn: 2, date: '1942-05-13'", "{turn: 3, date: '1942-05-13'", "{turn: 3, date", "turns[1].turn", "expected 2"),
    ("unknown-side", "    side: axis\n    nationality: german", "    side: axsi\n    nationality: german", "side: axsi", "unit_types.ge_inf.side", "did you mean 'axis'"),
    ("missing-key", "title: Small test scenario\n", "", "format: kharkovsuite", "title", "required key is missing"),
    ("table-row-length", "1: [D1/A1, D1, D2]", "1: [D1/A1, D1]", "1: [D1/A1, D1]", "tables.crt.rows[1]", "2 entries but the table has 3 columns"),
    ("unknown-rule-system", "rules: kharkov1942", "rules: kharkov942", "rules: kharkov942", "rules", "did you mean 'kharkov1942'"),
    ("wrong-format", "format: kharkovsuite-scenario/1", "format: kharkovsuite-scenario/9", "format:", "format", "kharkovsuite-scenario/1"),
    ("unquoted-number-hex", "{unit: ge-1, hex: '0406'}", "{unit: ge-1, hex: 4512}", "hex: 4512", "setup.placements[0].hex", "valid string"),
    ("unknown-mark", "between: ['1', '2']", "between: ['1', '9']", "between: ['1', '9']", "setup.zones[0].between", "unknown mark"),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_bad_input_names_line_and_path(case, tmp_path, capsys):
    _, old, new, snippet, path, words = case
    assert old in BASE, f"test setup: {old!r} not in small.yaml"
    text = BASE.replace(old, new, 1)
    target = tmp_path / "bad.yaml"
    target.write_text(text, encoding="utf-8")
    code = main(["validate", str(target)])
    out = capsys.readouterr()
    assert code == 1
    assert "Traceback" not in out.out + out.err
    expected = f"{target}:{line_of(text, snippet)}: {path}: "
    matching = [line for line in out.out.splitlines() if line.startswith(expected)]
    assert matching, f"no problem reported as {expected!r}; got:\n{out.out}"
    assert any(words in line for line in matching), f"{words!r} not in {matching}"


def test_valid_file_passes(capsys):
    assert main(["validate", str(SMALL)]) == 0
    assert "valid" in capsys.readouterr().out


def test_all_problems_are_reported_at_once(tmp_path, capsys):
    text = BASE.replace("type: rilfe", "").replace("{id: su-2, type: rifle", "{id: su-2, type: rilfe")
    text = text.replace("'0203': forest", "'0203': forrest")
    target = tmp_path / "two.yaml"
    target.write_text(text, encoding="utf-8")
    assert main(["validate", str(target)]) == 1
    out = capsys.readouterr().out
    assert "rilfe" in out and "forrest" in out


def test_cli_process_exits_1_without_traceback(tmp_path):
    target = tmp_path / "bad.yaml"
    target.write_text(BASE.replace("columns: 10,", "columns: ten,"), encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "kharkovsuite.cli", "validate", str(target)],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 1
    assert "Traceback" not in proc.stdout + proc.stderr
    assert f"{target}:" in proc.stdout


def test_missing_file(capsys):
    assert main(["validate", "/nonexistent/file.yaml"]) == 1
    assert "no such file" in capsys.readouterr().out


def test_hex_command_rejects_bad_id(capsys):
    assert main(["hex", str(SMALL), "4512"]) == 1
    out = capsys.readouterr().out
    assert "4512" in out and "off the map" in out

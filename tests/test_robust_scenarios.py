"""Property-based tests of the scenario loader and the save loader.

Scenario files are drawn as mutations of the shipped scenario and the test scenarios, and as
the small test scenario with one value replaced by any value of that value's type (huge
integers, infinities, NaN, any text).  Every file must be either refused with problems that
each name a file and a line, or valid and start a game.  Saves are drawn the same way (a
value of the snapshot replaced, the checksum made to match): each loads into a playable
game or is refused with a SaveError.  The sizes are bounded so the file runs in well under
a minute; ``tools/fuzz_scenarios.py`` runs the same mutations at length.
"""
from __future__ import annotations

import copy
import json
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kharkovsuite import engine
from kharkovsuite.engine import EndPhase, SaveError
from kharkovsuite.engine.saves import snapshot_checksum
from kharkovsuite.scenario import ScenarioError, load_scenario
from kharkovsuite.scenario.yamlio import dump, load_with_lines
from tools.fuzz_scenarios import LOCATED, _numeric_leaves, check_file, mutate

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
SMALL_BASES = {p.name: p.read_text(encoding="utf-8") for p in sorted(DATA.glob("*.yaml"))}
SHIPPED = (ROOT / "scenarios" / "kharkov-1942.yaml").read_text(encoding="utf-8")
SMALL_DATA = load_with_lines(SMALL_BASES["small.yaml"])[0]  # as the project reads it: hex ids stay strings

PROPERTY = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large], derandomize=True)


def _outcome(content: str | bytes) -> tuple[str, str]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "drawn.yaml"
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8", "surrogatepass"))
        return check_file(str(path))


@settings(PROPERTY, max_examples=35)
@given(base=st.sampled_from(sorted(SMALL_BASES)), rng=st.randoms(use_true_random=False), edits=st.integers(1, 4))
def test_a_mutated_scenario_is_refused_with_lines_or_starts(base, rng, edits):
    outcome, detail = _outcome(mutate(SMALL_BASES[base], rng, edits))
    assert outcome in ("valid", "refused"), detail


def _leaves(node, path=()):
    """Paths of the scalar values of the file, with the value found there."""
    if isinstance(node, dict):
        return [leaf for k, v in node.items() for leaf in _leaves(v, path + (k,))]
    if isinstance(node, list):
        return [leaf for i, v in enumerate(node) for leaf in _leaves(v, path + (i,))]
    return [(path, node)]


LEAVES = _leaves(SMALL_DATA)
#: The numbers (costs, strengths, grid sizes, turns) are where a file can be valid and still hostile.
NUMBERS = [(p, v) for p, v in LEAVES if isinstance(v, (int, float)) and not isinstance(v, bool)]


def _value_like(value):
    """Any value of the type the file has at this place (the schema's type), limits included."""
    if isinstance(value, bool):
        return st.booleans()
    if isinstance(value, int):
        return st.one_of(st.integers(), st.integers(-(10**40), 10**40), st.sampled_from([-1, 0, 10**6]))
    if isinstance(value, float):
        return st.floats(allow_nan=True, allow_infinity=True)
    return st.text(max_size=12)


@st.composite
def _small_with_one_value(draw):
    data = copy.deepcopy(SMALL_DATA)
    path, value = draw(st.sampled_from(NUMBERS) if draw(st.integers(0, 3)) else st.sampled_from(LEAVES))
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = draw(_value_like(value))
    return dump(data)


@settings(PROPERTY, max_examples=35)
@given(text=_small_with_one_value())
def test_any_value_of_the_schema_type_is_refused_with_a_line_or_starts(text):
    outcome, detail = _outcome(text)
    assert outcome in ("valid", "refused"), detail


@settings(PROPERTY, max_examples=60)
@given(at=st.floats(0, 1), junk=st.binary(min_size=1, max_size=40))
def test_hostile_bytes_anywhere_in_a_file_give_located_problems(at, junk):
    raw = SMALL_BASES["small.yaml"].encode("utf-8")
    pos = int(at * len(raw))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bytes.yaml"
        path.write_bytes(raw[:pos] + junk + raw[pos:])
        try:
            load_scenario(path)
        except ScenarioError as exc:
            assert exc.problems and all(LOCATED.match(str(p)) for p in exc.problems), exc.problems


@settings(PROPERTY, max_examples=4)
@given(rng=st.randoms(use_true_random=False))
def test_the_shipped_scenario_mutated_loads_or_gives_located_problems(rng):
    content = mutate(SHIPPED, rng, 2)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "shipped.yaml"
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8", "surrogatepass"))
        try:
            load_scenario(path)
        except ScenarioError as exc:
            assert all(LOCATED.match(str(p)) for p in exc.problems), exc.problems


# ----------------------------------------------------------------------------- saves

_GAME = engine.new_game(DATA / "small.yaml", 5)
for _ in range(3):
    _GAME.apply(EndPhase())
with tempfile.TemporaryDirectory() as _folder:
    engine.save(_GAME, Path(_folder) / "g.ksave")
    SAVE = json.loads((Path(_folder) / "g.ksave").read_text(encoding="utf-8"))
CORE = {k: SAVE["snapshot"][k] for k in ("turn", "phase_index", "terminal", "units", "at", "pending", "rng")}
SAVE_LEAVES = [(("snapshot",) + p, v) for p, v in _leaves(CORE)] + [((k,), SAVE[k]) for k in ("seed", "setup", "scenario_id", "version")]
JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=6),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3), max_leaves=6)


@st.composite
def _damaged_save(draw):
    data = copy.deepcopy(SAVE)
    path, value = draw(st.sampled_from(SAVE_LEAVES))
    node = data
    for key in path[:-1]:
        node = node[key]
    kind = draw(st.sampled_from(["same-type", "any", "drop"]))
    if kind == "drop" and isinstance(node, dict):
        del node[path[-1]]
    elif kind == "same-type":
        node[path[-1]] = draw(_value_like(value) if not isinstance(value, float) else st.floats(allow_nan=False))
    else:
        node[path[-1]] = draw(JSON_VALUES)
    if isinstance(data.get("snapshot"), dict):
        data["snapshot_sha256"] = snapshot_checksum(data["snapshot"])  # so the position itself is checked
    return data


@settings(PROPERTY, max_examples=60)
@given(data=_damaged_save())
def test_a_damaged_save_is_refused_or_opens_a_playable_game(data):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "damaged.ksave"
        path.write_text(json.dumps(data), encoding="utf-8")
        try:
            state = engine.load(path)
        except SaveError as exc:
            assert str(exc).startswith(f"{path}: ")
            return
        state.legal_actions()
        for unit in list(state.units)[:3]:
            state.legal_moves([unit])
        assert state.to_dict() == json.loads(json.dumps(state.to_dict()))


def test_the_drawn_saves_start_from_a_save_that_opens():
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "g.ksave"
        path.write_text(json.dumps(SAVE), encoding="utf-8")
        assert engine.load(path) == _GAME


@pytest.mark.parametrize("name", sorted(SMALL_BASES))
def test_the_unmutated_bases_are_valid_and_start(name):
    outcome, detail = _outcome(SMALL_BASES[name])
    assert outcome == "valid", detail


# ----------------------------------------------------------------------------- known hostile files

BASIC = SMALL_BASES["k42-basic.yaml"]
BOMB = "".join(
    [f"a0: &a0 [{', '.join(['x'] * 9)}]\n"] + [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]\n" for i in range(1, 9)]
)

# (case, the file's text, the line the first problem must name, words of its message)
HOSTILE_TEXTS = [
    ("alias-bomb", BOMB + BASIC, 7, "expands to more than"),
    ("recursive-alias", BASIC + "loop: &loop [1, *loop]\n", BASIC.count("\n") + 1, "recursive alias"),
    ("deep-nesting", BASIC + "deep: " + "[" * 5000 + "]" * 5000 + "\n", BASIC.count("\n") + 1, "nest"),
    ("nul-byte", BASIC.replace("title:", "\x00title:", 1), BASIC[: BASIC.index("title:")].count("\n") + 1, "NUL byte"),
    ("control-character", BASIC.replace("title:", "\x07title:", 1), BASIC[: BASIC.index("title:")].count("\n") + 1, "control character"),
    ("integer-past-the-digit-limit", BASIC + "big: " + "9" * 5000 + "\n", BASIC.count("\n") + 1, "too long"),
]


@pytest.mark.parametrize("case", HOSTILE_TEXTS, ids=[c[0] for c in HOSTILE_TEXTS])
def test_a_hostile_file_is_refused_at_its_line_with_bounded_work(case, tmp_path):
    _, text, line, words = case
    path = tmp_path / "hostile.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as refused:
        load_scenario(path)
    first = str(refused.value.problems[0])
    assert first.startswith(f"{path}:{line}: ") and words in first, first


def test_bad_utf8_is_refused_at_its_line(tmp_path):
    raw = BASIC.encode("utf-8")
    at = raw.index(b"title:")
    path = tmp_path / "latin1.yaml"
    path.write_bytes(raw[:at] + b"\xe9" + raw[at:])
    with pytest.raises(ScenarioError) as refused:
        load_scenario(path)
    line = raw[:at].count(b"\n") + 1
    assert str(refused.value.problems[0]).startswith(f"{path}:{line}: (file): not UTF-8")


# (case, replace this in k42-basic.yaml, with this, words of the refusal)
UNRUNNABLE = [
    ("negative-cost", "clear: {cost: {infantry: 1,", "clear: {cost: {infantry: -3,", "between 0 and 99, got -3"),
    ("huge-cost", "clear: {cost: {infantry: 1,", "clear: {cost: {infantry: 1000000,", "between 0 and 99"),
    ("infinite-cost", "clear: {cost: {infantry: 1,", "clear: {cost: {infantry: .inf,", "finite number"),
    ("cost-not-in-half-mp", "clear: {cost: {infantry: 1,", "clear: {cost: {infantry: 0.3,", "6.3: movement costs are counted in half"),
    ("class-without-cost", "clear: {cost: {infantry: 1, mobile: 1, hq: 1}}", "clear: {cost: {infantry: 1, mobile: 1}}", "no cost for movement class 'hq'"),
    ("negative-extra-cost", "minor_river: {extra_cost: {infantry: 1,", "minor_river: {extra_cost: {infantry: -1,", "between 0 and 99"),
    ("infinite-coordinate", "points: [[10.1, 0.0], [10.1, 17.0]]", "points: [[10.1, 0.0], [.inf, 17.0]]", "finite number"),
    ("huge-coordinate", "points: [[10.1, 0.0], [10.1, 17.0]]", "points: [[10.1, 0.0], [1.0e+300, 17.0]]", "a coordinate must be between"),
    ("huge-command-radius", "command_radius: 4,", "command_radius: 1000000000,", "command radius must be between"),
    ("huge-untried-pool", "movement: 7, count: 2}", "movement: 7, count: 100000000000}", "a number of counters must be between"),
]


@pytest.mark.parametrize("case", UNRUNNABLE, ids=[c[0] for c in UNRUNNABLE])
def test_what_the_engine_cannot_run_is_refused_by_validate(case, tmp_path):
    _, old, new, words = case
    assert old in BASIC, f"test setup: {old!r} not in k42-basic.yaml"
    text = BASIC.replace(old, new, 1)
    path = tmp_path / "unrunnable.yaml"
    path.write_text(text, encoding="utf-8")
    line = text[: text.index(new)].count("\n") + 1
    with pytest.raises(ScenarioError) as refused:
        load_scenario(path)
    assert any(str(p).startswith(f"{path}:{line}: ") and words in str(p) for p in refused.value.problems), refused.value.problems


def test_a_rule_system_not_implemented_yet_is_refused(tmp_path, monkeypatch):
    import kharkovsuite.rules as registry

    monkeypatch.setitem(registry.KNOWN_SYSTEMS, "future", "kharkovsuite.rules.future")  # listed, no package
    text = BASIC.replace("rules: kharkov1942", "rules: future", 1)
    path = tmp_path / "future.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as refused:
        load_scenario(path)
    line = text[: text.index("rules: future")].count("\n") + 1
    assert any(str(p).startswith(f"{path}:{line}: rules: ") and "not implemented yet" in str(p) for p in refused.value.problems)


def test_text_that_cannot_be_utf8_is_refused_at_its_line():
    from kharkovsuite.scenario import loads_scenario

    with pytest.raises(ScenarioError) as refused:
        loads_scenario("format: kharkovsuite-scenario/1\ntitle: '\udcff'\n", "edited.yaml")
    assert str(refused.value.problems[0]).startswith("edited.yaml:2: (file): ")


@pytest.mark.parametrize("case", HOSTILE_TEXTS, ids=[c[0] for c in HOSTILE_TEXTS])
def test_the_pure_python_parser_has_the_same_limits(case, tmp_path, monkeypatch):
    from kharkovsuite.scenario import yamlio

    monkeypatch.setattr(yamlio, "FastLoader", yamlio.Loader)  # as on a PyYAML built without libyaml
    test_a_hostile_file_is_refused_at_its_line_with_bounded_work(case, tmp_path)


def test_validate_exits_1_with_located_problems_for_every_hostile_file(tmp_path, capsys):
    from kharkovsuite.cli import main

    paths = []
    for name, text, _, _ in HOSTILE_TEXTS:
        paths.append(tmp_path / f"{name}.yaml")
        paths[-1].write_text(text, encoding="utf-8")
    assert main(["validate", *map(str, paths)]) == 1
    out = capsys.readouterr()
    assert "internal error" not in out.err and "Traceback" not in out.out + out.err
    printed = out.out.splitlines()
    for path in paths:
        assert any(re.match(rf"{re.escape(str(path))}:\d+: ", line) for line in printed), path

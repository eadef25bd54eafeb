"""Every refusal names its rule case (house rule; 4.0 onwards): each ``IllegalAction`` the engine
and the ``kharkov1942`` rule system raise cites a case that has an anchor in the rules reference
``docs/rules/kharkov-1942.md``, so the player's Help can open it."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from kharkovsuite.rules.kharkov1942 import sequence, setup

ROOT = Path(__file__).resolve().parents[3]
SOURCES = sorted((ROOT / "kharkovsuite" / "rules" / "kharkov1942").glob("*.py")) + sorted(
    (ROOT / "kharkovsuite" / "engine").glob("*.py"))
#: case expressions that are not literals, each checked below
COMPUTED = {"case", "phase.case", "decision.case", "SETUP_CASE[side]", "_why_not(state, rec)"}
#: functions whose returned cases feed refusals
CASE_FUNCTIONS = {"_why_not", "_why_bad_retreat"}


def anchors() -> set[str]:
    text = (ROOT / "docs" / "rules" / "kharkov-1942.md").read_text(encoding="utf-8")
    return set(re.findall(r'id="case-([^"]+)"', text))


def refusals():
    """(file, line, case expression) of every IllegalAction raised."""
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalAction" and node.args:
                yield path.name, node.lineno, node.args[0]


def returned_cases():
    for path in SOURCES:
        for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(fn, ast.FunctionDef) and fn.name in CASE_FUNCTIONS:
                for ret in ast.walk(fn):
                    if isinstance(ret, ast.Return) and ret.value is not None:
                        value = ret.value.elts[0] if isinstance(ret.value, ast.Tuple) else ret.value
                        if isinstance(value, ast.Constant):
                            yield path.name, ret.lineno, value.value


def test_every_refusal_cites_a_case_of_the_reference():
    known = anchors()
    found, bad = 0, []
    for name, line, arg in refusals():
        found += 1
        if isinstance(arg, ast.IfExp) and isinstance(arg.body, ast.Constant) and isinstance(arg.orelse, ast.Constant):
            bad += [f"{name}:{line}: {c.value!r}" for c in (arg.body, arg.orelse) if c.value not in known]
        elif isinstance(arg, ast.Constant):
            if arg.value not in known:
                bad.append(f"{name}:{line}: {arg.value!r}")
        elif isinstance(arg, ast.Starred):
            if ast.unparse(arg.value).split("(")[0] not in CASE_FUNCTIONS:
                bad.append(f"{name}:{line}: *{ast.unparse(arg.value)}")
        elif ast.unparse(arg) not in COMPUTED:
            bad.append(f"{name}:{line}: {ast.unparse(arg)}")
    assert found > 100
    assert bad == []


def test_computed_refusal_cases_are_cases_of_the_reference():
    known = anchors()
    computed = set(sequence.REFUSED.values()) | {p.case for p in sequence.PHASES} | {sequence.GAME_OVER.case}
    computed |= set(setup.SETUP_CASE.values()) | {p.case for p in setup.SETUP_PHASES.values()}
    computed |= {case for _name, _line, case in returned_cases()}
    assert len(computed) > 10
    assert sorted(computed - known) == []


def test_every_pending_decision_names_a_case_of_the_reference():
    known = anchors()
    cases = []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Decision" and len(node.args) >= 3:
                if isinstance(node.args[2], ast.Constant):
                    cases.append(node.args[2].value)
    assert len(cases) >= 7
    assert sorted(set(cases) - known) == []

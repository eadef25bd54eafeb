"""Kirovograd rule tests: each test builds its own boards and charts in mutmut's stats run.

mutmut runs a mutant against the tests that reached the mutated function in its stats run, one
process for every test (docs/mutation.md, Kirovograd). The board of a scenario and the combat
results table are built once per scenario object and kept (``engine.boards.PerScenario``), and the
helpers keep the scenario, the table and the parsed data: in one process only the first test to
ask built them, so the code that builds them was recorded as reached by that test alone, and a
mutant of it never met the tests that read the tables. In the stats run (mutmut sets
``MUTANT_UNDER_TEST`` to ``stats``) every test starts with those kept tables dropped, so each test
that uses a table is recorded against the code that builds it.

mutmut then forks each mutant's worker from its main process, which has run the tests and keeps
what they built: a mutant of the code that builds a board would meet the board built without it.
So a mutant's test session drops the kept tables once, at its start, and its first test builds
them with the mutant on. Outside mutmut's runs nothing changes.
"""
from __future__ import annotations

import os
import re
import sys

import pytest

from kharkovsuite.engine.boards import PerScenario

#: The helpers' kept values built by rule code (the scenario file's loading is not rule code and
#: stays kept: a new scenario object would only cost a reload).
_HELPER_CACHES = {"kiro2_helpers": ("data", "crt", "game_map")}


def drop_kept_tables() -> int:
    """Forget every board and chart the Kirovograd rules keep per scenario; the number dropped."""
    dropped = 0
    for name, module in list(sys.modules.items()):
        if not name.startswith("kharkovsuite.rules.kirovograd"):
            continue
        for value in list(vars(module).values()):
            if isinstance(value, PerScenario):
                dropped += len(value._boards)
                value._boards.clear()
    for name, module in list(sys.modules.items()):
        short = name.rpartition(".")[2]
        for function in _HELPER_CACHES.get(short, ()):
            cached = getattr(module, function, None)
            if cached is not None and hasattr(cached, "cache_clear"):
                dropped += cached.cache_info().currsize
                cached.cache_clear()
    return dropped


@pytest.fixture(autouse=True, scope="session")
def _a_mutant_builds_its_own_tables():
    if os.environ.get("MUTANT_UNDER_TEST") not in (None, "", "stats"):
        drop_kept_tables()
    yield


@pytest.fixture(autouse=True)
def _each_test_builds_its_tables_in_the_stats_run():
    if os.environ.get("MUTANT_UNDER_TEST") == "stats":
        drop_kept_tables()
    yield


#: A Kirovograd rule case as its rulebook numbers it (1.0): numbers and dots, then at most one capital
#: letter (perhaps with a number, 4.B, 28.10.4A) and one lower-case sub-case after a dot (6.2.4A.a), a
#: range of letters or cases (28.2D-E, 15.4A-C), several joined by commas or "and".  The engine's own
#: check (``engine.errors.CASE``) is wider, for every rule system; this one is the Kirovograd rulebook's.
_ONE_CASE = r"\d+(?:\.\d+)*(?:\.?[A-Z]\d*)?(?:\.[a-z])?(?:-(?:[A-Z]|\d+(?:\.\d+)*[A-Z]?))?"
KIROVOGRAD_CASE = re.compile(rf"{_ONE_CASE}(?:(?:, | and |,? ){_ONE_CASE})*")


def is_kirovograd_case(text) -> bool:
    return isinstance(text, str) and KIROVOGRAD_CASE.fullmatch(text) is not None


@pytest.fixture(autouse=True)
def _every_case_named_reads_as_the_rulebook_numbers_it(monkeypatch):
    """Every refusal, event and decision of a Kirovograd test names its case as the rulebook does:
    ``28.11a`` for 28.11A, or ``6.2.4A.A`` for 6.2.4A.a, is refused where it is made (a TypeError, as the
    engine refuses a refusal with no case), so a test reaching it fails whatever it checks."""
    from kharkovsuite.engine import errors, events, state

    for module in (errors, events, state):
        monkeypatch.setattr(module, "is_case", is_kirovograd_case)
    yield

"""tools/mutation_summary.py sums up the mutation runs of the system it is asked about (docs/mutation.md)."""

from tests.toolload import load_tool

summary = load_tool("mutation_summary")

RESULTS = """\
    kharkovsuite.rules.kharkov1942.odds.x_column__mutmut_1: killed
    kharkovsuite.rules.kharkov1943.odds.x_odds_column__mutmut_1: killed
    kharkovsuite.rules.kharkov1943.odds.x_odds_column__mutmut_2: survived
    kharkovsuite.rules.kharkov1943.odds.x_odds_column__mutmut_3: survived
    kharkovsuite.rules.kharkov1943.x_load__mutmut_1: not checked
    kharkovsuite.rules.kirovograd.odds.x_column__mutmut_1: timeout
"""


def test_each_system_reads_only_the_mutants_of_its_own_package():
    assert list(summary.read_results(RESULTS)) == ["kharkovsuite.rules.kharkov1942.odds.x_column__mutmut_1"]
    assert sorted(summary.read_results(RESULTS, "kharkov1943")) == [
        "kharkovsuite.rules.kharkov1943.odds.x_odds_column__mutmut_1",
        "kharkovsuite.rules.kharkov1943.odds.x_odds_column__mutmut_2",
        "kharkovsuite.rules.kharkov1943.odds.x_odds_column__mutmut_3",
        "kharkovsuite.rules.kharkov1943.x_load__mutmut_1",
    ]


def test_a_systems_rows_are_its_modules_with_equivalent_survivors_left_out_of_the_score():
    results = summary.read_results(RESULTS, "kharkov1943")
    rows = summary.table(results, {"kharkovsuite.rules.kharkov1943.odds.x_odds_column__mutmut_3"}, "kharkov1943")
    assert rows[2:] == [
        "| __init__ | 0 | 0 | 0 | 0 | 0 | 1 | — |",
        "| odds | 1 | 1 | 0 | 0 | 1 | 0 | 50.0% |",
        "| **all run** | 1 | 1 | 0 | 0 | 1 | 1 | 50.0% |",
    ]


def test_a_mutant_is_put_in_its_module_whatever_the_length_of_its_systems_name():
    assert summary.module_of("kharkovsuite.rules.kirovograd.odds.x_column__mutmut_1", "kirovograd") == "odds"
    assert summary.module_of("kharkovsuite.rules.kirovograd.x_load__mutmut_1", "kirovograd") == "__init__"

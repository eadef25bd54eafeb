"""tools/mutation_sample.py draws a reproducible random sample of the mutants not run and estimates
the package score from it (docs/mutation.md)."""
import importlib.util
import sys

import pytest

from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
_spec = importlib.util.spec_from_file_location("mutation_sample", ROOT / "tools" / "mutation_sample.py")
sampler = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(sampler)

P = "kharkovsuite.rules.kharkov1943."


def results(**by_module):
    """{name: status}: for each module, a list of statuses, named x_f__mutmut_1, 2, ..."""
    return {f"{P}{m}.x_f__mutmut_{i}": s for m, statuses in by_module.items() for i, s in enumerate(statuses, 1)}


def test_a_draw_takes_only_unrun_mutants_of_the_chosen_modules_and_is_reproducible(tmp_path):
    res = results(odds=["killed"] * 3 + ["not checked"] * 20, combat=["not checked"] * 30, hq=["not checked"] * 5)
    one = sampler.Sample("kharkov1943", tmp_path / "a")
    two = sampler.Sample("kharkov1943", tmp_path / "b")
    first = sampler.draw(one, res, 10, 7, {"odds", "combat"})
    assert first == sampler.draw(two, res, 10, 7, {"odds", "combat"})
    assert all(res[n] == "not checked" and ".hq." not in n for n in first)
    assert one.population == {"odds": 20, "combat": 30}
    again = sampler.Sample("kharkov1943", tmp_path / "a")
    assert sorted(again.names) == sorted(first) and dict(again.population) == {"odds": 20, "combat": 30}


def test_a_later_draw_adds_only_members_not_yet_sampled_and_keeps_the_population(tmp_path):
    res = results(odds=["not checked"] * 12)
    sample = sampler.Sample("kharkov1943", tmp_path)
    first = sampler.draw(sample, res, 5, 1, None)
    for name in first:
        res[name] = "killed"
    second = sampler.draw(sample, res, 7, 2, None)
    assert not set(first) & set(second)
    assert len(sampler.Sample("kharkov1943", tmp_path).names) == 12
    with pytest.raises(SystemExit, match="only 0 mutants"):
        sampler.draw(sample, res, 1, 3, None)


def test_the_estimate_counts_the_run_mutants_whole_and_carries_the_sample_rate_to_its_population(tmp_path):
    # 100 run whole (90 killed, 10 survived); a population of 1000 sampled with 20: 15 killed,
    # 4 survived, 1 equivalent. The population's behaviour-changing mutants: 1000 * 19 / 20 = 950,
    # of which 15/19 killed: (90 + 950 * 15/19) / (100 + 950) = 840 / 1050 = 80.0 %.
    res = results(odds=["killed"] * 90 + ["survived"] * 10, combat=["not checked"] * 1000)
    sample = sampler.Sample("kharkov1943", tmp_path)
    drawn = sampler.draw(sample, res, 20, 4, None)
    for i, name in enumerate(drawn):
        res[name] = "killed" if i < 15 else "survived"
    text = "\n".join(sampler.score(sample, res, equivalent={drawn[-1]}))
    assert "Sample: 20 of 20 drawn have a result, from a population of 1000: 15 killed, 4 survived, 1 equivalent." in text
    assert "**Package estimate: 80.0 %" in text
    low, high = sampler.wilson(15, 19)
    assert f"{100 * (90 + 950 * low) / 1050:.1f}-{100 * (90 + 950 * high) / 1050:.1f} %" in text


def test_wilson_interval_holds_the_rate_and_narrows_with_the_sample():
    low, high = sampler.wilson(95, 100)
    assert low < 0.95 < high
    low2, high2 = sampler.wilson(950, 1000)
    assert low < low2 < 0.95 < high2 < high


def test_a_sample_file_naming_another_systems_mutant_is_refused_with_its_line(tmp_path):
    (tmp_path / "kharkov1943.txt").write_text("# population odds 3\nkharkovsuite.rules.kirovograd.x__mutmut_1\n")
    with pytest.raises(SystemExit, match=r"kharkov1943.txt:2: not a mutant of kharkov1943"):
        sampler.Sample("kharkov1943", tmp_path)


def test_modules_recorded_as_run_whole_count_from_the_file_and_not_from_mutmut(tmp_path):
    (tmp_path / "kharkov1943.txt").write_text(
        "# population combat 10\n# whole odds 90 10 5\n"
        + "\n".join(f"{P}combat.x_f__mutmut_{i}" for i in range(1, 11)) + "\n")
    sample = sampler.Sample("kharkov1943", tmp_path)
    res = results(odds=["not checked"] * 105, combat=["killed"] * 10)
    text = "\n".join(sampler.score(sample, res, equivalent=set()))
    assert "| odds | 90 | 10 | 5 | 0 |" in text
    # (90 + 10 * 10/10) / (100 + 10) = 100 / 110
    assert "**Package estimate: 90.9 %" in text
    sample.write()
    assert "# whole odds 90 10 5" in (tmp_path / "kharkov1943.txt").read_text()


def test_a_score_of_some_modules_counts_only_their_runs_and_their_share_of_the_population(tmp_path):
    res = results(odds=["not checked"] * 10, combat=["not checked"] * 10)
    sample = sampler.Sample("kharkov1943", tmp_path, label="part1")
    assert sample.path.name == "kharkov1943-part1.txt"
    for name in sampler.draw(sample, res, 20, 1, None):
        res[name] = "survived" if ".combat." in name else "killed"
    text = "\n".join(sampler.score(sample, res, set(), modules={"odds"}))
    assert "from a population of 10: 10 killed, 0 survived" in text and "| combat |" not in text
    assert "**Package estimate: 100.0 %" in text


def test_a_draw_leaves_out_the_mutants_of_earlier_samples_and_records_the_rules_commit(tmp_path):
    res = results(odds=["not checked"] * 10)
    earlier = {f"{P}odds.x_f__mutmut_{i}" for i in (1, 2, 3)}
    sample = sampler.Sample("kharkov1943", tmp_path)
    drawn = sampler.draw(sample, res, 7, 1, None, besides=earlier, commit="abc123")
    assert set(drawn) == set(res) - earlier and sample.population == {"odds": 7}
    again = sampler.Sample("kharkov1943", tmp_path)
    assert again.draws == ["7 with seed 1 from the rules at abc123"]
    assert sampler.rules_commit("kharkov1943").split("+")[0] == sampler.rules_commit("kirovograd").split("+")[0] != ""


def test_a_score_reads_results_kept_in_files_where_a_later_files_line_wins(tmp_path, monkeypatch, capsys):
    """A run folder goes with its worktree: a sample's results kept in files score the same way."""
    def no_run_folder(system):
        raise AssertionError("the run folder was read")

    monkeypatch.setattr(sampler.summary, "mutmut_results", no_run_folder)
    names = sampler.Sample("kharkov1943", label="after4").names
    first, second = tmp_path / "first.txt", tmp_path / "second.txt"
    first.write_text("# killed, all of them\n" + "".join(f"    {n}: killed\n" for n in names))
    second.write_text(f"    {names[0]}: survived\n")
    assert sampler.main(["kharkov1943", "--sample", "after4", "score", "--results", str(first), "--results", str(second)]) == 0
    assert "Sample: 90 of 90 drawn have a result, from a population of 12946: 89 killed, 1 survived, 0 equivalent." in capsys.readouterr().out


def test_a_draw_limited_to_functions_takes_only_their_mutants_and_a_later_draw_keeps_to_them(tmp_path):
    res = {f"{P}odds.x_column__mutmut_{i}": "not checked" for i in range(1, 6)}
    res.update({f"{P}odds.x__shift__mutmut_{i}": "not checked" for i in range(1, 4)})
    res.update({f"{P}odds.xǁTableǁrow__mutmut_{i}": "not checked" for i in range(1, 3)})
    res.update({f"{P}combat.x_column__mutmut_{i}": "not checked" for i in range(1, 4)})
    assert [sampler.function_of(n, "kharkov1943") for n in (f"{P}odds.x__shift__mutmut_2", f"{P}odds.xǁTableǁrow__mutmut_1",
                                                            f"{P}x_helper__mutmut_3")] == ["odds._shift", "odds.Table.row", "__init__.helper"]
    sample = sampler.Sample("kharkov1943", tmp_path, label="fix")
    first = sampler.draw(sample, res, 4, 1, None, functions={"odds._shift", "odds.Table.row"})
    assert sample.population == {"odds": 5} and all("_shift" in n or "row" in n for n in first)
    again = sampler.Sample("kharkov1943", tmp_path, label="fix")
    assert again.functions == ["odds.Table.row", "odds._shift"]
    members = {f"{P}odds.x__shift__mutmut_{i}" for i in range(1, 4)} | {f"{P}odds.xǁTableǁrow__mutmut_{i}" for i in range(1, 3)}
    assert set(sampler.draw(again, res, 1, 2, None)) == members - set(first)
    with pytest.raises(SystemExit, match="only 0 mutants"):
        sampler.draw(again, res, 1, 3, None)
    with pytest.raises(SystemExit, match="--functions apply to it only"):
        sampler.draw(again, res, 1, 3, None, functions={"odds.column"})

"""The Kharkov 1943 rules reference stays true: cited tests exist, no rulebook text is copied."""
import re

from tests.test_rules_docs import ROOT, defined_tests, words

DOC = ROOT / "docs" / "rules" / "kharkov-1943.md"
RULEBOOK = ROOT.parent / "shared" / "rules" / "kharkov-1943.txt"


def test_k43_every_cited_test_exists():
    cited = set(re.findall(r"\btest_\w+", DOC.read_text(encoding="utf-8")))
    assert cited
    assert sorted(cited - defined_tests()) == []


def test_k43_every_section_of_the_rulebook_has_a_row():
    text = DOC.read_text(encoding="utf-8")
    for section in ("1.1", "2.1a", "2.2b", "3.2", "3.5c", "4.2g", "5c", "6.4", "6.6", "7.7", "8.2", "9.4", "10.3", "11.2", "12", "13.3", "14.3b", "15.2", "16.2", "18.2"):
        assert f'<a id="case-{section}"></a>' in text, section


def test_k43_no_run_of_eight_words_is_copied_from_the_rulebook():
    assert RULEBOOK.exists()
    book = words(RULEBOOK.read_text(encoding="utf-8"))
    shingles = {tuple(book[i : i + 8]) for i in range(len(book) - 7)}
    copied = []
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        w = words(re.sub(r"\btest_\w+", " ", line))
        copied += [" ".join(w[i : i + 8]) for i in range(len(w) - 7) if tuple(w[i : i + 8]) in shingles]
    assert copied == []

"""The Kirovograd rules reference stays true: every case of 3-13 and 23 has a row, cited tests
exist, no rulebook text is copied."""
import re

from tests.test_rules_docs import ROOT, defined_tests, words

DOC = ROOT / "docs" / "rules" / "kirovograd.md"
RULEBOOK = ROOT.parent / "shared" / "rules" / "kirovograd.txt"


def _cases_of_part_one() -> list[str]:
    """Every numbered case and lettered paragraph of 3.0-13.0 and 23.0 in the rulebook: a
    lettered paragraph as ``6.2.1A`` (``4.A`` under a whole section), a numbered case when it has
    neither lettered paragraphs nor numbered cases under it."""
    text = RULEBOOK.read_text(encoding="utf-8")
    body = text[text.index("\n3.0 Turn Sequence"):text.index("\n14.0 Combat")] + text[text.index("\n23.0 Night"):text.index("\n24.0 Reinforcements")]
    letters: dict[str, list[str]] = {}
    for line in body.splitlines():
        m = re.match(r"^(\d+(?:\.\d+)+)\s", line)
        if m:
            section = m.group(1)
            letters[section] = []
            continue
        m = re.match(r"^([A-H])\.\s", line)
        if m and letters:
            letters[section].append(m.group(1))
    out = []
    for section, found in letters.items():
        base = section[:-2] if section.endswith(".0") else section
        if found:
            out += [f"{base}.{x}" if section.endswith(".0") else f"{section}{x}" for x in found]
        elif not any(other.startswith(base + ".") for other in letters if other != section):
            out.append(section)
    return out


def test_kiro_every_case_of_part_one_has_a_row():
    text = DOC.read_text(encoding="utf-8")
    cases = _cases_of_part_one()
    assert len(cases) > 150
    missing = [c for c in cases if f'<a id="case-{c}"></a>' not in text]
    assert missing == []


def test_kiro_every_cited_test_exists():
    cited = set(re.findall(r"\btest_\w+", DOC.read_text(encoding="utf-8")))
    assert cited
    assert sorted(cited - defined_tests()) == []


def test_kiro_no_run_of_eight_words_is_copied_from_the_rulebook():
    book = words(RULEBOOK.read_text(encoding="utf-8"))
    shingles = {tuple(book[i : i + 8]) for i in range(len(book) - 7)}
    copied = []
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        w = words(re.sub(r"\btest_\w+", " ", line))
        copied += [" ".join(w[i : i + 8]) for i in range(len(w) - 7) if tuple(w[i : i + 8]) in shingles]
    assert copied == []

"""The rules reference stays true: cited tests exist, and no rulebook text is copied."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "rules" / "kharkov-1942.md"
RULEBOOK = ROOT.parent / "shared" / "rules" / "kharkov-1942.txt"


def defined_tests() -> set[str]:
    names = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        names.update(re.findall(r"^\s*def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    return names


def test_every_cited_test_exists():
    cited = set(re.findall(r"\btest_\w+", DOC.read_text(encoding="utf-8")))
    missing = sorted(cited - defined_tests())
    assert cited, "the reference cites no tests"
    assert missing == [], f"cited in {DOC.name} but not defined: {missing}"


def test_every_case_has_an_anchor():
    text = DOC.read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if re.match(r"^\| \d", line) and line.count(" | ") == 3]
    assert len(rows) > 200
    assert all('<a id="case-' in row for row in rows)


def words(text: str) -> list[str]:
    return re.sub(r"[^a-z0-9 ]+", " ", text.lower()).split()


def test_no_run_of_eight_words_is_copied_from_the_rulebook():
    assert RULEBOOK.exists(), f"the rulebook is expected beside the checkout at {RULEBOOK} (shared/ as CI lays it)"
    book = words(RULEBOOK.read_text(encoding="utf-8"))
    shingles = {tuple(book[i : i + 8]) for i in range(len(book) - 7)}
    ours = DOC.read_text(encoding="utf-8")
    copied = []
    for line in ours.splitlines():
        if line.startswith("#"):
            continue  # section titles are the rulebook's names for its sections
        w = words(re.sub(r"\btest_\w+", " ", line))  # test names are identifiers, not prose
        for i in range(len(w) - 7):
            run = tuple(w[i : i + 8])
            # Tables of numbers and result codes are facts, not prose.
            if run in shingles and sum(word.isalpha() and len(word) > 2 for word in run) >= 4:
                copied.append(" ".join(run))
    assert copied == [], f"text copied from the rulebook: {copied[:5]}"

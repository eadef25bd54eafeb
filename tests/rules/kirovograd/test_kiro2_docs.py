"""The combat half of the Kirovograd rules reference (one file with part 1) stays true: every case
of 14-22 and 24-27 has a row, cited tests and modules exist, no rulebook text is copied."""
import re

from tests.test_rules_docs import ROOT, defined_tests, words

DOC = ROOT / "docs" / "rules" / "kirovograd.md"  # the one reference, part 1 and the combat half
RULEBOOK = ROOT.parent / "shared" / "rules" / "kirovograd.txt"
SECTIONS = {14, 15, 16, 17, 18, 19, 20, 21, 22, 24, 25, 26, 27}


def rulebook_cases() -> set[str]:
    """The cases of part 2's sections: every lettered paragraph that opens a line, and every
    numbered case that has text of its own but no lettered paragraphs."""
    cases: set[str] = set()
    body: dict[str, bool] = {}
    current = None
    for line in RULEBOOK.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^(\d+)\.(\d+(?:\.\d+)?) \S", line)
        if m and int(m[1]) <= 31:
            current = f"{m[1]}.{m[2]}" if int(m[1]) in SECTIONS else None
            if current:
                body[current] = False
            continue
        if not current or not line.strip():
            continue
        letter = re.match(r"^([A-K])\. ", line)
        if letter:
            cases.add(current + letter[1])
        else:
            body[current] = True
    lettered = {c.rstrip("ABCDEFGHIJK") for c in cases}
    return cases | {c for c, has_text in body.items() if has_text and c not in lettered}


def test_kiro2_every_case_of_the_combat_half_has_a_row():
    text = DOC.read_text(encoding="utf-8")
    anchors = set(re.findall(r'<a id="case-([^"]+)"></a>', text))
    found = rulebook_cases()
    assert len(found) > 150
    assert sorted(found - anchors) == []


def test_kiro2_every_cited_test_and_module_exists():
    text = DOC.read_text(encoding="utf-8")
    cited = set(re.findall(r"\btest_\w+", text))
    assert cited and sorted(cited - defined_tests()) == []
    package = ROOT / "kharkovsuite" / "rules" / "kirovograd"
    for module, name in set(re.findall(r"\b(combat|losses|retreat|advance|artillery|hq_support|settle|reinforcements|replacements|victory|setup|declare|units|data|known|checks|fight|boardview)\.(\w+)", text)):
        if name == "py":
            continue  # a file name, checked by reading it
        source = (package / f"{module}.py").read_text(encoding="utf-8")
        assert re.search(rf"\b(def|class) {name}\b|^{name}\b|\b{name}\s*[:=]", source, re.M), f"{module}.{name}"


def test_kiro2_no_run_of_eight_words_is_copied_from_the_rulebook():
    book = words(RULEBOOK.read_text(encoding="utf-8"))
    shingles = {tuple(book[i : i + 8]) for i in range(len(book) - 7)}
    copied = []
    for line in DOC.read_text(encoding="utf-8").splitlines():
        w = words(re.sub(r"\btest_\w+", " ", line))
        copied += [" ".join(w[i : i + 8]) for i in range(len(w) - 7) if tuple(w[i : i + 8]) in shingles]
    assert copied == []

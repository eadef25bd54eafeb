"""Per-module mutation score of one rule system, from mutmut's results (docs/mutation.md).

Run after the system's mutation runs, in the project root:

    python tools/mutation_summary.py                          # Kharkov 1942 (mutmut in the root)
    python tools/mutation_summary.py --system kharkov1943     # a system run by tools/mutate.py

It reads ``python tools/mutate.py SYSTEM results --all true`` (for Kharkov 1942 the same as
``mutmut results --all true`` in the root) and the mutants judged equivalent in docs/mutation.md
(lines ``- `<mutant name>`: why``, each name carrying its system's package), and prints one
Markdown row per module of ``kharkovsuite/rules/SYSTEM/``: killed, survived, no test reaches it,
timeout, equivalent, not yet run, and the score (killed + timeout over the mutants run, less the
equivalent ones).
"""
from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "mutation.md"
MUTATE = ROOT / "tools" / "mutate.py"
DEFAULT_SYSTEM = "kharkov1942"
LINE = re.compile(r"^\s*(\S+): (.+)$")
EQUIVALENT = re.compile(r"^- `([^`]+)`")


def package(system: str) -> str:
    """The prefix of the names of ``system``'s mutants."""
    return f"kharkovsuite.rules.{system}."


def equivalent_mutants(doc: Path = DOC) -> set[str]:
    if not doc.exists():
        return set()
    return {m.group(1) for line in doc.read_text(encoding="utf-8").splitlines() if (m := EQUIVALENT.match(line))}


def read_results(text: str, system: str = DEFAULT_SYSTEM) -> dict[str, str]:
    """mutant name -> status, for ``system``'s rules package only."""
    prefix = package(system)
    out = {}
    for line in text.splitlines():
        m = LINE.match(line)
        if m and m.group(1).startswith(prefix):
            out[m.group(1)] = m.group(2).strip()
    return out


def module_of(mutant: str, system: str = DEFAULT_SYSTEM) -> str:
    """The module's name; mutants of the package's ``__init__.py`` carry none (``x_name__mutmut_1``)."""
    first = mutant[len(package(system)):].split(".", 1)[0]
    return "__init__" if first.startswith(("x_", "xǁ")) else first


def table(results: dict[str, str], equivalent: set[str], system: str = DEFAULT_SYSTEM) -> list[str]:
    counts: dict[str, Counter] = defaultdict(Counter)
    for name, status in results.items():
        counts[module_of(name, system)]["equivalent" if status == "survived" and name in equivalent else status] += 1
    rows = ["| module | killed | survived | no test | timeout | equivalent | not run | score |",
            "|---|---|---|---|---|---|---|---|"]
    total: Counter = Counter()
    for module in sorted(counts):
        c = counts[module]
        total.update(c)
        rows.append(_row(module, c))
    rows.append(_row("**all run**", total))
    return rows


def _row(label: str, c: Counter) -> str:
    """Timeouts count as killed (the mutant hangs the game); mutants no test reaches as survivors."""
    killed = c["killed"] + c["timeout"]
    run = sum(c.values()) - c["not checked"] - c["skipped"] - c["equivalent"]
    score = f"{100 * killed / run:.1f}%" if run else "—"
    return (f"| {label} | {c['killed']} | {c['survived']} | {c['no tests']} | {c['timeout']} | "
            f"{c['equivalent']} | {c['not checked']} | {score} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--system", default=DEFAULT_SYSTEM,
                        help="the rule system whose mutation runs to sum up (default: %(default)s)")
    args = parser.parse_args(argv)
    print("\n".join(table(read_results(mutmut_results(args.system), args.system), equivalent_mutants(), args.system)))
    return 0


def mutmut_results(system: str) -> str:
    """What ``mutmut results --all true`` prints for ``system`` (a status line a mutant)."""
    done = subprocess.run([sys.executable, str(MUTATE), system, "results", "--all", "true"], cwd=ROOT,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"mutation results of {system} failed: {done.stderr.strip()}")
    return done.stdout


if __name__ == "__main__":
    sys.exit(main())

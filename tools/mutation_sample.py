"""Random samples of a rule system's mutants, and the package score they estimate (docs/mutation.md).

Running every mutant of a rule system takes hours of CPU on this project's machines (a mutant a
rule test survives runs every test that reaches its function). Where a system's package has not
been run whole, a simple random sample of the mutants not yet run stands for the rest: the
mutants already run count as they are, and the sample's kill rate is carried over to the
mutants it was drawn from (the *population*). The sample is kept in
``docs/mutation-samples/<system>.txt`` so that anyone can run the same mutants again.

    python tools/mutation_sample.py kharkov1943 draw --count 300 --seed 1   # add 300 to the sample
    python tools/mutation_sample.py kharkov1943 names                       # the sample, a name a line
    python tools/mutate.py kharkov1943 run --max-children 2 $(python tools/mutation_sample.py kharkov1943 names)
    python tools/mutation_sample.py kharkov1943 score                       # the estimate
    python tools/mutation_sample.py kharkov1943 score --results FILE        # the same from results kept in FILE

The first ``draw`` fixes the population: the mutants that have no result then (mutmut's "not
checked"), optionally only those of some modules (``--modules``) or of some functions
(``--functions module.function,...``: a change's own functions). A later ``draw`` adds mutants
drawn from the population's members not sampled yet, so the sample stays a simple random sample
of the population, only larger. Modules run whole before the sample was drawn, whose results
mutmut no longer holds, are lines ``# whole <module> <killed> <survived> <equivalent>`` of the
file (written by hand from the recorded table); ``score`` takes their counts from there and
ignores what mutmut now says of them. ``score`` prints one row per module (the exact counts of the
mutants run outside the sample, and the sample's counts), then the package estimate with a 95 %
interval (Wilson's, on the sample's kill rate among the mutants that change behaviour).
"""
from __future__ import annotations

import argparse
import math
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import mutation_summary as summary  # noqa: E402  (a tool beside this one)

SAMPLES = summary.ROOT / "docs" / "mutation-samples"
KILLED = {"killed", "timeout", "segfault"}
SURVIVED = {"survived", "no tests", "suspicious"}
NOT_RUN = {"not checked", "skipped"}


class Sample:
    """The file of one system's sample: the population's size per module and the names drawn."""

    def __init__(self, system: str, folder: Path = SAMPLES, label: str | None = None):
        self.system = system
        self.path = folder / (f"{system}-{label}.txt" if label else f"{system}.txt")
        self.population: Counter = Counter()
        self.names: list[str] = []
        self.draws: list[str] = []
        self.functions: list[str] = []  # the functions the population is limited to (``--functions``)
        self.whole: dict[str, Counter] = {}
        if self.path.exists():
            self._read()

    def _read(self) -> None:
        for number, line in enumerate(self.path.read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith("# population "):
                _, _, module, count = line.split()
                self.population[module] = int(count)
            elif line.startswith("# whole "):
                _, _, module, killed, survived, equivalent = line.split()
                self.whole[module] = Counter(killed=int(killed), survived=int(survived), equivalent=int(equivalent))
            elif line.startswith("# functions "):
                self.functions = line[len("# functions "):].split(",")
            elif line.startswith("# draw "):
                self.draws.append(line[len("# draw "):])
            elif line and not line.startswith("#"):
                if not line.startswith(summary.package(self.system)):
                    raise SystemExit(f"{self.path}:{number}: not a mutant of {self.system}: {line}")
                self.names.append(line)

    def write(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        lines = [f"# A simple random sample of the {self.system} mutants not run when it was first drawn",
                 "# (tools/mutation_sample.py, docs/mutation.md). The population, by module:"]
        lines += [f"# population {m} {n}" for m, n in sorted(self.population.items())]
        lines += [f"# whole {m} {c['killed']} {c['survived']} {c['equivalent']}" for m, c in sorted(self.whole.items())]
        lines += [f"# functions {','.join(self.functions)}"] if self.functions else []
        lines += [f"# draw {d}" for d in self.draws]
        lines += sorted(self.names)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
        tmp.replace(self.path)


def function_of(mutant: str, system: str) -> str:
    """``module.function`` of a mutant (``module.Class.method`` for a method), as ``--functions`` names it."""
    module = summary.module_of(mutant, system)
    rest = mutant[len(summary.package(system)):]
    if module != "__init__":
        rest = rest[len(module) + 1:]
    name = rest.rsplit("__mutmut_", 1)[0]  # x_function, or xǁClassǁmethod
    parts = name.split("ǁ")
    return f"{module}.{'.'.join(parts[1:]) if len(parts) > 1 else name[2:]}"


def draw(sample: Sample, results: dict[str, str], count: int, seed: int, modules: set[str] | None,
         besides: set[str] = frozenset(), commit: str = "", functions: set[str] | None = None) -> list[str]:
    """Add ``count`` names drawn at random from the population's unsampled members; return them.

    ``functions``: the population is limited to these functions' mutants (``module.function``,
    first draw only; its size is recorded by module as for ``modules``, and a later draw keeps to
    them, the sample file naming them on a ``# functions`` line).

    ``besides``: mutants left out of the population as if they had a result (those of earlier
    samples, whose survivors had tests written for them, when the run folder is new and holds no
    result of theirs).  ``commit``: the rules' revision the mutants were made from, kept with the
    draw's line so that anyone can make the same mutants again."""
    system = sample.system
    if not sample.population:
        sample.functions = sorted(functions or ())
        members = [n for n, s in results.items() if s in NOT_RUN and n not in besides
                   and (modules is None or summary.module_of(n, system) in modules)
                   and (not functions or function_of(n, system) in functions)]
        if not members:
            raise SystemExit(f"no mutant of {system} is left unrun: nothing to sample")
        sample.population = Counter(summary.module_of(n, system) for n in members)
    elif modules is not None or functions:
        raise SystemExit(f"{sample.path}: the population is fixed by the first draw; --modules and --functions apply to it only")
    taken = set(sample.names)
    pool = sorted(n for n, s in results.items() if s in NOT_RUN and n not in taken and n not in besides
                  and summary.module_of(n, system) in sample.population
                  and (not sample.functions or function_of(n, system) in sample.functions))
    if count > len(pool):
        raise SystemExit(f"only {len(pool)} mutants of the population are left to draw, not {count}")
    new = random.Random(seed).sample(pool, count)
    sample.names += new
    sample.draws.append(f"{count} with seed {seed}" + (f" from the rules at {commit}" if commit else ""))
    sample.write()
    return new


def rules_commit(system: str) -> str:
    """The commit the rule system's code is at, with "+changes" when its folder differs from it
    (the mutants are made from the working tree); "" outside a git checkout."""
    import subprocess

    folder = f"kharkovsuite/rules/{system}"
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=summary.ROOT, capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", folder], cwd=summary.ROOT, capture_output=True, text=True,
                               check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""
    return head + ("+changes" if dirty else "")


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson interval of a proportion ``k`` of ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def classify(name: str, status: str, equivalent: set[str]) -> str:
    if status in NOT_RUN:
        return "not run"
    if status in KILLED:
        return "killed"
    if status in SURVIVED:
        return "equivalent" if name in equivalent else "survived"
    raise SystemExit(f"unknown mutmut status {status!r} of {name}")


def score(sample: Sample, results: dict[str, str], equivalent: set[str], apart: set[str] = frozenset(),
          modules: set[str] | None = None) -> list[str]:
    """The table of the exact and sampled counts by module, and the package estimate.

    ``apart``: mutants counted neither way (those mutmut cannot switch on, docs/mutation.md).
    ``modules``: only these modules (and only the population's members in them).
    """
    system = sample.system
    in_sample = set(sample.names)
    exact: dict[str, Counter] = {m: Counter(c) for m, c in sample.whole.items() if modules is None or m in modules}
    drawn: dict[str, Counter] = {}
    for name, status in results.items():
        module = summary.module_of(name, system)
        if name in apart or module in sample.whole or (modules is not None and module not in modules):
            continue
        kind = classify(name, status, equivalent)
        (drawn if name in in_sample else exact).setdefault(module, Counter())[kind] += 1
    rows = ["| module | run whole: killed | survived | equivalent | not run | sample: killed | survived | equivalent | not run yet |",
            "|---|---|---|---|---|---|---|---|---|"]
    total_exact, total_drawn = Counter(), Counter()
    for module in sorted(set(exact) | set(drawn)):
        e, d = exact.get(module, Counter()), drawn.get(module, Counter())
        total_exact.update(e)
        total_drawn.update(d)
        rows.append(f"| {module} | {e['killed']} | {e['survived']} | {e['equivalent']} | {e['not run']} | "
                    f"{d['killed']} | {d['survived']} | {d['equivalent']} | {d['not run']} |")
    population = sum(n for m, n in sample.population.items() if modules is None or m in modules)
    k, s, q = total_drawn["killed"], total_drawn["survived"], total_drawn["equivalent"]
    n = k + s + q
    rows.append("")
    ke, se = total_exact["killed"], total_exact["survived"]
    rows.append(f"Run whole: {ke} killed, {se} survived ({_pct(ke, ke + se)}); "
                f"{total_exact['not run']} outside the population and the sample not run.")
    if not population:
        rows.append("No sample drawn: the score is that of the mutants run.")
        return rows
    rows.append(f"Sample: {n} of {len(in_sample)} drawn have a result, from a population of {population}: "
                f"{k} killed, {s} survived, {q} equivalent.")
    if n == 0:
        rows.append("No sampled mutant has been run yet: no estimate.")
        return rows
    changing = population * (k + s) / n        # the population's mutants that change behaviour
    low, high = wilson(k, k + s)
    rate = k / (k + s) if k + s else 1.0

    def package(p: float) -> float:
        return (ke + changing * p) / (ke + se + changing)

    rows.append(f"Kill rate in the sample: {_pct(k, k + s)} (95 % interval {100 * low:.1f}-{100 * high:.1f} %).")
    rows.append(f"**Package estimate: {100 * package(rate):.1f} % of the mutants that change behaviour are killed "
                f"(95 % interval {100 * package(low):.1f}-{100 * package(high):.1f} %).**")
    return rows


def _pct(k: int, n: int) -> str:
    return f"{100 * k / n:.1f} %" if n else "—"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("system")
    parser.add_argument("--sample", metavar="LABEL",
                        help="a second sample of the same system, kept in docs/mutation-samples/SYSTEM-LABEL.txt "
                             "(e.g. one population per part of a package)")
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("draw", help="add mutants drawn at random to the sample")
    d.add_argument("--count", type=int, required=True)
    d.add_argument("--seed", type=int, required=True)
    d.add_argument("--modules", help="comma-separated modules the population is limited to (first draw only)")
    d.add_argument("--functions", help="comma-separated module.function names the population is limited to (first draw "
                                        "only; module.Class.method for a method)")
    d.add_argument("--besides", help="comma-separated labels of earlier samples of the system whose mutants are left out "
                                     "of the population (as if run: their survivors had tests written for them)")
    sub.add_parser("names", help="print the sampled mutants' names, one a line")
    s = sub.add_parser("score", help="print the exact and sampled counts and the package estimate")
    s.add_argument("--apart", type=Path, help="a file of mutant names counted neither way, one a line")
    s.add_argument("--modules", help="comma-separated modules to score (default: every module)")
    s.add_argument("--results", type=Path, action="append",
                   help="read the results from this file (lines `name: status`, as `mutate.py SYSTEM results --all true` "
                        "prints them) rather than from the run folder; repeatable, a later file's line wins")
    args = parser.parse_args(argv)
    sample = Sample(args.system, label=args.sample)
    if args.command == "names":
        print("\n".join(sample.names))
        return 0
    if args.command == "score" and args.results:
        text = "\n".join(path.read_text(encoding="utf-8") for path in args.results)
    else:
        text = summary.mutmut_results(args.system)
    results = summary.read_results(text, args.system)
    if args.command == "draw":
        modules = set(args.modules.split(",")) if args.modules else None
        besides = {n for label in (args.besides.split(",") if args.besides else []) for n in Sample(args.system, label=label).names}
        functions = set(args.functions.split(",")) if args.functions else None
        new = draw(sample, results, args.count, args.seed, modules, besides, rules_commit(args.system), functions)
        print(f"{len(new)} mutants added to {sample.path} ({len(sample.names)} in the sample)")
        return 0
    apart = set(args.apart.read_text(encoding="utf-8").split()) if args.apart else set()
    modules = set(args.modules.split(",")) if args.modules else None
    print("\n".join(score(sample, results, summary.equivalent_mutants(), apart, modules)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

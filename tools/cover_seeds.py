"""Which random games of a test sweep are worth their time: branch coverage of ``kharkovsuite`` per test.

    python tools/cover_seeds.py 'tests/rules/kharkov1943/test_k43_replay_saves.py::test_save_load_and_replay_give_the_original_position_at_every_step'

Runs each test whose node id begins with the given prefix (each parameter of a sweep: one random
game a seed) alone under coverage.py with branch measurement, then prints a greedy set cover of the
arcs of ``kharkovsuite`` they reach together: the test that adds most arcs first, then the one
adding most of those still missing, and so on, with what each adds and what only it reaches.  The
tests adding nothing once the ones above them ran reach no line or branch the others miss; the
suite keeps the seeds of a sweep that the cover needs (the sweeps' docstrings cite the runs).

``--data DIR`` keeps each test's coverage file there (a test already measured there is not run
again), so a long sweep may be measured in parts.  A tool for engineers sizing the suite; it
changes nothing.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import coverage

ROOT = Path(__file__).resolve().parent.parent


def node_ids(prefix: str) -> list[str]:
    """The test ids pytest collects whose id begins with ``prefix``."""
    path = prefix.split("::")[0]
    out = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", path],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [line.strip() for line in out.splitlines() if line.strip().startswith(prefix)]


def measure(node: str, data: Path) -> Path:
    """``node`` run alone under coverage (branches of ``kharkovsuite``); its data file."""
    target = data / re.sub(r"[^A-Za-z0-9_.-]", "_", node)
    if not target.exists():
        env = dict(os.environ, COVERAGE_FILE=str(target) + ".part", QT_QPA_PLATFORM="offscreen")
        subprocess.run([sys.executable, "-m", "coverage", "run", "--branch", "--source=kharkovsuite", "-m", "pytest",
                        "-q", "-p", "no:cacheprovider", "-x", node], cwd=ROOT, env=env, check=True, capture_output=True)
        os.replace(str(target) + ".part", target)
    return target


def arcs_of(path: Path) -> set[tuple[str, tuple[int, int]]]:
    data = coverage.CoverageData(basename=str(path))
    data.read()
    out = set()
    for source in data.measured_files():
        rel = os.path.relpath(source, ROOT)
        out |= {(rel, arc) for arc in data.arcs(source) or ()}
    return out


def cover(arcs: dict[str, set]) -> list[tuple[str, int, int]]:
    """Greedy set cover: (test, arcs it adds to those above it, arcs no other test reaches), in order."""
    left = set().union(*arcs.values()) if arcs else set()
    pool, order = dict(arcs), []
    while pool:
        best = max(sorted(pool), key=lambda k: len(pool[k] & left))  # a tie goes to the first name
        others = set().union(*(v for k, v in arcs.items() if k != best))
        order.append((best, len(pool[best] & left), len(arcs[best] - others)))
        left -= pool.pop(best)
    return order


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("prefix", help="node id prefix: a test function, all its parameters")
    parser.add_argument("--data", type=Path, help="folder for the coverage files (kept; measured tests are not run again)")
    args = parser.parse_args(argv)
    nodes = node_ids(args.prefix)
    if not nodes:
        print(f"no test collected begins with {args.prefix}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        data = args.data or Path(tmp)
        data.mkdir(parents=True, exist_ok=True)
        arcs = {}
        for node in nodes:
            arcs[node] = arcs_of(measure(node, data))
            print(f"measured {node}: {len(arcs[node])} arcs", flush=True)
        total = len(set().union(*arcs.values()))
        print(f"{len(nodes)} tests, {total} arcs of kharkovsuite together")
        for node, adds, only in cover(arcs):
            print(f"{adds:6d} added {only:5d} only here  {node.split('[', 1)[-1].rstrip(']')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

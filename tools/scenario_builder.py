"""What every scenario builder shares: hand-written YAML sources checked against a pydantic
model with every problem at its ``file:line``, and writing or checking the built files.

Used by ``tools/build_kharkov1943.py`` and ``tools/build_kirovograd.py``.
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from pydantic import BaseModel, ValidationError

from kharkovsuite.scenario import ScenarioError, loads_scenario
from kharkovsuite.scenario.yamlio import YamlProblem, line_of, load_with_lines

#: ``(path in the document, message)``: one problem of a source.
Problem = tuple[tuple, str]


class BuildError(RuntimeError):
    pass


def read_source(path: Path, model: type[BaseModel],
                references: Callable[[dict], Iterable[Problem]] | None = None) -> dict:
    """A hand-written YAML source, checked: types and keys by ``model``, then (when those hold)
    cross-references by ``references``.  Every problem is one ``file:line: path: message`` line
    of a single BuildError."""
    try:
        data, lines, _dups = load_with_lines(Path(path).read_text(encoding="utf-8"))
    except YamlProblem as exc:
        raise BuildError(f"{path}:{exc.line or 1}: {exc.message}") from None
    except OSError as exc:
        raise BuildError(f"{path}: {exc.strerror or exc}") from None
    problems: list[Problem] = []
    try:
        model.model_validate(data)
    except ValidationError as exc:
        problems = [(tuple(e["loc"]), e["msg"]) for e in exc.errors()]
    if not problems and references is not None:
        problems = list(references(data))
    if problems:
        raise BuildError("\n".join(
            f"{path}:{line_of(lines, loc) or 1}: {'.'.join(str(k) for k in loc)}: {msg}" for loc, msg in problems))
    return data


def built_problems(text: str, path: str | Path) -> list[str]:
    """Every problem the scenario loader, and so the rule system's own checks, find in a built
    scenario file, as ``file:line: path: message``."""
    try:
        loads_scenario(text, str(path))
    except ScenarioError as exc:
        return [str(p) for p in exc.problems]
    return []


def builder_arguments(description: str, oob: Path, charts: Path, map_path: Path) -> argparse.ArgumentParser:
    """The options every scenario builder takes: its three sources, --check and --out-dir."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--check", action="store_true", help="do not write; exit 1 if a scenario file differs")
    parser.add_argument("--oob", type=Path, default=oob)
    parser.add_argument("--charts", type=Path, default=charts)
    parser.add_argument("--map", type=Path, default=map_path)
    parser.add_argument("--out-dir", type=Path, help="write here instead of the paths the sources name")
    return parser


def write_or_check(texts: dict[Path, str], check: bool, builder: str) -> int:
    """Write each built file, or with ``check`` compare it with the file on disk; 1 if any is stale."""
    stale = 0
    for out, text in texts.items():
        if check:
            current = out.read_text(encoding="utf-8") if out.exists() else ""
            if current != text:
                print(f"{out} is out of date: run {builder}", file=sys.stderr)
                stale += 1
            else:
                print(f"{out} is up to date")
            continue
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")
        print(f"wrote {out}")
    return 1 if stale else 0

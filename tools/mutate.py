"""Run mutmut on one rule system (docs/mutation.md).

mutmut reads its settings from ``[tool.mutmut]`` of the ``pyproject.toml`` in the folder it runs
in, and there is one such section. The project's own section is the Kharkov 1942 run. For the
other systems this script builds a run folder ``.mutation/<system>/`` that links the project's
code, tests and data and holds a ``pyproject.toml`` whose ``[tool.mutmut]`` comes from
``tools/mutation/<system>.toml``; mutmut then runs there, with its ``mutants/`` and results
kept apart per system, so two systems can be mutated side by side.

    python tools/mutate.py kharkov1943 run --max-children 2 "kharkovsuite.rules.kharkov1943.odds.*"
    python tools/mutate.py kharkov1943 results
    python tools/mutate.py kharkov1943 show kharkovsuite.rules.kharkov1943.odds.x_column__mutmut_1
    python tools/mutate.py kharkov1942 run ...     # the same as ``mutmut run ...`` in the root

Everything after the system name is handed to mutmut as it is.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = ROOT / "tools" / "mutation"
RUNS = ROOT / ".mutation"
# What a run folder links from the project root: the code, its tests and the data they read.
LINKED = ("kharkovsuite", "tests", "scenarios", "docs", "resources", "tools", "player", "editor")
SECTION = re.compile(r"^\[tool\.mutmut\]\n(?:(?!^\[).*\n?)*", re.MULTILINE)


def systems() -> list[str]:
    return sorted(["kharkov1942", *(p.stem for p in SETTINGS.glob("*.toml"))])


def run_folder(system: str) -> Path:
    """The folder mutmut runs in for ``system``, made or refreshed."""
    if system == "kharkov1942":
        return ROOT
    settings = SETTINGS / f"{system}.toml"
    folder = RUNS / system
    folder.mkdir(parents=True, exist_ok=True)
    for name in LINKED:
        link = folder / name
        if not link.is_symlink():
            if link.exists():
                shutil.rmtree(link)
            link.symlink_to(ROOT / name, target_is_directory=True)
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    own = settings.read_text(encoding="utf-8")
    text = SECTION.sub(lambda _m: own.rstrip("\n") + "\n\n", project, count=1)
    target = folder / "pyproject.toml"
    if not target.exists() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")
    return folder


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in systems():
        print(f"usage: python tools/mutate.py SYSTEM MUTMUT-ARGS...  (SYSTEM: {', '.join(systems())})",
              file=sys.stderr)
        return 2
    folder = run_folder(argv[0])
    mutmut = Path(sys.executable).with_name("mutmut")
    command = [str(mutmut) if mutmut.exists() else "mutmut", *argv[1:]]
    return subprocess.call(command, cwd=folder, env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1"))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

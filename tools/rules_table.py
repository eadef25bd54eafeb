"""Fill the Code and Tests columns of docs/rules/<system>.md from the implementers' maps.

Engineers list what they implement in ``docs/rules/<system>-*-map.md`` (one table row per
case: ``| case | code | tests |``); this merges those rows into the reference table, so
the reference stays the single place a reader looks.  Run it after changing a map:

    python tools/rules_table.py kharkov-1942
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules"
ROW = re.compile(r"^\|\s*([^|]+?)\s*\|(.*)\|\s*$")


def split_row(line: str) -> list[str] | None:
    if not line.startswith("|") or line.startswith("|---"):
        return None
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def read_maps(system: str) -> dict[str, tuple[str, str]]:
    """case -> (code, tests), later maps adding to earlier ones."""
    found: dict[str, tuple[list[str], list[str]]] = {}
    for path in sorted(DOCS.glob(f"{system}-*-map.md")):
        for line in path.read_text(encoding="utf-8").splitlines():
            cells = split_row(line)
            if not cells or len(cells) != 3 or cells[0] == "Case":
                continue
            for case in re.split(r",\s*", cells[0]):
                code, tests = found.setdefault(case, ([], []))
                for part in re.split(r",\s*", cells[1]):
                    if part and part not in code:
                        code.append(part)
                for part in re.split(r",\s*", cells[2]):
                    if part and part not in tests:
                        tests.append(part)
    return {case: (", ".join(c), ", ".join(t)) for case, (c, t) in found.items()}


def merge(system: str) -> int:
    target = DOCS / f"{system}.md"
    maps = read_maps(system)
    out, filled = [], 0
    for line in target.read_text(encoding="utf-8").splitlines():
        cells = split_row(line)
        if cells and len(cells) == 4 and cells[0] in maps and not cells[2].startswith("n/a"):
            code, tests = maps[cells[0]]
            line = f"| {cells[0]} | {cells[1]} | {code or '—'} | {tests or '—'} |"
            filled += 1
        out.append(line)
    target.write_text("\n".join(out) + "\n", encoding="utf-8")
    return filled


if __name__ == "__main__":
    system = sys.argv[1] if len(sys.argv) > 1 else "kharkov-1942"
    print(f"{merge(system)} cases filled in docs/rules/{system}.md")

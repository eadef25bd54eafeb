"""Problems found in a scenario file, each with its file, line and YAML path."""
from __future__ import annotations

import re
from dataclasses import dataclass

_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")

#: The longest scenario file read, in characters (a guard against a wrong file, e.g. a map image).
MAX_CHARS = 16_000_000


def format_path(path: tuple) -> str:
    """``('units', 37, 'hex')`` -> ``units[37].hex``; keys that are not identifiers are quoted."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif _IDENT.match(str(part)):
            out += ("." if out else "") + str(part)
        else:
            out += f"[{str(part)!r}]"
    return out or "(top)"


@dataclass(frozen=True)
class Problem:
    file: str
    line: int | None
    path: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.path}: {self.message}"


class ScenarioError(Exception):
    """Bad scenario data: every problem found, not just the first."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

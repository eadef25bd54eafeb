"""Where the suite's data files are: the shipped scenarios and the top-level ``resources/``
folder (unit symbols, icons, styles).

In a source checkout they sit beside the packages; an installed wheel carries them as data files
under ``<prefix>/share/kharkovsuite/`` (see ``[tool.setuptools.data-files]`` in pyproject.toml).
"""
from __future__ import annotations

import sys
import sysconfig
from functools import lru_cache
from pathlib import Path

#: the folder name under ``<prefix>/share`` that a wheel installs the data into
SHARE_NAME = "kharkovsuite"


def _candidates() -> list[Path]:
    checkout = Path(__file__).resolve().parent.parent
    prefixes = [Path(sysconfig.get_path("data")), Path(sys.prefix)]
    return [checkout] + [p / "share" / SHARE_NAME for p in prefixes]


@lru_cache(maxsize=None)
def data_root() -> Path:
    """The folder holding ``scenarios/`` and ``resources/``: the checkout, else the installed
    share folder.  Raises FileNotFoundError naming the places looked at."""
    looked = _candidates()
    for root in looked:
        if (root / "scenarios").is_dir():
            return root
    raise FileNotFoundError("the suite's data (scenarios/, resources/) is in none of: " + ", ".join(map(str, looked)))


def scenarios_dir() -> Path:
    return data_root() / "scenarios"


def resources_dir() -> Path:
    return data_root() / "resources"

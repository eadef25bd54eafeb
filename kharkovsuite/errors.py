"""Reporting of unexpected failures: a one-line summary for the user, the traceback in a log."""
from __future__ import annotations

import traceback
from datetime import datetime
from pathlib import Path

import platformdirs


def log_dir() -> Path:
    return Path(platformdirs.user_log_dir("kharkovsuite", appauthor=False))


def report_unexpected(exc: BaseException) -> str:
    """Write the traceback to the user's log folder; return what to show instead."""
    text = "".join(traceback.format_exception(exc))
    try:
        folder = log_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"error-{datetime.now():%Y%m%d-%H%M%S}.log"
        path.write_text(text, encoding="utf-8")
        where = f"details were written to {path}"
    except OSError:
        where = "the details could not be written to a log file"
    return f"internal error: {type(exc).__name__}: {exc} ({where}; please report it)"

"""Reporting of unexpected failures: a one-line summary for the user, the traceback in a log."""
from __future__ import annotations

from pathlib import Path

# traceback, datetime and platformdirs are imported when a failure is reported: not at every start


def log_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_log_dir("kharkovsuite", appauthor=False))


def report_unexpected(exc: BaseException) -> str:
    """Write the traceback to the user's log folder; return what to show instead."""
    import traceback
    from datetime import datetime

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

"""A guard against a reference-count bug of PySide6 6.12 under Python 3.11.

PySide6-Essentials 6.12 returns ``None`` from every void method (``QPainter.setPen``,
``QObject.setObjectName``, ...) without taking a reference to it.  Python 3.12 made ``None``
immortal, so there nothing happens; under Python 3.11 each call lowers ``None``'s reference count
by one, and after some five thousand calls, less than one painted map frame, the interpreter aborts
with "Fatal Python error: none_dealloc: deallocating None".

``guard()`` probes for the bug and, only where it is present, raises ``None``'s reference count
by 2**40, which is what Python 3.12 does for every immortal object.  It is a no-op on Python 3.12+,
on debug builds (whose object header differs) and with a PySide6 that does not have the bug.
"""
from __future__ import annotations

import sys

_RESERVE = 1 << 40
_applied = False


def void_calls_drop_none() -> bool:
    """True when a void PySide6 call lowers ``None``'s reference count."""
    from PySide6.QtCore import QObject

    probe = QObject()
    before = sys.getrefcount(None)
    for _ in range(16):
        probe.setObjectName("probe")
    return sys.getrefcount(None) < before - 8


def guard() -> bool:
    """Apply the guard if this interpreter needs it; returns whether it is in place."""
    global _applied
    if _applied:
        return True
    if sys.version_info >= (3, 12) or hasattr(sys, "gettotalrefcount"):
        return False
    if not void_calls_drop_none():
        return False
    import ctypes  # only where the guard is needed

    ctypes.c_ssize_t.from_address(id(None)).value += _RESERVE
    _applied = True
    return True

"""The compiled code of the methods ``dataclasses`` writes, kept on disk between starts.

Python's ``dataclasses`` writes each class's ``__init__``, ``__eq__``, ``__repr__``, ``__hash__``
and frozen ``__setattr__`` as source text and compiles it when the class is made: at the
player's start some four hundred small functions for a hundred classes, a sixteenth of its
processor time spent compiling the same text as at the last start.  :func:`install` makes the
module's ``exec`` look the text up in a table of compiled code read from the cache folder
(:func:`kharkovsuite.tablecache.cache_dir`); text not in it is compiled as before, and the table
is written again at exit.

The table is keyed by the source text itself, so it cannot go stale: changed classes write other
text, which is compiled and added.  The file holds the Python version whose ``marshal`` wrote it
and a checksum; a file of another version, or damaged, reads as empty.  Only the programs install
it (the player and the editor), before the core's classes are made.
"""
from __future__ import annotations

import builtins
import sys
from pathlib import Path
from typing import Any

KIND = "dataclass-code"
KEEP = 4096  # entries: a table that grew past this (many versions of the code) starts again
_HEADER = b"kharkovsuite code cache 1 "

_codes: dict[str, Any] = {}
_added = 0
_installed = False


def _path() -> Path | None:
    from . import tablecache

    folder = tablecache.cache_dir()
    return folder / f"{KIND}-{sys.implementation.cache_tag}.marshal" if folder is not None else None


def _version() -> bytes:
    return repr((sys.version, sys.implementation.cache_tag)).encode()


def read(path: Path) -> dict[str, Any]:
    """The table in ``path``, or an empty one when there is none or it is not sound."""
    import hashlib
    import marshal

    try:
        data = path.read_bytes()
    except OSError:
        return {}
    head, sep, body = data.partition(b"\n")
    if not sep or head != _HEADER + _version() + b" " + hashlib.sha256(body).hexdigest().encode():
        return {}
    try:
        table = marshal.loads(body)
    except (EOFError, ValueError, TypeError):
        return {}
    if not isinstance(table, dict):
        return {}
    code_type = type(read.__code__)
    return {k: v for k, v in table.items() if isinstance(k, str) and isinstance(v, code_type)}


def write(path: Path, table: dict[str, Any]) -> bool:
    """Write ``table`` to ``path`` whole (a temporary file renamed over it); False when it cannot."""
    import hashlib
    import marshal
    import os

    body = marshal.dumps(table)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(_HEADER + _version() + b" " + hashlib.sha256(body).hexdigest().encode() + b"\n" + body)
        os.replace(tmp, path)
        return True
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass
        return False


def _exec(source: Any, globals: dict | None = None, locals: Any = None, /) -> None:
    """``exec`` as ``dataclasses`` calls it, with the code of ``source`` from the table."""
    global _added
    if globals is None:  # not how dataclasses calls it: the caller's own namespaces, as exec would
        frame = sys._getframe(1)
        globals, locals = frame.f_globals, frame.f_locals if locals is None else locals
    if type(source) is str:
        code = _codes.get(source)
        if code is None:
            # exec of a text compiles it as "<string>" with the caller's future flags: dataclasses has none
            code = compile(source, "<string>", "exec", dont_inherit=True)
            _codes[source] = code
            _added += 1
        source = code
    builtins.exec(source, globals, locals)


def _save(path: Path) -> None:
    if _added:
        write(path, _codes if len(_codes) <= KEEP else {})


def install() -> bool:
    """Use the table for the dataclasses made from now on; False when the cache is turned off."""
    global _installed
    if _installed:
        return True
    path = _path()
    if path is None:
        return False
    import atexit
    import dataclasses

    _codes.update(read(path))
    dataclasses.exec = _exec  # a module global shadows the builtin for dataclasses' own calls
    atexit.register(_save, path)
    _installed = True
    return True


def uninstall() -> None:
    """Back to the builtin ``exec`` (tests); the table stays in memory."""
    global _installed
    import dataclasses

    if getattr(dataclasses, "exec", None) is _exec:
        del dataclasses.exec
    _installed = False

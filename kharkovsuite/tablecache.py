"""Tables computed from a scenario, kept on disk between runs in the platform's cache folder.

A rule system builds some tables once per scenario (the kharkov1942 board: neighbours, hexside
effects, movement costs); building them costs about a second at every start.  This module keeps
them as files named by a key the caller derives from the scenario's content and the code that
builds them, so an edited scenario or changed code never meets an old table.

A file is one header line of JSON (format, kind, key, length and SHA-256 of the body) and a JSON
body.  Reading checks every part; a missing, unreadable, truncated, altered or stale file reads
as "not cached", and the caller rebuilds.  Writing goes to a temporary file in the same folder
that is then renamed over the old one, so a reader never sees half a file.  Only the newest
:data:`KEEP` files of a kind stay: the editor makes a new key at every edit.

``KHARKOVSUITE_CACHE_DIR`` names another folder (the tests use a temporary one); set to an empty
value it turns the cache off.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any

ENV = "KHARKOVSUITE_CACHE_DIR"
FORMAT = 1
KEEP = 16  # files per kind


def cache_dir() -> Path | None:
    """Where the tables live, or None when the cache is turned off."""
    chosen = os.environ.get(ENV)
    if chosen is not None:
        return Path(chosen) if chosen else None
    import platformdirs

    return Path(platformdirs.user_cache_dir("kharkovsuite", appauthor=False)) / "tables"


def content_key(*parts: str | bytes) -> str:
    """A hex digest of ``parts`` (each one length-prefixed, so parts cannot run together)."""
    h = hashlib.sha256()
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


def tree_version(*paths: Path) -> str:
    """A digest of the Python sources under ``paths`` (folders, searched recursively, or files)
    and the Python version: for results that depend on whole packages, e.g. a rule system's
    scenario checks."""
    parts = [sys.version]
    for path in paths:
        for f in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            parts += [str(f.relative_to(path.parent)), f.read_bytes()]
    return content_key(*parts)


def source_version(*modules: str) -> str:
    """A digest of the source files of ``modules`` (imported module names) and the Python version:
    tables written by other code are never read back."""
    parts = [sys.version]
    for name in modules:
        path = getattr(sys.modules[name], "__file__", None)
        parts.append(Path(path).read_bytes() if path else name)
    return content_key(*parts)


def _suffix(pickled: bool) -> str:
    return ".pickle" if pickled else ".json"


def _path(kind: str, key: str, pickled: bool = False) -> Path | None:
    folder = cache_dir()
    return folder / f"{kind}-{key}{_suffix(pickled)}" if folder is not None else None


def load(kind: str, key: str, pickled: bool = False) -> Any | None:
    """The body saved for ``kind`` and ``key``, or None when there is no sound file for them.

    ``pickled``: the body is a pickle (objects of this program, e.g. a validated scenario,
    that take far longer to build than to read back); the folder is the user's own cache, and a
    body is unpickled only when its header, length and checksum are right."""
    path = _path(kind, key, pickled)
    if path is None:
        return None
    try:
        data = path.read_bytes()
        head, sep, body = data.partition(b"\n")
        if not sep:
            return None
        header = json.loads(head)
        if not isinstance(header, dict) or header.get("format") != FORMAT or header.get("kind") != kind or header.get("key") != key:
            return None
        if header.get("length") != len(body) or header.get("sha256") != hashlib.sha256(body).hexdigest():
            return None
        if pickled:
            import pickle

            return pickle.loads(body)
        return json.loads(body)
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    except Exception:  # noqa: BLE001 - a pickle of classes changed since: not cached, rebuilt
        if not pickled:
            raise
        return None


def save(kind: str, key: str, body: Any, pickled: bool = False) -> bool:
    """Write ``body`` (plain JSON data, or any picklable object with ``pickled``) for ``kind``
    and ``key``; False when it could not be written (a read-only or full disk: the tables are
    simply rebuilt next time)."""
    path = _path(kind, key, pickled)
    if path is None:
        return False
    if pickled:
        import pickle

        text = pickle.dumps(body, protocol=pickle.HIGHEST_PROTOCOL)
    else:
        text = json.dumps(body, separators=(",", ":")).encode()
    header = {"format": FORMAT, "kind": kind, "key": key, "length": len(text), "sha256": hashlib.sha256(text).hexdigest()}
    import tempfile

    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{kind}-", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as f:
            f.write(json.dumps(header).encode() + b"\n" + text)
        os.replace(tmp, path)
        tmp = None
        _prune(path.parent, kind, _suffix(pickled))
        return True
    except OSError:
        return False
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _prune(folder: Path, kind: str, suffix: str = ".json") -> None:
    files = []
    for p in folder.glob(f"{kind}-*{suffix}"):
        try:
            files.append((p.stat().st_mtime, p))
        except OSError:
            continue
    for _, p in sorted(files, reverse=True)[KEEP:]:
        try:
            p.unlink()
        except OSError:
            pass

"""Load, validate and save scenario files.

``load_scenario`` collects every problem it can find (YAML syntax, types, unknown keys,
references, hexes off the map) and raises one :class:`ScenarioError` holding all of them,
each naming its file, line and YAML path.
"""
from __future__ import annotations

import os
import types
import typing
from pathlib import Path
from typing import Any, Union

from .. import tablecache
from .errors import MAX_CHARS, Problem, ScenarioError, format_path
from .model import Scenario


def load_scenario(path: str | os.PathLike) -> Scenario:
    """Read and fully validate a scenario file."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_CHARS * 4:  # UTF-8 takes at most 4 bytes a character
            raise ScenarioError([Problem(str(path), 1, "(file)", f"the file is too large for a scenario ({path.stat().st_size:,} bytes)")])
        raw = path.read_bytes()
    except FileNotFoundError:
        raise ScenarioError([Problem(str(path), None, "(file)", "no such file")]) from None
    except OSError as exc:
        raise ScenarioError([Problem(str(path), None, "(file)", f"cannot read: {exc.strerror or exc}")]) from None
    key = _cache_key(path, raw)
    cached = tablecache.load(CACHE_KIND, key, pickled=True)
    if isinstance(cached, Scenario):
        return cached
    scenario = loads_scenario(decode_utf8(raw, str(path)), str(path))
    tablecache.save(CACHE_KIND, key, scenario, pickled=True)
    return scenario


#: The disk cache (kharkovsuite.tablecache) of scenarios read and validated before: a file opened
#: again (every start of the player or the editor) is read back in milliseconds instead of parsed
#: and checked.  Only files that loaded without a problem are kept.
CACHE_KIND = "scenario"


def _cache_key(path: Path, raw: bytes) -> str:
    """The file's name and bytes, and the code that reads and checks scenarios: this package,
    the hex grid and map, the rule systems (whose scenario checks run at every load) and the
    versions of the YAML and validation libraries."""
    import importlib.util

    core = Path(__file__).resolve().parent.parent
    code = tablecache.tree_version(core / "scenario", core / "rules", core / "hexgrid.py", core / "map.py")
    # the libraries' versions as their packages' files state them: a scenario read back from the
    # cache then imports neither library at all
    yaml_init = Path(importlib.util.find_spec("yaml").origin).read_bytes()
    pydantic_version = (Path(importlib.util.find_spec("pydantic").origin).parent / "version.py").read_bytes()
    return tablecache.content_key(code, pydantic_version, yaml_init, str(path.resolve()), raw)


def decode_utf8(raw: bytes, filename: str) -> str:
    """The text of a file, or a :class:`ScenarioError` naming the line of the first bad byte."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - raw.rfind(b"\n", 0, exc.start)
        message = f"not UTF-8 text: byte 0x{raw[exc.start]:02x} at column {column} cannot be decoded (save the file as UTF-8)"
        raise ScenarioError([Problem(filename, line, "(file)", message)]) from None


def loads_scenario(text: str, filename: str = "<scenario>") -> Scenario:
    from pydantic import ValidationError

    from ._twins import from_twin, twin
    from .checks import check_scenario  # the cross-reference checks need the map model
    from .yamlio import YamlProblem, line_of, load_with_lines  # the YAML library: only to parse

    try:
        data, lines, dups = load_with_lines(text)
    except YamlProblem as exc:
        raise ScenarioError([Problem(filename, exc.line or 1, "(file)", exc.message)]) from None
    problems = [Problem(filename, line, format_path(p), msg) for line, p, msg in dups]
    if not isinstance(data, dict):
        problems.append(Problem(filename, 1, "(top)", "a scenario file is a mapping of keys (format, title, map, ...)"))
        raise ScenarioError(problems)
    try:
        scenario = from_twin(twin(Scenario).model_validate(data))
    except ValidationError as exc:
        problems += [_from_pydantic(err, filename, lines) for err in exc.errors()]
        raise ScenarioError(problems) from None
    for path, message in check_scenario(scenario):
        problems.append(Problem(filename, line_of(lines, path), format_path(path), message))
    if problems:
        raise ScenarioError(problems)
    return scenario


def scenario_to_data(scenario: Scenario) -> dict[str, Any]:
    """Plain data in the model's key order; defaults are left out to keep files short."""
    return scenario.model_dump(mode="json", exclude_defaults=True)


def dumps_scenario(scenario: Scenario) -> str:
    from .yamlio import dump

    data = scenario_to_data(scenario)
    # `format` must stay even though it has no default; model_dump keeps it.
    return dump(data)


def save_scenario(scenario: Scenario, path: str | os.PathLike) -> None:
    """Write atomically: a temporary file in the same folder, then renamed into place."""
    atomic_write(Path(path), dumps_scenario(scenario))


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path``, flush it to disk, rename it into place.

    Temporary files of earlier writes to the same path that were killed half-way are removed
    first; a failed write removes its own.
    """
    import glob
    import tempfile

    path.parent.mkdir(parents=True, exist_ok=True)
    for stale in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
        try:
            stale.unlink()
        except FileNotFoundError:
            pass  # another writer's file, already gone
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        # mkstemp creates 0600; give the file the permissions a plain open() would.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); where folders cannot be opened, nothing to do."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse fsync on a folder; the rename is still atomic
    finally:
        os.close(fd)


# ----------------------------------------------------------------------------- pydantic errors


def _from_pydantic(err: dict, filename: str, lines: dict) -> Problem:
    import difflib

    from .yamlio import line_of

    loc = tuple(err["loc"])
    kind = err["type"]
    if kind == "extra_forbidden":
        key = loc[-1]
        allowed = _allowed_keys(loc[:-1])
        hint = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.6)
        message = f"unknown key {key!r}"
        if hint:
            message += f"; did you mean {hint[0]!r}?"
        elif allowed:
            message += f" (allowed: {', '.join(allowed)})"
        return Problem(filename, line_of(lines, loc), format_path(loc), message)
    if kind == "missing":
        return Problem(filename, line_of(lines, loc[:-1]), format_path(loc), "required key is missing")
    got = err.get("input")
    message = err["msg"]
    if not isinstance(got, (dict, list)):
        shown = repr(got)
        message += f" (got {shown if len(shown) <= 60 else shown[:57] + '...'})"
    return Problem(filename, line_of(lines, loc), format_path(loc), message)


def _allowed_keys(loc: tuple) -> list[str]:
    """Field names of the model found by walking ``loc`` down from :class:`Scenario` (its twin)."""
    from pydantic import BaseModel

    from ._twins import twin

    current: Any = twin(Scenario)
    for part in loc:
        current = _unwrap(current)
        if isinstance(current, type) and issubclass(current, BaseModel):
            field = current.model_fields.get(str(part))
            if field is None:
                return []
            current = field.annotation
            continue
        origin = typing.get_origin(current)
        args = typing.get_args(current)
        if origin in (dict,) and len(args) == 2:
            current = args[1]
        elif origin in (list, tuple) and args:
            current = args[0]
        else:
            return []
    current = _unwrap(current)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return list(current.model_fields)
    return []


def _unwrap(annotation: Any) -> Any:
    origin = typing.get_origin(annotation)
    if origin in (Union, types.UnionType):
        for arg in typing.get_args(annotation):
            if arg is not type(None):
                return _unwrap(arg)
    return annotation

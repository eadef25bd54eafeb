"""YAML reading with line numbers, and deterministic, diff-friendly YAML writing.

Reading uses a subclass of ``yaml.SafeLoader`` (never a loader that can build Python
objects) with narrower implicit typing: hex ids such as ``0116`` stay strings instead of
becoming octal numbers, dates stay strings, and only ``true``/``false`` are booleans.
"""
from __future__ import annotations

import re
from typing import Any

import yaml

_INT = "tag:yaml.org,2002:int"
_BOOL = "tag:yaml.org,2002:bool"
_TIMESTAMP = "tag:yaml.org,2002:timestamp"


class Loader(yaml.SafeLoader):
    """Safe loader with YAML-1.2-like scalars and no duplicate keys."""


Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag not in (_INT, _BOOL, _TIMESTAMP)]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
Loader.add_implicit_resolver(_INT, re.compile(r"^[-+]?(?:0|[1-9][0-9_]*)$"), list("-+0123456789"))
Loader.add_implicit_resolver(_BOOL, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))


class YamlProblem(Exception):
    def __init__(self, line: int | None, message: str):
        self.line = line
        self.message = message
        super().__init__(message)


def load_with_lines(text: str) -> tuple[Any, dict[tuple, int], list[tuple[int, tuple, str]]]:
    """Parse ``text``; return (data, {path: line}, duplicate-key problems as (line, path, msg)).

    Raises :class:`YamlProblem` for malformed YAML or disallowed tags.
    """
    loader = Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, {}, []
        lines: dict[tuple, int] = {}
        dups: list[tuple[int, tuple, str]] = []
        _index(node, (), lines, dups)
        data = loader.construct_document(node)
    except yaml.constructor.ConstructorError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        if exc.problem and "python/" in exc.problem:
            raise YamlProblem(line, "Python object tags are not allowed in scenario files") from None
        raise YamlProblem(line, f"unsupported YAML: {exc.problem}") from None
    except yaml.MarkedYAMLError as exc:
        # The construct that was left open (context) is where the writer must look first.
        mark = exc.context_mark or exc.problem_mark
        line = mark.line + 1 if mark else None
        detail = exc.problem or ""
        if exc.context and exc.problem_mark is not None:
            detail = f"{exc.context}: {detail} at line {exc.problem_mark.line + 1}"
        raise YamlProblem(line, f"malformed YAML: {detail}") from None
    except yaml.YAMLError as exc:
        raise YamlProblem(None, f"malformed YAML: {exc}") from None
    finally:
        loader.dispose()
    return data, lines, dups


def _key(node: yaml.Node) -> Any:
    value = node.value
    if node.tag == _INT:
        try:
            return int(value)
        except ValueError:
            return value
    return value


def _index(node: yaml.Node, path: tuple, lines: dict, dups: list) -> None:
    lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        seen: dict[Any, int] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                continue
            key = _key(key_node)
            line = key_node.start_mark.line + 1
            if key in seen:
                dups.append((line, path + (key,), f"duplicate key {key!r} (first at line {seen[key]})"))
            else:
                seen[key] = line
            lines[path + (key,)] = line
            _index(value_node, path + (key,), lines, dups)
            lines[path + (key,)] = line
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _index(item, path + (i,), lines, dups)


def line_of(lines: dict[tuple, int], path: tuple) -> int | None:
    """The line of ``path`` or of its nearest ancestor present in the file."""
    path = tuple(path)
    while path:
        if path in lines:
            return lines[path]
        alt = tuple(str(p) if isinstance(p, int) else p for p in path)
        if alt in lines:
            return lines[alt]
        path = path[:-1]
    return lines.get((), None)


# ----------------------------------------------------------------------------- writing


class _Dumper(yaml.SafeDumper):
    pass


def _str(dumper: yaml.SafeDumper, value: str):
    # Digit-only strings (hex ids) are always quoted so no reader can take them for numbers.
    if value.isdigit() or value.lower() in ("yes", "no", "on", "off", "y", "n", "null", "~"):
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="'")
    if "\n" in value:
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|")
    return dumper.represent_scalar("tag:yaml.org,2002:str", value)


class Flow(list):
    """A list written on one line: ``[a, b, c]``."""


def _flow(dumper: yaml.SafeDumper, value: Flow):
    return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=True)


def _float(dumper: yaml.SafeDumper, value: float):
    if value == int(value) and abs(value) < 1e15:
        return dumper.represent_scalar("tag:yaml.org,2002:float", f"{value:.1f}")
    return dumper.represent_scalar("tag:yaml.org,2002:float", repr(value))


_Dumper.add_representer(str, _str)
_Dumper.add_representer(Flow, _flow)
_Dumper.add_representer(float, _float)


def _flowify(value: Any) -> Any:
    """Short lists of scalars (hex chains, coordinates, table rows) go on one line."""
    if isinstance(value, dict):
        return {k: _flowify(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        items = [_flowify(v) for v in value]
        if all(not isinstance(v, (dict, list, tuple)) for v in items):
            return Flow(items)
        return items
    return value


def dump(data: Any) -> str:
    """Deterministic YAML: the key order given, flow style for short scalar lists."""
    return yaml.dump(
        _flowify(data),
        Dumper=_Dumper,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=False,
        width=100,
        indent=2,
    )

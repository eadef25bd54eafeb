"""YAML reading with line numbers and bounded work, and deterministic, diff-friendly YAML writing.

Reading uses the safe constructor (never one that can build Python objects) with narrower
implicit typing: hex ids such as ``0116`` stay strings instead of becoming octal numbers,
dates stay strings, and only ``true``/``false`` are booleans.

The work a file can cause is bounded, so a small hostile file cannot exhaust memory or the
stack: the text size, the nesting depth, the number of aliases and the number of values the
document expands to (an alias repeats its anchor's values) are capped, recursive aliases are
refused and integers are limited in length.  Events come from the C parser when PyYAML was
built with it (about ten times faster); both parsers give every node its line.
"""
from __future__ import annotations

import math
import re
from typing import Any

import yaml
from yaml.composer import Composer, ComposerError
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.events import AliasEvent
from yaml.nodes import CollectionNode
from yaml.resolver import Resolver

from .errors import MAX_CHARS

try:
    from yaml.cyaml import CParser
except ImportError:  # PyYAML built without libyaml: the pure-Python parser does the same, slower
    CParser = None

_INT = "tag:yaml.org,2002:int"
_BOOL = "tag:yaml.org,2002:bool"
_TIMESTAMP = "tag:yaml.org,2002:timestamp"

#: Limits on what one scenario file may ask of the loader (the shipped scenario is far below each;
#: MAX_CHARS, the file's length, lives with the errors so that a cached read need not import YAML).
MAX_DEPTH = 64
MAX_ALIASES = 10_000
MAX_VALUES = 1_000_000  # values after aliases are expanded
MAX_INT_DIGITS = 30


class _Resolver(Resolver):
    """YAML-1.2-like implicit types: decimal integers, true/false, no dates."""


_Resolver.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag not in (_INT, _BOOL, _TIMESTAMP)]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Resolver.add_implicit_resolver(_INT, re.compile(r"^[-+]?(?:0|[1-9][0-9_]*)$"), list("-+0123456789"))
_Resolver.add_implicit_resolver(_BOOL, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))


class _Constructor(SafeConstructor):
    def construct_yaml_int(self, node):
        digits = node.value.replace("_", "").lstrip("+-")
        if len(digits) > MAX_INT_DIGITS:
            raise ConstructorError(None, None, f"an integer of {len(digits)} digits is too long (at most {MAX_INT_DIGITS})", node.start_mark)
        return super().construct_yaml_int(node)


_Constructor.add_constructor(_INT, _Constructor.construct_yaml_int)


class _BoundedComposer(Composer):
    """PyYAML's composer with the depth, alias and expansion limits, and no recursive aliases."""

    def __init__(self):
        super().__init__()
        self._depth = 0
        self._aliases = 0
        self._values: dict[int, int] = {}  # id(finished collection node) -> values it expands to

    def compose_node(self, parent, index):
        event = self.peek_event()
        if isinstance(event, AliasEvent):
            self._aliases += 1
            if self._aliases > MAX_ALIASES:
                raise ComposerError(None, None, f"more than {MAX_ALIASES} aliases", event.start_mark)
            target = self.anchors.get(event.anchor)
            if isinstance(target, CollectionNode) and id(target) not in self._values:
                raise ComposerError(None, None, f"the alias *{event.anchor} is used inside its own anchor (a recursive alias)", event.start_mark)
            return super().compose_node(parent, index)
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise ComposerError(None, None, f"nested deeper than {MAX_DEPTH} levels", event.start_mark)
        try:
            node = super().compose_node(parent, index)
        finally:
            self._depth -= 1
        if isinstance(node, CollectionNode):
            children = node.value if isinstance(node, yaml.SequenceNode) else [n for pair in node.value for n in pair]
            total = 1 + sum(self._values.get(id(child), 1) for child in children)
            if total > MAX_VALUES:
                raise ComposerError(None, None, f"the document expands to more than {MAX_VALUES:,} values (aliases repeat their anchors)", node.start_mark)
            self._values[id(node)] = total
        return node


class Loader(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser, _BoundedComposer, _Constructor, _Resolver):
    """The pure-Python bounded loader (used where PyYAML has no C parser)."""

    def __init__(self, stream):
        yaml.reader.Reader.__init__(self, stream)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        _BoundedComposer.__init__(self)
        _Constructor.__init__(self)
        _Resolver.__init__(self)


if CParser is not None:

    class FastLoader(_BoundedComposer, CParser, _Constructor, _Resolver):
        """Events from libyaml; composing (with the limits) and constructing in Python."""

        def __init__(self, stream):
            CParser.__init__(self, stream)
            _BoundedComposer.__init__(self)
            _Constructor.__init__(self)
            _Resolver.__init__(self)

else:
    FastLoader = Loader


class YamlProblem(Exception):
    def __init__(self, line: int | None, message: str):
        self.line = line
        self.message = message
        super().__init__(message)


def load_with_lines(text: str) -> tuple[Any, dict[tuple, int], list[tuple[int, tuple, str]]]:
    """Parse ``text``; return (data, {path: line}, duplicate-key problems as (line, path, msg)).

    Raises :class:`YamlProblem` (with the line where known) for malformed YAML, disallowed
    tags and files over the limits; never another exception for any input text.
    """
    if len(text) > MAX_CHARS:
        raise YamlProblem(None, f"the file has {len(text):,} characters; a scenario file has at most {MAX_CHARS:,}")
    try:
        source: str | bytes = text.encode("utf-8") if FastLoader is not Loader else text
    except UnicodeEncodeError as exc:
        raise YamlProblem(text.count("\n", 0, exc.start) + 1, f"character {exc.object[exc.start]!r} cannot be encoded") from None
    loader = None
    try:
        loader = FastLoader(source)
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
    except yaml.reader.ReaderError as exc:
        line = source.count(b"\n" if isinstance(source, bytes) else "\n", 0, exc.position) + 1
        what = "a NUL byte" if exc.character == 0 else f"the control character #x{exc.character:04x}"
        raise YamlProblem(line, f"{what} is not allowed in a scenario file") from None
    except yaml.YAMLError as exc:
        raise YamlProblem(None, f"malformed YAML: {exc}") from None
    finally:
        if loader is not None:
            loader.dispose()
    return data, lines, dups


def _key(node: yaml.Node) -> Any:
    value = node.value
    if node.tag == _INT and len(value) <= MAX_INT_DIGITS:
        try:
            return int(value)
        except ValueError:
            return value
    return value


def _index(node: yaml.Node, path: tuple, lines: dict, dups: list, seen_nodes: set | None = None) -> None:
    """Record the line of every path.  A node reached again through an alias is not walked
    again: its values keep the lines of its anchor, and the work stays linear in the file."""
    seen_nodes = set() if seen_nodes is None else seen_nodes
    lines.setdefault(path, node.start_mark.line + 1)
    if id(node) in seen_nodes:
        return
    seen_nodes.add(id(node))
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
            _index(value_node, path + (key,), lines, dups, seen_nodes)
            lines[path + (key,)] = line
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _index(item, path + (i,), lines, dups, seen_nodes)


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
    if not math.isfinite(value):  # written the YAML way (.inf, .nan) so the loader can name it
        return dumper.represent_float(value)
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

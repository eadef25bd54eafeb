"""Plain-JSON encoding of state data: sets and tuples survive a round trip.

State records hold sets (units that moved this phase) and tuples (paths); JSON has neither,
so they are tagged.  Dict keys must be strings.
"""
from __future__ import annotations

from typing import Any


_PLAIN = frozenset({str, int, float, bool, type(None)})  # as JSON has them: most of a state's values


def encode(value: Any) -> Any:
    if type(value) in _PLAIN:  # the leaves first: a save's millions of values are mostly text and numbers
        return value
    if isinstance(value, dict):
        return {str(k): encode(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return {"$set": sorted(encode(v) for v in value)}
    if isinstance(value, tuple):
        return {"$tuple": [encode(v) for v in value]}
    if isinstance(value, list):
        return [encode(v) for v in value]
    return value


def decode(value: Any) -> Any:
    if type(value) in _PLAIN:
        return value
    if isinstance(value, dict):
        if len(value) == 1 and "$set" in value:
            return {decode(v) for v in value["$set"]}
        if len(value) == 1 and "$tuple" in value:
            return tuple(decode(v) for v in value["$tuple"])
        return {k: decode(v) for k, v in value.items()}
    if isinstance(value, list):
        return [decode(v) for v in value]
    return value

"""Hidden information shared by every rule system: masking unit ids out of what a side may know.

A rule system with face-down counters or hidden units keeps, per unit the enemy may not know,
either a *token* (an anonymous name drawn from the game's dice, so it says nothing of the unit:
the enemy sees a counter there, not which) or nothing (the enemy does not see the unit at all).
:func:`mask` rewrites plain data (an observation) with those masks: every occurrence of a masked
id, as a value, a dict key or a word in a text, becomes its token, or the item that names a
fully hidden unit is left out.  :func:`masked_log` gives a side's log: it walks the game's events
in order, following the :class:`~.events.Masked` and :class:`~.events.Unmasked` events, so each
event reads with the masks of its own moment; an event naming a unit hidden at that moment is
left out; a :class:`~.events.Masked` event is in neither side's log (the owner knows its own
counters), an :class:`~.events.Unmasked` one in both.
"""
from __future__ import annotations

import re
from dataclasses import fields
from typing import Any

from .events import Event, Masked, Unmasked, event_from_dict

#: The type an observation gives a counter seen only from its back (an anonymous token).
FACE_DOWN = "face_down"

#: What :func:`mask` returns for an item that names a fully hidden unit (it is then left out).
DROP = object()


def _pattern(ids) -> re.Pattern | None:
    if not ids:
        return None
    return re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(u) for u in sorted(ids, key=len, reverse=True)) + r")(?![\w-])")


class Masks:
    """id -> token (shown anonymously) or None (not shown); apply with :meth:`value`."""

    def __init__(self, masks: dict[str, str | None], strict: bool = False):
        self.masks = dict(masks)
        self._re = _pattern(self.masks)
        self._tokens = frozenset(t for t in self.masks.values() if t is not None)
        #: strict: anything holding a fully hidden unit is left out whole (an event), not just the item
        self.strict = strict

    def strict_twin(self) -> "Masks":
        """The same masks in strict mode (kept: the pattern is compiled once)."""
        if self.strict:
            return self
        twin = getattr(self, "_twin", None)
        if twin is None:
            twin = self._twin = Masks.__new__(Masks)
            twin.masks, twin._re, twin._tokens, twin.strict = self.masks, self._re, self._tokens, True
        return twin

    def __bool__(self) -> bool:
        return bool(self.masks)

    def text(self, s: str) -> Any:
        if s in self.masks:
            return DROP if self.masks[s] is None else self.masks[s]
        if self._re is None or not self._re.search(s):
            return s
        if any(self.masks[m.group(0)] is None for m in self._re.finditer(s)):
            return DROP
        return self._re.sub(lambda m: self.masks[m.group(0)], s)

    def value(self, v: Any) -> Any:
        """``v`` (plain data: dicts, lists, tuples, strings, numbers) with the masks applied, or
        :data:`DROP` when ``v`` itself names a fully hidden unit."""
        if isinstance(v, str):
            return self.text(v)
        if isinstance(v, dict):
            out = {}
            for k, item in v.items():
                key = self.text(k) if isinstance(k, str) else k
                if key is DROP:
                    continue
                item = self.value(item)
                if item is DROP:
                    if k in ("$set", "$tuple") or self.strict:
                        return DROP
                    continue
                out[key] = item
            if v and not out:
                return DROP  # emptied by the masks: an empty record would say that something is there
            if set(out) == {"$set"}:
                out["$set"] = sorted(out["$set"], key=repr)  # a set's order is its ids' order: re-sort
            return self._token_order(out)
        if isinstance(v, (list, tuple)):
            items = self._token_order([self.value(x) for x in v])
            kept = [x for x in items if x is not DROP]
            if (self.strict or not kept) and len(kept) < len(items):
                return DROP  # an event naming a hidden unit; a list of hidden units only (a hex's stack)
            return type(v)(kept) if isinstance(v, tuple) else kept
        return v


    def _token_order(self, items):
        """``items`` (a list, or a dict's keys) with the tokens among them in their own order, each in
        the place of another: the places the masked ids held, in the order the true units came in (a
        stack's arrival, a group's ids), would tell which counter is which."""
        keys = list(items)
        slots = [i for i, k in enumerate(keys) if isinstance(k, str) and k in self._tokens]
        if len(slots) < 2:
            return items
        for i, token in zip(slots, sorted(keys[i] for i in slots)):
            keys[i] = token
        return {k: items[k] for k in keys} if isinstance(items, dict) else keys


def mask(data: Any, masks: dict[str, str | None]) -> Any:
    """``data`` with every masked id replaced by its token, or left out (see :class:`Masks`)."""
    out = Masks(masks).value(data)
    return None if out is DROP else out


def mask_event(event: Event, masks: Masks) -> Event | None:
    """``event`` as a side with ``masks`` reads it, or None when it names a fully hidden unit."""
    if not masks:
        return event
    if not any(_names(getattr(event, f.name), masks) for f in fields(event)):
        return event
    data = masks.strict_twin().value(event.to_dict())
    if data is DROP:
        return None
    try:
        return event_from_dict(data)
    except (TypeError, ValueError):
        return None


def _names(value: Any, masks: Masks) -> bool:
    if isinstance(value, str):
        return masks.text(value) != value
    if isinstance(value, (list, tuple, set, frozenset)):
        return any(_names(v, masks) for v in value)
    if isinstance(value, dict):
        return any(_names(k, masks) or _names(v, masks) for k, v in value.items())
    return False


def masked_log(log: list[Event], side: str, start: int = 0, masks: dict[str, str | None] | None = None) -> tuple[list[Event], dict[str, str | None]]:
    """The events of ``log[start:]`` that ``side`` may read, each with the masks of its moment,
    and the masks after the last one (hand both back with the next ``start`` to go on where this
    walk ended).  A side's own units are never masked for it."""
    current = dict(masks or {})
    out: list[Event] = []
    held = Masks(current)
    for event in log[start:]:
        if isinstance(event, Masked):  # bookkeeping: the owner knows its counter, the enemy may not read it
            if event.side != side:
                current[event.unit] = event.token
                held = Masks(current)
            continue
        if isinstance(event, Unmasked):
            if event.side != side:
                current.pop(event.unit, None)
                held = Masks(current)
            out.append(event)
            continue
        seen = mask_event(event, held)
        if seen is not None:
            out.append(seen)
    return out, current

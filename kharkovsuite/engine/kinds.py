"""The kind tables of actions and events: a class registers under its own name.

Saves, replays and logs name an action or an event by its kind alone, so two classes of one
name (say, two rule systems' ``Attack``) would load as each other: the second is refused.
"""
from __future__ import annotations


def register_kind(table: dict[str, type], cls: type, what: str) -> None:
    """Put ``cls`` in ``table`` under its name; TypeError when another class has that name.

    A class defined again by the same module (a reload) replaces itself."""
    name = cls.__name__
    known = table.get(name)
    if known is not None and (known.__module__, known.__qualname__) != (cls.__module__, cls.__qualname__):
        raise TypeError(
            f"{what} kind {name!r} of {cls.__module__} is already the {what} of {known.__module__}: give it another name"
        )
    table[name] = cls

"""A game's options: the advanced or optional rules a game is played with.

A scenario file declares the options it sets (``options:`` in the YAML); a player may switch
further ones on when starting a game (the start page, ``kharkov-cli selfplay --option NAME``).
A rule system lists the options it knows in its package (``OPTIONS``: name -> what it switches
on, with its case).  The options of a game are the scenario's, overridden by the chosen ones;
they are fixed for the whole game, live in ``state.options`` and are written into saves, so a
replay plays by the same rules.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


class OptionError(ValueError):
    """An option the rule system does not know, or a malformed ``NAME=VALUE``."""


def parse_option(text: str) -> tuple[str, Any]:
    """``"air"`` -> ("air", True); ``"air=off"`` -> ("air", False); ``"level=2"`` -> ("level", 2)."""
    name, sep, raw = text.partition("=")
    name = name.strip()
    if not name:
        raise OptionError(f"an option needs a name, got {text!r}")
    if not sep:
        return name, True
    raw = raw.strip()
    lowered = raw.lower()
    if lowered in ("on", "yes", "true", "1"):
        return name, True
    if lowered in ("off", "no", "false", "0"):
        return name, False
    try:
        return name, int(raw)
    except ValueError:
        return name, raw


def game_options(scenario, chosen: Mapping[str, Any] | Iterable[str] | None, known: Mapping[str, str]) -> dict[str, Any]:
    """The options of a new game of ``scenario``: the scenario's own, then ``chosen`` (names, or
    name -> value) on top.  A chosen option that neither the rule system (``known``) nor the
    scenario names is refused with the list of the known ones."""
    out: dict[str, Any] = dict(scenario.options)
    if chosen is None:
        return out
    items = chosen.items() if isinstance(chosen, Mapping) else (parse_option(c) for c in chosen)
    for name, value in items:
        if name not in known and name not in scenario.options:
            names = ", ".join(sorted(set(known) | set(scenario.options))) or "none"
            raise OptionError(f"unknown option {name!r} for rule system {scenario.rules!r} (known: {names})")
        out[name] = value
    return out


def enabled(state, name: str) -> bool:
    """Whether the game ``state`` is played with option ``name`` switched on."""
    return bool(state.options.get(name, False))

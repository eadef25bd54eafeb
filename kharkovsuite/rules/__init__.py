"""Rule systems, one package each, registered by id.

The scenario names its rule system (``rules: kharkov1942``).  Callers reach a system only
through this registry, so systems differ in their package, never in the callers.
"""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..scenario.model import Scenario, Victory

#: id -> module path.  A system listed here may not be playable yet: see :func:`system`.
KNOWN_SYSTEMS: dict[str, str] = {
    "kharkov1942": "kharkovsuite.rules.kharkov1942",
    "kharkov1943": "kharkovsuite.rules.kharkov1943",
    "kirovograd": "kharkovsuite.rules.kirovograd",
}

#: id -> the game's name as players know it (the start page, the editor's Charts tab, messages).
GAME_NAMES: dict[str, str] = {
    "kharkov1942": "Kharkov 1942",
    "kharkov1943": "Kharkov 1943",
    "kirovograd": "Kirovograd",
}


class RuleSystemUnavailable(LookupError):
    pass


def package(rules_id: str) -> ModuleType:
    """The package of a rule system, playable or not (its data checks, its editor tables);
    raises :class:`RuleSystemUnavailable` with a reason."""
    if rules_id not in KNOWN_SYSTEMS:
        raise RuleSystemUnavailable(f"unknown rule system {rules_id!r} (known: {', '.join(KNOWN_SYSTEMS)})")
    try:
        return importlib.import_module(KNOWN_SYSTEMS[rules_id])
    except ModuleNotFoundError as exc:
        if exc.name == KNOWN_SYSTEMS[rules_id]:
            raise RuleSystemUnavailable(f"rule system {rules_id!r} is not implemented yet") from None
        raise


def system(rules_id: str, headless: bool = False) -> ModuleType:
    """The package of a rule system that can be played; raises :class:`RuleSystemUnavailable`
    with a reason.  A package that so far holds only its data side says ``PLAYABLE = False``;
    one whose rules run but are incomplete may add ``HEADLESS = True``, and the headless tools
    (``headless=True``: self-play and ``kharkov-cli trace``) then run it."""
    module = package(rules_id)
    if not getattr(module, "PLAYABLE", True) and not (headless and getattr(module, "HEADLESS", False)):
        raise RuleSystemUnavailable(f"rule system {rules_id!r} is not playable yet")
    return module


def scenario_checks(scenario: "Scenario") -> list[tuple[tuple, str]]:
    """Checks a rule system adds on top of the format's (``scenario_checks(scenario)`` in its package)."""
    try:
        module = package(scenario.rules)
    except RuleSystemUnavailable:
        return []
    check = getattr(module, "scenario_checks", None)
    return list(check(scenario)) if check else []


def victory_defaults(rules_id: str) -> "Victory | None":
    """The victory levels and awards a rule system scores by, as its rulebook gives them
    (``victory_defaults()`` in its package), or None for a system that names none."""
    try:
        module = package(rules_id)
    except RuleSystemUnavailable:
        return None
    make = getattr(module, "victory_defaults", None)
    return make() if make else None


def trace_module(rules_id: str) -> ModuleType:
    """The ``trace`` module of a rule system (the interface is in :mod:`kharkovsuite.tracing`);
    raises :class:`RuleSystemUnavailable` when the system cannot be traced yet."""
    module = package(rules_id)
    try:
        return importlib.import_module(f"{module.__name__}.trace")
    except ModuleNotFoundError as exc:
        if exc.name == f"{module.__name__}.trace":
            raise RuleSystemUnavailable(f"rule system {rules_id!r} has no supply and command tracing yet") from None
        raise


def editing(rules_id: str) -> ModuleType | None:
    """The ``editing`` module of a rule system: what the scenario editor shows of its data (its
    data model, its counter values model, the pages of its charts, its reference scenario), or
    None for an unknown system or one that describes nothing to edit."""
    try:
        module = package(rules_id)
    except RuleSystemUnavailable:
        return None
    try:
        return importlib.import_module(f"{module.__name__}.editing")
    except ModuleNotFoundError as exc:
        if exc.name == f"{module.__name__}.editing":
            return None
        raise

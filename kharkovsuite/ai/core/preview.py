"""Pricing an attack by the rule system's own pre-roll odds.

Each rule system exposes ONE odds query, the one its combat panel shows, in its package:
``attack_preview(state, side, attackers, targets, **options) -> AttackPreview`` (the
:class:`AttackPreviewQuery` protocol), answering in plain data (a dict shaped as
:class:`AttackPreview`), so a rule system needs nothing from this package.  It reads nothing hidden
and never touches the dice.  The core reaches it through the registry (:func:`preview_query`) and
turns the result distribution into an expected worth in steps (:func:`attack_worth`).
"""
from __future__ import annotations

import math
from typing import Protocol, TypedDict

from ...rules import RuleSystemUnavailable, package

ALL = math.inf  # a loss of every step the side has in the fight (an elimination result)


class AttackPreview(TypedDict):
    """The odds of a proposed attack before any die is rolled.

    ``column``: the final column (or its span); ``shifts``: (column shift, rule case) each;
    ``outcomes``: result -> probability (summing to 1); ``losses``: result -> (attacker loss,
    defender loss) in steps (a retreat hex counts as a step; :data:`ALL` for every step)."""

    column: str
    shifts: list[tuple[int, str]]
    outcomes: dict[str, float]
    losses: dict[str, tuple[float, float]]


class AttackPreviewQuery(Protocol):
    def __call__(self, state, side: str, attackers, targets, **options) -> AttackPreview: ...


def preview_query(rules: str) -> AttackPreviewQuery:
    """The ``attack_preview`` query of rule system ``rules``; RuleSystemUnavailable when it has none yet."""
    query = getattr(package(rules), "attack_preview", None)
    if query is None:
        raise RuleSystemUnavailable(f"rule system {rules!r} has no attack_preview query yet")
    return query


def attack_worth(preview: AttackPreview, attacker_whole: float, defender_whole: float, loss_weight: float = 1.0) -> float:
    """Expected steps the defender loses minus ``loss_weight`` times the attacker's, an
    elimination counted as the whole side's worth (``*_whole``: its steps and points)."""
    worth = 0.0
    losses = preview["losses"]
    for result, p in preview["outcomes"].items():
        lost_a, lost_d = losses.get(result, (0.0, 0.0))
        lost_a = attacker_whole if lost_a == ALL else lost_a
        lost_d = defender_whole if lost_d == ALL else lost_d
        worth += p * (lost_d - loss_weight * lost_a)
    return worth


def win_chance(preview: AttackPreview) -> float:
    """The chance the defender loses something and the attacker nothing."""
    none = (0.0, 0.0)
    return sum(p for r, p in preview["outcomes"].items()
               if preview["losses"].get(r, none)[1] > 0 and preview["losses"].get(r, none)[0] == 0)

"""Set-up (26.0) as checks over a placement list: who sets up first, stacking, formations kept
together.  Each problem is a message naming its case."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

#: 26.3J: a formation's units set up within this many hexes of one another.
FORMATION_SPREAD = 6


@dataclass(frozen=True)
class Placement:
    unit: str
    hex: str | None
    formation: str
    formation_level: bool  # a division, corps or brigade formation (not a German Korps or a Soviet Army or Front)


def first_to_set_up(german_die: int, soviet_die: int, historical: bool) -> str | None:
    """26.1A, 26.2D: historical set-up: the USSR first; free set-up: the lower die first, a tie
    rolled again (None)."""
    if historical:
        return "soviet"
    if german_die == soviet_die:
        return None
    return "german" if german_die < soviet_die else "soviet"


def problems(placements: Sequence[Placement], distance: Callable[[str, str], int],
             stack_ok: Callable[[str, Sequence[str]], bool]) -> list[str]:
    """26.3E: every hex within stacking limits; 26.3J: a formation's units within six hexes of
    one another, Korps, Army and Front units excepted."""
    out = []
    by_hex: dict[str, list[str]] = {}
    by_formation: dict[str, list[Placement]] = {}
    for p in placements:
        if p.hex is None:
            continue  # in a box off the map (24.6, 29)
        by_hex.setdefault(p.hex, []).append(p.unit)
        if p.formation_level:
            by_formation.setdefault(p.formation, []).append(p)
    for h, units in sorted(by_hex.items()):
        if not stack_ok(h, units):
            out.append(f"26.3E: {', '.join(units)} overstack {h}")
    for f, ps in sorted(by_formation.items()):
        for a, b in combinations(ps, 2):
            if distance(a.hex, b.hex) > FORMATION_SPREAD:
                out.append(f"26.3J: {a.unit} ({a.hex}) and {b.unit} ({b.hex}) of {f} are more than {FORMATION_SPREAD} hexes apart")
    return out


def formation_level(formation: str, formations: Mapping) -> bool:
    """26.3J: German Korps and Soviet Army and Front formations are those others report to."""
    return not any(getattr(f, "higher", None) == formation for f in formations.values())

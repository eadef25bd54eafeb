"""Small purpose-built positions on tests/data/k42-basic.yaml for the kharkov1942 rule tests."""
from __future__ import annotations

from pathlib import Path

from kharkovsuite.engine import new_game
from kharkovsuite.rules.kharkov1942 import sequence
from kharkovsuite.scenario import load_scenario

DATA = Path(__file__).resolve().parents[2] / "data"
K42 = DATA / "k42-basic.yaml"
OFF = "test-off-map"

_SCENARIO = None


def scenario():
    global _SCENARIO
    if _SCENARIO is None:
        _SCENARIO = load_scenario(K42)
    return _SCENARIO


def position(placements: dict[str, str], phase: str = "soviet-movement", turn: int = 1, seed: int = 0,
             garrisons: dict[str, int] | None = None, flags: dict[str, set[str]] | None = None,
             fredericus: bool = False):
    """A game with only ``placements`` on the map, in ``phase`` of ``turn``.

    ``garrisons`` replaces the City garrisons (default: none, so they do not get in the way);
    ``flags`` adds markers to units.  ``fredericus``: freeze the Axis units placed south of the
    sector line as at set-up (6.51); by default Operation Fredericus is already active.
    """
    state = new_game(scenario(), seed)
    for uid, rec in state.units.items():
        if rec.hex is not None:
            state.to_box(uid, OFF)
    for uid, hex_id in placements.items():
        state.place(uid, hex_id)
    from kharkovsuite.rules.kharkov1942 import fredericus as _fredericus

    for uid in state.units:
        state.set_flag(uid, "frozen", False)
    _fredericus.init(state)
    if not fredericus:
        _fredericus.activate(state, "0", [])
    for uid, extra in (flags or {}).items():
        for flag in extra:
            state.set_flag(uid, flag, True)
    state.game["garrisons"] = dict(garrisons or {})
    state.cache.clear()
    sequence.go_to(state, phase, turn)
    return state


class Dice:
    """A stand-in for the state's random generator: scripted die rolls, first counter drawn."""

    def __init__(self, *rolls: int, draws: list[int] | None = None):
        self.rolls = list(rolls)
        self.draws = list(draws or [])

    def randint(self, a: int, b: int) -> int:
        return self.rolls.pop(0)

    def randrange(self, n: int) -> int:
        return self.draws.pop(0) if self.draws else 0


def reveal_as(state, unit_id: str, attack: float, defense: float, movement: int, steps: int = 1, pool: str = "tank"):
    """Give an untried unit known values, as if revealed earlier (12.0)."""
    rec = state.units[unit_id]
    rec.values = {"attack": attack, "defense": defense, "movement": movement, "steps": steps, "pool": pool, "counter": 0}
    rec.flags = rec.flags | {"revealed"}


def kinds(actions) -> set[str]:
    return {a.kind for a in actions}


def last(events, kind: str):
    found = [e for e in events if e.kind == kind]
    return found[-1] if found else None

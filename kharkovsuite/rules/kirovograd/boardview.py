"""The game state seen through :class:`.retreat.RetreatBoard`: what retreats (17), advances (18)
and HQ support lines (22.1) ask of the board, answered from part 1's records: the ZOC Chart as
:mod:`.zoc` reads it, stacking by :func:`.stacking.refusal`, units by side.

One view serves one moving unit (or stack): the ZOC an armoured unit meets differs from the one a
non-armoured unit meets in an Overlapping ZOC (13.3C-E), so the view is built with ``armored``.
With ``known`` it is the board as the moving side knows it (advanced rules 29, 30, :mod:`.seen`):
the ZOCs of face-down counters are not known, hidden units are not seen; that is the board a
side's offers are built from.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...engine.state import GameState
from . import seen, stacking, zoc
from .board import other
from .retreat import ZocHere


class StateBoard:
    """A :class:`.retreat.RetreatBoard` over a game state; ``leaving``: units that are on their
    way out of their hex (a retreating stack) and count neither as friends nor for stacking."""

    def __init__(self, state: GameState, armored: bool = False, leaving: Iterable[str] = (), known: bool = False):
        self.state = state
        self.armored = armored
        self.leaving = frozenset(leaving)
        self.known = known

    def neighbours(self, hex_id: str) -> Iterable[str]:
        return self.state.board.nbrs[hex_id]

    def distance(self, a: str, b: str) -> int:
        return self.state.board.distance(a, b)

    def zoc(self, hex_id: str, side: str) -> ZocHere:
        """13.1-13.3, 17.2B: the enemy ZOC in the hex as it acts on the mover, whether two or more
        hexes exert it, and whether a unit with an anti-tank ability (19.2) is among them."""
        found = zoc.zoc_at(self.state, other(side), hex_id, self.armored, known=self.known)
        if found is None:
            return ZocHere()
        units = self.state.board.units
        unseen = seen.masked(self.state, other(side)) if self.known else frozenset()
        antitank = any(units[u].values.antitank for h in found.sources for u in self.state.units_at(h)
                       if self.state.units[u].side != side and u not in unseen)
        return ZocHere(found.kind, found.overlapping, antitank)

    def _ground(self, hex_id: str):
        units = self.state.board.units
        return [u for u in self.state.units_at(hex_id) if units[u].ground and u not in self.leaving]

    def enemy_in(self, hex_id: str, side: str) -> bool:
        hidden = seen.masked(self.state, other(side), hidden_only=True) if self.known else frozenset()
        return any(self.state.units[u].side != side and u not in hidden for u in self._ground(hex_id))

    def friendly_in(self, hex_id: str, side: str) -> bool:
        return any(self.state.units[u].side == side for u in self._ground(hex_id))

    def stack_room(self, hex_id: str, side: str, units: Sequence[str]) -> bool:
        """9.1: the units may end in the hex without going over the limit."""
        return stacking.refusal(self.state, hex_id, tuple(units), leaving=tuple(units)) is None

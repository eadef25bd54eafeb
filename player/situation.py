"""Reading the situation: what the other side could do next turn, zones of control, the last move and combat.

:func:`enemy_reach` asks the engine itself: on a clone of the game moved to the other side's
Movement Phase, ``legal_moves`` of each of its units gives the hexes it could enter (enemy
ZOC, terrain and stacking included, 6.0, 8.2); the hexes next to those (and to where the
units stand) are the ones it could attack (9.11).  Only public information is used (positions
and printed movement allowances); the clone's dice are never rolled.

:func:`zoc_hexes` reads the rule system's zones of control (8.2).  :func:`last_move` and
:func:`last_combat` read the game log.
"""
from __future__ import annotations

from kharkovsuite.engine.events import AttackDeclared, CombatResolved, UnitMoved
from kharkovsuite.engine.state import GameState
from kharkovsuite.rules import system


def supported(state: GameState) -> str | None:
    """Why the situation overlays cannot be drawn for this rule system (None: they can)."""
    rules = system(state.scenario.rules)
    for part in ("sequence", "zoc"):
        if not hasattr(rules, part):
            return f"the {state.scenario.rules} rules have no {part} module"
    return None


def other(state: GameState, side: str) -> str:
    return next(s for s in state.scenario.sides if s != side)


def enemy_reach(state: GameState, side: str) -> tuple[set[str], set[str]]:
    """(hexes ``side``'s units could enter in their next Movement Phase, further hexes they could attack)."""
    rules = system(state.scenario.rules)
    sim = state.clone()
    rules.sequence.go_to(sim, f"{side}-movement")
    enter: set[str] = set()
    stands: set[str] = set()
    for uid, rec in sim.units.items():
        if rec.side != side or rec.hex is None:
            continue
        stands.add(rec.hex)
        enter.update(sim.legal_moves((uid,)))
    fighting = {h for h in stands | enter for uid in sim.units_at(h) if sim.units[uid].side == side and rules.units.is_combat(sim, uid)} | enter
    nbrs = state.board.nbr_ids
    attack = {n for h in fighting for n in nbrs[h]} - enter - stands
    return enter - stands, attack


def zoc_hexes(state: GameState, side: str) -> set[str]:
    """Hexes in ``side``'s zones of control (8.2)."""
    rules = system(state.scenario.rules)
    ids = state.board.ids
    return {ids[i] for i in rules.zoc.derived(state).zoc[side]}


def last_move(state: GameState) -> UnitMoved | None:
    """The last move of this phase (None before any)."""
    for event in reversed(state.log):
        if event.kind == "PhaseChanged":
            return None
        if isinstance(event, UnitMoved) and len(event.path) > 1:
            return event
    return None


def last_combat(state: GameState) -> tuple[AttackDeclared, CombatResolved | None] | None:
    """The last attack of this game-turn and its result (None before any)."""
    resolved = None
    for event in reversed(state.log):
        if isinstance(event, CombatResolved) and resolved is None:
            resolved = event
        elif isinstance(event, AttackDeclared):
            return event, resolved
        elif event.kind == "PhaseChanged" and getattr(event, "turn", state.turn) != state.turn:
            return None
    return None

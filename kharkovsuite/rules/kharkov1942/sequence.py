"""The Sequence of Play (4.0), declared as data.

Each game-turn is a Soviet player-turn then an Axis player-turn (4.1), phase by phase as in
4.2.  :data:`PHASES` lists them with their side, case, the action kinds they allow and the
text the phase bar shows; :data:`ON_ENTER` and :data:`SKIP` hold the little code each needs.
"""
from __future__ import annotations

from collections.abc import Callable

from ...engine.events import GameEnded, PhaseChanged
from ...engine.state import GameState, Phase
from . import air, combat, hq, movement, reinforcements, victory

MOVE_ACTIONS = ("Move", "RailMove", "Overrun", "EndPhase")

PHASES: tuple[Phase, ...] = (
    Phase(
        "soviet-reserves", "Reserve Commitment", "soviet", "4.2.A1",
        "The Soviet player may commit eligible reserve units to the map (6.7); none on Game-Turn One.",
        ("CommitReserve", "EndPhase"), skip_if_idle=True,
    ),
    Phase(
        "soviet-movement", "Movement", "soviet", "4.2.A2",
        "Soviet units move (6.0), by rail (6.4) and overrun (7.0); reinforcements enter on the east edge (16.1).",
        MOVE_ACTIONS,
    ),
    Phase(
        "soviet-combat", "Combat", "soviet", "4.2.A3",
        "Soviet units attack adjacent Axis units (9.0); Air Points may support attack and defense (13.1).",
        ("Attack", "EndPhase"),
    ),
    Phase(
        "soviet-disruption", "Disruption Removal", "soviet", "4.2.A4",
        "Disruption markers come off Soviet units; displaced HQs become active (10.17).",
        (), automatic=True,
    ),
    Phase(
        "axis-movement", "Initial Movement", "axis", "4.2.B1",
        "Axis units move, disengage (6.6), move by rail (6.4) and overrun; reinforcements enter (16.2).",
        MOVE_ACTIONS + ("BreakDown", "ReformDivision", "FormStrongpoint"),
    ),
    Phase(
        "axis-combat", "Combat", "axis", "4.2.B2",
        "Axis units attack adjacent Soviet units (9.0); both sides may commit Air Points (13.1).",
        ("Attack", "EndPhase"),
    ),
    Phase(
        "axis-mechanized", "Mechanized Movement", "axis", "4.2.B3",
        "German panzer and panzergrenadier units may move again and overrun; no rail (6.45).",
        ("Move", "Overrun", "EndPhase"),
    ),
    Phase(
        "axis-disruption", "Disruption Removal", "axis", "4.2.B4",
        "Disruption markers come off Axis units.",
        (), automatic=True,
    ),
    Phase(
        "axis-air-supply", "Air Supply", "axis", "4.2.B5",
        "Unused Axis Air Points may supply chosen hexes for the next game-turn (13.2).",
        ("AirSupply", "EndPhase"), skip_if_idle=True,
    ),
    Phase(
        "turn-end", "Game-Turn Indication", None, "4.2.C",
        "Soviet victory points for the turn are noted and the turn marker advances.",
        (), automatic=True,
    ),
)

#: (phase id, action kind) -> the case that forbids it, where it is more telling than the phase's
REFUSED: dict[tuple[str, str], str] = {
    ("axis-mechanized", "RailMove"): "6.45",
    ("soviet-movement", "Attack"): "6.14",
    ("axis-movement", "Attack"): "6.14",
    ("axis-mechanized", "Attack"): "6.14",
    ("soviet-combat", "Overrun"): "7.11",
    ("axis-combat", "Overrun"): "7.11",
}

GAME_OVER = Phase("game-over", "Game over", None, "17.0", "The game has ended; victory is determined (17.0).")

PHASE_INDEX = {p.id: i for i, p in enumerate(PHASES)}


def last_turn(state: GameState) -> int:
    return max((t.turn for t in state.scenario.turns), default=10)


def _disruption_removal(state: GameState, events: list) -> None:
    """7.33, 10.17: the phasing side's disruption ends and its displaced HQs reactivate."""
    from ...engine.events import FlagChanged

    side = state.phase.side
    for uid, rec in state.units.items():
        if rec.side == side and "disrupted" in rec.flags:
            state.set_flag(uid, "disrupted", False)
            events.append(FlagChanged(unit=uid, flag="disrupted", on=False, case="7.33"))
    hq.reactivate_displaced(state, side, events)


def _turn_end(state: GameState, events: list) -> None:
    victory.turn_end(state, events)


ON_ENTER: dict[str, Callable[[GameState, list], None]] = {
    "soviet-movement": lambda s, ev: (movement.begin_phase(s), reinforcements.begin_phase(s, ev)),
    "soviet-combat": lambda s, ev: combat.begin_phase(s),
    "soviet-disruption": _disruption_removal,
    "axis-movement": lambda s, ev: (movement.begin_phase(s), reinforcements.begin_phase(s, ev)),
    "axis-combat": lambda s, ev: combat.begin_phase(s),
    "axis-mechanized": lambda s, ev: movement.begin_phase(s, mechanized_only=True, rail=False, entry=False),
    "axis-disruption": _disruption_removal,
    "turn-end": _turn_end,
}

#: phase id -> extra start-of-phase hooks other modules register (part 2: Fredericus 6.54,
#: overrun snapshots 7.17); each is called ``hook(state, events)`` after :data:`ON_ENTER`'s.
PHASE_HOOKS: dict[str, list[Callable[[GameState, list], None]]] = {}

#: extra start-of-game-turn hooks ``hook(state, events)`` (part 2: Fredericus 6.56)
TURN_HOOKS: list[Callable[[GameState, list], None]] = []

#: phase id -> (case, predicate): the phase is passed over when the predicate holds
SKIP: dict[str, tuple[str, Callable[[GameState], bool]]] = {
    "axis-mechanized": ("6.58", lambda s: s.turn == last_turn(s)),
}


def current(state: GameState) -> Phase:
    if state.terminal:
        return GAME_OVER
    return PHASES[state.phase_index]


def begin_turn(state: GameState, events: list) -> None:
    """Start of a game-turn: air points (13.0), scheduled HQ activation (10.3, part 2)."""
    state.turn_data = {}
    air.begin_turn(state)
    hq.activate_scheduled(state, events)
    for extra in TURN_HOOKS:
        extra(state, events)


def enter_phase(state: GameState, index: int, events: list) -> None:
    """Make ``PHASES[index]`` current and run its start-of-phase effects."""
    state.phase_index = index
    state.phase_data = {}
    state.cache.pop("reach", None)
    state.cache.pop("rail", None)
    state.changes.clear()
    phase = PHASES[index]
    skip = SKIP.get(phase.id)
    if skip and skip[1](state):
        events.append(PhaseChanged(turn=state.turn, phase=phase.id, side=phase.side, name=f"{phase.name} (none: {skip[0]})", case=skip[0]))
        next_phase(state, events)
        return
    events.append(PhaseChanged(turn=state.turn, phase=phase.id, side=phase.side, name=phase.name, case=phase.case))
    hook = ON_ENTER.get(phase.id)
    if hook:
        hook(state, events)
    for extra in PHASE_HOOKS.get(phase.id, ()):
        extra(state, events)


def next_phase(state: GameState, events: list) -> None:
    """End the current phase and enter the next, across the turn boundary (4.2.C)."""
    if state.phase_index + 1 < len(PHASES):
        enter_phase(state, state.phase_index + 1, events)
        return
    if state.turn >= last_turn(state):
        end_game(state, events)
        return
    state.turn += 1
    begin_turn(state, events)
    enter_phase(state, 0, events)


def end_game(state: GameState, events: list) -> None:
    state.terminal = True
    state.phase_data = {}
    result = victory.final_result(state, events)
    events.append(GameEnded(vp=dict(result.vp), winner=result.winner, level=result.level, case="17.0"))


def request_end(state: GameState, events: list) -> None:
    """EndPhase: the end of a movement phase checks stacking first (8.1)."""
    from .stacking import check_end_of_movement

    phase = current(state)
    if "Move" in phase.actions and check_end_of_movement(state, phase.side):
        return
    next_phase(state, events)


def go_to(state: GameState, phase_id: str, turn: int | None = None) -> list:
    """Jump to a phase (tests, tutorials, a scenario editor's "play from here")."""
    events: list = []
    state.pending.clear()
    state.terminal = False
    if turn is not None and turn != state.turn:
        state.turn = turn
        begin_turn(state, events)
    enter_phase(state, PHASE_INDEX[phase_id], events)
    return events


"""2: The sequence of play.

Each turn: the weather phase (14.1, the Soviet player's die on the weather tables; the
scenario's weather on turn 1, 18), the supply, command and air reconnaissance phase (here: the
command check of 8.1; supply, replacements and reconnaissance come with part 2), the initiative
roll (each side a die, ties to the side the scenario names, the Germans by default), the
operations phase of alternating activation segments, and the administrative phase (stacking is
checked as the operations phase ends, 5; markers go, the turn advances).

The operations phase ends (2.1, 2.2) when both players pass one after the other, when neither
side has a unit left to activate, or, once one side has none left and the other keeps
activating, on a 5 or 6 of the die the activating player rolls at the end of the second and
every later such segment.
"""
from __future__ import annotations

from dataclasses import replace

from ...engine.events import DiceRolled, GameEnded, PhaseChanged
from ...engine.state import GameState, Phase
from . import activation, air, stacking, upkeep, victory

OPS = "operations"
SIDES = ("german", "soviet")

PHASES: tuple[Phase, ...] = (
    Phase("weather", "Weather", None, "2.1", "the Soviet player rolls the weather (14.1)", automatic=True),
    Phase("supply", "Supply, Command and Air Reconnaissance", None, "2.1",
          "supply (9.3) and command (8.1) are checked, reinforcements arrive, HQs return, replacements are spent", automatic=True),
    Phase("initiative", "Initiative", None, "2.1", "each player rolls a die; the higher has the initiative", automatic=True),
    Phase(OPS, "Operations", None, "2.1", "activate a formation or four units, move; or pass",
          actions=("Activate", "Move", "RailMove", "ReduceFatigue", "EndActivation", "Pass", "Enter", "MoveSupplyHead",
                   "Detach", "Reattach", "Combine", "Reconnoitre", "SetTop", "LeaveMap", "IntoHQBox", "OutOfHQBox",
                   "Assault", "BuildPosition", "LeavePosition")),
    Phase("administrative", "Administrative", None, "2.1", "markers are removed and the turn advances", automatic=True),
)
INDEX = {p.id: i for i, p in enumerate(PHASES)}
END_ROLL = (5, 6)  # 2.2


def other(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]


def current(state: GameState) -> Phase:
    phase = PHASES[state.phase_index]
    if phase.id == OPS:
        return replace(phase, side=state.turn_data.get("segment"))
    return phase


def enter_phase(state: GameState, index: int, events: list) -> None:
    state.phase_index = index
    state.phase_data = {}
    phase = current(state)
    events.append(PhaseChanged(turn=state.turn, phase=phase.id, side=phase.side, name=phase.name, case=phase.case))


def run_automatic(state: GameState, events: list) -> None:
    """The effect of the automatic phase the state is in, then the next phase."""
    pid = PHASES[state.phase_index].id
    if pid == "weather":
        weather(state, events)
        air.roll(state, events)  # 13.2, 14.3a
    elif pid == "supply":
        if not upkeep.run(state, events):
            return  # the players' decisions first
    elif pid == "initiative":
        initiative(state, events)
    elif pid == "administrative":
        upkeep.end_of_turn(state)
        if state.turn >= state.board.data.special_rules.turns:
            state.terminal = True  # 18
            res = victory.result(state)
            events.append(GameEnded(vp=dict(res.vp), winner=res.winner, level=res.level, case="18"))
            return
        state.turn += 1
        state.turn_data = {}
        enter_phase(state, 0, events)
        return
    enter_phase(state, state.phase_index + 1, events)


def weather(state: GameState, events: list) -> None:
    """14.1: air and ground weather; fixed by the scenario on turn 1 (18.1, 18.2)."""
    data = state.board.data
    if state.turn == 1:
        state.turn_data["weather"] = dict(data.special_rules.first_turn_weather)
        return
    period = next((p for p, turns in data.weather.periods.items() if state.turn in turns), None)
    found = {}
    for part, table_id in (("air", data.weather.air_table), ("ground", data.weather.ground_table)):
        table = state.scenario.tables[table_id]
        column = table.columns.index(period) if period in table.columns else 0
        die = state.rng.randint(1, 6)
        events.append(DiceRolled(die=die, purpose=f"{part} weather (Soviet player)", case="14.1"))
        found[part] = table.rows[die][column]
    state.turn_data["weather"] = found
    state.cache.pop(("zoc", "german"), None)  # 4.2: frozen rivers carry ZoC, thawed ones do not
    state.cache.pop(("zoc", "soviet"), None)


def initiative(state: GameState, events: list) -> None:
    """2.1: a die each; the higher starts the operations phase, ties to the scenario's side."""
    rolls = {}
    for side in SIDES:
        rolls[side] = state.rng.randint(1, 6)
        events.append(DiceRolled(die=rolls[side], purpose=f"initiative ({side})", case="2.1"))
    if rolls["german"] == rolls["soviet"]:
        first = state.board.data.special_rules.initiative_draw
    else:
        first = max(SIDES, key=rolls.__getitem__)
    state.turn_data["initiative"] = first
    state.turn_data["segment"] = first
    state.turn_data["last_passed"] = False
    state.turn_data["solo_segments"] = 0
    if activation.out_of_units(state, first):
        state.turn_data["segment"] = other(first)


def end_segment(state: GameState, passed: bool, events: list) -> None:
    """2.1, 2.2: after a segment, the other side's turn, or the end of the operations phase."""
    side = state.turn_data["segment"]
    foe = other(side)
    if passed and (state.turn_data["last_passed"] or activation.out_of_units(state, foe)):
        end_operations(state, events)
        return
    state.turn_data["last_passed"] = passed
    if activation.out_of_units(state, foe):
        if activation.out_of_units(state, side):
            end_operations(state, events)  # 2.1: nobody left to activate
            return
        if not passed:
            state.turn_data["solo_segments"] += 1
            if state.turn_data["solo_segments"] >= 2:  # 2.2
                die = state.rng.randint(1, 6)
                events.append(DiceRolled(die=die, purpose="end of the turn (5-6 ends it)", case="2.2"))
                if die in END_ROLL:
                    end_operations(state, events)
                    return
        return  # the same side activates again
    state.turn_data["segment"] = foe


def end_operations(state: GameState, events: list) -> None:
    state.turn_data["segment"] = None
    state.phase_data.pop("activation", None)
    stacking.offer(state)  # 5: the owner removes the excess before the administrative phase
    enter_phase(state, INDEX["administrative"], events)

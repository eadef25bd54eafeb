"""3: the turn sequence.

Each game turn: weather (3.1, 4: the Soviet die on the scenario's weather table, read in the
turn's day or night column; even turns are night, errata), supply delivery (3.2: the turn
record's points), orders (3.3, :mod:`.orders`: two secret decisions), initiative (3.4, 7), the
first and then the second player turn (3.5, 3.6), and the turn advance (3.7).

A player turn: the mutual air commitment segment (3.5.1: :mod:`.air`'s with the option ``air``, else it passes at once), move
round one (3.5.2), combat round one (3.5.3), move round two (3.5.4), combat round two (3.5.5) and
the player's supply segment (3.5.6, :func:`.supply.supply_segment`).  The combat rounds are
:mod:`.fight`'s: the phasing side declares its attacks, then the defender's reserves and support
and the resolution follow as decisions (the rules object's ``settle`` hands the phase to
:func:`.fight.proceed`).

State records: ``state.turn_data`` holds ``weather``, ``light`` (day, night or fog for the ZOC
Chart), ``fog``, ``first`` (the side with the initiative), the orders (:mod:`.orders`) and
reserve commitments (:mod:`.reserves`); ``state.phase_data["moved"]`` the units moved this round.
"""
from __future__ import annotations

from dataclasses import replace

from ...engine.events import DiceRolled, Event, GameEnded, PhaseChanged
from ...engine.state import GameState, Phase
from dataclasses import dataclass
from . import air, orders, replacements, supply, victory
from .board import game_turn, other

MOVE_ACTIONS = ("Move", "PlaceReserve", "CommitReserve", "FlipArtillery", "AssignFormation", "TransferSupply", "TakeReplacements",
                "ExitOffMap", "PlaceDummy", "RevealUnit", "ArmoredRecon", "HideHQ", "DummyForReinforcement", "EndPhase")
#: the declaration of a combat round's attacks (15.1, :mod:`.fight`)
COMBAT_ACTIONS = ("AttackHex", "AddAttacker", "AddSupport", "ConfirmAttack", "CancelAttack", "WithdrawAttack", "EndPhase")


def _player_phases(n: int) -> tuple[Phase, ...]:
    c = "3.5" if n == 1 else "3.6"
    return (
        Phase(f"air_{n}", "Mutual Air Commitment", None, f"{c}.1" if n == 1 else c, "air units are committed to missions (advanced rule 28, the option air; else it passes at once)", automatic=True),
        Phase(f"move_{n}_1", "Move, Round One", None, "3.5.2", "move units, form and commit reserves, flip Soviet artillery, refit Soviet tanks (25.2)", actions=MOVE_ACTIONS),
        Phase(f"combat_{n}_1", "Combat, Round One", None, "3.5.3", "declare attacks; they are resolved in 15.5's order", actions=COMBAT_ACTIONS),
        Phase(f"move_{n}_2", "Move, Round Two", None, "3.5.4", "move units again as their orders allow", actions=MOVE_ACTIONS),
        Phase(f"combat_{n}_2", "Combat, Round Two", None, "3.5.5", "declare attacks; they are resolved in 15.5's order", actions=COMBAT_ACTIONS),
        Phase(f"supply_{n}", "Supply", None, "3.5.6", "units trace supply; Cut Off and Out of Supply markers", automatic=True),
    )


PHASES: tuple[Phase, ...] = (
    Phase("weather", "Weather", None, "3.1", "the Soviet player rolls the weather", automatic=True),
    Phase("delivery", "Supply Delivery", None, "3.2", "supply points arrive", automatic=True),
    Phase(orders.DECISION, "Orders", None, "3.3", "both sides give their formations orders, secretly",
          actions=("SetOrder", "AttachUnit", "UseRetreatOrders", "SubmitOrders")),
    Phase("initiative", "Initiative", None, "3.4", "initiative numbers decide the first player", automatic=True),
    *_player_phases(1),
    *_player_phases(2),
    Phase("advance", "Game Turn Advance", None, "3.7", "the turn marker moves on", automatic=True),
)
INDEX = {p.id: i for i, p in enumerate(PHASES)}


@dataclass(frozen=True, kw_only=True)
class WeatherRolled(Event):
    weather: str
    light: str

    def text(self) -> str:
        return f"weather: {self.weather.replace('_', ' ')} ({self.light})"


@dataclass(frozen=True, kw_only=True)
class SupplyDelivered(Event):
    points: dict

    def text(self) -> str:
        from .describe import track_name  # describe reads this module's phases: imported when first worded

        return "supply points delivered: " + ", ".join(f"{track_name(t)} +{n}" for t, n in self.points.items())


def delivery_seen_by(event, side: str):
    """2.3: a side's supply tracks are its own display, so of a delivery the other side reads only
    its own tracks' share (None when it had none); any other event as it is."""
    if not isinstance(event, SupplyDelivered):
        return event
    own = {t: n for t, n in event.points.items() if t.split(":")[0] == side}
    return replace(event, points=own) if own else None


@dataclass(frozen=True, kw_only=True)
class ReplacementsReceived(Event):
    points: int

    def text(self) -> str:
        return f"the USSR receives {self.points} armour replacement points"


def player_of(state: GameState, phase_id: str) -> str | None:
    """The side of a player-turn phase: the first player's in ``*_1``, the other's in ``*_2``."""
    first = state.turn_data.get("first")
    if first is None:
        return None
    if phase_id.startswith(("air_", "move_", "combat_", "supply_")):
        n = int(phase_id.split("_")[1])
        return first if n == 1 else other(first)
    return None


def round_of(phase_id: str) -> int | None:
    """The friendly movement round (1 or 2) of a move phase."""
    if phase_id.startswith("move_"):
        return int(phase_id.split("_")[2])
    return None


def current(state: GameState) -> Phase:
    phase = PHASES[state.phase_index]
    side = player_of(state, phase.id)
    return replace(phase, side=side) if side else phase


def enter_phase(state: GameState, index: int, events: list) -> None:
    state.phase_index = index
    state.phase_data = {}
    phase = current(state)
    events.append(PhaseChanged(turn=state.turn, phase=phase.id, side=phase.side, name=phase.name, case=phase.case))
    if phase.id == orders.DECISION:
        orders.open_orders(state)
    if air.on(state):
        _air_phase(state, phase, events)


def _air_phase(state: GameState, phase: Phase, events: list) -> None:
    """28.2D-F, 28.3.3E-G: flights return when their combat round or player turn ends, the
    unready units turn ready when the game turn does, and the withheld units are committed at the
    start of the second combat round."""
    pid = phase.id
    if pid.startswith("move_") and pid.endswith("_2"):
        air.round_over(state, 1, events)
    elif pid.startswith("supply_"):
        air.player_turn_over(state, events)
    elif pid.startswith("combat_") and pid.endswith("_2") and any(f["mission"] == "withheld" for f in air.flights(state)):
        air.open_segment(state, phase.side, int(pid.split("_")[1]), 2)


def weather(state: GameState, events: list) -> None:
    """3.1A, 4.A: the Soviet player's die on the weather table, in the turn's light column."""
    data = state.board.data
    table = state.scenario.tables[data.weather.table]
    light = state.board.light(game_turn(state))
    die = state.rng.randint(1, 6)
    events.append(DiceRolled(die=die, purpose="weather (Soviet player)", case="4.A"))
    column = table.columns.index(light) if light in table.columns else 0
    found = table.rows[die][column]
    fog = data.weather.effects[found].fog
    state.turn_data["weather"] = found
    state.turn_data["fog"] = fog
    state.turn_data["light"] = "fog" if fog else light  # 4.C, 13.9, 23.1
    state.cache.pop("derived", None)
    events.append(WeatherRolled(weather=found, light=state.turn_data["light"], case="4.A"))
    air.roll_availability(state, events)  # 3.1B, 4.B (advanced rule 28)


def run_automatic(state: GameState, events: list) -> None:
    """The effect of the automatic phase the state is in, then the next phase."""
    pid = PHASES[state.phase_index].id
    if pid == "weather":
        weather(state, events)
    elif pid == "delivery":
        got = supply.deliver(state, events)
        if got:
            events.append(SupplyDelivered(points=got, case="3.2"))
        supply.disclose_tracks(state, events)  # 3.3 comes next: the orders are paid from the tracks the HQs link to
        rp = replacements.receive(state, events)  # 25.1B: what decides it shown first (29.1, 30.2A)
        if rp:
            events.append(ReplacementsReceived(points=rp, case="25.1B"))
    elif pid == "initiative":
        orders.initiative(state, events)
    elif pid.startswith("supply_"):
        supply.supply_segment(state, player_of(state, pid), events)
    elif pid.startswith("air_"):
        n = int(pid.split("_")[1])
        if air.open_segment(state, player_of(state, pid), n, 1):
            return  # 3.5.1, 28.3: the sides commit in turn
    elif pid == "advance":
        air.game_turn_over(state)  # 28.2F
        victory.turn_end(state)  # 27.B: the turn Kirovograd fell
        if state.turn >= len(state.scenario.turns):
            state.terminal = True  # 3.7, 27.A: the last turn's end is the victory count
            res = victory.result(state)
            events.append(GameEnded(vp=dict(res.vp), winner=res.winner, level=res.level, case="27.0A"))
            return
        state.turn += 1
        state.turn_data = {}
        enter_phase(state, 0, events)
        return
    enter_phase(state, state.phase_index + 1, events)

"""Advanced rule 28 (air missions), with 30.2B and 30.7: the game option ``air``.

Basing and sorties (28.1, 28.2, 26.3D): every air unit has a base, the off-map air base box of its
side's display (ready or unready) or, German, one of the map airstrips (one unit a strip, three at
most on the map).  A unit of the box flies once a game turn and comes back unready; the unready
units turn ready when the game turn ends (28.2F).  A unit on a strip flies once each player turn
and comes back to its strip (28.2E: the program's reading, the strip if it still stands, else the
unready box; a transfer mission takes it to the box).  Nothing flies in fog (28.12B); at night
only the Po-2 and supply or transfer missions fly (28.12A); low cloud and light snow showers make
each side roll how many of its units may fly this game turn (4.B, 3.1B: the scenario's
``air_available`` and ``air_grounded`` tables).

The mutual air commitment segment (3.5.1, 28.3): an ``air_commitment`` decision that passes
between the sides, the phasing side first.  Each commits one unit or a stack of two
(:class:`FlyMission`, 28.3.2B) to a mission on a hex (ground attack, combat air patrol, supply,
transfer; a fighter may escort a ground attack, 28.5), or withholds it with a formation HQ for the
second combat round (:class:`WithholdAir`, 28.3.3B-F), or passes (:class:`EndAirTurn`: a side that
passed commits no more in this segment, the program's reading of "until neither side wishes").
Then the CAP stacks move, alternately, up to four hexes (two in light snow showers) onto enemy
air units (:class:`PatrolMove`, 28.6B, 28.9A), and the air combats are fought hex by hex (28.9,
28.10): the sides pair their patrols with enemy stacks in turn, the phasing side first
(:class:`PairAir`, 28.10.1), then the pairs fight.  Supply
and transfer missions not driven off are then carried out (28.7, 28.8B).

Ground attacks (28.4): a ground attack unit committed in the segment flies in the first combat
round, one committed in the second round's commitment in the second (28.3.3A-E): the attacker adds
it to a declared attack on its hex (``AddSupport``, 15.1B) or attacks with it alone (14.2D,
14.3B); a defending side's unit committed on its own hex adds its strength to every attack on
that hex in its round (28.4.1C).  Anti-aircraft fire comes first (28.11, :func:`anti_aircraft`).  Every flight
returns to base when its round ends.

State records: ``game["air"]`` air unit -> {"base": "box" or an airstrip area, "ready": bool};
``game["flights"]`` the flights now out (dicts: ``id``, ``side``, ``units``, ``escort``,
``mission``, ``hex``, ``hq``, ``round``, ``used``); ``game["strips_seen"]`` the airstrips whose
units the USSR has seen (30.2B); ``turn_data["air_allowed"]`` side -> units that may fly this
game turn (4.B), ``turn_data["air_flown"]`` side -> the units that flew, ``turn_data["strip_flew"]``
the airstrip units that flew this player turn, ``turn_data["air_supply"]`` side -> the airstrips
supplied and hexes given paradropped supply (8.3.1).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from ...engine.actions import Action
from ...engine.errors import IllegalAction
from ...engine.events import DiceRolled, Eliminated, Event
from ...engine.legal import LegalActions
from ...engine.options import enabled
from ...engine.state import Decision, GameState
from .board import game_turn, other

AIR = "air"
DECISION = "air_commitment"
#: 28.11A: the owner's pick of the units of a flight hit by anti-aircraft fire that take its loss
LOSS = "air_loss"
#: 28.2E: where an airstrip unit back from a sortie lands
RETURN = "air_return"
MISSIONS = ("ground_attack", "cap", "supply", "transfer")
MISSION_WORDS = {"ground_attack": "ground attack", "cap": "combat air patrol", "supply": "supply", "transfer": "transfer",
                 "withheld": "withheld for the second round", "escort": "escort"}
#: 28.3.1B, 28.3.3F: a withheld unit is active within this many hexes of its HQ (the program's
#: reading of "the formation's area, loosely": the six hexes a formation spreads over, 26.3J).
SECTOR = 6


# ----------------------------------------------------------------------------- actions


@dataclass(frozen=True)
class FlyMission(Action):
    """Commit an air unit or a stack of two to a mission on a hex (28.3.1A): ``ground_attack``,
    ``cap``, ``supply`` or ``transfer``; ``escort`` names a fighter flying with a ground attack (28.5)."""

    units: tuple[str, ...]
    mission: str
    hex: str
    escort: str = ""


@dataclass(frozen=True)
class WithholdAir(Action):
    """Hold an air unit back with a formation HQ until the second combat round (28.3.3B-F)."""

    units: tuple[str, ...]
    hq: str


@dataclass(frozen=True)
class PatrolMove(Action):
    """Move a combat air patrol stack (named by its first unit) onto enemy air units (28.6B, 28.9A)."""

    unit: str
    hex: str


@dataclass(frozen=True)
class PairAir(Action):
    """Pair a patrol stack (named by its first unit) with an enemy stack of the combat hex (named by
    its first unit) for air-to-air combat (28.10.1A)."""

    unit: str
    target: str


@dataclass(frozen=True)
class EndAirTurn(Action):
    """Commit (or move) no more air units in this segment (28.3, 28.6B)."""


@dataclass(frozen=True)
class AirStrike(Action):
    """Make an air-to-air attack the rules leave to the side: a stack no attack harmed strikes back at
    the one that attacked it (28.10.2A), or a later interceptor attacks a stack an earlier one left
    unharmed (28.9.1C).  ``unit`` and ``target`` name the stacks by their first units."""

    unit: str
    target: str


@dataclass(frozen=True)
class HoldAirFire(Action):
    """Let that attack go: no strike back (28.10.2A), or the later interceptor does not attack (28.9.1C)."""

    unit: str


@dataclass(frozen=True)
class TakeAirLoss(Action):
    """The owner's pick of the unit of a hit flight that takes the next point of its loss (28.10.4A,
    28.11A: the air units take their losses like any other unit, whose owner chooses, 16.0)."""

    unit: str


@dataclass(frozen=True)
class ReturnAir(Action):
    """Where an airstrip unit back from its sortie lands (28.2E): ``strip``, the strip it flew from,
    or ``box``, the unready box."""

    unit: str
    to: str


# ----------------------------------------------------------------------------- events


@dataclass(frozen=True, kw_only=True)
class AirAvailable(Event):
    """4.B: how many of a side's air units may fly this game turn."""

    side: str
    allowed: int

    def text(self) -> str:
        return f"{self.side}: {self.allowed} air unit(s) may fly this turn"


@dataclass(frozen=True, kw_only=True)
class MissionFlown(Event):
    """28.3: a side's air units committed; ``secret``: a German transfer the USSR is told of without
    its airstrip (30.7, 28.8B: no Soviet patrol in reach), read so by :func:`seen_by`."""

    side: str
    units: tuple[str, ...]
    mission: str
    hex: str
    secret: bool = False

    def text(self) -> str:
        where = "" if not self.hex else f" with {self.hex}" if self.mission == "withheld" else f" at {self.hex}"
        return f"{', '.join(self.units)}: {MISSION_WORDS.get(self.mission, self.mission)}{where}"


@dataclass(frozen=True, kw_only=True)
class PatrolMoved(Event):
    units: tuple[str, ...]
    hex: str

    def text(self) -> str:
        return f"{', '.join(self.units)} patrol to {self.hex}"


@dataclass(frozen=True, kw_only=True)
class AirPaired(Event):
    units: tuple[str, ...]
    targets: tuple[str, ...]
    hex: str

    def text(self) -> str:
        return f"{', '.join(self.units)} pair off against {', '.join(self.targets)} at {self.hex}"


@dataclass(frozen=True, kw_only=True)
class AirFight(Event):
    """28.10.2: one side's air-to-air attack (or anti-aircraft fire, 28.11) and its result."""

    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    column: str
    result: str

    def text(self) -> str:
        return f"{', '.join(self.attackers)} attack {', '.join(self.defenders)} on the {self.column} column: {self.result}"


@dataclass(frozen=True, kw_only=True)
class AirLoss(Event):
    unit: str
    lost: int
    left: int

    def text(self) -> str:
        return f"{self.unit} loses {self.lost} air point(s), {self.left} left"


@dataclass(frozen=True, kw_only=True)
class AirReturned(Event):
    """28.2D-E, 28.8A: air units back at a base; ``secret``: a German airstrip the USSR reads as "base"
    (30.7, :func:`seen_by`)."""

    units: tuple[str, ...]
    to: str
    side: str = ""
    secret: bool = False

    def text(self) -> str:
        return f"{', '.join(self.units)} return to {self.to}"


@dataclass(frozen=True, kw_only=True)
class AirfieldRevealed(Event):
    """30.2B: the USSR sees a German airstrip's air units."""

    area: str
    units: tuple[str, ...]

    def text(self) -> str:
        based = ", ".join(self.units) or "no air unit"
        return f"airstrip {self.area} seen: {based} based there"


# ----------------------------------------------------------------------------- basics


def on(state: GameState) -> bool:
    return enabled(state, AIR)


def air_units(state: GameState, side: str | None = None) -> list[str]:
    return [u for u, i in state.board.units.items() if i.kind == "air" and (side is None or i.side == side)]


def start(state: GameState) -> None:
    """28.1, 26.3D: every air unit starts ready in its side's air base box, or on the airstrip
    area the scenario puts it in."""
    if not on(state):
        return
    strips = state.board.airstrips
    state.game["air"] = {u: {"base": state.units[u].box if state.units[u].box in strips else "box", "ready": True}
                         for u in air_units(state) if state.units[u].box != "eliminated"}
    state.game["flights"] = []
    state.game["strips_seen"] = []
    state.game["flight_seq"] = 0


def _values(state: GameState, unit_id: str):
    return state.board.units[unit_id].values


def strongest(state: GameState, unit_id: str) -> int:
    """28.10.4B: an air unit's strength is its stronger printed factor."""
    v = _values(state, unit_id)
    return max(v.air_air, v.air_ground)


def factors(state: GameState, unit_id: str) -> tuple[int, int]:
    """(air-to-air, air-to-ground) now: the stronger factor loses the points lost, the weaker stays
    (28.10.4C), but both drop on the Fw190."""
    v = _values(state, unit_id)
    lost = state.units[unit_id].step
    if v.both_factors_drop:
        return max(v.air_air - lost, 0), max(v.air_ground - lost, 0)
    if v.air_air >= v.air_ground:
        return max(v.air_air - lost, 0), v.air_ground
    return v.air_air, max(v.air_ground - lost, 0)


def aircraft(state: GameState, unit_id: str) -> str:
    return _values(state, unit_id).aircraft


def missions_of(state: GameState, unit_id: str) -> list[str]:
    """28.0B: the Allowable Missions chart for the unit's aircraft type."""
    return list(state.board.data.air.missions.get(aircraft(state, unit_id), []))


def flights(state: GameState) -> list[dict]:
    return state.game.get("flights", [])


def flight_of(state: GameState, unit_id: str) -> dict | None:
    return next((f for f in flights(state) if unit_id in f["units"] or f.get("escort") == unit_id), None)


def members(f: dict) -> list[str]:
    return list(f["units"]) + ([f["escort"]] if f.get("escort") else [])


def based_at(state: GameState, area: str) -> list[str]:
    return sorted(u for u, r in state.game.get("air", {}).items() if r["base"] == area)


def base_words(state: GameState, unit_id: str) -> str:
    rec = state.game["air"].get(unit_id)
    if rec is None:
        return "destroyed"
    if rec["base"] == "box":
        return "the ready box" if rec["ready"] else "the unready box"
    name = state.scenario.map.areas[rec["base"]].name if rec["base"] in state.scenario.map.areas else rec["base"]
    return name


# ----------------------------------------------------------------------------- weather and availability (3.1B, 4.B)


def roll_availability(state: GameState, events: list) -> None:
    """3.1B, 4.B: in low cloud each side rolls the units it may fly, in light snow showers the
    units grounded; otherwise all may fly (fog and night are 28.12's)."""
    if not on(state):
        return
    effect = state.board.data.weather.effects[state.turn_data["weather"]]
    allowed: dict[str, int] = {}
    for side in ("soviet", "german"):
        alive = [u for u in state.game["air"] if state.units[u].side == side]
        if effect.air_roll is None:
            allowed[side] = len(alive)
            continue
        die = state.rng.randint(1, 6)
        n = int(state.scenario.tables[effect.air_table].rows[die][0])
        events.append(DiceRolled(die=die, purpose=f"air units {'available' if effect.air_roll == 'available' else 'grounded'} ({side})", case="4.B"))
        allowed[side] = min(n, len(alive)) if effect.air_roll == "available" else max(len(alive) - n, 0)
        events.append(AirAvailable(side=side, allowed=allowed[side], case="4.B"))
    state.turn_data["air_allowed"] = allowed
    state.turn_data["air_flown"] = {"soviet": [], "german": []}


def _night(state: GameState) -> bool:
    return state.board.light(game_turn(state)) == "night"


def cap_reach(state: GameState) -> int:
    """28.6B, 28.9A: four hexes, two in light snow showers (the weather's ``cap_reach``)."""
    effect = state.board.data.weather.effects.get(state.turn_data.get("weather", "clear"))
    return min(effect.cap_reach if effect else state.board.data.air.cap_reach, state.board.data.air.cap_reach)


def fly_refusal(state: GameState, unit_id: str, mission: str, player_turn: int) -> tuple[str, str] | None:
    """Why ``unit_id`` may not sortie on ``mission`` now (28.0B, 28.2A-C, 28.3.2A, 28.12, 4.B)."""
    rec = state.game.get("air", {}).get(unit_id)
    if rec is None:
        return "28.0A", f"{unit_id} is not an air unit in play"
    if flight_of(state, unit_id) is not None:
        return "28.2A", f"{unit_id} is flying already"
    if mission not in missions_of(state, unit_id):
        return "28.0B", f"a {aircraft(state, unit_id).replace('_', ' ')} may not fly {MISSION_WORDS.get(mission, mission)} missions"
    if state.turn_data.get("fog"):
        return "28.12B", "no air missions are flown in fog"
    if _night(state) and mission not in ("supply", "transfer") and aircraft(state, unit_id) not in state.board.data.air.night_flyers:
        return "28.12A", "at night only the night bomber and supply or transfer missions fly"
    if rec.get("landing"):
        return "28.2E", f"{unit_id} has not landed yet: its owner says first where it lands"
    if rec["base"] == "box" and not rec["ready"]:
        return "28.3.2A", f"{unit_id} is in the unready box"
    if rec["base"] != "box" and unit_id in state.turn_data.get("strip_flew", {}).get(str(player_turn), []):
        return "28.2B", f"{unit_id} has flown from its airstrip this player turn"
    side = state.units[unit_id].side
    flown = state.turn_data.get("air_flown", {}).get(side, [])
    allowed = state.turn_data.get("air_allowed", {}).get(side)
    if allowed is not None and unit_id not in flown and len(flown) >= allowed:
        return "4.B", f"only {allowed} {side} air unit(s) may fly this turn"
    return None


def _enemy_ground_hexes(state: GameState, side: str) -> list[str]:
    """Hexes holding enemy ground units the side can see (a hidden HQ's hex is not offered, 30)."""
    from . import fog

    foe = other(side)
    out = []
    for h, ids in state.at.items():
        seen = [u for u in ids if state.units[u].side == foe and state.board.units[u].ground and not fog.hidden(state, u)]
        if seen:
            out.append(h)
    return sorted(out)


def _own_ground_hexes(state: GameState, side: str) -> list[str]:
    return sorted(h for h, ids in state.at.items() if any(state.units[u].side == side and state.board.units[u].ground for u in ids))


def _live_strips(state: GameState, side: str) -> dict[str, str]:
    return dict(state.game.get("airstrips", {})) if side == "german" else {}


def _transfer_targets(state: GameState, unit_id: str) -> list[str]:
    """28.8A, 28.1B-C: a box unit to a strip with no unit based on it nor flying to it (three on the
    map at most); a strip unit to the box (its own strip's hex)."""
    rec = state.game["air"][unit_id]
    if state.units[unit_id].side != "german":
        return []
    strips = _live_strips(state, "german")
    if rec["base"] != "box":
        return [strips[rec["base"]]] if rec["base"] in strips else []
    inbound = [f["hex"] for f in flights(state) if f["mission"] == "transfer" and state.game["air"][f["units"][0]]["base"] == "box"]
    on_map = sum(1 for r in state.game["air"].values() if r["base"] != "box") + len(inbound)
    if on_map >= state.board.data.air.on_board_limit:
        return []
    return sorted(h for a, h in strips.items() if not based_at(state, a) and h not in inbound)


def mission_hexes(state: GameState, unit_id: str, mission: str, phasing: str, rnd: int) -> list[str]:
    """The hexes ``unit_id`` may fly ``mission`` to (28.4.1A-C, 28.6A, 28.7A-B, 28.8A); in the
    second round a withheld unit stays in its HQ's sector (28.3.1B, 28.3.3E-F)."""
    side = state.units[unit_id].side
    if mission == "ground_attack":
        hexes = _enemy_ground_hexes(state, side) if side == phasing else _own_ground_hexes(state, side)
    elif mission == "cap":
        hexes = sorted(set(_own_ground_hexes(state, side)) | set(_live_strips(state, side).values()))
    elif mission == "supply":
        hexes = sorted(set(_own_ground_hexes(state, side)) | set(_live_strips(state, side).values()))
    elif mission == "transfer":
        hexes = _transfer_targets(state, unit_id)
    else:
        return []
    if rnd == 2:
        f = flight_of(state, unit_id)
        centres = sector_centres(state, f) if f else None
        if centres is not None:
            hexes = [h for h in hexes if any(state.board.distance(c, h) <= SECTOR for c in centres)]
    return hexes


def sector_centres(state: GameState, f: dict) -> list[str] | None:
    """28.3.1B, 28.3.3F: the HQ hexes of a withheld flight's sector (None: anywhere, a German
    airstrip unit, 28.3.1B): its HQ, and for Germany the HQs of the divisions next to it."""
    hq = f.get("hq")
    if not hq or state.units[hq].hex is None:
        return None
    if f["side"] == "german" and all(state.game["air"].get(u, {}).get("base", "box") != "box" for u in f["units"]):
        return None  # 28.3.1B: a German unit based on the map may support any German formation
    here = state.units[hq].hex
    out = [here]
    if f["side"] == "german":
        out += [state.units[u].hex for u in state.units if state.units[u].side == "german" and state.units[u].hex is not None
                and state.board.units[u].is_formation_hq and u != hq and state.board.distance(state.units[u].hex, here) <= SECTOR]
    return out


def withhold_hqs(state: GameState, side: str) -> list[str]:
    """28.3.3C: the formation HQs on the map a withheld unit may wait with."""
    from . import fog

    return sorted(u for u, r in state.units.items() if r.side == side and r.hex is not None
                  and state.board.units[u].is_formation_hq and not fog.hidden(state, u))


# ----------------------------------------------------------------------------- the commitment segment


def open_segment(state: GameState, phasing: str, player_turn: int, rnd: int) -> bool:
    """Open the ``air_commitment`` decision (3.5.1A, 28.3; 28.3.3E-G for the second round);
    False when neither side has anything to commit."""
    if not on(state) or state.phase_data.get("air_done"):
        return False
    state.phase_data["air_done"] = True
    data = {"stage": "commit", "passed": [], "phasing": phasing, "player_turn": player_turn, "round": rnd, "moved": [], "entered": {}}
    for side in (phasing, other(phasing)):
        if _has_commit(state, side, data):
            state.pending.append(Decision(DECISION, side, "28.3", data))
            return True
    _finish(state, data, [])
    return False


def _has_commit(state: GameState, side: str, data: dict) -> bool:
    legal = LegalActions()
    _commit_options(state, side, data, legal)
    return len(legal) > 0


def _available(state: GameState, side: str, data: dict) -> list[str]:
    if data["round"] == 2:
        return sorted(u for f in flights(state) if f["side"] == side and f["mission"] == "withheld" for u in f["units"])
    return sorted(u for u in state.game.get("air", {}) if state.units[u].side == side and flight_of(state, u) is None)


def _may(state: GameState, u: str, mission: str, data: dict) -> bool:
    if data["round"] == 2:
        f = flight_of(state, u)
        return f is not None and f["mission"] == "withheld" and mission in ("ground_attack", "cap") and mission in missions_of(state, u)
    return fly_refusal(state, u, mission, data["player_turn"]) is None


def _commit_options(state: GameState, side: str, data: dict, legal: LegalActions) -> None:
    phasing, rnd = data["phasing"], data["round"]
    units = _available(state, side, data)
    found: dict[tuple[str, str], list[str]] = {}  # (unit, mission) -> its mission_hexes, read once

    def hexes_of(u: str, m: str) -> list[str]:
        if (u, m) not in found:
            found[u, m] = mission_hexes(state, u, m, phasing, rnd)
        return found[u, m]

    for m in MISSIONS:
        able = [u for u in units if _may(state, u, m, data)]
        for u in able:
            hexes = hexes_of(u, m)
            legal.add_choices("FlyMission", (u,), len(hexes), lambda i, u=u, m=m, h=hexes: FlyMission(units=(u,), mission=m, hex=h[i]))
        if m in ("ground_attack", "cap"):
            for i, u in enumerate(able):
                for v in able[i + 1:]:
                    theirs = set(hexes_of(v, m))
                    hexes = [h for h in hexes_of(u, m) if h in theirs]
                    legal.add_choices("FlyMission", (u, v), len(hexes), lambda k, p=(u, v), m=m, h=hexes: FlyMission(units=p, mission=m, hex=h[k]))
        if m == "ground_attack":
            escorts = [e for e in units if _may_escort(state, e, data)]
            for u in able:
                hexes = hexes_of(u, m)
                for e in escorts:
                    if e != u:
                        legal.add_choices("FlyMission", (u,), len(hexes),
                                          lambda k, u=u, e=e, h=hexes: FlyMission(units=(u,), mission="ground_attack", hex=h[k], escort=e))
    if rnd == 1:
        hqs = withhold_hqs(state, side)
        for u in units:
            if _may(state, u, "ground_attack", data) or _may(state, u, "cap", data):
                legal.add_choices("WithholdAir", (u,), len(hqs), lambda i, u=u: WithholdAir(units=(u,), hq=hqs[i]))


def _may_escort(state: GameState, unit_id: str, data: dict) -> bool:
    """28.5: a fighter able to fly now (in the second round, one withheld)."""
    if "escort" not in missions_of(state, unit_id):
        return False
    if data["round"] == 2:
        f = flight_of(state, unit_id)
        return f is not None and f["mission"] == "withheld"
    return fly_refusal(state, unit_id, "escort", data["player_turn"]) is None


def commit_refusal(state: GameState, decision: Decision, action) -> tuple[str, str] | None:
    data = decision.data
    side = decision.side
    units = tuple(action.units)
    if not units or len(set(units)) != len(units):
        return "28.3", "name the air unit(s) once each"
    escort = getattr(action, "escort", "")
    if len(units) + (1 if escort else 0) > state.board.data.air.stack_limit:
        return "28.3.2B", "at most two air units fly in a stack"
    for u in units + ((escort,) if escort else ()):
        if u not in state.game.get("air", {}) or state.units[u].side != side:
            return "28.3.2A", f"{u} is not a {side} air unit in play"
    if isinstance(action, WithholdAir):
        if data["round"] != 1:
            return "28.3.3B", "units are withheld in the first round's commitment only"
        if action.hq not in withhold_hqs(state, side):
            return "28.3.3C", f"{action.hq} is not a formation HQ of the {side} player on the map"
        for u in units:
            if not (_may(state, u, "ground_attack", data) or _may(state, u, "cap", data)):
                return fly_refusal(state, u, "ground_attack", data["player_turn"]) or ("28.3.3B", f"{u} may not be withheld")
        return None
    if action.mission not in MISSIONS:
        return "28.0B", f"{action.mission} is not an air mission"
    if escort and action.mission != "ground_attack":
        return "28.5", "an escort flies with a ground attack"
    for u in units:
        if data["round"] == 2:
            f = flight_of(state, u)
            if f is None or f["mission"] != "withheld":
                return "28.3.3E", f"{u} was not withheld for the second round"
            if action.mission not in ("ground_attack", "cap") or action.mission not in missions_of(state, u):
                return "28.3.3E", "a withheld unit flies a ground attack or a patrol"
        else:
            refusal = fly_refusal(state, u, action.mission, data["player_turn"])
            if refusal:
                return refusal
        if action.hex not in mission_hexes(state, u, action.mission, data["phasing"], data["round"]):
            return _hex_case(action.mission), f"{u} may not fly its {MISSION_WORDS[action.mission]} mission to {action.hex}"
    if escort:
        if "escort" not in missions_of(state, escort):
            return "28.5", f"{escort} is no fighter"
        if data["round"] == 2:
            f = flight_of(state, escort)
            if f is None or f["mission"] != "withheld":
                return "28.3.3E", f"{escort} was not withheld for the second round"
        else:
            refusal = fly_refusal(state, escort, "escort", data["player_turn"])
            if refusal:
                return refusal
    return None


def _hex_case(mission: str) -> str:
    return {"ground_attack": "28.4.1A", "cap": "28.6A", "supply": "28.7B", "transfer": "28.8A"}[mission]


def legal(state: GameState, decision: Decision, out: LegalActions) -> None:
    data = decision.data
    if data["stage"] == "pair":  # 28.10.1A: every patrol is paired; there is no passing
        out.add_list(pair_options(state, decision.side, data))
        return
    if data["stage"] == "fight":
        out.add_list(fight_options(state, data))
        return
    if data["stage"] == "commit":
        _commit_options(state, decision.side, data, out)
    else:
        out.add_list(patrol_options(state, decision.side, data))
    out.add_list([EndAirTurn()])


def _new_flight(state: GameState, side: str, units, mission: str, hex_id: str | None, rnd: int, escort: str = "", hq: str = "") -> dict:
    state.game["flight_seq"] = state.game.get("flight_seq", 0) + 1
    f = {"id": state.game["flight_seq"], "side": side, "units": list(units), "escort": escort, "mission": mission,
         "hex": hex_id, "hq": hq, "round": rnd, "used": False, "moved": False}
    state.game["flights"].append(f)
    return f


def _sortie(state: GameState, units, player_turn: int) -> None:
    """28.2: the units fly now: counted for 4.B; a strip unit has flown this player turn."""
    for u in units:
        side = state.units[u].side
        flown = state.turn_data.setdefault("air_flown", {"soviet": [], "german": []}).setdefault(side, [])
        if u not in flown:
            flown.append(u)
        if state.game["air"][u]["base"] != "box":
            state.turn_data.setdefault("strip_flew", {}).setdefault(str(player_turn), []).append(u)


def decide(state: GameState, decision: Decision, action, events: list) -> None:
    data = decision.data
    side = decision.side
    if data["stage"] == "fight":
        _decide_fight(state, decision, action, events)
        return
    if data["stage"] == "pair":
        if not isinstance(action, PairAir) or action not in pair_options(state, side, data):
            raise IllegalAction("28.10.1A" if not isinstance(action, PairAir) else _pair_case(state, side, data, action),
                                f"the {side} player pairs one of its free patrols with an enemy stack of {data['combat_hexes'][0]}")
        cap, target = flight_of(state, action.unit), flight_of(state, action.target)
        data["pairs"].append([cap["id"], target["id"]])
        data["engaged"].append(cap["id"])
        if target["mission"] == "cap":
            data["engaged"].append(target["id"])  # 28.10.1B: paired with, it stays in this pair
        data["turn"] = other(side)
        events.append(AirPaired(units=tuple(members(cap)), targets=tuple(members(target)), hex=cap["hex"], case="28.10.1A"))
        state.pending.remove(decision)
        _next_pairing(state, data, events)
        return
    if isinstance(action, EndAirTurn):
        data["passed"].append(side)
        _next(state, decision, events)
        return
    if data["stage"] == "commit" and isinstance(action, (FlyMission, WithholdAir)):
        refusal = commit_refusal(state, decision, action)
        if refusal:
            raise IllegalAction(*refusal)
        units = tuple(action.units)
        if isinstance(action, WithholdAir):
            _sortie(state, units, data["player_turn"])
            _new_flight(state, side, units, "withheld", None, 2, hq=action.hq)
            events.append(MissionFlown(side=side, units=units, mission="withheld", hex=action.hq, case="28.3.3C"))
        else:
            escort = action.escort
            if data["round"] == 2:
                for u in units + ((escort,) if escort else ()):
                    _leave_withheld(state, u)
            else:
                _sortie(state, units + ((escort,) if escort else ()), data["player_turn"])
            f = _new_flight(state, side, units, action.mission, action.hex, data["round"], escort=escort)
            spot(state)
            events.append(MissionFlown(side=side, units=units + ((escort,) if escort else ()), mission=action.mission, hex=action.hex,
                                       secret=secret(state, f), case=_hex_case(action.mission)))
        _next(state, decision, events)
        return
    if data["stage"] == "cap" and isinstance(action, PatrolMove):
        refusal = patrol_refusal(state, side, data, action.unit, action.hex)
        if refusal:
            raise IllegalAction(*refusal)
        f = flight_of(state, action.unit)
        f["hex"] = action.hex
        f["moved"] = True
        spot(state)
        data["entered"].setdefault(action.hex, []).append(side)
        events.append(PatrolMoved(units=tuple(members(f)), hex=action.hex, case="28.6B"))
        _next(state, decision, events)
        return
    raise IllegalAction("28.3", f"{action.kind}: the {side} player is committing air units" if data["stage"] == "commit"
                        else f"{action.kind}: the {side} player is moving combat air patrols")


def _pair_case(state: GameState, side: str, data: dict, action) -> str:
    """The case a refused pairing breaks: 28.10.1C when the target is allowed only once no enemy
    patrol or escorted stack is left, 28.10.1B when the patrol is paired already, else 28.10.1A."""
    f = flight_of(state, action.unit)
    if f is not None and f["id"] in data["engaged"]:
        return "28.10.1B"
    if any(a.unit == action.unit for a in pair_options(state, side, data)):
        return "28.10.1C"
    return "28.10.1A"


def _leave_withheld(state: GameState, unit_id: str) -> None:
    f = flight_of(state, unit_id)
    if f is None:
        return
    if unit_id in f["units"]:
        f["units"].remove(unit_id)
    if not f["units"]:
        state.game["flights"].remove(f)


def _has_patrol(state: GameState, side: str, data: dict) -> bool:
    return bool(patrol_options(state, side, data))


def _next(state: GameState, decision: Decision, events: list) -> None:
    """28.3, 28.6B: the turn passes to the other side unless it passed; when both have passed the
    commitment gives way to the patrol moves, and those to the air combats (28.6C)."""
    data = decision.data
    state.pending.remove(decision)
    has = _has_commit if data["stage"] == "commit" else _has_patrol
    for side in (other(decision.side), decision.side):
        if side not in data["passed"] and has(state, side, data):
            state.pending.append(Decision(DECISION, side, "28.3" if data["stage"] == "commit" else "28.6B", data))
            return
    if data["stage"] == "commit":
        data["stage"] = "cap"
        data["passed"] = []
        for side in (data["phasing"], other(data["phasing"])):
            if _has_patrol(state, side, data):
                state.pending.append(Decision(DECISION, side, "28.6B", data))
                return
    _finish(state, data, events)


def patrol_options(state: GameState, side: str, data: dict) -> list[PatrolMove]:
    out = []
    for f in flights(state):
        if f["side"] != side or f["mission"] != "cap" or f["moved"]:
            continue
        for h in _enemy_air_hexes(state, side):
            if patrol_refusal(state, side, data, f["units"][0], h) is None:
                out.append(PatrolMove(unit=f["units"][0], hex=h))
    return out


def _enemy_air_hexes(state: GameState, side: str) -> list[str]:
    return sorted({f["hex"] for f in flights(state) if f["side"] != side and f["mission"] != "withheld" and f["hex"]})


def patrol_refusal(state: GameState, side: str, data: dict, unit_id: str, hex_id: str) -> tuple[str, str] | None:
    """28.6B, 28.9A: a patrol not moved yet goes up to four hexes (two in light snow showers) to a
    hex of enemy air units; a patrol an enemy patrol came to stays if it is the last one there."""
    f = flight_of(state, unit_id)
    if f is None or f["side"] != side or f["mission"] != "cap" or f["units"][0] != unit_id:
        return "28.6A", f"{unit_id} flies no combat air patrol of the {side} player"
    if f["moved"]:
        return "28.6B", f"{unit_id} has made its patrol move"
    reach = cap_reach(state)
    if state.board.distance(f["hex"], hex_id) > reach:  # asked first: beyond reach a secret transfer (30.7) is not told of
        return "28.6B", f"{hex_id} is more than {reach} hexes from {f['hex']}"
    if hex_id not in _enemy_air_hexes(state, side) or hex_id == f["hex"]:
        return "28.9A", f"no enemy air unit is at {hex_id}"
    if other(side) in data["entered"].get(f["hex"], []):
        mates = [g for g in flights(state) if g is not f and g["side"] == side and g["mission"] == "cap" and g["hex"] == f["hex"]]
        if not mates:
            return "28.9A", f"an enemy patrol came to {f['hex']}: one friendly patrol stays there to fight"
    return None


# ----------------------------------------------------------------------------- air combat (28.9, 28.10)


def read_crt(state: GameState, attack, defense, column: str | None, events: list, purpose: str, case: str):
    """The CRT read for air: by the odds of ``attack`` to ``defense`` (15.7A, 15.8B-C), or on a
    fixed ``column`` (28.11A-B); two dice from the game's dice."""
    from . import combat
    from .fight import _crts

    crt = _crts(state.scenario)
    data = state.board.data.crt
    drm = 0
    if column is None:
        index = combat.odds_index(Fraction(attack), Fraction(defense), crt.columns)
        if index < 0:
            column, drm = data.below_lowest["column"], int(data.below_lowest.get("drm", -1))
        elif index >= len(crt.columns):
            column = data.above_highest
        else:
            column = crt.columns[index]
    roll = state.rng.randint(1, 6) + state.rng.randint(1, 6)
    events.append(DiceRolled(die=roll, purpose=purpose, modified=roll + drm, case=case))
    return str(column), crt.read(str(column), roll + drm)


def lose(state: GameState, unit_id: str, n: int, case: str, events: list) -> bool:
    """28.10.4A-B: air points lost (an SP marker); True when the unit is destroyed."""
    if n <= 0 or unit_id not in state.game.get("air", {}):
        return False
    rec = state.units[unit_id]
    rec.step += n
    if rec.step >= max(strongest(state, unit_id), 1):
        _destroy(state, unit_id, "air losses", case, events)
        return True
    events.append(AirLoss(unit=unit_id, lost=n, left=strongest(state, unit_id) - rec.step, case=case))
    return False


def _destroy(state: GameState, unit_id: str, why: str, case: str, events: list) -> None:
    f = flight_of(state, unit_id)
    where = f["hex"] if f and f["hex"] else ""
    if f is not None:
        if unit_id in f["units"]:
            f["units"].remove(unit_id)
        if f.get("escort") == unit_id:
            f["escort"] = ""
        if not f["units"]:
            if f.get("escort"):
                f["units"], f["escort"] = [f["escort"]], ""
            else:
                state.game["flights"].remove(f)
    del state.game["air"][unit_id]
    state.units[unit_id].step = max(state.units[unit_id].step, strongest(state, unit_id))
    state.to_box(unit_id, "eliminated")
    events.append(Eliminated(unit=unit_id, hex=where, reason=why, case=case))


def loss_options(state: GameState, f: dict) -> list[TakeAirLoss]:
    """28.10.4A, 28.11A: the units of a hit flight that may take its next loss point: any of them (the
    rules name no order; the owner chooses, as for ground units, 16.0)."""
    return [TakeAirLoss(unit=u) for u in members(f) if u in state.game.get("air", {})] if f in flights(state) else []


def owe_losses(state: GameState, f: dict, n: int, case: str, events: list) -> int:
    """Take the flight's losses while only one unit is left to take them; the points still owed
    (the owner then picks, :class:`TakeAirLoss`, one point at a time)."""
    while n > 0 and f in flights(state):
        units = members(f)
        if len(units) > 1:
            return n
        lose(state, units[0], 1, case, events)
        n -= 1
    return 0


def take_loss(state: GameState, f: dict, action, case: str, events: list) -> None:
    """One loss point on the unit the owner picked (28.10.4A, 28.11A)."""
    if not isinstance(action, TakeAirLoss) or action not in loss_options(state, f):
        names = ", ".join(members(f)) if f in flights(state) else "the flight"
        raise IllegalAction(case, f"the loss falls on one of the units of the flight hit ({names})")
    lose(state, action.unit, 1, case, events)


def open_anti_aircraft_loss(state: GameState, f: dict, n: int, events: list) -> bool:
    """28.11A: the flight hit by anti-aircraft fire takes its loss, then goes home without attacking;
    True when its owner is to pick the units that take it (a decision on top of the combat)."""
    n = owe_losses(state, f, n, "28.11A", events)
    if n and f in flights(state):
        state.pending.append(Decision(LOSS, f["side"], "28.11A", {"flight": f["id"], "owed": n}))
        return True
    if f in flights(state):
        go_home(state, f, events, "28.11A")
    return False


def legal_loss(state: GameState, decision: Decision, out: LegalActions) -> None:
    out.add_list(loss_options(state, flight_by_id(state, decision.data["flight"]) or {}))


def decide_loss(state: GameState, decision: Decision, action, events: list) -> None:
    """28.11A: one point of an anti-aircraft loss on the unit picked; the flight goes home once it is taken."""
    f = flight_by_id(state, decision.data["flight"])
    take_loss(state, f or {}, action, "28.11A", events)
    decision.data["owed"] = owe_losses(state, f, decision.data["owed"] - 1, "28.11A", events)
    if decision.data["owed"] and f in flights(state):
        return
    state.pending.remove(decision)
    if f in flights(state):
        go_home(state, f, events, "28.11A")


def go_home(state: GameState, f: dict, events: list, case: str) -> None:
    """28.2D-E, 28.9.2B, 28.10.3, 28.11A: the flight returns: a box unit to the unready box; an
    airstrip unit whose strip stands lands where its owner says, its strip or the unready box
    (28.2E: the :data:`RETURN` decision, the unit ``landing`` until then); one whose strip is gone
    goes to the unready box."""
    if f not in flights(state):
        return
    state.game["flights"].remove(f)
    back = members(f)
    places = []
    for u in back:
        rec = state.game["air"].get(u)
        if rec is None:
            continue
        if rec["base"] != "box" and rec["base"] not in state.game.get("airstrips", {}):
            rec["base"] = "box"
        if rec["base"] == "box":
            rec["ready"] = False
        else:
            rec["landing"] = True
            state.pending.append(Decision(RETURN, f["side"], "28.2E", {"unit": u}))
        places.append(u)
    if places:
        events.append(AirReturned(units=tuple(places), to="base", case=case))


def return_options(state: GameState, unit_id: str) -> list[ReturnAir]:
    rec = state.game.get("air", {}).get(unit_id)
    if rec is None or not rec.get("landing"):
        return []
    return [ReturnAir(unit=unit_id, to="strip"), ReturnAir(unit=unit_id, to="box")]


def legal_return(state: GameState, decision: Decision, out: LegalActions) -> None:
    out.add_list(return_options(state, decision.data["unit"]))


def decide_return(state: GameState, decision: Decision, action, events: list) -> None:
    """28.2E: the unit lands on its strip (it may fly from it again next player turn, 28.2B) or in
    the unready box (ready when the game turn ends, 28.2F)."""
    unit_id = decision.data["unit"]
    if not isinstance(action, ReturnAir) or action not in return_options(state, unit_id):
        raise IllegalAction("28.2E", f"{unit_id} lands on the airstrip it flew from or in the unready box")
    rec = state.game["air"][unit_id]
    del rec["landing"]
    state.pending.remove(decision)
    if action.to == "box":
        rec["base"], rec["ready"] = "box", False
        to = "the unready box"
    else:
        area = state.scenario.map.areas.get(rec["base"])
        to = area.name if area is not None else rec["base"]
    events.append(AirReturned(units=(unit_id,), to=to, side=decision.side, secret=fog_hidden(state), case="28.2E"))


def _air_air(state: GameState, f: dict) -> int:
    """28.10.2B-C: the stack's air-to-air total, its escort's included."""
    return sum(factors(state, u)[0] for u in members(f))


def _strike(state: GameState, attacker: dict, defender: dict, data: dict, events: list) -> bool:
    """One air-to-air attack (28.10.2B: results to the attacker ignored); True when it had an effect.
    A loss is owed by the defending stack (``data["loss"]``: its owner picks the units, 28.10.4A)."""
    column, result = read_crt(state, _air_air(state, attacker), _air_air(state, defender), None, events,
                              f"air combat at {defender['hex']}", "28.10.2B")
    events.append(AirFight(attackers=tuple(members(attacker)), defenders=tuple(members(defender)), column=column,
                           result=result.text, case="28.10.2B"))
    part = result.defender
    if part.loss:
        data["loss"] = {"flight": defender["id"], "owed": part.loss}
    if part.loss or part.retreat:
        defender["hit"] = True
        return True
    return False


def combat_hexes(state: GameState) -> list[str]:
    """28.9B: the hexes holding both sides' air units, one side's on patrol."""
    out = []
    for h in sorted({f["hex"] for f in flights(state) if f["hex"] and f["mission"] != "withheld"}):
        here = [f for f in flights(state) if f["hex"] == h and f["mission"] != "withheld"]
        if len({f["side"] for f in here}) == 2 and any(f["mission"] == "cap" for f in here):
            out.append(h)
    return out


def pair_options(state: GameState, side: str, data: dict) -> list[PairAir]:
    """28.10.1A-C: the side's patrols in the combat hex not paired yet (nor paired with by an enemy
    patrol, 28.10.1B), each with the enemy stacks it may take: enemy patrols and escorted stacks
    while there are any, then any enemy stack."""
    if not data.get("combat_hexes"):
        return []
    h = data["combat_hexes"][0]
    here = [f for f in flights(state) if f["hex"] == h and f["mission"] != "withheld"]
    engaged = set(data["engaged"])
    mine = [f for f in here if f["side"] == side and f["mission"] == "cap" and f["id"] not in engaged]
    foes = [f for f in here if f["side"] != side]
    first = [f for f in foes if f["mission"] == "cap" or f.get("escort")]
    return [PairAir(unit=c["units"][0], target=t["units"][0]) for c in mine for t in (first or foes)]


def _next_pairing(state: GameState, data: dict, events: list) -> bool:
    """Hand the pairing to the side whose turn it is (or the other, when it has no patrol left to
    pair); a hex whose patrols are all paired is fought (:func:`_fight_on`) and the next one follows.
    False once every air combat is over (the segment then concludes)."""
    while data["combat_hexes"]:
        for side in (data["turn"], other(data["turn"])):
            if pair_options(state, side, data):
                state.pending.append(Decision(DECISION, side, "28.10.1A", data))
                return True
        data.update(stage="fight", at=0, step="open", struck=[], fought=[], loss=None)
        return _fight_on(state, data, events)
    _conclude(state, data, events)
    return False


def _fight_on(state: GameState, data: dict, events: list) -> bool:
    """28.9.1, 28.10.2, 28.9.2B: the pairs of the hex in the order made, the pairing patrol striking
    first.  The side concerned decides what the rules leave to it: a stack no attack harmed may strike
    back (28.10.2A), a later interceptor may attack a stack an earlier one left unharmed (28.9.1C), the
    owner of a hit stack of two picks the unit that takes each loss point (28.10.4A).  Then the patrols
    and every stack with a result go home, and the next hex is paired.  True while a side decides."""
    while True:
        loss = data.get("loss")
        if loss:
            f = flight_by_id(state, loss["flight"])
            loss["owed"] = owe_losses(state, f, loss["owed"], "28.10.4A", events) if f else 0
            if loss["owed"]:
                state.pending.append(Decision(DECISION, f["side"], "28.10.4A", data))
                return True
            data["loss"] = None
        if data["at"] >= len(data["pairs"]):
            for fid in data["fought"]:
                f = flight_by_id(state, fid)
                if f is not None and (f["mission"] == "cap" or f.get("hit")):
                    go_home(state, f, events, "28.9.2B")
            data["combat_hexes"].pop(0)
            data.update(stage="pair", pairs=[], engaged=[], turn=data["phasing"])
            return _next_pairing(state, data, events)
        cap, target = (flight_by_id(state, i) for i in data["pairs"][data["at"]])
        if data["step"] == "open":
            if cap is None or target is None or target.get("hit"):
                data["at"] += 1
                continue
            if target["id"] in data["struck"]:  # 28.9.1C: a later interceptor attacks at its owner's option
                data["step"] = "press"
                state.pending.append(Decision(DECISION, cap["side"], "28.9.1C", data))
                return True
            data["step"] = "strike"
        if data["step"] == "strike":
            data["struck"].append(target["id"])
            data["fought"] += [cap["id"], target["id"]]
            data["step"], data["at"] = "open", data["at"] + 1
            if not _strike(state, cap, target, data, events) and target in flights(state) and _air_air(state, target) > 0:
                data["step"], data["at"] = "back", data["at"] - 1  # 28.10.2A, 28.9.1B: the defenders may hit back
                state.pending.append(Decision(DECISION, target["side"], "28.10.2A", data))
                return True


def fight_options(state: GameState, data: dict) -> list:
    """The choices of the air combat now: the loss's units (28.10.4A), strike back or not (28.10.2A),
    a later interceptor's attack or not (28.9.1C)."""
    if data.get("loss"):
        return loss_options(state, flight_by_id(state, data["loss"]["flight"]) or {})
    cap, target = (flight_by_id(state, i) for i in data["pairs"][data["at"]])
    if cap is None or target is None:
        return []
    if data["step"] == "back":
        return [AirStrike(unit=target["units"][0], target=cap["units"][0]), HoldAirFire(unit=target["units"][0])]
    if data["step"] == "press":
        return [AirStrike(unit=cap["units"][0], target=target["units"][0]), HoldAirFire(unit=cap["units"][0])]
    return []


def _decide_fight(state: GameState, decision: Decision, action, events: list) -> None:
    data = decision.data
    if data.get("loss"):
        f = flight_by_id(state, data["loss"]["flight"])
        take_loss(state, f or {}, action, "28.10.4A", events)
        data["loss"]["owed"] -= 1
    else:
        case = "28.10.2A" if data["step"] == "back" else "28.9.1C"
        if action not in fight_options(state, data):
            what = "strike back or hold its fire" if case == "28.10.2A" else "the next interceptor attacks or passes"
            raise IllegalAction(case, f"the {decision.side} player decides whether {what}")
        cap, target = (flight_by_id(state, i) for i in data["pairs"][data["at"]])
        if isinstance(action, HoldAirFire):
            data["step"], data["at"] = "open", data["at"] + 1
        elif data["step"] == "press":
            data["step"] = "strike"
        else:
            data["step"], data["at"] = "open", data["at"] + 1
            _strike(state, target, cap, data, events)
    state.pending.remove(decision)
    _fight_on(state, data, events)


def _finish(state: GameState, data: dict, events: list) -> None:
    """After the patrol moves: the air combats, hex by hex, the sides pairing in turn, the phasing
    side first (28.6C, 28.10.1A); then :func:`_conclude`."""
    data.update(stage="pair", combat_hexes=combat_hexes(state), pairs=[], engaged=[], turn=data["phasing"])
    _next_pairing(state, data, events)


def _conclude(state: GameState, data: dict, events: list) -> None:
    """The supply and transfer missions still flying are carried out (28.7, 28.8B), then every flight
    but the ground attacks (and, in the first round, the withheld units) returns."""
    for f in list(flights(state)):
        if f["mission"] == "transfer":
            _transfer(state, f, events)
        elif f["mission"] == "supply":
            _supply(state, f, events)
    keep = ("ground_attack", "withheld") if data["round"] == 1 else ("ground_attack",)
    for f in list(flights(state)):
        if f["mission"] not in keep:
            go_home(state, f, events, "28.9.2B" if f["mission"] == "cap" else "28.2D")


def _transfer(state: GameState, f: dict, events: list) -> None:
    """28.8A-B: not attacked by enemy patrols, the unit changes base."""
    u = f["units"][0]
    rec = state.game["air"][u]
    hide = secret(state, f)
    state.game["flights"].remove(f)
    if rec["base"] == "box":
        area = next((a for a, h in state.game.get("airstrips", {}).items() if h == f["hex"]), None)
        if area is not None:
            rec["base"] = area
            events.append(AirReturned(units=(u,), to=area, side=f["side"], secret=hide, case="28.8A"))
            return
    rec["base"], rec["ready"] = "box", False
    events.append(AirReturned(units=(u,), to="the unready box", side=f["side"], secret=hide, case="28.8A"))


def _supply(state: GameState, f: dict, events: list) -> None:
    """28.7A-B, 8.3.1: a transport not driven off supplies its airstrip or drops on its hex."""
    got = state.turn_data.setdefault("air_supply", {}).setdefault(f["side"], {"strips": [], "drops": []})
    area = next((a for a, h in _live_strips(state, f["side"]).items() if h == f["hex"]), None)
    if area is not None:
        got["strips"].append(area)
    else:
        got["drops"].append(f["hex"])


# ----------------------------------------------------------------------------- the combat rounds (28.4, 28.11)


def attack_flights(state: GameState, side: str, hex_id: str, rnd: int) -> list[dict]:
    """The side's ground attack flights of this round over ``hex_id`` not used yet."""
    return [f for f in flights(state) if f["side"] == side and f["mission"] == "ground_attack" and f["hex"] == hex_id
            and f["round"] == rnd and not f["used"]]


def defence_flights(state: GameState, side: str, hex_id: str, rnd: int) -> list[dict]:
    """28.4.1C: the side's ground attack flights of this round over its own ``hex_id``: they support
    every attack on it in the round (used or not), until anti-aircraft fire hits them (28.11A)."""
    return [f for f in flights(state) if f["side"] == side and f["mission"] == "ground_attack" and f["hex"] == hex_id
            and f["round"] == rnd and not f.get("hit")]


def flight_by_id(state: GameState, fid: int) -> dict | None:
    return next((f for f in flights(state) if f["id"] == fid), None)


def ground_strength(state: GameState, f: dict) -> int:
    """28.4.1A: the mission units' air-to-ground factors (an escort adds none)."""
    return sum(factors(state, u)[1] for u in f["units"])


def orders_allow(state: GameState, side: str, orders: str) -> bool:
    """6.2.1D, 6.2.2E, 6.2.3B, 6.2.4A.a, 6.2.5B: the Order Chart's air support column."""
    return bool(state.board.data.orders[orders].air_support.get(side, False))


def anti_aircraft_column(state: GameState, kinds_sp: list[tuple[bool, float]]) -> str | None:
    """28.11A-B, E: the 1-1 column when an HQ or artillery fires, the 1-3 column when the firing
    units have 3 SP or more, else no fire.  ``kinds_sp``: (HQ or artillery, SP) per firing unit."""
    cols = state.board.data.crt.aa_columns
    if any(strong for strong, _ in kinds_sp):
        return cols["hq_or_artillery"]
    if sum(sp for _, sp in kinds_sp) >= 3:
        return cols["three_sp"]
    return None


def anti_aircraft(state: GameState, f: dict, column: str | None, events: list) -> bool:
    """28.11: fire on a flight before it attacks or supports; True when it is hit and goes home
    without attacking (28.11A: once its loss is taken; a stack's owner picks the units that take it,
    a :data:`LOSS` decision); the firing units suffer nothing (28.11D) and pay no supply (28.11G)."""
    if column is None:
        return False
    col, result = read_crt(state, 0, 1, column, events, f"anti-aircraft fire at {f['hex']}", "28.11A")
    events.append(AirFight(attackers=("anti-aircraft fire",), defenders=tuple(members(f)), column=col, result=result.text, case="28.11A"))
    if result.defender.loss:
        f["hit"] = True
        open_anti_aircraft_loss(state, f, result.defender.loss, events)  # its owner may pick the units that take it
        return True
    return False


def round_over(state: GameState, rnd: int, events: list) -> None:
    """The flights of combat round ``rnd`` return to base when it ends (28.2D-E)."""
    for f in list(flights(state)):
        if f["round"] == rnd and f["mission"] != "withheld":
            go_home(state, f, events, "28.2D")


def player_turn_over(state: GameState, events: list) -> None:
    for f in list(flights(state)):
        go_home(state, f, events, "28.2D")


def game_turn_over(state: GameState) -> None:
    """28.2F: the unready units turn ready at the end of each game turn."""
    for rec in state.game.get("air", {}).values():
        rec["ready"] = True


# ----------------------------------------------------------------------------- airstrips (30.2B, 30.3, 30.7)


def strip_destroyed(state: GameState, area: str, events: list) -> None:
    """30.3: the air units on a strip a real Soviet unit enters are destroyed with it (those in
    the air come back to the unready box)."""
    if not on(state):
        return
    for u in based_at(state, area):
        if state.game["air"][u].pop("landing", None):  # 28.2E: still in the air, it lands in the box
            state.game["air"][u].update(base="box", ready=False)
            state.pending[:] = [d for d in state.pending if not (d.kind == RETURN and d.data["unit"] == u)]
        elif flight_of(state, u) is None:
            _destroy(state, u, "its airstrip was overrun", "30.3", events)
        else:
            state.game["air"][u]["base"] = "box"


def after_move(state: GameState, units, path, events: list) -> None:
    """30.2A-B: a face-up Soviet unit moving next to (or onto) a German airstrip shows the USSR
    the air units based there."""
    from . import fog

    if not on(state) or not fog.hidden_on(state) or state.units[units[0]].side != "soviet":
        return
    if not any(not fog.is_dummy(state, u) and not fog.face_down(state, u) for u in units):
        return
    seen = state.game.setdefault("strips_seen", [])
    near = set(path) | {n for h in path for n in state.board.nbrs[h]}
    for area, h in sorted(state.game.get("airstrips", {}).items()):
        if h in near and area not in seen:
            seen.append(area)
            events.append(AirfieldRevealed(area=area, units=tuple(based_at(state, area)), case="30.2B"))


def observation(state: GameState, side: str, out: dict) -> dict:
    """28, 2.3, 30.7: the enemy's air base box is its display: whether an enemy unit is ready is
    not seen; with hidden units (30.7) the units on a German airstrip are off the map, in the
    display's airfield boxes, until the strip is seen (30.2B)."""
    game = out.get("game", {})
    records = game.get("air")
    if not isinstance(records, dict):
        return out
    seen = set(state.game.get("strips_seen", []))
    hide_strips = fog_hidden(state)
    shown = {}
    for u, rec in records.items():
        if state.units[u].side == side:
            shown[u] = rec
            continue
        base = rec["base"]
        if hide_strips and not (base != "box" and base in seen):
            base = "unknown"  # 30.7: the display's boxes and airfield boxes alike
        shown[u] = {"base": base}
    game["air"] = shown
    if isinstance(game.get("flights"), list):
        game["flights"] = [_as_seen(state, f, side) for f in game["flights"]]
    if hide_strips and isinstance(out.get("pending"), list):  # 30.7: where an enemy unit lands tells it is strip-based
        out["pending"] = [d for d in out["pending"] if not (d.get("kind") == RETURN and d.get("side") != side)]
    turn = out.get("turn_data", {})
    if isinstance(turn.get("strip_flew"), dict) and hide_strips:
        turn["strip_flew"] = {k: [u for u in v if state.units[u].side == side] for k, v in turn["strip_flew"].items()}
    return out


def fog_hidden(state: GameState) -> bool:
    from . import fog

    return fog.hidden_on(state)


def spot(state: GameState) -> None:
    """28.8B, 30.7: a German transfer flight whose airstrip lies within a Soviet patrol's reach
    (28.6B) is placed on the map, seen by the USSR from then on (``spotted``)."""
    if not fog_hidden(state):
        return
    reach = cap_reach(state)
    patrols = [f["hex"] for f in flights(state) if f["side"] == "soviet" and f["mission"] == "cap" and f["hex"]]
    for f in flights(state):
        if f["mission"] == "transfer" and any(state.board.distance(p, f["hex"]) <= reach for p in patrols):
            f["spotted"] = True


def secret(state: GameState, f: dict) -> bool:
    """30.7: with hidden units the USSR is told of a German transfer flight but not the airstrip it
    flies to or from, unless a Soviet patrol had it in reach (28.8B, :func:`spot`)."""
    return f["mission"] == "transfer" and fog_hidden(state) and not f.get("spotted")


def _as_seen(state: GameState, f: dict, side: str) -> dict:
    return dict(f, hex=None) if f["side"] != side and secret(state, f) else f


def visible_flights(state: GameState, side: str) -> list[dict]:
    """The flights out as ``side`` may know them: an enemy's secret transfer without its hex (30.7)."""
    return [_as_seen(state, f, side) for f in flights(state)]


def seen_by(event, side: str):
    """30.7: what ``side`` reads of an air event: the enemy's secret transfer or landing without its
    airstrip (the flight announced, the unit back at "base"); any other event as it is."""
    if isinstance(event, MissionFlown) and event.secret and event.side != side:
        return replace(event, hex="", secret=False)
    if isinstance(event, AirReturned) and event.secret and event.side != side:
        return replace(event, to="base", secret=False)
    return event


# ----------------------------------------------------------------------------- supply by air (8.1G, 8.3.1)


def supplied_strips(state: GameState, side: str) -> list[str]:
    """8.3.1A: the airstrips a transport supplied this game turn (live ones)."""
    got = state.turn_data.get("air_supply", {}).get(side, {})
    return [a for a in got.get("strips", []) if a in state.game.get("airstrips", {})]


def drops(state: GameState, side: str) -> list[str]:
    """8.3.1B, 28.7A: hexes given paradropped supply this game turn."""
    return list(state.turn_data.get("air_supply", {}).get(side, {}).get("drops", []))

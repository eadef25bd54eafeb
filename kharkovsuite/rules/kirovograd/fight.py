"""A combat round in the game (14.0, 15.0): part 1's ``combat_*`` phases, wired to the pure combat
modules (:mod:`.combat`, :mod:`.settle`, :mod:`.losses`, :mod:`.retreat`, :mod:`.advance`,
:mod:`.artillery`, :mod:`.hq_support`, :mod:`.declare`).

The round goes in 15.0's steps, each the decision of the side that takes it:

1. Declaration (15.1, the phasing side, no pending decision): an attack is built step by step:
   :class:`AttackHex` opens it on a target (or adds a target, 14.3H), :class:`AddAttacker` adds an
   adjacent unit, :class:`AddSupport` a gun's barrage (21) or an HQ's support (22),
   :class:`ConfirmAttack` declares it (:class:`CancelAttack` drops it).  ``EndPhase`` ends the
   declarations once 14.1C's duty and 6.2.1A's are met; :class:`WithdrawAttack` takes back a
   declared attack when they cannot be.
2. The defender's reserves (14.4, 15.2A): part 1's ``defensive_reserves`` decision; then, if
   they changed a target hex or put attackers in a new ZOC, the attacker's limited
   reorganisation (14.4C, 15.2B): a ``reorganise_attacks`` decision (:class:`Reinforce`,
   :class:`AttackReserve`, :class:`EndReorganise`).
3. The defender's artillery and HQ support (15.3): a ``defensive_support`` decision
   (:class:`SupportDefence`, :class:`EndSupport`).
4. Resolution, attack by attack in 15.5A's order: the roll (15.8), each side's pick on the
   Combat Options Matrix where it has one (15.9, :class:`ChooseResult`, a ``combat_option``
   decision of that side), the losses (16: the owner names the unit of each SP with the engine's
   ``ChooseLoss`` in a ``combat_losses`` decision), the defender's retreats then the attacker's (15.8F,
   17: the engine's ``Retreat`` in a ``retreat`` decision; after each retreat the HQs and guns
   next to the unit may go along, 17.7: :class:`RetreatAlong`, :class:`StayPut` in a
   ``retreat_along`` decision), the advance (18: ``Advance`` and
   ``EndAdvance`` in an ``advance`` decision; second-line units follow once an attacker has
   advanced, 18.5), before the next attack (18.7).

State records: ``state.phase_data["fight"]`` holds the round (``stage``, the ``draft`` attack,
the declared ``attacks``, the resolution ``queue``, the combat being resolved ``now``, HQ support
``hq`` and ``dhq``: HQ -> the hex it supports); ``state.turn_data["attacked"]`` unit -> the
player-turn round it attacked in (6.2.3A, 6.2.5A) and ``turn_data["gun_formation"]`` gun -> the
formation it supported this turn (21.4C).  The SP a unit lost are ``UnitRecord.step`` (16.0C);
eliminated units go to the ``eliminated`` box; a unit that had to overstack after a retreat
carries the ``overstacked`` flag (17.3B) until its hex is legal again.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction

from ...engine.actions import Action, Advance, ChooseLoss, EndAdvance, EndPhase, Retreat
from ...engine.boards import PerScenario
from ...engine.errors import IllegalAction
from ...engine.events import AttackDeclared, Advanced, DiceRolled, Eliminated, Event, FlagChanged, Retreated
from ...engine.legal import LegalActions
from ...engine.state import Decision, GameState
from . import advance, air, artillery, combat, counters, declare, fog, hq_support, losses, reserves, retreat, seen, sequence, settle, stacking, supply, zoc
from .board import game_turn, other
from .boardview import StateBoard
from .data import Part
from .orders import order_of

OVERSTACKED = "overstacked"
SUPPORT = "defensive_support"
OPTION = "combat_option"
RETREAT = "retreat"
ADVANCE = "advance"
ALONG = "retreat_along"
LOSSES = "combat_losses"
REORGANISE = "reorganise_attacks"
DUMMY_ADVANCE = "dummy_advance"
DECISIONS = (SUPPORT, OPTION, RETREAT, ADVANCE, ALONG, LOSSES, REORGANISE, DUMMY_ADVANCE)

_crts = PerScenario(combat.Crt.from_scenario)


# ----------------------------------------------------------------------------- actions


@dataclass(frozen=True)
class AttackHex(Action):
    """Open an attack on an enemy hex, or add a hex to the attack being declared (15.1A, 14.3H)."""

    hex: str


@dataclass(frozen=True)
class AddAttacker(Action):
    """Add an adjacent ground unit to the attack being declared (14.3A, D, I)."""

    unit: str


@dataclass(frozen=True)
class AddSupport(Action):
    """Add a gun's barrage (21.1) or an HQ's support (22.1) to the attack being declared."""

    unit: str


@dataclass(frozen=True)
class ConfirmAttack(Action):
    """Declare the attack being built (15.1A)."""


@dataclass(frozen=True)
class CancelAttack(Action):
    """Drop the attack being built."""


@dataclass(frozen=True)
class WithdrawAttack(Action):
    """Take back a declared attack (before the declarations end), numbered from 0."""

    index: int


@dataclass(frozen=True)
class Reinforce(Action):
    """After the defender's reserves reinforced the target of declared attack ``attack`` (numbered
    from 0), add a ground unit (taken from another attack or not yet attacking), a gun or an HQ to
    it (15.2B)."""

    attack: int
    unit: str


@dataclass(frozen=True)
class AttackReserve(Action):
    """Open an attack, with its first ground unit, on a hex a committed reserve moved into whose
    ZOC now reaches attacking units (14.4C, 15.2B)."""

    hex: str
    unit: str


@dataclass(frozen=True)
class EndReorganise(Action):
    """The attacks stand as they are now reorganised (15.2B)."""


@dataclass(frozen=True)
class SupportDefence(Action):
    """The defender's gun or HQ supports the defence against declared attack ``attack`` (15.3)."""

    unit: str
    attack: int


@dataclass(frozen=True)
class EndSupport(Action):
    """The defender commits no further artillery or HQ support (15.3)."""


@dataclass(frozen=True)
class RetreatAlong(Action):
    """An HQ or gun next to a unit that just retreated goes with it, keeping its place (17.7)."""

    unit: str


@dataclass(frozen=True)
class StayPut(Action):
    """The HQs and guns next to the unit that just retreated stay where they are (17.7A)."""


@dataclass(frozen=True)
class ChooseResult(Action):
    """Take this (SP lost, hexes retreated) pair of the combat's result (15.9)."""

    loss: int
    retreat: int


# ----------------------------------------------------------------------------- events


@dataclass(frozen=True, kw_only=True)
class SpLost(Event):
    unit: str
    lost: int
    left: int
    why: str = ""

    def text(self) -> str:
        return f"{self.unit} loses {self.lost} SP ({self.left} left)" + (f": {self.why}" if self.why else "")


@dataclass(frozen=True, kw_only=True)
class ResultChosen(Event):
    side: str
    loss: int
    retreat: int

    def text(self) -> str:
        return f"{self.side} takes {self.loss} SP and {self.retreat} hex{'es' if self.retreat != 1 else ''} of retreat"


@dataclass(frozen=True, kw_only=True)
class AttackFought(Event):
    """One line for the log: where, at what odds, what came of it."""

    targets: tuple[str, ...]
    column: str
    result: str
    shifts: int = 0

    def text(self) -> str:
        shifted = f" ({self.shifts:+d} columns)" if self.shifts else ""
        return f"attack on {', '.join(self.targets)} at {self.column}{shifted}: {self.result.replace('/', ' ')}"


@dataclass(frozen=True, kw_only=True)
class AttackCalledOff(Event):
    targets: tuple[str, ...]
    reason: str

    def text(self) -> str:
        return f"no combat at {', '.join(self.targets)}: {self.reason}"


@dataclass(frozen=True, kw_only=True)
class FollowRefused(Event):
    """18.5A under the advanced rules 29 and 30: a unit offered to follow the advance, next to the
    attackers in no enemy ZOC its side knew of, stands in the ZOC of face-down counters (now shown,
    29.1) and stays."""

    unit: str
    reason: str

    def text(self) -> str:
        return f"{self.unit} does not follow the advance: {self.reason}"


@dataclass(frozen=True, kw_only=True)
class SupportCut(Event):
    """22.1 on the true position: the line from an HQ to the hex it supports runs through a Locking
    ZOC of face-down counters (now shown, 29.1) or a hidden unit (now found, 30.2A)."""

    unit: str
    hex: str

    def text(self) -> str:
        return f"{self.unit} cannot support {self.hex}: its line runs through an enemy zone of control just shown"


@dataclass(frozen=True, kw_only=True)
class GunSilent(Event):
    """A gun declared to fire (or to support a defence) does not: at the roll it traces no supply line
    (8.1E; the supply point it paid is handed back), or, once the links that pick its track are
    made good on the true position (29.1), its track cannot pay the shot (21.3)."""

    unit: str
    reason: str

    def text(self) -> str:
        return f"{self.unit} does not fire: {self.reason}"


@dataclass(frozen=True, kw_only=True)
class Reorganised(Event):
    unit: str
    targets: tuple[str, ...]

    def text(self) -> str:
        return f"{self.unit} joins the attack on {', '.join(self.targets)}"


@dataclass(frozen=True, kw_only=True)
class Supported(Event):
    unit: str
    hex: str
    how: str

    def text(self) -> str:
        return f"{self.unit} {self.how} at {self.hex}"


# ----------------------------------------------------------------------------- reading the state


def _record(state: GameState) -> dict:
    f = state.phase_data.get("fight")
    if f is None:
        f = state.phase_data["fight"] = {"stage": "declare", "draft": None, "attacks": [], "queue": [], "now": None, "hq": {}, "dhq": {}}
    return f


def round_no(state: GameState) -> int:
    """The player-turn round (1 or 2) of the combat phase."""
    return int(sequence.PHASES[state.phase_index].id.split("_")[2])


def phasing(state: GameState) -> str:
    """The side whose combat round it is."""
    return sequence.player_of(state, sequence.PHASES[state.phase_index].id)


def _on_map(state: GameState, unit_id: str, side: str) -> bool:
    rec = state.units.get(unit_id)
    return rec is not None and rec.side == side and rec.hex is not None


def _ground(state: GameState, hex_id: str, side: str) -> list[str]:
    units = state.board.units
    return [u for u in state.units_at(hex_id) if state.units[u].side == side and units[u].ground]


def enemy_hexes(state: GameState, side: str) -> set[str]:
    """The hexes holding enemy ground units or dummies that ``side`` sees: a face-down counter may
    be a dummy (15.4A), and a hidden unit is not seen (30.1).  It reads the enemy's units only:
    kept with the enemy's derived data (a new set each call)."""
    derived = state.cache.setdefault("derived", {})
    key = ("zoc", other(side), "attackable")
    found = derived.get(key)
    if found is None:
        found = derived[key] = frozenset(_enemy_hexes(state, side))
    return set(found)


def _enemy_hexes(state: GameState, side: str) -> set[str]:
    foe = other(side)
    hidden = seen.masked(state, foe, hidden_only=True)
    units = state.board.units
    return {h for h, ids in state.at.items()
            if any(state.units[u].side == foe and u not in hidden and (units[u].ground or fog.is_dummy(state, u)) for u in ids)}


def _strength(state: GameState, unit_id: str) -> Fraction:
    return Fraction(counters.sp(state, unit_id)).limit_denominator(100)


def _left(state: GameState, unit_id: str) -> int:
    """16.0E-F: the SP losses that still remove the unit (artillery: its defence strength, at least two)."""
    info = state.board.units[unit_id]
    if info.is_artillery:
        return max(info.values.defense or 0, 2) - state.units[unit_id].step
    return int(info.strength[0]) - state.units[unit_id].step


def _used(f: dict) -> set[str]:
    out = set()
    for a in f["attacks"] + ([f["draft"]] if f["draft"] else []):
        out.update(a["attackers"], a["guns"])
    return out


def _guns_used(f: dict) -> set[str]:
    return {g for a in f["attacks"] + ([f["draft"]] if f["draft"] else []) for g in a["guns"] + a["dguns"]}


def formation_gone(state: GameState, formation: str | None, but: str) -> bool:
    """21.4.2, 22.6: no unit of the formation but ``but`` (its HQ or gun) is left on the map."""
    side = state.units[but].side
    return not any(u != but and reserves.formation_of(state, u) == formation and not state.board.units[u].is_hq
                   for u in counters.on_map(state, side))


def _gun_free(state: GameState, gun: artillery.Gun, formation: str) -> bool:
    """21.4.2: whether the gun's own formation is gone, asked only when it matters."""
    if artillery.may_support_formation(gun.formation, formation, state.board.data.formations):
        return False
    return formation_gone(state, gun.formation, gun.id)


def attacker_refusal(state: GameState, f: dict, unit_id: str) -> tuple[str, str] | None:
    """Why ``unit_id`` may not attack this round (14.2E, 14.3E, 12.2, 17.3C, 6.2.3A, 6.2.5A)."""
    side = phasing(state)
    if not _on_map(state, unit_id, side):
        return "14.3A", f"{unit_id} is not a unit of the attacker on the map"
    info = state.board.units[unit_id]
    if not info.ground or info.is_hq or info.is_artillery:
        return "14.2A", f"{unit_id} supports attacks; it does not attack as a ground unit"
    if info.values.defense_only:
        return "14.2E", f"{unit_id} has a bracketed strength and never attacks"
    if counters.sp(state, unit_id) <= 0:
        return "14.2E", f"{unit_id} has no attack strength"
    if unit_id in _used(f):
        return "14.3E", f"{unit_id} already attacks this round"
    if counters.has(state, unit_id, counters.RESERVE):
        return "12.2A", f"{unit_id} is in reserve; it fights once committed"
    if counters.has(state, unit_id, OVERSTACKED):
        return "17.3C", f"{unit_id} is overstacked and takes no part in combat"
    order = order_of(state, unit_id)
    rnd = round_no(state)
    if order == "pursuit" and rnd != 1:
        return "6.2.5A", f"{unit_id} is on pursuit orders: it attacks only in the first combat round"
    before = state.turn_data.get("attacked", {}).get(unit_id)
    if order == "mobile" and before is not None and before != rnd:
        return "6.2.3A", f"{unit_id} is on mobile orders and attacked in the other combat round"
    return None


def target_refusal(state: GameState, unit_id: str, hex_id: str) -> tuple[str, str] | None:
    """Why ``unit_id`` may not attack ``hex_id``: not adjacent (14.3A), or on retreat orders
    attacking an enemy that does not bar its way (6.2.4A: read as one whose ZOC reaches it)."""
    here = state.units[unit_id].hex
    if hex_id not in state.board.nbrs[here]:
        return "14.3A", f"{unit_id} at {here} is not next to {hex_id}"
    if order_of(state, unit_id) == "retreat":
        sources = zoc.zoc_of(state, other(state.units[unit_id].side), True).get(here, ())  # the ZOCs its side knows of
        if hex_id not in {s.hex for s in sources}:
            return "6.2.4A", f"{unit_id} is on retreat orders and attacks only enemies whose ZOC bars it"
    return None


def _gun(state: GameState, unit_id: str) -> artillery.Gun:
    info = state.board.units[unit_id]
    rec = state.units[unit_id]
    v = info.values
    return artillery.Gun(unit_id, rec.side, reserves.formation_of(state, unit_id) or "", v.kind, rec.hex, v.range, v.barrage,
                         v.defense, rec.step, v.armored, counters.has(state, unit_id, counters.TRAVELLING))


def _hq(state: GameState, unit_id: str) -> hq_support.Hq:
    info = state.board.units[unit_id]
    rec = state.units[unit_id]
    return hq_support.Hq(unit_id, rec.side, reserves.formation_of(state, unit_id) or "", rec.hex,
                         int(counters.sp(state, unit_id)), info.values.role, info.values.hq_armored)


def _track(state: GameState, unit_id: str, known: bool = False) -> str | None:
    return supply.track_for(state, reserves.formation_of(state, unit_id), state.units[unit_id].side, known)


def _supply_refusal(state: GameState, unit_id: str, owed=()) -> tuple[str, str] | None:
    """21.3, 8.1E: a shot costs one supply point of the gun's track, beyond the points the guns
    ``owed`` (already in the attack being declared, paid when it is confirmed) take from it.  The
    track is the one the gun's side knows of (29, 30: :func:`_track_made_good` when the shot is made)."""
    track = _track(state, unit_id, known=True)
    if track is None or supply.points(state, track) < 1 + sum(1 for g in owed if _track(state, g, known=True) == track):
        return "21.3", f"{unit_id} has no supply point to fire"
    return None


def _line_refusal(state: GameState, unit_id: str) -> tuple[str, str] | None:
    """8.1E: a gun that traces no supply line (8.2) may not fire; traced on what its side knows of the
    enemy (29, 30; the roll reads the true position, :func:`_silent_guns`)."""
    if supply.forward(state, unit_id, known=True).in_supply:
        return None
    return "8.1E", f"{unit_id} traces no supply line and may not fire"


def _track_refusal(state: GameState, unit_id: str, refusal, events: list) -> tuple[str, str] | None:
    """8.5.1B, 8.5.2B-C under the advanced rules 29 and 30: a supply point offered on the track its side
    knows of (a gun's shot, 21.3; a reconnaissance's attack, 29.8.4A) is asked for: the links that pick
    the track are made good on the true position (:func:`.supply.track_made_good`, the counters cutting
    them shown, 29.1), and if any was, ``refusal`` is asked again.  None when the point may still be
    paid, else why not (the caller tells: :func:`_track_made_good`, :func:`recon_made_good`)."""
    if not supply.track_made_good(state, reserves.formation_of(state, unit_id), state.units[unit_id].side, events):
        return None
    return refusal()


def _track_made_good(state: GameState, unit_id: str, refusal, events: list) -> bool:
    """21.3: a shot offered on the track its side knows of is made (:func:`_track_refusal`); True when
    the gun may still fire, else it does not (:class:`GunSilent`)."""
    again = _track_refusal(state, unit_id, refusal, events)
    if again is None:
        return True
    events.append(GunSilent(unit=unit_id, reason=f"{again[1]} ({again[0]})", case=again[0]))
    return False


def _pay_shot(state: GameState, unit_id: str, attack: dict) -> None:
    """21.3: the shot's point, from the gun's track; ``attack`` keeps which track paid (8.1E: handed back
    there when the gun is silent at the roll)."""
    track = _track(state, unit_id)
    supply.spend(state, track, 1, "21.3", f"{unit_id}'s fire")
    attack.setdefault("paid", {})[unit_id] = track


def _stacked_target(state: GameState, f: dict, gun_hex: str) -> str | None:
    """21.8B: the hex the units stacked with a gun attack."""
    for a in f["attacks"] + ([f["draft"]] if f["draft"] else []):
        if any(state.units[u].hex == gun_hex for u in a["attackers"]):
            return a["targets"][0]
    return None


def barrage_refusal(state: GameState, f: dict, draft: dict, unit_id: str) -> tuple[str, str] | None:
    """Why a gun may not fire in the attack being declared (21.1-21.4, 21.8B, 21.12, 6.2, 8.1E, 21.3)."""
    side = phasing(state)
    if not _on_map(state, unit_id, side) or not state.board.units[unit_id].is_artillery:
        return "21.1", f"{unit_id} is not an artillery unit of the attacker on the map"
    if unit_id in _guns_used(f):
        return "14.3E", f"{unit_id} already fires this round"
    if counters.has(state, unit_id, counters.RESERVE) or counters.has(state, unit_id, OVERSTACKED):
        return "17.3C", f"{unit_id} may not fire now"
    gun = _gun(state, unit_id)
    ground = draft["attackers"]
    independent = not ground
    formations = [reserves.formation_of(state, u) for u in ground] or [gun.formation]
    orders = order_of(state, ground[0]) if ground else order_of(state, unit_id)
    distance = min(state.board.distance(gun.hex, t) for t in draft["targets"])
    refusal = None
    for formation in formations:
        task = artillery.SupportTask("barrage", distance, formation or "", orders, independent, draft["targets"][0])
        try:
            artillery.check_gun(gun, task, state.board.data, own_formation_gone=_gun_free(state, gun, formation or ""),
                                formation_this_turn=state.turn_data.get("gun_formation", {}).get(unit_id),
                                stacked_attack_target=_stacked_target(state, f, gun.hex))
            return _line_refusal(state, unit_id) or _supply_refusal(state, unit_id, draft["guns"])
        except IllegalAction as e:
            refusal = refusal or (e.case, e.reason)
    return refusal


def _supported_hex(state: GameState, hq: hq_support.Hq, units) -> str | None:
    """The hex of the first unit of the HQ's formation among ``units`` (22.1), else of the first."""
    own = [u for u in units if reserves.formation_of(state, u) == hq.formation]
    pick = own or list(units)
    return state.units[pick[0]].hex if pick else None


def hq_refusal(state: GameState, f: dict, draft: dict, unit_id: str) -> tuple[str, str] | None:
    """Why an HQ may not support the attack being declared (22.1, 22.2B, 22.6, 22.7A, 14.3F)."""
    side = phasing(state)
    info = state.board.units.get(unit_id)
    if not _on_map(state, unit_id, side) or info is None or not info.is_hq:
        return "22.1", f"{unit_id} is not an HQ of the attacker on the map"
    if not draft["attackers"]:
        return "14.3B", "an HQ supports ground units, not artillery alone"
    if unit_id in draft["hqs"]:
        return "14.3F", f"{unit_id} supports this attack already"
    hq = _hq(state, unit_id)
    target = _supported_hex(state, hq, draft["attackers"])
    formation = next((reserves.formation_of(state, u) for u in draft["attackers"] if reserves.formation_of(state, u) == hq.formation),
                     reserves.formation_of(state, draft["attackers"][0]))
    try:
        hq_support.check_hq_support(hq, formation or "", path_found=support_line(state, side, hq.hex, target, info.armored),
                                    own_formation_gone=formation_gone(state, hq.formation, unit_id), attacked_by_adjacent=False,
                                    supported_hex_this_round=f["hq"].get(unit_id), target_hex=target)
    except IllegalAction as e:
        return e.case, e.reason
    return None


def support_line(state: GameState, side: str, hq_hex: str, target: str, armored: bool) -> bool:
    """22.1: whether an HQ at ``hq_hex`` has a support line to ``target`` (:func:`.hq_support.support_path`)
    on what ``side`` knows of the enemy (29, 30; the roll reads the true position).  It reads the
    enemy's units and ZOCs only: kept with the enemy's derived data while ``side`` declares its attacks."""
    derived = state.cache.setdefault("derived", {})
    key = ("zoc", other(side), "hq_line", hq_hex, target, armored, zoc.light(state))
    found = derived.get(key)
    if found is None:
        found = derived[key] = hq_support.support_path(StateBoard(state, armored, known=True), side, hq_hex, target) is not None
    return found


# ----------------------------------------------------------------------------- the battle


def _fighter(state: GameState, unit_id: str, role="ground", **kw) -> combat.Fighter:
    info = state.board.units[unit_id]
    rec = state.units[unit_id]
    return combat.fighter_of(unit_id, rec.side, reserves.formation_of(state, unit_id) or "", info.values, _strength(state, unit_id),
                             rec.hex, role, **kw)


def _observed(state: GameState, gun: artillery.Gun, target: str) -> bool:
    """21.5, 23.4: a unit of the gun's formation sees the target."""
    side = gun.side
    observers = [(state.units[u].hex, state.board.is_hill(state.units[u].hex)) for u in counters.on_map(state, side)
                 if u != gun.id and reserves.formation_of(state, u) == gun.formation]
    night_or_fog = state.turn_data.get("light") != "day"
    sources = zoc.zoc_of(state, side).get(target, ())

    def zoc_into(h: str, t: str) -> bool:
        return any(s.hex == h for s in sources)

    return artillery.observed(lambda h: state.board.distance(h, target), target, observers, night_or_fog=night_or_fog, zoc_into=zoc_into)


def hex_orders(state: GameState, targets) -> str:
    """15.5B: the orders the target hexes defend under."""
    side = None
    rows = []
    for t in targets:
        for u in state.units_at(t):
            if state.board.units[u].ground:
                side = state.units[u].side
                rows.append((reserves.formation_of(state, u) or "", order_of(state, u), int(counters.sp(state, u))))
    if not rows:
        raise IllegalAction("14.3A", f"no unit defends {', '.join(targets)}")
    return combat.hex_orders(rows) if side else "mobile"


def battle(state: GameState, attack: dict, side: str) -> combat.Battle:
    """The :class:`.combat.Battle` of a declared (or proposed) attack as the board stands now."""
    foe = other(side)
    ground = [u for u in attack["attackers"] if _on_map(state, u, side)]
    targets = [t for t in attack["targets"] if _ground(state, t, foe)]
    hexes = {state.units[u].hex for u in ground}
    fighters = [_fighter(state, u) for u in ground]
    gone = set(_record(state).get("along", ()))  # 17.7B: a companion supports no one after
    for g in attack["guns"]:
        if _on_map(state, g, side) and g not in gone:
            gun = _gun(state, g)
            distance = min(state.board.distance(gun.hex, t) for t in targets) if targets else 0
            task = artillery.SupportTask("barrage", distance, gun.formation, attack.get("orders") or "mobile", not ground)
            fighters.append(artillery.fighter(gun, task, observed_target=any(_observed(state, gun, t) for t in targets)))
    for h in attack["hqs"]:
        if _on_map(state, h, side) and h not in gone:
            hq = _hq(state, h)
            fighters.append(hq_support.fighter(hq, min((state.board.distance(hq.hex, x) for x in hexes), default=9)))
    fighters += _air_fighters(state, [air.flight_by_id(state, fid) for fid in attack.get("air", ())])
    defenders = []
    grid = state.board.grid
    for t in targets:
        for u in _ground(state, t, foe):
            if counters.has(state, u, OVERSTACKED):
                continue  # 17.3C
            info = state.board.units[u]
            if info.is_artillery:
                task = artillery.SupportTask("defense", 0, reserves.formation_of(state, u) or "", order_of(state, u))
                defenders.append(artillery.fighter(_gun(state, u), task))
            else:
                rear = combat.from_rear(grid, t, [x for x in hexes if x in state.board.nbrs[t]], foe)
                defenders.append(_fighter(state, u, from_rear=rear))
    for g in attack["dguns"]:
        if _on_map(state, g, foe) and g not in gone:
            gun = _gun(state, g)
            distance = min(state.board.distance(gun.hex, t) for t in targets) if targets else 0
            defenders.append(artillery.fighter(gun, artillery.SupportTask("defense", distance, gun.formation, "mobile")))
    defenders += _air_fighters(state, [air.flight_by_id(state, fid) for fid in attack.get("dair", ())])
    dhq = [h for h, x in _record(state)["dhq"].items() if x in targets and _on_map(state, h, foe) and h not in gone] if ground else []
    for h in dhq:
        hq = _hq(state, h)
        defenders.append(hq_support.fighter(hq, min(state.board.distance(hq.hex, t) for t in targets)))
    b = state.board
    fortified = frozenset((a, t) for a in hexes for t in targets if t in b.fortified.get(a, ()))
    if not ground and attack.get("air") and not attack["guns"]:  # 28.4.2B: the target's own fortified hexsides
        fortified = frozenset((n, t) for t in targets for n in b.nbrs[t] if t in b.fortified.get(n, ()))
    d_orders = hex_orders(state, targets) if targets else "mobile"
    return combat.Battle(tuple(fighters), tuple(defenders), tuple(targets), attack.get("orders") or "mobile", d_orders,
                         combat.covers_from_map(b.map, list(targets) + sorted(hexes)), fortified,
                         b.light(game_turn(state)), bool(state.turn_data.get("fog")))


def _air_fighters(state: GameState, flown) -> list[combat.Fighter]:
    """28.4.1A, C: each flight still out adds its units' air-to-ground factors (an escort none)."""
    out = []
    for fl in flown:
        if fl is None:
            continue
        for u in fl["units"]:
            info = state.board.units[u]
            out.append(combat.fighter_of(u, fl["side"], "", info.values, Fraction(air.factors(state, u)[1]), fl["hex"], "air"))
    return out


def _anti_aircraft(state: GameState, attack: dict, side: str, events: list) -> None:
    """28.4.2A, 28.11: before the roll the target hex fires at the attacking flights (28.11C
    first case) and the attackers at the defending flights over it (28.11C second case, 28.11F);
    a flight hit goes home without attacking.  The defender's flights over a target support every
    attack on it in their round (28.4.1C; the program's reading: nothing limits them to one, as
    14.3E limits defending artillery; like an HQ's support, 14.3F), each time under that attack's
    anti-aircraft fire first (28.11C, F)."""
    if not air.on(state):
        return
    foe = other(side)
    targets = [t for t in attack["targets"] if _ground(state, t, foe)]
    for fid in list(attack.get("air", ())):
        fl = air.flight_by_id(state, fid)
        if fl is None:
            attack["air"].remove(fid)
            continue
        hex_units = _ground(state, fl["hex"], foe)
        column = air.anti_aircraft_column(state, [(state.board.units[u].is_hq or state.board.units[u].is_artillery, counters.sp(state, u))
                                                  for u in hex_units])
        if air.anti_aircraft(state, fl, column, events):
            attack["air"].remove(fid)
        else:
            fl["used"] = True
    dair = []
    if attack["attackers"] or attack["guns"]:
        d_orders = hex_orders(state, targets) if targets else "mobile"
        for t in targets:
            for fl in air.defence_flights(state, foe, t, round_no(state)):
                if air.orders_allow(state, foe, d_orders):
                    dair.append(fl)
    firing = [(state.board.units[u].is_hq or bool(attack["hqs"]), counters.sp(state, u)) for u in attack["attackers"] if _on_map(state, u, side)]
    firing += [(True, 0) for g in attack["guns"] if _on_map(state, g, side) and any(t in state.board.nbrs[state.units[g].hex] for t in targets)]
    column = air.anti_aircraft_column(state, firing)
    attack["dair"] = []
    for fl in dair:
        fl["used"] = True
        if not air.anti_aircraft(state, fl, column, events):
            attack["dair"].append(fl["id"])


def combat_preview(state: GameState, attackers, targets, guns=(), hqs=(), flights=()) -> combat.Preview:
    """15.6-15.8 before the roll: the odds column, each shift with its case, the chance of each
    result, for a proposed attack of the side to act; IllegalAction (with its case) when the
    units may not make it."""
    side = phasing(state)
    targets = tuple([targets] if isinstance(targets, str) else targets)
    unseen = seen.masked(state, other(side))
    masked = [t for t in targets if any(u in unseen for u in state.units_at(t))]
    if masked:  # the odds would tell what the face-down (or hidden) counters are, and whether they are dummies
        raise IllegalAction("29.4C", f"the counters at {', '.join(masked)} show what they are only once the attack is declared")
    f = {"attacks": [], "draft": None, "hq": {}}
    draft = {"targets": list(targets), "attackers": [], "guns": [], "hqs": [], "dguns": []}
    for u in attackers:
        refusal = attacker_refusal(state, f, u) or next((r for t in targets if (r := target_refusal(state, u, t))), None)
        if refusal:
            raise IllegalAction(*refusal)
        draft["attackers"].append(u)
    if draft["attackers"]:
        declare.check_same_orders(_declared(state, draft))
    for g in guns:
        refusal = barrage_refusal(state, f, draft, g)
        if refusal:
            raise IllegalAction(*refusal)
        draft["guns"].append(g)
    for h in hqs:
        refusal = hq_refusal(state, f, draft, h)
        if refusal:
            raise IllegalAction(*refusal)
        draft["hqs"].append(h)
    for u in flights:  # 28.4.1A: ground attack flights, each named by its first unit
        refusal = air_refusal(state, f, draft, u)
        if refusal:
            raise IllegalAction(*refusal)
        draft.setdefault("air", []).append(air.flight_of(state, u)["id"])
    draft["orders"] = order_of(state, (draft["attackers"] or draft["guns"])[0]) if draft["attackers"] or draft["guns"] else "mobile"
    return combat.preview(battle(state, draft, side), state.board.data, _crts(state.scenario))


# ----------------------------------------------------------------------------- declaration


def _declared(state: GameState, a: dict) -> declare.Declared:
    return declare.Declared({u: (state.units[u].hex, order_of(state, u)) for u in a["attackers"]}, tuple(a["targets"]))


def mandatory_refusal(state: GameState, f: dict) -> tuple[str, str] | None:
    """14.1C-D, 14.3J: every enemy hex whose ZOC reaches a hex of the attackers is attacked once
    an adjacent one is; 6.2.1A: a formation on assault orders attacks with at least one unit if
    it can."""
    side = phasing(state)
    foe_zocs = zoc.zoc_of(state, other(side), True)  # a face-down counter may be a dummy with no ZOC (29.1)
    ground = [a for a in f["attacks"] if a["attackers"]]
    hexes = {state.units[u].hex for a in ground for u in a["attackers"]}
    sources = {h: [s.hex for s in foe_zocs.get(h, ())] for h in hexes}
    enemy = enemy_hexes(state, side)
    adjacent = {n for h in hexes for n in state.board.nbrs[h] if n in enemy}
    fired = [t for a in f["attacks"] if not a["attackers"] for t in a["targets"]]
    try:
        declare.check_mandatory([_declared(state, a) for a in ground], sources, adjacent, fired)
    except IllegalAction as e:
        return e.case, e.reason
    attacking = {reserves.formation_of(state, u) for a in f["attacks"] for u in a["attackers"]}
    for formation, order in state.turn_data.get("orders", {}).get(side, {}).items():
        if order != "assault" or formation in attacking:
            continue
        for u in counters.on_map(state, side):
            if reserves.formation_of(state, u) != formation or attacker_refusal(state, f, u):
                continue
            if any(n in enemy and target_refusal(state, u, n) is None for n in state.board.nbrs[state.units[u].hex]):
                return "6.2.1A", f"{formation} is on assault orders: at least one of its units must attack ({u} can)"
    return None


def _able(state: GameState, f: dict) -> list[str]:
    side = phasing(state)
    return [u for u in counters.on_map(state, side) if attacker_refusal(state, f, u) is None]


def _guns(state: GameState, side: str) -> list[str]:
    return [u for u in counters.on_map(state, side) if state.board.units[u].is_artillery]


def _hqs(state: GameState, side: str) -> list[str]:
    return [u for u in counters.on_map(state, side) if state.board.units[u].is_formation_hq]


def _openings(state: GameState, f: dict) -> list[str]:
    """Enemy hexes an attack may be opened on: next to an able unit, or in reach of a gun."""
    side = phasing(state)
    enemy = enemy_hexes(state, side)
    out = set()
    for u in _able(state, f):
        out.update(n for n in state.board.nbrs[state.units[u].hex] if n in enemy and target_refusal(state, u, n) is None)
    for g in _guns(state, side):
        # the refusals of independent fire do not depend on the target but for the range and 21.8B
        here, reach = state.units[g].hex, state.board.units[g].values.range or 0
        only = _stacked_target(state, f, here)
        hexes = sorted(t for t in in_range(state, side, here, reach) - out if only in (None, t))
        if hexes and barrage_refusal(state, f, {"targets": hexes[:1], "attackers": [], "guns": [], "hqs": [], "dguns": []}, g) is None:
            out.update(hexes)
    if air.on(state):  # 14.2D, 28.4.1B: a ground attack flight over an enemy hex may attack it alone
        used = _air_used(f)
        out.update(t for t in enemy if any(fl["id"] not in used for fl in air.attack_flights(state, side, t, round_no(state))))
    return sorted(out)


def in_range(state: GameState, side: str, here: str, reach: int) -> frozenset[str]:
    """The hexes of :func:`enemy_hexes` within ``reach`` hexes of ``here`` (a gun's range, 21.2),
    kept with the enemy's derived data."""
    derived = state.cache.setdefault("derived", {})
    key = ("zoc", other(side), "in_range", here, reach)
    found = derived.get(key)
    if found is None:
        found = derived[key] = frozenset(t for t in enemy_hexes(state, side) if state.board.distance(here, t) <= reach)
    return found


def _air_used(f: dict) -> set[int]:
    return {fid for a in f["attacks"] + ([f["draft"]] if f["draft"] else []) for fid in a.get("air", ())}


def air_refusal(state: GameState, f: dict, draft: dict, unit_id: str) -> tuple[str, str] | None:
    """Why the flight of ``unit_id`` may not join the attack being declared (15.1B, 28.4.1A-B,
    6.2: the attackers' orders must allow air support; 14.3E: one attack a flight)."""
    side = phasing(state)
    fl = air.flight_of(state, unit_id) if air.on(state) else None
    if fl is None or fl["side"] != side or fl["mission"] != "ground_attack" or fl["units"][0] != unit_id:
        return "28.4.1A", f"{unit_id} flies no ground attack mission of the attacker"
    if fl["round"] != round_no(state):
        return "28.3.3A", f"{unit_id} flies in the other combat round"
    if fl["id"] in _air_used(f):
        return "14.3E", f"{unit_id} is in an attack already"
    if fl["hex"] not in draft["targets"]:
        return "28.4.1A", f"{unit_id} flies over {fl['hex']}, not a target of this attack"
    if draft["attackers"]:
        orders = order_of(state, draft["attackers"][0])
        if not air.orders_allow(state, side, orders):
            return state.board.data.orders[orders].case, f"units on {orders} orders get no air support"
    return None


def legal_declare(state: GameState, legal: LegalActions) -> None:
    f = _record(state)
    draft = f["draft"]
    if draft is None:
        legal.add_list([AttackHex(hex=h) for h in _openings(state, f)])
        refusal = mandatory_refusal(state, f)
        if refusal:
            legal.add_list([WithdrawAttack(index=i) for i in range(len(f["attacks"]))])
        else:
            legal.add_list([EndPhase()])
        return
    side = phasing(state)
    enemy = enemy_hexes(state, side)
    if draft["attackers"]:
        near = set.intersection(*(set(state.board.nbrs[state.units[u].hex]) for u in draft["attackers"]))
        extra = sorted(h for h in near & enemy if h not in draft["targets"]
                       and all(target_refusal(state, u, h) is None for u in draft["attackers"]))
        legal.add_list([AttackHex(hex=h) for h in extra])
    legal.add_list([AddAttacker(unit=u) for u in _able(state, f) if _attacker_fits(state, draft, u) is None])
    legal.add_list([AddSupport(unit=g) for g in _guns(state, side) if barrage_refusal(state, f, draft, g) is None])
    legal.add_list([AddSupport(unit=h) for h in _hqs(state, side) if hq_refusal(state, f, draft, h) is None])
    if air.on(state):
        flying = [fl["units"][0] for t in draft["targets"] for fl in air.attack_flights(state, side, t, round_no(state))]
        legal.add_list([AddSupport(unit=u) for u in flying if air_refusal(state, f, draft, u) is None])
    if draft["attackers"] or draft["guns"] or draft.get("air"):
        legal.add_list([ConfirmAttack()])
    legal.add_list([CancelAttack()])


def _attacker_fits(state: GameState, draft: dict, unit_id: str) -> tuple[str, str] | None:
    for t in draft["targets"]:
        refusal = target_refusal(state, unit_id, t)
        if refusal:
            return refusal
    if draft["attackers"] and order_of(state, unit_id) != order_of(state, draft["attackers"][0]):
        return "14.3D", f"{unit_id} is under other orders than the units of this attack"
    return None


def apply_declare(state: GameState, action, events: list) -> None:
    f = _record(state)
    if f["stage"] != "declare":
        raise IllegalAction("15.1A", "the attacks are declared already")
    side = phasing(state)
    draft = f["draft"]
    if isinstance(action, EndPhase):
        if draft is not None:
            raise IllegalAction("15.1A", "confirm or cancel the attack being declared first")
        refusal = mandatory_refusal(state, f)
        if refusal:
            raise IllegalAction(*refusal)
        f["stage"] = "reserves" if f["attacks"] else "over"
        return
    if isinstance(action, WithdrawAttack):
        if draft is not None or not 0 <= action.index < len(f["attacks"]):
            raise IllegalAction("15.1A", f"there is no declared attack {action.index} to withdraw")
        if mandatory_refusal(state, f) is None:
            raise IllegalAction("15.1A", "declared attacks stand once 14.1C's duty is met")
        gone = f["attacks"].pop(action.index)
        _undo_supports(state, f, gone)
        return
    if isinstance(action, AttackHex):
        enemy = enemy_hexes(state, side)
        if action.hex not in enemy:
            raise IllegalAction("14.3A", f"{action.hex} holds no enemy unit the {side} player sees")
        if draft is None:
            if action.hex not in _openings(state, f):
                raise IllegalAction("14.3A", f"no unit able to attack this round reaches {action.hex}")
            f["draft"] = {"targets": [action.hex], "attackers": [], "guns": [], "hqs": [], "dguns": []}
            return
        if action.hex in draft["targets"]:
            raise IllegalAction("14.3H", f"{action.hex} is a target of this attack already")
        if not draft["attackers"]:
            raise IllegalAction("14.3H", "add the attacking units before a second target hex")
        for u in draft["attackers"]:
            refusal = target_refusal(state, u, action.hex)
            if refusal:
                raise IllegalAction(refusal[0], refusal[1] + " (14.3H: every attacker is next to every target)")
        draft["targets"].append(action.hex)
        return
    if draft is None:
        raise IllegalAction("15.1A", "open an attack on a target hex first")
    if isinstance(action, AddAttacker):
        refusal = attacker_refusal(state, f, action.unit) or _attacker_fits(state, draft, action.unit)
        if refusal:
            raise IllegalAction(*refusal)
        draft["attackers"].append(action.unit)
    elif isinstance(action, AddSupport):
        info = state.board.units.get(action.unit)
        if info is not None and info.kind == "air":
            refusal = air_refusal(state, f, draft, action.unit)
            if refusal:
                raise IllegalAction(*refusal)
            draft.setdefault("air", []).append(air.flight_of(state, action.unit)["id"])
            return
        is_hq = info is not None and info.is_hq
        refusal = (hq_refusal if is_hq else barrage_refusal)(state, f, draft, action.unit)
        if refusal:
            raise IllegalAction(*refusal)
        if is_hq or _track_made_good(state, action.unit, lambda: barrage_refusal(state, f, draft, action.unit), events):
            draft["hqs" if is_hq else "guns"].append(action.unit)
    elif isinstance(action, CancelAttack):
        f["draft"] = None
    elif isinstance(action, ConfirmAttack):
        _confirm(state, f, draft, events)
    else:
        raise IllegalAction("15.1A", f"{action.kind}: the {side} player is declaring attacks")


def _undo_supports(state: GameState, f: dict, attack: dict) -> None:
    """A withdrawn attack frees its HQs; the supply points its guns paid stay spent (21.3)."""
    for h in attack["hqs"]:
        if not any(h in a["hqs"] for a in f["attacks"]):
            f["hq"].pop(h, None)
    rnd = round_no(state)
    for u in attack["attackers"]:
        if state.turn_data.get("attacked", {}).get(u) == rnd:
            del state.turn_data["attacked"][u]


def _confirm(state: GameState, f: dict, draft: dict, events: list) -> None:
    side = phasing(state)
    if not draft["attackers"] and not draft["guns"] and not draft.get("air"):
        raise IllegalAction("14.3A", "an attack needs an attacking unit, a firing gun or a ground attack flight")
    if draft["attackers"] and not any(_ground(state, t, other(side)) for t in draft["targets"]):
        _struck_dummies(state, f, draft, events)
        return
    if draft["attackers"]:
        declare.check_same_orders(_declared(state, draft))
    # air alone attacks under no orders of its own: read as mobile (no order shift)
    draft["orders"] = order_of(state, (draft["attackers"] or draft["guns"])[0]) if draft["attackers"] or draft["guns"] else "mobile"
    b = battle(state, draft, side)
    if b.targets:  # a barrage alone on dummies is fired and paid for, and finds no one at resolution (29.2A-B, 29.4B)
        combat.check_battle(b)
    declare.check_once_per_round([_declared(state, a) for a in f["attacks"] + [draft]])
    for g in draft["guns"]:
        _pay_shot(state, g, draft)
        state.turn_data.setdefault("gun_formation", {})[g] = reserves.formation_of(state, draft["attackers"][0]) if draft["attackers"] else _gun(state, g).formation
    hq_hexes = {h: _supported_hex(state, _hq(state, h), draft["attackers"]) for h in draft["hqs"]}
    f["hq"].update(hq_hexes)
    rnd = round_no(state)
    for u in draft["attackers"]:
        state.turn_data.setdefault("attacked", {})[u] = rnd
    f["attacks"].append(draft)
    f["draft"] = None
    foe = other(side)
    defenders = tuple(u for t in draft["targets"] for u in _ground(state, t, foe))
    flown = [u for fid in draft.get("air", ()) for u in (air.flight_by_id(state, fid) or {"units": []})["units"]]
    events.append(AttackDeclared(attackers=tuple(draft["attackers"] + draft["guns"] + draft["hqs"] + flown), targets=tuple(draft["targets"]),
                                 defenders=defenders, case="15.1A"))
    if draft["attackers"]:
        for u in defenders:
            reserves.release(state, u, events)  # 12.2E


# ----------------------------------------------------------------------------- 29.8.2-29.8.4: armoured reconnaissance finding real units


def recon_attackers(state: GameState, units) -> list[str]:
    """29.8.2: the reconnoitring units that can make its attack (ground combat units: no HQ or
    gun, 14.2A; no bracketed or spent strength, 14.2E; not overstacked, 17.3C)."""
    out = []
    for u in units:
        info = state.board.units[u]
        if (info.ground and not info.is_hq and not info.is_artillery and not info.values.defense_only
                and counters.sp(state, u) > 0 and not counters.has(state, u, OVERSTACKED)):
            out.append(u)
    return out


def recon_refusal(state: GameState, units) -> tuple[str, str] | None:
    """Why ``units`` may not reconnoitre: they could not make the attack real units there would
    call for (29.8.2), or pay its supply point (29.8.4A); both are asked before the hex is known, the
    point on the track its side knows of (29, 30: :func:`recon_made_good` when the reconnaissance is
    made), never on links that face-down or hidden enemy counters cut unknown to it."""
    able = recon_attackers(state, units)
    if not able:
        return "29.8.2", f"{', '.join(units)} could not make the attack a reconnaissance finding real units calls for"
    track = _track(state, able[0], known=True)
    if track is None or supply.points(state, track) < 1:
        return "29.8.4A", f"{able[0]} has no supply point for the attack a reconnaissance finding real units calls for"
    return None


def recon_made_good(state: GameState, units, hex_id: str, events: list) -> bool:
    """29.8.4A under the advanced rules 29 and 30: a reconnaissance offered on the track its side
    knows of is made: the links that pick the track are made good on the true position, the enemy
    counters cutting them shown (29.1, :func:`_track_refusal`); True when its attack can still be
    paid, else the reconnaissance is not made (:class:`AttackCalledOff`, before the hex is known)."""
    again = _track_refusal(state, recon_attackers(state, units)[0], lambda: recon_refusal(state, units), events)
    if again is None:
        return True
    events.append(AttackCalledOff(targets=(hex_id,), reason=f"the armoured reconnaissance is not made: {again[1]}", case=again[0]))
    return False


def recon_attack(state: GameState, units, hex_id: str, events: list) -> None:
    """29.8.2-29.8.4: the reconnaissance found real units: its units attack the hex at once, one
    attack for each of their orders (14.3D), with no support but the defender's artillery when it
    defends on defense orders (29.8.3), for one supply point (29.8.4A).  :func:`proceed` resolves
    it within the movement round (``f["recon"]``), with no advance after combat (29.8.2: the units
    move no further)."""
    side = state.units[units[0]].side
    able = recon_attackers(state, units)
    supply.spend(state, _track(state, able[0]), 1, "29.8.4A", "the armoured reconnaissance's attack")
    by_orders: dict[str, list[str]] = {}
    for u in able:
        by_orders.setdefault(order_of(state, u), []).append(u)
    attacks = [{"targets": [hex_id], "attackers": group, "guns": [], "hqs": [], "dguns": [], "orders": o} for o, group in by_orders.items()]
    state.phase_data["fight"] = {"stage": "support", "draft": None, "attacks": attacks, "queue": [], "now": None, "hq": {}, "dhq": {},
                                 "recon": True}
    defenders = tuple(_ground(state, hex_id, other(side)))
    for a in attacks:
        events.append(AttackDeclared(attackers=tuple(a["attackers"]), targets=(hex_id,), defenders=defenders, case="29.8.2"))
    for u in able:
        fog.reveal(state, u, events, "29.4B")
    for u in defenders:
        reserves.release(state, u, events)  # 12.2E


def recon_must_attack(state: GameState, units, hex_id: str) -> bool:
    """29.8.2: the attack is owed when the real units found exert a ZOC (into the reconnoitring
    units' hex: a lone 1-SP unit or travelling Soviet artillery does not, 13.A, 13.6A)."""
    side = state.units[units[0]].side
    here = state.units[units[0]].hex
    return any(s.hex == hex_id for s in zoc.zoc_of(state, other(side)).get(here, ()))


def recon_fighting(state: GameState) -> bool:
    """A reconnaissance's attack (29.8.2) is being resolved in this movement round."""
    return bool((state.phase_data.get("fight") or {}).get("recon"))


# ----------------------------------------------------------------------------- 15.4: dummies defending


def _struck_dummies(state: GameState, f: dict, draft: dict, events: list) -> None:
    """15.4A-C, 29.2B: the declared attack finds only dummies in its targets: they leave the map,
    the attack is not made (its units may attack normally after, 15.4B, and its guns fire no
    shot), and the attacking units may advance two hexes, one the next time they strike dummies
    in this round (15.4C)."""
    side = phasing(state)
    for t in draft["targets"]:
        for u in list(state.units_at(t)):
            if state.units[u].side != side and fog.is_dummy(state, u):
                fog.remove_dummy(state, u, events, "29.2B")
    f["draft"] = None
    struck = f.setdefault("struck", {})
    units = [u for u in draft["attackers"] if _on_map(state, u, side)]
    hexes = 1 if any(struck.get(u) for u in units) else 2
    for u in units:
        struck[u] = struck.get(u, 0) + 1
    decision = Decision(DUMMY_ADVANCE, side, "15.4A", {"units": units, "done": [], "hexes": hexes})
    if dummy_advance_options(state, decision):
        state.pending.append(decision)


def dummy_advance_options(state: GameState, decision: Decision) -> list[Advance]:
    """15.4A: each attacker of the struck hex, up to ``hexes`` hexes, never into a hex holding an
    enemy counter, on through no enemy Locking ZOC its side knows of (it may end in one), to a
    hex where it may stack."""
    side = decision.side
    out = []
    for u in decision.data["units"]:
        rec = state.units[u]
        if rec.hex is None or u in decision.data["done"]:
            continue
        armored = state.board.units[u].armored
        enemy = seen.enemy_hexes(state, side)
        paths = [(rec.hex,)]
        for _ in range(decision.data["hexes"]):
            longer = []
            for p in paths:
                here = zoc.zoc_at(state, other(side), p[-1], armored, True)
                if len(p) > 1 and here is not None and here.kind == "locking":
                    continue  # 15.4A: not through a Locking ZOC
                longer += [(*p, n) for n in state.board.nbrs[p[-1]] if n not in enemy and n not in p]
            paths += longer
        ends = {}
        for p in paths[1:]:
            if p[-1] not in ends and stacking.refusal(state, p[-1], (u,)) is None:
                ends[p[-1]] = p
        out += [Advance(unit=u, path=p) for _, p in sorted(ends.items())]
    return out


def _short_of_hidden(state: GameState, unit_id: str, path: tuple[str, ...], events: list) -> tuple[str, ...]:
    """30.2A (as a move finds one, :func:`.movement.surprise`): an advance planned through a hidden
    unit's hex finds it, which is revealed, and ends before it (or where it may stack)."""
    hidden = seen.masked(state, other(state.units[unit_id].side), hidden_only=True)
    for i, h in enumerate(path[1:], 1):
        found = [u for u in state.units_at(h) if u in hidden]
        if found:
            for u in found:
                fog.reveal(state, u, events, "30.2A")
            end = i - 1
            while end > 0 and stacking.refusal(state, path[end], (unit_id,)) is not None:
                end -= 1
            return path[:end + 1]
    return path


def _dummy_advance(state: GameState, decision: Decision, action, events: list) -> None:
    if isinstance(action, EndAdvance):
        state.pending.remove(decision)
        return
    if not isinstance(action, Advance) or action not in dummy_advance_options(state, decision):
        raise IllegalAction("15.4A", f"{action.kind}: after striking dummies the attackers may advance up to "
                            f"{decision.data['hexes']} hex(es), not through an enemy Locking ZOC, or stop")
    path = _short_of_hidden(state, action.unit, tuple(action.path), events)
    decision.data["done"].append(action.unit)
    if len(path) > 1:
        state.place(action.unit, path[-1])
        events.append(Advanced(unit=action.unit, path=path, case="15.4A"))
    if state.units[action.unit].side == "soviet":
        for h in path[1:]:
            supply.destroy_dumps_at(state, h, events)
    if not dummy_advance_options(state, decision):
        state.pending.remove(decision)


# ----------------------------------------------------------------------------- the defender's support (15.3)


def _attacked_by_adjacent(f: dict, hex_id: str) -> bool:
    return any(a["attackers"] and hex_id in a["targets"] for a in f["attacks"])


def defence_refusal(state: GameState, f: dict, unit_id: str, index: int) -> tuple[str, str] | None:
    """Why a gun or HQ of the defender may not support the defence against attack ``index``
    (21.1-21.4, 21.8A, 22.1-22.2, 14.3B, 14.3E-F, 8.1E, 21.3)."""
    side = other(phasing(state))
    if not 0 <= index < len(f["attacks"]):
        return "15.3", f"there is no declared attack {index}"
    attack = f["attacks"][index]
    targets = [t for t in attack["targets"] if _ground(state, t, side)]
    info = state.board.units.get(unit_id)
    if not targets or not _on_map(state, unit_id, side) or info is None or not (info.is_artillery or info.is_formation_hq):
        return "15.3", f"{unit_id} is not a gun or formation HQ of the defender able to support {', '.join(attack['targets'])}"
    rec = state.units[unit_id]
    independent = not attack["attackers"]
    if f.get("recon") and (not info.is_artillery or hex_orders(state, targets) != "defense"):
        return "29.8.3", "an armoured reconnaissance's attack has no support but the artillery of defenders on defense orders"
    if info.is_artillery:
        if rec.hex in targets:
            return "21.7B", f"{unit_id} defends its own hex"
        if unit_id in _guns_used(f):
            return "14.3E", f"{unit_id} supports a defence already this round"
        try:
            artillery.check_no_support_against_independent(independent, "artillery", False, False)
            orders = hex_orders(state, targets)
            main = _main_formation(state, targets)
            task = artillery.SupportTask("defense", min(state.board.distance(rec.hex, t) for t in targets), main, orders)
            artillery.check_gun(_gun(state, unit_id), task, state.board.data, own_formation_gone=_gun_free(state, _gun(state, unit_id), main),
                                formation_this_turn=state.turn_data.get("gun_formation", {}).get(unit_id),
                                attacked_by_adjacent=_attacked_by_adjacent(f, rec.hex))
        except IllegalAction as e:
            return e.case, e.reason
        return _line_refusal(state, unit_id) or _supply_refusal(state, unit_id)
    hq = _hq(state, unit_id)
    target = targets[0]
    if f["dhq"].get(unit_id) == target:
        return "14.3F", f"{unit_id} supports {target} already"
    try:
        air_alone = independent and bool(attack.get("air")) and not attack["guns"]
        artillery.check_no_support_against_independent(independent, "hq", rec.hex in targets, air_alone)
        path = hq_support.support_path(StateBoard(state, info.armored, known=True), side, hq.hex, target)  # 29, 30: on what the side knows
        hq_support.check_hq_support(hq, _main_formation(state, targets), path_found=path is not None,
                                    own_formation_gone=formation_gone(state, hq.formation, unit_id),
                                    attacked_by_adjacent=_attacked_by_adjacent(f, hq.hex),
                                    supported_hex_this_round=f["dhq"].get(unit_id), target_hex=target)
    except IllegalAction as e:
        return e.case, e.reason
    return None


def _main_formation(state: GameState, targets) -> str:
    """15.5B: the formation with the most SP in the target hexes."""
    sp: dict[str, float] = {}
    for t in targets:
        for u in state.units_at(t):
            if state.board.units[u].ground:
                key = reserves.formation_of(state, u) or ""
                sp[key] = sp.get(key, 0) + counters.sp(state, u)
    return max(sorted(sp), key=lambda k: sp[k]) if sp else ""


def _support_options(state: GameState, f: dict) -> list[SupportDefence]:
    side = other(phasing(state))
    units = _guns(state, side) + _hqs(state, side)
    return [SupportDefence(unit=u, attack=i) for i in range(len(f["attacks"])) for u in units
            if state.board.distance(state.units[u].hex, f["attacks"][i]["targets"][0]) <= max(state.board.units[u].values.range or 0, hq_support.SUPPORT_RANGE)
            and defence_refusal(state, f, u, i) is None]


def _support(state: GameState, f: dict, action: SupportDefence, events: list) -> None:
    refusal = defence_refusal(state, f, action.unit, action.attack)
    if refusal:
        raise IllegalAction(*refusal)
    attack = f["attacks"][action.attack]
    target = next(t for t in attack["targets"] if _ground(state, t, other(phasing(state))))
    if state.board.units[action.unit].is_artillery:
        if not _track_made_good(state, action.unit, lambda: defence_refusal(state, f, action.unit, action.attack), events):
            return
        _pay_shot(state, action.unit, attack)
        attack["dguns"].append(action.unit)
        state.turn_data.setdefault("gun_formation", {})[action.unit] = _main_formation(state, [target])
        events.append(Supported(unit=action.unit, hex=target, how="supports the defence with its guns", case="15.3"))
    else:
        f["dhq"][action.unit] = target
        events.append(Supported(unit=action.unit, hex=target, how="supports the defence", case="15.3"))


# ----------------------------------------------------------------------------- reorganising after the reserves (14.4C, 15.2B)


def _open_reorganise(state: GameState, f: dict, events: list) -> bool:
    """15.2B: once the defender's reserves are committed, the attacker may strengthen each attack
    whose target hexes they changed, and (14.4C) must attack a hex a reserve moved into whose ZOC
    now reaches attacking units (under 29: the face-down counters there are shown first, 29.1, since
    whether one exerts a ZOC turns on its strength, 13.6A, and class).  Opens the
    ``reorganise_attacks`` decision when either happened."""
    before = f.pop("before", None)
    if before is None:
        return False
    side = phasing(state)
    foe = other(side)
    reinforced = [i for i, a in enumerate(f["attacks"]) if a["attackers"]
                  and any(sorted(_ground(state, t, foe)) != before["defenders"].get(t, []) for t in a["targets"])]
    new = _new_zoc_hexes(state, f, set(before["enemy"]))
    for u in [u for h in new for u in state.units_at(h) if fog.face_down(state, u) and counters.exerts_zoc(state, u)]:
        fog.reveal(state, u, events, "29.1")
    if not reinforced and not new:
        return False
    state.pending.append(Decision(REORGANISE, side, "15.2B", {"reinforced": reinforced, "new": new, "moved": []}))
    return True


def _new_zoc_hexes(state: GameState, f: dict, enemy_before: set[str]) -> list[str]:
    """14.4C: enemy hexes vacant when the attacks were declared whose ZOC now reaches a unit of a
    declared attack."""
    side = phasing(state)
    foe_zocs = zoc.zoc_of(state, other(side))
    hexes = {state.units[u].hex for a in f["attacks"] for u in a["attackers"] if _on_map(state, u, side)}
    return sorted({s.hex for h in hexes for s in foe_zocs.get(h, ()) if s.hex not in enemy_before})


def _without(f: dict, unit_id: str) -> dict:
    """The round's record as if ``unit_id`` attacked nowhere (a unit taken from another attack, 15.2B)."""
    return dict(f, draft=None, attacks=[dict(a, attackers=[u for u in a["attackers"] if u != unit_id]) for a in f["attacks"]])


def reinforce_refusal(state: GameState, decision: Decision, index: int, unit_id: str) -> tuple[str, str] | None:
    """Why ``unit_id`` may not join declared attack ``index`` now (15.2B-C, 14.3, 21, 22)."""
    f = _record(state)
    if index not in decision.data["reinforced"]:
        return "15.2B", f"attack {index + 1} was not reinforced by the defender's reserves"
    if unit_id in decision.data["moved"]:
        return "15.2B", f"{unit_id} has been reassigned once already"
    attack = f["attacks"][index]
    info = state.board.units.get(unit_id)
    if info is not None and (info.is_artillery or info.is_hq):
        if info.is_hq:
            return hq_refusal(state, f, attack, unit_id)
        return barrage_refusal(state, f, dict(attack, guns=[]), unit_id)  # 15.2C: a gun firing elsewhere is refused there (14.3E)
    if unit_id in attack["attackers"]:
        return "14.3E", f"{unit_id} is in this attack already"
    return attacker_refusal(state, _without(f, unit_id), unit_id) or _attacker_fits(state, attack, unit_id)


def attack_reserve_refusal(state: GameState, decision: Decision, hex_id: str, unit_id: str) -> tuple[str, str] | None:
    """Why ``unit_id`` may not open an attack on ``hex_id`` now (14.4C)."""
    f = _record(state)
    if hex_id not in decision.data["new"]:
        return "14.4C", f"{hex_id} is not a hex a reserve moved into whose ZOC reaches the attackers"
    if any(hex_id in a["targets"] for a in f["attacks"]):
        return "14.4C", f"{hex_id} is attacked already: strengthen that attack instead"
    if unit_id in decision.data["moved"]:
        return "15.2B", f"{unit_id} has been reassigned once already"
    info = state.board.units.get(unit_id)
    if info is not None and (info.is_artillery or info.is_hq):
        return "14.3B", "an attack opens with a ground unit; guns and HQs support it after"
    return attacker_refusal(state, _without(f, unit_id), unit_id) or target_refusal(state, unit_id, hex_id)


def _reorganise_candidates(state: GameState, near) -> list[str]:
    side = phasing(state)
    return [u for u in counters.on_map(state, side)
            if state.board.units[u].is_artillery or state.board.units[u].is_formation_hq
            or any(n in near for n in state.board.nbrs[state.units[u].hex])]


def reorganise_options(state: GameState, decision: Decision) -> list[Action]:
    f = _record(state)
    out: list[Action] = []
    for i in decision.data["reinforced"]:
        targets = set(f["attacks"][i]["targets"])
        out += [Reinforce(attack=i, unit=u) for u in _reorganise_candidates(state, targets) if reinforce_refusal(state, decision, i, u) is None]
    for h in decision.data["new"]:
        out += [AttackReserve(hex=h, unit=u) for u in _reorganise_candidates(state, {h})
                if not state.board.units[u].is_artillery and not state.board.units[u].is_hq
                and attack_reserve_refusal(state, decision, h, u) is None]
    return out


def reorganise_duty(state: GameState, decision: Decision) -> tuple[str, str] | None:
    """14.4C: a new reserve hex whose ZOC reaches attacking units is attacked while some unit can."""
    f = _record(state)
    for h in decision.data["new"]:
        if any(h in a["targets"] for a in f["attacks"]) or h not in _new_zoc_hexes(state, f, set()):
            continue
        able = [u for u in _reorganise_candidates(state, {h}) if attack_reserve_refusal(state, decision, h, u) is None]
        if able:
            return "14.4C", f"the reserve at {h} exerts its ZOC on attacking units: attack it ({able[0]} can)"
    return None


def _take_from_others(state: GameState, f: dict, unit_id: str) -> None:
    """15.2B: a unit going to a reinforced attack leaves the one it was in; an attack left with no
    ground unit is dropped when the reorganisation ends (its guns' points stay spent, 21.3)."""
    for a in f["attacks"]:
        if unit_id in a["attackers"]:
            a["attackers"].remove(unit_id)
            a["emptied"] = not a["attackers"]


def _reorganise(state: GameState, f: dict, decision: Decision, action, events: list) -> None:
    side = phasing(state)
    if isinstance(action, EndReorganise):
        refusal = reorganise_duty(state, decision)
        if refusal:
            raise IllegalAction(*refusal)
        for a in [a for a in f["attacks"] if a.pop("emptied", False) and not a["attackers"]]:
            f["attacks"].remove(a)  # every ground unit of it went to a reinforced attack
            _undo_supports(state, f, a)
        state.pending.remove(decision)
        return
    if isinstance(action, Reinforce):
        if not 0 <= action.attack < len(f["attacks"]):
            raise IllegalAction("15.2B", f"there is no declared attack {action.attack + 1}")
        refusal = reinforce_refusal(state, decision, action.attack, action.unit)
        if refusal:
            raise IllegalAction(*refusal)
        attack = f["attacks"][action.attack]
        info = state.board.units[action.unit]
        if info.is_hq:
            attack["hqs"].append(action.unit)
            f["hq"][action.unit] = _supported_hex(state, _hq(state, action.unit), attack["attackers"])
        elif info.is_artillery:
            if not _track_made_good(state, action.unit, lambda: reinforce_refusal(state, decision, action.attack, action.unit), events):
                return
            _pay_shot(state, action.unit, attack)
            attack["guns"].append(action.unit)
            state.turn_data.setdefault("gun_formation", {})[action.unit] = reserves.formation_of(state, attack["attackers"][0])
        else:
            _take_from_others(state, f, action.unit)
            attack["attackers"].append(action.unit)
            state.turn_data.setdefault("attacked", {})[action.unit] = round_no(state)
        decision.data["moved"].append(action.unit)
        events.append(Reorganised(unit=action.unit, targets=tuple(attack["targets"]), case="15.2B"))
        return
    if isinstance(action, AttackReserve):
        refusal = attack_reserve_refusal(state, decision, action.hex, action.unit)
        if refusal:
            raise IllegalAction(*refusal)
        _take_from_others(state, f, action.unit)
        attack = {"targets": [action.hex], "attackers": [action.unit], "guns": [], "hqs": [], "dguns": [],
                  "orders": order_of(state, action.unit)}
        f["attacks"].append(attack)
        state.turn_data.setdefault("attacked", {})[action.unit] = round_no(state)
        decision.data["reinforced"].append(len(f["attacks"]) - 1)
        decision.data["moved"].append(action.unit)
        events.append(Reorganised(unit=action.unit, targets=(action.hex,), case="14.4C"))
        return
    raise IllegalAction("15.2B", f"{action.kind}: the {side} player reorganises the attacks the reserves changed, or ends")


# ----------------------------------------------------------------------------- the flow


def enter(state: GameState, events: list) -> None:
    """At the start of a combat round and after each move: 9.2C, an overstacked unit whose hex is
    legal again is not overstacked any more."""
    for u, rec in state.units.items():
        if OVERSTACKED in rec.flags and (rec.hex is None or stacking.refusal(state, rec.hex, ()) is None):
            state.set_flag(u, OVERSTACKED, False)
            events.append(FlagChanged(unit=u, flag="overstacked", on=False, case="9.2C"))


def proceed(state: GameState, events: list) -> bool:
    """Carry the round on until a player decides or the round is over (then the next phase).
    True when the phasing side is to declare."""
    new = "fight" not in state.phase_data
    f = _record(state)
    if new:
        enter(state, events)
        if not _openings(state, f):
            f["stage"] = "over"
    while True:
        stage = f["stage"]
        if stage == "declare":
            return True
        if stage == "reserves":
            f["stage"] = "reorganise"
            targets = sorted({t for a in f["attacks"] for t in a["targets"]})
            attackers = sorted({u for a in f["attacks"] for u in a["attackers"]})
            foe = other(phasing(state))
            f["before"] = {"defenders": {t: sorted(_ground(state, t, foe)) for t in targets}, "enemy": sorted(enemy_hexes(state, phasing(state)))}
            if reserves.offer_defensive(state, foe, targets, attackers):
                return False
        elif stage == "reorganise":
            f["stage"] = "support"
            if _open_reorganise(state, f, events):
                return False
        elif stage == "support":
            f["stage"] = "resolve"
            f["queue"] = combat.resolution_order([(i, a["orders"]) for i, a in enumerate(f["attacks"])])
            if _support_options(state, f):
                state.pending.append(Decision(SUPPORT, other(phasing(state)), "15.3", {}))
                return False
        elif stage == "resolve":
            if f["now"] is None:
                if not f["queue"]:
                    f["stage"] = "over"
                    continue
                f["now"] = {"index": f["queue"].pop(0), "step": "aa"}
            if _step(state, f, events):
                return False
        elif f.get("recon"):
            del state.phase_data["fight"]  # 29.8.2: the movement round goes on
            return False
        else:
            sequence.enter_phase(state, state.phase_index + 1, events)
            return False


def _data(state: GameState):
    return state.board.data


def _step(state: GameState, f: dict, events: list) -> bool:
    """One step of the combat being resolved; True when it waits for a decision."""
    now = f["now"]
    attack = f["attacks"][now["index"]]
    side = phasing(state)
    foe = other(side)
    step = now["step"]
    if step == "aa":  # 28.4.2A: the flights undergo anti-aircraft fire first; a hit stack's owner picks who takes the loss
        now["step"] = "roll"
        _true_hq_lines(state, f, attack, side, events)
        _silent_guns(state, attack, side, events)
        waiting = len(state.pending)
        _anti_aircraft(state, attack, side, events)
        return len(state.pending) > waiting
    if step == "roll":
        b = battle(state, attack, side)
        if not b.targets:
            events.append(AttackCalledOff(targets=tuple(attack["targets"]), reason="no defender is left", case="14.3D"))
            f["now"] = None
            return False
        if not b.attackers:
            events.append(AttackCalledOff(targets=tuple(attack["targets"]), reason="no attacker is left", case="14.3A"))
            f["now"] = None
            return False
        faces = [state.rng.randint(1, 6), state.rng.randint(1, 6)]
        r = combat.resolve(b, _data(state), _crts(state.scenario), iter(faces).__next__)
        events.append(DiceRolled(die=r.roll, purpose=f"combat at {', '.join(b.targets)}", modified=r.roll + r.preview.drm, case="15.8A"))
        events.append(settle.resolution_event(r, b))
        events.append(AttackFought(targets=b.targets, column=r.preview.column, result=r.result.text,
                                   shifts=sum(s.amount for s in r.preview.shifts), case="15.8"))
        a_choices, d_choices = combat.side_conversions(r.result, _data(state), b.attacker_orders, b.defender_orders, side, foe)
        now.update(faces=faces, targets=list(b.targets), step="choose_attacker",
                   choices={"attacker": [[p.loss, p.retreat] for p in a_choices], "defender": [[p.loss, p.retreat] for p in d_choices]},
                   chosen={}, start={u: state.units[u].hex for u in attack["attackers"] if _on_map(state, u, side)})
        return False
    if step in ("choose_attacker", "choose_defender"):
        who = step.split("_")[1]
        choices = now["choices"][who]
        now["step"] = "choose_defender" if who == "attacker" else "losses"
        if len(choices) == 1:
            now["chosen"][who] = choices[0]
            return False
        state.pending.append(Decision(OPTION, side if who == "attacker" else foe, "15.9", {"who": who, "choices": choices}))
        return True
    if step == "losses":
        _losses(state, f, attack, now, events)
        return False
    if step == "allot":
        return _allot(state, now, events)
    if step == "retreat_defender":
        now["step"] = "retreat_attacker"
        going = [u for t in now["targets"] for u in _ground(state, t, foe)]
        if now["owed"]["defender"] > 0:
            going = _crushed(state, going, events)
        return _open_retreat(state, now, foe, going, now["owed"]["defender"], fought=sorted(set(now["start"].values())), held=[])
    if step == "retreat_attacker":
        now["step"] = "advance"
        ground = [u for u in now["start"] if _on_map(state, u, side) and not state.board.units[u].is_artillery]
        return _open_retreat(state, now, side, ground, now["owed"]["attacker"], fought=now["targets"], held=now["targets"])
    if step == "advance":
        now["step"] = "done"
        return False if f.get("recon") else _open_advance(state, f, now, side)  # 29.8.2: no further move
    f["now"] = None
    return False


def _true_hq_lines(state: GameState, f: dict, attack: dict, side: str, events: list) -> None:
    """22.1 on the true position (29.1, 30.2; the reading of the rules reference): the HQ support
    given on the lines each side knew of counts only if a line runs clear on the true position; an
    HQ whose every line runs through a face-down counter's Locking ZOC or a hidden unit gives none,
    and those counters are shown."""
    for h in list(attack["hqs"]):
        if _line_cut(state, h, side, _supported_hex(state, _hq(state, h), attack["attackers"]), events):
            attack["hqs"].remove(h)
    for h, target in list(f["dhq"].items()):
        if target in attack["targets"] and _on_map(state, h, other(side)) and _line_cut(state, h, other(side), target, events):
            del f["dhq"][h]


def _has_line(t: supply.Trace) -> bool:
    return t.in_supply


def _silent_guns(state: GameState, attack: dict, side: str, events: list) -> None:
    """8.1E at the roll: each gun of the attack and of the defence traces its supply line again, on what
    its side knows made good on the true position (:func:`.supply.disclose`: the face-down counters
    whose ZOC cuts the line it knew of are shown, 29.1, a hidden unit in the way found, 30.2A); a gun
    with no line does not fire, and the point it paid goes back to its track (:func:`.supply.refund`)."""
    for key, owner in (("guns", side), ("dguns", other(side))):
        for g in list(attack[key]):
            if not _on_map(state, g, owner) or supply.disclose(state, g, events, decides=_has_line).in_supply:
                continue
            attack[key].remove(g)
            track = attack.get("paid", {}).pop(g, None)
            if track is not None:
                supply.refund(state, track)
            events.append(GunSilent(unit=g, reason="it traces no supply line now; its supply point is handed back", case="8.1E"))


def _line_cut(state: GameState, hq_unit: str, side: str, target: str | None, events: list) -> bool:
    """Whether the HQ's line to ``target`` (22.1) the side knew of is cut on the true position (the
    counters cutting it shown or found)."""
    foe = other(side)
    masked = seen.masked(state, foe)
    here = state.units[hq_unit].hex
    if not masked or target is None or here is None:
        return False
    armored = state.board.units[hq_unit].armored
    truth, knows = StateBoard(state, armored), StateBoard(state, armored, known=True)
    if hq_support.support_path(truth, side, here, target) is not None:
        return False
    known = hq_support.support_path(knows, side, here, target)
    if known is None:
        return False
    between = known[:-1]
    fog.show_zocs(state, foe, [h for h in between if truth.zoc(h, side).kind == "locking" and knows.zoc(h, side).kind != "locking"], events)
    fog.find_hidden(state, foe, between, events)
    events.append(SupportCut(unit=hq_unit, hex=target, case="22.1"))
    return True


def _casualties(state: GameState, fighters, hexes, supported: bool) -> list[losses.Casualty]:
    out = []
    for c in losses.casualties(fighters, hexes, supported):
        info = state.board.units[c.id]
        if c.artillery:
            c = losses.Casualty.artillery_unit(c.id, info.values.defense or 0, state.units[c.id].step,
                                               armored=info.armored, antitank=info.values.antitank)
        out.append(c)
    return out


def _losses(state: GameState, f: dict, attack: dict, now: dict, events: list) -> None:
    """16: what each side owes for its chosen part (the SP, 16.3B's extra armour losses, the hexes);
    the units that take the SP are named next, loss by loss (:func:`_allot`)."""
    side = phasing(state)
    foe = other(side)
    b = battle(state, attack, side)
    a_hexes = {state.units[u].hex for u in attack["attackers"] if _on_map(state, u, side)}
    chosen = {w: Part(*now["chosen"][w]) for w in ("attacker", "defender")}
    a_hq = any(x.role == "hq" for x in b.attackers)
    d_hq = any(x.role == "hq" for x in b.defenders)
    a_units = _casualties(state, b.attackers, a_hexes, a_hq)
    d_units = _casualties(state, b.defenders, b.targets, d_hq)
    out = settle.settle(b, _data(state), _crts(state.scenario), iter(now["faces"]).__next__,
                        attacker_units=a_units, defender_units=d_units,
                        attacker_choice=lambda cs: chosen["attacker"], defender_choice=lambda cs: chosen["defender"])
    now["allot"] = {who: {"side": side if who == "attacker" else foe, "units": [dataclasses.asdict(c) for c in units],
                          "losses": part.choice.loss, "both": part.both_armour, "first": list(part.first),
                          "extra_armour": part.extra_armour, "order": [], "extra": []}
                    for who, part, units in (("attacker", out.attacker, a_units), ("defender", out.defender, d_units))}
    now["owed"] = {"attacker": out.attacker.retreat, "defender": out.defender.retreat}
    now["unabsorbed"] = out.defender.plan.excess
    now["step"] = "allot"


def _allotment(allot: dict) -> tuple[list[losses.Casualty], tuple[list[losses.Casualty], str] | None]:
    """One side's units that may take losses and the choice of its next loss (None: all taken)."""
    units = [losses.Casualty(**c) for c in allot["units"]]
    return units, losses.next_loss(units, allot["order"], allot["extra"], allot["losses"], both_armour=allot["both"],
                                   first=allot["first"], extra_armour=allot["extra_armour"])


def _take_loss(allot: dict, unit_id: str, case: str) -> None:
    allot["extra" if case == "16.3B" else "order"].append(unit_id)


def _allot(state: GameState, now: dict, events: list) -> bool:
    """16.0-16.3, 20.0D-E: each side's owner names the unit of each SP it loses where the rules
    leave a choice (a ``combat_losses`` decision); a loss only one unit may take is taken at once.
    True while a side is choosing.  Once every loss is placed the units lose their SP, then 8.4B
    and 6.2.2D."""
    for who in ("attacker", "defender"):
        allot = now["allot"][who]
        while (step := _allotment(allot)[1]) is not None:
            pool, case = step
            if len(pool) > 1:
                state.pending.append(Decision(LOSSES, allot["side"], case, {"who": who}))
                return True
            _take_loss(allot, pool[0].id, case)
    side = phasing(state)
    b = battle(state, _record(state)["attacks"][now["index"]], side)  # the fighters as they stood before the losses
    now["taken"] = {}
    for who in ("attacker", "defender"):
        allot = now["allot"][who]
        taken: dict[str, int] = {}
        for u in allot["order"] + allot["extra"]:
            taken[u] = taken.get(u, 0) + 1
        for u, n in sorted(taken.items()):
            now["taken"][u] = n
            _lose(state, u, n, "16.0A", "combat losses", events)
    now["step"] = "retreat_defender"
    now["retreats"] = {}
    a_ground = [x for x in b.attackers if x.role == "ground"]
    d_ground = [x for x in b.defenders if x.role == "ground" and x.kind not in ("hq",)]
    for x in b.attackers + b.defenders:
        if x.role != "ground" or state.units[x.id].hex is None:
            continue
        enemy_ground = d_ground if x.side == side else a_ground
        if any(e.kind not in ("artillery", "motorized_artillery", "armored_artillery", "rocket", "mortar") for e in enemy_ground):
            supply.fought(state, x.id, events)  # 8.4B
    for x in a_ground + (d_ground if a_ground else []):
        if order_of(state, x.id) == "defense" and reserves.formation_of(state, x.id):
            supply.charge_defense(state, reserves.formation_of(state, x.id), x.side, events)  # 6.2.2D
    return False


def _lose(state: GameState, unit_id: str, n: int, case: str, why: str, events: list) -> bool:
    """Take ``n`` SP off a unit (16.0A-B); True when that eliminates it (16.0E-F)."""
    if n <= 0 or state.units[unit_id].hex is None:
        return False
    rec = state.units[unit_id]
    rec.step += n
    state.note_change(rec.hex, rec.side)
    left = _left(state, unit_id)
    if left <= 0:
        where = rec.hex
        state.to_box(unit_id, "eliminated")
        events.append(Eliminated(unit=unit_id, hex=where, reason=why, case="16.0E"))
        return True
    events.append(SpLost(unit=unit_id, lost=n, left=int(counters.sp(state, unit_id)), why=why, case=case))
    return False


def _crushed(state: GameState, units, events: list) -> list[str]:
    """17.3B: units overstacked in a hex whose other units must retreat are destroyed; the rest go."""
    staying = [u for u in units if not counters.has(state, u, OVERSTACKED)]
    for u in units:
        if u not in staying:
            where = state.units[u].hex
            state.to_box(u, "eliminated")
            events.append(Eliminated(unit=u, hex=where, reason="overstacked in a hex whose other units retreat", case="17.3B"))
    return staying


def _open_retreat(state: GameState, now: dict, side: str, units, hexes: int, *, fought, held) -> bool:
    units = [u for u in units if state.units[u].hex is not None]
    if hexes <= 0 or not units:
        return False
    state.pending.append(Decision(RETREAT, side, "17.1", {"units": units, "hexes": hexes, "fought": list(fought), "held": list(held)}))
    return True


def retreat_options(state: GameState, decision: Decision, unit_id: str) -> list[retreat.Retreat]:
    """17.1-17.4: the best retreats of one unit of the decision (17.5: a stack's units go one by one),
    on the board as its side knows it (29, 30: a face-down counter's ZOC and a hidden unit are not
    known; :func:`true_retreat` makes the retreat chosen on the true position)."""
    info = state.board.units[unit_id]
    rec = state.units[unit_id]
    f = state.board.data.formations.get(reserves.formation_of(state, unit_id) or "")
    hq = state.units[f.hq].hex if f and f.hq in state.units and f.hq != unit_id else None
    board = StateBoard(state, info.armored, leaving=(unit_id,), known=True)
    return retreat.retreats(board, rec.side, rec.hex, decision.data["hexes"], (unit_id,), fought=decision.data["fought"],
                            armored=info.armored, hq=hq, held=decision.data["held"])


def true_retreat(state: GameState, unit_id: str, chosen: retreat.Retreat, events: list) -> retreat.Retreat:
    """29.1, 29.4, 30.2 (the reading of the rules reference): a retreat chosen on what its side knows
    is made hex by hex on the true position.  Leaving a hex in a face-down counter's ZOC costs its SP
    as any ZOC (17.2A) and the counters exerting it are shown (29.1); an Overlapping ZOC the side did
    not know of ends the retreat there (17.4A), and a hex holding a hidden unit ends it in the hex
    before, the unit found (30.2A): the hexes not retreated count as 15.9F's."""
    side = state.units[unit_id].side
    foe = other(side)
    masked = seen.masked(state, foe)
    if not masked or not chosen.path:
        return chosen
    armored = state.board.units[unit_id].armored
    truth = StateBoard(state, armored, leaving=(unit_id,))
    known = StateBoard(state, armored, leaving=(unit_id,), known=True)
    hidden = seen.masked(state, foe, hidden_only=True)
    path, losses, acted, found = list(chosen.path), 0, [], []
    for i, h in enumerate(chosen.path):
        found = [u for u in state.units_at(h) if u in hidden]
        if found:
            path = path[:i]
            break
        if i == len(chosen.path) - 1:
            break
        z, free = truth.zoc(h, side), retreat._free_of_zoc(truth, h, side, armored)
        if not free and (retreat._free_of_zoc(known, h, side, armored) or z.overlapping and not known.zoc(h, side).overlapping):
            acted.append(h)
        if z.overlapping and not free and not known.zoc(h, side).overlapping:
            path = path[:i + 1]
            break
        losses += 0 if free else 1
    fog.show_zocs(state, foe, acted, events)
    for u in found:
        fog.reveal(state, u, events, "30.2A")
    if (tuple(path), losses) == (chosen.path, chosen.zoc_losses):
        return chosen
    short = chosen.short + len(chosen.path) - len(path)
    overstacked = bool(path) and (chosen.overstacked if len(path) == len(chosen.path) else not truth.stack_room(path[-1], side, (unit_id,)))
    return retreat.Retreat(tuple(path), losses, overstacked, short, chosen.rank)


def _room(state: GameState, now: dict, unit_id: str) -> int:
    """16.1A, E: what the unit may still lose this round."""
    taken = now.get("taken", {}).get(unit_id, 0)
    start = _left(state, unit_id) + taken
    limit = 1 if start <= 1 else start // 2
    return max(limit - taken, 0)


def _retreat(state: GameState, decision: Decision, action: Retreat, events: list) -> None:
    if action.unit not in decision.data["units"]:
        raise IllegalAction("17.1B", f"{action.unit} does not retreat now")
    chosen = true_retreat(state, action.unit, retreat.check_retreat(action.path, retreat_options(state, decision, action.unit)), events)
    now = _record(state)["now"]
    u = action.unit
    start = state.units[u].hex
    decision.data["units"].remove(u)
    if chosen.path:
        state.place(u, chosen.path[-1])
        events.append(Retreated(unit=u, path=(start,) + chosen.path, case="17.1"))
        if state.units[u].side == "soviet":
            for h in chosen.path:
                supply.destroy_dumps_at(state, h, events)
        now.setdefault("retreats", {}).setdefault(start, []).append(list(chosen.path))
    room = _room(state, now, u)
    zoc_loss = min(chosen.zoc_losses, room)  # 16.1D: the limit overrides
    short = losses.unretreated_as_losses(chosen.short, room - zoc_loss)
    if zoc_loss:
        now["taken"][u] = now["taken"].get(u, 0) + zoc_loss
        if _lose(state, u, zoc_loss, "17.2A", "retreat through enemy ZOC", events):
            return
    if short:
        now["taken"][u] = now["taken"].get(u, 0) + short
        if _lose(state, u, short, "15.9F", f"{chosen.short} hex(es) it could not retreat", events):
            return
    if chosen.overstacked:
        state.set_flag(u, OVERSTACKED)
        events.append(FlagChanged(unit=u, flag="overstacked", on=True, case="17.3B"))
    if chosen.path and state.units[u].hex is not None:
        along = {c: p for c in companions(state, decision, start) if (p := _companion_path(state, start, chosen.path, c))}
        if along:
            state.pending.append(Decision(ALONG, decision.side, "17.7A", {"unit": u, "paths": along}))


def _supported(state: GameState, unit_id: str) -> bool:
    """17.7B: the HQ or gun has supported a combat this round."""
    f = _record(state)
    return (unit_id in f["hq"] or unit_id in f["dhq"]
            or any(unit_id in a["guns"] + a["dguns"] + a["hqs"] for a in f["attacks"]))


def companions(state: GameState, decision: Decision, start: str) -> list[str]:
    """17.7A-B, E: the side's HQs and guns next to ``start`` that may retreat along."""
    side = decision.side
    out = []
    for n in state.board.nbrs[start]:
        for c in state.units_at(n):
            info = state.board.units[c]
            if state.units[c].side != side or not (info.is_hq or info.is_artillery) or c in decision.data["units"]:
                continue
            try:
                retreat.check_companion("hq" if info.is_hq else info.kind, supported=_supported(state, c),
                                        travelling=counters.has(state, c, counters.TRAVELLING),
                                        soviet_zero_ma=info.soviet_travelling_artillery, adjacent=True)
            except IllegalAction:
                continue
            out.append(c)
    return sorted(out)


def _companion_path(state: GameState, start: str, path, unit_id: str) -> list[str] | None:
    """17.7C: the companion's path, if it runs through no enemy unit (17.4A) and ends in a legal stack."""
    try:
        hexes = retreat.companion_path(state.board.grid, start, path, state.units[unit_id].hex)
    except IllegalAction:
        return None
    board = StateBoard(state, state.board.units[unit_id].armored, leaving=(unit_id,))
    side = state.units[unit_id].side
    if any(h not in state.board.index or board.enemy_in(h, side) for h in hexes) or not board.stack_room(hexes[-1], side, (unit_id,)):
        return None
    return hexes


def _advance_allowance(state: GameState, now: dict, orders: str) -> advance.Allowance:
    side = phasing(state)
    vacated = [t for t in now["targets"] if not _ground(state, t, other(side))]
    retreated = now["owed"]["defender"]
    eliminated = not now.get("retreats") and bool(vacated)
    return advance.allowance(orders, retreated, vacated=bool(vacated), eliminated=eliminated, unabsorbed=now.get("unabsorbed", 0))


def advance_options(state: GameState, decision: Decision) -> list[Advance]:
    """18.1-18.4, 18.6: each attacker still in its hex into a vacated target hex and on along a
    retreating defender's path, as far as its orders and the ZOCs allow."""
    now = _record(state)["now"]
    side = decision.side
    out = []
    for u in decision.data["units"]:
        rec = state.units[u]
        if rec.hex is None or rec.hex != now["start"].get(u) or u in decision.data["done"]:
            continue
        allowed = _advance_allowance(state, now, order_of(state, u))
        board = StateBoard(state, state.board.units[u].armored, leaving=(u,), known=True)  # 29, 30: what the side knows
        for t in now["targets"]:
            if _ground(state, t, other(side)) or t not in state.board.nbrs[rec.hex]:
                continue
            paths = {(t,)}
            for rp in now.get("retreats", {}).get(t, []):
                for k in range(1, len(rp) + 1):
                    paths.add((t, *rp[:k]))
            for p in sorted(paths):
                try:
                    advance.check_advance(board, side, rec.hex, t, p, allowed, (u,))
                except IllegalAction:
                    continue
                out.append(Advance(unit=u, path=(rec.hex, *p)))
    return out


def true_advance(state: GameState, unit_id: str, path: tuple[str, ...], target: str, events: list) -> tuple[str, ...]:
    """29.1, 30.2 (the reading of the rules reference): an advance chosen on what its side knows is
    made on the true position: where a face-down counter's ZOC stops it (18.3) it ends there, the
    counters shown (29.1); a hex holding a hidden unit ends it in the hex before, the unit found
    (30.2A); and back from a hex where it may not stack (18.6).  ``target``: the defender's hex."""
    side = state.units[unit_id].side
    foe = other(side)
    masked = seen.masked(state, foe)
    if not masked or len(path) < 2:
        return path
    armored = state.board.units[unit_id].armored
    truth = StateBoard(state, armored, leaving=(unit_id,))
    got = advance.reach(truth, side, path[0], target, path[1:])
    if got == len(path) - 1:
        return path
    end = got
    hidden = seen.masked(state, foe, hidden_only=True)
    found = [u for u in state.units_at(path[end + 1]) if u in hidden]
    stopped_in = path[: end + 1]
    while end > 0 and not truth.stack_room(path[end], side, (unit_id,)):
        end -= 1
    fog.show_zocs(state, foe, stopped_in, events)
    for u in found:
        fog.reveal(state, u, events, "30.2A")
    return path[: end + 1]


def _second_line(state: GameState, now: dict, side: str) -> list[str]:
    """18.5A: the side's combat units that did not attack this round and stand with an attacker
    of this combat, or next to one and in no enemy ZOC its side knows of (HQs, guns, reserves and
    overstacked units stay; a face-down counter's ZOC is made good when the unit follows,
    :func:`_follower_made_good`)."""
    hexes = set(now["start"].values())
    foe_zoc = zoc.zoc_of(state, other(side), known=True)
    attacked = state.turn_data.get("attacked", {})
    out = []
    for u in counters.on_map(state, side):
        info = state.board.units[u]
        here = state.units[u].hex
        if (u in now["start"] or attacked.get(u) == round_no(state) or not info.ground or info.is_hq or info.is_artillery
                or counters.has(state, u, counters.RESERVE) or counters.has(state, u, OVERSTACKED)):
            continue
        if here in hexes or (any(h in state.board.nbrs[here] for h in hexes) and not foe_zoc.get(here)):
            out.append(u)
    return out


def _follower_made_good(state: GameState, decision: Decision, unit_id: str, events: list) -> bool:
    """18.5A under the advanced rules 29 and 30: a unit next to the attackers, offered to follow on the
    enemy ZOCs its side knows of, follows unless its hex lies in a true enemy ZOC: then the face-down
    counters exerting it are shown (29.1) and the unit stays (:class:`FollowRefused`)."""
    here = state.units[unit_id].hex
    foe = other(decision.side)
    if here in set(_record(state)["now"]["start"].values()) or not zoc.zoc_of(state, foe).get(here):
        return True
    fog.show_zocs(state, foe, [here], events)
    decision.data["done"].append(unit_id)
    events.append(FollowRefused(unit=unit_id, reason=f"{here} lies in an enemy ZOC", case="18.5A"))
    return False


def follower_options(state: GameState, decision: Decision) -> list[Advance]:
    """18.5: once an attacker has advanced, a second-line unit may go as far as the attackers went
    (one hex under assault orders, none under defense), through the hexes the attackers left or
    advanced into, within 18.3's ZOCs and 18.6's stacking."""
    paths = decision.data["paths"]  # made with the decision (_open_advance)
    went = max((len(p) - 1 for p in paths.values()), default=0)
    now = _record(state)["now"]
    side = decision.side
    open_ = {h for p in paths.values() for h in p}  # empty until an attacker has advanced (18.5C)
    out = []
    for u in decision.data.get("followers", ()):
        rec = state.units[u]
        if rec.hex is None or u in decision.data["done"]:
            continue
        order = order_of(state, u)
        limit = 0 if order == "defense" else 1 if order == "assault" else went
        board = StateBoard(state, state.board.units[u].armored, leaving=(u,), known=True)
        frontier = [(rec.hex,)]
        for _ in range(limit):
            frontier = [(*p, n) for p in frontier for n in state.board.nbrs[p[-1]] if n in open_ and n not in p]
            for p in frontier:
                target = next((t for t in now["targets"] if t in p), now["targets"][0])
                if advance.reach(board, side, rec.hex, target, p[1:]) == len(p) - 1 and board.stack_room(p[-1], side, (u,)):
                    out.append(Advance(unit=u, path=p))
    return sorted(set(out), key=lambda a: (a.unit, a.path))


def _follower_refusal(state: GameState, decision: Decision, action: Advance) -> tuple[str, str] | None:
    """Why a unit that did not attack in this combat may not advance along ``action.path`` (18.5)."""
    u = action.unit
    if u in _record(state)["now"]["start"]:  # an attacker of this combat no longer in the hex it attacked from
        return "18.0A", f"{u} left the hex it attacked from: only attackers still there advance"
    if u not in decision.data.get("followers", ()) or u in decision.data["done"]:
        return "18.5A", f"{u} did not attack here and was neither stacked with the attackers nor next to them clear of enemy ZOCs"
    paths = decision.data["paths"]  # made with the decision (_open_advance)
    hexes = len(action.path) - 1
    try:
        advance.check_follower(state.units[u].hex, set(_record(state)["now"]["start"].values()), in_enemy_zoc=False, orders=order_of(state, u),
                               attackers_advanced=max((len(p) - 1 for p in paths.values()), default=0), hexes=hexes,
                               adjacent=lambda a, b: b in state.board.nbrs[a])
    except IllegalAction as e:
        return e.case, e.reason
    if action not in follower_options(state, decision):
        return "18.5B", f"{u} follows only through the hexes the attackers left or entered, within ZOCs (18.3) and stacking (18.6)"
    return None


def _open_advance(state: GameState, f: dict, now: dict, side: str) -> bool:
    units = [u for u in now["start"] if _on_map(state, u, side) and state.units[u].hex == now["start"][u]]
    decision = Decision(ADVANCE, side, "18.0A", {"units": units, "done": [], "paths": {}, "followers": _second_line(state, now, side)})
    if not units or not advance_options(state, decision):
        return False
    state.pending.append(decision)
    return True


def _must_refusal(state: GameState, decision: Decision) -> tuple[str, str] | None:
    """18.1A-B: units on assault or pursuit orders must advance where they can."""
    if decision.data["done"]:
        return None
    now = _record(state)["now"]
    for a in advance_options(state, decision):
        allowed = _advance_allowance(state, now, order_of(state, a.unit))
        if allowed.must > 0:
            return allowed.case, f"{a.unit} must advance after combat ({'-'.join(a.path)} is open)"
    return None


# ----------------------------------------------------------------------------- decisions


def legal_decision(state: GameState, decision: Decision, legal: LegalActions) -> None:
    f = _record(state)
    if decision.kind == SUPPORT:
        legal.add_list(_support_options(state, f))
        legal.add_list([EndSupport()])
    elif decision.kind == OPTION:
        legal.add_list([ChooseResult(loss=l, retreat=r) for l, r in decision.data["choices"]])
    elif decision.kind == RETREAT:
        legal.add_list([Retreat(unit=u, path=r.path) for u in decision.data["units"] for r in retreat_options(state, decision, u)])
    elif decision.kind == ALONG:
        legal.add_list([RetreatAlong(unit=c) for c in sorted(decision.data["paths"])])
        legal.add_list([StayPut()])
    elif decision.kind == ADVANCE:
        legal.add_list(advance_options(state, decision) + follower_options(state, decision))
        if _must_refusal(state, decision) is None:
            legal.add_list([EndAdvance()])
    elif decision.kind == DUMMY_ADVANCE:
        legal.add_list(dummy_advance_options(state, decision))
        legal.add_list([EndAdvance()])
    elif decision.kind == REORGANISE:
        legal.add_list(reorganise_options(state, decision))
        if reorganise_duty(state, decision) is None:
            legal.add_list([EndReorganise()])
    elif decision.kind == LOSSES:
        step = _allotment(f["now"]["allot"][decision.data["who"]])[1]
        legal.add_list([ChooseLoss(unit=u.id) for u in (step[0] if step else ())])


def loss_choice(state: GameState, decision: Decision) -> dict:
    """The loss being chosen, for the window: its number, how many the side takes, the case that
    narrows the choice and, for each unit of the side in the combat, its SP now, the SP it may
    still lose this round and whether it may take this loss."""
    allot = _record(state)["now"]["allot"][decision.data["who"]]
    units, step = _allotment(allot)
    pool = {u.id for u in step[0]} if step else set()
    taken = allot["order"] + allot["extra"]
    rows = [{"unit": u.id, "sp": int(counters.sp(state, u.id)), "marked": taken.count(u.id),
             "room": u.round_limit - taken.count(u.id), "may": u.id in pool} for u in units]
    extra = bool(step) and step[1] == "16.3B"
    return {"number": len(allot["extra"]) + 1 if extra else len(allot["order"]) + 1,
            "of": allot["extra_armour"] if extra else allot["losses"], "extra": extra,
            "case": step[1] if step else "16.0", "why": losses.WHY.get(step[1], "") if step else "", "units": rows}


def _choose_loss(state: GameState, f: dict, decision: Decision, unit_id: str, events: list) -> None:
    """16.0: the owner names the unit that takes the next SP; refused outside the units the rules
    leave it (16.1, 16.2, 16.3B, 20.0D-E)."""
    allot = f["now"]["allot"][decision.data["who"]]
    units, step = _allotment(allot)
    if unit_id not in {u.id for u in units}:
        raise IllegalAction("16.0", f"{unit_id} takes no losses in this combat")
    if step is None:
        raise IllegalAction("16.0", "every loss of this combat is taken")
    pool, case = step
    if unit_id not in {u.id for u in pool}:
        raise IllegalAction(case, f"{unit_id} may not take this loss: {losses.WHY[case]}")
    _take_loss(allot, unit_id, case)
    state.pending.remove(decision)


def decide(state: GameState, decision: Decision, action, events: list) -> None:
    f = _record(state)
    if decision.kind == SUPPORT:
        if isinstance(action, SupportDefence):
            _support(state, f, action, events)
        elif isinstance(action, EndSupport):
            state.pending.remove(decision)
        else:
            raise IllegalAction("15.3", f"{action.kind}: the {decision.side} player commits defensive support or ends")
    elif decision.kind == OPTION:
        if not isinstance(action, ChooseResult):
            raise IllegalAction("15.9", f"{action.kind}: the {decision.side} player picks the combat result's losses and retreat")
        choices = [Part(*c) for c in decision.data["choices"]]
        combat.check_choice(Part(action.loss, action.retreat), choices, f"the {decision.data['who']}")
        f["now"]["chosen"][decision.data["who"]] = [action.loss, action.retreat]
        state.pending.remove(decision)
        events.append(ResultChosen(side=decision.side, loss=action.loss, retreat=action.retreat, case="15.9"))
    elif decision.kind == RETREAT:
        if not isinstance(action, Retreat):
            raise IllegalAction("17.1", f"{action.kind}: the {decision.side} player retreats its units")
        _retreat(state, decision, action, events)
        decision.data["units"] = [u for u in decision.data["units"] if state.units[u].hex is not None]
        if not decision.data["units"]:
            state.pending.remove(decision)
    elif decision.kind == ALONG:
        if isinstance(action, StayPut):
            state.pending.remove(decision)
        elif isinstance(action, RetreatAlong) and action.unit in decision.data["paths"]:
            path = decision.data["paths"].pop(action.unit)
            start = state.units[action.unit].hex
            state.place(action.unit, path[-1])
            f.setdefault("along", []).append(action.unit)
            events.append(Retreated(unit=action.unit, path=(start, *path), case="17.7A"))
            if not decision.data["paths"]:
                state.pending.remove(decision)
        else:
            raise IllegalAction("17.7A", f"{action.kind}: only an HQ or gun next to {decision.data['unit']} retreats along with it")
    elif decision.kind == DUMMY_ADVANCE:
        _dummy_advance(state, decision, action, events)
    elif decision.kind == REORGANISE:
        _reorganise(state, f, decision, action, events)
    elif decision.kind == LOSSES:
        if not isinstance(action, ChooseLoss):
            raise IllegalAction("16.0", f"{action.kind}: the {decision.side} player names the unit that takes the next loss")
        _choose_loss(state, f, decision, action.unit, events)
    elif decision.kind == ADVANCE:
        if isinstance(action, EndAdvance):
            refusal = _must_refusal(state, decision)
            if refusal:
                raise IllegalAction(*refusal)
            state.pending.remove(decision)
        elif isinstance(action, Advance):
            if action.unit not in decision.data["units"]:
                refusal = _follower_refusal(state, decision, action)
                if refusal:
                    raise IllegalAction(*refusal)
                if not _follower_made_good(state, decision, action.unit, events):
                    if not advance_options(state, decision) and not follower_options(state, decision):
                        state.pending.remove(decision)
                    return
            elif action not in advance_options(state, decision):
                unit = action.unit
                raise IllegalAction("18.0A", f"{unit} may not advance along {'-'.join(action.path)} (18.1-18.4, 18.6)")
            targets = _record(state)["now"]["targets"]
            target = next((t for t in targets if t in action.path), targets[0])
            action = dataclasses.replace(action, path=true_advance(state, action.unit, tuple(action.path), target, events))
            state.place(action.unit, action.path[-1])
            decision.data["done"].append(action.unit)
            if action.unit in decision.data["units"]:
                decision.data["paths"][action.unit] = list(action.path)
            if len(action.path) > 1:
                events.append(Advanced(unit=action.unit, path=tuple(action.path), case="18.0A"))
            if state.units[action.unit].side == "soviet":
                for h in action.path[1:]:
                    supply.destroy_dumps_at(state, h, events)
            if not advance_options(state, decision) and not follower_options(state, decision):
                state.pending.remove(decision)
        else:
            raise IllegalAction("18.0A", f"{action.kind}: the {decision.side} player advances after combat or ends")

"""Advanced rules 29 (dummies, tank-backed counters) and 30 (hidden units): what each side may
know of the other's counters, kept by the engine, never by the view.

The game options ``dummies`` (29) and ``hidden`` (30) switch them on (:mod:`kharkovsuite.engine.options`).

- Face-down counters (29.4A, 26.3B): every motorised unit but non-armoured artillery starts tank
  side up, and so does every dummy on the map.  The enemy sees such a counter only as an anonymous
  token drawn from the game's dice (the same for a dummy and a real unit), with its hex.  It turns
  face up when it takes part in a declared attack or is attacked (29.4B-C; not when fired on by
  artillery alone), when its owner wishes (29.4D, :class:`~.actions.RevealUnit`), and, Soviet, when
  it moves next to a town or city no Soviet unit has moved through before (29.5); all turn face
  down again when the combat round ends (29.7).
- Dummies (29.1-29.3, 29.8): they wait in the side's dummy box and come onto a hex holding a
  friendly unit in a friendly movement round (:class:`~.actions.PlaceDummy`), then move alone like
  motorised units, never into an enemy ZOC unless real friendly units hold the hex (29.1).  They
  fight in no way (the combat rules see only ground units, 29.2A); attacked beside real units, or
  found by armoured reconnaissance (:class:`~.actions.ArmoredRecon`), they go back to the box (29.2B).
- Hidden units (30): the German Army and Korps HQs are off the Soviet side's knowledge until a
  face-up Soviet unit moves next to one (30.2A, C); a revealed one may hide again in a town or
  city it can reach this round, not next to a Soviet unit (30.6, :class:`~.actions.HideHQ`);
  moving one on the map reveals it (30.6C-D).

State records: ``game["masks"]`` unit -> token (a face-down counter) or None (a hidden unit or a
dummy off the map); ``game["fog_phase"]`` the phase the masks were last brought up to date in;
``game["soviet_towns"]`` the towns and cities a Soviet unit has moved through (29.5B).  Every
change of a mask is logged as an engine :class:`~kharkovsuite.engine.events.Masked` or
:class:`~kharkovsuite.engine.events.Unmasked` event, so :func:`events_for` reads each event of the
log with the masks of its moment (:func:`kharkovsuite.engine.hidden.masked_log`).
"""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.errors import IllegalAction
from ...engine.events import Event, Masked, MoveStopped, Unmasked
from ...engine.hidden import FACE_DOWN, mask, masked_log
from ...engine.options import enabled
from ...engine.state import GameState
from . import counters, movement, seen, sequence, zoc
from .board import other

DUMMIES = "dummies"
HIDDEN = "hidden"
TOWNS = ("town", "city")


@dataclass(frozen=True, kw_only=True)
class DummyRemoved(Event):
    """29.2B, 29.8.1: a dummy leaves the map for its box; only its token is named."""

    token: str
    hex: str
    side: str

    def text(self) -> str:
        return f"{self.token} at {self.hex} was a dummy: removed"


@dataclass(frozen=True, kw_only=True)
class HQHidden(Event):
    """30.6B: Germany tells the USSR that an HQ leaves the map to a hidden place."""

    unit: str

    def text(self) -> str:
        return f"{self.unit} goes hidden"


def dummy_box(side: str) -> str:
    return f"dummies-{side}"


def dummies_on(state: GameState) -> bool:
    return enabled(state, DUMMIES)


def hidden_on(state: GameState) -> bool:
    return enabled(state, HIDDEN)


def in_play(state: GameState) -> bool:
    return dummies_on(state) or hidden_on(state)


def is_dummy(state: GameState, unit_id: str) -> bool:
    return state.board.units[unit_id].kind == "dummy"


def face_down(state: GameState, unit_id: str) -> bool:
    return state.game.get("masks", {}).get(unit_id, False) not in (False, None)


def hidden(state: GameState, unit_id: str) -> bool:
    """30: a unit the enemy does not see at all (a hidden HQ; a dummy off the map)."""
    masks = state.game.get("masks", {})
    return unit_id in masks and masks[unit_id] is None


def hidden_hqs(state: GameState) -> list[str]:
    """30.1: the German Army and Korps HQs (the scenario's higher HQs)."""
    return [u for u, i in state.board.units.items() if i.side == "german" and i.values.role == "higher_hq"]


def is_town(state: GameState, hex_id: str) -> bool:
    return state.board.terrain(hex_id) in TOWNS


# ----------------------------------------------------------------------------- masks


def _token(state: GameState) -> str:
    """A name that says nothing of the unit: drawn from the game's dice, so a replay draws it again."""
    used = set(state.game.get("masks", {}).values())
    while True:
        token = f"counter-{state.rng.getrandbits(40):010x}"
        if token not in used:
            return token


def _masks_changed(state: GameState, unit_id: str) -> None:
    """What the enemy knows of ``unit_id``'s side changed: the ZOCs it knows of and its kept
    searches of the round (:mod:`.seen`) are stale, and so is a true ZOC when a hidden unit comes
    on the board or leaves it.  What the unit's own side knows, and its searches, stand."""
    side = state.units[unit_id].side
    zoc.unit_moved(state, side)  # the derived data read from the side's units
    movement.forget_round(state, other(side))


def turn_down(state: GameState, unit_id: str, events: list, case: str) -> None:
    """The counter shows its back (a tank, 29.4A) to the enemy from now on."""
    if face_down(state, unit_id):
        return
    _masks_changed(state, unit_id)
    token = _token(state)
    state.game.setdefault("masks", {})[unit_id] = token
    events.append(Masked(unit=unit_id, side=state.units[unit_id].side, token=token, case=case))


def conceal(state: GameState, unit_id: str, events: list, case: str) -> None:
    """The enemy no longer sees the unit at all (30.1, 30.6B; a dummy in its box)."""
    masks = state.game.setdefault("masks", {})
    if unit_id in masks and masks[unit_id] is None:
        return
    _masks_changed(state, unit_id)
    masks[unit_id] = None
    events.append(Masked(unit=unit_id, side=state.units[unit_id].side, token=None, case=case))


def reveal(state: GameState, unit_id: str, events: list, case: str) -> None:
    masks = state.game.get("masks", {})
    if unit_id not in masks:
        return
    _masks_changed(state, unit_id)
    token = masks.pop(unit_id)
    events.append(Unmasked(unit=unit_id, side=state.units[unit_id].side, token=token, hex=state.units[unit_id].hex, case=case))


def remove_dummy(state: GameState, unit_id: str, events: list, case: str) -> None:
    """29.2B, 29.8.1: the dummy goes back to its box; the enemy learns only that the token was a dummy."""
    rec = state.units[unit_id]
    token, where = state.game.get("masks", {}).get(unit_id), rec.hex
    state.to_box(unit_id, dummy_box(rec.side))
    _masks_changed(state, unit_id)
    state.game.setdefault("masks", {})[unit_id] = None  # silently: the enemy saw it leave
    events.append(DummyRemoved(token=token or "a counter", hex=where, side=rec.side, case=case))


def start(state: GameState, events: list) -> None:
    """26.3B-C, 30.1: at the set-up the dummies wait unseen in their boxes, but those the scenario
    sets up on the map (31.2.2E), which show their backs as every tank-backed unit on the map does,
    and the German HQs of 30.1 are hidden.  Without the dummies rule a dummy is no counter of the
    game: one the scenario sets up goes to its box."""
    state.game["fog_phase"] = state.phase_index
    if not dummies_on(state):
        for u, rec in state.units.items():
            if is_dummy(state, u) and rec.hex is not None:
                state.to_box(u, dummy_box(rec.side))
    if dummies_on(state):
        for u, rec in state.units.items():
            if is_dummy(state, u) and rec.hex is not None:
                turn_down(state, u, events, "31.2.2E")
            elif is_dummy(state, u):
                conceal(state, u, events, "29.3")
            elif rec.hex is not None and state.board.units[u].values.tank_back:
                turn_down(state, u, events, "26.3B")
    if hidden_on(state):
        for u in hidden_hqs(state):
            if state.units[u].hex is not None:
                conceal(state, u, events, "30.1")


def masks_against(state: GameState, side: str) -> dict[str, str | None]:
    """The masks of the enemy's units as ``side`` meets them now."""
    return {u: t for u, t in state.game.get("masks", {}).items() if state.units[u].side != side}


# ----------------------------------------------------------------------------- what a side may know


def observation(state: GameState, side: str, out: dict) -> dict:
    """``out`` (the position as ``side`` may see it so far) without what 29 and 30 hide: a
    face-down enemy counter only as its token in its hex (no id, type, strength, markers or
    orders: a dummy and a real unit alike), a hidden one not at all."""
    game = out.get("game", {})
    game.pop("masks", None)
    masks = masks_against(state, side)
    if not masks:
        return out
    units = out["units"]
    anonymous = {}
    for uid, token in masks.items():
        rec = units.pop(uid, None)
        if token is not None and rec is not None and rec.get("hex") is not None:
            anonymous[token] = {"side": rec["side"], "type": FACE_DOWN, "hex": rec["hex"], "box": None, "step": 0,
                                "flags": [], "values": None, "data": None}
    for rec in units.values():  # the records left name no masked unit but perhaps in their extras
        if rec.get("data"):
            rec["data"] = mask(rec["data"], masks)
    out["units"] = {}
    out = mask(out, masks)
    out["units"] = units
    units.update(sorted(anonymous.items()))  # in token order: the scenario's order would tell which unit
    return out


def events_for(state: GameState, side: str) -> list:
    """The log as ``side`` may read it: each event with the masks of its moment (kept walked in the
    state's cache, which no save or clone carries)."""
    key = ("fog_log", side)
    done, seen, masks = state.cache.get(key, (0, [], {}))
    if done > len(state.log):
        done, seen, masks = 0, [], {}
    more, masks = masked_log(state.log, side, done, masks)
    seen = seen + more
    state.cache[key] = (len(state.log), seen, masks)
    return list(seen)


# ----------------------------------------------------------------------------- keeping the masks


def after_action(state: GameState, events: list) -> None:
    """After every action: 29.4B-C and 29.2B for the attacks declared, 29.7 at a combat round's end."""
    if not in_play(state):
        return
    phase = sequence.PHASES[state.phase_index]
    if not phase.id.startswith("combat_"):
        catch_up(state, events)
    state.game["fog_phase"] = state.phase_index
    if phase.id.startswith("combat_"):
        fight = state.phase_data.get("fight") or {}
        for attack in fight.get("attacks", ()):
            ground = bool(attack.get("attackers"))
            for u in attack["attackers"]:
                if state.units[u].hex is not None:
                    reveal(state, u, events, "29.4B")
            for h in attack["targets"]:
                for u in list(state.units_at(h)):
                    if hidden(state, u):
                        reveal(state, u, events, "30.4A")  # a hidden HQ attacked is on the map from then on
                    elif not ground:
                        continue  # 29.4B: fired on by artillery alone, face-down defenders stay so
                    elif is_dummy(state, u):
                        remove_dummy(state, u, events, "29.2B")
                    else:
                        reveal(state, u, events, "29.4C")


def catch_up(state: GameState, events: list) -> None:
    """29.7, when a combat round ended since the masks were last brought up to date (within this
    action's automatic steps): every tank-backed counter turns face down.  The supply segment calls
    it first, so that the counters its lines show (:func:`.supply.disclose`) stay face up until the
    next combat round ends."""
    if not in_play(state):
        return
    before = state.game.get("fog_phase", state.phase_index)
    state.game["fog_phase"] = state.phase_index
    if before != state.phase_index and _crossed_combat(before, state.phase_index) and dummies_on(state):
        for u, rec in state.units.items():
            if rec.hex is not None and state.board.units[u].values.tank_back:
                turn_down(state, u, events, "29.7")


def _crossed_combat(before: int, now: int) -> bool:
    """Whether a combat phase began or ended between phase ``before`` and phase ``now`` (a new turn wraps)."""
    ids = [p.id for p in sequence.PHASES]
    passed = ids[before:now] if now > before else ids[before:] + ids[:now]
    return any(i.startswith("combat_") for i in passed)


def after_move(state: GameState, units, path, events: list) -> None:
    """After a move of ``units`` along ``path``: 29.5 and 30.2A, then 30.3's dummies spare the dumps."""
    if not in_play(state) or state.units[units[0]].side != "soviet":
        return
    real = [u for u in units if not is_dummy(state, u)]
    if not real:
        return
    seen = state.game.setdefault("soviet_towns", [])
    for h in path:
        if dummies_on(state):
            near_new_town = any(is_town(state, n) and n not in seen for n in (h, *state.board.nbrs[h]))
            if near_new_town:
                for u in real:
                    reveal(state, u, events, "29.5A")
        if hidden_on(state) and any(not face_down(state, u) for u in real):
            for n in state.board.nbrs[h]:
                for u in state.units_at(n):
                    if hidden(state, u):
                        reveal(state, u, events, "30.2A")
        if is_town(state, h) and h not in seen:
            seen.append(h)  # 29.5B


def run_into(state: GameState, units, path, rnd: int | None, budget: float | None, events: list) -> movement.Surprise | None:
    """29.1, 29.4, 30.2 (the reading of the rules reference): where a move chosen on what its side
    knew meets a face-down counter's ZOC or a hidden unit (:func:`.movement.surprise`), the rules
    show those enemy units (they turn face up, or come on the board) and the move ends there.
    The caller moves the units to ``path[found.end]`` (not at all when it is 0) and then logs
    :func:`stopped`."""
    if not in_play(state):
        return None
    found = movement.surprise(state, units, path, rnd, budget)
    if found is not None:
        for u in found.shown:
            reveal(state, u, events, "30.2A" if found.hidden else "29.1")
    return found


def show_zocs(state: GameState, foe: str, hexes, events: list) -> list[str]:
    """29.1: the face-down counters of ``foe`` whose ZOC, unknown to the other side, acted in ``hexes``
    are shown (their owner must show the ZOC); returns them."""
    if not hexes:
        return []
    masked = seen.masked(state, foe)
    hidden = seen.masked(state, foe, hidden_only=True)
    true_zoc, known_zoc = zoc.zoc_of(state, foe), zoc.zoc_of(state, foe, True)
    shown = [u for h in hexes for src in sorted(set(true_zoc.get(h, ())) - set(known_zoc.get(h, ())), key=lambda s: s.hex)
             for u in state.units_at(src.hex) if u in masked and u not in hidden and counters.exerts_zoc(state, u)]
    shown = list(dict.fromkeys(shown))
    for u in shown:
        reveal(state, u, events, "29.1")
    return shown


def find_hidden(state: GameState, foe: str, hexes, events: list) -> list[str]:
    """30.2A: the hidden units of ``foe`` in ``hexes`` are found (they come on the board); returns them."""
    hidden = seen.masked(state, foe, hidden_only=True)
    found = list(dict.fromkeys(u for h in hexes for u in state.units_at(h) if u in hidden))
    for u in found:
        reveal(state, u, events, "30.2A")
    return found


def stopped(units, path, found: movement.Surprise) -> MoveStopped:
    if found.hidden:
        why, case = f"a hidden enemy unit was found at {path[found.end + 1]}", "30.2A"
    else:
        why, case = "enemy counters that showed their ZOC (29.1: a dummy has none) stop the move", "29.1"
    return MoveStopped(units=tuple(units), hex=path[found.end], reason=why, case=case)


def entered(state: GameState, units, events: list, first: int) -> None:
    """29.4A: a tank-backed reinforcement comes on tank side up (its masking goes before the
    events of its entry, from ``events[first]`` on, so the enemy's log never names it)."""
    if dummies_on(state):
        masking: list = []
        for u in units:
            if state.units[u].hex is not None and state.board.units[u].values.tank_back:
                turn_down(state, u, masking, "29.4A")
        events[first:first] = masking


def before_move(state: GameState, units, events: list) -> None:
    """30.6C-D: a hidden HQ moved on the map is revealed first."""
    for u in units:
        if hidden(state, u) and state.units[u].hex is not None:
            reveal(state, u, events, "30.6C")


# ----------------------------------------------------------------------------- actions


def dummies_to_place(state: GameState, side: str) -> list[tuple[str, str]]:
    """29.3: (dummy, hex) pairs: the first dummy of the box onto each hex holding a friendly real unit."""
    if not dummies_on(state):
        return []
    box = _box(state, side)
    if not box:
        return []
    hexes = sorted({state.units[u].hex for u in counters.on_map(state, side)})
    return [(box[0], h) for h in hexes]


def place_refusal(state: GameState, side: str, unit_id: str, hex_id: str) -> tuple[str, str] | None:
    rec = state.units.get(unit_id)
    if not dummies_on(state):
        return "29.0", "the dummies rule is not in play"
    if rec is None or rec.side != side or not is_dummy(state, unit_id) or rec.box != dummy_box(side):
        return "29.3", f"{unit_id} is not a dummy of the {side} player in its box"
    if not any(state.units[u].side == side for u in state.units_at(hex_id) if state.board.units[u].ground):
        return "29.3", f"a dummy comes onto a hex holding a friendly unit, and {hex_id} holds none"
    return None


def place(state: GameState, side: str, unit_id: str, hex_id: str, events: list) -> None:
    refusal = place_refusal(state, side, unit_id, hex_id)
    if refusal:
        raise IllegalAction(*refusal)
    state.place(unit_id, hex_id)
    turn_down(state, unit_id, events, "29.3")  # out of the box with a fresh token, not the one it left with


def _box(state: GameState, side: str) -> list[str]:
    return [u for u, rec in state.units.items() if rec.side == side and rec.box == dummy_box(side)]


def withheld_for_dummies(state: GameState) -> list[str]:
    """24.5B: the reinforcements withheld this game turn, a dummy entered in the place of each."""
    return state.turn_data.get("withheld_for_dummies", [])


def dummies_for_reinforcements(state: GameState, side: str, due) -> list[tuple[str, str]]:
    """24.5B: (reinforcement, entry hex) for each due reinforcement (``due``) not withheld yet and
    each entry hex open to it, while a dummy waits in the box."""
    if side != "german" or not dummies_on(state) or not _box(state, side):
        return []
    from . import reinforcements

    return [(u, h) for u in due if u not in withheld_for_dummies(state) for h in reinforcements.entry_options(state, u)[0]]


def dummy_for_reinforcement(state: GameState, side: str, unit_id: str, hex_id: str, due, events: list) -> None:
    if (unit_id, hex_id) not in dummies_for_reinforcements(state, side, due):
        raise IllegalAction("24.5B", f"no dummy may enter at {hex_id} in the place of {unit_id}: it must be a German "
                            "reinforcement due now and not withheld yet, at one of its open entry hexes, with a dummy in the box")
    dummy = _box(state, side)[0]
    state.turn_data.setdefault("withheld_for_dummies", []).append(unit_id)
    state.place(dummy, hex_id)
    turn_down(state, dummy, events, "24.5B")  # a fresh token: the enemy sees a counter come on, as a tank-backed unit would


def dummy_barred(state: GameState, side: str) -> frozenset[str]:
    """29.1: the hexes ``side``'s dummies may not enter: those in an enemy ZOC the side knows of
    (29.1 says "intentionally") that no real friendly unit holds."""
    return frozenset(h for h in zoc.zocs_against(state, other(side), False, True)
                     if not any(state.units[u].side == side and state.board.units[u].ground for u in state.units_at(h)))


def dummy_zoc_refusal(state: GameState, units, path, barred: frozenset[str] | None = None) -> tuple[str, str] | None:
    """29.1: dummies enter no enemy ZOC unless real friendly units hold the hex (``barred``: the
    side's :func:`dummy_barred`, when the caller has it)."""
    if not all(is_dummy(state, u) for u in units):
        return None
    if barred is None:
        barred = dummy_barred(state, state.units[units[0]].side)
    for h in path[1:]:
        if h in barred:
            return "29.1", f"a dummy may not enter the enemy ZOC at {h} unless real friendly units hold it"
    return None


def revealable(state: GameState, side: str) -> list[str]:
    """29.4D, 30.6C: the side's own face-down counters on the map and its hidden HQs."""
    return sorted(u for u, t in state.game.get("masks", {}).items()
                  if state.units[u].side == side and state.units[u].hex is not None and not is_dummy(state, u))


def reveal_by_owner(state: GameState, side: str, unit_id: str, events: list) -> None:
    if unit_id not in revealable(state, side):
        raise IllegalAction("29.4D", f"{unit_id} is not a face-down or hidden counter of the {side} player on the map")
    reveal(state, unit_id, events, "30.6C" if hidden(state, unit_id) else "29.4D")


def recon_targets(state: GameState, side: str, moved) -> list[tuple[tuple[str, ...], str]]:
    """29.8: (one hex's real units that may still move, the adjacent enemy hex whose counters all show
    their backs)."""
    if not dummies_on(state):
        return []
    masks = state.game.get("masks", {})
    by_hex: dict[str, list[str]] = {}
    for u in counters.on_map(state, side):
        if u not in moved:
            by_hex.setdefault(state.units[u].hex, []).append(u)
    hidden = seen.masked(state, other(side), hidden_only=True)
    out = []
    for h, units in sorted(by_hex.items()):
        for n in state.board.nbrs[h]:
            there = [u for u in state.units_at(n) if u not in hidden]  # a hidden unit is not seen there (30.1)
            if there and all(state.units[u].side != side and masks.get(u) for u in there):
                out.append((tuple(units), n))
    return out


def check_recon(state: GameState, side: str, units, hex_id: str, moved) -> None:
    """29.8: ``units`` may reconnoitre ``hex_id`` (:func:`recon_targets`), else the refusal."""
    if (tuple(units), hex_id) not in recon_targets(state, side, moved):
        raise IllegalAction("29.8", f"{', '.join(units)} may not reconnoitre {hex_id}: not one hex's units free to move "
                            "next to an enemy hex whose counters all show their backs")


def reconnoitre(state: GameState, side: str, units, hex_id: str, moved: list, events: list) -> bool:
    """29.8.1: dummies alone are removed and the units may go on; 29.8.2: real units there are
    revealed and the reconnoitring units move no further this round (True: the caller has them
    attack, :func:`.fight.recon_attack`).  The caller has checked the reconnaissance (:func:`check_recon`)
    before its supply point was made good."""
    there = list(state.units_at(hex_id))
    if all(is_dummy(state, u) for u in there):
        for u in there:
            remove_dummy(state, u, events, "29.8.1")
        return False
    for u in there:
        if is_dummy(state, u):
            remove_dummy(state, u, events, "29.8.2")
        else:
            reveal(state, u, events, "29.8.2")
    moved.extend(units)
    return True


def hide_options(state: GameState, side: str, rnd: int, moved) -> list[tuple[str, str]]:
    """30.6A: (HQ, town or city hex) for each German Army or Korps HQ that may go hidden there."""
    if side != "german" or not hidden_on(state):
        return []
    out = []
    soviet_near = {n for h in seen.enemy_hexes(state, side)  # a face-down counter may be a dummy: Germany cannot tell (29.4)
                   for n in (h, *state.board.nbrs[h])}
    for u in hidden_hqs(state):
        if state.units[u].hex is None or u in moved:
            continue
        ma, _ = movement.allowance(state, u, rnd)
        if ma <= 0:
            continue
        for h, _reach in movement.round_reach(state, (u,), rnd):  # the round's kept searches
            if is_town(state, h) and h not in soviet_near:
                out.append((u, h))
    return out


def hide_hq(state: GameState, side: str, unit_id: str, hex_id: str, rnd: int, moved: list, events: list) -> None:
    if (unit_id, hex_id) not in hide_options(state, side, rnd, moved):
        raise IllegalAction("30.6A", f"{unit_id} may not go hidden to {hex_id}: it must be a German Army or Korps HQ that "
                            "can reach that town or city this round, not next to a Soviet unit")
    events.append(HQHidden(unit=unit_id, case="30.6B"))
    conceal(state, unit_id, events, "30.6B")
    state.place(unit_id, hex_id)
    moved.append(unit_id)


def dump_destroyers(state: GameState, units) -> bool:
    """30.3: only a real Soviet unit destroys a dump or airfield it enters."""
    return any(state.board.units[u].ground for u in units)


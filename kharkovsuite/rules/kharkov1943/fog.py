"""10: Fog of war, and air reconnaissance (13.3).

A side sees what an enemy stack holds only when (10.1) one of its units is adjacent to it, it
has fought the stack this turn (combat calls :func:`note_combat`), or its air reconnaissance
examined the hex this turn (:class:`~.actions.Reconnoitre`: clear sky, 14.3a; a hex of clear,
difficult or swamp terrain, the others mask; 8 German and 5 Soviet stacks a turn, 13.3).  Of any
other enemy stack it sees only the top unit, which the owner chooses (:class:`~.actions.SetTop`,
10.2; by default the unit that came first).

:func:`observation` is what a side may know: the position with every hidden unit taken out,
wherever its id appears (positions, pending decisions, fatigue, supply, activations), so that
neither a computer player nor the other seat of a hot-seat game can read hidden stacks.
Examinations are kept by hex for the rest of the turn (``state.turn_data["fought"]`` and
``["recon"]``, side -> hexes); the top units in ``state.game["tops"]`` (latest choice last).
"""
from __future__ import annotations

from ...engine.errors import IllegalAction
from ...engine.state import GameState
from . import air
from .actions import Reconnoitre, SetTop
from .activation import HQ_BOX
from .events import StackExamined

UNMASKED = frozenset({"clear", "difficult", "swamp"})  # 10.1


def note_combat(state: GameState, side: str, hexes, events: list | None = None) -> None:
    """10.1, the hook combat calls: ``side`` fought the stacks in ``hexes`` and saw them."""
    seen = state.turn_data.setdefault("fought", {}).setdefault(side, [])
    for h in hexes:
        if h not in seen:
            seen.append(h)
            if events is not None:
                events.append(StackExamined(side=side, hex=h, how="combat", case="10.1"))


def top(state: GameState, hex_id: str) -> str | None:
    """10.2: the unit the enemy sees on top of the stack in ``hex_id``."""
    ids = state.units_at(hex_id)
    if not ids:
        return None
    for uid in reversed(state.game.get("tops", [])):
        if uid in ids:
            return uid
    return ids[0]


def examined(state: GameState, side: str, hex_id: str) -> bool:
    """10.1: whether ``side`` sees the whole enemy stack in ``hex_id`` now."""
    if hex_id in state.turn_data.get("fought", {}).get(side, ()) or hex_id in state.turn_data.get("recon", {}).get(side, ()):
        return True
    return any(state.units[u].side == side for n in state.board.nbrs.get(hex_id, ()) for u in state.units_at(n))


def hidden_units(state: GameState, side: str) -> set[str]:
    """The enemy units ``side`` may not know of now."""
    out: set[str] = set()
    for hex_id, ids in state.at.items():
        enemy = [u for u in ids if state.units[u].side != side]
        if len(enemy) < 2 or examined(state, side, hex_id):
            continue
        shown = top(state, hex_id)
        out.update(u for u in enemy if u != shown)
    out.update(u for u, rec in state.units.items() if rec.side != side and (rec.box or "").startswith(HQ_BOX))  # 10.3
    return out


def _scrub(value, hidden: set[str]):
    if isinstance(value, str):
        return None if value in hidden else value
    if isinstance(value, dict):
        return {k: _scrub(v, hidden) for k, v in value.items() if k not in hidden}
    if isinstance(value, list):
        return [_scrub(v, hidden) for v in value if not (isinstance(v, str) and v in hidden)
                and not (isinstance(v, dict) and v.get("id") in hidden)]
    return value


def observation(state: GameState, side: str) -> dict:
    """What ``side`` may know: the position (no dice generator) without the hidden units;
    ``units`` maps each unit it may know of to its record, as every system's observation does.
    ``axis``, the shared tools' name for the first side, is the German side."""
    side = {"axis": "german"}.get(side, side)
    out = state.to_dict(with_log=False)
    del out["rng"]
    out["units"] = {u.pop("id"): u for u in out["units"]}
    hidden = hidden_units(state, side)
    out = _scrub(out, hidden)
    out["side"] = side
    out["examined"] = sorted(h for h, ids in state.at.items()
                             if any(state.units[u].side != side for u in ids) and examined(state, side, h))
    return out


# ----------------------------------------------------------------------------- actions


def recon_left(state: GameState, side: str) -> int:
    return state.board.data.weather.recon_stacks.get(side, 0) - len(state.turn_data.get("recon", {}).get(side, ()))


def recon_refusal(state: GameState, side: str, hex_id: str) -> tuple[str, str] | None:
    if not air.recon_allowed(state):
        return "14.3", "air reconnaissance needs a clear sky"
    if recon_left(state, side) <= 0:
        return "13.3", f"the {side} player has examined {state.board.data.weather.recon_stacks.get(side, 0)} stacks this turn"
    if sum(1 for u in state.units_at(hex_id) if state.units[u].side != side) < 2:
        return "13.3", f"{hex_id} holds no enemy stack (a lone unit is seen anyway, 10.2)"
    terrain = state.board.map.terrain(hex_id)
    if terrain not in UNMASKED:
        return "10.1", f"{terrain} in {hex_id} masks the stack from the air"
    if examined(state, side, hex_id):
        return "10.1", f"the stack in {hex_id} is already known"
    return None


def apply_recon(state: GameState, side: str, action: Reconnoitre, events: list) -> None:
    why = recon_refusal(state, side, action.hex)
    if why:
        raise IllegalAction(*why)
    state.turn_data.setdefault("recon", {}).setdefault(side, []).append(action.hex)
    events.append(StackExamined(side=side, hex=action.hex, how="air reconnaissance", case="13.3"))


def apply_top(state: GameState, side: str, action: SetTop, events: list) -> None:
    rec = state.units.get(action.unit)
    if rec is None or rec.side != side or rec.hex is None:
        raise IllegalAction("10.2", f"{action.unit} is not a unit of the {side} player on the map")
    tops = state.game.setdefault("tops", [])
    if action.unit in tops:
        tops.remove(action.unit)
    tops.append(action.unit)


def legal(state: GameState, side: str) -> list:
    out: list = []
    for hex_id, ids in sorted(state.at.items()):
        own = [u for u in ids if state.units[u].side == side]
        if len(own) > 1:
            shown = top(state, hex_id)
            out += [SetTop(unit=u) for u in own if u != shown]
        if own:
            continue
        if recon_refusal(state, side, hex_id) is None:
            out.append(Reconnoitre(hex=hex_id))
    return out

"""Combat results (9.5): step losses or retreats, chosen by the owning side.

9.55 Ae/De: every unit of that side in the combat loses all its steps, no retreat.
9.56 A1/A2/D1/D2: the side either loses that many steps or retreats all its units in the
combat that many hexes, never a mix.  9.57 a step comes off any one unit (two steps may be
spread over two units, see the rules reference).  9.58 split results: defender first.
9.59 Eng: each side loses one step, no retreat, no advance.
9.65 units that retreated into this hex earlier in the phase are eliminated by any result.
10.13/10.14 HQs have no step: alone they retreat or are displaced; left without combat units
they are displaced.  15.32/15.33 a garrison is destroyed when no Axis unit is left in its hex.
"""
from __future__ import annotations

from ...engine.actions import ChooseLoss, Retreat
from ...engine.errors import IllegalAction
from ...engine.events import GarrisonDestroyed, Retreated
from ...engine.state import Decision, GameState
from . import hq, strongpoints
from .places import relocate
from .retreat import retreat_paths
from .units import OFF_MAP_ELIMINATED, eliminate, is_combat, lose_all_steps, lose_step, remaining_steps


def _on_map(state: GameState, ids: list[str]) -> list[str]:
    return [u for u in ids if state.units[u].hex is not None]


def apply_part(state: GameState, combat: dict, part: list, events: list) -> bool:
    """Apply one part of a result; True when a decision was pushed (the rest waits for it)."""
    role, amount = part
    if role == "D":
        combat["defender_part"] = True
        side = combat["enemy"]
        _sweep(state, combat, events)
        involved = [u for u in _on_map(state, combat["defenders"]) if u not in combat["swept"]]
        involved = [u for u in involved if not strongpoints.immune(state, u, amount)]  # 15.2
    else:
        side = combat["side"]
        involved = _on_map(state, combat["attackers"])
    if amount == "eng":
        combat["eng"] = True
    fighters = [u for u in involved if is_combat(state, u)]
    hqs = [u for u in involved if not is_combat(state, u)]
    if amount == "e":
        for uid in fighters:
            lose_all_steps(state, uid, events, "9.55")
        for uid in hqs:
            hq.displace(state, uid)  # 10.14
        settle(state, combat, role, events)
        return False
    if not fighters:
        if amount == "eng" or not hqs:
            for uid in hqs:
                hq.displace(state, uid)  # 10.14: no step, no retreat
            settle(state, combat, role, events)
            return False
        data = _decision_data(role, amount, [], hqs, allow_loss=False, allow_retreat=True)
        state.pending.append(Decision("loss_or_retreat", side, "10.14", data))
        return True
    if amount == "eng":
        data = _decision_data(role, 1, fighters, hqs, allow_loss=True, allow_retreat=False)
        state.pending.append(Decision("loss_or_retreat", side, "9.59", data))
        return True
    data = _decision_data(role, amount, fighters, fighters + hqs, allow_loss=True, allow_retreat=True)
    state.pending.append(Decision("loss_or_retreat", side, "9.56", data))
    return True


def _decision_data(role, n, fighters, movers, allow_loss, allow_retreat) -> dict:
    return {
        "role": role,
        "steps": n,
        "distance": n,
        "mode": None,
        "allow_loss": allow_loss,
        "allow_retreat": allow_retreat,
        "units": list(fighters),
        "movers": list(movers),
        "retreated": [],
    }


def _sweep(state: GameState, combat: dict, events: list) -> None:
    """9.65: units retreated into the hex earlier this phase die on any result against it."""
    for uid in _on_map(state, combat["swept"]):
        eliminate(state, uid, events, "retreated into a hex that then suffered a result", "9.65")


# ----------------------------------------------------------------------------- the decision


def legal(state: GameState, decision: Decision) -> list:
    d = decision.data
    out: list = []
    if d["mode"] in (None, "loss") and d["allow_loss"]:
        out += [ChooseLoss(u) for u in sorted(_on_map(state, d["units"]))]
    if d["mode"] in (None, "retreat") and d["allow_retreat"]:
        for uid in sorted(_on_map(state, d["movers"])):
            if uid in d["retreated"]:
                continue
            paths = retreat_paths(state, uid, d["distance"])
            out += [Retreat(uid, p) for p in paths] if paths else [Retreat(uid, ())]
    return out


def apply(state: GameState, decision: Decision, action, events: list) -> None:
    d = decision.data
    if isinstance(action, ChooseLoss):
        _choose_loss(state, decision, action, events)
    elif isinstance(action, Retreat):
        _retreat(state, decision, action, events)
    else:
        raise IllegalAction(decision.case, "answer the combat result with ChooseLoss(unit) or Retreat(unit, path)")
    if _done(state, d):
        finish(state, decision, events)


def _choose_loss(state: GameState, decision: Decision, action: ChooseLoss, events: list) -> None:
    d = decision.data
    if not d["allow_loss"]:
        raise IllegalAction("10.14", "an HQ has no step to lose: it must retreat")
    if d["mode"] == "retreat":
        raise IllegalAction("9.56", "the side chose to retreat: it may not also lose steps")
    if action.unit not in _on_map(state, d["units"]):
        raise IllegalAction("9.57", f"{action.unit} is not a unit of this combat that can lose a step")
    d["mode"] = "loss"
    lose_step(state, action.unit, events, "9.57")
    d["steps"] -= 1


def _retreat(state: GameState, decision: Decision, action: Retreat, events: list) -> None:
    d = decision.data
    if not d["allow_retreat"]:
        raise IllegalAction("9.59", "an Engaged result allows no retreat")
    if d["mode"] == "loss":
        raise IllegalAction("9.56", "the side chose to lose steps: it may not also retreat")
    if action.unit not in _on_map(state, d["movers"]) or action.unit in d["retreated"]:
        raise IllegalAction("9.62", f"{action.unit} has no retreat to make in this combat")
    paths = retreat_paths(state, action.unit, d["distance"])
    path = tuple(action.path)
    if path and path not in paths:
        raise IllegalAction(*_why_bad_retreat(state, action.unit, path, d["distance"], paths))
    if not path and paths:
        raise IllegalAction("9.61", f"{action.unit} can retreat: choose one of its paths")
    d["mode"] = "retreat"
    d["retreated"].append(action.unit)
    combat = state.phase_data["combat"]
    origin = state.units[action.unit].hex
    if not path:
        if is_combat(state, action.unit):
            eliminate(state, action.unit, events, "no retreat possible", "9.61")
        else:
            hq.displace(state, action.unit)  # 10.14
        return
    friends_there = any(state.units[u].side == state.units[action.unit].side for u in state.units_at(path[-1]))
    relocate(state, action.unit, path[-1], events)
    events.append(Retreated(unit=action.unit, path=(origin,) + path, case="9.61"))
    combat["retreats"].setdefault(origin, []).append(list(path))
    if friends_there:
        state.phase_data["retreated_into"][action.unit] = path[-1]  # 9.65


def _why_bad_retreat(state, unit, path, n, paths) -> tuple[str, str]:
    if len(path) != n:
        return "9.63", f"{unit} must retreat exactly {n} hex(es)"
    return "9.61", f"{'-'.join(path)} is not a legal retreat for {unit}; legal: {[ '-'.join(p) for p in paths] or 'none'}"


def _done(state: GameState, d: dict) -> bool:
    if d["mode"] == "loss":
        return d["steps"] <= 0 or not any(remaining_steps(state, state.units[u]) for u in _on_map(state, d["units"]))
    if d["mode"] == "retreat":
        return all(u in d["retreated"] for u in _on_map(state, d["movers"]))
    return False


def finish(state: GameState, decision: Decision, events: list) -> None:
    from .combat import proceed

    state.pending.pop()
    combat = state.phase_data["combat"]
    settle(state, combat, decision.data["role"], events)
    proceed(state, events)


def settle(state: GameState, combat: dict, role: str, events: list) -> None:
    """After a part: HQs left without combat units are displaced (10.13); garrisons fall (15.32, 15.33)."""
    side = combat["enemy"] if role == "D" else combat["side"]
    ids = combat["defenders"] if role == "D" else combat["attackers"]
    for hex_id in sorted({combat["origins"][u] for u in ids}):
        here = [u for u in state.units_at(hex_id) if state.units[u].side == side]
        lost_here = any(combat["origins"][u] == hex_id and state.units[u].box == OFF_MAP_ELIMINATED for u in ids)
        if here and lost_here and not any(is_combat(state, u) for u in here):
            for uid in here:
                hq.displace(state, uid)
    if role == "D" and side == "axis":
        for hex_id in combat["targets"]:
            if hex_id in state.game["garrisons"] and not any(
                state.units[u].side == "axis" and is_combat(state, u) for u in state.units_at(hex_id)
            ):
                del state.game["garrisons"][hex_id]
                state.note_change(hex_id, "axis")
                alone = not any(combat["origins"].get(u) == hex_id for u in combat["defenders"] if is_combat(state, u))
                events.append(GarrisonDestroyed(hex=hex_id, case="15.32" if alone else "15.33"))

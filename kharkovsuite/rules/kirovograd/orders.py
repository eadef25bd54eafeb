"""3.3, 5, 6, 7: formations, orders given secretly and at once, and the initiative.

The orders segment opens two pending decisions, one a side (kind ``orders``).  Each side sets
the orders of its formations one at a time (:class:`~.actions.SetOrder`), may put Out of Supply
units on retreat orders (:class:`~.actions.UseRetreatOrders`, 6.1F, 8.4D) and hands them in
(:class:`~.actions.SubmitOrders`), which pays the orders' supply cost (6.1, 8.1C).  A side's
draft and its handed-in orders are part of its decision's data and of
``state.turn_data["sealed"]``; :meth:`.rules.KirovogradRules.observation` hides them from the
other side until both have handed theirs in (``state.turn_data["orders_revealed"]``).

State records (shared with the combat half): ``state.turn_data["orders"]`` side -> formation ->
order; ``state.turn_data["unit_retreat"]`` the Out of Supply units on retreat orders;
``state.game["higher"]`` formation -> the higher HQ's formation it is assigned to (22.8).
:func:`order_of` is a unit's order as every rule reads it (6.3 for independent units).
"""
from __future__ import annotations

from ...engine.errors import IllegalAction
from ...engine.events import DiceRolled, Event
from ...engine.state import Decision, GameState
from dataclasses import dataclass
from . import counters, supply
from .board import SIDES

DECISION = "orders"
ORDERS = ("assault", "defense", "mobile", "retreat", "pursuit")
FREE_WHEN_EXHAUSTED = ("defense", "retreat")  # 8.6


@dataclass(frozen=True, kw_only=True)
class OrdersGiven(Event):
    side: str
    orders: dict
    paid: dict

    def text(self) -> str:
        return f"{self.side} orders: " + ", ".join(f"{f} {o}" for f, o in sorted(self.orders.items()))


@dataclass(frozen=True, kw_only=True)
class InitiativeFound(Event):
    totals: dict
    first: str

    def text(self) -> str:
        return "initiative: " + ", ".join(f"{side} {n}" for side, n in sorted(self.totals.items())) + f"; {self.first} moves first"


def formations(state: GameState, side: str) -> list[str]:
    """5.0A, 6.1D: the formations to be given orders: those with a formation HQ and at least one
    unit on the map."""
    on = {state.board.units[u].formation for u in counters.on_map(state, side)}
    return [f for f in state.board.ordered_formations[side] if f in on]


def cost(state: GameState, side: str, order: str) -> int:
    """6.2.1G, 6.2.2D, 6.2.3D, 6.2.4B, 6.2.5E: the order's supply cost when it is given."""
    return state.board.data.orders[order].cost[side]


def open_orders(state: GameState) -> None:
    """3.3: both sides' decisions at once; the Soviet one acts first in the engine's list, the
    contents stay hidden (see the module docstring)."""
    state.turn_data["orders"] = {}
    state.turn_data["unit_retreat"] = []
    state.turn_data["orders_revealed"] = False
    for side in SIDES:
        tracks = {f: supply.track_for(state, f, side) for f in formations(state, side)}
        state.pending.append(Decision(DECISION, side, "3.3", {"draft": {}, "retreat": [], "tracks": tracks,
                                                              "exhausted": supply.exhausted(state, side)}))


def _spent(state: GameState, decision: Decision) -> dict[str, int]:
    out: dict[str, int] = {}
    for f, o in decision.data["draft"].items():
        t = decision.data["tracks"].get(f)
        c = cost(state, decision.side, o)
        if c:
            out[t] = out.get(t, 0) + c
    return out


def order_refusal(state: GameState, decision: Decision, formation: str, order: str) -> tuple[str, str] | None:
    side = decision.side
    if order not in ORDERS:
        return "6.1A", f"{order!r} is not an order (assault, defense, mobile, retreat, pursuit)"
    if formation not in decision.data["tracks"]:
        return "6.1D", f"{formation} is not a formation of the {side} player to give orders to"
    if formation in decision.data["draft"]:
        return "6.1D", f"{formation} already has its orders for this turn"
    if decision.data["exhausted"] and order not in FREE_WHEN_EXHAUSTED:
        return "8.6", f"the {side} player has no supply points left: defense or retreat orders only"
    c = cost(state, side, order)
    if c:
        track = decision.data["tracks"][formation]
        if track is None:
            return "8.5.2B", f"{formation}'s HQ links to no dump nor friendly edge road to pay for {order} orders"
        have = supply.points(state, track) - _spent(state, decision).get(track, 0)
        if c > have:
            return ("6.2.1G" if order == "assault" else "8.1C"), f"{order} orders cost {c} supply point(s); {have} left on track {track}"
    return None


def retreat_refusal(state: GameState, decision: Decision, unit: str) -> tuple[str, str] | None:
    rec = state.units.get(unit)
    if rec is None or rec.side != decision.side or rec.hex is None:
        return "6.1F", f"{unit} is not a unit of the {decision.side} player on the map"
    if not counters.has(state, unit, counters.OUT_OF_SUPPLY):
        return "6.1F", f"{unit} is not Out of Supply: it follows its formation's orders"
    if unit in decision.data["retreat"]:
        return "6.1F", f"{unit} is on retreat orders already"
    return None


def independent(state: GameState, unit_id: str) -> bool:
    """5.C, 6.3: a combat unit of a Korps, Army or the Front (its formation takes no orders)."""
    info = state.board.units[unit_id]
    return info.ground and not info.is_hq and info.formation not in state.board.ordered_formations[info.side]


def attach_options(state: GameState, unit_id: str) -> list[str]:
    """6.3: the formations with a unit within one hex of ``unit_id``."""
    rec = state.units[unit_id]
    near = [rec.hex, *state.board.nbrs[rec.hex]]
    ordered = set(state.board.ordered_formations[rec.side])
    return sorted({state.board.units[u].formation for h in near for u in state.units_at(h)
                   if state.units[u].side == rec.side and state.board.units[u].formation in ordered})


def attach_refusal(state: GameState, decision: Decision, unit: str, formation: str) -> tuple[str, str] | None:
    rec = state.units.get(unit)
    if rec is None or rec.side != decision.side or rec.hex is None or not independent(state, unit):
        return "6.3", f"{unit} is not an independent {decision.side} unit on the map"
    if unit in decision.data.setdefault("attach", {}):
        return "5.F", f"{unit} already follows {decision.data['attach'][unit]} this turn"
    if formation not in attach_options(state, unit):
        return "6.3", f"no unit of {formation} is within one hex of {unit}"
    return None


def attach(state: GameState, decision: Decision, unit: str, formation: str) -> None:
    refusal = attach_refusal(state, decision, unit, formation)
    if refusal:
        raise IllegalAction(*refusal)
    decision.data["attach"][unit] = formation


def set_order(state: GameState, decision: Decision, formation: str, order: str) -> None:
    refusal = order_refusal(state, decision, formation, order)
    if refusal:
        raise IllegalAction(*refusal)
    decision.data["draft"][formation] = order


def use_retreat(state: GameState, decision: Decision, unit: str) -> None:
    refusal = retreat_refusal(state, decision, unit)
    if refusal:
        raise IllegalAction(*refusal)
    decision.data["retreat"].append(unit)


def submit(state: GameState, decision: Decision, events: list) -> None:
    """3.3, 8.1C: all formations ordered, the costs paid, the orders fixed until next turn (6.1D).
    They stay sealed (``turn_data["sealed"]``) until the other side has handed its orders in."""
    missing = [f for f in decision.data["tracks"] if f not in decision.data["draft"]]
    if missing:
        raise IllegalAction("6.1D", f"formations without orders: {', '.join(missing)}")
    paid = _spent(state, decision)
    for track, amount in paid.items():
        supply.spend(state, track, amount, "8.1C", "the orders")
    side = decision.side
    state.turn_data.setdefault("sealed", {})[side] = {"orders": dict(decision.data["draft"]), "retreat": list(decision.data["retreat"]), "paid": paid,
                                                      "attach": dict(decision.data.get("attach", {}))}
    state.pending.remove(decision)
    if not any(d.kind == DECISION for d in state.pending):
        sealed = state.turn_data.pop("sealed")
        state.turn_data["orders_revealed"] = True
        for s in SIDES:
            state.turn_data["orders"][s] = sealed[s]["orders"]
            state.turn_data["unit_retreat"] += sealed[s]["retreat"]
            state.turn_data.setdefault("attach", {}).update(sealed[s]["attach"])
            events.append(OrdersGiven(side=s, orders=sealed[s]["orders"], paid=sealed[s]["paid"], case="3.3"))


def order_of(state: GameState, unit_id: str) -> str:
    """6.1B-C, 6.1F, 6.3, 8.4D: the orders a unit operates under this turn.  Out of Supply units
    on retreat orders, or whose formation is on defense (which they may not use), retreat;
    independent units follow the formation their side chose for them this turn (6.3, 5.F), else
    the one they are attached to (8.3B), else mobile (6.3)."""
    orders = state.turn_data.get("orders", {}).get(state.units[unit_id].side, {})
    if unit_id in state.turn_data.get("unit_retreat", ()):
        return "retreat"
    info = state.board.units[unit_id]
    formation = state.turn_data.get("attach", {}).get(unit_id) or state.game.get("attached", {}).get(unit_id, info.formation)
    order = orders.get(formation)
    if order is None:
        order = "mobile"  # 6.3
    if order == "defense" and counters.has(state, unit_id, counters.OUT_OF_SUPPLY):
        return "retreat"  # 8.4D
    return order


def initiative(state: GameState, events: list) -> str:
    """7.0: twice the assault formations, plus the mobile ones, plus a die; ties roll again."""
    orders = state.turn_data["orders"]
    base = {s: 2 * sum(1 for o in orders[s].values() if o == "assault") + sum(1 for o in orders[s].values() if o == "mobile") for s in SIDES}
    while True:
        totals = {}
        for s in SIDES:
            die = state.rng.randint(1, 6)
            events.append(DiceRolled(die=die, purpose=f"initiative ({s})", modified=base[s] + die, case="7.A"))
            totals[s] = base[s] + die
        if totals["german"] != totals["soviet"]:
            break  # 7.C: equal totals roll again
    first = max(SIDES, key=totals.__getitem__)
    state.turn_data["initiative"] = totals
    state.turn_data["first"] = first
    events.append(InitiativeFound(totals=totals, first=first, case="7.D"))
    return first

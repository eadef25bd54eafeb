"""German reinforcements (24.0-24.6): the variable reinforcements rolls, the Viking division's
conditional entry, the reductions for Soviet formations leaving the map and the entry hexes when
the roads are blocked.  The rolls read the scenario's tables; dice are a function or a
``random.Random``; the entry itself is a move of the German movement round (24.4-24.5, part 1).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from ...engine.errors import IllegalAction
from ...engine.events import Event
from .data import KiroData

Die = Callable[[], int] | random.Random


def _die(dice: Die) -> int:
    return dice.randint(1, 6) if isinstance(dice, random.Random) else dice()


@dataclass(frozen=True)
class Arrival:
    reinforcement: str  # the id in system_data.reinforcements, or 'viking'
    roll: int
    turn: int | None  # the game turn it enters; None: it never comes (24.6D)
    units: tuple[str, ...]
    withheld: tuple[str, ...] = ()


def arrival(data: KiroData, tables: Mapping[str, Mapping], r_id: str, die: int) -> Arrival:
    """24.1A-B: one die read on the formation's line of the chart: the delay after its roll turn
    and the units that do not come."""
    r = data.reinforcements[r_id]
    delay, withheld = tables[r.table]["rows"][die][:2]
    gone = () if withheld == "-" else tuple(str(withheld).split())
    return Arrival(r_id, die, r.roll_turn + int(delay), tuple(u for u in r.units if u not in gone), gone)


def due_rolls(data: KiroData, turn: int, timed: bool) -> list[str]:
    """24.1A, C: the formations rolled for at the start of ``turn``: all of them at the start of the
    game, or (the optional rule) each on its own turn."""
    if timed:
        return [r_id for r_id, r in data.reinforcements.items() if r.roll_turn == turn]
    return list(data.reinforcements) if turn == data.first_game_turn else []


def roll(data: KiroData, tables: Mapping[str, Mapping], turn: int, dice: Die, *, timed: bool = False,
         without_delay: bool = False) -> list[Arrival]:
    """The rolls due at ``turn``, secret to Germany (24.1A); after a Soviet unit has crossed the
    fortified line they come without delay (24.6B)."""
    out = []
    for r_id in due_rolls(data, turn, timed):
        a = arrival(data, tables, r_id, _die(dice))
        out.append(replace(a, turn=turn) if without_delay else a)
    return out


def hurry(pending: Iterable[Arrival], turn: int) -> list[Arrival]:
    """24.6B: once a Soviet unit crosses the fortified line, reinforcements already rolled and not
    yet in come now."""
    return [replace(a, turn=turn) if a.turn is not None and a.turn > turn else a for a in pending]


# ----------------------------------------------------------------------------- 24.3


def formations_exited(alive: Mapping[str, Iterable[str]], exited: Iterable[str]) -> list[str]:
    """24.3: formations every surviving unit of which has left the map (``alive``: formation ->
    its units still in play, ``exited``: units that left by the west or south edge)."""
    gone = set(exited)
    return [f for f, units in alive.items() if (us := set(units)) and us <= gone]


def reduce(pending: Sequence[Arrival], exits: int, panzer: Iterable[str], choice: Sequence[str] | None = None) -> list[Arrival]:
    """24.3: for each complete Soviet tank or mechanized formation off the west or south edge,
    one panzer division still to enter is struck off; Germany chooses which (by default the
    latest due)."""
    panzer = set(panzer)
    candidates = [a for a in pending if a.reinforcement in panzer and a.turn is not None]
    if choice is None:
        choice = [a.reinforcement for a in sorted(candidates, key=lambda a: (-a.turn, a.reinforcement))]
    choice = list(choice)[: min(exits, len(candidates))]
    for c in choice:
        if c not in {a.reinforcement for a in candidates}:
            raise IllegalAction("24.3", f"{c} is no panzer division still to enter")
    if len(choice) < min(exits, len(candidates)):
        raise IllegalAction("24.3", f"{exits} panzer divisions must be struck off")
    return [a for a in pending if a.reinforcement not in choice]


def armour_formations(state) -> list[str]:
    """24.3: the Soviet tank and mechanized corps: Soviet formations with armour whose every
    unit but the HQ is armour, mechanized or motorized (an army, with its guns, is not one)."""
    board = state.board
    out = []
    for f in board.data.formations:
        units = [u for u, info in board.units.items() if info.formation == f and info.side == "soviet" and not info.is_hq]
        kinds = {board.units[u].kind for u in units}
        if "armor" in kinds and kinds <= {"armor", "mechanized", "motorized"}:
            out.append(f)
    return out


def panzer_divisions(state) -> list[str]:
    """24.3: the German reinforcements that are panzer divisions: a division HQ with an armoured
    regiment or battalion among its units (3rd SS, Grossdeutschland, Viking)."""
    board = state.board
    groups = {r_id: r.units for r_id, r in board.data.reinforcements.items()}
    groups[VIKING] = sorted({u for us in board.data.viking.units.values() for u in us})

    def is_panzer(units) -> bool:
        units = [board.units[u] for u in units if u in board.units]  # a scenario without a group's counters (the Endgame has no Viking) never brings it
        return any(u.is_hq and u.size == "XX" for u in units) and any(u.kind == "armor" for u in units)
    return [r_id for r_id, units in groups.items() if is_panzer(units)]


def exit_options(state, movable) -> list[str]:
    """24.3: the Soviet ground units that may leave the map now: on a west or south edge hex and
    able to move this round (``movable(unit)``)."""
    edge = set(state.board.map.edge("west")) | set(state.board.map.edge("south"))
    return sorted(u for u, rec in state.units.items()
                  if rec.side == "soviet" and rec.hex in edge and state.board.units[u].ground and movable(u))


def exit_map(state, unit_id: str, moved: list, events: list) -> None:
    """24.3: the unit leaves the map for good (box ``exited``).  Each Soviet tank or mechanized
    corps whose surviving units have all left strikes off one panzer division still to enter
    (:func:`reduce`, the latest due)."""
    where = state.units[unit_id].hex
    state.to_box(unit_id, EXITED)
    moved.append(unit_id)
    events.append(ExitedMap(unit=unit_id, hex=where, case="24.3"))
    board = state.board
    alive = {f: [u for u, info in board.units.items() if info.formation == f and state.units[u].box != "eliminated"]
             for f in armour_formations(state)}
    done = state.game.setdefault("exited_formations", [])
    new = [f for f in formations_exited(alive, [u for u, rec in state.units.items() if rec.box == EXITED]) if f not in done]
    if not new:
        return
    done.extend(new)
    arrivals = state.game.get("arrivals", {})
    pending = [Arrival(r_id, rec["roll"], rec["turn"], tuple(rec["units"])) for r_id, rec in sorted(arrivals.items())
               if rec["units"] and all(state.units[u].hex is None for u in rec["units"])]
    kept = {a.reinforcement for a in reduce(pending, len(new), panzer_divisions(state))}
    for a in pending:
        if a.reinforcement not in kept:
            rec = arrivals[a.reinforcement]
            rec["withheld"] = list(rec["withheld"]) + list(rec["units"])
            rec["units"], rec["turn"] = [], None
            state.game.setdefault("struck_off", []).append(a.reinforcement)


# ----------------------------------------------------------------------------- 24.2


def entry_hexes(gmap, area: str, soviet_in: Callable[[str], bool], west_area: str = "entry-west") -> tuple[list[str], str]:
    """24.0A, 24.2: the road hexes of the entry edge not blocked by Soviet units; when all are
    blocked, the clear hexes of that edge within three hexes of one of those roads; when there are
    none, the west edge.  Returns (hexes, case)."""
    roads = list(gmap.model.areas[area].hexes)
    free = [h for h in roads if not soviet_in(h)]
    if free:
        return free, "24.0A"
    edge = _edge_of(gmap, roads)
    near = sorted({h for h in edge for r in roads
                   if gmap.grid.distance(h, r) <= 3 and gmap.terrain(h) == "clear" and not soviet_in(h)})
    if near:
        return near, "24.2"
    return [h for h in gmap.model.areas[west_area].hexes if not soviet_in(h)], "24.2"


def _edge_of(gmap, hexes: Sequence[str]) -> list[str]:
    for side in ("north", "south", "west", "east"):
        edge = gmap.edge(side)
        if hexes and all(h in edge for h in hexes):
            return edge
    raise ValueError(f"24.2: entry hexes {hexes} do not lie on one map edge")


# ----------------------------------------------------------------------------- 24.6 Viking


def fortified_line(gmap) -> set[str]:
    """24.6A: the hexes along the fortified line (both sides of each fortified hexside)."""
    return {h for side_id, feats in gmap.model.hexsides.items() if "fortified" in feats for h in side_id.split("/")}


def viking_triggered(data: KiroData, turn: int, soviet_hexes: Iterable[str], line: Iterable[str], distance) -> bool:
    """24.6A: before 8 January, a Soviet unit within three hexes of the fortified line."""
    if turn >= data.viking.before_turn:
        return False
    line = list(line)
    return any(distance(s, h) <= data.viking.trigger_hexes for s in soviet_hexes for h in line)


@lru_cache(maxsize=8)
def _near_line(board, reach: int) -> frozenset[str]:
    """The hexes within ``reach`` hexes of a hex on the fortified line (24.6A)."""
    line = list(board.fortified)
    return frozenset(h for h in board.ids if any(board.distance(h, x) <= reach for x in line))


def viking(data: KiroData, die: int, turn: int) -> Arrival:
    """24.6: which Viking units come and when; those that do not never come (24.6D)."""
    e = data.viking.roll[die]
    units: list[str] = []
    for abbr in e.units:
        units += [u for u in data.viking.units[abbr] if u not in units]
    when = {"this_turn": 0, "next_turn": 1, "turn_after_next": 2}
    return Arrival("viking", die, None if e.enters is None else turn + when[e.enters], tuple(units))


# ----------------------------------------------------------------------------- in play
#
# State records: ``game["arrivals"]`` (reinforcement id -> {"turn": game turn or None, "roll": die,
# "units": [...]}: Germany's secret, left out of the Soviet observation, 24.1A),
# ``game["viking_rolled"]`` and ``game["line_crossed"]`` (24.6A-B).  Reinforcements wait in the
# box ``unplaced`` (the Viking division in its own box) and enter with the engine's ``Move`` whose
# ``path[0]`` is the entry hex (24.4A); units that never come stay there (listed as ``withheld``).

UNPLACED = "unplaced"
VIKING = "viking"
EXITED = "exited"  # 24.3: Soviet units gone off the west or south edge


@dataclass(frozen=True, kw_only=True)
class ExitedMap(Event):
    unit: str
    hex: str

    def text(self) -> str:
        return f"{self.unit} leaves the map at {self.hex}"


def _tables(state) -> dict:
    return {t_id: {"columns": t.columns, "rows": t.rows} for t_id, t in state.scenario.tables.items()}


def _record(state, a: Arrival) -> None:
    """The arrival, secret to Germany; the units it withholds (24.1A, 24.6D) stay in their box and
    never come (moving them would tell the USSR the roll)."""
    units = list(a.units) if a.turn is not None else []
    gone = [u for u in (*a.withheld, *a.units) if u not in units]
    state.game.setdefault("arrivals", {})[a.reinforcement] = {"turn": a.turn, "roll": a.roll, "units": units, "withheld": gone}


def start(state) -> None:
    """24.1A: Germany's secret rolls at the start of the game.  A shorter scenario that opens with
    part of a formation on the map brings the rest on its first turn (31.2's 3rd SS); the others
    are rolled, and none comes before the scenario's first turn."""
    from .board import game_turn

    data, first = state.board.data, game_turn(state)
    rolled = []
    for r_id, r in data.reinforcements.items():
        waiting = [u for u in r.units if state.units[u].box == UNPLACED]
        if not waiting:
            continue
        if len(waiting) < len(r.units):
            rolled.append(Arrival(r_id, 0, first, tuple(waiting)))
            continue
        a = arrival(data, _tables(state), r_id, state.rng.randint(1, 6))
        rolled.append(replace(a, turn=max(a.turn, first)))
    for a in rolled:
        _record(state, a)


def due(state, side: str) -> list[str]:
    """24.5A: the reinforcements that may enter in this German movement round."""
    from .board import game_turn

    if side != "german":
        return []
    now = game_turn(state)
    out = []
    for a in state.game.get("arrivals", {}).values():
        if a["turn"] is not None and a["turn"] <= now:
            out += [u for u in a["units"] if state.units[u].hex is None and state.units[u].box in (UNPLACED, VIKING)]
    return out


def entry_area(state, unit_id: str) -> str:
    data = state.board.data
    for r in data.reinforcements.values():
        if unit_id in r.units:
            return r.entry
    return data.viking.entry  # 24.6C


def entry_options(state, unit_id: str) -> tuple[list[str], str]:
    """24.0A, 24.2: the entry hexes open to ``unit_id`` now, and the case that opens them."""
    board = state.board
    soviet_in = lambda h: any(state.units[u].side == "soviet" for u in state.units_at(h))  # noqa: E731
    return entry_hexes(board.map, entry_area(state, unit_id), soviet_in)


def first_cost(state, units, hex_id: str) -> float:
    """24.4A: the entry hex's cost: along the road leading on, the road's; else its terrain's."""
    chart = state.board.data.terrain_chart
    on_road = hex_id in state.board.map.roads
    classes = {state.board.units[u].movement_class for u in units}
    return max(float(chart.road[c]) if on_road else float(chart.terrain[state.board.terrain(hex_id)].cost[c]) for c in classes)


def enter(state, units: tuple[str, ...], path: tuple[str, ...], rnd: int, moved: list, events: list) -> None:
    """24.4-24.5: reinforcements come on at ``path[0]`` (an open entry hex, paying for it) and may
    go on along the rest of the path with what is left of their allowance."""
    from . import fog, movement, stacking

    ready = set(due(state, "german"))
    for u in units:
        if u not in ready:
            raise IllegalAction("24.5A", f"{u} is not a reinforcement due to enter now")
    areas = {entry_area(state, u) for u in units}
    hexes, case = entry_options(state, units[0])
    if len(areas) > 1 or path[0] not in hexes:
        raise IllegalAction("24.2" if case == "24.2" else "24.0A", f"{path[0]} is not an open entry hex of these units ({', '.join(hexes) or 'none'})")
    cost = first_cost(state, units, path[0])
    ma = min(movement.allowance(state, u, rnd)[0] for u in units)
    if len(path) == 1:
        why = stacking.refusal(state, path[0], units)
        if why:
            raise IllegalAction(*why)
    boxes = {u: state.units[u].box for u in units}
    for u in units:
        state.place(u, path[0])
    try:
        spent, stop = movement.walk(state, units, path, rnd, budget=max(ma - cost, 0.0)) if len(path) > 1 else (0.0, False)
    except IllegalAction:
        for u in units:
            state.to_box(u, boxes[u])
        raise
    # 29.1, 30.2A: the entry hex is entered too, so a face-down counter's ZOC there is shown (and
    # stops the march) whether or not the path goes on
    hit = fog.run_into(state, units, path, rnd, max(ma - cost, 0.0), events)
    stopped = fog.stopped(units, path, hit) if hit is not None else None
    if hit is not None:
        path, spent, stop = path[:hit.end + 1], hit.spent, hit.stop
    moved.extend(units)
    movement.place_along(state, units, path, cost + spent, stop, "enter", "24.4A", events)
    if stopped is not None:
        events.append(stopped)


def check_viking(state) -> None:
    """24.6A: the first time a Soviet unit stands within three hexes of the fortified line before
    8 January, Germany rolls for the Viking division; 24.6B: once a Soviet unit has crossed the
    line, what is rolled comes without delay."""
    from .board import game_turn

    data, now = state.board.data, game_turn(state)
    if state.game.get("line_crossed"):
        arrivals = state.game.get("arrivals", {})
        for rec in arrivals.values():
            if rec["turn"] is not None and rec["turn"] > now:
                rec["turn"] = now
    if state.game.get("viking_rolled") or not data.viking.roll:
        return
    near = _near_line(state.board, data.viking.trigger_hexes)  # the hexes a unit in triggers it, known once a map
    soviet = [rec.hex for rec in state.units.values() if rec.side == "soviet" and rec.hex in near
              and state.board.units[rec.id].ground]
    if viking_triggered(data, now, soviet, state.board.fortified, state.board.distance):
        state.game["viking_rolled"] = True
        a = viking(data, state.rng.randint(1, 6), now)
        if a.turn is not None and state.game.get("line_crossed"):
            a = replace(a, turn=now)
        every = sorted({u for us in data.viking.units.values() for u in us})
        _record(state, replace(a, withheld=tuple(u for u in every if u not in a.units)))


def after_soviet_move(state, path) -> None:
    """24.6A-B after a Soviet unit moved along ``path``."""
    if any(b in state.board.fortified.get(a, ()) for a, b in zip(path, path[1:])):
        state.game["line_crossed"] = True
    check_viking(state)

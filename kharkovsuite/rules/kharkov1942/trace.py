"""Supply traces for people and tools (``kharkov-cli trace``): every unit's line of supply
(11.0) with its path, or the hexes and limits that block it, and its command status for
attacks (9.15, 10.21).  The data comes from :func:`.supply.supply_status` and
:func:`.supply.command_status`; this module only gathers and words it.

:func:`overlay` gives the six map overlays of the player, the editor and ``kharkov-cli trace
--png`` as plain data (:class:`OverlayData`): supply, why not, command, rail, roads and the
Axis front (17.24).  The view only draws them (``kharkovsuite.view.traceoverlays``).
"""
from __future__ import annotations

from ... import tracing
from ...engine.state import GameState
from . import supply
from . import zoc as _zoc


def unit_report(state: GameState, unit_id: str) -> dict:
    """One object per unit: ``{unit, in_supply, kind, source, path, limit, blocks:[{hex, reason, case}]}``
    plus ``hex`` and, for Soviet and Rumanian units, ``command`` (9.15/10.21)."""
    rec = state.units[unit_id]
    out = supply.supply_status(state, unit_id).to_dict()
    out["hex"] = rec.hex
    if rec.hex is not None and supply.needs_command(state, unit_id) and not state.board.is_hq(unit_id):
        cmd = supply.command_status(state, unit_id)
        out["command"] = {"in_command": cmd.in_command, "hq": cmd.hq, "path": cmd.path, "radius": cmd.radius,
                          "blocks": [b.to_dict() for b in cmd.blocks]}
    return out


def side_report(state: GameState, side: str, unit: str | None = None) -> list[dict]:
    """The reports of ``side``'s units on the map (or of ``unit`` alone)."""
    if unit is not None:
        if unit not in state.units:
            raise KeyError(unit)
        return [unit_report(state, unit)]
    ids = [u for u in state.board.side_units.get(side, []) if state.units[u].hex is not None]
    return [unit_report(state, u) for u in ids]


def format_report(report: dict) -> str:
    """One unit as text: a status line, the path, then one line per block."""
    head = f"{report['unit']} ({report['hex']}): "
    if report["in_supply"]:
        head += f"in supply ({report['kind']}"
        if report["source"]:
            head += f", source {report['source']}"
        if report["limit"] is not None:
            head += f", limit {report['limit']}"
        head += ")"
    else:
        head += "OUT OF SUPPLY"
    lines = [head]
    if report["path"]:
        lines.append("  path: " + " ".join(report["path"]))
    for b in report["blocks"]:
        lines.append(f"  blocked at {b['hex']}: {b['reason']} ({b['case']})")
    cmd = report.get("command")
    if cmd is not None:
        if cmd["in_command"]:
            lines.append(f"  may attack: LOC to {cmd['hq']} (radius {cmd['radius']}): " + " ".join(cmd["path"]))
        else:
            lines.append("  may not attack (9.15, 10.21): " + "; ".join(f"{b['hex']}: {b['reason']} ({b['case']})" for b in cmd["blocks"]))
    return "\n".join(lines)


# ----------------------------------------------------------------------------- map overlays
#
# What the map view draws for each trace overlay, as plain data: hexes marked per role (with a
# short label each), paths per role, and the listed findings with their rule cases.  The player,
# the editor, ``kharkov-cli trace --png`` and the tests all draw or check these same objects.

OVERLAYS = ("supply", "why", "command", "rail", "roads", "front")
TITLES = {
    "supply": "Supply",
    "why": "Why not",
    "command": "Command",
    "rail": "Rail",
    "roads": "Roads",
    "front": "Front",
}
DESCRIPTIONS = {
    "supply": "Supply sources, the hexes a supply line reaches, units out of supply, the selected unit's line (11.0)",
    "why": "What blocks the lines of units out of supply or unable to attack, with rule cases (11.1, 11.3, 10.23)",
    "command": "Each HQ's command radius, active or not, and the units it reaches (9.15, 10.2)",
    "rail": "Friendly and enemy rail hexes (6.42); the selected unit's rail reach and route (6.4)",
    "roads": "The German road supply net from the west edge and 3932, and where it is cut (11.33)",
    "front": "The Axis continuous front from the north edge to the south or east edge, and its hole (17.24)",
}
def OverlayData(name: str, side: str, unit: str | None = None, **fields) -> tracing.OverlayData:
    """An overlay of this system, titled from :data:`TITLES`."""
    return tracing.OverlayData(name, side, unit, title=TITLES[name], **fields)


def _reach(state: GameState, s) -> set[str]:
    """The hexes a supply search reached (a unit standing there has a line)."""
    ids = state.board.ids
    return {ids[n >> 1] for n in s.rem}


def _side_units(state: GameState, side: str) -> list[str]:
    return [u for u in state.board.side_units.get(side, []) if state.units[u].hex is not None]


_count_labels = tracing.count_labels


def block_text(block: dict) -> str:
    """``"1412: enemy ZOC not negated by a friendly unit — 11.1"``."""
    return f"{block['hex']}: {block['reason']} — {block['case']}"


def overlay(state: GameState, name: str, side: str, unit: str | None = None, dest: str | None = None) -> OverlayData:
    """The data of overlay ``name`` (one of :data:`OVERLAYS`) for ``side``, with ``unit``'s own
    line when a unit is chosen (and, for the rail overlay, its route to ``dest``).

    Everything but the rail overlay is kept in the engine's supply cache, which is dropped
    whenever a unit moves, a flag or garrison changes or the game-turn changes: calling this
    after every action costs nothing until the position changes.
    """
    if name not in OVERLAYS:
        raise KeyError(f"unknown overlay {name!r}; use one of: {', '.join(OVERLAYS)}")
    if side not in state.board.side_units:
        raise KeyError(f"unknown side {side!r}")
    if unit is not None and unit not in state.units:
        raise KeyError(f"no unit {unit!r}")
    if dest is not None and dest not in state.board.index:
        raise KeyError(f"{dest} is not a hex of the map")
    if name == "rail":
        return rail_overlay(state, side, unit, dest)
    if name in ("roads", "front"):
        unit = None  # the same for every unit: one entry in the cache
    memo = supply._cache(state).setdefault("trace", {})
    key = (name, side, unit)
    got = memo.get(key)
    if got is None:
        got = memo[key] = _BUILDERS[name](state, side, unit)
    return got


def supply_overlay(state: GameState, side: str, unit: str | None = None) -> OverlayData:
    """Sources, the hexes a supply line reaches, units out of supply, and ``unit``'s line."""
    b = state.board
    ss = supply.side_supply(state, side)
    o = OverlayData("supply", side, unit)
    if side == "soviet":
        supplied = _reach(state, ss.searches["loc"])
        hq_reach = _reach(state, ss.searches["edge"]) - supplied
        o.marks["hq_supplied"] = dict.fromkeys(sorted(hq_reach))
        o.marks["supplied"] = dict.fromkeys(sorted(supplied))
        o.marks["source"] = dict.fromkeys(b.area("east_edge"))
    else:
        supplied = _reach(state, ss.searches["city"]) | _reach(state, ss.searches["road"])
        rumanian = _reach(state, ss.searches["loc"]) - supplied
        road_net, _ = supply.road_sources(state)
        o.marks["hq_supplied"] = dict.fromkeys(sorted(rumanian))
        o.marks["supplied"] = dict.fromkeys(sorted(supplied))
        o.marks["road_source"] = {b.ids[i]: None for i in sorted(road_net)}
        sources = {b.ids[i]: "15" for i in supply.SideSupply.city_seeds(state)}
        sources.update({h: "entry" for h in b.area("german_road_supply")})
        o.marks["source"] = sources
    out = [u for u in _side_units(state, side) if not supply.in_supply(state, u)]
    o.marks["out"] = _count_labels(state, out)
    if side == "soviet":  # Soviet supply runs through active HQs: name the ones the schedule still holds back
        from .hq import activation_turn

        for uid in sorted(u for u in _side_units(state, side) if b.is_hq(u) and "inactive" in state.units[u].flags):
            turn = activation_turn(state, uid)
            if turn and turn > state.turn:
                o.add_item(f"{uid} ({state.units[uid].hex}) turns active on turn {turn}: until then it supplies no unit, "
                           f"and units that only it could supply are out of supply (10.3, 11.23)", state.units[uid].hex, "10.3", uid)
    for u in out:
        o.add_item(f"{u} ({state.units[u].hex}) is out of supply", state.units[u].hex, "11.0", u)
    if unit is not None:
        _unit_line(state, unit, o)
    n = len(_side_units(state, side))
    o.summary = f"{n - len(out)} of {n} {side} units on the map in supply, {len(out)} out of supply; {len(supplied)} hexes reached"
    if side == "soviet":
        o.explain("source", "Supply source: the east edge (11.21)")
        o.explain("supplied", "A combat unit here is in supply: Line of Communications to an active, supplied HQ (10.23, 11.23)")
        o.explain("hq_supplied", "Only an HQ here is in supply: a line of any length to the east edge (11.21)")
    else:
        o.explain("source", "Supply source: City hex never entered by a Soviet unit (label 15, 11.31); road entry on the west edge or 3932 (11.33)")
        o.explain("road_source", "Road-supply hex: joined to an entry by a clear road (11.33); a line of up to 5 hexes starts here (11.32)")
        o.explain("supplied", "A German unit here is in supply: City source within 15 or road source within 5 (11.31, 11.32)")
        o.explain("hq_supplied", "Only a Rumanian unit here is in supply, through the Rumanian HQ (10.27)")
    o.explain("out", "Unit out of supply (11.0); a number counts the units")
    for role, meaning in (("loc", "Line of Communications from the unit to its HQ (10.23)"),
                          ("hq_line", "The HQ's line to its source (11.21, 10.27)"),
                          ("supply_line", "The unit's supply line to its source (11.3)"),
                          ("blocked_line", "Best line found for a unit out of supply (see Why not)")):
        o.explain(role, meaning)
    return o


def _unit_line(state: GameState, unit: str, o: OverlayData) -> None:
    """Draw ``unit``'s supply line into ``o``: LOC and HQ line, or the line to its source."""
    b = state.board
    rec = state.units[unit]
    if rec.hex is None:
        o.add_item(f"{unit} is off the map", None, None, unit)
        return
    st = supply.supply_status(state, unit)
    o.marks["selected"] = {rec.hex: None}
    if not st.in_supply:
        if len(st.path) > 1:
            o.lines["blocked_line"] = list(st.path)
        o.add_item(f"{unit} ({rec.hex}): out of supply; see Why not for what blocks it", rec.hex, "11.0", unit)
        return
    if st.kind in ("soviet-hq", "rumanian-hq"):
        ss = supply.side_supply(state, rec.side)
        n = len(ss.searches["loc"].path(b.index[rec.hex]))
        o.lines["loc"] = st.path[:n]
        if len(st.path) > n:
            o.lines["hq_line"] = st.path[n - 1:]
        hq = ss.hq_of[b.index[st.path[n - 1]]]
        o.marks["selected"][rec.hex] = f"{n - 1}/{st.limit}"
        o.add_item(f"{unit} ({rec.hex}): LOC of {n - 1} hexes to {hq} at {st.path[n - 1]}, radius {st.limit} (10.23); "
                   f"the HQ's line runs {len(st.path) - n} hexes to {st.source}", rec.hex, "10.23", unit)
    elif st.kind in ("city", "road"):
        ss = supply.side_supply(state, rec.side)
        n = len(ss.searches[st.kind].path(b.index[rec.hex])) - 1
        o.lines["supply_line"] = list(st.path)
        o.marks["selected"][rec.hex] = f"{n}/{st.limit}"
        what = "City source" if st.kind == "city" else "road source, then along the road to the entry"
        case = "11.31" if st.kind == "city" else "11.32"
        o.add_item(f"{unit} ({rec.hex}): {n} hexes to a {what} {st.source}, limit {st.limit} ({case})", rec.hex, case, unit)
    elif st.kind == "hq-line":
        o.lines["hq_line"] = list(st.path)
        o.add_item(f"{unit} ({rec.hex}): HQ line of {len(st.path) - 1} hexes to the east edge at {st.source} (11.21)", rec.hex, "11.21", unit)
    else:
        case = {"air": "13.2", "first-activation": "6.57", "reinforcement": "16.0"}.get(st.kind)
        o.add_item(f"{unit} ({rec.hex}): in supply without a line ({st.kind})", rec.hex, case, unit)


def why_overlay(state: GameState, side: str, unit: str | None = None) -> OverlayData:
    """What blocks the supply line of ``unit`` (or of every ``side`` unit out of supply) and the
    Line of Communications of Soviet and Rumanian units that may not attack."""
    o = OverlayData("why", side, unit)
    units = [unit] if unit is not None else _side_units(state, side)
    blocked: dict[str, str] = {}
    failing: list[str] = []
    for u in units:
        r = unit_report(state, u)
        if r["hex"] is None:
            continue
        cmd = r.get("command")
        bad_cmd = cmd is not None and not cmd["in_command"]
        if r["in_supply"] and not bad_cmd:
            if unit is not None:
                o.add_item(f"{u} ({r['hex']}) is in supply" + (" and may attack" if cmd is not None else ""), r["hex"], None, u)
            continue
        failing.append(u)
        groups = []
        if not r["in_supply"]:
            groups.append(("out of supply", r["blocks"]))
        if bad_cmd:
            groups.append(("may not attack (9.15, 10.21)", cmd["blocks"]))
        for what, blocks in groups:
            o.add_item(f"{u} ({r['hex']}) {what}:", r["hex"], None, u)
            for blk in blocks:
                o.add_item("    " + block_text(blk), blk["hex"], blk["case"], u)
                if blocked.get(blk["hex"]) not in (None, blk["case"]):
                    blocked[blk["hex"]] += "," + blk["case"]
                else:
                    blocked[blk["hex"]] = blk["case"]
        if unit is not None and len(r["path"]) > 1:
            o.lines["blocked_line"] = list(r["path"])
        if unit is not None and bad_cmd and len(cmd["path"]) > 1 and cmd["path"] != r["path"]:
            o.lines["command_line"] = list(cmd["path"])
    o.marks["out"] = _count_labels(state, failing)
    o.marks["block"] = blocked
    o.summary = (f"{len(failing)} {side} unit(s) out of supply or unable to attack; {len(blocked)} blocking hexes"
                 if unit is None else f"{unit}: " + ("nothing blocks it" if not failing else f"{len(blocked)} blocking hexes"))
    o.explain("out", "Unit out of supply or unable to attack; a number counts the units")
    o.explain("block", "Hex that blocks the line, labelled with its rule case")
    o.explain("blocked_line", "The line that comes closest (crossing the fewest blocking hexes)")
    o.explain("command_line", "The closest Line of Communications to an active HQ (10.23)")
    return o


def command_overlay(state: GameState, side: str, unit: str | None = None) -> OverlayData:
    """Each HQ of ``side``: the hexes its Lines of Communications reach (active) or its radius
    (inactive), and the units it reaches; units that may not attack for want of one."""
    b = state.board
    o = OverlayData("command", side, unit)
    active_reach: dict[str, None] = {}
    radius_only: dict[str, None] = {}
    hq_marks: dict[str, str] = {}
    needy = [u for u in _side_units(state, side) if supply.needs_command(state, u) and not b.is_hq(u)]
    for hq in (u for u in _side_units(state, side) if b.is_hq(u)):
        rec = state.units[hq]
        r = b.hq_values(hq).command_radius
        active = "inactive" not in rec.flags
        nat = b.unit_type[hq].nationality
        if active:
            reach = supply.command_reach(state, hq)
            active_reach.update(dict.fromkeys(reach))
            reached = sorted(u for u in needy if state.units[u].hex in reach and b.unit_type[u].nationality == nat)
            hq_marks[rec.hex] = f"HQ r{r}"
            o.add_item(f"{hq} ({rec.hex}) active, radius {r}: reaches {len(reach)} hexes and {len(reached)} units"
                       + (f" ({', '.join(reached)})" if reached else ""), rec.hex, "10.23", hq)
        else:
            radius_only.update({b.ids[i]: None for i in b.within(b.index[rec.hex], r)})
            hq_marks[rec.hex] = f"off r{r}"
            o.add_item(f"{hq} ({rec.hex}) inactive, radius {r}: commands no unit until activated", rec.hex, "10.11", hq)
    o.marks["command_inactive"] = {h: None for h in radius_only if h not in active_reach}
    o.marks["command"] = active_reach
    no = [u for u in needy if not supply.in_command(state, u)]
    o.marks["uncommanded"] = _count_labels(state, no)
    o.marks["hq"] = hq_marks
    if no:
        o.add_item(f"{len(no)} unit(s) may not attack, no active HQ reaches them: {', '.join(no)}", None, "9.15", None)
    if unit is not None and state.units[unit].hex is not None and supply.needs_command(state, unit):
        cmd = supply.command_status(state, unit)
        if cmd.in_command and len(cmd.path) > 1:
            o.lines["loc"] = list(cmd.path)
            o.add_item(f"{unit}: LOC of {len(cmd.path) - 1} hexes to {cmd.hq}, radius {cmd.radius} (10.23)", state.units[unit].hex, "10.23", unit)
        elif not cmd.in_command:
            o.add_item(f"{unit} may not attack: " + "; ".join(block_text(x.to_dict()) for x in cmd.blocks), state.units[unit].hex, "9.15", unit)
    o.summary = f"{sum(1 for v in hq_marks.values() if v.startswith('HQ'))} active and {sum(1 for v in hq_marks.values() if v.startswith('off'))} inactive HQs; {len(needy) - len(no)} of {len(needy)} units may attack"
    o.explain("command", "Reached by an active HQ's Line of Communications (10.23)")
    o.explain("command_inactive", "Within the Command Radius of an inactive HQ: no command (10.11)")
    o.explain("hq", "HQ: active ('HQ') or not ('off'), with its Command Radius")
    o.explain("uncommanded", "Unit that may not attack: no active HQ's LOC reaches it (9.15, 10.21)")
    o.explain("loc", "The selected unit's Line of Communications to its HQ (10.23)")
    return o


def rail_overlay(state: GameState, side: str, unit: str | None = None, dest: str | None = None) -> OverlayData:
    """Friendly and enemy rail hexes (6.42); ``unit``'s rail reach (6.41, 6.43, 6.44) and its route to ``dest``."""
    from . import rail

    b = state.board
    o = OverlayData("rail", side, unit)
    own = side if unit is None else state.units[unit].side
    o.marks["rail_enemy"] = {h: None for h, s in zip(b.ids, b.rail_side) if s is not None and s != own}
    o.marks["rail_friendly"] = {h: None for h, s in zip(b.ids, b.rail_side) if s == own}
    o.summary = f"{len(o.marks['rail_friendly'])} friendly and {len(o.marks['rail_enemy'])} enemy rail hexes for the {own} side"
    if unit is not None and state.units[unit].hex is not None:
        rec = state.units[unit]
        dist, _parent, _dests = rail.rail_reach(state, unit)
        o.marks["rail_reach"] = {b.ids[i]: str(d) for i, d in dist.items()}
        o.marks["selected"] = {rec.hex: None}
        if not dist:
            i = b.index[rec.hex]
            if b.rail_side[i] != rec.side:
                o.add_item(f"{unit} ({rec.hex}) is not on a Friendly Rail hex — 6.41, 6.42", rec.hex, "6.41", unit)
            else:
                o.add_item(f"{unit} ({rec.hex}) reaches no rail hex clear of enemy ZOC — 6.43", rec.hex, "6.43", unit)
        else:
            o.add_item(f"{unit} ({rec.hex}) reaches {len(dist)} rail hexes within {rail.MAX_HEXES} clear of enemy ZOC (6.43, 6.44)", rec.hex, "6.44", unit)
        why_not = _rail_refusal(state, unit)
        if why_not:
            o.add_item(f"{unit} may not move by rail now: {why_not[1]} — {why_not[0]}", rec.hex, why_not[0], unit)
        if dest is not None:
            j = b.index[dest]
            if j in dist:
                o.lines["rail_route"] = list(rail.rail_path(state, unit, j))
                o.add_item(f"route to {dest}: {dist[j]} rail hexes", dest, "6.41", unit)
            else:
                case, text = _rail_dest_refusal(state, unit, dest)
                o.add_item(f"{dest}: {text} — {case}", dest, case, unit)
    o.explain("rail_friendly", "Friendly Rail hex (6.42)")
    o.explain("rail_enemy", "Enemy Rail hex: no rail movement (6.42)")
    o.explain("rail_reach", "Rail hexes the selected unit reaches, clear of enemy ZOC, labelled with the rail hexes entered (6.43, 6.44)")
    o.explain("rail_route", "Rail route to the chosen hex (6.41)")
    return o


def _rail_refusal(state: GameState, unit: str) -> tuple[str, str] | None:
    """Why ``unit`` may not move by rail in this phase, or None."""
    from . import rail

    if rail.may_use_rail(state, unit):
        return None
    if not state.phase_data.get("rail_allowed"):
        return "6.45", "no rail movement in this phase"
    if state.board.has_flag(unit, "reserve_counter"):
        return "6.72", "Army Reserve counters never move by rail"
    if rail.limit_reached(state, state.units[unit].side):
        return "6.45", f"the side has moved its {rail.LIMITS.get(state.units[unit].side, 0)} units by rail"
    return "6.41", "it may not move in this phase (it has moved, or is frozen)"


def _rail_dest_refusal(state: GameState, unit: str, dest: str) -> tuple[str, str]:
    from . import rail

    b = state.board
    j = b.index[dest]
    side = state.units[unit].side
    if b.rail_side[j] is None:
        return "6.41", "not a rail hex"
    if b.rail_side[j] != side:
        return "6.42", "not a Friendly Rail hex"
    if j in _zoc.derived(state).zoc[_zoc.other_side(side)]:
        return "6.43", "in enemy ZOC"
    if j in _zoc.blocked_for_movement(state, side):
        return "6.22", "holds an enemy unit"
    return "6.44", f"no friendly rail route of at most {rail.MAX_HEXES} hexes clear of enemy ZOC"


def roads_overlay(state: GameState, side: str, unit: str | None = None) -> OverlayData:
    """11.33: the road hexes joined to the entries by a clear road, and the hexes that cut it."""
    b = state.board
    o = OverlayData("roads", side, unit)
    net, _parent = supply.road_sources(state)
    roads = b.map.roads
    d = _zoc.derived(state)
    soviet, szoc = d.occupied["soviet"], d.zoc["soviet"]
    axis = set(d.occupied["axis"]) | d.garrisons
    entries = [h for h in b.area("german_road_supply") if h in roads]
    cuts: dict[str, str] = {}
    frontier = {b.ids[i] for i in net} | set(entries)
    for h in sorted(frontier):
        for n in ([h] if b.index[h] not in net else []) + sorted(roads.neighbors(h)):
            i = b.index.get(n)
            if i is None or i in net or n in cuts:
                continue
            if i in soviet:
                cuts[n] = "unit"
                o.add_item(f"{n}: Soviet unit on the road — 11.33", n, "11.33")
            elif i in szoc and i not in axis:
                cuts[n] = "ZOC"
                o.add_item(f"{n}: Soviet ZOC not covered by an Axis unit — 11.33", n, "11.33")
    on_map = [h for h in roads if h in b.index]
    o.marks["road_off"] = {h: None for h in sorted(on_map) if b.index[h] not in net and h not in cuts}
    o.marks["road_net"] = {b.ids[i]: None for i in sorted(net)}
    o.marks["road_cut"] = cuts
    o.marks["road_entry"] = {h: "entry" for h in entries}
    o.summary = f"{len(net)} road hexes joined to {len(entries)} entries; {len(cuts)} cut(s)"
    o.explain("road_net", "Road hex joined to an entry by a road clear of Soviet units and uncovered Soviet ZOC (11.33)")
    o.explain("road_entry", "Road entry on the west edge or at 3932 (11.33)")
    o.explain("road_cut", "Where the road is cut: a Soviet unit, or Soviet ZOC with no Axis unit (11.33)")
    o.explain("road_off", "Road hex beyond the cuts: no road supply (11.33)")
    return o


def front_overlay(state: GameState, side: str, unit: str | None = None) -> OverlayData:
    """17.24: the barrier of Axis units, garrisons and Axis ZOC; its pieces touching the north
    edge are the front; the hole, when there is one, as a Soviet path from east to west."""
    import networkx as nx

    from . import victory

    b = state.board
    o = OverlayData("front", side, unit)
    d = _zoc.derived(state)
    barrier = set(d.occupied["axis"]) | set(d.zoc["axis"]) | d.garrisons
    g = nx.Graph()
    g.add_nodes_from(barrier)
    g.add_edges_from((i, j) for i in barrier for j in b.nbrs[i] if j in barrier)
    edges = b.map_edges
    front, rest = set(), set()
    for comp in nx.connected_components(g):
        (front if comp & edges["north"] else rest).update(comp)
    status = victory.front_status(state)
    o.marks["barrier"] = {b.ids[i]: None for i in sorted(rest)}
    o.marks["front"] = {b.ids[i]: None for i in sorted(front)}
    if status["hole"]:
        o.lines["hole"] = list(status["hole"])
    if status["continuous"]:
        o.add_item("The Axis front runs unbroken from the north edge to the south or east edge — 17.24", None, "17.24")
        o.summary = "continuous front"
    else:
        where = f" from {status['hole'][0]} to {status['hole'][-1]}" if status["hole"] else ""
        o.add_item(f"Hole in the Axis front: a Soviet path runs{where}; 2 VP to the Soviets at the end of the Axis player-turn — 17.24",
                   status["hole"][0] if status["hole"] else None, "17.24")
        o.summary = "hole in the front" + where
    o.explain("front", "Axis front: Axis units, garrisons and Axis ZOC joined to the north edge (17.24)")
    o.explain("barrier", "Other Axis units and ZOC, not joined to the north edge")
    o.explain("hole", "The hole: a Soviet path from the east edge to the west edge around the front (17.24)")
    return o


_BUILDERS = {
    "supply": supply_overlay,
    "why": why_overlay,
    "command": command_overlay,
    "roads": roads_overlay,
    "front": front_overlay,
}

#: Overlays drawn by ``kharkov-cli trace --png`` when none is named.
DEFAULT_OVERLAYS = {"soviet": ("supply", "why", "command"), "axis": ("supply", "why", "roads")}

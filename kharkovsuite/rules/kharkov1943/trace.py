"""Supply and command traces of Kharkov 1943 for people and tools (``kharkov-cli trace``, the
trace view), on the shared interface of :mod:`kharkovsuite.tracing`.

Each unit's report: its supply state fixed this turn (9.3), its line of supply now with the path
or the hexes that stop it and why (9.1, 9.2), and its line of command with the path or the
enemy-occupied hexes in the way (8.1).  The command line ``--side axis`` names the German side.
Three overlays: supply, why not, command.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ... import tracing
from ...engine.state import GameState
from . import activation, command, supply

if TYPE_CHECKING:
    import networkx as nx

OVERLAYS = ("supply", "why", "command")
TITLES = {"supply": "Supply", "why": "Why not", "command": "Command"}
DESCRIPTIONS = {
    "supply": "Supply sources, the hexes from which a unit traces a line of supply, units without one, the selected unit's line (9.1, 9.2)",
    "why": "The hexes that stop the lines of units without supply or command, with rule cases (9.1, 8.1)",
    "command": "HQs, the hexes within their lines of command, units out of command, the selected unit's line (8.1, 8.2)",
}
DEFAULT_OVERLAYS = {"german": OVERLAYS, "axis": OVERLAYS, "soviet": OVERLAYS}
SIDE_NAMES = {"axis": "german"}  # the command line's name for the German side


def _side(side: str) -> str:
    side = SIDE_NAMES.get(side, side)
    if side not in ("german", "soviet"):
        raise KeyError(f"unknown side {side!r}")
    return side


def _on_map(state: GameState, side: str) -> list[str]:
    return sorted(u for u, rec in state.units.items() if rec.side == side and rec.hex is not None)


def unit_report(state: GameState, unit_id: str) -> dict:
    """``{unit, hex, in_supply, status, kind, source, path, blocks, command}``: ``in_supply`` and
    the path are the line now, ``status`` the state fixed at the start of the turn (9.3)."""
    rec = state.units[unit_id]
    line = supply.line(state, unit_id)
    out = {
        "unit": unit_id, "hex": rec.hex, "in_supply": line.ok, "status": supply.status(state, unit_id),
        "kind": line.kind, "source": line.target, "path": list(line.path), "blocks": [b.to_dict() for b in line.blocks],
    }
    info = state.board.units[unit_id]
    if info.side == "soviet" and info.values.kind == "armor" and rec.hex is not None:
        out["head_distance"] = supply.head_distance(state, unit_id)  # 9.2
    if rec.hex is not None and info.values.kind not in ("hq", "supply_head"):
        cmd = command.command_line(state, unit_id)
        out["command"] = {"in_command": not activation.out_of_command(state, unit_id), "line": cmd.ok, "hq": cmd.target,
                          "path": list(cmd.path), "blocks": [b.to_dict() for b in cmd.blocks]}
    return out


def side_report(state: GameState, side: str, unit: str | None = None) -> list[dict]:
    if unit is not None:
        if unit not in state.units:
            raise KeyError(unit)
        return [unit_report(state, unit)]
    return [unit_report(state, u) for u in _on_map(state, _side(side))]


def unsupplied(state: GameState, side: str) -> dict[str, str | None]:
    """The units of ``side`` on the map with no line of supply now (9.1, 9.2): unit -> hex.  What
    :func:`side_report` says of them in ``in_supply``, without the rest of each report (the status of
    9.3, the lines of command of 8.1) that a computer player's glance does not read."""
    return {u: state.units[u].hex for u in _on_map(state, _side(side)) if not supply.line(state, u).ok}


def format_report(report: dict) -> str:
    head = f"{report['unit']} ({report['hex']}): "
    if report["in_supply"]:
        head += f"line of supply to {report['kind']} {report['source']}"
    else:
        head += "NO LINE OF SUPPLY"
    if report["status"] != supply.SUPPLIED:
        head += f"; {report['status'].replace('_', ' ')} this turn (9.3)"
    lines = [head]
    if report["path"]:
        lines.append("  path: " + " ".join(report["path"]))
    for b in report["blocks"]:
        lines.append(f"  blocked at {b['hex']}: {b['reason']} ({b['case']})")
    if report.get("head_distance") is not None:
        lines.append(f"  {report['head_distance']} hexes from a supply head (9.2)")
    cmd = report.get("command")
    if cmd is not None:
        state_word = "in command" if cmd["in_command"] else "OUT OF COMMAND this turn (8.2)"
        if cmd["line"]:
            lines.append(f"  {state_word}; line of command to {cmd['hq']}: " + " ".join(cmd["path"]))
        else:
            lines.append(f"  {state_word}; no line of command: " + "; ".join(f"{b['hex']}: {b['reason']} ({b['case']})" for b in cmd["blocks"]))
    return "\n".join(lines)


# ----------------------------------------------------------------------------- overlays


def OverlayData(name: str, side: str, unit: str | None = None, **fields) -> tracing.OverlayData:
    return tracing.OverlayData(name, side, unit, title=TITLES[name], **fields)


def overlay(state: GameState, name: str, side: str, unit: str | None = None, dest: str | None = None) -> tracing.OverlayData:
    if name not in OVERLAYS:
        raise KeyError(f"unknown overlay {name!r}; use one of: {', '.join(OVERLAYS)}")
    if unit is not None and unit not in state.units:
        raise KeyError(f"no unit {unit!r}")
    return {"supply": supply_overlay, "why": why_overlay, "command": command_overlay}[name](state, _side(side), unit)


def supply_overlay(state: GameState, side: str, unit: str | None = None) -> tracing.OverlayData:
    import networkx as nx  # imported when first needed: not at the start of a game
    o = OverlayData("supply", side, unit)
    lines = supply.side_lines(state, side)
    targets = supply.tier_targets(state, side, 2, lines)
    g = supply.graph(state, side)
    reach = nx.multi_source_dijkstra_path_length(g, [h for h in targets if h in g], cutoff=supply.LIMIT) if targets else {}
    o.marks["supplied"] = dict.fromkeys(sorted(reach))
    o.marks["source"] = dict.fromkeys(sorted(supply.source_hexes(state, side)))
    out = [u for u in _on_map(state, side) if not supply.line(state, u).ok]
    o.marks["out"] = tracing.count_labels(state, out)
    for u in out:
        o.add_item(f"{u} ({state.units[u].hex}) has no line of supply", state.units[u].hex, "9.1", u)
    if unit is not None and state.units[unit].hex is not None:
        ln = supply.line(state, unit)
        if ln.ok and len(ln.path) > 1:
            o.lines["supply_line"] = list(ln.path)
        if ln.kind == "hq":
            up = supply.line(state, ln.target)
            if up.ok and len(up.path) > 1:
                o.lines["hq_line"] = list(up.path)
        o.marks["selected"] = {state.units[unit].hex: None}
    n = len(_on_map(state, side))
    o.summary = f"{n - len(out)} of {n} {side} units on the map trace a line of supply, {len(out)} do not"
    o.explain("source", "Supply source: the side's supply edge and (Soviet) Front supply heads (9.2)")
    o.explain("supplied", "A unit here traces a line of supply of 5 hexes to an HQ in supply or a source (9.1, 9.2)")
    o.explain("out", "Unit without a line of supply (9.3); a number counts the units")
    o.explain("selected", "The selected unit")
    o.explain("supply_line", "The unit's line of supply (9.2)")
    o.explain("hq_line", "Its HQ's own line of supply (9.2)")
    return o


def why_overlay(state: GameState, side: str, unit: str | None = None) -> tracing.OverlayData:
    o = OverlayData("why", side, unit)
    units = [unit] if unit is not None else _on_map(state, side)
    blocks: dict[str, str] = {}
    for u in units:
        if state.units[u].hex is None:
            continue
        for what, ln in (("supply", supply.line(state, u)), ("command", command.command_line(state, u))):
            if ln.ok or (what == "command" and state.board.units[u].values.kind in ("hq", "supply_head")):
                continue
            for b in ln.blocks:
                blocks.setdefault(b.hex, b.case)
                o.add_item(f"{u}'s line of {what} stops at {b.hex}: {b.reason}", b.hex, b.case, u)
    o.marks["block"] = blocks
    o.summary = f"{len(blocks)} hexes stop a line of supply or command"
    o.explain("block", "A hex that stops a line (label: the rule case)")
    return o


def command_overlay(state: GameState, side: str, unit: str | None = None) -> tracing.OverlayData:
    o = OverlayData("command", side, unit)
    heads = command.hqs(state, side)
    area: set[str] = set()
    for hq in heads:
        area |= set(command.command_area(state, hq))
    o.marks["command"] = dict.fromkeys(sorted(area))
    o.marks["hq"] = {state.units[hq].hex: None for hq in heads}
    out = [u for u in _on_map(state, side) if activation.out_of_command(state, u)]
    o.marks["uncommanded"] = tracing.count_labels(state, out)
    for u in out:
        o.add_item(f"{u} ({state.units[u].hex}) is out of command this turn", state.units[u].hex, "8.2", u)
    if unit is not None and state.units[unit].hex is not None:
        ln = command.command_line(state, unit)
        if ln.ok and len(ln.path) > 1:
            o.lines["command_line"] = list(ln.path)
    o.summary = f"{len(heads)} HQs; {len(out)} units out of command this turn"
    o.explain("command", "Within 5 hexes of an HQ by a line of command (8.1)")
    o.explain("hq", "HQ")
    o.explain("uncommanded", "Unit out of command this turn (8.2); a number counts the units")
    o.explain("command_line", "The unit's line of command to its nearest HQ (8.1)")
    return o

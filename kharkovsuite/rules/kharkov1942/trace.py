"""Supply traces for people and tools (``kharkov-cli trace``): every unit's line of supply
(11.0) with its path, or the hexes and limits that block it, and its command status for
attacks (9.15, 10.21).  The data comes from :func:`.supply.supply_status` and
:func:`.supply.command_status`; this module only gathers and words it.
"""
from __future__ import annotations

from ...engine.state import GameState
from . import supply


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

"""Forward-supply traces for people and tools (``kharkov-cli trace``): each unit's supply line
(8.2, 8.3) with its source and path, or the hexes that block it with the rule that blocks them,
and its Cut Off or Out of Supply marker (8.4).  The data comes from :func:`.supply.forward`, traced
on what the unit's side knows of the enemy (advanced rules 29 and 30: a face-down counter's ZOC
is not known, a hidden unit is not there; the supply segment shows the units that cut a line,
:func:`.supply.disclose`); this module gathers and words it to the interface of
:mod:`kharkovsuite.tracing`.

The command-line sides are ``axis`` and ``soviet``; this system's Axis side is ``german``.
"""
from __future__ import annotations

from ... import tracing
from ...engine.state import GameState
from . import counters, supply

OVERLAYS = ("supply", "why")
TITLES = {"supply": "Supply", "why": "Why not"}
DESCRIPTIONS = {
    "supply": "Supply sources (HQs, German dumps), units in supply, Cut Off and Out of Supply, the selected unit's line (8.2-8.4)",
    "why": "What blocks the lines of units without supply: enemy units and Overlapping ZOCs, with rule cases (8.2B, 13.3B)",
}
DEFAULT_OVERLAYS = {"german": ("supply", "why"), "soviet": ("supply", "why")}


def _side(side: str) -> str:
    return "german" if side == "axis" else side


def unit_report(state: GameState, unit_id: str) -> dict:
    """``{unit, hex, in_supply, source, source_kind, case, path, blocks:[{hex, case, reason}], marker}``."""
    out = supply.forward(state, unit_id, known=True).to_dict()
    out["marker"] = next((m for m in (counters.OUT_OF_SUPPLY, counters.CUT_OFF) if counters.has(state, unit_id, m)), None)
    return out


def side_report(state: GameState, side: str, unit: str | None = None) -> list[dict]:
    if unit is not None:
        if unit not in state.units:
            raise KeyError(unit)
        if state.units[unit].hex is None:
            return [{"unit": unit, "hex": None, "in_supply": False, "source": None, "source_kind": None, "case": "",
                     "path": [], "blocks": [], "marker": None}]
        return [unit_report(state, unit)]
    return [unit_report(state, u) for u in sorted(counters.on_map(state, _side(side)))]


def format_report(report: dict) -> str:
    head = f"{report['unit']} ({report['hex']}): "
    if report["in_supply"]:
        head += f"in supply from {report['source'] or 'a friendly edge road'} ({report['source_kind']}, {report['case']})"
    else:
        head += f"NO SUPPLY LINE ({report['case']})" if report["hex"] else "not on the map"
    if report.get("marker"):
        head += f"; marked {report['marker'].replace('_', ' ')}"
    lines = [head]
    if report["path"]:
        lines.append("  path: " + " ".join(report["path"]))
    for b in report["blocks"]:
        lines.append(f"  blocked at {b['hex']}: {b['reason']} ({b['case']})")
    return "\n".join(lines)


def overlay(state: GameState, name: str, side: str, unit: str | None = None, dest: str | None = None) -> tracing.OverlayData:
    if name not in OVERLAYS:
        raise KeyError(name)
    s = _side(side)
    o = tracing.OverlayData(name, side, unit, title=TITLES[name])
    reports = side_report(state, s, unit)
    if name == "supply":
        sources = {state.units[u].hex: u for u in counters.on_map(state, s) if state.board.units[u].is_hq}
        if s == "german":
            sources.update({h: f"dump #{n}" for n, h in state.game["dumps"].items()})
        o.marks["source"] = dict(sorted(sources.items()))
        o.marks["supplied"] = dict.fromkeys(sorted({r["hex"] for r in reports if r["in_supply"]}))
        o.marks["out"] = {r["hex"]: r["unit"] for r in reports if not r["in_supply"] and r["hex"]}
        if unit is not None and reports[0]["path"]:
            o.lines["supply_line"] = list(reports[0]["path"])
        o.explain("source", "Supply source: a formation or other HQ, a German dump (8.3A)")
        o.explain("supplied", "A unit here traces a supply line (8.2)")
        o.explain("out", "A unit here traces none: Cut Off at the supply segment (8.4A)")
        o.explain("supply_line", "The selected unit's supply line, source first (8.2C)")
        n_out = sum(1 for r in reports if not r["in_supply"])
        o.summary = f"{len(reports)} units, {n_out} without a supply line"
    else:
        blocked: dict[str, str] = {}
        for r in reports:
            if r["in_supply"]:
                continue
            for b in r["blocks"]:
                blocked[b["hex"]] = b["case"]
                o.add_item(f"{r['unit']}: {b['hex']} holds {b['reason']}", b["hex"], b["case"], r["unit"])
        o.marks["block"] = dict(sorted(blocked.items()))
        o.explain("block", "A supply line may not pass here: enemy units (8.2B) or an Overlapping ZOC (13.3B)")
        o.summary = f"{len(blocked)} blocking hexes"
    return o

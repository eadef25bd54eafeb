"""What every rule system's trace overlays are made of, as plain data the one view draws.

A rule system that can be traced has a ``trace`` module in its package
(:func:`kharkovsuite.rules.trace_module`) with ``OVERLAYS`` (overlay names), ``TITLES`` and
``DESCRIPTIONS`` (name -> words), ``DEFAULT_OVERLAYS`` (side -> names), ``side_report(state,
side, unit=None) -> list[dict]`` (one report a unit: ``unit``, ``in_supply`` and the system's own
fields), ``format_report(report) -> str`` and ``overlay(state, name, side, unit=None, dest=None)
-> OverlayData``; and may add ``unsupplied(state, side) -> {unit: hex}``, the units whose report would
say ``in_supply`` false, where the whole reports cost far more (the computer players ask it at every
decision).  A system whose overlays mark roles the view does not style yet adds
``STYLES``: role -> (colour of the Okabe-Ito palette, hatch, dash, fill alpha), e.g.
``{"isolated": ("vermillion", "diagonal-cross", "dash", 140)}`` (the words are
``kharkovsuite.view.traceoverlays.HATCHES`` and ``DASHES``).  The view (``kharkovsuite.view.traceoverlays``), ``kharkov-cli trace`` and the
tests read only this interface.
"""
from __future__ import annotations

from dataclasses import dataclass, field

#: Roles drawn as paths rather than marked hexes (every system's line roles are listed here,
#: since the view draws them).
LINE_ROLES = frozenset({"loc", "hq_line", "supply_line", "blocked_line", "command_line", "rail_route", "hole"})


@dataclass(frozen=True)
class Block:
    """A hex that stops a supply or command line, why, and the rule case that says so
    (every system's traces report them the same way)."""

    hex: str
    reason: str
    case: str

    def to_dict(self) -> dict:
        return {"hex": self.hex, "reason": self.reason, "case": self.case}


@dataclass
class OverlayData:
    """One overlay: ``marks`` role -> {hex: label or None} (drawn in order, bottom first),
    ``lines`` role -> hexes (first hex first), ``items`` the findings listed in words
    (``{"text", "hex", "case", "unit"}``), ``legend`` (role, meaning) for the roles used,
    ``title`` the overlay's name in words (the name itself, capitalised, when not given)."""

    name: str
    side: str
    unit: str | None = None
    marks: dict[str, dict[str, str | None]] = field(default_factory=dict)
    lines: dict[str, list[str]] = field(default_factory=dict)
    items: list[dict] = field(default_factory=list)
    legend: list[tuple[str, str]] = field(default_factory=list)
    summary: str = ""
    title: str = ""

    def __post_init__(self) -> None:
        if not self.title:
            self.title = self.name.capitalize()

    def hexes(self, role: str) -> set[str]:
        return set(self.marks.get(role, ()))

    def add_item(self, text: str, hex_id: str | None = None, case: str | None = None, unit: str | None = None) -> None:
        self.items.append({"text": text, "hex": hex_id, "case": case, "unit": unit})

    def explain(self, role: str, meaning: str) -> None:
        """Add ``role`` to the legend (once) if the overlay draws it."""
        drawn = self.marks.get(role) if role not in LINE_ROLES else self.lines.get(role)
        if drawn and all(r != role for r, _ in self.legend):
            self.legend.append((role, meaning))

    def to_dict(self) -> dict:
        return {
            "overlay": self.name, "title": self.title, "side": self.side, "unit": self.unit, "summary": self.summary,
            "marks": {role: dict(sorted(m.items())) for role, m in self.marks.items()},
            "lines": {role: list(p) for role, p in self.lines.items()},
            "items": list(self.items),
            "legend": [{"role": r, "meaning": m} for r, m in self.legend],
        }


def count_labels(state, units: list[str]) -> dict[str, str | None]:
    """Marks for the hexes of ``units``: the number of them in a hex when more than one."""
    per: dict[str, int] = {}
    for u in units:
        per[state.units[u].hex] = per.get(state.units[u].hex, 0) + 1
    return {h: (str(n) if n > 1 else None) for h, n in per.items()}

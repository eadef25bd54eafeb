"""Live validation: the same checks as ``kharkov-cli validate``, run shortly after each edit.

:func:`check_document` saves the scenario to text and loads it back exactly as the command
line does (``loads_scenario(dumps_scenario(s))``), then adds the rule system's set-up checks
and what a game needs before it can start (:func:`playability_issues`).
Each finding becomes an :class:`Issue` that knows where to send the user: a hex to centre
on, or a row of a table (see :func:`target_of`).  The :class:`Validator` runs the check on a
single-shot timer restarted by every change, so a brush stroke stays smooth.  A document just
opened is checked the same way once its map has first been painted (:meth:`Validator.check_after_paint`):
the window shows at once, its Problems list saying "checking" until the result is in.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QEvent, QObject, QTimer, Signal

from kharkovsuite.scenario import ScenarioError, dumps_scenario, loads_scenario
from kharkovsuite.scenario.model import Scenario
from kharkovsuite.scenario.setup_checks import setup_checks

DEBOUNCE_MS = 300


@dataclass(frozen=True)
class Issue:
    severity: str  # "error" (the file would not load, or no game could start) or "warning" (a rule of the set-up)
    path: str  # as kharkov-cli prints it: units[3].type
    message: str
    line: int | None = None
    hex: str | None = None  # where on the map
    section: str | None = None  # or which table (a key of editor.sections.all_sections()) ...
    row: Any = None  # ... and which row (its key)
    case: str | None = None

    def __str__(self) -> str:
        where = f"hex {self.hex}: " if self.hex else ""
        return f"{where}{self.path}: {self.message}"


_PART = re.compile(r"\.?([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\[('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")\]")


def parse_path(text: str) -> tuple:
    """The inverse of :func:`kharkovsuite.scenario.errors.format_path`."""
    if text in ("(top)", "(file)"):
        return ()
    out: list = []
    pos = 0
    while pos < len(text):
        m = _PART.match(text, pos)
        if not m:
            break
        name, index, quoted = m.groups()
        if name is not None:
            out.append(name)
        elif index is not None:
            out.append(int(index))
        else:
            out.append(quoted[1:-1])
        pos = m.end()
    return tuple(out)


def target_of(s: Scenario, path: tuple) -> tuple[str | None, str | None, Any]:
    """(hex, section, row key) a problem at ``path`` points to; any of them may be None."""
    p = list(path) + [None] * 6
    try:
        if p[0] == "map":
            m = s.map
            kind = p[1]
            if kind == "terrain":
                return p[2], "terrain", m.terrain.get(p[2])
            if kind == "hexsides" and isinstance(p[2], str):
                return p[2].split("/")[0], "hexsides", None
            if kind in ("roads", "railroads") and isinstance(p[2], int):
                chain = getattr(m, kind)[p[2]]
                j = p[3] if isinstance(p[3], int) else 0
                return chain[min(j, len(chain) - 1)], None, None
            if kind == "cities" and p[2] in m.cities:
                city = m.cities[p[2]]
                if p[3] == "hexes" and isinstance(p[4], int):
                    return city.hexes[p[4]], "cities", p[2]
                if p[3] == "garrison" and isinstance(p[4], str):
                    return p[4], "cities", p[2]
                return (city.hexes[0] if city.hexes else None), "cities", p[2]
            if kind == "places" and p[2] in m.places:
                return m.places[p[2]].hex, "places", p[2]
            if kind == "lines" and p[2] in m.lines:
                line = m.lines[p[2]]
                if p[3] == "marks" and p[4] in line.marks:
                    return line.marks[p[4]], "lines", p[2]
                return None, "lines", p[2]
            if kind == "areas" and p[2] in m.areas:
                area = m.areas[p[2]]
                if p[3] == "hexes" and isinstance(p[4], int) and p[4] < len(area.hexes):
                    return area.hexes[p[4]], "areas", p[2]
                return None, "areas", p[2]
            if kind in ("terrain_types", "default_terrain"):
                return None, "terrain", p[2]
            if kind == "hexside_types":
                return None, "hexsides", p[2]
            return None, None, None
        if p[0] == "system_data":
            from .charts import chart_target

            section, row = chart_target(s, tuple(path))
            return None, section, row
        if p[0] == "setup" and p[1] == "placements" and isinstance(p[2], int):
            placement = s.setup.placements[p[2]]
            return placement.hex, "units", placement.unit
        if p[0] == "setup" and p[1] == "zones":
            return None, "setup_zones", p[2]
        if p[0] == "units" and isinstance(p[1], int):
            return None, "units", s.units[p[1]].id
        if p[0] == "victory":
            return None, ("awards" if p[1] == "awards" else "victory_levels"), p[2]
        if p[0] == "terrain_effects":
            if p[1] == "terrain":
                return None, "terrain", p[2]
            if p[1] == "hexsides":
                return None, "hexsides", p[2]
            return None, "road_city", None
        if p[0] == "tables" and p[1] is not None:
            if p[2] == "rows":
                return None, f"table:{p[1]}", p[3]
            return None, "tables", p[1]
        section = {
            "unit_types": "unit_types",
            "reinforcements": "reinforcements",
            "turns": "turns",
            "formations": "formations",
            "sides": "sides",
            "untried_pools": "untried_pools",
        }.get(p[0])
        if section is not None:
            return None, section, p[1]
    except (IndexError, KeyError, TypeError):
        pass
    return None, None, None


def playability_issues(s: Scenario) -> list[Issue]:
    """What a file may lack and still load, but no game can start without: turns to play and
    units set up on the map (or in its boxes)."""
    issues = []
    if not s.turns:
        issues.append(Issue("error", "turns", "the turn record is empty: a game needs at least one turn (Tables ▸ Turn record ▸ Add turn)", section="turns"))
    if not s.units:
        issues.append(Issue("error", "units", "the scenario has no units: add them in Order of Battle ▸ Units (the first brings a unit type with it)", section="units"))
    elif not any(p.hex or p.box for p in s.setup.placements):
        first = s.units[0].id
        issues.append(Issue("error", "setup.placements", "no unit is set up: drag units from the Order of Battle onto the map with the Units tool", section="units", row=first))
    return issues


def _loads_clean(s: Scenario) -> bool:
    """Whether the document's data passes the loader's checks (the model's and the cross
    references) as it stands, without writing it out as YAML and parsing it back: that round
    trip, which finds each problem's line, is most of a check's time and a clean document needs
    no lines."""
    from kharkovsuite.scenario.checks import check_scenario
    from kharkovsuite.scenario.io import scenario_to_data
    from pydantic import ValidationError

    try:
        scenario = Scenario.model_validate(scenario_to_data(s))
    except ValidationError:
        return False
    return not check_scenario(scenario)


def check_document(s: Scenario, filename: str = "<editor>", gmap=None) -> list[Issue]:
    """Every problem ``kharkov-cli validate`` would print, what a game needs to start, then the
    rule system's set-up checks."""
    issues: list[Issue] = []
    try:
        if not _loads_clean(s):  # only a document with problems needs the file's line numbers
            loads_scenario(dumps_scenario(s), filename)
    except ScenarioError as exc:
        for problem in exc.problems:
            path = parse_path(problem.path)
            hex_id, section, row = target_of(s, path)
            issues.append(Issue("error", problem.path, problem.message, problem.line, hex_id, section, row))
        return issues + playability_issues(s)  # set-up checks need a scenario that loads
    issues += playability_issues(s)
    from kharkovsuite.scenario.errors import format_path

    try:
        found = setup_checks(s, gmap)
    except Exception as exc:  # noqa: BLE001 - a set-up check must never break editing
        return issues + [Issue("warning", "setup", f"the set-up checks failed: {exc}")]
    for sp in found:
        _h, section, row = target_of(s, sp.path)
        issues.append(Issue("warning", format_path(sp.path), f"{sp.message} ({sp.case})", None, sp.hex, section, row, sp.case))
    return issues


class Validator(QObject):
    """Re-checks the document :data:`DEBOUNCE_MS` after the last change."""

    checked = Signal(list)  # list[Issue]

    def __init__(self, doc, parent: QObject | None = None, delay_ms: int = DEBOUNCE_MS):
        super().__init__(parent)
        self.doc = doc
        self.issues: list[Issue] = []
        self.runs = 0
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(delay_ms)
        self.timer.timeout.connect(self.run)
        self._awaited = None  # the widget whose first paint starts the first check
        doc.changed.connect(self.schedule)

    @property
    def pending(self) -> bool:
        """Whether :attr:`issues` may be out of date: a check is due and has not run yet."""
        return self._awaited is not None or self.timer.isActive()

    def schedule(self, *_args) -> None:
        self.timer.start()

    def check_after_paint(self, widget) -> None:
        """Start the debounced check once ``widget`` has painted for the first time: the
        document's first check then never holds up the window's first picture."""
        if self._awaited is not None:
            self._awaited.removeEventFilter(self)
        self._awaited = widget
        widget.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt API
        if watched is self._awaited and event.type() == QEvent.Type.Paint:
            self._stop_awaiting()
            self.schedule()
        return False

    def _stop_awaiting(self) -> None:
        if self._awaited is not None:
            self._awaited.removeEventFilter(self)
            self._awaited = None

    def run(self) -> list[Issue]:
        self.timer.stop()
        self._stop_awaiting()
        self.runs += 1
        name = self.doc.path.name if self.doc.path else "<new scenario>"
        try:
            gmap = self.doc.gmap
        except Exception:  # noqa: BLE001 - a map that cannot be built is reported by the loader
            gmap = None
        self.issues = check_document(self.doc.scenario, name, gmap)
        self.checked.emit(self.issues)
        return self.issues

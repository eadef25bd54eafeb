"""The docks of the game window: actions, combat, unit, log, victory.

Each panel takes the :class:`GameController` and refreshes from the state on ``state_changed``;
the buttons hand actions back to the controller.  Rule cases print as links ``case:6.25`` that
the window opens in Help.
"""
from __future__ import annotations

import html
import re
from fractions import Fraction

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QScrollArea, QTextBrowser, QVBoxLayout, QWidget

from kharkovsuite.engine.events import CombatResolved, GameEnded, PhaseChanged

from .controller import GameController

CASE_RE = re.compile(r"\b(\d{1,2}\.\d{1,3}(?:\.[A-C]\d?)?)\b")


def case_link(case: str) -> str:
    return f'<a href="case:{html.escape(case)}">{html.escape(case)}</a>' if case else ""


def link_cases(text: str) -> str:
    """Escape ``text`` and turn every case number in it into a link."""
    return CASE_RE.sub(lambda m: case_link(m.group(1)), html.escape(text))


def action_label(action) -> str:
    kind = action.kind
    if kind == "ChooseLoss":
        return f"Lose a step: {action.unit}"
    if kind == "Retreat":
        return f"Retreat {action.unit} " + ("-".join(action.path) if action.path else "(cannot: eliminated)")
    if kind == "Advance":
        return f"Advance {action.unit} " + "-".join(action.path)
    if kind == "EndAdvance":
        return "No (further) advance"
    if kind == "CommitAir":
        return "Commit an Air Point"
    if kind == "DeclineAir":
        return "No Air Point"
    if kind == "Chase":
        return f"Chase with {action.unit}"
    if kind == "DeclineChase":
        return "Let it go (no chase)"
    if kind == "EliminateExcess":
        return f"Remove {action.unit} (overstacked)"
    if kind == "Overrun":
        return f"Overrun {action.target} with {', '.join(action.units)} via {'-'.join(action.path)}"
    if kind == "CommitReserve":
        return "Commit " + ", ".join(f"{u}→{h}" for u, h in zip(action.units, action.hexes))
    return str(action)


class ActionsPanel(QWidget):
    """Every legal non-move action that concerns the selection (or the pending decision), as buttons."""

    MAX_BUTTONS = 40
    ON_MAP = ("Move", "RailMove", "Attack", "EndPhase")  # chosen on the map or in the phase bar
    chosen = Signal(object)

    def __init__(self, controller: GameController, parent=None):
        super().__init__(parent)
        self.controller = controller
        self.title = QLabel(self)
        self.title.setWordWrap(True)
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.box = QVBoxLayout()
        self.box.setSpacing(3)
        inner = QWidget(self)
        inner.setLayout(self.box)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(inner)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.title)
        layout.addWidget(scroll)
        self.buttons: list[QPushButton] = []
        self.selection: tuple[str, ...] = ()

    def refresh(self, selection: tuple[str, ...] = ()) -> None:
        self.selection = selection
        for b in self.buttons:  # out of the layout now: deleteLater waits for the event loop
            self.box.removeWidget(b)
            b.setParent(None)
            b.deleteLater()
        self.buttons = []
        state = self.controller.state
        if state.is_terminal:
            self.title.setText("<b>The game is over.</b>")
            return
        offered = state.pending or set(state.phase.actions) - set(self.ON_MAP)
        actions = [a for a in state.legal_actions() if a.kind not in self.ON_MAP] if offered else []
        pending = state.pending[-1] if state.pending else None
        if pending is not None:
            side = state.scenario.sides[pending.side].name if pending.side in state.scenario.sides else pending.side
            self.title.setText(f"<b>{html.escape(side)} decides</b>: {html.escape(pending.kind.replace('_', ' '))} ({case_link(pending.case)})")
        elif selection:
            actions = [a for a in actions if set(getattr(a, "units", ()) or (getattr(a, "unit", None),)) & set(selection)]
            self.title.setText(f"<b>Actions of {html.escape(', '.join(selection))}</b>" + ("" if actions else "<br>None besides moving: click a highlighted hex."))
        else:
            self.title.setText("<b>Other actions now</b>" if actions else "Nothing to decide but moves and attacks.")
        for action in actions[: self.MAX_BUTTONS]:
            b = QPushButton(action_label(action), self)
            b.setToolTip(str(action))
            b.clicked.connect(lambda _=False, a=action: self.chosen.emit(a))
            self.box.addWidget(b)
            self.buttons.append(b)
        if len(actions) > self.MAX_BUTTONS:
            more = QPushButton(f"… {len(actions) - self.MAX_BUTTONS} more: select a unit", self, enabled=False)
            self.box.addWidget(more)
            self.buttons.append(more)


class CombatPanel(QTextBrowser):
    """The combat being resolved and the breakdown of the last one, as the engine reports it."""

    def __init__(self, controller: GameController, parent=None):
        super().__init__(parent)
        self.controller = controller
        self.setOpenLinks(False)
        self.last: CombatResolved | None = None

    def refresh(self, events: list) -> None:
        for e in events:
            if isinstance(e, CombatResolved):
                self.last = e
            if isinstance(e, PhaseChanged):
                self.last = None
        state = self.controller.state
        obs = self.controller.observation()
        parts = []
        combat = obs.get("combat")
        if combat:
            parts.append("<h3>Combat</h3>")
            parts.append(self._units_table("Attackers", combat.get("attackers") or (), obs))
            parts.append(f"<p>Target hex(es): <b>{html.escape(', '.join(combat.get('targets') or ()))}</b></p>")
            parts.append(self._units_table("Defenders", combat.get("defenders") or (), obs))
            pending = state.pending[-1] if state.pending else None
            if pending is not None and pending.kind == "air":
                side = state.scenario.sides[pending.side].name if pending.side in state.scenario.sides else pending.side
                role = pending.data.get("role", "")
                parts.append(f"<p><b>{html.escape(side)}</b> ({html.escape(role)}) may commit an Air Point ({case_link(pending.case)}); "
                             f"Air Points left: {html.escape(self._air(obs))}. The die is rolled when the last side has decided.</p>")
            if combat.get("result"):
                parts.append(f"<p>Result: <b>{html.escape(combat['result'])}</b></p>")
        if self.last is not None:
            parts.append(self._breakdown(self.last))
        if not parts:
            parts.append("<p>No combat. In a combat phase select your attacking units (click them), then click an enemy hex.</p>")
        self.setHtml("".join(parts))

    def _air(self, obs) -> str:
        air = obs.get("air") or {}
        return ", ".join(f"{k} {v}" for k, v in air.items()) or "—"

    def _units_table(self, title: str, units, obs) -> str:
        rows = []
        for uid in units:
            cv = self.controller.counter_view(uid, obs["units"][uid])
            rows.append(f"<tr><td>{html.escape(cv.label or uid)}</td><td>{html.escape(cv.name)}</td><td align=right><b>{html.escape(cv.shown_values)}</b></td></tr>")
        return f"<p><b>{title}</b></p><table cellspacing=0 cellpadding=2>{''.join(rows)}</table>"

    def _breakdown(self, e: CombatResolved) -> str:
        out = ["<h3>Last combat</h3><table cellspacing=0 cellpadding=2>"]
        for uid, strength, how in e.attackers:
            out.append(f"<tr><td>attacker {html.escape(uid)}</td><td align=right><b>{html.escape(str(strength))}</b></td><td>{self._how(strength, how)}</td></tr>")
        for uid, strength, how in e.defenders:
            out.append(f"<tr><td>defender {html.escape(uid)}</td><td align=right><b>{html.escape(str(strength))}</b></td><td>{self._how(strength, how)}</td></tr>")
        if e.garrison:
            out.append(f"<tr><td>garrison</td><td align=right><b>{e.garrison}</b></td><td></td></tr>")
        out.append("</table>")
        ratio = _ratio(e.attack, e.defense)
        out.append(f"<p>Strength <b>{html.escape(e.attack)}</b> to <b>{html.escape(e.defense)}</b>{ratio}: column <b>{html.escape(e.base_column)}</b></p>")
        if e.shifts:
            out.append("<ul>" + "".join(f"<li>{link_cases(reason)}: {n:+d} column(s)</li>" for reason, n in e.shifts) + "</ul>")
        mod = f", die modifier {e.modifier:+d}" if e.modifier else ""
        out.append(f"<p>Final column <b>{html.escape(e.column)}</b>{mod}; die <b>{e.die}</b>: <b>{html.escape(e.result)}</b></p>")
        out.append(self._chances(e.column, e.modifier))
        return "".join(out)

    @staticmethod
    def _how(strength, how: str) -> str:
        return "" if str(how) == str(strength) else link_cases(str(how))

    def _chances(self, column: str, modifier: int) -> str:
        crt = self.controller.state.scenario.tables.get("crt")
        if crt is None or column not in crt.columns:
            return ""
        c = list(crt.columns).index(column)
        top = max(crt.rows)
        counts: dict[str, int] = {}
        for die in range(1, 7):
            row = min(max(die + modifier, min(crt.rows)), top)
            result = str(crt.rows[row][c])
            counts[result] = counts.get(result, 0) + 1
        cells = "".join(f"<tr><td>{html.escape(r)}</td><td align=right>{n}/6</td><td align=right>{100 * n / 6:.0f}%</td></tr>" for r, n in counts.items())
        return f"<p><b>Chances on column {html.escape(column)}</b> ({html.escape(crt.name)})</p><table cellpadding=2>{cells}</table>"


def _ratio(attack: str, defense: str) -> str:
    try:
        a, d = Fraction(attack), Fraction(defense)
    except (ValueError, ZeroDivisionError):
        return ""
    return f" (raw ratio {float(a / d):.2f} : 1)" if d else ""


class LogPanel(QTextBrowser):
    """Every event with its rule case; a case is a link."""

    def __init__(self, controller: GameController, parent=None):
        super().__init__(parent)
        self.controller = controller
        self.setOpenLinks(False)
        self.shown = 0

    def reset(self) -> None:
        """Another game: print its log from the start."""
        self.clear()
        self.shown = 0

    def refresh(self, _events=None) -> None:
        log = self.controller.state.log
        if len(log) < self.shown:
            self.clear()
            self.shown = 0
        for event in log[self.shown:]:
            case = f"[{case_link(event.case)}] " if event.case else ""
            text = html.escape(event.text())
            if isinstance(event, PhaseChanged):
                self.append(f"<p style='margin-top:6px'><b>{case}{text}</b></p>")
            elif isinstance(event, (CombatResolved, GameEnded)):
                self.append(f"<p><b>{case}</b><span style='color:#7a1f00'>{text}</span></p>")
            else:
                self.append(f"{case}{text}")
        self.shown = len(log)


class StatusPanel(QTextBrowser):
    """The unit under the cursor, the turn record, Air Points and the running victory points."""

    def __init__(self, controller: GameController, parent=None):
        super().__init__(parent)
        self.controller = controller
        self.setOpenLinks(False)
        self.units: tuple[str, ...] = ()

    def refresh(self, units: tuple[str, ...] | None = None) -> None:
        if units is not None:
            self.units = units
        state = self.controller.state
        obs = self.controller.observation()
        parts = []
        for uid in self.units:
            if uid not in obs["units"]:
                continue
            view = obs["units"][uid]
            cv = self.controller.counter_view(uid, view)
            mp = self.controller.mp_left(uid)
            where = view.get("hex") or view.get("box") or "—"
            flags = ", ".join(view.get("flags") or ()) or "—"
            mp_text = f"{mp:g}" if mp is not None else "—"
            parts.append(
                f"<p><b>{html.escape(cv.name or uid)}</b> ({html.escape(uid)})<br>"
                f"{html.escape(cv.shown_values)} · at {html.escape(where)} · steps lost {view.get('step', 0)} · markers {html.escape(flags)}<br>"
                f"MP left: <b>{mp_text}</b></p>"
            )
        turns = state.scenario.turns
        if turns:
            cells = "".join(
                f"<td align=center style='{'background:#f0e442;' if t.turn == state.turn else ''}padding:2px'>{t.turn}<br><small>{html.escape(str(t.date)[-2:])}</small></td>"
                for t in turns
            )
            parts.append(f"<p><b>Turn record</b></p><table border=1 cellspacing=0>{'<tr>' + cells + '</tr>'}</table>")
        air = obs.get("air") or {}
        if air:
            parts.append("<p><b>Air Points</b>: " + ", ".join(f"{html.escape(self._side(k))} {v}" for k, v in air.items()) + "</p>")
        result = self.controller.result()
        if result is not None:
            vp = ", ".join(f"{html.escape(self._side(k))} {v}" for k, v in result.vp.items())
            parts.append(f"<p><b>Victory points</b>: {vp}<br>Now: <b>{html.escape(result.level)}</b>" + (f" ({html.escape(self._side(result.winner))})" if result.winner else "") + " (17.0)</p>")
        self.setHtml("".join(parts))

    def _side(self, side: str) -> str:
        sides = self.controller.state.scenario.sides
        return sides[side].name if side in sides else side

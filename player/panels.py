"""The docks of the game window: actions, combat, unit, log, victory.

Each panel takes the :class:`GameController` and refreshes from the state on ``state_changed``;
the buttons hand actions back to the controller.  Rule cases print as links ``case:6.25`` that
the window opens in Help.
"""
from __future__ import annotations

import html
import math
import re
from fractions import Fraction

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QTextCursor, QTextDocument
from PySide6.QtWidgets import QLabel, QMenu, QPushButton, QScrollArea, QTextBrowser, QVBoxLayout, QWidget

from kharkovsuite.engine import IllegalAction
from kharkovsuite.engine.events import CombatResolved, GameEnded, PhaseChanged

from kharkovsuite.view.style import tooltip_html

from .controller import GameController

CASE_RE = re.compile(r"\b(\d{1,2}\.\d{1,3}(?:\.[A-C]\d?)?)\b")


def case_link(case: str) -> str:
    return f'<a href="case:{html.escape(case)}">{html.escape(case)}</a>' if case else ""


def link_cases(text: str) -> str:
    """Escape ``text`` and turn every case number in it into a link."""
    return CASE_RE.sub(lambda m: case_link(m.group(1)), html.escape(text))


def show_html(browser: QTextBrowser, text: str) -> None:
    """Give a text panel ``text`` unless it shows it already: laying the HTML out again takes milliseconds at every
    click, and most clicks change nothing a panel says (setting it anew would also scroll it back to the top)."""
    if getattr(browser, "_html_shown", None) != text:
        browser._html_shown = text
        browser.setHtml(text)


def _shared(labels, suffix: bool = False) -> str:
    """The words every label begins (or, ``suffix``, ends) with, whole words only."""
    labels = [label[::-1] if suffix else label for label in labels]
    common = labels[0] if labels else ""
    for label in labels[1:]:
        while not label.startswith(common):
            common = common[:-1]
    if not all(len(label) == len(common) or label[len(common)] == " " for label in labels):
        common = common.rsplit(" ", 1)[0] if " " in common else ""
    common = common.strip()
    return common[::-1] if suffix else common


def action_units(action) -> tuple[str, ...]:
    """The units an action concerns, whatever its fields call them."""
    out: list[str] = []
    for field in ("units", "attackers", "regiments"):
        out += list(getattr(action, field, ()) or ())
    for field in ("unit", "division", "hq", "detachment", "absorbed"):
        if getattr(action, field, None):
            out.append(getattr(action, field))
    return tuple(out)


def action_key(action) -> str:
    """A stable objectName for an action's button: its kind and its fields, e.g. ``BreakDown:ge-108lt``."""
    parts = [action.kind]
    for value in vars(action).values():
        parts.append(",".join(map(str, value)) if isinstance(value, tuple) else str(value))
    return ":".join(parts)


class ActionsPanel(QWidget):
    """Every legal non-move action that concerns the selection (or the pending decision), as buttons."""

    MAX_BUTTONS = 40
    GROUP_AT = 8  # a kind with more choices than this may become one button with a menu when the dock overflows
    BUTTON_STYLE = "text-align: left; padding: 3px 6px;"
    MAX_ODDS = 6  # overruns listed with their odds: all if no more, else the first of a hex's list
    ON_MAP = ("Move", "RailMove", "Attack", "EndPhase", "PlaceUnit")  # chosen on the map or in the phase bar
    chosen = Signal(object)
    unit_picked = Signal(str)  # a unit to set up by hand (5.0) or a reinforcement to bring on (16.0)

    def __init__(self, controller: GameController, parent=None):
        super().__init__(parent)
        self.controller = controller
        self.title = QLabel(self)
        self.title.setWordWrap(True)
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.box = QVBoxLayout()
        self.box.setSpacing(3)
        self.box.addStretch(1)
        inner = QWidget(self)
        inner.setLayout(self.box)
        # the buttons' style, once for them all: a style sheet of its own on each new button cost more than the button
        inner.setStyleSheet(f"QPushButton {{ {self.BUTTON_STYLE} }}")
        scroll = self.scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # labels wrap instead
        scroll.setWidget(inner)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.title)
        layout.addWidget(scroll)
        self.buttons: list[QPushButton] = []  # the buttons shown, in order
        self._wrapped: dict[tuple, str] = {}  # (label, room, font) -> the label broken into lines (:meth:`wrap`)
        #: every button made, in the dock's order: those not shown now are hidden and kept for the next refresh (making
        #: and deleting some forty widgets at each click cost more than the rest of a refresh)
        self._made: list[QPushButton] = []
        self._slots: list = []  # what each button made does when clicked (None: nothing, e.g. one that opens a menu)
        self.selection: tuple[str, ...] = ()
        #: the window's Rail mode: reinforcements arriving by train are offered their ride on (Kharkov 1943, 15.2)
        self.rail = False

    def refresh(self, selection: tuple[str, ...] = (), location: str | None = None) -> None:
        self.selection = selection
        self._drop_buttons()
        state = self.controller.state
        if state.is_terminal:
            self.title.setText("<b>The game is over.</b>")
            return
        offered = state.pending or set(state.phase.actions) - set(self.ON_MAP)
        # a reserve unit is committed like a reinforcement enters: its button, then a hex (6.73)
        actions = self._offered() if offered else []
        pending = state.pending[-1] if state.pending else None
        if pending is not None:
            side = state.scenario.sides[pending.side].name if pending.side in state.scenario.sides else pending.side
            self.title.setText(f"<b>{html.escape(side)} decides</b>: {html.escape(pending.kind.replace('_', ' '))} ({case_link(pending.case)})"
                               + self._elsewhere())
        elif selection or location:
            here = set(state.units_at(location)) if location else set()
            kit = self.controller.kit
            actions = [a for a in actions if (set(action_units(a)) | set(kit.units_of(state, a))) & (set(selection) | here)
                       or location in (getattr(a, "hex", None), getattr(a, "target", None))]
            hint = "<br>Click enemy hexes to pick the targets; the Combat panel shows the odds." if "Attack" in state.phase.actions else "<br>None besides moving: click a highlighted hex."
            barred = [why for why in (kit.why_not_act(state, u) for u in selection) if why]
            if barred and len(barred) == len(selection):  # none of them may act now: say why, not where to click
                hint = "".join(f"<br>May not act now: {link_cases(self.controller.named(why))}" for why in barred)
            who = ", ".join(self.controller.unit_name(u) for u in selection) if selection else f"hex {location}"
            still = [why for why in (kit.why_not_move(state, u) for u in selection) if why] if "Move" in state.phase.actions else []
            if still and len(still) == len(selection):  # they may act, but not move: say why no hex is highlighted
                hint = "".join(f"<br>No move now: {link_cases(self.controller.named(why))}" for why in still)
                actions_note = hint
            else:
                actions_note = ""
            self.title.setText(f"<b>Actions of {html.escape(who)}</b>" + (actions_note if actions else hint))
        else:
            self.title.setText("<b>Other actions now</b>" if actions else "Nothing to decide but moves and attacks.")
        if "PlaceUnit" in state.phase.actions and pending is None:
            self._setup_buttons(selection)
        actions.sort(key=lambda a: bool(action_units(a)))  # a choice naming no unit (decline, no advance) never falls past the last button
        if pending is None:
            self._entry_buttons(selection)
        else:
            self._mover_buttons(pending, selection)
        self._reserve_buttons(selection)
        groups = []
        if pending is None and not (selection or location):
            actions, groups = self._grouped(actions)
        for words, menus in groups:
            self._menu_button(words, menus)
        rows = []
        shown = actions[: max(0, self.MAX_BUTTONS - len(groups))]
        overruns = [a for a in shown if a.kind == "Overrun"]
        # a long list of overruns (all the map's) names them; a hex's few show their odds
        with_odds = set(overruns[: self.MAX_ODDS]) if (selection or location) else set() if len(overruns) > self.MAX_ODDS else set(overruns)
        for a in shown:
            words = self.controller.describe(a, quick=a.kind == "Overrun" and a not in with_odds)
            rows.append((words.label, words.label + ("\n" + words.detail if words.detail else ""), lambda _=False, a=a: self.chosen.emit(a), action_key(a)))
        rows += [None] * (len(actions) - len(rows))  # counted in the "more" note, not described
        self._buttons(rows, "select a unit")

    def computer_turn(self, who: str) -> None:
        """While a computer side plays: no buttons, and the title says whose turn it is and where to follow it."""
        self._drop_buttons()
        self.title.setText(f"<b>{html.escape(who)} is playing.</b><br>Its moves show on the map and in the Game log; "
                           "your actions come back here when it is your turn or your decision.")

    def _grouped(self, actions: list) -> tuple[list, list]:
        """With nothing selected and more choices than the dock lists (MAX_BUTTONS), the largest kinds offered more than
        GROUP_AT times (e.g. each formation to each higher HQ) become one button each with a menu, a submenu per unit
        the choices concern, until the rest fit: (the actions left as they are, [(the button's words, [(the submenu's
        words, [(label, action)])])])."""
        kinds: dict[str, list] = {}
        for a in actions:
            kinds.setdefault(a.kind, []).append(a)
        kit, state = self.controller.kit, self.controller.state
        keep, groups = [], []
        listed = len(actions)
        for kind, of_kind in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
            if listed <= self.MAX_BUTTONS or len(of_kind) <= self.GROUP_AT:
                keep += of_kind
                continue
            listed -= len(of_kind) - 1
            by_unit: dict[str, list] = {}
            for a in of_kind:
                units = [u for u in action_units(a) + kit.units_of(state, a) if u in state.units]
                by_unit.setdefault(units[0] if units else "", []).append((self.controller.describe(a, quick=True).label, a))
            menus = [(_shared(label for label, _a in choices) if len(choices) > 1 else choices[0][0], choices) for choices in by_unit.values()]
            labels = [label for _uid, choices in by_unit.items() for label, _a in choices]
            head, tail = _shared(labels), _shared(labels, suffix=True)
            words = f"{head} … {tail}".strip() if head else labels[0]
            groups.append((f"{words}: {len(of_kind)} choices", menus))
        return [a for a in actions if a in keep], groups

    def _menu_button(self, words: str, menus: list) -> None:
        """One button for many choices of a kind: its menu (Space or a click opens it; arrows and Enter choose) has a
        submenu per unit they concern, or the choices themselves when there is one unit."""
        b = self._button(self.wrap(words + " ▸"), f"menu:{words}", tooltip_html(f"{words}. Or select the unit on the map: its own choices show here as buttons."), None)
        menu = QMenu(b)
        for title, choices in menus:
            target = menu.addMenu(title) if len(menus) > 1 and len(choices) > 1 else menu
            for label, a in choices:
                item = target.addAction(label)
                item.setObjectName(action_key(a))
                item.triggered.connect(lambda _=False, a=a: self.chosen.emit(a))
        b.setMenu(menu)

    def _pick_buttons(self, rows: list[tuple[str, str, str, str]]) -> None:
        """One button per (label, tooltip, object name, unit) that selects the unit, the map then showing where it may go."""
        self._buttons([(label, tip, lambda _=False, u=uid: self.unit_picked.emit(u), name) for label, tip, name, uid in rows], "after these")

    def _elsewhere(self) -> str:
        """Where the choices of the decision are made when the rule system's own panel offers them (its tab beside this one)."""
        panels = self.controller.kit.panel_kinds
        titles = sorted({panels[a.kind] for a in self.controller.legal() if a.kind in panels})
        return f"<br>Choose in the <b>{html.escape(', '.join(titles))}</b> tab beside this one." if titles else ""

    def _buttons(self, rows: list, more: str) -> None:
        """One button per (label, tooltip, slot), at most MAX_BUTTONS, then a note of how many more."""
        for label, tip, slot, *name in rows[: self.MAX_BUTTONS]:
            self._button(self.wrap(label), name[0] if name else f"action:{len(self.buttons)}", tooltip_html(tip), slot)  # wrapped, never cut off
        if len(rows) > self.MAX_BUTTONS:
            self._button(f"… {len(rows) - self.MAX_BUTTONS} more: {more}", "", "", None, enabled=False)

    def _button(self, text: str, name: str, tip: str, slot, enabled: bool = True) -> QPushButton:
        """The next button of the dock, shown with ``text``: one kept from an earlier refresh, else a new one below the
        others (above the stretch: the buttons stay at the top).  ``slot``: what a click does."""
        i = len(self.buttons)
        if i < len(self._made):
            b = self._made[i]
            if b.menu() is not None:  # it opened a menu of choices last time
                old = b.menu()
                b.setMenu(None)
                old.deleteLater()
            self._slots[i] = slot
        else:
            b = QPushButton(self)
            b.clicked.connect(lambda _=False, i=i: self._clicked(i))
            self.box.insertWidget(self.box.count() - 1, b)
            self._made.append(b)
            self._slots.append(slot)
        b.setText(text)
        b.setObjectName(name)
        b.setToolTip(tip)
        b.setEnabled(enabled)
        if b.isHidden():
            b.show()
        self.buttons.append(b)
        return b

    def _clicked(self, i: int) -> None:
        if i < len(self.buttons) and self._slots[i] is not None:
            self._slots[i]()

    def _drop_buttons(self) -> None:
        """No button shown (each kept, hidden, for the next refresh)."""
        for b in self.buttons:
            b.hide()
            b.setObjectName("")  # a hidden button answers to no action's name
        self.buttons = []


    def _offered(self) -> list:
        """The legal actions not made on the map.  A segment of the engine's list that begins and ends
        with a map action (one unit's moves, rail moves) is skipped whole: the rule system builds those
        per unit; a list of choices (a decision) is read through."""
        out = []
        kit_kinds = self.controller.kit.panel_kinds  # offered by a panel of the rule system's own
        for count, make in self.controller.legal().segments():
            if make(0).kind in self.ON_MAP and make(count - 1).kind in self.ON_MAP:
                continue
            # a commitment to a hex is made on the map (its unit's button, then the hex); one naming no hex is a button
            out += [a for a in (make(i) for i in range(count)) if a.kind not in self.ON_MAP and a.kind not in kit_kinds
                    and not (a.kind == "CommitReserve" and a.hexes)]
        return out

    def wrap(self, text: str) -> str:
        """``text`` broken into lines that fit the dock's width (a button's label does not wrap by itself).  The same
        labels come back at every click, so each is measured once for a width and font (``_wrapped``)."""
        room = max(120, self.width() - 52)  # the panel's margins, the scroll bar, the button's padding
        key = (text, room, self.font().key())
        got = self._wrapped.get(key)
        if got is None:
            fm = self.fontMetrics()
            lines: list[str] = []
            for word in text.split():
                if lines and fm.horizontalAdvance(f"{lines[-1]} {word}") <= room:
                    lines[-1] += f" {word}"
                else:
                    lines.append(word)
            got = self._wrapped[key] = "\n".join(lines)
            if len(self._wrapped) > 4096:  # a long game's labels name many hexes and units: the oldest goes first
                del self._wrapped[next(iter(self._wrapped))]
        return got

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width() and self.buttons:
            for b in self.buttons:
                b.setText(self.wrap(b.text().replace("\n", " ")))

    def _entry_buttons(self, selection: tuple[str, ...]) -> None:
        """Reinforcements the engine lets enter now (16.0): one button each; the map then highlights where it may go.
        With Rail on, those that may ride on by train from their entry hex instead (Kharkov 1943, 15.2)."""
        if self.rail:
            self._train_buttons(selection)
        waiting = self.controller.waiting_to_enter()
        if not waiting:
            return
        names = {u.id: u.name for u in self.controller.state.scenario.units}
        if selection and selection[0] in waiting:
            uid = selection[0]
            self.title.setText(f"<b>Bring on {html.escape(names.get(uid) or uid)}</b> ({case_link(self.controller.kit.case('reinforcement'))}): click a highlighted hex; "
                               f"it enters at the {html.escape(self.controller.entry_label(uid))} (yellow) and pays for every hex it enters.")
        else:
            self.title.setText(f"<b>{len(waiting)} reinforcement(s) may enter now</b> ({case_link(self.controller.kit.case('reinforcement'))}): pick one, then click a highlighted hex.")
        self._pick_buttons([(f"Bring on {names.get(uid) or uid} — {self.controller.entry_label(uid)}",
                             f"Select {names.get(uid) or uid}; the map shows the hexes it may reach this phase ({self.controller.kit.case('reinforcement')})",
                             f"enter:{uid}", uid) for uid in waiting])

    def _train_buttons(self, selection: tuple[str, ...]) -> None:
        riders = self.controller.waiting_to_enter(rail=True)
        if not riders:
            return
        rail = self.controller.kit.case("rail")
        if selection and selection[0] in riders:
            self.title.setText(f"<b>{html.escape(self.controller.unit_name(selection[0]))} by train</b> ({case_link(rail)}): "
                               "click a highlighted station to ride on to it from the entry hex.")
        name = self.controller.unit_name
        self._pick_buttons([(f"By train: {name(uid)}", f"Select {name(uid)}, arriving by train; the map shows the stations it may ride on to ({rail})",
                             f"train:{uid}", uid) for uid in riders])

    def _mover_buttons(self, pending, selection: tuple[str, ...]) -> None:
        """The units a decision lets move (a reaction to an attack announced, K43 6.6), by name: one button each that
        selects it, the map then highlighting where it may go."""
        state = self.controller.state
        units = list(dict.fromkeys(a.units[0] for a in self.controller.legal_of_segments("Move")
                                   if len(a.units) == 1 and a.units[0] in state.units and state.units[a.units[0]].hex))
        if not units:
            return
        case = case_link(pending.case)
        if selection and selection[0] in units:
            self.title.setText(self.title.text() + f"<br>Move {html.escape(self.controller.unit_name(selection[0]))}: click a highlighted hex ({case}).")
        else:
            self.title.setText(self.title.text() + f"<br>{len(units)} unit(s) may move now ({case}): pick one, then a highlighted hex.")
        name = self.controller.unit_name
        self._pick_buttons([(f"Move {name(uid)} — at {state.units[uid].hex}", f"Select {name(uid)}; the map shows the hexes it may reach ({pending.case})",
                             f"pick:{uid}", uid) for uid in units])

    def _reserve_buttons(self, selection: tuple[str, ...]) -> None:
        """Soviet reserve units that may be committed now (6.73): one button each; the map then highlights their hexes."""
        state = self.controller.state
        units = list(dict.fromkeys(u for a in self.controller.legal_of_segments("CommitReserve") if a.hexes for u in a.units))
        if not units:
            return
        if selection and selection[0] in units:
            self.title.setText(f"<b>Commit {html.escape(self.controller.unit_name(selection[0]))}</b> ({case_link(self.controller.kit.case('reserve'))}): click a highlighted hex near its reserve counter.")
        elif state.pending is None:
            self.title.setText(f"<b>{len(units)} reserve unit(s) may be committed</b> ({case_link(self.controller.kit.case('reserve'))}): pick one, then click a highlighted hex.")
        name = self.controller.unit_name
        self._pick_buttons([(f"Commit {name(uid)} from reserve", f"Select {name(uid)}; the map shows the hexes it may be committed to ({self.controller.kit.case('reserve')})",
                             f"commit:{uid}", uid) for uid in units])

    def _setup_buttons(self, selection: tuple[str, ...]) -> None:
        """Set-up by hand (5.0): one button per unit still waiting; the map then shows its zone."""
        state = self.controller.state
        waiting = list(dict.fromkeys(a.unit for a in self.controller.legal() if a.kind == "PlaceUnit"))
        if selection and selection[0] in waiting:
            self.title.setText(f"<b>Set up {html.escape(self.controller.unit_name(selection[0]))}</b>: click a highlighted hex of its zone ({case_link(self.controller.kit.case('setup_zone'))}). {len(waiting)} unit(s) to set up.")
        else:
            self.title.setText(f"<b>Set-up by hand</b> ({case_link(state.phase.case)}): pick a unit, then a highlighted hex of its zone. "
                               + (f"{len(waiting)} unit(s) to set up." if waiting else "Every unit is set up: end the phase."))
        name = self.controller.unit_name
        self._pick_buttons([(f"Set up {name(u)}", f"Set up {name(u)}: pick it, then a highlighted hex of its zone", f"setup:{u}", u) for u in waiting])


class CombatPanel(QTextBrowser):
    """The combat being resolved and the breakdown of the last one, as the engine reports it."""

    def __init__(self, controller: GameController, parent=None):
        super().__init__(parent)
        self.controller = controller
        self.setOpenLinks(False)
        self.last: CombatResolved | None = None
        self.proposal: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  # attackers, targets picked on the map
        self.plan_html = ""  # the odds of an attack planned in the combat dock (player/attackplan.py)

    def show_plan(self, text: str) -> None:
        """The odds of the attack planned in the combat dock ("": none), shown before anything is declared."""
        self.plan_html = text
        self.refresh([])

    def propose(self, attackers, targets) -> None:
        """The attackers and target hexes picked so far: their odds show before the attack is declared."""
        self.proposal = (tuple(attackers), tuple(targets))
        self.refresh([])

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
            else:
                odds = self.controller.current_odds()
                if odds is not None:
                    parts.append(self.odds_html(odds, "Odds before the roll"))
        elif self.plan_html:
            parts.append(self.plan_html)
        elif any(self.proposal):
            parts.append(self._proposal_html())
        own = self.controller.kit.combat_html(self.controller)  # the rule system's own combat steps (e.g. an attack declared step by step)
        if own:
            parts.insert(0, own)
        if self.last is not None:
            parts.append(self._breakdown(self.last))
        if not parts:
            parts.append(f"<p>{link_cases(self.controller.kit.combat_help)}</p>")  # how an attack is made in this system
        show_html(self, "".join(parts))

    def _proposal_html(self) -> str:
        attackers, targets = self.proposal
        head = (f"<h3>Proposed attack</h3><p>Attackers: <b>{html.escape(', '.join(map(self._name, attackers)) or '—')}</b><br>"
                f"Target hex(es): <b>{html.escape(', '.join(targets) or '—')}</b></p>")
        if not attackers or not targets:
            return head + f"<p>Click your units next to the enemy to add attackers, then enemy hexes to add targets ({self.controller.kit.case('targets')}: a unit may attack several hexes together).</p>"
        try:
            odds = self.controller.odds(attackers, targets)
        except IllegalAction as exc:
            return head + f"<p><b>Not allowed</b> — {link_cases(str(exc))}</p>"
        if odds is None:
            return head + "<p>This rule system gives no odds before the roll.</p>"
        return head + self.odds_html(odds, "Odds before the roll") + "<p>Click a target hex again (or press <b>Enter</b>) to declare the attack; <b>Esc</b> clears it.</p>"

    def odds_html(self, odds, title: str) -> str:
        """Strengths with every modifier and its case, ratio, base column, shifts, final column, chances."""
        kit = self.controller.kit
        out = [f"<h3>{html.escape(title)}</h3><table cellspacing=0 cellpadding=2>"]
        for row in odds.attackers + odds.defenders:
            spread = ""
            if row.chances:
                spread = "<br><small>" + ", ".join(f"{html.escape(v)}: {html.escape(_pct(p))}" for v, p in row.chances) + "</small>"
            out.append(f"<tr><td>{row.role} {html.escape(self._name(row.unit))}</td><td align=right><b>{html.escape(row.strength)}</b></td><td>{link_cases(row.note)}{spread}</td></tr>")
        out.append("</table>")
        base = ", ".join(f"{html.escape(c)} {html.escape(_pct(p))}" for c, p in odds.base_columns) if len(odds.base_columns) > 1 else html.escape(odds.base_column)
        out.append(f"<p>Attack strength <b>{html.escape(odds.attack)}</b> against defense <b>{html.escape(odds.defense)}</b> (raw ratio {html.escape(odds.ratio)}): column <b>{base}</b> ({case_link(kit.case('combat_table'))})</p>")
        shifts = [f"<li>{link_cases(reason)}: {n:+d} column(s)</li>" for reason, n in odds.shifts]
        shifts += kit.odds_notes(odds)
        if shifts:
            out.append("<ul>" + "".join(shifts) + "</ul>")
        if odds.modifier:
            out.append(f"<p>Die modifier {odds.modifier:+d} ({case_link(kit.case('die_modifier'))})</p>")
        final = ", ".join(f"{html.escape(c)} {html.escape(_pct(p))}" for c, p in odds.columns) if len(odds.columns) > 1 else html.escape(odds.column)
        out.append(f"<p>Final column <b>{final}</b></p>")
        if odds.untried:
            out.append(f"<p><i>Untried strengths are unknown until the combat ({case_link(kit.case('untried'))}); the chances count every counter left in their pools.</i></p>")
        out.append(chances_html(odds.results, kit.case("results")))
        return "".join(out)

    def _name(self, uid: str) -> str:
        """A unit's name; other rows (the garrison, the overrun total) as they are."""
        return self.controller.unit_name(uid) if uid in self.controller.state.units else uid

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
            out.append(f"<tr><td>attacker {html.escape(self._name(uid))}</td><td align=right><b>{html.escape(str(strength))}</b></td><td>{self._how(strength, how)}</td></tr>")
        for uid, strength, how in e.defenders:
            out.append(f"<tr><td>defender {html.escape(self._name(uid))}</td><td align=right><b>{html.escape(str(strength))}</b></td><td>{self._how(strength, how)}</td></tr>")
        if e.garrison:
            out.append(f"<tr><td>garrison</td><td align=right><b>{e.garrison}</b></td><td></td></tr>")
        out.append("</table>")
        ratio = _ratio(e.attack, e.defense)
        out.append(f"<p>Attack strength <b>{html.escape(e.attack)}</b> against defense <b>{html.escape(e.defense)}</b>{ratio}: column <b>{html.escape(e.base_column)}</b></p>")
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
        """The chance of each result on the column the combat was resolved on (as the rule system's dice give them)."""
        chances = self.controller.kit.column_chances(self.controller.state, column, modifier)
        if not chances:
            return ""
        cells = "".join(f"<tr><td>{html.escape(r)}</td><td align=right>{html.escape(_pct(p))}</td></tr>" for r, p in chances.items())
        return f"<p><b>Chances on column {html.escape(column)}</b></p><table cellpadding=2>{cells}</table>"


def chances_html(results, case: str) -> str:
    """Each result with its chance and a bar as long as the chance (``results``: (result, probability) pairs)."""
    rows = "".join(
        f"<tr><td>{html.escape(r)}</td><td align=right>{html.escape(_pct(p))}</td>"
        f"<td><span style='background:#0072b2'>{'&nbsp;' * max(1, round(30 * float(p)))}</span></td></tr>"
        for r, p in results
    )
    return f"<p><b>Chance of each result</b> ({case_link(case)})</p><table cellpadding=2>{rows}</table>"


def _pct(p) -> str:
    """A probability as a whole percentage; a small chance never reads as 0%."""
    if 0 < p < 0.005:
        return "<1%"
    if 0.995 < p < 1:
        return ">99%"
    return f"{100 * float(p):.0f}%"


def _ratio(attack: str, defense: str) -> str:
    try:
        a, d = Fraction(attack), Fraction(defense)
    except (ValueError, ZeroDivisionError):
        return ""
    return f" (raw ratio {float(a / d):.2f} : 1)" if d else ""


class LogPanel(QTextBrowser):
    """The events the seat viewing may know (the engine's ``events_for``), each with its rule case; a case is a link.

    Each seat has a document of its own, kept while the other seat looks: a hot-seat game changes
    seats at every activation or player turn, and printing a seat's whole log again at each change
    took a long game most of its window time.  Coming back, the seat's document gets only the events
    new to it (or is printed anew when its log is no longer the one printed: an undo, or an event it
    may no longer know of)."""

    def __init__(self, controller: GameController, parent=None):
        super().__init__(parent)
        self.controller = controller
        self.setOpenLinks(False)
        self.shown = 0
        self._printed: list = []  # the events printed, to see when the seat's log is another one
        self._viewer: str | None = None  # the side whose log is printed (its units named as it knows them)
        self._kept: dict[str | None, tuple] = {}  # side -> (its document, events printed, how many) while another looks
        # The newest event stays in view while the player has not scrolled back: the foot is kept whenever the text
        # grows, also when it is laid out after the lines were added (Qt keeps it only if it was reached before).
        self._following = True
        bar = self.verticalScrollBar()
        bar.valueChanged.connect(lambda value: setattr(self, "_following", value >= bar.maximum()))
        bar.rangeChanged.connect(lambda _low, high: bar.setValue(high) if self._following else None)

    def reset(self) -> None:
        """Another game: print its log from the start."""
        self.clear()  # the seat's document shown, now empty, serves on
        self.shown = 0
        self._printed = []
        for doc, _printed, _shown in self._kept.values():  # the other seats' documents of the game before
            doc.deleteLater()
        self._kept = {}

    def _look_as(self, viewer: str | None) -> None:
        """Show ``viewer``'s document (a new one the first time), keeping the one shown for its seat."""
        if self._viewer is not None:  # the document the panel was made with goes when another is set (Qt deletes it)
            self._kept[self._viewer] = (self.document(), self._printed, self.shown)
        doc, self._printed, self.shown = self._kept.pop(viewer, (None, [], 0))
        if doc is None:
            doc = QTextDocument(self)
            doc.setDefaultFont(self.font())
            doc.setUndoRedoEnabled(False)  # a log is only read: a new document would otherwise keep every line twice
        self.setDocument(doc)
        self._viewer = viewer
        self.verticalScrollBar().setValue(self.verticalScrollBar().maximum())

    def refresh(self, _events=None) -> None:
        log = self.controller.visible_log()
        viewer = self.controller.viewing_side()
        if viewer != self._viewer:
            self._look_as(viewer)
        # Events are values: a side's log made anew for each position (its hidden units' events filtered out) holds
        # equal events, not the same ones, and is not printed anew for that.
        anew = len(log) < self.shown or any(a != b for a, b in zip(log, self._printed))
        if anew:
            self.clear()  # an undo, or an event the side may no longer know of: print anew
            self.shown = 0
        # The new events are one edit of the document: it is laid out once, not once an event (a hot-seat game's
        # hand-over prints a whole turn's events at once).
        block = QTextCursor(self.document())
        block.beginEditBlock()
        for event in log[self.shown:]:
            case = f"[{case_link(event.case)}] " if event.case else ""
            text = html.escape(self.controller.event_text(event))
            if isinstance(event, PhaseChanged):
                self.append(f"<p style='margin-top:6px'><b>{case}{text}</b></p>")
            elif isinstance(event, (CombatResolved, GameEnded)):
                self.append(f"<p><b>{case}</b><span style='color:#7a1f00'>{text}</span></p>")
            else:
                self.append(f"{case}{text}")
        block.endEditBlock()
        self.shown = len(log)
        self._printed = list(log)
        if anew:
            self.verticalScrollBar().setValue(self.verticalScrollBar().maximum())  # the latest events in view, as appending keeps them


class StatusPanel(QTextBrowser):
    """The unit under the cursor, the turn record, Air Points and the running victory points."""

    #: the turn record's cells in one row (Kirovograd's twenty-four turns take two)
    TURNS_PER_ROW = 12

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
            where = view.get("hex") or self.controller.box_name(view.get("box")) or "—"
            flags = ", ".join(dict.fromkeys([*(view.get("flags") or ()), *(m.replace("_", " ") for m in cv.markers)])) or "—"
            where = f"at {where}" if view.get("hex") else where
            parts.append(
                f"<p><b>{html.escape(cv.name or self.controller.unit_name(uid))}</b><br>"
                f"{html.escape(cv.shown_values)} · {html.escape(where)} · steps lost {view.get('step', 0)} · markers {html.escape(flags)}<br>"
                + self.controller.kit.points_html(self.controller, uid)
                + "".join(f"<br>{link_cases(note)}" for note in self.controller.unit_notes(uid)) + "</p>"
            )
        turns = state.scenario.turns
        if turns:
            cells = [
                f"<td align=center style='{'background:#f0e442;' if t.turn == state.turn else ''}padding:2px'>{t.turn}<br><small>{html.escape(str(t.date)[-2:])}</small></td>"
                for t in turns
            ]
            # rows of up to a dozen turns, as even as may be: a longer record in one row squeezed each cell's digits one
            # under another
            per_row = math.ceil(len(cells) / math.ceil(len(cells) / self.TURNS_PER_ROW))
            rows = "".join("<tr>" + "".join(cells[i:i + per_row]) + "</tr>" for i in range(0, len(cells), per_row))
            parts.append(f"<p><b>Turn record</b></p><table border=1 cellspacing=0>{rows}</table>")
        air = obs.get("air") or {}
        if air:
            parts.append("<p><b>Air Points</b>: " + ", ".join(f"{html.escape(self._side(k))} {v}" for k, v in air.items()) + "</p>")
        result = self.controller.result()
        if result is not None:
            names = {k: self._side(k) for k in result.vp}
            vp = html.escape(self.controller.kit.score_text(self.controller, result, names))
            parts.append(f"<p><b>If the game ended now</b> ({case_link(self.controller.kit.case('victory'))}): {vp}, <b>{html.escape(result.level)}</b>"
                         + (f" ({html.escape(self._side(result.winner))})" if result.winner else "") + "</p>")
        parts.append(self._reinforcements())
        parts += self.controller.kit.status_sections(self.controller, self.units)  # what only this rule system has
        show_html(self, "".join(parts))

    def _reinforcements(self) -> str:
        due = self.controller.reinforcements_due()
        if not due:
            return ""
        names = self.controller.unit_names()
        rows = "".join(f"<li>turn {t}, {html.escape(self._side(side))}, {html.escape(self.controller.area_label(entry)) or '—'}: "
                       f"{html.escape(', '.join(names.get(u, u) for u in units))}</li>" for t, side, entry, units in due[:8])
        more = f"<li>… {len(due) - 8} more</li>" if len(due) > 8 else ""
        return f"<p><b>Reinforcements due</b> ({case_link(self.controller.kit.case('reinforcement'))}): turn, side, entry edge</p><ul>{rows}{more}</ul>"

    def _side(self, side: str) -> str:
        return self.controller.side_name(side)

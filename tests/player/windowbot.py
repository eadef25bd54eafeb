"""A test driver that plays the game window as a person does: mouse clicks on hexes and widgets, key presses.

It never calls the engine to act.  It reads the state to decide what to click and to check
what the window offers, and every action reaches the engine through the window's own handlers:
a click on a hex of the map view's viewport, a click on a button of a dock or toolbar, a key.

:meth:`WindowBot.offered` checks, kind by kind, that what the engine lists for the side to act is
reachable from the window now (without doing it); :meth:`WindowBot.play_step` does one thing
the window offers, chosen with a seeded generator that favours ending the phase after a few
actions but first does every kind not yet done in the game.
"""
from __future__ import annotations

import random


from PySide6.QtCore import QCoreApplication, QEvent, QPoint, Qt
from PySide6.QtWidgets import QApplication, QDialog, QListWidget, QPushButton, QToolBar

from player.decisions import decision_hexes
from player.panels import action_key, action_units

#: kinds chosen on the map or in the phase bar (a reinforcement or a reserve: its unit's dock button, then a hex), not with a button of their own
ON_MAP = ("Move", "Enter", "RailMove", "Attack", "EndPhase", "PlaceUnit", "CommitReserve")
#: kinds that decline or end a decision: done when no other kind is left to try
DECLINING = ("Decline", "EndAdvance")
#: kinds that close or drop something being built step by step (an attack declared unit by unit): a new kind
#: that adds to it comes first, or it would be offered only while the thing is open and might never be done
CLOSING = ("Confirm", "Cancel", "Withdraw")
#: the pseudo-kind of a Move that brings a reinforcement onto the map (16.0)
ENTER = "Enter"


def kind_of(state, action) -> str:
    """The action's kind; a Move of units not yet on the map is the pseudo-kind Enter."""
    if action.kind == "Move" and any(state.units[u].hex is None for u in action.units):
        return ENTER
    return action.kind


class WindowBot:
    def __init__(self, qtbot, window, seed: int = 0, weights: dict[str, float] | None = None):
        self.qtbot = qtbot
        #: kind -> how much more (or less) often than others the bot picks it once every kind offered has been done,
        #: as a person who means to get on with the game would (e.g. declare attacks rather than cancel them)
        self.weights = weights or {}
        self.w = window
        self.rng = random.Random(seed)
        self.done: dict[str, int] = {}  # kind -> times done through the window
        self.offered_kinds: set[str] = set()  # every kind the engine listed at some step
        self.phase_actions = 0
        self.passed_over: set[str] = set()  # the other answers to a decision when the bot chose one it had not done yet
        self.replays = 0  # computer side-turns followed in the "Computer's turn" list
        self._phase_key = None
        self.activate()  # the window's shortcuts (Esc, Enter, A, N, PageDown) answer keys only in the active window

    # ------------------------------------------------------------------ reading
    @property
    def state(self):
        return self.w.controller.state

    def legal(self):
        """The engine's legal actions, listed once per position (probing the window changes nothing)."""
        state = self.state
        key = (id(state), len(state.actions), len(state.log))
        if getattr(self, "_legal_key", None) != key:
            self._legal_key, self._legal, self._by_repr = key, list(state.legal_actions().actions()), None  # each single action
            self._by_kind = None
        return self._legal

    def of_kind(self, kind: str) -> list:
        """The legal actions of ``kind`` (the pseudo-kind Enter too), sorted out once per listing: a late position
        lists thousands of moves, and the bot asks for one kind after another."""
        legal = self.legal()
        if self._by_kind is None:
            self._by_kind = {}
            for a in legal:
                self._by_kind.setdefault(kind_of(self.state, a), []).append(a)
        return self._by_kind.get(kind, [])

    def engine_kinds(self, legal=None) -> set[str]:
        if legal is None or legal is self.legal():
            self.of_kind("")
            return set(self._by_kind)
        return {kind_of(self.state, a) for a in legal}

    # ------------------------------------------------------------------ the hands
    def point(self, location: str) -> QPoint:
        """The viewport point of a hex's centre; the map is scrolled to it first when it is off screen."""
        view, scene = self.w.view, self.w.scene
        centre = scene.location_center(location)
        p = view.mapFromScene(centre)
        if not view.viewport().rect().adjusted(20, 20, -20, -20).contains(p):
            view.center_on_hex(location)
            p = view.mapFromScene(centre)
        assert view._location(p) == location, f"the viewport point {p} is not on {location}"
        return p

    def click_hex(self, location: str) -> None:
        self.activate()  # a click on the map gives it the keyboard focus only in the active window
        self.qtbot.mouseClick(self.w.view.viewport(), Qt.MouseButton.LeftButton, pos=self.point(location))

    def click(self, widget) -> None:
        assert widget.isEnabled(), f"{widget.text() if hasattr(widget, 'text') else widget} is disabled"
        self.qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)

    def key(self, key, widget=None) -> None:
        """Press a key in the window, as in the window a person looks at (the offscreen platform may have let it go inactive)."""
        self.activate()
        self.qtbot.keyClick(widget or self.w.view, key)

    def activate(self) -> None:
        if not self.w.isActiveWindow():
            dialogs = [x.windowTitle() for x in QApplication.topLevelWidgets() if isinstance(x, QDialog) and x.isVisible()]
            assert not dialogs, f"a dialog is open over the game: {dialogs}"
            # Buttons the Actions dock dropped wait for deletion as parentless widgets; the offscreen platform may activate them.
            QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
            self.w.activateWindow()
            self.qtbot.waitUntil(self.w.isActiveWindow, timeout=5000)

    def toolbar_button(self, action):
        for bar in self.w.findChildren(QToolBar):
            button = bar.widgetForAction(action)
            if button is not None:
                return button
        raise AssertionError(f"no toolbar button for {action.text()}")

    def escape(self) -> None:
        """Esc: drop the selection and any attack being picked (when there is one, as a person would)."""
        if self.w.selected or self.w.attackers or self.w.targets or self.w.location:
            self.key(Qt.Key.Key_Escape)
            assert not (self.w.selected or self.w.attackers or self.w.targets or self.w.location)

    def end_phase_button(self):
        return self.toolbar_button(self.w.end_phase_action)

    def set_rail(self, on: bool) -> None:
        if self.w.rail_action.isChecked() != on:
            self.click(self.toolbar_button(self.w.rail_action))
        assert self.w.rail_action.isChecked() == on

    def buttons(self) -> list[tuple[QPushButton, object]]:
        """The enabled buttons of the actions dock and of the rule system's own panels (its kit's docks), with the legal
        action each hands to the engine (named by its objectName)."""
        legal = self.legal()
        if self._by_repr is None:
            # an action of the kind Enter (not a Move of a reinforcement, the pseudo-kind) has a button of its own, and so has
            # a reserve commitment naming no hex (an offensive one)
            self._by_repr = {action_key(a): a for a in legal if a.kind not in ON_MAP or a.kind == ENTER or (a.kind == "CommitReserve" and not a.hexes)}
        by_key = self._by_repr
        shown = list(self.w.actions_panel.buttons) + [b for _dock, panel in getattr(self.w, "kit_docks", ()) for b in panel.buttons]
        return [(b, by_key[b.objectName()]) for b in shown if b.isEnabled() and b.objectName() in by_key]

    def unit_button(self, prefix: str, unit: str):
        """The dock's button that picks ``unit`` for a placement: ``enter:`` (a reinforcement, 16.0), ``train:`` (one
        arriving by train, with Rail on: K43 15.2) or ``commit:`` (a reserve, 6.73)."""
        self.escape()
        return next((b for b in self.w.actions_panel.buttons if b.objectName() == f"{prefix}:{unit}" and b.isEnabled()), None)

    def pick_for_placement(self, prefix: str, unit: str) -> bool:
        """Click the unit's button in the dock: the map then highlights where it may go."""
        button = self.unit_button(prefix, unit)
        if button is None:
            return False
        self.click(button)
        return self.w.selected == (unit,) and bool(self.w.reach) and self.w.scene.overlay("reach") is not None

    def select_for_rail(self, action) -> bool:
        """With Rail on, select a rail move's units as a person does: on the map, or a reinforcement arriving by train
        (15.2) by its button; True when the map then shows where they may go by rail."""
        if any(self.state.units[u].hex is None for u in action.units):
            return self.pick_for_placement("train", action.units[0])
        self.select_units(action)
        return bool(self.w.reach)

    def select_hex(self, location: str) -> None:
        self.escape()
        self.click_hex(location)

    # ------------------------------------------------------------------ what the window offers
    def offered(self) -> set[str]:
        """Every kind the engine lists now that the window offers, each checked through the window (nothing is done)."""
        legal = self.legal()
        wanted = self.engine_kinds(legal)
        self.offered_kinds |= wanted
        found: set[str] = set()
        in_dock = {kind_of(self.state, a) for _, a in self.buttons()}
        found |= in_dock & wanted
        for kind in sorted(wanted - found):
            sample = self.of_kind(kind)
            if self._reachable(kind, sample):
                found.add(kind)
        self.escape()
        return found

    def _reachable(self, kind: str, sample: list) -> bool:
        w = self.w
        if kind == "EndPhase":
            return self.end_phase_button().isEnabled()
        a = self.rng.choice(sample)
        if kind == "Move":
            self.select_units(min(sample, key=lambda m: len(m.units)))
            return bool(w.reach) and w.scene.overlay("reach") is not None
        if kind == ENTER and a.kind == "Move":
            return self.pick_for_placement("enter", a.units[0])
        if kind == "CommitReserve" and any(x.hexes for x in sample):  # to a hex: its unit's button, then the hex
            return self.pick_for_placement("commit", next(x for x in sample if x.hexes).units[0])
        if kind == "RailMove":
            self.set_rail(True)
            ok = self.select_for_rail(min(sample, key=lambda r: len(r.units)))
            self.set_rail(False)
            return ok
        if kind == "Attack":
            return self._pick_attack(a)
        # A dock kind not among the buttons shown without a selection: select its unit, then look again.
        a = min(sample, key=lambda x: len(action_units(x)))
        return bool(self.dock_choices(a, kind))

    def pick_in_stack(self, unit: str) -> None:
        """Click the unit's line in the Stack dock (the hex it is in must have been clicked)."""
        self.w.inspector_dock.raise_()
        lst = self.w.inspector.findChild(QListWidget)
        row = next(i for i in range(lst.count()) if lst.item(i).toolTip() == unit)
        lst.scrollToItem(lst.item(row))
        self.qtbot.mouseClick(lst.viewport(), Qt.MouseButton.LeftButton, pos=lst.visualItemRect(lst.item(row)).center())
        assert self.w.selected == (unit,), f"picking {unit} in the Stack dock selected {self.w.selected}"

    def select_units(self, action) -> None:
        """Select the action's units: click their hex; if that selects others (or a stack that cannot go), pick its one unit in the Stack dock."""
        self.select_hex(action.path[0])
        if (set(self.w.selected) != set(action.units) or not self.w.reach) and len(action.units) == 1:
            self.pick_in_stack(action.units[0])

    def dock_choices(self, action, kind: str) -> list:
        """The dock's buttons of ``kind`` once the action's unit is selected: its hex clicked, else the unit picked in the Stack dock."""
        where = self.unit_hex(action)
        if where is None:  # an action naming no unit nor hex (end the activation): the dock lists it once Esc drops the selection
            self.escape()
            return [(b, x) for b, x in self.buttons() if kind_of(self.state, x) == kind]
        self.select_hex(where)
        choices = [(b, x) for b, x in self.buttons() if kind_of(self.state, x) == kind]
        units = action_units(action) + self.w.controller.kit.units_of(self.state, action)
        if not choices and any(self.state.units[u].hex == where for u in units):
            self.pick_in_stack(next(u for u in units if self.state.units[u].hex == where))
            choices = [(b, x) for b, x in self.buttons() if kind_of(self.state, x) == kind]
        return choices

    def unit_hex(self, action) -> str | None:
        """The map hex of the first unit the action names that is on the map, else the hex the action names (a
        reconnaissance of an enemy stack, an entry hex): the Actions dock lists an action for the hex clicked."""
        units = action_units(action) + self.w.controller.kit.units_of(self.state, action)
        return next((self.state.units[u].hex for u in units if self.state.units[u].hex), getattr(action, "hex", None))


    def _pick_attack(self, attack) -> bool:
        """Click the attackers' hexes and then the target hexes; the attack is then ready to declare (Enter)."""
        self.escape()
        for h in dict.fromkeys(self.state.units[u].hex for u in attack.attackers):
            self.click_hex(h)
        for t in attack.targets:
            self.click_hex(t)
        return self.w.declare_action.isEnabled() and list(self.w.targets) == list(attack.targets) and set(attack.attackers) <= set(self.w.attackers)

    # ------------------------------------------------------------------ playing
    def check_offered(self) -> set[str]:
        """Assert that every kind the engine lists now is reachable from the window; returns the kinds."""
        wanted = self.engine_kinds()
        found = self.offered()
        missing = wanted - found
        assert not missing, f"turn {self.state.turn}, {self.state.phase.id}, {self.state.to_act} to act: the window does not offer {sorted(missing)}"
        return found

    def assert_decision_in_view(self) -> None:
        """A decision waiting for the person: the map shows the hex it is about (and the Air Point bar, for air)."""
        state = self.state
        if not state.pending:
            return
        hexes = [h for h in decision_hexes(state) if h in self.w.scene.game_map]
        if hexes:
            p = self.w.view.mapFromScene(self.w.scene.location_center(hexes[0]))
            assert self.w.view.viewport().rect().contains(p), f"{state.pending[-1].kind} at {hexes[0]}: not in view"
        if state.pending[-1].kind == "air" and self.engine_kinds() & {"CommitAir", "DeclineAir"}:  # the one-point question (13.14)
            assert self.w.decision_focus.air.isVisible()

    def play_step(self, kinds: set[str], first: tuple[str, ...] = ()) -> str:
        """Do one thing the window offers, as a person would; returns the kind done.  A kind of ``first`` not done
        yet comes before the others (one offered only at the start of a phase, such as a choice made before moving)."""
        key = (self.state.turn, self.state.phase.id)
        if key != self._phase_key:
            self._phase_key, self.phase_actions = key, 0
        legal = self.legal()
        fresh = sorted(k for k in kinds if not self.done.get(k) and k != "EndPhase")
        if fresh:  # a kind not done yet in this game comes first, so that every kind offered is done at least once
            doing = [k for k in fresh if not k.startswith(DECLINING + CLOSING)] or fresh  # the action before the choice to decline it
            doing = [k for k in doing if k in first] or doing
            kind = self.rng.choice(doing)
            if self.state.pending:
                self.passed_over |= set(fresh) - {kind}
        elif self.state.pending:
            kind = kind_of(self.state, self.rng.choice(legal))
        elif "EndPhase" in kinds and (self.rng.random() < 0.4 + 0.3 * self.phase_actions or kinds == {"EndPhase"}):
            kind = "EndPhase"
        else:
            choices = sorted(kinds - {"EndPhase"}) or ["EndPhase"]
            kind = self.rng.choices(choices, weights=[self.weights.get(k, 1.0) for k in choices])[0]
        before = len(self.state.actions)
        self._do(kind, list(self.of_kind(kind)))
        assert len(self.state.actions) > before, (f"{kind} through the window did nothing at turn {self.state.turn}, {self.state.phase.id}: "
                                                  f"{self.w.statusBar().currentMessage()}")
        self.done[kind] = self.done.get(kind, 0) + 1
        self.phase_actions += 1
        # The widgets a refresh replaced wait for the event loop to delete them (deleteLater), and a person's
        # window goes back to it after each action; the bot's clicks never do.  Left to pile up over a long game they
        # are thousands, and deleting them all at once at the end took longer than the game itself.
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        return kind

    def _do(self, kind: str, sample: list) -> None:
        w = self.w
        if kind == "EndPhase":
            self.escape()
            self.click(self.end_phase_button())
            return
        a = self.rng.choice(sample)
        if kind in ("CommitAir", "DeclineAir"):
            assert w.decision_focus.air.isVisible(), "the Air Point question is not shown"
            self.key(Qt.Key.Key_A if kind == "CommitAir" else Qt.Key.Key_N)
            return
        if kind in ("Retreat", "Advance") and a.path and self.rng.random() < 0.5:
            self.escape()
            self.click_hex(a.path[-1])  # the hex where it ends picks the retreat or advance
            return
        if kind == "Move":
            a = self.rng.choice([m for m in sample if len(m.units) == 1] or sample)
            self.select_units(a)
            ends = sorted(h for h in w.reach if h != a.path[0])
            self.click_hex(self.rng.choice(ends))
            return
        if kind == "RailMove":
            self.set_rail(True)
            assert self.select_for_rail(a), f"{a} is not offered by rail"
            self.click_hex(self.rng.choice(sorted(w.reach)))
            self.set_rail(False)
            return
        if (kind == "CommitReserve" and any(x.hexes for x in sample)) or (kind == ENTER and a.kind == "Move"):
            a = next(x for x in sample if x.hexes) if kind == "CommitReserve" else a
            assert self.pick_for_placement("enter" if kind == ENTER else "commit", a.units[0])
            self.click_hex(self.rng.choice(sorted(h for h in w.reach if h in w.scene.game_map)))
            return
        if kind == "Attack":
            assert self._pick_attack(a)
            self.key(Qt.Key.Key_Return)
            return
        choices = [(b, x) for b, x in self.buttons() if kind_of(self.state, x) == kind]
        if not choices:
            choices = self.dock_choices(min(sample, key=lambda x: len(action_units(x))), kind)
        button, _ = self.rng.choice(choices)
        self.click(button)




def assert_every_kind_done(bot: WindowBot) -> None:
    """Every kind the engine offered in the game was done through the window, but a decline passed over for the action it declines."""
    never_done = bot.offered_kinds - set(bot.done)
    excused = {k for k in never_done & bot.passed_over if k.startswith(DECLINING)}
    assert not never_done - excused, f"offered by the engine but never done through the window: {sorted(never_done - excused)}"


def play_whole_game(qtbot, window, bot: WindowBot, step_limit: int = 3000) -> None:
    """Play the window's game to its end: the person's sides by :class:`WindowBot`, the computer's by its players.

    At every step of a person, every kind the engine lists must be reachable from the window.  After each computer side-turn the "Computer's turn" list is stepped
    through with the keys and dismissed with its Done button.
    """
    w = window
    for _ in range(step_limit):
        state = w.controller.state
        if state.is_terminal:
            return
        if w.computer is not None and w.computer_to_act():
            qtbot.waitUntil(lambda: w.controller.state.is_terminal or not w.computer_to_act() or w.computer.stopped, timeout=120_000)
            assert not w.computer.stopped, w.statusBar().currentMessage()
            replay = w.turn_replay
            if replay.dock.isVisible() and replay.steps:
                bot.key(Qt.Key.Key_PageDown)
                assert replay.list.currentRow() == min(1, len(replay.steps) - 1)
                bot.click(w.findChild(QPushButton, "replay_done"))
                assert not replay.dock.isVisible() and w.scene.overlay("replay_path") is None
                bot.replays += 1
            continue
        bot.assert_decision_in_view()
        bot.play_step(bot.check_offered())
    raise AssertionError(f"the game did not end in {step_limit} steps")

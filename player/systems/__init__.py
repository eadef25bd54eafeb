"""What the game window needs of a rule system, beyond the game API: the player kits.

The window plays any rule system through the engine's API (``legal_actions``, ``apply``,
``observation``, ``state.rules.describe``...).  What it shows that only one system has (the
case numbers behind its buttons and hints, the odds query of its combat panel, its rail limits
and reserves, its sections of the Unit and game dock, the victory breakdown of its summary,
whose game it follows) comes from a :class:`PlayerKit` looked up by the scenario's rule-system id
(:func:`kit_for`).  ``docs/player-systems.md`` says what a system provides.

No other module of the player names a rule system.
"""
from __future__ import annotations

import importlib
from fractions import Fraction
from types import ModuleType

from kharkovsuite.engine.events import UnitMoved
from kharkovsuite.rules import GAME_NAMES, RuleSystemUnavailable, package, system

#: rule-system id -> "module:class" of its kit.  A system without an entry cannot be played at the window.
KITS: dict[str, str] = {
    "kharkov1942": "player.systems.kharkov1942:Kharkov1942Kit",
    "kharkov1943": "player.systems.kharkov1943:Kharkov1943Kit",
    "kirovograd": "player.systems.kirovograd:KirovogradKit",
}

#: The developer switch ``kharkov --allow-unplayable``: the window plays a system whose engine runs
#: only for the headless tools (its package says ``HEADLESS = True``), e.g. while its combat is
#: being written.  The start page still refuses such a system.
_allow_unplayable = False


def allow_unplayable(on: bool = True) -> None:
    """Turn the developer switch on (or off) for this process."""
    global _allow_unplayable
    _allow_unplayable = on


def allows_unplayable() -> bool:
    return _allow_unplayable

#: Each game's name as players know it, for the start page (listed even before it can be played).
GAMES: dict[str, str] = GAME_NAMES  # the registry's names of the games


class SituationUnavailable(Exception):
    """A rule system's kit cannot draw an enemy reach or zones of control (its ``situation_support`` says why)."""


class PlayerKit:
    """One rule system's part of the game window.  Subclasses set the class attributes and
    override the methods whose system has the thing; the base says "this system has none"."""

    rules_id = ""
    game = ""  # the game's name as players know it
    credit = ""  # whose game the rules follow, for Help > About (HTML)
    #: the case behind each thing the window offers (docs/player-systems.md lists the names the
    #: window asks for: setup, move, rail, reserve, zoc, attack, combat_table, victory...)
    cases: dict[str, str] = {}
    #: whether a seat may trace the other side's supply and command (its units' positions are public)
    enemy_traceable = False
    #: the ways a game may be set up (id -> words); the first is the default
    setups: dict[str, str] = {"historical": "Historical set-up"}
    #: action kind -> the title of the kit's own panel that offers it (:meth:`panels`); the Actions dock leaves those to it
    panel_kinds: dict[str, str] = {}
    #: what the combat panel says while there is no combat: how an attack is made in this system (HTML)
    combat_help = ("No combat. In a combat phase click your attacking units, then one or more enemy hexes: the odds show here "
                   "before anything is declared. Click the last target again (or press Enter) to declare the attack.")

    def traces_enemy(self, state) -> bool:
        """Whether a seat of this game may trace the other side (:attr:`enemy_traceable`, unless the
        game's options hide positions)."""
        return self.enemy_traceable

    def case(self, what: str) -> str:
        """The rule case of ``what`` the window offers (KeyError names a case the kit lacks)."""
        try:
            return self.cases[what]
        except KeyError:
            raise KeyError(f"the {self.rules_id} player kit names no case for {what!r}") from None

    def rules(self) -> ModuleType:
        """The rule system's package (:func:`kit_for` has checked that the window may play it)."""
        return package(self.rules_id)

    # ------------------------------------------------------------------ the header, panels of its own
    def header(self, controller) -> str:
        """Words the tool bar adds after the turn and date (e.g. day or night, weather, initiative); "" for none."""
        return ""

    def panels(self, window) -> list:
        """(title, widget) of the docks only this system has; each widget's ``refresh()`` runs after every
        action and returns True when the seat at the screen should look at it (its dock comes forward)."""
        return []

    def hex_markers(self, controller) -> dict:
        """Badges the map shows on hexes (hex -> :class:`kharkovsuite.view.markers.Marker`), from the observation of
        the side viewing: things over a hex that are no ground counters (e.g. air units flying their missions)."""
        return {}

    def hex_notes(self, state, side: str, hex_id: str) -> list[str]:
        """What the status bar adds for the hex under the mouse, as ``side`` may know it (e.g. the enemy ZOC's kind)."""
        return []

    # ------------------------------------------------------------------ counters
    def values_text(self, values: dict) -> str:
        """A unit's values revealed in its observation (``values``), as its counter prints them:
        each value in the order given, joined by dashes."""
        return "-".join(f"{v:g}" if isinstance(v, float) else str(v) for v in values.values())

    def markers(self, state, uid: str) -> tuple[str, ...]:
        """Markers the system puts on a unit's counter beyond its flags (keys of the view's MARKERS), as the
        engine's state holds them; asked only of units the side viewing may see."""
        return ()

    # ------------------------------------------------------------------ the combat panel
    def odds_module(self) -> ModuleType | None:
        """The system's odds query (``attack_odds``, ``current_odds``), or None if it gives no odds before the roll."""
        name = self.rules().__name__ + ".odds"
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            return None

    def combat_html(self, controller) -> str:
        """HTML the combat panel shows first: the system's own view of the combat being built or fought, as the
        side viewing may know it (odds before the roll of an attack declared step by step); "" for none."""
        return ""

    def odds_notes(self, odds) -> list[str]:
        """Lines (HTML) the combat panel adds under the shifts: the system's own dice and modifiers."""
        return []

    def column_chances(self, state, column: str, modifier: int) -> dict[str, Fraction]:
        """Result -> its chance on a column of the combat table with a die modifier, as the system's
        dice give them (for the last combat's breakdown); empty when the system gives none."""
        return {}

    # ------------------------------------------------------------------ attacks planned in the combat dock
    def attack_choices(self, state, units: tuple[str, ...], target: str, support: bool = False) -> list[tuple[str, str, object, str]]:
        """For a system whose attacks go against one hex with a type chosen per attack: each type as
        (type id, its words, the legal action or None, why not with its case), for ``units`` on
        ``target`` (``support``: with the activation's HQ's support).  Empty: this system's attacks
        are picked otherwise (attackers and targets on the map, :class:`~player.panels.CombatPanel`)."""
        return []

    def attack_support(self, state, units: tuple[str, ...], target: str) -> str | None:
        """The HQ whose support an attack of ``units`` on ``target`` may name (None: none)."""
        return None

    def attack_html(self, controller, action) -> str:
        """The odds of a planned attack before it is declared (HTML for the Combat panel)."""
        return ""

    # ------------------------------------------------------------------ air points in secret
    def air_allotment(self, controller) -> dict | None:
        """The secret allotment of air points the side to act decides now, or None: ``role``, ``side``,
        ``target``, ``most`` (points it may put), ``supports`` (HQs that may add their value, id -> name),
        ``case`` and ``action(points, support)`` building the answer."""
        return None

    def air_preview_html(self, controller, points: int, support: str = "") -> str:
        """The odds as the deciding side would make them with ``points`` (its own points only: the other
        side's stay secret until the roll)."""
        return ""

    # ------------------------------------------------------------------ affordances
    def units_of(self, state, action) -> tuple[str, ...]:
        """Units on the map whose selection lists ``action`` in the Actions dock, beyond those it names
        (e.g. the mother unit of a detachment still off the map)."""
        return ()

    def movement_allowance(self, state, uid: str) -> float | None:
        """The unit's movement allowance this phase when the system figures it otherwise than as its counter prints it
        (by orders, round, weather); None: the window reads the counter."""
        return None

    def rail_moves_left(self, state) -> tuple[int, int] | None:
        """(rail moves left to the side to act this phase, its limit), or None when the system counts none."""
        return None

    def may_act(self, state) -> set[str] | None:
        """The units the side to act may still use now, when the system limits them (an activation); None: no such limit."""
        return None

    def why_not_move(self, state, uid: str) -> str | None:
        """Why ``uid``, which may act, has no move now, naming the rule case (engine words); None: it may move, or no reason."""
        return None

    def why_not_act(self, state, uid: str) -> str | None:
        """Why ``uid`` may not act now, naming the rule case (in the engine's words, ids and all); None: it may, or no reason."""
        return None

    def reserves(self, state) -> tuple[dict[str, list[str]], int | None, set[str]] | None:
        """Reserves: units per reserve box, how many may still be committed, boxes released; None when the system has none."""
        return None

    def situation_support(self, state) -> str | None:
        """Why the enemy-reach and ZOC overlays cannot be drawn for this system (None: they can)."""
        return f"the {self.game} rules give no enemy reach or zones of control to draw"

    def enemy_reach(self, state, side: str) -> tuple[set[str], set[str]]:
        """(hexes ``side``'s units could enter in their next move, further hexes they could attack), as the other side may know them."""
        raise SituationUnavailable(self.situation_support(state) or f"the {self.game} kit draws no enemy reach")

    def zoc_hexes(self, state, side: str) -> set[str]:
        """Hexes in ``side``'s zones of control, as the other side may know them."""
        raise SituationUnavailable(self.situation_support(state) or f"the {self.game} kit draws no zones of control")

    def zoc_marks(self, state, side: str) -> dict[str, tuple[str, str | None]]:
        """The ZOC overlay: hex -> (overlay style, label); a system with several kinds of ZOC draws each its own way."""
        return {h: ("zoc", None) for h in self.zoc_hexes(state, side)}

    # ------------------------------------------------------------------ the Unit and game dock, the summary
    def points_html(self, controller, uid: str) -> str:
        """The unit's points to act with (HTML, one line of the Unit and game dock): Movement Points left this phase."""
        mp = controller.mp_left(uid)
        return f"MP left: <b>{mp:g}</b>" if mp is not None else "MP left: <b>—</b>"

    def names(self, state) -> dict[str, str]:
        """Ids other than units' and sides' that the engine's words hold, with the names a player knows them by (e.g.
        Kirovograd's formations), for the log, refusals and the status bar; only what every seat may know."""
        return {}

    #: the short name of the points a unit spends to act, for the status bar and the log
    points_name = "MP"

    def event_text(self, event) -> str:
        """An event in this game's words, in ids: a move costs the system's points (OP in Kharkov 1943)."""
        return event.text(points=self.points_name) if isinstance(event, UnitMoved) else event.text()

    def points_left(self, controller, uid: str) -> float | None:
        """The points ``uid`` has left to act with now (None: unknown), for the status bar."""
        return controller.mp_left(uid)

    def status_sections(self, controller, units: tuple[str, ...] = ()) -> list[str]:
        """HTML sections of the Unit and game dock that only this system has (``units``: those the dock shows)."""
        return []

    def vp_breakdown(self, state) -> dict | None:
        return None

    #: what the summary's chart counts per turn (the score of ``result().vp``)
    score_title = "Victory Points if the game ended at the end of the turn"

    def score_text(self, controller, result, names: dict[str, str]) -> str:
        """The running score in words (plain text) for the Unit and game dock: each side's victory points."""
        return ", ".join(f"{names.get(k, k)} {v}" for k, v in result.vp.items()) + " victory points"

    def summary_html(self, controller, names: dict[str, str]) -> str | None:
        """The victory breakdown of the summary (None: the window lists each side's points)."""
        return None


_KITS: dict[str, PlayerKit] = {}


def kit_for(rules_id: str) -> PlayerKit:
    """The player kit of a rule system; raises :class:`RuleSystemUnavailable` with the reason
    when the window cannot play it (no engine yet, or no kit)."""
    if _allow_unplayable:
        system(rules_id, True)  # the developer switch: a system that runs headless will do
    else:
        system(rules_id)  # the engine first: its reason is the one a player needs
    if rules_id not in _KITS:
        if rules_id not in KITS:
            raise RuleSystemUnavailable(f"rule system {rules_id!r} has no player interface yet")
        module, cls = KITS[rules_id].split(":")
        _KITS[rules_id] = getattr(importlib.import_module(module), cls)()
    return _KITS[rules_id]


def why_not_playable(rules_id: str) -> str | None:
    """Why a game of ``rules_id`` cannot be started at the window, in a player's words (None: it can)."""
    game = GAMES.get(rules_id, rules_id)
    try:
        module = package(rules_id)
    except RuleSystemUnavailable:
        return f"{game}: its rules are not part of this version"
    if not getattr(module, "PLAYABLE", True):  # as the registry's system() reads it
        return f"{game}: its rules engine is still being written"
    if rules_id not in KITS:
        return f"{game}: its rules run, but the game window has no interface for them yet"
    return None


__all__ = ["GAMES", "KITS", "PlayerKit", "allow_unplayable", "allows_unplayable", "kit_for", "why_not_playable"]

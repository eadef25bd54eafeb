"""Kharkov 1943's computer players (``greedy``, ``ai``, ``ai:easy``, ``ai:normal``, ``ai:hard``), on the shared core.

What it knows comes from ``state.observation(side)`` (:class:`~.core.observed.Observed`), the
public scenario data (the victory places of case 18, the supply areas of the map edges, the counter
values printed on the unit types it sees) and the game API (``legal_actions``, ``legal_moves``).
Two rule-system queries on public positions are asked directly: each HQ's command area (8.1), to
know which units an activation by formation could take (3.2), and how often a unit has been
activated this turn (3.1), which the turn record shows both players.

How it plays (docs/ai.md):

* Objectives: the Soviet player makes for the victory places it does not control (18), for
  the German units it sees behind its front (nearer the east edge than the median of its units:
  their Zones of Control cut its roads and lines of supply, 9.1), and for the places it holds
  with none of its units in them (an enemy passing through takes one, 18c), the German player for the
  places the Soviets control (first the one that alone makes a group the Soviets meet, as
  Kharkov does), then for keeping the places it holds that the Soviets need, then
  for the Soviet units it sees.  In the campaign the German side first holds (no hunt; while it
  still has Kharkov, its armoured, motorised and cavalry units kept out of the places and of
  contact, the counter-stroke's reserve), then strikes from the middle turn
  (:meth:`K43Player.holding`, :meth:`K43Player.reserve`).  A unit the
  system's trace finds out of supply makes for its side's supply areas instead (9), but on the
  last turn, when only the places count (18).  A place to take that no unit makes for (its
  nearest aim is elsewhere) is given the nearest free units as a task force, kept for it until
  it is taken (:meth:`K43Player.task_forces`).
* Activations (3.1-3.3): between segments it activates the HQ whose command area holds most of its
  units not yet activated this turn, weighted by how near they are to the fight; it passes when
  no HQ would move a unit nearer its objectives; a general activation (3.3) is taken for the four
  best units no HQ could take (not those one found no move for this turn), and its moves weigh them
  whatever the width budget.  An HQ whose activation moved nothing is not activated again that turn.  Units join in their first activation only (a second one brings fatigue, 3.5).
* Supply heads (9.4) step toward the objectives between activations.  The weakest unit in a
  victory place stays there as its garrison (an enemy passing through an empty place takes it, 18).
  A German HQ, and a Soviet Front HQ, keeps level with the median of its side's combat units.
  A Soviet Army or Mobile Group HQ (with a plan) takes the post, reachable and itself supplied,
  whose five-hex lines (9.2) reach most of the units and held victory places whose line is cut or
  runs to it (18 counts a place only with a line); an Army HQ with such units or places out of
  its reach adds them to the worth of its activation, the only time it moves (3.2).  A Soviet HQ
  dug in alone within two hexes of the enemy (1.4: any loss destroys it) leaves its position (11.2)
  when a better post is in reach; an HQ alone never digs in.
* Moves (6): in an open activation, the unit whose best reachable hex gains most (nearer its
  objectives, less enemy strength next to it than it can stand, room in the stack (5), a line of supply
  there (9, but in a place to take) at ``ai:normal`` and ``ai:hard``) moves there; an enemy stack outnumbered three to one
  nearby is prey, not a threat (:meth:`K43Player.outnumbered`); when none gains,
  the activation ends.  Reinforcements enter (15.1) at the entry hex nearest the objectives.
* Attacks (7): in an open activation, before moving, the attack the rules offer whose result
  distribution (the system's ``attack_preview``, priced by :func:`.core.preview.attack_worth`)
  promises most, if at least :data:`ATTACK_WORTH` steps; clearing a victory place adds to its
  worth; a tie goes to the cheaper attack type (7.1).  One air point goes on each combat (13.1);
  a loss is taken as a retreat to the least threatened hex when one is open, else as the weakest
  unit's step (7.5); an advance is made into a hex nearer the objectives (7.6).
* The last turn (18, Soviet side with a plan): when a victory place it controls has no line of
  supply, or it holds fewer places than earlier in the turn, it tries on blind clones the moves
  that could mend that (an HQ's, after leaving its position, 11.2; a unit's into a hex an enemy
  Zone of Control closes to lines, 9.1; a unit's through a place it lost, 18c), in the general
  activation when open (3.3: every HQ's move), and takes the one that leaves most places held,
  then most HQs with a line (:meth:`K43Player.repair`).
* Reaction (11): a reaction move is taken when it brings the unit nearer the hex under attack
  without leaving it more exposed; otherwise the reaction ends.
* Replacements (16) go to the first unit listed; over-stacking (5) loses the weakest unit; a
  destroyed HQ comes back (1.4) to the post it would move to, not alone near the enemy, with its
  front's units in command range (:meth:`K43Player.place_hq`); any other decision is settled by
  trying each option on a blind clone (:mod:`.core.search`).  A
  step none of this weighs (an activation that must act, 3.3, with nothing worth doing) is a
  random legal action, with a plan never an HQ's move while another action is open (9.2).

Difficulty is a width budget (how many units are weighed per move and hexes per unit) and whether
the threat map and supply awareness are used; ``greedy`` is the narrowest with neither.
"""
from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Callable, Sequence
from functools import partial

from ..rules.kharkov1943 import activation as _activation
from ..rules.kharkov1943 import command as _command
from ..rules.kharkov1943 import control as _control
from ..rules.kharkov1943 import stacking as _stacking
from ..rules.kharkov1943 import supply as _supply
from ..rules.kharkov1943 import units as _units
from ..rules.kharkov1943 import victory as _victory
from ..engine.errors import IllegalAction
from .core.observed import Observed
from .core.preview import attack_worth, preview_query, win_chance
from .core.search import Budget, best_by_lookahead, blind_clone
from .core.supplyview import unsupplied_units
from .core.seats import level_players

LEVELS = {
    "greedy": {"units": 4, "hexes": 30, "threat": False, "supply": False, "attacks": 12, "loss_weight": 1.0, "seconds": None,
               "plan": False},
    "easy": {"units": 4, "hexes": 30, "threat": True, "supply": False, "attacks": 12, "loss_weight": 1.0, "seconds": 5.0,
             "plan": True},
    "normal": {"units": 8, "hexes": 80, "threat": True, "supply": True, "attacks": 30, "loss_weight": 1.2, "seconds": 5.0,
               "plan": True},
    "hard": {"units": 12, "hexes": 400, "threat": True, "supply": True, "attacks": 60, "loss_weight": 1.2, "seconds": 10.0,
             "plan": True},
}
ATTACK_WORTH = 0.3  # expected steps (and retreat hexes) gained an attack must promise
OBJECTIVE_BONUS = 1.0  # worth of clearing a victory place, times the chance of a clean win
TYPE_COST = {"mobile": 1, "normal": 2, "prepared": 3}  # 7.1: the cheaper type wins a tie
MIN_GAIN = 0.5  # a move must improve a unit's score by this much
ACTIVATION_BUDGETS = 2  # one activation's decisions think at most this many decision budgets together (issue 26: an
# activation is the computer's decision, 15 s at the most); what no budget bounds (the listing, the maps) comes on top
OUTNUMBER = 3.0  # own to enemy strength within SIEGE_RADIUS hexes of an enemy stack at which the stack is prey, not a threat
SIEGE_RADIUS = 2  # hexes
THREAT_WEIGHT = 1.5  # hexes of distance one point of excess enemy strength next to a unit is worth
NEAR_FIGHT = 8  # hexes: units this near their objectives count fully when choosing an activation
HQ_BEHIND = 3  # hexes: the nearest an HQ comes to the objectives its units make for
HQ_REACH = 3  # hexes: an HQ making for a place it must supply stops this near it (a line runs 5, 9.1)
HQ_TRAIL = 0  # hexes: how far an HQ keeps behind the median of its side's combat units
REACTION_REACH = 1  # a reaction move should end this near the hex under attack
LEVEL_STEP = 6  # hexes: a place of the next victory level counts as this much farther than one of the level sought
SPARE_STEP = 3  # hexes: a place beyond what its level needs counts as this much farther
ENEMY_STEP = 2  # hexes: an enemy unit the German player hunts counts as this much farther than a place to retake
MARGIN_STEP = 2  # hexes: a place the enemy holds for a level denied counts this much farther per place of its group's margin
KEEP_STEP = 1  # hexes: a place the German player holds that the enemy needs counts this much farther (before the hunt)
PASS_BELOW = 0.5  # an activation must promise this much (units that can make for their aims) or the player passes
LONG_GAME = 10  # turns: a scenario this long has a German counter-stroke (the campaign, 18.1)
COUNTER_STROKE = 0.5  # of a long scenario's turns: until then the German side holds, then strikes
HOLDING_WORTH = 1.0  # expected steps an attack must promise a side that holds
SECOND_WEIGHT = 0.3  # a unit's second activation (fatigue, 3.5) counts this much of a first one
HQ_CUT = 10.0  # a Soviet Army HQ's post without a line of supply of its own (9.2) counts this much worse
PLACE_WEIGHT = 3.0  # a held victory place (18) an Army HQ keeps in supply counts as this many units
AIM_WEIGHT = 0.25  # a place still to take within an Army HQ's reach counts as this much of a unit (less than a move must gain)
HQ_WORTH_CAP = 1.5  # units: the most an Army HQ's own move to supply what needs it adds to its activation
HQ_THREAT = 0.3  # units of reach a Soviet Army HQ gives up per point of enemy strength next to its post
HQ_DANGER = 2  # hexes: an enemy this near a Soviet HQ alone in its hex can strike it in its next activation (1.4)
HQ_PULL = 0.05  # per hex nearer the aims: what leads a Soviet Army HQ on when its reach is the same
RESERVE_STEP = 4  # hexes: what a hex in a victory place or next to the enemy costs a German mobile unit while its side holds
REAR_STEP = 1  # hexes: an enemy unit behind the Soviet front counts this much farther than a place to take
GUARD_STEP = 1  # hexes: a place the Soviet side holds with none of its units in it counts this much farther than one to take
REPAIR_PAIRS = 4  # moves that give a cut place back but part another, each tried with a second HQ move (18, 9.2)
PAIR_TRIES = 100  # of REPAIR_TRIES: what the pairs keep once a first move of one is found
TASK_FORCE = 3  # units: the nearest free ones sent to a place to take that no unit of the side makes for (a task force)
TASK_RADIUS = 12  # hexes: how far from its place a task force is drawn
TASK_LED = 6  # hexes: a place a unit this near makes for (its nearest aim) needs no task force
REPAIR_TRIES = 300  # the most moves tried on clones in one search for a line of supply to reopen (18, 9.2)


def fights(state, uid: str) -> bool:
    """A combat unit: neither an HQ (1.4) nor a supply head (9.4)."""
    values = state.board.units[uid].values
    return values.kind not in ("hq", "supply_head")


def unit_strength(scenario, view: dict) -> float:
    """The printed combat value of a unit at its step, from the type the observation shows."""
    ut = scenario.unit_types.get(view.get("type") or "")
    if ut is None or not ut.steps:
        return 2.0  # a stack the fog of war hides: a typical counter
    step = ut.steps[min(int(view.get("step") or 0), len(ut.steps) - 1)]
    return float(step.attack or 0)


class K43Player:
    """A computer player for Kharkov 1943; ``choose(state)`` returns one action."""

    def __init__(self, side: str, seed: int | None = None, level: str = "normal", budget: Budget | None = None):
        self.side = side
        self.level = level
        self.cfg = LEVELS[level]
        self.rng = random.Random(seed)
        self.budget = budget or Budget(self.cfg["seconds"])
        self._moves: dict[str, int] = {}  # moves made by each unit in the open activation
        self._activation_key = None
        self._clock = None  # (the open activation, the time its first decision began): :meth:`cap_activation`
        self._fields = None  # ((turn, actions played), fields): this moment's maps
        self._tried: set = set()  # attacks made in the open activation
        self._memo: dict = {}  # facts of this moment's maps
        self._stamp = None  # the moment they belong to (:meth:`refresh`)
        self._plan: list = []  # the actions still to take of a repair found on clones (:meth:`repair`)
        self._no_fix = None  # the moment a repair was searched for in vain
        self._peak = (0, 0)  # (turn, the most victory places held at once in it)
        self._general: frozenset[str] = frozenset()  # the units a general activation was opened for (3.3)
        self._tasks: dict[str, tuple[str, ...]] = {}  # place -> the units sent to take it (:meth:`task_forces`)
        self._idle: tuple[int, frozenset[str]] = (0, frozenset())  # (turn, units and HQs that found nothing to do: idle)

    @property
    def name(self) -> str:
        return "greedy" if self.level == "greedy" else f"ai:{self.level}"

    # ------------------------------------------------------------------ dispatch
    def choose(self, state):
        self.budget.restart()
        listing = state.legal_actions()
        legal = listing.actions()  # every single action, built when read
        if not len(legal):
            raise RuntimeError(f"{self.side}: no legal action at {state!r}")
        if len(legal) == 1:
            return legal[0]
        seen = Observed(state, self.side)
        self.cap_activation(seen)
        if state.pending:
            return self.decide(state, seen, list(legal))
        by_kind, moves = sort_listing(listing)
        if self.repairs(state):
            action = self.repair(state, seen, legal, by_kind)
            if action is not None:
                return action
        if "MoveSupplyHead" in by_kind:
            action = self.pick_head_move(seen, by_kind["MoveSupplyHead"])
            if action is not None:
                return action
        if "Activate" in by_kind or "Pass" in by_kind:
            self._moves = {}
            return self.pick_activation(state, seen, by_kind)
        if "Enter" in by_kind:
            return self.pick_entry(seen, by_kind["Enter"])
        self.note_activation(seen)
        if "Assault" in by_kind:
            floor = HOLDING_WORTH if self.holding(state) else ATTACK_WORTH
            action = self.pick_attack(state, seen, by_kind["Assault"], floor=floor)
            if action is not None:
                return action
        if moves:
            action = self.pick_move(state, seen, moves)
            if action is not None:
                return action
        act = seen.obs.get("phase_data", {}).get("activation") or {}
        if "LeavePosition" in by_kind:
            action = self.pick_leave(state, seen, by_kind["LeavePosition"], act)
            if action is not None:
                return action
        empty = not act.get("units")  # 3.3: an activation must activate someone before it ends
        owed = not empty and "EndActivation" not in by_kind  # 4.3: an attack is owed first
        if "BuildPosition" in by_kind and (self.cfg["plan"] or owed or empty):
            action = self.pick_position(state, seen, by_kind["BuildPosition"], owed or empty)
            if action is not None:
                return action
        if "ReduceFatigue" in by_kind and self.cfg["plan"]:
            action = self.pick_rest(seen, by_kind["ReduceFatigue"], act, empty)
            if action is not None:
                return action
        if "EndActivation" in by_kind:
            if act.get("hq") is not None and not act.get("moved"):
                self.note_idle(seen, {act["hq"]})  # 3.2: its units found nothing to do; a second try would fatigue it
            return by_kind["EndActivation"][0]
        if moves and empty:
            action = self.pick_move(state, seen, moves, least=-math.inf)
            if action is not None:
                return action
        if "Assault" in by_kind:
            action = self.pick_attack(state, seen, by_kind["Assault"], floor=-math.inf)
            if action is not None:
                return action
        return self.pick_any(state, listing)

    def cap_activation(self, seen: Observed) -> None:
        """Cap the thinking of the open activation (3.1: the side's run of decisions until it ends) at
        :data:`ACTIVATION_BUDGETS` decision budgets, counted from its first decision: each decision keeps its own
        budget within that.  With no activation open (choosing one, 3.1, or a supply head's move) a decision counts
        alone; so does the first in an activation after a decision elsewhere (the enemy's, a reaction)."""
        act = seen.obs.get("phase_data", {}).get("activation") or {}
        key = (seen.turn, act.get("hq"), act.get("side"))
        if not act or self._clock is None or self._clock[0] != key:
            self._clock = (key, self.budget.start)
        seconds = self.budget.seconds
        self.budget.deadline = None if seconds is None else self._clock[1] + seconds * ACTIVATION_BUDGETS

    def pick_any(self, state, listing):
        """A step this player does not weigh yet, at random among the single legal actions; with a plan never an HQ's
        move when another action is open (an HQ's post holds its units' lines of supply and command, 9.2, 8.1: a random
        move may carry it miles from them).  Only the action drawn is built, but for the few listed one by one."""
        parts = []  # (how many, the i-th of them) of each run of actions drawn from, in listing order
        if self.cfg["plan"]:
            units = state.board.units

            def hq_move(entry) -> bool:  # a single action or a listed entry of one group's actions
                return ((entry.kind == "Move" and any(units[u].is_hq for u in entry.units))  # nor an HQ alone digging in:
                        or (entry.kind == "BuildPosition" and all(units[u].is_hq for u in entry.units)))  # pick_position

            for count, make, choices in listing.listed_segments():
                if choices is None:
                    kept = [a for a in map(make, range(count)) if not hq_move(a)]
                    parts.append((len(kept), kept.__getitem__))
                elif not hq_move(choices):
                    parts.append((count, make))
        if not sum(n for n, _make in parts):
            parts = [(count, make) for count, make, _choices in listing.listed_segments()]
        k = self.rng.randrange(sum(n for n, _make in parts))
        for n, make in parts:
            if k < n:
                return make(k)
            k -= n
        raise AssertionError("unreachable: k was drawn below the total")

    # ------------------------------------------------------------------ objectives
    def objectives(self, seen: Observed) -> list[str]:
        """The hexes the side makes for (the sources of its goal field, :meth:`aims`)."""
        return sorted(h for h, d in self.aims(seen).items() if d == min(self.aims(seen).values()))

    def aims(self, seen: Observed) -> dict[str, int]:
        """Hex -> how far it counts as already (0: aim at it first).  Without a plan (``greedy``):
        the victory places (18) the side does not control and, for the German side, the Soviet
        units it sees, all alike.  With one: :meth:`victory_aims`."""
        self.refresh(seen)
        key = "aims"
        got = self._memo.get(key)
        if got is not None:
            return got
        if self.cfg["plan"]:
            got = self.victory_aims(seen)
        else:
            control = seen.obs.get("game", {}).get("control", {})
            in_play = seen.state.board.in_play
            goals = [h for h in self.victory_hexes(seen.state) if control.get(h) != self.side and h in in_play]
            if self.side != "soviet":
                goals += seen.enemy_hexes()
            got = {h: 0 for h in sorted(set(goals)) or seen.enemy_hexes()}
        self._memo[key] = got
        return got

    def victory_aims(self, seen: Observed) -> dict[str, int]:
        """18, read as an operational plan.  The places of the side's lowest victory level not met
        yet, those it lacks, are the first aims; a place its level does not need (more than
        ``at_least``) counts :data:`SPARE_STEP` hexes farther and one of the next level
        :data:`LEVEL_STEP` farther.  A level that denies the enemy a level aims at the places the
        enemy holds among those he needs for it; of a group he meets now, each :data:`MARGIN_STEP`
        farther for every place of the group's margin (those the enemy holds beyond its need, and
        those he could take in a lost one's stead): the one city that alone makes a group, Kharkov
        in the campaign, before one of five places of seven.  Once the level is denied (a group of it
        unmet: Kharkov German again) and the counter-stroke is on (:meth:`holding` over), the places of
        the enemy's lower levels count with no margin: his tactical win makes the German one a draw,
        and breaking it is what wins.  It aims at the places the side holds too (to keep them,
        :data:`KEEP_STEP` farther, before the hunt), and it falls short while any group the enemy
        meets now keeps the next level's aims a level off: in a long scenario only, where the
        enemy has time to make up a place (on Gallop the margin cost the German side five games
        of twenty against ``greedy``); one that wants no supplied enemy west of a river
        at the enemy units seen there.  The German side also hunts the Soviet units it sees
        (:data:`ENEMY_STEP` farther), except while it holds (:meth:`holding`): then it makes for
        the places the enemy needs that it still has (:data:`SPARE_STEP` farther)."""
        state = seen.state
        control = seen.obs.get("game", {}).get("control", {})
        in_play = state.board.in_play
        enemy = seen.enemies[0] if seen.enemies else None
        aims: dict[str, int] = {}

        def aim(hexes, d):
            for h in hexes:
                if h in in_play and d < aims.get(h, 99):
                    aims[h] = d

        def lacking(cond, side):
            """(place hexes the side lacks, whether the level lacks any)"""
            hexes_need, hexes_spare, short = [], [], False
            for group in cond.groups:
                held = [p for p in group.places if self.place_held(state, p, side, control)]
                need = group.at_least - len(held)
                short = short or need > 0
                for p in group.places:
                    if p not in held:
                        (hexes_need if need > 0 else hexes_spare).extend(_victory.place_hexes(state, p))
            return hexes_need, hexes_spare, short

        levels_short, first_short = 0, False
        needed = self.winning_level(state)
        long = state.board.data.special_rules.turns >= LONG_GAME  # a counter-stroke has time to undo a group (18.1)
        for index, cond in enumerate(state.board.data.victory.get(self.side, [])):
            base = levels_short * LEVEL_STEP
            short = False
            if cond.groups:
                need, spare, short = lacking(cond, self.side)
                aim([h for h in need if control.get(h) != self.side], base)
                aim([h for h in spare if control.get(h) != self.side], base + SPARE_STEP)
            if cond.deny and enemy is not None:
                denied = _victory.LEVELS.index(cond.deny) + 1
                denier = cond.deny_side or enemy
                theirs = state.board.data.victory.get(denier, [])[:denied]

                def held_of(group):
                    return sum(1 for p in group.places if self.place_held(state, p, denier, control))

                # the level denied is denied now (a group of it unmet) and the counter-stroke is on: the draw is
                # kept, and what wins is a lower level of the enemy's broken, so its places count with no margin
                broken = (bool(theirs) and any(held_of(g) < g.at_least for g in theirs[-1].groups)
                          and not self.holding(state))
                for k, other in enumerate(theirs):
                    for group in other.groups:
                        held = held_of(group)
                        met = long and held >= group.at_least  # the enemy meets it now, in a long game
                        short = short or met
                        lower = broken and k < len(theirs) - 1
                        margin = held - group.at_least + len(group.places) - group.at_least if met and not lower else 0
                        for p in group.places:
                            hexes = _victory.place_hexes(state, p)
                            aim([h for h in hexes if control.get(h) == denier], base + margin * MARGIN_STEP)
                            aim([h for h in hexes if control.get(h) == self.side], base + KEEP_STEP)  # to keep
            if cond.no_supplied_enemy_west_of and enemy is not None:
                east = _victory.east_of_river(state)
                west = [h for h in seen.enemy_hexes() if h not in east]
                aim(west, base)
                short = short or bool(west)
            if index < needed - 1:  # below the first level that wins: sought together with it
                first_short = first_short or short
                continue
            if short or first_short:
                first_short = False
                levels_short += 1
                if levels_short > 1:
                    break
        if self.holding(state) and enemy is not None:  # stand in the places the enemy needs
            for cond in state.board.data.victory.get(enemy, []):
                for group in cond.groups:
                    for p in group.places:
                        aim([h for h in _victory.place_hexes(state, p) if control.get(h) == self.side], SPARE_STEP)
        elif self.side != "soviet":
            aim(seen.enemy_hexes(), ENEMY_STEP)
        else:
            aim(self.rear_enemies(seen), REAR_STEP)
            aim(self.unguarded_places(seen), GUARD_STEP)
        return aims or {h: 0 for h in seen.enemy_hexes()}

    def winning_level(self, state) -> int:
        """18: the side's lowest victory level (1 tactical) that would beat the enemy's, as far as
        the enemy's levels are only denials of the side's: in the campaign the German tactical
        level is that the Soviet side reaches no operational one, so a Soviet tactical victory
        alone is a draw and the Soviet player seeks the places of both levels at once.  (An enemy
        level asking for places or a clear river bank is taken as not met.)"""
        own = state.board.data.victory.get(self.side, [])
        enemy = next((s for s in state.board.data.victory if s != self.side), None)
        for level in range(1, len(own) + 1):
            theirs = 0
            for cond in state.board.data.victory.get(enemy, []) if enemy else ():
                denied = cond.deny is None or (cond.deny_side or self.side) != self.side \
                    or level >= _victory.LEVELS.index(cond.deny) + 1
                if cond.groups or cond.no_supplied_enemy_west_of or denied:
                    break
                theirs = _victory.LEVELS.index(cond.level) + 1
            if level > theirs:
                return level
        return max(1, len(own))

    def unguarded_places(self, seen: Observed) -> list[str]:
        """18: the hexes of the side's victory places it controls with none of its combat units in
        them.  An enemy unit passing through such a hex takes it (18c), and one standing next to it
        closes it to lines of supply (9.1: a friendly unit in the hex would keep it open)."""
        control = seen.obs.get("game", {}).get("control", {})
        return [h for p in self.own_places(seen.state) for h in _victory.place_hexes(seen.state, p)
                if control.get(h) == self.side and h in seen.state.board.in_play
                and not any(fights(seen.state, u) for u in seen.side_at(h, self.side))]

    def rear_enemies(self, seen: Observed) -> list[str]:
        """9.1, 9.2: the hexes of enemy units seen behind the side's front, nearer its supply
        edge than the median of its combat units.  Their Zones of Control cut the roads and
        lines of supply that run back to that edge (the Soviet chain: unit, Army HQ, Front HQ,
        a road joined to the edge), so the Soviet player hunts them (:data:`REAR_STEP`)."""
        edge = self._memo.get("edge")
        if edge is None:
            edge = self._memo["edge"] = seen.distance_field(self.supply_hexes(seen.state))
        ds = sorted(edge.get(seen.units[u]["hex"], 99) for u in seen.own()
                    if fights(seen.state, u))
        if not ds:
            return []
        front = ds[len(ds) // 2]
        return [h for h in seen.enemy_hexes() if edge.get(h, 99) < front]

    def holding(self, state) -> bool:
        """The German plan of a long scenario (the campaign): give ground and gather the
        reinforcements while the Soviet offensive runs (no hunting of Soviet units, attacks only at
        :data:`HOLDING_WORTH`), then the counter-stroke from :data:`COUNTER_STROKE` of the turns on."""
        turns = state.board.data.special_rules.turns
        return (self.cfg["plan"] and self.side != "soviet" and turns >= LONG_GAME
                and state.turn <= turns * COUNTER_STROKE)

    def reserve(self, state, uid: str) -> bool:
        """The German mobile units (1.1) while the side holds (:meth:`holding`) and still controls the
        place that alone makes a Soviet group (:meth:`lone_places`, Kharkov): the counter-stroke's
        reserve, kept out of the places and of contact with the enemy (:data:`RESERVE_STEP`), so that
        an encircling offensive takes the city from its infantry and finds the panzers whole when the
        counter-stroke comes (as the SS Panzer Corps left Kharkov rather than be shut in).  Once the
        city is lost they hold the other places as before: standing back all the first half gave a
        Soviet side that walks into places (``greedy``) more of them than the counter-stroke won back."""
        if not (self.holding(state) and state.board.units[uid].values.kind in _units.MOBILE_KINDS):
            return False
        control = state.game.get("control", {})
        return all(control.get(h) == self.side for h in self.lone_places(state))

    def lone_places(self, state) -> frozenset[str]:
        """The hexes of the places that alone make a group of the enemy's victory (18: Kharkov in the campaign),
        remembered (asked for every hex a held-back unit weighs)."""
        got = self._memo.get("lone")
        if got is None:
            enemy = next((s for s in state.board.data.victory if s != self.side), None)
            got = self._memo["lone"] = frozenset(
                h for cond in state.board.data.victory.get(enemy, []) for g in cond.groups
                if len(g.places) == 1 for p in g.places for h in _victory.place_hexes(state, p))
        return got

    def place_hex_set(self, state) -> frozenset[str]:
        """:meth:`victory_hexes` as a set, remembered (asked for every hex a held-back unit weighs)."""
        got = self._memo.get("place-hexes")
        if got is None:
            got = self._memo["place-hexes"] = frozenset(self.victory_hexes(state))
        return got

    def contact(self, seen: Observed) -> frozenset[str]:
        """The hexes next to an enemy unit seen (and its own), remembered for this moment."""
        got = self._memo.get("contact")
        if got is None:
            got = self._memo["contact"] = frozenset(seen.distance_field(seen.enemy_hexes(), 1))
        return got

    def place_held(self, state, place: str, side: str, control: dict) -> bool:
        """18: ``side`` controls every hex of ``place``; for the player's own side, also that a
        unit of his there would have a line of supply (9), which he can trace himself."""
        if not all(control.get(h) == side for h in _victory.place_hexes(state, place)):
            return False
        return side != self.side or self.holds(state, place)

    def holds(self, state, place: str) -> bool:
        """18 for the player's own side, remembered for this moment (:meth:`refresh`)."""
        key = ("holds", place)
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = _victory.holds(state, self.side, place)
        return got

    def unsupplied_places(self, seen: Observed) -> list[str]:
        """Hexes of victory places (18) the side controls but could not supply (9): its HQs make for them."""
        self.refresh(seen)
        key = "unsupplied-places"
        got = self._memo.get(key)
        if got is None:
            state = seen.state
            control = seen.obs.get("game", {}).get("control", {})
            got = []
            for conditions in state.board.data.victory.get(self.side, []):
                for group in conditions.groups:
                    for p in group.places:
                        hexes = _victory.place_hexes(state, p)
                        if all(control.get(h) == self.side for h in hexes) and not self.holds(state, p):
                            got.extend(hexes)
            got = self._memo[key] = sorted(set(got))
        return got

    def unit_goal(self, seen: Observed, uid: str, goal: dict[str, int]) -> dict[str, int]:
        """The distance field ``uid`` makes for: its task force's place (:meth:`task_forces`), else ``goal``.  Asked
        for every hex weighed, with ``goal`` from :meth:`fields` of this moment: the moment's task forces are read as
        remembered, without stamping the moment again (:meth:`refresh` cost more than the rest of a hex's score)."""
        tasks = self._memo.get("tasks")
        if tasks is None:
            tasks = self.task_forces(seen)
        return tasks.get(uid, goal)

    def task_forces(self, seen: Observed) -> dict[str, dict[str, int]]:
        """18, with a plan: unit -> the distance field of the place it is sent to take (a side whose victory asks
        for places: in both scenarios the Soviet side).

        The goal field leads each unit to its nearest aim, so a place to take (a first aim, 0) that
        lies beyond nearer secondary aims (a German stack behind the front, a held place with no
        unit in it) draws nobody: in a campaign game against ``greedy`` the southern armies stood
        six hexes from an empty Krasnoarmeiskoye for ten turns, every unit nearer a panzer division
        it hunted.  Such a place, when its group still needs it (at most as many as the group
        lacks, the nearest task first), gets the :data:`TASK_FORCE` nearest free units within
        :data:`TASK_RADIUS` hexes (not a garrison, an HQ, a unit without a line, nor one whose nearest
        aim is a first aim within :data:`TASK_LED` hexes: it is about its own task); they are kept
        for it, turn after turn, until the place is taken or no longer needed.  A place counts as
        made for when a free unit within :data:`TASK_LED` hexes has it for its nearest aim.  In a long scenario
        only (:data:`LONG_GAME`, the campaign): in Gallop's five turns the detours cost more games than they won."""
        self.refresh(seen)
        got = self._memo.get("tasks")
        if got is not None:
            return got
        if not self.cfg["plan"] or seen.state.board.data.special_rules.turns < LONG_GAME:
            got = self._memo["tasks"] = {}
            return got
        state = seen.state
        goal, _home, _threat, cut = self.fields(seen)
        aims = self.aims(seen)
        control = seen.obs.get("game", {}).get("control", {})
        keep = self.garrisons(seen)
        free = {u: seen.units[u]["hex"] for u in seen.own()
                if fights(seen.state, u) and u not in keep and u not in cut}
        first = seen.distance_field([h for h, d in aims.items() if d == 0], TASK_LED)
        busy = {u for u, h in free.items() if h in first and first[h] == goal.get(h, 99)}  # making for a first aim near it
        tasks: dict[str, tuple[str, ...]] = {}
        fields: dict[str, dict[str, int]] = {}
        for conditions in state.board.data.victory.get(self.side, []):
            for group in conditions.groups:
                wanted = [p for p in group.places
                          if all(aims.get(h) == 0 for h in _victory.place_hexes(state, p))]
                if not wanted:  # (a place is a first aim only while its group lacks some)
                    continue
                need = group.at_least - sum(1 for p in group.places if self.place_held(state, p, self.side, control))
                served, orphans = 0, []
                for p in wanted:
                    field = fields[p] = seen.distance_field(_victory.place_hexes(state, p))
                    kept = tuple(u for u in self._tasks.get(p, ()) if u in free)
                    led = any(field.get(h, 99) <= TASK_LED and field.get(h, 99) == goal.get(h, 99) for h in free.values())
                    if kept:
                        tasks[p] = kept
                    if kept or led:
                        served += 1
                    else:
                        orphans.append(p)
                taken = {u for us in tasks.values() for u in us}

                def nearest(p):
                    return sorted((fields[p].get(h, 99), u) for u, h in free.items()
                                  if u not in taken and u not in busy and fields[p].get(h, 99) <= TASK_RADIUS)[:TASK_FORCE]

                ranked = sorted((sum(d for d, _u in near) / len(near), p) for p in orphans if (near := nearest(p)))
                for _cost, p in ranked[:max(0, need - served)]:
                    near = nearest(p)  # without the units the task before took
                    if near:
                        tasks[p] = tuple(u for _d, u in near)
                        taken.update(tasks[p])
        self._tasks = tasks
        got = self._memo["tasks"] = {u: fields[p] for p, us in tasks.items() for u in us}
        return got

    @staticmethod
    def victory_hexes(state) -> list[str]:
        m = state.scenario.map
        hexes: set[str] = set()
        for conditions in state.board.data.victory.values():
            for cond in conditions:
                for group in cond.groups:
                    for place in group.places:
                        if place in m.cities:
                            hexes.update(m.cities[place].hexes)
                        elif place in m.places:
                            hexes.add(m.places[place].hex)
        return sorted(hexes)

    def supply_hexes(self, state) -> list[str]:
        return sorted(h for a in state.scenario.map.areas.values() if a.kind == "supply" and a.side == self.side for h in a.hexes)

    def fields(self, seen: Observed) -> tuple[dict[str, int], dict[str, int], dict[str, float], frozenset[str]]:
        """(distance to objectives, distance to the nearest own unit in supply, enemy strength near
        each hex, own units out of supply: none on the last turn, with a plan)."""
        stamp = self.refresh(seen)
        if self._fields is not None and self._fields[0] == stamp:
            return self._fields[1]
        goal = seen.offset_field(self.aims(seen))
        strength = self.strength_of(seen)
        threat = seen.threat_map(strength, ignore=self.outnumbered(seen, strength)) if self.cfg["threat"] else {}
        # 18: the game's end counts places (and, for the German side, supplied enemy units), not whether the side's own
        # units are supplied, so on the last turn a unit out of supply makes for the aims, not back to its lines (9)
        heed = self.cfg["supply"] and not (self.cfg["plan"] and self.last_turn(seen.state))
        cut = frozenset(unsupplied_units(seen.state, self.side)) if heed else frozenset()
        supplied = [seen.units[u]["hex"] for u in seen.own() if u not in cut]
        home = seen.distance_field(supplied or self.supply_hexes(seen.state)) if cut else {}
        out = (goal, home, threat, cut)
        self._fields = (stamp, out)
        return out

    def outnumbered(self, seen: Observed, strength: Callable[[str], float]) -> list[str]:
        """With a plan, the enemy hexes whose stack the side's combat units within :data:`SIEGE_RADIUS` hexes
        outnumber :data:`OUTNUMBER` to one in printed strength: they are there to be attacked (7), so a unit
        stepping next to one is not in the danger the threat map weighs.  Without this, the units closing on a
        held place stopped two hexes off, each alone too weak to stand next to the stack, and none attacked."""
        if not self.cfg["plan"]:
            return []
        mine = {}
        for uid in seen.own():
            if fights(seen.state, uid):
                h = seen.units[uid]["hex"]
                mine[h] = mine.get(h, 0.0) + strength(uid)
        out = []
        for hex_id in seen.enemy_hexes():
            power = sum(strength(u) for u in seen.enemy_at(hex_id))
            near = seen.distance_field([hex_id], SIEGE_RADIUS)
            if sum(mine.get(h, 0.0) for h in near) >= OUTNUMBER * power:
                out.append(hex_id)
        return out

    def refresh(self, seen: Observed) -> tuple:
        """This moment's stamp; the facts remembered (:attr:`_memo`) are dropped when it changes.
        Within an activation the player's own moves change little of what it weighs, so the
        stamp holds what does: the turn, the activation, the enemy units seen and who controls
        each place (an attack or a place taken makes a new moment)."""
        act = seen.obs.get("phase_data", {}).get("activation") or {}
        control = seen.obs.get("game", {}).get("control", {})
        stamp = (seen.turn, act.get("hq"), act.get("side"), len(act.get("units", ())) == 0,
                 tuple(seen.enemy_hexes()), tuple(sorted(control.items())), bool(seen.state.pending))
        if stamp != self._stamp:
            self._stamp, self._memo = stamp, {}
        return stamp

    def hq_depth(self, seen: Observed, goal: dict[str, int]) -> float:
        """9: where an HQ stands, in hexes from the objectives: with the median of its side's combat
        units (:data:`HQ_TRAIL` behind; Soviet units trace their supply to an HQ), never nearer the
        objectives than :data:`HQ_BEHIND`."""
        key = ("hq-depth", id(goal))
        got = self._memo.get(key)
        if got is None:
            ds = sorted(goal.get(seen.units[u]["hex"], 99) for u in seen.own() if not seen.state.board.units[u].is_hq)
            got = self._memo[key] = max(HQ_BEHIND, ds[len(ds) // 2] + HQ_TRAIL) if ds else HQ_BEHIND
        return got

    def strength_of(self, seen: Observed) -> Callable[[str], float]:
        scenario = seen.state.scenario
        return lambda uid: unit_strength(scenario, seen.units[uid])

    def hex_score(self, seen: Observed, uid: str, hex_id: str, fields) -> float:
        """Lower is better: distance to the unit's aim plus the danger of standing there."""
        goal, home, threat, cut = fields
        aim = home if uid in cut and home else self.unit_goal(seen, uid, goal)
        score = float(aim.get(hex_id, 99))
        if seen.state.board.units[uid].is_hq:
            if self.cfg["plan"] and self.side == "soviet":
                return self.hq_post_score(seen, uid, hex_id, goal) + HQ_THREAT * threat.get(hex_id, 0.0)
            cut_off = self.unsupplied_places(seen) if self.cfg["plan"] else []
            if cut_off:  # 9, 18: a place held without a line of supply does not count
                return float(max(0, min(seen.map.grid.distance(hex_id, h) for h in cut_off) - HQ_REACH))
            return abs(score - self.hq_depth(seen, goal))  # an HQ follows its units, a little behind
        if self.reserve(seen.state, uid) and (hex_id in self.contact(seen) or hex_id in self.place_hex_set(seen.state)):
            score += RESERVE_STEP
        if threat:
            mine = max(1.0, unit_strength(seen.state.scenario, seen.units[uid]))
            score += THREAT_WEIGHT * max(0.0, threat.get(hex_id, 0.0) / mine - 1.0)
        return score

    # ------------------------------------------------------------------ the Soviet chain of supply (9.2)
    def hq_post_score(self, seen: Observed, hq: str, hex_id: str, goal: dict[str, int]) -> float:
        """Lower is better: a Soviet HQ's post.  9.2: a Soviet unit is supplied by an Army or Mobile
        Group HQ (itself supplied) within a line of five hexes, and a place counts only with such a
        line (18).  An Army HQ stands where its reach (:meth:`supply_reach`) holds most of what
        needs it (:meth:`hq_needs`), led on toward the aims by :data:`HQ_PULL` a hex; a post where
        the HQ would itself be cut off (its own line, asked of the rules) counts :data:`HQ_CUT`
        worse.  A Front HQ (it supplies HQs only) keeps level with the side's units, as before.
        (:meth:`hex_score` adds :data:`HQ_THREAT` a point of enemy strength next to the post.)"""
        state = seen.state
        lines = _supply.side_lines(state, self.side)
        key = ("hq-post", hq, hex_id)
        got = self._memo.get(key)
        if got is not None and got[0] is lines:
            return got[1]
        if _supply.level(state, hq) in _supply.TOP_LEVELS[self.side]:
            score = abs(goal.get(hex_id, 99) - self.hq_depth(seen, goal))
        else:
            reach = self.supply_reach(state, hex_id)
            covered = sum(w for h, w in self.hq_needs(seen, hq).items() if h in reach)
            score = HQ_PULL * goal.get(hex_id, 99) - covered
        if not _supply.line_from(state, self.side, hex_id, hq).ok:
            score += HQ_CUT
        self._memo[key] = (lines, score)
        return score

    def exposed(self, seen: Observed, hq: str, hex_id: str) -> bool:
        """1.4: whether ``hq`` in ``hex_id`` would stand alone (no combat unit of its side with it) within
        :data:`HQ_DANGER` hexes of an enemy unit seen: an HQ alone loses its one step to any loss, and
        is gone for two turns, its units and places without their line of supply (9.2)."""
        danger = self._memo.get("danger")
        if danger is None:
            danger = self._memo["danger"] = frozenset(seen.distance_field(seen.enemy_hexes(), HQ_DANGER))
        if hex_id not in danger:
            return False
        return not any(u != hq and fights(seen.state, u) for u in seen.side_at(hex_id, self.side))

    def hq_needs(self, seen: Observed, hq: str) -> dict[str, float]:
        """Hex -> weight of what the Army HQ ``hq`` should keep within its reach (9.2): the side's
        combat units whose line of supply (as the rules trace it now) is cut or runs to ``hq``,
        one each; the victory places the side controls whose line is cut or runs to ``hq``,
        :data:`PLACE_WEIGHT` each (18); the first aims still to take, :data:`AIM_WEIGHT` each."""
        state = seen.state
        lines = _supply.side_lines(state, self.side)
        key = ("hq-needs", hq)
        got = self._memo.get(key)
        if got is not None and got[0] is lines:
            return got[1]
        needs: dict[str, float] = {}

        def need(h, w):
            needs[h] = needs.get(h, 0.0) + w

        for uid in seen.own():
            if not fights(state, uid):
                continue
            line = lines.get(uid)
            if line is None or not line.ok or line.target == hq:
                need(seen.units[uid]["hex"], 1.0)
        control = seen.obs.get("game", {}).get("control", {})
        for h in self.victory_hexes(state):
            if control.get(h) == self.side and h in state.board.in_play:
                line = _supply.line_from(state, self.side, h)
                if not line.ok or line.target == hq:
                    need(h, PLACE_WEIGHT)
        aims = self.aims(seen)
        for h, d in aims.items():
            if d == 0 and control.get(h) != self.side:
                need(h, AIM_WEIGHT)
        self._memo[key] = (lines, needs)
        return needs

    def supply_reach(self, state, hex_id: str) -> dict[str, int]:
        """Hex -> length of the line of supply (9.1) from it to ``hex_id``, up to five hexes (9.2),
        over the hexes the rules let a line of the side enter (``supply.graph``); a unit's own hex
        may be one a line could not enter (it traces out of it), so the hexes next to the reach
        count too."""
        graph = _supply.graph(state, self.side)
        key = ("reach", hex_id)
        got = self._memo.get(key)
        if got is not None and got[0] is graph:
            return got[1]
        adj, nbrs = graph.adj, state.board.nbrs
        dist = {hex_id: 0}
        todo = deque([hex_id])
        while todo:
            h = todo.popleft()
            if dist[h] >= _supply.LIMIT:
                continue
            for n in (adj[h] if h in adj else [n for n in nbrs.get(h, ()) if n in adj]):
                if n not in dist:
                    dist[n] = dist[h] + 1
                    todo.append(n)
        for h, d in list(dist.items()):
            if d < _supply.LIMIT and h in adj:
                for n in nbrs.get(h, ()):
                    dist.setdefault(n, d + 1)
        self._memo[key] = (graph, dist)
        return dist

    # ------------------------------------------------------------------ the last turn (18)
    def repairs(self, state) -> bool:
        """Whether the player mends its lines of supply on clones (:meth:`repair`): the Soviet side
        with a plan, on the last turn, when 18 counts a place only with a line (9.2) as play ends."""
        return self.cfg["plan"] and self.side == "soviet" and self.last_turn(state)

    def own_places(self, state) -> list[str]:
        """The victory places of the side's conditions (18)."""
        return sorted({p for cond in state.board.data.victory.get(self.side, []) for g in cond.groups for p in g.places})

    def cut_places(self, state) -> list[str]:
        """The side's victory places it controls with no line of supply now (18, 9)."""
        return [p for p in self.own_places(state)
                if all(h in state.board.in_play and _control.owner(state, h) == self.side for h in _victory.place_hexes(state, p))
                and not _victory.holds(state, self.side, p)]

    def standing(self, state) -> tuple[int, int]:
        """(the victory places the side holds, 18: controlled, and a unit there would have a line
        of supply, 9.2; its HQs with a line): what the last turn is played for, the HQs a step
        toward the places (:meth:`held_places`)."""
        held, hqs = self.held_places(state)
        return len(held), hqs

    def held_places(self, state) -> tuple[frozenset[str], int]:
        """(the victory places the side holds, its HQs with a line of supply): the rules' own trace,
        from the HQs' lines alone (the combat units' lines are not needed to find a place's)."""
        side = self.side
        lines: dict[str, _supply.Line] = {}
        hqs = sorted(u for u, r in state.units.items() if r.side == side and r.hex is not None and _supply.level(state, u))
        for top in (True, False):
            for uid in hqs:
                if (_supply.level(state, uid) in _supply.TOP_LEVELS[side]) == top:
                    lines[uid] = _supply.trace(state, side, state.units[uid].hex, _supply.targets_for(state, uid, lines))
        targets = _supply.tier_targets(state, side, 2, lines)
        held = []
        for p in self.own_places(state):
            hexes = _victory.place_hexes(state, p)
            if all(h in state.board.in_play and _control.owner(state, h) == side for h in hexes) \
                    and all(_supply.trace(state, side, h, targets).ok for h in hexes):
                held.append(p)
        return frozenset(held), sum(1 for line in lines.values() if line.ok)

    def repair(self, state, seen: Observed, legal: Sequence, by_kind: dict[str, list]):
        """18, 9.2 on the last turn: when a place the side controls has no line of supply (a German
        unit or its Zone of Control across the chain, 9.1), the activation and the move that give
        back most (:meth:`standing`), tried on blind clones: an HQ's move (after leaving its
        defensive position, 11.2, when it holds one), or a unit's into a hex an enemy Zone of
        Control closes to lines (a friendly unit there opens it, 9.1).  The actions still to take
        wait in :attr:`_plan`; None when nothing is cut or nothing mends it."""
        plan, self._plan = self._plan, []
        if plan and plan[0] in legal:
            self._plan = plan[1:]
            return plan[0]
        if state.pending:
            return None
        now = self.standing(state)
        peak = self._peak[1] if self._peak[0] == state.turn else 0
        self._peak = (state.turn, max(peak, now[0]))
        if now[0] >= peak and not self.cut_places(state):
            return None
        key = (tuple(seen.enemy_hexes()), now)
        if key == self._no_fix:
            return None
        tries = [REPAIR_TRIES]
        if state.phase_data.get("activation"):
            found = self.best_fix(state, now, tries)
        else:
            found = None
            opens = by_kind.get("Activate", [])
            general = [a for a in opens if a.hq is None]  # 3.3: any four units, HQs counting: every HQ's move
            for a in general or opens:
                sim = blind_clone(state, self.rng)
                try:
                    sim.apply(a)
                except IllegalAction:
                    continue
                fix = self.best_fix(sim, now, tries)
                if fix is not None and (found is None or fix[0] > found[0]):
                    found = (fix[0], [a, *fix[1]])
        if found is None:
            self._no_fix = key  # searched in vain: not again until the enemy moves or the places change
            return None
        first, *self._plan = found[1]
        return first

    def best_fix(self, state, now: tuple, tries: list[int]) -> tuple[tuple, list] | None:
        """In the open activation: (standing, actions) of the move that raises :meth:`standing`
        above ``now`` most, or None (:meth:`repair`).  The HQ moves to a post that would give a cut
        place its line (:meth:`mending_posts`) are tried first.  When no single move gains, a move
        that gives a cut place back but parts another from its HQ (the HQ supplied both) is tried
        with a second one, an HQ's, to a post that gives the other back (:data:`REPAIR_PAIRS` of
        them, the last :data:`PAIR_TRIES` tries): one Army HQ steps up to the new place, another
        takes over the old."""
        before, _hqs = self.held_places(state)
        top = (max(now[0], self._peak[1]) + len(self.cut_places(state)),
               sum(1 for u, r in state.units.items() if r.side == self.side and r.hex and _supply.level(state, u)))
        best, best_key, halfway = None, now, []
        for steps, sim in self.fix_moves(state, tries):
            if halfway and tries[0] < PAIR_TRIES:
                break  # the rest are kept for the pairs
            held, hqs = self.held_places(sim)
            got = (len(held), hqs)
            if got > best_key:
                best, best_key = steps, got
                if got >= top:
                    return best_key, best  # every place the side controls is held
            elif held - before and len(halfway) < REPAIR_PAIRS:
                halfway.append((steps, sim))
        if best is None:
            for first, sim in halfway:
                for steps, after in self.fix_moves(sim, tries, hq_only=True):
                    got = self.standing(after)
                    if got > best_key:
                        best, best_key = [*first, *steps], got
                        break
        return None if best is None else (best_key, best)

    def fix_moves(self, state, tries: list[int], hq_only: bool = False):
        """(actions, the blind clone after them) of the moves :meth:`best_fix` tries, while
        ``tries`` lasts: an HQ's move (after leaving its defensive position, 11.2, when it holds
        one), or a unit's into a hex an enemy Zone of Control closes to lines (a friendly unit there
        opens it, 9.1) or into a place lost; the HQ moves to :meth:`mending_posts` first."""
        units = state.board.units
        stop = _supply.blocked(state, self.side)
        lost = {h for p in self.own_places(state) for h in _victory.place_hexes(state, p)
                if h in state.board.in_play and _control.owner(state, h) != self.side}
        legal = list(state.legal_actions().actions())
        candidates = [[m] for m in legal if m.kind == "Move"
                      and (any(units[u].is_hq for u in m.units) or m.path[-1] in stop or lost.intersection(m.path))]
        for leave in (a for a in legal if a.kind == "LeavePosition" and units[a.unit].is_hq):
            sim = state.clone()
            try:
                sim.apply(leave)
            except IllegalAction:
                continue
            candidates += [[leave, m] for m in sim.legal_actions().actions() if m.kind == "Move" and m.units == (leave.unit,)]
        aimed = self.mending_posts(state)
        if hq_only:
            candidates = [c for c in candidates if units[c[-1].units[0]].is_hq and c[-1].path[-1] in aimed]
        candidates.sort(key=lambda c: (c[-1].path[-1] not in aimed or not units[c[-1].units[0]].is_hq,
                                       not units[c[-1].units[0]].is_hq, len(c), len(c[-1].path), c[-1].units, c[-1].path))
        for steps in candidates:
            if tries[0] <= 0 or self.budget.spent():
                return
            tries[0] -= 1
            sim = blind_clone(state, self.rng)
            try:
                for a in steps:
                    sim.apply(a)
            except IllegalAction:
                continue
            yield steps, sim

    def mending_posts(self, state) -> set[str]:
        """9.2, 18: the hexes within a line's five hexes of a place the side controls without a line of
        supply (:meth:`cut_places`), where an HQ's post would give the place a line to end at:
        :meth:`best_fix` tries the HQ moves that end there first."""
        return {h for p in self.cut_places(state) for ph in _victory.place_hexes(state, p)
                for h in self.supply_reach(state, ph)}

    # ------------------------------------------------------------------ activations (3)
    def pick_activation(self, state, seen: Observed, by_kind: dict[str, list]):
        """3.1-3.3: the activation whose units could do most (:meth:`activation_value`); a general
        activation (with a plan) when the four best units no formation could take are worth more;
        a pass when nothing promises :data:`PASS_BELOW`.  An HQ whose activation ended with nothing
        moved or attacking is not activated again that turn (:meth:`idle`)."""
        goal, *_ = self.fields(seen)
        best, best_value = None, (PASS_BELOW if self.cfg["plan"] else 0.0)
        idle = self.idle(seen)
        formations = [a for a in by_kind.get("Activate", []) if a.hq is not None and a.hq not in idle]
        covered: set[str] = set()
        for action in formations:
            value, units = self.activation_value(state, seen, action.hq, goal)
            covered |= units
            if value > best_value:
                best, best_value = action, value
        general = next((a for a in by_kind.get("Activate", []) if a.hq is None), None)
        if general is not None and self.cfg["plan"]:
            value, chosen = self.general_value(state, seen, goal, covered)
            if value > best_value:
                best, best_value = general, value
                self._general = chosen
        if best is not None:
            return best
        if "Pass" in by_kind:
            return by_kind["Pass"][0]
        return by_kind["Activate"][0]

    def unit_worth(self, state, seen: Observed, uid: str, goal: dict[str, int]) -> float:
        """What activating ``uid`` now could be worth: 1 near the fight (:data:`NEAR_FIGHT`), less
        farther, nothing on an aim already, for a garrison or for a supply head (it moves by its own
        rule, 9.4, and never joins an activation); a second activation of the turn
        (fatigue, 3.5) only with a plan, at :data:`SECOND_WEIGHT`, and on the last turn fully."""
        view = seen.units[uid]
        if not fights(state, uid) or uid in self.garrisons(seen):
            return 0.0
        d = goal.get(view["hex"], 99)
        aims = self.aims(seen)
        if view["hex"] in aims and d >= aims[view["hex"]]:
            return 0.0  # on an aim with none better near
        worth = 1.0 if d <= NEAR_FIGHT else NEAR_FIGHT / max(d, 1)
        n = _activation.count(state, uid)
        if n == 0:
            return worth
        if n >= _activation.MAX_ACTIVATIONS or not self.second_allowed(state):
            return 0.0
        return worth * (1.0 if self.last_turn(state) else SECOND_WEIGHT)

    def second_allowed(self, state) -> bool:
        return self.cfg["plan"]

    @staticmethod
    def last_turn(state) -> bool:
        return state.turn >= state.board.data.special_rules.turns

    def activation_value(self, state, seen: Observed, hq: str, goal: dict[str, int]) -> tuple[float, set[str]]:
        """How much an activation by ``hq`` could do, and the units it could take: its units in
        command (8.1), each as :meth:`unit_worth`, the best 8 (3.2)."""
        area = _command.command_area(state, hq)
        worth = []
        for uid in seen.own():
            view = seen.units[uid]
            if uid == hq or view["hex"] not in area or not _command.same_front(state, hq, uid):
                continue
            w = self.unit_worth(state, seen, uid, goal)
            if w > 0:
                worth.append((w, uid))
        best = sorted(worth, key=lambda w: (-w[0], w[1]))[:_activation.FORMATION_LIMIT]
        return sum(w for w, _uid in best) + self.hq_worth(state, seen, hq), {uid for _w, uid in best}

    def hq_worth(self, state, seen: Observed, hq: str) -> float:
        """What moving a Soviet Army HQ itself could be worth (9.2, 18): the units and held places
        that need it (:meth:`hq_needs`) out of its reach now but within a move and a line of it
        (twice five hexes), a unit counting a third, a held place one, at most :data:`HQ_WORTH_CAP`.

        An HQ alone near the enemy (:meth:`exposed`) adds nothing for its escape, nor does a post
        where it would stand exposed count worse: with those weights (1.0 and 2.0 units) the Soviet
        HQs fled ``random``'s wandering units and left their armies without a line, and the campaign
        against ``random`` fell from 20 wins of 20 to 16, for no gain against ``greedy`` (docs/ai.md).
        A dug-in HQ that stands exposed still leaves its position when a better post is in reach
        (:meth:`pick_leave`)."""
        if not (self.cfg["plan"] and self.side == "soviet"):
            return 0.0
        if _supply.level(state, hq) in _supply.TOP_LEVELS[self.side]:
            return 0.0
        here = seen.units[hq]["hex"]
        reach = self.supply_reach(state, here)
        grid = seen.map.grid
        lost = sum(w for h, w in self.hq_needs(seen, hq).items()
                   if w >= 1.0 and h not in reach and grid.distance(here, h) <= 2 * _supply.LIMIT)
        return min(HQ_WORTH_CAP, lost / PLACE_WEIGHT)

    def idle(self, seen: Observed) -> frozenset[str]:
        """The units a general activation, and the HQs whose own activation, found nothing to do for this turn."""
        return self._idle[1] if self._idle[0] == seen.turn else frozenset()

    def note_idle(self, seen: Observed, units) -> None:
        self._idle = (seen.turn, self.idle(seen) | frozenset(units))

    def general_value(self, state, seen: Observed, goal: dict[str, int], covered: set[str]) -> tuple[float, frozenset[str]]:
        """3.3: the four best units no formation activation open to the side could take: their worth, and
        the units (which :meth:`pick_move` weighs in the activation, whatever its width).  Units a
        general activation of this turn was opened for and found no move for count no more this
        turn: else the same idle units would open one general activation after another."""
        idle = self.idle(seen)
        worth = sorted(((self.unit_worth(state, seen, uid, goal), uid) for uid in seen.own() if uid not in covered | idle),
                       key=lambda w: (-w[0], w[1]))[:_activation.GENERAL_LIMIT]
        return sum(w for w, _uid in worth), frozenset(uid for w, uid in worth if w > 0)

    # ------------------------------------------------------------------ moves (6)
    def note_activation(self, seen: Observed) -> dict:
        """The open activation as the observation shows it; a new one clears what the last one did."""
        act = seen.obs.get("phase_data", {}).get("activation") or {}
        key = (seen.turn, act.get("hq"), act.get("side"))
        if key != self._activation_key:
            self._activation_key, self._moves, self._tried = key, {}, set()
        return act

    def pick_move(self, state, seen: Observed, moves: dict[tuple, dict[str, Callable]], least: float = MIN_GAIN):
        """6: the unit whose best reachable hex gains most, by more than ``least``; ``moves``: the legal moves by
        group and destination (:func:`sort_listing`)."""
        act = self.note_activation(seen)
        fields = self.fields(seen)
        joined = set(act.get("units", ()))
        keep = self.garrisons(seen)
        groups = sorted(g for g in moves if len(g) == 1 and self._moves.get(g[0], 0) < 2
                        and g[0] not in keep and self.may_join(state, g[0], act, joined))
        here_of = {g: seen.units[g[0]]["hex"] for g in groups}
        ranked = sorted(groups, key=lambda g: (self.hex_score(seen, g[0], here_of[g], fields), g))
        weighed = ranked[: self.cfg["units"]]
        if act.get("hq") is None:  # 3.3: and the units a general activation was opened for, which are often far from
            weighed += [g for g in ranked[self.cfg["units"]:] if g[0] in self._general]  # the fight, out of command
        tasked = self.task_forces(seen)  # and a task force's units, far from the aims the others make for
        weighed += [g for g in ranked[self.cfg["units"]:] if g[0] in tasked and g not in weighed]
        aims = self.aims(seen)
        best, best_gain = None, least
        for group in weighed:
            if best is not None and self.budget.spent():
                break
            uid, here = group[0], here_of[group]
            now = self.hex_score(seen, uid, here, fields)
            reach = moves[group]
            aim = self.unit_goal(seen, uid, fields[0])
            options = sorted(reach, key=lambda h: (aim.get(h, 99), h))[: self.cfg["hexes"]]
            room = _stacking.LIMIT - state.board.units[uid].values.stacking
            gains = sorted(((now - self.hex_score(seen, uid, dest, fields), dest) for dest in options), key=lambda g: (-g[0], g[1]))
            second = uid not in joined and _activation.count(state, uid) > 0
            for gain, dest in gains:
                if gain <= best_gain:
                    break
                if second and not (self.last_turn(state) or dest in aims):
                    continue  # 3.5: a second activation's fatigue is paid for a place taken only
                if _stacking.points(state, dest, self.side) > room:
                    continue  # 5: it would be removed at the end of the phase
                if (self.cfg["supply"] and uid not in fields[3] and aims.get(dest) != 0
                        and not _supply.line_from(state, self.side, dest, uid).ok):
                    continue  # 9: it would be cut off there; but a place to take is taken, and an HQ follows (hq_needs)
                best, best_gain = (group, dest), gain
                break
        if best is None:
            if act.get("hq") is None and self._general:
                self.note_idle(seen, self._general - joined)
            return None
        group, dest = best
        for uid in group:
            self._moves[uid] = self._moves.get(uid, 0) + 1
        return moves[group][dest]()

    def pick_position(self, state, seen: Observed, builds: list, owed: bool):
        """11.1: dig in where the enemy is next door: a garrison of a victory place (18), any stack
        when ``owed`` (one that owes an attack it had rather not make, 4.3, which a position frees
        it from, or an activation that must activate someone, 3.3), and, for the German
        side, a stack whose units have all acted in this activation; the prepared position (11.1)
        when it can be paid for, else the mobile one.  With a plan, never HQs alone (:meth:`pick_leave`)."""
        act = seen.obs.get("phase_data", {}).get("activation") or {}
        joined = set(act.get("units", ()))
        _, _, threat, _ = self.fields(seen)
        keep = self.garrisons(seen)
        postures = state.game.get("posture", {})
        best, best_key = None, None
        for a in builds:
            hex_id = seen.units[a.units[0]]["hex"]
            if any(postures.get(u) for u in a.units) or not threat.get(hex_id):
                continue
            if self.cfg["plan"] and all(state.board.units[u].is_hq for u in a.units):
                continue  # 1.4: a position does not keep an HQ alone from its fate, and leaving it costs 3-5 OP (11.2)
            if not (owed or keep & set(a.units) or (self.side != "soviet" and set(a.units) <= joined)):
                continue
            key = (a.posture == "pdp", hex_id, a.units)
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best

    def pick_leave(self, state, seen: Observed, leaves: list, act: dict):
        """11.2: a Soviet HQ dug in where it stands :meth:`exposed` leaves its position in its own
        activation (3.2, the only one it moves in) when a post it could still reach with the OP the
        leaving leaves it (tried on a clone: leaving throws no die) scores better by :data:`MIN_GAIN`."""
        hq = act.get("hq")
        if not (self.cfg["plan"] and self.side == "soviet") or hq is None:
            return None
        here = seen.units[hq]["hex"]
        if not self.exposed(seen, hq, here):
            return None
        fields = self.fields(seen)
        now = self.hex_score(seen, hq, here, fields)
        for leave in leaves:
            if leave.unit != hq:
                continue
            sim = state.clone()
            try:
                sim.apply(leave)
            except IllegalAction:
                continue
            reach = sim.legal_moves((hq,))
            if any(now - self.hex_score(seen, hq, h, fields) > MIN_GAIN for h in reach):
                return leave
        return None

    def pick_rest(self, seen: Observed, rests: list, act: dict, empty: bool):
        """3.5: a fatigued unit lowers its fatigue with OP its activation leaves over (one that has
        acted already), or as the only thing an activation that found nothing better does."""
        joined = set(act.get("units", ()))
        _, _, threat, _ = self.fields(seen)
        for a in sorted(rests, key=lambda a: a.unit):
            if (a.unit in joined or empty) and not threat.get(seen.units[a.unit]["hex"]):
                return a
        return rests[0] if empty else None

    def garrisons(self, seen: Observed) -> set[str]:
        """18: the one unit kept in each victory place hex the side stands in (an enemy passing
        through an empty place takes its control)."""
        keep = set()
        for h in self.victory_hexes(seen.state):
            mine = [u for u in seen.side_at(h, self.side) if not seen.state.board.units[u].is_hq]
            if mine:
                keep.add(min(mine, key=lambda u: (unit_strength(seen.state.scenario, seen.units[u]), u)))
        return keep

    def may_join(self, state, uid: str, act: dict, joined: set) -> bool:
        """A unit joins in its first activation of the turn only (a second brings fatigue, 3.5)
        unless the player plans (then :meth:`pick_move` lets it join a second one to take an aim,
        or on the last turn), and an HQ moves only in its own activation (its fatigue would cost it its units, 3.5)."""
        if uid in joined:
            return True
        n = _activation.count(state, uid)
        if n >= _activation.MAX_ACTIVATIONS or (n > 0 and not self.second_allowed(state)):
            return False
        return not state.board.units[uid].is_hq or uid == act.get("hq")

    def pick_head_move(self, seen: Observed, moves: list):
        """9.4: a supply head steps one hex nearer the objectives, keeping the lines of supply up with the front."""
        goal, *_ = self.fields(seen)
        best, best_key = None, None
        for a in moves:
            here = seen.units[a.unit]["hex"]
            gain = goal.get(here, 99) - goal.get(a.hex, 99)
            key = (-gain, a.unit, a.hex)
            if gain > 0 and (best_key is None or key < best_key):
                best, best_key = a, key
        return best

    def pick_entry(self, seen: Observed, entries: list):
        """15.1: the reinforcement enters at the hex nearest the objectives."""
        goal, *_ = self.fields(seen)
        return min(entries, key=lambda a: (goal.get(a.hex, 99), -len(a.units), a.hex, a.units))

    # ------------------------------------------------------------------ decisions
    def decide(self, state, seen: Observed, options: list):
        kinds = {a.kind for a in options}
        if "EndReaction" in kinds:
            return self.react(state, seen, options)
        if "AllotAir" in kinds:
            return self.allot_air(options)
        if kinds & {"ChooseLoss", "Retreat"}:
            return self.take_loss(seen, options)
        if "EndAdvance" in kinds:
            return self.advance(seen, options)
        if "Replace" in kinds:
            return next(a for a in options if a.kind == "Replace")
        if "EliminateExcess" in kinds:
            strength = self.strength_of(seen)
            return min((a for a in options if a.kind == "EliminateExcess"), key=lambda a: (strength(a.unit), a.unit))
        if "PlaceUnit" in kinds:
            return self.place_hq(seen, [a for a in options if a.kind == "PlaceUnit"])
        best = best_by_lookahead(state, self.side, options, self.evaluate, self.rng, self.budget)
        return options[0] if best is None else best

    def place_hq(self, seen: Observed, options: list):
        """1.4: a destroyed HQ comes back to the post it would move to (:meth:`hex_score`, the Soviet chain of supply
        with a plan, 9.2); among posts as good, one where it does not stand alone near the enemy (:meth:`exposed`),
        then the one with most of its front's combat units within its command range (8.1).  Weighing every hex a
        line of supply reaches takes a tenth of a second; trying each on a clone (the margin it reads does not
        change with an HQ's post) took the whole decision budget and picked the first hex in the listing."""
        state = seen.state
        hq = min(a.unit for a in options)  # the HQs due back are placed one by one
        fields = self.fields(seen)
        mine = [a for a in options if a.unit == hq]
        score = {a.hex: round(self.hex_score(seen, hq, a.hex, fields), 6) for a in mine}
        low = min(score.values())
        tied = [a for a in mine if score[a.hex] == low]
        reach = _command.command_range(state.board, hq)
        grid = seen.map.grid
        company = [seen.units[u]["hex"] for u in seen.own()
                   if u != hq and seen.units[u]["hex"] is not None and fights(state, u) and _command.same_front(state, hq, u)]

        def key(a):
            near = sum(1 for h in company if grid.distance(a.hex, h) <= reach)
            return (self.exposed(seen, hq, a.hex), -near, a.hex)

        return min(tied, key=key)

    # ------------------------------------------------------------------ combat (7)
    def pick_attack(self, state, seen: Observed, attacks: list, floor: float = ATTACK_WORTH):
        """7.1-7.4: the attack whose priced result distribution (the system's attack preview,
        :mod:`.core.preview`) is worth most, if it is worth at least ``floor`` steps
        (:data:`ATTACK_WORTH`; an owed attack, 4.3, takes the least bad); the cheapest attack type
        that reaches that worth."""
        query = preview_query(state.scenario.rules)
        strength = self.strength_of(seen)
        places = set(self.victory_hexes(state))
        best, best_key = None, None
        for i, a in enumerate(sorted(attacks, key=lambda a: (a.support != "", a.target, a.types, a.attackers))):
            if i >= self.cfg["attacks"] or (best is not None and self.budget.spent()):
                break
            if a in self._tried:
                continue
            try:
                preview = query(state, self.side, a.attackers, (a.target,), attack_type=a.types[0],
                                support={"attacker": a.support} if a.support else None)
            except IllegalAction:
                continue
            whole_a = sum(1.0 + strength(u) / 4 for u in a.attackers)
            whole_d = sum(1.0 + strength(u) / 4 for u in seen.enemy_at(a.target)) or 1.0
            worth = attack_worth(preview, whole_a, whole_d, self.cfg["loss_weight"])
            if a.target in places:
                worth += OBJECTIVE_BONUS * win_chance(preview)
            key = (worth, -TYPE_COST.get(a.types[0], 1), -len(a.attackers))
            if worth >= floor and (best_key is None or key > best_key):
                best, best_key = a, key
        if best is not None:
            self._tried.add(best)
        return best

    def allot_air(self, options: list):
        """13.1: one air point on each combat while any are left, no HQ support."""
        plain = [a for a in options if not a.support]
        return min(plain or options, key=lambda a: (abs(a.points - 1), a.points))

    def take_loss(self, seen: Observed, options: list):
        """7.5: retreat rather than lose a step, to the hex least threatened; else the weakest
        unit's step.  With a plan, the last of the side's units in a victory place it holds (18)
        takes the step and stays."""
        _, _, threat, _ = self.fields(seen)
        retreats = [a for a in options if a.kind == "Retreat" and a.path]
        if self.cfg["plan"] and retreats and any(a.kind == "ChooseLoss" for a in options):
            places = set(self.victory_hexes(seen.state))
            here = retreats[0].path[0]
            if here in places and len(seen.side_at(here, self.side)) <= len({a.unit for a in retreats}):
                retreats = []
        if retreats:
            return min(retreats, key=lambda a: (threat.get(a.path[-1], 0.0), len(a.path), a.unit, a.path))
        losses = [a for a in options if a.kind == "ChooseLoss"]
        if losses:
            strength = self.strength_of(seen)
            return min(losses, key=lambda a: (strength(a.unit), a.unit))
        return options[0]

    def advance(self, seen: Observed, options: list):
        """7.6: advance into the vacated hex when it is nearer the objectives; else end the advance."""
        goal, *_ = self.fields(seen)
        moves = [a for a in options if a.kind == "Advance" and goal.get(a.path[-1], 99) < goal.get(a.path[0], 99)]
        if moves:
            return min(moves, key=lambda a: (goal.get(a.path[-1], 99), a.unit, a.path))
        return next(a for a in options if a.kind == "EndAdvance")

    def react(self, state, seen: Observed, options: list):
        """11: move a reacting unit next to the hex under attack when that leaves it no more exposed."""
        target = next(iter(state.pending[-1].data.values()), None) if state.pending[-1].data else None
        near = seen.distance_field([target], REACTION_REACH) if isinstance(target, str) and target in seen.map else {}
        fields = self.fields(seen)
        best, best_key = None, None
        for a in options:
            if a.kind != "Move" or a.path[-1] not in near:
                continue
            uid = a.units[0]
            exposure = self.hex_score(seen, uid, a.path[-1], fields) - fields[0].get(a.path[-1], 99)
            before = self.hex_score(seen, uid, a.path[0], fields) - fields[0].get(a.path[0], 99)
            if exposure > before:
                continue
            key = (exposure, len(a.path), a.units, a.path)
            if best_key is None or key < best_key:
                best, best_key = a, key
        return best or next(a for a in options if a.kind == "EndReaction")

    def evaluate(self, state, side: str) -> float:
        """A position's worth to ``side``: its level margin (18)."""
        result = state.result()
        return float(result.margin if side == "soviet" else -result.margin)


PLAYERS: dict[str, Callable] = level_players(K43Player)


def sort_listing(listing) -> tuple[dict[str, list], dict[tuple, dict[str, Callable]]]:
    """The single legal actions of ``listing`` by kind, and its moves by group and destination (group -> {hex: a
    function building the move there}); a listed unit's moves whose hexes the rules name (:attr:`Choices.hexes`) are
    not built until one is taken, and other entries of one group listed as one (a ride by rail) are left out: this
    player takes them only at random (:meth:`K43Player.pick_any`).  Of two moves of a group to one hex, the later."""
    by_kind: dict[str, list] = {}
    moves: dict[tuple, dict[str, Callable]] = {}
    for count, make, choices in listing.listed_segments():
        if choices is not None and choices.kind == "Move" and choices.hexes is not None:
            there = moves.setdefault(choices.units, {})
            for i, hex_id in enumerate(choices.hexes):
                there[hex_id] = partial(make, i)
            continue
        if choices is not None and choices.kind != "Move":
            continue
        for i in range(count):
            action = make(i)
            if action.kind == "Move":
                moves.setdefault(action.units, {})[action.path[-1]] = partial(make, i)
            else:
                by_kind.setdefault(action.kind, []).append(action)
    return by_kind, moves


def turn_measures(state) -> dict[str, int]:
    """Measured at the end of each game turn of a match (:mod:`.match`): 1 when the Soviet side
    controls every hex of Kharkov (the city the campaign turns on: taken in the Soviet offensive,
    retaken in the German counter-stroke), else 0; absent from a scenario without it."""
    from ..rules.kharkov1943 import control

    city = state.scenario.map.cities.get("kharkov")
    if city is None:
        return {}
    return {"kharkov_soviet": int(all(control.owner(state, h) == "soviet" for h in city.hexes))}

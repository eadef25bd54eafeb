"""Kirovograd's computer players (``greedy``, ``ai``, ``ai:easy``, ``ai:normal``, ``ai:hard``), on the shared core.

What a player knows comes from ``state.observation(side)`` (:class:`~.core.observed.Observed`:
positions, SP lost, markers, its own supply tracks; the enemy's orders only once both sides have
handed theirs in, 3.3), the public scenario data (the printed counter values, the victory places
and points of 27, the map) and the game API (``legal_actions``, ``legal_moves`` and the combat
panel's odds query ``state.rules.combat_preview``).  It never reads the dice.

How ``ai`` plays (docs/reconstruction/kirovograd.md has its figures):

* Orders (3.3, 5, 6): each formation gets the order its task asks for, the formations nearest the
  enemy first, within the turn's share of the supply points (those on the track and those the
  turn record still brings, 3.2, 8.1); where points decide (27.A) the Soviet player pays from
  all the points on its track once Kirovograd has fallen (27.B's bonus settled) while it trails
  on points (:meth:`KiroPlayer.spend_all`).  Soviet: a foot formation with at least half its units
  ringing a German-held Kirovograd hex besieges it on defense orders (6.2.2: its units attack
  together in either round with guns firing, 14.3D, 21; it pays only when it fights), any other
  formation with units in that ring goes mobile (never assault, whose attacks each round,
  6.2.1A, would be made at the city's odds); a formation next to its aim (a victory place)
  assaults (6.2.1, +1 column), one in contact elsewhere goes mobile (6.2.3), one far from the
  enemy pursues (6.2.5: full movement both rounds).  German: infantry holds on defense orders
  (6.2.2, free unless it fights); a panzer formation goes mobile to counter-attack when the enemy
  is near, else defends.
* Objectives (27): the Soviet player makes for the victory places (Kirovograd first, which brings
  the early bonus, 27.B; Novomirgorod; Novo Ukrainka with its dump and airstrip), the towns
  (where points decide, only until Kirovograd has fallen: they score nothing, 27.B) and the
  German units on the way; once it stands in Kirovograd, the German units within three hexes
  of it (which can cut its hold, 27.C) come first, and a Kirovograd hex it holds with less than
  :data:`CITY_GARRISON` SP is an aim again (a German attack that drives out a lone weak defender
  and advances in takes the city back).  In Opening Moves (31.1E-H: the city decides the game),
  while Kirovograd is empty and an enemy unit stands within :data:`HOLD_ENEMY` hexes of it,
  the Soviet units keep out of its approaches
  (:data:`HOLD_OFF` hexes) until as many of them can reach a city hex in the movement round as
  the city has hexes; then they fill it, one hex after the other (:meth:`KiroPlayer.hold_off`:
  a few units in the city drew the German units into its empty hexes, where the city's column
  and full stacks held them all game).  The German player holds: infantry stays in
  its line unless a victory place nearby is empty, it is out of supply (8.4) or it is being
  ringed (enemy units on three sides leave it two open hexes or fewer, 13.3B, 17.4A, outside a
  victory place: it steps back toward its own map edge, 8.3.2A, to a hex not so ringed); the panzers make
  for the Soviet units nearest the line and the places, and where points decide (27.A, not
  Opening Moves) also for the Soviet hexes of HQs and guns with no Soviet combat unit in them
  within :data:`HUNT_RADIUS` hexes of the German units (:meth:`KiroPlayer.hunt`: 27.B gives
  twice a destroyed unit's printed worth, an HQ or gun SP 3 points).  The strongest unit in each
  victory place hex stays there as its garrison.
* Moves (11): a movement round is planned when it opens: each unit's best reachable hex (nearer
  its aim, room in the stack, 9.1, not where the enemy strength next to it is much greater than
  its own, except for a Soviet unit where points decide while the USSR leads by less than
  :data:`BOLD_LEAD` points, or in the Endgame :data:`BOLD_PER_TURN` for each turn left if more,
  :meth:`KiroPlayer.bold`, 27.A, 31.2; a Soviet unit stands next to a
  German-held Kirovograd hex against up to
  :data:`SIEGE_BRAVE` times its strength, as that is where the city is attacked from), the
  units that gain most first; each planned move is checked again when its turn comes (the
  Soviet player's aims are renewed once one of its units has entered a Kirovograd hex, which is
  then no longer an aim, so the next units checked fill the city's other hexes).  A unit
  out of supply makes for its side's units in supply; an HQ keeps level with the median of its
  formation's units, a little behind (supply is traced to it, 8.3), and within two hexes of the
  formation's nearest unit (22.1); where points decide (27.A, not Opening Moves) an HQ of either side
  within :data:`HQ_EXPOSED` hexes of the enemy (5 for a German HQ, 3 for a Soviet one) stands in
  a hex with one of its side's combat units (:meth:`KiroPlayer.hq_exposed`: alone it is attacked
  at high odds and destroyed, 27.B);
  so does a Soviet gun within :data:`GUN_EXPOSED` hexes of the enemy while the Soviet orders are
  paid from the whole track (:meth:`KiroPlayer.gun_exposed`), and a worn German panzer or
  motorised unit within :data:`WORN_NEAR` hexes of the enemy counts a hex without a fresh
  combat unit of its side :data:`WORN_ALONE` hexes worse (:meth:`KiroPlayer.worn_alone`: it
  stands with fresh units rather than alone, where the enemy picks it off for points).
  Reinforcements (24) enter at the entry hex nearest the aims; the Soviet armour replacement
  points (25.2) go, at the first movement round they may, to the tank unit that has lost most
  SP.  Soviet guns turn to their firing side near the enemy by day and to their travelling side
  far from it (21.12).  A reserve (12) is committed when the enemy is within reach.  Where
  points decide, the German player ends its player turn with its mobile stacks that stand more
  than :data:`GUARD_NEAR` hexes from the enemy in reserve (12.1, one a formation, the strongest
  first; :meth:`KiroPlayer.pick_reserve`) and commits them in its next second round if not before.
* Attacks (14, 15): every enemy hex next to the side's able units is priced with the odds query
  (each CRT result's chance; SP at 27.B's points, twice for a unit destroyed; hexes of retreat
  at a fraction of a point; clearing a place or a town worth more), and the attacks are taken
  best first as packages with the attacks 14.1C then owes (a further target of the same attack,
  14.3H, or an attack by free units); a package the side cannot complete or whose worth is
  below the floor is dropped.  While the Soviet orders are paid from the whole track
  (:meth:`KiroPlayer.spend_all`), the units no other enemy hex binds (no other enemy ZOC
  reaches them, 14.1C) are also priced as a group of their own, and an owed hex joins an attack
  only when that prices at least as well as attacking it apart.  A German unit on defense
  orders attacks only at a higher floor (it holds; a lower one where points decide, 27.A),
  except in the game's last player turn, when no enemy player turn follows (3.6, 3.7:
  :meth:`KiroPlayer.last_word`); then the guns no attack counts on also fire alone on the enemy
  hexes no attack hits (14.3J, :meth:`KiroPlayer.last_barrages`: the supply points a shot
  costs, 21.3, have no later use).
  Guns firing alone are priced with no loss of their own (21.7A).
  HQs support each attack (22) and up to two guns fire while the supply track keeps a reserve
  for the turns left (21.3; the Soviet track counts the points the turn record still brings,
  3.2).  Against a German-held Kirovograd hex the Soviet
  player prices the attack with the guns that may fire for it (each gun counted for one attack
  of the round, 14.3E), clearing such a hex is worth :data:`CITY_BONUS`, and a further city hex
  the attack owes (14.1C) is fired on by one gun alone (14.3J) or attacked by other units rather
  than added to the attack, unless adding it prices better.  When the rules still owe attacks (14.1C, 6.2.1A:
  an assault formation attacks, taking as further targets every hex whose ZOC reaches its unit)
  it declares them, or withdraws the last attack; once every attack is withdrawn, it declares
  the bare duties afresh (once a round).
* Decisions: the Combat Options Matrix pick (15.9) weighs SP against hexes (a defender in a
  victory place or holding the line gives ground less readily; a unit that would be destroyed
  costs its whole printed worth again, 27.B, however worn it is), and each hex of retreat a
  choice asks for at what the retreat would cost on the board the side knows (the search its
  own retreat offers come from): an SP for every enemy ZOC hex left (17.2A) and for every hex it
  cannot retreat, ringed by enemy units and overlapping ZOCs (17.4A, 15.9F), up to the 50% limit
  (16.1), so a ringed unit takes its losses rather than turn them into a retreat that destroys
  it; a retreat (17) ends where the enemy is weakest, toward home, along no hex only when there
  is no other; HQs and guns go along (17.7); an advance (18) is made into a victory place or
  nearer the aim; the defender supports each attack with its HQs and the guns its
  track can pay for (15.3); a German reserve steps into the attacked hex whose units would give
  the enemy most if destroyed and that holds no fresh combat unit of its side (12.3.2,
  :meth:`KiroPlayer.pick_guard`), the Soviet player commits no defensive reserve.  The German
  player names the unit of each SP lost (16.0) by the points it gives the enemy (27.B: an SP at
  its class's rate, a unit's last SP at its whole printed worth twice), then the unit with most
  SP left (:meth:`KiroPlayer.choose_loss`); for the other players a look ahead, which sees no difference
  (the losses are taken together once all are named), leaves it to the first unit listed.
* Air (28, with the option): a ground attack unit over an enemy hex next to its own units (or over
  its own hex next to the enemy, the side not moving); every patrol is paired; a stack may strike
  back and a later interceptor may attack: they do (28.10.2A, 28.9.1C); a loss point goes on the
  unit of the stack with the most left (28.10.4A, 28.11A); an airstrip unit lands back on its strip
  unless an enemy counter the side sees is within four hexes of it (28.2E).

``greedy`` is the baseline: every formation mobile, the best immediate odds (the final column of
the odds query) above the same floor, every victory place and German unit an equal objective, no
threat map, no garrisons, no support, no lookahead.  ``ai:easy`` weighs fewer hexes a unit can
reach, ``ai:hard`` more and a longer budget; ``ai`` is ``ai:normal``.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable

from ..engine.actions import Move
from ..engine.errors import IllegalAction
from ..rules.kirovograd.data import parse_result
from ..rules.kirovograd.sequence import round_of
from .core.observed import Observed
from .core.search import Budget, best_by_lookahead
from .core.seats import level_players

LEVELS = {
    "greedy": {"hexes": 40, "threat": False, "support": False, "plan": False, "loss_weight": 1.0, "seconds": None},
    "easy": {"hexes": 60, "threat": True, "support": True, "plan": True, "loss_weight": 1.0, "seconds": 5.0},
    "normal": {"hexes": 120, "threat": True, "support": True, "plan": True, "loss_weight": 1.0, "seconds": 5.0},
    "hard": {"hexes": 300, "threat": True, "support": True, "plan": True, "loss_weight": 1.2, "seconds": 10.0},
}
SOVIET = "soviet"
CITY = "kirovograd"  # 27.B: the early bonus is for this city
ATTACK_FLOOR = 0.3  # points an attack must promise
HOLD_FLOOR = 1.5  # points an attack must promise a German player holding the line (Opening Moves)
POINTS_HOLD_FLOOR = 0.8  # the same where points decide (27.A: every SP an attack takes counts)
RETREAT_HEX = 0.4  # points a hex of retreat is worth (to the side that makes the other give it)
PLACE_RETREAT = 1.5  # points a defender's hex of retreat out of a victory place costs it
LINE_RETREAT = 0.6  # points a hex of retreat costs a German player holding the line
PLACE_BONUS = 2.0  # points for clearing a victory place, times the chance the defender gives ground
MIN_GAIN = 0.5  # a move must improve a unit's score by this much
THREAT_WEIGHT = 1.5  # hexes of distance one unit of excess enemy strength next to a unit is worth
BRAVE = {"soviet": 1.5, "german": 1.5}  # times its own strength in enemy strength a unit stands next to
BOLD_LEAD = 30.0  # VP: a Soviet side leading by less where points decide stands next to any German stack (27.A)
BOLD_PER_TURN = 5.0  # VP a turn left: the lead it needs in a scenario opening partway through the battle (31.2)
TOWN_STEP = 3  # hexes: a town counts as this much farther than a victory place
ENEMY_STEP = 1  # hexes: a German unit counts as this much farther than a victory place (Soviet aims)
PLACE_STEP = 6  # hexes per 5 VP less a victory place is worth than the best one
CONTACT = 1  # hexes: a formation this near the enemy is in contact
NEAR = 5  # hexes: a formation this near the enemy closes on it (mobile); farther it pursues
COUNTER = 4  # hexes: German panzers counter-attack Soviet units this near their line or a place
GARRISON_THREAT = 4  # hexes: an empty victory place with a Soviet unit this near needs a garrison
SUPPLY_SHARE = 1.2  # of the supply points per turn left: what one turn's orders may spend
CITY_GUARD = 3  # hexes: German units this near Kirovograd, once a Soviet unit is in it, are the first aims
STORM = 1  # hexes: a Soviet formation this near its aim (a victory place first) assaults (6.2.1: +1 column)
HQ_BEHIND = 2  # hexes: an HQ keeps this far behind the median of its formation's units
HQ_EXPOSED = {"german": 5, "soviet": 3}  # hexes: an HQ this near the enemy stands with a combat unit of its side (where points decide)
HQ_ALONE = 3.0  # what standing there alone costs it (hexes of distance)
HUNT_RADIUS = 8  # hexes: a Soviet hex of HQs and guns alone this near the German line is a panzer's aim where points decide (27.B)
WORN_NEAR = 4  # hexes: a worn German mobile unit this near the enemy stands with a fresh combat unit where points decide
WORN_ALONE = 4.0  # what standing without one costs it (hexes of distance)
GUN_EXPOSED = 3  # hexes: a Soviet gun this near the enemy stands with a combat unit of its side (greedy picks off lone guns, 27.B)
GUN_ALONE = 3.0  # what standing there alone costs it (hexes of distance)
GUARD_NEAR = 2  # hexes: a German mobile stack farther than this from the enemy may end its player turn in reserve (12.3.2)
HQ_NEAR = 2  # hexes: an HQ keeps this near its formation's nearest unit (22.1's range is 4; 8.3 traces supply to it)
GUN_NEAR = 6  # hexes: a Soviet gun this near the enemy turns to its firing side by day
GUNS_PER_ATTACK = 2  # guns an attack takes at most (each shot costs a supply point, 21.3)
FIRE_RESERVE = {"soviet": 4, "german": 2}  # supply points per turn left the guns do not spend
POINTS_FIRE_RESERVE = 2  # the same for the Soviet guns where points decide, counting the points to come
SIEGE_BRAVE = 4.0  # times its own strength in enemy strength a Soviet unit stands next to a German-held Kirovograd hex
CITY_BONUS = 5.0  # points for clearing a Kirovograd hex (Soviet), times the chance the defender gives ground
RING_EXITS = 2  # open hexes around it (13.3B, 17.4A) at or below which a German unit on the line is being ringed
RING_STAY = 3.0  # what staying costs a German unit being ringed outside a victory place (hexes of distance)
CITY_GARRISON = 4.0  # SP: a Kirovograd hex the Soviet units hold with less is reinforced (an aim again)
HOLD_OFF = 4  # hexes: an empty Kirovograd's approaches, kept clear by the Soviet units until they can enter all its hexes in one round
HOLD_ENEMY = 12  # hexes: the hold-off is kept only while an enemy unit stands this near Kirovograd (a player turn's march)
HOLD_COST = 10.0  # what standing in those approaches costs a Soviet unit meanwhile (hexes of distance)


#: 29.4A: the strength guessed for a face-down counter (its id is a token, its type unknown): a
#: motorised brigade's or regiment's, the units that go face down, though it may be a dummy
FACE_DOWN_SP = 4.0


def _sp(scenario_units, uid: str, view: dict) -> float:
    """A unit's combat strength now: its printed SP less the SP lost (16.0), from public data; a
    face-down enemy counter (29.4A) counts :data:`FACE_DOWN_SP`."""
    info = scenario_units.get(uid)
    if info is None:
        return FACE_DOWN_SP
    full = info.strength[0] if info.strength else 0.0
    return max(0.0, float(full) - float(view.get("step") or 0))


class KiroPlayer:
    """A computer player for Kirovograd; ``choose(state)`` returns one action."""

    def __init__(self, side: str, seed: int | None = None, level: str = "normal", budget: Budget | None = None):
        self.side = side
        self.enemy = "german" if side == SOVIET else SOVIET
        self.level = level
        self.cfg = LEVELS[level]
        self.rng = random.Random(seed)
        self.budget = budget or Budget(self.cfg["seconds"])
        self._round = None  # (turn, phase index): the movement or combat round the notes below belong to
        self._settled: set[str] = set()  # units that found no better hex this round
        self._attacks: list | None = None  # the combat round's plan: (targets, attackers) still to declare
        self._owed = 0  # times this round the rules owed attacks the plan had not made
        self._restarted = False  # whether this round's declarations began again from the duties alone
        self._plan: list = []  # the rest of the attack being declared: AddAttacker and AddSupport actions
        self._queue: list | None = None  # the movement round's plan: the groups to move, best first
        self._hold: dict[str, int] = {}  # the movement round's held-off approaches of an empty Kirovograd (Soviet)
        self._cancels: dict[str | None, int] = {}  # the combat round's drafts cancelled, by their first target
        self._memo: dict = {}
        self._stamp = None

    @property
    def name(self) -> str:
        return "greedy" if self.level == "greedy" else f"ai:{self.level}"

    # ------------------------------------------------------------------ dispatch
    def choose(self, state):
        self.budget.restart()
        listed = state.legal_actions()
        if not len(listed):
            raise RuntimeError(f"{self.side}: no legal action at {state!r}")
        if len(listed) == 1:
            return listed.actions()[0]
        seen = Observed(state, self.side)
        self.refresh(seen)
        by_kind: dict[str, list] = {}
        self._walks: dict[tuple, tuple] = {}  # a group's moves, listed but not built (most are never looked at)
        for n, make in listed.segments():
            first = make(0)
            if first.kind == "Move" and first.units and seen.units[first.units[0]].get("hex") is not None:
                self._walks[first.units] = (n, make)
                continue
            for i in range(n):
                a = make(i)
                by_kind.setdefault(a.kind, []).append(a)
        if self._walks:
            by_kind.setdefault("Move", [])
        legal = listed.actions()
        if state.pending:
            action = self.decide(state, seen, state.pending[-1], by_kind)
        elif state.phase.id.startswith("combat_"):
            action = self.declare(state, seen, by_kind)
        elif state.phase.id.startswith("move_"):
            action = self.move_round(state, seen, by_kind)
        else:
            action = None
        if action is not None:
            return action
        if "EndPhase" in by_kind:
            return by_kind["EndPhase"][0]
        return legal[self.rng.randrange(len(legal))]  # a step this player does not weigh

    def new_round(self, state) -> None:
        key = (state.turn, state.phase_index)
        if key != self._round:
            self._round, self._settled, self._plan, self._queue, self._attacks, self._owed = key, set(), [], None, None, 0
            self._hold, self._cancels = {}, {}
            self._restarted = False

    def refresh(self, seen: Observed) -> None:
        """Forget this moment's derived maps when positions change."""
        city = self.city_hexes(seen)
        stamp = (seen.turn, seen.obs["phase_index"], bool(seen.obs["pending"]),
                 tuple((u, v.get("hex"), v.get("step")) for u, v in sorted(seen.units.items()) if v["side"] != self.side),
                 tuple((h, len(seen.side_at(h, self.side))) for h in sorted(city)))  # the Soviet aims change as the city fills
        if stamp != self._stamp:
            self._stamp, self._memo = stamp, {}

    # ------------------------------------------------------------------ public facts
    def info(self, state, uid: str):
        return state.board.units[uid]

    def strength(self, seen: Observed, uid: str) -> float:
        return _sp(seen.state.board.units, uid, seen.units[uid])

    def combat_units(self, seen: Observed, side: str) -> list[str]:
        board = seen.state.board.units
        return [u for u, v in sorted(seen.units.items()) if v["side"] == side and v.get("hex") is not None
                and board[u].ground and not board[u].is_hq]

    def places(self, state) -> dict[str, int]:
        """27.B: victory place -> its points."""
        return dict(state.board.data.victory.places)

    def place_hexes(self, state) -> dict[str, str]:
        """Hex -> the victory place it belongs to."""
        cities = state.scenario.map.cities
        return {h: p for p in self.places(state) if p in cities for h in cities[p].hexes}

    def town_hexes(self, state) -> list[str]:
        """The town hexes (not victory places) this player seeks (:data:`TOWN_STEP`) and prices
        as worth clearing.  None for the Soviet player with a plan once Kirovograd has fallen where
        points decide (27.A): 27.B scores only the three victory places, and the armour sent for
        the towns of the German rear was destroyed there alone (the Endgame against ``greedy``);
        before the city falls the towns on the roads to it are worth taking."""
        if self.side == SOVIET and self.cfg["plan"] and self.points_decide(state) \
                and state.game.get("kirovograd_taken") is not None:
            return []
        cities = state.scenario.map.cities
        places = self.places(state)
        return sorted(h for c, city in cities.items() if c not in places for h in city.hexes if h in state.board.index)

    def enemy_near(self, seen: Observed) -> dict[str, int]:
        """Hex -> steps to the nearest enemy unit seen."""
        got = self._memo.get("enemy-near")
        if got is None:
            got = self._memo["enemy-near"] = seen.distance_field(seen.enemy_hexes(), 12)
        return got

    def threat(self, seen: Observed) -> dict[str, float]:
        got = self._memo.get("threat")
        if got is None:
            got = self._memo["threat"] = seen.threat_map(lambda u: self.strength(seen, u)) if self.cfg["threat"] else {}
        return got

    def out_of_supply(self, seen: Observed) -> set[str]:
        """8.4: own units carrying an Out of Supply or Cut Off marker (markers are public)."""
        got = self._memo.get("oos")
        if got is None:
            got = self._memo["oos"] = {u for u in seen.own() if {"out_of_supply", "cut_off"} & set(seen.units[u].get("flags") or ())}
        return got

    def holding(self, state) -> bool:
        """The German plan: hold the line (the panzers alone strike)."""
        return self.side != SOVIET and self.cfg["plan"]

    def mobile_arm(self, state, uid: str) -> bool:
        info = state.board.units[uid]
        return info.armored or info.movement_class == "motorized"

    def points_decide(self, state) -> bool:
        """27.A: the game is won on points (the historical game, the Endgame), not by the city
        alone (Opening Moves, 31.1E-H)."""
        return state.board.data.victory.objective != "hold_kirovograd"

    def bold(self, state) -> bool:
        """Whether the side's units stand next to enemy stacks however strong (no threat term in
        :meth:`hex_score`): the Soviet side where points decide (27.A) while it leads by less than
        :data:`BOLD_LEAD` points.  There every SP either side loses is points (27.B) and the
        attacker sets the pace: a Soviet side that kept away from strong German stacks left the
        German line whole and lost to ``greedy``, which stands anywhere.  Well ahead it keeps
        away again, and its lead with it.  In a scenario that opens partway through the battle
        (the Endgame, 31.2: game turn 9, with the SP lost before it on the points, 31.2.1B, so the
        USSR starts 51 behind) the lead it needs is also :data:`BOLD_PER_TURN` points for each
        turn left: there a side that drew back 30 ahead with ten turns to go gave the lead back
        (``greedy`` German side, Endgame seeds 1-20: 10 Soviet wins, 14 with the turns counted).
        Not in the historical game, where computer against computer then went from 4 Soviet wins
        of 8 to 7.  In Opening Moves (31.1E-H) only the city counts, and the units keep away as
        before."""
        got = self._memo.get("bold")
        if got is None:
            lead = BOLD_LEAD
            if state.board.data.first_game_turn > 1:
                lead = max(lead, BOLD_PER_TURN * (len(state.scenario.turns) - state.turn))
            got = self._memo["bold"] = (self.side == SOVIET and self.cfg["plan"] and self.points_decide(state)
                                        and self.evaluate(state, self.side) < lead)
        return got

    def hunting(self, seen: Observed, uid: str) -> bool:
        """Whether the unit is a German panzer or motorised unit (with a plan) where points
        decide: it also makes for the Soviet hexes of :meth:`hunt`."""
        state = seen.state
        return self.holding(state) and self.points_decide(state) and self.mobile_arm(state, uid)

    def hunt(self, seen: Observed) -> list[str]:
        """The Soviet hexes with HQs and guns in them and no Soviet combat unit, within
        :data:`HUNT_RADIUS` hexes of a German combat unit: attacked alone they are destroyed at
        high odds, and 27.B gives twice a destroyed unit's printed worth (an HQ or artillery SP
        counts 3, the most of any class)."""
        got = self._memo.get("hunt")
        if got is None:
            board = seen.state.board.units
            line = seen.distance_field([seen.units[u]["hex"] for u in self.combat_units(seen, self.side)], HUNT_RADIUS)

            def soft(u):  # a face-down counter (29.4A, not in the public data) may be a combat unit
                info = board.get(u)
                return info is not None and info.ground and (info.is_hq or info.is_artillery)

            got = self._memo["hunt"] = [h for h in seen.enemy_hexes() if h in line and all(soft(u) for u in seen.enemy_at(h))]
        return got

    # ------------------------------------------------------------------ aims (27)
    def aims(self, seen: Observed) -> dict[str, int]:
        """Hex -> how far it counts as already (0: aim at it first)."""
        got = self._memo.get("aims")
        if got is not None:
            return got
        state = seen.state
        places = self.places(state)
        best = max(places.values(), default=0)
        aims: dict[str, int] = {}

        def aim(hexes, d):
            for h in hexes:
                if h in state.board.index and d < aims.get(h, 99):
                    aims[h] = d

        cities = state.scenario.map.cities
        if self.side == SOVIET:
            for p, vp in places.items():
                if p not in cities:
                    continue
                hexes = [h for h in cities[p].hexes if not seen.side_at(h, SOVIET)]
                step = 0 if (p == CITY or not self.cfg["plan"]) else max(0, (best - vp) // 5) * PLACE_STEP // 2
                aim(hexes, step)
            if self.cfg["plan"]:
                aim([h for h in self.town_hexes(state) if not seen.side_at(h, SOVIET)], TOWN_STEP)
            aim(seen.enemy_hexes(), ENEMY_STEP if self.cfg["plan"] else 0)
            if self.cfg["plan"]:  # 27.C: German units near the city cut its hold (in it, or by ZOC on its road east)
                aim(self.near_city(seen), 0)
                aim(self.thin_city(seen), 0)
        else:
            near = self.enemy_near(seen)
            mine = self.place_hexes(state)
            aim([h for h in mine if near.get(h, 99) <= GARRISON_THREAT and not seen.side_at(h, self.side)], 0)
            # the Soviet units nearest the German line and the places: the panzers' targets
            line = seen.distance_field([seen.units[u]["hex"] for u in self.combat_units(seen, self.side)] + list(mine), COUNTER)
            aim([h for h in seen.enemy_hexes() if h in line], 1)
        got = self._memo["aims"] = aims or {h: 0 for h in seen.enemy_hexes()}
        return got

    def near_city(self, seen: Observed) -> list[str]:
        """Enemy hexes within :data:`CITY_GUARD` hexes of Kirovograd once a Soviet unit stands in it."""
        got = self._memo.get("near-city")
        if got is None:
            city = seen.state.scenario.map.cities.get(CITY)
            hexes = list(city.hexes) if city else []
            got = []
            if any(seen.side_at(h, SOVIET) for h in hexes):
                near = seen.distance_field(hexes, CITY_GUARD)
                got = [h for h in seen.enemy_hexes() if h in near]
            self._memo["near-city"] = got
        return got

    def besieged(self, seen: Observed) -> list[str]:
        """The Kirovograd hexes with German units in them, while the Soviet player (with a plan)
        besieges the city (27.B-C: the city is the Opening Moves objective and the early bonus)."""
        got = self._memo.get("besieged")
        if got is None:
            city = seen.state.scenario.map.cities.get(CITY)
            got = []
            if self.side == SOVIET and self.cfg["plan"] and city:
                got = sorted(h for h in city.hexes if seen.enemy_at(h))
            self._memo["besieged"] = got
        return got

    def thin_city(self, seen: Observed) -> list[str]:
        """The Kirovograd hexes the Soviet units hold with less than :data:`CITY_GARRISON` SP
        (27.C: a German unit that drives out their defender and advances in takes the city back)."""
        return sorted(h for h in self.city_hexes(seen) if seen.side_at(h, self.side)
                      and sum(self.strength(seen, u) for u in seen.side_at(h, self.side) if seen.state.board.units[u].ground) < CITY_GARRISON)

    def city_hexes(self, seen: Observed) -> set[str]:
        """The Kirovograd hexes the Soviet player (with a plan) makes for: a unit there stands
        against more than elsewhere (15.7B: the city shifts an attack on it two columns)."""
        city = seen.state.scenario.map.cities.get(CITY)
        return set(city.hexes) if city and self.side == SOVIET and self.cfg["plan"] else set()

    def siege_ring(self, seen: Observed) -> set[str]:
        """The hexes next to a besieged Kirovograd hex (the places to attack it from)."""
        got = self._memo.get("siege-ring")
        if got is None:
            held = set(self.besieged(seen))
            got = self._memo["siege-ring"] = {n for h in held for n in seen.neighbours(h)} - held
        return got

    def goal(self, seen: Observed, uid: str | None = None) -> dict[str, int]:
        """Hex -> steps to the nearest aim (plus the aim's offset); for a hunting German mobile
        unit (:meth:`hunting`) the Soviet hexes of :meth:`hunt` are aims too, as near as any."""
        hunted = self.hunt(seen) if uid is not None and self.hunting(seen, uid) else []
        key = "hunt-goal" if hunted else "goal"
        got = self._memo.get(key)
        if got is None:
            aims = dict(self.aims(seen))
            for h in hunted:
                aims[h] = 0
            got = self._memo[key] = seen.offset_field(aims)
        return got

    def open_exits(self, seen: Observed, hex_id: str) -> int:
        """The hexes next to ``hex_id`` a unit of the side could retreat or move into as far as it
        sees: not enemy-held and not in an overlapping enemy ZOC (13.3B, 17.4A: two enemy hexes
        next to it) unless an own unit stands there (17.4B) or it is a city or town hex (13.7A)."""
        key = ("exits", hex_id)
        got = self._memo.get(key)
        if got is None:
            enemy = set(seen.enemy_hexes())
            towns = self.built_up(seen.state)
            got = 0
            for n in seen.neighbours(hex_id):
                if n in enemy:
                    continue
                if n in towns or seen.side_at(n, self.side) or sum(1 for m in seen.neighbours(n) if m in enemy) < 2:
                    got += 1
            self._memo[key] = got
        return got

    def ringed(self, seen: Observed, hex_id: str) -> bool:
        """A German unit on the line outside a victory place with :data:`RING_EXITS` open hexes
        or fewer around it: the enemy is closing round it (the threat map's players only)."""
        return (self.cfg["threat"] and hex_id not in self.place_hexes(seen.state)
                and any(n in set(seen.enemy_hexes()) for n in seen.neighbours(hex_id))
                and self.open_exits(seen, hex_id) <= RING_EXITS)

    def built_up(self, state) -> frozenset[str]:
        """Every city and town hex of the map (13.7A: no ZOC extends into them)."""
        got = getattr(self, "_built_up", None)
        if got is None:
            got = self._built_up = frozenset(h for c in state.scenario.map.cities.values() for h in c.hexes)
        return got

    def rear(self, seen: Observed) -> dict[str, int]:
        """Steps to the side's own map edge roads (8.3.2A: where its supply comes from)."""
        got = getattr(self, "_rear", None)
        if got is None:
            got = self._rear = seen.distance_field(sorted(seen.state.board.edge_roads.get(self.side, ())))
        return got

    def home(self, seen: Observed) -> dict[str, int]:
        """Steps to the nearest own unit in supply (where a cut-off unit makes for)."""
        got = self._memo.get("home")
        if got is None:
            cut = self.out_of_supply(seen)
            sources = [seen.units[u]["hex"] for u in seen.own() if u not in cut]
            got = self._memo["home"] = seen.distance_field(sources)
        return got

    # ------------------------------------------------------------------ orders (3.3, 5, 6)
    def pick_order(self, state, seen: Observed, decision, by_kind: dict[str, list]):
        """One formation's order at a time, the most pressing formation first; then hand them in."""
        options = by_kind.get("SetOrder", [])
        if not options:
            return by_kind.get("SubmitOrders", [None])[0]
        by_formation: dict[str, list[str]] = {}
        for a in options:
            by_formation.setdefault(a.formation, []).append(a.order)
        tasks = {f: self.task(state, seen, f) for f in by_formation}
        formation = min(by_formation, key=lambda f: (tasks[f][0], f))
        wanted = tasks[formation][1]
        allowed = by_formation[formation]
        spare = self.spare_points(state, seen, decision, formation)
        for order in wanted:
            if order in allowed and state.board.data.orders[order].cost[self.side] <= spare:
                return next(a for a in options if a.formation == formation and a.order == order)
        for order in ("defense", "retreat", *allowed):
            if order in allowed:
                return next(a for a in options if a.formation == formation and a.order == order)
        return None

    def formation_units(self, seen: Observed, formation: str) -> list[str]:
        board = seen.state.board.units
        return [u for u in seen.own() if board[u].formation == formation and not board[u].is_hq]

    def task(self, state, seen: Observed, formation: str) -> tuple[int, tuple[str, ...]]:
        """(urgency: lower first, the orders wanted, best first) of a formation by its task."""
        units = self.formation_units(seen, formation)
        near = self.enemy_near(seen)
        d = min((near.get(seen.units[u]["hex"], 99) for u in units), default=99)
        if not self.cfg["plan"]:
            return d, ("mobile", "defense")
        armoured = sum(1 for u in units if self.mobile_arm(state, u)) * 2 >= max(1, len(units))
        if self.side == SOVIET:
            ring = self.siege_ring(seen)
            besieging = sum(1 for u in units if seen.units[u]["hex"] in ring)
            if besieging and d <= CONTACT:
                if not armoured and 2 * besieging >= len(units):
                    # the siege (21.3, 6.2.2): guns may fire for its attacks, which it makes in both
                    # rounds, at no cost unless it fights; the points go to the guns
                    return d, ("defense", "mobile")
                # not assault (6.2.1A): its units would owe an attack each round, at whatever odds
                # the city's stacks allow
                return d, ("mobile", "defense")
            if d <= CONTACT:
                goal = self.goal(seen)
                storm = any(goal.get(seen.units[u]["hex"], 99) <= STORM for u in units)
                return d, (("assault", "mobile", "defense") if storm else ("mobile", "defense"))
            if d <= NEAR:
                return d, ("mobile", "pursuit", "defense")
            return d, ("pursuit", "mobile", "defense")
        if armoured:
            return d, (("mobile", "defense") if d <= COUNTER + 2 else ("defense", "mobile"))
        return d, ("defense",)

    def spare_points(self, state, seen: Observed, decision, formation: str) -> float:
        """What the formation's track may still spend this turn: its points less the draft's
        costs, capped by this turn's share of the points left over the turns left (8.1)."""
        if not self.cfg["plan"]:
            return math.inf
        track = decision.data["tracks"].get(formation)
        tracks = seen.obs.get("game", {}).get("supply", {})
        have = float(tracks.get(track, 0) or 0)
        spent = sum(state.board.data.orders[o].cost[self.side] for f, o in decision.data["draft"].items()
                    if decision.data["tracks"].get(f) == track)
        left = max(1, len(state.scenario.turns) - state.turn + 1)
        if self.spend_all(state, seen):
            return have - spent
        share = (have + self.deliveries(state, seen)) * SUPPLY_SHARE / left if left > 1 else have
        return min(have - spent, share - spent)

    def spend_all(self, state, seen: Observed) -> bool:
        """Whether the Soviet orders are paid from all the points on the track rather than a
        turn's share (8.1): where points decide (27.A, not Opening Moves' city, 31.1E-H), once
        Kirovograd has fallen (27.B: its early bonus is settled) and while the USSR trails on
        points, so each turn's formations go mobile and take points rather than stand on defense
        orders (one hex a round, 6.2.2A).  Ahead on points it keeps to the share (the historical
        game, where the city falls late with the USSR ahead, keeps its calibrated balance)."""
        got = self._memo.get("spend-all")
        if got is None:
            got = self._memo["spend-all"] = (
                self.side == SOVIET and self.cfg["plan"] and state.board.data.victory.objective != "hold_kirovograd"
                and seen.obs.get("game", {}).get("kirovograd_taken") is not None and self.evaluate(state, self.side) < 0)
        return got

    def deliveries(self, state, seen: Observed) -> float:
        """3.2: the points the turn record still brings the side after this turn (the German
        points shared among its tracks)."""
        from ..rules.kirovograd.board import game_turn

        now = game_turn(state)
        last = state.board.data.first_game_turn - 1 + len(state.scenario.turns)
        record = state.board.data.turn_record
        total = sum(record[t].supply.get(self.side, 0) for t in record if now < t <= last)
        tracks = [t for t in seen.obs.get("game", {}).get("supply", {}) if t.split(":")[0] == self.side]
        return total / max(1, len(tracks))

    # ------------------------------------------------------------------ movement rounds (11, 12, 21.12, 24)
    def move_round(self, state, seen: Observed, by_kind: dict[str, list]):
        """11, 12, 21.12, 25.2: reserves committed, guns turned and armour replacements taken
        (with a plan), then the round's moves."""
        self.new_round(state)
        steps = [("Move", lambda found: self.pick_move(state, seen, found))]
        if self.cfg["plan"]:
            steps[:0] = [("CommitReserve", lambda found: self.pick_commit(seen, found)),
                         ("FlipArtillery", lambda found: self.pick_flip(state, seen, found)),
                         ("TakeReplacements", lambda found: self.pick_refit(seen, found))]
            steps.append(("PlaceReserve", lambda found: self.pick_reserve(state, seen, found)))
        for kind, pick in steps:
            action = pick(by_kind[kind]) if kind in by_kind else None
            if action is not None:
                return action
        return by_kind.get("EndPhase", [None])[0]

    def pick_commit(self, seen: Observed, commits: list):
        """12.3.1: a reserve is committed when the enemy is within a day's march; a German reserve
        of :meth:`pick_reserve` in the second round anyway (12.2C: with its full MA)."""
        near = self.enemy_near(seen)
        second = round_of(seen.state.phase.id) == 2 and self.guards(seen.state)
        placed = seen.state.phase_data.get("moved", ())  # 12.3.1C: a reserve placed this round has ended its move
        for a in commits:
            if a.hexes or a.units[0] in placed:
                continue
            if second or near.get(seen.units[a.units[0]]["hex"], 99) <= NEAR:
                return a
        return None

    def guards(self, state) -> bool:
        """Whether this player keeps a mobile reserve for the enemy's combat rounds (12.3.2): the
        German side, where points decide (27.A)."""
        return self.holding(state) and self.points_decide(state)

    def pick_reserve(self, state, seen: Observed, offers: list):
        """12.1, 12.3.2: in the last movement round of its player turn, once its moves are made, a
        German mobile stack out of the enemy's reach (more than :data:`GUARD_NEAR` hexes away: it
        has nothing to attack this round) goes into reserve, the strongest first.  In the Soviet
        combat rounds it may then step into an attacked hex (:meth:`pick_guard`)."""
        if not self.guards(state) or round_of(state.phase.id) != 2:
            return None
        near = self.enemy_near(seen)
        fit = [a for a in offers if all(self.mobile_arm(state, u) and near.get(seen.units[u]["hex"], 99) > GUARD_NEAR
                                        for u in a.units)]
        return max(fit, key=lambda a: (sum(self.strength(seen, u) for u in a.units), a.units), default=None)

    def pick_guard(self, state, seen: Observed, decision, commits: list):
        """12.3.2: a reserve steps into the attacked hex whose units would give the enemy most if
        destroyed (27.B: an HQ, a gun, a worn unit) and that holds no fresh combat unit of the
        side; None when no attacked hex needs one."""
        targets = set(decision.data.get("targets", ()))
        top, best = 0.0, None
        for a in commits:
            dest = a.hexes[-1] if a.hexes else None
            if dest not in targets or not self.room(seen, a.units[0], dest) or self.company(seen, a.units[0], dest, fresh=True):
                continue
            worth = sum(self.destroyed_bonus(state, u) for u in seen.side_at(dest, self.side))
            if worth > top:
                top, best = worth, a
        return best

    def pick_flip(self, state, seen: Observed, flips: list):
        """21.12: a gun fires by day near the enemy and travels far from it."""
        near = self.enemy_near(seen)
        for a in flips:
            view = seen.units[a.unit]
            travelling = "travelling" in (view.get("flags") or ())
            d = near.get(view["hex"], 99)
            if travelling and d <= GUN_NEAR and a.unit not in self._settled:
                self._settled.add(a.unit)
                return a
            if not travelling and d > GUN_NEAR + 3 and a.unit not in self._settled:
                self._settled.add(a.unit)
                return a
        return None

    def pick_refit(self, seen: Observed, offers: list):
        """25.2: the Soviet armour replacement points go, as soon as they may, to the tank unit
        that has lost most SP, as many as it can take (each SP made good is two points fewer
        for the enemy, 27.B, and a stronger stack is not picked off); the unit spends its round."""
        def lost(a):
            return float(seen.units[a.unit].get("step") or 0)
        return max(offers, key=lambda a: (lost(a), a.points, a.unit), default=None)

    def hex_score(self, seen: Observed, uid: str, hex_id: str) -> float:
        """Lower is better: steps to the unit's aim (:meth:`goal`: for a hunting German panzer
        the lone Soviet HQs and guns too) plus the danger of standing there (the enemy strength
        next to it; an HQ or, where points decide, a worn German panzer without a combat unit of
        its side in the hex, :meth:`hq_exposed`, :meth:`worn_alone`)."""
        state = seen.state
        info = state.board.units[uid]
        cut = self.out_of_supply(seen)
        field = self.home(seen) if uid in cut else self.goal(seen, uid)
        score = float(field.get(hex_id, 99))
        if info.is_hq:
            near = self.formation_near(seen, info.formation).get(hex_id, 99)
            return abs(score - self.hq_depth(seen, info.formation)) + max(0, near - HQ_NEAR) + self.hq_exposed(seen, uid, hex_id)
        if self.holding(state) and uid not in cut and not self.mobile_arm(state, uid):
            here = seen.units[uid]["hex"]
            ringed = self.ringed(seen, here)
            if hex_id == here:
                return RING_STAY if ringed else 0.0
            if field.get(hex_id, 99) > 0:  # infantry on the line moves only into a place that needs a garrison
                rear = self.rear(seen)
                if not ringed or rear.get(hex_id, 99) >= rear.get(here, 99) or self.ringed(seen, hex_id):
                    return 99.0
                score = 0.1 * (rear.get(hex_id, 99) - rear.get(here, 99))  # or out of a ring, toward its own edge
            else:
                score = -1.0
        threat = {} if self.bold(state) else self.threat(seen)  # a bold side never reads the map
        if threat:
            mine = max(1.0, self.strength(seen, uid))
            brave = SIEGE_BRAVE if hex_id in self.siege_ring(seen) or hex_id in self.city_hexes(seen) else BRAVE[self.side]
            score += THREAT_WEIGHT * max(0.0, threat.get(hex_id, 0.0) / mine - brave)
        if hex_id in self.place_hexes(state) and self.side != SOVIET:
            score -= 1.0  # a German unit in a victory place holds it
        if hex_id in self._hold:
            score += HOLD_COST
        if info.is_artillery:
            score += self.gun_exposed(seen, uid, hex_id)
        return score + self.worn_alone(seen, uid, hex_id)

    def company(self, seen: Observed, uid: str, hex_id: str, fresh: bool = False) -> bool:
        """Whether a combat unit of the side other than ``uid`` (not an HQ nor a gun; with
        ``fresh``, one that has lost no SP, 16.0) stands in ``hex_id``: what a lone HQ, gun or
        worn unit near the enemy looks for (27.B)."""
        board = seen.state.board.units
        return any(u != uid and board[u].ground and not board[u].is_hq and not board[u].is_artillery
                   and not (fresh and float(seen.units[u].get("step") or 0)) for u in seen.side_at(hex_id, self.side))

    def hq_exposed(self, seen: Observed, uid: str, hex_id: str) -> float:
        """What standing alone near the enemy costs an HQ of either side (hexes of distance): an
        HQ with no own combat unit in its hex within :data:`HQ_EXPOSED` hexes of the enemy is
        attacked alone at high odds and destroyed (27.B: its whole printed worth twice).  Only
        where points decide (27.A; not Opening Moves, won by the city alone, 31.1E-H, where it
        turned the German side's wins into draws: Opening Moves seeds 1-20 gave 8 wins, 10 draws,
        2 losses against 13, 7, 0).  The Soviet HQs weigh it too since 4 December: against
        ``greedy`` in the historical game Soviet HQs destroyed had given the German side about a
        fifth of its points (seeds 1-7, `tools/kiro_points.py`).  A German HQ weighs it farther
        from the enemy (5 hexes, not 3): the Soviet units move before they attack, and lone German
        HQs destroyed gave ``greedy`` about a third of its points (historical seed 17); German
        ``ai`` against ``greedy``, historical seeds 1-40: 26 wins with 5, 23 with 3."""
        if not self.cfg["plan"] or not self.points_decide(seen.state) \
                or self.enemy_near(seen).get(hex_id, 99) > HQ_EXPOSED[self.side]:
            return 0.0
        return 0.0 if self.company(seen, uid, hex_id) else HQ_ALONE

    def worn_alone(self, seen: Observed, uid: str, hex_id: str) -> float:
        """What a hex without a fresh German combat unit in it costs a worn (SP lost, 16.0) German
        mobile unit within :data:`WORN_NEAR` hexes of the enemy (hexes of distance): alone it is
        attacked at high odds and destroyed, 27.B then giving its whole printed worth twice;
        with a fresh unit the stack stands at better odds.  Only where points decide (27.A)."""
        state = seen.state
        if not self.holding(state) or not self.points_decide(state) or not self.mobile_arm(state, uid) \
                or not float(seen.units[uid].get("step") or 0) or self.enemy_near(seen).get(hex_id, 99) > WORN_NEAR:
            return 0.0
        return 0.0 if self.company(seen, uid, hex_id, fresh=True) else WORN_ALONE

    def gun_exposed(self, seen: Observed, uid: str, hex_id: str) -> float:
        """What standing alone near the enemy costs a Soviet gun (hexes of distance): a gun with
        no Soviet combat unit in its hex within :data:`GUN_EXPOSED` hexes of the enemy is
        attacked alone and destroyed, and the enemy scores it (27.B: its whole printed worth
        twice; ``greedy`` picks off lone guns).  Only while the orders are paid from the whole
        track (:meth:`spend_all`: points decide, the city has fallen, the USSR trails): weighed
        from the start of the historical game, it brought the city's fall forward from turns 11
        and 10 to 5 and 7 on seeds 1-2, against the shape the charts are calibrated on."""
        if not self.spend_all(seen.state, seen) or self.enemy_near(seen).get(hex_id, 99) > GUN_EXPOSED:
            return 0.0
        return 0.0 if self.company(seen, uid, hex_id) else GUN_ALONE

    def hold_off(self, seen: Observed) -> dict[str, int]:
        """The Soviet plan for an empty Kirovograd where the city decides the game (31.1E-H:
        Opening Moves, won only holding all its hexes at the end): the hexes within
        :data:`HOLD_OFF` of it, which its units keep out of while fewer of them can reach a city
        hex this movement round than the city has hexes and an enemy unit stands within
        :data:`HOLD_ENEMY` hexes of it; empty when they can (they then fill its hexes one after
        the other), when no enemy is near, or once a unit of either side stands in it.  A few units
        in the city draw the enemy's reserves into its empty hexes, where the city's column
        (15.7B) and its stacks then hold them for the rest of the game.  Where points decide
        (27.A) it plays no part: there the rush into an empty city put the Soviet side far ahead
        of the German ``ai`` (historical games, seeds 1-2: +254 and +9 against +50 and -78)."""
        city = sorted(self.city_hexes(seen))
        if not city or seen.state.board.data.victory.objective != "hold_kirovograd" or any(seen.at.get(h) for h in city) \
                or min(self.enemy_near(seen).get(h, 99) for h in city) > HOLD_ENEMY:
            return {}
        able = 0
        for g, (n, make) in sorted(self._walks.items()):
            if len(g) == 1 and not seen.state.board.units[g[0]].is_hq and any(make(i).path[-1] in city for i in range(n)):
                able += 1
        return {} if able >= len(city) else seen.distance_field(city, HOLD_OFF)

    def garrisons(self, seen: Observed) -> set[str]:
        """27.C: the strongest own combat unit in each victory place hex stays there (a place is
        held by standing in it, or for the USSR also by a road to the east edge that no German
        unit or ZOC cuts)."""
        keep = set()
        for h in self.place_hexes(seen.state):
            mine = [u for u in seen.side_at(h, self.side) if u in set(self.combat_units(seen, self.side))]
            if mine:
                keep.add(max(mine, key=lambda u: (self.strength(seen, u), u)))
        return keep

    def formation_near(self, seen: Observed, formation: str | None) -> dict[str, int]:
        """Hex -> steps to the nearest unit of the formation (all the side's combat units when it
        has none left), where its HQ stays (without it an HQ keeping its depth behind the front
        drifted along it to the map's edge)."""
        key = ("formation-near", formation)
        got = self._memo.get(key)
        if got is None:
            units = self.formation_units(seen, formation) if formation else []
            units = units or self.combat_units(seen, self.side)
            got = self._memo[key] = seen.distance_field([seen.units[u]["hex"] for u in units], 12)
        return got

    def hq_depth(self, seen: Observed, formation: str | None) -> float:
        key = ("hq-depth", formation)
        got = self._memo.get(key)
        if got is None:
            field = self.goal(seen)
            ds = sorted(field.get(seen.units[u]["hex"], 99) for u in (self.formation_units(seen, formation) if formation else ()))
            if not ds:
                ds = sorted(field.get(seen.units[u]["hex"], 99) for u in self.combat_units(seen, self.side))
            got = self._memo[key] = (ds[len(ds) // 2] + HQ_BEHIND) if ds else HQ_BEHIND
        return got

    def pick_move(self, state, seen: Observed, moves: list):
        """11: reinforcements enter first (24); then the round's plan, made once when the round
        opens: each unit's best reachable hex, the units that gain most first.  Each planned move
        is checked again when its turn comes (an earlier move may have filled the hex)."""
        entering: dict[tuple, dict[str, tuple]] = {}
        for m in moves:  # reinforcements: each entry hex is listed (24.4A)
            entering.setdefault(m.units, {})[m.path[-1]] = m.path
        goal = self.goal(seen)
        for g in sorted(entering):  # 24.4A: at the entry hex nearest the aims
            dest = min(entering[g], key=lambda h: (goal.get(h, 99), h))
            return Move(units=g, path=entering[g][dest])
        if self._queue is None:
            self._hold = self.hold_off(seen)
            planned = []
            keep = self.garrisons(seen) if self.cfg["plan"] else set()
            for g in sorted(self._walks):
                if len(g) != 1 or g[0] in keep:
                    continue
                found = self.best_hex(seen, g)
                if found is not None:
                    planned.append((-found[1], g))
            self._queue = [g for _, g in sorted(planned)]
        while self._queue:
            g = self._queue.pop(0)
            if g not in self._walks:
                continue  # it moved with another group, or may not move now
            found = self.best_hex(seen, g)
            if found is not None:
                return Move(units=g, path=found[0])
        return None

    def best_hex(self, seen: Observed, g: tuple):
        """(path, gain) of the unit's best reachable hex (the hexes nearest its own :meth:`goal`
        weighed first), None when none gains :data:`MIN_GAIN`."""
        uid = g[0]
        here = seen.units[uid]["hex"]
        goal = self.goal(seen, uid)
        n, make = self._walks[g]
        reach = {}
        for i in range(n):
            path = make(i).path
            reach[path[-1]] = path
        now = self.hex_score(seen, uid, here)
        top, top_gain = None, MIN_GAIN
        for dest in sorted(reach, key=lambda h: (goal.get(h, 99), h))[: self.cfg["hexes"]]:
            if dest == here or not self.room(seen, uid, dest):
                continue
            gain = now - self.hex_score(seen, uid, dest)
            if gain > top_gain:
                top, top_gain = dest, gain
        return None if top is None else (reach[top], top_gain)

    def room(self, seen: Observed, uid: str, hex_id: str) -> bool:
        """9.1A: a move that would over-stack the hex is not made (weights: a division two, else one)."""
        from ..rules.kirovograd.board import STACK_LIMIT, STACK_WEIGHT

        board = seen.state.board.units

        def weight(u):
            info = board[u]
            return 0 if info.is_hq or not info.ground else STACK_WEIGHT.get(info.size, 1)

        there = sum(weight(u) for u in seen.side_at(hex_id, self.side) if u != uid)
        return there + weight(uid) <= STACK_LIMIT

    # ------------------------------------------------------------------ combat (14, 15)
    def declare(self, state, seen: Observed, by_kind: dict[str, list]):
        """15.1: the round's attacks are planned when it opens (:meth:`plan_attacks`) and declared
        one by one, each built step by step; when the rules still owe attacks (14.1C, 6.2.1A)
        the attacks owed are declared (:meth:`owed_attacks`), or the last one is withdrawn."""
        self.new_round(state)
        fight = seen.obs.get("phase_data", {}).get("fight") or {}
        if fight.get("draft") is not None:
            return self.continue_draft(state, seen, by_kind)
        if self._attacks is None:
            self._attacks = self.plan_attacks(state, seen, ATTACK_FLOOR)
        openings = {a.hex: a for a in by_kind.get("AttackHex", [])}
        while self._attacks:
            targets, attackers, *fire = self._attacks.pop(0)
            if targets[0] in openings:
                self._plan = draft_steps(targets, attackers, fire)
                return openings[targets[0]]
        if "EndPhase" in by_kind:
            return by_kind["EndPhase"][0]
        self._owed += 1
        if self._owed <= 4:
            self._attacks = self.owed_attacks(state, seen)
            if self._attacks:
                return self.declare(state, seen, by_kind)
        if "WithdrawAttack" in by_kind:
            return by_kind["WithdrawAttack"][-1]
        if not self._restarted:  # every attack withdrawn: once a round, the bare duties alone (6.2.1A)
            self._restarted, self._owed = True, 0
            self._attacks = self.owed_attacks(state, seen)
            if self._attacks:
                return self.declare(state, seen, by_kind)
        return None  # the rules owe something this player cannot find: any legal step

    def owed_attacks(self, state, seen: Observed) -> list:
        """14.1C: the enemy hexes whose ZOC reaches a hex of the round's attackers and that no
        attack hits yet, each attacked by the free units next to it (the best priced group), or
        by the guns alone; 6.2.1A: a formation on assault orders that has not attacked attacks
        with the best group it can."""
        from ..rules.kirovograd.zoc import zoc_of

        fight = state.phase_data.get("fight") or {}
        declared = fight.get("attacks", [])
        used = {u for a in declared for u in a["attackers"]}
        attacked = {t for a in declared for t in a["targets"]}
        sources = {h: {src.hex for src in found} for h, found in zoc_of(state, self.enemy).items()}
        hexes = {state.units[u].hex for u in used}
        missing = sorted({s for h in hexes for s in sources.get(h, ())} - attacked)
        able = [u for u in self.able_units(state) if u not in used]
        out = []
        for r in missing:
            groups: dict[str, list[str]] = {}
            for u in able:
                if r in seen.neighbours(state.units[u].hex):
                    groups.setdefault(self.order_of(seen, u), []).append(u)
            priced = [(self.price(state, seen, tuple(g), (r,)), tuple(g)) for g in groups.values()]
            priced = [(p[0], g) for p, g in priced if p is not None]
            if priced:
                _, g = max(priced)
                out.append(((r,), g))
                able = [u for u in able if u not in g]
            else:
                out.append(((r,), ()))  # a barrage alone meets the duty (14.1D)
        from ..rules.kirovograd.reserves import formation_of

        orders = seen.obs.get("turn_data", {}).get("orders", {}).get(self.side, {})
        attacking = {formation_of(state, u) for u in used}
        for formation, order in sorted(orders.items()):
            if order != "assault" or formation in attacking:
                continue
            mine = [u for u in able if formation_of(state, u) == formation]
            best = None
            for u in mine:
                here = state.units[u].hex
                ties = sources.get(here, set()) - attacked  # 14.3H: one attack on them all meets 14.1C
                for n in seen.neighbours(here):
                    if seen.enemy_at(n):
                        targets = (n, *sorted(ties - {n}))
                        p = self.price(state, seen, (u,), targets)
                        if p is not None and (best is None or p[0] > best[0]):
                            best = (p[0], targets, (u,))
            if best is not None:
                out.append((best[1], best[2]))
        return out

    def floor_for(self, state, seen: Observed, attackers, floor: float) -> float:
        """A German player holding the line attacks with units on defense orders only at
        :data:`HOLD_FLOOR` (the panzers on mobile orders strike at the common floor), except in
        the game's last player turn (:meth:`last_word`), when there is no line left to hold.
        Where points decide (27.A: the historical game, the Endgame) the floor is the lower
        :data:`POINTS_HOLD_FLOOR`: the SP an attack takes are points.  Against ``greedy`` in the
        historical game it won 23 of seeds 1-40 where :data:`HOLD_FLOOR` won 18
        (docs/reconstruction/kirovograd.md, "5 December (morning)")."""
        if self.holding(state) and all(self.order_of(seen, u) == "defense" for u in attackers) and not self.last_word(state):
            return max(floor, POINTS_HOLD_FLOOR if self.points_decide(state) else HOLD_FLOOR)
        return floor

    def last_word(self, state) -> bool:
        """Whether this is the game's last player turn (3.6: the second player turn of the last
        game turn, 3.7): no enemy player turn follows, so the points of 27.B are all an attack
        can still change (a hex given up costs nothing more)."""
        return state.turn >= len(state.scenario.turns) and state.phase.id.startswith(("move_2", "combat_2"))

    def continue_draft(self, state, seen: Observed, by_kind: dict[str, list]):
        """The attack being declared: its attackers, its further targets (14.3H), then (``ai``)
        its HQ support (22) and guns (21) while the supply track can pay for them
        (:meth:`may_fire`), then confirm; cancelled when it cannot be.  A draft opened with no plan
        (the hex was the only legal step, so :meth:`choose` took it without :meth:`declare`: an
        attack the rules owe, 14.1C) takes the plan of the owed attack on its hex; cancelling it
        would only open it again, for ever."""
        draft = (state.phase_data.get("fight") or {}).get("draft") or {}
        if not self._plan and not draft.get("attackers") and not draft.get("guns") and draft.get("targets"):
            owed = next((a for a in self.owed_attacks(state, seen) if a[0][0] == draft["targets"][0]), None)
            if owed is not None:
                targets, attackers, *fire = owed
                self._plan = draft_steps(targets, attackers, fire)
        while self._plan:
            what, name = self._plan.pop(0)
            if what == "unit":
                got = next((a for a in by_kind.get("AddAttacker", []) if a.unit == name), None)
            elif what == "gun":
                got = next((a for a in by_kind.get("AddSupport", []) if a.unit == name), None)
            else:
                got = next((a for a in by_kind.get("AttackHex", []) if a.hex == name), None)
            if got is not None:
                return got
        supports = by_kind.get("AddSupport", [])
        flying = [a for a in supports if state.board.units[a.unit].kind == "air"]
        if flying and draft.get("attackers"):
            return flying[0]  # 28.4.1A: a ground attack flight over the target joins (it flew for this)
        supports = [a for a in supports if a not in flying]
        if self.cfg["support"] or not draft.get("attackers"):
            hqs = [a for a in supports if state.board.units[a.unit].is_hq]
            if hqs and draft.get("attackers"):
                return hqs[0]
            guns = [a for a in supports if not state.board.units[a.unit].is_hq]
            alone = not draft.get("attackers")  # 14.3J: one gun meets the duty (the Soviet ai spares the rest)
            spare = alone and self.side == SOVIET and self.cfg["plan"] and draft.get("guns")
            if guns and ((alone and not spare) or (not alone and len(draft.get("guns", ())) < GUNS_PER_ATTACK
                                                                and self.may_fire(state, seen, guns[0].unit))):
                return guns[0]
        if "ConfirmAttack" in by_kind:
            return by_kind["ConfirmAttack"][0]
        target = (draft.get("targets") or [None])[0]
        self._cancels[target] = self._cancels.get(target, 0) + 1
        if self._cancels[target] > 2 and by_kind.get("AddAttacker"):  # opened again and again: the rules want it made
            return by_kind["AddAttacker"][0]
        return by_kind.get("CancelAttack", [None])[0]

    def may_fire(self, state, seen: Observed, gun: str) -> bool:
        """21.3: a shot costs a supply point; the guns fire while the track keeps
        :data:`FIRE_RESERVE` points for each turn left (orders come first).  Where points decide
        (27.A: every SP a shot takes is points) the Soviet track keeps
        :data:`POINTS_FIRE_RESERVE` and counts the points the turn record still brings it (3.2,
        :meth:`deliveries`): on the track alone, against 4 points a turn left, its guns were
        silent for most of the historical game (64 points on turn 7 against 68) while the
        city's stacks held.  The record brings the USSR more than 2 points a turn in the
        historical game and the Endgame, so there its guns fire whenever the track holds a
        point.  In Opening Moves, won by the city (31.1E-H), the points are kept for the orders
        (firing more there turned two of twenty wins against ``greedy`` into draws).  The German
        points go to whichever dump is linked (8.5.1C), so a German track counts what it holds."""
        from ..rules.kirovograd import reserves, supply

        track = supply.track_for(state, reserves.formation_of(state, gun), self.side, known=True)  # the links its side knows of (29, 30)
        if track is None:
            return False
        have = float(seen.obs.get("game", {}).get("supply", {}).get(track, 0) or 0)
        left = max(0, len(state.scenario.turns) - state.turn)
        if self.side == SOVIET and self.points_decide(state):
            return have >= 1 and have + self.deliveries(state, seen) > POINTS_FIRE_RESERVE * left
        return have > FIRE_RESERVE[self.side] * left

    def able_units(self, state) -> list[str]:
        """The own ground units that may attack this round (14.2, 14.3E, 12.2, 6.2.3A, 6.2.5A)."""
        from ..rules.kirovograd.fight import attacker_refusal

        f = (state.phase_data.get("fight") or {})
        record = {"attacks": f.get("attacks", []), "draft": None, "hq": {}}
        return [u for u, rec in sorted(state.units.items()) if rec.side == self.side and rec.hex is not None
                and attacker_refusal(state, record, u) is None]

    def plan_attacks(self, state, seen: Observed, floor: float, first_only: bool = False) -> list:
        """The round's attacks: [(targets, attackers)].  Attacks are priced (:meth:`price`) and
        taken best first, each as a package with the attacks 14.1C then owes: every enemy hex
        whose ZOC reaches an attacker's hex is added to an attack whose units are all next to it
        (14.3H), or attacked by unused units; a package the side cannot complete, or whose
        worth is below ``floor``, is dropped.  The groups priced against a hex are those of
        :meth:`attack_groups`."""
        from ..rules.kirovograd.zoc import zoc_of

        sources = {h: {src.hex for src in found} for h, found in zoc_of(state, self.enemy).items()}
        able = self.able_units(state)
        at = {u: state.units[u].hex for u in able}
        by_target: dict[str, dict[str, list[str]]] = {}
        enemy = set(seen.enemy_hexes())
        for u in able:
            for n in seen.neighbours(at[u]):
                if n in enemy:
                    by_target.setdefault(n, {}).setdefault(self.order_of(seen, u), []).append(u)
        siege = set(self.besieged(seen)) if self.cfg["support"] else set()
        candidates = []
        for t, groups in sorted(by_target.items()):
            for attackers in self.attack_groups(state, seen, t, groups, at, sources):
                guns = self.guns_for(state, seen, tuple(attackers), (t,)) if t in siege else ()
                priced = self.price(state, seen, tuple(attackers), (t,), guns)
                if priced is not None:
                    candidates.append((priced[0] if self.cfg["plan"] else priced[1], priced[0], t, tuple(attackers)))
        candidates.sort(key=lambda c: (-c[0], c[2], c[3]))
        used: set[str] = set()
        attacked: set[str] = set()
        fired: set[str] = set()  # guns a planned attack counts on (14.3E: each fires once a round)
        plan: list = []
        for _, worth, t, attackers in candidates:
            if self.budget.spent() and plan:
                break
            need = -math.inf if first_only else self.floor_for(state, seen, attackers, floor)
            if worth < need or t in attacked or used & set(attackers):
                continue
            guns = self.guns_for(state, seen, attackers, (t,), fired) if t in siege else ()
            package = self.package(state, seen, t, attackers, at, sources, used, attacked, by_target, guns, fired)
            if package is None:
                continue
            total = sum(p[2] for p in package)
            if total < need:
                continue
            for targets, units, _, fire in package:
                plan.append((targets, units, fire))
                used.update(units)
                attacked.update(targets)
                fired.update(fire)
            if first_only:
                break
        if self.holding(state) and self.cfg["support"] and self.last_word(state) and not first_only:
            plan += self.last_barrages(state, seen, attacked, fired)
        return plan

    def attack_groups(self, state, seen: Observed, t: str, groups: dict[str, list[str]], at, sources) -> list[list[str]]:
        """The groups that may attack ``t``: its neighbours able to attack, grouped by their
        orders.  While the Soviet orders are paid from the whole track
        (:meth:`spend_all`: points decide, the city has fallen and the USSR trails), the units of
        a group that no other enemy hex binds (no other enemy ZOC reaches their hex, 14.1C) are
        also priced as a group of their own: their attack owes nothing more, where the whole
        group's owes attacks on every hex whose ZOC reaches one of its units."""
        out = [list(g) for g in groups.values()]
        if not self.spend_all(state, seen):
            return out
        for attackers in groups.values():
            free = [u for u in attackers if not sources.get(at[u], set()) - {t}]
            if free and len(free) < len(attackers):
                out.append(free)
        return out

    def last_barrages(self, state, seen: Observed, attacked: set[str], fired: set[str]) -> list:
        """[(targets, (), guns)]: in the game's last player turn (:meth:`last_word`) the guns no
        planned attack counts on fire alone (14.3J, 21.1) on the enemy hexes no attack hits, each
        hex by the guns that price it best, while the worth is above the floor: no later turn
        needs the supply points a shot costs (21.3), and the SP it may take are points (27.B)."""
        out = []
        shooting = set(fired)
        for _ in range(len(seen.enemy_hexes())):
            best = None
            for t in sorted(set(seen.enemy_hexes()) - attacked):
                guns = self.guns_for(state, seen, (), (t,), shooting)
                priced = self.price(state, seen, (), (t,), guns) if guns else None
                if priced is not None and priced[0] >= ATTACK_FLOOR and (best is None or priced[0] > best[0]):
                    best = (priced[0], t, guns)
            if best is None:
                break
            out.append(((best[1],), (), best[2]))
            attacked.add(best[1])
            shooting.update(best[2])
        return out

    def package(self, state, seen, t, attackers, at, sources, used, attacked, by_target, guns=(), fired=frozenset()):
        """[(targets, attackers, worth, guns)]: the attack on ``t`` (with ``guns`` firing) and those
        14.1C makes it owe; None when they cannot all be made.  An owed hex is added to an attack
        whose units are all next to it (14.3H), or attacked by free units, or (``ai``, while
        besieging Kirovograd) fired on by one gun alone (14.3J), whichever the odds query prices
        best.  While the Soviet orders are paid from the whole track (:meth:`spend_all`) an owed
        hex joins an attack only when the joint attack is worth at least the attack alone plus
        the owed hex attacked apart (a further target adds its defenders to the odds, 14.3H)."""
        attacks = [[[t], list(attackers), tuple(guns)]]
        busy = set(used) | set(attackers)
        shooting = set(fired) | set(guns)
        besieged = set(self.besieged(seen))
        siege = bool(besieged) and self.cfg["support"]
        weigh = self.spend_all(state, seen)  # every owed hex's merge is priced, not the city's alone
        owed = [h for h in sorted({s for u in attackers for s in sources.get(at[u], ())}) if h not in attacked and h != t]
        while owed:
            r = owed.pop(0)
            if any(r in a[0] for a in attacks):
                continue
            merged = next((a for a in attacks if all(r in seen.neighbours(at[u]) for u in a[1])), None)
            if merged is not None and not weigh and not (siege and r in besieged):
                merged[0].append(r)
                continue
            groups = by_target.get(r, {})
            best = None
            for units in groups.values():
                free = tuple(u for u in units if u not in busy)
                if free:
                    priced = self.price(state, seen, free, (r,))
                    if priced is not None and (best is None or priced[0] > best[1]):
                        best = (free, priced[0], ())
            if siege and r in besieged and (best is None or best[1] < 0):
                barrage = self.guns_for(state, seen, (), (r,), shooting, most=1)
                priced = self.price(state, seen, (), (r,), barrage) if barrage else None
                if priced is not None and (best is None or priced[0] > best[1]):
                    best = ((), priced[0], barrage)
            if merged is not None:
                alone = self.price(state, seen, tuple(merged[1]), tuple(merged[0]), merged[2])
                joint = self.price(state, seen, tuple(merged[1]), tuple(merged[0] + [r]), merged[2])
                if best is None or (alone is not None and joint is not None and joint[0] >= alone[0] + best[1]):
                    merged[0].append(r)
                    continue
            if best is None:
                return None
            attacks.append([[r], list(best[0]), best[2]])
            busy.update(best[0])
            shooting.update(best[2])
            owed += [h for h in sorted({s for u in best[0] for s in sources.get(at[u], ())}) if h not in attacked]
        out = []
        for targets, units, fire in attacks:
            priced = self.price(state, seen, tuple(units), tuple(targets), fire)
            if priced is None:
                return None
            out.append((tuple(targets), tuple(units), priced[0], fire))
        return out

    def order_of(self, seen: Observed, uid: str) -> str:
        from ..rules.kirovograd.orders import order_of

        return order_of(seen.state, uid)

    def guns_for(self, state, seen: Observed, attackers: tuple[str, ...], targets: tuple[str, ...], taken=frozenset(),
                 most: int = GUNS_PER_ATTACK) -> tuple[str, ...]:
        """21.1-21.4: up to ``most`` own guns, the strongest first, that the odds query lets fire
        for this attack (range, orders, formation, supply) and that the track can pay for
        (:meth:`may_fire`), leaving out those ``taken`` by other attacks of the round."""
        board = state.board.units
        near = sorted((u for u in seen.own() if board[u].is_artillery and u not in taken and seen.units[u].get("hex")
                       and board[u].values.range is not None
                       and min(state.board.distance(seen.units[u]["hex"], t) for t in targets) <= board[u].values.range),
                      key=lambda u: (-(board[u].values.barrage or 0), u))
        chosen: tuple[str, ...] = ()
        for g in near:
            if len(chosen) >= most:
                break
            if not self.may_fire(state, seen, g):
                continue
            try:
                state.rules.combat_preview(state, attackers, targets, guns=chosen + (g,))
            except IllegalAction:
                continue
            chosen += (g,)
        return chosen

    def price(self, state, seen: Observed, attackers: tuple[str, ...], targets: tuple[str, ...], guns: tuple[str, ...] = ()):
        """(worth in points, the final column's index) of an attack (with ``guns`` firing for it),
        from the odds query; None when refused."""
        key = ("price", attackers, targets, guns)
        if key in self._memo:
            return self._memo[key]
        try:
            preview = state.rules.combat_preview(state, attackers, targets, guns=guns)
        except IllegalAction:
            self._memo[key] = None
            return None
        defenders = [u for t in targets for u in seen.enemy_at(t)]
        rate_d = self.vp_rate(state, defenders)
        rate_a = self.vp_rate(state, attackers)
        place = any(t in self.place_hexes(state) or t in self.town_hexes(state) for t in targets)
        if self.side == SOVIET and self.cfg["plan"] and set(targets) & set(self.near_city(seen)):
            place = True  # 27.C: driving them off keeps the city's hold
        bonus = CITY_BONUS if set(targets) & set(self.besieged(seen)) else PLACE_BONUS
        defenders_sp = sum(self.strength(seen, u) for u in defenders) or 1.0
        attackers_sp = sum(self.strength(seen, u) for u in attackers) or 1.0
        worth = 0.0
        for text, p in preview.chances.items():
            r = parse_result(text)
            lost_d = min(r.defender.loss, defenders_sp)
            lost_a = min(r.attacker.loss, attackers_sp)
            gain = lost_d * rate_d * (2.0 if lost_d >= defenders_sp else 1.0) + r.defender.retreat * RETREAT_HEX
            if place and r.defender.retreat:
                gain += bonus
            cost = lost_a * rate_a * (2.0 if lost_a >= attackers_sp else 1.0) + r.attacker.retreat * RETREAT_HEX
            if not attackers:
                cost = 0.0  # 21.7A: guns firing alone, in no hex of the fight, lose nothing
            worth += float(p) * (gain - self.cfg["loss_weight"] * cost)
        columns = list(state.scenario.tables[state.board.data.crt.table].columns)
        col = columns.index(preview.column) if preview.column in columns else (-1 if preview.column.startswith("<") else len(columns))
        got = self._memo[key] = (worth, col)
        return got

    def vp_rate(self, state, units) -> float:
        """27.B: points per SP of these units (the mean of their classes)."""
        from ..rules.kirovograd.victory import category

        per = state.board.data.victory.per_sp
        rates = [per[category(state.board.units[u].kind, state.board.units[u].armored)] for u in units]
        return sum(rates) / len(rates) if rates else 1.0

    # ------------------------------------------------------------------ decisions
    def decide(self, state, seen: Observed, decision, by_kind: dict[str, list]):
        kind = decision.kind
        if kind == "orders":
            return self.pick_order(state, seen, decision, by_kind)
        if kind in ("air_commitment", "air_loss", "air_return"):
            return self.air(state, decision, by_kind)
        if "ChooseResult" in by_kind:
            return self.choose_result(state, seen, decision, by_kind["ChooseResult"])
        if "ChooseLoss" in by_kind and self.holding(state):
            return self.choose_loss(state, seen, decision, by_kind["ChooseLoss"])
        if "Retreat" in by_kind:
            return self.retreat(seen, by_kind["Retreat"])
        if "RetreatAlong" in by_kind:
            return by_kind["RetreatAlong"][0]
        if "Advance" in by_kind or "EndAdvance" in by_kind:
            return self.advance(state, seen, by_kind)
        if "SupportDefence" in by_kind:
            if self.cfg["support"]:
                for a in by_kind["SupportDefence"]:
                    if state.board.units[a.unit].is_hq or self.may_fire(state, seen, a.unit):
                        return a
            return by_kind.get("EndSupport", [None])[0]
        if "DeclineReserve" in by_kind:
            guard = self.pick_guard(state, seen, decision, by_kind.get("CommitReserve", [])) if self.guards(state) else None
            return guard or by_kind["DeclineReserve"][0]
        options = [a for kind_list in by_kind.values() for a in kind_list]
        return best_by_lookahead(state, self.side, options, self.evaluate, self.rng, self.budget)

    def air(self, state, decision, by_kind: dict[str, list]):
        """28: a simple air policy.  Pair the first patrol offered (28.10.1A); move no patrol; commit a
        bomber or ground attack unit over an enemy hex next to a friendly unit (the phasing side) or
        over a friendly hex next to the enemy (the other side, 28.4.1C), while one may fly; then end
        the commitment."""
        if "PairAir" in by_kind:
            return by_kind["PairAir"][0]
        if "AirStrike" in by_kind:  # 28.10.2A, 28.9.1C: an attack the side may make: it makes it
            return by_kind["AirStrike"][0]
        if "TakeAirLoss" in by_kind:  # 28.10.4A, 28.11A: the point on the unit with the most left, so none is destroyed first
            return max(by_kind["TakeAirLoss"], key=lambda a: self.air_left(state, a.unit))
        if "ReturnAir" in by_kind:  # 28.2E: back on the strip unless enemy ground units are near it
            return self.landing(state, by_kind["ReturnAir"])
        own = {h for h, ids in state.at.items() if any(state.units[u].side == self.side and state.board.units[u].ground for u in ids)}
        foe = {h for h, ids in state.at.items() if any(state.units[u].side != self.side and state.board.units[u].ground for u in ids)}
        for a in by_kind.get("FlyMission", []):
            if a.mission != "ground_attack" or len(a.units) != 1 or a.escort:
                continue
            if state.board.units[a.units[0]].values.aircraft == "fighter":
                continue
            near = own if a.hex in foe else foe
            if any(n in near for n in state.board.nbrs[a.hex]):
                return a
        return by_kind["EndAirTurn"][0]

    @staticmethod
    def air_left(state, unit_id: str) -> int:
        from ..rules.kirovograd.air import strongest

        return strongest(state, unit_id) - state.units[unit_id].step

    def landing(self, state, options: list):
        """28.2E: the strip (it flies again next player turn, 28.2B) when no enemy counter the side sees
        stands within four hexes of it, else the unready box (30.3: an overrun strip loses its units)."""
        from ..rules.kirovograd import seen as seen_mod

        unit = options[0].unit
        strip = state.game.get("airstrips", {}).get(state.game["air"][unit]["base"])
        near = strip is not None and any(state.board.distance(h, strip) <= 4 for h in seen_mod.enemy_hexes(state, self.side))
        return next(a for a in options if a.to == ("box" if near else "strip"))

    def choose_result(self, state, seen: Observed, decision, choices: list):
        """15.9: the (SP, hexes) pair that costs least: an SP at its 27.B points (twice when it
        destroys the unit), a hex at :data:`RETREAT_HEX`, or :data:`PLACE_RETREAT` for a
        defender leaving a victory place or a German line it holds."""
        now = (seen.obs.get("phase_data", {}).get("fight") or {}).get("now") or {}
        who = decision.data.get("who")
        if who == "defender":
            hexes = list(now.get("targets", ()))
            units = [u for h in hexes for u in seen.side_at(h, self.side) if state.board.units[u].ground]
        else:
            units = [u for u in now.get("start", {}) if u in seen.units and seen.units[u]["side"] == self.side]
            hexes = sorted({seen.units[u]["hex"] for u in units if seen.units[u].get("hex")})
        sp = sum(self.strength(seen, u) for u in units) or 1.0
        weakest = min((self.strength(seen, u) for u in units), default=1.0)
        rate = self.vp_rate(state, units)
        if self.cfg["plan"] and units:  # 27.B: a destroyed unit's whole printed worth counts again
            frail = min(units, key=lambda u: (self.strength(seen, u), u))
            death = self.destroyed_bonus(state, frail)
        else:
            death = weakest * rate
        places = self.place_hexes(state)
        per_hex = RETREAT_HEX
        if who == "defender" and self.cfg["plan"]:
            if any(h in places for h in hexes):
                per_hex = PLACE_RETREAT
            elif self.holding(state):
                per_hex = LINE_RETREAT
        if who == "defender":
            fought, held = sorted(set((now.get("start") or {}).values())), []
        else:
            fought, held = list(now.get("targets", ())), list(now.get("targets", ()))

        def cost(a):
            lost = min(a.loss, sp)
            destroyed = death if lost >= weakest else 0.0  # 27.B: a unit destroyed counts twice
            ringed = self.retreat_cost(state, seen, units, a.retreat, fought, held, lost) if self.cfg["plan"] else 0.0
            return lost * rate + destroyed + a.retreat * per_hex + ringed

        return min(choices, key=lambda a: (cost(a), a.loss, a.retreat))

    def choose_loss(self, state, seen: Observed, decision, choices: list):
        """16.0: the unit that takes the next SP is the one whose loss gives the enemy fewest
        points (27.B): an SP at its class's rate, or, when it is the unit's last, the unit's whole
        printed worth twice less what its earlier losses already gave; then the unit with the most
        SP left (the losses are placed one by one and taken together, so a look ahead sees no
        difference between them: before, the first listed took it, often a worn HQ)."""
        from ..rules.kirovograd.victory import full_strength

        allot = (((state.phase_data.get("fight") or {}).get("now") or {}).get("allot") or {}).get(decision.data.get("who")) or {}
        marked = list(allot.get("order", ())) + list(allot.get("extra", ()))
        factor = state.board.data.victory.destroyed_unit_factor

        def key(a):
            info = state.board.units[a.unit]
            full = float(full_strength(info))
            lost = float(seen.units[a.unit].get("step") or 0) + marked.count(a.unit)
            whole = max(full, 2.0) if info.is_artillery else full  # 16.0F, 21.7C: a gun goes at two losses at least
            left = whole - lost
            rate = self.vp_rate(state, [a.unit])
            cost = rate if left > 1 else factor * full * rate - lost * rate
            return (cost, -left, a.unit)

        return min(choices, key=key)

    def retreat_cost(self, state, seen: Observed, units: list[str], hexes: int, fought, held, lost: float = 0.0) -> float:
        """15.9F, 17.2A, 16.1: the points a retreat of ``hexes`` hexes would cost these units on
        the board as the side knows it (the search its own retreat offers come from, 29, 30): an
        SP for each enemy ZOC hex left and for each hex it cannot retreat (ringed, 17.4A), up to
        each unit's 50% limit of the round (less the ``lost`` SP the choice also takes, spread
        over the units), and the unit's whole worth again when that destroys it (27.B)."""
        if hexes <= 0 or not units:
            return 0.0
        from ..rules.kirovograd import retreat as retreat_rules
        from ..rules.kirovograd.boardview import StateBoard

        share = lost / len(units)
        total = 0.0
        for u in units:
            rec = seen.units[u]
            if rec.get("hex") is None:
                continue
            info = state.board.units[u]
            key = ("retreat", u, rec["hex"], hexes, tuple(fought), tuple(held))
            worst = self._memo.get(key)
            if worst is None:
                board = StateBoard(state, info.armored, leaving=(u,), known=True)
                found = retreat_rules.retreats(board, self.side, rec["hex"], hexes, (u,), fought=fought,
                                               armored=info.armored, held=held)
                worst = self._memo[key] = min((r.zoc_losses + r.short for r in found), default=hexes)
            if not worst:
                continue
            left = max(0.0, self.strength(seen, u) - share)
            room = 1.0 if left + share <= 1 else max(0.0, (left + share) // 2 - share)  # 16.1A, E
            paid = min(float(worst), room)
            rate = self.vp_rate(state, [u])
            total += paid * rate + (self.destroyed_bonus(state, u) if paid >= left > 0 else 0.0)
        return total

    def destroyed_bonus(self, state, uid: str) -> float:
        """27.B: the points the enemy gains beyond the SP themselves when the unit is destroyed (its
        whole printed strength counts again, however worn it is)."""
        v = state.board.data.victory
        info = state.board.units[uid]
        full = float(info.strength[0]) if info.strength else 1.0
        return (v.destroyed_unit_factor - 1) * full * self.vp_rate(state, [uid])

    def retreat(self, seen: Observed, retreats: list):
        """17: end where the enemy next door is weakest, then nearest home, then shortest."""
        threat = self.threat(seen) or seen.threat_map(lambda u: self.strength(seen, u))
        home = self.home(seen)
        def key(a):
            if not a.path:  # no hex to retreat to (17): the last choice
                return (1, math.inf, 99, 0, a.unit, ())
            return (0, threat.get(a.path[-1], 0.0), home.get(a.path[-1], 99), len(a.path), a.unit, a.path)

        return min(retreats, key=key)

    def advance(self, state, seen: Observed, by_kind: dict[str, list]):
        """18: into a victory place, or nearer the aim (the unit's own, :meth:`goal`); a German
        player holding advances only where it must."""
        moves = by_kind.get("Advance", [])
        goal = self.goal(seen, moves[0].unit if moves else None)
        places = self.place_hexes(state)
        good = [a for a in moves if a.path[-1] in places or goal.get(a.path[-1], 99) < goal.get(a.path[0], 99)]
        if moves and self.holding(state) and not self.mobile_arm(state, moves[0].unit):
            good = [a for a in good if a.path[-1] in places]
        if good:
            return min(good, key=lambda a: (a.path[-1] not in places, goal.get(a.path[-1], 99), a.unit, a.path))
        if "EndAdvance" in by_kind:
            return by_kind["EndAdvance"][0]
        return min(moves, key=lambda a: (len(a.path), a.unit, a.path))

    def evaluate(self, state, side: str) -> float:
        """A position's worth to ``side``: its VP lead (27)."""
        result = state.result()
        return float(result.margin if side == SOVIET else -result.margin)


def draft_steps(targets, attackers, fire) -> list[tuple[str, str]]:
    """The steps that build a planned attack once its first target is opened (15.1): its
    attackers, its further targets (14.3H), then its guns (``fire``: the plan's optional third
    item, the guns that fire for it)."""
    return [("unit", u) for u in attackers] + [("hex", t) for t in targets[1:]] + [("gun", g) for g in (fire[0] if fire else ())]


def turn_measures(state) -> dict[str, int]:
    """Measured at the end of each game turn of a match (:mod:`.match`): who holds Kirovograd
    (27.C: 1 for the USSR), the game turn it fell (27.B; 0 while it stands), the westernmost map
    column a Soviet ground unit stands in (1 is the west edge, the break-out the history did not
    see) and the Soviet units that left by the west or south edge (24.3)."""
    from ..rules.kirovograd.victory import KIROVOGRAD, holder

    board = state.board
    columns = [board.grid.row_col(rec.hex)[1] for u, rec in state.units.items()
               if rec.side == SOVIET and rec.hex is not None and board.units[u].ground]
    return {"kirovograd_soviet": int(holder(state, KIROVOGRAD) == SOVIET), "fell": int(state.game.get("kirovograd_taken") or 0),
            "west": min(columns, default=0),
            "exited": sum(1 for rec in state.units.values() if rec.side == SOVIET and rec.box == "exited")}


PLAYERS: dict[str, Callable] = level_players(KiroPlayer)

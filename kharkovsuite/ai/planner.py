"""The computer player ``ai`` (``ai:easy``, ``ai:normal``, ``ai:hard``).

It plays one action at a time through ``legal_actions``/``legal_moves``/``apply`` and reads
only ``state.observation(side)``, public map data and facts derived from positions alone
(supply lines, the victory count) (:mod:`.common`).  docs/ai.md describes it for users.

Stance (rulebook 2.0, 6.5, 9.8, 17.0):

* Soviet, turns 1-4 (morale shift 9.85, untried strength, Axis south frozen by 6.5): drive on
  Kharkov, its roads (17.23) and the Cities (17.21) within reach of the active HQs' Lines of
  Communication (10.21), HQs leading, and never wake the Axis south early: no unit enters the
  south behind the front (6.53), the units south of the sector line hold the southern front
  where they stand (6.54), no attack on a frozen unit (6.52), no 9th Army Reserve before turn
  4 (6.55).  From turn 5 it holds: units in contact stay, the rest keep within the HQs' Lines
  of Communication (17.3 counts unsupplied Soviet units as destroyed), except that from a
  foothold in Kharkov the units near the city keep attacking it (17.1, 17.21, 17.23).  HQs go
  where their Lines of Communication (10.23), not their radius, reach most units.
* Axis, all game: keep the 17.24 front whole (:class:`.operations.Front`: the units it cannot
  spare stay, its gap is plugged first) and a unit in every Kharkov hex.  While the south is
  frozen it holds; once the south is active (a trigger or turn 5, 6.56) the armour drives
  for the cut of a pocket planned by minimum cut (:func:`.operations.encirclement`) and the
  Cities the Soviets took, the infantry holds the front and clears the Kharkov roads
  (attacks on hexes whose points the Soviets are scoring need only a worth that is not negative);
  overruns (7.0) of weak hexes, HQs first; spare Air Points supply units cut off (13.2).
* Both: attacks are priced by their exact pre-roll odds (:meth:`.common.Knowledge.attack_ev`)
  among the most promising by raw odds; reserves are committed as soon as they may be (6.7),
  each unit to the placement hex nearest the objectives; units far from the fight go by rail
  (6.4); German regiments alone in a threatened City become strongpoints (15.2).

Movement scores each reachable hex by distance to the side's objectives, the threat there
(adjacent enemy attack strength against the unit's defence times terrain), terrain when in
contact, supply and stacking.  Pending decisions: air is committed; loss-or-retreat keeps
Cities and multi-step units; advance into objectives; chase only where it pays (6.62);
over-stacks lose the weakest unit; a decision kind it does not know is scored by applying
each option to a clone whose dice are re-seeded from the player's own generator and
evaluating the clone's observation.

Difficulty is a width budget (how many of a unit's reachable hexes are scored, nearest
first, and how many attacks are priced exactly) and which refinements are used.
Deterministic for a seed.
"""
from __future__ import annotations

from ..engine.actions import Attack, EndPhase, Move
from ..rules.kharkov1942.sequence import last_turn
from ..rules.kharkov1942.victory import axis_barrier, kharkov_roads
from .common import Knowledge, actions_of_kind, blind_clone, last_actions
from .greedy import GreedyPlayer
from .operations import Encirclement, Front, SupplyOpening, focused_encirclement, pocket_holders, salient_neck, supply_opening

LEVELS = {
    "easy": {"width": 12, "economy": False, "danger": 0.5, "extras": False},
    "normal": {"width": 60, "economy": True, "danger": 1.0, "extras": True},
    "hard": {"width": 400, "economy": True, "danger": 1.5, "extras": True},
}
FREDERICUS_TURN = 5  # 6.56: the Axis south is active from this turn at the latest
LAST_HQS_TURN = 5  # 10.34: the 9th, 37th and 38th Army HQs activate
NINTH_RESERVE = "reserve-9"  # 6.55
FREE_RESERVE_TURN = 4  # 6.76
RAIL_GAIN = 4  # a rail move must bring a unit this many hexes nearer than its best move
CITY_ALERT = 4  # hexes: a City hex with a Soviet unit this near gets an Axis unit in it
OUT_OF_COMMAND = 6.0  # a Soviet unit's move beyond every active HQ's Line of Communications costs this
OFFENSIVE_OUT_OF_COMMAND = 20.0  # ... on the offensive, where it may not attack from there (10.21)
HQ_LEAD = 0.4  # an attacking side's HQ gives up this much cover per hex nearer the objectives
HQ_OVERLAP = 0.3
CHASE_STACK = 2  # units that follow a disengaging German unit into one hex (6.62)
CHASE_DANGER = 1.5  # the most enemy attack strength per point of the chasers' defence  # the worth to an HQ of a unit another active HQ already reaches
CITY_SAFE_ODDS = 2.0  # a City hex may give up a man to the front if the rest still face no worse than this
MORALE_MARGIN = 4.0  # attack strength added for the Soviet morale shift and untried units (9.85)
KHARKOV_MEN = 2  # Axis combat units wanted in each Kharkov hex
CITY_CALL = 12  # hexes: how far away a unit may be called to man a City hex
MIN_RAW_ODDS = 0.3  # attacks below this raw ratio are not even priced
ATTACK_CANDIDATES = 10  # attacks priced exactly at each decision (twice as many at "hard")
ATTACK_EV = 0.4  # expected steps gained an attack must promise on the offensive
AXIS_ATTACK_EV = 0.8  # ... in the Axis counter-offensive, whose losses are not replaced
HOLD_EV = 1.2  # ... and while holding
RETAKE_EV = 0.0  # ... on a hex whose points the Soviets are scoring: every step they lose there counts
SOVIET_OFFENSIVE_LOSS = 0.7  # a Soviet step lost on the offensive weighs this much against one taken
ECONOMY_SLACK = 0.25  # steps of expected worth given up to spare an attacker
ROAD_TURN_VP = 3.0  # 17.23: what Kharkov cut off scores each turn
ROAD_THREAT = 1.5  # a Soviet unit on a Kharkov road while the other road is clear
SUPPLY_VALUE_CAP = 6.0  # the most clearing one hex of the Axis supply road is worth
BREAKDOWN_REACH = 6  # hexes: how far from the front's gap a division breaks down to close it (15.1)
KHARKOV_DRIVE = 5  # hexes: Soviet units this near Kharkov keep attacking it after turn 4
OVERRUN_ODDS = 4.0  # after halving (7.21): every result of the 4-1 column hurts the defender
OFFENSIVE_RISK = 1.0  # the odds against a unit the Soviet offensive accepts before a move counts as dangerous
HOLD_RISK = 0.5  # ... while holding, and in the Axis counter-offensive, whose losses are not replaced


class PlannerPlayer(GreedyPlayer):
    name = "ai"

    def __init__(self, side: str, seed: int | None = None, level: str = "normal"):
        super().__init__(side, seed)
        self.level = level
        self.cfg = LEVELS[level]
        self._tried: set = set()
        self._plan = None  # ((turn, phase), Encirclement): the Axis pocket plan of this phase
        self._supply = None  # ((turn, phase), SupplyOpening | None): the Axis supply road to reopen

    # ------------------------------------------------------------------ stance
    def attacking(self, know: Knowledge) -> bool:
        if self.side == "soviet":
            return know.turn < FREDERICUS_TURN
        return know.turn >= FREDERICUS_TURN

    def drives_on_kharkov(self, know: Knowledge, hex_id: str | None) -> bool:
        """From turn 5, while Soviet units hold a Kharkov hex, those near the city keep up the
        attack on it (17.1, 17.21-17.23: each hex taken scores 6, and one held denies the Axis
        its 25 points) while the rest hold."""
        if self.side != "soviet" or self.attacking(know) or hex_id is None:
            return False
        if not any(know.side_at(h, "soviet") for h in know.kharkov_hexes()):
            return False  # no foothold in the city: the offensive is over
        field = know.memo.get("kharkov-field")
        if field is None:
            field = know.memo["kharkov-field"] = know.distance_field(know.kharkov_hexes())
        return field.get(hex_id, 99) <= KHARKOV_DRIVE

    def keep_south_frozen(self, know: Knowledge) -> bool:
        return self.side == "soviet" and know.turn < FREDERICUS_TURN and not know.south_active()

    # ------------------------------------------------------------------ dispatch
    def new_phase(self) -> None:
        self._moved, self._tried = set(), set()

    def choose(self, state):
        legal, action = self.begin(state)
        if action is not None:
            return action
        know = Knowledge(state, self.side)
        kinds = {a.kind for a in last_actions(legal)}
        picks = [("CommitReserve", self.pick_reserve), ("Attack", None)]
        if self.cfg["extras"]:
            picks += [("AirSupply", self.pick_air_supply), ("FormStrongpoint", self.pick_strongpoint), ("Overrun", self.pick_overrun)]
        for kind, pick in picks:
            if kind not in kinds:
                continue
            if kind == "Attack":
                action = self.pick_attack(know, [a for a in last_actions(legal) if isinstance(a, Attack)])
            else:
                action = pick(know, actions_of_kind(legal, kind))
            if action is not None:
                self._tried.add(action)
                return action
        if "Move" in kinds:
            action = self.pick_move(state, know, legal)
            if action is not None:
                return action
        if "EndPhase" in kinds:
            return EndPhase()
        every = legal.actions()
        return every[self.rng.randrange(len(every))]  # set-up or an unknown phase

    # ------------------------------------------------------------------ reserves, air, strongpoints
    def pick_reserve(self, know: Knowledge, options: list):
        """6.7: commit the strongest reserve unit to the placement nearest the objectives."""
        if self.keep_south_frozen(know) and know.turn < FREE_RESERVE_TURN:
            options = [a for a in options if know.units[a.units[0]]["box"] != NINTH_RESERVE]  # 6.55
        if self.cfg["extras"] and know.turn < LAST_HQS_TURN:
            # a unit placed beyond every active HQ's Line of Communications may not attack
            # (10.21), moves at half allowance (6.26) and counts as destroyed (17.3): it waits
            # in its box until a placement is in reach or the last HQs activate (10.34)
            supplied = know.supplied_hexes("soviet")
            options = [a for a in options if a.hexes[0] in supplied]
        if not options:
            return None
        field = know.distance_field(self.objective_hexes(know))

        def score(a):
            uid, hex_id = a.units[0], a.hexes[0]
            att, dfn, steps = know.values(uid)
            danger = know.enemy_attack_near(hex_id) / max(0.5, dfn * know.mult(hex_id))
            return (-(att + dfn + steps), field.get(hex_id, 99) + 2.0 * max(0.0, danger - 1.0), uid, hex_id)

        return min(options, key=score)

    def pick_air_supply(self, know: Knowledge, options: list):
        """13.2: a spare Axis Air Point supplies the hex with most units cut off from supply."""
        supplied = know.supplied_hexes("axis")
        best, best_n = None, 0
        for a in options:
            if a.hex in supplied:
                continue
            n = sum(1 for u in know.side_at(a.hex, "axis") if not know.board.is_hq(u))
            if n > best_n:
                best, best_n = a, n
        return best

    def pick_strongpoint(self, know: Knowledge, options: list):
        """15.2: a lone regiment in a City the enemy threatens digs in (it gives up its ZOC)."""
        for a in options:
            here = know.units[a.unit]["hex"]
            if a in self._tried or here not in know.board.city_hexes:
                continue
            if know.enemy_attack_near(here) > know.hex_defense(here):
                return a
        return None

    # ------------------------------------------------------------------ combat
    def target_allowed(self, know: Knowledge, targets) -> bool:
        if self.keep_south_frozen(know):
            return not any(know.is_south(h) and know.side_at(h, "axis") for h in targets)  # 6.52
        return True

    def target_value(self, know: Knowledge, targets) -> float:
        defenders = [u for h in targets for u in know.side_at(h, know.enemy)]
        value = sum(know.unit_vp(u) for u in defenders) / 2.0
        value += 0.5 * sum(know.values(u)[2] for u in defenders) / max(1, len(targets))
        goals = set(self.objective_hexes(know)) | set(know.board.city_hexes)
        if goals & set(targets):
            value += 1.5
        if any(know.board.is_hq(u) for u in defenders):
            value += 3.0  # an HQ driven off cuts its units' Lines of Communication (10.2)
        if self.side == "axis":
            value += sum(self.road_cut_value(know).get(h, 0.0) for h in targets)
        if self.side == "axis" and self.attacking(know) and set(targets) & self.cut_targets(know):
            value += 2.0  # Fredericus: clearing the encirclement cut
        opening = self.supply_plan(know) if self.side == "axis" else None
        if opening is not None and set(targets) & set(opening.blocked):
            # 11.33: the road that puts these units back in supply (11.4 halves them)
            value += min(SUPPLY_VALUE_CAP, 0.5 * len(opening.served) / len(opening.blocked))
        return value

    def road_hexes(self, know: Knowledge) -> set[str]:
        return {h for path in kharkov_roads(know.state).values() for h in path}

    def road_cut_value(self, know: Knowledge) -> dict[str, float]:
        """17.23: what clearing each Soviet-held hex of a Kharkov road is worth to the Axis.
        While Soviet units stand on both roads, Kharkov is cut off and scores 3 points every
        turn left; clearing every Soviet hex of one road ends that, so each such hex is worth
        a share of those points.  Otherwise a Soviet unit on a road is a threat worth a little."""
        got = know.memo.get("road-cut")
        if got is None:
            held = {name: [h for h in path if know.side_at(h, "soviet")] for name, path in kharkov_roads(know.state).items()}
            cut = len(held) == 2 and all(held.values())
            turns_left = max(1, last_turn(know.state) - know.turn + 1)
            got = {}
            for hexes in held.values():
                for h in hexes:
                    got[h] = max(got.get(h, 0.0), ROAD_TURN_VP * turns_left / len(hexes) if cut else ROAD_THREAT)
            know.memo["road-cut"] = got
        return got

    def ev_needed(self, know: Knowledge, targets=()) -> float:
        """The expected worth (:meth:`Knowledge.attack_ev`) an attack must promise."""
        if targets and all(self.drives_on_kharkov(know, h) for h in targets):
            return ATTACK_EV
        if self.side == "axis" and self.at_stake(know, targets):
            return RETAKE_EV
        if not self.attacking(know):
            return HOLD_EV
        return ATTACK_EV if self.side == "soviet" else AXIS_ATTACK_EV

    def at_stake(self, know: Knowledge, targets) -> bool:
        """Axis: clearing one of these hexes wins back Victory Points the Soviets are scoring: a
        City hex they hold (17.1, 17.12), or a Kharkov road hex whose share of the cut's points
        (:meth:`road_cut_value`, 17.23) is worth more than a mere threat."""
        roads = self.road_cut_value(know)
        return any(
            (h in know.board.city_hexes and know.side_at(h, "soviet")) or roads.get(h, 0.0) > ROAD_THREAT for h in targets
        )

    def loss_weight(self, know: Knowledge) -> float:
        return SOVIET_OFFENSIVE_LOSS if self.side == "soviet" and self.attacking(know) else 1.0

    def pick_attack(self, know: Knowledge, attacks: list[Attack]):
        """The attack with the best expected worth plus the worth of its targets, among the
        most promising by raw odds (the exact odds are dearer to compute)."""
        rough = []
        for a in attacks:
            if not self.target_allowed(know, a.targets):
                continue
            odds = know.odds(a.attackers, a.targets)
            if odds < MIN_RAW_ODDS:
                continue
            rough.append((min(odds, 7.0) + self.target_value(know, a.targets), a.targets, a))
        rough.sort(key=lambda r: (-r[0], r[1]))
        best, best_score = None, None
        lw = self.loss_weight(know)
        for _, _, a in rough[: ATTACK_CANDIDATES * (2 if self.level == "hard" else 1)]:
            ev = know.attack_ev(a.attackers, a.targets, lw)
            if ev < self.ev_needed(know, a.targets):
                continue
            score = ev + self.target_value(know, a.targets) - 0.3 * (len(a.targets) - 1)
            if best_score is None or score > best_score:
                best, best_score = a, score
        if best is not None and self.cfg["economy"]:
            best = self.economise(know, best)
        return best

    def economise(self, know: Knowledge, attack: Attack) -> Attack:
        """Drop the weakest attackers while the expected worth stays within a little of the
        whole force's (or above what a sure thing needs)."""
        lw = self.loss_weight(know)
        full = know.attack_ev(attack.attackers, attack.targets, lw)
        kept = sorted(attack.attackers, key=lambda u: (know.values(u)[0], u))
        while len(kept) > 1:
            trial = kept[1:]
            ev = know.attack_ev(tuple(u for u in attack.attackers if u in trial), attack.targets, lw)
            if ev < full - ECONOMY_SLACK or ev < self.ev_needed(know, attack.targets):
                break
            kept = trial
        return Attack(attackers=tuple(u for u in attack.attackers if u in kept), targets=attack.targets)

    def pick_overrun(self, know: Knowledge, options: list):
        """7.0: overrun a hex the halved attack beats at 4:1 or better, HQs and objectives first."""
        if not self.attacking(know):
            return None  # holding: the stacks keep the line
        best, best_score = None, None
        for a in options:
            if a in self._tried or not self.target_allowed(know, (a.target,)):
                continue
            dfn = know.hex_defense(a.target)
            odds = (sum(know.values(u)[0] for u in a.units) / 2.0) / dfn if dfn > 0 else 99.0
            if odds < OVERRUN_ODDS:
                continue
            score = self.target_value(know, (a.target,)) + min(odds, 10.0) / 5.0 - 0.2 * len(a.units)
            if best_score is None or score > best_score:
                best, best_score = a, score
        return best

    # ------------------------------------------------------------------ movement
    def objective_hexes(self, know: Knowledge, mechanized: bool = False) -> list[str]:
        key = ("objectives", mechanized)
        if key not in know.memo:
            know.memo[key] = self._objective_hexes(know, mechanized)
        return know.memo[key]

    def _objective_hexes(self, know: Knowledge, mechanized: bool) -> list[str]:
        if self.side == "soviet":
            if know.turn < FREDERICUS_TURN:
                goals = set(know.objectives()) | self.road_hexes(know)  # 17.23
                if self.keep_south_frozen(know):
                    goals = {h for h in goals if not know.south_behind_front(h)}
                return sorted(goals)
            # holding: the HQs' Lines of Communication (17.3) and the Cities held
            held = [h for h in know.board.city_hexes if know.side_at(h, "soviet")]
            return sorted(set(know.hq_hexes("soviet")) | set(held))
        gap = set(self.front(know)[0].gap)  # 17.24
        if self.attacking(know):
            lost = {h for h in know.board.city_hexes if know.side_at(h, "soviet")}
            lost |= {h for h in know.kharkov_hexes() if not know.side_at(h, "axis")}
            cut = self.cut_targets(know)
            opening = self.supply_plan(know)
            if opening is not None:
                lost |= set(opening.blocked)  # 11.33: reopen the supply road first
            if mechanized:
                # Fredericus: close the pocket (17.3 via 11.21, 17.24)
                return sorted((cut or set(know.hq_hexes("soviet"))) | lost)
            on_roads = {h for h in self.road_hexes(know) if know.side_at(h, "soviet")}  # 17.23
            return sorted(gap | on_roads | lost | (cut if not gap else set()))
        # hold: gaps in the line next to Soviet units, and Cities without an Axis unit.  A gap is
        # an empty hex a Soviet unit could step into that no Axis unit or ZOC covers, next to one
        # that is covered: the line's edge.  Hexes further off are the Soviet rear, where a lone
        # unit sent to block would cut a Line of Communications for a turn and then be destroyed.
        nbr = know.board.nbr_ids
        held = {h for h in know.at if know.side_at(h, "axis")}
        covered = held | {n for h in held for n in nbr[h]}
        edge = {n for h in covered for n in nbr[h]} - covered
        gaps = {n for h in know.at if know.side_at(h, "soviet") for n in nbr[h] if n in edge and not know.at.get(n)}
        cities = {c for c in know.board.city_hexes if not know.side_at(c, "axis")}
        return sorted(gaps | cities | gap | set(know.kharkov_hexes()))

    def cut_targets(self, know: Knowledge) -> set[str]:
        """Fredericus: the hexes of the encirclement cut (:func:`.operations.encirclement`, planned
        once a phase) that Soviet supply lines may still pass; the salient's neck until a cut
        is planned."""
        got = know.memo.get("cut")
        if got is None:
            plan = self.pocket_plan(know)
            neck = salient_neck(know.board)
            line = plan.cut if plan.cut else (neck.line if neck is not None else ())
            barrier = axis_barrier(know.state)
            index = know.board.index
            got = know.memo["cut"] = {h for h in line if index[h] not in barrier or know.side_at(h, "soviet")}
        return got

    def supply_plan(self, know: Knowledge) -> SupplyOpening | None:
        """The road to reopen for the Axis units out of supply (11.3), once the south is active
        (planned at the first decision of each phase, like the pocket)."""
        key = (know.turn, know.state.phase.id)
        if self._supply is None or self._supply[0] != key:
            got = supply_opening(know.state, know.unsupplied("axis")) if know.south_active() else None
            self._supply = (key, got)
        return self._supply[1]

    def pocket_plan(self, know: Knowledge) -> Encirclement:
        """The Axis pocket plan of this phase (computed at its first decision)."""
        key = (know.turn, know.state.phase.id)
        if self._plan is None or self._plan[0] != key:
            b = know.board
            axis = [v["hex"] for u, v in know.units.items() if v["side"] == "axis" and v["hex"] and not b.is_hq(u)]
            reach = know.distance_field(axis)

            def value(uid: str) -> float:
                return 0.0 if b.is_hq(uid) else know.unit_vp(uid) + 0.5

            self._plan = (key, focused_encirclement(know.state, value, reach))
        return self._plan[1]

    def stays(self, know: Knowledge, uid: str, here: str | None) -> bool:
        """Units that hold where they stand this phase."""
        if here is None:
            return False
        if self.keep_south_frozen(know) and know.is_south(here) and not know.board.is_hq(uid):
            return True  # 6.54: the southern front stays covered until Fredericus
        if self.side == "axis" and uid in self.front(know)[1]:
            if not (self.attacking(know) and know.is_mechanized(uid)):
                return True  # 17.24: moving it would open a hole in a whole front
            # the counter-offensive's armour goes for the pocket (17.3 counts every unit in it;
            # the hole costs 2 points a turn, 17.24) and the infantry holds the line
        if uid in self.pocket_holders(know):
            return True  # 17.3: moving it would let a Soviet supply line into a pocket
        if self.side == "axis" and here in know.board.city_hexes:
            combat = [u for u in know.side_at(here, "axis") if not know.board.is_hq(u)]
            if not self.attacking(know) or combat == [uid] or self.in_contact(know, here) or here in know.kharkov_hexes():
                return True  # 17.1: the last Axis unit in a City keeps it; Kharkov keeps all
        if self.in_contact(know, here):
            if not self.attacking(know):
                return self.side == "axis" or here in know.supplied_hexes("soviet")
            if self.side == "axis" and not know.is_mechanized(uid):
                return True  # the infantry holds the front while the armour closes the pocket
        return False

    def pocket_holders(self, know: Knowledge) -> frozenset[str]:
        """Axis units whose hex or ZOC keeps Soviet units cut off from the east edge (11.21)."""
        if self.side != "axis":
            return frozenset()
        got = know.memo.get("pocket-holders")
        if got is None:
            got = know.memo["pocket-holders"] = pocket_holders(know.state)
        return got

    def front(self, know: Knowledge) -> tuple[Front, set[str]]:
        """17.24: the Axis front as it could best be made whole, and the units that hold it."""
        got = know.memo.get("front")
        if got is None:
            front = Front.of(know.state)
            got = know.memo["front"] = (front, front.holders(know.state))
        return got

    def plug_front(self, state, know: Knowledge):
        """17.24: the move that most shrinks the gap in the Axis front (a unit standing in it or
        putting it in its Zone of Control, without opening the front elsewhere), the safest
        first; None when the front is whole or no move helps."""
        front, _ = self.front(know)
        if self.side != "axis" or not front.gap:
            return None
        nbr = know.board.nbr_ids
        best, best_key = None, None
        for uid in self.movable(state, know):
            here = know.units[uid]["hex"]
            if here is None or know.board.is_hq(uid) or know.units[uid]["side"] != "axis" or uid in self.pocket_holders(know):
                continue
            if here in know.board.city_hexes and (not self.attacking(know) or here in know.kharkov_hexes()):
                # a City's men stay (17.1: its points outweigh the front's) unless those left
                # behind keep the odds against them at 2-1 or worse (Soviet morale counted)
                left = sum(know.values(u)[1] for u in know.side_at(here, "axis") if u != uid and not know.board.is_hq(u))
                if know.enemy_attack_near(here) + MORALE_MARGIN > CITY_SAFE_ODDS * left * know.mult(here) or not left:
                    continue
            reach = state.legal_moves(uid)
            _, d, _ = know.values(uid)
            for dest in reach:
                if dest == here or know.side_at(dest, "soviet") or know.room(dest) <= 0 or not (front.gap & ({dest} | set(nbr[dest]))):
                    continue
                after = Front.of(state, (uid, dest)).cost
                if after >= front.cost:
                    continue
                danger = know.enemy_attack_near(dest) / max(0.5, d * know.mult(dest))
                key = (-after, -danger, -reach[dest].cost, uid, dest)
                if best_key is None or key > best_key:
                    best, best_key = (uid, reach[dest].path), key
        if best is None:
            return None
        self._moved.add(best[0])
        return Move(units=(best[0],), path=best[1])

    def break_down_for_front(self, know: Knowledge, legal):
        """15.1: when no move closes the gap in the front, the division nearest it that stands
        out of Soviet ZOC and outside the Cities breaks down: its regiments cover more hexes
        (each has a ZOC) and move at once (15.11).  Called after :meth:`plug_front` found no
        move, so the regiments are the next plugs."""
        front, _ = self.front(know)
        if self.side != "axis" or not front.gap or any(a.kind == "BreakDown" for a in self._tried):
            return None  # one division a phase: regiments are weaker than their division
        b = know.board
        best, best_key = None, None
        for a in actions_of_kind(legal, "BreakDown"):
            here = know.units[a.division]["hex"]
            if here is None or here in b.city_hexes or know.in_enemy_zoc(here):
                continue
            dist = min(b.hex_distance(here, g) for g in front.gap)
            if dist > BREAKDOWN_REACH:
                continue
            key = (dist, a.division)
            if best_key is None or key < best_key:
                best, best_key = a, key
        if best is not None:
            self._tried.add(best)
        return best

    def city_short(self, know: Knowledge, city: str, kharkov: bool) -> bool:
        """Does this City hex want another Axis combat unit?  Any City one; a Kharkov hex at least
        ``KHARKOV_MEN``, and more while the Soviet attack strength within two hexes (half of it,
        plus the morale shift) would beat its doubled defence at better than 2:1."""
        b = know.board
        men = sum(1 for u in know.side_at(city, "axis") if not b.is_hq(u))
        if not kharkov or men < KHARKOV_MEN:
            return men < (KHARKOV_MEN if kharkov else 1)
        if know.room(city) <= 0:
            return False
        near = sum(
            know.values(u)[0] for i in b.within(b.index[city], 2) for u in know.side_at(b.ids[i], "soviet") if not b.is_hq(u)
        )
        return (near / 2.0 + MORALE_MARGIN) > CITY_SAFE_ODDS * know.hex_defense(city)

    def man_cities(self, state, know: Knowledge):
        """17.1, 17.21: put an Axis combat unit in each hex of Kharkov and of any City the Soviets
        could reach: the unit that gets nearest it this phase (the best defender among equals), from
        those not holding the front or, while the Axis holds, in contact.  None when every such
        hex is manned or no unit can help."""
        if self.side != "axis":
            return None
        b = know.board
        kharkov = set(know.kharkov_hexes())
        holders = self.front(know)[1]
        for city in sorted(b.city_hexes, key=lambda h: (h not in kharkov, h)):
            if not self.city_short(know, city, city in kharkov):
                continue
            if city not in kharkov and not any(know.side_at(b.ids[i], "soviet") for i in b.within(b.index[city], CITY_ALERT)):
                continue  # Kharkov (25 points and 17.23) is always manned
            field = know.distance_field([city])
            best, best_key = None, None
            for uid in self.movable(state, know):
                view = know.units[uid]
                if view["side"] != "axis" or view["hex"] is None or b.is_hq(uid) or uid in self.pocket_holders(know):
                    continue
                if uid in holders and (city not in kharkov or any(not b.is_hq(u) for u in know.side_at(city, "axis"))):
                    continue  # the front's holders leave it only for an empty Kharkov hex (25 points against 2 a turn)
                if view["hex"] in b.city_hexes and len(know.side_at(view["hex"], "axis")) <= (KHARKOV_MEN if view["hex"] in kharkov else 1):
                    continue  # a City hex keeps its own men
                if field.get(view["hex"], 99) > CITY_CALL:
                    continue
                reach = state.legal_moves(uid)
                if not reach or (city not in reach and self.in_contact(know, view["hex"]) and not self.attacking(know)):
                    continue  # a unit in contact leaves the line only to step into the City
                # the City itself, else the nearest hex out of Soviet ZOC: a German unit that
                # starts in it may only disengage to a hex out of it (6.61)
                dest = city if city in reach else min(reach, key=lambda h: (know.in_enemy_zoc(h), know.room(h) <= 0, field.get(h, 99), reach[h].cost, h))
                if know.room(dest) <= 0:
                    continue  # 8.1
                if field.get(dest, 99) >= field.get(view["hex"], 99):
                    continue
                key = (-field.get(dest, 99), know.values(uid)[1], -reach[dest].cost, uid)
                if best_key is None or key > best_key:
                    best, best_key = (uid, reach[dest].path), key
            if best is not None:
                self._moved.add(best[0])
                return Move(units=(best[0],), path=best[1])
        return None

    def pick_move(self, state, know: Knowledge, legal=None):
        for step in (self.man_cities, self.plug_front):
            action = step(state, know)
            if action is not None:
                return action
        if self.cfg["extras"] and legal is not None:
            action = self.break_down_for_front(know, legal)
            if action is not None:
                return action
        fields = {}
        rails = None
        for uid in self.movable(state, know):
            self._moved.add(uid)
            here = know.units[uid]["hex"]
            if self.stays(know, uid, here):
                continue
            reach = state.legal_moves(uid)
            if not reach:
                continue
            mech = self.side == "axis" and know.is_mechanized(uid)
            drive = self.drives_on_kharkov(know, here)
            if (mech, drive) not in fields:
                goals = [h for h in know.kharkov_hexes() if not know.side_at(h, "soviet")] if drive else []
                fields[(mech, drive)] = know.distance_field(goals or self.objective_hexes(know, mech))
            field = fields[(mech, drive)]
            dests = sorted(reach, key=lambda d: (field.get(d, 999), d))[: self.cfg["width"]]
            if know.board.is_hq(uid):
                dests = sorted(reach)
            if self.keep_south_frozen(know):
                dests = [d for d in dests if not know.south_behind_front(d)]  # 6.53
            best = None
            best_score = self.move_score(know, uid, here, field) if here is not None else None
            for dest in dests:
                if dest == here:
                    continue
                score = self.move_score(know, uid, dest, field)
                if best_score is None or score < best_score - 0.01:
                    best, best_score = dest, score
            if self.cfg["extras"] and legal is not None and here is not None and not know.board.is_hq(uid):
                if rails is None:
                    rails = {}
                    for a in actions_of_kind(legal, "RailMove"):
                        rails.setdefault(a.units[0], []).append(a)
                now = field.get(best if best is not None else here, 999)
                for a in sorted(rails.get(uid, ()), key=lambda a: (field.get(a.path[-1], 999), a.path)):
                    end = a.path[-1]
                    if self.keep_south_frozen(know) and know.south_behind_front(end):
                        continue
                    if field.get(end, 999) + RAIL_GAIN <= now and know.enemy_attack_near(end) == 0:
                        return a
                    break
            if best is not None:
                return Move(units=(uid,), path=reach[best].path)
        return None

    def in_contact(self, know: Knowledge, hex_id: str) -> bool:
        return any(know.side_at(n, know.enemy) for n in know.board.nbr_ids[hex_id])

    def move_score(self, know: Knowledge, uid: str, dest: str, field: dict) -> float:
        if dest is None:
            return 999.0
        if know.board.is_hq(uid):
            return self.hq_score(know, uid, dest, field)
        a, d, steps = know.values(uid)
        attacking = self.attacking(know) or self.drives_on_kharkov(know, know.units[uid]["hex"])
        score = float(field.get(dest, 60))
        threat = know.enemy_attack_near(dest)
        mine = sum(know.values(u)[1] for u in know.side_at(dest, self.side) if u != uid) + d
        mult = know.mult(dest)
        if threat > 0:
            ratio = threat / max(0.5, mine * mult)
            accepted = OFFENSIVE_RISK if attacking and self.side == "soviet" else HOLD_RISK
            score += self.cfg["danger"] * max(0.0, ratio - accepted) * 2
            score -= (mult - 1.0) * 1.5
        others = len(know.side_at(dest, self.side)) - (1 if know.units[uid]["hex"] == dest else 0)
        score += 0.7 * others
        if know.units[uid]["hex"] != dest and know.room(dest) <= 0:
            return 999.0  # 8.1: a fourth combat unit in a hex is eliminated at the end of the phase
        if self.out_of_command(know, dest):
            score += OFFENSIVE_OUT_OF_COMMAND if attacking else OUT_OF_COMMAND
        return score

    def out_of_command(self, know: Knowledge, hex_id: str) -> bool:
        """Soviet: a unit there would be beyond every active HQ's Line of Communications, so it
        may not attack (10.21) and counts as destroyed while there (17.3).  Judged only with the
        level's refinements."""
        return self.side == "soviet" and self.cfg["extras"] and hex_id not in know.supplied_hexes("soviet")

    def hq_score(self, know: Knowledge, uid: str, dest: str, field: dict | None = None) -> float:
        """An HQ goes where its Command Radius reaches most combat units, those another active HQ
        reaches counting less (10.22-10.24: any active HQ supplies any unit) and those in
        contact double (10.21: an attacker needs a Line of Communications), stacked with
        combat units or out of reach of the enemy."""
        b = know.board

        def cover(hq: str, at: str):
            radius = b.hq_values(hq).command_radius
            if self.side == "soviet":
                return know.loc_from(at, radius)  # 10.23: the Line's actual reach
            return [b.ids[i] for i in b.within(b.index[at], radius)]

        others = know.memo.get(("hq-cover", uid))
        if others is None:
            others = set()
            for hq, view in know.units.items():
                if hq != uid and view["side"] == self.side and view["hex"] is not None and b.is_hq(hq) and "inactive" not in view["flags"]:
                    others.update(cover(hq, view["hex"]))
            know.memo[("hq-cover", uid)] = others
        near = 0.0
        for h in cover(uid, dest):
            units = [u for u in know.side_at(h, self.side) if not b.is_hq(u)]
            if units:
                near += len(units) * (2.0 if self.in_contact(know, h) else 1.0) * (HQ_OVERLAP if h in others else 1.0)
        guarded = any(not b.is_hq(u) for u in know.side_at(dest, self.side) if u != uid)
        threat = know.enemy_attack_near(dest)
        close = sum(1 for i in b.within(b.index[dest], 2) if know.side_at(b.ids[i], know.enemy))
        # on the offensive it also leads its units on, towards the objectives
        lead = HQ_LEAD * field.get(dest, 60) if field is not None and self.attacking(know) else 0.0
        if guarded:
            return lead - near + (4.0 if threat else 0.0)
        return lead - near + (20.0 if threat else 0.0) + 3.0 * close * self.cfg["danger"]

    # ------------------------------------------------------------------ decisions
    def decide(self, state, options: list):
        kinds = {a.kind for a in options}
        know = Knowledge(state, self.side)
        if "CommitAir" in kinds:
            return next(a for a in options if a.kind == "CommitAir")
        if "Chase" in kinds or "DeclineChase" in kinds:
            return self.chase(state, know, options)
        if kinds & {"ChooseLoss", "Retreat"}:
            return self.loss_or_retreat(know, options)
        if kinds & {"Advance", "EndAdvance"} and kinds <= {"Advance", "EndAdvance"}:
            return self.advance(know, options)
        if "EliminateExcess" in kinds:
            return min((a for a in options if a.kind == "EliminateExcess"), key=lambda a: (sum(know.values(a.unit)), a.unit))
        return self.by_lookahead(state, options)

    def chase(self, state, know: Knowledge, options: list):
        """6.62: follow a disengaging German unit into the hex it left when the hex is worth it
        (an objective, or nearer them on the offensive), within a Line of Communications
        (10.21) and not into more danger than the stack can stand; at most two units."""
        decline = next(a for a in options if a.kind == "DeclineChase")
        chasers = [a for a in options if a.kind == "Chase"]
        data = state.pending[-1].data if state.pending else {}
        target, leaving = data.get("hex"), set(data.get("units", ()))
        if not chasers or target is None or len(know.side_at(target, self.side)) >= CHASE_STACK:
            return decline
        goals = set(self.objective_hexes(know)) | set(know.board.city_hexes) | self.road_hexes(know)
        if target not in goals and not self.attacking(know):
            return decline
        if target not in know.supplied_hexes(self.side) and target not in goals:
            return decline
        field = know.distance_field(self.objective_hexes(know))
        best, best_score = None, None
        for a in chasers:
            origin = know.units[a.unit]["hex"]
            if target not in goals and field.get(target, 99) >= field.get(origin, 99):
                continue  # no nearer the objectives
            mine = sum(know.values(u)[1] for u in know.side_at(target, self.side)) + know.values(a.unit)[1]
            threat = sum(
                know.values(u)[0] for n in know.board.nbr_ids[target] for u in know.side_at(n, know.enemy) if u not in leaving
            )
            danger = threat / max(0.5, mine * know.mult(target))
            if danger > CHASE_DANGER and target not in goals:
                continue
            score = -danger + (2.0 if target in goals else 0.0) + know.values(a.unit)[1] * 0.1
            if best_score is None or score > best_score:
                best, best_score = a, score
        return best if best is not None else decline

    def loss_or_retreat(self, know: Knowledge, options: list):
        best, best_score = None, None
        for a in options:
            if a.kind == "ChooseLoss":
                _, _, steps = know.values(a.unit)
                here = know.units[a.unit]["hex"]
                score = -2.0 if steps > 1 else -5.0 - know.unit_vp(a.unit)
                if here in know.board.city_hexes or (self.side == "axis" and not self.attacking(know)):
                    score += 1.5
            elif a.kind == "Retreat":
                if not a.path:
                    score = -6.0 - know.unit_vp(a.unit)
                else:
                    end = a.path[-1]
                    score = -1.0 - 0.1 * len(a.path) - 0.3 * know.enemy_attack_near(end) / max(1.0, know.values(a.unit)[1] * know.mult(end))
                    if self.keep_south_frozen(know) and know.south_behind_front(end):
                        score -= 5.0  # 6.53
            else:
                score = -3.0
            if best_score is None or score > best_score:
                best, best_score = a, score
        return best

    def advance(self, know: Knowledge, options: list):
        goals = set(self.objective_hexes(know)) | set(know.board.city_hexes)
        best, best_score = None, 0.0
        for a in options:
            if a.kind != "Advance" or not a.path:
                continue
            end = a.path[-1]
            if self.keep_south_frozen(know) and know.south_behind_front(end):
                continue  # 6.53
            if end not in goals and self.out_of_command(know, end):
                continue
            att, dfn, _ = know.values(a.unit)
            score = (3.0 if end in goals else 0.5 if self.attacking(know) else -0.2)
            score -= 0.3 * max(0.0, know.enemy_attack_near(end) / max(1.0, dfn * know.mult(end)) - 1.0)
            if score > best_score:
                best, best_score = a, score
        return best if best is not None else next((a for a in options if a.kind == "EndAdvance"), options[0])

    def by_lookahead(self, state, options: list):
        """Unknown decisions: apply each option to a blind clone and evaluate its observation."""
        best, best_score = options[0], None
        for a in options[:30]:
            sim = blind_clone(state, self.rng)
            try:
                sim.apply(a)
            except Exception:  # an option the rules refuse after all: skip it
                continue
            score = Knowledge(sim, self.side).evaluate()
            if best_score is None or score > best_score:
                best, best_score = a, score
        return best


def _factory(level: str):
    def make(side: str, seed: int | None = None) -> PlannerPlayer:
        return PlannerPlayer(side, seed, level)

    return make


PLANNERS = {"ai": _factory("normal"), **{f"ai:{lvl}": _factory(lvl) for lvl in LEVELS}}

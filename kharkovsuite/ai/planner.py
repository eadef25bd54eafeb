"""The computer player ``ai`` (``ai:easy``, ``ai:normal``, ``ai:hard``).

It plays one action at a time through ``legal_actions``/``legal_moves``/``apply`` and reads
only ``state.observation(side)`` and public map data (:mod:`.common`).

Strategy (rulebook 4.2, 6.5, 17.0; docs/reconstruction/kharkov-1942.md):

* Soviet, turns 1-4 (morale shift, untried strength, Axis south frozen by 6.5): drive on
  Kharkov and the Cities (17.21 scores on entry), attacking at lower odds; from turn 5
  (Fredericus) the weight moves to safety: hold the salient in good terrain, attack only at
  good odds.
* Axis: before turn 5 hold — units move only to close gaps in the front (hexes next to
  Soviet units that no Axis ZOC covers: 17.24's holes) and to cover threatened Cities; from
  turn 5 counter-attack the salient at good odds.
* Movement scores each reachable hex by distance to the side's objectives, the threat there
  (adjacent enemy attack strength against the unit's defence times terrain), terrain when in
  contact, and stacking.  Attacks are ranked by estimated odds, the objective value of the
  target and economy of force (``hard`` drops attackers the odds do not need).
* Decisions: air is committed; loss-or-retreat keeps Cities and multi-step units, otherwise
  retreats to the safest hex; advance into Cities and objectives; chase always; over-stacks
  lose the weakest unit.  A decision kind it does not know is scored by applying each option
  to a clone whose dice are re-seeded from the player's own generator and evaluating the
  clone's observation (VP and material) — never the hidden values.

Difficulty is a width budget: how many of a unit's reachable hexes are scored (nearest
first) and whether economy of force and threat are considered.  Deterministic for a seed.
"""
from __future__ import annotations

from ..engine.actions import Attack, Move
from .common import Knowledge, blind_clone
from .greedy import GreedyPlayer

LEVELS = {
    "easy": {"width": 12, "economy": False, "danger": 0.5},
    "normal": {"width": 60, "economy": True, "danger": 1.0},
    "hard": {"width": 400, "economy": True, "danger": 1.5},
}
FREDERICUS_TURN = 5  # 6.5: the Axis south is frozen before, the counter-offensive starts


class PlannerPlayer(GreedyPlayer):
    name = "ai"

    def __init__(self, side: str, seed: int | None = None, level: str = "normal"):
        super().__init__(side, seed)
        self.level = level
        self.cfg = LEVELS[level]

    # ------------------------------------------------------------------ stance
    def attacking(self, turn: int) -> bool:
        return (self.side == "soviet") == (turn < FREDERICUS_TURN)

    def odds_needed(self, turn: int) -> float:
        if self.side == "soviet":
            return 1.5 if turn < FREDERICUS_TURN else 2.5
        return 2.0 if turn >= FREDERICUS_TURN else 3.0

    # ------------------------------------------------------------------ combat
    def pick_attack(self, know: Knowledge, attacks: list[Attack]):
        need = self.odds_needed(know.turn)
        goals = set(know.objectives()) | set(know.board.city_hexes)
        best, best_score = None, None
        for a in attacks:
            odds = know.odds(a.attackers, a.targets)
            if odds < need:
                continue
            defenders = [u for h in a.targets for u in know.side_at(h, know.enemy)]
            steps = sum(know.values(u)[2] for u in defenders)
            score = min(odds, 6.0) + 0.5 * steps / max(1, len(a.targets)) + (1.5 if goals & set(a.targets) else 0.0)
            score -= 0.3 * (len(a.targets) - 1)
            if best_score is None or score > best_score:
                best, best_score = a, score
        if best is not None and self.cfg["economy"]:
            best = self.economise(know, best, need)
        return best

    def economise(self, know: Knowledge, attack: Attack, need: float) -> Attack:
        """Drop the weakest attackers while the odds stay at the same whole column (or at 4:1+)."""
        target_col = min(int(know.odds(attack.attackers, attack.targets)), 5)
        kept = sorted(attack.attackers, key=lambda u: (know.values(u)[0], u))
        while len(kept) > 1:
            trial = kept[1:]
            odds = know.odds(trial, attack.targets)
            if odds < need or int(odds) < target_col:
                break
            kept = trial
        return Attack(attackers=tuple(u for u in attack.attackers if u in kept), targets=attack.targets)

    # ------------------------------------------------------------------ movement
    def objective_hexes(self, know: Knowledge) -> list[str]:
        if self.side == "soviet":
            if know.turn < FREDERICUS_TURN + 1:
                return know.objectives()
            # 17.3: Soviet units out of supply at the end count as eliminated: close on the HQs
            return [h for h in know.at if any(know.board.is_hq(u) for u in know.side_at(h, "soviet"))]
        if know.turn >= FREDERICUS_TURN:
            return know.objectives()
        # hold: gaps in the front next to Soviet units, and threatened Cities
        covered = {n for h in know.at if know.side_at(h, "axis") for n in know.board.nbr_ids[h]} | {
            h for h in know.at if know.side_at(h, "axis")
        }
        gaps = set()
        for h in know.at:
            if know.side_at(h, "soviet"):
                for n in know.board.nbr_ids[h]:
                    if n not in covered and not know.at.get(n):
                        gaps.add(n)
        cities = {c for c in know.board.city_hexes if not know.side_at(c, "axis")}
        return sorted(gaps | cities)

    def pick_move(self, state, know: Knowledge):
        field = know.distance_field(self.objective_hexes(know))
        holding = not self.attacking(know.turn)
        for uid in self.movable(state, know):
            self._moved.add(uid)
            here = know.units[uid]["hex"]
            if self.side == "axis" and here is not None and (here in know.board.city_hexes or (holding and self.in_contact(know, here))):
                continue  # the line and the Cities hold where they stand (17.21: a City entered scores)
            reach = state.legal_moves(uid)
            if not reach:
                continue
            dests = sorted(reach, key=lambda d: (field.get(d, 999), d))[: self.cfg["width"]]
            best = None
            best_score = self.move_score(know, uid, here, field) if here is not None else None
            for dest in dests:
                if dest == here:
                    continue
                score = self.move_score(know, uid, dest, field)
                if best_score is None or score < best_score - 0.01:
                    best, best_score = dest, score
            if best is not None:
                return Move(units=(uid,), path=reach[best].path)
        return None

    def in_contact(self, know: Knowledge, hex_id: str) -> bool:
        return any(know.side_at(n, know.enemy) for n in know.board.nbr_ids[hex_id])

    def move_score(self, know: Knowledge, uid: str, dest: str, field: dict) -> float:
        if dest is None:
            return 999.0
        a, d, steps = know.values(uid)
        hq = know.board.is_hq(uid)
        score = float(field.get(dest, 60))
        threat = know.enemy_attack_near(dest)
        mine = sum(know.values(u)[1] for u in know.side_at(dest, self.side) if u != uid) + d
        mult = know.mult(dest)
        if threat > 0:
            ratio = threat / max(0.5, mine * mult)
            score += self.cfg["danger"] * (3.0 if hq else 1.0) * max(0.0, ratio - (1.0 if self.attacking(know.turn) else 0.5)) * 2
            score -= (mult - 1.0) * 1.5
        others = len(know.side_at(dest, self.side)) - (1 if know.units[uid]["hex"] == dest else 0)
        score += 0.7 * others
        if hq:
            score += 2.0 if threat else 0.0
        return score

    # ------------------------------------------------------------------ decisions
    def decide(self, state, options: list):
        kinds = {a.kind for a in options}
        know = Knowledge(state, self.side)
        if "CommitAir" in kinds:
            return next(a for a in options if a.kind == "CommitAir")
        if "Chase" in kinds:
            return next(a for a in options if a.kind == "Chase")
        if kinds & {"ChooseLoss", "Retreat"}:
            return self.loss_or_retreat(know, options)
        if kinds & {"Advance", "EndAdvance"} and kinds <= {"Advance", "EndAdvance"}:
            return self.advance(know, options)
        if "EliminateExcess" in kinds:
            return min((a for a in options if a.kind == "EliminateExcess"), key=lambda a: (sum(know.values(a.unit)), a.unit))
        return self.by_lookahead(state, options)

    def loss_or_retreat(self, know: Knowledge, options: list):
        best, best_score = None, None
        for a in options:
            if a.kind == "ChooseLoss":
                _, _, steps = know.values(a.unit)
                here = know.units[a.unit]["hex"]
                score = -2.0 if steps > 1 else -5.0
                if here in know.board.city_hexes or (self.side == "axis" and not self.attacking(know.turn)):
                    score += 1.5
            elif a.kind == "Retreat":
                if not a.path:
                    score = -6.0
                else:
                    end = a.path[-1]
                    score = -1.0 - 0.1 * len(a.path) - 0.3 * know.enemy_attack_near(end) / max(1.0, know.values(a.unit)[1] * know.mult(end))
            else:
                score = -3.0
            if best_score is None or score > best_score:
                best, best_score = a, score
        return best

    def advance(self, know: Knowledge, options: list):
        goals = set(know.objectives()) | set(know.board.city_hexes)
        best, best_score = None, 0.0
        for a in options:
            if a.kind != "Advance" or not a.path:
                continue
            end = a.path[-1]
            att, dfn, _ = know.values(a.unit)
            score = (3.0 if end in goals else 0.5 if self.attacking(know.turn) else -0.2)
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

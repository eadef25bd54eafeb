"""The ``greedy`` baseline: best immediate odds and the nearest objective, no lookahead.

In a combat phase it declares the attack with the best odds (every able unit joins); in a
movement phase it moves each unit once to the reachable hex nearest an objective (enemy-held
Cities and Kharkov for the Soviets, the Soviet salient for the Axis); otherwise it ends the
phase.  Decisions follow fixed rules: commit air, retreat rather than lose a step, advance,
chase, remove the weakest over-stacked unit.  It reads only the observation, the legal actions
and ``legal_moves`` (the API a human's window uses).
"""
from __future__ import annotations

import random

from ..engine.actions import Attack, EndPhase, Move
from .common import Knowledge, last_actions


class GreedyPlayer:
    name = "greedy"
    min_odds = 1.0

    def __init__(self, side: str, seed: int | None = None):
        self.side = side
        self.rng = random.Random(seed)
        self._moved: set[str] = set()
        self._phase_key = None

    # ------------------------------------------------------------------ dispatch
    def begin(self, state):
        """(legal actions, the action when there is nothing to weigh: a single choice or a
        pending decision, else None); notes a new phase."""
        legal = state.legal_actions()
        if not len(legal):
            raise RuntimeError(f"{self.side}: no legal action at {state!r}")
        if len(legal.actions()) == 1:
            return legal, legal.actions()[0]
        key = (state.turn, state.phase.id)
        if key != self._phase_key:
            self._phase_key = key
            self.new_phase()
        if state.pending:
            return legal, self.decide(state, list(legal))
        return legal, None

    def new_phase(self) -> None:
        self._moved = set()

    def choose(self, state):
        legal, action = self.begin(state)
        if action is not None:
            return action
        kinds = {a.kind for a in last_actions(legal)}
        know = Knowledge(state, self.side)
        if "Attack" in kinds:
            action = self.pick_attack(know, [a for a in last_actions(legal) if isinstance(a, Attack)])
            if action is not None:
                return action
        if "Move" in kinds:
            action = self.pick_move(state, know)
            if action is not None:
                return action
        if any(a.kind == "EndPhase" for a in last_actions(legal)):
            return EndPhase()
        every = legal.actions()
        return every[self.rng.randrange(len(every))]  # setup or an unknown phase

    # ------------------------------------------------------------------ combat
    def attack_score(self, know: Knowledge, attack: Attack) -> float:
        return know.odds(attack.attackers, attack.targets)

    def pick_attack(self, know: Knowledge, attacks: list[Attack]):
        best, best_score = None, None
        for a in attacks:
            if know.odds(a.attackers, a.targets) < self.min_odds:
                continue
            score = self.attack_score(know, a)
            if best_score is None or score > best_score:
                best, best_score = a, score
        return best

    # ------------------------------------------------------------------ movement
    def movable(self, state, know: Knowledge) -> list[str]:
        return [
            u for u, v in sorted(know.units.items())
            if v["side"] == self.side and v["box"] != "eliminated" and u not in self._moved
        ]

    def pick_move(self, state, know: Knowledge):
        field = know.distance_field(know.objectives())
        for uid in self.movable(state, know):
            self._moved.add(uid)
            reach = state.legal_moves(uid)
            if not reach:
                continue
            here = know.units[uid]["hex"]
            best, best_score = None, field.get(here, 999) if here else 999
            for dest in sorted(reach):
                score = self.move_score(know, uid, dest, field)
                if here is None or score < best_score:
                    best, best_score = dest, score
            if best is not None and best != here:
                return Move(units=(uid,), path=reach[best].path)
        return None

    def move_score(self, know: Knowledge, uid: str, dest: str, field: dict) -> float:
        return field.get(dest, 999)

    # ------------------------------------------------------------------ decisions
    def decide(self, state, options: list):
        kinds = {a.kind for a in options}
        for kind in ("CommitAir", "Chase"):
            if kind in kinds:
                return next(a for a in options if a.kind == kind)
        if "Retreat" in kinds:
            retreats = [a for a in options if a.kind == "Retreat" and a.path]
            if retreats:
                return retreats[0]
        if "ChooseLoss" in kinds:
            return next(a for a in options if a.kind == "ChooseLoss")
        if "Advance" in kinds:
            return next(a for a in options if a.kind == "Advance")
        if "EliminateExcess" in kinds:
            know = Knowledge(state, self.side)
            return min((a for a in options if a.kind == "EliminateExcess"), key=lambda a: sum(know.values(a.unit)))
        return options[0]

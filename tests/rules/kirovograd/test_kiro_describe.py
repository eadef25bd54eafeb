"""Kirovograd's actions in a player's words (describe.py): the window's buttons and questions, never a Python repr."""
from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from kharkovsuite import engine
from kharkovsuite.engine.actions import Action

ROOT = Path(__file__).resolve().parents[3]
HISTORICAL = ROOT / "scenarios" / "kirovograd-historical.yaml"


def game(seed: int = 4):
    return engine.new_game(HISTORICAL, seed, headless=True)


def test_every_action_of_a_random_turn_is_worded_without_its_python_form():
    state = game()
    rng = random.Random(4)
    kinds = set()
    while state.turn == 1 and not state.is_terminal:
        legal = list(state.legal_actions())
        for a in legal[:60]:
            label = state.rules.describe(state, a).label
            assert label and f"{a.kind}(" not in label and "=" not in label, label
            kinds.add(a.kind)
        state.apply(rng.choice(legal))
    assert {"SetOrder", "SubmitOrders", "Move", "EndPhase"} <= kinds


def test_an_order_button_says_its_supply_cost_and_what_the_order_allows():
    state = game()
    from kharkovsuite.rules.kirovograd.actions import SetOrder

    words = state.rules.describe(state, SetOrder(formation="c48", order="assault"))
    assert words.label == "48: assault orders, 3 supply point(s) from the Soviet track"
    assert "movement: round one full, round two 2 hexes (6.2.1)" in words.detail
    assert "combat: +1 column(s) when it attacks (6.2.1)" in words.detail
    assert state.rules.describe(state, SetOrder(formation="c48", order="defense")).label == "48: defense orders, no supply cost"


def test_sealing_the_orders_lists_them_with_their_cost_and_asks_first():
    from kharkovsuite.rules.kirovograd.actions import SetOrder, SubmitOrders

    state = game()
    decision = state.pending[-1]
    for f in decision.data["tracks"]:
        state.apply(SetOrder(formation=f, order="mobile"))
    words = state.rules.describe(state, SubmitOrders())
    n = len(decision.data["tracks"])
    assert words.label == f"Seal the orders ({n} supply point(s))"
    assert "48: mobile" in words.detail and f"the Soviet track: {n} point(s) paid, {100 - n} left" in words.detail
    assert "6.1D" in words.confirm and "3.3" in words.confirm


@dataclass(frozen=True)
class Bombard(Action):
    """A kind the words module has never heard of."""

    unit: str
    hexes: tuple[str, ...]
    formation: str


def test_a_kind_without_words_of_its_own_is_worded_from_its_fields_with_names_not_ids():
    state = game()
    words = state.rules.describe(state, Bombard(unit="su-14eng", hexes=("2920", "2921"), formation="c48"))
    assert words.label == "Bombard: unit 14 Eng; hexes 2920, 2921; formation 48"


def test_the_combat_half_s_declaration_steps_have_words_of_their_own():
    from kharkovsuite.rules.kirovograd.fight import AddAttacker, ChooseResult

    state = game()
    assert state.rules.describe(state, AddAttacker(unit="su-14eng")).label == "14 Eng joins the attack (14.3)"
    assert state.rules.describe(state, ChooseResult(loss=1, retreat=2)).label == "Take 1 SP lost and 2 hex(es) of retreat (15.9)"


def test_an_independent_unit_taking_a_formation_s_orders_is_worded_with_names():
    from kharkovsuite.rules.kirovograd.actions import AttachUnit

    state = game()
    assert state.rules.describe(state, AttachUnit(unit="su-14eng", formation="c33g")).label == "14 Eng: 33's orders this turn (6.3)"


def test_25_2_refitting_a_tank_unit_says_what_it_gains_and_what_it_costs():
    from kharkovsuite.rules.kirovograd.actions import TakeReplacements

    state = game()
    state.game["replacement_points"] = 10
    words = state.rules.describe(state, TakeReplacements(unit="su-18t-110", points=3))
    assert words.label == "Refit 110 with 3 armour replacement point(s) (25.2)"
    assert "spends its whole movement round" in words.detail and "10 point(s) in hand" in words.detail


def test_25_1c_25_2_a_worn_soviet_tank_unit_s_notes_give_the_replacement_points_in_hand_in_its_side_s_round():
    from kharkovsuite.rules.kirovograd.describe import unit_notes
    from tests.rules.kirovograd.kiro_helpers import GE_INF, PLAIN, bare

    def notes(step: int, points: int | None, side: str = "soviet") -> list[str]:
        state = bare({"su-18t-110": "4030", GE_INF: PLAIN}, side=side, orders={"t18": "mobile"})
        state.units["su-18t-110"].step = step
        if points is not None:  # None: before 25.1B gives any
            state.game["replacement_points"] = points
        return [n for n in unit_notes(state, "su-18t-110") if "replacement" in n]

    assert notes(2, 10) == ["armour replacement points in hand: 10; it takes them two or more hexes from the enemy, "
                            "for its movement round (25.2)"]
    assert notes(0, 10) == [] and notes(2, 0) == [] and notes(2, 10, side="german") == []
    assert notes(1, 3) == ["armour replacement points in hand: 3; it takes them two or more hexes from the enemy, "
                           "for its movement round (25.2)"]  # one SP lost is worn too
    assert notes(2, None) == []

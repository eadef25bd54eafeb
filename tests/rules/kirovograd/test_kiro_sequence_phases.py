"""3.0: each segment of the turn, its name, the case it plays and whether the program runs it."""
from __future__ import annotations

from kharkovsuite.rules.kirovograd import sequence

PLAYER_TURN = [
    ("Mutual Air Commitment", True), ("Move, Round One", False), ("Combat, Round One", False),
    ("Move, Round Two", False), ("Combat, Round Two", False), ("Supply", True),
]


def test_3_each_segment_names_its_case_and_who_plays_it():
    got = [(p.id, p.name, p.case, p.automatic) for p in sequence.PHASES]
    first = [(pid, name, case, auto) for pid, (name, auto), case in zip(
        ("air_1", "move_1_1", "combat_1_1", "move_1_2", "combat_1_2", "supply_1"), PLAYER_TURN,
        ("3.5.1", "3.5.2", "3.5.3", "3.5.4", "3.5.5", "3.5.6"))]
    second = [(pid, name, case, auto) for pid, (name, auto), case in zip(
        ("air_2", "move_2_1", "combat_2_1", "move_2_2", "combat_2_2", "supply_2"), PLAYER_TURN,
        ("3.6", "3.5.2", "3.5.3", "3.5.4", "3.5.5", "3.5.6"))]
    assert got == [
        ("weather", "Weather", "3.1", True), ("delivery", "Supply Delivery", "3.2", True),
        ("orders", "Orders", "3.3", False), ("initiative", "Initiative", "3.4", True),
        *first, *second, ("advance", "Game Turn Advance", "3.7", True),
    ]


def test_3_5_move_rounds_offer_moves_and_reserves_combat_rounds_the_declaration():
    for p in sequence.PHASES:
        if p.id.startswith("move_"):
            assert p.actions == sequence.MOVE_ACTIONS and "CommitReserve" in p.actions and "Move" in p.actions
        elif p.id.startswith("combat_"):
            assert p.actions == sequence.COMBAT_ACTIONS and "AttackHex" in p.actions
        elif p.id.startswith(("air_", "supply_")):
            assert p.actions == ()

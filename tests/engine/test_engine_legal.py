"""The lazy list of legal actions: entries listed (a :class:`Choices` standing for a unit's
moves to every hex it reaches) and every single action, both counted and indexed without
building more than is asked for."""
import pytest

from kharkovsuite.engine import EndPhase, Move
from kharkovsuite.engine.legal import Choices, LegalActions


def legal_with(built: list) -> LegalActions:
    def move(unit):
        def make(i):
            built.append((unit, i))
            return Move(units=(unit,), path=("0101", f"01{i + 2:02d}"))
        return make

    legal = LegalActions()
    legal.add_choices("Move", ("a",), 3, move("a"))
    legal.add_choices("Move", ("b",), 0, move("b"))  # a unit that reaches nothing is not listed
    legal.add_choices("Move", ("c",), 2, move("c"))
    legal.add_list([EndPhase()])
    return legal


def test_a_units_moves_are_one_entry_and_each_is_a_single_action():
    built: list = []
    legal = legal_with(built)
    assert len(legal) == 3 and len(legal.actions()) == 6 and built == []  # counted, none built
    first, second, end = legal
    assert isinstance(first, Choices) and (first.kind, first.units, len(first)) == ("Move", ("a",), 3)
    assert second.units == ("c",) and end == EndPhase() and legal[-1] == EndPhase()
    assert legal.actions()[4] == Move(units=("c",), path=("0101", "0103")) and built == [("c", 1)]
    assert [getattr(a, "units", None) for a in legal.actions()] == [("a",)] * 3 + [("c",)] * 2 + [None]
    with pytest.raises(IndexError):
        legal[3]
    with pytest.raises(IndexError):
        legal.actions()[6]


def test_membership_opens_the_entry_of_the_action_only():
    built: list = []
    legal = legal_with(built)
    move = Move(units=("c",), path=("0101", "0102"))
    assert move in legal and move in legal[1] and move not in legal[0]
    assert Move(units=("c",), path=("0101", "0109")) not in legal
    assert EndPhase() in legal
    assert legal[0] == legal_with([])[0] and legal[0] != legal[1]


def test_the_actions_of_some_kinds_are_read_without_building_the_other_kinds_entries():
    built: list = []
    legal = legal_with(built)
    assert list(legal.of_kinds("EndPhase")) == [EndPhase()] and built == []  # the moves' entries passed over
    assert [a.units for a in legal.of_kinds("Move", "EndPhase") if a.kind == "Move"] == [("a",)] * 3 + [("c",)] * 2
    assert list(legal.of_kinds("Attack")) == []


def test_listed_segments_give_each_choices_entry_without_building_an_action_and_lists_as_they_are():
    built: list = []
    legal = legal_with(built)
    segments = list(legal.listed_segments())
    assert [(count, choices.kind if choices else None, choices.units if choices else None) for count, _make, choices in segments] \
        == [(3, "Move", ("a",)), (2, "Move", ("c",)), (1, None, None)]
    assert built == []  # a unit's moves known by kind and units, none built
    assert segments[1][1](1) == Move(units=("c",), path=("0101", "0103")) and segments[2][1](0) == EndPhase()


def test_a_listed_entry_names_the_hex_of_each_of_its_actions_when_given_them():
    legal = LegalActions()
    built = []

    def make(i):
        built.append(i)
        return Move(units=("u1",), path=("0101", ("0102", "0201")[i]))

    legal.add_choices("Move", ("u1",), 2, make, ["0102", "0201"])
    legal.add_choices("Move", ("u2",), 1, lambda i: Move(units=("u2",), path=("0303", "0304")))
    first, second = legal
    assert first.hexes == ("0102", "0201") and second.hexes is None
    assert built == []  # the hexes are read without building a move
    assert first[1].path[-1] == first.hexes[1] and built == [1]
    with pytest.raises(ValueError, match=r"^Move \('u3',\): 1 hexes named for 2 actions$"):
        legal.add_choices("Move", ("u3",), 2, make, ["0102"])

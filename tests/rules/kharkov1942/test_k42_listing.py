"""How ``legal_actions`` lists movement (issue 27): one entry per unit, per whole stack and per
unit able to go by rail, standing for its move to each hex it can reach, so the list stays
short however far units reach; every single action is still there to open up, test and apply."""
from k42_helpers import position

from kharkovsuite.engine import Move
from kharkovsuite.engine.legal import Choices


def test_6_0_each_unit_and_stack_is_listed_once_with_every_hex_it_reaches():
    state = position({"su-r1": "0302", "su-r2": "0302", "su-t1": "0305"})
    legal = state.legal_actions()
    moves = [e for e in legal if isinstance(e, Choices) and e.kind == "Move"]
    assert [e.units for e in moves] == [("su-r1",), ("su-r2",), ("su-t1",), ("su-r1", "su-r2")]
    for entry in moves:
        reach = state.legal_moves(entry.units)
        assert len(entry) == len(reach)
        assert {a.path for a in entry} == {r.path for r in reach.values()}
    rails = [e for e in legal if isinstance(e, Choices) and e.kind == "RailMove"]  # 0302 and 0305 are rail hexes
    assert [e.units for e in rails] == [("su-r1",), ("su-r2",), ("su-t1",)]
    assert all(a.kind == "RailMove" and a.units == e.units for e in rails for a in e)
    assert len(legal) == len(moves) + len(rails) + 1  # and End Phase: nothing else is possible here
    assert len(legal.actions()) == sum(len(e) for e in moves + rails) + 1


def test_6_0_a_move_to_any_hex_is_in_the_list_and_applies():
    state = position({"su-r1": "0302"})
    legal = state.legal_actions()
    path = state.legal_moves("su-r1")["0402"].path
    move = Move(units=("su-r1",), path=path)
    assert move in legal and move in legal.actions()
    assert Move(units=("su-r1",), path=("0302", "0302")) not in legal
    entry = next(e for e in legal if isinstance(e, Choices))
    assert move in entry and entry[list(entry).index(move)] == move
    state.apply(move)
    assert state.units["su-r1"].hex == "0402"


def test_6_0_the_listing_counts_units_not_hexes():
    near = position({"su-r1": "0302"})
    far = position({"su-t1": "0302"})  # a tank brigade reaches further than an infantry one
    assert len(far.legal_moves("su-t1")) > len(near.legal_moves("su-r1"))
    assert len(far.legal_actions()) == len(near.legal_actions()) == 3  # its moves, its rail moves, End Phase
    assert len(far.legal_actions().actions()) > len(near.legal_actions().actions())

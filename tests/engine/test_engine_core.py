"""The generic engine: actions, events, the lazy legal-action list, codec, errors."""
import pytest

from kharkovsuite.engine import IllegalAction, LegalActions, actions
from kharkovsuite.engine.actions import ACTIONS, Advance, Attack, EndPhase, Move, action_from_dict
from kharkovsuite.engine.codec import decode, encode
from kharkovsuite.engine.events import EVENTS, CombatResolved, StepLost, UnitMoved, event_from_dict


def test_action_prints_as_written():
    assert str(Move(units=("ge-79id",), path=("0215", "0216"))) == "Move(units=('ge-79id',), path=('0215', '0216'))"
    assert str(EndPhase()) == "EndPhase()"


def test_action_lists_become_tuples():
    move = Move(units=["a"], path=["0101", "0102"])
    assert move == Move(units=("a",), path=("0101", "0102"))
    assert hash(move) == hash(Move(units=("a",), path=("0101", "0102")))


@pytest.mark.parametrize("action", [
    EndPhase(),
    Move(units=("a", "b"), path=("0101", "0102")),
    Attack(attackers=("a",), targets=("0203", "0204")),
    Advance(unit="a", path=("0101",)),
    actions.Retreat(unit="a", path=()),
    actions.ChooseLoss(unit="a"),
    actions.CommitAir(),
])
def test_action_round_trips_through_a_dict(action):
    assert action_from_dict(action.to_dict()) == action


def test_every_action_kind_is_registered():
    assert {"EndPhase", "Move", "RailMove", "Overrun", "Attack", "CommitAir", "DeclineAir", "ChooseLoss", "Retreat",
            "Advance", "EndAdvance", "Chase", "DeclineChase", "EliminateExcess"} <= set(ACTIONS)


def test_shared_field_bases_are_not_kinds_and_kinds_stay_apart():
    assert not [k for k in ACTIONS if k.startswith("_")] and not [k for k in EVENTS if k.startswith("_")]
    move, rail = Move(units=("a",), path=("0101", "0102")), actions.RailMove(units=("a",), path=("0101", "0102"))
    assert move != rail and str(rail) == "RailMove(units=('a',), path=('0101', '0102'))"
    overrun = actions.Overrun(("a",), ("0101",), "0102")  # positional order: units, path, target
    assert overrun.target == "0102" and action_from_dict(overrun.to_dict()) == overrun
    assert actions.Chase(unit="a") != actions.ChooseLoss(unit="a")
    assert action_from_dict(actions.DeclineReserve().to_dict()) == actions.DeclineReserve()
    from kharkovsuite.engine.events import Advanced, Retreated

    assert Retreated(unit="a", path=("1", "2")).text() == "a retreats 1-2"
    assert Advanced(unit="a", path=("1", "2")).text() == "a advances 1-2"
    assert event_from_dict(Advanced(unit="a", path=("1",), case="9.71").to_dict()) == Advanced(unit="a", path=("1",), case="9.71")


def test_unknown_action_kind_is_an_error():
    with pytest.raises(ValueError):
        action_from_dict({"kind": "Teleport"})


def test_illegal_action_message_starts_with_the_case():
    err = IllegalAction("6.25", "may not cross a Major River into an enemy-controlled hex")
    assert str(err) == "6.25: may not cross a Major River into an enemy-controlled hex"
    assert err.case == "6.25" and isinstance(err, ValueError)


def test_event_prints_its_case_and_round_trips():
    event = UnitMoved(units=("a",), path=("0101", "0102"), cost=1.5, how="move", case="6.1")
    assert str(event).startswith("[6.1] ")
    assert event_from_dict(event.to_dict()) == event
    resolved = CombatResolved(attackers=(("a", "9", "9"),), defenders=(), garrison=1, attack="9", defense="1",
                              base_column="9-1", shifts=(("air 13.14", 1),), column="10-1", die=3, modifier=0,
                              result="De", case="9.4")
    assert event_from_dict(resolved.to_dict()) == resolved
    assert "StepLost" in EVENTS and StepLost(unit="a", step=1, steps=4).text()


def test_codec_keeps_sets_and_tuples():
    data = {"a": {1, 2}, "b": ("x", ("y",)), "c": [frozenset({"z"})], "d": None}
    back = decode(encode(data))
    assert back["a"] == {1, 2} and back["b"] == ("x", ("y",)) and back["c"] == [{"z"}] and back["d"] is None


def test_legal_actions_is_a_lazy_sequence():
    made = []

    def make(i):
        made.append(i)
        return Advance(unit=f"u{i}", path=("0101",))

    legal = LegalActions()
    legal.add(1000, make)
    legal.add_list([EndPhase()])
    assert len(legal) == 1001 and made == []
    assert legal[5] == Advance(unit="u5", path=("0101",)) and made == [5]
    assert legal[-1] == EndPhase() and legal[1000] == EndPhase()
    assert EndPhase() in legal
    with pytest.raises(IndexError):
        legal[1001]
    assert len(list(legal)) == 1001
    assert legal[998:1000] == [Advance(unit="u998", path=("0101",)), Advance(unit="u999", path=("0101",))]


def test_legal_actions_segments_list_every_action_once_in_order():
    from kharkovsuite.engine import EndPhase, LegalActions, Move

    legal = LegalActions()
    legal.add_list([Move(units=("a",), path=("0101", "0102")), Move(units=("b",), path=("0101", "0201"))])
    legal.add(0, lambda i: EndPhase())  # an empty segment is not kept
    legal.add(1, lambda i: EndPhase())
    segs = legal.segments()
    assert [n for n, _ in segs] == [2, 1]
    assert [make(i) for n, make in segs for i in range(n)] == list(legal)


def test_two_action_classes_of_one_kind_are_refused_since_saves_name_actions_by_kind():
    from dataclasses import dataclass

    from kharkovsuite.engine.actions import ACTIONS, Action

    before = ACTIONS["EndPhase"]
    with pytest.raises(TypeError, match="'EndPhase' .* already the action of kharkovsuite.engine.actions"):

        @dataclass(frozen=True)
        class EndPhase(Action):  # another system's class of the same name
            pass

    assert ACTIONS["EndPhase"] is before


def test_two_event_classes_of_one_kind_are_refused_since_saves_name_events_by_kind():
    from dataclasses import dataclass

    from kharkovsuite.engine.events import EVENTS, Event

    before = EVENTS["UnitMoved"]
    with pytest.raises(TypeError, match="'UnitMoved' .* already the event of kharkovsuite.engine.events"):

        @dataclass(frozen=True, kw_only=True)
        class UnitMoved(Event):
            pass

    assert EVENTS["UnitMoved"] is before


def test_a_refusal_crosses_process_boundaries_whole_so_self_play_workers_report_it():
    import pickle

    refusal = pickle.loads(pickle.dumps(IllegalAction("3.4", "a unit moves once an activation")))
    assert isinstance(refusal, IllegalAction)
    assert (refusal.case, refusal.reason, str(refusal)) == ("3.4", "a unit moves once an activation", "3.4: a unit moves once an activation")


@pytest.mark.parametrize("case, reason", [(None, "why"), ("", "why"), ("XX6.3XX", "why"), ("move", "why"),
                                          ("6.3", None), ("6.3", ""), ("6.3", "  ")])
def test_a_refusal_without_a_rule_case_or_a_reason_is_a_programming_error(case, reason):
    """Every refusal names its rule case and says why: one that does not is caught where it is made."""
    with pytest.raises(TypeError):
        IllegalAction(case, reason)


@pytest.mark.parametrize("case", ["5", "6.25", "14.3A", "11.B", "4.2.A1", "20.0D-E", "18.5B, 18.1C"])
def test_the_rulebooks_case_numbers_are_accepted(case):
    assert IllegalAction(case, "why").case == case


@pytest.mark.parametrize("case", [None, "XX6.1XX", "move"])
def test_an_event_or_a_decision_under_no_rule_case_is_a_programming_error(case):
    """The log prints each event's case and the window each decision's: they are rulebook numbers."""
    from kharkovsuite.engine.state import Decision

    with pytest.raises(TypeError):
        UnitMoved(units=("a",), path=("0101", "0102"), cost=1.0, how="move", case=case)
    with pytest.raises(TypeError):
        Decision("retreat", "german", case)


def test_an_event_may_name_no_case_and_a_decision_keeps_its_data_in_a_dict():
    from kharkovsuite.engine.state import Decision

    assert not str(UnitMoved(units=("a",), path=("0101", "0102"), cost=1.0, how="move")).startswith("[")
    assert Decision("retreat", "german", "7.6").data == {}
    with pytest.raises(TypeError):
        Decision("retreat", "german", "7.6", None)

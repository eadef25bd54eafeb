"""engine.hidden: masking unit ids out of what a side may know (any rule system's face-down or
hidden counters)."""
from __future__ import annotations

from kharkovsuite.engine.events import FlagChanged, Masked, UnitMoved, Unmasked
from kharkovsuite.engine.hidden import mask, masked_log


def test_mask_replaces_an_id_everywhere_and_leaves_out_what_names_a_hidden_unit():
    data = {
        "at": {"0101": ["de-a", "de-b"], "0909": ["de-h"]},
        "moved": {"$set": ["de-0", "de-a"]},
        "de-a": {"note": "de-a stopped by de-b"},
        "hq": "de-h",
        "texts": ["de-h is here", "nothing"],
        "ade-a": "ade-a",  # a longer word holding an id is not that id
    }
    out = mask(data, {"de-a": "counter-9", "de-h": None})
    assert out["at"] == {"0101": ["counter-9", "de-b"]}  # no empty stack at 0909 to tell of the hidden unit
    assert out["moved"] == {"$set": ["counter-9", "de-0"]}  # sorted again: the ids' order would tell which
    assert out["counter-9"] == {"note": "counter-9 stopped by de-b"}
    assert "hq" not in out and out["texts"] == ["nothing"]
    assert out["ade-a"] == "ade-a"


def test_mask_lists_the_tokens_in_their_own_order_not_in_the_order_of_the_units_they_stand_for():
    """A stack (or any list, or a record's keys) in which masked units stand lists their tokens sorted by token,
    in the places the masked units held: the true order (the units' arrival, or a group sorted by id) would tell
    which token is which unit."""
    masks = {"de-a": "counter-2", "de-b": "counter-1", "de-c": "counter-3"}
    out = mask({"at": {"0101": ["de-a", "de-x", "de-b", "de-c"]}, "spent": {"de-b": 1, "de-a": 2, "de-x": 3}}, masks)
    assert out["at"]["0101"] == ["counter-1", "de-x", "counter-2", "counter-3"]
    assert list(out["spent"].items()) == [("counter-1", 1), ("counter-2", 2), ("de-x", 3)]
    again = mask({"at": {"0101": ["de-c", "de-x", "de-a", "de-b"]}}, masks)
    assert again["at"]["0101"] == out["at"]["0101"]  # the same stack, come in another order, reads the same
    assert mask(("de-a", "de-b"), masks) == ("counter-1", "counter-2")  # a group of units moved together too


def test_masked_log_reads_each_event_with_the_masks_of_its_moment():
    log = [
        Masked(unit="de-a", side="german", token="counter-1"),
        UnitMoved(units=("de-a",), path=("0101", "0102")),
        Unmasked(unit="de-a", side="german", token="counter-1", hex="0102"),
        FlagChanged(unit="de-a", flag="reserve", on=True),
        Masked(unit="de-a", side="german", token="counter-2"),
        UnitMoved(units=("de-a",), path=("0102", "0103")),
        Masked(unit="de-h", side="german", token=None),
        UnitMoved(units=("de-h",), path=("0201", "0202")),
    ]
    soviet, masks = masked_log(log, "soviet")
    assert [str(e) for e in soviet] == [
        "counter-1 move 0101-0102 (0 MP)",
        "counter-1 revealed as de-a at 0102",
        "de-a becomes reserve",
        "counter-2 move 0102-0103 (0 MP)",
    ]
    assert masks == {"de-a": "counter-2", "de-h": None}
    german, _ = masked_log(log, "german")
    assert [e for e in german if not isinstance(e, Masked)] == german and len(german) == 5  # its own units, all of it
    more, _ = masked_log(log, "soviet", 6, {"de-a": "counter-2"})
    assert more == []  # walking on from where the last walk ended: the hidden HQ's move stays out

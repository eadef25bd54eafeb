"""Each side's log (``state.events_for(side)``): the game's events without those naming a unit the
side's observation hides.  Kharkov 1943's fog of war hides stacks; Kharkov 1942 hides no unit, so
each of its sides reads the whole log."""
from __future__ import annotations

import random
import re
from pathlib import Path

from kharkovsuite.engine import new_game
from kharkovsuite.engine.events import UnitMoved, known_events
from kharkovsuite.rules.kharkov1943 import fog
from kharkovsuite.rules.kharkov1943.rules import new_game as new_k43_game
from kharkovsuite.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[2]


def named(text: str, uid: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(uid)}(?![\w-])", text) is not None


def test_a_kharkov_1943_side_never_reads_in_its_log_the_id_of_a_unit_its_observation_hides():
    state = new_k43_game(load_scenario(ROOT / "scenarios" / "kharkov-1943-gallop.yaml"), 3)
    rng = random.Random(3)
    leaks_in_the_whole_log = 0
    for step in range(300):
        state.apply(rng.choice(state.legal_actions().actions()))
        if step % 5:
            continue
        for side in ("german", "soviet"):
            hidden = fog.hidden_units(state, side)
            whole = "\n".join(str(e) for e in state.log)
            leaks_in_the_whole_log += sum(1 for u in hidden if named(whole, u))
            mine = state.events_for(side)
            text = "\n".join(str(e) for e in mine)
            assert not [u for u in hidden if named(text, u)], (state.turn, side)
            assert all(e in state.log for e in mine)
    assert leaks_in_the_whole_log, "the game's whole log names hidden units: the filter has something to leave out"


def test_a_kharkov_1942_side_reads_the_whole_log():
    state = new_game(load_scenario(ROOT / "scenarios" / "kharkov-1942.yaml"), 2)
    rng = random.Random(2)
    for _ in range(60):
        state.apply(rng.choice(state.legal_actions().actions()))
    assert any(e.kind == "UnitMoved" for e in state.log)
    for side in state.scenario.sides:
        assert state.events_for(side) == state.log


def test_an_event_is_left_out_when_a_field_or_its_words_name_a_hidden_unit():
    a = UnitMoved(units=("ge-1",), path=("0101", "0102"), case="6.1")
    b = UnitMoved(units=("ge-10",), path=("0101", "0102"), case="6.1")  # another unit whose id begins alike
    assert known_events([a, b], {"ge-1"}) == [b]
    assert known_events([a, b], set()) == [a, b]


def test_with_names_replaces_whole_ids_only_the_longest_first():
    from kharkovsuite.engine.events import FlagChanged, UnitMoved, with_names

    names = {"su-tb-2": "Tank Brigade 2", "su-tb-26": "Tank Brigade 26", "1618": "not a unit"}
    moved = UnitMoved(units=("su-tb-26", "su-tb-2"), path=("1618", "1617"), cost=2, case="6.0b")
    assert with_names(moved.text(), {k: v for k, v in names.items() if k != "1618"}) == "Tank Brigade 26, Tank Brigade 2 move 1618-1617 (2 MP)"
    assert with_names(FlagChanged(unit="su-tb-2x", flag="active", on=True).text(), names) == "su-tb-2x becomes active"
    assert with_names("su-tb-2 waits", {}) == "su-tb-2 waits"


def test_a_side_s_log_reads_each_event_s_words_once_and_leaves_out_what_the_words_search_leaves_out(monkeypatch):
    """A side's log is read anew at every position of a game (the log dock, the computer player): each event's words
    are worked out once (Event.mentions), and the events left out are those a search of each field and of the words
    for a hidden id leaves out (the form kept for ids that are not one word)."""
    from kharkovsuite.engine import events as ev

    state = new_k43_game(load_scenario(ROOT / "scenarios" / "kharkov-1943-gallop.yaml"), 4)
    rng = random.Random(4)
    for _ in range(120):
        state.apply(rng.choice(state.legal_actions().actions()))
    log = [ev.event_from_dict(e.to_dict()) for e in state.log]  # events whose words were never read
    calls = []
    for kind in {type(e) for e in log}:
        monkeypatch.setattr(kind, "text", lambda self, real=kind.text: calls.append(1) or real(self))
    units = sorted(state.units)
    picks = [set(rng.sample(units, k)) for k in (1, 3, 10, 40)] + [fog.hidden_units(state, s) for s in ("german", "soviet")]
    for hidden in picks:
        pattern = ev._ids_pattern(frozenset(hidden))
        slow = [e for e in log if not any(ev._names(getattr(e, f), frozenset(hidden)) for f in (x.name for x in ev.fields(e)))
                and not pattern.search(e.text())]
        calls.clear()
        assert known_events(log, hidden) == slow
    assert len(slow) < len(log) and calls == [], "the words were read again"

"""Refusals in words and the records a player sees, each by its rule case: a hex off the map and
a move not from the unit's hex (6.0b), a reinforcement's entry (16.0), a unit named twice in a
rail move (6.41) and the rail move's log line, the halved allowance out of supply (6.26), each
side's view of the Air Points (13.0) and the Rumanian HQ released with Operation Fredericus (6.52)."""
from pathlib import Path

import pytest
from k42_helpers import Dice, position

from kharkovsuite.engine import Attack, IllegalAction, Move, RailMove, new_game
from kharkovsuite.rules.kharkov1942 import hq, movement, supply

SHIPPED = Path(__file__).resolve().parents[3] / "scenarios" / "kharkov-1942.yaml"


@pytest.fixture
def shipped():
    return new_game(SHIPPED, 0)


def test_6_0b_a_path_through_a_hex_off_the_map_is_refused_naming_the_hex(shipped):
    with pytest.raises(IllegalAction) as err:
        shipped.apply(Move(units=("su-cd-04",), path=("1916", "9999")))
    assert err.value.case == "6.0b" and str(err.value) == "6.0b: 9999 is not a hex of the map"


def test_6_0b_a_move_that_does_not_start_at_the_unit_s_hex_is_refused_by_case_6_0b(shipped):
    with pytest.raises(IllegalAction) as err:
        shipped.apply(Move(units=("su-cd-04",), path=("1917", "1918")))
    assert err.value.case == "6.0b"
    assert str(err.value) == "6.0b: a move of su-cd-04 starts at its hex 1916 and enters at least one hex"


def test_16_0_a_reinforcement_entering_outside_its_area_is_told_where_it_enters():
    state = position({}, turn=2)
    entry = state.units["su-t4"].data["entry"]
    with pytest.raises(IllegalAction) as err:
        state.apply(Move(units=("su-t4",), path=("0505", "0506")))
    assert err.value.case == "16.0" and str(err.value) == f"16.0: su-t4 must enter through {entry}"


def test_6_41_a_rail_move_naming_a_unit_twice_is_refused_by_case_6_41():
    state = position({"su-r1": "0301"})
    with pytest.raises(IllegalAction) as err:
        state.apply(RailMove(units=("su-r1", "su-r1"), path=("0301", "0302")))
    assert err.value.case == "6.41" and str(err.value) == "6.41: name each unit once"


def test_6_41_the_log_of_a_rail_move_names_the_units_moved():
    state = position({"su-r1": "0301"})
    events = state.apply(RailMove(units=("su-r1",), path=("0301", "0302", "0303")))
    [moved] = [e for e in events if e.kind == "UnitMoved"]
    assert (moved.units, moved.path, moved.how, moved.case) == (("su-r1",), ("0301", "0302", "0303"), "rail", "6.41")


def test_6_26_the_halved_allowance_drops_the_fraction(monkeypatch):
    monkeypatch.setattr(supply, "in_supply", lambda state, unit: unit != "su-r1")
    state = position({"su-r1": "0501"})
    assert "su-r1" in state.phase_data["unsupplied"]
    assert movement.allowance(state, state.units["su-r1"]) == 6  # 7 MP halved is 3 MP (6 half MP), not 3.5


def test_13_0_each_side_sees_both_sides_air_points(shipped):
    air = dict(shipped.turn_data["air"])
    assert air and set(air) == {"axis", "soviet"}
    assert shipped.observation("axis")["air"] == air and shipped.observation("soviet")["air"] == air


def test_6_52_the_rumanian_hq_released_with_its_sector_is_logged_as_active(monkeypatch):
    monkeypatch.setattr(supply, "in_supply", lambda state, uid: True)  # 6.52 alone, as test_k42_fredericus.py
    monkeypatch.setattr(hq, "may_attack", lambda state, uid: True)
    state = position({"ge-4": "0706", "ro-hq": "0908", "su-g1": "0705"}, phase="soviet-combat", fredericus=True)
    assert "inactive" in state.units["ro-hq"].flags
    state.rng = Dice(1, 1, 1, 1, 1, 1)
    events = state.apply(Attack(attackers=("su-g1",), targets=("0706",)))
    assert "inactive" not in state.units["ro-hq"].flags
    assert any(e.kind == "FlagChanged" and e.flag == "active" and e.unit == "ro-hq" and e.case == "6.52" for e in events)

"""Set-up by hand (5.0-5.3) on tests/data/k42-breakdown.yaml, whose zones are: Axis front line
points 1-2 (columns 06-07), Rumanian HQ within one hex of 0808, Soviet front line A-B (columns
04-05), Soviet HQ within two of 0403, and the 6th Army Reserve counter in 0502."""
from pathlib import Path

import pytest
from k42_helpers import DATA

from kharkovsuite.engine import BreakDown, EndPhase, IllegalAction, PlaceUnit, new_game
from kharkovsuite.rules.kharkov1942 import setup
from kharkovsuite.scenario import load_scenario

_SCENARIO = load_scenario(DATA / "k42-breakdown.yaml")

AXIS = {"ge-1": "0106", "ge-2": "0306", "ge-3": "0506", "ge-4": "0706", "ro-1": "0906", "ge-5": "0207",
        "pz-1a": "0407", "pz-1b": "0407", "pz-1c": "0407", "ro-hq": "0808"}
SOVIET = {"su-r1": "0105", "su-r2": "0205", "su-g1": "0305", "su-r3": "0405", "su-t1": "0505", "su-r4": "0605",
          "su-c1": "0705", "su-r5": "0805", "su-r6": "0905", "su-c2": "1005", "su-t2": "0404", "su-hq6": "0403",
          "su-res6": "0502"}


def manual():
    return new_game(_SCENARIO, 0, setup="manual")


def place_all(state, where):
    for uid, h in where.items():
        state.apply(PlaceUnit(unit=uid, hex=h))


def test_5_0_a_manual_game_starts_with_the_axis_set_up():
    state = manual()
    assert state.phase.id == "axis-setup" and state.to_act == "axis"
    assert state.units["ge-1"].hex is None and state.units["su-r7"].box == "reserve-6"
    assert all(a.kind == "PlaceUnit" for a in state.legal_actions())


def test_5_0_the_soviet_side_sets_up_after_the_axis_then_play_begins():
    state = manual()
    place_all(state, AXIS)
    state.apply(EndPhase())
    assert state.phase.id == "soviet-setup" and state.to_act == "soviet"
    place_all(state, SOVIET)
    state.apply(EndPhase())
    assert state.phase.id == "soviet-movement" and state.turn == 1
    assert "frozen" in state.units["ro-1"].flags  # 6.51 applies to the hand set-up


def test_5_0_the_set_up_ends_only_when_every_unit_is_placed():
    state = manual()
    place_all(state, dict(list(AXIS.items())[:3]))
    assert EndPhase() not in state.legal_actions()
    with pytest.raises(IllegalAction) as err:
        state.apply(EndPhase())
    assert err.value.case == "5.0a"


def test_5_14_units_set_up_only_in_their_zone():
    state = manual()
    assert "0108" not in setup.places_for(state, "ge-1")  # two hexes behind the front line
    with pytest.raises(IllegalAction) as err:
        state.apply(PlaceUnit(unit="ge-1", hex="0108"))
    assert err.value.case == "5.14"
    state.apply(PlaceUnit(unit="ge-1", hex="0107"))  # within one hex of the line
    assert state.units["ge-1"].hex == "0107"


def test_5_14_a_hex_zone_is_the_hexes_within_its_distance():
    state = manual()
    assert set(setup.places_for(state, "ro-hq")) == {"0808", *state.board.nbr_ids["0808"]}
    with pytest.raises(IllegalAction):
        state.apply(PlaceUnit(unit="ro-hq", hex="0606"))


def test_8_1_set_up_respects_stacking():
    state = manual()
    place_all(state, {"ge-1": "0106", "ge-2": "0106", "ge-3": "0106"})
    assert "0106" not in setup.places_for(state, "ge-4")
    with pytest.raises(IllegalAction) as err:
        state.apply(PlaceUnit(unit="ge-4", hex="0106"))
    assert err.value.case == "8.1"


def test_5_15_the_axis_side_of_the_front_must_be_held():
    state = manual()
    where = dict(AXIS, **{"ge-4": "0106", "ro-1": "0106"})  # nothing near 0806-1006
    place_all(state, where)
    with pytest.raises(IllegalAction) as err:
        state.apply(EndPhase())
    assert err.value.case == "5.15"
    assert "1006" in str(err.value)


def test_5_15_the_soviet_side_of_the_front_must_be_held():
    state = manual()
    place_all(state, AXIS)
    state.apply(EndPhase())
    where = dict(SOVIET, **{"su-r5": "0105", "su-r6": "0205", "su-c2": "0305"})
    place_all(state, where)
    with pytest.raises(IllegalAction) as err:
        state.apply(EndPhase())
    assert err.value.case == "5.15"


def test_5_13_a_division_set_up_by_hand_may_start_broken_down():
    from kharkovsuite.engine import BreakDown

    state = manual()
    state.apply(PlaceUnit(unit="ge-1", hex="0106"))
    assert BreakDown(division="ge-1") in state.legal_actions()
    state.apply(BreakDown(division="ge-1"))
    here = state.units_at("0106")
    assert len(here) == 3 and all(state.board.has_flag(u, "regiment") for u in here)
    assert state.units["ge-1"].box == "breakdown-box"
    place_all(state, {u: h for u, h in AXIS.items() if u != "ge-1"})
    state.apply(EndPhase())  # the regiments hold the front like the division
    assert state.phase.id == "soviet-setup"


def test_5_13_only_a_placed_division_with_room_and_regiments_breaks_down():
    from kharkovsuite.engine import BreakDown

    state = manual()
    with pytest.raises(IllegalAction) as err:
        state.apply(BreakDown(division="ge-1"))  # still waiting to be set up
    assert err.value.case == "5.13"
    state.apply(PlaceUnit(unit="ge-1", hex="0106"))
    state.apply(PlaceUnit(unit="ge-2", hex="0306"))
    state.apply(BreakDown(division="ge-1"))  # three of the box's four regiments
    assert BreakDown(division="ge-2") not in state.legal_actions()
    with pytest.raises(IllegalAction) as err:
        state.apply(BreakDown(division="ge-2"))
    assert err.value.case == "15.15"


SHIPPED = Path(__file__).resolve().parents[3] / "scenarios" / "kharkov-1942.yaml"


def test_5_2a_one_unit_of_the_first_group_may_set_up_in_kharkov_instead():
    state = new_game(load_scenario(SHIPPED), 0, setup="manual")
    kharkov = list(state.scenario.map.cities["kharkov"].hexes)
    assert set(kharkov) <= set(setup.places_for(state, "ge-79id"))
    assert not set(kharkov) & set(setup.places_for(state, "ge-44id"))  # another group
    state.apply(PlaceUnit(unit="ge-79id", hex=kharkov[0]))
    assert not set(kharkov) & set(setup.places_for(state, "ge-294id"))
    with pytest.raises(IllegalAction) as err:
        state.apply(PlaceUnit(unit="ge-294id", hex=kharkov[1]))
    assert err.value.case == "5.2a"


#: case -> (set-up zone of the shipped scenario, unit types and counts the deployment chart gives)
GROUPS = {
    "5.2a": ("axis-1-2", {"ge-inf": 3}),
    "5.2b": ("axis-2-3", {"ge-inf": 2, "ge-pzr": 2, "ge-pgr": 4}),
    "5.2c": ("axis-3-4", {"ge-inf": 3, "ge-sich": 1, "ge-light": 1}),
    "5.2d": ("axis-4-5", {"ge-inf": 3, "ro-inf-3": 2, "ro-inf-4": 1}),
    "5.2e": ("axis-2822", {"ro-hq": 1}),
    "5.2f": ("axis-5-6", {"ge-mtn": 1, "ge-light": 1, "ge-pzr": 3, "ge-pgr": 6}),
    "5.2g": ("axis-6-7", {"ge-inf": 3, "ge-light": 1}),
    "5.2h": ("axis-3706", {"ge-inf": 2, "ge-light": 1}),
    "5.3a": ("soviet-a-b", {"su-guards": 1, "su-rifle": 6, "su-tank": 2}),
    "5.3b": ("soviet-hq-28", {"su-hq": 1}),
    "5.3c": ("soviet-reserve-28", {"su-reserve": 1, "su-guards": 1, "su-tank": 1, "su-cav": 3, "su-rifle": 1}),
    "5.3d": ("soviet-b-c", {"su-rifle": 4}),
    "5.3e": ("soviet-1808", {"su-hq": 1, "su-tank": 1}),
    "5.3f": ("soviet-c-d", {"su-rifle": 7, "su-tank": 1, "su-cav": 1}),
    "5.3g": ("soviet-2118", {"su-tank": 1}),
    "5.3h": ("soviet-hq-6", {"su-hq": 1}),
    "5.3i": ("soviet-reserve-6", {"su-reserve": 1, "su-rifle": 3, "su-tank": 4, "su-cav": 2}),
    "5.3j": ("soviet-d-e", {"su-rifle": 7, "su-tank": 3, "su-cav": 3}),
    "5.3k": ("soviet-reserve-57", {"su-reserve": 1, "su-rifle": 1, "su-tank": 1, "su-cav": 5}),
    "5.3l": ("soviet-e-f", {"su-rifle": 4, "su-tank": 1}),
    "5.3m": ("soviet-reserve-9", {"su-reserve": 1, "su-guards": 1, "su-tank": 6, "su-rifle": 1, "su-cav": 4}),
    "5.3n": ("soviet-f-g", {"su-rifle": 5, "su-tank": 4}),
    "5.3o": ("soviet-2602", {"su-hq": 1}),
}
#: hex-zones of the charts: (zone, hex, greatest distance)
HEX_ZONES = {"5.2e": ("2822", 0), "5.2h": ("3706", 2), "5.3b": ("0409", 5), "5.3e": ("1808", 0), "5.3g": ("2118", 0),
             "5.3h": ("2214", 5), "5.3k": ("3016", 0), "5.3o": ("2602", 0)}


@pytest.fixture(scope="module")
def shipped():
    return new_game(load_scenario(SHIPPED), 0)


@pytest.mark.parametrize("case", sorted(GROUPS))
def test_5_2_and_5_3_each_deployment_group_of_the_shipped_scenario(case, shipped):
    """The shipped set-up zones hold the units of each row of the deployment charts, and the
    historical deployment places every one of them inside its zone (or its Reserve Box)."""
    from collections import Counter

    state = shipped
    zone_id, counts = GROUPS[case]
    zone = next(z for z in state.scenario.setup.zones if z.id == zone_id)
    assert zone.side == ("axis" if case.startswith("5.2") else "soviet")
    assert Counter(state.units[u].type for u in zone.units) == Counter(counts)
    if zone.area:
        assert all(state.units[u].box == zone.area or state.units[u].hex == zone.hex for u in zone.units)
        return
    hexes = setup.zone_hexes(state, zone_id)
    assert all(state.units[u].hex in hexes for u in zone.units)
    if case in HEX_ZONES:
        center, within = HEX_ZONES[case]
        assert (zone.hex, zone.within or 0) == (center, within)


def test_5_3_the_non_active_hqs_of_the_charts_start_non_active(shipped):
    state = shipped
    for hq in ("su-hq-38", "su-hq-57", "su-hq-9", "su-hq-37", "ro-hq-6"):
        assert "inactive" in state.units[hq].flags


def test_5_3p_guards_rifle_divisions_are_never_untried(shipped):
    from kharkovsuite.rules.kharkov1942.units import is_untried

    state = shipped
    guards = [u for u in state.units if state.units[u].type == "su-guards"]
    assert len(guards) == 3 and not any(is_untried(state, state.units[u]) for u in guards)
    seen = state.observation("axis")["units"]["su-gd-1"]
    assert "untried" not in seen or not seen["untried"]
    rifle = next(u for u in state.units if state.units[u].type == "su-rifle" and state.units[u].hex)
    assert is_untried(state, state.units[rifle])


def test_5_0_the_log_tells_each_unit_set_up_and_its_hex():
    from kharkovsuite.engine.events import UnitMoved

    state = manual()
    events = state.apply(PlaceUnit(unit="ge-1", hex="0106"))
    moved = [e for e in events if isinstance(e, UnitMoved)]
    assert [(e.units, e.path, e.how) for e in moved] == [(("ge-1",), ("0106",), "setup")]
    assert moved[0].case == setup.SETUP_CASE["axis"]


def test_5_13_a_breakdown_at_set_up_without_enough_regiments_is_refused_in_words():
    state = manual()
    state.apply(PlaceUnit(unit="ge-1", hex="0106"))
    state.apply(PlaceUnit(unit="ge-2", hex="0306"))
    state.apply(BreakDown(division="ge-1"))  # three of the box's four regiments
    with pytest.raises(IllegalAction) as err:
        state.apply(BreakDown(division="ge-2"))
    assert err.value.case == "15.15" and str(err.value) == "15.15: not enough regiment counters in the Breakdown box"


def test_5_2a_the_refusal_of_a_second_unit_in_the_city_names_the_unit_already_there():
    state = new_game(load_scenario(SHIPPED), 0, setup="manual")
    kharkov = list(state.scenario.map.cities["kharkov"].hexes)
    state.apply(PlaceUnit(unit="ge-79id", hex=kharkov[0]))
    with pytest.raises(IllegalAction) as err:
        state.apply(PlaceUnit(unit="ge-294id", hex=kharkov[1]))
    assert str(err.value) == "5.2a: only one unit of its group may set up in that City; ge-79id already has"

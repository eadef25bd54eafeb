"""Set-up by hand (5.0-5.3) on tests/data/k42-breakdown.yaml, whose zones are: Axis front line
points 1-2 (columns 06-07), Rumanian HQ within one hex of 0808, Soviet front line A-B (columns
04-05), Soviet HQ within two of 0403, and the 6th Army Reserve counter in 0502."""
import pytest
from k42_helpers import DATA

from kharkovsuite.engine import EndPhase, IllegalAction, PlaceUnit, new_game
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
    assert err.value.case == "5.0"


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

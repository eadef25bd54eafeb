"""Kharkov 1943 fog of war (10) and air reconnaissance (13.3): hidden units are absent from the
other side's observation."""
import json

import pytest

from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kharkov1943 import fog
from kharkovsuite.rules.kharkov1943.actions import Reconnoitre, SetTop

from .k43_helpers import INF, INF2, PZ, SU_DIV, bare, scenario_grid

STACK = "2226"  # a German stack of three, far from the Soviet division
FAR = "2232"


def position(**extra):
    state = bare({INF: STACK, INF2: STACK, PZ: STACK, SU_DIV: FAR, **extra}, side="soviet")
    assert scenario_grid().distance(STACK, FAR) > 1
    return state


def text(obs) -> str:
    return json.dumps(obs)


def test_10_1_units_under_the_top_of_an_unseen_stack_are_absent_from_the_observation():
    state = position()
    top = fog.top(state, STACK)
    hidden = {INF, INF2, PZ} - {top}
    seen = state.observation("soviet")
    assert top in seen["units"] and seen["at"][STACK] == [top]
    for uid in hidden:
        assert uid not in seen["units"] and f'"{uid}"' not in text(seen)
    own = state.observation("german")
    assert {INF, INF2, PZ} <= set(own["units"])  # the owner sees his own stack


def test_10_1_a_unit_adjacent_to_the_stack_sees_all_of_it():
    grid = scenario_grid()
    beside = sorted(grid.ring(STACK, 1))[0]
    state = position()
    state.place(SU_DIV, beside)
    seen = state.observation("soviet")
    assert {INF, INF2, PZ} <= set(seen["units"]) and STACK in seen["examined"]


def test_10_1_a_stack_fought_this_turn_is_seen():
    state = position()
    fog.note_combat(state, "soviet", [STACK])
    assert {INF, INF2, PZ} <= set(state.observation("soviet")["units"])
    state.turn_data = {k: v for k, v in state.turn_data.items() if k != "fought"}  # a new turn
    assert len({INF, INF2, PZ} & set(state.observation("soviet")["units"])) == 1


def test_10_2_the_owner_chooses_the_top_unit():
    state = position()
    state.turn_data["segment"] = "german"
    wanted = next(u for u in (INF, INF2, PZ) if u != fog.top(state, STACK))
    assert SetTop(unit=wanted) in state.legal_actions().actions()
    state.apply(SetTop(unit=wanted))
    seen = state.observation("soviet")
    assert seen["at"][STACK] == [wanted] and wanted in seen["units"]
    assert not ({INF, INF2, PZ} - {wanted}) & set(seen["units"])


def test_13_3_air_reconnaissance_shows_a_stack_in_clear_weather_and_open_terrain():
    state = position()
    assert state.board.map.terrain(STACK) in fog.UNMASKED
    assert Reconnoitre(hex=STACK) in state.legal_actions().actions()
    state.apply(Reconnoitre(hex=STACK))
    assert {INF, INF2, PZ} <= set(state.observation("soviet")["units"])
    assert state.turn_data["recon"]["soviet"] == [STACK]


def test_13_3_no_reconnaissance_under_cloud_and_over_masking_terrain():
    cloudy = position()
    cloudy.turn_data["weather"]["air"] = "cloudy"
    assert Reconnoitre(hex=STACK) not in cloudy.legal_actions().actions()
    with pytest.raises(IllegalAction, match=r"^14\.3: air reconnaissance needs a clear sky$"):
        cloudy.apply(Reconnoitre(hex=STACK))
    masked_hex = next(h for h in sorted(cloudy.board.in_play) if cloudy.board.map.terrain(h) not in fog.UNMASKED
                      and scenario_grid().distance(h, FAR) > 1)
    masked = bare({INF: masked_hex, INF2: masked_hex, SU_DIV: FAR}, side="soviet")
    with pytest.raises(IllegalAction, match=r"^10\.1: village in 1407 masks the stack from the air$"):
        masked.apply(Reconnoitre(hex=masked_hex))


def test_13_3_the_soviet_player_examines_five_stacks_a_turn():
    grid = scenario_grid()
    state = bare({SU_DIV: FAR}, side="soviet")
    germans = [u for u, i in state.board.units.items() if i.side == "german" and i.values.kind != "hq"]
    spots = [h for h in sorted(state.board.in_play) if state.board.map.terrain(h) in fog.UNMASKED and grid.distance(h, FAR) > 2]
    spots = [h for i, h in enumerate(spots) if all(grid.distance(h, o) > 1 for o in spots[:i])][:6]
    for i, h in enumerate(spots):
        state.place(germans[2 * i], h)
        state.place(germans[2 * i + 1], h)
    for h in spots[:5]:
        state.apply(Reconnoitre(hex=h))
    assert fog.recon_left(state, "soviet") == 0
    with pytest.raises(IllegalAction, match=r"^13\.3: the soviet player has examined 5 stacks this turn$"):
        state.apply(Reconnoitre(hex=spots[5]))


def test_13_3_10_1_each_examination_is_logged_with_the_side_and_how():
    state = position()
    state.turn_data["weather"]["air"] = "clear"
    events = state.apply(Reconnoitre(hex=STACK))
    assert [(e.side, e.hex, e.how, e.case) for e in events if e.kind == "StackExamined"] == [
        ("soviet", STACK, "air reconnaissance", "13.3")]
    fought: list = []
    fog.note_combat(state, "german", [FAR], fought)
    assert [(e.side, e.hex, e.how, e.case) for e in fought] == [("german", FAR, "combat", "10.1")]


def test_10_2_a_stack_of_two_offers_its_other_unit_as_the_top_and_a_lone_unit_offers_none():
    state = bare({INF: STACK, INF2: STACK, PZ: "2101", SU_DIV: "2105"})
    state.turn_data["segment"] = "german"
    shown = fog.top(state, STACK)
    tops = [a for a in state.legal_actions().actions() if isinstance(a, SetTop)]
    assert tops == [SetTop(unit=next(u for u in (INF, INF2) if u != shown))]


def test_10_1_a_hidden_units_record_is_dropped_from_any_list_of_records_and_others_kept():
    """10.1: the observation leaves out what the other side may not know wherever it appears; a
    list of unit records keeps the records of the units it may see."""
    hidden = {INF2}
    listed = [{"id": INF, "hex": STACK}, {"id": INF2, "hex": STACK}, INF2, PZ]
    assert fog._scrub({"records": listed, INF2: 1, "top": INF2}, hidden) == {
        "records": [{"id": INF, "hex": STACK}, PZ], "top": None}

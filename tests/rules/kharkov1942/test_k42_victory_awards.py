"""Victory Point awards are scenario data (17.21, 17.23, 17.24): the rules score what the scenario's
``victory.awards`` say, and a scenario without an award the rules score is refused at its line."""
from __future__ import annotations

from pathlib import Path

import pytest
from k42_helpers import K42, OFF, position

import k42_helpers
from kharkovsuite.engine import new_game
from kharkovsuite.rules import scenario_checks, victory_defaults
from kharkovsuite.rules.kharkov1942 import sequence, victory
from kharkovsuite.scenario import ScenarioError, load_scenario

K42_FULL = Path(__file__).resolve().parents[3] / "scenarios" / "kharkov-1942.yaml"
AXIS_LINE_WITH_A_GAP = {"ge-1": "0107", "ge-2": "0307", "ge-4": "0707", "ge-5": "0907"}


def with_award_vp(scenario, award_id: str, vp: int):
    """A copy of ``scenario`` whose award ``award_id`` is worth ``vp``."""
    awards = dict(scenario.victory.awards)
    awards[award_id] = awards[award_id].model_copy(update={"vp": vp})
    return scenario.model_copy(update={"victory": scenario.victory.model_copy(update={"awards": awards})})


@pytest.fixture
def doubled(monkeypatch):
    """Use a copy of the small kharkov1942 scenario with one award doubled in :func:`position`."""

    def use(award_id: str):
        base = k42_helpers.scenario()
        monkeypatch.setattr(k42_helpers, "_SCENARIO", with_award_vp(base, award_id, 2 * base.victory.awards[award_id].vp))

    return use


def soviet_vp_for_capturing_0509() -> int:
    state = position({}, phase="soviet-combat", turn=4)
    events: list = []
    victory.city_entered(state, "su-g1", "0509", events)
    return state.result().vp["soviet"]


def test_17_21_doubling_the_city_hex_award_doubles_its_count_in_the_result(doubled):
    before = soviet_vp_for_capturing_0509()
    doubled("city_hex_captured")
    assert before == 6 and soviet_vp_for_capturing_0509() == 12


def test_17_24_doubling_the_front_hole_award_doubles_the_points_of_a_hole(doubled):
    def hole_points():
        state = position(dict(AXIS_LINE_WITH_A_GAP), phase="axis-air-supply")
        events: list = []
        victory.turn_end(state, events)
        return sum(e.vp for e in events if e.case == "17.24")

    before = hole_points()
    doubled("front_hole")
    assert before == 2 and hole_points() == 4


def test_17_23_an_edited_kharkov_award_is_what_a_soviet_kharkov_scores():
    scenario = with_award_vp(load_scenario(K42_FULL), "kharkov_held_or_cut", 7)
    state = new_game(scenario, 0)
    for uid, rec in state.units.items():
        if rec.hex is not None:
            state.to_box(uid, OFF)
    state.game["garrisons"] = {}
    for h in scenario.map.cities["kharkov"].hexes:
        state.game["last_occupant"][h] = "soviet"
    state.cache.clear()
    sequence.go_to(state, "axis-air-supply", 1)
    events: list = []
    victory.turn_end(state, events)
    assert [e.vp for e in events if e.case == "17.23"] == [7]


def refusal(tmp_path, old: str, new: str) -> list[str]:
    text = K42.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "edited.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(ScenarioError) as exc:
        load_scenario(path)
    return [str(p) for p in exc.value.problems]


def test_17_21_a_scenario_without_the_city_hex_award_is_refused_at_its_line(tmp_path):
    line = next(i for i, t in enumerate(K42.read_text(encoding="utf-8").splitlines(), 1) if t == "  awards:")
    problems = refusal(tmp_path, "    city_hex_captured:", "    city_hex_taken:")
    assert problems == [f"{tmp_path / 'edited.yaml'}:{line}: victory.awards: 17.21: the rules score award 'city_hex_captured'"
                        " (soviet, 6 VP by the rulebook): add it to victory.awards"]


def test_17_24_the_hole_scores_for_the_side_the_award_names(monkeypatch):
    scenario = k42_helpers.scenario()
    awards = dict(scenario.victory.awards)
    awards["front_hole"] = awards["front_hole"].model_copy(update={"side": "axis"})
    monkeypatch.setattr(k42_helpers, "_SCENARIO", scenario.model_copy(update={"victory": scenario.victory.model_copy(update={"awards": awards})}))
    state = position(dict(AXIS_LINE_WITH_A_GAP), phase="axis-air-supply")
    events: list = []
    victory.turn_end(state, events)
    assert [(e.side, e.vp) for e in events if e.case == "17.24"] == [("axis", 2)]


def test_17_23_a_scenario_without_the_kharkov_award_is_refused_by_the_rules_checks():
    scenario = k42_helpers.scenario()
    awards = {k: a for k, a in scenario.victory.awards.items() if k != "kharkov_held_or_cut"}
    edited = scenario.model_copy(update={"victory": scenario.victory.model_copy(update={"awards": awards})})
    assert [(path, text.split(":")[0]) for path, text in scenario_checks(edited)] == [(("victory", "awards"), "17.23")]


def test_17_0_the_shipped_scenario_holds_the_rule_systems_defaults():
    assert load_scenario(K42_FULL).victory == victory.defaults() == victory_defaults("kharkov1942")


def test_17_0_the_defaults_made_without_validation_are_what_validation_makes_of_them():
    """victory.defaults() skips validation (model_construct, for the editor's start): validating its data changes nothing,
    and a level or award of a wrong type would show here."""
    from kharkovsuite.scenario.model import Victory

    made = victory.defaults()
    checked = Victory.model_validate(made.model_dump())
    assert checked == made
    assert [(type(lv.min), type(lv.max), type(lv.name)) for lv in made.levels] == [(type(lv.min), type(lv.max), type(lv.name)) for lv in checked.levels]
    assert all(type(a.vp) is int and type(a.side) is str and type(a.text) is str for a in made.awards.values())


def test_17_0_a_system_without_awards_of_its_own_has_no_victory_defaults():
    assert victory_defaults("kirovograd") is None and victory_defaults("kharkov1943") is None


def test_6_3_each_movement_cost_that_is_no_multiple_of_half_an_mp_is_named_at_its_place():
    scenario = k42_helpers.scenario()
    te = scenario.terrain_effects
    forest = te.terrain["forest"].model_copy(update={"cost": te.terrain["forest"].cost | {"mobile": 1.25}})
    city = te.cities["major_city"].model_copy(update={"cost": te.cities["major_city"].cost | {"infantry": 1.75}})
    river = te.hexsides["major_river"].model_copy(update={"extra_cost": te.hexsides["major_river"].extra_cost | {"hq": 0.3}})
    road = te.road.model_copy(update={"cost": te.road.cost | {"mobile": 0.2}})
    edited = scenario.model_copy(update={"terrain_effects": te.model_copy(update={
        "terrain": te.terrain | {"forest": forest}, "cities": te.cities | {"major_city": city},
        "hexsides": te.hexsides | {"major_river": river}, "road": road})})
    why = "6.3: movement costs are counted in half Movement Points; {} is not a multiple of 1/2"
    assert list(scenario_checks(edited)) == [
        (("terrain_effects", "terrain", "forest", "cost", "mobile"), why.format("1.25")),
        (("terrain_effects", "cities", "major_city", "cost", "infantry"), why.format("1.75")),
        (("terrain_effects", "hexsides", "major_river", "extra_cost", "hq"), why.format("0.3")),
        (("terrain_effects", "road", "cost", "mobile"), why.format("0.2")),
    ]


def test_6_3_the_test_scenarios_movement_costs_pass_the_half_mp_check():
    assert list(scenario_checks(k42_helpers.scenario())) == []

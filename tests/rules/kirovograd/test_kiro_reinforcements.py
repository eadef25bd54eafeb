"""German reinforcements (24), Soviet replacements (25), set-up (26) and victory (27)."""
import random

import pytest

from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kirovograd import reinforcements as rf
from kharkovsuite.rules.kirovograd import setup, victory
from kharkovsuite.rules.kirovograd.data import TurnInfo
from kharkovsuite.rules.kirovograd.replacements import Tank, armour_points, check_replacement
from kharkovsuite.rules.kirovograd.victory import Position, UnitLoss

from .kiro2_helpers import data, game_map, tables


def test_24_1a_b_a_roll_reads_the_delay_and_the_units_withheld():
    a = rf.arrival(data(), tables(), "ss3", 3)
    assert (a.turn, a.withheld) == (8, ())
    worst = rf.arrival(data(), tables(), "ss3", 1)
    assert worst.turn == 10 and worst.withheld == ("ss3-pz",) and "ss3-pz" not in worst.units


def test_24_1a_c_all_rolled_at_the_start_or_each_on_its_turn():
    assert set(rf.due_rolls(data(), 1, timed=False)) == {"bn905", "ss3", "gd", "kga"}
    assert rf.due_rolls(data(), 2, timed=False) == []
    assert rf.due_rolls(data(), 6, timed=True) == ["gd"]
    got = rf.roll(data(), tables(), 5, lambda: 6, timed=True)
    assert [(a.reinforcement, a.turn) for a in got] == [("ss3", 6)]
    seeded = rf.roll(data(), tables(), 1, random.Random(1))
    assert len(seeded) == 4 and all(1 <= a.roll <= 6 for a in seeded)


def test_24_6_the_viking_table_as_printed():
    assert rf.viking(data(), 1, 3).turn is None and rf.viking(data(), 2, 3).units == ()
    three = rf.viking(data(), 3, 3)
    assert (three.units, three.turn) == (("de-5ss-rec",), 4)
    four = rf.viking(data(), 4, 3)
    assert (set(four.units), four.turn) == ({"de-5ss-rec", "de-5ss-wal", "de-5ss-nr"}, 5)
    assert rf.viking(data(), 5, 3).turn == 4 and len(rf.viking(data(), 5, 3).units) == 4
    six = rf.viking(data(), 6, 3)
    assert six.turn == 3 and len(six.units) == 8


def test_24_6a_viking_rolled_for_a_soviet_unit_near_the_line_before_8_january():
    line = rf.fortified_line(game_map())
    assert "2601" in line and "2701" in line
    dist = game_map().grid.distance
    assert rf.viking_triggered(data(), 6, ["3001"], line, dist)
    assert not rf.viking_triggered(data(), 7, ["3001"], line, dist)
    assert not rf.viking_triggered(data(), 6, ["3101"], line, dist)


def test_24_6b_a_crossing_brings_reinforcements_without_delay():
    pending = [rf.Arrival("gd", 3, 10, ("x",)), rf.Arrival("bn905", 3, 3, ("y",))]
    assert [a.turn for a in rf.hurry(pending, 4)] == [4, 3]
    got = rf.roll(data(), tables(), 6, lambda: 1, timed=True, without_delay=True)
    assert [(a.reinforcement, a.turn) for a in got] == [("gd", 6)]


def test_24_3_soviet_armour_off_the_west_or_south_edge_strikes_off_panzer_divisions():
    assert rf.formations_exited({"t18": ["a", "b"], "m8": ["c", "d"]}, ["a", "b", "c"]) == ["t18"]
    pending = [rf.Arrival("ss3", 3, 8, ()), rf.Arrival("gd", 3, 10, ()), rf.Arrival("kga", 3, 13, ())]
    assert [a.reinforcement for a in rf.reduce(pending, 1, ["ss3", "gd"])] == ["ss3", "kga"]
    assert [a.reinforcement for a in rf.reduce(pending, 1, ["ss3", "gd"], ["ss3"])] == ["gd", "kga"]
    with pytest.raises(IllegalAction, match="24.3"):
        rf.reduce(pending, 1, ["ss3", "gd"], ["kga"])


def test_24_2_blocked_roads_then_clear_hexes_near_them_then_the_west_edge():
    g = game_map()
    roads = g.model.areas["entry-south"].hexes
    hexes, case = rf.entry_hexes(g, "entry-south", lambda h: False)
    assert (sorted(hexes), case) == (sorted(roads), "24.0A")
    hexes, case = rf.entry_hexes(g, "entry-south", lambda h: h in roads)
    assert case == "24.2" and hexes and all(h in g.edge("south") and g.terrain(h) == "clear" for h in hexes)
    assert all(min(g.grid.distance(h, r) for r in roads) <= 3 for h in hexes)
    hexes, _ = rf.entry_hexes(g, "entry-south", lambda h: h in g.edge("south"))
    assert sorted(hexes) == sorted(g.model.areas["entry-west"].hexes)


def test_25_1b_ten_armour_points_on_10_january_if_kirovograd_is_clear():
    info = data().turn_record[11]
    assert armour_points(info, True, True) == 10
    assert armour_points(info, False, True) == 0
    assert armour_points(info, True, False) == 0
    assert armour_points(TurnInfo(light="day", supply={"german": 0, "soviet": 0}), True, True) == 0


def test_25_2_replacements_for_tank_units_away_from_the_enemy():
    t = Tank("t", "soviet", "armor", 3, 6, enemy_distance=2)
    check_replacement(t, 10, 3)
    with pytest.raises(IllegalAction, match="25.2A"):
        check_replacement(Tank("t", "soviet", "armor", 3, 6, enemy_distance=1), 10, 1)
    with pytest.raises(IllegalAction, match="25.2A"):
        check_replacement(Tank("m", "soviet", "mechanized", 3, 6, enemy_distance=3), 10, 1)
    with pytest.raises(IllegalAction, match="25.2B"):
        check_replacement(Tank("t", "soviet", "armor", 3, 6, enemy_distance=3, moved=True), 10, 1)
    with pytest.raises(IllegalAction, match="25.2C"):
        check_replacement(t, 2, 3)
    with pytest.raises(IllegalAction, match="25.2D"):
        check_replacement(t, 10, 4)
    with pytest.raises(IllegalAction, match="25.1A"):
        check_replacement(Tank("t", "german", "armor", 3, 6, enemy_distance=3), 10, 1)


def test_27_b_points_by_class_destroyed_units_twice_places_and_the_early_bonus():
    v = data().victory
    losses = (UnitLoss("soviet", "infantry", 6, 2), UnitLoss("soviet", "armor", 5, 1),
              UnitLoss("german", "artillery_hq_air", 3, 1), UnitLoss("german", "armor", 4, 4, destroyed=True))
    p = Position(losses, {"kirovograd": "soviet", "novomirgorod": "german", "novo_ukrainka": "german"}, kirovograd_taken=5)
    # Germany: 2 + 2 for the Soviet SP, 10 + 15 for its towns; the USSR: 3 + 2*4*2, 5 for Kirovograd, 15 for taking it by turn 6
    assert victory.points(p, v) == {"german": 29, "soviet": 39}
    assert victory.points(Position(kirovograd_taken=4), v)["soviet"] == 20
    assert victory.points(Position(kirovograd_taken=6), v)["soviet"] == 15
    assert victory.points(Position(kirovograd_taken=9), v)["soviet"] == 0


def test_27_a_the_lead_sets_the_level():
    v = data().victory
    assert victory.level({"german": 29, "soviet": 39}, v) == ("soviet", "marginal")
    assert victory.level({"german": 70, "soviet": 5}, v) == ("german", "decisive")
    assert victory.level({"german": 12, "soviet": 5}, v) == (None, "draw")


def test_27_class_of_a_unit():
    assert victory.category("infantry", False) == "infantry"
    assert victory.category("mechanized", True) == "armor"
    assert victory.category("rocket", False) == victory.category("hq", True) == "artillery_hq_air"


def test_27_c_a_soviet_town_needs_a_clear_road_to_the_east_edge():
    g = game_map()
    east = g.edge("east")
    nothing = lambda h: False  # noqa: E731
    assert victory.soviet_holds(g, "kirovograd", nothing, nothing, True, east)
    assert not victory.soviet_holds(g, "kirovograd", lambda h: h == "3819", nothing, True, east)
    assert not victory.soviet_holds(g, "kirovograd", nothing, nothing, False, east)
    city = g.model.cities["kirovograd"].hexes
    roads_out = {h for h in g.roads if h not in city and min(g.grid.distance(h, c) for c in city) == 1}
    assert not victory.soviet_holds(g, "kirovograd", nothing, lambda h: h in roads_out, True, east)  # ZOCs on the roads


def test_26_setup_order_stacking_and_formations_together():
    assert setup.first_to_set_up(3, 5, historical=True) == "soviet"
    assert setup.first_to_set_up(3, 5, historical=False) == "german"
    assert setup.first_to_set_up(4, 4, historical=False) is None
    dist = game_map().grid.distance
    ps = [setup.Placement("a", "1010", "p3", True), setup.Placement("b", "1017", "p3", True),
          setup.Placement("k", "3030", "k47", False), setup.Placement("k2", "1010", "k47", False),
          setup.Placement("c", "1010", "p3", True)]
    found = setup.problems(ps, dist, lambda h, units: len(units) < 3)
    assert found == ["26.3E: a, k2, c overstack 1010", "26.3J: a (1010) and b (1017) of p3 are more than 6 hexes apart",
                     "26.3J: b (1017) and c (1010) of p3 are more than 6 hexes apart"]
    f = data().formations
    assert setup.formation_level("p3", f) and not setup.formation_level("k47", f) and not setup.formation_level("a53", f)



def test_25_1b_the_line_to_the_east_edge_may_leave_the_roads():
    g = game_map()
    east = g.edge("east")
    city = g.model.cities["kirovograd"].hexes
    # the roads leaving the city blocked where they leave it, the fields open
    roads_out = {h for h in g.roads if h not in city and min(g.grid.distance(h, c) for c in city) == 1}
    assert victory.joined_to_edge(g, city, lambda h: h in roads_out, east, roads_only=False)
    assert not victory.joined_to_edge(g, city, lambda h: h in roads_out, east, roads_only=True)
    wall = {h for h in g.hex_ids if h[:2] == "50"}  # a German line down column 50
    assert not victory.joined_to_edge(g, city, lambda h: h in wall, east, roads_only=False)

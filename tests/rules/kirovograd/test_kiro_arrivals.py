"""German reinforcements (24) and Soviet replacements (25) in play, through ``apply``, the
legal actions and the observation."""
from __future__ import annotations

import pytest

from kharkovsuite.engine.actions import Move
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.engine.events import UnitMoved
from kharkovsuite.rules.kirovograd import reinforcements, sequence, zoc
from kharkovsuite.rules.kirovograd.actions import TakeReplacements
from kharkovsuite.rules.kirovograd.rules import RULES
from kharkovsuite.rules.kirovograd.sequence import ReplacementsReceived

from .kiro_helpers import GE_INF, SU_DIV, SU_TANK, bare, fresh

BN905 = "de-47k-905"  # enters by the north edge (24.0A)
NORTH = ("1901", "3301", "4901")


def _due(state, turn: int = 1):
    state.game["arrivals"] = {"bn905": {"turn": turn, "roll": 3, "units": [BN905]}}
    return state


def test_24_1a_germany_rolls_every_reinforcement_at_the_start_in_secret():
    state = fresh(2)
    arrivals = state.game["arrivals"]
    assert set(arrivals) == {"bn905", "ss3", "gd", "kga"}
    data = state.board.data
    for r_id, rec in arrivals.items():
        delay = state.scenario.tables[data.reinforcements[r_id].table].rows[rec["roll"]][0]
        assert rec["turn"] == data.reinforcements[r_id].roll_turn + int(delay)
    assert "arrivals" in state.observation("german")["game"] and "arrivals" not in state.observation("soviet")["game"]


def test_24_1a_units_a_roll_withholds_never_come():
    for seed in range(1, 40):
        state = fresh(seed)
        if state.game["arrivals"]["ss3"]["roll"] == 1:
            break
    ss3 = state.game["arrivals"]["ss3"]
    assert ss3["withheld"] == ["ss3-pz"] and "ss3-pz" not in ss3["units"]
    state.game["arrivals"]["ss3"]["turn"] = 1
    assert "de-3ss-5" in reinforcements.due(state, "german") and "ss3-pz" not in reinforcements.due(state, "german")
    assert state.observation("soviet")["units"]["ss3-pz"]["box"] == reinforcements.UNPLACED  # the roll stays secret


def test_31_2_the_rest_of_a_formation_partly_on_the_map_enters_on_the_first_turn():
    state = fresh(1, "endgame")
    assert state.game["arrivals"]["ss3"]["turn"] == state.board.data.first_game_turn
    assert all(rec["turn"] >= 9 for rec in state.game["arrivals"].values())


def test_24_5a_a_due_reinforcement_enters_at_an_entry_road_in_a_german_movement_round():
    state = _due(bare({GE_INF: "0618"}))
    entries = [a for a in state.legal_actions() if isinstance(a, Move) and a.units == (BN905,)]
    assert sorted(a.path for a in entries) == [(h,) for h in NORTH]
    events = state.apply(Move(units=(BN905,), path=("1901",)))
    assert state.units[BN905].hex == "1901"
    assert any(isinstance(e, UnitMoved) and e.how == "enter" and e.case == "24.4A" for e in events)
    assert BN905 in state.phase_data["moved"]


def test_24_4a_entering_pays_for_the_entry_hex_and_goes_on_with_the_rest():
    state = _due(bare({GE_INF: "0618"}))
    onward = ("1901", state.board.nbrs["1901"][0])
    events = state.apply(Move(units=(BN905,), path=onward))
    assert state.units[BN905].hex == onward[1]
    moved = next(e for e in events if isinstance(e, UnitMoved))
    assert moved.cost == pytest.approx(reinforcements.first_cost(state, (BN905,), "1901") + state.board.enter_cost(*onward, "motorized", False))


def test_24_5a_a_reinforcement_not_yet_due_or_at_a_wrong_hex_is_refused():
    state = _due(bare({GE_INF: "0618"}), turn=5)
    assert not [a for a in state.legal_actions() if isinstance(a, Move) and a.units == (BN905,)]
    with pytest.raises(IllegalAction, match="24.5A"):
        state.apply(Move(units=(BN905,), path=("1901",)))
    state = _due(bare({GE_INF: "0618"}))
    with pytest.raises(IllegalAction, match="24.0A"):
        state.apply(Move(units=(BN905,), path=("0618",)))
    assert state.units[BN905].box == reinforcements.UNPLACED


def test_24_5a_soviet_units_bring_no_reinforcements():
    state = _due(bare({SU_DIV: "4030"}, side="soviet"))
    assert reinforcements.due(state, "soviet") == []


def test_24_2_with_every_entry_road_blocked_clear_hexes_near_them_open():
    state = _due(bare({GE_INF: "0618", SU_DIV: "1901", "su-48-213": "3301", "su-48-252": "4901"}))
    hexes, case = reinforcements.entry_options(state, BN905)
    assert case == "24.2" and hexes and not set(hexes) & set(NORTH)
    assert all(min(state.board.distance(h, r) for r in NORTH) <= 3 for h in hexes)


def test_24_6a_a_soviet_unit_near_the_fortified_line_before_8_january_brings_the_viking_roll():
    state = bare({SU_DIV: "3105", GE_INF: "0618"}, side="soviet", orders={"c48": "mobile"})
    assert not state.game.get("viking_rolled")
    line = set(state.board.fortified)
    reach = state.legal_moves((SU_DIV,))
    dest = next(h for h, r in sorted(reach.items()) if min(state.board.distance(h, x) for x in line) == 3)
    state.apply(Move(units=(SU_DIV,), path=reach[dest].path))
    assert state.game["viking_rolled"] and "viking" in state.game["arrivals"]
    viking = state.game["arrivals"]["viking"]
    assert sorted(viking["withheld"] + viking["units"]) == sorted(u for u in state.units if u.startswith("de-5ss"))


def test_24_6a_no_viking_roll_from_8_january():
    state = bare({SU_DIV: "3105", GE_INF: "0618"}, side="soviet", orders={"c48": "mobile"}, turn=7)
    reach = state.legal_moves((SU_DIV,))
    dest = next(h for h, r in sorted(reach.items()) if min(state.board.distance(h, x) for x in state.board.fortified) == 3)
    state.apply(Move(units=(SU_DIV,), path=reach[dest].path))
    assert not state.game.get("viking_rolled")


def test_24_6b_a_soviet_unit_across_the_line_brings_the_rolled_reinforcements_now():
    state = bare({SU_DIV: "2805", GE_INF: "0618"}, side="soviet", orders={"c48": "mobile"})
    state.game["arrivals"] = {"gd": {"turn": 12, "roll": 1, "units": ["de-gd-hq"]}}
    state.apply(Move(units=(SU_DIV,), path=("2805", "2705", "2604")))
    assert state.game["line_crossed"] and state.game["arrivals"]["gd"]["turn"] == 1


def _delivery(state):
    state.phase_index = sequence.INDEX["delivery"]
    state.phase_data = {}
    events: list = []
    RULES.settle(state, events)
    return events


def test_25_1b_ten_armour_points_arrive_on_10_january_day_with_kirovograd_clear():
    state = bare({SU_DIV: "3819", GE_INF: "0618"}, turn=11)
    events = _delivery(state)
    assert state.game["replacement_points"] == 10
    assert any(isinstance(e, ReplacementsReceived) and e.points == 10 for e in events)


def test_25_1b_no_points_while_a_german_unit_is_in_kirovograd():
    state = bare({SU_DIV: "3919", GE_INF: "3819"}, turn=11)
    _delivery(state)
    assert state.game.get("replacement_points", 0) == 0


def test_25_1b_no_points_on_another_turn():
    state = bare({SU_DIV: "3819", GE_INF: "0618"}, turn=9)
    _delivery(state)
    assert state.game.get("replacement_points", 0) == 0


def test_25_2_a_tank_unit_away_from_the_enemy_takes_points_and_spends_its_round():
    state = bare({SU_TANK: "4030", GE_INF: "0618"}, side="soviet", orders={"m5g": "mobile"})
    state.units[SU_TANK].step = 2
    state.game["replacement_points"] = 10
    assert TakeReplacements(unit=SU_TANK, points=2) in state.legal_actions()[:]
    state.apply(TakeReplacements(unit=SU_TANK, points=2))
    assert state.units[SU_TANK].step == 0 and state.game["replacement_points"] == 8
    assert state.legal_moves((SU_TANK,)) == {}  # 25.2B: its movement round is spent
    with pytest.raises(IllegalAction, match="25.2"):
        state.apply(TakeReplacements(unit=SU_TANK, points=1))


def test_25_2a_not_next_to_the_enemy():
    state = bare({SU_TANK: "4030", GE_INF: "4029"}, side="soviet", orders={"m5g": "mobile"})
    state.units[SU_TANK].step = 2
    state.game["replacement_points"] = 10
    assert not [a for a in state.legal_actions() if isinstance(a, TakeReplacements)]
    with pytest.raises(IllegalAction, match="25.2A"):
        state.apply(TakeReplacements(unit=SU_TANK, points=1))



def test_25_2c_a_refitted_lone_tank_exerts_its_zoc_at_once_13_6a():
    state = bare({SU_TANK: "4030", GE_INF: "0618"}, side="soviet", orders={"m5g": "mobile"})
    state.units[SU_TANK].step = int(state.board.units[SU_TANK].strength[0]) - 1  # 1 SP left
    state.cache.clear()
    state.game["replacement_points"] = 10
    assert not zoc.zoc_of(state, "soviet")  # 13.6A: a lone 1-SP unit exerts none
    state.apply(TakeReplacements(unit=SU_TANK, points=1))
    assert set(zoc.zoc_of(state, "soviet")) & set(state.board.nbrs["4030"])  # 2 SP now: a ZOC around it


def test_24_5a_a_due_reinforcement_reaches_its_open_entry_hexes_as_its_listed_entries():
    """The window asks a unit's reach to draw where it may go: a reinforcement still off the map
    reaches the entry hexes its listed moves name, each at the cost of entering it (24.4A)."""
    state = _due(bare({GE_INF: "0618"}))
    reach = state.legal_moves((BN905,))
    assert sorted(reach) == sorted(NORTH)
    for h, r in reach.items():
        assert r.path == (h,) and r.cost == reinforcements.first_cost(state, (BN905,), h)
    assert _due(bare({GE_INF: "0618"}), turn=5).legal_moves((BN905,)) == {}  # not due yet

"""The turn sequence (3), weather (4), orders (3.3, 6), initiative (7) and general supply (8.1, 8.6, 8.7)."""
from __future__ import annotations

import random

import pytest

from kharkovsuite.engine.actions import EndPhase
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.engine.events import DiceRolled, PhaseChanged
from kharkovsuite.rules.kirovograd import counters, orders, sequence, supply
from kharkovsuite.rules.kirovograd.actions import SetOrder, SubmitOrders, UseRetreatOrders
from kharkovsuite.rules.kirovograd.board import board_for
from kharkovsuite.rules.kirovograd.orders import order_of

from kharkovsuite.engine.actions import Move

from .kiro_helpers import GE_INF, GE_INF2, PLAIN, SU_DIV, bare, fresh, ring, scenario


def give(state, side, order="defense", only=None):
    """Every formation of ``side`` gets ``order`` (``only``: formation -> order overrides)."""
    assert state.to_act == side and state.pending[-1].kind == orders.DECISION
    decision = state.pending[-1]
    for f in decision.data["tracks"]:
        if f in decision.data["draft"]:
            continue
        state.apply(SetOrder(formation=f, order=(only or {}).get(f, order)))
    return state.apply(SubmitOrders())


def to_phase(state, phase_id):
    while state.phase.id != phase_id:
        if state.pending:
            give(state, state.to_act)
        else:
            state.apply(EndPhase())
    return state


def test_3_every_segment_of_a_turn_in_order():
    state = fresh(3)
    seen = [e.phase for e in state.log if isinstance(e, PhaseChanged)]
    while state.turn == 1:
        events = give(state, state.to_act) if state.pending else state.apply(EndPhase())
        seen += [e.phase for e in events if isinstance(e, PhaseChanged)]
    want = ["weather", "delivery", "orders", "initiative",
            "air_1", "move_1_1", "combat_1_1", "move_1_2", "combat_1_2", "supply_1",
            "air_2", "move_2_1", "combat_2_1", "move_2_2", "combat_2_2", "supply_2", "advance", "weather", "delivery", "orders"]
    assert seen == want


def test_3_5_the_first_player_moves_first_and_the_other_second():
    state = to_phase(fresh(3), "move_1_1")
    first = state.turn_data["first"]
    assert state.to_act == first
    to_phase(state, "move_2_1")
    assert state.to_act != first


def test_errata_even_game_turns_are_night():
    b = board_for(scenario())
    assert [b.light(t) for t in (1, 2, 3, 4, 23, 24)] == ["day", "night", "day", "night", "day", "night"]


def test_4A_the_weather_die_reads_the_column_of_the_turns_light():
    state = fresh(5)
    die = next(e.die for e in state.log if isinstance(e, DiceRolled) and e.case == "4.A")
    table = scenario().tables["weather"]
    assert state.turn_data["weather"] == table.rows[die][0]  # turn 1 is a day turn
    assert state.turn_data["fog"] == (table.rows[die][0] == "fog")
    assert state.turn_data["light"] == ("fog" if state.turn_data["fog"] else "day")


def test_4C_fog_is_the_light_the_zoc_chart_reads_day_or_night():
    table = scenario().tables["weather"]
    fog_die = {t: next(d for d in range(1, 7) if table.rows[d][col] == "fog") for t, col in ((1, 0), (2, 1))}
    for turn, die in fog_die.items():
        state = fresh(5)
        state.turn = turn
        state.rng = Dice([die])
        sequence.weather(state, [])
        assert state.turn_data["weather"] == "fog" and state.turn_data["fog"] and state.turn_data["light"] == "fog"


def test_3_2A_each_night_turn_brings_five_supply_points_a_side():
    state = fresh(3)
    give(state, "soviet")
    give(state, "german")
    before = dict(state.game["supply"])
    while state.turn == 1:
        state.apply(EndPhase())
    assert state.turn == 2
    after = state.game["supply"]
    assert after["soviet"] - before["soviet"] == 5
    assert sum(after[t] for t in ("german:1", "german:2", "german:3")) - sum(before[t] for t in ("german:1", "german:2", "german:3")) == 5


def test_3_2B_the_turn_record_extra_points():
    state = fresh(3)
    state.turn = 7
    state.turn_data = {}
    before = state.game["supply"]["soviet"]
    got = supply.deliver(state, [])
    assert got["soviet"] == 10 and state.game["supply"]["soviet"] == before + 10


def test_8_5_1C_german_points_go_to_a_dump_linked_to_the_west_edge_else_off_map():
    state = fresh(3)
    state.turn = 2
    west = supply.links(state, "german", state.board.west_roads)
    assert state.game["dumps"]["2"] in west
    before = dict(state.game["supply"])
    supply.deliver(state, [])
    assert sum(state.game["supply"][t] - before[t] for t in ("german:1", "german:2")) == 5
    state.game["dumps"].clear()
    before = dict(state.game["supply"])
    supply.deliver(state, [])
    assert state.game["supply"]["german:3"] - before["german:3"] == 5  # 8.5.2D


def test_3_7_the_game_ends_after_its_last_turn():
    state = fresh(3)
    state.turn = len(scenario().turns)
    state.pending.clear()
    state.phase_index = sequence.INDEX["advance"]
    state.rules.settle(state, [])
    assert state.is_terminal and state.to_act is None


def test_8_7_initial_supply_levels():
    assert fresh(1).game["supply"] == {"soviet": 100, "german:1": 30, "german:2": 30, "german:3": 30}
    assert fresh(1, "opening-moves").game["supply"]["german:3"] == 0  # 31.1D


# ----------------------------------------------------------------------------- orders


def test_3_3_orders_are_hidden_from_the_other_side_until_both_are_given():
    state = fresh(2)
    assert [d.side for d in state.pending] == ["german", "soviet"]
    state.apply(SetOrder(formation="c48", order="assault"))
    seen_by_german = state.observation("german")
    assert all(d["side"] != "soviet" for d in seen_by_german["pending"])
    assert "assault" not in str(seen_by_german["pending"]) and "c48" not in str(seen_by_german["turn_data"])
    give(state, "soviet", only={"c48": "assault"})
    seen_by_german = state.observation("german")
    assert "soviet" not in seen_by_german["turn_data"].get("sealed", {})
    assert "c48" not in str(seen_by_german["turn_data"])
    assert "soviet" in state.observation("soviet")["turn_data"]["sealed"]
    give(state, "german")
    assert state.observation("german")["turn_data"]["orders"]["soviet"]["c48"] == "assault"


def test_2_3_the_other_sides_supply_tracks_are_not_seen():
    state = fresh(2)
    assert set(state.observation("german")["game"]["supply"]) == {"german:1", "german:2", "german:3"}
    assert set(state.observation("soviet")["game"]["supply"]) == {"soviet"}


def test_6_2_1G_assault_costs_germany_two_and_the_ussr_three():
    state = fresh(2)
    give(state, "soviet", only={"c48": "assault"})
    assert state.game["supply"]["soviet"] == 97
    before = supply.side_total(state, "german")
    give(state, "german", only={"p3": "assault"})
    assert supply.side_total(state, "german") == before - 2


def test_6_2_3D_mobile_and_6_2_5E_pursuit_cost_one_defense_and_retreat_nothing():
    state = fresh(2)
    give(state, "soviet", only={"c48": "mobile", "c75": "pursuit", "m5g": "retreat"})
    assert state.game["supply"]["soviet"] == 98


def test_6_1D_every_formation_gets_orders_before_they_are_handed_in():
    state = fresh(2)
    state.apply(SetOrder(formation="c48", order="mobile"))
    with pytest.raises(IllegalAction, match="6.1D"):
        state.apply(SubmitOrders())
    with pytest.raises(IllegalAction, match="6.1D"):
        state.apply(SetOrder(formation="c48", order="defense"))
    assert SubmitOrders() not in state.legal_actions()


def test_8_1C_an_order_the_track_cannot_pay_is_refused():
    state = fresh(2)
    state.game["supply"]["soviet"] = 2
    with pytest.raises(IllegalAction, match="6.2.1G"):
        state.apply(SetOrder(formation="c48", order="assault"))
    state.apply(SetOrder(formation="c48", order="mobile"))
    state.apply(SetOrder(formation="c75", order="mobile"))
    with pytest.raises(IllegalAction, match="8.1C"):
        state.apply(SetOrder(formation="m5g", order="pursuit"))


def test_8_6_with_no_supply_points_only_defense_or_retreat():
    state = fresh(2)
    state.game["supply"]["soviet"] = 0
    state.pending.clear()
    orders.open_orders(state)
    state.pending.pop(0)  # the German decision; the Soviet one acts
    offered = {a.order for a in state.legal_actions() if isinstance(a, SetOrder)}
    assert offered == {"defense", "retreat"}
    with pytest.raises(IllegalAction, match="8.6"):
        state.apply(SetOrder(formation="c48", order="mobile"))


def test_6_1F_an_out_of_supply_unit_may_take_retreat_orders():
    state = fresh(2)
    state.set_flag(SU_DIV, counters.OUT_OF_SUPPLY)
    assert UseRetreatOrders(unit=SU_DIV) in state.legal_actions()
    with pytest.raises(IllegalAction, match="6.1F"):
        state.apply(UseRetreatOrders(unit="su-48-213"))
    state.apply(UseRetreatOrders(unit=SU_DIV))
    give(state, "soviet", order="assault")
    give(state, "german")
    assert order_of(state, SU_DIV) == "retreat" and order_of(state, "su-48-213") == "assault"


def test_8_4D_an_out_of_supply_unit_may_not_use_defense_orders():
    state = bare({GE_INF2: PLAIN}, orders={"d320": "defense"})
    assert order_of(state, GE_INF2) == "defense"
    state.set_flag(GE_INF2, counters.OUT_OF_SUPPLY)
    assert order_of(state, GE_INF2) == "retreat"


def test_6_3_independent_units_are_mobile_unless_attached():
    state = bare({GE_INF: PLAIN}, orders={"d320": "assault"})
    assert order_of(state, GE_INF) == "mobile"
    state.game["attached"][GE_INF] = "d320"
    assert order_of(state, GE_INF) == "assault"


def test_6_2_2D_defense_pays_one_point_once_a_turn_when_it_fights_8_6_or_marks_the_hq():
    state = bare({GE_INF2: PLAIN, "de-320-hq": PLAIN}, orders={"d320": "defense"})
    state.game["supply"]["german:3"] = 5
    state.game["dumps"].clear()
    supply.charge_defense(state, "d320", "german")
    supply.charge_defense(state, "d320", "german")
    assert state.game["supply"]["german:3"] == 4
    state.turn_data["defense_paid"] = []
    state.game["supply"]["german:3"] = 0
    supply.charge_defense(state, "d320", "german")
    assert counters.has(state, "de-320-hq", counters.OUT_OF_SUPPLY)


# ----------------------------------------------------------------------------- initiative


class Dice(random.Random):
    def __init__(self, rolls):
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, a, b):
        return self.rolls.pop(0)


def test_7_0A_initiative_doubles_assaults_adds_mobiles_and_a_die():
    state = fresh(2)
    give(state, "soviet", only={"c48": "assault", "c75": "mobile"})
    state.rng = Dice([1, 2])
    events = give(state, "german", only={"p3": "mobile"})
    assert state.turn_data["initiative"] == {"german": 1 + 1, "soviet": 2 + 1 + 2}
    assert state.turn_data["first"] == "soviet"
    assert [e.modified for e in events if isinstance(e, DiceRolled) and e.case == "7.A"] == [2, 5]


def test_7_0C_equal_totals_roll_again():
    state = fresh(2)
    give(state, "soviet")
    state.rng = Dice([3, 3, 6, 2])
    events = give(state, "german")
    assert len([e for e in events if isinstance(e, DiceRolled) and e.case == "7.A"]) == 4
    assert state.turn_data["first"] == "german"


def test_22_8_a_formation_is_assigned_to_a_higher_hq_at_the_start_of_the_first_round():
    from kharkovsuite.rules.kirovograd.actions import AssignFormation
    from kharkovsuite.rules.kirovograd import reserves

    state = bare({"de-320-585": PLAIN, "de-320-hq": PLAIN, "de-3p-hq": "0318", "de-52k-hq": "1228", "de-47k-hq": "3617"}, orders={"d320": "mobile", "p3": "mobile"})
    assert AssignFormation(formation="d320", higher="k52") in state.legal_actions()
    state.apply(AssignFormation(formation="d320", higher="k52"))
    assert state.game["higher"]["d320"] == "k52"
    soviet = bare({SU_DIV: PLAIN, "su-48-hq": PLAIN, "su-5ga-hq": "4615"}, side="soviet", orders={"c48": "mobile"})
    soviet.apply(AssignFormation(formation="c48", higher="a5g"))
    assert reserves._army(soviet, "c48") == "5GA"
    state.apply(Move(units=("de-320-585",), path=(PLAIN, ring(PLAIN, 1)[0])))
    assert not any(isinstance(a, AssignFormation) for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="22.8"):
        state.apply(AssignFormation(formation="p3", higher="k52"))

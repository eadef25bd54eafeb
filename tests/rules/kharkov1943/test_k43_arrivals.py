"""Kharkov 1943 reinforcements (15), replacements (16), detachments and merging (1.3)."""
import pytest

from kharkovsuite.engine.actions import Move
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.engine.state import Decision
from kharkovsuite.rules.kharkov1943 import activation, reinforcements, replacements, supply, zoc
from kharkovsuite.rules.kharkov1943.actions import (Activate, Combine, Detach, EndActivation, EndReplacements, Enter, LeaveMap,
                                                     Reattach, Replace)

from .k43_helpers import GE_HQ, INF, PZ, SU_DIV, bare, campaign, refusal, ring

MID = "2226"
RAIL_UNIT = "d333_679"  # arrives by rail on turn 3 in area VI (15.2)
TANKS = "wik_pz"  # arrives on turn 3 in area VII
BIG = "su_48grd"  # Soviet rifle division, 3 steps
SMALL = "su_350rd"  # Soviet rifle division, 2 steps
DET = "pz7_pz_det"


def arrived(turn: int, side: str = "german"):
    state = bare({}, side=side)
    state.turn = turn
    reinforcements.arrive(state, [])
    return state


def test_15_1_reinforcements_wait_off_the_map_from_their_turn():
    early = arrived(2)
    assert RAIL_UNIT not in reinforcements.waiting(early, "german")
    state = arrived(3)
    assert reinforcements.waiting(state, "german")[RAIL_UNIT] == "de_vi"
    assert state.units[TANKS].box == "arriving" and state.units[TANKS].hex is None
    assert not activation.out_of_units(state, "german")  # waiting units may still be activated
    later = bare({})
    later.turn = 4
    later.to_box(TANKS, "eliminated")
    reinforcements.arrive(later, [])
    assert later.units[TANKS].box == "eliminated" and TANKS not in reinforcements.waiting(later, "german")


def test_15_1_a_reinforcement_enters_its_area_paying_the_hex_and_moves_on_with_full_op():
    state = arrived(3)
    state.apply(Activate())
    entry = reinforcements.entry_hexes(state, "de_vii")[0]
    assert Enter(units=(TANKS,), hex=entry) in state.legal_actions().actions()
    state.apply(Enter(units=(TANKS,), hex=entry))
    act = activation.current(state)
    cost = int(state.board.data.terrain_chart.terrain[state.board.map.terrain(entry)]["frozen"])
    assert state.units[TANKS].hex == entry and act["spent"][TANKS] == cost
    assert act["op"][TANKS] == state.board.units[TANKS].values.op  # no HQ near: full OP all the same (15.1)
    assert any(m.units == (TANKS,) for m in state.legal_actions().actions() if m.kind == "Move")


def test_15_1_a_reinforcement_enters_only_its_own_area():
    state = arrived(3)
    state.apply(Activate())
    wrong = reinforcements.entry_hexes(state, "de_iv")[0]
    with pytest.raises(IllegalAction, match=r"^15\.1: 1901 is not in wik_pz's entry area de_vii$"):
        state.apply(Enter(units=(TANKS,), hex=wrong))
    assert state.units[TANKS].box == "arriving"


def test_15_2_a_rail_arrival_pays_the_cost_of_getting_off_the_train():
    state = arrived(3)
    state.apply(Activate())
    entry = reinforcements.entry_hexes(state, "de_vi")[0]
    state.apply(Enter(units=(RAIL_UNIT,), hex=entry))
    assert activation.current(state)["spent"][RAIL_UNIT] == 3  # 6.4


def test_18_2_gallop_supply_head_enters_by_itself_near_its_front_hq():
    state = bare({"su_hq_swf": "1638"}, side="soviet")
    state.turn = 2
    reinforcements.arrive(state, [])
    spot = state.units["su_sh_swf"].hex
    assert spot in reinforcements.entry_hexes(state, "su_e")
    grid = state.board.map.grid
    assert grid.distance(spot, "1638") == min(grid.distance(h, "1638") for h in reinforcements.entry_hexes(state, "su_e"))


# ----------------------------------------------------------------------------- 16


def with_points(state, side, infantry=0, mechanized=0):
    state.game["replacements"] = {side: {"infantry": infantry, "mechanized": mechanized}}
    return state


def test_16_1_german_points_accumulate_and_soviet_points_lapse():
    state = bare({})
    state.turn = 2
    replacements.grant(state)
    state.turn = 3
    replacements.grant(state)
    assert replacements.points(state, "german") == {"infantry": 2, "mechanized": 1}  # rows 2 and 3 added
    assert replacements.points(state, "soviet") == {"infantry": 3, "mechanized": 1}  # row 3 only


def test_16_1_the_first_step_costs_double_then_one_point_a_step():
    state = with_points(bare({BIG: MID, "su_hq_6": MID}, side="soviet"), "soviet", infantry=3)
    state.units[BIG].step = 2
    replacements.offer(state)
    assert state.to_act == "soviet" and Replace(unit=BIG) in state.legal_actions().actions()
    state.apply(Replace(unit=BIG))
    assert state.units[BIG].step == 1 and replacements.points(state, "soviet")["infantry"] == 1
    state.apply(Replace(unit=BIG))
    assert state.units[BIG].step == 0 and replacements.points(state, "soviet")["infantry"] == 0
    assert not state.pending


def test_16_1_4_2_a_step_replaced_gives_a_unit_of_combat_value_one_its_full_zoc_at_once():
    """4.2: at combat value 1 a unit's ZoC is its own hex only; a replaced step (16.1) raises it to
    3 and its ZoC reaches the six hexes around at once, for the enemy's next move too."""
    state = with_points(bare({BIG: MID, "su_hq_6": MID}, side="soviet"), "soviet", infantry=3)
    state.units[BIG].step = 2  # combat value 1
    around = sorted(ring(MID, 1))[0]
    assert around not in zoc.enemy_zoc(state, "german")  # kept in the state's cache from here
    replacements.offer(state)
    state.apply(Replace(unit=BIG))
    assert zoc.combat_value(state, BIG) == 3
    assert BIG in zoc.enemy_zoc(state, "german")[around]
    assert zoc.enemy_zoc(state, "german") == zoc.fresh_enemy_zoc(state, "german")


def test_16_1_9_1_a_step_replaced_that_restores_a_zoc_blocks_enemy_supply_lines_at_once():
    """9.1: enemy ZoC closes a hex to supply lines.  A replaced step (16.1) that lifts a unit off
    combat value 1 (4.2) spreads its ZoC at once, so the enemy's supply searches kept from before
    must be dropped: the hex around it is closed to German lines from then on."""
    state = with_points(bare({BIG: MID, "su_hq_6": MID}, side="soviet"), "soviet", infantry=3)
    state.units[BIG].step = 2  # combat value 1: its ZoC is its own hex only
    around = sorted(ring(MID, 1))[0]
    assert around not in supply.blocked(state, "german")  # kept in the state's cache from here
    replacements.offer(state)
    state.apply(Replace(unit=BIG))
    assert supply.blocked(state, "german").get(around) == supply.Block(around, "enemy ZoC not negated by a friendly unit", "9.1")


def test_16_1_armour_pays_mechanised_points_and_motorised_units_both():
    state = bare({PZ: MID, "pz7_6": MID})
    assert replacements.price(state, PZ) == {"infantry": 0, "mechanized": 2}
    assert replacements.price(state, "pz7_6") == {"infantry": 2, "mechanized": 2}
    assert replacements.price(state, INF) == {"infantry": 2, "mechanized": 0}


def test_16_2_no_step_in_enemy_zoc_out_of_supply_or_out_of_command():
    base = {BIG: MID, "su_hq_6": MID}
    near = sorted(ring(MID, 1))[0]
    zoc = with_points(bare({**base, INF: near}, side="soviet"), "soviet", infantry=9)
    zoc.units[BIG].step = 1
    assert replacements.refusal(zoc, "soviet", BIG) == ("16.2", f"{BIG} is in an enemy ZoC")
    cut = with_points(bare(base, side="soviet"), "soviet", infantry=9)
    cut.units[BIG].step = 1
    assert replacements.refusal(cut, "soviet", BIG) is None
    cut.game["supply"] = {BIG: supply.ISOLATED}
    assert replacements.refusal(cut, "soviet", BIG)[0] == "16.2"
    cut.game["supply"] = {}
    cut.turn_data["out_of_command"] = [BIG]
    assert replacements.refusal(cut, "soviet", BIG) == ("16.2", f"{BIG} is out of command")
    cut.pending.append(Decision(replacements.DECISION, "soviet", "16.2", {}))
    assert Replace(unit=BIG) not in cut.legal_actions().actions()
    with pytest.raises(IllegalAction, match=r"^16\.2: su_48grd is out of command$"):
        cut.apply(Replace(unit=BIG))


def test_16_2_a_destroyed_unit_is_rebuilt_unless_it_died_cut_off():
    state = with_points(bare({GE_HQ: MID}), "german", infantry=4)
    state.to_box(INF, "eliminated")
    assert replacements.refusal(state, "german", INF) is None
    replacements.offer(state)
    state.apply(Replace(unit=INF))
    assert state.units[INF].box == "rebuilt" and state.units[INF].step == len(state.board.units[INF].combat) - 1
    state.apply(EndReplacements()) if state.pending else None
    state.turn += 1
    replacements.place_rebuilt(state, [])
    assert state.units[INF].hex is not None
    cut = with_points(bare({GE_HQ: MID}), "german", infantry=4)
    cut.game["supply"] = {INF: supply.OUT}
    cut.to_box(INF, "eliminated")
    assert replacements.refusal(cut, "german", INF) == ("16.2", f"{INF} was destroyed out of supply and may not be rebuilt")


# ----------------------------------------------------------------------------- 1.3


def test_1_3_example_a_division_down_to_one_step_merges_with_a_two_step_unit_back_to_three():
    state = bare({BIG: MID, SMALL: MID}, side="soviet")
    state.units[BIG].step = 2  # one step of three left
    state.apply(Activate())
    assert Combine(unit=BIG, absorbed=SMALL) in state.legal_actions().actions()
    state.apply(Combine(unit=BIG, absorbed=SMALL))
    assert state.units[BIG].step == 0 and state.units[SMALL].hex is None and state.units[SMALL].box == "merged"


def test_1_3_merging_never_raises_a_unit_above_its_steps():
    state = bare({BIG: MID, SMALL: MID}, side="soviet")
    state.units[BIG].step = 1
    state.apply(Activate())
    state.apply(Combine(unit=BIG, absorbed=SMALL))
    assert state.units[BIG].step == 0


def test_1_3_only_worn_soviet_infantry_in_one_hex_merge():
    state = bare({BIG: MID, SMALL: sorted(ring(MID, 1))[0]}, side="soviet")
    state.units[BIG].step = 1
    state.apply(Activate())
    with pytest.raises(IllegalAction, match=r"^1\.3: the two units must be different and in the same hex$"):
        state.apply(Combine(unit=BIG, absorbed=SMALL))


def with_detachment():
    state = bare({PZ: MID})
    state.to_box(DET, "detachments")  # where the scenario keeps it
    return state


def test_1_3_a_detachment_takes_a_step_of_its_mother_and_gives_it_back():
    state = with_detachment()
    state.apply(Activate())
    assert Detach(detachment=DET) in state.legal_actions().actions()
    state.apply(Detach(detachment=DET))
    assert state.units[DET].hex == MID and state.units[PZ].step == 1 and state.units[DET].step == 0
    with pytest.raises(IllegalAction, match=r"^1\.3: pz7_pz_det is already detached$"):
        state.apply(Detach(detachment=DET))  # one detachment a mother
    state.apply(EndActivation())
    state.apply(Activate())
    state.apply(Reattach(detachment=DET))
    assert state.units[DET].hex is None and state.units[DET].box == "detachments" and state.units[PZ].step == 0


def test_1_3_a_detachment_rejoins_only_as_its_activation_starts_in_its_mothers_hex():
    state = with_detachment()
    state.apply(Activate())
    state.apply(Detach(detachment=DET))
    state.apply(EndActivation())
    state.apply(Activate())
    away = sorted(ring(MID, 1))[0]
    state.apply(Move(units=(PZ, DET), path=(MID, away)))  # together: still in its mother's hex, but it has acted
    assert state.units[DET].hex == state.units[PZ].hex
    with pytest.raises(IllegalAction, match=r"^1\.3: pz7_pz_det has already acted in this activation: it rejoins only as its activation starts$"):
        state.apply(Reattach(detachment=DET))
    apart = with_detachment()
    apart.apply(Activate())
    apart.apply(Detach(detachment=DET))
    apart.apply(EndActivation())
    apart.place(PZ, away)  # the mother went elsewhere
    apart.apply(Activate())
    with pytest.raises(IllegalAction, match=r"^1\.3: pz7_pz_det is not in the hex of its mother unit pz7_pz$"):
        apart.apply(Reattach(detachment=DET))


def test_15_2_a_rail_arrival_on_a_railroad_entry_hex_rides_on_paying_only_the_getting_off():
    from kharkovsuite.engine.actions import RailMove

    state = arrived(5)
    rider = "d15_81"  # by rail, area IV, which has the railroad hex 2201
    assert rider in state.board.data.rail_arrivals and "2201" in reinforcements.entry_hexes(state, "de_iv")
    state.apply(Activate())
    rides = [a for a in state.legal_actions().actions() if isinstance(a, RailMove) and a.units == (rider,)]
    assert rides and all(r.path[0] == "2201" for r in rides)
    ride = rides[-1]
    state.apply(ride)
    act = activation.current(state)
    assert state.units[rider].hex == ride.path[-1] and act["spent"][rider] == 3 and rider in act["moved"]
    assert rider not in reinforcements.waiting(state, "german") and state.turn_data["rail_points"] == 1
    off_rail = next(h for h in reinforcements.entry_hexes(state, "de_iv") if h != "2201")
    with pytest.raises(IllegalAction, match=r"^15\.2: 1901 is no usable railroad hex$"):
        state.apply(RailMove(units=("d15_88",), path=(off_rail, ride.path[1])))
    assert state.units["d15_88"].box == "arriving"


def test_7_6_soviet_units_driven_off_the_map_on_turn_1_reenter_next_turn_by_the_nearest_entry_area():
    from kharkovsuite.rules.kharkov1943 import combat

    state = bare({BIG: "3042", SMALL: "1842", INF: "2226"}, side="soviet")
    state.turn = 1
    combat._off_the_map(state, BIG, [])
    combat._off_the_map(state, SMALL, [])
    assert state.units[BIG].box == state.units[SMALL].box == "reentry"
    reinforcements.arrive(state, [])  # still turn 1: they wait
    assert not reinforcements.waiting(state, "soviet")
    state.turn = 2
    reinforcements.arrive(state, [])
    waiting = reinforcements.waiting(state, "soviet")
    assert (waiting[BIG], waiting[SMALL]) == ("su_f", "su_e")  # one hex and none away
    state.apply(Activate())
    state.apply(Enter(units=(BIG,), hex="2342"))
    assert state.units[BIG].hex == "2342"
    with pytest.raises(IllegalAction, match=r"^15\.1: 2342 is not in su_350rd's entry area su_e$"):
        state.apply(Enter(units=(SMALL,), hex="2342"))  # not its area



# ----------------------------------------------------------------------------- written from the mutation sample


def test_15_1_a_reinforcement_enters_beside_friends_but_never_among_enemies():
    state = arrived(3)
    entry, other = reinforcements.entry_hexes(state, "de_vii")[:2]
    state.place(INF, entry)
    state.place(SU_DIV, other)
    state.apply(Activate())
    assert refusal(state, Enter(units=(TANKS,), hex=other)) == ("7.2", f"{other} holds enemy units")
    state.apply(Enter(units=(TANKS,), hex=entry))
    assert state.units[TANKS].hex == entry


def test_15_1_a_formation_activation_brings_on_reinforcements_in_its_hqs_command():
    state = arrived(3)
    entry = reinforcements.entry_hexes(state, "de_vii")[0]
    state.place(GE_HQ, entry)
    state.apply(Activate(hq=GE_HQ))
    assert Enter(units=(TANKS,), hex=entry) in state.legal_actions().actions()


def test_15_2_a_rail_arrival_riding_on_is_off_the_train_once_it_arrives():
    from kharkovsuite.engine.actions import RailMove
    from kharkovsuite.rules.kharkov1943 import rail

    state = arrived(5)
    rider = "d15_81"
    state.apply(Activate())
    ride = [a for a in state.legal_actions().actions() if isinstance(a, RailMove) and a.units == (rider,)][-1]
    state.apply(ride)
    assert not rail.on_train(state, rider) and "on_train" not in state.turn_data


def test_18_2_leaving_the_map_names_its_units():
    state = arrived(3)
    state.apply(Activate())
    assert refusal(state, LeaveMap(units=())) == ("18.2", "name the units leaving the map")


def test_9_4_the_supply_head_enters_logged_where_it_stands():
    state = bare({"su_hq_swf": "1638"}, side="soviet")
    state.turn = 2
    events: list = []
    reinforcements.arrive(state, events)
    spot = state.units["su_sh_swf"].hex
    entered = [e for e in events if e.kind == "UnitMoved" and e.units == ("su_sh_swf",)]
    assert [(e.path, e.cost, e.how, e.case) for e in entered] == [((spot,), 0.0, "enters (southwest front supply head)", "9.4")]


def test_1_3_detaching_needs_an_open_activation():
    state = with_detachment()
    assert refusal(state, Detach(detachment=DET)) == ("1.3", "detach in an activation that takes the mother unit")


def test_1_3_reattaching_gives_the_steps_back_to_the_mother_in_the_log_and_ends_the_detachments_activation():
    from kharkovsuite.rules.kharkov1943 import movement

    state = with_detachment()
    state.apply(Activate())
    state.apply(Detach(detachment=DET))
    state.apply(EndActivation())
    state.apply(Activate())
    events = state.apply(Reattach(detachment=DET))
    assert [(e.unit, e.step, e.steps, e.why, e.case) for e in events if e.kind == "StepsChanged"] == [
        (PZ, 0, 3, f"{DET} reattached with 1 step(s)", "1.3")]
    state.apply(Detach(detachment=DET))  # out again in the same activation: it has acted already
    assert state.units[DET].hex == MID and not movement.movable(state, DET)


def test_6_3_15_1_a_reinforcement_never_enters_a_hex_the_ground_closes():
    swamp = "3407"  # in the campaign's German entry area V
    r = next(r for r in campaign().reinforcements if r.entry == "de_v")
    state = bare({}, ground="mud", of=campaign)
    state.turn = r.turn
    reinforcements.arrive(state, [])
    assert state.board.map.terrain(swamp) == "swamp" and swamp in reinforcements.entry_hexes(state, "de_v")
    state.apply(Activate())
    assert refusal(state, Enter(units=(r.units[0],), hex=swamp)) == ("6.3", f"{swamp} may not be entered on mud ground")


def test_15_1_a_reinforcement_already_on_the_map_holds_back_none_of_the_others():
    state = bare({})
    state.turn = 3
    due = [uid for uid, _ in reinforcements.scheduled(state)]
    assert len(due) > 1
    state.place(due[0], MID)  # on the map already (a scenario may place it early)
    reinforcements.arrive(state, [])
    assert set(reinforcements.waiting(state, "german")) | set(reinforcements.waiting(state, "soviet")) >= set(due[1:])


def test_14_3_15_1_entering_in_snow_costs_the_hex_plus_one_op_but_not_for_ski_units():
    state = arrived(3)
    state.turn_data["weather"]["ground"] = "snow"
    entry = reinforcements.entry_hexes(state, "de_vii")[0]
    snow = int(state.board.data.terrain_chart.terrain[state.board.map.terrain(entry)]["snow"])
    assert reinforcements.entry_cost(state, TANKS, entry) == snow + 1
    ski = "su_ski1"
    assert reinforcements.entry_cost(state, ski, entry) == snow
    assert reinforcements.entry_cost(state, RAIL_UNIT, entry) == 3  # 15.2: getting off the train, whatever the ground


def test_18_2_the_exit_edges_are_the_first_and_last_rows_and_columns_in_play():
    state = bare({})
    grid, play = state.board.map.grid, state.board.in_play
    rows = {h: grid.row_col(h)[0] for h in play}
    cols = {h: grid.row_col(h)[1] for h in play}
    for edge, where, pick in (("north", rows, min), ("south", rows, max), ("west", cols, min), ("east", cols, max)):
        hexes = reinforcements.exit_edge_hexes(state, edge)
        assert hexes == sorted(h for h in play if where[h] == pick(where.values())), edge
    assert not set(reinforcements.exit_edge_hexes(state, "north")) & set(reinforcements.exit_edge_hexes(state, "south"))


def test_18_2_a_scenario_naming_entry_areas_for_one_side_only_lets_the_other_side_in_nowhere():
    state = arrived(1)
    special = state.board.data.special_rules
    before, after = [], []
    for turn in range(1, 9):
        state.turn = turn
        before += reinforcements.scheduled(state)
    state.board.data.special_rules = special.model_copy(update={"reinforcement_areas": {"german": ["de_vii"]}})
    try:
        for turn in range(1, 9):
            state.turn = turn
            after += reinforcements.scheduled(state)
    finally:
        state.board.data.special_rules = special
    assert any(state.units[u].side == "soviet" for u, _ in before)
    assert after and after == [(u, e) for u, e in before if state.units[u].side == "german" and e == "de_vii"]


def test_16_2_a_rebuilt_unit_waits_while_no_hq_of_its_side_is_on_the_map_then_comes_with_one():
    state = bare({SU_DIV: MID})
    state.to_box(INF, "rebuilt")
    events: list = []
    replacements.place_rebuilt(state, events)
    assert state.units[INF].box == "rebuilt" and not events
    state.place(GE_HQ, "2101")
    replacements.place_rebuilt(state, events)
    assert state.units[INF].hex == "2101"
    assert [(e.units, e.path, e.how, e.case) for e in events] == [((INF,), ("2101",), f"rebuilt, placed with {GE_HQ}", "16.2")]


def test_15_1_15_2_entering_needs_an_activation_each_unit_once_and_riding_on_a_rail_arrival():
    state = arrived(3)
    entry = reinforcements.entry_hexes(state, "de_vii")[0]
    assert reinforcements.refusal(state, (TANKS,), entry) == ("15.1", "reinforcements enter in an activation: open one first")
    state.apply(Activate())
    assert reinforcements.refusal(state, (TANKS, TANKS), entry) == ("15.1", "name each entering unit once")
    assert reinforcements.refusal(state, (TANKS,), entry) is None
    assert reinforcements.rail_refusal(state, (TANKS,), entry) == ("15.2", "only units arriving by rail ride on from their entry hex")


# ----------------------------------------------------------------------------- written from the after2 sample's survivors


def test_15_2_a_ride_refused_on_the_railroad_puts_the_rail_arrival_back_off_the_map():
    """15.2: a rail arrival is set on its entry hex to ride on; when the ride itself is refused
    (6.4, no railroad to the next hex) it goes back to wait off the map, not left on the entry hex."""
    from kharkovsuite.engine.actions import RailMove

    state = arrived(5)
    rider = "d15_81"  # by rail, area IV, whose railroad hex is 2201
    state.apply(Activate())
    off_line = next(h for h in sorted(ring("2201", 1)) if not state.board.map.rail_between("2201", h))
    assert refusal(state, RailMove(units=(rider,), path=("2201", off_line))) == (
        "6.4", f"no usable railroad from 2201 to {off_line} (enemy units or an enemy ZoC no German unit holds)")
    assert state.units[rider].box == "arriving" and state.units[rider].hex is None
    assert rider not in state.units_at("2201") and rider in reinforcements.waiting(state, "german")


def test_15_2_a_rail_arrival_rides_on_with_exactly_the_op_of_getting_off_left():
    """15.2: riding on costs only the getting off (6.4, 3 OP at Fatigue 0): a rail arrival with 3
    OP left is offered its rides, with 2 it is not."""
    from kharkovsuite.engine.actions import RailMove

    state = arrived(5)
    rider = "d15_81"
    state.apply(Activate())
    act = activation.current(state)
    act["units"].append(rider)
    act["op"][rider] = 10
    act["spent"][rider] = 7
    rides = [a for a in reinforcements.rail_entries(state, "german") if isinstance(a, RailMove) and a.units == (rider,)]
    assert rides and all(r.path[0] == "2201" for r in rides)
    act["spent"][rider] = 8
    assert not [a for a in reinforcements.rail_entries(state, "german") if a.units == (rider,)]


def test_15_1_an_entry_refused_for_want_of_op_leaves_the_reinforcement_off_the_map():
    """15.1: the entry is checked with the units set on the entry hex; refused there (not enough
    OP for the hex), they go back to wait off the map and the hex is left as it was."""
    state = arrived(3)
    entry = reinforcements.entry_hexes(state, "de_vii")[0]
    state.apply(Activate())
    act = activation.current(state)
    act["units"].append(TANKS)
    act["op"][TANKS] = 12
    act["spent"][TANKS] = 12
    case, reason = refusal(state, Enter(units=(TANKS,), hex=entry))
    assert case == "15.1" and reason.startswith(f"{TANKS} has 0 OP, entering at {entry} costs ")
    assert state.units[TANKS].box == "arriving" and state.units[TANKS].hex is None
    assert not state.units_at(entry) and TANKS in reinforcements.waiting(state, "german")


def test_16_1_a_unit_at_its_starting_strength_gets_no_step_and_only_replace_or_end_is_taken():
    state = with_points(bare({BIG: MID, "su_hq_6": MID}, side="soviet"), "soviet", infantry=9)
    assert replacements.refusal(state, "soviet", BIG) == ("16.1", f"{BIG} is at its starting strength")
    state.units[BIG].step = 1
    replacements.offer(state)
    assert refusal(state, EndActivation()) == ("16.2", "spend replacement points (Replace) or end (EndReplacements) first")
    state.apply(Replace(unit=BIG))
    assert state.units[BIG].step == 0 and not state.pending  # back to strength: nothing left to replace


def test_1_3_a_merge_is_logged_with_the_steps_the_unit_now_has():
    state = bare({BIG: MID, SMALL: MID}, side="soviet")
    state.units[BIG].step = 2  # one step of three left
    state.apply(Activate())
    events = state.apply(Combine(unit=BIG, absorbed=SMALL))
    changed = [e for e in events if e.kind == "StepsChanged"]
    assert [(e.unit, e.step, e.steps, e.why, e.case) for e in changed] == [(BIG, 0, 3, f"merged with {SMALL}", "1.3")]


def test_16_1_heavy_armour_pays_two_mechanised_points_a_step_four_for_the_first():
    state = with_points(bare({"gd_tiger": MID, GE_HQ: MID}, of=campaign), "german", mechanized=9)
    assert state.board.units["gd_tiger"].values.heavy and state.board.units["gd_tiger"].values.kind == "armor"
    assert replacements.price(state, "gd_tiger") == {"infantry": 0, "mechanized": 4}
    state.units["gd_tiger"].step = 2
    replacements.offer(state)
    state.apply(Replace(unit="gd_tiger"))
    assert replacements.points(state, "german") == {"infantry": 0, "mechanized": 5}
    assert replacements.price(state, "gd_tiger") == {"infantry": 0, "mechanized": 2}
    state.apply(Replace(unit="gd_tiger"))
    assert replacements.points(state, "german") == {"infantry": 0, "mechanized": 3} and state.units["gd_tiger"].step == 0

"""Supply (11.0), Lines of Communication (10.2) and air-drop supply (13.2), on tests/data/k42-basic.yaml.

The map is 10 x 10, ids RRCC, rows growing south and columns growing west; the east edge
(Soviet sources) is column 01; the City Gorod is 0508/0509; the German road entries are 0510
and 1008; the Donets (``major_river``) runs between columns 07 and 08 in rows 06-10, crossed
by the road 0707/0708.  The Soviet HQ su-hq6 has Command Radius 5.
"""
from __future__ import annotations

import pytest

from k42_helpers import position as _position

from kharkovsuite.engine.actions import AirSupply, Attack
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kharkov1942 import air, combat, movement, supply

GORORD = ["0508", "0509"]


def position(placements, **kw):
    """k42_helpers.position, but the helper's own Fredericus activation (case "0", no rule's) is not the 6.57
    activation turn: only :func:`test_6_57...` activates for real."""
    state = _position(placements, **kw)
    fr = state.game.get("fredericus")
    if fr and fr.get("case") == "0":
        fr["activated_turn"] = 0
        state.cache.pop("supply", None)
    return state


def soviet(placements, hq_active=True, phase="soviet-movement", **kw):
    state = position(placements, phase=phase, **kw)
    if "su-hq6" in placements:
        state.set_flag("su-hq6", "inactive", not hq_active)
    return state


def no_city_sources(state):
    """Gorod's hexes count as entered by a Soviet unit (11.31), leaving the road sources."""
    state.game["captured"] = list(GORORD)
    state.cache.pop("supply", None)
    return state


# ----------------------------------------------------------------------------- 11.1, 8.25, 15.31


def test_11_1_enemy_zoc_blocks_a_line_of_communications():
    # 0101 can be left only through 0102, 0201 and 0202: all in the ZOC of ge-1 (0103) or ge-2 (0302).
    state = soviet({"su-hq6": "0301", "su-r1": "0101", "ge-1": "0103", "ge-2": "0302"})
    trace = supply.supply_status(state, "su-r1")
    assert not trace.in_supply
    assert any(b.reason == supply.ZOC_REASON and b.case == "11.1" for b in trace.blocks)


def test_8_25_a_friendly_unit_negates_enemy_zoc_for_supply():
    state = soviet({"su-hq6": "0301", "su-r1": "0101", "su-r2": "0201", "ge-1": "0103", "ge-2": "0302"})
    trace = supply.supply_status(state, "su-r1")
    assert trace.in_supply and trace.kind == "soviet-hq"
    assert trace.path == ["0101", "0201", "0301"]  # unit -> LOC -> HQ, which stands on the east edge


def test_15_31_a_garrison_negates_soviet_zoc_for_an_axis_road_line():
    # su-r1 in 0608 puts Gorod's hexes (on the row-05 road) in Soviet ZOC.
    bare = no_city_sources(position({"su-r1": "0608", "ge-1": "0502"}, phase="axis-movement"))
    assert "0507" not in {bare.board.ids[i] for i in supply.road_sources(bare)[0]}
    assert not supply.in_supply(bare, "ge-1")
    held = no_city_sources(position({"su-r1": "0608", "ge-1": "0502"}, phase="axis-movement", garrisons={"0508": 1, "0509": 2}))
    assert "0507" in {held.board.ids[i] for i in supply.road_sources(held)[0]}
    trace = supply.supply_status(held, "ge-1")
    assert trace.in_supply and trace.kind == "road"
    assert trace.path[0] == "0502" and trace.path[-1] == "0510"  # along the road to the west-edge entry


# ----------------------------------------------------------------------------- 10.22, 10.23


def test_10_23_loc_counts_the_unit_hex_not_the_hq_hex():
    state = soviet({"su-hq6": "0501", "su-r1": "0506", "su-r2": "0207"})
    five = supply.supply_status(state, "su-r1")  # five hexes west of the HQ along row 05
    assert five.in_supply and five.path == ["0506", "0505", "0504", "0503", "0502", "0501"]
    state = soviet({"su-hq6": "0501", "su-r1": "0507"})
    six = supply.supply_status(state, "su-r1")
    assert not six.in_supply
    assert six.blocks[0].case == "10.23" and "6 hexes" in six.blocks[0].reason and "limit 5" in six.blocks[0].reason


def test_10_11_an_inactive_hq_gives_no_supply():
    state = soviet({"su-hq6": "0501", "su-r1": "0503"}, hq_active=False)
    trace = supply.supply_status(state, "su-r1")
    assert not trace.in_supply
    assert trace.blocks[0].case == "10.22"


def test_10_22_the_hq_itself_needs_a_line_to_the_east_edge():
    # HQ and unit in 0103: 0104 is Axis, 0102/0202 in ge-2's ZOC (0201), 0203 in ge-1's.
    state = soviet({"su-hq6": "0103", "su-r1": "0103", "ge-1": "0104", "ge-2": "0201"})
    hq = supply.supply_status(state, "su-hq6")
    assert not hq.in_supply and any(b.case == "11.1" for b in hq.blocks)
    trace = supply.supply_status(state, "su-r1")
    assert not trace.in_supply
    assert any(b.case == "10.22" and "su-hq6 is out of supply" in b.reason for b in trace.blocks)
    free = soviet({"su-hq6": "0103", "su-r1": "0103", "ge-1": "0104"})
    assert supply.supply_status(free, "su-r1").in_supply


def test_11_23_a_soviet_hq_line_to_the_east_edge_has_no_length_limit():
    state = soviet({"su-hq6": "0310", "su-r1": "0309"})  # column 10: the farthest hex from the east edge
    hq_line = supply.supply_status(state, "su-hq6")
    assert hq_line.in_supply and hq_line.path[0] == "0310" and hq_line.path[-1][2:] == "01"
    assert len(hq_line.path) == 10  # nine steps west to east
    assert supply.in_supply(state, "su-r1")


# ----------------------------------------------------------------------------- 11.31-11.33


def test_11_31_city_line_limit(monkeypatch):
    assert supply.CITY_LIMIT == 15
    monkeypatch.setattr(supply, "ROAD_LIMIT", 0)  # road sources supply only their own hexes here
    monkeypatch.setattr(supply, "CITY_LIMIT", 3)  # the 10x10 map is too small for 15
    state = position({"ge-1": "0306", "ge-2": "0305"}, phase="axis-movement")  # 3 and 4 hexes from 0508
    assert state.board.hex_distance("0306", "0508") == 3 and state.board.hex_distance("0305", "0508") == 4
    ok, far = supply.supply_status(state, "ge-1"), supply.supply_status(state, "ge-2")
    assert ok.in_supply and ok.kind == "city" and ok.source == "0508" and ok.limit == 3
    assert not far.in_supply
    assert any(b.case == "11.31" and "4 hexes from the nearest City source, limit 3" in b.reason for b in far.blocks)


def test_11_31_a_city_hex_once_entered_by_a_soviet_unit_is_no_source(monkeypatch):
    monkeypatch.setattr(supply, "ROAD_LIMIT", 0)
    state = position({"ge-1": "0205"}, phase="axis-movement")
    assert supply.in_supply(state, "ge-1")
    no_city_sources(state)
    assert not supply.in_supply(state, "ge-1")


def test_11_32_road_line_limit_of_five():
    assert supply.ROAD_LIMIT == 5
    # Soviet units in 0506 and 0708 cut both roads: sources are 0510, 0509, 0508, 0507 and 1008, 0908, 0808.
    state = no_city_sources(position({"su-r1": "0506", "su-r2": "0607", "ge-1": "0103", "ge-2": "0203"}, phase="axis-movement"))
    src = {state.board.ids[i] for i in supply.road_sources(state)[0]}
    assert "0505" not in src
    for uid in ("ge-1", "ge-2"):
        trace = supply.supply_status(state, uid)
        assert trace.in_supply == (min(state.board.hex_distance(trace.path[0], s) for s in src) <= 5 and trace.in_supply)
    far = [u for u in ("ge-1", "ge-2") if not supply.in_supply(state, u)]
    assert far, "one of the two is beyond five hexes"
    blocks = supply.supply_status(state, far[0]).blocks
    assert any(b.case == "11.32" and "limit 5" in b.reason for b in blocks)


def test_11_33_a_soviet_unit_on_the_road_cuts_the_road_source():
    clear = no_city_sources(position({"ge-1": "0401"}, phase="axis-movement"))
    assert supply.supply_status(clear, "ge-1").kind == "road"
    cut = no_city_sources(position({"ge-1": "0401", "su-r1": "0506"}, phase="axis-movement"))
    src = {cut.board.ids[i] for i in supply.road_sources(cut)[0]}
    assert "0506" not in src and "0504" not in src and "0503" not in src
    assert not supply.in_supply(cut, "ge-1")


def test_11_33_uncovered_soviet_zoc_cuts_the_road_but_an_axis_unit_covers_it():
    cut = no_city_sources(position({"ge-1": "0401", "su-r1": "0406"}, phase="axis-movement"))  # ZOC on 0507/0506
    src = {cut.board.ids[i] for i in supply.road_sources(cut)[0]}
    assert "0503" not in src
    assert not supply.in_supply(cut, "ge-1")
    covered = no_city_sources(position({"ge-1": "0401", "su-r1": "0406", "ge-2": "0507", "ge-3": "0506"}, phase="axis-movement"))
    src = {covered.board.ids[i] for i in supply.road_sources(covered)[0]}
    assert "0503" in src
    assert supply.in_supply(covered, "ge-1")


# ----------------------------------------------------------------------------- 11.34-11.36 the Donets


def donets(monkeypatch, placements, free_row=0):
    monkeypatch.setattr(supply, "DONETS_FREE_THROUGH_ROW", free_row)
    # su-r9-style blocker in 0706 closes the road crossing 0707/0708 (ZOC on 0707).
    return no_city_sources(position(placements, phase="axis-movement"))


def test_11_34_a_line_goes_only_one_hex_across_the_donets(monkeypatch):
    state = donets(monkeypatch, {"su-r1": "0706", "ge-1": "1007", "ge-2": "1006"})
    assert supply.supply_status(state, "ge-1").in_supply  # adjacent to the river
    trace = supply.supply_status(state, "ge-2")
    assert not trace.in_supply
    assert any(b.case == "11.34" and "Donets" in b.reason for b in trace.blocks)


def test_11_35_no_donets_limit_north_of_the_free_row(monkeypatch):
    state = donets(monkeypatch, {"su-r1": "0706", "ge-2": "1006"}, free_row=10)
    assert supply.in_supply(state, "ge-2")


def test_11_36_no_donets_limit_across_a_road_hexside(monkeypatch):
    state = donets(monkeypatch, {"ge-2": "0806"})
    trace = supply.supply_status(state, "ge-2")
    assert trace.in_supply
    assert "0707" in trace.path and "0708" in trace.path  # over the road bridge
    blocked = donets(monkeypatch, {"su-r1": "0605", "ge-2": "0806"})  # ZOC on 0706... the bridge
    assert supply.in_supply(blocked, "ge-2") == ("0707" in supply.supply_status(blocked, "ge-2").path)


# ----------------------------------------------------------------------------- Rumanians (11.22, 10.27)


def test_10_27_the_rumanian_hq_supplies_rumanians_not_germans(monkeypatch):
    monkeypatch.setattr(supply, "ROAD_LIMIT", 0)
    monkeypatch.setattr(supply, "CITY_LIMIT", 3)
    state = position({"ro-hq": "0507", "ro-1": "0304", "ge-1": "0303"}, phase="axis-movement")
    state.set_flag("ro-hq", "inactive", False)
    assert supply.supply_status(state, "ro-hq").kind == "city"
    assert supply.supply_status(state, "ro-1").kind == "rumanian-hq"  # 4 from the HQ, radius 4
    assert not supply.in_supply(state, "ge-1")  # 5 from Gorod, limit 3, and the Rumanian HQ does not help


# ----------------------------------------------------------------------------- 11.41, 11.43


def test_11_41_out_of_supply_at_the_start_of_movement_halves_the_allowance_rounding_down():
    state = soviet({"su-hq6": "0501", "su-c1": "0909"})  # the cavalry is far beyond the radius
    assert "su-c1" in state.phase_data["unsupplied"]
    rec = state.units["su-c1"]
    full = movement.movement(state, rec)
    assert movement.allowance(state, rec) == (int(full) // 2) * 2  # half MP units


def test_11_43_out_of_supply_strength_halves_never_below_one():
    state = soviet({"su-hq6": "0501", "su-g1": "0909", "ge-1": "0908"}, phase="axis-combat")
    assert not supply.in_supply(state, "su-g1")
    value, note = combat.defense_strength(state, "su-g1", set())
    full = combat.defense_value(state, state.units["su-g1"])
    assert value == max(1, int(full) // 2) and "11.43" in note
    state.units["ge-1"].step = 3  # a 1-8
    state.game["captured"] = list(GORORD)
    state.cache.clear()
    if not supply.in_supply(state, "ge-1"):
        value, _ = combat.attack_strength(state, "ge-1", ["0909"], set())
        assert value == 1


# ----------------------------------------------------------------------------- 9.15, 10.21


def test_9_15_no_attack_without_an_active_hq_line_of_communications():
    state = soviet({"su-hq6": "0501", "su-r1": "0105", "ge-1": "0106"}, hq_active=False, phase="soviet-combat")
    assert not supply.command_status(state, "su-r1").in_command
    assert not any(isinstance(a, Attack) for a in state.legal_actions())
    with pytest.raises(IllegalAction) as err:
        state.apply(Attack(attackers=("su-r1",), targets=("0106",)))
    assert err.value.case == "9.15" and "10.21" in str(err.value)


def test_10_21_an_active_hq_in_reach_lets_the_unit_attack():
    state = soviet({"su-hq6": "0303", "su-r1": "0105", "ge-1": "0106"}, phase="soviet-combat")
    status = supply.command_status(state, "su-r1")
    assert status.in_command and status.hq == "su-hq6" and status.path[0] == "0105" and status.path[-1] == "0303"
    assert (status.unit, status.radius) == ("su-r1", 5)
    assert any(isinstance(a, Attack) for a in state.legal_actions())


def test_10_21_uncovered_enemy_zoc_cuts_the_line_of_communications_and_the_attack():
    # 0101 reaches su-hq6 (0301) only through 0201, in the ZOC of ge-1 (0102) and ge-2 (0302).
    state = soviet({"su-hq6": "0301", "su-r1": "0101", "ge-1": "0102", "ge-2": "0302"}, phase="soviet-combat", turn=2)
    status = supply.command_status(state, "su-r1")
    assert not status.in_command and [(b.hex, b.reason) for b in status.blocks] == [("0201", supply.ZOC_REASON)]
    assert not any(isinstance(a, Attack) for a in state.legal_actions())
    with pytest.raises(IllegalAction) as err:
        state.apply(Attack(attackers=("su-r1",), targets=("0102",)))
    assert "10.21" in str(err.value)
    covered = soviet({"su-hq6": "0301", "su-r1": "0101", "su-r2": "0201", "ge-1": "0102", "ge-2": "0302"},
                     phase="soviet-combat", turn=2)
    status = supply.command_status(covered, "su-r1")
    assert status.in_command and status.path == ["0101", "0201", "0301"]  # 8.25: su-r2 negates the ZOC


def test_10_23_command_reach_of_an_hq():
    state = soviet({"su-hq6": "0501"})
    reach = supply.command_reach(state, "su-hq6")
    assert "0506" in reach and "0507" not in reach


# ----------------------------------------------------------------------------- 6.57, 13.2, 16.0


def test_6_57_frozen_units_are_supplied_on_their_activation_turn(monkeypatch):
    monkeypatch.setattr(supply, "ROAD_LIMIT", 0)
    monkeypatch.setattr(supply, "CITY_LIMIT", 1)
    state = position({"ge-1": "1003"}, phase="soviet-movement", turn=2, fredericus=True)
    from kharkovsuite.rules.kharkov1942 import fredericus, sequence

    assert "ge-1" in state.game["fredericus"]["frozen"]
    assert not supply.in_supply(state, "ge-1")
    fredericus.activate(state, "6.52", [])
    trace = supply.supply_status(state, "ge-1")
    assert trace.in_supply and trace.kind == "first-activation"
    sequence.go_to(state, "soviet-movement", 3)
    assert not supply.in_supply(state, "ge-1")


def test_13_2_air_drop_supplies_the_units_in_the_hex_for_the_next_turn(monkeypatch):
    monkeypatch.setattr(supply, "ROAD_LIMIT", 0)
    monkeypatch.setattr(supply, "CITY_LIMIT", 1)
    state = position({"ge-1": "0103", "su-r1": "0101"}, phase="axis-air-supply", turn=2)
    assert not supply.in_supply(state, "ge-1")
    drops = [a for a in state.legal_actions() if isinstance(a, AirSupply)]
    assert AirSupply(hex="0103") in drops
    state.apply(AirSupply(hex="0103"))
    from kharkovsuite.rules.kharkov1942 import sequence

    sequence.go_to(state, "soviet-movement", 3)
    trace = supply.supply_status(state, "ge-1")
    assert trace.in_supply and trace.kind == "air"
    sequence.go_to(state, "soviet-movement", 4)
    assert not supply.in_supply(state, "ge-1")


def test_13_2_air_drop_needs_an_unused_air_point():
    state = position({"ge-1": "0103"}, phase="axis-air-supply", turn=1)  # GT 1: no Axis air points
    with pytest.raises(IllegalAction) as err:
        supply.apply_air_supply(state, "0103", [])
    assert err.value.case == "13.2"


# ----------------------------------------------------------------------------- caching


def test_supply_is_recomputed_after_a_move():
    state = soviet({"su-hq6": "0501", "su-r1": "0507"})
    assert not supply.in_supply(state, "su-r1")
    state.place("su-r1", "0505")
    assert supply.in_supply(state, "su-r1")


# ----------------------------------------------------------------------------- kharkov-cli trace


def test_cli_trace_json_gives_one_object_per_unit(capsys):
    import json

    from kharkovsuite.cli import main

    from k42_helpers import K42

    assert main(["trace", str(K42), "--side", "soviet", "--json"]) == 0
    reports = json.loads(capsys.readouterr().out)
    assert reports and all({"unit", "in_supply", "kind", "source", "path", "limit", "blocks"} <= set(r) for r in reports)
    out = [r for r in reports if not r["in_supply"]]
    assert out and all(r["blocks"] and {"hex", "reason", "case"} <= set(r["blocks"][0]) for r in out)
    assert main(["trace", str(K42), "--side", "axis", "--unit", "ge-1", "--json"]) == 0
    one = json.loads(capsys.readouterr().out)
    assert one["unit"] == "ge-1" and one["in_supply"] and one["path"][0] == one["hex"]


def test_13_2_no_air_drop_on_the_last_game_turn():
    state = position({"ge-1": "0103"}, phase="axis-air-supply", turn=4)  # GT 4 of 4, two Axis points
    assert supply.air_supply_legal(state) == []


def _hq_as_reinforcement():
    """k42-basic with su-hq6 taken off the map and scheduled to arrive on GT 2, with no
    activation turn of its own."""
    from k42_helpers import scenario

    from kharkovsuite.scenario.model import Reinforcement

    sc = scenario().model_copy(deep=True)
    next(u for u in sc.units if u.id == "su-hq6").entry_turn = None
    sc.setup.placements = [p for p in sc.setup.placements if p.unit != "su-hq6"]
    sc.reinforcements.append(Reinforcement(turn=2, side="soviet", units=["su-hq6"], entry="east_edge"))
    return sc


def test_16_0_a_soviet_hq_arriving_as_a_reinforcement_is_active_and_supplies_its_units():
    from kharkovsuite.engine import Move, new_game
    from kharkovsuite.rules.kharkov1942 import sequence

    state = new_game(_hq_as_reinforcement(), 0)
    assert "inactive" in state.units["su-hq6"].flags  # not due yet (10.31)
    sequence.go_to(state, "soviet-movement", 2)
    assert "inactive" not in state.units["su-hq6"].flags
    unit = next(u for u, r in state.units.items() if r.side == "soviet" and r.hex and supply.is_combat(state, u)
                and not supply.in_supply(state, u) and state.board.hex_distance(r.hex, "0101") <= 4)
    state.apply(Move(units=("su-hq6",), path=("0101",)))
    trace = supply.supply_status(state, unit)
    assert trace.in_supply and trace.kind == "soviet-hq" and trace.path[-1] == "0101"


def test_16_0_an_hq_supplied_on_its_arrival_turn_supplies_through_its_line_of_communications():
    # su-hq6 in 0103 is cut from the east edge (see test_10_22) but arrived this game-turn.
    state = soviet({"su-hq6": "0103", "su-r1": "0103", "ge-1": "0104", "ge-2": "0201"})
    assert not supply.in_supply(state, "su-r1")
    state.game["arrived"] = {"su-hq6": state.turn}
    state.cache.pop("supply", None)
    assert supply.supply_status(state, "su-hq6").kind == "reinforcement"
    assert supply.supply_status(state, "su-r1").kind == "soviet-hq"


# ----------------------------------------------------------------------------- from the mutation run (docs/mutation.md)


def test_9_15_german_units_attack_without_any_line_of_communications():
    # No Axis HQ on the map at all: only Soviet and Rumanian units need a line to an active HQ.
    state = position({"ge-1": "0106", "su-r1": "0105"}, phase="axis-combat")
    assert not supply.needs_command(state, "ge-1")
    assert supply.in_command(state, "ge-1")
    assert supply.command_status(state, "ge-1") == supply.CommandTrace("ge-1", True, None, ["0106"])


def test_9_15_a_unit_off_the_map_needs_no_line_of_communications():
    state = soviet({"su-hq6": "0501"})
    assert state.units["su-r1"].hex is None
    assert supply.in_command(state, "su-r1")
    assert supply.command_status(state, "su-r1") == supply.CommandTrace("su-r1", True, None, [])


def test_10_23_a_loc_explanation_counts_the_straight_line_across_the_donets(monkeypatch):
    # 11.34 limits German lines only: a Soviet unit nine hexes from its HQ straight across the
    # Donets (restricted everywhere here) is nine hexes away, not the length of a detour.
    monkeypatch.setattr(supply, "DONETS_FREE_THROUGH_ROW", 0)
    state = soviet({"su-hq6": "1001", "su-r1": "1010"})
    trace = supply.supply_status(state, "su-r1")
    assert not trace.in_supply
    assert trace.blocks == [supply.Block("1010", "9 hexes from the nearest active HQ (Line of Communications), limit 5", "10.23")]
    assert len(trace.path) == 10
    assert (trace.unit, trace.in_supply, trace.limit) == ("su-r1", False, 5)


def test_11_34_a_german_line_too_long_counts_the_way_round_the_donets(monkeypatch):
    # ge-2 is two hexes from the road source 1008 straight across the Donets, which a line may
    # cross only to end one hex beyond it; the way round by the row-05 road is six hexes.
    monkeypatch.setattr(supply, "ROAD_LIMIT", 1)
    state = donets(monkeypatch, {"su-r1": "0706", "ge-2": "1006"})
    trace = supply.supply_status(state, "ge-2")
    assert not trace.in_supply
    assert trace.blocks == [supply.Block("1006", "6 hexes from the nearest road source, limit 1", "11.32")]


def test_11_34_the_donets_block_names_the_hex_across_the_river_only(monkeypatch):
    state = donets(monkeypatch, {"su-r1": "0706", "ge-2": "1006"})
    trace = supply.supply_status(state, "ge-2")
    assert trace.path == ["1006", "1007", "1008"]
    assert [(b.hex, b.case) for b in trace.blocks] == [("1007", "11.34")]


def _air_supply_turn(turn: int, placements: dict[str, str], points: int = 1):
    state = position(placements, phase="axis-air-supply", turn=turn)
    state.turn_data["air"]["axis"] = points
    return state


def test_13_2_an_air_drop_spends_one_air_point():
    state = _air_supply_turn(2, {"ge-1": "0103", "ge-2": "0105"}, points=3)
    supply.apply_air_supply(state, "0103", [])
    assert air.available(state, "axis") == 2


def test_13_2_an_air_drop_is_announced_as_the_axis_committing_a_point():
    from kharkovsuite.engine.events import AirCommitted

    state = _air_supply_turn(2, {"ge-1": "0103"})
    events: list = []
    supply.apply_air_supply(state, "0103", events)
    assert events == [AirCommitted(side="axis", committed=True, case="13.2")]


def test_13_2_a_hex_is_supplied_once_a_turn_and_other_hexes_stay_open():
    # su-r1's hex is never offered: a drop supplies Axis units.
    state = _air_supply_turn(2, {"ge-1": "0103", "ge-2": "0105", "su-r1": "0101"}, points=2)
    assert supply.air_supply_legal(state) == ["0103", "0105"]
    state.apply(AirSupply(hex="0103"))
    assert supply.air_supply_legal(state) == ["0105"]
    with pytest.raises(IllegalAction) as err:
        state.apply(AirSupply(hex="0103"))
    assert err.value.case == "13.2" and "0103" in str(err.value)


def test_13_2_the_units_are_in_supply_as_soon_as_the_drop_is_made(monkeypatch):
    monkeypatch.setattr(supply, "ROAD_LIMIT", 0)
    monkeypatch.setattr(supply, "CITY_LIMIT", 1)
    state = _air_supply_turn(2, {"ge-1": "0103", "su-r1": "0101"})
    assert not supply.in_supply(state, "ge-1")
    supply.apply_air_supply(state, "0103", [])
    assert state.turn == 2 and supply.supply_status(state, "ge-1").kind == "air"


def test_13_2_a_drop_can_be_made_before_any_supply_was_worked_out():
    state = _air_supply_turn(2, {"ge-1": "0103"})
    state.cache.clear()  # as in a game just loaded
    state.apply(AirSupply(hex="0103"))
    assert state.game["air_supply"] == [{"placed": 2, "hexes": ["0103"], "units": ["ge-1"]}]


def test_13_2_last_turns_drop_still_supplies_after_this_turns_drop(monkeypatch):
    from kharkovsuite.rules.kharkov1942 import sequence

    monkeypatch.setattr(supply, "ROAD_LIMIT", 0)
    monkeypatch.setattr(supply, "CITY_LIMIT", 1)
    state = _air_supply_turn(2, {"ge-1": "0103", "ge-2": "0105", "su-r1": "0101"})
    supply.apply_air_supply(state, "0103", [])
    sequence.go_to(state, "axis-air-supply", 3)
    state.turn_data["air"]["axis"] = 1
    supply.apply_air_supply(state, "0105", [])
    assert supply.supply_status(state, "ge-1").kind == "air"
    assert supply.supply_status(state, "ge-2").kind == "air"


def test_17_11_an_axis_hex_reached_only_by_a_road_line_is_in_supply(monkeypatch):
    monkeypatch.setattr(supply, "ROAD_LIMIT", 1)
    state = no_city_sources(position({"ge-1": "0401"}, phase="axis-movement"))
    assert supply.hex_in_supply(state, "0503", "axis")
    assert not supply.hex_in_supply(state, "0101", "axis")


def test_10_22_a_rumanian_unit_without_its_hq_is_told_no_rumanian_hq_is_active():
    state = position({"ro-1": "0906"}, phase="axis-movement")
    trace = supply.supply_status(state, "ro-1")
    assert not trace.in_supply
    assert trace.blocks == [supply.Block("0906", "no active Rumanian HQ on the map", "10.22")]


def test_11_21_the_trace_of_an_hq_cut_from_the_east_edge_names_it_and_says_out_of_supply():
    state = soviet({"su-hq6": "0103", "su-r1": "0103", "ge-1": "0104", "ge-2": "0201"})
    record = supply.supply_status(state, "su-hq6").to_dict()
    assert record["unit"] == "su-hq6" and record["in_supply"] is False
    assert record["blocks"] and all(b["case"] == "11.1" for b in record["blocks"])


def test_10_22_the_trace_of_a_unit_without_an_active_hq_names_it_and_says_out_of_supply():
    state = soviet({"su-hq6": "0501", "su-r1": "0503"}, hq_active=False)
    record = supply.supply_status(state, "su-r1").to_dict()
    assert record == {"unit": "su-r1", "in_supply": False, "kind": None, "source": None, "path": ["0503"], "limit": None,
                      "blocks": [{"hex": "0503", "reason": "no active Soviet HQ on the map", "case": "10.22"}]}


def test_10_23_a_rumanian_unit_beyond_its_active_hqs_radius_is_told_how_far_it_is(monkeypatch):
    monkeypatch.setattr(supply, "ROAD_LIMIT", 0)
    monkeypatch.setattr(supply, "CITY_LIMIT", 3)
    state = position({"ro-hq": "0507", "ro-1": "0502"}, phase="axis-movement")
    state.set_flag("ro-hq", "inactive", False)
    trace = supply.supply_status(state, "ro-1")
    assert not trace.in_supply
    assert trace.blocks == [supply.Block("0502", "5 hexes from the nearest active HQ (Line of Communications), limit 4", "10.23")]


def test_10_22_a_unit_whose_loc_reaches_only_a_cut_off_hq_is_traced_on_through_that_hq():
    state = soviet({"su-hq6": "0103", "su-r1": "0103", "ge-1": "0104", "ge-2": "0201"})
    hq = supply.supply_status(state, "su-hq6")
    trace = supply.supply_status(state, "su-r1")
    assert (trace.unit, trace.in_supply, trace.limit) == ("su-r1", False, 5)
    assert trace.path == ["0103", "0102", "0101"]  # the LOC (the HQ's own hex), then the HQ's line on to the edge
    assert trace.blocks == [supply.Block("0103", "su-hq6 is out of supply", "10.22")] + hq.blocks


def _with_a_second_soviet_hq(placements, radius=5, **kw):
    """soviet(), on k42-basic with a second active Soviet HQ, su-hq7 (listed after su-hq6), of ``radius``."""
    import k42_helpers

    sc = k42_helpers.scenario().model_copy(deep=True)
    hq = next(u for u in sc.units if u.id == "su-hq6")
    values = hq.hq.model_copy(update={"command_radius": radius})
    sc.units.append(hq.model_copy(update={"id": "su-hq7", "name": "7th Army HQ", "hq": values}))
    saved, k42_helpers._SCENARIO = k42_helpers._SCENARIO, sc
    try:
        state = soviet(placements, **kw)
    finally:
        k42_helpers._SCENARIO = saved
    state.set_flag("su-hq7", "inactive", False)
    state.cache.clear()
    return state


def test_10_23_a_unit_beyond_every_loc_is_measured_from_the_hqs_in_supply():
    # su-hq6 (0103) is cut from the east edge; su-hq7 (1001) is in supply.  su-r1 is nearer the
    # first, but only the second could supply it: the explanation counts from the second.
    state = _with_a_second_soviet_hq({"su-hq6": "0103", "su-hq7": "1001", "su-r1": "0110", "ge-1": "0104", "ge-2": "0201"})
    assert not supply.in_supply(state, "su-hq6") and supply.in_supply(state, "su-hq7")
    trace = supply.supply_status(state, "su-r1")
    assert trace.path[-1] == "1001"
    assert trace.blocks == [supply.Block("0110", f"{len(trace.path) - 1} hexes from the nearest active HQ (Line of Communications), limit 5", "10.23")]


def test_10_21_a_rumanian_unit_in_reach_of_the_active_rumanian_hq_is_in_command():
    state = position({"ro-hq": "0507", "ro-1": "0304", "su-hq6": "0501", "su-r1": "0502"}, phase="axis-combat")
    state.set_flag("ro-hq", "inactive", False)
    state.set_flag("su-hq6", "inactive", False)
    state.cache.clear()
    assert supply.in_command(state, "su-r1")  # the Soviet command search is made first
    assert supply.in_command(state, "ro-1")
    status = supply.command_status(state, "ro-1")
    assert status.in_command and status.hq == "ro-hq" and status.path[-1] == "0507"


def test_10_21_the_command_trace_without_an_active_hq_says_so():
    state = soviet({"su-hq6": "0501", "su-r1": "0105"}, hq_active=False, phase="soviet-combat")
    assert supply.command_status(state, "su-r1") == supply.CommandTrace(
        "su-r1", False, None, ["0105"], None, [supply.Block("0105", "no active Soviet HQ on the map", "10.21")])


# What a trace in supply shows (the Supply panel and ``kharkov-cli trace`` print these fields).


def _adjacent_steps(state, path):
    return all(state.board.hex_distance(a, c) == 1 for a, c in zip(path, path[1:]))


def test_11_21_an_hq_in_supply_shows_its_line_to_the_east_edge_without_a_limit():
    state = soviet({"su-hq6": "0303", "su-r1": "0305"})
    assert supply.supply_status(state, "su-hq6").to_dict() == {
        "unit": "su-hq6", "in_supply": True, "kind": "hq-line", "source": "0201", "path": ["0303", "0202", "0201"],
        "limit": None, "blocks": []}


def test_10_22_a_unit_supplied_by_its_hq_shows_the_loc_then_the_hqs_line():
    state = soviet({"su-hq6": "0303", "su-r1": "0305"})
    assert supply.supply_status(state, "su-r1").to_dict() == {
        "unit": "su-r1", "in_supply": True, "kind": "soviet-hq", "source": "0201",
        "path": ["0305", "0304", "0303", "0202", "0201"], "limit": 5, "blocks": []}


def test_11_0_a_unit_off_the_map_is_in_supply():
    state = soviet({"su-hq6": "0303"})
    assert supply.in_supply(state, "su-r2")
    assert supply.supply_status(state, "su-r2").to_dict() == {
        "unit": "su-r2", "in_supply": True, "kind": "off-map", "source": None, "path": [], "limit": None, "blocks": []}


def test_11_31_a_unit_on_a_city_line_shows_the_city_and_the_limit():
    state = position({"ge-1": "0306"}, phase="axis-movement")
    assert supply.supply_status(state, "ge-1").to_dict() == {
        "unit": "ge-1", "in_supply": True, "kind": "city", "source": "0508", "path": ["0306", "0406", "0507", "0508"],
        "limit": 15, "blocks": []}


def test_11_33_a_unit_on_a_road_line_shows_the_road_on_to_its_entry():
    state = no_city_sources(position({"ge-1": "0401"}, phase="axis-movement"))
    trace = supply.supply_status(state, "ge-1")
    assert (trace.unit, trace.in_supply, trace.kind, trace.limit, trace.blocks) == ("ge-1", True, "road", 5, [])
    assert trace.path[:2] == ["0401", "0501"] and trace.source == trace.path[-1]
    assert trace.source in state.board.area("german_road_supply")
    assert _adjacent_steps(state, trace.path)
    roads = state.board.map.road_nbrs
    assert all(c in roads[a] for a, c in zip(trace.path[1:], trace.path[2:]))  # from the road source on, along the road


def test_10_27_a_rumanian_unit_shows_its_loc_then_the_rumanian_hqs_line(monkeypatch):
    monkeypatch.setattr(supply, "ROAD_LIMIT", 0)
    monkeypatch.setattr(supply, "CITY_LIMIT", 3)
    state = position({"ro-hq": "0507", "ro-1": "0304"}, phase="axis-movement")
    state.set_flag("ro-hq", "inactive", False)
    assert supply.supply_status(state, "ro-1").to_dict() == {
        "unit": "ro-1", "in_supply": True, "kind": "rumanian-hq", "source": "0508",
        "path": ["0304", "0404", "0505", "0506", "0507", "0508"], "limit": 4, "blocks": []}


def test_11_33_with_every_road_cut_at_its_entry_the_trace_says_no_road_is_joined():
    state = no_city_sources(position({"ge-1": "0303", "su-r1": "0510", "su-r2": "1008"}, phase="axis-movement"))
    assert supply.road_sources(state)[0] == set()
    trace = supply.supply_status(state, "ge-1")
    assert (trace.unit, trace.in_supply, trace.path, trace.limit) == ("ge-1", False, [], supply.ROAD_LIMIT)
    assert trace.blocks == [supply.Block("0303", "no road hex is joined to the west edge or 3932 by a clear road", "11.33")]


def test_13_2_an_air_supplied_unit_shows_its_own_hex_as_the_source(monkeypatch):
    monkeypatch.setattr(supply, "ROAD_LIMIT", 0)
    monkeypatch.setattr(supply, "CITY_LIMIT", 1)
    state = _air_supply_turn(2, {"ge-1": "0103", "su-r1": "0101"})
    supply.apply_air_supply(state, "0103", [])
    assert supply.supply_status(state, "ge-1").to_dict() == {
        "unit": "ge-1", "in_supply": True, "kind": "air", "source": "0103", "path": ["0103"], "limit": None, "blocks": []}


def test_10_23_a_unit_beyond_the_command_radius_is_told_how_far_it_is():
    state = soviet({"su-hq6": "0501", "su-r1": "0507"}, phase="soviet-combat")
    status = supply.command_status(state, "su-r1")
    assert (status.unit, status.in_command, status.hq, status.radius) == ("su-r1", False, None, 5)
    assert status.path == ["0507", "0506", "0505", "0504", "0503", "0502", "0501"]
    assert status.blocks == [supply.Block("0507", "6 hexes from the nearest active HQ (Line of Communications), limit 5", "10.23")]


def test_11_34_a_line_ending_just_across_the_donets_shows_its_crossing(monkeypatch):
    state = donets(monkeypatch, {"su-r1": "0706", "ge-1": "1007"})
    trace = supply.supply_status(state, "ge-1")
    assert trace.in_supply and trace.kind == "road"
    assert trace.path[:2] == ["1007", "1008"] and trace.source == "1008"


def test_11_34_the_line_shown_for_a_unit_too_far_from_a_city_keeps_to_the_donets_limit(monkeypatch):
    # ge-1 is three hexes from Gorod either way; the way by 0708 crosses the Donets and goes on,
    # which a line may not (11.34): the line shown goes round by 0707 and 0607.
    monkeypatch.setattr(supply, "DONETS_FREE_THROUGH_ROW", 0)
    monkeypatch.setattr(supply, "ROAD_LIMIT", 0)
    monkeypatch.setattr(supply, "CITY_LIMIT", 2)
    state = position({"su-r1": "0605", "ge-1": "0807"}, phase="axis-movement")
    trace = supply.supply_status(state, "ge-1")
    assert not trace.in_supply
    assert trace.path == ["0807", "0707", "0607", "0508"]
    assert supply.Block("0807", "3 hexes from the nearest City source, limit 2", "11.31") in trace.blocks
    assert trace.limit == 2


def test_11_22_the_rumanian_hq_out_of_supply_is_explained_by_german_lines(monkeypatch):
    monkeypatch.setattr(supply, "ROAD_LIMIT", 0)
    monkeypatch.setattr(supply, "CITY_LIMIT", 3)
    state = position({"ro-hq": "0103"}, phase="axis-movement")
    trace = supply.supply_status(state, "ro-hq")
    assert not trace.in_supply
    assert [b.case for b in trace.blocks] == ["11.31", "11.32"]
    assert trace.blocks[0] == supply.Block("0103", "7 hexes from the nearest City source, limit 3", "11.31")


def test_11_35_a_crossing_in_the_free_row_itself_is_free(monkeypatch):
    # With the free row at 09, the crossing 0908/0907 (both hexes in row 09) carries a line on:
    # "north of the row, inclusive".  One row lower, the same line stops across the river.
    monkeypatch.setattr(supply, "ROAD_LIMIT", 2)
    monkeypatch.setattr(supply, "CITY_LIMIT", 0)
    placements = {"su-r1": "0706", "ge-1": "0906"}
    monkeypatch.setattr(supply, "DONETS_FREE_THROUGH_ROW", 9)
    assert supply.in_supply(position(placements, phase="axis-movement"), "ge-1")
    monkeypatch.setattr(supply, "DONETS_FREE_THROUGH_ROW", 8)
    assert not supply.in_supply(position(placements, phase="axis-movement"), "ge-1")


def test_11_34_donets_tables_kept_for_another_board_are_not_used(monkeypatch):
    # The tables are kept by the board's id(); a board made after another was freed may get the
    # same id, and must not be given the old board's tables.
    monkeypatch.setattr(supply, "DONETS_FREE_THROUGH_ROW", 0)  # every crossing away from a road restricted
    state = position({"ge-1": "0103"}, phase="axis-movement")
    board = state.board
    every, free = supply.donets_sides(board)
    crossings = supply.donets_crossings(board)
    assert every and crossings
    monkeypatch.setitem(supply._CROSSINGS, id(board), (object(), every, free, {}))
    assert supply.donets_crossings(board) == crossings
    monkeypatch.setitem(supply._DONETS, id(board), (object(), frozenset(), frozenset(), supply.DONETS_FREE_THROUGH_ROW))
    assert supply.donets_sides(board) == (every, free)


def test_11_31_a_city_held_by_the_soviets_at_set_up_is_no_source(monkeypatch):
    monkeypatch.setattr(supply, "ROAD_LIMIT", 0)
    state = position({"ge-1": "0205"}, phase="axis-movement")
    assert supply.in_supply(state, "ge-1")
    state.game["last_occupant"].update({"0508": "soviet", "0509": "soviet"})  # as a Soviet set-up there leaves it
    state.cache.pop("supply", None)
    assert state.game["captured"] == []
    assert not supply.in_supply(state, "ge-1")


def test_10_23_two_hqs_in_one_hex_reach_as_far_as_the_greater_radius():
    # su-hq7 (radius 2) comes after su-hq6 (radius 5) in the unit list: it must not shorten the
    # reach of the hex they share, for supply (10.22) nor for command (10.21).
    state = _with_a_second_soviet_hq({"su-hq6": "0501", "su-hq7": "0501", "su-r1": "0505"}, radius=2, phase="soviet-combat")
    assert state.board.hq_values("su-hq7").command_radius == 2
    assert supply.in_supply(state, "su-r1")
    assert supply.in_command(state, "su-r1")


def test_16_0_a_soviet_unit_arriving_this_turn_shows_it_is_supplied_as_a_reinforcement():
    state = soviet({"su-hq6": "0501", "su-r1": "0510"})
    state.game["arrived"] = {"su-r1": state.turn}
    state.cache.pop("supply", None)
    trace = supply.supply_status(state, "su-r1")
    assert (trace.in_supply, trace.kind, trace.path, trace.source) == (True, "reinforcement", ["0510"], "0510")


def test_11_34_a_city_line_too_goes_only_one_hex_across_the_donets(monkeypatch):
    # ge-1 is within four hexes of Gorod only across the Donets and on beyond it; su-r1 closes
    # the road crossing at 0707/0708.
    monkeypatch.setattr(supply, "DONETS_FREE_THROUGH_ROW", 0)
    monkeypatch.setattr(supply, "ROAD_LIMIT", 0)
    monkeypatch.setattr(supply, "CITY_LIMIT", 4)
    state = position({"su-r1": "0706", "ge-1": "0806"}, phase="axis-movement")
    assert not supply.in_supply(state, "ge-1")
    monkeypatch.setattr(supply, "DONETS_FREE_THROUGH_ROW", 14)  # every crossing free: four hexes is enough
    assert supply.in_supply(position({"su-r1": "0706", "ge-1": "0806"}, phase="axis-movement"), "ge-1")


def test_10_22_a_rumanian_hq_out_of_supply_supplies_no_rumanian_unit(monkeypatch):
    monkeypatch.setattr(supply, "ROAD_LIMIT", 0)
    monkeypatch.setattr(supply, "CITY_LIMIT", 1)
    state = position({"ro-hq": "0304", "ro-1": "0305"}, phase="axis-movement")
    state.set_flag("ro-hq", "inactive", False)
    assert not supply.in_supply(state, "ro-hq")
    assert not supply.in_supply(state, "ro-1")


def test_10_11_an_inactive_rumanian_hq_supplies_no_rumanian_unit(monkeypatch):
    monkeypatch.setattr(supply, "ROAD_LIMIT", 0)
    monkeypatch.setattr(supply, "CITY_LIMIT", 3)
    state = position({"ro-hq": "0507", "ro-1": "0505"}, phase="axis-movement")
    state.set_flag("ro-hq", "inactive", True)
    assert supply.in_supply(state, "ro-hq")
    assert not supply.in_supply(state, "ro-1")


def test_13_2_a_rumanian_unit_given_an_air_drop_shows_it(monkeypatch):
    monkeypatch.setattr(supply, "ROAD_LIMIT", 0)
    monkeypatch.setattr(supply, "CITY_LIMIT", 1)
    state = _air_supply_turn(2, {"ro-1": "0103", "su-r1": "0101"})
    assert not supply.in_supply(state, "ro-1")  # no Rumanian HQ on the map
    supply.apply_air_supply(state, "0103", [])
    trace = supply.supply_status(state, "ro-1")
    assert (trace.in_supply, trace.kind, trace.source) == (True, "air", "0103")


def test_16_0_a_unit_that_arrived_last_turn_needs_a_line_again():
    state = soviet({"su-hq6": "0501", "su-r1": "0510"}, turn=2)
    state.game["arrived"] = {"su-r1": 1}
    state.cache.pop("supply", None)
    assert not supply.in_supply(state, "su-r1")
    state.game["arrived"] = {"su-r1": 2}
    state.cache.pop("supply", None)
    assert supply.in_supply(state, "su-r1")


def test_10_23_an_inactive_hq_reaches_no_hex():
    state = soviet({"su-hq6": "0501"}, hq_active=False)
    assert supply.command_reach(state, "su-hq6") == set()


def test_10_23_each_hq_shows_its_own_reach():
    state = _with_a_second_soviet_hq({"su-hq6": "0501", "su-hq7": "0510"}, radius=2)
    six, seven = supply.command_reach(state, "su-hq6"), supply.command_reach(state, "su-hq7")
    assert "0506" in six and "0507" not in six
    assert seven == {h for h in state.board.ids if state.board.hex_distance(h, "0510") <= 2}


def test_10_23_the_rumanian_hq_reaches_as_far_as_its_radius(monkeypatch):
    state = position({"ro-hq": "0507"}, phase="axis-movement")
    state.set_flag("ro-hq", "inactive", False)
    reach = supply.command_reach(state, "ro-hq")
    assert "0503" in reach and "0502" not in reach  # radius 4


def test_10_21_an_hq_off_the_map_commands_no_unit():
    state = soviet({"su-r1": "0105"}, phase="soviet-combat", turn=2)
    assert state.units["su-hq6"].hex is None and "inactive" not in state.units["su-hq6"].flags
    assert not supply.in_command(state, "su-r1")
    assert supply.command_status(state, "su-r1").blocks == [supply.Block("0105", "no active Soviet HQ on the map", "10.21")]


def test_11_34_the_donets_limit_does_not_apply_to_soviet_lines(monkeypatch):
    monkeypatch.setattr(supply, "DONETS_FREE_THROUGH_ROW", 0)  # every German crossing away from a road restricted
    state = soviet({"su-hq6": "1005", "su-r1": "1009"})  # the LOC crosses at 1007/1008 and goes on
    assert supply.in_supply(state, "su-r1")


def test_11_21_an_axis_unit_on_one_east_edge_hex_leaves_the_others_as_sources():
    state = soviet({"su-hq6": "0503", "ge-1": "0101"})
    assert supply.in_supply(state, "su-hq6")


def test_8_25_a_line_goes_on_from_a_friendly_hex_next_to_an_enemy_unit():
    # The HQ's hex 0505 is next to ge-1 (0504); the LOC leaves it by the other side to su-r1.
    state = soviet({"su-hq6": "0505", "ge-1": "0504", "su-r1": "0603"})
    assert supply.in_supply(state, "su-r1")


def test_10_23_an_hq_of_smaller_radius_supplies_as_far_as_its_own_radius():
    # su-hq7 (radius 4) is the only HQ within reach of su-r1; su-hq6 (radius 5) starts the search
    # one level higher.
    state = _with_a_second_soviet_hq({"su-hq6": "0501", "su-hq7": "0510", "su-r1": "0307"}, radius=4)
    b = state.board
    assert b.hex_distance("0510", "0307") <= 4 < 5 < b.hex_distance("0501", "0307")
    assert supply.in_supply(state, "su-r1")
    assert "0510" in supply.supply_status(state, "su-r1").path  # the LOC to su-hq7, then its line to the edge


def test_15_31_a_garrisoned_city_is_a_source_for_german_lines(monkeypatch):
    monkeypatch.setattr(supply, "ROAD_LIMIT", 0)
    state = position({"ge-1": "0205"}, phase="axis-movement", garrisons={"0508": 1, "0509": 2})
    assert supply.supply_status(state, "ge-1").kind == "city"


def test_15_3_soviet_supply_does_not_reach_a_garrisoned_city_hex():
    state = soviet({"su-hq6": "0505"}, garrisons={"0508": 1})
    assert not supply.hex_in_supply(state, "0508", "soviet")
    assert supply.hex_in_supply(state, "0509", "soviet")



def test_16_0_a_reinforcement_placed_on_the_map_is_in_supply_on_its_arrival_turn():
    from k42_helpers import OFF

    state = soviet({"su-hq6": "0501", "su-r2": "0502"}, turn=2)
    state.units["su-r2"].data = {"due": 2}
    state.place("su-r2", "0503")  # already on the map: a move, not an arrival
    state.units["su-r1"].data = {"due": 2}
    state.place("su-r1", "0510")  # off the map -> the map: it arrives now
    assert state.game["arrived"] == {"su-r1": 2}
    assert supply.supply_status(state, "su-r1").kind == "reinforcement"
    state.place("su-r1", "0509")  # a move on the map is no arrival
    state.to_box("su-r1", OFF)
    state.turn = 3
    state.place("su-r1", "0510")  # placed again later: it arrived on turn 2, once
    assert state.game["arrived"] == {"su-r1": 2}

"""Kharkov 1943 supply (9), lines of command (8.1), air points (13.2, 14.3a) and HQs (1.4)."""
from fractions import Fraction

from kharkovsuite.engine.actions import Move, PlaceUnit
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kharkov1943 import air, command, hq, supply
from kharkovsuite.rules.kharkov1943.actions import MoveSupplyHead

import pytest

from .k43_helpers import GE_HQ, INF, INF2, PZ, SU_DIV, SU_DIV2, SU_HQ, bare, ring, scenario_grid

ROAD = "2020"  # a road hex joined to the German supply edge (no enemy on the map)
MID = "2226"  # far (more than 5 hexes) from every supply source of either side
ARMY = "de_hq_1pza"
SU_FRONT = "su_hq_swf"
SU_TANKS = "su_10tc"  # Soviet tank corps: armour 5, 12 OP
HEAD = "su_sh_swf"


def at(hex_id, n):
    """A hex exactly ``n`` from ``hex_id``, the first of its ring."""
    return sorted(ring(hex_id, n))[0]


def two_hexes_from_mid_in_enemy_zoc() -> tuple[str, list[str], list[str]]:
    """A unit's hex two hexes from ``MID`` (a 2-hex line, so no way round), the two middle hexes
    between them, and for each middle a hex next to it (and to no other middle) where an enemy
    division puts it in its ZoC."""
    grid = scenario_grid()
    unit_hex = at(MID, 2)
    middles = sorted(h for h in grid.ring(MID, 1) if grid.distance(h, unit_hex) == 1)
    enemies = []
    for m in middles:
        enemies.append(next(h for h in sorted(grid.ring(m, 1)) if h not in middles and h not in (MID, unit_hex)
                            and all(grid.distance(h, o) > 1 for o in middles if o != m)))
    return unit_hex, middles, enemies


def test_mid_is_far_from_every_source():
    state = bare({})
    grid = scenario_grid()
    sources = supply.source_hexes(state, "german") | supply.source_hexes(state, "soviet")
    assert min(grid.distance(MID, s) for s in sources) > 8


def test_9_2_a_unit_traces_five_hexes_to_an_hq_and_no_further():
    near = bare({GE_HQ: MID, INF: at(MID, 5)})
    line = supply.line(near, INF)
    assert line.ok and line.kind == "hq" and line.target == GE_HQ
    assert line.path[0] == at(MID, 5) and line.path[-1] == MID and len(line.path) == 6
    far = bare({GE_HQ: MID, INF: at(MID, 6)})
    line = supply.line(far, INF)
    assert not line.ok and line.path == ()
    assert [(b.hex, b.case) for b in line.blocks] == [(at(MID, 6), "9.2")]


def test_9_2_a_unit_with_no_hq_or_source_within_range_is_told_so():
    line = supply.line(bare({GE_HQ: MID, INF: at(MID, 6)}), INF)
    assert [b.to_dict() for b in line.blocks] == [
        {"hex": at(MID, 6), "reason": "no supplying HQ or source within 5 hexes", "case": "9.2"}]


def soviet_infantry(state, n):
    return [u for u, i in state.board.units.items() if i.side == "soviet" and i.values.kind == "infantry"][:n]


def test_9_2_the_hq_supplying_a_unit_must_be_in_supply_itself():
    """An HQ and a unit in one hex: supplied while the HQ has its line (to a road, 9.2), both cut
    off once enemy units fill every hex around."""
    free = bare({GE_HQ: MID, INF: MID})
    assert supply.line(free, GE_HQ).ok and supply.line(free, INF).target == GE_HQ
    around = sorted(scenario_grid().ring(MID, 1))
    state = bare({GE_HQ: MID, INF: MID, **dict(zip(soviet_infantry(free, 6), around))})
    assert not supply.line(state, GE_HQ).ok
    line = supply.line(state, INF)
    assert not line.ok and {b.hex for b in line.blocks} == set(around)


def test_9_2_an_hq_may_trace_to_a_joined_road_and_a_unit_may_not():
    hq_alone = bare({GE_HQ: ROAD})
    line = supply.line(hq_alone, GE_HQ)
    assert line.ok and line.kind == "road" and line.path == (ROAD,)
    unit_alone = bare({INF: ROAD})
    assert not supply.line(unit_alone, INF).ok


def test_9_2_a_corps_hq_traces_to_an_army_hq_and_never_to_another_corps_hq():
    other_corps = "de_hq_xlpzk"
    state = bare({ARMY: ROAD, GE_HQ: at(ROAD, 3), other_corps: MID})
    lines = supply.side_lines(state, "german")
    assert lines[ARMY].ok and lines[other_corps].ok
    targets = supply.targets_for(state, GE_HQ, lines)
    assert targets[ROAD] == ("hq", ARMY)
    assert targets.get(MID, (None,))[0] != "hq"  # a corps HQ is no link for another (9.2)
    unit_targets = supply.targets_for(state, INF, lines)
    assert unit_targets[MID] == ("hq", other_corps) and all(kind != "road" for kind, _ in unit_targets.values())


def test_9_2_soviet_units_trace_to_army_hqs_not_to_front_hqs():
    front_only = bare({SU_FRONT: MID, SU_DIV: at(MID, 1)})
    assert supply.line(front_only, SU_FRONT).ok
    assert not supply.line(front_only, SU_DIV).ok  # the Front HQ supplies HQs, not units
    army = bare({SU_FRONT: MID, SU_HQ: at(MID, 2), SU_DIV: at(MID, 1)})
    assert supply.line(army, SU_HQ).ok and supply.line(army, SU_DIV).target == SU_HQ


def test_9_1_enemy_zoc_blocks_a_line_unless_a_friendly_unit_stands_in_it():
    """The unit is 2 hexes from its HQ (a 2-hex line, so no way round); an enemy division beside
    each of the two middle hexes puts them in enemy ZoC."""
    unit_hex, middles, enemies = two_hexes_from_mid_in_enemy_zoc()
    placed = {GE_HQ: MID, INF: unit_hex, SU_DIV: enemies[0], SU_DIV2: enemies[1]}
    state = bare(placed)
    blocked = supply.trace(state, "german", unit_hex, {MID: ("hq", GE_HQ)}, limit=2)
    assert not blocked.ok
    assert {(b.hex, b.reason, b.case) for b in blocked.blocks if b.hex in middles} == {
        (m, "enemy ZoC not negated by a friendly unit", "9.1") for m in middles}
    opened = bare({**placed, INF2: middles[0]})
    line = supply.trace(opened, "german", unit_hex, {MID: ("hq", GE_HQ)}, limit=2)
    assert line.ok and line.path == (unit_hex, middles[0], MID)


def test_9_1_enemy_units_block_a_line():
    grid = scenario_grid()
    unit_hex = at(MID, 2)
    middles = [h for h in grid.within(MID, 1) if grid.distance(h, unit_hex) == 1 and h != MID]
    placed = {GE_HQ: MID, INF: unit_hex, INF2: middles[0]}
    open_ = bare(placed)
    assert supply.trace(open_, "german", unit_hex, {MID: ("hq", GE_HQ)}).ok
    state = bare({GE_HQ: MID, INF: unit_hex, SU_DIV: middles[0], SU_DIV2: middles[1]})
    line = supply.trace(state, "german", unit_hex, {MID: ("hq", GE_HQ)}, limit=2)
    assert not line.ok
    assert {(b.hex, b.reason) for b in line.blocks if b.hex in middles} == {(m, "enemy units") for m in middles}


def test_9_3_a_unit_without_a_line_is_isolated_then_out_of_supply_and_supplied_again_with_one():
    state = bare({INF: MID})
    events: list = []
    supply.supply_phase(state, events)
    assert supply.status(state, INF) == supply.ISOLATED and state.game["supply"][INF] == "isolated"
    supply.supply_phase(state, events)
    assert supply.status(state, INF) == supply.OUT
    state.place(GE_HQ, ROAD)
    state.place(INF, at(ROAD, 1))
    supply.supply_phase(state, events)
    assert supply.status(state, INF) == supply.SUPPLIED
    assert [(e.flag, e.on) for e in events if e.unit == INF] == [("isolated", True), ("isolated", False), ("out_of_supply", True),
                                                                  ("out_of_supply", False)]


def test_9_3_supply_effects_on_op_attack_defence_and_armour():
    state = bare({PZ: MID, INF: at(MID, 1)})
    base = state.board.units[PZ].values.op
    assert supply.op_allowance(state, PZ) == base and supply.attack_multiplier(state, PZ) == 1
    state.game["supply"] = {PZ: supply.ISOLATED, INF: supply.ISOLATED}
    assert supply.op_allowance(state, PZ) == base // 2
    assert supply.op_allowance(state, INF) == state.board.units[INF].values.op  # on foot: no cut
    assert supply.attack_multiplier(state, PZ) == Fraction(1, 2) and supply.defence_multiplier(state, PZ) == 1
    assert not supply.may_prepare(state, PZ) and supply.armor_value(state, PZ, 5) == 3
    state.game["supply"] = {PZ: supply.OUT}
    assert supply.op_allowance(state, PZ) == base // 4
    assert supply.defence_multiplier(state, PZ) == Fraction(1, 2) and supply.armor_value(state, PZ, 5) == 2


def test_9_3_an_isolated_armoured_unit_joins_an_activation_with_half_its_op():
    from kharkovsuite.rules.kharkov1943 import activation
    from kharkovsuite.rules.kharkov1943.actions import Activate

    state = bare({PZ: MID})
    state.game["supply"] = {PZ: supply.ISOLATED}
    state.apply(Activate())
    half = state.board.units[PZ].values.op // 2
    assert activation.mover(state, PZ, 0).remaining == half
    state.apply(Move(units=(PZ,), path=(MID, at(MID, 1))))
    assert activation.current(state)["op"][PZ] == half


def test_9_2_supplied_soviet_armour_far_from_a_supply_head_loses_op_and_armour():
    grid = scenario_grid()
    east = sorted(supply.source_hexes(bare({}), "soviet"))
    edge = east[len(east) // 2]
    for n, op_lost, av in ((11, 0, 5), (12, 1, 4), (16, 2, 4), (20, 3, 3)):
        far = next(h for h in sorted(grid.ring(edge, n)) if h in bare({}).board.in_play and grid.row_col(h)[0] == grid.row_col(edge)[0])
        state = bare({SU_TANKS: far})
        assert supply.head_distance(state, SU_TANKS) == n
        assert supply.op_allowance(state, SU_TANKS) == 12  # measured in the supply phase, not before
        supply.measure_armor(state)
        assert supply.op_allowance(state, SU_TANKS) == 12 - op_lost, n
        assert supply.armor_value(state, SU_TANKS, 5) == av, n  # 10 % of 5 is 0.5, rounded up to 1
    phase = bare({SU_TANKS: far})
    supply.supply_phase(phase, [])
    assert phase.turn_data["armor_distance"] == {SU_TANKS: 20}  # the supply phase measures it


def test_9_4_the_supply_head_moves_one_hex_a_turn_by_road_or_into_clear_terrain():
    state = bare({HEAD: ROAD, SU_DIV: MID}, side="soviet")
    road_next = next(n for n in sorted(state.board.nbrs[ROAD]) if state.board.map.road_between(ROAD, n))
    assert MoveSupplyHead(unit=HEAD, hex=road_next) in state.legal_actions().actions()
    state.apply(MoveSupplyHead(unit=HEAD, hex=road_next))
    assert state.units[HEAD].hex == road_next
    back = MoveSupplyHead(unit=HEAD, hex=ROAD)
    assert back not in state.legal_actions().actions()
    with pytest.raises(IllegalAction, match=r"^9\.4: su_sh_swf has moved its hex this turn$"):
        state.apply(back)


def test_9_4_a_supply_head_attacked_alone_is_pushed_three_hexes_east():
    grid = scenario_grid()
    state = bare({HEAD: MID})
    events: list = []
    new = supply.push_supply_head(state, HEAD, events)
    assert grid.distance(MID, new) == 3 and grid.row_col(new)[1] == grid.row_col(MID)[1] + 3
    assert state.units[HEAD].hex == new and [(e.kind, e.unit, e.to, e.case) for e in events] == [("Displaced", HEAD, new, "9.4")]
    edge = next(h for h in sorted(state.board.in_play) if grid.row_col(h)[1] == 42)
    state.place(HEAD, edge)
    assert supply.push_supply_head(state, HEAD, events) is None and state.units[HEAD].box == "off_map"
    supply.return_supply_heads(state, events)
    assert state.units[HEAD].hex is not None and grid.distance(state.units[HEAD].hex, edge) <= 1


def test_8_1_the_line_of_command_gives_its_path_or_the_enemy_hexes_in_the_way():
    state = bare({GE_HQ: MID, INF: at(MID, 5)})
    line = command.command_line(state, INF)
    assert line.ok and line.target == GE_HQ and len(line.path) == 6
    grid = scenario_grid()
    # surround the unit with enemy units: every way out is an enemy-occupied hex
    ring1 = sorted(grid.ring(at(MID, 5), 1))
    boxed = bare({GE_HQ: MID, INF: at(MID, 5), **{u: h for u, h in zip(
        [u for u, i in state.board.units.items() if i.side == "soviet" and i.values.kind == "infantry"], ring1)}})
    line = command.command_line(boxed, INF)
    assert not line.ok and {b.hex for b in line.blocks} == set(ring1) and {b.case for b in line.blocks} == {"8.1"}


def test_8_1_an_enemy_zoc_does_not_stop_a_line_of_command():
    grid = scenario_grid()
    unit_hex = at(MID, 2)
    enemy = next(h for h in sorted(grid.ring(MID, 2)) if grid.distance(h, unit_hex) == 2)
    state = bare({GE_HQ: MID, INF: unit_hex, SU_DIV: enemy})
    assert command.command_line(state, INF).ok


@pytest.mark.parametrize("sky, expected", [("clear", 4), ("cloudy", 2), ("overcast", 0)])
def test_13_2_air_points_come_from_the_table_and_the_sky_cuts_them(sky, expected):
    """A rigged die of 6: the table gives the Germans 4 points; cloudy halves, overcast removes (14.3a)."""
    state = bare({})
    state.turn_data["weather"] = {"air": sky, "ground": "frozen"}
    state.rng.randint = lambda a, b: 6
    air.roll(state, [])
    assert state.turn_data["air_rolled"]["german"] == 4
    assert air.points(state, "german") == expected and state.turn_data["air_points"]["german"] == expected


def test_1_4_an_hq_is_destroyed_only_alone_and_comes_back_two_turns_later():
    state = bare({GE_HQ: MID, INF: MID})
    events: list = []
    assert hq.destroy_lone_hqs(state, MID, events) == []
    state.to_box(INF, "eliminated")
    assert hq.destroy_lone_hqs(state, MID, events) == [GE_HQ]
    assert state.units[GE_HQ].hex is None and state.game["hq_return"][GE_HQ] == state.turn + 2
    assert [(e.kind, e.unit, e.hex, e.reason, e.case) for e in events] == [
        ("Eliminated", GE_HQ, MID, f"alone in its hex when attacked; it returns on turn {state.turn + 2}", "1.4")]
    assert hq.due(state) == []
    state.turn += 2
    assert hq.due(state) == [GE_HQ]
    state.place(ARMY, ROAD)
    state.place(SU_DIV, at(ROAD, 3))
    places = hq.hexes(state, GE_HQ)
    zoc_hexes = set(grid_within(at(ROAD, 3), 1))
    assert places and not (set(places) & zoc_hexes)
    assert all(supply.line_from(state, "german", h, GE_HQ).ok for h in places)
    assert MID not in places or supply.line_from(state, "german", MID, GE_HQ).ok
    hq.offer(state)
    assert state.to_act == "german" and state.pending[-1].kind == "hq_return"
    with pytest.raises(IllegalAction, match=r"^1\.4: 1719 is in enemy ZoC, holds enemy units, is not in play or traces no line of supply$"):
        state.apply(PlaceUnit(unit=GE_HQ, hex=at(ROAD, 3)))
    state.apply(PlaceUnit(unit=GE_HQ, hex=places[0]))
    assert state.units[GE_HQ].hex == places[0] and GE_HQ not in state.game["hq_return"]


def grid_within(hex_id, n):
    return scenario_grid().within(hex_id, n)


def test_addenda_the_320th_starts_isolated_unless_the_scenario_counts_everyone_supplied_on_turn_1():
    from kharkovsuite.rules.kharkov1943.rules import new_game

    from .k43_helpers import fresh, scenario

    assert fresh(1).game["supply"][INF] == supply.ISOLATED  # the 320th, cut off east of the Donets (intended)
    agreed = new_game(scenario().model_copy(update={"options": {"first_turn_supplied": True}}), 1)
    assert agreed.game["supply"][INF] == supply.SUPPLIED
    assert not supply.line(agreed, INF).ok  # the line is still cut: only the marker is waived
    agreed.turn = 2
    supply.supply_phase(agreed, [])
    assert agreed.game["supply"][INF] == supply.ISOLATED  # from turn 2 the rules apply


def test_1_4_an_hq_with_nowhere_to_go_waits_and_the_game_goes_on(monkeypatch):
    """No decision with nothing to choose: the game would stall with no legal action."""
    state = bare({GE_HQ: MID})
    hq.destroy(state, GE_HQ, [], "attacked alone")
    state.turn += 2
    with monkeypatch.context() as m:
        m.setattr(hq, "hexes", lambda st, u: [])  # every hex in enemy ZoC or cut off
        hq.offer(state)
        assert not state.pending and hq.due(state) == [GE_HQ]
    hq.offer(state)
    assert state.pending[-1].kind == "hq_return" and state.legal_actions().actions()


def test_1_4_a_returning_hq_is_logged_as_a_return_to_its_hex():
    state = bare({GE_HQ: MID})
    assert hq.destroy_lone_hqs(state, MID, []) == [GE_HQ]
    state.turn += 2
    state.place(ARMY, ROAD)
    hq.offer(state)
    spot = hq.hexes(state, GE_HQ)[0]
    events = state.apply(PlaceUnit(unit=GE_HQ, hex=spot))
    moved = [(e.units, e.path, e.cost, e.how, e.case) for e in events if e.kind == "UnitMoved"]
    assert moved == [((GE_HQ,), (spot,), 0.0, "return", "1.4")]


def test_9_1_a_unit_off_the_map_has_no_line_because_it_is_not_on_the_map():
    state = bare({INF: MID})
    state.to_box(INF, "eliminated")
    line = supply.line(state, INF)
    assert not line.ok and [(b.hex, b.reason, b.case) for b in line.blocks] == [("-", "not on the map", "9.1")]


def test_9_4_a_pushed_supply_head_keeps_to_its_row_and_goes_round_enemy_units_not_friends():
    grid = scenario_grid()
    row, col = grid.row_col(MID)
    state = bare({HEAD: MID})
    straight = supply.push_supply_head(state, HEAD, [])
    assert grid.row_col(straight) == (row, col + 3)  # each hex the one due east
    blocked = bare({HEAD: MID, INF: straight})
    new = supply.push_supply_head(blocked, HEAD, [])
    assert new not in (None, straight) and grid.row_col(new)[1] == col + 3
    friends = bare({HEAD: MID, SU_DIV: straight})
    assert supply.push_supply_head(friends, HEAD, []) == straight


def test_8_1_an_enemy_unit_beside_an_hq_cuts_only_the_lines_through_its_own_hex():
    for enemy in sorted(ring(MID, 1)):
        state = bare({GE_HQ: MID, SU_DIV: enemy})
        area = command.command_area(state, GE_HQ)
        assert enemy not in area
        assert all(area[n] == 1 for n in ring(MID, 1) if n != enemy), enemy


def test_8_1_an_hq_ringed_by_enemy_units_commands_only_its_own_hex():
    """8.1: a line of command never crosses an enemy-occupied hex, so an HQ ringed by enemy
    units reaches none of the hexes beyond them."""
    state = bare({})
    soviets = [u for u, i in state.board.units.items() if i.side == "soviet" and i.values.kind == "infantry"]
    ring1 = sorted(ring(MID, 1))
    state = bare({GE_HQ: MID, INF: at(MID, 2), **dict(zip(soviets, ring1))})
    assert command.command_area(state, GE_HQ) == {MID: 0}
    assert not command.in_command_of(state, GE_HQ, INF)


def test_8_1_a_unit_with_no_hq_within_range_is_told_so():
    state = bare({GE_HQ: MID, INF: at(MID, 7)})
    line = command.command_line(state, INF)
    assert not line.ok and [b.to_dict() for b in line.blocks] == [
        {"hex": at(MID, 7), "reason": "no HQ of its side within 5 hexes", "case": "8.1"}]


# ----------------------------------------------------------------------------- written from the after2 sample's survivors


def test_9_1_a_line_of_supply_never_enters_ground_the_weather_closes():
    """9.1 with 14: swamp is impassable in mud, so no line of supply enters it then; frozen, it is open."""
    swamp = "2409"
    mud = bare({INF: MID}, ground="mud")
    assert mud.board.map.terrain(swamp) == "swamp"
    assert supply.blocked(mud, "german")[swamp] == supply.Block(swamp, "swamp is impassable on mud ground", "9.1")
    assert swamp not in supply.graph(mud, "german")
    frozen = bare({INF: MID}, ground="frozen")
    assert swamp not in supply.blocked(frozen, "german") and swamp in supply.graph(frozen, "german")


def test_9_4_a_supply_heads_move_is_logged_by_its_case():
    state = bare({HEAD: ROAD, SU_DIV: MID}, side="soviet")
    road_next = next(n for n in sorted(state.board.nbrs[ROAD]) if state.board.map.road_between(ROAD, n))
    events = state.apply(MoveSupplyHead(unit=HEAD, hex=road_next))
    moved = [e for e in events if e.kind == "UnitMoved"]
    assert [(e.units, e.path, e.cost, e.how, e.case) for e in moved] == [((HEAD,), (ROAD, road_next), 0.0, "supply head moves", "9.4")]


def test_1_4_9_4_a_supply_head_keeps_no_hq_alive_and_another_hq_none_either():
    """1.4: an HQ is destroyed when no friendly combat unit shares its hex: a supply head (9.4) or
    another HQ stacked with it does not count, a division does."""
    state = bare({SU_HQ: MID, HEAD: MID, SU_FRONT: MID}, side="soviet")
    events: list = []
    assert sorted(hq.destroy_lone_hqs(state, MID, events)) == sorted([SU_HQ, SU_FRONT])
    assert state.units[HEAD].hex == MID and {e.unit for e in events} == {SU_HQ, SU_FRONT}
    kept = bare({SU_HQ: MID, HEAD: MID, SU_DIV: MID}, side="soviet")
    assert hq.destroy_lone_hqs(kept, MID, []) == [] and kept.units[SU_HQ].hex == MID


def test_8_1_9_1_lines_of_command_and_supply_traced_in_one_position_keep_their_own_rules():
    """The unit is two hexes from its HQ, both middle hexes in an enemy ZoC: a line of supply may
    not cross them (9.1), a line of command may (8.1), whichever is traced first; and once an enemy
    unit stands in each middle hex, the line of command goes round them (8.1), with nothing kept
    from before the move."""
    unit_hex, middles, enemies = two_hexes_from_mid_in_enemy_zoc()
    placed = {GE_HQ: MID, INF: unit_hex, SU_DIV: enemies[0], SU_DIV2: enemies[1]}
    for command_first in (True, False):
        state = bare(placed)
        lines = {}
        for kind in ((("command", "supply") if command_first else ("supply", "command"))):
            lines[kind] = (command.command_line(state, INF) if kind == "command"
                           else supply.trace(state, "german", unit_hex, {MID: ("hq", GE_HQ)}, limit=2))
        assert lines["command"].ok and lines["command"].path[1] in middles
        assert not lines["supply"].ok
    state = bare(placed)
    assert command.command_line(state, INF).ok
    state.place(SU_DIV, middles[0])
    state.place(SU_DIV2, middles[1])
    round_ = command.command_line(state, INF)
    assert round_.ok and not set(round_.path) & set(middles) and len(round_.path) > 3


def test_9_1_of_two_equally_short_lines_the_one_through_the_lower_hex_id_is_traced():
    """Our reading (docs/rules/kharkov-1943.md, 9.1): a line steps to its neighbours in hex-id
    order, so of two lines of one length the trace (and the overlay) shows the one through the
    lower-numbered hex, the same every time."""
    grid = scenario_grid()
    unit_hex = at(MID, 2)
    middles = sorted(h for h in grid.ring(MID, 1) if grid.distance(h, unit_hex) == 1)
    assert len(middles) == 2
    line = supply.trace(bare({GE_HQ: MID, INF: unit_hex}), "german", unit_hex, {MID: ("hq", GE_HQ)}, limit=2)
    assert line.ok and line.path == (unit_hex, middles[0], MID)


def test_8_1_each_sides_line_of_command_is_stopped_by_the_other_sides_units_only():
    """In one position, a Soviet line of command first, then a German one: the German unit ringed by
    Soviet units has none (8.1), whatever the Soviet line found."""
    grid = scenario_grid()
    ring1 = sorted(grid.ring(at(MID, 5), 1))
    probe = bare({})
    soviets = [u for u, i in probe.board.units.items() if i.side == "soviet" and i.values.kind == "infantry"]
    state = bare({GE_HQ: MID, INF: at(MID, 5), SU_HQ: at(MID, 5 + 2), **dict(zip(soviets, ring1))})
    command.command_line(state, soviets[0])
    line = command.command_line(state, INF)
    assert not line.ok and {b.hex for b in line.blocks} == set(ring1)
    assert {(b.reason, b.case) for b in line.blocks} == {("enemy units", "8.1")}  # what the window says stops it


def test_9_1_12_a_unit_in_a_hex_the_ground_closes_traces_only_over_hexsides_it_could_cross():
    """A German unit in the campaign's swamp hex 3309 when the ground turns to mud (14: swamp is
    impassable, so its own hex is off the line graph) traces its line only across hexsides a unit
    could cross: not over the major river to Zaporozhye's 3209 next to it (12); if at all, round another way."""
    from .k43_helpers import campaign

    state = bare({INF: "3309", GE_HQ: "3209"}, ground="mud", of=campaign)
    assert "3309" in supply.blocked(state, "german") and "major_river" in state.board.map.hexside_features("3309", "3209")
    assert not supply.trace(state, "german", "3309", {"3209": ("hq", GE_HQ)}, limit=1).ok
    line = supply.trace(state, "german", "3309", {"3209": ("hq", GE_HQ)}, limit=5)
    assert not line.ok or line.path[1] != "3209"

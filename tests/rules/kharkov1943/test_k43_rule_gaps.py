"""Kharkov 1943 rules that the sample `after3` of the mutation run showed no test played through
(docs/mutation.md): the advance after combat (7.6, 7.7), the ground weather from turn 2 on and
the ZoC it gives (14.1, 4.2), the Soviet tank regiment's ZoC (4.2), a position lost in a retreat
(11.1), a rebuilt unit's HQ (16.2), the supply head's entry hexes (9.4), a merge in a unit's
second activation (1.3, 3.5), the end of the game (18), and the log entries, refusals, trace
reports and legends those mutants changed; at the end, those of the next sample, `after4`: a
one-hex line of supply drawn, an HQ's support stopped by enemy ZoC (1.4), an action's words,
and a supply head never counted out of command (8.2, 9.4)."""
from __future__ import annotations

from kharkovsuite.engine.actions import Advance, ChooseLoss, Retreat
from kharkovsuite.rules.kharkov1943 import combat, command, odds, reinforcements, replacements, sequence, supply, trace, victory, zoc
from kharkovsuite.rules.kharkov1943.actions import Activate, Assault, Combine, EndActivation, LeaveMap, Pass

from .k43_helpers import GE_HQ, INF, INF2, PLAIN, PZ, SU_DIV, SU_DIV2, bare, campaign, general, refusal, ring, scenario_grid
from .test_k43_combat import SU3, T, W, fight, fix, legal, opening

RIVER = ("1904", "1905")  # a river (not major) between them
SOVIET_TANK_REGIMENT = "su_212tr"  # campaign only: armour, regiment, combat 2


# ----------------------------------------------------------------------------- 7.6, 7.7 the advance


def test_7_6_a_defender_destroyed_in_its_retreat_leaves_an_advance_as_long_as_the_retreat(monkeypatch):
    """7.6: the hexes of a result spent retreating give no further advance when the defender dies
    on the way (a step lost in each ZoC hex, 4.3): the advance is as long as the retreat."""
    fix(monkeypatch, "-/2R")
    state = general(bare({PZ: W, SU3: T, INF2: "2705", INF: "2904"}))
    state.units[SU3].step = 2  # its last step
    fight(state, [PZ])
    state.apply(legal(state, Retreat)[0])  # every hex around is in German ZoC: it dies in the first
    assert state.units[SU3].box == "eliminated"
    assert max(len(a.path) - 1 for a in legal(state, Advance)) == 2


def test_7_6_an_advance_goes_round_a_hexside_the_ground_closes(monkeypatch):
    """7.6 with 14: a neighbour the mud closes (swamp) is skipped, the other neighbours stay open."""
    fix(monkeypatch, "-/2")
    start, target, swamp = "2307", "2408", "2409"
    state = general(bare({PZ: start, SU3: target}, ground="mud"))
    assert state.board.enter_cost(target, swamp, "mud") is None and state.board.nbrs[target][0] == swamp
    fight(state, [PZ], target)
    state.apply(next(a for a in legal(state, Retreat) if len(a.path) == 3))
    seconds = {p[2] for p in combat.advance_options(state, PZ) if len(p) >= 3}
    foes = {h for h, ids in state.at.items() if any(state.units[u].side == "soviet" for u in ids)}
    expected = {n for n in state.board.nbrs[target]
                if n != start and n not in foes and state.board.enter_cost(target, n, "mud") is not None}
    assert expected and seconds == expected


def test_7_7_an_advance_into_a_hex_a_breakthrough_negates_pays_one_op_more(monkeypatch):
    fix(monkeypatch, "-/2+")
    state = fight(general(bare({PZ: W, SU3: T})), [PZ])
    state.apply(next(a for a in legal(state, Retreat) if len(a.path) == 3))
    negated = combat.breakthrough_hexes(state)
    costs = combat.advance_options(state, PZ)
    seconds = [p for p in costs if len(p) == 3 and p[2] in negated]
    assert seconds
    for p in seconds:
        assert costs[p] == state.board.enter_cost(T, p[2], "frozen") + 1


# ----------------------------------------------------------------------------- 13.1, 7.1 words and log


def test_13_1_the_air_points_of_a_combat_are_logged_by_their_case(monkeypatch):
    from kharkovsuite.rules.kharkov1943.actions import AllotAir, EndReaction

    fix(monkeypatch, "-/-")
    state = opening()
    events = list(state.apply(Assault(attackers=(INF,), target=T, types=("normal",))))
    while state.pending and state.pending[-1].kind in ("reaction", "air"):
        events += state.apply(EndReaction() if state.pending[-1].kind == "reaction" else AllotAir(points=0))
    committed = [e for e in events if e.kind == "AirCommitted"]
    assert {e.side for e in committed} == {"german", "soviet"} and {e.case for e in committed} == {"13.1"}


def test_7_1_a_mixed_attack_is_described_by_the_type_that_governs_it():
    state = general(bare({INF: W, INF2: W, SU3: T}))
    words = state.rules.describe(state, Assault(attackers=(INF, INF2), target=T, types=("normal", "mobile")))
    assert words.label.startswith("Mobile attack on ")


# ----------------------------------------------------------------------------- 14.1, 4.2 weather and ZoC


def _rolled(of_side: str):
    """For dice seeded 1-40, the ground rolled on turn 9 (March) of the campaign with a unit of
    ``of_side`` next to a river: (ground, whether its ZoC crosses the river after the roll)."""
    a, b = RIVER
    unit = INF if of_side == "german" else SU_DIV
    viewer = "soviet" if of_side == "german" else "german"
    state = bare({unit: b}, of=campaign)
    state.turn = 9
    table = state.scenario.tables[state.board.data.weather.ground_table]
    out = []
    for seed in range(1, 41):
        state.turn_data["weather"] = {"air": "clear", "ground": "frozen"}
        state.cache.clear()
        state.rng.seed(seed)
        assert a in zoc.enemy_zoc(state, viewer)  # frozen before the roll, and now cached
        events: list = []
        sequence.weather(state, events)
        ground_die = [e.die for e in events if e.purpose.startswith("ground")]
        assert len(ground_die) == 1
        assert state.turn_data["weather"]["ground"] == table.rows[ground_die[0]][table.columns.index("march")]
        assert zoc.ground(state) == state.turn_data["weather"]["ground"]
        out.append((zoc.ground(state), a in zoc.enemy_zoc(state, viewer)))
    return out


def test_14_1_4_2_the_ground_rolled_from_turn_2_on_is_played_and_a_thaw_stops_german_zoc_at_rivers():
    rolled = _rolled("german")
    assert {g for g, _ in rolled} >= {"mud", "snow"}  # the March column gives both
    assert all(crosses == (g != "mud") for g, crosses in rolled)


def test_14_1_4_2_a_thaw_stops_soviet_zoc_at_rivers_too():
    rolled = _rolled("soviet")
    assert any(g == "mud" for g, _ in rolled)
    assert all(crosses == (g != "mud") for g, crosses in rolled)


def test_4_2_a_soviet_tank_regiment_controls_its_own_hex_only():
    state = bare({INF: PLAIN, SOVIET_TANK_REGIMENT: T}, of=campaign)
    v = state.board.units[SOVIET_TANK_REGIMENT].values
    assert (v.kind, v.echelon) == ("armor", "regiment") and odds.combat_value(state, SOVIET_TANK_REGIMENT) > 1
    assert zoc.reach_of_zoc(state, SOVIET_TANK_REGIMENT) == "own"
    assert set(zoc.enemy_zoc(state, "german")) == {T}


def test_4_2_10_1_the_zoc_a_side_shows_is_its_own_units_less_those_hidden():
    state = bare({INF: PLAIN, SU_DIV: T})
    shown = zoc.zoc_seen(state, "soviet")
    assert T in shown and set(shown) == set(zoc.enemy_zoc(state, "german"))
    assert all(ids == frozenset({SU_DIV}) for ids in shown.values())
    assert zoc.zoc_seen(state, "soviet", unseen={SU_DIV}) == {}


# ----------------------------------------------------------------------------- 11.1 positions


def test_11_1_a_unit_driven_out_of_its_hex_by_a_retreat_loses_its_position(monkeypatch):
    fix(monkeypatch, "-/2R")
    state = opening()
    state.game["posture"] = {SU3: "pdm"}
    fight(state, [INF])
    while not legal(state, Retreat):
        state.apply(ChooseLoss(unit=SU3))  # the Table of Postures may take a step first
    retreat = legal(state, Retreat)[0]
    state.apply(retreat)
    assert state.units[SU3].hex == retreat.path[-1] != T
    assert odds.posture(state, SU3) == "normal" and SU3 not in state.game["posture"]


# ----------------------------------------------------------------------------- 16.2, 9.4, 18.2 arrivals


def test_16_2_a_rebuilt_unit_comes_back_with_its_own_formations_hq():
    state = bare({"de_hq_1pza": "2101", GE_HQ: "2401"})
    assert state.board.data.formations[state.board.units[PZ].formation].hq == GE_HQ and "de_hq_1pza" < GE_HQ  # another HQ first by name
    state.to_box(PZ, "rebuilt")
    events: list = []
    replacements.place_rebuilt(state, events)
    assert state.units[PZ].hex == "2401"
    assert [(e.units, e.path, e.how, e.case) for e in events] == [((PZ,), ("2401",), f"rebuilt, placed with {GE_HQ}", "16.2")]


def _head_spot(placed: dict[str, str]) -> str:
    state = bare({"su_hq_swf": "1638", **placed}, side="soviet")
    state.turn = 2
    reinforcements.arrive(state, [])
    return state.units["su_sh_swf"].hex


def test_9_4_15_1_a_supply_head_enters_where_no_enemy_stands_and_may_join_friends():
    spot = _head_spot({})
    assert _head_spot({SU_DIV: spot}) == spot  # a friendly unit does not keep it out
    elsewhere = _head_spot({INF: spot})
    assert elsewhere not in (None, spot)


def test_18_2_units_leaving_the_map_are_logged_from_their_hex():
    state = bare({"d320_585": "1528"})
    edge = reinforcements.exit_edge_hexes(state, "north")[0]
    state.place("d320_585", edge)
    state.apply(Activate())
    events = state.apply(LeaveMap(units=("d320_585",)))
    left = [e for e in events if e.kind == "UnitMoved"]
    assert [(e.units, e.path, e.how, e.case) for e in left] == [(("d320_585",), (edge,), "leaves the map", "18.2")]


# ----------------------------------------------------------------------------- 1.3, 3.5 merging


def test_1_3_3_5_a_merge_in_a_units_second_activation_fatigues_it_in_the_log():
    big, small, mid = "su_48grd", "su_350rd", "2226"
    state = bare({big: mid, small: mid}, side="soviet")
    state.units[big].step = 2
    state.turn_data["activations"] = {big: 1}
    state.apply(Activate())
    events = state.apply(Combine(unit=big, absorbed=small))
    assert [(e.unit, e.flag, e.on, e.case) for e in events if e.kind == "FlagChanged"] == [(big, "fatigue-1", True, "3.5")]


# ----------------------------------------------------------------------------- 2.2, 18 the game


def test_2_2_passing_with_an_activation_open_is_refused_by_its_case():
    state = general(bare({INF: PLAIN, SU_DIV: T}))
    state.apply(combat_free_move(state))
    assert refusal(state, Pass()) == ("2.2", "an activation is open: end it rather than pass")


def combat_free_move(state):
    from kharkovsuite.engine.actions import Move

    return Move(units=(INF,), path=(PLAIN, "2601"))


def test_18_the_last_turn_ends_the_game_with_its_winner_level_and_points():
    state = bare({INF: PLAIN, SU_DIV: T})
    state.turn = state.board.data.special_rules.turns
    events = state.apply(Pass())
    events += state.apply(Pass())
    ended = [e for e in events if e.kind == "GameEnded"]
    result = victory.result(state)
    assert result.winner is not None and state.terminal
    assert [(e.vp, e.winner, e.level, e.case) for e in ended] == [(dict(result.vp), result.winner, result.level, "18")]


def test_18_a_draw_still_gives_each_sides_level(monkeypatch):
    monkeypatch.setattr(victory, "side_level", lambda state, side, reached: 1)
    res = victory.result(bare({INF: PLAIN}))
    assert (res.vp, res.margin, res.winner, res.level) == ({"soviet": 1, "german": 1}, 0, None, "Draw")


# ----------------------------------------------------------------------------- 12, 9.1, 9.2, 8.1 tracing


def test_12_9_1_a_line_of_supply_stopped_by_a_major_river_names_rule_12():
    state = bare({}, ground="mud")
    h, n = "1425", "1524"
    assert "major_river" in state.board.map.hexside_features(h, n) and state.board.enter_cost(h, n, "mud") is None
    line = supply.trace(state, "german", h, {}, limit=1)
    blocks = {b.hex: b for b in line.blocks}
    assert blocks[n] == supply.Block(n, f"may not be entered from {h} on mud ground", "12")
    assert all(b.case == "9.1" for x, b in blocks.items()
               if "major_river" not in state.board.map.hexside_features(h, x) and x not in supply.blocked(state, "german"))


def test_9_2_the_supply_overlay_explains_the_supplied_hexes():
    o = trace.overlay(bare({INF: PLAIN}), "supply", "german")
    assert ("supplied", "A unit here traces a line of supply of 5 hexes to an HQ in supply or a source (9.1, 9.2)") in o.legend


def test_8_1_an_hqs_trace_report_has_no_line_of_command_of_its_own():
    state = bare({GE_HQ: PLAIN, INF: T})
    (hq_report,) = trace.side_report(state, "german", GE_HQ)
    (unit_report,) = trace.side_report(state, "german", INF)
    assert "command" not in hq_report and unit_report["command"]["hq"] == GE_HQ


# ----------------------------------------------------------------------------- after4's survivors


def test_9_2_the_supply_overlay_draws_a_line_of_supply_of_one_hex():
    state = bare({GE_HQ: PLAIN, INF: "2702"})
    assert supply.line(state, INF).path == ("2702", PLAIN)
    assert trace.overlay(state, "supply", "german", INF).lines["supply_line"] == ["2702", PLAIN]


def test_1_4_an_hqs_support_reaches_no_hex_past_the_enemy_zoc_around_it():
    """1.4: the line of command of an HQ's combat support must be clear of enemy ZoC; a ZoC hex
    may be its last hex. Three Soviet divisions two hexes off put every neighbour of the HQ in ZoC."""
    from itertools import combinations

    grid = scenario_grid()
    around = set(ring(T, 1))
    spots = next(c for c in combinations(sorted(ring(T, 2)), 3)
                 if around <= {n for h in c for n in ring(h, 1)})
    state = bare({GE_HQ: T, **dict(zip((SU_DIV, SU_DIV2, SU3), spots))})
    assert around <= set(zoc.enemy_zoc(state, "german"))
    assert combat.support_area(state, GE_HQ) == {T} | around
    assert all(grid.distance(T, h) <= 1 for h in combat.support_area(state, GE_HQ))


def test_2_1_an_action_without_choices_is_described_with_its_rule():
    state = general(bare({INF: PLAIN, SU_DIV: T}))
    words = state.rules.describe(state, EndActivation())
    assert (words.label, words.detail) == ("End this activation", "The other side's segment follows (2.1).")


def test_9_4_3_4_a_normal_attack_on_a_lone_supply_head_pushes_it_back_and_ends_the_attackers_move():
    head = "su_sh_swf"
    state = general(bare({INF: W, head: T}))
    state.apply(Assault(attackers=(INF,), target=T, types=("normal",)))
    assert state.units[head].hex != T and not state.pending
    assert INF in state.phase_data["activation"]["moved"] and not state.legal_moves([INF])


def test_16_1_a_side_that_has_received_no_replacement_points_holds_none_of_either_kind():
    state = bare({INF: PLAIN})
    assert "replacements" not in state.game
    assert replacements.points(state, "german") == {"infantry": 0, "mechanized": 0}


def test_8_2_9_4_a_supply_head_far_from_every_hq_is_never_out_of_command():
    """8.2 counts the units that no HQ reaches at the start of a turn; a supply head is no part of
    any activation (9.4), so the check leaves it out as it leaves out the HQs, and the command
    overlay never shows it out of command. The division as far away is out of command."""
    head = "su_sh_swf"
    state = bare({"su_hq_6": PLAIN}, side="soviet")
    far = sorted(h for h in ring(PLAIN, 8) if h in state.board.in_play)
    state.place(SU_DIV, far[0])
    state.place(head, far[-1])
    assert command.check_command(state) == [SU_DIV]
    state.turn_data["out_of_command"] = command.check_command(state)
    shown = trace.command_overlay(state, "soviet")
    assert [item["unit"] for item in shown.items] == [SU_DIV]

"""Kharkov 1943 combat (7), with steps (1.2), HQ support (1.4), compulsory attacks and retreats
through ZoC (4.3), reaction (6.6), defensive works (11) and air points (13).

Results are fixed by replacing :func:`combat.read_crt` (the die roll and the table look-up) so
each test reads one cell; the odds themselves are tested through :func:`odds.preview`.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from kharkovsuite.engine.actions import Advance, ChooseLoss, EndAdvance, Move, Retreat
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kharkov1943 import air, combat, odds, zoc
from kharkovsuite.rules.kharkov1943.actions import Activate, AllotAir, Assault, BuildPosition, EndActivation, EndReaction, LeavePosition, Pass

from .k43_helpers import GE_HQ, INF, INF2, PZ, SKI, SU_DIV, SU_DIV2, bare, campaign, general, move, refusal

T = "2703"  # the defender's hex: clear, with clear hexes all round
W = "2702"  # west of it, where the German attacker stands
SU3 = "su_48grd"  # Soviet rifle division of three steps: 5, 3, 1
TANKS = "su_115tb"  # Soviet tank brigade: armour 3


def fix(monkeypatch, cell: str) -> None:
    monkeypatch.setattr(combat, "read_crt", lambda state, p, events: (cell, 7))


def fight(state, attackers, target=T, kind="normal", **kw):
    """Declare the attack and answer the reaction and the air allotment with nothing."""
    state.apply(Assault(attackers=tuple(attackers), target=target, types=(kind,), **kw))
    while state.pending and state.pending[-1].kind in ("reaction", "air"):
        state.apply(EndReaction() if state.pending[-1].kind == "reaction" else AllotAir(points=0))
    return state


def legal(state, cls):
    return [a for a in state.legal_actions().actions() if isinstance(a, cls)]


def opening(**placed):
    return general(bare({INF: W, SU3: T, **placed}))


# ----------------------------------------------------------------------------- 1.2 steps


def test_1_2_the_step_example_five_three_one_then_gone():
    state = opening()
    events: list = []
    assert zoc.combat_value(state, SU3) == 5
    combat.lose_step(state, SU3, "1.2", events)
    assert zoc.combat_value(state, SU3) == 3
    combat.lose_step(state, SU3, "1.2", events)
    assert zoc.combat_value(state, SU3) == 1 and state.units[SU3].hex == T
    combat.lose_step(state, SU3, "1.2", events)
    assert state.units[SU3].box == "eliminated" and [e.kind for e in events] == ["StepLost", "StepLost", "Eliminated"]


# ----------------------------------------------------------------------------- 7.6 examples


def test_7_6_example_1_2_the_defender_picks_steps_or_hexes(monkeypatch):
    fix(monkeypatch, "1/2")
    state = fight(opening(), [INF])
    assert state.to_act == "soviet" and state.pending[-1].case == "7.5"
    two_steps = state.clone()
    two_steps.apply(ChooseLoss(unit=SU3))
    two_steps.apply(ChooseLoss(unit=SU3))
    assert two_steps.units[SU3].hex == T and two_steps.units[SU3].step == 2  # stays, two steps down
    one_each = state.clone()
    one_each.apply(ChooseLoss(unit=SU3))
    assert {len(a.path) for a in legal(one_each, Retreat)} == {2}  # then every unit one hex
    assert ChooseLoss(unit=SU3) in one_each.legal_actions().actions()
    retreats = legal(state, Retreat)
    assert retreats and {len(a.path) for a in retreats} == {3}  # or two hexes, no step


def test_7_6_example_1_2_the_attacker_loses_a_step_to_advance_or_retreats(monkeypatch):
    fix(monkeypatch, "1/2")
    state = fight(opening(), [INF])
    route = legal(state, Retreat)[0].path
    state.apply(Retreat(unit=SU3, path=route))
    assert state.to_act == "german" and state.pending[-1].data["role"] == "attacker"
    assert {type(a) for a in state.legal_actions().actions()} == {ChooseLoss, Retreat}
    backing = state.clone()
    backing.apply(legal(backing, Retreat)[0])
    assert not backing.pending  # a retreating attacker does not advance
    state.apply(ChooseLoss(unit=INF))
    advances = legal(state, Advance)
    assert Advance(unit=INF, path=(W, T)) in advances
    # infantry follows the retreat route; the enemy's ZoC halts it on the route's first hex
    assert {a.path for a in advances} == {(W, T), (W, T, route[1])}
    state.apply(Advance(unit=INF, path=(W, T, route[1])))
    assert state.units[INF].hex == route[1] and not state.pending


def test_7_6_example_1_2R_the_first_hex_is_a_retreat(monkeypatch):
    fix(monkeypatch, "1/2R")
    state = fight(opening(), [INF])
    state.apply(ChooseLoss(unit=SU3))
    assert ChooseLoss(unit=SU3) not in state.legal_actions().actions()  # the R hex is never a step
    assert legal(state, Retreat)
    with pytest.raises(IllegalAction, match=r"^7\.5: the R result begins with a retreat: the last of it is a hex, not a step$"):
        state.apply(ChooseLoss(unit=SU3))


def test_7_6_example_minus_3R_a_destroyed_defender_gives_three_hexes_of_advance(monkeypatch):
    fix(monkeypatch, "-/3R")
    state = opening()
    state.units[SU3].step = 2  # one step left
    fight(state, [INF])
    state.apply(ChooseLoss(unit=SU3))
    assert state.units[SU3].box == "eliminated"
    lengths = {len(a.path) - 1 for a in legal(state, Advance)}
    assert max(lengths) == 3  # the vacated hex and two more for the two unspent hexes


# ----------------------------------------------------------------------------- 7.5 results


def test_7_5_a_red_result_takes_a_step_before_any_retreat(monkeypatch):
    fix(monkeypatch, "-/2*")
    state = fight(opening(), [INF])
    assert not legal(state, Retreat) and ChooseLoss(unit=SU3) in state.legal_actions().actions()
    with pytest.raises(IllegalAction, match=r"^7\.5: a red result or the Table of Postures makes a step go before any retreat$"):
        state.apply(Retreat(unit=SU3, path=(T, "2704")))
    state.apply(ChooseLoss(unit=SU3))
    assert legal(state, Retreat)


def test_7_5_the_first_loss_comes_from_armour_when_both_sides_have_it(monkeypatch):
    fix(monkeypatch, "-/1")
    state = fight(general(bare({PZ: W, SU3: T, TANKS: T})), [PZ])
    assert legal(state, ChooseLoss) == [ChooseLoss(unit=TANKS)]
    plain = fight(general(bare({INF: W, SU3: T, TANKS: T})), [INF])  # no armour or anti-tank attacking
    assert set(legal(plain, ChooseLoss)) == {ChooseLoss(unit=SU3), ChooseLoss(unit=TANKS)}


def test_7_5_postures_a_prepared_attack_bites_an_open_defender_first(monkeypatch):
    fix(monkeypatch, "-/2")
    state = fight(opening(), [INF], kind="prepared")
    assert not legal(state, Retreat)
    normal = fight(opening(), [INF])
    assert legal(normal, Retreat)


def test_7_5_postures_a_normal_attack_on_a_pdp_pays_first(monkeypatch):
    fix(monkeypatch, "1/-")
    state = opening()
    state.game["posture"] = {SU3: "pdp"}
    fight(state, [INF])
    assert state.pending[-1].data["role"] == "attacker"
    assert not legal(state, Retreat) and legal(state, ChooseLoss) == [ChooseLoss(unit=INF)]


# ----------------------------------------------------------------------------- 4.3 and 7.6 retreats


def _boxed_in(**extra):
    """SU3 in T with every hex around it in German ZoC (INF at W, INF2 and PZ east of it)."""
    return opening(**{INF2: "2705", PZ: "2904", **extra})


def test_4_3_retreating_into_enemy_zoc_costs_a_step_a_hex(monkeypatch):
    fix(monkeypatch, "-/1R")
    state = fight(_boxed_in(), [INF])
    retreats = legal(state, Retreat)
    assert {a.path[-1] for a in retreats} == {"2704", "2804"}  # all in ZoC: east first (7.6)
    state.apply(retreats[0])
    assert state.units[SU3].step == 1


def test_4_3_a_friendly_unit_cancels_the_zoc_for_the_retreat(monkeypatch):
    fix(monkeypatch, "-/1R")
    state = fight(_boxed_in(**{SU_DIV2: "2803"}), [INF])
    assert legal(state, Retreat) == [Retreat(unit=SU3, path=(T, "2803"))]  # 7.6: out of ZoC first
    state.apply(Retreat(unit=SU3, path=(T, "2803")))
    assert state.units[SU3].step == 0


def test_7_6_retreat_priorities_prefer_a_hex_free_of_enemy_zoc(monkeypatch):
    fix(monkeypatch, "-/1R")
    state = fight(opening(**{INF2: "2705"}), [INF])
    assert [a.path[-1] for a in legal(state, Retreat)] == ["2803"]  # 2704 and 2804 lie in INF2's ZoC


# ----------------------------------------------------------------------------- 7.1 attack types


def test_7_1_attack_types_cost_one_three_five_op_and_shift_the_column(monkeypatch):
    fix(monkeypatch, "-/-")
    for kind, cost, shift in (("mobile", 1, -1), ("normal", 3, 0), ("prepared", 5, 1)):
        state = opening()
        p = state.rules.combat_preview(state, [INF], T, kind)
        assert dict(p.shifts).get(f"{kind.capitalize()} attack 7.1", 0) == shift
        fight(state, [INF], kind=kind)
        assert state.phase_data["activation"]["spent"][INF] == cost


def test_7_1_the_cheapest_type_governs_a_mixed_attack(monkeypatch):
    fix(monkeypatch, "-/-")
    state = general(bare({INF: W, INF2: W, SU3: T}))
    state.apply(Assault(attackers=(INF, INF2), target=T, types=("normal", "mobile")))
    resolved = next(e for e in reversed(state.log) if e.kind == "CombatResolved")
    assert "Mobile attack 7.1" in dict(resolved.shifts)
    assert state.phase_data["activation"]["spent"] == {INF: 3, INF2: 1}


def test_7_1_one_prepared_attack_an_activation_phase(monkeypatch):
    fix(monkeypatch, "-/-")
    state = fight(opening(**{SU_DIV: "2603", INF2: "2602"}), [INF], kind="prepared")
    with pytest.raises(IllegalAction, match=r"^7\.1: only one prepared attack is allowed in an activation phase$"):
        state.apply(Assault(attackers=(INF2,), target="2603", types=("prepared",)))


def test_7_1_after_a_normal_attack_a_unit_follows_up_with_normal_or_mobile_attacks(monkeypatch):
    fix(monkeypatch, "-/-")
    state = fight(opening(**{SU_DIV: "2603"}), [INF])
    with pytest.raises(IllegalAction, match=r"^7\.1: d320_585 made a normal or prepared attack already: it follows up with normal or mobile attacks only$"):
        state.apply(Assault(attackers=(INF,), target="2603", types=("prepared",)))
    fight(state, [INF], target="2603", kind="mobile")


def test_7_1_a_mobile_attack_is_made_by_units_that_moved_together(monkeypatch):
    state = general(bare({INF: "2701", INF2: W, SU3: T}))
    move(state, [INF], "2701", W)
    with pytest.raises(IllegalAction, match=r"^7\.1: the units of a mobile attack must have begun their move together in one hex$"):
        state.apply(Assault(attackers=(INF, INF2), target=T, types=("mobile",)))


def test_7_1_units_that_moved_apart_stay_apart_in_a_position_loaded_without_its_log():
    """The stacks that moved together are told apart by the activation's own count, not by the
    length of the action log, which a position read from its snapshot alone starts again."""
    from kharkovsuite.engine.state import GameState
    from kharkovsuite.rules.kharkov1943.rules import RULES

    state = general(bare({INF: "2701", INF2: "2701", PZ: "2501", SU3: T}))
    move(state, [INF], "2701", W)
    loaded = GameState(state.scenario, RULES, state.seed)
    loaded.restore(state.to_dict(with_log=False))
    move(loaded, [PZ], "2501", "2502")
    move(loaded, [INF2], "2701", W)
    with pytest.raises(IllegalAction, match=r"^7\.1: the units of a mobile attack must have begun their move together in one hex$"):
        loaded.apply(Assault(attackers=(INF, INF2), target=T, types=("mobile",)))


def test_7_1_a_won_mobile_attack_lets_the_units_move_on(monkeypatch):
    fix(monkeypatch, "-/1R")
    state = general(bare({INF: "2701", INF2: "2501", SU3: T}))
    move(state, [INF], "2701", W)
    assert not any(INF in a.units for a in legal(state, Move))  # halted in the ZoC (4.2)
    fight(state, [INF], kind="mobile")
    state.apply(legal(state, Retreat)[0])
    state.apply(EndAdvance())
    assert any(INF in a.units for a in legal(state, Move))
    late = state.clone()
    move(state, [INF], W, "2602")  # on at once
    assert state.units[INF].hex == "2602"
    move(late, [INF2], "2501", "2502")  # 3.4: another move first ends the stack's
    assert not any(INF in a.units for a in legal(late, Move))
    with pytest.raises(IllegalAction, match=r"^3\.4: d320_585 has moved in this activation already; a move is made in one go$"):
        move(late, [INF], W, "2602")


def test_6_6_a_normal_attack_offers_reaction_a_mobile_one_does_not():
    state = general(bare({INF: W, SU3: T, SU_DIV2: "2804", "su_hq_6": "2805"}))
    mobile = state.clone()
    mobile.apply(Assault(attackers=(INF,), target=T, types=("mobile",)))
    assert not any(d.kind == "reaction" for d in mobile.pending)
    state.apply(Assault(attackers=(INF,), target=T, types=("normal",)))
    assert state.pending[-1].kind == "reaction" and state.to_act == "soviet"


def test_7_2_refusals_name_their_case():
    state = opening(**{INF2: "2701"})
    with pytest.raises(IllegalAction, match=r"^7\.2: d320_587 is not next to 2703$"):
        state.apply(Assault(attackers=(INF2,), target=T))
    with pytest.raises(IllegalAction, match=r"^7\.2: 2704 holds no enemy unit$"):
        state.apply(Assault(attackers=(INF,), target="2704"))
    hq = general(bare({GE_HQ: W, SU3: T}))
    with pytest.raises(IllegalAction, match=r"^1\.4: de_hq_iiipzk is an HQ: it supports a combat \(support=\.\.\.\) rather than attacks$"):
        hq.apply(Assault(attackers=(GE_HQ,), target=T))
    tired = opening()
    tired.phase_data["activation"]["units"].append(INF)
    tired.phase_data["activation"]["op"][INF] = 10
    tired.phase_data["activation"]["spent"] = {INF: 8}
    with pytest.raises(IllegalAction, match=r"^7\.1: d320_585 has 2 OP left, a normal attack costs it 3$"):
        tired.apply(Assault(attackers=(INF,), target=T, types=("normal",)))


# ----------------------------------------------------------------------------- 7.4 odds


def test_7_4_odds_are_rounded_to_the_nearest_ratio():
    cols = ["1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1"]
    assert odds.odds_column(149, 100, cols) == ("1:1", False)
    assert odds.odds_column(150, 100, cols) == ("2:1", False)
    assert odds.odds_column(100, 149, cols) == ("1:1", False)
    assert odds.odds_column(100, 150, cols) == ("1:2", False)
    assert odds.odds_column(20, 2, cols) == ("6:1", True)


def test_7_4_armour_against_anti_tank_shifts():
    assert odds.armor_shift(6, 2, 4) == (2, 0, "armour 6 to anti-tank 2")  # 3:1, two columns
    assert odds.armor_shift(3, 2, 4)[:2] == (1, 0)  # 1:1 rounded for the defender, a bonus to the larger
    assert odds.armor_shift(2, 2, 4)[:2] == (0, 0)
    assert odds.armor_shift(2, 3, 4)[:2] == (-1, 0)  # rounded in the defender's favour: 1:2
    assert odds.armor_shift(1, 9, 4)[:2] == (-4, 0)  # four at most
    assert odds.armor_shift(30, 1, 4)[:2] == (4, 0)
    assert odds.armor_shift(3, 0, 4)[:2] == (4, 1)  # no anti-tank: four columns and +1 die
    assert odds.armor_shift(0, 5, 4)[:2] == (0, 0)


def test_7_4_preview_lists_values_shifts_and_chances():
    state = general(bare({PZ: W, SU3: T}))
    p = state.rules.combat_preview(state, [PZ], T, "normal", air_points={"attacker": 3, "defender": 2})
    assert (p.attack, p.defense, p.base_column) == (5, 5, "1:1")
    assert dict(p.shifts) == {"armour 5 to anti-tank 2 7.4": 1, "air points 3 to 2 13.1": 1}  # 2:1 armour, 13.1 cancelling
    assert p.column == "3:1" and sum(pr for _, pr in p.results) == 1
    assert dict(p.drms) == {"unit sizes 7.4": -1}  # a regiment (1) against a division (2)


def test_7_4_armour_is_halved_attacking_a_town_and_fatigue_cuts_combat_only():
    state = general(bare({PZ: W, SU3: T}))
    state.game["fatigue"] = {PZ: 1}
    line = odds.attacker_line(state, PZ, T)
    assert (line.combat, line.armor) == (4, 5)  # 5 less a quarter, rounded up; armour kept (3.5)
    state.game["fatigue"] = {PZ: 2}
    assert odds.attacker_line(state, PZ, T).combat == 3
    town = next(h for h in sorted(state.board.in_play) if state.board.map.terrain(h) == "town")
    in_town = odds.attacker_line(bare({PZ: W}), PZ, town)
    assert (in_town.armor, in_town.note) == (3, "armour halved attacking a town or village 7.4")


def test_7_4_all_regiments_of_a_division_attacking_together():
    regiments = ["d320_585", "d320_586", "d320_587"]
    state = general(bare({**{r: W for r in regiments}, SU3: T}))
    p = state.rules.combat_preview(state, regiments, T, "normal")
    assert dict(p.drms)["all regiments of d320 together 7.4"] == 1
    two = state.rules.combat_preview(state, regiments[:2], T, "normal")
    assert "all regiments of d320 together 7.4" not in dict(two.drms)


def test_7_4_9_3_supply_halves_isolated_attackers_and_their_armour():
    state = general(bare({PZ: W, SU3: T}))
    state.game["supply"] = {PZ: "isolated"}
    line = odds.attacker_line(state, PZ, T)
    assert (line.combat, line.armor) == (3, 3)
    with pytest.raises(IllegalAction, match=r"^9\.3: pz7_pz is isolated and may not take part in a prepared attack$"):
        state.apply(Assault(attackers=(PZ,), target=T, types=("prepared",)))
    state.game["supply"] = {SU3: "out_of_supply"}
    assert odds.defender_line(state, SU3, False).combat == 3  # 5 halved, rounded up


def test_9_4_a_supply_head_attacked_alone_is_pushed_back():
    head = "su_sh_swf"
    state = general(bare({INF: W, head: T}))
    assert Assault(attackers=(INF,), target=T, types=("mobile",)) in state.legal_actions().actions()
    state.apply(Assault(attackers=(INF,), target=T, types=("mobile",)))
    assert state.units[head].hex != T and not state.pending
    assert [(e.unit, e.to, e.case) for e in state.log if e.kind == "Displaced"] == [(head, state.units[head].hex, "9.4")]


# ----------------------------------------------------------------------------- 7.7 breakthrough


def test_7_7_a_breakthrough_negates_enemy_zoc_around_the_hex(monkeypatch):
    fix(monkeypatch, "-/2+")
    state = general(bare({INF: W, SU3: T, SU_DIV: "2705", INF2: "2602"}))
    assert "2704" in zoc.enemy_zoc(state, "german")  # SU_DIV's ZoC
    fight(state, [INF])
    state.apply(ChooseLoss(unit=SU3))
    state.apply(ChooseLoss(unit=SU3))  # it stays, the marker is placed all the same
    assert "2704" in combat.breakthrough_hexes(state)
    through = [r for r in state.legal_moves([INF2]).values() if "2704" in r.path[:-1]]
    assert through  # the move goes on through the negated ZoC
    plain = state.legal_moves([INF2])["2603"].cost
    assert state.legal_moves([INF2])["2704"].cost == plain + 2 + 1  # clear 2, +1 for the marker
    state.apply(EndActivation())
    assert combat.breakthrough_hexes(state) == frozenset()


# ----------------------------------------------------------------------------- 4.3 compulsory attack


def test_4_3_entering_an_enemy_zoc_obliges_an_attack_before_the_activation_ends(monkeypatch):
    fix(monkeypatch, "-/-")
    state = general(bare({INF: "2701", SU3: T}))
    move(state, [INF], "2701", W)
    assert EndActivation() not in state.legal_actions().actions()
    with pytest.raises(IllegalAction, match=r"^4\.3: d320_585 entered an enemy ZoC and must attack before the activation ends$"):
        state.apply(EndActivation())
    fight(state, [INF], kind="mobile")
    state.apply(EndActivation())


def test_4_3_a_unit_owing_an_attack_may_not_rest_away_the_op_it_needs_for_it(monkeypatch):
    fix(monkeypatch, "-/-")
    from kharkovsuite.rules.kharkov1943 import activation
    from kharkovsuite.rules.kharkov1943.actions import ReduceFatigue

    state = bare({INF: "2701", SU3: T})
    activation.set_fatigue(state, INF, 1, "3.5", [])
    state = general(state)
    move(state, [INF], "2701", W)
    act = state.phase_data["activation"]
    act["spent"][INF] = act["op"][INF] - activation.FATIGUE_REDUCTION_COST  # resting would leave 0 OP
    assert combat.owing(state) == [INF]
    assert ReduceFatigue(unit=INF) not in state.legal_actions().actions()
    with pytest.raises(IllegalAction, match=r"^4\.3: d320_585 owes an attack and would keep 0 OP after resting, less than the 1 an attack costs$"):
        state.apply(ReduceFatigue(unit=INF))
    act["spent"][INF] -= 1  # one OP more: it rests and still pays a mobile attack at fatigue 0
    state.apply(ReduceFatigue(unit=INF))
    fight(state, [INF], kind="mobile")
    state.apply(EndActivation())


def test_4_3_an_obligation_the_unit_can_no_longer_pay_lapses_so_the_activation_can_end(monkeypatch):
    fix(monkeypatch, "-/-")
    state = general(bare({INF: "2701", SU3: T}))
    move(state, [INF], "2701", W)
    act = state.phase_data["activation"]
    assert combat.owing(state) == [INF]
    act["spent"][INF] = act["op"][INF]  # its OP gone elsewhere (self-play: Gallop seed 80, another attack)
    assert combat.owing(state) == [] and EndActivation() in state.legal_actions().actions()


def test_4_3_hqs_and_artillery_owe_no_attack():
    state = general(bare({GE_HQ: "2701", GUNS: "2701", SU3: T}, of=campaign))
    move(state, [GE_HQ, GUNS], "2701", W)
    assert combat.owing(state) == [] and EndActivation() in state.legal_actions().actions()


def test_4_3_a_village_spares_the_attack():
    state = bare({})
    board = state.board
    for v in sorted(board.in_play):
        if board.map.terrain(v) != "village":
            continue
        for a in board.nbrs[v]:
            foes = [e for e in board.nbrs[v] if e != a and e not in board.nbrs[a] and not board.river_between(v, e)]
            if foes and board.enter_cost(a, v, "frozen") is not None and not any(board.river_between(a, x) for x in board.nbrs[a]):
                state = general(bare({INF: a, SU3: foes[0]}))
                if state.legal_moves([INF]).get(v):
                    move(state, [INF], a, v)
                    assert combat.owing(state) == []
                    return
    pytest.fail("no village with a clear approach found")


def test_11_2_digging_in_after_entering_a_zoc_spares_the_attack():
    state = general(bare({INF: "2701", SU3: T}))
    move(state, [INF], "2701", W)
    assert combat.owing(state) == [INF]
    state.apply(BuildPosition(units=(INF,), posture="pdm"))
    assert combat.owing(state) == [] and EndActivation() in state.legal_actions().actions()


# ----------------------------------------------------------------------------- 11 defensive works


def test_11_1_the_whole_stack_builds_a_position_and_each_pays():
    state = general(bare({INF: W, INF2: W, SU3: T}))
    with pytest.raises(IllegalAction, match=r"^11\.1: every unit in 2702 builds the position together \(d320_585, d320_587\)$"):
        state.apply(BuildPosition(units=(INF,), posture="pdp"))
    state.apply(BuildPosition(units=(INF, INF2), posture="pdp"))
    assert state.phase_data["activation"]["spent"] == {INF: 4, INF2: 4}
    assert odds.posture(state, INF) == "pdp" and not state.legal_moves([INF])


def test_11_2_a_pdp_adds_two_to_combat_and_anti_tank():
    state = general(bare({PZ: W, SU3: T}))
    before = odds.defender_line(state, SU3, True)
    state.game["posture"] = {SU3: "pdp"}
    after = odds.defender_line(state, SU3, True)
    assert (after.combat - before.combat, after.antitank - before.antitank) == (2, 2)
    state.game["posture"] = {SU3: "pdm"}
    assert odds.defender_line(state, SU3, True).combat == before.combat


def test_11_2_leaving_a_position_costs_three_or_five_op():
    for held, cost in (("pdm", 3), ("pdp", 5)):
        state = general(bare({INF: W, SU3: T}))
        state.game["posture"] = {INF: held}
        with pytest.raises(IllegalAction, match=r"^11\.2: d320_585 holds a defensive position: leave it first \(LeavePosition\)$"):
            move(state, [INF], W, "2701")
        state.apply(LeavePosition(unit=INF))
        assert state.phase_data["activation"]["spent"][INF] == cost and odds.posture(state, INF) == "normal"
        assert state.legal_moves([INF])


# ----------------------------------------------------------------------------- 1.4, 13 support


def test_1_4_the_activating_hq_supports_one_combat_an_activation_phase(monkeypatch):
    fix(monkeypatch, "-/-")
    state = bare({GE_HQ: "2701", INF: W, INF2: W, SU3: T, SU_DIV: "2603"})
    state.apply(Activate(hq=GE_HQ))
    p = state.rules.combat_preview(state, [INF], T, "mobile", support={"attacker": GE_HQ})
    assert p.attack == 3 + 3 and any(x.role == "support" for x in p.attackers)
    assert Assault(attackers=(INF, INF2), target=T, types=("mobile",), support=GE_HQ) in state.legal_actions().actions()
    fight(state, [INF], kind="mobile", support=GE_HQ)
    assert not any(isinstance(a, Assault) and a.support for a in state.legal_actions().actions())
    with pytest.raises(IllegalAction, match=r"^1\.4: de_hq_iiipzk has supported a combat in this activation phase already$"):
        state.apply(Assault(attackers=(INF2,), target="2603", types=("mobile",), support=GE_HQ))


def test_1_4_an_hq_loses_its_step_last_and_falls_with_its_stack(monkeypatch):
    fix(monkeypatch, "-/3")
    state = opening(**{"su_hq_6": T})
    state.units[SU3].step = 2  # one step left
    fight(state, [INF])
    assert legal(state, ChooseLoss) == [ChooseLoss(unit=SU3)]  # not the HQ while others stand
    with pytest.raises(IllegalAction, match=r"^1\.4: su_hq_6 is an HQ: it loses its step only when no other unit is left with it$"):
        state.apply(ChooseLoss(unit="su_hq_6"))
    state.apply(ChooseLoss(unit=SU3))
    assert state.units["su_hq_6"].box == "hq_destroyed"  # it comes back two turns later (1.4)
    assert [(e.unit, e.hex, e.reason, e.case) for e in state.log if e.kind == "Eliminated"] == [
        (SU3, T, "its last step lost", "7.5"),
        ("su_hq_6", T, f"every unit stacked with it destroyed; it returns on turn {state.turn + 2}", "1.4")]


def test_1_4_an_hq_alone_that_loses_its_step_goes_by_the_hq_rules(monkeypatch):
    fix(monkeypatch, "-/1")
    state = fight(general(bare({INF: W, "su_hq_6": T})), [INF])
    state.apply(ChooseLoss(unit="su_hq_6"))
    rec = state.units["su_hq_6"]
    assert rec.box == "hq_destroyed" and rec.step == 0  # whole again when it comes back
    assert state.game["hq_return"]["su_hq_6"] == state.turn + 2


def test_13_1_air_points_are_allotted_secretly_by_both_sides_and_spent():
    state = opening()
    state.turn_data["air_points"] = {"german": 3, "soviet": 1}
    state.apply(Assault(attackers=(INF,), target=T, types=("normal",)))
    assert state.pending[-1].kind == "air" and state.to_act == "german"
    assert {a.points for a in state.legal_actions().actions()} == {0, 1, 2, 3}
    state.apply(AllotAir(points=2))
    assert state.to_act == "soviet" and {a.points for a in state.legal_actions().actions()} == {0, 1}
    seen = state.observation("soviet")
    assert seen["phase_data"]["combat"]["air"]["attacker"] is None  # secret until the roll
    assert seen["turn_data"]["air_points"]["german"] == 3
    assert state.observation("german")["phase_data"]["combat"]["air"]["attacker"] == 2
    state.apply(AllotAir(points=1))
    resolved = next(e for e in reversed(state.log) if e.kind == "CombatResolved")
    assert dict(resolved.shifts)["air points 2 to 1 13.1"] == 1
    assert state.turn_data["air_points"] == {"german": 1, "soviet": 0}


def test_7_1_mobile_attacks_take_one_german_air_point_and_none_for_the_defender():
    state = opening()
    state.turn_data["air_points"] = {"german": 3, "soviet": 2}
    assert air.limit(state, "german", "attacker", "mobile") == 1
    assert air.limit(state, "soviet", "defender", "mobile") == 0
    assert air.limit(state, "soviet", "attacker", "mobile") == 0


def test_13_2_air_points_by_the_table_and_the_sky():
    state = bare({})
    for sky, share in (("clear", 1), ("cloudy", Fraction(1, 2)), ("overcast", 0)):
        state.turn_data["weather"] = {"air": sky, "ground": "frozen"}
        twin = state.clone()
        events: list = []
        air.roll(twin, events)
        rolled = [e.die for e in events]
        table = state.scenario.tables[state.board.data.air.table]
        want = {side: int(table.rows[d][i] * share) for i, (side, d) in enumerate(zip(("german", "soviet"), rolled))}
        assert twin.turn_data["air_points"] == want


# ----------------------------------------------------------------------------- campaign counters

TIGER, PIONEERS, GUNS, ROCKETS = "gd_tiger", "gd_pio", "de_art_lanz", "de_werfer"
VILLAGE = "1407"  # a village with clear hexes all round and no river


def test_1_2_tigers_lose_one_combat_point_a_step():
    state = bare({TIGER: W}, of=campaign)
    combat.lose_step(state, TIGER, "1.2", [])
    assert zoc.combat_value(state, TIGER) == 1


def test_1_2_artillery_alone_defends_weakly_and_falls_to_any_result(monkeypatch):
    state = bare({GUNS: T, ROCKETS: "2705", SU3: W}, side="soviet", of=campaign)
    assert odds.defender_line(state, ROCKETS, True).combat == 1
    guns = odds.defender_line(state, GUNS, True)
    assert (guns.combat, guns.antitank) == (2, 1)
    fix(monkeypatch, "-/1")
    fight(general(state), [SU3])
    assert state.units[GUNS].box == "eliminated"
    assert [d.kind for d in state.pending] == ["advance"]  # nothing left to decide on the result


def test_7_1_artillery_joins_prepared_attacks_only(monkeypatch):
    fix(monkeypatch, "-/-")
    state = general(bare({GUNS: W, INF: W, SU3: T}, of=campaign))
    with pytest.raises(IllegalAction, match=r"^7\.1: de_art_lanz is artillery, which joins prepared attacks only$"):
        state.apply(Assault(attackers=(GUNS, INF), target=T, types=("normal",)))
    fight(state, [GUNS, INF], kind="prepared")
    assert state.phase_data["activation"]["spent"][GUNS] == 5


def test_7_4_heavy_and_german_armour_against_soviet_armour():
    state = general(bare({TIGER: W, TANKS: T}, of=campaign))
    drms = dict(state.rules.combat_preview(state, [TIGER], T, "normal").drms)
    assert drms["heavy tanks attacking armour 7.4"] == 1
    assert drms["German armour against Soviet armour only 7.4"] == 1
    mixed = general(bare({TIGER: W, TANKS: T, SU3: T}, of=campaign))
    drms = dict(mixed.rules.combat_preview(mixed, [TIGER], T, "normal").drms)
    assert "German armour against Soviet armour only 7.4" not in drms and drms["heavy tanks attacking armour 7.4"] == 1


def test_7_4_engineers_count_in_a_town_or_village_only():
    beside = bare({}, of=campaign).board.nbrs[VILLAGE][0]
    near = general(bare({PIONEERS: beside, INF: beside, SU3: VILLAGE}, of=campaign))
    assert dict(near.rules.combat_preview(near, [PIONEERS, INF], VILLAGE, "normal").drms)["engineers in a town or village 7.4"] == 1
    open_ground = general(bare({PIONEERS: W, INF: W, SU3: T}, of=campaign))
    assert "engineers in a town or village 7.4" not in dict(open_ground.rules.combat_preview(open_ground, [PIONEERS, INF], T, "normal").drms)


@pytest.mark.parametrize("ground, drm", [("frozen", -1), ("mud", -2)])
def test_7_4_12_attacking_across_a_bridge(ground, drm):
    a, b = "0309", "0409"  # a bridged hexside between clear hexes
    state = general(bare({INF: a, SU3: b}, ground=ground, of=campaign))
    assert dict(state.rules.combat_preview(state, [INF], b, "normal").drms)["every attacker across a bridge 7.4"] == drm


def test_7_4_soviet_units_of_two_fronts_attacking_together():
    state = bare({SU3: T, "su_25grd": T, INF: W}, side="soviet", of=campaign)
    assert dict(odds.preview(state, [SU3, "su_25grd"], W).drms)["Soviet units of different fronts 7.4"] == -1
    assert "Soviet units of different fronts 7.4" not in dict(odds.preview(state, [SU3], W).drms)


def test_1_4_a_defending_hq_may_support_the_attacked_hex():
    state = general(bare({INF: W, SU3: T, "su_hq_6": "2805"}))
    state.apply(Assault(attackers=(INF,), target=T, types=("normal",)))
    state.apply(EndReaction())
    assert state.pending[-1].kind == "air" and AllotAir(points=0, support="su_hq_6") in state.legal_actions().actions()
    inside = general(bare({INF: W, SU3: T, "su_hq_6": T}))
    inside.apply(Assault(attackers=(INF,), target=T, types=("normal",)))
    assert not any(d.kind == "air" for d in inside.pending)  # it defends in the hex, never twice
    far = general(bare({INF: W, SU3: T, "su_hq_6": "2101"}))
    far.apply(Assault(attackers=(INF,), target=T, types=("normal",)))
    assert not any(d.kind == "air" for d in far.pending)


# ----------------------------------------------------------------------------- player words


def test_describe_puts_every_combat_action_in_a_players_words(monkeypatch):
    fix(monkeypatch, "1/2")
    state = opening(**{INF2: "2701"})
    assault = next(a for a in state.legal_actions().actions() if isinstance(a, Assault) and a.types == ("normal",))
    words = state.rules.describe(state, assault)
    assert words.label == "Normal attack on 2703 with Gren.Rgt. 585: 3 against 5, column 1:2" and "unit sizes 7.4" in words.detail
    refused = state.rules.describe(state, Assault(attackers=(INF2,), target=T))
    assert refused.label.endswith("not allowed") and refused.detail.startswith("7.2")
    fight(state, [INF])
    seen = set()
    while state.pending:
        for action in state.legal_actions().actions():
            assert state.rules.describe(state, action).label
            seen.add(action.kind)
        options = [a for a in state.legal_actions().actions() if not isinstance(a, EndAdvance)] or list(state.legal_actions().actions())
        state.apply(options[0])
    assert {"ChooseLoss", "Retreat"} <= seen
    last = state.rules.describe(state, ChooseLoss(unit=INF))
    assert last.confirm and "eliminated" in last.label  # INF is down to its last step


@pytest.mark.parametrize("turn, box", [(2, "eliminated"), (1, "reentry")])
def test_7_6_a_unit_driven_off_the_map_is_lost_but_soviets_return_on_turn_1(monkeypatch, turn, box):
    fix(monkeypatch, "-/1R")
    edge = "1842"  # on the east edge: its other neighbours held by the Germans
    state = general(bare({SU3: edge, INF: "1841", INF2: "1742", PZ: "1741", "d320_586": "1942"}))
    state.turn = turn
    fight(state, [INF], edge)
    assert legal(state, Retreat) == [Retreat(unit=SU3, path=(edge,))] and not legal(state, ChooseLoss)
    state.apply(Retreat(unit=SU3, path=(edge,)))
    assert state.units[SU3].box == box and state.units[SU3].hex is None
    if box == "reentry":
        assert state.units[SU3].data["exit_hex"] == edge


def test_7_6_a_retreat_on_the_map_comes_before_one_off_it(monkeypatch):
    fix(monkeypatch, "-/2R")
    edge = "1842"  # 1942 beside it is a dead end on the edge (1941 and 2042 held), 1742 leads on
    placed = {SU3: edge, INF: "1841", INF2: "1941", PZ: "2042", "pz7_6": "1642"}
    state = fight(general(bare(placed)), [INF], edge)
    paths = {a.path for a in legal(state, Retreat)}
    assert paths and all(len(p) == 3 and p[1] == "1742" for p in paths)


def test_every_action_kind_of_the_system_has_player_words():
    """Nothing the rules offer reaches the window without words: every action of this package and
    every engine action one of its modules imports."""
    import ast
    import inspect
    from pathlib import Path

    from kharkovsuite.rules.kharkov1943 import actions as k43_actions
    from kharkovsuite.rules.kharkov1943.describe import _DESCRIBERS

    ours = {name for name, cls in inspect.getmembers(k43_actions, inspect.isclass)
            if cls.__module__ == k43_actions.__name__}
    used = set()
    for path in Path(k43_actions.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("engine.actions"):
                used |= {a.name for a in node.names if a.name not in ("Action", "ACTIONS", "check_action", "action_from_dict")}
    assert {"Move", "ChooseLoss", "Retreat", "Advance", "PlaceUnit"} <= used
    assert (ours | used) - set(_DESCRIBERS) == set()


# ----------------------------------------------------------------------------- written from the mutation sample


def test_7_2_an_attack_outside_an_activation_is_refused_by_its_case():
    state = bare({INF: W, SU3: T})
    assert refusal(state, Assault(attackers=(INF,), target=T)) == ("7.2", "attacks are made by the units of an open activation")


def test_13_1_more_air_points_than_the_side_has_are_refused_with_the_most_it_may_put():
    state = opening()
    state.turn_data["air_points"] = {"german": 3, "soviet": 1}
    state.apply(Assault(attackers=(INF,), target=T, types=("normal",)))
    assert refusal(state, AllotAir(points=4)) == ("13.1", "german may put 0 to 3 air points on this normal attack")


def test_7_1_more_than_one_air_point_on_a_mobile_attack_is_refused_by_7_1():
    state = opening()
    state.turn_data["air_points"] = {"german": 3, "soviet": 1}
    state.apply(Assault(attackers=(INF,), target=T, types=("mobile",)))
    assert state.pending[-1].kind == "air"
    assert refusal(state, AllotAir(points=2)) == ("7.1", "german may put 0 to 1 air points on this mobile attack")


def test_1_4_the_defender_names_only_its_own_hq_within_range_as_support():
    state = general(bare({INF: W, SU3: T, GE_HQ: "2701", "su_hq_6": "2101"}))
    state.turn_data["air_points"] = {"german": 0, "soviet": 1}
    state.apply(Assault(attackers=(INF,), target=T, types=("normal",)))
    while state.to_act != "soviet" or state.pending[-1].kind != "air":
        state.apply(EndReaction() if state.pending[-1].kind == "reaction" else AllotAir(points=0))
    assert refusal(state, AllotAir(points=0, support=GE_HQ)) == ("1.4", f"{GE_HQ} is not an HQ of the defender")
    assert refusal(state, AllotAir(points=0, support="su_hq_6")) == (
        "1.4", f"{T} is beyond the command range of su_hq_6 or cut from it by enemy ZoC")


def test_7_6_the_advance_takes_advances_only_and_logs_each_path(monkeypatch):
    fix(monkeypatch, "-/3R")
    state = opening()
    state.units[SU3].step = 2  # one step left
    fight(state, [INF])
    state.apply(ChooseLoss(unit=SU3))
    assert refusal(state, ChooseLoss(unit=INF)) == ("7.6", "advance a unit after combat or end the advance")
    advance = next(a for a in legal(state, Advance) if len(a.path) == 2)
    events = state.apply(advance)
    assert [(e.unit, e.path, e.case) for e in events if e.kind == "Advanced"] == [(INF, advance.path, "7.6")]


def test_1_4_an_hq_that_loses_its_one_step_is_eliminated_saying_so(monkeypatch):
    fix(monkeypatch, "-/1")
    state = fight(general(bare({INF: W, "su_hq_6": T})), [INF])
    events = state.apply(ChooseLoss(unit="su_hq_6"))
    gone = [e for e in events if e.kind == "Eliminated"]
    assert [(e.unit, e.reason, e.case) for e in gone] == [
        ("su_hq_6", f"its one step lost in combat; it returns on turn {state.turn + 2}", "1.4")]


def test_7_4_the_combat_is_logged_with_each_attackers_value(monkeypatch):
    fix(monkeypatch, "-/-")
    state = fight(opening(**{INF2: W}), [INF, INF2])
    resolved = next(e for e in reversed(state.log) if e.kind == "CombatResolved")
    assert resolved.attackers == ((INF, "3", ""), (INF2, "3", ""))
    assert resolved.defenders == ((SU3, "5", ""),)


def test_11_1_a_stronger_position_replaces_the_one_held_in_the_log():
    state = general(bare({INF: W, SU3: T}))
    first = state.apply(BuildPosition(units=(INF,), posture="pdm"))
    assert [(e.unit, e.flag, e.on, e.case) for e in first if e.kind == "FlagChanged"] == [(INF, "pdm", True, "11.1")]
    state.apply(EndActivation())
    state.apply(Pass())
    state.apply(Activate())
    second = state.apply(BuildPosition(units=(INF,), posture="pdp"))  # its second activation: fatigue 1 first (3.5)
    assert [(e.unit, e.flag, e.on, e.case) for e in second if e.kind == "FlagChanged" and e.case == "11.1"] == [
        (INF, "pdm", False, "11.1"), (INF, "pdp", True, "11.1")]


def test_7_6_retreat_priorities_go_toward_the_own_map_edge_then_away_from_the_enemy():
    grid = bare({}).board.map.grid
    col = grid.row_col(T)[1]
    west = sorted(n for n in grid.ring(T, 1) if grid.row_col(n)[1] == col - 1)
    assert len(west) == 2
    enemy = next(e for e in sorted(grid.ring(T, 2)) if grid.distance(e, west[0]) != grid.distance(e, west[1]))
    far = max(west, key=lambda n: grid.distance(n, enemy))
    state = bare({INF: T, "su_hq_6": enemy})  # an HQ controls only its own hex (4.2)
    assert combat.retreat_paths(state, INF, 1) == [(T, far)]
    east = sorted(n for n in grid.ring(T, 1) if grid.row_col(n)[1] == col + 1)
    mirror = next(e for e in sorted(grid.ring(T, 2)) if grid.distance(e, east[0]) != grid.distance(e, east[1]))
    soviet = bare({SU3: T, GE_HQ: mirror}, side="soviet")
    assert combat.retreat_paths(soviet, SU3, 1) == [(T, max(east, key=lambda n: grid.distance(n, mirror)))]


def test_4_3_a_unit_owing_an_attack_is_offered_it_alone_and_the_others_only_with_it():
    state = opening(**{INF2: "2701"})
    move(state, [INF2], "2701", W)  # into the rifle division's ZoC: it owes an attack (4.3)
    groups = {a.attackers for a in legal(state, Assault) if a.types == ("normal",)}
    assert (INF2,) in groups and tuple(sorted((INF, INF2))) in groups and (INF,) not in groups


def test_7_1_artillery_left_out_of_a_mobile_or_normal_attack_its_stack_may_make():
    guns = "de_art_lanz"
    state = general(bare({INF: W, guns: W, SU3: T}, of=campaign))
    offered = legal(state, Assault)
    assert Assault(attackers=(INF,), target=T, types=("normal",)) in offered
    assert Assault(attackers=(INF,), target=T, types=("mobile",)) in offered
    assert any(a.types == ("prepared",) and guns in a.attackers for a in offered)


def test_7_6_the_attacker_advances_as_far_as_the_defender_retreated(monkeypatch):
    fix(monkeypatch, "-/2")
    state = fight(general(bare({PZ: W, SU3: T})), [PZ])
    retreat = next(a for a in legal(state, Retreat) if len(a.path) == 3)
    state.apply(retreat)
    assert state.units[SU3].hex == retreat.path[-1]
    # armour leaves the retreat route after the vacated hex (7.6), so only the length holds it
    assert max(len(a.path) - 1 for a in legal(state, Advance)) == 2


def test_7_6_a_motorised_unit_that_attacked_across_a_river_advances_one_hex_only(monkeypatch):
    fix(monkeypatch, "-/2")
    across, beyond = "1413", "1514"  # a river between them, clear terrain around the defender
    state = fight(general(bare({"pz7_6": across, SU3: beyond})), ["pz7_6"], beyond)
    state.apply(next(a for a in legal(state, Retreat) if len(a.path) == 3))
    assert {len(a.path) - 1 for a in legal(state, Advance)} == {1}
    dry = fight(general(bare({"pz7_6": W, SU3: T})), ["pz7_6"])
    dry.apply(next(a for a in legal(dry, Retreat) if len(a.path) == 3))
    assert max(len(a.path) - 1 for a in legal(dry, Advance)) == 2


def test_7_6_14_3_an_advance_in_snow_pays_a_hex_more_except_for_ski_units(monkeypatch):
    fix(monkeypatch, "-/2")
    state = fight(general(bare({PZ: W, SU3: T}, ground="snow")), [PZ])
    state.apply(next(a for a in legal(state, Retreat) if len(a.path) == 3))
    costs = combat.advance_options(state, PZ)
    two = next(p for p in costs if len(p) == 3)
    assert costs[two] == state.board.enter_cost(T, two[-1], "snow") + 1
    ski = fight(general(bare({SKI: W, INF: T}, side="soviet", ground="snow")), [SKI])
    ski.apply(next(a for a in legal(ski, Retreat) if len(a.path) == 3))
    costs = combat.advance_options(ski, SKI)
    two = next(p for p in costs if len(p) == 3)
    assert costs[two] == ski.board.enter_cost(T, two[-1], "snow")


def test_7_6_the_advance_after_combat_is_the_attackers_decision(monkeypatch):
    fix(monkeypatch, "-/3R")
    state = opening()
    state.units[SU3].step = 2  # one step left
    fight(state, [INF])
    state.apply(ChooseLoss(unit=SU3))
    decision = state.pending[-1]
    assert (decision.kind, decision.side, decision.case) == ("advance", "german", "7.6") and state.to_act == "german"


def test_1_4_support_refusals_name_the_hq_and_why(monkeypatch):
    """1.4: the attacker's support comes only from an HQ on the map taking part in the activation,
    once an activation phase."""
    fix(monkeypatch, "-/-")
    state = general(bare({GE_HQ: "2701", INF: W, INF2: W, SU3: T, SU_DIV: "2603"}))
    assert refusal(state, Assault(attackers=(INF,), target=T, types=("normal",), support=GE_HQ)) == (
        "1.4", f"{GE_HQ} does not take part in this activation, so it may not support its combats")
    assert refusal(state, Assault(attackers=(INF,), target=T, types=("normal",), support=INF2)) == (
        "1.4", f"{INF2} is not an HQ on the map")
    led = bare({GE_HQ: "2701", INF: W, INF2: W, SU3: T, SU_DIV: "2603"})
    led.apply(Activate(hq=GE_HQ))
    fight(led, [INF], kind="mobile", support=GE_HQ)
    assert refusal(led, Assault(attackers=(INF2,), target="2603", types=("mobile",), support=GE_HQ)) == (
        "1.4", f"{GE_HQ} has supported a combat in this activation phase already")


def test_7_5_the_armoured_first_loss_refusal_says_why(monkeypatch):
    fix(monkeypatch, "-/1")
    state = fight(general(bare({PZ: W, SU3: T, TANKS: T})), [PZ])
    assert refusal(state, ChooseLoss(unit=SU3)) == (
        "7.5", "with armour or anti-tank on both sides the first step comes from an armoured unit")


def test_7_6_once_one_unit_retreats_the_others_retreat_as_many_hexes(monkeypatch):
    """7.6: the retreat chosen for the first unit of the stack is the length for all of them."""
    fix(monkeypatch, "-/2")
    state = fight(opening(**{SU_DIV: T}), [INF])
    first = next(a for a in legal(state, Retreat) if a.unit == SU3)
    assert len(first.path) == 3
    state.apply(first)
    assert state.pending[-1].data["hexes"] == 2
    after = legal(state, Retreat)
    assert after and {a.unit for a in after} == {SU_DIV} and {len(a.path) for a in after} == {3}
    assert not legal(state, ChooseLoss)
    assert refusal(state, ChooseLoss(unit=SU_DIV)) == ("7.6", "the retreat has begun: the other units retreat as many hexes")
    state.apply(after[0])
    assert state.units[SU_DIV].hex == after[0].path[-1] and not any(d.kind == combat.LOSS for d in state.pending)


def test_7_6_a_unit_hemmed_in_inside_the_map_has_no_retreat_shorter_than_its_result():
    """7.6: a shorter retreat is allowed only off the edge of the play area; hemmed in on the map,
    a unit that cannot retreat the full length has no retreat at all (it takes steps)."""
    grid_state = opening()
    nbrs = grid_state.board.nbrs
    out = sorted(nbrs[T])[0]
    ring = [h for h in nbrs[T] if h != out] + [h for h in nbrs[out] if h != T and h not in nbrs[T]]
    germans = [u for u, rec in sorted(grid_state.units.items()) if rec.side == "german"
               and grid_state.board.units[u].values.kind in ("infantry", "armor")][:len(ring)]
    assert len(germans) == len(ring) and all(len(nbrs[h]) == 6 for h in [T, out])
    state = general(bare({SU3: T, **dict(zip(germans, ring))}))
    assert combat.retreat_paths(state, SU3, 1) == [(T, out)]
    assert combat.retreat_paths(state, SU3, 2) == []


def test_7_3_the_preview_checks_the_attack_type_it_is_asked_about():
    """7.3: a mobile attack comes from one stack; the preview refuses it as the attack would,
    while a normal attack from the same two hexes is previewed."""
    state = general(bare({INF: W, INF2: "2803", SU3: T}))
    assert T in state.board.nbrs["2803"]
    with pytest.raises(IllegalAction) as info:
        state.rules.combat_preview(state, [INF, INF2], T, "mobile")
    assert (info.value.case, info.value.reason) == ("7.3", "a mobile attack is made by one stack, from one hex")
    assert state.rules.combat_preview(state, [INF, INF2], T, "normal").attack == 6


def test_11_1_position_building_refusals_say_why():
    state = general(bare({INF: W, INF2: W, SU3: T}))
    assert refusal(state, BuildPosition(units=(INF, INF2), posture="fort")) == ("11.1", "a position is 'pdm' or 'pdp', not 'fort'")
    assert refusal(state, BuildPosition(units=(INF,), posture="pdp")) == (
        "11.1", f"every unit in {W} builds the position together ({', '.join(sorted([INF, INF2]))})")
    state.apply(BuildPosition(units=(INF, INF2), posture="pdm"))
    assert refusal(state, BuildPosition(units=(INF, INF2), posture="pdm")) == ("11.1", f"the units in {W} hold a PDM or better already")
    state.phase_data["activation"]["spent"][INF] = 8  # 2 OP left of 10
    assert refusal(state, BuildPosition(units=(INF, INF2), posture="pdp")) == ("11.1", f"{INF} has 2 OP left, a PDP costs it 4")


def test_7_5_a_loss_decision_takes_a_step_or_a_retreat_only(monkeypatch):
    fix(monkeypatch, "-/1")
    state = fight(opening(), [INF])
    assert refusal(state, Pass()) == ("7.5", "apply the combat result: lose a step (ChooseLoss) or retreat (Retreat)")


def test_7_4_an_attack_is_logged_with_its_attackers_target_and_defenders_as_declared():
    state = general(bare({INF: W, INF2: W, SU3: T}))
    events = state.apply(Assault(attackers=(INF, INF2), target=T, types=("normal",)))
    assert [(e.attackers, e.targets, e.defenders, e.case) for e in events if e.kind == "AttackDeclared"] == [
        ((INF, INF2), (T,), (SU3,), "7.4")]


# ----------------------------------------------------------------------------- written from the after2 sample's survivors


def test_6_6_a_prepared_attack_offers_reaction_too():
    state = general(bare({INF: W, SU3: T, SU_DIV2: "2804", "su_hq_6": "2805"}))
    state.apply(Assault(attackers=(INF,), target=T, types=("prepared",)))
    assert state.pending[-1].kind == "reaction" and state.pending[-1].case == "6.6" and state.to_act == "soviet"


def test_7_2_an_attack_names_each_attacker_once():
    state = opening(**{INF2: W})
    assert refusal(state, Assault(attackers=(INF, INF), target=T)) == ("7.2", "an attack names its attackers, each once")
    assert refusal(state, Assault(attackers=(), target=T)) == ("7.2", "an attack names its attackers, each once")


def test_7_4_1_4_the_preview_checks_the_hq_support_asked_about_like_the_attack():
    """7.4: the preview of an attack is refused as the attack would be, its HQ support (1.4) too."""
    state = general(bare({GE_HQ: "2701", INF: W, INF2: W, SU3: T, SU_DIV: "2603"}))
    with pytest.raises(IllegalAction) as info:
        state.rules.combat_preview(state, [INF], T, "normal", support={"attacker": GE_HQ})
    assert (info.value.case, info.value.reason) == ("1.4", f"{GE_HQ} does not take part in this activation, so it may not support its combats")
    assert state.rules.combat_preview(state, [INF], T, "normal").attack == 3


def test_3_5_7_6_an_advance_in_a_units_second_activation_pays_fatigue_and_can_reach_fatigue_2(monkeypatch):
    """3.5: in its second activation a unit is at Fatigue 1 (+1 OP an attack and a hex), and its
    sixth OP raises it to Fatigue 2; the OP of an advance after combat (7.6) count toward it."""
    fix(monkeypatch, "-/2")
    first = fight(general(bare({PZ: W, SU3: T})), [PZ])  # its first activation, to compare
    retreat = next(a for a in legal(first, Retreat) if len(a.path) == 3)
    first.apply(retreat)
    state = bare({PZ: W, SU3: T})
    state.turn_data["activations"] = {PZ: 1}
    fight(general(state), [PZ])
    act = state.phase_data["activation"]
    assert act["spent"][PZ] == 3 + 1 and combat.activation.fatigue(state, PZ) == 1
    state.apply(retreat)
    costs = combat.advance_options(state, PZ)
    two = next(p for p in sorted(costs) if len(p) == 3)
    assert costs[(W, T)] == 0 and costs[two] == state.board.enter_cost(T, two[-1], "frozen") + 1
    assert combat.advance_options(first, PZ)[two] == costs[two] - 1
    assert act["spent"][PZ] + costs[two] >= 6
    events = state.apply(Advance(unit=PZ, path=two))
    assert act["spent"][PZ] == 4 + costs[two] and combat.activation.fatigue(state, PZ) == 2
    assert [(e.flag, e.on, e.case) for e in events if e.kind == "FlagChanged"] == [("fatigue-1", False, "3.5"), ("fatigue-2", True, "3.5")]


def _freed(monkeypatch):
    """A stack (INF) freed by a won mobile attack (4.2c, 7.1), INF2 yet to move."""
    fix(monkeypatch, "-/1R")
    state = general(bare({INF: "2701", INF2: "2501", SU3: T}))
    move(state, [INF], "2701", W)
    fight(state, [INF], kind="mobile")
    state.apply(legal(state, Retreat)[0])
    state.apply(EndAdvance())
    assert state.phase_data["activation"]["resume"] == [INF] and any(INF in a.units for a in legal(state, Move))
    return state


def test_3_4_a_refused_action_leaves_a_stack_freed_by_a_won_mobile_attack_free_to_go_on(monkeypatch):
    """3.4: another unit's action ends the freed stack's move, but an action the rules refuse
    changes nothing: the stack may still move on, and the game replays the same."""
    state = _freed(monkeypatch)
    assert refusal(state, Move(units=(INF2,), path=("2501", "2901"))) == ("6.1", "2501 and 2901 are not adjacent")
    assert refusal(state, Assault(attackers=(INF2,), target="2604", types=("normal",)))[0] == "7.2"
    act = state.phase_data["activation"]
    assert act["resume"] == [INF] and INF not in act["moved"] and any(INF in a.units for a in legal(state, Move))
    move(state, [INF2], "2501", "2502")  # a legal action of another unit ends it
    assert act["resume"] == [] and INF in act["moved"] and not any(INF in a.units for a in legal(state, Move))


def test_7_1_an_unknown_attack_type_of_a_freed_stack_is_refused_by_its_case(monkeypatch):
    state = _freed(monkeypatch)
    case, reason = refusal(state, Assault(attackers=(INF,), target="2704", types=("bogus",)))
    assert (case, reason.split(" (")[0]) == ("7.1", "unknown attack type 'bogus'")
    assert state.phase_data["activation"]["resume"] == [INF]


# ----------------------------------------------------------------------------- refusals of the combat's decisions, whole


def test_13_1_1_4_the_air_allotment_takes_air_points_only_and_no_attacker_support():
    state = opening()
    state.turn_data["air_points"] = {"german": 3, "soviet": 1}
    state.apply(Assault(attackers=(INF,), target=T, types=("mobile",)))
    assert state.pending[-1].kind == "air" and state.to_act == "german"
    assert refusal(state, EndReaction()) == ("13.1", "put air points (0 or more) on the combat first")
    assert refusal(state, AllotAir(points=0, support=GE_HQ)) == ("1.4", "the attacker's HQ support is named with the attack")


def test_7_5_7_6_the_loss_and_the_advance_refuse_other_units_and_paths_by_case(monkeypatch):
    fix(monkeypatch, "-/3R")
    state = opening(**{INF2: "2701"})
    state.units[SU3].step = 2  # one step left
    fight(state, [INF])
    assert refusal(state, ChooseLoss(unit=INF)) == ("7.5", f"{INF} is not among the units taking this result")
    assert refusal(state, Retreat(unit=SU3, path=(T, "2704"))) == (
        "7.6", f"{SU3} retreats 3 hexes by the retreat priorities (free of enemy ZoC, cheapest terrain, toward its own map edge, away from the enemy)")
    state.apply(ChooseLoss(unit=SU3))
    assert state.pending[-1].kind == "advance"
    assert refusal(state, Advance(unit=INF2, path=("2701", W))) == ("7.6", f"{INF2} did not attack here, retreated, or has advanced already")
    assert refusal(state, Advance(unit=INF, path=(W, "2602"))) == (
        "7.6", f"{INF} may not advance along {W}-2602 (vacated hex first, the retreat route, OP, enemy ZoC, one hex for artillery or motorised units across a river)")

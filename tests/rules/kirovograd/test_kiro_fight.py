"""Combat in the game (14-18 through the game API): declaration step by step, the defender's
reserves and support, resolution in 15.5's order, the options-matrix choice, losses on the unit
records, retreats and advances as decisions of the side that takes them, the odds query."""
from __future__ import annotations

import pytest

from kharkovsuite.engine.actions import Advance, EndAdvance, EndPhase, Retreat
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.engine.events import Eliminated, Retreated
from kharkovsuite.rules.kirovograd import counters, fight, reserves
from kharkovsuite.rules.kirovograd.fight import (AddAttacker, AddSupport, AttackFought, AttackHex, ChooseResult, ConfirmAttack,
                                                 EndSupport, RetreatAlong, SpLost, StayPut, SupportDefence, WithdrawAttack)

from .kiro_helpers import GE_INF, GE_INF2, GE_MOT, GE_PZ, PLAIN, SU_ART, SU_ART2, SU_DIV, SU_DIV2, SU_HQ, SU_MECH, bare, ring

N = ring(PLAIN, 1)  # the six neighbours of the plain hex, 0 to 5
ARMY_HQ = "su-53a-hq"  # the 53rd Army's HQ: a supply source for its guns (8.1E: a gun with no line does not fire)


class Faces:
    """Dice that give ``faces`` in turn (the state's generator, for one combat's roll)."""

    def __init__(self, *faces):
        self.faces = list(faces)

    def randint(self, a, b):
        return self.faces.pop(0)


def combat_round(placed, orders, side="german", phase="combat_1_1", light="day"):
    state = bare(placed, side=side, phase=phase, light=light, orders=orders)
    return state


def declare(state, target, *attackers, support=()):
    state.apply(AttackHex(hex=target))
    for u in attackers:
        state.apply(AddAttacker(unit=u))
    for g in support:
        state.apply(AddSupport(unit=g))
    return state.apply(ConfirmAttack())


def fought(events):
    return [e for e in events if isinstance(e, AttackFought)]


def test_15_8_an_attack_declared_step_by_step_is_rolled_and_its_result_lands_on_the_records():
    """Assault (p3: 6 armour + 4) against a Soviet division (7) on defense orders, roll 10 at 3-2
    (1-1, +1 assault, -1 defense, +1 armour): D1R2; the Soviet side retreats two hexes, then the
    assaulting Germans must advance one hex (18.1A)."""
    state = combat_round({GE_PZ: N[0], GE_MOT: N[0], SU_DIV: PLAIN}, {"p3": "assault", "c48": "defense"})
    p = state.rules.combat_preview(state, [GE_PZ, GE_MOT], [PLAIN])
    assert (p.base, p.column) == ("1-1", "3-2")
    assert {s.case for s in p.shifts} == {"6.2.1", "6.2.2", "19.3"}
    declare(state, PLAIN, GE_PZ, GE_MOT)
    state.rng = Faces(5, 5)
    events = state.apply(EndPhase())
    [line] = fought(events)
    assert line.text() == f"attack on {PLAIN} at 3-2 (+1 columns): D1R2"
    assert state.units[SU_DIV].step == 1
    assert any(isinstance(e, SpLost) and e.unit == SU_DIV and e.left == 6 for e in events)
    decision = state.pending[-1]
    assert (decision.kind, state.to_act, decision.data["hexes"]) == (fight.RETREAT, "soviet", 2)
    legal = list(state.legal_actions().actions())
    assert legal and all(isinstance(a, Retreat) and len(a.path) == 2 for a in legal)
    events = state.apply(legal[0])
    assert any(isinstance(e, Retreated) for e in events) and state.units[SU_DIV].hex == legal[0].path[-1]
    assert state.board.distance(state.units[SU_DIV].hex, N[0]) == 3  # 17.1B: as far as it can from the attackers
    assert (state.pending[-1].kind, state.to_act) == (fight.ADVANCE, "german")
    with pytest.raises(IllegalAction, match="^18.1A"):
        state.apply(EndAdvance())
    assert EndAdvance() not in state.legal_actions().actions()
    with pytest.raises(IllegalAction, match="^18.0A"):
        state.apply(Advance(unit=GE_PZ, path=(N[0], PLAIN, legal[0].path[0])))  # 18.1A: one hex, no further
    state.apply(Advance(unit=GE_PZ, path=(N[0], PLAIN)))
    assert state.units[GE_PZ].hex == PLAIN
    assert Advance(unit=GE_MOT, path=(N[0], PLAIN)) in state.legal_actions().actions()  # 18.6: room for it too
    state.apply(EndAdvance())  # one unit advanced: the rest may stay
    assert not state.pending and state.phase.id == "move_1_2"


def test_17_1b_a_retreat_off_the_best_paths_is_refused():
    state = combat_round({GE_PZ: N[0], GE_MOT: N[0], SU_DIV: PLAIN}, {"p3": "assault", "c48": "defense"})
    declare(state, PLAIN, GE_PZ, GE_MOT)
    state.rng = Faces(5, 5)
    state.apply(EndPhase())
    toward = (N[1], ring(PLAIN, 2)[2])  # sideways along the front, not away from the attackers
    assert Retreat(unit=SU_DIV, path=toward) not in state.legal_actions().actions()
    with pytest.raises(IllegalAction, match="^17.1B"):
        state.apply(Retreat(unit=SU_DIV, path=toward))


def test_15_9_the_optional_result_is_the_choice_of_the_side_the_matrix_gives():
    """Mobile against mobile ('OO/**'): the German attacker may take an A1 as one SP or one hex."""
    state = combat_round({GE_INF: N[0], SU_DIV: PLAIN}, {"k47": "mobile", "c48": "mobile"})
    declare(state, PLAIN, GE_INF)
    state.rng = Faces(1, 1)  # roll 2: A2 underlined at the low columns, A1 from 3-1 up; 3 against 7 is 1-3
    events = state.apply(EndPhase())
    [line] = fought(events)
    assert line.result == "A2"  # underlined: no choice (15.9A)
    assert not state.pending or state.pending[-1].kind != fight.OPTION

    state = combat_round({GE_INF: N[0], SU_DIV: PLAIN}, {"k47": "mobile", "c48": "mobile"})
    declare(state, PLAIN, GE_INF)
    state.rng = Faces(2, 2)  # roll 4 at 1-3: A1
    state.apply(EndPhase())
    decision = state.pending[-1]
    assert (decision.kind, state.to_act) == (fight.OPTION, "german")
    assert sorted(state.legal_actions().actions(), key=str) == [ChooseResult(loss=0, retreat=1), ChooseResult(loss=1, retreat=0)]
    with pytest.raises(IllegalAction, match="^15.9"):
        state.apply(ChooseResult(loss=0, retreat=0))
    state.apply(ChooseResult(loss=0, retreat=1))
    assert state.units[GE_INF].step == 0
    assert (state.pending[-1].kind, state.to_act) == (fight.RETREAT, "german")


def test_14_1c_every_hex_whose_zoc_reaches_the_attackers_must_be_attacked_before_the_round_ends():
    state = combat_round({GE_INF: PLAIN, GE_INF2: PLAIN, SU_DIV: N[0], SU_DIV2: N[2]}, {"k47": "mobile", "d320": "mobile", "c48": "mobile"})
    declare(state, N[0], GE_INF)
    assert EndPhase() not in state.legal_actions().actions()
    with pytest.raises(IllegalAction, match="^14.1C"):
        state.apply(EndPhase())
    assert WithdrawAttack(index=0) in state.legal_actions().actions()
    declare(state, N[2], GE_INF2)
    assert EndPhase() in state.legal_actions().actions()
    with pytest.raises(IllegalAction, match="^15.1A"):
        state.apply(WithdrawAttack(index=0))  # the duty is met: declared attacks stand


def test_14_1c_a_withdrawn_attack_lifts_the_duty():
    state = combat_round({GE_INF: PLAIN, SU_DIV: N[0], SU_DIV2: N[2]}, {"k47": "mobile", "c48": "mobile"})
    declare(state, N[0], GE_INF)
    state.apply(WithdrawAttack(index=0))
    assert EndPhase() in state.legal_actions().actions()
    assert AddAttacker(unit=GE_INF) not in state.legal_actions().actions()  # no draft open
    state.apply(AttackHex(hex=N[2]))
    assert AddAttacker(unit=GE_INF) in state.legal_actions().actions()  # 14.3E: free to attack again


def test_14_3e_a_unit_attacks_once_a_round():
    state = combat_round({GE_INF: PLAIN, GE_INF2: PLAIN, SU_DIV: N[0], SU_DIV2: N[2]}, {"k47": "mobile", "d320": "mobile", "c48": "mobile"})
    declare(state, N[0], GE_INF)
    state.apply(AttackHex(hex=N[2]))
    assert AddAttacker(unit=GE_INF) not in state.legal_actions().actions()
    with pytest.raises(IllegalAction, match="^14.3E"):
        state.apply(AddAttacker(unit=GE_INF))


def test_14_3d_units_under_other_orders_attack_separately():
    state = combat_round({GE_INF: N[0], GE_INF2: N[0], SU_DIV: PLAIN}, {"k47": "mobile", "d320": "assault", "c48": "mobile"})
    state.apply(AttackHex(hex=PLAIN))
    state.apply(AddAttacker(unit=GE_INF))
    assert AddAttacker(unit=GE_INF2) not in state.legal_actions().actions()
    with pytest.raises(IllegalAction, match="^14.3D"):
        state.apply(AddAttacker(unit=GE_INF2))


def test_14_2e_a_bracketed_unit_never_attacks():
    at = "de-14p-pzjg"
    state = combat_round({at: N[0], SU_DIV: PLAIN}, {"p14": "mobile", "c48": "mobile"})
    with pytest.raises(IllegalAction, match="^14.2E"):
        state.rules.combat_preview(state, [at], [PLAIN])
    assert AttackHex(hex=PLAIN) not in state.legal_actions().actions()


def test_6_2_5a_pursuit_attacks_only_in_the_first_round_and_6_2_3a_mobile_in_one_of_the_two():
    state = combat_round({GE_INF: N[0], SU_DIV: PLAIN}, {"k47": "pursuit", "c48": "mobile"}, phase="combat_1_2")
    with pytest.raises(IllegalAction, match="^6.2.5A"):
        state.rules.combat_preview(state, [GE_INF], [PLAIN])
    state = combat_round({GE_INF: N[0], SU_DIV: PLAIN}, {"k47": "mobile", "c48": "mobile"}, phase="combat_1_2")
    state.rules.combat_preview(state, [GE_INF], [PLAIN])
    state.turn_data["attacked"] = {GE_INF: 1}
    with pytest.raises(IllegalAction, match="^6.2.3A"):
        state.rules.combat_preview(state, [GE_INF], [PLAIN])


def test_15_5a_attacks_are_resolved_assault_first_whatever_the_order_declared():
    far = ring(PLAIN, 3)[0]
    state = combat_round({GE_INF: N[0], SU_DIV: PLAIN, GE_MOT: ring(far, 1)[0], SU_DIV2: far},
                         {"k47": "mobile", "p3": "assault", "c48": "defense"})
    declare(state, PLAIN, GE_INF)
    declare(state, far, GE_MOT)
    state.rng = Faces(3, 3, 3, 3)
    events = state.apply(EndPhase())
    order = [e.targets for e in fought(events)]
    while state.pending:  # play the decisions out; the second attack follows the first
        legal = list(state.legal_actions().actions())
        events = state.apply(legal[0])
        order += [e.targets for e in fought(events)]
    assert order == [(far,), (PLAIN,)]


def test_12_3_2a_the_defender_may_commit_reserves_once_the_attacks_are_declared():
    state = combat_round({GE_INF: N[0], SU_DIV: PLAIN, SU_MECH: ring(PLAIN, 2)[3]}, {"k47": "mobile", "c48": "mobile", "m5g": "mobile"})
    state.set_flag(SU_MECH, counters.RESERVE)
    declare(state, PLAIN, GE_INF)
    assert not state.pending
    state.apply(EndPhase())
    assert (state.pending[-1].kind, state.to_act) == (reserves.DECISION, "soviet")


def test_12_2e_a_reserve_attacked_by_adjacent_ground_units_is_committed():
    state = combat_round({GE_INF: N[0], SU_MECH: PLAIN}, {"k47": "mobile", "m5g": "mobile"})
    state.set_flag(SU_MECH, counters.RESERVE)
    declare(state, PLAIN, GE_INF)
    assert not counters.has(state, SU_MECH, counters.RESERVE)


def test_15_3_the_defender_adds_its_artillery_and_it_costs_a_supply_point():
    state = combat_round({GE_INF: N[0], SU_DIV: PLAIN, SU_ART: ring(PLAIN, 2)[3], ARMY_HQ: ring(PLAIN, 2)[3]},
                         {"k47": "mobile", "c48": "defense", "a53": "defense"})  # the HQ: the gun's supply line (8.1E)
    declare(state, PLAIN, GE_INF)
    before = state.game["supply"]["soviet"]
    state.apply(EndPhase())
    assert (state.pending[-1].kind, state.to_act) == (fight.SUPPORT, "soviet")
    assert SupportDefence(unit=SU_ART, attack=0) in state.legal_actions().actions()
    state.rng = Faces(3, 4)
    state.apply(SupportDefence(unit=SU_ART, attack=0))
    assert state.game["supply"]["soviet"] == before - 1  # 21.3
    with pytest.raises(IllegalAction, match="^14.3E"):
        state.apply(SupportDefence(unit=SU_ART, attack=0))
    events = state.apply(EndSupport())
    [line] = fought(events)
    resolved = next(e for e in events if e.kind == "CombatResolved")
    assert SU_ART in [d[0] for d in resolved.defenders] and resolved.defense == "10"  # 7 + the gun's defence 3


def test_21_1_a_gun_adds_its_barrage_to_an_attack_in_range():
    """A Soviet army gun (barrage 8, range 6) supports a division of its army on assault orders."""
    orders = {"c48": "assault", "a53": "assault", "k47": "mobile"}
    state = combat_round({SU_DIV: N[0], SU_ART: ring(PLAIN, 5)[0], ARMY_HQ: ring(PLAIN, 5)[0], GE_INF: PLAIN}, orders, side="soviet")
    p = state.rules.combat_preview(state, [SU_DIV], [PLAIN], guns=[SU_ART])
    assert p.attack == 15  # 7 + the barrage 8
    state.apply(AttackHex(hex=PLAIN))
    state.apply(AddAttacker(unit=SU_DIV))
    assert AddSupport(unit=SU_ART) in state.legal_actions().actions()
    before = state.game["supply"]["soviet"]
    state.apply(AddSupport(unit=SU_ART))
    state.apply(ConfirmAttack())
    assert state.game["supply"]["soviet"] == before - 1  # 21.3
    far = combat_round({SU_DIV: N[0], SU_ART: ring(PLAIN, 7)[0], GE_INF: PLAIN}, orders, side="soviet")
    with pytest.raises(IllegalAction, match="^21.1"):
        far.rules.combat_preview(far, [SU_DIV], [PLAIN], guns=[SU_ART])
    mobile = combat_round({SU_DIV: N[0], SU_ART: ring(PLAIN, 5)[0], GE_INF: PLAIN}, {**orders, "c48": "mobile"}, side="soviet")
    with pytest.raises(IllegalAction, match="^6.2.3"):
        mobile.rules.combat_preview(mobile, [SU_DIV], [PLAIN], guns=[SU_ART])  # 6.2.3B: no Soviet artillery on mobile orders


def test_16_0e_a_unit_that_loses_its_last_sp_is_eliminated():
    recon = "de-3p-rec"  # 2 SP
    state = combat_round({GE_PZ: N[0], GE_MOT: N[1], SU_DIV: PLAIN}, {"p3": "mobile", "c48": "mobile"})
    state.units[SU_DIV].step = 6  # one SP left
    declare(state, PLAIN, GE_PZ, GE_MOT)
    state.rng = Faces(6, 6)
    events = state.apply(EndPhase())
    assert any(isinstance(e, Eliminated) and e.unit == SU_DIV for e in events)
    assert state.units[SU_DIV].hex is None and state.units[SU_DIV].box == "eliminated"
    assert recon  # the recon battalion stays out of this fight


def test_events_of_a_fought_round_read_as_words_not_reprs():
    state = combat_round({GE_PZ: N[0], GE_MOT: N[0], SU_DIV: PLAIN}, {"p3": "assault", "c48": "defense"})
    events = declare(state, PLAIN, GE_PZ, GE_MOT)
    state.rng = Faces(5, 5)
    events += state.apply(EndPhase())
    for e in events:
        assert not e.text().startswith(type(e).__name__ + "("), e.text()


def test_17_3b_c_overstacked_units_do_not_fight_and_die_when_their_hex_retreats():
    state = combat_round({GE_PZ: N[0], GE_MOT: N[0], SU_DIV: PLAIN, SU_DIV2: PLAIN}, {"p3": "assault", "c48": "defense"})
    state.set_flag(SU_DIV2, fight.OVERSTACKED)
    assert state.rules.combat_preview(state, [GE_PZ, GE_MOT], [PLAIN]).defense == 7  # 17.3C: only SU_DIV defends
    declare(state, PLAIN, GE_PZ, GE_MOT)
    state.rng = Faces(5, 5)  # D1R2 at 3-2
    events = state.apply(EndPhase())
    assert any(isinstance(e, Eliminated) and e.unit == SU_DIV2 and e.case == "17.3B" for e in events)
    assert state.pending[-1].data["units"] == [SU_DIV]


def test_21_3_two_guns_of_one_attack_need_a_point_each_on_their_track():
    orders = {"c48": "assault", "a53": "assault", "k47": "mobile"}
    state = combat_round({SU_DIV: N[0], SU_ART: ring(PLAIN, 5)[0], SU_ART2: ring(PLAIN, 4)[0], ARMY_HQ: ring(PLAIN, 4)[0], GE_INF: PLAIN},
                         orders, side="soviet")
    state.game["supply"]["soviet"] = 1
    state.apply(AttackHex(hex=PLAIN))
    state.apply(AddAttacker(unit=SU_DIV))
    state.apply(AddSupport(unit=SU_ART))
    assert AddSupport(unit=SU_ART2) not in state.legal_actions().actions()
    with pytest.raises(IllegalAction, match="^21.3"):
        state.apply(AddSupport(unit=SU_ART2))
    state.apply(ConfirmAttack())
    assert state.game["supply"]["soviet"] == 0


def test_17_7_an_hq_next_to_a_retreating_unit_may_go_along_keeping_its_place():
    state = combat_round({GE_PZ: N[0], GE_MOT: N[0], SU_DIV: PLAIN, SU_HQ: N[2]}, {"p3": "assault", "c48": "defense"})
    declare(state, PLAIN, GE_PZ, GE_MOT)
    state.rng = Faces(5, 5)  # D1R2 at 3-2
    state.apply(EndPhase())
    state.apply(EndSupport())  # the HQ could support the defence (15.3); it does not
    retreat = state.legal_actions().actions()[0]
    state.apply(retreat)
    decision = state.pending[-1]
    assert (decision.kind, state.to_act) == (fight.ALONG, "soviet")
    assert list(state.legal_actions().actions()) == [RetreatAlong(unit=SU_HQ), StayPut()]
    grid = state.board.grid
    offset = grid.hex_of(N[2]) - grid.hex_of(PLAIN)
    state.apply(RetreatAlong(unit=SU_HQ))
    assert state.units[SU_HQ].hex == grid.hex_id(grid.hex_of(retreat.path[-1]) + offset)  # 17.7C


def test_17_7b_an_hq_that_supported_this_round_stays():
    state = combat_round({GE_PZ: N[0], GE_MOT: N[0], SU_DIV: PLAIN, SU_HQ: N[2]}, {"p3": "assault", "c48": "defense"})
    declare(state, PLAIN, GE_PZ, GE_MOT)
    state.apply(EndPhase())
    assert state.pending[-1].kind == fight.SUPPORT
    state.apply(SupportDefence(unit=SU_HQ, attack=0))
    state.rng = Faces(6, 6)
    state.apply(EndSupport())
    while state.pending and state.pending[-1].kind in (fight.OPTION, fight.LOSSES):
        state.apply(state.legal_actions().actions()[0])
    assert state.pending[-1].kind == fight.RETREAT
    state.apply(state.legal_actions().actions()[0])
    assert not state.pending or state.pending[-1].kind != fight.ALONG


def test_6_2_1a_a_formation_on_assault_orders_attacks_each_round_when_it_can():
    state = combat_round({GE_PZ: N[0], SU_DIV: PLAIN}, {"p3": "assault", "c48": "mobile"})
    assert EndPhase() not in state.legal_actions().actions()
    with pytest.raises(IllegalAction, match="^6.2.1A"):
        state.apply(EndPhase())
    declare(state, PLAIN, GE_PZ)
    assert EndPhase() in state.legal_actions().actions()
    mobile = combat_round({GE_PZ: N[0], SU_DIV: PLAIN}, {"p3": "mobile", "c48": "mobile"})
    assert EndPhase() in mobile.legal_actions().actions()  # 14.1A: otherwise attacking is a choice

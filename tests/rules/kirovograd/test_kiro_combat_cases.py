"""Combat (14-22) in play: cases the first mutation sample of the combat half found unpinned
(docs/mutation.md, "Kirovograd combat half")."""
from __future__ import annotations

from fractions import Fraction

import pytest

from kharkovsuite.engine.actions import EndPhase
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kirovograd import combat, fight
from kharkovsuite.rules.kirovograd.fight import AddAttacker, AddSupport, AttackHex, ConfirmAttack, SupportDefence

from .kiro_helpers import GE_INF, PLAIN, SU_DIV, SU_HQ, bare, ring

N = ring(PLAIN, 1)
ARMY_HQ = "su-53a-hq"  # a Soviet Army HQ (2.2.4: a higher HQ)


def preview_refused(state, case: str, *args, **kw) -> IllegalAction:
    with pytest.raises(IllegalAction) as e:
        state.rules.combat_preview(state, *args, **kw)
    assert e.value.case == case, str(e.value)
    return e.value


def test_22_7a_the_odds_of_an_attack_refuse_a_higher_hq_s_support():
    orders = {"c48": "assault", "a53": "assault", "k47": "mobile"}
    state = bare({SU_DIV: N[0], ARMY_HQ: N[0], GE_INF: PLAIN}, side="soviet", phase="combat_1_1", orders=orders)
    e = preview_refused(state, "22.7A", [SU_DIV], [PLAIN], hqs=[ARMY_HQ])
    assert e.reason == f"{ARMY_HQ} is a Korps or Army HQ and supports no units"
    with_own = bare({SU_DIV: N[0], SU_HQ: N[0], GE_INF: PLAIN}, side="soviet", phase="combat_1_1", orders=orders)
    alone = with_own.rules.combat_preview(with_own, [SU_DIV], [PLAIN])
    supported = with_own.rules.combat_preview(with_own, [SU_DIV], [PLAIN], hqs=[SU_HQ])
    assert supported.attack > alone.attack  # 22.2C: the formation HQ adds its strength


def test_15_8b_the_odds_say_what_a_roll_below_the_lowest_column_takes_off():
    p = combat.Preview(Fraction(1), Fraction(9), "1-5", (), "1-5", -1, False, {})
    assert p.describe()[-1] == "final column 1-5, -1 to the roll (15.8B)"
    level = combat.Preview(Fraction(2), Fraction(1), "2-1", (), "2-1", 0, False, {})
    assert level.describe()[-1] == "final column 2-1"


def test_15_4a_after_striking_dummies_an_advance_may_end_in_a_locking_zoc_but_not_go_through_it():
    from .test_kiro_fight import declare
    from .test_kiro_fog import _looking_the_same

    state = _looking_the_same(False, "combat_1_1", N[0])
    beyond = next(n for n in state.board.nbrs[N[0]] if state.board.distance(n, PLAIN) == 2)
    state.place("su-48-213", beyond)  # a rifle division: a Locking ZOC over the dummy's hex
    state.cache.clear()
    declare(state, N[0], "de-3p-6")
    options = [a.path for a in state.legal_actions().actions() if type(a).__name__ == "Advance"]
    assert (PLAIN, N[0]) in options
    assert not [p for p in options if p[1] == N[0] and len(p) > 2]
    assert [p for p in options if p[1] != N[0] and len(p) == 3]  # two hexes where no Locking ZOC stops it


def _support_offer(state) -> set[str]:
    return {a.unit for a in state.legal_actions().actions() if isinstance(a, SupportDefence)}


def _attacked_by_germans(placed: dict, orders: dict):
    from .test_kiro_fight import declare

    state = bare({GE_INF: N[0], SU_DIV: PLAIN, **placed}, side="german", phase="combat_1_1",
                 orders={"k47": "mobile", "c48": "defense", **orders})
    declare(state, PLAIN, GE_INF)
    state.apply(EndPhase())
    return state


def test_21_4_2_a_gun_whose_formation_is_gone_supports_another_formation_s_defence():
    """The 5th Guards Army's gun (army troops of a5g) may not support the 48th Rifle Corps of the
    53rd Army (21.4A) while another unit of its own formation is on the map; once none is, it may
    (21.4.2)."""
    gun, other_gun = "su-5ga-l", "su-5ga-r"
    orders = {"a5g": "defense", "a53": "defense"}
    alone = _attacked_by_germans({gun: ring(PLAIN, 2)[3], ARMY_HQ: ring(PLAIN, 2)[3]}, orders)  # the HQ: its supply line (8.1E)
    assert gun in _support_offer(alone)
    kept = _attacked_by_germans({gun: ring(PLAIN, 2)[3], ARMY_HQ: ring(PLAIN, 2)[3], other_gun: ring(PLAIN, 8)[0]}, orders)
    assert gun not in _support_offer(kept)
    assert fight.defence_refusal(kept, fight._record(kept), gun, 0)[0] == "21.4A"


def test_22_2a_an_hq_attacked_in_its_own_hex_supports_that_hex():
    state = _attacked_by_germans({SU_HQ: PLAIN}, {})
    assert SU_HQ in _support_offer(state)
    state.apply(SupportDefence(unit=SU_HQ, attack=0))
    assert state.phase_data["fight"]["dhq"][SU_HQ] == PLAIN


def test_22_0_a_formation_hq_in_reach_is_offered_as_support_of_an_attack_a_higher_hq_is_not():
    state = bare({SU_DIV: N[0], SU_HQ: N[0], ARMY_HQ: N[0], GE_INF: PLAIN}, side="soviet", phase="combat_1_1",
                 orders={"c48": "assault", "a53": "assault", "k47": "mobile"})
    state.apply(AttackHex(hex=PLAIN))
    state.apply(AddAttacker(unit=SU_DIV))
    offered = {a.unit for a in state.legal_actions().actions() if isinstance(a, AddSupport)}
    assert SU_HQ in offered and ARMY_HQ not in offered


def retreat_through_zoc_declared():
    """Two panzer units at N[0] declared against the Soviet division at PLAIN (3-2, assault against
    defence), with two German infantry regiments two hexes out, so that every hex next to PLAIN lies
    in a German ZOC; the combat phase's declarations are made, the roll not yet."""
    from .test_kiro_fight import declare

    probe = bare({})
    ring2 = ring(PLAIN, 2)

    def corner(a, b):
        return next(h for h in ring2 if a in probe.board.nbrs[h] and b in probe.board.nbrs[h])

    state = bare({"de-3p-6": N[0], "de-3p-394": N[0], SU_DIV: PLAIN, "de-320-585": corner(N[2], N[3]),
                  "de-320-586": corner(N[3], N[4])}, phase="combat_1_1", orders={"p3": "assault", "c48": "defense"})
    declare(state, PLAIN, "de-3p-6", "de-3p-394")
    return state


def test_17_2a_a_unit_retreating_out_of_an_enemy_zoc_hex_loses_one_sp():
    """D1R2 at 3-2 (as 15.8's test): the Soviet division must retreat two hexes from PLAIN, and
    every hex next to PLAIN lies in a German ZOC (the attackers' at N[0], two infantry regiments
    two hexes out), so whichever retreat it takes, leaving its first hex costs one SP."""
    from .test_kiro_fight import Faces

    state = retreat_through_zoc_declared()
    state.rng = Faces(5, 5)
    state.apply(EndPhase())
    decision = state.pending[-1]
    assert (decision.kind, decision.data["units"], decision.data["hexes"]) == (fight.RETREAT, [SU_DIV], 2)
    options = fight.retreat_options(state, decision, SU_DIV)
    assert options and all(r.zoc_losses == 1 for r in options)
    before = state.units[SU_DIV].step
    events = state.apply(state.legal_actions().actions()[0])
    assert [(e.unit, e.lost, e.case) for e in events if isinstance(e, fight.SpLost)] == [(SU_DIV, 1, "17.2A")]
    assert state.units[SU_DIV].step == before + 1


def test_21_8b_a_gun_stacked_with_attacking_units_fires_only_at_their_target():
    orders = {"c48": "assault", "a53": "assault", "k47": "mobile"}
    board = bare({}).board
    far = next(h for h in ring(PLAIN, 3) if 3 <= board.distance(h, N[0]) <= 4)
    other_gun = next(h for h in ring(PLAIN, 4) if 2 <= board.distance(h, far) <= 5)  # makes ``far`` a target
    gun = "su-53a-90hh"
    state = bare({SU_DIV: N[0], gun: N[0], ARMY_HQ: N[0], "su-53a-g": other_gun, SU_HQ: other_gun, GE_INF: PLAIN, "de-320-585": far},
                 side="soviet", phase="combat_1_1", orders=orders)  # the HQs: the guns' supply lines (8.1E)
    state.apply(AttackHex(hex=PLAIN))
    state.apply(AddAttacker(unit=SU_DIV))
    assert AddSupport(unit=gun) in state.legal_actions().actions()  # at its stack's own target
    state.apply(ConfirmAttack())
    state.apply(AttackHex(hex=far))
    assert AddSupport(unit=gun) not in state.legal_actions().actions()
    with pytest.raises(IllegalAction) as e:
        state.apply(AddSupport(unit=gun))
    assert (e.value.case, e.value.reason) == ("21.8B", f"{gun} is stacked with units attacking {PLAIN} and fires only there")


def test_17_2b_the_retreat_board_says_whether_a_zoc_comes_with_an_anti_tank_ability():
    """17.2B, 19.2: armour ignores a ZOC of units without an anti-tank ability; the board tells
    which by the units that exert the ZOC (the enemy's, not the mover's own)."""
    from kharkovsuite.rules.kirovograd.boardview import StateBoard

    infantry = bare({GE_INF: N[0], "su-5gm-24": PLAIN})
    assert StateBoard(infantry, armored=True).zoc(PLAIN, "soviet").antitank is False
    armour = bare({"de-3p-6": N[0], SU_DIV: N[3]})
    assert StateBoard(armour, armored=False).zoc(PLAIN, "soviet").antitank is True


def test_15_1a_once_14_1c_s_duty_is_met_declared_attacks_stand_and_the_refusal_says_so():
    from kharkovsuite.rules.kirovograd.fight import WithdrawAttack

    from .test_kiro_fight import declare

    state = bare({GE_INF: PLAIN, "de-320-585": PLAIN, SU_DIV: N[0], "su-48-213": N[2]}, phase="combat_1_1",
                 orders={"k47": "mobile", "d320": "mobile", "c48": "mobile"})
    declare(state, N[0], GE_INF)
    declare(state, N[2], "de-320-585")
    with pytest.raises(IllegalAction) as e:
        state.apply(WithdrawAttack(index=0))
    assert (e.value.case, e.value.reason) == ("15.1A", "declared attacks stand once 14.1C's duty is met")


def test_17_1b_of_retreats_equal_by_the_other_priorities_those_nearest_the_formation_hq_are_offered():
    """Attacked from N[0], the division's one-hex retreats farthest from the attacker are N[2], N[3]
    and N[4] (none in a ZOC, none occupied); with its corps HQ next to N[2] only N[2] is left."""
    from kharkovsuite.engine.state import Decision

    dec = Decision(fight.RETREAT, "soviet", "17.1", {"units": [SU_DIV], "hexes": 1, "fought": [N[0]], "held": []})
    alone = bare({GE_INF: N[0], SU_DIV: PLAIN}, phase="combat_1_1")
    assert sorted(r.path for r in fight.retreat_options(alone, dec, SU_DIV)) == sorted([(N[2],), (N[3],), (N[4],)])
    near_n2 = next(h for h in ring(PLAIN, 2) if N[1] in alone.board.nbrs[h] and N[2] in alone.board.nbrs[h])
    with_hq = bare({GE_INF: N[0], SU_DIV: PLAIN, SU_HQ: near_n2}, phase="combat_1_1")
    assert [r.path for r in fight.retreat_options(with_hq, dec, SU_DIV)] == [(N[2],)]

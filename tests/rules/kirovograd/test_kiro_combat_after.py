"""Combat half (15-25): cases the survivors of the combat half's samples showed unpinned
(docs/mutation.md, "Kirovograd combat half"), each named by its rule case."""
from __future__ import annotations

import pytest

from kharkovsuite.engine.actions import Advance, EndPhase, Move
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kirovograd import advance, artillery, fight, reinforcements, replacements, retreat, sequence, zoc
from kharkovsuite.rules.kirovograd.fight import AddAttacker, AddSupport, AttackHex, ChooseResult, WithdrawAttack
from kharkovsuite.rules.kirovograd.combat import Cover, defense_strength, preview, resolve
from kharkovsuite.rules.kirovograd.fog import MoveStopped

from .kiro2_helpers import battle, crt, data, dice, unit
from .kiro_helpers import GE_ART, GE_HQ, GE_INF, GE_MOT, GE_PZ, PLAIN, SU_DIV, SU_DIV2, SU_HQ, SU_TANK, bare, ring

N = ring(PLAIN, 1)


# ----------------------------------------------------------------------------- pure rules


def test_21_10_defending_artillery_is_halved_at_night_and_in_fog():
    ground, gun = unit("d", "soviet", 4), unit("g", "soviet", 4, kind="artillery", role="artillery")
    assert defense_strength(battle([unit("a", strength=6)], [ground, gun])) == 8
    assert defense_strength(battle([unit("a", strength=6)], [ground, gun], light="night")) == 6
    assert defense_strength(battle([unit("a", strength=6)], [ground, gun], fog=True)) == 6


def test_15_10_doubled_losses_keep_the_retreat_of_the_result():
    """4-1 on a 6 is A1/D1R1 (15.8's example); with 20 SP or more on both sides the losses double
    and the defender still retreats one hex."""
    assert crt().read("4-1", 6).text == "A1/D1R1"
    big = battle([unit("a", strength=80)], [unit("d", "soviet", 20)])
    r = resolve(big, data(), crt(), dice(2, 4))
    assert (r.result.attacker.loss, r.result.defender.loss, r.result.defender.retreat) == (2, 2, 1)
    assert r.result.text == "A2/D2R1"


def test_20_0b_c_engineers_cancel_no_other_terrain_shift():
    """Engineers attacking a town across a river: neither the town's shift nor the river's is one
    they cancel (only a city's or a fortified hexside's)."""
    eng = [unit("e", "soviet", 3, kind="engineer", hex="A"), unit("a", "soviet", 3, hex="A")]
    b = battle(eng, [unit("d", "german", 2)], covers={"T": Cover("town", rivers=frozenset({"r"}))})
    shifts = preview(b, data(), crt()).shifts
    assert sorted((s.case, s.amount) for s in shifts if s.case in ("15.7B", "10.1B", "20.0B-C")) == [("10.1B", -1), ("15.7B", -1)]


def test_18_2b_an_advance_after_eliminating_the_defenders_is_allowed_by_18_2b():
    assert advance.allowance("mobile", 0, vacated=True, eliminated=True, unabsorbed=2) == advance.Allowance(0, 2, "18.2B")
    assert advance.allowance("mobile", 2, vacated=True) == advance.Allowance(0, 2, "18.2A")


def test_17_7a_a_companion_not_next_to_the_retreating_unit_is_refused_by_17_7a():
    with pytest.raises(IllegalAction) as e:
        retreat.check_companion("hq", supported=False, travelling=False, soviet_zero_ma=False, adjacent=False)
    assert (e.value.case, e.value.reason) == ("17.7A", "the HQ or artillery must be next to the retreating unit")


def test_19_1_21_11a_german_armoured_artillery_fights_as_armour():
    gun = artillery.Gun("g", "german", "p3", "armored_artillery", "0618", 3, 6, 4, armored=True)
    f = artillery.fighter(gun, artillery.SupportTask("barrage", 1, "p3", "mobile"))
    assert (f.armored, f.antitank, f.adjacent, f.role) == (True, True, True, "artillery")
    towed = artillery.fighter(artillery.Gun("t", "german", "p3", "artillery", "0618", 3, 6, 4),
                              artillery.SupportTask("barrage", 1, "p3", "mobile"))
    assert not towed.armored


# ----------------------------------------------------------------------------- reinforcements (24)


def test_24_3_a_tank_corps_with_motorized_units_is_an_armour_formation():
    assert sorted(reinforcements.armour_formations(bare({}))) == ["m5g", "m7", "m8", "t18", "t29"]


def test_24_6b_a_crossed_line_with_no_arrivals_record_moves_nothing_forward():
    state = bare({})
    state.game.pop("arrivals", None)
    state.game["line_crossed"] = True
    reinforcements.check_viking(state)
    assert "arrivals" not in state.game


def test_24_2_with_no_entry_hex_open_at_all_the_refusal_says_none_is(monkeypatch):
    state = bare({"de-47k-hk": "0618"})
    state.game["arrivals"] = {"bn905": {"turn": 1, "roll": 3, "units": ["de-47k-905"]}}
    monkeypatch.setattr(reinforcements, "entry_options", lambda _state, _unit: ([], "24.2"))
    with pytest.raises(IllegalAction) as e:
        state.apply(Move(units=("de-47k-905",), path=("1901",)))
    assert (e.value.case, e.value.reason) == ("24.2", "1901 is not an open entry hex of these units (none)")
    assert reinforcements.entry_hexes(state.board.map, "entry-west", lambda h: True) == ([], "24.2")


# ----------------------------------------------------------------------------- replacements (25)


def test_25_1b_german_zocs_alone_cut_kirovograd_s_line_to_the_east_edge():
    """German infantry on every other hex three hexes out from Kirovograd's centre: the hexes
    between are free of German units, so only their ZOC cuts the line (no points)."""
    probe = bare({}, turn=11)
    infantry = [u for u, i in probe.board.units.items() if i.side == "german" and i.kind == "infantry" and not i.is_hq]
    band = ring("3819", 3)
    held = band[::2]
    state = bare({**dict(zip(infantry, held)), "su-48-14g": "3819"}, turn=11)
    gaps = [h for h in band if h not in held]
    german_zoc = zoc.zoc_of(state, "german")
    assert all(h in german_zoc for h in gaps)
    assert replacements.receive(state) == 0
    assert state.game.get("replacement_points", 0) == 0
    open_ = bare({infantry[0]: held[0], "su-48-14g": "3819"}, turn=11)
    assert replacements.receive(open_) == 10


# ----------------------------------------------------------------------------- the combat round (14-18)


def _fight():
    from . import test_kiro_fight

    return test_kiro_fight


def test_15_3_a_unit_that_is_no_gun_or_hq_and_an_attack_not_declared_are_refused_by_15_3():
    from .test_kiro_combat_cases import _attacked_by_germans

    state = _attacked_by_germans({"su-48-213": ring("0618", 2)[3]}, {})
    f = fight._record(state)
    assert fight.defence_refusal(state, f, "su-48-213", 0) == (
        "15.3", "su-48-213 is not a gun or formation HQ of the defender able to support 0618")
    assert fight.defence_refusal(state, f, "su-48-hq", 3) == ("15.3", "there is no declared attack 3")


def test_15_2b_the_reorganising_decision_names_its_case():
    from .test_kiro_reorganise import BEHIND, commit, declared

    state = declared()
    commit(state, (BEHIND, N[3], PLAIN))
    decision = state.pending[-1]
    assert (decision.kind, decision.case) == (fight.REORGANISE, "15.2B")


def test_15_9_the_result_chosen_is_logged_with_its_loss_and_retreat():
    t = _fight()
    state = t.combat_round({GE_INF: N[0], SU_DIV: PLAIN}, {"k47": "mobile", "c48": "mobile"})
    t.declare(state, PLAIN, GE_INF)
    state.rng = t.Faces(2, 2)  # roll 4 at 1-3: A1, as a loss or a retreat (15.9)
    state.apply(EndPhase())
    events = state.apply(ChooseResult(loss=0, retreat=1))
    assert [(e.side, e.loss, e.retreat, e.case) for e in events if isinstance(e, fight.ResultChosen)] == [("german", 0, 1, "15.9")]


def test_14_3d_a_second_attack_on_a_hex_the_first_emptied_is_called_off_and_says_where():
    """The 3rd Panzer's assault (resolved first, 15.5A) throws the rifle division out of PLAIN and
    must advance into it; the 47th Korps' regiment's mobile attack on PLAIN then finds no defender."""
    t = _fight()
    state = t.combat_round({GE_PZ: N[0], GE_MOT: N[0], GE_INF: N[3], SU_DIV: PLAIN},
                           {"p3": "assault", "k47": "mobile", "c48": "defense"})
    t.declare(state, PLAIN, GE_PZ, GE_MOT)
    t.declare(state, PLAIN, GE_INF)
    state.rng = t.Faces(5, 5)  # D1R2 at 3-2 (test_15_8_an_attack_declared_step_by_step...)
    state.apply(EndPhase())
    events = []
    while state.pending:
        legal = state.legal_actions().actions()
        pick = next((a for a in legal if isinstance(a, Advance) and a.unit == GE_PZ), None)
        events += state.apply(pick or legal[0])
        if state.phase.id != "combat_1_1":
            break
    called = [e for e in events if isinstance(e, fight.AttackCalledOff)]
    assert [(e.targets, e.reason, e.case) for e in called] == [((PLAIN,), "no defender is left", "14.3D")]
    assert state.units[GE_INF].step == 0


def test_6_2_3a_a_mobile_unit_whose_attack_was_withdrawn_in_the_first_round_may_attack_in_the_second():
    """15.1A: a withdrawn attack is not made, so its units have not attacked in that round."""
    t = _fight()
    state = t.combat_round({GE_INF: PLAIN, SU_DIV: N[0], SU_DIV2: N[2]}, {"k47": "mobile", "c48": "mobile"})
    t.declare(state, N[0], GE_INF)
    state.apply(WithdrawAttack(index=0))
    state.phase_index = sequence.INDEX["combat_1_2"]
    state.phase_data = {}
    assert fight.attacker_refusal(state, fight._record(state), GE_INF) is None
    declared = bare({GE_INF: PLAIN, SU_DIV: N[0]}, phase="combat_1_1", orders={"k47": "mobile", "c48": "mobile"})
    t.declare(declared, N[0], GE_INF)
    declared.phase_index = sequence.INDEX["combat_1_2"]
    declared.phase_data = {}
    assert fight.attacker_refusal(declared, fight._record(declared), GE_INF) == (
        "6.2.3A", f"{GE_INF} is on mobile orders and attacked in the other combat round")


def _walled_in(placed):
    """D1R2 at 3-2 rolled: two panzer units at N[0] against the Soviet division at PLAIN, German
    infantry on every hex around PLAIN but the attackers' and N[3] and on the hexes beyond N[3],
    and ``placed`` besides."""
    t = _fight()
    probe = bare({})
    beyond = [h for h in probe.board.nbrs[N[3]] if probe.board.distance(h, PLAIN) == 2]
    infantry = [u for u, i in probe.board.units.items() if i.side == "german" and i.kind == "infantry" and not i.is_hq]
    walls = dict(zip(infantry, [N[1], N[2], N[4], N[5], *beyond]))
    orders = {"p3": "assault", "c48": "defense", **{probe.board.units[u].formation: "mobile" for u in walls}}
    state = bare({GE_PZ: N[0], GE_MOT: N[0], SU_DIV: PLAIN, **placed, **walls}, phase="combat_1_1", orders=orders)
    t.declare(state, PLAIN, GE_PZ, GE_MOT)
    state.rng = t.Faces(5, 5)
    state.apply(EndPhase())
    return state


def test_15_9f_a_unit_that_can_retreat_only_one_of_two_hexes_loses_an_sp_for_the_other():
    """D1R2 at 3-2: German infantry on every hex around PLAIN but the attackers' and N[3], and on
    the hexes beyond N[3]: the division retreats to N[3] and loses one SP for the hex it could not."""
    state = _walled_in({})
    [option] = fight.retreat_options(state, state.pending[-1], SU_DIV)
    assert (option.path, option.short) == ((N[3],), 1)
    left = state.units[SU_DIV].step
    events = state.apply(state.legal_actions().actions()[0])
    assert [(e.unit, e.lost, e.case) for e in events if isinstance(e, fight.SpLost)] == [(SU_DIV, 1, "15.9F")]
    assert state.units[SU_DIV].hex == N[3] and state.units[SU_DIV].step == left + 1


def test_12_2e_29_8_2_a_reserve_found_by_a_reconnaissance_is_committed_by_its_attack():
    from kharkovsuite.engine.events import FlagChanged
    from kharkovsuite.rules.kirovograd import counters
    from kharkovsuite.rules.kirovograd.actions import ArmoredRecon

    from .test_kiro_fog import fogged

    state = fogged({SU_TANK: PLAIN, GE_PZ: N[0]}, side="soviet", orders={"p3": "mobile", "m5g": "mobile"})
    state.set_flag(GE_PZ, counters.RESERVE)
    events = state.apply(ArmoredRecon(units=(SU_TANK,), hex=N[0]))
    assert [(e.unit, e.on, e.case) for e in events if isinstance(e, FlagChanged) and e.flag == "in reserve"] == [(GE_PZ, False, "12.2E")]
    assert not counters.has(state, GE_PZ, counters.RESERVE)


def test_21_4_2_a_gun_whose_formation_is_gone_fires_for_another_formation_s_attack():
    """The 5th Guards Army's gun may not fire for the 48th Rifle Corps (21.4A) while another unit of
    its army is on the map; once none is, it may (21.4.2)."""
    gun, other_gun = "su-5ga-l", "su-5ga-r"
    orders = {"c48": "assault", "a53": "assault", "a5g": "assault", "k47": "mobile"}

    def drafted(placed):
        # its army HQ in its hex, so the gun has its own supply line (8.1E)
        state = bare({SU_DIV: N[0], GE_INF: PLAIN, gun: ring(PLAIN, 2)[3], "su-5ga-hq": ring(PLAIN, 2)[3], **placed},
                     side="soviet", phase="combat_1_1", orders=orders)
        state.apply(AttackHex(hex=PLAIN))
        state.apply(AddAttacker(unit=SU_DIV))
        return state

    alone = drafted({})
    assert AddSupport(unit=gun) in alone.legal_actions().actions()
    kept = drafted({other_gun: ring(PLAIN, 8)[0]})
    assert AddSupport(unit=gun) not in kept.legal_actions().actions()
    with pytest.raises(IllegalAction) as e:
        kept.apply(AddSupport(unit=gun))
    assert e.value.case == "21.4A"


def test_16_2_19_2b_a_division_supported_by_its_hq_counts_as_anti_tank_for_the_first_loss():
    """D1R2 at 3-2 against the rifle division supported by its corps HQ, German armour attacking:
    16.2 gives the first loss to an armoured or anti-tank unit, and the HQ's support makes the
    division one (19.2B), so the Soviet player may give it to either."""
    from kharkovsuite.rules.kirovograd.fight import ChooseLoss, EndSupport, SupportDefence

    t = _fight()
    state = t.combat_round({GE_PZ: N[0], GE_MOT: N[0], SU_DIV: PLAIN, SU_HQ: N[2]}, {"p3": "assault", "c48": "defense"})
    t.declare(state, PLAIN, GE_PZ, GE_MOT)
    state.apply(EndPhase())
    state.apply(SupportDefence(unit=SU_HQ, attack=0))
    state.rng = t.Faces(5, 6)
    state.apply(EndSupport())
    assert (state.pending[-1].kind, state.pending[-1].data) == (fight.LOSSES, {"who": "defender"})
    assert set(state.legal_actions().actions()) == {ChooseLoss(unit=SU_DIV), ChooseLoss(unit=SU_HQ)}
    with pytest.raises(IllegalAction) as e:
        state.apply(ChooseLoss(unit=GE_PZ))
    assert (e.value.case, e.value.reason) == ("16.0", f"{GE_PZ} takes no losses in this combat")


def test_14_3d_21_3_a_barrage_at_a_hex_an_earlier_attack_emptied_is_called_off_its_point_spent():
    """The 320th's gun fires alone at PLAIN, declared after the 3rd Panzer's assault on it; the
    assault throws the division out and advances in, so the barrage finds no defender: it is
    called off, and the supply point it paid when declared stays spent (21.3)."""
    from kharkovsuite.rules.kirovograd import supply
    from kharkovsuite.rules.kirovograd.fight import ConfirmAttack

    t = _fight()
    state = t.combat_round({GE_PZ: N[0], GE_MOT: N[0], SU_DIV: PLAIN, GE_ART: ring(PLAIN, 2)[0], GE_HQ: ring(PLAIN, 3)[0]},
                           {"p3": "assault", "c48": "defense", "d320": "assault"})
    t.declare(state, PLAIN, GE_PZ, GE_MOT)
    track = fight._track(state, GE_ART)
    before = supply.points(state, track)
    state.apply(AttackHex(hex=PLAIN))
    state.apply(AddSupport(unit=GE_ART))
    state.apply(ConfirmAttack())
    assert supply.points(state, track) == before - 1
    state.rng = t.Faces(5, 5)  # D1R2 at 3-2; the barrage is never rolled
    events = state.apply(EndPhase())
    while state.pending and state.phase.id == "combat_1_1":
        legal = state.legal_actions().actions()
        events += state.apply(next((a for a in legal if isinstance(a, Advance) and a.unit == GE_PZ), legal[0]))
    assert [(e.targets, e.reason, e.case) for e in events if isinstance(e, fight.AttackCalledOff)] == [((PLAIN,), "no defender is left", "14.3D")]
    assert len([e for e in events if isinstance(e, fight.AttackFought)]) == 1
    assert state.phase.id == "move_1_2" and supply.points(state, track) == before - 1


def test_24_3_each_corps_gone_strikes_off_one_division_a_tank_corps_with_motorized_units_too():
    """The 5th Guards Mechanized Corps leaves (Grossdeutschland, the latest due, is struck off),
    then the 18th Tank Corps, reduced to one brigade, leaves too: the 3rd SS goes as well, and
    the first corps is not counted again."""
    from kharkovsuite.rules.kirovograd.actions import ExitOffMap

    from .kiro_helpers import SU_MECH, SU_MECH_HQ
    from .test_kiro_exits import corps_at_the_south_edge

    state = corps_at_the_south_edge()
    t18 = sorted(u for u, i in state.board.units.items() if i.formation == "t18")
    brigade = next(u for u in t18 if state.board.units[u].kind == "armor")
    south = sorted(state.board.map.edge("south"))
    state.place(brigade, south[20])
    for u in t18:
        if u != brigade:
            state.to_box(u, "eliminated")
    state.cache.clear()
    for u in (SU_TANK, SU_MECH, SU_MECH_HQ):
        state.apply(ExitOffMap(unit=u))
    assert state.game["struck_off"] == ["gd"]
    state.apply(ExitOffMap(unit=brigade))
    assert state.game["struck_off"] == ["gd", "ss3"] and state.game["exited_formations"] == ["m5g", "t18"]
    assert (state.game["arrivals"]["ss3"]["turn"], state.game["arrivals"]["ss3"]["units"]) == (None, [])


def test_17_3b_a_retreat_into_a_full_hex_with_nowhere_further_overstacks_and_9_2c_lifts_it():
    """As the 15.9F test, with a second rifle division at N[3]: the division may still retreat
    there only (17.3A: no legal stack within reach), and becomes overstacked; once the other
    division has gone, the next round's start finds the hex legal and lifts the flag (9.2C)."""
    from kharkovsuite.engine.events import FlagChanged
    from kharkovsuite.rules.kirovograd import counters

    state = _walled_in({SU_DIV2: N[3]})
    [option] = fight.retreat_options(state, state.pending[-1], SU_DIV)
    assert (option.path, option.overstacked) == ((N[3],), True)
    events = state.apply(state.legal_actions().actions()[0])
    assert [(e.unit, e.on, e.case) for e in events if isinstance(e, FlagChanged)] == [(SU_DIV, True, "17.3B")]
    assert counters.has(state, SU_DIV, fight.OVERSTACKED)
    state.to_box(SU_DIV2, "eliminated")
    lifted: list = []
    fight.enter(state, lifted)
    assert [(e.unit, e.on, e.case) for e in lifted] == [(SU_DIV, False, "9.2C")]
    assert not counters.has(state, SU_DIV, fight.OVERSTACKED)


def test_15_1a_14_1c_every_attack_of_a_round_withdrawn_leaves_no_record_and_the_round_ends_unfought():
    """Two regiments in PLAIN, three rifle divisions next to it: two attacks declared (the second
    with its division HQ's support) leave the third hex unattacked (14.1C), so both may be
    withdrawn; then nothing of them is left, and the round ends with no combat."""
    from kharkovsuite.rules.kirovograd.fight import ConfirmAttack

    from .kiro_helpers import GE_INF2, SU_DIV3

    t = _fight()
    state = bare({GE_INF: PLAIN, GE_INF2: PLAIN, GE_HQ: ring(PLAIN, 2)[7], SU_DIV: N[0], SU_DIV2: N[2], SU_DIV3: N[1]},
                 phase="combat_1_1", orders={"k47": "mobile", "d320": "mobile", "c48": "mobile"})
    t.declare(state, N[0], GE_INF)
    state.apply(AttackHex(hex=N[2]))
    state.apply(AddAttacker(unit=GE_INF2))
    state.apply(AddSupport(unit=GE_HQ))
    state.apply(ConfirmAttack())
    f = fight._record(state)
    assert f["hq"] == {GE_HQ: PLAIN} and state.turn_data["attacked"] == {GE_INF: 1, GE_INF2: 1}
    assert set(state.legal_actions().actions()) == {WithdrawAttack(index=0), WithdrawAttack(index=1)}
    state.apply(WithdrawAttack(index=1))
    state.apply(WithdrawAttack(index=0))
    assert (f["attacks"], f["hq"], state.turn_data["attacked"]) == ([], {}, {})
    assert EndPhase() in state.legal_actions().actions()
    events = state.apply(EndPhase())
    assert not [e for e in events if isinstance(e, (fight.AttackFought, fight.AttackCalledOff))]
    assert state.phase.id == "move_1_2"


def _declaring():
    """The 47th Korps' regiment in PLAIN between two rifle divisions (N[0], N[2]), a third far off."""
    return bare({GE_INF: PLAIN, SU_DIV: N[0], SU_DIV2: N[2], "su-48-252": ring(PLAIN, 4)[0]}, phase="combat_1_1",
                orders={"k47": "mobile", "c48": "mobile"})


def _refusal(state, *actions) -> tuple[str, str]:
    for a in actions[:-1]:
        state.apply(a)
    with pytest.raises(IllegalAction) as e:
        state.apply(actions[-1])
    return e.value.case, e.value.reason


def test_15_1a_14_3_the_declaration_s_refusals_name_their_case_and_reason():
    from kharkovsuite.rules.kirovograd.fight import ConfirmAttack

    far = ring(PLAIN, 4)[0]
    empty = ring(PLAIN, 3)[0]
    assert _refusal(_declaring(), AttackHex(hex=N[0]), EndPhase()) == ("15.1A", "confirm or cancel the attack being declared first")
    assert _refusal(_declaring(), WithdrawAttack(index=5)) == ("15.1A", "there is no declared attack 5 to withdraw")
    assert _refusal(_declaring(), AttackHex(hex=empty)) == ("14.3A", f"{empty} holds no enemy unit the german player sees")
    assert _refusal(_declaring(), AttackHex(hex=far)) == ("14.3A", f"no unit able to attack this round reaches {far}")
    assert _refusal(_declaring(), AttackHex(hex=N[0]), AttackHex(hex=N[0])) == ("14.3H", f"{N[0]} is a target of this attack already")
    assert _refusal(_declaring(), AttackHex(hex=N[0]), AttackHex(hex=N[2])) == ("14.3H", "add the attacking units before a second target hex")
    assert _refusal(_declaring(), AddAttacker(unit=GE_INF)) == ("15.1A", "open an attack on a target hex first")
    assert _refusal(_declaring(), AttackHex(hex=N[0]), ConfirmAttack()) == (
        "14.3A", "an attack needs an attacking unit, a firing gun or a ground attack flight")
    state = _declaring()
    state.apply(AttackHex(hex=N[0]))
    with pytest.raises(IllegalAction) as e:
        fight.apply_declare(state, fight.EndReorganise(), [])
    assert (e.value.case, e.value.reason) == ("15.1A", "EndReorganise: the german player is declaring attacks")
    fight._record(state)["stage"] = "support"
    with pytest.raises(IllegalAction) as e:
        fight.apply_declare(state, AttackHex(hex=N[2]), [])
    assert (e.value.case, e.value.reason) == ("15.1A", "the attacks are declared already")


def test_15_1a_a_confirmed_attack_is_recorded_and_logged_with_its_defenders():
    from kharkovsuite.rules.kirovograd.fight import ConfirmAttack

    state = _declaring()
    state.apply(AttackHex(hex=N[0]))
    state.apply(AddAttacker(unit=GE_INF))
    state.apply(AttackHex(hex=N[2]))
    events = state.apply(ConfirmAttack())
    f = fight._record(state)
    assert f["attacks"] == [{"targets": [N[0], N[2]], "attackers": [GE_INF], "guns": [], "hqs": [], "dguns": [], "orders": "mobile"}]
    assert f["draft"] is None and state.turn_data["attacked"] == {GE_INF: 1}
    declared = [e for e in events if type(e).__name__ == "AttackDeclared"]
    assert [(e.attackers, e.targets, e.defenders, e.case) for e in declared] == [((GE_INF,), (N[0], N[2]), (SU_DIV, SU_DIV2), "15.1A")]


def test_24_4a_29_1_a_reinforcement_entering_a_face_down_unit_s_unknown_zoc_stops_there_and_is_told():
    """The 905th enters at 1901 along a walk whose third hex lies next to the Soviet tank brigade,
    face down: its Locking ZOC, unknown to Germany, shows and stops the move in that hex."""
    from .test_kiro_arrival_cases import BN905, _walk_from
    from .test_kiro_fog import fogged

    probe = bare({})
    path = _walk_from(probe, "1901", 4)
    tank_hex = next(h for h in ring(path[2], 1) if h not in path and all(probe.board.distance(h, p) >= 2 for p in path[:2]))
    state = fogged({SU_TANK: tank_hex, GE_INF: PLAIN}, orders={"m5g": "mobile", "k47": "mobile"})
    state.game["arrivals"] = {"bn905": {"turn": 1, "roll": 3, "units": [BN905]}}
    events = state.apply(Move(units=(BN905,), path=path))
    assert state.units[BN905].hex == path[2]
    stops = [(e.units, e.hex, e.case) for e in events if isinstance(e, MoveStopped)]
    assert stops[-1] == ((BN905,), path[2], "29.1")


@pytest.mark.parametrize("gun_hex, column", [(N[1], "1-1"), (ring(PLAIN, 2)[2], "1-3")])
def test_28_11f_a_firing_gun_next_to_the_defended_hex_fires_on_defensive_air_at_1_1_one_farther_does_not(gun_hex, column, monkeypatch):
    from kharkovsuite.rules.kirovograd import air

    from .test_kiro_air import IL2, _combat, fight_round_declare, flight

    state = _combat({GE_PZ: N[0], GE_ART: gun_hex, SU_DIV: PLAIN}, {"p3": "mobile", "c48": "defense", "d320": "mobile"})
    flight(state, "soviet", [IL2], "ground_attack", PLAIN)
    fight_round_declare(state, PLAIN, GE_PZ)
    attack = fight._record(state)["attacks"][0]
    attack["guns"] = [GE_ART]
    seen: list = []
    monkeypatch.setattr(air, "anti_aircraft", lambda st, fl, col, ev: seen.append(col) or False)
    fight._anti_aircraft(state, attack, "german", [])
    assert seen == [column]  # the panzer regiment's 6 SP alone fire at 1-3


def test_15_10_the_odds_give_the_doubled_results_their_chances_and_say_why():
    """4-1 with 20 SP or more a side: the preview's results are the chart's with the losses
    doubled and the retreats kept (A1/D1R1 on a 6 reads A2/D2R1), and its words name 15.10."""
    from fractions import Fraction

    big = preview(battle([unit("a", strength=80)], [unit("d", "soviet", 20)]), data(), crt())
    small = preview(battle([unit("a", strength=76)], [unit("d", "soviet", 19)]), data(), crt())
    assert big.column == small.column == "4-1" and big.doubled and not small.doubled
    assert big.chances["A2/D2R1"] >= Fraction(5, 36) and "A2/D2R1" not in small.chances
    assert small.chances["A1/D1R1"] == big.chances["A2/D2R1"]
    assert "15.10: both sides have 20 SP or more, losses doubled" in big.describe()
    assert "15.10: both sides have 20 SP or more, losses doubled" not in small.describe()


def test_8_5_1e_18_0a_a_soviet_unit_advancing_after_combat_into_a_german_dump_destroys_it():
    """The 5th Guards Mechanized Corps' assault throws the regiment out of PLAIN, where a German
    dump stands; the tank brigade advancing into PLAIN destroys the dump and the log says so."""
    from kharkovsuite.rules.kirovograd import supply

    from .kiro_helpers import SU_MECH, SU_MECH_HQ

    t = _fight()
    state = bare({SU_TANK: N[0], SU_MECH: N[0], GE_INF: PLAIN, SU_MECH_HQ: ring(PLAIN, 2)[0]}, side="soviet", phase="combat_1_1",
                 orders={"m5g": "assault", "k47": "defense"})
    state.game["dumps"] = {"1": PLAIN}
    t.declare(state, PLAIN, SU_TANK, SU_MECH)
    state.rng = t.Faces(5, 5)  # D2R2 at 3-1
    state.apply(EndPhase())
    while state.pending and state.pending[-1].kind != fight.ADVANCE:
        state.apply(state.legal_actions().actions()[0])
    assert state.game["dumps"] == {"1": PLAIN}  # a German retreat leaves it standing
    events = state.apply(Advance(unit=SU_TANK, path=(N[0], PLAIN)))
    assert state.game["dumps"] == {}
    assert [e.case for e in events if type(e).__module__ == supply.__name__ or "dump" in str(e)] == ["8.5.1E"]


def test_17_2b_an_armoured_unit_s_retreat_is_chosen_ignoring_zocs_without_anti_tank():
    """A panzer regiment retreats two hexes from PLAIN, attacked from N[0]; a rifle division (no
    anti-tank ability) two hexes east exerts a ZOC over some hexes of the way. Armour ignores it
    (17.2B), so the best retreats are those of an empty board, 0617-0616 among them; an infantry
    regiment in the same place has to avoid that ZOC."""
    from kharkovsuite.engine.state import Decision

    def paths(unit):
        s = bare({unit: PLAIN, SU_DIV: N[0], SU_DIV2: ring(PLAIN, 2)[7]}, phase="combat_1_1", side="soviet")
        dec = Decision(fight.RETREAT, "german", "17.1", {"units": [unit], "hexes": 2, "fought": [N[0]], "held": []})
        return [r.path for r in fight.retreat_options(s, dec, unit)]

    assert not bare({}).board.units[SU_DIV2].values.antitank
    armour = paths(GE_PZ)
    assert ("0617", "0616") in armour
    assert ("0617", "0616") not in paths(GE_INF)


@pytest.mark.parametrize("kind, data, case, reason", [
    (fight.SUPPORT, {}, "15.3", "EndAdvance: the soviet player commits defensive support or ends"),
    (fight.OPTION, {"who": "defender", "choices": [[1, 0], [0, 1]]}, "15.9",
     "EndAdvance: the soviet player picks the combat result's losses and retreat"),
    (fight.RETREAT, {"units": [SU_DIV], "hexes": 1, "fought": [N[0]], "held": []}, "17.1", "EndAdvance: the soviet player retreats its units"),
    (fight.ALONG, {"unit": SU_DIV, "paths": {}}, "17.7A", "EndAdvance: only an HQ or gun next to su-48-14g retreats along with it"),
    (fight.LOSSES, {"who": "defender"}, "16.0", "EndAdvance: the soviet player names the unit that takes the next loss"),
])
def test_15_3_15_9_16_0_17_1_17_7a_a_combat_decision_refuses_another_kind_of_action_by_its_case(kind, data, case, reason):
    from kharkovsuite.engine.actions import EndAdvance
    from kharkovsuite.engine.state import Decision

    state = bare({GE_INF: N[0], SU_DIV: PLAIN}, phase="combat_1_1")
    with pytest.raises(IllegalAction) as e:
        fight.decide(state, Decision(kind, "soviet", case, data), EndAdvance(), [])
    assert (e.value.case, e.value.reason) == (case, reason)


def test_18_0a_the_advance_decision_refuses_another_kind_of_action():
    from kharkovsuite.engine.state import Decision
    from kharkovsuite.rules.kirovograd.fight import EndSupport

    state = bare({GE_INF: N[0], SU_DIV: PLAIN}, phase="combat_1_1")
    with pytest.raises(IllegalAction) as e:
        fight.decide(state, Decision(fight.ADVANCE, "german", "18.0A", {"units": [GE_INF], "done": []}), EndSupport(), [])
    assert (e.value.case, e.value.reason) == ("18.0A", "EndSupport: the german player advances after combat or ends")


def test_15_2b_a_gun_firing_nowhere_yet_may_join_the_attack_the_reserves_reinforced():
    """As the 15.2C test of test_kiro_reorganise, the army gun not firing for the second attack:
    it may be added to the reinforced attack on PLAIN, and fires there."""
    from kharkovsuite.engine.actions import CommitReserve, DeclineReserve
    from kharkovsuite.rules.kirovograd import counters
    from kharkovsuite.rules.kirovograd.fight import EndReorganise, Reinforce

    from .kiro_helpers import GE_INF2, SU_ART
    from .test_kiro_reorganise import BEHIND

    t = _fight()
    probe = bare({})
    east = next(h for h in probe.board.nbrs[N[1]] if probe.board.distance(h, N[0]) == 2 and probe.board.distance(h, PLAIN) == 2)
    orders = {"c48": "assault", "a53": "assault", "k47": "mobile", "d320": "mobile", "p3": "mobile"}
    # the gun's army HQ in its hex gives it its own supply line (8.1E)
    state = t.combat_round({SU_DIV: N[0], SU_DIV2: N[1], SU_ART: ring(PLAIN, 5)[0], "su-53a-hq": ring(PLAIN, 5)[0], GE_INF: PLAIN,
                            GE_INF2: east, GE_MOT: BEHIND}, orders, side="soviet")
    state.set_flag(GE_MOT, counters.RESERVE)
    t.declare(state, PLAIN, SU_DIV)
    t.declare(state, east, SU_DIV2)
    state.apply(EndPhase())
    state.apply(CommitReserve(units=(GE_MOT,), hexes=(BEHIND, N[3], PLAIN)))
    while state.pending[-1].kind == "defensive_reserves":
        state.apply(DeclineReserve())
    assert (state.pending[-1].kind, state.pending[-1].data["reinforced"]) == (fight.REORGANISE, [0])
    assert Reinforce(attack=0, unit=SU_ART) in state.legal_actions().actions()
    state.apply(Reinforce(attack=0, unit=SU_ART))
    state.apply(EndReorganise())
    assert state.phase_data["fight"]["attacks"][0]["guns"] == [SU_ART]


# ----------------------------------------------------------------------------- the third sample's survivors (written after its figure)


def test_31_1h_27_a_germany_wins_at_the_lowest_level_when_the_points_are_level_and_no_soviet_unit_entered():
    from kharkovsuite.rules.kirovograd import victory

    from .test_kiro_victory_play import _opening

    state = _opening({SU_DIV: "4030"})
    v = state.board.data.victory
    lowest = min(v.levels, key=v.levels.__getitem__)
    assert victory.city_objective(state, {"german": 7, "soviet": 7}, v) == ("german", lowest)


def test_19_1a_22_4a_an_hq_with_an_armoured_symbol_is_armoured():
    from kharkovsuite.rules.kirovograd import units

    assert units.derived("hq", "unit", True)["armored"] is True
    assert units.derived("hq", "unit", False)["armored"] is False


def test_15_3_a_gun_supporting_the_defence_is_logged_with_the_hex_it_supports():
    from kharkovsuite.rules.kirovograd.fight import SupportDefence

    from .test_kiro_combat_cases import _attacked_by_germans

    gun = "su-5ga-l"
    # its army HQ in its hex gives it its own supply line (8.1E)
    state = _attacked_by_germans({gun: ring(PLAIN, 2)[3], "su-5ga-hq": ring(PLAIN, 2)[3]}, {"a5g": "defense"})
    events = state.apply(SupportDefence(unit=gun, attack=0))
    assert [(e.unit, e.hex, e.case) for e in events if isinstance(e, fight.Supported)] == [(gun, PLAIN, "15.3")]
    assert state.turn_data["gun_formation"][gun] == "c48"


def test_15_8_the_combat_line_and_its_roll_are_logged_with_their_case_and_the_modified_roll():
    t = _fight()
    state = t.combat_round({GE_INF: N[0], SU_DIV: PLAIN}, {"k47": "mobile", "c48": "mobile"})
    drm = state.rules.combat_preview(state, [GE_INF], [PLAIN]).drm
    t.declare(state, PLAIN, GE_INF)
    state.rng = t.Faces(1, 1)  # roll 2 at 1-3
    events = state.apply(EndPhase())
    [fought] = [e for e in events if isinstance(e, fight.AttackFought)]
    assert fought.case == "15.8"
    [rolled] = [e for e in events if type(e).__name__ == "DiceRolled" and e.purpose.startswith("combat")]
    assert (rolled.die, rolled.case) == (2, "15.8A") and rolled.modified == 2 + drm


def test_24_6a_the_viking_division_is_rolled_for_once_only():
    """Once rolled, a Soviet unit near the fortified line again rolls nothing (the die is not
    touched and the arrival kept as it was)."""
    from kharkovsuite.rules.kirovograd.reinforcements import after_soviet_move

    state = bare({SU_DIV: "3105", GE_INF: PLAIN}, side="soviet", orders={"c48": "mobile"})
    line = set(state.board.fortified)
    reach = state.legal_moves((SU_DIV,))
    dest = next(h for h, r in sorted(reach.items()) if min(state.board.distance(h, x) for x in line) == 3)
    state.apply(Move(units=(SU_DIV,), path=reach[dest].path))
    kept = dict(state.game["arrivals"]["viking"])

    class NoDie:
        def randint(self, a, b):
            raise AssertionError("24.6A: the Viking division is rolled for once only")

    state.rng = NoDie()
    after_soviet_move(state, (dest,))
    assert state.game["arrivals"]["viking"] == kept


def test_17_3c_a_gun_in_reserve_may_not_fire_and_is_refused_by_17_3c():
    from kharkovsuite.rules.kirovograd import counters

    state = bare({GE_ART: ring(PLAIN, 2)[0], GE_HQ: ring(PLAIN, 3)[0], GE_INF: N[0], SU_DIV: PLAIN}, phase="combat_1_1",
                 orders={"d320": "assault", "k47": "assault", "c48": "defense"})
    state.set_flag(GE_ART, counters.RESERVE)
    draft = {"targets": [PLAIN], "attackers": [GE_INF], "guns": [], "hqs": [], "dguns": []}
    assert fight.barrage_refusal(state, fight._record(state), draft, GE_ART) == ("17.3C", f"{GE_ART} may not fire now")


def test_6_2_2d_a_defending_formation_on_defense_orders_pays_a_supply_point_when_it_fights():
    t = _fight()
    state = t.combat_round({GE_PZ: N[0], GE_MOT: N[0], SU_DIV: PLAIN, SU_HQ: ring(PLAIN, 3)[6]}, {"p3": "assault", "c48": "defense"})
    t.declare(state, PLAIN, GE_PZ, GE_MOT)
    state.rng = t.Faces(5, 5)
    state.apply(EndPhase())
    if state.pending and state.pending[-1].kind == fight.SUPPORT:
        from kharkovsuite.rules.kirovograd.fight import EndSupport

        state.apply(EndSupport())
    assert state.turn_data.get("defense_paid") == ["c48"]


def test_28_4_1b_an_air_attack_alone_is_offered_its_confirmation():
    from kharkovsuite.rules.kirovograd.fight import ConfirmAttack

    from .test_kiro_air import JU87, _combat, flight

    state = _combat({SU_DIV: PLAIN}, {"c48": "mobile"})
    flight(state, "german", [JU87], "ground_attack", PLAIN)
    state.apply(AttackHex(hex=PLAIN))
    assert ConfirmAttack() not in state.legal_actions().actions()  # 14.3A: nothing attacks yet
    state.apply(AddSupport(unit=JU87))
    assert ConfirmAttack() in state.legal_actions().actions()


def test_18_2a_mobile_attackers_may_advance_along_the_defender_s_retreat_beyond_its_hex():
    """The 3rd Panzer on mobile orders throws the division back two hexes: its units may advance
    into PLAIN and on along the division's retreat (the combat's record of it, 18.2A)."""
    t = _fight()
    state = t.combat_round({GE_PZ: N[0], GE_MOT: N[0], SU_DIV: PLAIN}, {"p3": "mobile", "c48": "defense"})
    t.declare(state, PLAIN, GE_PZ, GE_MOT)
    state.rng = t.Faces(6, 6)
    state.apply(EndPhase())
    while state.pending and state.pending[-1].kind != fight.ADVANCE:
        state.apply(state.legal_actions().actions()[0])
    fled = state.units[SU_DIV].hex
    assert state.pending[-1].kind == fight.ADVANCE
    paths = [a.path for a in state.legal_actions().actions() if isinstance(a, Advance) and a.unit == GE_PZ]
    assert (N[0], PLAIN) in paths and any(len(p) == 3 and p[:2] == (N[0], PLAIN) for p in paths), (fled, paths)


def test_15_10_15_9a_a_doubled_result_stays_underlined():
    """1-3 on a 2 is an underlined A2 (no choice, 15.9A); with 20 SP or more a side it is A4, and
    still underlined."""
    plain = crt().read("1-3", 2)
    assert plain.underlined
    big = battle([unit("a", strength=20)], [unit("d", "soviet", 60)])
    r = resolve(big, data(), crt(), dice(1, 1))
    assert r.preview.column == "1-3" and r.preview.doubled
    assert r.result.attacker.loss == 2 * plain.attacker.loss and r.result.underlined == plain.underlined

"""Artillery (21, 23.2-23.4, 14.3B) and HQ support (22, 14.2B, 14.3F)."""
import pytest

from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kirovograd import artillery, hq_support
from kharkovsuite.rules.kirovograd.artillery import Gun, SupportTask, check_gun
from kharkovsuite.rules.kirovograd.combat import preview
from kharkovsuite.rules.kirovograd.hq_support import Hq, check_hq_support, support_path
from kharkovsuite.rules.kirovograd.retreat import ZocHere

from .kiro2_helpers import Board, battle, crt, data, tank, unit

#: formations of the historical scenario: 3P under 47K; 48th Rifle Corps under 53rd Army
GUN = Gun("g", "german", "p3", "artillery", "1010", range=4, barrage=6, defense=3)


def _task(**kw):
    base = dict(mode="barrage", distance=3, supported_formation="p3", supported_orders="mobile", target_hex="1013")
    base.update(kw)
    return SupportTask(**base)


def test_21_1_range_counts_the_target_hex_not_the_guns():
    check_gun(GUN, _task(distance=4), data())
    with pytest.raises(IllegalAction, match="21.1"):
        check_gun(GUN, _task(distance=5), data())
    with pytest.raises(IllegalAction, match="21.2"):
        check_gun(GUN, _task(mode="defense", distance=5), data())


def test_21_4a_organic_guns_support_their_formation_corps_guns_those_under_them():
    with pytest.raises(IllegalAction, match="21.4A"):
        check_gun(GUN, _task(supported_formation="p11"), data())
    corps = Gun("k", "german", "k47", "artillery", "1010", range=4, barrage=6, defense=3)
    check_gun(corps, _task(supported_formation="p11"), data())
    with pytest.raises(IllegalAction, match="21.4A"):
        check_gun(corps, _task(supported_formation="kga"), data())  # Korps Gruppe A is under 52K


def test_21_4_2_soviet_army_guns_stay_in_their_army():
    army = Gun("s", "soviet", "a53", "artillery", "1010", range=4, barrage=6, defense=3)
    check_gun(army, _task(supported_formation="c48", supported_orders="defense"), data())
    with pytest.raises(IllegalAction, match="21.4A"):
        check_gun(army, _task(supported_formation="c32g", supported_orders="defense"), data())


def test_21_4b_a_gun_whose_formation_is_gone_supports_anyone():
    check_gun(GUN, _task(supported_formation="p11"), data(), own_formation_gone=True)


def test_21_4c_one_formation_a_turn():
    check_gun(GUN, _task(), data(), formation_this_turn="p3")
    with pytest.raises(IllegalAction, match="21.4C"):
        check_gun(GUN, _task(supported_formation="p11"), data(), own_formation_gone=True, formation_this_turn="p3")


def test_6_2_orders_that_forbid_artillery_support():
    soviet = Gun("s", "soviet", "a53", "artillery", "1010", range=4, barrage=6, defense=3)
    with pytest.raises(IllegalAction, match="6.2.3"):
        check_gun(soviet, _task(supported_formation="c48", supported_orders="mobile"), data())
    with pytest.raises(IllegalAction, match="6.2.4"):
        check_gun(GUN, _task(supported_orders="retreat"), data())


def test_21_8_limits_when_attacked_or_stacked_with_attackers():
    with pytest.raises(IllegalAction, match="21.8A"):
        check_gun(GUN, _task(mode="defense", distance=2), data(), attacked_by_adjacent=True)
    with pytest.raises(IllegalAction, match="21.8B"):
        check_gun(GUN, _task(target_hex="1013"), data(), stacked_attack_target="1011")


def test_21_12_travelling_soviet_guns_do_not_fire_and_turn_back_only_by_clear_day():
    travelling = Gun("s", "soviet", "a53", "artillery", "1010", range=4, barrage=6, defense=3, travelling=True)
    with pytest.raises(IllegalAction, match="21.12A"):
        check_gun(travelling, _task(supported_formation="c48", supported_orders="defense"), data())
    assert artillery.may_flip_to_firing("day", False, moved_this_round=False)
    assert not artillery.may_flip_to_firing("night", False, moved_this_round=False)  # 23.2
    assert not artillery.may_flip_to_firing("day", True, moved_this_round=False)
    assert not artillery.may_flip_to_firing("day", False, moved_this_round=True)


def test_21_3_one_supply_point_a_shot_none_for_self_defence_or_aa():
    assert artillery.supply_cost(["barrage", "defense", "self", "aa", "barrage"]) == 3


def test_21_5_observation_one_hex_two_from_a_hill_zoc_reach_at_night():
    dist = {"a": 1, "b": 2}.get
    assert artillery.observed(dist, "t", [("a", False)], night_or_fog=False)
    assert not artillery.observed(dist, "t", [("b", False)], night_or_fog=False)
    assert artillery.observed(dist, "t", [("b", True)], night_or_fog=False)
    assert not artillery.observed(dist, "t", [("b", True)], night_or_fog=True, zoc_into=lambda o, t: True)
    assert artillery.observed(dist, "t", [("a", False)], night_or_fog=True, zoc_into=lambda o, t: True)
    assert not artillery.observed(dist, "t", [("a", False)], night_or_fog=True, zoc_into=lambda o, t: False)


def test_21_7b_losses_come_off_the_barrage_defence_stays():
    hit = Gun("g", "german", "p3", "artillery", "1010", range=4, barrage=6, defense=3, lost=2)
    assert artillery.fighter(hit, _task()).strength == 4
    assert artillery.fighter(hit, _task(mode="defense")).strength == 3


def test_19_2a_rockets_have_no_antitank():
    rocket = Gun("r", "soviet", "a53", "rocket", "1010", range=3, barrage=4, defense=1)
    assert not artillery.fighter(rocket, _task(distance=1)).antitank
    assert artillery.fighter(GUN, _task(distance=1)).antitank


def test_14_3b_no_support_against_artillery_or_air_alone_but_hq_against_air():
    with pytest.raises(IllegalAction, match="14.3B"):
        artillery.check_no_support_against_independent(True, "artillery", False, air_attack=False)
    with pytest.raises(IllegalAction, match="14.3B"):
        artillery.check_no_support_against_independent(True, "hq", True, air_attack=False)
    artillery.check_no_support_against_independent(True, "hq", True, air_attack=True)
    artillery.check_no_support_against_independent(False, "artillery", False, air_attack=False)


# ----------------------------------------------------------------------------- HQs

HQ = Hq("hq", "german", "p3", "1010", 2, "formation_hq")


def test_22_1a_support_reaches_four_hexes():
    b = Board()
    assert support_path(b, "german", "1010", "1014") == ["1011", "1012", "1013", "1014"]
    assert support_path(b, "german", "1010", "1015") is None


def test_22_1b_no_enemy_units_or_locking_zocs_between():
    blocked = Board(enemy={"1012"})
    path = support_path(blocked, "german", "1010", "1013")
    assert path is not None and "1012" not in path and len(path) == 4
    walled = Board(zocs={h: ZocHere("locking") for h in Board().neighbours("1010")})
    assert support_path(walled, "german", "1010", "1012") is None
    assert support_path(walled, "german", "1010", "1011") == ["1011"]  # the supported hex itself may be in a ZOC


def test_22_support_limits():
    check_hq_support(HQ, "p3", path_found=True, own_formation_gone=False, attacked_by_adjacent=False, supported_hex_this_round=None, target_hex="1012")
    with pytest.raises(IllegalAction, match="22.1"):
        check_hq_support(HQ, "p3", path_found=False, own_formation_gone=False, attacked_by_adjacent=False, supported_hex_this_round=None, target_hex="1012")
    with pytest.raises(IllegalAction, match="22.6"):
        check_hq_support(HQ, "p11", path_found=True, own_formation_gone=False, attacked_by_adjacent=False, supported_hex_this_round=None, target_hex="1012")
    check_hq_support(HQ, "p11", path_found=True, own_formation_gone=True, attacked_by_adjacent=False, supported_hex_this_round=None, target_hex="1012")
    with pytest.raises(IllegalAction, match="22.2A"):
        check_hq_support(HQ, "p3", path_found=True, own_formation_gone=False, attacked_by_adjacent=True, supported_hex_this_round=None, target_hex="1012")
    with pytest.raises(IllegalAction, match="22.2B"):
        check_hq_support(HQ, "p3", path_found=True, own_formation_gone=False, attacked_by_adjacent=False, supported_hex_this_round="1013", target_hex="1012")
    # 14.3F: the same hex again (another attack on it) is allowed
    check_hq_support(HQ, "p3", path_found=True, own_formation_gone=False, attacked_by_adjacent=False, supported_hex_this_round="1012", target_hex="1012")
    korps = Hq("k", "german", "k47", "1010", 2, "higher_hq")
    with pytest.raises(IllegalAction, match="22.7A"):
        check_hq_support(korps, "k47", path_found=True, own_formation_gone=False, attacked_by_adjacent=False, supported_hex_this_round=None, target_hex="1012")


def test_22_4_armoured_hq_support_is_armour_other_hq_support_antitank():
    armoured = hq_support.fighter(Hq("ah", "german", "p3", "1010", 2, "formation_hq", armored=True), distance=3)
    plain = hq_support.fighter(HQ, distance=3)
    defenders = [unit("d", "soviet", 2)]
    assert {s.case for s in preview(battle([unit("a", strength=6), armoured], defenders), data(), crt()).shifts} == {"19.3"}
    assert preview(battle([tank("t", "soviet", 1)], [unit("d", "german", 1), plain]), data(), crt()).shifts == ()
    assert preview(battle([unit("a", strength=6), plain], defenders), data(), crt()).attack == 8  # 22.2C: its whole strength

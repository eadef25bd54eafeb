"""Retreats (17, 13.4, 15.9F) and advances (18) over a hand-made board."""
import pytest

from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kirovograd.advance import (
    allowance, check_advance, check_follower, check_paths, must_go_on, reach,
)
from kharkovsuite.rules.kirovograd.retreat import (
    ZocHere, check_companion, check_retreat, companion_path, retreats,
)

from .kiro2_helpers import Board

START, ENEMY = "1010", "1009"


def _ring(board, h=START):
    return [n for n in board.neighbours(h) if n != ENEMY]


def _zoc_ring(kind="fluid", overlapping=False, antitank=True, **kw):
    b = Board(enemy={ENEMY}, **kw)
    for n in _ring(b):
        b.zocs[n] = ZocHere(kind, overlapping, antitank)
    return b


def test_17_2a_one_sp_for_each_enemy_zoc_hex_left_not_the_start():
    b = _zoc_ring()
    b.zocs[START] = ZocHere("locking")
    opts = retreats(b, "german", START, 2, ["u"], fought=[ENEMY])
    assert opts and all(r.zoc_losses == 1 for r in opts)


def test_17_2c_retreating_into_a_zoc_costs_nothing():
    opts = retreats(_zoc_ring(), "german", START, 1, ["u"], fought=[ENEMY])
    assert opts and all(r.zoc_losses == 0 for r in opts)


def test_17_2b_armour_retreats_freely_through_zocs_without_antitank():
    no_at = _zoc_ring(antitank=False, overlapping=True)
    assert all(r.zoc_losses == 0 for r in retreats(no_at, "german", START, 2, ["u"], fought=[ENEMY], armored=True))
    with_at = _zoc_ring(antitank=True)
    assert all(r.zoc_losses == 1 for r in retreats(with_at, "german", START, 2, ["u"], fought=[ENEMY], armored=True))


def test_17_4a_never_through_overlapping_zocs_or_enemy_units():
    b = _zoc_ring(overlapping=True)
    opts = retreats(b, "german", START, 2, ["u"], fought=[ENEMY])
    assert all(r.short == 1 and len(r.path) == 1 for r in opts)  # only into the ring, not through it
    walled = Board(enemy=set(Board().neighbours(START)))
    assert retreats(walled, "german", START, 1, ["u"], fought=[ENEMY])[0].short == 1


def test_17_4b_friendly_units_negate_zocs_for_retreat():
    b = _zoc_ring(overlapping=True)
    gap = _ring(b)[0]
    b.friendly.add(gap)
    opts = retreats(b, "german", START, 2, ["u"], fought=[ENEMY])
    assert opts and all(r.path[0] == gap and r.zoc_losses == 0 and r.short == 0 for r in opts)


def test_17_1b_retreat_priorities_clear_of_zoc_then_far_from_the_enemy():
    b = Board(enemy={ENEMY})
    opts = retreats(b, "german", START, 1, ["u"], fought=[ENEMY])
    far = max(b.distance(n, ENEMY) for n in _ring(b))
    assert {r.path[-1] for r in opts} == {n for n in _ring(b) if b.distance(n, ENEMY) == far}
    b.zocs[opts[0].path[-1]] = ZocHere("fluid")
    again = retreats(b, "german", START, 1, ["u"], fought=[ENEMY])
    assert opts[0].path[-1] not in {r.path[-1] for r in again}  # a ZOC-free hex first, even if nearer


def test_17_1b_unoccupied_before_occupied_and_toward_the_hq():
    b = Board(enemy={ENEMY})
    assert {r.path[0] for r in retreats(b, "german", START, 1, ["u"], fought=[ENEMY])} == {"1110", "0910", "1011"}
    b.friendly |= {"1110", "0910"}
    assert [r.path for r in retreats(b, "german", START, 1, ["u"], fought=[ENEMY])] == [("1011",)]
    two = retreats(Board(enemy={ENEMY}), "german", START, 2, ["u"], fought=[ENEMY], hq="1014")
    assert {r.path[-1] for r in two} == {"1012"}


def test_17_3a_b_overstacked_units_go_on_then_overstack():
    # 17.1B: of equally good hexes, one where the unit may stack comes first
    some = Board(enemy={ENEMY}, full={"1110", "0910"})
    assert [r.path for r in retreats(some, "german", START, 1, ["u"], fought=[ENEMY])] == [("1011",)]
    b = Board(enemy={ENEMY}, full=set(Board().neighbours(START)))
    on = retreats(b, "german", START, 1, ["u"], fought=[ENEMY])
    assert all(len(r.path) == 2 and not r.overstacked for r in on)
    everywhere = Board(enemy={ENEMY}, full=set(Board().grid.within(START, 5)))
    stuck = retreats(everywhere, "german", START, 1, ["u"], fought=[ENEMY])
    assert all(len(r.path) == 1 and r.overstacked for r in stuck)


def test_17_6a_attackers_retreat_as_if_the_defender_still_held_its_hex():
    b = Board()
    target = "1011"
    opts = retreats(b, "german", START, 2, ["u"], fought=[target], held=[target])
    assert all(target not in r.path for r in opts)
    boxed = Board(enemy=set(b.neighbours(START)) - {target})
    assert [(r.path, r.short) for r in retreats(boxed, "german", START, 1, ["u"], fought=[target], held=[target])] == [((), 1)]


def test_15_9f_no_room_to_retreat_leaves_hexes_short():
    b = Board(enemy=set(Board().neighbours(START)))
    r = retreats(b, "german", START, 3, ["u"], fought=[ENEMY])
    assert [(x.path, x.short) for x in r] == [((), 3)]


def test_17_1c_a_chosen_retreat_must_be_one_of_the_best():
    b = Board(enemy={ENEMY})
    opts = retreats(b, "german", START, 1, ["u"], fought=[ENEMY])
    check_retreat(opts[0].path, opts)
    with pytest.raises(IllegalAction, match="17.1B"):
        check_retreat(("1009",), opts)


def test_17_7_hq_and_artillery_retreat_along_keeping_their_place():
    g = Board().grid
    assert companion_path(g, "1010", ["1011", "1012"], "1110") == ["1111", "1112"]
    check_companion("hq", supported=False, travelling=False, soviet_zero_ma=False, adjacent=True)
    with pytest.raises(IllegalAction, match="17.7B"):
        check_companion("artillery", supported=True, travelling=False, soviet_zero_ma=False, adjacent=True)
    with pytest.raises(IllegalAction, match="17.7E"):
        check_companion("artillery", supported=False, travelling=False, soviet_zero_ma=True, adjacent=True)
    with pytest.raises(IllegalAction, match="17.7A"):
        check_companion("infantry", supported=False, travelling=False, soviet_zero_ma=False, adjacent=True)


# ----------------------------------------------------------------------------- advances


def test_18_2_example_d3r3_on_a_two_sp_defender_allows_four_hexes():
    a = allowance("mobile", 3, vacated=True, eliminated=True, unabsorbed=1)
    assert (a.must, a.may) == (0, 4)


def test_18_1_orders_set_the_advance():
    assert (allowance("assault", 3, vacated=True).must, allowance("assault", 3, vacated=True).may) == (1, 1)
    assert (allowance("pursuit", 3, vacated=True).must, allowance("pursuit", 3, vacated=True).may) == (3, 3)
    assert allowance("defense", 3, vacated=True).may == 0
    assert allowance("mobile", 2, vacated=False).may == 0  # 18.0A: only into a vacated hex
    assert allowance("retreat", 0, vacated=True).may == 1


@pytest.mark.parametrize("zocs, hexes", [
    ({"1012": "fluid", "1013": "fluid"}, 3),
    ({"1012": "locking"}, 2),
    ({"1012": "fluid"}, 4),
    ({"1011": "locking"}, 4),  # 18.3C: the defender's own hex is not counted
])
def test_18_3_example_zocs_shorten_the_advance(zocs, hexes):
    b = Board(zocs={h: ZocHere(k) for h, k in zocs.items()})
    b.zocs[START] = ZocHere("locking")  # leaving from beside the defender's hex is allowed (18.3A)
    assert reach(b, "german", START, "1011", ["1011", "1012", "1013", "1014"]) == hexes


def test_18_3a_locking_zoc_away_from_the_defender_holds_the_unit():
    b = Board(zocs={"1008": ZocHere("locking")})
    assert reach(b, "german", "1008", "1011", ["1011"]) == 0


def test_18_advance_refused_beyond_its_allowance_zocs_or_stacking():
    b = Board(zocs={"1012": ZocHere("locking")})
    a = allowance("mobile", 3, vacated=True)
    check_advance(b, "german", START, "1011", ["1011", "1012"], a, ["u"])
    with pytest.raises(IllegalAction, match="18.3"):
        check_advance(b, "german", START, "1011", ["1011", "1012", "1013"], a, ["u"])
    with pytest.raises(IllegalAction, match="18.2A"):
        check_advance(Board(), "german", START, "1011", ["1011", "1012", "1013", "1014"], a, ["u"])
    with pytest.raises(IllegalAction, match="18.6"):
        check_advance(Board(full={"1011"}), "german", START, "1011", ["1011"], a, ["u"])
    with pytest.raises(IllegalAction, match="18.1A"):
        check_advance(Board(), "german", START, "1011", ["1011", "1012"], allowance("assault", 3, vacated=True), ["u"])


def test_18_1a_b_compulsory_advances_must_be_taken():
    a = allowance("pursuit", 2, vacated=True)
    assert must_go_on(Board(), "german", START, "1011", ["1011"], a, ["1012"])
    assert not must_go_on(Board(), "german", START, "1011", ["1011", "1012"], a, ["1013"])
    assert not must_go_on(Board(enemy={"1012"}), "german", START, "1011", ["1011"], a, ["1012"])


def test_18_4_one_unit_follows_each_retreat_path_others_go_anywhere():
    check_paths([["1011", "1012"], ["1011", "1111"]], "1011", [["1012"]], longest=2)
    with pytest.raises(IllegalAction, match="18.4A"):
        check_paths([["1011", "1111"]], "1011", [["1012"]], longest=2)
    with pytest.raises(IllegalAction, match="18.4A"):
        check_paths([["1011"]], "1011", [["1012"]], longest=2)  # it stopped short of what it could


def test_18_5_second_line_units_follow_only_when_free_and_the_attackers_advance():
    adj = Board().grid.distance
    touching = lambda a, b: adj(a, b) == 1  # noqa: E731
    check_follower("0910", [START], in_enemy_zoc=False, orders="mobile", attackers_advanced=2, hexes=2, adjacent=touching)
    with pytest.raises(IllegalAction, match="18.5A"):
        check_follower("0910", [START], in_enemy_zoc=True, orders="mobile", attackers_advanced=2, hexes=2, adjacent=touching)
    with pytest.raises(IllegalAction, match="18.5C"):
        check_follower(START, [START], in_enemy_zoc=False, orders="mobile", attackers_advanced=0, hexes=1, adjacent=touching)
    with pytest.raises(IllegalAction, match="18.5B"):
        check_follower(START, [START], in_enemy_zoc=False, orders="mobile", attackers_advanced=1, hexes=2, adjacent=touching)
    with pytest.raises(IllegalAction, match="18.5A"):
        check_follower("1313", [START], in_enemy_zoc=False, orders="mobile", attackers_advanced=1, hexes=1, adjacent=touching)

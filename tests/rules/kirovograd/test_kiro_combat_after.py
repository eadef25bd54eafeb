"""Combat half (15-25): cases the survivors of the combat half's samples showed unpinned
(docs/mutation.md, "Kirovograd combat half"), each named by its rule case."""
from __future__ import annotations

import pytest

from kharkovsuite.engine.actions import Move
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kirovograd import advance, artillery, reinforcements, replacements, retreat, zoc
from kharkovsuite.rules.kirovograd.combat import Cover, defense_strength, preview, resolve
from kharkovsuite.rules.kirovograd.fog import MoveStopped

from .kiro2_helpers import battle, crt, data, dice, unit
from .kiro_helpers import bare, ring


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

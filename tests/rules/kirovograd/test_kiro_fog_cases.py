"""Advanced rules 29-30 case by case where the first tests left a rule unchecked (issue 24's mutation survivors):
reconnaissance of one's own counters (29.8)."""
from __future__ import annotations

import pytest

from kharkovsuite.engine import IllegalAction
from kharkovsuite.rules.kirovograd import fog
from kharkovsuite.rules.kirovograd.actions import ArmoredRecon

from .kiro_helpers import GE_PZ, PLAIN, SU_MECH, SU_TANK
from .test_kiro_fog import N, fogged


def test_29_8_a_side_reconnoitres_enemy_counters_face_down_never_its_own():
    """29.8: the challenge is of an enemy hex: a Soviet hex next to its own face-down mechanised brigade is no
    target, the German face-down panzer regiment next to it is; units that moved this round are not offered."""
    state = fogged({SU_TANK: PLAIN, SU_MECH: N[1], GE_PZ: N[0]}, side="soviet", orders={"p3": "mobile", "m5g": "mobile"})
    assert fog.face_down(state, SU_MECH) and fog.face_down(state, SU_TANK) and fog.face_down(state, GE_PZ)
    targets = fog.recon_targets(state, "soviet", [])
    assert sorted(targets) == sorted([((SU_TANK,), N[0]), ((SU_MECH,), N[0])])
    offered = [a for a in state.legal_actions().actions() if isinstance(a, ArmoredRecon)]
    assert ArmoredRecon(units=(SU_TANK,), hex=N[0]) in offered
    assert not [a for a in offered if a.hex in (PLAIN, N[1])]  # its own counters, face down, are never challenged
    with pytest.raises(IllegalAction) as e:
        state.apply(ArmoredRecon(units=(SU_TANK,), hex=N[1]))
    assert (e.value.case, e.value.reason) == ("29.8", f"{SU_TANK} may not reconnoitre {N[1]}: not one hex's units free to move "
                                                      "next to an enemy hex whose counters all show their backs")
    assert fog.recon_targets(state, "soviet", [SU_TANK]) == [((SU_MECH,), N[0])]  # moved this round: not offered
    assert sorted(fog.recon_targets(state, "german", [])) == sorted([((GE_PZ,), PLAIN), ((GE_PZ,), N[1])])  # Germany may challenge them


def test_29_3_29_1_29_4d_30_6_the_fog_actions_refused_by_case_and_reason():
    """29.3: a dummy comes out of its own box onto a hex of a friendly ground unit; 29.1: it enters no enemy ZOC
    the side knows of; 29.4D, 30.6C: the owner reveals its own face-down or hidden counters only (the case is
    30.6C for a hidden HQ); 30.6A: an HQ hides only where it may."""
    from kharkovsuite.rules.kirovograd.actions import HideHQ, PlaceDummy, RevealUnit

    from .kiro_helpers import GE_INF, SU_DIV, ring
    from .test_kiro_fog import GE_DUMMY, HQS, SU_DUMMY

    state = fogged({GE_INF: PLAIN, GE_PZ: ring(PLAIN, 3)[0], HQS[0]: ring(PLAIN, 4)[0], SU_DIV: ring(PLAIN, 6)[0]})
    assert fog.place_refusal(state, "german", SU_DUMMY, PLAIN) == ("29.3", f"{SU_DUMMY} is not a dummy of the german player in its box")
    assert fog.place_refusal(state, "german", GE_INF, PLAIN) == ("29.3", f"{GE_INF} is not a dummy of the german player in its box")
    assert fog.place_refusal(state, "german", GE_DUMMY, N[0]) == ("29.3", f"a dummy comes onto a hex holding a friendly unit, and {N[0]} holds none")
    assert fog.place_refusal(state, "german", GE_DUMMY, PLAIN) is None
    assert fog.dummies_to_place(state, "german") == [(GE_DUMMY, h) for h in sorted({PLAIN, ring(PLAIN, 3)[0], ring(PLAIN, 4)[0]})]
    state.apply(PlaceDummy(unit=GE_DUMMY, hex=PLAIN))
    assert fog.place_refusal(state, "german", GE_DUMMY, PLAIN) == ("29.3", f"{GE_DUMMY} is not a dummy of the german player in its box")
    zoc_hex = ring(state.units[SU_DIV].hex, 1)[0]
    assert fog.dummy_zoc_refusal(state, (GE_DUMMY,), (PLAIN, zoc_hex)) == (
        "29.1", f"a dummy may not enter the enemy ZOC at {zoc_hex} unless real friendly units hold it")
    assert fog.dummy_zoc_refusal(state, (GE_INF,), (PLAIN, zoc_hex)) is None  # a real unit: not 29.1's
    assert fog.revealable(state, "german") == sorted([GE_PZ, HQS[0]])  # its face-down and hidden counters, not its dummy
    with pytest.raises(IllegalAction) as e:
        state.apply(RevealUnit(unit=GE_DUMMY))
    assert (e.value.case, e.value.reason) == ("29.4D", f"{GE_DUMMY} is not a face-down or hidden counter of the german player on the map")
    events = state.apply(RevealUnit(unit=HQS[0]))
    assert [(type(e).__name__, e.unit, e.case) for e in events if hasattr(e, "token")] == [("Unmasked", HQS[0], "30.6C")]
    events = state.apply(RevealUnit(unit=GE_PZ))
    assert [(type(e).__name__, e.unit, e.case) for e in events if hasattr(e, "token")] == [("Unmasked", GE_PZ, "29.4D")]
    with pytest.raises(IllegalAction) as e:
        state.apply(HideHQ(unit=GE_INF, hex=PLAIN))
    assert (e.value.case, e.value.reason) == ("30.6A", f"{GE_INF} may not go hidden to {PLAIN}: it must be a German Army or Korps HQ "
                                                       "that can reach that town or city this round, not next to a Soviet unit")


def test_29_6a_b_a_face_down_unit_takes_losses_with_sp_markers_that_the_enemy_does_not_see():
    """29.6A: the tank brigade face down loses a step like any unit (its SP drop); 29.6B's ruse has
    nothing to imitate: the enemy's record of the counter shows no SP marker (step 0)."""
    from kharkovsuite.rules.kirovograd import counters

    state = fogged({SU_TANK: PLAIN, GE_PZ: N[0]})
    fog.turn_down(state, SU_TANK, [], "29.3")
    full = counters.sp(state, SU_TANK)
    state.units[SU_TANK].step = 1
    state.cache.clear()
    assert counters.sp(state, SU_TANK) < full and fog.face_down(state, SU_TANK)
    assert state.observation("soviet")["units"][SU_TANK]["step"] == 1
    token = state.game["masks"][SU_TANK]
    assert state.observation("german")["units"][token]["step"] == 0 and SU_TANK not in state.observation("german")["units"]


def test_30_4b_a_revealed_hq_moves_but_does_not_attack():
    from kharkovsuite.engine.actions import Move
    from kharkovsuite.rules.kirovograd.fight import AddAttacker, AttackHex

    hq = "de-8a-hq"
    state = fogged({hq: PLAIN, GE_PZ: PLAIN, SU_MECH: N[0]}, phase="combat_1_1", orders={"p3": "mobile"}, options={"hidden": True})
    fog.conceal(state, hq, [], "30.1")
    fog.reveal(state, hq, [], "30.4A")
    state.apply(AttackHex(hex=N[0]))
    assert AddAttacker(unit=hq) not in state.legal_actions().actions()
    with pytest.raises(IllegalAction) as e:
        state.apply(AddAttacker(unit=hq))
    assert e.value.case == "14.2A"
    moving = fogged({hq: PLAIN}, options={"hidden": True})
    fog.conceal(moving, hq, [], "30.1")
    fog.reveal(moving, hq, [], "30.4A")
    assert any(isinstance(a, Move) and a.units == (hq,) for a in moving.legal_actions().actions())


def test_30_5c_dumps_and_airstrips_are_places_not_counters_and_no_move_takes_them():
    """30.5C: dumps and airstrips are map places, not counters: no unit names them, so no move can take
    them anywhere."""
    from kharkovsuite.engine.actions import Move
    from kharkovsuite.rules.kirovograd.rules import new_game

    from .kiro_helpers import scenario

    state = new_game(scenario("historical"), 1, options={"dummies": True, "hidden": True, "air": True})
    places = [f"dump #{n}" for n in state.game["dumps"]] + list(state.game["airstrips"])
    assert places and not set(places) & set(state.units)
    with pytest.raises(IllegalAction):
        state.apply(Move(units=(places[0],), path=(next(iter(state.game["dumps"].values())), "0101")))


@pytest.mark.parametrize("name", ["historical", "opening-moves", "endgame"])
def test_30_5b_every_airstrip_starts_beside_not_in_a_town_behind_the_german_lines(name):
    """30.5B: each airstrip of the scenario's start stands next to a town or city hex and in none.
    Reading of "behind German lines": the strip and the town beside it are nearer a German ground unit
    than any Soviet one (dummies not counted) and lie in no Soviet ZOC."""
    from kharkovsuite.rules.kirovograd import zoc
    from kharkovsuite.rules.kirovograd.rules import new_game

    from .kiro_helpers import scenario

    state = new_game(scenario(name), 1, options={"dummies": True, "hidden": True, "air": True})
    board, soviet_zoc = state.board, zoc.zoc_of(state, "soviet")

    def nearest(side: str, hex_id: str) -> int:
        return min(board.distance(hex_id, rec.hex) for u, rec in state.units.items()
                   if rec.hex and rec.side == side and board.units[u].ground and not fog.is_dummy(state, u))

    def behind_german_lines(hex_id: str) -> bool:
        return nearest("german", hex_id) < nearest("soviet", hex_id) and hex_id not in soviet_zoc

    assert len(state.game["airstrips"]) == (2 if name == "endgame" else 3)  # 31.2.2A: the Kirovograd strip is lost with the city
    for area, h in state.game["airstrips"].items():
        towns = [n for n in board.nbrs[h] if fog.is_town(state, n)]
        assert not fog.is_town(state, h), f"{area} stands in the town hex {h}"
        assert towns, f"{area} ({h}) is next to no town or city"
        assert behind_german_lines(h) and any(behind_german_lines(t) for t in towns), area


def test_29_8_a_refused_reconnaissance_names_every_unit_of_the_stack():
    """29.8: the refusal of a stack's reconnaissance of its own counters names each unit, comma-separated."""
    state = fogged({SU_TANK: PLAIN, SU_MECH: PLAIN, GE_PZ: N[0], "su-5gm-hq": N[1]}, side="soviet", orders={"p3": "mobile", "m5g": "mobile"})
    with pytest.raises(IllegalAction) as e:
        state.apply(ArmoredRecon(units=(SU_TANK, SU_MECH), hex=N[1]))
    assert e.value.reason.startswith(f"{SU_TANK}, {SU_MECH} may not reconnoitre {N[1]}: ")

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

"""Advanced rules 29-30: tests written after the fog-after sample's figure was recorded (docs/mutation.md, issue
24), for the survivors it showed.  They do not count toward that figure."""
from __future__ import annotations

from kharkovsuite.engine.events import Unmasked
from kharkovsuite.rules.kirovograd import fog
from kharkovsuite.rules.kirovograd.actions import ArmoredRecon

from .kiro_helpers import GE_PZ, PLAIN, SU_TANK
from .test_kiro_fog import GE_DUMMY, N, fogged, token_of


def test_29_8_2_a_reconnaissance_finding_real_units_with_a_dummy_removes_the_dummy_and_shows_the_units():
    state = fogged({SU_TANK: PLAIN, GE_PZ: N[0]}, side="soviet", orders={"p3": "mobile", "m5g": "mobile"})
    state.place(GE_DUMMY, N[0])
    fog.turn_down(state, GE_DUMMY, [], "29.3")
    token = token_of(state, GE_DUMMY)
    events = state.apply(ArmoredRecon(units=(SU_TANK,), hex=N[0]))
    assert [(e.token, e.hex, e.case) for e in events if isinstance(e, fog.DummyRemoved)] == [(token, N[0], "29.8.2")]
    assert state.units[GE_DUMMY].box == fog.dummy_box("german")
    assert (GE_PZ, "29.8.2") in [(e.unit, e.case) for e in events if isinstance(e, Unmasked)]

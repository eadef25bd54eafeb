"""Combat (14-22) in play: cases the first mutation sample of the combat half found unpinned
(docs/mutation.md, "Kirovograd combat half")."""
from __future__ import annotations

from fractions import Fraction

import pytest

from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kirovograd import combat

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

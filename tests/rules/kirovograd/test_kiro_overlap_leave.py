"""13.2C with 13.3C-E: a unit starting in an Overlapping ZOC that locks it leaves it when its MA
is at least the largest MA of the units exerting that ZOC (a case the sample of part-1 mutants
found untested for an Overlapping ZOC)."""
from __future__ import annotations

from kharkovsuite.rules.kirovograd import zoc

from .kiro_helpers import GE_INF2, PLAIN, SU_DIV, SU_DIV2, bare, nbr, reach


def test_13_2C_a_unit_leaves_an_overlapping_locking_zoc_into_a_hex_free_of_enemy_zocs():
    state = bare({GE_INF2: PLAIN, SU_DIV: nbr(PLAIN, 0), SU_DIV2: nbr(PLAIN, 2)})
    here = zoc.zoc_at(state, "soviet", PLAIN, False)
    assert (here.kind, here.overlapping, here.max_ma) == ("locking", True, 5)
    found = reach(state, GE_INF2)
    assert nbr(PLAIN, 4) in found
    assert nbr(PLAIN, 1) not in found  # in the same enemy ZOC (13.2C)

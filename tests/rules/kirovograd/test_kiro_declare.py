"""Declaring attacks (14.1, 14.3D-E, 14.3I-J)."""
import pytest

from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules.kirovograd.declare import Declared, check_mandatory, check_once_per_round, check_same_orders

#: our units at A and B; the enemy at X and Y puts a ZOC on A, Z only on B
ZOCS = {"A": ["X", "Y"], "B": ["Z"]}


def _attack(targets, **units):
    return Declared({u: hx for u, hx in units.items()}, tuple(targets))


def test_14_1_attacking_one_zoc_hex_obliges_the_others():
    with pytest.raises(IllegalAction, match="14.1C: .*Y"):
        check_mandatory([_attack(["X"], a=("A", "mobile"))], ZOCS, adjacent_enemy=["X", "Y", "Z"])
    check_mandatory([_attack(["X"], a=("A", "mobile")), _attack(["Y"], b=("A", "mobile"))], ZOCS, adjacent_enemy=["X", "Y", "Z"])
    # 14.3J: artillery alone may meet the duty
    check_mandatory([_attack(["X"], a=("A", "mobile"))], ZOCS, adjacent_enemy=["X", "Y", "Z"], fired_at=["Y"])
    # 14.1A, 14.2F: no attack, no duty; a hex whose ZOC reaches no attacker adds none
    check_mandatory([], ZOCS, adjacent_enemy=["X", "Y", "Z"])
    check_mandatory([_attack(["W"], g=("A", "mobile"))], ZOCS, adjacent_enemy=["X", "Y", "Z"])  # fire at a far hex
    check_mandatory([_attack(["Z"], c=("B", "mobile"))], ZOCS, adjacent_enemy=["Z"])


def test_14_3d_e_one_attack_one_order_each_unit_once():
    with pytest.raises(IllegalAction, match="14.3D"):
        check_same_orders(_attack(["X"], a=("A", "mobile"), b=("A", "assault")))
    check_same_orders(_attack(["X"], a=("A", "mobile"), b=("B", "mobile")))
    with pytest.raises(IllegalAction, match="14.3E"):
        check_once_per_round([_attack(["X"], a=("A", "mobile")), _attack(["Y"], a=("A", "mobile"))])
    # 14.3I: two units of one stack attack two hexes
    check_once_per_round([_attack(["X"], a=("A", "mobile")), _attack(["Y"], b=("A", "mobile"))])
    with pytest.raises(IllegalAction, match="14.3E"):
        check_once_per_round([Declared({}, ("X",), ("g",)), Declared({}, ("Y",), ("g",))])

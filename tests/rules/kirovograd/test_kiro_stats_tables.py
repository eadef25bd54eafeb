"""The stats run's table reset (tests/rules/kirovograd/conftest.py, docs/mutation.md)."""
from kharkovsuite.rules.kirovograd import fight
from kharkovsuite.rules.kirovograd.board import board_for

from . import kiro2_helpers
from .conftest import drop_kept_tables
from .kiro_helpers import scenario


def test_dropping_the_kept_tables_makes_the_next_game_build_its_board_and_chart_again():
    board, crt, data = board_for(scenario()), fight._crts(scenario()), kiro2_helpers.data()
    assert board_for(scenario()) is board
    assert drop_kept_tables() >= 3
    assert board_for(scenario()) is not board
    assert fight._crts(scenario()) is not crt
    assert kiro2_helpers.data() is not data

"""1.0: the cases the Kirovograd rules name read as the rulebook numbers them (the check every Kirovograd test
runs under, ``conftest._every_case_named_reads_as_the_rulebook_numbers_it``)."""
from __future__ import annotations

import pytest

from kharkovsuite.engine import IllegalAction
from kharkovsuite.engine.events import Event
from kharkovsuite.engine.state import Decision
from kharkovsuite.rules.kirovograd import air

from .conftest import is_kirovograd_case


@pytest.mark.parametrize("case", ["28.11A", "6.2.4A.a", "28.2D-E", "4.B", "3.5.1D, 28.3.3A", "29.8.1", "8.5.1C",
                                  "20.0D-E", "15.4A-C", "11.C", "28.10.4A", "24.5B and 24.1A"])
def test_1_0_the_rulebooks_cases_read_as_cases(case):
    assert is_kirovograd_case(case)


@pytest.mark.parametrize("case", ["28.11a", "6.2.4a.a", "6.2.4A.A", "28.3.3e", "XX28.11AXX", "28.11AB", "28..3"])
def test_1_0_a_case_in_the_wrong_letters_is_refused_wherever_it_is_named(case):
    assert not is_kirovograd_case(case)
    with pytest.raises(TypeError):
        IllegalAction(case, "a refusal")
    with pytest.raises(TypeError):
        Decision(air.LOSS, "german", case, {})
    with pytest.raises(TypeError):
        air.AirLoss(unit="de-air-ju87-1", lost=1, left=3, case=case)
    assert isinstance(air.AirLoss(unit="de-air-ju87-1", lost=1, left=3, case="28.10.4A"), Event)

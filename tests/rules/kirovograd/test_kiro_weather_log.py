"""4.A: the weather segment logs the Soviet player's die and the weather found, both under 4.A."""
from __future__ import annotations

from kharkovsuite.engine.events import DiceRolled
from kharkovsuite.rules.kirovograd.sequence import WeatherRolled

from .kiro_helpers import fresh


def test_4_A_the_weather_die_and_the_weather_found_are_logged_under_4_A():
    state = fresh(1)
    rolls = [e for e in state.log if isinstance(e, DiceRolled) and e.purpose.startswith("weather")]
    found = [e for e in state.log if isinstance(e, WeatherRolled)]
    assert [(e.purpose, e.case) for e in rolls] == [("weather (Soviet player)", "4.A")]
    assert [(e.weather, e.light, e.case) for e in found] == [(state.turn_data["weather"], state.turn_data["light"], "4.A")]

"""The game log's words for the automatic steps of the Kirovograd turn (3.2, 4.A, 7.D): a player's words, no identifier
nor Python dictionary."""
from kharkovsuite.rules.kirovograd.orders import InitiativeFound
from kharkovsuite.rules.kirovograd.sequence import SupplyDelivered, WeatherRolled
from kharkovsuite.rules.kirovograd.supply import OFF_MAP_TRACK, SOVIET_TRACK


def test_4_a_the_weather_rolled_is_named_in_words():
    assert WeatherRolled(weather="low_cloud", light="day", case="4.A").text() == "weather: low cloud (day)"


def test_7_d_the_initiative_totals_read_side_by_side():
    text = InitiativeFound(totals={"soviet": 4, "german": 7}, first="german", case="7.D").text()
    assert text == "initiative: german 7, soviet 4; german moves first"


def test_3_2_the_supply_delivered_names_each_track():
    text = SupplyDelivered(points={"german:2": 5, OFF_MAP_TRACK: 3, SOVIET_TRACK: 10}, case="3.2").text()
    assert text == "supply points delivered: dump #2 +5, the off-map dump +3, the Soviet track +10"

"""What the rulebook states outright about the charts it does not print.

Every reconstructed chart must keep these values; :mod:`.checks` refuses a scenario that does
not, naming the case.  Nothing here is a reconstruction.
"""
from __future__ import annotations

#: 15.7A, 15.8B-C, 19.4 example: the CRT's odds columns, weakest first (3-2 lies left of 2-1).
CRT_COLUMNS = ("1-3", "1-2", "1-1", "3-2", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1", "8-1", "9-1")
#: 15.8A: two dice.
CRT_ROWS = tuple(range(2, 13))
#: Cells the text quotes: (column, roll) -> result.
CRT_CELLS = {
    ("4-1", 6): "A1/D1R1",  # 15.8 example
    ("1-2", 11): "D1R2",  # 16.3 example
}
#: 18.2 example: a D3R3 result exists somewhere on the table.
CRT_RESULTS_PRESENT = ("D3R3",)
#: 16.3 example: the D1R2 there is converted by the options matrix, so it is not underlined.
CRT_NOT_UNDERLINED = (("1-2", 11),)
#: 28.11A-B: anti-aircraft fire reads these columns.
AA_COLUMNS = {"hq_or_artillery": "1-1", "three_sp": "1-3"}

#: 6.1A: the five orders.
ORDERS = ("assault", "defense", "mobile", "retreat", "pursuit")
#: 15.9 example: (attacker orders, defender orders) -> the four codes.
OPTIONS_CELLS = {("assault", "retreat"): "MP/OM"}

#: 13.7A: no ZOC extends into these cover classes.
ZOC_NEVER_INTO = ("city", "town", "fortified_across")
#: 13.3F: only Overlapping ZOCs can lock at night or in fog.
ZOC_NO_LOCKING_IN = ("night", "fog")
#: 13.7B: a ZOC extends into a balka hex only from these places.
ZOC_BALKA_FROM = ("same_balka", "adjacent_hill")
#: 10.3A: hills are clear terrain for ZOCs.
ZOC_HILL_IS = "open"

#: 24.6, exactly: die roll -> (the Viking units, when they enter).
VIKING = {
    1: ((), None),
    2: ((), None),
    3: (("recon",), "next_turn"),
    4: (("recon", "wal", "nr"), "turn_after_next"),
    5: (("recon", "panzer", "wal", "ger"), "next_turn"),
    6: (("all",), "this_turn"),
}
#: 24.1C: the optional timed rolls: reinforcement -> the turn it is rolled for.
REINFORCEMENT_ROLL_TURNS = {"bn905": 3, "ss3": 5, "gd": 6, "kga": 10}

#: 1.0C, 27.A, errata: 24 turns from 5 January Day to 16 January Night, the even ones night turns.
TURNS = 24
FIRST_DATE = "1944-01-05"
#: 3.2A: every night turn each side gets five supply points.
NIGHT_SUPPLY = 5
#: 25.1B: the Soviet armour replacements of 10 January Day (turn 11), if Kirovograd is clear.
SOVIET_ARMOR_RP = {11: 10}

#: 6.2: supply points an order costs each side.
ORDER_COSTS = {
    "assault": {"german": 2, "soviet": 3},  # 6.2.1G
    "defense": {"german": 0, "soviet": 0},  # 6.2.2D: 1 if any unit fights
    "mobile": {"german": 1, "soviet": 1},  # 6.2.3D
    "retreat": {"german": 0, "soviet": 0},  # 6.2.4B
    "pursuit": {"german": 1, "soviet": 1},  # 6.2.5E
}
#: 6.2: column shifts of the orders (positive: to the right).
ORDER_SHIFTS = {
    "assault": {"attacking": 1, "attacked": 0},  # 6.2.1B
    "defense": {"attacking": 0, "attacked": -1},  # 6.2.2C
    "mobile": {"attacking": 0, "attacked": 0},  # 6.2.3A
    "retreat": {"attacking": 0, "attacked": 0},  # 6.2.4
    "pursuit": {"attacking": -2, "attacked": 1},  # 6.2.5A
}
#: 12.4C-D: reserve markers.
RESERVE_MARKERS = {"german": 8, "soviet": 5}
#: 8.7, 26.2F-G: supply points at the start of the campaign.
INITIAL_SUPPLY = {"soviet": 100, "german_on_map": 60, "german_off_map": 30}
#: 2.0A: the counter sheet.
COUNTERS = 300
#: 28.0A: air units a side.
AIR_UNITS = 11

#: 27.B: victory points.
VP_PER_SP = {"infantry": 1, "armor": 2, "artillery_hq_air": 3}  # per eliminated enemy SP (or air point)
VP_DESTROYED_FACTOR = 2  # a unit destroyed outright counts twice its value
VP_PLACES = {"kirovograd": 5, "novomirgorod": 10, "novo_ukrainka": 15}  # for holding (27.C)
#: +VP for the USSR taking Kirovograd by the end of this game turn (before 7, 8, 9 January)
VP_KIROVOGRAD_EARLY = {4: 20, 6: 15, 8: 10}

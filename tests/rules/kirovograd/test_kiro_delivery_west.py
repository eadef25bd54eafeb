"""8.5.1C: German supply points are delivered to the emptier on-map dump linked to the west
edge; only without such a dump do they go to the off-map dump (8.5.2D)."""
from __future__ import annotations

from kharkovsuite.rules.kirovograd import supply
from kharkovsuite.rules.kirovograd.board import game_turn

from .kiro_helpers import bare


def _german_delivery_turn(state) -> int:
    record = state.board.data.turn_record
    return next(t for t in sorted(record) if record[t].supply.get("german")) - game_turn(state) + state.turn


def test_8_5_1C_german_points_go_to_the_emptier_on_map_dump_linked_to_the_west_edge():
    state = bare({})  # no unit on the map: every hex is linked to the west edge
    state.turn = _german_delivery_turn(state)
    assert state.board.west_roads and set(state.game["dumps"]) == {"1", "2"}
    state.game["supply"].update({"german:1": 7, "german:2": 4, "german:3": 0})
    got = supply.deliver(state, [])
    amount = state.board.data.turn_record[game_turn(state)].supply["german"]
    assert got["german:2"] == amount and "german:1" not in got and "german:3" not in got
    assert supply.points(state, "german:2") == 4 + amount and supply.points(state, "german:3") == 0

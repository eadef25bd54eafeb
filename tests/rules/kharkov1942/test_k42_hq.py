"""HQs (10.0) with supply and command: displacement (10.17, 10.18), activation (10.3), and
what an HQ gives (10.11, 10.21-10.24)."""
from __future__ import annotations

from pathlib import Path

import pytest
from k42_helpers import position

from kharkovsuite.engine.events import Eliminated, FlagChanged

from kharkovsuite.rules.kharkov1942 import hq, supply

SHIPPED = Path(__file__).resolve().parents[3] / "scenarios" / "kharkov-1942.yaml"


def displace_now(state, unit_id):
    """Displace ``unit_id`` as combat does: off its hex, then placed or offered to its owner (10.17)."""
    events = []
    hq.displace(state, unit_id)
    hq.offer_displacements(state, events)
    return events


def test_10_17_a_displaced_hq_supplies_nothing_until_reactivated():
    state = position({"su-hq6": "0501", "su-r1": "0503", "su-r2": "0301"})
    state.set_flag("su-hq6", "inactive", False)
    assert supply.in_supply(state, "su-r1")
    displace_now(state, "su-hq6")
    state.apply(hq.PlaceDisplacedHQ("su-hq6", "0301", ("0301", "0503")))
    assert state.units["su-hq6"].hex == "0301"
    assert not supply.command_status(state, "su-r1").in_command
    assert "inactive" in state.units["su-hq6"].flags
    assert not supply.in_supply(state, "su-r2") and not supply.in_supply(state, "su-r1")
    hq.reactivate_displaced(state, "soviet", [])
    assert supply.in_supply(state, "su-r1") and supply.in_supply(state, "su-r2")


def test_10_17_the_owner_chooses_among_equally_near_hexes():
    state = position({"su-hq6": "0501", "su-r1": "0503", "su-r2": "0301"}, phase="axis-combat")
    displace_now(state, "su-hq6")
    assert state.units["su-hq6"].hex is None and state.units["su-hq6"].box == hq.DISPLACING
    assert state.to_act == "soviet" and state.pending[-1].case == "10.17"
    offered = list(state.legal_actions())
    assert offered == [hq.PlaceDisplacedHQ("su-hq6", h, ("0301", "0503")) for h in ("0301", "0503")]
    events = state.apply(offered[1])  # the higher hex id: the owner's choice, not the engine's
    assert state.units["su-hq6"].hex == "0503" and not state.pending
    assert [(e.unit, e.to, e.case) for e in events if e.kind == "Displaced"] == [("su-hq6", "0503", "10.17")]


def test_10_17_a_single_nearest_hex_needs_no_decision():
    state = position({"su-hq6": "0501", "su-r1": "0503", "su-r2": "0305"}, phase="axis-combat")
    events = displace_now(state, "su-hq6")
    assert not state.pending and state.units["su-hq6"].hex == "0503"
    assert [e.to for e in events if e.kind == "Displaced"] == ["0503"]


def test_10_17_a_displaced_hq_may_not_go_to_a_farther_hex():
    from kharkovsuite.engine import IllegalAction

    state = position({"su-hq6": "0501", "su-r1": "0503", "su-r2": "0301", "su-r3": "0909"}, phase="axis-combat")
    displace_now(state, "su-hq6")
    with pytest.raises(IllegalAction) as err:
        state.apply(hq.PlaceDisplacedHQ("su-hq6", "0909", ("0301", "0503")))
    assert err.value.case == "10.17" and "0301, 0503" in str(err.value)
    assert state.units["su-hq6"].hex is None and state.pending


def test_10_17_the_choice_reads_plainly_and_names_the_hexes():
    action = hq.PlaceDisplacedHQ("su-hq6", "0301", ("0301", "0503"))
    assert str(action) == "Place displaced HQ su-hq6 in 0301 (nearest: 0301, 0503)"
    from kharkovsuite.engine.actions import action_from_dict

    assert action_from_dict(action.to_dict()) == action  # saves and replays keep the choice


def test_10_18_an_hq_is_not_eliminated_while_a_friendly_combat_unit_remains():
    state = position({"su-hq6": "0501", "su-r1": "0909"})
    displace_now(state, "su-hq6")
    assert state.units["su-hq6"].hex == "0909"
    alone = position({"su-hq6": "0501"})
    events = displace_now(alone, "su-hq6")
    assert alone.units["su-hq6"].hex is None and alone.units["su-hq6"].box == "eliminated"
    assert [e for e in events if e.kind == "Eliminated"] == [
        Eliminated(unit="su-hq6", hex="0501", reason="no friendly combat unit left", case="10.18")]
    assert "su-hq6" in alone.game["eliminated"]


def test_10_24_one_hq_serves_any_number_of_units():
    state = position({"su-hq6": "0501", "su-r1": "0502", "su-r2": "0402", "su-r3": "0602", "su-r4": "0503"})
    state.set_flag("su-hq6", "inactive", False)
    assert all(supply.in_supply(state, u) for u in ("su-r1", "su-r2", "su-r3", "su-r4"))
    assert all(supply.command_status(state, u).hq == "su-hq6" for u in ("su-r1", "su-r2", "su-r3", "su-r4"))


def test_10_3_an_hq_turns_active_on_its_turn_and_then_supplies():
    state = position({"su-hq6": "0501", "su-r1": "0503"}, turn=1)
    assert "inactive" in state.units["su-hq6"].flags and not supply.in_supply(state, "su-r1")
    from kharkovsuite.rules.kharkov1942 import sequence

    sequence.go_to(state, "soviet-movement", 2)  # su-hq6 activates on GT 2
    assert "inactive" not in state.units["su-hq6"].flags
    assert supply.in_supply(state, "su-r1")


def test_10_15_an_hq_exerts_no_zoc():
    from kharkovsuite.rules.kharkov1942.zoc import in_enemy_zoc

    state = position({"su-hq6": "0406", "ge-1": "0407"}, phase="axis-movement")
    assert not in_enemy_zoc(state, "0407", "axis")
    assert "0405" in state.legal_moves("ge-1")  # moves past the HQ without stopping
    state = position({"su-hq6": "0406", "su-g1": "0406", "ge-1": "0407"}, phase="axis-movement")
    assert in_enemy_zoc(state, "0407", "axis")


def test_10_25_a_soviet_unit_with_no_line_from_an_active_hq_defends_at_half_strength():
    from k42_helpers import reveal_as

    from kharkovsuite.rules.kharkov1942 import combat

    state = position({"su-hq6": "0501", "su-g1": "0503", "ge-1": "0504"}, phase="axis-combat", turn=2)
    assert supply.in_supply(state, "su-g1")
    full, _ = combat.defense_strength(state, "su-g1", set())
    state = position({"su-hq6": "0501", "su-g1": "0503", "ge-1": "0504"}, phase="axis-combat", turn=2)
    state.set_flag("su-hq6", "inactive", True)
    assert not supply.in_supply(state, "su-g1")
    half, _ = combat.defense_strength(state, "su-g1", set())
    assert full == 5 and half == 2  # 5 halved, fraction dropped (11.43)


def test_10_31_to_10_34_the_shipped_hqs_follow_the_stavka_schedule():
    from pathlib import Path

    from kharkovsuite.engine import new_game
    from kharkovsuite.rules.kharkov1942 import sequence

    state = new_game(Path(__file__).resolve().parents[3] / "scenarios" / "kharkov-1942.yaml", 0)

    def active():
        return sorted(u for u, r in state.units.items() if state.board.is_hq(u) and r.side == "soviet"
                      and "inactive" not in r.flags)

    assert all(state.units[u].hex for u in state.units if state.board.is_hq(u))  # 10.31: all on the map
    assert active() == ["su-hq-28", "su-hq-6"]  # 10.32: active from the start of GT 1
    sequence.go_to(state, "soviet-movement", 2)
    assert active() == ["su-hq-28", "su-hq-57", "su-hq-6"]  # 10.33
    for turn in (3, 4):
        sequence.go_to(state, "soviet-movement", turn)
        assert active() == ["su-hq-28", "su-hq-57", "su-hq-6"]
    sequence.go_to(state, "soviet-movement", 5)
    assert active() == ["su-hq-28", "su-hq-37", "su-hq-38", "su-hq-57", "su-hq-6", "su-hq-9"]  # 10.34


def test_11_44_units_out_of_supply_are_never_eliminated_for_it():
    from kharkovsuite.engine import EndPhase

    state = position({"su-g1": "0505", "ge-1": "0909"}, phase="soviet-movement", turn=2)
    assert not supply.in_supply(state, "su-g1")  # no HQ at all
    while state.turn < 4 and not state.is_terminal:
        state.apply(EndPhase())
    assert state.units["su-g1"].hex == "0505" and state.units["su-g1"].step == 0
    assert "su-g1" not in state.game["eliminated"]


@pytest.mark.parametrize("player", ["random", "greedy", "ai"])
def test_10_17_every_computer_player_places_a_displaced_hq(player):
    from kharkovsuite.ai import make_player

    state = position({"su-hq6": "0501", "su-r1": "0503", "su-r2": "0301", "ge-1": "0909"}, phase="axis-combat")
    displace_now(state, "su-hq6")
    action = make_player(player, "soviet", 1, "kharkov1942").choose(state)
    assert action in list(state.legal_actions())
    state.apply(action)
    assert state.units["su-hq6"].hex in ("0301", "0503")


def test_10_17_a_hex_holding_only_an_hq_is_no_refuge():
    from kharkovsuite.engine import new_game

    state = new_game(SHIPPED, 0)  # the test map has one HQ a side; the shipped game has several
    for uid, rec in state.units.items():
        if rec.hex is not None:
            state.to_box(uid, "test-off-map")
    b = state.board
    origin = "2214"
    next_door = b.nbr_ids[origin][0]
    farther = sorted(h for h in b.ids if b.hex_distance(origin, h) == 3)[0]
    rifle = next(u for u, r in state.units.items() if r.side == "soviet" and not b.is_hq(u))
    state.place("su-hq-6", origin)
    state.place("su-hq-28", next_door)
    state.place(rifle, farther)
    assert hq.nearest_friendly_hexes(state, "su-hq-6", origin) == [farther]


def test_10_17_displaced_hqs_of_the_phasing_side_only_reactivate_and_it_is_logged():
    state = position({"su-hq6": "0501", "su-r1": "0503", "ro-hq": "0907", "ro-1": "0909"})
    for uid in ("su-hq6", "ro-hq"):
        state.set_flag(uid, "inactive", True)
        state.set_flag(uid, "displaced", True)
    events = []
    hq.reactivate_displaced(state, "soviet", events)
    assert events == [FlagChanged(unit="su-hq6", flag="active", on=True, case="10.17")]
    assert not {"inactive", "displaced"} & state.units["su-hq6"].flags
    assert {"inactive", "displaced"} <= state.units["ro-hq"].flags


def test_10_21_the_refusal_names_each_hex_that_cuts_the_line():
    state = position({"su-hq6": "0501", "su-r1": "0101", "ge-1": "0102", "ge-2": "0302"}, phase="soviet-combat", turn=2)
    assert hq.why_no_command(state, "su-r1") == (
        "su-r1 has no Line of Communications from an active HQ (9.15, 10.21): "
        "0102: enemy-occupied hex (11.1); 0103: enemy ZOC not negated by a friendly unit (11.1)")


def test_10_3_only_non_active_hqs_whose_turn_has_come_turn_active():
    state = position({"su-hq6": "0501", "su-r1": "0503", "ro-hq": "0907"}, turn=2)  # su-hq6 is due on GT 2
    for uid in ("su-hq6", "ro-hq"):
        state.set_flag(uid, "inactive", True)
    events = []
    hq.activate_scheduled(state, events)
    assert events == [FlagChanged(unit="su-hq6", flag="active", on=True, case="10.3")]
    again = []
    hq.activate_scheduled(state, again)  # already active: nothing more to say
    assert again == [] and "inactive" in state.units["ro-hq"].flags  # ro-hq has no turn of its own here


def test_10_17_a_displaced_hq_waits_for_its_disruption_removal_even_on_its_activation_turn():
    state = position({"su-hq6": "0501", "su-r1": "0503"}, turn=1)
    state.set_flag("su-hq6", "displaced", True)
    from kharkovsuite.rules.kharkov1942 import sequence

    sequence.go_to(state, "soviet-movement", 2)
    assert {"inactive", "displaced"} <= state.units["su-hq6"].flags

"""Advanced rules 29 (dummies, tank-backed counters) and 30 (hidden units): the cases one by one,
and random games in which neither side's observation nor its log names what the rules hide."""
from __future__ import annotations

import json
import random
import re

import pytest

from kharkovsuite.engine import IllegalAction
from kharkovsuite.engine.actions import EndPhase, Move
from kharkovsuite.engine.events import Masked, Unmasked
from kharkovsuite.rules.kirovograd import fog, sequence
from kharkovsuite.rules.kirovograd.actions import HideHQ, PlaceDummy, Reconnoitre, RevealUnit
from kharkovsuite.rules.kirovograd.board import SIDES, other
from kharkovsuite.rules.kirovograd.rules import new_game

from kharkovsuite.rules.kirovograd.fight import AddAttacker, AddSupport, AttackHex, ConfirmAttack

from .kiro_helpers import scenario
from .kiro_helpers import GE_INF, GE_PZ, PLAIN, SCENARIOS, SU_ART, SU_DIV, SU_MECH, SU_TANK, bare, ring
from .test_kiro_fight import declare

N = ring(PLAIN, 1)

ALL = {"dummies": True, "hidden": True}


def game(seed: int = 1, name: str = "historical", options=ALL):
    return new_game(scenario(name), seed, options=dict(options))


def named(text: str, uid: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(uid)}(?![\w-])", text) is not None


def to_phase(state, phase_id: str, rng=None):
    """Play on (orders by the first legal choice, phases ended at once) until ``phase_id`` with no decision pending."""
    rng = rng or random.Random(0)
    while not (state.phase.id == phase_id and not state.pending):
        legal = state.legal_actions().actions()
        ends = [a for a in legal if isinstance(a, EndPhase)]
        state.apply(ends[0] if ends else legal[0] if not state.pending or state.pending[-1].kind != "orders" else legal[rng.randrange(len(legal))])
    return state


def fogged(placed: dict[str, str], side: str = "german", phase: str = "move_1_1", orders=None, options=ALL):
    """A bare position (:func:`.kiro_helpers.bare`) played with the advanced rules 29 and 30: the
    dummies in their boxes, the tank-backed units face down, the German higher HQs hidden."""
    state = bare(placed, side=side, phase=phase, orders=orders)
    state.options = dict(options)
    for u, rec in state.units.items():
        if fog.is_dummy(state, u) and rec.hex is None:
            state.to_box(u, fog.dummy_box(rec.side))
    fog.start(state, [])
    state.game["fog_phase"] = state.phase_index
    return state


def token_of(state, unit_id):
    return state.game["masks"][unit_id]


GE_DUMMY = "de-dummy-1"
SU_DUMMY = "su-dummy-1"


def test_29_0_the_basic_game_masks_nothing():
    state = game(options={})
    assert not state.game.get("masks")
    assert set(state.observation("german")["units"]) == set(state.units)
    assert state.events_for("soviet") == state.log


def test_26_3b_29_4a_tank_backed_units_start_face_down_to_the_enemy_only():
    state = game()
    assert fog.face_down(state, SU_TANK) and not fog.face_down(state, SU_DIV)  # a rifle division shows its face
    seen = state.observation("german")
    text = json.dumps(seen)
    assert not named(text, SU_TANK)
    record = seen["units"][token_of(state, SU_TANK)]
    assert record == {"side": "soviet", "type": fog.FACE_DOWN, "hex": state.units[SU_TANK].hex, "box": None, "step": 0,
                      "flags": [], "values": None, "data": None}
    assert state.observation("soviet")["units"][SU_TANK]["type"] == state.units[SU_TANK].type  # its owner sees it


def test_29_3_dummies_wait_unseen_and_come_onto_a_hex_of_a_friendly_unit():
    state = fogged({GE_INF: PLAIN, SU_DIV: ring(PLAIN, 4)[0]})
    assert state.units[GE_DUMMY].box == fog.dummy_box("german")
    assert not named(json.dumps(state.observation("soviet")), GE_DUMMY)
    assert PlaceDummy(unit=GE_DUMMY, hex=PLAIN) in state.legal_actions().actions()
    with pytest.raises(IllegalAction, match="^29.3"):
        state.apply(PlaceDummy(unit=GE_DUMMY, hex=N[0]))
    state.apply(PlaceDummy(unit=GE_DUMMY, hex=PLAIN))
    assert state.units[GE_DUMMY].hex == PLAIN and fog.face_down(state, GE_DUMMY)
    assert any(isinstance(a, Move) and a.units == (GE_DUMMY,) for a in state.legal_actions().actions())  # it moves on this round


def test_29_1_a_dummy_enters_no_enemy_zoc_unless_real_friends_hold_the_hex():
    far = ring(PLAIN, 2)[0]
    state = fogged({GE_INF: PLAIN, SU_DIV: far})
    state.apply(PlaceDummy(unit=GE_DUMMY, hex=PLAIN))
    zoc_hex = next(h for h in N if state.board.distance(h, far) == 1)
    dests = {a.path[-1] for a in state.legal_actions().actions() if isinstance(a, Move) and a.units == (GE_DUMMY,)}
    assert dests and zoc_hex not in dests
    with pytest.raises(IllegalAction, match="^29.1"):
        state.apply(Move(units=(GE_DUMMY,), path=(PLAIN, zoc_hex)))
    state.apply(Move(units=(GE_INF,), path=(PLAIN, zoc_hex)))
    state.apply(Move(units=(GE_DUMMY,), path=(PLAIN, zoc_hex)))  # real friends hold it now
    assert state.units[GE_DUMMY].hex == zoc_hex


def test_29_2a_a_dummy_never_attacks():
    state = fogged({GE_INF: PLAIN, SU_DIV: N[0]}, phase="combat_1_1")
    state.place(GE_DUMMY, N[1])
    state.apply(AttackHex(hex=N[0]))
    with pytest.raises(IllegalAction, match="^14.2A"):
        state.apply(AddAttacker(unit=GE_DUMMY))


def test_29_2b_29_4b_c_an_attack_turns_attackers_and_defenders_face_up_and_removes_the_dummies_there():
    state = fogged({GE_PZ: N[0], SU_TANK: PLAIN, SU_DIV: PLAIN}, phase="combat_1_1", orders={"p3": "assault", "c48": "defense"})
    state.place(SU_DUMMY, PLAIN)
    fog.turn_down(state, SU_DUMMY, [], "29.3")
    assert fog.face_down(state, GE_PZ) and fog.face_down(state, SU_TANK)
    dummy_token = token_of(state, SU_DUMMY)
    events = declare(state, PLAIN, GE_PZ)
    assert not fog.face_down(state, GE_PZ) and not fog.face_down(state, SU_TANK)
    assert state.units[SU_DUMMY].box == fog.dummy_box("soviet")
    removed = [e for e in events if isinstance(e, fog.DummyRemoved)]
    assert [(e.token, e.hex, e.case) for e in removed] == [(dummy_token, PLAIN, "29.2B")]
    assert not named(json.dumps([e.to_dict() for e in state.events_for("german")]), SU_DUMMY)


def test_29_4b_fired_on_by_artillery_alone_the_defenders_stay_face_down():
    orders = {"c48": "assault", "a53": "assault", "p3": "mobile"}
    state = fogged({SU_ART: ring(PLAIN, 5)[0], GE_PZ: PLAIN}, side="soviet", phase="combat_1_1", orders=orders)
    state.apply(AttackHex(hex=PLAIN))
    state.apply(AddSupport(unit=SU_ART))
    state.apply(ConfirmAttack())
    assert fog.face_down(state, GE_PZ)


def test_29_4d_the_owner_may_turn_a_counter_face_up():
    state = fogged({GE_PZ: PLAIN, SU_DIV: ring(PLAIN, 4)[0]})
    assert RevealUnit(unit=GE_PZ) in state.legal_actions().actions()
    events = state.apply(RevealUnit(unit=GE_PZ))
    assert [type(e) for e in events] == [Unmasked] and events[0].case == "29.4D"
    assert GE_PZ in state.observation("soviet")["units"]
    with pytest.raises(IllegalAction, match="^29.4D"):
        state.apply(RevealUnit(unit=GE_INF))


def _town_with_room():
    board = game().board
    return board, next(h for h in board.ids if board.terrain(h) == "town"
                       and all(board.terrain(n) == "clear" for n in ring(h, 1) + ring(h, 2) + ring(h, 3)))


def test_29_5_a_soviet_tank_moving_next_to_a_town_turns_face_up_unless_a_soviet_unit_passed_it_before():
    board, town = _town_with_room()
    start = ring(town, 3)[0]
    stay_away = next(n for n in board.nbrs[start] if board.distance(n, town) == 3)
    near = next(n for n in board.nbrs[start] if board.distance(n, town) == 2)
    beside = next(n for n in board.nbrs[near] if board.distance(n, town) == 1)
    enemy = {GE_INF: ring(town, 9)[0]}

    def tank():
        return fogged({SU_TANK: start, **enemy}, side="soviet", orders={"m5g": "mobile"})

    away = tank()
    away.apply(Move(units=(SU_TANK,), path=(start, stay_away)))
    assert fog.face_down(away, SU_TANK)
    close = tank()
    events = close.apply(Move(units=(SU_TANK,), path=(start, near, beside)))
    assert not fog.face_down(close, SU_TANK)
    assert [e.case for e in events if isinstance(e, Unmasked)] == ["29.5A"]
    passed = tank()
    passed.game["soviet_towns"] = [town]  # 29.5B
    passed.apply(Move(units=(SU_TANK,), path=(start, near, beside)))
    assert fog.face_down(passed, SU_TANK)

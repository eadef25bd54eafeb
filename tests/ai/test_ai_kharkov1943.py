"""Kharkov 1943's first computer player (kharkovsuite.ai.kharkov1943): activations (3), moves (6)
toward the victory places (18), determinism, and blindness to the dice."""
from __future__ import annotations

from kharkovsuite.ai import make_player
from kharkovsuite.ai.core.observed import Observed
from kharkovsuite.ai.kharkov1943 import K43Player
from kharkovsuite.engine.actions import Move
from kharkovsuite.rules.kharkov1943.actions import Activate, Pass

from tests.rules.kharkov1943.k43_helpers import GE_HQ, PLAIN, SU_DIV, SU_DIV2, SU_HQ, bare, fresh, ring


def _soviet_group():
    """The Soviet 6th Army HQ with two rifle divisions beside it on open ground, nothing else."""
    near = ring(PLAIN, 1)
    return bare({SU_HQ: PLAIN, SU_DIV: near[0], SU_DIV2: near[1]}, side="soviet")


def test_3_1_the_ai_passes_when_no_hq_commands_a_unit_that_could_act():
    state = bare({GE_HQ: PLAIN}, side="german")
    assert isinstance(make_player("ai", "german", 1, "kharkov1943").choose(state), Pass)


def test_3_2_the_ai_activates_the_hq_whose_units_can_make_for_the_objectives():
    state = _soviet_group()
    action = make_player("ai", "soviet", 1, "kharkov1943").choose(state)
    assert action == Activate(hq=SU_HQ)


def test_6_the_ai_moves_a_unit_of_its_activation_nearer_the_victory_places():
    state = _soviet_group()
    player = K43Player("soviet", 1)
    state.apply(player.choose(state))
    move = player.choose(state)
    assert isinstance(move, Move)
    goal = Observed(state, "soviet").distance_field(player.objectives(Observed(state, "soviet")))
    assert goal[move.path[-1]] < goal[move.path[0]]


def test_6_the_ai_ends_its_activation_when_no_unit_gains_by_moving():
    """Two divisions on a victory place the Soviets do not control yet, their HQ three hexes back."""
    place = K43Player.victory_hexes(fresh())[0]
    state = bare({SU_DIV: place, SU_DIV2: place, SU_HQ: ring(place, 3)[0]}, side="soviet")
    state.apply(Activate(hq=SU_HQ))
    player = K43Player("soviet", 1, level="easy")
    assert place in player.objectives(Observed(state, "soviet"))
    assert player.choose(state).kind == "EndActivation"


def test_the_ai_choice_is_the_same_for_a_seed_whatever_the_dice_hold():
    a, b = fresh(3), fresh(3)
    b.rng.seed(99)  # other dice ahead: the player must not see them
    for _ in range(3):
        pa = K43Player(a.to_act, 7).choose(a)
        pb = K43Player(b.to_act, 7).choose(b)
        assert pa == pb
        a.apply(pa)
        b.apply(pb)


def test_18_the_ai_keeps_a_garrison_in_a_victory_place_it_holds():
    """A rifle division alone in a place the Soviets control stays; the HQ beside it may move."""
    place = K43Player.victory_hexes(fresh())[0]
    state = bare({SU_DIV: place, SU_HQ: ring(place, 1)[0]}, side="soviet")
    state.game.setdefault("control", {})[place] = "soviet"
    state.apply(Activate(hq=SU_HQ))
    player = K43Player("soviet", 1, level="easy")
    assert place not in player.objectives(Observed(state, "soviet"))
    for _ in range(5):
        action = player.choose(state)
        if not isinstance(action, Move):
            break
        assert SU_DIV not in action.units
        state.apply(action)


def test_9_an_hq_keeps_level_with_its_units_rather_than_running_ahead_to_the_objectives():
    """9.2: Soviet units trace supply to an Army HQ at most five hexes off: one that ran on to the
    objectives, out of their reach, would leave them cut off."""
    state = _soviet_group()
    player = K43Player("soviet", 1)
    seen = Observed(state, "soviet")
    fields = player.fields(seen)
    goal = fields[0]
    here = seen.units[SU_DIV]["hex"]
    level = goal[here]
    assert level > 8
    grid = seen.map.grid
    with_units = next(h for h, d in sorted(goal.items()) if d == level and grid.distance(h, here) <= 2)
    ahead = next(h for h, d in sorted(goal.items()) if d == level - 8)
    assert player.hex_score(seen, SU_HQ, with_units, fields) < player.hex_score(seen, SU_HQ, ahead, fields)

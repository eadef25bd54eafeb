"""Kharkov 1943's movement search (6, 4.2, 3.5, 6.5, 7.7) made fast: the one-mover search, the
group a single unit stands in for, and the step lists kept between listings, each checked against
the general search of movers moving together on positions of a seeded random game."""
from __future__ import annotations

import random
from functools import lru_cache

import pytest

from kharkovsuite.engine.actions import Move
from kharkovsuite.rules.kharkov1943 import activation, movement
from kharkovsuite.rules.kharkov1943.activation import Mover

from .k43_helpers import INF, INF2, PLAIN, PZ, SU_DIV, bare, fresh, general


@lru_cache(maxsize=1)
def positions() -> tuple:
    """Every 12th position within an open activation of a random Gallop game (seed 0), up to
    its 300th action, with the units and whole stacks able to move in each."""
    state, rng, out = fresh(0), random.Random(0), []
    for step in range(300):
        if state.terminal:
            break
        legal = state.legal_actions()
        if step % 12 == 0 and not state.pending and activation.current(state) is not None:
            side = state.to_act
            able = [u for u, r in state.units.items() if r.side == side and r.hex is not None and movement.movable(state, u)]
            out.append((state.clone(), able))
        state.apply(rng.choice(legal.actions()))
    return tuple(out)


def general_search(state, units, budget=None) -> movement.Found:
    """The search of movers moving together, for any number of them (the reference)."""
    side, movers, rule = movement._context(state, tuple(units), budget)
    start = state.units[units[0]].hex
    strategic = start not in rule.zoc and budget is None
    attack = movement._attack_cost(state) if budget is None else None
    return movement._search_many(state, rule, start, movers, strategic, attack)


def same(a: movement.Found, b: movement.Found) -> bool:
    return (a.start, list(a.cost.items()), list(a.prev.items())) == (b.start, list(b.cost.items()), list(b.prev.items()))


def test_positions_hold_activations_with_units_to_move():
    assert len(positions()) >= 5
    assert sum(len(able) for _, able in positions()) >= 50


@pytest.mark.parametrize("budget", [None, 4], ids=["activation", "reaction-6.6"])
def test_6_one_unit_s_search_finds_what_the_general_search_finds(budget):
    """Same hexes, same costs, same paths, in the same order, for every unit able to move
    (with ``budget``, as a reaction move of 6.6: no strategic bonus, no attack owed)."""
    checked = 0
    for state, able in positions():
        for uid in able:
            assert same(movement.search(state, [uid], budget), general_search(state, [uid], budget)), uid
            checked += 1
    assert checked >= 50


def test_6_a_stack_paying_alike_moves_as_its_unit_with_the_fewest_op_left():
    """A whole stack whose units pay alike for every hex (3.5, 14.3) is searched as its tightest
    unit alone; the search of that unit is reused, and the result is the general search's."""
    met = 0
    for state, able in positions():
        by_hex: dict[str, list[str]] = {}
        for uid in able:
            by_hex.setdefault(state.units[uid].hex, []).append(uid)
        for group in by_hex.values():
            if len(group) < 2 or activation.group_refusal(state, group) is not None:
                continue
            movers = movement._context(state, tuple(group), None)[1]
            if movement.stand_in(movers) is None:
                continue
            met += 1
            found = movement.search(state, group)
            assert found is movement.search(state, [movement.stand_in(movers).unit])  # kept, not searched again
            assert same(found, general_search(state, group))
    assert met >= 3


def test_3_5_6_stacks_whose_units_pay_differently_are_searched_together():
    base = Mover("a", 10, 0, 0, False, 0)
    alike = [base, Mover("b", 8, 3, 0, False, 0)]
    assert movement.stand_in(alike).unit == "b"  # the fewest OP left; spent OP matter only in a second activation
    for other in (Mover("b", 10, 0, 0, False, 1),  # 14.3: snow costs one and not the other (ski)
                  Mover("b", 10, 0, 1, False, 0),  # 3.5: another fatigue level
                  Mover("b", 10, 0, 0, True, 0)):  # 3.5: a second activation may raise its fatigue
        assert movement.stand_in([base, other]) is None
    second = Mover("a", 10, 2, 0, True, 0)
    assert movement.stand_in([second, Mover("b", 10, 4, 0, True, 0)]) is None  # 3.5: tired at another OP
    assert movement.stand_in([second, Mover("b", 7, 2, 0, True, 0)]).unit == "b"


def test_6_a_mixed_stack_goes_where_the_general_search_sends_it():
    """An infantry and an armoured regiment with different OP and fatigue: the general search."""
    state = general(bare({INF: PLAIN, PZ: PLAIN, SU_DIV: "2605"}))
    state.game.setdefault("fatigue", {})[PZ] = 1
    movers = movement._context(state, (INF, PZ), None)[1]
    assert movement.stand_in(movers) is None
    found = state.legal_moves([INF, PZ])
    assert found and found == general_search(state, [INF, PZ]).reaches()


def _listing(state, units) -> dict:
    return {a.path[-1]: a.path for a in state.legal_actions().actions() if isinstance(a, Move) and a.units == tuple(units)}


def test_4_2_7_2_the_listing_sees_an_enemy_unit_that_moved_since_the_last_listing():
    """The steps kept between listings are dropped when an enemy unit moves (its hex may not be
    entered, 7.2; its ZoC ends a move, 4.2), and kept while only the moving side's units move."""
    state = general(bare({INF: PLAIN, INF2: "2710", SU_DIV: "1610"}))
    before = _listing(state, [INF])
    assert "2703" in before and "2704" in before
    rule = movement.step_rule(state, "german", "frozen", movement._breakthrough(state))
    state.apply(Move(units=(INF2,), path=_listing(state, [INF2])["2711"]))
    assert movement.step_rule(state, "german", "frozen", movement._breakthrough(state)) is rule  # own moves keep it
    state.place(SU_DIV, "2703")
    after = _listing(state, [INF])
    assert "2703" not in after  # 7.2
    fresh_view = _listing(state.clone(), [INF])  # a clone starts with no cache
    assert after == fresh_view
    assert all(len(path) == 2 for dest, path in after.items() if dest in ("2702", "2704"))  # 4.2: the ZoC ends the move
    assert after != before


def test_14_1_7_7_the_steps_follow_the_ground_and_the_negated_hexes():
    state = general(bare({INF: PLAIN}))
    rule = movement.step_rule(state, "german", "frozen", frozenset())
    assert movement.step_rule(state, "german", "mud", frozenset()) is not rule
    negated = movement.step_rule(state, "german", "frozen", frozenset({"2702"}))
    assert negated.negated == {"2702"}
    assert movement.step_rule(state, "german", "frozen", frozenset()).negated == frozenset()


def test_3_5_6_1_6_5_a_kept_search_follows_the_unit_s_op_fatigue_and_start():
    """A search kept for reuse is asked again only by a mover with the same OP left, fatigue
    (3.5) and start; any change gives the search of a fresh position (no kept data)."""
    state = general(bare({INF: PLAIN, SU_DIV: "2610"}))
    full = state.legal_moves([INF])
    assert max(r.cost for r in full.values()) == 10 + 4  # 6.5
    activation.ensure_joined(state, [INF], [])
    changes = [lambda: state.phase_data["activation"]["spent"].__setitem__(INF, 7),  # 3 OP left
               lambda: state.game.setdefault("fatigue", {}).__setitem__(INF, 1),  # 3.5: +1 OP a hex
               lambda: state.place(INF, "2702")]
    seen = [full]
    for change in changes:
        change()
        now = state.legal_moves([INF])
        assert now == state.clone().legal_moves([INF])
        assert now not in seen
        seen.append(now)


def test_6_6_a_reaction_search_is_not_taken_for_a_move_with_the_same_op():
    """Three OP of reaction movement (6.6: no strategic bonus, no attack owed) and three OP left
    in an activation (6.5's bonus, the addenda's attack) are searched apart."""
    state = general(bare({INF: PLAIN, SU_DIV: "2704"}))
    activation.ensure_joined(state, [INF], [])
    state.phase_data["activation"]["spent"][INF] = 7
    reacting = movement.reach(state, [INF], 3)
    moving = movement.reach(state, [INF])
    assert reacting == movement.reach(state.clone(), [INF], 3)
    assert moving == movement.reach(state.clone(), [INF])
    assert reacting != moving


def test_4_2_6_the_kept_steps_and_searches_match_fresh_ones_through_a_random_game():
    """Debug mode (``GameState.check_caches``): after every action of a random Gallop game, each
    kept step rule a search would use, with its ZoC map, steps and searches, equals a fresh one."""
    state = fresh(3)
    state.check_caches = True
    rng = random.Random(3)
    checked = 0
    while not state.terminal and len(state.actions) < 250:
        state.apply(rng.choice(state.legal_actions().actions()))
        rule = state.cache.get(("steps", state.to_act))
        checked += rule is not None and bool(rule.found)
    assert checked >= 50


def test_a_stale_kept_search_is_reported_in_debug_mode():
    from kharkovsuite.engine.errors import CacheMismatch

    state = general(bare({INF: PLAIN, SU_DIV: "2610"}))
    state.legal_moves([INF])
    rule = state.cache[("steps", "german")]
    key, found = next(iter(rule.found.items()))
    found.cost[next(h for h in found.cost if h != PLAIN)] += 1
    with pytest.raises(CacheMismatch, match="search from 2701"):
        movement.check_cache(state)


def test_1_4_9_1_the_hexes_with_a_line_found_at_once_are_those_each_hex_traces_alone():
    """Where a returning HQ may go (1.4) is asked of every hex in play: the search outward from
    the targets finds the same hexes as a line traced from each (9.1, 9.2), off the graph too."""
    from kharkovsuite.rules.kharkov1943 import supply

    met = 0
    for state, _ in positions()[::4]:
        hexes = sorted(state.board.in_play)
        for side in ("german", "soviet"):
            hqs = sorted(u for u, r in state.units.items() if r.side == side and r.hex is not None and state.board.units[u].is_hq)
            for unit in hqs[:2] + [None]:
                found = supply.with_line(state, side, hexes, unit)
                assert found == {h for h in hexes if supply.line_from(state, side, h, unit).ok}, (side, unit)
                met += bool(found) and len(found) < len(hexes)
    assert met >= 6

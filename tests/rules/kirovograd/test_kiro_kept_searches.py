"""The derived data a Kirovograd game keeps between actions (ZOC tables, the masked counters, the
enemy hexes a side sees, the movement round's searches) equal fresh computations in games with
every advanced rule on, where counters turn face down and are revealed as play goes (29.4, 30.6):
a change of what one side knows drops only what that side's enemy searched.  And the movement
search (``movement._search``, which reads what depends on a hex once for all its neighbours)
finds what a search asking the step rule of a move's check (``movement._step``) finds."""
from __future__ import annotations

import heapq
import random

from kharkovsuite.engine.actions import Move
from kharkovsuite.engine.events import AttackDeclared, Masked, Unmasked
from kharkovsuite.rules.kirovograd import fight, movement, sequence
from kharkovsuite.rules.kirovograd.rules import RULES, new_game

from .kiro_helpers import GE_INF, PLAIN, bare, ring, scenario

ADVANCED = {"air": True, "dummies": True, "hidden": True}


def _game(seed: int):
    return new_game(scenario("opening-moves"), seed, options=dict(ADVANCED))


def _play(state, seed: int, moves: int, check=lambda s: None):
    """Random actions (mostly moves, as a player turn is) with ``check`` after each, until
    ``moves`` moves are made."""
    rng = random.Random(seed)
    done = 0
    while done < moves and not state.is_terminal:
        legal = state.legal_actions()
        moving = [a for a in legal.actions() if isinstance(a, Move)]
        action = rng.choice(moving) if moving and rng.random() < 0.9 else legal.actions()[rng.randrange(len(legal.actions()))]
        state.apply(action)
        done += isinstance(action, Move)
        check(state)


def test_29_30_kept_data_equal_fresh_ones_while_masks_change():
    """Debug mode (``GameState.check_caches``) after every action of a game with dummies and hidden
    units: no kept ZOC table, masked set or movement-round search differs from a fresh one."""
    state = _game(3)
    state.check_caches = True
    start = len(state.log)
    _play(state, 3, 60)
    assert any(isinstance(e, (Masked, Unmasked)) for e in state.log[start:]), "the game changed no mask: it tests nothing"


def test_22_1_kept_support_lines_and_targets_equal_fresh_ones_through_combat_rounds():
    """The same check through the random player's own choices (every single action alike), which
    declare attacks with HQ support: the kept 22.1 support lines and attackable hexes stand."""
    state = new_game(scenario("endgame"), 2, options=dict(ADVANCED))
    state.check_caches = True
    rng = random.Random(2)
    declared = 0
    while declared < 3 and state.turn < 3:
        actions = state.legal_actions().actions()
        declared += sum(isinstance(e, AttackDeclared) for e in state.apply(actions[rng.randrange(len(actions))]))
    assert declared == 3


def test_22_1_a_kept_support_line_and_attackable_hexes_follow_an_enemy_move():
    """An enemy unit standing between an HQ and the hex it supports blocks the line (22.1); once it
    has gone, the kept answers (and the hexes the side may attack, 14.3A) are fresh ones."""
    state = bare({GE_INF: PLAIN}, side="soviet")
    pairs = [(a, b) for a in ring(PLAIN, 1) for b in ring(PLAIN, 1) if a != b]
    before = {p: fight.support_line(state, "soviet", *p, False) for p in pairs}
    assert PLAIN in fight.enemy_hexes(state, "soviet") and not all(before.values())
    assert PLAIN in fight.in_range(state, "soviet", ring(PLAIN, 2)[0], 3)  # 21.2: in a gun's range
    state.place(GE_INF, ring(PLAIN, 6)[0])
    RULES.check_caches(state)  # raises on a kept answer that differs from a fresh one
    assert PLAIN not in fight.enemy_hexes(state, "soviet")
    assert not fight.in_range(state, "soviet", ring(PLAIN, 2)[0], 3)
    assert all(fight.support_line(state, "soviet", *p, False) for p in pairs)


def _stepwise(state, ctx) -> dict:
    """The movement search as first written: each step asked of ``movement._step``, the rule a
    move's check applies."""
    start, limited = ctx.start, ctx.hex_limit is not None
    best = {(start, 0): (0.0, None)}
    heap = [(0.0, 0, start)]
    while heap:
        c, n, a = heapq.heappop(heap)
        if best[(a, n)][0] < c or (limited and n >= ctx.hex_limit):
            continue
        for b in state.board.nbrs[a]:
            if b == start:
                continue
            st = movement._step(state, ctx, a, b)
            if isinstance(st[0], str):
                continue
            nc = c + st[0]
            if nc > ctx.ma + movement.EPS and not (a == start and ctx.one_hex):
                continue
            key = (b, n + 1 if limited else 0)
            if key not in best or nc < best[key][0]:
                best[key] = (nc, (a, n))
                if nc <= ctx.ma + movement.EPS:
                    heapq.heappush(heap, (nc, key[1], b))
    out = {}
    for (h, n), (c, prev) in best.items():
        if h == start or (h in out and out[h][0] <= c):
            continue
        path, node = [h], prev
        while node is not None:
            path.append(node[0])
            node = best[node][1]
        out[h] = (c, list(reversed(path)))
    return out


def _same_search(state) -> int:
    """Each group the round lists: the search reaches the hexes a stepwise search reaches, at the
    same cost by the same path, noting the same consulted hexes (9.1D, 13.5)."""
    phase = sequence.current(state)
    rnd = sequence.round_of(phase.id)
    if state.pending or rnd is None:
        return 0
    groups = RULES._groups(state, phase.side, rnd)
    for group in groups:
        fast_ctx, slow_ctx = movement.context(state, group, rnd), movement.context(state, group, rnd)
        assert movement._search(state, fast_ctx) == _stepwise(state, slow_ctx), group
        assert fast_ctx.consulted == slow_ctx.consulted, group
    return len(groups)


def test_the_search_steps_by_the_rule_a_moves_check_applies():
    """9.1D, 9.1E, 10.2A, 11.1, 11.C, 12.2D, 13.1B, 13.2A, 13.2C, 13.5 as the search applies them
    are the rules of a move's check, in positions of a game with travelling artillery, stacks and
    ZOCs of every kind."""
    counted = []

    def check(state):
        if len(counted) < 4:
            n = _same_search(state)
            if n:
                counted.append(n)

    _play(_game(5), 5, 12, check)
    assert len(counted) == 4 and sum(counted) > 100

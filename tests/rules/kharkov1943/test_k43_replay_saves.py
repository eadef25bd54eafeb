"""Ten whole random games of Kharkov 1943 (Gallop and the campaign): at every step the
position survives a save and load, the loaded game goes on exactly as the original does, and
the action log replays to the same positions; the Done-when invariants hold after every action.

Each step compares the SHA-256 of the position (``to_dict`` without the log, the part of a save
the checksum covers) rather than whole states: cheap enough for every step of every game.  The
saved position is read back from its JSON text into a new game, which therefore starts with
empty caches: an answer that depends on what the original happened to have cached shows up as a
difference.  The replay applies the actions to a new game that never asks for legal actions.
Each game is its own test, so ``-n`` spreads them over the cores.
"""
from __future__ import annotations

import hashlib
import json

import pytest

from kharkovsuite.ai.random_player import RandomPlayer
from kharkovsuite.engine import load, save
from kharkovsuite.engine.saves import snapshot_checksum
from kharkovsuite.engine.state import GameState
from kharkovsuite.rules.kharkov1943.rules import RULES

from .k43_helpers import campaign, check_invariants, fresh, scenario

#: (scenario, seed): the long ones first so a distributed run starts them early.  This test played
#: 18 Gallop games (seeds 101-118) and two of the campaign; these ten reach every line and branch of
#: ``kharkovsuite`` that the twenty reached together (5 December, ``tools/cover_seeds.py``: 8254
#: arcs), and the eight left out added none, at seven to ten seconds each.
GAMES = [("campaign", s) for s in (1, 2)] + [("gallop", s) for s in (103, 104, 110, 112, 113, 114, 116, 118)]
SCENARIOS = {"gallop": scenario, "campaign": campaign}


def saved(state) -> tuple[str, str]:
    """The position as a save writes it (canonical JSON, :func:`snapshot_checksum`'s form) and its
    SHA-256: one encoding serves the comparison and the next load."""
    text = json.dumps(state.to_dict(with_log=False), sort_keys=True, separators=(",", ":"), allow_nan=False)
    return text, hashlib.sha256(text.encode("utf-8")).hexdigest()


def digest(state) -> str:
    return snapshot_checksum(state.to_dict(with_log=False))


def loaded(state, text: str) -> GameState:
    """A new game of ``state``'s scenario holding the saved position ``text``."""
    out = GameState(state.scenario, RULES, state.seed)
    out.restore(json.loads(text))
    return out


def play(which: str, seed: int):
    """A random game to its end, each action also applied to the position saved and loaded just
    before it (which must end where the game does; a field lost in the round trip shows there);
    returns the game with the digest of the position after every action."""
    state = fresh(seed, SCENARIOS[which])
    players = {side: RandomPlayer(side, seed * 2 + k) for k, side in enumerate(("german", "soviet"))}
    text, sha = saved(state)
    digests = [sha]
    while not state.terminal:
        assert len(state.actions) < 20_000, "the game does not end"
        twin = loaded(state, text)
        action = players[state.to_act].choose(state)
        before = (state.turn, state.phase_index)
        events = state.apply(action)
        check_invariants(state, before, events)
        text, sha = saved(state)
        digests.append(sha)
        assert twin.apply(action) == events, f"step {len(state.actions)}: {action} did something else after a load"
        assert digest(twin) == sha, f"step {len(state.actions)}: {action} led elsewhere after a load"
    return state, digests


@pytest.mark.parametrize("which, seed", GAMES, ids=[f"{w}-{s}" for w, s in GAMES])
def test_save_load_and_replay_give_the_original_position_at_every_step(which, seed, tmp_path):
    state, digests = play(which, seed)
    result = state.result()
    assert result.level == "Draw" or result.level.endswith("victory")
    replayed = fresh(seed, SCENARIOS[which])
    for n, action in enumerate(state.actions, 1):
        replayed.apply(action)
        assert digest(replayed) == digests[n], f"step {n}: the replay of {action} differs"
    assert replayed == state  # the event logs too
    save(state, tmp_path / "game.json")
    assert load(tmp_path / "game.json", scenario=state.scenario) == state
    assert load(tmp_path / "game.json", replay_actions=True, scenario=state.scenario) == state

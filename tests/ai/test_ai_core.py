"""The computer players' shared core (kharkovsuite.ai.core) and computer play of every rule system:
seats from the scenario's sides, an unplayable system on request, the attack preview and its
pricing, maps from the observation, blind clones and the cancellable budget."""
from __future__ import annotations

import importlib.util
import json
import math
import random
from pathlib import Path

import pytest

from kharkovsuite import cli
from kharkovsuite.ai import make_player, players
from kharkovsuite.ai.core import preview as core_preview
from kharkovsuite.ai.core.actions import last_actions
from kharkovsuite.ai.core.observed import Observed, distance_field
from kharkovsuite.ai.core.search import Budget, best_by_lookahead, blind_clone
from kharkovsuite.ai.core.seats import seat_sides, side_players, start_game
from kharkovsuite.engine import new_game
from kharkovsuite.engine.actions import Attack
from kharkovsuite.engine.errors import IllegalAction
from kharkovsuite.rules import RuleSystemUnavailable
from kharkovsuite.rules import kharkov1943 as kharkov1943_package
from kharkovsuite.rules.kharkov1942.odds import attack_odds
from kharkovsuite.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("k42_helpers", ROOT / "tests" / "rules" / "kharkov1942" / "k42_helpers.py")
k42 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(k42)
K42 = ROOT / "scenarios" / "kharkov-1942.yaml"
GALLOP = ROOT / "scenarios" / "kharkov-1943-gallop.yaml"


@pytest.fixture(scope="module")
def gallop():
    return load_scenario(str(GALLOP))


# ----------------------------------------------------------------------------- seats


def test_the_axis_seat_is_the_german_side_in_kharkov_1943_and_the_axis_side_in_kharkov_1942(scenario, gallop):
    assert seat_sides(gallop) == {"axis": "german", "soviet": "soviet"}
    assert seat_sides(scenario) == {"axis": "axis", "soviet": "soviet"}
    assert side_players(gallop, {"axis": "random", "soviet": "ai"}) == {"german": "random", "soviet": "ai"}
    assert side_players(gallop, {"german": "greedy", "soviet": "ai"}) == {"german": "greedy", "soviet": "ai"}


def test_naming_one_side_twice_is_refused(gallop):
    with pytest.raises(ValueError, match="two players named for side 'german'"):
        side_players(gallop, {"axis": "random", "german": "ai"})


@pytest.fixture
def unplayable(monkeypatch):
    """Kharkov 1943 marked not playable, as its package says until its engine is complete."""
    monkeypatch.setattr(kharkov1943_package, "PLAYABLE", False)


def test_an_unplayable_system_is_refused_unless_allowed(gallop, unplayable):
    with pytest.raises(RuleSystemUnavailable, match="not playable yet"):
        start_game(gallop, 1)
    state = start_game(gallop, 1, allow_unplayable=True)
    assert state.to_act in gallop.sides


def test_cli_selfplay_names_the_flag_for_an_unplayable_system_and_reports_its_own_sides(capsys, unplayable):
    assert cli.main(["selfplay", "--scenario", str(GALLOP), "--games", "0"]) == 1
    assert "not playable yet (--allow-unplayable plays it anyway)" in capsys.readouterr().out
    assert cli.main(["selfplay", "--scenario", str(GALLOP), "--games", "0", "--allow-unplayable", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["wins"] == {"german": 0, "soviet": 0}
    assert summary["seats"] == {"axis": "german", "soviet": "soviet"}


def test_cli_selfplay_refuses_a_player_the_scenarios_system_does_not_have(capsys):
    assert cli.main(["selfplay", "--scenario", str(K42), "--axis", "nobody", "--games", "0"]) == 1
    assert "unknown player 'nobody' for --axis in rule system 'kharkov1942'" in capsys.readouterr().out


def test_each_system_offers_random_greedy_and_the_three_levels():
    for rules in ("kharkov1942", "kharkov1943"):
        assert {"random", "greedy", "ai", "ai:easy", "ai:normal", "ai:hard"} <= set(players(rules))


def test_the_random_player_plays_kharkov_1943_through_the_game_api(gallop):
    state = start_game(gallop, 2, allow_unplayable=True)
    seats = {side: make_player("random", side, k, "kharkov1943") for k, side in enumerate(sorted(gallop.sides))}
    kinds = set()
    for _ in range(40):
        action = seats[state.to_act].choose(state)
        kinds.add(action.kind)
        state.apply(action)
    assert "Move" in kinds


# ----------------------------------------------------------------------------- attack preview


def _even_attack():
    return k42.position(
        {"su-r1": "0505", "su-r2": "0404", "su-r3": "0503", "su-hq6": "0403", "ge-1": "0504"}, phase="soviet-combat", turn=5
    )


def test_kharkov_1942_attack_preview_is_its_odds_as_plain_data():
    state = _even_attack()
    attack = next(a for a in last_actions(state.legal_actions()) if isinstance(a, Attack))
    query = core_preview.preview_query("kharkov1942")
    got = query(state, "soviet", attack.attackers, attack.targets)
    odds = attack_odds(state, attack.attackers, attack.targets)
    assert got["column"] == odds.column
    assert got["outcomes"] == {text: float(p) for text, p in odds.results}
    assert math.isclose(sum(got["outcomes"].values()), 1.0)
    assert got["losses"]["D1/A1"] == (1.0, 1.0)
    assert got["losses"]["A2"] == (2.0, 0.0)
    assert got["losses"]["Eng"] == (1.0, 1.0)  # 9.59: a step each
    assert set(got["losses"]) == set(got["outcomes"])


def test_kharkov_1942_attack_preview_refuses_the_side_not_in_its_combat_phase():
    state = _even_attack()
    attack = next(a for a in last_actions(state.legal_actions()) if isinstance(a, Attack))
    with pytest.raises(Exception, match="9.11"):
        core_preview.preview_query("kharkov1942")(state, "axis", attack.attackers, attack.targets)


def test_attack_worth_counts_an_elimination_as_the_whole_side_and_weighs_own_losses():
    preview = {"column": "2-1", "shifts": [], "outcomes": {"DE": 0.5, "A1": 0.25, "D1/A1": 0.25},
               "losses": {"DE": (0.0, math.inf), "A1": (1.0, 0.0), "D1/A1": (1.0, 1.0)}}
    assert core_preview.attack_worth(preview, 4.0, 6.0) == pytest.approx(0.5 * 6 - 0.25 * 1 + 0.25 * 0)
    assert core_preview.attack_worth(preview, 4.0, 6.0, loss_weight=2.0) == pytest.approx(3.0 - 0.5 + 0.25 * -1)
    assert core_preview.win_chance(preview) == pytest.approx(0.5)


# ----------------------------------------------------------------------------- observation maps


def test_distance_field_counts_hex_steps_and_stops_at_the_limit(scenario):
    grid_state = new_game(scenario, 1)
    seen = Observed(grid_state, "soviet")
    field = seen.distance_field(["0504"], limit=2)
    assert field["0504"] == 0
    assert all(field[n] == 1 for n in seen.neighbours("0504"))
    assert max(field.values()) == 2
    assert distance_field(lambda h: [], ["a", "b"]) == {"a": 0, "b": 0}


def test_offset_field_is_the_least_start_plus_steps_listed_by_value_then_hex(scenario):
    """Each hex holds the least of a source's start value plus the steps to it (sources with a
    start above another's reach count only where nearer), in the order of least value first, ties
    by hex id: what a search by least value gives, which the players' picks read in that order."""
    import heapq

    def by_least_value(neighbours, offsets):
        dist, queue = {}, [(d, h) for h, d in sorted(offsets.items())]
        heapq.heapify(queue)
        while queue:
            d, h = heapq.heappop(queue)
            if h not in dist:
                dist[h] = d
                for n in neighbours(h):
                    if n not in dist:
                        heapq.heappush(queue, (d + 1, n))
        return dist

    seen = Observed(new_game(scenario, 1), "soviet")
    rng = random.Random(5)
    hexes = sorted(seen.map.hex_ids)
    for _ in range(30):
        offsets = {h: rng.choice((0, 0, 3, 6, 20)) for h in rng.sample(hexes, rng.randint(1, 6))}
        field = seen.offset_field(offsets)
        expected = by_least_value(seen.neighbours, offsets)
        assert field == expected and list(field) == list(expected)
    field = seen.offset_field({"0504": 4, "0506": 0})
    assert field["0506"] == 0 and field["0504"] == 2  # nearer from the source that starts lower
    assert seen.offset_field({}) == {}


def test_threat_map_sums_the_enemy_strength_seen_next_to_each_hex():
    state = k42.position({"su-r1": "0505", "ge-1": "0504", "ge-2": "0304"}, phase="soviet-movement", turn=5)
    seen = Observed(state, "soviet")
    threat = seen.threat_map(lambda uid: 1.0 if uid == "ge-1" else 10.0)
    assert threat["0504"] == 1.0  # ge-1's own hex
    assert threat["0404"] == 11.0  # next to both
    assert "0507" not in threat


def test_observed_reads_only_the_observation():
    state = k42.position({"su-r1": "0505", "ge-1": "0504"}, phase="soviet-movement", turn=5)
    seen = Observed(state, "soviet")
    assert seen.own() == ["su-r1"]
    assert seen.enemy_hexes() == ["0504"]
    state.units["ge-1"].hex = "0101"  # a change the observation does not show until asked again
    assert seen.enemy_hexes() == ["0504"]


# ----------------------------------------------------------------------------- clones and budget


class _Counter:
    """A stand-in game for the search helpers: cloning and applying are counted."""

    def __init__(self, log):
        self.log = log
        self.value = 0
        self.rng = random.Random(0)

    def clone(self):
        copy = _Counter(self.log)
        copy.value = self.value
        return copy

    def apply(self, option):
        self.log.append(option)
        if option < 0:
            raise IllegalAction("0", "a refused option")
        self.value = option


def test_lookahead_takes_the_best_option_and_stops_when_the_budget_is_cancelled():
    log = []
    best = best_by_lookahead(_Counter(log), "soviet", [1, 3, 2], lambda s, side: s.value, random.Random(1))
    assert best == 3 and log == [1, 3, 2]
    log.clear()
    budget = Budget()
    budget.cancel()
    best = best_by_lookahead(_Counter(log), "soviet", [1, 3, 2], lambda s, side: s.value, random.Random(1), budget)
    assert best == 1 and log == [1]  # the first option is always tried; then the search gives up


def test_lookahead_passes_over_options_the_rules_refuse():
    log = []
    assert best_by_lookahead(_Counter(log), "soviet", [1, -5, 2], lambda s, side: -s.value, random.Random(1)) == 1
    assert best_by_lookahead(_Counter(log), "soviet", [-1, -2], lambda s, side: s.value, random.Random(1)) is None


def test_a_budget_without_time_is_spent_only_when_cancelled():
    budget = Budget(None)
    assert not budget.spent()
    budget.cancel()
    assert budget.spent() and budget.cancelled
    assert Budget(0.0).spent()


def test_blind_clone_redraws_the_dice_from_the_players_generator(scenario):
    state = new_game(scenario, 1)
    real = state.rng.random()
    a = blind_clone(state, random.Random(5)).rng.random()
    b = blind_clone(state, random.Random(5)).rng.random()
    assert a == b
    assert a != real
    assert blind_clone(state, random.Random(6)).rng.random() != a

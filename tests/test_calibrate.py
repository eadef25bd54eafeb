"""tools/calibrate.py: self-play compared with historical checkpoints, on the small test scenario."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from kharkovsuite.map import GameMap
from kharkovsuite.scenario import load_scenario
from tests.toolload import load_tool

ROOT = Path(__file__).resolve().parent.parent
SMALL = ROOT / "tests" / "data" / "small.yaml"

cal = load_tool("calibrate")


def _checkpoints(tmp_path, body: str) -> Path:
    path = tmp_path / "small.yaml"
    path.write_text("scenario: small\ncheckpoints:\n" + body, encoding="utf-8")
    return path


def _tracker(tmp_path, body):
    scenario = load_scenario(SMALL)
    cps = cal.load_checkpoints(_checkpoints(tmp_path, body), scenario)
    return cal.Tracker(scenario, cps, GameMap.from_scenario(scenario).grid.distance)


def _units(**sides):
    return {u: SimpleNamespace(side=s) for u, s in sides.items()}


CONTROL = """- {id: town-falls, kind: control, place: town, side: soviet, held_by: axis, turn: 2, event: e, source: s}
"""
REACH = """- {id: near-town, kind: reach, place: town, side: soviet, within: 2, turn: 1, event: e, source: s}
"""


def test_control_counts_the_turn_the_place_passes_to_the_side_and_holds_with_the_last_occupant(tmp_path):
    t = _tracker(tmp_path, CONTROL)
    units = _units(s1="soviet", g1="axis")
    t.start({}, units)  # empty town: held by its held_by side
    t.turn_end(1, {"0405": ["g1"]}, units)
    assert t.turns["town-falls"] is None
    t.turn_end(2, {"0405": ["g1", "s1"]}, units)  # contested: the holder does not change
    assert t.turns["town-falls"] is None
    t.turn_end(3, {"0404": ["s1"]}, units)  # nobody in the town: still the Axis'
    assert t.turns["town-falls"] is None
    t.turn_end(4, {"0405": ["s1"]}, units)
    t.turn_end(5, {"0404": ["g1"]}, units)
    assert t.turns["town-falls"] == 4 and t.holder["town"] == "soviet"
    t.turn_end(6, {"0405": ["g1", "s1"]}, units)  # contested again: still the Soviets'
    assert t.holder["town"] == "soviet"


def test_control_of_a_place_the_side_already_holds_needs_it_lost_first(tmp_path):
    t = _tracker(tmp_path, CONTROL)
    units = _units(s1="soviet", g1="axis")
    t.start({"0405": ["s1"]}, units)  # the occupant at the start holds it, whatever held_by says
    t.turn_end(1, {"0405": ["s1"]}, units)
    assert t.turns["town-falls"] is None
    t.turn_end(2, {"0405": ["g1"]}, units)
    t.turn_end(3, {"0405": ["s1"]}, units)
    assert t.turns["town-falls"] == 3


def test_reach_counts_the_first_turn_a_unit_of_the_side_stands_within_range(tmp_path):
    t = _tracker(tmp_path, REACH)
    units = _units(s1="soviet", g1="axis")
    t.start({}, units)
    t.turn_end(1, {"0402": ["s1"], "0404": ["g1"]}, units)  # 3 hexes away; the Axis unit does not count
    assert t.turns["near-town"] is None
    t.turn_end(2, {"0403": ["s1"]}, units)
    t.turn_end(3, {"0405": ["s1"]}, units)
    assert t.turns["near-town"] == 2


def test_summary_shares_and_median_turns_against_history(tmp_path):
    scenario = load_scenario(SMALL)
    cps = cal.load_checkpoints(_checkpoints(tmp_path, CONTROL + REACH.replace("turn: 1", "turn: null")), scenario)
    games = [{"events": {"town-falls": t, "near-town": r}} for t, r in ((2, None), (3, 1), (4, None), (None, 2))]
    falls, near = cal.summarise(cps, games)
    assert (falls["matched"], falls["happened"], falls["median_turn"], falls["share"]) == (2, 3, 3, 0.5)  # 2 and 3 are within 1 of 2
    assert (near["matched"], near["happened"], near["median_turn"]) == (2, 2, 1.5)  # never: the games where it did not happen


def test_a_whole_calibration_of_the_small_scenario(tmp_path, capsys):
    path = _checkpoints(tmp_path, CONTROL + REACH.replace("within: 2", "within: 20"))
    code = cal.main(["--scenario", str(SMALL), "--checkpoints", str(path), "--games", "2", "--seed", "3",
                     "--axis", "random", "--soviet", "random"])
    out = capsys.readouterr().out
    assert code == 0
    assert "small: 2 games from seed 3, axis random vs soviet random" in out
    near = next(line for line in out.splitlines() if line.startswith("near-town"))
    assert near.split()[1:] == ["1±1", "1", "2/2", "2", "100%"]  # the whole map is within 20 hexes
    report = cal.calibrate(SMALL, 2, 3, {"axis": "random", "soviet": "random"}, path)
    assert [g["seed"] for g in report["results"]] == [3, 4] and all(g["last_turn"] == 2 for g in report["results"])


@pytest.mark.parametrize("body, where", [
    ("- {id: x, kind: control, place: nowhere, side: soviet, turn: 2, event: e, source: s}\n", ":3: no city 'nowhere'"),
    ("- {id: x, kind: reach, place: town, side: german, turn: 2, event: e, source: s}\n", ":3: 'german' is not a side"),
    ("- {id: x, kind: capture, place: town, side: soviet, turn: 2, event: e, source: s}\n", ":3: checkpoints.0.kind"),
])
def test_bad_checkpoints_are_refused_with_their_line(tmp_path, capsys, body, where):
    path = _checkpoints(tmp_path, body)
    assert cal.main(["--scenario", str(SMALL), "--checkpoints", str(path), "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert f"{path}{where}" in err and "Traceback" not in err


def test_an_unplayable_system_is_refused_unless_allowed(capsys, monkeypatch, tmp_path):
    import kharkovsuite.rules.kirovograd as kiro
    from kharkovsuite.scenario.io import save_scenario

    monkeypatch.setattr(kiro, "PLAYABLE", False)
    monkeypatch.setattr(kiro, "HEADLESS", False)  # not playable, and not offered to the headless tools
    whole = load_scenario(ROOT / "scenarios" / "kirovograd-opening-moves.yaml")
    scenario = tmp_path / "kirovograd-opening-moves.yaml"  # its first two turns: the allowed run plays a whole game
    save_scenario(whole.model_copy(update={"turns": whole.turns[:2]}), scenario)
    args = ["--scenario", str(scenario), "--games", "1", "--axis", "random", "--soviet", "random"]
    assert cal.main(args) == 2
    assert "not playable yet (--allow-unplayable plays it anyway)" in capsys.readouterr().err
    assert cal.main(args + ["--allow-unplayable"]) == 0  # allowed: its rules run headless


def test_every_checkpoint_cites_a_line_of_its_facts_file_and_its_turn_row():
    """Each ``source`` is ``<facts file>:<line>`` of the shared reference; a line of a turn table
    (``| 3 | ...``) must be the row of the checkpoint's own historical turn."""
    reference = ROOT.parent / "shared" / "reference"
    files = sorted((ROOT / "tools" / "checkpoints").glob("*.yaml"))
    assert [f.stem for f in files] == ["kharkov-1942", "kharkov-1943-campaign", "kharkov-1943-gallop",
                                       "kirovograd-historical", "kirovograd-opening-moves"]
    for path in files:
        for cp in cal.load_checkpoints(path, load_scenario(ROOT / "scenarios" / path.name)):
            name, line = cp.source.split(" ")[0].split(":")
            assert name.endswith("-facts.md") and path.stem.startswith(name.removesuffix("-facts.md")), cp.id
            text = (reference / name).read_text(encoding="utf-8").splitlines()[int(line) - 1]
            row = text.split("|")[1].strip() if text.startswith("|") else None
            assert text.strip() and (row is None or not row.isdigit() or cp.turn is None or int(row) == cp.turn), cp.id


def test_the_tracker_keeps_each_places_holder_turn_by_turn_and_the_summary_counts_them(tmp_path):
    t = _tracker(tmp_path, CONTROL)
    units = _units(s1="soviet", g1="axis")
    t.start({}, units)
    for turn, at in enumerate(({"0405": ["g1"]}, {"0405": ["s1"]}, {"0405": ["g1", "s1"]}, {"0405": ["g1"]}), 1):
        t.turn_end(turn, at, units)
    assert t.holders == {"town": ["axis", "soviet", "soviet", "axis"]}  # contested: the last holder keeps it
    games = [{"holders": t.holders}, {"holders": {"town": ["axis", "axis", "axis", "axis"]}}]
    assert cal.holding(games) == {"town": {"axis": [2, 1, 1, 2], "soviet": [0, 1, 1, 0]}}


def test_calibration_seats_the_players_of_the_scenarios_own_rule_system(monkeypatch):
    """``ai`` on a Kharkov 1943 scenario is that system's computer player, not Kharkov 1942's."""
    from kharkovsuite.ai import kharkov1943 as k43ai

    scenario = load_scenario(ROOT / "scenarios" / "kharkov-1943-gallop.yaml")
    seated = []

    class Seated(Exception):
        pass

    def factory(side, seed):
        seated.append((side, seed))
        raise Seated

    monkeypatch.setitem(k43ai.PLAYERS, "ai", factory)
    with pytest.raises(Seated):
        cal.play_calibrated(scenario, 5, {"axis": "ai", "soviet": "random"}, [])
    assert seated == [("german", 10)]  # game seed 5: player seeds 2 * 5 + k, sides in alphabetical order

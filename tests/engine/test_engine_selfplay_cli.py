"""kharkov-cli selfplay: whole games between computer players, one JSON object with --json."""
import json
from pathlib import Path

from kharkovsuite.cli import main

K42 = str(Path(__file__).resolve().parents[1] / "data" / "k42-basic.yaml")


def test_selfplay_json_prints_exactly_one_summary(capsys):
    assert main(["selfplay", "--scenario", K42, "--axis", "random", "--soviet", "random", "--games", "3", "--seed", "5", "--json"]) == 0
    out = capsys.readouterr().out
    summary = json.loads(out)
    assert set(summary) == {"games", "wins", "draws", "levels", "mean_vp_margin", "seconds", "players", "seats"}
    assert summary["seats"] == {"axis": "axis", "soviet": "soviet"} and summary["players"] == {"axis": "random", "soviet": "random"}
    assert summary["games"] == 3 and set(summary["wins"]) == {"axis", "soviet"}
    assert summary["wins"]["axis"] + summary["wins"]["soviet"] + summary["draws"] == 3
    assert sum(summary["levels"].values()) == 3


def test_selfplay_is_reproducible_and_parallel_runs_agree(capsys):
    main(["selfplay", "--scenario", K42, "--games", "4", "--seed", "1", "--json"])
    serial = json.loads(capsys.readouterr().out)
    main(["selfplay", "--scenario", K42, "--games", "4", "--seed", "1", "--jobs", "2", "--json"])
    parallel = json.loads(capsys.readouterr().out)
    for key in ("wins", "draws", "levels", "mean_vp_margin"):
        assert serial[key] == parallel[key]


def test_selfplay_text_report(capsys):
    assert main(["selfplay", "--scenario", K42, "--games", "1"]) == 0
    assert "s per game" in capsys.readouterr().out


def test_selfplay_refuses_an_unknown_player(capsys):
    assert main(["selfplay", "--scenario", K42, "--axis", "oracle", "--games", "1"]) == 1
    assert "unknown player" in capsys.readouterr().out

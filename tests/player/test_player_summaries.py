"""The end-of-game summary of Kharkov 1943 (levels of victory, 18) and of Kirovograd (victory points and levels, 27,
31.1) explains the result: where it comes from, in a player's words.  Opened from Game ▸ Summary."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from player.summary import GameSummary

from .test_player_kirovograd import open_window

ROOT = Path(__file__).resolve().parents[2]
OPENING = ROOT / "scenarios" / "kirovograd-opening-moves.yaml"


def summary_text(qtbot, w) -> tuple[str, str]:
    """Game ▸ Summary… as a player opens it; its headline and breakdown, read before Close."""
    seen: list[tuple[str, str]] = []

    def read() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, GameSummary):
            QTimer.singleShot(50, read)
            return
        seen.append((box.headline.text(), box.breakdown.toPlainText()))
        box.reject()

    QTimer.singleShot(50, read)
    game = next(a for a in w.menuBar().actions() if a.text() == "&Game").menu()
    next(a for a in game.actions() if a.text() == "S&ummary…").trigger()
    qtbot.waitUntil(lambda: bool(seen), timeout=60000)
    return seen[0]


def test_18_the_kharkov_1943_summary_gives_each_side_s_levels_with_their_conditions_and_what_holds(qtbot, k43_window):
    w = k43_window
    state = w.controller.state
    result = state.result()
    headline, text = summary_text(qtbot, w)
    assert result.level in headline
    assert "Levels of victory (18)" in text and "victory points" not in text.lower()
    for side, conds in state.board.data.victory.items():
        reached = result.vp[side]
        name = state.scenario.sides[side].name
        assert f"{name}: {conds[reached - 1].level.capitalize() if reached else 'no level'}" in text
        for i, cond in enumerate(conds):
            assert f"{cond.level.capitalize()} — {'✔ holds' if reached >= i + 1 else '✘ not met'}: {cond.text}" in text
    assert "of 4 needed" in text  # the Soviet tactical level's cities counted (18.2)
    status = w.status_panel.toPlainText()
    assert "levels reached: Soviet none, German operational" in status.replace("\n", " ") and "victory points" not in status


def test_27_31_1_the_kirovograd_summary_explains_the_points_the_lead_and_the_city_objective(qtbot, monkeypatch):
    from player import systems
    from player.app import PlayerWindow
    from tests.startwait import wait_started

    monkeypatch.setattr(systems, "_allow_unplayable", True)
    w = PlayerWindow(OPENING, seed=5, handover=False, autosave=None, interactive=False)
    qtbot.addWidget(w)
    w.show()
    wait_started(qtbot, w)
    state = w.controller.state
    result = state.result()
    headline, text = summary_text(qtbot, w)
    assert result.level in headline
    v = state.board.data.victory
    assert f"German: {result.vp['german']} VP" in text and f"Soviet: {result.vp['soviet']} VP" in text
    for place, value in v.places.items():
        assert f"{state.scenario.map.cities[place].name} held (27.C)\n{value}" in text  # each place with its points
    lead = result.vp["german"] - result.vp["soviet"]
    assert f"The lead: German by {lead}." in text and "marginal 10, substantive 30, decisive 60" in text
    assert "This scenario's objective (31.1)" in text and "a Soviet unit has never entered Kirovograd" in text
    assert f"Result: {result.level} for German." in text


def test_27_b_enemy_sp_lost_and_units_destroyed_score_by_their_class(qtbot, monkeypatch):
    w = open_window(qtbot, monkeypatch)
    state = w.controller.state
    kit = w.controller.kit
    soviet = sorted(u for u, rec in state.units.items() if rec.side == "soviet" and rec.hex and state.board.units[u].ground
                    and not state.board.units[u].armored and state.board.units[u].kind not in ("hq",) and not state.board.units[u].is_artillery)
    state.units[soviet[0]].step = 1  # one SP lost
    state.to_box(soviet[1], "eliminated")
    lines = dict(kit.vp_breakdown(state)["lines"]["german"])
    v = state.board.data.victory
    full = kit.part("victory").full_strength(state.board.units[soviet[1]])
    assert lines["1 enemy SP of infantry lost, 1 each (27.B)"] == 1
    assert lines[f"1 enemy unit(s) of infantry destroyed, {v.destroyed_unit_factor} times their whole strength at 1 a SP (27.B)"] == 2 * full
    assert sum(vp for _w, vp in kit.vp_breakdown(state)["lines"]["german"]) == state.result().vp["german"]


def test_18_the_kharkov_1943_chart_counts_levels_not_points(qtbot, k43_window):
    summary = k43_window.game_summary()
    qtbot.addWidget(summary)
    assert summary.chart.title.startswith("Level of victory") and "1 tactical, 2 operational, 3 strategic" in summary.chart.title

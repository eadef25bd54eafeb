"""The window plays a rule system through its player kit (player/systems): what only one system
shows comes from its kit, looked up by the scenario's rule-system id, and a system the window
cannot play yet is refused with the reason."""
from __future__ import annotations

import re
import types
from pathlib import Path

import pytest

from kharkovsuite.rules import RuleSystemUnavailable
from player import systems
from player.systems.kharkov1942 import Kharkov1942Kit

ROOT = Path(__file__).resolve().parents[2]
SYSTEM_NAMES = re.compile(r"kharkov1942|kharkov1943|kirovograd|rules\.kharkov")


def test_no_module_of_the_window_but_the_kits_names_a_rule_system():
    named = []
    for folder in (ROOT / "player", ROOT / "kharkovsuite" / "view"):
        for path in folder.rglob("*.py"):
            if path.parent.name == "systems":
                continue
            named += [f"{path.relative_to(ROOT)}:{i}" for i, line in enumerate(path.read_text().splitlines(), 1) if SYSTEM_NAMES.search(line)]
    assert named == []


class Renumbered(Kharkov1942Kit):
    """Kharkov 1942's kit with other case numbers and a section of its own."""

    cases = {**Kharkov1942Kit.cases, "reinforcement": "99.1", "zoc": "99.2"}

    def status_sections(self, controller, units=()):
        return ["<p>A section only this system shows</p>"]


@pytest.fixture
def renumbered(monkeypatch):
    monkeypatch.setitem(systems._KITS, "kharkov1942", Renumbered())


def test_the_window_cites_the_cases_of_its_system_s_kit_and_shows_its_sections(renumbered, player_window):
    w = player_window
    assert isinstance(w.controller.kit, Renumbered)
    assert "(99.1)" in w.enter_action.toolTip() and "(99.2)" in w.zoc_action.toolTip()
    text = w.status_panel.toPlainText()
    assert "A section only this system shows" in text
    assert "Reinforcements due (99.1)" in text
    assert "Soviet reserves" not in text  # Kharkov 1942's own sections are its kit's, not the panel's


def test_a_kit_without_a_case_the_window_asks_for_names_it():
    kit = Kharkov1942Kit()
    with pytest.raises(KeyError, match="kharkov1942 player kit names no case for 'barrage'"):
        kit.case("barrage")


@pytest.fixture
def kirovograd_unplayable(monkeypatch):
    """Kirovograd as it was while its engine was being written: PLAYABLE False."""
    import kharkovsuite.rules.kirovograd as kirovograd

    monkeypatch.setattr(kirovograd, "PLAYABLE", False)
    monkeypatch.delitem(systems._KITS, "kirovograd", raising=False)


def test_a_system_whose_engine_is_not_playable_is_refused_with_the_reason(kirovograd_unplayable):
    with pytest.raises(RuleSystemUnavailable, match="not playable yet"):
        systems.kit_for("kirovograd")
    assert systems.why_not_playable("kirovograd") == "Kirovograd: its rules engine is still being written"
    assert systems.why_not_playable("kharkov1942") is None


def test_a_playable_engine_without_a_kit_is_refused_too(monkeypatch):
    import kharkovsuite.rules as registry

    engine = types.ModuleType("fake_engine")
    engine.PLAYABLE = True
    monkeypatch.setattr(systems, "system", lambda rules_id: engine)
    monkeypatch.setattr(systems, "package", lambda rules_id: engine)
    monkeypatch.delitem(systems.KITS, "kirovograd")  # as if its kit were not written
    monkeypatch.delitem(systems._KITS, "kirovograd", raising=False)
    assert systems.why_not_playable("kirovograd") == "Kirovograd: its rules run, but the game window has no interface for them yet"
    with pytest.raises(registry.RuleSystemUnavailable, match="no player interface yet"):
        systems.kit_for("kirovograd")


def test_kharkov_1942_chances_on_a_column_are_one_die_s_faces_on_the_crt(player_window):
    from fractions import Fraction as F

    state = player_window.controller.state
    kit = Kharkov1942Kit()
    # the 2-1 column reads D2, D1, D1/A1, D1/A1, Eng, A1 for the faces 1 to 6
    assert kit.column_chances(state, "2-1", 0) == {"D2": F(1, 6), "D1": F(1, 6), "D1/A1": F(2, 6), "Eng": F(1, 6), "A1": F(1, 6)}
    # 9.33: one added to the die, so 1 reads row 2 and 6 stays on row 6
    assert kit.column_chances(state, "2-1", 1) == {"D1": F(1, 6), "D1/A1": F(2, 6), "Eng": F(1, 6), "A1": F(2, 6)}
    assert kit.column_chances(state, "11-1", 0) == {}


def test_a_revealed_unit_s_counter_prints_its_values_as_the_kit_words_them(player_window):
    controller = player_window.controller
    values = {"attack": 4.0, "defense": 3.0, "movement": 6, "steps": 2}
    uid = next(u for u, rec in controller.state.units.items() if rec.side == "soviet" and rec.hex)
    assert controller.counter_view(uid, {"step": 0, "flags": [], "values": values}).values == "4-3-6"
    assert systems.PlayerKit().values_text(values) == "4-3-6-2"  # a system without its own words: every value


def test_a_save_of_a_game_whose_rules_cannot_run_is_refused_with_the_reason(qapp, tmp_path, capsys, kirovograd_unplayable):
    import json

    from player.app import main
    from player.controller import GameController

    save = tmp_path / "kirovograd.ksave"
    GameController.new(ROOT / "scenarios" / "kharkov-1942.yaml", 1).save(save)
    data = json.loads(save.read_text())
    data["scenario"] = str(ROOT / "scenarios" / "kirovograd-opening-moves.yaml")  # a save naming a game of rules not playable yet
    save.write_text(json.dumps(data))
    assert main(["--load", str(save), "--screenshot", str(tmp_path / "x.png")]) == 1
    err = capsys.readouterr().err
    assert "rule system 'kirovograd' is not playable yet" in err and "internal error" not in err

"""Smaller things a new user tripped over: the header's height, hex numbers, labels, tooltips, odds, Save."""
from fractions import Fraction

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from kharkovsuite.view.layers import HEX_ID_MIN_PX, hex_id_font_size
from kharkovsuite.view.style import tooltip_html

from .clicks import toolbar_click
from tests.startwait import wait_started


def test_the_phase_bar_keeps_its_height_whatever_the_phase_says(window, qtbot):
    heights = set()
    for _ in range(4):
        heights.add((window.phase_label.height(), window.situation_bar.geometry().top()))
        toolbar_click(qtbot, window, window.end_phase_action)
        qtbot.wait(10)
    assert len(heights) == 1
    assert window.phase_label.toolTip()  # the whole text, should two lines not hold it




def test_the_phase_bar_cuts_what_may_be_done_short_rather_than_clip_a_third_line(window, qtbot):
    """At a width where the phase's words need three lines, the third was cut through the middle (a Kirovograd move
    round at 1600 pixels): now the words stop with an ellipsis within the two lines, and a wider window shows them all."""
    label = window.phase_label
    whole = label.toolTip().removeprefix("<qt>").removesuffix("</qt>")
    cut = []
    for width in (2400, 1800, 1500, 1300, 1100):
        window.resize(width, 900)
        qtbot.wait(20)
        assert label.heightForWidth(label.width()) <= label.height(), (width, label.text())
        if label.text() != whole:
            assert label.text().endswith(" …") and whole.startswith(label.text()[:-2]), label.text()
            cut.append(width)
    assert cut and 2400 not in cut, "the words fit a wide window and are cut in a narrow one"
    assert label.toolTip() == f"<qt>{whole}</qt>"
    window.resize(2400, 900)
    qtbot.wait(20)
    assert label.text() == whole

def test_hex_numbers_show_at_the_readable_fit_and_zoom_in_from_the_whole_map(window, qtbot):
    needed = HEX_ID_MIN_PX / hex_id_font_size()
    assert window.view.zoom >= needed  # the opening view already shows them once turned on
    toolbar_click(qtbot, window, window.whole_map_action)
    assert window.view.zoom < needed
    qtbot.keyClick(window, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    assert window.scene.layer_visible("hex_ids") and window.view.zoom >= needed
    assert "Hex numbers show from" in window.statusBar().currentMessage()


def test_action_labels_wrap_inside_the_dock_and_tooltips_keep_every_line(window):
    panel = window.actions_panel
    assert panel.buttons
    for b in panel.buttons:
        widest = max(b.fontMetrics().horizontalAdvance(line) for line in b.text().splitlines())
        assert widest <= panel.width(), b.text()
    assert tooltip_html("Overrun 0215: 1 against 3\nChance: D2/A1 <1%") == "<qt>Overrun 0215: 1 against 3<br>Chance: D2/A1 &lt;1%</qt>"


def test_9_4_a_rare_result_still_shows_its_chance(window):
    import dataclasses

    while window.controller.state.phase.id != "soviet-combat":
        window.end_phase(confirm=False)
    state = window.controller.state
    attack = next(a for a in state.legal_actions() if a.kind == "Attack")
    odds = window.controller.odds(attack.attackers, attack.targets)
    rare = dataclasses.replace(odds, results=odds.results + (("D2/A9", Fraction(1, 1000)),))
    window.combat_panel.setHtml(window.combat_panel.odds_html(rare, "Odds before the roll"))
    assert "D2/A9\n<1%" in window.combat_panel.toPlainText()


def test_ctrl_s_on_a_new_game_asks_for_a_name_rather_than_writing_the_autosave(qtbot, tmp_path, monkeypatch):
    from player.app import PlayerWindow

    from .conftest import DEFAULT

    w = PlayerWindow(DEFAULT, seed=1, handover=False, autosave=tmp_path / "autosave")
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    wait_started(qtbot, w)
    toolbar_click(qtbot, w, w.end_phase_action)  # a phase change writes the autosave
    assert (tmp_path / "autosave" / "autosave.ksave").exists()
    asked = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (asked.append(a), ("", ""))[1]))
    written = (tmp_path / "autosave" / "autosave.ksave").stat().st_mtime_ns
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow)
    qtbot.keyClick(w, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert asked and (tmp_path / "autosave" / "autosave.ksave").stat().st_mtime_ns == written


def _pending_advance():
    """A random game played on until an attacker may advance after combat (9.7)."""
    import random

    from kharkovsuite.engine import new_game
    from player.controller import scenario

    from .conftest import DEFAULT

    for seed in range(1, 40):
        rng = random.Random(seed)
        state = new_game(scenario(DEFAULT), seed)
        for _ in range(400):
            if state.pending and any(a.kind == "Advance" for a in state.legal_actions()):
                return state
            legal = state.legal_actions()
            attacks = [a for a in (legal[i] for i in range(0, len(legal), max(1, len(legal) // 50))) if a.kind == "Attack"]
            state.apply(rng.choice(attacks) if attacks and rng.random() < 0.9 else legal[rng.randrange(len(legal))] if state.pending else legal[len(legal) - 1])
    raise AssertionError("no advance after combat in 40 random games")


def test_9_7_the_advance_marks_are_not_written_over_by_the_combat_result(window):
    window.controller.replace(_pending_advance())
    decision = window.scene.overlay("decision")
    combat = window.scene.overlay("last_combat")
    assert decision is not None and combat is not None
    both = set(decision.entries) & set(combat.entries)
    assert both  # the hex the defender left is marked by both
    assert all(combat.entries[h][1] is None for h in both)


def test_the_combat_panel_names_units_as_the_counters_do(window, qtbot):
    from .clicks import click_hex

    while window.controller.state.phase.id != "soviet-combat":
        window.end_phase(confirm=False)
    state = window.controller.state
    click_hex(qtbot, window, state.units["su-gd-1"].hex)
    click_hex(qtbot, window, "0215")
    text = window.combat_panel.toPlainText()
    assert "Guards Rifle Division (28th Army front)" in text and "attacker su-gd-1" not in text
    assert "defender 294th Infantry Division" in text


def test_save_as_offers_a_name_of_the_game_s_scenario_and_turn(qtbot, k43_window, monkeypatch):
    offered = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (offered.append(a[2]), ("", ""))[1]))
    k43_window.activateWindow()
    qtbot.waitUntil(k43_window.isActiveWindow)
    qtbot.keyClick(k43_window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert offered and offered[0].endswith("kharkov-1943-gallop-turn-1.ksave")


def test_a_label_is_measured_once_for_a_width_and_wrapped_anew_when_the_dock_narrows(window, monkeypatch):
    """Every click lays the action buttons out again with mostly the same labels: measuring each word of each label anew
    took a whole game's window a few seconds; a narrower dock still breaks the labels anew."""
    panel = window.actions_panel
    label = "Attack 0215 with 1st Tank Corps, 6th Cavalry Division and 13th Guards Rifle Division from three hexes"
    measured = []
    real = panel.fontMetrics

    class Counting:
        def __init__(self, fm):
            self.fm = fm

        def horizontalAdvance(self, text):  # noqa: N802 - Qt API
            measured.append(text)
            return self.fm.horizontalAdvance(text)

    monkeypatch.setattr(panel, "fontMetrics", lambda: Counting(real()))
    panel.resize(420, panel.height())
    wide = panel.wrap(label)
    assert measured and panel.wrap(label) == wide
    count = len(measured)
    assert panel.wrap(label) == wide and len(measured) == count, "measured again"
    panel.resize(200, panel.height())
    narrow = panel.wrap(label)
    assert len(measured) > count and narrow.count("\n") > wide.count("\n")
    assert max(real().horizontalAdvance(line) for line in narrow.splitlines()) <= max(120, panel.width() - 52)

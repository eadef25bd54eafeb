"""Kirovograd at the window (its player kit, player/systems/kirovograd.py), both seats people at one screen.

The engine is still headless (its combat and victory are being written), so the window is started with the
developer switch ``allow_unplayable`` as ``kharkov --allow-unplayable`` does.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from player import systems
from player.app import PlayerWindow

from .test_player_hidden import shown_texts
from .windowbot import WindowBot
from tests.startwait import wait_started

ROOT = Path(__file__).resolve().parents[2]
HISTORICAL = ROOT / "scenarios" / "kirovograd-historical.yaml"


def open_window(qtbot, monkeypatch, handover: bool = False, controller=None) -> PlayerWindow:
    """A hot-seat window on Kirovograd's historical scenario (seed 7), both seats people, shown."""
    monkeypatch.setattr(systems, "_allow_unplayable", True)
    w = PlayerWindow(HISTORICAL, controller=controller, seed=7, handover=handover, autosave=None, interactive=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    wait_started(qtbot, w)
    return w


@pytest.fixture
def kiro_window(qtbot, monkeypatch):
    """The window without a hand-over screen."""
    return open_window(qtbot, monkeypatch)


#: two turns of the historical scenario (a day turn and a night turn: even-numbered turns are night turns); the first
#: turn of the two shorter ones
TURNS = {"kirovograd-historical": 2, "kirovograd-opening-moves": 1, "kirovograd-endgame": 1}


@pytest.mark.parametrize("scenario", sorted(ROOT.glob("scenarios/kirovograd-*.yaml")), ids=lambda p: p.stem)
def test_hot_seat_turns_of_kirovograd_are_played_by_clicks_and_keys_and_every_kind_the_engine_lists_is_reachable(qtbot, monkeypatch, scenario):
    monkeypatch.setattr(systems, "_allow_unplayable", True)
    w = PlayerWindow(scenario, seed=7, handover=False, autosave=None, interactive=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    wait_started(qtbot, w)
    # once each kind is done, attacks are declared rather than cancelled or withdrawn: random undoing would keep a
    # combat round open for hundreds of steps, since its duties (14.1C, 6.2.1A) must be met before it ends
    bot = WindowBot(qtbot, w, seed=3, weights={"ConfirmAttack": 4.0, "AddAttacker": 2.0, "CancelAttack": 0.1, "WithdrawAttack": 0.05})
    state = w.controller.state
    first = state.turn
    turns = TURNS[scenario.stem]
    for _ in range(1500):
        if state.turn >= first + turns or state.is_terminal:
            break
        bot.play_step(bot.check_offered(), first=("AssignFormation",))  # 22.8: only before the first move of round one
        state = w.controller.state
    assert state.turn == first + turns, f"{turns} turns were not played: turn {state.turn}, {state.phase.id}; done {bot.done}"
    assert {"SetOrder", "SubmitOrders", "Move", "PlaceReserve", "CommitReserve", "EndPhase"} <= set(bot.done), bot.done
    assert bot.offered_kinds <= set(bot.done) | bot.passed_over, sorted(bot.offered_kinds - set(bot.done))


ORDERS = ("assault", "defense", "mobile", "retreat", "pursuit")


def order_buttons(w, formation: str | None = None) -> dict:
    """The Orders panel's buttons by the action they hand in (objectName ``SetOrder:<formation>:<order>``, ``SubmitOrders``)."""
    panel = dict((dock.objectName(), p) for dock, p in w.kit_docks)["orders"]
    return {b.objectName(): b for b in panel.buttons if formation is None or b.objectName().startswith(f"SetOrder:{formation}:")}


def give_orders(bot: WindowBot, order: str) -> dict[str, str]:
    """The seat at the screen gives every formation ``order`` (or the first it may take) by clicks on the Orders panel."""
    w = bot.w
    decision = next(d for d in w.controller.observation()["pending"] if d["kind"] == "orders")
    given = {}
    for f in decision["data"]["tracks"]:
        buttons = order_buttons(w, f)
        choice = next(o for o in (order, *ORDERS) if buttons[f"SetOrder:{f}:{o}"].isEnabled())
        bot.click(buttons[f"SetOrder:{f}:{choice}"])
        given[f] = choice
    assert w.controller.observation()["pending"][0]["data"]["draft"] == given
    return given


def orders_named(w, orders: dict[str, str]) -> list[str]:
    """The lines of everything the window shows (panels, map) that tell one of ``orders``: a formation by its
    abbreviation with its order in bold (the Orders panel's words), or by its id with its order (the log's)."""
    import re

    state = w.controller.state
    found = []
    for line in (shown_texts(w) + "\n" + scene_texts(w)).splitlines():
        for f, o in orders.items():
            abbr = re.escape(state.board.data.formations[f].abbr)
            if re.search(rf"(^|[\s>]){abbr}(</b>)?\s*(—|:)\s*<b>{o}</b>", line) or re.search(rf"\b{re.escape(f)}\W+{o}\b", line):
                found.append(line)
    return found


def scene_texts(w) -> str:
    """The words the map draws: every counter's label, values and markers, and every overlay's labels."""
    out = []
    for stack in w.scene.counters().values():
        for cv in stack:
            out.append(f"{cv.label} {cv.values} {' '.join(cv.markers)} {cv.name}")
    for item in w.scene.items():
        if hasattr(item, "entries"):
            out += [str(label) for _style, label in item.entries.values() if label]
        if hasattr(item, "toolTip") and item.toolTip():
            out.append(item.toolTip())
    return "\n".join(out)


def test_the_seat_at_the_screen_never_sees_the_other_side_s_orders_until_both_are_sealed(qtbot, monkeypatch):
    w = open_window(qtbot, monkeypatch, handover=True)
    bot = WindowBot(qtbot, w)
    state = w.controller.state
    assert state.to_act == "soviet" and state.phase.id == "orders"
    soviet = give_orders(bot, "pursuit")
    assert orders_named(w, soviet)  # the check finds the orders where the seat may see them: its own panel
    bot.click(order_buttons(w)["SubmitOrders"])
    assert w.controller.state.to_act == "german"
    # the hand-over screen covers the window before the German player sits down
    assert w.curtain.isVisible() and w.curtain.geometry() == w.rect()
    qtbot.waitUntil(w.curtain.button.isEnabled, timeout=5000)
    bot.click(w.curtain.button)
    assert not w.curtain.isVisible()
    bot.click(bot.toolbar_button(w.zoc_action))  # the ZOC kinds drawn on the map: their labels are among the scene's words
    assert w.controller.viewing_side() == "german"
    assert orders_named(w, soviet) == []
    assert "the Soviet track" not in shown_texts(w)  # nor the points their orders cost (8.1C)
    german = give_orders(bot, "defense")
    assert orders_named(w, soviet) == []
    bot.click(order_buttons(w)["SubmitOrders"])
    # both handed in: the orders are revealed together (3.3), to either seat
    assert w.controller.state.turn_data["orders_revealed"]
    if w.curtain.isVisible():
        qtbot.waitUntil(w.curtain.button.isEnabled, timeout=5000)
        bot.click(w.curtain.button)
    assert orders_named(w, soviet) and orders_named(w, german)


def test_sealing_the_orders_asks_first_and_cancel_leaves_them_open(qtbot, kiro_window):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    w = kiro_window
    w.confirming = True
    bot = WindowBot(qtbot, w)
    give_orders(bot, "defense")
    seen = []

    def answer(name: str) -> None:
        box = next(x for x in QApplication.topLevelWidgets() if isinstance(x, QMessageBox) and x.isVisible())
        seen.append(box.text())
        qtbot.mouseClick(box.findChild(type(box.defaultButton()), name), Qt.MouseButton.LeftButton)  # the box's own buttons

    QTimer.singleShot(200, lambda: answer("confirm_no"))
    bot.click(order_buttons(w)["SubmitOrders"])
    assert seen and "Seal these orders" in seen[0] and "6.1D" in seen[0]
    assert w.controller.state.to_act == "soviet" and any(d.side == "soviet" for d in w.controller.state.pending)
    QTimer.singleShot(200, lambda: answer("confirm_yes"))
    bot.click(order_buttons(w)["SubmitOrders"])
    assert w.controller.state.to_act == "german"


def test_the_combat_panel_shows_the_odds_of_the_attack_being_declared_as_the_rules_preview_gives_them(kiro_window, monkeypatch):
    """The combat half declares attacks step by step (15.1) and previews them (15.6-15.8) through ``state.rules``: the
    panel shows the attack being built with its column, each shift with its case and the chance of each result."""
    from fractions import Fraction

    from kharkovsuite.rules.kirovograd import combat

    w = kiro_window
    state = w.controller.state
    asked = []

    def combat_preview(self, state, attackers, targets, guns=(), hqs=()):
        asked.append((attackers, targets))
        return combat.Preview(Fraction(9), Fraction(4), "2-1", (combat.Shift(1, "6.2.1", "assault orders"),), "3-1", -1, False,
                              {"DR2": Fraction(3, 4), "AE": Fraction(1, 4)})

    monkeypatch.setattr(type(state.rules), "combat_preview", combat_preview, raising=False)
    attacker = next(u for u, rec in sorted(state.units.items()) if rec.side == "soviet" and rec.hex)
    state.phase_data["fight"] = {"draft": {"targets": ["2920"], "attackers": [attacker], "guns": [], "hqs": []}}
    w._state_changed([])
    text = w.combat_panel.toPlainText()
    assert asked == [((attacker,), ("2920",))]
    assert "Attack being declared" in text and "Target hex(es): 2920" in text and w.controller.unit_name(attacker) in text
    assert "Attack 9 against defense 4: column 2-1" in text
    assert "6.2.1 assault orders: +1 column(s)" in text and "Final column 3-1, -1 to the dice" in text
    assert text.index("DR2") < text.index("AE") and "75%" in text and "25%" in text


def _reserve_under_attack(seed: int = 7):
    """A game in the first move round with a reserve formed, then (as the combat half will when the enemy declares
    its attacks, 12.3.2A) the reserve's side asked whether to commit it: the engine's decision, set up through its API."""
    from kharkovsuite import engine
    from kharkovsuite.rules.kirovograd import reserves
    from kharkovsuite.rules.kirovograd.actions import SetOrder, SubmitOrders

    state = engine.new_game(HISTORICAL, seed, headless=True)
    while state.phase.id == "orders":
        decision = state.pending[-1]
        for f in decision.data["tracks"]:
            state.apply(SetOrder(formation=f, order="mobile"))
        state.apply(SubmitOrders())
    side = state.phase.side
    place = next(a for a in state.legal_actions() if a.kind == "PlaceReserve")
    state.apply(place)
    target = next(h for h in sorted(state.at) if state.units[state.at[h][0]].side != side)
    assert reserves.offer_defensive(state, side, [target], [])
    return state, place.units


def test_a_reserve_is_committed_in_the_enemy_s_round_by_mouse_or_by_keyboard(qtbot, monkeypatch):
    from player.controller import GameController

    monkeypatch.setattr(systems, "_allow_unplayable", True)  # before the controller: it looks up the player kit
    for by in ("mouse", "keyboard"):
        state, units = _reserve_under_attack()
        w = open_window(qtbot, monkeypatch, controller=GameController(state))
        bot = WindowBot(qtbot, w)
        assert "DeclineReserve" in {b.objectName() for b, _a in bot.buttons()}  # not committing is a button too
        unit = units[0]
        assert bot.pick_for_placement("commit", unit)  # its button: the map highlights where it may go (12.3.2B)
        ends = {a.hexes[-1]: a for a in state.legal_actions() if a.kind == "CommitReserve" and a.units == (unit,)}
        assert set(w.reach) == set(ends)
        if by == "mouse":
            where = sorted(h for h in ends if h != state.units[unit].hex)[0]
            bot.click_hex(where)
        else:
            where = w.view.cursor_hex
            assert where in ends  # the hex cursor waits on a hex it may go to
            bot.key(Qt.Key.Key_Return)
        assert w.controller.state.actions[-1] == ends[where], by
        assert w.controller.state.units[unit].hex == where and "reserve" not in w.controller.state.units[unit].flags
        w.close()


def _seal_orders(bot: WindowBot, order: str = "defense") -> None:
    """Both seats give ``order`` (defense: free) and seal them through the Orders panel."""
    for _seat in range(2):
        give_orders(bot, order)
        bot.click(order_buttons(bot.w)["SubmitOrders"])


def test_the_header_names_day_or_night_weather_initiative_and_whose_player_turn(qtbot, kiro_window):
    w = kiro_window
    bot = WindowBot(qtbot, w)
    state = w.controller.state
    weather = state.turn_data["weather"]
    assert w.turn_label.text() == f"Turn 1 of 24 · {state.date} · Day · {weather}"
    _seal_orders(bot)
    state = w.controller.state
    first = state.turn_data["first"]
    name = state.scenario.sides[first].name
    assert state.phase.id == "move_1_1"
    assert w.turn_label.text().endswith(f"Day · {weather} · initiative {name} · first player turn")
    while state.phase.id != "move_2_1":
        bot.click(bot.end_phase_button())
        state = w.controller.state
    assert w.turn_label.text().endswith(f"initiative {name} · second player turn")


def test_zocs_are_drawn_by_kind_and_the_hex_under_the_mouse_names_the_enemy_zoc(qtbot, kiro_window):
    from kharkovsuite.rules.kirovograd import zoc

    w = kiro_window
    bot = WindowBot(qtbot, w)
    _seal_orders(bot)
    state = w.controller.state
    side = w.controller.viewing_side()
    enemy = next(s for s in state.scenario.sides if s != side)
    kinds = {}
    for h in zoc.zoc_of(state, enemy):
        here = zoc.zoc_at(state, enemy, h, False)
        kinds[h] = "overlapping" if here.overlapping else here.kind
    assert {"fluid", "overlapping"} <= set(kinds.values())
    bot.click(bot.toolbar_button(w.zoc_action))
    drawn = w.scene.overlay("zoc").entries
    label = {"fluid": "fluid", "locking": "lock", "overlapping": "overlap"}
    assert {h: lab for h, (_style, lab) in drawn.items()} == {h: label[k] for h, k in kinds.items() if h in w.scene.game_map}
    assert len({style for style, _lab in drawn.values()}) == len(set(kinds.values()))  # each kind its own colour and hatch
    for kind, case in (("fluid", "13.1"), ("overlapping", "13.3")):
        h = sorted(x for x, k in kinds.items() if k == kind and x in w.scene.game_map)[0]
        w.view.hex_hovered.emit(h)
        assert f"enemy {kind} ZOC ({case})" in w.statusBar().currentMessage()


def test_supply_markers_from_the_engine_show_on_the_counters_and_in_the_unit_and_game_dock(qtbot, kiro_window):
    w = kiro_window
    state = w.controller.state
    side = w.controller.viewing_side()
    cut, oos = [u for u, rec in sorted(state.units.items()) if rec.side == side and rec.hex][:2]
    state.set_flag(cut, "cut_off")  # as the supply segment marks them (8.4A-B)
    state.set_flag(oos, "out_of_supply")
    w._state_changed([])
    shown = {cv.id: cv for stack in w.scene.counters().values() for cv in stack}
    assert "cut_off" in shown[cut].markers and "out_of_supply" in shown[oos].markers
    text = w.status_panel.toPlainText()
    assert f"Out of Supply (8.4B): {w.controller.unit_name(oos)}" in text and f"Cut Off (8.4A): {w.controller.unit_name(cut)}" in text


def test_while_orders_are_given_the_actions_dock_points_to_the_orders_tab_and_the_combat_panel_says_how_attacks_go(kiro_window):
    w = kiro_window
    assert "Choose in the Orders tab beside this one." in w.actions_panel.title.text().replace("<b>", "").replace("</b>", "")
    assert w.actions_panel.buttons == []  # the orders are not listed twice
    assert "attacks are declared one by one (15.1)" in w.combat_panel.toPlainText()


def test_the_mp_a_unit_has_in_a_movement_round_follow_its_orders(qtbot, kiro_window):
    """6.2.3A: mobile orders give half the MA in the second movement round; the dock's MP left and the reach say so."""
    w = kiro_window
    bot = WindowBot(qtbot, w)
    _seal_orders(bot, "mobile")
    bot.click(bot.end_phase_button())
    if w.controller.state.phase.id == "combat_1_1":  # no attack declared: the combat round ends too (14.1A)
        bot.click(bot.end_phase_button())
    state = w.controller.state
    assert state.phase.id == "move_1_2"
    side = state.phase.side
    unit = next(u for u, rec in sorted(state.units.items()) if rec.side == side and rec.hex and len(state.units_at(rec.hex)) == 1
                and state.board.units[u].movement[0] >= 6 and state.turn_data["orders"][side].get(state.board.units[u].formation) == "mobile")
    from kharkovsuite.rules.kirovograd import movement

    bot.select_hex(state.units[unit].hex)
    mp = movement.allowance(state, unit, 2)[0]  # half the MA (and half again in fog, 11.3)
    assert mp <= state.board.units[unit].movement[0] / 2
    text = w.status_panel.toPlainText()
    assert f"MP left: {mp:g}" in text and f"this movement round: {mp:g} MP (11.2, 6.2)" in text
    assert w.reach and max(r.cost for r in w.reach.values()) <= mp


def test_an_out_of_supply_unit_is_put_on_retreat_orders_from_the_orders_panel(qtbot, kiro_window):
    """6.1F, 8.4D: the Orders panel lists each Out of Supply unit with a button for its own retreat orders."""
    w = kiro_window
    state = w.controller.state
    side = state.to_act
    unit = next(u for u, rec in sorted(state.units.items()) if rec.side == side and rec.hex)
    state.set_flag(unit, "out_of_supply")  # as the last supply segment marked it (8.4B)
    w._state_changed([])
    button = order_buttons(w)[f"UseRetreatOrders:{unit}"]
    assert button.text() == f"{w.controller.unit_name(unit)}: retreat orders (Out of Supply, 6.1F)"
    WindowBot(qtbot, w).click(button)
    assert w.controller.state.pending[-1].data["retreat"] == [unit]
    assert f"UseRetreatOrders:{unit}" not in order_buttons(w)  # once only


def _click_link(qtbot, browser, href: str) -> None:
    """Click the link ``href`` in a rich-text panel where it is drawn (its middle character)."""
    from PySide6.QtGui import QTextCursor

    doc = browser.document()
    block = doc.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            frag = it.fragment()
            if frag.charFormat().anchorHref() == href:
                cursor = QTextCursor(doc)
                cursor.setPosition(frag.position() + frag.length() // 2)
                browser.setTextCursor(cursor)
                browser.ensureCursorVisible()
                qtbot.mouseClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=browser.cursorRect(cursor).center())
                return
            it += 1
        block = block.next()
    raise AssertionError(f"no link {href} in the panel")


def test_16_0_the_owner_chooses_each_loss_by_clicking_the_unit_in_the_combat_panel(qtbot, monkeypatch):
    """After an A2 the German seat is asked which unit takes each SP: the combat panel names each unit with its SP and
    the SP it may still lose, and a click on a name takes the loss there (16.0, 16.1)."""
    import random

    from player.controller import GameController
    from tests.rules.kirovograd.kiro_helpers import GE_MOT, GE_PZ
    from tests.rules.kirovograd.test_kiro_loss_choice import a2_against_rifles

    monkeypatch.setattr(systems, "_allow_unplayable", True)
    state = a2_against_rifles()
    state.rng = random.Random(7)  # the scripted roll is spent
    w = open_window(qtbot, monkeypatch, controller=GameController(state))
    w._state_changed([])
    text = w.combat_panel.toPlainText()
    pz, mot = w.controller.unit_name(GE_PZ), w.controller.unit_name(GE_MOT)
    assert "Choose the unit that takes loss 1 of 2" in text
    assert f"{mot} — 4 SP, may lose 2 more this round" in text and f"{pz} — 6 SP, may lose 3 more this round" in text
    _click_link(qtbot, w.combat_panel, f"do:ChooseLoss:{GE_MOT}")
    assert w.controller.state.actions[-1].kind == "ChooseLoss" and w.controller.state.actions[-1].unit == GE_MOT
    text = w.combat_panel.toPlainText()
    assert "loss 2 of 2" in text and f"{mot} — 4 SP, 1 marked to lose, may lose 1 more this round" in text
    _click_link(qtbot, w.combat_panel, f"do:ChooseLoss:{GE_MOT}")
    assert (w.controller.state.units[GE_MOT].step, w.controller.state.units[GE_PZ].step) == (2, 0)
    assert "Choose the unit" not in w.combat_panel.toPlainText()


def test_8_1e_the_combat_panel_greys_out_a_gun_with_no_supply_line_with_the_reason_and_a_click_adds_one_that_may_fire(qtbot, monkeypatch):
    """A Soviet attack being declared with two army guns in range: the one beside its army HQ may fire (a link: a
    click adds its barrage), the one with no supply line of its own is greyed, the reason in words with its case (8.1E)
    and no link; its button is not in the Actions dock either."""
    from PySide6.QtWidgets import QPushButton

    from player.controller import GameController
    from tests.rules.kirovograd.kiro_helpers import GE_INF, PLAIN, SU_ART, SU_ART2, SU_DIV, bare, ring
    from kharkovsuite.rules.kirovograd.fight import AddAttacker, AttackHex

    monkeypatch.setattr(systems, "_allow_unplayable", True)
    fed, cut = ring(PLAIN, 4)[0], ring(PLAIN, 4)[12]
    state = bare({SU_DIV: ring(PLAIN, 1)[0], SU_ART: fed, "su-53a-hq": fed, SU_ART2: cut, GE_INF: PLAIN}, side="soviet",
                 phase="combat_1_1", orders={"c48": "assault", "a53": "assault", "k47": "mobile"})
    state.apply(AttackHex(hex=PLAIN))
    state.apply(AddAttacker(unit=SU_DIV))
    w = open_window(qtbot, monkeypatch, controller=GameController(state))
    w._state_changed([])
    text = w.combat_panel.toPlainText()
    name, greyed = w.controller.unit_name(SU_ART), w.controller.unit_name(SU_ART2)
    assert f"{name} — may fire" in text
    assert f"{greyed} — may not fire: {greyed} traces no supply line and may not fire (8.1E)" in text
    assert f"do:AddSupport:{SU_ART2}" not in w.combat_panel.toHtml()
    assert w.findChild(QPushButton, f"AddSupport:{SU_ART2}") is None and w.findChild(QPushButton, f"AddSupport:{SU_ART}") is not None
    _click_link(qtbot, w.combat_panel, f"do:AddSupport:{SU_ART}")
    assert w.controller.state.actions[-1].kind == "AddSupport" and w.controller.state.actions[-1].unit == SU_ART
    assert "Support: " + name in w.combat_panel.toPlainText()


def test_25_2_a_worn_tank_unit_is_refitted_from_the_actions_dock_by_mouse_or_by_keyboard(qtbot, monkeypatch):
    """25.2: with armour replacement points in hand, the Soviet movement round's actions dock has a
    button a player reads ("Refit 110 with 2 armour replacement point(s)"); a click, or the keyboard
    on it, takes the points and spends the unit's round."""
    from player.controller import GameController
    from kharkovsuite.rules.kirovograd.actions import TakeReplacements
    from tests.rules.kirovograd.kiro_helpers import GE_INF, PLAIN, bare

    monkeypatch.setattr(systems, "_allow_unplayable", True)
    tank = "su-18t-110"
    for by in ("mouse", "keyboard"):
        state = bare({tank: "4030", GE_INF: PLAIN}, side="soviet", orders={"t18": "mobile"})
        state.units[tank].step = 2
        state.game["replacement_points"] = 10
        state.cache.clear()
        w = open_window(qtbot, monkeypatch, controller=GameController(state))
        bot = WindowBot(qtbot, w)
        refits = {" ".join(b.text().split()): (b, a) for b, a in bot.buttons() if isinstance(a, TakeReplacements)}  # the label wraps
        assert set(refits) == {"Refit 110 with 1 armour replacement point(s) (25.2)",
                               "Refit 110 with 2 armour replacement point(s) (25.2)"}
        button, action = refits["Refit 110 with 2 armour replacement point(s) (25.2)"]
        if by == "mouse":
            bot.click(button)
        else:
            button.setFocus()
            bot.key(Qt.Key.Key_Space, button)
        assert w.controller.state.actions[-1] == action == TakeReplacements(unit=tank, points=2), by
        assert w.controller.state.units[tank].step == 0 and w.controller.state.game["replacement_points"] == 8
        w.close()

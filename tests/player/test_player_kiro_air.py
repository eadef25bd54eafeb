"""Kirovograd's air missions at the window (advanced rule 28, the option ``air``): the Air panel shows the air base
box and the airstrips, and an air unit committed to a ground attack by clicks joins an attack in the combat round,
where the Combat panel shows it."""
from __future__ import annotations

import random
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from kharkovsuite.engine.actions import EndPhase
from kharkovsuite.rules.kirovograd import air, fight
from player import systems
from player.app import PlayerWindow
from player.controller import GameController
from player.panels import action_key
from player.systems.kirovograd import AirPanel

from .clicks import answer_next_box, click_hex

ROOT = Path(__file__).resolve().parents[2]
ENDGAME = ROOT / "scenarios" / "kirovograd-endgame.yaml"


def _orders_given(controller) -> None:
    """Set-up, not the test: every formation on defense orders (free, and air support is allowed under them, 6.2.2E),
    until the air commitment of the first player turn (3.5.1)."""
    state = controller.state
    while not (state.pending and state.pending[-1].kind == "air_commitment"):
        legal = list(state.legal_actions().actions())
        pick = next((a for a in legal if a.kind == "SetOrder" and a.order == "defense"), None) or next(
            (a for a in legal if a.kind == "SubmitOrders"), None) or legal[0]
        controller.apply(pick)
        state = controller.state


def _target(state, side: str) -> tuple[str, str]:
    """An enemy hex next to a unit of ``side`` that may attack it, and a ground attack air unit that may fly over it."""
    legal = [a for a in state.legal_actions().actions() if a.kind == "FlyMission" and a.mission == "ground_attack"
             and len(a.units) == 1 and not a.escort]
    for a in legal:
        near = [n for n in state.board.nbrs[a.hex] for u in state.units_at(n)
                if state.units[u].side == side and state.board.units[u].ground and not state.board.units[u].is_hq
                and not state.board.units[u].is_artillery]
        if near:
            return a.hex, a.units[0]
    raise AssertionError("no enemy hex next to a friendly unit to attack from the air")


def _window(qtbot, monkeypatch):
    """The Endgame with air missions, its orders given, at the first air commitment, in a window."""
    monkeypatch.setattr(systems, "_allow_unplayable", True)
    controller = GameController.new(ENDGAME, 2, options=("air",))
    _orders_given(controller)
    w = PlayerWindow(ENDGAME, controller=controller, seed=2, handover=False, autosave=None, interactive=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def test_an_air_unit_committed_to_a_ground_attack_by_clicks_joins_the_attack_and_the_combat_panel_shows_it(qtbot, monkeypatch):
    w = _window(qtbot, monkeypatch)
    state = w.controller.state
    side = state.pending[-1].side
    target, flier = _target(state, side)
    panel = next(p for _d, p in w.kit_docks if isinstance(p, AirPanel))
    assert panel.isVisible() and panel.unit.isVisible(), "the Air panel comes forward for the commitment"
    assert "ready box" in panel.body.text()

    # the unit, its mission, the hex: by the mouse in the combo boxes and the list, then Commit
    panel.unit.setFocus()
    index = panel.unit.findData(flier)
    qtbot.keyClick(panel.unit, Qt.Key.Key_Home)
    for _ in range(index):
        qtbot.keyClick(panel.unit, Qt.Key.Key_Down)
    assert panel.unit.currentData() == flier
    mission = panel.mission.findData("ground attack")
    panel.mission.setFocus()
    qtbot.keyClick(panel.mission, Qt.Key.Key_Home)
    for _ in range(mission):
        qtbot.keyClick(panel.mission, Qt.Key.Key_Down)
    assert panel.mission.currentData() == "ground attack"
    row = next(i for i in range(panel.targets.count()) if panel.targets.item(i).data(Qt.ItemDataRole.UserRole).hex == target)
    item = panel.targets.item(row)
    panel.targets.scrollToItem(item)
    qtbot.mouseClick(panel.targets.viewport(), Qt.MouseButton.LeftButton, pos=panel.targets.visualItemRect(item).center())
    qtbot.mouseClick(panel.commit, Qt.MouseButton.LeftButton)
    f = air.flight_of(w.controller.state, flier)
    assert f is not None and (f["mission"], f["hex"]) == ("ground_attack", target)
    assert w.controller.unit_name(flier) in panel.body.text()  # the Air panel lists the flight
    notes = w.controller.kit.hex_notes(w.controller.state, side, target)  # and the status bar under the mouse names it
    assert any(w.controller.unit_name(flier) in n and "ground attack" in n for n in notes)

    # both sides end their commitment (a question each, 28.3: it cannot be taken back), then the patrols, if any
    w.confirming = True
    for _ in range(6):
        state = w.controller.state
        if not (state.pending and state.pending[-1].kind == "air_commitment"):
            break
        before = len(state.actions)
        asked = answer_next_box(qtbot, "confirm_yes")
        qtbot.mouseClick(panel.end, Qt.MouseButton.LeftButton)
        assert len(w.controller.state.actions) == before + 1
        assert asked and ("patrol" in asked[0] or "commit" in asked[0].lower())
    w.confirming = False
    state = w.controller.state
    assert state.phase.id.startswith("move_"), state.phase.id
    w.do(EndPhase())  # no move this round
    state = w.controller.state
    assert state.phase.id.startswith("combat_") and state.to_act == side

    # the combat round: the target hex clicked, its attack opened, the air unit added, by the Actions dock's buttons
    click_hex(qtbot, w, target)
    opening = w.findChild(QPushButton, action_key(fight.AttackHex(hex=target)))
    assert opening is not None and opening.isEnabled()
    qtbot.mouseClick(opening, Qt.MouseButton.LeftButton)
    click_hex(qtbot, w, target)
    joining = w.findChild(QPushButton, action_key(fight.AddSupport(unit=flier)))
    assert joining is not None and joining.isEnabled() and "from the air" in joining.text().replace("\n", " ")
    qtbot.mouseClick(joining, Qt.MouseButton.LeftButton)
    text = w.combat_panel.toPlainText()
    assert "From the air" in text and w.controller.unit_name(flier) in text
    assert "Attack " in text and "against defense" in text  # the odds with the air unit's strength


def test_the_start_page_offers_air_missions_and_the_game_starts_with_them(qtbot, tmp_path):
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QCheckBox

    from player.startpage import StartPage

    page = StartPage(current=ENDGAME, settings=QSettings(str(tmp_path / "player.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(page)
    boxes = {b.objectName(): b for b in page.findChildren(QCheckBox) if b.objectName().startswith("option_")}
    assert "28.0" in boxes["option_air"].toolTip() + boxes["option_air"].text()
    qtbot.mouseClick(boxes["option_air"], Qt.MouseButton.LeftButton)
    assert page.start() and "air=on" in page.choice.options
    game = GameController.new(page.choice.scenario, 1, page.choice.setup, page.choice.options).state
    assert game.options["air"] is True and len(game.game["air"]) == 22


# ----------------------------------------------------------------------------- the choices the rules leave to the players

BF109, BF109B, JU87, IL2, YAK7 = "de-air-bf109-1", "de-air-bf109-2", "de-air-ju87-1", "su-air-il2-1", "su-air-yak7"


class _Dice(random.Random):
    """Dice that give ``faces`` in turn, then roll as usual (set-up: the air combat's results are known beforehand)."""

    def __init__(self, *faces):
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a, b):
        return self.faces.pop(0) if self.faces else super().randint(a, b)


def _air_combat(w, soviet: list[str], escort: str, *faces, patrols=(BF109,)) -> str:
    """Set-up, not the test: the commitment ends with German patrols and a Soviet ground attack stack over a Soviet hex,
    and their air combat opens (28.6C) with the dice fixed."""
    state = w.controller.state
    decision = state.pending[-1]
    state.pending.remove(decision)
    hex_id = next(h for h, ids in sorted(state.at.items()) if any(state.units[u].side == "soviet" and state.board.units[u].ground for u in ids))
    for patrol in patrols:
        air._sortie(state, (patrol,), 1)
        air._new_flight(state, "german", [patrol], "cap", hex_id, 1)
    air._sortie(state, tuple(soviet) + ((escort,) if escort else ()), 1)
    air._new_flight(state, "soviet", soviet, "ground_attack", hex_id, 1, escort=escort)
    state.rng = _Dice(*faces)
    air._finish(state, dict(decision.data, stage="cap"), [])
    w.controller.forget_legal()
    w.controller.state_changed.emit([])
    return hex_id


def _button(qtbot, w, name: str) -> QPushButton:
    """The Air panel's button of that action, once the panel has laid it out and shown it."""
    found = _panel(w).findChild(QPushButton, name)
    assert found is not None, name
    qtbot.waitUntil(found.isVisible, timeout=2000)
    return found


def _panel(w) -> AirPanel:
    return next(p for _d, p in w.kit_docks if isinstance(p, AirPanel))


def _press_by_keyboard(qtbot, w, button: QPushButton) -> None:
    """Tab to the button, as a person without a mouse does, and press Space."""
    button.setFocus(Qt.FocusReason.TabFocusReason)
    assert button.hasFocus()
    qtbot.keyClick(button, Qt.Key.Key_Space)


def test_28_10_2a_the_unharmed_stack_is_asked_whether_it_strikes_back_and_holds_its_fire_by_the_keyboard(qtbot, monkeypatch):
    w = _window(qtbot, monkeypatch)
    _air_combat(w, [IL2], "", 1, 1)  # Bf109 4 against Il-2 1: 4-1, roll 2: A1, nothing to the Il-2
    panel = _panel(w)
    pair = _button(qtbot, w, action_key(air.PairAir(unit=BF109, target=IL2)))
    assert pair is not None and pair.isVisible()
    qtbot.mouseClick(pair, Qt.MouseButton.LeftButton)  # Germany pairs its patrol (28.10.1A) by the mouse
    state = w.controller.state
    assert state.to_act == "soviet" and state.pending[-1].case == "28.10.2A"
    assert "strike back" in panel.head.text()
    strike = _button(qtbot, w, action_key(air.AirStrike(unit=IL2, target=BF109)))
    hold = _button(qtbot, w, action_key(air.HoldAirFire(unit=IL2)))
    assert strike is not None and hold is not None and strike.isVisible() and hold.isVisible()
    assert "strike back at" in strike.text() and "28.10.2A" in strike.text() and "su-air" not in strike.text()
    w.confirming = True
    asked = answer_next_box(qtbot, "confirm_yes")
    _press_by_keyboard(qtbot, w, hold)
    w.confirming = False
    assert asked and "strike back" in asked[0]
    state = w.controller.state
    assert [a.kind for a in state.actions[-2:]] == ["PairAir", "HoldAirFire"]
    assert state.units[BF109].step == 0 and air.flight_of(state, IL2) is not None  # the Il-2 flies on (28.9.2A)


def test_28_10_4a_the_owner_of_the_stack_hit_picks_the_unit_that_takes_the_loss_at_the_window(qtbot, monkeypatch):
    w = _window(qtbot, monkeypatch)
    _air_combat(w, [IL2], YAK7, 6, 6)  # 4 against 1 + 3: 1-1, roll 12: D2R2
    qtbot.mouseClick(_button(qtbot, w, action_key(air.PairAir(unit=BF109, target=IL2))), Qt.MouseButton.LeftButton)
    state = w.controller.state
    assert state.to_act == "soviet" and state.pending[-1].case == "28.10.4A"
    panel = _panel(w)
    assert "loss point" in panel.head.text()
    yak = _button(qtbot, w, action_key(air.TakeAirLoss(unit=YAK7)))
    il2 = _button(qtbot, w, action_key(air.TakeAirLoss(unit=IL2)))
    assert yak is not None and il2 is not None and yak.isVisible() and il2.isVisible()
    qtbot.mouseClick(yak, Qt.MouseButton.LeftButton)  # the first point by the mouse
    yak = _button(qtbot, w, action_key(air.TakeAirLoss(unit=YAK7)))
    _press_by_keyboard(qtbot, w, yak)  # the second by the keyboard
    state = w.controller.state
    assert (state.units[YAK7].step, state.units[IL2].step) == (2, 0)


def test_28_2e_an_airstrip_unit_back_from_its_sortie_lands_where_its_owner_says_at_the_window(qtbot, monkeypatch):
    w = _window(qtbot, monkeypatch)
    state = w.controller.state
    strip = sorted(state.game["airstrips"])[0]
    state.game["air"][JU87]["base"] = strip  # set-up: a Ju87 based on an airstrip, back from a sortie
    f = air._new_flight(state, "german", [JU87], "ground_attack", state.game["airstrips"][strip], 1)
    air.go_home(state, f, [], "28.2D")
    w.controller.forget_legal()
    w.controller.state_changed.emit([])
    panel = _panel(w)
    assert state.to_act == "german" and "back from its sortie" in panel.head.text()
    land = _button(qtbot, w, action_key(air.ReturnAir(unit=JU87, to="strip")))
    box = _button(qtbot, w, action_key(air.ReturnAir(unit=JU87, to="box")))
    assert land is not None and box is not None and land.isVisible() and box.isVisible()
    assert "unready box" in box.text() and state.scenario.map.areas[strip].name in land.text()
    w.confirming = True
    asked = answer_next_box(qtbot, "confirm_yes")
    _press_by_keyboard(qtbot, w, box)
    w.confirming = False
    assert asked and "unready box" in asked[0]
    assert w.controller.state.game["air"][JU87] == {"base": "box", "ready": False}


def test_28_3_committed_flights_are_drawn_on_their_hexes_with_a_tooltip_naming_units_and_mission_as_the_seat_may_know_them(qtbot, monkeypatch):
    from kharkovsuite.view.markers import MarkerItem

    w = _window(qtbot, monkeypatch)
    hex_id = _air_combat(w, [IL2], YAK7, 1, 1)
    markers = w.scene.markers("kit")
    assert set(markers) == {hex_id}
    marker = markers[hex_id]
    assert marker.label == "air 3" and marker.colour == "purple"  # both sides' units over the hex
    for words in ("Bf109", "combat air patrol", "Il-2", "escorted by", "ground attack"):
        assert words in marker.tooltip, (words, marker.tooltip)
    assert "de-air" not in marker.tooltip and "su-air" not in marker.tooltip
    [item] = [i for i in w.scene.items() if isinstance(i, MarkerItem)]
    assert "Bf109" in item.toolTip() and item.isVisible()
    assert item.acceptedMouseButtons() == Qt.MouseButton.NoButton  # a click reaches the hex
    # the flights the observation shows are the ones drawn: once the combat is over and they are home, no marker is left
    qtbot.mouseClick(_button(qtbot, w, action_key(air.PairAir(unit=BF109, target=IL2))), Qt.MouseButton.LeftButton)
    while w.controller.state.pending and w.controller.state.pending[-1].kind == "air_commitment":
        w.do(w.controller.legal_actions()[0])
    flying = {f.get("hex") for f in w.controller.observation()["game"]["flights"] if f.get("hex")}
    assert set(w.scene.markers("kit")) == flying


def test_28_9_1c_a_later_interceptor_is_asked_whether_it_attacks_and_attacks_by_the_mouse(qtbot, monkeypatch):
    w = _window(qtbot, monkeypatch)
    _air_combat(w, [IL2], "", 1, 1, 3, 4, patrols=(BF109, BF109B))  # the first: 4-1 roll 2, no effect; the second: 4-1 roll 7, D1R2
    for pair in (air.PairAir(unit=BF109, target=IL2), air.PairAir(unit=BF109B, target=IL2)):
        qtbot.mouseClick(_button(qtbot, w, action_key(pair)), Qt.MouseButton.LeftButton)
    hold = _button(qtbot, w, action_key(air.HoldAirFire(unit=IL2)))  # 28.10.2A: the Il-2 holds its fire
    w.confirming = True
    answer_next_box(qtbot, "confirm_yes")
    qtbot.mouseClick(hold, Qt.MouseButton.LeftButton)
    w.confirming = False
    state = w.controller.state
    assert state.to_act == "german" and state.pending[-1].case == "28.9.1C"
    assert "may attack it too" in _panel(w).head.text()
    attack = _button(qtbot, w, action_key(air.AirStrike(unit=BF109B, target=IL2)))
    assert "attack" in attack.text() and "28.9.1C" in attack.text()
    assert _button(qtbot, w, action_key(air.HoldAirFire(unit=BF109B))).isVisible()  # or pass
    qtbot.mouseClick(attack, Qt.MouseButton.LeftButton)
    state = w.controller.state
    assert state.actions[-1] == air.AirStrike(unit=BF109B, target=IL2)
    assert state.units[IL2].step == 1 and air.flight_of(state, IL2) is None  # hit: home without its mission


def test_28_11a_the_owner_of_a_stack_hit_by_anti_aircraft_fire_picks_the_unit_that_takes_the_loss_at_the_window(qtbot, monkeypatch):
    w = _window(qtbot, monkeypatch)
    state = w.controller.state
    hex_id = next(h for h, ids in sorted(state.at.items()) if any(state.units[u].side == "soviet" and state.board.units[u].ground for u in ids))
    f = air._new_flight(state, "german", [JU87], "ground_attack", hex_id, 1, escort=BF109)  # set-up: the stack was hit by anti-aircraft fire
    f["hit"] = True
    assert air.open_anti_aircraft_loss(state, f, 1, [])
    w.controller.forget_legal()
    w.controller.state_changed.emit([])
    assert "anti-aircraft" in _panel(w).head.text()
    escort = _button(qtbot, w, action_key(air.TakeAirLoss(unit=BF109)))
    assert _button(qtbot, w, action_key(air.TakeAirLoss(unit=JU87))).isVisible()
    assert "28.11A" in escort.text() and "left" in escort.text()
    _press_by_keyboard(qtbot, w, escort)
    state = w.controller.state
    assert (state.units[BF109].step, state.units[JU87].step) == (1, 0)
    assert air.flight_of(state, JU87) is None  # home without attacking (28.11A)


def test_30_7_the_status_bar_under_the_mouse_names_no_german_transfer_over_a_strip_the_ussr_may_not_know():
    """30.7, 28.8B: the note the status bar shows for the hex under the mouse lists the air units over it as the seat
    may know them: the German seat its transfer over Zlynka, the Soviet seat nothing there while no Soviet patrol has
    the strip in reach."""
    from tests.rules.kirovograd.kiro_helpers import GE_INF, PLAIN, SU_DIV
    from tests.rules.kirovograd.test_kiro_air import JU87, N, ZLYNKA, aired, fly, segment

    state = segment(aired({GE_INF: PLAIN, SU_DIV: N[0]}, options={"hidden": True}))
    zlynka = state.game["airstrips"][ZLYNKA]
    fly(state, [JU87], "transfer", zlynka)
    controller = GameController(state)
    kit = controller.kit
    assert [n for n in kit.hex_notes(state, "german", zlynka) if "air" in n] == [
        f"own air: {kit.part('describe').unit_names(state, [JU87])}, transfer (28.3)"]
    assert not [n for n in kit.hex_notes(state, "soviet", zlynka) if "air" in n]

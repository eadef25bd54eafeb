"""The trace overlays (supply, why not, command, rail, roads, front) in the player and the editor,
checked against the engine's own answers on the default scenario (Kharkov 1942, seed 1)."""
from __future__ import annotations

from pathlib import Path

import pytest

import kharkovsuite.view  # noqa: F401 - the PySide6 guard first
from kharkovsuite.rules.kharkov1942 import rail, supply, trace, victory, zoc

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "scenarios" / "kharkov-1942.yaml"


@pytest.fixture
def window(player_window):
    return player_window


def marks(scene, overlay: str, role: str) -> dict:
    item = scene.overlay(f"trace:{overlay}:{role}")
    return {h: label for h, (_style, label) in item.entries.items()} if item is not None else {}


def line(scene, overlay: str, role: str) -> list[str]:
    item = scene.overlay(f"trace:{overlay}:{role}")
    return list(item.hexes) if item is not None else []


def on(w, name: str, side: str) -> None:
    w.trace.set_side(side)
    w.trace.actions[name].setChecked(True)


def moved(w, unit: str, hex_id: str) -> None:
    """Put ``unit`` on ``hex_id`` as a set-up change, then refresh the window as after an action."""
    w.controller.state.place(unit, hex_id)
    w.controller.state.cache.clear()  # a change outside any action: the per-phase rail cache too
    w._state_changed([])


def test_11_0_supply_overlay_shades_every_hex_the_engine_reaches(window):
    state = window.controller.state
    on(window, "supply", "soviet")
    ss = supply.side_supply(state, "soviet")
    loc = {h for h in state.board.ids if ss.searches["loc"].reached(state.board.index[h])}
    edge = {h for h in state.board.ids if supply.hex_in_supply(state, h, "soviet")}
    assert set(marks(window.scene, "supply", "supplied")) == loc and loc
    assert set(marks(window.scene, "supply", "hq_supplied")) == edge - loc
    assert set(marks(window.scene, "supply", "source")) == set(state.board.area("east_edge"))
    out = {state.units[u].hex for u in state.board.side_units["soviet"] if state.units[u].hex and not supply.in_supply(state, u)}
    assert set(marks(window.scene, "supply", "out")) == out and out
    assert "Supply" in window.trace.legend.topLevelItem(0).text(0)


def test_11_3_axis_supply_overlay_matches_the_german_lines(window):
    state = window.controller.state
    on(window, "supply", "axis")
    shaded = set(marks(window.scene, "supply", "supplied"))
    assert shaded == {h for h in state.board.ids if supply.hex_in_supply(state, h, "axis")}
    net, _ = supply.road_sources(state)
    assert set(marks(window.scene, "supply", "road_source")) == {state.board.ids[i] for i in net}
    sources = marks(window.scene, "supply", "source")
    assert {h for h, label in sources.items() if label == "entry"} == set(state.board.area("german_road_supply"))


def test_10_23_selecting_a_soviet_unit_draws_its_loc_and_the_hq_line(window):
    state = window.controller.state
    on(window, "supply", "soviet")
    window._select(["su-rd-01"])
    st = supply.supply_status(state, "su-rd-01")
    assert st.in_supply and st.kind == "soviet-hq"
    loc, hq_line = line(window.scene, "supply", "loc"), line(window.scene, "supply", "hq_line")
    assert loc[0] == state.units["su-rd-01"].hex and loc + hq_line[1:] == st.path
    assert hq_line[-1] == st.source and hq_line[0] == loc[-1]
    label = marks(window.scene, "supply", "selected")[loc[0]]
    assert label == f"{len(loc) - 1}/{st.limit}"


def test_11_1_a_unit_behind_an_enemy_zoc_line_is_marked_and_its_blocking_hex_listed(window):
    state = window.controller.state
    moved(window, "su-rd-01", "0615")
    st = supply.supply_status(state, "su-rd-01")
    assert not st.in_supply and any(b.reason == supply.ZOC_REASON and b.case == "11.1" for b in st.blocks)
    on(window, "why", "soviet")
    window._select(["su-rd-01"])
    assert "0615" in marks(window.scene, "why", "out")
    blocks = marks(window.scene, "why", "block")
    assert set(blocks) == {b.hex for b in st.blocks}
    for b in st.blocks:
        assert b.case in blocks[b.hex]
        assert f"{b.hex}: {b.reason} — {b.case}" in window.trace.legend.findings()
    assert line(window.scene, "why", "blocked_line") == st.path


def test_11_3_why_not_lists_every_axis_unit_out_of_supply(window):
    state = window.controller.state
    on(window, "why", "axis")
    out = [u for u in state.board.side_units["axis"] if state.units[u].hex and not supply.in_supply(state, u)]
    assert out and {state.units[u].hex for u in out} <= set(marks(window.scene, "why", "out"))
    expected = {b.hex for u in out for b in supply.supply_status(state, u).blocks}
    assert expected <= set(marks(window.scene, "why", "block"))


def test_10_23_command_overlay_shows_each_hq_reach_and_radius(window):
    state = window.controller.state
    on(window, "command", "soviet")
    b = state.board
    hqs = [u for u in b.side_units["soviet"] if b.is_hq(u) and state.units[u].hex]
    active = [u for u in hqs if "inactive" not in state.units[u].flags]
    assert active and len(active) < len(hqs)
    reach = set().union(*(supply.command_reach(state, u) for u in active))
    assert set(marks(window.scene, "command", "command")) == reach
    labels = marks(window.scene, "command", "hq")
    for u in hqs:
        r = b.hq_values(u).command_radius
        assert labels[state.units[u].hex] == (f"HQ r{r}" if u in active else f"off r{r}")
    stuck = {state.units[u].hex for u in b.side_units["soviet"]
             if state.units[u].hex and not b.is_hq(u) and not supply.in_command(state, u)}
    assert set(marks(window.scene, "command", "uncommanded")) == stuck


def test_6_4_rail_overlay_shows_friendly_rail_the_reach_and_the_route(window, qtbot):
    state = window.controller.state
    on(window, "rail", "soviet")
    b = state.board
    assert set(marks(window.scene, "rail", "rail_friendly")) == {h for i, h in enumerate(b.ids) if b.rail_side[i] == "soviet"}
    assert set(marks(window.scene, "rail", "rail_enemy")) == {h for i, h in enumerate(b.ids) if b.rail_side[i] == "axis"}
    moved(window, "su-rd-01", "0701")
    window._select(["su-rd-01"])
    dist, _parent, dests = rail.rail_reach(state, "su-rd-01")
    assert dests
    assert marks(window.scene, "rail", "rail_reach") == {b.ids[i]: str(d) for i, d in dist.items()}
    far = max(dests, key=lambda i: dist[i])
    window.view.hex_hovered.emit(b.ids[far])
    assert tuple(line(window.scene, "rail", "rail_route")) == rail.rail_path(state, "su-rd-01", far)


def test_11_33_roads_overlay_is_the_clear_road_net_and_a_soviet_unit_cuts_it(window):
    state = window.controller.state
    on(window, "roads", "axis")
    net, _ = supply.road_sources(state)
    assert set(marks(window.scene, "roads", "road_net")) == {state.board.ids[i] for i in net}
    inner = sorted(state.board.ids[i] for i in net if not state.units_at(state.board.ids[i]))[0]
    moved(window, "su-rd-01", inner)
    net2, _ = supply.road_sources(state)
    assert set(marks(window.scene, "roads", "road_net")) == {state.board.ids[i] for i in net2}
    assert inner not in marks(window.scene, "roads", "road_net")
    cuts = marks(window.scene, "roads", "road_cut")
    near = {inner} | set(state.board.map.roads.neighbors(inner))
    assert cuts and set(cuts) & near
    soviet_zoc = zoc.derived(state).zoc["soviet"]
    findings = window.trace.legend.findings()
    for h, label in cuts.items():
        soviet_here = any(state.units[u].side == "soviet" for u in state.units_at(h))
        if label == "unit":
            assert soviet_here and f"{h}: Soviet unit on the road — 11.33" in findings
        else:
            assert label == "ZOC" and not soviet_here and state.board.index[h] in soviet_zoc
            assert f"{h}: Soviet ZOC not covered by an Axis unit — 11.33" in findings


def test_17_24_front_overlay_draws_the_front_and_the_hole(window):
    state = window.controller.state
    on(window, "front", "axis")
    assert victory.front_status(state)["continuous"]
    assert marks(window.scene, "front", "front") and not line(window.scene, "front", "hole")
    for u in state.board.side_units["axis"]:
        if state.units[u].hex and int(state.units[u].hex[:2]) >= 20:
            state.to_box(u, "test-off-map")
    window._state_changed([])
    status = victory.front_status(state)
    assert not status["continuous"] and status["hole"]
    assert line(window.scene, "front", "hole") == status["hole"]
    assert any("17.24" in f and "Hole" in f for f in window.trace.legend.findings())


def test_overlays_follow_each_action_and_go_when_switched_off(window):
    from kharkovsuite.engine import Move

    state = window.controller.state
    on(window, "supply", "soviet")
    before = set(marks(window.scene, "supply", "out"))
    unit = next(u for u in state.board.side_units["soviet"] if state.units[u].hex in before and state.legal_moves((u,)))
    dest = next(h for h in state.legal_moves((unit,)) if h != state.units[unit].hex and not state.units_at(h))
    assert window.do(Move(units=(unit,), path=tuple(state.legal_moves((unit,))[dest].path))) is not None
    out = {state.units[u].hex for u in state.board.side_units["soviet"] if state.units[u].hex and not supply.in_supply(state, u)}
    assert set(marks(window.scene, "supply", "out")) == out
    window.trace.actions["supply"].setChecked(False)
    assert not [n for n in window.scene.overlay_names if n.startswith("trace:")]
    assert window.trace.legend.topLevelItemCount() == 0


def test_every_overlay_toggles_on_and_its_legend_names_each_drawn_role(window):
    for name in trace.OVERLAYS:
        on(window, name, "soviet")
    drawn = {n.split(":")[2] for n in window.scene.overlay_names if n.startswith("trace:")}
    legend_roles = set()
    for i in range(window.trace.legend.topLevelItemCount()):
        head = window.trace.legend.topLevelItem(i)
        for j in range(head.childCount()):
            role = head.child(j).data(0, 257)
            if role:
                legend_roles.add(role)
    assert window.trace.legend.topLevelItemCount() == len(trace.OVERLAYS)
    assert drawn - {"selected", "hq"} <= legend_roles


def test_editor_traces_the_set_up_of_the_open_scenario_and_recomputes_after_edits(qtbot):
    from editor.document import Document
    from editor.window import MainWindow
    from kharkovsuite.engine import new_game
    from kharkovsuite.scenario import load_scenario

    w = MainWindow(Document(load_scenario(DEFAULT), DEFAULT))
    w.ask_save = lambda why: "discard"  # closing at the end never waits on a dialog
    qtbot.addWidget(w)
    assert w.trace.state is None  # nothing is computed while every overlay is off
    w.trace.set_side("soviet")
    w.trace.actions["supply"].setChecked(True)
    state = new_game(w.doc.scenario, 0)
    assert set(marks(w.scene, "supply", "supplied")) == {h for h in state.board.ids if supply.side_supply(state, "soviet").searches["loc"].reached(state.board.index[h])}
    first = w.trace.state
    w.doc.edit("Rename", lambda sc: sc.model_copy(update={"title": sc.title + " (edited)"}))
    qtbot.waitUntil(lambda: w.trace.state is not first, timeout=5000)
    assert marks(w.scene, "supply", "supplied")

"""Dragging a river with the Hexside tool leaves no gaps, however far the pointer jumps between
two mouse events (the hexsides in between are filled in along the pointer's path)."""
from pathlib import Path

import networkx as nx
import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from kharkovsuite.scenario import dumps_scenario
from kharkovsuite.view import style as S

from editor.document import Document
from tests.startwait import wait_started

SMALL = Path(__file__).resolve().parent.parent / "data" / "small.yaml"
LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


@pytest.fixture
def window(make_window, small, qtbot):
    w = make_window(Document(small, SMALL))
    w.show()
    qtbot.waitExposed(w)
    wait_started(qtbot, w)
    w.view.set_zoom(1.0)
    w.view.center_on_hex("0304")
    return w


def side_mid(window, a: str, b: str):
    """Where a person points to mean the hexside between ``a`` and ``b`` (viewport pixels)."""
    gmap = window.doc.gmap
    (x0, y0), (x1, y1) = gmap.layout.edge(gmap.grid.hex_of(a), gmap.grid.hex_of(b))
    scene = QPointF((x0 + x1) / 2 * S.HEX_SIZE, (y0 + y1) / 2 * S.HEX_SIZE)
    return window.view.mapFromScene(scene)


def rivers(scenario, feature="minor_river") -> set[str]:
    return {side for side, features in scenario.map.hexsides.items() if feature in features}


def chain_is_unbroken(window, sides: set[str]) -> bool:
    """The hexsides, joined where they share a hex corner, make one piece."""
    gmap = window.doc.gmap
    g = nx.Graph()
    for side in sides:
        a, b = side.split("/")
        p, q = gmap.layout.edge(gmap.grid.hex_of(a), gmap.grid.hex_of(b))
        g.add_edge((round(p[0], 4), round(p[1], 4)), (round(q[0], 4), round(q[1], 4)))
    return nx.is_connected(g)


def test_a_fast_river_drag_fills_the_hexsides_it_jumped_over(window, qtbot):
    tool = window.set_tool("hexside")
    tool.feature = "minor_river"
    before = window.doc.scenario
    vp = window.view.viewport()
    # along the boundary of rows 03 and 04, from column 02 to 07, in one jump of the pointer
    QTest.mousePress(vp, LEFT, NONE, side_mid(window, "0302", "0402"))
    QTest.mouseMove(vp, side_mid(window, "0307", "0407"))
    QTest.mouseRelease(vp, LEFT, NONE, side_mid(window, "0307", "0407"))
    drawn = rivers(window.doc.scenario) - rivers(before)
    assert {"0302/0402", "0307/0407"} <= drawn
    assert chain_is_unbroken(window, drawn | (rivers(window.doc.scenario) & {"0306/0406"}))
    # it follows the pointer: every hexside drawn lies between row 03 and row 04
    assert all(sorted(side[:2] for side in s.split("/")) == ["03", "04"] for s in drawn)
    assert len(drawn) == 10  # 11 hexsides along that stretch; 0306/0406 had the river already
    assert window.doc.undo_stack.count() == 1  # one stroke, one step
    window.act_undo.trigger()
    assert dumps_scenario(window.doc.scenario) == dumps_scenario(before)


def test_a_river_dragged_around_a_hex_closes_on_itself(window):
    tool = window.set_tool("hexside")
    tool.feature = "major_river"
    vp = window.view.viewport()
    ring = [("0404", n) for n in ("0304", "0305", "0405", "0505", "0504", "0403")]
    QTest.mousePress(vp, LEFT, NONE, side_mid(window, *ring[0]))
    for a, b in ring[2::2]:  # every other hexside only: the ones between are skipped by the pointer
        QTest.mouseMove(vp, side_mid(window, a, b))
    QTest.mouseMove(vp, side_mid(window, *ring[0]))
    QTest.mouseRelease(vp, LEFT, NONE, side_mid(window, *ring[0]))
    around = {"/".join(sorted(pair)) for pair in ring}
    assert rivers(window.doc.scenario, "major_river") >= around

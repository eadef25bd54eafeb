"""What the editor leaves until after its first picture (issue 27): the document's first check
runs once the map has painted, with the Problems list saying so meanwhile; the columns of the table
shown with the window are fitted to their contents right after that picture, and those of a table
shown later when it is first shown; the pages of the Tables dock are made after that picture too, or
at once when a user opens the dock (or anything reads them) before then."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QObject

from editor.document import Document
from tests.startwait import wait_started

SMALL = Path(__file__).resolve().parent.parent / "data" / "small.yaml"


def test_the_first_check_runs_after_the_map_has_painted_and_problems_say_checking_until_then(make_window, small, qtbot):
    window = make_window(Document(small, SMALL))
    assert window.validator.runs == 0  # nothing checked while the window was being built
    assert window.problems_dock.windowTitle() == "Problems — checking…"
    assert window.problem_list.topLevelItem(0).text(0) == "checking"
    painted = []
    window.view.viewport().installEventFilter(filt := _PaintSpy(painted))
    window.show()
    qtbot.waitUntil(lambda: window.validator.runs == 1, timeout=5000)
    assert painted, "the check ran before the map painted"
    assert window.issues and any(i.hex == "0106" for i in window.issues)  # small.yaml's 5.15 warning
    assert window.problems_dock.windowTitle().startswith("Problems — ") and "checking" not in window.problems_dock.windowTitle()
    assert window.problem_list.topLevelItemCount() == len(window.issues)
    window.view.viewport().removeEventFilter(filt)


def test_a_window_never_shown_still_answers_with_its_problems(make_window, small):
    window = make_window(Document(small, SMALL))
    assert window.validator.pending
    assert any(i.hex == "0106" for i in window.current_issues())
    assert window.validator.runs == 1 and not window.validator.pending


def test_the_table_shown_with_the_window_is_fitted_to_its_rows_right_after_the_first_frame(make_window, small, qtbot):
    window = make_window(Document(small, SMALL))
    table = window.tables["units"]
    view, model = table.view, table.model
    column = model.column_of("name")
    longest = max((model.index(r, column).data() or "" for r in range(model.rowCount())), key=view.fontMetrics().horizontalAdvance)
    painted = []
    window.view.viewport().installEventFilter(filt := _PaintSpy(painted))
    window.show()
    assert table.isVisible() and view.columnWidth(column) == view.horizontalHeader().defaultSectionSize()  # not fitted before the frame
    wait_started(qtbot, window)
    assert painted
    assert view.columnWidth(column) >= view.fontMetrics().horizontalAdvance(longest)
    window.view.viewport().removeEventFilter(filt)


def test_a_table_on_a_tab_not_shown_is_fitted_to_its_rows_when_it_is_shown(make_window, small, qtbot):
    window = make_window(Document(small, SMALL))
    window.show()
    qtbot.waitExposed(window)
    wait_started(qtbot, window)
    table = window.tables["unit_types"]
    assert not table.isVisible()
    view, model = table.view, table.model
    column = model.column_of("name")
    longest = max((model.index(r, column).data() or "" for r in range(model.rowCount())), key=view.fontMetrics().horizontalAdvance)
    assert view.fontMetrics().horizontalAdvance(longest) > view.horizontalHeader().defaultSectionSize()  # so the fit shows
    assert view.columnWidth(column) == view.horizontalHeader().defaultSectionSize()  # not fitted while hidden
    window._reveal(table)
    qtbot.waitUntil(table.isVisible)
    assert view.columnWidth(column) >= view.fontMetrics().horizontalAdvance(longest)


class _PaintSpy(QObject):
    """An event filter noting the map's paints (installed after the validator's, so it sees them first)."""

    def __init__(self, painted: list):
        super().__init__()
        self.painted = painted

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt API
        if event.type() == QEvent.Type.Paint:
            self.painted.append(watched)
        return False


SCENARIO_1942 = Path(__file__).resolve().parents[2] / "scenarios" / "kharkov-1942.yaml"


def test_a_clean_document_is_checked_without_writing_it_out_as_yaml(monkeypatch):
    from editor import validation
    from kharkovsuite.scenario import load_scenario

    def no_round_trip(_s):
        raise AssertionError("a clean document was written out and parsed back")

    monkeypatch.setattr(validation, "dumps_scenario", no_round_trip)
    assert [i for i in validation.check_document(load_scenario(SCENARIO_1942)) if i.severity == "error"] == []


def test_a_document_with_a_problem_still_gets_the_line_of_its_file():
    from editor.validation import check_document
    from kharkovsuite.scenario import load_scenario

    s = load_scenario(SCENARIO_1942).model_copy(update={"rules": "no-such-system"})
    errors = [i for i in check_document(s, "k.yaml") if i.severity == "error"]
    assert [(i.path, type(i.line)) for i in errors] == [("rules", int)]


def _dock_tab(window, title: str):
    """The tab bar of the tabified docks and the index of the dock tab ``title`` (the tab a user clicks)."""
    from PySide6.QtWidgets import QTabBar

    for bar in window.findChildren(QTabBar):
        for i in range(bar.count()):
            if bar.tabText(i) == title and bar.parent() is window:
                return bar, i
    raise AssertionError(f"no dock tab {title!r}")


def test_the_tables_dock_pages_are_made_after_the_first_frame_not_before_it(make_window, small, qtbot):
    from kharkovsuite.view.firstpaint import until_first_paint

    window = make_window(Document(small, SMALL))
    assert window.table_tabs.count() == 0  # not made while the window was built: the first frame shows the order of battle
    window.show()
    assert until_first_paint(window.startup)
    assert window.table_tabs.count() == 0 and "table-pages" in window.startup.waiting()
    qtbot.waitUntil(lambda: window.startup.finished, timeout=30000)
    titles = [window.table_tabs.tabText(i) for i in range(window.table_tabs.count())]
    assert titles[:7] == ["Scenario", "Reinforcements", "Turn record", "Victory", "Terrain effects", "CRT and tables", "Map objects"]
    assert window.meta_title.text() == small.title and "terrain" in window.tables


def test_a_click_on_the_tables_dock_at_once_after_the_first_frame_finds_its_pages(make_window, small, qtbot):
    """A user quicker than the work waiting for the first frame: the click that opens the Tables dock makes its pages."""
    from PySide6.QtCore import Qt

    from kharkovsuite.view.firstpaint import until_first_paint

    window = make_window(Document(small, SMALL))
    window.show()
    assert until_first_paint(window.startup)
    assert window.table_tabs.count() == 0  # the pages still wait
    bar, i = _dock_tab(window, "Tables")
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(i).center())
    assert not window.startup.finished  # the click came first
    assert window.tables_dock.isVisible() and window.table_tabs.count() >= 7
    assert window.table_tabs.currentWidget().isVisible()  # the Scenario page, shown
    assert window.meta_id.text() == small.id
    qtbot.waitUntil(lambda: window.startup.finished, timeout=30000)
    assert window.table_tabs.count() == len(set(map(window.table_tabs.widget, range(window.table_tabs.count()))))  # made once


def test_an_edit_made_while_the_pages_wait_shows_on_them(make_window, small):
    window = make_window(Document(small, SMALL))
    assert window.table_tabs.count() == 0
    assert window.set_meta("title", "A new title")
    assert window.meta_title.text() == "A new title"  # read now: the pages are made from the document as it is
    assert window.table_tabs.count() >= 7


def test_the_order_of_battle_tabs_after_units_hold_their_titles_until_their_tables_are_made(make_window, small, qtbot):
    from kharkovsuite.view.firstpaint import until_first_paint

    window = make_window(Document(small, SMALL))
    titles = ["Units", "Unit types", "Formations", "Sides", "Untried pools", "Set-up zones"]
    assert [window.oob_tabs.tabText(i) for i in range(window.oob_tabs.count())] == titles  # the first frame's tab bar
    window.show()
    assert until_first_paint(window.startup)
    assert window.oob_tabs.widget(0) is window._tables["units"] and "unit_types" not in window._tables  # Units alone made
    qtbot.waitUntil(lambda: window.startup.finished, timeout=30000)
    assert [window.oob_tabs.tabText(i) for i in range(window.oob_tabs.count())] == titles
    assert window.oob_tabs.currentIndex() == 0  # still Units
    assert [window.oob_tabs.widget(i) for i in range(1, 6)] == [window.tables[k] for k in ("unit_types", "formations", "sides", "untried_pools", "setup_zones")]


def test_a_click_on_an_order_of_battle_tab_at_once_after_the_first_frame_shows_its_table(make_window, small, qtbot):
    from PySide6.QtCore import Qt

    from kharkovsuite.view.firstpaint import until_first_paint

    window = make_window(Document(small, SMALL))
    window.show()
    assert until_first_paint(window.startup)
    bar = window.oob_tabs.tabBar()
    i = [bar.tabText(k) for k in range(bar.count())].index("Unit types")
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(i).center())
    assert not window.startup.finished  # the click came first
    table = window._tables["unit_types"]
    assert window.oob_tabs.currentIndex() == i and window.oob_tabs.currentWidget() is table
    qtbot.waitUntil(table.isVisible)
    assert table.model.rowCount() == len(small.unit_types) > 0

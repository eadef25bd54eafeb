"""The Scenario page of the Tables dock reads as a form: no row takes the page's spare height."""
from PySide6.QtWidgets import QLabel
from tests.startwait import wait_started


def test_the_map_summary_keeps_to_its_text_on_the_scenario_page(make_window, qtbot):
    window = make_window()
    window.show()
    qtbot.waitExposed(window)
    wait_started(qtbot, window)
    window.tables_dock.raise_()
    window.table_tabs.setCurrentIndex(0)
    qtbot.wait(20)
    label: QLabel = window.meta_map
    lines = label.heightForWidth(label.width()) or label.sizeHint().height()
    assert label.height() <= lines + 2 * label.fontMetrics().lineSpacing()

"""The scenario editor: entry point ``kharkov-editor [FILE] [--screenshot PNG]``.

A file that cannot be opened is reported in a message box listing its problems (or, with
``--screenshot``, on standard error), never with a traceback.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="kharkov-editor", description="Edit Kharkov Suite scenarios: maps, orders of battle, set-ups and schedules.")
    parser.add_argument("file", nargs="?", help="a scenario file to open (default: a new, empty map)")
    parser.add_argument("--screenshot", metavar="PNG", help="render the window into this PNG once shown, then exit")
    return parser.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    from kharkovsuite.errors import report_unexpected

    try:
        return _run(args)
    except Exception as exc:  # noqa: BLE001 - a programming mistake: summarise and log, never a traceback
        print(report_unexpected(exc), file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    from PySide6.QtWidgets import QApplication

    from kharkovsuite.scenario import ScenarioError, load_scenario
    from kharkovsuite.view import offscreen_for_screenshot
    from kharkovsuite.view.firstpaint import start_objects_kept

    from .document import Document
    from .window import APP_NAME, MainWindow, show_problems

    offscreen_for_screenshot(args.screenshot)
    own_process = QApplication.instance() is None  # not a test nor a host program that made the application first
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setWindowIcon(app_icon())
    doc = None
    if args.file:
        try:
            with start_objects_kept(own_process):
                doc = Document(load_scenario(args.file), args.file)
        except ScenarioError as exc:
            if args.screenshot:
                for problem in exc.problems:
                    print(problem, file=sys.stderr)
                return 1
            show_problems(None, f"{Path(args.file).name} cannot be opened", exc)
            return 1
    with start_objects_kept(own_process):
        window = MainWindow(doc)
        window.show()
    if args.screenshot:
        return screenshot(app, window, args.screenshot)
    return app.exec()


def app_icon():
    """The editor's icon, from the suite's resources (``resources/icons``)."""
    from PySide6.QtGui import QIcon

    from kharkovsuite.resources import resources_dir

    return QIcon(str(resources_dir() / "icons" / "kharkov-editor.svg"))


def screenshot(app, window, path: str) -> int:
    """Render the window into ``path`` as first painted: what the user sees first (the work waiting for that
    frame, such as the fitting of the tables' columns and the document's first check, has not run yet)."""
    from kharkovsuite.view.firstpaint import save_screenshot, until_first_paint

    until_first_paint(window.startup)
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    if not save_screenshot(window, path):
        print(f"could not write {path}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

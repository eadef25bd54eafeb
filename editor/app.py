"""The scenario editor: entry point ``kharkov-editor``."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

DEFAULT_SCENARIO = Path(__file__).resolve().parent.parent / "scenarios" / "kharkov-1942.yaml"


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="kharkov-editor", description="Edit Kharkov Suite scenarios.")
    parser.add_argument("--scenario", default=str(DEFAULT_SCENARIO), help="scenario file (default: Kharkov 1942)")
    parser.add_argument("--load", help="a saved game to open")
    parser.add_argument("--screenshot", help="render the window into this PNG once shown, then exit")
    return parser.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    window = QMainWindow()
    window.setWindowTitle("Kharkov Suite")
    label = QLabel("The editor is being built. Meanwhile, kharkov-cli validates and inspects scenarios.")
    label.setMargin(40)
    window.setCentralWidget(label)
    window.resize(900, 600)
    window.show()
    if args.screenshot:
        app.processEvents()
        window.grab().save(args.screenshot)
        return 0
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())

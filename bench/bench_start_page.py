"""Timing of the start page: its map pictures drawn from the maps against read from the cache.

    .venv/bin/python bench/bench_start_page.py [--repeat 5]

The pictures of the three games' maps are drawn once (a MapScene each, rendered offscreen) and
then read from the cache folder; this prints, for the three pictures, the median time to draw
them (the baseline: an empty cache, as at the first start) and to read them back (every later
start), and their ratio; then the whole start page (scenarios read, pictures from the cache).
The scenario files are loaded once before any timing, as the game would have them.  Asserts no time.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from timing import median_seconds  # noqa: E402  (bench/ is the script's folder)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="kharkov-bench-"))
    os.environ["KHARKOVSUITE_CACHE_DIR"] = str(folder)  # never the user's cache
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from player.startpage import StartPage, games_of, map_thumbnail, read_scenarios

    app = QApplication.instance() or QApplication([])
    infos = read_scenarios()
    firsts = [g.scenarios[0] for g in games_of(infos) if g.scenarios and g.scenarios[0].scenario is not None]

    def pictures() -> None:
        for info in firsts:
            map_thumbnail(info)

    def empty_cache() -> None:
        shutil.rmtree(folder / "thumbnails", ignore_errors=True)

    try:
        drawn = median_seconds(pictures, args.repeat, before=empty_cache)
        pictures()
        cached = median_seconds(pictures, args.repeat)
        settings = QSettings(str(folder / "player.ini"), QSettings.Format.IniFormat)
        page = median_seconds(lambda: StartPage(settings=settings).deleteLater(), args.repeat)
        app.processEvents()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"map pictures of {len(firsts)} games, median of {args.repeat}")
    print(f"  drawn, empty cache (baseline): {drawn * 1000:8.1f} ms")
    print(f"  read from the cache:           {cached * 1000:8.1f} ms  (baseline / this: {drawn / cached:.1f})")
    print(f"start page, pictures cached:     {page * 1000:8.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

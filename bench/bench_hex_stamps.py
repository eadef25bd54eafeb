"""The marked hexes of every trace overlay painted at zooms never seen, this checkout's overlay code against another's,
alternately in one process: prints figures, asserts nothing.

    .venv/bin/python bench/bench_hex_stamps.py --against DIR [--zooms 30]

The player's window opens on Kharkov 1942 with every trace overlay on; each hex overlay is made again with the
``kharkovsuite/view/overlays.py`` of the checkout ``DIR`` (an older commit, e.g. made with ``git archive``), and the two
sets are painted, in turn (AB BA ...), into a 1300 x 850 picture at a zoom neither has seen (their pictures of the hexes
and labels made anew) and then once more at that zoom (the pictures kept: the copying alone).  In one process the
machine's load touches both alike, which whole frames in separate processes (``bench_view.py --against``) do not
steady enough for a change of a few milliseconds.  Processor ms, medians over the zooms.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("KHARKOVSUITE_CACHE_DIR", tempfile.mkdtemp(prefix="bench-stamps-cache-"))
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QRectF  # noqa: E402
from PySide6.QtGui import QImage, QPainter, QTransform  # noqa: E402
from PySide6.QtWidgets import QStyleOptionGraphicsItem  # noqa: E402

from kharkovsuite.view import overlays as this  # noqa: E402
from player.frames import window_with_every_overlay  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", required=True, metavar="DIR", help="the other checkout")
    parser.add_argument("--zooms", type=int, default=30)
    args = parser.parse_args(argv)
    source = Path(args.against).resolve() / "kharkovsuite" / "view" / "overlays.py"
    if not source.is_file():
        parser.error(f"--against {args.against}: no kharkovsuite/view/overlays.py there")
    spec = importlib.util.spec_from_file_location("kharkovsuite.view._overlays_against", source)
    other = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(other)  # its relative imports are this checkout's style and layers

    w = window_with_every_overlay()
    scene = w.scene
    items = [scene.overlay(n) for n in scene.overlay_names if isinstance(scene.overlay(n), this.HexOverlayItem)]
    sets = {"this checkout": items, Path(args.against).resolve().name: [other.HexOverlayItem(i.name, scene.geo, i.entries, i.zValue()) for i in items]}
    print(f"{len(items)} hex overlays, {sum(len(i.entries) for i in items)} marked hexes; {args.zooms} zooms never seen")
    image = QImage(1300, 850, QImage.Format.Format_ARGB32_Premultiplied)
    fit = w.view.min_zoom * 2
    centre = scene.map_rect.center()
    times: dict[tuple[str, str], list[float]] = {}
    names = list(sets)
    for r in range(args.zooms):
        z = fit * 1.6 * 1.25 ** (r % 6) * (1 + 0.002 * r)
        t = QTransform(z, 0, 0, z, 650 - centre.x() * z + 0.37, 425 - centre.y() * z + 0.71)
        option = QStyleOptionGraphicsItem()
        option.exposedRect = t.inverted()[0].mapRect(QRectF(0, 0, 1300, 850))
        for name in (names if r % 2 == 0 else names[::-1]):
            for kind in ("new zoom", "again"):
                image.fill(0)
                p = QPainter(image)
                p.setRenderHint(QPainter.RenderHint.Antialiasing)
                p.setWorldTransform(t)
                c = time.process_time()
                for item in sets[name]:
                    p.save()
                    item.paint(p, option, None)
                    p.restore()
                times.setdefault((name, kind), []).append(time.process_time() - c)
                p.end()
    w.close()
    print(f"{'':24s} {'new zoom':>9s} {'again':>9s}   (processor ms, medians)")
    for name in names:
        print(f"{name:24s} {statistics.median(times[name, 'new zoom']) * 1000:9.2f} {statistics.median(times[name, 'again']) * 1000:9.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

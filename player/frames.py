"""Frames of the player's window with every trace overlay on, to compare two checkouts pixel for pixel.

    PYTHONPATH=CHECKOUT .venv/bin/python player/frames.py shoot OUTDIR   # that checkout's frames, as PNG files
    .venv/bin/python player/frames.py compare DIR_A DIR_B              # how many pixels differ, frame by frame

``shoot`` opens the player on Kharkov 1942 (offscreen, 1440 x 900), turns every trace overlay on and
saves the map's viewport at seven zooms (the whole map, zooms never seen, zoom 1.0) and after three
pans at each, every frame at rest (the exact tiles painted, not the stretched ones).  Run it with
``PYTHONPATH`` set to each checkout (an older one made with ``git archive``, which has no such file: hence run by
path, the player imported from ``PYTHONPATH``), then ``compare``.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path


def window_with_every_overlay(width: int = 1440, height: int = 900):
    """The player's window on Kharkov 1942, shown (offscreen unless a platform was chosen), every trace overlay on."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from player.app import DEFAULT_SCENARIO, PlayerWindow

    app = QApplication.instance() or QApplication([])
    w = PlayerWindow(DEFAULT_SCENARIO)
    w.resize(width, height)
    w.show()
    for _ in range(3):
        app.processEvents()
    for name in w.trace.actions:
        w.trace.set_enabled(name, True)
    for _ in range(3):
        app.processEvents()
    return w


def shoot(out: Path) -> int:
    from PySide6.QtCore import QPointF

    out.mkdir(parents=True, exist_ok=True)
    w = window_with_every_overlay()
    view, scene = w.view, w.scene
    vp = view.viewport()
    view.fit_map()
    vp.repaint()
    fit = view.min_zoom * 2
    n = 0
    for i, zoom in enumerate([fit, fit * 1.6, fit * 2.0, fit * 2.37, 1.0, 1.33, 0.77 * 1.013]):
        view.set_zoom(zoom, QPointF(vp.width() / 2, vp.height() / 2))
        vp.repaint()
        for j, step in enumerate(((0, 0), (40, 20), (-113, 57), (7, -301))):
            view.pan(*step)
            vp.repaint()
            scene.static_layer.refine()
            scene.overlay_layer.refine()
            vp.repaint()
            vp.grab().save(str(out / f"{n:02d}-zoom{i}-pan{j}.png"))
            n += 1
    w.close()
    print(f"{n} frames in {out}")
    return 0


def compare(a: Path, b: Path) -> int:
    import numpy as np
    from PySide6.QtGui import QImage

    def pixels(path: Path) -> np.ndarray:
        image = QImage(str(path)).convertToFormat(QImage.Format.Format_ARGB32)
        data = np.frombuffer(image.constBits(), np.uint8, image.sizeInBytes()).reshape(image.height(), image.bytesPerLine() // 4, 4)
        return data[:, :image.width()].astype(int)

    total = differ = worst = frames = 0
    for path in sorted(a.glob("*.png")):
        frames += 1
        pa, pb = pixels(path), pixels(b / path.name)
        if pa.shape != pb.shape:
            print(f"{path.name}: sizes differ")
            differ += pa.shape[0] * pa.shape[1]
            continue
        apart = np.abs(pa - pb).max(axis=2)
        total += apart.size
        differ += int((apart > 0).sum())
        worst = max(worst, int(apart.max()))
        if apart.any():
            print(f"{path.name}: {int((apart > 0).sum())} pixels differ, by up to {int(apart.max())}")
    print(f"{frames} frames: {differ} of {total} pixels differ ({differ / max(total, 1):.4%}), by up to {worst}")
    return 0 if differ == 0 else 1


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "shoot":
        return shoot(Path(argv[1]))
    if len(argv) == 3 and argv[0] == "compare":
        return compare(Path(argv[1]), Path(argv[2]))
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

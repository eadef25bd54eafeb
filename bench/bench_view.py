"""How fast the map view opens and paints: prints figures, asserts nothing.

    .venv/bin/python bench/bench_view.py [--scenario FILE] [--repeat 20] [--size 1440x900] [--rounds 2] [--against paths|DIR]

Without --scenario it uses scenarios/kharkov-1942.yaml, or, while that file does not exist, a
synthetic scenario of the same size (40 x 39 hexes, ~200 counters; tests/view/synthetic.py).
Runs offscreen.  Each figure is the median of --repeat runs; the ratio is against the baseline
measured in the same run: the terrain layer alone, painted without any cache.  The zoom and pan
steps are then measured with every trace overlay of the player on against them all off, in
wall-clock and in CPU time (the steadier figure on a shared machine).  A step to a zoom never
seen shows the static layers and the overlays stretched from the nearest zoom's tiles; the
exact frame painted once the view rests there is measured on its own line.  The pans are
measured with the view at rest at zoom 1.0: back and forth over the same two strips, then
onward, each step uncovering a strip never painted, then onward with the idle turns a drag
leaves between two mouse moves run between the steps (untimed; the longest such turn on a line
of its own), in which the layers paint a margin around the view ahead of need.  A pan step
paints what the event loop would: the strips the scroll uncovered, not the whole viewport.

``--against paths`` times the overlay steps a second way in the same run, the rounds of the two
alternating (in the order AB BA AB ...): every marked hex painted as the tiles' paths (wash, hatching and outline
rasterised anew), as before the hex stamps, and prints the stamps' figures against them.

``--against DIR`` times the overlay steps of another checkout (an older commit, e.g. made with
``git archive``) against this one's: each round runs this script of both checkouts once, in fresh
processes with the same interpreter, one after the other (in the order AB BA AB ...), and the
figures are the medians of the rounds' medians, so a change is measured before and after under
the same load.

The board tables go to a cache folder of this run (KHARKOVSUITE_CACHE_DIR), not the user's.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("KHARKOVSUITE_CACHE_DIR", tempfile.mkdtemp(prefix="bench-view-cache-"))
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "view"))

from PySide6.QtCore import QEvent, QPointF  # noqa: E402
from PySide6.QtGui import QImage, QPainter, QPixmapCache  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from kharkovsuite.scenario import load_scenario  # noqa: E402
from kharkovsuite.view import MapScene  # noqa: E402
from kharkovsuite.view.overlays import HexOverlayItem  # noqa: E402
from player.app import DEFAULT_SCENARIO, PlayerWindow  # noqa: E402


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000.0


def timed(fn, repeat: int, setup=None) -> list[float]:
    out = []
    for _ in range(repeat):
        if setup is not None:
            setup()
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def timed_cpu(fn, repeat: int) -> tuple[list[float], list[float]]:
    """Wall-clock and process CPU seconds of ``repeat`` calls."""
    wall, cpu = [], []
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        fn()
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - t)
    return wall, cpu


def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def flush_updates() -> None:
    """Paint what the event loop would paint next, and only that: after a pan, the strips the scroll
    uncovered (Qt moves the rest of the viewport's pixels).  ``repaint()`` would paint the whole
    viewport, which no pan does; ``processEvents()`` would also run the timers due."""
    QApplication.sendPostedEvents(None, QEvent.Type.UpdateRequest)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", help="scenario file (default: Kharkov 1942, or a synthetic one of its size)")
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--size", default="1440x900", help="window size, WxH")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of the overlay steps, off then on (default 2)")
    parser.add_argument("--against", metavar="paths|DIR",
                        help="also time the overlay steps with the marked hexes painted as paths, alternating with the stamps; "
                             "or those of the checkout DIR, alternating with this one's")
    args = parser.parse_args(argv)
    if args.against and args.against != "paths":
        return against_checkout(args, argv if argv is not None else sys.argv[1:])
    width, height = (int(v) for v in args.size.split("x"))
    app = QApplication.instance() or QApplication([])

    path = Path(args.scenario) if args.scenario else DEFAULT_SCENARIO
    if not path.exists() and not args.scenario:
        from synthetic import write_synthetic

        path = write_synthetic(Path(tempfile.mkdtemp()) / "synthetic-40x39.yaml")
        print(f"{DEFAULT_SCENARIO.name} not found; using a synthetic 40x39 scenario")
    scenario = load_scenario(path)
    g = scenario.map.grid
    print(f"scenario: {path} ({g.columns}x{g.rows} hexes, {len(scenario.setup.placements)} counters placed)")
    print(f"window: {width}x{height}, repeat: {args.repeat}, Qt platform: {app.platformName()}")
    print()

    # -- open: load + build scene + window + first painted frame
    windows = []

    def open_window():
        w = PlayerWindow(path)
        w.resize(width, height)
        w.show()
        settle()
        w.view.viewport().repaint()
        windows.append(w)

    opens = timed(open_window, max(3, args.repeat // 4))
    for w in windows:
        w.close()
    loads = timed(lambda: load_scenario(path), max(3, args.repeat // 4))
    builds = timed(lambda: MapScene(scenario), max(3, args.repeat // 4))

    window = PlayerWindow(path)
    window.resize(width, height)
    window.show()
    settle()
    view, scene = window.view, window.scene
    vp = view.viewport()
    image = QImage(vp.size(), QImage.Format.Format_ARGB32_Premultiplied)

    def render():
        painter = QPainter(image)
        view.render(painter)
        painter.end()

    def drop_caches():
        QPixmapCache.clear()
        scene.set_layer_cache(False)
        scene.set_layer_cache(True)

    # -- baseline: the terrain layer alone, uncached
    painter_of_layers = getattr(scene, "static_layer", None)  # the item painting the static layers, when there is one
    hidden = [item for item in scene.items() if item.isVisible() and item is not scene.layers["terrain"]
              and item is not painter_of_layers and item.parentItem() is None]
    for item in hidden:
        item.setVisible(False)
    scene.set_layer_cache(False)
    baseline = timed(render, args.repeat)
    for item in hidden:
        item.setVisible(True)
    scene.set_layer_cache(True)

    # -- whole map at the default zoom (fit to the window)
    view.fit_map()
    settle()
    scene.set_layer_cache(False)
    uncached = timed(render, args.repeat)
    scene.set_layer_cache(True)
    cold = timed(render, args.repeat, setup=drop_caches)
    render()
    warm = timed(render, args.repeat)
    repaint_warm = timed(vp.repaint, args.repeat)

    # -- interaction: a wheel step of zoom (caches rebuilt at the new zoom), and a pan step
    zooms = [view.zoom * 2.0, view.zoom * 2.0 * view.ZOOM_STEP]
    i = [0]

    def zoom_step():
        i[0] += 1
        view.set_zoom(zooms[i[0] % 2], QPointF(vp.width() / 2, vp.height() / 2))
        vp.repaint()

    zoom_frames = timed(zoom_step, args.repeat)
    view.set_zoom(1.0)
    view.center_on_point(scene.map_rect.center())
    vp.repaint()
    d = [40]

    def pan_step():
        d[0] = -d[0]
        view.pan(d[0], d[0] // 2)
        flush_updates()

    pan_frames = timed(pan_step, args.repeat)

    # -- the same zoom and pan steps with every trace overlay on, against them all off.  Each
    # step is timed on the wall clock and in this process's CPU time: on a machine shared with
    # other work, the CPU time is the steadier figure.  Overlay tiles are kept per zoom, so a
    # zoom back and forth between two zooms is measured apart from zooms never seen before.
    trace = window.trace
    fit = view.min_zoom * 2
    new_zooms = iter([fit * 1.6 * view.ZOOM_STEP ** (i % 6) * (1 + 0.002 * i) for i in range(10_000)])

    def new_zoom_step():
        view.set_zoom(next(new_zooms), QPointF(vp.width() / 2, vp.height() / 2))
        vp.repaint()

    at_rest, turns, shows = [], [], []
    layers = (scene.static_layer, scene.overlay_layer)

    def refine() -> None:
        for layer in layers:
            layer.refine()

    def new_zoom_at_rest():
        """A step to a zoom never seen, untimed, then what the view does once it rests there:
        the exact tiles of the static layers and the overlays painted a few at each turn of the
        event loop (each turn timed; ``turns`` keeps the longest of the zoom's), then the frame
        that shows them (``shows``); ``at_rest``: all of it."""
        new_zoom_step()
        t, c = time.perf_counter(), time.process_time()
        longest = (0.0, 0.0)
        for layer in layers:
            if layer._refine.isActive():  # the timer's own turn: the zoom's tiles listed
                layer._refine.stop()
                t1, c1 = time.perf_counter(), time.process_time()
                layer._refine_now()
                longest = max(longest, (time.perf_counter() - t1, time.process_time() - c1), key=lambda wc: wc[1])
            while layer._building is not None:
                layer._work.stop()
                t1, c1 = time.perf_counter(), time.process_time()
                layer._build_step()
                longest = max(longest, (time.perf_counter() - t1, time.process_time() - c1), key=lambda wc: wc[1])
        t2, c2 = time.perf_counter(), time.process_time()
        vp.repaint()
        shows.append((time.perf_counter() - t2, time.process_time() - c2))
        turns.append(longest)
        at_rest.append((time.perf_counter() - t, time.process_time() - c))

    onward = [1]

    def pan_onward():
        """40 px right and 20 down (back up the other way near the map's edge)."""
        c = view.mapToScene(vp.rect().center())
        inner = scene.map_rect.adjusted(800, 800, -800, -800)
        if ((onward[0] > 0 and (c.x() > inner.right() or c.y() > inner.bottom()))
                or (onward[0] < 0 and (c.x() < inner.left() or c.y() < inner.top()))):
            onward[0] = -onward[0]
        view.pan(40 * onward[0], 20 * onward[0])
        flush_updates()

    ahead_turns: list[tuple[float, float]] = []

    def idle_turns() -> None:
        """What the event loop does between two mouse moves of a drag: the margin around the view
        painted ahead, :data:`OverlayLayer.STEP_MS` of work a turn (untimed; ``ahead_turns`` keeps
        each step's longest turn)."""
        longest = (0.0, 0.0)
        for layer in layers:
            while layer._ahead_work.isActive():
                layer._ahead_work.stop()
                t1, c1 = time.perf_counter(), time.process_time()
                layer._ahead_step()
                longest = max(longest, (time.perf_counter() - t1, time.process_time() - c1), key=lambda wc: wc[1])
        ahead_turns.append(longest)

    def pan_onward_ahead() -> tuple[list[float], list[float]]:
        wall, cpu = [], []
        ahead_turns.clear()
        for _ in range(args.repeat):
            idle_turns()
            t, c = time.perf_counter(), time.process_time()
            pan_onward()
            cpu.append(time.process_time() - c)
            wall.append(time.perf_counter() - t)
        return wall, cpu

    def rested(zoom) -> None:
        """``zoom`` shown and at rest: the overlay tiles of that zoom painted exactly."""
        view.set_zoom(zoom, QPointF(vp.width() / 2, vp.height() / 2))
        vp.repaint()
        refine()
        vp.repaint()

    def overlay_frames(on: bool) -> dict[str, tuple[list[float], list[float]]]:
        for name in trace.actions:
            trace.set_enabled(name, on)
        settle()
        out = {}
        view.fit_map()
        vp.repaint()
        for z in zooms:  # zoomed back and forth: both zooms seen before, at rest
            rested(z)
        out["zoom"] = timed_cpu(zoom_step, args.repeat)
        out["new zoom"] = timed_cpu(new_zoom_step, args.repeat)
        for kept in (at_rest, turns, shows):
            kept.clear()
        for _ in range(args.repeat):
            new_zoom_at_rest()
        out["new zoom, at rest"] = ([w for w, _ in at_rest], [c for _, c in at_rest])
        out["refine turn"] = ([w for w, _ in turns], [c for _, c in turns])
        out["refined frame"] = ([w for w, _ in shows], [c for _, c in shows])
        # Pans at zoom 1.0 with the view at rest there (the exact tiles; a pan right after a
        # zoom shows the stretched ones until the view rests): back and forth over the same
        # strips, then onward, each step uncovering a strip never painted.
        view.set_zoom(1.0)
        view.center_on_point(scene.map_rect.center())
        vp.repaint()
        refine()
        vp.repaint()
        out["pan"] = timed_cpu(pan_step, args.repeat)
        out["pan onward"] = timed_cpu(pan_onward, args.repeat)
        out["pan ahead"] = pan_onward_ahead()
        out["ahead turn"] = ([w for w, _ in ahead_turns], [c for _, c in ahead_turns])
        for layer in layers:  # nothing left over for the next measure
            layer._ahead_work.stop()
            layer._ahead = []
        return out

    def way(stamped: bool) -> None:
        """Marked hexes as stamps or as paths; every overlay tile and interim frame dropped."""
        HexOverlayItem.stamped = stamped
        scene.overlay_layer.set_cached(False)
        scene.overlay_layer.set_cached(True)

    # The trace dock opens with the first overlay and narrows the map: open it for both states.
    # Two rounds of off then on, pooled, so a drift in the machine's load touches both alike;
    # with --against, the rounds of the two ways alternate.
    trace.set_enabled(next(iter(trace.actions)), True)
    trace.set_enabled(next(iter(trace.actions)), False)
    settle()
    ways = {"stamps": True, "paths": False} if args.against else {"stamps": True}
    by_way: dict[str, list] = {name: [] for name in ways}
    for r in range(args.rounds):
        for name, stamped in (list(ways.items()) if r % 2 == 0 else list(ways.items())[::-1]):  # ABBA: neither way always first
            way(stamped)
            by_way[name].append((overlay_frames(False), overlay_frames(True)))
    way(True)
    n_overlays = len(scene.overlay_names)
    window.close()

    base = median_ms(baseline)
    rows = [
        ("open scenario to a painted window", opens, None),
        ("  of which: load and validate the YAML", loads, None),
        ("  of which: build the MapScene (all layers)", builds, None),
        ("baseline: terrain layer only, uncached, default zoom", baseline, base),
        ("full frame, default zoom, no item caches", uncached, base),
        ("full frame, default zoom, caches cold (first frame)", cold, base),
        ("full frame, default zoom, caches warm (view.render)", warm, base),
        ("full frame, default zoom, caches warm (viewport repaint)", repaint_warm, base),
        ("zoom step (x1.25 at zoom ~0.5): repaint with new caches", zoom_frames, base),
        ("pan step (40 px at zoom 1.0): the strips uncovered", pan_frames, base),
    ]
    print(f"{'measure':60s} {'median ms':>10s} {'min ms':>8s} {'vs baseline':>12s}")
    for name, samples, ref in rows:
        m = median_ms(samples)
        ratio = f"{m / ref:10.2f}x" if ref else ""
        print(f"{name:60s} {m:10.1f} {min(samples) * 1000:8.1f} {ratio:>12s}")
    steps = {
        "zoom": "zoom step, back and forth (x1.25 at zoom ~0.4)",
        "new zoom": "zoom step to a zoom not seen before (the nearest zoom's tiles stretched)",
        "new zoom, at rest": "  then at rest there: the exact frame, REFINE_MS later",
        "refine turn": "    of which: the longest turn of the event loop painting its exact tiles",
        "refined frame": "    of which: the frame that shows them",
        "pan": "pan step, back and forth (40 px at zoom 1.0, at rest)",
        "pan onward": "pan step onward (40 px at zoom 1.0, a strip never painted)",
        "pan ahead": "pan step onward, the margin around the view painted in the idle turns between steps",
        "ahead turn": "    the longest idle turn painting the margin, between two steps",
    }
    for name, rounds in by_way.items():
        def pooled(state: int, key: str, rounds=rounds) -> tuple[list[float], list[float]]:
            return ([w for r in rounds for w in r[state][key][0]], [c for r in rounds for c in r[state][key][1]])

        print(f"\n{n_overlays} scene overlays with every trace overlay on, marked hexes painted as {name}; ratios: on against off;")
        print(f"medians of {args.rounds} rounds of off then on; round: the medians of each round alone (drift check)")
        print(f"{'':36s} {'wall ms':>8s} {'ratio':>7s} {'cpu ms':>8s} {'ratio':>7s}   {'cpu ms by round':s}")
        for key, title in steps.items():
            print(title)
            w_off, c_off = pooled(0, key)
            for state, label in ((0, "  overlays off"), (1, "  overlays on")):
                w, c = pooled(state, key)
                by_round = ", ".join(f"{median_ms(r[state][key][1]):.1f}" for r in rounds)
                print(f"{label:36s} {median_ms(w):8.1f} {median_ms(w) / median_ms(w_off):6.2f}x {median_ms(c):8.1f} {median_ms(c) / median_ms(c_off):6.2f}x   {by_round}")
    if len(by_way) > 1:
        print("\noverlays on, stamps against paths (cpu ms, medians of every round)")
        for key, title in steps.items():
            stamps_c = [c for r in by_way["stamps"] for c in r[1][key][1]]
            paths_c = [c for r in by_way["paths"] for c in r[1][key][1]]
            print(f"  {title:76s} {median_ms(stamps_c):7.1f} against {median_ms(paths_c):7.1f}  ({median_ms(stamps_c) / median_ms(paths_c):.2f}x)")
    print(f"\nfit zoom: {view.min_zoom * 2:.3f} px per scene unit (hex size {50 * view.min_zoom * 2:.1f} px)")
    return 0


STEPS = {
    "zoom step, back and forth (x1.25 at zoom ~0.4)": "zoom",
    "zoom step to a zoom not seen before (the nearest zoom's tiles stretched)": "new zoom",
    "  then at rest there: the exact frame, REFINE_MS later": "new zoom, at rest",
    "    of which: the longest turn of the event loop painting its exact tiles": "refine turn",
    "    of which: the frame that shows them": "refined frame",
    "pan step, back and forth (40 px at zoom 1.0, at rest)": "pan",
    "pan step onward (40 px at zoom 1.0, a strip never painted)": "pan onward",
    "pan step onward, the margin around the view painted in the idle turns between steps": "pan ahead",
    "    the longest idle turn painting the margin, between two steps": "ahead turn",
}


def overlay_figures(text: str) -> dict[tuple[str, str], tuple[float, float]]:
    """(step, "off" or "on") -> (wall ms, cpu ms), read from the first overlay table this script prints."""
    out: dict[tuple[str, str], tuple[float, float]] = {}
    step = None
    for line in text.splitlines():
        if line.rstrip() in STEPS:
            step = STEPS[line.rstrip()]
        elif step is not None and line.startswith(("  overlays off", "  overlays on")):
            words = line.split()
            out.setdefault((step, words[1]), (float(words[2]), float(words[4])))
    return out


def against_checkout(args, argv: list[str]) -> int:
    """The overlay steps of this checkout and of ``args.against``, a round of each at a time (AB BA ...)."""
    import subprocess

    other = Path(args.against).resolve()
    if not (other / "bench" / "bench_view.py").is_file():
        raise SystemExit(f"--against {args.against}: no bench/bench_view.py there")
    rest: list[str] = []
    skip = False
    for i, word in enumerate(argv):  # the arguments but --against and --rounds
        if skip:
            skip = False
        elif word in ("--against", "--rounds"):
            skip = True
        elif not word.startswith(("--against=", "--rounds=")):
            rest.append(word)
    trees = {"this checkout": ROOT, other.name: other}
    rounds: dict[str, list[dict]] = {name: [] for name in trees}
    for r in range(args.rounds):
        for name, tree in (list(trees.items()) if r % 2 == 0 else list(trees.items())[::-1]):
            env = dict(os.environ, PYTHONPATH=str(tree))
            env.pop("KHARKOVSUITE_CACHE_DIR", None)  # each run a cache folder of its own
            done = subprocess.run([sys.executable, str(tree / "bench" / "bench_view.py"), *rest, "--rounds", "1"], cwd=tree, env=env,
                                  capture_output=True, text=True, check=True)
            rounds[name].append(overlay_figures(done.stdout))
            print(f"round {r + 1}: {name} done", flush=True)
    print(f"\noverlay steps, every trace overlay on against all off; medians of {args.rounds} rounds' medians of {args.repeat} steps each")
    print(f"{'':58s} {'off':>7s} {'on':>7s} {'ratio':>6s}   (processor ms; wall-clock ms in brackets)")
    for title, key in STEPS.items():
        print(title.strip())
        for name in trees:
            if any((key, "off") not in r for r in rounds[name]):  # a step the other checkout does not measure
                print(f"  {name:56s} {'not measured':>15s}")
                continue
            fig = {}
            for state in ("off", "on"):
                fig[state] = tuple(statistics.median(r[(key, state)][k] for r in rounds[name]) for k in (0, 1))
            (w_off, c_off), (w_on, c_on) = fig["off"], fig["on"]
            print(f"  {name:56s} {c_off:7.1f} {c_on:7.1f} {c_on / c_off:5.2f}x   ({w_off:.1f} / {w_on:.1f}, {w_on / w_off:.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

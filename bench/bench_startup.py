"""How long the player and the editor take from start to a painted window: prints figures,
asserts nothing.

    .venv/bin/python bench/bench_startup.py [--repeat 5] [--scenario FILE] [--only player,editor] [--against DIR]

Each run is a fresh process started from the shell's point of view: the interpreter starts, the
program opens the scenario, shows its window, grabs it into a PNG once it is painted
(``--screenshot``) and exits.  The baseline, measured in the same run the same way, is a bare
PySide6 window doing the same: import Qt, show a QMainWindow, grab it, save the PNG.

The board tables of a scenario are cached on disk (kharkovsuite.tablecache): "cold" runs start
from an empty cache folder every time, "warm" runs from one that the first warm run filled.  The
runs use folders of their own under a temporary folder, never the user's cache.  Runs of the
different kinds are interleaved, so a change in the machine's load touches them alike.
Figures are medians of --repeat runs of the wall-clock time and of the process's CPU time (the
steadier figure on a machine shared with other work); ratios are against the bare window's.

``--against DIR`` times the programs of another checkout too (an older commit, e.g. made with ``git worktree add``),
in the same runs and with the same interpreter, so a change is measured before and after under the same load: its
rows say "(DIR's name)", and its bytecode and cache folders are its own.

Every run reads Python's compiled bytecode, as an installed program does: the untimed first run
writes it into a folder of this run (PYTHONPYCACHEPREFIX), also where the environment forbids
writing bytecode (PYTHONDONTWRITEBYTECODE), so no timed run compiles modules from source.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SCENARIO = ROOT / "scenarios" / "kharkov-1942.yaml"
CACHE_ENV = "KHARKOVSUITE_CACHE_DIR"  # kharkovsuite.tablecache.ENV, not imported: this script stays light

BARE = """
import sys
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv[:1])
w = QMainWindow()
w.resize(1280, 800)
w.show()
for _ in range(3):
    app.processEvents()
sys.exit(0 if w.grab().save(sys.argv[1], "PNG", 80) else 1)  # as the programs' --screenshot (firstpaint.SCREENSHOT_PNG_QUALITY)
"""


def run(cmd: list[str], env: dict[str, str], cwd: Path = ROOT) -> tuple[float, float]:
    """Wall-clock seconds and CPU seconds (user and system, all threads) of one run."""
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = proc.stderr.read().decode(errors="replace")
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - t
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}):\n{err[-2000:]}")
    return elapsed, usage.ru_utime + usage.ru_stime


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--scenario", default=str(DEFAULT_SCENARIO))
    parser.add_argument("--only", default="player,editor", help="which programs, comma separated (player, editor)")
    parser.add_argument("--against", metavar="DIR", help="also time the programs of this other checkout, in the same runs")
    args = parser.parse_args(argv)
    programs = [p.strip() for p in args.only.split(",") if p.strip()]
    unknown = set(programs) - {"player", "editor"}
    if unknown:
        parser.error(f"--only: unknown program(s) {', '.join(sorted(unknown))}; use player, editor")
    trees = [(ROOT, "")]
    if args.against:
        other = Path(args.against).resolve()
        if not (other / "player" / "app.py").is_file() or not (other / "editor" / "app.py").is_file():
            parser.error(f"--against {args.against}: not a checkout of the suite (no player/app.py and editor/app.py there)")
        trees.append((other, f" ({other.name})"))

    work = Path(tempfile.mkdtemp(prefix="bench-startup-"))
    base_env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPYCACHEPREFIX=str(work / "bytecode"))
    base_env.pop("PYTHONDONTWRITEBYTECODE", None)
    png = str(work / "shot.png")
    py = sys.executable
    commands: dict[str, tuple[list[str], Path, dict[str, str]]] = {"bare PySide6 window": ([py, "-c", BARE, png], ROOT, base_env)}
    for tree, tag in trees:
        env = dict(base_env, PYTHONPATH=str(tree), PYTHONPYCACHEPREFIX=str(work / f"bytecode{len(commands)}")) if tag else base_env
        if "player" in programs:
            commands[f"player{tag}"] = ([py, "-m", "player.app", "--scenario", args.scenario, "--seed", "1", "--screenshot", png], tree, env)
        if "editor" in programs:
            commands[f"editor{tag}"] = ([py, "-m", "editor.app", args.scenario, "--screenshot", png], tree, env)

    times: dict[str, list[tuple[float, float]]] = {}
    try:
        for k, (name, (cmd, tree, env)) in enumerate(commands.items()):  # once untimed: the operating system's file cache
            run(cmd, dict(env, **{CACHE_ENV: str(work / f"warm-cache-{k}")}), tree)
        for i in range(args.repeat):
            for k, (name, (cmd, tree, env)) in enumerate(commands.items()):
                if name.startswith("bare"):
                    times.setdefault(name, []).append(run(cmd, env, tree))
                    continue
                cold_dir = work / f"cold-{k}-{i}"
                times.setdefault(f"{name}, board cache cold", []).append(run(cmd, dict(env, **{CACHE_ENV: str(cold_dir)}), tree))
                shutil.rmtree(cold_dir, ignore_errors=True)
                times.setdefault(f"{name}, board cache warm", []).append(run(cmd, dict(env, **{CACHE_ENV: str(work / f"warm-cache-{k}")}), tree))
    finally:
        shutil.rmtree(work, ignore_errors=True)

    print(f"scenario: {args.scenario}; {args.repeat} runs each, interleaved; Python {sys.version.split()[0]}; {os.cpu_count()} CPUs")
    print("bytecode: compiled once, before the timed runs, into a folder of this run")
    bare = times["bare PySide6 window"]
    base_wall = statistics.median(w for w, _ in bare)
    base_cpu = statistics.median(c for _, c in bare)
    print(f"{'start to a painted window (fresh process)':52s} {'wall s':>7s} {'min':>6s} {'max':>6s} {'ratio':>7s} {'cpu s':>7s} {'ratio':>7s}")
    for name, samples in times.items():
        wall = [w for w, _ in samples]
        cpu = statistics.median(c for _, c in samples)
        m = statistics.median(wall)
        print(f"{name:52s} {m:7.2f} {min(wall):6.2f} {max(wall):6.2f} {m / base_wall:6.2f}x {cpu:7.2f} {cpu / base_cpu:6.2f}x")
    print("medians; wall: from starting the process to its exit; cpu: user and system time of the process")
    return 0


if __name__ == "__main__":
    sys.exit(main())

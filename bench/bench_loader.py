"""Timing of reading a scenario file and of writing a save.

    .venv/bin/python bench/bench_loader.py [--repeat 7] [--scenario scenarios/kharkov-1942.yaml]

Reading: the bounded loader with events from the C parser (what the program uses where
PyYAML has it) against the same loader on the pure-Python parser (the baseline, what every
file went through before), both on the full path of ``load_scenario`` (parse, line index,
validation, checks).  Writing: a save of the opening position as compact JSON with its
checksum (what ``engine.save`` writes) against the indented JSON written before (baseline),
and a whole autosave with its rotation.  Prints medians and ratios; asserts no time.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from kharkovsuite import engine  # noqa: E402
from kharkovsuite.engine import saves  # noqa: E402
from kharkovsuite.scenario import load_scenario, yamlio  # noqa: E402
from timing import median_seconds  # noqa: E402  (bench/ is the script's folder)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--scenario", default=str(ROOT / "scenarios" / "kharkov-1942.yaml"))
    args = parser.parse_args(argv)

    fast = yamlio.FastLoader
    if fast is yamlio.Loader:
        print("PyYAML has no C parser here: both rows use the pure-Python parser")
    text = Path(args.scenario).read_text(encoding="utf-8")
    c_parse = median_seconds(lambda: yamlio.load_with_lines(text), args.repeat)
    c_parser = median_seconds(lambda: load_scenario(args.scenario), args.repeat)
    yamlio.FastLoader = yamlio.Loader
    try:
        python_parse = median_seconds(lambda: yamlio.load_with_lines(text), args.repeat)
        python_parser = median_seconds(lambda: load_scenario(args.scenario), args.repeat)
    finally:
        yamlio.FastLoader = fast
    print(f"{Path(args.scenario).name}: parse with line index (load_with_lines)")
    print(f"  pure-Python parser (baseline): {python_parse * 1000:8.1f} ms")
    print(f"  C parser events:               {c_parse * 1000:8.1f} ms  (baseline / this: {python_parse / c_parse:.2f})")
    print("whole load_scenario (parse, model validation, checks)")
    print(f"  pure-Python parser (baseline): {python_parser * 1000:8.1f} ms")
    print(f"  C parser events:               {c_parser * 1000:8.1f} ms  (baseline / this: {python_parser / c_parser:.2f})")

    state = engine.new_game(args.scenario, 1)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "g.ksave"
        indented = median_seconds(lambda: path.write_text(json.dumps(saves.save_data(state), indent=1)), args.repeat)
        compact = median_seconds(lambda: saves.save(state, path), args.repeat)
        size = path.stat().st_size
        rotated = median_seconds(lambda: saves.autosave(state, path, Path(folder) / "previous.ksave"), args.repeat)
        loaded = median_seconds(lambda: engine.load(path), args.repeat)
    print(f"save of the opening position ({size / 1024:.0f} KB)")
    print(f"  indented JSON (baseline):      {indented * 1000:8.1f} ms")
    print(f"  engine.save (compact, checked):{compact * 1000:8.1f} ms  (baseline / this: {indented / compact:.2f})")
    print(f"  autosave with rotation:        {rotated * 1000:8.1f} ms")
    print(f"  engine.load (checked):         {loaded * 1000:8.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

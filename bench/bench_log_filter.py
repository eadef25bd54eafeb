"""How long a side's log takes to read at a position of a long game: prints figures, asserts nothing.

    .venv/bin/python bench/bench_log_filter.py [--actions 3000] [--repeat 15]

A random game of the Kharkov 1943 campaign (seed 3, fog of war hiding stacks) played for
--actions actions; then, for each side, the median of --repeat filterings of the game's log
for the units the side's observation hides (``known_events``, which ``state.events_for(side)``
runs for the log dock and the hand-over at every position).  "words" is the filter as it is: each
event's words worked out once (``Event.mentions``; the first call reads them, the others reuse
them).  The baseline, measured in the same run on the same log, is the search it replaced: each
field and each event's text searched for the hidden ids at every call.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import fields
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kharkovsuite.engine import events as ev  # noqa: E402
from kharkovsuite.rules.kharkov1943 import fog  # noqa: E402
from kharkovsuite.rules.kharkov1943.rules import new_game  # noqa: E402
from kharkovsuite.scenario import load_scenario  # noqa: E402
from timing import median_seconds  # noqa: E402  (bench/ is the script's folder)


def searched(log, hidden) -> list:
    """The filter before the words were kept: every field and every text searched at each call."""
    ids = frozenset(hidden)
    pattern = ev._ids_pattern(ids)
    return [e for e in log if not any(ev._names(getattr(e, f.name), ids) for f in fields(e)) and not pattern.search(e.text())]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--actions", type=int, default=3000)
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args()
    state = new_game(load_scenario(ROOT / "scenarios" / "kharkov-1943-campaign.yaml"), 3)
    rng = random.Random(3)
    while len(state.actions) < args.actions and not state.terminal:
        state.apply(rng.choice(state.legal_actions().actions()))
    print(f"The campaign, seed 3, {len(state.actions)} actions, {len(state.log)} events in the log")
    for side in ("german", "soviet"):
        hidden = fog.hidden_units(state, side)
        fresh = [ev.event_from_dict(e.to_dict()) for e in state.log]  # events whose words were never read
        t0 = time.perf_counter()
        first = ev.known_events(fresh, hidden)
        first_ms = (time.perf_counter() - t0) * 1000.0
        assert first == searched(fresh, hidden)
        base = median_seconds(lambda: searched(state.log, hidden), args.repeat) * 1000.0
        ev.known_events(state.log, hidden)  # the game's own events: their words read once
        words = median_seconds(lambda: ev.known_events(state.log, hidden), args.repeat) * 1000.0
        print(f"{side:7} {len(hidden):3} units hidden, {len(first):5} events shown: search {base:7.2f} ms, "
              f"words {words:6.2f} ms (x{base / words:.1f} faster), their first reading {first_ms:6.2f} ms")


if __name__ == "__main__":
    main()

"""The bench scripts' timer: the median of repeated calls (each script runs with ``bench/`` on its path)."""
from __future__ import annotations

import statistics
import time


def median_seconds(fn, repeat: int, before=None) -> float:
    """The median wall time of ``repeat`` calls of ``fn``, in seconds; ``before`` (untimed) runs ahead of each."""
    times = []
    for _ in range(repeat):
        if before is not None:
            before()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)

"""Fuzz the scenario loader and the game start with mutated scenario files.

Every generated file must end in one of two ways: ``kharkov-cli validate`` refuses it with
``file:line:`` problems only, or it is valid and the game starts (a new game, its legal
actions, the reach of a few units, both observations, a save and a reload).  Anything else
(an uncaught exception, a file line missing, a hang or a memory blow-up) is a failure.

    nice -n 10 python tools/fuzz_scenarios.py --files 10000 --seed 1 > fuzz.log

Files are mutations of the shipped scenario and the test scenarios: edits of the text
(truncation, control bytes, bad UTF-8, alias bombs, deep nesting, lines dropped or doubled)
and edits of the data (a value replaced by a hostile one, a key dropped or misspelt, a list
item dropped or doubled, an id swapped for another).  Each file runs in a worker process
with a time limit; the worker's peak memory is read per file.  The output gives counts,
the maximum time and memory per file and every failure with the file that caused it (kept
in ``--keep``).  :func:`mutate` is also what the property-based tests draw from.
"""
from __future__ import annotations

import argparse
import multiprocessing as mp
import random
import re
import statistics
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BASES = {
    "kharkov-1942": ROOT / "scenarios" / "kharkov-1942.yaml",
    "small": ROOT / "tests" / "data" / "small.yaml",
    "k42-basic": ROOT / "tests" / "data" / "k42-basic.yaml",
    "k42-breakdown": ROOT / "tests" / "data" / "k42-breakdown.yaml",
}
#: How often each base is mutated (the shipped scenario takes ten times longer to start).
WEIGHTS = {"kharkov-1942": 1, "small": 6, "k42-basic": 6, "k42-breakdown": 6}

HOSTILE_VALUES: list[Any] = [
    -1, 0, 1, 2, -0.5, 0.5, 1.5, 3, 7, 99, 100, 10**6, 10**12, -(10**12), 10**29, 1e300, -1e300,
    float("inf"), float("-inf"), float("nan"), "", "x", "0101", "9999", "-1", "clear", "axis", "soviet",
    None, True, False, [], {}, ["0101"], {"a": 1}, "kharkovsuite-scenario/1", "1d6", "row-col",
]


# ----------------------------------------------------------------------------- mutations


def _walk(data: Any, rng: random.Random) -> list:
    """A random path from the top down to some node (a container or a scalar)."""
    path: list = []
    node = data
    while isinstance(node, (dict, list)) and node:
        if path and rng.random() < 0.25:
            break
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        path.append(key)
        node = node[key]
    return path


def _parent(data: Any, path: list) -> Any:
    node = data
    for key in path[:-1]:
        node = node[key]
    return node


def _ids_in(data: Any) -> list[str]:
    """Short strings used in the file (ids, hexes, names): swapping them makes dangling references."""
    found: list[str] = []

    def visit(node: Any) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                if isinstance(k, str):
                    found.append(k)
                visit(v)
        elif isinstance(node, list):
            for v in node:
                visit(v)
        elif isinstance(node, str) and len(node) < 20:
            found.append(node)

    visit(data)
    return found or ["x"]


NUMBERS: list[Any] = [-1, 0, 0.5, 1.5, 2, 3, 7, 20, 99, 100, 1000, 10**6, 10**12, 10**29, -(10**6), 1e300, -0.5, 1.25, 1e-9]


def _numeric_leaves(data: Any, path: tuple = ()) -> list[tuple]:
    if isinstance(data, dict):
        return [p for k, v in data.items() for p in _numeric_leaves(v, path + (k,))]
    if isinstance(data, list):
        return [p for i, v in enumerate(data) for p in _numeric_leaves(v, path + (i,))]
    return [path] if isinstance(data, (int, float)) and not isinstance(data, bool) else []


def mutate_number(data: Any, rng: random.Random) -> Any:
    """Give one number of the file another value of the same kind (the file often stays valid)."""
    leaves = _numeric_leaves(data)
    if not leaves:
        return data
    path = list(rng.choice(leaves))
    parent = _parent(data, path)
    value = parent[path[-1]]
    parent[path[-1]] = rng.choice(NUMBERS + [-value, value * 1000, value + 1, value - 1, value / 3])
    return data


def mutate_data(data: Any, rng: random.Random) -> Any:
    """One edit of the parsed scenario (in place; returns the data)."""
    if rng.random() < 0.5:
        return mutate_number(data, rng)
    path = _walk(data, rng)
    if not path:
        return data
    parent, key = _parent(data, path), path[-1]
    kind = rng.choice(("value", "value", "value", "id", "drop", "double", "rename", "number"))
    if kind == "value":
        parent[key] = rng.choice(HOSTILE_VALUES)
    elif kind == "number":
        value = parent[key]
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            parent[key] = rng.choice((-value, value * 1000, value + 1, value - 1, -1, 0, value / 3))
        else:
            parent[key] = rng.choice(HOSTILE_VALUES)
    elif kind == "id":
        parent[key] = rng.choice(_ids_in(data))
    elif kind == "drop":
        del parent[key]
    elif kind == "double" and isinstance(parent, list):
        parent.insert(key, parent[key])
    elif kind == "rename" and isinstance(parent, dict):
        value = parent.pop(key)
        parent[rng.choice(_ids_in(data)) if rng.random() < 0.5 else f"{key}x"] = value
    return data


def _alias_bomb(rng: random.Random) -> str:
    levels = rng.randint(3, 12)
    lines = ['bomb0: &b0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, levels):
        lines.append(f"bomb{i}: &b{i} [" + ",".join([f"*b{i - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def mutate_text(text: str, rng: random.Random) -> str | bytes:
    """One edit of the file's text (the result may be bytes that are not UTF-8)."""
    kind = rng.choice(("truncate", "control", "utf8", "bomb", "deep", "drop-line", "double-line", "indent", "recursive", "bigint", "chars"))
    lines = text.splitlines(keepends=True)
    where = rng.randrange(len(lines))
    if kind == "truncate":
        return text[: rng.randrange(len(text))]
    if kind == "control":
        pos = rng.randrange(len(text))
        return text[:pos] + chr(rng.choice((0, 1, 7, 8, 11, 12, 27, 127, 0xFFFE))) + text[pos:]
    if kind == "utf8":
        raw = text.encode("utf-8")
        pos = rng.randrange(len(raw))
        return raw[:pos] + bytes([rng.choice((0x80, 0xC3, 0xFF, 0xFE))]) + raw[pos:]
    if kind == "bomb":
        return _alias_bomb(rng) + text
    if kind == "deep":
        depth = rng.choice((50, 70, 1000, 100_000))
        return text + f"deep: {'[' * depth}{']' * depth}\n"
    if kind == "drop-line":
        del lines[where]
    elif kind == "double-line":
        lines.insert(where, lines[where])
    elif kind == "indent":
        lines[where] = rng.choice((" ", "  ", "\t", "")) + lines[where].lstrip(" ")
    elif kind == "recursive":
        lines.append("loop: &loop [1, *loop]\n" if rng.random() < 0.5 else "loop: &loop {a: *loop}\n")
    elif kind == "bigint":
        lines.append(f"big: {'9' * rng.choice((31, 500, 5000, 100_000))}\n")
    elif kind == "chars":
        pos = rng.randrange(len(text))
        return text[:pos] + rng.choice(("{", "}", "[", "]", ":", "- ", "&a ", "*a", "!!python/object:os.system ", "'", '"', "\n  ")) + text[pos:]
    return "".join(lines)


def mutate(text: str, rng: random.Random, edits: int = 1) -> str | bytes:
    """``edits`` random edits of a scenario's text: data edits mostly, text edits sometimes."""
    from kharkovsuite.scenario.yamlio import dump, load_with_lines

    if rng.random() < 0.35:
        return mutate_text(text, rng)
    data = _normalise(load_with_lines(text)[0])  # the project's reading: hex ids stay strings
    for _ in range(edits):
        mutate_data(data, rng)
    return dump(data)


def _normalise(node: Any) -> Any:
    """Plain dicts, lists and scalars (the dumper wants no tuples or custom types)."""
    if isinstance(node, dict):
        return {k: _normalise(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_normalise(v) for v in node]
    return node


# ----------------------------------------------------------------------------- one file

LOCATED = re.compile(r"^.+:\d+: ")


def check_file(path: str, seed: int = 0) -> tuple[str, str]:
    """("valid", "") for a startable game, ("refused", first problem) for file:line problems,
    ("failure", what went wrong) for anything else."""
    from kharkovsuite import engine
    from kharkovsuite.cli import main as cli_main
    from kharkovsuite.scenario import ScenarioError, load_scenario

    try:
        scenario = load_scenario(path)
    except ScenarioError as exc:
        unlocated = [str(p) for p in exc.problems if not LOCATED.match(str(p))]
        if unlocated or not exc.problems:
            return "failure", f"problem without file:line: {unlocated[:1]}"
        return "refused", str(exc.problems[0])
    except BaseException as exc:  # noqa: BLE001 - what the fuzz is looking for
        return "failure", f"load: {type(exc).__name__}: {exc}\n{traceback.format_exc(limit=-4)}"
    try:
        _start(engine, scenario, seed, Path(path))
    except BaseException as exc:  # noqa: BLE001
        return "failure", f"start: {type(exc).__name__}: {str(exc)[:300]}\n{traceback.format_exc(limit=-6)}"
    if cli_main(["validate", "--quiet", path]) != 0:
        return "failure", "validate refuses a file that loads"
    return "valid", ""


#: Phases played at the start of a fuzzed game (the first movement phases come within them).
PHASES_PLAYED = 4


def _start(engine, scenario, seed: int, path: Path) -> None:
    """A new game, played through its first phases: every legal action listed, a few units' reach
    searched, both observations taken, then the phase ended."""
    state = engine.new_game(scenario, seed)
    for _ in range(PHASES_PLAYED):
        if state.is_terminal:
            break
        actions = list(state.legal_actions().actions())  # every single action built
        if not actions:
            raise AssertionError(f"no legal action in {state.phase.id}")
        side = state.to_act
        movers = [u for u, rec in state.units.items() if rec.side == side and rec.hex is not None][:5]
        for unit in movers:
            state.legal_moves([unit])
        for s in state.scenario.sides:
            state.observation(s)
        end = next((a for a in actions if isinstance(a, engine.EndPhase)), None)
        if end is None:
            break  # a decision is pending; the start has been exercised
        state.apply(end)
    save = path.with_suffix(".ksave")
    engine.save(state, save)
    again = engine.load(save, scenario=scenario)
    if again.to_dict() != state.to_dict():
        raise AssertionError("a saved new game does not load as it was")
    save.unlink()


# ----------------------------------------------------------------------------- workers


def _peak_kb() -> int:
    try:
        return int(re.search(r"VmHWM:\s+(\d+)", Path("/proc/self/status").read_text()).group(1))
    except (OSError, AttributeError):
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _reset_peak() -> None:
    try:
        Path("/proc/self/clear_refs").write_text("5")
    except OSError:
        pass  # no per-file reset here: the figure is the worker's peak so far


def _worker(conn, memory_limit: int) -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))
    while True:
        job = conn.recv()
        if job is None:
            return
        path, seed = job
        _reset_peak()
        start = time.perf_counter()
        try:
            outcome = check_file(path, seed)
        except MemoryError:
            outcome = ("failure", "MemoryError")
        conn.send((*outcome, time.perf_counter() - start, _peak_kb()))


class Worker:
    def __init__(self, memory_limit: int):
        self.memory_limit = memory_limit
        self.done = 0
        self._spawn()

    def _spawn(self) -> None:
        ctx = mp.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_worker, args=(child, self.memory_limit), daemon=True)
        self.process.start()

    def run(self, path: str, seed: int, timeout: float) -> tuple[str, str, float, int]:
        self.conn.send((path, seed))
        if self.conn.poll(timeout):
            try:
                answer = self.conn.recv()
            except (EOFError, ConnectionError):  # the worker died (a crash in an extension, the OOM killer)
                self.process.join()
                code = self.process.exitcode
                self._spawn()
                return "failure", f"the worker died (exit code {code})", 0.0, 0
            self.done += 1
            if self.done % 300 == 0:  # boards are cached per scenario: start afresh now and then
                self.stop()
                self._spawn()
            return answer
        self.process.kill()
        self.process.join()
        self._spawn()
        return "failure", f"no answer within {timeout:g} s", timeout, 0

    def stop(self) -> None:
        self.conn.send(None)
        self.process.join(5)
        if self.process.is_alive():
            self.process.kill()


def generate(index: int, seed: int, texts: dict[str, str]) -> tuple[str, str | bytes]:
    rng = random.Random(f"{seed}:{index}")
    base = rng.choices(list(WEIGHTS), weights=list(WEIGHTS.values()))[0]
    edits = rng.choice((1, 1, 1, 2, 3, 5))
    return base, mutate(texts[base], rng, edits)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds before a file counts as a hang")
    parser.add_argument("--memory", type=float, default=2.0, help="address-space limit of the worker, GB")
    parser.add_argument("--keep", default="fuzz-failures", help="folder for the files that failed")
    parser.add_argument("--progress", type=int, default=500, help="print counts every N files")
    args = parser.parse_args(argv)

    texts = {name: path.read_text(encoding="utf-8") for name, path in BASES.items()}
    worker = Worker(int(args.memory * 2**30))
    counts = {"valid": 0, "refused": 0, "failure": 0}
    times: list[float] = []
    slowest = (0.0, "")
    peak = (0, "")
    keep = Path(args.keep)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="fuzz-") as folder:
        for i in range(args.files):
            base, content = generate(i, args.seed, texts)
            path = Path(folder) / f"{base}-{args.seed}-{i}.yaml"
            path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8", "surrogatepass"))
            outcome, detail, seconds, kb = worker.run(str(path), i, args.timeout)
            counts[outcome] += 1
            times.append(seconds)
            slowest = max(slowest, (seconds, path.name))
            peak = max(peak, (kb, path.name))
            if outcome == "failure":
                keep.mkdir(parents=True, exist_ok=True)
                (keep / path.name).write_bytes(path.read_bytes())
                print(f"FAILURE {path.name}: {detail}", flush=True)
            if args.progress and (i + 1) % args.progress == 0:
                print(f"... {i + 1} files: {counts} ({time.perf_counter() - started:.0f} s)", flush=True)
    worker.stop()
    print(f"files: {args.files} (seed {args.seed})")
    print(f"valid and startable: {counts['valid']}")
    print(f"refused with file:line problems: {counts['refused']}")
    print(f"failures: {counts['failure']}")
    print(f"time per file: median {statistics.median(times):.3f} s, max {slowest[0]:.2f} s ({slowest[1]})")
    print(f"peak memory per file: max {peak[0] / 1024:.0f} MB ({peak[1]})")
    return 1 if counts["failure"] else 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())

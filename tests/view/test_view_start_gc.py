"""The garbage collector at a program's start (issue 27): paused while the window is made, then kept away from what
the start made (``gc.freeze``), so that neither the collections during the start nor the one at exit walk the modules,
the scenario, its tables and the window.  Garbage made meanwhile is still collected, and a start that is not the
program's own (a test, a host program that made the QApplication) leaves the collector alone."""
from __future__ import annotations

import gc
import os
import subprocess
import sys
import weakref
from pathlib import Path

import pytest

from kharkovsuite.view.firstpaint import start_objects_kept

ROOT = Path(__file__).resolve().parents[2]
SMALL = ROOT / "tests" / "data" / "small.yaml"


class _Thing:
    """A plain object in a reference cycle (weakly referable, so a test can see it freed)."""

    def __init__(self):
        self.me = self


def _frozen(obj) -> bool:
    """``obj`` sits in the collector's permanent generation (``gc.get_objects`` lists the three others only)."""
    return gc.is_tracked(obj) and not any(o is obj for o in gc.get_objects())


@pytest.fixture
def collector():
    """The collector as a test found it, given back afterwards (the objects frozen here thawed)."""
    enabled = gc.isenabled()
    gc.enable()
    try:
        yield
    finally:
        gc.unfreeze()
        (gc.enable if enabled else gc.disable)()


def test_the_window_is_made_with_the_collector_paused_and_what_it_made_is_then_kept_out_of_its_sight(collector):
    before = [_Thing()]  # made before, by "the imports"
    with start_objects_kept(own_process=True):
        assert not gc.isenabled()
        assert _frozen(before)  # what the imports made is frozen at once
        kept = [_Thing()]  # the window, the scenario...: alive
        garbage = weakref.ref(_Thing())  # a cycle no one holds any more
        assert garbage() is not None  # not collected while the collector waits
    assert gc.isenabled()
    assert garbage() is None  # collected before the freeze, not kept for ever
    assert _frozen(kept) and _frozen(kept[0])


def test_the_collector_comes_back_when_the_window_cannot_be_made(collector):
    with pytest.raises(RuntimeError), start_objects_kept(own_process=True):
        raise RuntimeError("the scenario cannot be opened")
    assert gc.isenabled()


def test_a_start_that_is_not_the_programs_own_leaves_the_collector_alone(collector):
    frozen = gc.get_freeze_count()
    with start_objects_kept(own_process=False):
        assert gc.isenabled()
        made = [_Thing()]
    assert gc.isenabled() and gc.get_freeze_count() == frozen and not _frozen(made)


@pytest.mark.parametrize("program, args", [
    ("player", ["--scenario", str(SMALL), "--seed", "1"]),
    ("editor", [str(SMALL)]),
])
def test_the_programs_start_so(program, args, tmp_path):
    """The player and the editor, each started as a program (in a process of its own): the collector is on again once
    the window is shown, with what the start made frozen."""
    code = (f"import gc, sys; from {program}.app import main; "
            "rc = main(sys.argv[1:]); print(rc, gc.isenabled(), gc.get_freeze_count())")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", KHARKOVSUITE_CACHE_DIR=str(tmp_path / "cache"))
    done = subprocess.run([sys.executable, "-c", code, *args, "--screenshot", str(tmp_path / "shot.png")], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    rc, enabled, frozen = done.stdout.split()
    assert (rc, enabled) == ("0", "True"), done.stderr[-2000:]
    assert int(frozen) > 10000  # the modules, classes and the window at least

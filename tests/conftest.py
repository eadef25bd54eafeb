"""Test configuration shared by the whole suite.

Qt runs offscreen so the suite passes on machines with no display (CI, fresh clones).
"""
import os
import sys
from pathlib import Path

import tempfile  # noqa: E402

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

#: The user's own folders stay untouched by the suite: the player's settings (its list of recent
#: games), autosaves, error logs and caches go to a folder of this test run, set before Qt or
#: platformdirs read them. Without this, every test that opened a save put it on the user's start page.
USER_FOLDERS = Path(tempfile.mkdtemp(prefix="kharkovsuite-tests-"))
for _var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
    os.environ[_var] = str(USER_FOLDERS / _var.lower())

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402 - after the platform is chosen
from tests.startwait import wait_started

DEFAULT_SCENARIO = ROOT / "scenarios" / "kharkov-1942.yaml"


#: Under mutation testing (docs/mutation.md) every mutant is a new test session: the board
#: tables go to one folder inside mutmut's copy ``mutants/``, built by the first session and read
#: by every later one, instead of a new empty folder (and a rebuild) per mutant.
MUTATION_TABLE_CACHE = ROOT / ".table-cache"


#: mutmut's record of each test's duration (``duration_by_test``), written by its first run.
MUTATION_STATS = ROOT / "mutmut-stats.json"


def pytest_collection_modifyitems(session, config, items):
    """Under mutation testing, run a mutant's tests fastest first (docs/mutation.md).

    mutmut stops a mutant at its first failing test, and hands the tests that reach the mutated
    function in no useful order: a mutant that a quick purpose-built test kills would otherwise
    often wait for whole games played before it.  The order changes nothing else: every test
    still runs when the mutant survives.
    """
    if not os.environ.get("MUTANT_UNDER_TEST") or not MUTATION_STATS.exists():
        return
    import json

    durations = json.loads(MUTATION_STATS.read_text(encoding="utf-8")).get("duration_by_test", {})
    slowest = max(durations.values(), default=0.0)
    items.sort(key=lambda item: durations.get(item.nodeid, slowest))


@pytest.fixture(autouse=True, scope="session")
def _table_cache_in_a_temporary_folder(tmp_path_factory):
    """Board tables cached on disk go to a folder of this run, never the user's cache."""
    from kharkovsuite.tablecache import ENV

    mutant = os.environ.get("MUTANT_UNDER_TEST", "")
    # A mutant of the code that builds the tables must build them: read from the shared folder,
    # they would be the tables of the unmutated code, and no test could tell the mutant apart.
    shared = mutant and not any(part in mutant for part in (".board.", ".victory.x_kharkov_roads", ".victory.x__shortest_kharkov_roads"))
    folder = MUTATION_TABLE_CACHE if shared else tmp_path_factory.mktemp("table-cache")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(ENV, str(folder))
        yield


@pytest.fixture
def player_window(qtbot):
    """A game window on the default scenario, seed 1, one person at the screen, no autosave."""
    from player.app import PlayerWindow

    w = PlayerWindow(DEFAULT_SCENARIO, seed=1, handover=False, autosave=None, interactive=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    wait_started(qtbot, w)
    return w


def pytest_unconfigure(config):
    """The run's own user folders go when the run ends."""
    import shutil

    shutil.rmtree(USER_FOLDERS, ignore_errors=True)

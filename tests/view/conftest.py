"""Fixtures of the map view tests: the small scenario, and a synthetic one at Kharkov scale."""
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from synthetic import write_synthetic  # noqa: E402

from kharkovsuite.scenario import load_scenario  # noqa: E402

DATA = HERE.parent / "data"
SMALL = DATA / "small.yaml"


@pytest.fixture(scope="session")
def small_scenario():
    return load_scenario(SMALL)


@pytest.fixture(scope="session")
def synthetic_path(tmp_path_factory):
    return write_synthetic(tmp_path_factory.mktemp("synthetic") / "synthetic-40x39.yaml")


@pytest.fixture(scope="session")
def synthetic_scenario(synthetic_path):
    return load_scenario(synthetic_path)


@pytest.fixture
def small_scene(qapp, small_scenario):
    from kharkovsuite.view import MapScene, counter_views_from_scenario

    scene = MapScene(small_scenario)
    scene.set_counters(counter_views_from_scenario(small_scenario))
    return scene


def shown_view(qtbot, scene, width: int = 800, height: int = 600):
    """A map view of ``scene``, shown and exposed."""
    from kharkovsuite.view import MapView

    view = MapView(scene)
    view.resize(width, height)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    return view


@pytest.fixture
def show_view(qtbot):
    """Makes shown map views: ``show_view(scene)``."""
    return lambda scene, width=800, height=600: shown_view(qtbot, scene, width, height)


@pytest.fixture
def small_view(show_view, small_scene):
    return show_view(small_scene)

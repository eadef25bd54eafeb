"""The shared Qt map view of the player and the editor: the one Qt package of the core.

- :class:`MapScene` — the map of a scenario as a QGraphicsScene: static layers, counters,
  overlays from the engine, highlights.
- :class:`MapView` — zoom, pan, hover, clicks, counter drags and keyboard use on a MapScene.
- :class:`Minimap`, :class:`StackInspector`, :class:`Legend` — widgets that follow a view/scene.
- :class:`TraceOverlays`, :func:`render_png` — the supply, command, rail, roads and front overlays.
- :class:`CounterView`, :class:`CounterPainter`, :func:`counter_views_from_scenario` — counters
  as plain descriptions and their painting.
"""
from .qtfix import guard as _guard_none_refcount

_guard_none_refcount()  # before any painting; see qtfix

from .counters import CounterColors, CounterPainter, CounterView, counter_views_from_scenario
from .inspector import StackInspector, describe_location
from .legend import Legend
from .mapview import MapView
from .minimap import Minimap
from .scene import LAYERS, MapScene
from .style import OKABE_ITO, OVERLAY_ALIASES, OVERLAY_STYLES, OverlayStyle
from .traceoverlays import TraceOverlays, render_png


def offscreen_for_screenshot(screenshot: object) -> None:
    """``--screenshot`` renders without a display: unless the user chose a Qt platform, use the
    offscreen one.  Call it before the QApplication is made."""
    import os

    if screenshot and not os.environ.get("QT_QPA_PLATFORM"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"

__all__ = [
    "LAYERS",
    "OKABE_ITO",
    "OVERLAY_ALIASES",
    "OVERLAY_STYLES",
    "CounterColors",
    "CounterPainter",
    "CounterView",
    "Legend",
    "MapScene",
    "MapView",
    "Minimap",
    "OverlayStyle",
    "StackInspector",
    "TraceOverlays",
    "counter_views_from_scenario",
    "describe_location",
    "offscreen_for_screenshot",
    "render_png",
]
